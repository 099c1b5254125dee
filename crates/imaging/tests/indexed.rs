//! Indexed (palette) colour files: TIFF at 1, 2, 4 and 8 bits, PSD and PSB with their colour
//! table. Each palette entry in use is a screen of its colour; a render of the file's own
//! colorway shows the file's colours; more entries than screens is a digital design with a note;
//! lying files are refused quickly with the reason. Every fixture is written here.

use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use imaging::color::srgb_to_lab;
use imaging::render::MemorySink;
use imaging::{
    BandReader, ChannelKind, ColorMode, ImagingError, IndexedImage, Limits, RenditionPlan,
    TiffCompression, TiffOptions,
};

/// Twelve distinct colours, two of them a hair apart (separate screens all the same).
const COLOURS: [[u8; 3]; 12] = [
    [200, 30, 30],
    [201, 30, 30],
    [20, 60, 160],
    [240, 220, 200],
    [30, 130, 60],
    [250, 190, 20],
    [90, 20, 90],
    [10, 10, 10],
    [160, 160, 160],
    [0, 150, 170],
    [230, 120, 150],
    [120, 90, 40],
];

/// An odd-sized pattern using exactly the entries `used` (in blocks, so every one appears),
/// with a palette of `palette_len` entries: the used ones get [`COLOURS`], the rest grey.
fn design(used: &[u8], palette_len: usize, bits: u8, width: u32, height: u32) -> IndexedImage {
    let mut palette = vec![[128, 128, 128]; palette_len];
    for (n, &entry) in used.iter().enumerate() {
        palette[usize::from(entry)] = COLOURS[n % COLOURS.len()];
    }
    let columns = width.div_ceil(7);
    let indexes = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x / 7 + y / 5 * columns) as usize))
        .map(|block| used[block % used.len()])
        .collect();
    IndexedImage {
        width,
        height,
        bit_depth: bits,
        dpi: 100.0,
        palette,
        transparent: None,
        indexes,
    }
}

/// `n` entries spread over the palette, so unused entries lie between and around them.
fn spread(n: usize, palette_len: usize) -> Vec<u8> {
    (0..n).map(|i| (i * palette_len / n) as u8).collect()
}

fn tiff(image: &IndexedImage, opts: TiffOptions) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_indexed_tiff(&mut out, image, &opts).expect("write TIFF");
    out.into_inner()
}

fn psd(image: &IndexedImage, big: bool, rle: bool) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_indexed_psd(&mut out, image, big, rle).expect("write PSD");
    out.into_inner()
}

fn open(bytes: Vec<u8>) -> Result<Box<dyn BandReader>, ImagingError> {
    imaging::open_reader(Cursor::new(bytes), &Limits::default())
}

/// The entries in use, in palette order, without the transparent one.
fn screens_of(image: &IndexedImage) -> Vec<u8> {
    let mut used: Vec<u8> = image.indexes.clone();
    used.sort_unstable();
    used.dedup();
    used.retain(|e| Some(*e) != image.transparent);
    used
}

/// Decodes `bytes` and checks it is `image` as screens: one spot channel per entry in use with
/// the entry's colour, and full coverage of exactly the pixel's own screen.
fn assert_screens(case: &str, bytes: Vec<u8>, image: &IndexedImage) {
    let mut reader = open(bytes).unwrap_or_else(|e| panic!("{case}: {e}"));
    let info = reader.info().clone();
    let screens = screens_of(image);
    assert_eq!(info.color_mode, ColorMode::Indexed, "{case}");
    assert_eq!(info.channels.len(), screens.len(), "{case}: channels");
    for (channel, &entry) in info.channels.iter().zip(&screens) {
        assert_eq!(channel.kind, ChannelKind::Spot, "{case}");
        assert_eq!(channel.name, format!("Palette {entry}"), "{case}");
        assert_eq!(
            channel.color,
            Some(image.palette[usize::from(entry)]),
            "{case}"
        );
    }
    assert!(info.notes.is_empty(), "{case}: {:?}", info.notes);
    let samples = imaging::read_all(reader.as_mut()).unwrap_or_else(|e| panic!("{case}: {e}"));
    for (px, &entry) in samples.chunks_exact(screens.len()).zip(&image.indexes) {
        let want: Vec<u8> = screens
            .iter()
            .map(|&s| if s == entry { 255 } else { 0 })
            .collect();
        assert_eq!(px, want.as_slice(), "{case}: pixel of entry {entry}");
    }
}

/// Renders the file's own colorway and answers the mean CIEDE2000 of its preview against the
/// colours of the palette image itself (the preview is the full image: no resampling).
fn render_error(case: &str, bytes: Vec<u8>, image: &IndexedImage) -> (f64, Vec<imaging::Reason>) {
    let mut reader = open(bytes).unwrap_or_else(|e| panic!("{case}: {e}"));
    let sink = MemorySink::default();
    let plan = RenditionPlan {
        tiles: false,
        ..RenditionPlan::default()
    };
    let report = imaging::render(reader.as_mut(), &plan, &sink).expect("render");
    let preview = sink.preview_image(0).expect("preview");
    assert_eq!((preview.width, preview.height), (image.width, image.height));
    let total: f64 = preview
        .data
        .chunks_exact(3)
        .zip(&image.indexes)
        .map(|(got, &entry)| {
            let want = match image.transparent {
                Some(t) if t == entry => [255, 255, 255], // the fabric shows
                _ => image.palette[usize::from(entry)],
            };
            let (a, b) = (srgb_to_lab([got[0], got[1], got[2]]), srgb_to_lab(want));
            desen_core::color::ciede2000(
                [f64::from(a.l), f64::from(a.a), f64::from(a.b)],
                [f64::from(b.l), f64::from(b.a), f64::from(b.b)],
            )
        })
        .sum();
    (total / image.indexes.len() as f64, report.warnings)
}

#[test]
fn indexed_tiff_of_every_bit_depth_becomes_one_screen_per_colour_in_use() {
    let layouts = [
        ("lzw strips", TiffOptions::default()),
        (
            "raw tiles",
            TiffOptions {
                compression: TiffCompression::None,
                tiled: Some(16),
                ..TiffOptions::default()
            },
        ),
        (
            "deflate bigtiff",
            TiffOptions {
                compression: TiffCompression::Deflate,
                bigtiff: true,
                ..TiffOptions::default()
            },
        ),
        (
            "packbits strips of 3 rows",
            TiffOptions {
                compression: TiffCompression::PackBits,
                rows_per_strip: Some(3),
                ..TiffOptions::default()
            },
        ),
    ];
    // (bits, colours in use): a 1-bit file uses both entries; the others leave entries unused.
    for (bits, colours) in [(1u8, 2usize), (2, 3), (4, 6), (8, 12)] {
        let palette_len = 1usize << bits;
        let image = design(&spread(colours, palette_len), palette_len, bits, 37, 23);
        for (layout, opts) in layouts {
            let case = format!("{bits}-bit {layout}");
            let bytes = tiff(&image, opts);
            let info = open(bytes.clone()).expect("open").info().clone();
            assert_eq!(info.bit_depth, bits, "{case}");
            assert_screens(&case, bytes, &image);
        }
    }
    // Writers scale the ColorMap's 16 bits from 8 by 257 (as here), by 256 (Pillow) or not at
    // all (old 8-bit writers): each reads as the same colours.
    let image = design(&spread(6, 16), 16, 4, 37, 23);
    let bytes = tiff(&image, TiffOptions::default());
    for (scale, case) in [(256u16, "ColorMap scaled by 256"), (1, "8-bit ColorMap")] {
        let mut rescaled = bytes.clone();
        let entry = ifd_entry(&mut rescaled, 320);
        let at = u32::from_le_bytes([entry[8], entry[9], entry[10], entry[11]]) as usize;
        for value in rescaled[at..at + 2 * 48].chunks_exact_mut(2) {
            let v = u16::from_le_bytes([value[0], value[1]]) / 257;
            value.copy_from_slice(&(v * scale).to_le_bytes());
        }
        assert_screens(case, rescaled, &image);
    }
    // One strip taller than a band is decoded as a stream: the second pass starts it again.
    let tall = design(&spread(6, 256), 256, 8, 40, 700);
    let one_strip = TiffOptions {
        rows_per_strip: Some(700),
        ..TiffOptions::default()
    };
    assert_screens("one tall strip", tiff(&tall, one_strip), &tall);
}

#[test]
fn two_six_and_twelve_colours_render_as_the_files_own_colours() {
    for colours in [2usize, 6, 12] {
        let image = design(&spread(colours, 256), 256, 8, 120, 90);
        let files = [
            ("TIFF", tiff(&image, TiffOptions::default())),
            ("PSD", psd(&image, false, true)),
            ("PSB", psd(&image, true, false)),
        ];
        for (kind, bytes) in files {
            let case = format!("{colours}-colour {kind}");
            assert_screens(&case, bytes.clone(), &image);
            let (mean, warnings) = render_error(&case, bytes, &image);
            assert!(mean < 1.0, "{case}: mean CIEDE2000 {mean}");
            assert!(warnings.is_empty(), "{case}: {warnings:?}");
        }
    }
}

#[test]
fn indexed_psd_and_psb_leave_the_transparent_entry_to_the_fabric() {
    let mut image = design(&[0, 3, 5, 9], 10, 8, 50, 40);
    image.transparent = Some(3);
    for (kind, bytes) in [
        ("PSD raw", psd(&image, false, false)),
        ("PSB rle", psd(&image, true, true)),
    ] {
        let info = open(bytes.clone()).expect("open").info().clone();
        assert_eq!(info.channels.len(), 3, "{kind}: entry 3 is not a screen");
        assert_screens(kind, bytes.clone(), &image);
        let (mean, _) = render_error(kind, bytes, &image);
        assert!(mean < 1.0, "{kind}: mean CIEDE2000 {mean}");
    }
}

#[test]
fn more_colours_than_screens_is_a_digital_design_with_a_note() {
    let limit = Limits::default().max_channels;
    let used: Vec<u8> = (0..=limit as u8 + 7).collect();
    let mut image = design(&used, 256, 8, 80, 60);
    // Colours of their own beyond the twelve, so the check below sees every entry.
    for (i, c) in image.palette.iter_mut().enumerate().skip(COLOURS.len()) {
        *c = [
            (i * 37 % 256) as u8,
            (i * 91 % 256) as u8,
            (i * 53 % 256) as u8,
        ];
    }
    for (kind, bytes) in [
        ("TIFF", tiff(&image, TiffOptions::default())),
        ("PSD", psd(&image, false, true)),
    ] {
        let info = open(bytes.clone()).expect("open").info().clone();
        assert_eq!(info.color_mode, ColorMode::Indexed, "{kind}");
        let kinds: Vec<ChannelKind> = info.channels.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [ChannelKind::Process; 3], "{kind}: RGB, no screens");
        assert_eq!(info.notes.len(), 1, "{kind}");
        let note = &info.notes[0];
        assert_eq!(note.code, "too_many_palette_colours", "{kind}");
        assert_eq!(note.params["colours"], used.len().to_string(), "{kind}");
        assert!(note.text.contains("digital design"), "{kind}: {note:?}");
        let (mean, warnings) = render_error(kind, bytes, &image);
        assert!(mean < 1.0, "{kind}: mean CIEDE2000 {mean}");
        assert_eq!(warnings, info.notes, "{kind}: the note reaches the report");
    }
}

// ---- hostile files ----------------------------------------------------------------------------

/// Opens and reads every band; a panic fails the test naming the case, and so does taking a
/// second or more.
fn refused(case: &str, bytes: Vec<u8>) -> ImagingError {
    let start = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut reader = open(bytes)?;
        imaging::read_all(reader.as_mut())
    }));
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(1), "{case}: took {elapsed:?}");
    match outcome {
        Err(_) => panic!("{case}: the decoder panicked"),
        Ok(Ok(_)) => panic!("{case}: decoded"),
        Ok(Err(e)) => e,
    }
}

fn assert_refused(case: &str, bytes: Vec<u8>, corrupt: bool, says: &str) {
    let e = refused(case, bytes);
    let kind_ok = match &e {
        ImagingError::Corrupt(_) => corrupt,
        ImagingError::Unsupported(_) => !corrupt,
        _ => false,
    };
    assert!(kind_ok && e.to_string().contains(says), "{case}: {e}");
}

/// The 12-byte entry of `tag` in the first IFD of a little-endian classic TIFF.
fn ifd_entry(bytes: &mut [u8], tag: u16) -> &mut [u8] {
    let ifd = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let count = u16::from_le_bytes([bytes[ifd], bytes[ifd + 1]]) as usize;
    let at = (0..count)
        .map(|i| ifd + 2 + 12 * i)
        .find(|&at| u16::from_le_bytes([bytes[at], bytes[at + 1]]) == tag)
        .expect("tag present");
    &mut bytes[at..at + 12]
}

#[test]
fn lying_or_damaged_indexed_files_are_refused_quickly() {
    let image = design(&spread(6, 16), 16, 4, 64, 48);
    let good = tiff(&image, TiffOptions::default());

    // Truncated anywhere: in the pixels, the ColorMap (written after them) or the IFD.
    for cut in (8..good.len()).step_by(good.len() / 40) {
        let e = refused(&format!("TIFF cut at {cut}"), good[..cut].to_vec());
        assert!(matches!(e, ImagingError::Corrupt(_)), "cut at {cut}: {e}");
    }
    // A ColorMap shorter or longer than the bit depth's palette: a lying palette size.
    for count in [3 * 16 - 3, 3 * 16 + 3, 3 * 256] {
        let mut lying = good.clone();
        ifd_entry(&mut lying, 320)[4..8].copy_from_slice(&(count as u32).to_le_bytes());
        assert_refused(
            &format!("ColorMap of {count} values"),
            lying,
            true,
            &format!("ColorMap has {count} values, a 4-bit palette needs 48"),
        );
    }
    // No ColorMap at all (its tag renamed to one nobody reads).
    let mut missing = good.clone();
    ifd_entry(&mut missing, 320)[..2].copy_from_slice(&321u16.to_le_bytes());
    assert_refused("no ColorMap", missing, true, "no ColorMap");
    // A header claiming 20,000 px a side over the same few strips.
    let mut huge = good.clone();
    for tag in [256, 257] {
        ifd_entry(&mut huge, tag)[8..12].copy_from_slice(&20_000u32.to_le_bytes());
    }
    assert_refused("20,000 px claimed", huge, true, "strip");
    // 16-bit palette colour is not read (65,536 screens cannot be a rotary design).
    let mut deep = good.clone();
    ifd_entry(&mut deep, 258)[8..10].copy_from_slice(&16u16.to_le_bytes());
    assert_refused("16-bit palette", deep, false, "16-bit palette colour");

    // PSD: pixels past the colours resource 1046 says are in use.
    let mut beyond = design(&[0, 1, 2, 3], 4, 8, 30, 20);
    beyond.indexes[599] = 7;
    assert_refused(
        "PSD entry past the palette",
        psd(&beyond, false, true),
        true,
        "pixels use palette entry 7, but the palette has 4 entries",
    );
    // PSD: a colour table of the wrong size (the length field after the 26-byte header).
    let psd_good = psd(&image, false, true);
    let mut short_table = psd_good.clone();
    short_table[26..30].copy_from_slice(&700u32.to_be_bytes());
    assert_refused(
        "PSD colour table of 700 bytes",
        short_table,
        true,
        "700-byte colour table, expected 768",
    );
    // PSD and PSB truncated anywhere.
    for bytes in [psd_good, psd(&image, true, false)] {
        for cut in (8..bytes.len()).step_by(bytes.len() / 40) {
            let e = refused(&format!("PSD cut at {cut}"), bytes[..cut].to_vec());
            assert!(matches!(e, ImagingError::Corrupt(_)), "cut at {cut}: {e}");
        }
    }
}
