use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::r2d2::Error as ConnectionFailure;
use diesel::sqlite::SqliteConnection;
use std::time::Duration;

/// A connection to whichever backend `DATABASE_URL` names.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

pub type DbPool = r2d2::Pool<PoolManager>;

impl DbConnection {
    /// Diesel's `transaction` (this one is found first by every `conn.transaction(…)`), except
    /// that on SQLite the outermost transaction begins IMMEDIATE: it takes the write lock at its
    /// start, waiting up to the busy timeout. A deferred one that reads and then writes fails at
    /// once with "database is locked" when another connection wrote in between (SQLite cannot
    /// move a read snapshot that is no longer the newest to writing), and records are written
    /// by a background writer while requests run.
    pub fn transaction<T, E, F>(&mut self, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E>,
        E: From<diesel::result::Error>,
    {
        type Manager = <DbConnection as Connection>::TransactionManager;
        let DbConnection::Sqlite(inner) = self else {
            return Connection::transaction(self, f);
        };
        if AnsiTransactionManager::transaction_manager_status_mut(inner)
            .transaction_depth()?
            .is_some()
        {
            return Connection::transaction(self, f);
        }
        AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")?;
        match f(self) {
            Ok(value) => {
                Manager::commit_transaction(self)?;
                Ok(value)
            }
            Err(error) => match Manager::rollback_transaction(self) {
                Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(error),
                Err(rollback) => Err(rollback.into()),
            },
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database URL (use sqlite://PATH or postgres://...)")]
    UnsupportedUrl,
    #[error("could not connect to the database: {0}")]
    Connect(#[from] ConnectionFailure),
    #[error("database pool: {0}")]
    Pool(#[from] r2d2::Error),
    #[error("migration failed: {0}")]
    Migration(String),
}

/// Whether a statement failed because the database went away (a restart, a dropped connection)
/// rather than because of the statement: the request is answered 503 and may be retried.
pub fn unavailable(error: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    match error {
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => true,
        Error::DatabaseError(DatabaseErrorKind::UnableToSendCommand, _) => true,
        // PostgreSQL's "terminating connection due to administrator command" (57P01) and its
        // siblings reach diesel as unknown errors with that text.
        Error::DatabaseError(_, info) => {
            let message = info.message();
            message.contains("terminating connection")
                || message.contains("server closed the connection")
                || message.contains("the database system is shutting down")
                || message.contains("the database system is starting up")
        }
        _ => false,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend is chosen by the URL scheme, never by trying each (which hides the real error).
    pub fn of(url: &str) -> Result<Backend, DbError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else {
            Err(DbError::UnsupportedUrl)
        }
    }
}

/// `sqlite://data/archive.db`, `sqlite:///abs/path.db` and `sqlite::memory:` name SQLite files.
fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url)
}

/// Opens one connection, with SQLite's per-connection settings applied.
pub fn connect(url: &str) -> Result<DbConnection, DbError> {
    let failure = |e| DbError::Connect(ConnectionFailure::ConnectionError(e));
    match Backend::of(url)? {
        Backend::Postgres => PgConnection::establish(url)
            .map(DbConnection::Postgresql)
            .map_err(failure),
        Backend::Sqlite => {
            let path = sqlite_path(url);
            if let Some(parent) = std::path::Path::new(path)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
            {
                // Creating the data folder lets `just run` work on a fresh checkout.
                let _ = std::fs::create_dir_all(parent);
            }
            let mut conn = SqliteConnection::establish(path).map_err(failure)?;
            // busy_timeout first: switching to WAL takes a lock that another connection opening
            // at the same moment may hold. mmap and a larger page cache let deep pages and counts
            // read the indexes without a system call per page.
            conn.batch_execute(
                "PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; \
                 PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                 PRAGMA mmap_size = 1073741824; PRAGMA cache_size = -32768;",
            )
            .map_err(|e| DbError::Connect(ConnectionFailure::QueryError(e)))?;
            register_sqlite_functions(&mut conn)
                .map_err(|e| DbError::Connect(ConnectionFailure::QueryError(e)))?;
            Ok(DbConnection::Sqlite(conn))
        }
    }
}

diesel::define_sql_function! {
    /// CIEDE2000 between two CIELAB colours; PostgreSQL has it from migration 000004.
    fn desen_ciede2000(
        l1: diesel::sql_types::Double,
        a1: diesel::sql_types::Double,
        b1: diesel::sql_types::Double,
        l2: diesel::sql_types::Double,
        a2: diesel::sql_types::Double,
        b2: diesel::sql_types::Double,
    ) -> diesel::sql_types::Double;
}

diesel::define_sql_function! {
    /// SQLite's own `lower` folds ASCII only; this one replaces it so case-insensitive search
    /// treats "Şule" and "şule" alike, as PostgreSQL does.
    #[sql_name = "lower"]
    fn unicode_lower(text: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>;
}

/// The SQL functions PostgreSQL gets from the migrations (and its Unicode `lower`), given to each
/// SQLite connection.
fn register_sqlite_functions(conn: &mut SqliteConnection) -> QueryResult<()> {
    unicode_lower_utils::register_impl(conn, |text: Option<String>| {
        text.map(|t| t.to_lowercase())
    })?;
    desen_ciede2000_utils::register_impl(
        conn,
        |l1: f64, a1: f64, b1: f64, l2: f64, a2: f64, b2: f64| {
            desen_core::color::ciede2000([l1, a1, b1], [l2, a2, b2])
        },
    )
}

/// The r2d2 manager: knows the URL, opens connections with `connect`.
#[derive(Debug, Clone)]
pub struct PoolManager {
    url: String,
}

impl r2d2::ManageConnection for PoolManager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        connect(&self.url)
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        conn.batch_execute("SELECT 1")
            .map_err(|e| DbError::Connect(ConnectionFailure::QueryError(e)))
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

/// Builds the pool. SQLite gets a few connections (one writer at a time anyway); PostgreSQL more.
pub fn pool(url: &str, max_size: Option<u32>) -> Result<DbPool, DbError> {
    let backend = Backend::of(url)?;
    let default_size = match backend {
        Backend::Sqlite => 8,
        Backend::Postgres => 16,
    };
    Ok(r2d2::Pool::builder()
        .max_size(max_size.unwrap_or(default_size))
        .connection_timeout(Duration::from_secs(10))
        .build(PoolManager {
            url: url.to_owned(),
        })?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_picks_the_backend() {
        assert_eq!(
            Backend::of("sqlite://data/archive.db").ok(),
            Some(Backend::Sqlite)
        );
        assert_eq!(
            Backend::of("postgres://u@h/db").ok(),
            Some(Backend::Postgres)
        );
        assert_eq!(
            Backend::of("postgresql://u@h/db").ok(),
            Some(Backend::Postgres)
        );
        assert!(matches!(
            Backend::of("mysql://x"),
            Err(DbError::UnsupportedUrl)
        ));
        assert_eq!(sqlite_path("sqlite://data/a.db"), "data/a.db");
        assert_eq!(sqlite_path("sqlite:///tmp/a.db"), "/tmp/a.db");
    }

    #[test]
    #[expect(clippy::unwrap_used, reason = "tests")]
    fn sqlite_lower_folds_beyond_ascii() {
        #[derive(QueryableByName)]
        struct Folded {
            #[diesel(sql_type = diesel::sql_types::Text)]
            text: String,
        }
        let mut conn = connect("sqlite::memory:").unwrap();
        let folded: Folded = diesel::sql_query("SELECT lower('ŞULE Çİçek ÖZ') AS text")
            .get_result(&mut conn)
            .unwrap();
        assert_eq!(folded.text, "şule çi̇çek öz");
    }

    #[test]
    fn a_wrong_postgres_url_reports_the_postgres_error() {
        let error = connect("postgres://nobody@127.0.0.1:1/none")
            .err()
            .map(|e| e.to_string());
        assert!(error.is_some_and(|e| e.contains("could not connect")));
    }
}
