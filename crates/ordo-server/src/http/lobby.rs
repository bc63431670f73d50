//! Lobby routes: the games, creating and listing tables, joining, leaving, reclaiming and
//! starting.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::{AppJson, Q};
use crate::error::ApiError;
use crate::protocol::{
    CreateTable, GameEntry, JoinRequest, Joined, StartRequest, StatusAnswer, TableStatus,
    TableSummary, TokenBody,
};
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/tables", post(create).get(list))
        .route("/api/tables/{id}/join", post(join))
        .route("/api/tables/{id}/leave", post(leave))
        .route("/api/tables/{id}/reclaim", post(reclaim))
        .route("/api/tables/{id}/start", post(start))
}

async fn games(State(state): State<AppState>) -> Json<Vec<GameEntry>> {
    Json(crate::games::catalogue(&state.packs))
}

async fn create(
    State(state): State<AppState>,
    addr: Option<axum::Extension<crate::edge::ClientAddr>>,
    AppJson(req): AppJson<CreateTable>,
) -> Result<Response, ApiError> {
    let created = state.create_from(addr.map(|a| a.0 .0), req).await?;
    Ok((axum::http::StatusCode::CREATED, Json(created)).into_response())
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<TableStatus>,
}

async fn list(
    State(state): State<AppState>,
    Q(q): Q<ListQuery>,
) -> Result<Json<Vec<TableSummary>>, ApiError> {
    let rows = state.store.list_tables(q.status).await?;
    Ok(Json(
        rows.iter()
            .filter(|r| !state.lobby_expired(r.status, r.created_at))
            .map(|r| TableSummary {
                id: r.id.clone(),
                game: r.game.clone(),
                status: r.status,
                config: serde_json::from_str(&r.config).unwrap_or(serde_json::Value::Null),
                created_at: r.created_at,
                free_seats: crate::table::free_seats(&r.seats),
                damaged: state.damage(&r.id).is_some(),
            })
            .collect(),
    ))
}

async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    AppJson(req): AppJson<JoinRequest>,
) -> Result<Json<Joined>, ApiError> {
    let joined = state
        .join(
            &id,
            req.token.as_deref(),
            req.name,
            req.new_token.as_deref(),
        )
        .await?;
    Ok(Json(joined))
}

async fn leave(
    State(state): State<AppState>,
    Path(id): Path<String>,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<StatusAnswer>, ApiError> {
    let status = state.leave(&id, &req.token).await?;
    Ok(Json(StatusAnswer { status }))
}

async fn reclaim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<StatusAnswer>, ApiError> {
    state.reclaim(&id, &req.token).await?;
    Ok(Json(StatusAnswer {
        status: TableStatus::Active,
    }))
}

async fn start(
    State(state): State<AppState>,
    Path(id): Path<String>,
    AppJson(req): AppJson<StartRequest>,
) -> Result<Json<StatusAnswer>, ApiError> {
    state.start(&id, &req.host_token).await?;
    Ok(Json(StatusAnswer {
        status: TableStatus::Active,
    }))
}
