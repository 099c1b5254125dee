//! TIFF and BigTIFF reader: the first page, every sample (extra samples and planar-separate
//! planes included), streamed in bands.
//!
//! The IFD is parsed here rather than with the `tiff` crate: the crate drops extra samples beyond
//! alpha and reads only the first plane of planar files, and owning the parser lets every count
//! and offset be checked against the file and the limits before it is believed.
//!
//! Chunks (strips or tiles) of a band are independent, so they are decompressed in parallel into
//! one buffer. When strips are small and the samples need no conversion, that buffer already is
//! the band. Strips too tall for one band are decoded incrementally instead (see [`StripStream`]).

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::ccitt::FaxCoding;
use crate::error::guarded;
use crate::indexed::{IndexReader, Palette};
use crate::limits::Limits;
use crate::source::{PackBits, Source, Tone, depth_to8, f16_to_f32, float_to8, to8};
use crate::{
    Band, BandReader, ChannelInfo, ChannelKind, ColorMode, FileFormat, ImageInfo, ImagingError,
    Reason,
};

const IMAGE_WIDTH: u16 = 256;
const IMAGE_LENGTH: u16 = 257;
const BITS_PER_SAMPLE: u16 = 258;
const COMPRESSION: u16 = 259;
const PHOTOMETRIC: u16 = 262;
const FILL_ORDER: u16 = 266;
const STRIP_OFFSETS: u16 = 273;
const SAMPLES_PER_PIXEL: u16 = 277;
const ROWS_PER_STRIP: u16 = 278;
const STRIP_BYTE_COUNTS: u16 = 279;
const X_RESOLUTION: u16 = 282;
const Y_RESOLUTION: u16 = 283;
const PLANAR_CONFIGURATION: u16 = 284;
const T4_OPTIONS: u16 = 292;
const T6_OPTIONS: u16 = 293;
const RESOLUTION_UNIT: u16 = 296;
const PREDICTOR: u16 = 317;
const COLOR_MAP: u16 = 320;
const TILE_WIDTH: u16 = 322;
const TILE_LENGTH: u16 = 323;
const TILE_OFFSETS: u16 = 324;
const TILE_BYTE_COUNTS: u16 = 325;
const INK_SET: u16 = 332;
const INK_NAMES: u16 = 333;
const EXTRA_SAMPLES: u16 = 338;
const SAMPLE_FORMAT: u16 = 339;
const JPEG_TABLES: u16 = 347;
const JPEG_INTERCHANGE_FORMAT: u16 = 513;
const JPEG_INTERCHANGE_FORMAT_LENGTH: u16 = 514;
const YCBCR_COEFFICIENTS: u16 = 529;
const YCBCR_SUBSAMPLING: u16 = 530;
const REFERENCE_BLACK_WHITE: u16 = 532;
const ICC_PROFILE: u16 = 34675;

/// Rows a band of small strips aims at.
const BAND_ROWS: u32 = 256;
/// Strips taller than this are streamed rather than decoded whole.
const MAX_WHOLE_STRIP_ROWS: u32 = 512;
/// Most entries an IFD may have (real files have a few dozen).
const MAX_IFD_ENTRIES: u64 = 4096;
/// Most bytes one tag value may take (ICC profiles, ink names, offsets of a large image).
const MAX_TAG_BYTES: u64 = 64 * 1024 * 1024;
/// Compressed bytes read from the file at a time when streaming a tall strip.
const STREAM_READ: usize = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compression {
    None,
    Lzw,
    Deflate,
    PackBits,
    Jpeg,
    /// Old-style JPEG (6), read only through its JPEGInterchangeFormat stream.
    OldJpeg,
    Zstd,
    /// An .xz stream (LZMA2) per chunk, as libtiff writes it with liblzma.
    Lzma,
    /// A complete WebP image per chunk.
    WebP,
    /// SGILog (34676): LogL (16-bit log luminance) or LogLuv (32-bit log luminance and uv),
    /// run-length encoded per byte plane, row by row.
    SgiLog,
    /// CCITT bilevel fax coding (2, 3 and 4), decoded a whole chunk at a time.
    Fax(FaxCoding),
}

impl Compression {
    fn from_tag(v: u64) -> Result<Self, ImagingError> {
        Ok(match v {
            1 => Compression::None,
            5 => Compression::Lzw,
            8 | 32946 => Compression::Deflate,
            32773 => Compression::PackBits,
            7 => Compression::Jpeg,
            6 => Compression::OldJpeg,
            50000 => Compression::Zstd,
            34925 => Compression::Lzma,
            50001 => Compression::WebP,
            34676 => Compression::SgiLog,
            2 => Compression::Fax(FaxCoding::Huffman),
            3 => Compression::Fax(FaxCoding::T4 { two_d: false }),
            4 => Compression::Fax(FaxCoding::T6),
            34712 | 33003 | 33005 => {
                return Err(unsupported("tiff_compression", "JPEG 2000 compression")
                    .with("name", "JPEG 2000")
                    .into());
            }
            34677 => {
                return Err(unsupported(
                    "tiff_compression",
                    "SGILog24 compression (34677, 24-bit LogLuv high dynamic range)",
                )
                .with("name", "SGILog24")
                .into());
            }
            other => {
                return Err(
                    unsupported("tiff_compression", &format!("compression {other}"))
                        .with("name", other)
                        .into(),
                );
            }
        })
    }

    /// JPEG streams are decoded by the JPEG decoder whole.
    fn is_jpeg(self) -> bool {
        matches!(self, Compression::Jpeg | Compression::OldJpeg)
    }

    /// Whether a tall strip can be decompressed a band at a time; the others are decoded a
    /// whole chunk at a time.
    fn streams(self) -> bool {
        matches!(
            self,
            Compression::None
                | Compression::Lzw
                | Compression::Deflate
                | Compression::PackBits
                | Compression::Zstd
        )
    }
}

/// A TIFF feature we do not read: `code` names it for the screens ([`Reason`]), `what` in English.
fn unsupported(code: &str, what: &str) -> Reason {
    Reason::new(code, format!("TIFF with {what}"))
}

fn corrupt(what: impl Into<String>) -> ImagingError {
    ImagingError::Corrupt(what.into())
}

/// How a stored sample becomes a band sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Norm {
    Plain,
    /// WhiteIsZero gray.
    Invert,
    /// CIELab a and b, and signed integer samples: flip the sign bit to get the offset form
    /// (-128 becomes 0, 0 becomes 128).
    Signed,
    /// Signed WhiteIsZero gray: offset, then inverted.
    SignedInvert,
    /// Palette entry numbers: kept as stored, never scaled (a 4-bit 15 stays 15).
    Index,
    /// Floating point grey and RGB: linear light, through the sRGB curve (see
    /// [`float_to8`]). Other floating point samples are amounts: `Plain`, or `Invert` for
    /// WhiteIsZero grey.
    Light,
}

/// Which TIFF predictor the data was written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Predictor {
    None,
    /// Horizontal differencing of whole samples (Predictor 2).
    Horizontal,
    /// Floating point: the bytes of each row split into planes, most significant first, and
    /// differenced byte by byte (Predictor 3).
    Float,
}

// ---------------------------------------------------------------------------------------------
// IFD parsing

#[derive(Debug, Clone, Copy)]
struct Entry {
    typ: u16,
    count: u64,
    /// The value field as stored: the value itself when it fits, else its offset.
    field: [u8; 8],
}

struct Ifd {
    le: bool,
    big: bool,
    entries: BTreeMap<u16, Entry>,
}

fn type_size(typ: u16) -> Option<u64> {
    Some(match typ {
        1 | 2 | 6 | 7 => 1,
        3 | 8 => 2,
        4 | 9 | 11 | 13 => 4,
        5 | 10 | 12 | 16 | 17 | 18 => 8,
        _ => return None,
    })
}

impl Ifd {
    fn u16(&self, b: &[u8]) -> u16 {
        let a = [b[0], b[1]];
        if self.le {
            u16::from_le_bytes(a)
        } else {
            u16::from_be_bytes(a)
        }
    }
    fn u32(&self, b: &[u8]) -> u32 {
        let a = [b[0], b[1], b[2], b[3]];
        if self.le {
            u32::from_le_bytes(a)
        } else {
            u32::from_be_bytes(a)
        }
    }
    fn u64(&self, b: &[u8]) -> u64 {
        let a = [b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]];
        if self.le {
            u64::from_le_bytes(a)
        } else {
            u64::from_be_bytes(a)
        }
    }

    fn read(src: &mut Source) -> Result<Ifd, ImagingError> {
        let mut head = [0u8; 16];
        let n = src.read_up_to(0, &mut head)?;
        if n < 8 {
            return Err(corrupt("TIFF header is truncated"));
        }
        let le = head[0] == b'I';
        let mut ifd = Ifd {
            le,
            big: false,
            entries: BTreeMap::new(),
        };
        let magic = ifd.u16(&head[2..]);
        let first = match magic {
            42 => u64::from(ifd.u32(&head[4..])),
            43 => {
                if n < 16 {
                    return Err(corrupt("BigTIFF header is truncated"));
                }
                if ifd.u16(&head[4..]) != 8 || ifd.u16(&head[6..]) != 0 {
                    return Err(corrupt("BigTIFF header has an unexpected offset size"));
                }
                ifd.big = true;
                ifd.u64(&head[8..])
            }
            _ => return Err(ImagingError::UnknownFormat),
        };
        let (count_len, entry_len) = if ifd.big { (8u64, 20u64) } else { (2, 12) };
        let mut count_buf = [0u8; 8];
        src.read_exact_at(first, &mut count_buf[..count_len as usize], "first IFD")?;
        let count = if ifd.big {
            ifd.u64(&count_buf)
        } else {
            u64::from(ifd.u16(&count_buf))
        };
        if count == 0 || count > MAX_IFD_ENTRIES {
            return Err(corrupt(format!("first IFD claims {count} entries")));
        }
        let table = src.read_vec_at(first + count_len, count * entry_len, "first IFD")?;
        for raw in table.chunks_exact(entry_len as usize) {
            let tag = ifd.u16(raw);
            let typ = ifd.u16(&raw[2..]);
            let (count, field_bytes) = if ifd.big {
                (ifd.u64(&raw[4..]), &raw[12..20])
            } else {
                (u64::from(ifd.u32(&raw[4..])), &raw[8..12])
            };
            let mut field = [0u8; 8];
            field[..field_bytes.len()].copy_from_slice(field_bytes);
            // Unknown types are skipped, as the specification asks.
            if type_size(typ).is_some() {
                ifd.entries.insert(tag, Entry { typ, count, field });
            }
        }
        Ok(ifd)
    }

    /// The raw bytes of a tag's value, at most `max` bytes.
    fn bytes(&self, src: &mut Source, tag: u16, max: u64) -> Result<Option<Vec<u8>>, ImagingError> {
        let Some(e) = self.entries.get(&tag) else {
            return Ok(None);
        };
        let size = type_size(e.typ)
            .and_then(|s| s.checked_mul(e.count))
            .ok_or_else(|| corrupt(format!("tag {tag} has an impossible size")))?;
        if size > max {
            return Err(corrupt(format!("tag {tag} claims {size} bytes")));
        }
        let inline = if self.big { 8 } else { 4 };
        if size <= inline {
            return Ok(Some(e.field[..size as usize].to_vec()));
        }
        let offset = if self.big {
            self.u64(&e.field)
        } else {
            u64::from(self.u32(&e.field))
        };
        src.read_vec_at(offset, size, &format!("value of tag {tag}"))
            .map(Some)
    }

    /// An unsigned integer array tag (BYTE, SHORT, LONG, LONG8).
    fn uints(
        &self,
        src: &mut Source,
        tag: u16,
        max_count: u64,
    ) -> Result<Option<Vec<u64>>, ImagingError> {
        let Some(e) = self.entries.get(&tag).copied() else {
            return Ok(None);
        };
        let size = match e.typ {
            1 | 7 => 1,
            3 => 2,
            4 | 13 => 4,
            16 | 18 => 8,
            _ => return Err(corrupt(format!("tag {tag} is not an unsigned integer"))),
        };
        if e.count > max_count {
            return Err(corrupt(format!(
                "tag {tag} has {} values, expected at most {max_count}",
                e.count
            )));
        }
        let Some(raw) = self.bytes(src, tag, max_count.saturating_mul(size))? else {
            return Ok(None);
        };
        Ok(Some(
            raw.chunks_exact(size as usize)
                .map(|b| match size {
                    1 => u64::from(b[0]),
                    2 => u64::from(self.u16(b)),
                    4 => u64::from(self.u32(b)),
                    _ => self.u64(b),
                })
                .collect(),
        ))
    }

    fn uint(&self, src: &mut Source, tag: u16) -> Result<Option<u64>, ImagingError> {
        Ok(self.uints(src, tag, 1024)?.and_then(|v| v.first().copied()))
    }

    fn rational(&self, src: &mut Source, tag: u16) -> Result<Option<f64>, ImagingError> {
        let Some(e) = self.entries.get(&tag).copied() else {
            return Ok(None);
        };
        let Some(raw) = self.bytes(src, tag, 64)? else {
            return Ok(None);
        };
        Ok(match (e.typ, raw.len()) {
            (5, 8..) => {
                let (n, d) = (self.u32(&raw), self.u32(&raw[4..]));
                (d != 0).then(|| f64::from(n) / f64::from(d))
            }
            (3, 2..) => Some(f64::from(self.u16(&raw))),
            (4, 4..) => Some(f64::from(self.u32(&raw))),
            _ => None,
        })
    }

    /// A RATIONAL (or SRATIONAL, SHORT, LONG) array tag of exactly `n` values; `None` when the
    /// tag is missing or of another length or type, so its default applies.
    fn rationals(
        &self,
        src: &mut Source,
        tag: u16,
        n: usize,
    ) -> Result<Option<Vec<f64>>, ImagingError> {
        let Some(e) = self.entries.get(&tag).copied() else {
            return Ok(None);
        };
        if e.count != n as u64 {
            return Ok(None);
        }
        let Some(raw) = self.bytes(src, tag, 8 * n as u64)? else {
            return Ok(None);
        };
        let values: Vec<f64> = match e.typ {
            5 => raw
                .chunks_exact(8)
                .map(|b| (f64::from(self.u32(b)), f64::from(self.u32(&b[4..]))))
                .map(|(n, d)| if d == 0.0 { f64::NAN } else { n / d })
                .collect(),
            10 => raw
                .chunks_exact(8)
                .map(|b| (self.u32(b) as i32, self.u32(&b[4..]) as i32))
                .map(|(n, d)| {
                    if d == 0 {
                        f64::NAN
                    } else {
                        f64::from(n) / f64::from(d)
                    }
                })
                .collect(),
            3 => raw
                .chunks_exact(2)
                .map(|b| f64::from(self.u16(b)))
                .collect(),
            4 => raw
                .chunks_exact(4)
                .map(|b| f64::from(self.u32(b)))
                .collect(),
            _ => return Ok(None),
        };
        Ok((values.len() == n && values.iter().all(|v| v.is_finite())).then_some(values))
    }
}

/// The ColorMap of a palette-colour image: every red, then every green, then every blue, 16 bits
/// each, for exactly 2^bits entries. A map of another length lies about the palette and is
/// refused, as libtiff refuses it.
fn color_map(ifd: &Ifd, src: &mut Source, bits: u8) -> Result<Palette, ImagingError> {
    let entries = 1usize << bits;
    let expected = 3 * entries as u64;
    let count = ifd
        .entries
        .get(&COLOR_MAP)
        .ok_or_else(|| corrupt("palette colour TIFF has no ColorMap"))?
        .count;
    if count != expected {
        return Err(corrupt(format!(
            "ColorMap has {count} values, a {bits}-bit palette needs {expected}"
        )));
    }
    let map = ifd.uints(src, COLOR_MAP, expected)?.unwrap_or_default();
    if map.len() as u64 != expected {
        return Err(corrupt("ColorMap is shorter than it says"));
    }
    // The high byte, as libtiff reads it: writers scale 8-bit colours by 256 or by 257. A map
    // with no value over 255 was written by an old 8-bit writer and is taken as it is (libtiff's
    // check too).
    let shift = if map.iter().all(|&v| v <= 255) { 0 } else { 8 };
    let channel = |c: usize, i: usize| (map[c * entries + i].min(65535) >> shift) as u8;
    Ok(Palette {
        colors: (0..entries)
            .map(|i| [channel(0, i), channel(1, i), channel(2, i)])
            .collect(),
        transparent: None,
    })
}

// ---------------------------------------------------------------------------------------------
// Layout of the image data

/// Where the chunks are and how they tile the image.
#[derive(Debug, Clone)]
struct Layout {
    width: u32,
    height: u32,
    bits: u8,
    le: bool,
    /// SampleFormat 3: IEEE floating point samples of 16, 32 or 64 bits.
    float: bool,
    compression: Compression,
    predictor: Predictor,
    tiled: bool,
    /// Chunk size in pixels (a strip is the image width by RowsPerStrip).
    chunk_w: u32,
    chunk_h: u32,
    across: u32,
    down: u32,
    /// 1 for chunky data, samples per pixel for planar-separate data.
    planes: usize,
    /// Samples per pixel inside one chunk.
    chunk_spp: usize,
    offsets: Vec<u64>,
    counts: Vec<u64>,
    jpeg_tables: Option<Vec<u8>>,
    /// Output channel conversions, one per sample.
    norms: Vec<Norm>,
    /// Associated (premultiplied) alpha: (alpha channel, process channels before it).
    premultiplied: Option<(usize, usize)>,
    /// JPEG chunks of YCbCr images are converted to RGB by the JPEG decoder.
    jpeg_to_rgb: bool,
    /// FillOrder 2: the bits of every byte of the compressed data are reversed.
    reversed_bits: bool,
    /// YCbCr samples without JPEG: chunks hold subsampled data units, expanded to RGB.
    ycbcr: Option<YCbCr>,
}

impl Layout {
    fn samples(&self) -> usize {
        self.planes * self.chunk_spp
    }
    fn chunk_row_bytes(&self) -> usize {
        (self.chunk_w as usize * self.chunk_spp * self.bits as usize).div_ceil(8)
    }
    fn chunk_bytes(&self) -> usize {
        self.chunk_row_bytes() * self.chunk_h as usize
    }
    fn chunk_index(&self, plane: usize, ty: u32, tx: u32) -> usize {
        plane * (self.across * self.down) as usize + (ty * self.across + tx) as usize
    }
    /// Rows of data in chunk row `ty` (the last strip may be short; tiles are always whole).
    fn chunk_rows(&self, ty: u32) -> u32 {
        if self.tiled {
            self.chunk_h
        } else {
            self.chunk_h.min(self.height - ty * self.chunk_h)
        }
    }
    /// Compressed bytes a chunk may plausibly take: generous for codec overhead, but a bound.
    fn max_compressed(&self) -> u64 {
        // Fax codes of one-pixel runs take up to 4.5 bits a pixel, 1-bit samples.
        let factor = if matches!(self.compression, Compression::Fax(_)) {
            8
        } else {
            2
        };
        self.chunk_bytes() as u64 * factor + 65_536
    }
    /// Undoes the predictor on rows of decoded chunk data, in place.
    fn undo_predictor(&self, rows: &mut [u8]) {
        let stride = self.chunk_row_bytes().max(1);
        match self.predictor {
            Predictor::None => {}
            Predictor::Horizontal => rows
                .chunks_exact_mut(stride)
                .for_each(|r| undo_predictor(r, self.chunk_spp, self.bits, self.le)),
            Predictor::Float => rows.chunks_exact_mut(stride).for_each(|r| {
                undo_float_predictor(r, self.chunk_spp, usize::from(self.bits / 8), self.le)
            }),
        }
    }
    /// Every sample goes through unchanged: the decompressed strips are the band.
    fn is_passthrough(&self) -> bool {
        !self.tiled
            && self.planes == 1
            && self.bits == 8
            && self.premultiplied.is_none()
            && self
                .norms
                .iter()
                .all(|n| matches!(n, Norm::Plain | Norm::Index))
    }
}

/// YCbCr samples stored without JPEG (Photometric 6): chunky data units of `h` x `v` luma
/// samples followed by one Cb and one Cr, converted to 8-bit RGB as libtiff's
/// `TIFFYCbCrToRGB` does (YCbCrCoefficients, ReferenceBlackWhite; chroma is replicated over its
/// unit).
#[derive(Debug, Clone)]
struct YCbCr {
    h: usize,
    v: usize,
    /// Red, green and blue luma weights.
    luma: [f32; 3],
    /// Reference black and white of Y, Cb and Cr.
    reference: [f32; 6],
}

impl YCbCr {
    fn read(
        ifd: &Ifd,
        src: &mut Source,
        bits: u8,
        spp: usize,
        signed: bool,
        planar: bool,
        predictor: Predictor,
    ) -> Result<Self, ImagingError> {
        if bits != 8 || signed {
            return Err(unsupported(
                "ycbcr_bits",
                &format!(
                    "{bits}-bit {}YCbCr samples without JPEG (8-bit unsigned samples are read)",
                    if signed { "signed " } else { "" }
                ),
            )
            .with("bits", bits)
            .into());
        }
        if spp != 3 {
            return Err(unsupported(
                "ycbcr_samples",
                &format!("YCbCr with {spp} samples per pixel (3 are read)"),
            )
            .with("count", spp)
            .into());
        }
        if planar {
            return Err(
                unsupported("planar_ycbcr", "planar-separate YCbCr samples without JPEG").into(),
            );
        }
        let sub = ifd
            .uints(src, YCBCR_SUBSAMPLING, 2)?
            .unwrap_or_else(|| vec![2, 2]);
        let (h, v) = match sub[..] {
            [h, v] if matches!(h, 1 | 2 | 4) && matches!(v, 1 | 2 | 4) => (h as usize, v as usize),
            _ => {
                return Err(corrupt(format!(
                    "YCbCrSubSampling {sub:?} (each of 1, 2 or 4)"
                )));
            }
        };
        if (h, v) != (1, 1) && predictor != Predictor::None {
            return Err(unsupported(
                "ycbcr_predictor",
                "horizontal predictor on subsampled YCbCr samples",
            )
            .into());
        }
        let luma = ifd
            .rationals(src, YCBCR_COEFFICIENTS, 3)?
            .unwrap_or_else(|| vec![0.299, 0.587, 0.114]);
        if luma.iter().any(|c| *c <= 0.0 || *c >= 1.0) {
            return Err(corrupt(format!("YCbCrCoefficients {luma:?}")));
        }
        let reference = ifd
            .rationals(src, REFERENCE_BLACK_WHITE, 6)?
            .unwrap_or_else(|| vec![0.0, 255.0, 128.0, 255.0, 128.0, 255.0]);
        let f = |v: &[f64], i: usize| v[i] as f32;
        Ok(YCbCr {
            h,
            v,
            luma: [f(&luma, 0), f(&luma, 1), f(&luma, 2)],
            reference: std::array::from_fn(|i| f(&reference, i)),
        })
    }

    /// Bytes of `rows` rows of `width` pixels: whole data units across and down.
    fn raw_bytes(&self, width: u32, rows: usize) -> usize {
        (width as usize).div_ceil(self.h) * rows.div_ceil(self.v) * (self.h * self.v + 2)
    }

    fn rgb(&self, y: u8, cb: u8, cr: u8) -> [u8; 3] {
        let r = &self.reference;
        // libtiff's Code2V: each component scaled by its reference range.
        let code = |c: f32, black: f32, white: f32, range: f32| {
            let span = if white - black != 0.0 {
                white - black
            } else {
                1.0
            };
            (c - black) * range / span
        };
        let y = code(f32::from(y), r[0], r[1], 255.0);
        let cb = code(f32::from(cb) - 128.0, r[2] - 128.0, r[3] - 128.0, 127.0);
        let cr = code(f32::from(cr) - 128.0, r[4] - 128.0, r[5] - 128.0, 127.0);
        let [lr, lg, lb] = self.luma;
        let red = y + cr * (2.0 - 2.0 * lr);
        let blue = y + cb * (2.0 - 2.0 * lb);
        let green = y - (lb * (2.0 - 2.0 * lb) * cb + lr * (2.0 - 2.0 * lr) * cr) / lg;
        [red, green, blue].map(|c| c.round().clamp(0.0, 255.0) as u8)
    }

    /// Expands the data units of `rows` rows into interleaved RGB rows of `width` pixels.
    fn expand(&self, raw: &[u8], width: usize, rows: usize, out: &mut [u8]) {
        let (h, v) = (self.h, self.v);
        let unit = h * v + 2;
        let across = width.div_ceil(h);
        for (i, u) in raw.chunks_exact(unit).enumerate() {
            let (by, bx) = (i / across, i % across);
            let (cb, cr) = (u[h * v], u[h * v + 1]);
            for dy in 0..v {
                let y = by * v + dy;
                if y >= rows {
                    break;
                }
                for dx in 0..h {
                    let x = bx * h + dx;
                    if x >= width {
                        break;
                    }
                    let at = (y * width + x) * 3;
                    if let Some(px) = out.get_mut(at..at + 3) {
                        px.copy_from_slice(&self.rgb(u[dy * h + dx], cb, cr));
                    }
                }
            }
        }
    }
}

/// The tags holding the chunks' offsets and byte counts. Some writers (Krita's test files
/// among them) store a tiled image's tile offsets and counts under the strip tags; libtiff
/// takes either pair for either layout. We take the strip pair for tiles only when nothing else
/// can be meant: no tile pair at all, and one strip entry per tile in both strip tags.
fn chunk_tags(ifd: &Ifd, tiled: bool, chunk_count: u64) -> Result<(u16, u16), ImagingError> {
    if !tiled {
        return Ok((STRIP_OFFSETS, STRIP_BYTE_COUNTS));
    }
    let count = |tag: u16| ifd.entries.get(&tag).map(|e| e.count);
    if count(TILE_OFFSETS).is_some() || count(TILE_BYTE_COUNTS).is_some() {
        // Even half a tile pair: a mix of the pairs is damage, not a choice to make.
        return Ok((TILE_OFFSETS, TILE_BYTE_COUNTS));
    }
    match (count(STRIP_OFFSETS), count(STRIP_BYTE_COUNTS)) {
        (None, _) => Err(corrupt("TIFF has no strip or tile offsets")),
        (Some(o), Some(n)) if o == chunk_count && n == chunk_count => {
            Ok((STRIP_OFFSETS, STRIP_BYTE_COUNTS))
        }
        (Some(o), n) => Err(corrupt(format!(
            "tiled TIFF without tile offsets: its strip tags have {o} offsets and {} byte \
             counts for {chunk_count} tiles",
            n.unwrap_or(0)
        ))),
    }
}

/// Where the one complete JPEG stream of an old-style JPEG file lies, or why it has none: the
/// stream JPEGInterchangeFormat(Length) points at, or a single strip that is a JPEG stream of
/// its own (some writers store that, with or without JPEGInterchangeFormat). The strips of
/// other files are fragments decoded with tables kept in other tags, which is not read.
fn old_jpeg_stream(ifd: &Ifd, src: &mut Source) -> Result<(u64, u64), ImagingError> {
    let at = ifd.uint(src, JPEG_INTERCHANGE_FORMAT)?.filter(|at| *at > 0);
    let len = ifd
        .uint(src, JPEG_INTERCHANGE_FORMAT_LENGTH)?
        .filter(|len| *len > 0);
    let one_strip = ifd
        .entries
        .get(&STRIP_OFFSETS)
        .is_some_and(|e| e.count == 1)
        && !ifd.entries.contains_key(&TILE_OFFSETS);
    let strip = if one_strip {
        match (
            ifd.uint(src, STRIP_OFFSETS)?,
            ifd.uint(src, STRIP_BYTE_COUNTS)?,
        ) {
            (Some(o), Some(n)) if n > 0 => Some((o, n)),
            _ => None,
        }
    } else {
        None
    };
    let (at, len) = match (at, len, strip) {
        (Some(at), Some(len), _) => (at, len),
        (_, _, Some((o, n))) if jpeg_kind(src, o, n)? != JpegKind::NotJpeg => (o, n),
        _ => {
            return Err(unsupported(
                "old_jpeg_no_stream",
                "old-style JPEG without an interchange stream (no JPEGInterchangeFormat and \
                 JPEGInterchangeFormatLength)",
            )
            .into());
        }
    };
    src.check_range(at, len, "old-style JPEG interchange stream")?;
    match jpeg_kind(src, at, len)? {
        JpegKind::Image => Ok((at, len)),
        JpegKind::TablesOnly => Err(unsupported(
            "old_jpeg_split",
            "old-style JPEG whose interchange stream holds only tables (the image data is split \
             over the strips)",
        )
        .into()),
        JpegKind::NotJpeg => Err(corrupt(
            "the old-style JPEG interchange stream is not a JPEG stream",
        )),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JpegKind {
    /// Markers up to a start of scan: image data follows.
    Image,
    /// A valid start, but no scan before the end (JPEG tables).
    TablesOnly,
    NotJpeg,
}

/// What the `len` bytes at `at` hold, from their markers alone.
fn jpeg_kind(src: &mut Source, at: u64, len: u64) -> Result<JpegKind, ImagingError> {
    if src.check_range(at, len, "JPEG stream").is_err() || len < 4 {
        return Ok(JpegKind::NotJpeg);
    }
    let end = at + len;
    let mut head = [0u8; 4];
    src.read_exact_at(at, &mut head[..2], "JPEG stream")?;
    if head[..2] != [0xFF, 0xD8] {
        return Ok(JpegKind::NotJpeg);
    }
    let mut pos = at + 2;
    // Real streams have a few dozen segments before their scan.
    for _ in 0..4096 {
        if pos + 4 > end {
            return Ok(JpegKind::TablesOnly);
        }
        src.read_exact_at(pos, &mut head, "JPEG stream")?;
        match head {
            [0xFF, 0xDA, ..] => return Ok(JpegKind::Image),
            [0xFF, 0xD9, ..] => return Ok(JpegKind::TablesOnly),
            [0xFF, 0xFF, ..] => pos += 1,
            [0xFF, 0x01 | 0xD0..=0xD7, ..] => pos += 2,
            [0xFF, _, hi, lo] if u16::from_be_bytes([hi, lo]) >= 2 => {
                pos += 2 + u64::from(u16::from_be_bytes([hi, lo]));
            }
            _ => return Ok(JpegKind::NotJpeg),
        }
    }
    Ok(JpegKind::NotJpeg)
}

/// How the reader proceeds through the image.
enum Mode {
    /// Groups of whole chunks decoded in parallel.
    Chunks { chunk_rows_per_band: u32 },
    /// Tall strips decoded incrementally, one stream per plane.
    Stream {
        band_rows: u32,
        streams: Vec<StripStream>,
    },
}

pub(crate) struct TiffReader {
    src: Source,
    info: ImageInfo,
    /// The colours of a palette-colour image.
    palette: Option<Palette>,
    layout: Layout,
    mode: Mode,
    next_row: u32,
    /// Compressed bytes of the current band, reused.
    compressed: Vec<u8>,
}

impl TiffReader {
    pub(crate) fn new(mut src: Source, limits: &Limits) -> Result<Self, ImagingError> {
        let ifd = Ifd::read(&mut src)?;
        let get = |src: &mut Source, tag| ifd.uint(src, tag);

        let width = get(&mut src, IMAGE_WIDTH)?.ok_or_else(|| corrupt("TIFF has no ImageWidth"))?;
        let height =
            get(&mut src, IMAGE_LENGTH)?.ok_or_else(|| corrupt("TIFF has no ImageLength"))?;
        let spp = match get(&mut src, SAMPLES_PER_PIXEL)? {
            Some(spp) => spp,
            // Some old-style JPEG writers leave it out of YCbCr files; libtiff assumes 3.
            None if get(&mut src, PHOTOMETRIC).ok().flatten() == Some(6) => 3,
            None => 1,
        };
        let too_big = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        limits.check(
            too_big(width),
            too_big(height),
            usize::try_from(spp).unwrap_or(usize::MAX),
        )?;
        let (width, height, spp) = (width as u32, height as u32, spp as usize);

        let compression = match Compression::from_tag(get(&mut src, COMPRESSION)?.unwrap_or(1))? {
            Compression::Fax(coding) => Compression::Fax(fax_options(&ifd, &mut src, coding)?),
            other => other,
        };
        // SGILog data decodes to linear light, handed on as 32-bit floats; its BitsPerSample
        // and SampleFormat describe the format libtiff gave the writing program, not the file.
        let sgilog = compression == Compression::SgiLog;
        let bits = if sgilog {
            vec![32]
        } else {
            ifd.uints(&mut src, BITS_PER_SAMPLE, 1024)?
                .unwrap_or_else(|| vec![1])
        };
        let bits = match bits.first().copied() {
            Some(b) if bits.iter().all(|x| *x == b) => b,
            _ => {
                // Every sample of a band has one depth; libtiff cannot read these either.
                let depths: Vec<String> = bits.iter().take(16).map(u64::to_string).collect();
                return Err(unsupported(
                    "mixed_bit_depths",
                    &format!(
                        "different bit depths per sample ({}): every sample must have the same \
                         depth",
                        depths.join(", ")
                    ),
                )
                .with("depths", depths.join(", "))
                .into());
            }
        };
        let sample_format = if sgilog {
            vec![3]
        } else {
            ifd.uints(&mut src, SAMPLE_FORMAT, 1024)?
                .unwrap_or_else(|| vec![1])
        };
        let (signed, float) = match sample_format.first().copied().unwrap_or(1) {
            1 => (false, false),
            // Signed integers read as offset binary, so the darkest (or least ink) is the most
            // negative value: -128 becomes 0, 0 becomes 128. The file's range is not known, and
            // this keeps every value distinct and in order.
            2 if matches!(bits, 8 | 16 | 32) => (true, false),
            2 => {
                return Err(unsupported(
                    "signed_bits",
                    &format!("{bits}-bit signed samples (8, 16 and 32 bits are read)"),
                )
                .with("bits", bits)
                .into());
            }
            // Half, single and double precision, tone-mapped to the band (see `float_to8`).
            3 if matches!(bits, 16 | 32 | 64) => (false, true),
            3 => {
                return Err(unsupported(
                    "float_bits",
                    &format!("{bits}-bit floating point samples (16, 32 and 64 bits are read)"),
                )
                .with("bits", bits)
                .into());
            }
            other => {
                return Err(
                    unsupported("sample_format", &format!("sample format {other}"))
                        .with("format", other)
                        .into(),
                );
            }
        };
        let photometric = match get(&mut src, PHOTOMETRIC)? {
            Some(p) => p,
            // Missing in some old files: guess from the sample count, as libtiff does.
            None if spp >= 3 => 2,
            None => 1,
        };
        if sgilog {
            match (photometric, spp) {
                (32844, 1) | (32845, 3) => {}
                (32844 | 32845, _) => {
                    return Err(unsupported(
                        "sgilog_layout",
                        &format!(
                            "SGILog with {spp} samples per pixel (1 for LogL, 3 for LogLuv are \
                             read)"
                        ),
                    )
                    .into());
                }
                _ => {
                    return Err(unsupported(
                        "sgilog_layout",
                        &format!(
                            "SGILog compression of photometric interpretation {photometric} \
                             (LogL and LogLuv are read)"
                        ),
                    )
                    .into());
                }
            }
        }
        // Floating point light or ink; palette entries and CIELab are integers in practice.
        if float && !sgilog && !matches!(photometric, 0 | 1 | 2 | 5) {
            return Err(unsupported(
                "float_colour_model",
                &format!(
                    "floating point samples in photometric interpretation {photometric} (grey, \
                     RGB and separated are read)"
                ),
            )
            .into());
        }
        // Every integer depth up to 32 bits; palette colour up to 8 (each entry is a screen).
        let bits = match bits {
            0 => return Err(corrupt("BitsPerSample is 0")),
            1 | 2 | 4 | 8 if photometric == 3 => bits as u8,
            other if photometric == 3 => {
                return Err(
                    unsupported("palette_bits", &format!("{other}-bit palette colour"))
                        .with("bits", other)
                        .into(),
                );
            }
            1..=7 if matches!(photometric, 8 | 9) => {
                return Err(unsupported("lab_bits", &format!("{bits}-bit CIELab"))
                    .with("bits", bits)
                    .into());
            }
            1..=32 => bits as u8,
            64 if float => 64,
            other => {
                return Err(unsupported(
                    "too_many_bits",
                    &format!("{other}-bit samples (at most 32 bits are read)"),
                )
                .with("bits", other)
                .into());
            }
        };

        // FillOrder 2: as libtiff, reverse the bits of the compressed bytes before decoding
        // them, for every compression but JPEG (whose decoder ignores the tag).
        let reversed_bits = match get(&mut src, FILL_ORDER)?.unwrap_or(1) {
            1 => false,
            2 => !compression.is_jpeg(),
            other => return Err(corrupt(format!("FillOrder {other}"))),
        };
        let planar = match get(&mut src, PLANAR_CONFIGURATION)?.unwrap_or(1) {
            1 => false,
            2 => true,
            other => return Err(corrupt(format!("PlanarConfiguration {other}"))),
        };
        let predictor = match get(&mut src, PREDICTOR)?.unwrap_or(1) {
            1 => Predictor::None,
            // libtiff differences whole 8, 16, 32 and 64-bit samples only (64 bits are only
            // read as floating point).
            2 if !matches!(bits, 8 | 16 | 32 | 64) => {
                return Err(unsupported(
                    "predictor_bits",
                    &format!(
                        "horizontal predictor on {bits}-bit samples (8, 16 and 32 bits are read)"
                    ),
                )
                .with("bits", bits)
                .into());
            }
            2 => Predictor::Horizontal,
            3 if float => Predictor::Float,
            3 => {
                return Err(unsupported(
                    "float_predictor_on_integers",
                    "floating point predictor on integer samples",
                )
                .into());
            }
            other => return Err(corrupt(format!("Predictor {other}"))),
        };
        if compression == Compression::Jpeg && bits != 8 {
            return Err(unsupported(
                "jpeg_bits",
                &format!("JPEG compression of {bits}-bit samples"),
            )
            .with("bits", bits)
            .into());
        }
        if compression == Compression::OldJpeg && bits != 8 {
            return Err(unsupported(
                "jpeg_bits",
                &format!("old-style JPEG compression of {bits}-bit samples"),
            )
            .with("bits", bits)
            .into());
        }
        // Each WebP chunk is an 8-bit RGB or RGBA picture (libtiff writes nothing else).
        if compression == Compression::WebP {
            if bits != 8 || signed || float {
                return Err(unsupported(
                    "webp_layout",
                    &format!(
                        "WebP compression of {bits}-bit {}samples (8-bit RGB and RGBA are read)",
                        if float {
                            "floating point "
                        } else if signed {
                            "signed "
                        } else {
                            ""
                        }
                    ),
                )
                .into());
            }
            if photometric != 2 || !matches!(spp, 3 | 4) {
                return Err(unsupported(
                    "webp_layout",
                    &format!(
                        "WebP compression of {spp} samples in photometric interpretation \
                         {photometric} (8-bit RGB and RGBA are read)"
                    ),
                )
                .into());
            }
            if planar {
                return Err(unsupported(
                    "webp_layout",
                    "WebP compression of planar-separate samples",
                )
                .into());
            }
        }
        // Fax data is one sample of one bit: white and black runs.
        if matches!(compression, Compression::Fax(_))
            && (bits != 1 || spp != 1 || !matches!(photometric, 0 | 1))
        {
            return Err(unsupported(
                "fax_layout",
                &format!(
                    "CCITT fax compression of {bits}-bit samples ({spp} per pixel, photometric \
                     interpretation {photometric}; 1-bit bilevel images are read)"
                ),
            )
            .into());
        }
        // WebP, JPEG, SGILog and fax chunks carry no predictor of ours.
        let predictor = match compression {
            Compression::WebP
            | Compression::Jpeg
            | Compression::OldJpeg
            | Compression::SgiLog
            | Compression::Fax(_) => Predictor::None,
            _ => predictor,
        };
        if sgilog && planar {
            return Err(unsupported("sgilog_layout", "planar-separate SGILog samples").into());
        }

        let extra = ifd
            .uints(&mut src, EXTRA_SAMPLES, 1024)?
            .unwrap_or_default();
        let ink_set = get(&mut src, INK_SET)?;
        let ink_names: Vec<String> = ifd
            .bytes(&mut src, INK_NAMES, 1 << 20)?
            .map(|raw| {
                raw.split(|b| *b == 0)
                    .map(|s| String::from_utf8_lossy(s).trim().to_string())
                    .collect()
            })
            .unwrap_or_default();

        // Which samples are process channels, and of which colour model.
        let extra_count = extra.len().min(spp);
        let (color_mode, process, jpeg_to_rgb): (ColorMode, Vec<&str>, bool) = match photometric {
            0 | 1 => (
                if bits == 1 {
                    ColorMode::Bitmap
                } else {
                    ColorMode::Gray
                },
                vec!["Gray"],
                false,
            ),
            2 => (ColorMode::Rgb, vec!["Red", "Green", "Blue"], false),
            5 => {
                let inks = spp - extra_count;
                if ink_set == Some(1) || (ink_set.is_none() && inks == 4) {
                    (
                        ColorMode::Cmyk,
                        vec!["Cyan", "Magenta", "Yellow", "Black"],
                        false,
                    )
                } else {
                    (ColorMode::Multichannel, vec![], false)
                }
            }
            6 if compression.is_jpeg() => (ColorMode::Rgb, vec!["Red", "Green", "Blue"], true),
            // Converted to RGB as each chunk is decoded (see `YCbCr`).
            6 => (ColorMode::Rgb, vec!["Red", "Green", "Blue"], false),
            8 | 9 => (ColorMode::Lab, vec!["L", "a", "b"], false),
            // The palette entry of each pixel; `indexed` makes screens of them.
            3 => (ColorMode::Indexed, vec!["Index"], false),
            4 => {
                return Err(unsupported("tiff_photometric", "a transparency mask page")
                    .with("name", "transparency mask")
                    .into());
            }
            10 => {
                return Err(unsupported("tiff_photometric", "ITU Lab")
                    .with("name", "ITU Lab")
                    .into());
            }
            // Luminance, or luminance and chromaticity, as linear light (see `decode_sgilog`).
            32844 if sgilog => (ColorMode::Gray, vec!["Gray"], false),
            32845 if sgilog => (ColorMode::Rgb, vec!["Red", "Green", "Blue"], false),
            32844 | 32845 => {
                return Err(unsupported(
                    "sgilog_layout",
                    "LogL or LogLuv samples without SGILog compression",
                )
                .into());
            }
            other => {
                return Err(unsupported(
                    "tiff_photometric",
                    &format!("photometric interpretation {other}"),
                )
                .with("name", other)
                .into());
            }
        };
        if spp < process.len() {
            return Err(corrupt(format!(
                "{spp} samples per pixel for {color_mode:?}"
            )));
        }
        if compression == Compression::Jpeg && planar && photometric == 6 {
            return Err(unsupported("planar_ycbcr", "planar YCbCr JPEG").into());
        }
        let palette = if photometric == 3 {
            if spp != 1 {
                return Err(
                    unsupported("palette_layout", "palette colour with extra samples").into(),
                );
            }
            if signed || compression.is_jpeg() {
                return Err(unsupported(
                    "palette_layout",
                    "signed or JPEG-compressed palette colour",
                )
                .into());
            }
            Some(color_map(&ifd, &mut src, bits)?)
        } else {
            None
        };

        let ycbcr = if photometric == 6 && !compression.is_jpeg() {
            Some(YCbCr::read(
                &ifd, &mut src, bits, spp, signed, planar, predictor,
            )?)
        } else {
            None
        };
        // Old-style JPEG is read only when the whole image is one JPEG stream the file points
        // at; the strips of older writers are fragments with tables elsewhere, not recoverable.
        let old_jpeg = if compression == Compression::OldJpeg {
            Some(old_jpeg_stream(&ifd, &mut src)?)
        } else {
            None
        };

        let mut channels = Vec::with_capacity(spp);
        let mut norms = Vec::with_capacity(spp);
        let mut premultiplied = None;
        let mut spot_number = 0;
        let mut alpha_number = 0;
        for (i, name) in process.iter().enumerate() {
            channels.push(ChannelInfo {
                name: (*name).to_string(),
                kind: ChannelKind::Process,
                color: None,
            });
            norms.push(match (photometric, i) {
                (0, _) => Norm::Invert,
                (3, _) => Norm::Index,
                (8, 1 | 2) => Norm::Signed,
                (1 | 2 | 32844 | 32845, _) if float => Norm::Light,
                _ => Norm::Plain,
            });
        }
        // Samples after the process channels: the extra samples (or, in a multichannel file,
        // inks first). Samples without an ExtraSamples entry count as unspecified.
        let first_extra = spp - extra_count;
        for i in process.len()..spp {
            let kind = if i >= first_extra {
                extra[i - first_extra]
            } else {
                0
            };
            let named = ink_names.get(i).filter(|n| !n.is_empty()).cloned();
            if kind == 1 || kind == 2 {
                alpha_number += 1;
                if kind == 1 && premultiplied.is_none() {
                    premultiplied = Some((i, process.len()));
                }
                let name = if alpha_number == 1 {
                    "Alpha".to_string()
                } else {
                    format!("Alpha {alpha_number}")
                };
                channels.push(ChannelInfo {
                    name,
                    kind: ChannelKind::Alpha,
                    color: None,
                });
            } else {
                spot_number += 1;
                let name = named.unwrap_or_else(|| format!("Spot {spot_number}"));
                channels.push(ChannelInfo {
                    name,
                    kind: ChannelKind::Spot,
                    color: None,
                });
            }
            norms.push(Norm::Plain);
        }
        if signed {
            for n in &mut norms {
                *n = match n {
                    Norm::Invert => Norm::SignedInvert,
                    _ => Norm::Signed,
                };
            }
        }
        if float && planar && premultiplied.is_some() {
            // Colour is divided by alpha before tone mapping, so both must be in one chunk.
            return Err(unsupported(
                "planar_float_alpha",
                "planar floating point samples with associated alpha",
            )
            .into());
        }
        if color_mode == ColorMode::Multichannel
            && channels.iter().all(|c| c.kind != ChannelKind::Spot)
        {
            return Err(corrupt("separated image without inks"));
        }

        // Chunk geometry.
        let tile_w = get(&mut src, TILE_WIDTH)?;
        let tile_h = get(&mut src, TILE_LENGTH)?;
        let tiled =
            old_jpeg.is_none() && (tile_w.is_some() || ifd.entries.contains_key(&TILE_OFFSETS));
        let (chunk_w, chunk_h) = if old_jpeg.is_some() {
            // The interchange stream is the whole image, one chunk.
            (width, height)
        } else if tiled {
            match (tile_w, tile_h) {
                (Some(w), Some(h))
                    if (1..=u64::from(limits.max_side)).contains(&w)
                        && (1..=u64::from(limits.max_side)).contains(&h) =>
                {
                    (w as u32, h as u32)
                }
                _ => return Err(corrupt("tile size missing or out of range")),
            }
        } else {
            let rps = get(&mut src, ROWS_PER_STRIP)?.unwrap_or(u64::from(height));
            if rps == 0 {
                return Err(corrupt("RowsPerStrip is 0"));
            }
            (width, rps.min(u64::from(height)) as u32)
        };
        let across = width.div_ceil(chunk_w);
        let down = height.div_ceil(chunk_h);
        let (planes, chunk_spp) = if planar && old_jpeg.is_none() {
            (spp, 1)
        } else {
            (1, spp)
        };
        let chunk_count = u64::from(across) * u64::from(down) * planes as u64;
        if chunk_count > MAX_TAG_BYTES / 8 {
            return Err(ImagingError::TooLarge(format!(
                "{chunk_count} strips or tiles"
            )));
        }
        let (offsets_tag, counts_tag) = chunk_tags(&ifd, tiled, chunk_count)?;
        // A few writers store more entries than chunks; none store wildly more.
        let max_entries = chunk_count * 2 + 16;
        let offsets = match old_jpeg {
            Some((at, _)) => vec![at],
            None => ifd
                .uints(&mut src, offsets_tag, max_entries)?
                .ok_or_else(|| corrupt("TIFF has no strip or tile offsets"))?,
        };
        let mut layout = Layout {
            width,
            height,
            bits,
            // SGILog chunks decode to little-endian floats.
            le: ifd.le || sgilog,
            float,
            compression,
            predictor,
            tiled,
            chunk_w,
            chunk_h,
            across,
            down,
            planes,
            chunk_spp,
            offsets,
            counts: Vec::new(),
            jpeg_tables: None,
            norms,
            premultiplied,
            jpeg_to_rgb,
            reversed_bits,
            ycbcr,
        };
        if (layout.offsets.len() as u64) < chunk_count {
            return Err(corrupt(format!(
                "{} strip/tile offsets for {chunk_count} chunks",
                layout.offsets.len()
            )));
        }
        let counts = match old_jpeg {
            Some((_, len)) => Some(vec![len]),
            None => ifd.uints(&mut src, counts_tag, max_entries)?,
        };
        layout.counts = match counts {
            Some(c) if c.len() as u64 >= chunk_count => c,
            Some(_) => return Err(corrupt("fewer byte counts than strips or tiles")),
            // Uncompressed files may omit the counts: each chunk is exactly its size.
            None if compression == Compression::None => {
                vec![layout.chunk_bytes() as u64; layout.offsets.len()]
            }
            None => return Err(corrupt("TIFF has no strip or tile byte counts")),
        };
        if compression == Compression::Jpeg {
            layout.jpeg_tables = ifd.bytes(&mut src, JPEG_TABLES, 1 << 20)?;
        }

        // Memory guard, from the header alone.
        let out_row = width as usize * spp;
        let band_budget = limits.max_band_bytes;
        let raw_row = layout.chunk_row_bytes() * across as usize * planes;
        let per_chunk_row = layout.chunk_h as usize * (raw_row + out_row);
        let streamable = !tiled && compression.streams() && layout.ycbcr.is_none();
        let mode = if !streamable
            || (layout.chunk_h <= MAX_WHOLE_STRIP_ROWS && per_chunk_row <= band_budget)
        {
            if per_chunk_row > band_budget {
                return Err(ImagingError::TooLarge(format!(
                    "one strip or tile row of this TIFF needs {per_chunk_row} bytes (limit {band_budget})"
                )));
            }
            // Whole chunks: at least one chunk row per band, about BAND_ROWS rows.
            let chunk_rows_per_band = if tiled {
                1
            } else {
                (BAND_ROWS / layout.chunk_h).clamp(1, (band_budget / per_chunk_row.max(1)) as u32)
            };
            Mode::Chunks {
                chunk_rows_per_band,
            }
        } else {
            let per_row = raw_row + out_row;
            let band_rows = (band_budget / per_row.max(1)).min(BAND_ROWS as usize) as u32;
            if band_rows == 0 {
                return Err(ImagingError::TooLarge(format!(
                    "one row of this TIFF needs {per_row} bytes (limit {band_budget})"
                )));
            }
            let streams = (0..planes)
                .map(|p| StripStream::new(p, compression))
                .collect();
            Mode::Stream { band_rows, streams }
        };

        let dpi = {
            let x = ifd.rational(&mut src, X_RESOLUTION)?;
            let y = ifd.rational(&mut src, Y_RESOLUTION)?;
            let scale = match get(&mut src, RESOLUTION_UNIT)?.unwrap_or(2) {
                2 => Some(1.0),
                3 => Some(2.54),
                _ => None,
            };
            match (x, y, scale) {
                (Some(x), y, Some(s)) if x.is_finite() && x > 0.0 => {
                    let y = y.filter(|y| y.is_finite() && *y > 0.0).unwrap_or(x);
                    Some((x * s, y * s))
                }
                _ => None,
            }
        };
        let icc_profile = ifd.bytes(&mut src, ICC_PROFILE, MAX_TAG_BYTES)?;
        let info = ImageInfo {
            format: if ifd.big {
                FileFormat::BigTiff
            } else {
                FileFormat::Tiff
            },
            width,
            height,
            bit_depth: bits,
            color_mode,
            dpi,
            channels,
            layer_count: 0,
            layer_names: Vec::new(),
            icc_profile,
            notes: Vec::new(),
        };
        Ok(TiffReader {
            src,
            info,
            palette,
            layout,
            mode,
            next_row: 0,
            compressed: Vec::new(),
        })
    }

    /// Reads the compressed bytes of the given chunks into `self.compressed`, returning each
    /// chunk's range in it. Neighbouring chunks are read in one go.
    fn read_chunks(
        &mut self,
        chunks: &[usize],
    ) -> Result<Vec<std::ops::Range<usize>>, ImagingError> {
        let l = &self.layout;
        let mut ranges = Vec::with_capacity(chunks.len());
        let mut total = 0usize;
        for &c in chunks {
            let mut len = l.counts[c];
            if l.compression == Compression::None {
                len = len.min(l.chunk_bytes() as u64);
            } else if len > l.max_compressed() {
                return Err(corrupt(format!("chunk {c} claims {len} compressed bytes")));
            }
            self.src
                .check_range(l.offsets[c], len, "strip or tile data")?;
            ranges.push(total..total + len as usize);
            total += len as usize;
        }
        self.compressed.clear();
        self.compressed.resize(total, 0);
        let mut i = 0;
        while i < chunks.len() {
            // Extend over chunks stored back to back.
            let start = self.layout.offsets[chunks[i]];
            let mut j = i + 1;
            while j < chunks.len()
                && self.layout.offsets[chunks[j]]
                    == start + (ranges[j].start - ranges[i].start) as u64
            {
                j += 1;
            }
            let span = ranges[i].start..ranges[j - 1].end;
            if !span.is_empty() {
                self.src
                    .read_exact_at(start, &mut self.compressed[span], "image data")?;
            }
            i = j;
        }
        if self.layout.reversed_bits {
            reverse_bits(&mut self.compressed);
        }
        Ok(ranges)
    }

    fn next_chunk_band(&mut self, chunk_rows_per_band: u32) -> Result<Band, ImagingError> {
        let l = &self.layout;
        let top = self.next_row;
        let ty0 = top / l.chunk_h;
        let ty1 = (ty0 + chunk_rows_per_band).min(l.down);
        let rows = (ty1 * l.chunk_h).min(l.height) - top;
        let (across, planes) = (l.across, l.planes);
        let band_chunk_rows = (ty1 - ty0) as usize;

        // Slots in plane, chunk row, chunk column order.
        let mut chunks = Vec::with_capacity(planes * band_chunk_rows * across as usize);
        let mut jobs = Vec::with_capacity(chunks.capacity());
        let mut segments = Vec::with_capacity(chunks.capacity());
        for p in 0..planes {
            for ty in ty0..ty1 {
                for tx in 0..across {
                    let slot = chunks.len() * l.chunk_bytes();
                    chunks.push(l.chunk_index(p, ty, tx));
                    jobs.push(l.chunk_rows(ty));
                    let y0 = ty * l.chunk_h - top;
                    segments.push(Segment {
                        channel0: p * l.chunk_spp,
                        x0: tx * l.chunk_w,
                        x1: ((tx + 1) * l.chunk_w).min(l.width),
                        y0,
                        y1: (y0 + l.chunk_h).min(rows),
                        base: slot,
                        stride: l.chunk_row_bytes(),
                    });
                }
            }
        }
        let ranges = self.read_chunks(&chunks)?;
        let l = &self.layout;
        let chunk_bytes = l.chunk_bytes();
        let mut buf = vec![0u8; chunk_bytes * chunks.len()];
        let compressed = &self.compressed;
        buf.par_chunks_mut(chunk_bytes.max(1))
            .zip(ranges.par_iter().zip(jobs.par_iter()))
            .try_for_each_init(
                || Inflater::new(l.compression),
                |inflater, (out, (range, &chunk_rows))| {
                    let want = &mut out[..l.chunk_row_bytes() * chunk_rows as usize];
                    decode_chunk(l, inflater, &compressed[range.clone()], want)
                },
            )?;

        let channels = l.samples();
        let out_len = l.width as usize * rows as usize * channels;
        let samples = if l.is_passthrough() {
            buf.truncate(out_len);
            buf
        } else {
            let mut out = vec![0u8; out_len];
            convert(l, &buf, &segments, &mut out);
            out
        };
        Ok(Band {
            top,
            rows,
            width: l.width,
            channels,
            samples,
        })
    }

    fn next_stream_band(&mut self) -> Result<Band, ImagingError> {
        let Mode::Stream { band_rows, streams } = &mut self.mode else {
            return Err(corrupt("internal: not a streaming reader"));
        };
        let l = &self.layout;
        let top = self.next_row;
        let rows = (*band_rows).min(l.height - top);
        let stride = l.chunk_row_bytes();
        let plane_bytes = stride * rows as usize;
        let mut buf = vec![0u8; plane_bytes * l.planes];
        let mut segments = Vec::with_capacity(l.planes);
        for (p, (stream, out)) in streams
            .iter_mut()
            .zip(buf.chunks_mut(plane_bytes.max(1)))
            .enumerate()
        {
            stream.fill(&mut self.src, l, top, out)?;
            segments.push(Segment {
                channel0: p * l.chunk_spp,
                x0: 0,
                x1: l.width,
                y0: 0,
                y1: rows,
                base: p * plane_bytes,
                stride,
            });
        }
        let channels = l.samples();
        let out_len = l.width as usize * rows as usize * channels;
        let samples = if l.is_passthrough() {
            buf.truncate(out_len);
            buf
        } else {
            let mut out = vec![0u8; out_len];
            convert(l, &buf, &segments, &mut out);
            out
        };
        Ok(Band {
            top,
            rows,
            width: l.width,
            channels,
            samples,
        })
    }
}

impl BandReader for TiffReader {
    fn info(&self) -> &ImageInfo {
        &self.info
    }

    fn next_band(&mut self) -> Result<Option<Band>, ImagingError> {
        if self.next_row >= self.layout.height {
            return Ok(None);
        }
        let band = match self.mode {
            Mode::Chunks {
                chunk_rows_per_band,
            } => self.next_chunk_band(chunk_rows_per_band),
            Mode::Stream { .. } => self.next_stream_band(),
        };
        match band {
            Ok(band) => {
                self.next_row += band.rows;
                Ok(Some(band))
            }
            Err(e) => {
                // A failed band ends the image: no caller should see later bands out of step.
                self.next_row = self.layout.height;
                Err(e)
            }
        }
    }
}

impl IndexReader for TiffReader {
    fn palette(&self) -> Option<&Palette> {
        self.palette.as_ref()
    }

    fn rewind(&mut self) {
        self.next_row = 0;
        if let Mode::Stream { streams, .. } = &mut self.mode {
            for stream in streams.iter_mut() {
                *stream = StripStream::new(stream.plane, self.layout.compression);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Decompression

/// A reusable decompressor for one chunk at a time, resumable so tall strips can be streamed.
enum Inflater {
    Raw,
    /// The decoder, whether it has seen its strip's first bytes, and whether it reads
    /// old-style LZW (see [`is_old_lzw`]).
    Lzw(Box<weezl::decode::Decoder>, bool, bool),
    Deflate(Box<flate2::Decompress>),
    PackBits(PackBits),
    /// `None` if the ZSTD context could not be made (out of memory).
    Zstd(Option<Box<zstd::stream::raw::Decoder<'static>>>),
    /// JPEG, WebP and LZMA chunks are decoded whole, not through `step`.
    Whole,
}

impl Inflater {
    fn new(c: Compression) -> Self {
        match c {
            Compression::None => Inflater::Raw,
            Compression::Lzw => Inflater::Lzw(Box::new(lzw_decoder(false)), false, false),
            Compression::Deflate => Inflater::Deflate(Box::new(flate2::Decompress::new(true))),
            Compression::PackBits => Inflater::PackBits(PackBits::default()),
            Compression::Zstd => Inflater::Zstd(zstd_decoder()),
            Compression::Jpeg
            | Compression::OldJpeg
            | Compression::WebP
            | Compression::Lzma
            | Compression::SgiLog
            | Compression::Fax(_) => Inflater::Whole,
        }
    }

    fn reset(&mut self) {
        match self {
            Inflater::Lzw(d, started, _) => {
                d.reset();
                *started = false;
            }
            Inflater::Deflate(d) => d.reset(true),
            Inflater::PackBits(p) => p.reset(),
            Inflater::Zstd(d) => {
                use zstd::stream::raw::Operation;
                // A context that cannot be reset is replaced.
                if d.as_mut().is_none_or(|d| d.reinit().is_err()) {
                    *d = zstd_decoder();
                }
            }
            Inflater::Raw | Inflater::Whole => {}
        }
    }

    /// Decompresses from `input` into `out`: (consumed, produced, stream ended).
    fn step(&mut self, input: &[u8], out: &mut [u8]) -> Result<(usize, usize, bool), ImagingError> {
        match self {
            Inflater::Raw => {
                let n = input.len().min(out.len());
                out[..n].copy_from_slice(&input[..n]);
                Ok((n, n, false))
            }
            Inflater::Lzw(d, started, old) => {
                // The first bytes of a strip tell old-style LZW from the current one.
                if !*started && !input.is_empty() {
                    *started = true;
                    if is_old_lzw(input) != *old {
                        *old = !*old;
                        **d = lzw_decoder(*old);
                    }
                }
                let r = d.decode_bytes(input, out);
                match r.status {
                    Ok(status) => Ok((
                        r.consumed_in,
                        r.consumed_out,
                        matches!(status, weezl::LzwStatus::Done),
                    )),
                    // Data decoded before the error is kept only if it completes the chunk.
                    Err(_) if r.consumed_out == out.len() => {
                        Ok((r.consumed_in, r.consumed_out, true))
                    }
                    Err(e) => Err(corrupt(format!("LZW data: {e}"))),
                }
            }
            Inflater::Deflate(d) => {
                let (in0, out0) = (d.total_in(), d.total_out());
                let status = d
                    .decompress(input, out, flate2::FlushDecompress::None)
                    .map_err(|e| corrupt(format!("Deflate data: {e}")))?;
                let used = (d.total_in() - in0) as usize;
                let made = (d.total_out() - out0) as usize;
                Ok((used, made, status == flate2::Status::StreamEnd))
            }
            Inflater::PackBits(p) => {
                let (used, made) = p.step(input, out);
                Ok((used, made, false))
            }
            Inflater::Zstd(d) => {
                use zstd::stream::raw::Operation;
                let d = d
                    .as_mut()
                    .ok_or_else(|| ImagingError::TooLarge("no memory for a ZSTD decoder".into()))?;
                let status = d
                    .run_on_buffers(input, out)
                    .map_err(|e| corrupt(format!("ZSTD data: {e}")))?;
                // A frame ended; another may follow in the same chunk (the context starts it).
                let ended = status.remaining == 0 && status.bytes_read == input.len();
                Ok((status.bytes_read, status.bytes_written, ended))
            }
            Inflater::Whole => Err(corrupt("internal: this compression is not streamed")),
        }
    }
}

/// Largest ZSTD window accepted (zstd's own default maximum, 128 MiB): a frame asking for more
/// is refused by the decoder instead of allocating it.
const ZSTD_WINDOW_LOG_MAX: u32 = 27;

fn zstd_decoder() -> Option<Box<zstd::stream::raw::Decoder<'static>>> {
    let mut d = zstd::stream::raw::Decoder::new().ok()?;
    d.set_parameter(zstd::stream::raw::DParameter::WindowLogMax(
        ZSTD_WINDOW_LOG_MAX,
    ))
    .ok()?;
    Some(Box::new(d))
}

/// FillOrder 2: the bits of each byte, least significant first.
fn reverse_bits(bytes: &mut [u8]) {
    bytes.iter_mut().for_each(|b| *b = b.reverse_bits());
}

/// Decodes one whole chunk into `out` (exactly its expected bytes) and undoes the predictor.
fn decode_chunk(
    l: &Layout,
    inflater: &mut Inflater,
    input: &[u8],
    out: &mut [u8],
) -> Result<(), ImagingError> {
    if input.is_empty() {
        // A sparse chunk (byte count 0): libtiff leaves it empty, so do we.
        out.fill(0);
        return Ok(());
    }
    match l.compression {
        Compression::Jpeg | Compression::OldJpeg => guarded("JPEG", || decode_jpeg(l, input, out)),
        Compression::WebP => guarded("WebP", || decode_webp(l, input, out)),
        Compression::SgiLog => decode_sgilog(l, input, out),
        Compression::Fax(coding) => crate::ccitt::decode_fax(
            coding,
            l.chunk_w as usize,
            l.chunk_row_bytes().max(1),
            input,
            out,
        ),
        _ => match &l.ycbcr {
            Some(y) => {
                // Subsampled data units first, then RGB.
                let rows = out.len() / l.chunk_row_bytes().max(1);
                let mut raw = vec![0u8; y.raw_bytes(l.chunk_w, rows)];
                decompress(l, inflater, input, &mut raw)?;
                l.undo_predictor(&mut raw);
                y.expand(&raw, l.chunk_w as usize, rows, out);
                Ok(())
            }
            None => {
                decompress(l, inflater, input, out)?;
                l.undo_predictor(out);
                Ok(())
            }
        },
    }
}

/// The start-of-frame marker (0xC0 to 0xCF but DHT, JPG and DAC) of a JPEG stream, found by
/// walking its segments up to the scan.
fn jpeg_frame(data: &[u8]) -> Option<u8> {
    if data.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut pos = 2;
    while let [0xFF, marker, ..] = data.get(pos..)? {
        match *marker {
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => return Some(*marker),
            0xDA | 0xD9 => return None,
            0xFF => pos += 1,
            0x01 | 0xD0..=0xD7 => pos += 2,
            _ => {
                let len = u16::from_be_bytes([*data.get(pos + 2)?, *data.get(pos + 3)?]);
                pos += 2 + usize::from(len);
            }
        }
    }
    None
}

/// Reads T4Options or T6Options: two-dimensional coding is read, uncompressed mode is not.
fn fax_options(ifd: &Ifd, src: &mut Source, coding: FaxCoding) -> Result<FaxCoding, ImagingError> {
    let tag = match coding {
        FaxCoding::Huffman => return Ok(coding),
        FaxCoding::T4 { .. } => T4_OPTIONS,
        FaxCoding::T6 => T6_OPTIONS,
    };
    let options = ifd.uint(src, tag)?.unwrap_or(0);
    // Bit 1: uncompressed mode may be used (libtiff cannot decode it either).
    if options & 2 != 0 {
        return Err(unsupported(
            "fax_uncompressed",
            "CCITT fax data in uncompressed mode (T4Options or T6Options bit 1)",
        )
        .into());
    }
    Ok(match coding {
        // Bit 0: two-dimensional coding; bit 2 (fill bits before EOL) needs nothing.
        FaxCoding::T4 { .. } => FaxCoding::T4 {
            two_d: options & 1 != 0,
        },
        other => other,
    })
}

/// Decompresses a whole chunk into `out`, which it must fill.
fn decompress(
    l: &Layout,
    inflater: &mut Inflater,
    input: &[u8],
    out: &mut [u8],
) -> Result<(), ImagingError> {
    let full = l.chunk_bytes();
    match l.compression {
        Compression::Lzw => {
            let made = if is_old_lzw(input) {
                old_lzw_decode(input, out)?
            } else {
                lzw_decode(input, out)?
            };
            if made < out.len() {
                return Err(corrupt(format!(
                    "an LZW strip or tile decompresses to {made} of its {} bytes",
                    out.len()
                )));
            }
            return Ok(());
        }
        Compression::Lzma => return crate::xz::decode_lzma(input, out, full),
        Compression::Zstd => {
            // A frame that says how large it is may not claim more than a whole chunk.
            if let Ok(Some(claim)) = zstd::zstd_safe::get_frame_content_size(input)
                && claim > full as u64
            {
                return Err(corrupt(format!(
                    "a ZSTD strip or tile claims {claim} bytes, more than its {full}"
                )));
            }
        }
        _ => {}
    }
    inflater.reset();
    let (mut used, mut made) = (0, 0);
    while made < out.len() {
        let (u, m, ended) = inflater.step(&input[used..], &mut out[made..])?;
        used += u;
        made += m;
        if made < out.len() && (ended || (u == 0 && m == 0)) {
            return Err(corrupt(format!(
                "a strip or tile decompresses to {made} of its {} bytes",
                out.len()
            )));
        }
    }
    // A ZSTD chunk that fills a whole chunk must end there: more is a bomb, not padding.
    if l.compression == Compression::Zstd && out.len() == full {
        let mut more = [0u8; 1];
        if let Ok((_, 1, _)) = inflater.step(&input[used..], &mut more) {
            return Err(corrupt(format!(
                "a ZSTD strip or tile decompresses to more than its {full} bytes"
            )));
        }
    }
    Ok(())
}

/// A `weezl` decoder of TIFF LZW that stops when its output is full: MSB-first codes with early
/// change, or old-style (LSB-first codes, widening one code later, as GIF).
fn lzw_decoder(old: bool) -> weezl::decode::Decoder {
    if old {
        weezl::decode::Configuration::new(weezl::BitOrder::Lsb, 8)
    } else {
        weezl::decode::Configuration::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
    }
    // Stop at the expected size instead of reading what follows.
    .with_yield_on_full_buffer(true)
    .build()
}

/// Old-style LZW (libtiff before 5.0, read by libtiff as "LZW_COMPAT"), told the way libtiff
/// tells it: its first code, a clear code LSB first, makes the bytes 0x00 and 0bxxxxxxx1.
fn is_old_lzw(input: &[u8]) -> bool {
    matches!(input, [0, b, ..] if b & 1 == 1)
}

/// Decodes a whole old-style LZW chunk into `out`; returns the bytes produced.
fn old_lzw_decode(input: &[u8], out: &mut [u8]) -> Result<usize, ImagingError> {
    let mut d = lzw_decoder(true);
    let (mut used, mut made) = (0, 0);
    while made < out.len() {
        let r = d.decode_bytes(&input[used..], &mut out[made..]);
        used += r.consumed_in;
        made += r.consumed_out;
        match r.status {
            Ok(weezl::LzwStatus::Ok) if r.consumed_in + r.consumed_out > 0 => {}
            Ok(_) => break,
            Err(_) if made == out.len() => break,
            Err(e) => return Err(corrupt(format!("old-style LZW data: {e}"))),
        }
    }
    Ok(made)
}

/// Decodes a whole TIFF LZW chunk (MSB-first codes of 9 to 12 bits, early change) into `out`,
/// stopping when `out` is full; returns the bytes produced.
///
/// Every LZW string is an earlier string plus one byte, and since a chunk decodes into one
/// buffer, each table entry is just where its string already sits in the output: decoding a
/// code is one copy. This runs several times faster than walking prefix chains, and LZW is the
/// compression of most production TIFFs. (Tall strips streamed a band at a time use `weezl`.)
fn lzw_decode(input: &[u8], out: &mut [u8]) -> Result<usize, ImagingError> {
    const CLEAR: u32 = 256;
    const END: u32 = 257;
    let mut start = vec![0u32; 4096];
    let mut len = vec![0u32; 4096];
    let (mut acc, mut nbits, mut i) = (0u64, 0u32, 0usize);
    let (mut width, mut next) = (9u32, 258u32);
    let mut pos = 0usize;
    // Where the previous string was written, and its length (0 right after a clear).
    let (mut prev_pos, mut prev_len) = (0usize, 0usize);
    while pos < out.len() {
        if nbits < width {
            if i + 4 <= input.len() {
                acc = (acc << 32)
                    | u64::from(u32::from_be_bytes([
                        input[i],
                        input[i + 1],
                        input[i + 2],
                        input[i + 3],
                    ]));
                i += 4;
                nbits += 32;
            } else {
                while nbits < width && i < input.len() {
                    acc = (acc << 8) | u64::from(input[i]);
                    i += 1;
                    nbits += 8;
                }
                if nbits < width {
                    break; // input exhausted
                }
            }
        }
        nbits -= width;
        let code = ((acc >> nbits) as u32) & ((1 << width) - 1);
        if code == CLEAR {
            (width, next, prev_len) = (9, 258, 0);
            continue;
        }
        if code == END {
            break;
        }
        let this_len;
        if code < 256 {
            out[pos] = code as u8;
            this_len = 1;
        } else if code < next && code >= 258 {
            let (from, n) = (start[code as usize] as usize, len[code as usize] as usize);
            let n_fit = n.min(out.len() - pos);
            if n_fit <= 16 {
                for k in 0..n_fit {
                    out[pos + k] = out[from + k];
                }
            } else {
                out.copy_within(from..from + n_fit, pos);
            }
            this_len = n;
        } else if code == next && prev_len > 0 {
            // The string being defined: the previous one plus its own first byte.
            let n_fit = prev_len.min(out.len() - pos);
            out.copy_within(prev_pos..prev_pos + n_fit, pos);
            if pos + prev_len < out.len() {
                out[pos + prev_len] = out[prev_pos];
            }
            this_len = prev_len + 1;
        } else {
            return Err(corrupt(format!("LZW data has an invalid code {code}")));
        }
        if prev_len > 0 && next < 4096 {
            // The previous string followed by this one's first byte sits at prev_pos.
            start[next as usize] = prev_pos as u32;
            len[next as usize] = (prev_len + 1) as u32;
            next += 1;
            if next + 1 >= (1 << width) && width < 12 {
                width += 1;
            }
        }
        prev_pos = pos;
        prev_len = this_len;
        pos = (pos + this_len).min(out.len());
    }
    Ok(pos)
}

/// Undoes the horizontal differencing predictor on one row of 8, 16, 32 or 64-bit samples, in
/// place.
fn undo_predictor(row: &mut [u8], spp: usize, bits: u8, le: bool) {
    if bits == 8 {
        match spp {
            1 => undo_predictor8::<1>(row),
            2 => undo_predictor8::<2>(row),
            3 => undo_predictor8::<3>(row),
            4 => undo_predictor8::<4>(row),
            5 => undo_predictor8::<5>(row),
            _ => {
                for i in spp..row.len() {
                    row[i] = row[i].wrapping_add(row[i - spp]);
                }
            }
        }
    } else {
        // Words in the file's byte order; sums wrap at the word's size.
        let n = usize::from(bits / 8);
        for i in spp..row.len() / n {
            let v = word(row, i, n, le).wrapping_add(word(row, i - spp, n, le));
            let out = &mut row[n * i..n * i + n];
            if le {
                out.copy_from_slice(&v.to_le_bytes()[..n]);
            } else {
                out.copy_from_slice(&v.to_be_bytes()[8 - n..]);
            }
        }
    }
}

/// Undoes the floating point predictor on one row of `n`-byte samples, in place, as libtiff
/// does: the bytes were differenced one by one (a pixel's `spp` bytes back), after each
/// sample's bytes had been split into planes, the most significant first. The samples come
/// back as words in the file's byte order, as the rest of the reader expects.
fn undo_float_predictor(row: &mut [u8], spp: usize, n: usize, le: bool) {
    for i in spp..row.len() {
        row[i] = row[i].wrapping_add(row[i - spp]);
    }
    let planes = row.to_vec();
    let samples = row.len() / n;
    for (s, out) in row.chunks_exact_mut(n).enumerate() {
        for (b, plane) in planes.chunks_exact(samples).enumerate() {
            // Plane b holds byte b counted from the most significant.
            out[if le { n - 1 - b } else { b }] = plane[s];
        }
    }
}

/// The 8-bit predictor with the running sums in registers: this runs over every byte of an
/// LZW-with-predictor file, the most common production TIFF.
fn undo_predictor8<const N: usize>(row: &mut [u8]) {
    let mut pixels = row.chunks_exact_mut(N);
    let Some(first) = pixels.next() else { return };
    let mut acc = [0u8; N];
    acc.copy_from_slice(first);
    for px in pixels {
        for k in 0..N {
            acc[k] = acc[k].wrapping_add(px[k]);
        }
        px.copy_from_slice(&acc);
    }
}

/// Decodes a JPEG chunk (JPEGTables merged in front) into the chunk's sample layout.
fn decode_jpeg(l: &Layout, input: &[u8], out: &mut [u8]) -> Result<(), ImagingError> {
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;

    let data = match &l.jpeg_tables {
        // The tables are a JPEG stream of their own: drop its end marker and the chunk's start
        // marker so the two read as one stream.
        Some(t) if t.len() >= 4 && input.len() >= 2 => {
            let mut d = Vec::with_capacity(t.len() + input.len());
            d.extend_from_slice(&t[..t.len() - 2]);
            d.extend_from_slice(&input[2..]);
            d
        }
        _ => input.to_vec(),
    };
    // zune-jpeg reads the baseline and progressive frames only; it mistakes a lossless frame for
    // a damaged one.
    if let Some(sof @ (0xC3 | 0xC7 | 0xCB | 0xCF)) = jpeg_frame(&data) {
        return Err(unsupported(
            "jpeg_lossless",
            &format!("lossless JPEG compression (SOF{})", sof - 0xC0),
        )
        .into());
    }
    let jpeg_err = |e: zune_jpeg::errors::DecodeErrors| corrupt(format!("JPEG data: {e:?}"));
    let mut options = DecoderOptions::default()
        .set_max_width(l.chunk_w as usize + 16)
        .set_max_height(l.chunk_h as usize + 16);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(
        zune_core::bytestream::ZCursor::new(&data),
        options,
    );
    decoder.decode_headers().map_err(jpeg_err)?;
    let input_space = decoder.input_colorspace().unwrap_or(ColorSpace::Unknown);
    // Keep the stored components; only YCbCr images are converted, and YCCK becomes CMYK.
    let out_space = match input_space {
        _ if l.jpeg_to_rgb => ColorSpace::RGB,
        ColorSpace::YCCK => ColorSpace::CMYK,
        ColorSpace::Unknown => {
            return Err(unsupported("jpeg_colour_space", "JPEG of unknown colour space").into());
        }
        other => other,
    };
    options = options.jpeg_set_out_colorspace(out_space);
    decoder.set_options(options);
    let pixels = decoder.decode().map_err(jpeg_err)?;
    let (jw, jh) = decoder
        .dimensions()
        .ok_or_else(|| corrupt("JPEG without a frame"))?;
    let comps = out_space.num_components();
    if comps != l.chunk_spp {
        return Err(corrupt(format!(
            "JPEG chunk has {comps} components, the TIFF says {}",
            l.chunk_spp
        )));
    }
    let row = l.chunk_row_bytes();
    let jrow = jw * comps;
    let rows = out.len() / row.max(1);
    if jw < l.chunk_w as usize || jh < rows || pixels.len() < jrow * rows {
        return Err(corrupt(format!(
            "JPEG chunk is {jw} x {jh}, expected {} x {rows}",
            l.chunk_w
        )));
    }
    for (dst, src) in out.chunks_exact_mut(row).zip(pixels.chunks_exact(jrow)) {
        dst.copy_from_slice(&src[..row]);
    }
    Ok(())
}

/// Decodes a WebP chunk (a complete lossy or lossless WebP picture) into 8-bit RGB or RGBA.
/// Its size is checked against the chunk before any pixel is allocated.
fn decode_webp(l: &Layout, input: &[u8], out: &mut [u8]) -> Result<(), ImagingError> {
    let rows = out.len() / l.chunk_row_bytes().max(1);
    let webp_err = |e: image_webp::DecodingError| corrupt(format!("WebP data: {e}"));
    let mut decoder =
        image_webp::WebPDecoder::new(std::io::Cursor::new(input)).map_err(webp_err)?;
    let (w, h) = decoder.dimensions();
    if (w as usize, h as usize) != (l.chunk_w as usize, rows) {
        return Err(corrupt(format!(
            "a WebP strip or tile is {w} x {h} pixels, expected {} x {rows}",
            l.chunk_w
        )));
    }
    if decoder.is_animated() {
        return Err(corrupt("a WebP strip or tile is an animation"));
    }
    let comps = if decoder.has_alpha() { 4 } else { 3 };
    let size = w as usize * h as usize * comps;
    if decoder.output_buffer_size() != Some(size) {
        return Err(corrupt("a WebP strip or tile has an unexpected layout"));
    }
    decoder.set_memory_limit(size.saturating_mul(4).saturating_add(1 << 20));
    let mut pixels = vec![0u8; size];
    decoder.read_image(&mut pixels).map_err(webp_err)?;
    let spp = l.chunk_spp;
    for (dst, src) in out.chunks_exact_mut(spp).zip(pixels.chunks_exact(comps)) {
        dst[..3].copy_from_slice(&src[..3]);
        if spp == 4 {
            // A WebP without alpha is opaque.
            dst[3] = if comps == 4 { src[3] } else { 255 };
        }
    }
    Ok(())
}

/// Decodes an SGILog chunk (libtiff's `tif_luv.c`) into little-endian 32-bit floats of linear
/// light: LogL as luminance Y (grey), LogLuv as linear sRGB converted from CIE XYZ. Each row
/// holds 2 (LogL) or 4 (LogLuv) byte planes, the most significant first, each run-length
/// encoded: a byte of 128 or more repeats the next byte (that byte - 126) times, a smaller one
/// is a count of literal bytes.
fn decode_sgilog(l: &Layout, input: &[u8], out: &mut [u8]) -> Result<(), ImagingError> {
    let w = l.chunk_w as usize;
    let luv = l.chunk_spp == 3;
    let planes = if luv { 4 } else { 2 };
    let short = || corrupt("SGILog data ends inside a row");
    let mut px = vec![0u32; w];
    let mut at = 0usize;
    for row in out.chunks_exact_mut(l.chunk_row_bytes().max(1)) {
        px.fill(0);
        for p in 0..planes {
            let shift = 8 * (planes - 1 - p);
            let mut i = 0;
            while i < w {
                let head = *input.get(at).ok_or_else(short)?;
                if head >= 128 {
                    let b = u32::from(*input.get(at + 1).ok_or_else(short)?);
                    at += 2;
                    let end = (i + usize::from(head) - 126).min(w);
                    px[i..end].iter_mut().for_each(|v| *v |= b << shift);
                    i = end;
                } else {
                    at += 1;
                    let n = usize::from(head).min(w - i);
                    let literal = input.get(at..at + n).ok_or_else(short)?;
                    for (v, b) in px[i..i + n].iter_mut().zip(literal) {
                        *v |= u32::from(*b) << shift;
                    }
                    at += n;
                    i += n;
                }
            }
        }
        if luv {
            for (v, dst) in px.iter().zip(row.chunks_exact_mut(12)) {
                let rgb = xyz_to_linear_srgb(logluv32_to_xyz(*v));
                for (c, d) in rgb.iter().zip(dst.chunks_exact_mut(4)) {
                    d.copy_from_slice(&c.to_le_bytes());
                }
            }
        } else {
            for (v, dst) in px.iter().zip(row.chunks_exact_mut(4)) {
                dst.copy_from_slice(&(logl16_to_y(*v as u16) as f32).to_le_bytes());
            }
        }
    }
    Ok(())
}

/// libtiff's `LogL16toY`: luminance from a 16-bit log value (sign bit, 15 bits of log2 * 256
/// with 64 as the offset).
fn logl16_to_y(p: u16) -> f64 {
    let le = p & 0x7fff;
    if le == 0 {
        return 0.0;
    }
    let y = (std::f64::consts::LN_2 / 256.0 * (f64::from(le) + 0.5)
        - std::f64::consts::LN_2 * 64.0)
        .exp();
    if p & 0x8000 != 0 { -y } else { y }
}

/// libtiff's `LogLuv32toXYZ`: 16 bits of log luminance, 8 of u' and 8 of v' (scaled by 410).
fn logluv32_to_xyz(p: u32) -> [f32; 3] {
    let l = logl16_to_y((p >> 16) as u16);
    if l <= 0.0 {
        return [0.0; 3];
    }
    let u = (f64::from((p >> 8) & 0xff) + 0.5) / 410.0;
    let v = (f64::from(p & 0xff) + 0.5) / 410.0;
    let s = 1.0 / (6.0 * u - 16.0 * v + 12.0);
    let (x, y) = (9.0 * u * s, 4.0 * v * s);
    [(x / y * l) as f32, l as f32, ((1.0 - x - y) / y * l) as f32]
}

/// CIE XYZ (D65) to linear sRGB, IEC 61966-2-1.
fn xyz_to_linear_srgb([x, y, z]: [f32; 3]) -> [f32; 3] {
    [
        3.240_625_5 * x - 1.537_208 * y - 0.498_628_6 * z,
        -0.968_930_7 * x + 1.875_756_1 * y + 0.041_517_5 * z,
        0.055_710_1 * x - 0.204_021_1 * y + 1.056_995_9 * z,
    ]
}

/// Decodes a tall strip (or a run of them) a band at a time for one plane.
struct StripStream {
    plane: usize,
    inflater: Inflater,
    /// The strip being decoded and the image row its data continues at.
    strip: u32,
    rows_left: u32,
    buf: Vec<u8>,
    pos: usize,
    file_pos: u64,
    file_end: u64,
    /// FillOrder 2: bits of the compressed bytes reversed as they are read.
    reversed_bits: bool,
}

impl StripStream {
    fn new(plane: usize, c: Compression) -> Self {
        StripStream {
            plane,
            inflater: Inflater::new(c),
            strip: 0,
            rows_left: 0,
            buf: Vec::new(),
            pos: 0,
            file_pos: 0,
            file_end: 0,
            reversed_bits: false,
        }
    }

    /// Reads the next piece of the strip's compressed data, keeping what is still unread (a
    /// PackBits header may wait for its byte).
    fn refill(&mut self, src: &mut Source) -> Result<(), ImagingError> {
        self.buf.drain(..self.pos);
        self.pos = 0;
        let n = (self.file_end - self.file_pos).min(STREAM_READ as u64) as usize;
        let old = self.buf.len();
        self.buf.resize(old + n, 0);
        src.read_exact_at(self.file_pos, &mut self.buf[old..], "strip data")?;
        if self.reversed_bits {
            reverse_bits(&mut self.buf[old..]);
        }
        self.file_pos += n as u64;
        Ok(())
    }

    /// Fills `out` with the next rows of this plane, starting at image row `top`.
    fn fill(
        &mut self,
        src: &mut Source,
        l: &Layout,
        top: u32,
        out: &mut [u8],
    ) -> Result<(), ImagingError> {
        let stride = l.chunk_row_bytes();
        let mut row = top;
        let mut filled = 0;
        while filled < out.len() {
            if self.rows_left == 0 {
                self.strip = row / l.chunk_h;
                let c = l.chunk_index(self.plane, self.strip, 0);
                let len = if l.compression == Compression::None {
                    l.counts[c].min(l.chunk_bytes() as u64)
                } else {
                    l.counts[c]
                };
                if l.compression != Compression::None && len > l.max_compressed() {
                    return Err(corrupt(format!("strip {c} claims {len} compressed bytes")));
                }
                src.check_range(l.offsets[c], len, &format!("strip {c}"))?;
                self.file_pos = l.offsets[c];
                self.file_end = l.offsets[c] + len;
                self.rows_left = l.chunk_rows(self.strip) - (row - self.strip * l.chunk_h);
                self.inflater.reset();
                self.reversed_bits = l.reversed_bits;
                self.buf.clear();
                self.pos = 0;
            }
            let take = (out.len() - filled).min(self.rows_left as usize * stride);
            let dst = &mut out[filled..filled + take];
            let mut made = 0;
            while made < take {
                let (u, m, ended) = self
                    .inflater
                    .step(&self.buf[self.pos..], &mut dst[made..])?;
                self.pos += u;
                made += m;
                if made == take {
                    break;
                }
                let starved = u == 0 && m == 0;
                if ended || (starved && self.file_pos >= self.file_end) {
                    return Err(corrupt(format!("strip {} ends early", self.strip)));
                }
                if starved {
                    self.refill(src)?;
                }
            }
            l.undo_predictor(dst);
            let done_rows = (take / stride.max(1)) as u32;
            self.rows_left -= done_rows;
            row += done_rows;
            filled += take;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Sample conversion

/// A rectangle of decoded chunk data within the band buffer.
struct Segment {
    /// The output channel of the chunk's first sample.
    channel0: usize,
    x0: u32,
    x1: u32,
    /// Band rows covered.
    y0: u32,
    y1: u32,
    /// Offset of row `y0` in the buffer, and the bytes per chunk row.
    base: usize,
    stride: usize,
}

/// Turns decoded chunk data into band samples: interleaved, 8-bit, normalised.
fn convert(l: &Layout, buf: &[u8], segments: &[Segment], out: &mut [u8]) {
    let channels = l.samples();
    let out_row = l.width as usize * channels;
    out.par_chunks_mut(out_row.max(1))
        .enumerate()
        .for_each(|(r, orow)| {
            let r = r as u32;
            for seg in segments.iter().filter(|s| s.y0 <= r && r < s.y1) {
                let start = seg.base + (r - seg.y0) as usize * seg.stride;
                let Some(src) = buf.get(start..start + seg.stride) else {
                    continue;
                };
                let px = (seg.x1 - seg.x0) as usize;
                let dst = &mut orow[seg.x0 as usize * channels..seg.x1 as usize * channels];
                convert_run(l, src, dst, px, seg.channel0);
            }
            // Floating point colour is divided by alpha before its tone mapping.
            if let Some((alpha, process)) = l.premultiplied
                && !l.float
            {
                unpremultiply(orow, channels, alpha, process);
            }
        });
}

fn convert_run(l: &Layout, src: &[u8], dst: &mut [u8], px: usize, c0: usize) {
    let channels = l.samples();
    let spp = l.chunk_spp;
    let norms = &l.norms[c0..c0 + spp];
    if l.float {
        convert_float_run(l, src, dst, px, c0);
        return;
    }
    let plain = norms.iter().all(|n| matches!(n, Norm::Plain | Norm::Index));
    match l.bits {
        8 if plain && spp == channels => dst.copy_from_slice(&src[..px * spp]),
        8 => {
            for (d, s) in dst.chunks_exact_mut(channels).zip(src.chunks_exact(spp)) {
                for k in 0..spp {
                    d[c0 + k] = norm8(s[k], norms[k]);
                }
            }
        }
        16 => {
            for (d, s) in dst
                .chunks_exact_mut(channels)
                .zip(src.chunks_exact(2 * spp))
            {
                for k in 0..spp {
                    let a = [s[2 * k], s[2 * k + 1]];
                    let v = if l.le {
                        u16::from_le_bytes(a)
                    } else {
                        u16::from_be_bytes(a)
                    };
                    d[c0 + k] = to8(norm(u32::from(v), 16, norms[k]) as u16);
                }
            }
        }
        bits => {
            // Every other depth. Palette indexes stay as stored; other samples scale to 8 bits.
            for (x, d) in dst.chunks_exact_mut(channels).enumerate().take(px) {
                for k in 0..spp {
                    let v = norm(packed_sample(src, x * spp + k, bits, l.le), bits, norms[k]);
                    d[c0 + k] = match norms[k] {
                        Norm::Index => v as u8,
                        _ => depth_to8(v, bits),
                    };
                }
            }
        }
    }
}

/// Floating point samples to band samples through the one tone mapping, [`float_to8`].
fn convert_float_run(l: &Layout, src: &[u8], dst: &mut [u8], px: usize, c0: usize) {
    let (channels, spp) = (l.samples(), l.chunk_spp);
    let norms = &l.norms[c0..c0 + spp];
    let n = usize::from(l.bits / 8);
    let mut values = vec![0f32; spp];
    for (x, d) in dst.chunks_exact_mut(channels).enumerate().take(px) {
        for (k, v) in values.iter_mut().enumerate() {
            let w = word(src, x * spp + k, n, l.le);
            *v = match l.bits {
                16 => f16_to_f32(w as u16),
                32 => f32::from_bits(w as u32),
                _ => f64::from_bits(w) as f32,
            };
        }
        // Associated alpha in a chunky file: straight colour, still in linear light.
        if let Some((alpha, process)) = l.premultiplied {
            let a = values[alpha];
            if a > 0.0 {
                values[..process].iter_mut().for_each(|v| *v /= a);
            }
        }
        for (k, &v) in values.iter().enumerate() {
            d[c0 + k] = match norms[k] {
                Norm::Light => float_to8(v, Tone::Light),
                Norm::Invert => 255 - float_to8(v, Tone::Amount),
                _ => float_to8(v, Tone::Amount),
            };
        }
    }
}

/// Whole word `i` of a row of `n`-byte words (1 to 8 bytes) in the file's byte order.
#[inline]
fn word(row: &[u8], i: usize, n: usize, le: bool) -> u64 {
    let b = &row[i * n..i * n + n];
    let mut v = 0u64;
    for k in 0..n {
        let byte = if le { b[n - 1 - k] } else { b[k] };
        v = (v << 8) | u64::from(byte);
    }
    v
}

/// Sample `i` of a row of `bits`-bit samples. As libtiff stores them: 16, 24 and 32-bit samples
/// are whole words in the file's byte order; every other depth is packed MSB-first across the
/// row (rows start on a byte boundary), whatever the byte order.
#[inline]
fn packed_sample(row: &[u8], i: usize, bits: u8, le: bool) -> u32 {
    match bits {
        16 | 24 | 32 => word(row, i, usize::from(bits / 8), le) as u32,
        _ => {
            let bits = usize::from(bits);
            let first = i * bits;
            let skip = first % 8;
            // At most 5 bytes: 32 bits starting anywhere in a byte.
            let bytes = (skip + bits).div_ceil(8);
            let acc = row[first / 8..first / 8 + bytes]
                .iter()
                .fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
            let max = u64::from(u32::MAX >> (32 - bits));
            ((acc >> (bytes * 8 - skip - bits)) & max) as u32
        }
    }
}

/// A stored sample of `bits` bits in the band's polarity, still at its depth.
#[inline]
fn norm(v: u32, bits: u8, n: Norm) -> u32 {
    let max = u32::MAX >> (32 - u32::from(bits));
    let sign = 1 << (bits - 1);
    match n {
        Norm::Plain | Norm::Index | Norm::Light => v,
        Norm::Invert => max - v,
        Norm::Signed => v ^ sign,
        Norm::SignedInvert => max - (v ^ sign),
    }
}

#[inline]
fn norm8(v: u8, n: Norm) -> u8 {
    norm(u32::from(v), 8, n) as u8
}

/// Associated alpha: colour samples were multiplied by alpha; the band wants them straight.
fn unpremultiply(row: &mut [u8], channels: usize, alpha: usize, process: usize) {
    for px in row.chunks_exact_mut(channels) {
        let a = u32::from(px[alpha]);
        if a == 0 || a == 255 {
            continue;
        }
        for v in &mut px[..process] {
            *v = ((u32::from(*v) * 255 + a / 2) / a).min(255) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predictor_undo_8_and_16_bit() {
        let mut row = [10u8, 20, 1, 1, 255, 2];
        undo_predictor(&mut row, 2, 8, true);
        assert_eq!(row, [10, 20, 11, 21, 10, 23]);
        let mut row16 = Vec::new();
        for v in [1000u16, 5, 65535] {
            row16.extend_from_slice(&v.to_be_bytes());
        }
        undo_predictor(&mut row16, 1, 16, false);
        let back: Vec<u16> = row16
            .chunks(2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
            .collect();
        assert_eq!(back, [1000, 1005, 1004]);
    }

    #[test]
    fn predictor_undo_32_bit() {
        let mut row = Vec::new();
        for v in [4_000_000_000u32, 300_000_000, 7] {
            row.extend_from_slice(&v.to_le_bytes());
        }
        undo_predictor(&mut row, 1, 32, true);
        let back: Vec<u32> = row
            .chunks(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        assert_eq!(back, [4_000_000_000, 5_032_704, 5_032_711]);
    }

    #[test]
    fn packed_samples_as_libtiff_stores_them() {
        // 12 bits MSB-first whatever the byte order: 0xABC, 0x123, 0xFFF.
        let row = [0xAB, 0xC1, 0x23, 0xFF, 0xF0];
        for le in [true, false] {
            let got: Vec<u32> = (0..3).map(|i| packed_sample(&row, i, 12, le)).collect();
            assert_eq!(got, [0xABC, 0x123, 0xFFF]);
        }
        // 2 and 10 bits ending inside a byte.
        assert_eq!(packed_sample(&[0b1001_1100], 1, 2, true), 0b01);
        assert_eq!(
            packed_sample(&[0, 0b0011_1111, 0b1111_0000], 1, 10, true),
            1023
        );
        // Whole words follow the file's byte order.
        let word = [0x01, 0x02, 0x03, 0x04];
        assert_eq!(packed_sample(&word, 0, 24, true), 0x030201);
        assert_eq!(packed_sample(&word, 0, 24, false), 0x010203);
        assert_eq!(packed_sample(&word, 0, 32, false), 0x01020304);
        assert_eq!(packed_sample(&word, 1, 16, true), 0x0403);
        // 32 bits at an odd bit offset (a 31-bit row reads 5 bytes).
        let odd = [0x80, 0, 0, 0, 0];
        assert_eq!(packed_sample(&odd, 0, 31, true), 0x4000_0000);
    }

    #[test]
    fn lzw_decoder_matches_the_weezl_encoder() {
        let mut seed = 7u32;
        let mut cases: Vec<Vec<u8>> = vec![vec![], vec![0; 100_000], (0..=255).collect()];
        for len in [1, 2, 3, 500, 5000, 70_000] {
            // Few symbols give long strings and many table resets; noise gives short strings.
            for symbols in [2u32, 7, 256] {
                cases.push(
                    (0..len)
                        .map(|_| {
                            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                            ((seed >> 16) % symbols) as u8
                        })
                        .collect(),
                );
            }
        }
        for case in cases {
            let packed = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
                .encode(&case)
                .expect("encode");
            let mut out = vec![0u8; case.len()];
            assert_eq!(lzw_decode(&packed, &mut out).expect("decode"), case.len());
            assert!(out == case, "{} bytes", case.len());
            // A shorter output stops early; a truncated input decodes a prefix.
            if case.len() > 10 {
                let mut half = vec![0u8; case.len() / 2];
                assert_eq!(lzw_decode(&packed, &mut half).expect("decode"), half.len());
                assert_eq!(half, case[..case.len() / 2]);
                let mut out = vec![0u8; case.len()];
                let made = lzw_decode(&packed[..packed.len() / 2], &mut out).expect("prefix");
                assert!(made < case.len() && out[..made] == case[..made]);
            }
        }
        // Garbage must fail or stop, never panic.
        for n in 0..200u32 {
            let junk: Vec<u8> = (0..n * 7)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8)
                .collect();
            let mut out = vec![0u8; 1000];
            let _ = lzw_decode(&junk, &mut out);
        }
    }

    #[test]
    fn unpremultiplies_colour_only() {
        let mut px = [64u8, 128, 0, 128];
        unpremultiply(&mut px, 4, 3, 3);
        assert_eq!(px, [128, 255, 0, 128]);
    }
}
