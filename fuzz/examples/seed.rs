//! Writes the seed corpora of the fuzz targets into `fuzz/corpus/<target>/` (ignored by git):
//! the real files of `../shared/testdata` (TIFF, PSD, PSB made by other tools), fixtures of our
//! own writers in every variant the tests use (`imaging::write_*`: depths, colour modes, spot and
//! alpha channels, compressions, tiles, planar, BigTIFF, PSB, palette colour, floating point),
//! and the committed photo seeds (`fuzz/seeds/photo`, made by `make_photo_seeds.py`).
//!
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example seed [testdata dir]`

use std::fs;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use imaging::{
    AnyDepthImage, ChannelInfo, ChannelKind, ColorMode, FloatImage, IndexedImage, Samples,
    TiffCompression, TiffOptions, WriteImage, WriteSpec,
};

type Seeds = Vec<(String, Vec<u8>)>;

fn channel(name: &str, kind: ChannelKind, color: Option<[u8; 3]>) -> ChannelInfo {
    ChannelInfo {
        name: name.into(),
        kind,
        color,
    }
}

fn process(mode: ColorMode) -> Vec<ChannelInfo> {
    let names: &[&str] = match mode {
        ColorMode::Rgb => &["Red", "Green", "Blue"],
        ColorMode::Cmyk => &["Cyan", "Magenta", "Yellow", "Black"],
        ColorMode::Gray => &["Gray"],
        _ => &[],
    };
    names
        .iter()
        .map(|n| channel(n, ChannelKind::Process, None))
        .collect()
}

/// A small image with structure in every channel.
fn image(
    mode: ColorMode,
    spots: usize,
    alpha: bool,
    depth: u8,
    w: u32,
    h: u32,
    layers: usize,
) -> WriteImage {
    let mut channels = process(mode);
    for i in 0..spots {
        channels.push(channel(
            &format!("PANTONE {i} C"),
            ChannelKind::Spot,
            Some([200, (i * 40) as u8, 30]),
        ));
    }
    if alpha {
        channels.push(channel("Alpha", ChannelKind::Alpha, None));
    }
    let n = channels.len();
    let value =
        |x: u32, y: u32, c: usize| -> u32 { ((x * 37 + y * 11 + c as u32 * 71) ^ (x * y)) % 256 };
    let samples = if depth == 8 {
        let mut s = Vec::with_capacity((w * h) as usize * n);
        for y in 0..h {
            for x in 0..w {
                for c in 0..n {
                    s.push(value(x, y, c) as u8);
                }
            }
        }
        Samples::U8(s)
    } else {
        let mut s = Vec::with_capacity((w * h) as usize * n);
        for y in 0..h {
            for x in 0..w {
                for c in 0..n {
                    s.push((value(x, y, c) * 257) as u16);
                }
            }
        }
        Samples::U16(s)
    };
    WriteImage {
        spec: WriteSpec {
            width: w,
            height: h,
            bit_depth: depth,
            color_mode: mode,
            dpi: 150.0,
            channels,
            layer_names: (0..layers).map(|i| format!("Layer {i}")).collect(),
            icc_profile: None,
        },
        samples,
    }
}

fn tiff_seeds() -> Seeds {
    let mut out = Seeds::new();
    let images = [
        ("rgb8", image(ColorMode::Rgb, 0, false, 8, 24, 17, 0)),
        ("rgb16-alpha", image(ColorMode::Rgb, 0, true, 16, 20, 9, 0)),
        (
            "cmyk8-2spots",
            image(ColorMode::Cmyk, 2, false, 8, 19, 13, 0),
        ),
        (
            "cmyk16-spot-alpha",
            image(ColorMode::Cmyk, 1, true, 16, 9, 7, 0),
        ),
        ("gray8", image(ColorMode::Gray, 0, false, 8, 33, 5, 0)),
        (
            "multichannel8",
            image(ColorMode::Multichannel, 3, false, 8, 12, 12, 0),
        ),
    ];
    let compressions = [
        TiffCompression::None,
        TiffCompression::Lzw,
        TiffCompression::Deflate,
        TiffCompression::PackBits,
        TiffCompression::Zstd,
        TiffCompression::Lzma,
        TiffCompression::WebP,
    ];
    for (name, img) in &images {
        for compression in compressions {
            for (layout, tiled, planar, bigtiff, rows) in [
                ("strips", None, false, false, Some(4)),
                ("tiled", Some(16), false, false, None),
                ("planar", None, true, false, Some(5)),
                ("big", None, false, true, None),
            ] {
                let opts = TiffOptions {
                    compression,
                    predictor: matches!(
                        compression,
                        TiffCompression::Lzw | TiffCompression::Deflate
                    ),
                    tiled,
                    planar_separate: planar,
                    bigtiff,
                    rows_per_strip: rows,
                };
                let mut buf = Cursor::new(Vec::new());
                if imaging::write_tiff(&mut buf, img, &opts).is_ok() {
                    out.push((
                        format!("w-{name}-{compression:?}-{layout}.tif").to_lowercase(),
                        buf.into_inner(),
                    ));
                }
            }
        }
    }
    for bits in [1u8, 2, 4, 8] {
        let entries = 1usize << bits;
        let indexed = IndexedImage {
            width: 21,
            height: 11,
            bit_depth: bits,
            dpi: 300.0,
            palette: (0..entries.min(6))
                .map(|i| [(i * 40) as u8, 255 - (i * 30) as u8, 7])
                .collect(),
            transparent: Some(0),
            indexes: (0..21 * 11).map(|i| (i % entries.min(6)) as u8).collect(),
        };
        for compression in [TiffCompression::PackBits, TiffCompression::Lzw] {
            let opts = TiffOptions {
                compression,
                predictor: false,
                ..TiffOptions::default()
            };
            let mut buf = Cursor::new(Vec::new());
            if imaging::write_indexed_tiff(&mut buf, &indexed, &opts).is_ok() {
                out.push((
                    format!("w-indexed{bits}-{compression:?}.tif").to_lowercase(),
                    buf.into_inner(),
                ));
            }
        }
        let mut buf = Cursor::new(Vec::new());
        if bits == 8 && imaging::write_indexed_psd(&mut buf, &indexed, false, true).is_ok() {
            out.push(("w-indexed8-rle.psd".into(), buf.into_inner()));
        }
    }
    for (bits, mode, signed) in [
        (1u8, ColorMode::Gray, false),
        (4, ColorMode::Gray, false),
        (12, ColorMode::Rgb, false),
        (10, ColorMode::Cmyk, false),
        (24, ColorMode::Gray, false),
        (32, ColorMode::Rgb, false),
        (16, ColorMode::Gray, true),
    ] {
        let spp = match mode {
            ColorMode::Rgb => 3,
            ColorMode::Cmyk => 4,
            _ => 1,
        };
        let max = if bits == 32 {
            u32::MAX
        } else {
            (1u32 << bits) - 1
        };
        let img = AnyDepthImage {
            width: 13,
            height: 6,
            bit_depth: bits,
            color_mode: mode,
            signed,
            dpi: 72.0,
            samples: (0..13 * 6 * spp)
                .map(|i| (i as u32).wrapping_mul(2_654_435_761) & max)
                .collect(),
        };
        let mut buf = Cursor::new(Vec::new());
        if imaging::write_any_depth_tiff(&mut buf, &img, &TiffOptions::default()).is_ok() {
            out.push((format!("w-depth{bits}-{mode:?}.tif"), buf.into_inner()));
        }
    }
    for (bits, mode) in [
        (16u8, ColorMode::Gray),
        (32, ColorMode::Rgb),
        (64, ColorMode::Cmyk),
    ] {
        let spp = match mode {
            ColorMode::Rgb => 3,
            ColorMode::Cmyk => 4,
            _ => 1,
        };
        let img = FloatImage {
            width: 9,
            height: 7,
            bit_depth: bits,
            color_mode: mode,
            dpi: 96.0,
            samples: (0..9 * 7 * spp)
                .map(|i| f64::from(i as u32) / 40.0 - 0.2)
                .collect(),
        };
        let mut buf = Cursor::new(Vec::new());
        if imaging::write_float_tiff(&mut buf, &img, &TiffOptions::default()).is_ok() {
            out.push((format!("w-float{bits}-{mode:?}.tif"), buf.into_inner()));
        }
    }
    out
}

fn psd_seeds() -> Seeds {
    let mut out = Seeds::new();
    let images = [
        ("rgb8-layers", image(ColorMode::Rgb, 0, false, 8, 16, 12, 2)),
        ("rgb16-alpha", image(ColorMode::Rgb, 0, true, 16, 10, 9, 0)),
        (
            "cmyk8-3spots",
            image(ColorMode::Cmyk, 3, false, 8, 14, 11, 1),
        ),
        ("cmyk16-spot", image(ColorMode::Cmyk, 1, false, 16, 8, 8, 0)),
        ("gray8", image(ColorMode::Gray, 0, true, 8, 20, 6, 0)),
        (
            "multichannel8",
            image(ColorMode::Multichannel, 4, false, 8, 11, 9, 0),
        ),
    ];
    for (name, img) in &images {
        for big in [false, true] {
            for rle in [false, true] {
                let mut buf = Cursor::new(Vec::new());
                if imaging::write_psd(&mut buf, img, big, rle).is_ok() {
                    let ext = if big { "psb" } else { "psd" };
                    let c = if rle { "rle" } else { "raw" };
                    out.push((format!("w-{name}-{c}.{ext}"), buf.into_inner()));
                }
            }
        }
    }
    let indexed = IndexedImage {
        width: 17,
        height: 9,
        bit_depth: 8,
        dpi: 200.0,
        palette: (0..5).map(|i| [i * 50, 100, 255 - i * 50]).collect(),
        transparent: Some(4),
        indexes: (0..17 * 9).map(|i| (i % 5) as u8).collect(),
    };
    for big in [false, true] {
        let mut buf = Cursor::new(Vec::new());
        if imaging::write_indexed_psd(&mut buf, &indexed, big, true).is_ok() {
            out.push((format!("w-indexed-big{big}.psd"), buf.into_inner()));
        }
    }
    for (big, mode) in [(false, ColorMode::Rgb), (true, ColorMode::Gray)] {
        let spp = if mode == ColorMode::Rgb { 3 } else { 1 };
        let img = FloatImage {
            width: 7,
            height: 5,
            bit_depth: 32,
            color_mode: mode,
            dpi: 72.0,
            samples: (0..7 * 5 * spp)
                .map(|i| f64::from(i as u32) / 50.0)
                .collect(),
        };
        let mut buf = Cursor::new(Vec::new());
        if imaging::write_float_psd(&mut buf, &img, big, true).is_ok() {
            out.push((format!("w-float32-{mode:?}-big{big}.psd"), buf.into_inner()));
        }
    }
    out
}

fn files_in(dir: &Path, max_len: u64) -> Seeds {
    let mut out = Seeds::new();
    let Ok(entries) = fs::read_dir(dir) else {
        eprintln!("seed: no {} (skipped)", dir.display());
        return out;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let Ok(meta) = fs::metadata(&path) else {
            continue;
        };
        if !meta.is_file() || meta.len() > max_len {
            continue;
        }
        if path.extension().is_some_and(|e| e == "py") {
            continue;
        }
        if let (Some(name), Ok(bytes)) = (path.file_name(), fs::read(&path)) {
            out.push((name.to_string_lossy().into_owned(), bytes));
        }
    }
    out
}

fn write_corpus(root: &Path, target: &str, seeds: &[(String, Vec<u8>)]) {
    let dir = root.join(target);
    fs::create_dir_all(&dir).expect("corpus directory");
    for (name, bytes) in seeds {
        fs::write(dir.join(format!("seed-{name}")), bytes).expect("seed file");
    }
    let total: usize = seeds.iter().map(|(_, b)| b.len()).sum();
    println!("{target:>14}: {} seeds, {} KiB", seeds.len(), total / 1024);
}

fn main() {
    let fuzz = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let testdata = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| fuzz.join("../../shared/testdata"));
    let corpus = fuzz.join("corpus");

    // Real files up to 512 KiB (the largest, a 577 KiB 16-bit CMYK PSD, only slows every run).
    let real_tiff = files_in(&testdata.join("tiff"), 512 * 1024);
    let real_psd = files_in(&testdata.join("psd"), 512 * 1024);
    let ours_tiff = tiff_seeds();
    let ours_psd = psd_seeds();
    let photos = files_in(&fuzz.join("seeds/photo"), 64 * 1024);

    let tiff: Seeds = real_tiff.iter().chain(&ours_tiff).cloned().collect();
    let psd: Seeds = real_psd.iter().chain(&ours_psd).cloned().collect();
    write_corpus(&corpus, "tiff", &tiff);
    write_corpus(&corpus, "psd", &psd);

    // The whole pipeline renders: small files only.
    let small = |s: &Seeds| -> Seeds {
        s.iter()
            .filter(|(_, b)| b.len() <= 64 * 1024)
            .cloned()
            .collect()
    };
    let import: Seeds = small(&tiff).into_iter().chain(small(&psd)).collect();
    write_corpus(&corpus, "import_render", &import);

    let photo_only: Seeds = photos
        .iter()
        .filter(|(n, _)| !n.starts_with("mask") && !n.starts_with("shading"))
        .cloned()
        .collect();
    write_corpus(&corpus, "photo", &photos);

    let picture: Seeds = photo_only
        .iter()
        .cloned()
        .chain(small(&ours_tiff).into_iter().take(40))
        .chain(small(&real_tiff))
        .collect();
    write_corpus(&corpus, "picture", &picture);

    let find = |name: &str| {
        photos
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
            .unwrap_or_default()
    };
    let (mask, shading) = (find("mask.png"), find("shading.jpg"));
    let mut wear = Seeds::new();
    for (name, garment) in &photo_only {
        wear.push((
            format!("{name}-mask"),
            desen_fuzz::frame_wear(&[garment, mask], false, false),
        ));
    }
    let garment = find("baseline.jpg");
    wear.push((
        "baseline-mask-shading".into(),
        desen_fuzz::frame_wear(&[garment, mask, shading], true, false),
    ));
    wear.push((
        "baseline-mask-displacement".into(),
        desen_fuzz::frame_wear(&[garment, mask, shading], false, true),
    ));
    wear.push((
        "baseline-mask-shading-displacement".into(),
        desen_fuzz::frame_wear(&[garment, mask, shading, mask], true, true),
    ));
    write_corpus(&corpus, "wear", &wear);
}
