use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum ConfigurationError {
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("archive not found")]
    ArchiveNotFound,
    #[error("not a JPEG, PNG or WebP photo")]
    PhotoUnsupported,
    #[error("photo too large: {0}")]
    PhotoTooLarge(String),
    #[error("the upload was interrupted")]
    UploadInterrupted,
    #[error("banner not found")]
    BannerNotFound,
    #[error("storage: {0}")]
    Storage(#[from] storage::StorageError),
    #[error("imaging: {0}")]
    Imaging(String),
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
            ConfigurationError::InvalidForm(_)
            | ConfigurationError::ArchiveNotFound
            | ConfigurationError::PhotoUnsupported
            | ConfigurationError::UploadInterrupted => ErrorKind::Invalid,
            ConfigurationError::PhotoTooLarge(_) => ErrorKind::TooLarge,
            ConfigurationError::BannerNotFound => ErrorKind::NotFound,
            _ => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ConfigurationError::InvalidForm(_) => "invalid_form",
            ConfigurationError::ArchiveNotFound => "archive_not_found",
            ConfigurationError::PhotoUnsupported => "photo_unsupported",
            ConfigurationError::PhotoTooLarge(_) => "photo_too_large",
            ConfigurationError::UploadInterrupted => "upload_interrupted",
            ConfigurationError::BannerNotFound => "banner_not_found",
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
