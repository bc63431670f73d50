//! The server's one error type, with HTTP statuses and stable codes.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::store::StoreError;

/// Everything a request can fail with. Internal details never reach the client.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No such table.
    #[error("no such table")]
    NotFound,
    /// Missing or wrong seat token.
    #[error("this token does not hold a seat at this table")]
    BadToken,
    /// The request body or message is not valid.
    #[error("malformed request: {0}")]
    Malformed(String),
    /// The table is not being played (not started, or over).
    #[error("the table is {0}")]
    NotActive(&'static str),
    /// The seat has no decision pending.
    #[error("it is not this seat's decision")]
    NotYourTurn,
    /// The decision is not legal now.
    #[error("illegal decision: {0}")]
    Illegal(String),
    /// The decision was made against an older table version.
    #[error("stale version {expected}: the table is at version {current}")]
    StaleVersion {
        /// The version the client saw.
        expected: u64,
        /// The current version.
        current: u64,
    },
    /// Invalid table options.
    #[error("invalid table: {0}")]
    InvalidTable(String),
    /// The record is not available yet.
    #[error("the record is available when the game is over")]
    NotFinished,
    /// The seat's lobby action is not possible (table full, already started, ...).
    #[error("{0}")]
    Lobby(String),
    /// Another server instance changed the table's seats while this request was changing them
    /// (the request is tried again on the fresh seats first; this is what remains after that).
    #[error("the table's seats changed meanwhile; try again")]
    SeatsChanged,
    /// Taking back the last decision is not allowed.
    #[error("cannot take back: {0}")]
    UndoRefused(&'static str),
    /// Too many requests from one address.
    #[error("too many requests; slow down")]
    RateLimited,
    /// The server holds as many connections as it allows.
    #[error("the server is busy; try again in a few seconds")]
    Busy,
    /// No route answers this path.
    #[error("no such page or API route")]
    NoRoute,
    /// The route exists but not with this method.
    #[error("this method is not allowed here")]
    MethodNotAllowed,
    /// The caps on unfinished tables (per address or in total) are reached.
    #[error("{0}")]
    TooManyTables(&'static str),
    /// The request body is over the size limit.
    #[error("the request body is too large")]
    TooLarge,
    /// The table's stored record can no longer be read or replayed (a corrupt row, or a
    /// decision the rules now refuse). The record is kept as it is; the detail is logged.
    #[error("this table's stored record cannot be replayed; it is kept unchanged for the host")]
    Damaged(String),
    /// A name an account cannot have.
    #[error("{0}")]
    InvalidName(String),
    /// A password an account cannot have.
    #[error("{0}")]
    WeakPassword(String),
    /// Text that cannot be an e-mail address.
    #[error("this is not an e-mail address")]
    InvalidEmail,
    /// The name is taken (without regard to case).
    #[error("this name is taken")]
    NameTaken,
    /// The name and password do not match an account (the same whether the name exists).
    #[error("wrong name or password")]
    WrongCredentials,
    /// An operator disabled the account.
    #[error("this account is disabled; ask the server's operator")]
    AccountDisabled,
    /// Too many failed sign-ins for the name, or attempts from the address: seconds to wait.
    #[error("too many sign-in attempts; try again in {} minute(s)", .0.div_ceil(60))]
    LoginThrottled(u64),
    /// The route needs a signed-in account.
    #[error("sign in first")]
    SignInRequired,
    /// A browser sent a state-changing request from another site.
    #[error("requests that change something must come from this site's own pages")]
    CrossSite,
    /// The player resigned from this game: the seat is the stand-in's to the end.
    #[error("you resigned from this game; the stand-in plays your seat to the end")]
    Resigned,
    /// A rematch that cannot be offered, accepted or declined now.
    #[error("{0}")]
    Rematch(&'static str),
    /// A chat message that cannot be said (empty, too long, an unknown quick phrase).
    #[error("{0}")]
    ChatRefused(String),
    /// Chat messages faster than allowed: seconds to wait.
    #[error("you are writing faster than the table allows; wait {0} s")]
    ChatTooFast(u64),
    /// The table's chat holds as many messages as it keeps.
    #[error("this table's chat is full")]
    ChatFull,
    /// A rated table's condition not met (a clock, accounts only).
    #[error("{0}")]
    Rated(String),
    /// An abandonment vote that cannot be cast now.
    #[error("{0}")]
    Abandon(String),
    /// Notification settings refused (a webhook address, a vacation too long, e-mail without
    /// an address).
    #[error("{message}")]
    Notify {
        /// Which setting: `webhook`, `vacation` or `email`.
        field: &'static str,
        /// Why.
        message: String,
    },
    /// No account of that name.
    #[error("no player of that name")]
    UnknownPlayer,
    /// A failure on our side.
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::BadToken => StatusCode::FORBIDDEN,
            ApiError::Malformed(_)
            | ApiError::InvalidTable(_)
            | ApiError::InvalidName(_)
            | ApiError::WeakPassword(_)
            | ApiError::InvalidEmail
            | ApiError::ChatRefused(_)
            | ApiError::Notify { .. } => StatusCode::BAD_REQUEST,
            ApiError::Rated(_) | ApiError::Abandon(_) => StatusCode::CONFLICT,
            ApiError::UnknownPlayer => StatusCode::NOT_FOUND,
            ApiError::ChatTooFast(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::ChatFull | ApiError::Resigned | ApiError::Rematch(_) => StatusCode::CONFLICT,
            ApiError::NameTaken => StatusCode::CONFLICT,
            ApiError::WrongCredentials | ApiError::SignInRequired => StatusCode::UNAUTHORIZED,
            ApiError::AccountDisabled | ApiError::CrossSite => StatusCode::FORBIDDEN,
            ApiError::LoginThrottled(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NotActive(_)
            | ApiError::NotYourTurn
            | ApiError::StaleVersion { .. }
            | ApiError::NotFinished
            | ApiError::Lobby(_)
            | ApiError::SeatsChanged
            | ApiError::UndoRefused(_) => StatusCode::CONFLICT,
            ApiError::RateLimited | ApiError::TooManyTables(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::NoRoute => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Damaged(_) | ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A stable, namespaced code for clients.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::NotFound => "game/not_found",
            ApiError::BadToken => "auth/bad_token",
            ApiError::Malformed(_) => "request/malformed",
            ApiError::NotActive(_) => "game/not_active",
            ApiError::NotYourTurn => "action/not_your_turn",
            ApiError::Illegal(_) => "action/illegal",
            ApiError::StaleVersion { .. } => "action/stale_version",
            ApiError::InvalidTable(_) => "table/invalid",
            ApiError::NotFinished => "game/not_finished",
            ApiError::Lobby(_) | ApiError::SeatsChanged => "table/lobby",
            ApiError::UndoRefused(_) => "undo/refused",
            ApiError::RateLimited => "request/rate_limited",
            ApiError::Busy => "server/busy",
            ApiError::NoRoute => "request/no_route",
            ApiError::MethodNotAllowed => "request/method_not_allowed",
            ApiError::TooManyTables(_) => "table/too_many",
            ApiError::TooLarge => "request/too_large",
            ApiError::Damaged(_) => "table/damaged",
            ApiError::InvalidName(_) => "account/invalid_name",
            ApiError::WeakPassword(_) => "account/weak_password",
            ApiError::InvalidEmail => "account/invalid_email",
            ApiError::NameTaken => "account/name_taken",
            ApiError::WrongCredentials => "account/wrong_credentials",
            ApiError::AccountDisabled => "account/disabled",
            ApiError::LoginThrottled(_) => "account/throttled",
            ApiError::SignInRequired => "auth/required",
            ApiError::CrossSite => "request/cross_site",
            ApiError::ChatRefused(_) => "chat/refused",
            ApiError::Resigned => "table/resigned",
            ApiError::Rematch(_) => "table/rematch",
            ApiError::ChatTooFast(_) => "chat/too_fast",
            ApiError::ChatFull => "chat/full",
            ApiError::Rated(_) => "table/rated",
            ApiError::Abandon(_) => "table/abandon",
            ApiError::Notify { field, .. } => match *field {
                "webhook" => "notify/webhook",
                "vacation" => "notify/vacation",
                "lang" => "notify/lang",
                _ => "notify/email",
            },
            ApiError::UnknownPlayer => "player/unknown",
            ApiError::Internal(_) => "internal",
        }
    }

    /// The message shown to clients (internal details hidden).
    pub fn public_message(&self) -> String {
        match self {
            ApiError::Internal(_) => "internal error".to_string(),
            other => other.to_string(),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound(_) => ApiError::NotFound,
            StoreError::SeatsChanged(_) => ApiError::SeatsChanged,
            StoreError::Full(_) => ApiError::ChatFull,
            StoreError::Conflict { expected, current } => {
                ApiError::StaleVersion { expected, current }
            }
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match &self {
            ApiError::Internal(detail) => tracing::error!(%detail, "internal error"),
            ApiError::Damaged(detail) => tracing::warn!(%detail, "damaged table requested"),
            _ => {}
        }
        let body = crate::protocol::ErrorBody {
            code: self.code().to_string(),
            message: self.public_message(),
        };
        (self.status(), axum::Json(body)).into_response()
    }
}
