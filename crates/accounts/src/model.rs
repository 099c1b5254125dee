//! Rows as stored, and the small enums stored in them as text.

use chrono::NaiveDateTime;
use db::schema::{account_links, customers, sign_ins, users};
use desen_core::text_enum;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = users, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
#[diesel(treat_none_as_null = true)]
pub struct User {
    pub guid: String,
    pub name: String,
    pub email: String,
    pub customer_guid: Option<String>,
    pub language: String,
    pub status: String,
    pub login_condition: String,
    pub login_day_limit: Option<i32>,
    pub login_condition_from: Option<NaiveDateTime>,
    pub allowed_ips: String,
    pub shop_access: bool,
    pub archive_access: bool,
    pub is_admin: bool,
    pub is_in_house: bool,
    pub password_hash: Option<String>,
    pub totp_secret: Option<String>,
    pub totp_pending_secret: Option<String>,
    pub totp_last_step: Option<i64>,
    pub created_at: NaiveDateTime,
    pub last_login_at: Option<NaiveDateTime>,
    pub login_count: i32,
    /// The pool limiting what the user sees; none: the open archive.
    pub pool_guid: Option<String>,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = customers, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct Customer {
    pub guid: String,
    pub name: String,
    pub name_sef: String,
    pub address: String,
    pub code: String,
    pub visible: bool,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = account_links, check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct AccountLink {
    pub token_hash: String,
    pub user_guid: String,
    pub purpose: String,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
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

text_enum!(
    /// The spec's account states.
    AccountStatus { Active = "active", Stopped = "stopped", Cancelled = "cancelled", Expired = "expired" }
);

text_enum!(
    /// Unlimited, or limited to a number of days from when the condition was set.
    LoginCondition { Unlimited = "unlimited", DayLimit = "day_limit" }
);

text_enum!(
    /// What a single-use link is for.
    LinkPurpose { Reset = "reset", Invite = "invite", AutoLogin = "auto_login" }
);

impl User {
    pub fn status(&self) -> AccountStatus {
        // An unreadable status must never let anyone in.
        AccountStatus::parse(&self.status).unwrap_or(AccountStatus::Stopped)
    }
}
