//! Favorites storage. Every read of entries joins `designs` and applies the viewer's `Scope`, so a
//! design the viewer may not see is neither listed nor counted.

use crate::model::{FavoriteEntry, FavoriteList, NamedEntry, ShareRow};
use chrono::NaiveDateTime;
use db::DbConnection;
use db::schema::{
    colorways, customers, designs, favorite_entries, favorite_lists, favorite_shares, users,
};
use db::sql::Sql;
use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::result::Error;
use pools::Scope;
use std::collections::HashMap;

/// The user's list, or `None` for a missing list and for another user's alike.
pub fn own_list(
    conn: &mut DbConnection,
    user: &str,
    list: &str,
) -> Result<Option<FavoriteList>, Error> {
    favorite_lists::table
        .find(list)
        .filter(favorite_lists::user_guid.eq(user))
        .select(FavoriteList::as_select())
        .first(conn)
        .optional()
}

/// The user's lists, newest first.
pub fn lists_of(conn: &mut DbConnection, user: &str) -> Result<Vec<FavoriteList>, Error> {
    favorite_lists::table
        .filter(favorite_lists::user_guid.eq(user))
        .order((
            favorite_lists::created_at.desc(),
            favorite_lists::guid.desc(),
        ))
        .select(FavoriteList::as_select())
        .load(conn)
}

pub fn count_lists(conn: &mut DbConnection, user: &str) -> Result<i64, Error> {
    favorite_lists::table
        .filter(favorite_lists::user_guid.eq(user))
        .count()
        .get_result(conn)
}

pub fn insert_list(conn: &mut DbConnection, list: &FavoriteList) -> QueryResult<()> {
    diesel::insert_into(favorite_lists::table)
        .values(list)
        .execute(conn)
        .map(|_| ())
}

pub fn rename_list(conn: &mut DbConnection, list: &str, name: &str, key: &str) -> QueryResult<()> {
    diesel::update(favorite_lists::table.find(list))
        .set((
            favorite_lists::name.eq(name),
            favorite_lists::name_key.eq(key),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn delete_list(conn: &mut DbConnection, list: &str) -> Result<usize, Error> {
    diesel::delete(favorite_lists::table.find(list)).execute(conn)
}

/// Visible entries per list of the user, or of one of their lists (lists without any are absent).
pub fn visible_counts(
    conn: &mut DbConnection,
    scope: &Scope,
    user: &str,
    only: Option<&str>,
) -> Result<HashMap<String, i64>, Error> {
    if let Some(list) = only {
        // One list (at most 5,000 entries): each entry's design checked.
        let rows: Vec<(String, i64)> = favorite_entries::table
            .inner_join(designs::table)
            .filter(favorite_entries::list_guid.eq(list))
            .filter(scope.predicate())
            .group_by(favorite_entries::list_guid)
            .select((favorite_entries::list_guid, count_star()))
            .load(conn)?;
        return Ok(rows.into_iter().collect());
    }
    // Every list: count all entries, then take off those of the designs the scope hides (few,
    // mostly none), rather than looking a design up for each of maybe 100,000 entries.
    // Entries by list id (a range of the key each): no list row looked up per entry.
    let of_user = || {
        favorite_entries::table.filter(
            favorite_entries::list_guid.eq_any(
                favorite_lists::table
                    .filter(favorite_lists::user_guid.eq(user))
                    .select(favorite_lists::guid),
            ),
        )
    };
    let totals: Vec<(String, i64)> = of_user()
        .group_by(favorite_entries::list_guid)
        .select((favorite_entries::list_guid, count_star()))
        .load(conn)?;
    let mut counts: HashMap<String, i64> = totals.into_iter().collect();
    if *scope == Scope::Everything {
        return Ok(counts);
    }
    let less = match scope {
        // The open archive hides confined designs of other companies: found from the designs
        // side (`designs_confined`), each probing its entries, rather than from 100,000 entries.
        Scope::OpenArchive { customer } => {
            let hidden = of_user()
                .inner_join(designs::table)
                .filter(designs::is_confined.eq(true))
                .group_by(favorite_entries::list_guid)
                .select((favorite_entries::list_guid, count_star()));
            match customer {
                Some(own) => hidden
                    .filter(
                        designs::customer_guid
                            .is_null()
                            .or(designs::customer_guid.ne(own)),
                    )
                    .load(conn)?,
                None => hidden.load(conn)?,
            }
        }
        // A pool hides most of the archive: the designs the lists hold (a few thousand at most)
        // are each checked once instead.
        _ => {
            let mut hides = Sql::new("NOT COALESCE((");
            hides.append(&scope.sql()).push("), FALSE)");
            let held: Vec<String> = of_user()
                .select(favorite_entries::design_guid)
                .distinct()
                .load(conn)?;
            let mut hidden: Vec<String> = Vec::new();
            for part in held.chunks(1000) {
                hidden.extend(
                    designs::table
                        .filter(designs::guid.eq_any(part))
                        .filter(hides.clone().predicate())
                        .select(designs::guid)
                        .load::<String>(conn)?,
                );
            }
            let mut less = Vec::new();
            for part in hidden.chunks(1000) {
                less.extend(
                    of_user()
                        .filter(favorite_entries::design_guid.eq_any(part))
                        .group_by(favorite_entries::list_guid)
                        .select((favorite_entries::list_guid, count_star()))
                        .load::<(String, i64)>(conn)?,
                );
            }
            less
        }
    };
    for (list, n) in less {
        if let Some(count) = counts.get_mut(&list) {
            *count -= n;
        }
    }
    counts.retain(|_, n| *n > 0);
    Ok(counts)
}

/// The visible entries of some lists, newest first.
pub fn visible_entries(
    conn: &mut DbConnection,
    scope: &Scope,
    lists: &[String],
) -> Result<Vec<NamedEntry>, Error> {
    favorite_entries::table
        .inner_join(designs::table)
        .inner_join(colorways::table)
        .filter(favorite_entries::list_guid.eq_any(lists))
        .filter(scope.predicate())
        .order((
            favorite_entries::added_at.desc(),
            favorite_entries::colorway_guid.desc(),
        ))
        .select((
            favorite_entries::list_guid,
            favorite_entries::design_guid,
            favorite_entries::colorway_guid,
            designs::number,
            colorways::name,
            colorways::renditions_key,
            favorite_entries::added_at,
        ))
        .load(conn)
}

/// Whether the colorway belongs to the design, and the design is one the scope admits:
/// `None` when the design is not visible, `Some(false)` when the colorway is not its.
pub fn visible_colorway(
    conn: &mut DbConnection,
    scope: &Scope,
    design: &str,
    colorway: &str,
) -> Result<Option<bool>, Error> {
    let visible: i64 = designs::table
        .filter(designs::guid.eq(design))
        .filter(scope.predicate())
        .count()
        .get_result(conn)?;
    if visible == 0 {
        return Ok(None);
    }
    let belongs: bool = diesel::select(diesel::dsl::exists(
        colorways::table
            .filter(colorways::guid.eq(colorway))
            .filter(colorways::design_guid.eq(design)),
    ))
    .get_result(conn)?;
    Ok(Some(belongs))
}

/// The newest `count` visible entries of one list, for its mosaic.
pub fn newest_visible_entries(
    conn: &mut DbConnection,
    scope: &Scope,
    list: &str,
    count: i64,
) -> Result<Vec<NamedEntry>, Error> {
    favorite_entries::table
        .inner_join(designs::table)
        .inner_join(colorways::table)
        .filter(favorite_entries::list_guid.eq(list))
        .filter(scope.predicate())
        .order((
            favorite_entries::added_at.desc(),
            favorite_entries::colorway_guid.desc(),
        ))
        .limit(count)
        .select((
            favorite_entries::list_guid,
            favorite_entries::design_guid,
            favorite_entries::colorway_guid,
            designs::number,
            colorways::name,
            colorways::renditions_key,
            favorite_entries::added_at,
        ))
        .load(conn)
}

/// Which of the user's lists hold each of some colorways: (colorway, list) pairs.
/// Which of the user's lists hold each of the colorways whose design the scope admits (a hidden
/// design's entries stay in the lists, unseen, as everywhere else).
pub fn holding_lists(
    conn: &mut DbConnection,
    scope: &Scope,
    user: &str,
    colorways: &[String],
) -> Result<Vec<(String, String)>, Error> {
    favorite_entries::table
        .inner_join(favorite_lists::table)
        .inner_join(designs::table)
        .filter(favorite_lists::user_guid.eq(user))
        .filter(favorite_entries::colorway_guid.eq_any(colorways))
        .filter(scope.predicate())
        .select((favorite_entries::colorway_guid, favorite_entries::list_guid))
        .load(conn)
}

pub fn count_entries(conn: &mut DbConnection, list: &str) -> Result<i64, Error> {
    favorite_entries::table
        .filter(favorite_entries::list_guid.eq(list))
        .count()
        .get_result(conn)
}

/// Every entry of each of the lists (admins see the whole archive).
pub fn entry_counts(
    conn: &mut DbConnection,
    lists: &[String],
) -> Result<HashMap<String, i64>, Error> {
    let rows: Vec<(String, i64)> = favorite_entries::table
        .filter(favorite_entries::list_guid.eq_any(lists))
        .group_by(favorite_entries::list_guid)
        .select((favorite_entries::list_guid, count_star()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// The company a user belongs to.
pub fn company_of(conn: &mut DbConnection, user: &str) -> QueryResult<Option<String>> {
    users::table
        .find(user)
        .select(users::customer_guid)
        .first::<Option<String>>(conn)
        .optional()
        .map(Option::flatten)
}

pub fn insert_entry(conn: &mut DbConnection, entry: &FavoriteEntry) -> QueryResult<()> {
    diesel::insert_into(favorite_entries::table)
        .values(entry)
        .execute(conn)
        .map(|_| ())
}

/// Removes the entries of `list` whose designs the scope admits (all of `colorway`, when given);
/// entries hidden from the viewer stay.
pub fn delete_visible_entries(
    conn: &mut DbConnection,
    scope: &Scope,
    list: &str,
    colorway: Option<&str>,
) -> Result<usize, Error> {
    let mut visible = favorite_entries::table
        .inner_join(designs::table)
        .filter(favorite_entries::list_guid.eq(list))
        .filter(scope.predicate())
        .select(favorite_entries::colorway_guid)
        .into_boxed();
    if let Some(colorway) = colorway {
        visible = visible.filter(favorite_entries::colorway_guid.eq(colorway.to_owned()));
    }
    let colorways: Vec<String> = visible.load(conn)?;
    if colorways.is_empty() {
        return Ok(0);
    }
    diesel::delete(
        favorite_entries::table
            .filter(favorite_entries::list_guid.eq(list))
            .filter(favorite_entries::colorway_guid.eq_any(&colorways)),
    )
    .execute(conn)
}

/// Records a share, or renews it: one row per list.
pub fn record_share(conn: &mut DbConnection, list: &str, at: NaiveDateTime) -> Result<(), Error> {
    let renewed = diesel::update(favorite_shares::table.find(list))
        .set((
            favorite_shares::shared_at.eq(at),
            favorite_shares::times.eq(favorite_shares::times + 1),
        ))
        .execute(conn)?;
    if renewed == 0 {
        diesel::insert_into(favorite_shares::table)
            .values((
                favorite_shares::list_guid.eq(list),
                favorite_shares::shared_at.eq(at),
                favorite_shares::times.eq(1),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// When each of the user's lists was last shared.
pub fn shared_at(
    conn: &mut DbConnection,
    user: &str,
) -> Result<HashMap<String, NaiveDateTime>, Error> {
    let rows: Vec<(String, NaiveDateTime)> = favorite_shares::table
        .inner_join(favorite_lists::table)
        .filter(favorite_lists::user_guid.eq(user))
        .select((favorite_shares::list_guid, favorite_shares::shared_at))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Shared lists with who shared them, the latest share first; one list when `list` is given.
pub fn shares(conn: &mut DbConnection, list: Option<&str>) -> Result<Vec<ShareRow>, Error> {
    let mut query = favorite_shares::table
        .inner_join(favorite_lists::table.inner_join(users::table.left_join(customers::table)))
        .order((
            favorite_shares::shared_at.desc(),
            favorite_shares::list_guid.desc(),
        ))
        .select((
            FavoriteList::as_select(),
            favorite_shares::shared_at,
            favorite_shares::times,
            users::name,
            users::email,
            customers::name.nullable(),
        ))
        .into_boxed();
    if let Some(list) = list {
        query = query.filter(favorite_shares::list_guid.eq(list.to_owned()));
    }
    query.load(conn)
}
