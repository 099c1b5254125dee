#![doc = include_str!("../README.md")]

//! The statistics' daily counts: each record (a CAD download, a sign-in, a colorway view and the
//! labels it looked at) adds one to its day's row per user, company and label (`usage_days`), to
//! the studio's row of that day (`usage_totals`), and names its user and company once
//! (`usage_people`). Writers call [`tally`] in the transaction that inserts the records, for the
//! records actually inserted, so a count is never ahead of, behind or double its records. The
//! statistics screen sums these rows instead of counting millions of records.

pub mod funnel;
mod recorder;
mod records;

pub use recorder::Recorder;
pub use records::{CadRecord, FavoriteRecord, Record, SignInRecord, ViewRecord, write};

use chrono::{NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::sql::Sql;
use diesel::connection::SimpleConnection;
use diesel::{QueryResult, RunQueryDsl};
use std::collections::{BTreeMap, BTreeSet};

/// Which statistic a record counts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Cad,
    Login,
    Colorway,
    Label,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Cad => "cad",
            Kind::Login => "login",
            Kind::Colorway => "colorway",
            Kind::Label => "label",
        }
    }
}

/// The day a record counts on: `YYYY-MM-DD` in UTC, as `usage_days` keeps it.
pub fn day(at: NaiveDateTime) -> String {
    day_text(at.date())
}

pub fn day_text(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// One record to count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tick {
    pub kind: Kind,
    pub at: NaiveDateTime,
    /// None for a sign-in with an unknown address.
    pub user: Option<String>,
    pub customer: Option<String>,
    /// The label looked at (labels only).
    pub label: Option<i32>,
}

/// Adds `ticks` to the daily counts. Ticks of the same row are summed first: one statement per
/// row, whatever the batch.
pub fn tally(conn: &mut DbConnection, ticks: &[Tick]) -> QueryResult<()> {
    let mut days: BTreeMap<(Kind, String, &str, &str, i32), i64> = BTreeMap::new();
    let mut totals: BTreeMap<(Kind, String, i32), i64> = BTreeMap::new();
    let mut people: BTreeSet<(Kind, &str, &str)> = BTreeSet::new();
    for tick in ticks {
        let user = tick.user.as_deref().unwrap_or("");
        let customer = tick.customer.as_deref().unwrap_or("");
        let label = tick.label.unwrap_or(0);
        let day = day(tick.at);
        *days
            .entry((tick.kind, day.clone(), user, customer, label))
            .or_default() += 1;
        *totals.entry((tick.kind, day, label)).or_default() += 1;
        people.insert((tick.kind, user, customer));
    }
    for ((kind, day, user, customer, label), n) in days {
        let mut sql = Sql::new(
            "INSERT INTO usage_days (kind, day, user_guid, customer_guid, label_id, n) VALUES (",
        );
        sql.bind(kind.as_str())
            .push(", ")
            .bind(day)
            .push(", ")
            .bind(user)
            .push(", ")
            .bind(customer)
            .push(", ")
            .bind(label)
            .push(", ")
            .bind(n)
            .push(
                ") ON CONFLICT (kind, user_guid, day, customer_guid, label_id) \
                 DO UPDATE SET n = usage_days.n + excluded.n",
            );
        sql.execute(conn)?;
    }
    for ((kind, day, label), n) in totals {
        let mut sql = Sql::new("INSERT INTO usage_totals (kind, day, label_id, n) VALUES (");
        sql.bind(kind.as_str())
            .push(", ")
            .bind(day)
            .push(", ")
            .bind(label)
            .push(", ")
            .bind(n)
            .push(
                ") ON CONFLICT (kind, day, label_id) DO UPDATE SET n = usage_totals.n + excluded.n",
            );
        sql.execute(conn)?;
    }
    for (kind, user, customer) in people {
        let mut sql =
            Sql::new("INSERT INTO usage_people (kind, user_guid, customer_guid) VALUES (");
        sql.bind(kind.as_str())
            .push(", ")
            .bind(user)
            .push(", ")
            .bind(customer)
            .push(") ON CONFLICT (kind, user_guid, customer_guid) DO NOTHING");
        sql.execute(conn)?;
    }
    Ok(())
}

/// The SQL of a timestamp column's day on this backend.
pub(crate) fn day_of(conn: &DbConnection, column: &str) -> String {
    match conn {
        DbConnection::Sqlite(_) => format!("date({column})"),
        DbConnection::Postgresql(_) => format!("to_char({column}, 'YYYY-MM-DD')"),
    }
}

/// `INSERT … SELECT`: the daily counts of `kind` from its records `table` (timed by `at`, of the
/// rows `condition` admits), grouped as `usage_days` keeps them.
fn count_records(
    conn: &DbConnection,
    kind: Kind,
    table: &str,
    at: &str,
    label: &str,
    condition: &str,
) -> String {
    let day = day_of(conn, at);
    // A constant in GROUP BY would name a column by its position.
    let by_label = if label == "0" {
        String::new()
    } else {
        format!(", {label}")
    };
    format!(
        "INSERT INTO usage_days (kind, day, user_guid, customer_guid, label_id, n) \
         SELECT '{kind}', {day}, COALESCE(user_guid, ''), COALESCE(customer_guid, ''), {label}, \
         COUNT(*) FROM {table} WHERE {condition} \
         GROUP BY {day}, COALESCE(user_guid, ''), COALESCE(customer_guid, ''){by_label};",
        kind = kind.as_str()
    )
}

/// [`count_records`] of the label records `condition` admits.
fn count_label_views(conn: &DbConnection, condition: &str) -> String {
    count_records(
        conn,
        Kind::Label,
        "label_views",
        "viewed_at",
        "label_id",
        condition,
    )
}

/// `INSERT … SELECT`: the studio's daily totals from `usage_days` rows `condition` admits.
fn total_days(condition: &str) -> String {
    format!(
        "INSERT INTO usage_totals (kind, day, label_id, n) SELECT kind, day, label_id, SUM(n) \
         FROM usage_days WHERE {condition} GROUP BY kind, day, label_id;"
    )
}

/// Counts every record again (after records were written in bulk, as the benchmark does):
/// the label records of every view from its design's labels now, then all the counts and the
/// funnel's.
pub fn rebuild(conn: &mut DbConnection) -> QueryResult<()> {
    let script = [
        "DELETE FROM usage_people; DELETE FROM usage_totals; DELETE FROM usage_days; \
         DELETE FROM label_views;"
            .to_owned(),
        "INSERT INTO label_views (view_id, label_id, user_guid, customer_guid, design_guid, \
         colorway_guid, viewed_at) SELECT v.id, l.label_id, v.user_guid, v.customer_guid, \
         v.design_guid, v.colorway_guid, v.viewed_at FROM colorway_views v \
         JOIN design_labels l ON l.design_guid = v.design_guid;"
            .to_owned(),
        count_records(conn, Kind::Cad, "cad_downloads", "created_at", "0", "1 = 1"),
        count_records(conn, Kind::Login, "sign_ins", "at", "0", "1 = 1"),
        count_records(
            conn,
            Kind::Colorway,
            "colorway_views",
            "viewed_at",
            "0",
            "1 = 1",
        ),
        count_label_views(conn, "1 = 1"),
        total_days("1 = 1"),
        "INSERT INTO usage_people (kind, user_guid, customer_guid) \
         SELECT DISTINCT kind, user_guid, customer_guid FROM usage_days;"
            .to_owned(),
    ]
    .concat();
    conn.batch_execute(&script)?;
    funnel::rebuild(conn)
}

/// A label merged into another: its view records and counts become the kept label's (a view
/// that looked at both counts once).
pub fn merge_label(conn: &mut DbConnection, from: i32, into: i32) -> QueryResult<()> {
    let script = [
        format!(
            "DELETE FROM label_views WHERE label_id = {from} AND view_id IN \
             (SELECT view_id FROM label_views WHERE label_id = {into}); \
             UPDATE label_views SET label_id = {into} WHERE label_id = {from}; \
             DELETE FROM usage_days WHERE kind = 'label' AND label_id IN ({from}, {into}); \
             DELETE FROM usage_totals WHERE kind = 'label' AND label_id IN ({from}, {into});"
        ),
        count_label_views(conn, &format!("label_id = {into}")),
        total_days(&format!("kind = 'label' AND label_id = {into}")),
    ]
    .concat();
    conn.batch_execute(&script)
}

/// A label deleted: its view records go with it (the key cascades), its counts here.
pub fn forget_label(conn: &mut DbConnection, label: i32) -> QueryResult<()> {
    conn.batch_execute(&format!(
        "DELETE FROM label_views WHERE label_id = {label}; \
         DELETE FROM usage_days WHERE kind = 'label' AND label_id = {label}; \
         DELETE FROM usage_totals WHERE kind = 'label' AND label_id = {label};"
    ))
}
