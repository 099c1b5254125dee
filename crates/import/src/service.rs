//! The rules of an import job. Functions take `&mut DbConnection` so callers own transactions;
//! object files are removed only after the rows that name them are gone.

use crate::dto::*;
use crate::error::ImportError;
use crate::model::*;
use crate::naming::design_stem;
use crate::repo;
use crate::settings::ImportSettings;
use catalog::model::DesignType;
use catalog::service::{
    self as catalog_service, NewChannel, NewColorway, NewDesign, NewPaletteColor,
};
use db::DbConnection;
use desen_core::{DomainError, UserGuid, time};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use storage::Storage;

/// What the import works with besides the database.
#[derive(Clone)]
pub struct ImportContext {
    pub storage: Storage,
    pub settings: ImportSettings,
    /// Local folder for uploads in flight and copies of remote originals.
    pub scratch: PathBuf,
}

/// The file types the product accepts, by extension (content is checked as well).
pub const EXTENSIONS: [&str; 4] = ["tif", "tiff", "psd", "psb"];

pub fn extension_of(name: &str) -> Option<String> {
    let (_, ext) = name.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    EXTENSIONS.contains(&ext.as_str()).then_some(ext)
}

/// A file name as shown and stored: its last path segment, without control characters.
pub fn clean_name(name: &str) -> Result<String, ImportError> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
    if base.is_empty() || base.chars().count() > 255 || base.chars().any(char::is_control) {
        return Err(ImportError::InvalidForm("files"));
    }
    Ok(base.to_owned())
}

// ---- jobs -------------------------------------------------------------------------------------

pub fn create_job(
    conn: &mut DbConnection,
    archive_id: Option<i32>,
    is_new_import: bool,
    created_by: Option<&UserGuid>,
) -> Result<ImportJob, ImportError> {
    let archive_id = archive_id
        .filter(|id| *id >= 0)
        .ok_or(ImportError::ArchiveRequired)?;
    catalog_service::archive(conn, archive_id).map_err(|_| ImportError::ArchiveRequired)?;
    let now = time::now();
    let job = ImportJob {
        id: uuid::Uuid::new_v4().to_string(),
        archive_id,
        is_new_import,
        state: JobState::Uploading.as_str().to_owned(),
        created_by: created_by.map(UserGuid::to_string),
        created_at: now,
        updated_at: now,
    };
    repo::insert_job(conn, &job)?;
    Ok(job)
}

pub fn job(conn: &mut DbConnection, id: &str) -> Result<ImportJob, ImportError> {
    repo::job(conn, id.trim())?.ok_or(ImportError::JobNotFound)
}

fn open_job(conn: &mut DbConnection, id: &str) -> Result<ImportJob, ImportError> {
    let job = job(conn, id)?;
    match job.state() {
        JobState::Completed | JobState::Cancelled | JobState::Added => {
            Err(ImportError::WrongState(job.state))
        }
        _ => Ok(job),
    }
}

/// The key an uploaded original is kept under: by content, so one file is stored once.
pub fn source_key(hash: &str, ext: &str) -> String {
    format!("originals/{}/{hash}.{ext}", &hash[..2.min(hash.len())])
}

/// Checks a fully received upload and adds it to the job. `staged` is a local file the caller
/// removes afterwards.
pub fn accept_file(
    conn: &mut DbConnection,
    ctx: &ImportContext,
    job_id: &str,
    name: &str,
    staged: &Path,
    hash: &str,
    size: u64,
) -> Result<ImportFile, ImportError> {
    let name = clean_name(name)?;
    let ext = extension_of(&name).ok_or(ImportError::UnsupportedFileType)?;
    if size > ctx.settings.max_file_bytes {
        return Err(ImportError::FileTooLarge(ctx.settings.max_file_bytes));
    }
    // Content decides, not the name: the header must parse and fit the limits.
    let info = imaging::decode::read_info(staged, &ctx.settings.image_limits())?;
    let job = open_job(conn, job_id)?;
    if repo::duplicate_in_job(conn, &job.id, &name, hash)? {
        return Err(ImportError::DuplicateFile);
    }
    if let Some(existing) = catalog_service::existing_file(conn, hash)? {
        return Err(ImportError::AlreadyInArchive(existing));
    }
    let key = source_key(hash, &ext);
    if !ctx.storage.exists(&key)? {
        ctx.storage.put_file(&key, staged)?;
    }
    let id = uuid::Uuid::new_v4().to_string();
    let file = ImportFile {
        position: repo::next_position(conn, &job.id)?,
        group_key: id.clone(),
        id,
        job_id: job.id.clone(),
        original_name: name,
        byte_size: i64::try_from(size).unwrap_or(i64::MAX),
        content_hash: hash.to_owned(),
        format: serde_json::to_value(info.format)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        source_key: key,
        state: FileState::Uploaded.as_str().to_owned(),
        progress: 0,
        attempts: 0,
        error_code: None,
        error_detail: None,
        claimed_by: None,
        lease_until: None,
        facts: None,
        renditions_key: None,
        design_number: None,
        colorway_name: None,
        design_guid: None,
        colorway_guid: None,
    };
    repo::insert_file(conn, &file)?;
    Ok(file)
}

/// Queues the job's uploaded (and failed) files for the workers.
pub fn process(conn: &mut DbConnection, job_id: &str) -> Result<(), ImportError> {
    let job = open_job(conn, job_id)?;
    conn.transaction(|conn| {
        let queued = repo::move_files(conn, &job.id, &[FileState::Uploaded], FileState::Queued)?;
        let pending = repo::pending_count(conn, &job.id)?;
        if queued == 0 && pending == 0 {
            let files = repo::files_of(conn, &job.id)?;
            if files.is_empty() {
                return Err(ImportError::NoFiles);
            }
            repo::move_job(
                conn,
                &job.id,
                &[JobState::Uploading, JobState::Processing],
                JobState::Processed,
                time::now(),
            )?;
            return Ok(());
        }
        repo::move_job(
            conn,
            &job.id,
            &[
                JobState::Uploading,
                JobState::Processed,
                JobState::Processing,
            ],
            JobState::Processing,
            time::now(),
        )?;
        Ok(())
    })
}

/// Puts a failed file back in the queue.
pub fn retry_file(conn: &mut DbConnection, job_id: &str, file_id: &str) -> Result<(), ImportError> {
    let job = open_job(conn, job_id)?;
    conn.transaction(|conn| {
        let file = repo::file(conn, file_id)?
            .filter(|f| f.job_id == job.id)
            .ok_or(ImportError::FileNotFound)?;
        if !repo::requeue_file(conn, &file.id)? {
            return Err(ImportError::WrongState(file.state));
        }
        repo::move_job(
            conn,
            &job.id,
            &[
                JobState::Uploading,
                JobState::Processed,
                JobState::Processing,
            ],
            JobState::Processing,
            time::now(),
        )?;
        Ok(())
    })
}

/// Removes one not-yet-added file from a job, with its objects.
pub fn remove_file(
    conn: &mut DbConnection,
    ctx: &ImportContext,
    job_id: &str,
    file_id: &str,
) -> Result<(), ImportError> {
    let job = open_job(conn, job_id)?;
    let file = repo::file(conn, file_id)?
        .filter(|f| f.job_id == job.id)
        .ok_or(ImportError::FileNotFound)?;
    if matches!(file.state(), FileState::Processing | FileState::Added) {
        return Err(ImportError::WrongState(file.state));
    }
    repo::delete_file(conn, &file.id)?;
    remove_objects(conn, ctx, &[file])?;
    refresh_job(conn, &job.id)
}

/// After a file finished: a job with nothing pending is processed.
pub fn refresh_job(conn: &mut DbConnection, job_id: &str) -> Result<(), ImportError> {
    if repo::pending_count(conn, job_id)? == 0 {
        repo::move_job(
            conn,
            job_id,
            &[JobState::Processing],
            JobState::Processed,
            time::now(),
        )?;
    }
    Ok(())
}

fn processed_job(conn: &mut DbConnection, job_id: &str) -> Result<ImportJob, ImportError> {
    let job = job(conn, job_id)?;
    match job.state() {
        JobState::Processed => Ok(job),
        JobState::Processing => Err(ImportError::StillProcessing),
        _ => Err(ImportError::WrongState(job.state)),
    }
}

fn processed_files(conn: &mut DbConnection, job_id: &str) -> Result<Vec<ImportFile>, ImportError> {
    Ok(repo::files_of(conn, job_id)?
        .into_iter()
        .filter(|f| f.state() == FileState::Processed)
        .collect())
}

/// Groups the name rule proposes: files with the same design stem and the same structure (size
/// and screens) are colorways of one design. Answers file id → group.
pub fn suggested_groups(files: &[ImportFile]) -> BTreeMap<String, String> {
    let mut groups = BTreeMap::new();
    let mut first_of: BTreeMap<(String, u32, u32, usize), String> = BTreeMap::new();
    for file in files {
        let group = match (design_stem(&file.original_name), file.facts()) {
            (Some(stem), Some(facts)) => {
                let shape = (
                    stem,
                    facts.info.width,
                    facts.info.height,
                    facts.info.spot_channels().count(),
                );
                first_of
                    .entry(shape)
                    .or_insert_with(|| file.id.clone())
                    .clone()
            }
            _ => file.id.clone(),
        };
        groups.insert(file.id.clone(), group);
    }
    groups
}

/// Merges files into designs: by the staff's explicit groups (lists of file ids), else by the
/// name rule's proposal. Files of one group must have the same pixel size and screens.
pub fn merge_internal(
    conn: &mut DbConnection,
    job_id: &str,
    explicit: Option<Vec<Vec<String>>>,
) -> Result<(), ImportError> {
    let job = processed_job(conn, job_id)?;
    conn.transaction(|conn| {
        let files = processed_files(conn, &job.id)?;
        let groups = match explicit {
            None => suggested_groups(&files),
            Some(lists) => {
                let mut groups: BTreeMap<String, String> =
                    files.iter().map(|f| (f.id.clone(), f.id.clone())).collect();
                for list in lists {
                    let Some(first) = list.first() else { continue };
                    let members: Vec<&ImportFile> = list
                        .iter()
                        .map(|id| {
                            files
                                .iter()
                                .find(|f| &f.id == id)
                                .ok_or(ImportError::FileNotFound)
                        })
                        .collect::<Result<_, _>>()?;
                    let shapes: Vec<_> = members
                        .iter()
                        .map(|f| {
                            f.facts().map(|x| {
                                (x.info.width, x.info.height, x.info.spot_channels().count())
                            })
                        })
                        .collect();
                    if shapes.windows(2).any(|w| w[0] != w[1]) {
                        return Err(ImportError::InvalidForm("groups"));
                    }
                    for id in &list {
                        groups.insert(id.clone(), first.clone());
                    }
                }
                groups
            }
        };
        for file in &files {
            let group = groups
                .get(&file.id)
                .cloned()
                .unwrap_or_else(|| file.id.clone());
            repo::set_group(conn, &file.id, &group)?;
        }
        // A group keeps the number of its first file; colorway names are given again.
        let files = processed_files(conn, &job.id)?;
        let mut seen: BTreeMap<String, Option<String>> = BTreeMap::new();
        for file in &files {
            let number = seen
                .entry(file.group_key.clone())
                .or_insert_with(|| file.design_number.clone())
                .clone();
            repo::set_number(conn, &file.id, number.as_deref())?;
        }
        name_colorways(conn, &files)
    })
}

fn name_colorways(conn: &mut DbConnection, files: &[ImportFile]) -> Result<(), ImportError> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for file in files {
        let n = counts.entry(&file.group_key).or_default();
        repo::set_colorway_name(conn, &file.id, &catalog_service::colorway_name(*n))?;
        *n += 1;
    }
    Ok(())
}

/// Gives each design of the job the next number of the archive's sequence (01-0559, ...).
pub fn number_main(conn: &mut DbConnection, job_id: &str) -> Result<(), ImportError> {
    let job = processed_job(conn, job_id)?;
    conn.transaction(|conn| {
        let files = processed_files(conn, &job.id)?;
        let mut groups: Vec<&str> = Vec::new();
        for file in files.iter().filter(|f| f.design_number.is_none()) {
            if !groups.contains(&file.group_key.as_str()) {
                groups.push(&file.group_key);
            }
        }
        let numbers = catalog_service::reserve_numbers(conn, job.archive_id, groups.len())?;
        let by_group: BTreeMap<&str, &String> = groups.into_iter().zip(numbers.iter()).collect();
        for file in &files {
            if file.design_number.is_none()
                && let Some(number) = by_group.get(file.group_key.as_str())
            {
                repo::set_number(conn, &file.id, Some(number.as_str()))?;
            }
        }
        Ok(())
    })
}

/// Names the colorways of each design VR-1, VR-2, ... in file order.
pub fn number_internal(conn: &mut DbConnection, job_id: &str) -> Result<(), ImportError> {
    let job = processed_job(conn, job_id)?;
    conn.transaction(|conn| {
        let files = processed_files(conn, &job.id)?;
        name_colorways(conn, &files)
    })
}

/// Makes the job's designs, all in one transaction: every processed file becomes a colorway of
/// its group's design. Failed files are left out (and listed in the job).
pub fn add_to_archive(
    conn: &mut DbConnection,
    job_id: &str,
) -> Result<Vec<AddedDesignView>, ImportError> {
    processed_job(conn, job_id)?;
    conn.transaction(|conn| {
        // The state moves first (write-first), so two requests cannot both add.
        if !repo::move_job(
            conn,
            job_id,
            &[JobState::Processed],
            JobState::Added,
            time::now(),
        )? {
            return Err(ImportError::WrongState("changed".into()));
        }
        let job = job(conn, job_id)?;
        let files = processed_files(conn, job_id)?;
        if files.is_empty() {
            return Err(ImportError::NothingToAdd);
        }
        let mut groups: Vec<(String, Vec<ImportFile>)> = Vec::new();
        for file in files {
            match groups.iter_mut().find(|(key, _)| *key == file.group_key) {
                Some((_, members)) => members.push(file),
                None => groups.push((file.group_key.clone(), vec![file])),
            }
        }
        let missing = groups
            .iter()
            .filter(|(_, m)| m[0].design_number.is_none())
            .count();
        let mut fresh =
            catalog_service::reserve_numbers(conn, job.archive_id, missing)?.into_iter();
        let mut added = Vec::new();
        for (_, members) in groups {
            let number = match members[0].design_number.clone() {
                Some(number) => number,
                None => fresh
                    .next()
                    .ok_or_else(|| ImportError::Internal("numbers".into()))?,
            };
            let design = new_design(&job, number, &members)?;
            let result = catalog_service::add_design(conn, design)?;
            for (file, (colorway_guid, _)) in members.iter().zip(&result.colorways) {
                repo::mark_added(conn, &file.id, &result.guid, colorway_guid)?;
            }
            added.push(AddedDesignView {
                design_guid: result.guid,
                design_name: result.number,
                colorways: result.colorways.into_iter().map(|(_, name)| name).collect(),
            });
        }
        Ok(added)
    })
}

fn new_design(
    job: &ImportJob,
    number: String,
    members: &[ImportFile],
) -> Result<NewDesign, ImportError> {
    let first = &members[0];
    let facts = first
        .facts()
        .ok_or_else(|| ImportError::Internal("facts missing".into()))?;
    let info = &facts.info;
    let spots: Vec<_> = info.spot_channels().map(|(_, c)| c.clone()).collect();
    let channels = spots
        .iter()
        .enumerate()
        .map(|(i, channel)| NewChannel {
            name: channel.name.clone(),
            color: facts
                .inks
                .get(i)
                .cloned()
                .unwrap_or_else(|| "#000000".into()),
            mask_key: facts.masks.get(i).cloned(),
        })
        .collect();
    let mut colorways = Vec::with_capacity(members.len());
    for (n, file) in members.iter().enumerate() {
        let facts = file
            .facts()
            .ok_or_else(|| ImportError::Internal("facts missing".into()))?;
        colorways.push(NewColorway {
            name: file
                .colorway_name
                .clone()
                .unwrap_or_else(|| catalog_service::colorway_name(n)),
            inks: facts.inks.clone(),
            source_key: Some(file.source_key.clone()),
            source_name: file.original_name.clone(),
            source_hash: Some(file.content_hash.clone()),
            renditions_key: file
                .renditions_key
                .clone()
                .ok_or_else(|| ImportError::Internal("renditions missing".into()))?,
            preview_size: (facts.preview_size.0 as i32, facts.preview_size.1 as i32),
            tile_levels: facts.tile_levels as i32,
            thumbnails: facts.thumbnails.clone(),
            palette: facts
                .palette
                .iter()
                .map(|(lab, rgb, share)| NewPaletteColor {
                    lab: *lab,
                    rgb: rgb.clone(),
                    share: *share,
                })
                .collect(),
        });
    }
    let dpi = info.dpi.map_or(72.0, |(x, _)| x);
    Ok(NewDesign {
        number,
        archive_id: job.archive_id,
        design_type: if spots.is_empty() {
            DesignType::Digital
        } else {
            DesignType::Rotary
        },
        layer_count: info.layer_count as i32,
        width_px: info.width as i32,
        height_px: info.height as i32,
        dpi,
        color_mode: serde_json::to_value(info.color_mode)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        bit_depth: i32::from(info.bit_depth),
        original_name: first.original_name.clone(),
        channels,
        colorways,
        uploaded_at: time::now(),
    })
}

/// Closes an added job: what was not added (failed files) is removed.
pub fn complete_transfer(
    conn: &mut DbConnection,
    ctx: &ImportContext,
    job_id: &str,
) -> Result<(), ImportError> {
    let job = job(conn, job_id)?;
    let leftovers = conn.transaction(|conn| {
        if !repo::move_job(
            conn,
            &job.id,
            &[JobState::Added],
            JobState::Completed,
            time::now(),
        )? {
            return Err(ImportError::WrongState(job.state.clone()));
        }
        let leftovers = repo::unadded_files(conn, &job.id)?;
        for file in &leftovers {
            repo::delete_file(conn, &file.id)?;
        }
        Ok(leftovers)
    })?;
    remove_objects(conn, ctx, &leftovers)
}

/// Stops a job before its designs are added: queued files are dropped, a file being processed
/// is abandoned by its worker, and every file's objects are removed.
pub fn cancel(
    conn: &mut DbConnection,
    ctx: &ImportContext,
    job_id: &str,
) -> Result<(), ImportError> {
    let job = job(conn, job_id)?;
    let files = conn.transaction(|conn| {
        if !repo::move_job(
            conn,
            &job.id,
            &[
                JobState::Uploading,
                JobState::Processing,
                JobState::Processed,
            ],
            JobState::Cancelled,
            time::now(),
        )? {
            return Err(ImportError::WrongState(job.state.clone()));
        }
        repo::move_files(
            conn,
            &job.id,
            &[
                FileState::Uploaded,
                FileState::Queued,
                FileState::Processing,
                FileState::Processed,
                FileState::Failed,
            ],
            FileState::Cancelled,
        )?;
        Ok(repo::unadded_files(conn, &job.id)?)
    })?;
    remove_objects(conn, ctx, &files)
}

/// Forgets a job: its record goes; the objects of files that were not added go too. Designs it
/// added stay.
pub fn dispose(
    conn: &mut DbConnection,
    ctx: &ImportContext,
    job_id: &str,
) -> Result<(), ImportError> {
    let job = job(conn, job_id)?;
    if job.state() == JobState::Processing {
        cancel(conn, ctx, &job.id)?;
    }
    let files = conn.transaction(|conn| {
        let files = repo::unadded_files(conn, &job.id)?;
        repo::delete_job(conn, &job.id)?;
        Ok::<_, ImportError>(files)
    })?;
    remove_objects(conn, ctx, &files)
}

/// Removes the renditions and, when nothing else uses it, the original of each file.
fn remove_objects(
    conn: &mut DbConnection,
    ctx: &ImportContext,
    files: &[ImportFile],
) -> Result<(), ImportError> {
    for file in files {
        // Also what a worker wrote before the file failed or the job was cancelled.
        ctx.storage.delete_prefix(&rendition_key_of(&file.id))?;
        if !source_in_use(conn, &file.source_key, &file.id)? {
            ctx.storage.delete(&file.source_key)?;
        }
    }
    Ok(())
}

fn source_in_use(
    conn: &mut DbConnection,
    key: &str,
    except_file: &str,
) -> Result<bool, ImportError> {
    use db::schema::{colorways, import_files};
    use diesel::prelude::*;
    let files: i64 = import_files::table
        .filter(import_files::source_key.eq(key))
        .filter(import_files::id.ne(except_file))
        .filter(import_files::state.ne(FileState::Cancelled.as_str()))
        .count()
        .get_result(conn)?;
    let colorways: i64 = colorways::table
        .filter(colorways::source_key.eq(key))
        .count()
        .get_result(conn)?;
    Ok(files + colorways > 0)
}

/// Where a file's renditions are written: unique per import file and never rewritten, so its
/// URLs may be cached for good.
pub fn rendition_key_of(file_id: &str) -> String {
    format!("renditions/{file_id}")
}

// ---- views ------------------------------------------------------------------------------------

/// The English message of an error code stored on a file (the UI translates the code).
fn message_of(code: &str, detail: Option<&str>) -> String {
    match (detail, detail.and_then(reason_of)) {
        (_, Some(reason)) => format!("{}: {reason}", code.replace('_', " ")),
        (Some(detail), None) if !detail.is_empty() => detail.to_owned(),
        _ => code.replace('_', " "),
    }
}

/// What a failed file keeps as its detail: the coded reason (JSON) where the error has one, so
/// the import screen can translate it, else the English sentence.
pub fn detail_of(error: &ImportError) -> String {
    error
        .reason()
        .and_then(|reason| serde_json::to_string(reason).ok())
        .unwrap_or_else(|| error.to_string())
}

fn reason_of(detail: &str) -> Option<imaging::Reason> {
    detail
        .starts_with('{')
        .then(|| serde_json::from_str(detail).ok())
        .flatten()
}

pub fn job_view(conn: &mut DbConnection, job_id: &str) -> Result<ImportJobView, ImportError> {
    let job = job(conn, job_id)?;
    let files = repo::files_of(conn, &job.id)?;
    let suggested = suggested_groups(&files);
    let views: Vec<ImportFileView> = files
        .iter()
        .map(|file| {
            let facts = file.facts();
            let info = facts.as_ref().map(|f| &f.info);
            ImportFileView {
                file_id: file.id.clone(),
                name: file.original_name.clone(),
                byte_size: file.byte_size,
                format: file.format.clone(),
                state: file.state.clone(),
                progress: file.progress,
                error_code: file.error_code.clone(),
                error_message: file
                    .error_code
                    .as_deref()
                    .map(|c| message_of(c, file.error_detail.as_deref())),
                error_reason: file
                    .error_detail
                    .as_deref()
                    .and_then(reason_of)
                    .map(ReasonView::from),
                width: info.map(|i| i.width),
                height: info.map(|i| i.height),
                dpi: info.and_then(|i| i.dpi.map(|d| d.0)),
                color_mode: info
                    .and_then(|i| serde_json::to_value(i.color_mode).ok())
                    .and_then(|v| v.as_str().map(str::to_owned)),
                bit_depth: info.map(|i| i.bit_depth),
                channels: info
                    .map(|i| i.channels.iter().map(|c| c.name.clone()).collect())
                    .unwrap_or_default(),
                spot_channel_count: info.map_or(0, |i| i.spot_channels().count()),
                layer_count: info.map(|i| i.layer_count),
                design_type: info.map(|i| {
                    if i.spot_channels().next().is_some() {
                        "rotary"
                    } else {
                        "digital"
                    }
                    .to_owned()
                }),
                group: file.group_key.clone(),
                suggested_group: suggested
                    .get(&file.id)
                    .cloned()
                    .unwrap_or_else(|| file.id.clone()),
                design_number: file.design_number.clone(),
                colorway_name: file.colorway_name.clone(),
                design_guid: file.design_guid.clone(),
                colorway_guid: file.colorway_guid.clone(),
                thumbnail: file
                    .renditions_key
                    .as_ref()
                    .map(|_| format!("/service/design/import/{}/{}/thumbnail", job.id, file.id)),
                warnings: facts
                    .map(|f| f.warnings.into_iter().map(ReasonView::from).collect())
                    .unwrap_or_default(),
            }
        })
        .collect();
    let progress = if views.is_empty() {
        0
    } else {
        let done: i32 = views
            .iter()
            .map(|v| match FileState::parse(&v.state) {
                Some(FileState::Processed | FileState::Added | FileState::Failed) => 100,
                _ => v.progress,
            })
            .sum();
        done / views.len() as i32
    };
    Ok(ImportJobView {
        job_id: job.id,
        archive_id: job.archive_id,
        is_new_import: job.is_new_import,
        state: job.state,
        progress,
        created_at: job.created_at,
        updated_at: job.updated_at,
        files: views,
        refused: Vec::new(),
    })
}

pub fn open_jobs(conn: &mut DbConnection) -> Result<Vec<ImportJobView>, ImportError> {
    repo::open_jobs(conn)?
        .into_iter()
        .map(|job| job_view(conn, &job.id))
        .collect()
}

/// A refused file as the job view lists it.
pub fn refused(name: &str, error: &ImportError) -> RefusedFile {
    RefusedFile {
        name: name.to_owned(),
        code: error.code().to_owned(),
        message: error.to_string(),
        reason: error.reason().cloned().map(ReasonView::from),
    }
}

/// The renditions key of a file of a job, for the staff's merge previews.
pub fn file_renditions(
    conn: &mut DbConnection,
    job_id: &str,
    file_id: &str,
) -> Result<String, ImportError> {
    repo::file(conn, file_id)?
        .filter(|f| f.job_id == job_id)
        .and_then(|f| f.renditions_key)
        .ok_or(ImportError::FileNotFound)
}
