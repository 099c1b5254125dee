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
        // Each query feature votes at most once per colorway, whatever number of its words and
        // postings agree: a colorway full of one common motif must not outvote the right one.
        // Per slot, the feature that last voted for it next to its votes: a vote then touches
        // one cache line, not two (millions of votes per query with 100,000 colorways).
        let mut tally: Vec<(u32, f32)> = vec![(u32::MAX, 0.0); self.keys.len()];
        let mut agreeing: Vec<u32> = Vec::new();
        for (feature, sketch) in sketches.iter().enumerate() {
            let feature = feature as u32;
            for (word, check) in entries(*sketch) {
                let list = &self.lists[word as usize];
                if list.slots.is_empty() {
                    continue;
                }
                let idf = (live / list.slots.len() as f32).ln_1p();
                let n = agreeing_slots(list, check, &mut agreeing);
                for &slot in &agreeing[..n] {
                    let (voted_by, votes) = &mut tally[slot as usize];
                    if *voted_by != feature {
                        *voted_by = feature;
                        *votes += idf;
                    }
                }
            }
        }
        let mut ranked: Vec<(u32, f32)> = tally
            .iter()
            .enumerate()
            .filter(|(_, (_, v))| *v > 0.0)
            .map(|(slot, (_, v))| {
                // Colorways with many postings collect more chance votes: damp them.
                let size = self.sizes[slot].max(1) as f32;
                (slot as u32, v / size.sqrt())
            })
            .collect();
        best_admitted(&mut ranked, limit, |slot| {
            let key = self.keys[slot as usize].as_ref()?;
            admit(key).then(|| key.clone())
        })
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

/// The slots of `list`'s postings whose check bits are within `MAX_CHECK_BITS` of `check`:
/// the first of the returned number in `out` (which only grows, so is never cleared). The bit
/// test runs on batches the compiler vectorises; the slots are then gathered without a branch
/// (with 100,000 colorways about a third of the postings scanned agree, too many for a branch
/// to predict).
fn agreeing_slots(list: &List, check: u16, out: &mut Vec<u32>) -> usize {
    const BATCH: usize = 16;
    // Every posting is written, the agreeing ones then kept by moving on: room for all.
    if out.len() < list.slots.len() {
        out.resize(list.slots.len(), 0);
    }
    let mut n = 0;
    let mut checks = list.checks.chunks_exact(BATCH);
    let mut slots = list.slots.chunks_exact(BATCH);
    for (batch, batch_slots) in (&mut checks).zip(&mut slots) {
        let mut agree = [0u8; BATCH];
        for k in 0..BATCH {
            agree[k] = u8::from(ones16(batch[k] ^ check) <= MAX_CHECK_BITS as u16);
        }
        for k in 0..BATCH {
            out[n] = batch_slots[k];
            n += usize::from(agree[k]);
        }
    }
    for (&c, &slot) in checks.remainder().iter().zip(slots.remainder()) {
        out[n] = slot;
        n += usize::from(ones16(c ^ check) <= MAX_CHECK_BITS as u16);
    }
    n
}

/// Bits set in `x` by shifts and masks (no `popcnt` in the baseline x86-64 target), so that
/// a loop of them vectorises.
#[inline(always)]
fn ones16(x: u16) -> u16 {
    let x = x - ((x >> 1) & 0x5555);
    let x = (x & 0x3333) + ((x >> 2) & 0x3333);
    let x = (x + (x >> 4)) & 0x0F0F;
    (x + (x >> 8)) & 0x1F
}

/// The first `limit` of `ranked` (slot, score) by score (then slot, so that ties always come
/// out the same) that `admit` gives a key for. Usually only a head of twice the limit is
/// sorted (a shortlist is a hundred of up to all the colorways); when too few of it are
/// admitted, the rest is sorted whole.
fn best_admitted<K>(
    ranked: &mut [(u32, f32)],
    limit: usize,
    admit: impl Fn(u32) -> Option<K>,
) -> Vec<(K, f32)> {
    let order = |a: &(u32, f32), b: &(u32, f32)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    let mut out = Vec::with_capacity(limit.min(ranked.len()));
    if limit == 0 {
        return out;
    }
    let head = ranked.len().min(2 * limit.max(8));
    if head < ranked.len() {
        ranked.select_nth_unstable_by(head - 1, order);
    }
    ranked[..head].sort_unstable_by(order);
    let admitted = |ranked: &[(u32, f32)], out: &mut Vec<(K, f32)>| {
        for &(slot, score) in ranked {
            if out.len() == limit {
                break;
            }
            if let Some(key) = admit(slot) {
                out.push((key, score));
            }
        }
    };
    admitted(&ranked[..head], &mut out);
    if out.len() < limit && head < ranked.len() {
        ranked[head..].sort_unstable_by(order);
        admitted(&ranked[head..], &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift;

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

    #[test]
    fn agreeing_slots_are_those_a_plain_bit_count_lets_through() {
        let mut next = xorshift(0x51DE_5EED);
        let mut buffer = Vec::new();
        // Lists shorter than a batch, ending inside one, and long ones.
        for len in [0, 1, 15, 16, 17, 100, 1000] {
            let list = List {
                slots: (0..len).map(|_| next() as u32 % 500).collect(),
                checks: (0..len).map(|_| next() as u16).collect(),
            };
            let check = next() as u16;
            for (i, &c) in list.checks.iter().enumerate() {
                assert_eq!(ones16(c), c.count_ones() as u16, "{i}");
            }
            let plain: Vec<u32> = list
                .slots
                .iter()
                .zip(&list.checks)
                .filter(|&(_, &c)| (c ^ check).count_ones() <= MAX_CHECK_BITS)
                .map(|(&slot, _)| slot)
                .collect();
            let n = agreeing_slots(&list, check, &mut buffer);
            assert_eq!(buffer[..n], plain[..], "{len} postings");
        }
    }

    #[test]
    fn the_best_admitted_are_the_head_of_the_full_ranking() {
        let mut next = xorshift(0x00DD_BA11);
        for len in [0usize, 1, 5, 50, 3000] {
            // Few distinct scores, so that ties are many.
            let ranked: Vec<(u32, f32)> = (0..len as u32)
                .map(|slot| (slot, (next() % 40) as f32 / 8.0))
                .collect();
            let mut full = ranked.clone();
            full.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            // All admitted, half, a third, a tenth.
            for every in [1, 2, 3, 10] {
                let admit = |slot: u32| slot.is_multiple_of(every).then_some(slot);
                for limit in [0, 1, 7, 100, 5000] {
                    let expected: Vec<(u32, f32)> = full
                        .iter()
                        .filter(|(slot, _)| admit(*slot).is_some())
                        .take(limit)
                        .copied()
                        .collect();
                    let got = best_admitted(&mut ranked.clone(), limit, admit);
                    assert_eq!(got, expected, "{len} ranked, limit {limit}");
                }
            }
        }
    }

    #[test]
    fn the_shortlist_counts_each_features_vote_once_as_the_plain_tally_does() {
        let mut next = xorshift(0xC0FF_EE11);
        // Few distinct sketches, repeated and slightly changed, so that words are shared and
        // one feature agrees with a colorway through several postings.
        let motifs: Vec<u64> = (0..40).map(|_| next()).collect();
        let mut index = Index::new();
        let mut all = Vec::new();
        for key in 0..300u32 {
            let sketches: Vec<u64> = (0..(20 + next() % 60))
                .map(|_| motifs[(next() % 40) as usize] ^ (1 << (next() % 64)))
                .collect();
            index.insert(key, &sketches);
            all.push(sketches);
        }
        for key in (0..300).step_by(7) {
            index.remove(&key);
        }
        let query: Vec<u64> = (0..50)
            .map(|_| motifs[(next() % 40) as usize] ^ (1 << (next() % 64)))
            .collect();
        // The tally as first written: every posting tested one at a time.
        let live = index.len() as f32;
        let mut votes = vec![0.0f32; index.keys.len()];
        let mut voted_by = vec![u32::MAX; index.keys.len()];
        for (feature, sketch) in query.iter().enumerate() {
            for (word, check) in entries(*sketch) {
                let list = &index.lists[word as usize];
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
        let mut plain: Vec<(u32, f32)> = votes
            .iter()
            .enumerate()
            .filter(|&(_, v)| *v > 0.0)
            .filter_map(|(slot, v)| {
                let key = index.keys[slot]?;
                Some((key, v / (index.sizes[slot].max(1) as f32).sqrt()))
            })
            .filter(|(key, _)| key % 5 != 0)
            .collect();
        plain.sort_by(|a, b| b.1.total_cmp(&a.1));
        let shortlist = index.shortlist(&query, 60, |key| key % 5 != 0);
        assert_eq!(shortlist.len(), 60.min(plain.len()));
        // The same colorways with the same (bit for bit) scores, in the same order up to ties.
        for (got, want) in shortlist.iter().zip(&plain) {
            assert_eq!(got.1.to_bits(), want.1.to_bits());
        }
        let mut got_keys: Vec<u32> = shortlist.iter().map(|h| h.0).collect();
        got_keys.sort_unstable();
        let cut = shortlist.last().map_or(f32::INFINITY, |h| h.1);
        assert!(got_keys.iter().all(|k| plain.iter().any(|p| p.0 == *k)));
        assert!(
            plain
                .iter()
                .filter(|p| p.1 > cut)
                .all(|p| got_keys.binary_search(&p.0).is_ok())
        );
    }
}
