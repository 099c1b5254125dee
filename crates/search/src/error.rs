use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("the search field {0} is malformed")]
    InvalidSearch(&'static str),
    #[error("search by picture is switched off")]
    SimilarSearchUnavailable,
    #[error("the picture cannot be read: {0}")]
    PictureUnusable(String),
    #[error("the picture is over the size limit")]
    PictureTooLarge,
    #[error("the picture was not received whole")]
    UploadInterrupted,
    #[error("{0}")]
    Internal(String),
    #[error("the search field {0} is not available to this user")]
    FieldHidden(&'static str),
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
    #[error(transparent)]
    Configuration(#[from] configuration::ConfigurationError),
    #[error(transparent)]
    Pools(#[from] pools::PoolError),
    #[error(transparent)]
    Favorites(#[from] favorites::FavoriteError),
    #[error(transparent)]
    Collections(#[from] collections::CollectionError),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
}

impl From<r2d2::Error> for SearchError {
    fn from(e: r2d2::Error) -> Self {
        SearchError::Pool(db::DbError::from(e))
    }
}

impl DomainError for SearchError {
    fn kind(&self) -> ErrorKind {
        match self {
            SearchError::Pool(_) => ErrorKind::Unavailable,
            SearchError::Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            SearchError::InvalidSearch(_)
            | SearchError::SimilarSearchUnavailable
            | SearchError::PictureUnusable(_)
            | SearchError::UploadInterrupted => ErrorKind::Invalid,
            SearchError::PictureTooLarge => ErrorKind::TooLarge,
            SearchError::FieldHidden(_) => ErrorKind::Forbidden,
            SearchError::Catalog(e) => e.kind(),
            SearchError::Configuration(e) => e.kind(),
            SearchError::Pools(e) => e.kind(),
            SearchError::Favorites(e) => e.kind(),
            SearchError::Collections(e) => e.kind(),
            SearchError::Database(_) | SearchError::Internal(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            SearchError::Pool(_) => "unavailable",
            SearchError::Database(e) if db::unavailable(e) => "unavailable",
            SearchError::InvalidSearch(_) => "invalid_search",
            SearchError::SimilarSearchUnavailable => "similar_search_unavailable",
            SearchError::PictureUnusable(_) => "similar_image_unusable",
            SearchError::PictureTooLarge => "similar_image_too_large",
            SearchError::UploadInterrupted => "upload_interrupted",
            SearchError::FieldHidden(_) => "search_field_hidden",
            SearchError::Catalog(e) => e.code(),
            SearchError::Configuration(e) => e.code(),
            SearchError::Pools(e) => e.code(),
            SearchError::Favorites(e) => e.code(),
            SearchError::Collections(e) => e.code(),
            SearchError::Database(_) | SearchError::Internal(_) => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            SearchError::InvalidSearch(field) | SearchError::FieldHidden(field) => Some(field),
            SearchError::Catalog(e) => e.field(),
            SearchError::Configuration(e) => e.field(),
            SearchError::Pools(e) => e.field(),
            SearchError::Favorites(e) => e.field(),
            SearchError::Collections(e) => e.field(),
            _ => None,
        }
    }
}
