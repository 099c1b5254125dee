//! Rows as stored, and their states.

use chrono::NaiveDateTime;
use db::schema::{import_files, import_jobs};
use desen_core::text_enum;
use diesel::prelude::*;

text_enum!(
    /// Where an import job is. `Uploading` takes files; `Processing` has files queued or being
    /// decoded; `Processed` waits for numbering, merging and adding; `Added` made its designs;
    /// `Completed` and `Cancelled` are final.
    JobState {
        Uploading = "uploading",
        Processing = "processing",
        Processed = "processed",
        Added = "added",
        Completed = "completed",
        Cancelled = "cancelled",
    }
);

text_enum!(
    /// Where one file of a job is.
    FileState {
        Uploaded = "uploaded",
        Queued = "queued",
        Processing = "processing",
        Processed = "processed",
        Failed = "failed",
        Added = "added",
        Cancelled = "cancelled",
    }
);

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = import_jobs, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct ImportJob {
    pub id: String,
    pub archive_id: i32,
    pub is_new_import: bool,
    pub state: String,
    pub created_by: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl ImportJob {
    pub fn state(&self) -> JobState {
        JobState::parse(&self.state).unwrap_or(JobState::Cancelled)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = import_files, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct ImportFile {
    pub id: String,
    pub job_id: String,
    pub position: i32,
    pub original_name: String,
    pub byte_size: i64,
    pub content_hash: String,
    pub format: String,
    pub source_key: String,
    pub state: String,
    pub progress: i32,
    pub attempts: i32,
    pub error_code: Option<String>,
    pub error_detail: Option<String>,
    pub claimed_by: Option<String>,
    pub lease_until: Option<NaiveDateTime>,
    pub facts: Option<String>,
    pub renditions_key: Option<String>,
    pub group_key: String,
    pub design_number: Option<String>,
    pub colorway_name: Option<String>,
    pub design_guid: Option<String>,
    pub colorway_guid: Option<String>,
}

impl ImportFile {
    pub fn state(&self) -> FileState {
        FileState::parse(&self.state).unwrap_or(FileState::Failed)
    }

    pub fn facts(&self) -> Option<Facts> {
        self.facts
            .as_deref()
            .and_then(|f| serde_json::from_str(f).ok())
    }
}

/// What processing learned about a file: the decoded facts and the renditions made.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Facts {
    pub info: imaging::ImageInfo,
    pub preview_size: (u32, u32),
    pub thumbnails: std::collections::BTreeMap<String, (u32, u32)>,
    pub tile_levels: u32,
    /// Dominant colours: CIELAB, sRGB hex, area share.
    pub palette: Vec<([f64; 3], String, f64)>,
    /// The inks of the file's own colorway (hex), one per spot channel.
    pub inks: Vec<String>,
    /// Keys of the spot channels' masks at preview size.
    pub masks: Vec<String>,
    pub warnings: Vec<imaging::Reason>,
}
