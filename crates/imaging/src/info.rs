use crate::ImagingError;

/// The container a design file uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FileFormat {
    Tiff,
    BigTiff,
    Psd,
    Psb,
}

/// The colour model of the process channels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorMode {
    Bitmap,
    Gray,
    Indexed,
    Rgb,
    Cmyk,
    Multichannel,
    Duotone,
    Lab,
}

/// What a channel is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChannelKind {
    /// A channel of the colour model (R, G, B / C, M, Y, K / Gray / L, a, b).
    Process,
    /// Transparency of the composite.
    Alpha,
    /// An ink of its own: a screen of a rotary design (PSD spot channels, every channel of a
    /// multichannel document, TIFF extra samples that are not alpha).
    Spot,
}

/// One channel of a decoded file, in file order.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChannelInfo {
    /// "Red", "Cyan", "Black", or the spot channel's own name ("PANTONE 186 C", "Zemin").
    pub name: String,
    pub kind: ChannelKind,
    /// The ink's colour as sRGB, for spot channels when the file says it (PSD resources
    /// 1007/1077), else None.
    pub color: Option<[u8; 3]>,
}

/// The facts kept about a design file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ImageInfo {
    pub format: FileFormat,
    pub width: u32,
    pub height: u32,
    /// Bits per sample as stored: 1 to 32 for TIFF (palette colour 1, 2, 4 or 8), 1, 8 or 16
    /// for PSD/PSB. Bands are 8 bits whatever this is.
    pub bit_depth: u8,
    pub color_mode: ColorMode,
    /// Horizontal and vertical resolution in dots per inch, when the file says.
    pub dpi: Option<(f64, f64)>,
    pub channels: Vec<ChannelInfo>,
    pub layer_count: u32,
    pub layer_names: Vec<String>,
    /// The embedded ICC profile, raw.
    pub icc_profile: Option<Vec<u8>>,
    /// What the reader made of the file that staff should know (an indexed file with more
    /// colours than screens read as a digital design). Shown with the import's file status.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<crate::Reason>,
}

impl ImageInfo {
    /// Size in centimetres at the file's resolution (72 dpi when it has none), 2 decimals.
    pub fn size_cm(&self) -> (f64, f64) {
        let (dx, dy) = self.dpi.unwrap_or((72.0, 72.0));
        let cm = |px: u32, dpi: f64| (px as f64 / dpi * 2.54 * 100.0).round() / 100.0;
        (cm(self.width, dx), cm(self.height, dy))
    }

    /// Spot channels are the screens of a rotary design.
    pub fn spot_channels(&self) -> impl Iterator<Item = (usize, &ChannelInfo)> {
        self.channels
            .iter()
            .enumerate()
            .filter(|(_, c)| c.kind == ChannelKind::Spot)
    }
}

/// A run of full-width rows, every channel, 8 bits per sample, interleaved per pixel in the
/// order of [`ImageInfo::channels`]. Samples are normalised so renderers need not know the file:
/// - RGB and gray process channels: light (0 black, 255 white);
/// - CMYK process channels and every spot channel: ink coverage (0 none, 255 full), whatever
///   polarity the file stored;
/// - Lab: L scaled 0..=255 for 0..=100, a and b offset by 128;
/// - alpha: opacity (255 opaque).
///
/// 16-bit samples are rounded to 8 bits (`(v * 255 + 32767) / 65535`); TIFF samples of other
/// depths are scaled to 8 bits (up to 8) or to 16 bits and then rounded so (deeper).
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    /// The first row of the band in the image.
    pub top: u32,
    pub rows: u32,
    pub width: u32,
    pub channels: usize,
    pub samples: Vec<u8>,
}

impl Band {
    /// The samples of one row.
    pub fn row(&self, y: u32) -> &[u8] {
        let stride = self.width as usize * self.channels;
        let start = y as usize * stride;
        &self.samples[start..start + stride]
    }
}

/// A decoder positioned at the top of the image, yielding bands top to bottom.
pub trait BandReader: Send {
    fn info(&self) -> &ImageInfo;
    /// The next band, or None after the last row. Bands are at most a few hundred rows high.
    fn next_band(&mut self) -> Result<Option<Band>, ImagingError>;
}
