//! Colour science for the renditions: sRGB transfer curves (as lookup tables), CIELAB (D65),
//! CIEDE2000, and the per-file [`ProcessConverter`] that turns the process channels of a band row
//! (RGB / gray / CMYK / Lab, with or without an embedded ICC profile) into sRGB bytes.
//!
//! Conventions:
//! - [`Lab`] is CIELAB relative to D65 (the sRGB white), used for palettes and colour search.
//! - Lab *files* (Photoshop / TIFF CIELAB) are D50, as ICC and Photoshop define them; they are
//!   converted to sRGB through XYZ with a Bradford D50→D65 adaptation.
//! - CMYK without a usable embedded profile is taken as printed to FOGRA39 (ISO 12647-2 coated
//!   offset, the common European proofing reference): [`DEFAULT_CMYK_PROFILE`], built into the
//!   crate, converted to sRGB with the relative colorimetric intent (paper white → screen white).
//!   Process inks of a multichannel file that gives no ink colour (channels named Cyan, Magenta,
//!   Yellow, Black) take their solid colour from the same profile ([`file_inks`]).

use std::sync::{Arc, OnceLock};

use moxcms::{
    ColorProfile, DataColorSpace, Layout, RenderingIntent, Transform8BitExecutor, TransformOptions,
};

use crate::Reason;
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
/// the file says it; else, for a channel named for a process ink (see [`process_ink_color`]), the
/// solid of that ink in [`DEFAULT_CMYK_PROFILE`]; else [`FALLBACK_INKS`] by spot ordinal.
pub fn file_inks(info: &ImageInfo) -> Vec<[u8; 3]> {
    info.spot_channels()
        .enumerate()
        .map(|(n, (_, c))| {
            c.color
                .or_else(|| process_ink_color(&c.name))
                .unwrap_or(FALLBACK_INKS[n % FALLBACK_INKS.len()])
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The default CMYK profile

/// The ICC profile assumed for CMYK data without a usable embedded one: FOGRA39L, Fogra's
/// characterisation of ISO 12647-2 coated offset (paper type 1/2), made with ArgyllCMS `colprof`
/// from the measurements in Debian's `icc-profiles-free` by `scripts/make-cmyk-profile.sh`
/// (licence and provenance in `crates/imaging/profiles/LICENSE`). CMYK → Lab lut16 (9⁴ grid),
/// about 57 KB; it has no real B2A table, so it can only be a source profile.
pub const DEFAULT_CMYK_PROFILE: &[u8] = include_bytes!("../profiles/FOGRA39L-desen.icc");

/// How the default profile is named in warnings.
pub const DEFAULT_CMYK_PROFILE_NAME: &str = "FOGRA39 (ISO 12647-2 coated offset)";

/// The intent of the default CMYK conversion. Relative colorimetric maps the paper white to the
/// screen white and keeps every in-gamut colour as measured (a proof of the press sheet); the
/// sRGB black (L* 0) is darker than the press black (L* 8), so no shadow detail is clipped and
/// black point compensation is not needed (moxcms 0.9 does not offer it for CMYK sources). The
/// profile's perceptual table is the same colorimetric table anyway (ArgyllCMS builds the
/// gamut mapping only into B2A tables).
pub const DEFAULT_CMYK_INTENT: RenderingIntent = RenderingIntent::RelativeColorimetric;

/// The default CMYK → sRGB transform (built once per process: moxcms samples the profile into
/// a 17⁴ table, some milliseconds).
fn default_cmyk_transform() -> Arc<Transform8BitExecutor> {
    static T: OnceLock<Arc<Transform8BitExecutor>> = OnceLock::new();
    T.get_or_init(|| {
        let options = TransformOptions {
            rendering_intent: DEFAULT_CMYK_INTENT,
            ..TransformOptions::default()
        };
        ColorProfile::new_from_slice(DEFAULT_CMYK_PROFILE)
            .and_then(|p| {
                p.create_transform_8bit(
                    Layout::Rgba,
                    &ColorProfile::new_srgb(),
                    Layout::Rgb,
                    options,
                )
            })
            // A constant of the build, checked by the unit tests below.
            .expect("the built-in CMYK profile makes a transform")
    })
    .clone()
}

/// 8-bit CMYK ink coverage (0 none, 255 full) → sRGB through [`DEFAULT_CMYK_PROFILE`].
pub fn default_cmyk_to_srgb(cmyk: [u8; 4]) -> [u8; 3] {
    let mut rgb = [255u8; 3];
    // Lengths match (one pixel), so the transform cannot fail.
    let _ = default_cmyk_transform().transform(&cmyk, &mut rgb);
    rgb
}

/// The solid colour of a process ink named by a channel (`Cyan`, `Magenta`, `Yellow`, `Black`,
/// any case, optionally after `Process `) through [`DEFAULT_CMYK_PROFILE`]; `None` for any other
/// name.
pub fn process_ink_color(name: &str) -> Option<[u8; 3]> {
    static SOLIDS: OnceLock<[[u8; 3]; 4]> = OnceLock::new();
    let name = name.trim().to_ascii_lowercase();
    let name = name.strip_prefix("process ").unwrap_or(&name).trim();
    let i = ["cyan", "magenta", "yellow", "black"]
        .iter()
        .position(|&n| n == name)?;
    let solids = SOLIDS.get_or_init(|| {
        let mut s = [[0u8; 3]; 4];
        for (i, c) in s.iter_mut().enumerate() {
            let mut cmyk = [0u8; 4];
            cmyk[i] = 255;
            *c = default_cmyk_to_srgb(cmyk);
        }
        s
    });
    Some(solids[i])
}

/// What the process channels hold, by their number and the colour mode.
#[derive(Clone, Copy, PartialEq)]
enum Data {
    None,
    Gray,
    Rgb,
    Cmyk,
    Lab,
}

#[derive(Clone)]
enum ProcessKind {
    /// No process channels (multichannel documents): nothing to convert.
    None,
    Gray,
    Rgb,
    /// CMYK without a usable embedded profile, through [`DEFAULT_CMYK_PROFILE`].
    CmykDefault {
        transform: Arc<Transform8BitExecutor>,
    },
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
/// a warning (data taken as sRGB, CMYK through [`DEFAULT_CMYK_PROFILE`]), never a failure. CMYK
/// without a profile goes through [`DEFAULT_CMYK_PROFILE`] too, with a warning naming it.
#[derive(Clone)]
pub struct ProcessConverter {
    kind: ProcessKind,
    process: Vec<usize>,
    alpha: Option<usize>,
    channels: usize,
    warnings: Vec<Reason>,
}

impl std::fmt::Debug for ProcessConverter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.kind {
            ProcessKind::None => "none",
            ProcessKind::Gray => "gray",
            ProcessKind::Rgb => "rgb",
            ProcessKind::CmykDefault { .. } => "cmyk-default",
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
        let data = match (process.len(), info.color_mode) {
            (0, _) => Data::None,
            (4.., ColorMode::Cmyk) => {
                if process.len() > 4 {
                    warnings.push(
                        Reason::new(
                            "extra_process_channels",
                            format!(
                                "{} process channels in a CMYK file: using the first 4",
                                process.len()
                            ),
                        )
                        .with("count", process.len()),
                    );
                    process.truncate(4);
                }
                Data::Cmyk
            }
            (3.., ColorMode::Lab) => {
                process.truncate(3);
                Data::Lab
            }
            (1 | 2, _) => {
                if process.len() == 2 {
                    warnings.push(Reason::new(
                        "two_process_channels",
                        "2 process channels: rendering the first as gray",
                    ));
                }
                process.truncate(1);
                Data::Gray
            }
            (n, mode) => {
                if n != 3 || !matches!(mode, ColorMode::Rgb | ColorMode::Indexed) {
                    warnings.push(
                        Reason::new(
                            "process_channels_as_rgb",
                            format!(
                                "{n} process channels in a {mode:?} file: rendering the first 3 \
                                 as RGB"
                            ),
                        )
                        .with("count", n)
                        .with("mode", format!("{mode:?}")),
                    );
                }
                process.truncate(3);
                Data::Rgb
            }
        };
        let embedded = match info.icc_profile.as_deref() {
            Some(icc) => match icc_transform(icc, data) {
                Ok(kind) => kind,
                Err(msg) => {
                    warnings.push(msg);
                    None
                }
            },
            None if data == Data::Cmyk => {
                warnings.push(
                    Reason::new(
                        "default_cmyk_profile",
                        format!(
                            "no embedded CMYK profile: colours shown as printed to the default \
                             {DEFAULT_CMYK_PROFILE_NAME}"
                        ),
                    )
                    .with("profile", DEFAULT_CMYK_PROFILE_NAME),
                );
                None
            }
            None => None,
        };
        let kind = embedded.unwrap_or_else(|| match data {
            Data::None => ProcessKind::None,
            Data::Gray => ProcessKind::Gray,
            Data::Rgb => ProcessKind::Rgb,
            Data::Cmyk => ProcessKind::CmykDefault {
                transform: default_cmyk_transform(),
            },
            Data::Lab => ProcessKind::Lab,
        });
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
    pub fn warnings(&self) -> &[Reason] {
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
            ProcessKind::CmykDefault { transform } => {
                apply_transform(transform.as_ref(), 4, &self.process, src, ch, dst, scratch);
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
                apply_transform(
                    transform.as_ref(),
                    *src_channels,
                    &self.process,
                    src,
                    ch,
                    dst,
                    scratch,
                );
            }
        }
    }
}

/// Gathers the `n` process channels `p` of each pixel of `src` (`ch` channels a pixel) into
/// `scratch` (or uses `src` as it is when it holds exactly them, in order) and runs `transform`
/// into `dst` (3 bytes a pixel).
fn apply_transform(
    transform: &Transform8BitExecutor,
    n: usize,
    p: &[usize],
    src: &[u8],
    ch: usize,
    dst: &mut [u8],
    scratch: &mut Vec<u8>,
) {
    let input = if ch == n && p.iter().enumerate().all(|(i, &c)| i == c) {
        src
    } else {
        scratch.clear();
        scratch.reserve(src.len() / ch * n);
        for s in src.chunks_exact(ch) {
            scratch.extend(p.iter().map(|&c| s[c]));
        }
        &scratch[..]
    };
    if transform.transform(input, dst).is_err() {
        // Cannot happen with matching lengths; keep the row readable if it does.
        for (d, s) in dst.chunks_exact_mut(3).zip(input.chunks_exact(n)) {
            d.fill(s[0]);
        }
    }
}

/// Builds the moxcms transform for an embedded profile: Ok(None) for data kinds that take no
/// profile, Err(warning) when the profile is unreadable, mismatched or unsupported.
fn icc_transform(icc: &[u8], data: Data) -> Result<Option<ProcessKind>, Reason> {
    let (want, layout, n) = match data {
        Data::Gray => (DataColorSpace::Gray, Layout::Gray, 1),
        Data::Rgb => (DataColorSpace::Rgb, Layout::Rgb, 3),
        Data::Cmyk => (DataColorSpace::Cmyk, Layout::Rgba, 4),
        Data::None | Data::Lab => return Ok(None),
    };
    // Why the profile is not used, and what is done instead.
    let unusable = |why: String| {
        if data == Data::Cmyk {
            Reason::new(
                "profile_unusable_cmyk",
                format!(
                    "embedded ICC profile not used ({why}): the default \
                     {DEFAULT_CMYK_PROFILE_NAME} assumed"
                ),
            )
            .with("profile", DEFAULT_CMYK_PROFILE_NAME)
        } else {
            Reason::new(
                "profile_unusable",
                format!("embedded ICC profile not used ({why}): colours taken as is"),
            )
        }
        .with("why", why)
    };
    let profile =
        ColorProfile::new_from_slice(icc).map_err(|e| unusable(format!("unreadable: {e}")))?;
    if profile.color_space != want {
        return Err(unusable(format!(
            "it is {:?}, the data is {:?}",
            profile.color_space, want
        )));
    }
    let srgb = ColorProfile::new_srgb();
    let transform = profile
        .create_transform_8bit(layout, &srgb, Layout::Rgb, TransformOptions::default())
        .map_err(|e| unusable(e.to_string()))?;
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
    fn the_default_cmyk_profile_is_fogra39() {
        let profile = ColorProfile::new_from_slice(DEFAULT_CMYK_PROFILE).expect("parses");
        assert_eq!(profile.color_space, DataColorSpace::Cmyk);
        // Paper is the screen white (relative colorimetric); solids and black as FOGRA39 has
        // them (Lab D50: cyan 55 −37 −50, magenta 48 74 −3, yellow 89 −5 93, black 16 0 0).
        assert_eq!(default_cmyk_to_srgb([0; 4]), [255, 255, 255]);
        let lab = |cmyk| srgb_to_lab(default_cmyk_to_srgb(cmyk));
        let black = lab([0, 0, 0, 255]);
        assert!(
            (black.l - 16.8).abs() < 1.5 && black.a.abs() < 1.0,
            "{black:?}"
        );
        let magenta = lab([0, 255, 0, 0]);
        assert!(magenta.l > 45.0 && magenta.a > 60.0, "{magenta:?}");
        let ProcessKind::CmykDefault { .. } =
            ProcessConverter::new(&crate::memory_source::synthetic_info(
                1,
                1,
                ColorMode::Cmyk,
                crate::memory_source::process_channels(ColorMode::Cmyk),
            ))
            .kind
        else {
            panic!("untagged CMYK goes through the default profile");
        };
    }

    #[test]
    fn lab_d50_white_is_white() {
        let lin = lab_d50_to_linear_rgb(Lab::new(100.0, 0.0, 0.0));
        for c in lin {
            assert!((c - 1.0).abs() < 0.002, "{lin:?}");
        }
    }
}
