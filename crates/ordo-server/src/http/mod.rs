//! HTTP: the routes by area (lobby, tables, operations, the WebSocket upgrade, the browser
//! client), merged in one router, with typed extractors and the per-address limit.

pub(crate) mod extract;
mod lobby;
mod ops;
mod tables;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

pub use extract::MAX_BODY;
pub(crate) use extract::{seat_for, viewer_for, AppJson, Q};

pub use crate::metrics::resident_bytes;
pub use ops::OPENAPI;

/// Open WebSocket connections one client address may hold.
pub use crate::ws::MAX_SOCKETS_PER_ADDRESS;

/// The server's routes over shared state.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(crate::web::router())
        .merge(ops::router())
        .merge(lobby::router())
        .merge(tables::router())
        .merge(crate::ws::router())
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // brotli or gzip for JSON and text the routes did not compress themselves (the client's
        // files come compressed from `web`).
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(axum::middleware::from_fn_with_state(state.clone(), limit))
        .with_state(state)
}

/// Refuses requests beyond the per-address limit (when the peer address is known).
async fn limit(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    if let Some(ip) = peer {
        if !state.limiter.allow(ip) {
            return ApiError::RateLimited.into_response();
        }
    }
    next.run(req).await
}
