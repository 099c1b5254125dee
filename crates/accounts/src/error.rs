use desen_core::{DomainError, ErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("{0} is missing or malformed")]
    InvalidForm(&'static str),
    #[error("the e-mail address is empty, too long or malformed")]
    InvalidEmail,
    #[error("the password needs at least 8 characters with an upper-case and a lower-case letter")]
    WeakPassword,
    #[error("the two passwords differ")]
    PasswordsMismatch,
    #[error("invalid credentials")]
    InvalidCredentials,
    #[error("the login day limit is over")]
    DayLimitReached,
    #[error("sign-in is not allowed from this address")]
    IpRestricted,
    #[error("the account is suspended")]
    AccountStopped,
    #[error("the account is cancelled")]
    AccountCancelled,
    #[error("the account has expired")]
    AccountExpired,
    #[error("not authorized")]
    NotAuthorized,
    #[error("a password must be created first")]
    PasswordRequired,
    #[error("too many requests")]
    RateLimited { retry_after: u64 },
    #[error("sign in first")]
    LoginRequired,
    #[error("the second factor is not validated")]
    SecondFactorRequired,
    #[error("wrong code")]
    InvalidCode,
    #[error("this code was already used")]
    CodeAlreadyUsed,
    #[error("the recovery code is wrong or was already used")]
    InvalidRecoveryCode,
    #[error("an authenticator is already enrolled")]
    AlreadyEnrolled,
    #[error("the link is unknown, used or expired")]
    TokenInvalid,
    #[error("there is already another user record with the same email address")]
    DuplicateEmail,
    #[error("Company name field is required.")]
    CustomerNameRequired,
    #[error("another customer already has this name")]
    CustomerNameTaken,
    #[error("{users} users and {designs} designs still refer to this customer")]
    CustomerInUse { users: i64, designs: i64 },
    #[error("not found")]
    NotFound,
    #[error("database: {0}")]
    Database(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] db::DbError),
    #[error("store: {0}")]
    Store(#[from] kv::StoreError),
    #[error("mail: {0}")]
    Mail(String),
    #[error("{0}")]
    Internal(String),
}

impl From<r2d2::Error> for AccountError {
    fn from(e: r2d2::Error) -> Self {
        AccountError::Pool(db::DbError::Pool(e))
    }
}

impl AccountError {
    /// The spec's numeric login answer for outcomes of a sign-in.
    pub fn response_code(&self) -> i32 {
        match self {
            AccountError::InvalidCredentials | AccountError::InvalidEmail => 1,
            AccountError::DayLimitReached => 2,
            AccountError::IpRestricted => 3,
            AccountError::AccountStopped => 4,
            AccountError::RateLimited { .. } => 5,
            AccountError::PasswordRequired => 6,
            AccountError::AccountCancelled => 7,
            AccountError::AccountExpired => 8,
            AccountError::NotAuthorized => 9,
            _ => 99,
        }
    }
}

impl DomainError for AccountError {
    fn kind(&self) -> ErrorKind {
        use AccountError::*;
        match self {
            Pool(_) | Store(_) => ErrorKind::Unavailable,
            Database(e) if db::unavailable(e) => ErrorKind::Unavailable,
            InvalidForm(_) | InvalidEmail | WeakPassword | PasswordsMismatch | TokenInvalid
            | CustomerNameRequired => ErrorKind::Invalid,
            InvalidCredentials | LoginRequired | InvalidCode | CodeAlreadyUsed
            | InvalidRecoveryCode => ErrorKind::Unauthenticated,
            DayLimitReached | IpRestricted | AccountStopped | AccountCancelled | AccountExpired
            | NotAuthorized | PasswordRequired | SecondFactorRequired => ErrorKind::Forbidden,
            RateLimited { .. } => ErrorKind::RateLimited,
            AlreadyEnrolled | DuplicateEmail | CustomerNameTaken | CustomerInUse { .. } => {
                ErrorKind::Conflict
            }
            NotFound => ErrorKind::NotFound,
            Database(_) | Mail(_) | Internal(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        use AccountError::*;
        match self {
            Pool(_) | Store(_) => "unavailable",
            Database(e) if db::unavailable(e) => "unavailable",
            InvalidForm(_) => "invalid_form",
            InvalidEmail => "invalid_email",
            WeakPassword => "weak_password",
            PasswordsMismatch => "passwords_mismatch",
            InvalidCredentials => "invalid_credentials",
            DayLimitReached => "day_limit_reached",
            IpRestricted => "ip_restricted",
            AccountStopped => "account_stopped",
            AccountCancelled => "account_cancelled",
            AccountExpired => "account_expired",
            NotAuthorized => "not_authorized",
            PasswordRequired => "password_required",
            RateLimited { .. } => "rate_limited",
            LoginRequired => "login_required",
            SecondFactorRequired => "second_factor_required",
            InvalidCode => "invalid_code",
            CodeAlreadyUsed => "code_already_used",
            InvalidRecoveryCode => "invalid_recovery_code",
            AlreadyEnrolled => "already_enrolled",
            TokenInvalid => "token_invalid",
            DuplicateEmail => "duplicate_email",
            CustomerNameRequired => "customer_name_required",
            CustomerNameTaken => "customer_name_taken",
            CustomerInUse { .. } => "customer_in_use",
            NotFound => "not_found",
            Database(_) | Mail(_) | Internal(_) => "internal",
        }
    }

    fn retry_after(&self) -> Option<u64> {
        match self {
            AccountError::RateLimited { retry_after } => Some(*retry_after),
            _ => None,
        }
    }

    fn field(&self) -> Option<&'static str> {
        match self {
            AccountError::InvalidForm(field) => Some(field),
            AccountError::InvalidEmail => Some("mailAddress"),
            _ => None,
        }
    }
}
