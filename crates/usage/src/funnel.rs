//! The funnel's counts (views → favorites → CAD downloads → orders) per design and per company,
//! kept so that a period of the whole studio is answered from about one row per design instead
//! of millions of records:
//! - `funnel_days`: each day's steps of a key;
//! - `funnel_totals`: every day's;
//! - `funnel_weeks`: every day's before a week's Monday, made when the first record of a new week
//!   is counted (and by [`rebuild`]), for the weeks `funnel_weeks_made` lists.
//!
//! The count of a key before a day is then a week's row or the totals, give or take the few days
//! between ([`period`] picks the nearest). Writers serialise on PostgreSQL (an advisory lock), so
//! a week made by one instance never misses the days another is counting.

use crate::day_text;
use chrono::{Datelike, Days, NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::sql::Sql;
use diesel::connection::SimpleConnection;
use diesel::sql_types::{Nullable, Text};
use diesel::{QueryResult, QueryableByName, RunQueryDsl};
use std::collections::BTreeMap;

/// What a funnel row is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Subject {
    Design,
    Company,
}

impl Subject {
    fn as_str(self) -> &'static str {
        match self {
            Subject::Design => "design",
            Subject::Company => "company",
        }
    }
}

/// A step of the funnel, in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    View = 0,
    Favorite = 1,
    CadDownload = 2,
    Order = 3,
}

/// The step columns, in [`Step`]'s order.
const STEPS: [&str; 4] = ["views", "favorites", "cad_downloads", "orders"];

/// A step of a design (and its company) counted on a day: `n` is 1, or -1 for one taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepTick {
    pub step: Step,
    pub design: String,
    pub company: Option<String>,
    pub at: NaiveDateTime,
    pub n: i64,
}

/// The Monday on or before `day`: the week it counts in.
fn week_of(day: NaiveDate) -> NaiveDate {
    day - Days::new(u64::from(day.weekday().num_days_from_monday()))
}

fn parse_day(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

#[derive(QueryableByName)]
struct Day {
    #[diesel(sql_type = Nullable<Text>)]
    day: Option<String>,
}

/// The first or last (`aggregate` MIN or MAX) of the weeks made for `subject` (`column` week) or
/// of its days counted (`column` day); of those `compare` (`<=`, `=`, `>`) a day when given.
fn edge(
    conn: &mut DbConnection,
    subject: Subject,
    aggregate: &str,
    column: &str,
    bound: Option<(&str, NaiveDate)>,
) -> QueryResult<Option<NaiveDate>> {
    let table = if column == "week" {
        "funnel_weeks_made"
    } else {
        "funnel_days"
    };
    let mut sql = Sql::new(&format!(
        "SELECT {aggregate}({column}) AS day FROM {table} WHERE subject = "
    ));
    sql.bind(subject.as_str());
    if let Some((compare, day)) = bound {
        sql.push(&format!(" AND {column} {compare} "))
            .bind(day_text(day));
    }
    Ok(sql
        .get_result::<Day>(conn)?
        .day
        .as_deref()
        .and_then(parse_day))
}

/// `SUM(views) AS views, …` (cast back from PostgreSQL's NUMERIC).
fn summed() -> String {
    STEPS
        .map(|s| format!("CAST(SUM({s}) AS BIGINT) AS {s}"))
        .join(", ")
}

/// `views, favorites, …` or `-views, -favorites, …`, each named. As INTEGER: PostgreSQL sums
/// those to BIGINT in a machine word, BIGINT to NUMERIC (a key counts far below 2^31).
fn columns(sign: Sign) -> String {
    let sign = match sign {
        Sign::Plus => "",
        Sign::Minus => "-",
    };
    STEPS
        .map(|s| format!("CAST({sign}{s} AS INTEGER) AS {s}"))
        .join(", ")
}

/// ` HAVING` a key with any step.
fn any_step() -> String {
    format!(
        " HAVING {}",
        STEPS.map(|s| format!("SUM({s}) <> 0")).join(" OR ")
    )
}

/// Counts `ticks` (in the transaction of their records). Call it last in a transaction that also
/// locks other rows: on PostgreSQL it holds a lock every writer waits for until the commit.
pub fn count(conn: &mut DbConnection, ticks: &[StepTick]) -> QueryResult<()> {
    if ticks.is_empty() {
        return Ok(());
    }
    conn.transaction(|conn| {
        if matches!(conn, DbConnection::Postgresql(_)) {
            // Held to the end of the outermost transaction. SQLite's writers are serial anyway.
            conn.batch_execute("SELECT pg_advisory_xact_lock(7411130021)")?;
        }
        let mut rows: BTreeMap<(Subject, NaiveDate, &str), [i64; 4]> = BTreeMap::new();
        for tick in ticks {
            let day = tick.at.date();
            rows.entry((Subject::Design, day, &tick.design))
                .or_default()[tick.step as usize] += tick.n;
            if let Some(company) = &tick.company {
                rows.entry((Subject::Company, day, company)).or_default()[tick.step as usize] +=
                    tick.n;
            }
        }
        for subject in [Subject::Design, Subject::Company] {
            let newest = rows.keys().filter(|k| k.0 == subject).map(|k| k.1).max();
            if let Some(newest) = newest {
                let week = week_of(newest);
                if edge(conn, subject, "MAX", "week", None)?.is_none_or(|last| last < week) {
                    make_week(conn, subject, week)?;
                }
            }
        }
        for ((subject, day, key), n) in rows {
            add(conn, subject, day, key, n)?;
        }
        Ok(())
    })
}

/// Adds `n` to a key's day, its totals and each week made after the day.
fn add(
    conn: &mut DbConnection,
    subject: Subject,
    day: NaiveDate,
    key: &str,
    n: [i64; 4],
) -> QueryResult<()> {
    let day = day_text(day);
    let subject = subject.as_str();
    upsert(
        conn,
        "funnel_days",
        &[("subject", subject), ("day", &day), ("key", key)],
        n,
    )?;
    upsert(
        conn,
        "funnel_totals",
        &[("subject", subject), ("key", key)],
        n,
    )?;
    // Only a record counted late (an order entered with an old date) finds weeks after its day.
    let mut weeks = Sql::new(&format!(
        "INSERT INTO funnel_weeks (subject, week, key, {}) SELECT m.subject, m.week, ",
        STEPS.join(", ")
    ));
    weeks.bind(key);
    for v in n {
        weeks.push(", ").bind(v);
    }
    weeks
        .push(" FROM funnel_weeks_made m WHERE m.subject = ")
        .bind(subject)
        .push(" AND m.week > ")
        .bind(day)
        .push(&adding("funnel_weeks", "subject, week, key"));
    weeks.execute(conn)?;
    Ok(())
}

/// Adds `n` to the row of `table` at `keys` (column, value), made when missing.
fn upsert(
    conn: &mut DbConnection,
    table: &str,
    keys: &[(&str, &str)],
    n: [i64; 4],
) -> QueryResult<()> {
    let names: Vec<&str> = keys.iter().map(|(column, _)| *column).collect();
    let mut sql = Sql::new(&format!(
        "INSERT INTO {table} ({}, {}) VALUES (",
        names.join(", "),
        STEPS.join(", ")
    ));
    for (i, (_, value)) in keys.iter().enumerate() {
        if i > 0 {
            sql.push(", ");
        }
        sql.bind(*value);
    }
    for v in n {
        sql.push(", ").bind(v);
    }
    sql.push(")").push(&adding(table, &names.join(", ")));
    sql.execute(conn).map(|_| ())
}

/// ` ON CONFLICT (keys) DO UPDATE SET views = table.views + excluded.views, …`.
fn adding(table: &str, keys: &str) -> String {
    format!(
        " ON CONFLICT ({keys}) DO UPDATE SET {}",
        STEPS
            .map(|s| format!("{s} = {table}.{s} + excluded.{s}"))
            .join(", ")
    )
}

/// Makes the week starting `week`: everything counted before it, from the week before when that
/// was made (a week of days), else from the totals less the days since.
fn make_week(conn: &mut DbConnection, subject: Subject, week: NaiveDate) -> QueryResult<()> {
    let before = week - Days::new(7);
    let parts = if edge(conn, subject, "MAX", "week", Some(("=", before)))?.is_some() {
        vec![
            Part::Week(before, Sign::Plus),
            Part::Days(Some(before), Some(week), Sign::Plus),
        ]
    } else {
        vec![
            Part::Totals(Sign::Plus),
            Part::Days(Some(week), None, Sign::Minus),
        ]
    };
    let mut sql = Sql::new(&format!(
        "INSERT INTO funnel_weeks (subject, week, key, {}) SELECT ",
        STEPS.join(", ")
    ));
    sql.bind(subject.as_str())
        .push(", ")
        .bind(day_text(week))
        .push(&format!(", key, {}", summed()))
        .append(&union(subject, &parts))
        .push(" GROUP BY key")
        .push(&any_step());
    sql.execute(conn)?;
    let mut mark = Sql::new("INSERT INTO funnel_weeks_made (subject, week) VALUES (");
    mark.bind(subject.as_str())
        .push(", ")
        .bind(day_text(week))
        .push(") ON CONFLICT (subject, week) DO NOTHING");
    mark.execute(conn)?;
    Ok(())
}

/// Whether a part of a count is added or taken away.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Sign {
    Plus,
    Minus,
}

/// A signed part of a count: the totals, a week, or the days in `[from, until)`.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Totals(Sign),
    Week(NaiveDate, Sign),
    Days(Option<NaiveDate>, Option<NaiveDate>, Sign),
}

impl Part {
    /// The same part with the opposite sign.
    fn negated(&self) -> Part {
        let flip = |sign: &Sign| match sign {
            Sign::Plus => Sign::Minus,
            Sign::Minus => Sign::Plus,
        };
        match self {
            Part::Totals(s) => Part::Totals(flip(s)),
            Part::Week(w, s) => Part::Week(*w, flip(s)),
            Part::Days(f, u, s) => Part::Days(*f, *u, flip(s)),
        }
    }
}

/// ` FROM (… UNION ALL …) parts`: the signed rows of `parts`.
fn union(subject: Subject, parts: &[Part]) -> Sql {
    let mut sql = Sql::new(" FROM (");
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            sql.push(" UNION ALL ");
        }
        match part {
            Part::Totals(sign) => {
                sql.push(&format!(
                    "SELECT key, {} FROM funnel_totals WHERE subject = ",
                    columns(*sign)
                ))
                .bind(subject.as_str());
            }
            Part::Week(week, sign) => {
                sql.push(&format!(
                    "SELECT key, {} FROM funnel_weeks WHERE subject = ",
                    columns(*sign)
                ))
                .bind(subject.as_str())
                .push(" AND week = ")
                .bind(day_text(*week));
            }
            Part::Days(from, until, sign) => {
                sql.push(&format!(
                    "SELECT key, {} FROM funnel_days WHERE subject = ",
                    columns(*sign)
                ))
                .bind(subject.as_str());
                if let Some(from) = from {
                    sql.push(" AND day >= ").bind(day_text(*from));
                }
                if let Some(until) = until {
                    sql.push(" AND day < ").bind(day_text(*until));
                }
            }
        }
    }
    sql.push(") parts");
    sql
}

/// The cheapest way to the count before `day` (the parts, and their cost in days read, a
/// whole-studio row set counting as one): a week made before it plus the days between, a week made
/// after it less the days between, or the totals less the days since.
fn before(
    conn: &mut DbConnection,
    subject: Subject,
    day: NaiveDate,
    newest: Option<NaiveDate>,
) -> QueryResult<(Vec<Part>, i64)> {
    let span = |a: NaiveDate, b: NaiveDate| (b - a).num_days().max(0);
    let mut ways = vec![match newest {
        Some(newest) if newest >= day => (
            vec![
                Part::Totals(Sign::Plus),
                Part::Days(Some(day), None, Sign::Minus),
            ],
            2 + span(day, newest),
        ),
        _ => (vec![Part::Totals(Sign::Plus)], 1),
    }];
    if let Some(week) = edge(conn, subject, "MAX", "week", Some(("<=", day)))? {
        ways.push((
            vec![
                Part::Week(week, Sign::Plus),
                Part::Days(Some(week), Some(day), Sign::Plus),
            ],
            1 + span(week, day),
        ));
    }
    if let Some(week) = edge(conn, subject, "MIN", "week", Some((">", day)))? {
        ways.push((
            vec![
                Part::Week(week, Sign::Plus),
                Part::Days(Some(day), Some(week), Sign::Minus),
            ],
            1 + span(day, week),
        ));
    }
    // The first of the cheapest: the totals when they tie.
    Ok(ways
        .into_iter()
        .min_by_key(|way| way.1)
        .unwrap_or_else(|| (vec![Part::Totals(Sign::Plus)], 1)))
}

/// `(SELECT key, views, favorites, cad_downloads, orders …)`: each key's steps counted on the
/// days `[from, until)` (unbounded when none), the keys with any step only.
pub fn period(
    conn: &mut DbConnection,
    subject: Subject,
    from: Option<NaiveDate>,
    until: Option<NaiveDate>,
) -> QueryResult<Sql> {
    let newest = edge(conn, subject, "MAX", "day", None)?;
    // An upper bound past every day counted is the totals.
    let until = until.filter(|until| newest.is_some_and(|newest| *until <= newest));
    let mut parts = match until {
        Some(until) => before(conn, subject, until, newest)?,
        None => (vec![Part::Totals(Sign::Plus)], 1),
    };
    if let Some(from) = from {
        let (lower, cost) = before(conn, subject, from, newest)?;
        let lower: Vec<Part> = lower.iter().map(Part::negated).collect();
        // The days alone, when fewer; and a base both bounds start from cancels out.
        let days = until.map(|until| (until - from).num_days().max(0));
        if days.is_some_and(|days| days <= parts.1 + cost) {
            parts = (vec![Part::Days(Some(from), until, Sign::Plus)], 0);
        } else {
            for part in lower {
                let twin = part.negated();
                let base = !matches!(part, Part::Days(..));
                match parts.0.iter().position(|p| base && *p == twin) {
                    Some(i) => {
                        parts.0.remove(i);
                    }
                    None => parts.0.push(part),
                }
            }
            if parts.0.is_empty() {
                // Both bounds past every day counted: the days between, none.
                parts.0.push(Part::Days(Some(from), until, Sign::Plus));
            }
        }
    }
    if let [part @ (Part::Totals(Sign::Plus) | Part::Week(_, Sign::Plus))] = parts.0.as_slice() {
        // One row per key already: no sums needed.
        let mut sql = Sql::new(&format!(
            "(SELECT key, {}",
            STEPS
                .map(|s| format!("CAST({s} AS BIGINT) AS {s}"))
                .join(", ")
        ));
        sql.append(&union(subject, std::slice::from_ref(part)))
            .push(&format!(
                " WHERE {})",
                STEPS.map(|s| format!("{s} <> 0")).join(" OR ")
            ));
        return Ok(sql);
    }
    let mut sql = Sql::new(&format!("(SELECT key, {}", summed()));
    sql.append(&union(subject, &parts.0))
        .push(" GROUP BY key")
        .push(&any_step())
        .push(")");
    Ok(sql)
}

/// Counts every record again: the days, the totals, and a week for each week since the first.
pub fn rebuild(conn: &mut DbConnection) -> QueryResult<()> {
    let sources = [
        ("colorway_views", "viewed_at", Step::View),
        ("favorite_adds", "added_at", Step::Favorite),
        ("cad_downloads", "created_at", Step::CadDownload),
        ("design_orders", "ordered_at", Step::Order),
    ];
    let mut steps = Vec::new();
    for (table, at, step) in sources {
        let counts = STEPS
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{} AS {name}", u8::from(i == step as usize)))
            .collect::<Vec<_>>()
            .join(", ");
        let day = crate::day_of(conn, at);
        steps.push(format!(
            "SELECT 'design' AS subject, {day} AS day, design_guid AS key, {counts} FROM {table}"
        ));
        steps.push(format!(
            "SELECT 'company', {day}, customer_guid, {counts} FROM {table} \
             WHERE customer_guid IS NOT NULL"
        ));
    }
    conn.batch_execute(&format!(
        "DELETE FROM funnel_weeks_made; DELETE FROM funnel_weeks; DELETE FROM funnel_totals; \
         DELETE FROM funnel_days; \
         INSERT INTO funnel_days (subject, day, key, {names}) \
         SELECT subject, day, key, {sums} FROM ({steps}) steps \
         GROUP BY subject, day, key; \
         INSERT INTO funnel_totals (subject, key, {names}) SELECT subject, key, {sums} \
         FROM funnel_days GROUP BY subject, key;",
        names = STEPS.join(", "),
        sums = summed(),
        steps = steps.join(" UNION ALL "),
    ))?;
    for subject in [Subject::Design, Subject::Company] {
        let Some(first) = edge(conn, subject, "MIN", "day", None)? else {
            continue;
        };
        let newest = edge(conn, subject, "MAX", "day", None)?.unwrap_or(first);
        // Nothing is counted before the first week: made empty, each next from the one before.
        let mut week = week_of(first);
        let mut mark = Sql::new("INSERT INTO funnel_weeks_made (subject, week) VALUES (");
        mark.bind(subject.as_str())
            .push(", ")
            .bind(day_text(week))
            .push(")");
        mark.execute(conn)?;
        while week < week_of(newest) {
            week = week + Days::new(7);
            make_week(conn, subject, week)?;
        }
    }
    Ok(())
}
