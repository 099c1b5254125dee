//! LZMA-compressed TIFF data: the .xz stream libtiff writes through liblzma (a delta filter, then
//! LZMA2). The container and the delta filter are read here; `lzma-rs` decodes the LZMA2 data.

use crate::{ImagingError, Reason};

fn corrupt(what: impl Into<String>) -> ImagingError {
    ImagingError::Corrupt(what.into())
}

/// Decodes an LZMA chunk (an .xz stream, as libtiff writes it through liblzma: a delta filter
/// and LZMA2) into `out`. The container is walked here; `lzma-rs` decodes the LZMA2 data of each
/// block (it keeps a block's output in memory, so the sizes the LZMA2 chunk headers declare are
/// added up first: a stream unpacking to more than a whole chunk, `full` bytes, is refused
/// before anything is decoded) and the delta filter is undone here. Block checks are not
/// verified.
pub(crate) fn decode_lzma(input: &[u8], out: &mut [u8], full: usize) -> Result<(), ImagingError> {
    let blocks = xz_blocks(input, full as u64)?;
    let unpacked: u64 = blocks.iter().map(|b| b.unpacked).sum();
    if unpacked > full as u64 {
        return Err(corrupt(format!(
            "an LZMA strip or tile unpacks to more than its {full} bytes"
        )));
    }
    struct Fill<'a> {
        out: &'a mut [u8],
        made: usize,
    }
    impl std::io::Write for Fill<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            // Bytes past the chunk (padding of a short last strip) are dropped.
            let n = buf.len().min(self.out.len() - self.made);
            self.out[self.made..self.made + n].copy_from_slice(&buf[..n]);
            self.made += n;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut fill = Fill { out, made: 0 };
    for block in &blocks {
        let start = fill.made;
        lzma_rs::lzma2_decompress(&mut &input[block.data.clone()], &mut fill)
            .map_err(|e| corrupt(format!("LZMA data: {e}")))?;
        if let Some(dist) = block.delta {
            let made = &mut fill.out[start..fill.made];
            for i in dist..made.len() {
                made[i] = made[i].wrapping_add(made[i - dist]);
            }
        }
    }
    if fill.made < fill.out.len() {
        return Err(corrupt(format!(
            "an LZMA strip or tile decompresses to {} of its {} bytes",
            fill.made,
            fill.out.len()
        )));
    }
    Ok(())
}

/// One block of an .xz stream: where its LZMA2 data lies, what it unpacks to, and the distance
/// of its delta filter if it has one.
struct XzBlock {
    data: std::ops::Range<usize>,
    unpacked: u64,
    delta: Option<usize>,
}

/// The blocks of an .xz stream, from its headers alone (the data is skipped); stops once the
/// bytes unpacked add up to more than `limit`.
fn xz_blocks(data: &[u8], limit: u64) -> Result<Vec<XzBlock>, ImagingError> {
    let bad = |what: &str| corrupt(format!("LZMA data: {what}"));
    if data.len() < 12 || &data[..6] != b"\xFD7zXZ\0" {
        return Err(bad("not an xz stream"));
    }
    // The integrity check after each block: none, CRC32, CRC64, SHA-256 (and reserved sizes).
    let check_len = match data[7] & 0x0F {
        0 => 0,
        1..=3 => 4,
        4..=6 => 8,
        7..=9 => 16,
        10..=12 => 32,
        _ => 64,
    };
    let byte = |at: usize| {
        data.get(at)
            .copied()
            .ok_or_else(|| bad("the stream is truncated"))
    };
    let be16 = |at: usize| {
        Ok::<_, ImagingError>((usize::from(byte(at)?) << 8) | usize::from(byte(at + 1)?))
    };
    // A variable-length integer of the container: (value, bytes).
    let vli = |at: usize| {
        let mut v = 0u64;
        for i in 0..9 {
            let b = byte(at + i)?;
            v |= u64::from(b & 0x7F) << (7 * i);
            if b & 0x80 == 0 {
                return Ok((v, i + 1));
            }
        }
        Err(bad("a header number is too long"))
    };
    let mut at = 12;
    let mut total = 0u64;
    let mut blocks = Vec::new();
    loop {
        let header = byte(at)?;
        if header == 0 {
            // The index: no more blocks.
            return Ok(blocks);
        }
        let block = at;
        let header_len = (usize::from(header) + 1) * 4;
        // Block flags, the optional sizes, then the filter chain: delta and LZMA2 are read.
        let flags = byte(at + 1)?;
        let mut h = at + 2;
        for present in [0x40, 0x80] {
            if flags & present != 0 {
                h += vli(h)?.1;
            }
        }
        let mut delta = None;
        let filters = usize::from(flags & 0x03) + 1;
        for k in 0..filters {
            let (id, n) = vli(h)?;
            h += n;
            let (size, n) = vli(h)?;
            h += n;
            match (id, size) {
                (0x03, 1) if k + 1 < filters => delta = Some(usize::from(byte(h)?) + 1),
                (0x21, 1) if k + 1 == filters => {}
                _ => {
                    return Err(Reason::new(
                        "lzma_filter",
                        format!(
                            "TIFF with LZMA compression with the xz filter {id:#x} (delta and \
                             LZMA2 are read)"
                        ),
                    )
                    .with("filter", format!("{id:#x}"))
                    .into());
                }
            }
            h += size as usize;
            if h > block + header_len {
                return Err(bad("a block header is longer than it says"));
            }
        }
        at += header_len;
        let start = at;
        let mut unpacked_block = 0u64;
        loop {
            let control = byte(at)?;
            let (unpacked, skip) = match control {
                0 => break,
                // Uncompressed chunks.
                1 | 2 => {
                    let n = be16(at + 1)? + 1;
                    (n, 3 + n)
                }
                0x80..=0xFF => {
                    let unpacked = ((usize::from(control & 0x1F) << 16) | be16(at + 1)?) + 1;
                    let packed = be16(at + 3)? + 1;
                    (unpacked, 5 + usize::from(control >= 0xC0) + packed)
                }
                _ => return Err(bad("an LZMA2 chunk has an invalid header")),
            };
            total += unpacked as u64;
            unpacked_block += unpacked as u64;
            if total > limit {
                blocks.push(XzBlock {
                    data: start..at,
                    unpacked: unpacked_block,
                    delta,
                });
                return Ok(blocks);
            }
            at += skip;
        }
        at += 1;
        if at > data.len() {
            return Err(bad("the stream is truncated"));
        }
        blocks.push(XzBlock {
            data: start..at,
            unpacked: unpacked_block,
            delta,
        });
        // Block padding to four bytes, then its check.
        at = block + (at - block).next_multiple_of(4) + check_len;
    }
}
