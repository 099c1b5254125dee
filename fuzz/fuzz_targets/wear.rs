//! Wear-model uploads (`wear::service::create`): garment photo, mask and optional shading and
//! displacement maps through `imaging::wear::prepare_wear`, then encoded as they are stored.
//! The parts are framed in one input (see `desen_fuzz::wear_parts`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(parts) = desen_fuzz::wear_parts(data) else {
        return;
    };
    let shading = data[0] & 1 != 0;
    let displacement = data[0] & 2 != 0;
    let mut parts = parts.into_iter();
    let (Some(garment), Some(mask)) = (parts.next(), parts.next()) else {
        return;
    };
    let shading = if shading { parts.next() } else { None };
    let displacement = if displacement { parts.next() } else { None };
    let Ok(images) = imaging::wear::prepare_wear_within(
        garment,
        mask,
        shading,
        displacement,
        desen_fuzz::PHOTO_PIXELS,
    ) else {
        return;
    };
    let _ = images.encode();
});
