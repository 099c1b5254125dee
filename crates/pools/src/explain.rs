//! "Why can this user see this design?": the pool rules applied to one user and one design, rule
//! by rule, for admins. Whether the design is visible is read from the same [`Scope`] predicate
//! every route applies, so the answer cannot drift from what the user actually sees.

use crate::error::PoolError;
use crate::repo;
use crate::service::{Scope, searches};
use db::DbConnection;
use db::sql::Sql;
use desen_core::UserGuid;
use diesel::sql_types::BigInt;
use diesel::{QueryableByName, RunQueryDsl};
use serde::Serialize;
use utoipa::ToSchema;

/// Why a saved search of the pool admits the design or not.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchVerdict {
    /// The search's position in the pool (from 0).
    pub index: usize,
    pub admits: bool,
    /// The criteria (JSON field names) the design does not meet.
    pub failing: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    pub visible: bool,
    /// `staff`, `open_design`, `own_customer`, `confined_other_customer`, `pool_design`,
    /// `pool_search`, `pool_own_customer`, `not_in_pool` or `no_design`.
    pub rule: &'static str,
    pub pool_guid: Option<String>,
    pub pool_name: Option<String>,
    pub searches: Vec<SearchVerdict>,
    /// The design is one of the pool's explicit designs.
    pub explicit: bool,
    pub design_guid: Option<String>,
    pub design_number: Option<String>,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Whether the design meets `condition` (a predicate over `designs`).
fn meets(conn: &mut DbConnection, design: &str, condition: &Sql) -> Result<bool, PoolError> {
    let mut sql = Sql::new("SELECT COUNT(*) AS n FROM designs WHERE designs.guid = ");
    sql.bind(design).push(" AND (").append(condition).push(")");
    Ok(sql.get_result::<Count>(conn)?.n > 0)
}

/// Explains the user's view of the design (given by number or id).
pub fn explain(
    conn: &mut DbConnection,
    user: &UserGuid,
    design: &str,
) -> Result<Explanation, PoolError> {
    let (in_house, admin, customer, pool) =
        repo::user_facts(conn, &user.to_string())?.ok_or(PoolError::UserNotFound)?;
    let mut answer = Explanation {
        visible: false,
        rule: "no_design",
        pool_guid: None,
        pool_name: None,
        searches: Vec::new(),
        explicit: false,
        design_guid: None,
        design_number: None,
    };
    let Some((guid, number, confined, owner)) = repo::design_facts(conn, design.trim())? else {
        return Ok(answer);
    };
    answer.design_guid = Some(guid.clone());
    answer.design_number = Some(number);
    let own = customer.is_some() && owner == customer;
    // Admins are staff once past the second factor, which every admin session must pass.
    if in_house || admin {
        answer.visible = true;
        answer.rule = "staff";
        return Ok(answer);
    }
    let pool = match pool {
        Some(pool) => repo::find(conn, &pool)?,
        None => None,
    };
    let Some(pool) = pool else {
        let scope = Scope::OpenArchive { customer };
        answer.visible = meets(conn, &guid, &scope.sql())?;
        answer.rule = match (confined, own) {
            (false, _) => "open_design",
            (true, true) => "own_customer",
            (true, false) => "confined_other_customer",
        };
        return Ok(answer);
    };
    for (index, criteria) in searches(conn, &pool.guid)?.iter().enumerate() {
        let mut failing = Vec::new();
        for (name, condition) in criteria.criteria() {
            if !meets(conn, &guid, &condition)? {
                failing.push(name);
            }
        }
        answer.searches.push(SearchVerdict {
            index,
            admits: failing.is_empty(),
            failing,
        });
    }
    answer.explicit = repo::designs_of(conn, &pool.guid)?.contains(&guid);
    let scope = Scope::Pool {
        pool: pool.guid.clone(),
        own_customer: customer.filter(|_| pool.admits_own),
    };
    answer.visible = meets(conn, &guid, &scope.sql())?;
    answer.rule = if answer.explicit {
        "pool_design"
    } else if answer.searches.iter().any(|s| s.admits) {
        "pool_search"
    } else if own && pool.admits_own {
        "pool_own_customer"
    } else {
        "not_in_pool"
    };
    answer.pool_guid = Some(pool.guid);
    answer.pool_name = Some(pool.name);
    Ok(answer)
}
