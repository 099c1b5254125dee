//! The funnel (no archive of its kind has it): per design or per company, how many views,
//! favorites, CAD downloads and orders the filter admits, and the designs never viewed in the
//! period. Orders belong to companies, not users: a user filter counts none.

use crate::entries::{Columns, EntryFilter};
use crate::error::StatisticsError;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::sql::Sql;
use desen_core::{Page, PageRequest};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use serde::Serialize;
use usage::funnel::Subject;
use utoipa::ToSchema;

/// What a funnel row is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FunnelBy {
    Design,
    Company,
}

impl FunnelBy {
    pub fn parse(text: Option<&str>) -> Option<FunnelBy> {
        match text.unwrap_or("design") {
            "design" => Some(FunnelBy::Design),
            "company" => Some(FunnelBy::Company),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, QueryableByName)]
#[serde(rename_all = "camelCase")]
pub struct FunnelRow {
    /// The design's or the company's guid.
    #[diesel(sql_type = Text)]
    pub key: String,
    /// The design's number or the company's name.
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = BigInt)]
    pub views: i64,
    #[diesel(sql_type = BigInt)]
    pub favorites: i64,
    #[diesel(sql_type = BigInt)]
    pub cad_downloads: i64,
    #[diesel(sql_type = BigInt)]
    pub orders: i64,
}

/// The steps summed over every row the filter admits.
#[derive(Debug, Clone, Default, Serialize, ToSchema, PartialEq, QueryableByName)]
#[serde(rename_all = "camelCase")]
pub struct FunnelTotals {
    /// Designs (or companies) with any step.
    #[diesel(sql_type = BigInt, column_name = row_count)]
    pub rows: i64,
    #[diesel(sql_type = BigInt, column_name = all_views)]
    pub views: i64,
    #[diesel(sql_type = BigInt, column_name = all_favorites)]
    pub favorites: i64,
    #[diesel(sql_type = BigInt, column_name = all_cad_downloads)]
    pub cad_downloads: i64,
    #[diesel(sql_type = BigInt, column_name = all_orders)]
    pub orders: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelAnswer {
    pub items: Vec<FunnelRow>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
    pub page_size: u32,
    pub totals: FunnelTotals,
}

/// A design nobody (of the filter) looked at in the period.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, QueryableByName)]
#[serde(rename_all = "camelCase")]
pub struct UnviewedDesign {
    #[diesel(sql_type = Text)]
    pub design_guid: String,
    #[diesel(sql_type = Text)]
    pub design_number: String,
    #[diesel(sql_type = Timestamp)]
    #[serde(with = "desen_core::time::rfc3339")]
    pub upload_date: NaiveDateTime,
}

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Whether the filter names no company or user: the whole studio's counts (crate `usage`)
/// answer it, never its millions of records.
fn whole_studio(filter: &EntryFilter) -> bool {
    filter.company.is_none() && filter.user.is_none()
}

/// `WITH steps AS (…)`: each step's count per key under the filter, one row per key with any.
fn steps(
    conn: &mut DbConnection,
    by: FunnelBy,
    filter: &EntryFilter,
) -> Result<Sql, StatisticsError> {
    if whole_studio(filter) {
        let subject = match by {
            FunnelBy::Design => Subject::Design,
            FunnelBy::Company => Subject::Company,
        };
        let period = usage::funnel::period(
            conn,
            subject,
            filter.from.map(|at| at.date()),
            filter.until.map(|at| at.date()),
        )?;
        let mut sql = Sql::new("WITH steps AS ");
        sql.append(&period);
        return Ok(sql);
    }
    Ok(records(by, filter))
}

/// [`steps`] from the records of a company or a user (few, read off their indexes). Each source
/// is counted on its own, then the counts are added up per key: hash aggregates only, never a
/// join of one source's keys against another's.
fn records(by: FunnelBy, filter: &EntryFilter) -> Sql {
    let key = |design: &str, company: &str| match by {
        FunnelBy::Design => design.to_owned(),
        FunnelBy::Company => company.to_owned(),
    };
    // Which of the four columns a source counts into.
    let step = |slot: usize, key: String, from: &str, columns: Columns| {
        let counts: Vec<&str> = (0..4)
            .map(|i| if i == slot { "COUNT(*)" } else { "0" })
            .collect();
        let mut sql = Sql::new(&format!(
            "SELECT {key} AS key, {} AS views, {} AS favorites, {} AS cad_downloads, {} AS orders \
             FROM {from} WHERE {key} IS NOT NULL AND ",
            counts[0], counts[1], counts[2], counts[3]
        ));
        sql.append(&filter.sql(&columns))
            .push(&format!(" GROUP BY {key}"));
        sql
    };
    let mut sql = Sql::new(
        "WITH steps AS (SELECT key, CAST(SUM(views) AS BIGINT) AS views, \
         CAST(SUM(favorites) AS BIGINT) AS favorites, \
         CAST(SUM(cad_downloads) AS BIGINT) AS cad_downloads, \
         CAST(SUM(orders) AS BIGINT) AS orders FROM (",
    );
    sql.append(&step(
        0,
        key("e.design_guid", "e.customer_guid"),
        "colorway_views e",
        Columns {
            at: "e.viewed_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        },
    ))
    .push(" UNION ALL ")
    .append(&step(
        1,
        key("e.design_guid", "e.customer_guid"),
        "favorite_adds e",
        Columns {
            at: "e.added_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        },
    ))
    .push(" UNION ALL ")
    .append(&step(
        2,
        key("e.design_guid", "e.customer_guid"),
        "cad_downloads e",
        Columns {
            at: "e.created_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        },
    ))
    .push(" UNION ALL ")
    .append(&step(
        3,
        key("e.design_guid", "e.customer_guid"),
        "design_orders e",
        Columns {
            at: "e.ordered_at",
            user: None,
            customer: "e.customer_guid",
        },
    ))
    .push(") counted GROUP BY key)");
    sql
}

/// `FROM steps JOIN …`: the rows with their names; deleted designs and companies drop out.
fn rows(by: FunnelBy) -> &'static str {
    match by {
        FunnelBy::Design => " FROM steps JOIN designs d ON d.guid = steps.key",
        FunnelBy::Company => " FROM steps JOIN customers d ON d.guid = steps.key",
    }
}

/// A funnel row with the totals of every row (window sums, in the same pass).
#[derive(QueryableByName)]
struct RowWithTotals {
    #[diesel(embed)]
    entry: FunnelRow,
    #[diesel(embed)]
    totals: FunnelTotals,
}

/// ` SELECT …`: the totals of every row under the names [`FunnelTotals`] reads, summed over
/// `over` (` OVER ()` for window sums, empty for an aggregate).
fn totals_columns(over: &str) -> String {
    // PostgreSQL sums BIGINT to NUMERIC: cast back.
    let sum =
        |column: &str| format!("CAST(COALESCE(SUM({column}){over}, 0) AS BIGINT) AS all_{column}");
    format!(
        "COUNT(*){over} AS row_count, {}, {}, {}, {}",
        sum("views"),
        sum("favorites"),
        sum("cad_downloads"),
        sum("orders")
    )
}

/// Runs `read` without PostgreSQL's parallel workers: its sums are of some ten thousand rows,
/// where starting and merging workers costs more than it saves. SQLite reads as it is (its
/// transactions take the write lock).
fn serial<T>(
    conn: &mut DbConnection,
    read: impl FnOnce(&mut DbConnection) -> Result<T, StatisticsError>,
) -> Result<T, StatisticsError> {
    match conn {
        DbConnection::Sqlite(_) => read(conn),
        DbConnection::Postgresql(_) => conn.transaction(|conn| {
            conn.batch_execute("SET LOCAL max_parallel_workers_per_gather = 0")?;
            read(conn)
        }),
    }
}

/// A page of the funnel, most viewed first, with the totals of every row.
pub fn funnel(
    conn: &mut DbConnection,
    by: FunnelBy,
    filter: &EntryFilter,
    page: PageRequest,
) -> Result<FunnelAnswer, StatisticsError> {
    let name = match by {
        FunnelBy::Design => "d.number",
        FunnelBy::Company => "d.name",
    };
    serial(conn, |conn| {
        let steps = steps(conn, by, filter)?;
        let mut items = steps.clone();
        items
            .push(&format!(
                " SELECT steps.key AS key, {name} AS name, views, favorites, cad_downloads, \
                 orders, {}",
                totals_columns(" OVER ()")
            ))
            .push(rows(by))
            .push(&format!(
                " ORDER BY views DESC, favorites DESC, cad_downloads DESC, orders DESC, {name}, \
                 steps.key LIMIT "
            ))
            .bind(i64::from(page.page_size))
            .push(" OFFSET ")
            .bind(page.offset());
        let rows_with_totals = items.load::<RowWithTotals>(conn)?;
        let totals = match rows_with_totals.first() {
            Some(first) => first.totals.clone(),
            None if page.offset() == 0 => FunnelTotals::default(),
            // A page past the last: the totals alone.
            None => {
                let mut totals = steps;
                totals
                    .push(&format!(" SELECT {}", totals_columns("")))
                    .push(rows(by));
                totals.get_result::<FunnelTotals>(conn)?
            }
        };
        let items = rows_with_totals.into_iter().map(|r| r.entry).collect();
        let shaped = Page::new(items, totals.rows, page);
        Ok(FunnelAnswer {
            items: shaped.items,
            total_count: shaped.total_count,
            total_page: shaped.total_page,
            current_page: shaped.current_page,
            page_size: page.page_size,
            totals,
        })
    })
}

/// The designs nobody the filter admits looked at in its period, newest first.
pub fn unviewed(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    page: PageRequest,
) -> Result<Page<UnviewedDesign>, StatisticsError> {
    // `WITH steps …` (or nothing), then after the columns, the designs not viewed.
    let (with, designs) = if whole_studio(filter) {
        (
            steps(conn, FunnelBy::Design, filter)?,
            Sql::new(
                " FROM designs WHERE designs.guid NOT IN (SELECT key FROM steps WHERE views > 0)",
            ),
        )
    } else {
        // A company's or a user's views are few: read once off their index.
        let mut sql = Sql::new(
            " FROM designs WHERE designs.guid NOT IN (SELECT e.design_guid \
             FROM colorway_views e WHERE ",
        );
        sql.append(&filter.sql(&Columns {
            at: "e.viewed_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        }))
        .push(")");
        (Sql::default(), sql)
    };
    let select = |columns: &str| {
        let mut sql = with.clone();
        sql.push(&format!(" SELECT {columns}")).append(&designs);
        sql
    };
    serial(conn, |conn| {
        let mut list = select(
            "designs.guid AS design_guid, designs.number AS design_number, \
             designs.uploaded_at AS upload_date, COUNT(*) OVER () AS n",
        );
        list.push(" ORDER BY designs.uploaded_at DESC, designs.guid LIMIT ")
            .bind(i64::from(page.page_size))
            .push(" OFFSET ")
            .bind(page.offset());
        let rows = list.load::<UnviewedWithCount>(conn)?;
        let total = match rows.first() {
            Some(first) => first.count.n,
            None if page.offset() == 0 => 0,
            // A page past the last: the count alone.
            None => select("COUNT(*) AS n").get_result::<CountRow>(conn)?.n,
        };
        let items = rows.into_iter().map(|r| r.design).collect();
        Ok(Page::new(items, total, page))
    })
}

/// An unviewed design with how many there are (a window count, in the same pass).
#[derive(QueryableByName)]
struct UnviewedWithCount {
    #[diesel(embed)]
    design: UnviewedDesign,
    #[diesel(embed)]
    count: CountRow,
}
