#![doc = include_str!("../README.md")]

pub mod dto;
pub mod error;
pub mod model;
pub mod repo;
pub mod routes;
pub mod service;

pub use error::FavoriteError;
