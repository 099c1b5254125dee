//! Reading and saving the settings. The stored document holds the keys an admin saved; the
//! current settings are the defaults with those keys laid over them, so that a key added in a
//! later version, or never saved, keeps the file's value.

use crate::banners::{self, MAX_BANNERS};
use crate::error::ConfigurationError;
use crate::settings::{Banner, Defaults, GeneralSettings};
use audit::{Action, Subject};
use db::DbConnection;
use db::schema::{archives, general_settings};
use desen_core::{UserGuid, time};
use diesel::prelude::*;
use serde_json::{Map, Value};
use storage::Storage;

/// Page sizes the archive may be set to.
pub const PAGE_SIZES: std::ops::RangeInclusive<u32> = 10..=100;
/// The longest parameter name, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The longest company code and content image base.
pub const MAX_CODE_CHARS: usize = 50;
pub const MAX_URL_CHARS: usize = 300;
/// The longest banner title, in characters.
pub const MAX_TITLE_CHARS: usize = 100;

/// The keys an admin saved, as stored: a part of the product reads the one it needs and keeps
/// its own (the file's) value for a key never saved.
#[derive(Debug, Clone, Default)]
pub struct Saved(Map<String, Value>);

impl Saved {
    pub fn read(conn: &mut DbConnection) -> Result<Saved, ConfigurationError> {
        Ok(Saved(stored(conn)?))
    }

    /// The saved value of `key` (one of [`crate::keys`]), if saved and readable as `T`.
    pub fn get<T: serde::de::DeserializeOwned>(&self, key: &str) -> Option<T> {
        serde_json::from_value(self.0.get(key)?.clone()).ok()
    }
}

fn stored(conn: &mut DbConnection) -> Result<Map<String, Value>, ConfigurationError> {
    let document: Option<String> = general_settings::table
        .find(1)
        .select(general_settings::document)
        .first(conn)
        .optional()?;
    Ok(match document {
        Some(text) => match serde_json::from_str(&text)? {
            Value::Object(map) => map,
            _ => Map::new(),
        },
        None => Map::new(),
    })
}

/// The settings in force: the saved keys over the defaults. A saved key that no longer reads
/// (an older shape) is left out, with a warning, rather than failing every request.
pub fn current(
    conn: &mut DbConnection,
    defaults: &Defaults,
) -> Result<GeneralSettings, ConfigurationError> {
    let Value::Object(mut merged) = serde_json::to_value(&defaults.0)? else {
        return Ok(defaults.0.clone());
    };
    for (key, value) in stored(conn)? {
        let mut trial = merged.clone();
        trial.insert(key.clone(), value);
        if serde_json::from_value::<GeneralSettings>(Value::Object(trial.clone())).is_ok() {
            merged = trial;
        } else {
            tracing::warn!(
                key,
                "a saved general setting does not read; the default applies"
            );
        }
    }
    Ok(serde_json::from_value(Value::Object(merged))?)
}

/// Checks and saves every setting; answers the settings in force. The audit log names the keys
/// that changed.
pub fn save(
    conn: &mut DbConnection,
    storage: &Storage,
    actor: &UserGuid,
    defaults: &Defaults,
    mut settings: GeneralSettings,
) -> Result<GeneralSettings, ConfigurationError> {
    check(conn, &mut settings)?;
    check_banners(storage, &mut settings.client.banners)?;
    let (saved, before) = conn.transaction(|conn| -> Result<_, ConfigurationError> {
        let old = current(conn, defaults)?;
        let before = serde_json::to_value(&old)?;
        let document = serde_json::to_value(&settings)?;
        let changed: Vec<String> = match (&before, &document) {
            (Value::Object(old), Value::Object(new)) => new
                .iter()
                .filter(|(k, v)| old.get(*k) != Some(*v))
                .map(|(k, _)| k.clone())
                .collect(),
            _ => Vec::new(),
        };
        let row = (
            general_settings::id.eq(1),
            general_settings::document.eq(document.to_string()),
            general_settings::updated_at.eq(time::now()),
            general_settings::updated_by.eq(Some(actor.to_string())),
        );
        let updated = diesel::update(general_settings::table.find(1))
            .set(row.clone())
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(general_settings::table)
                .values(row)
                .execute(conn)?;
        }
        if !changed.is_empty() {
            audit::record(
                conn,
                actor,
                Action::SettingsChanged,
                Subject::setting("general"),
                &changed.join(", "),
            )?;
        }
        Ok((current(conn, defaults)?, old))
    })?;
    // Removed banners' images go once the save is in, and uploads left unsaved for a day.
    let kept: Vec<&str> = saved.client.banners.iter().map(|b| b.id.as_str()).collect();
    let removed: Vec<&str> = before
        .client
        .banners
        .iter()
        .map(|b| b.id.as_str())
        .filter(|id| !kept.contains(id))
        .collect();
    banners::forget(storage, &removed);
    banners::sweep(storage, &kept, banners::UNSAVED_KEPT);
    Ok(saved)
}

/// At most [`MAX_BANNERS`], each an uploaded image once, leading to an app path or a web
/// address (or nowhere), with short titles.
fn check_banners(storage: &Storage, banners: &mut [Banner]) -> Result<(), ConfigurationError> {
    let refused = Err(ConfigurationError::InvalidForm("banners"));
    if banners.len() > MAX_BANNERS {
        return refused;
    }
    let ids: Vec<&str> = banners.iter().map(|b| b.id.as_str()).collect();
    if (1..ids.len()).any(|i| ids[..i].contains(&ids[i])) {
        return refused;
    }
    for id in ids {
        if !banners::exists(storage, id)? {
            return refused;
        }
    }
    for banner in banners.iter_mut() {
        banner.link = banner.link.trim().to_owned();
        let link = &banner.link;
        // `//host` and `/\host` lead browsers to another site: an app path has one slash.
        let app_path = link.starts_with('/') && !link.starts_with("//") && !link.starts_with("/\\");
        let web = url::Url::parse(link)
            .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
        let typed = !link.chars().any(|c| c.is_whitespace() || c.is_control());
        if link.chars().count() > MAX_URL_CHARS || !typed || !(link.is_empty() || app_path || web) {
            return refused;
        }
        for text in [
            &mut banner.title.tr,
            &mut banner.title.en,
            &mut banner.title.ru,
        ] {
            *text = text.trim().to_owned();
            if text.chars().count() > MAX_TITLE_CHARS {
                return refused;
            }
        }
    }
    Ok(())
}

/// Trims what is typed and refuses what would break a screen, naming the field.
/// A server address the web app sends requests to instead of this one: empty, or an http(s)
/// address (kept without its trailing slash).
fn check_base(base: &mut String, field: &'static str) -> Result<(), ConfigurationError> {
    *base = base.trim().trim_end_matches('/').to_owned();
    if !base.is_empty()
        && (base.len() > MAX_URL_CHARS
            || !url::Url::parse(base)
                .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some()))
    {
        return Err(ConfigurationError::InvalidForm(field));
    }
    Ok(())
}

fn check(conn: &mut DbConnection, s: &mut GeneralSettings) -> Result<(), ConfigurationError> {
    let c = &mut s.client;
    if c.default_order > 2 {
        return Err(ConfigurationError::InvalidForm("defaultOrder"));
    }
    if !PAGE_SIZES.contains(&c.page_size) {
        return Err(ConfigurationError::InvalidForm("pageSize"));
    }
    if c.default_archive_id != desen_core::ALL_ARCHIVES {
        let exists: bool = diesel::select(diesel::dsl::exists(
            archives::table.find(c.default_archive_id),
        ))
        .get_result(conn)?;
        if !exists {
            return Err(ConfigurationError::ArchiveNotFound);
        }
    }
    check_base(&mut c.content_image_base, "contentImageBase")?;
    check_base(&mut c.upload_base, "uploadBase")?;
    if c.parameter_names.len() != 10 {
        return Err(ConfigurationError::InvalidForm("parameterNames"));
    }
    for name in &mut c.parameter_names {
        for text in [&mut name.tr, &mut name.en, &mut name.ru] {
            *text = text.trim().to_owned();
            if text.is_empty() || text.chars().count() > MAX_NAME_CHARS {
                return Err(ConfigurationError::InvalidForm("parameterNames"));
            }
        }
    }
    s.studio_mail = s.studio_mail.trim().to_lowercase();
    if !s.studio_mail.is_empty() && accounts::credentials::Email::parse(&s.studio_mail).is_err() {
        return Err(ConfigurationError::InvalidForm("studioMail"));
    }
    let mut codes: Vec<String> = Vec::new();
    for code in &s.cad_company_codes {
        let code = code.trim();
        if code.is_empty() || code.chars().count() > MAX_CODE_CHARS {
            return Err(ConfigurationError::InvalidForm("cadCompanyCodes"));
        }
        if !codes.iter().any(|c| c == code) {
            codes.push(code.to_owned());
        }
    }
    s.cad_company_codes = codes;
    let formats = &s.cad_formats;
    if formats.is_empty()
        || formats.iter().any(|f| !(1..=3).contains(f))
        || (1..formats.len()).any(|i| formats[..i].contains(&formats[i]))
    {
        return Err(ConfigurationError::InvalidForm("cadFormats"));
    }
    Ok(())
}
