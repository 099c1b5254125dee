use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("design not found")]
    DesignNotFound,
    #[error("colorway not found")]
    ColorwayNotFound,
    #[error("archive not found")]
    ArchiveNotFound,
    #[error("customer not found")]
    CustomerNotFound,
    #[error("label not found")]
    LabelNotFound,
    #[error("the design number {0} is already taken")]
    DuplicateNumber(String),
    #[error("a confined design needs a customer")]
    ConfinedWithoutCustomer,
    #[error(transparent)]
    Pools(#[from] pools::PoolError),
    #[error(transparent)]
    Collections(#[from] collections::CollectionError),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("storage: {0}")]
    Storage(#[from] storage::StorageError),
    #[error("{0}")]
    Internal(String),
}

impl From<r2d2::Error> for CatalogError {
    fn from(e: r2d2::Error) -> Self {
        CatalogError::Pool(db::DbError::from(e))
    }
}

impl DomainError for CatalogError {
    fn kind(&self) -> ErrorKind {
        use CatalogError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            InvalidForm(_)
            | ConfinedWithoutCustomer
            | CustomerNotFound
            | LabelNotFound
            | ArchiveNotFound => ErrorKind::Invalid,
            DesignNotFound | ColorwayNotFound => ErrorKind::NotFound,
            DuplicateNumber(_) => ErrorKind::Conflict,
            Pools(e) => e.kind(),
            Collections(e) => e.kind(),
            Database(_) | Storage(_) | Internal(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        use CatalogError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            InvalidForm(_) => "invalid_form",
            DesignNotFound => "design_not_found",
            ColorwayNotFound => "colorway_not_found",
            ArchiveNotFound => "archive_not_found",
            CustomerNotFound => "customer_not_found",
            LabelNotFound => "label_not_found",
            DuplicateNumber(_) => "duplicate_design_number",
            ConfinedWithoutCustomer => "confined_without_customer",
            Pools(e) => e.code(),
            Collections(e) => e.code(),
            Database(_) | Storage(_) | Internal(_) => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            CatalogError::InvalidForm(field) => Some(field),
            CatalogError::ConfinedWithoutCustomer | CatalogError::CustomerNotFound => {
                Some("customerId")
            }
            CatalogError::LabelNotFound => Some("labelIDs"),
            _ => None,
        }
    }
}
