//! Queries. No rules here: the service decides, the repo reads and writes.

use crate::model::*;
use crate::visibility::{Db, Scope, visible_designs};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{
    archives, colorway_colors, colorway_features, colorways, customers, design_channels,
    design_labels, design_orders, design_parameters, design_pins, designs, labels,
};
use desen_core::PageRequest;
use diesel::prelude::*;
use diesel::result::Error;

pub fn all_archives(conn: &mut DbConnection) -> Result<Vec<Archive>, Error> {
    archives::table
        .order(archives::id)
        .select(Archive::as_select())
        .load(conn)
}

pub fn archive_by_id(conn: &mut DbConnection, id: i32) -> Result<Option<Archive>, Error> {
    archives::table
        .find(id)
        .select(Archive::as_select())
        .first(conn)
        .optional()
}

pub fn archive_by_code(conn: &mut DbConnection, code: &str) -> Result<Option<Archive>, Error> {
    archives::table
        .filter(archives::code.eq(code))
        .select(Archive::as_select())
        .first(conn)
        .optional()
}

pub fn insert_archive(conn: &mut DbConnection, archive: &NewArchive) -> Result<i32, Error> {
    diesel::insert_into(archives::table)
        .values(archive)
        .returning(archives::id)
        .get_result(conn)
}

/// Takes `count` numbers of the archive's sequence in one write; answers the first one.
pub fn take_numbers(conn: &mut DbConnection, archive_id: i32, count: i32) -> Result<i32, Error> {
    let next: i32 = diesel::update(archives::table.find(archive_id))
        .set(archives::next_number.eq(archives::next_number + count))
        .returning(archives::next_number)
        .get_result(conn)?;
    Ok(next - count)
}

pub fn all_labels(conn: &mut DbConnection) -> Result<Vec<Label>, Error> {
    labels::table
        .order(labels::id)
        .select(Label::as_select())
        .load(conn)
}

pub fn insert_label(conn: &mut DbConnection, label: &NewLabel) -> Result<i32, Error> {
    diesel::insert_into(labels::table)
        .values(label)
        .returning(labels::id)
        .get_result(conn)
}

pub fn count_labels(conn: &mut DbConnection, ids: &[i32]) -> Result<i64, Error> {
    labels::table
        .filter(labels::id.eq_any(ids))
        .count()
        .get_result(conn)
}

pub fn labels_of(conn: &mut DbConnection, design: &str) -> Result<Vec<Label>, Error> {
    labels::table
        .inner_join(design_labels::table)
        .filter(design_labels::design_guid.eq(design))
        .order(labels::id)
        .select(Label::as_select())
        .load(conn)
}

pub fn set_labels(conn: &mut DbConnection, design: &str, ids: &[i32]) -> Result<(), Error> {
    diesel::delete(design_labels::table.filter(design_labels::design_guid.eq(design)))
        .execute(conn)?;
    for id in ids {
        diesel::insert_into(design_labels::table)
            .values((
                design_labels::design_guid.eq(design),
                design_labels::label_id.eq(id),
            ))
            .execute(conn)?;
    }
    Ok(())
}

pub fn customer_exists(conn: &mut DbConnection, guid: &str) -> Result<bool, Error> {
    diesel::select(diesel::dsl::exists(customers::table.find(guid))).get_result(conn)
}

pub fn customer_name(conn: &mut DbConnection, guid: &str) -> Result<Option<String>, Error> {
    customers::table
        .find(guid)
        .select(customers::name)
        .first(conn)
        .optional()
}

pub fn insert_design(conn: &mut DbConnection, design: &Design) -> Result<(), Error> {
    diesel::insert_into(designs::table)
        .values(design)
        .execute(conn)
        .map(|_| ())
}

pub fn number_taken(conn: &mut DbConnection, number: &str) -> Result<bool, Error> {
    diesel::select(diesel::dsl::exists(
        designs::table.filter(designs::number.eq(number)),
    ))
    .get_result(conn)
}

/// A design the viewer may see, by guid or by number.
pub fn visible_design(
    conn: &mut DbConnection,
    scope: &Scope,
    recognizer: &str,
) -> Result<Option<Design>, Error> {
    visible_designs(scope)
        .filter(
            designs::guid
                .eq(recognizer.to_owned())
                .or(designs::number.eq(recognizer.to_owned())),
        )
        .select(Design::as_select())
        .first(conn)
        .optional()
}

pub fn save_design(conn: &mut DbConnection, design: &Design) -> Result<(), Error> {
    diesel::update(designs::table.find(&design.guid))
        .set(design)
        .execute(conn)
        .map(|_| ())
}

pub fn delete_design(conn: &mut DbConnection, guid: &str) -> Result<usize, Error> {
    diesel::delete(designs::table.find(guid)).execute(conn)
}

pub fn insert_parameters(conn: &mut DbConnection, params: &DesignParameters) -> Result<(), Error> {
    diesel::insert_into(design_parameters::table)
        .values(params)
        .execute(conn)
        .map(|_| ())
}

pub fn save_parameters(conn: &mut DbConnection, params: &DesignParameters) -> Result<(), Error> {
    diesel::update(design_parameters::table.find(&params.design_guid))
        .set(params)
        .execute(conn)
        .map(|_| ())
}

pub fn parameters_of(conn: &mut DbConnection, design: &str) -> Result<DesignParameters, Error> {
    Ok(design_parameters::table
        .find(design)
        .select(DesignParameters::as_select())
        .first(conn)
        .optional()?
        .unwrap_or_else(|| DesignParameters {
            design_guid: design.to_owned(),
            ..Default::default()
        }))
}

pub fn insert_channel(conn: &mut DbConnection, channel: &DesignChannel) -> Result<(), Error> {
    diesel::insert_into(design_channels::table)
        .values(channel)
        .execute(conn)
        .map(|_| ())
}

pub fn channels_of(conn: &mut DbConnection, design: &str) -> Result<Vec<DesignChannel>, Error> {
    design_channels::table
        .filter(design_channels::design_guid.eq(design))
        .order(design_channels::position)
        .select(DesignChannel::as_select())
        .load(conn)
}

pub fn insert_colorway(conn: &mut DbConnection, colorway: &Colorway) -> Result<(), Error> {
    diesel::insert_into(colorways::table)
        .values(colorway)
        .execute(conn)
        .map(|_| ())
}

pub fn insert_color(conn: &mut DbConnection, color: &ColorwayColor) -> Result<(), Error> {
    diesel::insert_into(colorway_colors::table)
        .values(color)
        .execute(conn)
        .map(|_| ())
}

pub fn colorway(conn: &mut DbConnection, guid: &str) -> Result<Option<Colorway>, Error> {
    colorways::table
        .find(guid)
        .select(Colorway::as_select())
        .first(conn)
        .optional()
}

pub fn colorway_count(conn: &mut DbConnection) -> Result<i64, Error> {
    colorways::table.count().get_result(conn)
}

pub fn colorways_of(conn: &mut DbConnection, design: &str) -> Result<Vec<Colorway>, Error> {
    colorways::table
        .filter(colorways::design_guid.eq(design))
        .order(colorways::position)
        .select(Colorway::as_select())
        .load(conn)
}

pub fn colors_of(conn: &mut DbConnection, colorway: &str) -> Result<Vec<ColorwayColor>, Error> {
    colorway_colors::table
        .filter(colorway_colors::colorway_guid.eq(colorway))
        .order(colorway_colors::position)
        .select(ColorwayColor::as_select())
        .load(conn)
}

/// A colorway of a design the viewer may see.
pub fn visible_colorway(
    conn: &mut DbConnection,
    scope: &Scope,
    design: &str,
    colorway: &str,
) -> Result<Option<Colorway>, Error> {
    let visible: Option<String> = visible_designs(scope)
        .filter(designs::guid.eq(design.to_owned()))
        .select(designs::guid)
        .first(conn)
        .optional()?;
    let Some(design) = visible else {
        return Ok(None);
    };
    colorways::table
        .filter(colorways::guid.eq(colorway))
        .filter(colorways::design_guid.eq(design))
        .select(Colorway::as_select())
        .first(conn)
        .optional()
}

/// How many colorways use files under this key (renditions or source), other than of `design`.
pub fn key_users_elsewhere(conn: &mut DbConnection, key: &str, design: &str) -> Result<i64, Error> {
    colorways::table
        .filter(colorways::design_guid.ne(design))
        .filter(
            colorways::renditions_key
                .eq(key)
                .or(colorways::source_key.eq(key)),
        )
        .count()
        .get_result(conn)
}

/// A colorway whose production file has this content hash, with its design number.
pub fn colorway_by_source_hash(
    conn: &mut DbConnection,
    hash: &str,
) -> Result<Option<(String, String)>, Error> {
    colorways::table
        .inner_join(designs::table)
        .filter(colorways::source_hash.eq(hash))
        .select((designs::number, colorways::name))
        .first(conn)
        .optional()
}

pub fn insert_order(conn: &mut DbConnection, order: &DesignOrder) -> Result<(), Error> {
    diesel::insert_into(design_orders::table)
        .values(order)
        .execute(conn)
        .map(|_| ())
}

/// Orders of a design with the customer's name, newest first.
/// A design's orders, newest first, with the customer's name; only `customer`'s when given.
pub fn orders_of(
    conn: &mut DbConnection,
    design: &str,
    customer: Option<&str>,
) -> Result<Vec<(DesignOrder, Option<String>)>, Error> {
    let mut query = design_orders::table
        .left_join(customers::table)
        .filter(design_orders::design_guid.eq(design))
        .order(design_orders::ordered_at.desc())
        .select((DesignOrder::as_select(), customers::name.nullable()))
        .into_boxed();
    if let Some(customer) = customer {
        query = query.filter(design_orders::customer_guid.eq(customer));
    }
    query.load(conn)
}

fn admin_search_query<'a>(text: &str) -> designs::BoxedQuery<'a, Db> {
    let mut query = designs::table.into_boxed();
    let text = text.trim();
    if !text.is_empty() {
        let pattern = format!("%{}%", text.replace(['%', '_'], ""));
        query = query.filter(
            designs::number
                .like(pattern.clone())
                .or(designs::original_name.like(pattern.clone()))
                .or(designs::studio.like(pattern.clone()))
                .or(designs::notes.like(pattern)),
        );
    }
    query
}

/// Staff search over number, original name, studio and notes, newest first.
pub fn admin_search(
    conn: &mut DbConnection,
    text: &str,
    page: PageRequest,
) -> Result<(Vec<Design>, i64), Error> {
    let total = admin_search_query(text).count().get_result(conn)?;
    let rows = admin_search_query(text)
        .order((designs::uploaded_at.desc(), designs::number.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Design::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn first_colorway(conn: &mut DbConnection, design: &str) -> Result<Option<Colorway>, Error> {
    colorways::table
        .filter(colorways::design_guid.eq(design))
        .order(colorways::position)
        .select(Colorway::as_select())
        .first(conn)
        .optional()
}

pub fn touch(conn: &mut DbConnection, design: &str, at: NaiveDateTime) -> Result<(), Error> {
    diesel::update(designs::table.find(design))
        .set(designs::edited_at.eq(at))
        .execute(conn)
        .map(|_| ())
}

pub fn designs_by_guid(conn: &mut DbConnection, guids: &[String]) -> Result<Vec<Design>, Error> {
    designs::table
        .filter(designs::guid.eq_any(guids))
        .select(Design::as_select())
        .load(conn)
}

pub fn design_exists(conn: &mut DbConnection, guid: &str) -> Result<bool, Error> {
    diesel::select(diesel::dsl::exists(designs::table.find(guid))).get_result(conn)
}

/// The pinned designs' ids in pin order.
pub fn pins(conn: &mut DbConnection) -> Result<Vec<String>, Error> {
    design_pins::table
        .order((design_pins::position, design_pins::design_guid))
        .select(design_pins::design_guid)
        .load(conn)
}

pub fn set_pins(conn: &mut DbConnection, designs: &[String]) -> Result<(), Error> {
    diesel::delete(design_pins::table).execute(conn)?;
    for (i, design) in designs.iter().enumerate() {
        diesel::insert_into(design_pins::table)
            .values((
                design_pins::design_guid.eq(design),
                design_pins::position.eq(i as i32),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Replaces a colorway's stored features (no upsert on the multi-backend connection).
pub fn put_features(conn: &mut DbConnection, row: &ColorwayFeatures) -> Result<(), Error> {
    conn.transaction(|conn| {
        diesel::delete(colorway_features::table.find(&row.colorway_guid)).execute(conn)?;
        diesel::insert_into(colorway_features::table)
            .values(row)
            .execute(conn)
            .map(|_| ())
    })
}

/// The number and the latest time of the stored features of `version`: they change whenever a
/// colorway's features are added, replaced or removed.
pub fn features_fingerprint(
    conn: &mut DbConnection,
    version: i32,
) -> Result<(i64, Option<NaiveDateTime>), Error> {
    use diesel::dsl::{count_star, max};
    colorway_features::table
        .filter(colorway_features::version.eq(version))
        .select((count_star(), max(colorway_features::indexed_at)))
        .first(conn)
}

/// Every colorway with features of `version`, without the bytes.
pub fn indexed_colorways(
    conn: &mut DbConnection,
    version: i32,
) -> Result<Vec<IndexedColorway>, Error> {
    colorway_features::table
        .filter(colorway_features::version.eq(version))
        .select(IndexedColorway::as_select())
        .load(conn)
}

/// The sketches of the given colorways (features of `version`).
pub fn feature_sketches(
    conn: &mut DbConnection,
    version: i32,
    colorways: &[String],
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    colorway_features::table
        .filter(colorway_features::version.eq(version))
        .filter(colorway_features::colorway_guid.eq_any(colorways))
        .select((
            colorway_features::colorway_guid,
            colorway_features::sketches,
        ))
        .load(conn)
}

/// The full features of the given colorways (features of `version`).
pub fn features_of(
    conn: &mut DbConnection,
    version: i32,
    colorways: &[String],
) -> Result<Vec<(String, Vec<u8>)>, Error> {
    colorway_features::table
        .filter(colorway_features::version.eq(version))
        .filter(colorway_features::colorway_guid.eq_any(colorways))
        .select((
            colorway_features::colorway_guid,
            colorway_features::features,
        ))
        .load(conn)
}

/// Colorways without features of `version` (to be indexed), with their design and renditions
/// key, oldest first.
pub fn colorways_without_features(
    conn: &mut DbConnection,
    version: i32,
    limit: i64,
) -> Result<Vec<(String, String, String)>, Error> {
    let current = colorway_features::table
        .filter(colorway_features::version.eq(version))
        .select(colorway_features::colorway_guid);
    colorways::table
        .filter(diesel::dsl::not(colorways::guid.eq_any(current)))
        .order((colorways::created_at, colorways::guid))
        .select((
            colorways::guid,
            colorways::design_guid,
            colorways::renditions_key,
        ))
        .limit(limit)
        .load(conn)
}

/// Original name and pixel size of each of `designs`.
pub fn design_sizes(
    conn: &mut DbConnection,
    designs: &[String],
) -> Result<Vec<(String, String, i32, i32)>, Error> {
    designs::table
        .filter(designs::guid.eq_any(designs))
        .select((
            designs::guid,
            designs::original_name,
            designs::width_px,
            designs::height_px,
        ))
        .load(conn)
}
