#![doc = include_str!("../README.md")]

mod repo;

use chrono::NaiveDateTime;
use db::DbConnection;
use desen_core::{Page, PageRequest};
use serde::Serialize;
use utoipa::ToSchema;

/// What an admin did. The text form is stored and answered; the UI translates it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    UserCreated,
    UserEdited,
    PasswordAssigned,
    PasswordResetSent,
    LoginConditionSet,
    AuthenticatorReset,
    RecoveryCodeUsed,
    RecoveryCodesRegenerated,
    AccountStateChanged,
    AutoLoginLinkIssued,
    PoolAssigned,
    PoolSaved,
    PoolDeleted,
    CustomerAdded,
    CustomerDeleted,
    CustomerVisibilityChanged,
    CustomerFieldsChanged,
    CollectionSaved,
    CollectionDeleted,
    CollectionContentChanged,
    SpecialListSaved,
    SpecialListDeleted,
    StockPagePublished,
    StockPageRevoked,
    WearModelSaved,
    WearModelStateChanged,
    WearModelDeleted,
    LabelSaved,
    LabelsMerged,
    LabelDeleted,
    PinsChanged,
    SettingsChanged,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        use Action::*;
        match self {
            UserCreated => "user_created",
            UserEdited => "user_edited",
            PasswordAssigned => "password_assigned",
            PasswordResetSent => "password_reset_sent",
            LoginConditionSet => "login_condition_set",
            AuthenticatorReset => "authenticator_reset",
            RecoveryCodeUsed => "recovery_code_used",
            RecoveryCodesRegenerated => "recovery_codes_regenerated",
            AccountStateChanged => "account_state_changed",
            AutoLoginLinkIssued => "auto_login_link_issued",
            PoolAssigned => "pool_assigned",
            PoolSaved => "pool_saved",
            PoolDeleted => "pool_deleted",
            CustomerAdded => "customer_added",
            CustomerDeleted => "customer_deleted",
            CustomerVisibilityChanged => "customer_visibility_changed",
            CustomerFieldsChanged => "customer_fields_changed",
            CollectionSaved => "collection_saved",
            CollectionDeleted => "collection_deleted",
            CollectionContentChanged => "collection_content_changed",
            SpecialListSaved => "special_list_saved",
            SpecialListDeleted => "special_list_deleted",
            StockPagePublished => "stock_page_published",
            StockPageRevoked => "stock_page_revoked",
            WearModelSaved => "wear_model_saved",
            WearModelStateChanged => "wear_model_state_changed",
            WearModelDeleted => "wear_model_deleted",
            LabelSaved => "label_saved",
            LabelsMerged => "labels_merged",
            LabelDeleted => "label_deleted",
            PinsChanged => "pins_changed",
            SettingsChanged => "settings_changed",
        }
    }
}

/// What an action was done to: a user, a customer, a pool.
#[derive(Debug, Clone, Copy)]
pub struct Subject<'a> {
    pub kind: &'static str,
    pub guid: &'a str,
    /// The name when it happened: the log stays readable after a rename or deletion.
    pub name: &'a str,
}

impl<'a> Subject<'a> {
    pub fn user(guid: &'a str, email: &'a str) -> Self {
        Subject {
            kind: "user",
            guid,
            name: email,
        }
    }

    pub fn customer(guid: &'a str, name: &'a str) -> Self {
        Subject {
            kind: "customer",
            guid,
            name,
        }
    }

    /// A setting of the studio, named by its key.
    pub fn setting(key: &'a str) -> Self {
        Subject {
            kind: "setting",
            guid: key,
            name: key,
        }
    }

    /// A collection or sub-collection, by its numeric id as text.
    pub fn collection(id: &'a str, name: &'a str) -> Self {
        Subject {
            kind: "collection",
            guid: id,
            name,
        }
    }

    pub fn special_list(id: &'a str, name: &'a str) -> Self {
        Subject {
            kind: "special_list",
            guid: id,
            name,
        }
    }

    pub fn wear_model(guid: &'a str, name: &'a str) -> Self {
        Subject {
            kind: "wear_model",
            guid,
            name,
        }
    }

    /// A label, by its numeric id as text and its English name.
    pub fn label(id: &'a str, name: &'a str) -> Self {
        Subject {
            kind: "label",
            guid: id,
            name,
        }
    }

    pub fn pool(guid: &'a str, name: &'a str) -> Self {
        Subject {
            kind: "pool",
            guid,
            name,
        }
    }
}

/// Records that `actor` (a user id) did `action` to `subject`; `details` says how (for example
/// "stopped", or "30 days"). Run it on the connection of the change, inside its transaction.
pub fn record(
    conn: &mut DbConnection,
    actor: &desen_core::UserGuid,
    action: Action,
    subject: Subject<'_>,
    details: &str,
) -> Result<(), diesel::result::Error> {
    repo::insert(
        conn,
        &repo::NewEvent {
            at: desen_core::time::now(),
            actor_guid: &actor.to_string(),
            action: action.as_str(),
            subject_kind: subject.kind,
            subject_guid: subject.guid,
            subject_name: subject.name,
            details,
        },
    )
}

/// One event as admins read it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEvent {
    pub id: i64,
    #[serde(with = "desen_core::time::rfc3339")]
    pub at: NaiveDateTime,
    pub actor_guid: String,
    /// The actor's name and e-mail now (empty if the account is gone).
    pub actor_name: String,
    pub actor_email: String,
    pub action: String,
    pub subject_kind: String,
    pub subject_guid: String,
    pub subject_name: String,
    pub details: String,
}

/// Which events to read; empty fields do not filter.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub subject_guid: Option<String>,
    pub actor_guid: Option<String>,
    pub action: Option<String>,
}

/// A page of events, newest first.
pub fn events(
    conn: &mut DbConnection,
    filter: &AuditFilter,
    page: PageRequest,
) -> Result<Page<AuditEvent>, diesel::result::Error> {
    let (items, total) = repo::page(conn, filter, page.offset(), page.limit())?;
    Ok(Page::new(items, total, page))
}
