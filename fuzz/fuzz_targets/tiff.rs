//! The TIFF / BigTIFF reader of `imaging`, as an upload to the import reaches it: header and
//! IFD parsing, limits, strips and tiles, every compression, palette colour, extra samples.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Other formats only reach the sniffing, which every target covers: spend the time here.
    if !matches!(
        imaging::sniff(data),
        Some(imaging::FileFormat::Tiff | imaging::FileFormat::BigTiff)
    ) {
        return;
    }
    if let Some(mut reader) = desen_fuzz::read_design(data) {
        desen_fuzz::drain(reader.as_mut());
    }
});
