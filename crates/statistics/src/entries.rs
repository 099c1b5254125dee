//! The admins' statistics tables (spec section 2, Admin area: Statistics; section 7,
//! `/admin/statistics/*-entries`): CAD downloads, sign-ins, colorway views and the labels looked
//! at (each view once per label of its design), each filtered by company, user and time, sorted,
//! paged, with a summary, or whole as CSV.

use crate::counts;
use crate::error::StatisticsError;
use chrono::{NaiveDate, NaiveDateTime};
use db::DbConnection;
use db::schema::{
    cad_downloads, colorway_views, colorways, customers, designs, label_views, labels, sign_ins,
    users,
};
use desen_core::{Language, Page, PageRequest};
use diesel::prelude::*;
use serde::Serialize;
use usage::Kind;
use utoipa::ToSchema;

/// The rows a CSV export holds at most.
pub const MAX_CSV_ROWS: i64 = 100_000;

/// Which records (a company, a user, a time span `[from, until)`), in which order, and the
/// language label names are answered in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EntryFilter {
    pub company: Option<String>,
    pub user: Option<String>,
    pub from: Option<NaiveDateTime>,
    pub until: Option<NaiveDateTime>,
    pub sort: EntrySort,
    pub language: Language,
}

/// The columns a filter reads in a statistic's SQL: the time, the user (none for records that
/// belong to a company only) and the company.
pub(crate) struct Columns<'a> {
    pub at: &'a str,
    pub user: Option<&'a str>,
    pub customer: &'a str,
}

impl EntryFilter {
    /// The filter as a SQL condition over `columns`.
    pub(crate) fn sql(&self, columns: &Columns) -> db::sql::Sql {
        use db::sql::Sql;
        let mut parts = vec![Sql::new("1 = 1")];
        if let Some(company) = &self.company {
            let mut sql = Sql::new(&format!("{} = ", columns.customer));
            sql.bind(company);
            parts.push(sql);
        }
        if let Some(user) = &self.user {
            parts.push(match columns.user {
                Some(column) => {
                    let mut sql = Sql::new(&format!("{column} = "));
                    sql.bind(user);
                    sql
                }
                None => Sql::new("1 = 0"),
            });
        }
        if let Some(from) = self.from {
            let mut sql = Sql::new(&format!("{} >= ", columns.at));
            sql.bind(from);
            parts.push(sql);
        }
        if let Some(until) = self.until {
            let mut sql = Sql::new(&format!("{} < ", columns.at));
            sql.bind(until);
            parts.push(sql);
        }
        Sql::and(&parts)
    }
}

/// The order of a table's entries; ties newest first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EntrySort {
    #[default]
    NewestFirst,
    OldestFirst,
    /// By the user's name, ascending or not.
    User(bool),
    /// By the company's name, ascending or not.
    Company(bool),
}

impl EntrySort {
    /// `at.desc` (the default), `at.asc`, `user.asc`, `user.desc`, `company.asc`, `company.desc`.
    pub fn parse(text: &str) -> Option<EntrySort> {
        Some(match text {
            "at.desc" => EntrySort::NewestFirst,
            "at.asc" => EntrySort::OldestFirst,
            "user.asc" => EntrySort::User(true),
            "user.desc" => EntrySort::User(false),
            "company.asc" => EntrySort::Company(true),
            "company.desc" => EntrySort::Company(false),
            _ => return None,
        })
    }
}

impl EntryFilter {
    /// The span of a date preset (the search's numbers) or of `from`/`to` days (both inclusive).
    pub fn span(
        preset: Option<u8>,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
        today: NaiveDate,
    ) -> Result<(Option<NaiveDateTime>, Option<NaiveDateTime>), StatisticsError> {
        let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0);
        if let Some(preset) = preset {
            let (from, until) = desen_core::time::preset_range(preset, today)
                .ok_or(StatisticsError::InvalidForm("dateRange"))?;
            return Ok((midnight(from), midnight(until)));
        }
        let until = match to {
            Some(to) => Some(
                to.succ_opt()
                    .and_then(midnight)
                    .ok_or(StatisticsError::InvalidForm("to"))?,
            ),
            None => None,
        };
        let from = from.and_then(midnight);
        if let (Some(from), Some(until)) = (from, until)
            && from >= until
        {
            return Err(StatisticsError::InvalidForm("to"));
        }
        Ok((from, until))
    }
}

/// Totals over every record the filter admits (not only the page).
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub total: i64,
    pub users: i64,
    pub companies: i64,
}

/// A page of entries (the shape of every paged answer) with the summary of all of them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntriesAnswer<T: ToSchema> {
    pub items: Vec<T>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
    pub page_size: u32,
    pub summary: Summary,
}

impl<T: ToSchema> EntriesAnswer<T> {
    pub fn new(items: Vec<T>, summary: Summary, request: PageRequest) -> Self {
        let page = Page::new(items, summary.total, request);
        EntriesAnswer {
            items: page.items,
            total_count: page.total_count,
            total_page: page.total_page,
            current_page: page.current_page,
            page_size: request.page_size,
            summary,
        }
    }
}

/// Who, as every entry names them (the names of today; the record keeps the ids).
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct Who {
    pub user_guid: Option<String>,
    pub user_name: Option<String>,
    pub user_email: Option<String>,
    pub company_guid: Option<String>,
    pub company_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct CadEntry {
    #[serde(with = "desen_core::time::rfc3339")]
    pub at: NaiveDateTime,
    #[serde(flatten)]
    pub who: Who,
    pub design_guid: String,
    pub design_number: String,
    pub colorway_guid: String,
    pub colorway_name: String,
    pub format: String,
    pub kind: String,
    pub bytes: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct LoginEntry {
    #[serde(with = "desen_core::time::rfc3339")]
    pub at: NaiveDateTime,
    #[serde(flatten)]
    pub who: Who,
    /// The address signed in with (also for an unknown one).
    pub email: String,
    pub ip: String,
    /// `success` or why not.
    pub outcome: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct ColorwayEntry {
    #[serde(with = "desen_core::time::rfc3339")]
    pub at: NaiveDateTime,
    #[serde(flatten)]
    pub who: Who,
    pub design_guid: String,
    /// Absent for a design deleted since.
    pub design_number: Option<String>,
    pub colorway_guid: String,
    pub colorway_name: Option<String>,
}

/// A colorway view counted for one label of its design.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LabelEntry {
    #[serde(with = "desen_core::time::rfc3339")]
    pub at: NaiveDateTime,
    #[serde(flatten)]
    pub who: Who,
    pub design_guid: String,
    /// Absent for a design deleted since.
    pub design_number: Option<String>,
    pub colorway_guid: String,
    pub colorway_name: Option<String>,
    pub label_id: i32,
    /// In the admin's language.
    pub label: String,
}

/// The page (or, for CSV, up to [`MAX_CSV_ROWS`]) of what `limit` and `offset` pick.
fn window(page: Option<PageRequest>) -> (i64, i64) {
    match page {
        Some(page) => (i64::from(page.page_size), page.offset()),
        None => (MAX_CSV_ROWS, 0),
    }
}

macro_rules! filtered {
    ($query:expr, $table:ident, $user:ident, $customer:ident, $at:ident, $filter:expr) => {{
        let mut query = $query;
        if let Some(company) = &$filter.company {
            query = query.filter($table::$customer.eq(company.clone()));
        }
        if let Some(user) = &$filter.user {
            query = query.filter($table::$user.eq(user.clone()));
        }
        if let Some(from) = $filter.from {
            query = query.filter($table::$at.ge(from));
        }
        if let Some(until) = $filter.until {
            query = query.filter($table::$at.lt(until));
        }
        query
    }};
}

/// The filter's order: by time, or by the user's or the company's name (then newest first).
macro_rules! ordered {
    ($query:expr, $table:ident, $at:ident, $id:ident, $filter:expr) => {{
        let query = $query;
        let newest = ($table::$at.desc(), $table::$id.desc());
        match $filter.sort {
            EntrySort::NewestFirst => query.order(newest),
            EntrySort::OldestFirst => query.order(($table::$at.asc(), $table::$id.asc())),
            EntrySort::User(true) => query.order(users::name.asc()).then_order_by(newest),
            EntrySort::User(false) => query.order(users::name.desc()).then_order_by(newest),
            EntrySort::Company(true) => query.order(customers::name.asc()).then_order_by(newest),
            EntrySort::Company(false) => query.order(customers::name.desc()).then_order_by(newest),
        }
    }};
}

/// CAD downloads, download-alls and exports, one per colorway.
pub fn cad_entries(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    page: Option<PageRequest>,
) -> Result<(Vec<CadEntry>, Summary), StatisticsError> {
    let summary = counts::summary(conn, Kind::Cad, filter)?;
    let (limit, offset) = window(page);
    let items = ordered!(
        filtered!(
            cad_downloads::table
                .left_join(users::table.on(users::guid.eq(cad_downloads::user_guid)))
                .left_join(
                    customers::table
                        .on(customers::guid.nullable().eq(cad_downloads::customer_guid))
                )
                .into_boxed(),
            cad_downloads,
            user_guid,
            customer_guid,
            created_at,
            filter
        ),
        cad_downloads,
        created_at,
        id,
        filter
    )
    .limit(limit)
    .offset(offset)
    .select((
        cad_downloads::created_at,
        (
            cad_downloads::user_guid.nullable(),
            users::name.nullable(),
            cad_downloads::user_email.nullable(),
            cad_downloads::customer_guid,
            customers::name.nullable(),
        ),
        cad_downloads::design_guid,
        cad_downloads::design_number,
        cad_downloads::colorway_guid,
        cad_downloads::colorway_name,
        cad_downloads::format,
        cad_downloads::kind,
        cad_downloads::bytes,
    ))
    .load(conn)?;
    Ok((items, summary))
}

/// Sign-ins, successful or not.
pub fn login_entries(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    page: Option<PageRequest>,
) -> Result<(Vec<LoginEntry>, Summary), StatisticsError> {
    let summary = counts::summary(conn, Kind::Login, filter)?;
    let (limit, offset) = window(page);
    let items = ordered!(
        filtered!(
            sign_ins::table
                .left_join(users::table.on(users::guid.nullable().eq(sign_ins::user_guid)))
                .left_join(
                    customers::table.on(customers::guid.nullable().eq(sign_ins::customer_guid))
                )
                .into_boxed(),
            sign_ins,
            user_guid,
            customer_guid,
            at,
            filter
        ),
        sign_ins,
        at,
        id,
        filter
    )
    .limit(limit)
    .offset(offset)
    .select((
        sign_ins::at,
        (
            sign_ins::user_guid,
            users::name.nullable(),
            users::email.nullable(),
            sign_ins::customer_guid,
            customers::name.nullable(),
        ),
        sign_ins::email,
        sign_ins::ip,
        sign_ins::outcome,
    ))
    .load(conn)?;
    Ok((items, summary))
}

/// Colorways opened on the design page.
pub fn colorway_entries(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    page: Option<PageRequest>,
) -> Result<(Vec<ColorwayEntry>, Summary), StatisticsError> {
    let summary = counts::summary(conn, Kind::Colorway, filter)?;
    let (limit, offset) = window(page);
    let items = ordered!(
        filtered!(
            colorway_views::table
                .left_join(users::table.on(users::guid.eq(colorway_views::user_guid)))
                .left_join(
                    customers::table
                        .on(customers::guid.nullable().eq(colorway_views::customer_guid))
                )
                .left_join(designs::table.on(designs::guid.eq(colorway_views::design_guid)))
                .left_join(colorways::table.on(colorways::guid.eq(colorway_views::colorway_guid)))
                .into_boxed(),
            colorway_views,
            user_guid,
            customer_guid,
            viewed_at,
            filter
        ),
        colorway_views,
        viewed_at,
        id,
        filter
    )
    .limit(limit)
    .offset(offset)
    .select((
        colorway_views::viewed_at,
        (
            colorway_views::user_guid.nullable(),
            users::name.nullable(),
            users::email.nullable(),
            colorway_views::customer_guid,
            customers::name.nullable(),
        ),
        colorway_views::design_guid,
        designs::number.nullable(),
        colorway_views::colorway_guid,
        colorways::name.nullable(),
    ))
    .load(conn)?;
    Ok((items, summary))
}

/// The labels looked at: each colorway view once for each label its design carried then.
pub fn label_entries(
    conn: &mut DbConnection,
    filter: &EntryFilter,
    page: Option<PageRequest>,
) -> Result<(Vec<LabelEntry>, Summary), StatisticsError> {
    let summary = counts::summary(conn, Kind::Label, filter)?;
    let (limit, offset) = window(page);
    type Row = (
        NaiveDateTime,
        Who,
        String,
        Option<String>,
        String,
        Option<String>,
        i32,
        (String, String, String),
    );
    let rows: Vec<Row> = ordered!(
        filtered!(
            label_views::table
                .inner_join(labels::table.on(labels::id.eq(label_views::label_id)))
                .left_join(designs::table.on(designs::guid.eq(label_views::design_guid)))
                .left_join(users::table.on(users::guid.eq(label_views::user_guid)))
                .left_join(
                    customers::table.on(customers::guid.nullable().eq(label_views::customer_guid))
                )
                .left_join(colorways::table.on(colorways::guid.eq(label_views::colorway_guid)))
                .into_boxed(),
            label_views,
            user_guid,
            customer_guid,
            viewed_at,
            filter
        ),
        label_views,
        viewed_at,
        view_id,
        filter
    )
    .then_order_by(labels::id)
    .limit(limit)
    .offset(offset)
    .select((
        label_views::viewed_at,
        (
            label_views::user_guid.nullable(),
            users::name.nullable(),
            users::email.nullable(),
            label_views::customer_guid,
            customers::name.nullable(),
        ),
        label_views::design_guid,
        designs::number.nullable(),
        label_views::colorway_guid,
        colorways::name.nullable(),
        labels::id,
        (labels::name_tr, labels::name_en, labels::name_ru),
    ))
    .load(conn)?;
    let items = rows
        .into_iter()
        .map(
            |(
                at,
                who,
                design_guid,
                design_number,
                colorway_guid,
                colorway_name,
                label_id,
                names,
            )| {
                LabelEntry {
                    at,
                    who,
                    design_guid,
                    design_number,
                    colorway_guid,
                    colorway_name,
                    label_id,
                    label: match filter.language {
                        Language::Tr => names.0,
                        Language::En => names.1,
                        Language::Ru => names.2,
                    },
                }
            },
        )
        .collect();
    Ok((items, summary))
}
