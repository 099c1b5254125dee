//! What the TIFF tests share: decoding with limits, refusals that must be quick, and editing
//! the first IFD of a little-endian classic TIFF to make lying variants.
#![allow(dead_code, reason = "each test binary uses part of the helpers")]

use std::io::Cursor;
use std::time::{Duration, Instant};

use imaging::{ImageInfo, ImagingError, Limits};

pub fn decode_with(bytes: Vec<u8>, limits: &Limits) -> Result<(ImageInfo, Vec<u8>), ImagingError> {
    let mut r = imaging::open_reader(Cursor::new(bytes), limits)?;
    let info = r.info().clone();
    let samples = imaging::read_all(r.as_mut())?;
    Ok((info, samples))
}

pub const BITS_PER_SAMPLE: u16 = 258;
pub const PHOTOMETRIC: u16 = 262;
pub const STRIP_BYTE_COUNTS: u16 = 279;
pub const PREDICTOR: u16 = 317;
pub const SAMPLE_FORMAT: u16 = 339;

pub fn refused(case: &str, bytes: Vec<u8>) -> ImagingError {
    let start = Instant::now();
    let result = decode_with(bytes, &Limits::default());
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{case}: took {:?}",
        start.elapsed()
    );
    result.err().unwrap_or_else(|| panic!("{case}: decoded"))
}

/// The 12 bytes of a tag's entry in the first IFD.
pub fn entry(bytes: &mut [u8], tag: u16) -> Option<&mut [u8]> {
    let at = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")) as usize;
    let n = u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let i = (0..n).find(|i| {
        let e = at + 2 + 12 * i;
        u16::from_le_bytes([bytes[e], bytes[e + 1]]) == tag
    })?;
    let e = at + 2 + 12 * i;
    Some(&mut bytes[e..e + 12])
}

/// A one-value SHORT or LONG tag.
pub fn tag(bytes: &[u8], tag: u16) -> Option<u32> {
    let mut copy = bytes.to_vec();
    let e = entry(&mut copy, tag)?;
    Some(match u16::from_le_bytes([e[2], e[3]]) {
        3 => u32::from(u16::from_le_bytes([e[8], e[9]])),
        _ => u32::from_le_bytes(e[8..12].try_into().expect("4 bytes")),
    })
}

pub fn set_tag(bytes: &mut [u8], tag: u16, value: u32) {
    let e = entry(bytes, tag).unwrap_or_else(|| panic!("no tag {tag}"));
    match u16::from_le_bytes([e[2], e[3]]) {
        3 => e[8..10].copy_from_slice(&(value as u16).to_le_bytes()),
        _ => e[8..12].copy_from_slice(&value.to_le_bytes()),
    }
}

/// BitsPerSample of a file with several samples: its values sit at an offset.
pub fn set_bits_per_sample(bytes: &mut [u8], bits: u16) {
    let e = entry(bytes, BITS_PER_SAMPLE).expect("BitsPerSample");
    let count = u32::from_le_bytes(e[4..8].try_into().expect("4 bytes")) as usize;
    let at = u32::from_le_bytes(e[8..12].try_into().expect("4 bytes")) as usize;
    for k in 0..count {
        bytes[at + 2 * k..at + 2 * k + 2].copy_from_slice(&bits.to_le_bytes());
    }
}

/// A little-endian classic TIFF of the given LONG tags (tag, values) and strips, laid out as
/// header, strips, IFD. StripOffsets and StripByteCounts are added for the strips unless the
/// tags give them; `extra` bytes follow the strips (their offset is 8 + the strips' length).
pub fn build_tiff(tags: &[(u16, Vec<u32>)], strips: &[Vec<u8>], extra: &[u8]) -> Vec<u8> {
    let mut out = b"II*\0\0\0\0\0".to_vec();
    let mut offsets = Vec::new();
    for s in strips {
        offsets.push(out.len() as u32);
        out.extend_from_slice(s);
    }
    out.extend_from_slice(extra);
    if out.len() % 2 == 1 {
        out.push(0);
    }
    let mut all: Vec<(u16, Vec<u32>)> = tags.to_vec();
    if !all.iter().any(|(t, _)| *t == 273) {
        all.push((273, offsets));
    }
    if !all.iter().any(|(t, _)| *t == 279) {
        all.push((279, strips.iter().map(|s| s.len() as u32).collect()));
    }
    all.sort_by_key(|(t, _)| *t);
    let ifd = out.len();
    out[4..8].copy_from_slice(&(ifd as u32).to_le_bytes());
    let mut data_at = ifd + 2 + 12 * all.len() + 4;
    let mut data = Vec::new();
    out.extend_from_slice(&(all.len() as u16).to_le_bytes());
    for (tag, values) in &all {
        out.extend_from_slice(&tag.to_le_bytes());
        out.extend_from_slice(&4u16.to_le_bytes());
        out.extend_from_slice(&(values.len() as u32).to_le_bytes());
        if values.len() <= 1 {
            out.extend_from_slice(&values.first().copied().unwrap_or(0).to_le_bytes());
        } else {
            out.extend_from_slice(&(data_at as u32).to_le_bytes());
            for v in values {
                data.extend_from_slice(&v.to_le_bytes());
            }
            data_at += 4 * values.len();
        }
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&data);
    out
}
