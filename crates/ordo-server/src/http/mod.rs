//! HTTP: the routes by area (lobby, tables, operations, the WebSocket upgrade, the browser
//! client), merged in one router, with typed extractors and the per-address limit.

pub(crate) mod extract;
mod lobby;
mod mine;
pub mod openapi;
mod ops;
mod tables;
mod turns;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

pub use extract::MAX_BODY;
pub(crate) use extract::{seat_by, viewer_by, AppJson, Creds, Q};

pub use crate::metrics::resident_bytes;

/// Open WebSocket connections one client address may hold.
pub use crate::ws::MAX_SOCKETS_PER_ADDRESS;

/// The server's routes over shared state.
pub fn app(state: AppState) -> Router {
    let body_timeout = state.policy.body_timeout;
    Router::new()
        .merge(crate::web::router())
        .merge(ops::router())
        .merge(lobby::router())
        .merge(mine::router())
        .merge(tables::router())
        .merge(turns::router())
        .merge(crate::ws::router())
        .merge(crate::accounts::router())
        .fallback(|| async { ApiError::NoRoute })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        // brotli or gzip for JSON and text the routes did not compress themselves (the client's
        // files come compressed from `web`).
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(axum::middleware::from_fn(crate::accounts::same_origin))
        .layer(axum::middleware::from_fn_with_state(state.clone(), limit))
        .layer(axum::middleware::map_response(error_body))
        .layer(axum::middleware::map_response(privacy_headers))
        .with_state(state)
}

/// Every answer: no `Referer` leaves a page of Ordo (an invite link's token never reaches
/// another site or even this one's other requests), and content types are taken as given.
async fn privacy_headers(mut resp: Response) -> Response {
    let h = resp.headers_mut();
    h.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    resp
}

/// Reads the client's address (through trusted proxies) for the routes, refuses a body that
/// announces more than the limit before reading it, and refuses requests beyond the
/// per-address limit (when the peer address is known).
async fn limit(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return ApiError::TooLarge.into_response();
    }
    if let Some(peer) = peer {
        let ip = crate::edge::client_addr(peer, req.headers(), &state.policy.trusted_proxies);
        req.extensions_mut().insert(crate::edge::ClientAddr(ip));
        // HTTPS behind a trusted proxy that says so (the listener marks its own TLS).
        if req.extensions().get::<crate::accounts::Https>().is_none() {
            let forwarded_https = crate::edge::trusted(peer, &state.policy.trusted_proxies)
                && req
                    .headers()
                    .get("x-forwarded-proto")
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
            req.extensions_mut()
                .insert(crate::accounts::Https(forwarded_https));
        }
        if !state.limiter.allow(ip) {
            return ApiError::RateLimited.into_response();
        }
    }
    next.run(req).await
}

/// Gives every error response the API's `{"code","message"}` body: those the routes return
/// have it already; those of the layers below them (a body that timed out, a rejected
/// extractor the routes did not map) get it here, with a code for their status.
async fn error_body(resp: Response) -> Response {
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return resp;
    }
    let is_json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return resp;
    }
    let (mut parts, body) = resp.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_string());
    let body = crate::protocol::ErrorBody {
        code: code_for(status).to_string(),
        message: text.trim().to_string(),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_ENCODING);
    let json = serde_json::to_vec(&body).unwrap_or_default();
    parts.headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, axum::body::Body::from(json))
}

/// The error code of a status the routes did not choose themselves.
fn code_for(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "request/malformed",
        404 => "request/no_route",
        405 => "request/method_not_allowed",
        408 => "request/timeout",
        413 => "request/too_large",
        414 => "request/uri_too_long",
        415 => "request/unsupported_media_type",
        429 => "request/rate_limited",
        503 => "server/busy",
        s if s >= 500 => "internal",
        _ => "request/refused",
    }
}
