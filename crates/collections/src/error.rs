use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum CollectionError {
    #[error("collection not found")]
    NotFound,
    #[error("a sub-collection is set once as a mood board or a design page")]
    KindFixed,
    #[error("the sub-collection is not of that kind")]
    KindMismatch,
    #[error("{0}: fill in the form completely")]
    FormIncomplete(&'static str),
    #[error("at least 1 group to save")]
    GroupRequired,
    #[error("mood image not found")]
    ImageNotFound,
    #[error("only JPEG, PNG and WebP images")]
    PhotoUnsupported,
    #[error("the image is over {0}")]
    PhotoTooLarge(String),
    #[error("design not found")]
    DesignNotFound,
    #[error("colorway not found")]
    ColorwayNotFound,
    #[error("the colorway is tagged on this image already")]
    ColorwayTagged,
    #[error("customer not found")]
    CustomerNotFound,
    #[error("special list not found")]
    SpecialListNotFound,
    #[error("a rule list's designs follow its rule")]
    SpecialListRule,
    #[error("stock page not found")]
    StockPageNotFound,
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("the upload was interrupted")]
    UploadInterrupted,
    #[error("storage: {0}")]
    Storage(#[from] storage::StorageError),
    #[error("imaging: {0}")]
    Imaging(String),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("pools: {0}")]
    Scope(#[from] pools::PoolError),
}

impl From<r2d2::Error> for CollectionError {
    fn from(e: r2d2::Error) -> Self {
        CollectionError::Pool(db::DbError::from(e))
    }
}

impl DomainError for CollectionError {
    fn kind(&self) -> ErrorKind {
        use CollectionError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            FormIncomplete(_) | GroupRequired | PhotoUnsupported | InvalidForm(_)
            | UploadInterrupted => ErrorKind::Invalid,
            PhotoTooLarge(_) => ErrorKind::TooLarge,
            KindFixed | KindMismatch | ColorwayTagged | SpecialListRule => ErrorKind::Conflict,
            NotFound | ImageNotFound | DesignNotFound | ColorwayNotFound | CustomerNotFound
            | SpecialListNotFound | StockPageNotFound => ErrorKind::NotFound,
            Storage(_) | Imaging(_) | Database(_) => ErrorKind::Internal,
            Scope(e) => e.kind(),
        }
    }

    fn code(&self) -> &'static str {
        use CollectionError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            NotFound => "collection_not_found",
            KindFixed => "collection_kind_fixed",
            KindMismatch => "collection_kind_mismatch",
            FormIncomplete(_) => "collection_form_incomplete",
            GroupRequired => "collection_group_required",
            ImageNotFound => "mood_image_not_found",
            PhotoUnsupported => "photo_unsupported",
            PhotoTooLarge(_) => "photo_too_large",
            DesignNotFound => "design_not_found",
            ColorwayNotFound => "colorway_not_found",
            ColorwayTagged => "colorway_already_tagged",
            CustomerNotFound => "customer_not_found",
            SpecialListNotFound => "special_list_not_found",
            SpecialListRule => "special_list_rule",
            StockPageNotFound => "stock_page_not_found",
            InvalidForm(_) => "invalid_form",
            UploadInterrupted => "upload_interrupted",
            Storage(_) | Imaging(_) | Database(_) => "internal",
            Scope(e) => e.code(),
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            CollectionError::FormIncomplete(field) | CollectionError::InvalidForm(field) => {
                Some(field)
            }
            _ => None,
        }
    }
}
