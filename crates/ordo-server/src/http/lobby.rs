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
    CreateTable, GameEntry, JoinRequest, StartRequest, StatusAnswer, TableStatus, TableSummary,
    TokenBody,
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
        .route("/api/tables/{id}/resign", post(resign))
        .route("/api/tables/{id}/name", post(rename))
        .route("/api/tables/{id}/invites/{seat}", post(show_invite))
        .route(
            "/api/tables/{id}/invites/{seat}/revoke",
            post(revoke_invite),
        )
        .route("/api/tables/{id}/rematch", post(rematch))
        .route("/api/tables/{id}/rematch/decline", post(decline_rematch))
}

async fn games(State(state): State<AppState>) -> Json<Vec<GameEntry>> {
    Json(crate::games::catalogue(&state.packs))
}

/// Creates a table; the person creating it is its host (besides the host token), a new guest
/// getting their cookie.
async fn create(
    State(state): State<AppState>,
    addr: Option<axum::Extension<crate::edge::ClientAddr>>,
    who: crate::accounts::Identity,
    AppJson(req): AppJson<CreateTable>,
) -> Result<Response, ApiError> {
    let (holder, cookie) = who.holder_or_guest()?;
    let created = state
        .create_from(addr.map(|a| a.0 .0), req, Some(&holder))
        .await?;
    let mut resp = (axum::http::StatusCode::CREATED, Json(created)).into_response();
    if let Some(c) = cookie {
        resp.headers_mut().append(axum::http::header::SET_COOKIE, c);
    }
    Ok(resp)
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
                rated: crate::table::is_rated(&r.seats),
            })
            .collect(),
    ))
}

/// Takes a seat, bound to the person asking: the signed-in account (whose name the seat then
/// shows), or a guest, who gets a guest cookie if the browser had none.
async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: crate::accounts::Identity,
    AppJson(req): AppJson<JoinRequest>,
) -> Result<Response, ApiError> {
    let (holder, cookie) = who.holder_or_guest()?;
    let name = who.account_name.clone().or(req.name);
    let joined = state
        .join(
            &id,
            req.token.as_deref(),
            name,
            req.new_token.as_deref(),
            Some(&holder),
        )
        .await?;
    let mut resp = Json(joined).into_response();
    if let Some(c) = cookie {
        resp.headers_mut().append(axum::http::header::SET_COOKIE, c);
    }
    Ok(resp)
}

async fn leave(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<StatusAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    let status = state.leave(&id, key).await?;
    Ok(Json(StatusAnswer { status }))
}

async fn reclaim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<StatusAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    state.reclaim(&id, key).await?;
    Ok(Json(StatusAnswer {
        status: TableStatus::Active,
    }))
}

/// The host shows an unused seat's invite again (issued anew).
async fn show_invite(
    State(state): State<AppState>,
    Path((id, seat)): Path<(String, u8)>,
    who: crate::accounts::Identity,
    AppJson(req): AppJson<StartRequest>,
) -> Result<Json<crate::protocol::Invite>, ApiError> {
    let host = (req.host_token.as_deref(), who.holder.as_deref());
    let token = state
        .manage_invite(&id, host, usize::from(seat), true)
        .await?;
    Ok(Json(crate::protocol::Invite { seat, token }))
}

/// The host revokes an unused seat's invite.
async fn revoke_invite(
    State(state): State<AppState>,
    Path((id, seat)): Path<(String, u8)>,
    who: crate::accounts::Identity,
    AppJson(req): AppJson<StartRequest>,
) -> Result<Json<crate::protocol::Invite>, ApiError> {
    let host = (req.host_token.as_deref(), who.holder.as_deref());
    state
        .manage_invite(&id, host, usize::from(seat), false)
        .await?;
    Ok(Json(crate::protocol::Invite { seat, token: None }))
}

/// A guest names their seat.
async fn rename(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<crate::protocol::NameSeat>,
) -> Result<Json<StatusAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    state.rename(&id, key, &req.name).await?;
    let status = state.table(&id).await?.lock().await.status();
    Ok(Json(StatusAnswer { status }))
}

/// The player resigns: the stand-in plays the seat to the end.
async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<StatusAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    state.resign(&id, key).await?;
    Ok(Json(StatusAnswer {
        status: TableStatus::Active,
    }))
}

/// The player accepts (or, first, offers) a rematch of the finished table.
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<crate::protocol::Rematched>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    let holder = creds.who.holder.clone();
    let name = creds.who.account_name.clone();
    Ok(Json(
        state
            .accept_rematch(&id, key, holder.as_deref(), name)
            .await?,
    ))
}

/// The player declines the rematch offered.
async fn decline_rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<TokenBody>,
) -> Result<Json<StatusAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    state.decline_rematch(&id, key).await?;
    Ok(Json(StatusAnswer {
        status: TableStatus::Finished,
    }))
}

async fn start(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: crate::accounts::Identity,
    AppJson(req): AppJson<StartRequest>,
) -> Result<Json<StatusAnswer>, ApiError> {
    state
        .start(&id, req.host_token.as_deref(), who.holder.as_deref())
        .await?;
    Ok(Json(StatusAnswer {
        status: TableStatus::Active,
    }))
}
