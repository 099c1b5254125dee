use crate::{DbConnection, DbError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Applies every pending migration of the connection's backend; returns how many ran.
pub fn run_migrations(conn: &mut DbConnection) -> Result<usize, DbError> {
    let applied = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE).map(|v| v.len()),
        DbConnection::Postgresql(c) => c.run_pending_migrations(POSTGRES).map(|v| v.len()),
    };
    applied.map_err(|e| DbError::Migration(e.to_string()))
}

/// Reverts every migration (used by the up-down-up check).
pub fn revert_all_migrations(conn: &mut DbConnection) -> Result<usize, DbError> {
    let reverted = match conn {
        DbConnection::Sqlite(c) => c.revert_all_migrations(SQLITE).map(|v| v.len()),
        DbConnection::Postgresql(c) => c.revert_all_migrations(POSTGRES).map(|v| v.len()),
    };
    reverted.map_err(|e| DbError::Migration(e.to_string()))
}
