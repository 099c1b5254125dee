use crate::{AuditEvent, AuditFilter};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{audit_events, users};
use diesel::prelude::*;

#[derive(Insertable)]
#[diesel(table_name = audit_events)]
pub struct NewEvent<'a> {
    pub at: NaiveDateTime,
    pub actor_guid: &'a str,
    pub action: &'a str,
    pub subject_kind: &'a str,
    pub subject_guid: &'a str,
    pub subject_name: &'a str,
    pub details: &'a str,
}

pub fn insert(conn: &mut DbConnection, event: &NewEvent<'_>) -> QueryResult<()> {
    diesel::insert_into(audit_events::table)
        .values(event)
        .execute(conn)
        .map(|_| ())
}

type Row = (
    i64,
    NaiveDateTime,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    String,
    String,
);

pub fn page(
    conn: &mut DbConnection,
    filter: &AuditFilter,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<AuditEvent>, i64)> {
    let filtered = || {
        let mut q = audit_events::table
            .left_join(users::table.on(users::guid.eq(audit_events::actor_guid)))
            .into_boxed();
        if let Some(subject) = &filter.subject_guid {
            q = q.filter(audit_events::subject_guid.eq(subject.clone()));
        }
        if let Some(actor) = &filter.actor_guid {
            q = q.filter(audit_events::actor_guid.eq(actor.clone()));
        }
        if let Some(action) = &filter.action {
            q = q.filter(audit_events::action.eq(action.clone()));
        }
        q
    };
    let total = filtered().count().get_result(conn)?;
    let rows: Vec<Row> = filtered()
        .order((audit_events::at.desc(), audit_events::id.desc()))
        .offset(offset)
        .limit(limit)
        .select((
            audit_events::id,
            audit_events::at,
            audit_events::actor_guid,
            users::name.nullable(),
            users::email.nullable(),
            audit_events::action,
            audit_events::subject_kind,
            audit_events::subject_guid,
            audit_events::subject_name,
            audit_events::details,
        ))
        .load(conn)?;
    let events = rows
        .into_iter()
        .map(
            |(id, at, actor_guid, name, email, action, kind, guid, subject, details)| AuditEvent {
                id,
                at,
                actor_guid,
                actor_name: name.unwrap_or_default(),
                actor_email: email.unwrap_or_default(),
                action,
                subject_kind: kind,
                subject_guid: guid,
                subject_name: subject,
                details,
            },
        )
        .collect();
    Ok((events, total))
}
