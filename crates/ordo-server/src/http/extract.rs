//! Typed extractors and the token-to-viewer lookup the routes share (a leaf of the HTTP layer:
//! the WebSocket and the browser client's routes use it too).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use ordo_core::Viewer;

use crate::error::ApiError;
use crate::state::AppState;
use crate::table::SeatKey;

/// Largest accepted request body.
pub const MAX_BODY: usize = 64 * 1024;

/// A query string, with a typed error (`request/malformed`) when it does not parse.
pub(crate) struct Q<T>(pub(crate) T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(q)| Q(q))
            .map_err(|e| ApiError::Malformed(e.body_text()))
    }
}

/// A JSON request body, with typed errors: `request/too_large` over [`MAX_BODY`],
/// `request/malformed` when it cannot be read or is not the expected JSON.
pub(crate) struct AppJson<T>(pub(crate) T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequest<S> for AppJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let body = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else {
                ApiError::Malformed(e.body_text())
            }
        })?;
        serde_json::from_slice(&body)
            .map(AppJson)
            .map_err(|e| ApiError::Malformed(e.to_string()))
    }
}

/// What a request may hold a seat with: a seat token sent as `Authorization: Bearer` (programs)
/// and the person behind a browser (its sign-in or guest cookie).
#[derive(Clone, Debug, Default)]
pub(crate) struct Creds {
    /// The bearer token, if any.
    pub(crate) bearer: Option<String>,
    /// The person, if known.
    pub(crate) who: crate::accounts::Identity,
}

impl Creds {
    /// The key naming the caller's seat: a token given in the request (`token`), else the
    /// bearer token, else the person's bound seat.
    pub(crate) fn key<'a>(&'a self, token: Option<&'a str>) -> Option<SeatKey<'a>> {
        token
            .or(self.bearer.as_deref())
            .map(SeatKey::Token)
            .or_else(|| self.who.holder.as_deref().map(SeatKey::Holder))
    }
}

impl FromRequestParts<AppState> for Creds {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, ApiError> {
        let bearer = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty());
        let who = crate::accounts::Identity::from_request_parts(parts, state).await?;
        Ok(Creds { bearer, who })
    }
}

/// The viewer a key speaks for at table `id`: a token's seat (an unknown token is refused),
/// the seat bound to a person (a spectator if none), a spectator without a key.
///
/// # Errors
/// Unknown table; a token that holds no seat there.
pub(crate) async fn viewer_by(
    state: &AppState,
    id: &str,
    key: Option<SeatKey<'_>>,
) -> Result<Viewer, ApiError> {
    match key {
        None => Ok(Viewer::Spectator),
        Some(key) => {
            let handle = state.table(id).await?;
            let t = handle.lock().await;
            match (t.seat_by(key), key) {
                (Some(s), _) => Ok(Viewer::Seat(s)),
                (None, SeatKey::Holder(_)) => Ok(Viewer::Spectator),
                (None, SeatKey::Token(_)) => Err(ApiError::BadToken),
            }
        }
    }
}

/// The seat a key names at table `id`.
///
/// # Errors
/// Unknown table; no key, or one that holds no seat there.
pub(crate) async fn seat_by(
    state: &AppState,
    id: &str,
    key: Option<SeatKey<'_>>,
) -> Result<ordo_core::Seat, ApiError> {
    match viewer_by(state, id, key).await? {
        Viewer::Seat(s) => Ok(s),
        Viewer::Spectator => Err(ApiError::BadToken),
    }
}
