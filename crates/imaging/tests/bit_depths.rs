//! TIFF samples of every integer bit depth (2, 4, 10, 12, 14, 24 and 32 bits besides 8 and 16),
//! signed samples and the horizontal predictor, written here with `write_any_depth_tiff`: each
//! file opens with its size, mode, channels and depth as stored, and its band samples are the
//! stored values scaled to full scale exactly. Hostile variants are refused quickly.

mod common;

use std::io::Cursor;

use common::{
    BITS_PER_SAMPLE, PHOTOMETRIC, PREDICTOR, SAMPLE_FORMAT, STRIP_BYTE_COUNTS, decode_with,
    refused, set_bits_per_sample, set_tag, tag,
};
use imaging::{
    AnyDepthImage, ColorMode, ImageInfo, ImagingError, Limits, TiffCompression, TiffOptions,
};

const DEPTHS: [u8; 7] = [2, 4, 10, 12, 14, 24, 32];

fn max_of(bits: u8) -> u64 {
    (1u64 << bits) - 1
}

fn channels_of(mode: ColorMode) -> usize {
    match mode {
        ColorMode::Rgb => 3,
        ColorMode::Cmyk => 4,
        _ => 1,
    }
}

/// Stored values to try at a depth: 0, full scale, and a few in between.
fn levels(bits: u8) -> Vec<u32> {
    let max = max_of(bits);
    [
        0,
        max,
        1,
        max / 2,
        max / 2 + 1,
        max / 3,
        max - 1,
        max * 3 / 4,
    ]
    .into_iter()
    .map(|v| v as u32)
    .collect()
}

/// The band sample of a stored value, computed independently of the reader: depths up to 8 to
/// 8 bits, deeper ones to 16 bits and then to 8, each rounded to nearest.
fn expected(v: u32, bits: u8) -> u8 {
    let round = |v: f64, from: f64, to: f64| (v * to / from).round();
    let max = max_of(bits) as f64;
    if bits <= 8 {
        round(f64::from(v), max, 255.0) as u8
    } else {
        round(round(f64::from(v), max, 65535.0), 65535.0, 255.0) as u8
    }
}

fn image(mode: ColorMode, bits: u8, width: u32, height: u32) -> AnyDepthImage {
    let levels = levels(bits);
    let spp = channels_of(mode);
    let samples = (0..height as usize)
        .flat_map(|y| (0..width as usize).flat_map(move |x| (0..spp).map(move |c| (x, y, c))))
        .map(|(x, y, c)| levels[(x + 3 * y + 5 * c) % levels.len()])
        .collect();
    AnyDepthImage {
        width,
        height,
        bit_depth: bits,
        color_mode: mode,
        signed: false,
        dpi: 300.0,
        samples,
    }
}

fn write(image: &AnyDepthImage, opts: TiffOptions) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_any_depth_tiff(&mut out, image, &opts).expect("write");
    out.into_inner()
}

fn decode(case: &str, bytes: Vec<u8>) -> (ImageInfo, Vec<u8>) {
    decode_with(bytes, &Limits::default()).unwrap_or_else(|e| panic!("{case}: {e}"))
}

/// Opens the file and asserts what it is and that every sample reads as `expect(stored)`.
fn assert_reads(case: &str, bytes: Vec<u8>, image: &AnyDepthImage, expect: impl Fn(u32) -> u8) {
    let (info, samples) = decode(case, bytes);
    let mode = match image.color_mode {
        ColorMode::Gray if image.bit_depth == 1 => ColorMode::Bitmap,
        other => other,
    };
    assert_eq!(
        (info.width, info.height),
        (image.width, image.height),
        "{case}"
    );
    assert_eq!(info.color_mode, mode, "{case}");
    assert_eq!(info.channels.len(), channels_of(image.color_mode), "{case}");
    assert_eq!(info.bit_depth, image.bit_depth, "{case}");
    assert_eq!(samples.len(), image.samples.len(), "{case}");
    for (i, (&got, &stored)) in samples.iter().zip(&image.samples).enumerate() {
        assert_eq!(got, expect(stored), "{case}: sample {i} stored as {stored}");
    }
}

fn layouts() -> Vec<(&'static str, TiffOptions)> {
    let base = TiffOptions {
        predictor: false,
        ..TiffOptions::default()
    };
    vec![
        (
            "raw strips",
            TiffOptions {
                compression: TiffCompression::None,
                rows_per_strip: Some(4),
                ..base
            },
        ),
        ("lzw strips", base),
        (
            "deflate tiles",
            TiffOptions {
                compression: TiffCompression::Deflate,
                tiled: Some(16),
                ..base
            },
        ),
        (
            "lzw planar strips of 3 rows",
            TiffOptions {
                planar_separate: true,
                rows_per_strip: Some(3),
                ..base
            },
        ),
        (
            "raw planar tiles",
            TiffOptions {
                compression: TiffCompression::None,
                tiled: Some(16),
                planar_separate: true,
                ..base
            },
        ),
        (
            "packbits strips",
            TiffOptions {
                compression: TiffCompression::PackBits,
                ..base
            },
        ),
    ]
}

#[test]
fn every_depth_of_gray_rgb_and_cmyk_reads_at_full_scale() {
    for bits in DEPTHS {
        for mode in [ColorMode::Gray, ColorMode::Rgb, ColorMode::Cmyk] {
            // An odd width so rows of packed samples end inside a byte.
            let img = image(mode, bits, 37, 23);
            for (layout, opts) in layouts() {
                let case = format!("{bits}-bit {mode:?} {layout}");
                assert_reads(&case, write(&img, opts), &img, |v| expected(v, bits));
            }
        }
    }
}

#[test]
fn scaling_maps_full_scale_to_full_scale() {
    // The reference itself, at the values the brief names.
    assert_eq!(expected(4095, 12), 255);
    assert_eq!(expected(15, 4), 255);
    assert_eq!(expected(1, 2), 85);
    assert_eq!(expected(7, 4), 119);
    assert_eq!(expected(2048, 12), 128);
    assert_eq!(expected(u32::MAX, 32), 255);
    // And through the reader: one pixel per level of a 12-bit and a 4-bit gray row.
    for (bits, want) in [
        (12u8, vec![0u8, 255, 0, 127, 128, 85, 255, 191]),
        (4, vec![0, 255, 17, 119, 136, 85, 238, 187]),
    ] {
        let mut img = image(ColorMode::Gray, bits, 8, 1);
        img.samples = levels(bits);
        let (_, samples) = decode("levels", write(&img, TiffOptions::default()));
        assert_eq!(samples, want, "{bits}-bit");
    }
}

#[test]
fn one_eight_and_sixteen_bits_through_the_same_writer() {
    for bits in [1u8, 8, 16] {
        for mode in [ColorMode::Gray, ColorMode::Rgb] {
            let img = image(mode, bits, 21, 9);
            for (layout, opts) in layouts() {
                let case = format!("{bits}-bit {mode:?} {layout}");
                assert_reads(&case, write(&img, opts), &img, |v| expected(v, bits));
            }
        }
    }
}

#[test]
fn predictor_on_8_16_and_32_bits() {
    for bits in [8u8, 16, 32] {
        for compression in [TiffCompression::Lzw, TiffCompression::Deflate] {
            for planar_separate in [false, true] {
                let img = image(ColorMode::Rgb, bits, 29, 11);
                let opts = TiffOptions {
                    compression,
                    predictor: true,
                    planar_separate,
                    ..TiffOptions::default()
                };
                let bytes = write(&img, opts);
                assert_eq!(tag(&bytes, PREDICTOR), Some(2));
                let case = format!("{bits}-bit {compression:?} planar={planar_separate}");
                assert_reads(&case, bytes, &img, |v| expected(v, bits));
            }
        }
    }
}

#[test]
fn predictor_on_other_depths_is_refused() {
    // A 16-bit gray file with the predictor, its BitsPerSample changed to 12: refused from the
    // header, before any data is read.
    let img = image(ColorMode::Gray, 16, 16, 4);
    let mut bytes = write(
        &img,
        TiffOptions {
            predictor: true,
            ..TiffOptions::default()
        },
    );
    set_tag(&mut bytes, BITS_PER_SAMPLE, 12);
    let e = refused("12-bit predictor", bytes);
    assert!(
        e.to_string()
            .contains("horizontal predictor on 12-bit samples"),
        "{e}"
    );
    assert!(matches!(e, ImagingError::Unsupported(_)), "{e}");
}

#[test]
fn min_is_white_gray_inverts_at_its_depth() {
    for bits in [4u8, 12, 24] {
        let img = image(ColorMode::Gray, bits, 13, 5);
        let mut bytes = write(&img, TiffOptions::default());
        set_tag(&mut bytes, PHOTOMETRIC, 0);
        let max = max_of(bits) as u32;
        assert_reads(&format!("{bits}-bit min-is-white"), bytes, &img, |v| {
            expected(max - v, bits)
        });
    }
}

#[test]
fn signed_samples_read_offset_by_half_scale() {
    for bits in [8u8, 16, 32] {
        let half = 1i64 << (bits - 1);
        // The most negative, -1, 0, 1 and the most positive.
        let values: Vec<u32> = [-half, -1, 0, 1, half - 1]
            .iter()
            .map(|&v| (v as u32) & max_of(bits) as u32)
            .collect();
        for mode in [ColorMode::Gray, ColorMode::Rgb] {
            let mut img = image(mode, bits, 5, 3);
            img.signed = true;
            img.samples = (0..img.samples.len())
                .map(|i| values[i % values.len()])
                .collect();
            let sign = 1u32 << (bits - 1);
            let case = format!("{bits}-bit signed {mode:?}");
            assert_reads(&case, write(&img, TiffOptions::default()), &img, |v| {
                expected(v ^ sign, bits)
            });
            // The most negative value is black, zero is the middle, the most positive white.
            let (_, samples) = decode(&case, write(&img, TiffOptions::default()));
            assert_eq!(samples[0], 0, "{case}");
            assert_eq!(samples[4], 255, "{case}");
            assert!((127..=128).contains(&samples[2]), "{case}");
        }
    }
}

#[test]
fn what_is_still_not_read_is_refused_with_its_reason() {
    let gray16 = image(ColorMode::Gray, 16, 8, 2);
    let gray32 = image(ColorMode::Gray, 32, 8, 2);
    let mut signed12 = write(
        &AnyDepthImage {
            signed: true,
            ..gray16.clone()
        },
        TiffOptions::default(),
    );
    set_tag(&mut signed12, BITS_PER_SAMPLE, 12);
    // Floating point is read at 16, 32 and 64 bits (tests/floating_point.rs); not at 24.
    let mut float24 = write(&image(ColorMode::Gray, 24, 8, 2), TiffOptions::default());
    set_tag(&mut float24, SAMPLE_FORMAT, 3);
    let mut deep64 = write(&gray32, TiffOptions::default());
    set_tag(&mut deep64, BITS_PER_SAMPLE, 64);
    let mut lab4 = write(&image(ColorMode::Rgb, 4, 8, 2), TiffOptions::default());
    set_tag(&mut lab4, PHOTOMETRIC, 8);
    for (case, bytes, reason) in [
        ("12-bit signed", signed12, "12-bit signed samples"),
        (
            "24-bit float",
            float24,
            "24-bit floating point samples (16, 32 and 64 bits are read)",
        ),
        (
            "64-bit",
            deep64,
            "64-bit samples (at most 32 bits are read)",
        ),
        ("4-bit CIELab", lab4, "4-bit CIELab"),
    ] {
        let e = refused(case, bytes);
        assert!(matches!(e, ImagingError::Unsupported(_)), "{case}: {e}");
        assert!(e.to_string().contains(reason), "{case}: {e}");
    }
}

#[test]
fn hostile_deep_files_are_refused_quickly() {
    let img = image(ColorMode::Rgb, 12, 64, 48);
    let one_strip = TiffOptions {
        rows_per_strip: Some(48),
        ..TiffOptions::default()
    };
    let good = write(&img, one_strip);
    decode("the good file", good.clone());

    // A truncated strip: its byte count cut to half.
    let mut short = good.clone();
    let count = tag(&short, STRIP_BYTE_COUNTS).expect("one strip");
    set_tag(&mut short, STRIP_BYTE_COUNTS, count / 2);
    let e = refused("truncated 12-bit strip", short);
    assert!(matches!(e, ImagingError::Corrupt(_)), "{e}");
    assert!(e.to_string().contains("decompresses to"), "{e}");

    // The file cut anywhere: in the strip, or the IFD written after it.
    for cut in (8..good.len()).step_by(good.len() / 25) {
        let e = refused(&format!("cut at {cut}"), good[..cut].to_vec());
        assert!(matches!(e, ImagingError::Corrupt(_)), "cut at {cut}: {e}");
    }

    // BitsPerSample lying about the strip size: 12-bit data said to be 16 or 24-bit.
    for (lie, opts) in [
        (16, one_strip),
        (
            24,
            TiffOptions {
                compression: TiffCompression::None,
                ..one_strip
            },
        ),
    ] {
        let mut lying = write(&img, opts);
        set_bits_per_sample(&mut lying, lie);
        let e = refused(&format!("12 bits said to be {lie}"), lying);
        assert!(matches!(e, ImagingError::Corrupt(_)), "{e}");
        assert!(
            e.to_string().contains("decompresses to") || e.to_string().contains("lies past"),
            "{e}"
        );
    }
}

#[test]
fn deep_samples_stay_within_the_band_memory() {
    // One tall 32-bit CMYK strip over a small band budget: read a few rows at a time.
    let img = image(ColorMode::Cmyk, 32, 200, 60);
    let small = Limits {
        max_band_bytes: 40_000,
        ..Limits::default()
    };
    for predictor in [false, true] {
        let bytes = write(
            &img,
            TiffOptions {
                rows_per_strip: Some(60),
                predictor,
                ..TiffOptions::default()
            },
        );
        let (_, samples) = decode_with(bytes, &small).expect("streamed");
        let want: Vec<u8> = img.samples.iter().map(|&v| expected(v, 32)).collect();
        assert!(samples == want, "predictor={predictor}");
    }
    // Tiles whose one row needs more than the budget are refused before decoding.
    let tiled = write(
        &img,
        TiffOptions {
            tiled: Some(64),
            ..TiffOptions::default()
        },
    );
    let e = decode_with(tiled, &small).expect_err("refused");
    assert!(matches!(e, ImagingError::TooLarge(_)), "{e}");
}
