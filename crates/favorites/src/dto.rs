//! What the favorites routes take and answer, in the spec's field names.

use crate::error::FavoriteError;
use chrono::NaiveDateTime;
use desen_core::{ColorwayGuid, DesignGuid, FavoriteListGuid};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest list name, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// A list name as the rules allow it: trimmed, inner spaces folded to one, 1 to 100 characters,
/// letters (any script), digits and spaces only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListName(String);

impl ListName {
    pub fn parse(text: &str) -> Result<ListName, FavoriteError> {
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() {
            return Err(FavoriteError::NameRequired);
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(FavoriteError::NameTooLong);
        }
        // Punctuation and symbols alike: a list name is words and numbers.
        if !name.chars().all(|c| c.is_alphanumeric() || c == ' ') {
            return Err(FavoriteError::Punctuation);
        }
        Ok(ListName(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as uniqueness sees it: "Spring" and "SPRING" are one name.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// `PUT /favorites/create`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateForm {
    #[schema(required = true, value_type = String, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: Option<String>,
}

/// `POST /favorites/rename`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RenameForm {
    #[schema(required = true, value_type = String, min_length = 1)]
    pub listid: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 100, pattern = r"\S")]
    pub name: Option<String>,
}

/// `PUT /favorites/add` and `POST /favorites/remove`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryForm {
    #[schema(required = true, value_type = String, min_length = 1)]
    pub listid: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1)]
    pub design_guid: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1)]
    pub colorway_guid: Option<String>,
}

/// `POST /favorites/share`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareForm {
    #[schema(required = true, value_type = String, min_length = 1)]
    pub listid: Option<String>,
}

/// A colorway of a design, as a form names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryKey {
    pub design: DesignGuid,
    pub colorway: ColorwayGuid,
}

/// A list a form names. A malformed id names no list.
pub fn list_id(value: Option<String>) -> Result<FavoriteListGuid, FavoriteError> {
    let value = value.ok_or(FavoriteError::InvalidForm("listid"))?;
    value.parse().map_err(|_| FavoriteError::ListNotFound)
}

impl CreateForm {
    pub fn parse(self) -> Result<ListName, FavoriteError> {
        ListName::parse(self.name.as_deref().unwrap_or_default())
    }
}

impl RenameForm {
    pub fn parse(self) -> Result<(FavoriteListGuid, ListName), FavoriteError> {
        let name = ListName::parse(self.name.as_deref().unwrap_or_default())?;
        Ok((list_id(self.listid)?, name))
    }
}

impl EntryForm {
    pub fn parse(self) -> Result<(FavoriteListGuid, EntryKey), FavoriteError> {
        let design = self
            .design_guid
            .ok_or(FavoriteError::InvalidForm("designGuid"))?
            .parse()
            .map_err(|_| FavoriteError::DesignNotFound)?;
        let colorway = self
            .colorway_guid
            .ok_or(FavoriteError::InvalidForm("colorwayGuid"))?
            .parse()
            .map_err(|_| FavoriteError::ColorwayNotFound)?;
        Ok((list_id(self.listid)?, EntryKey { design, colorway }))
    }
}

impl ShareForm {
    pub fn parse(self) -> Result<FavoriteListGuid, FavoriteError> {
        list_id(self.listid)
    }
}

/// A list (spec section 3: id, name, entryCount, created). The count is of the entries the user
/// may see now.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ListAnswer {
    pub id: String,
    pub name: String,
    pub entry_count: i64,
    #[serde(with = "desen_core::time::rfc3339")]
    pub created: NaiveDateTime,
    /// When the list was last shared with the studio.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(with = "desen_core::time::rfc3339::option")]
    pub shared: Option<NaiveDateTime>,
    /// The newest colorways' portrait thumbnails, for the list's mosaic: only when asked for
    /// (`GET /favorites/lists?thumbnails=4`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub thumbnails: Vec<String>,
}

/// `GET /favorites/lists` query: how many thumbnails per list (0 to 4; none by default).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct ListsQuery {
    pub thumbnails: Option<u8>,
}

/// The most thumbnails a list's mosaic shows.
pub const MOSAIC_THUMBNAILS: u8 = 4;

/// `GET /favorites/colorways?ids=a,b`: the colorways a page shows, comma separated.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct HoldingQuery {
    pub ids: Option<String>,
}

/// The most colorways one `GET /favorites/colorways` asks about (a page of cards).
pub const MAX_HOLDING_IDS: usize = 200;

/// Which of the user's lists hold a colorway.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct HoldingAnswer {
    pub colorway_guid: String,
    pub list_ids: Vec<String>,
}

/// One colorway of a list (spec section 3: designGuid, colorwayGuid, listId).
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct EntryAnswer {
    pub design_guid: String,
    pub colorway_guid: String,
    pub list_id: String,
    /// The design's number and the colorway's name, to show without another request.
    pub design_name: String,
    pub colorway_name: String,
    /// The colorway's portrait card thumbnail (`d/v`), for a list's mosaic.
    pub thumbnail: String,
    #[serde(with = "desen_core::time::rfc3339")]
    pub added: NaiveDateTime,
}

/// A list with its entries, newest first.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ListEntries {
    #[serde(flatten)]
    pub list: ListAnswer,
    pub entries: Vec<EntryAnswer>,
}

/// A list shared with the studio, as admins read it.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SharedList {
    #[serde(flatten)]
    pub list: ListAnswer,
    pub user_guid: String,
    pub user_name: String,
    pub user_email: String,
    pub customer_name: Option<String>,
    #[serde(with = "desen_core::time::rfc3339")]
    pub shared_at: NaiveDateTime,
    /// How often it was shared.
    pub times: i32,
}

/// A shared list with its entries, for the admin's read-only view.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SharedListEntries {
    #[serde(flatten)]
    pub shared: SharedList,
    pub entries: Vec<EntryAnswer>,
}

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;

    #[test]
    fn list_names_are_words_and_numbers() {
        assert_eq!(
            ListName::parse("  Spring   2027 ").unwrap().as_str(),
            "Spring 2027"
        );
        assert_eq!(
            ListName::parse("İlkbahar Çiçekleri").unwrap().key(),
            "i̇lkbahar çiçekleri"
        );
        assert!(ListName::parse("Осень").is_ok());
        for bad in ["Spring!", "a/b", "x-y", "1.2", "€", "list?"] {
            assert!(
                matches!(ListName::parse(bad), Err(FavoriteError::Punctuation)),
                "{bad}"
            );
        }
        assert!(matches!(
            ListName::parse(" \t"),
            Err(FavoriteError::NameRequired)
        ));
        assert!(ListName::parse(&"a".repeat(MAX_NAME_CHARS)).is_ok());
        assert!(matches!(
            ListName::parse(&"a".repeat(MAX_NAME_CHARS + 1)),
            Err(FavoriteError::NameTooLong)
        ));
    }
}
