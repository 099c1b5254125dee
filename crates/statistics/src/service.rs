use crate::error::StatisticsError;
use chrono::Utc;
use db::DbConnection;
use db::schema::colorway_views;
use desen_core::{ColorwayGuid, DesignGuid, Viewer};
use diesel::prelude::*;

/// The record of `viewer` looking at a colorway; "design not found" for one they may not see.
/// A view sent again with its `event` id (a retry after a dropped connection) is counted once:
/// the record's key is the user's id with the event's.
pub fn colorway_view(
    conn: &mut DbConnection,
    viewer: &Viewer,
    design: &DesignGuid,
    colorway: &ColorwayGuid,
    event: Option<uuid::Uuid>,
) -> Result<usage::Record, StatisticsError> {
    catalog::service::rendition_of(conn, viewer, design, colorway)?;
    let event = event.unwrap_or_else(uuid::Uuid::new_v4);
    let view = usage::ViewRecord {
        id: format!("{}/{event}", viewer.user_guid),
        user_guid: viewer.user_guid.clone(),
        customer_guid: viewer.customer_guid.clone(),
        design_guid: design.to_string(),
        colorway_guid: colorway.to_string(),
        viewed_at: Utc::now().naive_utc(),
    };
    Ok(usage::Record::View(view))
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
