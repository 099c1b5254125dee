//! One page of a search and its total: the viewer's scope and the filters in one `WHERE`, so
//! pages and counts are exact. What is costly to find again (totals, where pages start, pages,
//! pinned designs) is remembered in the [`SearchCache`] for the current catalog revision.

use crate::cache::{PageHits, SearchCache, Seek, SortKey};
use crate::error::SearchError;
use crate::filters::{SearchFilters, Sort};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::sql::Sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use pools::Scope;
use std::collections::HashSet;
use std::sync::Arc;

/// `SELECT COUNT(*) AS n …`.
#[derive(QueryableByName)]
pub struct CountRow {
    #[diesel(sql_type = BigInt)]
    pub n: i64,
}

/// A listed design with its sort keys.
#[derive(QueryableByName)]
struct ListedRow {
    #[diesel(sql_type = Text)]
    guid: String,
    #[diesel(sql_type = Text)]
    number: String,
    #[diesel(sql_type = Timestamp)]
    uploaded_at: NaiveDateTime,
    #[diesel(sql_type = Timestamp)]
    edited_at: NaiveDateTime,
}

impl Sort {
    fn order_by(self) -> &'static str {
        match self {
            Sort::Uploaded => " ORDER BY designs.uploaded_at DESC, designs.guid DESC",
            Sort::Edited => " ORDER BY designs.edited_at DESC, designs.guid DESC",
            Sort::Number => " ORDER BY designs.number ASC",
        }
    }

    fn key_of(self, row: &ListedRow) -> SortKey {
        match self {
            Sort::Uploaded => SortKey::Time(row.uploaded_at, row.guid.clone()),
            Sort::Edited => SortKey::Time(row.edited_at, row.guid.clone()),
            Sort::Number => SortKey::Number(row.number.clone()),
        }
    }

    /// The rows from a page start on, in this sort's order (row values, which both databases
    /// match against the sort index).
    fn from(self, seek: &Seek) -> Sql {
        let (key, inclusive) = match seek {
            Seek::At(key) => (key, true),
            Seek::After(key) => (key, false),
        };
        match (self, key) {
            (Sort::Number, SortKey::Number(number)) => {
                let mut sql = Sql::new(if inclusive {
                    "designs.number >= "
                } else {
                    "designs.number > "
                });
                sql.bind(number);
                sql
            }
            (Sort::Uploaded | Sort::Edited, SortKey::Time(at, guid)) => {
                let column = if self == Sort::Uploaded {
                    "designs.uploaded_at"
                } else {
                    "designs.edited_at"
                };
                let operator = if inclusive { "<=" } else { "<" };
                let mut sql = Sql::new(&format!("({column}, designs.guid) {operator} ("));
                sql.bind(*at).push(", ").bind(guid).push(")");
                sql
            }
            // The cache keys searches by sort, so a seek always has its sort's key.
            _ => Sql::new("1 = 1"),
        }
    }
}

/// The designs `condition` admits.
pub(crate) fn designs_where(
    conn: &mut DbConnection,
    condition: &Sql,
) -> Result<HashSet<String>, SearchError> {
    let mut sql = Sql::new("SELECT designs.guid AS guid FROM designs WHERE ");
    sql.append(condition);
    Ok(sql
        .load::<GuidRow>(conn)?
        .into_iter()
        .map(|r| r.guid)
        .collect())
}

#[derive(QueryableByName)]
struct GuidRow {
    #[diesel(sql_type = Text)]
    guid: String,
}

fn count(conn: &mut DbConnection, condition: &Sql) -> Result<i64, SearchError> {
    let mut sql = Sql::new("SELECT COUNT(*) AS n FROM designs WHERE ");
    sql.append(condition);
    Ok(sql.get_result::<CountRow>(conn)?.n)
}

pub(crate) fn window(sql: &mut Sql, limit: i64, offset: i64) {
    sql.push(" LIMIT ")
        .bind(limit)
        .push(" OFFSET ")
        .bind(offset);
}

/// The catalog revision: what a cached answer must have been read at to be used.
pub fn catalog_revision(conn: &mut DbConnection) -> Result<i64, SearchError> {
    use db::schema::catalog_revision::dsl::{catalog_revision, revision};
    Ok(catalog_revision.select(revision).first(conn)?)
}

/// The cached total under `key`, or `count`'s, remembered.
fn total_of(
    cache: &SearchCache,
    key: &str,
    revision: i64,
    count: impl FnOnce() -> Result<i64, SearchError>,
) -> Result<i64, SearchError> {
    if let Some(total) = cache.total(key, revision) {
        return Ok(total);
    }
    let total = count()?;
    cache.remember_total(key, revision, total);
    Ok(total)
}

/// One page asked of a search, and where its remembered answers are.
pub(crate) struct PageAsked<'a> {
    pub cache: &'a SearchCache,
    /// Everything that decides the answer: the predicate (with its values), the sort, the colour.
    pub key: String,
    /// The catalog revision read before anything else: only answers remembered at it are used.
    pub revision: i64,
    pub offset: i64,
    pub limit: i64,
}

impl PageAsked<'_> {
    /// The search's remembered total, or `count`'s, remembered.
    pub fn total_or(
        &self,
        count: impl FnOnce() -> Result<i64, SearchError>,
    ) -> Result<i64, SearchError> {
        total_of(self.cache, &self.key, self.revision, count)
    }
}

/// One page of design ids in order, each with its colour distance when searching by colour, and
/// the total count.
pub type FoundPage = (Vec<(String, Option<f64>)>, i64);

/// A page of the listing (no colour): pinned designs first in the default sort, then the rest
/// from the nearest known page start.
pub(crate) fn listing_page(
    conn: &mut DbConnection,
    asked: &PageAsked,
    scope: &Scope,
    filters: &SearchFilters,
    condition: &Sql,
) -> Result<FoundPage, SearchError> {
    let PageAsked {
        cache,
        key,
        revision,
        offset,
        limit,
    } = asked;
    let (revision, offset, limit) = (*revision, *offset, *limit);
    let unfiltered = filters.is_unfiltered();
    // Every design in the archive: the unfiltered staff total and SQLite's probe rule need it.
    // Without WHERE, SQLite counts off the b-tree instead of visiting every row.
    let all = |conn: &mut DbConnection| {
        total_of(cache, "all designs", revision, || {
            Ok(Sql::new("SELECT COUNT(*) AS n FROM designs")
                .get_result::<CountRow>(conn)?
                .n)
        })
    };
    let total = asked.total_or(|| match scope {
        Scope::Everything if unfiltered => all(conn),
        // Every member of a pool is a design (pool_members references designs, ON DELETE
        // CASCADE): without filters the total is the member count, read off pool_members' key.
        Scope::Pool {
            pool,
            own_customer: None,
        } if unfiltered => {
            let mut sql = Sql::new("SELECT COUNT(*) AS n FROM pool_members WHERE pool_guid = ");
            sql.bind(pool);
            Ok(sql.get_result::<CountRow>(conn)?.n)
        }
        _ => count(conn, condition),
    })?;
    // SQLite collects a set (`IN`: a pool's members, a label's designs) whole and sorts it before
    // taking a page: right for a small set, hundreds of milliseconds for one of 100,000 designs.
    // Probing the set per design while reading designs in page order (`EXISTS`) reads about
    // (offset + limit) × all / total rows instead of about `total`; the count decides.
    // PostgreSQL weighs both itself.
    let probe = matches!(conn, DbConnection::Sqlite(_))
        && total > 0
        && (offset + limit).saturating_mul(all(conn)?) < total.saturating_mul(total);
    let page_condition = if probe {
        Sql::and(&[scope.probe_sql(), filters.probe_sql()])
    } else {
        condition.clone()
    };
    let select = |extra: &str| {
        let mut sql = Sql::new(
            "SELECT designs.guid AS guid, designs.number AS number, \
             designs.uploaded_at AS uploaded_at, designs.edited_at AS edited_at FROM designs",
        );
        sql.push(extra).push(" WHERE ").append(&page_condition);
        sql
    };
    // Pinned designs lead the default listing, in their set order; they are few, so they are
    // read whole and the rest of the listing is paged after them.
    let pinned: Arc<Vec<String>> = if filters.sort != Sort::Uploaded {
        Arc::default()
    } else if let Some(pinned) = cache.pinned(key, revision) {
        pinned
    } else {
        let mut sql = select(" JOIN design_pins ON design_pins.design_guid = designs.guid");
        sql.push(" ORDER BY design_pins.position, designs.guid");
        let pinned: Vec<String> = sql
            .load::<ListedRow>(conn)?
            .into_iter()
            .map(|r| r.guid)
            .collect();
        cache.remember_pinned(key, revision, pinned.clone());
        Arc::new(pinned)
    };
    let skip_pinned = pinned.len() as i64;
    let mut hits: Vec<(String, Option<f64>)> = pinned
        .iter()
        .skip(offset as usize)
        .take(limit as usize)
        .map(|id| (id.clone(), None))
        .collect();
    let wanted = limit - hits.len() as i64;
    if wanted > 0 {
        // The rest of the listing from `position` on: from the nearest page start a search
        // already found (a seek in the sort index), skipping only the rows between.
        let position = (offset - skip_pinned).max(0);
        if let Some(page) = cache.page(key, revision, position, wanted) {
            hits.extend(page.iter().cloned());
            return Ok((hits, total));
        }
        let mut sql = select("");
        if skip_pinned > 0 {
            sql.push(" AND designs.guid NOT IN (SELECT design_guid FROM design_pins)");
        }
        let skip = match cache.seek(key, revision, position) {
            Some((start, seek)) => {
                sql.push(" AND ").append(&filters.sort.from(&seek));
                position - start
            }
            None => position,
        };
        sql.push(filters.sort.order_by());
        window(&mut sql, wanted, skip);
        let rows = sql.load::<ListedRow>(conn)?;
        if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
            let sort = filters.sort;
            cache.remember_seeks(
                key,
                revision,
                vec![
                    (position, Seek::At(sort.key_of(first))),
                    (position + rows.len() as i64, Seek::After(sort.key_of(last))),
                ],
            );
        }
        let page: PageHits = Arc::new(rows.into_iter().map(|r| (r.guid, None)).collect());
        cache.remember_page(key, revision, position, wanted, page.clone());
        hits.extend(page.iter().cloned());
    }
    Ok((hits, total))
}
