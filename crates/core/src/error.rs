//! What kind of failure a domain error is. Each domain keeps its own error enum; the gateway turns
//! the kind into an HTTP status in one place and sends the stable `code` for the UI to translate.

/// The broad class of a failure, independent of HTTP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Invalid,
    Unauthenticated,
    Forbidden,
    NotFound,
    Conflict,
    TooLarge,
    RateLimited,
    /// A service Desen needs (the database, Redis) is not answering: worth retrying shortly.
    Unavailable,
    Internal,
}

/// Implemented by every domain's error enum.
pub trait DomainError: std::error::Error {
    fn kind(&self) -> ErrorKind;
    /// Stable snake_case code; listed in docs/API.md and translated by the UI.
    fn code(&self) -> &'static str;
    /// Seconds until a rate-limited request may be retried.
    fn retry_after(&self) -> Option<u64> {
        None
    }
    /// The form field the error is about, when there is one.
    fn field(&self) -> Option<&'static str> {
        None
    }
}
