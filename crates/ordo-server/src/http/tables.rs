//! Table routes: its facts, a viewer's snapshot, decisions and take-backs over HTTP, hints,
//! replays and the finished game's record.

use crate::protocol::{ErrorBody, Snapshot};
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use ordo_core::Viewer;
use serde::Deserialize;
use serde_json::Value;

use super::{seat_by, viewer_by, AppJson, Creds, Q};
use crate::error::ApiError;
use crate::pipeline::Incoming;
use crate::protocol::{Ack, ActionRequest, Hints, ReplayStep, TableInfo, TableStatus, UndoRequest};
use crate::state::AppState;
use crate::tokens::random_u64;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/tables/{id}", get(table_info))
        .route("/api/tables/{id}/state", get(table_state))
        .route("/api/tables/{id}/actions", post(action))
        .route("/api/tables/{id}/undo", post(undo))
        .route("/api/tables/{id}/hints", get(hints))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/record", get(record))
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}",
    summary = "Table info: config, status, seats, version, seed commitment (seed once finished)",
    params(("id" = String, Path, description = "Table id")),
    responses((status = 200, description = "The table", body = TableInfo), (status = 404, description = "No such table", body = ErrorBody))
)]
async fn table_info(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<TableInfo>, ApiError> {
    let handle = state.table(&id).await?;
    let t = handle.lock().await;
    let row = t.row();
    Ok(Json(TableInfo {
        id: row.id.clone(),
        game: row.game.clone(),
        config: serde_json::from_str(&row.config).unwrap_or(Value::Null),
        status: row.status,
        seats: t
            .seats()
            .iter()
            .map(crate::table::SeatInfo::public)
            .collect(),
        pace: t.options().pace,
        clock: t.options().clock,
        standin: t.options().standin.clone(),
        version: t.version(),
        seed_commitment: row.seed_commitment.clone(),
        seed: (row.status == TableStatus::Finished).then(|| row.seed.to_string()),
        seed_nonce: (row.status == TableStatus::Finished)
            .then(|| row.seed_nonce.clone())
            .flatten(),
        rated: t.options().rated,
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// A seat token (old clients; prefer `Authorization: Bearer`, or the browser's cookie).
    token: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/state",
    summary = "Snapshot for a viewer: its view and its legal decisions (a spectator without credentials)",
    params(("id" = String, Path, description = "Table id"), TokenQuery),
    responses((status = 200, description = "The snapshot", body = Snapshot), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody))
)]
async fn table_state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: Creds,
    Q(q): Q<TokenQuery>,
) -> Result<Json<Value>, ApiError> {
    let viewer = viewer_by(&state, &id, creds.key(q.token.as_deref())).await?;
    let handle = state.table(&id).await?;
    let mut t = handle.lock().await;
    Ok(Json(t.full_view(viewer)))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/actions",
    summary = "Make a decision against the version you saw (a free decision, such as a gift, whatever the version)",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = ActionRequest, content_type = "application/json"),
    responses((status = 200, description = "Acknowledged", body = Ack), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Stale version, not your turn, or the game is over", body = ErrorBody), (status = 413, description = "Body larger than 64 KiB", body = ErrorBody), (status = 422, description = "Not a legal decision here (the reason is in the message)", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn action(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: Creds,
    AppJson(req): AppJson<ActionRequest>,
) -> Result<Json<Ack>, ApiError> {
    let seat = seat_by(&state, &id, creds.key(req.token.as_deref())).await?;
    let version = state
        .submit(&id, seat, req.version, Incoming::Json(&req.action))
        .await?;
    Ok(Json(Ack::Ack { version }))
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/undo",
    summary = "Take back your last decision (only your own, only if nobody decided since and nothing was revealed)",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = UndoRequest, content_type = "application/json"),
    responses((status = 200, description = "Acknowledged", body = Ack), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: Creds,
    AppJson(req): AppJson<UndoRequest>,
) -> Result<Json<Ack>, ApiError> {
    let seat = seat_by(&state, &id, creds.key(req.token.as_deref())).await?;
    let version = state.undo(&id, seat, req.version).await?;
    Ok(Json(Ack::Ack { version }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ReplayQuery {
    /// How many decisions in effect to replay (0: the setup).
    #[serde(default)]
    at: u64,
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/replay",
    summary = "The public (spectator) position after the first `at` decisions in effect, for replays",
    params(("id" = String, Path, description = "Table id"), ReplayQuery),
    responses((status = 200, description = "The position", body = ReplayStep), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody))
)]
async fn replay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Q(q): Q<ReplayQuery>,
) -> Result<Json<ReplayStep>, ApiError> {
    let handle = state.table(&id).await?;
    let (mut step, upto, status) = {
        let t = handle.lock().await;
        (
            crate::table::replay_step(&t, q.at)?,
            crate::table::version_at(&t, q.at),
            t.status(),
        )
    };
    step.chat = state.chat_until(&id, upto, status).await?;
    Ok(Json(step))
}

/// Simulations per hint request.
const HINT_ITERATIONS: u64 = 3000;

#[utoipa::path(
    get,
    path = "/api/tables/{id}/hints",
    summary = "The coach: the search bot's best decisions for your seat (it sees only your view)",
    params(("id" = String, Path, description = "Table id"), TokenQuery),
    responses((status = 200, description = "The hints", body = Hints), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn hints(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: Creds,
    Q(q): Q<TokenQuery>,
) -> Result<Json<Hints>, ApiError> {
    let seat = match viewer_by(&state, &id, creds.key(q.token.as_deref())).await? {
        Viewer::Seat(s) => s,
        Viewer::Spectator => return Err(ApiError::BadToken),
    };
    let handle = state.table(&id).await?;
    // The search draws its own randomness (nothing derived from the table's seed) and sees
    // only this seat's view.
    let search_seed = random_u64()?;
    let (job, version) = {
        let t = handle.lock().await;
        if t.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        if t.status() != TableStatus::Active {
            return Err(ApiError::NotActive(t.status().as_str()));
        }
        if !t.game().pending().contains(seat) {
            return Err(ApiError::NotYourTurn);
        }
        (
            t.game().hints_job(seat, search_seed, HINT_ITERATIONS),
            t.version(),
        )
    };
    // Searches are bounded in time and in number: a burst of hint requests cannot take the
    // server's cores from its tables.
    let slot = state
        .searches
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::RateLimited)?;
    let (iterations, hints) = tokio::task::spawn_blocking(move || {
        // The slot is held by the search itself, so a client who hangs up does not free it
        // while the search still runs.
        let _slot = slot;
        job()
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(Json(Hints {
        version,
        iterations,
        hints,
    }))
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/record",
    summary = "The game record of a finished table (docs/record-format.md)",
    params(("id" = String, Path, description = "Table id")),
    responses((status = 200, description = "The record (docs/record-format.md)", body = serde_json::Value), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "The game is not over", body = ErrorBody))
)]
async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let handle = state.table(&id).await?;
    let t = handle.lock().await;
    if t.status() != TableStatus::Finished {
        return Err(ApiError::NotFinished);
    }
    Ok(Json(t.game().record()))
}

/// Play at a table: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(table_info, table_state, action, undo, hints, replay, record))]
pub(super) struct Api;
