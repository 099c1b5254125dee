//! Pure image work for the archive: reading TIFF/PSD/PSB production files into channels, writing
//! them (fixtures, demo archive), and turning a decoded design into the web renditions of each
//! colorway. No database, no web: the import crate drives this.
//!
//! Reading streams **bands** of rows so a 20,000 px design never has to sit in memory whole.

pub mod error;
pub mod info;
pub mod reason;

// Decoders and writers of design files.
mod ccitt;
pub mod decode;
mod indexed;
pub mod limits;
mod psd_reader;
mod source;
mod tiff_reader;
pub mod write;
mod xz;

// Renditions: colorways → thumbnails, preview, tiles, palette, masks.
pub mod color;
pub mod encode;
pub mod memory_source;
pub mod palette;
pub mod photo;
pub mod render;
pub mod repeat;
pub mod resize;
pub mod tiles;
pub mod wear;

pub use color::{Lab, ProcessConverter, ciede2000};
pub use decode::{open, open_reader, read_all, read_info, sniff};
pub use error::ImagingError;
pub use info::{Band, BandReader, ChannelInfo, ChannelKind, ColorMode, FileFormat, ImageInfo};
pub use limits::Limits;
pub use memory_source::{MemorySource, ProceduralSource};
pub use palette::PaletteEntry;
pub use reason::Reason;
pub use render::{
    ColorwayPlan, ColorwayReport, RenditionPlan, RenditionReport, RenditionSink, recolor_preview,
    render,
};
pub use resize::{GrayImage, RgbImage};
pub use write::{
    AnyDepthImage, FloatImage, IndexedImage, RowMut, Samples, TiffCompression, TiffOptions,
    WriteImage, WriteSpec, write_any_depth_tiff, write_float_psd, write_float_tiff,
    write_indexed_psd, write_indexed_tiff, write_psd, write_psd_streaming, write_tiff,
    write_tiff_streaming,
};
