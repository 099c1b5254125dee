#![doc = include_str!("../README.md")]

pub mod cache;
pub mod dto;
pub mod error;
pub mod files;
pub mod model;
pub mod repo;
pub mod routes;
pub mod service;
pub mod views;

pub use cache::ViewCache;
pub use error::WearError;
