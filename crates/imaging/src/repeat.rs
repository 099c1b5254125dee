//! The repeat engine every view of a design at scale uses (the repeated view's tiles, the 75 and
//! 150 cm fabric, print size, wear renders): where a point of the endless printed plane reads
//! from the design's period, for a straight (block) repeat, a half-drop or half-brick, any custom
//! shift, and mirror; sampling it from a level of the stored deep-zoom pyramid, loading only the
//! tiles a view needs; and the seam check that finds a broken repeat.
//!
//! Coordinates: the plane's pixel `(x, y)` at some pyramid level; `(0, 0)` is the top-left pixel
//! of one copy of the design. A drop shifts each column of copies down by `s` pixels more than
//! the one on its left; a brick shifts each row of copies right. Mirror flips every other column
//! of copies left to right and every other row top to bottom (a four-way mirror).

use std::collections::BTreeSet;
use std::sync::Arc;

use rayon::prelude::*;

use crate::ImagingError;
use crate::resize::RgbImage;
use crate::tiles::TILE_SIZE;

/// How copies of the design are shifted against each other, as a share of the period (0 to 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shift {
    /// A straight (block) repeat.
    None,
    /// Each column of copies drops by this share of the height (a half-drop at 0.5).
    Drop(f64),
    /// Each row of copies moves right by this share of the width (a half-brick at 0.5).
    Brick(f64),
}

/// A design's repeat: its shift and whether copies are mirrored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Repeat {
    pub shift: Shift,
    pub mirror: bool,
}

impl Repeat {
    pub const STRAIGHT: Repeat = Repeat {
        shift: Shift::None,
        mirror: false,
    };

    /// The repeat of a design as stored: `direction` (`vertical` drops, `horizontal` bricks),
    /// `offset` (`none`, `1/2`, `1/3`, `1/4` or `custom`) and the custom shift in pixels of the
    /// design file (`width x height`), taken modulo the period.
    pub fn of_design(
        direction: &str,
        offset: &str,
        custom_px: Option<f64>,
        width: u32,
        height: u32,
        mirror: bool,
    ) -> Repeat {
        let along = match direction {
            "vertical" => height,
            "horizontal" => width,
            _ => 0,
        };
        let share = match offset {
            "1/2" => 0.5,
            "1/3" => 1.0 / 3.0,
            "1/4" => 0.25,
            "custom" if along > 0 => {
                let px = custom_px.filter(|v| v.is_finite()).unwrap_or(0.0);
                (px / f64::from(along)).rem_euclid(1.0)
            }
            _ => 0.0,
        };
        let shift = match direction {
            _ if share == 0.0 => Shift::None,
            "vertical" => Shift::Drop(share),
            "horizontal" => Shift::Brick(share),
            _ => Shift::None,
        };
        Repeat { shift, mirror }
    }

    /// The shift in pixels for a period of `w x h` (0 without a shift).
    pub fn shift_px(&self, w: u32, h: u32) -> i64 {
        match self.shift {
            Shift::None => 0,
            Shift::Drop(share) => (share * f64::from(h)).round() as i64,
            Shift::Brick(share) => (share * f64::from(w)).round() as i64,
        }
    }

    /// How many periods across a view should show so the shift can be seen whole: 3, or the
    /// shift's denominator (a quarter drop needs 4 columns to come round).
    pub fn periods_to_show(&self) -> u32 {
        let share = match self.shift {
            Shift::None => return if self.mirror { 4 } else { 3 },
            Shift::Drop(s) | Shift::Brick(s) => s,
        };
        let n = (1..=8)
            .find(|n| ((share * f64::from(*n)).round() - share * f64::from(*n)).abs() < 1e-6)
            .unwrap_or(3);
        let n = n.max(3);
        if self.mirror { n.max(4) } else { n }
    }

    /// The copy `(column, row)` the plane's pixel `(x, y)` lies in, and the pixel of the period
    /// (`w x h`) it shows.
    pub fn locate(&self, x: i64, y: i64, w: u32, h: u32) -> (u32, u32) {
        let (w64, h64) = (i64::from(w.max(1)), i64::from(h.max(1)));
        let s = self.shift_px(w, h);
        let (col, row, sx, sy) = match self.shift {
            Shift::Brick(_) => {
                let row = y.div_euclid(h64);
                let xx = x - row * s;
                (
                    xx.div_euclid(w64),
                    row,
                    xx.rem_euclid(w64),
                    y.rem_euclid(h64),
                )
            }
            _ => {
                let col = x.div_euclid(w64);
                let yy = y - col * s;
                (
                    col,
                    yy.div_euclid(h64),
                    x.rem_euclid(w64),
                    yy.rem_euclid(h64),
                )
            }
        };
        let sx = if self.mirror && col.rem_euclid(2) == 1 {
            w64 - 1 - sx
        } else {
            sx
        };
        let sy = if self.mirror && row.rem_euclid(2) == 1 {
            h64 - 1 - sy
        } else {
            sy
        };
        (sx as u32, sy as u32)
    }

    /// Every pixel of the period the plane's rectangle `[x0, x1) x [y0, y1)` shows, as rectangles
    /// of the period (`w x h`): one per copy it crosses, or `None` when it crosses so many copies
    /// (a tiny period) that the whole period is simpler.
    fn rects_in(&self, x0: i64, y0: i64, x1: i64, y1: i64, w: u32, h: u32) -> Option<Vec<Rect>> {
        const MAX_COPIES: usize = 4096;
        let (w64, h64) = (i64::from(w.max(1)), i64::from(h.max(1)));
        let s = self.shift_px(w, h);
        let mut rects = Vec::new();
        // Along the unshifted axis first, then the shifted one within each strip.
        let brick = matches!(self.shift, Shift::Brick(_));
        let (a0, a1, b0, b1, a_len, b_len) = if brick {
            (y0, y1, x0, x1, h64, w64)
        } else {
            (x0, x1, y0, y1, w64, h64)
        };
        for strip in a0.div_euclid(a_len)..=(a1 - 1).div_euclid(a_len) {
            let (la0, la1) = (
                a0.max(strip * a_len) - strip * a_len,
                a1.min((strip + 1) * a_len) - strip * a_len,
            );
            let (bb0, bb1) = (b0 - strip * s, b1 - strip * s);
            for copy in bb0.div_euclid(b_len)..=(bb1 - 1).div_euclid(b_len) {
                let (lb0, lb1) = (
                    bb0.max(copy * b_len) - copy * b_len,
                    bb1.min((copy + 1) * b_len) - copy * b_len,
                );
                let (col, row, (rx0, rx1), (ry0, ry1)) = if brick {
                    (copy, strip, (lb0, lb1), (la0, la1))
                } else {
                    (strip, copy, (la0, la1), (lb0, lb1))
                };
                let (rx0, rx1) = if self.mirror && col.rem_euclid(2) == 1 {
                    (w64 - rx1, w64 - rx0)
                } else {
                    (rx0, rx1)
                };
                let (ry0, ry1) = if self.mirror && row.rem_euclid(2) == 1 {
                    (h64 - ry1, h64 - ry0)
                } else {
                    (ry0, ry1)
                };
                rects.push(Rect {
                    x0: rx0 as u32,
                    y0: ry0 as u32,
                    x1: rx1 as u32,
                    y1: ry1 as u32,
                });
                if rects.len() > MAX_COPIES {
                    return None;
                }
            }
        }
        Some(rects)
    }
}

#[derive(Debug, Clone, Copy)]
struct Rect {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
}

/// One level of a design's tile pyramid with the tiles a view needs loaded (or a whole image
/// in memory, as one tile).
pub struct Texture {
    pub width: u32,
    pub height: u32,
    tile: u32,
    cols: u32,
    tiles: Vec<Option<Arc<RgbImage>>>,
}

impl Texture {
    /// A whole image as a texture.
    pub fn from_image(image: RgbImage) -> Texture {
        Texture::shared(Arc::new(image))
    }

    /// A whole image held elsewhere too (a cache) as a texture.
    pub fn shared(image: Arc<RgbImage>) -> Texture {
        Texture {
            width: image.width,
            height: image.height,
            tile: image.width.max(image.height).max(1),
            cols: 1,
            tiles: vec![Some(image)],
        }
    }

    /// A `width x height` pyramid level, loading (in parallel) the tiles that `needed` names, by
    /// `(column, row)`, with `load` (shared: a tile held in a cache is not copied).
    pub fn load<F>(
        width: u32,
        height: u32,
        needed: &[(u32, u32)],
        load: F,
    ) -> Result<Texture, ImagingError>
    where
        F: Fn(u32, u32) -> Result<Arc<RgbImage>, ImagingError> + Sync,
    {
        let cols = width.div_ceil(TILE_SIZE).max(1);
        let rows = height.div_ceil(TILE_SIZE).max(1);
        let loaded: Vec<((u32, u32), Arc<RgbImage>)> = needed
            .par_iter()
            .filter(|(c, r)| *c < cols && *r < rows)
            .map(|&(c, r)| load(c, r).map(|tile| ((c, r), tile)))
            .collect::<Result<_, _>>()?;
        let mut tiles: Vec<Option<Arc<RgbImage>>> = vec![None; (cols * rows) as usize];
        for ((c, r), tile) in loaded {
            tiles[(r * cols + c) as usize] = Some(tile);
        }
        Ok(Texture {
            width,
            height,
            tile: TILE_SIZE,
            cols,
            tiles,
        })
    }

    /// The pixel `(x, y)` of the level (clamped into it); a tile not loaded reads neutral grey.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let (x, y) = (x.min(self.width - 1), y.min(self.height - 1));
        let (c, r) = (x / self.tile, y / self.tile);
        match &self.tiles[(r * self.cols + c) as usize] {
            Some(tile) => {
                let (tx, ty) = (
                    (x - c * self.tile).min(tile.width - 1),
                    (y - r * self.tile).min(tile.height - 1),
                );
                tile.pixel(tx, ty)
            }
            None => [128; 3],
        }
    }
}

/// Where a view's pixels come from: a pyramid level (`level_size`, the period at that level),
/// the repeat, how many level pixels one output pixel spans, and the level pixel at the output's
/// top-left corner.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    pub repeat: Repeat,
    pub level_size: (u32, u32),
    pub scale: f64,
    pub origin: (f64, f64),
}

impl Placement {
    /// The tiles of the level an output of `out_w x out_h` reads, with `margin` output pixels
    /// around it (a wear model's displacement).
    pub fn tiles_needed(&self, out_w: u32, out_h: u32, margin: f64) -> Vec<(u32, u32)> {
        let (w, h) = self.level_size;
        let to_level = |v: f64, o: f64| (o + v * self.scale).floor() as i64;
        let (x0, y0) = (
            to_level(-margin, self.origin.0) - 1,
            to_level(-margin, self.origin.1) - 1,
        );
        let (x1, y1) = (
            to_level(f64::from(out_w) + margin, self.origin.0) + 2,
            to_level(f64::from(out_h) + margin, self.origin.1) + 2,
        );
        let all = || {
            let (cols, rows) = (w.div_ceil(TILE_SIZE), h.div_ceil(TILE_SIZE));
            (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (c, r)))
                .collect()
        };
        let Some(rects) = self.repeat.rects_in(x0, y0, x1, y1, w, h) else {
            return all();
        };
        let mut set = BTreeSet::new();
        for r in rects.into_iter().filter(|r| r.x1 > r.x0 && r.y1 > r.y0) {
            for row in r.y0 / TILE_SIZE..=(r.y1 - 1) / TILE_SIZE {
                for col in r.x0 / TILE_SIZE..=(r.x1 - 1) / TILE_SIZE {
                    set.insert((col, row));
                }
            }
        }
        set.into_iter().collect()
    }

    /// The colour the output pixel `(ox, oy)` shows (its centre, moved by `(dx, dy)` output
    /// pixels): the nearest level pixel, or the mean of four when an output pixel spans more
    /// than about one level pixel (a view between two pyramid levels).
    pub fn sample(&self, texture: &Texture, ox: f64, oy: f64) -> [u8; 3] {
        let (w, h) = self.level_size;
        let at = |fx: f64, fy: f64| {
            let x = (self.origin.0 + fx * self.scale).floor() as i64;
            let y = (self.origin.1 + fy * self.scale).floor() as i64;
            let (sx, sy) = self.repeat.locate(x, y, w, h);
            texture.pixel(sx, sy)
        };
        if self.scale <= 1.25 {
            return at(ox + 0.5, oy + 0.5);
        }
        let mut sum = [0u32; 3];
        for (fx, fy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
            let p = at(ox + fx, oy + fy);
            for c in 0..3 {
                sum[c] += u32::from(p[c]);
            }
        }
        sum.map(|v| ((v + 2) / 4) as u8)
    }

    /// The plane drawn into an `out_w x out_h` image, rows in parallel.
    pub fn render(&self, texture: &Texture, out_w: u32, out_h: u32) -> RgbImage {
        let mut out = RgbImage::new(out_w, out_h);
        out.data
            .par_chunks_mut(out_w as usize * 3)
            .enumerate()
            .for_each(|(y, row)| {
                for (x, px) in row.chunks_exact_mut(3).enumerate() {
                    px.copy_from_slice(&self.sample(texture, x as f64, y as f64));
                }
            });
        out
    }
}

/// The pyramid level to read for a view showing `out_per_full` output pixels per full-size pixel
/// of a `full_w x full_h` design: the smallest level with at least one level pixel per output
/// pixel (the full size when even that is short), as `(level, its width, its height)`.
pub fn level_for(full_w: u32, full_h: u32, out_per_full: f64) -> (u32, u32, u32) {
    pick_level(
        full_w,
        &crate::tiles::level_sizes(full_w, full_h),
        out_per_full,
    )
}

/// [`level_for`] among given level sizes, smallest first (a pyramid, or a preview alone).
pub fn pick_level(full_w: u32, levels: &[(u32, u32)], out_per_full: f64) -> (u32, u32, u32) {
    let needed = f64::from(full_w) * out_per_full - 1e-9;
    let (k, &(w, h)) = levels
        .iter()
        .enumerate()
        .find(|(_, (w, _))| f64::from(*w) >= needed)
        .or_else(|| levels.iter().enumerate().next_back())
        .unwrap_or((0, &(1, 1)));
    (k as u32, w, h)
}

/// Where a view drawn at `out_px_per_cm` from the plane's origin reads a design `full_w` pixels
/// wide at `px_per_cm`, among `levels`: the level and the placement.
pub fn place(
    full_w: u32,
    px_per_cm: f64,
    levels: &[(u32, u32)],
    repeat: Repeat,
    out_px_per_cm: f64,
) -> (u32, Placement) {
    let out_per_full = out_px_per_cm / px_per_cm.max(1e-6);
    let (level, lw, lh) = pick_level(full_w, levels, out_per_full);
    (
        level,
        Placement {
            repeat,
            level_size: (lw, lh),
            scale: f64::from(lw) / f64::from(full_w.max(1)) / out_per_full,
            origin: (0.0, 0.0),
        },
    )
}

/// The layout of a fabric view: `width_cm` of fabric (75 or 150) drawn `out_w` pixels wide,
/// `length_cm` long, for a design `design_cm` in size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FabricLayout {
    pub px_per_cm: f64,
    pub width_px: u32,
    pub length_px: u32,
    /// How many design widths fit across the fabric (fractional: the last copy is cut at the
    /// selvedge).
    pub repeats_across: f64,
    pub repeats_along: f64,
}

pub fn fabric_layout(
    width_cm: f64,
    length_cm: f64,
    out_w: u32,
    design_cm: (f64, f64),
) -> FabricLayout {
    let px_per_cm = f64::from(out_w) / width_cm;
    FabricLayout {
        px_per_cm,
        width_px: out_w,
        length_px: (length_cm * px_per_cm).round().max(1.0) as u32,
        repeats_across: width_cm / design_cm.0.max(0.01),
        repeats_along: length_cm / design_cm.1.max(0.01),
    }
}

/// Where the repeat does not join up: runs along the right edge (`vertical`, as shares of the
/// height) and along the bottom edge (`horizontal`, as shares of the width) where the colours
/// jump across the seam much more than they change inside the design.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Seams {
    pub vertical: Vec<(f64, f64)>,
    pub horizontal: Vec<(f64, f64)>,
}

impl Seams {
    pub fn is_clean(&self) -> bool {
        self.vertical.is_empty() && self.horizontal.is_empty()
    }
}

/// Rows (or columns) judged together along a seam.
const SEAM_RUN: u32 = 8;

/// Checks the seams of a whole period in memory (a small pyramid level) under `repeat`.
pub fn check_seams(period: &Texture, repeat: &Repeat) -> Seams {
    let (w, h) = (period.width, period.height);
    if w < 4 || h < 4 {
        return Seams::default();
    }
    let plane = |x: i64, y: i64| {
        let (sx, sy) = repeat.locate(x, y, w, h);
        period.pixel(sx, sy)
    };
    let diff = |a: [u8; 3], b: [u8; 3]| {
        a.iter()
            .zip(b)
            .map(|(p, q)| (i32::from(*p) - i32::from(q)).abs())
            .sum::<i32>() as f64
            / 3.0
    };
    let (w64, h64) = (i64::from(w), i64::from(h));
    // Across the right edge: the last column of the copy at the origin and the first of its
    // right-hand neighbour, against the steps just inside on either side.
    // The design's own steps: the mean of the four on either side of the seam.
    let steps = |at: &dyn Fn(i64) -> [u8; 3], seam: i64| {
        let inside: f64 = (1..=4)
            .map(|k| diff(at(seam - k - 1), at(seam - k)) + diff(at(seam + k - 1), at(seam + k)))
            .sum();
        (diff(at(seam - 1), at(seam)), inside / 8.0)
    };
    let vertical = runs(h, |y| steps(&|x| plane(x, i64::from(y)), w64));
    let horizontal = runs(w, |x| steps(&|y| plane(i64::from(x), y), h64));
    Seams {
        vertical,
        horizontal,
    }
}

/// The runs along an edge of `len` pixels where the step across the seam stands out, merged,
/// as shares of the edge.
fn runs(len: u32, step: impl Fn(u32) -> (f64, f64)) -> Vec<(f64, f64)> {
    let mut found: Vec<(f64, f64)> = Vec::new();
    let mut start = 0;
    while start < len {
        let end = (start + SEAM_RUN).min(len);
        let (mut seam, mut inside) = (0.0, 0.0);
        for i in start..end {
            let (s, n) = step(i);
            seam += s;
            inside += n;
        }
        let n = f64::from(end - start);
        let (seam, inside) = (seam / n, inside / n);
        // A seam is a jump far larger than the design's own steps there (JPEG noise and fine
        // detail included) and large enough to see.
        if seam > 14.0 && seam > 2.5 * inside + 8.0 {
            let (a, b) = (
                f64::from(start) / f64::from(len),
                f64::from(end) / f64::from(len),
            );
            match found.last_mut() {
                Some(last) if (last.1 - a).abs() < 1e-9 => last.1 = b,
                _ => found.push((a, b)),
            }
        }
        start = end;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A period where every pixel is different: (x, y) coded into the colour.
    fn coded(w: u32, h: u32) -> RgbImage {
        let mut img = RgbImage::new(w, h);
        for y in 0..h {
            for x in 0..w {
                let i = ((y * w + x) * 3) as usize;
                img.data[i..i + 3].copy_from_slice(&[
                    x as u8,
                    y as u8,
                    ((x * 7 + y * 13) % 251) as u8,
                ]);
            }
        }
        img
    }

    fn plane(t: &Texture, r: &Repeat, x: i64, y: i64) -> [u8; 3] {
        let (sx, sy) = r.locate(x, y, t.width, t.height);
        t.pixel(sx, sy)
    }

    /// Every repeat type reproduces the design one period away, pixel for pixel: along its
    /// translation vectors (a drop moves the next column down by the shift), and nowhere else.
    #[test]
    fn each_repeat_type_repeats_exactly_one_period_away() {
        let (w, h) = (40u32, 30u32);
        let t = Texture::from_image(coded(w, h));
        let cases = [
            (Repeat::STRAIGHT, (40, 0), (0, 30)),
            (
                Repeat::of_design("vertical", "1/2", None, w, h, false),
                (40, 15),
                (0, 30),
            ),
            (
                Repeat::of_design("vertical", "1/3", None, w, h, false),
                (40, 10),
                (0, 30),
            ),
            (
                Repeat::of_design("horizontal", "1/2", None, w, h, false),
                (20, 30),
                (40, 0),
            ),
            (
                Repeat::of_design("horizontal", "1/4", None, w, h, false),
                (10, 30),
                (40, 0),
            ),
            (
                Repeat::of_design("vertical", "custom", Some(7.0), w, h, false),
                (40, 7),
                (0, 30),
            ),
            (
                Repeat {
                    shift: Shift::None,
                    mirror: true,
                },
                (80, 0),
                (0, 60),
            ),
        ];
        for (repeat, a, b) in cases {
            for y in -70i64..70 {
                for x in -90i64..90 {
                    let here = plane(&t, &repeat, x, y);
                    assert_eq!(
                        here,
                        plane(&t, &repeat, x + a.0, y + a.1),
                        "{repeat:?} at {x},{y}"
                    );
                    assert_eq!(
                        here,
                        plane(&t, &repeat, x + b.0, y + b.1),
                        "{repeat:?} at {x},{y}"
                    );
                }
            }
            // The copy at the origin is the design itself.
            assert_eq!(plane(&t, &repeat, 3, 4), t.pixel(3, 4));
        }
        // A half-drop is not a straight repeat: the right-hand copy does not line up.
        let drop = Repeat::of_design("vertical", "1/2", None, w, h, false);
        assert_ne!(plane(&t, &drop, 5, 5), plane(&t, &drop, 45, 5));
        // Mirror: the right-hand copy is the design flipped left to right.
        let mirror = Repeat {
            shift: Shift::None,
            mirror: true,
        };
        assert_eq!(plane(&t, &mirror, 40, 3), t.pixel(39, 3));
        assert_eq!(plane(&t, &mirror, 2, 30), t.pixel(2, 29));
    }

    #[test]
    fn a_custom_shift_is_taken_modulo_the_period() {
        let r = Repeat::of_design("horizontal", "custom", Some(130.0), 100, 50, false);
        assert!(
            matches!(r.shift, Shift::Brick(s) if (s - 0.3).abs() < 1e-9),
            "{r:?}"
        );
        assert_eq!(r.shift_px(100, 50), 30);
        assert_eq!(
            Repeat::of_design("vertical", "custom", Some(0.0), 100, 50, false).shift,
            Shift::None
        );
        assert_eq!(
            Repeat::of_design("none", "1/2", None, 100, 50, false).shift,
            Shift::None
        );
        assert_eq!(
            Repeat::of_design("vertical", "1/4", None, 10, 10, false).periods_to_show(),
            4
        );
        assert_eq!(
            Repeat::of_design("vertical", "1/2", None, 10, 10, false).periods_to_show(),
            3
        );
    }

    /// The tiles a view asks for are exactly those its pixels read.
    #[test]
    fn a_view_loads_only_the_tiles_it_reads() {
        let (w, h) = (700u32, 600u32);
        for repeat in [
            Repeat::STRAIGHT,
            Repeat::of_design("vertical", "1/3", None, w, h, false),
            Repeat::of_design("horizontal", "1/2", None, w, h, true),
        ] {
            let p = Placement {
                repeat,
                level_size: (w, h),
                scale: 1.0,
                origin: (650.0, 580.0),
            };
            let needed = p.tiles_needed(300, 200, 0.0);
            let mut read = BTreeSet::new();
            for y in 0..200 {
                for x in 0..300 {
                    let (sx, sy) = repeat.locate(650 + x, 580 + y, w, h);
                    read.insert((sx / TILE_SIZE, sy / TILE_SIZE));
                }
            }
            assert!(
                read.iter().all(|t| needed.contains(t)),
                "{repeat:?}: {read:?} not in {needed:?}"
            );
            assert!(
                needed.len() < 9,
                "{repeat:?} loads {} of 9 tiles",
                needed.len()
            );
        }
    }

    #[test]
    fn a_level_is_picked_with_at_least_one_pixel_per_output_pixel() {
        // 12,000 px: levels 12000, 6000, 3000, …
        assert_eq!(level_for(12_000, 8_000, 1.0), (14, 12_000, 8_000));
        assert_eq!(level_for(12_000, 8_000, 0.4), (13, 6_000, 4_000));
        assert_eq!(level_for(12_000, 8_000, 0.2), (12, 3_000, 2_000));
        assert_eq!(level_for(12_000, 8_000, 3.0).0, 14);
    }

    /// A design 64 cm wide repeats 150 / 64 times across 150 cm of fabric: counted on the
    /// render by the copies' left edges (a marker column).
    #[test]
    fn the_fabric_view_repeats_as_often_as_the_design_size_says() {
        for (width_cm, design_cm) in [(150.0, 64.0), (75.0, 64.0), (150.0, 25.4), (75.0, 12.5)] {
            // The design at 100 px per cm: a white field with a black marker column at x = 0.
            let (w, h) = ((design_cm * 10.0) as u32, 200u32);
            let mut img = RgbImage::new(w, h);
            img.data.fill(255);
            for y in 0..h {
                let i = (y * w * 3) as usize;
                img.data[i..i + 3].fill(0);
            }
            let t = Texture::from_image(img);
            let layout = fabric_layout(width_cm, 100.0, 1500, (design_cm, 20.0));
            assert_eq!(layout.length_px, (1500.0 / width_cm * 100.0).round() as u32);
            let design_px_per_cm = f64::from(w) / design_cm;
            let p = Placement {
                repeat: Repeat::STRAIGHT,
                level_size: (w, h),
                scale: design_px_per_cm / layout.px_per_cm,
                origin: (0.0, 0.0),
            };
            let view = p.render(&t, layout.width_px, 4);
            let mut edges = 0;
            let mut dark = false;
            for x in 0..view.width {
                let now = view.pixel(x, 1)[0] < 128;
                if now && !dark {
                    edges += 1;
                }
                dark = now;
            }
            assert_eq!(
                edges,
                layout.repeats_across.ceil() as u32,
                "{width_cm} cm / {design_cm} cm"
            );
        }
    }

    /// A smooth periodic design has no seams; the same design cut off mid-wave has them where
    /// the cut is.
    #[test]
    fn the_seam_check_finds_a_broken_repeat_and_not_a_correct_one() {
        let (w, h) = (256u32, 192u32);
        let wave = |x: f64, y: f64, period_x: f64, period_y: f64| {
            let tau = std::f64::consts::TAU;
            (127.0 + 60.0 * (tau * x / period_x).sin() + 60.0 * (tau * y / period_y).cos()) as u8
        };
        let make = |px: f64, py: f64| {
            let mut img = RgbImage::new(w, h);
            for y in 0..h {
                for x in 0..w {
                    let v = wave(f64::from(x), f64::from(y), px, py);
                    let i = ((y * w + x) * 3) as usize;
                    img.data[i..i + 3].copy_from_slice(&[v, v / 2, 255 - v]);
                }
            }
            Texture::from_image(img)
        };
        let good = make(f64::from(w) / 2.0, f64::from(h));
        assert!(check_seams(&good, &Repeat::STRAIGHT).is_clean());
        // A half-drop of a design only periodic in x is still clean across the bottom edge and
        // broken across the right one (the halves do not meet).
        let drop = Repeat::of_design("vertical", "1/2", None, w, h, false);
        let seams = check_seams(&good, &drop);
        assert!(seams.horizontal.is_empty(), "{seams:?}");
        assert!(!seams.vertical.is_empty(), "{seams:?}");
        // Waves that do not come round: both edges are broken, along most of their length.
        let broken = make(f64::from(w) / 1.3, f64::from(h) / 0.7);
        let seams = check_seams(&broken, &Repeat::STRAIGHT);
        let covered = |runs: &[(f64, f64)]| runs.iter().map(|(a, b)| b - a).sum::<f64>();
        assert!(covered(&seams.vertical) > 0.5, "{seams:?}");
        assert!(covered(&seams.horizontal) > 0.5, "{seams:?}");
    }
}
