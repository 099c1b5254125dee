//! Rows as stored, and the small enums stored in them as text.

use chrono::NaiveDateTime;
use db::schema::{
    archives, colorway_colors, colorway_features, colorways, design_channels, design_orders,
    design_parameters, designs, labels,
};
use desen_core::{Language, text_enum};
use diesel::prelude::*;

text_enum!(
    /// Rotary designs are printed with one screen per channel; digital designs are printed as a
    /// raster.
    DesignType { Rotary = "rotary", Digital = "digital" }
);

text_enum!(
    /// The spec's mold/screen state.
    ScreenStatus { Engraved = "engraved", NotEngraved = "not_engraved", Faded = "faded", None = "none" }
);

text_enum!(
    /// Which way the repeat is shifted.
    RepeatDirection { Horizontal = "horizontal", Vertical = "vertical", None = "none" }
);

text_enum!(
    /// The repeat's shift: a half drop / brick, a third, a quarter, a custom value, or none.
    RepeatOffset { None = "none", Half = "1/2", Third = "1/3", Quarter = "1/4", Custom = "custom" }
);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = archives, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Archive {
    pub id: i32,
    pub code: String,
    pub name_tr: String,
    pub name_en: String,
    pub name_ru: String,
    pub next_number: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = archives)]
pub struct NewArchive<'a> {
    pub code: &'a str,
    pub name_tr: &'a str,
    pub name_en: &'a str,
    pub name_ru: &'a str,
    pub next_number: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = labels, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Label {
    pub id: i32,
    pub group_id: Option<i32>,
    pub is_group_header: bool,
    pub name_tr: String,
    pub name_en: String,
    pub name_ru: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = labels)]
pub struct NewLabel<'a> {
    pub group_id: Option<i32>,
    pub is_group_header: bool,
    pub name_tr: &'a str,
    pub name_en: &'a str,
    pub name_ru: &'a str,
    pub created_at: NaiveDateTime,
}

/// A name in three languages.
pub trait Named {
    fn names(&self) -> [&str; 3];

    fn name_in(&self, language: Language) -> &str {
        let [tr, en, ru] = self.names();
        match language {
            Language::Tr => tr,
            Language::En => en,
            Language::Ru => ru,
        }
    }
}

impl Named for Archive {
    fn names(&self) -> [&str; 3] {
        [&self.name_tr, &self.name_en, &self.name_ru]
    }
}

impl Named for Label {
    fn names(&self) -> [&str; 3] {
        [&self.name_tr, &self.name_en, &self.name_ru]
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = designs, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
#[diesel(treat_none_as_null = true)]
pub struct Design {
    pub guid: String,
    pub number: String,
    pub archive_id: i32,
    pub design_type: String,
    pub screen_status: String,
    pub channel_count: i32,
    pub layer_count: i32,
    pub is_confined: bool,
    pub customer_guid: Option<String>,
    pub studio: String,
    pub notes: String,
    pub original_name: String,
    pub owned_extra: bool,
    pub width_px: i32,
    pub height_px: i32,
    pub dpi: f64,
    pub color_mode: String,
    pub bit_depth: i32,
    pub repeat_direction: String,
    pub repeat_offset: String,
    pub repeat_offset_custom: Option<f64>,
    pub closed_countries: String,
    pub uploaded_at: NaiveDateTime,
    pub edited_at: NaiveDateTime,
}

impl Design {
    /// The design's id, typed. Stored ids are UUIDs written by [`DesignGuid::new`].
    pub fn id(&self) -> Result<desen_core::DesignGuid, crate::CatalogError> {
        self.guid
            .parse()
            .map_err(|_| crate::CatalogError::Internal(format!("design id {:?}", self.guid)))
    }
}

impl Design {
    /// Size in centimetres at the design's resolution, rounded to 2 decimals.
    pub fn size_cm(&self) -> (f64, f64) {
        let dpi = if self.dpi > 0.0 { self.dpi } else { 72.0 };
        let cm = |px: i32| (f64::from(px) / dpi * 2.54 * 100.0).round() / 100.0;
        (cm(self.width_px), cm(self.height_px))
    }
}

#[derive(Debug, Clone, Default, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = design_parameters, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct DesignParameters {
    pub design_guid: String,
    pub dp0: String,
    pub dp1: String,
    pub dp2: String,
    pub dp3: String,
    pub dp4: String,
    pub dp5: String,
    pub dp6: String,
    pub dp7: String,
    pub dp8: String,
    pub dp9: String,
}

impl DesignParameters {
    pub fn values(&self) -> [&str; 10] {
        [
            &self.dp0, &self.dp1, &self.dp2, &self.dp3, &self.dp4, &self.dp5, &self.dp6, &self.dp7,
            &self.dp8, &self.dp9,
        ]
    }

    pub fn from_values(design_guid: String, values: [String; 10]) -> Self {
        let [dp0, dp1, dp2, dp3, dp4, dp5, dp6, dp7, dp8, dp9] = values;
        Self {
            design_guid,
            dp0,
            dp1,
            dp2,
            dp3,
            dp4,
            dp5,
            dp6,
            dp7,
            dp8,
            dp9,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = design_channels, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct DesignChannel {
    pub design_guid: String,
    pub position: i32,
    pub name: String,
    pub color: String,
    pub mask_key: Option<String>,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = colorways, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Colorway {
    pub guid: String,
    pub design_guid: String,
    pub name: String,
    pub position: i32,
    pub inks: String,
    pub source_key: Option<String>,
    pub source_name: String,
    pub source_hash: Option<String>,
    pub renditions_key: String,
    pub preview_width: i32,
    pub preview_height: i32,
    pub tile_levels: i32,
    pub thumbnails: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = colorway_colors, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct ColorwayColor {
    pub colorway_guid: String,
    pub position: i32,
    pub l: f64,
    pub a: f64,
    pub b: f64,
    pub rgb: String,
    pub share: f64,
    /// Stored with each entry so colour search needs no join (see migration 000004).
    pub design_guid: String,
    /// `desen_core::color::lab_bin` of (l, a, b).
    pub bin: i32,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = design_orders, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct DesignOrder {
    pub id: String,
    pub design_guid: String,
    pub customer_guid: Option<String>,
    pub amount: f64,
    pub order_type: String,
    pub ordered_at: NaiveDateTime,
}

/// A colorway's features for the similar-design search (crate `vision`), as bytes.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = colorway_features, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct ColorwayFeatures {
    pub colorway_guid: String,
    pub design_guid: String,
    pub version: i32,
    pub feature_count: i32,
    pub sketches: Vec<u8>,
    pub features: Vec<u8>,
    pub indexed_at: NaiveDateTime,
}

/// What the similar-design index reads of a stored row: no bytes.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = colorway_features, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct IndexedColorway {
    pub colorway_guid: String,
    pub design_guid: String,
    pub indexed_at: NaiveDateTime,
}
