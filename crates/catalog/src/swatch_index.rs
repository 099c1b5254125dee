//! The swatch index: for each swatch of the colour picker, the designs holding a palette colour
//! within the default colour distance, with the score and distance colour search ranks them by.
//!
//! A colour search scores every palette colour that may be near the chosen one with CIEDE2000:
//! on a large archive that is hundreds of thousands of colours and seconds of work the first
//! time a colour is asked for. The swatches are what customers pick, so their answers are
//! computed once, when a design's palette is stored, and a swatch search at the default distance
//! reads them instead. Any other colour or distance is scored as before.

use db::DbConnection;
use db::schema::{colorway_colors, colorways, designs, swatch_colors, swatch_designs};
use db::sql::Sql;
use desen_core::color::{DEFAULT_COLOR_DISTANCE, ciede2000, match_score, parse_hex};
use diesel::prelude::*;
use diesel::result::Error;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A swatch of the colour picker: a common textile colour, named for translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Swatch {
    pub name: &'static str,
    /// `#rrggbb`.
    pub hex: &'static str,
}

/// The picker's swatches, in the order shown. Changing them rebuilds the index at start-up.
pub const SWATCHES: [Swatch; 14] = [
    Swatch {
        name: "red",
        hex: "#c62828",
    },
    Swatch {
        name: "orange",
        hex: "#ef6c00",
    },
    Swatch {
        name: "yellow",
        hex: "#f9a825",
    },
    Swatch {
        name: "green",
        hex: "#2e7d32",
    },
    Swatch {
        name: "teal",
        hex: "#00897b",
    },
    Swatch {
        name: "blue",
        hex: "#1565c0",
    },
    Swatch {
        name: "navy",
        hex: "#1a237e",
    },
    Swatch {
        name: "purple",
        hex: "#6a1b9a",
    },
    Swatch {
        name: "pink",
        hex: "#d81b60",
    },
    Swatch {
        name: "brown",
        hex: "#6d4c41",
    },
    Swatch {
        name: "beige",
        hex: "#d7c4a3",
    },
    Swatch {
        name: "white",
        hex: "#ffffff",
    },
    Swatch {
        name: "grey",
        hex: "#9e9e9e",
    },
    Swatch {
        name: "black",
        hex: "#212121",
    },
];

/// Designs per batch when the whole index is rebuilt.
const REBUILD_BATCH: i64 = 500;
/// Rows per INSERT (four values each, well under SQLite's bound-parameter limit).
const ROWS_PER_INSERT: usize = 200;

/// The CIELAB of an sRGB colour, exactly as a search computes it for the colour it is given.
pub fn lab_of(rgb: [u8; 3]) -> [f64; 3] {
    let lab = imaging::color::srgb_to_lab(rgb);
    [f64::from(lab.l), f64::from(lab.a), f64::from(lab.b)]
}

/// The swatch an sRGB colour is, if any.
pub fn swatch_of(rgb: [u8; 3]) -> Option<i32> {
    SWATCHES
        .iter()
        .position(|s| parse_hex(s.hex) == Some(rgb))
        .map(|i| i as i32)
}

/// One row of the index: a design's best score and closest distance for a swatch.
#[derive(Debug, Clone, PartialEq)]
pub struct SwatchHit {
    pub swatch: i32,
    pub score: f64,
    pub distance: f64,
}

/// The swatches a design's palette (CIELAB and share of each colour, over all its colorways)
/// comes within the default distance of, scored the way colour search scores them.
pub fn swatch_hits(palette: &[([f64; 3], f64)]) -> Vec<SwatchHit> {
    let mut hits = Vec::new();
    for (swatch, s) in SWATCHES.iter().enumerate() {
        let Some(rgb) = parse_hex(s.hex) else {
            continue;
        };
        let target = lab_of(rgb);
        let mut best: Option<(f64, f64)> = None;
        for &(lab, share) in palette {
            // Same argument order as the database's `desen_ciede2000(l, a, b, …)`.
            let distance = ciede2000(lab, target);
            if distance > DEFAULT_COLOR_DISTANCE {
                continue;
            }
            let score = match_score(distance, share);
            best = Some(match best {
                None => (score, distance),
                Some((s, d)) => (s.min(score), d.min(distance)),
            });
        }
        if let Some((score, distance)) = best {
            hits.push(SwatchHit {
                swatch: swatch as i32,
                score,
                distance,
            });
        }
    }
    hits
}

/// Files a new design's palette in the index (in the transaction that stores the palette).
pub fn index_design(
    conn: &mut DbConnection,
    design: &str,
    palette: &[([f64; 3], f64)],
) -> Result<(), Error> {
    let rows: Vec<(String, SwatchHit)> = swatch_hits(palette)
        .into_iter()
        .map(|hit| (design.to_owned(), hit))
        .collect();
    insert(conn, &rows)
}

fn insert(conn: &mut DbConnection, rows: &[(String, SwatchHit)]) -> Result<(), Error> {
    for batch in rows.chunks(ROWS_PER_INSERT) {
        let mut sql =
            Sql::new("INSERT INTO swatch_designs (swatch, design_guid, score, distance) VALUES ");
        for (i, (design, hit)) in batch.iter().enumerate() {
            sql.push(if i == 0 { "(" } else { ", (" })
                .bind(hit.swatch)
                .push(", ")
                .bind(design)
                .push(", ")
                .bind(hit.score)
                .push(", ")
                .bind(hit.distance)
                .push(")");
        }
        sql.execute(conn)?;
    }
    Ok(())
}

/// Rebuilds the whole index when the swatches it was computed for are not [`SWATCHES`] (a new
/// database with designs stored before the index existed, or changed swatches). Answers whether
/// it rebuilt. Runs in one transaction: searches keep the old index until it commits.
pub fn ensure_current(conn: &mut DbConnection) -> Result<bool, Error> {
    let stored: Vec<(i32, String)> = swatch_colors::table
        .order(swatch_colors::swatch)
        .load(conn)?;
    let current: Vec<(i32, String)> = SWATCHES
        .iter()
        .enumerate()
        .map(|(i, s)| (i as i32, s.hex.to_owned()))
        .collect();
    if stored == current {
        return Ok(false);
    }
    conn.transaction(|conn| {
        rebuild(conn)?;
        diesel::delete(swatch_colors::table).execute(conn)?;
        for (swatch, hex) in &current {
            diesel::insert_into(swatch_colors::table)
                .values((swatch_colors::swatch.eq(swatch), swatch_colors::hex.eq(hex)))
                .execute(conn)?;
        }
        Ok(true)
    })
}

/// Computes the index afresh from every stored palette, a batch of designs at a time.
pub fn rebuild(conn: &mut DbConnection) -> Result<(), Error> {
    diesel::delete(swatch_designs::table).execute(conn)?;
    let mut after = String::new();
    loop {
        let batch: Vec<String> = designs::table
            .filter(designs::guid.gt(&after))
            .order(designs::guid)
            .select(designs::guid)
            .limit(REBUILD_BATCH)
            .load(conn)?;
        let Some(last) = batch.last().cloned() else {
            return Ok(());
        };
        // Two keyed reads (colorways by design, colours by colorway) rather than a join the
        // planner might answer by scanning every palette colour once per batch.
        let ways: Vec<String> = colorways::table
            .filter(colorways::design_guid.eq_any(&batch))
            .select(colorways::guid)
            .load(conn)?;
        let colors: Vec<(String, f64, f64, f64, f64)> = colorway_colors::table
            .filter(colorway_colors::colorway_guid.eq_any(&ways))
            .select((
                colorway_colors::design_guid,
                colorway_colors::l,
                colorway_colors::a,
                colorway_colors::b,
                colorway_colors::share,
            ))
            .load(conn)?;
        let mut palettes: HashMap<String, Vec<([f64; 3], f64)>> = HashMap::new();
        for (design, l, a, b, share) in colors {
            palettes.entry(design).or_default().push(([l, a, b], share));
        }
        let rows: Vec<(String, SwatchHit)> = palettes
            .into_iter()
            .flat_map(|(design, palette)| {
                swatch_hits(&palette)
                    .into_iter()
                    .map(move |hit| (design.clone(), hit))
            })
            .collect();
        insert(conn, &rows)?;
        after = last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swatches_are_valid_and_distinct() {
        for (i, s) in SWATCHES.iter().enumerate() {
            let rgb = parse_hex(s.hex).expect("hex");
            assert_eq!(swatch_of(rgb), Some(i as i32), "{}", s.name);
        }
    }

    #[test]
    fn a_palette_scores_as_search_does() {
        let navy = lab_of([0x1a, 0x23, 0x7e]);
        let near = [navy[0] + 1.0, navy[1], navy[2]];
        let far = lab_of([0xff, 0xff, 0x00]);
        let hits = swatch_hits(&[(far, 0.7), (near, 0.2), (navy, 0.1)]);
        let navy_hit = hits.iter().find(|h| h.swatch == 6).expect("navy");
        let near_distance = ciede2000(near, navy);
        // Best score: the exact colour at 10% (0 + 9) against the near one at 20% (d + 8).
        assert_eq!(navy_hit.score, (near_distance + 8.0).min(9.0));
        assert_eq!(navy_hit.distance, 0.0);
        assert!(hits.iter().all(|h| h.swatch != 0), "red is far from both");
    }
}
