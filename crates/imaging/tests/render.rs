//! The one-pass rendition pipeline on synthetic sources: compositing of rotary colorways,
//! digital and CMYK previews, thumbnails, the DZI pyramid, masks, errors, and a large
//! procedural design (timed, printed with `--nocapture`).

#![allow(clippy::needless_range_loop)] // pixel and channel indices read best as indices

use std::time::Instant;

use imaging::color::{Lab, ciede2000, srgb_to_lab};
use imaging::encode::decode_png_gray;
use imaging::info::{Band, BandReader, ChannelKind, ColorMode, ImageInfo};
use imaging::memory_source::{ProceduralSource, channel, process_channels, synthetic_info};
use imaging::render::{
    ColorwayPlan, MemorySink, RenditionPlan, THUMBNAILS, names, recolor_preview, render,
    thumbnail_variant,
};
use imaging::resize::{GrayImage, RgbImage, area_downscale};
use imaging::tiles::{dzi_xml, level_sizes, level_tiles, max_level, tile_count};
use imaging::{ImagingError, MemorySource};

fn plan(colorways: Vec<ColorwayPlan>, tiles: bool, masks: bool) -> RenditionPlan {
    RenditionPlan {
        colorways,
        fabric: [255, 255, 255],
        tiles,
        channel_masks: masks,
    }
}

fn own() -> ColorwayPlan {
    ColorwayPlan { inks: None }
}

fn inks(v: &[[u8; 3]]) -> ColorwayPlan {
    ColorwayPlan {
        inks: Some(v.to_vec()),
    }
}

fn decode_jpeg(bytes: &[u8]) -> RgbImage {
    let mut d = jpeg_decoder::Decoder::new(std::io::Cursor::new(bytes));
    let data = d.decode().expect("jpeg decodes");
    let info = d.info().expect("jpeg info");
    assert_eq!(info.pixel_format, jpeg_decoder::PixelFormat::RGB24);
    RgbImage {
        width: info.width as u32,
        height: info.height as u32,
        data,
    }
}

/// Mean and max CIEDE2000 between two images of the same size.
fn delta_e(a: &RgbImage, b: &RgbImage) -> (f32, f32) {
    assert_eq!((a.width, a.height), (b.width, b.height));
    let mut sum = 0f64;
    let mut max = 0f32;
    let mut n = 0usize;
    for (p, q) in a.data.chunks_exact(3).zip(b.data.chunks_exact(3)) {
        let d = ciede2000(
            srgb_to_lab([p[0], p[1], p[2]]),
            srgb_to_lab([q[0], q[1], q[2]]),
        );
        sum += d as f64;
        max = max.max(d);
        n += 1;
    }
    ((sum / n as f64) as f32, max)
}

fn assert_rgb_near(got: [u8; 3], want: [u8; 3], tol: i32, what: &str) {
    for c in 0..3 {
        assert!(
            (got[c] as i32 - want[c] as i32).abs() <= tol,
            "{what}: got {got:?}, want {want:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Rotary compositing

/// A multichannel design, 40x10, two spot channels; five 8-px columns:
/// A only / A at 50 % / A and B / B only / nothing.
fn two_spot_source(colors: [Option<[u8; 3]>; 2]) -> MemorySource {
    let (w, h) = (40u32, 10u32);
    let info = synthetic_info(
        w,
        h,
        ColorMode::Multichannel,
        vec![
            channel("Kirmizi", ChannelKind::Spot, colors[0]),
            channel("Lacivert", ChannelKind::Spot, colors[1]),
        ],
    );
    let mut samples = Vec::new();
    for _ in 0..h {
        for x in 0..w {
            let (a, b) = match x / 8 {
                0 => (255, 0),
                1 => (128, 0),
                2 => (255, 255),
                3 => (0, 255),
                _ => (0, 0),
            };
            samples.extend_from_slice(&[a, b]);
        }
    }
    MemorySource::new(info, samples, 3).expect("source")
}

#[test]
fn rotary_inks_composite_multiplicatively() {
    let mut src = two_spot_source([Some([255, 0, 0]), Some([0, 0, 255])]);
    let sink = MemorySink::default();
    let report = render(
        &mut src,
        &plan(
            vec![own(), inks(&[[0, 128, 0], [255, 255, 0]])],
            false,
            true,
        ),
        &sink,
    )
    .expect("render");
    assert_eq!(report.colorways.len(), 2);
    assert_eq!(report.colorways[0].preview_size, (40, 10));

    let p = sink.preview_image(0).expect("preview 0");
    assert_eq!(p.pixel(2, 5), [255, 0, 0], "full red ink over white is red");
    // 50 % coverage (128/255) of red: G and B = 1 - c in linear light = 0.498 → sRGB 188.
    assert_rgb_near(p.pixel(10, 5), [255, 188, 188], 1, "half coverage");
    assert_eq!(p.pixel(18, 5), [0, 0, 0], "red x blue multiply to black");
    assert_eq!(p.pixel(26, 5), [0, 0, 255], "blue alone");
    assert_eq!(p.pixel(34, 5), [255, 255, 255], "bare fabric");

    let q = sink.preview_image(1).expect("preview 1");
    assert_eq!(q.pixel(2, 5), [0, 128, 0]);
    // green x yellow: (0,lin128,0) * (1,1,0) → (0,128,0)
    assert_eq!(q.pixel(18, 5), [0, 128, 0]);
    assert_eq!(q.pixel(26, 5), [255, 255, 0]);

    // The palette of colorway 0 holds red, black, blue, white and the pink, shares by area.
    let pal = &report.colorways[0].palette;
    let white = pal
        .iter()
        .find(|e| ciede2000(e.lab, Lab::new(100.0, 0.0, 0.0)) < 1.0)
        .expect("fabric white in palette");
    assert!((white.share - 0.2).abs() < 0.01, "{pal:?}");
    assert!(
        pal.iter()
            .any(|e| ciede2000(e.lab, srgb_to_lab([255, 0, 0])) < 1.0)
    );
    assert!((pal.iter().map(|e| e.share).sum::<f32>() - 1.0).abs() < 1e-4);
}

#[test]
fn fabric_colour_and_missing_ink_colours() {
    // No colours in the file: the fallback palette (red, blue) is used; fabric is cream.
    let mut src = two_spot_source([None, None]);
    let sink = MemorySink::default();
    let mut pl = plan(vec![own(), inks(&[[0, 0, 0]])], false, false);
    pl.fabric = [240, 230, 200];
    let report = render(&mut src, &pl, &sink).expect("render");
    let p = sink.preview_image(0).expect("preview");
    assert_eq!(p.pixel(34, 5), [240, 230, 200], "bare fabric shows");
    let red = imaging::color::FALLBACK_INKS[0];
    // ink over cream: per component ink * fabric in linear light
    let l = imaging::color::srgb_to_linear_lut();
    let want = [0, 1, 2]
        .map(|k| imaging::color::linear_to_srgb8(l[red[k] as usize] * l[pl.fabric[k] as usize]));
    assert_eq!(p.pixel(2, 5), want);
    // Colorway 1 gave one ink for two channels: warned, the second keeps the file's colour.
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.code == "colorway_inks_count" && w.params["colorway"] == "1"),
        "{:?}",
        report.warnings
    );
    let q = sink.preview_image(1).expect("preview");
    assert_eq!(q.pixel(2, 5), [0, 0, 0]);
    assert_eq!(report.masks, 0);
    assert!(sink.names(None).is_empty());
}

#[test]
fn masks_store_coverage_and_recolor_matches_render() {
    let mut src = two_spot_source([Some([255, 0, 0]), Some([0, 0, 255])]);
    let sink = MemorySink::default();
    let new_inks = [[20, 90, 160], [250, 200, 40]];
    let report =
        render(&mut src, &plan(vec![inks(&new_inks)], false, true), &sink).expect("render");
    assert_eq!(report.masks, 2);
    assert_eq!(sink.names(None), vec![names::mask(0), names::mask(1)]);
    let masks: Vec<GrayImage> = (0..2)
        .map(|i| decode_png_gray(&sink.get(None, &names::mask(i)).expect("mask")).expect("png"))
        .collect();
    assert_eq!((masks[0].width, masks[0].height), (40, 10));
    assert_eq!(masks[0].pixel(10, 3), 128);
    assert_eq!(masks[0].pixel(26, 3), 0);
    assert_eq!(masks[1].pixel(26, 3), 255);
    // At preview size equal to the design, recolouring the masks is the render itself.
    let again = recolor_preview(&masks, &new_inks, [255, 255, 255], None).expect("recolor");
    assert_eq!(again, sink.preview_image(0).expect("preview"));
}

#[test]
fn cmyk_with_spot_channel_starts_from_the_process_image() {
    // CMYK + one spot channel: the spot ink multiplies onto the CMYK rendering (untagged: the
    // default profile).
    let info = synthetic_info(
        4,
        1,
        ColorMode::Cmyk,
        [
            process_channels(ColorMode::Cmyk),
            vec![channel("Gold", ChannelKind::Spot, Some([200, 160, 0]))],
        ]
        .concat(),
    );
    #[rustfmt::skip]
    let samples = vec![
        0, 0, 0, 0, 0,        // paper
        255, 0, 0, 0, 0,      // cyan
        0, 0, 0, 0, 255,      // gold on paper
        255, 0, 0, 0, 255,    // gold on cyan: (0,255,255) x gold
    ];
    let mut src = MemorySource::new(info, samples, 1).expect("source");
    let sink = MemorySink::default();
    render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let p = sink.preview_image(0).expect("preview");
    assert_eq!(p.pixel(0, 0), [255, 255, 255]);
    let cyan = imaging::color::default_cmyk_to_srgb([255, 0, 0, 0]);
    assert_eq!(p.pixel(1, 0), cyan);
    assert_eq!(p.pixel(2, 0), [200, 160, 0]);
    // Gold on cyan: per component, the two multiply in linear light.
    let l = imaging::color::srgb_to_linear_lut();
    let gold = [200u8, 160, 0];
    let want = [0, 1, 2]
        .map(|k| imaging::color::linear_to_srgb8(l[cyan[k] as usize] * l[gold[k] as usize]));
    assert_eq!(p.pixel(3, 0), want);
}

// ---------------------------------------------------------------------------------------------
// Digital designs

/// A busy RGB pattern: gradients, stripes and a checker, so downscaling has work to do.
fn pattern_pixel(x: u32, y: u32) -> [u8; 3] {
    let checker = ((x / 37) + (y / 23)).is_multiple_of(2);
    let r = (x * 255 / 2999) as u8;
    let g = if checker { 200 } else { (y % 256) as u8 };
    let b = ((x ^ y) & 0xFF) as u8;
    [r, g, b]
}

fn pattern_image(w: u32, h: u32) -> RgbImage {
    let mut img = RgbImage::new(w, h);
    for y in 0..h {
        for x in 0..w {
            let i = ((y * w + x) * 3) as usize;
            img.data[i..i + 3].copy_from_slice(&pattern_pixel(x, y));
        }
    }
    img
}

fn rgb_source(img: &RgbImage, band_rows: u32) -> MemorySource {
    let info = synthetic_info(
        img.width,
        img.height,
        ColorMode::Rgb,
        process_channels(ColorMode::Rgb),
    );
    MemorySource::new(info, img.data.clone(), band_rows).expect("source")
}

/// Reference box filter, written independently of the streaming downscaler: each output pixel
/// is the area-weighted mean of the source pixels its footprint overlaps.
fn reference_downscale(src: &RgbImage, dw: u32, dh: u32) -> RgbImage {
    let (sw, sh) = (src.width as f64, src.height as f64);
    let (fx, fy) = (sw / dw as f64, sh / dh as f64);
    let mut out = RgbImage::new(dw, dh);
    for oy in 0..dh {
        let (y0, y1) = (oy as f64 * fy, (oy + 1) as f64 * fy);
        for ox in 0..dw {
            let (x0, x1) = (ox as f64 * fx, (ox + 1) as f64 * fx);
            let mut acc = [0f64; 3];
            for y in y0.floor() as u32..(y1.ceil() as u32).min(src.height) {
                let wy = (y1.min(y as f64 + 1.0) - y0.max(y as f64)).max(0.0);
                for x in x0.floor() as u32..(x1.ceil() as u32).min(src.width) {
                    let wx = (x1.min(x as f64 + 1.0) - x0.max(x as f64)).max(0.0);
                    let p = src.pixel(x, y);
                    for c in 0..3 {
                        acc[c] += wx * wy * p[c] as f64;
                    }
                }
            }
            let i = ((oy * dw + ox) * 3) as usize;
            for c in 0..3 {
                out.data[i + c] = (acc[c] / (fx * fy)).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    out
}

#[test]
fn digital_preview_is_the_input_downscaled() {
    let img = pattern_image(3000, 2000);
    let mut src = rgb_source(&img, 97);
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, true), &sink).expect("render");
    let cw = &report.colorways[0];
    assert_eq!(cw.preview_size, (2048, 1365));
    assert_eq!(report.masks, 0, "digital designs have no masks");
    let preview = sink.preview_image(0).expect("preview");
    let reference = reference_downscale(&img, 2048, 1365);
    let (mean, max) = delta_e(&preview, &reference);
    assert!(
        mean < 0.05 && max < 1.5,
        "raw preview vs reference: mean {mean} max {max}"
    );
    // Streaming through bands equals downscaling the whole image at once.
    assert_eq!(
        preview,
        area_downscale(&img, 2048, 1365).expect("downscale")
    );
    // The JPEG is faithful.
    let jpeg = decode_jpeg(&sink.get(Some(0), names::PREVIEW).expect("preview.jpg"));
    let (mean, _) = delta_e(&jpeg, &reference);
    assert!(mean < 2.0, "jpeg preview mean deltaE {mean}");
}

#[test]
fn small_design_is_not_upscaled_and_alpha_lies_on_fabric() {
    let info = synthetic_info(
        3,
        1,
        ColorMode::Rgb,
        [
            process_channels(ColorMode::Rgb),
            vec![channel("Alpha 1", ChannelKind::Alpha, None)],
        ]
        .concat(),
    );
    let samples = vec![10, 20, 30, 255, 10, 20, 30, 0, 200, 100, 0, 128];
    let mut src = MemorySource::new(info, samples, 8).expect("source");
    let sink = MemorySink::default();
    let mut pl = plan(vec![own()], false, false);
    pl.fabric = [100, 100, 100];
    let report = render(&mut src, &pl, &sink).expect("render");
    assert_eq!(report.colorways[0].preview_size, (3, 1));
    let p = sink.preview_image(0).expect("preview");
    assert_eq!(p.pixel(0, 0), [10, 20, 30]);
    assert_eq!(p.pixel(1, 0), [100, 100, 100]);
    assert_eq!(p.pixel(2, 0), [150, 100, 50]);
}

#[test]
fn cmyk_without_profile_goes_through_the_default_profile() {
    let info = synthetic_info(5, 2, ColorMode::Cmyk, process_channels(ColorMode::Cmyk));
    #[rustfmt::skip]
    let row: [u8; 20] = [
        0, 0, 0, 0,         // paper → white
        255, 0, 0, 0,       // cyan
        0, 255, 255, 0,     // magenta+yellow
        0, 0, 0, 128,       // 50 % black
        128, 0, 0, 128,     // 50 % cyan over 50 % black
    ];
    let samples = [row, row].concat();
    let mut src = MemorySource::new(info, samples, 1).expect("source");
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let codes: Vec<&str> = report.warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(codes, ["default_cmyk_profile"]);
    let p = sink.preview_image(0).expect("preview");
    for (x, cmyk) in row.chunks_exact(4).enumerate() {
        let cmyk = [cmyk[0], cmyk[1], cmyk[2], cmyk[3]];
        assert_eq!(
            p.pixel(x as u32, 1),
            imaging::color::default_cmyk_to_srgb(cmyk),
            "{cmyk:?}"
        );
    }
    assert_eq!(p.pixel(0, 1), [255, 255, 255], "paper is white");
}

#[test]
fn gray_and_lab_process_channels() {
    let gray = synthetic_info(2, 1, ColorMode::Gray, process_channels(ColorMode::Gray));
    let mut src = MemorySource::new(gray, vec![0, 200], 1).expect("source");
    let sink = MemorySink::default();
    render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let p = sink.preview_image(0).expect("preview");
    assert_eq!((p.pixel(0, 0), p.pixel(1, 0)), ([0; 3], [200; 3]));

    // Lab (D50, Photoshop encoding): white, black and a saturated red.
    let lab = synthetic_info(3, 1, ColorMode::Lab, process_channels(ColorMode::Lab));
    let red_l = (54.29f32 * 255.0 / 100.0).round() as u8; // sRGB red in Lab D50 ≈ (54.29, 80.8, 69.9)
    let samples = vec![255, 128, 128, 0, 128, 128, red_l, 128 + 81, 128 + 70];
    let mut src = MemorySource::new(lab, samples, 1).expect("source");
    let sink = MemorySink::default();
    render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let p = sink.preview_image(0).expect("preview");
    assert_rgb_near(p.pixel(0, 0), [255, 255, 255], 1, "Lab white");
    assert_eq!(p.pixel(1, 0), [0, 0, 0]);
    let d = ciede2000(srgb_to_lab(p.pixel(2, 0)), srgb_to_lab([255, 0, 0]));
    assert!(d < 2.0, "Lab red → {:?} (ΔE {d})", p.pixel(2, 0));
}

#[test]
fn unusable_icc_profile_is_a_warning_not_a_failure() {
    let img = pattern_image(64, 32);
    let mut src = rgb_source(&img, 16);
    src.info.icc_profile = Some(b"definitely not an ICC profile".to_vec());
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert_eq!(
        report.warnings[0].code, "profile_unusable",
        "{:?}",
        report.warnings
    );
    assert!(
        report.warnings[0].text.contains("ICC"),
        "{:?}",
        report.warnings
    );
    assert_eq!(sink.preview_image(0).expect("preview"), img);
}

#[test]
fn embedded_rgb_profiles_convert_to_srgb() {
    let img = pattern_image(64, 32);
    // An embedded sRGB profile changes (almost) nothing.
    let mut src = rgb_source(&img, 16);
    src.info.icc_profile = Some(moxcms::ColorProfile::new_srgb().encode().expect("icc"));
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let (mean, max) = delta_e(&sink.preview_image(0).expect("preview"), &img);
    assert!(
        mean < 0.3 && max < 1.5,
        "sRGB → sRGB: mean {mean} max {max}"
    );

    // Adobe RGB (1998) data: checked against the published matrices.
    let info = synthetic_info(1, 1, ColorMode::Rgb, process_channels(ColorMode::Rgb));
    let mut src = MemorySource::new(info, vec![100, 150, 80], 1).expect("source");
    src.info.icc_profile = Some(moxcms::ColorProfile::new_adobe_rgb().encode().expect("icc"));
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let got = sink.preview_image(0).expect("preview").pixel(0, 0);
    let g = 563.0f64 / 256.0;
    let lin = [100.0f64, 150.0, 80.0].map(|v| (v / 255.0).powf(g));
    let m = [
        [0.576_730_9, 0.185_554, 0.188_185_2],
        [0.297_376_9, 0.627_349_1, 0.075_274_1],
        [0.027_034_3, 0.070_687_2, 0.991_108_5],
    ];
    let xyz = [0, 1, 2].map(|r| m[r][0] * lin[0] + m[r][1] * lin[1] + m[r][2] * lin[2]);
    let lab = imaging::color::linear_rgb_to_lab(
        [
            3.240_454_2 * xyz[0] - 1.537_138_5 * xyz[1] - 0.498_531_4 * xyz[2],
            -0.969_266 * xyz[0] + 1.876_010_8 * xyz[1] + 0.041_556 * xyz[2],
            0.055_643_4 * xyz[0] - 0.204_025_9 * xyz[1] + 1.057_225_2 * xyz[2],
        ]
        .map(|v| v as f32),
    );
    let d = ciede2000(srgb_to_lab(got), lab);
    assert!(d < 1.5, "Adobe RGB (100,150,80) → {got:?}, ΔE {d}");
    assert!(got[0] < 90, "reds shrink from Adobe RGB to sRGB: {got:?}");

    // Gray with a gamma 2.2 profile.
    let mut info = synthetic_info(2, 1, ColorMode::Gray, process_channels(ColorMode::Gray));
    info.icc_profile = Some(
        moxcms::ColorProfile::new_gray_with_gamma(2.2)
            .encode()
            .expect("icc"),
    );
    let mut src = MemorySource::new(info, vec![128, 255], 1).expect("source");
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let p = sink.preview_image(0).expect("preview");
    let want = imaging::color::linear_to_srgb8((128.0f32 / 255.0).powf(2.2));
    assert_rgb_near(p.pixel(0, 0), [want; 3], 2, "gamma 2.2 gray");
    assert_rgb_near(p.pixel(1, 0), [255; 3], 1, "gray white");

    // A profile of the wrong colour space is ignored with a warning.
    let img = pattern_image(8, 8);
    let mut src = rgb_source(&img, 8);
    src.info.icc_profile = Some(
        moxcms::ColorProfile::new_gray_with_gamma(2.2)
            .encode()
            .expect("icc"),
    );
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert_eq!(sink.preview_image(0).expect("preview"), img);
}

/// A CMYK output profile whose A2B0 table (lut16, 9 grid points per ink) holds the naive
/// conversion, darkened by 10 % so the ICC path is told apart from the naive fallback.
fn synthetic_cmyk_profile() -> Vec<u8> {
    use moxcms::{
        ColorProfile, DataColorSpace, LutDataType, LutStore, LutType, LutWarehouse, Matrix3d,
        ProfileClass, Xyzd,
    };
    const G: usize = 9;
    let mut clut = Vec::with_capacity(G.pow(4) * 3);
    for c in 0..G {
        for m in 0..G {
            for y in 0..G {
                for k in 0..G {
                    let f = |i: usize| i as f32 / (G - 1) as f32;
                    let rgb = [c, m, y]
                        .map(|v| (255.0 * 0.9 * (1.0 - f(v)) * (1.0 - f(k))).round() as u8);
                    // sRGB → Lab relative to D50 (ICC PCS), legacy 16-bit encoding.
                    let lin = rgb.map(|v| imaging::color::srgb_to_linear_lut()[v as usize] as f64);
                    let x = 0.4360747 * lin[0] + 0.3850649 * lin[1] + 0.1430804 * lin[2];
                    let yy = 0.2225045 * lin[0] + 0.7168786 * lin[1] + 0.0606169 * lin[2];
                    let z = 0.0139322 * lin[0] + 0.0971045 * lin[1] + 0.7141733 * lin[2];
                    let fl = |t: f64| {
                        if t > 216.0 / 24389.0 {
                            t.cbrt()
                        } else {
                            (24389.0 / 27.0 * t + 16.0) / 116.0
                        }
                    };
                    let (fx, fy, fz) = (fl(x / 0.9642), fl(yy), fl(z / 0.8249));
                    let (l, a, b) = (116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz));
                    clut.push((l / 100.0 * 65280.0).round().clamp(0.0, 65535.0) as u16);
                    clut.push(((a + 128.0) * 256.0).round().clamp(0.0, 65535.0) as u16);
                    clut.push(((b + 128.0) * 256.0).round().clamp(0.0, 65535.0) as u16);
                }
            }
        }
    }
    let lut = LutDataType {
        num_input_channels: 4,
        num_output_channels: 3,
        num_clut_grid_points: G as u8,
        matrix: Matrix3d::IDENTITY,
        num_input_table_entries: 2,
        num_output_table_entries: 2,
        input_table: LutStore::Store16(vec![0, 65535, 0, 65535, 0, 65535, 0, 65535]),
        clut_table: LutStore::Store16(clut),
        output_table: LutStore::Store16(vec![0, 65535, 0, 65535, 0, 65535]),
        lut_type: LutType::Lut16,
    };
    let d50 = Xyzd {
        x: 0.9642,
        y: 1.0,
        z: 0.8249,
    };
    let mut profile = ColorProfile::default();
    profile.color_space = DataColorSpace::Cmyk;
    profile.pcs = DataColorSpace::Lab;
    profile.profile_class = ProfileClass::OutputDevice;
    profile.white_point = d50;
    profile.media_white_point = Some(d50);
    profile.lut_a_to_b_perceptual = Some(LutWarehouse::Lut(lut));
    profile.encode().expect("profile encodes")
}

#[test]
fn cmyk_with_embedded_profile_goes_through_icc() {
    let mut info = synthetic_info(5, 1, ColorMode::Cmyk, process_channels(ColorMode::Cmyk));
    info.icc_profile = Some(synthetic_cmyk_profile());
    assert!(imaging::ProcessConverter::new(&info).uses_icc());
    #[rustfmt::skip]
    let samples = vec![
        0, 0, 0, 0,
        255, 0, 0, 0,
        0, 255, 255, 0,
        0, 0, 0, 128,
        64, 128, 0, 0,
    ];
    let mut src = MemorySource::new(info, samples, 1).expect("source");
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let p = sink.preview_image(0).expect("preview");
    // The profile's colours (naive x 0.9), not the naive fallback's.
    let want = [
        [230, 230, 230],
        [0, 230, 230],
        [230, 0, 0],
        [115, 115, 115],
        [171, 115, 230],
    ];
    for (x, w) in want.iter().enumerate() {
        let d = ciede2000(srgb_to_lab(p.pixel(x as u32, 0)), srgb_to_lab(*w));
        assert!(
            d < 3.0,
            "pixel {x}: {:?} vs {w:?} (ΔE {d})",
            p.pixel(x as u32, 0)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Thumbnails

#[test]
fn thumbnail_sizes_per_variant() {
    let img = pattern_image(3000, 2000);
    let mut src = rgb_source(&img, 256);
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let want = [
        ("d/v", (360, 480)),
        ("d/h", (480, 360)),
        ("m/h", (240, 180)),
        ("c/d/h", (1024, 683)),
        ("c/d/v", (768, 512)),
    ];
    let got: Vec<(&str, (u32, u32))> = report.colorways[0]
        .thumbnails
        .iter()
        .map(|(v, s)| (v.as_str(), *s))
        .collect();
    assert_eq!(got, want);
    for (variant, size) in want {
        let t = thumbnail_variant(variant).expect("variant");
        let jpeg = decode_jpeg(&sink.get(Some(0), t.name).expect("thumb stored"));
        assert_eq!((jpeg.width, jpeg.height), size, "{variant}");
    }
    assert_eq!(THUMBNAILS.len(), 5);

    // A small design: cover cards still fill their box, detail views are not upscaled.
    let img = pattern_image(200, 100);
    let mut src = rgb_source(&img, 64);
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let sizes: Vec<(u32, u32)> = report.colorways[0].thumbnails.iter().map(|t| t.1).collect();
    assert_eq!(
        sizes,
        vec![(360, 480), (480, 360), (240, 180), (200, 100), (200, 100)]
    );
}

#[test]
fn cover_thumbnails_start_at_the_top_left_corner() {
    // 4000 x 1000: left half red, right half blue. A portrait card (360x480) covers the
    // 2048x512 preview at scale 480/512, so it samples the first 384 preview columns: red only.
    let (w, h) = (4000u32, 1000u32);
    let info = synthetic_info(w, h, ColorMode::Rgb, process_channels(ColorMode::Rgb));
    let mut src = ProceduralSource::new(info, 128, move |_, row: &mut [u8]| {
        for (x, px) in row.chunks_exact_mut(3).enumerate() {
            px.copy_from_slice(if (x as u32) < w / 2 {
                &[220, 20, 20]
            } else {
                &[20, 20, 220]
            });
        }
    });
    let sink = MemorySink::default();
    render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let card = decode_jpeg(&sink.get(Some(0), names::THUMB_D_V).expect("d-v"));
    let (mean, _) = delta_e(
        &card,
        &RgbImage {
            width: card.width,
            height: card.height,
            data: [220u8, 20, 20].repeat((card.width * card.height) as usize),
        },
    );
    assert!(mean < 2.0, "card is not the red corner: mean ΔE {mean}");
    // The detail view shows both halves.
    let detail = decode_jpeg(&sink.get(Some(0), names::THUMB_C_D_H).expect("c-d-h"));
    assert_eq!((detail.width, detail.height), (1024, 256));
    assert!(
        detail.pixel(1000, 128)[2] > 180,
        "{:?}",
        detail.pixel(1000, 128)
    );
}

// ---------------------------------------------------------------------------------------------
// Tiles

fn check_pyramid(w: u32, h: u32) {
    let img = pattern_image(w, h);
    let mut src = rgb_source(&img, 100);
    let sink = MemorySink::default();
    let report = render(&mut src, &plan(vec![own()], true, false), &sink).expect("render");
    let n = max_level(w, h);
    assert_eq!(report.colorways[0].tile_levels, n + 1);
    let dzi = String::from_utf8(sink.get(Some(0), names::DZI).expect("dzi")).expect("utf8");
    assert_eq!(dzi, dzi_xml(w, h));
    assert!(dzi.contains("TileSize=\"256\"") && dzi.contains("Overlap=\"0\""));
    assert!(dzi.contains(&format!("Width=\"{w}\"")) && dzi.contains(&format!("Height=\"{h}\"")));

    let tiles: Vec<String> = sink
        .names(Some(0))
        .into_iter()
        .filter(|n| n.starts_with("tiles/image_files/"))
        .collect();
    assert_eq!(tiles.len(), tile_count(w, h));
    let sizes = level_sizes(w, h);
    for (level, ((lw, lh), (cols, rows))) in sizes.iter().zip(level_tiles(w, h)).enumerate() {
        for row in 0..rows {
            for col in 0..cols {
                let name = names::tile(level as u32, col, row);
                let t = decode_jpeg(&sink.get(Some(0), &name).expect(&name));
                let tw = 256.min(lw - col * 256);
                let th = 256.min(lh - row * 256);
                assert_eq!((t.width, t.height), (tw, th), "{name}");
            }
        }
    }
    // Level max re-assembled is the image.
    let (cols, rows) = level_tiles(w, h)[n as usize];
    let mut full = RgbImage::new(w, h);
    for row in 0..rows {
        for col in 0..cols {
            let t = decode_jpeg(&sink.get(Some(0), &names::tile(n, col, row)).expect("tile"));
            for y in 0..t.height {
                let d = (((row * 256 + y) * w + col * 256) * 3) as usize;
                let s = (y * t.width * 3) as usize;
                full.data[d..d + (t.width * 3) as usize]
                    .copy_from_slice(&t.data[s..s + (t.width * 3) as usize]);
            }
        }
    }
    let (mean, _) = delta_e(&full, &img);
    assert!(mean < 3.0, "{w}x{h} reassembled: mean ΔE {mean}");
    // The 1x1 top level is the mean colour of the image (within JPEG error).
    let top = decode_jpeg(&sink.get(Some(0), &names::tile(0, 0, 0)).expect("level 0"));
    assert_eq!((top.width, top.height), (1, 1));
}

#[test]
fn dzi_pyramid_1000x700() {
    assert_eq!(max_level(1000, 700), 10);
    assert_eq!(level_tiles(1000, 700)[10], (4, 3));
    assert_eq!(level_tiles(1000, 700)[9], (2, 2));
    assert_eq!(level_tiles(1000, 700)[8], (1, 1));
    // 12 + 4 + 9 levels of one tile
    assert_eq!(tile_count(1000, 700), 12 + 4 + 9);
    check_pyramid(1000, 700);
}

#[test]
fn dzi_pyramid_257x256() {
    assert_eq!(max_level(257, 256), 9);
    assert_eq!(level_sizes(257, 256)[9], (257, 256));
    assert_eq!(level_sizes(257, 256)[8], (129, 128));
    assert_eq!(level_tiles(257, 256)[9], (2, 1));
    assert_eq!(tile_count(257, 256), 2 + 9);
    check_pyramid(257, 256);
}

// ---------------------------------------------------------------------------------------------
// Errors

struct FailingReader {
    info: ImageInfo,
    bands: u32,
}

impl BandReader for FailingReader {
    fn info(&self) -> &ImageInfo {
        &self.info
    }
    fn next_band(&mut self) -> Result<Option<Band>, ImagingError> {
        if self.bands == 2 {
            return Err(ImagingError::Corrupt("strip 2 is truncated".into()));
        }
        let w = self.info.width;
        let b = Band {
            top: self.bands * 10,
            rows: 10,
            width: w,
            channels: 3,
            samples: vec![128; w as usize * 30],
        };
        self.bands += 1;
        Ok(Some(b))
    }
}

#[test]
fn decoder_errors_and_bad_bands_fail_cleanly() {
    let info = synthetic_info(50, 100, ColorMode::Rgb, process_channels(ColorMode::Rgb));
    let mut r = FailingReader {
        info: info.clone(),
        bands: 0,
    };
    let err =
        render(&mut r, &RenditionPlan::default(), &MemorySink::default()).expect_err("must fail");
    assert!(err.to_string().contains("strip 2"), "{err}");

    // A source that ends early.
    let mut short = MemorySource::new(
        synthetic_info(50, 10, ColorMode::Rgb, process_channels(ColorMode::Rgb)),
        vec![0; 50 * 10 * 3],
        4,
    )
    .expect("source");
    short.info.height = 12;
    let err = render(
        &mut short,
        &RenditionPlan::default(),
        &MemorySink::default(),
    )
    .expect_err("must fail");
    assert!(matches!(err, ImagingError::Corrupt(_)), "{err}");

    // A sink error stops the pass.
    let mut src = rgb_source(&pattern_image(300, 300), 64);
    let failing = |_: Option<usize>, name: &str, _: Vec<u8>| -> Result<(), ImagingError> {
        if name.starts_with("tiles/image_files/") {
            Err(ImagingError::Encode("disk full".into()))
        } else {
            Ok(())
        }
    };
    let err = render(&mut src, &RenditionPlan::default(), &failing).expect_err("must fail");
    assert!(err.to_string().contains("disk full"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Large, procedural

#[test]
fn large_procedural_designs_render() {
    let (w, h) = (6000u32, 4000u32);
    let info = synthetic_info(w, h, ColorMode::Rgb, process_channels(ColorMode::Rgb));
    let mut src = ProceduralSource::new(info, 256, |y, row: &mut [u8]| {
        for (x, px) in row.chunks_exact_mut(3).enumerate() {
            let x = x as u32;
            px.copy_from_slice(&[(x / 24) as u8, (y / 16) as u8, ((x + y) % 256) as u8]);
        }
    });
    let sink = MemorySink::default();
    let t = Instant::now();
    let report = render(&mut src, &plan(vec![own()], false, false), &sink).expect("render");
    let digital = t.elapsed();
    assert_eq!(report.colorways[0].preview_size, (2048, 1365));
    assert_eq!(sink.len(), 6);

    // Rotary: 6000 x 4000, 4 spot channels, 3 colorways.
    let spots = (0..4)
        .map(|i| channel(&format!("S{i}"), ChannelKind::Spot, None))
        .collect();
    let info = synthetic_info(w, h, ColorMode::Multichannel, spots);
    let mut src = ProceduralSource::new(info, 256, |y, row: &mut [u8]| {
        for (x, px) in row.chunks_exact_mut(4).enumerate() {
            let x = x as u32;
            px[0] = if (x / 100 + y / 100).is_multiple_of(2) {
                255
            } else {
                0
            };
            px[1] = ((x * 7 + y * 3) % 256) as u8;
            px[2] = if (x % 300) < 40 { 255 } else { 0 };
            px[3] = if (y % 500) < 60 { 180 } else { 0 };
        }
    });
    let sink = MemorySink::default();
    let pl = plan(
        vec![
            own(),
            inks(&[[10, 40, 90], [200, 180, 20], [150, 0, 40], [0, 0, 0]]),
            inks(&[[240, 120, 0], [30, 30, 30], [0, 120, 80], [90, 0, 120]]),
        ],
        false,
        true,
    );
    let t = Instant::now();
    let report = render(&mut src, &pl, &sink).expect("render");
    let rotary = t.elapsed();
    assert_eq!(report.colorways.len(), 3);
    assert_eq!(report.masks, 4);
    println!(
        "6000x4000 RGB, 1 colorway, no tiles: {:.2} s; \
         6000x4000 multichannel 4 spots, 3 colorways + masks, no tiles: {:.2} s",
        digital.as_secs_f64(),
        rotary.as_secs_f64()
    );
}
