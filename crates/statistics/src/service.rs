use crate::error::StatisticsError;
use chrono::Utc;
use db::DbConnection;
use db::schema::colorway_views;
use db::sql::Sql;
use desen_core::{ColorwayGuid, DesignGuid, Viewer};
use diesel::prelude::*;

/// Records that `viewer` looked at a colorway; "design not found" for one they may not see.
/// A view sent again with its `event` id (a retry after a dropped connection) is counted once:
/// the record's key is the user's id with the event's.
pub fn record_colorway_view(
    conn: &mut DbConnection,
    viewer: &Viewer,
    design: &DesignGuid,
    colorway: &ColorwayGuid,
    event: Option<uuid::Uuid>,
) -> Result<(), StatisticsError> {
    catalog::service::rendition_of(conn, viewer, design, colorway)?;
    let event = event.unwrap_or_else(uuid::Uuid::new_v4);
    let mut sql = Sql::new(
        "INSERT INTO colorway_views (id, user_guid, customer_guid, design_guid, colorway_guid, \
         viewed_at) VALUES (",
    );
    sql.bind(format!("{}/{event}", viewer.user_guid))
        .push(", ")
        .bind(&viewer.user_guid)
        .push(", ");
    match &viewer.customer_guid {
        Some(customer) => sql.bind(customer),
        None => sql.push("NULL"),
    };
    sql.push(", ")
        .bind(design.to_string())
        .push(", ")
        .bind(colorway.to_string())
        .push(", ")
        .bind(Utc::now().naive_utc())
        .push(") ON CONFLICT (id) DO NOTHING");
    sql.execute(conn)?;
    Ok(())
}

/// How many views a colorway has had (the statistics screens build on these records).
pub fn colorway_view_count(
    conn: &mut DbConnection,
    colorway: &ColorwayGuid,
) -> Result<i64, StatisticsError> {
    Ok(colorway_views::table
        .filter(colorway_views::colorway_guid.eq(colorway.to_string()))
        .count()
        .get_result(conn)?)
}
