use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum WearError {
    #[error("wear model not found")]
    NotFound,
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("a wear model has this name already")]
    NameTaken,
    /// An uploaded image is not one we read, or not fit for its part (the field names it).
    #[error("{0}: not a usable image")]
    ImageRefused(&'static str),
    #[error("{0}: the image is over {1}")]
    ImageTooLarge(&'static str, String),
    #[error("the upload was interrupted")]
    UploadInterrupted,
    #[error("design not found")]
    DesignNotFound,
    #[error("the view is too large: {0}")]
    ViewTooLarge(String),
    #[error("storage: {0}")]
    Storage(#[from] storage::StorageError),
    #[error("imaging: {0}")]
    Imaging(#[from] imaging::ImagingError),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("pools: {0}")]
    Scope(#[from] pools::PoolError),
    #[error("catalog: {0}")]
    Catalog(#[from] catalog::CatalogError),
}

impl From<r2d2::Error> for WearError {
    fn from(e: r2d2::Error) -> Self {
        WearError::Pool(db::DbError::from(e))
    }
}

impl DomainError for WearError {
    fn kind(&self) -> ErrorKind {
        use WearError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            InvalidForm(_) | ImageRefused(_) | UploadInterrupted => ErrorKind::Invalid,
            ImageTooLarge(..) | ViewTooLarge(_) => ErrorKind::TooLarge,
            NameTaken => ErrorKind::Conflict,
            NotFound | DesignNotFound => ErrorKind::NotFound,
            Storage(_) | Imaging(_) | Database(_) => ErrorKind::Internal,
            Scope(e) => e.kind(),
            Catalog(e) => e.kind(),
        }
    }

    fn code(&self) -> &'static str {
        use WearError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            NotFound => "wear_model_not_found",
            InvalidForm(_) => "invalid_form",
            NameTaken => "wear_model_name_taken",
            ImageRefused(_) => "wear_image_unusable",
            ImageTooLarge(..) => "wear_image_too_large",
            UploadInterrupted => "upload_interrupted",
            DesignNotFound => "design_not_found",
            ViewTooLarge(_) => "view_too_large",
            Storage(_) | Imaging(_) | Database(_) => "internal",
            Scope(e) => e.code(),
            Catalog(e) => e.code(),
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            WearError::InvalidForm(field)
            | WearError::ImageRefused(field)
            | WearError::ImageTooLarge(field, _) => Some(field),
            WearError::NameTaken => Some("nameEn"),
            _ => None,
        }
    }
}
