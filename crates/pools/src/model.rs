use chrono::NaiveDateTime;
use db::schema::{pool_searches, pools};
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = pools, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Pool {
    pub guid: String,
    pub name: String,
    pub description: String,
    pub admits_own: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = pool_searches, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct PoolSearch {
    pub pool_guid: String,
    pub position: i32,
    /// `PoolCriteria` as JSON.
    pub criteria: String,
}
