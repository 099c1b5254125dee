#![doc = include_str!("../README.md")]

pub mod dto;
pub mod error;
pub mod model;
pub mod naming;
pub mod repo;
pub mod routes;
pub mod service;
pub mod settings;
pub mod shell;
pub mod similar;
pub mod upload;
pub mod worker;

pub use error::ImportError;
pub use settings::ImportSettings;
pub use worker::Workers;
