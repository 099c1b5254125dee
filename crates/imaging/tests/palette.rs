//! Colour science and palettes: CIEDE2000 against Sharma's published data, sRGB/Lab
//! conversions, and dominant colours with their shares.

#![allow(clippy::needless_range_loop)] // pixel and channel indices read best as indices

use imaging::color::{Lab, ciede2000, lab_to_srgb, srgb_to_lab};
use imaging::palette::{MAX_COLOURS, PaletteEntry, palette, palette_of};
use imaging::resize::RgbImage;

/// Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula: Implementation Notes,
/// Supplementary Test Data, and Mathematical Observations", Color Res. Appl. 30 (2005), table 1:
/// L1 a1 b1, L2 a2 b2, ΔE00.
const SHARMA: [[f64; 7]; 34] = [
    [50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425],
    [50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615],
    [50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412],
    [
        50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000,
    ],
    [
        50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000,
    ],
    [
        50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000,
    ],
    [50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669],
    [50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461],
    [50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065],
    [50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492],
    [50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977],
    [50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030],
    [50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000],
    [
        60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644,
    ],
    [
        63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630,
    ],
    [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
    [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
    [
        22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373,
    ],
    [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
    [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
    [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
    [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
    [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082],
];

#[test]
fn ciede2000_matches_sharma_table() {
    for (i, r) in SHARMA.iter().enumerate() {
        let a = Lab::new(r[0] as f32, r[1] as f32, r[2] as f32);
        let b = Lab::new(r[3] as f32, r[4] as f32, r[5] as f32);
        let ab = ciede2000(a, b) as f64;
        let ba = ciede2000(b, a) as f64;
        // The inputs are f32, so allow a few units in the 4th decimal beyond the table's rounding.
        assert!((ab - r[6]).abs() < 2e-4, "pair {}: {ab} vs {}", i + 1, r[6]);
        assert!(
            (ba - r[6]).abs() < 2e-4,
            "pair {} reversed: {ba} vs {}",
            i + 1,
            r[6]
        );
    }
    assert_eq!(
        ciede2000(Lab::new(40.0, 10.0, -5.0), Lab::new(40.0, 10.0, -5.0)),
        0.0
    );
}

#[test]
fn srgb_to_lab_known_values() {
    // Reference values for sRGB primaries in CIELAB D65.
    let red = srgb_to_lab([255, 0, 0]);
    assert!((red.l - 53.24).abs() < 0.05, "{red:?}");
    assert!((red.a - 80.09).abs() < 0.1, "{red:?}");
    assert!((red.b - 67.20).abs() < 0.1, "{red:?}");
    let blue = srgb_to_lab([0, 0, 255]);
    assert!((blue.l - 32.30).abs() < 0.05, "{blue:?}");
    assert!((blue.a - 79.19).abs() < 0.1, "{blue:?}");
    assert!((blue.b + 107.86).abs() < 0.1, "{blue:?}");
    let black = srgb_to_lab([0, 0, 0]);
    assert!(black.l.abs() < 1e-3);
    assert_eq!(lab_to_srgb(Lab::new(100.0, 0.0, 0.0)), [255, 255, 255]);
}

fn two_colour(width: u32, height: u32, split: u32, a: [u8; 3], b: [u8; 3]) -> RgbImage {
    let mut img = RgbImage::new(width, height);
    for y in 0..height {
        for x in 0..width {
            let i = ((y * width + x) * 3) as usize;
            img.data[i..i + 3].copy_from_slice(if x < split { &a } else { &b });
        }
    }
    img
}

fn close(p: &PaletteEntry, rgb: [u8; 3]) -> bool {
    ciede2000(p.lab, srgb_to_lab(rgb)) < 1.0
}

#[test]
fn two_colours_seventy_thirty() {
    let (a, b) = ([200, 30, 30], [20, 60, 180]);
    let p = palette_of(&two_colour(100, 80, 70, a, b));
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(close(&p[0], a) && close(&p[1], b), "{p:?}");
    assert!((p[0].share - 0.7).abs() < 0.02, "{p:?}");
    assert!((p[1].share - 0.3).abs() < 0.02, "{p:?}");
    for c in 0..3 {
        assert!((p[0].rgb[c] as i32 - a[c] as i32).abs() <= 2, "{p:?}");
    }
}

#[test]
fn noisy_two_colours_merge_to_two() {
    // ±4 of deterministic noise per channel: k-means splits each colour into several clusters,
    // which the ΔE < 5 merge must join again.
    let (a, b) = ([230u8, 225, 210], [120u8, 20, 60]);
    let mut img = two_colour(200, 100, 140, a, b);
    let mut s: u32 = 12345;
    for v in img.data.iter_mut() {
        s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let n = ((s >> 24) % 9) as i32 - 4;
        *v = (*v as i32 + n).clamp(0, 255) as u8;
    }
    let p = palette_of(&img);
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(ciede2000(p[0].lab, srgb_to_lab(a)) < 2.0, "{p:?}");
    assert!(ciede2000(p[1].lab, srgb_to_lab(b)) < 2.0, "{p:?}");
    assert!((p[0].share - 0.7).abs() < 0.02, "{p:?}");
}

#[test]
fn gradient_palette_is_bounded_normalised_and_deterministic() {
    let (w, h) = (256u32, 64u32);
    let mut img = RgbImage::new(w, h);
    for y in 0..h {
        for x in 0..w {
            let i = ((y * w + x) * 3) as usize;
            img.data[i] = x as u8;
            img.data[i + 1] = (255 - x) as u8;
            img.data[i + 2] = (y * 4) as u8;
        }
    }
    let p = palette_of(&img);
    assert!(!p.is_empty() && p.len() <= MAX_COLOURS, "{p:?}");
    let sum: f32 = p.iter().map(|e| e.share).sum();
    assert!((sum - 1.0).abs() < 1e-4, "{sum}");
    assert!(p.windows(2).all(|w| w[0].share >= w[1].share));
    // Entries are distinct colours.
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            assert!(ciede2000(p[i].lab, p[j].lab) >= 5.0, "{p:?}");
        }
    }
    assert_eq!(palette_of(&img), p);
}

#[test]
fn three_colours_with_small_accent() {
    // 60 % cream ground, 35 % navy, 5 % red accent: all three found.
    let mut px = Vec::new();
    for i in 0..1000 {
        let c: [u8; 3] = if i < 600 {
            [240, 230, 205]
        } else if i < 950 {
            [25, 35, 80]
        } else {
            [210, 20, 30]
        };
        px.extend_from_slice(&c);
    }
    let p = palette(&px);
    assert_eq!(p.len(), 3, "{p:?}");
    let shares: Vec<f32> = p.iter().map(|e| e.share).collect();
    assert!((shares[0] - 0.60).abs() < 0.005 && (shares[2] - 0.05).abs() < 0.005);
    assert!(close(&p[2], [210, 20, 30]));
}

#[test]
fn palette_entry_serde_round_trip() {
    let p = palette_of(&two_colour(10, 10, 5, [1, 2, 3], [250, 240, 230]));
    let json = serde_json::to_string(&p).expect("json");
    assert!(json.contains("\"share\""), "{json}");
    let back: Vec<PaletteEntry> = serde_json::from_str(&json).expect("parse");
    assert_eq!(back, p);
}
