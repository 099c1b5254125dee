use chrono::NaiveDateTime;
use db::schema::{favorite_entries, favorite_lists};
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = favorite_lists, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct FavoriteList {
    pub guid: String,
    pub user_guid: String,
    pub name: String,
    /// The name folded to lower case: unique per user.
    pub name_key: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = favorite_entries, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct FavoriteEntry {
    pub list_guid: String,
    pub colorway_guid: String,
    pub design_guid: String,
    pub added_at: NaiveDateTime,
}

/// An entry with the design's number and the colorway's name.
#[derive(Debug, Clone, Queryable)]
pub struct NamedEntry {
    pub list_guid: String,
    pub design_guid: String,
    pub colorway_guid: String,
    pub design_name: String,
    pub colorway_name: String,
    pub renditions_key: String,
    pub added_at: NaiveDateTime,
}

/// A share with who shared it.
#[derive(Debug, Clone, Queryable)]
pub struct ShareRow {
    pub list: FavoriteList,
    pub shared_at: NaiveDateTime,
    pub times: i32,
    pub user_name: String,
    pub user_email: String,
    pub customer_name: Option<String>,
}
