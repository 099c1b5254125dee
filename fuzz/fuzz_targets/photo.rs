//! Uploaded photos: mood-board images and collection covers (`collections::photos`) and banners
//! (`configuration::banners`) all go through `imaging::photo::photo_renditions`: JPEG, PNG or
//! WebP by content, size checked from the header, EXIF orientation, re-encoded as two JPEGs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = imaging::photo::photo_renditions(data, desen_fuzz::PHOTO_PIXELS) {
        assert!(r.width >= 1 && r.height >= 1);
        assert!(u64::from(r.width) * u64::from(r.height) <= desen_fuzz::PHOTO_PIXELS);
    }
});
