//! Pure image work for the archive: reading TIFF/PSD/PSB production files into channels, writing
//! them (fixtures, demo archive), and turning a decoded design into the web renditions of each
//! colorway. No database, no web: the import crate drives this.
//!
//! Reading streams **bands** of rows so a 20,000 px design never has to sit in memory whole.

pub mod error;
pub mod info;

pub use error::ImagingError;
pub use info::{Band, BandReader, ChannelInfo, ChannelKind, ColorMode, FileFormat, ImageInfo};
