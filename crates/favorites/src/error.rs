use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum FavoriteError {
    #[error("a list name is required")]
    NameRequired,
    #[error("a list name has at most {} characters", crate::dto::MAX_NAME_CHARS)]
    NameTooLong,
    #[error("punctuation is not allowed in a list name")]
    Punctuation,
    #[error("this list name already exists")]
    NameTaken,
    #[error("the colorway is already in the list")]
    ColorwayPresent,
    #[error("list not found")]
    ListNotFound,
    #[error("the colorway is not in the list")]
    EntryNotFound,
    #[error("design not found")]
    DesignNotFound,
    #[error("colorway not found")]
    ColorwayNotFound,
    #[error("a user keeps at most {} lists", crate::service::MAX_LISTS)]
    TooManyLists,
    #[error("a list holds at most {} colorways", crate::service::MAX_ENTRIES)]
    ListFull,
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("mail: {0}")]
    Mail(String),
    #[error(transparent)]
    Configuration(#[from] configuration::ConfigurationError),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("pools: {0}")]
    Scope(#[from] pools::PoolError),
    #[error("accounts: {0}")]
    Account(#[from] accounts::AccountError),
}

impl From<r2d2::Error> for FavoriteError {
    fn from(e: r2d2::Error) -> Self {
        FavoriteError::Pool(db::DbError::from(e))
    }
}

impl DomainError for FavoriteError {
    fn kind(&self) -> ErrorKind {
        use FavoriteError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            NameRequired | NameTooLong | Punctuation | InvalidForm(_) => ErrorKind::Invalid,
            NameTaken | ColorwayPresent | TooManyLists | ListFull => ErrorKind::Conflict,
            ListNotFound | EntryNotFound | DesignNotFound | ColorwayNotFound => ErrorKind::NotFound,
            Mail(_) | Database(_) => ErrorKind::Internal,
            Configuration(e) => e.kind(),
            Scope(e) => e.kind(),
            Account(e) => e.kind(),
        }
    }

    fn code(&self) -> &'static str {
        use FavoriteError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            NameRequired => "favorite_list_name_required",
            NameTooLong => "favorite_list_name_too_long",
            Punctuation => "favorite_list_name_punctuation",
            NameTaken => "favorite_list_name_taken",
            ColorwayPresent => "favorite_colorway_present",
            ListNotFound => "favorite_list_not_found",
            EntryNotFound => "favorite_entry_not_found",
            DesignNotFound => "design_not_found",
            ColorwayNotFound => "colorway_not_found",
            TooManyLists => "favorite_list_limit",
            ListFull => "favorite_list_full",
            InvalidForm(_) => "invalid_form",
            Mail(_) | Database(_) => "internal",
            Configuration(e) => e.code(),
            Scope(e) => e.code(),
            Account(e) => e.code(),
        }
    }

    fn field(&self) -> Option<&'static str> {
        use FavoriteError::*;
        match self {
            NameRequired | NameTooLong | Punctuation | NameTaken => Some("name"),
            InvalidForm(field) => Some(field),
            _ => None,
        }
    }
}
