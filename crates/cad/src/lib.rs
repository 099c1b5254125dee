#![doc = include_str!("../README.md")]

pub mod bundle;
pub mod dto;
pub mod error;
pub mod export;
pub mod files;
pub mod model;
pub mod repo;
pub mod routes;
pub mod service;
pub mod settings;

pub use error::CadError;
pub use settings::{CadFormat, CadSettings};
