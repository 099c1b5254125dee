//! Features for the similar-design search, made by the import workers: while a file is rendered
//! (from the finished preview pixels, kept beside the renditions), and for every colorway that
//! has none of the current version yet (added since, imported before the search existed, or
//! made by an older `vision`), which is also what `desen reindex` runs to the end.

use crate::error::ImportError;
use catalog::features::{NewFeatures, Unindexed};
use db::DbConnection;
use imaging::RgbImage;
use storage::Storage;
use vision::{FEATURES_VERSION, Features, INDEX_BUDGET, Rgb};

/// The features file written beside a colorway's renditions.
pub const FEATURES_FILE: &str = "similar.features";

/// The index features of a colorway's preview.
pub fn features_of(preview: &RgbImage) -> Features {
    vision::extract(
        Rgb {
            width: preview.width,
            height: preview.height,
            data: &preview.data,
        },
        INDEX_BUDGET,
    )
}

/// Colorways still to index of the current version (cheap to ask: two counts).
pub fn pending(conn: &mut DbConnection) -> Result<i64, ImportError> {
    let (indexed, _) = catalog::features::fingerprint(conn, i32::from(FEATURES_VERSION))?;
    Ok(catalog::service::colorway_count(conn)? - indexed)
}

/// Indexes up to `limit` colorways without current features, oldest first; answers how many.
/// Each reads the features file its import left, or else its preview; a colorway whose preview
/// is missing or unreadable gets empty features (it is then simply never found).
pub fn index_pending(
    conn: &mut DbConnection,
    storage: &Storage,
    limit: usize,
) -> Result<usize, ImportError> {
    if pending(conn)? <= 0 {
        return Ok(0);
    }
    // Only the batch is read: an archive stored before the search has every colorway to do.
    let todo = catalog::features::unindexed(conn, i32::from(FEATURES_VERSION), limit)?;
    let mut done = 0;
    for colorway in todo {
        let features = read_features(storage, &colorway);
        let saved = catalog::features::save(
            conn,
            &colorway.colorway_guid,
            &colorway.design_guid,
            NewFeatures {
                version: i32::from(FEATURES_VERSION),
                count: features.len(),
                sketches: vision::encode_sketches(&features.sketches),
                features: vision::encode(&features),
            },
        );
        match saved {
            Ok(()) => done += 1,
            // Another worker indexed it meanwhile, or the colorway went: neither is a fault.
            Err(error) => {
                tracing::debug!(%error, colorway = %colorway.colorway_guid, "not indexed")
            }
        }
    }
    Ok(done)
}

fn read_features(storage: &Storage, colorway: &Unindexed) -> Features {
    let key = &colorway.renditions_key;
    if let Ok(Some(bytes)) = storage.get(&format!("{key}/{FEATURES_FILE}"))
        && let Some(features) = vision::decode(&bytes)
    {
        return features;
    }
    let preview = storage
        .get(&format!("{key}/{}", imaging::render::names::PREVIEW))
        .ok()
        .flatten()
        .and_then(|jpeg| imaging::photo::decode_photo(&jpeg, 64 << 20).ok());
    match preview {
        Some(image) => features_of(&image),
        None => {
            tracing::warn!(colorway = %colorway.colorway_guid, "no readable preview to index");
            features_of(&RgbImage::new(0, 0))
        }
    }
}
