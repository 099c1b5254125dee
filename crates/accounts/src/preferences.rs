//! A user's client settings (spec section 3 "Client settings"), kept on the server so that they
//! follow the user to another browser. The web app keeps a copy in localStorage.

use crate::error::AccountError;
use chrono::Utc;
use db::DbConnection;
use db::schema::user_client_settings;
use desen_core::UserGuid;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest text setting (a list id, a wear model's name), in characters.
pub const MAX_TEXT_CHARS: usize = 100;

/// The settings a user set; a field left out keeps the web app's default.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ClientSettings {
    /// Label search: every chosen label (true) or any of them (false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combine_label_search: Option<bool>,
    /// The favorite list chosen last in the add-to-list modal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_collection: Option<String>,
    /// Add to the chosen list in one click.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_remember_favorite_selection: Option<bool>,
    /// Archive results appended while scrolling (true) or paged (false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub infinity_scroll: Option<bool>,
    /// The wear model chosen last on the design page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_wear_label: Option<String>,
}

impl ClientSettings {
    /// The settings as the rules allow them: text settings of at most 100 characters.
    pub fn parse(self) -> Result<ClientSettings, AccountError> {
        for (field, value) in [
            ("selectedCollection", &self.selected_collection),
            ("selectedWearLabel", &self.selected_wear_label),
        ] {
            if value
                .as_deref()
                .is_some_and(|v| v.chars().count() > MAX_TEXT_CHARS)
            {
                return Err(AccountError::InvalidForm(field));
            }
        }
        Ok(self)
    }
}

/// The user's settings; none set yet answers the defaults (every field left out).
pub fn client_settings(
    conn: &mut DbConnection,
    user: &UserGuid,
) -> Result<ClientSettings, AccountError> {
    let stored: Option<String> = user_client_settings::table
        .find(user.to_string())
        .select(user_client_settings::settings)
        .first(conn)
        .optional()?;
    Ok(stored
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default())
}

/// Replaces the user's settings.
pub fn save_client_settings(
    conn: &mut DbConnection,
    user: &UserGuid,
    settings: &ClientSettings,
) -> Result<ClientSettings, AccountError> {
    let text = serde_json::to_string(settings)
        .map_err(|e| AccountError::Internal(format!("client settings: {e}")))?;
    let now = Utc::now().naive_utc();
    let changed = diesel::update(user_client_settings::table.find(user.to_string()))
        .set((
            user_client_settings::settings.eq(&text),
            user_client_settings::updated_at.eq(now),
        ))
        .execute(conn)?;
    if changed == 0 {
        diesel::insert_into(user_client_settings::table)
            .values((
                user_client_settings::user_guid.eq(user.to_string()),
                user_client_settings::settings.eq(&text),
                user_client_settings::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(settings.clone())
}
