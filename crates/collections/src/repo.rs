//! Queries over the collections' tables. Design and colorway names are joined in for display;
//! which designs a viewer may see is the pools crate's rule, applied as a predicate on `designs`.

use crate::model::*;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{
    collection_designs, collections, colorways, design_group_designs, design_groups, designs,
    mood_image_colorways, mood_images, special_list_designs, special_lists, stock_pages,
};
use db::sql::Sql;
use diesel::prelude::*;
use diesel::result::Error;
use pools::Scope;
use std::collections::HashMap;

/// The columns of a [`ShownColorway`], in the order of its fields.
const SHOWN_COLORWAY: (
    designs::guid,
    designs::number,
    colorways::guid,
    colorways::name,
    colorways::renditions_key,
) = (
    designs::guid,
    designs::number,
    colorways::guid,
    colorways::name,
    colorways::renditions_key,
);

// ---- collections ------------------------------------------------------------------------------

/// The catalog revision: what a remembered answer must have been read at to be used.
pub fn catalog_revision(conn: &mut DbConnection) -> Result<i64, Error> {
    use db::schema::catalog_revision::dsl::{catalog_revision, revision};
    catalog_revision.select(revision).first(conn)
}

pub fn all(conn: &mut DbConnection) -> Result<Vec<Collection>, Error> {
    collections::table
        .order((collections::position, collections::id))
        .select(Collection::as_select())
        .load(conn)
}

pub fn find(conn: &mut DbConnection, id: i32) -> Result<Option<Collection>, Error> {
    collections::table
        .find(id)
        .select(Collection::as_select())
        .first(conn)
        .optional()
}

/// A collection and its sub-collections, in order.
pub fn family(conn: &mut DbConnection, id: i32) -> Result<Vec<Collection>, Error> {
    collections::table
        .filter(collections::id.eq(id).or(collections::parent_id.eq(id)))
        .order((collections::position, collections::id))
        .select(Collection::as_select())
        .load(conn)
}

pub fn insert(conn: &mut DbConnection, new: &NewCollection) -> Result<i32, Error> {
    diesel::insert_into(collections::table)
        .values(new)
        .returning(collections::id)
        .get_result(conn)
}

pub fn next_position(conn: &mut DbConnection, parent: Option<i32>) -> Result<i32, Error> {
    let last: Option<i32> = match parent {
        Some(parent) => collections::table
            .filter(collections::parent_id.eq(parent))
            .select(diesel::dsl::max(collections::position))
            .first(conn)?,
        None => collections::table
            .filter(collections::parent_id.is_null())
            .select(diesel::dsl::max(collections::position))
            .first(conn)?,
    };
    Ok(last.map_or(0, |p| p + 1))
}

pub fn save(conn: &mut DbConnection, c: &Collection) -> Result<(), Error> {
    diesel::update(collections::table.find(c.id))
        .set((
            collections::name.eq(&c.name),
            collections::description.eq(&c.description),
            collections::is_active.eq(c.is_active),
            collections::is_banner.eq(c.is_banner),
            collections::kind.eq(&c.kind),
            collections::position.eq(c.position),
            collections::cover_key.eq(&c.cover_key),
            collections::updated_at.eq(c.updated_at),
        ))
        .execute(conn)
        .map(drop)
}

/// The ids of the collections under `parent` (top-level ones for none), in order.
pub fn siblings(conn: &mut DbConnection, parent: Option<i32>) -> Result<Vec<i32>, Error> {
    let query = collections::table
        .order((collections::position, collections::id))
        .select(collections::id)
        .into_boxed();
    match parent {
        Some(parent) => query.filter(collections::parent_id.eq(parent)).load(conn),
        None => query.filter(collections::parent_id.is_null()).load(conn),
    }
}

pub fn set_position(conn: &mut DbConnection, id: i32, position: i32) -> Result<(), Error> {
    diesel::update(collections::table.find(id))
        .set(collections::position.eq(position))
        .execute(conn)
        .map(drop)
}

pub fn delete(conn: &mut DbConnection, id: i32) -> Result<usize, Error> {
    diesel::delete(collections::table.find(id)).execute(conn)
}

/// Every file key under a collection and its sub-collections (covers and photos), to delete
/// after the rows.
pub fn file_keys_under(conn: &mut DbConnection, id: i32) -> Result<Vec<String>, Error> {
    let ids: Vec<i32> = collections::table
        .filter(collections::id.eq(id).or(collections::parent_id.eq(id)))
        .select(collections::id)
        .load(conn)?;
    let mut keys: Vec<String> = collections::table
        .filter(collections::id.eq_any(&ids))
        .select(collections::cover_key)
        .load::<Option<String>>(conn)?
        .into_iter()
        .flatten()
        .collect();
    keys.extend(
        mood_images::table
            .filter(mood_images::collection_id.eq_any(&ids))
            .select(mood_images::image_key)
            .load::<String>(conn)?,
    );
    Ok(keys)
}

/// Recomputes the designs of `id` (its groups and tags, and those of its active sub-collections),
/// the table the archive's collection filter reads.
pub fn refresh_designs(conn: &mut DbConnection, id: i32) -> Result<(), Error> {
    diesel::delete(collection_designs::table.filter(collection_designs::collection_id.eq(id)))
        .execute(conn)?;
    let mut sql =
        Sql::new("INSERT INTO collection_designs (collection_id, design_guid) SELECT DISTINCT ");
    sql.bind(id).push(
        ", found.design_guid FROM (\
         SELECT gd.design_guid FROM design_group_designs gd \
         JOIN design_groups g ON g.id = gd.group_id \
         JOIN collections c ON c.id = g.collection_id WHERE c.id = ",
    );
    sql.bind(id)
        .push(" OR (c.parent_id = ")
        .bind(id)
        .push(" AND c.is_active = ")
        .bind(true)
        .push(
            ") UNION SELECT t.design_guid FROM mood_image_colorways t \
             JOIN mood_images i ON i.id = t.image_id \
             JOIN collections c ON c.id = i.collection_id WHERE c.id = ",
        )
        .bind(id)
        .push(" OR (c.parent_id = ")
        .bind(id)
        .push(" AND c.is_active = ")
        .bind(true)
        .push(")) found");
    sql.execute(conn).map(drop)
}

/// How many designs of each collection (of `only` ones, else of all) the scope admits.
pub fn visible_design_counts(
    conn: &mut DbConnection,
    scope: &Scope,
    only: Option<&[i32]>,
) -> Result<Vec<(i32, i64)>, Error> {
    let mut totals = collection_designs::table
        .group_by(collection_designs::collection_id)
        .select((collection_designs::collection_id, diesel::dsl::count_star()))
        .into_boxed();
    if let Some(ids) = only {
        totals = totals.filter(collection_designs::collection_id.eq_any(ids));
    }
    match scope {
        // Every row is a design (collection_designs references designs): its key counts them.
        Scope::Everything => totals.load(conn),
        // Everything but the confined designs of other companies: those few, found from the
        // designs' confinement index, are taken off the totals.
        Scope::OpenArchive { customer } => {
            let totals = totals.load::<(i32, i64)>(conn)?;
            let mut hidden = designs::table
                .inner_join(collection_designs::table)
                .filter(designs::is_confined.eq(true))
                .group_by(collection_designs::collection_id)
                .select((collection_designs::collection_id, diesel::dsl::count_star()))
                .into_boxed();
            if let Some(customer) = customer {
                hidden = hidden.filter(
                    designs::customer_guid
                        .is_null()
                        .or(designs::customer_guid.ne(customer.clone())),
                );
            }
            if let Some(ids) = only {
                hidden = hidden.filter(collection_designs::collection_id.eq_any(ids));
            }
            let hidden: HashMap<i32, i64> = hidden.load::<(i32, i64)>(conn)?.into_iter().collect();
            Ok(totals
                .into_iter()
                .map(|(id, n)| (id, n - hidden.get(&id).copied().unwrap_or(0)))
                .collect())
        }
        _ => {
            let mut visible = collection_designs::table
                .inner_join(designs::table)
                .filter(scope.probe_sql().predicate())
                .group_by(collection_designs::collection_id)
                .select((collection_designs::collection_id, diesel::dsl::count_star()))
                .into_boxed();
            if let Some(ids) = only {
                visible = visible.filter(collection_designs::collection_id.eq_any(ids));
            }
            visible.load(conn)
        }
    }
}

/// For each design page of `collections`, its first design the scope admits (by group, then
/// design order) with the design's first colorway: the page's cover when it has none of its own.
pub fn first_visible_designs(
    conn: &mut DbConnection,
    scope: &Scope,
    collections: &[i32],
) -> Result<Vec<(i32, ShownColorway)>, Error> {
    if collections.is_empty() {
        return Ok(Vec::new());
    }
    // One probe per page on the groups' order index, stopping at the first visible design; then
    // those designs by their keys.
    let mut sql = Sql::new(
        "SELECT c.id AS collection_id, (SELECT gd.design_guid FROM design_groups g \
         JOIN design_group_designs gd ON gd.group_id = g.id \
         JOIN designs ON designs.guid = gd.design_guid \
         WHERE g.collection_id = c.id AND (",
    );
    sql.append(&scope.probe_sql())
        .push(
            ") ORDER BY g.position, g.id, gd.position LIMIT 1) AS design_guid \
             FROM collections c WHERE c.id IN ",
        )
        .bind_list(collections.iter().copied());
    let firsts: Vec<(i32, String)> = sql
        .load::<FirstDesignRow>(conn)?
        .into_iter()
        .filter_map(|row| Some((row.collection_id, row.design_guid?)))
        .collect();
    let guids: Vec<&str> = firsts.iter().map(|(_, guid)| guid.as_str()).collect();
    let numbers: HashMap<String, String> = designs::table
        .filter(designs::guid.eq_any(&guids))
        .select((designs::guid, designs::number))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect();
    let colorways = first_colorways(conn, &guids)?;
    Ok(firsts
        .into_iter()
        .filter_map(|(collection, design)| {
            let (colorway_guid, colorway_name, renditions_key) = colorways.get(&design)?.clone();
            Some((
                collection,
                ShownColorway {
                    design_number: numbers.get(&design)?.clone(),
                    design_guid: design,
                    colorway_guid,
                    colorway_name,
                    renditions_key,
                },
            ))
        })
        .collect())
}

#[derive(QueryableByName)]
struct FirstDesignRow {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    collection_id: i32,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    design_guid: Option<String>,
}

// ---- mood images --------------------------------------------------------------------------------

pub fn images_of(conn: &mut DbConnection, collections: &[i32]) -> Result<Vec<MoodImage>, Error> {
    mood_images::table
        .filter(mood_images::collection_id.eq_any(collections))
        .order((mood_images::position, mood_images::id))
        .select(MoodImage::as_select())
        .load(conn)
}

/// The photos of `collections` a viewer of `scope` sees, in order: those never tagged, and those
/// with at least one tag the scope admits (a photo of hidden fabrics only is left out).
pub fn visible_images_of(
    conn: &mut DbConnection,
    scope: &Scope,
    collections: &[i32],
) -> Result<Vec<MoodImage>, Error> {
    if matches!(scope, Scope::Everything) {
        return images_of(conn, collections);
    }
    let mut visible = Sql::new(
        "NOT EXISTS (SELECT 1 FROM mood_image_colorways t WHERE t.image_id = mood_images.id) \
         OR EXISTS (SELECT 1 FROM mood_image_colorways t \
         JOIN designs ON designs.guid = t.design_guid WHERE t.image_id = mood_images.id AND (",
    );
    visible.append(&scope.probe_sql()).push("))");
    mood_images::table
        .filter(mood_images::collection_id.eq_any(collections))
        .filter(visible.predicate())
        .order((mood_images::position, mood_images::id))
        .select(MoodImage::as_select())
        .load(conn)
}

pub fn image(conn: &mut DbConnection, id: i32) -> Result<Option<MoodImage>, Error> {
    mood_images::table
        .find(id)
        .select(MoodImage::as_select())
        .first(conn)
        .optional()
}

pub fn insert_image(conn: &mut DbConnection, new: &NewMoodImage) -> Result<i32, Error> {
    diesel::insert_into(mood_images::table)
        .values(new)
        .returning(mood_images::id)
        .get_result(conn)
}

pub fn next_image_position(conn: &mut DbConnection, collection: i32) -> Result<i32, Error> {
    let last: Option<i32> = mood_images::table
        .filter(mood_images::collection_id.eq(collection))
        .select(diesel::dsl::max(mood_images::position))
        .first(conn)?;
    Ok(last.map_or(0, |p| p + 1))
}

pub fn set_image_position(conn: &mut DbConnection, id: i32, position: i32) -> Result<(), Error> {
    diesel::update(mood_images::table.find(id))
        .set(mood_images::position.eq(position))
        .execute(conn)
        .map(drop)
}

/// Moves a tag to a new point.
pub fn move_tag(
    conn: &mut DbConnection,
    image: i32,
    colorway: &str,
    x: f64,
    y: f64,
) -> Result<(), Error> {
    diesel::update(mood_image_colorways::table.find((image, colorway)))
        .set((mood_image_colorways::x.eq(x), mood_image_colorways::y.eq(y)))
        .execute(conn)
        .map(drop)
}

pub fn delete_image(conn: &mut DbConnection, id: i32) -> Result<usize, Error> {
    diesel::delete(mood_images::table.find(id)).execute(conn)
}

/// The tags of `images` whose design the scope admits, in their order, with names.
pub fn tags_of(
    conn: &mut DbConnection,
    scope: &Scope,
    images: &[i32],
) -> Result<Vec<(MoodTag, ShownColorway)>, Error> {
    mood_image_colorways::table
        .inner_join(designs::table)
        .inner_join(colorways::table)
        .filter(mood_image_colorways::image_id.eq_any(images))
        .filter(scope.probe_sql().predicate())
        .order((
            mood_image_colorways::image_id,
            mood_image_colorways::position,
        ))
        .select((MoodTag::as_select(), SHOWN_COLORWAY))
        .load(conn)
}

pub fn tag(conn: &mut DbConnection, image: i32, colorway: &str) -> Result<Option<MoodTag>, Error> {
    mood_image_colorways::table
        .find((image, colorway))
        .select(MoodTag::as_select())
        .first(conn)
        .optional()
}

pub fn insert_tag(conn: &mut DbConnection, tag: &MoodTag) -> Result<(), Error> {
    diesel::insert_into(mood_image_colorways::table)
        .values(tag)
        .execute(conn)
        .map(drop)
}

pub fn tag_count(conn: &mut DbConnection, image: i32) -> Result<i64, Error> {
    mood_image_colorways::table
        .filter(mood_image_colorways::image_id.eq(image))
        .count()
        .get_result(conn)
}

pub fn next_tag_position(conn: &mut DbConnection, image: i32) -> Result<i32, Error> {
    let last: Option<i32> = mood_image_colorways::table
        .filter(mood_image_colorways::image_id.eq(image))
        .select(diesel::dsl::max(mood_image_colorways::position))
        .first(conn)?;
    Ok(last.map_or(0, |p| p + 1))
}

pub fn delete_tag(conn: &mut DbConnection, image: i32, colorway: &str) -> Result<usize, Error> {
    diesel::delete(mood_image_colorways::table.find((image, colorway))).execute(conn)
}

// ---- design groups --------------------------------------------------------------------------------

pub fn groups_of(conn: &mut DbConnection, collection: i32) -> Result<Vec<DesignGroup>, Error> {
    design_groups::table
        .filter(design_groups::collection_id.eq(collection))
        .order((design_groups::position, design_groups::id))
        .select(DesignGroup::as_select())
        .load(conn)
}

/// The designs of `groups` the scope admits, in order: (group, design guid, design number).
pub fn group_designs(
    conn: &mut DbConnection,
    scope: &Scope,
    groups: &[i32],
) -> Result<Vec<(i32, String, String)>, Error> {
    design_group_designs::table
        .inner_join(designs::table)
        .filter(design_group_designs::group_id.eq_any(groups))
        .filter(scope.probe_sql().predicate())
        .order((
            design_group_designs::group_id,
            design_group_designs::position,
        ))
        .select((
            design_group_designs::group_id,
            designs::guid,
            designs::number,
        ))
        .load(conn)
}

/// The first colorway of each of `designs`: (design guid, colorway guid, name, renditions key).
pub fn first_colorways(
    conn: &mut DbConnection,
    designs: &[&str],
) -> Result<HashMap<String, (String, String, String)>, Error> {
    let rows: Vec<(String, String, String, String)> = colorways::table
        .filter(colorways::design_guid.eq_any(designs))
        .order((colorways::design_guid, colorways::position.desc()))
        .select((
            colorways::design_guid,
            colorways::guid,
            colorways::name,
            colorways::renditions_key,
        ))
        .load(conn)?;
    // In descending position, the last row of a design is its first colorway.
    Ok(rows
        .into_iter()
        .map(|(design, guid, name, key)| (design, (guid, name, key)))
        .collect())
}

pub fn delete_groups(conn: &mut DbConnection, collection: i32) -> Result<(), Error> {
    diesel::delete(design_groups::table.filter(design_groups::collection_id.eq(collection)))
        .execute(conn)
        .map(drop)
}

pub fn insert_group(
    conn: &mut DbConnection,
    collection: i32,
    name: &str,
    position: i32,
    criteria: Option<&str>,
) -> Result<i32, Error> {
    diesel::insert_into(design_groups::table)
        .values((
            design_groups::collection_id.eq(collection),
            design_groups::name.eq(name),
            design_groups::position.eq(position),
            design_groups::criteria.eq(criteria),
        ))
        .returning(design_groups::id)
        .get_result(conn)
}

/// Sets the designs of `group`, in order.
pub fn set_group_designs(
    conn: &mut DbConnection,
    group: i32,
    designs: &[String],
) -> Result<(), Error> {
    diesel::delete(design_group_designs::table.filter(design_group_designs::group_id.eq(group)))
        .execute(conn)?;
    // Row by row: the multi-backend connection has no batch insert.
    for (position, design) in designs.iter().enumerate() {
        diesel::insert_into(design_group_designs::table)
            .values((
                design_group_designs::group_id.eq(group),
                design_group_designs::design_guid.eq(design),
                design_group_designs::position.eq(position as i32),
            ))
            .execute(conn)?;
    }
    Ok(())
}

pub fn set_group_criteria(
    conn: &mut DbConnection,
    group: i32,
    criteria: &str,
) -> Result<(), Error> {
    diesel::update(design_groups::table.find(group))
        .set(design_groups::criteria.eq(criteria))
        .execute(conn)
        .map(|_| ())
}

/// Every smart group (one with a saved search).
pub fn smart_groups(conn: &mut DbConnection) -> Result<Vec<DesignGroup>, Error> {
    design_groups::table
        .filter(design_groups::criteria.is_not_null())
        .select(DesignGroup::as_select())
        .load(conn)
}

pub fn group_holds(conn: &mut DbConnection, group: i32, design: &str) -> Result<bool, Error> {
    diesel::select(diesel::dsl::exists(
        design_group_designs::table.find((group, design.to_owned())),
    ))
    .get_result(conn)
}

/// The designs `predicate` admits, newest first, at most `limit`.
pub fn designs_matching(
    conn: &mut DbConnection,
    predicate: &Sql,
    limit: i64,
) -> Result<Vec<String>, Error> {
    designs::table
        .filter(predicate.clone().predicate())
        .order((designs::uploaded_at.desc(), designs::guid.desc()))
        .limit(limit)
        .select(designs::guid)
        .load(conn)
}

/// Does `predicate` admit design `design`?
pub fn design_matches(
    conn: &mut DbConnection,
    design: &str,
    predicate: &Sql,
) -> Result<bool, Error> {
    designs::table
        .filter(designs::guid.eq(design.to_owned()))
        .filter(predicate.clone().predicate())
        .select(designs::guid)
        .first::<String>(conn)
        .optional()
        .map(|found| found.is_some())
}

// ---- designs and colorways (read only) ------------------------------------------------------------

/// Of `guids`, those naming a design.
pub fn existing_designs(conn: &mut DbConnection, guids: &[String]) -> Result<Vec<String>, Error> {
    designs::table
        .filter(designs::guid.eq_any(guids))
        .select(designs::guid)
        .load(conn)
}

/// A colorway with its design, by ids or by the design's number and the colorway's name.
pub fn colorway(
    conn: &mut DbConnection,
    design: &str,
    colorway: &str,
    by_number: bool,
) -> Result<Option<ShownColorway>, Error> {
    let query = designs::table.inner_join(colorways::table).into_boxed();
    let query = if by_number {
        query
            .filter(designs::number.eq(design.to_owned()))
            .filter(colorways::name.eq(colorway.to_owned()))
    } else {
        query
            .filter(designs::guid.eq(design.to_owned()))
            .filter(colorways::guid.eq(colorway.to_owned()))
    };
    query
        .select(SHOWN_COLORWAY)
        .first::<ShownColorway>(conn)
        .optional()
}

/// Colorways whose design number starts with `number` and name with `name`, by number.
pub fn colorways_like(
    conn: &mut DbConnection,
    number: &str,
    name: &str,
    limit: i64,
) -> Result<Vec<ShownColorway>, Error> {
    let prefix = |text: &str| format!("{}%", db::sql::like_escaped(text));
    designs::table
        .inner_join(colorways::table)
        // Case-insensitive on both backends (SQLite's LIKE is, PostgreSQL's is not).
        .filter(
            db::sql::lower(designs::number)
                .like(db::sql::lower(prefix(number)))
                .escape('\\'),
        )
        .filter(
            db::sql::lower(colorways::name)
                .like(db::sql::lower(prefix(name)))
                .escape('\\'),
        )
        .order((designs::number, colorways::position))
        .limit(limit)
        .select(SHOWN_COLORWAY)
        .load(conn)
}

/// The designs of `guids` the scope admits.
pub fn visible_of(
    conn: &mut DbConnection,
    scope: &Scope,
    guids: &[String],
) -> Result<Vec<String>, Error> {
    designs::table
        .filter(designs::guid.eq_any(guids))
        .filter(scope.probe_sql().predicate())
        .select(designs::guid)
        .load(conn)
}

// ---- special lists --------------------------------------------------------------------------------

pub fn special_lists(conn: &mut DbConnection) -> Result<Vec<SpecialList>, Error> {
    special_lists::table
        .order((special_lists::position, special_lists::id))
        .select(SpecialList::as_select())
        .load(conn)
}

pub fn special_list(conn: &mut DbConnection, id: i32) -> Result<Option<SpecialList>, Error> {
    special_lists::table
        .find(id)
        .select(SpecialList::as_select())
        .first(conn)
        .optional()
}

pub fn insert_special_list(
    conn: &mut DbConnection,
    names: [&str; 3],
    at: NaiveDateTime,
) -> Result<i32, Error> {
    let last: Option<i32> = special_lists::table
        .select(diesel::dsl::max(special_lists::position))
        .first(conn)?;
    diesel::insert_into(special_lists::table)
        .values((
            special_lists::name_tr.eq(names[0]),
            special_lists::name_en.eq(names[1]),
            special_lists::name_ru.eq(names[2]),
            special_lists::rule.eq("designs"),
            special_lists::position.eq(last.map_or(0, |p| p + 1)),
            special_lists::created_at.eq(at),
        ))
        .returning(special_lists::id)
        .get_result(conn)
}

pub fn rename_special_list(
    conn: &mut DbConnection,
    id: i32,
    names: [&str; 3],
) -> Result<usize, Error> {
    diesel::update(special_lists::table.find(id))
        .set((
            special_lists::name_tr.eq(names[0]),
            special_lists::name_en.eq(names[1]),
            special_lists::name_ru.eq(names[2]),
        ))
        .execute(conn)
}

pub fn delete_special_list(conn: &mut DbConnection, id: i32) -> Result<usize, Error> {
    diesel::delete(special_lists::table.find(id)).execute(conn)
}

/// The chosen designs of every list, in order, with their numbers.
pub fn special_list_designs(conn: &mut DbConnection) -> Result<Vec<(i32, String, String)>, Error> {
    special_list_designs::table
        .inner_join(designs::table)
        .order((
            special_list_designs::list_id,
            special_list_designs::position,
        ))
        .select((
            special_list_designs::list_id,
            designs::guid,
            designs::number,
        ))
        .load(conn)
}

pub fn replace_special_list_designs(
    conn: &mut DbConnection,
    id: i32,
    designs: &[String],
) -> Result<(), Error> {
    diesel::delete(special_list_designs::table.filter(special_list_designs::list_id.eq(id)))
        .execute(conn)?;
    for (position, design) in designs.iter().enumerate() {
        diesel::insert_into(special_list_designs::table)
            .values((
                special_list_designs::list_id.eq(id),
                special_list_designs::design_guid.eq(design),
                special_list_designs::position.eq(position as i32),
            ))
            .execute(conn)?;
    }
    Ok(())
}

// ---- stock pages ------------------------------------------------------------------------------------

pub fn stock_pages(conn: &mut DbConnection) -> Result<Vec<(StockPage, String)>, Error> {
    use db::schema::customers;
    stock_pages::table
        .inner_join(customers::table)
        .order(stock_pages::created_at)
        .select((StockPage::as_select(), customers::name))
        .load(conn)
}

pub fn stock_page(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<(StockPage, String)>, Error> {
    use db::schema::customers;
    stock_pages::table
        .inner_join(customers::table)
        .filter(stock_pages::slug.eq(slug))
        .select((StockPage::as_select(), customers::name))
        .first(conn)
        .optional()
}

/// Publishes `page`, replacing the page of the same collection and company (its old slug ends).
pub fn put_stock_page(conn: &mut DbConnection, page: &StockPage) -> Result<(), Error> {
    diesel::delete(
        stock_pages::table
            .filter(stock_pages::collection_id.eq(page.collection_id))
            .filter(stock_pages::customer_guid.eq(&page.customer_guid)),
    )
    .execute(conn)?;
    diesel::insert_into(stock_pages::table)
        .values(page)
        .execute(conn)
        .map(drop)
}

pub fn delete_stock_page(conn: &mut DbConnection, slug: &str) -> Result<usize, Error> {
    diesel::delete(stock_pages::table.filter(stock_pages::slug.eq(slug))).execute(conn)
}

pub fn customer_name(conn: &mut DbConnection, guid: &str) -> Result<Option<String>, Error> {
    use db::schema::customers;
    customers::table
        .find(guid)
        .select(customers::name)
        .first(conn)
        .optional()
}

/// The designs of a collection (with its sub-collections) by number, each with its first
/// colorway: what a stock page shows; `only` one design of them.
pub fn designs_of_collection(
    conn: &mut DbConnection,
    scope: &Scope,
    id: i32,
    only: Option<&str>,
) -> Result<Vec<ShownColorway>, Error> {
    let mut query = collection_designs::table
        .inner_join(designs::table.inner_join(colorways::table))
        .filter(collection_designs::collection_id.eq(id))
        .filter(scope.probe_sql().predicate())
        .into_boxed();
    if let Some(design) = only {
        query = query.filter(collection_designs::design_guid.eq(design.to_owned()));
    }
    let mut rows: Vec<ShownColorway> = query
        .order((designs::number, colorways::position))
        .select(SHOWN_COLORWAY)
        .load(conn)?;
    // A design's colorways are next to each other, its first first.
    rows.dedup_by(|later, first| later.design_guid == first.design_guid);
    Ok(rows)
}
