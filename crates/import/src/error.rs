use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("choose at least one file")]
    NoFiles,
    #[error("select an archive")]
    ArchiveRequired,
    #[error("only TIF, TIFF, PSD and PSB files can be imported")]
    UnsupportedFileType,
    #[error("the file's content is not a TIFF, PSD or PSB image")]
    NotAnImage,
    #[error("the same file is already in this import")]
    DuplicateFile,
    #[error("this file is already in the archive as {0}")]
    AlreadyInArchive(String),
    #[error("the file is larger than {0} bytes")]
    FileTooLarge(u64),
    #[error("the image is too large: {0}")]
    ImageTooLarge(String),
    #[error("the file is damaged: {0}")]
    Damaged(String),
    #[error("unsupported image: {0}")]
    UnsupportedImage(imaging::Reason),
    #[error("import job not found")]
    JobNotFound,
    #[error("import file not found")]
    FileNotFound,
    #[error("the job is {0}; this step is not possible now")]
    WrongState(String),
    #[error("files are still being processed")]
    StillProcessing,
    #[error("nothing to add: no file was processed successfully")]
    NothingToAdd,
    #[error("the upload was interrupted")]
    UploadInterrupted,
    #[error("catalog: {0}")]
    Catalog(#[from] catalog::CatalogError),
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("storage: {0}")]
    Storage(#[from] storage::StorageError),
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// Stored on a file whose processing failed unexpectedly (the detail is in the log).
    #[error("processing failed: {0}")]
    ProcessingFailed(String),
    #[error("the archive's disk is full: the file's renditions could not be written")]
    StorageFull,
    #[error("{0}")]
    Internal(String),
}

impl From<r2d2::Error> for ImportError {
    fn from(e: r2d2::Error) -> Self {
        ImportError::Pool(db::DbError::from(e))
    }
}

impl From<imaging::ImagingError> for ImportError {
    fn from(e: imaging::ImagingError) -> Self {
        use imaging::ImagingError as I;
        match e {
            I::UnknownFormat => ImportError::NotAnImage,
            I::Unsupported(reason) => ImportError::UnsupportedImage(reason),
            I::Corrupt(what) => ImportError::Damaged(what),
            I::TooLarge(what) => ImportError::ImageTooLarge(what),
            I::Io(e) => ImportError::Io(e),
            I::Encode(what) => ImportError::Internal(format!("encoding: {what}")),
        }
    }
}

impl ImportError {
    /// The precise reason a screen translates, where the error has one.
    pub fn reason(&self) -> Option<&imaging::Reason> {
        match self {
            ImportError::UnsupportedImage(reason) => Some(reason),
            _ => None,
        }
    }

    /// Whether a write failed because the disk (or the object store's quota) is full.
    pub fn is_storage_full(&self) -> bool {
        match self {
            ImportError::StorageFull => true,
            ImportError::Storage(e) => e.is_full(),
            ImportError::Io(e) => e.kind() == std::io::ErrorKind::StorageFull,
            _ => false,
        }
    }

    /// Whether the error is about the file (it is refused, the upload goes on) rather than about
    /// the server (the upload stops, the file is not blamed).
    pub fn refuses_the_file(&self) -> bool {
        !matches!(
            self.kind(),
            desen_core::ErrorKind::Internal | desen_core::ErrorKind::Unavailable
        )
    }
}

impl DomainError for ImportError {
    fn kind(&self) -> ErrorKind {
        use ImportError::*;
        match self {
            Pool(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            InvalidForm(_) | NoFiles | ArchiveRequired | UnsupportedFileType | NotAnImage
            | Damaged(_) | UnsupportedImage(_) | UploadInterrupted => ErrorKind::Invalid,
            DuplicateFile | AlreadyInArchive(_) | WrongState(_) | StillProcessing
            | NothingToAdd => ErrorKind::Conflict,
            FileTooLarge(_) | ImageTooLarge(_) => ErrorKind::TooLarge,
            JobNotFound | FileNotFound => ErrorKind::NotFound,
            Catalog(e) => e.kind(),
            ProcessingFailed(_) | StorageFull | Database(_) | Storage(_) | Io(_) | Internal(_) => {
                ErrorKind::Internal
            }
        }
    }

    fn code(&self) -> &'static str {
        use ImportError::*;
        match self {
            Pool(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            InvalidForm(_) => "invalid_form",
            NoFiles => "no_files",
            ArchiveRequired => "archive_required",
            UnsupportedFileType => "unsupported_file_type",
            NotAnImage => "not_an_image",
            DuplicateFile => "duplicate_file",
            AlreadyInArchive(_) => "already_in_archive",
            FileTooLarge(_) => "file_too_large",
            ImageTooLarge(_) => "image_too_large",
            Damaged(_) => "damaged_file",
            UnsupportedImage(_) => "unsupported_image",
            JobNotFound => "import_job_not_found",
            FileNotFound => "import_file_not_found",
            WrongState(_) => "import_wrong_state",
            StillProcessing => "import_still_processing",
            NothingToAdd => "import_nothing_to_add",
            UploadInterrupted => "upload_interrupted",
            ProcessingFailed(_) => "processing_failed",
            StorageFull => "storage_full",
            Catalog(e) => e.code(),
            Database(_) | Storage(_) | Io(_) | Internal(_) => "internal",
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            ImportError::InvalidForm(field) => Some(field),
            ImportError::ArchiveRequired => Some("archiveId"),
            ImportError::NoFiles => Some("files"),
            _ => None,
        }
    }
}
