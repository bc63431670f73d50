//! People at a table, on both stores: seats bound to a signed-in account or a guest's cookie
//! (no token in any address), "My games" on any device, presence, the players' and the
//! spectators' chat with its limits, chat in replays, seat tokens as `Authorization: Bearer`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use ordo_server::store::{SqliteStore, Store};
use ordo_server::{app, AppState};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

use crate::store::open_postgres;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One HTTP request: status, body, the cookie it set (`name=value`).
pub(crate) async fn send(
    state: &AppState,
    method: &str,
    uri: &str,
    body: Option<Value>,
    headers: &[(&str, &str)],
) -> (StatusCode, Value, Option<String>) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "ordo.test")
        .header("content-type", "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let mut req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(SocketAddr::from(([10, 9, 8, 7], 5000))));
    let res = app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let cookie = res
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_owned());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        cookie,
    )
}

/// Creates the account `name` (password "lances at dawn"); returns its session cookie.
pub(crate) async fn sign_up(state: &AppState, name: &str) -> String {
    let (status, body, cookie) = send(
        state,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": "lances at dawn"})),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    cookie.unwrap()
}

async fn open_ws(addr: SocketAddr, id: &str, headers: &[(&'static str, &str)]) -> Ws {
    let mut req = format!("ws://{addr}/api/tables/{id}/ws")
        .into_client_request()
        .unwrap();
    for (k, v) in headers {
        req.headers_mut().insert(*k, v.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

/// The next message of `kind` (others skipped).
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .unwrap_or_else(|_| panic!("no `{kind}` message in time"))
            .unwrap()
            .unwrap();
        let Message::Text(text) = msg else { continue };
        let v: Value = serde_json::from_str(&text).unwrap();
        if v["type"] == kind {
            return v;
        }
    }
}

/// The next presence message showing `seats` (earlier ones skipped).
async fn presence_becomes(ws: &mut Ws, seats: Value) -> Value {
    loop {
        let p = next_of(ws, "presence").await;
        if p["seats"] == seats {
            return p;
        }
    }
}

async fn say(ws: &mut Ws, m: Value) {
    ws.send(Message::Text(m.to_string().into())).await.unwrap();
}

async fn social_works(store: Arc<dyn Store>) {
    let state = AppState::recover(store).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });

    // Alice has an account; Bob plays as a guest.
    let name = format!("Alice{}", std::process::id());
    let alice = sign_up(&state, &name).await;
    let (status, created, _) = send(
        &state,
        "POST",
        "/api/tables",
        Some(
            json!({"game": "crusaders", "config": {"players": 2}, "lobby": true,
            "seats": [{"kind": "human"}, {"kind": "human"}]}),
        ),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let invites: Vec<String> = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let join = format!("/api/tables/{id}/join");
    let (status, joined, set) = send(
        &state,
        "POST",
        &join,
        Some(json!({"token": invites[0], "name": "not this"})),
        &[("cookie", &alice)],
    )
    .await;
    assert_eq!((status, joined["seat"].as_u64()), (StatusCode::OK, Some(0)));
    assert!(set.is_none(), "a signed-in player needs no guest cookie");
    let (status, joined, bob) = send(
        &state,
        "POST",
        &join,
        Some(json!({"token": invites[1], "name": "Bob"})),
        &[],
    )
    .await;
    assert_eq!(
        (status, joined["status"].as_str()),
        (StatusCode::OK, Some("active"))
    );
    let bob = bob.expect("a guest gets a cookie");
    assert!(bob.starts_with("ordo_guest="), "{bob}");
    assert_eq!(joined["bound"], true);
    let bob_token = joined["token"].as_str().unwrap().to_string();
    // Bob's own token again, from his browser: bound already, nothing else changes; from
    // another person's browser: refused (a token does not move a seat to someone else).
    let (status, again, _) = send(
        &state,
        "POST",
        &join,
        Some(json!({"token": bob_token})),
        &[("cookie", &bob)],
    )
    .await;
    assert_eq!(
        (status, again["bound"].as_bool(), again["seat"].as_u64()),
        (StatusCode::OK, Some(true), Some(1))
    );
    let stranger = format!("ordo_guest={}", "ab".repeat(32));
    let (status, _, _) = send(
        &state,
        "POST",
        &join,
        Some(json!({"token": bob_token})),
        &[("cookie", &stranger)],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "another person cannot bind Bob's seat"
    );
    let (_, nobody_seat, _) = send(
        &state,
        "GET",
        &format!("/api/tables/{id}/state"),
        None,
        &[("cookie", &stranger)],
    )
    .await;
    assert_eq!(nobody_seat["you"], Value::Null);

    // One person playing two seats of a table (hot seat): the second is held by its token.
    let (_, hot, _) = send(
        &state,
        "POST",
        "/api/tables",
        Some(
            json!({"game": "crusaders", "config": {"players": 2}, "lobby": true,
            "seats": [{"kind": "human"}, {"kind": "human"}]}),
        ),
        &[],
    )
    .await;
    let hot_id = hot["id"].as_str().unwrap();
    let mut held = Vec::new();
    for seat in 0..2 {
        let (status, j, _) = send(
            &state,
            "POST",
            &format!("/api/tables/{hot_id}/join"),
            Some(json!({"token": hot["tokens"][seat]})),
            &[("cookie", &alice)],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{j}");
        held.push((
            j["bound"].as_bool(),
            j["token"].as_str().unwrap().to_string(),
        ));
    }
    assert_eq!(
        (held[0].0, held[1].0),
        (Some(true), Some(false)),
        "one seat per person by cookie"
    );
    let (_, second, _) = send(
        &state,
        "GET",
        &format!("/api/tables/{hot_id}/state"),
        None,
        &[
            ("cookie", &alice),
            ("authorization", &format!("Bearer {}", held[1].1)),
        ],
    )
    .await;
    assert_eq!(second["you"], 1, "a token given wins over the cookie");

    // The cookie finds the seat: no token in any address.
    let view = format!("/api/tables/{id}/state");
    let (_, snap, _) = send(&state, "GET", &view, None, &[("cookie", &alice)]).await;
    assert_eq!(snap["you"], 0);
    assert_eq!(
        snap["seats"][0]["name"],
        name.as_str(),
        "the account's name"
    );
    let (_, snap, _) = send(&state, "GET", &view, None, &[("cookie", &bob)]).await;
    assert_eq!(
        (snap["you"].as_u64(), snap["seats"][1]["name"].as_str()),
        (Some(1), Some("Bob"))
    );
    let (_, nobody, _) = send(&state, "GET", &view, None, &[]).await;
    assert_eq!(nobody["you"], Value::Null);
    // Programs send the seat's token as a bearer token.
    let bearer = format!("Bearer {bob_token}");
    let (_, snap, _) = send(&state, "GET", &view, None, &[("authorization", &bearer)]).await;
    assert_eq!(snap["you"], 1);
    let (status, err, _) = send(
        &state,
        "GET",
        &view,
        None,
        &[("authorization", "Bearer nope-nope-nope-nope")],
    )
    .await;
    assert_eq!(
        (status, err["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("auth/bad_token"))
    );

    // My games: on another device once signed in, with whose turn it is.
    let (_, _, second) = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": "lances at dawn"})),
        &[],
    )
    .await;
    let (_, list, _) = send(
        &state,
        "GET",
        "/api/me/tables",
        None,
        &[("cookie", &second.unwrap())],
    )
    .await;
    let list = list.as_array().unwrap().clone();
    assert_eq!(list.len(), 2, "{list:?}");
    let rank = |v: &Value| {
        ["your_turn", "waiting", "open", "finished"]
            .iter()
            .position(|s| v["state"] == *s)
            .unwrap()
    };
    assert!(
        rank(&list[0]) <= rank(&list[1]),
        "sorted by state: {list:?}"
    );
    let entry = list
        .iter()
        .find(|e| e["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(entry["seat"], 0);
    let to_act = snap["to_act"].as_array().unwrap().clone();
    assert_eq!(entry["your_turn"], to_act.contains(&json!(0)));
    assert_eq!(
        entry["state"],
        if to_act.contains(&json!(0)) {
            "your_turn"
        } else {
            "waiting"
        }
    );
    let list = [entry];
    assert_eq!(list[0]["seats"][1]["name"], "Bob");
    let (_, his, _) = send(&state, "GET", "/api/me/tables", None, &[("cookie", &bob)]).await;
    assert_eq!(his[0]["seat"], 1);
    assert_eq!(his[0]["your_turn"], to_act.contains(&json!(1)));
    let (_, none, _) = send(&state, "GET", "/api/me/tables", None, &[]).await;
    assert_eq!(none, json!([]));

    // Presence: online as pages open, away when hidden, offline when closed; spectators
    // counted.
    let mut a = open_ws(addr, &id, &[("cookie", &alice)]).await;
    assert_eq!(
        next_of(&mut a, "snapshot").await["you"],
        0,
        "the cookie holds the seat"
    );
    presence_becomes(&mut a, json!(["online", "offline"])).await;
    let mut b = open_ws(addr, &id, &[("cookie", &bob)]).await;
    assert_eq!(next_of(&mut b, "snapshot").await["you"], 1);
    presence_becomes(&mut a, json!(["online", "online"])).await;
    let mut s = open_ws(addr, &id, &[]).await;
    assert_eq!(next_of(&mut s, "snapshot").await["you"], Value::Null);
    let p = next_of(&mut a, "presence").await;
    assert_eq!(p["spectators"], 1, "{p}");
    say(&mut b, json!({"type": "presence", "away": true})).await;
    presence_becomes(&mut a, json!(["online", "away"])).await;
    say(&mut b, json!({"type": "presence", "away": false})).await;
    presence_becomes(&mut a, json!(["online", "online"])).await;

    // Chat: the players' talk reaches everyone; the spectators' stays with spectators.
    say(
        &mut a,
        json!({"type": "chat", "text": "<b>Deal?</b>\nBavaria for Lorraine"}),
    )
    .await;
    for ws in [&mut a, &mut b, &mut s] {
        let c = next_of(ws, "chat").await;
        let line = &c["lines"][0];
        assert_eq!(
            line["text"], "<b>Deal?</b> Bavaria for Lorraine",
            "plain text, kept as is"
        );
        assert_eq!(
            (line["seat"].as_u64(), line["channel"].as_str()),
            (Some(0), Some("players"))
        );
        assert_eq!(line["name"], name.as_str());
    }
    say(
        &mut s,
        json!({"type": "chat", "text": "Alice should take it"}),
    )
    .await;
    let heard = next_of(&mut s, "chat").await;
    assert_eq!(
        (
            heard["lines"][0]["channel"].as_str(),
            heard["lines"][0]["seat"].as_u64()
        ),
        (Some("spectators"), None)
    );
    say(&mut b, json!({"type": "chat", "phrase": "good_luck"})).await;
    for ws in [&mut a, &mut b] {
        let c = next_of(ws, "chat").await;
        assert_eq!(
            c["lines"][0]["phrase"], "good_luck",
            "players never read the spectators: {c}"
        );
    }
    // Refusals: typed, nothing said.
    for (m, code) in [
        (json!({"type": "chat", "text": "  "}), "chat/refused"),
        (
            json!({"type": "chat", "text": "x".repeat(501)}),
            "chat/refused",
        ),
        (
            json!({"type": "chat", "phrase": "<img src=x>"}),
            "chat/refused",
        ),
        (json!({"type": "chat"}), "chat/refused"),
        (json!({"type": "presence"}), "request/malformed"),
        (json!({"type": "resync", "text": "hi"}), "request/malformed"),
    ] {
        say(&mut b, m.clone()).await;
        let e = next_of(&mut b, "error").await;
        assert_eq!(e["code"], code, "{m}: {e}");
    }
    // Five messages in ten seconds; the next is refused.
    let mut refused = None;
    for n in 0..6 {
        say(&mut a, json!({"type": "chat", "text": format!("n{n}")})).await;
    }
    for _ in 0..6 {
        let m = loop {
            let v = tokio::time::timeout(Duration::from_secs(10), a.next())
                .await
                .unwrap()
                .unwrap()
                .unwrap();
            let Message::Text(t) = v else { continue };
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "chat" || v["type"] == "error" {
                break v;
            }
        };
        if m["type"] == "error" {
            refused = Some(m);
        }
    }
    // Alice already said one message in this window.
    assert_eq!(
        refused.map(|e| e["code"].clone()),
        Some(json!("chat/too_fast"))
    );

    // Closing a page: offline. Coming back: the chat so far, without the spectators'.
    drop(b);
    presence_becomes(&mut a, json!(["online", "offline"])).await;
    let mut b = open_ws(addr, &id, &[("cookie", &bob)]).await;
    let history = next_of(&mut b, "chat").await;
    let lines = history["lines"].as_array().unwrap();
    assert!(lines.iter().all(|l| l["channel"] == "players"), "{history}");
    assert_eq!(
        lines.len(),
        6,
        "Alice's first, Bob's phrase, four of Alice's burst: {history}"
    );
    let mut s2 = open_ws(addr, &id, &[]).await;
    let theirs = next_of(&mut s2, "chat").await;
    assert_eq!(
        theirs["lines"].as_array().unwrap().len(),
        7,
        "spectators read both"
    );

    // A replay shows what was said at its moment (the players' talk while the game runs).
    let (_, step, _) = send(
        &state,
        "GET",
        &format!("/api/tables/{id}/replay?at=0"),
        None,
        &[],
    )
    .await;
    assert_eq!(step["chat"].as_array().unwrap().len(), 6, "{step}");

    // A page of another site may not open a connection with the browser's cookies.
    let mut req = format!("ws://{addr}/api/tables/{id}/ws")
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    req.headers_mut().insert("cookie", alice.parse().unwrap());
    assert!(
        tokio_tungstenite::connect_async(req).await.is_err(),
        "cross-site upgrade refused"
    );
    drop((a, b, s, s2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_at_a_table_on_sqlite() {
    social_works(Arc::new(
        SqliteStore::open("sqlite::memory:").await.unwrap(),
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_at_a_table_on_postgres() {
    let schema = format!("ordo_social_{}", std::process::id());
    let Some(store) = open_postgres(&schema, "social").await else {
        return;
    };
    social_works(Arc::new(store.clone())).await;
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(store.pool())
        .await;
}

/// Polls the table's state for `cookie` until `done` holds (at most 60 s).
pub(crate) async fn wait_until(
    state: &AppState,
    id: &str,
    cookie: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..1200 {
        let (_, snap, _) = send(
            state,
            "GET",
            &format!("/api/tables/{id}/state"),
            None,
            &[("cookie", cookie)],
        )
        .await;
        if done(&snap) {
            return snap;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("table {id} never got there");
}

/// Three players resign one by one (the stand-ins finish the game), then Alice offers a
/// rematch, Bob accepts and Carol declines.
async fn resign_and_rematch(store: Arc<dyn Store>) {
    let state = AppState::recover(store).await.unwrap();
    let (_, created, _) = send(
        &state,
        "POST",
        "/api/tables",
        Some(
            json!({"game": "crusaders", "config": {"players": 3}, "lobby": true,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
        ),
        &[],
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut cookies = Vec::new();
    for (seat, name) in ["Alice", "Bob", "Carol"].iter().enumerate() {
        let (status, j, cookie) = send(
            &state,
            "POST",
            &format!("/api/tables/{id}/join"),
            Some(json!({"token": created["tokens"][seat], "name": name})),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{j}");
        cookies.push(cookie.unwrap());
    }
    let post = |path: &str| format!("/api/tables/{id}/{path}");
    // Not over yet: no rematch to answer.
    let (status, e, _) = send(
        &state,
        "POST",
        &post("rematch"),
        Some(json!({})),
        &[("cookie", &cookies[0])],
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/rematch"))
    );
    // Alice resigns: the stand-in plays her seat, and she cannot take it back or decide.
    let (status, _, _) = send(
        &state,
        "POST",
        &post("resign"),
        Some(json!({})),
        &[("cookie", &cookies[0])],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let snap = wait_until(&state, &id, &cookies[0], |s| {
        s["seats"][0]["resigned"] == true
    })
    .await;
    assert_eq!(snap["seats"][0]["away"], true);
    for path in ["reclaim", "resign"] {
        let (status, e, _) = send(
            &state,
            "POST",
            &post(path),
            Some(json!({})),
            &[("cookie", &cookies[0])],
        )
        .await;
        assert_eq!(
            (status, e["code"].as_str()),
            (StatusCode::CONFLICT, Some("table/resigned")),
            "{path}"
        );
    }
    let legal = snap["legal"].as_array().cloned().unwrap_or_default();
    if let Some(first) = legal.first() {
        let (_, e, _) = send(
            &state,
            "POST",
            &post("actions"),
            Some(json!({"version": snap["version"], "action": first["action"]})),
            &[("cookie", &cookies[0])],
        )
        .await;
        assert_eq!(e["code"], "table/resigned", "{e}");
    }
    // A spectator cannot resign anyone.
    let (status, _, _) = send(&state, "POST", &post("resign"), Some(json!({})), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for c in &cookies[1..] {
        let (status, _, _) = send(
            &state,
            "POST",
            &post("resign"),
            Some(json!({})),
            &[("cookie", c)],
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    // The stand-ins play the game to its end.
    wait_until(&state, &id, &cookies[0], |s| s["status"] == "finished").await;
    let (status, e, _) = send(
        &state,
        "POST",
        &post("rematch/decline"),
        Some(json!({})),
        &[("cookie", &cookies[2])],
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/rematch")),
        "nothing offered yet"
    );

    // Alice offers: a new table, her seat taken there by her cookie.
    let (status, r, _) = send(
        &state,
        "POST",
        &post("rematch"),
        Some(json!({})),
        &[("cookie", &cookies[0])],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    let new_id = r["table"].as_str().unwrap().to_string();
    assert_eq!(
        (r["seat"].as_u64(), r["bound"].as_bool()),
        (Some(0), Some(true))
    );
    let (_, old, _) = send(&state, "GET", &format!("/api/tables/{id}/state"), None, &[]).await;
    assert_eq!(old["rematch"], new_id.as_str(), "everyone sees the offer");
    assert_eq!(old["seats"][0]["rematch"], true);
    assert_eq!(old["seats"][1]["rematch"], Value::Null);
    let (status, _, _) = send(
        &state,
        "POST",
        &post("rematch"),
        Some(json!({})),
        &[("cookie", &cookies[0])],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "answered already");
    // The other seats are kept for their players: nobody else takes them.
    let (_, info, _) = send(&state, "GET", &format!("/api/tables/{new_id}"), None, &[]).await;
    assert_eq!(info["status"], "open");
    assert_eq!(
        info["config"],
        old_config(&state, &id).await,
        "the same options"
    );
    assert_eq!(info["seats"][1]["name"], "Bob", "kept for Bob");
    let (status, _, _) = send(
        &state,
        "POST",
        &format!("/api/tables/{new_id}/join"),
        Some(json!({"name": "Mallory"})),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a stranger finds no free seat"
    );
    let (_, listed, _) = send(&state, "GET", "/api/tables?status=open", None, &[]).await;
    let row = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == new_id.as_str())
        .unwrap()
        .clone();
    assert_eq!(row["free_seats"], 0);
    // Bob accepts; Carol declines (and cannot change her mind).
    let (status, r, _) = send(
        &state,
        "POST",
        &post("rematch"),
        Some(json!({})),
        &[("cookie", &cookies[1])],
    )
    .await;
    assert_eq!((status, r["seat"].as_u64()), (StatusCode::OK, Some(1)));
    let (status, _, _) = send(
        &state,
        "POST",
        &post("rematch/decline"),
        Some(json!({})),
        &[("cookie", &cookies[2])],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = send(
        &state,
        "POST",
        &post("rematch"),
        Some(json!({})),
        &[("cookie", &cookies[2])],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, old, _) = send(&state, "GET", &format!("/api/tables/{id}/state"), None, &[]).await;
    assert_eq!(
        (
            old["seats"][1]["rematch"].as_bool(),
            old["seats"][2]["rematch"].as_bool()
        ),
        (Some(true), Some(false))
    );
    let (_, bobs, _) = send(
        &state,
        "GET",
        &format!("/api/tables/{new_id}/state"),
        None,
        &[("cookie", &cookies[1])],
    )
    .await;
    assert_eq!(
        bobs["you"], 1,
        "Bob's browser holds his new seat by its cookie"
    );
    let (_, mine, _) = send(
        &state,
        "GET",
        "/api/me/tables",
        None,
        &[("cookie", &cookies[1])],
    )
    .await;
    let states: Vec<_> = mine
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["id"].as_str().unwrap().to_string(),
                m["state"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        states,
        vec![
            (new_id.clone(), "open".to_string()),
            (id.clone(), "finished".to_string())
        ]
    );
    // Carol played as a guest; signing up in the same browser brings her seat to her account.
    let carol = format!("Carol{}", std::process::id());
    let (status, _, session) = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": carol, "password": "saddle and spur"})),
        &[("cookie", &cookies[2])],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let session = session.unwrap();
    let (_, hers, _) = send(
        &state,
        "GET",
        "/api/me/tables",
        None,
        &[("cookie", &session)],
    )
    .await;
    assert_eq!(
        hers.as_array().map(Vec::len),
        Some(1),
        "the declined rematch is not hers: {hers}"
    );
    assert_eq!(
        (hers[0]["id"].as_str(), hers[0]["seat"].as_u64()),
        (Some(id.as_str()), Some(2)),
        "{hers}"
    );
    let (_, as_guest, _) = send(
        &state,
        "GET",
        "/api/me/tables",
        None,
        &[("cookie", &cookies[2])],
    )
    .await;
    assert_eq!(as_guest, json!([]), "the seat is the account's now");
}

async fn old_config(state: &AppState, id: &str) -> Value {
    send(state, "GET", &format!("/api/tables/{id}"), None, &[])
        .await
        .1["config"]
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_and_rematch_on_sqlite() {
    resign_and_rematch(Arc::new(
        SqliteStore::open("sqlite::memory:").await.unwrap(),
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_and_rematch_on_postgres() {
    let schema = format!("ordo_rematch_{}", std::process::id());
    let Some(store) = open_postgres(&schema, "rematch").await else {
        return;
    };
    resign_and_rematch(Arc::new(store.clone())).await;
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(store.pool())
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_sends_a_referer() {
    let state = AppState::recover(Arc::new(
        SqliteStore::open("sqlite::memory:").await.unwrap(),
    ))
    .await
    .unwrap();
    for uri in [
        "/",
        "/t/abc?token=0123456789abcdef0123",
        "/api/games",
        "/api/no/such",
    ] {
        let req = Request::builder().uri(uri).body(Body::empty()).unwrap();
        let res = app(state.clone()).oneshot(req).await.unwrap();
        assert_eq!(
            res.headers()
                .get("referrer-policy")
                .and_then(|v| v.to_str().ok()),
            Some("no-referrer"),
            "{uri}"
        );
        assert_eq!(
            res.headers()
                .get("x-content-type-options")
                .and_then(|v| v.to_str().ok()),
            Some("nosniff"),
            "{uri}"
        );
    }
}

/// The host shows a new invite for a seat nobody took (the earlier link stops working) or
/// revokes it, from the browser that created the table or with the host token; a guest who
/// took a seat without a name gives one; an account's seat keeps the account's name.
async fn invites_and_names(store: Arc<dyn Store>) {
    let state = AppState::recover(store).await.unwrap();
    let (status, created, host) = send(
        &state,
        "POST",
        "/api/tables",
        Some(
            json!({"game": "crusaders", "config": {"players": 3}, "lobby": true,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}),
        ),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let host = host.expect("the creator gets a guest cookie");
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tables/{id}/{p}");
    let (status, shown, _) = send(
        &state,
        "POST",
        &path("invites/1"),
        Some(json!({})),
        &[("cookie", &host)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    let first = shown["token"].as_str().unwrap().to_string();
    let (_, again, _) = send(
        &state,
        "POST",
        &path("invites/1"),
        Some(json!({})),
        &[("cookie", &host)],
    )
    .await;
    let second = again["token"].as_str().unwrap().to_string();
    assert_ne!(first, second);
    let (status, _, _) = send(
        &state,
        "POST",
        &path("join"),
        Some(json!({"token": first})),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the earlier link stopped working"
    );
    let (status, _, _) = send(
        &state,
        "POST",
        &path("join"),
        Some(json!({"token": created["tokens"][1]})),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the creation's link too");
    // Revoked: the seat's link opens nothing.
    let (status, r, _) = send(
        &state,
        "POST",
        &path("invites/2/revoke"),
        Some(json!({"host_token": created["host_token"]})),
        &[],
    )
    .await;
    assert_eq!((status, r["token"].clone()), (StatusCode::OK, Value::Null));
    let (status, _, _) = send(
        &state,
        "POST",
        &path("join"),
        Some(json!({"token": created["tokens"][2]})),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Nobody else manages the invites.
    let stranger = format!("ordo_guest={}", "cd".repeat(32));
    for (body, headers) in [
        (json!({}), vec![("cookie", stranger.as_str())]),
        (json!({"host_token": "0123456789abcdef0123"}), vec![]),
        (json!({}), vec![]),
    ] {
        let (status, _, _) = send(&state, "POST", &path("invites/0"), Some(body), &headers).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    // Bob takes seat 1 with the new link, without a name, then gives one.
    let (status, j, bob) = send(
        &state,
        "POST",
        &path("join"),
        Some(json!({"token": second})),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{j}");
    let bob = bob.unwrap();
    let (_, snap, _) = send(&state, "GET", &path("state"), None, &[("cookie", &bob)]).await;
    assert_eq!(snap["seats"][1]["name"], Value::Null);
    for bad in ["", "   ", "\u{7}"] {
        let (status, _, _) = send(
            &state,
            "POST",
            &path("name"),
            Some(json!({"name": bad})),
            &[("cookie", &bob)],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad:?}");
    }
    let (status, _, _) = send(
        &state,
        "POST",
        &path("name"),
        Some(json!({"name": " Bob\u{7} "})),
        &[("cookie", &bob)],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, snap, _) = send(&state, "GET", &path("state"), None, &[("cookie", &bob)]).await;
    assert_eq!(snap["seats"][1]["name"], "Bob");
    let (status, e, _) = send(
        &state,
        "POST",
        &path("invites/1"),
        Some(json!({})),
        &[("cookie", &host)],
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/lobby")),
        "a taken seat has no invite"
    );
    // A spectator names nobody; an account's seat shows the account's name.
    let (status, _, _) = send(
        &state,
        "POST",
        &path("name"),
        Some(json!({"name": "Eve"})),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let name = format!("Dana{}", std::process::id());
    let (_, _, dana) = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": "lances at dawn"})),
        &[],
    )
    .await;
    let dana = dana.unwrap();
    let (_, zero, _) = send(
        &state,
        "POST",
        &path("invites/0"),
        Some(json!({})),
        &[("cookie", &host)],
    )
    .await;
    let (status, _, _) = send(
        &state,
        "POST",
        &path("join"),
        Some(json!({"token": zero["token"]})),
        &[("cookie", &dana)],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = send(
        &state,
        "POST",
        &path("name"),
        Some(json!({"name": "Not Dana"})),
        &[("cookie", &dana)],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    // The host starts the table from the creating browser, without the host token.
    let (status, _, _) = send(
        &state,
        "POST",
        &path("start"),
        Some(json!({})),
        &[("cookie", &bob)],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the host starts it");
    let (status, _, _) = send(
        &state,
        "POST",
        &path("start"),
        Some(json!({})),
        &[("cookie", &host)],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invites_and_names_on_sqlite() {
    invites_and_names(Arc::new(
        SqliteStore::open("sqlite::memory:").await.unwrap(),
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invites_and_names_on_postgres() {
    let schema = format!("ordo_invites_{}", std::process::id());
    let Some(store) = open_postgres(&schema, "invites").await else {
        return;
    };
    invites_and_names(Arc::new(store.clone())).await;
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(store.pool())
        .await;
}
