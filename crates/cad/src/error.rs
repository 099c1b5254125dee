use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum CadError {
    #[error("CAD files are not available to this account")]
    NotAllowed,
    #[error("this CAD function is switched off")]
    SwitchedOff,
    #[error("unknown CAD format")]
    UnknownFormat,
    #[error("this CAD format does not fit the design")]
    FormatNotForDesign,
    #[error("a download-all on a wear model is not available")]
    WearModelUnavailable,
    #[error("design not found")]
    DesignNotFound,
    #[error("colorway not found")]
    ColorwayNotFound,
    #[error("the colorway's production file is missing")]
    FileMissing,
    #[error("nothing to download")]
    NothingToDownload,
    #[error(
        "a download holds at most {} colorways",
        crate::service::MAX_BUNDLE_COLORWAYS
    )]
    TooManyColorways,
    #[error("download not found")]
    BundleNotFound,
    #[error("the download link has expired")]
    BundleExpired,
    #[error("the download is not ready yet")]
    BundleNotReady,
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("favorites: {0}")]
    Favorites(#[from] favorites::error::FavoriteError),
    #[error("catalog: {0}")]
    Catalog(#[from] catalog::CatalogError),
    #[error(transparent)]
    Configuration(#[from] configuration::ConfigurationError),
    #[error("accounts: {0}")]
    Account(#[from] accounts::AccountError),
    #[error("search: {0}")]
    Search(#[from] search::SearchError),
    #[error("image: {0}")]
    Image(#[from] imaging::ImagingError),
    #[error("storage: {0}")]
    Storage(#[from] storage::StorageError),
    #[error("zip: {0}")]
    Zip(#[from] zip::result::ZipError),
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("pools: {0}")]
    Scope(#[from] pools::PoolError),
    #[error("wear: {0}")]
    Wear(#[from] wear::WearError),
    #[error("internal: {0}")]
    Internal(String),
}

impl From<r2d2::Error> for CadError {
    fn from(e: r2d2::Error) -> Self {
        CadError::Pool(db::DbError::from(e))
    }
}

impl DomainError for CadError {
    fn kind(&self) -> ErrorKind {
        use CadError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            NotAllowed | SwitchedOff => ErrorKind::Forbidden,
            UnknownFormat | FormatNotForDesign | InvalidForm(_) | NothingToDownload => {
                ErrorKind::Invalid
            }
            WearModelUnavailable | BundleExpired | BundleNotReady => ErrorKind::Conflict,
            TooManyColorways => ErrorKind::TooLarge,
            DesignNotFound | ColorwayNotFound | FileMissing | BundleNotFound => ErrorKind::NotFound,
            Image(_) | Storage(_) | Zip(_) | Io(_) | Database(_) | Internal(_) => {
                ErrorKind::Internal
            }
            Favorites(e) => e.kind(),
            Catalog(e) => e.kind(),
            Configuration(e) => e.kind(),
            Account(e) => e.kind(),
            Search(e) => e.kind(),
            Scope(e) => e.kind(),
            Wear(e) => e.kind(),
        }
    }

    fn code(&self) -> &'static str {
        use CadError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            NotAllowed => "cad_not_allowed",
            SwitchedOff => "cad_switched_off",
            UnknownFormat => "cad_format_unknown",
            FormatNotForDesign => "cad_format_not_for_design",
            WearModelUnavailable => "cad_wear_model_unavailable",
            DesignNotFound => "design_not_found",
            ColorwayNotFound => "colorway_not_found",
            FileMissing => "cad_file_missing",
            NothingToDownload => "cad_nothing_to_download",
            TooManyColorways => "cad_too_many_colorways",
            BundleNotFound => "cad_download_not_found",
            BundleExpired => "cad_download_expired",
            BundleNotReady => "cad_download_not_ready",
            InvalidForm(_) => "invalid_form",
            Favorites(e) => e.code(),
            Catalog(e) => e.code(),
            Configuration(e) => e.code(),
            Account(e) => e.code(),
            Search(e) => e.code(),
            Scope(e) => e.code(),
            Wear(e) => e.code(),
            Image(_) | Storage(_) | Zip(_) | Io(_) | Database(_) | Internal(_) => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            CadError::Search(e) => e.field(),
            CadError::InvalidForm(field) => Some(field),
            CadError::UnknownFormat | CadError::FormatNotForDesign => Some("cadId"),
            _ => None,
        }
    }
}
