//! Colour science for the renditions: sRGB transfer curves (as lookup tables), CIELAB (D65),
//! CIEDE2000, and the per-file [`ProcessConverter`] that turns the process channels of a band row
//! (RGB / gray / CMYK / Lab, with or without an embedded ICC profile) into sRGB bytes.
//!
//! Conventions:
//! - [`Lab`] is CIELAB relative to D65 (the sRGB white), used for palettes and colour search.
//! - Lab *files* (Photoshop / TIFF CIELAB) are D50, as ICC and Photoshop define them; they are
//!   converted to sRGB through XYZ with a Bradford D50→D65 adaptation.
//! - CMYK without a profile uses the naive device conversion
//!   `R = 255·(1−C)·(1−K)`, `G = 255·(1−M)·(1−K)`, `B = 255·(1−Y)·(1−K)` (C, M, Y, K as coverage
//!   0..1). It is what a browser shows for an untagged CMYK JPEG: saturated and too bright
//!   compared with a press, but predictable.

use std::sync::{Arc, OnceLock};

use moxcms::{ColorProfile, DataColorSpace, Layout, Transform8BitExecutor, TransformOptions};

use crate::info::{ChannelKind, ColorMode, ImageInfo};

/// A CIELAB colour (D65 white, 2° observer): L 0..100, a and b roughly −128..127.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Lab {
    pub l: f32,
    pub a: f32,
    pub b: f32,
}

impl Lab {
    pub const fn new(l: f32, a: f32, b: f32) -> Self {
        Self { l, a, b }
    }
}

// ---------------------------------------------------------------------------------------------
// sRGB transfer curves

/// The sRGB electro-optical transfer function: encoded 0..1 → linear light 0..1.
pub fn srgb_decode(v: f32) -> f32 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// Inverse of [`srgb_decode`]: linear light 0..1 → encoded 0..1.
pub fn srgb_encode(v: f32) -> f32 {
    if v <= 0.003_130_8 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

/// Table of the linear-light value of each 8-bit sRGB code.
pub fn srgb_to_linear_lut() -> &'static [f32; 256] {
    static LUT: OnceLock<[f32; 256]> = OnceLock::new();
    LUT.get_or_init(|| {
        let mut t = [0f32; 256];
        for (i, v) in t.iter_mut().enumerate() {
            *v = srgb_decode(i as f32 / 255.0);
        }
        t
    })
}

/// Size of the linear → sRGB table: 16 bits of linear light, enough that the darkest 8-bit
/// codes (where the sRGB curve is steepest) still round correctly.
const LIN_STEPS: usize = 65536;

fn linear_to_srgb_table() -> &'static [u8; LIN_STEPS] {
    static LUT: OnceLock<Box<[u8; LIN_STEPS]>> = OnceLock::new();
    LUT.get_or_init(|| {
        let mut t = Box::new([0u8; LIN_STEPS]);
        for (i, o) in t.iter_mut().enumerate() {
            let v = srgb_encode(i as f32 / (LIN_STEPS - 1) as f32);
            *o = (v * 255.0).round().clamp(0.0, 255.0) as u8;
        }
        t
    })
}

/// Table index of a linear value: `as u32` saturates (negatives and NaN to 0), `min` caps 1.0.
#[inline(always)]
fn lin_index(v: f32) -> usize {
    ((v * (LIN_STEPS - 1) as f32 + 0.5) as u32).min(LIN_STEPS as u32 - 1) as usize
}

/// Linear light (clamped to 0..1) → 8-bit sRGB through a 64 Ki-entry table.
#[inline]
pub fn linear_to_srgb8(v: f32) -> u8 {
    linear_to_srgb_table()[lin_index(v)]
}

/// A reusable handle on both tables for hot loops (saves the `OnceLock` check per pixel).
#[derive(Clone, Copy)]
pub struct LinearLuts {
    pub to_linear: &'static [f32; 256],
    to_srgb: &'static [u8; LIN_STEPS],
}

impl std::fmt::Debug for LinearLuts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinearLuts")
    }
}

impl LinearLuts {
    pub fn get() -> Self {
        Self {
            to_linear: srgb_to_linear_lut(),
            to_srgb: linear_to_srgb_table(),
        }
    }

    #[inline(always)]
    pub fn encode(&self, v: f32) -> u8 {
        self.to_srgb[lin_index(v)]
    }

    #[inline(always)]
    pub fn decode(&self, v: u8) -> f32 {
        self.to_linear[v as usize]
    }
}

// ---------------------------------------------------------------------------------------------
// CIELAB

/// D65 reference white (X, Y, Z with Y = 1).
const D65: [f32; 3] = [0.950_47, 1.0, 1.088_83];
/// D50 reference white, the ICC profile connection space.
const D50: [f32; 3] = [0.964_22, 1.0, 0.825_21];

const LAB_E: f32 = 216.0 / 24389.0;
const LAB_K: f32 = 24389.0 / 27.0;

fn lab_f(t: f32) -> f32 {
    if t > LAB_E {
        t.cbrt()
    } else {
        (LAB_K * t + 16.0) / 116.0
    }
}

fn lab_f_inv(f: f32) -> f32 {
    let f3 = f * f * f;
    if f3 > LAB_E {
        f3
    } else {
        (116.0 * f - 16.0) / LAB_K
    }
}

/// Linear sRGB → XYZ (D65).
fn linear_rgb_to_xyz(r: f32, g: f32, b: f32) -> [f32; 3] {
    [
        0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b,
        0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b,
        0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b,
    ]
}

/// XYZ (D65) → linear sRGB (unclamped).
fn xyz_to_linear_rgb(x: f32, y: f32, z: f32) -> [f32; 3] {
    [
        3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z,
        -0.969_266 * x + 1.876_010_8 * y + 0.041_556 * z,
        0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z,
    ]
}

fn xyz_to_lab(xyz: [f32; 3], white: [f32; 3]) -> Lab {
    let fx = lab_f(xyz[0] / white[0]);
    let fy = lab_f(xyz[1] / white[1]);
    let fz = lab_f(xyz[2] / white[2]);
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

fn lab_to_xyz(lab: Lab, white: [f32; 3]) -> [f32; 3] {
    let fy = (lab.l + 16.0) / 116.0;
    let fx = fy + lab.a / 500.0;
    let fz = fy - lab.b / 200.0;
    [
        lab_f_inv(fx) * white[0],
        lab_f_inv(fy) * white[1],
        lab_f_inv(fz) * white[2],
    ]
}

/// Linear-light sRGB (0..1 each) → CIELAB (D65).
pub fn linear_rgb_to_lab(rgb: [f32; 3]) -> Lab {
    xyz_to_lab(linear_rgb_to_xyz(rgb[0], rgb[1], rgb[2]), D65)
}

/// 8-bit sRGB → CIELAB (D65).
pub fn srgb_to_lab(rgb: [u8; 3]) -> Lab {
    let t = srgb_to_linear_lut();
    linear_rgb_to_lab([t[rgb[0] as usize], t[rgb[1] as usize], t[rgb[2] as usize]])
}

/// CIELAB (D65) → linear-light sRGB, unclamped (out-of-gamut colours leave 0..1).
pub fn lab_to_linear_rgb(lab: Lab) -> [f32; 3] {
    let xyz = lab_to_xyz(lab, D65);
    xyz_to_linear_rgb(xyz[0], xyz[1], xyz[2])
}

/// CIELAB (D65) → 8-bit sRGB, clipped to the gamut.
pub fn lab_to_srgb(lab: Lab) -> [u8; 3] {
    let l = lab_to_linear_rgb(lab);
    [
        linear_to_srgb8(l[0]),
        linear_to_srgb8(l[1]),
        linear_to_srgb8(l[2]),
    ]
}

/// Bradford adaptation D50 → D65 (as published by Lindbloom).
const BRADFORD_D50_TO_D65: [[f32; 3]; 3] = [
    [0.955_576_6, -0.023_039_3, 0.063_163_6],
    [-0.028_289_5, 1.009_941_6, 0.021_007_7],
    [0.012_298_2, -0.020_483, 1.329_909_8],
];

/// CIELAB relative to D50 (the ICC / Photoshop convention for Lab files) → linear sRGB.
pub fn lab_d50_to_linear_rgb(lab: Lab) -> [f32; 3] {
    let x = lab_to_xyz(lab, D50);
    let m = &BRADFORD_D50_TO_D65;
    let a = [
        m[0][0] * x[0] + m[0][1] * x[1] + m[0][2] * x[2],
        m[1][0] * x[0] + m[1][1] * x[1] + m[1][2] * x[2],
        m[2][0] * x[0] + m[2][1] * x[1] + m[2][2] * x[2],
    ];
    xyz_to_linear_rgb(a[0], a[1], a[2])
}

/// The CIEDE2000 colour difference (kL = kC = kH = 1); see [`desen_core::color::ciede2000`].
pub fn ciede2000(x: Lab, y: Lab) -> f32 {
    desen_core::color::ciede2000(
        [x.l as f64, x.a as f64, x.b as f64],
        [y.l as f64, y.a as f64, y.b as f64],
    ) as f32
}

// ---------------------------------------------------------------------------------------------
// Process channels → sRGB

/// Distinct ink colours for spot channels whose file does not say their colour: red, blue,
/// green, yellow, magenta, cyan, orange, purple, brown, teal, pink, olive, then repeating.
pub const FALLBACK_INKS: [[u8; 3]; 12] = [
    [220, 40, 40],
    [30, 80, 200],
    [30, 150, 70],
    [240, 200, 30],
    [200, 40, 160],
    [20, 170, 200],
    [240, 130, 20],
    [110, 50, 160],
    [120, 70, 30],
    [0, 120, 120],
    [240, 140, 170],
    [120, 130, 30],
];

/// The file's own ink colours, one per spot channel in order: [`crate::ChannelInfo::color`] when
/// the file says it, else [`FALLBACK_INKS`] by spot ordinal.
pub fn file_inks(info: &ImageInfo) -> Vec<[u8; 3]> {
    info.spot_channels()
        .enumerate()
        .map(|(n, (_, c))| c.color.unwrap_or(FALLBACK_INKS[n % FALLBACK_INKS.len()]))
        .collect()
}

#[derive(Clone)]
enum ProcessKind {
    /// No process channels (multichannel documents): nothing to convert.
    None,
    Gray,
    Rgb,
    CmykNaive,
    Lab,
    /// Gray, RGB or CMYK through the embedded ICC profile.
    Icc {
        transform: Arc<Transform8BitExecutor>,
        src_channels: usize,
    },
}

/// Converts the process channels of band rows into 8-bit sRGB, built once per file.
///
/// Which conversion: by the number of process channels and [`ColorMode`] — 0 → none (the
/// renderer starts from the fabric), 1 → gray, 3 → RGB (or Lab when the mode is Lab), 4 with
/// mode CMYK → CMYK. An embedded ICC profile whose colour space matches is applied with `moxcms`
/// (perceptual intent, the A2B0 table every CMYK output profile has; matrix/shaper for RGB and
/// gray);
/// a profile moxcms cannot use, or whose colour space does not match the data, is skipped with
/// a warning (data taken as sRGB / naive CMYK), never a failure.
#[derive(Clone)]
pub struct ProcessConverter {
    kind: ProcessKind,
    process: Vec<usize>,
    alpha: Option<usize>,
    channels: usize,
    warnings: Vec<String>,
}

impl std::fmt::Debug for ProcessConverter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.kind {
            ProcessKind::None => "none",
            ProcessKind::Gray => "gray",
            ProcessKind::Rgb => "rgb",
            ProcessKind::CmykNaive => "cmyk-naive",
            ProcessKind::Lab => "lab",
            ProcessKind::Icc { .. } => "icc",
        };
        f.debug_struct("ProcessConverter")
            .field("kind", &kind)
            .field("process", &self.process)
            .field("alpha", &self.alpha)
            .field("warnings", &self.warnings)
            .finish()
    }
}

impl ProcessConverter {
    pub fn new(info: &ImageInfo) -> Self {
        let process: Vec<usize> = info
            .channels
            .iter()
            .enumerate()
            .filter(|(_, c)| c.kind == ChannelKind::Process)
            .map(|(i, _)| i)
            .collect();
        let alpha = info
            .channels
            .iter()
            .position(|c| c.kind == ChannelKind::Alpha);
        let mut warnings = Vec::new();
        let mut process = process;
        let base = match (process.len(), info.color_mode) {
            (0, _) => ProcessKind::None,
            (4.., ColorMode::Cmyk) => {
                if process.len() > 4 {
                    warnings.push(format!(
                        "{} process channels in a CMYK file: using the first 4",
                        process.len()
                    ));
                    process.truncate(4);
                }
                ProcessKind::CmykNaive
            }
            (3.., ColorMode::Lab) => {
                process.truncate(3);
                ProcessKind::Lab
            }
            (1 | 2, _) => {
                if process.len() == 2 {
                    warnings.push("2 process channels: rendering the first as gray".into());
                }
                process.truncate(1);
                ProcessKind::Gray
            }
            (n, mode) => {
                if n != 3 || !matches!(mode, ColorMode::Rgb | ColorMode::Indexed) {
                    warnings.push(format!(
                        "{n} process channels in a {mode:?} file: rendering the first 3 as RGB"
                    ));
                }
                process.truncate(3);
                ProcessKind::Rgb
            }
        };
        let kind = match (&base, info.icc_profile.as_deref()) {
            (ProcessKind::Gray | ProcessKind::Rgb | ProcessKind::CmykNaive, Some(icc)) => {
                match icc_transform(icc, &base) {
                    Ok(Some(kind)) => kind,
                    Ok(None) => base,
                    Err(msg) => {
                        warnings.push(msg);
                        base
                    }
                }
            }
            _ => base,
        };
        Self {
            kind,
            process,
            alpha,
            channels: info.channels.len(),
            warnings,
        }
    }

    /// Whether the file has process channels (else the renderer starts from the fabric).
    pub fn has_process(&self) -> bool {
        !matches!(self.kind, ProcessKind::None)
    }

    /// Whether an ICC transform is in use.
    pub fn uses_icc(&self) -> bool {
        matches!(self.kind, ProcessKind::Icc { .. })
    }

    /// Index of the (first) alpha channel in a pixel.
    pub fn alpha_index(&self) -> Option<usize> {
        self.alpha
    }

    /// What could not be honoured (unusable profile, odd channel counts).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Converts one band row (all channels interleaved, `width * channels` bytes) into
    /// `width * 3` sRGB bytes in `dst`. `scratch` is a reusable buffer for the ICC path.
    /// Without process channels `dst` is filled with white.
    pub fn convert_row(&self, src: &[u8], dst: &mut [u8], scratch: &mut Vec<u8>) {
        let ch = self.channels.max(1);
        let width = (src.len() / ch).min(dst.len() / 3);
        let src = &src[..width * ch];
        let dst = &mut dst[..width * 3];
        match &self.kind {
            ProcessKind::None => dst.fill(255),
            ProcessKind::Gray => {
                let g = self.process[0];
                for (d, s) in dst.chunks_exact_mut(3).zip(src.chunks_exact(ch)) {
                    d.fill(s[g]);
                }
            }
            ProcessKind::Rgb => {
                let (r, g, b) = (self.process[0], self.process[1], self.process[2]);
                if ch == 3 && (r, g, b) == (0, 1, 2) {
                    dst.copy_from_slice(src);
                } else {
                    for (d, s) in dst.chunks_exact_mut(3).zip(src.chunks_exact(ch)) {
                        d[0] = s[r];
                        d[1] = s[g];
                        d[2] = s[b];
                    }
                }
            }
            ProcessKind::CmykNaive => {
                let p = &self.process;
                for (d, s) in dst.chunks_exact_mut(3).zip(src.chunks_exact(ch)) {
                    let k = 255 - s[p[3]] as u32;
                    let f = |c: u8| (((255 - c as u32) * k + 127) / 255) as u8;
                    d[0] = f(s[p[0]]);
                    d[1] = f(s[p[1]]);
                    d[2] = f(s[p[2]]);
                }
            }
            ProcessKind::Lab => {
                let luts = LinearLuts::get();
                let p = &self.process;
                for (d, s) in dst.chunks_exact_mut(3).zip(src.chunks_exact(ch)) {
                    let lab = Lab {
                        l: s[p[0]] as f32 * (100.0 / 255.0),
                        a: s[p[1]] as f32 - 128.0,
                        b: s[p[2]] as f32 - 128.0,
                    };
                    let lin = lab_d50_to_linear_rgb(lab);
                    d[0] = luts.encode(lin[0]);
                    d[1] = luts.encode(lin[1]);
                    d[2] = luts.encode(lin[2]);
                }
            }
            ProcessKind::Icc {
                transform,
                src_channels,
            } => {
                let n = *src_channels;
                let p = &self.process;
                scratch.clear();
                if ch == n && p.iter().enumerate().all(|(i, &c)| i == c) {
                    scratch.extend_from_slice(src);
                } else {
                    scratch.reserve(width * n);
                    for s in src.chunks_exact(ch) {
                        scratch.extend(p.iter().map(|&c| s[c]));
                    }
                }
                if transform.transform(scratch, dst).is_err() {
                    // Cannot happen with matching lengths; keep the row readable if it does.
                    for (d, s) in dst.chunks_exact_mut(3).zip(scratch.chunks_exact(n)) {
                        d.fill(s[0]);
                    }
                }
            }
        }
    }
}

/// Builds the moxcms transform for an embedded profile: Ok(None) for data kinds that take no
/// profile, Err(warning text) when the profile is unreadable, mismatched or unsupported.
fn icc_transform(icc: &[u8], base: &ProcessKind) -> Result<Option<ProcessKind>, String> {
    let profile = ColorProfile::new_from_slice(icc)
        .map_err(|e| format!("embedded ICC profile unreadable ({e}): colours taken as is"))?;
    let (want, layout, n) = match base {
        ProcessKind::Gray => (DataColorSpace::Gray, Layout::Gray, 1),
        ProcessKind::Rgb => (DataColorSpace::Rgb, Layout::Rgb, 3),
        ProcessKind::CmykNaive => (DataColorSpace::Cmyk, Layout::Rgba, 4),
        _ => return Ok(None),
    };
    if profile.color_space != want {
        return Err(format!(
            "embedded ICC profile is {:?}, the data is {:?}: profile ignored",
            profile.color_space, want
        ));
    }
    let srgb = ColorProfile::new_srgb();
    let transform = profile
        .create_transform_8bit(layout, &srgb, Layout::Rgb, TransformOptions::default())
        .map_err(|e| format!("embedded ICC profile not usable ({e}): colours taken as is"))?;
    Ok(Some(ProcessKind::Icc {
        transform,
        src_channels: n,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srgb_round_trip_through_luts() {
        for v in 0..=255u8 {
            let lin = srgb_to_linear_lut()[v as usize];
            assert_eq!(linear_to_srgb8(lin), v);
        }
    }

    #[test]
    fn lab_round_trip() {
        for rgb in [
            [0u8, 0, 0],
            [255, 255, 255],
            [200, 30, 40],
            [12, 130, 250],
            [7, 7, 9],
        ] {
            let back = lab_to_srgb(srgb_to_lab(rgb));
            for c in 0..3 {
                assert!(
                    (back[c] as i32 - rgb[c] as i32).abs() <= 1,
                    "{rgb:?} -> {back:?}"
                );
            }
        }
        let w = srgb_to_lab([255, 255, 255]);
        assert!((w.l - 100.0).abs() < 0.01 && w.a.abs() < 0.01 && w.b.abs() < 0.01);
    }

    #[test]
    fn lab_d50_white_is_white() {
        let lin = lab_d50_to_linear_rgb(Lab::new(100.0, 0.0, 0.0));
        for c in lin {
            assert!((c - 1.0).abs() < 0.002, "{lin:?}");
        }
    }
}
