use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("the search field {0} is malformed")]
    InvalidSearch(&'static str),
    #[error("similar-image search is not available yet")]
    SimilarSearchUnavailable,
    #[error("the search field {0} is not available to this user")]
    FieldHidden(&'static str),
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
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
            SearchError::InvalidSearch(_) | SearchError::SimilarSearchUnavailable => {
                ErrorKind::Invalid
            }
            SearchError::FieldHidden(_) => ErrorKind::Forbidden,
            SearchError::Catalog(e) => e.kind(),
            SearchError::Pools(e) => e.kind(),
            SearchError::Favorites(e) => e.kind(),
            SearchError::Collections(e) => e.kind(),
            SearchError::Database(_) | SearchError::Pool(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            SearchError::InvalidSearch(_) => "invalid_search",
            SearchError::SimilarSearchUnavailable => "similar_search_unavailable",
            SearchError::FieldHidden(_) => "search_field_hidden",
            SearchError::Catalog(e) => e.code(),
            SearchError::Pools(e) => e.code(),
            SearchError::Favorites(e) => e.code(),
            SearchError::Collections(e) => e.code(),
            SearchError::Database(_) | SearchError::Pool(_) => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            SearchError::InvalidSearch(field) | SearchError::FieldHidden(field) => Some(field),
            SearchError::Catalog(e) => e.field(),
            SearchError::Pools(e) => e.field(),
            SearchError::Favorites(e) => e.field(),
            SearchError::Collections(e) => e.field(),
            _ => None,
        }
    }
}
