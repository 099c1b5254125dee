//! Similar-design search: find a design from a crop or a photo of it, in any of its colorways,
//! and say where in the colorway the crop sits.
//!
//! - [`extract`] turns an RGB image into local [`Features`] (colour-structure corners with
//!   direction histograms that do not care which colours a colorway gives its shapes);
//! - [`Index`] keeps every colorway's features as visual words and shortlists candidates;
//! - [`place`] checks a candidate geometrically and gives the query's outline in it;
//! - [`rank`] orders a shortlist by what the check found.
//!
//! No database, no web and no files: the caller stores features ([`encode`]/[`decode`]) and
//! decides who may see what (the `admit` filter).

mod codec;
mod features;
mod index;
mod planes;
mod verify;

pub use codec::{FEATURES_VERSION, decode, decode_sketches, encode, encode_sketches};
pub use features::{
    Budget, DESCRIPTOR_LEN, Features, INDEX_BUDGET, Keypoint, QUERY_BUDGET, extract,
};
pub use index::Index;
pub use planes::Rgb;
pub use verify::{MIN_INLIERS, Placement, place};

/// Xorshift64 from `seed`: the unit tests' random inputs, the same on every run.
#[cfg(test)]
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut rng = seed;
    move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    }
}

/// Candidates checked geometrically per query.
pub const SHORTLIST: usize = 100;

/// A colorway the query resembles: `placement` when the geometric check found the query in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit<K> {
    pub key: K,
    /// Agreeing features beyond chance for a placed hit, plus the shortlist's vote (below 1).
    pub score: f32,
    pub placement: Option<Placement>,
}

/// The shortlist ranked: the colorways the query was placed in by agreeing features (most
/// first), then the rest by their words' votes. Only the first [`SHORTLIST`] are checked;
/// `load` gives a candidate's features (from a cache or the database).
pub fn rank<K: Clone + Send + Sync>(
    query: &Features,
    shortlist: Vec<(K, f32)>,
    load: impl Fn(&K) -> Option<Features> + Sync,
) -> Vec<Hit<K>> {
    let top = shortlist.iter().take(SHORTLIST).map(|(_, v)| *v);
    let vote_scale = top.fold(0.0f32, f32::max).max(1e-6);
    // The checks are independent: spread over the cores.
    let checked = shortlist.len().min(SHORTLIST);
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(4);
    // Candidates are handed out one at a time (costs vary a lot between them), each result
    // going to its own slot: the outcome does not depend on which thread checked what.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut placements: Vec<Option<Placement>> = vec![None; checked];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(checked))
            .map(|_| {
                let (load, next, shortlist) = (&load, &next, &shortlist);
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if at >= checked {
                            break done;
                        }
                        let placed = load(&shortlist[at].0).and_then(|c| place(query, &c));
                        done.push((at, placed));
                    }
                })
            })
            .collect();
        for worker in workers {
            for (at, placed) in worker.join().expect("a placement check panicked") {
                placements[at] = placed;
            }
        }
    });
    let mut placements = placements.into_iter();
    let mut hits: Vec<Hit<K>> = shortlist
        .into_iter()
        .map(|(key, votes)| {
            let placement = placements.next().flatten();
            // Votes are scaled below 1, so any placed hit outranks every unplaced one.
            let votes = votes / vote_scale;
            let score = placement.as_ref().map_or(0.0, Placement::strength) + votes;
            Hit {
                key,
                score,
                placement,
            }
        })
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits
}
