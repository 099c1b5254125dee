//! CCITT fax data in TIFF (Compression 2, 3 and 4): our own decoder over the `fax` crate's code
//! tables and bit reader, a whole strip or tile into 1-bit rows as libtiff stores them (black 1).

use crate::ImagingError;

fn corrupt(what: impl Into<String>) -> ImagingError {
    ImagingError::Corrupt(what.into())
}

/// The CCITT codings TIFF stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FaxCoding {
    /// Compression 2: modified Huffman runs, each row starting on a byte, no EOL codes.
    Huffman,
    /// Compression 3 (T.4, Group 3): rows after EOL codes, one-dimensional unless `two_d`
    /// (T4Options bit 0), when a tag bit after each EOL says how the row is coded.
    T4 { two_d: bool },
    /// Compression 4 (T.6, Group 4): every row coded against the row above, no EOL codes.
    T6,
}

/// Decodes a whole CCITT fax chunk into rows of 1-bit samples, most significant bit first, a
/// black pixel 1 and a white one 0 as libtiff stores them (PhotometricInterpretation then says
/// which is dark). The chunk must make exactly its rows; what follows them (RTC, EOFB) is
/// ignored.
pub(crate) fn decode_fax(
    coding: FaxCoding,
    width: usize,
    stride: usize,
    input: &[u8],
    out: &mut [u8],
) -> Result<(), ImagingError> {
    use fax::BitReader;
    use fax::maps::{Mode, black, mode, white};

    let rows = out.len() / stride;
    let damaged = |y: usize, what: &str| corrupt(format!("CCITT fax data {what} at row {y}"));
    // The bit reader looks up to 16 bits ahead: zeros after the data let its last code be read.
    // No code is all zeros, so a stream cut short still fails.
    let mut padded = Vec::with_capacity(input.len() + 4);
    padded.extend_from_slice(input);
    padded.extend_from_slice(&[0; 4]);
    let mut bits = fax::slice_reader(&padded);
    // A row whose runs overrun it is cut at its end, as libtiff does ("line length mismatch").
    // One run of a colour: make-up codes (64 and more) add up until a terminating code.
    let run =
        |bits: &mut fax::ByteReader<_>, black_run: bool, y: usize| -> Result<usize, ImagingError> {
            let mut total = 0usize;
            loop {
                let n = if black_run {
                    black::decode(bits)
                } else {
                    white::decode(bits)
                }
                .ok_or_else(|| damaged(y, "has an invalid run code"))?;
                // Each code takes a bit or more of the chunk: the sum cannot overflow.
                total += usize::from(n);
                if n < 64 {
                    return Ok(total);
                }
            }
        };
    // Changing elements (where the colour changes, starting white) of the reference row and
    // of the row being decoded. Runs of no pixels stay, as in libtiff's reference row: they
    // change which element b1 is.
    let mut reference: Vec<usize> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    // Runs of no pixels cost bits but no room: a row may not hold more changes than this.
    let max_changes = 2 * width + 4;
    let push = |current: &mut Vec<usize>, at: usize| {
        if at < width {
            current.push(at);
        }
    };
    for y in 0..rows {
        current.clear();
        let two_d = match coding {
            FaxCoding::Huffman => false,
            FaxCoding::T6 => true,
            FaxCoding::T4 { two_d } => {
                // An EOL (11 zeros or more, then 1) before the row; some writers leave it out.
                if bits.peek(11) == Some(0) {
                    while bits.peek(1) == Some(0) {
                        let _ = bits.consume(1);
                    }
                    if bits.peek(1) != Some(1) {
                        return Err(damaged(y, "ends before its last row"));
                    }
                    let _ = bits.consume(1);
                }
                if two_d {
                    let tag = bits
                        .peek(1)
                        .ok_or_else(|| damaged(y, "ends before its last row"))?;
                    let _ = bits.consume(1);
                    tag == 0
                } else {
                    false
                }
            }
        };
        if two_d {
            // a0 is -1 before the first pixel; b1 is the first change of the reference row
            // right of a0 to the other colour (even changes turn black, odd ones white).
            let (mut a0, mut black_now, mut p) = (-1isize, false, 0usize);
            while a0 < width as isize {
                if current.len() > max_changes {
                    return Err(damaged(y, "has more colour changes than pixels"));
                }
                while p > 0 && reference[p - 1] as isize > a0 {
                    p -= 1;
                }
                while p < reference.len()
                    && (reference[p] as isize <= a0 || (p % 2 == 1) != black_now)
                {
                    p += 1;
                }
                let b1 = reference.get(p).copied().unwrap_or(width);
                let b2 = reference.get(p + 1).copied().unwrap_or(width);
                match mode::decode(&mut bits) {
                    Some(Mode::Pass) => a0 = b2 as isize,
                    Some(Mode::Horizontal) => {
                        let start = a0.max(0) as usize;
                        let a1 = (start + run(&mut bits, black_now, y)?).min(width);
                        let a2 = (a1 + run(&mut bits, !black_now, y)?).min(width);
                        push(&mut current, a1);
                        push(&mut current, a2);
                        a0 = a2 as isize;
                    }
                    Some(Mode::Vertical(d)) => {
                        let a1 = b1 as isize + isize::from(d);
                        if a1 < a0.max(0) || a1 > width as isize {
                            return Err(damaged(y, "has a change outside the row"));
                        }
                        push(&mut current, a1 as usize);
                        a0 = a1;
                        black_now = !black_now;
                    }
                    // Uncompressed mode, which the options did not allow (see `fax_options`).
                    Some(Mode::Extension) => {
                        return Err(damaged(y, "switches to uncompressed mode unannounced"));
                    }
                    Some(Mode::EOF) | None => {
                        return Err(damaged(y, "ends before its last row"));
                    }
                }
            }
        } else {
            let (mut a0, mut black_now) = (0usize, false);
            while a0 < width {
                if current.len() > max_changes {
                    return Err(damaged(y, "has more colour changes than pixels"));
                }
                a0 = (a0 + run(&mut bits, black_now, y)?).min(width);
                push(&mut current, a0);
                black_now = !black_now;
            }
            if coding == FaxCoding::Huffman {
                let _ = bits.consume(bits.bits_to_byte_boundary());
            }
        }
        let row = &mut out[y * stride..(y + 1) * stride];
        row.fill(0);
        for pair in current.chunks(2) {
            fill_black(row, pair[0], pair.get(1).copied().unwrap_or(width));
        }
        std::mem::swap(&mut reference, &mut current);
    }
    Ok(())
}

/// Sets the bits of pixels `start..end` of a 1-bit row, most significant bit first.
fn fill_black(row: &mut [u8], start: usize, end: usize) {
    if start >= end {
        return;
    }
    let (first, last) = (start / 8, (end - 1) / 8);
    let head = 0xFFu8 >> (start % 8);
    let tail = 0xFFu8 << (7 - (end - 1) % 8);
    if first == last {
        row[first] |= head & tail;
    } else {
        row[first] |= head;
        row[first + 1..last].fill(0xFF);
        row[last] |= tail;
    }
}
