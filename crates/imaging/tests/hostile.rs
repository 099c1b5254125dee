//! Hostile input: truncated files, lying headers, decompression bombs, files that are not images.
//! Each must end in an error (or, where the data is really there, a correct image) quickly,
//! without a panic and without allocating what the file merely claims.

use std::io::{Cursor, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use imaging::{
    ChannelInfo, ChannelKind, ColorMode, ImagingError, Limits, Samples, TiffCompression,
    TiffOptions, WriteImage, WriteSpec,
};

/// Opens and decodes all bands; panics become test failures naming the case. Returns the
/// outcome and how long it took.
fn try_decode(
    case: &str,
    bytes: Vec<u8>,
    limits: &Limits,
) -> (Result<usize, ImagingError>, Duration) {
    let start = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut r = imaging::open_reader(Cursor::new(bytes), limits)?;
        let info = r.info().clone();
        let mut total = 0;
        while let Some(band) = r.next_band()? {
            total += band.samples.len();
        }
        assert_eq!(
            total,
            info.width as usize * info.height as usize * info.channels.len(),
            "{case}"
        );
        Ok(total)
    }));
    let elapsed = start.elapsed();
    match outcome {
        Ok(result) => (result, elapsed),
        Err(_) => panic!("{case}: the decoder panicked"),
    }
}

fn must_fail(case: &str, bytes: Vec<u8>) -> ImagingError {
    let (result, elapsed) = try_decode(case, bytes, &Limits::default());
    assert!(elapsed < Duration::from_secs(1), "{case}: took {elapsed:?}");
    match result {
        Ok(_) => panic!("{case}: decoded a damaged file"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

fn channels(mode: ColorMode, spots: usize) -> Vec<ChannelInfo> {
    let names: &[&str] = match mode {
        ColorMode::Rgb => &["Red", "Green", "Blue"],
        ColorMode::Cmyk => &["Cyan", "Magenta", "Yellow", "Black"],
        _ => &[],
    };
    let mut c: Vec<ChannelInfo> = names
        .iter()
        .map(|n| ChannelInfo {
            name: (*n).into(),
            kind: ChannelKind::Process,
            color: None,
        })
        .collect();
    for i in 0..spots {
        c.push(ChannelInfo {
            name: format!("Spot {i}"),
            kind: ChannelKind::Spot,
            color: Some([1, 2, 3]),
        });
    }
    c
}

fn fixture(mode: ColorMode, spots: usize, depth: u8, width: u32, height: u32) -> WriteImage {
    let channels = channels(mode, spots);
    let n = (width * height) as usize * channels.len();
    let samples = if depth == 16 {
        Samples::U16((0..n).map(|i| (i * 2654435761 % 65536) as u16).collect())
    } else {
        Samples::U8((0..n).map(|i| ((i / 7) % 251) as u8).collect())
    };
    WriteImage {
        spec: WriteSpec {
            width,
            height,
            bit_depth: depth,
            color_mode: mode,
            dpi: 150.0,
            channels,
            layer_names: vec!["Layer".into()],
            icc_profile: Some(vec![7; 100]),
        },
        samples,
    }
}

fn tiff(img: &WriteImage, opts: TiffOptions) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_tiff(&mut out, img, &opts).expect("write");
    out.into_inner()
}

fn psd(img: &WriteImage, big: bool, rle: bool) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    imaging::write_psd(&mut out, img, big, rle).expect("write");
    out.into_inner()
}

/// Valid small files of every kind the writers make.
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let rgb = fixture(ColorMode::Rgb, 1, 8, 40, 30);
    let cmyk16 = fixture(ColorMode::Cmyk, 2, 16, 33, 21);
    let mut v = vec![
        ("tiff lzw".to_string(), tiff(&rgb, TiffOptions::default())),
        (
            "tiff tiled planar deflate".into(),
            tiff(
                &rgb,
                TiffOptions {
                    compression: TiffCompression::Deflate,
                    tiled: Some(16),
                    planar_separate: true,
                    ..TiffOptions::default()
                },
            ),
        ),
        (
            "bigtiff packbits".into(),
            tiff(
                &cmyk16,
                TiffOptions {
                    compression: TiffCompression::PackBits,
                    bigtiff: true,
                    ..TiffOptions::default()
                },
            ),
        ),
        (
            "tiff single strip".into(),
            tiff(
                &rgb,
                TiffOptions {
                    rows_per_strip: Some(30),
                    ..TiffOptions::default()
                },
            ),
        ),
    ];
    // Indexed colour: the palette entries' bands are read twice (see `indexed`).
    let indexed = imaging::IndexedImage {
        width: 37,
        height: 29,
        bit_depth: 4,
        dpi: 100.0,
        palette: (0..16).map(|i| [i * 16, 255 - i * 16, i * 7]).collect(),
        transparent: Some(2),
        indexes: (0..37 * 29).map(|i| ((i / 5) % 11) as u8).collect(),
    };
    let mut out = Cursor::new(Vec::new());
    imaging::write_indexed_tiff(&mut out, &indexed, &TiffOptions::default()).expect("write");
    v.push(("indexed tiff".into(), out.into_inner()));
    let mut out = Cursor::new(Vec::new());
    imaging::write_indexed_psd(&mut out, &indexed, false, true).expect("write");
    v.push(("indexed psd rle".into(), out.into_inner()));
    v.push(("psd rle".into(), psd(&rgb, false, true)));
    v.push(("psb raw 16-bit".into(), psd(&cmyk16, true, false)));
    v.push(("psb rle 16-bit".into(), psd(&cmyk16, true, true)));
    v
}

#[test]
fn truncated_files_fail_cleanly() {
    for (name, bytes) in fixtures() {
        let (ok, _) = try_decode(&name, bytes.clone(), &Limits::default());
        assert!(ok.is_ok(), "{name}: the intact file decodes");
        let len = bytes.len();
        let step = (len / 150).max(1);
        let mut cuts: Vec<usize> = (0..len).step_by(step).collect();
        cuts.extend([1, 7, 8, 25, 26, len - 1, len - 2]);
        for cut in cuts {
            let case = format!("{name} cut at {cut} of {len}");
            let (result, elapsed) = try_decode(&case, bytes[..cut].to_vec(), &Limits::default());
            assert!(elapsed < Duration::from_secs(1), "{case}: took {elapsed:?}");
            assert!(result.is_err(), "{case}: decoded");
        }
    }
}

#[test]
fn flipped_bytes_never_panic() {
    // A cheap deterministic fuzz: corrupt fixtures at pseudo-random places.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let start = Instant::now();
    for (name, bytes) in fixtures() {
        for round in 0..150 {
            let mut b = bytes.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % b.len() as u64) as usize;
                b[i] = next() as u8;
            }
            // Either outcome is fine; a panic or a hang is not.
            let (_, elapsed) = try_decode(&format!("{name} round {round}"), b, &Limits::default());
            assert!(elapsed < Duration::from_secs(1));
        }
    }
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn damaged_real_files_never_panic() {
    // The shared real files (Photoshop, libtiff, Pillow), with bytes flipped: JPEG, planar,
    // tiled, 16-bit and PSB paths meet damage they were not written for.
    let root =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/testdata");
    let Ok(dirs) = std::fs::read_dir(&root) else {
        eprintln!("skipped: no test data at {}", root.display());
        return;
    };
    let mut files: Vec<_> = dirs
        .flatten()
        .filter(|d| d.path().is_dir())
        .flat_map(|d| {
            std::fs::read_dir(d.path())
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
        })
        .filter(|p| p.extension().is_some_and(|e| e != "txt"))
        .collect();
    files.sort();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for path in files {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        if bytes.len() > 600_000 || bytes.is_empty() {
            continue;
        }
        for round in 0..12 {
            let mut b = bytes.clone();
            // Damage the header region more often: that is where the structure is.
            for _ in 0..1 + next() % 3 {
                let span = if round % 2 == 0 {
                    b.len().min(4096)
                } else {
                    b.len()
                };
                let i = (next() % span as u64) as usize;
                b[i] = next() as u8;
            }
            let case = format!("{} round {round}", path.display());
            let (_, elapsed) = try_decode(&case, b, &Limits::default());
            assert!(elapsed < Duration::from_secs(2), "{case}: took {elapsed:?}");
        }
    }
}

// --- hand-made TIFF headers --------------------------------------------------------------------

/// A little-endian classic TIFF with the given (tag, type, values) entries, then `data`.
/// Values that do not fit in the entry go after the IFD.
fn make_tiff(entries: &[(u16, u16, Vec<u32>)], data: &[u8]) -> Vec<u8> {
    let mut entries = entries.to_vec();
    entries.sort_by_key(|e| e.0);
    let ifd_at = 8 + data.len() as u32 + (data.len() % 2) as u32;
    let mut out = b"II*\0".to_vec();
    out.extend_from_slice(&ifd_at.to_le_bytes());
    out.extend_from_slice(data);
    if !data.len().is_multiple_of(2) {
        out.push(0);
    }
    let mut extra = Vec::new();
    let extra_at = ifd_at + 2 + 12 * entries.len() as u32 + 4;
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    for (tag, typ, values) in &entries {
        let mut bytes = Vec::new();
        for v in values {
            match typ {
                3 => bytes.extend_from_slice(&(*v as u16).to_le_bytes()),
                _ => bytes.extend_from_slice(&v.to_le_bytes()),
            }
        }
        out.extend_from_slice(&tag.to_le_bytes());
        out.extend_from_slice(&typ.to_le_bytes());
        out.extend_from_slice(&(values.len() as u32).to_le_bytes());
        if bytes.len() <= 4 {
            bytes.resize(4, 0);
            out.extend_from_slice(&bytes);
        } else {
            out.extend_from_slice(&(extra_at + extra.len() as u32).to_le_bytes());
            extra.extend_from_slice(&bytes);
        }
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&extra);
    out
}

/// A valid 100 x 100 gray image in one strip, with its entries editable.
fn gray_entries(
    width: u32,
    height: u32,
    spp: u32,
    compression: u32,
    offset: u32,
    count: u32,
) -> Vec<(u16, u16, Vec<u32>)> {
    vec![
        (256, 4, vec![width]),
        (257, 4, vec![height]),
        (258, 3, vec![8; spp as usize]),
        (259, 3, vec![compression]),
        (262, 3, vec![1]),
        (273, 4, vec![offset]),
        (277, 3, vec![spp]),
        (278, 4, vec![height]),
        (279, 4, vec![count]),
    ]
}

#[test]
fn the_tiff_builder_makes_valid_files() {
    let data = vec![128u8; 100 * 100];
    let bytes = make_tiff(&gray_entries(100, 100, 1, 1, 8, 10_000), &data);
    let (result, _) = try_decode("builder", bytes, &Limits::default());
    assert_eq!(result.expect("valid"), 10_000);
}

#[test]
fn one_bit_white_is_zero_tiff() {
    // 10 x 2 bilevel, WhiteIsZero: a set bit is black. Rows are padded to whole bytes.
    let mut entries = gray_entries(10, 2, 1, 1, 8, 4);
    entries[2] = (258, 3, vec![1]);
    entries[4] = (262, 3, vec![0]);
    let bytes = make_tiff(
        &entries,
        &[0b1010_0000, 0b0100_0000, 0b1111_1111, 0b1100_0000],
    );
    let mut r = imaging::open_reader(Cursor::new(bytes), &Limits::default()).expect("open");
    assert_eq!(r.info().color_mode, ColorMode::Bitmap);
    let px = imaging::read_all(r.as_mut()).expect("decode");
    let row0 = [0, 255, 0, 255, 255, 255, 255, 255, 255, 0];
    let row1 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(px, [row0, row1].concat());
}

#[test]
fn lying_tiff_headers_are_refused_before_allocating() {
    let data = vec![128u8; 100 * 100];
    let too_wide = make_tiff(&gray_entries(300_000, 100, 1, 1, 8, 10_000), &data);
    assert!(matches!(
        must_fail("width 300,000", too_wide),
        ImagingError::TooLarge(_)
    ));
    let huge = make_tiff(&gray_entries(30_000, 30_000, 1, 1, 8, 10_000), &data);
    assert!(matches!(
        must_fail("30,000 x 30,000 over the pixel limit", huge),
        ImagingError::TooLarge(_)
    ));
    let channels = make_tiff(&gray_entries(100, 100, 60, 1, 8, 10_000), &data);
    assert!(matches!(
        must_fail("60 channels", channels),
        ImagingError::TooLarge(_)
    ));
    let count = make_tiff(&gray_entries(100, 100, 1, 5, 8, 2_000_000_000), &data);
    assert!(matches!(
        must_fail("strip byte count of 2 GB", count),
        ImagingError::Corrupt(_)
    ));
    let offset = make_tiff(&gray_entries(100, 100, 1, 1, 4_000_000_000, 10_000), &data);
    assert!(matches!(
        must_fail("strip offset past the end", offset),
        ImagingError::Corrupt(_)
    ));
    let zero = make_tiff(&gray_entries(0, 100, 1, 1, 8, 10_000), &data);
    must_fail("width 0", zero);
    // Offsets array claiming a billion strips.
    let mut many = gray_entries(100, 100, 1, 1, 8, 10_000);
    many[7] = (278, 4, vec![1]);
    many.push((273, 4, vec![8; 3]));
    many.remove(5);
    must_fail("fewer offsets than strips", make_tiff(&many, &data));
    // The IFD itself past the end, or absurdly long.
    let mut bad_ifd = make_tiff(&gray_entries(100, 100, 1, 1, 8, 10_000), &data);
    bad_ifd[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    must_fail("IFD offset past the end", bad_ifd);
    let mut long_ifd = make_tiff(&gray_entries(100, 100, 1, 1, 8, 10_000), &data);
    let at = u32::from_le_bytes([long_ifd[4], long_ifd[5], long_ifd[6], long_ifd[7]]) as usize;
    long_ifd[at..at + 2].copy_from_slice(&u16::MAX.to_le_bytes());
    must_fail("65535 IFD entries", long_ifd);
}

#[test]
fn a_300000_pixel_side_is_refused_at_once() {
    // The header is all there is: a decoder that allocated first would need 90 GB.
    let bytes = make_tiff(&gray_entries(300_000, 300_000, 1, 1, 8, 10), &[0; 10]);
    let start = Instant::now();
    let err = imaging::open_reader(Cursor::new(bytes), &Limits::default())
        .err()
        .expect("refused");
    assert!(matches!(err, ImagingError::TooLarge(_)), "{err}");
    assert!(start.elapsed() < Duration::from_millis(50));
    // The same for a PSB header.
    let mut psb = b"8BPS\0\x02\0\0\0\0\0\0\0\x03".to_vec();
    psb.extend_from_slice(&300_000u32.to_be_bytes());
    psb.extend_from_slice(&300_000u32.to_be_bytes());
    psb.extend_from_slice(&[0, 8, 0, 3]);
    psb.extend_from_slice(&[0; 64]);
    let err = imaging::open_reader(Cursor::new(psb), &Limits::default())
        .err()
        .expect("refused");
    assert!(matches!(err, ImagingError::TooLarge(_)), "{err}");
}

/// A zlib stream of `gib` GiB of zeros, built from repeated deflate blocks so making it is cheap:
/// about 1 KB per MiB of output.
fn deflate_bomb(mib: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let zeros = vec![0u8; 1 << 20];
    let mut c = Compress::new(Compression::best(), true);
    let mut first = Vec::with_capacity(1 << 16);
    c.compress_vec(&zeros, &mut first, FlushCompress::Sync)
        .expect("compress");
    let mut repeat = Vec::with_capacity(1 << 16);
    c.compress_vec(&zeros, &mut repeat, FlushCompress::Sync)
        .expect("compress");
    let mut bomb = first;
    for _ in 1..mib {
        bomb.extend_from_slice(&repeat);
    }
    // A final empty block and the Adler-32 of all those zeros.
    bomb.extend_from_slice(&[0x03, 0x00]);
    let len = (mib as u64) << 20;
    let adler = ((len % 65521) << 16) | 1;
    bomb.extend_from_slice(&(adler as u32).to_be_bytes());
    bomb
}

#[test]
fn a_deflate_bomb_stops_at_the_strip_size() {
    let bomb = deflate_bomb(1024);
    assert!(bomb.len() < 3 << 20, "the bomb is small: {}", bomb.len());
    // Sanity: the stream really holds far more than the image needs.
    let mut d = flate2::Decompress::new(true);
    let mut buf = vec![0u8; 8 << 20];
    let _ = d.decompress(&bomb, &mut buf, flate2::FlushDecompress::None);
    assert_eq!(d.total_out(), 8 << 20);

    // Declared 100 x 100: the strip is inflated to its 10,000 bytes and no further.
    let entries = gray_entries(100, 100, 1, 8, 8, bomb.len() as u32);
    let start = Instant::now();
    let (result, _) = try_decode(
        "deflate bomb",
        make_tiff(&entries, &bomb),
        &Limits::default(),
    );
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
    // Either the zeros of the declared image, or refused for its implausible byte count.
    match result {
        Ok(n) => assert_eq!(n, 10_000),
        Err(e) => assert!(matches!(e, ImagingError::Corrupt(_)), "{e}"),
    }
    // A declared size the bomb does fit: the reader still inflates only what the image needs.
    let tall = gray_entries(2000, 2000, 1, 8, 8, bomb.len() as u32);
    let start = Instant::now();
    let (result, _) = try_decode(
        "deflate bomb, tall strip",
        make_tiff(&tall, &bomb),
        &Limits::default(),
    );
    assert_eq!(result.expect("the zeros of a 2000 x 2000 image"), 4_000_000);
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn an_lzw_bomb_stops_at_the_strip_size() {
    let zeros = vec![0u8; 4 << 20];
    let bomb = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
        .encode(&zeros)
        .expect("lzw");
    let entries = gray_entries(100, 100, 1, 5, 8, bomb.len() as u32);
    let (result, elapsed) = try_decode("lzw bomb", make_tiff(&entries, &bomb), &Limits::default());
    assert!(elapsed < Duration::from_secs(1));
    assert!(matches!(result, Ok(10_000) | Err(ImagingError::Corrupt(_))));
}

#[test]
fn band_memory_guard_refuses_giant_strips_that_cannot_stream() {
    // A tiled file whose one tile row is over the band budget.
    let img = fixture(ColorMode::Rgb, 0, 8, 64, 64);
    let bytes = tiff(
        &img,
        TiffOptions {
            tiled: Some(64),
            ..TiffOptions::default()
        },
    );
    let small = Limits {
        max_band_bytes: 4096,
        ..Limits::default()
    };
    let (result, _) = try_decode("tile over budget", bytes, &small);
    assert!(matches!(result, Err(ImagingError::TooLarge(_))));
}

// --- lying PSD headers -----------------------------------------------------------------------

#[test]
fn lying_psd_headers() {
    let img = fixture(ColorMode::Rgb, 1, 8, 40, 30);
    let good = psd(&img, false, true);
    let mut channels = good.clone();
    channels[12..14].copy_from_slice(&60u16.to_be_bytes());
    must_fail("PSD with 60 channels", channels);
    let mut wide = good.clone();
    wide[18..22].copy_from_slice(&300_000u32.to_be_bytes());
    assert!(matches!(
        must_fail("PSD 300,000 wide", wide),
        ImagingError::TooLarge(_)
    ));
    // 8-bit RLE rows said to be 32-bit floats: too short for the rows they claim.
    let mut depth = good.clone();
    depth[22..24].copy_from_slice(&32u16.to_be_bytes());
    assert!(matches!(
        must_fail("8-bit data said to be 32-bit", depth),
        ImagingError::Corrupt(_)
    ));
    let mut depth = good.clone();
    depth[22..24].copy_from_slice(&24u16.to_be_bytes());
    must_fail("24-bit PSD", depth);
    let mut resources = good.clone();
    // Image resources length (after the 26-byte header and 4-byte colour mode data length).
    resources[30..34].copy_from_slice(&u32::MAX.to_be_bytes());
    must_fail("image resources past the end", resources);

    // RLE row counts pointing outside the file: find the table after the compression word.
    let rows = 30 * 4;
    let table_at = good.len() - rle_data_len(&good, rows) - rows * 2;
    let mut counts = good.clone();
    for i in 0..rows {
        counts[table_at + 2 * i..table_at + 2 * i + 2].copy_from_slice(&200u16.to_be_bytes());
    }
    must_fail("RLE counts past the end", counts);
    let mut short = good.clone();
    for i in 0..rows {
        short[table_at + 2 * i..table_at + 2 * i + 2].copy_from_slice(&1u16.to_be_bytes());
    }
    must_fail("RLE counts too short for the rows", short);
}

#[test]
fn a_psd_whose_resource_lengths_claim_missing_bytes_is_refused() {
    // Krita's `vector.psd`: its ICC profile resource (1039) and the image resources section
    // both claim 2 bytes more than the file holds, so the layer and mask length is read 2 bytes
    // late and is impossible. psd-tools, Pillow, ImageMagick and GIMP refuse the file; finding
    // the sections again would mean guessing, so it stays damage.
    let img = fixture(ColorMode::Rgb, 1, 8, 40, 30);
    let good = psd(&img, false, true);
    let icc = good
        .windows(6)
        .position(|w| w == b"8BIM\x04\x0f")
        .expect("ICC profile resource");
    // Signature, id, empty name (2 bytes), size: the profile's bytes follow.
    let data = icc + 12;
    let mut short = good.clone();
    short.drain(data + 10..data + 12);
    let e = must_fail("2 bytes missing from a resource", short);
    let ImagingError::Corrupt(m) = e else {
        panic!("not damage: {e}");
    };
    assert!(
        m.contains("layer and mask information") && m.contains("past the end"),
        "{m}"
    );
}

/// Bytes of RLE data at the end of a PSD with `rows` rows: the sum of its row count table,
/// found by trying table positions from the end.
fn rle_data_len(file: &[u8], rows: usize) -> usize {
    for data_len in 0..file.len() - rows * 2 {
        let table_at = file.len() - data_len - rows * 2;
        let sum: usize = (0..rows)
            .map(|i| {
                usize::from(u16::from_be_bytes([
                    file[table_at + 2 * i],
                    file[table_at + 2 * i + 1],
                ]))
            })
            .sum();
        if sum == data_len && file[table_at - 2..table_at] == [0, 1] {
            return data_len;
        }
    }
    panic!("no RLE table found");
}

// --- not images ----------------------------------------------------------------------------

#[test]
fn a_png_renamed_tif_is_unknown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("design.tif");
    let mut png_bytes = Vec::new();
    {
        let mut e = png::Encoder::new(&mut png_bytes, 4, 4);
        e.set_color(png::ColorType::Rgb);
        e.write_header()
            .expect("png")
            .write_image_data(&[0; 48])
            .expect("png");
    }
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(&png_bytes))
        .expect("write");
    assert!(matches!(
        imaging::open(&path, &Limits::default()).err(),
        Some(ImagingError::UnknownFormat)
    ));
    assert!(matches!(
        imaging::read_info(&path, &Limits::default()),
        Err(ImagingError::UnknownFormat)
    ));
}

#[test]
fn empty_and_random_files() {
    assert!(matches!(
        must_fail("empty", Vec::new()),
        ImagingError::UnknownFormat
    ));
    let mut seed = 12345u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u8
    };
    for i in 0..300 {
        let len = 1 + (usize::from(next()) * 37 + i) % 3000;
        let mut b: Vec<u8> = (0..len).map(|_| next()).collect();
        // A third start like a TIFF, a third like a PSD, to get past the magic bytes.
        let magic: &[u8] = match i % 3 {
            0 => b"II*\0\x08\0\0\0",
            1 => b"8BPS\0\x01",
            _ => b"",
        };
        b.splice(0..0, magic.iter().copied());
        must_fail(&format!("random {i}"), b);
    }
}
