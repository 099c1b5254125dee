//! Similar-design search: the archive's colorways ranked by how much of a picture (a crop, a
//! photo) or of another colorway they hold, with where in each the picture sits.
//!
//! The features are `vision`'s, made at import and stored by the catalog. Each instance keeps
//! the index in memory and brings it up to date before a search from what the catalog says
//! changed (one COUNT/MAX query when nothing did), so instances sharing a database agree.

use crate::error::SearchError;
use catalog::model::IndexedColorway;
use chrono::NaiveDateTime;
use db::DbConnection;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use vision::{FEATURES_VERSION, Features, Hit, Index, Placement, QUERY_BUDGET, Rgb};

/// The largest picture a search reads, in bytes and in decoded pixels.
pub const MAX_PICTURE_BYTES: usize = 20 * 1024 * 1024;
pub const MAX_PICTURE_PIXELS: u64 = 50_000_000;
/// How deep a similar search pages.
pub const MAX_SIMILAR_RESULTS: usize = 200;
/// Decoded features kept for the geometric check (about 120 KB each).
const CACHED_FEATURES: usize = 256;
/// Sketches read per query while the index catches up.
const SYNC_BATCH: usize = 500;

/// What to find similar designs to.
#[derive(Debug, Clone, PartialEq)]
pub enum SimilarQuery {
    /// An uploaded picture (JPEG, PNG, WebP or TIFF bytes).
    Picture(Arc<Vec<u8>>),
    /// A colorway of the archive (the design page's "similar colorways").
    Colorway(String),
}

/// A ranked colorway: `placement` is the query's outline in the colorway's features frame
/// (`frame`, the preview's pixels), when it was found there.
#[derive(Debug, Clone)]
pub struct Ranked {
    pub colorway: String,
    pub design: String,
    pub score: f32,
    pub placement: Option<Placement>,
    pub frame: (u32, u32),
}

#[derive(Default)]
struct Synced {
    index: Index<String>,
    design_of: HashMap<String, String>,
    indexed_at: HashMap<String, NaiveDateTime>,
    fingerprint: Option<(i64, Option<NaiveDateTime>)>,
}

/// Decoded features by colorway, the least recently used dropped first.
#[derive(Default)]
struct FeatureCache {
    entries: HashMap<String, (Arc<Features>, u64)>,
    clock: u64,
}

impl FeatureCache {
    fn get(&mut self, colorway: &str) -> Option<Arc<Features>> {
        self.clock += 1;
        let clock = self.clock;
        self.entries.get_mut(colorway).map(|(f, used)| {
            *used = clock;
            f.clone()
        })
    }

    fn put(&mut self, colorway: String, features: Arc<Features>) {
        if self.entries.len() >= CACHED_FEATURES {
            let mut by_use: Vec<(u64, String)> = self
                .entries
                .iter()
                .map(|(k, (_, used))| (*used, k.clone()))
                .collect();
            by_use.sort_unstable();
            for (_, key) in by_use.into_iter().take(CACHED_FEATURES / 4) {
                self.entries.remove(&key);
            }
        }
        self.clock += 1;
        self.entries.insert(colorway, (features, self.clock));
    }
}

/// The in-process similar-design index of one instance.
pub struct SimilarIndex {
    synced: RwLock<Synced>,
    cache: Mutex<FeatureCache>,
    /// The configuration's AI search switch: whether customers may search by picture.
    pub for_customers: bool,
}

impl SimilarIndex {
    pub fn new(for_customers: bool) -> SimilarIndex {
        SimilarIndex {
            synced: RwLock::new(Synced::default()),
            cache: Mutex::new(FeatureCache::default()),
            for_customers,
        }
    }

    /// Colorways in the index.
    /// Whether customers may search by picture now: the AI search switch an admin saved in the
    /// general settings, else this process's configured `for_customers`.
    pub fn open_to_customers(&self, conn: &mut DbConnection) -> Result<bool, SearchError> {
        Ok(configuration::Saved::read(conn)?
            .get(configuration::keys::AI_SEARCH)
            .unwrap_or(self.for_customers))
    }

    pub fn len(&self) -> usize {
        self.synced.read().map(|s| s.index.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Brings the index up to the stored features.
    pub fn sync(&self, conn: &mut DbConnection) -> Result<(), SearchError> {
        let version = i32::from(FEATURES_VERSION);
        let fingerprint = catalog::features::fingerprint(conn, version)?;
        if self.synced.read().map_err(poisoned)?.fingerprint == Some(fingerprint) {
            return Ok(());
        }
        let rows = catalog::features::indexed(conn, version)?;
        let (stale, gone) = {
            let synced = self.synced.read().map_err(poisoned)?;
            let stale: Vec<IndexedColorway> = rows
                .iter()
                .filter(|r| synced.indexed_at.get(&r.colorway_guid) != Some(&r.indexed_at))
                .cloned()
                .collect();
            let live: std::collections::HashSet<&str> =
                rows.iter().map(|r| r.colorway_guid.as_str()).collect();
            let gone: Vec<String> = synced
                .indexed_at
                .keys()
                .filter(|k| !live.contains(k.as_str()))
                .cloned()
                .collect();
            (stale, gone)
        };
        let mut loaded = Vec::with_capacity(stale.len());
        for chunk in stale.chunks(SYNC_BATCH) {
            let guids: Vec<String> = chunk.iter().map(|r| r.colorway_guid.clone()).collect();
            let sketches: HashMap<String, Vec<u8>> =
                catalog::features::sketches_of(conn, version, &guids)?
                    .into_iter()
                    .collect();
            for row in chunk {
                if let Some(bytes) = sketches.get(&row.colorway_guid) {
                    loaded.push((row.clone(), vision::decode_sketches(bytes)));
                }
            }
        }
        let mut synced = self.synced.write().map_err(poisoned)?;
        let mut cache = self.cache.lock().map_err(poisoned)?;
        for key in gone {
            synced.index.remove(&key);
            synced.design_of.remove(&key);
            synced.indexed_at.remove(&key);
            cache.entries.remove(&key);
        }
        for (row, sketches) in loaded {
            synced.index.insert(row.colorway_guid.clone(), &sketches);
            cache.entries.remove(&row.colorway_guid);
            synced
                .design_of
                .insert(row.colorway_guid.clone(), row.design_guid);
            synced.indexed_at.insert(row.colorway_guid, row.indexed_at);
        }
        synced.fingerprint = Some(fingerprint);
        Ok(())
    }

    /// The features of stored colorways, from the cache or the database.
    fn features(
        &self,
        conn: &mut DbConnection,
        colorways: &[String],
    ) -> Result<HashMap<String, Arc<Features>>, SearchError> {
        let mut found = HashMap::new();
        let mut missing = Vec::new();
        {
            let mut cache = self.cache.lock().map_err(poisoned)?;
            for colorway in colorways {
                match cache.get(colorway) {
                    Some(f) => {
                        found.insert(colorway.clone(), f);
                    }
                    None => missing.push(colorway.clone()),
                }
            }
        }
        if missing.is_empty() {
            return Ok(found);
        }
        let rows = catalog::features::features_of(conn, i32::from(FEATURES_VERSION), &missing)?;
        let mut cache = self.cache.lock().map_err(poisoned)?;
        for (colorway, bytes) in rows {
            if let Some(features) = vision::decode(&bytes) {
                let features = Arc::new(features);
                cache.put(colorway.clone(), features.clone());
                found.insert(colorway, features);
            }
        }
        Ok(found)
    }

    /// The query's features: a picture's (decoded within the limits), or a stored colorway's.
    /// `None` for a colorway not indexed yet.
    pub fn query_features(
        &self,
        conn: &mut DbConnection,
        query: &SimilarQuery,
    ) -> Result<Option<Arc<Features>>, SearchError> {
        match query {
            SimilarQuery::Picture(bytes) => {
                let features = picture_features(bytes)?;
                Ok(Some(Arc::new(features)))
            }
            SimilarQuery::Colorway(colorway) => Ok(self
                .features(conn, std::slice::from_ref(colorway))?
                .remove(colorway)),
        }
    }

    /// The colorways like `query`, best first, at most `limit`, among those whose design
    /// `admit` lets through (a hidden design never takes a place), without `exclude`.
    pub fn rank(
        &self,
        conn: &mut DbConnection,
        query: &Features,
        limit: usize,
        admit: impl Fn(&str) -> bool,
        exclude: Option<&str>,
    ) -> Result<Vec<Ranked>, SearchError> {
        self.sync(conn)?;
        let (shortlist, design_of) = {
            let synced = self.synced.read().map_err(poisoned)?;
            let shortlist =
                synced
                    .index
                    .shortlist(&query.sketches, limit.max(vision::SHORTLIST), |colorway| {
                        Some(colorway.as_str()) != exclude
                            && synced.design_of.get(colorway).is_some_and(|d| admit(d))
                    });
            let design_of: HashMap<String, String> = shortlist
                .iter()
                .filter_map(|(c, _)| Some((c.clone(), synced.design_of.get(c)?.clone())))
                .collect();
            (shortlist, design_of)
        };
        let checked: Vec<String> = shortlist
            .iter()
            .take(vision::SHORTLIST)
            .map(|(c, _)| c.clone())
            .collect();
        let features = self.features(conn, &checked)?;
        let hits: Vec<Hit<String>> =
            vision::rank(query, shortlist, |c| features.get(c).map(|f| (**f).clone()));
        Ok(hits
            .into_iter()
            .take(limit)
            .filter_map(|hit| {
                let frame = features
                    .get(&hit.key)
                    .map_or((0, 0), |f| (f.width, f.height));
                Some(Ranked {
                    design: design_of.get(&hit.key)?.clone(),
                    colorway: hit.key,
                    score: hit.score,
                    placement: hit.placement,
                    frame,
                })
            })
            .collect())
    }
}

fn poisoned<T>(_: T) -> SearchError {
    SearchError::Internal("the similar-design index lock was poisoned".into())
}

/// A picture's features, refusing what is not a picture or is too large.
pub fn picture_features(bytes: &[u8]) -> Result<Features, SearchError> {
    if bytes.is_empty() {
        return Err(SearchError::PictureUnusable("the picture is empty".into()));
    }
    if bytes.len() > MAX_PICTURE_BYTES {
        return Err(SearchError::PictureTooLarge);
    }
    let image = imaging::photo::decode_picture(bytes, MAX_PICTURE_PIXELS).map_err(|e| match e {
        imaging::ImagingError::TooLarge(_) => SearchError::PictureTooLarge,
        other => SearchError::PictureUnusable(other.to_string()),
    })?;
    Ok(vision::extract(
        Rgb {
            width: image.width,
            height: image.height,
            data: &image.data,
        },
        QUERY_BUDGET,
    ))
}

/// One hit of a similar search: the archive's card showing the matched colorway, plus how close
/// it is and where the picture sits in it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimilarResult {
    #[serde(flatten)]
    pub card: crate::cards::SearchResult,
    /// Higher is closer. From 8 up, the picture was found in the colorway (that many of its
    /// features agree on one placement; `match` says where); below 1, the colorway only shares
    /// features with it.
    pub score: f64,
    /// The design's original (file) name; absent when hidden from the viewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_name: Option<String>,
    /// Where the picture sits in the matched colorway (image queries that were placed).
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub found_at: Option<MatchOutline>,
}

/// The picture's outline in the colorway: its corners (top left, top right, bottom right,
/// bottom left) in the colorway's pixels, a `width` x `height` frame (the design file's size).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatchOutline {
    pub polygon: Vec<[f64; 2]>,
    pub width: i32,
    pub height: i32,
}

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimilarAnswer {
    pub results: Vec<SimilarResult>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
    pub page_size: u32,
}
