//! A wear model's images in the store: the garment (JPEG), its thumbnail, and the mask, shading
//! and displacement maps (gray PNG), all re-encoded from decoded pixels under a fresh key.

use crate::error::WearError;
use imaging::ImagingError;
use imaging::wear::{StoredWear, WearImages, WearPart, WearUploadError};
use storage::Storage;

/// At most 25 MB per uploaded image.
pub const MAX_IMAGE_BYTES: u64 = 25 << 20;

const GARMENT: &str = "garment.jpg";
const THUMB: &str = "thumb.jpg";
const MASK: &str = "mask.png";
const SHADING: &str = "shading.png";
const DISPLACEMENT: &str = "displacement.png";

/// The form field an uploaded part comes in.
pub fn field_of(part: WearPart) -> &'static str {
    match part {
        WearPart::Garment => "garment",
        WearPart::Mask => "mask",
        WearPart::Shading => "shading",
        WearPart::Displacement => "displacement",
    }
}

/// An upload refused by imaging, as the error naming its field.
pub fn refusal(refused: WearUploadError) -> WearError {
    let field = field_of(refused.part);
    match refused.error {
        ImagingError::TooLarge(what) => WearError::ImageTooLarge(field, what),
        ImagingError::Io(e) => WearError::Imaging(ImagingError::Io(e)),
        _ => WearError::ImageRefused(field),
    }
}

/// Stores a prepared model under a new key, answered with its size.
pub fn store(storage: &Storage, images: &WearImages) -> Result<(String, StoredWear), WearError> {
    let stored = images.encode()?;
    let key = format!("wear/{}", uuid::Uuid::new_v4().simple());
    storage.put(&format!("{key}/{GARMENT}"), stored.garment.clone())?;
    storage.put(&format!("{key}/{THUMB}"), stored.thumb.clone())?;
    storage.put(&format!("{key}/{MASK}"), stored.mask.clone())?;
    storage.put(&format!("{key}/{SHADING}"), stored.shading.clone())?;
    if let Some(displacement) = &stored.displacement {
        storage.put(&format!("{key}/{DISPLACEMENT}"), displacement.clone())?;
    }
    Ok((key, stored))
}

pub fn thumbnail(storage: &Storage, key: &str) -> Result<Vec<u8>, WearError> {
    storage
        .get(&format!("{key}/{THUMB}"))?
        .ok_or(WearError::NotFound)
}

/// The model's images decoded.
pub fn load(storage: &Storage, key: &str, displacement: bool) -> Result<WearImages, WearError> {
    let get = |name: &str| -> Result<Vec<u8>, WearError> {
        storage
            .get(&format!("{key}/{name}"))?
            .ok_or(WearError::NotFound)
    };
    let displacement = if displacement {
        Some(get(DISPLACEMENT)?)
    } else {
        None
    };
    Ok(WearImages::decode(
        &get(GARMENT)?,
        &get(MASK)?,
        &get(SHADING)?,
        displacement.as_deref(),
    )?)
}

/// Deletes a model's files and its renders; a failure only leaves unused files behind.
pub fn forget(storage: &Storage, key: &str) {
    for prefix in [key.to_owned(), format!("cache/{key}")] {
        if let Err(e) = storage.delete_prefix(&prefix) {
            tracing::warn!(key, error = %e, "a deleted wear model's files stay behind");
        }
    }
}
