//! HTTP routes (lobby, state, actions, records) and the WebSocket session.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use ordo_core::Viewer;
use serde::Deserialize;
use serde_json::Value;

use crate::delta::merge_diff;
use crate::error::ApiError;
use crate::protocol::{ClientMsg, ServerMsg, TableSummary};
use crate::store::TableStatus;
use crate::table::{snapshot, AppState, CreateTable};

/// Largest accepted request body.
pub const MAX_BODY: usize = 64 * 1024;

/// A query string, with a typed error (`request/malformed`) when it does not parse.
struct Q<T>(T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(q)| Q(q))
            .map_err(|e| ApiError::Malformed(e.body_text()))
    }
}

/// A request body, with typed errors: `request/too_large` over [`MAX_BODY`],
/// `request/malformed` when it cannot be read.
struct Body(Bytes);

impl<S: Send + Sync> axum::extract::FromRequest<S> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Bytes::from_request(req, state)
            .await
            .map(Body)
            .map_err(|e| {
                if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::TooLarge
                } else {
                    ApiError::Malformed(e.body_text())
                }
            })
    }
}

/// The server's routes over shared state.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(crate::web::router())
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
        .route("/api/tables", post(create).get(list))
        .route("/api/tables/{id}", get(table_info))
        .route("/api/tables/{id}/state", get(table_state))
        .route("/api/tables/{id}/actions", post(action))
        .route("/api/tables/{id}/join", post(join))
        .route("/api/tables/{id}/leave", post(leave))
        .route("/api/tables/{id}/reclaim", post(reclaim))
        .route("/api/tables/{id}/start", post(start))
        .route("/api/tables/{id}/undo", post(undo))
        .route("/api/tables/{id}/hints", get(hints))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/record", get(record))
        .route("/api/tables/{id}/ws", get(ws))
        .layer(DefaultBodyLimit::max(MAX_BODY))
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
         # HELP ordo_ws_connections Open WebSocket connections.\n# TYPE ordo_ws_connections gauge\nordo_ws_connections {}\n\
         # HELP ordo_clock_timeouts_total Seats handed to a stand-in when their clock ran out.\n# TYPE ordo_clock_timeouts_total counter\nordo_clock_timeouts_total {}\n\
         # HELP ordo_resident_memory_bytes Resident memory of the server process.\n# TYPE ordo_resident_memory_bytes gauge\nordo_resident_memory_bytes {}\n",
        m.decisions.load(Relaxed),
        m.refused.load(Relaxed),
        m.tables_created.load(Relaxed),
        state.live_tables().await,
        m.connections.load(Relaxed),
        m.timeouts.load(Relaxed),
        resident_bytes(),
    )
}

/// Resident memory of this process (Linux; 0 elsewhere).
pub fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

fn parse_json<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::Malformed(e.to_string()))
}

async fn create(State(state): State<AppState>, Body(body): Body) -> Result<Response, ApiError> {
    let req: CreateTable = parse_json(&body)?;
    let created = state.create(req).await?;
    Ok((axum::http::StatusCode::CREATED, Json(created)).into_response())
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<TableStatus>,
}

async fn list(State(state): State<AppState>, Q(q): Q<ListQuery>) -> Result<Json<Value>, ApiError> {
    let rows = state.store.list_tables(q.status).await?;
    let items: Vec<TableSummary> = rows
        .iter()
        .map(|r| TableSummary {
            id: r.id.clone(),
            game: r.game.clone(),
            status: r.status,
            config: serde_json::from_str::<Value>(&r.config).unwrap_or(Value::Null),
            created_at: r.created_at,
            free_seats: crate::table::free_seats(&r.seats),
            damaged: state.damage(&r.id).is_some(),
        })
        .collect();
    Ok(Json(serde_json::to_value(items).unwrap_or(Value::Null)))
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
        .map(|s| {
            let mut v = serde_json::to_value(&s.kind).unwrap_or(Value::Null);
            if let Value::Object(m) = &mut v {
                m.insert("name".into(), serde_json::json!(s.name));
                m.insert("joined".into(), Value::Bool(s.joined));
                m.insert("away".into(), Value::Bool(s.away));
                m.insert(
                    "claimed".into(),
                    Value::Bool(s.kind == crate::table::SeatKind::Human && s.claimed),
                );
            }
            v
        })
        .collect();
    Ok(Json(serde_json::json!({
        "id": t.row.id,
        "game": t.row.game,
        "config": serde_json::from_str::<Value>(&t.row.config).unwrap_or(Value::Null),
        "status": t.row.status,
        "seats": seats,
        "pace": t.options.pace,
        "clock": t.options.clock,
        "standin": t.options.standin,
        "version": t.version(),
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
    Q(q): Q<TokenQuery>,
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
    Body(body): Body,
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    name: Option<String>,
    /// The token the player will hold, chosen by the client (see `AppState::join`).
    #[serde(default)]
    new_token: Option<String>,
}

async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let req: JoinRequest = parse_json(&body)?;
    let joined = state
        .join(
            &id,
            req.token.as_deref(),
            req.name,
            req.new_token.as_deref(),
        )
        .await?;
    Ok(Json(
        serde_json::to_value(joined).map_err(|e| ApiError::Internal(e.to_string()))?,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    token: String,
}

async fn leave(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let req: TokenBody = parse_json(&body)?;
    let status = state.leave(&id, &req.token).await?;
    Ok(Json(serde_json::json!({ "status": status })))
}

async fn reclaim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let req: TokenBody = parse_json(&body)?;
    state.reclaim(&id, &req.token).await?;
    Ok(Json(serde_json::json!({ "status": "active" })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartRequest {
    host_token: String,
}

async fn start(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let req: StartRequest = parse_json(&body)?;
    state.start(&id, &req.host_token).await?;
    Ok(Json(serde_json::json!({ "status": "active" })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    token: String,
    version: u64,
}

async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body,
) -> Result<Json<Value>, ApiError> {
    let req: UndoRequest = parse_json(&body)?;
    let seat = match viewer_for(&state, &id, Some(&req.token)).await? {
        Viewer::Seat(s) => s,
        Viewer::Spectator => return Err(ApiError::BadToken),
    };
    let version = state.undo(&id, seat, req.version).await?;
    Ok(Json(
        serde_json::json!({ "type": "ack", "version": version }),
    ))
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
) -> Result<Json<Value>, ApiError> {
    let handle = state.table(&id).await?;
    let t = handle.table.lock().await;
    let step = crate::table::replay_step(&t, q.at)?;
    Ok(Json(
        serde_json::to_value(step).map_err(|e| ApiError::Internal(e.to_string()))?,
    ))
}

/// Simulations per hint request.
const HINT_ITERATIONS: u64 = 3000;

async fn hints(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Q(q): Q<TokenQuery>,
) -> Result<Json<Value>, ApiError> {
    let seat = match viewer_for(&state, &id, q.token.as_deref()).await? {
        Viewer::Seat(s) => s,
        Viewer::Spectator => return Err(ApiError::BadToken),
    };
    let handle = state.table(&id).await?;
    let (game, version) = {
        let t = handle.table.lock().await;
        if t.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        if t.row.status != TableStatus::Active {
            return Err(ApiError::NotActive(t.row.status.as_str()));
        }
        if !t.game.pending().contains(seat) {
            return Err(ApiError::NotYourTurn);
        }
        (t.game.clone(), t.version())
    };
    // Searches are bounded in time and in number: a burst of hint requests cannot take the
    // server's cores from its tables.
    let slot = state
        .searches
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::RateLimited)?;
    // The search draws its own randomness (nothing derived from the table's seed) and sees
    // only this seat's view.
    let search_seed = u64::from_str_radix(&crate::table::random_hex(8)?, 16)
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let (iterations, hints) = tokio::task::spawn_blocking(move || {
        // The slot is held by the search itself, so a client who hangs up does not free it
        // while the search still runs.
        let _slot = slot;
        game.hints(seat, search_seed, HINT_ITERATIONS)
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    let out = crate::protocol::Hints {
        version,
        iterations,
        hints,
    };
    Ok(Json(
        serde_json::to_value(out).map_err(|e| ApiError::Internal(e.to_string()))?,
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
    Q(q): Q<WsQuery>,
    extensions: axum::http::Extensions,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|e| ApiError::Malformed(e.body_text()))?;
    let slot = match extensions.get::<ConnectInfo<std::net::SocketAddr>>() {
        Some(c) => Some(SocketSlot::take(&state, c.0.ip()).ok_or(ApiError::RateLimited)?),
        None => None,
    };
    let viewer = viewer_for(&state, &id, q.token.as_deref()).await?;
    state.table(&id).await?;
    let token = q.token;
    Ok(upgrade
        .max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .read_buffer_size(4096)
        .on_upgrade(move |socket| async move {
            let _slot = slot;
            session(state, id, viewer, token, socket).await;
        }))
}

fn error_msg(id: Option<&str>, e: &ApiError, version: u64) -> Message {
    server_msg(&ServerMsg::Error {
        id: id.map(str::to_string),
        code: e.code().to_string(),
        message: e.public_message(),
        version,
    })
}

fn server_msg(m: &ServerMsg) -> Message {
    Message::Text(serde_json::to_string(m).unwrap_or_default().into())
}

/// The snapshot for a connection, or `None` once its token no longer holds its seat (the seat
/// was given to someone else): the connection then ends.
async fn current_snapshot(
    handle: &crate::table::TableHandle,
    viewer: Viewer,
    token: Option<&str>,
) -> Option<(u64, Value)> {
    let t = handle.table.lock().await;
    if !holds_seat(&t, viewer, token) {
        return None;
    }
    Some((t.version(), snapshot(&t, viewer)))
}

/// Whether a connection opened as `viewer` with `token` still speaks for that seat.
fn holds_seat(t: &crate::table::LiveTable, viewer: Viewer, token: Option<&str>) -> bool {
    match viewer {
        Viewer::Spectator => true,
        Viewer::Seat(seat) => token.and_then(|tok| AppState::seat_of(t, tok)) == Some(seat),
    }
}

/// Open WebSocket connections one client address may hold.
pub const MAX_SOCKETS_PER_ADDRESS: u32 = 64;

/// One open connection of a client address, counted while it lives.
struct SocketSlot {
    sockets: std::sync::Arc<std::sync::Mutex<BTreeMap<std::net::IpAddr, u32>>>,
    ip: std::net::IpAddr,
}

impl SocketSlot {
    /// A slot for `ip`, or `None` when the address holds as many connections as allowed.
    fn take(state: &AppState, ip: std::net::IpAddr) -> Option<SocketSlot> {
        let mut map = state.sockets.lock().ok()?;
        let n = map.entry(ip).or_insert(0);
        if *n >= MAX_SOCKETS_PER_ADDRESS {
            return None;
        }
        *n += 1;
        Some(SocketSlot {
            sockets: state.sockets.clone(),
            ip,
        })
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        if let Ok(mut map) = self.sockets.lock() {
            if let Some(n) = map.get_mut(&self.ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    map.remove(&self.ip);
                }
            }
        }
    }
}

/// How often an idle connection is pinged.
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// Longest client message id kept for answering retries.
const MAX_MESSAGE_ID: usize = 64;

fn text(v: &Value) -> Message {
    Message::Text(v.to_string().into())
}

/// What a connection last sent: the version and the snapshot the client holds.
struct Sent {
    version: u64,
    snapshot: Value,
}

impl Sent {
    /// The message bringing the client from what it holds to `now`: a merge patch (see
    /// [`crate::delta`]), or nothing when its snapshot did not change.
    fn update(&mut self, version: u64, now: Value) -> Option<Message> {
        let patch = merge_diff(&self.snapshot, &now)?;
        let msg = server_msg(&ServerMsg::Patch {
            base: self.version,
            version,
            patch,
        });
        self.version = version;
        self.snapshot = now;
        Some(msg)
    }
}

/// One connection: a full snapshot on connect and on request, then a small patch after every
/// change; decisions and take-backs answered with an acknowledgement or a typed error. A
/// per-connection rate limit applies; the connection closes when the server shuts down.
async fn session(
    state: AppState,
    id: String,
    viewer: Viewer,
    token: Option<String>,
    socket: WebSocket,
) {
    let Ok(handle) = state.table(&id).await else {
        return;
    };
    state
        .metrics
        .connections
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    run_session(&state, &handle, &id, viewer, token.as_deref(), socket).await;
    state
        .metrics
        .connections
        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
}

/// Tells a connection that its table's record turned out not to replay, and closes it.
async fn close_damaged(
    handle: &crate::table::TableHandle,
    tx: &mut futures_util::stream::SplitSink<WebSocket, Message>,
) {
    let v = handle.table.lock().await.version();
    let e = ApiError::Damaged(String::new());
    let _ = tx.send(error_msg(None, &e, v)).await;
    let _ = tx.send(Message::Close(None)).await;
}

async fn run_session(
    state: &AppState,
    handle: &crate::table::TableHandle,
    id: &str,
    viewer: Viewer,
    token: Option<&str>,
    socket: WebSocket,
) {
    let mut changes = handle.notify.subscribe();
    let mut shutdown = state.shutdown_signal();
    let (mut tx, mut rx) = socket.split();
    // Found damaged before this connection listened for the news.
    if handle.is_damaged() {
        close_damaged(handle, &mut tx).await;
        return;
    }
    let Some((version, snap)) = current_snapshot(handle, viewer, token).await else {
        return;
    };
    if tx.send(text(&snap)).await.is_err() {
        return;
    }
    let mut sent = Sent {
        version,
        snapshot: snap,
    };
    let mut window_start = std::time::Instant::now();
    let mut in_window = 0u32;
    let mut answered: BTreeMap<String, Message> = BTreeMap::new();
    // Keep-alive: a ping every half minute; a connection silent for three of them (a laptop
    // asleep, a phone gone off the network) is closed, freeing its place and its table.
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut last_heard = std::time::Instant::now();
    loop {
        tokio::select! {
            _ = shutdown.changed() => {
                let _ = tx.send(Message::Close(None)).await;
                return;
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > PING_EVERY * 3 {
                    let _ = tx.send(Message::Close(None)).await;
                    return;
                }
                if tx.send(Message::Ping(Vec::new().into())).await.is_err() { return; }
            }
            change = changes.recv() => {
                match change {
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // Several changes in a row make one update.
                        while changes.try_recv().is_ok() {}
                        if handle.is_damaged() {
                            close_damaged(handle, &mut tx).await;
                            return;
                        }
                        let Some((v, now)) = current_snapshot(handle, viewer, token).await else {
                            let v = handle.table.lock().await.version();
                            let _ = tx.send(error_msg(None, &ApiError::BadToken, v)).await;
                            let _ = tx.send(Message::Close(None)).await;
                            return;
                        };
                        if let Some(msg) = sent.update(v, now) {
                            if tx.send(msg).await.is_err() { return; }
                        }
                    }
                    Err(_) => return,
                }
            }
            incoming = rx.next() => {
                let Some(Ok(msg)) = incoming else { return };
                last_heard = std::time::Instant::now();
                let text_in = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Close(_) => return,
                    _ => continue,
                };
                if window_start.elapsed() > std::time::Duration::from_secs(1) {
                    window_start = std::time::Instant::now();
                    in_window = 0;
                }
                in_window += 1;
                if handle.is_damaged() {
                    close_damaged(handle, &mut tx).await;
                    return;
                }
                let (version, holds) = {
                    let t = handle.table.lock().await;
                    (t.version(), holds_seat(&t, viewer, token))
                };
                if !holds {
                    // The seat went to someone else: this connection speaks for it no more.
                    let _ = tx.send(error_msg(None, &ApiError::BadToken, version)).await;
                    let _ = tx.send(Message::Close(None)).await;
                    return;
                }
                if in_window > 50 {
                    if tx.send(error_msg(None, &ApiError::RateLimited, version)).await.is_err() { return; }
                    continue;
                }
                let reply = match serde_json::from_str::<ClientMsg>(&text_in) {
                    Err(e) => error_msg(None, &ApiError::Malformed(e.to_string()), version),
                    Ok(ClientMsg::Resync) => match current_snapshot(handle, viewer, token).await {
                        Some((v, snap)) => {
                            let m = text(&snap);
                            sent = Sent { version: v, snapshot: snap };
                            m
                        }
                        None => continue,
                    },
                    Ok(ClientMsg::Action { id: msg_id, .. } | ClientMsg::Undo { id: msg_id, .. })
                        if msg_id.len() > MAX_MESSAGE_ID || viewer == Viewer::Spectator =>
                    {
                        let e = if viewer == Viewer::Spectator {
                            ApiError::BadToken
                        } else {
                            ApiError::Malformed(format!("message id longer than {MAX_MESSAGE_ID} bytes"))
                        };
                        let short: String = msg_id.chars().take(MAX_MESSAGE_ID).collect();
                        error_msg(Some(&short), &e, version)
                    }
                    Ok(ClientMsg::Action { id: msg_id, version: expected, action }) => {
                        if let Some(prev) = answered.get(&msg_id) {
                            prev.clone()
                        } else {
                            let r = match viewer {
                                Viewer::Seat(seat) => state.submit(id, seat, expected, &action).await,
                                Viewer::Spectator => Err(ApiError::BadToken),
                            };
                            let m = match r {
                                Ok(v) => server_msg(&ServerMsg::Ack { id: msg_id.clone(), version: v }),
                                Err(e) => error_msg(Some(&msg_id), &e, handle.table.lock().await.version()),
                            };
                            if answered.len() > 256 { answered.clear(); }
                            answered.insert(msg_id, m.clone());
                            m
                        }
                    }
                    Ok(ClientMsg::Undo { id: msg_id, version: expected }) => {
                        if let Some(prev) = answered.get(&msg_id) {
                            prev.clone()
                        } else {
                            let r = match viewer {
                                Viewer::Seat(seat) => state.undo(id, seat, expected).await,
                                Viewer::Spectator => Err(ApiError::BadToken),
                            };
                            let m = match r {
                                Ok(v) => server_msg(&ServerMsg::Ack { id: msg_id.clone(), version: v }),
                                Err(e) => error_msg(Some(&msg_id), &e, handle.table.lock().await.version()),
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
