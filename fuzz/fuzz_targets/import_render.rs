//! The import's pipeline on one file, without the database and the store: the header check of
//! `accept_file` (`read_info`), then the worker's decode and renditions (`imaging::render`:
//! thumbnails, preview, palette, tile pyramid, and the masks of spot channels), into memory.
#![no_main]

use libfuzzer_sys::fuzz_target;

use imaging::render::MemorySink;
use imaging::{ColorwayPlan, RenditionPlan};

fuzz_target!(|data: &[u8]| {
    let Some(mut reader) = desen_fuzz::read_design(data) else {
        return;
    };
    let info = reader.info().clone();
    let plan = RenditionPlan {
        colorways: vec![ColorwayPlan { inks: None }],
        tiles: true,
        channel_masks: info.spot_channels().next().is_some(),
        ..RenditionPlan::default()
    };
    let sink = MemorySink::default();
    let _ = imaging::render(reader.as_mut(), &plan, &sink);
    let _ = imaging::color::file_inks(&info);
});
