//! Table routes: its facts, a viewer's snapshot, decisions and take-backs over HTTP, hints,
//! replays and the finished game's record.

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

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn table_state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: Creds,
    Q(q): Q<TokenQuery>,
) -> Result<Json<Value>, ApiError> {
    let viewer = viewer_by(&state, &id, creds.key(q.token.as_deref())).await?;
    let handle = state.table(&id).await?;
    let mut t = handle.lock().await;
    let (_, value) = t.full_view(viewer);
    Ok(Json((*value).clone()))
}

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

#[derive(Deserialize)]
struct ReplayQuery {
    #[serde(default)]
    at: u64,
}

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
