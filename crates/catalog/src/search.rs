//! The archive search: the spec's filters as one SQL predicate, run together with the viewer's
//! scope inside the database, so pages and counts are exact. Colour search ranks designs by how
//! close (CIEDE2000) and how large their closest palette colour is.

use crate::dto::{SearchAnswer, SearchLabel, SearchResult};
use crate::error::CatalogError;
use crate::model::{DesignType, Named, ScreenStatus};
use crate::search_cache::{PageHits, Ranking, SearchCache, Seek, SortKey};
use crate::service::{THUMBNAIL_VARIANTS, thumbnail_url};
use crate::swatch_index;
use crate::visibility::Scope;
use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::schema::{colorway_colors, colorways, design_labels, design_pins, designs, labels};
use db::sql::Sql;
use db::sql::like_escaped;
use desen_core::color::{bins_within, ciede2000, lightness_reach};
use desen_core::{Language, PageRequest, slug};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Text, Timestamp};
use pools::criteria::{uploaded_between, with_any_label, with_any_label_probed, with_parameter};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use utoipa::ToSchema;

/// The largest page a search answers.
pub const MAX_PAGE_SIZE: u32 = 100;
/// The colour distance (CIEDE2000) used when the form gives none: clearly the same colour
/// family, not merely nearby.
pub const DEFAULT_COLOR_DISTANCE: f64 = 10.0;
/// How much a colour covering the whole design is worth against one covering none, in ΔE00
/// units: a match at ΔE 3 covering 40% of the design ranks above one at ΔE 2 covering 1%.
pub(crate) const SHARE_WEIGHT: f64 = 10.0;

/// The spec's search form (all fields optional, empty means "not set").
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchForm {
    pub number: Option<String>,
    /// `#RRGGBB`.
    pub color: Option<String>,
    /// CIEDE2000 threshold, 1..=40 (10 by default).
    pub color_distance: Option<String>,
    /// Screen status: engraved, not_engraved, faded, none.
    pub moldstate: Option<String>,
    /// Comma-separated screen counts.
    pub channelcounts: Option<String>,
    /// rotary or digital.
    #[serde(rename = "type")]
    pub design_type: Option<String>,
    /// Comma-separated label ids.
    pub labels: Option<String>,
    /// `all` (every label, the default) or `any`.
    pub label_search_mode: Option<String>,
    /// Preset 0..=11 (spec section 9).
    pub date_range: Option<String>,
    /// Custom range, `YYYY-MM-DD`, inclusive; overrides the preset.
    pub date_from: Option<String>,
    pub date_to: Option<String>,
    /// `upload` (default) or `edit`.
    pub date_field: Option<String>,
    /// Archive id; -1 for all.
    pub archive: Option<String>,
    /// `open` or `closed`.
    pub confined: Option<String>,
    /// 0 upload date (newest first), 1 modify date (newest first), 2 number.
    pub order: Option<String>,
    pub studio: Option<String>,
    pub originalname: Option<String>,
    pub note: Option<String>,
    /// 1 pinned designs, 2 designs with orders, 3 designs never ordered.
    pub special_list_id: Option<String>,
    pub customer: Option<String>,
    pub dp0: Option<String>,
    pub dp1: Option<String>,
    /// `true`: owned extra designs only.
    pub owned: Option<String>,
    pub similar_image: Option<String>,
    pub similar_id: Option<String>,
    /// Collections arrive with the collections issue; accepted and not yet applied.
    pub collection_id: Option<String>,
    pub language: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    Uploaded,
    Edited,
    Number,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LabelMode {
    #[default]
    All,
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialList {
    Pinned,
    Ordered,
    NeverOrdered,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColorQuery {
    pub lab: [f64; 3],
    pub distance: f64,
    /// The picker swatch this is, at the default distance: its hits are read from the swatch
    /// index instead of being scored.
    pub swatch: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DateField {
    #[default]
    Uploaded,
    Edited,
}

/// A checked search: every filter of the form, parsed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchFilters {
    pub number: Option<String>,
    pub color: Option<ColorQuery>,
    pub screen_status: Option<ScreenStatus>,
    pub channel_counts: Vec<i32>,
    pub design_type: Option<DesignType>,
    pub labels: Vec<i32>,
    pub label_mode: LabelMode,
    /// `from..until` (until exclusive).
    pub dates: Option<(NaiveDateTime, NaiveDateTime)>,
    pub date_field: DateField,
    pub archive: Option<i32>,
    pub confined: Option<bool>,
    pub sort: Sort,
    pub studio: Option<String>,
    pub original_name: Option<String>,
    pub notes: Option<String>,
    pub special_list: Option<SpecialList>,
    pub customer: Option<String>,
    pub dp0: Option<String>,
    pub dp1: Option<String>,
    pub owned_extra: bool,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn invalid(field: &'static str) -> CatalogError {
    CatalogError::InvalidSearch(field)
}

/// `#RRGGBB` (or without `#`) → sRGB bytes.
pub fn parse_hex(value: &str) -> Option<[u8; 3]> {
    let hex = value.trim().trim_start_matches('#');
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The `from..until` of a date preset (spec section 9), weeks starting on Monday.
pub fn preset_range(preset: u8, today: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    let day = Duration::days(1);
    let tomorrow = today + day;
    let week = today - Duration::days(today.weekday().num_days_from_monday() as i64);
    let month = today.with_day(1)?;
    let year = NaiveDate::from_ymd_opt(today.year(), 1, 1)?;
    let previous_month = (month - day).with_day(1)?;
    let previous_year = NaiveDate::from_ymd_opt(today.year() - 1, 1, 1)?;
    Some(match preset {
        1 => (today, tomorrow),
        2 => (today - day, today),
        3 => (week, week + Duration::days(7)),
        4 => (month, month.checked_add_months(chrono::Months::new(1))?),
        5 => (year, NaiveDate::from_ymd_opt(today.year() + 1, 1, 1)?),
        6 => (week - Duration::days(7), week),
        7 => (previous_month, month),
        8 => (previous_year, year),
        9 => (today - Duration::days(6), tomorrow),
        10 => (today - Duration::days(29), tomorrow),
        11 => (today - Duration::days(364), tomorrow),
        _ => return None,
    })
}

impl SearchFilters {
    /// Checks the form. `today` anchors the date presets.
    pub fn parse(form: &SearchForm, today: NaiveDate) -> Result<SearchFilters, CatalogError> {
        if text(&form.similar_image).is_some() || text(&form.similar_id).is_some() {
            return Err(CatalogError::SimilarSearchUnavailable);
        }
        let color = match text(&form.color) {
            None => None,
            Some(hex) => {
                let rgb = parse_hex(&hex).ok_or(invalid("color"))?;
                let distance = match text(&form.color_distance) {
                    None => DEFAULT_COLOR_DISTANCE,
                    Some(d) => d
                        .parse::<f64>()
                        .ok()
                        .filter(|d| (1.0..=40.0).contains(d))
                        .ok_or(invalid("colorDistance"))?,
                };
                Some(ColorQuery {
                    lab: swatch_index::lab_of(rgb),
                    distance,
                    swatch: swatch_index::swatch_of(rgb)
                        .filter(|_| distance == DEFAULT_COLOR_DISTANCE),
                })
            }
        };
        let ints =
            |value: &Option<String>, field: &'static str| -> Result<Vec<i32>, CatalogError> {
                text(value)
                    .map(|v| {
                        v.split(',')
                            .map(str::trim)
                            .filter(|s| !s.is_empty())
                            .map(|s| s.parse::<i32>().map_err(|_| invalid(field)))
                            .collect()
                    })
                    .unwrap_or(Ok(Vec::new()))
            };
        let parse_date =
            |value: &Option<String>, field| -> Result<Option<NaiveDate>, CatalogError> {
                text(value)
                    .map(|v| NaiveDate::parse_from_str(&v, "%Y-%m-%d").map_err(|_| invalid(field)))
                    .transpose()
            };
        let from = parse_date(&form.date_from, "dateFrom")?;
        let to = parse_date(&form.date_to, "dateTo")?;
        let dates = if from.is_some() || to.is_some() {
            // An open end is the first or last day both backends store: PostgreSQL rejects
            // chrono's extremes, and SQLite compares timestamps as text, where years outside
            // 0001..=9999 (written with a sign) sort wrongly.
            let first = NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or(NaiveDate::MIN);
            let last = NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX);
            let from = from.unwrap_or(first).max(first);
            let until = to.and_then(|t| t.succ_opt()).unwrap_or(last).min(last);
            if from >= until {
                return Err(invalid("dateTo"));
            }
            Some((from, until))
        } else {
            match text(&form.date_range) {
                None => None,
                Some(preset) => {
                    let preset: u8 = preset
                        .parse()
                        .ok()
                        .filter(|p| *p <= 11)
                        .ok_or(invalid("dateRange"))?;
                    match preset {
                        0 => None,
                        p => preset_range(p, today),
                    }
                }
            }
        };
        let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0).unwrap_or_default();
        let mut labels = ints(&form.labels, "labels")?;
        labels.sort_unstable();
        labels.dedup();
        let mut channel_counts = ints(&form.channelcounts, "channelcounts")?;
        channel_counts.sort_unstable();
        channel_counts.dedup();
        Ok(SearchFilters {
            number: text(&form.number),
            color,
            screen_status: text(&form.moldstate)
                .map(|s| ScreenStatus::parse(&s).ok_or(invalid("moldstate")))
                .transpose()?,
            channel_counts,
            design_type: text(&form.design_type)
                .map(|s| DesignType::parse(&s).ok_or(invalid("type")))
                .transpose()?,
            labels,
            label_mode: match text(&form.label_search_mode).as_deref() {
                None | Some("all" | "1" | "true") => LabelMode::All,
                Some("any" | "0" | "false") => LabelMode::Any,
                Some(_) => return Err(invalid("labelSearchMode")),
            },
            dates: dates.map(|(f, u)| (midnight(f), midnight(u))),
            date_field: match text(&form.date_field).as_deref() {
                None | Some("upload") => DateField::Uploaded,
                Some("edit") => DateField::Edited,
                Some(_) => return Err(invalid("dateField")),
            },
            archive: match text(&form.archive) {
                None => None,
                Some(a) => {
                    Some(a.parse::<i32>().map_err(|_| invalid("archive"))?).filter(|a| *a >= 0)
                }
            },
            confined: match text(&form.confined).as_deref() {
                None | Some("all") => None,
                Some("closed" | "true" | "1") => Some(true),
                Some("open" | "false" | "0") => Some(false),
                Some(_) => return Err(invalid("confined")),
            },
            sort: match text(&form.order).as_deref() {
                None | Some("0") => Sort::Uploaded,
                Some("1") => Sort::Edited,
                Some("2") => Sort::Number,
                Some(_) => return Err(invalid("order")),
            },
            studio: text(&form.studio),
            original_name: text(&form.originalname),
            notes: text(&form.note),
            special_list: match text(&form.special_list_id).as_deref() {
                None | Some("0") => None,
                Some("1") => Some(SpecialList::Pinned),
                Some("2") => Some(SpecialList::Ordered),
                Some("3") => Some(SpecialList::NeverOrdered),
                Some(_) => return Err(invalid("specialListId")),
            },
            customer: text(&form.customer),
            dp0: text(&form.dp0),
            dp1: text(&form.dp1),
            owned_extra: web_api::flag(form.owned.as_deref(), "owned")
                .map_err(|_| invalid("owned"))?
                .unwrap_or(false),
        })
    }

    /// Every filter but the colour, as one predicate over `designs`.
    pub fn sql(&self) -> Sql {
        self.predicate(false)
    }

    /// The same predicate with labels probed per design (`EXISTS`), as [`Scope::probe_sql`]
    /// probes pools.
    pub fn probe_sql(&self) -> Sql {
        self.predicate(true)
    }

    fn predicate(&self, probe: bool) -> Sql {
        let labelled = |labels: &[i32]| {
            if probe {
                with_any_label_probed(labels)
            } else {
                with_any_label(labels)
            }
        };
        let mut parts = Vec::new();
        let contains = |column: &str, value: &str, prefix_only: bool| {
            let mut sql = Sql::new(&format!("LOWER({column}) LIKE LOWER("));
            let pattern = like_escaped(value);
            sql.bind(if prefix_only {
                format!("{pattern}%")
            } else {
                format!("%{pattern}%")
            })
            .push(") ESCAPE '\\'");
            sql
        };
        if let Some(number) = &self.number {
            parts.push(contains("designs.number", number, false));
        }
        if let Some(status) = self.screen_status {
            let mut sql = Sql::new("designs.screen_status = ");
            sql.bind(status.as_str());
            parts.push(sql);
        }
        if !self.channel_counts.is_empty() {
            let mut sql = Sql::new("designs.channel_count IN ");
            sql.bind_list(self.channel_counts.iter().copied());
            parts.push(sql);
        }
        if let Some(kind) = self.design_type {
            let mut sql = Sql::new("designs.design_type = ");
            sql.bind(kind.as_str());
            parts.push(sql);
        }
        match self.label_mode {
            _ if self.labels.is_empty() => {}
            LabelMode::Any => parts.push(labelled(&self.labels)),
            LabelMode::All => parts.extend(self.labels.iter().map(|l| labelled(&[*l]))),
        }
        if let Some((from, until)) = self.dates {
            match self.date_field {
                DateField::Uploaded => {
                    parts.push(uploaded_between(from.date(), until.date()));
                }
                DateField::Edited => {
                    let mut sql = Sql::new("designs.edited_at >= ");
                    sql.bind(from).push(" AND designs.edited_at < ").bind(until);
                    parts.push(sql);
                }
            }
        }
        if let Some(archive) = self.archive {
            let mut sql = Sql::new("designs.archive_id = ");
            sql.bind(archive);
            parts.push(sql);
        }
        if let Some(confined) = self.confined {
            let mut sql = Sql::new("designs.is_confined = ");
            sql.bind(confined);
            parts.push(sql);
        }
        if let Some(studio) = &self.studio {
            parts.push(contains("designs.studio", studio, false));
        }
        if let Some(name) = &self.original_name {
            parts.push(contains("designs.original_name", name, false));
        }
        if let Some(notes) = &self.notes {
            parts.push(contains("designs.notes", notes, false));
        }
        match self.special_list {
            None => {}
            Some(SpecialList::Pinned) => parts.push(Sql::new(
                "designs.guid IN (SELECT design_guid FROM design_pins)",
            )),
            Some(SpecialList::Ordered) => parts.push(Sql::new(
                "designs.guid IN (SELECT design_guid FROM design_orders)",
            )),
            Some(SpecialList::NeverOrdered) => parts.push(Sql::new(
                "designs.guid NOT IN (SELECT design_guid FROM design_orders)",
            )),
        }
        if let Some(customer) = &self.customer {
            let mut sql = Sql::new("designs.customer_guid = ");
            sql.bind(customer);
            parts.push(sql);
        }
        if let Some(dp0) = &self.dp0 {
            parts.push(with_parameter(0, dp0));
        }
        if let Some(dp1) = &self.dp1 {
            parts.push(with_parameter(1, dp1));
        }
        if self.owned_extra {
            let mut sql = Sql::new("designs.owned_extra = ");
            sql.bind(true);
            parts.push(sql);
        }
        Sql::and(&parts)
    }

    fn order_by(&self) -> &'static str {
        match self.sort {
            Sort::Uploaded => " ORDER BY designs.uploaded_at DESC, designs.guid DESC",
            Sort::Edited => " ORDER BY designs.edited_at DESC, designs.guid DESC",
            Sort::Number => " ORDER BY designs.number ASC",
        }
    }
}

#[derive(QueryableByName)]
pub struct CountRow {
    #[diesel(sql_type = BigInt)]
    pub n: i64,
}

#[derive(QueryableByName)]
struct ColorHitRow {
    #[diesel(sql_type = Text)]
    guid: String,
    #[diesel(sql_type = Double)]
    distance: f64,
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

/// Palette entries near the colour, per design: the best score and the closest distance.
///
/// `near` is MATERIALIZED so that CIEDE2000 runs once per palette entry: inlined, both databases
/// copy the expression into the filter and into each aggregate and compute it three times.
fn color_matches(color: &ColorQuery) -> Sql {
    let [l, a, b] = color.lab;
    let mut sql =
        Sql::new("WITH near AS MATERIALIZED (SELECT design_guid, share, desen_ciede2000(l, a, b, ");
    sql.bind(l)
        .push(", ")
        .bind(a)
        .push(", ")
        .bind(b)
        .push(") AS distance FROM colorway_colors WHERE bin IN ")
        .bind_list(bins_within(color.lab, color.distance))
        // Exact, unlike the bins: rows outside it are skipped before CIEDE2000 is computed.
        .push(" AND l BETWEEN ")
        .bind(l - lightness_reach(color.distance))
        .push(" AND ")
        .bind(l + lightness_reach(color.distance))
        .push(") SELECT design_guid, MIN(distance + ")
        .push(&format!(
            "{SHARE_WEIGHT:.1} * (1.0 - share)) AS score, MIN(distance) AS distance FROM near WHERE distance <= "
        ))
        .bind(color.distance)
        .push(" GROUP BY design_guid");
    sql
}

fn count(conn: &mut DbConnection, condition: &Sql) -> Result<i64, CatalogError> {
    let mut sql = Sql::new("SELECT COUNT(*) AS n FROM designs WHERE ");
    sql.append(condition);
    Ok(sql.get_result::<CountRow>(conn)?.n)
}

fn window(sql: &mut Sql, limit: i64, offset: i64) {
    sql.push(" LIMIT ")
        .bind(limit)
        .push(" OFFSET ")
        .bind(offset);
}

/// The catalog revision: what a cached answer must have been read at to be used.
pub fn catalog_revision(conn: &mut DbConnection) -> Result<i64, CatalogError> {
    use db::schema::catalog_revision::dsl::{catalog_revision, revision};
    Ok(catalog_revision.select(revision).first(conn)?)
}

/// The cached total under `key`, or `count`'s, remembered.
fn total_of(
    cache: &SearchCache,
    key: &str,
    revision: i64,
    count: impl FnOnce() -> Result<i64, CatalogError>,
) -> Result<i64, CatalogError> {
    if let Some(total) = cache.total(key, revision) {
        return Ok(total);
    }
    let total = count()?;
    cache.remember_total(key, revision, total);
    Ok(total)
}

/// How many designs of the scope the filters admit.
pub fn count_in(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    filters: &SearchFilters,
) -> Result<i64, CatalogError> {
    find_page(conn, cache, scope, filters, PageRequest::new(0, 1)).map(|(_, total)| total)
}

/// A page of a swatch search, read from the swatch index in score order: its hits are scored
/// already, so unlike another colour, the page needs only its own rows and the total a count.
/// `condition` is `None` when the viewer sees everything and nothing filters.
#[expect(clippy::too_many_arguments, reason = "find_page's parts, passed on")]
fn swatch_page(
    conn: &mut DbConnection,
    cache: &SearchCache,
    key: &str,
    revision: i64,
    swatch: i32,
    condition: Option<&Sql>,
    offset: i64,
    limit: i64,
) -> Result<FoundPage, CatalogError> {
    let hits = |select: &str, join: bool| {
        let mut sql = Sql::new(select);
        sql.push(" FROM swatch_designs hits");
        if join {
            sql.push(" JOIN designs ON designs.guid = hits.design_guid");
        }
        sql.push(" WHERE hits.swatch = ").bind(swatch);
        if let Some(condition) = condition {
            sql.push(" AND ").append(condition);
        }
        sql
    };
    let total = total_of(cache, key, revision, || {
        // Every row's design exists (ON DELETE CASCADE): without a condition, no join.
        Ok(hits("SELECT COUNT(*) AS n", condition.is_some())
            .get_result::<CountRow>(conn)?
            .n)
    })?;
    if let Some(page) = cache.page(key, revision, offset, limit) {
        return Ok((page.to_vec(), total));
    }
    let mut sql = hits(
        "SELECT designs.guid AS guid, hits.distance AS distance",
        true,
    );
    sql.push(BY_SCORE);
    window(&mut sql, limit, offset);
    let page: Vec<(String, Option<f64>)> = sql
        .load::<ColorHitRow>(conn)?
        .into_iter()
        .map(|r| (r.guid, Some(r.distance)))
        .collect();
    cache.remember_page(key, revision, offset, limit, Arc::new(page.clone()));
    Ok((page, total))
}

/// Colour hits in rank order: the best score first, the default sort breaking ties.
const BY_SCORE: &str = " ORDER BY hits.score ASC, designs.uploaded_at DESC, designs.guid DESC";

/// One page of design ids in order, each with its colour distance when searching by colour, and
/// the total count.
pub type FoundPage = (Vec<(String, Option<f64>)>, i64);

/// The ids (in order) of one page, the total count, and the colour distance of each hit.
pub fn find_page(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    filters: &SearchFilters,
    page: PageRequest,
) -> Result<FoundPage, CatalogError> {
    let revision = catalog_revision(conn)?;
    let condition = Sql::and(&[scope.sql(), filters.sql()]);
    // Everything that decides the answer: the predicate (with its values), the sort, the colour.
    let key = format!("{condition:?} {:?} {:?}", filters.sort, filters.color);
    let limit = i64::from(page.page_size);
    let offset = i64::from(page.page) * limit;
    let unfiltered = filters.sql().text() == "1 = 1";
    if let Some(color) = &filters.color {
        if let Some(swatch) = color.swatch {
            let everything = matches!(scope, Scope::Everything) && unfiltered;
            let condition = (!everything).then_some(&condition);
            return swatch_page(
                conn, cache, &key, revision, swatch, condition, offset, limit,
            );
        }
        // Every hit is scored to rank any of them, so the whole ranking is kept: the total and
        // every later page come from it.
        let ranking = match cache.ranking(&key, revision) {
            Some(ranking) => ranking,
            None => {
                let mut rows = Sql::new(
                    "SELECT designs.guid AS guid, hits.distance AS distance FROM designs JOIN (",
                );
                rows.append(&color_matches(color))
                    .push(") hits ON hits.design_guid = designs.guid WHERE ")
                    .append(&condition)
                    .push(BY_SCORE);
                let ranking: Ranking = Arc::new(
                    rows.load::<ColorHitRow>(conn)?
                        .into_iter()
                        .map(|r| (r.guid, r.distance))
                        .collect(),
                );
                cache.remember_ranking(&key, revision, ranking.clone());
                ranking
            }
        };
        let hits = ranking
            .iter()
            .skip(offset as usize)
            .take(limit as usize)
            .map(|(guid, distance)| (guid.clone(), Some(*distance)))
            .collect();
        return Ok((hits, ranking.len() as i64));
    }
    // Every design in the archive: the unfiltered staff total and SQLite's probe rule need it.
    // Without WHERE, SQLite counts off the b-tree instead of visiting every row.
    let all = |conn: &mut DbConnection| {
        total_of(cache, "all designs", revision, || {
            Ok(Sql::new("SELECT COUNT(*) AS n FROM designs")
                .get_result::<CountRow>(conn)?
                .n)
        })
    };
    let total = total_of(cache, &key, revision, || match scope {
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
        _ => count(conn, &condition),
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
    } else if let Some(pinned) = cache.pinned(&key, revision) {
        pinned
    } else {
        let mut sql = select(" JOIN design_pins ON design_pins.design_guid = designs.guid");
        sql.push(" ORDER BY design_pins.position, designs.guid");
        let pinned: Vec<String> = sql
            .load::<ListedRow>(conn)?
            .into_iter()
            .map(|r| r.guid)
            .collect();
        cache.remember_pinned(&key, revision, pinned.clone());
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
        if let Some(page) = cache.page(&key, revision, position, wanted) {
            hits.extend(page.iter().cloned());
            return Ok((hits, total));
        }
        let mut sql = select("");
        if skip_pinned > 0 {
            sql.push(" AND designs.guid NOT IN (SELECT design_guid FROM design_pins)");
        }
        let skip = match cache.seek(&key, revision, position) {
            Some((start, seek)) => {
                sql.push(" AND ").append(&filters.sort.from(&seek));
                position - start
            }
            None => position,
        };
        sql.push(filters.order_by());
        window(&mut sql, wanted, skip);
        let rows = sql.load::<ListedRow>(conn)?;
        if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
            let sort = filters.sort;
            cache.remember_seeks(
                &key,
                revision,
                vec![
                    (position, Seek::At(sort.key_of(first))),
                    (position + rows.len() as i64, Seek::After(sort.key_of(last))),
                ],
            );
        }
        let page: PageHits = Arc::new(rows.into_iter().map(|r| (r.guid, None)).collect());
        cache.remember_page(&key, revision, position, wanted, page.clone());
        hits.extend(page.iter().cloned());
    }
    Ok((hits, total))
}

/// The search page as the archive screen shows it.
pub fn search(
    conn: &mut DbConnection,
    cache: &SearchCache,
    scope: &Scope,
    filters: &SearchFilters,
    page: PageRequest,
    language: Language,
) -> Result<SearchAnswer, CatalogError> {
    let (hits, total) = find_page(conn, cache, scope, filters, page)?;
    let results = describe(conn, &hits, filters.color.as_ref(), language)?;
    let size = i64::from(page.page_size);
    Ok(SearchAnswer {
        results,
        total_count: total,
        total_page: (total + size - 1) / size,
        current_page: page.page,
        page_size: page.page_size,
    })
}

/// A design's number, type, screen status, confinement, closed countries and whether it is pinned.
type Described = (String, String, String, bool, String, bool);

/// Search results for the ids, in their order: colorways, labels, pins and thumbnails in a few
/// batched queries.
fn describe(
    conn: &mut DbConnection,
    hits: &[(String, Option<f64>)],
    color: Option<&ColorQuery>,
    language: Language,
) -> Result<Vec<SearchResult>, CatalogError> {
    let ids: Vec<&str> = hits.iter().map(|(id, _)| id.as_str()).collect();
    let rows: HashMap<String, Described> = designs::table
        .left_join(design_pins::table)
        .filter(designs::guid.eq_any(&ids))
        .select((
            designs::guid,
            designs::number,
            designs::design_type,
            designs::screen_status,
            designs::is_confined,
            designs::closed_countries,
            design_pins::design_guid.nullable().is_not_null(),
        ))
        .load::<(String, String, String, String, bool, String, bool)>(conn)?
        .into_iter()
        .map(|(g, n, t, s, c, cc, p)| (g, (n, t, s, c, cc, p)))
        .collect();
    let mut colorways_of: HashMap<String, Vec<(String, String, String)>> = HashMap::new();
    for (design, guid, name, key) in colorways::table
        .filter(colorways::design_guid.eq_any(&ids))
        .order((colorways::design_guid, colorways::position))
        .select((
            colorways::design_guid,
            colorways::guid,
            colorways::name,
            colorways::renditions_key,
        ))
        .load::<(String, String, String, String)>(conn)?
    {
        colorways_of
            .entry(design)
            .or_default()
            .push((guid, name, key));
    }
    let mut labels_of: HashMap<String, Vec<SearchLabel>> = HashMap::new();
    for (design, label) in design_labels::table
        .inner_join(labels::table)
        .filter(design_labels::design_guid.eq_any(&ids))
        .order(labels::id)
        .select((design_labels::design_guid, crate::model::Label::as_select()))
        .load::<(String, crate::model::Label)>(conn)?
    {
        let name = label.name_in(language).to_owned();
        labels_of.entry(design).or_default().push(SearchLabel {
            id: label.id,
            label_sef: slug(&name),
            label: name,
        });
    }
    // With a colour, the colorway shown is the one holding the best-scoring palette colour.
    let best_colorway: HashMap<String, String> = match color {
        None => HashMap::new(),
        Some(color) => {
            // By colorway: palette entries are keyed by colorway (a design's are not indexed).
            let shown: Vec<&str> = colorways_of
                .values()
                .flatten()
                .map(|(guid, _, _)| guid.as_str())
                .collect();
            let mut best: HashMap<String, (f64, String)> = HashMap::new();
            for (design, colorway, l, a, b, share) in colorway_colors::table
                .filter(colorway_colors::colorway_guid.eq_any(&shown))
                .select((
                    colorway_colors::design_guid,
                    colorway_colors::colorway_guid,
                    colorway_colors::l,
                    colorway_colors::a,
                    colorway_colors::b,
                    colorway_colors::share,
                ))
                .load::<(String, String, f64, f64, f64, f64)>(conn)?
            {
                let distance = ciede2000(color.lab, [l, a, b]);
                if distance > color.distance {
                    continue;
                }
                let score = distance + SHARE_WEIGHT * (1.0 - share);
                let entry = best.entry(design).or_insert((f64::MAX, String::new()));
                if score < entry.0 {
                    *entry = (score, colorway);
                }
            }
            best.into_iter().map(|(d, (_, c))| (d, c)).collect()
        }
    };
    Ok(hits
        .iter()
        .filter_map(|(guid, distance)| {
            let (number, design_type, status, confined, closed, pinned) = rows.get(guid)?.clone();
            let colorways = colorways_of.get(guid).cloned().unwrap_or_default();
            let original = colorways.first().cloned();
            let active = best_colorway
                .get(guid)
                .and_then(|c| colorways.iter().find(|(g, _, _)| g == c).cloned())
                .or_else(|| original.clone());
            let thumbnails: BTreeMap<String, String> = active
                .as_ref()
                .map(|(cw, _, key)| {
                    THUMBNAIL_VARIANTS
                        .iter()
                        .map(|(variant, _)| {
                            (variant.to_string(), thumbnail_url(guid, cw, key, variant))
                        })
                        .collect()
                })
                .unwrap_or_default();
            Some(SearchResult {
                design_guid: guid.clone(),
                design_name: number,
                design_type,
                active_variant_guid: active.as_ref().map(|a| a.0.clone()),
                active_variant_name: active.as_ref().map(|a| a.1.clone()),
                original_variant_guid: original.as_ref().map(|o| o.0.clone()),
                original_variant_name: original.as_ref().map(|o| o.1.clone()),
                labels: labels_of.get(guid).cloned().unwrap_or_default(),
                mold_state: status,
                closed_countries: closed
                    .split(',')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(str::to_owned)
                    .collect(),
                is_confined: confined,
                pinned,
                colorway_count: colorways.len(),
                thumbnail: thumbnails.get("d/v").cloned(),
                thumbnails,
                color_distance: distance.map(|d| (d * 100.0).round() / 100.0),
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn presets_cover_the_spec_ranges() {
        let today = day(2026, 11, 21); // a Saturday
        assert_eq!(preset_range(1, today), Some((today, day(2026, 11, 22))));
        assert_eq!(preset_range(2, today), Some((day(2026, 11, 20), today)));
        assert_eq!(
            preset_range(3, today),
            Some((day(2026, 11, 16), day(2026, 11, 23)))
        );
        assert_eq!(
            preset_range(4, today),
            Some((day(2026, 11, 1), day(2026, 12, 1)))
        );
        assert_eq!(
            preset_range(5, today),
            Some((day(2026, 1, 1), day(2027, 1, 1)))
        );
        assert_eq!(
            preset_range(6, today),
            Some((day(2026, 11, 9), day(2026, 11, 16)))
        );
        assert_eq!(
            preset_range(7, today),
            Some((day(2026, 10, 1), day(2026, 11, 1)))
        );
        assert_eq!(
            preset_range(8, today),
            Some((day(2025, 1, 1), day(2026, 1, 1)))
        );
        assert_eq!(
            preset_range(9, today),
            Some((day(2026, 11, 15), day(2026, 11, 22)))
        );
        assert_eq!(
            preset_range(10, today),
            Some((day(2026, 10, 23), day(2026, 11, 22)))
        );
        assert_eq!(
            preset_range(11, today),
            Some((day(2025, 11, 22), day(2026, 11, 22)))
        );
        assert_eq!(preset_range(12, today), None);
        assert_eq!(
            preset_range(7, day(2026, 1, 15)),
            Some((day(2025, 12, 1), day(2026, 1, 1)))
        );
    }

    #[test]
    fn bad_fields_are_named() {
        let today = day(2026, 11, 21);
        let bad = |form: SearchForm| {
            SearchFilters::parse(&form, today)
                .err()
                .map(|e| e.to_string())
        };
        assert!(
            bad(SearchForm {
                color: Some("#12345".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("color"))
        );
        assert!(
            bad(SearchForm {
                date_range: Some("12".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("dateRange"))
        );
        assert!(
            bad(SearchForm {
                labels: Some("1,x".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("labels"))
        );
        assert!(
            bad(SearchForm {
                moldstate: Some("shiny".into()),
                ..Default::default()
            })
            .is_some_and(|e| e.contains("moldstate"))
        );
        assert!(
            bad(SearchForm {
                similar_id: Some("x".into()),
                ..Default::default()
            })
            .is_some()
        );
    }

    #[test]
    fn an_empty_form_is_the_whole_scope_by_upload_date() {
        let filters = SearchFilters::parse(&SearchForm::default(), day(2026, 1, 1));
        assert_eq!(filters.ok(), Some(SearchFilters::default()));
        assert_eq!(SearchFilters::default().sql().text(), "1 = 1");
    }
}
