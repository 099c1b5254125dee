use crate::criteria::PoolCriteria;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The spec's pool save: searches (`dtos`), explicit designs (`extraGuids`), wear models.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PoolSave {
    /// The pool to replace; empty for a new pool.
    pub uniqueid: Option<String>,
    pub name: String,
    pub description: String,
    pub dtos: Vec<PoolCriteria>,
    pub extra_guids: Vec<String>,
    pub wear_guids: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolAnswer {
    pub uniqueid: String,
    pub name: String,
    pub description: String,
    pub searches: Vec<PoolCriteria>,
    pub designs: Vec<String>,
    /// The number of each explicit design, by id (for showing them).
    pub design_numbers: BTreeMap<String, String>,
    pub wear_guids: Vec<String>,
    /// Designs the pool admits now.
    pub member_count: i64,
    pub user_count: i64,
    pub updated_at: NaiveDateTime,
}
