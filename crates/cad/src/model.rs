//! Rows as stored.

use chrono::NaiveDateTime;
use db::schema::cad_bundles;
use diesel::prelude::*;

pub use usage::CadRecord;

desen_core::text_enum!(
    /// How a colorway left the archive.
    RecordKind { Download = "download", DownloadAll = "download_all", Export = "export" }
);

desen_core::text_enum!(
    /// Where a download-all zip is.
    BundleState { Queued = "queued", Building = "building", Ready = "ready", Failed = "failed" }
);

/// A download-all zip, queued, being built or ready.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, PartialEq)]
#[diesel(table_name = cad_bundles, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Bundle {
    pub guid: String,
    pub user_guid: String,
    /// The zip's file name.
    pub name: String,
    pub format: String,
    /// JSON `[[design, colorway], ...]`.
    pub colorways: String,
    pub state: String,
    pub done: i32,
    pub total: i32,
    pub bytes: i64,
    pub error_code: Option<String>,
    pub file_key: Option<String>,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}
