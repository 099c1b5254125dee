#![doc = include_str!("../README.md")]

pub mod criteria;
pub mod dto;
pub mod error;
pub mod explain;
pub mod model;
pub mod repo;
pub mod routes;
pub mod service;

pub use criteria::PoolCriteria;
pub use error::PoolError;
pub use service::{Scope, scope_of};
