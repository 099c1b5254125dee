//! Writing a design's tile as a production file: the tile repeated to the file's size, through
//! the imaging crate's streaming writers.

use std::fs::File;
use std::path::Path;

use anyhow::Context;
use imaging::memory_source::{channel, process_channels};
use imaging::{ChannelInfo, ChannelKind, ColorMode, RowMut, TiffOptions, WriteSpec};

use crate::canvas::Layers;

/// The file container.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Container {
    Psd,
    Psb,
    Tiff(TiffOptions),
}

impl Container {
    pub fn extension(self) -> &'static str {
        match self {
            Container::Psd => "psd",
            Container::Psb => "psb",
            Container::Tiff(_) => "tif",
        }
    }
}

/// The colour model of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Every channel a spot channel (a rotary design as separations).
    Multichannel,
    /// A blank (white) RGB composite with the screens as spot channels, so it may have layers.
    RgbSpots,
    Rgb,
    Cmyk,
}

/// How one file of a design is written.
#[derive(Debug, Clone, PartialEq)]
pub struct FileSpec {
    pub container: Container,
    pub model: Model,
    pub depth: u8,
    pub dpi: f64,
    pub layer_names: Vec<String>,
    /// The tile is repeated this many times across and down.
    pub repeats: (usize, usize),
}

/// Interleaved samples of one tile.
pub enum Tile {
    U8(Vec<u8>),
    U16(Vec<u16>),
}

/// A rotary colorway: the masks as spot channels, with this colorway's inks.
pub fn write_rotary(
    path: &Path,
    layers: &Layers,
    inks: &[[u8; 3]],
    spec: &FileSpec,
) -> anyhow::Result<()> {
    let spots: Vec<ChannelInfo> = layers
        .channels
        .iter()
        .zip(inks)
        .map(|(c, ink)| channel(c.name, ChannelKind::Spot, Some(*ink)))
        .collect();
    let (mode, mut channels, process) = match spec.model {
        Model::RgbSpots => (ColorMode::Rgb, process_channels(ColorMode::Rgb), 3),
        _ => (ColorMode::Multichannel, Vec::new(), 0),
    };
    channels.extend(spots);
    let n = layers.n();
    let spp = process + n;
    let px = layers.w * layers.h;
    let tile = if spec.depth == 16 {
        let mut v = vec![65535u16; px * spp];
        for i in 0..px {
            for k in 0..n {
                v[i * spp + process + k] = u16::from(layers.data[i * n + k]) * 257;
            }
        }
        Tile::U16(v)
    } else if process == 0 {
        Tile::U8(layers.data.clone())
    } else {
        let mut v = vec![255u8; px * spp];
        for i in 0..px {
            v[i * spp + process..i * spp + spp].copy_from_slice(&layers.data[i * n..i * n + n]);
        }
        Tile::U8(v)
    };
    write(path, spec, mode, channels, layers.w, layers.h, &tile)
}

/// A digital colorway: `samples` are RGB light or CMYK coverage (0..1), interleaved.
pub fn write_digital(
    path: &Path,
    samples: &[f32],
    w: usize,
    h: usize,
    spec: &FileSpec,
) -> anyhow::Result<()> {
    let mode = if spec.model == Model::Cmyk {
        ColorMode::Cmyk
    } else {
        ColorMode::Rgb
    };
    let tile = if spec.depth == 16 {
        let mut v = vec![0u16; samples.len()];
        for (o, s) in v.iter_mut().zip(samples) {
            *o = (s * 65535.0 + 0.5) as u16;
        }
        Tile::U16(v)
    } else {
        let mut v = vec![0u8; samples.len()];
        for (o, s) in v.iter_mut().zip(samples) {
            *o = (s * 255.0 + 0.5) as u8;
        }
        Tile::U8(v)
    };
    write(path, spec, mode, process_channels(mode), w, h, &tile)
}

fn write(
    path: &Path,
    spec: &FileSpec,
    mode: ColorMode,
    channels: Vec<ChannelInfo>,
    tw: usize,
    th: usize,
    tile: &Tile,
) -> anyhow::Result<()> {
    let spp = channels.len();
    let (rx, ry) = spec.repeats;
    let write_spec = WriteSpec {
        width: u32::try_from(tw * rx)?,
        height: u32::try_from(th * ry)?,
        bit_depth: spec.depth,
        color_mode: mode,
        dpi: spec.dpi,
        channels,
        layer_names: spec.layer_names.clone(),
        icc_profile: None,
    };
    let stride = tw * spp;
    let len = match tile {
        Tile::U8(t) => t.len(),
        Tile::U16(t) => t.len(),
    };
    anyhow::ensure!(
        len == stride * th,
        "{len} samples for a {tw} x {th} tile of {spp} channels"
    );
    let rows = |y: u32, row: RowMut<'_>| {
        let start = (y as usize % th) * stride;
        match (row, tile) {
            (RowMut::U8(r), Tile::U8(t)) => {
                for chunk in r.chunks_exact_mut(stride) {
                    chunk.copy_from_slice(&t[start..start + stride]);
                }
            }
            (RowMut::U16(r), Tile::U16(t)) => {
                for chunk in r.chunks_exact_mut(stride) {
                    chunk.copy_from_slice(&t[start..start + stride]);
                }
            }
            _ => {
                return Err(imaging::ImagingError::Encode(
                    "sample type does not match the bit depth".into(),
                ));
            }
        }
        Ok(())
    };
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    match spec.container {
        Container::Psd => imaging::write_psd_streaming(file, &write_spec, false, true, rows),
        Container::Psb => imaging::write_psd_streaming(file, &write_spec, true, true, rows),
        Container::Tiff(opts) => imaging::write_tiff_streaming(file, &write_spec, &opts, rows),
    }
    .with_context(|| format!("writing {}", path.display()))
}
