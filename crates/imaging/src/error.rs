/// Why a file could not be read, written or rendered. Every decoder failure ends here: a decoder
/// must never panic, whatever the input.
#[derive(Debug, thiserror::Error)]
pub enum ImagingError {
    /// Not a TIFF, PSD or PSB (judged by content, not by name).
    #[error("not a TIFF, PSD or PSB file")]
    UnknownFormat,
    /// A file of a known format using a feature we do not read (named by the reason).
    #[error("unsupported: {0}")]
    Unsupported(crate::Reason),
    /// Truncated, inconsistent or lying structure.
    #[error("damaged file: {0}")]
    Corrupt(String),
    /// Over a configured limit (pixels per side, total pixels, decompressed bytes).
    #[error("over the limit: {0}")]
    TooLarge(String),
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// Writing a rendition or a file failed.
    #[error("encoding: {0}")]
    Encode(String),
}

impl From<crate::Reason> for ImagingError {
    /// A reason alone is a feature we do not read.
    fn from(reason: crate::Reason) -> Self {
        ImagingError::Unsupported(reason)
    }
}

/// Runs a third-party decoder on hostile data: a panic in it (an arithmetic overflow the fuzzer
/// found in zune-jpeg, for one) still ends as an error naming the format.
pub(crate) fn guarded<T>(
    what: &str,
    decode: impl FnOnce() -> Result<T, ImagingError>,
) -> Result<T, ImagingError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(decode)).unwrap_or_else(|_| {
        Err(ImagingError::Corrupt(format!(
            "{what} data made the {what} decoder fail"
        )))
    })
}
