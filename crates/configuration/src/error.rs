use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum ConfigurationError {
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("archive not found")]
    ArchiveNotFound,
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("the stored settings do not read: {0}")]
    Stored(#[from] serde_json::Error),
}

impl From<r2d2::Error> for ConfigurationError {
    fn from(e: r2d2::Error) -> Self {
        ConfigurationError::Pool(db::DbError::from(e))
    }
}

impl DomainError for ConfigurationError {
    fn kind(&self) -> ErrorKind {
        match self {
            ConfigurationError::InvalidForm(_) | ConfigurationError::ArchiveNotFound => {
                ErrorKind::Invalid
            }
            _ => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ConfigurationError::InvalidForm(_) => "invalid_form",
            ConfigurationError::ArchiveNotFound => "archive_not_found",
            _ => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            ConfigurationError::InvalidForm(field) => Some(field),
            ConfigurationError::ArchiveNotFound => Some("defaultArchiveId"),
            _ => None,
        }
    }
}
