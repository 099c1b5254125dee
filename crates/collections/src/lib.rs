#![doc = include_str!("../README.md")]

pub mod cache;
pub mod dto;
pub mod error;
pub mod model;
pub mod photos;
pub mod repo;
pub mod routes;
pub mod service;
pub mod special_lists;
pub mod stock;

pub use cache::BoardsCache;
pub use error::CollectionError;
