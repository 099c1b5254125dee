//! What travels over HTTP: the spec's form fields in, camelCase JSON out.

use crate::credentials::{self, Email};
use crate::error::AccountError;
use crate::model::{
    AccountStatus, CurrentSession, CustomerListing, LoginCondition, SecondFactorStep, User,
    UserListing,
};
use crate::repo::{UserFilter, UserSort};
use chrono::NaiveDateTime;
use desen_core::{CustomerGuid, Language, PageRequest, UserGuid, time};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Every field optional: missing ones get a coded `invalid_form`, not a parser's message.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginForm {
    #[schema(required = true, value_type = String, format = Email, max_length = 99)]
    pub mail_address: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub password: Option<String>,
    #[schema(value_type = Option<String>, example = "true")]
    pub remember: Option<String>,
    #[schema(value_type = Option<String>, pattern = "^(tr|en|ru)?$")]
    pub language: Option<String>,
    pub view: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailForm {
    #[schema(required = true, value_type = String, format = Email, max_length = 99)]
    pub mail_address: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePasswordForm {
    #[schema(required = true, value_type = String, format = Email, max_length = 99)]
    pub mail_address: Option<String>,
    /// At least 8 characters with an upper-case and a lower-case letter; `password2` the same.
    #[schema(required = true, value_type = String, min_length = 8, max_length = 64, pattern = r"^.*([A-Z].*[a-z]|[a-z].*[A-Z]).*$")]
    pub password1: Option<String>,
    #[schema(required = true, value_type = String, min_length = 8, max_length = 64, pattern = r"^.*([A-Z].*[a-z]|[a-z].*[A-Z]).*$")]
    pub password2: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenForm {
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeForm {
    #[schema(required = true, value_type = String, pattern = "^[0-9]{6}$")]
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodeForm {
    /// One of the admin's recovery codes, e.g. `7KQ2-M9XD-4HTW`.
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S", max_length = 64)]
    pub recovery_code: Option<String>,
}

/// The second factor proved again before a sensitive change: a code of the authenticator or one
/// of the admin's unused recovery codes (spent).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProofForm {
    /// `123456` or `7KQ2-M9XD-4HTW`.
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S", max_length = 64)]
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserGuidForm {
    /// A user guid; the bulk reset takes several, comma-separated.
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub user_guid: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountStateForm {
    pub user_guid: Option<String>,
    /// active | stopped | cancelled | expired
    pub state: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserListForm {
    pub page: Option<u32>,
    #[schema(maximum = 200, minimum = 1)]
    pub page_size: Option<u32>,
    /// Part of the name, e-mail or company name.
    pub query: Option<String>,
    /// active | stopped | cancelled | expired
    pub status: Option<String>,
    pub pool_guid: Option<String>,
    pub customer_guid: Option<String>,
    /// Only users without a sign-in in the last this many days (the inactive users view).
    pub inactive_days: Option<u32>,
    /// name | email | company | created | lastLogin | loginCount | status
    pub sort: Option<String>,
    pub descending: Option<String>,
}

/// The spec's create-user form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateUserForm {
    #[schema(required = true, value_type = String, format = Uuid)]
    pub customer: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S", max_length = 200)]
    pub name: Option<String>,
    #[schema(required = true, value_type = String, format = Email, max_length = 99)]
    pub mail: Option<String>,
    /// tr | en | ru
    #[schema(required = true, value_type = String, pattern = "^ *(tr|en|ru) *$")]
    pub language: Option<String>,
    /// unlimited | limited
    #[schema(required = true, value_type = String, pattern = "^ *(unlimited|0|limited|day_limit|1) *$")]
    pub login_condition: Option<String>,
    /// The day count of a limited login condition.
    /// Days, 1 to 3,650; required for `limited`.
    #[schema(value_type = Option<String>, pattern = "^ *[0-9]+ *$")]
    pub condition_data: Option<String>,
    pub pool: Option<String>,
    /// set | invite
    #[schema(required = true, value_type = String, pattern = "^ *(set|invite) *$")]
    pub password_mode: Option<String>,
    /// With `passwordMode` `set`: at least 8 characters with an upper-case and a lower-case
    /// letter; `password2` the same.
    #[schema(
        min_length = 8,
        max_length = 64,
        pattern = r"^.*([A-Z].*[a-z]|[a-z].*[A-Z]).*$"
    )]
    pub password1: Option<String>,
    #[schema(
        min_length = 8,
        max_length = 64,
        pattern = r"^.*([A-Z].*[a-z]|[a-z].*[A-Z]).*$"
    )]
    pub password2: Option<String>,
    #[schema(required = true, value_type = String, pattern = "^ *(true|1|on|yes|false|0|off|no) *$")]
    pub shop_access: Option<String>,
    #[schema(required = true, value_type = String, pattern = "^ *(true|1|on|yes|false|0|off|no) *$")]
    pub archive_access: Option<String>,
    /// A member of the studio's staff: sees the whole archive (default false).
    #[schema(value_type = Option<String>, pattern = "^ *(true|1|on|yes|false|0|off|no)? *$")]
    pub is_in_house: Option<String>,
}

/// The row edit; an absent field is kept.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserForm {
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub user_guid: Option<String>,
    #[schema(value_type = Option<String>, min_length = 1, max_length = 200, pattern = r"\S")]
    pub name: Option<String>,
    #[schema(value_type = Option<String>, format = Email, max_length = 99)]
    pub mail: Option<String>,
    #[schema(value_type = Option<String>, pattern = "^ *(tr|en|ru) *$")]
    pub language: Option<String>,
    pub customer: Option<String>,
    pub shop_access: Option<String>,
    pub archive_access: Option<String>,
    pub is_in_house: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignPasswordForm {
    pub user_guid: Option<String>,
    /// At least 8 characters with an upper-case and a lower-case letter.
    #[schema(
        min_length = 8,
        max_length = 64,
        pattern = r"^.*([A-Z].*[a-z]|[a-z].*[A-Z]).*$"
    )]
    pub new_password: Option<String>,
    /// The confirmation; without it the one entry counts.
    #[schema(
        min_length = 8,
        max_length = 64,
        pattern = r"^.*([A-Z].*[a-z]|[a-z].*[A-Z]).*$"
    )]
    pub new_password2: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginConditionForm {
    pub user_guid: Option<String>,
    /// unlimited | limited
    pub condition_type: Option<String>,
    /// Days, for `limited`.
    pub condition_value: Option<String>,
    /// Addresses or CIDR ranges, comma-separated; empty allows every address; absent keeps them.
    pub allowed_ips: Option<String>,
}

/// A bulk form: `userGuids` is a comma-separated list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkUsersForm {
    /// User guids, comma-separated (at most 5,000).
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub user_guids: Option<String>,
    pub state: Option<String>,
    pub condition_type: Option<String>,
    pub condition_value: Option<String>,
    pub allowed_ips: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserGuidAnswer {
    pub user_guid: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkAnswer {
    /// How many users were changed.
    pub changed: usize,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerListForm {
    pub page: Option<u32>,
    #[schema(maximum = 200, minimum = 1)]
    pub page_size: Option<u32>,
    pub query: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCustomerForm {
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S", max_length = 200)]
    pub name: Option<String>,
    #[schema(max_length = 1000)]
    pub address: Option<String>,
    #[schema(max_length = 100)]
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerVisibilityForm {
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub customer_guid: Option<String>,
    #[schema(required = true, value_type = String, pattern = "^ *(true|1|on|yes|false|0|off|no) *$")]
    pub val: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteCustomerForm {
    pub customer_guid: Option<String>,
    /// Delete its users too and keep its designs without a customer.
    pub cascade: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRow {
    pub customer_guid: String,
    pub customer_name: String,
    pub name_sef: String,
    pub address: String,
    pub code: String,
    pub visible: bool,
    #[serde(with = "desen_core::time::rfc3339")]
    pub created_at: NaiveDateTime,
    pub user_count: i64,
    pub design_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerPage {
    pub items: Vec<CustomerRow>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
}

impl From<CustomerListing> for CustomerRow {
    fn from(listing: CustomerListing) -> Self {
        let c = listing.customer;
        CustomerRow {
            customer_guid: c.guid,
            customer_name: c.name,
            name_sef: c.name_sef,
            address: c.address,
            code: c.code,
            visible: c.visible,
            created_at: c.created_at,
            user_count: listing.user_count,
            design_count: listing.design_count,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditListForm {
    pub page: Option<u32>,
    #[schema(maximum = 200, minimum = 1)]
    pub page_size: Option<u32>,
    pub subject_guid: Option<String>,
    pub actor_guid: Option<String>,
    pub action: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub items: Vec<audit::AuditEvent>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountUser {
    pub user_guid: String,
    pub name: String,
    pub email: String,
    pub language: String,
    pub company_guid: Option<String>,
    pub company_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInAnswer {
    pub response_code: i32,
    pub access_token: String,
    pub user: AccountUser,
    pub is_admin: bool,
    pub is_in_house: bool,
    #[serde(rename = "is2FaValidated")]
    pub is_2fa_validated: bool,
    pub second_factor: SecondFactorStep,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidateAnswer {
    pub is_valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<AccountUser>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_admin: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_in_house: Option<bool>,
    #[serde(rename = "is2FaValidated", skip_serializing_if = "Option::is_none")]
    pub is_2fa_validated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_factor: Option<SecondFactorStep>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrollAnswer {
    pub secret: String,
    pub otpauth_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyAnswer {
    #[serde(rename = "is2FaValidated")]
    pub is_2fa_validated: bool,
    /// Only on the code that confirmed an enrolment: the admin's recovery codes, shown this once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_codes: Option<Vec<String>>,
}

/// The second factor passed with a recovery code.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoverAnswer {
    #[serde(rename = "is2FaValidated")]
    pub is_2fa_validated: bool,
    /// Unused recovery codes left after this one.
    pub recovery_codes_left: i64,
}

/// The signed-in admin's unused recovery codes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodesLeft {
    pub recovery_codes_left: i64,
}

/// New recovery codes, shown this once (the old ones no longer work).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodesAnswer {
    /// `XXXX-XXXX-XXXX`; typed back in any case, with or without dashes and spaces.
    pub recovery_codes: Vec<String>,
    pub recovery_codes_left: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentAnswer {
    pub sent: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OkAnswer {
    pub ok: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoLoginLink {
    pub url: String,
    #[serde(with = "desen_core::time::rfc3339")]
    pub expires_at: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    pub user_guid: String,
    pub user_company_guid: Option<String>,
    pub name: String,
    pub email: String,
    pub company_name: Option<String>,
    pub language: String,
    pub status: String,
    pub login_condition: String,
    /// Days the account may sign in for, counted from `loginConditionFrom`.
    pub login_day_limit: Option<i32>,
    #[serde(with = "desen_core::time::rfc3339::option")]
    pub login_condition_from: Option<NaiveDateTime>,
    /// Addresses or ranges the user may sign in from; empty: anywhere.
    pub allowed_ips: String,
    pub pool_guid: Option<String>,
    pub pool_name: Option<String>,
    pub shop_access: bool,
    pub archive_access: bool,
    pub has_authenticator: bool,
    pub is_admin: bool,
    pub is_in_house: bool,
    #[serde(with = "desen_core::time::rfc3339")]
    pub created_at: NaiveDateTime,
    #[serde(with = "desen_core::time::rfc3339::option")]
    pub last_login_at: Option<NaiveDateTime>,
    pub login_count: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserPage {
    pub items: Vec<UserRow>,
    pub total_count: i64,
    pub total_page: i64,
    pub current_page: u32,
}

impl AccountUser {
    pub fn of(session: &CurrentSession, company_name: Option<String>) -> Self {
        let user = &session.user;
        AccountUser {
            user_guid: user.guid.clone(),
            name: user.name.clone(),
            email: user.email.clone(),
            language: user.language.clone(),
            company_guid: user.customer_guid.clone(),
            company_name,
        }
    }
}

impl SignInAnswer {
    pub fn new(token: String, session: &CurrentSession, company_name: Option<String>) -> Self {
        SignInAnswer {
            response_code: 0,
            access_token: token,
            user: AccountUser::of(session, company_name),
            is_admin: session.user.is_admin,
            is_in_house: session.user.is_in_house,
            is_2fa_validated: session.second_factor_validated,
            second_factor: session.second_factor_step(),
        }
    }
}

impl ValidateAnswer {
    pub fn invalid() -> Self {
        ValidateAnswer {
            is_valid: false,
            user: None,
            is_admin: None,
            is_in_house: None,
            is_2fa_validated: None,
            second_factor: None,
        }
    }

    pub fn valid(session: &CurrentSession, company_name: Option<String>) -> Self {
        ValidateAnswer {
            is_valid: true,
            user: Some(AccountUser::of(session, company_name)),
            is_admin: Some(session.user.is_admin),
            is_in_house: Some(session.user.is_in_house),
            is_2fa_validated: Some(session.second_factor_validated),
            second_factor: Some(session.second_factor_step()),
        }
    }
}

impl From<UserListing> for UserRow {
    fn from(listing: UserListing) -> Self {
        let user = listing.user;
        UserRow {
            user_guid: user.guid,
            user_company_guid: user.customer_guid,
            name: user.name,
            email: user.email,
            company_name: listing.company_name,
            language: user.language,
            status: user.status,
            login_condition: user.login_condition,
            login_day_limit: user.login_day_limit,
            login_condition_from: user.login_condition_from,
            allowed_ips: user.allowed_ips,
            pool_guid: user.pool_guid,
            pool_name: listing.pool_name,
            shop_access: user.shop_access,
            archive_access: user.archive_access,
            has_authenticator: user.totp_secret.is_some(),
            is_admin: user.is_admin,
            is_in_house: user.is_in_house,
            created_at: user.created_at,
            last_login_at: user.last_login_at,
            login_count: user.login_count,
        }
    }
}

/// A customer as the filters and forms list it.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CustomerBasic {
    pub customer_guid: String,
    pub customer_name: String,
    /// Offered in the archive's customer filter (the admin's visibility switch); admin forms
    /// list every customer.
    pub visible: bool,
}

// ---- the admin forms, parsed into what the services take ----------------------------------------

/// The most users one bulk action takes.
pub const MAX_BULK_USERS: usize = 5_000;
/// The longest day limit a login condition takes (ten years).
pub const MAX_DAY_LIMIT: i32 = 3_650;

/// A form's text, trimmed; empty is absent.
pub(crate) fn trimmed(value: &Option<String>) -> Option<String> {
    value
        .as_ref()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

pub(crate) fn required(value: Option<String>, field: &'static str) -> Result<String, AccountError> {
    trimmed(&value).ok_or(AccountError::InvalidForm(field))
}

/// A field given as is (a password keeps its spaces); blank is absent.
fn given(value: Option<String>, field: &'static str) -> Result<String, AccountError> {
    value
        .filter(|v| !v.trim().is_empty())
        .ok_or(AccountError::InvalidForm(field))
}

fn optional_flag(value: Option<&str>, field: &'static str) -> Result<Option<bool>, AccountError> {
    web_api::flag(value, field).map_err(AccountError::InvalidForm)
}

fn required_flag(value: Option<&str>, field: &'static str) -> Result<bool, AccountError> {
    optional_flag(value, field)?.ok_or(AccountError::InvalidForm(field))
}

/// The user a form names. A malformed id names no user, like an unknown one.
pub fn user_id(value: Option<String>, field: &'static str) -> Result<UserGuid, AccountError> {
    required(value, field)?
        .parse()
        .map_err(|_| AccountError::NotFound)
}

/// The customer a form names. A malformed id names no customer, like an unknown one.
fn customer_id(value: Option<String>, field: &'static str) -> Result<CustomerGuid, AccountError> {
    required(value, field)?
        .parse()
        .map_err(|_| AccountError::NotFound)
}

/// The user ids of a bulk form: comma-separated, at least one, at most [`MAX_BULK_USERS`].
pub fn user_ids(value: Option<String>) -> Result<Vec<UserGuid>, AccountError> {
    let text = required(value, "userGuids")?;
    let mut ids: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || ids.len() > MAX_BULK_USERS {
        return Err(AccountError::InvalidForm("userGuids"));
    }
    ids.into_iter()
        .map(|id| id.parse().map_err(|_| AccountError::NotFound))
        .collect()
}

/// The page a list form asks for: 25 rows by default, 1 to 200.
pub fn list_page(page: Option<u32>, size: Option<u32>) -> Result<PageRequest, AccountError> {
    match size.unwrap_or(25) {
        size @ 1..=200 => Ok(PageRequest::new(page.unwrap_or(0), size)),
        _ => Err(AccountError::InvalidForm("pageSize")),
    }
}

fn account_state(value: Option<String>) -> Result<AccountStatus, AccountError> {
    AccountStatus::parse(&required(value, "state")?).ok_or(AccountError::InvalidForm("state"))
}

/// A login condition as the forms send it: `unlimited`, or `limited` with a day count.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginRule {
    pub day_limit: Option<i32>,
    /// Addresses or CIDR ranges, comma-separated; empty allows every address.
    pub allowed_ips: Option<String>,
}

impl LoginRule {
    pub fn parse(
        kind: Option<String>,
        days: Option<String>,
        allowed_ips: Option<String>,
    ) -> Result<LoginRule, AccountError> {
        let day_limit = match required(kind, "conditionType")?.as_str() {
            "unlimited" | "0" => None,
            "limited" | "day_limit" | "1" => {
                let days: i32 = required(days, "conditionValue")?
                    .parse()
                    .map_err(|_| AccountError::InvalidForm("conditionValue"))?;
                if !(1..=MAX_DAY_LIMIT).contains(&days) {
                    return Err(AccountError::InvalidForm("conditionValue"));
                }
                Some(days)
            }
            _ => return Err(AccountError::InvalidForm("conditionType")),
        };
        let allowed_ips = match allowed_ips {
            None => None,
            Some(list) => {
                let entries: Vec<&str> = list
                    .split([',', ' ', '\n', ';'])
                    .filter(|e| !e.is_empty())
                    .collect();
                if entries.iter().any(|e| !credentials::is_ip_entry(e)) {
                    return Err(AccountError::InvalidForm("allowedIps"));
                }
                Some(entries.join(","))
            }
        };
        Ok(LoginRule {
            day_limit,
            allowed_ips,
        })
    }

    pub(crate) fn describe(&self) -> String {
        let days = match self.day_limit {
            None => "unlimited".to_owned(),
            Some(days) => format!("{days} days"),
        };
        match &self.allowed_ips {
            Some(ips) if !ips.is_empty() => format!("{days}; from {ips}"),
            _ => days,
        }
    }

    pub(crate) fn apply(&self, user: &mut User) {
        user.login_condition = match self.day_limit {
            None => LoginCondition::Unlimited,
            Some(_) => LoginCondition::DayLimit,
        }
        .as_str()
        .to_owned();
        user.login_day_limit = self.day_limit;
        // The days count from now: a renewed limit gives the full term again.
        user.login_condition_from = self.day_limit.map(|_| time::now());
        if let Some(ips) = &self.allowed_ips {
            user.allowed_ips = ips.clone();
        }
    }
}

/// A customer's new user, from the admin form.
#[derive(Debug, Clone)]
pub struct NewCustomerUser {
    pub customer: CustomerGuid,
    pub name: String,
    pub email: Email,
    pub language: Language,
    pub rule: LoginRule,
    /// The password set now (checked against the rules); `None` mails an invitation.
    pub password: Option<String>,
    pub shop_access: bool,
    pub archive_access: bool,
    pub is_in_house: bool,
    pub pool: Option<String>,
}

impl CreateUserForm {
    pub fn parse(self) -> Result<NewCustomerUser, AccountError> {
        let customer = required(self.customer, "customer")?
            .parse()
            .map_err(|_| AccountError::InvalidForm("customer"))?;
        let name = required(self.name, "name")?;
        if name.chars().count() > 200 {
            return Err(AccountError::InvalidForm("name"));
        }
        let email = Email::parse(&required(self.mail, "mail")?)?;
        let language = required(self.language, "language")?
            .parse()
            .map_err(|_| AccountError::InvalidForm("language"))?;
        let rule = LoginRule::parse(self.login_condition, self.condition_data, None)?;
        let password = match required(self.password_mode, "passwordMode")?.as_str() {
            "invite" => None,
            "set" => {
                let password1 = self.password1.unwrap_or_default();
                credentials::check_new_password(&password1, &self.password2.unwrap_or_default())?;
                Some(password1)
            }
            _ => return Err(AccountError::InvalidForm("passwordMode")),
        };
        Ok(NewCustomerUser {
            customer,
            name,
            email,
            language,
            rule,
            password,
            shop_access: required_flag(self.shop_access.as_deref(), "shopAccess")?,
            archive_access: required_flag(self.archive_access.as_deref(), "archiveAccess")?,
            is_in_house: optional_flag(self.is_in_house.as_deref(), "isInHouse")?.unwrap_or(false),
            pool: trimmed(&self.pool),
        })
    }
}

/// The admin's edit of a user: absent fields keep their value.
#[derive(Debug, Clone)]
pub struct UserEdit {
    pub user: UserGuid,
    pub name: Option<String>,
    pub email: Option<Email>,
    pub language: Option<Language>,
    /// `Some(None)` takes the customer away (in-house users and admins only).
    pub customer: Option<Option<CustomerGuid>>,
    pub shop_access: Option<bool>,
    pub archive_access: Option<bool>,
    pub is_in_house: Option<bool>,
}

impl UpdateUserForm {
    pub fn parse(self) -> Result<UserEdit, AccountError> {
        let user = user_id(self.user_guid, "userGuid")?;
        let name = match self.name {
            None => None,
            Some(name) => {
                let name = name.trim().to_owned();
                if name.is_empty() || name.chars().count() > 200 {
                    return Err(AccountError::InvalidForm("name"));
                }
                Some(name)
            }
        };
        let email = self.mail.map(|mail| Email::parse(&mail)).transpose()?;
        let language = self
            .language
            .map(|l| {
                l.trim()
                    .parse()
                    .map_err(|_| AccountError::InvalidForm("language"))
            })
            .transpose()?;
        let customer = match self.customer.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(None),
            Some(text) => Some(Some(
                text.parse()
                    .map_err(|_| AccountError::InvalidForm("customer"))?,
            )),
        };
        Ok(UserEdit {
            user,
            name,
            email,
            language,
            customer,
            shop_access: optional_flag(self.shop_access.as_deref(), "shopAccess")?,
            archive_access: optional_flag(self.archive_access.as_deref(), "archiveAccess")?,
            is_in_house: optional_flag(self.is_in_house.as_deref(), "isInHouse")?,
        })
    }
}

impl AssignPasswordForm {
    /// The user and their new password (checked against the rules). Without a confirmation
    /// field, the one entry is its own confirmation.
    pub fn parse(self) -> Result<(UserGuid, String), AccountError> {
        let user = user_id(self.user_guid, "userGuid")?;
        let password1 = self.new_password.unwrap_or_default();
        let password2 = self.new_password2.unwrap_or_else(|| password1.clone());
        credentials::check_new_password(&password1, &password2)?;
        Ok((user, password1))
    }
}

impl LoginConditionForm {
    pub fn parse(self) -> Result<(UserGuid, LoginRule), AccountError> {
        let user = required(self.user_guid, "userGuid")?;
        let rule = LoginRule::parse(self.condition_type, self.condition_value, self.allowed_ips)?;
        Ok((user.parse().map_err(|_| AccountError::NotFound)?, rule))
    }
}

impl AccountStateForm {
    pub fn parse(self) -> Result<(Vec<UserGuid>, AccountStatus), AccountError> {
        Ok((user_ids(self.user_guid)?, account_state(self.state)?))
    }
}

impl BulkUsersForm {
    pub fn users(&self) -> Result<Vec<UserGuid>, AccountError> {
        user_ids(self.user_guids.clone())
    }

    pub fn rule(&self) -> Result<LoginRule, AccountError> {
        LoginRule::parse(
            self.condition_type.clone(),
            self.condition_value.clone(),
            self.allowed_ips.clone(),
        )
    }

    pub fn state(&self) -> Result<AccountStatus, AccountError> {
        account_state(self.state.clone())
    }
}

/// A new customer company: the name is required, every field bounded.
#[derive(Debug, Clone)]
pub struct CustomerDetails {
    pub name: String,
    pub address: String,
    pub code: String,
}

impl NewCustomerForm {
    pub fn parse(self) -> Result<CustomerDetails, AccountError> {
        let name = trimmed(&self.name).ok_or(AccountError::CustomerNameRequired)?;
        let text = |v: Option<String>, field, max: usize| {
            let v = v.map(|v| v.trim().to_owned()).unwrap_or_default();
            if v.chars().count() > max {
                Err(AccountError::InvalidForm(field))
            } else {
                Ok(v)
            }
        };
        if name.chars().count() > 200 {
            return Err(AccountError::InvalidForm("name"));
        }
        Ok(CustomerDetails {
            name,
            address: text(self.address, "address", 1000)?,
            code: text(self.code, "code", 100)?,
        })
    }
}

impl CustomerVisibilityForm {
    pub fn parse(self) -> Result<(CustomerGuid, bool), AccountError> {
        let customer = customer_id(self.customer_guid, "customerGuid")?;
        Ok((customer, required_flag(self.val.as_deref(), "val")?))
    }
}

impl DeleteCustomerForm {
    /// The customer, and whether its users go with it.
    pub fn parse(self) -> Result<(CustomerGuid, bool), AccountError> {
        let customer = customer_id(self.customer_guid, "customerGuid")?;
        let cascade = optional_flag(self.cascade.as_deref(), "cascade")?.unwrap_or(false);
        Ok((customer, cascade))
    }
}

impl CustomerListForm {
    /// The search text (name or code) and the page.
    pub fn parse(self) -> Result<(Option<String>, PageRequest), AccountError> {
        Ok((trimmed(&self.query), list_page(self.page, self.page_size)?))
    }
}

impl UserListForm {
    /// The users table's filters and page.
    pub fn parse(self) -> Result<(UserFilter, PageRequest), AccountError> {
        let page = list_page(self.page, self.page_size)?;
        let status = match trimmed(&self.status) {
            None => None,
            Some(s) => Some(
                AccountStatus::parse(&s)
                    .ok_or(AccountError::InvalidForm("status"))?
                    .as_str()
                    .to_owned(),
            ),
        };
        let sort = match trimmed(&self.sort).as_deref() {
            None | Some("name") => UserSort::Name,
            Some("email") => UserSort::Email,
            Some("company") => UserSort::Company,
            Some("created") => UserSort::Created,
            Some("lastLogin") => UserSort::LastLogin,
            Some("loginCount") => UserSort::LoginCount,
            Some("status") => UserSort::Status,
            Some(_) => return Err(AccountError::InvalidForm("sort")),
        };
        let filter = UserFilter {
            query: trimmed(&self.query),
            status,
            pool: trimmed(&self.pool_guid),
            customer: trimmed(&self.customer_guid),
            idle_since: self
                .inactive_days
                .map(|days| time::now() - chrono::Duration::days(i64::from(days.min(36_500)))),
            sort,
            descending: optional_flag(self.descending.as_deref(), "descending")?.unwrap_or(false),
        };
        Ok((filter, page))
    }
}

impl AuditListForm {
    /// The audit log's filters and page.
    pub fn parse(self) -> Result<(audit::AuditFilter, PageRequest), AccountError> {
        let page = list_page(self.page, self.page_size)?;
        let filter = audit::AuditFilter {
            subject_guid: trimmed(&self.subject_guid),
            actor_guid: trimmed(&self.actor_guid),
            action: trimmed(&self.action),
        };
        Ok((filter, page))
    }
}

// ---- the sign-in forms ----------------------------------------------------------------------------

impl LoginForm {
    /// The address, the password and "remember me".
    pub fn parse(self) -> Result<(Email, String, bool), AccountError> {
        let email = required(self.mail_address, "mailAddress")?;
        let password = given(self.password, "password")?;
        Ok((
            Email::parse(&email)?,
            password,
            web_api::checked(self.remember.as_deref()),
        ))
    }
}

impl MailForm {
    pub fn parse(self) -> Result<Email, AccountError> {
        Email::parse(&required(self.mail_address, "mailAddress")?)
    }
}

/// A new password from a reset or invitation link: the address it was sent to, the password
/// (checked against the rules, both entries equal) and the link's token.
#[derive(Debug, Clone)]
pub struct NewPassword {
    pub email: Email,
    pub password: String,
    pub token: String,
}

impl CreatePasswordForm {
    pub fn parse(self) -> Result<NewPassword, AccountError> {
        let email = Email::parse(&required(self.mail_address, "mailAddress")?)?;
        let password1 = given(self.password1, "password1")?;
        let password2 = given(self.password2, "password2")?;
        let token = required(self.token, "token")?;
        credentials::check_new_password(&password1, &password2)?;
        Ok(NewPassword {
            email,
            password: password1,
            token,
        })
    }
}

impl TokenForm {
    pub fn parse(self) -> Result<String, AccountError> {
        required(self.token, "token")
    }
}

impl CodeForm {
    /// Six digits.
    pub fn parse(self) -> Result<String, AccountError> {
        let code = required(self.code, "code")?;
        if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
            return Err(AccountError::InvalidForm("code"));
        }
        Ok(code)
    }
}

impl RecoveryCodeForm {
    /// Present and of a sane length; whether it is a code at all is the service's to say (so that
    /// every try counts against the limit).
    pub fn parse(self) -> Result<String, AccountError> {
        let code = required(self.recovery_code, "recoveryCode")?;
        if code.len() > 64 {
            return Err(AccountError::InvalidForm("recoveryCode"));
        }
        Ok(code)
    }
}

impl ProofForm {
    /// Present and of a sane length, without surrounding spaces; which kind of code it is, and
    /// whether it is right, is the service's to say (every try counts against the limit).
    pub fn parse(self) -> Result<String, AccountError> {
        let code = required(self.code, "code")?.trim().to_owned();
        if code.is_empty() || code.len() > 64 {
            return Err(AccountError::InvalidForm("code"));
        }
        Ok(code)
    }
}
