//! One WebSocket connection: a whole snapshot on connect and on request, then, after every
//! change, the merge patch its visibility class shares; decisions and take-backs answered with
//! an acknowledgement or a typed error. Written over any `Sink`/`Stream` of messages, so it is
//! tested without sockets.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Message;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use ordo_core::Viewer;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::error::ApiError;
use crate::pipeline::Incoming;
use crate::protocol::ServerMsg;
use crate::state::{AppState, TableHandle};
use crate::table::patch_between;
use crate::table::LiveTable;

/// Who a connection speaks for.
#[derive(Clone, Debug)]
pub(crate) struct Conn {
    /// This connection's id (presence).
    pub(crate) id: u64,
    /// The client's address, when known (for the per-address message budget).
    pub(crate) addr: Option<std::net::IpAddr>,
    /// Its viewer (a seat, or a spectator).
    pub(crate) viewer: Viewer,
    /// The hash of the token it connected with.
    pub(crate) token_hash: Option<String>,
    /// The person it connected as, when it holds its seat by its cookie.
    pub(crate) holder: Option<String>,
    /// The signed-in account's name (a spectator's name in the chat).
    pub(crate) name: Option<String>,
}

impl Conn {
    /// Whether the connection still speaks for its seat (the seat was not given to someone
    /// else since).
    fn holds(&self, t: &LiveTable) -> bool {
        match self.viewer {
            Viewer::Spectator => true,
            Viewer::Seat(seat) => match (&self.token_hash, &self.holder) {
                (Some(h), _) => t.seat_of_hash(h) == Some(seat),
                (None, Some(holder)) => t.seat_of_holder(holder) == Some(seat),
                (None, None) => false,
            },
        }
    }
}

/// How often an idle connection is pinged.
const PING_EVERY: Duration = Duration::from_secs(30);

/// Longest client message id kept for answering retries.
const MAX_MESSAGE_ID: usize = 64;

/// A client message as read: one pass over the text; the decision stays raw JSON until the
/// game reads it (the `ClientMsg` of the protocol, field by field).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default, borrow)]
    action: Option<&'a RawValue>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    phrase: Option<String>,
    #[serde(default)]
    away: Option<bool>,
}

/// What a connection last sent: the change count, the version and the snapshot the client
/// holds.
struct Sent {
    generation: u64,
    version: u64,
    /// The snapshot without its log lines (as sent: with the clocks of that moment).
    value: Arc<Value>,
    /// The class's snapshot it was: which log lines the client holds.
    class: Arc<crate::table::ClassView>,
}

fn server_msg(m: &ServerMsg) -> Message {
    Message::Text(serde_json::to_string(m).unwrap_or_default().into())
}

fn error_msg(id: Option<&str>, e: &ApiError, version: u64) -> Message {
    server_msg(&ServerMsg::Error {
        id: id.map(str::to_string),
        code: e.code().to_string(),
        message: e.public_message(),
        version,
    })
}

/// The whole snapshot for the connection now, or `None` once it no longer holds its seat.
async fn full(handle: &TableHandle, conn: &Conn) -> Option<(Sent, Message)> {
    let mut t = handle.lock().await;
    if !conn.holds(&t) {
        return None;
    }
    let ((cv, value), text) = t.full_view_text(conn.viewer);
    let msg = Message::Text(text);
    Some((
        Sent {
            generation: cv.generation,
            version: cv.version,
            value,
            class: cv,
        },
        msg,
    ))
}

/// The message bringing the client from what it holds to the table now: the class's shared
/// patch when the client holds the class's previous snapshot, a patch of its own otherwise,
/// nothing when nothing it sees changed. `Err` once the connection no longer holds its seat.
async fn update(handle: &TableHandle, conn: &Conn, sent: &mut Sent) -> Result<Option<Message>, ()> {
    let mut t = handle.lock().await;
    if !conn.holds(&t) {
        return Err(());
    }
    let cv = t.class_view(conn.viewer);
    drop(t);
    if cv.generation == sent.generation {
        return Ok(None);
    }
    let msg = match &cv.patch {
        Some(p) if p.from == sent.generation => p.text.clone().map(Message::Text),
        _ => patch_between(
            (&sent.value, &sent.class.lines, &sent.class.log),
            (&cv.value, &cv.lines, &cv.log),
        )
        .map(|patch| {
            server_msg(&ServerMsg::Patch {
                base: sent.version,
                version: cv.version,
                patch,
            })
        }),
    };
    *sent = Sent {
        generation: cv.generation,
        version: cv.version,
        value: cv.value.clone(),
        class: cv,
    };
    Ok(msg)
}

/// Closes a connection with a WebSocket close code and a reason.
async fn close_with<S: Sink<Message> + Unpin>(tx: &mut S, code: u16, reason: &'static str) {
    let frame = axum::extract::ws::CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = tx.send(Message::Close(Some(frame))).await;
}

/// Closes a connection as [`close_with`] does, then reads what the client still sends until it
/// answers the close (at most 2 s), so that the close frame is not lost to a connection reset.
async fn close_and_drain<S, R, E>(tx: &mut S, rx: &mut R, code: u16, reason: &'static str)
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, E>> + Unpin,
{
    close_with(tx, code, reason).await;
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while let Some(Ok(m)) = rx.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Policy violation (RFC 6455 §7.4.1).
const CLOSE_POLICY: u16 = 1008;

/// The close code for a message the WebSocket layer refused: 1009 too big, 1007 not UTF-8,
/// 1002 any other protocol violation.
fn close_code_for(error: &str) -> (u16, &'static str) {
    let e = error.to_ascii_lowercase();
    if e.contains("space limit") || e.contains("too long") || e.contains("too big") {
        (1009, "message too big")
    } else if e.contains("utf-8") || e.contains("utf8") {
        (1007, "text is not valid UTF-8")
    } else {
        (1002, "WebSocket protocol error")
    }
}

/// Tells a connection that its table's record turned out not to replay, and closes it.
async fn close_damaged<S: Sink<Message> + Unpin>(handle: &TableHandle, tx: &mut S) {
    let v = handle.lock().await.version();
    let _ = tx
        .send(error_msg(None, &ApiError::Damaged(String::new()), v))
        .await;
    let _ = tx.send(Message::Close(None)).await;
}

/// Tells a connection that its token no longer holds its seat, and closes it.
async fn close_seat_gone<S: Sink<Message> + Unpin>(handle: &TableHandle, tx: &mut S) {
    let v = handle.lock().await.version();
    let _ = tx.send(error_msg(None, &ApiError::BadToken, v)).await;
    let _ = tx.send(Message::Close(None)).await;
}

/// Runs one connection until it closes, the server shuts down or its seat is given away. A
/// per-connection rate limit applies; a connection silent for three pings is closed.
pub(crate) async fn run_session<S, R, E>(
    state: &AppState,
    handle: &Arc<TableHandle>,
    id: &str,
    conn: &Conn,
    mut tx: S,
    mut rx: R,
) where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, E>> + Unpin,
    E: std::fmt::Display,
{
    let mut changes = handle.notify.subscribe();
    let mut shutdown = state.shutdown_signal();
    // Found damaged before this connection listened for the news.
    if handle.is_damaged() {
        close_damaged(handle, &mut tx).await;
        return;
    }
    let mut social = handle.room.events.subscribe();
    let Some((mut sent, first)) = full(handle, conn).await else {
        return;
    };
    if tx.send(first).await.is_err() {
        return;
    }
    let status = handle.lock().await.status();
    if let Ok(lines) = state.chat_for(id, conn.viewer, status).await {
        if !lines.is_empty()
            && tx
                .send(server_msg(&ServerMsg::Chat { lines }))
                .await
                .is_err()
        {
            return;
        }
    }
    let _here = crate::social::Room::enter(handle, conn.id, conn.viewer);
    let mut chat_times: std::collections::VecDeque<Instant> = std::collections::VecDeque::new();
    let mut window_start = Instant::now();
    let mut in_window = 0u32;
    let mut resync_start = Instant::now();
    let mut resyncs = 0u32;
    let resync_budget = state.policy.ws_resyncs_per_minute.max(1);
    // Messages a connection may send in one second before it is answered "rate limited", and
    // three times as many before it is closed.
    let per_second = state.policy.ws_messages_per_second.max(1.0).ceil() as u32;
    let mut answered: BTreeMap<String, Message> = BTreeMap::new();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut last_heard = Instant::now();
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
            event = social.recv() => {
                let msg = match event {
                    Ok(crate::social::Event::Presence(text)) => Message::Text((*text).into()),
                    Ok(crate::social::Event::Chat(line)) => {
                        let status = handle.lock().await.status();
                        if !crate::social::may_read(conn.viewer, &line.channel, status) {
                            continue;
                        }
                        server_msg(&ServerMsg::Chat { lines: vec![(*line).clone()] })
                    }
                    // Fell behind: the presence now (chat messages missed come with a reload).
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        Message::Text((*handle.room.presence_msg()).into())
                    }
                    Err(_) => continue,
                };
                if tx.send(msg).await.is_err() { return; }
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
                        match update(handle, conn, &mut sent).await {
                            Err(()) => {
                                close_seat_gone(handle, &mut tx).await;
                                return;
                            }
                            Ok(Some(msg)) => if tx.send(msg).await.is_err() { return; },
                            Ok(None) => {}
                        }
                    }
                    Err(_) => return,
                }
            }
            incoming = rx.next() => {
                let msg = match incoming {
                    Some(Ok(msg)) => msg,
                    Some(Err(e)) => {
                        let (code, reason) = close_code_for(&e.to_string());
                        close_and_drain(&mut tx, &mut rx, code, reason).await;
                        return;
                    }
                    None => return,
                };
                last_heard = Instant::now();
                let text_in = match msg {
                    Message::Text(t) => t,
                    Message::Close(_) => return,
                    _ => continue,
                };
                if window_start.elapsed() > Duration::from_secs(1) {
                    window_start = Instant::now();
                    in_window = 0;
                }
                in_window += 1;
                // A connection far over its own budget, or an address over its budget across
                // its connections, is told why and closed.
                if in_window > per_second * 3 {
                    state.metrics.ws_over_budget.increment(1);
                    close_and_drain(&mut tx, &mut rx, CLOSE_POLICY, "too many messages on this connection").await;
                    return;
                }
                if conn.addr.is_some_and(|ip| !state.ws_by_address.allow(ip)) {
                    state.metrics.ws_over_budget.increment(1);
                    close_and_drain(&mut tx, &mut rx, CLOSE_POLICY, "too many messages from this address").await;
                    return;
                }
                if handle.is_damaged() {
                    close_damaged(handle, &mut tx).await;
                    return;
                }
                let (version, holds) = {
                    let t = handle.lock().await;
                    (t.version(), conn.holds(&t))
                };
                if !holds {
                    // The seat went to someone else: this connection speaks for it no more.
                    close_seat_gone(handle, &mut tx).await;
                    return;
                }
                if in_window > per_second {
                    if tx.send(error_msg(None, &ApiError::RateLimited, version)).await.is_err() { return; }
                    continue;
                }
                if !state.ws_total.allow(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED)) {
                    if tx.send(error_msg(None, &ApiError::Busy, version)).await.is_err() { return; }
                    continue;
                }
                let reply = match answer(state, handle, id, conn, &text_in, version, &mut answered, &mut chat_times).await {
                    Answer::Reply(m) => m,
                    Answer::Nothing => continue,
                    Answer::Resync => {
                        if resync_start.elapsed() > Duration::from_secs(60) {
                            resync_start = Instant::now();
                            resyncs = 0;
                        }
                        resyncs += 1;
                        if resyncs > resync_budget {
                            state.metrics.ws_over_budget.increment(1);
                            close_and_drain(&mut tx, &mut rx, CLOSE_POLICY, "too many resyncs; reconnect later").await;
                            return;
                        }
                        match full(handle, conn).await {
                        Some((s, m)) => {
                            sent = s;
                            m
                        }
                        None => continue,
                    }
                    }
                };
                if tx.send(reply).await.is_err() { return; }
            }
        }
    }
}

enum Answer {
    Reply(Message),
    Resync,
    Nothing,
}

/// Whether one more chat message fits this connection's budget now; `Err` with the seconds
/// to wait.
fn chat_allowed(times: &mut std::collections::VecDeque<Instant>) -> Result<(), u64> {
    let now = Instant::now();
    while times
        .front()
        .is_some_and(|t| now.duration_since(*t) > crate::social::CHAT_WINDOW)
    {
        times.pop_front();
    }
    if times.len() >= crate::social::CHAT_BURST {
        let wait = times.front().map_or(crate::social::CHAT_WINDOW, |t| {
            crate::social::CHAT_WINDOW.saturating_sub(now.duration_since(*t))
        });
        return Err(wait.as_secs().max(1));
    }
    times.push_back(now);
    Ok(())
}

/// The answer to one client message. A decision or take-back whose message id was answered
/// before gets the same answer again.
#[allow(clippy::too_many_arguments)]
async fn answer(
    state: &AppState,
    handle: &TableHandle,
    id: &str,
    conn: &Conn,
    text: &str,
    version: u64,
    answered: &mut BTreeMap<String, Message>,
    chat_times: &mut std::collections::VecDeque<Instant>,
) -> Answer {
    let env = match serde_json::from_str::<Envelope<'_>>(text) {
        Ok(env) => env,
        Err(e) => {
            return Answer::Reply(error_msg(
                None,
                &ApiError::Malformed(e.to_string()),
                version,
            ))
        }
    };
    let plain = env.id.is_none() && env.version.is_none() && env.action.is_none();
    match env.kind {
        "chat" if plain && env.away.is_none() => {
            if let Err(wait) = chat_allowed(chat_times) {
                return Answer::Reply(error_msg(None, &ApiError::ChatTooFast(wait), version));
            }
            let said = state
                .say(
                    id,
                    handle,
                    conn.viewer,
                    conn.name.as_deref(),
                    env.text.as_deref(),
                    env.phrase.as_deref(),
                )
                .await;
            return match said {
                Ok(()) => Answer::Nothing,
                Err(e) => Answer::Reply(error_msg(None, &e, version)),
            };
        }
        "presence" if plain && env.text.is_none() && env.phrase.is_none() => {
            if let Some(away) = env.away {
                handle.room.set_away(conn.id, away);
                return Answer::Nothing;
            }
        }
        _ => {}
    }
    if env.text.is_some() || env.phrase.is_some() || env.away.is_some() {
        return Answer::Reply(error_msg(
            None,
            &ApiError::Malformed(format!(
                "a `{}` message: `text` and `phrase` belong to `chat`, `away` to `presence`",
                env.kind
            )),
            version,
        ));
    }
    let (msg_id, expected) = match (env.kind, env.id, env.version) {
        ("resync", None, None) if env.action.is_none() => return Answer::Resync,
        ("action" | "undo", Some(msg_id), Some(expected)) => (msg_id, expected),
        (kind, ..) => {
            return Answer::Reply(error_msg(
                None,
                &ApiError::Malformed(format!(
                    "a `{kind}` message: expected `action` (id, version, action), `undo` (id, version), `resync`, `chat` (text or phrase) or `presence` (away)"
                )),
                version,
            ))
        }
    };
    let seat = match conn.viewer {
        Viewer::Seat(s) if msg_id.len() <= MAX_MESSAGE_ID => s,
        viewer => {
            let e = if viewer == Viewer::Spectator {
                ApiError::BadToken
            } else {
                ApiError::Malformed(format!("message id longer than {MAX_MESSAGE_ID} bytes"))
            };
            let short: String = msg_id.chars().take(MAX_MESSAGE_ID).collect();
            return Answer::Reply(error_msg(Some(&short), &e, version));
        }
    };
    if let Some(prev) = answered.get(&msg_id) {
        return Answer::Reply(prev.clone());
    }
    let result = match (env.kind, env.action) {
        ("action", Some(action)) => {
            state
                .submit(id, seat, expected, Incoming::Raw(action))
                .await
        }
        ("action", None) => Err(ApiError::Malformed(
            "an `action` message needs `action`".into(),
        )),
        (_, None) => state.undo(id, seat, expected).await,
        (_, Some(_)) => Err(ApiError::Malformed(
            "an `undo` message has no `action`".into(),
        )),
    };
    let m = match result {
        Ok(v) => server_msg(&ServerMsg::Ack {
            id: msg_id.clone(),
            version: v,
        }),
        Err(e) => error_msg(Some(&msg_id), &e, handle.lock().await.version()),
    };
    if answered.len() > 256 {
        answered.clear();
    }
    answered.insert(msg_id, m.clone());
    Answer::Reply(m)
}
