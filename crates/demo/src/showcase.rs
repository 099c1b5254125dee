//! The demo's shop window: a season's collection, shown as a banner atop the archive, with a mood
//! board and a design page, so that Boards shows what the studio curates on a first run. The mood
//! photos are made here from the demo's own colorway previews, draped as fabric in folds and
//! light, each tagged with the colorways it shows at the point where they show; the design page
//! has a group of chosen designs and a smart group (the newest open designs).

use anyhow::Context;
use collections::dto::GroupData;
use collections::service::{self, CollectionForm, TagForm, TagTarget};
use db::DbConnection;
use db::schema::{colorways, designs};
use desen_core::UserGuid;
use diesel::prelude::*;
use imaging::encode::{JPEG_QUALITY, encode_jpeg_image};
use imaging::photo::decode_photo;
use imaging::render::names::PREVIEW;
use imaging::resize::RgbImage;
use pools::PoolCriteria;
use storage::Storage;

/// Who the audit log names for what the demo seeds.
pub(crate) fn actor() -> UserGuid {
    UserGuid(uuid::Uuid::nil())
}

/// A colorway to show: its design, its number and name, where its renditions are.
struct Shown {
    design: String,
    colorway: String,
    renditions: String,
}

/// The first colorways of the first `n` open designs by number, two of each design.
fn shown_colorways(conn: &mut DbConnection, n: i64) -> anyhow::Result<Vec<Shown>> {
    let rows: Vec<(String, String, String, i32)> = designs::table
        .inner_join(colorways::table)
        .filter(designs::is_confined.eq(false))
        .filter(colorways::position.lt(2))
        .order((designs::number, colorways::position))
        .limit(n * 2)
        .select((
            designs::guid,
            colorways::guid,
            colorways::renditions_key,
            colorways::position,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(design, colorway, renditions, _)| Shown {
            design,
            colorway,
            renditions,
        })
        .collect())
}

/// Seeds the collection; the demo's designs must be in the archive.
pub fn seed(conn: &mut DbConnection, storage: &Storage) -> anyhow::Result<()> {
    let shown = shown_colorways(conn, 8)?;
    if shown.len() < 6 {
        return Ok(());
    }
    let fabric = |s: &Shown| -> anyhow::Result<RgbImage> {
        let bytes = storage
            .get(&format!("{}/{PREVIEW}", s.renditions))?
            .with_context(|| format!("the preview of colorway {}", s.colorway))?;
        Ok(decode_photo(&bytes, 40_000_000)?)
    };
    let actor = actor();
    let cover = drape(&[fabric(&shown[0])?, fabric(&shown[2])?], 900, 600, 0.9)?;
    let collection = service::create(
        conn,
        storage,
        &actor,
        CollectionForm {
            name: Some("Spring / Summer".into()),
            description: Some(
                "Light grounds and garden florals for the warm season, shown on fabric and as \
                 design pages."
                    .into(),
            ),
            is_active: Some(true),
            is_banner: Some(true),
            thumbnail: Some(cover),
            ..CollectionForm::default()
        },
    )?;
    let sub = |conn: &mut DbConnection, name: &str, description: &str, kind: &str| {
        let created = service::create(
            conn,
            storage,
            &actor,
            CollectionForm {
                parent: Some(collection.id),
                name: Some(name.into()),
                description: Some(description.into()),
                is_active: Some(true),
                ..CollectionForm::default()
            },
        )?;
        service::edit(
            conn,
            storage,
            &actor,
            CollectionForm {
                id: Some(created.id),
                kind: Some(kind.into()),
                ..CollectionForm::default()
            },
        )
    };

    let mood = sub(
        conn,
        "Garden party",
        "Fabrics of the season as they fall and fold.",
        "mood",
    )?;
    // Each photo drapes two colorways side by side; their tags point at the middle of each.
    for pair in [[0, 3], [4, 6], [2, 7]] {
        let [a, b] = pair.map(|i| &shown[i.min(shown.len() - 1)]);
        let photo = drape(&[fabric(a)?, fabric(b)?], 1600, 1067, 0.7)?;
        let image = service::add_image(conn, storage, &actor, mood.id, &photo)?;
        for (s, x) in [(a, 0.27), (b, 0.75)] {
            service::add_tag(
                conn,
                &actor,
                TagForm {
                    image: image.id,
                    target: TagTarget::Ids {
                        design: s.design.clone(),
                        colorway: s.colorway.clone(),
                    },
                    point: Some((x, 0.55)),
                },
            )?;
        }
    }

    let page = sub(
        conn,
        "Florals",
        "The season's florals, and the newest designs of the archive.",
        "design",
    )?;
    let mut chosen: Vec<String> = shown.iter().map(|s| s.design.clone()).collect();
    chosen.dedup();
    service::set_groups(
        conn,
        &actor,
        page.id,
        vec![
            GroupData {
                name: "Garden florals".into(),
                design_guids: chosen,
                criteria: None,
            },
            GroupData {
                name: "New in the archive".into(),
                design_guids: Vec::new(),
                criteria: Some(PoolCriteria {
                    results_per_page: 12,
                    ..PoolCriteria::default()
                }),
            },
        ],
    )?;
    Ok(())
}

/// A photo of `fabrics` hanging side by side (the seam a soft curve), in vertical folds lit from
/// the left, as a JPEG of `width` x `height`.
fn drape(fabrics: &[RgbImage], width: u32, height: u32, scale: f32) -> anyhow::Result<Vec<u8>> {
    let (w, h) = (width as usize, height as usize);
    let mut data = vec![0u8; w * h * 3];
    let folds = 5.5 * std::f32::consts::TAU / w as f32;
    for y in 0..h {
        let fy = y as f32 / h as f32;
        // Where the second fabric begins on this row: a seam that sways.
        let seam = w as f32 * (0.5 + 0.04 * (fy * 5.0).sin());
        for x in 0..w {
            let phase = x as f32 * folds + 0.8 * (fy * 3.0).sin();
            // A fold pulls the weave sideways and shades its far side.
            let sway = 18.0 * phase.sin();
            let light = 0.78 + 0.22 * phase.cos() - 0.12 * fy * fy;
            let fabric = &fabrics[usize::from(x as f32 >= seam) % fabrics.len()];
            let u = ((x as f32 + sway) / scale).rem_euclid(fabric.width as f32) as u32;
            let v =
                ((y as f32 + 4.0 * phase.cos()) / scale).rem_euclid(fabric.height as f32) as u32;
            let px = fabric.pixel(u.min(fabric.width - 1), v.min(fabric.height - 1));
            let at = (y * w + x) * 3;
            for c in 0..3 {
                data[at + c] = (px[c] as f32 * light).clamp(0.0, 255.0) as u8;
            }
        }
    }
    let photo = RgbImage {
        width,
        height,
        data,
    };
    Ok(encode_jpeg_image(&photo, JPEG_QUALITY)?)
}
