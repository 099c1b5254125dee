//! Queries. No rules here: the service decides, the repo reads and writes.

use crate::model::{AccountLink, Customer, SignInRecord, User};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{account_links, customers, sign_ins, users};
use diesel::prelude::*;
use diesel::result::Error;

diesel::define_sql_function! {
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

diesel::define_sql_function! {
    #[sql_name = "LOWER"]
    fn lower_nullable(text: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>;
}

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

/// Customers by name: all (`None`), or the visible ones plus the given own customer.
pub fn customers_listed(
    conn: &mut DbConnection,
    own: Option<Option<String>>,
) -> Result<Vec<(String, String)>, Error> {
    let mut query = customers::table
        .order(customers::name)
        .select((customers::guid, customers::name))
        .into_boxed();
    if let Some(own) = own {
        query = match own {
            Some(own) => query.filter(customers::visible.eq(true).or(customers::guid.eq(own))),
            None => query.filter(customers::visible.eq(true)),
        };
    }
    query.load(conn)
}

pub fn insert_customer(conn: &mut DbConnection, customer: &Customer) -> Result<(), Error> {
    diesel::insert_into(customers::table)
        .values(customer)
        .execute(conn)
        .map(|_| ())
}

pub fn customer_by_name(conn: &mut DbConnection, name: &str) -> Result<Option<Customer>, Error> {
    customers::table
        .filter(customers::name.eq(name))
        .select(Customer::as_select())
        .first(conn)
        .optional()
}

/// A user and the name of their customer company.
pub type UserWithCompany = (User, Option<String>);

/// A page of users with their company names, matching `query` in name, e-mail or company.
pub fn list_users(
    conn: &mut DbConnection,
    query: Option<&str>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<UserWithCompany>, i64), Error> {
    let filtered = || {
        let mut q = users::table.left_join(customers::table).into_boxed();
        if let Some(text) = query {
            let pattern = format!(
                "%{}%",
                text.to_lowercase()
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            );
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
        q
    };
    let total = filtered().count().get_result(conn)?;
    let rows = filtered()
        .order((users::name.asc(), users::guid.asc()))
        .offset(offset)
        .limit(limit)
        .select((User::as_select(), customers::name.nullable()))
        .load(conn)?;
    Ok((rows, total))
}

pub fn record_sign_in(conn: &mut DbConnection, record: &SignInRecord) -> Result<(), Error> {
    diesel::insert_into(sign_ins::table)
        .values(record)
        .execute(conn)
        .map(|_| ())
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
