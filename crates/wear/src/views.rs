//! A colorway at scale: the fabric (75 or 150 cm wide, or a patch at print size), the repeated
//! plane's deep-zoom tiles and seams, and wear renders. Each reads the colorway's stored tile
//! pyramid at the level its scale needs, only the tiles it shows (`imaging::repeat`), never the
//! original file. The database is read first ([`shown_colorway`]); the pictures are made after,
//! without holding a connection.

use crate::cache::ViewCache;
use crate::dto::RepeatView;
use crate::error::WearError;
use crate::files;
use crate::model::WearModel;
use db::DbConnection;
use desen_core::Viewer;
use imaging::encode::{JPEG_QUALITY, TILE_JPEG_QUALITY, encode_jpeg_image, encode_jpeg_sampled};
use imaging::photo::decode_photo;
use imaging::render::names;
use imaging::repeat::{Placement, Repeat, Seams, Shift, Texture, check_seams, place};
use imaging::tiles::{TILE_SIZE, dzi_xml, level_sizes};
use imaging::wear::{PrintSpec, displacement_margin, render_wear, wear_placement};
use imaging::{ImagingError, RgbImage};
use std::sync::Arc;
use storage::Storage;

/// The longest side of a fabric view or print-size patch, in pixels.
pub const MAX_VIEW_SIDE: u32 = 4096;
/// The most pixels of a fabric view.
pub const MAX_VIEW_PIXELS: u64 = 12_000_000;
/// Long sides a wear render is made at.
pub const WEAR_SIZES: [u32; 3] = [512, 1024, 2048];

/// The colorway a view shows, with what its scale and repeat come from.
#[derive(Debug, Clone)]
pub struct Shown {
    pub design_guid: String,
    pub colorway_guid: String,
    pub renditions_key: String,
    /// The design's size in pixels.
    pub full: (u32, u32),
    pub px_per_cm: f64,
    /// The stored repeat (not mirrored).
    pub repeat: Repeat,
    /// Staff see the seam check.
    pub staff: bool,
    /// The preview's size; a colorway imported without tiles is read from its preview alone.
    pub preview: (u32, u32),
    pub tiled: bool,
}

impl Shown {
    fn print(&self, mirror: bool) -> PrintSpec {
        PrintSpec {
            full_size: self.full,
            px_per_cm: self.px_per_cm,
            repeat: self.repeat_as(mirror),
        }
    }

    fn repeat_as(&self, mirror: bool) -> Repeat {
        Repeat {
            mirror,
            ..self.repeat
        }
    }

    /// A short text naming the repeat, part of every URL and cache key of a view, so a repeat
    /// edited in the design modal is never served from an old picture.
    pub fn repeat_code(&self, mirror: bool) -> String {
        let share = |s: f64| (s * 10_000.0).round() as i64;
        let shift = match self.repeat.shift {
            Shift::None => "s".to_owned(),
            Shift::Drop(s) => format!("d{}", share(s)),
            Shift::Brick(s) => format!("b{}", share(s)),
        };
        if mirror { format!("{shift}m") } else { shift }
    }

    /// The version part of the repeated plane's URLs.
    pub fn repeat_version(&self, mirror: bool) -> String {
        format!(
            "{}-{}",
            imaging::render::urls::version_of(&self.renditions_key),
            self.repeat_code(mirror)
        )
    }
}

/// The colorway the viewer may see, with its design's size, resolution and repeat; "design not
/// found" otherwise (the same for one that does not exist).
pub fn shown_colorway(
    conn: &mut DbConnection,
    viewer: &Viewer,
    design: &str,
    colorway: &str,
) -> Result<Shown, WearError> {
    let (found, colorway) = catalog::service::shown_colorway(conn, viewer, design, colorway)?;
    let (w, h) = (found.width_px.max(1) as u32, found.height_px.max(1) as u32);
    let dpi = if found.dpi > 0.0 { found.dpi } else { 72.0 };
    Ok(Shown {
        design_guid: found.guid.clone(),
        colorway_guid: colorway.guid,
        renditions_key: colorway.renditions_key,
        full: (w, h),
        px_per_cm: dpi / 2.54,
        repeat: Repeat::of_design(
            &found.repeat_direction,
            &found.repeat_offset,
            found.repeat_offset_custom,
            w,
            h,
            false,
        ),
        staff: viewer.is_staff(),
        preview: (
            colorway.preview_width.max(1) as u32,
            colorway.preview_height.max(1) as u32,
        ),
        tiled: colorway.tile_levels > 0,
    })
}

impl Shown {
    /// The sizes of the levels a view may read, smallest first: the tile pyramid's, or the
    /// preview alone.
    fn levels(&self) -> Vec<(u32, u32)> {
        if self.tiled {
            level_sizes(self.full.0, self.full.1)
        } else {
            vec![self.preview]
        }
    }
}

/// A level of the colorway's pyramid with the `needed` tiles loaded (from memory when held).
fn texture(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    level: u32,
    size: (u32, u32),
    needed: &[(u32, u32)],
) -> Result<Texture, WearError> {
    let key = &shown.renditions_key;
    if !shown.tiled {
        let cache_key = format!("{key}/{}", names::PREVIEW);
        let preview = match cache.tiles.get(&cache_key) {
            Some(preview) => preview,
            None => {
                let bytes = storage.get(&cache_key)?.ok_or(WearError::DesignNotFound)?;
                let preview = Arc::new(decode_photo(&bytes, 1 << 24)?);
                cache
                    .tiles
                    .put(cache_key, preview.clone(), preview.data.len());
                preview
            }
        };
        return Ok(Texture::shared(preview));
    }
    Ok(Texture::load(size.0, size.1, needed, |col, row| {
        let name = names::tile(level, col, row);
        let cache_key = format!("{key}/{name}");
        if let Some(tile) = cache.tiles.get(&cache_key) {
            return Ok(tile);
        }
        let bytes = storage
            .get(&cache_key)
            .map_err(|e| ImagingError::Corrupt(format!("tile {name}: {e}")))?
            .ok_or_else(|| ImagingError::Corrupt(format!("tile {name} missing")))?;
        let tile = decode_photo(&bytes, 1 << 20)?;
        let bytes = tile.data.len();
        let tile = Arc::new(tile);
        cache.tiles.put(cache_key, tile.clone(), bytes);
        Ok(tile)
    })?)
}

/// What a fabric view asks for: fabric `width_cm` wide (75, 150, or a screen's width at print
/// size), `length_cm` long, drawn at `px_per_cm`.
#[derive(Debug, Clone, Copy)]
pub struct FabricAsk {
    pub width_cm: f64,
    pub length_cm: f64,
    pub px_per_cm: f64,
    pub mirror: bool,
}

impl FabricAsk {
    /// The picture's size, checked against the limits.
    pub fn size(&self) -> Result<(u32, u32), WearError> {
        let fine =
            |v: f64, range: std::ops::RangeInclusive<f64>| v.is_finite() && range.contains(&v);
        if !fine(self.width_cm, 1.0..=400.0) {
            return Err(WearError::InvalidForm("widthCm"));
        }
        if !fine(self.length_cm, 1.0..=1000.0) {
            return Err(WearError::InvalidForm("lengthCm"));
        }
        if !fine(self.px_per_cm, 0.5..=200.0) {
            return Err(WearError::InvalidForm("pxPerCm"));
        }
        let w = (self.width_cm * self.px_per_cm).round().max(1.0) as u32;
        let h = (self.length_cm * self.px_per_cm).round().max(1.0) as u32;
        if w > MAX_VIEW_SIDE || h > MAX_VIEW_SIDE || u64::from(w) * u64::from(h) > MAX_VIEW_PIXELS {
            return Err(WearError::ViewTooLarge(format!(
                "{w} x {h} px; at most {MAX_VIEW_SIDE} px a side and {MAX_VIEW_PIXELS} pixels"
            )));
        }
        Ok((w, h))
    }
}

/// The fabric: the colorway repeated from the left selvedge and the top, at the asked scale.
pub fn fabric(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    ask: &FabricAsk,
) -> Result<RgbImage, WearError> {
    let (w, h) = ask.size()?;
    let (level, placement) = place(
        shown.full.0,
        shown.px_per_cm,
        &shown.levels(),
        shown.repeat_as(ask.mirror),
        ask.px_per_cm,
    );
    let texture = texture(
        storage,
        cache,
        shown,
        level,
        placement.level_size,
        &placement.tiles_needed(w, h, 0.0),
    )?;
    Ok(placement.render(&texture, w, h))
}

pub fn fabric_jpeg(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    ask: &FabricAsk,
) -> Result<Vec<u8>, WearError> {
    Ok(encode_jpeg_image(
        &fabric(storage, cache, shown, ask)?,
        JPEG_QUALITY,
    )?)
}

/// The repeated plane's size in the design's pixels: `periods` copies across and down.
fn plane_size(shown: &Shown, mirror: bool) -> (u32, u32, u32) {
    let n = shown.repeat_as(mirror).periods_to_show();
    let (w, h) = shown.full;
    (n, w.saturating_mul(n), h.saturating_mul(n))
}

/// The repeated view: its plane's descriptor URL, where its copies are, and (staff) its seams.
pub fn repeat_view(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    mirror: bool,
) -> Result<RepeatView, WearError> {
    let (periods, _, _) = plane_size(shown, mirror);
    let repeat = shown.repeat_as(mirror);
    let (w, h) = shown.full;
    let seams = if shown.staff {
        Some(seams(storage, cache, shown, &repeat)?)
    } else {
        None
    };
    Ok(RepeatView {
        tiles: format!(
            "/service/design/repeat/{}/{}/{}/image.dzi",
            shown.design_guid,
            shown.colorway_guid,
            shown.repeat_version(mirror)
        ),
        periods,
        period_width: w,
        period_height: h,
        shift_direction: match repeat.shift {
            Shift::None => "none",
            Shift::Drop(_) => "drop",
            Shift::Brick(_) => "brick",
        }
        .to_owned(),
        shift_px: repeat.shift_px(w, h),
        mirror,
        seams,
    })
}

/// The seam check on the largest pyramid level at most 1024 px on its long side.
fn seams(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    repeat: &Repeat,
) -> Result<Seams, WearError> {
    let sizes = shown.levels();
    let (level, &(lw, lh)) = sizes
        .iter()
        .enumerate()
        .rev()
        .find(|(_, (w, h))| (*w).max(*h) <= 1024)
        .unwrap_or((0, &sizes[0]));
    let all: Vec<(u32, u32)> = (0..lh.div_ceil(TILE_SIZE))
        .flat_map(|r| (0..lw.div_ceil(TILE_SIZE)).map(move |c| (c, r)))
        .collect();
    let texture = texture(storage, cache, shown, level as u32, (lw, lh), &all)?;
    Ok(check_seams(&texture, repeat))
}

/// Whether a URL's version is the plane as it is now; answers `mirror` read from it.
pub fn mirror_of(version: &str) -> bool {
    version.ends_with('m')
}

/// The repeated plane's DZI descriptor.
pub fn repeat_descriptor(shown: &Shown, mirror: bool) -> String {
    let (_, vw, vh) = plane_size(shown, mirror);
    dzi_xml(vw, vh)
}

/// One tile of the repeated plane: the copies around it, read from the pyramid level of the
/// same scale, so zooming into a seam shows real pixels on both sides.
pub fn repeat_tile(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    mirror: bool,
    level: u32,
    col: u32,
    row: u32,
) -> Result<Vec<u8>, WearError> {
    let (_, vw, vh) = plane_size(shown, mirror);
    let virtual_levels = level_sizes(vw, vh);
    let &(level_w, level_h) = virtual_levels
        .get(level as usize)
        .ok_or(WearError::DesignNotFound)?;
    let (x0, y0) = (col.saturating_mul(TILE_SIZE), row.saturating_mul(TILE_SIZE));
    if x0 >= level_w || y0 >= level_h {
        return Err(WearError::DesignNotFound);
    }
    let (tw, th) = ((level_w - x0).min(TILE_SIZE), (level_h - y0).min(TILE_SIZE));
    // The design's level at the plane level's scale.
    let source_levels = shown.levels();
    let top = source_levels.len() as i64 - 1;
    let k = (i64::from(level) - (virtual_levels.len() as i64 - 1) + top).clamp(0, top) as u32;
    let (lw, lh) = source_levels[k as usize];
    let scale = (f64::from(lw) / f64::from(shown.full.0)) / (f64::from(level_w) / f64::from(vw));
    let placement = Placement {
        repeat: shown.repeat_as(mirror),
        level_size: (lw, lh),
        scale,
        origin: (f64::from(x0) * scale, f64::from(y0) * scale),
    };
    let texture = texture(
        storage,
        cache,
        shown,
        k,
        (lw, lh),
        &placement.tiles_needed(tw, th, 0.0),
    )?;
    let tile = placement.render(&texture, tw, th);
    Ok(encode_jpeg_sampled(
        &tile.data,
        tile.width,
        tile.height,
        TILE_JPEG_QUALITY,
        true,
    )?)
}

/// Where a wear render is kept once made: under the model's files (deleted with it), by the
/// colorway's renditions (a re-import makes new ones) and the repeat.
fn render_key(shown: &Shown, model: &WearModel, size: u32) -> String {
    format!(
        "cache/{}/{}/{}-{size}.jpg",
        model.image_key,
        shown.renditions_key,
        shown.repeat_code(false)
    )
}

/// The colorway worn by the model, `size` pixels on the long side, made once and kept.
pub fn wear_render(
    storage: &Storage,
    cache: &ViewCache,
    shown: &Shown,
    model: &WearModel,
    size: u32,
) -> Result<Vec<u8>, WearError> {
    if !WEAR_SIZES.contains(&size) {
        return Err(WearError::InvalidForm("size"));
    }
    let key = render_key(shown, model, size);
    if let Some(bytes) = storage.get(&key)? {
        return Ok(bytes);
    }
    let sized_key = format!("{}@{size}", model.image_key);
    let images = match cache.models.get(&sized_key) {
        Some(images) => images,
        None => {
            let images =
                files::load(storage, &model.image_key, model.has_displacement)?.sized(size)?;
            let bytes = images.garment.data.len() * 2 + images.mask.data.len() * 2;
            let images = Arc::new(images);
            cache.models.put(sized_key, images.clone(), bytes);
            images
        }
    };
    let (w, h) = (images.garment.width, images.garment.height);
    let (level, placement) =
        wear_placement(&shown.print(false), &shown.levels(), w, model.width_cm);
    let texture = texture(
        storage,
        cache,
        shown,
        level,
        placement.level_size,
        &placement.tiles_needed(w, h, displacement_margin(&images)),
    )?;
    let jpeg = encode_jpeg_image(&render_wear(&images, &placement, &texture), 88)?;
    storage.put(&key, jpeg.clone())?;
    Ok(jpeg)
}
