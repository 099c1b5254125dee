//! Wear models: a garment photo with the maps that dress it in a design, and the render of a
//! design's colorway on it at true scale.
//!
//! A model is its garment image (RGB), a **mask** (255 where the print goes, soft edges
//! allowed), a **shading** map (the light on the garment: [`SHADING_NEUTRAL`] leaves the print as
//! it is, darker folds darken it, highlights lighten it) and optionally a **displacement** map
//! (128 is flat; lighter or darker moves the print along the folds). All four have the garment's
//! size. The garment's real width in centimetres sets the scale: the print is drawn at the
//! design's own size in cm.

use rayon::prelude::*;

use crate::ImagingError;
use crate::encode::{JPEG_QUALITY, decode_png_gray, encode_jpeg_image, encode_png_gray};
use crate::photo::decode_photo;
use crate::repeat::{Placement, Repeat, Texture, place};
use crate::resize::{GrayImage, RgbImage, fit, fit_within, resize_lanczos};

/// The shading value that leaves the print as it is.
pub const SHADING_NEUTRAL: f64 = 180.0;
/// Long side a model is stored at (and the largest render).
pub const MODEL_LONG_SIDE: u32 = 2048;
/// Long side of a model's thumbnail.
pub const MODEL_THUMB_SIDE: u32 = 360;
/// At most this many pixels in an uploaded model image, checked before decoding.
pub const MAX_MODEL_PIXELS: u64 = 40_000_000;
/// The largest move displacement makes, as a share of the garment's width.
const DISPLACEMENT_SHARE: f64 = 0.012;

/// A wear model's images, all of the garment's size.
#[derive(Debug, Clone)]
pub struct WearImages {
    pub garment: RgbImage,
    pub mask: GrayImage,
    pub shading: GrayImage,
    pub displacement: Option<GrayImage>,
}

/// A model as stored: JPEG garment and thumbnail, PNG maps.
pub struct StoredWear {
    pub width: u32,
    pub height: u32,
    pub garment: Vec<u8>,
    pub thumb: Vec<u8>,
    pub mask: Vec<u8>,
    pub shading: Vec<u8>,
    pub displacement: Option<Vec<u8>>,
}

/// Which uploaded image was wrong, for the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WearPart {
    Garment,
    Mask,
    Shading,
    Displacement,
}

/// An uploaded model refused: the part, and why.
#[derive(Debug)]
pub struct WearUploadError {
    pub part: WearPart,
    pub error: ImagingError,
}

fn luminance(img: &RgbImage) -> GrayImage {
    GrayImage {
        width: img.width,
        height: img.height,
        data: img
            .data
            .chunks_exact(3)
            .map(|p| {
                ((u32::from(p[0]) * 299 + u32::from(p[1]) * 587 + u32::from(p[2]) * 114 + 500)
                    / 1000) as u8
            })
            .collect(),
    }
}

/// A gray map resized to `w x h` (Lanczos on three equal channels).
fn resize_gray(map: &GrayImage, w: u32, h: u32) -> Result<GrayImage, ImagingError> {
    if (map.width, map.height) == (w, h) {
        return Ok(map.clone());
    }
    let rgb = RgbImage {
        width: map.width,
        height: map.height,
        data: map.data.iter().flat_map(|v| [*v; 3]).collect(),
    };
    Ok(luminance(&resize_lanczos(&rgb, None, w, h)?))
}

/// The shading a garment photo implies when none is uploaded: its lightness inside the mask,
/// scaled so the garment's typical (median) lightness is neutral.
pub fn shading_from_garment(garment: &RgbImage, mask: &GrayImage) -> GrayImage {
    let light = luminance(garment);
    let mut inside: Vec<u8> = light
        .data
        .iter()
        .zip(&mask.data)
        .filter(|(_, m)| **m >= 128)
        .map(|(l, _)| *l)
        .collect();
    let median = if inside.is_empty() {
        255.0
    } else {
        let mid = inside.len() / 2;
        f64::from(*inside.select_nth_unstable(mid).1).max(1.0)
    };
    GrayImage {
        width: light.width,
        height: light.height,
        data: light
            .data
            .iter()
            .map(|l| {
                (f64::from(*l) / median * SHADING_NEUTRAL)
                    .round()
                    .clamp(0.0, 255.0) as u8
            })
            .collect(),
    }
}

/// Checks and decodes an uploaded model: the garment (JPEG, PNG or WebP), its mask, and
/// optionally its shading and displacement maps, each decoded by content (whatever the file is
/// called) and read as lightness. Maps are resized to the garment, which is kept at most
/// [`MODEL_LONG_SIDE`] on its long side. Nothing of the uploaded bytes is kept.
pub fn prepare_wear(
    garment: &[u8],
    mask: &[u8],
    shading: Option<&[u8]>,
    displacement: Option<&[u8]>,
) -> Result<WearImages, WearUploadError> {
    prepare_wear_within(garment, mask, shading, displacement, MAX_MODEL_PIXELS)
}

/// [`prepare_wear`] with another limit than [`MAX_MODEL_PIXELS`] on each uploaded image (the
/// fuzz targets use a smaller one).
pub fn prepare_wear_within(
    garment: &[u8],
    mask: &[u8],
    shading: Option<&[u8]>,
    displacement: Option<&[u8]>,
    max_pixels: u64,
) -> Result<WearImages, WearUploadError> {
    let fail = |part| move |error| WearUploadError { part, error };
    let garment = decode_photo(garment, max_pixels).map_err(fail(WearPart::Garment))?;
    let garment =
        fit(&garment, MODEL_LONG_SIDE, MODEL_LONG_SIDE).map_err(fail(WearPart::Garment))?;
    let (w, h) = (garment.width, garment.height);
    let map = |bytes: &[u8], part| -> Result<GrayImage, WearUploadError> {
        let img = decode_photo(bytes, max_pixels).map_err(fail(part))?;
        // A map for another picture (another shape) would dress the wrong places.
        let (aw, ah) = (f64::from(img.width), f64::from(img.height));
        if ((aw / ah) - (f64::from(w) / f64::from(h))).abs() > 0.02 * (f64::from(w) / f64::from(h))
        {
            return Err(WearUploadError {
                part,
                error: crate::Reason::new(
                    "wear_map_size",
                    format!("a {}x{} map for a {w}x{h} garment", img.width, img.height),
                )
                .with("map", format!("{}x{}", img.width, img.height))
                .with("garment", format!("{w}x{h}"))
                .into(),
            });
        }
        resize_gray(&luminance(&img), w, h).map_err(fail(part))
    };
    let mask = map(mask, WearPart::Mask)?;
    if mask.data.iter().all(|v| *v < 128) {
        return Err(WearUploadError {
            part: WearPart::Mask,
            error: crate::Reason::new("wear_no_printable_area", "a mask without a printable area")
                .into(),
        });
    }
    let shading = match shading {
        Some(bytes) => map(bytes, WearPart::Shading)?,
        None => shading_from_garment(&garment, &mask),
    };
    let displacement = displacement
        .map(|bytes| map(bytes, WearPart::Displacement))
        .transpose()?;
    Ok(WearImages {
        garment,
        mask,
        shading,
        displacement,
    })
}

impl WearImages {
    /// The files a model is stored as.
    pub fn encode(&self) -> Result<StoredWear, ImagingError> {
        let thumb = fit(&self.garment, MODEL_THUMB_SIDE, MODEL_THUMB_SIDE)?;
        Ok(StoredWear {
            width: self.garment.width,
            height: self.garment.height,
            garment: encode_jpeg_image(&self.garment, 90)?,
            thumb: encode_jpeg_image(&thumb, JPEG_QUALITY)?,
            mask: encode_png_gray(&self.mask)?,
            shading: encode_png_gray(&self.shading)?,
            displacement: self
                .displacement
                .as_ref()
                .map(encode_png_gray)
                .transpose()?,
        })
    }

    /// A stored model read back.
    pub fn decode(
        garment: &[u8],
        mask: &[u8],
        shading: &[u8],
        displacement: Option<&[u8]>,
    ) -> Result<WearImages, ImagingError> {
        Ok(WearImages {
            garment: decode_photo(garment, MAX_MODEL_PIXELS)?,
            mask: decode_png_gray(mask)?,
            shading: decode_png_gray(shading)?,
            displacement: displacement.map(decode_png_gray).transpose()?,
        })
    }

    /// The model at most `long_side` pixels on its long side (never enlarged).
    pub fn sized(&self, long_side: u32) -> Result<WearImages, ImagingError> {
        let (w, h) = fit_within(
            self.garment.width,
            self.garment.height,
            long_side,
            long_side,
        );
        if (w, h) == (self.garment.width, self.garment.height) {
            return Ok(self.clone());
        }
        Ok(WearImages {
            garment: resize_lanczos(&self.garment, None, w, h)?,
            mask: resize_gray(&self.mask, w, h)?,
            shading: resize_gray(&self.shading, w, h)?,
            displacement: self
                .displacement
                .as_ref()
                .map(|d| resize_gray(d, w, h))
                .transpose()?,
        })
    }
}

/// The design a wear render prints: its full size in pixels, its resolution, and its repeat.
#[derive(Debug, Clone, Copy)]
pub struct PrintSpec {
    pub full_size: (u32, u32),
    pub px_per_cm: f64,
    pub repeat: Repeat,
}

/// Where a wear render reads the design among `levels` (its pyramid's sizes, smallest first):
/// the level and the placement, for a model `garment_w` pixels wide drawn at `garment_width_cm`.
pub fn wear_placement(
    print: &PrintSpec,
    levels: &[(u32, u32)],
    garment_w: u32,
    garment_width_cm: f64,
) -> (u32, Placement) {
    let out_px_per_cm = f64::from(garment_w) / garment_width_cm.max(0.1);
    place(
        print.full_size.0,
        print.px_per_cm,
        levels,
        print.repeat,
        out_px_per_cm,
    )
}

/// The margin (output pixels) displacement can move the print by.
pub fn displacement_margin(model: &WearImages) -> f64 {
    if model.displacement.is_some() {
        (f64::from(model.garment.width) * DISPLACEMENT_SHARE).ceil() + 1.0
    } else {
        0.0
    }
}

/// The garment dressed in the design: inside the mask the print (moved by the displacement,
/// lit by the shading), outside it the garment photo, blended along the mask's soft edge.
pub fn render_wear(model: &WearImages, placement: &Placement, texture: &Texture) -> RgbImage {
    let (w, h) = (model.garment.width, model.garment.height);
    let amp = f64::from(w) * DISPLACEMENT_SHARE;
    let mut out = RgbImage::new(w, h);
    out.data
        .par_chunks_mut(w as usize * 3)
        .enumerate()
        .for_each(|(y, row)| {
            let y = y as u32;
            for x in 0..w {
                let i = (y * w + x) as usize;
                let garment = model.garment.pixel(x, y);
                let m = u32::from(model.mask.data[i]);
                let px = &mut row[x as usize * 3..x as usize * 3 + 3];
                if m == 0 {
                    px.copy_from_slice(&garment);
                    continue;
                }
                let d = model
                    .displacement
                    .as_ref()
                    .map_or(0.0, |d| (f64::from(d.data[i]) - 128.0) / 127.0 * amp);
                let print = placement.sample(texture, f64::from(x) + d, f64::from(y) + d);
                let light = f64::from(model.shading.data[i]) / SHADING_NEUTRAL;
                for c in 0..3 {
                    let lit = (f64::from(print[c]) * light).round().clamp(0.0, 255.0) as u32;
                    px[c] = ((lit * m + u32::from(garment[c]) * (255 - m) + 127) / 255) as u8;
                }
            }
        });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repeat::Shift;

    fn gray(w: u32, h: u32, f: impl Fn(u32, u32) -> u8) -> GrayImage {
        GrayImage {
            width: w,
            height: h,
            data: (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .map(|(x, y)| f(x, y))
                .collect(),
        }
    }

    /// A 1000 px garment 50 cm wide (20 px per cm), printable everywhere but a 100 px border,
    /// with a dark fold (shading 60) down the column band 500..520.
    fn model() -> WearImages {
        let (w, h) = (1000, 600);
        WearImages {
            garment: RgbImage {
                width: w,
                height: h,
                data: vec![200; (w * h * 3) as usize],
            },
            mask: gray(w, h, |x, y| {
                if (100..900).contains(&x) && (100..500).contains(&y) {
                    255
                } else {
                    0
                }
            }),
            shading: gray(w, h, |x, _| if (500..520).contains(&x) { 60 } else { 180 }),
            displacement: None,
        }
    }

    /// A design 10 cm wide at 20 px per cm (200 px): light, with a black marker column at x = 0.
    /// At 20 px per cm on the garment too, the full size is the level read.
    fn print_texture() -> (PrintSpec, Texture) {
        let (w, h) = (200u32, 200u32);
        let mut img = RgbImage::new(w, h);
        img.data.fill(240);
        for y in 0..h {
            let i = (y * w * 3) as usize;
            img.data[i..i + 3].fill(0);
        }
        (
            PrintSpec {
                full_size: (w, h),
                px_per_cm: 20.0,
                repeat: Repeat::STRAIGHT,
            },
            Texture::from_image(img),
        )
    }

    #[test]
    fn a_wear_render_keeps_the_shading_and_the_true_scale() {
        let model = model();
        let (print, texture) = print_texture();
        let (level, placement) = wear_placement(
            &print,
            &crate::tiles::level_sizes(200, 200),
            model.garment.width,
            50.0,
        );
        assert_eq!(
            (level, placement.level_size, placement.scale),
            (8, (200, 200), 1.0)
        );
        let render = render_wear(&model, &placement, &texture);
        // Outside the mask: the garment untouched.
        assert_eq!(render.pixel(50, 50), [200; 3]);
        // The fold stays dark: 240 * 60/180 = 80 against 240 beside it.
        let fold = render.pixel(510, 300)[0];
        let flat = render.pixel(480, 300)[0];
        assert!((75..=85).contains(&fold), "fold {fold}");
        assert!((235..=245).contains(&flat), "flat {flat}");
        // The markers are 10 cm apart: 200 px at 20 px per cm, measured on the render.
        let dark: Vec<u32> = (100..900)
            .filter(|x| render.pixel(*x, 300)[0] < 40)
            .collect();
        let starts: Vec<u32> = dark
            .iter()
            .copied()
            .filter(|x| !dark.contains(&(x - 1)))
            .collect();
        assert!(starts.len() >= 3, "{starts:?}");
        for pair in starts.windows(2) {
            assert!((199..=201).contains(&(pair[1] - pair[0])), "{starts:?}");
        }
    }

    #[test]
    fn displacement_moves_the_print_and_a_shift_repeats_on_the_garment() {
        let mut m = model();
        m.displacement = Some(gray(1000, 600, |x, _| if x >= 600 { 255 } else { 128 }));
        let (mut print, texture) = print_texture();
        print.repeat = Repeat {
            shift: Shift::Drop(0.5),
            mirror: false,
        };
        let (_, placement) =
            wear_placement(&print, &crate::tiles::level_sizes(200, 200), 1000, 50.0);
        let flat = render_wear(&model(), &placement, &texture);
        let moved = render_wear(&m, &placement, &texture);
        let marker =
            |img: &RgbImage, from: u32| (from..from + 200).find(|x| img.pixel(*x, 300)[0] < 40);
        // Left of 600 nothing moves; right of it the print moves left by the displacement.
        assert_eq!(marker(&flat, 150), marker(&moved, 150));
        let (a, b) = (
            marker(&flat, 650).expect("a marker"),
            marker(&moved, 650).expect("a marker"),
        );
        assert!(a > b && a - b <= 13, "{a} {b}");
    }

    #[test]
    fn an_uploaded_model_is_checked() {
        let png = |w: u32, h: u32, v: u8| {
            let img = gray(w, h, |_, _| v);
            encode_png_gray(&img).expect("encoded")
        };
        let garment = encode_jpeg_image(
            &RgbImage {
                width: 300,
                height: 200,
                data: vec![180; 300 * 200 * 3],
            },
            90,
        )
        .expect("encoded");
        let ok = prepare_wear(&garment, &png(600, 400, 255), None, None).expect("a good model");
        assert_eq!((ok.mask.width, ok.mask.height), (300, 200));
        // The derived shading makes the flat garment neutral.
        assert!(ok.shading.data.iter().all(|v| (178..=182).contains(v)));
        let wrong_shape =
            prepare_wear(&garment, &png(200, 200, 255), None, None).expect_err("refused");
        assert_eq!(wrong_shape.part, WearPart::Mask);
        let empty_mask =
            prepare_wear(&garment, &png(300, 200, 0), None, None).expect_err("refused");
        assert_eq!(empty_mask.part, WearPart::Mask);
        let not_an_image = prepare_wear(b"<svg onload=alert(1)>", &png(300, 200, 255), None, None)
            .expect_err("refused");
        assert_eq!(not_an_image.part, WearPart::Garment);
        assert!(matches!(not_an_image.error, ImagingError::UnknownFormat));
        let bad_shading = prepare_wear(&garment, &png(300, 200, 255), Some(b"GIF89a"), None)
            .expect_err("refused");
        assert_eq!(bad_shading.part, WearPart::Shading);
    }
}
