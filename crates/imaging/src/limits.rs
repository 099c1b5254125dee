//! Resource limits for decoding untrusted files. Every reader checks them against the header
//! before it allocates anything that depends on the file's claims.

/// How much a decoder may believe a file. The defaults fit production textile designs (up to
/// 30,000 px a side, a few dozen spot channels) on a machine with a few GiB to spare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Longest side in pixels.
    pub max_side: u32,
    /// Width times height.
    pub max_pixels: u64,
    /// Channels (samples per pixel) including alpha and spot channels.
    pub max_channels: usize,
    /// Decompressed bytes a reader may hold for one band (the memory guard).
    pub max_band_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_side: 30_000,
            max_pixels: 600_000_000,
            max_channels: 32,
            max_band_bytes: 64 * 1024 * 1024,
        }
    }
}

impl Limits {
    /// Refuses dimensions and channel counts over the limits, and empty images.
    pub fn check(
        &self,
        width: u32,
        height: u32,
        channels: usize,
    ) -> Result<(), crate::ImagingError> {
        use crate::ImagingError::{Corrupt, TooLarge};
        if width == 0 || height == 0 {
            return Err(Corrupt(format!("image is {width} x {height} pixels")));
        }
        if width > self.max_side || height > self.max_side {
            return Err(TooLarge(format!(
                "{width} x {height} pixels exceeds the {} pixel side limit",
                self.max_side
            )));
        }
        if u64::from(width) * u64::from(height) > self.max_pixels {
            return Err(TooLarge(format!(
                "{width} x {height} pixels exceeds the {} pixel limit",
                self.max_pixels
            )));
        }
        if channels == 0 {
            return Err(Corrupt("image has no channels".into()));
        }
        if channels > self.max_channels {
            return Err(TooLarge(format!(
                "{channels} channels exceeds the limit of {}",
                self.max_channels
            )));
        }
        Ok(())
    }
}
