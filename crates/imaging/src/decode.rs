//! Entry point of the decoders: recognise a file by its first bytes and hand back a band reader.

use std::fs::File;
use std::io::{BufReader, Read, Seek};
use std::path::Path;

use crate::indexed::design_reader;
use crate::limits::Limits;
use crate::source::Source;
use crate::{BandReader, FileFormat, ImageInfo, ImagingError};

pub use crate::source::ReadSeek;

/// The container format from the first bytes of a file (8 are enough), or None.
pub fn sniff(head: &[u8]) -> Option<FileFormat> {
    match head {
        [b'I', b'I', 42, 0, ..] | [b'M', b'M', 0, 42, ..] => Some(FileFormat::Tiff),
        [b'I', b'I', 43, 0, ..] | [b'M', b'M', 0, 43, ..] => Some(FileFormat::BigTiff),
        [b'8', b'B', b'P', b'S', 0, 1, ..] => Some(FileFormat::Psd),
        [b'8', b'B', b'P', b'S', 0, 2, ..] => Some(FileFormat::Psb),
        _ => None,
    }
}

/// Opens a design file for band-by-band decoding. Only the header is read here (but for an
/// indexed-colour file, whose pixels are read once to find the palette entries in use: see
/// `indexed`); limits are checked before anything the file claims is allocated.
pub fn open(path: &Path, limits: &Limits) -> Result<Box<dyn BandReader>, ImagingError> {
    let file = File::open(path)?;
    open_reader(BufReader::with_capacity(64 * 1024, file), limits)
}

/// [`open`] for any seekable stream (an in-memory cursor, an object-store download, ...).
pub fn open_reader<R: Read + Seek + Send + 'static>(
    reader: R,
    limits: &Limits,
) -> Result<Box<dyn BandReader>, ImagingError> {
    let mut src = Source::new(Box::new(reader))?;
    let mut head = [0u8; 8];
    let n = src.read_up_to(0, &mut head)?;
    match sniff(&head[..n]) {
        Some(FileFormat::Tiff) | Some(FileFormat::BigTiff) => {
            design_reader(crate::tiff_reader::TiffReader::new(src, limits)?, limits)
        }
        Some(FileFormat::Psd) | Some(FileFormat::Psb) => {
            design_reader(crate::psd_reader::PsdReader::new(src, limits)?, limits)
        }
        None => Err(ImagingError::UnknownFormat),
    }
}

/// The facts of a design file from its header, without decoding pixels.
pub fn read_info(path: &Path, limits: &Limits) -> Result<ImageInfo, ImagingError> {
    Ok(open(path, limits)?.info().clone())
}

/// Decodes every band of a reader into one interleaved buffer (for small images and tests:
/// this holds the whole image).
pub fn read_all(reader: &mut dyn BandReader) -> Result<Vec<u8>, ImagingError> {
    let info = reader.info();
    let total = info.width as usize * info.height as usize * info.channels.len();
    let mut all = Vec::with_capacity(total);
    while let Some(band) = reader.next_band()? {
        all.extend_from_slice(&band.samples);
    }
    if all.len() != total {
        return Err(ImagingError::Corrupt(format!(
            "decoded {} samples, expected {total}",
            all.len()
        )));
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_magic_bytes() {
        assert_eq!(sniff(b"II*\0\x08\0\0\0"), Some(FileFormat::Tiff));
        assert_eq!(sniff(b"MM\0*\0\0\0\x08"), Some(FileFormat::Tiff));
        assert_eq!(sniff(b"II+\0\x08\0\0\0"), Some(FileFormat::BigTiff));
        assert_eq!(sniff(b"MM\0+\0\x08\0\0"), Some(FileFormat::BigTiff));
        assert_eq!(sniff(b"8BPS\0\x01\0\0"), Some(FileFormat::Psd));
        assert_eq!(sniff(b"8BPS\0\x02\0\0"), Some(FileFormat::Psb));
        assert_eq!(sniff(b"8BPS\0\x03\0\0"), None);
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n"), None);
        assert_eq!(sniff(b"II"), None);
        assert_eq!(sniff(b""), None);
    }
}
