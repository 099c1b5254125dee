//! The one-pass rendition pipeline: from the bands of a decoded design file to every web image
//! of each of its colorways (thumbnails, preview, deep-zoom tiles, palette) plus the design's
//! channel masks.
//!
//! ```text
//!  decoder thread                 render thread (caller)                      rayon pool
//!  ─────────────                  ──────────────────────                      ──────────
//!  reader.next_band() ──sync_channel(0)──► per chunk of ~256 Ki pixels:
//!                                   process channels → sRGB (ProcessConverter)  rows ∥
//!                                   spot coverage → mask downscaler → PNG stream
//!                                   per colorway: composite (inks, fabric)      rows ∥
//!                                     → area downscaler → preview buffer        rows ∥
//!                                     → tile pyramid → strips of 256 rows       tiles ∥ JPEG
//!                                 at the end, per colorway (∥): preview JPEG, 5 thumbnails,
//!                                 palette
//! ```
//!
//! The channel is a rendezvous (capacity 0): the decoder decodes band k+1 while band k renders
//! and then waits holding it, so decoding and rendering overlap with only two bands alive. A
//! capacity of 1 would keep a third band (9 MB at 12,000 px RGB) for no gain in steady state.
//!
//! Memory (8-bit RGB 12,000 x 12,000, 256-row bands): two bands alive (2 x 9.2 MB), the
//! preview of each colorway (2048 x 2048 x 3 = 12.6 MB at most) and per-chunk buffers (< 2 MB);
//! measured peak RSS of the whole process ~53 MB (the thumbnails at the end add a few MB).
//! With tiles, each colorway adds its pyramid's strip buffers (~2 x 256 rows of the full width:
//! 18.4 MB; measured peak ~67 MB). Masks stream into PNG and cost only their compressed size.

mod composite;
pub mod variants;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::sync_channel;

use rayon::prelude::*;

pub use variants::{Fit, THUMBNAILS, ThumbnailVariant, names, thumbnail_variant, urls};

use crate::ImagingError;
use crate::color::{LinearLuts, ProcessConverter, file_inks};
use crate::encode::{GrayPngStream, JPEG_QUALITY, encode_jpeg_image};
use crate::info::{Band, BandReader, ChannelKind, ImageInfo};
use crate::palette::{PaletteEntry, palette_of};
use crate::resize::{AreaDownscaler, GrayImage, RgbImage, cover_top_left, fit, preview_size};
use crate::tiles::{PyramidBuilder, dzi_xml};
use composite::Compositor;

/// The default fabric: white.
pub const WHITE_FABRIC: [u8; 3] = [255, 255, 255];

/// One colouring to render.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColorwayPlan {
    /// One sRGB ink per spot channel, in file order; `None` = the file's own colours
    /// ([`crate::color::file_inks`]). Ignored for digital designs (no spot channels). Missing
    /// inks fall back to the file's colours and extra ones are ignored, with a warning.
    pub inks: Option<Vec<[u8; 3]>>,
}

/// What to render from one pass over a design file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RenditionPlan {
    pub colorways: Vec<ColorwayPlan>,
    /// The fabric colour the inks are printed on (sRGB).
    pub fabric: [u8; 3],
    /// Make the deep-zoom tile pyramid of each colorway.
    pub tiles: bool,
    /// Store each spot channel's coverage at preview size (`masks/{i}.png`).
    pub channel_masks: bool,
}

impl Default for RenditionPlan {
    /// The file's own colorway on white, with tiles and masks.
    fn default() -> Self {
        Self {
            colorways: vec![ColorwayPlan::default()],
            fabric: WHITE_FABRIC,
            tiles: true,
            channel_masks: true,
        }
    }
}

/// Receives the renditions. Called from several threads (tiles are encoded in parallel).
pub trait RenditionSink: Sync {
    /// `colorway`: the index in [`RenditionPlan::colorways`], or `None` for design-level
    /// renditions (masks). `name`: one of [`names`].
    fn put(&self, colorway: Option<usize>, name: &str, bytes: Vec<u8>) -> Result<(), ImagingError>;

    /// The finished preview pixels of a colorway, before JPEG encoding (for work that wants
    /// exact pixels, e.g. similarity embeddings or tests). Default: ignored.
    fn preview(&self, colorway: usize, image: &RgbImage) -> Result<(), ImagingError> {
        let _ = (colorway, image);
        Ok(())
    }
}

impl<F> RenditionSink for F
where
    F: Fn(Option<usize>, &str, Vec<u8>) -> Result<(), ImagingError> + Sync,
{
    fn put(&self, colorway: Option<usize>, name: &str, bytes: Vec<u8>) -> Result<(), ImagingError> {
        self(colorway, name, bytes)
    }
}

/// A sink that keeps everything in memory (tests, small tools), raw previews included.
#[derive(Debug, Default)]
pub struct MemorySink {
    pub items: Mutex<BTreeMap<SinkKey, Vec<u8>>>,
    pub previews: Mutex<BTreeMap<usize, RgbImage>>,
}

/// `(colorway, name)` as given to [`RenditionSink::put`].
pub type SinkKey = (Option<usize>, String);

impl MemorySink {
    pub fn get(&self, colorway: Option<usize>, name: &str) -> Option<Vec<u8>> {
        self.items
            .lock()
            .ok()?
            .get(&(colorway, name.to_string()))
            .cloned()
    }

    /// Names stored for a colorway (or design-level with `None`), sorted.
    pub fn names(&self, colorway: Option<usize>) -> Vec<String> {
        self.items
            .lock()
            .map(|m| {
                m.keys()
                    .filter(|(c, _)| *c == colorway)
                    .map(|(_, n)| n.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The raw preview pixels of a colorway.
    pub fn preview_image(&self, colorway: usize) -> Option<RgbImage> {
        self.previews.lock().ok()?.get(&colorway).cloned()
    }

    pub fn len(&self) -> usize {
        self.items.lock().map(|m| m.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl RenditionSink for MemorySink {
    fn put(&self, colorway: Option<usize>, name: &str, bytes: Vec<u8>) -> Result<(), ImagingError> {
        self.items
            .lock()
            .map_err(|_| ImagingError::Encode("memory sink poisoned".into()))?
            .insert((colorway, name.to_string()), bytes);
        Ok(())
    }

    fn preview(&self, colorway: usize, image: &RgbImage) -> Result<(), ImagingError> {
        self.previews
            .lock()
            .map_err(|_| ImagingError::Encode("memory sink poisoned".into()))?
            .insert(colorway, image.clone());
        Ok(())
    }
}

/// What was made for one colorway.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ColorwayReport {
    pub palette: Vec<PaletteEntry>,
    pub preview_size: (u32, u32),
    /// `(URL variant, (width, height))` in [`THUMBNAILS`] order.
    pub thumbnails: Vec<(String, (u32, u32))>,
    /// Levels of the tile pyramid (max level + 1), 0 without tiles.
    pub tile_levels: u32,
}

/// What one pass made.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RenditionReport {
    /// In [`RenditionPlan::colorways`] order.
    pub colorways: Vec<ColorwayReport>,
    /// Masks stored (`masks/0.png` …), 0 without `channel_masks` or spot channels.
    pub masks: usize,
    /// The reader's notes ([`ImageInfo::notes`]), then what could not be honoured (unusable ICC
    /// profile, odd channels, ink counts).
    pub warnings: Vec<crate::Reason>,
}

/// Target pixels per processing chunk (rows are grouped so a chunk has about this many).
const CHUNK_PIXELS: usize = 1 << 18;

struct ColorwayState {
    compositor: Compositor,
    down: AreaDownscaler,
    preview: RgbImage,
    pyramid: Option<PyramidBuilder>,
    buf: Vec<u8>,
}

struct MaskState {
    down: AreaDownscaler,
    pngs: Vec<GrayPngStream>,
    gather: Vec<u8>,
    /// Output rows (all spot channels interleaved) emitted by the current chunk.
    pending: Vec<u8>,
}

/// Renders every rendition of every planned colorway in one pass over `reader`'s bands.
///
/// The reader runs on a thread of its own, one band ahead (see the module docs); rendering runs
/// on the calling thread and the rayon pool. Fails on a decoder error, inconsistent bands or a
/// sink error; a profile or ink count that cannot be honoured is only a warning in the report.
pub fn render(
    reader: &mut dyn BandReader,
    plan: &RenditionPlan,
    sink: &dyn RenditionSink,
) -> Result<RenditionReport, ImagingError> {
    let info = reader.info().clone();
    let (w, h) = (info.width, info.height);
    if w == 0 || h == 0 || info.channels.is_empty() {
        return Err(ImagingError::Corrupt(format!(
            "nothing to render: {w}x{h} with {} channels",
            info.channels.len()
        )));
    }
    let conv = ProcessConverter::new(&info);
    let mut warnings: Vec<crate::Reason> = info.notes.clone();
    warnings.extend_from_slice(conv.warnings());
    let spots: Vec<usize> = info.spot_channels().map(|(i, _)| i).collect();
    let own_inks = file_inks(&info);
    let (pw, ph) = preview_size(w, h);
    let channels = info.channels.len();

    let mut states = Vec::with_capacity(plan.colorways.len());
    for (ci, cw) in plan.colorways.iter().enumerate() {
        let inks = colorway_inks(ci, cw, &own_inks, &mut warnings);
        states.push(ColorwayState {
            compositor: Compositor::new(
                &spots,
                &inks,
                plan.fabric,
                conv.alpha_index(),
                conv.has_process(),
                channels,
            ),
            down: AreaDownscaler::new(w, h, pw, ph, 3)?,
            preview: RgbImage::new(pw, ph),
            pyramid: plan.tiles.then(|| PyramidBuilder::new(w, h)),
            buf: Vec::new(),
        });
        if plan.tiles {
            sink.put(Some(ci), names::DZI, dzi_xml(w, h).into_bytes())?;
        }
    }
    let mut masks = if plan.channel_masks && !spots.is_empty() {
        Some(MaskState {
            down: AreaDownscaler::new(w, h, pw, ph, spots.len())?,
            pngs: (0..spots.len())
                .map(|_| GrayPngStream::new(pw, ph))
                .collect::<Result<_, _>>()?,
            gather: Vec::new(),
            pending: Vec::new(),
        })
    } else {
        None
    };

    let mut ctx = PassContext {
        info: &info,
        conv: &conv,
        spots: &spots,
        sink,
        process: Vec::new(),
        next_row: 0,
    };

    std::thread::scope(|scope| -> Result<(), ImagingError> {
        let (tx, rx) = sync_channel::<Result<Band, ImagingError>>(0);
        let decoder = scope.spawn(move || {
            loop {
                let msg = match reader.next_band() {
                    Ok(Some(b)) => Ok(b),
                    Ok(None) => return,
                    Err(e) => Err(e),
                };
                let stop = msg.is_err();
                if tx.send(msg).is_err() || stop {
                    return;
                }
            }
        });
        let mut consume = || -> Result<(), ImagingError> {
            for msg in rx.iter() {
                let band = msg?;
                ctx.band(&band, &mut states, masks.as_mut())?;
            }
            if ctx.next_row != h {
                return Err(ImagingError::Corrupt(format!(
                    "decoder stopped at row {} of {h}",
                    ctx.next_row
                )));
            }
            Ok(())
        };
        let result = consume();
        drop(rx); // unblocks the decoder if we stopped early
        let joined = decoder.join();
        result?;
        joined.map_err(|_| ImagingError::Corrupt("the decoder panicked".into()))
    })?;

    let mask_count = match masks {
        Some(m) => {
            let n = m.pngs.len();
            for (i, png) in m.pngs.into_iter().enumerate() {
                sink.put(None, &names::mask(i), png.finish()?)?;
            }
            n
        }
        None => 0,
    };

    let colorways = states
        .into_par_iter()
        .enumerate()
        .map(|(ci, st)| finish_colorway(ci, st, sink))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RenditionReport {
        colorways,
        masks: mask_count,
        warnings,
    })
}

fn colorway_inks(
    ci: usize,
    cw: &ColorwayPlan,
    own: &[[u8; 3]],
    warnings: &mut Vec<crate::Reason>,
) -> Vec<[u8; 3]> {
    let Some(inks) = &cw.inks else {
        return own.to_vec();
    };
    if own.is_empty() {
        if !inks.is_empty() {
            warnings.push(
                crate::Reason::new(
                    "colorway_inks_ignored",
                    format!(
                        "colorway {ci}: {} inks given for a design without spot channels: ignored",
                        inks.len()
                    ),
                )
                .with("colorway", ci)
                .with("inks", inks.len()),
            );
        }
        return Vec::new();
    }
    if inks.len() != own.len() {
        warnings.push(
            crate::Reason::new(
                "colorway_inks_count",
                format!(
                    "colorway {ci}: {} inks given for {} spot channels: {}",
                    inks.len(),
                    own.len(),
                    if inks.len() < own.len() {
                        "the rest keep the file's colours"
                    } else {
                        "extra inks ignored"
                    }
                ),
            )
            .with("colorway", ci)
            .with("inks", inks.len())
            .with("channels", own.len()),
        );
    }
    (0..own.len())
        .map(|i| inks.get(i).copied().unwrap_or(own[i]))
        .collect()
}

struct PassContext<'a> {
    info: &'a ImageInfo,
    conv: &'a ProcessConverter,
    spots: &'a [usize],
    sink: &'a dyn RenditionSink,
    /// sRGB process image of the current chunk.
    process: Vec<u8>,
    next_row: u32,
}

impl PassContext<'_> {
    fn band(
        &mut self,
        band: &Band,
        states: &mut [ColorwayState],
        mut masks: Option<&mut MaskState>,
    ) -> Result<(), ImagingError> {
        let (w, h) = (self.info.width, self.info.height);
        let ch = self.info.channels.len();
        let stride = w as usize * ch;
        if band.width != w
            || band.channels != ch
            || band.top != self.next_row
            || band.rows == 0
            || band.top as u64 + band.rows as u64 > h as u64
            || band.samples.len() != band.rows as usize * stride
        {
            return Err(ImagingError::Corrupt(format!(
                "inconsistent band: top {} rows {} width {} channels {} samples {} (expected \
                 top {}, width {w}, {ch} channels)",
                band.top,
                band.rows,
                band.width,
                band.channels,
                band.samples.len(),
                self.next_row
            )));
        }
        let chunk_rows = (CHUNK_PIXELS / w as usize).clamp(1, band.rows as usize);
        for src in band.samples.chunks(chunk_rows * stride) {
            self.chunk(src, states, masks.as_deref_mut())?;
        }
        self.next_row += band.rows;
        Ok(())
    }

    fn chunk(
        &mut self,
        src: &[u8],
        states: &mut [ColorwayState],
        masks: Option<&mut MaskState>,
    ) -> Result<(), ImagingError> {
        let w = self.info.width as usize;
        let ch = self.info.channels.len();
        let stride = w * ch;
        let n = src.len() / stride;
        let conv = self.conv;

        if conv.has_process() {
            self.process.resize(n * w * 3, 0);
            self.process
                .par_chunks_mut(w * 3)
                .zip(src.par_chunks(stride))
                .for_each_init(Vec::new, |scratch, (dst, s)| {
                    conv.convert_row(s, dst, scratch)
                });
        }

        if let Some(m) = masks {
            let spots = self.spots;
            let ns = spots.len();
            m.gather.resize(n * w * ns, 0);
            m.gather
                .par_chunks_mut(w * ns)
                .zip(src.par_chunks(stride))
                .for_each(|(g, s)| {
                    for (gp, sp) in g.chunks_exact_mut(ns).zip(s.chunks_exact(ch)) {
                        for (k, &si) in spots.iter().enumerate() {
                            gp[k] = sp[si];
                        }
                    }
                });
            m.pending.clear();
            let pending = &mut m.pending;
            m.down
                .push_rows(&m.gather, |_, out| pending.extend_from_slice(out));
            if !m.pending.is_empty() {
                let pending = &m.pending;
                let pw = m.down.output_size().0 as usize;
                m.pngs.par_iter_mut().enumerate().try_for_each(|(k, png)| {
                    let mut row = vec![0u8; pw];
                    for out in pending.chunks_exact(pw * ns) {
                        for (d, px) in row.iter_mut().zip(out.chunks_exact(ns)) {
                            *d = px[k];
                        }
                        png.write_row(&row)?;
                    }
                    Ok::<(), ImagingError>(())
                })?;
            }
        }

        for (ci, st) in states.iter_mut().enumerate() {
            let ColorwayState {
                compositor,
                down,
                preview,
                pyramid,
                buf,
            } = st;
            let rgb: &[u8] = if compositor.is_passthrough() {
                &self.process
            } else {
                buf.resize(n * w * 3, 0);
                let process = &self.process;
                let comp = &*compositor;
                buf.par_chunks_mut(w * 3)
                    .zip(src.par_chunks(stride))
                    .enumerate()
                    .for_each_init(Vec::new, |scratch, (r, (o, s))| {
                        let p = process.get(r * w * 3..(r + 1) * w * 3).unwrap_or(&[]);
                        comp.row(s, p, o, scratch);
                    });
                buf
            };
            let pstride = preview.width as usize * 3;
            down.push_rows(rgb, |y, row| {
                let s = y as usize * pstride;
                preview.data[s..s + pstride].copy_from_slice(row);
            });
            if let Some(p) = pyramid {
                let sink = self.sink;
                let tile_sink = move |level: u32, col: u32, row: u32, bytes: Vec<u8>| {
                    sink.put(Some(ci), &names::tile(level, col, row), bytes)
                };
                p.push_rows(rgb, &tile_sink)?;
            }
        }
        Ok(())
    }
}

fn finish_colorway(
    ci: usize,
    st: ColorwayState,
    sink: &dyn RenditionSink,
) -> Result<ColorwayReport, ImagingError> {
    let tile_levels = match st.pyramid {
        Some(p) => {
            let n = p.level_count();
            p.finish()?;
            n
        }
        None => 0,
    };
    let preview = st.preview;
    sink.preview(ci, &preview)?;
    let thumbs = THUMBNAILS
        .par_iter()
        .map(|v| {
            let img = make_thumbnail(&preview, v)?;
            let size = (img.width, img.height);
            sink.put(Some(ci), v.name, encode_jpeg_image(&img, JPEG_QUALITY)?)?;
            Ok((v.variant.to_string(), size))
        })
        .collect::<Result<Vec<_>, ImagingError>>()?;
    sink.put(
        Some(ci),
        names::PREVIEW,
        encode_jpeg_image(&preview, JPEG_QUALITY)?,
    )?;
    Ok(ColorwayReport {
        palette: palette_of(&preview),
        preview_size: (preview.width, preview.height),
        thumbnails: thumbs,
        tile_levels,
    })
}

/// One thumbnail variant from a preview (see the table in [`variants`]).
pub fn make_thumbnail(
    preview: &RgbImage,
    variant: &ThumbnailVariant,
) -> Result<RgbImage, ImagingError> {
    match variant.fit {
        Fit::CoverTopLeft => cover_top_left(preview, variant.width, variant.height),
        Fit::Contain => fit(preview, variant.width, variant.height),
    }
}

/// Re-colours a rotary design from its stored masks (`masks/{i}.png`, decoded with
/// [`crate::encode::decode_png_gray`]) without the original file: a new colorway's preview.
///
/// Same compositing as [`render`] (linear light, multiplicative inks over the fabric), but on
/// the masks downscaled to preview size, so partially covered preview pixels where inks overlap
/// differ slightly from a full render; exact for solid areas. Process channels (a CMYK base
/// under the spot channels) are not in the masks: pass the base as `process` if you have it
/// (e.g. the preview of the design rendered with white inks), else the fabric is the base.
pub fn recolor_preview(
    masks: &[GrayImage],
    inks: &[[u8; 3]],
    fabric: [u8; 3],
    process: Option<&RgbImage>,
) -> Result<RgbImage, ImagingError> {
    let (w, h) = match (masks.first(), process) {
        (Some(m), _) => (m.width, m.height),
        (None, Some(p)) => (p.width, p.height),
        (None, None) => {
            return Err(ImagingError::Encode("no masks to recolour".into()));
        }
    };
    if masks.len() != inks.len() {
        return Err(ImagingError::Encode(format!(
            "{} masks but {} inks",
            masks.len(),
            inks.len()
        )));
    }
    let n = w as usize * h as usize;
    if masks
        .iter()
        .any(|m| (m.width, m.height) != (w, h) || m.data.len() != n)
        || process.is_some_and(|p| (p.width, p.height) != (w, h) || p.data.len() != n * 3)
    {
        return Err(ImagingError::Encode("masks and base differ in size".into()));
    }
    let l = LinearLuts::get();
    let fl = fabric.map(|c| l.decode(c));
    let ink_lin: Vec<[f32; 3]> = inks.iter().map(|i| i.map(|c| l.decode(c))).collect();
    let mut out = RgbImage::new(w, h);
    out.data
        .par_chunks_mut(3 * w as usize)
        .enumerate()
        .for_each(|(y, row)| {
            for (x, o) in row.chunks_exact_mut(3).enumerate() {
                let i = y * w as usize + x;
                let mut v = fl;
                if let Some(p) = process {
                    for (v, &p) in v.iter_mut().zip(&p.data[i * 3..i * 3 + 3]) {
                        *v *= l.decode(p);
                    }
                }
                for (m, ink) in masks.iter().zip(&ink_lin) {
                    let c = m.data[i] as f32 / 255.0;
                    for (v, ink) in v.iter_mut().zip(ink) {
                        *v *= 1.0 - c + c * ink;
                    }
                }
                for (o, v) in o.iter_mut().zip(v) {
                    *o = l.encode(v);
                }
            }
        });
    Ok(out)
}

/// Whether a design is rotary (has spot channels) or digital.
pub fn is_rotary(info: &ImageInfo) -> bool {
    info.channels.iter().any(|c| c.kind == ChannelKind::Spot)
}
