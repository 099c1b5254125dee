//! The worker pool: threads that claim queued files from the database, decode and render them,
//! and record the result. Claims are leases: a worker that dies leaves a claim that runs out, and
//! another worker (in this process or another) takes the file again, up to `max_attempts`.

use crate::error::ImportError;
use crate::model::{Facts, ImportFile};
use crate::repo;
use crate::service::{self, ImportContext, rendition_key_of};
use chrono::Duration;
use db::DbPool;
use desen_core::{DomainError, time};
use imaging::{ColorwayPlan, RenditionPlan, RenditionSink};
use std::sync::Mutex;

pub use desen_core::background::{Waker, Workers};

/// Starts this process's import workers (`import.workers` of them).
pub fn start(pool: DbPool, ctx: ImportContext, waker: Waker) -> Workers {
    let process = uuid::Uuid::new_v4().simple().to_string();
    let count = ctx.settings.worker_count();
    Workers::start(
        "import",
        count,
        waker,
        move |n| -> Result<bool, ImportError> {
            let found = work_once(&pool, &ctx, &format!("{}-{n}", &process[..8]))?;
            // Between files, the first worker indexes colorways for the similar search.
            if !found && n == 0 {
                let mut conn = pool.get()?;
                return Ok(crate::similar::index_pending(&mut conn, &ctx.storage, 8)? > 0);
            }
            Ok(found)
        },
    )
}

/// Claims one file and processes it. Answers whether there was one.
pub fn work_once(pool: &DbPool, ctx: &ImportContext, worker: &str) -> Result<bool, ImportError> {
    let lease = Duration::seconds(ctx.settings.lease_seconds.max(5));
    let file = {
        let mut conn = pool.get()?;
        let now = time::now();
        let Some(id) = repo::claimable(&mut conn, now)? else {
            return Ok(false);
        };
        if !repo::claim(&mut conn, &id, worker, now, now + lease)? {
            return Ok(true); // another worker won it; look again
        }
        repo::file(&mut conn, &id)?.ok_or(ImportError::FileNotFound)?
    };
    let key = rendition_key_of(&file.id);
    // Output of an earlier, interrupted attempt is never mixed with this one.
    ctx.storage.delete_prefix(&key)?;
    if file.attempts > ctx.settings.max_attempts {
        let mut conn = pool.get()?;
        let failed =
            ImportError::ProcessingFailed("the file stopped its worker several times".into());
        repo::finish_failed(&mut conn, &file.id, failed.code(), &failed.to_string())?;
        service::refresh_job(&mut conn, &file.job_id)?;
        return Ok(true);
    }
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        process_file(pool, ctx, worker, &file, &key, lease)
    }))
    .unwrap_or_else(|_| Err(ImportError::Internal("the decoder panicked".into())));
    let mut conn = pool.get()?;
    match outcome {
        Ok(facts) => {
            let facts =
                serde_json::to_string(&facts).map_err(|e| ImportError::Internal(e.to_string()))?;
            if repo::finish_processed(&mut conn, &file.id, worker, &facts, &key)? {
                tracing::info!(file = %file.id, worker, "import file processed");
            } else {
                // The job was cancelled or the claim lost meanwhile: leave nothing behind.
                ctx.storage.delete_prefix(&key)?;
            }
        }
        Err(error) => {
            ctx.storage.delete_prefix(&key)?;
            let code = match &error {
                full if full.is_storage_full() => {
                    tracing::error!(file = %file.id, %error, "import processing failed: disk full");
                    ImportError::StorageFull.code()
                }
                ImportError::Internal(_)
                | ImportError::Database(_)
                | ImportError::Pool(_)
                | ImportError::Storage(_)
                | ImportError::Io(_) => {
                    tracing::error!(file = %file.id, %error, "import processing failed");
                    ImportError::ProcessingFailed(String::new()).code()
                }
                other => other.code(),
            };
            repo::finish_failed(&mut conn, &file.id, code, &service::detail_of(&error))?;
        }
    }
    service::refresh_job(&mut conn, &file.job_id)?;
    Ok(true)
}

/// Decodes the file once and writes every rendition of its colorway.
fn process_file(
    pool: &DbPool,
    ctx: &ImportContext,
    worker: &str,
    file: &ImportFile,
    key: &str,
    lease: Duration,
) -> Result<Facts, ImportError> {
    let scratch = ctx.scratch.join("work");
    let path = ctx
        .storage
        .fetch(&file.source_key, &scratch)?
        .ok_or_else(|| ImportError::Internal("the uploaded original is missing".into()))?;
    let limits = ctx.settings.image_limits();
    let reader = imaging::decode::open(&path, &limits)?;
    let info = reader.info().clone();
    let rotary = info.spot_channels().next().is_some();
    let plan = RenditionPlan {
        colorways: vec![ColorwayPlan { inks: None }],
        tiles: ctx.settings.tiles,
        channel_masks: rotary,
        ..RenditionPlan::default()
    };
    let sink = StorageSink { ctx, prefix: key };
    let mut reader = ProgressReader {
        inner: reader,
        progress: Progress {
            pool,
            worker,
            file: &file.id,
            lease,
            height: info.height.max(1),
            last: Mutex::new(0),
        },
    };
    let report = imaging::render(&mut reader, &plan, &sink)?;
    let colorway = report
        .colorways
        .into_iter()
        .next()
        .ok_or_else(|| ImportError::Internal("no colorway rendered".into()))?;
    let inks = imaging::color::file_inks(&info)
        .iter()
        .map(|[r, g, b]| format!("#{r:02x}{g:02x}{b:02x}"))
        .collect();
    let masks = (0..info.spot_channels().count())
        .map(|i| format!("{key}/{}", imaging::render::names::mask(i)))
        .collect();
    Ok(Facts {
        preview_size: colorway.preview_size,
        thumbnails: colorway.thumbnails.into_iter().collect(),
        tile_levels: colorway.tile_levels,
        palette: colorway
            .palette
            .iter()
            .map(|p| {
                let [r, g, b] = p.rgb;
                (
                    [f64::from(p.lab.l), f64::from(p.lab.a), f64::from(p.lab.b)],
                    format!("#{r:02x}{g:02x}{b:02x}"),
                    f64::from(p.share),
                )
            })
            .collect(),
        inks,
        masks,
        warnings: report.warnings,
        info,
    })
}

/// Writes renditions of one file under its key.
struct StorageSink<'a> {
    ctx: &'a ImportContext,
    prefix: &'a str,
}

/// Reports progress as bands are read.
struct ProgressReader<'a> {
    inner: Box<dyn imaging::BandReader>,
    progress: Progress<'a>,
}

impl imaging::BandReader for ProgressReader<'_> {
    fn info(&self) -> &imaging::ImageInfo {
        self.inner.info()
    }

    fn next_band(&mut self) -> Result<Option<imaging::Band>, imaging::ImagingError> {
        let band = self.inner.next_band()?;
        if let Some(band) = &band {
            self.progress.note(band.top + band.rows);
        }
        Ok(band)
    }
}

impl RenditionSink for StorageSink<'_> {
    /// The similar search's features, from the exact preview pixels (before JPEG).
    fn preview(
        &self,
        _colorway: usize,
        image: &imaging::RgbImage,
    ) -> Result<(), imaging::ImagingError> {
        let features = crate::similar::features_of(image);
        self.put(
            None,
            crate::similar::FEATURES_FILE,
            vision::encode(&features),
        )
    }

    fn put(
        &self,
        _colorway: Option<usize>,
        name: &str,
        bytes: Vec<u8>,
    ) -> Result<(), imaging::ImagingError> {
        self.ctx
            .storage
            .put(&format!("{}/{name}", self.prefix), bytes)
            .map_err(|e| match e.is_full() {
                // Kept recognisable through the renderer, so the file says "disk full".
                true => imaging::ImagingError::Io(std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    e.to_string(),
                )),
                false => imaging::ImagingError::Encode(e.to_string()),
            })
    }
}

/// Progress in whole percent, written when it moves by 5 (which also extends the lease).
struct Progress<'a> {
    pool: &'a DbPool,
    worker: &'a str,
    file: &'a str,
    lease: Duration,
    height: u32,
    last: Mutex<i32>,
}

impl Progress<'_> {
    fn note(&self, rows_done: u32) {
        let percent = (u64::from(rows_done) * 99 / u64::from(self.height)) as i32;
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if percent < *last + 5 {
            return;
        }
        *last = percent;
        if let Ok(mut conn) = self.pool.get() {
            let _ = repo::note_progress(
                &mut conn,
                self.file,
                self.worker,
                percent,
                time::now() + self.lease,
            );
        }
    }
}
