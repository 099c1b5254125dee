//! What the collection routes answer and accept (camelCase JSON, as docs/API.md describes).

use chrono::NaiveDateTime;
use pools::PoolCriteria;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A collection or sub-collection as boards and the admin tree show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionNode {
    pub id: i32,
    pub parent_id: Option<i32>,
    pub name: String,
    pub description: String,
    pub is_active: bool,
    /// Shown as a banner atop the archive (collections only).
    pub is_banner: bool,
    pub position: i32,
    /// `mood`, `design` or none (a sub-collection not set yet; always none for a collection).
    pub kind: Option<String>,
    pub cover_uri: Option<String>,
    /// Visible images of a mood board, visible designs of a design page or a collection.
    pub item_count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stock_pages: Option<Vec<StockPageAnswer>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub sub_collections: Option<Vec<CollectionNode>>,
}

/// A collection's name, for the breadcrumbs of a sub-collection's page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionRef {
    pub id: i32,
    pub name: String,
}

/// A colorway tagged on a mood image.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoodTagAnswer {
    pub design_guid: String,
    pub colorway_guid: String,
    pub design_name: String,
    pub colorway_name: String,
    pub thumbnail: String,
    pub x: Option<f64>,
    pub y: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoodImageAnswer {
    pub id: i32,
    pub thumbnail_uri: String,
    pub large_image_uri: String,
    pub width: i32,
    pub height: i32,
    pub colorways: Vec<MoodTagAnswer>,
}

/// A mood sub-collection with its images (`GET /collections/get-mood-boards/{id}`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoodBoard {
    pub id: i32,
    pub name: String,
    pub description: String,
    pub collection: CollectionRef,
    pub images: Vec<MoodImageAnswer>,
}

/// A design of a group as the admin's editor shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupDesign {
    pub design_guid: String,
    pub design_name: String,
    pub colorway_guid: String,
    pub thumbnail: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupAnswer {
    pub id: i32,
    pub name: String,
    /// A smart group's saved search: its designs are what it finds, newest first.
    pub criteria: Option<PoolCriteria>,
    pub designs: Vec<GroupDesign>,
}

/// One (sub-)collection for the admin: the node, its images with every tag, its groups.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionDetail {
    #[serde(flatten)]
    pub node: CollectionNode,
    pub images: Vec<MoodImageAnswer>,
    pub groups: Vec<GroupAnswer>,
}

/// A colorway offered by the tagging autocomplete.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColorwayOption {
    pub design_guid: String,
    pub design_name: String,
    pub colorway_guid: String,
    pub colorway_name: String,
    pub thumbnail: String,
}

/// `groupData` of `modify-group`: the groups in order.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupData {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub design_guids: Vec<String>,
    /// Makes a smart group: a saved search (the pools' criteria) whose designs, newest first,
    /// are the group's, kept up to date as designs arrive; `designGuids` must then be empty.
    #[serde(default)]
    pub criteria: Option<PoolCriteria>,
}

/// A special list's name in each language: one line, not blank, at most 100 characters.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Names {
    #[schema(
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub tr: String,
    #[schema(
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub en: String,
    #[schema(
        max_length = 100,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub ru: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListedDesign {
    pub design_guid: String,
    pub design_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialListAnswer {
    pub id: i32,
    pub names: Names,
    /// `designs`, `pinned`, `ordered` or `never_ordered`.
    pub rule: String,
    pub design_count: i64,
    pub designs: Vec<ListedDesign>,
}

/// A special list as the archive's filter offers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SpecialListOption {
    pub id: i32,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SpecialListSave {
    pub id: Option<i32>,
    pub names: Names,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialListDesigns {
    pub design_guids: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockPageAnswer {
    pub slug: String,
    pub customer_guid: String,
    pub customer_name: String,
    #[serde(with = "desen_core::time::rfc3339")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockDesign {
    pub design_guid: String,
    pub design_name: String,
    pub colorway_guid: String,
    pub colorway_name: String,
    pub preview_uri: String,
}

/// A published stock page as an anonymous visitor sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockPageView {
    pub customer_name: String,
    pub name: String,
    pub description: String,
    pub designs: Vec<StockDesign>,
}
