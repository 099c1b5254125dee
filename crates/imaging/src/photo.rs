//! Photos staff upload (mood board images): JPEG, PNG or WebP, recognised by their bytes whatever
//! the file is called, their size checked from the header before a pixel is decoded (a small
//! file claiming 100,000 x 100,000 px is refused, not allocated), decoded to RGB (alpha laid on
//! white, a JPEG's EXIF orientation applied), and re-encoded as new JPEGs: nothing of the upload
//! (EXIF, GPS, comments, scripts) is ever served.

use std::io::Cursor;

use crate::ImagingError;
use crate::encode::{JPEG_QUALITY, encode_jpeg_image};
use crate::error::guarded;
use crate::resize::{RgbImage, fit};

/// The formats a photo may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoFormat {
    Jpeg,
    Png,
    Webp,
}

/// Long side of a photo's thumbnail rendition.
pub const PHOTO_THUMB_SIDE: u32 = 480;
/// Long side of a photo's large rendition.
pub const PHOTO_LARGE_SIDE: u32 = 2000;

/// A photo's two renditions and its decoded size.
pub struct PhotoRenditions {
    pub width: u32,
    pub height: u32,
    pub thumb: Vec<u8>,
    pub large: Vec<u8>,
}

impl PhotoRenditions {
    /// Each rendition with the size it is served as.
    pub fn files(self) -> [(PhotoSize, Vec<u8>); 2] {
        [
            (PhotoSize::Thumb, self.thumb),
            (PhotoSize::Large, self.large),
        ]
    }
}

/// The two renditions a stored photo is served as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoSize {
    Thumb,
    Large,
}

impl PhotoSize {
    /// `thumb` or `large`, as photo URLs name them.
    pub fn parse(text: &str) -> Option<PhotoSize> {
        match text {
            "thumb" => Some(PhotoSize::Thumb),
            "large" => Some(PhotoSize::Large),
            _ => None,
        }
    }

    /// The rendition's file under its photo's key.
    pub fn file(self) -> &'static str {
        match self {
            PhotoSize::Thumb => "thumb.jpg",
            PhotoSize::Large => "large.jpg",
        }
    }
}

/// The photo format of `bytes`, by their signature.
pub fn photo_format(bytes: &[u8]) -> Option<PhotoFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(PhotoFormat::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(PhotoFormat::Png)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(PhotoFormat::Webp)
    } else {
        None
    }
}

/// Decodes a photo of at most `max_pixels`.
pub fn decode_photo(bytes: &[u8], max_pixels: u64) -> Result<RgbImage, ImagingError> {
    match photo_format(bytes).ok_or(ImagingError::UnknownFormat)? {
        PhotoFormat::Jpeg => guarded("JPEG", || decode_jpeg(bytes, max_pixels)),
        PhotoFormat::Png => guarded("PNG", || decode_png(bytes, max_pixels)),
        PhotoFormat::Webp => guarded("WebP", || decode_webp(bytes, max_pixels)),
    }
}

/// Decodes a photo and makes its renditions.
pub fn photo_renditions(bytes: &[u8], max_pixels: u64) -> Result<PhotoRenditions, ImagingError> {
    let image = decode_photo(bytes, max_pixels)?;
    let large = fit(&image, PHOTO_LARGE_SIDE, PHOTO_LARGE_SIDE)?;
    let thumb = fit(&large, PHOTO_THUMB_SIDE, PHOTO_THUMB_SIDE)?;
    Ok(PhotoRenditions {
        width: large.width,
        height: large.height,
        thumb: encode_jpeg_image(&thumb, JPEG_QUALITY)?,
        large: encode_jpeg_image(&large, JPEG_QUALITY)?,
    })
}

fn check_size(width: u64, height: u64, max_pixels: u64) -> Result<(), ImagingError> {
    if width == 0 || height == 0 {
        return Err(ImagingError::Corrupt("an image without pixels".into()));
    }
    if width.saturating_mul(height) > max_pixels {
        return Err(ImagingError::TooLarge(format!(
            "{width} x {height} px is over {max_pixels} pixels"
        )));
    }
    Ok(())
}

fn corrupt(what: &str, e: impl std::fmt::Debug) -> ImagingError {
    ImagingError::Corrupt(format!("{what}: {e:?}"))
}

fn decode_jpeg(bytes: &[u8], max_pixels: u64) -> Result<RgbImage, ImagingError> {
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;

    let side = usize::try_from(max_pixels.min(1 << 20)).unwrap_or(1 << 20);
    // Strict: a truncated or corrupt scan is an error, not a picture padded with grey.
    let options = DecoderOptions::default()
        .set_max_width(side)
        .set_max_height(side)
        .set_strict_mode(true)
        .jpeg_set_out_colorspace(ColorSpace::RGB);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(
        zune_core::bytestream::ZCursor::new(bytes),
        options,
    );
    decoder
        .decode_headers()
        .map_err(|e| corrupt("JPEG header", e))?;
    let (w, h) = decoder
        .dimensions()
        .ok_or_else(|| ImagingError::Corrupt("JPEG without a frame".into()))?;
    check_size(w as u64, h as u64, max_pixels)?;
    let orientation = decoder.exif().and_then(|exif| exif_orientation(exif));
    let data = decoder.decode().map_err(|e| corrupt("JPEG data", e))?;
    if data.len() < w * h * 3 {
        return Err(ImagingError::Corrupt("JPEG shorter than its frame".into()));
    }
    let image = RgbImage {
        width: w as u32,
        height: h as u32,
        data,
    };
    Ok(orient(image, orientation.unwrap_or(1)))
}

fn decode_png(bytes: &[u8], max_pixels: u64) -> Result<RgbImage, ImagingError> {
    let mut decoder = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: usize::try_from(max_pixels.saturating_mul(8)).unwrap_or(usize::MAX),
        },
    );
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| corrupt("PNG header", e))?;
    let (w, h) = (reader.info().width, reader.info().height);
    check_size(w.into(), h.into(), max_pixels)?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| ImagingError::TooLarge("PNG frame".into()))?;
    let mut buf = vec![0; size];
    let frame = reader
        .next_frame(&mut buf)
        .map_err(|e| corrupt("PNG data", e))?;
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err(ImagingError::Corrupt("PNG palette left".into())),
    };
    Ok(to_rgb(&buf, frame.width, frame.height, channels))
}

fn decode_webp(bytes: &[u8], max_pixels: u64) -> Result<RgbImage, ImagingError> {
    let mut decoder =
        image_webp::WebPDecoder::new(Cursor::new(bytes)).map_err(|e| corrupt("WebP header", e))?;
    let (w, h) = decoder.dimensions();
    check_size(w.into(), h.into(), max_pixels)?;
    let size = decoder
        .output_buffer_size()
        .ok_or_else(|| ImagingError::TooLarge("WebP frame".into()))?;
    let mut buf = vec![0; size];
    decoder
        .read_image(&mut buf)
        .map_err(|e| corrupt("WebP data", e))?;
    let channels = if decoder.has_alpha() { 4 } else { 3 };
    Ok(to_rgb(&buf, w, h, channels))
}

/// Gray, gray + alpha, RGB or RGBA samples as RGB, alpha laid on white.
fn to_rgb(buf: &[u8], width: u32, height: u32, channels: usize) -> RgbImage {
    let n = width as usize * height as usize;
    let on_white = |v: u8, a: u8| ((v as u32 * a as u32 + 255 * (255 - a as u32)) / 255) as u8;
    let mut data = Vec::with_capacity(n * 3);
    for px in buf.chunks_exact(channels).take(n) {
        let rgb = match px {
            [g] => [*g; 3],
            [g, a] => [on_white(*g, *a); 3],
            [r, g, b] => [*r, *g, *b],
            [r, g, b, a] => [on_white(*r, *a), on_white(*g, *a), on_white(*b, *a)],
            _ => [255; 3],
        };
        data.extend_from_slice(&rgb);
    }
    data.resize(n * 3, 255);
    RgbImage {
        width,
        height,
        data,
    }
}

/// The EXIF orientation (1-8) of an APP1 EXIF payload (`Exif\0\0` and a TIFF structure, or the
/// TIFF structure alone).
fn exif_orientation(exif: &[u8]) -> Option<u16> {
    let tiff = exif.strip_prefix(b"Exif\0\0").unwrap_or(exif);
    let big = match tiff.get(..2)? {
        b"MM" => true,
        b"II" => false,
        _ => return None,
    };
    let u16_at = |at: usize| {
        let b = tiff.get(at..at + 2)?;
        Some(if big {
            u16::from_be_bytes([b[0], b[1]])
        } else {
            u16::from_le_bytes([b[0], b[1]])
        })
    };
    let u32_at = |at: usize| {
        let b = tiff.get(at..at + 4)?;
        let b = [b[0], b[1], b[2], b[3]];
        Some(if big {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        })
    };
    let ifd = usize::try_from(u32_at(4)?).ok()?;
    let entries = u16_at(ifd)?;
    (0..entries as usize)
        .map(|i| ifd + 2 + i * 12)
        .find(|&entry| u16_at(entry) == Some(0x0112))
        .and_then(|entry| u16_at(entry + 8))
        .filter(|o| (1..=8).contains(o))
}

/// Turns an image stored with EXIF orientation `o` upright.
fn orient(image: RgbImage, o: u16) -> RgbImage {
    if o <= 1 || o > 8 {
        return image;
    }
    let (w, h) = (image.width as usize, image.height as usize);
    // Orientations 5-8 swap the sides.
    let (ow, oh) = if o >= 5 { (h, w) } else { (w, h) };
    let mut data = vec![0; w * h * 3];
    for y in 0..oh {
        for x in 0..ow {
            // The source pixel shown at (x, y).
            let (sx, sy) = match o {
                2 => (w - 1 - x, y),
                3 => (w - 1 - x, h - 1 - y),
                4 => (x, h - 1 - y),
                5 => (y, x),
                6 => (y, h - 1 - x),
                7 => (w - 1 - y, h - 1 - x),
                _ => (w - 1 - y, x),
            };
            let from = (sy * w + sx) * 3;
            let to = (y * ow + x) * 3;
            data[to..to + 3].copy_from_slice(&image.data[from..from + 3]);
        }
    }
    RgbImage {
        width: ow as u32,
        height: oh as u32,
        data,
    }
}

/// A picture a user searches with: a photo (JPEG, PNG, WebP) or a TIFF, as RGB no larger than
/// the preview (a TIFF is composited as the archive shows its own colorway). At most
/// `max_pixels` are ever decoded.
pub fn decode_picture(bytes: &[u8], max_pixels: u64) -> Result<RgbImage, ImagingError> {
    if photo_format(bytes).is_some() {
        return decode_photo(bytes, max_pixels);
    }
    match crate::decode::sniff(bytes) {
        Some(crate::info::FileFormat::Tiff | crate::info::FileFormat::BigTiff) => {
            let limits = crate::Limits {
                max_pixels,
                ..crate::Limits::default()
            };
            let mut reader = crate::decode::open_reader(Cursor::new(bytes.to_vec()), &limits)?;
            let plan = crate::render::RenditionPlan {
                tiles: false,
                channel_masks: false,
                ..Default::default()
            };
            let sink = crate::render::MemorySink::default();
            crate::render::render(reader.as_mut(), &plan, &sink)?;
            sink.preview_image(0)
                .ok_or_else(|| ImagingError::Corrupt("a TIFF without a picture".into()))
        }
        _ => Err(ImagingError::UnknownFormat),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_six_turns_a_portrait_photo_upright() {
        // 2 x 1 stored: red, blue; orientation 6 (rotate 90° clockwise) shows red above blue.
        let stored = RgbImage {
            width: 2,
            height: 1,
            data: vec![255, 0, 0, 0, 0, 255],
        };
        let upright = orient(stored, 6);
        assert_eq!((upright.width, upright.height), (1, 2));
        assert_eq!(upright.pixel(0, 0), [255, 0, 0]);
        assert_eq!(upright.pixel(0, 1), [0, 0, 255]);
    }

    #[test]
    fn reads_the_orientation_tag_in_both_byte_orders() {
        let le = b"Exif\0\0II\x2a\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0";
        assert_eq!(exif_orientation(le), Some(6));
        let be = b"MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x03\0\0";
        assert_eq!(exif_orientation(be), Some(3));
        assert_eq!(exif_orientation(b"junk"), None);
    }

    #[test]
    fn a_truncated_jpeg_is_refused_not_padded_with_grey() {
        let image = RgbImage {
            width: 64,
            height: 64,
            data: (0..64 * 64 * 3).map(|i| (i % 251) as u8).collect(),
        };
        let Ok(jpeg) = encode_jpeg_image(&image, JPEG_QUALITY) else {
            panic!("encoded");
        };
        assert!(decode_photo(&jpeg, 1 << 20).is_ok());
        // Strict decoding still takes progressive scans and restart markers.
        for (progressive, restart) in [(true, None), (false, Some(4))] {
            let mut other = Vec::new();
            let mut encoder = jpeg_encoder::Encoder::new(&mut other, 85);
            encoder.set_progressive(progressive);
            if let Some(interval) = restart {
                encoder.set_restart_interval(interval);
            }
            let encoded = encoder.encode(&image.data, 64, 64, jpeg_encoder::ColorType::Rgb);
            assert!(encoded.is_ok());
            let Ok(decoded) = decode_photo(&other, 1 << 20) else {
                panic!("progressive {progressive}, restart {restart:?}");
            };
            assert_eq!((decoded.width, decoded.height), (64, 64));
        }
        let cut = &jpeg[..jpeg.len() * 3 / 4];
        assert!(matches!(
            decode_photo(cut, 1 << 20),
            Err(ImagingError::Corrupt(_))
        ));
    }

    #[test]
    fn recognises_photos_by_their_bytes_only() {
        assert_eq!(
            photo_format(b"\xFF\xD8\xFF\xE0rest"),
            Some(PhotoFormat::Jpeg)
        );
        assert_eq!(
            photo_format(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(PhotoFormat::Webp)
        );
        assert_eq!(photo_format(b"<svg onload=alert(1)>"), None);
    }
}
