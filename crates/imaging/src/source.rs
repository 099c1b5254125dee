//! The pieces both decoders (TIFF and PSD/PSB) share: a bounds-checked byte source, scaling of
//! samples of any bit depth to the band's 8 bits, the tone mapping of floating point samples,
//! and the PackBits codec.

use std::io::{Read, Seek, SeekFrom};

use crate::ImagingError;

/// What a decoder reads from: a file or any seekable stream.
pub trait ReadSeek: Read + Seek + Send {}
impl<T: Read + Seek + Send> ReadSeek for T {}

/// A seekable byte source that knows its length, so every offset a file claims is checked
/// before it is read or allocated for.
///
/// Small reads are served from a window of the file, so parsing headers field by field costs
/// few system calls.
pub(crate) struct Source {
    inner: Box<dyn ReadSeek>,
    len: u64,
    window: Vec<u8>,
    window_start: u64,
}

/// Reads smaller than this go through the window.
const WINDOW: usize = 64 * 1024;

impl Source {
    pub(crate) fn new(mut inner: Box<dyn ReadSeek>) -> Result<Self, ImagingError> {
        let len = inner.seek(SeekFrom::End(0))?;
        inner.seek(SeekFrom::Start(0))?;
        Ok(Source {
            inner,
            len,
            window: Vec::new(),
            window_start: 0,
        })
    }

    /// Fails with Corrupt unless `len` bytes from `offset` lie inside the file.
    pub(crate) fn check_range(
        &self,
        offset: u64,
        len: u64,
        what: &str,
    ) -> Result<(), ImagingError> {
        match offset.checked_add(len) {
            Some(end) if end <= self.len => Ok(()),
            _ => Err(ImagingError::Corrupt(format!(
                "{what} ({len} bytes at offset {offset}) lies past the end of the {}-byte file",
                self.len
            ))),
        }
    }

    pub(crate) fn read_exact_at(
        &mut self,
        offset: u64,
        buf: &mut [u8],
        what: &str,
    ) -> Result<(), ImagingError> {
        self.check_range(offset, buf.len() as u64, what)?;
        if buf.len() < WINDOW {
            let in_window = offset >= self.window_start
                && offset + buf.len() as u64 <= self.window_start + self.window.len() as u64;
            if !in_window {
                let n = (self.len - offset).min(WINDOW as u64) as usize;
                self.window.resize(n, 0);
                self.window_start = offset;
                self.inner.seek(SeekFrom::Start(offset))?;
                if let Err(e) = self.inner.read_exact(&mut self.window) {
                    self.window.clear();
                    return Err(truncated(e, what));
                }
            }
            let start = (offset - self.window_start) as usize;
            buf.copy_from_slice(&self.window[start..start + buf.len()]);
            return Ok(());
        }
        self.inner.seek(SeekFrom::Start(offset))?;
        self.inner.read_exact(buf).map_err(|e| truncated(e, what))
    }

    pub(crate) fn read_vec_at(
        &mut self,
        offset: u64,
        len: u64,
        what: &str,
    ) -> Result<Vec<u8>, ImagingError> {
        self.check_range(offset, len, what)?;
        let mut buf = vec![0u8; len as usize];
        self.read_exact_at(offset, &mut buf, what)?;
        Ok(buf)
    }

    /// Reads as many bytes as there are, up to `buf.len()`.
    pub(crate) fn read_up_to(
        &mut self,
        offset: u64,
        buf: &mut [u8],
    ) -> Result<usize, ImagingError> {
        let avail = self.len.saturating_sub(offset).min(buf.len() as u64) as usize;
        if avail == 0 {
            return Ok(0);
        }
        self.read_exact_at(offset, &mut buf[..avail], "header")?;
        Ok(avail)
    }
}

/// An unexpected end of file is damage, not an I/O failure.
pub(crate) fn truncated(e: std::io::Error, what: &str) -> ImagingError {
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        ImagingError::Corrupt(format!("file ends inside the {what}"))
    } else {
        ImagingError::Io(e)
    }
}

/// A 16-bit sample rounded to 8 bits, as documented on [`crate::Band`].
#[inline]
pub(crate) fn to8(v: u16) -> u8 {
    ((u32::from(v) * 255 + 32767) / 65535) as u8
}

/// A sample of `bits` bits (1 to 32) as a band sample. Renditions work on 8 or 16 bits: depths
/// up to 8 are scaled to 8 bits, deeper ones to 16 bits and then rounded as 16-bit samples are,
/// so a 12-bit file reads as its 16-bit twin would. Full scale stays full scale (12-bit 4095 is
/// 65535, 4-bit 15 is 255).
#[inline]
pub(crate) fn depth_to8(v: u32, bits: u8) -> u8 {
    match bits {
        8 => v as u8,
        16 => to8(v as u16),
        1..=7 => scale(v, bits, 255) as u8,
        _ => to8(scale(v, bits, 65535) as u16),
    }
}

/// `v` of `bits` bits scaled to `0..=full`, rounded to nearest (the maximum is odd, so there
/// are no ties).
#[inline]
fn scale(v: u32, bits: u8, full: u64) -> u64 {
    let max = u64::from(u32::MAX >> (32 - u32::from(bits)));
    (u64::from(v).min(max) * full + max / 2) / max
}

/// What a floating point sample stands for, which decides its tone mapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tone {
    /// Linear light (grey and RGB process channels): through the sRGB curve.
    Light,
    /// An amount (CMYK and spot ink coverage, alpha opacity): scaled linearly.
    Amount,
}

/// The tone mapping of every floating point sample (TIFF SampleFormat 3, 32-bit PSD/PSB), one
/// operator everywhere: the value is taken as linear light with 1.0 as diffuse white (or as a
/// coverage with 1.0 as full), clamped to 0..1 (NaN and negatives to 0, +inf to 1), then light
/// is encoded with the sRGB transfer curve, as Photoshop shows a 32-bit document at exposure 0,
/// and amounts are scaled linearly (ink is not light, a curve would shift every tint).
#[inline]
pub(crate) fn float_to8(v: f32, tone: Tone) -> u8 {
    let v = if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
    match tone {
        Tone::Light => crate::color::linear_to_srgb8(v),
        Tone::Amount => (v * 255.0).round() as u8,
    }
}

/// An IEEE 754 half-precision value, exactly (every half is an f32).
#[inline]
pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 == 0 { 1.0 } else { -1.0 };
    let exponent = i32::from((h >> 10) & 0x1f);
    let fraction = f32::from(h & 0x3ff);
    match exponent {
        // Zero and subnormals: fraction * 2^-24.
        0 => sign * fraction * f32::powi(2.0, -24),
        31 if fraction == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        e => sign * (1.0 + fraction / 1024.0) * f32::powi(2.0, e - 15),
    }
}

/// Incremental PackBits decoder: remembers a run cut by the end of the output or input, so a
/// strip can be decoded a band at a time.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct PackBits {
    literal_left: usize,
    repeat: Option<(u8, usize)>,
}

impl PackBits {
    pub(crate) fn reset(&mut self) {
        *self = PackBits::default();
    }

    /// Decodes from `input` into `out`; returns (bytes consumed, bytes produced).
    pub(crate) fn step(&mut self, input: &[u8], out: &mut [u8]) -> (usize, usize) {
        let (mut i, mut o) = (0, 0);
        while o < out.len() {
            if self.literal_left > 0 {
                let n = self.literal_left.min(out.len() - o).min(input.len() - i);
                if n == 0 {
                    break;
                }
                out[o..o + n].copy_from_slice(&input[i..i + n]);
                (i, o, self.literal_left) = (i + n, o + n, self.literal_left - n);
            } else if let Some((byte, left)) = self.repeat {
                let n = left.min(out.len() - o);
                out[o..o + n].fill(byte);
                o += n;
                self.repeat = (left > n).then_some((byte, left - n));
            } else {
                let Some(&header) = input.get(i) else { break };
                let header = header as i8;
                if header >= 0 {
                    self.literal_left = header as usize + 1;
                    i += 1;
                } else if header == -128 {
                    i += 1; // a no-op by definition
                } else {
                    // The repeated byte follows the header: take both or neither.
                    let Some(&byte) = input.get(i + 1) else { break };
                    self.repeat = Some((byte, 1 + (-(header as isize)) as usize));
                    i += 2;
                }
            }
        }
        (i, o)
    }
}

/// Decodes one PackBits row (PSD composite, TIFF strip) that must fill `out` exactly.
pub(crate) fn unpack_bits_exact(
    input: &[u8],
    out: &mut [u8],
    what: &str,
) -> Result<(), ImagingError> {
    let mut pb = PackBits::default();
    let (_, produced) = pb.step(input, out);
    if produced < out.len() {
        return Err(ImagingError::Corrupt(format!(
            "{what}: PackBits data gives {produced} of {} bytes",
            out.len()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packbits_resumes_across_cut_input_and_output() {
        // literal "abc", run of 5 'x', literal "d"
        let data = [2u8, b'a', b'b', b'c', 0xFC, b'x', 0, b'd'];
        let mut whole = [0u8; 9];
        unpack_bits_exact(&data, &mut whole, "test").expect("whole");
        assert_eq!(&whole, b"abcxxxxxd");
        for cut_in in 0..data.len() {
            for cut_out in 0..whole.len() {
                let mut pb = PackBits::default();
                let mut out = [0u8; 9];
                let (a, b) = pb.step(&data[..cut_in], &mut out[..cut_out]);
                let (c, d) = pb.step(&data[a..], &mut out[b..]);
                let (_, f) = pb.step(&data[a + c..], &mut out[b + d..]);
                assert_eq!(b + d + f, 9, "cut {cut_in}/{cut_out}");
                assert_eq!(&out, b"abcxxxxxd");
            }
        }
    }

    #[test]
    fn rounds_16_bit_samples() {
        assert_eq!(to8(0), 0);
        assert_eq!(to8(65535), 255);
        assert_eq!(to8(257 * 128), 128);
        assert_eq!(to8(32767), 127);
    }

    #[test]
    fn scales_every_depth_full_scale_to_full_scale() {
        for bits in 1..=32u8 {
            let max = u32::MAX >> (32 - u32::from(bits));
            assert_eq!(depth_to8(0, bits), 0, "{bits}");
            assert_eq!(depth_to8(max, bits), 255, "{bits}");
        }
        assert_eq!(scale(4095, 12, 65535), 65535);
        assert_eq!(scale(2048, 12, 65535), 32776);
        assert_eq!(scale(15, 4, 255), 255);
        assert_eq!(scale(1, 2, 255), 85);
        assert_eq!(scale(u32::MAX, 32, 65535), 65535);
        // Scaling to 16 bits first, then rounding: a 24-bit mid-grey lands where 16-bit 32768
        // does.
        assert_eq!(depth_to8(1 << 23, 24), to8(32768));
    }

    #[test]
    fn halves_decode_exactly() {
        assert_eq!(f16_to_f32(0x0000), 0.0);
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0x3800), 0.5);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x7bff), 65504.0);
        assert_eq!(f16_to_f32(0x0001), f32::powi(2.0, -24));
        assert_eq!(f16_to_f32(0x03ff), 1023.0 * f32::powi(2.0, -24));
        assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
        assert_eq!(f16_to_f32(0xfc00), f32::NEG_INFINITY);
        assert!(f16_to_f32(0x7e00).is_nan());
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
    }

    #[test]
    fn tone_maps_light_through_the_srgb_curve_and_amounts_linearly() {
        for (v, light, amount) in [
            (0.0, 0, 0),
            (0.18, 118, 46),
            (0.5, 188, 128),
            (1.0, 255, 255),
            (2.0, 255, 255),
            (-1.0, 0, 0),
            (f32::NAN, 0, 0),
            (f32::INFINITY, 255, 255),
            (f32::NEG_INFINITY, 0, 0),
        ] {
            assert_eq!(float_to8(v, Tone::Light), light, "{v}");
            assert_eq!(float_to8(v, Tone::Amount), amount, "{v}");
        }
    }
}
