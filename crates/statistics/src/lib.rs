#![doc = include_str!("../README.md")]

pub mod chart;
mod counts;
pub mod dto;
pub mod entries;
pub mod error;
pub mod funnel;
pub mod routes;
pub mod service;

pub use error::StatisticsError;
