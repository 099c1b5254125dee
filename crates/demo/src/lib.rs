#![doc = include_str!("../README.md")]

mod canvas;
mod files;
mod metadata;
mod palette;
mod patterns;
mod plan;
mod rng;
mod samples;
mod showcase;
mod wear_models;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use db::DbPool;
use db::schema::designs;
use diesel::prelude::*;
use import::service::ImportContext;
use import::shell::ShellProgress;

use crate::canvas::Role;
use crate::files::Model;
use crate::metadata::Added;
use crate::plan::DesignPlan;
use crate::rng::Rng;

pub use crate::plan::DemoSize;

/// The archives the demo designs go to: code and names (tr, en, ru).
const ARCHIVES: [(&str, [&str; 3]); 2] = [
    ("01", ["Ana Arşiv", "Main Archive", "Основной архив"]),
    ("02", ["Dijital", "Digital", "Цифровой"]),
];

/// What seeding did and how long each part took.
#[derive(Debug, Clone, Default)]
pub struct SeedReport {
    pub designs: usize,
    pub colorways: usize,
    pub files: usize,
    /// Bytes of the generated production files.
    pub bytes: u64,
    /// Files the import refused or failed (should be none).
    pub refused: Vec<(PathBuf, String)>,
    pub labels: usize,
    pub customers: usize,
    pub orders: usize,
    /// Wear models added (a dress, a shirt, a scarf, a cushion).
    pub wear_models: usize,
    pub generate: Duration,
    pub import: Duration,
    pub metadata: Duration,
}

/// Fills an empty archive with the demo designs. Does nothing when any design exists. Answers
/// how many designs were added.
pub fn seed_if_empty(pool: &DbPool, ctx: &ImportContext, work_dir: &Path) -> anyhow::Result<usize> {
    seed_with(pool, ctx, work_dir, DemoSize::Full)
}

/// [`seed_if_empty`] with a choice of size (tests use [`DemoSize::Small`]).
pub fn seed_with(
    pool: &DbPool,
    ctx: &ImportContext,
    work_dir: &Path,
    size: DemoSize,
) -> anyhow::Result<usize> {
    Ok(seed_report(pool, ctx, work_dir, size)?.designs)
}

/// Seeds like [`seed_with`] and tells what was done; an archive that has designs gets nothing
/// (and an empty report).
pub fn seed_report(
    pool: &DbPool,
    ctx: &ImportContext,
    work_dir: &Path,
    size: DemoSize,
) -> anyhow::Result<SeedReport> {
    {
        let mut conn = pool.get()?;
        let existing: i64 = designs::table.count().get_result(&mut *conn)?;
        if existing > 0 {
            tracing::info!(existing, "the archive has designs: no demo seeding");
            return Ok(SeedReport::default());
        }
    }
    let root = work_dir.join("demo-files");
    if root.exists() {
        // Left by an interrupted run of this function.
        std::fs::remove_dir_all(&root).with_context(|| format!("clearing {}", root.display()))?;
    }
    let started = Instant::now();
    let result = seed_in(pool, ctx, &root, size);
    if let Err(error) = std::fs::remove_dir_all(&root) {
        tracing::warn!(%error, dir = %root.display(), "could not remove the generated demo files");
    }
    if let Ok(report) = &result {
        tracing::info!(
            designs = report.designs,
            colorways = report.colorways,
            orders = report.orders,
            secs = started.elapsed().as_secs_f32(),
            "demo archive seeded"
        );
    }
    result
}

fn seed_in(
    pool: &DbPool,
    ctx: &ImportContext,
    root: &Path,
    size: DemoSize,
) -> anyhow::Result<SeedReport> {
    let mut report = SeedReport::default();
    let plans = plan::plan(size);

    let started = Instant::now();
    let dirs: Vec<PathBuf> = ARCHIVES.iter().map(|(code, _)| root.join(code)).collect();
    for dir in &dirs {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let written = generate_all(&plans, &dirs)?;
    report.files = written.len();
    for path in &written {
        report.bytes += std::fs::metadata(path)?.len();
    }
    report.generate = started.elapsed();
    tracing::info!(
        files = report.files,
        mb = report.bytes / 1_000_000,
        secs = report.generate.as_secs_f32(),
        "demo files written"
    );

    let started = Instant::now();
    let mut added_rows: Vec<(String, String, i32)> = Vec::new();
    for ((code, names), dir) in ARCHIVES.iter().zip(&dirs) {
        if std::fs::read_dir(dir)?.next().is_none() {
            continue;
        }
        let archive = catalog::service::ensure_archive(&mut *pool.get()?, code, *names)?;
        let summary =
            import::shell::import_paths(pool, ctx, archive.id, std::slice::from_ref(dir), &Quiet)
                .with_context(|| format!("importing the demo designs of archive {code}"))?;
        for (path, why) in &summary.refused {
            tracing::warn!(file = %path.display(), why, "demo file refused");
        }
        report.refused.extend(summary.refused);
        report.colorways += summary.colorways;
        for (number, guid, _) in summary.added {
            added_rows.push((number, guid, archive.id));
        }
    }
    report.designs = added_rows.len();
    report.import = started.elapsed();
    tracing::info!(
        designs = report.designs,
        colorways = report.colorways,
        secs = report.import.as_secs_f32(),
        "demo designs imported"
    );

    let started = Instant::now();
    let mut conn = pool.get()?;
    let mut added = Vec::with_capacity(added_rows.len());
    for (number, guid, archive_id) in added_rows {
        let original: String = designs::table
            .filter(designs::guid.eq(&guid))
            .select(designs::original_name)
            .first(&mut *conn)?;
        let Some(plan) = plans.iter().find(|p| p.file_name(0) == original) else {
            tracing::warn!(%number, original, "an imported design matches no demo plan");
            continue;
        };
        added.push(Added {
            plan,
            guid,
            number,
            archive_id,
        });
    }
    let meta = conn.transaction(|conn| metadata::apply(conn, &added, 0xDE5E_0001))?;
    report.labels = meta.labels;
    report.customers = meta.customers;
    report.orders = meta.orders;
    showcase::seed(&mut conn, &ctx.storage).context("seeding the demo collection")?;
    report.wear_models = wear_models::seed(&mut conn, &ctx.storage, &showcase::actor())
        .context("adding the demo wear models")?;
    report.metadata = started.elapsed();
    tracing::info!(
        orders = report.orders,
        secs = report.metadata.as_secs_f32(),
        "demo metadata and collection recorded"
    );
    Ok(report)
}

/// Writes every plan's files (several threads: pattern making is plain code in debug builds),
/// each into its archive's folder.
fn generate_all(plans: &[DesignPlan], dirs: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let threads = std::thread::available_parallelism()
        .map_or(2, usize::from)
        .clamp(1, 4);
    let results: Vec<anyhow::Result<Vec<PathBuf>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || -> anyhow::Result<Vec<PathBuf>> {
                    let mut paths = Vec::new();
                    for plan in plans.iter().skip(t).step_by(threads) {
                        let dir = &dirs[plan.archive.min(dirs.len() - 1)];
                        paths.extend(generate(plan, dir)?);
                    }
                    Ok(paths)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a demo generator panicked")))
            })
            .collect()
    });
    let mut all = Vec::new();
    for r in results {
        all.extend(r?);
    }
    all.sort();
    Ok(all)
}

/// Writes the files of one design: one per colorway.
fn generate(plan: &DesignPlan, dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let (tw, th) = plan.tile;
    let layers = plan.kind.generate(tw, th, plan.channels, plan.seed);
    let roles: Vec<Role> = layers.channels.iter().map(|c| c.role).collect();
    let mut paths = Vec::with_capacity(plan.colorways);
    let shade = (plan.shading > 0.0).then(|| {
        let cell = (tw.min(th) / 6).max(16);
        palette::shading(
            tw,
            th,
            cell,
            plan.shading,
            &mut Rng::new(plan.seed ^ 0x5ADE),
        )
    });
    for n in 0..plan.colorways {
        let path = dir.join(plan.file_name(n));
        let inks = plan.inks(&roles, n);
        if plan.rotary {
            files::write_rotary(&path, &layers, &inks, &plan.file)?;
        } else {
            let ground = palette::ink(Role::Ground, plan.mood, plan.hue, n);
            let mut samples = palette::composite(&layers, &inks, ground, shade.as_deref());
            if plan.file.model == Model::Cmyk {
                samples = palette::to_cmyk(&samples);
            }
            files::write_digital(&path, &samples, tw, th, &plan.file)?;
        }
        paths.push(path);
    }
    Ok(paths)
}

struct Quiet;

impl ShellProgress for Quiet {
    fn files(&self, total: usize) {
        tracing::debug!(total, "demo import started");
    }
    fn processing(&self, _percent: i32, _current: &str) {}
    fn done(&self) {}
}

/// Writes a small set of sample production files into `dir` (for journeys and manual tries):
/// two colorways of one design as TIFFs, a multichannel PSB with spot channels, and a PNG
/// renamed `.tif`.
pub fn write_sample_files(dir: &Path) -> anyhow::Result<Vec<std::path::PathBuf>> {
    samples::write(dir)
}

#[cfg(test)]
mod previews {
    use super::*;

    /// Writes a PNG of every kind of pattern (first colorway with all channels, second with
    /// three), two repeats each way so seams show, to look at when changing the patterns.
    #[test]
    #[ignore = "writes pictures to look at"]
    fn write_previews() -> anyhow::Result<()> {
        let dir = std::env::temp_dir().join("demo-previews");
        std::fs::create_dir_all(&dir)?;
        let t = 480;
        for (i, kind) in patterns::Kind::ALL.iter().enumerate() {
            for (n, channels) in [(0usize, 8usize), (1, 3)] {
                let layers = kind.generate(t, t, channels, 40 + i as u64);
                let roles: Vec<Role> = layers.channels.iter().map(|c| c.role).collect();
                let inks: Vec<[u8; 3]> = roles
                    .iter()
                    .map(|r| palette::ink(*r, palette::Mood::Vivid, 30.0 * i as f32, n))
                    .collect();
                let rgb = palette::composite(&layers, &inks, [255, 255, 255], None);
                let mut big = vec![0u8; 4 * t * t * 3];
                for y in 0..2 * t {
                    for x in 0..2 * t {
                        let s = ((y % t) * t + x % t) * 3;
                        for c in 0..3 {
                            big[(y * 2 * t + x) * 3 + c] = (rgb[s + c] * 255.0) as u8;
                        }
                    }
                }
                let file = std::fs::File::create(dir.join(format!("{kind:?}-{n}.png")))?;
                let mut e =
                    png::Encoder::new(std::io::BufWriter::new(file), 2 * t as u32, 2 * t as u32);
                e.set_color(png::ColorType::Rgb);
                e.write_header()?.write_image_data(&big)?;
            }
        }
        Ok(())
    }
}
