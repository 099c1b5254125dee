//! What the import routes answer (camelCase JSON).

use chrono::NaiveDateTime;
use serde::Serialize;
use utoipa::ToSchema;

/// One file of a job as the import screen shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportFileView {
    pub file_id: String,
    pub name: String,
    pub byte_size: i64,
    pub format: String,
    pub state: String,
    /// 0..=100 while processing.
    pub progress: i32,
    pub error_code: Option<String>,
    pub error_message: Option<String>,
    /// Why the file was refused, precisely and translatably, where the reader knows it.
    pub error_reason: Option<ReasonView>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub dpi: Option<f64>,
    pub color_mode: Option<String>,
    pub bit_depth: Option<u8>,
    pub channels: Vec<String>,
    pub spot_channel_count: usize,
    pub layer_count: Option<u32>,
    pub design_type: Option<String>,
    /// Files with the same group become one design.
    pub group: String,
    /// The group the name rule proposes (the file's own id when it stands alone).
    pub suggested_group: String,
    pub design_number: Option<String>,
    pub colorway_name: Option<String>,
    pub design_guid: Option<String>,
    pub colorway_guid: Option<String>,
    /// A small preview for confirming merges (staff only).
    pub thumbnail: Option<String>,
    /// What reading the file noticed (an assumed colour profile, a limit reached).
    pub warnings: Vec<ReasonView>,
}

/// A reason the import screen translates: `importReasons.<code>` with `params`; `text` is the
/// English sentence for a client that does not know the code.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct ReasonView {
    pub code: String,
    pub params: std::collections::BTreeMap<String, String>,
    pub text: String,
}

impl From<imaging::Reason> for ReasonView {
    fn from(reason: imaging::Reason) -> Self {
        Self {
            code: reason.code,
            params: reason.params,
            text: reason.text,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportJobView {
    pub job_id: String,
    pub archive_id: i32,
    pub is_new_import: bool,
    pub state: String,
    /// Mean progress of the job's files, 0..=100.
    pub progress: i32,
    #[serde(with = "desen_core::time::rfc3339")]
    pub created_at: NaiveDateTime,
    #[serde(with = "desen_core::time::rfc3339")]
    pub updated_at: NaiveDateTime,
    pub files: Vec<ImportFileView>,
    /// Files refused by this request (upload), with the reason.
    pub refused: Vec<RefusedFile>,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RefusedFile {
    pub name: String,
    pub code: String,
    pub message: String,
    pub reason: Option<ReasonView>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddedDesignView {
    pub design_guid: String,
    pub design_name: String,
    pub colorways: Vec<String>,
}
