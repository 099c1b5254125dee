//! The rules of signing in. Every function takes `&mut DbConnection` so callers own transactions.

use crate::credentials::{self, Email, totp};
use crate::dto::NewPassword;
use crate::error::AccountError;
use crate::mail::Mailer;
use crate::model::{
    AccountLink, AccountStatus, Customer, LinkPurpose, LoginCondition, SignInRecord, User,
};
pub use crate::model::{CurrentSession, SecondFactorStep, UserListing};
use crate::repo;
use crate::settings::{AccountsSettings, Limit};
use crate::{second_factor, secrets};
use chrono::{Duration as Span, NaiveDateTime};
use db::DbConnection;
use desen_core::{DomainError, Language, Page, PageRequest, UserGuid, time};
use kv::{Decision, Stores};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use std::sync::Arc;

/// What the accounts domain works with besides the database.
#[derive(Clone)]
pub struct AccountsContext {
    pub stores: Stores,
    pub mailer: Arc<dyn Mailer>,
    pub settings: AccountsSettings,
    /// Where sign-ins are recorded, off the request path.
    pub recorder: usage::Recorder,
}

/// The part of a session kept in the store, under the hash of its token.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredSession {
    user: String,
    second_factor: bool,
}

/// A successful sign-in: the new token (shown once) and its session.
pub struct SignedInSession {
    pub token: String,
    pub session: CurrentSession,
}

pub struct LoginInput {
    pub email: Email,
    pub password: String,
    pub remember: bool,
    pub ip: IpAddr,
    /// A token the browser still held: it is ended, so every sign-in rotates the session.
    pub previous_token: Option<String>,
}

fn limit(stores: &Stores, key: String, limit: Limit) -> Result<(), AccountError> {
    match stores.limiter.hit(&key, limit.max, limit.window())? {
        Decision::Allowed => Ok(()),
        Decision::Limited { retry_after } => Err(AccountError::RateLimited { retry_after }),
    }
}

/// Counts one search by picture of `user` against its limit.
pub fn limit_picture_search(ctx: &AccountsContext, user: &str) -> Result<(), AccountError> {
    limit(
        &ctx.stores,
        format!("picture-search:{user}"),
        ctx.settings.rate_limits.picture_search_per_user,
    )
}

pub fn login(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    input: LoginInput,
) -> Result<SignedInSession, AccountError> {
    let LoginInput {
        email, password, ..
    } = &input;
    let limits = &ctx.settings.rate_limits;
    let outcome = limit(
        &ctx.stores,
        format!("login:ip:{}", input.ip),
        limits.login_per_ip,
    )
    .and_then(|()| {
        limit(
            &ctx.stores,
            format!("login:email:{}", email.as_str()),
            limits.login_per_email,
        )
    })
    .and_then(|()| check_credentials(conn, ctx, email, password, input.ip));
    let user = match outcome {
        Ok(user) => user,
        Err(error) => {
            if !matches!(error, AccountError::Database(_) | AccountError::Store(_)) {
                let user = repo::user_by_email(conn, email.as_str())?;
                record_sign_in(ctx, user.as_ref(), email.as_str(), input.ip, error.code());
            }
            return Err(error);
        }
    };
    if let Some(previous) = input.previous_token {
        ctx.stores
            .sessions
            .remove(&credentials::token_hash(&previous))?;
    }
    start_session(conn, ctx, user, input.remember, input.ip)
}

fn check_credentials(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    email: &Email,
    password: &str,
    ip: IpAddr,
) -> Result<User, AccountError> {
    let Some(user) = repo::user_by_email(conn, email.as_str())? else {
        credentials::verify_against_dummy(password);
        return Err(AccountError::InvalidCredentials);
    };
    let Some(hash) = user.password_hash.as_deref() else {
        // A new account: mail a fresh link to create the password.
        if user.status() == AccountStatus::Active {
            send_link(conn, ctx, &user, LinkPurpose::Invite)?;
        }
        return Err(AccountError::PasswordRequired);
    };
    if !credentials::verify_password(password, hash) {
        return Err(AccountError::InvalidCredentials);
    }
    check_may_sign_in(&user, ip, time::now())?;
    Ok(user)
}

/// The account rules that apply to every way in (password, auto-login).
pub fn check_may_sign_in(user: &User, ip: IpAddr, now: NaiveDateTime) -> Result<(), AccountError> {
    match user.status() {
        AccountStatus::Active => {}
        AccountStatus::Stopped => return Err(AccountError::AccountStopped),
        AccountStatus::Cancelled => return Err(AccountError::AccountCancelled),
        AccountStatus::Expired => return Err(AccountError::AccountExpired),
    }
    if !user.archive_access && !user.is_admin {
        return Err(AccountError::NotAuthorized);
    }
    if !ip_allowed(&user.allowed_ips, ip) {
        return Err(AccountError::IpRestricted);
    }
    if LoginCondition::parse(&user.login_condition) == Some(LoginCondition::DayLimit) {
        let from = user.login_condition_from.unwrap_or(user.created_at);
        let days = i64::from(user.login_day_limit.unwrap_or(0));
        if now >= from + Span::days(days) {
            return Err(AccountError::DayLimitReached);
        }
    }
    Ok(())
}

/// An empty list allows every address; otherwise one entry (address or CIDR range) must match.
pub fn ip_allowed(allowed: &str, ip: IpAddr) -> bool {
    let entries: Vec<&str> = allowed
        .split([',', ' ', '\n', ';'])
        .filter(|e| !e.is_empty())
        .collect();
    entries.is_empty()
        || entries
            .iter()
            .any(|entry| credentials::ip_entry_admits(entry, ip))
}

fn record_sign_in(
    ctx: &AccountsContext,
    user: Option<&User>,
    email: &str,
    ip: IpAddr,
    outcome: &str,
) {
    ctx.recorder
        .record(vec![usage::Record::SignIn(SignInRecord {
            id: uuid::Uuid::new_v4().to_string(),
            user_guid: user.map(|u| u.guid.clone()),
            email: email.to_owned(),
            customer_guid: user.and_then(|u| u.customer_guid.clone()),
            ip: ip.to_string(),
            outcome: outcome.to_owned(),
            at: time::now(),
        })]);
}

fn start_session(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    mut user: User,
    remember: bool,
    ip: IpAddr,
) -> Result<SignedInSession, AccountError> {
    let token = credentials::new_token();
    let token_hash = credentials::token_hash(&token);
    // Admins start unvalidated: every admin route waits for the second factor.
    let stored = StoredSession {
        user: user.guid.clone(),
        second_factor: !user.is_admin,
    };
    let value =
        serde_json::to_string(&stored).map_err(|e| AccountError::Internal(e.to_string()))?;
    ctx.stores.sessions.put(
        &token_hash,
        &user.guid,
        &value,
        ctx.settings.session_ttl(remember),
    )?;
    let now = time::now();
    repo::note_login(conn, &user.guid, now)?;
    record_sign_in(ctx, Some(&user), &user.email, ip, "success");
    user.last_login_at = Some(now);
    user.login_count += 1;
    let session = CurrentSession {
        token_hash,
        second_factor_validated: stored.second_factor,
        user,
    };
    Ok(SignedInSession { token, session })
}

/// The session behind a token, if it is live and its account still active with archive access
/// (an admin turning either off ends the session at its next request, on every instance).
pub fn current_session(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    token: &str,
) -> Result<Option<CurrentSession>, AccountError> {
    let token_hash = credentials::token_hash(token);
    let Some(value) = ctx.stores.sessions.get(&token_hash)? else {
        return Ok(None);
    };
    let Ok(stored) = serde_json::from_str::<StoredSession>(&value) else {
        ctx.stores.sessions.remove(&token_hash)?;
        return Ok(None);
    };
    match repo::user_by_guid(conn, &stored.user)? {
        Some(user) if user.may_stay_signed_in() => Ok(Some(CurrentSession {
            token_hash,
            user,
            second_factor_validated: stored.second_factor,
        })),
        _ => {
            ctx.stores.sessions.remove(&token_hash)?;
            Ok(None)
        }
    }
}

pub fn logout(ctx: &AccountsContext, session: &CurrentSession) -> Result<(), AccountError> {
    Ok(ctx.stores.sessions.remove(&session.token_hash)?)
}

pub struct Enrollment {
    pub secret: String,
    pub otpauth_url: String,
}

/// Gives an admin without an authenticator a new pending secret; the first good code confirms it.
/// The secret is stored sealed with the installation's key (`secrets`), never in clear.
pub fn enroll_second_factor(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    session: &CurrentSession,
) -> Result<Enrollment, AccountError> {
    let user = repo::user_by_guid(conn, &session.user.guid)?.ok_or(AccountError::LoginRequired)?;
    if !user.is_admin {
        return Err(AccountError::NotAuthorized);
    }
    if user.totp_secret.is_some() {
        return Err(AccountError::AlreadyEnrolled);
    }
    let secret = totp::new_secret();
    let otpauth_url = totp::otpauth_url(&secret, &user.email)?;
    let sealed = secrets::keyring(&ctx.settings)?.seal_totp(&user.guid, &secret)?;
    repo::set_pending_totp_secret(conn, &user.guid, &sealed)?;
    Ok(Enrollment {
        secret,
        otpauth_url,
    })
}

/// What a good code did. The code that confirms an enrolment also gives the admin their recovery
/// codes, shown this once.
#[derive(Debug)]
pub struct Verified {
    pub recovery_codes: Option<Vec<String>>,
}

/// Checks a 6-digit code and marks the session validated. A time step is accepted once only.
pub fn verify_second_factor(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    session: &CurrentSession,
    code: &str,
    unix_time: u64,
) -> Result<Verified, AccountError> {
    limit_second_factor(ctx, session)?;
    let user = repo::user_by_guid(conn, &session.user.guid)?.ok_or(AccountError::LoginRequired)?;
    if !user.is_admin {
        return Err(AccountError::NotAuthorized);
    }
    let (stored, enrolling) = match (&user.totp_secret, &user.totp_pending_secret) {
        (Some(secret), _) => (secret.clone(), false),
        (None, Some(pending)) => (pending.clone(), true),
        (None, None) => return Err(AccountError::InvalidCode),
    };
    let matched = match_code(ctx, &user.guid, &stored, code, unix_time)?;
    // One conditional write: of two concurrent uses of the same code, exactly one wins.
    let confirm = enrolling.then_some(stored.as_str());
    let recovery_codes = conn.transaction(|conn| {
        if !repo::claim_totp_step(conn, &user.guid, matched.step, confirm)? {
            return Err(AccountError::CodeAlreadyUsed);
        }
        if enrolling {
            return Ok(Some(second_factor::issue_recovery_codes(
                conn, ctx, &user.guid,
            )?));
        }
        Ok(None)
    })?;
    if matched.stale {
        // In clear (from before sealing) or under a replaced key: sealed now that it proved to work.
        second_factor::seal_secrets_of(conn, ctx, &user.guid)?;
    }
    validate_session(ctx, session)?;
    Ok(Verified { recovery_codes })
}

/// A code that matched an authenticator: its time step (to claim), and whether the secret is to
/// be sealed anew.
pub(crate) struct Matched {
    pub step: i64,
    pub stale: bool,
}

/// Checks `code` against the stored (sealed) secret of `user`: `invalid_code` when it does not
/// match within one step of drift. Claiming the step is the caller's, in its transaction.
pub(crate) fn match_code(
    ctx: &AccountsContext,
    user: &str,
    stored: &str,
    code: &str,
    unix_time: u64,
) -> Result<Matched, AccountError> {
    let opened = secrets::keyring(&ctx.settings)?.open_totp(user, stored)?;
    let step =
        totp::matching_step(&opened.secret, code, unix_time)?.ok_or(AccountError::InvalidCode)?;
    Ok(Matched {
        step: i64::try_from(step).map_err(|e| AccountError::Internal(e.to_string()))?,
        stale: opened.stale,
    })
}

/// Counts one second-factor attempt of the session's account against its limit: codes and
/// recovery codes share it, so offering both never doubles the guesses.
pub(crate) fn limit_second_factor(
    ctx: &AccountsContext,
    session: &CurrentSession,
) -> Result<(), AccountError> {
    limit(
        &ctx.stores,
        format!("totp:{}", session.user.guid),
        ctx.settings.rate_limits.verify_per_account,
    )
}

/// Marks the session as past the second factor (on every instance: the session store is shared).
pub(crate) fn validate_session(
    ctx: &AccountsContext,
    session: &CurrentSession,
) -> Result<(), AccountError> {
    let value = serde_json::to_string(&StoredSession {
        user: session.user.guid.clone(),
        second_factor: true,
    })
    .map_err(|e| AccountError::Internal(e.to_string()))?;
    if !ctx.stores.sessions.update(&session.token_hash, &value)? {
        return Err(AccountError::LoginRequired);
    }
    Ok(())
}

/// Mails a password-reset link. Unknown addresses get the same answer (no account discovery).
pub fn request_password_reset(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    email: &Email,
    ip: IpAddr,
) -> Result<(), AccountError> {
    let limits = &ctx.settings.rate_limits;
    limit(&ctx.stores, format!("reset:ip:{ip}"), limits.reset_per_ip)?;
    limit(
        &ctx.stores,
        format!("reset:email:{}", email.as_str()),
        limits.reset_per_email,
    )?;
    match repo::user_by_email(conn, email.as_str())? {
        Some(user) if user.status() == AccountStatus::Active => {
            send_link(conn, ctx, &user, LinkPurpose::Reset)
        }
        _ => Ok(()),
    }
}

fn new_link(
    conn: &mut DbConnection,
    user: &User,
    purpose: LinkPurpose,
    lifetime: Span,
) -> Result<String, AccountError> {
    let token = credentials::new_token();
    let now = time::now();
    repo::insert_link(
        conn,
        &AccountLink {
            token_hash: credentials::token_hash(&token),
            user_guid: user.guid.clone(),
            purpose: purpose.as_str().to_owned(),
            created_at: now,
            expires_at: now + lifetime,
            used_at: None,
        },
    )?;
    Ok(token)
}

/// An address of a page of the web app, as a user outside reaches it.
/// A link to a page of the app carrying `params` in its fragment (`#mail=…&token=…`): browsers
/// never send the fragment to a server, so neither the request log of `desen` nor a proxy's
/// records a single-use token or an address.
fn public_link(
    ctx: &AccountsContext,
    path: &str,
    params: &[(&str, &str)],
) -> Result<String, AccountError> {
    let mut url = url::Url::parse(&ctx.settings.public_url)
        .and_then(|base| base.join(path))
        .map_err(|e| AccountError::Internal(format!("public_url: {e}")))?;
    let fragment = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params)
        .finish();
    url.set_fragment(Some(&fragment));
    Ok(url.into())
}

pub(crate) fn send_link(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    user: &User,
    purpose: LinkPurpose,
) -> Result<(), AccountError> {
    let lifetime = Span::hours(i64::try_from(ctx.settings.reset_link_hours).unwrap_or(24));
    let token = new_link(conn, user, purpose, lifetime)?;
    let url = public_link(
        ctx,
        "/create-password",
        &[("mail", &user.email), ("token", &token)],
    )?;
    let language = user.language.parse().unwrap_or(Language::En);
    let (subject, text) = crate::texts::link_mail(language, purpose, &user.name, &url);
    ctx.mailer.send(&user.email, subject, &text)
}

/// Sets a password from a reset or invitation link. The link is spent; other sessions end.
pub fn create_password(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    input: NewPassword,
) -> Result<(), AccountError> {
    let NewPassword {
        email,
        password,
        token,
    } = input;
    limit(
        &ctx.stores,
        format!("create-password:{}", email.as_str()),
        ctx.settings.rate_limits.verify_per_account,
    )?;
    let hash = credentials::hash_password(&password)?;
    let now = time::now();
    let link =
        repo::link(conn, &credentials::token_hash(&token))?.ok_or(AccountError::TokenInvalid)?;
    let user = repo::user_by_guid(conn, &link.user_guid)?.ok_or(AccountError::TokenInvalid)?;
    let usable = user.email == email.as_str()
        && link.used_at.is_none()
        && link.expires_at > now
        && matches!(
            LinkPurpose::parse(&link.purpose),
            Some(LinkPurpose::Reset | LinkPurpose::Invite)
        );
    if !usable {
        return Err(AccountError::TokenInvalid);
    }
    // The transaction starts with the conditional write that spends the link (on SQLite a write
    // first never has to upgrade a read lock); of two concurrent uses one wins.
    let user_guid = conn.transaction(|conn| {
        if !repo::use_link(conn, &link.token_hash, now)? {
            return Err(AccountError::TokenInvalid);
        }
        repo::close_links(
            conn,
            &user.guid,
            &[LinkPurpose::Reset.as_str(), LinkPurpose::Invite.as_str()],
            now,
        )?;
        repo::set_password_hash(conn, &user.guid, &hash)?;
        Ok::<_, AccountError>(user.guid)
    })?;
    ctx.stores.sessions.remove_owner(&user_guid)?;
    Ok(())
}

/// Issues a single-use auto-login link for a user (an admin's action).
pub fn issue_auto_login(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    actor: &UserGuid,
    user: &UserGuid,
) -> Result<(String, NaiveDateTime), AccountError> {
    let user = repo::user_by_guid(conn, &user.to_string())?.ok_or(AccountError::NotFound)?;
    let lifetime = Span::minutes(i64::try_from(ctx.settings.auto_login_minutes).unwrap_or(15));
    let token = new_link(conn, &user, LinkPurpose::AutoLogin, lifetime)?;
    audit::record(
        conn,
        actor,
        audit::Action::AutoLoginLinkIssued,
        audit::Subject::user(&user.guid, &user.email),
        "",
    )?;
    let url = public_link(ctx, "/auto-login", &[("token", &token)])?;
    Ok((url, time::now() + lifetime))
}

/// Signs in with an auto-login link. The account rules apply as for a password sign-in.
pub fn auto_login(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    token: &str,
    ip: IpAddr,
) -> Result<SignedInSession, AccountError> {
    limit(
        &ctx.stores,
        format!("auto-login:ip:{ip}"),
        ctx.settings.rate_limits.login_per_ip,
    )?;
    let now = time::now();
    let link =
        repo::link(conn, &credentials::token_hash(token))?.ok_or(AccountError::TokenInvalid)?;
    let usable = link.used_at.is_none()
        && link.expires_at > now
        && LinkPurpose::parse(&link.purpose) == Some(LinkPurpose::AutoLogin);
    if !usable || !repo::use_link(conn, &link.token_hash, now)? {
        return Err(AccountError::TokenInvalid);
    }
    let user = repo::user_by_guid(conn, &link.user_guid)?.ok_or(AccountError::TokenInvalid)?;
    if let Err(error) = check_may_sign_in(&user, ip, time::now()) {
        record_sign_in(ctx, Some(&user), &user.email, ip, error.code());
        return Err(error);
    }
    start_session(conn, ctx, user, false, ip)
}

pub struct NewUser {
    pub email: String,
    pub name: String,
    pub password: Option<String>,
    pub is_admin: bool,
    pub is_in_house: bool,
    pub language: Language,
    pub customer_guid: Option<String>,
}

/// Creates an active user. Without a password the account signs in through an invitation link.
pub fn create_user(conn: &mut DbConnection, new: NewUser) -> Result<User, AccountError> {
    let email = Email::parse(&new.email)?;
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(AccountError::InvalidForm("name"));
    }
    let password_hash = match &new.password {
        Some(password) => {
            credentials::check_new_password(password, password)?;
            Some(credentials::hash_password(password)?)
        }
        None => None,
    };
    let user = User {
        guid: uuid::Uuid::new_v4().to_string(),
        name: name.to_owned(),
        email: email.as_str().to_owned(),
        customer_guid: new.customer_guid,
        language: new.language.as_str().to_owned(),
        status: AccountStatus::Active.as_str().to_owned(),
        login_condition: LoginCondition::Unlimited.as_str().to_owned(),
        login_day_limit: None,
        login_condition_from: None,
        allowed_ips: String::new(),
        shop_access: true,
        archive_access: true,
        is_admin: new.is_admin,
        is_in_house: new.is_in_house || new.is_admin,
        password_hash,
        totp_secret: None,
        totp_pending_secret: None,
        totp_last_step: None,
        created_at: time::now(),
        last_login_at: None,
        login_count: 0,
        pool_guid: None,
    };
    unique_email(repo::insert_user(conn, &user))?;
    Ok(user)
}

/// Sets a new password directly (the command line's reset); other sessions end.
pub fn set_password(
    conn: &mut DbConnection,
    ctx: &AccountsContext,
    email: &str,
    password: &str,
) -> Result<(), AccountError> {
    credentials::check_new_password(password, password)?;
    let email = Email::parse(email)?;
    let user = repo::user_by_email(conn, email.as_str())?.ok_or(AccountError::NotFound)?;
    repo::set_password_hash(conn, &user.guid, &credentials::hash_password(password)?)?;
    ctx.stores.sessions.remove_owner(&user.guid)?;
    Ok(())
}

/// Finds or creates a customer company by name (used by the command line and fixtures).
pub fn ensure_customer(conn: &mut DbConnection, name: &str) -> Result<Customer, AccountError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AccountError::InvalidForm("name"));
    }
    if let Some(existing) = repo::customer_by_sef(conn, &desen_core::slug(name))? {
        return Ok(existing);
    }
    let customer = Customer {
        guid: uuid::Uuid::new_v4().to_string(),
        name: name.to_owned(),
        name_sef: desen_core::slug(name),
        address: String::new(),
        code: String::new(),
        visible: true,
        created_at: time::now(),
    };
    repo::insert_customer(conn, &customer)?;
    Ok(customer)
}

pub fn has_admin(conn: &mut DbConnection) -> Result<bool, AccountError> {
    Ok(repo::count_admins(conn)? > 0)
}

pub fn list_users(
    conn: &mut DbConnection,
    filter: &repo::UserFilter,
    page: PageRequest,
) -> Result<Page<UserListing>, AccountError> {
    let (rows, total) = repo::list_users(conn, filter, page.offset(), page.limit())?;
    let items = rows
        .into_iter()
        .map(|(user, company_name, pool_name)| UserListing {
            user,
            company_name,
            pool_name,
        })
        .collect();
    Ok(Page::new(items, total, page))
}

/// Sets a customer company's code (from the shell; admins set it when adding the company).
pub fn set_customer_code(
    conn: &mut DbConnection,
    customer: &str,
    code: &str,
) -> Result<(), AccountError> {
    Ok(repo::set_customer_code(conn, customer, code.trim())?)
}

/// The code of a customer company (CAD rights go by it, spec section 6).
pub fn company_code(
    conn: &mut DbConnection,
    customer: Option<&str>,
) -> Result<Option<String>, AccountError> {
    match customer {
        Some(guid) => Ok(repo::customer_by_guid(conn, guid)?.map(|c| c.code)),
        None => Ok(None),
    }
}

/// A user by id, whatever their state.
pub fn find_user(conn: &mut DbConnection, guid: &str) -> Result<Option<User>, AccountError> {
    Ok(repo::user_by_guid(conn, guid)?)
}

pub fn company_name(conn: &mut DbConnection, user: &User) -> Result<Option<String>, AccountError> {
    match &user.customer_guid {
        Some(guid) => Ok(repo::customer_name(conn, guid)?),
        None => Ok(None),
    }
}

/// The customers `viewer` may know of: every one for staff, only their own company for others.
pub fn customers_for(
    conn: &mut DbConnection,
    viewer: &desen_core::Viewer,
) -> Result<Vec<crate::dto::CustomerBasic>, AccountError> {
    let only = if viewer.is_staff() {
        None
    } else {
        // A user without a company knows of none.
        Some(viewer.customer_guid.clone().unwrap_or_default())
    };
    Ok(repo::customers_listed(conn, only.as_deref())?
        .into_iter()
        .map(|(guid, name, visible)| crate::dto::CustomerBasic {
            customer_guid: guid,
            customer_name: name,
            visible,
        })
        .collect())
}

/// Stores a new or changed user; a taken address is `DuplicateEmail` (the unique index decides,
/// so two concurrent requests cannot both take it).
pub(crate) fn unique_email(result: diesel::QueryResult<()>) -> Result<(), AccountError> {
    match result {
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => Err(AccountError::DuplicateEmail),
        other => Ok(other?),
    }
}
