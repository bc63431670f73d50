//! HTTP routes (lobby, state, actions, records) and the WebSocket session.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use ordo_core::Viewer;
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::store::TableStatus;
use crate::table::{snapshot, AppState, CreateTable};

/// Largest accepted request body.
pub const MAX_BODY: usize = 64 * 1024;

/// The server's routes over shared state.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
        .route("/api/tables", post(create).get(list))
        .route("/api/tables/{id}", get(table_info))
        .route("/api/tables/{id}/state", get(table_state))
        .route("/api/tables/{id}/actions", post(action))
        .route("/api/tables/{id}/record", get(record))
        .route("/api/tables/{id}/ws", get(ws))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// The OpenAPI document of the HTTP API.
pub const OPENAPI: &str = include_str!("../api/openapi.json");

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

async fn metrics(State(state): State<AppState>) -> String {
    use std::sync::atomic::Ordering::Relaxed;
    let m = &state.metrics;
    format!(
        "# HELP ordo_decisions_total Decisions accepted and stored.\n# TYPE ordo_decisions_total counter\nordo_decisions_total {}\n\
         # HELP ordo_decisions_refused_total Decisions refused.\n# TYPE ordo_decisions_refused_total counter\nordo_decisions_refused_total {}\n\
         # HELP ordo_tables_created_total Tables created.\n# TYPE ordo_tables_created_total counter\nordo_tables_created_total {}\n\
         # HELP ordo_tables_live Tables held in memory.\n# TYPE ordo_tables_live gauge\nordo_tables_live {}\n\
         # HELP ordo_ws_connections Open WebSocket connections.\n# TYPE ordo_ws_connections gauge\nordo_ws_connections {}\n",
        m.decisions.load(Relaxed),
        m.refused.load(Relaxed),
        m.tables_created.load(Relaxed),
        state.live_tables().await,
        m.connections.load(Relaxed),
    )
}

fn parse_json<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::Malformed(e.to_string()))
}

async fn create(State(state): State<AppState>, body: Bytes) -> Result<Response, ApiError> {
    let req: CreateTable = parse_json(&body)?;
    let created = state.create(req).await?;
    Ok((axum::http::StatusCode::CREATED, Json(created)).into_response())
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<TableStatus>,
}

async fn list(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    let rows = state.store.list_tables(q.status).await?;
    let items: Vec<Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id, "game": r.game, "status": r.status,
                "config": serde_json::from_str::<Value>(&r.config).unwrap_or(Value::Null),
                "created_at": r.created_at,
            })
        })
        .collect();
    Ok(Json(Value::Array(items)))
}

async fn table_info(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let handle = state.table(&id).await?;
    let t = handle.table.lock().await;
    let seats: Vec<Value> = t
        .seats
        .iter()
        .map(|s| serde_json::to_value(&s.kind).unwrap_or(Value::Null))
        .collect();
    Ok(Json(serde_json::json!({
        "id": t.row.id,
        "game": t.row.game,
        "config": serde_json::from_str::<Value>(&t.row.config).unwrap_or(Value::Null),
        "status": t.row.status,
        "seats": seats,
        "version": t.game.version(),
        "seed_commitment": t.row.seed_commitment,
        "seed": (t.row.status == TableStatus::Finished).then(|| t.row.seed.to_string()),
    })))
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn viewer_for(state: &AppState, id: &str, token: Option<&str>) -> Result<Viewer, ApiError> {
    match token {
        None => Ok(Viewer::Spectator),
        Some(tok) => {
            let handle = state.table(id).await?;
            let t = handle.table.lock().await;
            AppState::seat_of(&t, tok)
                .map(Viewer::Seat)
                .ok_or(ApiError::BadToken)
        }
    }
}

async fn table_state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> Result<Json<Value>, ApiError> {
    let viewer = viewer_for(&state, &id, q.token.as_deref()).await?;
    let handle = state.table(&id).await?;
    let t = handle.table.lock().await;
    Ok(Json(snapshot(&t, viewer)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionRequest {
    token: String,
    version: u64,
    action: Value,
}

async fn action(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: ActionRequest = parse_json(&body)?;
    let seat = match viewer_for(&state, &id, Some(&req.token)).await? {
        Viewer::Seat(s) => s,
        Viewer::Spectator => return Err(ApiError::BadToken),
    };
    let version = state.submit(&id, seat, req.version, &req.action).await?;
    Ok(Json(
        serde_json::json!({ "type": "ack", "version": version }),
    ))
}

async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let handle = state.table(&id).await?;
    let t = handle.table.lock().await;
    if t.row.status != TableStatus::Finished {
        return Err(ApiError::NotFinished);
    }
    Ok(Json(t.game.record()))
}

#[derive(Deserialize)]
struct WsQuery {
    token: Option<String>,
}

async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let viewer = viewer_for(&state, &id, q.token.as_deref()).await?;
    state.table(&id).await?;
    Ok(upgrade
        .max_message_size(MAX_BODY)
        .on_upgrade(move |socket| session(state, id, viewer, socket)))
}

/// A message from a client.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMsg {
    /// A decision made against `version`; `id` is echoed in the answer.
    Action {
        id: String,
        version: u64,
        action: Value,
    },
    /// Ask for a fresh snapshot.
    Resync,
}

fn error_msg(id: Option<&str>, e: &ApiError, version: u64) -> Message {
    Message::Text(
        serde_json::json!({ "type": "error", "id": id, "code": e.code(), "message": e.public_message(), "version": version })
            .to_string()
            .into(),
    )
}

async fn current_snapshot(state: &AppState, id: &str, viewer: Viewer) -> Option<(u64, Message)> {
    let handle = state.table(id).await.ok()?;
    let t = handle.table.lock().await;
    Some((
        t.game.version(),
        Message::Text(snapshot(&t, viewer).to_string().into()),
    ))
}

/// One connection: a snapshot on connect and after every change; decisions answered with an
/// acknowledgement or a typed error. A small per-connection rate limit applies.
async fn session(state: AppState, id: String, viewer: Viewer, socket: WebSocket) {
    let Ok(handle) = state.table(&id).await else {
        return;
    };
    let mut changes = handle.notify.subscribe();
    let (mut tx, mut rx) = socket.split();
    let mut last_sent = 0u64;
    if let Some((v, msg)) = current_snapshot(&state, &id, viewer).await {
        last_sent = v;
        if tx.send(msg).await.is_err() {
            return;
        }
    }
    let mut window_start = std::time::Instant::now();
    let mut in_window = 0u32;
    let mut answered: BTreeMap<String, Message> = BTreeMap::new();
    loop {
        tokio::select! {
            change = changes.recv() => {
                match change {
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        if let Some((v, msg)) = current_snapshot(&state, &id, viewer).await {
                            if v != last_sent || v == 0 {
                                last_sent = v;
                                if tx.send(msg).await.is_err() { return; }
                            }
                        }
                    }
                    Err(_) => return,
                }
            }
            incoming = rx.next() => {
                let Some(Ok(msg)) = incoming else { return };
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Close(_) => return,
                    _ => continue,
                };
                if window_start.elapsed() > std::time::Duration::from_secs(1) {
                    window_start = std::time::Instant::now();
                    in_window = 0;
                }
                in_window += 1;
                let version = handle.table.lock().await.game.version();
                if in_window > 50 {
                    let e = ApiError::Malformed("rate limit: more than 50 messages per second".into());
                    if tx.send(error_msg(None, &e, version)).await.is_err() { return; }
                    continue;
                }
                let reply = match serde_json::from_str::<ClientMsg>(&text) {
                    Err(e) => error_msg(None, &ApiError::Malformed(e.to_string()), version),
                    Ok(ClientMsg::Resync) => match current_snapshot(&state, &id, viewer).await {
                        Some((v, m)) => { last_sent = v; m }
                        None => continue,
                    },
                    Ok(ClientMsg::Action { id: msg_id, version: expected, action }) => {
                        if let Some(prev) = answered.get(&msg_id) {
                            prev.clone()
                        } else {
                            let r = match viewer {
                                Viewer::Seat(seat) => state.submit(&id, seat, expected, &action).await,
                                Viewer::Spectator => Err(ApiError::BadToken),
                            };
                            let m = match r {
                                Ok(v) => Message::Text(serde_json::json!({"type": "ack", "id": msg_id, "version": v}).to_string().into()),
                                Err(e) => error_msg(Some(&msg_id), &e, handle.table.lock().await.game.version()),
                            };
                            if answered.len() > 256 { answered.clear(); }
                            answered.insert(msg_id, m.clone());
                            m
                        }
                    }
                };
                if tx.send(reply).await.is_err() { return; }
            }
        }
    }
}
