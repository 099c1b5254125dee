//! Local features of a print: corners of its colour structure at several scales, each described
//! by a histogram of edge directions around it.
//!
//! Two choices make a colorway's features match those of its other colorways:
//! - edges are found in the colour structure tensor (the gradients of R, G and B summed as
//!   tensors), so a border between two regions counts whatever colours the colorway gives them;
//! - an edge's direction is taken modulo 180 degrees and its strength saturates, so a colorway
//!   whose light and dark are swapped, or whose contrasts differ, yields the same descriptor.
//!
//! Descriptors are upright (no dominant orientation): queries are turned by at most a few
//! degrees, and upright descriptors are more distinctive than rotation-invariant ones.

use crate::planes::{Planes, Rgb, blur, box_mean};

/// Length of a descriptor: 4 x 4 cells x 8 directions.
pub const DESCRIPTOR_LEN: usize = 128;
const CELLS: usize = 4;
const DIRECTIONS: usize = 8;
/// Width of a cell in level pixels; the patch is `CELLS * CELL` wide.
const CELL: f32 = 5.0;
const PATCH_RADIUS: isize = 10;
/// Gradient strength at which an edge counts half: stronger edges all count about the same.
const SATURATION: f32 = 0.04;
/// Level sizes shrink by this factor; a level whose short side is below `MIN_LEVEL_SIDE` is not used.
const LEVEL_STEP: f32 = std::f32::consts::SQRT_2;
const MIN_LEVEL_SIDE: usize = 40;
/// Corners closer than this (in level pixels) compete; the stronger one is kept.
const SPACING: usize = 6;
const HARRIS_K: f32 = 0.04;
/// Features whose sketches differ in at most `COPY_BITS` bits are copies of one motif; a level
/// keeps at most `MAX_COPIES` of them.
const COPY_BITS: u32 = 6;
const MAX_COPIES: usize = 3;
/// Corners weaker than this share of the level's strongest are noise, and so is any corner below
/// the floor (JPEG blocks and sensor noise in a flat area).
const RELATIVE_RESPONSE: f32 = 1e-4;
const MIN_RESPONSE: f32 = 1e-7;

/// A feature's place in the described image: its centre and the size of its patch's pixel
/// (1 at full resolution, 2 at half, ...).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Keypoint {
    pub x: f32,
    pub y: f32,
    pub scale: f32,
}

/// The features of one image, in that image's pixel coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Features {
    pub width: u32,
    pub height: u32,
    pub points: Vec<Keypoint>,
    pub descriptors: Vec<[u8; DESCRIPTOR_LEN]>,
    /// A 64-bit sketch of each descriptor (signs of fixed random projections): what the index
    /// files a feature under, and a quick pre-filter before descriptors are compared.
    pub sketches: Vec<u64>,
}

impl Features {
    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// How much of an image is analysed: its long side is resized to `long_side` (a small query is
/// enlarged at most twice), and at most `max_features` are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub long_side: u32,
    pub max_features: usize,
}

/// What the archive keeps per colorway (read from its preview).
pub const INDEX_BUDGET: Budget = Budget {
    long_side: 1024,
    max_features: 800,
};

/// What a query image is reduced to.
pub const QUERY_BUDGET: Budget = Budget {
    long_side: 512,
    max_features: 700,
};

/// The features of `image`. An image too small or too plain to hold any gives none.
pub fn extract(image: Rgb<'_>, budget: Budget) -> Features {
    let (width, height) = (image.width, image.height);
    let empty = Features {
        width,
        height,
        points: Vec::new(),
        descriptors: Vec::new(),
        sketches: Vec::new(),
    };
    if width == 0 || height == 0 || image.data.len() < width as usize * height as usize * 3 {
        return empty;
    }
    let long = width.max(height) as f32;
    let fit = (budget.long_side as f32 / long).min(2.0);
    let base_w = ((width as f32 * fit).round() as usize).max(1);
    let base_h = ((height as f32 * fit).round() as usize).max(1);
    let base = Planes::from_rgb(image, base_w, base_h);

    let mut sizes = Vec::new();
    let mut factor = 1.0f32;
    loop {
        let (w, h) = (
            (base_w as f32 / factor).round() as usize,
            (base_h as f32 / factor).round() as usize,
        );
        if w.min(h) < MIN_LEVEL_SIDE {
            break;
        }
        sizes.push((w, h));
        factor *= LEVEL_STEP;
    }
    let total_area: usize = sizes.iter().map(|(w, h)| w * h).sum();
    let mut found = Vec::new();
    for (w, h) in sizes {
        let level = base.resized(w, h);
        let quota = (budget.max_features * w * h).div_ceil(total_area.max(1));
        let (sx, sy) = (width as f32 / w as f32, height as f32 / h as f32);
        for (x, y, descriptor) in level_features(&level, quota) {
            found.push((
                Keypoint {
                    x: (x + 0.5) * sx,
                    y: (y + 0.5) * sy,
                    scale: (sx + sy) / 2.0,
                },
                descriptor,
            ));
        }
    }
    found.truncate(budget.max_features);
    let mut features = empty;
    for (point, descriptor) in found {
        features.points.push(point);
        features.sketches.push(sketch(&descriptor));
        features.descriptors.push(descriptor);
    }
    features
}

/// The gradient of each pixel, as the structure tensor's dominant direction (0..8, in
/// direction bins, modulo 180 degrees) and a saturated strength (0..1).
struct Edges {
    direction: Vec<f32>,
    strength: Vec<f32>,
}

fn level_features(level: &Planes, quota: usize) -> Vec<(f32, f32, [u8; DESCRIPTOR_LEN])> {
    let (w, h) = (level.w, level.h);
    let smooth: Vec<Vec<f32>> = level.c.iter().map(|c| blur(c, w, h)).collect();
    let mut jxx = vec![0.0f32; w * h];
    let mut jxy = vec![0.0f32; w * h];
    let mut jyy = vec![0.0f32; w * h];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = y * w + x;
            for c in &smooth {
                let gx = (c[i + 1] - c[i - 1]) * 0.5;
                let gy = (c[i + w] - c[i - w]) * 0.5;
                jxx[i] += gx * gx;
                jxy[i] += gx * gy;
                jyy[i] += gy * gy;
            }
        }
    }
    let mut edges = Edges {
        direction: vec![0.0; w * h],
        strength: vec![0.0; w * h],
    };
    for i in 0..w * h {
        let (a, b, c) = (jxx[i], jxy[i], jyy[i]);
        let half_diff = 0.5 * (a - c);
        let largest = 0.5 * (a + c) + (half_diff * half_diff + b * b).sqrt();
        let magnitude = largest.max(0.0).sqrt();
        edges.strength[i] = magnitude / (magnitude + SATURATION);
        let angle = 0.5 * (2.0 * b).atan2(a - c); // -pi/2 ..= pi/2
        let bin = (angle / std::f32::consts::PI + 0.5) * DIRECTIONS as f32;
        edges.direction[i] = bin.rem_euclid(DIRECTIONS as f32);
    }

    // Harris corners of the tensor averaged over a 5 x 5 window.
    let sxx = box_mean(&jxx, w, h, 2);
    let sxy = box_mean(&jxy, w, h, 2);
    let syy = box_mean(&jyy, w, h, 2);
    let response: Vec<f32> = (0..w * h)
        .map(|i| {
            let trace = sxx[i] + syy[i];
            sxx[i] * syy[i] - sxy[i] * sxy[i] - HARRIS_K * trace * trace
        })
        .collect();
    let margin = PATCH_RADIUS as usize + 1;
    if w <= 2 * margin || h <= 2 * margin {
        return Vec::new();
    }
    let strongest = response.iter().copied().fold(0.0f32, f32::max);
    let floor = (strongest * RELATIVE_RESPONSE).max(MIN_RESPONSE);
    // The strongest corner of each SPACING x SPACING cell that is also a 5 x 5 local maximum.
    let mut corners = Vec::new();
    for cy in (margin..h - margin).step_by(SPACING) {
        for cx in (margin..w - margin).step_by(SPACING) {
            let mut best: Option<(usize, usize, f32)> = None;
            for y in cy..(cy + SPACING).min(h - margin) {
                for x in cx..(cx + SPACING).min(w - margin) {
                    let r = response[y * w + x];
                    if r > floor && best.is_none_or(|(_, _, b)| r > b) {
                        best = Some((x, y, r));
                    }
                }
            }
            if let Some((x, y, r)) = best {
                let peak = (y - 2..=y + 2)
                    .flat_map(|yy| (x - 2..=x + 2).map(move |xx| (xx, yy)))
                    .all(|(xx, yy)| (xx, yy) == (x, y) || response[yy * w + xx] < r);
                if peak {
                    corners.push((x, y, r));
                }
            }
        }
    }
    corners.sort_by(|a, b| b.2.total_cmp(&a.2));
    // Strongest first, but a motif repeated many times keeps only a few of its copies, so that
    // a small repeat spends the budget on all of its motifs rather than on one.
    let mut kept: Vec<(f32, f32, [u8; DESCRIPTOR_LEN])> = Vec::new();
    let mut kept_sketches: Vec<u64> = Vec::new();
    for (x, y, _) in corners {
        if kept.len() >= quota {
            break;
        }
        let descriptor = describe(&edges, w, x, y);
        let code = sketch(&descriptor);
        let copies = kept_sketches
            .iter()
            .filter(|s| (*s ^ code).count_ones() <= COPY_BITS)
            .count();
        if copies < MAX_COPIES {
            kept.push((x as f32, y as f32, descriptor));
            kept_sketches.push(code);
        }
    }
    kept
}

/// The descriptor of the patch around (x, y): per cell, the edge strengths by direction,
/// spread bilinearly over cells and directions, Gaussian-weighted, then as a RootSIFT vector.
fn describe(edges: &Edges, w: usize, x: usize, y: usize) -> [u8; DESCRIPTOR_LEN] {
    let mut hist = [0.0f32; DESCRIPTOR_LEN];
    let sigma2 = 2.0 * (PATCH_RADIUS as f32) * (PATCH_RADIUS as f32);
    for dy in -PATCH_RADIUS..PATCH_RADIUS {
        for dx in -PATCH_RADIUS..PATCH_RADIUS {
            let i = (y as isize + dy) as usize * w + (x as isize + dx) as usize;
            let (fx, fy) = (dx as f32 + 0.5, dy as f32 + 0.5);
            let weight = edges.strength[i] * (-(fx * fx + fy * fy) / sigma2).exp();
            if weight < 1e-4 {
                continue;
            }
            let u = (fx + PATCH_RADIUS as f32) / CELL - 0.5;
            let v = (fy + PATCH_RADIUS as f32) / CELL - 0.5;
            let o = edges.direction[i] - 0.5;
            let (u0, v0, o0) = (u.floor(), v.floor(), o.floor());
            let (du, dv, d_o) = (u - u0, v - v0, o - o0);
            for (cv, wv) in [(v0, 1.0 - dv), (v0 + 1.0, dv)] {
                if !(0.0..CELLS as f32).contains(&cv) {
                    continue;
                }
                for (cu, wu) in [(u0, 1.0 - du), (u0 + 1.0, du)] {
                    if !(0.0..CELLS as f32).contains(&cu) {
                        continue;
                    }
                    let cell = (cv as usize * CELLS + cu as usize) * DIRECTIONS;
                    for (bin, wo) in [(o0, 1.0 - d_o), (o0 + 1.0, d_o)] {
                        let bin = (bin as isize).rem_euclid(DIRECTIONS as isize) as usize;
                        hist[cell + bin] += weight * wv * wu * wo;
                    }
                }
            }
        }
    }
    let total: f32 = hist.iter().sum();
    let mut out = [0u8; DESCRIPTOR_LEN];
    if total > 0.0 {
        for (o, v) in out.iter_mut().zip(hist) {
            *o = ((v / total).sqrt() * 512.0).round().min(255.0) as u8;
        }
    }
    out
}

/// The signs of 64 fixed pseudo-random projections of the centred descriptor.
pub(crate) fn sketch(descriptor: &[u8; DESCRIPTOR_LEN]) -> u64 {
    let planes = projections();
    // Centred on its own mean: every descriptor is positive, and hyperplanes through the origin
    // would otherwise split them all the same way.
    let mean = descriptor.iter().map(|&v| f32::from(v)).sum::<f32>() / DESCRIPTOR_LEN as f32;
    let centred: Vec<f32> = descriptor.iter().map(|&v| f32::from(v) - mean).collect();
    let mut bits = 0u64;
    for (bit, plane) in planes.iter().enumerate() {
        let dot: f32 = plane.iter().zip(&centred).map(|(a, b)| a * b).sum();
        if dot > 0.0 {
            bits |= 1 << bit;
        }
    }
    bits
}

fn projections() -> &'static [[f32; DESCRIPTOR_LEN]; 64] {
    static PLANES: std::sync::OnceLock<Box<[[f32; DESCRIPTOR_LEN]; 64]>> =
        std::sync::OnceLock::new();
    PLANES.get_or_init(|| {
        // xorshift64*: fixed, so that every instance and version-1 index agree on the words.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32 / (1u64 << 24) as f32
        };
        let mut planes = Box::new([[0.0f32; DESCRIPTOR_LEN]; 64]);
        for plane in planes.iter_mut() {
            for v in plane.iter_mut() {
                // A sum of uniforms: close enough to a Gaussian for sign hashing.
                *v = next() + next() + next() - 1.5;
            }
        }
        planes
    })
}
