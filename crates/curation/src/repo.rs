//! The queries of labels, tagging and pins.

use catalog::model::Label;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{design_labels, labels, wear_model_labels};
use db::sql::Sql;
use diesel::prelude::*;
use diesel::result::Error;
use diesel::sql_types::{BigInt, Text};

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct GuidRow {
    #[diesel(sql_type = Text)]
    guid: String,
}

#[derive(QueryableByName)]
struct SharedRow {
    #[diesel(sql_type = Text)]
    design: String,
    #[diesel(sql_type = BigInt)]
    shared: i64,
}

// ---- labels -----------------------------------------------------------------------------------

pub fn label(conn: &mut DbConnection, id: i32) -> Result<Option<Label>, Error> {
    labels::table
        .find(id)
        .select(Label::as_select())
        .first(conn)
        .optional()
}

pub fn update_label(conn: &mut DbConnection, label: &Label) -> Result<(), Error> {
    diesel::update(labels::table.find(label.id))
        .set((
            labels::name_tr.eq(&label.name_tr),
            labels::name_en.eq(&label.name_en),
            labels::name_ru.eq(&label.name_ru),
            labels::group_id.eq(label.group_id),
            labels::is_group_header.eq(label.is_group_header),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Members of a group header leave it (the header stops being one, or is deleted).
pub fn ungroup_members(conn: &mut DbConnection, header: i32) -> Result<(), Error> {
    diesel::update(labels::table.filter(labels::group_id.eq(header)))
        .set(labels::group_id.eq(None::<i32>))
        .execute(conn)
        .map(|_| ())
}

pub fn delete_label(conn: &mut DbConnection, id: i32) -> Result<usize, Error> {
    diesel::delete(labels::table.find(id)).execute(conn)
}

/// Designs per label id.
pub fn design_counts(conn: &mut DbConnection) -> Result<Vec<(i32, i64)>, Error> {
    design_labels::table
        .group_by(design_labels::label_id)
        .select((design_labels::label_id, diesel::dsl::count_star()))
        .load(conn)
}

/// Wear models per label id.
pub fn wear_counts(conn: &mut DbConnection) -> Result<Vec<(i32, i64)>, Error> {
    wear_model_labels::table
        .group_by(wear_model_labels::label_id)
        .select((wear_model_labels::label_id, diesel::dsl::count_star()))
        .load(conn)
}

pub fn designs_with(conn: &mut DbConnection, label: i32) -> Result<i64, Error> {
    design_labels::table
        .filter(design_labels::label_id.eq(label))
        .count()
        .get_result(conn)
}

/// Gives `into` to every design and wear model carrying `from`, then takes `from` off them.
/// Answers the designs that got `into`.
pub fn move_label(conn: &mut DbConnection, from: i32, into: i32) -> Result<usize, Error> {
    let mut moved = 0;
    for (table, owner) in [
        ("design_labels", "design_guid"),
        ("wear_model_labels", "wear_guid"),
    ] {
        let mut add = Sql::new(&format!(
            "INSERT INTO {table} ({owner}, label_id) SELECT d.{owner}, "
        ));
        add.bind(into)
            .push(&format!(" FROM {table} d WHERE d.label_id = "))
            .bind(from)
            .push(&format!(
                " AND NOT EXISTS (SELECT 1 FROM {table} e WHERE e.{owner} = d.{owner} AND e.label_id = "
            ))
            .bind(into)
            .push(")");
        let added = add.execute(conn)?;
        if table == "design_labels" {
            moved = added;
        }
        let mut remove = Sql::new(&format!("DELETE FROM {table} WHERE label_id = "));
        remove.bind(from);
        remove.execute(conn)?;
    }
    Ok(moved)
}

/// The labels of these designs, as (design, label) pairs.
pub fn labels_of_designs(
    conn: &mut DbConnection,
    designs: &[String],
) -> Result<Vec<(String, i32)>, Error> {
    design_labels::table
        .filter(design_labels::design_guid.eq_any(designs))
        .select((design_labels::design_guid, design_labels::label_id))
        .load(conn)
}

pub fn label_ids_of(conn: &mut DbConnection, design: &str) -> Result<Vec<i32>, Error> {
    design_labels::table
        .filter(design_labels::design_guid.eq(design))
        .order(design_labels::label_id)
        .select(design_labels::label_id)
        .load(conn)
}

/// The labelled designs sharing most palette swatches with `design`, most shared first.
pub fn palette_neighbours(
    conn: &mut DbConnection,
    design: &str,
    limit: i64,
) -> Result<Vec<(String, i64)>, Error> {
    let mut sql = Sql::new(
        "SELECT other.design_guid AS design, COUNT(*) AS shared FROM swatch_designs mine \
         JOIN swatch_designs other ON other.swatch = mine.swatch \
         AND other.design_guid <> mine.design_guid WHERE mine.design_guid = ",
    );
    sql.bind(design)
        .push(
            " AND EXISTS (SELECT 1 FROM design_labels WHERE design_labels.design_guid = \
             other.design_guid) GROUP BY other.design_guid ORDER BY shared DESC, design LIMIT ",
        )
        .bind(limit);
    Ok(sql
        .load::<SharedRow>(conn)?
        .into_iter()
        .map(|r| (r.design, r.shared))
        .collect())
}

// ---- tagging ----------------------------------------------------------------------------------

/// Forgets reservations taken before `reserved_before` and skips made before `skipped_before`.
pub fn lapse(
    conn: &mut DbConnection,
    reserved_before: NaiveDateTime,
    skipped_before: NaiveDateTime,
) -> Result<(), Error> {
    let mut sql = Sql::new("DELETE FROM tagging_reservations WHERE reserved_at < ");
    sql.bind(reserved_before);
    sql.execute(conn)?;
    let mut sql = Sql::new("DELETE FROM tagging_skips WHERE skipped_at < ");
    sql.bind(skipped_before);
    sql.execute(conn)?;
    Ok(())
}

pub fn release(conn: &mut DbConnection, admin: &str) -> Result<(), Error> {
    let mut sql = Sql::new("DELETE FROM tagging_reservations WHERE admin_guid = ");
    sql.bind(admin);
    sql.execute(conn).map(|_| ())
}

pub fn skip(
    conn: &mut DbConnection,
    admin: &str,
    design: &str,
    at: NaiveDateTime,
) -> Result<(), Error> {
    let mut sql = Sql::new("DELETE FROM tagging_skips WHERE admin_guid = ");
    sql.bind(admin).push(" AND design_guid = ").bind(design);
    sql.execute(conn)?;
    let mut sql =
        Sql::new("INSERT INTO tagging_skips (admin_guid, design_guid, skipped_at) SELECT ");
    sql.bind(admin)
        .push(", guid, ")
        .bind(at)
        .push(" FROM designs WHERE guid = ")
        .bind(design);
    sql.execute(conn).map(|_| ())
}

/// The design `admin` holds that `wanted` (a condition on `designs`) still admits.
pub fn held(conn: &mut DbConnection, admin: &str, wanted: &Sql) -> Result<Option<String>, Error> {
    let mut sql = Sql::new(
        "SELECT designs.guid AS guid FROM tagging_reservations \
         JOIN designs ON designs.guid = tagging_reservations.design_guid \
         WHERE tagging_reservations.admin_guid = ",
    );
    sql.bind(admin)
        .push(" AND ")
        .append(wanted)
        .push(" LIMIT 1");
    Ok(sql.load::<GuidRow>(conn)?.pop().map(|r| r.guid))
}

pub fn renew(conn: &mut DbConnection, design: &str, at: NaiveDateTime) -> Result<(), Error> {
    let mut sql = Sql::new("UPDATE tagging_reservations SET reserved_at = ");
    sql.bind(at).push(" WHERE design_guid = ").bind(design);
    sql.execute(conn).map(|_| ())
}

/// Reserves for `admin` the newest design `wanted` admits that nobody holds and `admin` did not
/// skip. Answers false when none was free or another admin took it in the same instant (the
/// key refuses a second reservation of a design).
pub fn reserve_next(
    conn: &mut DbConnection,
    admin: &str,
    wanted: &Sql,
    at: NaiveDateTime,
) -> Result<bool, Error> {
    let mut sql = Sql::new(
        "INSERT INTO tagging_reservations (design_guid, admin_guid, reserved_at) \
         SELECT designs.guid, ",
    );
    sql.bind(admin)
        .push(", ")
        .bind(at)
        .append(&free(admin, wanted))
        .push(
            " ORDER BY designs.uploaded_at DESC, designs.guid LIMIT 1 \
             ON CONFLICT (design_guid) DO NOTHING",
        );
    Ok(sql.execute(conn)? == 1)
}

/// Whether any design `wanted` admits is free for `admin` (held by nobody, not skipped).
pub fn any_free(conn: &mut DbConnection, admin: &str, wanted: &Sql) -> Result<bool, Error> {
    #[derive(diesel::QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        found: bool,
    }
    let mut sql = Sql::new("SELECT EXISTS (SELECT 1");
    sql.append(&free(admin, wanted)).push(") AS found");
    Ok(sql.get_result::<Found>(conn)?.found)
}

/// ` FROM designs WHERE …`: the designs `wanted` admits that nobody holds and `admin` did not
/// skip.
fn free(admin: &str, wanted: &Sql) -> Sql {
    let mut sql = Sql::new(" FROM designs WHERE ");
    sql.append(wanted)
        .push(
            " AND NOT EXISTS (SELECT 1 FROM tagging_reservations r \
             WHERE r.design_guid = designs.guid) \
             AND NOT EXISTS (SELECT 1 FROM tagging_skips s \
             WHERE s.design_guid = designs.guid AND s.admin_guid = ",
        )
        .bind(admin)
        .push(")");
    sql
}

/// Reserves this very design for `admin`, whoever held it.
pub fn reserve(
    conn: &mut DbConnection,
    admin: &str,
    design: &str,
    at: NaiveDateTime,
) -> Result<(), Error> {
    let mut sql = Sql::new("DELETE FROM tagging_reservations WHERE design_guid = ");
    sql.bind(design);
    sql.execute(conn)?;
    let mut sql = Sql::new(
        "INSERT INTO tagging_reservations (design_guid, admin_guid, reserved_at) VALUES (",
    );
    sql.bind(design)
        .push(", ")
        .bind(admin)
        .push(", ")
        .bind(at)
        .push(")");
    sql.execute(conn).map(|_| ())
}

pub fn count_designs(conn: &mut DbConnection, condition: &Sql) -> Result<i64, Error> {
    let mut sql = Sql::new("SELECT COUNT(*) AS n FROM designs WHERE ");
    sql.append(condition);
    Ok(sql.get_result::<CountRow>(conn)?.n)
}
