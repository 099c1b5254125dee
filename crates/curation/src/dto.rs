//! What travels over HTTP.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A label's name in each language.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToSchema)]
pub struct LabelNames {
    #[schema(min_length = 1, max_length = 100, pattern = r"\S")]
    pub tr: String,
    #[schema(min_length = 1, max_length = 100, pattern = r"\S")]
    pub en: String,
    #[schema(min_length = 1, max_length = 100, pattern = r"\S")]
    pub ru: String,
}

/// `POST /admin/labels`, `PUT /admin/labels/{id}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelForm {
    pub names: LabelNames,
    #[serde(default)]
    pub group_id: Option<i32>,
    #[serde(default)]
    pub is_group_header: bool,
}

/// A label as the label screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedLabel {
    pub id: i32,
    pub names: LabelNames,
    /// The name in the admin's language.
    pub label: String,
    pub group_id: Option<i32>,
    pub is_group_header: bool,
    /// Designs carrying the label.
    pub label_count: i64,
    /// Wear models carrying the label.
    pub wear_count: i64,
}

/// `POST /admin/labels/{id}/merge`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct MergeForm {
    pub into: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MergeAnswer {
    /// The label kept.
    pub label: ManagedLabel,
    /// Designs that got the kept label from the merged one.
    pub moved: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelDeleted {
    pub deleted: bool,
    /// Designs that carried the label.
    pub design_count: i64,
}

/// `GET /admin/tags/unlabeled`.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct TaggingQuery {
    /// Only designs whose number or original file name contains this.
    pub name: Option<String>,
    /// A design to pass over (this admin only).
    pub skip: Option<String>,
}

/// `PATCH /admin/tags/unlabeled`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaggingSave {
    pub design_guid: String,
    #[serde(default)]
    #[schema(required = true, min_items = 1)]
    pub label_ids: Vec<i32>,
    #[serde(default)]
    pub name: Option<String>,
}

/// The design to label now, how far the labelling is, and labels to suggest.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TaggingAnswer {
    /// None: every design (of the name asked) has a label.
    pub design: Option<TaggedDesign>,
    pub progress: TaggingProgress,
    pub suggestions: Vec<LabelSuggestion>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaggedDesign {
    pub design_guid: String,
    /// The design number.
    pub design_name: String,
    pub original_name: String,
    pub colorway_guid: String,
    /// The large preview's URL and its pixel size.
    pub preview: String,
    pub thumbnail: String,
    pub width: i32,
    pub height: i32,
    /// The design's labels now (a design asked by id may have some).
    pub label_ids: Vec<i32>,
}

/// total: designs (of the name asked); remaining: those without a label; done: the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct TaggingProgress {
    pub done: i64,
    pub remaining: i64,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelSuggestion {
    pub label_id: i32,
    /// The share (0 to 1) of the neighbouring designs' weight that carries the label.
    pub confidence: f64,
    /// `similar`: visually similar designs; `palette`: designs sharing the palette.
    pub source: &'static str,
}

/// `PUT /admin/pins`: the whole ordered list.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PinsForm {
    pub design_guids: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pin {
    pub design_guid: String,
    pub design_name: String,
    pub original_name: String,
    pub colorway_guid: Option<String>,
    pub thumbnail: Option<String>,
    pub position: i32,
}
