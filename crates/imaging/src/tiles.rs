//! Deep-zoom tile pyramids in the Deep Zoom (DZI) layout that OpenSeadragon reads and
//! `vips dzsave` writes, built in one streaming pass with bounded memory.
//!
//! Conventions (the same as `vips dzsave --layout dz --overlap 0 --tile-size 256 --suffix .jpg`):
//! - level `N = ceil(log2(max(width, height)))` is the full resolution; level `k - 1` is level
//!   `k` halved, rounding up (`ceil(w / 2)`), down to level 0 which is 1x1. So level `k` is
//!   `ceil(width / 2^(N-k)) x ceil(height / 2^(N-k))` — exactly OpenSeadragon's
//!   `DziTileSource` level size.
//! - tiles are 256x256 with **overlap 0** (tiles on the right and bottom edges are smaller);
//!   tile `(col, row)` of level `k` covers pixels `[col*256, min((col+1)*256, w_k))` and the same
//!   for rows. Overlap 0 keeps every tile on a power-of-two grid: a tile of level k-1 is exactly
//!   the 2x2 tiles below it, halved; OpenSeadragon handles overlap 0 without seams.
//! - files: `image.dzi` (the XML descriptor, `Format="jpg"`) beside
//!   `image_files/{level}/{col}_{row}.jpg`; checked against `vips dzsave` 8.14 output for
//!   1000x700 and 257x256 (same levels, tile names and edge-tile sizes);
//! - each lower level is a 2x2 box average of the one above (an odd last column or row is
//!   averaged with itself), JPEG quality 80, 4:2:0.
//!
//! Streaming: rows of the full-resolution level arrive top to bottom. Each level buffers at most
//! 256 rows; when a strip of 256 rows (or the last rows) is complete its tiles are cut, encoded in
//! parallel with rayon and handed to the sink, and every pair of rows is averaged into one row of
//! the next level down as it arrives. Memory is about twice a 256-row strip of the full width.

use rayon::prelude::*;

use crate::ImagingError;
use crate::encode::{TILE_JPEG_QUALITY, encode_jpeg_sampled};
use crate::resize::RgbImage;

/// Tile side in pixels.
pub const TILE_SIZE: u32 = 256;
/// Pixels each tile repeats of its neighbours.
pub const TILE_OVERLAP: u32 = 0;

/// The full-resolution level number: `ceil(log2(max(w, h)))` (0 for a 1x1 image).
pub fn max_level(width: u32, height: u32) -> u32 {
    let m = width.max(height).max(1);
    32 - (m - 1).leading_zeros()
}

/// Size of each level, indexed by level number (0 = 1x1 … N = full size).
pub fn level_sizes(width: u32, height: u32) -> Vec<(u32, u32)> {
    let n = max_level(width, height);
    (0..=n)
        .map(|k| {
            let s = n - k;
            (ceil_shr(width, s), ceil_shr(height, s))
        })
        .collect()
}

fn ceil_shr(v: u32, s: u32) -> u32 {
    if s >= 32 {
        return u32::from(v > 0);
    }
    ((v as u64 + (1u64 << s) - 1) >> s) as u32
}

/// Tiles per level as (columns, rows), indexed by level number.
pub fn level_tiles(width: u32, height: u32) -> Vec<(u32, u32)> {
    level_sizes(width, height)
        .into_iter()
        .map(|(w, h)| (w.div_ceil(TILE_SIZE), h.div_ceil(TILE_SIZE)))
        .collect()
}

/// Total number of tiles of the pyramid.
pub fn tile_count(width: u32, height: u32) -> usize {
    level_tiles(width, height)
        .into_iter()
        .map(|(c, r)| c as usize * r as usize)
        .sum()
}

/// The `.dzi` descriptor of a `width x height` pyramid.
pub fn dzi_xml(width: u32, height: u32) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <Image xmlns=\"http://schemas.microsoft.com/deepzoom/2008\" Format=\"jpg\" \
         Overlap=\"{TILE_OVERLAP}\" TileSize=\"{TILE_SIZE}\">\n  \
         <Size Width=\"{width}\" Height=\"{height}\"/>\n</Image>\n"
    )
}

/// Where tiles go: `(level, col, row, jpeg bytes)`. Called from rayon worker threads.
pub type TileSink<'a> = dyn Fn(u32, u32, u32, Vec<u8>) -> Result<(), ImagingError> + Sync + 'a;

#[derive(Debug)]
struct Level {
    level: u32,
    width: u32,
    height: u32,
    /// Up to TILE_SIZE rows of the current strip.
    buf: Vec<u8>,
    rows_in_buf: u32,
    rows_received: u32,
    tile_row: u32,
}

/// Streaming pyramid builder: feed the full-resolution RGB rows in order.
#[derive(Debug)]
pub struct PyramidBuilder {
    /// Indexed by level number.
    levels: Vec<Level>,
    quality: u8,
}

impl PyramidBuilder {
    pub fn new(width: u32, height: u32) -> Self {
        Self::with_quality(width, height, TILE_JPEG_QUALITY)
    }

    pub fn with_quality(width: u32, height: u32, quality: u8) -> Self {
        let levels = level_sizes(width, height)
            .into_iter()
            .enumerate()
            .map(|(k, (w, h))| Level {
                level: k as u32,
                width: w,
                height: h,
                buf: Vec::new(),
                rows_in_buf: 0,
                rows_received: 0,
                tile_row: 0,
            })
            .collect();
        Self { levels, quality }
    }

    /// Number of levels (max level + 1).
    pub fn level_count(&self) -> u32 {
        self.levels.len() as u32
    }

    /// Feeds full-resolution rows (`n * width * 3` bytes).
    pub fn push_rows(&mut self, rows: &[u8], sink: &TileSink<'_>) -> Result<(), ImagingError> {
        let Some(top) = self.levels.last() else {
            return Ok(());
        };
        let stride = top.width as usize * 3;
        for row in rows.chunks_exact(stride) {
            self.push_row(row, sink)?;
        }
        Ok(())
    }

    /// Feeds one full-resolution row.
    pub fn push_row(&mut self, row: &[u8], sink: &TileSink<'_>) -> Result<(), ImagingError> {
        let quality = self.quality;
        let mut k = self.levels.len() - 1;
        let mut carry: Option<Vec<u8>> = None;
        loop {
            let lvl = &mut self.levels[k];
            if lvl.rows_received >= lvl.height {
                return Err(ImagingError::Encode(format!(
                    "tile level {} got more than {} rows",
                    lvl.level, lvl.height
                )));
            }
            let stride = lvl.width as usize * 3;
            let input: &[u8] = carry.as_deref().unwrap_or(row);
            if input.len() < stride {
                return Err(ImagingError::Encode("tile row too short".into()));
            }
            if lvl.buf.capacity() == 0 {
                lvl.buf
                    .reserve_exact(stride * TILE_SIZE.min(lvl.height) as usize);
            }
            lvl.buf.extend_from_slice(&input[..stride]);
            lvl.rows_in_buf += 1;
            lvl.rows_received += 1;
            let last = lvl.rows_received == lvl.height;
            // A pair of rows (or the odd last one) makes one row of the next level down.
            let down = if k > 0 && (lvl.rows_in_buf.is_multiple_of(2) || last) {
                let r = lvl.rows_in_buf as usize;
                let b = &lvl.buf[(r - 1) * stride..r * stride];
                let a = if r.is_multiple_of(2) {
                    &lvl.buf[(r - 2) * stride..(r - 1) * stride]
                } else {
                    b
                };
                Some(halve_rows(a, b, lvl.width))
            } else {
                None
            };
            if lvl.rows_in_buf == TILE_SIZE || last {
                flush_strip(lvl, quality, sink)?;
            }
            match down {
                Some(d) => {
                    carry = Some(d);
                    k -= 1;
                }
                None => return Ok(()),
            }
        }
    }

    /// Checks every level is complete (all rows fed).
    pub fn finish(self) -> Result<(), ImagingError> {
        for l in &self.levels {
            if l.rows_received != l.height {
                return Err(ImagingError::Encode(format!(
                    "tile level {} got {} of {} rows",
                    l.level, l.rows_received, l.height
                )));
            }
        }
        Ok(())
    }
}

/// 2x2 box average of two rows of width `w` into a row of width `ceil(w/2)`.
fn halve_rows(a: &[u8], b: &[u8], w: u32) -> Vec<u8> {
    let w = w as usize;
    let ow = w.div_ceil(2);
    let mut out = vec![0u8; ow * 3];
    for (x, o) in out.chunks_exact_mut(3).enumerate() {
        let x0 = 2 * x;
        let x1 = (2 * x + 1).min(w - 1);
        for c in 0..3 {
            let s = a[x0 * 3 + c] as u32
                + a[x1 * 3 + c] as u32
                + b[x0 * 3 + c] as u32
                + b[x1 * 3 + c] as u32;
            o[c] = ((s + 2) / 4) as u8;
        }
    }
    out
}

fn flush_strip(lvl: &mut Level, quality: u8, sink: &TileSink<'_>) -> Result<(), ImagingError> {
    let rows = lvl.rows_in_buf;
    let width = lvl.width;
    let cols = width.div_ceil(TILE_SIZE);
    let stride = width as usize * 3;
    let buf = &lvl.buf;
    let (level, tile_row) = (lvl.level, lvl.tile_row);
    (0..cols).into_par_iter().try_for_each(|col| {
        let x0 = (col * TILE_SIZE) as usize;
        let tw = (TILE_SIZE).min(width - col * TILE_SIZE) as usize;
        let mut tile = Vec::with_capacity(tw * rows as usize * 3);
        for r in 0..rows as usize {
            let s = r * stride + x0 * 3;
            tile.extend_from_slice(&buf[s..s + tw * 3]);
        }
        let jpeg = encode_jpeg_sampled(&tile, tw as u32, rows, quality, true)?;
        sink(level, col, tile_row, jpeg)
    })?;
    lvl.buf.clear();
    lvl.rows_in_buf = 0;
    lvl.tile_row += 1;
    Ok(())
}

/// Builds the whole pyramid of an in-memory image (e.g. a re-coloured preview).
pub fn build_pyramid(img: &RgbImage, sink: &TileSink<'_>) -> Result<u32, ImagingError> {
    let mut b = PyramidBuilder::new(img.width, img.height);
    b.push_rows(&img.data, sink)?;
    let n = b.level_count();
    b.finish()?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_dzsave() {
        assert_eq!(max_level(1, 1), 0);
        assert_eq!(max_level(2, 1), 1);
        assert_eq!(max_level(256, 256), 8);
        assert_eq!(max_level(257, 256), 9);
        assert_eq!(max_level(1000, 700), 10);
        let s = level_sizes(1000, 700);
        assert_eq!(s[10], (1000, 700));
        assert_eq!(s[9], (500, 350));
        assert_eq!(s[8], (250, 175));
        assert_eq!(s[7], (125, 88));
        assert_eq!(s[6], (63, 44));
        assert_eq!(s[0], (1, 1));
    }

    #[test]
    fn halving_rounds() {
        let a = [0u8, 0, 0, 10, 10, 10, 100, 100, 100];
        let b = [4u8, 4, 4, 10, 10, 10, 50, 50, 50];
        let out = halve_rows(&a, &b, 3);
        assert_eq!(out, vec![6, 6, 6, 75, 75, 75]);
    }
}
