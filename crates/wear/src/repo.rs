//! Queries over the wear models' tables.

use crate::model::WearModel;
use db::DbConnection;
use db::schema::{labels, wear_model_labels, wear_models};
use diesel::prelude::*;
use diesel::result::Error;
use std::collections::HashMap;

/// Every model, in the picker's order.
pub fn all(conn: &mut DbConnection) -> Result<Vec<WearModel>, Error> {
    wear_models::table
        .order((
            wear_models::wear_order,
            wear_models::name_en,
            wear_models::guid,
        ))
        .select(WearModel::as_select())
        .load(conn)
}

pub fn find(conn: &mut DbConnection, guid: &str) -> Result<Option<WearModel>, Error> {
    wear_models::table
        .find(guid)
        .select(WearModel::as_select())
        .first(conn)
        .optional()
}

pub fn insert(conn: &mut DbConnection, model: &WearModel) -> Result<(), Error> {
    diesel::insert_into(wear_models::table)
        .values(model)
        .execute(conn)
        .map(|_| ())
}

pub fn save(conn: &mut DbConnection, model: &WearModel) -> Result<(), Error> {
    diesel::update(wear_models::table.find(&model.guid))
        .set(model)
        .execute(conn)
        .map(|_| ())
}

pub fn set_enabled(conn: &mut DbConnection, guid: &str, enabled: bool) -> Result<usize, Error> {
    diesel::update(wear_models::table.find(guid))
        .set(wear_models::is_enabled.eq(enabled))
        .execute(conn)
}

pub fn delete(conn: &mut DbConnection, guid: &str) -> Result<usize, Error> {
    diesel::delete(wear_models::table.find(guid)).execute(conn)
}

/// The label ids of each model, in id order.
pub fn labels_of(conn: &mut DbConnection) -> Result<HashMap<String, Vec<i32>>, Error> {
    let rows: Vec<(String, i32)> = wear_model_labels::table
        .order((wear_model_labels::wear_guid, wear_model_labels::label_id))
        .select((wear_model_labels::wear_guid, wear_model_labels::label_id))
        .load(conn)?;
    let mut by_model: HashMap<String, Vec<i32>> = HashMap::new();
    for (guid, label) in rows {
        by_model.entry(guid).or_default().push(label);
    }
    Ok(by_model)
}

pub fn set_labels(conn: &mut DbConnection, guid: &str, ids: &[i32]) -> Result<(), Error> {
    diesel::delete(wear_model_labels::table.filter(wear_model_labels::wear_guid.eq(guid)))
        .execute(conn)?;
    for id in ids {
        diesel::insert_into(wear_model_labels::table)
            .values((
                wear_model_labels::wear_guid.eq(guid),
                wear_model_labels::label_id.eq(id),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// How many of `ids` are labels.
pub fn count_labels(conn: &mut DbConnection, ids: &[i32]) -> Result<i64, Error> {
    labels::table
        .filter(labels::id.eq_any(ids))
        .count()
        .get_result(conn)
}

/// The names of labels by id, in each language (tr, en, ru).
pub fn label_names(conn: &mut DbConnection) -> Result<HashMap<i32, [String; 3]>, Error> {
    let rows: Vec<(i32, String, String, String)> = labels::table
        .select((
            labels::id,
            labels::name_tr,
            labels::name_en,
            labels::name_ru,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, tr, en, ru)| (id, [tr, en, ru]))
        .collect())
}
