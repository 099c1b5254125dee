//! Indexed (palette) colour files as designs. Textile CAD systems save a rotary design with one
//! palette entry per colour, that is per screen, so each entry the pixels use becomes a spot
//! channel of that entry's colour: from then on the design is rendered, masked, paletted and
//! searched exactly as a PSD with spot channels.
//!
//! The TIFF and PSD readers give the palette entry of each pixel (one sample) and the palette;
//! [`ScreenReader`] reads the bands once to learn which entries are used (a 256-entry palette
//! often colours six screens), rewinds, and then gives out one coverage channel per entry in use.
//! Unused entries are dropped; entries of nearly the same colour stay apart (they are separate
//! screens). A file using more entries than [`Limits::max_channels`] cannot be a set of screens:
//! it is given out as an RGB raster (a digital design) with a note saying so.

use rayon::prelude::*;

use crate::color::ProcessConverter;
use crate::info::{Band, BandReader, ChannelInfo, ChannelKind, ColorMode, ImageInfo};
use crate::limits::Limits;
use crate::memory_source::{channel, process_channels};
use crate::{ImagingError, Reason};

/// The colours of a palette-colour file as stored (before any ICC profile).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Palette {
    pub(crate) colors: Vec<[u8; 3]>,
    /// The entry that stands for no colour (PSD's transparency index): the fabric shows.
    pub(crate) transparent: Option<u8>,
}

/// A decoder whose bands may hold palette entries (one sample per pixel) instead of colours.
/// It can start over, because which entries are screens is known only after a first pass.
pub(crate) trait IndexReader: BandReader {
    /// The palette of a palette-colour file; None for every other file.
    fn palette(&self) -> Option<&Palette>;
    /// Back to the top row, to read the bands again.
    fn rewind(&mut self);
}

/// `reader` as a design: a palette-colour file through [`ScreenReader`], any other as it is.
pub(crate) fn design_reader<R: IndexReader + 'static>(
    reader: R,
    limits: &Limits,
) -> Result<Box<dyn BandReader>, ImagingError> {
    match reader.palette().cloned() {
        Some(palette) => Ok(Box::new(ScreenReader::new(reader, palette, limits)?)),
        None => Ok(Box::new(reader)),
    }
}

/// No channel: the pixel's entry is not a screen (the transparent entry).
const NO_SCREEN: u8 = u8::MAX;

/// What the palette entries become.
enum Output {
    /// A rotary design: `screen[entry]` is the entry's channel, or [`NO_SCREEN`].
    Screens { screen: Box<[u8; 256]> },
    /// A digital design: each entry's colour, and opacity when the transparent entry is used.
    Raster {
        colors: Vec<[u8; 3]>,
        transparent: Option<u8>,
    },
}

/// Gives out the bands of a palette-colour file as screens (or, over the channel limit, as RGB).
pub(crate) struct ScreenReader<R> {
    inner: R,
    info: ImageInfo,
    output: Output,
    /// Rows per band given out: a band of 32 screens takes 32 times the bytes of its indexes.
    max_rows: u32,
    /// The band of indexes being given out, and how many of its rows are out.
    pending: Option<(Band, u32)>,
}

impl<R: IndexReader> ScreenReader<R> {
    fn new(mut inner: R, palette: Palette, limits: &Limits) -> Result<Self, ImagingError> {
        let used = entries_in_use(&mut inner, palette.colors.len())?;
        inner.rewind();
        let source = inner.info().clone();
        let colors = as_srgb(&source, &palette.colors);
        let screens: Vec<usize> = (0..palette.colors.len())
            .filter(|&i| used[i] && palette.transparent != Some(i as u8))
            .collect();
        if screens.is_empty() {
            return Err(Reason::new(
                "all_transparent",
                "an indexed image whose every pixel is transparent",
            )
            .into());
        }
        let mut info = source.clone();
        // A channel number must stay below NO_SCREEN, whatever the configured limit.
        let max_screens = limits.max_channels.min(usize::from(NO_SCREEN));
        let output = if screens.len() <= max_screens {
            let mut screen = Box::new([NO_SCREEN; 256]);
            info.channels = screens
                .iter()
                .enumerate()
                .map(|(n, &entry)| {
                    screen[entry] = n as u8;
                    ChannelInfo {
                        name: format!("Palette {entry}"),
                        kind: ChannelKind::Spot,
                        color: Some(colors[entry]),
                    }
                })
                .collect();
            Output::Screens { screen }
        } else {
            let transparent = palette.transparent.filter(|&t| used[usize::from(t)]);
            info.channels = process_channels(ColorMode::Rgb);
            if transparent.is_some() {
                info.channels
                    .push(channel("Transparency", ChannelKind::Alpha, None));
            }
            info.notes.push(
                Reason::new(
                    "too_many_palette_colours",
                    format!(
                        "{} palette colours are more than the {max_screens} screens a rotary \
                         design may have: imported as a digital design",
                        screens.len(),
                    ),
                )
                .with("colours", screens.len())
                .with("limit", max_screens),
            );
            // The raster keeps the file's colours; the renderer applies the ICC profile.
            Output::Raster {
                colors: palette.colors,
                transparent,
            }
        };
        let row_bytes = info.width as usize * info.channels.len();
        let max_rows = (limits.max_band_bytes / row_bytes.max(1)).clamp(1, u32::MAX as usize);
        Ok(ScreenReader {
            inner,
            info,
            output,
            max_rows: max_rows as u32,
            pending: None,
        })
    }

    /// The next rows of `band` from row `done`, as screens or colours.
    fn expand(&self, band: &Band, done: u32, rows: u32) -> Band {
        let w = band.width as usize;
        let channels = self.info.channels.len();
        let indexes = &band.samples[done as usize * w..(done + rows) as usize * w];
        let mut samples = vec![0u8; indexes.len() * channels];
        let output = &self.output;
        samples
            .par_chunks_mut((w * channels).max(1))
            .zip(indexes.par_chunks(w.max(1)))
            .for_each(|(out, row)| {
                let pixels = out.chunks_exact_mut(channels).zip(row);
                match output {
                    Output::Screens { screen } => {
                        for (px, &entry) in pixels {
                            if let Some(ink) = px.get_mut(usize::from(screen[usize::from(entry)])) {
                                *ink = 255;
                            }
                        }
                    }
                    Output::Raster {
                        colors,
                        transparent,
                    } => {
                        for (px, &entry) in pixels {
                            let color = colors.get(usize::from(entry)).unwrap_or(&[255; 3]);
                            px[..3].copy_from_slice(color);
                            if let Some(alpha) = px.get_mut(3) {
                                *alpha = if Some(entry) == *transparent { 0 } else { 255 };
                            }
                        }
                    }
                }
            });
        Band {
            top: band.top + done,
            rows,
            width: band.width,
            channels,
            samples,
        }
    }
}

impl<R: IndexReader> BandReader for ScreenReader<R> {
    fn info(&self) -> &ImageInfo {
        &self.info
    }

    fn next_band(&mut self) -> Result<Option<Band>, ImagingError> {
        let (band, done) = match self.pending.take() {
            Some(pending) => pending,
            None => match self.inner.next_band()? {
                Some(band) => {
                    check_index_band(&band)?;
                    (band, 0)
                }
                None => return Ok(None),
            },
        };
        let rows = (band.rows - done).min(self.max_rows);
        let out = self.expand(&band, done, rows);
        if done + rows < band.rows {
            self.pending = Some((band, done + rows));
        }
        Ok(Some(out))
    }
}

/// Which palette entries the pixels use: every band read once. An entry past the palette's end
/// is damage (the file lies about its palette).
fn entries_in_use(
    reader: &mut dyn BandReader,
    palette_len: usize,
) -> Result<[bool; 256], ImagingError> {
    let mut used = [false; 256];
    while let Some(band) = reader.next_band()? {
        check_index_band(&band)?;
        let seen = band
            .samples
            .par_chunks(1 << 16)
            .map(|chunk| {
                let mut seen = [false; 256];
                for &entry in chunk {
                    seen[usize::from(entry)] = true;
                }
                seen
            })
            .reduce(|| [false; 256], |a, b| std::array::from_fn(|i| a[i] | b[i]));
        for (u, s) in used.iter_mut().zip(seen) {
            *u |= s;
        }
    }
    if let Some(entry) = (palette_len..256).find(|&i| used[i]) {
        return Err(ImagingError::Corrupt(format!(
            "pixels use palette entry {entry}, but the palette has {palette_len} entries"
        )));
    }
    Ok(used)
}

fn check_index_band(band: &Band) -> Result<(), ImagingError> {
    if band.channels != 1 || band.samples.len() != band.width as usize * band.rows as usize {
        return Err(ImagingError::Corrupt(format!(
            "a band of palette entries has {} channels and {} samples for {} x {} pixels",
            band.channels,
            band.samples.len(),
            band.width,
            band.rows
        )));
    }
    Ok(())
}

/// The palette's colours as sRGB inks: through the file's ICC profile when it has a usable one
/// (a profile that cannot be used leaves them as stored, as it does for RGB files).
fn as_srgb(info: &ImageInfo, colors: &[[u8; 3]]) -> Vec<[u8; 3]> {
    if info.icc_profile.is_none() {
        return colors.to_vec();
    }
    let as_rgb = ImageInfo {
        channels: process_channels(ColorMode::Rgb),
        ..info.clone()
    };
    let row: Vec<u8> = colors.iter().flatten().copied().collect();
    let mut out = vec![0u8; row.len()];
    ProcessConverter::new(&as_rgb).convert_row(&row, &mut out, &mut Vec::new());
    out.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect()
}
