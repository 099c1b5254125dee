//! `just bench`: our renditions of a real 12,000 x 12,000 8-bit RGB LZW TIFF next to libvips on
//! the same file, in the same run, and a whole import of a 12,000 x 12,000 6-channel PSB.
//!
//! - thumbnails + preview + palette (one decode) vs `vipsthumbnail` making one 512 px thumbnail;
//! - the deep-zoom tile pyramid vs `vips dzsave`;
//! - the whole import of the PSB (upload checks, decode, every rendition and tile, the add);
//! - the whole import of one 8-colour design saved both ways a textile CAD system saves a rotary
//!   design: an indexed (palette) TIFF and a PSB with 8 spot channels (issue 16).
//!
//! Peak memory is VmHWM: reset through /proc/self/clear_refs for our phases, sampled from /proc
//! for the vips processes. Targets (issue 3): both time ratios <= 1.0, renditions without tiles
//! <= 64 MB, the PSB import under 15 s on 2 cores. `BENCH_SIZE=6000` for a quicker run.

use imaging::memory_source::{channel, process_channels};
use imaging::{
    ChannelKind, ColorMode, ImagingError, RenditionPlan, RenditionSink, RowMut, TiffOptions,
    WriteSpec,
};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn status_kb(pid: &str, key: &str) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find(|l| l.starts_with(key))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

/// A textile-like RGB pattern: checks, stripes and a soft gradient.
fn rgb_row(y: u32, row: &mut [u8]) {
    for (x, px) in row.chunks_exact_mut(3).enumerate() {
        let x = x as u32;
        let check = ((x / 150) + (y / 150)) % 2;
        px[0] = ((x / 47) % 256) as u8;
        px[1] = if check == 0 {
            220
        } else {
            ((y / 47) % 256) as u8
        };
        px[2] = if (x + y) % 90 < 30 {
            40
        } else {
            ((x ^ y) % 256) as u8
        };
    }
}

fn write_rgb_tiff(path: &Path, size: u32) -> Result<(), ImagingError> {
    let spec = WriteSpec {
        width: size,
        height: size,
        bit_depth: 8,
        color_mode: ColorMode::Rgb,
        dpi: 150.0,
        channels: process_channels(ColorMode::Rgb),
        layer_names: vec![],
        icc_profile: None,
    };
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    imaging::write_tiff_streaming(file, &spec, &TiffOptions::default(), |y, row| {
        if let RowMut::U8(row) = row {
            rgb_row(y, row);
        }
        Ok(())
    })
}

/// A square 8-bit multichannel file of one spot channel (screen) per ink.
fn screens_spec(size: u32, inks: &[[u8; 3]]) -> WriteSpec {
    WriteSpec {
        width: size,
        height: size,
        bit_depth: 8,
        color_mode: ColorMode::Multichannel,
        dpi: 300.0,
        channels: inks
            .iter()
            .enumerate()
            .map(|(i, ink)| channel(&format!("Screen {}", i + 1), ChannelKind::Spot, Some(*ink)))
            .collect(),
        layer_names: vec![],
        icc_profile: None,
    }
}

fn write_spot_psb(path: &Path, size: u32) -> Result<(), ImagingError> {
    let inks = [
        [200, 30, 40],
        [20, 40, 140],
        [240, 200, 30],
        [30, 130, 60],
        [90, 50, 30],
        [250, 150, 170],
    ];
    let spec = screens_spec(size, &inks);
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    imaging::write_psd_streaming(file, &spec, true, true, |y, row| {
        if let RowMut::U8(row) = row {
            for (x, px) in row.chunks_exact_mut(6).enumerate() {
                let x = x as u32;
                px[0] = if ((x % 200) as i32 - 100).pow(2) + ((y % 200) as i32 - 100).pow(2) < 2500
                {
                    255
                } else {
                    0
                };
                px[1] = if (x / 25).is_multiple_of(4) { 230 } else { 0 };
                px[2] = if (y / 40) % 5 == 0 { 180 } else { 0 };
                px[3] = ((x + y) % 120 < 20) as u8 * 255;
                px[4] = 40;
                px[5] = (((x * 3) ^ (y * 5)) % 256 > 200) as u8 * 255;
            }
        }
        Ok(())
    })
}

/// The 8 inks of the design saved both as an indexed TIFF and as an 8-spot-channel PSB.
const EIGHT_INKS: [[u8; 3]; 8] = [
    [200, 30, 40],
    [20, 40, 140],
    [240, 200, 30],
    [30, 130, 60],
    [90, 50, 30],
    [250, 150, 170],
    [120, 200, 220],
    [245, 240, 225],
];

/// Which of the 8 inks covers a pixel: every pixel is printed by exactly one screen.
fn eight_colour_index(x: u32, y: u32) -> u8 {
    let circle = ((x % 240) as i32 - 120).pow(2) + ((y % 240) as i32 - 120).pow(2) < 4900;
    if circle {
        if (x / 240 + y / 240).is_multiple_of(2) {
            0
        } else {
            1
        }
    } else if (x / 30).is_multiple_of(6) {
        2
    } else if (y / 45).is_multiple_of(7) {
        3
    } else if (x + y) % 160 < 16 {
        4
    } else if (((x * 3) ^ (y * 5)) % 256) > 230 {
        5
    } else if (x / 400 + y / 400).is_multiple_of(3) {
        6
    } else {
        7
    }
}

fn write_indexed_tiff(path: &Path, size: u32) -> Result<(), ImagingError> {
    let image = imaging::IndexedImage {
        width: size,
        height: size,
        bit_depth: 8,
        dpi: 300.0,
        palette: EIGHT_INKS.to_vec(),
        transparent: None,
        indexes: (0..size)
            .flat_map(|y| (0..size).map(move |x| eight_colour_index(x, y)))
            .collect(),
    };
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    imaging::write_indexed_tiff(file, &image, &TiffOptions::default())
}

/// The same design as [`write_indexed_tiff`], one spot channel per ink.
fn write_eight_spot_psb(path: &Path, size: u32) -> Result<(), ImagingError> {
    let spec = screens_spec(size, &EIGHT_INKS);
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    imaging::write_psd_streaming(file, &spec, true, true, |y, row| {
        if let RowMut::U8(row) = row {
            for (x, px) in row.chunks_exact_mut(8).enumerate() {
                px.fill(0);
                px[usize::from(eight_colour_index(x as u32, y))] = 255;
            }
        }
        Ok(())
    })
}

/// One file imported into a fresh database, with its time and the phase's peak memory.
struct Imported {
    seconds: f64,
    peak_mb: f64,
    summary: import::shell::ShellSummary,
    pool: db::DbPool,
    ctx: import::service::ImportContext,
    _database: db::testing::TestDatabase,
}

fn whole_import(dir: &Path, file: &Path) -> Result<Imported, Box<dyn std::error::Error>> {
    let database = db::testing::TestDatabase::new()?;
    let pool = db::pool(&database.url, Some(4))?;
    db::run_migrations(&mut *pool.get()?)?;
    let ctx = import::service::ImportContext {
        storage: storage::Storage::local(&dir.join("objects"))?,
        settings: import::ImportSettings::default(),
        scratch: dir.join("scratch"),
    };
    let archive =
        catalog::service::ensure_archive(&mut *pool.get()?, "01", ["Ana", "Main", "Основной"])?;
    reset_peak();
    let started = Instant::now();
    let summary =
        import::shell::import_paths(&pool, &ctx, archive.id, &[file.to_path_buf()], &Silent)?;
    Ok(Imported {
        seconds: started.elapsed().as_secs_f64(),
        peak_mb: mb(status_kb("self", "VmHWM:").unwrap_or(0)),
        summary,
        pool,
        ctx,
        _database: database,
    })
}

fn import_row(what: &str, imported: &Imported, target: &str) {
    println!(
        "{what:<34} ours {:>6.2} s {:>7.1} MB | {} design, {} colorway, {} refused{target}",
        imported.seconds,
        imported.peak_mb,
        imported.summary.designs,
        imported.summary.colorways,
        imported.summary.refused.len()
    );
}

struct NullSink;

impl RenditionSink for NullSink {
    fn put(&self, _: Option<usize>, _: &str, _: Vec<u8>) -> Result<(), ImagingError> {
        Ok(())
    }
}

/// Writes tiles to disk like dzsave does, so the comparison includes the file writes.
struct DiskSink(PathBuf);

impl RenditionSink for DiskSink {
    fn put(&self, _: Option<usize>, name: &str, bytes: Vec<u8>) -> Result<(), ImagingError> {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, bytes)?;
        Ok(())
    }
}

/// Our rendering of `path`: (seconds, peak MB of the phase).
fn ours(
    path: &Path,
    plan: &RenditionPlan,
    sink: &dyn RenditionSink,
) -> Result<(f64, f64), ImagingError> {
    reset_peak();
    let started = Instant::now();
    let mut reader = imaging::open(path, &imaging::Limits::default())?;
    imaging::render(&mut *reader, plan, sink)?;
    let seconds = started.elapsed().as_secs_f64();
    Ok((seconds, mb(status_kb("self", "VmHWM:").unwrap_or(0))))
}

/// A command's wall time and peak memory (sampled), or None when it is not installed.
fn external(program: &str, args: &[&str]) -> Option<(f64, f64)> {
    let started = Instant::now();
    let mut child = Command::new(program).args(args).spawn().ok()?;
    let pid = child.id().to_string();
    let mut peak = 0;
    loop {
        if let Some(kb) = status_kb(&pid, "VmHWM:") {
            peak = peak.max(kb);
        }
        if let Ok(Some(status)) = child.try_wait() {
            return status
                .success()
                .then(|| (started.elapsed().as_secs_f64(), mb(peak)));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn row(what: &str, ours: (f64, f64), reference: Option<(f64, f64)>, reference_name: &str) {
    match reference {
        Some((seconds, peak)) => println!(
            "{what:<34} ours {:>6.2} s {:>7.1} MB | {reference_name:<16} {seconds:>6.2} s {peak:>7.1} MB | time ratio {:.2}",
            ours.0,
            ours.1,
            ours.0 / seconds
        ),
        None => println!(
            "{what:<34} ours {:>6.2} s {:>7.1} MB | {reference_name} not installed",
            ours.0, ours.1
        ),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let size: u32 = std::env::var("BENCH_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12_000);
    let dir = std::env::temp_dir().join("desen-bench");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    let tiff = dir.join("rgb.tif");
    let psb = dir.join("screens.psb");
    let made = Instant::now();
    write_rgb_tiff(&tiff, size)?;
    write_spot_psb(&psb, size)?;
    println!(
        "inputs: {size} x {size} RGB LZW TIFF ({:.0} MB), 6-channel PSB ({:.0} MB), made in {:.1} s; {} cores",
        std::fs::metadata(&tiff)?.len() as f64 / 1e6,
        std::fs::metadata(&psb)?.len() as f64 / 1e6,
        made.elapsed().as_secs_f64(),
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    let tiff_arg = tiff.to_string_lossy().to_string();

    let no_tiles = RenditionPlan {
        tiles: false,
        channel_masks: false,
        ..RenditionPlan::default()
    };
    let renditions = ours(&tiff, &no_tiles, &NullSink)?;
    let thumb_out = dir.join("vips-thumb.jpg").to_string_lossy().to_string();
    let vips_thumb = external("vipsthumbnail", &[&tiff_arg, "-s", "512", "-o", &thumb_out]);
    row(
        "thumbnails + preview + palette",
        renditions,
        vips_thumb,
        "vipsthumbnail",
    );

    let tiles_only = RenditionPlan {
        tiles: true,
        channel_masks: false,
        ..RenditionPlan::default()
    };
    let pyramid = ours(&tiff, &tiles_only, &DiskSink(dir.join("ours")))?;
    let dz_out = dir.join("vips-dz").to_string_lossy().to_string();
    let vips_dz = external(
        "vips",
        &[
            "dzsave",
            &tiff_arg,
            &dz_out,
            "--tile-size",
            "256",
            "--overlap",
            "0",
            "--suffix",
            ".jpg[Q=80]",
        ],
    );
    row(
        "all renditions with tile pyramid",
        pyramid,
        vips_dz,
        "vips dzsave",
    );

    // The whole import of the PSB: checks, decode, renditions, tiles, masks, the add.
    let imported = whole_import(&dir.join("psb"), &psb)?;
    import_row(
        "whole import of the 6-channel PSB",
        &imported,
        " | target < 15 s",
    );
    // One 8-colour design saved as an indexed TIFF and as an 8-spot-channel PSB: the indexed
    // file is read twice (once to learn the entries in use), the PSB once but 8 times wider.
    let indexed = dir.join("eight.tif");
    let spots = dir.join("eight.psb");
    write_indexed_tiff(&indexed, size)?;
    write_eight_spot_psb(&spots, size)?;
    for (what, file) in [
        ("whole import, 8-colour indexed TIFF", &indexed),
        ("whole import, 8-spot-channel PSB", &spots),
    ] {
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let imported = whole_import(&dir.join(format!("import-{name}")), file)?;
        import_row(
            what,
            &imported,
            &format!(
                " | {:.0} MB file",
                std::fs::metadata(file)?.len() as f64 / 1e6
            ),
        );
    }
    // What the similar search adds to an import: the features of each colorway's preview (made
    // while rendering, so part of the whole import above), measured alone.
    let (pool, ctx) = (&imported.pool, &imported.ctx);
    let mut conn = pool.get()?;
    let colorway = catalog::features::unindexed(&mut conn, i32::from(vision::FEATURES_VERSION), 1)?
        .into_iter()
        .next()
        .ok_or("the import added no colorway")?;
    let preview = ctx
        .storage
        .get(&format!(
            "{}/{}",
            colorway.renditions_key,
            imaging::render::names::PREVIEW
        ))?
        .ok_or("no preview")?;
    let preview = imaging::photo::decode_photo(&preview, 1 << 26)?;
    let runs = 5;
    let started = Instant::now();
    let mut features = 0;
    for _ in 0..runs {
        features = import::similar::features_of(&preview).len();
    }
    println!(
        "{:<34} ours {:>6.3} s per colorway ({} x {} preview, {features} features)",
        "similar-search indexing",
        started.elapsed().as_secs_f64() / f64::from(runs),
        preview.width,
        preview.height
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

struct Silent;

impl import::shell::ShellProgress for Silent {
    fn files(&self, _: usize) {}
    fn processing(&self, _: i32, _: &str) {}
    fn done(&self) {}
}
