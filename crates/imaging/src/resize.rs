//! Downscaling: a streaming area-average (box) downscaler that eats full-width rows in order and
//! emits output rows as soon as they are complete (memory O(output width)), used to make the
//! preview straight from the bands; and high-quality Lanczos3 resizes (via `fast_image_resize`)
//! that make the thumbnails from the preview.
//!
//! All averaging happens on the 8-bit sRGB-encoded values (as `vipsthumbnail` does by default).

use fast_image_resize as fr;
use rayon::prelude::*;

use crate::ImagingError;

/// An 8-bit RGB raster, rows top to bottom, `width * height * 3` bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RgbImage {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

/// An 8-bit single-channel raster (a spot channel's coverage mask: 0 no ink, 255 full ink).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrayImage {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl RgbImage {
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            width,
            height,
            data: vec![0; width as usize * height as usize * 3],
        }
    }

    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }
}

impl GrayImage {
    pub fn pixel(&self, x: u32, y: u32) -> u8 {
        self.data[y as usize * self.width as usize + x as usize]
    }
}

/// Long side of the preview rendition (px). Smaller designs keep their own size.
pub const PREVIEW_LONG_SIDE: u32 = 2048;

/// The largest size with the aspect ratio of `(w, h)` that fits in `(max_w, max_h)`, never larger
/// than `(w, h)` itself (no upscaling), at least 1x1.
pub fn fit_within(w: u32, h: u32, max_w: u32, max_h: u32) -> (u32, u32) {
    if w == 0 || h == 0 {
        return (w.max(1), h.max(1));
    }
    if w <= max_w && h <= max_h {
        return (w, h);
    }
    let s = (max_w as f64 / w as f64).min(max_h as f64 / h as f64);
    let fw = ((w as f64 * s).round() as u32).clamp(1, max_w.max(1));
    let fh = ((h as f64 * s).round() as u32).clamp(1, max_h.max(1));
    (fw, fh)
}

/// The preview size of a `w x h` design: long side [`PREVIEW_LONG_SIDE`], never upscaled.
pub fn preview_size(w: u32, h: u32) -> (u32, u32) {
    fit_within(w, h, PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE)
}

/// Rows of pixels fewer than this go through the horizontal pass on one thread.
const PAR_MIN_PIXELS: usize = 1 << 15;

/// Streaming area-average downscaler: exact box filter with fractional pixel coverage, any
/// number of interleaved 8-bit channels. Feed rows top to bottom with [`Self::push_rows`];
/// output rows are handed to the callback in order as soon as they are complete.
///
/// Memory: one accumulator row of the output width (f32) plus the per-call horizontal buffer.
#[derive(Debug)]
pub struct AreaDownscaler {
    src_w: u32,
    src_h: u32,
    dst_w: u32,
    dst_h: u32,
    ch: usize,
    /// Per output column: the source columns it covers and their integer weights.
    spans: Vec<Span>,
    /// 1 / source width: turns the integer horizontal sums into means.
    inv_sw: f32,
    /// Vertical accumulator of the current output row (dst_w * ch).
    acc: Vec<f32>,
    /// Horizontal results of the rows of one call (dst_w * ch per row).
    hbuf: Vec<f32>,
    out_row: Vec<u8>,
    y_in: u32,
    y_out: u32,
}

impl AreaDownscaler {
    /// A downscaler from `src_w x src_h` to `dst_w x dst_h` (each output side 1..=source side).
    pub fn new(
        src_w: u32,
        src_h: u32,
        dst_w: u32,
        dst_h: u32,
        channels: usize,
    ) -> Result<Self, ImagingError> {
        if src_w == 0 || src_h == 0 || dst_w == 0 || dst_h == 0 || channels == 0 {
            return Err(ImagingError::Encode("empty image to downscale".into()));
        }
        if dst_w > src_w || dst_h > src_h {
            return Err(ImagingError::Encode(format!(
                "area downscaler cannot upscale {src_w}x{src_h} to {dst_w}x{dst_h}"
            )));
        }
        let (sw, dw) = (src_w as u64, dst_w as u64);
        // Output column j covers [j*sw, (j+1)*sw) in units where a source column is dw wide.
        let spans = (0..dw)
            .map(|j| {
                let (lo, hi) = (j * sw, (j + 1) * sw);
                let first = lo / dw;
                let last = (hi - 1) / dw; // inclusive
                if first == last {
                    return Span {
                        first: first as u32,
                        last: last as u32,
                        w_first: sw as u32,
                        w_last: 0,
                    };
                }
                Span {
                    first: first as u32,
                    last: last as u32,
                    w_first: ((first + 1) * dw - lo) as u32,
                    w_last: (hi - last * dw) as u32,
                }
            })
            .collect();
        Ok(Self {
            src_w,
            src_h,
            dst_w,
            dst_h,
            ch: channels,
            spans,
            inv_sw: 1.0 / src_w as f32,
            acc: vec![0.0; dst_w as usize * channels],
            hbuf: Vec::new(),
            out_row: vec![0; dst_w as usize * channels],
            y_in: 0,
            y_out: 0,
        })
    }

    pub fn output_size(&self) -> (u32, u32) {
        (self.dst_w, self.dst_h)
    }

    /// Whether every output row has been emitted.
    pub fn is_done(&self) -> bool {
        self.y_out >= self.dst_h
    }

    /// Feeds whole rows (`n * src_w * channels` bytes); `emit(y, row)` receives each finished
    /// output row. Rows past the source height are ignored.
    pub fn push_rows<F: FnMut(u32, &[u8])>(&mut self, rows: &[u8], mut emit: F) {
        let stride = self.src_w as usize * self.ch;
        let n = (rows.len() / stride).min((self.src_h - self.y_in.min(self.src_h)) as usize);
        if n == 0 {
            return;
        }
        let hstride = self.dst_w as usize * self.ch;
        self.hbuf.clear();
        self.hbuf.resize(n * hstride, 0.0);
        let rows = &rows[..n * stride];
        let (spans, inv_sw, dw) = (&self.spans, self.inv_sw, self.dst_w);
        let ch = self.ch;
        if n * self.src_w as usize >= PAR_MIN_PIXELS {
            self.hbuf
                .par_chunks_mut(hstride)
                .zip(rows.par_chunks(stride))
                .for_each(|(h, r)| hpass(spans, dw, inv_sw, ch, r, h));
        } else {
            for (h, r) in self.hbuf.chunks_mut(hstride).zip(rows.chunks(stride)) {
                hpass(spans, dw, inv_sw, ch, r, h);
            }
        }
        let (sh, dh) = (self.src_h as u64, self.dst_h as u64);
        let width = self.dst_w as usize * self.ch;
        for r in 0..n {
            let h = &self.hbuf[r * hstride..r * hstride + width];
            // Source row y covers [y*dh, (y+1)*dh); output row i covers [i*sh, (i+1)*sh).
            let y = self.y_in as u64;
            let mut lo = y * dh;
            let hi = lo + dh;
            while self.y_out < self.dst_h {
                let end = (self.y_out as u64 + 1) * sh;
                let top = hi.min(end);
                if top > lo {
                    let w = (top - lo) as f32 / sh as f32;
                    for (a, v) in self.acc.iter_mut().zip(h) {
                        *a += w * v;
                    }
                }
                if hi >= end {
                    for (o, a) in self.out_row.iter_mut().zip(self.acc.iter_mut()) {
                        *o = (*a + 0.5).clamp(0.0, 255.0) as u8;
                        *a = 0.0;
                    }
                    emit(self.y_out, &self.out_row);
                    self.y_out += 1;
                    lo = end;
                    if lo >= hi {
                        break;
                    }
                } else {
                    break;
                }
            }
            self.y_in += 1;
        }
    }
}

/// The source columns of one output column: `first` and `last` (inclusive) weigh `w_first` and
/// `w_last`, every column between weighs the full `dst_w` (weights in 1/`dst_w` of a column;
/// they add up to `src_w`). A single-column span has `first == last` and weight `w_first`.
#[derive(Debug, Clone, Copy)]
struct Span {
    first: u32,
    last: u32,
    w_first: u32,
    w_last: u32,
}

/// Horizontal pass of one row: `out[j]` = mean of the source columns under output column j.
fn hpass(spans: &[Span], dw: u32, inv_sw: f32, ch: usize, row: &[u8], out: &mut [f32]) {
    match ch {
        1 => hpass_n::<1>(spans, dw, inv_sw, row, out),
        2 => hpass_n::<2>(spans, dw, inv_sw, row, out),
        3 => hpass_n::<3>(spans, dw, inv_sw, row, out),
        4 => hpass_n::<4>(spans, dw, inv_sw, row, out),
        5 => hpass_n::<5>(spans, dw, inv_sw, row, out),
        6 => hpass_n::<6>(spans, dw, inv_sw, row, out),
        7 => hpass_n::<7>(spans, dw, inv_sw, row, out),
        8 => hpass_n::<8>(spans, dw, inv_sw, row, out),
        _ => {
            for (s, o) in spans.iter().zip(out.chunks_exact_mut(ch)) {
                for (c, o) in o.iter_mut().enumerate() {
                    let px = |x: u32| row[x as usize * ch + c] as u32;
                    let mut edge = px(s.first) * s.w_first;
                    let mut mid = 0u32;
                    if s.last > s.first {
                        edge += px(s.last) * s.w_last;
                        for x in s.first + 1..s.last {
                            mid += px(x);
                        }
                    }
                    *o = (mid * dw + edge) as f32 * inv_sw;
                }
            }
        }
    }
}

#[inline(always)]
fn hpass_n<const C: usize>(spans: &[Span], dw: u32, inv_sw: f32, row: &[u8], out: &mut [f32]) {
    let (pixels, _) = row.as_chunks::<C>();
    let (outs, _) = out.as_chunks_mut::<C>();
    for (s, o) in spans.iter().zip(outs) {
        let (f, l) = (s.first as usize, s.last as usize);
        let (Some(pf), Some(pl)) = (pixels.get(f), pixels.get(l)) else {
            continue;
        };
        let mut edge = [0u32; C];
        let mut mid = [0u32; C];
        for c in 0..C {
            edge[c] = pf[c] as u32 * s.w_first;
        }
        if l > f {
            for c in 0..C {
                edge[c] += pl[c] as u32 * s.w_last;
            }
            for p in &pixels[f + 1..l] {
                for c in 0..C {
                    mid[c] += p[c] as u32;
                }
            }
        }
        for c in 0..C {
            o[c] = (mid[c] * dw + edge[c]) as f32 * inv_sw;
        }
    }
}

/// Downscales a whole in-memory RGB image by area averaging (no upscaling).
pub fn area_downscale(src: &RgbImage, dst_w: u32, dst_h: u32) -> Result<RgbImage, ImagingError> {
    let mut d = AreaDownscaler::new(src.width, src.height, dst_w, dst_h, 3)?;
    let mut out = RgbImage::new(dst_w, dst_h);
    let stride = dst_w as usize * 3;
    d.push_rows(&src.data, |y, row| {
        let s = y as usize * stride;
        out.data[s..s + stride].copy_from_slice(row);
    });
    Ok(out)
}

fn fr_err(e: impl std::fmt::Display) -> ImagingError {
    ImagingError::Encode(format!("resize: {e}"))
}

/// Lanczos3 resize of `src` (or of a source rectangle of it) to exactly `dst_w x dst_h`.
pub fn resize_lanczos(
    src: &RgbImage,
    crop: Option<(f64, f64, f64, f64)>,
    dst_w: u32,
    dst_h: u32,
) -> Result<RgbImage, ImagingError> {
    let src_ref = fr::images::ImageRef::new(src.width, src.height, &src.data, fr::PixelType::U8x3)
        .map_err(fr_err)?;
    let mut dst = fr::images::Image::new(dst_w, dst_h, fr::PixelType::U8x3);
    let mut opts =
        fr::ResizeOptions::new().resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::Lanczos3));
    if let Some((l, t, w, h)) = crop {
        opts = opts.crop(l, t, w, h);
    }
    let mut resizer = fr::Resizer::new();
    resizer.resize(&src_ref, &mut dst, &opts).map_err(fr_err)?;
    Ok(RgbImage {
        width: dst_w,
        height: dst_h,
        data: dst.into_vec(),
    })
}

/// Fills exactly `w x h`: scales `src` so it covers the box and crops the overflow from the
/// right and bottom, i.e. the crop is anchored at the top-left corner (the repeat origin of a
/// textile design). Small sources are upscaled to fill the box.
pub fn cover_top_left(src: &RgbImage, w: u32, h: u32) -> Result<RgbImage, ImagingError> {
    let s = (w as f64 / src.width as f64).max(h as f64 / src.height as f64);
    let cw = (w as f64 / s).min(src.width as f64);
    let ch = (h as f64 / s).min(src.height as f64);
    resize_lanczos(src, Some((0.0, 0.0, cw, ch)), w, h)
}

/// The whole of `src` fitted inside `max_w x max_h` (aspect kept, no crop, no upscale).
pub fn fit(src: &RgbImage, max_w: u32, max_h: u32) -> Result<RgbImage, ImagingError> {
    let (w, h) = fit_within(src.width, src.height, max_w, max_h);
    if (w, h) == (src.width, src.height) {
        return Ok(src.clone());
    }
    resize_lanczos(src, None, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_scale_is_exact() {
        let src = RgbImage {
            width: 5,
            height: 3,
            data: (0..45).map(|v| (v * 5) as u8).collect(),
        };
        let out = area_downscale(&src, 5, 3).expect("downscale");
        assert_eq!(out, src);
    }

    #[test]
    fn halving_averages_blocks() {
        // 4x2 -> 2x1: each output is the mean of a 2x2 block.
        let mut src = RgbImage::new(4, 2);
        let vals = [[0u8, 100, 10, 30], [200, 100, 50, 70]];
        for (y, row) in vals.iter().enumerate() {
            for (x, v) in row.iter().enumerate() {
                let i = (y * 4 + x) * 3;
                src.data[i..i + 3].fill(*v);
            }
        }
        let out = area_downscale(&src, 2, 1).expect("downscale");
        assert_eq!(out.pixel(0, 0), [100; 3]);
        assert_eq!(out.pixel(1, 0), [40; 3]);
    }

    #[test]
    fn fractional_ratio_keeps_mean() {
        // 7 -> 3 columns of a gradient: total "mass" is preserved.
        let w = 7;
        let src = RgbImage {
            width: w,
            height: 1,
            data: (0..w).flat_map(|x| [(x * 30) as u8; 3]).collect(),
        };
        let out = area_downscale(&src, 3, 1).expect("downscale");
        let mean_in: f64 = (0..w).map(|x| (x * 30) as f64).sum::<f64>() / w as f64;
        let mean_out: f64 = (0..3).map(|x| out.pixel(x, 0)[0] as f64).sum::<f64>() / 3.0;
        assert!((mean_in - mean_out).abs() < 0.7, "{mean_in} vs {mean_out}");
        assert!(out.pixel(0, 0)[0] < out.pixel(1, 0)[0]);
    }

    #[test]
    fn fit_never_upscales() {
        assert_eq!(fit_within(100, 50, 1024, 768), (100, 50));
        assert_eq!(fit_within(4000, 2000, 1024, 768), (1024, 512));
        assert_eq!(preview_size(12000, 6000), (2048, 1024));
        assert_eq!(preview_size(3, 9000), (1, 2048));
    }
}
