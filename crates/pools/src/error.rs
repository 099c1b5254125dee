use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    #[error("you must specify a name")]
    NameRequired,
    #[error("you must add at least 1 search or design")]
    NothingAdmitted,
    #[error("another pool already has this name")]
    NameTaken,
    #[error("pool not found")]
    PoolNotFound,
    #[error("user not found")]
    UserNotFound,
    #[error("design not found: {0}")]
    DesignNotFound(String),
    #[error("{0} is missing or malformed")]
    InvalidForm(String),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
}

impl From<r2d2::Error> for PoolError {
    fn from(e: r2d2::Error) -> Self {
        PoolError::Pool(db::DbError::from(e))
    }
}

impl DomainError for PoolError {
    fn kind(&self) -> ErrorKind {
        use PoolError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            NameRequired | NothingAdmitted | DesignNotFound(_) | InvalidForm(_) => {
                ErrorKind::Invalid
            }
            NameTaken => ErrorKind::Conflict,
            PoolNotFound | UserNotFound => ErrorKind::NotFound,
            Database(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        use PoolError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            NameRequired => "pool_name_required",
            NothingAdmitted => "pool_empty",
            NameTaken => "pool_name_taken",
            PoolNotFound => "pool_not_found",
            UserNotFound => "user_not_found",
            DesignNotFound(_) => "design_not_found",
            InvalidForm(_) => "invalid_form",
            Database(_) => "internal",
        }
    }
}
