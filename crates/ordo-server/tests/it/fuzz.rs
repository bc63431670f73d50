//! Property tests over the protocol: random HTTP requests and WebSocket messages never get a
//! 5xx or a crash, every API error has the JSON error body, and no table changes by them.
//! Bounded case counts keep them in the regular test run.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use ordo_server::{app, AppState};
use proptest::prelude::*;
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::http::{call, create};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Fragments requests are built from: real route parts, near misses and junk.
fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("api".to_string()),
        Just("tables".to_string()),
        Just("TABLE".to_string()),
        Just("TOKEN".to_string()),
        Just("state".to_string()),
        Just("actions".to_string()),
        Just("undo".to_string()),
        Just("join".to_string()),
        Just("leave".to_string()),
        Just("start".to_string()),
        Just("replay".to_string()),
        Just("record".to_string()),
        Just("hint".to_string()),
        Just("ws".to_string()),
        Just("games".to_string()),
        Just("..".to_string()),
        Just("%00".to_string()),
        Just("%ff%fe".to_string()),
        "[a-z0-9_-]{0,12}",
        "\\PC{0,6}".prop_map(|s| s
            .chars()
            .filter(|c| c.is_ascii_graphic() && *c != '?' && *c != '#')
            .collect()),
    ]
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(Vec::new()),
        proptest::collection::vec(any::<u8>(), 0..200),
        Just(
            br#"{"token":"TOKEN","version":0,"action":{"type":"pick_order","order":"templar"}}"#
                .to_vec()
        ),
        Just(br#"{"token":"TOKEN","version":"x","action":null}"#.to_vec()),
        Just(br#"{"game":"crusaders","config":{"players":99},"seats":[]}"#.to_vec()),
        Just(
            br#"{"game":"crusaders","config":[],"seats":[{"kind":"bot","bot":"mcts:999999ms"}]}"#
                .to_vec()
        ),
        Just(br#"{"name":"\u0000\u202e","token":7}"#.to_vec()),
        "\\PC{0,80}".prop_map(String::into_bytes),
    ]
}

#[derive(Debug, Clone)]
struct Req {
    method: &'static str,
    path: Vec<String>,
    query: String,
    content_type: Option<&'static str>,
    body: Vec<u8>,
}

fn request() -> impl Strategy<Value = Req> {
    (
        prop_oneof![
            Just("GET"),
            Just("POST"),
            Just("PUT"),
            Just("DELETE"),
            Just("PATCH"),
            Just("OPTIONS"),
            Just("HEAD")
        ],
        proptest::collection::vec(segment(), 0..6),
        prop_oneof![
            Just(String::new()),
            Just("token=TOKEN".to_string()),
            Just("at=-1".to_string()),
            Just("status=bogus".to_string()),
            "[a-z=&%0-9]{0,20}"
        ],
        prop_oneof![
            Just(None),
            Just(Some("application/json")),
            Just(Some("text/plain"))
        ],
        body(),
    )
        .prop_map(|(method, path, query, content_type, body)| Req {
            method,
            path,
            query,
            content_type,
            body,
        })
}

fn fill(s: &str, id: &str, token: &str) -> String {
    s.replace("TABLE", id).replace("TOKEN", token)
}

static NEXT_PEER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

#[test]
fn random_http_requests_never_fail_the_server_or_change_a_table() {
    let rt = runtime();
    let (state, id, token, before) = rt.block_on(async {
        let state = crate::http::state_at("sqlite::memory:").await;
        let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
        let token = tokens[0].clone().unwrap();
        let before = call(
            &state,
            "GET",
            &format!("/api/tables/{id}/state?token={token}"),
            None,
        )
        .await
        .1;
        (state, id, token, before)
    });
    let config = ProptestConfig {
        cases: 400,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(r in request())| {
        let path = format!("/{}", r.path.iter().map(|s| fill(s, &id, "x")).collect::<Vec<_>>().join("/"));
        let uri = if r.query.is_empty() { path } else { format!("{path}?{}", fill(&r.query, &id, "nottoken")) };
        let Ok(mut req) = Request::builder().method(r.method).uri(&uri).body(Body::from(r.body.clone())) else {
            return Ok(()); // not a request at all: nothing reaches the server
        };
        if let Some(ct) = r.content_type {
            req.headers_mut().insert("content-type", ct.parse().unwrap());
        }
        // A new address per case, so that the per-address limit does not answer them all.
        let n = NEXT_PEER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let peer = SocketAddr::from(([10, (n >> 16) as u8, (n >> 8) as u8, n as u8], 1));
        req.extensions_mut().insert(ConnectInfo(peer));
        let (status, ct, bytes) = rt.block_on(async {
            let res = app(state.clone()).oneshot(req).await.unwrap();
            let status = res.status();
            let ct = res.headers().get("content-type").and_then(|v| v.to_str().ok()).map(String::from);
            (status, ct, res.into_body().collect().await.unwrap().to_bytes())
        });
        prop_assert!(!status.is_server_error() || status.as_u16() == 503, "{uri}: {status}");
        if status.is_client_error() && r.method != "HEAD" {
            prop_assert_eq!(ct.as_deref(), Some("application/json"), "{}", uri);
            let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            prop_assert!(v["code"].is_string() && v["message"].is_string(), "{uri}: {v}");
        }
    });
    // The wrong token never decided anything: the table is as it was.
    let after = rt.block_on(async {
        call(
            &state,
            "GET",
            &format!("/api/tables/{id}/state?token={token}"),
            None,
        )
        .await
        .1
    });
    assert_eq!(after, before);
}

#[derive(Debug, Clone)]
enum WsMsg {
    Text(String),
    Binary(Vec<u8>),
}

fn ws_message() -> impl Strategy<Value = WsMsg> {
    prop_oneof![
        "\\PC{0,60}".prop_map(WsMsg::Text),
        proptest::collection::vec(any::<u8>(), 0..60).prop_map(WsMsg::Binary),
        Just(WsMsg::Text(r#"{"type":"action","id":"a","version":0,"action":{"type":"pick_order","order":"templar"}}"#.into())),
        Just(WsMsg::Text(r#"{"type":"undo","id":"u","version":0}"#.into())),
        Just(WsMsg::Text(r#"{"type":"resync","id":7}"#.into())),
        Just(WsMsg::Text(r#"{"type":"action","id":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx","version":1e99}"#.into())),
        Just(WsMsg::Text("[]".into())),
        Just(WsMsg::Text("{\"type\":\"resync\"}".into())),
    ]
}

#[test]
fn random_websocket_messages_get_answers_or_a_proper_close_and_change_nothing() {
    let rt = runtime();
    let (state, id, token, addr, before) = rt.block_on(async {
        let state: AppState = crate::http::state_at("sqlite::memory:").await;
        let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
        let token = tokens[0].clone().unwrap();
        let before = call(
            &state,
            "GET",
            &format!("/api/tables/{id}/state?token={token}"),
            None,
        )
        .await
        .1;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let s = state.clone();
        tokio::spawn(async move {
            let listen = ordo_server::edge::listen::Listen {
                tls: None,
                max_connections: 256,
                header_timeout: std::time::Duration::from_secs(5),
                max_per_address: None,
                trusted_proxies: Vec::new(),
            };
            ordo_server::edge::listen::serve(
                listener,
                app(s.clone()),
                s,
                listen,
                std::future::pending::<()>(),
            )
            .await;
        });
        (state, id, token, addr, before)
    });
    let _keep = Arc::new(state.clone());
    let config = ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(msgs in proptest::collection::vec(ws_message(), 1..8))| {
        use tokio_tungstenite::tungstenite::Message;
        let outcome: Result<(), String> = rt.block_on(async {
            // A spectator connection: it may not decide anything.
            let url = format!("ws://{addr}/api/tables/{id}/ws");
            let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.map_err(|e| e.to_string())?;
            let _ = ws.next().await;
            for m in &msgs {
                let m = match m {
                    WsMsg::Text(t) => Message::text(t.clone()),
                    WsMsg::Binary(b) => Message::binary(b.clone()),
                };
                if ws.send(m).await.is_err() {
                    break;
                }
            }
            let _ = ws.send(Message::text(r#"{"type":"resync"}"#)).await;
            // Every answer is a JSON server message; a close carries a protocol code.
            loop {
                match tokio::time::timeout(std::time::Duration::from_secs(5), ws.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => {
                        let v: Value = serde_json::from_str(&t).map_err(|e| format!("not JSON: {e}: {t}"))?;
                        if v["type"] == "snapshot" {
                            return Ok(());
                        }
                        if !v["type"].is_string() {
                            return Err(format!("odd message {v}"));
                        }
                    }
                    Ok(Some(Ok(Message::Close(Some(f))))) => {
                        let code = u16::from(f.code);
                        return if [1002, 1007, 1008, 1009].contains(&code) { Ok(()) } else { Err(format!("close code {code}")) };
                    }
                    Ok(Some(Ok(_))) => {}
                    other => return Err(format!("no answer: {other:?}")),
                }
            }
        });
        prop_assert!(outcome.is_ok(), "{:?}: {:?}", msgs, outcome);
    });
    let after = rt.block_on(async {
        call(
            &state,
            "GET",
            &format!("/api/tables/{id}/state?token={token}"),
            None,
        )
        .await
        .1
    });
    assert_eq!(after, before);
}
