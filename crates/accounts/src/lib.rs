#![doc = include_str!("../README.md")]

pub mod admin;
pub mod auth;
pub mod credentials;
pub mod dto;
pub mod error;
pub mod mail;
pub mod model;
pub mod preferences;
pub mod repo;
pub mod routes;
pub mod second_factor;
pub mod secrets;
pub mod service;
pub mod settings;
pub mod texts;

pub use auth::{Admin, ImageViewer, SignedIn};
pub use error::AccountError;
pub use service::{AccountsContext, CurrentSession};
pub use settings::AccountsSettings;
