//! Inputs the fuzz targets (`fuzz/`, `just fuzz`; docs/TESTING.md, "File fuzzing") reported as
//! a crash, a hang (over 1 s) or an allocation past the limits, kept under
//! `tests/fuzz-regressions/` and replayed through the same entry point and limits as the target
//! that found them. The file name starts with the target: `tiff-…`, `psd-…`, `import_render-…`,
//! `photo-…`, `wear-…` or `picture-…`. Each must end (an image or a clear error) within a second,
//! without a panic.
//!
//! The first run's reports were all timeouts under AddressSanitizer on a loaded machine, none a
//! fault of a reader: `wear-timeout-*` is a 7208 x 255 CMYK JPEG garment (1.84 Mpx, inside the
//! target's 2 Mpx budget), `picture-timeout-*` are mutated copies of shared/testdata's
//! `hopper.iccprofile.tif` (128 x 128, ICC profile) and `quad-tile.jpg.tiff` (512 x 384, tiled
//! JPEG-in-TIFF) sent as search pictures. Without the sanitizer each takes 10 to
//! 110 ms; they stay here as time guards. So does `psd-timeout-73cb128d`, reported on
//! 2026-11-28 while a release build loaded the machine: a 14 x 11 CMYK PSD with 7 channels that
//! takes 80-140 ms under the sanitizer (the default CMYK profile's transform is made for it).
//! `wear-crash-b4ce1af7` is the first crash: a JPEG garment whose DC coefficients overflow an
//! `i32` multiplication in zune-jpeg, a panic where overflow checks are on (the photo decoders
//! now run guarded, as the TIFF reader's third-party decoders do). `photo-crash-4862b63e`, found
//! later that day, is an 894-byte baseline JPEG on which zune-jpeg 0.5.15's AVX2 inverse DCT
//! unwraps a `None` (`idct/avx2.rs:246`), in release builds too: the guard makes it a damaged
//! file.

use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use imaging::render::MemorySink;
use imaging::{ColorwayPlan, ImagingError, Limits, RenditionPlan};

/// The fuzz targets' limits (fuzz/src/lib.rs).
fn design_limits() -> Limits {
    Limits {
        max_side: 2048,
        max_pixels: 2_000_000,
        ..Limits::default()
    }
}
const PHOTO_PIXELS: u64 = 2_000_000;

fn read_design(data: &[u8]) -> Result<(), ImagingError> {
    let mut reader = imaging::open_reader(Cursor::new(data.to_vec()), &design_limits())?;
    let info = reader.info().clone();
    let mut rows = 0;
    while let Some(band) = reader.next_band()? {
        assert_eq!(band.top, rows);
        assert_eq!(
            band.samples.len(),
            band.rows as usize * info.width as usize * info.channels.len()
        );
        rows += band.rows;
    }
    assert_eq!(rows, info.height);
    Ok(())
}

fn import_render(data: &[u8]) -> Result<(), ImagingError> {
    let mut reader = imaging::open_reader(Cursor::new(data.to_vec()), &design_limits())?;
    let spots = reader.info().spot_channels().next().is_some();
    let plan = RenditionPlan {
        colorways: vec![ColorwayPlan { inks: None }],
        tiles: true,
        channel_masks: spots,
        ..RenditionPlan::default()
    };
    imaging::render(reader.as_mut(), &plan, &MemorySink::default())?;
    Ok(())
}

/// fuzz/src/lib.rs `wear_parts`: a flags byte, then 3-byte little-endian lengths before every
/// part but the last.
fn wear(data: &[u8]) -> Result<(), ImagingError> {
    let corrupt = || ImagingError::Corrupt("framing".into());
    let (&flags, mut rest) = data.split_first().ok_or_else(corrupt)?;
    let count = 2 + usize::from(flags & 1) + usize::from((flags >> 1) & 1);
    let mut parts = Vec::new();
    for _ in 0..count - 1 {
        let len = rest.get(..3).ok_or_else(corrupt)?;
        let len = usize::from(len[0]) | usize::from(len[1]) << 8 | usize::from(len[2]) << 16;
        parts.push(rest.get(3..3 + len).ok_or_else(corrupt)?);
        rest = &rest[3 + len..];
    }
    parts.push(rest);
    let mut parts = parts.into_iter();
    let (garment, mask) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    );
    let shading = if flags & 1 != 0 { parts.next() } else { None };
    let displacement = if flags & 2 != 0 { parts.next() } else { None };
    let images =
        imaging::wear::prepare_wear_within(garment, mask, shading, displacement, PHOTO_PIXELS)
            .map_err(|e| e.error)?;
    images.encode()?;
    Ok(())
}

fn replay(target: &str, data: &[u8]) -> Result<(), ImagingError> {
    match target {
        "tiff" | "psd" => read_design(data),
        "import_render" => import_render(data),
        "photo" => imaging::photo::photo_renditions(data, PHOTO_PIXELS).map(|_| ()),
        "wear" => wear(data),
        "picture" => imaging::photo::decode_picture(data, PHOTO_PIXELS).map(|_| ()),
        other => panic!("no fuzz target {other}"),
    }
}

#[test]
fn every_fuzz_finding_ends_cleanly_and_quickly() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/fuzz-regressions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    for path in files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let target = name.split_once('-').map_or(name.as_str(), |(t, _)| t);
        let data = std::fs::read(&path).expect("regression input");
        let start = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| replay(target, &data)));
        let elapsed = start.elapsed();
        let result = outcome.unwrap_or_else(|_| panic!("{name}: panicked"));
        assert!(elapsed < Duration::from_secs(1), "{name}: took {elapsed:?}");
        if let Err(e) = result {
            assert!(!e.to_string().is_empty(), "{name}");
        }
    }
}
