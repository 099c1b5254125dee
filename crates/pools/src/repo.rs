//! Pool storage. Membership queries are built from `criteria` predicates.

use crate::model::{Pool, PoolSearch};
use db::DbConnection;
use db::schema::{pool_designs, pool_members, pool_searches, pool_wear_models, pools, users};
use db::sql::lower;
use diesel::prelude::*;
use diesel::result::Error;

pub fn all(conn: &mut DbConnection) -> Result<Vec<Pool>, Error> {
    pools::table
        .order(pools::name)
        .select(Pool::as_select())
        .load(conn)
}

pub fn find(conn: &mut DbConnection, guid: &str) -> Result<Option<Pool>, Error> {
    pools::table
        .find(guid)
        .select(Pool::as_select())
        .first(conn)
        .optional()
}

/// The pool of this name, ignoring case ("Spring" and "spring" are one name).
pub fn find_by_name(conn: &mut DbConnection, name: &str) -> Result<Option<Pool>, Error> {
    pools::table
        .filter(lower(pools::name).eq(lower(name)))
        .select(Pool::as_select())
        .first(conn)
        .optional()
}

pub fn insert(conn: &mut DbConnection, pool: &Pool) -> Result<(), Error> {
    diesel::insert_into(pools::table)
        .values(pool)
        .execute(conn)
        .map(|_| ())
}

pub fn update(conn: &mut DbConnection, pool: &Pool) -> Result<(), Error> {
    diesel::update(pools::table.find(&pool.guid))
        .set(pool)
        .execute(conn)
        .map(|_| ())
}

pub fn delete(conn: &mut DbConnection, guid: &str) -> Result<usize, Error> {
    diesel::update(users::table.filter(users::pool_guid.eq(guid)))
        .set(users::pool_guid.eq(None::<String>))
        .execute(conn)?;
    diesel::delete(pools::table.find(guid)).execute(conn)
}

pub fn searches_of(conn: &mut DbConnection, pool: &str) -> Result<Vec<PoolSearch>, Error> {
    pool_searches::table
        .filter(pool_searches::pool_guid.eq(pool))
        .order(pool_searches::position)
        .select(PoolSearch::as_select())
        .load(conn)
}

pub fn all_searches(conn: &mut DbConnection) -> Result<Vec<PoolSearch>, Error> {
    pool_searches::table
        .order((pool_searches::pool_guid, pool_searches::position))
        .select(PoolSearch::as_select())
        .load(conn)
}

pub fn set_criteria(conn: &mut DbConnection, search: &PoolSearch) -> Result<(), Error> {
    diesel::update(pool_searches::table.find((&search.pool_guid, search.position)))
        .set(pool_searches::criteria.eq(&search.criteria))
        .execute(conn)
        .map(|_| ())
}

pub fn designs_of(conn: &mut DbConnection, pool: &str) -> Result<Vec<String>, Error> {
    pool_designs::table
        .filter(pool_designs::pool_guid.eq(pool))
        .order(pool_designs::design_guid)
        .select(pool_designs::design_guid)
        .load(conn)
}

pub fn wear_models_of(conn: &mut DbConnection, pool: &str) -> Result<Vec<String>, Error> {
    pool_wear_models::table
        .filter(pool_wear_models::pool_guid.eq(pool))
        .order(pool_wear_models::wear_guid)
        .select(pool_wear_models::wear_guid)
        .load(conn)
}

/// Replaces a pool's searches, explicit designs and wear models.
pub fn replace_contents(
    conn: &mut DbConnection,
    pool: &str,
    searches: &[String],
    designs: &[String],
    wear_models: &[String],
) -> Result<(), Error> {
    diesel::delete(pool_searches::table.filter(pool_searches::pool_guid.eq(pool))).execute(conn)?;
    diesel::delete(pool_designs::table.filter(pool_designs::pool_guid.eq(pool))).execute(conn)?;
    diesel::delete(pool_wear_models::table.filter(pool_wear_models::pool_guid.eq(pool)))
        .execute(conn)?;
    // One row at a time: batch inserts do not compile on the multi-backend connection.
    for (i, criteria) in searches.iter().enumerate() {
        diesel::insert_into(pool_searches::table)
            .values(PoolSearch {
                pool_guid: pool.to_owned(),
                position: i as i32,
                criteria: criteria.clone(),
            })
            .execute(conn)?;
    }
    for design in designs {
        diesel::insert_into(pool_designs::table)
            .values((
                pool_designs::pool_guid.eq(pool),
                pool_designs::design_guid.eq(design),
            ))
            .execute(conn)?;
    }
    for wear in wear_models {
        diesel::insert_into(pool_wear_models::table)
            .values((
                pool_wear_models::pool_guid.eq(pool),
                pool_wear_models::wear_guid.eq(wear),
            ))
            .execute(conn)?;
    }
    Ok(())
}

pub fn member_count(conn: &mut DbConnection, pool: &str) -> Result<i64, Error> {
    pool_members::table
        .filter(pool_members::pool_guid.eq(pool))
        .count()
        .get_result(conn)
}

pub fn user_count(conn: &mut DbConnection, pool: &str) -> Result<i64, Error> {
    users::table
        .filter(users::pool_guid.eq(pool))
        .count()
        .get_result(conn)
}

/// The pool a user is assigned, if any; `None` also for an unknown user.
/// The pool assigned to the user, if any (one query: it runs on every request of a user).
pub fn pool_of_user(conn: &mut DbConnection, user: &str) -> Result<Option<Pool>, Error> {
    users::table
        .inner_join(pools::table)
        .filter(users::guid.eq(user))
        .select(Pool::as_select())
        .first(conn)
        .optional()
}

pub fn user_email(conn: &mut DbConnection, user: &str) -> Result<Option<String>, Error> {
    users::table
        .find(user)
        .select(users::email)
        .first(conn)
        .optional()
}

pub fn assign(conn: &mut DbConnection, user: &str, pool: Option<&str>) -> Result<usize, Error> {
    diesel::update(users::table.find(user))
        .set(users::pool_guid.eq(pool))
        .execute(conn)
}

pub fn existing_designs(conn: &mut DbConnection, guids: &[String]) -> Result<Vec<String>, Error> {
    use db::schema::designs;
    designs::table
        .filter(designs::guid.eq_any(guids))
        .select(designs::guid)
        .load(conn)
}

/// What the pool rules need to know of a user: in-house, admin, customer, pool.
pub type UserFacts = (bool, bool, Option<String>, Option<String>);

pub fn user_facts(conn: &mut DbConnection, user: &str) -> Result<Option<UserFacts>, Error> {
    users::table
        .find(user)
        .select((
            users::is_in_house,
            users::is_admin,
            users::customer_guid,
            users::pool_guid,
        ))
        .first(conn)
        .optional()
}

/// A design by number or id: id, number, confined, customer.
pub type DesignFacts = (String, String, bool, Option<String>);

pub fn design_facts(conn: &mut DbConnection, design: &str) -> Result<Option<DesignFacts>, Error> {
    use db::schema::designs;
    designs::table
        .filter(designs::number.eq(design).or(designs::guid.eq(design)))
        .select((
            designs::guid,
            designs::number,
            designs::is_confined,
            designs::customer_guid,
        ))
        .first(conn)
        .optional()
}

pub fn design_numbers(
    conn: &mut DbConnection,
    guids: &[String],
) -> Result<Vec<(String, String)>, Error> {
    use db::schema::designs;
    designs::table
        .filter(designs::guid.eq_any(guids))
        .select((designs::guid, designs::number))
        .load(conn)
}
