//! Queries. No rules here: the service decides, the repo reads and writes.

use crate::model::{AccountLink, Customer, SignInRecord, User};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{account_links, customers, designs, pools, recovery_codes, sign_ins, users};
use db::sql::{like_escaped, lower, lower_nullable};
use diesel::prelude::*;
use diesel::result::Error;

pub fn user_by_email(conn: &mut DbConnection, email: &str) -> Result<Option<User>, Error> {
    users::table
        .filter(users::email.eq(email))
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn user_by_guid(conn: &mut DbConnection, guid: &str) -> Result<Option<User>, Error> {
    users::table
        .find(guid)
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn insert_user(conn: &mut DbConnection, user: &User) -> Result<(), Error> {
    diesel::insert_into(users::table)
        .values(user)
        .execute(conn)
        .map(|_| ())
}

pub fn save_user(conn: &mut DbConnection, user: &User) -> Result<(), Error> {
    diesel::update(users::table.find(&user.guid))
        .set(user)
        .execute(conn)
        .map(|_| ())
}

/// One more sign-in: counted and dated in one write (never a stale copy of the row).
pub fn note_login(conn: &mut DbConnection, guid: &str, at: NaiveDateTime) -> Result<(), Error> {
    diesel::update(users::table.find(guid))
        .set((
            users::last_login_at.eq(at),
            users::login_count.eq(users::login_count + 1),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn set_password_hash(conn: &mut DbConnection, guid: &str, hash: &str) -> Result<(), Error> {
    diesel::update(users::table.find(guid))
        .set(users::password_hash.eq(hash))
        .execute(conn)
        .map(|_| ())
}

pub fn set_status(conn: &mut DbConnection, guid: &str, status: &str) -> Result<(), Error> {
    diesel::update(users::table.find(guid))
        .set(users::status.eq(status))
        .execute(conn)
        .map(|_| ())
}

pub fn set_pending_totp_secret(
    conn: &mut DbConnection,
    guid: &str,
    secret: &str,
) -> Result<(), Error> {
    diesel::update(users::table.find(guid))
        .set(users::totp_pending_secret.eq(secret))
        .execute(conn)
        .map(|_| ())
}

pub fn count_admins(conn: &mut DbConnection) -> Result<i64, Error> {
    users::table
        .filter(users::is_admin.eq(true))
        .count()
        .get_result(conn)
}

pub fn customer_name(conn: &mut DbConnection, guid: &str) -> Result<Option<String>, Error> {
    customers::table
        .find(guid)
        .select(customers::name)
        .first(conn)
        .optional()
}

/// Customers by name (guid, name, visible): every one, or only `only`.
pub fn customers_listed(
    conn: &mut DbConnection,
    only: Option<&str>,
) -> Result<Vec<(String, String, bool)>, Error> {
    let mut query = customers::table
        .order(customers::name)
        .select((customers::guid, customers::name, customers::visible))
        .into_boxed();
    if let Some(only) = only {
        query = query.filter(customers::guid.eq(only));
    }
    query.load(conn)
}

pub fn set_customer_code(conn: &mut DbConnection, customer: &str, code: &str) -> Result<(), Error> {
    diesel::update(customers::table.find(customer))
        .set(customers::code.eq(code))
        .execute(conn)
        .map(|_| ())
}

pub fn insert_customer(conn: &mut DbConnection, customer: &Customer) -> Result<(), Error> {
    diesel::insert_into(customers::table)
        .values(customer)
        .execute(conn)
        .map(|_| ())
}

/// A user with the names of their customer company and pool.
pub type UserWithCompany = (User, Option<String>, Option<String>);

/// The admin users table's filters and order.
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    /// Part of the name, e-mail or company name.
    pub query: Option<String>,
    pub status: Option<String>,
    pub pool: Option<String>,
    pub customer: Option<String>,
    /// Only users who have not signed in since this moment (or never).
    pub idle_since: Option<NaiveDateTime>,
    pub sort: UserSort,
    pub descending: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum UserSort {
    #[default]
    Name,
    Email,
    Company,
    Created,
    LastLogin,
    LoginCount,
    Status,
}

/// A page of users with their company and pool names.
pub fn list_users(
    conn: &mut DbConnection,
    filter: &UserFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<UserWithCompany>, i64), Error> {
    let filtered = || {
        let mut q = users::table
            .left_join(customers::table)
            .left_join(pools::table)
            .into_boxed();
        if let Some(text) = &filter.query {
            let pattern = format!("%{}%", like_escaped(&text.to_lowercase()));
            q = q.filter(
                users::email
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::name).like(pattern.clone()).escape('\\'))
                    .or(lower_nullable(customers::name.nullable())
                        .like(pattern)
                        .escape('\\')),
            );
        }
        if let Some(status) = &filter.status {
            q = q.filter(users::status.eq(status.clone()));
        }
        if let Some(pool) = &filter.pool {
            q = q.filter(users::pool_guid.eq(pool.clone()));
        }
        if let Some(customer) = &filter.customer {
            q = q.filter(users::customer_guid.eq(customer.clone()));
        }
        if let Some(since) = filter.idle_since {
            q = q.filter(
                users::last_login_at
                    .is_null()
                    .or(users::last_login_at.lt(since)),
            );
        }
        q
    };
    let total = filtered().count().get_result(conn)?;
    let mut q = filtered();
    // Every order ends in the id, so pages never overlap or skip.
    q = match (filter.sort, filter.descending) {
        (UserSort::Name, false) => q.order((users::name.asc(), users::guid.asc())),
        (UserSort::Name, true) => q.order((users::name.desc(), users::guid.desc())),
        (UserSort::Email, false) => q.order(users::email.asc()),
        (UserSort::Email, true) => q.order(users::email.desc()),
        (UserSort::Company, false) => {
            q.order((customers::name.asc(), users::name.asc(), users::guid.asc()))
        }
        (UserSort::Company, true) => q.order((
            customers::name.desc(),
            users::name.desc(),
            users::guid.desc(),
        )),
        (UserSort::Created, false) => q.order((users::created_at.asc(), users::guid.asc())),
        (UserSort::Created, true) => q.order((users::created_at.desc(), users::guid.desc())),
        // Never signed in comes last both ways (the databases disagree where NULL sorts).
        (UserSort::LastLogin, false) => q.order((
            users::last_login_at.is_null(),
            users::last_login_at.asc(),
            users::guid.asc(),
        )),
        (UserSort::LastLogin, true) => q.order((
            users::last_login_at.is_null(),
            users::last_login_at.desc(),
            users::guid.desc(),
        )),
        (UserSort::LoginCount, false) => q.order((users::login_count.asc(), users::guid.asc())),
        (UserSort::LoginCount, true) => q.order((users::login_count.desc(), users::guid.desc())),
        (UserSort::Status, false) => {
            q.order((users::status.asc(), users::name.asc(), users::guid.asc()))
        }
        (UserSort::Status, true) => {
            q.order((users::status.desc(), users::name.desc(), users::guid.desc()))
        }
    };
    let rows = q
        .offset(offset)
        .limit(limit)
        .select((
            User::as_select(),
            customers::name.nullable(),
            pools::name.nullable(),
        ))
        .load(conn)?;
    Ok((rows, total))
}

pub fn sign_ins_of(conn: &mut DbConnection, email: &str) -> Result<Vec<SignInRecord>, Error> {
    sign_ins::table
        .filter(sign_ins::email.eq(email))
        .order(sign_ins::at.asc())
        .select(SignInRecord::as_select())
        .load(conn)
}

pub fn insert_link(conn: &mut DbConnection, link: &AccountLink) -> Result<(), Error> {
    diesel::insert_into(account_links::table)
        .values(link)
        .execute(conn)
        .map(|_| ())
}

pub fn link(conn: &mut DbConnection, token_hash: &str) -> Result<Option<AccountLink>, Error> {
    account_links::table
        .find(token_hash)
        .select(AccountLink::as_select())
        .first(conn)
        .optional()
}

/// Marks a link used; false when it was already used (two concurrent uses: one wins).
pub fn use_link(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> Result<bool, Error> {
    diesel::update(
        account_links::table
            .find(token_hash)
            .filter(account_links::used_at.is_null()),
    )
    .set(account_links::used_at.eq(now))
    .execute(conn)
    .map(|rows| rows == 1)
}

/// Ends every open link of a user for the given purposes (a new password ends the old resets).
pub fn close_links(
    conn: &mut DbConnection,
    user: &str,
    purposes: &[&str],
    now: NaiveDateTime,
) -> Result<(), Error> {
    diesel::update(
        account_links::table
            .filter(account_links::user_guid.eq(user))
            .filter(account_links::purpose.eq_any(purposes))
            .filter(account_links::used_at.is_null()),
    )
    .set(account_links::used_at.eq(now))
    .execute(conn)
    .map(|_| ())
}

/// Records that a TOTP time step was used, if it is newer than the last one; when `confirm` is a
/// pending secret, it becomes the user's secret in the same write. False if the step was used.
pub fn claim_totp_step(
    conn: &mut DbConnection,
    user: &str,
    step: i64,
    confirm: Option<&str>,
) -> Result<bool, Error> {
    let newer = users::table.find(user).filter(
        users::totp_last_step
            .is_null()
            .or(users::totp_last_step.lt(step)),
    );
    let rows = match confirm {
        Some(secret) => diesel::update(newer.filter(users::totp_pending_secret.eq(secret)))
            .set((
                users::totp_last_step.eq(step),
                users::totp_secret.eq(secret),
                users::totp_pending_secret.eq(None::<String>),
            ))
            .execute(conn)?,
        None => diesel::update(newer)
            .set(users::totp_last_step.eq(step))
            .execute(conn)?,
    };
    Ok(rows == 1)
}

pub fn users_by_guid(conn: &mut DbConnection, guids: &[String]) -> Result<Vec<User>, Error> {
    users::table
        .filter(users::guid.eq_any(guids))
        .select(User::as_select())
        .load(conn)
}

pub fn customer_by_guid(conn: &mut DbConnection, guid: &str) -> Result<Option<Customer>, Error> {
    customers::table
        .find(guid)
        .select(Customer::as_select())
        .first(conn)
        .optional()
}

pub fn customer_by_sef(conn: &mut DbConnection, sef: &str) -> Result<Option<Customer>, Error> {
    customers::table
        .filter(customers::name_sef.eq(sef))
        .select(Customer::as_select())
        .first(conn)
        .optional()
}

pub fn pool_exists(conn: &mut DbConnection, guid: &str) -> Result<bool, Error> {
    diesel::select(diesel::dsl::exists(pools::table.find(guid))).get_result(conn)
}

/// A customer with how many users and designs refer to it.
pub type CustomerWithCounts = (Customer, i64, i64);

/// A page of customers by name, matching `query` in name or code, with their user and design
/// counts.
pub fn list_customers(
    conn: &mut DbConnection,
    query: Option<&str>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<CustomerWithCounts>, i64), Error> {
    let filtered = || {
        let mut q = customers::table.into_boxed();
        if let Some(text) = query {
            let pattern = format!("%{}%", like_escaped(&text.to_lowercase()));
            q = q.filter(
                lower(customers::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(customers::code).like(pattern).escape('\\')),
            );
        }
        q
    };
    let total = filtered().count().get_result(conn)?;
    let rows: Vec<Customer> = filtered()
        .order((customers::name.asc(), customers::guid.asc()))
        .offset(offset)
        .limit(limit)
        .select(Customer::as_select())
        .load(conn)?;
    let ids: Vec<&str> = rows.iter().map(|c| c.guid.as_str()).collect();
    let users: std::collections::HashMap<Option<String>, i64> = users::table
        .filter(users::customer_guid.eq_any(&ids))
        .group_by(users::customer_guid)
        .select((users::customer_guid, diesel::dsl::count_star()))
        .load(conn)?
        .into_iter()
        .collect();
    let designs: std::collections::HashMap<Option<String>, i64> = designs::table
        .filter(designs::customer_guid.eq_any(&ids))
        .group_by(designs::customer_guid)
        .select((designs::customer_guid, diesel::dsl::count_star()))
        .load(conn)?
        .into_iter()
        .collect();
    Ok((
        rows.into_iter()
            .map(|c| {
                let key = Some(c.guid.clone());
                let (u, d) = (
                    users.get(&key).copied().unwrap_or(0),
                    designs.get(&key).copied().unwrap_or(0),
                );
                (c, u, d)
            })
            .collect(),
        total,
    ))
}

pub fn set_customer_visibility(
    conn: &mut DbConnection,
    guid: &str,
    visible: bool,
) -> Result<usize, Error> {
    diesel::update(customers::table.find(guid))
        .set(customers::visible.eq(visible))
        .execute(conn)
}

pub fn user_ids_of_customer(conn: &mut DbConnection, guid: &str) -> Result<Vec<String>, Error> {
    users::table
        .filter(users::customer_guid.eq(guid))
        .select(users::guid)
        .load(conn)
}

pub fn design_count_of_customer(conn: &mut DbConnection, guid: &str) -> Result<i64, Error> {
    designs::table
        .filter(designs::customer_guid.eq(guid))
        .count()
        .get_result(conn)
}

/// Deletes the customer and its users; its designs stay, without a customer (orders keep no
/// customer either: their key is `ON DELETE SET NULL`).
pub fn delete_customer(conn: &mut DbConnection, guid: &str) -> Result<(), Error> {
    diesel::delete(users::table.filter(users::customer_guid.eq(guid))).execute(conn)?;
    diesel::update(designs::table.filter(designs::customer_guid.eq(guid)))
        .set(designs::customer_guid.eq(None::<String>))
        .execute(conn)?;
    diesel::delete(customers::table.find(guid)).execute(conn)?;
    Ok(())
}

/// Every user with a TOTP secret or a pending one: (guid, secret, pending secret), as stored.
pub type StoredTotp = (String, Option<String>, Option<String>);

pub fn users_with_totp(conn: &mut DbConnection) -> Result<Vec<StoredTotp>, Error> {
    users::table
        .filter(
            users::totp_secret
                .is_not_null()
                .or(users::totp_pending_secret.is_not_null()),
        )
        .select((users::guid, users::totp_secret, users::totp_pending_secret))
        .load(conn)
}

/// Replaces a user's TOTP secrets if they are still `old` (a concurrent enrolment or reset wins).
pub fn replace_totp_secrets(
    conn: &mut DbConnection,
    old: &StoredTotp,
    secret: Option<&str>,
    pending: Option<&str>,
) -> Result<bool, Error> {
    let (guid, old_secret, old_pending) = old;
    let mut query = diesel::update(users::table)
        .filter(users::guid.eq(guid))
        .into_boxed();
    query = match old_secret {
        Some(value) => query.filter(users::totp_secret.eq(value)),
        None => query.filter(users::totp_secret.is_null()),
    };
    query = match old_pending {
        Some(value) => query.filter(users::totp_pending_secret.eq(value)),
        None => query.filter(users::totp_pending_secret.is_null()),
    };
    let rows = query
        .set((
            users::totp_secret.eq(secret),
            users::totp_pending_secret.eq(pending),
        ))
        .execute(conn)?;
    Ok(rows == 1)
}

/// A user's recovery codes become `hashes`: the old ones, used or not, are gone.
/// `key_id` names the key they were hashed under (`SecretKey::id`).
pub fn replace_recovery_codes(
    conn: &mut DbConnection,
    user: &str,
    hashes: &[String],
    key_id: &str,
    now: NaiveDateTime,
) -> Result<(), Error> {
    delete_recovery_codes(conn, user)?;
    // One row per statement: the multi-backend connection has no batch insert.
    for hash in hashes {
        diesel::insert_into(recovery_codes::table)
            .values((
                recovery_codes::code_hash.eq(hash),
                recovery_codes::user_guid.eq(user),
                recovery_codes::created_at.eq(now),
                recovery_codes::key_id.eq(key_id),
            ))
            .execute(conn)?;
    }
    Ok(())
}

pub fn delete_recovery_codes(conn: &mut DbConnection, user: &str) -> Result<(), Error> {
    diesel::delete(recovery_codes::table.filter(recovery_codes::user_guid.eq(user)))
        .execute(conn)
        .map(|_| ())
}

/// Spends an unused recovery code of `user`, stored as one of `hashes` (one per key), in one
/// conditional write; false if there is none.
pub fn use_recovery_code(
    conn: &mut DbConnection,
    user: &str,
    hashes: &[String],
    now: NaiveDateTime,
) -> Result<bool, Error> {
    let rows = diesel::update(
        recovery_codes::table
            .filter(recovery_codes::code_hash.eq_any(hashes))
            .filter(recovery_codes::user_guid.eq(user))
            .filter(recovery_codes::used_at.is_null()),
    )
    .set(recovery_codes::used_at.eq(now))
    .execute(conn)?;
    Ok(rows > 0)
}

/// The keys unused recovery codes were hashed under (None: made before key ids were kept), each
/// with how many users hold such codes.
pub fn recovery_code_keys(conn: &mut DbConnection) -> Result<Vec<(Option<String>, i64)>, Error> {
    let holders: Vec<(Option<String>, String)> = recovery_codes::table
        .filter(recovery_codes::used_at.is_null())
        .select((recovery_codes::key_id, recovery_codes::user_guid))
        .distinct()
        .load(conn)?;
    let mut keys: Vec<(Option<String>, i64)> = Vec::new();
    for (key, _) in holders {
        match keys.iter_mut().find(|(known, _)| *known == key) {
            Some((_, users)) => *users += 1,
            None => keys.push((key, 1)),
        }
    }
    Ok(keys)
}

pub fn unused_recovery_codes(conn: &mut DbConnection, user: &str) -> Result<i64, Error> {
    recovery_codes::table
        .filter(recovery_codes::user_guid.eq(user))
        .filter(recovery_codes::used_at.is_null())
        .count()
        .get_result(conn)
}
