#![doc = include_str!("../README.md")]

mod connection;
mod migrate;
pub mod schema;
pub mod sql;

pub use connection::{
    Backend, DbConnection, DbError, DbPool, PoolManager, connect, pool, unavailable,
};
pub use migrate::{revert_all_migrations, run_migrations};
pub mod testing;
