//! The lobby and the move pipeline over HTTP (in process) and WebSocket (real sockets).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use ordo_server::delta::merge_apply;
use ordo_server::store::SqliteStore;
use ordo_server::table::sha256_hex;
use ordo_server::{app, AppState};
use serde_json::{json, Value};
use tower::ServiceExt;

pub(crate) fn without_nulls(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(_, x)| !x.is_null())
                .map(|(k, x)| (k.clone(), without_nulls(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

pub(crate) async fn state_at(url: &str) -> AppState {
    AppState::recover(Arc::new(SqliteStore::open(url).await.unwrap()))
        .await
        .unwrap()
}

pub(crate) async fn call(
    state: &AppState,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map_or_else(Body::empty, Body::from))
        .unwrap();
    let res = app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

pub(crate) async fn create(state: &AppState, seats: Value) -> (String, Vec<Option<String>>) {
    let body = json!({"game": "crusaders", "config": {"players": 2}, "seats": seats}).to_string();
    let (status, created) = call(state, "POST", "/api/tables", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let tokens = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().map(String::from))
        .collect();
    (created["id"].as_str().unwrap().to_string(), tokens)
}

/// Waits until `token`'s seat must decide (or the game is over); returns the snapshot.
pub(crate) async fn my_turn(state: &AppState, id: &str, token: &str) -> Value {
    for _ in 0..2000 {
        let (_, snap) = call(
            state,
            "GET",
            &format!("/api/tables/{id}/state?token={token}"),
            None,
        )
        .await;
        if !snap["legal"].as_array().unwrap().is_empty() || snap["status"] == "finished" {
            return snap;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the bot never played");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_against_a_bot_over_http() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(
        &state,
        json!([{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]),
    )
    .await;
    let token = tokens[0].clone().unwrap();
    assert!(tokens[1].is_none(), "bot tokens are never handed out");
    // The seed is committed, not revealed.
    let (_, info) = call(&state, "GET", &format!("/api/tables/{id}"), None).await;
    assert!(info["seed"].is_null());
    assert!(info["seed_nonce"].is_null());
    let commitment = info["seed_commitment"].as_str().unwrap().to_string();
    let mut moves = 0;
    loop {
        let snap = my_turn(&state, &id, &token).await;
        if snap["status"] == "finished" {
            // The seed is revealed and matches the commitment.
            // The seed and its 128-bit nonce are revealed and match the commitment.
            let seed = snap["seed"].as_str().unwrap();
            let nonce = snap["seed_nonce"].as_str().unwrap();
            assert_eq!(nonce.len(), 32);
            assert_eq!(sha256_hex(format!("{seed}:{nonce}").as_bytes()), commitment);
            assert_ne!(sha256_hex(seed.as_bytes()), commitment);
            break;
        }
        let legal = snap["legal"].as_array().unwrap();
        let action = legal[moves % legal.len()]["action"].clone();
        let version = snap["version"].as_u64().unwrap();
        let body = json!({"token": token, "version": version, "action": action}).to_string();
        let (status, ack) = call(
            &state,
            "POST",
            &format!("/api/tables/{id}/actions"),
            Some(body.clone()),
        )
        .await;
        if ack["code"] == "action/stale_version" {
            // The bot decided at the same time (simultaneous order picks): look again.
            continue;
        }
        assert_eq!(status, StatusCode::OK, "{ack}");
        // The next version, or the one after when the bot's secret pick of the same
        // simultaneous round came in between (independent decisions are both applied).
        let simultaneous = snap["to_act"].as_array().is_some_and(|t| t.len() > 1);
        let acked = ack["version"].as_u64().unwrap();
        assert!(
            acked == version + 1 || (simultaneous && acked == version + 2),
            "{ack} at {version}"
        );
        // A retry of the same decision is acknowledged again, never applied twice.
        let (status, again) = call(
            &state,
            "POST",
            &format!("/api/tables/{id}/actions"),
            Some(body),
        )
        .await;
        assert_eq!(
            (status, again["version"].clone()),
            (StatusCode::OK, json!(acked))
        );
        moves += 1;
        assert!(moves < 5000);
    }
    // A finished table nobody uses leaves memory and comes back from the store when asked.
    let (_, before) = call(&state, "GET", &format!("/api/tables/{id}"), None).await;
    // (The bot task may still hold the table for a moment after the last decision.)
    let mut evicted = 0;
    for _ in 0..100 {
        evicted = state.evict_finished().await;
        if evicted > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(evicted >= 1);
    let (s, after) = call(&state, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(after, before);
    let (s, _) = call(&state, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(s, StatusCode::OK);
    // Metrics count what happened.
    let req = Request::builder()
        .uri("/metrics")
        .body(Body::empty())
        .unwrap();
    let res = app(state.clone()).oneshot(req).await.unwrap();
    let text =
        String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    assert!(
        !text.contains("ordo_decisions_total 0\n")
            && text.contains("ordo_tables_created_total 1\n"),
        "{text}"
    );
    // The record downloads and replays.
    let (status, record) = call(&state, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    let m = ordo_core::replay_json::<crusaders::Crusaders>(&record.to_string()).unwrap();
    assert!(ordo_core::Game::to_act(m.state()).is_over());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_typed_and_change_nothing() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let url = format!("/api/tables/{id}/actions");
    let post = |body: String| call(&state, "POST", &url, Some(body));
    // Malformed JSON.
    let (s, e) = post("{nope".into()).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("request/malformed"))
    );
    // Forged token.
    let (s, e) =
        post(json!({"token": "forged", "version": 0, "action": {"type": "forgo"}}).to_string())
            .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("auth/bad_token"))
    );
    // Stale version.
    let (s, e) =
        post(json!({"token": t0, "version": 7, "action": {"type": "forgo"}}).to_string()).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("action/stale_version"))
    );
    // Unknown action type and an illegal one.
    let (s, e) =
        post(json!({"token": t0, "version": 0, "action": {"type": "teleport"}}).to_string()).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("request/malformed"))
    );
    let (s, e) =
        post(json!({"token": t0, "version": 0, "action": {"type": "forgo"}}).to_string()).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("action/illegal"))
    );
    // Oversized body.
    let big = "x".repeat(100_000);
    let (s, _) = post(json!({"token": t0, "version": 0, "action": big}).to_string()).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    // Unknown table.
    let (s, e) = call(&state, "GET", "/api/tables/nope/state", None).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("game/not_found"))
    );
    // Nothing was applied.
    let (_, snap) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={t1}"),
        None,
    )
    .await;
    assert_eq!(snap["version"], 0);
    // Seats see their own dealt orders only; spectators see none; nobody sees the seed.
    let (_, s0) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={t0}"),
        None,
    )
    .await;
    let (_, spec) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    let offered0 = s0["view"]["seats"][0]["offered"].clone();
    assert!(offered0.is_array());
    assert!(
        snap["view"]["seats"][0]["offered"].is_null(),
        "seat 1 sees seat 0's tiles"
    );
    assert!(
        spec["view"]["seats"][0]["offered"].is_null()
            && spec["view"]["seats"][1]["offered"].is_null()
    );
    assert!(spec["seed"].is_null() && s0["seed"].is_null());
    // Record not available before the end.
    let (s, e) = call(&state, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game/not_finished"))
    );
    // Invalid tables.
    let bad = json!({"game": "crusaders", "config": {"players": 9}, "seats": []}).to_string();
    let (s, e) = call(&state, "POST", "/api/tables", Some(bad)).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("table/invalid"))
    );
    let bad = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]}).to_string();
    let (s, _) = call(&state, "POST", "/api/tables", Some(bad)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    // A bot or stand-in may not think longer than the server allows.
    for (bot, standin) in [
        ("mcts:3599s", "easy"),
        ("mcts:18446744073709551615it", "easy"),
        ("heuristic", "mcts:60s"),
    ] {
        let bad = json!({"game": "crusaders", "config": {"players": 2}, "standin": standin,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]})
        .to_string();
        let (s, e) = call(&state, "POST", "/api/tables", Some(bad)).await;
        assert_eq!(
            (s, e["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("table/invalid")),
            "{bot} / {standin}: {e}"
        );
    }
    let ok = json!({"game": "crusaders", "config": {"players": 2}, "standin": "mcts:10s",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    .to_string();
    let (s, e) = call(&state, "POST", "/api/tables", Some(ok)).await;
    assert!(s.is_success(), "{e}");
    // Requests the routes cannot even read get the same typed errors as everything else.
    for (method, uri, body, status, code) in [
        (
            "GET",
            "/api/tables?status=nonsense".to_string(),
            None,
            StatusCode::BAD_REQUEST,
            "request/malformed",
        ),
        (
            "GET",
            format!("/api/tables/{id}/replay?at=-1"),
            None,
            StatusCode::BAD_REQUEST,
            "request/malformed",
        ),
        (
            "POST",
            "/api/tables".to_string(),
            Some("x".repeat(70_000)),
            StatusCode::PAYLOAD_TOO_LARGE,
            "request/too_large",
        ),
        (
            "GET",
            format!("/api/tables/{id}/ws"),
            None,
            StatusCode::BAD_REQUEST,
            "request/malformed",
        ),
    ] {
        let (s, e) = call(&state, method, &uri, body).await;
        assert_eq!((s, e["code"].as_str()), (status, Some(code)), "{uri}: {e}");
    }
    assert!(ordo_server::table::hosted_bot("mcts:100000it").is_ok());
    assert!(ordo_server::table::hosted_bot("mcts:100001it").is_err());
    assert!(ordo_server::table::hosted_bot("mcts:10001ms").is_err());
}

/// A seat's snapshot, through `GET /api/tables/{id}/state`.
/// A seat's snapshot, without since when the game has waited on each seat (restored from the
/// last stored change after a restart, a few milliseconds before the live value).
async fn seat_state(state: &AppState, id: &str, token: &str) -> Value {
    let mut snap = call(
        state,
        "GET",
        &format!("/api/tables/{id}/state?token={token}"),
        None,
    )
    .await
    .1;
    if let Some(m) = snap.as_object_mut() {
        m.remove("waiting_since");
    }
    snap
}

/// Sends `action` for the seat at the version of `snap`; returns the answer's status.
async fn decide(
    state: &AppState,
    id: &str,
    token: &str,
    snap: &Value,
    action: &Value,
) -> StatusCode {
    let body = json!({"token": token, "version": snap["version"], "action": action}).to_string();
    call(
        state,
        "POST",
        &format!("/api/tables/{id}/actions"),
        Some(body),
    )
    .await
    .0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let state = state_at(&url).await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let mut last = Value::Null;
    for _ in 0..6 {
        for t in tokens.iter().flatten() {
            let snap = seat_state(&state, &id, t).await;
            if let Some(a) = snap["legal"].as_array().and_then(|l| l.first()) {
                assert_eq!(
                    decide(&state, &id, t, &snap, &a["action"]).await,
                    StatusCode::OK
                );
            }
        }
    }
    let t0 = tokens[0].clone().unwrap();
    let before = seat_state(&state, &id, &t0).await;
    last.clone_from(&before);
    drop(state);
    let again = state_at(&url).await;
    let after = seat_state(&again, &id, &t0).await;
    assert_eq!(after, last);
    assert!(after["version"].as_u64().unwrap() >= 6);
}

/// Every log line carries what its decision did (the game's public facts), computed again the
/// same when the table is read back after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_lines_say_what_happened_and_keep_it_through_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let state = state_at(&url).await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let mut effects = Vec::new();
    let mut seen = std::collections::BTreeMap::new();
    'play: for n in 0..400usize {
        for t in tokens.iter().flatten() {
            let snap = seat_state(&state, &id, t).await;
            for (k, line) in snap["log"].as_object().unwrap() {
                seen.insert(k.clone(), line.clone());
            }
            if snap["status"] == "finished" {
                break 'play;
            }
            let Some(legal) = snap["legal"].as_array().filter(|l| !l.is_empty()) else {
                continue;
            };
            // Prefer what changes the board (crusades, builds, resolving a wedge).
            let pick = legal
                .iter()
                .find(|l| {
                    ["crusade", "build", "saracen_reward"]
                        .contains(&l["action"]["type"].as_str().unwrap_or(""))
                })
                .unwrap_or(&legal[n % legal.len()]);
            assert_eq!(
                decide(&state, &id, t, &snap, &pick["action"]).await,
                StatusCode::OK
            );
        }
    }
    let t0 = tokens[0].clone().unwrap();
    let before = seat_state(&state, &id, &t0).await;
    for (k, line) in before["log"].as_object().unwrap() {
        seen.insert(k.clone(), line.clone());
    }
    for line in seen.values() {
        if !line["effect"].is_null() {
            effects.push(line.clone());
        }
        if line["action"]["type"] == "crusade" {
            let e = &line["effect"];
            assert!(e["defeated"][1].as_u64().unwrap() > 0, "{line}");
        }
        if line["action"]["type"] == "build" {
            let built = &line["effect"]["built"][0];
            assert_eq!(built["kind"], line["action"]["building"], "{line}");
            assert!(built["cost"].is_u64(), "{line}");
        }
    }
    assert!(
        effects
            .iter()
            .any(|l| l["effect"]["influence"].as_i64() > Some(0)),
        "{effects:?}"
    );
    assert!(
        effects.iter().any(|l| !l["effect"]["defeated"].is_null())
            && effects.iter().any(|l| l["effect"]["built"]
                .as_array()
                .is_some_and(|b| !b.is_empty())),
        "{effects:?}"
    );
    drop(state);
    let again = state_at(&url).await;
    let after = seat_state(&again, &id, &t0).await;
    assert_eq!(after["log"], before["log"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_play_acks_and_pushes_snapshots() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(
        &state,
        json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]),
    )
    .await;
    let token = tokens[0].clone().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws?token={token}"))
            .await
            .unwrap();
    let mut acks = 0;
    let mut snapshots = 0;
    let mut patches = 0;
    let mut snap = Value::Null;
    let mut pending: Option<String> = None;
    for _ in 0..400 {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        match v["type"].as_str().unwrap() {
            kind @ ("snapshot" | "patch") => {
                if kind == "snapshot" {
                    snapshots += 1;
                    snap = v;
                } else {
                    patches += 1;
                    // A patch applies to the version the client holds.
                    assert_eq!(v["base"], snap["version"], "{v}");
                    assert!(v["version"].is_u64());
                    merge_apply(&mut snap, &v["patch"]);
                    assert_eq!(snap["version"], v["version"]);
                }
                assert_eq!(snap["you"], 0);
                let legal = snap["legal"].as_array().unwrap();
                if pending.is_none() && !legal.is_empty() {
                    let msg_id = format!("m{snapshots}-{patches}");
                    let out = json!({"type": "action", "id": msg_id, "version": snap["version"], "action": legal[0]["action"]});
                    ws.send(tokio_tungstenite::tungstenite::Message::Text(
                        out.to_string().into(),
                    ))
                    .await
                    .unwrap();
                    pending = Some(msg_id);
                }
            }
            "ack" => {
                assert_eq!(v["id"].as_str(), pending.as_deref());
                pending = None;
                acks += 1;
                if acks >= 5 {
                    break;
                }
            }
            "error" => {
                // A stale decision (the bot moved first) is refused with a code; try again.
                assert_eq!(v["code"], "action/stale_version", "{v}");
                pending = None;
                ws.send(tokio_tungstenite::tungstenite::Message::Text(
                    json!({"type": "resync"}).to_string().into(),
                ))
                .await
                .unwrap();
            }
            // Who is here, and the table talk: not this test's business.
            "presence" | "chat" => {}
            other => panic!("unexpected message {other}"),
        }
    }
    assert!(patches > 0, "changes arrive as patches");
    // The patched snapshot is the snapshot the server would send now (once it has settled).
    tokio::time::sleep(Duration::from_millis(300)).await;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_millis(300), ws.next()).await
    {
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        match v["type"].as_str() {
            Some("patch") => merge_apply(&mut snap, &v["patch"]),
            Some("snapshot") => snap = v,
            _ => {}
        }
    }
    let (_, fresh) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={token}"),
        None,
    )
    .await;
    // (A key holding null and an absent key are the same thing in a snapshot.)
    assert_eq!(snap["version"], fresh["version"]);
    assert_eq!(without_nulls(&snap["view"]), without_nulls(&fresh["view"]));
    assert_eq!(snap["legal"], fresh["legal"]);
    assert!(acks >= 5, "acks {acks}, snapshots {snapshots}");
    // Garbage is answered with a typed error, and the connection stays usable.
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        "{garbage".into(),
    ))
    .await
    .unwrap();
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        if v["type"] == "error" {
            assert_eq!(v["code"], "request/malformed");
            break;
        }
    }
    // A spectator connection gets public views and may not act.
    let (mut spec, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws"))
        .await
        .unwrap();
    let first = tokio::time::timeout(Duration::from_secs(10), spec.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let v: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert!(v["you"].is_null() && v["legal"].as_array().unwrap().is_empty());
    spec.send(tokio_tungstenite::tungstenite::Message::Text(
        json!({"type": "action", "id": "x", "version": 0, "action": {"type": "forgo"}})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), spec.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        if v["type"] == "error" {
            assert_eq!(v["code"], "auth/bad_token");
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_database_never_both_apply() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("shared.db").display());
    let a = state_at(&url).await;
    let (id, tokens) = create(&a, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let b = state_at(&url).await;
    // Both instances hold the table; each seat picks its order through a different instance.
    let t0 = tokens[0].clone().unwrap();
    let t1 = tokens[1].clone().unwrap();
    let (_, s0) = call(
        &a,
        "GET",
        &format!("/api/tables/{id}/state?token={t0}"),
        None,
    )
    .await;
    let (_, s1) = call(
        &b,
        "GET",
        &format!("/api/tables/{id}/state?token={t1}"),
        None,
    )
    .await;
    let body0 = json!({"token": t0, "version": 0, "action": s0["legal"][0]["action"]}).to_string();
    let body1 = json!({"token": t1, "version": 0, "action": s1["legal"][0]["action"]}).to_string();
    let url_actions = format!("/api/tables/{id}/actions");
    let (ra, rb) = tokio::join!(
        call(&a, "POST", &url_actions, Some(body0.clone())),
        call(&b, "POST", &url_actions, Some(body1.clone()))
    );
    let oks = [ra.0, rb.0]
        .iter()
        .filter(|s| **s == StatusCode::OK)
        .count();
    assert_eq!(oks, 1, "{ra:?} {rb:?}");
    // The loser catches up and its retry at the new version succeeds.
    let (loser_state, loser_body) = if ra.0 == StatusCode::OK {
        (&b, body1)
    } else {
        (&a, body0)
    };
    let mut retry: Value = serde_json::from_str(&loser_body).unwrap();
    retry["version"] = json!(1);
    let (s, ack) = call(
        loser_state,
        "POST",
        &format!("/api/tables/{id}/actions"),
        Some(retry.to_string()),
    )
    .await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(2)),
        "{ack}"
    );
}

/// Every route the server's source declares (`.route("PATH", get(…).post(…))`), with its
/// methods, but the browser client's pages and files (`/`, `/t/…`, `/a/…`).
fn declared_routes() -> std::collections::BTreeSet<(String, String)> {
    let mut routes = std::collections::BTreeSet::new();
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for part in text.split(".route(").skip(1) {
                    let Some(part) = part.trim_start().strip_prefix('"') else {
                        continue;
                    };
                    let (route, rest) = part.split_once('"').unwrap();
                    if route == "/" || route.starts_with("/t/") || route.starts_with("/a/") {
                        continue;
                    }
                    // The route's handlers: up to the parenthesis closing `.route(`.
                    let mut depth = 1;
                    let end = rest
                        .char_indices()
                        .find(|&(_, c)| {
                            depth += match c {
                                '(' => 1,
                                ')' => -1,
                                _ => 0,
                            };
                            depth == 0
                        })
                        .map_or(rest.len(), |(i, _)| i);
                    let handlers = &rest[..end];
                    let mut any = false;
                    for method in ["get", "post", "put", "patch", "delete"] {
                        let called = handlers.match_indices(&format!("{method}(")).any(|(i, _)| {
                            i == 0
                                || !handlers.as_bytes()[i - 1].is_ascii_alphanumeric()
                                    && handlers.as_bytes()[i - 1] != b'_'
                        });
                        if called {
                            routes.insert((route.to_owned(), method.to_owned()));
                            any = true;
                        }
                    }
                    assert!(any, "no method found for {route}: {handlers}");
                }
            }
        }
    }
    routes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openapi_document_lists_every_route_and_method_and_nothing_else() {
    let state = state_at("sqlite::memory:").await;
    let (status, doc) = call(&state, "GET", "/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        doc["openapi"].as_str().unwrap().starts_with("3."),
        "{}",
        doc["openapi"]
    );
    let routes = declared_routes();
    assert!(routes.len() >= 40, "{routes:?}");
    let mut documented = std::collections::BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            documented.insert((path.clone(), method.clone()));
            // Every operation says what it does and what it answers; every error names the
            // API's error shape.
            assert!(op["summary"].is_string(), "{method} {path} has no summary");
            for (code, answer) in op["responses"].as_object().unwrap() {
                assert!(answer["description"].is_string(), "{method} {path} {code}");
                if code.starts_with('4') || code.starts_with('5') {
                    assert_eq!(
                        answer["content"]["application/json"]["schema"]["$ref"],
                        "#/components/schemas/ErrorBody",
                        "{method} {path} {code}"
                    );
                }
            }
        }
    }
    let undocumented: Vec<_> = routes.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from the OpenAPI document: {undocumented:?}"
    );
    let stale: Vec<_> = documented.difference(&routes).collect();
    assert!(stale.is_empty(), "documented but not routed: {stale:?}");
    // Every schema a path names is defined.
    let text = doc.to_string();
    for part in text.split("#/components/schemas/").skip(1) {
        let name = part.split('"').next().unwrap();
        assert!(
            doc["components"]["schemas"][name].is_object(),
            "{name} is not defined"
        );
    }
}

/// `api/openapi.json` is the generated document (refresh with
/// `UPDATE_EXPECT=1 cargo test -p ordo-server --test it openapi`).
#[test]
fn the_committed_openapi_copy_is_the_generated_document() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/api/openapi.json");
    let want = format!("{}\n", ordo_server::http::openapi::json());
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "api/openapi.json is out of date: UPDATE_EXPECT=1 cargo test -p ordo-server --test it openapi"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_is_stored_with_its_rules_revision_spelled_out() {
    use ordo_server::store::Store as _;
    let store = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = AppState::recover(store.clone()).await.unwrap();
    let mut ids = Vec::new();
    for (game, config) in [
        ("crusaders", json!({"players": 2})),
        ("warrior-knights", json!({"barons": 2})),
    ] {
        let body = json!({
            "game": game,
            "config": config,
            "seats": [{"kind": "human"}, {"kind": "human"}],
        });
        let (status, created) = call(&state, "POST", "/api/tables", Some(body.to_string())).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        ids.push((game, created["id"].as_str().unwrap().to_string()));
    }
    for (game, id) in ids {
        let stored = store.load_table(&id).await.unwrap().unwrap();
        let config: Value = serde_json::from_str(&stored.table.config).unwrap();
        let latest = match game {
            "crusaders" => crusaders::RULES_LATEST,
            _ => warrior_knights::RULES_LATEST,
        };
        assert_eq!(config["rules"], json!(latest), "{game}: {config}");
    }
}
