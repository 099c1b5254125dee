//! PSD and PSB reader, written from Adobe's file format specification: the merged composite with
//! every channel (spot and alpha channels included), the channels' names and colours from the
//! image resources, and the layer count and names without decoding layer pixels.
//!
//! The composite is stored planar (all rows of channel 0, then channel 1, ...). To stream bands
//! without holding the image, each band seeks once per channel: raw rows are at a computed
//! offset, RLE rows follow a per-channel cursor advanced with the row byte-count table.

use rayon::prelude::*;

use crate::indexed::{IndexReader, Palette};
use crate::limits::Limits;
use crate::source::{Source, Tone, float_to8, to8, unpack_bits_exact};
use crate::{
    Band, BandReader, ChannelInfo, ChannelKind, ColorMode, FileFormat, ImageInfo, ImagingError,
    Reason,
};

const BAND_ROWS: usize = 256;
/// Photoshop allows 56 channels; anything over is a damaged header.
const MAX_PSD_CHANNELS: usize = 56;
/// More layers than any real document has; a bound for the record walk.
const MAX_LAYERS: usize = 100_000;
/// Image resources we keep are small; anything bigger is skipped or refused.
const MAX_RESOURCE: u64 = 64 * 1024 * 1024;
/// The colour table of an indexed-colour document: 256 reds, 256 greens, 256 blues.
const COLOR_TABLE_BYTES: u32 = 768;

fn corrupt(what: impl Into<String>) -> ImagingError {
    ImagingError::Corrupt(what.into())
}

/// Big-endian field reader over the source, keeping its own position.
struct Cursor<'a> {
    src: &'a mut Source,
    pos: u64,
}

impl Cursor<'_> {
    fn bytes<const N: usize>(&mut self, what: &str) -> Result<[u8; N], ImagingError> {
        let mut b = [0u8; N];
        self.src.read_exact_at(self.pos, &mut b, what)?;
        self.pos += N as u64;
        Ok(b)
    }
    fn u8(&mut self, what: &str) -> Result<u8, ImagingError> {
        Ok(self.bytes::<1>(what)?[0])
    }
    fn u16(&mut self, what: &str) -> Result<u16, ImagingError> {
        Ok(u16::from_be_bytes(self.bytes(what)?))
    }
    fn u32(&mut self, what: &str) -> Result<u32, ImagingError> {
        Ok(u32::from_be_bytes(self.bytes(what)?))
    }
    fn u64(&mut self, what: &str) -> Result<u64, ImagingError> {
        Ok(u64::from_be_bytes(self.bytes(what)?))
    }
    /// A section length: 4 bytes, or 8 in PSB where the format says so.
    fn length(&mut self, wide: bool, what: &str) -> Result<u64, ImagingError> {
        if wide {
            self.u64(what)
        } else {
            self.u32(what).map(u64::from)
        }
    }
    fn vec(&mut self, len: u64, what: &str) -> Result<Vec<u8>, ImagingError> {
        let v = self.src.read_vec_at(self.pos, len, what)?;
        self.pos += len;
        Ok(v)
    }
    /// Moves to `pos`, which must lie inside the file.
    fn seek(&mut self, pos: u64, what: &str) -> Result<(), ImagingError> {
        self.src.check_range(pos, 0, what)?;
        self.pos = pos;
        Ok(())
    }
}

/// What the image resources say about the extra channels.
#[derive(Default)]
struct Resources {
    dpi: Option<(f64, f64)>,
    names: Vec<String>,
    unicode_names: Vec<String>,
    /// (colour space, colour components, kind) per extra channel, from 1077 or else 1007.
    display: Vec<(u16, [u16; 4], u8)>,
    display_obsolete: Vec<(u16, [u16; 4], u8)>,
    icc: Option<Vec<u8>>,
    /// Indexed colour: entries of the colour table in use (1046) and the transparent one (1047).
    color_count: Option<u16>,
    transparent_index: Option<u16>,
}

/// How the stored composite is laid out.
enum Composite {
    Raw {
        start: u64,
    },
    Rle {
        counts: Vec<u32>,
        /// Where each channel's next row starts, and where its first row starts.
        cursors: Vec<u64>,
        starts: Vec<u64>,
    },
}

pub(crate) struct PsdReader {
    src: Source,
    info: ImageInfo,
    /// The colours of an indexed-colour document.
    palette: Option<Palette>,
    depth: u8,
    /// Stored bytes of one row of one channel.
    row_bytes: usize,
    composite: Composite,
    /// Channels stored with 0 meaning full ink (CMYK, spot, multichannel) or inverted alpha.
    invert: Vec<bool>,
    band_rows: usize,
    next_row: u32,
    compressed: Vec<u8>,
}

impl PsdReader {
    pub(crate) fn new(mut src: Source, limits: &Limits) -> Result<Self, ImagingError> {
        let mut c = Cursor {
            src: &mut src,
            pos: 0,
        };
        let head: [u8; 26] = c.bytes("PSD header")?;
        if &head[..4] != b"8BPS" {
            return Err(ImagingError::UnknownFormat);
        }
        let be16 = |i: usize| u16::from_be_bytes([head[i], head[i + 1]]);
        let be32 = |i: usize| u32::from_be_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
        let big = match be16(4) {
            1 => false,
            2 => true,
            v => return Err(corrupt(format!("PSD version {v}"))),
        };
        let channels = usize::from(be16(12));
        let (height, width) = (be32(14), be32(18));
        let depth = be16(22);
        let mode = be16(24);
        if channels > MAX_PSD_CHANNELS {
            return Err(corrupt(format!("PSD header claims {channels} channels")));
        }
        limits.check(width, height, channels)?;
        let max_side = if big { 300_000 } else { 30_000 };
        if width > max_side || height > max_side {
            return Err(corrupt(format!(
                "{width} x {height} is larger than the format allows"
            )));
        }
        // 32 bits is Photoshop's HDR mode: IEEE floats in linear light, tone-mapped to the
        // band by `float_to8`.
        let depth = match depth {
            1 | 8 | 16 | 32 => depth as u8,
            d => return Err(corrupt(format!("PSD depth {d}"))),
        };
        let (color_mode, process): (ColorMode, &[&str]) = match mode {
            0 => (ColorMode::Bitmap, &["Gray"]),
            1 => (ColorMode::Gray, &["Gray"]),
            // The palette entry of each pixel; `indexed` makes screens of them.
            2 => (ColorMode::Indexed, &["Index"]),
            3 => (ColorMode::Rgb, &["Red", "Green", "Blue"]),
            4 => (ColorMode::Cmyk, &["Cyan", "Magenta", "Yellow", "Black"]),
            7 => (ColorMode::Multichannel, &[]),
            8 => (ColorMode::Duotone, &["Gray"]),
            9 => (ColorMode::Lab, &["L", "a", "b"]),
            m => return Err(corrupt(format!("PSD colour mode {m}"))),
        };
        if (depth == 1) != (color_mode == ColorMode::Bitmap) {
            return Err(corrupt(format!("{depth}-bit {color_mode:?} PSD")));
        }
        if channels < process.len() {
            return Err(corrupt(format!(
                "{channels} channels for a {color_mode:?} PSD"
            )));
        }
        if depth == 32 && !matches!(color_mode, ColorMode::Gray | ColorMode::Rgb) {
            return Err(Reason::new(
                "psd_32bit_mode",
                format!(
                    "32-bit {color_mode:?} PSD (32-bit documents are read in grey and RGB, the \
                     modes Photoshop has at 32 bits)"
                ),
            )
            .with("mode", format!("{color_mode:?}"))
            .into());
        }
        if color_mode == ColorMode::Indexed {
            if depth != 8 {
                return Err(corrupt(format!("{depth}-bit indexed-colour PSD")));
            }
            if channels != 1 {
                return Err(Reason::new(
                    "psd_indexed_channels",
                    format!("indexed-colour PSD with {channels} channels"),
                )
                .with("channels", channels)
                .into());
            }
        }
        let row_bytes = (width as usize * depth as usize).div_ceil(8);
        let out_row = width as usize * channels;
        let per_row = row_bytes * channels + out_row;
        let band_rows = (limits.max_band_bytes / per_row).min(BAND_ROWS);
        if band_rows == 0 {
            return Err(ImagingError::TooLarge(format!(
                "one row needs {per_row} bytes (limit {})",
                limits.max_band_bytes
            )));
        }

        // Colour mode data: the colour table of an indexed file; a duotone's curves, skipped.
        let len = c.u32("colour mode data")?;
        let color_table = if color_mode == ColorMode::Indexed {
            if len != COLOR_TABLE_BYTES {
                return Err(corrupt(format!(
                    "indexed-colour PSD has a {len}-byte colour table, expected {COLOR_TABLE_BYTES}"
                )));
            }
            Some(c.vec(u64::from(len), "colour table")?)
        } else {
            c.seek(c.pos + u64::from(len), "colour mode data")?;
            None
        };

        let res_len = u64::from(c.u32("image resources")?);
        let res_end = c.pos + res_len;
        c.src.check_range(c.pos, res_len, "image resources")?;
        let resources = read_resources(&mut c, res_end)?;
        c.pos = res_end;
        let palette = match color_table {
            Some(table) => Some(indexed_palette(&table, &resources)?),
            None => None,
        };

        let (layer_count, merged_alpha, layer_names) = read_layers(&mut c, big)?;

        let compression = c.u16("image data")?;
        let data_start = c.pos;
        let rows_total = channels as u64 * u64::from(height);
        let composite = match compression {
            0 => {
                c.src.check_range(
                    data_start,
                    rows_total * row_bytes as u64,
                    "composite image data",
                )?;
                Composite::Raw { start: data_start }
            }
            1 => {
                let entry = if big { 4 } else { 2 };
                let table = c.vec(rows_total * entry, "RLE row byte counts")?;
                let counts: Vec<u32> = if big {
                    table
                        .chunks_exact(4)
                        .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
                        .collect()
                } else {
                    table
                        .chunks_exact(2)
                        .map(|b| u32::from(u16::from_be_bytes([b[0], b[1]])))
                        .collect()
                };
                // PackBits never grows a row by more than 1 byte in 128; allow generous slack.
                let max_row = (row_bytes * 2 + 64) as u64;
                if let Some(bad) = counts.iter().position(|n| u64::from(*n) > max_row) {
                    return Err(corrupt(format!(
                        "RLE row {bad} claims {} bytes",
                        counts[bad]
                    )));
                }
                let total: u64 = counts.iter().map(|n| u64::from(*n)).sum();
                c.src
                    .check_range(c.pos, total, "RLE composite image data")?;
                let mut starts = Vec::with_capacity(channels);
                let mut at = c.pos;
                for ch in counts.chunks_exact(height as usize) {
                    starts.push(at);
                    at += ch.iter().map(|n| u64::from(*n)).sum::<u64>();
                }
                Composite::Rle {
                    counts,
                    cursors: starts.clone(),
                    starts,
                }
            }
            2 | 3 => {
                return Err(
                    Reason::new("psd_zip_composite", "ZIP-compressed PSD composite").into(),
                );
            }
            m => return Err(corrupt(format!("composite compression {m}"))),
        };

        let (infos, invert) =
            classify_channels(color_mode, process, channels, merged_alpha, &resources);
        let info = ImageInfo {
            format: if big {
                FileFormat::Psb
            } else {
                FileFormat::Psd
            },
            width,
            height,
            bit_depth: depth,
            color_mode,
            dpi: resources.dpi,
            channels: infos,
            layer_count,
            layer_names,
            icc_profile: resources.icc,
            notes: Vec::new(),
        };
        Ok(PsdReader {
            src,
            info,
            palette,
            depth,
            row_bytes,
            composite,
            invert,
            band_rows,
            next_row: 0,
            compressed: Vec::new(),
        })
    }

    fn read_band(&mut self, top: u32, rows: usize) -> Result<Band, ImagingError> {
        let (width, height) = (self.info.width, self.info.height as usize);
        let channels = self.info.channels.len();
        let plane = rows * self.row_bytes;
        let mut planes = vec![0u8; plane * channels];
        match &mut self.composite {
            Composite::Raw { start } => {
                for (ch, dst) in planes.chunks_mut(plane).enumerate() {
                    let at = *start + ((ch * height + top as usize) * self.row_bytes) as u64;
                    self.src.read_exact_at(at, dst, "composite image data")?;
                }
            }
            Composite::Rle {
                counts, cursors, ..
            } => {
                // One read per channel, then the rows of all channels decoded in parallel.
                let mut spans = Vec::with_capacity(channels);
                self.compressed.clear();
                for (ch, cursor) in cursors.iter_mut().enumerate() {
                    let first = ch * height + top as usize;
                    let row_counts = &counts[first..first + rows];
                    let len: u64 = row_counts.iter().map(|n| u64::from(*n)).sum();
                    let at = self.compressed.len();
                    self.compressed.resize(at + len as usize, 0);
                    self.src.read_exact_at(
                        *cursor,
                        &mut self.compressed[at..],
                        "RLE image data",
                    )?;
                    *cursor += len;
                    spans.push((at, row_counts));
                }
                let compressed = &self.compressed;
                let row_bytes = self.row_bytes;
                planes
                    .par_chunks_mut(plane.max(1))
                    .zip(spans.par_iter())
                    .try_for_each(|(dst, (at, row_counts))| {
                        let mut pos = *at;
                        for (row, n) in dst.chunks_exact_mut(row_bytes).zip(row_counts.iter()) {
                            let n = *n as usize;
                            unpack_bits_exact(&compressed[pos..pos + n], row, "PSD composite row")?;
                            pos += n;
                        }
                        Ok::<(), ImagingError>(())
                    })?;
            }
        }

        let mut samples = vec![0u8; width as usize * channels * rows];
        let (depth, row_bytes, invert) = (self.depth, self.row_bytes, &self.invert);
        // 32-bit process channels are light; alpha and spot channels are amounts.
        let tones: Vec<Tone> = self
            .info
            .channels
            .iter()
            .map(|c| match c.kind {
                ChannelKind::Process => Tone::Light,
                _ => Tone::Amount,
            })
            .collect();
        samples
            .par_chunks_mut((width as usize * channels).max(1))
            .enumerate()
            .for_each(|(r, out)| {
                for (ch, (&inv, &tone)) in invert.iter().zip(&tones).enumerate() {
                    let src = &planes[ch * plane + r * row_bytes..][..row_bytes];
                    let flip = if inv { 255 } else { 0 };
                    let dst = out.iter_mut().skip(ch).step_by(channels);
                    match depth {
                        8 => dst.zip(src).for_each(|(d, s)| *d = s ^ flip),
                        16 => dst
                            .zip(src.chunks_exact(2))
                            .for_each(|(d, s)| *d = to8(u16::from_be_bytes([s[0], s[1]])) ^ flip),
                        32 => dst.zip(src.chunks_exact(4)).for_each(|(d, s)| {
                            let v = f32::from_be_bytes([s[0], s[1], s[2], s[3]]);
                            *d = float_to8(v, tone) ^ flip;
                        }),
                        // Bitmap: a set bit is black.
                        _ => dst.enumerate().for_each(|(x, d)| {
                            let bit = (src[x / 8] >> (7 - x % 8)) & 1;
                            *d = (if bit == 1 { 0 } else { 255 }) ^ flip;
                        }),
                    }
                }
            });
        Ok(Band {
            top,
            rows: rows as u32,
            width,
            channels,
            samples,
        })
    }
}

impl BandReader for PsdReader {
    fn info(&self) -> &ImageInfo {
        &self.info
    }

    fn next_band(&mut self) -> Result<Option<Band>, ImagingError> {
        let top = self.next_row;
        if top >= self.info.height {
            return Ok(None);
        }
        let rows = self.band_rows.min((self.info.height - top) as usize);
        match self.read_band(top, rows) {
            Ok(band) => {
                self.next_row += rows as u32;
                Ok(Some(band))
            }
            Err(e) => {
                self.next_row = self.info.height;
                Err(e)
            }
        }
    }
}

impl IndexReader for PsdReader {
    fn palette(&self) -> Option<&Palette> {
        self.palette.as_ref()
    }

    fn rewind(&mut self) {
        self.next_row = 0;
        if let Composite::Rle {
            cursors, starts, ..
        } = &mut self.composite
        {
            cursors.clone_from(starts);
        }
    }
}

/// The palette of an indexed-colour document: the entries resource 1046 says are in use (all
/// 256 without it), and the transparent entry of resource 1047 when it is one of them.
fn indexed_palette(table: &[u8], res: &Resources) -> Result<Palette, ImagingError> {
    let count = usize::from(res.color_count.unwrap_or(256));
    if count == 0 || count > 256 || table.len() != COLOR_TABLE_BYTES as usize {
        return Err(corrupt(format!(
            "indexed-colour PSD says it uses {count} of its 256 colours"
        )));
    }
    Ok(Palette {
        colors: (0..count)
            .map(|i| [table[i], table[256 + i], table[512 + i]])
            .collect(),
        transparent: res
            .transparent_index
            .filter(|t| usize::from(*t) < count)
            .map(|t| t as u8),
    })
}

fn read_resources(c: &mut Cursor<'_>, end: u64) -> Result<Resources, ImagingError> {
    let mut r = Resources::default();
    while c.pos + 12 <= end {
        let sig: [u8; 4] = c.bytes("image resource")?;
        if !matches!(&sig, b"8BIM" | b"MeSa" | b"AgHg" | b"PHUT" | b"DCSR") {
            // Past the last valid block: stop rather than guess.
            break;
        }
        let id = c.u16("image resource")?;
        let name_len = u64::from(c.u8("image resource name")?);
        // The Pascal name, length byte included, is padded to an even size.
        c.pos += (name_len + 1).next_multiple_of(2) - 1;
        let size = u64::from(c.u32("image resource")?);
        let data_pos = c.pos;
        let next = data_pos + size.next_multiple_of(2);
        if data_pos + size > end {
            return Err(corrupt(format!(
                "image resource {id} runs past its section"
            )));
        }
        let wanted = matches!(id, 1005 | 1006 | 1007 | 1039 | 1045 | 1046 | 1047 | 1077);
        if wanted && size <= MAX_RESOURCE {
            let data = c.vec(size, "image resource")?;
            match id {
                1005 => r.dpi = parse_resolution(&data),
                1006 => r.names = parse_pascal_list(&data),
                1045 => r.unicode_names = parse_unicode_list(&data),
                1077 => r.display = parse_display_info(data.get(4..).unwrap_or_default(), 13),
                1007 => r.display_obsolete = parse_display_info(&data, 14),
                1039 if !data.is_empty() => r.icc = Some(data),
                1046 | 1047 if data.len() >= 2 => {
                    let v = u16::from_be_bytes([data[0], data[1]]);
                    if id == 1046 {
                        r.color_count = Some(v);
                    } else {
                        r.transparent_index = Some(v);
                    }
                }
                _ => {}
            }
        }
        c.pos = next;
    }
    Ok(r)
}

/// ResolutionInfo: horizontal and vertical resolution as 16.16 fixed point, always pixels per
/// inch (the unit fields only say how Photoshop displays them).
fn parse_resolution(d: &[u8]) -> Option<(f64, f64)> {
    if d.len() < 16 {
        return None;
    }
    let fixed =
        |i: usize| f64::from(u32::from_be_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]])) / 65536.0;
    let (h, v) = (fixed(0), fixed(8));
    (h > 0.0).then_some((h, if v > 0.0 { v } else { h }))
}

fn parse_pascal_list(d: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    let mut i = 0;
    while let Some(&n) = d.get(i) {
        let Some(s) = d.get(i + 1..i + 1 + n as usize) else {
            break;
        };
        names.push(mac_roman(s));
        i += 1 + n as usize;
    }
    names
}

fn parse_unicode_list(d: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    let mut i = 0;
    while i + 4 <= d.len() {
        let n = u32::from_be_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]) as usize;
        let Some(chars) = d.get(i + 4..i + 4 + n.saturating_mul(2)) else {
            break;
        };
        names.push(utf16_be(chars));
        i += 4 + 2 * n;
    }
    names
}

/// DisplayInfo entries: colour space, four colour components, opacity, kind (and a pad byte in
/// the obsolete 1007 form).
fn parse_display_info(d: &[u8], entry: usize) -> Vec<(u16, [u16; 4], u8)> {
    d.chunks_exact(entry)
        .map(|e| {
            let w = |i: usize| u16::from_be_bytes([e[i], e[i + 1]]);
            (w(0), [w(2), w(4), w(6), w(8)], e[12])
        })
        .collect()
}

fn utf16_be(b: &[u8]) -> String {
    let units: Vec<u16> = b
        .chunks_exact(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    String::from_utf16_lossy(&units)
        .trim_end_matches('\0')
        .to_string()
}

/// Pascal strings in PSD are Mac Roman; ASCII is the same, the rest is read as Latin-1, which is
/// close enough for a fallback name (the Unicode names win when present).
fn mac_roman(b: &[u8]) -> String {
    b.iter()
        .map(|&c| char::from(c))
        .collect::<String>()
        .trim_end_matches('\0')
        .to_string()
}

/// Additional-information keys whose length is 8 bytes in PSB.
fn wide_key(key: &[u8; 4]) -> bool {
    matches!(
        key,
        b"LMsk"
            | b"Lr16"
            | b"Lr32"
            | b"Layr"
            | b"Mt16"
            | b"Mt32"
            | b"Mtrn"
            | b"Alph"
            | b"FMsk"
            | b"lnk2"
            | b"FEid"
            | b"FXid"
            | b"PxSD"
    )
}

/// Reads the layer and mask information section: the layer count, whether the first extra
/// channel is the merged transparency (negative count), and the layer names. Leaves the cursor
/// at the composite image data.
fn read_layers(c: &mut Cursor<'_>, big: bool) -> Result<(u32, bool, Vec<String>), ImagingError> {
    let section = c.length(big, "layer and mask information")?;
    let start = c.pos;
    let end = start
        .checked_add(section)
        .ok_or_else(|| corrupt("layer and mask section length overflows"))?;
    c.src
        .check_range(start, section, "layer and mask information")?;
    let mut result = (0u32, false, Vec::new());
    if section > 0 {
        let info_len = c.length(big, "layer info")?;
        let info_end = match c.pos.checked_add(info_len) {
            Some(e) if e <= end => e,
            _ => return Err(corrupt("layer info runs past its section")),
        };
        if info_len > 0 {
            result = read_layer_records(c, big, info_end)?;
        }
        // Global layer mask info, then additional information blocks; a 16- or 32-bit document
        // keeps its layers in Lr16/Lr32 here with a zero count above.
        c.pos = info_end;
        if c.pos + 4 <= end {
            let mask_len = u64::from(c.u32("global layer mask")?);
            c.pos += mask_len;
            while c.pos + 12 <= end {
                let sig: [u8; 4] = c.bytes("additional layer information")?;
                if &sig != b"8BIM" && &sig != b"8B64" {
                    break;
                }
                let key: [u8; 4] = c.bytes("additional layer information")?;
                let len = c.length(big && wide_key(&key), "additional layer information")?;
                let data = c.pos;
                let next = data.saturating_add(len);
                if next > end {
                    break;
                }
                if matches!(&key, b"Lr16" | b"Lr32" | b"Layr") && result.0 == 0 && len > 2 {
                    result = read_layer_records(c, big, next)?;
                }
                c.pos = next;
            }
        }
    }
    c.pos = end;
    Ok(result)
}

/// Layer count and layer records up to `end`: names only, pixel data is never read.
fn read_layer_records(
    c: &mut Cursor<'_>,
    big: bool,
    end: u64,
) -> Result<(u32, bool, Vec<String>), ImagingError> {
    let count = c.u16("layer count")? as i16;
    let merged_alpha = count < 0;
    let count = usize::from(count.unsigned_abs());
    if count > MAX_LAYERS {
        return Err(corrupt(format!("{count} layers")));
    }
    let mut names = Vec::with_capacity(count.min(1024));
    for i in 0..count {
        if c.pos + 34 > end {
            return Err(corrupt(format!(
                "layer record {i} runs past the layer info"
            )));
        }
        c.pos += 16; // bounds rectangle
        let nch = u64::from(c.u16("layer record")?);
        c.pos += nch * if big { 10 } else { 6 };
        let sig: [u8; 4] = c.bytes("layer record")?;
        if &sig != b"8BIM" {
            return Err(corrupt(format!(
                "layer record {i} has no blend mode signature"
            )));
        }
        c.pos += 8; // blend key, opacity, clipping, flags, filler
        let extra_len = u64::from(c.u32("layer record")?);
        let extra_end = c.pos + extra_len;
        if extra_end > end {
            return Err(corrupt(format!(
                "layer record {i} runs past the layer info"
            )));
        }
        let mask_len = u64::from(c.u32("layer mask data")?);
        c.pos += mask_len;
        let blend_len = u64::from(c.u32("layer blending ranges")?);
        c.pos += blend_len;
        let name_len = c.u8("layer name")?;
        let name_bytes = c.vec(u64::from(name_len), "layer name")?;
        // The Pascal name, length byte included, is padded to a multiple of 4.
        c.pos += (u64::from(name_len) + 1).next_multiple_of(4) - (u64::from(name_len) + 1);
        let mut name = mac_roman(&name_bytes);
        while c.pos + 12 <= extra_end {
            let sig: [u8; 4] = c.bytes("layer information")?;
            if &sig != b"8BIM" && &sig != b"8B64" {
                break;
            }
            let key: [u8; 4] = c.bytes("layer information")?;
            let len = c.length(big && wide_key(&key), "layer information")?;
            let next = c.pos.saturating_add(len);
            if next > extra_end {
                break;
            }
            if &key == b"luni" && len >= 4 {
                let n = u64::from(c.u32("unicode layer name")?);
                if 4 + 2 * n <= len {
                    name = utf16_be(&c.vec(2 * n, "unicode layer name")?);
                }
            }
            c.pos = next;
        }
        c.pos = extra_end;
        names.push(name);
    }
    Ok((count as u32, merged_alpha, names))
}

/// Names, kinds and colours of the channels, and which are stored inverted.
fn classify_channels(
    mode: ColorMode,
    process: &[&str],
    channels: usize,
    merged_alpha: bool,
    res: &Resources,
) -> (Vec<ChannelInfo>, Vec<bool>) {
    let mut infos = Vec::with_capacity(channels);
    let mut invert = Vec::with_capacity(channels);
    for name in process {
        infos.push(ChannelInfo {
            name: (*name).to_string(),
            kind: ChannelKind::Process,
            color: None,
        });
        invert.push(mode == ColorMode::Cmyk);
    }
    let mut extra = process.len();
    if merged_alpha && extra < channels && mode != ColorMode::Multichannel {
        // The document's transparency, not listed in the channel resources.
        infos.push(ChannelInfo {
            name: "Transparency".into(),
            kind: ChannelKind::Alpha,
            color: None,
        });
        invert.push(false);
        extra += 1;
    }
    let display = if res.display.is_empty() {
        &res.display_obsolete
    } else {
        &res.display
    };
    let (mut spots, mut alphas) = (0, 0);
    for k in 0..channels - extra {
        let shown = display.get(k);
        let kind = match (mode, shown) {
            (ColorMode::Multichannel, _) => 2,
            (_, Some((_, _, kind))) => *kind,
            (_, None) => 0,
        };
        let stored = res
            .unicode_names
            .get(k)
            .filter(|n| !n.is_empty())
            .or_else(|| res.names.get(k).filter(|n| !n.is_empty()))
            .cloned();
        if kind == 2 {
            spots += 1;
            infos.push(ChannelInfo {
                name: stored.unwrap_or_else(|| format!("Spot {spots}")),
                kind: ChannelKind::Spot,
                // Only a channel the file itself calls a spot has an ink colour (the colour of
                // an alpha channel is its mask overlay).
                color: shown
                    .filter(|d| d.2 == 2)
                    .and_then(|(space, c, _)| display_color(*space, *c)),
            });
            invert.push(true);
        } else {
            alphas += 1;
            infos.push(ChannelInfo {
                name: stored.unwrap_or_else(|| format!("Alpha {alphas}")),
                kind: ChannelKind::Alpha,
                color: None,
            });
            invert.push(kind == 1);
        }
    }
    (infos, invert)
}

/// A Photoshop colour structure as sRGB, for the colour spaces that need no colour book.
fn display_color(space: u16, c: [u16; 4]) -> Option<[u8; 3]> {
    let unit = |v: u16| f64::from(v) / 65535.0;
    let byte = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    match space {
        0 => Some([(c[0] >> 8) as u8, (c[1] >> 8) as u8, (c[2] >> 8) as u8]),
        1 => {
            let (h, s, v) = (unit(c[0]) * 6.0, unit(c[1]), unit(c[2]));
            let i = (h.floor() as i32).rem_euclid(6);
            let f = h - h.floor();
            let (p, q, t) = (v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f)));
            let (r, g, b) = match i {
                0 => (v, t, p),
                1 => (q, v, p),
                2 => (p, v, t),
                3 => (p, q, v),
                4 => (t, p, v),
                _ => (v, p, q),
            };
            Some([byte(r), byte(g), byte(b)])
        }
        // CMYK: 65535 is no ink; shown as printed to the default profile, like CMYK pixels.
        2 => Some(crate::color::default_cmyk_to_srgb(
            c.map(|v| 255 - (v >> 8) as u8),
        )),
        7 => {
            let l = f64::from(c[0]) / 100.0;
            let a = f64::from(c[1] as i16) / 100.0;
            let b = f64::from(c[2] as i16) / 100.0;
            Some(lab_to_srgb(l, a, b))
        }
        // Grayscale: 0..10000 of black ink.
        8 => {
            let v = 1.0 - (f64::from(c[0]) / 10000.0);
            Some([byte(v), byte(v), byte(v)])
        }
        _ => None,
    }
}

/// CIE Lab (D50, as Photoshop uses) to sRGB, with a Bradford adaptation to D65.
pub(crate) fn lab_to_srgb(l: f64, a: f64, b: f64) -> [u8; 3] {
    let fy = (l + 16.0) / 116.0;
    let fx = fy + a / 500.0;
    let fz = fy - b / 200.0;
    let finv = |t: f64| {
        if t > 6.0 / 29.0 {
            t * t * t
        } else {
            3.0 * (6.0f64 / 29.0).powi(2) * (t - 4.0 / 29.0)
        }
    };
    let (x, y, z) = (0.9642 * finv(fx), finv(fy), 0.8249 * finv(fz));
    // D50 XYZ straight to linear sRGB (Bradford-adapted matrix).
    let r = 3.1338561 * x - 1.6168667 * y - 0.4906146 * z;
    let g = -0.9787684 * x + 1.9161415 * y + 0.0334540 * z;
    let bl = 0.0719453 * x - 0.2289914 * y + 1.4052427 * z;
    let gamma = |v: f64| {
        let v = v.clamp(0.0, 1.0);
        let s = if v <= 0.0031308 {
            12.92 * v
        } else {
            1.055 * v.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    };
    [gamma(r), gamma(g), gamma(bl)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_display_colours() {
        assert_eq!(display_color(0, [65535, 0, 32768, 0]), Some([255, 0, 128]));
        // Pure cyan in Photoshop's CMYK (0 = full ink), as printed to the default profile.
        assert_eq!(
            display_color(2, [0, 65535, 65535, 65535]),
            Some(crate::color::default_cmyk_to_srgb([255, 0, 0, 0]))
        );
        assert_eq!(display_color(7, [10000, 0, 0, 0]), Some([255, 255, 255]));
        assert_eq!(display_color(7, [0, 0, 0, 0]), Some([0, 0, 0]));
        assert_eq!(display_color(3, [1, 2, 3, 4]), None);
        let red = lab_to_srgb(53.24, 80.09, 67.20);
        assert!(red[0] > 240 && red[1] < 40 && red[2] < 40, "{red:?}");
    }
}
