//! Similar-search query pictures (`search::similar::picture_features`): JPEG, PNG, WebP or a
//! TIFF (composited as the archive shows it) through `imaging::photo::decode_picture`, then the
//! features `vision::extract` computes from it.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(image) = imaging::photo::decode_picture(data, desen_fuzz::PHOTO_PIXELS) {
        let _ = vision::extract(
            vision::Rgb {
                width: image.width,
                height: image.height,
                data: &image.data,
            },
            vision::QUERY_BUDGET,
        );
    }
});
