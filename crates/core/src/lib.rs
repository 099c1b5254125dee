#![doc = include_str!("../README.md")]

pub mod background;
pub mod color;
pub mod error;
pub mod ids;
pub mod language;
pub mod paging;
pub mod text;
pub mod text_enum;
pub mod time;
pub mod viewer;

pub use error::{DomainError, ErrorKind};
pub use ids::{ALL_ARCHIVES, ColorwayGuid, CustomerGuid, DesignGuid, FavoriteListGuid, UserGuid};
pub use language::Language;
pub use paging::{Page, PageRequest};
pub use text::slug;
pub use viewer::Viewer;
