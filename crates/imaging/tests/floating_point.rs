//! Floating point samples: TIFF SampleFormat 3 at 16 (half), 32 and 64 bits and Photoshop's
//! 32-bit PSD/PSB, written here with `write_float_tiff` and `write_float_psd`. Each file opens
//! with its size, mode, channels and depth as stored, and every sample reads as the documented
//! tone mapping gives it: linear light clamped to 0..1 and through the sRGB curve for grey and
//! RGB, ink coverage clamped and scaled linearly for CMYK. Hostile variants are refused quickly.

mod common;

use std::io::Cursor;

use common::{
    PHOTOMETRIC, PREDICTOR, SAMPLE_FORMAT, STRIP_BYTE_COUNTS, decode_with, entry, refused,
    set_bits_per_sample, set_tag, tag,
};
use imaging::{
    ColorMode, FileFormat, FloatImage, ImageInfo, ImagingError, Limits, TiffCompression,
    TiffOptions,
};

/// The values to try, with the band sample each must read as: (value, as light, as ink).
/// Light: 0.18 (mid grey) is sRGB 117.6, 0.5 is 187.5; ink: 0.18 is 45.9, 0.5 is 127.5.
const VALUES: [(f64, u8, u8); 10] = [
    (0.0, 0, 0),
    (0.18, 118, 46),
    (0.5, 188, 128),
    (1.0, 255, 255),
    (2.0, 255, 255),
    (-1.0, 0, 0),
    (f64::NAN, 0, 0),
    (f64::INFINITY, 255, 255),
    (f64::NEG_INFINITY, 0, 0),
    // Far past f32 and half: infinity once narrowed.
    (1e300, 255, 255),
];

const INK_SET: u16 = 332;
const EXTRA_SAMPLES: u16 = 338;

fn channels_of(mode: ColorMode) -> usize {
    match mode {
        ColorMode::Rgb => 3,
        ColorMode::Cmyk => 4,
        _ => 1,
    }
}

/// Which of `VALUES` sample `c` of pixel (x, y) holds: every value in every channel.
fn value_index(x: usize, y: usize, c: usize) -> usize {
    (x + 3 * y + 7 * c) % VALUES.len()
}

fn image(mode: ColorMode, bits: u8, width: u32, height: u32) -> FloatImage {
    let spp = channels_of(mode);
    let samples = (0..height as usize)
        .flat_map(|y| (0..width as usize).flat_map(move |x| (0..spp).map(move |c| (x, y, c))))
        .map(|(x, y, c)| VALUES[value_index(x, y, c)].0)
        .collect();
    FloatImage {
        width,
        height,
        bit_depth: bits,
        color_mode: mode,
        dpi: 300.0,
        samples,
    }
}

/// The band samples the reader must give for `image`.
fn expected(image: &FloatImage) -> Vec<u8> {
    let spp = channels_of(image.color_mode);
    let (w, h) = (image.width as usize, image.height as usize);
    (0..h)
        .flat_map(|y| (0..w).flat_map(move |x| (0..spp).map(move |c| (x, y, c))))
        .map(|(x, y, c)| {
            let (_, light, ink) = VALUES[value_index(x, y, c)];
            if image.color_mode == ColorMode::Cmyk {
                ink
            } else {
                light
            }
        })
        .collect()
}

fn tiff(image: &FloatImage, opts: TiffOptions) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_float_tiff(&mut out, image, &opts).expect("write TIFF");
    out.into_inner()
}

fn psd(image: &FloatImage, big: bool, rle: bool) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_float_psd(&mut out, image, big, rle).expect("write PSD");
    out.into_inner()
}

fn decode(case: &str, bytes: Vec<u8>) -> (ImageInfo, Vec<u8>) {
    decode_with(bytes, &Limits::default()).unwrap_or_else(|e| panic!("{case}: {e}"))
}

/// Opens the file and asserts what it is and that every sample reads as the tone mapping says.
fn assert_reads(case: &str, bytes: Vec<u8>, image: &FloatImage) -> ImageInfo {
    let (info, samples) = decode(case, bytes);
    assert_eq!(
        (info.width, info.height),
        (image.width, image.height),
        "{case}"
    );
    assert_eq!(info.color_mode, image.color_mode, "{case}");
    assert_eq!(info.channels.len(), channels_of(image.color_mode), "{case}");
    assert_eq!(info.bit_depth, image.bit_depth, "{case}");
    let want = expected(image);
    assert_eq!(samples.len(), want.len(), "{case}");
    for (i, (got, want)) in samples.iter().zip(&want).enumerate() {
        assert_eq!(got, want, "{case}: sample {i}");
    }
    info
}

fn layouts() -> Vec<(&'static str, TiffOptions)> {
    let base = TiffOptions {
        predictor: false,
        ..TiffOptions::default()
    };
    vec![
        (
            "raw strips of 4 rows",
            TiffOptions {
                compression: TiffCompression::None,
                rows_per_strip: Some(4),
                ..base
            },
        ),
        (
            "lzw planar tiles",
            TiffOptions {
                tiled: Some(16),
                planar_separate: true,
                ..base
            },
        ),
        (
            "deflate strips with the floating point predictor",
            TiffOptions {
                compression: TiffCompression::Deflate,
                predictor: true,
                ..base
            },
        ),
        (
            "packbits planar strips, BigTIFF",
            TiffOptions {
                compression: TiffCompression::PackBits,
                planar_separate: true,
                rows_per_strip: Some(5),
                bigtiff: true,
                ..base
            },
        ),
    ]
}

#[test]
fn every_float_depth_of_gray_rgb_and_cmyk_reads_tone_mapped() {
    for bits in [16u8, 32, 64] {
        for mode in [ColorMode::Gray, ColorMode::Rgb, ColorMode::Cmyk] {
            let img = image(mode, bits, 37, 11);
            for (layout, opts) in layouts() {
                let case = format!("{bits}-bit float {mode:?} {layout}");
                let info = assert_reads(&case, tiff(&img, opts), &img);
                let format = if opts.bigtiff {
                    FileFormat::BigTiff
                } else {
                    FileFormat::Tiff
                };
                assert_eq!(info.format, format, "{case}");
            }
        }
    }
}

#[test]
fn chosen_samples_read_as_documented() {
    // One pixel per value, spelled out: grey as light, CMYK's cyan as ink.
    let values: Vec<f64> = VALUES.iter().map(|v| v.0).collect();
    for bits in [16u8, 32, 64] {
        let gray = FloatImage {
            samples: values.clone(),
            ..image(ColorMode::Gray, bits, VALUES.len() as u32, 1)
        };
        let (_, samples) = decode("gray", tiff(&gray, TiffOptions::default()));
        assert_eq!(
            samples,
            [0, 118, 188, 255, 255, 0, 0, 255, 0, 255],
            "{bits}"
        );
        let cmyk = FloatImage {
            samples: values.iter().flat_map(|&v| [v, 0.0, 1.0, 0.5]).collect(),
            ..image(ColorMode::Cmyk, bits, VALUES.len() as u32, 1)
        };
        let (_, samples) = decode("cmyk", tiff(&cmyk, TiffOptions::default()));
        let cyan: Vec<u8> = samples.iter().step_by(4).copied().collect();
        assert_eq!(cyan, [0, 46, 128, 255, 255, 0, 0, 255, 0, 255], "{bits}");
        assert_eq!(samples[1..4], [0, 255, 128], "{bits}");
    }
}

#[test]
fn the_floating_point_predictor_at_every_depth_and_layout() {
    for bits in [16u8, 32, 64] {
        for compression in [TiffCompression::Lzw, TiffCompression::Deflate] {
            for (planar_separate, tiled) in [(false, None), (true, None), (false, Some(16))] {
                let img = image(ColorMode::Rgb, bits, 29, 19);
                let opts = TiffOptions {
                    compression,
                    predictor: true,
                    planar_separate,
                    tiled,
                    ..TiffOptions::default()
                };
                let bytes = tiff(&img, opts);
                assert_eq!(tag(&bytes, PREDICTOR), Some(3));
                let case = format!("{bits}-bit {compression:?} planar={planar_separate} {tiled:?}");
                assert_reads(&case, bytes, &img);
            }
        }
    }
}

#[test]
fn the_writer_agrees_with_the_tiff_crate() {
    // The `tiff` crate decodes our floating point predictor as libtiff would, sample for sample.
    use tiff::decoder::{Decoder, DecodingResult};
    for bits in [32u8, 64] {
        for predictor in [false, true] {
            let img = image(ColorMode::Rgb, bits, 23, 9);
            let bytes = tiff(
                &img,
                TiffOptions {
                    predictor,
                    ..TiffOptions::default()
                },
            );
            let mut d = Decoder::new(Cursor::new(bytes)).expect("tiff decoder");
            let got: Vec<f64> = match d.read_image().expect("tiff read") {
                DecodingResult::F32(v) => v.into_iter().map(f64::from).collect(),
                DecodingResult::F64(v) => v,
                _ => panic!("{bits}-bit: not floating point"),
            };
            let want: Vec<f64> = img
                .samples
                .iter()
                .map(|&v| if bits == 32 { f64::from(v as f32) } else { v })
                .collect();
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                assert!(g == w || (g.is_nan() && w.is_nan()), "{bits}: {g} vs {w}");
            }
        }
    }
}

#[test]
fn min_is_white_float_gray_is_inverted_ink() {
    let img = image(ColorMode::Gray, 32, 10, 1);
    let mut bytes = tiff(&img, TiffOptions::default());
    set_tag(&mut bytes, PHOTOMETRIC, 0);
    let (_, samples) = decode("min-is-white", bytes);
    let want: Vec<u8> = (0..10)
        .map(|x| 255 - VALUES[value_index(x, 0, 0)].2)
        .collect();
    assert_eq!(samples, want);
}

#[test]
fn associated_alpha_divides_colour_before_the_curve() {
    // A CMYK file relabelled RGB with associated alpha: InkSet becomes ExtraSamples = 1.
    let px = [0.25, 0.09, 0.5, 0.5, 0.3, 0.3, 0.3, 0.0];
    let img = FloatImage {
        samples: px.to_vec(),
        ..image(ColorMode::Cmyk, 32, 2, 1)
    };
    let relabel = |opts: TiffOptions| {
        let mut bytes = tiff(&img, opts);
        set_tag(&mut bytes, PHOTOMETRIC, 2);
        let e = entry(&mut bytes, INK_SET).expect("InkSet");
        e[0..2].copy_from_slice(&EXTRA_SAMPLES.to_le_bytes());
        set_tag(&mut bytes, EXTRA_SAMPLES, 1);
        bytes
    };
    let (info, samples) = decode("premultiplied", relabel(TiffOptions::default()));
    assert_eq!(info.color_mode, ColorMode::Rgb);
    assert_eq!(info.channels.len(), 4);
    // Straight colour 0.5, 0.18, 1.0 at half opacity; a transparent pixel keeps its colour.
    assert_eq!(samples[..4], [188, 118, 255, 128]);
    assert_eq!(samples[4..], [149, 149, 149, 0]);
    // Planar: colour and alpha lie in different chunks; refused with the reason.
    let planar = relabel(TiffOptions {
        planar_separate: true,
        ..TiffOptions::default()
    });
    let e = refused("planar premultiplied", planar);
    assert!(matches!(e, ImagingError::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("associated alpha"), "{e}");
}

#[test]
fn psd_and_psb_of_32_bits_read_tone_mapped() {
    for mode in [ColorMode::Gray, ColorMode::Rgb] {
        let img = image(mode, 32, 33, 17);
        for (big, rle) in [(false, false), (false, true), (true, false), (true, true)] {
            let case = format!("32-bit {mode:?} big={big} rle={rle}");
            let info = assert_reads(&case, psd(&img, big, rle), &img);
            let format = if big {
                FileFormat::Psb
            } else {
                FileFormat::Psd
            };
            assert_eq!(info.format, format, "{case}");
        }
    }
}

#[test]
fn what_is_still_not_read_is_refused_with_its_reason() {
    let gray32 = image(ColorMode::Gray, 32, 8, 2);
    let mut palette = tiff(&gray32, TiffOptions::default());
    set_tag(&mut palette, PHOTOMETRIC, 3);
    let mut lab = tiff(&image(ColorMode::Rgb, 32, 8, 2), TiffOptions::default());
    set_tag(&mut lab, PHOTOMETRIC, 8);
    // The floating point predictor on integer samples.
    let mut integer = tiff(
        &gray32,
        TiffOptions {
            predictor: true,
            ..TiffOptions::default()
        },
    );
    set_tag(&mut integer, SAMPLE_FORMAT, 1);
    // A 32-bit Lab PSD: the RGB fixture's header mode changed (Photoshop has no such mode).
    let mut lab_psd = psd(&image(ColorMode::Rgb, 32, 8, 2), false, false);
    lab_psd[24..26].copy_from_slice(&9u16.to_be_bytes());
    for (case, bytes, reason) in [
        (
            "float palette",
            palette,
            "floating point samples in photometric interpretation 3",
        ),
        (
            "float CIELab",
            lab,
            "floating point samples in photometric interpretation 8",
        ),
        (
            "predictor 3 on integers",
            integer,
            "floating point predictor on integer samples",
        ),
        ("32-bit Lab PSD", lab_psd, "32-bit Lab PSD"),
    ] {
        let e = refused(case, bytes);
        assert!(matches!(e, ImagingError::Unsupported(_)), "{case}: {e}");
        assert!(e.to_string().contains(reason), "{case}: {e}");
    }
}

#[test]
fn hostile_float_files_are_refused_quickly() {
    let img = image(ColorMode::Rgb, 64, 40, 30);
    let one_strip = TiffOptions {
        rows_per_strip: Some(30),
        ..TiffOptions::default()
    };
    let good = tiff(&img, one_strip);
    decode("the good file", good.clone());

    // A truncated strip: its byte count cut to half.
    let mut short = good.clone();
    let count = tag(&short, STRIP_BYTE_COUNTS).expect("one strip");
    set_tag(&mut short, STRIP_BYTE_COUNTS, count / 2);
    let e = refused("truncated 64-bit strip", short);
    assert!(matches!(e, ImagingError::Corrupt(_)), "{e}");

    // The file cut anywhere.
    for cut in (8..good.len()).step_by(good.len() / 25) {
        let e = refused(&format!("cut at {cut}"), good[..cut].to_vec());
        assert!(matches!(e, ImagingError::Corrupt(_)), "cut at {cut}: {e}");
    }

    // 32-bit data said to be 64-bit: the strips are half the size they must be.
    for compression in [TiffCompression::Lzw, TiffCompression::None] {
        let mut lying = tiff(
            &image(ColorMode::Rgb, 32, 40, 30),
            TiffOptions {
                compression,
                ..one_strip
            },
        );
        set_bits_per_sample(&mut lying, 64);
        let e = refused(&format!("32 bits said to be 64, {compression:?}"), lying);
        assert!(matches!(e, ImagingError::Corrupt(_)), "{e}");
    }

    // PSB: cut anywhere, and a header twice as wide as the RLE rows it holds.
    let good_psd = psd(&image(ColorMode::Rgb, 32, 40, 30), true, true);
    decode("the good PSB", good_psd.clone());
    for cut in (26..good_psd.len()).step_by(good_psd.len() / 25) {
        let e = refused(&format!("PSB cut at {cut}"), good_psd[..cut].to_vec());
        assert!(
            matches!(e, ImagingError::Corrupt(_)),
            "PSB cut at {cut}: {e}"
        );
    }
    let mut wide = good_psd.clone();
    wide[18..22].copy_from_slice(&80u32.to_be_bytes());
    let e = refused("PSB twice as wide as its rows", wide);
    assert!(matches!(e, ImagingError::Corrupt(_)), "{e}");
}

#[test]
fn band_memory_counts_bytes_of_deep_samples() {
    // One tall 64-bit CMYK strip over a small band budget: read a few rows at a time.
    let img = image(ColorMode::Cmyk, 64, 200, 60);
    let small = Limits {
        max_band_bytes: 200_000,
        ..Limits::default()
    };
    for predictor in [false, true] {
        let bytes = tiff(
            &img,
            TiffOptions {
                rows_per_strip: Some(60),
                predictor,
                ..TiffOptions::default()
            },
        );
        let (_, samples) = decode_with(bytes, &small).expect("streamed");
        assert!(samples == expected(&img), "predictor={predictor}");
    }
    // 64 px tiles: a row of tiles is 575 KB of 64-bit samples (its 8-bit twin would be 117 KB
    // and fit), so it is refused before anything is decoded.
    let tiled = tiff(
        &img,
        TiffOptions {
            tiled: Some(64),
            ..TiffOptions::default()
        },
    );
    let e = decode_with(tiled, &small).expect_err("refused");
    assert!(matches!(e, ImagingError::TooLarge(_)), "{e}");
    // A 32-bit PSB whose one row of every channel is over the budget.
    let wide = image(ColorMode::Rgb, 32, 3000, 2);
    let e = decode_with(
        psd(&wide, true, false),
        &Limits {
            max_band_bytes: 40_000,
            ..Limits::default()
        },
    )
    .expect_err("refused");
    assert!(matches!(e, ImagingError::TooLarge(_)), "{e}");
}
