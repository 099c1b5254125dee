//! The funnel (no archive of its kind has it): per design or per company, how many views,
//! favorites, CAD downloads and orders the filter admits, and the designs never viewed in the
//! period. Orders belong to companies, not users: a user filter counts none.

use crate::entries::{Columns, EntryFilter};
use crate::error::StatisticsError;
use chrono::NaiveDateTime;
use db::DbConnection;
use db::sql::Sql;
use desen_core::{Page, PageRequest};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use serde::Serialize;
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
    #[diesel(sql_type = BigInt)]
    pub views: i64,
    #[diesel(sql_type = BigInt)]
    pub favorites: i64,
    #[diesel(sql_type = BigInt)]
    pub cad_downloads: i64,
    #[diesel(sql_type = BigInt)]
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

/// `WITH steps AS (…)`: each step's count per key under the filter, one row per key with any.
/// Each source is counted on its own, then the counts are added up per key: hash aggregates
/// only, never a join of one source's keys against another's.
fn steps(by: FunnelBy, filter: &EntryFilter) -> Sql {
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
        key("e.design_guid", "u.customer_guid"),
        "favorite_entries e JOIN favorite_lists l ON l.guid = e.list_guid \
         JOIN users u ON u.guid = l.user_guid",
        Columns {
            at: "e.added_at",
            user: Some("l.user_guid"),
            customer: "u.customer_guid",
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
    let mut totals = steps(by, filter);
    totals
        // PostgreSQL sums BIGINT to NUMERIC: cast back.
        .push(
            " SELECT COUNT(*) AS row_count, CAST(COALESCE(SUM(views), 0) AS BIGINT) AS views, \
             CAST(COALESCE(SUM(favorites), 0) AS BIGINT) AS favorites, \
             CAST(COALESCE(SUM(cad_downloads), 0) AS BIGINT) AS cad_downloads, \
             CAST(COALESCE(SUM(orders), 0) AS BIGINT) AS orders",
        )
        .push(rows(by));
    let totals = totals.get_result::<FunnelTotals>(conn)?;
    let mut items = steps(by, filter);
    items
        .push(&format!(
            " SELECT steps.key AS key, {name} AS name, views, favorites, cad_downloads, orders"
        ))
        .push(rows(by))
        .push(&format!(
            " ORDER BY views DESC, favorites DESC, cad_downloads DESC, orders DESC, {name}, \
             steps.key LIMIT "
        ))
        .bind(i64::from(page.page_size))
        .push(" OFFSET ")
        .bind(page.offset());
    let items = items.load::<FunnelRow>(conn)?;
    let shaped = Page::new(items, totals.rows, page);
    Ok(FunnelAnswer {
        items: shaped.items,
        total_count: shaped.total_count,
        total_page: shaped.total_page,
        current_page: shaped.current_page,
        page_size: page.page_size,
        totals,
    })
}

/// The designs nobody the filter admits looked at in its period, newest first.
pub fn unviewed(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    page: PageRequest,
) -> Result<Page<UnviewedDesign>, StatisticsError> {
    // A company's or a user's views are few (read once off their index); the whole studio's
    // are probed per design instead.
    let few = filter.company.is_some() || filter.user.is_some();
    let condition = || {
        let mut sql = Sql::new(if few {
            " FROM designs WHERE designs.guid NOT IN (SELECT e.design_guid FROM colorway_views e \
             WHERE "
        } else {
            " FROM designs WHERE NOT EXISTS (SELECT 1 FROM colorway_views e \
             WHERE e.design_guid = designs.guid AND "
        });
        sql.append(&filter.sql(&Columns {
            at: "e.viewed_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        }))
        .push(")");
        sql
    };
    let mut count = Sql::new("SELECT COUNT(*) AS n");
    count.append(&condition());
    let total = count.get_result::<CountRow>(conn)?.n;
    let mut list = Sql::new(
        "SELECT designs.guid AS design_guid, designs.number AS design_number, \
         designs.uploaded_at AS upload_date",
    );
    list.append(&condition())
        .push(" ORDER BY designs.uploaded_at DESC, designs.guid LIMIT ")
        .bind(i64::from(page.page_size))
        .push(" OFFSET ")
        .bind(page.offset());
    let items = list.load::<UnviewedDesign>(conn)?;
    Ok(Page::new(items, total, page))
}
