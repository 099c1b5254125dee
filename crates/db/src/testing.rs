//! A fresh database for one test: a temporary SQLite file, or, when `DESEN_TEST_BACKEND=postgres`,
//! a new PostgreSQL database on `DESEN_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`). Dropped when the value is dropped.

use crate::{Backend, DbConnection, DbError, connect};
use diesel::connection::SimpleConnection;

pub struct TestDatabase {
    pub url: String,
    pub backend: Backend,
    cleanup: Cleanup,
}

enum Cleanup {
    File(std::path::PathBuf),
    Database { admin_url: String, name: String },
}

/// Which backend the test run uses.
pub fn test_backend() -> Backend {
    match std::env::var("DESEN_TEST_BACKEND").as_deref() {
        Ok("postgres") => Backend::Postgres,
        _ => Backend::Sqlite,
    }
}

impl TestDatabase {
    pub fn new() -> Result<TestDatabase, DbError> {
        let id = uuid::Uuid::new_v4().simple().to_string();
        match test_backend() {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(format!("desen-test-{id}"));
                std::fs::create_dir_all(&dir).map_err(|e| DbError::Migration(e.to_string()))?;
                let url = format!("sqlite://{}", dir.join("test.db").display());
                Ok(TestDatabase {
                    url,
                    backend: Backend::Sqlite,
                    cleanup: Cleanup::File(dir),
                })
            }
            Backend::Postgres => {
                let admin_url = std::env::var("DESEN_TEST_POSTGRES_URL")
                    .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
                let name = format!("desen_test_{id}");
                connect(&admin_url)?
                    .batch_execute(&format!("CREATE DATABASE {name}"))
                    .map_err(|e| DbError::Migration(e.to_string()))?;
                let base = admin_url
                    .rsplit_once('/')
                    .map(|(base, _)| base)
                    .unwrap_or(&admin_url);
                let url = format!("{base}/{name}");
                Ok(TestDatabase {
                    url,
                    backend: Backend::Postgres,
                    cleanup: Cleanup::Database { admin_url, name },
                })
            }
        }
    }

    pub fn connect(&self) -> Result<DbConnection, DbError> {
        connect(&self.url)
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::File(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::Database { admin_url, name } => {
                if let Ok(mut conn) = connect(admin_url) {
                    let _ =
                        conn.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
                }
            }
        }
    }
}
