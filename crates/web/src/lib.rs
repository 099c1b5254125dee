#![doc = include_str!("../README.md")]

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError, web};
use desen_core::{DomainError, ErrorKind};
use serde::Serialize;
use std::fmt;

/// The error envelope of every route.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    /// Stable snake_case code, translated by the UI.
    pub code: &'static str,
    /// English text for logs and tools; never shown to users.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// The spec's numeric login answer, on sign-in routes only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response_code: Option<i32>,
    #[serde(skip)]
    kind: ErrorKind,
}

impl ApiError {
    pub fn new(kind: ErrorKind, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            code,
            message: message.into(),
            field: None,
            retry_after: None,
            response_code: None,
            kind,
        }
    }

    pub fn internal() -> Self {
        ApiError::new(ErrorKind::Internal, "internal", "unexpected server error")
    }

    pub fn with_response_code(mut self, code: i32) -> Self {
        self.response_code = Some(code);
        self
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

/// When a client may try again after a 503 (the database or Redis restarting).
pub const UNAVAILABLE_RETRY_SECONDS: u64 = 5;

/// The one place where error kinds become HTTP statuses.
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Invalid => StatusCode::BAD_REQUEST,
        ErrorKind::Unauthenticated => StatusCode::UNAUTHORIZED,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl<E: DomainError> From<E> for ApiError {
    fn from(error: E) -> Self {
        if error.kind() == ErrorKind::Internal {
            // The detail goes to the log (with the request id of the span), never to the client.
            tracing::error!(error = %error, "internal error");
            return ApiError::internal();
        }
        if error.kind() == ErrorKind::Unavailable {
            tracing::warn!(error = %error, "a service is not answering");
            let mut api = ApiError::new(
                ErrorKind::Unavailable,
                error.code(),
                "a service the archive needs is not answering; try again shortly",
            );
            api.retry_after = Some(UNAVAILABLE_RETRY_SECONDS);
            return api;
        }
        let mut api = ApiError::new(error.kind(), error.code(), error.to_string());
        api.field = error.field();
        api.retry_after = error.retry_after();
        api
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        status_of(self.kind)
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        if let Some(seconds) = self.retry_after {
            response.insert_header(("Retry-After", seconds.to_string()));
        }
        response.json(self)
    }
}

/// The answer of a route that deleted what it names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeletedAnswer {
    pub deleted: bool,
}

/// Runs blocking work (diesel, Argon2) on the blocking pool and flattens both failures.
pub async fn blocking<T, E>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    match web::block(work).await {
        Ok(result) => result.map_err(Into::into),
        Err(_) => Err(ApiError::internal()),
    }
}

/// Largest form body a route accepts; larger ones get `payload_too_large` without being read whole.
pub const FORM_LIMIT: usize = 64 * 1024;

/// Form extractor settings: a size limit and coded errors instead of actix's plain text.
pub fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(FORM_LIMIT)
        .error_handler(|error, _| {
            use actix_web::error::UrlencodedError;
            let api = match error {
                UrlencodedError::Overflow { .. } => ApiError::new(
                    ErrorKind::TooLarge,
                    "payload_too_large",
                    "the form is too large",
                ),
                other => ApiError::new(ErrorKind::Invalid, "invalid_form", other.to_string()),
            };
            api.into()
        })
}

/// Raw and JSON bodies get the same limit and envelope.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(FORM_LIMIT)
        .error_handler(|error, _| {
            use actix_web::error::JsonPayloadError;
            let api = match error {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => ApiError::new(
                    ErrorKind::TooLarge,
                    "payload_too_large",
                    "the body is too large",
                ),
                other => ApiError::new(ErrorKind::Invalid, "invalid_form", other.to_string()),
            };
            api.into()
        })
}

/// Path segments that do not parse (a page size of `-1`, a word where an id goes) are a 400
/// `invalid_form` with the envelope, not actix's plain-text 404.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error, _| {
        ApiError::new(
            ErrorKind::Invalid,
            "invalid_form",
            format!("the path is not valid: {error}"),
        )
        .into()
    })
}

/// Query strings that do not parse get the same answer as forms.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _| {
        ApiError::new(
            ErrorKind::Invalid,
            "invalid_form",
            format!("the query is not valid: {error}"),
        )
        .into()
    })
}

/// Whether a request's text carries a NUL character (`%00` in a path, query or form, `\u0000` in
/// JSON, a raw 0 byte): no field takes one, and PostgreSQL cannot store it in a text column.
fn carries_nul(text: &[u8]) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains(&0)
        || lower.windows(3).any(|w| w == b"%00")
        || lower.windows(6).any(|w| w == b"\\u0000")
}

/// Middleware: a request whose path, query, form or JSON body (within the form limit) carries a
/// NUL character is `400 invalid_form` before any handler reads it. Larger and multipart bodies
/// pass unread.
pub async fn refuse_nul(
    mut req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    use actix_web::HttpMessage;
    let refused = |req: actix_web::dev::ServiceRequest| {
        let answer = ApiError::new(
            ErrorKind::Invalid,
            "invalid_form",
            "a field carries a NUL character",
        );
        Ok(req.error_response(answer))
    };
    if carries_nul(req.uri().to_string().as_bytes()) {
        return refused(req);
    }
    let textual = matches!(
        req.content_type(),
        "application/x-www-form-urlencoded" | "application/json"
    );
    let small = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
        .is_some_and(|length| length <= FORM_LIMIT);
    if textual && small {
        let body = req.extract::<web::Bytes>().await?;
        if carries_nul(&body) {
            return refused(req);
        }
        req.set_payload(actix_web::dev::Payload::from(body));
    }
    next.call(req)
        .await
        .map(|response| response.map_into_boxed_body())
}

/// True for the usual spellings of a checked box in form data.
pub fn checked(value: Option<&str>) -> bool {
    matches!(value.map(str::trim), Some("true" | "1" | "on" | "yes"))
}

/// A form's yes/no field: None when absent, an error naming the field when unreadable.
pub fn flag(value: Option<&str>, field: &'static str) -> Result<Option<bool>, &'static str> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some("true" | "1" | "on" | "yes") => Ok(Some(true)),
        Some("false" | "0" | "off" | "no") => Ok(Some(false)),
        Some(_) => Err(field),
    }
}

/// Why an uploaded multipart field was not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    /// The connection dropped mid-upload.
    Interrupted,
    /// Over the byte limit (the limit).
    TooLarge(u64),
}

/// Reads a multipart field's bytes, at most `max`; past it, the rest is drained (the client
/// gets an answer, not a reset) and the field refused.
pub async fn field_bytes(
    field: &mut actix_multipart::Field,
    max: u64,
) -> Result<Vec<u8>, FieldError> {
    use futures::TryStreamExt;
    let mut bytes = Vec::new();
    let mut over = false;
    while let Some(chunk) = field
        .try_next()
        .await
        .map_err(|_| FieldError::Interrupted)?
    {
        if over || bytes.len() as u64 + chunk.len() as u64 > max {
            over = true;
            continue;
        }
        bytes.extend_from_slice(&chunk);
    }
    if over {
        return Err(FieldError::TooLarge(max));
    }
    Ok(bytes)
}

/// Whether the request's `If-None-Match` names `etag` (quoted) or `*`.
pub fn if_none_match(req: &actix_web::HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(actix_web::http::header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}
