//! Lobby routes: the games, creating and listing tables, joining, leaving, reclaiming and
//! starting.

use crate::protocol::{Created, ErrorBody, Invite, Joined, NameSeat, Rematched};
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

#[utoipa::path(
    get,
    path = "/api/games",
    summary = "The registered games: id, name, seat range, the owner's data pack new tables play with, and the bots' measured ratings",
    responses((status = 200, description = "The games", body = Vec<GameEntry>))
)]
async fn games(State(state): State<AppState>) -> Json<Vec<GameEntry>> {
    Json(crate::games::catalogue(&state.packs))
}

/// Creates a table; the person creating it is its host (besides the host token), a new guest
/// getting their cookie.
#[utoipa::path(
    post,
    path = "/api/tables",
    summary = "Create a table; returns one secret token per human seat",
    request_body(content = CreateTable, content_type = "application/json"),
    responses((status = 201, description = "Created", body = Created), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "A cross-site browser request, or a rated table asked by a guest", body = ErrorBody), (status = 429, description = "Too many unfinished tables or requests from this address", body = ErrorBody))
)]
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

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Only tables in this status.
    status: Option<TableStatus>,
}

#[utoipa::path(
    get,
    path = "/api/tables",
    summary = "List tables, newest first",
    params(ListQuery),
    responses((status = 200, description = "Table summaries", body = Vec<TableSummary>), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/join",
    summary = "Take a seat: at an open table with a token or the first free seat; at a running table with an unused invite. The player gets a token of their own and the invite is retired. The seat is bound to the signed-in account (whose name it shows) or to a guest, who receives an HttpOnly `ordo_guest` cookie if the browser had none",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = JoinRequest, content_type = "application/json"),
    responses((status = 200, description = "Seated", body = Joined), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
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

#[utoipa::path(
    post,
    path = "/api/tables/{id}/leave",
    summary = "Leave: before the start the seat is freed; during the game the stand-in bot plays it",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = TokenBody, content_type = "application/json"),
    responses((status = 200, description = "The table's status afterwards", body = StatusAnswer), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
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

#[utoipa::path(
    post,
    path = "/api/tables/{id}/reclaim",
    summary = "Take a seat back from the stand-in bot",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = TokenBody, content_type = "application/json"),
    responses((status = 200, description = "The table's status afterwards", body = StatusAnswer), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/invites/{seat}",
    summary = "The host shows a new invite link for a seat nobody has taken (the seat's earlier invite stops working); the host is known by the host token or as the person who created the table",
    params(("id" = String, Path, description = "Table id"), ("seat" = u8, Path, description = "Seat number, from 0")),
    request_body(content = StartRequest, content_type = "application/json"),
    responses((status = 200, description = "The new invite", body = Invite), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/invites/{seat}/revoke",
    summary = "The host revokes the invite of a seat nobody has taken (nobody can take it until a new one)",
    params(("id" = String, Path, description = "Table id"), ("seat" = u8, Path, description = "Seat number, from 0")),
    request_body(content = StartRequest, content_type = "application/json"),
    responses((status = 200, description = "The seat, now without an invite", body = Invite), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/name",
    summary = "A guest names their table's seat (an account's seat shows the account's name)",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = NameSeat, content_type = "application/json"),
    responses((status = 200, description = "The table's status", body = StatusAnswer), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/resign",
    summary = "Resign: the stand-in bot plays the seat to the end and the player cannot take it back (seat by cookie, bearer token or `token`)",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = TokenBody, content_type = "application/json"),
    responses((status = 200, description = "The table's status", body = StatusAnswer), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/rematch",
    summary = "At a finished table: accept the rematch, offering it if nobody has (a new lobby table with the same game, options and seats, each human seat kept for its player); the player takes their seat there",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = TokenBody, content_type = "application/json"),
    responses((status = 200, description = "The rematch table and the seat taken there", body = Rematched), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
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
#[utoipa::path(
    post,
    path = "/api/tables/{id}/rematch/decline",
    summary = "Decline the rematch offered (an answer cannot be changed)",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = TokenBody, content_type = "application/json"),
    responses((status = 200, description = "The table's status", body = StatusAnswer), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody))
)]
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

#[utoipa::path(
    post,
    path = "/api/tables/{id}/start",
    summary = "The host starts an open table; unjoined seats are played by the stand-in",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = StartRequest, content_type = "application/json"),
    responses((status = 200, description = "The table's status", body = StatusAnswer), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
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

/// The lobby: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    games,
    create,
    list,
    join,
    leave,
    reclaim,
    show_invite,
    revoke_invite,
    rename,
    resign,
    rematch,
    decline_rematch,
    start
))]
pub(super) struct Api;
