//! What admins do to accounts and customer companies. Every change is written to the audit log on
//! the same connection, so both commit together; sessions are ended after the change, because the
//! session store is outside the database.

use crate::credentials::{self, Email};
use crate::dto::{CreateUserForm, UpdateUserForm};
use crate::error::AccountError;
use crate::model::{AccountStatus, Customer, CustomerListing, LinkPurpose, LoginCondition, User};
use crate::repo;
use crate::service::{AccountsContext, send_link, unique_email};
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::{Language, Page, PageRequest, time};
use diesel::Connection;

/// The most users one bulk action takes.
pub const MAX_BULK_USERS: usize = 5_000;
/// The longest day limit a login condition takes (ten years).
pub const MAX_DAY_LIMIT: i32 = 3_650;

fn required(value: Option<String>, field: &'static str) -> Result<String, AccountError> {
    trimmed(&value).ok_or(AccountError::InvalidForm(field))
}

/// A form's text, trimmed; empty is absent.
fn trimmed(value: &Option<String>) -> Option<String> {
    value
        .as_ref()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

fn flag(value: Option<&str>, field: &'static str) -> Result<bool, AccountError> {
    web_api::flag(value, field)
        .map_err(AccountError::InvalidForm)?
        .ok_or(AccountError::InvalidForm(field))
}

/// The user ids of a bulk form: comma-separated, at least one, at most [`MAX_BULK_USERS`].
pub fn user_ids(value: Option<String>) -> Result<Vec<String>, AccountError> {
    let text = required(value, "userGuids")?;
    let mut ids: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    ids.sort();
    ids.dedup();
    if ids.is_empty() || ids.len() > MAX_BULK_USERS {
        return Err(AccountError::InvalidForm("userGuids"));
    }
    Ok(ids)
}

/// Every user of `ids`, or `NotFound` if one is missing (nothing is changed then).
fn users_of(conn: &mut DbConnection, ids: &[String]) -> Result<Vec<User>, AccountError> {
    let users = repo::users_by_guid(conn, ids)?;
    if users.len() != ids.len() {
        return Err(AccountError::NotFound);
    }
    Ok(users)
}

/// Writes the audit event of `action` on `user`.
fn audit_user(
    conn: &mut DbConnection,
    actor: &str,
    action: Action,
    user: &User,
    details: &str,
) -> Result<(), AccountError> {
    Ok(audit::record(
        conn,
        actor,
        action,
        Subject::user(&user.guid, &user.email),
        details,
    )?)
}

/// Changes one user and records it in one transaction, then ends the user's sessions.
fn change_and_sign_out(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    guid: &str,
    action: Action,
    change: impl FnOnce(&mut DbConnection, &mut User) -> Result<(), AccountError>,
) -> Result<(), AccountError> {
    conn.transaction(|conn| {
        let mut user = repo::user_by_guid(conn, guid)?.ok_or(AccountError::NotFound)?;
        change(conn, &mut user)?;
        audit_user(conn, actor, action, &user, "")
    })?;
    ctx.stores.sessions.remove_owner(guid)?;
    Ok(())
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

    fn describe(&self) -> String {
        let days = match self.day_limit {
            None => "unlimited".to_owned(),
            Some(days) => format!("{days} days"),
        };
        match &self.allowed_ips {
            Some(ips) if !ips.is_empty() => format!("{days}; from {ips}"),
            _ => days,
        }
    }

    fn apply(&self, user: &mut User) {
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

/// Creates a customer's user from the admin form. Nothing is stored unless every field is right.
pub fn create_user(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    input: CreateUserForm,
) -> Result<User, AccountError> {
    let customer = required(input.customer, "customer")?;
    let name = required(input.name, "name")?;
    if name.chars().count() > 200 {
        return Err(AccountError::InvalidForm("name"));
    }
    let email = Email::parse(&required(input.mail, "mail")?)?;
    let language: Language = required(input.language, "language")?
        .parse()
        .map_err(|_| AccountError::InvalidForm("language"))?;
    let rule = LoginRule::parse(input.login_condition, input.condition_data, None)?;
    let invite = match required(input.password_mode, "passwordMode")?.as_str() {
        "set" => false,
        "invite" => true,
        _ => return Err(AccountError::InvalidForm("passwordMode")),
    };
    let password_hash = if invite {
        None
    } else {
        let password1 = input.password1.unwrap_or_default();
        credentials::check_new_password(&password1, &input.password2.unwrap_or_default())?;
        Some(credentials::hash_password(&password1)?)
    };
    let shop_access = flag(input.shop_access.as_deref(), "shopAccess")?;
    let archive_access = flag(input.archive_access.as_deref(), "archiveAccess")?;
    let pool = input
        .pool
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty());
    conn.transaction(|conn| {
        if repo::customer_by_guid(conn, &customer)?.is_none() {
            return Err(AccountError::InvalidForm("customer"));
        }
        if let Some(pool) = &pool
            && !repo::pool_exists(conn, pool)?
        {
            return Err(AccountError::InvalidForm("pool"));
        }
        let mut user = User {
            guid: uuid::Uuid::new_v4().to_string(),
            name: name.clone(),
            email: email.as_str().to_owned(),
            customer_guid: Some(customer.clone()),
            language: language.as_str().to_owned(),
            status: AccountStatus::Active.as_str().to_owned(),
            login_condition: String::new(),
            login_day_limit: None,
            login_condition_from: None,
            allowed_ips: String::new(),
            shop_access,
            archive_access,
            is_admin: false,
            is_in_house: false,
            password_hash: password_hash.clone(),
            totp_secret: None,
            totp_pending_secret: None,
            totp_last_step: None,
            created_at: time::now(),
            last_login_at: None,
            login_count: 0,
            pool_guid: pool.clone(),
        };
        rule.apply(&mut user);
        unique_email(repo::insert_user(conn, &user))?;
        audit_user(
            conn,
            actor,
            Action::UserCreated,
            &user,
            if invite { "invited" } else { "password set" },
        )?;
        if invite {
            send_link(conn, ctx, &user, LinkPurpose::Invite)?;
        }
        Ok(user)
    })
}

/// Changes a user's name, address, language, customer and access flags.
pub fn update_user(
    conn: &mut DbConnection,
    actor: &str,
    edit: UpdateUserForm,
) -> Result<(), AccountError> {
    let guid = required(edit.user_guid, "userGuid")?;
    conn.transaction(|conn| {
        let mut user = repo::user_by_guid(conn, &guid)?.ok_or(AccountError::NotFound)?;
        let mut changed = Vec::new();
        if let Some(name) = edit.name {
            let name = name.trim().to_owned();
            if name.is_empty() || name.chars().count() > 200 {
                return Err(AccountError::InvalidForm("name"));
            }
            if name != user.name {
                user.name = name;
                changed.push("name");
            }
        }
        if let Some(mail) = edit.mail {
            let email = Email::parse(&mail)?.as_str().to_owned();
            if email != user.email {
                user.email = email;
                changed.push("mail");
            }
        }
        if let Some(language) = edit.language {
            let language: Language = language
                .trim()
                .parse()
                .map_err(|_| AccountError::InvalidForm("language"))?;
            if language.as_str() != user.language {
                user.language = language.as_str().to_owned();
                changed.push("language");
            }
        }
        if let Some(customer) = edit.customer {
            let customer = Some(customer.trim().to_owned()).filter(|c| !c.is_empty());
            match &customer {
                Some(c) if repo::customer_by_guid(conn, c)?.is_none() => {
                    return Err(AccountError::InvalidForm("customer"));
                }
                None if !(user.is_in_house || user.is_admin) => {
                    return Err(AccountError::InvalidForm("customer"));
                }
                _ => {}
            }
            if customer != user.customer_guid {
                user.customer_guid = customer;
                changed.push("customer");
            }
        }
        for (value, field, target) in [
            (edit.shop_access, "shopAccess", &mut user.shop_access),
            (
                edit.archive_access,
                "archiveAccess",
                &mut user.archive_access,
            ),
        ] {
            if let Some(flag) =
                web_api::flag(value.as_deref(), field).map_err(AccountError::InvalidForm)?
                && flag != *target
            {
                *target = flag;
                changed.push(field);
            }
        }
        unique_email(repo::save_user(conn, &user))?;
        audit_user(conn, actor, Action::UserEdited, &user, &changed.join(", "))?;
        Ok(())
    })
}

/// Sets a user's password (both entries must match the rules); their sessions end.
pub fn assign_password(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    user_guid: Option<String>,
    password1: Option<String>,
    password2: Option<String>,
) -> Result<(), AccountError> {
    let guid = required(user_guid, "userGuid")?;
    let password1 = password1.unwrap_or_default();
    // Without a confirmation field, the one entry is its own confirmation.
    let password2 = password2.unwrap_or_else(|| password1.clone());
    credentials::check_new_password(&password1, &password2)?;
    let hash = credentials::hash_password(&password1)?;
    change_and_sign_out(
        conn,
        ctx,
        actor,
        &guid,
        Action::PasswordAssigned,
        |conn, user| Ok(repo::set_password_hash(conn, &user.guid, &hash)?),
    )
}

/// Mails each user a link to set a new password (no rate limit: an admin asks).
pub fn send_password_resets(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    ids: &[String],
) -> Result<usize, AccountError> {
    conn.transaction(|conn| {
        let users = users_of(conn, ids)?;
        for user in &users {
            audit_user(conn, actor, Action::PasswordResetSent, user, "")?;
        }
        for user in &users {
            send_link(conn, ctx, user, LinkPurpose::Reset)?;
        }
        Ok(users.len())
    })
}

/// Sets the login condition (and, when given, the allowed addresses) of each user.
pub fn set_login_condition(
    conn: &mut DbConnection,
    actor: &str,
    ids: &[String],
    rule: &LoginRule,
) -> Result<usize, AccountError> {
    conn.transaction(|conn| {
        let users = users_of(conn, ids)?;
        let details = rule.describe();
        for mut user in users.iter().cloned() {
            rule.apply(&mut user);
            repo::save_user(conn, &user)?;
            audit_user(conn, actor, Action::LoginConditionSet, &user, &details)?;
        }
        Ok(users.len())
    })
}

/// Removes a user's authenticator: the next sign-in enrolls a new one. Their sessions end.
pub fn reset_authenticator(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    user_guid: Option<String>,
) -> Result<(), AccountError> {
    let guid = required(user_guid, "userGuid")?;
    change_and_sign_out(
        conn,
        ctx,
        actor,
        &guid,
        Action::AuthenticatorReset,
        |conn, user| {
            user.totp_secret = None;
            user.totp_pending_secret = None;
            user.totp_last_step = None;
            Ok(repo::save_user(conn, user)?)
        },
    )
}

/// Activates, suspends, cancels or expires each account. Leaving `active` ends its sessions at
/// once. An admin cannot change their own state (they would lock themselves out).
pub fn change_account_state(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    ids: &[String],
    state: Option<String>,
) -> Result<usize, AccountError> {
    let state = AccountStatus::parse(&required(state, "state")?)
        .ok_or(AccountError::InvalidForm("state"))?;
    if ids.iter().any(|id| id == actor) {
        return Err(AccountError::InvalidForm("userGuids"));
    }
    let changed = conn.transaction(|conn| {
        let users = users_of(conn, ids)?;
        for user in &users {
            repo::set_status(conn, &user.guid, state.as_str())?;
            audit_user(
                conn,
                actor,
                Action::AccountStateChanged,
                user,
                state.as_str(),
            )?;
        }
        Ok::<_, AccountError>(users.len())
    })?;
    if state != AccountStatus::Active {
        for id in ids {
            ctx.stores.sessions.remove_owner(id)?;
        }
    }
    Ok(changed)
}

// ---- customers ----------------------------------------------------------------------------------

pub fn customers(
    conn: &mut DbConnection,
    query: Option<String>,
    page: PageRequest,
) -> Result<Page<CustomerListing>, AccountError> {
    let query = query.map(|q| q.trim().to_owned()).filter(|q| !q.is_empty());
    let (rows, total) = repo::list_customers(conn, query.as_deref(), page.offset(), page.limit())?;
    let items = rows
        .into_iter()
        .map(|(customer, user_count, design_count)| CustomerListing {
            customer,
            user_count,
            design_count,
        })
        .collect();
    Ok(Page::new(items, total, page))
}

/// Adds a customer company; the name is required and unique (ignoring case and accents).
pub fn add_customer(
    conn: &mut DbConnection,
    actor: &str,
    name: Option<String>,
    address: Option<String>,
    code: Option<String>,
) -> Result<Customer, AccountError> {
    let name = name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .ok_or(AccountError::CustomerNameRequired)?;
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
    let customer = Customer {
        guid: uuid::Uuid::new_v4().to_string(),
        name_sef: desen_core::slug(&name),
        name,
        address: text(address, "address", 1000)?,
        code: text(code, "code", 100)?,
        visible: true,
        created_at: time::now(),
    };
    conn.transaction(|conn| {
        match repo::insert_customer(conn, &customer) {
            Ok(()) => {}
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => return Err(AccountError::CustomerNameTaken),
            Err(other) => return Err(other.into()),
        }
        audit::record(
            conn,
            actor,
            Action::CustomerAdded,
            Subject::customer(&customer.guid, &customer.name),
            "",
        )?;
        Ok(customer)
    })
}

pub fn set_customer_visibility(
    conn: &mut DbConnection,
    actor: &str,
    customer_guid: Option<String>,
    visible: Option<String>,
) -> Result<(), AccountError> {
    let guid = required(customer_guid, "customerGuid")?;
    let visible = flag(visible.as_deref(), "val")?;
    conn.transaction(|conn| {
        let customer = repo::customer_by_guid(conn, &guid)?.ok_or(AccountError::NotFound)?;
        repo::set_customer_visibility(conn, &guid, visible)?;
        audit::record(
            conn,
            actor,
            Action::CustomerVisibilityChanged,
            Subject::customer(&guid, &customer.name),
            if visible { "visible" } else { "hidden" },
        )?;
        Ok(())
    })
}

/// Deletes a customer company. While users or designs refer to it, only with `cascade`: its users
/// are deleted (their sessions end) and its designs and orders stay in the archive without a
/// customer. Without `cascade` the answer says how many would go.
pub fn delete_customer(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &str,
    customer_guid: Option<String>,
    cascade: Option<String>,
) -> Result<(), AccountError> {
    let guid = required(customer_guid, "customerGuid")?;
    let cascade = web_api::flag(cascade.as_deref(), "cascade")
        .map_err(AccountError::InvalidForm)?
        .unwrap_or(false);
    let users = conn.transaction(|conn| {
        let customer = repo::customer_by_guid(conn, &guid)?.ok_or(AccountError::NotFound)?;
        let users = repo::user_ids_of_customer(conn, &guid)?;
        let designs = repo::design_count_of_customer(conn, &guid)?;
        if !cascade && (!users.is_empty() || designs > 0) {
            return Err(AccountError::CustomerInUse {
                users: users.len() as i64,
                designs,
            });
        }
        repo::delete_customer(conn, &guid)?;
        audit::record(
            conn,
            actor,
            Action::CustomerDeleted,
            Subject::customer(&guid, &customer.name),
            &format!("{} users deleted, {designs} designs kept", users.len()),
        )?;
        Ok(users)
    })?;
    for user in users {
        ctx.stores.sessions.remove_owner(&user)?;
    }
    Ok(())
}

/// The users table's filters from its form.
pub fn user_filter(form: &crate::dto::UserListForm) -> Result<repo::UserFilter, AccountError> {
    let status = match trimmed(&form.status) {
        None => None,
        Some(s) => Some(
            AccountStatus::parse(&s)
                .ok_or(AccountError::InvalidForm("status"))?
                .as_str()
                .to_owned(),
        ),
    };
    let sort = match trimmed(&form.sort).as_deref() {
        None | Some("name") => repo::UserSort::Name,
        Some("email") => repo::UserSort::Email,
        Some("company") => repo::UserSort::Company,
        Some("created") => repo::UserSort::Created,
        Some("lastLogin") => repo::UserSort::LastLogin,
        Some("loginCount") => repo::UserSort::LoginCount,
        Some("status") => repo::UserSort::Status,
        Some(_) => return Err(AccountError::InvalidForm("sort")),
    };
    Ok(repo::UserFilter {
        query: trimmed(&form.query),
        status,
        pool: trimmed(&form.pool_guid),
        customer: trimmed(&form.customer_guid),
        idle_since: form
            .inactive_days
            .map(|days| time::now() - chrono::Duration::days(i64::from(days.min(36_500)))),
        sort,
        descending: web_api::flag(form.descending.as_deref(), "descending")
            .map_err(AccountError::InvalidForm)?
            .unwrap_or(false),
    })
}

/// A page of the audit log, newest first.
pub fn audit_events(
    conn: &mut DbConnection,
    form: &crate::dto::AuditListForm,
    page: PageRequest,
) -> Result<Page<audit::AuditEvent>, AccountError> {
    let filter = audit::AuditFilter {
        subject_guid: trimmed(&form.subject_guid),
        actor_guid: trimmed(&form.actor_guid),
        action: trimmed(&form.action),
    };
    Ok(audit::events(conn, &filter, page)?)
}
