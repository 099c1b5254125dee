//! What recent searches learned, kept until the catalog changes.
//!
//! Exact totals, deep pages and colour rankings cost time in proportion to every design a search
//! admits; the page itself does not. So a search remembers its total, where its pages start (the
//! sort key of a page's first row, so a later request for the next page, or one after a known
//! start, seeks in the sort index instead of skipping rows with OFFSET), the pages it answered and
//! its pinned designs (a repeated request reads no design ids at all) and, for a colour search,
//! the whole ranking.
//!
//! Every entry carries the catalog revision it was read at (`catalog_revision`, moved forward by
//! triggers in the same transaction as any change a search can see). A search reads the revision
//! first and uses only entries of that revision, so an answer is never older than the data the
//! search itself would read. The cache is per process: instances sharing a database each keep
//! their own and stay correct.

use crate::palette::PaletteIndex;
use chrono::NaiveDateTime;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

/// 64 MiB by default (`search_cache_megabytes`).
pub const DEFAULT_BUDGET_BYTES: usize = 64 << 20;
/// Page starts kept per search: enough for 1,000 pages visited.
const MAX_SEEKS: usize = 1_000;
/// Bytes counted per remembered design of a colour ranking (id, distance, vector slot).
const RANKED_DESIGN_BYTES: usize = 72;
/// Bytes counted per remembered design of a colour ranking from the palette index (place, distance).
const RANKED_PLACE_BYTES: usize = 16;
/// Bytes counted per remembered design id of the pinned list.
const LISTED_DESIGN_BYTES: usize = 64;
/// Bytes counted per remembered hit of a page (id, distance, vector slot).
const PAGE_HIT_BYTES: usize = 72;
/// Pages kept per search.
const MAX_PAGES: usize = 200;
const SEEK_BYTES: usize = 96;
const ENTRY_BYTES: usize = 256;

/// The sort key of one row, as the listing orders it.
#[derive(Debug, Clone, PartialEq)]
pub enum SortKey {
    /// Upload or edit time, then the design id: both descending.
    Time(NaiveDateTime, String),
    /// The design number, ascending (numbers are unique).
    Number(String),
}

/// Where the rows from a position of a listing start.
#[derive(Debug, Clone, PartialEq)]
pub enum Seek {
    /// At this row.
    At(SortKey),
    /// Right after this row.
    After(SortKey),
}

/// A colour search's hits, best first, each with its closest distance.
#[derive(Debug, PartialEq)]
pub enum Ranked {
    /// By design id (scored in the database).
    Designs(Vec<(String, f64)>),
    /// By place in the palette index's load `load` (see [`PaletteIndex::designs`]).
    Places { load: u64, hits: Vec<(u32, f64)> },
}

impl Ranked {
    pub fn len(&self) -> usize {
        match self {
            Ranked::Designs(hits) => hits.len(),
            Ranked::Places { hits, .. } => hits.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn weight(&self) -> usize {
        match self {
            Ranked::Designs(hits) => hits.len() * RANKED_DESIGN_BYTES,
            Ranked::Places { hits, .. } => hits.len() * RANKED_PLACE_BYTES,
        }
    }
}

pub type Ranking = Arc<Ranked>;

/// The hits of one page, in order: design id and, for a colour search, its closest distance.
pub type PageHits = Arc<Vec<(String, Option<f64>)>>;

#[derive(Default)]
struct Entry {
    revision: i64,
    used: u64,
    total: Option<i64>,
    seeks: BTreeMap<i64, Seek>,
    /// Hits by (position, how many).
    pages: HashMap<(i64, i64), PageHits>,
    pinned: Option<Arc<Vec<String>>>,
    ranking: Option<Ranking>,
}

impl Entry {
    fn weight(&self, key: &str) -> usize {
        ENTRY_BYTES
            + key.len()
            + self.seeks.len() * SEEK_BYTES
            + PAGE_HIT_BYTES * self.pages.values().map(|p| p.len()).sum::<usize>()
            + LISTED_DESIGN_BYTES * self.pinned.as_ref().map_or(0, |p| p.len())
            + self.ranking.as_ref().map_or(0, |r| r.weight())
    }
}

#[derive(Default)]
struct State {
    entries: HashMap<String, Entry>,
    weight: usize,
    clock: u64,
}

/// Search answers by search (scope, filters, sort, colour) and catalog revision.
pub struct SearchCache {
    budget: usize,
    state: Mutex<State>,
    /// The palette colours scored colour searches rank from.
    palette: PaletteIndex,
}

impl Default for SearchCache {
    fn default() -> Self {
        SearchCache::new(DEFAULT_BUDGET_BYTES)
    }
}

impl SearchCache {
    /// A cache holding about `budget` bytes; 0 keeps nothing.
    pub fn new(budget: usize) -> SearchCache {
        SearchCache {
            budget,
            state: Mutex::new(State::default()),
            palette: PaletteIndex::default(),
        }
    }

    /// The palette colours of this instance, once loaded.
    pub fn palette(&self) -> &PaletteIndex {
        &self.palette
    }

    fn read<T>(&self, key: &str, revision: i64, f: impl FnOnce(&Entry) -> Option<T>) -> Option<T> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.clock += 1;
        let now = state.clock;
        let entry = state.entries.get_mut(key)?;
        if entry.revision != revision {
            return None;
        }
        entry.used = now;
        f(entry)
    }

    /// Changes the entry of `key` at `revision` (starting afresh if it holds an older one), then
    /// drops the least recently used entries until the cache fits its budget again.
    fn write(&self, key: &str, revision: i64, f: impl FnOnce(&mut Entry)) {
        if self.budget == 0 {
            return;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.clock += 1;
        let now = state.clock;
        let mut entry = match state.entries.remove(key) {
            Some(entry) => {
                state.weight -= entry.weight(key);
                entry
            }
            None => Entry::default(),
        };
        if entry.revision != revision {
            // A newer revision replaces the entry; a search that read an older one keeps quiet.
            if entry.revision > revision {
                state.weight += entry.weight(key);
                state.entries.insert(key.to_owned(), entry);
                return;
            }
            entry = Entry {
                revision,
                ..Entry::default()
            };
        }
        f(&mut entry);
        entry.used = now;
        let weight = entry.weight(key);
        if weight > self.budget / 4 {
            return; // One search may not take over the cache.
        }
        state.weight += weight;
        state.entries.insert(key.to_owned(), entry);
        while state.weight > self.budget {
            let Some(oldest) = state
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(gone) = state.entries.remove(&oldest) {
                state.weight -= gone.weight(&oldest);
            }
        }
    }

    pub fn total(&self, key: &str, revision: i64) -> Option<i64> {
        self.read(key, revision, |e| e.total)
    }

    pub fn remember_total(&self, key: &str, revision: i64, total: i64) {
        self.write(key, revision, |e| e.total = Some(total));
    }

    /// The known page start nearest before `position` (or at it).
    pub fn seek(&self, key: &str, revision: i64, position: i64) -> Option<(i64, Seek)> {
        self.read(key, revision, |e| {
            e.seeks
                .range(..=position)
                .next_back()
                .map(|(p, s)| (*p, s.clone()))
        })
    }

    pub fn remember_seeks(&self, key: &str, revision: i64, seeks: Vec<(i64, Seek)>) {
        self.write(key, revision, |e| {
            for (position, seek) in seeks {
                if e.seeks.len() < MAX_SEEKS || e.seeks.contains_key(&position) {
                    e.seeks.insert(position, seek);
                }
            }
        });
    }

    /// The hits answered for `count` rows from `position`.
    pub fn page(&self, key: &str, revision: i64, position: i64, count: i64) -> Option<PageHits> {
        self.read(key, revision, |e| e.pages.get(&(position, count)).cloned())
    }

    pub fn remember_page(
        &self,
        key: &str,
        revision: i64,
        position: i64,
        count: i64,
        hits: PageHits,
    ) {
        self.write(key, revision, |e| {
            if e.pages.len() < MAX_PAGES {
                e.pages.insert((position, count), hits);
            }
        });
    }

    /// The pinned designs the search admits, in pin order.
    pub fn pinned(&self, key: &str, revision: i64) -> Option<Arc<Vec<String>>> {
        self.read(key, revision, |e| e.pinned.clone())
    }

    pub fn remember_pinned(&self, key: &str, revision: i64, ids: Vec<String>) {
        self.write(key, revision, |e| e.pinned = Some(Arc::new(ids)));
    }

    pub fn ranking(&self, key: &str, revision: i64) -> Option<Ranking> {
        self.read(key, revision, |e| e.ranking.clone())
    }

    pub fn remember_ranking(&self, key: &str, revision: i64, ranking: Ranking) {
        self.write(key, revision, |e| {
            e.total = Some(ranking.len() as i64);
            e.ranking = Some(ranking);
        });
    }

    /// Bytes held, as the budget counts them.
    pub fn weight(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .weight
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: usize) -> String {
        format!("search {n}")
    }

    #[test]
    fn an_entry_answers_only_at_its_revision() {
        let cache = SearchCache::default();
        cache.remember_total("a", 3, 10);
        assert_eq!(cache.total("a", 3), Some(10));
        assert_eq!(cache.total("a", 4), None);
        assert_eq!(cache.total("a", 2), None);
        // A search at an older revision does not overwrite a newer entry.
        cache.remember_total("a", 2, 99);
        assert_eq!(cache.total("a", 3), Some(10));
        cache.remember_total("a", 4, 11);
        assert_eq!(cache.total("a", 4), Some(11));
        assert_eq!(cache.total("a", 3), None);
    }

    #[test]
    fn the_nearest_page_start_before_a_position_is_found() {
        let cache = SearchCache::default();
        let at = |n: &str| Seek::At(SortKey::Number(n.into()));
        cache.remember_seeks("a", 1, vec![(0, at("A")), (25, at("B")), (100, at("C"))]);
        assert_eq!(cache.seek("a", 1, 24), Some((0, at("A"))));
        assert_eq!(cache.seek("a", 1, 25), Some((25, at("B"))));
        assert_eq!(cache.seek("a", 1, 4000), Some((100, at("C"))));
        assert_eq!(cache.seek("a", 2, 30), None);
        // Remembering more keeps what was there.
        cache.remember_total("a", 1, 7);
        assert_eq!(cache.seek("a", 1, 30), Some((25, at("B"))));
    }

    #[test]
    fn pages_and_pins_are_kept_by_position_and_size() {
        let cache = SearchCache::default();
        let ids = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let hits = || Arc::new(vec![("x".to_owned(), None), ("y".to_owned(), Some(2.5))]);
        cache.remember_page("a", 1, 25, 25, hits());
        cache.remember_pinned("a", 1, ids(&["p"]));
        assert_eq!(cache.page("a", 1, 25, 25), Some(hits()));
        assert_eq!(cache.page("a", 1, 25, 10), None);
        assert_eq!(cache.page("a", 1, 0, 25), None);
        assert_eq!(cache.pinned("a", 1).as_deref(), Some(&ids(&["p"])));
        assert_eq!(cache.page("a", 2, 25, 25), None);
        assert_eq!(cache.pinned("a", 2), None);
    }

    #[test]
    fn the_budget_drops_the_least_recently_used() {
        let probe = SearchCache::default();
        probe.remember_total(&key(0), 1, 0);
        let one = probe.weight();
        let cache = SearchCache::new(one * 8 + one / 2);
        for n in 0..8 {
            cache.remember_total(&key(n), 1, n as i64);
        }
        assert_eq!(cache.total(&key(0), 1), Some(0)); // 0 is now more recent than 1
        cache.remember_total(&key(8), 1, 8);
        assert_eq!(cache.total(&key(1), 1), None);
        for n in (0..=8).filter(|n| *n != 1) {
            assert_eq!(cache.total(&key(n), 1), Some(n as i64));
        }
        assert!(cache.weight() <= one * 8 + one / 2);
    }

    #[test]
    fn a_ranking_larger_than_a_quarter_of_the_budget_is_not_kept() {
        let cache = SearchCache::new(100 * RANKED_DESIGN_BYTES);
        let big: Ranking = Arc::new(Ranked::Designs(
            (0..30).map(|n| (n.to_string(), 0.0)).collect(),
        ));
        cache.remember_ranking("big", 1, big);
        assert!(cache.ranking("big", 1).is_none());
        let small: Ranking = Arc::new(Ranked::Designs(vec![("d".into(), 1.5)]));
        cache.remember_ranking("small", 1, small.clone());
        assert_eq!(cache.ranking("small", 1), Some(small));
        assert_eq!(cache.total("small", 1), Some(1));
        let none = SearchCache::new(0);
        none.remember_total("a", 1, 1);
        assert_eq!(none.total("a", 1), None);
    }
}
