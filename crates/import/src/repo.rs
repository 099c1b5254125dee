//! Queries over import jobs and files.

use crate::model::*;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{import_files, import_jobs};
use diesel::prelude::*;
use diesel::result::Error;

pub fn insert_job(conn: &mut DbConnection, job: &ImportJob) -> Result<(), Error> {
    diesel::insert_into(import_jobs::table)
        .values(job)
        .execute(conn)
        .map(|_| ())
}

pub fn job(conn: &mut DbConnection, id: &str) -> Result<Option<ImportJob>, Error> {
    import_jobs::table
        .find(id)
        .select(ImportJob::as_select())
        .first(conn)
        .optional()
}

/// Jobs not yet completed, cancelled or disposed, newest first.
pub fn open_jobs(conn: &mut DbConnection) -> Result<Vec<ImportJob>, Error> {
    import_jobs::table
        .filter(
            import_jobs::state.ne_all([JobState::Completed.as_str(), JobState::Cancelled.as_str()]),
        )
        .order(import_jobs::created_at.desc())
        .select(ImportJob::as_select())
        .load(conn)
}

/// Moves a job to `to` only from one of `from`; answers whether it moved.
pub fn move_job(
    conn: &mut DbConnection,
    id: &str,
    from: &[JobState],
    to: JobState,
    at: NaiveDateTime,
) -> Result<bool, Error> {
    let from: Vec<&str> = from.iter().map(|s| s.as_str()).collect();
    let moved = diesel::update(
        import_jobs::table
            .find(id)
            .filter(import_jobs::state.eq_any(from)),
    )
    .set((
        import_jobs::state.eq(to.as_str()),
        import_jobs::updated_at.eq(at),
    ))
    .execute(conn)?;
    Ok(moved == 1)
}

pub fn delete_job(conn: &mut DbConnection, id: &str) -> Result<(), Error> {
    diesel::delete(import_files::table.filter(import_files::job_id.eq(id))).execute(conn)?;
    diesel::delete(import_jobs::table.find(id)).execute(conn)?;
    Ok(())
}

pub fn insert_file(conn: &mut DbConnection, file: &ImportFile) -> Result<(), Error> {
    diesel::insert_into(import_files::table)
        .values(file)
        .execute(conn)
        .map(|_| ())
}

pub fn files_of(conn: &mut DbConnection, job: &str) -> Result<Vec<ImportFile>, Error> {
    import_files::table
        .filter(import_files::job_id.eq(job))
        .order(import_files::position)
        .select(ImportFile::as_select())
        .load(conn)
}

pub fn file(conn: &mut DbConnection, id: &str) -> Result<Option<ImportFile>, Error> {
    import_files::table
        .find(id)
        .select(ImportFile::as_select())
        .first(conn)
        .optional()
}

pub fn delete_file(conn: &mut DbConnection, id: &str) -> Result<(), Error> {
    diesel::delete(import_files::table.find(id))
        .execute(conn)
        .map(|_| ())
}

pub fn next_position(conn: &mut DbConnection, job: &str) -> Result<i32, Error> {
    let max: Option<i32> = import_files::table
        .filter(import_files::job_id.eq(job))
        .select(diesel::dsl::max(import_files::position))
        .first(conn)?;
    Ok(max.map_or(0, |m| m + 1))
}

/// Is a file with this name or content already in the job?
pub fn duplicate_in_job(
    conn: &mut DbConnection,
    job: &str,
    name: &str,
    hash: &str,
) -> Result<bool, Error> {
    diesel::select(diesel::dsl::exists(
        import_files::table
            .filter(import_files::job_id.eq(job))
            .filter(
                import_files::original_name
                    .eq(name)
                    .or(import_files::content_hash.eq(hash)),
            ),
    ))
    .get_result(conn)
}

/// Files in one of `from` go to `to` (errors cleared when queued again).
pub fn move_files(
    conn: &mut DbConnection,
    job: &str,
    from: &[FileState],
    to: FileState,
) -> Result<usize, Error> {
    let from: Vec<&str> = from.iter().map(|s| s.as_str()).collect();
    diesel::update(
        import_files::table
            .filter(import_files::job_id.eq(job))
            .filter(import_files::state.eq_any(from)),
    )
    .set((
        import_files::state.eq(to.as_str()),
        import_files::progress.eq(0),
        import_files::error_code.eq(None::<String>),
        import_files::error_detail.eq(None::<String>),
        import_files::claimed_by.eq(None::<String>),
        import_files::lease_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)
}

/// Queue one failed file again.
pub fn requeue_file(conn: &mut DbConnection, id: &str) -> Result<bool, Error> {
    let moved = diesel::update(
        import_files::table
            .find(id)
            .filter(import_files::state.eq(FileState::Failed.as_str())),
    )
    .set((
        import_files::state.eq(FileState::Queued.as_str()),
        import_files::progress.eq(0),
        import_files::attempts.eq(0),
        import_files::error_code.eq(None::<String>),
        import_files::error_detail.eq(None::<String>),
    ))
    .execute(conn)?;
    Ok(moved == 1)
}

/// The next file a worker may take: queued, or processing with a lease that ran out.
pub fn claimable(conn: &mut DbConnection, now: NaiveDateTime) -> Result<Option<String>, Error> {
    import_files::table
        .filter(
            import_files::state
                .eq(FileState::Queued.as_str())
                .or(import_files::state
                    .eq(FileState::Processing.as_str())
                    .and(import_files::lease_until.lt(now))),
        )
        .order((import_files::job_id, import_files::position))
        .select(import_files::id)
        .first(conn)
        .optional()
}

/// Claims a file if it is still claimable; answers whether this worker got it. The condition
/// is checked again by the UPDATE itself, so two workers never both win.
pub fn claim(
    conn: &mut DbConnection,
    id: &str,
    worker: &str,
    now: NaiveDateTime,
    lease_until: NaiveDateTime,
) -> Result<bool, Error> {
    let claimed = diesel::update(
        import_files::table.find(id).filter(
            import_files::state
                .eq(FileState::Queued.as_str())
                .or(import_files::state
                    .eq(FileState::Processing.as_str())
                    .and(import_files::lease_until.lt(now))),
        ),
    )
    .set((
        import_files::state.eq(FileState::Processing.as_str()),
        import_files::claimed_by.eq(worker),
        import_files::lease_until.eq(lease_until),
        import_files::attempts.eq(import_files::attempts + 1),
        import_files::progress.eq(0),
    ))
    .execute(conn)?;
    Ok(claimed == 1)
}

/// Progress of a file this worker holds; extends the lease. False if the claim was lost.
pub fn note_progress(
    conn: &mut DbConnection,
    id: &str,
    worker: &str,
    progress: i32,
    lease_until: NaiveDateTime,
) -> Result<bool, Error> {
    let updated = diesel::update(
        import_files::table
            .find(id)
            .filter(import_files::claimed_by.eq(worker))
            .filter(import_files::state.eq(FileState::Processing.as_str())),
    )
    .set((
        import_files::progress.eq(progress),
        import_files::lease_until.eq(lease_until),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Records a processed file, if this worker still holds it.
pub fn finish_processed(
    conn: &mut DbConnection,
    id: &str,
    worker: &str,
    facts: &str,
    renditions_key: &str,
) -> Result<bool, Error> {
    let updated = diesel::update(
        import_files::table
            .find(id)
            .filter(import_files::claimed_by.eq(worker))
            .filter(import_files::state.eq(FileState::Processing.as_str())),
    )
    .set((
        import_files::state.eq(FileState::Processed.as_str()),
        import_files::progress.eq(100),
        import_files::facts.eq(facts),
        import_files::renditions_key.eq(renditions_key),
        import_files::claimed_by.eq(None::<String>),
        import_files::lease_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}

/// Records a failed file, if this worker still holds it (or nobody does).
pub fn finish_failed(
    conn: &mut DbConnection,
    id: &str,
    code: &str,
    detail: &str,
) -> Result<bool, Error> {
    let updated = diesel::update(
        import_files::table.find(id).filter(
            import_files::state
                .eq(FileState::Processing.as_str())
                .or(import_files::state.eq(FileState::Queued.as_str())),
        ),
    )
    .set((
        import_files::state.eq(FileState::Failed.as_str()),
        import_files::error_code.eq(code),
        import_files::error_detail.eq(detail),
        import_files::claimed_by.eq(None::<String>),
        import_files::lease_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    Ok(updated == 1)
}

/// How many files of the job still wait for or are in processing.
pub fn pending_count(conn: &mut DbConnection, job: &str) -> Result<i64, Error> {
    import_files::table
        .filter(import_files::job_id.eq(job))
        .filter(
            import_files::state
                .eq_any([FileState::Queued.as_str(), FileState::Processing.as_str()]),
        )
        .count()
        .get_result(conn)
}

pub fn set_group(conn: &mut DbConnection, id: &str, group: &str) -> Result<(), Error> {
    diesel::update(import_files::table.find(id))
        .set(import_files::group_key.eq(group))
        .execute(conn)
        .map(|_| ())
}

pub fn set_number(conn: &mut DbConnection, id: &str, number: Option<&str>) -> Result<(), Error> {
    diesel::update(import_files::table.find(id))
        .set(import_files::design_number.eq(number))
        .execute(conn)
        .map(|_| ())
}

pub fn set_colorway_name(conn: &mut DbConnection, id: &str, name: &str) -> Result<(), Error> {
    diesel::update(import_files::table.find(id))
        .set(import_files::colorway_name.eq(name))
        .execute(conn)
        .map(|_| ())
}

pub fn mark_added(
    conn: &mut DbConnection,
    id: &str,
    design: &str,
    colorway: &str,
) -> Result<(), Error> {
    diesel::update(import_files::table.find(id))
        .set((
            import_files::state.eq(FileState::Added.as_str()),
            import_files::design_guid.eq(design),
            import_files::colorway_guid.eq(colorway),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Files whose objects may be deleted: anything of the job not added to the archive.
pub fn unadded_files(conn: &mut DbConnection, job: &str) -> Result<Vec<ImportFile>, Error> {
    import_files::table
        .filter(import_files::job_id.eq(job))
        .filter(import_files::state.ne(FileState::Added.as_str()))
        .select(ImportFile::as_select())
        .load(conn)
}
