#![doc = include_str!("../README.md")]

pub mod dto;
pub mod error;
pub mod labels;
pub mod pins;
mod repo;
pub mod routes;
pub mod tagging;

pub use error::CurationError;
