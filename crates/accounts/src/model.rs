//! Rows as stored, and the small enums stored in them as text.

use chrono::NaiveDateTime;
use db::schema::{account_links, customers, users};
use desen_core::{Language, text_enum};
use diesel::prelude::*;
use serde::Serialize;

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

pub use usage::SignInRecord;

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

    /// Whether a session of this user still counts: an active account that may use the archive.
    pub fn may_stay_signed_in(&self) -> bool {
        self.status() == AccountStatus::Active && (self.archive_access || self.is_admin)
    }
}

// ---- read models: what the services answer, built from the rows above ----------------------

/// A live, checked session and its user.
#[derive(Debug, Clone)]
pub struct CurrentSession {
    pub token_hash: String,
    pub user: User,
    pub second_factor_validated: bool,
}

impl CurrentSession {
    /// The language answers are in: the one asked for (a form's `language`), else the account's.
    pub fn language(&self, asked: Option<&str>) -> Language {
        asked
            .and_then(|l| l.parse().ok())
            .or_else(|| self.user.language.parse().ok())
            .unwrap_or_default()
    }

    /// The signed-in user's id: who acts, for the audit log.
    pub fn user_id(&self) -> Result<desen_core::UserGuid, crate::AccountError> {
        self.user
            .guid
            .parse()
            .map_err(|_| crate::AccountError::Internal(format!("user id {:?}", self.user.guid)))
    }

    pub fn viewer(&self) -> desen_core::Viewer {
        desen_core::Viewer {
            user_guid: self.user.guid.clone(),
            customer_guid: self.user.customer_guid.clone(),
            is_admin: self.user.is_admin,
            is_in_house: self.user.is_in_house,
            second_factor_validated: self.second_factor_validated,
        }
    }
}

/// What the second-factor step asks of an admin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SecondFactorStep {
    None,
    Enroll,
    Verify,
}

impl CurrentSession {
    pub fn second_factor_step(&self) -> SecondFactorStep {
        match (
            self.user.is_admin,
            self.second_factor_validated,
            &self.user.totp_secret,
        ) {
            (false, _, _) | (true, true, _) => SecondFactorStep::None,
            (true, false, None) => SecondFactorStep::Enroll,
            (true, false, Some(_)) => SecondFactorStep::Verify,
        }
    }
}

/// A user as the admin list shows it.
pub struct UserListing {
    pub user: User,
    pub company_name: Option<String>,
    pub pool_name: Option<String>,
}

/// A customer company as the admin table shows it.
pub struct CustomerListing {
    pub customer: Customer,
    pub user_count: i64,
    pub design_count: i64,
}
