//! Special lists of the archive search: the seeded rule lists (pinned, ordered, never ordered)
//! and lists of chosen designs that admins make.

use crate::dto::{ListedDesign, Names, SpecialListAnswer, SpecialListOption, SpecialListSave};
use crate::error::CollectionError;
use crate::model::SpecialList;
use crate::repo;
use crate::service::MAX_NAME_CHARS;
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::{Language, UserGuid};

pub const MAX_LIST_DESIGNS: usize = 5_000;

/// Which designs a special list admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialListRule {
    /// The designs chosen for list `id`.
    Chosen(i32),
    Pinned,
    Ordered,
    NeverOrdered,
}

/// The rule of list `id`, for the archive search.
pub fn rule_of(conn: &mut DbConnection, id: i32) -> Result<SpecialListRule, CollectionError> {
    let list = repo::special_list(conn, id)?.ok_or(CollectionError::SpecialListNotFound)?;
    Ok(match list.rule.as_str() {
        "pinned" => SpecialListRule::Pinned,
        "ordered" => SpecialListRule::Ordered,
        "never_ordered" => SpecialListRule::NeverOrdered,
        _ => SpecialListRule::Chosen(list.id),
    })
}

fn name_in(list: &SpecialList, language: Language) -> String {
    match language {
        Language::Tr => list.name_tr.clone(),
        Language::En => list.name_en.clone(),
        Language::Ru => list.name_ru.clone(),
    }
}

/// The lists as the archive's filter offers them, named in `language`.
pub fn options(
    conn: &mut DbConnection,
    language: Language,
) -> Result<Vec<SpecialListOption>, CollectionError> {
    Ok(repo::special_lists(conn)?
        .iter()
        .map(|list| SpecialListOption {
            id: list.id,
            name: name_in(list, language),
        })
        .collect())
}

/// Every list with its names and chosen designs (admin).
pub fn all(conn: &mut DbConnection) -> Result<Vec<SpecialListAnswer>, CollectionError> {
    let designs = repo::special_list_designs(conn)?;
    Ok(repo::special_lists(conn)?
        .into_iter()
        .map(|list| {
            let chosen: Vec<ListedDesign> = designs
                .iter()
                .filter(|(id, _, _)| *id == list.id)
                .map(|(_, guid, number)| ListedDesign {
                    design_guid: guid.clone(),
                    design_name: number.clone(),
                })
                .collect();
            SpecialListAnswer {
                id: list.id,
                names: Names {
                    tr: list.name_tr,
                    en: list.name_en,
                    ru: list.name_ru,
                },
                rule: list.rule,
                design_count: chosen.len() as i64,
                designs: chosen,
            }
        })
        .collect())
}

fn one(conn: &mut DbConnection, id: i32) -> Result<SpecialListAnswer, CollectionError> {
    all(conn)?
        .into_iter()
        .find(|l| l.id == id)
        .ok_or(CollectionError::SpecialListNotFound)
}

fn checked_names(names: &Names) -> Result<[String; 3], CollectionError> {
    let check = |text: &str, field: &'static str| {
        let text = text.trim();
        if text.is_empty() {
            return Err(CollectionError::FormIncomplete(field));
        }
        if text.chars().count() > MAX_NAME_CHARS || text.chars().any(char::is_control) {
            return Err(CollectionError::InvalidForm(field));
        }
        Ok(text.to_owned())
    };
    Ok([
        check(&names.tr, "names.tr")?,
        check(&names.en, "names.en")?,
        check(&names.ru, "names.ru")?,
    ])
}

fn audit_list(
    conn: &mut DbConnection,
    actor: &UserGuid,
    action: Action,
    id: i32,
    name: &str,
    details: &str,
) -> Result<(), CollectionError> {
    let id = id.to_string();
    audit::record(
        conn,
        actor,
        action,
        Subject::special_list(&id, name),
        details,
    )?;
    Ok(())
}

/// Creates a list of chosen designs (`save.id` none) or renames a list.
pub fn save(
    conn: &mut DbConnection,
    actor: &UserGuid,
    save: SpecialListSave,
) -> Result<SpecialListAnswer, CollectionError> {
    let [tr, en, ru] = checked_names(&save.names)?;
    let names = [tr.as_str(), en.as_str(), ru.as_str()];
    let id = conn.transaction(|conn| {
        let id = match save.id {
            None => repo::insert_special_list(conn, names, desen_core::time::now())?,
            Some(id) => {
                if repo::rename_special_list(conn, id, names)? == 0 {
                    return Err(CollectionError::SpecialListNotFound);
                }
                id
            }
        };
        let details = if save.id.is_none() {
            "created"
        } else {
            "renamed"
        };
        audit_list(conn, actor, Action::SpecialListSaved, id, &en, details)?;
        Ok(id)
    })?;
    one(conn, id)
}

/// Sets the designs of a list of chosen designs, in order.
pub fn set_designs(
    conn: &mut DbConnection,
    actor: &UserGuid,
    id: i32,
    guids: Vec<String>,
) -> Result<SpecialListAnswer, CollectionError> {
    let mut designs: Vec<String> = Vec::new();
    for guid in guids {
        if !designs.contains(&guid) {
            designs.push(guid);
        }
    }
    if designs.len() > MAX_LIST_DESIGNS {
        return Err(CollectionError::InvalidForm("designGuids"));
    }
    conn.transaction(|conn| {
        let list = repo::special_list(conn, id)?.ok_or(CollectionError::SpecialListNotFound)?;
        if list.rule != "designs" {
            return Err(CollectionError::SpecialListRule);
        }
        if repo::existing_designs(conn, &designs)?.len() != designs.len() {
            return Err(CollectionError::DesignNotFound);
        }
        repo::replace_special_list_designs(conn, id, &designs)?;
        let details = format!("{} designs", designs.len());
        audit_list(
            conn,
            actor,
            Action::SpecialListSaved,
            id,
            &list.name_en,
            &details,
        )?;
        Ok(())
    })?;
    one(conn, id)
}

pub fn delete(conn: &mut DbConnection, actor: &UserGuid, id: i32) -> Result<(), CollectionError> {
    conn.transaction(|conn| {
        let list = repo::special_list(conn, id)?.ok_or(CollectionError::SpecialListNotFound)?;
        repo::delete_special_list(conn, id)?;
        audit_list(
            conn,
            actor,
            Action::SpecialListDeleted,
            id,
            &list.name_en,
            "",
        )
    })
}
