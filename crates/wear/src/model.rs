use chrono::NaiveDateTime;
use db::schema::wear_models;
use desen_core::Language;
use diesel::prelude::*;

/// A wear model as stored. Its images are under `image_key` (see `files.rs`).
#[derive(Debug, Clone, Queryable, Selectable, Insertable, AsChangeset, Identifiable)]
#[diesel(table_name = wear_models, primary_key(guid), check_for_backend(diesel::sqlite::Sqlite, diesel::pg::Pg))]
pub struct WearModel {
    pub guid: String,
    pub name_tr: String,
    pub name_en: String,
    pub name_ru: String,
    pub wear_order: i32,
    pub is_enabled: bool,
    /// The garment image's real width: the print is drawn at true scale from it.
    pub width_cm: f64,
    pub image_key: String,
    pub width_px: i32,
    pub height_px: i32,
    pub has_displacement: bool,
    pub created_at: NaiveDateTime,
    pub edited_at: NaiveDateTime,
}

impl WearModel {
    pub fn name_in(&self, language: Language) -> &str {
        match language {
            Language::Tr => &self.name_tr,
            Language::En => &self.name_en,
            Language::Ru => &self.name_ru,
        }
    }

    /// The version part of the model's image URLs: its key's last segment (new images, new key).
    pub fn version(&self) -> &str {
        self.image_key.rsplit('/').next().unwrap_or(&self.image_key)
    }
}
