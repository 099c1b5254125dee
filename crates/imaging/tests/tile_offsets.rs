//! Tiled TIFFs whose tile offsets and byte counts are stored under the strip tags (StripOffsets
//! 273, StripByteCounts 279), as in Krita's `quad-tile.tif`. libtiff reads either pair for
//! either layout; we read the strip pair of a tiled file only when it cannot mean anything
//! else (no tile pair, one entry per tile in both), and refuse every other mix as damage.

mod common;

use std::io::Cursor;

use common::{build_tiff, decode_with, entry, refused};
use imaging::{
    ChannelInfo, ChannelKind, ColorMode, ImagingError, Limits, Samples, TiffOptions, WriteImage,
    WriteSpec,
};

const STRIP_OFFSETS: u16 = 273;
const STRIP_BYTE_COUNTS: u16 = 279;
const TILE_OFFSETS: u16 = 324;
const TILE_BYTE_COUNTS: u16 = 325;

/// 40 x 30 RGB: 3 x 2 tiles of 16, the last column and row partial.
fn rgb_image() -> WriteImage {
    let n = 40 * 30 * 3;
    WriteImage {
        spec: WriteSpec {
            width: 40,
            height: 30,
            bit_depth: 8,
            color_mode: ColorMode::Rgb,
            dpi: 300.0,
            channels: ["Red", "Green", "Blue"]
                .iter()
                .map(|n| ChannelInfo {
                    name: (*n).into(),
                    kind: ChannelKind::Process,
                    color: None,
                })
                .collect(),
            layer_names: vec![],
            icc_profile: None,
        },
        samples: Samples::U8((0..n).map(|i| ((i * 7 + i / 13) % 256) as u8).collect()),
    }
}

/// The image in LZW tiles of 16, by our writer (which uses the tile tags).
fn tiled(planar_separate: bool) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    let opts = TiffOptions {
        tiled: Some(16),
        planar_separate,
        ..TiffOptions::default()
    };
    imaging::write_tiff(&mut out, &rgb_image(), &opts).expect("write");
    out.into_inner()
}

/// Gives the entry of `from` the tag number `to` (the reader does not need the IFD sorted).
fn retag(bytes: &mut [u8], from: u16, to: u16) {
    let e = entry(bytes, from).unwrap_or_else(|| panic!("no tag {from}"));
    e[0..2].copy_from_slice(&to.to_le_bytes());
}

/// The tile pair moved to the strip tags, as Krita's file has it.
fn misfiled(mut bytes: Vec<u8>) -> Vec<u8> {
    retag(&mut bytes, TILE_OFFSETS, STRIP_OFFSETS);
    retag(&mut bytes, TILE_BYTE_COUNTS, STRIP_BYTE_COUNTS);
    bytes
}

fn decode(case: &str, bytes: Vec<u8>) -> Vec<u8> {
    match decode_with(bytes, &Limits::default()) {
        Ok((_, samples)) => samples,
        Err(e) => panic!("{case}: {e}"),
    }
}

fn damaged(case: &str, bytes: Vec<u8>) -> String {
    match refused(case, bytes) {
        ImagingError::Corrupt(m) => m,
        e => panic!("{case}: {e}"),
    }
}

/// Uncompressed RGB tiles of `tile` x `tile` (edge tiles padded, as the format wants), row of
/// tiles by row of tiles.
fn raw_tiles(samples: &[u8], w: usize, h: usize, tile: usize) -> Vec<Vec<u8>> {
    let mut tiles = Vec::new();
    for ty in (0..h).step_by(tile) {
        for tx in (0..w).step_by(tile) {
            let mut t = vec![0u8; tile * tile * 3];
            for y in ty..(ty + tile).min(h) {
                let row = &samples[(y * w + tx) * 3..(y * w + (tx + tile).min(w)) * 3];
                let at = (y - ty) * tile * 3;
                t[at..at + row.len()].copy_from_slice(row);
            }
            tiles.push(t);
        }
    }
    tiles
}

/// Krita's shape: TileWidth and TileLength, a RowsPerStrip, and the tiles listed in the strip
/// tags (which `build_tiff` adds for the chunks it is given).
fn krita_like(tiles: &[Vec<u8>], extra_tags: &[(u16, Vec<u32>)]) -> Vec<u8> {
    let mut tags = vec![
        (256, vec![40]),
        (257, vec![30]),
        (258, vec![8, 8, 8]),
        (259, vec![1]),
        (262, vec![2]),
        (277, vec![3]),
        (278, vec![16]),
        (322, vec![16]),
        (323, vec![16]),
    ];
    tags.extend_from_slice(extra_tags);
    build_tiff(&tags, tiles, &[])
}

fn samples() -> Vec<u8> {
    match rgb_image().samples {
        Samples::U8(s) => s,
        _ => unreachable!(),
    }
}

#[test]
fn tile_offsets_under_the_strip_tags_read_as_libtiff_reads_them() {
    let want = samples();
    for planar in [false, true] {
        let file = tiled(planar);
        assert!(decode("tile tags", file.clone()) == want, "planar {planar}");
        assert!(
            decode("strip tags", misfiled(file)) == want,
            "planar {planar}: the tiles listed in the strip tags read the same"
        );
    }
    let tiles = raw_tiles(&want, 40, 30, 16);
    assert!(decode("uncompressed, RowsPerStrip", krita_like(&tiles, &[])) == want);
}

#[test]
fn tile_tags_win_over_stray_strip_tags() {
    let want = samples();
    let tiles = raw_tiles(&want, 40, 30, 16);
    let offsets: Vec<u32> = (0..tiles.len() as u32).map(|i| 8 + i * 768).collect();
    let file = krita_like(
        &tiles,
        &[
            (TILE_OFFSETS, offsets),
            (TILE_BYTE_COUNTS, vec![768; 6]),
            // Nonsense in the strip tags is never read when the tile tags are there.
            (STRIP_OFFSETS, vec![1 << 30]),
            (STRIP_BYTE_COUNTS, vec![1 << 30]),
        ],
    );
    assert!(decode("both pairs", file) == want);
}

#[test]
fn strip_tags_that_do_not_fit_the_tiles_are_damage() {
    let want = samples();
    let tiles = raw_tiles(&want, 40, 30, 16);

    // One strip entry short of, or beyond, the 6 tiles: not a misfiled tile list.
    let m = damaged("5 entries for 6 tiles", krita_like(&tiles[..5], &[]));
    assert!(
        m.contains("without tile offsets") && m.contains("5 offsets") && m.contains("6 tiles"),
        "{m}"
    );
    let mut seven = tiles.clone();
    seven.push(vec![0; 768]);
    let m = damaged("7 entries for 6 tiles", krita_like(&seven, &[]));
    assert!(m.contains("7 offsets"), "{m}");
    // Only RowsPerStrip's 2 strips listed (the strip layout a reader might have guessed).
    let m = damaged(
        "2 strips",
        krita_like(&tiles, &[(STRIP_BYTE_COUNTS, vec![768, 768])]),
    );
    assert!(m.contains("2 byte counts"), "{m}");
    // Offsets without byte counts (the counts' entry given an unknown tag number).
    let mut no_counts = misfiled(tiled(false));
    retag(&mut no_counts, STRIP_BYTE_COUNTS, 65000);
    let m = damaged("no counts", no_counts);
    assert!(m.contains("0 byte counts"), "{m}");

    // A mix of the pairs: which list is which cannot be known.
    let mut mixed = tiled(false);
    retag(&mut mixed, TILE_OFFSETS, STRIP_OFFSETS);
    let m = damaged("StripOffsets and TileByteCounts", mixed);
    assert!(m.contains("no strip or tile offsets"), "{m}");

    // The right count, but an offset past the end of the file: damage as for tile tags.
    let mut far = krita_like(&tiles, &[]);
    let e = entry(&mut far, STRIP_OFFSETS).expect("StripOffsets");
    let table = u32::from_le_bytes(e[8..12].try_into().expect("4 bytes")) as usize;
    far[table + 4 * 5..table + 4 * 6].copy_from_slice(&(1u32 << 30).to_le_bytes());
    damaged("a tile past the end", far);
}
