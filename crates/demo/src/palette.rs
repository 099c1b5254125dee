//! Colourings: one ink per channel role for each colorway, and the composite of a digital design.

use crate::canvas::{Layers, Role};
use crate::rng::Rng;

/// The colour character of a design's first colorway (it also picks a style label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mood {
    Pastel,
    Vivid,
    Dark,
    Classic,
}

pub fn hsv(h: f32, s: f32, v: f32) -> [u8; 3] {
    let h = h.rem_euclid(360.0) / 60.0;
    let (s, v) = (s.clamp(0.0, 1.0), v.clamp(0.0, 1.0));
    let c = v * s;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [r, g, b].map(|k| ((k + m) * 255.0).round() as u8)
}

/// The inks of one colorway: `hue` is the design's, `colorway` shifts it (by the golden angle,
/// so colorways never repeat) and alternates light and dark grounds.
pub fn ink(role: Role, mood: Mood, hue: f32, colorway: usize) -> [u8; 3] {
    let mut h = (hue + colorway as f32 * 137.5).rem_euclid(360.0);
    // Motifs keep out of the leaves' greens.
    if (75.0..165.0).contains(&h) {
        h += 100.0;
    }
    let (s, v) = match mood {
        Mood::Pastel => (0.38, 0.93),
        Mood::Vivid => (0.85, 0.88),
        Mood::Dark => (0.7, 0.72),
        Mood::Classic => (0.62, 0.6),
    };
    let dark_ground = match mood {
        Mood::Dark => colorway % 3 != 2,
        Mood::Classic => colorway % 2 == 1,
        _ => colorway % 4 == 3,
    };
    let leaf_hue = 95.0 + ((colorway * 47) % 90) as f32 - 30.0;
    match role {
        Role::Ground if dark_ground => hsv(h + 200.0, 0.55, 0.24),
        Role::Ground if mood == Mood::Classic => hsv(40.0 + colorway as f32 * 8.0, 0.14, 0.94),
        Role::Ground => hsv(
            h + 180.0,
            if mood == Mood::Vivid { 0.16 } else { 0.07 },
            0.97,
        ),
        Role::Main => hsv(h, s, v),
        Role::Second => hsv(h + 22.0, s * 0.55, (v + 0.17).min(1.0)),
        Role::Center => hsv(h + 55.0, (s + 0.15).min(1.0), 0.95),
        Role::Accent => hsv(h + 180.0, s * 0.85, v),
        Role::Leaf => hsv(leaf_hue, s * 0.7 + 0.1, v * 0.8),
        Role::LeafDark => hsv(leaf_hue + 12.0, s * 0.6 + 0.3, v * 0.45),
        Role::Outline => hsv(h + 12.0, 0.6, 0.2),
    }
}

/// A smooth periodic shading field over the tile (about ±`amount`): the hand-painted look of
/// digital designs. Returned per pixel as a factor around 1.
pub fn shading(w: usize, h: usize, cell: usize, amount: f32, rng: &mut Rng) -> Vec<f32> {
    let gx = (w / cell.max(1)).max(2);
    let gy = (h / cell.max(1)).max(2);
    let nodes: Vec<f32> = (0..gx * gy).map(|_| rng.range(-1.0, 1.0)).collect();
    let mut out = vec![1.0f32; w * h];
    let sx = gx as f32 / w as f32;
    let sy = gy as f32 / h as f32;
    for y in 0..h {
        let fy = y as f32 * sy;
        let y0 = fy as usize % gy;
        let y1 = (y0 + 1) % gy;
        let ty = fy.fract();
        let ty = ty * ty * (3.0 - 2.0 * ty);
        for x in 0..w {
            let fx = x as f32 * sx;
            let x0 = fx as usize % gx;
            let x1 = (x0 + 1) % gx;
            let tx = fx.fract();
            let tx = tx * tx * (3.0 - 2.0 * tx);
            let top = nodes[y0 * gx + x0] * (1.0 - tx) + nodes[y0 * gx + x1] * tx;
            let bottom = nodes[y1 * gx + x0] * (1.0 - tx) + nodes[y1 * gx + x1] * tx;
            out[y * w + x] = 1.0 + amount * (top * (1.0 - ty) + bottom * ty);
        }
    }
    out
}

/// The RGB composite (0..1 light, interleaved) of a digital colorway: the ground colour, then
/// each channel laid over it in paint order, shaded.
pub fn composite(
    layers: &Layers,
    colors: &[[u8; 3]],
    ground: [u8; 3],
    shade: Option<&[f32]>,
) -> Vec<f32> {
    let n = layers.n();
    let px = layers.w * layers.h;
    let cols: Vec<[f32; 3]> = colors
        .iter()
        .map(|c| c.map(|v| f32::from(v) / 255.0))
        .collect();
    let g = ground.map(|v| f32::from(v) / 255.0);
    let mut out = vec![0.0f32; px * 3];
    for i in 0..px {
        let mut rgb = g;
        for (k, col) in cols.iter().enumerate().take(n) {
            let a = f32::from(layers.data[i * n + k]) / 255.0;
            if a > 0.0 {
                for c in 0..3 {
                    rgb[c] += (col[c] - rgb[c]) * a;
                }
            }
        }
        let f = shade.map_or(1.0, |s| s[i]);
        for c in 0..3 {
            out[i * 3 + c] = (rgb[c] * f).clamp(0.0, 1.0);
        }
    }
    out
}

/// Naive CMYK coverage (0..1) from RGB light (0..1), in place from 3 to 4 samples a pixel.
pub fn to_cmyk(rgb: &[f32]) -> Vec<f32> {
    let px = rgb.len() / 3;
    let mut out = vec![0.0f32; px * 4];
    for i in 0..px {
        let (r, g, b) = (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]);
        let k = 1.0 - r.max(g).max(b);
        let d = (1.0 - k).max(1e-4);
        out[i * 4] = (1.0 - r - k) / d;
        out[i * 4 + 1] = (1.0 - g - k) / d;
        out[i * 4 + 2] = (1.0 - b - k) / d;
        out[i * 4 + 3] = k;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsv_primaries() {
        assert_eq!(hsv(0.0, 1.0, 1.0), [255, 0, 0]);
        assert_eq!(hsv(120.0, 1.0, 1.0), [0, 255, 0]);
        assert_eq!(hsv(240.0, 1.0, 0.5), [0, 0, 128]);
        assert_eq!(hsv(33.0, 0.0, 1.0), [255, 255, 255]);
    }

    #[test]
    fn colorways_differ() {
        for mood in [Mood::Pastel, Mood::Vivid, Mood::Dark, Mood::Classic] {
            let inks: Vec<_> = (0..5).map(|c| ink(Role::Main, mood, 10.0, c)).collect();
            for i in 0..5 {
                for j in i + 1..5 {
                    assert_ne!(inks[i], inks[j], "{mood:?}");
                }
            }
        }
    }
}
