//! What the fuzz targets share: the limits they read under, the decoding of a design file band
//! by band, and the framing of a wear model's parts in one input.
//!
//! The readers take their limits as arguments (the import's settings, each route's constants). The
//! targets pass smaller pixel budgets than production so that the largest image a small input can
//! legitimately claim decodes well within libFuzzer's 1 s timeout: a timeout then means a reader
//! that loops or works out of proportion to the pixels, not a big but allowed picture. The checks
//! are the same code whatever the numbers.

use std::io::Cursor;

use imaging::{BandReader, Limits};

/// Design files (TIFF, PSD, PSB): 2,048 px a side, 2 Mpx, the production channel and band limits.
pub fn design_limits() -> Limits {
    Limits {
        max_side: 2048,
        max_pixels: 2_000_000,
        ..Limits::default()
    }
}

/// Photos (mood images, covers, banners, wear models, search pictures): 250,000 px, a 500 x 500
/// photo. 2 Mpx until the runs of 2026-11-28: once the corpus held inputs that claim the whole
/// budget, decoding their pixels (zune-jpeg's block loop under the sanitizer's comparison
/// tracing) set the rate, 500 executions a second, while what the fuzzer explores (headers,
/// segments, chunks, the size checks) is the same code at any size.
pub const PHOTO_PIXELS: u64 = 250_000;

/// Opens a design file as the import does and reads every band, checking what a band promises.
/// Errors are the expected outcome for most inputs; a panic, a hang or an allocation past the
/// limits is a finding.
pub fn read_design(data: &[u8]) -> Option<Box<dyn BandReader>> {
    let limits = design_limits();
    let reader = imaging::open_reader(Cursor::new(data.to_vec()), &limits).ok()?;
    let info = reader.info();
    assert!(info.width >= 1 && info.width <= limits.max_side);
    assert!(info.height >= 1 && info.height <= limits.max_side);
    assert!(!info.channels.is_empty() && info.channels.len() <= limits.max_channels);
    Some(reader)
}

/// Reads every band of `reader`; true when the whole image came out.
pub fn drain(reader: &mut dyn BandReader) -> bool {
    let info = reader.info().clone();
    let stride = info.width as usize * info.channels.len();
    let mut next = 0u32;
    loop {
        match reader.next_band() {
            Ok(Some(band)) => {
                assert_eq!(band.top, next, "bands are contiguous");
                assert_eq!(band.width, info.width);
                assert_eq!(band.channels, info.channels.len());
                assert!(band.rows >= 1);
                assert_eq!(band.samples.len(), band.rows as usize * stride);
                next += band.rows;
                assert!(next <= info.height, "bands past the last row");
            }
            Ok(None) => return next == info.height,
            Err(_) => return false,
        }
    }
}

/// The parts of a wear-model upload framed in one input: a flags byte (bit 0: shading given,
/// bit 1: displacement given), then each part but the last as a 3-byte little-endian length and
/// its bytes; the last part is the rest.
pub fn wear_parts(data: &[u8]) -> Option<Vec<&[u8]>> {
    let (&flags, mut rest) = data.split_first()?;
    let count = 2 + usize::from(flags & 1) + usize::from((flags >> 1) & 1);
    let mut parts = Vec::with_capacity(count);
    for _ in 0..count - 1 {
        let len = rest.get(..3)?;
        let len = usize::from(len[0]) | usize::from(len[1]) << 8 | usize::from(len[2]) << 16;
        let part = rest.get(3..3 + len)?;
        parts.push(part);
        rest = &rest[3 + len..];
    }
    parts.push(rest);
    Some(parts)
}

/// The inverse of [`wear_parts`], for seeds.
pub fn frame_wear(parts: &[&[u8]], shading: bool, displacement: bool) -> Vec<u8> {
    let mut out = vec![u8::from(shading) | u8::from(displacement) << 1];
    for (i, part) in parts.iter().enumerate() {
        if i + 1 < parts.len() {
            let len = part.len() as u32;
            out.extend_from_slice(&len.to_le_bytes()[..3]);
        }
        out.extend_from_slice(part);
    }
    out
}
