//! What the CAD routes take and answer, in the spec's field names.

use crate::error::CadError;
use crate::model::Bundle;
use crate::settings::CadFormat;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /cad/download`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadForm {
    pub cad_id: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub design_guid: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub colorway_guid: Option<String>,
    pub wear_guid: Option<String>,
}

/// `POST /cad/download-all`: a design's colorways, or a list's.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadAllForm {
    pub cad_id: Option<String>,
    pub wear_guid: Option<String>,
    pub design_guid: Option<String>,
    pub list_id: Option<String>,
}

/// `POST /cad/export`: a design's colorways, or a list's, as `csv` or `pdf`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportForm {
    pub format: Option<String>,
    pub design_guid: Option<String>,
    pub list_id: Option<String>,
}

/// Blank fields count as absent (the spec's client sends every field).
pub fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// A wear model was asked for where only production files are made (download-all).
pub fn refuse_wear_model(wear: &Option<String>) -> Result<(), CadError> {
    match given(wear) {
        Some(_) => Err(CadError::WearModelUnavailable),
        None => Ok(()),
    }
}

/// A format as offered to the user.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct FormatAnswer {
    pub id: u8,
    pub name: CadFormat,
}

/// What the user may do with CAD files (`GET /cad/rights`): the UI shows only these buttons.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RightsAnswer {
    pub download: bool,
    /// "CAD selection": the user picks among `formats`; otherwise there is one.
    pub selection: bool,
    pub download_all: bool,
    pub export: bool,
    /// The formats the user may ask for, the default first; empty without the right.
    pub formats: Vec<FormatAnswer>,
}

/// A download-all zip and how far it is.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BundleAnswer {
    pub id: String,
    pub name: String,
    /// queued, building, ready or failed.
    pub state: String,
    pub done: i32,
    pub total: i32,
    pub bytes: i64,
    /// Why it failed, as an error code.
    pub error: Option<String>,
    /// Until when the finished zip can be fetched.
    #[serde(with = "desen_core::time::rfc3339")]
    pub expires: NaiveDateTime,
}

impl From<Bundle> for BundleAnswer {
    fn from(bundle: Bundle) -> Self {
        BundleAnswer {
            id: bundle.guid,
            name: bundle.name,
            state: bundle.state,
            done: bundle.done,
            total: bundle.total,
            bytes: bundle.bytes,
            error: bundle.error_code,
            expires: bundle.expires_at,
        }
    }
}
