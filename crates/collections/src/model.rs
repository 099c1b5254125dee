use chrono::NaiveDateTime;
use db::schema::{
    collections, design_groups, mood_image_colorways, mood_images, special_lists, stock_pages,
};
use diesel::prelude::*;

/// A collection (`parent_id` none) or a sub-collection.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = collections, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Collection {
    pub id: i32,
    pub parent_id: Option<i32>,
    pub name: String,
    pub description: String,
    pub is_active: bool,
    /// Shown as a banner atop the archive (collections only).
    pub is_banner: bool,
    pub kind: Option<String>,
    pub position: i32,
    pub cover_key: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = collections)]
pub struct NewCollection<'a> {
    pub parent_id: Option<i32>,
    pub name: &'a str,
    pub description: &'a str,
    pub is_active: bool,
    pub is_banner: bool,
    pub kind: Option<&'a str>,
    pub position: i32,
    pub cover_key: Option<&'a str>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// What a sub-collection shows customers; set once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Mood,
    Design,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Mood => "mood",
            Kind::Design => "design",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        match text {
            "mood" => Some(Kind::Mood),
            "design" => Some(Kind::Design),
            _ => None,
        }
    }
}

impl Collection {
    pub fn kind(&self) -> Option<Kind> {
        self.kind.as_deref().and_then(Kind::parse)
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mood_images, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct MoodImage {
    pub id: i32,
    pub collection_id: i32,
    pub position: i32,
    pub image_key: String,
    pub width: i32,
    pub height: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = mood_images)]
pub struct NewMoodImage<'a> {
    pub collection_id: i32,
    pub position: i32,
    pub image_key: &'a str,
    pub width: i32,
    pub height: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = mood_image_colorways, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct MoodTag {
    pub image_id: i32,
    pub colorway_guid: String,
    pub design_guid: String,
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub position: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = design_groups, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct DesignGroup {
    pub id: i32,
    pub collection_id: i32,
    pub name: String,
    pub position: i32,
    /// A smart group's saved search (JSON `PoolCriteria`).
    pub criteria: Option<String>,
}

/// A colorway as a card or a tag shows it: names and where its thumbnails are.
#[derive(Debug, Clone, Queryable)]
pub struct ShownColorway {
    pub design_guid: String,
    pub design_number: String,
    pub colorway_guid: String,
    pub colorway_name: String,
    pub renditions_key: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = special_lists, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct SpecialList {
    pub id: i32,
    pub name_tr: String,
    pub name_en: String,
    pub name_ru: String,
    pub rule: String,
    pub position: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = stock_pages, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct StockPage {
    pub slug: String,
    pub collection_id: i32,
    pub customer_guid: String,
    pub created_at: NaiveDateTime,
}
