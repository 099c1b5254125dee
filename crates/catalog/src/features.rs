//! The stored features of colorways for the similar-design search. The bytes are the `vision`
//! crate's; the catalog keeps them with the colorway (a row goes when its colorway goes) and
//! says what changed, so that every instance's in-process index can follow.

use crate::error::CatalogError;
use crate::model::{ColorwayFeatures, IndexedColorway};
use crate::repo;
use chrono::NaiveDateTime;
use db::DbConnection;

/// A colorway's features as the index and the geometric check read them.
#[derive(Debug, Clone)]
pub struct NewFeatures {
    pub version: i32,
    pub count: usize,
    pub sketches: Vec<u8>,
    pub features: Vec<u8>,
}

/// A colorway still without features of the current version: where its preview is.
#[derive(Debug, Clone)]
pub struct Unindexed {
    pub colorway_guid: String,
    pub design_guid: String,
    pub renditions_key: String,
}

/// Stores (or replaces) a colorway's features.
pub fn save(
    conn: &mut DbConnection,
    colorway: &str,
    design: &str,
    new: NewFeatures,
) -> Result<(), CatalogError> {
    repo::put_features(
        conn,
        &ColorwayFeatures {
            colorway_guid: colorway.to_owned(),
            design_guid: design.to_owned(),
            version: new.version,
            feature_count: i32::try_from(new.count).unwrap_or(i32::MAX),
            sketches: new.sketches,
            features: new.features,
            indexed_at: desen_core::time::now(),
        },
    )?;
    Ok(())
}

/// How many colorways have features of `version`, and when the latest were stored.
pub fn fingerprint(
    conn: &mut DbConnection,
    version: i32,
) -> Result<(i64, Option<NaiveDateTime>), CatalogError> {
    Ok(repo::features_fingerprint(conn, version)?)
}

pub fn indexed(
    conn: &mut DbConnection,
    version: i32,
) -> Result<Vec<IndexedColorway>, CatalogError> {
    Ok(repo::indexed_colorways(conn, version)?)
}

/// The sketches of `colorways`, by colorway.
pub fn sketches_of(
    conn: &mut DbConnection,
    version: i32,
    colorways: &[String],
) -> Result<Vec<(String, Vec<u8>)>, CatalogError> {
    Ok(repo::feature_sketches(conn, version, colorways)?)
}

/// The full features of `colorways`, by colorway.
pub fn features_of(
    conn: &mut DbConnection,
    version: i32,
    colorways: &[String],
) -> Result<Vec<(String, Vec<u8>)>, CatalogError> {
    Ok(repo::features_of(conn, version, colorways)?)
}

/// At most `limit` colorways without features of `version`, oldest first.
pub fn unindexed(
    conn: &mut DbConnection,
    version: i32,
    limit: usize,
) -> Result<Vec<Unindexed>, CatalogError> {
    Ok(
        repo::colorways_without_features(conn, version, limit as i64)?
            .into_iter()
            .map(|(colorway_guid, design_guid, renditions_key)| Unindexed {
                colorway_guid,
                design_guid,
                renditions_key,
            })
            .collect(),
    )
}
