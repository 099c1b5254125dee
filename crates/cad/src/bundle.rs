//! Download-all zips, built in the background: the route queues one, a worker writes every
//! colorway's file into a zip on disk one after the other (a file at a time through a 1 MiB
//! buffer: memory stays flat whatever the zip's size), keeps its progress in the database for the
//! UI to poll, and stores the zip until it expires. A zip half built when the process stopped is
//! started again on the next start.

use crate::error::CadError;
use crate::files::{Workshop, add_to_zip};
use crate::model::{Bundle, RecordKind};
use crate::repo;
use crate::service::{self, Downloader};
use crate::settings::CadFormat;
use db::DbPool;
use desen_core::background::{Waker, Workers};
use desen_core::{DomainError, time};
use pools::Scope;
use std::io::BufWriter;

/// Starts this process's zip builders, after putting back what a stopped process left half built.
pub fn start(pool: DbPool, workshop: Workshop, waker: Waker, count: usize) -> Workers {
    match pool.get().map(|mut conn| repo::requeue_building(&mut conn)) {
        Ok(Ok(0)) => {}
        Ok(Ok(n)) => tracing::info!(zips = n, "download-all zips queued again"),
        Ok(Err(e)) => tracing::error!(error = %e, "requeueing download-all zips"),
        Err(e) => tracing::error!(error = %e, "requeueing download-all zips"),
    }
    Workers::start("cad-zip", count.max(1), waker, move |_| {
        build_next(&pool, &workshop)
    })
}

/// Builds the oldest queued zip; answers whether there was one. With none, clears expired zips.
pub fn build_next(pool: &DbPool, workshop: &Workshop) -> Result<bool, CadError> {
    let mut conn = pool.get()?;
    let Some(id) = repo::queued(&mut conn)?.into_iter().next() else {
        purge_expired(pool, workshop)?;
        return Ok(false);
    };
    if !repo::claim(&mut conn, &id)? {
        return Ok(true); // another worker took it
    }
    let bundle = repo::bundle(&mut conn, &id)?.ok_or(CadError::BundleNotFound)?;
    drop(conn);
    if let Err(error) = build(pool, workshop, &bundle) {
        tracing::error!(%error, bundle = %id, "download-all zip");
        repo::fail(&mut *pool.get()?, &id, error.code())?;
    }
    Ok(true)
}

fn build(pool: &DbPool, workshop: &Workshop, bundle: &Bundle) -> Result<(), CadError> {
    let pairs: Vec<[String; 2]> =
        serde_json::from_str(&bundle.colorways).map_err(|e| CadError::Internal(e.to_string()))?;
    let format = CadFormat::ALL
        .into_iter()
        .find(|f| f.as_str() == bundle.format)
        .ok_or(CadError::UnknownFormat)?;
    std::fs::create_dir_all(&workshop.scratch)?;
    let temp = tempfile::NamedTempFile::new_in(&workshop.scratch)?;
    let mut zip = zip::ZipWriter::new(BufWriter::with_capacity(1 << 20, temp.as_file()));
    let mut handed = Vec::with_capacity(pairs.len());
    let mut bytes = 0u64;
    for (done, [design, colorway]) in pairs.iter().enumerate() {
        // The pool rule was applied when the zip was asked for; a colorway deleted since is left out.
        let piece = match service::piece(&mut *pool.get()?, &Scope::Everything, design, colorway) {
            Ok(piece) => piece,
            Err(e) if service::not_found(&e) => continue,
            Err(e) => return Err(e),
        };
        let mut made = workshop.make(&piece, format)?;
        bytes += add_to_zip(&mut zip, &made.name, &mut made.file)?;
        repo::progress(
            &mut *pool.get()?,
            &bundle.guid,
            done as i32 + 1,
            i64::try_from(bytes).unwrap_or(i64::MAX),
        )?;
        handed.push((piece, made.bytes));
    }
    zip.finish()?.into_inner().map_err(|e| e.into_error())?;
    let size = temp.as_file().metadata()?.len();
    let key = format!("bundles/{}.zip", bundle.guid);
    workshop
        .storage
        .put_file_moved(&key, &temp.into_temp_path())?;
    let mut conn = pool.get()?;
    repo::finish(
        &mut conn,
        &bundle.guid,
        &key,
        i64::try_from(size).unwrap_or(i64::MAX),
    )?;
    let who = owner(&mut conn, &bundle.user_guid)?;
    let handed: Vec<_> = handed
        .iter()
        .map(|(p, bytes)| (&p.design, &p.colorway, *bytes))
        .collect();
    // The zip builder already works off the request path: it writes its records itself.
    let records = service::records(&who, &handed, format.as_str(), RecordKind::DownloadAll);
    Ok(usage::write(&mut conn, &records)?)
}

/// The zip's owner as the record names them.
fn owner(conn: &mut db::DbConnection, user: &str) -> Result<Downloader, CadError> {
    let user = accounts::service::find_user(conn, user)?.ok_or(CadError::BundleNotFound)?;
    Ok(Downloader {
        user: user
            .guid
            .parse()
            .map_err(|_| CadError::Internal(format!("user id {:?}", user.guid)))?,
        email: user.email,
        customer: user.customer_guid,
    })
}

/// Deletes zips past their time, and their files.
pub fn purge_expired(pool: &DbPool, workshop: &Workshop) -> Result<usize, CadError> {
    let mut conn = pool.get()?;
    let expired = repo::expired(&mut conn, time::now())?;
    for bundle in &expired {
        if let Some(key) = &bundle.file_key {
            workshop.storage.delete(key)?;
        }
        repo::delete_bundle(&mut conn, &bundle.guid)?;
    }
    Ok(expired.len())
}
