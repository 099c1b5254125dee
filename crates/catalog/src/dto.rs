//! What the API answers, in the spec's field names (camelCase JSON).

use crate::error::CatalogError;
use chrono::NaiveDateTime;
use desen_core::CustomerGuid;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use web_api::flag;

/// One channel of a colorway: which screen, and the colour it prints in (the spec's
/// "colorizables").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Colorizable {
    pub channel: i32,
    pub name: String,
    pub color: String,
}

/// Where a colorway's images are. URLs carry the renditions' content key, so browsers may cache
/// them for good.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColorwayImages {
    /// Thumbnail URL per variant: `d/v`, `d/h`, `m/h`, `c/d/h`, `c/d/v`.
    pub thumbnails: std::collections::BTreeMap<String, String>,
    pub preview: String,
    pub preview_width: i32,
    pub preview_height: i32,
    /// Deep-zoom descriptor (DZI); its tiles are under `image_files/` next to it.
    pub tiles: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaletteColor {
    pub rgb: String,
    pub l: f64,
    pub a: f64,
    pub b: f64,
    pub share: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColorwayHeader {
    pub colorway_guid: String,
    pub design_guid: String,
    pub colorway_name: String,
    pub colorizables: Vec<Colorizable>,
    /// The production file's name; absent when original names are hidden from the viewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_name: Option<String>,
    pub palette: Vec<PaletteColor>,
    pub images: ColorwayImages,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelAnswer {
    pub id: i32,
    pub label: String,
    pub label_sef: String,
    pub group_id: Option<i32>,
    pub is_group_header: bool,
    /// Designs with this label the user may see (lookups for the archive screen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_count: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArchiveAnswer {
    pub archive_id: i32,
    pub archive_name: String,
    pub code: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Size {
    pub width: f64,
    pub height: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepeatAnswer {
    pub direction: String,
    pub offset: String,
    pub custom_value: Option<f64>,
    /// The shift as the header shows it: along the horizontal and the vertical.
    pub horizontal: Option<String>,
    pub vertical: Option<String>,
}

/// One order of a design. Amounts are metres of fabric.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAnswer {
    pub customer: Option<String>,
    pub amount: f64,
    /// Always `m`: orders are counted in metres of printed fabric.
    pub unit: &'static str,
    /// `sample`, `production` or `reorder`.
    pub order_type: String,
    #[serde(with = "desen_core::time::rfc3339")]
    pub ordered_at: NaiveDateTime,
}

/// Whose orders a design header lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrdersScope {
    /// Every customer's (staff).
    All,
    /// The viewer's own company's (customers).
    Own,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRef {
    pub customer_guid: String,
    pub customer_name: String,
}

/// The spec's design header, with every attribute the design page shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DesignHeader {
    pub guid: String,
    pub design_name: String,
    pub archive_id: i32,
    pub archive: String,
    pub design_type: String,
    pub colorways: Vec<ColorwayHeader>,
    pub active_colorway_guid: Option<String>,
    pub labels: Vec<LabelAnswer>,
    /// Width and height in centimetres, 2 decimals.
    pub design_size_cm: Size,
    /// Width and height in pixels.
    pub design_size: Size,
    pub mold_state: String,
    pub is_confined: bool,
    pub repeat_offset: RepeatAnswer,
    pub channel_count: i32,
    pub layer_count: i32,
    pub colorway_count: usize,
    #[serde(with = "desen_core::time::rfc3339")]
    pub last_edit_date: NaiveDateTime,
    #[serde(with = "desen_core::time::rfc3339")]
    pub upload_date: NaiveDateTime,
    pub design_dpi: f64,
    pub color_mode: String,
    pub bit_depth: i32,
    /// Absent when hidden from the viewer (see `/get/design-fields`), like the next three.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_countries: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub design_studio: Option<String>,
    pub customer: Option<CustomerRef>,
    pub owned_extra: bool,
    /// `dp0` to `dp9`: the parameters the viewer may see.
    pub dynamic_parameters: std::collections::BTreeMap<String, String>,
    pub orders: Vec<OrderAnswer>,
    pub orders_scope: OrdersScope,
}

/// A page of the staff design search.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DesignSummaryPage {
    pub items: Vec<DesignSummary>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
}

impl From<desen_core::Page<DesignSummary>> for DesignSummaryPage {
    fn from(page: desen_core::Page<DesignSummary>) -> Self {
        DesignSummaryPage {
            items: page.items,
            total_count: page.total_count,
            total_page: page.total_page,
            current_page: page.current_page,
        }
    }
}

/// A row of the staff design search.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DesignSummary {
    pub design_guid: String,
    pub design_name: String,
    pub archive_id: i32,
    pub design_type: String,
    pub original_name: String,
    pub studio: String,
    #[serde(with = "desen_core::time::rfc3339")]
    pub upload_date: NaiveDateTime,
    pub first_colorway_guid: Option<String>,
    pub thumbnail: Option<String>,
}

// ---- forms ---------------------------------------------------------------------------------------

/// The spec's design edit, parsed: what the service applies. Absent fields keep their value.
#[derive(Debug, Clone, Default)]
pub struct DesignEdit {
    pub repeat_direction: Option<String>,
    pub repeat_offset: Option<String>,
    pub repeat_offset_custom: Option<Option<f64>>,
    pub is_confined: Option<bool>,
    pub screen_status: Option<String>,
    pub original_name: Option<String>,
    pub studio: Option<String>,
    pub notes: Option<String>,
    pub customer: Option<Option<CustomerGuid>>,
    pub label_ids: Option<Vec<i32>>,
    pub closed_countries: Option<Vec<String>>,
    pub owned_extra: Option<bool>,
    pub parameters: Option<[String; 10]>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeaderForm {
    pub design_guid: String,
    pub colorway_guid: Option<String>,
    pub language: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageForm {
    pub language: Option<String>,
}

/// The spec's design edit fields. Absent fields keep their value. A custom repeat offset needs its
/// value (`repeatOffsetCustomValue`), and a confined design its customer.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct EditForm {
    #[serde(rename = "repeatOffset")]
    #[schema(pattern = "^ *(none|1/2|1/3|1/4|custom) *$")]
    pub repeat_offset: Option<String>,
    #[serde(rename = "repeatDirection")]
    #[schema(pattern = "^ *(horizontal|vertical|none) *$")]
    pub repeat_direction: Option<String>,
    /// 0 to 10,000 (`,` or `.` decimals); empty for none.
    #[serde(rename = "repeatOffsetCustomValue")]
    #[schema(pattern = "^ *([0-9]{1,4}([.,][0-9]{1,6})?|10000([.,]0{1,6})?)? *$")]
    pub repeat_offset_custom_value: Option<String>,
    #[serde(rename = "isConfined")]
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    pub is_confined: Option<String>,
    /// Engraved or not; `screenStatus` names all four states and wins when both are sent.
    #[serde(rename = "isScreenEngraved")]
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    pub is_screen_engraved: Option<String>,
    #[serde(rename = "screenStatus")]
    #[schema(pattern = "^ *(engraved|not_engraved|faded|none) *$")]
    pub screen_status: Option<String>,
    /// At most 200 characters, no control characters but line breaks and tabs.
    #[serde(rename = "originalName")]
    #[schema(max_length = 200, pattern = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f]*$")]
    pub original_name: Option<String>,
    #[schema(max_length = 200, pattern = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f]*$")]
    pub studio: Option<String>,
    #[schema(max_length = 4000, pattern = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f]*$")]
    pub notes: Option<String>,
    /// A customer company's guid; empty for none.
    #[serde(rename = "customerId")]
    #[schema(
        pattern = "^ *([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})? *$"
    )]
    pub customer_id: Option<String>,
    /// Label ids, comma-separated or a JSON array.
    #[serde(rename = "labelIDs")]
    #[schema(pattern = r#"^ *\[? *("?[0-9]{1,9}"? *(, *"?[0-9]{1,9}"? *)*)?\]? *$"#)]
    pub label_ids: Option<String>,
    /// ISO country codes, comma-separated.
    #[serde(rename = "closedCountries")]
    #[schema(pattern = "^ *([A-Za-z]{2}( *, *[A-Za-z]{2})*)? *$")]
    pub closed_countries: Option<String>,
    #[serde(rename = "ownedExtra")]
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    pub owned_extra: Option<String>,
    /// dp0..dp9 as a JSON array of ten strings, each at most 200 characters.
    #[serde(rename = "dynamicParameters")]
    #[schema(
        pattern = r#"^ *\[ *"[^"\\\x00-\x1f\x7f-\x9f]{0,200}" *(, *"[^"\\\x00-\x1f\x7f-\x9f]{0,200}" *){9}\] *$"#
    )]
    pub dynamic_parameters: Option<String>,
}

impl EditForm {
    /// The edit the form asks for; a malformed field is `invalid_form` naming it.
    pub fn parse(self) -> Result<DesignEdit, CatalogError> {
        let invalid = CatalogError::InvalidForm;
        let engraved =
            flag(self.is_screen_engraved.as_deref(), "isScreenEngraved").map_err(invalid)?;
        let screen_status = self
            .screen_status
            .or_else(|| engraved.map(|e| if e { "engraved" } else { "not_engraved" }.to_owned()));
        let custom = match self.repeat_offset_custom_value.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(None),
            Some(text) => Some(Some(
                text.replace(',', ".")
                    .parse::<f64>()
                    .map_err(|_| invalid("repeatOffsetCustomValue"))?,
            )),
        };
        let label_ids = match self.label_ids.as_deref().map(str::trim) {
            None => None,
            Some(text) => Some(parse_ids(text).ok_or(invalid("labelIDs"))?),
        };
        let parameters = match self.dynamic_parameters {
            None => None,
            Some(text) => {
                let values: Vec<String> =
                    serde_json::from_str(&text).map_err(|_| invalid("dynamicParameters"))?;
                Some(<[String; 10]>::try_from(values).map_err(|_| invalid("dynamicParameters"))?)
            }
        };
        Ok(DesignEdit {
            repeat_direction: self.repeat_direction,
            repeat_offset: self.repeat_offset,
            repeat_offset_custom: custom,
            is_confined: flag(self.is_confined.as_deref(), "isConfined").map_err(invalid)?,
            screen_status,
            original_name: self.original_name,
            studio: self.studio,
            notes: self.notes,
            customer: match self.customer_id.as_deref().map(str::trim) {
                None => None,
                Some("") => Some(None),
                // A malformed id names no customer, like an unknown one.
                Some(text) => Some(Some(
                    text.parse().map_err(|_| CatalogError::CustomerNotFound)?,
                )),
            },
            label_ids,
            closed_countries: self.closed_countries.map(|text| {
                text.split(',')
                    .map(str::to_owned)
                    .filter(|c| !c.trim().is_empty())
                    .collect()
            }),
            owned_extra: flag(self.owned_extra.as_deref(), "ownedExtra").map_err(invalid)?,
            parameters,
        })
    }
}

/// "1,2,3" or "[1,2,3]" or "" (no labels).
fn parse_ids(text: &str) -> Option<Vec<i32>> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_matches('"').parse().ok())
        .collect()
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct SearchQuery {
    pub query: Option<String>,
    pub page: Option<u32>,
    #[serde(rename = "pageSize")]
    pub page_size: Option<u32>,
}
