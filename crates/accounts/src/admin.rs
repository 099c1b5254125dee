//! What admins do to accounts and customer companies. Every change is written to the audit log on
//! the same connection, so both commit together; sessions are ended after the change, because the
//! session store is outside the database. The forms are parsed in `dto` before they get here.

use crate::credentials;
use crate::dto::{CustomerDetails, LoginRule, NewCustomerUser, UserEdit};
use crate::error::AccountError;
use crate::model::{AccountStatus, Customer, CustomerListing, LinkPurpose, User};
use crate::repo;
use crate::service::{AccountsContext, send_link, unique_email};
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::{CustomerGuid, Page, PageRequest, UserGuid, time};

pub use crate::dto::{MAX_BULK_USERS, MAX_DAY_LIMIT};

/// Every user of `ids`, or `NotFound` if one is missing (nothing is changed then).
fn users_of(conn: &mut DbConnection, ids: &[UserGuid]) -> Result<Vec<User>, AccountError> {
    let ids: Vec<String> = ids.iter().map(UserGuid::to_string).collect();
    let users = repo::users_by_guid(conn, &ids)?;
    if users.len() != ids.len() {
        return Err(AccountError::NotFound);
    }
    Ok(users)
}

/// Writes the audit event of `action` on `user`.
fn audit_user(
    conn: &mut DbConnection,
    actor: &UserGuid,
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
    actor: &UserGuid,
    user: &UserGuid,
    action: Action,
    change: impl FnOnce(&mut DbConnection, &mut User) -> Result<(), AccountError>,
) -> Result<(), AccountError> {
    let guid = user.to_string();
    conn.transaction(|conn| {
        let mut user = repo::user_by_guid(conn, &guid)?.ok_or(AccountError::NotFound)?;
        change(conn, &mut user)?;
        audit_user(conn, actor, action, &user, "")
    })?;
    ctx.stores.sessions.remove_owner(&guid)?;
    Ok(())
}

/// Creates a customer's user. Nothing is stored unless every rule holds.
pub fn create_user(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &UserGuid,
    input: NewCustomerUser,
) -> Result<User, AccountError> {
    let NewCustomerUser {
        customer,
        name,
        email,
        language,
        rule,
        password,
        shop_access,
        archive_access,
        is_in_house,
        pool,
    } = input;
    let invite = password.is_none();
    let password_hash = password
        .map(|p| credentials::hash_password(&p))
        .transpose()?;
    let customer = customer.to_string();
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
            is_in_house,
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

/// Changes a user's name, address, language, customer and access flags. Taking archive access
/// away ends the user's sessions at once, as suspension does.
pub fn update_user(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &UserGuid,
    edit: UserEdit,
) -> Result<(), AccountError> {
    let guid = edit.user.to_string();
    let archive_access = conn.transaction(|conn| {
        let mut user = repo::user_by_guid(conn, &guid)?.ok_or(AccountError::NotFound)?;
        let mut changed = Vec::new();
        if let Some(name) = edit.name
            && name != user.name
        {
            user.name = name;
            changed.push("name");
        }
        if let Some(email) = edit.email
            && email.as_str() != user.email
        {
            user.email = email.as_str().to_owned();
            changed.push("mail");
        }
        if let Some(language) = edit.language
            && language.as_str() != user.language
        {
            user.language = language.as_str().to_owned();
            changed.push("language");
        }
        if let Some(customer) = edit.customer {
            let customer = customer.map(|c| c.to_string());
            if let Some(c) = &customer
                && repo::customer_by_guid(conn, c)?.is_none()
            {
                return Err(AccountError::InvalidForm("customer"));
            }
            if customer != user.customer_guid {
                user.customer_guid = customer;
                changed.push("customer");
            }
        }
        for (value, field, target) in [
            (edit.is_in_house, "isInHouse", &mut user.is_in_house),
            (edit.shop_access, "shopAccess", &mut user.shop_access),
            (
                edit.archive_access,
                "archiveAccess",
                &mut user.archive_access,
            ),
        ] {
            if let Some(flag) = value
                && flag != *target
            {
                *target = flag;
                changed.push(field);
            }
        }
        // Only the studio's own people may belong to no customer.
        if user.customer_guid.is_none() && !(user.is_in_house || user.is_admin) {
            return Err(AccountError::InvalidForm("customer"));
        }
        unique_email(repo::save_user(conn, &user))?;
        audit_user(conn, actor, Action::UserEdited, &user, &changed.join(", "))?;
        Ok::<_, AccountError>(user.archive_access || user.is_admin)
    })?;
    if !archive_access {
        ctx.stores.sessions.remove_owner(&guid)?;
    }
    Ok(())
}

/// Sets a user's password (checked against the rules by the form); their sessions end.
pub fn assign_password(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &UserGuid,
    user: &UserGuid,
    password: &str,
) -> Result<(), AccountError> {
    let hash = credentials::hash_password(password)?;
    change_and_sign_out(
        conn,
        ctx,
        actor,
        user,
        Action::PasswordAssigned,
        |conn, user| Ok(repo::set_password_hash(conn, &user.guid, &hash)?),
    )
}

/// Mails each user a link to set a new password (no rate limit: an admin asks).
pub fn send_password_resets(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &UserGuid,
    ids: &[UserGuid],
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
    actor: &UserGuid,
    ids: &[UserGuid],
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
    actor: &UserGuid,
    user: &UserGuid,
) -> Result<(), AccountError> {
    change_and_sign_out(
        conn,
        ctx,
        actor,
        user,
        Action::AuthenticatorReset,
        |conn, user| {
            user.totp_secret = None;
            user.totp_pending_secret = None;
            user.totp_last_step = None;
            // The recovery codes belonged to that authenticator: they die with it.
            repo::delete_recovery_codes(conn, &user.guid)?;
            Ok(repo::save_user(conn, user)?)
        },
    )
}

/// Activates, suspends, cancels or expires each account. Leaving `active` ends its sessions at
/// once. An admin cannot change their own state (they would lock themselves out).
pub fn change_account_state(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &UserGuid,
    ids: &[UserGuid],
    state: AccountStatus,
) -> Result<usize, AccountError> {
    if ids.contains(actor) {
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
            ctx.stores.sessions.remove_owner(&id.to_string())?;
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

/// Adds a customer company; its name is unique (ignoring case and accents).
pub fn add_customer(
    conn: &mut DbConnection,
    actor: &UserGuid,
    details: CustomerDetails,
) -> Result<Customer, AccountError> {
    let customer = Customer {
        guid: uuid::Uuid::new_v4().to_string(),
        name_sef: desen_core::slug(&details.name),
        name: details.name,
        address: details.address,
        code: details.code,
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
    actor: &UserGuid,
    customer: &CustomerGuid,
    visible: bool,
) -> Result<(), AccountError> {
    let guid = customer.to_string();
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
    actor: &UserGuid,
    customer: &CustomerGuid,
    cascade: bool,
) -> Result<(), AccountError> {
    let guid = customer.to_string();
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

/// A page of the audit log, newest first.
pub fn audit_events(
    conn: &mut DbConnection,
    filter: &audit::AuditFilter,
    page: PageRequest,
) -> Result<Page<audit::AuditEvent>, AccountError> {
    Ok(audit::events(conn, filter, page)?)
}
