//! What travels over HTTP: the spec's form fields in, camelCase JSON out.

use crate::model::{CurrentSession, CustomerListing, SecondFactorStep, UserListing};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Every field optional: missing ones get a coded `invalid_form`, not a parser's message.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginForm {
    pub mail_address: Option<String>,
    pub password: Option<String>,
    pub remember: Option<String>,
    pub language: Option<String>,
    pub view: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailForm {
    pub mail_address: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePasswordForm {
    pub mail_address: Option<String>,
    pub password1: Option<String>,
    pub password2: Option<String>,
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenForm {
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeForm {
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserGuidForm {
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
    pub customer: Option<String>,
    pub name: Option<String>,
    pub mail: Option<String>,
    /// tr | en | ru
    pub language: Option<String>,
    /// unlimited | limited
    pub login_condition: Option<String>,
    /// The day count of a limited login condition.
    pub condition_data: Option<String>,
    pub pool: Option<String>,
    /// set | invite
    pub password_mode: Option<String>,
    pub password1: Option<String>,
    pub password2: Option<String>,
    pub shop_access: Option<String>,
    pub archive_access: Option<String>,
}

/// The row edit; an absent field is kept.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUserForm {
    pub user_guid: Option<String>,
    pub name: Option<String>,
    pub mail: Option<String>,
    pub language: Option<String>,
    pub customer: Option<String>,
    pub shop_access: Option<String>,
    pub archive_access: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignPasswordForm {
    pub user_guid: Option<String>,
    pub new_password: Option<String>,
    /// The confirmation; without it the one entry counts.
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
    pub page_size: Option<u32>,
    pub query: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCustomerForm {
    pub name: Option<String>,
    pub address: Option<String>,
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerVisibilityForm {
    pub customer_guid: Option<String>,
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
    pub created_at: NaiveDateTime,
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

/// A customer as the search filter lists it.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CustomerBasic {
    pub customer_guid: String,
    pub customer_name: String,
}
