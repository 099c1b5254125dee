#![doc = include_str!("../README.md")]

pub mod cache;
pub mod cards;
pub mod error;
pub mod filters;
pub mod form;
pub mod paging;
pub mod palette;
pub mod ranking;
pub mod routes;
pub mod service;
pub mod similar;

pub use cache::SearchCache;
pub use error::SearchError;
pub use filters::SearchFilters;
pub use form::{MAX_PAGE_SIZE, SearchForm, preset_range};
pub use paging::{FoundPage, catalog_revision};
pub use palette::PaletteIndex;
pub use service::{count_in, find_page, search};
pub use similar::{SimilarIndex, SimilarQuery};
