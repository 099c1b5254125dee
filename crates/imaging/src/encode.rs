//! Encoders for the renditions: baseline JPEG (`jpeg-encoder`, AVX2 when the CPU has it) for
//! thumbnails and previews (quality 85, 4:4:4) and tiles (quality 80, 4:2:0); 8-bit gray PNG
//! (`png`) for channel masks, whole or streamed row by row; and the PNG decode that turns a
//! stored mask back into a [`GrayImage`].

use std::io::Write;
use std::sync::{Arc, Mutex};

use jpeg_encoder::{ColorType, Encoder};

use crate::ImagingError;
use crate::resize::{GrayImage, RgbImage};

/// JPEG quality of thumbnails and previews.
pub const JPEG_QUALITY: u8 = 85;
/// JPEG quality of deep-zoom tiles.
pub const TILE_JPEG_QUALITY: u8 = 80;

fn jpeg_err(e: impl std::fmt::Display) -> ImagingError {
    ImagingError::Encode(format!("jpeg: {e}"))
}

fn png_err(e: impl std::fmt::Display) -> ImagingError {
    ImagingError::Encode(format!("png: {e}"))
}

/// Encodes `width x height` RGB8 pixels as a baseline JPEG of the given quality with full
/// chroma resolution (4:4:4): thin coloured lines of a textile design keep their colour. Used
/// for previews and thumbnails.
pub fn encode_jpeg(
    rgb: &[u8],
    width: u32,
    height: u32,
    quality: u8,
) -> Result<Vec<u8>, ImagingError> {
    encode_jpeg_sampled(rgb, width, height, quality, false)
}

/// Like [`encode_jpeg`]; `subsample_chroma` selects 4:2:0 (smaller files, used for tiles, as
/// `vips dzsave` does) instead of 4:4:4.
pub fn encode_jpeg_sampled(
    rgb: &[u8],
    width: u32,
    height: u32,
    quality: u8,
    subsample_chroma: bool,
) -> Result<Vec<u8>, ImagingError> {
    let (w, h) = (
        u16::try_from(width).map_err(jpeg_err)?,
        u16::try_from(height).map_err(jpeg_err)?,
    );
    let mut out = Vec::with_capacity(width as usize * height as usize / 4 + 1024);
    let mut encoder = Encoder::new(&mut out, quality.clamp(1, 100));
    encoder.set_sampling_factor(if subsample_chroma {
        jpeg_encoder::SamplingFactor::R_4_2_0
    } else {
        jpeg_encoder::SamplingFactor::R_4_4_4
    });
    encoder
        .encode(rgb, w, h, ColorType::Rgb)
        .map_err(jpeg_err)?;
    Ok(out)
}

/// [`encode_jpeg`] of an [`RgbImage`].
pub fn encode_jpeg_image(img: &RgbImage, quality: u8) -> Result<Vec<u8>, ImagingError> {
    encode_jpeg(&img.data, img.width, img.height, quality)
}

/// Encodes an 8-bit gray image as PNG.
pub fn encode_png_gray(img: &GrayImage) -> Result<Vec<u8>, ImagingError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, img.width, img.height);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(png_err)?;
        w.write_image_data(&img.data).map_err(png_err)?;
        w.finish().map_err(png_err)?;
    }
    Ok(out)
}

/// Decodes an 8-bit gray PNG (such as a stored mask) into a [`GrayImage`].
pub fn decode_png_gray(bytes: &[u8]) -> Result<GrayImage, ImagingError> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec.read_info().map_err(png_err)?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| png_err("image too large"))?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf).map_err(png_err)?;
    let (w, h) = (frame.width, frame.height);
    let n = w as usize * h as usize;
    let data = match frame.color_type {
        png::ColorType::Grayscale => buf[..n].to_vec(),
        png::ColorType::GrayscaleAlpha => buf.chunks_exact(2).take(n).map(|p| p[0]).collect(),
        other => return Err(png_err(format!("mask is {other:?}, not gray"))),
    };
    Ok(GrayImage {
        width: w,
        height: h,
        data,
    })
}

/// A `Write` into a shared buffer, so the bytes can be taken back after the PNG stream writer
/// (which consumes its writer) is finished.
#[derive(Clone, Default)]
struct SharedBuf(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Streams an 8-bit gray PNG row by row: memory is the compressed output only.
pub struct GrayPngStream {
    buf: SharedBuf,
    writer: Option<png::StreamWriter<'static, SharedBuf>>,
    row_len: usize,
}

impl GrayPngStream {
    pub fn new(width: u32, height: u32) -> Result<Self, ImagingError> {
        let buf = SharedBuf::default();
        let mut enc = png::Encoder::new(buf.clone(), width, height);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let writer = enc
            .write_header()
            .map_err(png_err)?
            .into_stream_writer()
            .map_err(png_err)?;
        Ok(Self {
            buf,
            writer: Some(writer),
            row_len: width as usize,
        })
    }

    /// Appends one row of `width` bytes.
    pub fn write_row(&mut self, row: &[u8]) -> Result<(), ImagingError> {
        let w = self
            .writer
            .as_mut()
            .ok_or_else(|| png_err("stream already finished"))?;
        w.write_all(&row[..self.row_len.min(row.len())])
            .map_err(png_err)
    }

    /// Finishes the stream (all rows must have been written) and returns the PNG bytes.
    pub fn finish(mut self) -> Result<Vec<u8>, ImagingError> {
        if let Some(w) = self.writer.take() {
            w.finish().map_err(png_err)?;
        }
        let mut guard = self.buf.0.lock().map_err(|_| png_err("poisoned"))?;
        Ok(std::mem::take(&mut *guard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_stream_round_trip() {
        let img = GrayImage {
            width: 7,
            height: 5,
            data: (0..35).map(|v| (v * 7) as u8).collect(),
        };
        let mut s = GrayPngStream::new(7, 5).expect("stream");
        for r in img.data.chunks(7) {
            s.write_row(r).expect("row");
        }
        let bytes = s.finish().expect("finish");
        assert_eq!(decode_png_gray(&bytes).expect("decode"), img);
        assert_eq!(
            decode_png_gray(&encode_png_gray(&img).expect("enc")).expect("dec"),
            img
        );
    }

    #[test]
    fn jpeg_has_markers() {
        let img = RgbImage::new(17, 9);
        let j = encode_jpeg_image(&img, 85).expect("jpeg");
        assert_eq!(&j[..2], &[0xFF, 0xD8]);
        assert_eq!(&j[j.len() - 2..], &[0xFF, 0xD9]);
    }
}
