//! Dominant colours for colour search.
//!
//! From the pixels of a colorway's preview (the composited rendering, so for a rotary design it
//! is made of its inks, their overprints and the fabric between them):
//! 1. a 15-bit histogram (5 bits per channel, 32,768 bins, every pixel counted; each bin keeps
//!    the mean of its pixels);
//! 2. weighted k-means in CIELAB (D65) with k = [`MAX_COLOURS`], seeded deterministically
//!    (first the heaviest bin, then repeatedly the bin with the largest `weight x distance²` to
//!    the seeds — a greedy, RNG-free k-means++), at most 30 Lloyd iterations;
//! 3. clusters closer than [`MERGE_DELTA_E`] (CIEDE2000) are merged, and clusters covering less
//!    than [`MIN_SHARE`] of the area are folded into their nearest neighbour;
//! 4. entries sorted by share, largest first; shares sum to 1.

use crate::color::{Lab, ciede2000, lab_to_srgb, linear_rgb_to_lab, srgb_decode};
use crate::resize::RgbImage;

/// Most colours a palette has.
pub const MAX_COLOURS: usize = 8;
/// Clusters closer than this (CIEDE2000) are one colour.
pub const MERGE_DELTA_E: f32 = 5.0;
/// Clusters under this share of the area are folded into their nearest neighbour.
pub const MIN_SHARE: f32 = 0.005;

const MAX_ITERATIONS: usize = 30;

/// One dominant colour and the share of the area it covers (0..1).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PaletteEntry {
    pub lab: Lab,
    pub rgb: [u8; 3],
    pub share: f32,
}

/// The palette of an RGB image.
pub fn palette_of(img: &RgbImage) -> Vec<PaletteEntry> {
    palette(&img.data)
}

struct Point {
    lab: [f32; 3],
    w: f64,
}

/// The palette of interleaved RGB8 pixels.
pub fn palette(rgb: &[u8]) -> Vec<PaletteEntry> {
    // 1. Histogram.
    let mut count = vec![0u32; 1 << 15];
    let mut sums = vec![[0u64; 3]; 1 << 15];
    for p in rgb.chunks_exact(3) {
        let i = ((p[0] as usize >> 3) << 10) | ((p[1] as usize >> 3) << 5) | (p[2] as usize >> 3);
        count[i] += 1;
        let s = &mut sums[i];
        s[0] += p[0] as u64;
        s[1] += p[1] as u64;
        s[2] += p[2] as u64;
    }
    let points: Vec<Point> = count
        .iter()
        .zip(&sums)
        .filter(|(c, _)| **c > 0)
        .map(|(&c, s)| {
            let n = c as f64;
            let lin = [0, 1, 2].map(|k| srgb_decode((s[k] as f64 / n / 255.0) as f32));
            let lab = linear_rgb_to_lab(lin);
            Point {
                lab: [lab.l, lab.a, lab.b],
                w: n,
            }
        })
        .collect();
    let total: f64 = points.iter().map(|p| p.w).sum();
    if points.is_empty() || total <= 0.0 {
        return Vec::new();
    }

    // 2. Seeds and Lloyd iterations.
    let d2 = |a: &[f32; 3], b: &[f32; 3]| {
        let (x, y, z) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        x * x + y * y + z * z
    };
    let mut centres: Vec<[f32; 3]> = Vec::with_capacity(MAX_COLOURS);
    let mut heaviest = 0;
    for (i, p) in points.iter().enumerate() {
        if p.w > points[heaviest].w {
            heaviest = i;
        }
    }
    centres.push(points[heaviest].lab);
    let mut nearest: Vec<f32> = points.iter().map(|p| d2(&p.lab, &centres[0])).collect();
    while centres.len() < MAX_COLOURS.min(points.len()) {
        let mut best = (0usize, 0f64);
        for (i, p) in points.iter().enumerate() {
            let score = p.w * nearest[i] as f64;
            if score > best.1 {
                best = (i, score);
            }
        }
        if best.1 <= 0.0 {
            break;
        }
        let c = points[best.0].lab;
        centres.push(c);
        for (i, p) in points.iter().enumerate() {
            nearest[i] = nearest[i].min(d2(&p.lab, &c));
        }
    }
    let mut assign = vec![usize::MAX; points.len()];
    let mut weights = vec![0f64; centres.len()];
    for _ in 0..MAX_ITERATIONS {
        let mut changed = false;
        for (i, p) in points.iter().enumerate() {
            let mut best = (0usize, f32::MAX);
            for (k, c) in centres.iter().enumerate() {
                let d = d2(&p.lab, c);
                if d < best.1 {
                    best = (k, d);
                }
            }
            if assign[i] != best.0 {
                assign[i] = best.0;
                changed = true;
            }
        }
        let mut acc = vec![[0f64; 3]; centres.len()];
        weights.iter_mut().for_each(|w| *w = 0.0);
        for (i, p) in points.iter().enumerate() {
            let k = assign[i];
            weights[k] += p.w;
            for (a, l) in acc[k].iter_mut().zip(p.lab) {
                *a += l as f64 * p.w;
            }
        }
        for (k, c) in centres.iter_mut().enumerate() {
            if weights[k] > 0.0 {
                *c = [0, 1, 2].map(|j| (acc[k][j] / weights[k]) as f32);
            }
        }
        if !changed {
            break;
        }
    }

    // 3. Merge near-identical and tiny clusters.
    let mut clusters: Vec<(Lab, f64)> = centres
        .iter()
        .zip(&weights)
        .filter(|(_, w)| **w > 0.0)
        .map(|(c, w)| (Lab::new(c[0], c[1], c[2]), *w))
        .collect();
    let merge = |clusters: &mut Vec<(Lab, f64)>, i: usize, j: usize| {
        let (a, wa) = clusters[i];
        let (b, wb) = clusters[j];
        let w = wa + wb;
        let mix = |x: f32, y: f32| ((x as f64 * wa + y as f64 * wb) / w) as f32;
        clusters[i] = (Lab::new(mix(a.l, b.l), mix(a.a, b.a), mix(a.b, b.b)), w);
        clusters.remove(j);
    };
    loop {
        let mut best: Option<(usize, usize, f32)> = None;
        for i in 0..clusters.len() {
            for j in i + 1..clusters.len() {
                let d = ciede2000(clusters[i].0, clusters[j].0);
                if d < MERGE_DELTA_E && best.is_none_or(|b| d < b.2) {
                    best = Some((i, j, d));
                }
            }
        }
        match best {
            Some((i, j, _)) => merge(&mut clusters, i, j),
            None => break,
        }
    }
    loop {
        if clusters.len() < 2 {
            break;
        }
        let Some(small) = (0..clusters.len())
            .filter(|&i| (clusters[i].1 / total) < MIN_SHARE as f64)
            .min_by(|&a, &b| clusters[a].1.total_cmp(&clusters[b].1))
        else {
            break;
        };
        let Some(into) = (0..clusters.len())
            .filter(|&i| i != small)
            .min_by(|&a, &b| {
                ciede2000(clusters[small].0, clusters[a].0)
                    .total_cmp(&ciede2000(clusters[small].0, clusters[b].0))
            })
        else {
            break;
        };
        // The merged colour is the weighted mean, so the order only picks the slot kept.
        let (i, j) = if into < small {
            (into, small)
        } else {
            (small, into)
        };
        merge(&mut clusters, i, j);
    }

    // 4. Sort and normalise.
    clusters.sort_by(|a, b| b.1.total_cmp(&a.1));
    let sum: f64 = clusters.iter().map(|c| c.1).sum();
    clusters
        .into_iter()
        .map(|(lab, w)| PaletteEntry {
            lab,
            rgb: lab_to_srgb(lab),
            share: (w / sum) as f32,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_colour() {
        let px: Vec<u8> = [10u8, 200, 30].repeat(100);
        let p = palette(&px);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].rgb, [10, 200, 30]);
        assert!((p[0].share - 1.0).abs() < 1e-6);
    }

    #[test]
    fn empty_is_empty() {
        assert!(palette(&[]).is_empty());
    }
}
