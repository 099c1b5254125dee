//! The archive's palette colours in memory, for colour search by a colour that is not a picker
//! swatch at the default distance (a typed code, another distance). Scored in the database,
//! CIEDE2000 over every palette colour near the searched one took about a second for the first
//! answer at 200,000 designs (2.6 s on PostgreSQL); here it takes a few milliseconds.
//!
//! Each instance loads every palette colour once (in the background at start-up: colour
//! searches are scored in the database until it is done) and, before each colour search, brings
//! itself up to date from `palette_changes`: the designs whose palettes changed, stamped by
//! triggers with the catalog revision. Instances sharing a database therefore agree. Colours are
//! filed under the database's CIELAB bins, each bin ordered by L, and scored by the same
//! CIEDE2000 with the same bounds, so the hits and scores are the database's.
//!
//! A ranking names designs by their place here (a number that is never given to another design
//! while the index lives), so it is made without copying a design id; the ids of a page are read
//! when it is shown.
//!
//! Memory: about 40 bytes per palette colour (200 MB for 5,000,000), and the id of each design
//! seen since the index was loaded (a deleted design's until the next start).

use crate::error::SearchError;
use crate::filters::ColorQuery;
use crate::paging::catalog_revision;
use db::DbConnection;
use db::schema::{colorway_colors, colorways, palette_changes};
use desen_core::color::{bins_within, ciede2000, ciede2000_floor, lightness_reach, match_score};
use diesel::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock};

/// The bins of `desen_core::color::lab_bin`.
const BINS: usize = 2_560;
/// How far [`ciede2000_floor`] may pass a distance by rounding alone.
const FLOOR_ROUNDING: f64 = 1e-6;
/// Designs reloaded per statement while catching up.
const RELOAD_BATCH: usize = 500;

/// One palette colour of a design.
#[derive(Debug, Clone, Copy)]
struct Colour {
    l: f64,
    a: f64,
    b: f64,
    share: f64,
    design: u32,
}

/// A design matching a colour: its place in the index, its best score (distance plus the
/// uncovered share's weight) and its closest distance, over all its colorways.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaletteHit {
    pub slot: u32,
    pub score: f64,
    pub distance: f64,
}

/// The designs matching a colour, in no order, as places of one load of the index.
pub struct PaletteHits {
    pub load: u64,
    pub hits: Vec<PaletteHit>,
}

/// Tells loads of an index apart: places are a load's own.
static LOADS: AtomicU64 = AtomicU64::new(0);

struct Palettes {
    load: u64,
    /// Every change stamped before this revision is in.
    revision: i64,
    /// Per bin, its colours ordered by L.
    bins: Vec<Vec<Colour>>,
    /// Design ids by place (slot).
    designs: Vec<String>,
    slot_of: HashMap<String, u32>,
    /// The bins each slot's design has colours in.
    bins_of: Vec<Vec<u16>>,
}

impl Palettes {
    fn new(revision: i64) -> Palettes {
        Palettes {
            load: LOADS.fetch_add(1, Ordering::Relaxed),
            revision,
            bins: vec![Vec::new(); BINS],
            designs: Vec::new(),
            slot_of: HashMap::new(),
            bins_of: Vec::new(),
        }
    }

    fn slot(&mut self, design: &str) -> u32 {
        if let Some(&slot) = self.slot_of.get(design) {
            return slot;
        }
        self.designs.push(design.to_owned());
        self.bins_of.push(Vec::new());
        let slot = (self.designs.len() - 1) as u32;
        self.slot_of.insert(design.to_owned(), slot);
        slot
    }

    /// Files colours read from the database; the bins touched are put back in L order by
    /// [`Palettes::order`].
    fn add(&mut self, design: &str, bin: i32, [l, a, b]: [f64; 3], share: f64) {
        let design = self.slot(design);
        let bin = bin.clamp(0, BINS as i32 - 1) as u16;
        self.bins[bin as usize].push(Colour {
            l,
            a,
            b,
            share,
            design,
        });
        let bins = &mut self.bins_of[design as usize];
        if !bins.contains(&bin) {
            bins.push(bin);
        }
    }

    /// Orders bins by L, then a and b: equal colours (an ink used again, a colorway's palette in
    /// another design) lie together and are scored once.
    fn order(&mut self, bins: impl IntoIterator<Item = u16>) {
        for bin in bins {
            // Mostly two sorted runs (the bin, the colours added): merged in linear time.
            self.bins[bin as usize].sort_by(|x, y| {
                (x.l.total_cmp(&y.l))
                    .then(x.a.total_cmp(&y.a))
                    .then(x.b.total_cmp(&y.b))
            });
        }
    }

    /// Takes the designs' colours out (they keep their places); returns the bins they were in.
    fn remove(&mut self, designs: &[String]) -> Vec<u16> {
        let mut gone = vec![false; self.designs.len()];
        let mut bins = Vec::new();
        for design in designs {
            if let Some(&slot) = self.slot_of.get(design) {
                gone[slot as usize] = true;
                bins.append(&mut self.bins_of[slot as usize]);
            }
        }
        bins.sort_unstable();
        bins.dedup();
        for &bin in &bins {
            self.bins[bin as usize].retain(|c| !gone[c.design as usize]);
        }
        bins
    }

    /// Rereads the palettes stamped at or after the revision this holds (a stamp equal to it
    /// may belong to a change not committed when it was read).
    fn catch_up(&mut self, conn: &mut DbConnection, revision: i64) -> Result<(), SearchError> {
        let changed: Vec<String> = palette_changes::table
            .filter(palette_changes::revision.ge(self.revision))
            .select(palette_changes::design_guid)
            .load(conn)?;
        for designs in changed.chunks(RELOAD_BATCH) {
            let rows: Vec<(String, i32, f64, f64, f64, f64)> = colorway_colors::table
                .inner_join(colorways::table)
                .filter(colorways::design_guid.eq_any(designs))
                .select((
                    colorway_colors::design_guid,
                    colorway_colors::bin,
                    colorway_colors::l,
                    colorway_colors::a,
                    colorway_colors::b,
                    colorway_colors::share,
                ))
                .load(conn)?;
            let mut touched = self.remove(designs);
            for (design, bin, l, a, b, share) in rows {
                self.add(&design, bin, [l, a, b], share);
                touched.push(bin.clamp(0, BINS as i32 - 1) as u16);
            }
            touched.sort_unstable();
            touched.dedup();
            self.order(touched);
        }
        self.revision = revision;
        Ok(())
    }

    /// The designs matching `color`, kept to `admitted` (all when `None`).
    fn hits(&self, color: &ColorQuery, admitted: Option<&HashSet<String>>) -> PaletteHits {
        let [l, a, b] = color.lab;
        let reach = lightness_reach(color.distance);
        // Per slot: best score and closest distance, NaN while unmatched.
        let mut best = vec![(f64::NAN, f64::NAN); self.designs.len()];
        let mut matched = Vec::new();
        for bin in bins_within(color.lab, color.distance) {
            let colours = &self.bins[bin as usize];
            let start = colours.partition_point(|c| c.l < l - reach);
            let mut last = ([f64::NAN; 3], f64::NAN);
            for c in colours[start..].iter().take_while(|c| c.l <= l + reach) {
                let lab = [c.l, c.a, c.b];
                if lab != last.0 {
                    // As the database calls it: the palette colour first. Most colours here are
                    // out of reach, and told so without the angles of the exact distance.
                    let out = ciede2000_floor(lab, [l, a, b]) > color.distance + FLOOR_ROUNDING;
                    last = (
                        lab,
                        if out {
                            f64::INFINITY
                        } else {
                            ciede2000(lab, [l, a, b])
                        },
                    );
                }
                let distance = last.1;
                if distance > color.distance {
                    continue;
                }
                let score = match_score(distance, c.share);
                let slot = &mut best[c.design as usize];
                if slot.0.is_nan() {
                    matched.push(c.design);
                    *slot = (score, distance);
                } else {
                    *slot = (slot.0.min(score), slot.1.min(distance));
                }
            }
        }
        if let Some(admitted) = admitted {
            let mut admits = vec![false; self.designs.len()];
            for design in admitted {
                if let Some(&slot) = self.slot_of.get(design) {
                    admits[slot as usize] = true;
                }
            }
            matched.retain(|&slot| admits[slot as usize]);
        }
        let hits = matched
            .into_iter()
            .map(|slot| {
                let (score, distance) = best[slot as usize];
                PaletteHit {
                    slot,
                    score,
                    distance,
                }
            })
            .collect();
        PaletteHits {
            load: self.load,
            hits,
        }
    }

    fn len(&self) -> usize {
        self.bins.iter().map(Vec::len).sum()
    }
}

/// The palette colours of one instance; empty until [`PaletteIndex::load`].
#[derive(Default)]
pub struct PaletteIndex {
    palettes: RwLock<Option<Palettes>>,
}

impl PaletteIndex {
    /// Reads every palette colour (one bin at a time, from the bin index alone).
    pub fn load(&self, conn: &mut DbConnection) -> Result<(), SearchError> {
        let revision = catalog_revision(conn)?;
        let mut palettes = Palettes::new(revision);
        for bin in 0..BINS as i32 {
            let rows: Vec<(String, f64, f64, f64, f64)> = colorway_colors::table
                .filter(colorway_colors::bin.eq(bin))
                .select((
                    colorway_colors::design_guid,
                    colorway_colors::l,
                    colorway_colors::a,
                    colorway_colors::b,
                    colorway_colors::share,
                ))
                .load(conn)?;
            for (design, l, a, b, share) in rows {
                palettes.add(&design, bin, [l, a, b], share);
            }
            palettes.order([bin as u16]);
        }
        *self
            .palettes
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Some(palettes);
        Ok(())
    }

    /// Whether [`PaletteIndex::load`] has finished.
    pub fn is_loaded(&self) -> bool {
        self.palettes
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// Palette colours held.
    pub fn len(&self) -> usize {
        self.palettes
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map_or(0, Palettes::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The designs matching `color` as of `revision` (read by the caller before anything else),
    /// kept to `admitted` (all when `None`), in no order; `None` while nothing is loaded.
    pub fn hits(
        &self,
        conn: &mut DbConnection,
        revision: i64,
        color: &ColorQuery,
        admitted: Option<&HashSet<String>>,
    ) -> Result<Option<PaletteHits>, SearchError> {
        {
            let palettes = self.palettes.read().unwrap_or_else(PoisonError::into_inner);
            match palettes.as_ref() {
                None => return Ok(None),
                Some(p) if p.revision >= revision => return Ok(Some(p.hits(color, admitted))),
                Some(_) => {}
            }
        }
        let mut palettes = self
            .palettes
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        let Some(p) = palettes.as_mut() else {
            return Ok(None);
        };
        if p.revision < revision {
            p.catch_up(conn, revision)?;
        }
        Ok(Some(p.hits(color, admitted)))
    }

    /// The design ids of `slots`, places of the load `load`; `None` if the index was loaded
    /// again since.
    pub fn designs(&self, load: u64, slots: impl Iterator<Item = u32>) -> Option<Vec<String>> {
        let palettes = self.palettes.read().unwrap_or_else(PoisonError::into_inner);
        let p = palettes.as_ref().filter(|p| p.load == load)?;
        Some(slots.map(|slot| p.designs[slot as usize].clone()).collect())
    }
}
