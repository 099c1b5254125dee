//! Writers of TIFF, BigTIFF, PSD and PSB files: test fixtures and the demo archive's realistic
//! production files (spot channels with names and colours, layers, ICC profiles, 16 bits), and
//! fixtures of palette colour (TIFF, PSD), of any integer bit depth from 1 to 32 (TIFF) and of
//! floating point samples (16, 32 and 64-bit TIFF, 32-bit PSD/PSB).
//!
//! Samples are given in the normalised semantics of [`crate::Band`] (light RGB and gray, ink
//! coverage for CMYK and spot channels, opacity for alpha); each writer converts to the polarity
//! its format stores. The streaming forms ask for rows one at a time, top to bottom, and hold
//! only a band of rows, so a 12,000 x 12,000 design never sits in memory whole.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};

use rayon::prelude::*;

use crate::{ChannelInfo, ChannelKind, ColorMode, ImagingError};

/// Everything about an image to write except its samples.
#[derive(Debug, Clone, PartialEq)]
pub struct WriteSpec {
    pub width: u32,
    pub height: u32,
    /// 8 or 16.
    pub bit_depth: u8,
    /// Rgb, Cmyk, Gray or Multichannel.
    pub color_mode: ColorMode,
    /// Resolution in dots per inch, both directions.
    pub dpi: f64,
    /// Process channels first (none for Multichannel), then spot and alpha channels.
    pub channels: Vec<ChannelInfo>,
    /// PSD/PSB only: that many (empty) layers with these names. TIFF ignores them.
    pub layer_names: Vec<String>,
    pub icc_profile: Option<Vec<u8>>,
}

/// Interleaved samples in channel order, row by row.
#[derive(Debug, Clone, PartialEq)]
pub enum Samples {
    U8(Vec<u8>),
    U16(Vec<u16>),
}

/// An image held whole, for [`write_tiff`] and [`write_psd`].
#[derive(Debug, Clone, PartialEq)]
pub struct WriteImage {
    pub spec: WriteSpec,
    pub samples: Samples,
}

/// One row to fill, interleaved, in the spec's bit depth.
pub enum RowMut<'a> {
    U8(&'a mut [u8]),
    U16(&'a mut [u16]),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TiffCompression {
    None,
    #[default]
    Lzw,
    Deflate,
    PackBits,
    /// One ZSTD frame per strip or tile (Compression 50000).
    Zstd,
    /// One .xz stream per strip or tile (Compression 34925), as libtiff writes LZMA.
    Lzma,
    /// One lossless WebP picture per strip or tile (Compression 50001): 8-bit RGB or RGBA
    /// only.
    WebP,
}

impl TiffCompression {
    /// The value of the Compression tag.
    fn tag(self) -> u64 {
        match self {
            TiffCompression::None => 1,
            TiffCompression::Lzw => 5,
            TiffCompression::Deflate => 8,
            TiffCompression::PackBits => 32773,
            TiffCompression::Zstd => 50000,
            TiffCompression::Lzma => 34925,
            TiffCompression::WebP => 50001,
        }
    }

    /// Whether the horizontal predictor may go before it.
    fn predicts(self) -> bool {
        matches!(
            self,
            TiffCompression::Lzw
                | TiffCompression::Deflate
                | TiffCompression::Zstd
                | TiffCompression::Lzma
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TiffOptions {
    pub compression: TiffCompression,
    /// Horizontal differencing before LZW or Deflate (ignored for the others).
    pub predictor: bool,
    /// Square tiles of this size (a multiple of 16) instead of strips.
    pub tiled: Option<u32>,
    pub planar_separate: bool,
    pub bigtiff: bool,
    /// Rows per strip; None aims at 64 KiB strips. `Some(height)` writes one strip, as some
    /// older tools do.
    pub rows_per_strip: Option<u32>,
}

impl Default for TiffOptions {
    /// LZW with predictor in strips: what production tools write most.
    fn default() -> Self {
        TiffOptions {
            compression: TiffCompression::Lzw,
            predictor: true,
            tiled: None,
            planar_separate: false,
            bigtiff: false,
            rows_per_strip: None,
        }
    }
}

/// Rows gathered per band while writing.
const BAND_ROWS: u32 = 256;
/// Strips aim at this many uncompressed bytes.
const STRIP_BYTES: usize = 64 * 1024;

/// An image to write has a real, positive resolution.
fn check_resolution(dpi: f64) -> Result<(), ImagingError> {
    if !dpi.is_finite() || dpi <= 0.0 {
        return Err(encode_err(format!("resolution {dpi} dpi")));
    }
    Ok(())
}

/// An image to write has a sample for each channel of each pixel.
fn check_sample_count(samples: usize, expected: usize) -> Result<(), ImagingError> {
    if samples != expected {
        return Err(encode_err(format!(
            "{samples} samples, expected {expected}"
        )));
    }
    Ok(())
}

fn encode_err(what: impl Into<String>) -> ImagingError {
    ImagingError::Encode(what.into())
}

fn process_names(mode: ColorMode) -> Result<&'static [&'static str], ImagingError> {
    Ok(match mode {
        ColorMode::Rgb => &["Red", "Green", "Blue"],
        ColorMode::Cmyk => &["Cyan", "Magenta", "Yellow", "Black"],
        ColorMode::Gray => &["Gray"],
        ColorMode::Multichannel => &[],
        other => return Err(encode_err(format!("cannot write {other:?} images"))),
    })
}

impl WriteSpec {
    /// Checks the spec is writable: depth, channel order and counts.
    pub fn validate(&self) -> Result<(), ImagingError> {
        if self.width == 0 || self.height == 0 {
            return Err(encode_err("image has no pixels"));
        }
        if self.bit_depth != 8 && self.bit_depth != 16 {
            return Err(encode_err(format!(
                "bit depth {} (8 or 16 only)",
                self.bit_depth
            )));
        }
        let process = process_names(self.color_mode)?.len();
        if self.channels.len() < process.max(1) {
            return Err(encode_err(format!(
                "{} channels for a {:?} image",
                self.channels.len(),
                self.color_mode
            )));
        }
        for (i, c) in self.channels.iter().enumerate() {
            if (i < process) != (c.kind == ChannelKind::Process) {
                return Err(encode_err(format!(
                    "channel {i} ({}) is {:?}: process channels come first, and only they",
                    c.name, c.kind
                )));
            }
        }
        check_resolution(self.dpi)
    }

    fn samples_len(&self) -> usize {
        self.width as usize * self.height as usize * self.channels.len()
    }

    fn row_samples(&self) -> usize {
        self.width as usize * self.channels.len()
    }

    fn bytes_per_sample(&self) -> usize {
        usize::from(self.bit_depth / 8)
    }
}

/// A band of rows gathered from the caller, interleaved.
enum BandBuf {
    U8(Vec<u8>),
    U16(Vec<u16>),
}

impl BandBuf {
    fn new(spec: &WriteSpec, rows: u32) -> Self {
        let n = spec.row_samples() * rows as usize;
        if spec.bit_depth == 16 {
            BandBuf::U16(vec![0; n])
        } else {
            BandBuf::U8(vec![0; n])
        }
    }

    /// Asks the caller for rows `top..top + rows`.
    fn fill<F>(
        &mut self,
        spec: &WriteSpec,
        top: u32,
        rows: u32,
        source: &mut F,
    ) -> Result<(), ImagingError>
    where
        F: FnMut(u32, RowMut<'_>) -> Result<(), ImagingError>,
    {
        let rs = spec.row_samples();
        match self {
            BandBuf::U8(v) => {
                for (i, row) in v.chunks_exact_mut(rs).take(rows as usize).enumerate() {
                    source(top + i as u32, RowMut::U8(row))?;
                }
            }
            BandBuf::U16(v) => {
                for (i, row) in v.chunks_exact_mut(rs).take(rows as usize).enumerate() {
                    source(top + i as u32, RowMut::U16(row))?;
                }
            }
        }
        Ok(())
    }

    /// Samples `start..start + n` as stored little-endian bytes (TIFF chunky rows).
    fn put_run(&self, start: usize, n: usize, out: &mut Vec<u8>) {
        match self {
            BandBuf::U8(v) => out.extend_from_slice(&v[start..start + n]),
            BandBuf::U16(v) => v[start..start + n]
                .iter()
                .for_each(|s| out.extend_from_slice(&s.to_le_bytes())),
        }
    }

    /// Channel `c` of the pixels in samples `start..start + samples` as little-endian bytes
    /// (TIFF planes).
    fn plane(&self, c: usize, channels: usize, start: usize, samples: usize, out: &mut Vec<u8>) {
        match self {
            BandBuf::U8(v) => {
                out.extend(v[start..start + samples].iter().skip(c).step_by(channels))
            }
            BandBuf::U16(v) => {
                for s in v[start..start + samples].iter().skip(c).step_by(channels) {
                    out.extend_from_slice(&s.to_le_bytes());
                }
            }
        }
    }

    /// Channel `c` of the first `samples` samples in file polarity, big endian (PSD planes).
    fn psd_plane(
        &self,
        c: usize,
        channels: usize,
        samples: usize,
        invert: bool,
        out: &mut Vec<u8>,
    ) {
        match self {
            BandBuf::U8(v) => {
                let flip = if invert { 255 } else { 0 };
                out.extend(
                    v[..samples]
                        .iter()
                        .skip(c)
                        .step_by(channels)
                        .map(|s| s ^ flip),
                );
            }
            BandBuf::U16(v) => {
                let flip = if invert { 65535 } else { 0 };
                for s in v[..samples].iter().skip(c).step_by(channels) {
                    out.extend_from_slice(&(s ^ flip).to_be_bytes());
                }
            }
        }
    }
}

/// Row source over an image held whole.
fn whole_image_rows(
    image: &WriteImage,
) -> Result<impl FnMut(u32, RowMut<'_>) -> Result<(), ImagingError> + '_, ImagingError> {
    let spec = &image.spec;
    let rs = spec.row_samples();
    let len = match &image.samples {
        Samples::U8(v) if spec.bit_depth == 8 => v.len(),
        Samples::U16(v) if spec.bit_depth == 16 => v.len(),
        _ => return Err(encode_err("sample type does not match the bit depth")),
    };
    if len != spec.samples_len() {
        return Err(encode_err(format!(
            "{len} samples, expected {}",
            spec.samples_len()
        )));
    }
    Ok(move |y: u32, row: RowMut<'_>| {
        let start = y as usize * rs;
        match (row, &image.samples) {
            (RowMut::U8(r), Samples::U8(v)) => r.copy_from_slice(&v[start..start + rs]),
            (RowMut::U16(r), Samples::U16(v)) => r.copy_from_slice(&v[start..start + rs]),
            _ => return Err(encode_err("sample type does not match the bit depth")),
        }
        Ok(())
    })
}

// =============================================================================================
// TIFF

/// Writes a whole image as TIFF or BigTIFF.
pub fn write_tiff<W: Write + Seek>(
    w: W,
    image: &WriteImage,
    opts: &TiffOptions,
) -> Result<(), ImagingError> {
    let rows = whole_image_rows(image)?;
    write_tiff_streaming(w, &image.spec, opts, rows)
}

/// Writes a TIFF whose rows come from `rows(y, row)`, called once per row, top to bottom.
/// Strips or tiles are compressed in parallel a band at a time and written as they are done;
/// the IFD goes at the end.
pub fn write_tiff_streaming<W, F>(
    w: W,
    spec: &WriteSpec,
    opts: &TiffOptions,
    mut rows: F,
) -> Result<(), ImagingError>
where
    W: Write + Seek,
    F: FnMut(u32, RowMut<'_>) -> Result<(), ImagingError>,
{
    spec.validate()?;
    let process = process_names(spec.color_mode)?.len();
    let spp = spec.channels.len();
    if spp > u16::MAX as usize {
        return Err(encode_err("too many channels"));
    }
    if spec.color_mode == ColorMode::Multichannel {
        // Inks are the samples before the extra samples: alpha channels must come last.
        let first_alpha = spec
            .channels
            .iter()
            .position(|c| c.kind == ChannelKind::Alpha)
            .unwrap_or(spp);
        if spec.channels[first_alpha..]
            .iter()
            .any(|c| c.kind != ChannelKind::Alpha)
            || first_alpha == 0
        {
            return Err(encode_err(
                "a multichannel TIFF needs its spot channels before its alpha channels",
            ));
        }
    }
    // ExtraSamples: 2 (unassociated alpha) for alpha, 0 (unspecified) for spot channels. In a
    // multichannel file the spot channels are the inks themselves, not extra samples.
    let extra: Vec<u64> = spec.channels[process..]
        .iter()
        .filter(|c| spec.color_mode != ColorMode::Multichannel || c.kind == ChannelKind::Alpha)
        .map(|c| if c.kind == ChannelKind::Alpha { 2 } else { 0 })
        .collect();
    let bps = spec.bytes_per_sample();
    let (width, height) = (spec.width, spec.height);
    if let Some(t) = opts.tiled
        && (t == 0 || !t.is_multiple_of(16))
    {
        return Err(encode_err(format!("tile size {t} is not a multiple of 16")));
    }
    let predictor = opts.predictor && opts.compression.predicts();
    let (planes, chunk_spp) = if opts.planar_separate {
        (spp, 1)
    } else {
        (1, spp)
    };
    let (chunk_w, chunk_h) = match opts.tiled {
        Some(t) => (t, t),
        None => {
            let row = width as usize * chunk_spp * bps;
            let rows = opts
                .rows_per_strip
                .unwrap_or((STRIP_BYTES / row.max(1)).max(1) as u32);
            (width, rows.clamp(1, height))
        }
    };
    let across = width.div_ceil(chunk_w);
    let down = height.div_ceil(chunk_h);
    let per_plane = (across * down) as usize;
    let mut offsets = vec![0u64; per_plane * planes];
    let mut counts = vec![0u64; per_plane * planes];
    let band_rows = if opts.tiled.is_some() {
        chunk_h
    } else {
        chunk_h * (BAND_ROWS / chunk_h).max(1)
    };

    let mut w = BufWriter::with_capacity(1 << 20, w);
    let start = start_tiff(&mut w, opts.bigtiff)?;
    let mut band = BandBuf::new(spec, band_rows);
    let mut top = 0;
    while top < height {
        let rows_here = band_rows.min(height - top);
        band.fill(spec, top, rows_here, &mut rows)?;
        // Chunks of this band: (index, raw bytes).
        let ty0 = top / chunk_h;
        let ty1 = (top + rows_here).div_ceil(chunk_h);
        let jobs: Vec<(usize, u32, u32)> = (0..planes)
            .flat_map(|p| (ty0..ty1).flat_map(move |ty| (0..across).map(move |tx| (p, ty, tx))))
            .map(|(p, ty, tx)| (p * per_plane + (ty * across + tx) as usize, ty, tx))
            .collect();
        let encoded: Vec<Result<Vec<u8>, ImagingError>> = jobs
            .par_iter()
            .map(|&(index, ty, tx)| {
                let p = index / per_plane;
                let y0 = ty * chunk_h - top;
                let chunk_rows = if opts.tiled.is_some() {
                    chunk_h
                } else {
                    chunk_h.min(height - ty * chunk_h)
                };
                let mut raw =
                    Vec::with_capacity(chunk_w as usize * chunk_rows as usize * chunk_spp * bps);
                for r in 0..chunk_rows {
                    let y = y0 + r;
                    let row_start = raw.len();
                    if top + y < height {
                        let (x0, x1) = (tx * chunk_w, ((tx + 1) * chunk_w).min(width));
                        let first = (y as usize * width as usize + x0 as usize) * spp;
                        let pixels = (x1 - x0) as usize;
                        if opts.planar_separate {
                            band.plane(p, spp, first, pixels * spp, &mut raw);
                        } else {
                            band.put_run(first, pixels * spp, &mut raw);
                        }
                    }
                    // Tiles on the right and bottom edges are padded.
                    raw.resize(row_start + chunk_w as usize * chunk_spp * bps, 0);
                    if predictor {
                        apply_predictor(&mut raw[row_start..], chunk_spp, bps);
                    }
                }
                compress(
                    opts.compression,
                    &raw,
                    chunk_w as usize * chunk_spp * bps,
                    (chunk_w, chunk_spp, bps),
                )
            })
            .collect();
        for ((index, _, _), data) in jobs.iter().zip(encoded) {
            let data = data?;
            offsets[*index] = w.stream_position()? - start;
            counts[*index] = data.len() as u64;
            w.write_all(&data)?;
        }
        top += rows_here;
    }

    // The IFD.
    let mut ifd = IfdWriter::new(opts.bigtiff);
    ifd.add(254, 4, &[0]);
    ifd.add(256, 4, &[u64::from(width)]);
    ifd.add(257, 4, &[u64::from(height)]);
    ifd.add(258, 3, &vec![u64::from(spec.bit_depth); spp]);
    ifd.add(259, 3, &[opts.compression.tag()]);
    let photometric = match spec.color_mode {
        ColorMode::Gray => 1,
        ColorMode::Rgb => 2,
        _ => 5,
    };
    ifd.add(262, 3, &[photometric]);
    let offset_type = if opts.bigtiff { 16 } else { 4 };
    if opts.tiled.is_none() {
        ifd.add(273, offset_type, &offsets);
    }
    ifd.add(277, 3, &[spp as u64]);
    if opts.tiled.is_none() {
        ifd.add(278, 4, &[u64::from(chunk_h)]);
        ifd.add(279, offset_type, &counts);
    }
    let dpi = rational(spec.dpi);
    ifd.add_raw(282, 5, 1, dpi.to_vec());
    ifd.add_raw(283, 5, 1, dpi.to_vec());
    ifd.add(284, 3, &[if opts.planar_separate { 2 } else { 1 }]);
    ifd.add(296, 3, &[2]);
    ifd.add_raw(305, 2, 8, b"imaging\0".to_vec());
    if predictor {
        ifd.add(317, 3, &[2]);
    }
    if let Some(t) = opts.tiled {
        ifd.add(322, 4, &[u64::from(t)]);
        ifd.add(323, 4, &[u64::from(t)]);
        ifd.add(324, offset_type, &offsets);
        ifd.add(325, offset_type, &counts);
    }
    let has_spots = spec.channels.iter().any(|c| c.kind == ChannelKind::Spot);
    if matches!(spec.color_mode, ColorMode::Cmyk | ColorMode::Multichannel) {
        ifd.add(
            332,
            3,
            &[if spec.color_mode == ColorMode::Cmyk {
                1
            } else {
                2
            }],
        );
    }
    if has_spots || spec.color_mode == ColorMode::Cmyk {
        // Names of every sample, so a reader finds sample i's name at position i.
        let mut names = Vec::new();
        for c in &spec.channels {
            names.extend(c.name.bytes().filter(|b| *b != 0));
            names.push(0);
        }
        let n = names.len() as u64;
        ifd.add_raw(333, 2, n, names);
        ifd.add(334, 3, &[spp as u64]);
    }
    if !extra.is_empty() {
        ifd.add(338, 3, &extra);
    }
    ifd.add(339, 3, &vec![1; spp]);
    if let Some(icc) = &spec.icc_profile {
        ifd.add_raw(34675, 7, icc.len() as u64, icc.clone());
    }
    finish_tiff(&mut w, start, ifd)
}

/// Writes the header of a little-endian TIFF (or BigTIFF) whose IFD offset [`finish_tiff`]
/// fills in. Answers where the file starts.
fn start_tiff<W: Write + Seek>(w: &mut W, bigtiff: bool) -> Result<u64, ImagingError> {
    let start = w.stream_position()?;
    if bigtiff {
        w.write_all(b"II+\0\x08\0\0\0")?;
        w.write_all(&0u64.to_le_bytes())?;
    } else {
        w.write_all(b"II*\0")?;
        w.write_all(&0u32.to_le_bytes())?;
    }
    Ok(start)
}

/// Writes the IFD after the image data and points the header at it.
fn finish_tiff<W: Write + Seek>(w: &mut W, start: u64, ifd: IfdWriter) -> Result<(), ImagingError> {
    let big = ifd.big;
    let mut pos = w.stream_position()? - start;
    if !pos.is_multiple_of(2) {
        w.write_all(&[0])?;
        pos += 1;
    }
    if !big && pos > u64::from(u32::MAX) {
        // Every offset lies before the IFD, so this one check covers them all.
        return Err(encode_err("file exceeds 4 GiB: write BigTIFF"));
    }
    let bytes = ifd.finish(pos)?;
    w.write_all(&bytes)?;
    let end = w.stream_position()?;
    w.seek(SeekFrom::Start(start + if big { 8 } else { 4 }))?;
    if big {
        w.write_all(&pos.to_le_bytes())?;
    } else {
        let pos =
            u32::try_from(pos).map_err(|_| encode_err("file exceeds 4 GiB: write BigTIFF"))?;
        w.write_all(&pos.to_le_bytes())?;
    }
    w.seek(SeekFrom::Start(end))?;
    w.flush()?;
    Ok(())
}

/// Horizontal differencing of one row of little-endian samples of `bps` bytes (1, 2 or 4),
/// right to left so each difference uses the original neighbour.
fn apply_predictor(row: &mut [u8], spp: usize, bps: usize) {
    if bps == 1 {
        for i in (spp..row.len()).rev() {
            row[i] = row[i].wrapping_sub(row[i - spp]);
        }
    } else {
        let word = |r: &[u8], i: usize| {
            r[bps * i..bps * i + bps]
                .iter()
                .rev()
                .fold(0u32, |v, &b| (v << 8) | u32::from(b))
        };
        for i in (spp..row.len() / bps).rev() {
            let v = word(row, i).wrapping_sub(word(row, i - spp));
            row[bps * i..bps * i + bps].copy_from_slice(&v.to_le_bytes()[..bps]);
        }
    }
}

/// The floating point predictor on one row of little-endian `bps`-byte samples, as libtiff
/// writes it: each sample's bytes split into planes, the most significant first, then every
/// byte differenced with the one a pixel (`spp` bytes) before it.
fn apply_float_predictor(row: &mut [u8], spp: usize, bps: usize) {
    let words = row.to_vec();
    let samples = row.len() / bps;
    for (b, plane) in row.chunks_exact_mut(samples).enumerate() {
        for (s, out) in plane.iter_mut().enumerate() {
            *out = words[s * bps + bps - 1 - b];
        }
    }
    for i in (spp..row.len()).rev() {
        row[i] = row[i].wrapping_sub(row[i - spp]);
    }
}

/// Compresses one chunk of rows of `row_bytes`; `chunk` is its width in pixels, samples per
/// pixel and bytes per sample (WebP needs to know them).
fn compress(
    c: TiffCompression,
    raw: &[u8],
    row_bytes: usize,
    chunk: (u32, usize, usize),
) -> Result<Vec<u8>, ImagingError> {
    match c {
        TiffCompression::Zstd => {
            zstd::bulk::compress(raw, 3).map_err(|e| encode_err(format!("ZSTD: {e}")))
        }
        TiffCompression::Lzma => {
            let mut out = Vec::with_capacity(raw.len() / 2 + 64);
            lzma_rs::xz_compress(&mut &raw[..], &mut out)?;
            Ok(out)
        }
        TiffCompression::WebP => {
            let (width, spp, bps) = chunk;
            let color = match (spp, bps) {
                (3, 1) => image_webp::ColorType::Rgb8,
                (4, 1) => image_webp::ColorType::Rgba8,
                _ => {
                    return Err(encode_err(format!(
                        "WebP needs 8-bit RGB or RGBA chunks, not {spp} samples of {bps} bytes"
                    )));
                }
            };
            let rows = raw.len() / row_bytes.max(1);
            let mut out = Vec::new();
            image_webp::WebPEncoder::new(&mut out)
                .encode(raw, width, rows as u32, color)
                .map_err(|e| encode_err(format!("WebP: {e}")))?;
            Ok(out)
        }
        TiffCompression::None => Ok(raw.to_vec()),
        TiffCompression::Lzw => {
            weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
                .encode(raw)
                .map_err(|e| encode_err(format!("LZW: {e}")))
        }
        TiffCompression::Deflate => {
            let mut z = flate2::write::ZlibEncoder::new(
                Vec::with_capacity(raw.len() / 2),
                flate2::Compression::default(),
            );
            z.write_all(raw)?;
            Ok(z.finish()?)
        }
        TiffCompression::PackBits => {
            // Each row packed on its own, as the TIFF specification asks.
            let mut out = Vec::with_capacity(raw.len() + raw.len() / 64);
            for row in raw.chunks(row_bytes.max(1)) {
                pack_bits(row, &mut out);
            }
            Ok(out)
        }
    }
}

/// A TIFF RATIONAL for a resolution, little endian.
fn rational(v: f64) -> [u8; 8] {
    let den = 10_000u32;
    let num = (v * f64::from(den)).round().clamp(1.0, f64::from(u32::MAX)) as u32;
    let mut b = [0u8; 8];
    b[..4].copy_from_slice(&num.to_le_bytes());
    b[4..].copy_from_slice(&den.to_le_bytes());
    b
}

/// Builds one little-endian IFD: entries in tag order, values that do not fit after them.
struct IfdWriter {
    big: bool,
    entries: Vec<(u16, u16, u64, Vec<u8>)>,
}

impl IfdWriter {
    fn new(big: bool) -> Self {
        IfdWriter {
            big,
            entries: Vec::new(),
        }
    }

    /// An integer tag of type SHORT (3), LONG (4) or LONG8 (16).
    fn add(&mut self, tag: u16, typ: u16, values: &[u64]) {
        let mut b = Vec::with_capacity(values.len() * 8);
        for &v in values {
            match typ {
                3 => b.extend_from_slice(&(v as u16).to_le_bytes()),
                4 => b.extend_from_slice(&(v as u32).to_le_bytes()),
                _ => b.extend_from_slice(&v.to_le_bytes()),
            }
        }
        self.entries.push((tag, typ, values.len() as u64, b));
    }

    fn add_raw(&mut self, tag: u16, typ: u16, count: u64, bytes: Vec<u8>) {
        self.entries.push((tag, typ, count, bytes));
    }

    /// The IFD's bytes when written at file offset `at`.
    fn finish(mut self, at: u64) -> Result<Vec<u8>, ImagingError> {
        self.entries.sort_by_key(|e| e.0);
        // Classic TIFF cannot point past 4 GiB.
        let fits = |v: u64| self.big || v <= u64::from(u32::MAX);
        let inline = if self.big { 8 } else { 4 };
        let n = self.entries.len() as u64;
        let table = if self.big {
            8 + 20 * n + 8
        } else {
            2 + 12 * n + 4
        };
        let mut out = Vec::new();
        let mut data = Vec::new();
        if self.big {
            out.extend_from_slice(&n.to_le_bytes());
        } else {
            out.extend_from_slice(&(n as u16).to_le_bytes());
        }
        for (tag, typ, count, bytes) in &self.entries {
            out.extend_from_slice(&tag.to_le_bytes());
            out.extend_from_slice(&typ.to_le_bytes());
            if self.big {
                out.extend_from_slice(&count.to_le_bytes());
            } else {
                let count = u32::try_from(*count).map_err(|_| encode_err("tag value too long"))?;
                out.extend_from_slice(&count.to_le_bytes());
            }
            if bytes.len() <= inline {
                let mut field = bytes.clone();
                field.resize(inline, 0);
                out.extend_from_slice(&field);
            } else {
                let offset = at + table + data.len() as u64;
                if !fits(offset) {
                    return Err(encode_err("file exceeds 4 GiB: write BigTIFF"));
                }
                if self.big {
                    out.extend_from_slice(&offset.to_le_bytes());
                } else {
                    out.extend_from_slice(&(offset as u32).to_le_bytes());
                }
                data.extend_from_slice(bytes);
                if !data.len().is_multiple_of(2) {
                    data.push(0);
                }
            }
        }
        if self.big {
            out.extend_from_slice(&0u64.to_le_bytes());
        } else {
            out.extend_from_slice(&0u32.to_le_bytes());
        }
        out.extend_from_slice(&data);
        Ok(out)
    }
}

/// PackBits-compresses `src` onto `out` (TIFF PackBits, PSD RLE rows).
pub(crate) fn pack_bits(src: &[u8], out: &mut Vec<u8>) {
    let n = src.len();
    let mut i = 0;
    while i < n {
        let mut run = 1;
        while i + run < n && run < 128 && src[i + run] == src[i] {
            run += 1;
        }
        if run >= 2 {
            out.push((1 - run as i32) as i8 as u8);
            out.push(src[i]);
            i += run;
        } else {
            // A literal, until three equal bytes start a run worth encoding.
            let start = i;
            while i < n && i - start < 128 {
                if i + 2 < n && src[i] == src[i + 1] && src[i] == src[i + 2] {
                    break;
                }
                i += 1;
            }
            out.push((i - start - 1) as u8);
            out.extend_from_slice(&src[start..i]);
        }
    }
}

// =============================================================================================
// PSD / PSB

/// Writes a whole image as PSD (or PSB when `big`), raw or RLE-compressed.
pub fn write_psd<W: Write + Seek>(
    w: W,
    image: &WriteImage,
    big: bool,
    rle: bool,
) -> Result<(), ImagingError> {
    let rows = whole_image_rows(image)?;
    write_psd_streaming(w, &image.spec, big, rle, rows)
}

/// Writes a PSD or PSB whose rows come from `rows(y, row)`, called once per row, top to bottom.
///
/// The composite is planar, so rows are gathered a band at a time and each channel's part is
/// placed where it belongs: raw data by seeking to its computed offset; RLE data of channel 0
/// directly, of the other channels through temporary files appended at the end, and the row
/// byte-count table written last over its placeholder.
pub fn write_psd_streaming<W, F>(
    w: W,
    spec: &WriteSpec,
    big: bool,
    rle: bool,
    mut rows: F,
) -> Result<(), ImagingError>
where
    W: Write + Seek,
    F: FnMut(u32, RowMut<'_>) -> Result<(), ImagingError>,
{
    spec.validate()?;
    let channels = spec.channels.len();
    let max_side = if big { 300_000 } else { 30_000 };
    if spec.width > max_side || spec.height > max_side {
        return Err(encode_err(format!(
            "{} x {} is too large for {}",
            spec.width,
            spec.height,
            if big { "PSB" } else { "PSD (write PSB)" }
        )));
    }
    if channels > 56 {
        return Err(encode_err(format!(
            "{channels} channels (Photoshop allows 56)"
        )));
    }
    if spec.color_mode == ColorMode::Multichannel {
        if spec.channels.iter().any(|c| c.kind != ChannelKind::Spot) {
            return Err(encode_err(
                "every channel of a multichannel PSD is a spot channel",
            ));
        }
        if !spec.layer_names.is_empty() {
            return Err(encode_err("multichannel documents cannot have layers"));
        }
    }
    let process = process_names(spec.color_mode)?.len();
    // PSD stores CMYK and spot channels as 0 = full ink.
    let invert: Vec<bool> = spec
        .channels
        .iter()
        .map(|c| match c.kind {
            ChannelKind::Process => spec.color_mode == ColorMode::Cmyk,
            ChannelKind::Spot => true,
            ChannelKind::Alpha => false,
        })
        .collect();

    let mut w = BufWriter::with_capacity(1 << 20, w);
    let mode: u16 = match spec.color_mode {
        ColorMode::Gray => 1,
        ColorMode::Rgb => 3,
        ColorMode::Cmyk => 4,
        _ => 7,
    };
    w.write_all(b"8BPS")?;
    w.write_all(&(if big { 2u16 } else { 1 }).to_be_bytes())?;
    w.write_all(&[0; 6])?;
    w.write_all(&(channels as u16).to_be_bytes())?;
    w.write_all(&spec.height.to_be_bytes())?;
    w.write_all(&spec.width.to_be_bytes())?;
    w.write_all(&u16::from(spec.bit_depth).to_be_bytes())?;
    w.write_all(&mode.to_be_bytes())?;
    w.write_all(&0u32.to_be_bytes())?; // colour mode data

    let resources = psd_resources(spec, process);
    w.write_all(&(resources.len() as u32).to_be_bytes())?;
    w.write_all(&resources)?;
    let layers = psd_layers(spec, big, process);
    w.write_all(&layers)?;

    w.write_all(&(if rle { 1u16 } else { 0 }).to_be_bytes())?;
    let height = spec.height as usize;
    let row_bytes = spec.width as usize * spec.bytes_per_sample();
    let table_pos = w.stream_position()?;
    let entry = if big { 4 } else { 2 };
    if rle {
        w.write_all(&vec![0u8; channels * height * entry])?;
    }
    let data_start = w.stream_position()?;
    let mut counts = if rle {
        vec![0u32; channels * height]
    } else {
        Vec::new()
    };
    let mut spools: Vec<BufWriter<File>> = Vec::new();
    if rle {
        for _ in 1..channels {
            spools.push(BufWriter::new(tempfile::tempfile()?));
        }
    }

    let mut band = BandBuf::new(spec, BAND_ROWS);
    let mut top = 0u32;
    while top < spec.height {
        let n = BAND_ROWS.min(spec.height - top);
        band.fill(spec, top, n, &mut rows)?;
        // Each channel's rows of this band, in file polarity and byte order.
        let planes: Vec<(Vec<u32>, Vec<u8>)> = (0..channels)
            .into_par_iter()
            .map(|c| {
                let mut plane = Vec::with_capacity(row_bytes * n as usize);
                band.psd_plane(
                    c,
                    channels,
                    channels * spec.width as usize * n as usize,
                    invert[c],
                    &mut plane,
                );
                if !rle {
                    return (Vec::new(), plane);
                }
                let mut packed = Vec::with_capacity(plane.len() + plane.len() / 64);
                let mut lens = Vec::with_capacity(n as usize);
                for row in plane.chunks_exact(row_bytes) {
                    let before = packed.len();
                    pack_bits(row, &mut packed);
                    lens.push((packed.len() - before) as u32);
                }
                (lens, packed)
            })
            .collect();
        for (c, (lens, data)) in planes.iter().enumerate() {
            if rle {
                let first = c * height + top as usize;
                counts[first..first + lens.len()].copy_from_slice(lens);
                if c == 0 {
                    w.write_all(data)?;
                } else {
                    spools[c - 1].write_all(data)?;
                }
            } else {
                let at = data_start + ((c * height + top as usize) * row_bytes) as u64;
                w.seek(SeekFrom::Start(at))?;
                w.write_all(data)?;
            }
        }
        top += n;
    }

    if rle {
        for spool in spools {
            let mut file = spool
                .into_inner()
                .map_err(|e| ImagingError::Io(e.into_error()))?;
            file.seek(SeekFrom::Start(0))?;
            std::io::copy(&mut file, &mut w)?;
        }
        let end = w.stream_position()?;
        let mut table = Vec::with_capacity(counts.len() * entry);
        for c in &counts {
            if big {
                table.extend_from_slice(&c.to_be_bytes());
            } else {
                let c =
                    u16::try_from(*c).map_err(|_| encode_err("RLE row longer than 65535 bytes"))?;
                table.extend_from_slice(&c.to_be_bytes());
            }
        }
        w.seek(SeekFrom::Start(table_pos))?;
        w.write_all(&table)?;
        w.seek(SeekFrom::Start(end))?;
    } else {
        w.seek(SeekFrom::Start(
            data_start + (channels * height * row_bytes) as u64,
        ))?;
    }
    w.flush()?;
    Ok(())
}

/// A Pascal string in PSD's Mac Roman: ASCII kept, anything else '?' (the Unicode forms carry
/// the real name).
fn pascal(name: &str, max: usize) -> Vec<u8> {
    let bytes: Vec<u8> = name
        .chars()
        .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
        .take(max)
        .collect();
    let mut out = vec![bytes.len() as u8];
    out.extend_from_slice(&bytes);
    out
}

fn unicode(name: &str) -> Vec<u8> {
    let units: Vec<u16> = name.encode_utf16().collect();
    let mut out = (units.len() as u32).to_be_bytes().to_vec();
    for u in units {
        out.extend_from_slice(&u.to_be_bytes());
    }
    out
}

fn resource(out: &mut Vec<u8>, id: u16, data: &[u8]) {
    out.extend_from_slice(b"8BIM");
    out.extend_from_slice(&id.to_be_bytes());
    out.extend_from_slice(&[0, 0]); // empty name, padded to even
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(data);
    if !data.len().is_multiple_of(2) {
        out.push(0);
    }
}

/// ResolutionInfo (1005): the same resolution both ways, in pixels per inch.
fn resolution_resource(out: &mut Vec<u8>, dpi: f64) {
    let fixed = ((dpi * 65536.0).round().clamp(1.0, f64::from(u32::MAX))) as u32;
    let mut res = Vec::with_capacity(16);
    for _ in 0..2 {
        res.extend_from_slice(&fixed.to_be_bytes());
        res.extend_from_slice(&1u16.to_be_bytes()); // shown as pixels per inch
        res.extend_from_slice(&1u16.to_be_bytes()); // sizes shown in inches
    }
    resource(out, 1005, &res);
}

/// Image resources: resolution, extra channel names (Pascal and Unicode), their display info
/// (spot kind and colour), and the ICC profile.
fn psd_resources(spec: &WriteSpec, process: usize) -> Vec<u8> {
    let mut out = Vec::new();
    resolution_resource(&mut out, spec.dpi);
    let extra = &spec.channels[process..];
    if !extra.is_empty() {
        let names: Vec<u8> = extra.iter().flat_map(|c| pascal(&c.name, 255)).collect();
        resource(&mut out, 1006, &names);
        let mut display = 1u32.to_be_bytes().to_vec();
        for c in extra {
            let [r, g, b] = c.color.unwrap_or(match c.kind {
                ChannelKind::Alpha => [255, 0, 0],
                _ => [0, 0, 0],
            });
            display.extend_from_slice(&0u16.to_be_bytes()); // RGB
            for v in [r, g, b] {
                display.extend_from_slice(&(u16::from(v) * 257).to_be_bytes());
            }
            display.extend_from_slice(&0u16.to_be_bytes());
            let (opacity, kind) = if c.kind == ChannelKind::Spot {
                (100u16, 2u8)
            } else {
                (50, 0)
            };
            display.extend_from_slice(&opacity.to_be_bytes());
            display.push(kind);
        }
        resource(&mut out, 1077, &display);
        let unicode_names: Vec<u8> = extra.iter().flat_map(|c| unicode(&c.name)).collect();
        resource(&mut out, 1045, &unicode_names);
    }
    if let Some(icc) = &spec.icc_profile {
        resource(&mut out, 1039, icc);
    }
    out
}

/// The layer and mask information section: empty layers (no pixels) with the given names, so
/// readers see the layer count and the (Unicode) names. Length fields included.
fn psd_layers(spec: &WriteSpec, big: bool, process: usize) -> Vec<u8> {
    let len = |v: &mut Vec<u8>, n: u64| {
        if big {
            v.extend_from_slice(&n.to_be_bytes());
        } else {
            v.extend_from_slice(&(n as u32).to_be_bytes());
        }
    };
    let mut section = Vec::new();
    if !spec.layer_names.is_empty() {
        let mut info = Vec::new();
        info.extend_from_slice(&(spec.layer_names.len() as i16).to_be_bytes());
        // Transparency plus the process channels, each just a compression word.
        let ids: Vec<i16> = std::iter::once(-1).chain(0..process as i16).collect();
        for name in &spec.layer_names {
            info.extend_from_slice(&[0; 16]); // bounds: an empty rectangle
            info.extend_from_slice(&(ids.len() as u16).to_be_bytes());
            for id in &ids {
                info.extend_from_slice(&id.to_be_bytes());
                len(&mut info, 2);
            }
            info.extend_from_slice(b"8BIMnorm");
            info.extend_from_slice(&[255, 0, 0, 0]); // opacity, clipping, flags, filler
            let mut extra = Vec::new();
            extra.extend_from_slice(&0u32.to_be_bytes()); // no layer mask
            extra.extend_from_slice(&0u32.to_be_bytes()); // no blending ranges
            let mut p = pascal(name, 255);
            p.resize((p.len()).next_multiple_of(4), 0);
            extra.extend_from_slice(&p);
            let mut luni = unicode(name);
            luni.resize(luni.len().next_multiple_of(4), 0);
            extra.extend_from_slice(b"8BIMluni");
            extra.extend_from_slice(&(luni.len() as u32).to_be_bytes());
            extra.extend_from_slice(&luni);
            info.extend_from_slice(&(extra.len() as u32).to_be_bytes());
            info.extend_from_slice(&extra);
        }
        for _ in &spec.layer_names {
            for _ in &ids {
                info.extend_from_slice(&0u16.to_be_bytes()); // raw, no pixels
            }
        }
        if !info.len().is_multiple_of(2) {
            info.push(0);
        }
        if spec.bit_depth == 16 {
            // As Photoshop does: 16-bit layers live in the Lr16 block, the plain layer info is
            // empty.
            len(&mut section, 0);
            section.extend_from_slice(&0u32.to_be_bytes()); // global layer mask info
            section.extend_from_slice(b"8BIMLr16");
            len(&mut section, info.len() as u64);
            section.extend_from_slice(&info);
        } else {
            len(&mut section, info.len() as u64);
            section.extend_from_slice(&info);
            section.extend_from_slice(&0u32.to_be_bytes()); // global layer mask info
        }
    }
    let mut out = Vec::with_capacity(section.len() + 8);
    len(&mut out, section.len() as u64);
    out.extend_from_slice(&section);
    out
}

// =============================================================================================
// Indexed (palette) colour

/// An indexed-colour image held whole, as a textile CAD system saves a rotary design: a palette
/// and the palette entry of each pixel. For fixtures and benchmarks; entries are written as
/// given, even past the palette's end, so hostile files can be made too.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexedImage {
    pub width: u32,
    pub height: u32,
    /// Bits per stored entry: 1, 2, 4 or 8 in TIFF; PSD always stores 8.
    pub bit_depth: u8,
    /// Resolution in dots per inch, both directions.
    pub dpi: f64,
    /// The colours (sRGB), at most 2^bit_depth of them; TIFF pads its ColorMap with black.
    pub palette: Vec<[u8; 3]>,
    /// PSD only: the entry that stands for transparency (resource 1047).
    pub transparent: Option<u8>,
    /// One palette entry per pixel, row by row.
    pub indexes: Vec<u8>,
}

impl IndexedImage {
    fn validate(&self) -> Result<(), ImagingError> {
        if self.width == 0 || self.height == 0 {
            return Err(encode_err("image has no pixels"));
        }
        if !matches!(self.bit_depth, 1 | 2 | 4 | 8) {
            return Err(encode_err(format!(
                "{}-bit palette colour (1, 2, 4 or 8 only)",
                self.bit_depth
            )));
        }
        let entries = 1usize << self.bit_depth;
        if self.palette.is_empty() || self.palette.len() > entries {
            return Err(encode_err(format!(
                "{} palette colours for {} bits",
                self.palette.len(),
                self.bit_depth
            )));
        }
        if self.indexes.len() != self.width as usize * self.height as usize {
            return Err(encode_err(format!(
                "{} indexes for {} x {} pixels",
                self.indexes.len(),
                self.width,
                self.height
            )));
        }
        if self.indexes.iter().any(|&i| usize::from(i) >= entries) {
            return Err(encode_err(format!(
                "an index does not fit in {} bits",
                self.bit_depth
            )));
        }
        check_resolution(self.dpi)
    }
}

/// Writes an indexed-colour image as a palette-colour TIFF (PhotometricInterpretation 3 with
/// its ColorMap), in strips or tiles, with any compression of `opts` (the predictor only at
/// 8 bits; planar configuration does not apply to one sample).
pub fn write_indexed_tiff<W: Write + Seek>(
    w: W,
    image: &IndexedImage,
    opts: &TiffOptions,
) -> Result<(), ImagingError> {
    image.validate()?;
    // ColorMap: every red, then every green, then every blue, 16 bits each.
    let entries = 1usize << image.bit_depth;
    let color_map: Vec<u64> = (0..3)
        .flat_map(|c| {
            (0..entries).map(move |i| {
                let v = image.palette.get(i).map_or(0, |rgb| rgb[c]);
                u64::from(v) * 257
            })
        })
        .collect();
    let packed = PackedTiff {
        width: image.width,
        height: image.height,
        bits: usize::from(image.bit_depth),
        spp: 1,
        photometric: 3,
        sample_format: 1,
        dpi: image.dpi,
        sample: &|i| u64::from(image.indexes[i]),
        tags: vec![(320, color_map)],
    };
    // Planar configuration does not apply to one sample.
    let opts = TiffOptions {
        planar_separate: false,
        ..*opts
    };
    write_packed(w, &packed, &opts)
}

// =============================================================================================
// Any integer bit depth

/// An image of any integer bit depth from 1 to 32, held whole, for fixtures of the depths
/// production tools write besides 8 and 16 (2, 4, 10, 12, 14, 24, 32 bits).
#[derive(Debug, Clone, PartialEq)]
pub struct AnyDepthImage {
    pub width: u32,
    pub height: u32,
    /// 1 to 32.
    pub bit_depth: u8,
    /// Gray (BlackIsZero), Rgb or Cmyk (ink coverage, InkSet CMYK); no extra samples.
    pub color_mode: ColorMode,
    /// SampleFormat 2: samples are two's complement (8, 16 or 32 bits).
    pub signed: bool,
    /// Resolution in dots per inch, both directions.
    pub dpi: f64,
    /// Samples as stored, interleaved in channel order, row by row; the low `bit_depth` bits
    /// of each are written (a signed -5 is `-5i32 as u32`).
    pub samples: Vec<u32>,
}

impl AnyDepthImage {
    fn validate(&self) -> Result<(), ImagingError> {
        if self.width == 0 || self.height == 0 {
            return Err(encode_err("image has no pixels"));
        }
        if !(1..=32).contains(&self.bit_depth) {
            return Err(encode_err(format!(
                "bit depth {} (1 to 32 only)",
                self.bit_depth
            )));
        }
        if self.signed && !matches!(self.bit_depth, 8 | 16 | 32) {
            return Err(encode_err(format!(
                "{}-bit signed samples (8, 16 or 32 only)",
                self.bit_depth
            )));
        }
        check_sample_count(
            self.samples.len(),
            self.width as usize * self.height as usize * self.channels()?,
        )?;
        check_resolution(self.dpi)
    }

    fn channels(&self) -> Result<usize, ImagingError> {
        match self.color_mode {
            ColorMode::Gray | ColorMode::Rgb | ColorMode::Cmyk => {
                Ok(process_names(self.color_mode)?.len())
            }
            other => Err(encode_err(format!(
                "cannot write {other:?} images of any depth"
            ))),
        }
    }
}

/// Writes an image of any integer bit depth as TIFF: samples packed MSB-first across each row,
/// 16, 24 and 32-bit samples as whole words (as libtiff does), chunky or planar, in strips or
/// tiles, with any compression of `opts` (the predictor only at 8, 16 and 32 bits, as libtiff).
pub fn write_any_depth_tiff<W: Write + Seek>(
    w: W,
    image: &AnyDepthImage,
    opts: &TiffOptions,
) -> Result<(), ImagingError> {
    image.validate()?;
    let (photometric, tags) = process_photometric(image.color_mode);
    let packed = PackedTiff {
        width: image.width,
        height: image.height,
        bits: usize::from(image.bit_depth),
        spp: image.channels()?,
        photometric,
        sample_format: if image.signed { 2 } else { 1 },
        dpi: image.dpi,
        sample: &|i| u64::from(image.samples[i]),
        tags,
    };
    write_packed(w, &packed, opts)
}

/// The PhotometricInterpretation of a grey, RGB or CMYK image, and its colour model's tags
/// (CMYK: InkSet 1).
fn process_photometric(mode: ColorMode) -> (u64, Vec<(u16, Vec<u64>)>) {
    match mode {
        ColorMode::Gray => (1, vec![]),
        ColorMode::Rgb => (2, vec![]),
        _ => (5, vec![(332, vec![1])]),
    }
}

/// What the writers of packed samples (palette colour, any bit depth) share: an image held
/// whole, one stored value per sample.
struct PackedTiff<'a> {
    width: u32,
    height: u32,
    bits: usize,
    /// Samples per pixel.
    spp: usize,
    photometric: u64,
    sample_format: u64,
    dpi: f64,
    /// Sample `i` (interleaved, row by row) as stored.
    sample: &'a (dyn Fn(usize) -> u64 + Sync),
    /// Tags of the colour model (SHORT values): ColorMap, InkSet.
    tags: Vec<(u16, Vec<u64>)>,
}

/// Packs `bits`-bit values into `out` as libtiff stores them: 16, 24, 32 and 64-bit samples as
/// little-endian words (this writer's byte order), every other depth MSB-first across the row.
fn pack_samples(values: impl Iterator<Item = u64>, bits: usize, out: &mut [u8]) {
    match bits {
        8 | 16 | 24 | 32 | 64 => {
            let n = bits / 8;
            for (v, o) in values.zip(out.chunks_exact_mut(n)) {
                o.copy_from_slice(&v.to_le_bytes()[..n]);
            }
        }
        _ => {
            let mut at = 0;
            for v in values {
                for b in (0..bits).rev() {
                    if (v >> b) & 1 == 1 {
                        out[at / 8] |= 0x80 >> (at % 8);
                    }
                    at += 1;
                }
            }
        }
    }
}

fn write_packed<W: Write + Seek>(
    w: W,
    image: &PackedTiff<'_>,
    opts: &TiffOptions,
) -> Result<(), ImagingError> {
    let (bits, spp) = (image.bits, image.spp);
    let (width, height) = (image.width, image.height);
    if let Some(t) = opts.tiled
        && (t == 0 || !t.is_multiple_of(16))
    {
        return Err(encode_err(format!("tile size {t} is not a multiple of 16")));
    }
    let (planes, chunk_spp) = if opts.planar_separate {
        (spp, 1)
    } else {
        (1, spp)
    };
    let (chunk_w, chunk_h) = match opts.tiled {
        Some(t) => (t, t),
        None => {
            let row = (width as usize * chunk_spp * bits).div_ceil(8);
            let rows = opts
                .rows_per_strip
                .unwrap_or((STRIP_BYTES / row.max(1)).max(1) as u32);
            (width, rows.clamp(1, height))
        }
    };
    let row_bytes = (chunk_w as usize * chunk_spp * bits).div_ceil(8);
    let float = image.sample_format == 3;
    // Floating point samples take the floating point predictor (3), as libtiff writes them.
    let predictor =
        opts.predictor && (float || matches!(bits, 8 | 16 | 32)) && opts.compression.predicts();
    let (across, down) = (width.div_ceil(chunk_w), height.div_ceil(chunk_h));
    let chunks: Vec<(usize, u32, u32)> = (0..planes)
        .flat_map(|p| (0..down).flat_map(move |ty| (0..across).map(move |tx| (p, ty, tx))))
        .collect();
    let encoded = chunks
        .par_iter()
        .map(|&(p, ty, tx)| {
            let rows = if opts.tiled.is_some() {
                chunk_h
            } else {
                chunk_h.min(height - ty * chunk_h)
            };
            let mut raw = vec![0u8; row_bytes * rows as usize];
            for (r, out) in raw.chunks_exact_mut(row_bytes).enumerate() {
                let y = ty * chunk_h + r as u32;
                // Tiles on the bottom and right edges are padded with zeros.
                if y < height {
                    let x0 = tx * chunk_w;
                    let x1 = (x0 + chunk_w).min(width);
                    let row = y as usize * width as usize;
                    let values = (x0..x1)
                        .flat_map(|x| (0..chunk_spp).map(move |k| (row + x as usize) * spp + k))
                        .map(|i| (image.sample)(i + if opts.planar_separate { p } else { 0 }));
                    pack_samples(values, bits, out);
                    if predictor && float {
                        apply_float_predictor(out, chunk_spp, bits / 8);
                    } else if predictor {
                        apply_predictor(out, chunk_spp, bits / 8);
                    }
                }
            }
            compress(
                opts.compression,
                &raw,
                row_bytes,
                (chunk_w, chunk_spp, bits.div_ceil(8)),
            )
        })
        .collect::<Result<Vec<_>, _>>()?;

    let mut w = BufWriter::with_capacity(1 << 20, w);
    let start = start_tiff(&mut w, opts.bigtiff)?;
    let mut offsets = Vec::with_capacity(encoded.len());
    let mut counts = Vec::with_capacity(encoded.len());
    for data in &encoded {
        offsets.push(w.stream_position()? - start);
        counts.push(data.len() as u64);
        w.write_all(data)?;
    }
    let mut ifd = IfdWriter::new(opts.bigtiff);
    ifd.add(254, 4, &[0]);
    ifd.add(256, 4, &[u64::from(width)]);
    ifd.add(257, 4, &[u64::from(height)]);
    ifd.add(258, 3, &vec![bits as u64; spp]);
    ifd.add(259, 3, &[opts.compression.tag()]);
    ifd.add(262, 3, &[image.photometric]);
    let offset_type = if opts.bigtiff { 16 } else { 4 };
    match opts.tiled {
        Some(t) => {
            ifd.add(322, 4, &[u64::from(t)]);
            ifd.add(323, 4, &[u64::from(t)]);
            ifd.add(324, offset_type, &offsets);
            ifd.add(325, offset_type, &counts);
        }
        None => {
            ifd.add(273, offset_type, &offsets);
            ifd.add(278, 4, &[u64::from(chunk_h)]);
            ifd.add(279, offset_type, &counts);
        }
    }
    ifd.add(277, 3, &[spp as u64]);
    let dpi = rational(image.dpi);
    ifd.add_raw(282, 5, 1, dpi.to_vec());
    ifd.add_raw(283, 5, 1, dpi.to_vec());
    ifd.add(284, 3, &[if opts.planar_separate { 2 } else { 1 }]);
    ifd.add(296, 3, &[2]);
    ifd.add_raw(305, 2, 8, b"imaging\0".to_vec());
    if predictor {
        ifd.add(317, 3, &[if float { 3 } else { 2 }]);
    }
    for (tag, values) in &image.tags {
        ifd.add(*tag, 3, values);
    }
    ifd.add(339, 3, &vec![image.sample_format; spp]);
    finish_tiff(&mut w, start, ifd)
}

/// Writes an indexed-colour image as an indexed-colour PSD (or PSB when `big`): mode 2, its
/// 768-byte colour table, resources 1046 (colours in use) and 1047 (the transparent entry), one
/// 8-bit channel of entries, raw or RLE.
pub fn write_indexed_psd<W: Write + Seek>(
    w: W,
    image: &IndexedImage,
    big: bool,
    rle: bool,
) -> Result<(), ImagingError> {
    image.validate()?;
    let mut table = vec![0u8; 768];
    for (i, rgb) in image.palette.iter().enumerate() {
        for (c, v) in rgb.iter().enumerate() {
            table[c * 256 + i] = *v;
        }
    }
    let mut resources = Vec::new();
    resolution_resource(&mut resources, image.dpi);
    resource(
        &mut resources,
        1046,
        &(image.palette.len() as u16).to_be_bytes(),
    );
    if let Some(t) = image.transparent {
        resource(&mut resources, 1047, &u16::from(t).to_be_bytes());
    }
    let psd = PlainPsd {
        width: image.width,
        height: image.height,
        depth: 8,
        mode: 2, // indexed colour
        color_data: &table,
        resources: &resources,
        planes: vec![image.indexes.clone()],
    };
    write_plain_psd(w, &psd, big, rle)
}

/// A PSD without layers whose composite is given whole: what the fixture writers of indexed
/// colour and of 32 bits share.
struct PlainPsd<'a> {
    width: u32,
    height: u32,
    depth: u16,
    mode: u16,
    /// The colour mode data section (an indexed document's colour table).
    color_data: &'a [u8],
    resources: &'a [u8],
    /// Each channel's rows, stored bytes as the file holds them.
    planes: Vec<Vec<u8>>,
}

/// Writes a [`PlainPsd`] as PSD (or PSB when `big`), its composite raw or RLE.
fn write_plain_psd<W: Write + Seek>(
    w: W,
    psd: &PlainPsd<'_>,
    big: bool,
    rle: bool,
) -> Result<(), ImagingError> {
    let (width, height) = (psd.width, psd.height);
    let max_side = if big { 300_000 } else { 30_000 };
    if width > max_side || height > max_side {
        return Err(encode_err(format!("{width} x {height} is too large")));
    }
    let mut w = BufWriter::with_capacity(1 << 20, w);
    w.write_all(b"8BPS")?;
    w.write_all(&(if big { 2u16 } else { 1 }).to_be_bytes())?;
    w.write_all(&[0; 6])?;
    w.write_all(&(psd.planes.len() as u16).to_be_bytes())?;
    w.write_all(&height.to_be_bytes())?;
    w.write_all(&width.to_be_bytes())?;
    w.write_all(&psd.depth.to_be_bytes())?;
    w.write_all(&psd.mode.to_be_bytes())?;
    w.write_all(&(psd.color_data.len() as u32).to_be_bytes())?;
    w.write_all(psd.color_data)?;
    w.write_all(&(psd.resources.len() as u32).to_be_bytes())?;
    w.write_all(psd.resources)?;
    // An empty layer and mask section: the composite is the image.
    if big {
        w.write_all(&0u64.to_be_bytes())?;
    } else {
        w.write_all(&0u32.to_be_bytes())?;
    }

    w.write_all(&(if rle { 1u16 } else { 0 }).to_be_bytes())?;
    let row_bytes = (width as usize * usize::from(psd.depth)).div_ceil(8);
    if rle {
        let mut table = Vec::new();
        let mut data = Vec::new();
        for row in psd.planes.iter().flat_map(|p| p.chunks_exact(row_bytes)) {
            let before = data.len();
            pack_bits(row, &mut data);
            let n = data.len() - before;
            if big {
                table.extend_from_slice(&(n as u32).to_be_bytes());
            } else {
                let n = u16::try_from(n).map_err(|_| encode_err("RLE row over 65535 bytes"))?;
                table.extend_from_slice(&n.to_be_bytes());
            }
        }
        w.write_all(&table)?;
        w.write_all(&data)?;
    } else {
        for plane in &psd.planes {
            w.write_all(plane)?;
        }
    }
    w.flush()?;
    Ok(())
}

// =============================================================================================
// Floating point

/// An image of floating point samples, held whole: fixtures of HDR files (16, 32 and 64-bit
/// TIFF, SampleFormat 3; Photoshop's 32-bit PSD/PSB).
#[derive(Debug, Clone, PartialEq)]
pub struct FloatImage {
    pub width: u32,
    pub height: u32,
    /// 16 (IEEE half), 32 or 64 in TIFF; PSD/PSB stores 32 only.
    pub bit_depth: u8,
    /// Gray or Rgb (linear light, 1.0 diffuse white), or Cmyk (ink coverage 0..1, TIFF only).
    pub color_mode: ColorMode,
    /// Resolution in dots per inch, both directions.
    pub dpi: f64,
    /// Samples interleaved in channel order, row by row, written as given (rounded to the
    /// nearest value of the depth): out of range values, NaN and infinities too.
    pub samples: Vec<f64>,
}

impl FloatImage {
    fn validate(&self) -> Result<(), ImagingError> {
        if self.width == 0 || self.height == 0 {
            return Err(encode_err("image has no pixels"));
        }
        if !matches!(self.bit_depth, 16 | 32 | 64) {
            return Err(encode_err(format!(
                "{}-bit floating point (16, 32 or 64 only)",
                self.bit_depth
            )));
        }
        if !matches!(
            self.color_mode,
            ColorMode::Gray | ColorMode::Rgb | ColorMode::Cmyk
        ) {
            return Err(encode_err(format!(
                "cannot write {:?} floating point images",
                self.color_mode
            )));
        }
        check_sample_count(
            self.samples.len(),
            self.width as usize * self.height as usize * self.channels()?,
        )?;
        check_resolution(self.dpi)
    }

    fn channels(&self) -> Result<usize, ImagingError> {
        Ok(process_names(self.color_mode)?.len())
    }

    /// Sample `i` as the bits of an IEEE float of the image's depth.
    fn stored(&self, i: usize) -> u64 {
        let v = self.samples[i];
        match self.bit_depth {
            16 => u64::from(f16_bits(v as f32)),
            32 => u64::from((v as f32).to_bits()),
            _ => v.to_bits(),
        }
    }
}

/// The IEEE half nearest to `v` (ties to even), infinities and NaN kept.
fn f16_bits(v: f32) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a.is_nan() {
        return sign | 0x7e00;
    }
    // 65520 is halfway between the largest half (65504) and the next power: it rounds up.
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < f32::powi(2.0, -14) {
        // Zero and subnormals: multiples of 2^-24 (scaling by a power of two is exact).
        return sign | (a * f32::powi(2.0, 24)).round_ties_even() as u16;
    }
    let bits = a.to_bits();
    let exponent = (bits >> 23) as i32 - 127 + 15;
    let mantissa = bits & 0x7f_ffff;
    let mut h = ((exponent as u32) << 10) | (mantissa >> 13);
    let rest = mantissa & 0x1fff;
    // A carry out of the mantissa moves to the next exponent, which is right.
    if rest > 0x1000 || (rest == 0x1000 && h & 1 == 1) {
        h += 1;
    }
    sign | h as u16
}

/// Writes a floating point image as TIFF (SampleFormat 3), chunky or planar, in strips or tiles,
/// with any compression of `opts`; `opts.predictor` writes the floating point predictor (3).
pub fn write_float_tiff<W: Write + Seek>(
    w: W,
    image: &FloatImage,
    opts: &TiffOptions,
) -> Result<(), ImagingError> {
    image.validate()?;
    let (photometric, tags) = process_photometric(image.color_mode);
    let packed = PackedTiff {
        width: image.width,
        height: image.height,
        bits: usize::from(image.bit_depth),
        spp: image.channels()?,
        photometric,
        sample_format: 3,
        dpi: image.dpi,
        sample: &|i| image.stored(i),
        tags,
    };
    write_packed(w, &packed, opts)
}

/// Writes a floating point grey or RGB image as a 32-bit PSD (or PSB when `big`), Photoshop's
/// HDR mode: big-endian IEEE floats, the composite raw or RLE.
pub fn write_float_psd<W: Write + Seek>(
    w: W,
    image: &FloatImage,
    big: bool,
    rle: bool,
) -> Result<(), ImagingError> {
    image.validate()?;
    let mode = match (image.bit_depth, image.color_mode) {
        (32, ColorMode::Gray) => 1,
        (32, ColorMode::Rgb) => 3,
        (depth, mode) => {
            return Err(encode_err(format!(
                "a {depth}-bit {mode:?} PSD (32-bit grey or RGB only)"
            )));
        }
    };
    let channels = image.channels()?;
    let planes = (0..channels)
        .map(|c| {
            image
                .samples
                .iter()
                .skip(c)
                .step_by(channels)
                .flat_map(|&v| (v as f32).to_be_bytes())
                .collect()
        })
        .collect();
    let mut resources = Vec::new();
    resolution_resource(&mut resources, image.dpi);
    let psd = PlainPsd {
        width: image.width,
        height: image.height,
        depth: 32,
        mode,
        color_data: &[],
        resources: &resources,
        planes,
    };
    write_plain_psd(w, &psd, big, rle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::unpack_bits_exact;

    #[test]
    fn pack_bits_round_trips() {
        let cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![7],
            vec![1, 2],
            vec![5; 300],
            (0..=255).collect(),
            [vec![1, 2, 3], vec![9; 4], vec![4, 5, 5, 6], vec![0; 129]].concat(),
        ];
        for case in cases {
            let mut packed = Vec::new();
            pack_bits(&case, &mut packed);
            let mut back = vec![0u8; case.len()];
            unpack_bits_exact(&packed, &mut back, "test").expect("unpack");
            assert_eq!(back, case);
            assert!(packed.len() <= case.len() + case.len().div_ceil(128) + 1);
        }
    }

    #[test]
    fn halves_round_to_nearest_even() {
        assert_eq!(f16_bits(0.0), 0x0000);
        assert_eq!(f16_bits(-0.0), 0x8000);
        assert_eq!(f16_bits(1.0), 0x3c00);
        assert_eq!(f16_bits(0.5), 0x3800);
        assert_eq!(f16_bits(-2.0), 0xc000);
        assert_eq!(f16_bits(65504.0), 0x7bff);
        assert_eq!(f16_bits(65520.0), 0x7c00);
        assert_eq!(f16_bits(f32::INFINITY), 0x7c00);
        assert_eq!(f16_bits(f32::NEG_INFINITY), 0xfc00);
        assert_eq!(f16_bits(f32::NAN) & 0x7fff, 0x7e00);
        assert_eq!(f16_bits(f32::powi(2.0, -24)), 0x0001);
        assert_eq!(f16_bits(f32::powi(2.0, -25)), 0x0000); // a tie, to even
        assert_eq!(f16_bits(1.0 / 3.0), 0x3555);
        // 1 + 2^-11 is halfway between 1 and the next half: to even (1).
        assert_eq!(f16_bits(1.0 + f32::powi(2.0, -11)), 0x3c00);
        assert_eq!(f16_bits(1.0 + 3.0 * f32::powi(2.0, -11)), 0x3c02);
    }

    #[test]
    fn float_predictor_splits_bytes_then_differences() {
        // Two 16-bit samples (one per pixel): 0x0102 and 0x0304, little endian.
        let mut row = [0x02, 0x01, 0x04, 0x03];
        apply_float_predictor(&mut row, 1, 2);
        // Planes [01 03] [02 04], then each byte less the one before it: 01 02 ff 02.
        assert_eq!(row, [0x01, 0x02, 0xff, 0x02]);
    }

    #[test]
    fn predictor_differences_samples() {
        let mut row = [10u8, 20, 11, 21, 10, 23];
        apply_predictor(&mut row, 2, 1);
        assert_eq!(row, [10, 20, 1, 1, 255, 2]);
    }
}
