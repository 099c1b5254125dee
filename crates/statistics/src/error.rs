use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum StatisticsError {
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] r2d2::Error),
}

impl DomainError for StatisticsError {
    fn kind(&self) -> ErrorKind {
        match self {
            StatisticsError::Catalog(e) => e.kind(),
            StatisticsError::InvalidForm(_) => ErrorKind::Invalid,
            _ => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            StatisticsError::Catalog(e) => e.code(),
            StatisticsError::InvalidForm(_) => "invalid_form",
            _ => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            StatisticsError::InvalidForm(field) => Some(field),
            _ => None,
        }
    }
}
