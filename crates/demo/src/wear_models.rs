//! The demo's wear models: a dress, a shirt, a scarf and a cushion, drawn here as a garment photo
//! (light cloth on a studio backdrop), its mask, its shading (folds, pleats, the cushion's puff)
//! and, for the draped pieces, a displacement map, then added through the wear service exactly as
//! an admin's upload is (decoded, checked, re-encoded). Labelled "Apparel" or "Home" under a
//! "Wear models" label group.

use db::DbConnection;
use desen_core::{Language, UserGuid};
use imaging::encode::{encode_jpeg_image, encode_png_gray};
use imaging::resize::{GrayImage, RgbImage};
use std::f64::consts::TAU;
use storage::Storage;
use wear::service::{WearForm, WearUpload};

const W: u32 = 720;
const H: u32 = 960;
const BACKDROP: [f64; 3] = [236.0, 232.0, 224.0];
const CLOTH: [f64; 3] = [238.0, 236.0, 231.0];

/// One garment: where it is (a soft coverage 0 to 1), its light (180 neutral) and its drape.
struct Garment {
    names: [&'static str; 3],
    width_cm: f64,
    home: bool,
    cover: fn(f64, f64) -> f64,
    light: fn(f64, f64) -> f64,
    drape: Option<fn(f64, f64) -> f64>,
}

/// Coverage of a shape by its signed inside distance `d` (in image widths): soft over ~1.5 px.
fn soft(d: f64) -> f64 {
    (d * f64::from(W) / 1.5 + 0.5).clamp(0.0, 1.0)
}

fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t.clamp(0.0, 1.0)
}

fn dress_cover(u: f64, v: f64) -> f64 {
    if !(0.06..=0.95).contains(&v) {
        return 0.0;
    }
    let half = if v < 0.36 {
        lerp(0.16, 0.11, (v - 0.06) / 0.3)
    } else {
        lerp(0.11, 0.38, (v - 0.36) / 0.59)
    };
    let neck = 0.07 - (v - 0.06) * 0.9;
    let inside = (half - (u - 0.5).abs()).min(0.95 - v).min(v - 0.06);
    soft(inside) * if (u - 0.5).abs() < neck { 0.0 } else { 1.0 }
}

fn dress_light(u: f64, v: f64) -> f64 {
    let pleats = if v > 0.36 {
        let t = (v - 0.36) / 0.59;
        48.0 * t * (TAU * (u - 0.5) * 9.0 / (0.3 + t)).sin()
    } else {
        0.0
    };
    let half = if v < 0.36 {
        0.13
    } else {
        lerp(0.11, 0.38, (v - 0.36) / 0.59)
    };
    let edge = ((u - 0.5).abs() / half).powi(4).min(1.0);
    180.0 + pleats - 70.0 * edge
}

fn dress_drape(u: f64, v: f64) -> f64 {
    if v < 0.36 {
        return 128.0;
    }
    let t = (v - 0.36) / 0.59;
    128.0 + 90.0 * t * (TAU * (u - 0.5) * 9.0 / (0.3 + t)).cos()
}

/// Distance from `(u, v)` to the segment `a`–`b`.
fn to_segment(u: f64, v: f64, a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((u - a.0) * dx + (v - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((u - a.0 - t * dx).powi(2) + (v - a.1 - t * dy).powi(2)).sqrt()
}

fn shirt_cover(u: f64, v: f64) -> f64 {
    let torso = (0.21 - (u - 0.5).abs()).min(v - 0.16).min(0.93 - v);
    let sleeve = |a: (f64, f64), b: (f64, f64)| 0.075 - to_segment(u, v, a, b);
    let body = torso
        .max(sleeve((0.33, 0.22), (0.12, 0.55)))
        .max(sleeve((0.67, 0.22), (0.88, 0.55)));
    let collar = ((u - 0.5) / 0.07).powi(2) + ((v - 0.15) / 0.05).powi(2) < 1.0;
    if collar { 0.0 } else { soft(body) }
}

fn shirt_light(u: f64, v: f64) -> f64 {
    let placket = if (u - 0.5).abs() < 0.004 && v > 0.2 {
        -60.0
    } else {
        0.0
    };
    let creases =
        22.0 * (TAU * v * 14.0 + u * 3.0).sin() * (1.0 - ((u - 0.5).abs() / 0.21).min(1.0));
    180.0 + placket + creases - 50.0 * ((u - 0.5).abs() / 0.4).powi(6).min(1.0)
}

fn scarf_cover(u: f64, v: f64) -> f64 {
    let centre = 0.5 + 0.13 * (TAU * v * 0.8).sin();
    soft((0.15 - (u - centre).abs()).min(v - 0.03).min(0.97 - v))
}

fn scarf_light(u: f64, v: f64) -> f64 {
    180.0 + 42.0 * (TAU * (u * 0.8 + v) * 5.0).sin()
}

fn scarf_drape(u: f64, v: f64) -> f64 {
    128.0 + 80.0 * (TAU * (u * 0.8 + v) * 5.0).cos()
}

fn cushion_cover(u: f64, v: f64) -> f64 {
    let (x, y) = (
        (u - 0.5) / 0.42,
        (v - 0.5) / (0.42 * f64::from(W) / f64::from(H)),
    );
    soft((1.0 - (x.powi(4) + y.powi(4)).powf(0.25)) * 0.42)
}

fn cushion_light(u: f64, v: f64) -> f64 {
    let (x, y) = (
        (u - 0.5) / 0.42,
        (v - 0.5) / (0.42 * f64::from(W) / f64::from(H)),
    );
    let puff = 1.0 - (x * x + y * y).min(1.0);
    let pinch = (-((x.abs() - 1.0).powi(2) + (y.abs() - 1.0).powi(2)) * 18.0).exp();
    150.0 + 55.0 * puff - 70.0 * pinch
}

fn garments() -> [Garment; 4] {
    [
        Garment {
            names: ["Elbise", "Dress", "Платье"],
            width_cm: 110.0,
            home: false,
            cover: dress_cover,
            light: dress_light,
            drape: Some(dress_drape),
        },
        Garment {
            names: ["Gömlek", "Shirt", "Рубашка"],
            width_cm: 95.0,
            home: false,
            cover: shirt_cover,
            light: shirt_light,
            drape: None,
        },
        Garment {
            names: ["Eşarp", "Scarf", "Шарф"],
            width_cm: 85.0,
            home: false,
            cover: scarf_cover,
            light: scarf_light,
            drape: Some(scarf_drape),
        },
        Garment {
            names: ["Yastık", "Cushion", "Подушка"],
            width_cm: 60.0,
            home: true,
            cover: cushion_cover,
            light: cushion_light,
            drape: None,
        },
    ]
}

/// A map over the image, `f(u, v)` with `u`, `v` in 0..1 of the width and the height.
fn map(f: impl Fn(f64, f64) -> f64) -> Vec<f64> {
    (0..H)
        .flat_map(|y| (0..W).map(move |x| (x, y)))
        .map(|(x, y)| {
            f(
                (f64::from(x) + 0.5) / f64::from(W),
                (f64::from(y) + 0.5) / f64::from(H),
            )
        })
        .collect()
}

fn gray(values: &[f64]) -> GrayImage {
    GrayImage {
        width: W,
        height: H,
        data: values
            .iter()
            .map(|v| v.round().clamp(0.0, 255.0) as u8)
            .collect(),
    }
}

/// The upload an admin would send for `garment`: photo (JPEG), mask, shading, displacement (PNG).
fn upload(garment: &Garment) -> anyhow::Result<WearUpload> {
    let cover = map(garment.cover);
    let light = map(garment.light);
    let mut photo = RgbImage::new(W, H);
    for (i, px) in photo.data.chunks_exact_mut(3).enumerate() {
        let (y, c) = (i as u32 / W, cover[i]);
        // The backdrop darkens a little towards the floor.
        let floor = 1.0 - 0.08 * f64::from(y) / f64::from(H);
        for k in 0..3 {
            let cloth = CLOTH[k] * light[i] / 180.0;
            px[k] = (cloth * c + BACKDROP[k] * floor * (1.0 - c))
                .round()
                .clamp(0.0, 255.0) as u8;
        }
    }
    Ok(WearUpload {
        garment: Some(encode_jpeg_image(&photo, 92)?),
        mask: Some(encode_png_gray(&gray(
            &cover.iter().map(|c| c * 255.0).collect::<Vec<_>>(),
        ))?),
        shading: Some(encode_png_gray(&gray(&light))?),
        displacement: garment
            .drape
            .map(|d| encode_png_gray(&gray(&map(d))))
            .transpose()?,
    })
}

/// Adds the demo's wear models (none when the archive has models already).
pub fn seed(conn: &mut DbConnection, storage: &Storage, actor: &UserGuid) -> anyhow::Result<usize> {
    if !wear::service::all_models(conn, Language::En)?.is_empty() {
        return Ok(0);
    }
    let group = catalog::service::create_label(
        conn,
        ["Giyim modelleri", "Wear models", "Модели одежды"],
        None,
        true,
    )?;
    let apparel =
        catalog::service::create_label(conn, ["Giyim", "Apparel", "Одежда"], Some(group), false)?;
    let home = catalog::service::create_label(conn, ["Ev", "Home", "Дом"], Some(group), false)?;
    let all = garments();
    for (order, garment) in all.iter().enumerate() {
        let [tr, en, ru] = garment.names;
        wear::service::create(
            conn,
            storage,
            actor,
            WearForm {
                name_tr: Some(tr.into()),
                name_en: Some(en.into()),
                name_ru: Some(ru.into()),
                wear_order: Some(order as i32),
                width_cm: Some(garment.width_cm),
                label_ids: Some(vec![if garment.home { home } else { apparel }]),
                is_enabled: Some(true),
                upload: upload(garment)?,
            },
            Language::En,
        )?;
    }
    Ok(all.len())
}
