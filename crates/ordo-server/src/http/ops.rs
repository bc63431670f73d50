//! Operations: liveness, readiness, metrics and the OpenAPI document.

use crate::protocol::ErrorBody;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::protocol::TableStatus;
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
}

#[utoipa::path(
    get,
    path = "/api/openapi.json",
    summary = "This document",
    responses((status = 200, description = "The OpenAPI document", body = serde_json::Value))
)]
async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        super::openapi::json(),
    )
        .into_response()
}

#[utoipa::path(
    get,
    path = "/healthz",
    summary = "Liveness (answers even while the connection cap is reached)",
    responses((status = 200, description = "`ok`", body = String, content_type = "text/plain"))
)]
async fn healthz() -> &'static str {
    "ok"
}

#[utoipa::path(
    get,
    path = "/readyz",
    summary = "Readiness: the store answers",
    responses((status = 200, description = "`ready`", body = String, content_type = "text/plain"), (status = 500, description = "The store does not answer", body = ErrorBody))
)]
async fn ready(State(state): State<AppState>) -> Result<&'static str, ApiError> {
    state.store.list_tables(Some(TableStatus::Open)).await?;
    Ok("ready")
}

#[utoipa::path(
    get,
    path = "/metrics",
    summary = "Prometheus metrics",
    responses((status = 200, description = "Prometheus text exposition", body = String, content_type = "text/plain"))
)]
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

/// Operations: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(healthz, ready, metrics, openapi))]
pub(super) struct Api;
