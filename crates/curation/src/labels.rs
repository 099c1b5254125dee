//! Label management: create, rename in three languages, group, merge, delete, with usage counts.

use crate::dto::{LabelDeleted, LabelForm, LabelNames, ManagedLabel, MergeAnswer};
use crate::error::CurationError;
use crate::repo;
use audit::{Action, Subject};
use catalog::model::{Label, Named, NewLabel};
use db::DbConnection;
use desen_core::{Language, UserGuid, time};
use std::collections::HashMap;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// Every label with its usage: each group header followed by its members, then the labels in
/// no group, each part by name in the admin's language.
pub fn all(
    conn: &mut DbConnection,
    language: Language,
) -> Result<Vec<ManagedLabel>, CurationError> {
    let labels = catalog::repo::all_labels(conn)?;
    let designs: HashMap<i32, i64> = repo::design_counts(conn)?.into_iter().collect();
    let wears: HashMap<i32, i64> = repo::wear_counts(conn)?.into_iter().collect();
    let shown = |l: &Label| managed(l, language, &designs, &wears);
    let by_name = |a: &&Label, b: &&Label| {
        a.name_in(language)
            .to_lowercase()
            .cmp(&b.name_in(language).to_lowercase())
            .then(a.id.cmp(&b.id))
    };
    let mut headers: Vec<&Label> = labels.iter().filter(|l| l.is_group_header).collect();
    headers.sort_by(by_name);
    let mut answer = Vec::with_capacity(labels.len());
    for header in headers {
        answer.push(shown(header));
        let mut members: Vec<&Label> = labels
            .iter()
            .filter(|l| !l.is_group_header && l.group_id == Some(header.id))
            .collect();
        members.sort_by(by_name);
        answer.extend(members.into_iter().map(shown));
    }
    let mut loose: Vec<&Label> = labels
        .iter()
        .filter(|l| !l.is_group_header && !answer.iter().any(|a| a.id == l.id))
        .collect();
    loose.sort_by(by_name);
    answer.extend(loose.into_iter().map(shown));
    Ok(answer)
}

fn managed(
    label: &Label,
    language: Language,
    designs: &HashMap<i32, i64>,
    wears: &HashMap<i32, i64>,
) -> ManagedLabel {
    ManagedLabel {
        id: label.id,
        names: LabelNames {
            tr: label.name_tr.clone(),
            en: label.name_en.clone(),
            ru: label.name_ru.clone(),
        },
        label: label.name_in(language).to_owned(),
        group_id: label.group_id,
        is_group_header: label.is_group_header,
        label_count: designs.get(&label.id).copied().unwrap_or(0),
        wear_count: wears.get(&label.id).copied().unwrap_or(0),
    }
}

fn one(
    conn: &mut DbConnection,
    id: i32,
    language: Language,
) -> Result<ManagedLabel, CurationError> {
    all(conn, language)?
        .into_iter()
        .find(|l| l.id == id)
        .ok_or(CurationError::LabelNotFound)
}

/// The form's names trimmed, each filled, short enough and not another label's name in its
/// language (ignoring case); the group a header (or none), never for a header.
fn checked(
    conn: &mut DbConnection,
    form: &LabelForm,
    id: Option<i32>,
) -> Result<[String; 3], CurationError> {
    let names = [
        (form.names.tr.trim(), "names.tr"),
        (form.names.en.trim(), "names.en"),
        (form.names.ru.trim(), "names.ru"),
    ];
    for (name, field) in names {
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(CurationError::InvalidForm(field));
        }
    }
    let others: Vec<Label> = catalog::repo::all_labels(conn)?
        .into_iter()
        .filter(|l| Some(l.id) != id)
        .collect();
    for (i, (name, field)) in names.iter().enumerate() {
        let name = name.to_lowercase();
        if others
            .iter()
            .any(|l| l.names()[i].trim().to_lowercase() == name)
        {
            return Err(CurationError::DuplicateName(field));
        }
    }
    if let Some(group) = form.group_id {
        let header = others.iter().find(|l| l.id == group);
        if form.is_group_header || !header.is_some_and(|h| h.is_group_header) {
            return Err(CurationError::GroupInvalid);
        }
    }
    Ok(names.map(|(name, _)| name.to_owned()))
}

pub fn create(
    conn: &mut DbConnection,
    actor: &UserGuid,
    form: &LabelForm,
    language: Language,
) -> Result<ManagedLabel, CurationError> {
    conn.transaction(|conn| {
        let [tr, en, ru] = checked(conn, form, None)?;
        let id = catalog::repo::insert_label(
            conn,
            &NewLabel {
                group_id: form.group_id,
                is_group_header: form.is_group_header,
                name_tr: &tr,
                name_en: &en,
                name_ru: &ru,
                created_at: time::now(),
            },
        )?;
        let id_text = id.to_string();
        audit::record(
            conn,
            actor,
            Action::LabelSaved,
            Subject::label(&id_text, &en),
            "created",
        )?;
        one(conn, id, language)
    })
}

/// Renames and regroups a label. A header that stops being one lets its members go.
pub fn update(
    conn: &mut DbConnection,
    actor: &UserGuid,
    id: i32,
    form: &LabelForm,
    language: Language,
) -> Result<ManagedLabel, CurationError> {
    conn.transaction(|conn| {
        let mut label = repo::label(conn, id)?.ok_or(CurationError::LabelNotFound)?;
        let [tr, en, ru] = checked(conn, form, Some(id))?;
        if label.is_group_header && !form.is_group_header {
            repo::ungroup_members(conn, id)?;
        }
        let details = format!("{} / {} / {}", label.name_tr, label.name_en, label.name_ru);
        (label.name_tr, label.name_en, label.name_ru) = (tr, en, ru);
        label.group_id = form.group_id;
        label.is_group_header = form.is_group_header;
        repo::update_label(conn, &label)?;
        let id_text = id.to_string();
        audit::record(
            conn,
            actor,
            Action::LabelSaved,
            Subject::label(&id_text, &label.name_en),
            &format!("was {details}"),
        )?;
        one(conn, id, language)
    })
}

/// Merges `id` into `into`: every design, wear model, pool search and smart group carrying `id`
/// carries `into` instead, and `id` is gone. Group headers are not merged (they label nothing).
pub fn merge(
    conn: &mut DbConnection,
    actor: &UserGuid,
    id: i32,
    into: i32,
    language: Language,
) -> Result<MergeAnswer, CurationError> {
    if id == into {
        return Err(CurationError::MergeIntoItself);
    }
    conn.transaction(|conn| {
        let from = repo::label(conn, id)?.ok_or(CurationError::LabelNotFound)?;
        let kept = repo::label(conn, into)?.ok_or(CurationError::LabelNotFound)?;
        if from.is_group_header || kept.is_group_header {
            return Err(CurationError::GroupInvalid);
        }
        let moved = repo::move_label(conn, id, into)?;
        pools::service::relabel(conn, Some((id, into)))?;
        collections::service::relabel(conn, Some((id, into)))?;
        usage::merge_label(conn, id, into)?;
        repo::delete_label(conn, id)?;
        let into_text = into.to_string();
        audit::record(
            conn,
            actor,
            Action::LabelsMerged,
            Subject::label(&into_text, &kept.name_en),
            &format!("{} merged in, {moved} designs", from.name_en),
        )?;
        Ok(MergeAnswer {
            label: one(conn, into, language)?,
            moved: moved as i64,
        })
    })
}

/// Deletes a label. One that a pool or smart group searches by is refused: without it they
/// would admit other designs. A header's members leave the group.
pub fn delete(
    conn: &mut DbConnection,
    actor: &UserGuid,
    id: i32,
) -> Result<LabelDeleted, CurationError> {
    conn.transaction(|conn| {
        let label = repo::label(conn, id)?.ok_or(CurationError::LabelNotFound)?;
        let mut users = pools::service::pools_naming_label(conn, id)?;
        users.extend(collections::service::groups_naming_label(conn, id)?);
        if !users.is_empty() {
            return Err(CurationError::LabelInUse(users.join(", ")));
        }
        let design_count = repo::designs_with(conn, id)?;
        repo::ungroup_members(conn, id)?;
        usage::forget_label(conn, id)?;
        repo::delete_label(conn, id)?;
        if design_count > 0 {
            // Designs left without labels may now be admitted as unlabelled.
            pools::service::relabel(conn, None)?;
            collections::service::relabel(conn, None)?;
        }
        let id_text = id.to_string();
        audit::record(
            conn,
            actor,
            Action::LabelDeleted,
            Subject::label(&id_text, &label.name_en),
            &format!("{design_count} designs"),
        )?;
        Ok(LabelDeleted {
            deleted: true,
            design_count,
        })
    })
}
