//! The archive home's banner images: an uploaded photo checked, decoded and re-encoded as two
//! JPEGs (never the uploaded bytes) under `banners/{id}/`, and served to signed-in users once a
//! saved banner names it (admins also before, to preview what they are setting up). An upload no
//! save has named for a day goes at the next save.

use crate::error::ConfigurationError;
use crate::service;
use crate::settings::Defaults;
use db::DbConnection;
use imaging::ImagingError;
use imaging::photo::photo_renditions;
use serde::Serialize;
use std::collections::HashMap;
use std::time::{Duration, SystemTime};
use storage::Storage;
use utoipa::ToSchema;

/// At most 20 MB per upload.
pub const MAX_BANNER_BYTES: u64 = 20 << 20;
/// At most 40 megapixels, checked from the header before decoding.
pub const MAX_BANNER_PIXELS: u64 = 40_000_000;
/// Banners on the archive home at most.
pub const MAX_BANNERS: usize = 12;

/// The two renditions a banner is served as.
pub use imaging::photo::PhotoSize as Size;

/// An uploaded banner image.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Uploaded {
    pub id: String,
    pub width: u32,
    pub height: u32,
}

fn key(id: &str, size: Size) -> String {
    format!("banners/{id}/{}", size.file())
}

/// Deletes the images of banners no longer saved; a failure only leaves unused files behind.
pub fn forget(storage: &Storage, ids: &[&str]) {
    for id in ids.iter().filter(|id| well_formed(id)) {
        if let Err(e) = storage.delete_prefix(&format!("banners/{id}")) {
            tracing::warn!(id, error = %e, "a removed banner's images stay behind");
        }
    }
}

/// How long an uploaded image waits for a save to name it: a later save sweeps it away.
pub const UNSAVED_KEPT: Duration = Duration::from_secs(24 * 60 * 60);

/// Deletes the images uploaded at least `age` ago that no saved banner names (uploads never
/// saved); a failure only leaves unused files behind.
pub fn sweep(storage: &Storage, saved: &[&str], age: Duration) {
    let written = match storage.list_written("banners") {
        Ok(written) => written,
        Err(e) => {
            tracing::warn!(error = %e, "unsaved banner images not swept");
            return;
        }
    };
    let cutoff = SystemTime::now()
        .checked_sub(age)
        .unwrap_or(SystemTime::UNIX_EPOCH);
    // A banner's newest image says when it was uploaded.
    let mut uploaded: HashMap<&str, SystemTime> = HashMap::new();
    for (key, at) in &written {
        if let Some(id) = key.split('/').nth(1) {
            let newest = uploaded.entry(id).or_insert(*at);
            *newest = (*newest).max(*at);
        }
    }
    let unsaved: Vec<&str> = uploaded
        .into_iter()
        .filter(|(id, at)| !saved.contains(id) && *at <= cutoff)
        .map(|(id, _)| id)
        .collect();
    forget(storage, &unsaved);
}

/// Whether `id` has the shape of a banner id (32 hex digits): nothing else reaches the store.
fn well_formed(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Whether an image was uploaded under `id`.
pub fn exists(storage: &Storage, id: &str) -> Result<bool, ConfigurationError> {
    Ok(well_formed(id) && storage.exists(&key(id, Size::Large))?)
}

/// Checks, decodes and re-encodes `bytes`, and stores the renditions under a new id.
pub fn upload(storage: &Storage, bytes: &[u8]) -> Result<Uploaded, ConfigurationError> {
    let renditions = photo_renditions(bytes, MAX_BANNER_PIXELS).map_err(|e| match e {
        ImagingError::UnknownFormat | ImagingError::Corrupt(_) | ImagingError::Unsupported(_) => {
            ConfigurationError::PhotoUnsupported
        }
        ImagingError::TooLarge(what) => ConfigurationError::PhotoTooLarge(what),
        other => ConfigurationError::Imaging(other.to_string()),
    })?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    let (width, height) = (renditions.width, renditions.height);
    for (size, bytes) in renditions.files() {
        storage.put(&key(&id, size), bytes)?;
    }
    Ok(Uploaded { id, width, height })
}

/// A banner's image for a signed-in user: one of the saved banners, or for an admin any
/// uploaded one.
pub fn image(
    conn: &mut DbConnection,
    storage: &Storage,
    defaults: &Defaults,
    id: &str,
    size: Size,
    admin: bool,
) -> Result<Vec<u8>, ConfigurationError> {
    let mut shown = || -> Result<bool, ConfigurationError> {
        Ok(service::current(conn, defaults)?
            .client
            .banners
            .iter()
            .any(|b| b.id == id))
    };
    if !well_formed(id) || !(admin || shown()?) {
        return Err(ConfigurationError::BannerNotFound);
    }
    storage
        .get(&key(id, size))?
        .ok_or(ConfigurationError::BannerNotFound)
}
