use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum CurationError {
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    /// Another label has this name in the language of the field.
    #[error("another label is named so ({0})")]
    DuplicateName(&'static str),
    #[error("label not found")]
    LabelNotFound,
    /// A group must be a group header, and a group header is in no group.
    #[error("the label's group is not a group header")]
    GroupInvalid,
    #[error("a label cannot be merged into itself")]
    MergeIntoItself,
    /// Pools or smart groups search by the label: deleting it would change what they admit.
    #[error("the label is used by {0}")]
    LabelInUse(String),
    #[error("You haven't made a selection!")]
    SelectionRequired,
    #[error("design not found")]
    DesignNotFound,
    #[error("at most {0} designs can be pinned")]
    TooManyPins(usize),
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
    #[error(transparent)]
    Pools(#[from] pools::PoolError),
    #[error(transparent)]
    Collections(#[from] collections::CollectionError),
    #[error(transparent)]
    Search(#[from] search::SearchError),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
}

impl From<r2d2::Error> for CurationError {
    fn from(e: r2d2::Error) -> Self {
        CurationError::Pool(db::DbError::from(e))
    }
}

impl DomainError for CurationError {
    fn kind(&self) -> ErrorKind {
        use CurationError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            InvalidForm(_) | GroupInvalid | MergeIntoItself | SelectionRequired
            | TooManyPins(_) => ErrorKind::Invalid,
            DuplicateName(_) | LabelInUse(_) => ErrorKind::Conflict,
            LabelNotFound | DesignNotFound => ErrorKind::NotFound,
            Catalog(e) => e.kind(),
            Pools(e) => e.kind(),
            Collections(e) => e.kind(),
            Search(e) => e.kind(),
            Database(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        use CurationError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            InvalidForm(_) => "invalid_form",
            DuplicateName(_) => "duplicate_label_name",
            LabelNotFound => "label_not_found",
            GroupInvalid => "label_group_invalid",
            MergeIntoItself => "label_merge_into_itself",
            LabelInUse(_) => "label_in_use",
            SelectionRequired => "label_selection_required",
            DesignNotFound => "design_not_found",
            TooManyPins(_) => "too_many_pins",
            Catalog(e) => e.code(),
            Pools(e) => e.code(),
            Collections(e) => e.code(),
            Search(e) => e.code(),
            Database(_) => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            CurationError::InvalidForm(field) | CurationError::DuplicateName(field) => Some(field),
            CurationError::GroupInvalid => Some("groupId"),
            CurationError::MergeIntoItself => Some("into"),
            CurationError::SelectionRequired => Some("labelIds"),
            CurationError::TooManyPins(_) => Some("designGuids"),
            CurationError::Catalog(e) => e.field(),
            _ => None,
        }
    }
}
