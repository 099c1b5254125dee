#![doc = include_str!("../README.md")]

pub mod banners;
pub mod error;
pub mod routes;
pub mod service;
pub mod settings;

pub use error::ConfigurationError;
pub use service::{Saved, current};
pub use settings::{Banner, ClientConfiguration, Defaults, GeneralSettings, ParameterName, keys};
