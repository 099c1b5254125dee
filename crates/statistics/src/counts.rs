//! A statistic's numbers read off the daily counts (crate `usage`) rather than its records: the
//! summary's totals, the chart's days and the top labels. A filter's bounds are midnights (as
//! [`EntryFilter::span`] makes them), so whole days answer it exactly. Unfiltered by company and
//! user, the studio's daily totals answer; filtered, the user's or the company's days.

use crate::entries::{EntryFilter, Summary};
use crate::error::StatisticsError;
use db::DbConnection;
use db::sql::Sql;
use diesel::sql_types::{BigInt, Integer, Text};
use diesel::{QueryableByName, RunQueryDsl};
use usage::Kind;

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
pub(crate) struct DayCount {
    #[diesel(sql_type = Text)]
    pub day: String,
    #[diesel(sql_type = BigInt)]
    pub n: i64,
}

#[derive(QueryableByName)]
pub(crate) struct LabelCount {
    #[diesel(sql_type = Integer)]
    pub label_id: i32,
    #[diesel(sql_type = BigInt)]
    pub n: i64,
}

/// Whether the studio's totals answer the filter (no company, no user).
fn whole_studio(filter: &EntryFilter) -> bool {
    filter.company.is_none() && filter.user.is_none()
}

/// `FROM … WHERE …`: the count rows of `kind` the filter admits, from the studio's totals when
/// `totals` (and the filter has no company or user), else from the days per user and company.
fn rows(kind: Kind, filter: &EntryFilter, totals: bool) -> Sql {
    let mut sql = Sql::new(if totals && whole_studio(filter) {
        " FROM usage_totals d WHERE d.kind = "
    } else {
        " FROM usage_days d WHERE d.kind = "
    });
    sql.bind(kind.as_str());
    if let Some(company) = &filter.company {
        sql.push(" AND d.customer_guid = ").bind(company);
    }
    if let Some(user) = &filter.user {
        sql.push(" AND d.user_guid = ").bind(user);
    }
    sql.append(&days(filter, "d"));
    sql
}

/// ` AND …`: the filter's days on the day column of `table`.
fn days(filter: &EntryFilter, table: &str) -> Sql {
    let mut sql = Sql::default();
    if let Some(from) = filter.from {
        sql.push(&format!(" AND {table}.day >= "))
            .bind(usage::day(from));
    }
    if let Some(until) = filter.until {
        sql.push(&format!(" AND {table}.day < "))
            .bind(usage::day(until));
    }
    sql
}

/// How many distinct users (or companies, `column` = `customer_guid`) the filter admits. A
/// filter by company or user reads its few days; otherwise each person who ever counted is
/// looked up in the period (an index probe each), never every day of the studio.
fn distinct(
    conn: &mut DbConnection,
    kind: Kind,
    filter: &EntryFilter,
    column: &str,
) -> Result<i64, StatisticsError> {
    let mut sql;
    if whole_studio(filter) {
        sql = Sql::new(&format!(
            "SELECT COUNT(DISTINCT p.{column}) AS n FROM usage_people p WHERE p.kind = "
        ));
        sql.bind(kind.as_str())
            .push(&format!(
                " AND p.{column} <> '' AND EXISTS (SELECT 1 FROM usage_days d \
                 WHERE d.kind = p.kind AND d.{column} = p.{column}"
            ))
            .append(&days(filter, "d"))
            .push(")");
    } else {
        sql = Sql::new(&format!("SELECT COUNT(DISTINCT d.{column}) AS n"));
        sql.append(&rows(kind, filter, false))
            .push(&format!(" AND d.{column} <> ''"));
    }
    Ok(sql.get_result::<Count>(conn)?.n)
}

/// The totals of a statistic under the filter.
pub(crate) fn summary(
    conn: &mut DbConnection,
    kind: Kind,
    filter: &EntryFilter,
) -> Result<Summary, StatisticsError> {
    let mut total = Sql::new("SELECT CAST(COALESCE(SUM(d.n), 0) AS BIGINT) AS n");
    total.append(&rows(kind, filter, true));
    Ok(Summary {
        total: total.get_result::<Count>(conn)?.n,
        users: distinct(conn, kind, filter, "user_guid")?,
        companies: distinct(conn, kind, filter, "customer_guid")?,
    })
}

/// The counts per day under the filter, oldest first (days without any left out).
pub(crate) fn per_day(
    conn: &mut DbConnection,
    kind: Kind,
    filter: &EntryFilter,
) -> Result<Vec<DayCount>, StatisticsError> {
    let mut sql = Sql::new("SELECT d.day AS day, CAST(SUM(d.n) AS BIGINT) AS n");
    sql.append(&rows(kind, filter, true))
        .push(" GROUP BY d.day ORDER BY d.day");
    Ok(sql.load(conn)?)
}

/// The `limit` labels looked at most under the filter.
pub(crate) fn top_labels(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    limit: i64,
) -> Result<Vec<LabelCount>, StatisticsError> {
    let mut sql = Sql::new("SELECT d.label_id AS label_id, CAST(SUM(d.n) AS BIGINT) AS n");
    sql.append(&rows(Kind::Label, filter, true))
        .push(" GROUP BY d.label_id ORDER BY n DESC, d.label_id LIMIT ")
        .bind(limit);
    Ok(sql.load(conn)?)
}
