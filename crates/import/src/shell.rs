//! Importing from the shell (`desen import`) and the demo archive: files or whole folders go
//! through the same job as uploads (the same checks, workers and one-transaction add).

use crate::error::ImportError;
use crate::model::FileState;
use crate::repo;
use crate::service::{self, ImportContext};
use crate::upload::hash_file;
use crate::worker::{self, Waker};
use db::DbPool;
use std::path::{Path, PathBuf};

/// What an import from the shell did.
#[derive(Debug, Default)]
pub struct ShellSummary {
    pub job_id: String,
    pub designs: usize,
    pub colorways: usize,
    /// Refused files and why.
    pub refused: Vec<(PathBuf, String)>,
    /// (design number, design guid, colorway names) in order.
    pub added: Vec<(String, String, Vec<String>)>,
}

/// Progress as the shell shows it.
pub trait ShellProgress {
    fn files(&self, total: usize);
    /// Percent of the job processed, and the file being processed.
    fn processing(&self, percent: i32, current: &str);
    fn done(&self);
}

/// Every file under `paths` (folders walked in name order; hidden files skipped).
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ImportError> {
    let mut files = Vec::new();
    for path in paths {
        walk(path, &mut files)?;
    }
    Ok(files)
}

fn walk(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), ImportError> {
    let hidden = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.') && n.len() > 1 && n != "..");
    if hidden {
        return Ok(());
    }
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for entry in entries {
            walk(&entry, files)?;
        }
    } else {
        files.push(path.to_owned());
    }
    Ok(())
}

/// Imports `paths` into the archive `archive_id`: upload checks, processing by workers of this
/// process (and any other that shares the database), merge by the name rule, numbering, and the
/// one-transaction add.
pub fn import_paths(
    pool: &DbPool,
    ctx: &ImportContext,
    archive_id: i32,
    paths: &[PathBuf],
    progress: &dyn ShellProgress,
) -> Result<ShellSummary, ImportError> {
    let files = collect(paths)?;
    progress.files(files.len());
    let mut summary = ShellSummary::default();
    let mut conn = pool.get()?;
    let job = service::create_job(&mut conn, Some(archive_id), true, None)?;
    summary.job_id = job.id.clone();
    let mut accepted = 0;
    for path in &files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let outcome = (|| {
            service::extension_of(&name).ok_or(ImportError::UnsupportedFileType)?;
            let staged = hash_file(path)?;
            service::accept_file(
                &mut conn,
                ctx,
                &job.id,
                &name,
                &staged.path,
                &staged.hash,
                staged.size,
            )
        })();
        match outcome {
            Ok(_) => accepted += 1,
            Err(error) if error.refuses_the_file() => {
                summary.refused.push((path.clone(), error.to_string()));
            }
            Err(error) => return Err(error),
        }
    }
    if accepted == 0 {
        service::dispose(&mut conn, ctx, &job.id)?;
        progress.done();
        return Ok(summary);
    }
    service::process(&mut conn, &job.id)?;
    drop(conn);
    let waker = Waker::default();
    let workers = worker::start(pool.clone(), ctx.clone(), waker.clone());
    waker.wake();
    loop {
        let view = service::job_view(&mut *pool.get()?, &job.id)?;
        let current = view
            .files
            .iter()
            .find(|f| f.state == FileState::Processing.as_str())
            .map(|f| f.name.clone())
            .unwrap_or_default();
        progress.processing(view.progress, &current);
        if view.state != crate::model::JobState::Processing.as_str() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    workers.stop();
    progress.done();
    let mut conn = pool.get()?;
    for file in repo::files_of(&mut conn, &job.id)? {
        if file.state() == FileState::Failed {
            let why = file
                .error_detail
                .clone()
                .or(file.error_code.clone())
                .unwrap_or_default();
            summary.refused.push((
                files
                    .iter()
                    .find(|p| {
                        p.file_name().and_then(|n| n.to_str()) == Some(file.original_name.as_str())
                    })
                    .cloned()
                    .unwrap_or_else(|| PathBuf::from(&file.original_name)),
                why,
            ));
        }
    }
    let added = match service::merge_internal(&mut conn, &job.id, None)
        .and_then(|()| service::number_main(&mut conn, &job.id))
        .and_then(|()| service::add_to_archive(&mut conn, &job.id))
    {
        Ok(added) => added,
        Err(ImportError::NothingToAdd) => {
            service::dispose(&mut conn, ctx, &job.id)?;
            return Ok(summary);
        }
        Err(error) => {
            service::cancel(&mut conn, ctx, &job.id)?;
            return Err(error);
        }
    };
    service::complete_transfer(&mut conn, ctx, &job.id)?;
    for design in added {
        summary.designs += 1;
        summary.colorways += design.colorways.len();
        summary
            .added
            .push((design.design_name, design.design_guid, design.colorways));
    }
    Ok(summary)
}
