//! Operations: liveness, readiness, metrics and the OpenAPI document.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::protocol::TableStatus;
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
}

/// The OpenAPI document of the HTTP API.
pub const OPENAPI: &str = include_str!("../../api/openapi.json");

async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        OPENAPI,
    )
        .into_response()
}

async fn ready(State(state): State<AppState>) -> Result<&'static str, ApiError> {
    state.store.list_tables(Some(TableStatus::Open)).await?;
    Ok("ready")
}

async fn metrics(State(state): State<AppState>) -> Response {
    let text = state.metrics.render(state.live_tables().await);
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}
