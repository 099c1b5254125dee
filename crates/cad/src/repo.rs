//! CAD storage: the records of what left the archive, and the download-all queue.

use crate::model::{Bundle, BundleState, CadRecord};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{cad_bundles, cad_downloads};
use diesel::prelude::*;
use diesel::result::Error;

/// The newest records of one user (tests and the audit view).
pub fn records_of(conn: &mut DbConnection, user: &str) -> Result<Vec<CadRecord>, Error> {
    cad_downloads::table
        .filter(cad_downloads::user_guid.eq(user))
        .order((cad_downloads::created_at.desc(), cad_downloads::id.desc()))
        .select(CadRecord::as_select())
        .load(conn)
}

pub fn insert_bundle(conn: &mut DbConnection, bundle: &Bundle) -> Result<(), Error> {
    diesel::insert_into(cad_bundles::table)
        .values(bundle)
        .execute(conn)
        .map(|_| ())
}

/// The user's bundle, or `None` for a missing one and another user's alike.
pub fn own_bundle(
    conn: &mut DbConnection,
    user: &str,
    bundle: &str,
) -> Result<Option<Bundle>, Error> {
    cad_bundles::table
        .find(bundle)
        .filter(cad_bundles::user_guid.eq(user))
        .select(Bundle::as_select())
        .first(conn)
        .optional()
}

pub fn bundle(conn: &mut DbConnection, bundle: &str) -> Result<Option<Bundle>, Error> {
    cad_bundles::table
        .find(bundle)
        .select(Bundle::as_select())
        .first(conn)
        .optional()
}

/// Takes a queued bundle for building; false when another worker took it first.
pub fn claim(conn: &mut DbConnection, bundle: &str) -> Result<bool, Error> {
    let taken = diesel::update(
        cad_bundles::table
            .find(bundle)
            .filter(cad_bundles::state.eq(BundleState::Queued.as_str())),
    )
    .set(cad_bundles::state.eq(BundleState::Building.as_str()))
    .execute(conn)?;
    Ok(taken == 1)
}

/// Bundles waiting, oldest first.
pub fn queued(conn: &mut DbConnection) -> Result<Vec<String>, Error> {
    cad_bundles::table
        .filter(cad_bundles::state.eq(BundleState::Queued.as_str()))
        .order(cad_bundles::created_at.asc())
        .select(cad_bundles::guid)
        .load(conn)
}

/// Bundles a stopped process left half built go back to the queue.
pub fn requeue_building(conn: &mut DbConnection) -> Result<usize, Error> {
    diesel::update(cad_bundles::table.filter(cad_bundles::state.eq(BundleState::Building.as_str())))
        .set((
            cad_bundles::state.eq(BundleState::Queued.as_str()),
            cad_bundles::done.eq(0),
            cad_bundles::bytes.eq(0),
        ))
        .execute(conn)
}

pub fn progress(conn: &mut DbConnection, bundle: &str, done: i32, bytes: i64) -> Result<(), Error> {
    diesel::update(cad_bundles::table.find(bundle))
        .set((cad_bundles::done.eq(done), cad_bundles::bytes.eq(bytes)))
        .execute(conn)
        .map(|_| ())
}

pub fn finish(conn: &mut DbConnection, bundle: &str, key: &str, bytes: i64) -> Result<(), Error> {
    diesel::update(cad_bundles::table.find(bundle))
        .set((
            cad_bundles::state.eq(BundleState::Ready.as_str()),
            cad_bundles::file_key.eq(key),
            cad_bundles::bytes.eq(bytes),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn fail(conn: &mut DbConnection, bundle: &str, code: &str) -> Result<(), Error> {
    diesel::update(cad_bundles::table.find(bundle))
        .set((
            cad_bundles::state.eq(BundleState::Failed.as_str()),
            cad_bundles::error_code.eq(code),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Bundles past their time, whatever their state.
pub fn expired(conn: &mut DbConnection, now: NaiveDateTime) -> Result<Vec<Bundle>, Error> {
    cad_bundles::table
        .filter(cad_bundles::expires_at.lt(now))
        .select(Bundle::as_select())
        .load(conn)
}

pub fn delete_bundle(conn: &mut DbConnection, bundle: &str) -> Result<(), Error> {
    diesel::delete(cad_bundles::table.find(bundle))
        .execute(conn)
        .map(|_| ())
}
