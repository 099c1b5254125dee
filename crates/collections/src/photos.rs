//! Where uploaded photos (mood images, collection covers) are kept: two JPEG renditions under a
//! fresh key, never the uploaded bytes.

use crate::error::CollectionError;
use imaging::ImagingError;
use imaging::photo::photo_renditions;
use storage::Storage;

/// At most 20 MB per upload.
pub const MAX_PHOTO_BYTES: u64 = 20 << 20;
/// At most 40 megapixels, checked from the header before decoding.
pub const MAX_PHOTO_PIXELS: u64 = 40_000_000;

/// The two renditions a photo is served as.
pub use imaging::photo::PhotoSize as Size;

/// A stored photo: its key and decoded size.
pub struct StoredPhoto {
    pub key: String,
    pub width: u32,
    pub height: u32,
}

/// Checks, decodes and re-encodes `bytes`, and stores the renditions under a new key.
pub fn store(storage: &Storage, bytes: &[u8]) -> Result<StoredPhoto, CollectionError> {
    let renditions = photo_renditions(bytes, MAX_PHOTO_PIXELS).map_err(|e| match e {
        ImagingError::UnknownFormat | ImagingError::Corrupt(_) | ImagingError::Unsupported(_) => {
            CollectionError::PhotoUnsupported
        }
        ImagingError::TooLarge(what) => CollectionError::PhotoTooLarge(what),
        other => CollectionError::Imaging(other.to_string()),
    })?;
    let key = format!("collections/{}", uuid::Uuid::new_v4().simple());
    let (width, height) = (renditions.width, renditions.height);
    for (size, bytes) in renditions.files() {
        storage.put(&format!("{key}/{}", size.file()), bytes)?;
    }
    Ok(StoredPhoto { key, width, height })
}

pub fn read(storage: &Storage, key: &str, size: Size) -> Result<Option<Vec<u8>>, CollectionError> {
    Ok(storage.get(&format!("{key}/{}", size.file()))?)
}

/// Deletes photos whose rows are gone; a failure only leaves an unused file behind.
pub fn forget(storage: &Storage, keys: &[String]) {
    for key in keys {
        // The key itself is the prefix (whole path segments): a trailing `/` would make an empty
        // segment, which the store refuses as a key.
        if let Err(e) = storage.delete_prefix(key) {
            tracing::warn!(key, error = %e, "a deleted photo's files stay behind");
        }
    }
}

/// The version part of a photo URL (`?v=`): the key's last segment.
pub fn version(key: &str) -> &str {
    key.rsplit('/').next().unwrap_or(key)
}
