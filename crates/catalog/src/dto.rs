//! What the API answers, in the spec's field names (camelCase JSON).

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
    pub source_name: String,
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

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAnswer {
    pub customer: Option<String>,
    pub amount: f64,
    pub order_type: String,
    pub ordered_at: NaiveDateTime,
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
    pub last_edit_date: NaiveDateTime,
    pub upload_date: NaiveDateTime,
    pub design_dpi: f64,
    pub color_mode: String,
    pub bit_depth: i32,
    pub closed_countries: Vec<String>,
    pub original_name: String,
    pub notes: String,
    pub design_studio: String,
    pub customer: Option<CustomerRef>,
    pub owned_extra: bool,
    pub dynamic_parameters: Vec<String>,
    pub orders: Vec<OrderAnswer>,
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
    pub upload_date: NaiveDateTime,
    pub first_colorway_guid: Option<String>,
    pub thumbnail: Option<String>,
}
