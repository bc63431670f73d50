//! Typed extractors and the token-to-viewer lookup the routes share (a leaf of the HTTP layer:
//! the WebSocket and the browser client's routes use it too).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use ordo_core::Viewer;

use crate::error::ApiError;
use crate::state::AppState;

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

/// The viewer a token speaks for at table `id` (a spectator without a token).
///
/// # Errors
/// Unknown table; a token that holds no seat there.
pub(crate) async fn viewer_for(
    state: &AppState,
    id: &str,
    token: Option<&str>,
) -> Result<Viewer, ApiError> {
    match token {
        None => Ok(Viewer::Spectator),
        Some(tok) => {
            let handle = state.table(id).await?;
            let t = handle.lock().await;
            t.seat_of(tok).map(Viewer::Seat).ok_or(ApiError::BadToken)
        }
    }
}

/// The seat a token holds at table `id`.
///
/// # Errors
/// Unknown table; a token that holds no seat there.
pub(crate) async fn seat_for(
    state: &AppState,
    id: &str,
    token: &str,
) -> Result<ordo_core::Seat, ApiError> {
    match viewer_for(state, id, Some(token)).await? {
        Viewer::Seat(s) => Ok(s),
        Viewer::Spectator => Err(ApiError::BadToken),
    }
}
