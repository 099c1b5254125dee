//! Decoding real files made by other tools (Photoshop, libtiff, Pillow, GraphicsMagick):
//! /work/shared/testdata/{tiff,psd}. Every file decodes through all its bands or fails with a
//! clear error; never a panic. Facts per file are checked, and pixels are cross-checked against
//! the `tiff` crate where that crate is right.

use std::fs::File;
use std::io::BufReader;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use imaging::{ChannelKind, ColorMode, FileFormat, ImageInfo, ImagingError, Limits};

fn testdata() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/testdata");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: no test data at {}", dir.display());
        None
    }
}

fn file(dir: &str, name: &str) -> Option<PathBuf> {
    testdata().map(|d| d.join(dir).join(name))
}

/// Opens and decodes every band, checking band geometry on the way.
fn decode(path: &Path) -> Result<(ImageInfo, Vec<u8>), ImagingError> {
    let mut reader = imaging::open(path, &Limits::default())?;
    let info = reader.info().clone();
    let mut all = Vec::new();
    let mut next_top = 0;
    while let Some(band) = reader.next_band()? {
        assert_eq!(
            band.top,
            next_top,
            "{}: bands must follow each other",
            path.display()
        );
        assert_eq!(band.width, info.width);
        assert_eq!(band.channels, info.channels.len());
        assert!(
            band.rows > 0 && band.rows <= 1024,
            "band of {} rows",
            band.rows
        );
        assert_eq!(
            band.samples.len(),
            band.width as usize * band.rows as usize * band.channels
        );
        next_top += band.rows;
        all.extend_from_slice(&band.samples);
    }
    assert_eq!(next_top, info.height);
    Ok((info, all))
}

fn must_decode(dir: &str, name: &str) -> Option<(ImageInfo, Vec<u8>)> {
    let path = file(dir, name)?;
    match decode(&path) {
        Ok(r) => Some(r),
        Err(e) => panic!("{name}: {e}"),
    }
}

fn names(info: &ImageInfo) -> Vec<&str> {
    info.channels.iter().map(|c| c.name.as_str()).collect()
}

fn kinds(info: &ImageInfo) -> Vec<ChannelKind> {
    info.channels.iter().map(|c| c.kind).collect()
}

/// Pixels of one channel.
fn plane(info: &ImageInfo, samples: &[u8], channel: usize) -> Vec<u8> {
    samples
        .iter()
        .skip(channel)
        .step_by(info.channels.len())
        .copied()
        .collect()
}

#[test]
fn every_file_decodes_or_fails_cleanly() {
    let Some(root) = testdata() else { return };
    let mut checked = 0;
    for dir in ["tiff", "psd"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("test data folder")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        for path in files {
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .to_string();
            let result = catch_unwind(AssertUnwindSafe(|| decode(&path)));
            match result {
                Err(_) => panic!("{name}: the decoder panicked"),
                Ok(Ok((info, samples))) => {
                    let expected = info.width as usize * info.height as usize * info.channels.len();
                    assert_eq!(samples.len(), expected, "{name}");
                }
                Ok(Err(e @ (ImagingError::Unsupported(_) | ImagingError::Corrupt(_)))) => {
                    let msg = e.to_string();
                    // Only the files that once crashed decoders may fail.
                    assert!(name.starts_with("hostile-"), "{name} failed: {msg}");
                }
                Ok(Err(other)) => panic!("{name}: unexpected error {other}"),
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} files found");
}

#[test]
fn read_info_reads_only_the_header() {
    let Some(path) = file("psd", "cmyk-spot.psd") else {
        return;
    };
    let info = imaging::read_info(&path, &Limits::default()).expect("info");
    assert_eq!((info.width, info.height), (640, 637));
    let head = std::fs::read(&path).expect("read");
    assert_eq!(imaging::sniff(&head[..8]), Some(FileFormat::Psd));
}

// --- PSD / PSB --------------------------------------------------------------------------------

#[test]
fn cmyk_spot_psd_has_named_coloured_spot_channels() {
    let Some((info, samples)) = must_decode("psd", "cmyk-spot.psd") else {
        return;
    };
    assert_eq!(info.format, FileFormat::Psd);
    assert_eq!(info.color_mode, ColorMode::Cmyk);
    assert_eq!(info.bit_depth, 8);
    assert_eq!(
        names(&info),
        [
            "Cyan",
            "Magenta",
            "Yellow",
            "Black",
            "blue",
            "fluorescent pink",
            "yellow"
        ]
    );
    assert_eq!(kinds(&info)[4..], [ChannelKind::Spot; 3]);
    let colors: Vec<_> = info.spot_channels().map(|(_, c)| c.color).collect();
    assert_eq!(
        colors,
        [
            Some([0, 120, 191]),
            Some([255, 72, 176]),
            Some([255, 232, 0])
        ]
    );
    assert_eq!(info.dpi, Some((300.0, 300.0)));
    assert_eq!(info.size_cm(), (5.42, 5.39));
    // A colour wheel separated into the three inks, as coverage: the paper around the wheel
    // and the hole in its middle carry no ink, and every ink is heavy somewhere.
    let (w, h) = (info.width as usize, info.height as usize);
    for ch in 4..7 {
        let p = plane(&info, &samples, ch);
        for (x, y) in [
            (0, 0),
            (w - 1, 0),
            (0, h - 1),
            (w - 1, h - 1),
            (w / 2, h / 2),
        ] {
            assert_eq!(p[y * w + x], 0, "spot {ch} at {x},{y}");
        }
        assert!(
            p.iter().any(|v| *v > 200),
            "spot {ch} has heavy ink somewhere"
        );
    }
    // No process ink at all: the design is made of the spot colours.
    assert!((0..4).all(|ch| plane(&info, &samples, ch).iter().all(|v| *v == 0)));
}

#[test]
fn gray1_psd_and_psb_decode_to_the_same_pixels() {
    let Some((psd, a)) = must_decode("psd", "gray1.psd") else {
        return;
    };
    let Some((psb, b)) = must_decode("psd", "gray1.psb") else {
        return;
    };
    assert_eq!(psd.format, FileFormat::Psd);
    assert_eq!(psb.format, FileFormat::Psb);
    assert_eq!(
        (psb.width, psb.height, psb.color_mode),
        (1800, 1200, ColorMode::Gray)
    );
    assert_eq!(psd.layer_names, ["Background", "Shape 1", "Shape 2"]);
    assert_eq!(psb.layer_names, psd.layer_names);
    // Photoshop rendered the two composites separately: they agree except for a few
    // anti-aliased shape edges.
    let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
    assert!(
        same * 1000 >= a.len() * 997,
        "{same} of {} samples agree",
        a.len()
    );
    assert!(a.iter().zip(&b).all(|(x, y)| x.abs_diff(*y) <= 32));
    assert!(
        a.iter().any(|v| *v < 128),
        "the shapes are darker than the paper"
    );
}

#[test]
fn sixteen_bit_cmyk_psd() {
    let Some((info, samples)) = must_decode("psd", "4x4_16bit_cmyk.psd") else {
        return;
    };
    assert_eq!((info.color_mode, info.bit_depth), (ColorMode::Cmyk, 16));
    assert_eq!(names(&info), ["Cyan", "Magenta", "Yellow", "Black"]);
    assert_eq!(info.layer_count, 2);
    assert!(
        info.icc_profile.as_ref().is_some_and(|p| p.len() > 100_000),
        "an embedded CMYK profile"
    );
    assert_eq!(samples.len(), 4 * 4 * 4);
}

#[test]
fn sixteen_bit_rgb_psd_matches_its_8_bit_twin() {
    let Some((i16b, a)) = must_decode("psd", "4x4_16bit_rgb.psd") else {
        return;
    };
    let Some((i8b, b)) = must_decode("psd", "4x4_8bit_rgb.psd") else {
        return;
    };
    assert_eq!((i16b.bit_depth, i8b.bit_depth), (16, 8));
    for (x, y) in a.iter().zip(&b) {
        assert!(x.abs_diff(*y) <= 1, "{a:?} vs {b:?}");
    }
}

#[test]
fn multichannel_psd_has_spot_channels_only() {
    let Some((info, _)) = must_decode("psd", "4x4_16bit_multichannel.psd") else {
        return;
    };
    assert_eq!(info.color_mode, ColorMode::Multichannel);
    assert_eq!(info.bit_depth, 16);
    assert_eq!(info.channels.len(), 3);
    assert!(info.channels.iter().all(|c| c.kind == ChannelKind::Spot));
    assert_eq!(names(&info), ["Alpha 1", "Alpha 2", "Alpha 3"]);
}

#[test]
fn lab_grayscale_and_duotone_psds() {
    let Some((lab, _)) = must_decode("psd", "4x4_8bit_lab.psd") else {
        return;
    };
    assert_eq!(lab.color_mode, ColorMode::Lab);
    assert_eq!(names(&lab), ["L", "a", "b"]);
    let Some((gray, g)) = must_decode("psd", "4x4_8bit_grayscale.psd") else {
        return;
    };
    let Some((duo, d)) = must_decode("psd", "4x4_8bit_duotone.psd") else {
        return;
    };
    assert_eq!(
        (gray.color_mode, duo.color_mode),
        (ColorMode::Gray, ColorMode::Duotone)
    );
    // The duotone was made from the grayscale: the same tones within rounding.
    for (x, y) in g.iter().zip(&d) {
        assert!(x.abs_diff(*y) <= 2, "{g:?} vs {d:?}");
    }
}

#[test]
fn rgba_psd_keeps_its_alpha_channel() {
    let Some((info, samples)) = must_decode("psd", "4x4_8bit_rgba.psd") else {
        return;
    };
    assert_eq!(
        kinds(&info),
        [
            ChannelKind::Process,
            ChannelKind::Process,
            ChannelKind::Process,
            ChannelKind::Alpha
        ]
    );
    assert_eq!(samples.len(), 4 * 4 * 4);
}

#[test]
fn cyrillic_layer_name_comes_from_the_unicode_block() {
    let Some((info, samples)) = must_decode("psd", "green-cyrillic-layer-name-1x1.psd") else {
        return;
    };
    assert_eq!(info.layer_count, 1);
    assert_eq!(info.layer_names, ["привет"]);
    assert_eq!(samples, [0, 255, 0]);
    assert_eq!(info.dpi, Some((144.0, 144.0)));
}

#[test]
fn rle_layers_and_transparency_psds() {
    let Some((info, samples)) = must_decode("psd", "rle-3-layer-8x8.psd") else {
        return;
    };
    assert_eq!(info.layer_names, ["Red Layer", "Green Layer", "Blue Layer"]);
    assert_eq!(&samples[..3], [0, 0, 255], "the blue layer is on top");
    // A 16-bit gray document keeps its layers in the Lr16 block and its merged transparency as
    // the first extra channel.
    let Some((two, s)) = must_decode("psd", "two-channel-8x8.psd") else {
        return;
    };
    assert_eq!((two.color_mode, two.bit_depth), (ColorMode::Gray, 16));
    assert_eq!(two.layer_names, ["Layer 0"]);
    assert_eq!(kinds(&two), [ChannelKind::Process, ChannelKind::Alpha]);
    assert!(
        plane(&two, &s, 1).iter().any(|a| *a < 255),
        "some pixels are transparent"
    );
}

#[test]
fn psb_layers_and_groups() {
    let Some((info, _)) = must_decode("psd", "group.psb") else {
        return;
    };
    assert_eq!(info.format, FileFormat::Psb);
    assert_eq!(info.layer_count, 4);
    assert!(info.layer_names.iter().any(|n| n == "Group 1"));
    let Some((empty, _)) = must_decode("psd", "empty-layer.psb") else {
        return;
    };
    assert!(empty.layer_names.iter().any(|n| n == "empty"));
}

// --- TIFF -------------------------------------------------------------------------------------

/// The `tiff` crate's decoding of a file, as 8-bit samples.
fn tiff_crate_decode(path: &Path) -> Vec<u8> {
    let f = BufReader::new(File::open(path).expect("open"));
    let mut d = tiff::decoder::Decoder::new(f).expect("tiff crate opens it");
    match d.read_image().expect("tiff crate decodes it") {
        tiff::decoder::DecodingResult::U8(v) => v,
        tiff::decoder::DecodingResult::U16(v) => v
            .iter()
            .map(|x| ((u32::from(*x) * 255 + 32767) / 65535) as u8)
            .collect(),
        _ => panic!("unexpected sample type"),
    }
}

#[test]
fn pixels_match_the_tiff_crate_where_it_is_right() {
    for name in [
        "hopper.iccprofile.tif",
        "hopper_bigtiff.tif",
        "rgb-3c-16b.tiff",
        "cmyk-3c-16b.tiff",
        "tiff_adobe_deflate.tif",
        "tiff_tiled_raw.tif",
    ] {
        let Some((_, ours)) = must_decode("tiff", name) else {
            return;
        };
        let Some(path) = file("tiff", name) else {
            return;
        };
        let theirs = tiff_crate_decode(&path);
        assert!(ours == theirs, "{name}: pixels differ from the tiff crate");
    }
}

#[test]
fn planar_separate_tiffs_give_all_planes() {
    // The same picture stored chunky-raw and planar-LZW in tiles.
    let Some((planar, a)) = must_decode("tiff", "tiff_tiled_planar_lzw.tiff") else {
        return;
    };
    let Some((_, b)) = must_decode("tiff", "tiff_tiled_raw.tif") else {
        return;
    };
    assert_eq!(planar.channels.len(), 3);
    assert!(a == b, "planar LZW tiles differ from chunky raw tiles");
    // Gray + alpha, planar, PackBits.
    let Some((ga, s)) = must_decode("tiff", "minisblack-2c-8b-alpha.tiff") else {
        return;
    };
    assert_eq!(kinds(&ga), [ChannelKind::Process, ChannelKind::Alpha]);
    assert_eq!(ga.dpi, Some((300.0, 300.0)));
    assert_eq!(ga.size_cm(), (0.54, 0.54));
    let alpha = plane(&ga, &s, 1);
    assert!(
        alpha.iter().any(|v| *v != alpha[0]),
        "the alpha plane is really decoded"
    );
}

#[test]
fn planar_extra_sample_is_kept() {
    let Some((info, s)) = must_decode("tiff", "separate_planar_extra_samples.tiff") else {
        return;
    };
    assert_eq!((info.width, info.height), (50, 50));
    assert_eq!(kinds(&info), [ChannelKind::Process, ChannelKind::Spot]);
    assert_eq!(names(&info), ["Gray", "Spot 1"]);
    assert_eq!(s.len(), 50 * 50 * 2);
}

#[test]
fn cmyk_tiff_keeps_its_fifth_sample() {
    let Some((info, s)) = must_decode("tiff", "cmyk-4c-8b.tiff") else {
        return;
    };
    assert_eq!(info.color_mode, ColorMode::Cmyk);
    assert_eq!(
        names(&info),
        ["Cyan", "Magenta", "Yellow", "Black", "Alpha"]
    );
    assert_eq!(info.channels[4].kind, ChannelKind::Alpha);
    // The CMYK of the 8-bit file matches the 16-bit one.
    let Some((_, s16)) = must_decode("tiff", "cmyk-3c-16b.tiff") else {
        return;
    };
    let cmyk8: Vec<u8> = s.chunks_exact(5).flat_map(|p| p[..4].to_vec()).collect();
    let diff: u64 = cmyk8
        .iter()
        .zip(&s16)
        .map(|(a, b)| u64::from(a.abs_diff(*b)))
        .sum();
    assert!(
        diff < cmyk8.len() as u64,
        "mean difference {}",
        diff as f64 / cmyk8.len() as f64
    );
}

#[test]
fn bigtiff_is_recognised() {
    let Some((big, a)) = must_decode("tiff", "hopper_bigtiff.tif") else {
        return;
    };
    assert_eq!(big.format, FileFormat::BigTiff);
    let Some((classic, b)) = must_decode("tiff", "hopper.iccprofile.tif") else {
        return;
    };
    assert_eq!(classic.format, FileFormat::Tiff);
    assert_eq!(classic.icc_profile.as_ref().map(Vec::len), Some(3144));
    assert!(a == b, "the BigTIFF hopper is the classic hopper");
}

#[test]
fn jpeg_tiffs_decode_to_plausible_colour() {
    // Tiled YCbCr JPEG with shared tables.
    let Some((q, s)) = must_decode("tiff", "quad-tile.jpg.tiff") else {
        return;
    };
    assert_eq!(
        (q.width, q.height, q.color_mode),
        (512, 384, ColorMode::Rgb)
    );
    let mean = s.iter().map(|v| u64::from(*v)).sum::<u64>() / s.len() as u64;
    assert!((20..235).contains(&mean), "mean {mean}");
    // CMYK JPEG strips: a red design, magenta and yellow ink, no cyan.
    let Some((c, s)) = must_decode("tiff", "tiff_strip_cmyk_jpeg.tif") else {
        return;
    };
    assert_eq!(c.color_mode, ColorMode::Cmyk);
    assert_eq!(&s[..4], [0, 242, 230, 0]);
}

#[test]
fn sixteen_bit_associated_alpha_is_unpremultiplied() {
    let Some((info, s)) = must_decode("tiff", "tiff_16bit_RGBa.tiff") else {
        return;
    };
    assert_eq!((info.bit_depth, info.channels.len()), (16, 4));
    assert_eq!(info.channels[3].kind, ChannelKind::Alpha);
    assert!(info.icc_profile.is_some());
    let Some(path) = file("tiff", "tiff_16bit_RGBa.tiff") else {
        return;
    };
    let premultiplied = tiff_crate_decode(&path);
    for (ours, theirs) in s.chunks_exact(4).zip(premultiplied.chunks_exact(4)) {
        let a = u32::from(ours[3]);
        assert_eq!(ours[3], theirs[3]);
        for k in 0..3 {
            // Multiplying back gives the stored value within rounding.
            let back = (u32::from(ours[k]) * a + 127) / 255;
            assert!(
                back.abs_diff(u32::from(theirs[k])) <= 2,
                "{ours:?} vs {theirs:?}"
            );
        }
    }
}

/// The benchmark design: a 12,000 x 12,000 8-bit RGB LZW TIFF with predictor, made once by the
/// streaming writer. Run with
/// `cargo test --release -p imaging --test decode -- --ignored --nocapture decode_12k`.
#[test]
#[ignore = "benchmark: writes a 432 MB design to the temp folder"]
fn decode_12k_rgb_lzw_benchmark() {
    let path = std::env::temp_dir().join("imaging-bench-12k-rgb-lzw.tif");
    let side = 12_000;
    if !path.exists() {
        let spec = imaging::WriteSpec {
            width: side,
            height: side,
            bit_depth: 8,
            color_mode: ColorMode::Rgb,
            dpi: 300.0,
            channels: ["Red", "Green", "Blue"]
                .iter()
                .map(|n| imaging::ChannelInfo {
                    name: (*n).into(),
                    kind: ChannelKind::Process,
                    color: None,
                })
                .collect(),
            layer_names: Vec::new(),
            icc_profile: None,
        };
        let start = std::time::Instant::now();
        let file = File::create(&path).expect("create");
        imaging::write_tiff_streaming(file, &spec, &imaging::TiffOptions::default(), |y, row| {
            let imaging::RowMut::U8(row) = row else {
                return Ok(());
            };
            for (x, px) in row.chunks_exact_mut(3).enumerate() {
                // Flat motif colours with a little fabric-like texture.
                let motif = ((x as u32 / 300 + y / 300) % 5) as u8;
                let noise = ((x as u32).wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 29;
                px[0] = 40 + motif * 40 + noise as u8;
                px[1] = 200 - motif * 30 + noise as u8;
                px[2] = 90 + motif * 20;
            }
            Ok(())
        })
        .expect("write");
        println!(
            "wrote {} MB in {:?}",
            std::fs::metadata(&path).expect("meta").len() >> 20,
            start.elapsed()
        );
    }
    for _ in 0..3 {
        let start = std::time::Instant::now();
        let mut r = imaging::open(&path, &Limits::default()).expect("open");
        let mut checksum = 0u64;
        let mut bands = 0;
        while let Some(band) = r.next_band().expect("band") {
            checksum += u64::from(band.samples[band.samples.len() / 2]);
            bands += 1;
        }
        println!(
            "decoded {side} x {side} RGB LZW in {:?} ({bands} bands, {checksum})",
            start.elapsed()
        );
    }
}
