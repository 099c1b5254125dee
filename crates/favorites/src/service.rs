//! The favorites rules. Functions take `&mut DbConnection`; each write is one statement whose
//! unique key decides between concurrent requests (two creates of one name, two adds of one
//! colorway), so no transaction is needed here and callers may still compose these in one.

use crate::dto::{
    EntryAnswer, EntryKey, HoldingAnswer, ListAnswer, ListEntries, ListName, MOSAIC_THUMBNAILS,
    SharedList, SharedListEntries,
};
use crate::error::FavoriteError;
use crate::model::{FavoriteEntry, FavoriteList, NamedEntry, ShareRow};
use crate::repo;
use accounts::mail::Mailer;
use chrono::{NaiveDateTime, Utc};
use db::DbConnection;
use desen_core::{FavoriteListGuid, UserGuid};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use imaging::render::urls;
use pools::Scope;
use std::collections::HashMap;

/// Lists a user may keep.
pub const MAX_LISTS: i64 = 500;
/// Colorways a list may hold.
pub const MAX_ENTRIES: i64 = 5_000;

/// Whose lists, and what of the archive they may see now.
pub struct Owner<'a> {
    pub user: &'a UserGuid,
    pub scope: &'a Scope,
}

/// Where a shared list goes: the studio's address (no mail without one) and the app's address
/// for the link.
pub struct ShareMail<'a> {
    pub mailer: &'a dyn Mailer,
    pub studio: Option<&'a str>,
    pub public_url: &'a str,
}

/// Who shares, as the studio's mail names them.
pub struct Sharer {
    pub name: String,
    pub email: String,
    pub company: Option<String>,
}

fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

/// A unique key's refusal as the rule it guards.
fn unique(result: diesel::QueryResult<()>, taken: FavoriteError) -> Result<(), FavoriteError> {
    match result {
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Err(taken),
        other => Ok(other?),
    }
}

fn own_list(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
) -> Result<FavoriteList, FavoriteError> {
    repo::own_list(conn, &owner.user.to_string(), &list.to_string())?
        .ok_or(FavoriteError::ListNotFound)
}

fn answer(
    list: FavoriteList,
    counts: &HashMap<String, i64>,
    shared: &HashMap<String, NaiveDateTime>,
) -> ListAnswer {
    ListAnswer {
        entry_count: counts.get(&list.guid).copied().unwrap_or(0),
        shared: shared.get(&list.guid).copied(),
        id: list.guid,
        name: list.name,
        created: list.created_at,
        thumbnails: Vec::new(),
    }
}

fn entry_answer(entry: NamedEntry) -> EntryAnswer {
    EntryAnswer {
        thumbnail: urls::thumbnail(
            &entry.design_guid,
            &entry.colorway_guid,
            &entry.renditions_key,
            "d/v",
        ),
        design_guid: entry.design_guid,
        colorway_guid: entry.colorway_guid,
        list_id: entry.list_guid,
        design_name: entry.design_name,
        colorway_name: entry.colorway_name,
        added: entry.added_at,
    }
}

/// One list's entries the scope admits, newest first.
fn entries_of(
    conn: &mut DbConnection,
    scope: &Scope,
    list: &str,
) -> Result<Vec<EntryAnswer>, FavoriteError> {
    Ok(repo::visible_entries(conn, scope, &[list.to_owned()])?
        .into_iter()
        .map(entry_answer)
        .collect())
}

/// The user's lists with the number of entries they may see, newest first; with `thumbnails`,
/// each with that many of its newest colorways' thumbnails (at most [`MOSAIC_THUMBNAILS`]).
pub fn lists(
    conn: &mut DbConnection,
    owner: &Owner,
    thumbnails: u8,
) -> Result<Vec<ListAnswer>, FavoriteError> {
    let user = owner.user.to_string();
    let counts = repo::visible_counts(conn, owner.scope, &user, None)?;
    let shared = repo::shared_at(conn, &user)?;
    let mosaic = i64::from(thumbnails.min(MOSAIC_THUMBNAILS));
    repo::lists_of(conn, &user)?
        .into_iter()
        .map(|list| {
            let mut answer = answer(list, &counts, &shared);
            if mosaic > 0 && answer.entry_count > 0 {
                answer.thumbnails =
                    repo::newest_visible_entries(conn, owner.scope, &answer.id, mosaic)?
                        .into_iter()
                        .map(|entry| entry_answer(entry).thumbnail)
                        .collect();
            }
            Ok(answer)
        })
        .collect()
}

/// Which of the user's lists hold each of the colorways (the hearts of a page of cards); a
/// colorway in none, or of a design the user may not see now, is answered with no lists.
pub fn holding_lists(
    conn: &mut DbConnection,
    owner: &Owner,
    colorways: &[String],
) -> Result<Vec<HoldingAnswer>, FavoriteError> {
    let mut holding: HashMap<String, Vec<String>> = HashMap::new();
    for (colorway, list) in
        repo::holding_lists(conn, owner.scope, &owner.user.to_string(), colorways)?
    {
        holding.entry(colorway).or_default().push(list);
    }
    Ok(colorways
        .iter()
        .map(|colorway| HoldingAnswer {
            colorway_guid: colorway.clone(),
            list_ids: holding.remove(colorway).unwrap_or_default(),
        })
        .collect())
}

/// Every list of the user with its visible entries (`/favorites/lists-entries`); each count is
/// its entries', read once.
pub fn lists_with_entries(
    conn: &mut DbConnection,
    owner: &Owner,
) -> Result<Vec<ListEntries>, FavoriteError> {
    let user = owner.user.to_string();
    let lists = repo::lists_of(conn, &user)?;
    let shared = repo::shared_at(conn, &user)?;
    let ids: Vec<String> = lists.iter().map(|l| l.guid.clone()).collect();
    let mut entries: HashMap<String, Vec<EntryAnswer>> = HashMap::new();
    for entry in repo::visible_entries(conn, owner.scope, &ids)? {
        entries
            .entry(entry.list_guid.clone())
            .or_default()
            .push(entry_answer(entry));
    }
    let counts: HashMap<String, i64> = entries
        .iter()
        .map(|(list, of)| (list.clone(), of.len() as i64))
        .collect();
    Ok(lists
        .into_iter()
        .map(|list| ListEntries {
            entries: entries.remove(&list.guid).unwrap_or_default(),
            list: answer(list, &counts, &shared),
        })
        .collect())
}

/// One list of the user with its visible entries (`/favorites/entries/{id}`).
pub fn list_entries(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
) -> Result<ListEntries, FavoriteError> {
    let list = own_list(conn, owner, list)?;
    let entries = entries_of(conn, owner.scope, &list.guid)?;
    let user = owner.user.to_string();
    let shared = repo::shared_at(conn, &user)?;
    let counts = HashMap::from([(list.guid.clone(), entries.len() as i64)]);
    Ok(ListEntries {
        list: answer(list, &counts, &shared),
        entries,
    })
}

/// The answer for one list after a change.
fn list_answer(
    conn: &mut DbConnection,
    owner: &Owner,
    list: FavoriteList,
) -> Result<ListAnswer, FavoriteError> {
    let user = owner.user.to_string();
    let counts = repo::visible_counts(conn, owner.scope, &user, Some(&list.guid))?;
    let shared = repo::shared_at(conn, &user)?;
    Ok(answer(list, &counts, &shared))
}

pub fn create_list(
    conn: &mut DbConnection,
    owner: &Owner,
    name: &ListName,
) -> Result<ListAnswer, FavoriteError> {
    let user = owner.user.to_string();
    if repo::count_lists(conn, &user)? >= MAX_LISTS {
        return Err(FavoriteError::TooManyLists);
    }
    let list = FavoriteList {
        guid: FavoriteListGuid::new().to_string(),
        user_guid: user,
        name: name.as_str().to_owned(),
        name_key: name.key(),
        created_at: now(),
    };
    unique(repo::insert_list(conn, &list), FavoriteError::NameTaken)?;
    list_answer(conn, owner, list)
}

/// Renames a list ("collection name changed"); its own name in another case is allowed.
pub fn rename_list(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
    name: &ListName,
) -> Result<ListAnswer, FavoriteError> {
    let mut list = own_list(conn, owner, list)?;
    unique(
        repo::rename_list(conn, &list.guid, name.as_str(), &name.key()),
        FavoriteError::NameTaken,
    )?;
    list.name = name.as_str().to_owned();
    list_answer(conn, owner, list)
}

/// Adds a colorway of a design the user may see; a colorway stands once in a list.
pub fn add_entry(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
    key: &EntryKey,
) -> Result<ListAnswer, FavoriteError> {
    let list = own_list(conn, owner, list)?;
    let (design, colorway) = (key.design.to_string(), key.colorway.to_string());
    match repo::visible_colorway(conn, owner.scope, &design, &colorway)? {
        None => return Err(FavoriteError::DesignNotFound),
        Some(false) => return Err(FavoriteError::ColorwayNotFound),
        Some(true) => {}
    }
    if repo::count_entries(conn, &list.guid)? >= MAX_ENTRIES {
        return Err(FavoriteError::ListFull);
    }
    let entry = FavoriteEntry {
        list_guid: list.guid.clone(),
        colorway_guid: colorway,
        design_guid: design,
        added_at: now(),
    };
    conn.transaction(|conn| {
        unique(
            repo::insert_entry(conn, &entry),
            FavoriteError::ColorwayPresent,
        )?;
        // The funnel's favorites step, with the company the user belongs to now.
        let record = usage::FavoriteRecord {
            id: uuid::Uuid::new_v4().to_string(),
            user_guid: owner.user.to_string(),
            customer_guid: repo::company_of(conn, &owner.user.to_string())?,
            design_guid: entry.design_guid.clone(),
            colorway_guid: entry.colorway_guid.clone(),
            added_at: entry.added_at,
        };
        usage::write(conn, &[usage::Record::Favorite(record)])?;
        Ok::<_, FavoriteError>(())
    })?;
    list_answer(conn, owner, list)
}

/// Removes a colorway the user sees in the list.
pub fn remove_entry(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
    key: &EntryKey,
) -> Result<ListAnswer, FavoriteError> {
    let list = own_list(conn, owner, list)?;
    let removed = repo::delete_visible_entries(
        conn,
        owner.scope,
        &list.guid,
        Some(&key.colorway.to_string()),
    )?;
    if removed == 0 {
        return Err(FavoriteError::EntryNotFound);
    }
    list_answer(conn, owner, list)
}

/// Removes every colorway the user sees in the list; entries hidden by the pool now are kept.
pub fn empty_list(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
) -> Result<ListAnswer, FavoriteError> {
    let list = own_list(conn, owner, list)?;
    repo::delete_visible_entries(conn, owner.scope, &list.guid, None)?;
    list_answer(conn, owner, list)
}

pub fn delete_list(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
) -> Result<(), FavoriteError> {
    let list = own_list(conn, owner, list)?;
    repo::delete_list(conn, &list.guid)?;
    Ok(())
}

/// Shares the list with the studio: recorded (renewed when shared again) for the admins, then
/// mailed to the studio's address when one is configured.
pub fn share_list(
    conn: &mut DbConnection,
    owner: &Owner,
    list: &FavoriteListGuid,
    sharer: &Sharer,
    mail: &ShareMail,
) -> Result<ListAnswer, FavoriteError> {
    let shared = list_entries(conn, owner, list)?;
    let at = now();
    repo::record_share(conn, &shared.list.id, at)?;
    let answer = ListAnswer {
        shared: Some(at),
        ..shared.list.clone()
    };
    if let Some(studio) = mail.studio {
        let (subject, text) = share_mail(&shared, sharer, mail.public_url);
        mail.mailer
            .send(studio, &subject, &text)
            .map_err(|e| FavoriteError::Mail(e.to_string()))?;
    }
    Ok(answer)
}

/// The studio's mail: who shared which list, its colorways, and the link to it.
fn share_mail(shared: &ListEntries, sharer: &Sharer, public_url: &str) -> (String, String) {
    let who = match &sharer.company {
        Some(company) => format!("{} ({}, {})", sharer.name, company, sharer.email),
        None => format!("{} ({})", sharer.name, sharer.email),
    };
    let subject = format!("Favorite list shared: {}", shared.list.name);
    let mut text = format!(
        "{who} shared the favorite list \"{}\" with {} colorway(s).\n\n",
        shared.list.name,
        shared.entries.len()
    );
    for entry in &shared.entries {
        text.push_str(&format!(
            "- {} / {}\n",
            entry.design_name, entry.colorway_name
        ));
    }
    text.push_str(&format!(
        "\nOpen it in the admin area: {}/admin/shared-lists/{}\n",
        public_url.trim_end_matches('/'),
        shared.list.id
    ));
    (subject, text)
}

fn shared_list(row: ShareRow, counts: &HashMap<String, i64>) -> SharedList {
    let shared = HashMap::from([(row.list.guid.clone(), row.shared_at)]);
    SharedList {
        user_guid: row.list.user_guid.clone(),
        list: answer(row.list, counts, &shared),
        user_name: row.user_name,
        user_email: row.user_email,
        customer_name: row.customer_name,
        shared_at: row.shared_at,
        times: row.times,
    }
}

/// Every shared list, the latest share first (admins: read-only).
pub fn shared_lists(conn: &mut DbConnection) -> Result<Vec<SharedList>, FavoriteError> {
    let rows = repo::shares(conn, None)?;
    let ids: Vec<String> = rows.iter().map(|row| row.list.guid.clone()).collect();
    let counts = repo::entry_counts(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| shared_list(row, &counts))
        .collect())
}

/// One shared list with every entry (admins see the whole archive).
pub fn shared_list_entries(
    conn: &mut DbConnection,
    list: &FavoriteListGuid,
) -> Result<SharedListEntries, FavoriteError> {
    let row = repo::shares(conn, Some(&list.to_string()))?
        .into_iter()
        .next()
        .ok_or(FavoriteError::ListNotFound)?;
    let entries = entries_of(conn, &Scope::Everything, &row.list.guid)?;
    let counts = HashMap::from([(row.list.guid.clone(), entries.len() as i64)]);
    Ok(SharedListEntries {
        shared: shared_list(row, &counts),
        entries,
    })
}
