//! The records the statistics count, and their one writer: a record is inserted once (its id is
//! its key, so a record written again after a retry or a replay is not), and only an inserted
//! record is counted.

use crate::funnel::{self, Step, StepTick};
use crate::{Kind, Tick, tally};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{cad_downloads, design_labels, favorite_adds, label_views, sign_ins};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

/// A sign-in, successful or not.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, PartialEq, Serialize, Deserialize)]
#[diesel(table_name = sign_ins, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct SignInRecord {
    pub id: String,
    pub user_guid: Option<String>,
    pub email: String,
    pub customer_guid: Option<String>,
    pub ip: String,
    pub outcome: String,
    pub at: NaiveDateTime,
}

/// One colorway handed out: by a download, a download-all or an export. No foreign keys: the
/// record outlives a deleted user or design, so names are kept.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, PartialEq, Serialize, Deserialize)]
#[diesel(table_name = cad_downloads, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct CadRecord {
    pub id: String,
    pub user_guid: String,
    pub user_email: String,
    pub customer_guid: Option<String>,
    pub design_guid: String,
    pub design_number: String,
    pub colorway_guid: String,
    pub colorway_name: String,
    pub format: String,
    pub kind: String,
    pub bytes: i64,
    pub created_at: NaiveDateTime,
}

/// A colorway opened on the design page.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, PartialEq, Serialize, Deserialize)]
#[diesel(table_name = db::schema::colorway_views, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct ViewRecord {
    pub id: String,
    pub user_guid: String,
    pub customer_guid: Option<String>,
    pub design_guid: String,
    pub colorway_guid: String,
    pub viewed_at: NaiveDateTime,
}

/// A colorway added to a favorite list, with its user's company then.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, PartialEq, Serialize, Deserialize)]
#[diesel(table_name = favorite_adds, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct FavoriteRecord {
    pub id: String,
    pub user_guid: String,
    pub customer_guid: Option<String>,
    pub design_guid: String,
    pub colorway_guid: String,
    pub added_at: NaiveDateTime,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Record {
    SignIn(SignInRecord),
    Cad(CadRecord),
    View(ViewRecord),
    Favorite(FavoriteRecord),
}

/// A funnel step of a design and company, counted once.
fn step(step: Step, design: &str, company: &Option<String>, at: NaiveDateTime) -> StepTick {
    StepTick {
        step,
        design: design.to_owned(),
        company: company.clone(),
        at,
        n: 1,
    }
}

/// Inserts `records` and counts those inserted, in one transaction. A view also records the
/// labels its design carries now.
pub fn write(conn: &mut DbConnection, records: &[Record]) -> QueryResult<()> {
    conn.transaction(|conn| {
        let mut ticks = Vec::with_capacity(records.len());
        let mut steps = Vec::new();
        for record in records {
            match record {
                Record::SignIn(r) => {
                    if inserted(conn, diesel::insert_into(sign_ins::table).values(r))? {
                        ticks.push(Tick {
                            kind: Kind::Login,
                            at: r.at,
                            user: r.user_guid.clone(),
                            customer: r.customer_guid.clone(),
                            label: None,
                        });
                    }
                }
                Record::Cad(r) => {
                    if inserted(conn, diesel::insert_into(cad_downloads::table).values(r))? {
                        steps.push(step(
                            Step::CadDownload,
                            &r.design_guid,
                            &r.customer_guid,
                            r.created_at,
                        ));
                        ticks.push(Tick {
                            kind: Kind::Cad,
                            at: r.created_at,
                            user: Some(r.user_guid.clone()),
                            customer: r.customer_guid.clone(),
                            label: None,
                        });
                    }
                }
                Record::View(r) => {
                    if inserted(
                        conn,
                        diesel::insert_into(db::schema::colorway_views::table).values(r),
                    )? {
                        steps.push(step(
                            Step::View,
                            &r.design_guid,
                            &r.customer_guid,
                            r.viewed_at,
                        ));
                        view(conn, r, &mut ticks)?;
                    }
                }
                Record::Favorite(r) => {
                    if inserted(conn, diesel::insert_into(favorite_adds::table).values(r))? {
                        steps.push(step(
                            Step::Favorite,
                            &r.design_guid,
                            &r.customer_guid,
                            r.added_at,
                        ));
                    }
                }
            }
        }
        tally(conn, &ticks)?;
        funnel::count(conn, &steps)
    })
}

/// Whether `insert` inserted its row: false when the row's key is there already (a record
/// written again). The savepoint keeps PostgreSQL's transaction usable after the refusal.
fn inserted<Q>(conn: &mut DbConnection, insert: Q) -> QueryResult<bool>
where
    Q: RunQueryDsl<DbConnection> + diesel::query_dsl::methods::ExecuteDsl<DbConnection>,
{
    match conn.transaction(|conn| insert.execute(conn)) {
        Ok(_) => Ok(true),
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The ticks of an inserted view, and its label records.
fn view(conn: &mut DbConnection, r: &ViewRecord, ticks: &mut Vec<Tick>) -> QueryResult<()> {
    let tick = |kind, label| Tick {
        kind,
        at: r.viewed_at,
        user: Some(r.user_guid.clone()),
        customer: r.customer_guid.clone(),
        label,
    };
    ticks.push(tick(Kind::Colorway, None));
    let labels: Vec<i32> = design_labels::table
        .filter(design_labels::design_guid.eq(&r.design_guid))
        .select(design_labels::label_id)
        .load(conn)?;
    for label in labels {
        diesel::insert_into(label_views::table)
            .values((
                label_views::view_id.eq(&r.id),
                label_views::label_id.eq(label),
                label_views::user_guid.eq(&r.user_guid),
                label_views::customer_guid.eq(&r.customer_guid),
                label_views::design_guid.eq(&r.design_guid),
                label_views::colorway_guid.eq(&r.colorway_guid),
                label_views::viewed_at.eq(r.viewed_at),
            ))
            .execute(conn)?;
        ticks.push(tick(Kind::Label, Some(label)));
    }
    Ok(())
}
