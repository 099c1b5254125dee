//! The in-process index: each colorway's features as visual words in posting lists, so that a
//! query's shortlist costs one pass over its own words' lists.
//!
//! A feature is filed under three words, 14-bit slices of its 64-bit sketch; each posting also
//! keeps the 16 sketch bits after its word, and a query feature votes for a posting only when
//! those agree too (Hamming embedding): chance collisions in a word's list then rarely vote,
//! which keeps the shortlist sharp as the archive grows.

use std::collections::HashMap;
use std::hash::Hash;

const TABLES: u32 = 3;
const WORD_BITS: u32 = 14;
/// A posting votes when its 16 check bits differ from the query's in at most this many.
const MAX_CHECK_BITS: u32 = 4;
/// Features of a colorway that go into the lists (a spread subset when it has more).
pub const WORDS_PER_COLORWAY: usize = 500;

/// Where each table's word starts in the sketch; its check bits follow it.
const TABLE_STRIDE: u32 = 21;

/// A feature's (word, check bits) per table, from its sketch.
fn entries(sketch: u64) -> impl Iterator<Item = (u32, u16)> {
    (0..TABLES).map(move |t| {
        let start = t * TABLE_STRIDE;
        let word = (sketch.rotate_right(start) as u32) & ((1 << WORD_BITS) - 1);
        let check = sketch.rotate_right(start + WORD_BITS) as u16;
        ((t << WORD_BITS) | word, check)
    })
}

/// At most `limit` sketches, spread over the whole list (features come finest level first).
fn spread(sketches: &[u64], limit: usize) -> impl Iterator<Item = u64> + '_ {
    let step = sketches.len().div_ceil(limit.max(1)).max(1);
    sketches.iter().step_by(step).copied()
}

#[derive(Debug, Default, Clone)]
struct List {
    slots: Vec<u32>,
    checks: Vec<u16>,
}

/// Colorways by key, as visual words.
#[derive(Debug)]
pub struct Index<K> {
    keys: Vec<Option<K>>,
    /// Postings per slot (for the vote's normalisation).
    sizes: Vec<u32>,
    slot_of: HashMap<K, u32>,
    lists: Vec<List>,
    /// Slots removed whose postings are still in the lists (dropped at the next compaction).
    dead: usize,
    free: Vec<u32>,
}

impl<K> Default for Index<K> {
    fn default() -> Self {
        Index {
            keys: Vec::new(),
            sizes: Vec::new(),
            slot_of: HashMap::new(),
            lists: vec![List::default(); (TABLES as usize) << WORD_BITS],
            dead: 0,
            free: Vec::new(),
        }
    }
}

impl<K: Clone + Eq + Hash> Index<K> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Colorways indexed.
    pub fn len(&self) -> usize {
        self.slot_of.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slot_of.is_empty()
    }

    pub fn contains(&self, key: &K) -> bool {
        self.slot_of.contains_key(key)
    }

    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.slot_of.keys()
    }

    /// Adds (or replaces) a colorway by the sketches of its features.
    pub fn insert(&mut self, key: K, sketches: &[u64]) {
        self.remove(&key);
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None => {
                self.keys.push(None);
                self.sizes.push(0);
                (self.keys.len() - 1) as u32
            }
        };
        let mut seen: Vec<(u32, u16)> = spread(sketches, WORDS_PER_COLORWAY)
            .flat_map(entries)
            .collect();
        // A repeat's copies of a motif give the same entry: one posting is enough.
        seen.sort_unstable();
        seen.dedup();
        for &(word, check) in &seen {
            let list = &mut self.lists[word as usize];
            list.slots.push(slot);
            list.checks.push(check);
        }
        self.keys[slot as usize] = Some(key.clone());
        self.sizes[slot as usize] = seen.len() as u32;
        self.slot_of.insert(key, slot);
    }

    /// Removes a colorway. Its postings stay (ignored) until a quarter of the slots are such.
    pub fn remove(&mut self, key: &K) -> bool {
        let Some(slot) = self.slot_of.remove(key) else {
            return false;
        };
        self.keys[slot as usize] = None;
        self.dead += 1;
        if self.dead * 4 > self.keys.len() {
            self.compact();
        }
        true
    }

    fn compact(&mut self) {
        let keys = &self.keys;
        for list in &mut self.lists {
            let mut at = 0;
            for i in 0..list.slots.len() {
                if keys[list.slots[i] as usize].is_some() {
                    list.slots[at] = list.slots[i];
                    list.checks[at] = list.checks[i];
                    at += 1;
                }
            }
            list.slots.truncate(at);
            list.checks.truncate(at);
        }
        self.free = (0..self.keys.len() as u32)
            .filter(|&s| self.keys[s as usize].is_none())
            .collect();
        self.dead = 0;
    }

    /// Gives back spare list capacity after a bulk load.
    pub fn shrink_to_fit(&mut self) {
        for list in &mut self.lists {
            list.slots.shrink_to_fit();
            list.checks.shrink_to_fit();
        }
    }

    /// The `limit` colorways sharing the most (rare) features with the query, best first, among
    /// those `admit` lets through: a hidden colorway never takes a place.
    pub fn shortlist(
        &self,
        sketches: &[u64],
        limit: usize,
        admit: impl Fn(&K) -> bool,
    ) -> Vec<(K, f32)> {
        let live = self.len().max(1) as f32;
        let mut votes = vec![0.0f32; self.keys.len()];
        // Each query feature votes at most once per colorway, whatever number of its words and
        // postings agree: a colorway full of one common motif must not outvote the right one.
        let mut voted_by = vec![u32::MAX; self.keys.len()];
        for (feature, sketch) in sketches.iter().enumerate() {
            for (word, check) in entries(*sketch) {
                let list = &self.lists[word as usize];
                if list.slots.is_empty() {
                    continue;
                }
                let idf = (live / list.slots.len() as f32).ln_1p();
                for (&slot, &c) in list.slots.iter().zip(&list.checks) {
                    if (c ^ check).count_ones() <= MAX_CHECK_BITS
                        && voted_by[slot as usize] != feature as u32
                    {
                        voted_by[slot as usize] = feature as u32;
                        votes[slot as usize] += idf;
                    }
                }
            }
        }
        let mut ranked: Vec<(u32, f32)> = votes
            .iter()
            .enumerate()
            .filter(|(_, v)| **v > 0.0)
            .map(|(slot, v)| {
                // Colorways with many postings collect more chance votes: damp them.
                let size = self.sizes[slot].max(1) as f32;
                (slot as u32, v / size.sqrt())
            })
            .collect();
        ranked.sort_unstable_by(|a, b| b.1.total_cmp(&a.1));
        ranked
            .into_iter()
            .filter_map(|(slot, score)| {
                let key = self.keys[slot as usize].as_ref()?;
                admit(key).then(|| (key.clone(), score))
            })
            .take(limit)
            .collect()
    }

    /// Bytes the index holds (posting lists and slots), for the benchmarks.
    pub fn memory_bytes(&self) -> usize {
        let lists: usize = self
            .lists
            .iter()
            .map(|l| l.slots.capacity() * 4 + l.checks.capacity() * 2)
            .sum();
        lists + self.keys.capacity() * (std::mem::size_of::<Option<K>>() + 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_colorways_leave_the_shortlist_and_their_slots_are_reused() {
        let mut index = Index::new();
        let a: Vec<u64> = (0..50)
            .map(|i| 0x1234_5678_9ABC_DEF0u64.rotate_left(i))
            .collect();
        let b: Vec<u64> = (0..50)
            .map(|i| 0x0F0F_3C3C_5A5A_9669u64.rotate_left(i))
            .collect();
        index.insert("a", &a);
        index.insert("b", &b);
        assert_eq!(index.shortlist(&a, 5, |_| true)[0].0, "a");
        assert!(
            index
                .shortlist(&a, 5, |k| *k != "a")
                .iter()
                .all(|h| h.0 != "a")
        );
        assert!(index.remove(&"a"));
        assert!(!index.contains(&"a"));
        assert!(index.shortlist(&a, 5, |_| true).iter().all(|h| h.0 != "a"));
        index.insert("c", &a);
        assert_eq!(index.shortlist(&a, 5, |_| true)[0].0, "c");
        assert_eq!(index.len(), 2);
    }
}
