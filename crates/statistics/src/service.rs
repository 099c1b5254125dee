use crate::error::StatisticsError;
use chrono::Utc;
use db::DbConnection;
use db::schema::colorway_views;
use desen_core::{ColorwayGuid, DesignGuid, Viewer};
use diesel::prelude::*;

/// Records that `viewer` looked at a colorway; "design not found" for one they may not see.
pub fn record_colorway_view(
    conn: &mut DbConnection,
    viewer: &Viewer,
    design: &DesignGuid,
    colorway: &ColorwayGuid,
) -> Result<(), StatisticsError> {
    catalog::service::rendition_of(conn, viewer, design, colorway)?;
    diesel::insert_into(colorway_views::table)
        .values((
            colorway_views::id.eq(uuid::Uuid::new_v4().to_string()),
            colorway_views::user_guid.eq(&viewer.user_guid),
            colorway_views::customer_guid.eq(&viewer.customer_guid),
            colorway_views::design_guid.eq(design.to_string()),
            colorway_views::colorway_guid.eq(colorway.to_string()),
            colorway_views::viewed_at.eq(Utc::now().naive_utc()),
        ))
        .execute(conn)?;
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
