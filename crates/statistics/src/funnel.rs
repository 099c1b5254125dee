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
    pub upload_date: NaiveDateTime,
}

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// `WITH v, f, c, o, k`: each step's count per key under the filter, and every key with any.
fn steps(by: FunnelBy, filter: &EntryFilter) -> Sql {
    let key = |design: &str, company: &str| match by {
        FunnelBy::Design => design.to_owned(),
        FunnelBy::Company => company.to_owned(),
    };
    let step = |name: &str, key: String, from: &str, columns: Columns| {
        let mut sql = Sql::new(&format!(
            "{name} AS (SELECT {key} AS key, COUNT(*) AS n FROM {from} WHERE {key} IS NOT NULL AND "
        ));
        sql.append(&filter.sql(&columns))
            .push(&format!(" GROUP BY {key})"));
        sql
    };
    let mut sql = Sql::new("WITH ");
    sql.append(&step(
        "v",
        key("e.design_guid", "e.customer_guid"),
        "colorway_views e",
        Columns {
            at: "e.viewed_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        },
    ))
    .push(", ")
    .append(&step(
        "f",
        key("e.design_guid", "u.customer_guid"),
        "favorite_entries e JOIN favorite_lists l ON l.guid = e.list_guid \
         JOIN users u ON u.guid = l.user_guid",
        Columns {
            at: "e.added_at",
            user: Some("l.user_guid"),
            customer: "u.customer_guid",
        },
    ))
    .push(", ")
    .append(&step(
        "c",
        key("e.design_guid", "e.customer_guid"),
        "cad_downloads e",
        Columns {
            at: "e.created_at",
            user: Some("e.user_guid"),
            customer: "e.customer_guid",
        },
    ))
    .push(", ")
    .append(&step(
        "o",
        key("e.design_guid", "e.customer_guid"),
        "design_orders e",
        Columns {
            at: "e.ordered_at",
            user: None,
            customer: "e.customer_guid",
        },
    ))
    .push(
        ", k AS (SELECT key FROM v UNION SELECT key FROM f UNION SELECT key FROM c \
         UNION SELECT key FROM o)",
    );
    sql
}

/// `FROM k JOIN …`: the rows with their names and steps; deleted designs and companies drop out.
fn rows(by: FunnelBy) -> &'static str {
    match by {
        FunnelBy::Design => {
            " FROM k JOIN designs d ON d.guid = k.key LEFT JOIN v ON v.key = k.key \
             LEFT JOIN f ON f.key = k.key LEFT JOIN c ON c.key = k.key LEFT JOIN o ON o.key = k.key"
        }
        FunnelBy::Company => {
            " FROM k JOIN customers d ON d.guid = k.key LEFT JOIN v ON v.key = k.key \
             LEFT JOIN f ON f.key = k.key LEFT JOIN c ON c.key = k.key LEFT JOIN o ON o.key = k.key"
        }
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
        .push(
            // PostgreSQL sums BIGINT to NUMERIC: cast back.
            " SELECT COUNT(*) AS row_count, CAST(COALESCE(SUM(v.n), 0) AS BIGINT) AS views, \
         CAST(COALESCE(SUM(f.n), 0) AS BIGINT) AS favorites, \
         CAST(COALESCE(SUM(c.n), 0) AS BIGINT) AS cad_downloads, \
         CAST(COALESCE(SUM(o.n), 0) AS BIGINT) AS orders",
        )
        .push(rows(by));
    let totals = totals.get_result::<FunnelTotals>(conn)?;
    let mut items = steps(by, filter);
    items
        .push(&format!(
            " SELECT k.key AS key, {name} AS name, COALESCE(v.n, 0) AS views, \
             COALESCE(f.n, 0) AS favorites, COALESCE(c.n, 0) AS cad_downloads, \
             COALESCE(o.n, 0) AS orders"
        ))
        .push(rows(by))
        .push(&format!(
            " ORDER BY views DESC, favorites DESC, cad_downloads DESC, orders DESC, {name}, k.key \
             LIMIT "
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
    let condition = || {
        let mut sql = Sql::new(
            " FROM designs WHERE NOT EXISTS (SELECT 1 FROM colorway_views e \
             WHERE e.design_guid = designs.guid AND ",
        );
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
