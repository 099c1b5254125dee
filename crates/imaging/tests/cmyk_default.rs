//! CMYK without an embedded profile is shown as printed to FOGRA39 (ISO 12647-2 coated offset),
//! through the profile built into the crate (`imaging::color::DEFAULT_CMYK_PROFILE`).
//!
//! The fixture is an untagged 8-bit CMYK TIFF of FOGRA39 patches: the CMYK values and the Lab /
//! XYZ Fogra measured for them, copied from `FOGRA39L.ti3` (Debian `icc-profiles-free`, Zlib
//! licence; see `crates/imaging/profiles/LICENSE`). The preview must match the measurements as
//! the relative colorimetric intent promises them: media-relative (paper white is screen white),
//! clipped to the sRGB gamut like the transform clips. The naive device formula used before
//! must fail the same comparison, so passing proves the profile is in use.

use std::io::Cursor;

use imaging::color::{
    DEFAULT_CMYK_PROFILE, default_cmyk_to_srgb, lab_d50_to_linear_rgb, linear_rgb_to_lab,
    linear_to_srgb8, process_ink_color, srgb_to_lab,
};
use imaging::memory_source::{ProceduralSource, channel, process_channels, synthetic_info};
use imaging::render::{MemorySink, RenditionPlan};
use imaging::{
    ChannelKind, ColorMode, ImagingError, Lab, Limits, Samples, TiffOptions, WriteImage, WriteSpec,
    ciede2000,
};

/// One FOGRA39L patch: sample id, C M Y K in percent, measured XYZ (0..100) and Lab (D50).
struct P(u16, [u8; 4], [f32; 3], [f32; 3]);

/// Paper white, solids, 2- and 3-colour overprints, tints (10, 20, 40, 55, 70 %), greys, rich
/// blacks (40/40/40/100, 80/65/65/100, 400 %), secondary tints and a few mixed colours.
#[rustfmt::skip]
const PATCHES: [P; 46] = [
    P(   1, [  0,   0,   0,   0], [ 84.48,  87.62,  74.57], [ 95.00,   0.00,  -2.00]),
    P(  73, [100,   0,   0,   0], [ 15.02,  22.93,  52.85], [ 55.00, -37.00, -50.00]),
    P(   9, [  0, 100,   0,   0], [ 33.03,  16.79,  15.01], [ 48.00,  74.00,  -3.00]),
    P( 649, [  0,   0, 100,   0], [ 69.17,  74.16,   7.04], [ 89.00,  -5.00,  93.00]),
    P(1260, [  0,   0,   0, 100], [  2.02,   2.10,   1.73], [ 16.00,   0.00,   0.00]),
    P(  81, [100, 100,   0,   0], [  5.67,   4.10,  15.67], [ 24.00,  22.00, -46.00]),
    P( 721, [100,   0, 100,   0], [  8.16,  18.42,   6.74], [ 50.00, -65.00,  27.00]),
    P( 657, [  0, 100, 100,   0], [ 30.20,  16.02,   2.30], [ 47.00,  68.00,  48.00]),
    P( 729, [100, 100, 100,   0], [  3.66,   3.80,   3.13], [ 23.00,   0.00,   0.00]),
    P(  37, [ 40,   0,   0,   0], [ 49.39,  56.18,  67.19], [ 79.72, -12.53, -21.75]),
    P(   5, [  0,  40,   0,   0], [ 58.85,  50.57,  47.38], [ 76.42,  25.78,  -6.91]),
    P( 325, [  0,   0,  40,   0], [ 76.49,  81.13,  38.69], [ 92.19,  -3.47,  31.15]),
    P( 946, [  0,   0,   0,  40], [ 38.31,  39.73,  33.69], [ 69.28,   0.00,  -1.35]),
    P( 365, [ 40,  40,  40,   0], [ 30.21,  29.86,  22.62], [ 61.53,   5.42,   3.75]),
    P(1008, [ 40,  40,  40,  40], [ 14.82,  14.80,  11.33], [ 45.36,   3.34,   2.60]),
    P(1273, [ 40,  40,  40, 100], [  1.38,   1.41,   1.10], [ 12.03,   0.55,   0.87]),
    P(1400, [ 80,  65,  65, 100], [  1.03,   1.09,   0.88], [  9.74,  -1.01,   0.31]),
    P(1286, [100, 100, 100, 100], [  0.93,   0.97,   0.69], [  8.71,  -0.07,   2.06]),
    P( 547, [ 70,  70,  70,   0], [ 10.88,  10.39,   7.55], [ 38.53,   6.58,   3.87]),
    P( 183, [ 20,  20,  20,   0], [ 52.65,  53.46,  43.34], [ 78.14,   2.87,   0.93]),
    P(  10, [ 10,   0,   0,   0], [ 75.23,  79.55,  73.29], [ 91.48,  -2.97,  -6.96]),
    P(   2, [  0,  10,   0,   0], [ 77.89,  77.75,  68.26], [ 90.67,   5.90,  -3.86]),
    P(  82, [  0,   0,  10,   0], [ 82.49,  86.06,  65.10], [ 94.34,  -0.94,   5.42]),
    P(1362, [  0,   0,   0,  10], [ 71.45,  74.10,  63.02], [ 88.97,   0.00,  -1.85]),
    P(  55, [ 70,   0,   0,   0], [ 28.34,  36.45,  60.10], [ 66.86, -24.73, -37.10]),
    P(   7, [  0,  70,   0,   0], [ 42.93,  29.06,  27.82], [ 60.84,  50.59,  -6.74]),
    P( 487, [  0,   0,  70,   0], [ 72.03,  77.05,  18.17], [ 90.34,  -4.70,  62.56]),
    P(1354, [  0,   0,   0,  70], [ 14.39,  14.92,  12.57], [ 45.53,   0.00,  -0.75]),
    P(  19, [ 20,   0,   0,   0], [ 66.20,  71.39,  71.35], [ 87.68,  -5.78, -11.80]),
    P( 730, [  0,   0,   0,  20], [ 59.56,  61.77,  52.49], [ 82.79,   0.00,  -1.69]),
    P(  51, [ 55,  55,   0,   0], [ 22.44,  20.15,  33.11], [ 52.00,  14.43, -30.27]),
    P( 411, [  0,  55,  55,   0], [ 45.29,  35.56,  14.41], [ 66.18,  34.45,  29.89]),
    P( 451, [ 55,   0,  55,   0], [ 30.54,  40.28,  23.42], [ 69.67, -28.44,  16.25]),
    P(  77, [100,  40,   0,   0], [ 10.49,  13.38,  35.45], [ 43.34, -17.03, -48.62]),
    P( 653, [  0,  40, 100,   0], [ 48.70,  42.54,   4.77], [ 71.24,  22.15,  73.08]),
    P(  45, [ 40, 100,   0,   0], [ 18.46,  10.09,  15.30], [ 38.01,  55.38, -20.94]),
    P( 338, [ 10,  40,  40,   0], [ 47.47,  42.51,  24.33], [ 71.22,  18.85,  17.25]),
    P( 673, [ 20,  70, 100,   0], [ 27.93,  20.28,   3.37], [ 52.16,  37.07,  48.66]),
    P(1066, [100,   0, 100,  40], [  4.49,   9.45,   3.78], [ 36.84, -47.90,  19.56]),
    P( 915, [  0, 100, 100,  20], [ 21.10,  11.49,   1.86], [ 40.40,  58.23,  40.70]),
    P( 970, [100, 100,   0,  40], [  3.36,   2.57,   7.96], [ 18.22,  15.78, -32.73]),
    P( 192, [ 30,  20,  20,   0], [ 45.69,  47.72,  42.21], [ 74.65,  -0.92,  -3.69]),
    P( 829, [ 70,  40,  20,  20], [ 13.32,  14.92,  21.61], [ 45.53,  -6.73, -21.90]),
    P(1581, [ 40,  70,   0,  10], [ 21.17,  15.85,  22.67], [ 46.78,  31.03, -21.79]),
    P( 471, [ 85,  20,  55,   0], [ 12.62,  19.60,  18.06], [ 51.38, -36.55,  -4.37]),
    P( 332, [  0,  85,  40,   0], [ 35.30,  20.89,  11.15], [ 52.82,  61.03,  16.02]),
];

/// Side of each patch's square in the fixture.
const CELL: u32 = 4;
/// Patches per row of the fixture.
const ACROSS: u32 = 8;

fn coverage(percent: u8) -> u8 {
    (f32::from(percent) * 2.55).round() as u8
}

fn cmyk8(p: &P) -> [u8; 4] {
    p.1.map(coverage)
}

/// An untagged 8-bit CMYK TIFF with the patches as squares, row by row.
fn fixture() -> Vec<u8> {
    let rows = (PATCHES.len() as u32).div_ceil(ACROSS);
    let (w, h) = (ACROSS * CELL, rows * CELL);
    let mut samples = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let i = ((y / CELL) * ACROSS + x / CELL) as usize;
            samples.extend_from_slice(&PATCHES.get(i).map_or([0; 4], cmyk8));
        }
    }
    let image = WriteImage {
        spec: WriteSpec {
            width: w,
            height: h,
            bit_depth: 8,
            color_mode: ColorMode::Cmyk,
            dpi: 300.0,
            channels: process_channels(ColorMode::Cmyk),
            layer_names: vec![],
            icc_profile: None,
        },
        samples: Samples::U8(samples),
    };
    let mut file = Cursor::new(Vec::new());
    imaging::write_tiff(&mut file, &image, &TiffOptions::default()).expect("write tiff");
    file.into_inner()
}

/// The preview of a file and the render's warnings.
fn render_file(bytes: Vec<u8>) -> (imaging::RgbImage, Vec<imaging::Reason>) {
    let mut reader = imaging::open_reader(Cursor::new(bytes), &Limits::default()).expect("open");
    let sink = MemorySink::default();
    let plan = RenditionPlan {
        tiles: false,
        ..RenditionPlan::default()
    };
    let report = imaging::render(&mut *reader, &plan, &sink).expect("render");
    (sink.preview_image(0).expect("preview"), report.warnings)
}

const D50: [f32; 3] = [96.422, 100.0, 82.521];

fn lab_d50(xyz: [f32; 3]) -> Lab {
    let f = |t: f32| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let [fx, fy, fz] = [0, 1, 2].map(|i| f(xyz[i] / D50[i]));
    Lab::new(116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))
}

/// What the relative colorimetric intent promises for a patch, as sRGB Lab (D65): the measured
/// XYZ scaled so that the paper is the PCS white (ICC media-relative colorimetry), through the
/// sRGB matrix (Bradford D50 → D65), clipped to the gamut and rounded to 8 bits like the
/// transform's output. The second value is the same before clipping.
fn promised(p: &P) -> (Lab, Lab) {
    let paper = PATCHES[0].2;
    let rel = [0, 1, 2].map(|i| p.2[i] / paper[i] * D50[i]);
    let lin = lab_d50_to_linear_rgb(lab_d50(rel));
    let clipped = srgb_to_lab(lin.map(linear_to_srgb8));
    (clipped, linear_rgb_to_lab(lin))
}

/// The naive device formula the crate used before the default profile.
fn naive(cmyk: [u8; 4]) -> [u8; 3] {
    let k = 255 - u32::from(cmyk[3]);
    let f = |c: u8| (((255 - u32::from(c)) * k + 127) / 255) as u8;
    [f(cmyk[0]), f(cmyk[1]), f(cmyk[2])]
}

struct Stats {
    mean: f32,
    max: f32,
    worst: u16,
}

fn stats(errors: &[(u16, f32)]) -> Stats {
    let mean = errors.iter().map(|e| e.1).sum::<f32>() / errors.len() as f32;
    let (worst, max) = errors
        .iter()
        .copied()
        .fold((0, 0.0), |a, e| if e.1 > a.1 { e } else { a });
    Stats { mean, max, worst }
}

#[test]
fn untagged_cmyk_renders_fogra39_patches_as_measured() {
    let (preview, warnings) = render_file(fixture());
    assert!(
        warnings
            .iter()
            .any(|w| w.code == "default_cmyk_profile" && w.params["profile"].contains("FOGRA39")),
        "{warnings:?}"
    );

    let mut ours = Vec::new();
    let mut old = Vec::new();
    let mut unclipped = Vec::new();
    let mut absolute = Vec::new();
    for (i, p) in PATCHES.iter().enumerate() {
        let (x, y) = (i as u32 % ACROSS * CELL + 1, i as u32 / ACROSS * CELL + 1);
        let got = preview.pixel(x, y);
        assert_eq!(got, default_cmyk_to_srgb(cmyk8(p)), "patch {}", p.0);
        let (want, want_unclipped) = promised(p);
        let got = srgb_to_lab(got);
        ours.push((p.0, ciede2000(got, want)));
        old.push((p.0, ciede2000(srgb_to_lab(naive(cmyk8(p))), want)));
        unclipped.push((p.0, ciede2000(got, want_unclipped)));
        let measured = Lab::new(p.3[0], p.3[1], p.3[2]);
        let absolute_d65 = linear_rgb_to_lab(lab_d50_to_linear_rgb(measured));
        absolute.push((p.0, ciede2000(got, absolute_d65)));
    }
    let (ours, old) = (stats(&ours), stats(&old));
    let (unclipped, absolute) = (stats(&unclipped), stats(&absolute));
    eprintln!(
        "ΔE00 against the media-relative measurements, gamut-clipped: mean {:.2}, max {:.2} \
         (patch {}); unclipped: mean {:.2}, max {:.2} (patch {}); against the absolute \
         measurements: mean {:.2}, max {:.2} (patch {}); the naive formula: mean {:.2}, max \
         {:.2} (patch {})",
        ours.mean,
        ours.max,
        ours.worst,
        unclipped.mean,
        unclipped.max,
        unclipped.worst,
        absolute.mean,
        absolute.max,
        absolute.worst,
        old.mean,
        old.max,
        old.worst,
    );
    assert!(ours.mean < 1.0, "mean ΔE00 {:.2}", ours.mean);
    assert!(
        ours.max < 2.5,
        "max ΔE00 {:.2} (patch {})",
        ours.max,
        ours.worst
    );
    // The naive formula fails the same comparison by far: the test sees which one is used.
    assert!(old.mean > 5.0, "naive mean ΔE00 {:.2}", old.mean);
    assert!(old.max > 10.0, "naive max ΔE00 {:.2}", old.max);
}

#[test]
fn an_embedded_profile_still_wins_over_the_default() {
    // The same patches, tagged with the default profile itself, render identically and without
    // the warning; tagged with an RGB profile (a mismatch), the warning says what was assumed.
    let tagged = |icc: Vec<u8>| {
        let mut reader =
            imaging::open_reader(Cursor::new(fixture()), &Limits::default()).expect("open");
        let mut info = reader.info().clone();
        info.icc_profile = Some(icc);
        let src = imaging::read_all(&mut *reader).expect("read");
        let mut mem = imaging::MemorySource::new(info, src, 4).expect("source");
        let sink = MemorySink::default();
        let report = imaging::render(&mut mem, &RenditionPlan::default(), &sink).expect("render");
        (sink.preview_image(0).expect("preview"), report.warnings)
    };
    let (untagged, _) = render_file(fixture());
    let (same, warnings) = tagged(DEFAULT_CMYK_PROFILE.to_vec());
    assert!(warnings.is_empty(), "{warnings:?}");
    let close = untagged
        .data
        .iter()
        .zip(&same.data)
        .all(|(a, b)| a.abs_diff(*b) <= 1);
    assert!(close, "the default profile through the embedded path");

    let srgb = moxcms::ColorProfile::new_srgb()
        .encode()
        .expect("encode sRGB");
    let (mismatched, warnings) = tagged(srgb);
    assert_eq!(mismatched, untagged);
    let texts: Vec<&str> = warnings.iter().map(|w| w.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "embedded ICC profile not used (it is Rgb, the data is Cmyk): the default FOGRA39 \
             (ISO 12647-2 coated offset) assumed"
        ]
    );
    assert_eq!(warnings[0].code, "profile_unusable_cmyk");
}

#[test]
fn process_inks_of_a_multichannel_file_take_the_default_solids() {
    // A multichannel TIFF (InkSet 2) whose inks are named for the process inks but given no
    // colour, plus a spot ink: each full ink over white shows its FOGRA39 solid.
    let names = ["Cyan", "Magenta", "Yellow", "Black", "Gold"];
    let channels: Vec<_> = names
        .iter()
        .map(|n| channel(n, ChannelKind::Spot, None))
        .collect();
    let mut samples = Vec::new();
    for i in 0..names.len() {
        let mut px = [0u8; 5];
        px[i] = 255;
        samples.extend_from_slice(&px);
    }
    let image = WriteImage {
        spec: WriteSpec {
            width: names.len() as u32,
            height: 1,
            bit_depth: 8,
            color_mode: ColorMode::Multichannel,
            dpi: 300.0,
            channels,
            layer_names: vec![],
            icc_profile: None,
        },
        samples: Samples::U8(samples),
    };
    let mut file = Cursor::new(Vec::new());
    imaging::write_tiff(&mut file, &image, &TiffOptions::default()).expect("write tiff");
    let (preview, _) = render_file(file.into_inner());
    for (i, name) in names[..4].iter().enumerate() {
        let mut cmyk = [0u8; 4];
        cmyk[i] = 255;
        let solid = default_cmyk_to_srgb(cmyk);
        assert_eq!(process_ink_color(name), Some(solid));
        // Ink over the white fabric in linear light: the ink itself, to a code value.
        let got = preview.pixel(i as u32, 0);
        let near = (0..3).all(|c| got[c].abs_diff(solid[c]) <= 1);
        assert!(near, "{name}: {got:?}, the solid is {solid:?}");
    }
    assert_eq!(process_ink_color("Gold"), None);
    assert_eq!(
        process_ink_color(" process CYAN "),
        process_ink_color("Cyan")
    );
    // FOGRA39's cyan solid is clipped by sRGB to a blue-green, not the fallback red.
    let cyan = preview.pixel(0, 0);
    assert!(cyan[0] < 40 && cyan[2] > 180, "{cyan:?}");
}

/// Time of rendering a 4000 x 4000 procedural CMYK design (no tiles), and of converting its rows
/// alone with the default profile and with the naive formula (the difference is what the
/// profile costs a render). `cargo test -p imaging --test cmyk_default -- --ignored --nocapture`
#[test]
#[ignore = "timing, run by hand"]
fn timing_4000_square_cmyk() {
    use std::time::Instant;
    const SIZE: u32 = 4000;
    let row = |y: u32, row: &mut [u8]| {
        for (x, px) in row.chunks_exact_mut(4).enumerate() {
            let x = x as u32;
            px[0] = (x * 255 / (SIZE - 1)) as u8;
            px[1] = (y * 255 / (SIZE - 1)) as u8;
            px[2] = ((x ^ y) & 0xFF) as u8;
            px[3] = if (x / 200 + y / 200).is_multiple_of(2) {
                0
            } else {
                60
            };
        }
    };
    let info = synthetic_info(
        SIZE,
        SIZE,
        ColorMode::Cmyk,
        process_channels(ColorMode::Cmyk),
    );
    let conv = imaging::ProcessConverter::new(&info);
    let mut src = vec![0u8; SIZE as usize * 4];
    let mut dst = vec![0u8; SIZE as usize * 3];
    let mut scratch = Vec::new();
    let t = Instant::now();
    for y in 0..SIZE {
        row(y, &mut src);
        conv.convert_row(&src, &mut dst, &mut scratch);
    }
    let profile = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for y in 0..SIZE {
        row(y, &mut src);
        for (d, s) in dst.chunks_exact_mut(3).zip(src.chunks_exact(4)) {
            d.copy_from_slice(&naive([s[0], s[1], s[2], s[3]]));
        }
    }
    let naive_secs = t.elapsed().as_secs_f64();

    let mut source = ProceduralSource::new(info, 256, row);
    let plan = RenditionPlan {
        tiles: false,
        ..RenditionPlan::default()
    };
    let sink = |_: Option<usize>, _: &str, _: Vec<u8>| -> Result<(), ImagingError> { Ok(()) };
    let t = Instant::now();
    imaging::render(&mut source, &plan, &sink).expect("render");
    let render = t.elapsed().as_secs_f64();
    eprintln!(
        "{SIZE}² CMYK: render {render:.2} s; rows alone (one thread): default profile \
         {profile:.2} s, naive formula {naive_secs:.2} s"
    );
}
