//! Band readers that need no file, for tests and benchmarks: [`MemorySource`] serves an image
//! held in memory; [`ProceduralSource`] makes each row on demand from a function, so a
//! 12,000 px test image never exists whole.

use crate::ImagingError;
use crate::info::{Band, BandReader, ChannelInfo, ChannelKind, ColorMode, FileFormat, ImageInfo};

/// An [`ImageInfo`] for synthetic images: TIFF, 8-bit, no dpi, layers or profile.
pub fn synthetic_info(
    width: u32,
    height: u32,
    color_mode: ColorMode,
    channels: Vec<ChannelInfo>,
) -> ImageInfo {
    ImageInfo {
        format: FileFormat::Tiff,
        width,
        height,
        bit_depth: 8,
        color_mode,
        dpi: None,
        channels,
        layer_count: 0,
        layer_names: Vec::new(),
        icc_profile: None,
        notes: Vec::new(),
    }
}

/// A channel description: `channel("Red", ChannelKind::Process, None)`.
pub fn channel(name: &str, kind: ChannelKind, color: Option<[u8; 3]>) -> ChannelInfo {
    ChannelInfo {
        name: name.to_string(),
        kind,
        color,
    }
}

/// The process channels of a colour mode, named as Photoshop names them.
pub fn process_channels(mode: ColorMode) -> Vec<ChannelInfo> {
    let names: &[&str] = match mode {
        ColorMode::Rgb | ColorMode::Indexed => &["Red", "Green", "Blue"],
        ColorMode::Cmyk => &["Cyan", "Magenta", "Yellow", "Black"],
        ColorMode::Lab => &["Lightness", "a", "b"],
        ColorMode::Gray | ColorMode::Bitmap | ColorMode::Duotone => &["Gray"],
        ColorMode::Multichannel => &[],
    };
    names
        .iter()
        .map(|n| channel(n, ChannelKind::Process, None))
        .collect()
}

/// A decoded image in memory (samples as [`Band`] describes them, whole image), served in
/// bands of `band_rows` rows.
#[derive(Debug, Clone)]
pub struct MemorySource {
    pub info: ImageInfo,
    pub samples: Vec<u8>,
    pub band_rows: u32,
    next_row: u32,
}

impl MemorySource {
    /// Checks that `samples` holds `width * height * channels` bytes.
    pub fn new(info: ImageInfo, samples: Vec<u8>, band_rows: u32) -> Result<Self, ImagingError> {
        let need = info.width as usize * info.height as usize * info.channels.len();
        if samples.len() != need {
            return Err(ImagingError::Corrupt(format!(
                "memory source has {} samples, {need} expected",
                samples.len()
            )));
        }
        Ok(Self {
            info,
            samples,
            band_rows: band_rows.max(1),
            next_row: 0,
        })
    }

    /// Serves the image again from the top.
    pub fn rewind(&mut self) {
        self.next_row = 0;
    }
}

impl BandReader for MemorySource {
    fn info(&self) -> &ImageInfo {
        &self.info
    }

    fn next_band(&mut self) -> Result<Option<Band>, ImagingError> {
        let h = self.info.height;
        if self.next_row >= h {
            return Ok(None);
        }
        let rows = self.band_rows.min(h - self.next_row);
        let stride = self.info.width as usize * self.info.channels.len();
        let start = self.next_row as usize * stride;
        let Some(samples) = self.samples.get(start..start + rows as usize * stride) else {
            return Err(ImagingError::Corrupt(format!(
                "memory source ends before row {}",
                self.next_row + rows
            )));
        };
        let band = Band {
            top: self.next_row,
            rows,
            width: self.info.width,
            channels: self.info.channels.len(),
            samples: samples.to_vec(),
        };
        self.next_row += rows;
        Ok(Some(band))
    }
}

/// A reader whose rows are made by `make_row(y, row)` (`row` is `width * channels` bytes),
/// served in bands of `band_rows` rows.
pub struct ProceduralSource<F> {
    info: ImageInfo,
    band_rows: u32,
    next_row: u32,
    make_row: F,
}

impl<F: FnMut(u32, &mut [u8]) + Send> ProceduralSource<F> {
    pub fn new(info: ImageInfo, band_rows: u32, make_row: F) -> Self {
        Self {
            info,
            band_rows: band_rows.max(1),
            next_row: 0,
            make_row,
        }
    }
}

impl<F: FnMut(u32, &mut [u8]) + Send> BandReader for ProceduralSource<F> {
    fn info(&self) -> &ImageInfo {
        &self.info
    }

    fn next_band(&mut self) -> Result<Option<Band>, ImagingError> {
        let h = self.info.height;
        if self.next_row >= h {
            return Ok(None);
        }
        let rows = self.band_rows.min(h - self.next_row);
        let channels = self.info.channels.len();
        let stride = self.info.width as usize * channels;
        let mut samples = vec![0u8; rows as usize * stride];
        for (i, row) in samples.chunks_exact_mut(stride.max(1)).enumerate() {
            (self.make_row)(self.next_row + i as u32, row);
        }
        let band = Band {
            top: self.next_row,
            rows,
            width: self.info.width,
            channels,
            samples,
        };
        self.next_row += rows;
        Ok(Some(band))
    }
}
