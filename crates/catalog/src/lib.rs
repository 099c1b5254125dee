#![doc = include_str!("../README.md")]

pub mod disclosure;
pub mod dto;
pub mod error;
pub mod features;
pub mod model;
pub mod repo;
pub mod routes;
pub mod service;
pub mod swatch_index;
pub mod visibility;

pub use error::CatalogError;
