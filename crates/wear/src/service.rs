//! The rules of wear models. Admins create, edit, order, label, enable and delete them; the
//! design page shows the enabled ones, and a pooled customer only those their pool attaches.
//! Uploaded images are decoded and re-encoded (`imaging::wear::prepare_wear`); the store's files
//! are written before the row and forgotten when the row does not land.

use crate::dto::{WearLabel, WearModelAnswer, WearNames};
use crate::error::WearError;
use crate::files;
use crate::model::WearModel;
use crate::repo;
use audit::{Action, Subject};
use db::DbConnection;
use desen_core::{Language, UserGuid, Viewer};
use imaging::wear::prepare_wear;
use pools::Scope;
use storage::Storage;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 80;
/// A garment's real width, in cm: from a doll's dress to a bedspread.
pub const WIDTH_CM_RANGE: std::ops::RangeInclusive<f64> = 5.0..=500.0;

/// What an admin's create or edit sets; `None` leaves a field as it is (an edit).
#[derive(Debug, Default)]
pub struct WearForm {
    pub name_tr: Option<String>,
    pub name_en: Option<String>,
    pub name_ru: Option<String>,
    pub wear_order: Option<i32>,
    pub width_cm: Option<f64>,
    pub label_ids: Option<Vec<i32>>,
    pub is_enabled: Option<bool>,
    pub upload: WearUpload,
}

/// Uploaded images, as received. The garment and its mask come together; shading and
/// displacement are optional (the shading is then read from the garment photo).
#[derive(Debug, Default)]
pub struct WearUpload {
    pub garment: Option<Vec<u8>>,
    pub mask: Option<Vec<u8>>,
    pub shading: Option<Vec<u8>>,
    pub displacement: Option<Vec<u8>>,
}

impl WearUpload {
    fn is_empty(&self) -> bool {
        self.garment.is_none()
            && self.mask.is_none()
            && self.shading.is_none()
            && self.displacement.is_none()
    }
}

fn thumbnail_url(model: &WearModel) -> String {
    format!(
        "/service/wear/thumbnail/{}?v={}",
        model.guid,
        model.version()
    )
}

/// Models answered in `language`; `admin` adds their names and image facts.
fn answers(
    conn: &mut DbConnection,
    models: Vec<WearModel>,
    language: Language,
    admin: bool,
) -> Result<Vec<WearModelAnswer>, WearError> {
    let mut labels = repo::labels_of(conn)?;
    let names = repo::label_names(conn)?;
    let index = match language {
        Language::Tr => 0,
        Language::En => 1,
        Language::Ru => 2,
    };
    Ok(models
        .into_iter()
        .map(|model| {
            let label_ids = labels.remove(&model.guid).unwrap_or_default();
            WearModelAnswer {
                labels: label_ids
                    .iter()
                    .filter_map(|id| {
                        names.get(id).map(|n| WearLabel {
                            id: *id,
                            label: n[index].clone(),
                        })
                    })
                    .collect(),
                label_ids,
                wear_name: model.name_in(language).to_owned(),
                wear_order: model.wear_order,
                is_enabled: model.is_enabled,
                width_cm: model.width_cm,
                height_cm: (model.width_cm * f64::from(model.height_px)
                    / f64::from(model.width_px.max(1))
                    * 100.0)
                    .round()
                    / 100.0,
                thumbnail: thumbnail_url(&model),
                names: admin.then(|| WearNames {
                    tr: model.name_tr.clone(),
                    en: model.name_en.clone(),
                    ru: model.name_ru.clone(),
                }),
                width_px: admin.then_some(model.width_px),
                height_px: admin.then_some(model.height_px),
                has_displacement: admin.then_some(model.has_displacement),
                guid: model.guid,
            }
        })
        .collect())
}

/// Every model, for the admin screen.
pub fn all_models(
    conn: &mut DbConnection,
    language: Language,
) -> Result<Vec<WearModelAnswer>, WearError> {
    let models = repo::all(conn)?;
    answers(conn, models, language, true)
}

/// Whether the viewer may use `model` on the design page: staff any (admins check a disabled
/// model before enabling it), customers an enabled one, pooled customers only if their pool
/// attaches it.
fn may_use(conn: &mut DbConnection, scope: &Scope, model: &WearModel) -> Result<bool, WearError> {
    Ok(match scope {
        Scope::Everything => true,
        Scope::Pool { pool, .. } => {
            model.is_enabled && pools::service::wear_models_of(conn, pool)?.contains(&model.guid)
        }
        _ => model.is_enabled,
    })
}

/// The models the design page offers the viewer: enabled ones (of their pool, when pooled).
pub fn models_for(
    conn: &mut DbConnection,
    viewer: &Viewer,
    language: Language,
) -> Result<Vec<WearModelAnswer>, WearError> {
    let scope = pools::scope_of(conn, viewer)?;
    let attached = match &scope {
        Scope::Pool { pool, .. } => Some(pools::service::wear_models_of(conn, pool)?),
        _ => None,
    };
    let models: Vec<WearModel> = repo::all(conn)?
        .into_iter()
        .filter(|m| m.is_enabled)
        .filter(|m| attached.as_ref().is_none_or(|a| a.contains(&m.guid)))
        .collect();
    answers(conn, models, language, false)
}

/// A model the viewer may use, or "not found" (the same for one that does not exist).
pub fn usable_model(
    conn: &mut DbConnection,
    viewer: &Viewer,
    guid: &str,
) -> Result<WearModel, WearError> {
    let model = repo::find(conn, guid)?.ok_or(WearError::NotFound)?;
    let scope = pools::scope_of(conn, viewer)?;
    if !may_use(conn, &scope, &model)? {
        return Err(WearError::NotFound);
    }
    Ok(model)
}

fn checked_name(text: Option<String>, field: &'static str) -> Result<Option<String>, WearError> {
    match text.map(|t| t.trim().to_owned()) {
        Some(t) if t.is_empty() || t.chars().count() > MAX_NAME_CHARS => {
            Err(WearError::InvalidForm(field))
        }
        other => Ok(other),
    }
}

/// Applies the form's fields to `model`, checked.
fn apply(
    conn: &mut DbConnection,
    model: &mut WearModel,
    form: &mut WearForm,
) -> Result<(), WearError> {
    if let Some(name) = checked_name(form.name_tr.take(), "nameTr")? {
        model.name_tr = name;
    }
    if let Some(name) = checked_name(form.name_en.take(), "nameEn")? {
        model.name_en = name;
    }
    if let Some(name) = checked_name(form.name_ru.take(), "nameRu")? {
        model.name_ru = name;
    }
    if let Some(width) = form.width_cm {
        if !width.is_finite() || !WIDTH_CM_RANGE.contains(&width) {
            return Err(WearError::InvalidForm("widthCm"));
        }
        model.width_cm = (width * 100.0).round() / 100.0;
    }
    if let Some(order) = form.wear_order {
        if !(0..=100_000).contains(&order) {
            return Err(WearError::InvalidForm("wearOrder"));
        }
        model.wear_order = order;
    }
    if let Some(enabled) = form.is_enabled {
        model.is_enabled = enabled;
    }
    if let Some(ids) = &mut form.label_ids {
        ids.sort_unstable();
        ids.dedup();
        if repo::count_labels(conn, ids)? != ids.len() as i64 {
            return Err(WearError::InvalidForm("labelIds"));
        }
    }
    // Two models of one name (in any language) would be one choice twice in the picker.
    let taken = repo::all(conn)?.into_iter().any(|other| {
        other.guid != model.guid
            && [
                (&other.name_tr, &model.name_tr),
                (&other.name_en, &model.name_en),
                (&other.name_ru, &model.name_ru),
            ]
            .iter()
            .any(|(a, b)| a.to_lowercase() == b.to_lowercase())
    });
    if taken {
        return Err(WearError::NameTaken);
    }
    Ok(())
}

/// Decodes and stores an upload: `(key, width, height, displacement)`.
fn store_upload(
    storage: &Storage,
    upload: &WearUpload,
) -> Result<(String, i32, i32, bool), WearError> {
    let garment = upload
        .garment
        .as_deref()
        .ok_or(WearError::InvalidForm("garment"))?;
    let mask = upload
        .mask
        .as_deref()
        .ok_or(WearError::InvalidForm("mask"))?;
    let images = prepare_wear(
        garment,
        mask,
        upload.shading.as_deref(),
        upload.displacement.as_deref(),
    )
    .map_err(files::refusal)?;
    let (key, stored) = files::store(storage, &images)?;
    Ok((
        key,
        stored.width as i32,
        stored.height as i32,
        stored.displacement.is_some(),
    ))
}

/// Creates a model from a full form: three names, the real width, the garment and its mask.
pub fn create(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    mut form: WearForm,
    language: Language,
) -> Result<WearModelAnswer, WearError> {
    for (value, field) in [
        (&form.name_tr, "nameTr"),
        (&form.name_en, "nameEn"),
        (&form.name_ru, "nameRu"),
    ] {
        if value.as_deref().is_none_or(|v| v.trim().is_empty()) {
            return Err(WearError::InvalidForm(field));
        }
    }
    if form.width_cm.is_none() {
        return Err(WearError::InvalidForm("widthCm"));
    }
    let now = desen_core::time::now();
    let mut model = WearModel {
        guid: uuid::Uuid::new_v4().to_string(),
        name_tr: String::new(),
        name_en: String::new(),
        name_ru: String::new(),
        wear_order: repo::all(conn)?
            .iter()
            .map(|m| m.wear_order + 1)
            .max()
            .unwrap_or(0),
        is_enabled: true,
        width_cm: 0.0,
        image_key: String::new(),
        width_px: 0,
        height_px: 0,
        has_displacement: false,
        created_at: now,
        edited_at: now,
    };
    apply(conn, &mut model, &mut form)?;
    let (key, w, h, displacement) = store_upload(storage, &form.upload)?;
    (
        model.image_key,
        model.width_px,
        model.height_px,
        model.has_displacement,
    ) = (key, w, h, displacement);
    let labels = form.label_ids.unwrap_or_default();
    let saved = conn.transaction(|conn| -> Result<(), WearError> {
        repo::insert(conn, &model)?;
        repo::set_labels(conn, &model.guid, &labels)?;
        audit::record(
            conn,
            actor,
            Action::WearModelSaved,
            Subject::wear_model(&model.guid, &model.name_en),
            "created",
        )?;
        Ok(())
    });
    if let Err(e) = saved {
        files::forget(storage, &model.image_key);
        return Err(e);
    }
    answer_of(conn, model, language)
}

fn answer_of(
    conn: &mut DbConnection,
    model: WearModel,
    language: Language,
) -> Result<WearModelAnswer, WearError> {
    answers(conn, vec![model], language, true)?
        .pop()
        .ok_or(WearError::NotFound)
}

/// Edits a model: the fields given, and new images when the garment (with its mask) is sent.
pub fn edit(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    guid: &str,
    mut form: WearForm,
    language: Language,
) -> Result<WearModelAnswer, WearError> {
    let mut model = repo::find(conn, guid)?.ok_or(WearError::NotFound)?;
    apply(conn, &mut model, &mut form)?;
    let old_key = model.image_key.clone();
    let replaced = !form.upload.is_empty();
    if replaced {
        let (key, w, h, displacement) = store_upload(storage, &form.upload)?;
        (
            model.image_key,
            model.width_px,
            model.height_px,
            model.has_displacement,
        ) = (key, w, h, displacement);
    }
    model.edited_at = desen_core::time::now();
    let saved = conn.transaction(|conn| -> Result<(), WearError> {
        repo::save(conn, &model)?;
        if let Some(labels) = &form.label_ids {
            repo::set_labels(conn, &model.guid, labels)?;
        }
        audit::record(
            conn,
            actor,
            Action::WearModelSaved,
            Subject::wear_model(&model.guid, &model.name_en),
            if replaced {
                "edited, new images"
            } else {
                "edited"
            },
        )?;
        Ok(())
    });
    match saved {
        Ok(()) if replaced => files::forget(storage, &old_key),
        Ok(()) => {}
        Err(e) => {
            if replaced {
                files::forget(storage, &model.image_key);
            }
            return Err(e);
        }
    }
    answer_of(conn, model, language)
}

/// Shows or hides a model in the online archive.
pub fn set_state(
    conn: &mut DbConnection,
    actor: &UserGuid,
    guid: &str,
    enabled: bool,
) -> Result<(), WearError> {
    conn.transaction(|conn| {
        let model = repo::find(conn, guid)?.ok_or(WearError::NotFound)?;
        repo::set_enabled(conn, guid, enabled)?;
        audit::record(
            conn,
            actor,
            Action::WearModelStateChanged,
            Subject::wear_model(guid, &model.name_en),
            if enabled { "enabled" } else { "disabled" },
        )?;
        Ok(())
    })
}

/// Deletes a model, its files and its renders. Pools that attached it no longer offer it.
pub fn delete(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    guid: &str,
) -> Result<(), WearError> {
    let model = conn.transaction(|conn| -> Result<WearModel, WearError> {
        let model = repo::find(conn, guid)?.ok_or(WearError::NotFound)?;
        repo::delete(conn, guid)?;
        audit::record(
            conn,
            actor,
            Action::WearModelDeleted,
            Subject::wear_model(guid, &model.name_en),
            "",
        )?;
        Ok(model)
    })?;
    files::forget(storage, &model.image_key);
    Ok(())
}
