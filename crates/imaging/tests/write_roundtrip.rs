//! Write then read: PSD, PSB and TIFF in their variants keep pixels, channel names, kinds and
//! colours, resolution, layers and the ICC profile. The `tiff` crate cross-checks our TIFFs.

use std::io::Cursor;

use imaging::{
    Band, ChannelInfo, ChannelKind, ColorMode, FileFormat, ImageInfo, Limits, RowMut, Samples,
    TiffCompression, TiffOptions, WriteImage, WriteSpec,
};

fn process(names: &[&str]) -> Vec<ChannelInfo> {
    names
        .iter()
        .map(|n| ChannelInfo {
            name: (*n).into(),
            kind: ChannelKind::Process,
            color: None,
        })
        .collect()
}

fn spot(name: &str, color: [u8; 3]) -> ChannelInfo {
    ChannelInfo {
        name: name.into(),
        kind: ChannelKind::Spot,
        color: Some(color),
    }
}

fn alpha(name: &str) -> ChannelInfo {
    ChannelInfo {
        name: name.into(),
        kind: ChannelKind::Alpha,
        color: None,
    }
}

fn spec(mode: ColorMode, depth: u8, channels: Vec<ChannelInfo>) -> WriteSpec {
    WriteSpec {
        width: 150,
        height: 97,
        bit_depth: depth,
        color_mode: mode,
        dpi: 300.0,
        channels,
        layer_names: Vec::new(),
        icc_profile: None,
    }
}

fn rgb() -> Vec<ChannelInfo> {
    process(&["Red", "Green", "Blue"])
}

fn cmyk_two_spots() -> Vec<ChannelInfo> {
    let mut c = process(&["Cyan", "Magenta", "Yellow", "Black"]);
    c.push(spot("PANTONE 186 C", [200, 16, 46]));
    c.push(spot("Zemin", [240, 230, 200]));
    c
}

fn six_spots() -> Vec<ChannelInfo> {
    ["Lacivert", "Kırmızı", "Sarı", "Yeşil", "Bej", "Siyah"]
        .iter()
        .enumerate()
        .map(|(i, n)| spot(n, [i as u8 * 40, 255 - i as u8 * 30, 100]))
        .collect()
}

/// A design-like pattern: flat areas (for RLE) and gradients, different per channel.
fn sample(x: u32, y: u32, c: usize, depth: u8) -> u16 {
    let flat = ((x / 16 + y / 16 + c as u32) % 3) * 100;
    let grad = (x * 7 + y * 3 + c as u32 * 31) % 256;
    let v8 = if (x / 32 + c as u32).is_multiple_of(2) {
        flat
    } else {
        grad
    };
    if depth == 16 {
        (v8 * 257 + (x + y) % 200) as u16
    } else {
        v8 as u16
    }
}

fn image(spec: WriteSpec) -> WriteImage {
    let channels = spec.channels.len();
    let mut v = Vec::with_capacity(spec.width as usize * spec.height as usize * channels);
    for y in 0..spec.height {
        for x in 0..spec.width {
            for c in 0..channels {
                v.push(sample(x, y, c, spec.bit_depth));
            }
        }
    }
    let samples = if spec.bit_depth == 16 {
        Samples::U16(v)
    } else {
        Samples::U8(v.iter().map(|s| *s as u8).collect())
    };
    WriteImage { spec, samples }
}

/// What a reader must return for the image: 8-bit band samples.
fn expected(img: &WriteImage) -> Vec<u8> {
    match &img.samples {
        Samples::U8(v) => v.clone(),
        Samples::U16(v) => v
            .iter()
            .map(|s| ((u32::from(*s) * 255 + 32767) / 65535) as u8)
            .collect(),
    }
}

fn read_back(bytes: Vec<u8>, limits: &Limits) -> (ImageInfo, Vec<u8>) {
    let mut r = imaging::open_reader(Cursor::new(bytes), limits).expect("open");
    let info = r.info().clone();
    let all = imaging::read_all(r.as_mut()).expect("decode");
    (info, all)
}

fn write_psd(img: &WriteImage, big: bool, rle: bool) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_psd(&mut out, img, big, rle).expect("write psd");
    out.into_inner()
}

fn write_tiff(img: &WriteImage, opts: &TiffOptions) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_tiff(&mut out, img, opts).expect("write tiff");
    out.into_inner()
}

fn assert_same_info(info: &ImageInfo, spec: &WriteSpec, format: FileFormat) {
    assert_eq!(info.format, format);
    assert_eq!((info.width, info.height), (spec.width, spec.height));
    assert_eq!(info.bit_depth, spec.bit_depth);
    assert_eq!(info.color_mode, spec.color_mode);
    let dpi = info.dpi.expect("dpi");
    assert!(
        (dpi.0 - spec.dpi).abs() < 0.01 && (dpi.1 - spec.dpi).abs() < 0.01,
        "{dpi:?}"
    );
    let names: Vec<_> = info.channels.iter().map(|c| (&c.name, c.kind)).collect();
    let want: Vec<_> = spec.channels.iter().map(|c| (&c.name, c.kind)).collect();
    assert_eq!(names, want);
    assert_eq!(info.icc_profile, spec.icc_profile);
}

// --- PSD / PSB --------------------------------------------------------------------------------

#[test]
fn psd_and_psb_round_trip_every_variant() {
    let mut rgb_layers = spec(ColorMode::Rgb, 8, rgb());
    rgb_layers.layer_names = vec!["Background".into(), "Çiçek motifi".into(), "Узор".into()];
    rgb_layers.icc_profile = Some((0..=255u8).cycle().take(3000).collect());
    let mut rgb_alpha = spec(ColorMode::Rgb, 16, rgb());
    rgb_alpha.channels.push(alpha("Maske"));
    // 16-bit layers go to the Lr16 block.
    rgb_alpha.layer_names = vec!["Katman 1".into(), "Üst katman".into()];
    let cases = [
        rgb_layers,
        rgb_alpha,
        spec(ColorMode::Cmyk, 8, cmyk_two_spots()),
        spec(ColorMode::Cmyk, 16, cmyk_two_spots()),
        spec(ColorMode::Multichannel, 8, six_spots()),
        spec(ColorMode::Multichannel, 16, six_spots()),
        spec(ColorMode::Gray, 16, process(&["Gray"])),
    ];
    for s in cases {
        let img = image(s);
        for big in [false, true] {
            for rle in [false, true] {
                let what = format!(
                    "{:?} {}-bit big={big} rle={rle}",
                    img.spec.color_mode, img.spec.bit_depth
                );
                let bytes = write_psd(&img, big, rle);
                let (info, pixels) = read_back(bytes, &Limits::default());
                assert_same_info(
                    &info,
                    &img.spec,
                    if big {
                        FileFormat::Psb
                    } else {
                        FileFormat::Psd
                    },
                );
                let colors: Vec<_> = info.spot_channels().map(|(_, c)| c.color).collect();
                let want: Vec<_> = img
                    .spec
                    .channels
                    .iter()
                    .filter(|c| c.kind == ChannelKind::Spot)
                    .map(|c| c.color)
                    .collect();
                assert_eq!(colors, want, "{what}");
                assert_eq!(info.layer_names, img.spec.layer_names, "{what}");
                assert_eq!(info.layer_count as usize, img.spec.layer_names.len());
                assert!(pixels == expected(&img), "{what}: pixels differ");
            }
        }
    }
}

#[test]
fn rle_is_smaller_than_raw_on_flat_designs() {
    let img = image(spec(ColorMode::Cmyk, 8, cmyk_two_spots()));
    assert!(write_psd(&img, false, true).len() < write_psd(&img, false, false).len() * 3 / 4);
}

#[test]
fn psd_stores_cmyk_and_spots_inverted() {
    // One white pixel with no ink: Photoshop stores 255 for "no ink".
    let mut s = spec(ColorMode::Cmyk, 8, cmyk_two_spots());
    (s.width, s.height) = (1, 1);
    let img = WriteImage {
        spec: s,
        samples: Samples::U8(vec![0; 6]),
    };
    let bytes = write_psd(&img, false, false);
    assert_eq!(&bytes[bytes.len() - 6..], [255; 6]);
}

#[test]
fn streaming_psb_matches_the_whole_image_writer() {
    let img = image(spec(ColorMode::Multichannel, 8, six_spots()));
    let mut tall = img.spec.clone();
    tall.height = 700; // several bands
    let tall_img = image(tall.clone());
    for rle in [false, true] {
        let whole = write_psd(&tall_img, true, rle);
        let mut out = Cursor::new(Vec::new());
        let channels = tall.channels.len();
        imaging::write_psd_streaming(&mut out, &tall, true, rle, |y, row| {
            let RowMut::U8(row) = row else {
                panic!("8-bit rows")
            };
            for (i, v) in row.iter_mut().enumerate() {
                *v = sample((i / channels) as u32, y, i % channels, 8) as u8;
            }
            Ok(())
        })
        .expect("streaming write");
        assert!(out.into_inner() == whole, "rle={rle}");
    }
}

#[test]
fn writer_refuses_what_it_cannot_write() {
    let mut bad = spec(ColorMode::Rgb, 8, rgb());
    bad.channels.insert(0, spot("Spot first", [0, 0, 0]));
    let img = image(bad);
    let mut out = Cursor::new(Vec::new());
    assert!(imaging::write_psd(&mut out, &img, false, false).is_err());
    let mut big = spec(ColorMode::Rgb, 8, rgb());
    big.width = 40_000;
    let w = WriteImage {
        spec: big,
        samples: Samples::U8(Vec::new()),
    };
    assert!(
        imaging::write_psd(&mut out, &w, false, false).is_err(),
        "PSD is limited to 30,000 px"
    );
    let lab = spec(ColorMode::Lab, 8, process(&["L", "a", "b"]));
    assert!(imaging::write_tiff(&mut out, &image(lab), &TiffOptions::default()).is_err());
    let mut layered = spec(ColorMode::Multichannel, 8, six_spots());
    layered.layer_names = vec!["x".into()];
    assert!(imaging::write_psd(&mut out, &image(layered), false, false).is_err());
}

// --- TIFF -------------------------------------------------------------------------------------

#[test]
fn tiff_round_trips_every_layout_and_compression() {
    let img = image(spec(ColorMode::Rgb, 8, rgb()));
    for compression in [
        TiffCompression::None,
        TiffCompression::Lzw,
        TiffCompression::Deflate,
        TiffCompression::PackBits,
    ] {
        for tiled in [None, Some(64)] {
            for planar_separate in [false, true] {
                for bigtiff in [false, true] {
                    let opts = TiffOptions {
                        compression,
                        predictor: true,
                        tiled,
                        planar_separate,
                        bigtiff,
                        rows_per_strip: None,
                    };
                    let (info, pixels) = read_back(write_tiff(&img, &opts), &Limits::default());
                    let format = if bigtiff {
                        FileFormat::BigTiff
                    } else {
                        FileFormat::Tiff
                    };
                    assert_same_info(&info, &img.spec, format);
                    assert!(pixels == expected(&img), "{opts:?}: pixels differ");
                }
            }
        }
    }
}

#[test]
fn tiff_keeps_spots_alpha_and_16_bits() {
    let mut cmyk = spec(ColorMode::Cmyk, 16, cmyk_two_spots());
    cmyk.channels.push(alpha("Alpha"));
    cmyk.icc_profile = Some(vec![1, 2, 3, 4, 5, 6, 7]);
    let mut multi = spec(ColorMode::Multichannel, 8, six_spots());
    multi.channels.push(alpha("Alpha"));
    let mut rgb_spot = spec(ColorMode::Rgb, 16, rgb());
    rgb_spot.channels.push(spot("Varak", [212, 175, 55]));
    for s in [
        cmyk,
        multi,
        rgb_spot,
        spec(ColorMode::Gray, 16, process(&["Gray"])),
    ] {
        let img = image(s);
        for planar_separate in [false, true] {
            let opts = TiffOptions {
                planar_separate,
                ..TiffOptions::default()
            };
            let (info, pixels) = read_back(write_tiff(&img, &opts), &Limits::default());
            assert_same_info(&info, &img.spec, FileFormat::Tiff);
            // TIFF has no place for an ink's display colour.
            assert!(info.channels.iter().all(|c| c.color.is_none()));
            assert!(
                pixels == expected(&img),
                "{:?}: pixels differ",
                img.spec.color_mode
            );
        }
    }
}

#[test]
fn tiff_crate_reads_our_lzw_and_deflate_tiffs() {
    for (depth, compression) in [
        (8, TiffCompression::Lzw),
        (16, TiffCompression::Deflate),
        (8, TiffCompression::PackBits),
    ] {
        let img = image(spec(ColorMode::Rgb, depth, rgb()));
        let opts = TiffOptions {
            compression,
            ..TiffOptions::default()
        };
        let bytes = write_tiff(&img, &opts);
        let mut d =
            tiff::decoder::Decoder::new(Cursor::new(bytes)).expect("tiff crate opens our file");
        assert_eq!(d.dimensions().expect("dims"), (150, 97));
        match (
            d.read_image().expect("tiff crate decodes our file"),
            &img.samples,
        ) {
            (tiff::decoder::DecodingResult::U8(v), Samples::U8(want)) => assert!(&v == want),
            (tiff::decoder::DecodingResult::U16(v), Samples::U16(want)) => assert!(&v == want),
            _ => panic!("sample type differs"),
        }
    }
}

#[test]
fn single_strip_tiffs_stream_in_bands() {
    // One strip of 700 rows is decoded a band at a time, within a small memory budget.
    let mut s = spec(ColorMode::Cmyk, 8, cmyk_two_spots());
    s.height = 700;
    let img = image(s);
    let limits = Limits {
        max_band_bytes: 300 * 1024,
        ..Limits::default()
    };
    for compression in [
        TiffCompression::None,
        TiffCompression::Lzw,
        TiffCompression::Deflate,
        TiffCompression::PackBits,
    ] {
        for planar_separate in [false, true] {
            let opts = TiffOptions {
                compression,
                planar_separate,
                rows_per_strip: Some(700),
                ..TiffOptions::default()
            };
            let bytes = write_tiff(&img, &opts);
            let mut r = imaging::open_reader(Cursor::new(bytes), &limits).expect("open");
            let mut all = Vec::new();
            let mut bands = 0;
            while let Some(Band { rows, samples, .. }) = r.next_band().expect("band") {
                assert!(rows <= 256);
                assert!(samples.len() <= limits.max_band_bytes);
                all.extend_from_slice(&samples);
                bands += 1;
            }
            assert!(bands >= 3, "{bands} bands");
            assert!(all == expected(&img), "{opts:?}");
        }
    }
}

#[test]
fn streaming_tiff_matches_the_whole_image_writer() {
    let mut s = spec(ColorMode::Rgb, 16, rgb());
    s.height = 600;
    let img = image(s.clone());
    let opts = TiffOptions::default();
    let whole = write_tiff(&img, &opts);
    let mut out = Cursor::new(Vec::new());
    imaging::write_tiff_streaming(&mut out, &s, &opts, |y, row| {
        let RowMut::U16(row) = row else {
            panic!("16-bit rows")
        };
        for (i, v) in row.iter_mut().enumerate() {
            *v = sample((i / 3) as u32, y, i % 3, 16);
        }
        Ok(())
    })
    .expect("streaming write");
    assert!(out.into_inner() == whole);
}

#[test]
fn predictor_makes_smooth_designs_smaller() {
    let img = image(spec(ColorMode::Rgb, 8, rgb()));
    let with = write_tiff(&img, &TiffOptions::default());
    let without = write_tiff(
        &img,
        &TiffOptions {
            predictor: false,
            ..TiffOptions::default()
        },
    );
    assert!(
        with.len() < without.len(),
        "{} vs {}",
        with.len(),
        without.len()
    );
}

/// The demo archive's largest file: a 12,000 x 12,000 PSB with six spot channels, written and
/// read back band by band. Run with
/// `cargo test --release -p imaging --test write_roundtrip -- --ignored --nocapture big_psb`.
#[test]
#[ignore = "benchmark: writes an 864 MB PSB to the temp folder"]
fn big_psb_streams_both_ways() {
    let path = std::env::temp_dir().join("imaging-bench-12k-6spot.psb");
    let mut spec = spec(ColorMode::Multichannel, 8, six_spots());
    (spec.width, spec.height) = (12_000, 12_000);
    for rle in [false, true] {
        let start = std::time::Instant::now();
        let file = std::fs::File::create(&path).expect("create");
        imaging::write_psd_streaming(file, &spec, true, rle, |y, row| {
            let RowMut::U8(row) = row else { return Ok(()) };
            for (i, v) in row.iter_mut().enumerate() {
                *v = sample((i / 6) as u32, y, i % 6, 8) as u8;
            }
            Ok(())
        })
        .expect("write");
        let size = std::fs::metadata(&path).expect("meta").len() >> 20;
        println!("rle={rle}: wrote {size} MB in {:?}", start.elapsed());
        let start = std::time::Instant::now();
        let mut r = imaging::open(&path, &Limits::default()).expect("open");
        let mut rows = 0;
        while let Some(band) = r.next_band().expect("band") {
            let y = band.top + band.rows / 2;
            let row = band.row(band.rows / 2);
            assert_eq!(row[6 * 777 + 4], sample(777, y, 4, 8) as u8);
            rows += band.rows;
        }
        assert_eq!(rows, 12_000);
        println!("rle={rle}: read in {:?}", start.elapsed());
    }
    let _ = std::fs::remove_file(&path);
}
