//! Live play over WebSocket: the upgrade route with its per-address connection cap, and the
//! session ([`session`]).

mod session;

use crate::protocol::ErrorBody;
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use futures_util::StreamExt;
use serde::Deserialize;

use crate::edge::ClientAddr;
use crate::error::ApiError;
use crate::http::extract::{viewer_by, Creds, MAX_BODY, Q};
use crate::state::AppState;
use crate::table::SeatKey;
use crate::tokens::sha256_hex;

pub(crate) use session::{run_session, Conn};

/// Open WebSocket connections one client address may hold.
pub const MAX_SOCKETS_PER_ADDRESS: u32 = 64;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/api/tables/{id}/ws", get(ws))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct WsQuery {
    /// A seat token (old clients; prefer `Authorization: Bearer`, or the browser's cookie).
    token: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/tables/{id}/ws",
    summary = "WebSocket for live play, chat and presence (messages in docs/protocol.md). The seat comes from an `Authorization: Bearer` header, the browser's sign-in or guest cookie, or the `token` query (old clients); a browser's upgrade from another site's page is refused (403 `request/cross_site`)",
    params(("id" = String, Path, description = "Table id"), WsQuery),
    responses((status = 101, description = "Switching to the WebSocket protocol"), (status = 400, description = "Not a WebSocket upgrade", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Q(q): Q<WsQuery>,
    creds: Creds,
    headers: axum::http::HeaderMap,
    extensions: axum::http::Extensions,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|e| ApiError::Malformed(e.body_text()))?;
    // A browser's connection carries its cookies, so a page of another site must not open
    // one (cross-site WebSocket hijacking): its Origin must be this host.
    if !crate::accounts::is_same_origin(&headers) {
        return Err(ApiError::CrossSite);
    }
    // `--ip-limit off` lifts this per-address cap too (load tests from one address).
    let slot = match extensions.get::<ClientAddr>() {
        Some(c) if !state.limiter.is_off() => {
            Some(SocketSlot::take(&state, c.0).ok_or(ApiError::RateLimited)?)
        }
        _ => None,
    };
    let key = creds.key(q.token.as_deref());
    let viewer = viewer_by(&state, &id, key).await?;
    let handle = state.table(&id).await?;
    // The token is hashed once, here; the session compares hashes.
    let (token_hash, holder) = match key {
        Some(SeatKey::Token(t)) => (Some(sha256_hex(t.as_bytes())), None),
        Some(SeatKey::Holder(h)) => (None, Some(h.to_string())),
        None => (None, None),
    };
    let conn = Conn {
        id: crate::social::connection_id(),
        addr: extensions.get::<ClientAddr>().map(|c| c.0),
        viewer,
        token_hash,
        holder,
        name: creds.who.account_name.clone(),
    };
    Ok(upgrade
        .max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .read_buffer_size(4096)
        .on_upgrade(move |socket| async move {
            let _slot = slot;
            let (tx, rx) = socket.split();
            state.metrics.connections.increment(1.0);
            run_session(&state, &handle, &id, &conn, tx, rx).await;
            state.metrics.connections.decrement(1.0);
        }))
}

/// One open connection of a client address, counted while it lives.
struct SocketSlot {
    sockets: Arc<Mutex<BTreeMap<IpAddr, u32>>>,
    ip: IpAddr,
}

impl SocketSlot {
    /// A slot for `ip`, or `None` when the address holds as many connections as allowed.
    fn take(state: &AppState, ip: IpAddr) -> Option<SocketSlot> {
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

/// Live play: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(ws))]
pub(crate) struct Api;
