//! The rules of the archive's designs. Every function takes `&mut DbConnection` so that callers
//! (the import pipeline above all) compose them in one transaction.

use crate::disclosure;
pub use crate::dto::DesignEdit;
use crate::dto::*;
use crate::error::CatalogError;
use crate::model::*;
use crate::repo;
use crate::swatch_index;
use crate::visibility::{Scope, scope_of};
use chrono::NaiveDateTime;
use db::DbConnection;
use desen_core::{
    ColorwayGuid, CustomerGuid, DesignGuid, Language, Page, PageRequest, Viewer, slug, time,
};
use imaging::render::{THUMBNAILS, urls};
use std::collections::{BTreeMap, HashMap};
use storage::Storage;

/// Limits of the free-text fields of the design edit.
const MAX_TEXT: usize = 200;
const MAX_NOTES: usize = 4000;

// ---- lookups ----------------------------------------------------------------------------------

pub fn archives(
    conn: &mut DbConnection,
    language: Language,
) -> Result<Vec<ArchiveAnswer>, CatalogError> {
    Ok(repo::all_archives(conn)?
        .into_iter()
        .map(|archive| ArchiveAnswer {
            archive_id: archive.id,
            archive_name: archive.name_in(language).to_owned(),
            code: archive.code.clone(),
        })
        .collect())
}

pub fn labels(
    conn: &mut DbConnection,
    language: Language,
) -> Result<Vec<LabelAnswer>, CatalogError> {
    Ok(repo::all_labels(conn)?
        .iter()
        .map(|label| label_answer(label, language))
        .collect())
}

fn label_answer(label: &Label, language: Language) -> LabelAnswer {
    let name = label.name_in(language);
    LabelAnswer {
        id: label.id,
        label: name.to_owned(),
        label_sef: slug(name),
        group_id: label.group_id,
        is_group_header: label.is_group_header,
        label_count: None,
    }
}

/// An archive by code, created with these names if it does not exist yet.
pub fn ensure_archive(
    conn: &mut DbConnection,
    code: &str,
    names: [&str; 3],
) -> Result<Archive, CatalogError> {
    if let Some(archive) = repo::archive_by_code(conn, code)? {
        return Ok(archive);
    }
    let [name_tr, name_en, name_ru] = names;
    let id = repo::insert_archive(
        conn,
        &NewArchive {
            code,
            name_tr,
            name_en,
            name_ru,
            next_number: 1,
            created_at: time::now(),
        },
    )?;
    repo::archive_by_id(conn, id)?.ok_or(CatalogError::ArchiveNotFound)
}

/// Finds an archive by numeric id or by code or by a name in any language.
pub fn find_archive(conn: &mut DbConnection, key: &str) -> Result<Archive, CatalogError> {
    let key = key.trim();
    let archives = repo::all_archives(conn)?;
    archives
        .into_iter()
        .find(|a| {
            a.id.to_string() == key
                || a.code == key
                || a.names().iter().any(|n| n.eq_ignore_ascii_case(key))
        })
        .ok_or(CatalogError::ArchiveNotFound)
}

pub fn archive(conn: &mut DbConnection, id: i32) -> Result<Archive, CatalogError> {
    repo::archive_by_id(conn, id)?.ok_or(CatalogError::ArchiveNotFound)
}

pub fn create_label(
    conn: &mut DbConnection,
    names: [&str; 3],
    group_id: Option<i32>,
    is_group_header: bool,
) -> Result<i32, CatalogError> {
    let [name_tr, name_en, name_ru] = names;
    if names
        .iter()
        .any(|n| n.trim().is_empty() || n.len() > MAX_TEXT)
    {
        return Err(CatalogError::InvalidForm("label"));
    }
    Ok(repo::insert_label(
        conn,
        &NewLabel {
            group_id,
            is_group_header,
            name_tr,
            name_en,
            name_ru,
            created_at: time::now(),
        },
    )?)
}

// ---- numbers ----------------------------------------------------------------------------------

/// The next `count` design numbers of an archive's sequence (`01-0559`), reserved at once so
/// two imports never hand out the same number. Numbers already taken by hand are skipped.
pub fn reserve_numbers(
    conn: &mut DbConnection,
    archive_id: i32,
    count: usize,
) -> Result<Vec<String>, CatalogError> {
    let archive = archive(conn, archive_id)?;
    let mut numbers = Vec::with_capacity(count);
    while numbers.len() < count {
        let wanted =
            i32::try_from(count - numbers.len()).map_err(|_| CatalogError::InvalidForm("count"))?;
        let first = repo::take_numbers(conn, archive_id, wanted)?;
        for n in first..first + wanted {
            let number = format!("{}-{n:04}", archive.code);
            if !repo::number_taken(conn, &number)? {
                numbers.push(number);
            }
        }
    }
    Ok(numbers)
}

/// Colorway names in order: VR-1, VR-2, ...
pub fn colorway_name(position: usize) -> String {
    format!("VR-{}", position + 1)
}

// ---- adding designs ---------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct NewChannel {
    pub name: String,
    pub color: String,
    pub mask_key: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NewColorway {
    pub name: String,
    pub inks: Vec<String>,
    pub source_key: Option<String>,
    pub source_name: String,
    pub source_hash: Option<String>,
    pub renditions_key: String,
    pub preview_size: (i32, i32),
    pub tile_levels: i32,
    /// Pixel size per thumbnail variant.
    pub thumbnails: BTreeMap<String, (u32, u32)>,
    pub palette: Vec<NewPaletteColor>,
}

#[derive(Debug, Clone)]
pub struct NewPaletteColor {
    pub lab: [f64; 3],
    pub rgb: String,
    pub share: f64,
}

#[derive(Debug, Clone)]
pub struct NewDesign {
    pub number: String,
    pub archive_id: i32,
    pub design_type: DesignType,
    pub layer_count: i32,
    pub width_px: i32,
    pub height_px: i32,
    pub dpi: f64,
    pub color_mode: String,
    pub bit_depth: i32,
    pub original_name: String,
    pub channels: Vec<NewChannel>,
    pub colorways: Vec<NewColorway>,
    pub uploaded_at: NaiveDateTime,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AddedDesign {
    pub guid: String,
    pub number: String,
    /// (guid, name) of each colorway in order.
    pub colorways: Vec<(String, String)>,
}

/// Adds a design with its channels and colorways, all or nothing.
pub fn add_design(conn: &mut DbConnection, new: NewDesign) -> Result<AddedDesign, CatalogError> {
    conn.transaction(|conn| add_design_now(conn, new))
}

fn add_design_now(conn: &mut DbConnection, new: NewDesign) -> Result<AddedDesign, CatalogError> {
    if repo::number_taken(conn, &new.number)? {
        return Err(CatalogError::DuplicateNumber(new.number));
    }
    archive(conn, new.archive_id)?;
    let id = DesignGuid::new();
    let guid = id.to_string();
    let channel_count = i32::try_from(new.channels.len()).unwrap_or(i32::MAX);
    repo::insert_design(
        conn,
        &Design {
            guid: guid.clone(),
            number: new.number.clone(),
            archive_id: new.archive_id,
            design_type: new.design_type.as_str().to_owned(),
            screen_status: ScreenStatus::NotEngraved.as_str().to_owned(),
            channel_count,
            layer_count: new.layer_count,
            is_confined: false,
            customer_guid: None,
            studio: String::new(),
            notes: String::new(),
            original_name: new.original_name.clone(),
            owned_extra: false,
            width_px: new.width_px,
            height_px: new.height_px,
            dpi: new.dpi,
            color_mode: new.color_mode.clone(),
            bit_depth: new.bit_depth,
            repeat_direction: RepeatDirection::None.as_str().to_owned(),
            repeat_offset: RepeatOffset::None.as_str().to_owned(),
            repeat_offset_custom: None,
            closed_countries: String::new(),
            uploaded_at: new.uploaded_at,
            edited_at: new.uploaded_at,
        },
    )?;
    repo::insert_parameters(
        conn,
        &DesignParameters {
            design_guid: guid.clone(),
            ..Default::default()
        },
    )?;
    for (position, channel) in new.channels.iter().enumerate() {
        repo::insert_channel(
            conn,
            &DesignChannel {
                design_guid: guid.clone(),
                position: position as i32,
                name: channel.name.clone(),
                color: channel.color.clone(),
                mask_key: channel.mask_key.clone(),
            },
        )?;
    }
    let palette: Vec<([f64; 3], f64)> = new
        .colorways
        .iter()
        .flat_map(|c| c.palette.iter().map(|color| (color.lab, color.share)))
        .collect();
    let mut added = Vec::with_capacity(new.colorways.len());
    for (position, colorway) in new.colorways.into_iter().enumerate() {
        let colorway_guid = uuid::Uuid::new_v4().to_string();
        repo::insert_colorway(
            conn,
            &Colorway {
                guid: colorway_guid.clone(),
                design_guid: guid.clone(),
                name: colorway.name.clone(),
                position: position as i32,
                inks: serde_json::to_string(&colorway.inks).unwrap_or_else(|_| "[]".into()),
                source_key: colorway.source_key,
                source_name: colorway.source_name,
                source_hash: colorway.source_hash,
                renditions_key: colorway.renditions_key,
                preview_width: colorway.preview_size.0,
                preview_height: colorway.preview_size.1,
                tile_levels: colorway.tile_levels,
                thumbnails: serde_json::to_string(&colorway.thumbnails)
                    .unwrap_or_else(|_| "{}".into()),
                created_at: new.uploaded_at,
            },
        )?;
        for (i, color) in colorway.palette.iter().enumerate() {
            repo::insert_color(
                conn,
                &ColorwayColor {
                    colorway_guid: colorway_guid.clone(),
                    position: i as i32,
                    l: color.lab[0],
                    a: color.lab[1],
                    b: color.lab[2],
                    rgb: color.rgb.clone(),
                    share: color.share,
                    design_guid: guid.clone(),
                    bin: desen_core::color::lab_bin(color.lab),
                },
            )?;
        }
        added.push((colorway_guid, colorway.name));
    }
    swatch_index::index_design(conn, &guid, &palette)?;
    pools::service::refresh_design(conn, &id)?;
    collections::service::refresh_design(conn, &guid)?;
    Ok(AddedDesign {
        guid,
        number: new.number,
        colorways: added,
    })
}

/// The design number and colorway that already hold a production file with this content hash.
pub fn existing_file(
    conn: &mut DbConnection,
    content_hash: &str,
) -> Result<Option<String>, CatalogError> {
    Ok(repo::colorway_by_source_hash(conn, content_hash)?
        .map(|(number, colorway)| format!("{number}/{colorway}")))
}

pub fn add_order(
    conn: &mut DbConnection,
    design: &DesignGuid,
    customer: Option<&CustomerGuid>,
    amount: f64,
    order_type: &str,
    ordered_at: NaiveDateTime,
) -> Result<(), CatalogError> {
    let order = DesignOrder {
        id: uuid::Uuid::new_v4().to_string(),
        design_guid: design.to_string(),
        customer_guid: customer.map(CustomerGuid::to_string),
        amount,
        order_type: order_type.to_owned(),
        ordered_at,
    };
    conn.transaction(|conn| {
        repo::insert_order(conn, &order)?;
        usage::funnel::count(conn, &[order_step(&order, 1)])
    })?;
    Ok(())
}

/// An order as the funnel's last step: counted (1) or, with its design deleted, taken back (-1).
fn order_step(order: &DesignOrder, n: i64) -> usage::funnel::StepTick {
    usage::funnel::StepTick {
        step: usage::funnel::Step::Order,
        design: order.design_guid.clone(),
        company: order.customer_guid.clone(),
        at: order.ordered_at,
        n,
    }
}

// ---- reading ----------------------------------------------------------------------------------

fn colorway_images(colorway: &Colorway) -> ColorwayImages {
    let (design, guid, key) = (
        &colorway.design_guid,
        &colorway.guid,
        &colorway.renditions_key,
    );
    ColorwayImages {
        thumbnails: THUMBNAILS
            .iter()
            .map(|t| {
                (
                    t.variant.to_owned(),
                    urls::thumbnail(design, guid, key, t.variant),
                )
            })
            .collect(),
        preview: urls::preview(design, guid, key),
        preview_width: colorway.preview_width,
        preview_height: colorway.preview_height,
        tiles: urls::tiles(design, guid, key),
    }
}

fn colorway_header(
    conn: &mut DbConnection,
    colorway: &Colorway,
    channels: &[DesignChannel],
    fields: &disclosure::DesignFields,
) -> Result<ColorwayHeader, CatalogError> {
    let inks: Vec<String> = serde_json::from_str(&colorway.inks).unwrap_or_default();
    let colorizables = channels
        .iter()
        .zip(inks)
        .map(|(channel, color)| Colorizable {
            channel: channel.position,
            name: channel.name.clone(),
            color,
        })
        .collect();
    let palette = repo::colors_of(conn, &colorway.guid)?
        .into_iter()
        .map(|c| PaletteColor {
            rgb: c.rgb,
            l: c.l,
            a: c.a,
            b: c.b,
            share: c.share,
        })
        .collect();
    Ok(ColorwayHeader {
        colorway_guid: colorway.guid.clone(),
        design_guid: colorway.design_guid.clone(),
        colorway_name: colorway.name.clone(),
        colorizables,
        source_name: fields.original_name.then(|| colorway.source_name.clone()),
        palette,
        images: colorway_images(colorway),
    })
}

/// The design header for `viewer`; a design they may not see is "not found", like a missing one.
pub fn design_header(
    conn: &mut DbConnection,
    viewer: &Viewer,
    recognizer: &str,
    language: Language,
) -> Result<DesignHeader, CatalogError> {
    let scope = scope_of(conn, viewer)?;
    let design = repo::visible_design(conn, &scope, recognizer.trim())?
        .ok_or(CatalogError::DesignNotFound)?;
    let fields = disclosure::fields_for(conn, viewer)?;
    let archive = archive(conn, design.archive_id)?;
    let channels = repo::channels_of(conn, &design.guid)?;
    let colorways = repo::colorways_of(conn, &design.guid)?
        .iter()
        .map(|colorway| colorway_header(conn, colorway, &channels, &fields))
        .collect::<Result<Vec<_>, _>>()?;
    let labels = repo::labels_of(conn, &design.guid)?
        .iter()
        .map(|label| label_answer(label, language))
        .collect();
    let customer = match &design.customer_guid {
        Some(guid) => repo::customer_name(conn, guid)?.map(|name| CustomerRef {
            customer_guid: guid.clone(),
            customer_name: name,
        }),
        None => None,
    };
    let parameters = repo::parameters_of(conn, &design.guid)?;
    let whose = disclosure::orders_of_whom(viewer);
    let orders = match whose {
        // A user without a company has no orders of their own.
        Some(None) => Vec::new(),
        Some(Some(customer)) => repo::orders_of(conn, &design.guid, Some(customer))?,
        None => repo::orders_of(conn, &design.guid, None)?,
    }
    .into_iter()
    .map(|(order, customer)| OrderAnswer {
        customer,
        amount: order.amount,
        unit: "m",
        order_type: order.order_type,
        ordered_at: order.ordered_at,
    })
    .collect();
    let (width_cm, height_cm) = design.size_cm();
    let shift = (design.repeat_offset != RepeatOffset::None.as_str()).then(|| {
        match (design.repeat_offset.as_str(), design.repeat_offset_custom) {
            ("custom", Some(value)) => format!("{value}"),
            (offset, _) => offset.to_owned(),
        }
    });
    Ok(DesignHeader {
        active_colorway_guid: colorways.first().map(|c| c.colorway_guid.clone()),
        colorway_count: colorways.len(),
        colorways,
        guid: design.guid.clone(),
        design_name: design.number.clone(),
        archive_id: design.archive_id,
        archive: archive.name_in(language).to_owned(),
        design_type: design.design_type.clone(),
        labels,
        design_size_cm: Size {
            width: width_cm,
            height: height_cm,
        },
        design_size: Size {
            width: f64::from(design.width_px),
            height: f64::from(design.height_px),
        },
        mold_state: design.screen_status.clone(),
        is_confined: design.is_confined,
        repeat_offset: RepeatAnswer {
            horizontal: shift
                .clone()
                .filter(|_| design.repeat_direction == RepeatDirection::Horizontal.as_str()),
            vertical: shift
                .filter(|_| design.repeat_direction == RepeatDirection::Vertical.as_str()),
            direction: design.repeat_direction.clone(),
            offset: design.repeat_offset.clone(),
            custom_value: design.repeat_offset_custom,
        },
        channel_count: design.channel_count,
        layer_count: design.layer_count,
        last_edit_date: design.edited_at,
        upload_date: design.uploaded_at,
        design_dpi: design.dpi,
        color_mode: design.color_mode.clone(),
        bit_depth: design.bit_depth,
        closed_countries: fields
            .closed_countries
            .then(|| split_list(&design.closed_countries)),
        original_name: fields.original_name.then(|| design.original_name.clone()),
        notes: fields.notes.then(|| design.notes.clone()),
        design_studio: fields.studio.then(|| design.studio.clone()),
        customer,
        owned_extra: design.owned_extra,
        dynamic_parameters: parameters
            .values()
            .iter()
            .enumerate()
            .filter(|(i, _)| fields.dynamic_parameters[*i])
            .map(|(i, v)| (format!("dp{i}"), (*v).to_owned()))
            .collect(),
        orders,
        orders_scope: if whose.is_some() {
            OrdersScope::Own
        } else {
            OrdersScope::All
        },
    })
}

fn split_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Staff search of designs, 25 a page by default.
pub fn admin_search(
    conn: &mut DbConnection,
    text: &str,
    page: PageRequest,
) -> Result<Page<DesignSummary>, CatalogError> {
    let (designs, total) = repo::admin_search(conn, text, page)?;
    let items = designs
        .into_iter()
        .map(|design| summary_of(conn, design))
        .collect::<Result<_, _>>()?;
    Ok(Page::new(items, total, page))
}

/// Staff summaries of these designs, in their order; unknown ids are left out.
pub fn design_summaries(
    conn: &mut DbConnection,
    guids: &[String],
) -> Result<Vec<DesignSummary>, CatalogError> {
    let mut found: HashMap<String, Design> = repo::designs_by_guid(conn, guids)?
        .into_iter()
        .map(|d| (d.guid.clone(), d))
        .collect();
    guids
        .iter()
        .filter_map(|guid| found.remove(guid))
        .map(|design| summary_of(conn, design))
        .collect()
}

/// A design as staff lists show it: number, names, and its first colorway's thumbnail.
fn summary_of(conn: &mut DbConnection, design: Design) -> Result<DesignSummary, CatalogError> {
    let first = repo::first_colorway(conn, &design.guid)?;
    Ok(DesignSummary {
        thumbnail: first
            .as_ref()
            .map(|c| urls::thumbnail(&design.guid, &c.guid, &c.renditions_key, "d/h")),
        first_colorway_guid: first.map(|c| c.guid),
        design_guid: design.guid,
        design_name: design.number,
        archive_id: design.archive_id,
        design_type: design.design_type,
        original_name: design.original_name,
        studio: design.studio,
        upload_date: design.uploaded_at,
    })
}

/// The pinned designs in their order.
pub fn pinned_designs(conn: &mut DbConnection) -> Result<Vec<String>, CatalogError> {
    Ok(repo::pins(conn)?)
}

/// Replaces the pinned designs: they lead the default listing in this order.
pub fn set_pins(conn: &mut DbConnection, designs: &[DesignGuid]) -> Result<(), CatalogError> {
    let designs: Vec<String> = designs.iter().map(DesignGuid::to_string).collect();
    Ok(conn.transaction(|conn| repo::set_pins(conn, &designs))?)
}

/// The renditions key of a colorway `viewer` may see; "not found" otherwise.
pub fn rendition_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    design: &DesignGuid,
    colorway: &ColorwayGuid,
) -> Result<String, CatalogError> {
    let scope = scope_of(conn, viewer)?;
    repo::visible_colorway(conn, &scope, &design.to_string(), &colorway.to_string())?
        .map(|c| c.renditions_key)
        .ok_or(CatalogError::DesignNotFound)
}

/// A design the viewer may see (by guid) with one of its colorways: what the views at scale read.
pub fn shown_colorway(
    conn: &mut DbConnection,
    viewer: &Viewer,
    design: &str,
    colorway: &str,
) -> Result<(Design, Colorway), CatalogError> {
    let scope = scope_of(conn, viewer)?;
    let found = repo::visible_design(conn, &scope, design)?
        .filter(|d| d.guid == design)
        .ok_or(CatalogError::DesignNotFound)?;
    let colorway = repo::visible_colorway(conn, &scope, design, colorway)?
        .ok_or(CatalogError::DesignNotFound)?;
    Ok((found, colorway))
}

/// A colorway (by guid) whose design `scope` admits; "colorway not found" otherwise.
pub fn colorway_in_scope(
    conn: &mut DbConnection,
    scope: &Scope,
    colorway: &str,
) -> Result<Colorway, CatalogError> {
    let design = repo::colorway(conn, colorway)?
        .ok_or(CatalogError::ColorwayNotFound)?
        .design_guid;
    repo::visible_colorway(conn, scope, &design, colorway)?.ok_or(CatalogError::ColorwayNotFound)
}

/// Colorways in the archive.
pub fn colorway_count(conn: &mut DbConnection) -> Result<i64, CatalogError> {
    Ok(repo::colorway_count(conn)?)
}

/// What a similar search's hit tells of its design beyond the card.
#[derive(Debug, Clone)]
pub struct DesignFacts {
    pub original_name: String,
    pub width_px: i32,
    pub height_px: i32,
}

/// The original name and pixel size of each of `designs`.
pub fn design_facts(
    conn: &mut DbConnection,
    designs: &[String],
) -> Result<HashMap<String, DesignFacts>, CatalogError> {
    Ok(repo::design_sizes(conn, designs)?
        .into_iter()
        .map(|(guid, original_name, width_px, height_px)| {
            (
                guid,
                DesignFacts {
                    original_name,
                    width_px,
                    height_px,
                },
            )
        })
        .collect())
}

/// A design's label names in `language`, in their order.
pub fn label_names(
    conn: &mut DbConnection,
    design: &str,
    language: Language,
) -> Result<Vec<String>, CatalogError> {
    Ok(repo::labels_of(conn, design)?
        .iter()
        .filter(|label| !label.is_group_header)
        .map(|label| label.name_in(language).to_owned())
        .collect())
}

/// A design `scope` admits with its colorways: every one, or only `colorway` (then "colorway not
/// found" when it is not the design's). What production files are made of.
pub fn visible_colorways(
    conn: &mut DbConnection,
    scope: &Scope,
    design: &DesignGuid,
    colorway: Option<&ColorwayGuid>,
) -> Result<(Design, Vec<Colorway>), CatalogError> {
    let design = repo::visible_design(conn, scope, &design.to_string())?
        .ok_or(CatalogError::DesignNotFound)?;
    let colorways = match colorway {
        Some(colorway) => vec![
            repo::visible_colorway(conn, scope, &design.guid, &colorway.to_string())?
                .ok_or(CatalogError::ColorwayNotFound)?,
        ],
        None => repo::colorways_of(conn, &design.guid)?,
    };
    Ok((design, colorways))
}

// ---- editing ----------------------------------------------------------------------------------

fn bounded(text: String, max: usize, field: &'static str) -> Result<String, CatalogError> {
    let text = text.trim().to_owned();
    if text.chars().count() > max
        || text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(CatalogError::InvalidForm(field));
    }
    Ok(text)
}

/// Applies an edit to a design (staff only; the route checks the role), all or nothing.
pub fn edit_design(
    conn: &mut DbConnection,
    staff: &Viewer,
    recognizer: &str,
    edit: DesignEdit,
) -> Result<DesignHeaderRef, CatalogError> {
    conn.transaction(|conn| edit_design_now(conn, staff, recognizer, edit))
}

fn edit_design_now(
    conn: &mut DbConnection,
    staff: &Viewer,
    recognizer: &str,
    edit: DesignEdit,
) -> Result<DesignHeaderRef, CatalogError> {
    let scope = scope_of(conn, staff)?;
    let mut design = repo::visible_design(conn, &scope, recognizer.trim())?
        .ok_or(CatalogError::DesignNotFound)?;
    if let Some(direction) = edit.repeat_direction {
        design.repeat_direction = RepeatDirection::parse(&direction)
            .ok_or(CatalogError::InvalidForm("repeatDirection"))?
            .as_str()
            .to_owned();
    }
    if let Some(offset) = edit.repeat_offset {
        design.repeat_offset = RepeatOffset::parse(&offset)
            .ok_or(CatalogError::InvalidForm("repeatOffset"))?
            .as_str()
            .to_owned();
    }
    if let Some(custom) = edit.repeat_offset_custom {
        if custom.is_some_and(|v| !v.is_finite() || !(0.0..=10_000.0).contains(&v)) {
            return Err(CatalogError::InvalidForm("repeatOffsetCustomValue"));
        }
        design.repeat_offset_custom = custom;
    }
    if design.repeat_offset == RepeatOffset::Custom.as_str()
        && design.repeat_offset_custom.is_none()
    {
        return Err(CatalogError::InvalidForm("repeatOffsetCustomValue"));
    }
    if let Some(status) = edit.screen_status {
        design.screen_status = ScreenStatus::parse(&status)
            .ok_or(CatalogError::InvalidForm("screenStatus"))?
            .as_str()
            .to_owned();
    }
    if let Some(name) = edit.original_name {
        design.original_name = bounded(name, MAX_TEXT, "originalName")?;
    }
    if let Some(studio) = edit.studio {
        design.studio = bounded(studio, MAX_TEXT, "studio")?;
    }
    if let Some(notes) = edit.notes {
        design.notes = bounded(notes, MAX_NOTES, "notes")?;
    }
    if let Some(customer) = edit.customer {
        let customer = customer.map(|c| c.to_string());
        if let Some(guid) = &customer
            && !repo::customer_exists(conn, guid)?
        {
            return Err(CatalogError::CustomerNotFound);
        }
        design.customer_guid = customer;
    }
    if let Some(confined) = edit.is_confined {
        design.is_confined = confined;
    }
    if design.is_confined && design.customer_guid.is_none() {
        return Err(CatalogError::ConfinedWithoutCustomer);
    }
    if let Some(owned) = edit.owned_extra {
        design.owned_extra = owned;
    }
    if let Some(countries) = edit.closed_countries {
        let mut codes = Vec::new();
        for code in countries {
            let code = code.trim().to_ascii_uppercase();
            if code.len() != 2 || !code.chars().all(|c| c.is_ascii_uppercase()) {
                return Err(CatalogError::InvalidForm("closedCountries"));
            }
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        design.closed_countries = codes.join(",");
    }
    design.edited_at = time::now();
    repo::save_design(conn, &design)?;
    if let Some(ids) = edit.label_ids {
        let ids = known_labels(conn, ids)?;
        repo::set_labels(conn, &design.guid, &ids)?;
    }
    if let Some(values) = edit.parameters {
        let mut checked: [String; 10] = Default::default();
        for (slot, value) in checked.iter_mut().zip(values) {
            *slot = bounded(value, MAX_TEXT, "dynamicParameters")?;
        }
        repo::save_parameters(
            conn,
            &DesignParameters::from_values(design.guid.clone(), checked),
        )?;
    }
    // Labels, customer, confinement and parameters decide pool membership and smart groups.
    pools::service::refresh_design(conn, &design.id()?)?;
    collections::service::refresh_design(conn, &design.guid)?;
    Ok(DesignHeaderRef {
        guid: design.guid,
        number: design.number,
    })
}

/// The labels of the ids, each once; "label not found" if one is unknown.
fn known_labels(conn: &mut DbConnection, mut ids: Vec<i32>) -> Result<Vec<i32>, CatalogError> {
    ids.sort_unstable();
    ids.dedup();
    if repo::count_labels(conn, &ids)? != ids.len() as i64 {
        return Err(CatalogError::LabelNotFound);
    }
    Ok(ids)
}

/// Gives a design exactly these labels (the tagging screen), then recomputes what its labels
/// decide: pool membership and smart groups. Run it in the caller's transaction.
pub fn set_design_labels(
    conn: &mut DbConnection,
    design: &DesignGuid,
    ids: Vec<i32>,
) -> Result<(), CatalogError> {
    let guid = design.to_string();
    if !repo::design_exists(conn, &guid)? {
        return Err(CatalogError::DesignNotFound);
    }
    let ids = known_labels(conn, ids)?;
    repo::set_labels(conn, &guid, &ids)?;
    repo::touch(conn, &guid, time::now())?;
    pools::service::refresh_design(conn, design)?;
    collections::service::refresh_design(conn, &guid)?;
    Ok(())
}

/// Which design an edit or delete touched.
#[derive(Debug, Clone, PartialEq)]
pub struct DesignHeaderRef {
    pub guid: String,
    pub number: String,
}

/// Deletes a design, then the files (renditions, production files) no other design uses. The
/// rows go first: a failure with the files leaves unreferenced files (logged), never a design
/// whose files are gone. Answers the removed keys.
pub fn delete_design(
    conn: &mut DbConnection,
    storage: &Storage,
    staff: &Viewer,
    recognizer: &str,
) -> Result<Vec<String>, CatalogError> {
    let keys = conn.transaction(|conn| delete_design_rows(conn, staff, recognizer))?;
    for key in &keys {
        if let Err(error) = storage.delete_prefix(key).and_then(|_| storage.delete(key)) {
            tracing::warn!(%key, %error, "could not remove the files of a deleted design");
        }
    }
    Ok(keys)
}

/// The design's rows, and the keys of the files only it uses.
fn delete_design_rows(
    conn: &mut DbConnection,
    staff: &Viewer,
    recognizer: &str,
) -> Result<Vec<String>, CatalogError> {
    let scope = scope_of(conn, staff)?;
    let design = repo::visible_design(conn, &scope, recognizer.trim())?
        .ok_or(CatalogError::DesignNotFound)?;
    let mut keys = Vec::new();
    for colorway in repo::colorways_of(conn, &design.guid)? {
        for key in [Some(colorway.renditions_key), colorway.source_key]
            .into_iter()
            .flatten()
        {
            if !keys.contains(&key) && repo::key_users_elsewhere(conn, &key, &design.guid)? == 0 {
                keys.push(key);
            }
        }
    }
    // Its orders leave the companies' funnel with it, as they leave the records. Counted last:
    // the count's lock (PostgreSQL) is never held while waiting for the design's row.
    let orders: Vec<usage::funnel::StepTick> = repo::orders_of(conn, &design.guid, None)?
        .iter()
        .map(|(order, _)| order_step(order, -1))
        .collect();
    repo::delete_design(conn, &design.guid)?;
    usage::funnel::count(conn, &orders)?;
    Ok(keys)
}

/// An archive found by id, code or name, or created with the next free two-digit code.
pub fn find_or_create_archive(
    conn: &mut DbConnection,
    name: &str,
) -> Result<(Archive, bool), CatalogError> {
    if let Ok(archive) = find_archive(conn, name) {
        return Ok((archive, false));
    }
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_TEXT {
        return Err(CatalogError::InvalidForm("archive"));
    }
    let next = repo::all_archives(conn)?
        .iter()
        .filter_map(|a| a.code.parse::<u32>().ok())
        .max()
        .map_or(1, |n| n + 1);
    let code = format!("{next:02}");
    Ok((ensure_archive(conn, &code, [name, name, name])?, true))
}
