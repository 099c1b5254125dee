//! The names of every rendition and the thumbnail variants the product's URLs use
//! (`/design/thumbnail/{variant}/{design}/{colorway}`).
//!
//! | URL variant | sink name         | size            | how                          | used for                                   |
//! |-------------|-------------------|-----------------|------------------------------|--------------------------------------------|
//! | `d/v`       | `thumb/d-v.jpg`   | 360 x 480       | cover, cropped from top-left | desktop search card, portrait 3:4          |
//! | `d/h`       | `thumb/d-h.jpg`   | 480 x 360       | cover, cropped from top-left | desktop search card, landscape 4:3         |
//! | `m/h`       | `thumb/m-h.jpg`   | 240 x 180       | cover, cropped from top-left | mobile search card, landscape 4:3          |
//! | `c/d/h`     | `thumb/c-d-h.jpg` | fit in 1024x768 | whole design, no crop        | colorway strip / design page, landscape box |
//! | `c/d/v`     | `thumb/c-d-v.jpg` | fit in 768x1024 | whole design, no crop        | colorway strip / design page, portrait box  |
//! | —           | `preview.jpg`     | long side 2048  | whole design, area average   | the design page's main image               |
//!
//! - *Cover* variants always have exactly the listed size: the design is scaled (Lanczos3) until
//!   it covers the card and the overflow is cut on the right and bottom, so the card starts at
//!   the design's top-left corner — the origin of the repeat. A textile pattern repeats, so any
//!   window of it is a fair sample, and a card filled edge to edge reads better in a grid than a
//!   letterboxed one. A design smaller than the card is scaled up to fill it.
//! - *Fit* variants show the whole design (the colorway must be judged on all of it): the largest
//!   size with the design's aspect ratio inside the box, never larger than the preview (no
//!   upscaling), so their size varies; the report gives it.
//! - All are JPEG quality 85 with full chroma (4:4:4: thin ink lines keep their colour), made
//!   from the preview with a Lanczos3 filter; the preview is JPEG quality 85, 4:4:4 too.

/// How a thumbnail fills its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Exactly the box: scale to cover it, crop from the top-left corner.
    CoverTopLeft,
    /// Whole image inside the box, aspect kept, no upscaling.
    Contain,
}

/// One thumbnail variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThumbnailVariant {
    /// The URL segment(s): `d/v`, `c/d/h`, …
    pub variant: &'static str,
    /// The name handed to the [`crate::render::RenditionSink`].
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub fit: Fit,
}

/// Every thumbnail variant, in the order they are rendered and reported.
pub const THUMBNAILS: [ThumbnailVariant; 5] = [
    ThumbnailVariant {
        variant: "d/v",
        name: names::THUMB_D_V,
        width: 360,
        height: 480,
        fit: Fit::CoverTopLeft,
    },
    ThumbnailVariant {
        variant: "d/h",
        name: names::THUMB_D_H,
        width: 480,
        height: 360,
        fit: Fit::CoverTopLeft,
    },
    ThumbnailVariant {
        variant: "m/h",
        name: names::THUMB_M_H,
        width: 240,
        height: 180,
        fit: Fit::CoverTopLeft,
    },
    ThumbnailVariant {
        variant: "c/d/h",
        name: names::THUMB_C_D_H,
        width: 1024,
        height: 768,
        fit: Fit::Contain,
    },
    ThumbnailVariant {
        variant: "c/d/v",
        name: names::THUMB_C_D_V,
        width: 768,
        height: 1024,
        fit: Fit::Contain,
    },
];

/// The variant named by a URL segment (`"d/v"`, `"c/d/h"`, …).
pub fn thumbnail_variant(variant: &str) -> Option<&'static ThumbnailVariant> {
    THUMBNAILS.iter().find(|t| t.variant == variant)
}

/// The names renditions are handed to the sink under, in one place. Colorway renditions are
/// put with `Some(colorway index in the plan)`, design-level ones (masks) with `None`.
pub mod names {
    pub const THUMB_D_V: &str = "thumb/d-v.jpg";
    pub const THUMB_D_H: &str = "thumb/d-h.jpg";
    pub const THUMB_M_H: &str = "thumb/m-h.jpg";
    pub const THUMB_C_D_H: &str = "thumb/c-d-h.jpg";
    pub const THUMB_C_D_V: &str = "thumb/c-d-v.jpg";
    /// JPEG, long side 2048 (never upscaled).
    pub const PREVIEW: &str = "preview.jpg";
    /// The Deep Zoom descriptor; tiles are under [`TILES_DIR`].
    pub const DZI: &str = "tiles/image.dzi";
    /// Folder of the tiles, `{level}/{col}_{row}.jpg` inside.
    pub const TILES_DIR: &str = "tiles/image_files";

    /// `tiles/image_files/{level}/{col}_{row}.jpg`
    pub fn tile(level: u32, col: u32, row: u32) -> String {
        format!("{TILES_DIR}/{level}/{col}_{row}.jpg")
    }

    /// The tile a URL's `{level}/{col}_{row}.jpg` names, if it is one: nothing else of a
    /// request reaches the store.
    pub fn tile_named(level: u32, file: &str) -> Option<String> {
        let (col, row) = tile_position(file)?;
        Some(tile(level, col, row))
    }

    /// The `(column, row)` a tile's file name `{col}_{row}.jpg` names.
    pub fn tile_position(file: &str) -> Option<(u32, u32)> {
        let (col, row) = file.strip_suffix(".jpg")?.split_once('_')?;
        Some((col.parse().ok()?, row.parse().ok()?))
    }

    /// `masks/{index}.png`: coverage of the `index`-th spot channel (0-based, in file order
    /// among the spot channels, the order of [`crate::render::ColorwayPlan::inks`]), 8-bit gray
    /// PNG at the preview size, 0 = no ink, 255 = full ink.
    pub fn mask(index: usize) -> String {
        format!("masks/{index}.png")
    }
}

/// Where the gateway serves a colorway's renditions, in one place: every image URL the API
/// answers is built here. The last segment of the renditions' key is the URL's version: keys are
/// never rewritten, so browsers may keep such URLs for good.
pub mod urls {
    /// The version part of an image URL: the last segment of the renditions' key.
    pub fn version_of(renditions_key: &str) -> &str {
        renditions_key.rsplit('/').next().unwrap_or_default()
    }

    /// `/service/design/thumbnail/{variant}/{design}/{colorway}?v=…`, `variant` one of
    /// [`super::THUMBNAILS`].
    pub fn thumbnail(design: &str, colorway: &str, renditions_key: &str, variant: &str) -> String {
        let version = version_of(renditions_key);
        format!("/service/design/thumbnail/{variant}/{design}/{colorway}?v={version}")
    }

    /// `/service/design/preview/{design}/{colorway}?v=…`: [`super::names::PREVIEW`].
    pub fn preview(design: &str, colorway: &str, renditions_key: &str) -> String {
        let version = version_of(renditions_key);
        format!("/service/design/preview/{design}/{colorway}?v={version}")
    }

    /// `/service/design/tiles/{design}/{colorway}/{version}/image.dzi`: [`super::names::DZI`],
    /// with its tiles under `image_files/` beside it.
    pub fn tiles(design: &str, colorway: &str, renditions_key: &str) -> String {
        let version = version_of(renditions_key);
        format!("/service/design/tiles/{design}/{colorway}/{version}/image.dzi")
    }
}
