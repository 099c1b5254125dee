//! The pool rules: who sees what, and pool upkeep.

use crate::criteria::PoolCriteria;
use crate::dto::{PoolAnswer, PoolSave};
use crate::error::PoolError;
use crate::model::Pool;
use crate::repo;
use audit::{Action, Subject};
use chrono::Utc;
use db::DbConnection;
use db::sql::{Predicate, Sql};
use desen_core::{DesignGuid, UserGuid, Viewer};
use diesel::RunQueryDsl;

/// Which designs a viewer may see. [`Scope::predicate`] is the rule every design, colorway and
/// image query applies.
#[derive(Debug, Clone, PartialEq)]
pub enum Scope {
    /// Staff: in-house users, and admins past the second factor.
    Everything,
    /// A user without a pool: open designs, and the confined designs of their own customer.
    OpenArchive { customer: Option<String> },
    /// A user with a pool: its members, and their customer's designs when a search allows own
    /// designs.
    Pool {
        pool: String,
        own_customer: Option<String>,
    },
    /// A set of criteria, as `/admin/pool/search` previews it.
    Criteria(Box<PoolCriteria>),
}

impl Scope {
    pub fn sql(&self) -> Sql {
        match self {
            Scope::Everything => Sql::new("1 = 1"),
            Scope::OpenArchive { customer } => {
                let mut sql = Sql::new("designs.is_confined = ");
                sql.bind(false);
                if let Some(customer) = customer {
                    sql.push(" OR designs.customer_guid = ").bind(customer);
                }
                sql
            }
            Scope::Pool { pool, own_customer } => {
                let mut sql = Sql::new(
                    "designs.guid IN (SELECT design_guid FROM pool_members WHERE pool_guid = ",
                );
                sql.bind(pool).push(")");
                if let Some(customer) = own_customer {
                    sql.push(" OR designs.customer_guid = ").bind(customer);
                }
                sql
            }
            Scope::Criteria(criteria) => criteria.predicate(),
        }
    }

    /// The same rule as [`Scope::sql`], with a pool's members probed per design on
    /// `pool_members`' key (`EXISTS`) instead of collected first (`IN`). The designs are the same;
    /// SQLite, reading designs in a sort index's order, then finds a page of a large pool after a
    /// few rows instead of collecting and sorting the whole pool.
    pub fn probe_sql(&self) -> Sql {
        match self {
            Scope::Pool { pool, own_customer } => {
                let mut sql =
                    Sql::new("EXISTS (SELECT 1 FROM pool_members WHERE pool_members.pool_guid = ");
                sql.bind(pool)
                    .push(" AND pool_members.design_guid = designs.guid)");
                if let Some(customer) = own_customer {
                    sql.push(" OR designs.customer_guid = ").bind(customer);
                }
                sql
            }
            other => other.sql(),
        }
    }

    pub fn predicate(&self) -> Predicate {
        self.sql().predicate()
    }

    /// A short name for logs and the bench: which branch of the rule applies.
    pub fn kind(&self) -> &'static str {
        match self {
            Scope::Everything => "everything",
            Scope::OpenArchive { .. } => "open-archive",
            Scope::Pool { .. } => "pool",
            Scope::Criteria(_) => "criteria",
        }
    }
}

/// The viewer's scope. The pool assignment is read per request, so a change applies at once.
pub fn scope_of(conn: &mut DbConnection, viewer: &Viewer) -> Result<Scope, PoolError> {
    if viewer.is_staff() {
        return Ok(Scope::Everything);
    }
    Ok(match repo::pool_of_user(conn, &viewer.user_guid)? {
        Some(pool) => Scope::Pool {
            own_customer: viewer.customer_guid.clone().filter(|_| pool.admits_own),
            pool: pool.guid,
        },
        None => Scope::OpenArchive {
            customer: viewer.customer_guid.clone(),
        },
    })
}

/// The wear models a pool attaches (what its users may dress designs in).
pub fn wear_models_of(conn: &mut DbConnection, pool: &str) -> Result<Vec<String>, PoolError> {
    Ok(repo::wear_models_of(conn, pool)?)
}

pub(crate) fn searches(
    conn: &mut DbConnection,
    pool: &str,
) -> Result<Vec<PoolCriteria>, PoolError> {
    repo::searches_of(conn, pool)?
        .into_iter()
        .map(|s| {
            serde_json::from_str(&s.criteria)
                .map_err(|e| PoolError::InvalidForm(format!("stored criteria: {e}")))
        })
        .collect()
}

/// What makes a design a member of the pool: any search, or being one of its explicit designs.
fn membership(conn: &mut DbConnection, pool: &str) -> Result<Sql, PoolError> {
    let mut parts: Vec<Sql> = searches(conn, pool)?
        .iter()
        .map(PoolCriteria::predicate)
        .collect();
    let mut explicit =
        Sql::new("designs.guid IN (SELECT design_guid FROM pool_designs WHERE pool_guid = ");
    explicit.bind(pool).push(")");
    parts.push(explicit);
    Ok(Sql::or(&parts))
}

/// Recomputes which designs the pool admits.
pub fn refresh_pool(conn: &mut DbConnection, pool: &str) -> Result<(), PoolError> {
    let mut clear = Sql::new("DELETE FROM pool_members WHERE pool_guid = ");
    clear.bind(pool);
    clear.execute(conn)?;
    let mut fill = Sql::new("INSERT INTO pool_members (pool_guid, design_guid) SELECT ");
    fill.bind(pool)
        .push(", designs.guid FROM designs WHERE ")
        .append(&membership(conn, pool)?);
    fill.execute(conn)?;
    Ok(())
}

/// The names of the pools whose searches name the label.
pub fn pools_naming_label(conn: &mut DbConnection, label: i32) -> Result<Vec<String>, PoolError> {
    let mut names = Vec::new();
    for search in repo::all_searches(conn)? {
        let criteria: PoolCriteria = serde_json::from_str(&search.criteria)
            .map_err(|e| PoolError::InvalidForm(format!("stored criteria: {e}")))?;
        if criteria.names_label(label)
            && let Some(pool) = repo::find(conn, &search.pool_guid)?
            && !names.contains(&pool.name)
        {
            names.push(pool.name);
        }
    }
    Ok(names)
}

/// Two labels were merged (`into` stands where `from` stood in every pool search) or designs'
/// labels changed in bulk (`from_into` none): every pool's members are recomputed, since a
/// design's labels decide them (an unlabelled design too, for `allowUnlabeledDesigns`).
pub fn relabel(conn: &mut DbConnection, from_into: Option<(i32, i32)>) -> Result<(), PoolError> {
    if let Some((from, into)) = from_into {
        for mut search in repo::all_searches(conn)? {
            let mut criteria: PoolCriteria = serde_json::from_str(&search.criteria)
                .map_err(|e| PoolError::InvalidForm(format!("stored criteria: {e}")))?;
            if criteria.relabel(from, into) {
                search.criteria = serde_json::to_string(&criteria)
                    .map_err(|e| PoolError::InvalidForm(e.to_string()))?;
                repo::set_criteria(conn, &search)?;
            }
        }
    }
    for pool in repo::all(conn)? {
        refresh_pool(conn, &pool.guid)?;
    }
    Ok(())
}

/// Recomputes the pools a design belongs to: after it was added or edited (in the caller's
/// transaction).
pub fn refresh_design(conn: &mut DbConnection, design: &DesignGuid) -> Result<(), PoolError> {
    let design = design.to_string();
    let mut clear = Sql::new("DELETE FROM pool_members WHERE design_guid = ");
    clear.bind(&design);
    clear.execute(conn)?;
    for pool in repo::all(conn)? {
        let mut fill = Sql::new("INSERT INTO pool_members (pool_guid, design_guid) SELECT ");
        fill.bind(&pool.guid)
            .push(", designs.guid FROM designs WHERE designs.guid = ")
            .bind(&design)
            .push(" AND (")
            .append(&membership(conn, &pool.guid)?)
            .push(")");
        fill.execute(conn)?;
    }
    Ok(())
}

/// Creates the pool (no `uniqueid`) or replaces it, then recomputes its members.
pub fn save_pool(
    conn: &mut DbConnection,
    actor: &UserGuid,
    save: PoolSave,
) -> Result<PoolAnswer, PoolError> {
    conn.transaction(|conn| save_pool_now(conn, actor, save))
}

fn save_pool_now(
    conn: &mut DbConnection,
    actor: &UserGuid,
    save: PoolSave,
) -> Result<PoolAnswer, PoolError> {
    let name = save.name.trim().to_owned();
    if name.is_empty() {
        return Err(PoolError::NameRequired);
    }
    let mut designs = save.extra_guids.clone();
    designs.sort();
    designs.dedup();
    if save.dtos.is_empty() && designs.is_empty() {
        return Err(PoolError::NothingAdmitted);
    }
    let existing = repo::existing_designs(conn, &designs)?;
    if let Some(missing) = designs.iter().find(|d| !existing.contains(d)) {
        return Err(PoolError::DesignNotFound(missing.clone()));
    }
    let now = Utc::now().naive_utc();
    let current = match save.uniqueid.as_deref().filter(|g| !g.is_empty()) {
        Some(guid) => Some(repo::find(conn, guid)?.ok_or(PoolError::PoolNotFound)?),
        None => None,
    };
    if let Some(other) = repo::find_by_name(conn, &name)?
        && current.as_ref().is_none_or(|c| c.guid != other.guid)
    {
        return Err(PoolError::NameTaken);
    }
    let pool = Pool {
        guid: current
            .as_ref()
            .map(|c| c.guid.clone())
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string()),
        name,
        description: save.description.trim().to_owned(),
        admits_own: save.dtos.iter().any(|c| c.allow_own_designs),
        created_at: current.as_ref().map(|c| c.created_at).unwrap_or(now),
        updated_at: now,
    };
    match current {
        Some(_) => repo::update(conn, &pool)?,
        None => repo::insert(conn, &pool)?,
    }
    let searches: Vec<String> = save
        .dtos
        .iter()
        .map(|c| {
            // Paging belongs to the preview, not to the saved search.
            let stored = PoolCriteria {
                page: 0,
                results_per_page: PoolCriteria::default().results_per_page,
                ..c.clone()
            };
            serde_json::to_string(&stored).unwrap_or_default()
        })
        .collect();
    let mut wear = save.wear_guids.clone();
    wear.sort();
    wear.dedup();
    repo::replace_contents(conn, &pool.guid, &searches, &designs, &wear)?;
    refresh_pool(conn, &pool.guid)?;
    audit::record(
        conn,
        actor,
        Action::PoolSaved,
        Subject::pool(&pool.guid, &pool.name),
        &format!(
            "{} searches, {} designs, {} wear models",
            searches.len(),
            designs.len(),
            wear.len()
        ),
    )?;
    answer(conn, pool)
}

fn answer(conn: &mut DbConnection, pool: Pool) -> Result<PoolAnswer, PoolError> {
    let designs = repo::designs_of(conn, &pool.guid)?;
    Ok(PoolAnswer {
        searches: searches(conn, &pool.guid)?,
        design_numbers: repo::design_numbers(conn, &designs)?.into_iter().collect(),
        designs,
        wear_guids: repo::wear_models_of(conn, &pool.guid)?,
        member_count: repo::member_count(conn, &pool.guid)?,
        user_count: repo::user_count(conn, &pool.guid)?,
        uniqueid: pool.guid,
        name: pool.name,
        description: pool.description,
        updated_at: pool.updated_at,
    })
}

pub fn all_pools(conn: &mut DbConnection) -> Result<Vec<PoolAnswer>, PoolError> {
    repo::all(conn)?
        .into_iter()
        .map(|p| answer(conn, p))
        .collect()
}

pub fn delete_pool(conn: &mut DbConnection, actor: &UserGuid, pool: &str) -> Result<(), PoolError> {
    conn.transaction(|conn| {
        let found = repo::find(conn, pool)?.ok_or(PoolError::PoolNotFound)?;
        repo::delete(conn, pool)?;
        audit::record(
            conn,
            actor,
            Action::PoolDeleted,
            Subject::pool(&found.guid, &found.name),
            "",
        )?;
        Ok(())
    })
}

/// Gives the user the pool, or takes their pool away (`None`).
pub fn assign(
    conn: &mut DbConnection,
    actor: &UserGuid,
    user: &UserGuid,
    pool: Option<&str>,
) -> Result<(), PoolError> {
    let user = user.to_string();
    conn.transaction(|conn| {
        let name = match pool {
            Some(pool) => repo::find(conn, pool)?.ok_or(PoolError::PoolNotFound)?.name,
            None => String::new(),
        };
        let email = repo::user_email(conn, &user)?.ok_or(PoolError::UserNotFound)?;
        repo::assign(conn, &user, pool)?;
        audit::record(
            conn,
            actor,
            Action::PoolAssigned,
            Subject::user(&user, &email),
            &name,
        )?;
        Ok(())
    })
}
