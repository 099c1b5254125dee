//! The PSD / PSB reader of `imaging`, as an upload to the import reaches it: header, colour mode
//! data (palette), image resources (spot channel names and colours, transparency index), layer
//! names, and the composite's channels (raw or RLE, 1/8/16/32 bits).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if !matches!(
        imaging::sniff(data),
        Some(imaging::FileFormat::Psd | imaging::FileFormat::Psb)
    ) {
        return;
    }
    if let Some(mut reader) = desen_fuzz::read_design(data) {
        desen_fuzz::drain(reader.as_mut());
    }
});
