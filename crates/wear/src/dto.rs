//! What the wear routes answer and take.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A label of a wear model, in the viewer's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WearLabel {
    pub id: i32,
    pub label: String,
}

/// The three names of a model (admins edit them).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WearNames {
    pub tr: String,
    pub en: String,
    pub ru: String,
}

/// A wear model (spec: guid, wearName, wearOrder, labelIds, isEnabled), with its thumbnail, its
/// labels by name and its real width; admins also get its three names and image facts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WearModelAnswer {
    pub guid: String,
    pub wear_name: String,
    pub wear_order: i32,
    pub label_ids: Vec<i32>,
    pub labels: Vec<WearLabel>,
    pub is_enabled: bool,
    pub width_cm: f64,
    /// Height in cm, from the image's proportions.
    pub height_cm: f64,
    pub thumbnail: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub names: Option<WearNames>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width_px: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height_px: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_displacement: Option<bool>,
}

/// `POST /admin/wears/set-state`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateForm {
    pub wear_guid: String,
    #[schema(pattern = "^ *(true|1|on|yes|false|0|off|no) *$")]
    pub is_enabled: String,
}

/// The colorway's repeated view: the deep-zoom plane of copies and where its copies are.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepeatView {
    /// The DZI descriptor of the plane; its tiles are beside it in `image_files/`.
    pub tiles: String,
    /// Copies across and down the plane.
    pub periods: u32,
    /// One copy's size in the plane's full-size pixels (the design's pixels).
    pub period_width: u32,
    pub period_height: u32,
    /// The shift between neighbouring copies in those pixels: down (`drop`) or right (`brick`).
    pub shift_direction: String,
    pub shift_px: i64,
    pub mirror: bool,
    /// Where the repeat does not join up (staff only; absent for customers).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub seams: Option<imaging::repeat::Seams>,
}
