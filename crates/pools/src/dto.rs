use crate::criteria::PoolCriteria;
use crate::error::PoolError;
use chrono::NaiveDateTime;
use desen_core::UserGuid;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The spec's pool save: searches (`dtos`), explicit designs (`extraGuids`), wear models. A pool
/// admits something: at least one search or design.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PoolSave {
    /// The pool to replace; empty for a new pool.
    pub uniqueid: Option<String>,
    #[schema(required = true, min_length = 1, pattern = r"\S")]
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
    #[serde(with = "desen_core::time::rfc3339")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolForm {
    pub bag_id: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignForm {
    /// The pool; empty to take the user's pool away.
    pub bag_id: Option<String>,
    pub user_guid: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExplainForm {
    pub user_guid: String,
    /// The design's number (or its id).
    pub design_number: String,
}

impl AssignForm {
    /// The user, and their pool (`None` takes it away). A malformed id names no user.
    pub fn parse(self) -> Result<(UserGuid, Option<String>), PoolError> {
        let user = self
            .user_guid
            .parse()
            .map_err(|_| PoolError::UserNotFound)?;
        let bag = self.bag_id.filter(|b| !b.trim().is_empty());
        Ok((user, bag))
    }
}

impl ExplainForm {
    /// The user and the design's number or id. A malformed user id names no user.
    pub fn parse(self) -> Result<(UserGuid, String), PoolError> {
        let user = self
            .user_guid
            .parse()
            .map_err(|_| PoolError::UserNotFound)?;
        Ok((user, self.design_number))
    }
}
