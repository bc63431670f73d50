//! The lobby, stand-ins, clocks, take-backs, simultaneous decisions, per-address limits and
//! PostgreSQL notifications between instances.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use futures_util::StreamExt;
use ordo_server::delta::merge_apply;
use ordo_server::limit::IpLimiter;
use ordo_server::store::{PostgresStore, SqliteStore};
use ordo_server::{app, AppState};
use serde_json::{json, Value};

use crate::http::{call, create, my_turn, state_at, without_nulls};
use crate::store::{open_postgres, postgres_url};

async fn create_with(state: &AppState, body: Value) -> Value {
    let (status, created) = call(state, "POST", "/api/tables", Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

async fn info(state: &AppState, id: &str) -> Value {
    call(state, "GET", &format!("/api/tables/{id}"), None)
        .await
        .1
}

async fn state_of(state: &AppState, id: &str, token: &str) -> Value {
    call(
        state,
        "GET",
        &format!("/api/tables/{id}/state?token={token}"),
        None,
    )
    .await
    .1
}

async fn post(state: &AppState, id: &str, what: &str, body: Value) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/tables/{id}/{what}"),
        Some(body.to_string()),
    )
    .await
}

/// Waits until the table reaches at least `version`.
async fn wait_version(state: &AppState, id: &str, version: u64) -> Value {
    for _ in 0..2000 {
        let i = info(state, id).await;
        if i["version"].as_u64().unwrap_or(0) >= version || i["status"] == "finished" {
            return i;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("table {id} never reached version {version}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_join_leave_and_start() {
    let state = state_at("sqlite::memory:").await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]);
    let created = create_with(
        &state,
        json!({"game": "crusaders", "config": {"players": 3}, "seats": seats, "lobby": true}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let invite0 = created["tokens"][0].as_str().unwrap().to_string();
    let host = created["host_token"].as_str().unwrap().to_string();
    assert_eq!(info(&state, &id).await["status"], "open");
    // Listed as open, with two free seats.
    let (_, open) = call(&state, "GET", "/api/tables?status=open", None).await;
    let listed = open
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id.as_str())
        .cloned();
    assert_eq!(listed.map(|t| t["free_seats"].clone()), Some(json!(2)));
    // Decisions are refused before the start.
    let (s, e) = post(
        &state,
        &id,
        "actions",
        json!({"token": invite0, "version": 0, "action": {"type": "forgo"}}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game/not_active"))
    );
    // Joining with an invite claims that seat with a token of the player's own (the host, who
    // saw the invite, keeps no way in); the table waits for the other.
    let (s, j) = post(
        &state,
        &id,
        "join",
        json!({"token": invite0, "name": "Ana"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{j}");
    assert_eq!(
        (j["seat"].clone(), j["status"].clone()),
        (json!(0), json!("open"))
    );
    let ana = j["token"].as_str().unwrap().to_string();
    assert_ne!(ana, invite0);
    assert_eq!(state_of(&state, &id, &ana).await["you"], 0);
    let (s, _) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={invite0}"),
        None,
    )
    .await;
    assert_eq!(
        s,
        StatusCode::FORBIDDEN,
        "the used invite still opens the seat"
    );
    let i = info(&state, &id).await;
    assert_eq!(i["seats"][0]["name"], "Ana");
    assert_eq!(i["seats"][0]["joined"], true);
    assert_eq!(i["seats"][0]["claimed"], true);
    assert_eq!(i["seats"][1]["joined"], false);
    assert_eq!(i["seats"][1]["claimed"], false);
    // Leaving frees the seat; the player's own token takes it back (and stays hers).
    let (s, _) = post(&state, &id, "leave", json!({"token": ana})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(info(&state, &id).await["seats"][0]["joined"], false);
    let (s, j) = post(&state, &id, "join", json!({"token": ana, "name": "Ana"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(j["token"], ana.as_str());
    let (s, _) = post(&state, &id, "join", json!({"token": invite0})).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // A forged invite and a forged host token are refused.
    let (s, e) = post(&state, &id, "join", json!({"token": "forged"})).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("auth/bad_token"))
    );
    let (s, _) = post(&state, &id, "start", json!({"host_token": "forged"})).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // Joining without an invite takes the free seat with a fresh token and starts the table.
    let ask = json!({"name": "Bảo", "new_token": "bao_0123456789abcdef"});
    let (s, j) = post(&state, &id, "join", ask.clone()).await;
    assert_eq!(s, StatusCode::OK, "{j}");
    assert_eq!(
        (j["seat"].clone(), j["status"].clone(), j["token"].clone()),
        (json!(1), json!("active"), ask["new_token"].clone())
    );
    // The same request again (its answer lost) gets the same answer.
    let (s, again) = post(&state, &id, "join", ask).await;
    assert_eq!((s, again), (StatusCode::OK, j.clone()));
    let fresh = j["token"].as_str().unwrap().to_string();
    assert_eq!(state_of(&state, &id, &fresh).await["you"], 1);
    // The table is full and started: no more joins, no start.
    let (s, e) = post(&state, &id, "join", json!({})).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/lobby"))
    );
    let (s, _) = post(&state, &id, "start", json!({"host_token": host})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    // The creator can start a table early: unjoined seats are played by the stand-in.
    let created = create_with(
        &state,
        json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}], "lobby": true, "standin": "random"}),
    )
    .await;
    let id2 = created["id"].as_str().unwrap().to_string();
    let invite = created["tokens"][0].as_str().unwrap().to_string();
    let t1 = created["tokens"][1].as_str().unwrap().to_string();
    let (_, j) = post(&state, &id2, "join", json!({"token": invite})).await;
    let t0 = j["token"].as_str().unwrap().to_string();
    let (s, _) = post(
        &state,
        &id2,
        "start",
        json!({"host_token": created["host_token"]}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let i = info(&state, &id2).await;
    assert_eq!(
        (i["status"].clone(), i["seats"][1]["away"].clone()),
        (json!("active"), json!(true))
    );
    // The stand-in makes seat 1's secret pick; seat 0 can still play.
    let snap = my_turn(&state, &id2, &t0).await;
    assert!(!snap["legal"].as_array().unwrap().is_empty());
    // Until the invited player arrives, the host's copy of her invite shows the public view only
    // and decides nothing: the host cannot read the seat the stand-in plays. (Compared once the
    // stand-in's pick is in, so that nothing changes between the two reads.)
    let mut public = Value::Null;
    for _ in 0..2000 {
        public = call(&state, "GET", &format!("/api/tables/{id2}/state"), None)
            .await
            .1;
        if public["view"]["seats"][1]["chosen"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(public["view"]["seats"][1]["chosen"], true, "{public}");
    let peek = state_of(&state, &id2, &t1).await;
    assert_eq!(peek["you"], 1);
    assert_eq!(
        peek["view"], public["view"],
        "an unused invite reads the seat"
    );
    assert_eq!(peek["legal"], json!([]));
    assert_ne!(
        state_of(&state, &id2, &t0).await["view"],
        public["view"],
        "a taken seat sees its own view"
    );
    let (s, _) = call(
        &state,
        "GET",
        &format!("/api/tables/{id2}/hints?token={t1}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "the unused invite asks the coach");
    for (what, body) in [
        ("reclaim", json!({"token": t1})),
        ("undo", json!({"token": t1, "version": 0})),
        (
            "actions",
            json!({"token": t1, "version": 0, "action": {"type": "forgo"}}),
        ),
    ] {
        let (s, e) = post(&state, &id2, what, body).await;
        assert_eq!(
            (s, e["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("auth/bad_token")),
            "{what}"
        );
    }
    // She arrives: the invite takes the seat with the token her client chose (a retry whose
    // answer was lost gets the same answer), the invite is retired, and the stand-in hands the
    // seat back at once.
    let chosen = "chi-0123456789abcdef";
    let (s, e) = post(
        &state,
        &id2,
        "join",
        json!({"token": t1, "new_token": "short"}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("request/malformed"))
    );
    let (s, j) = post(
        &state,
        &id2,
        "join",
        json!({"token": t1, "name": "Chi", "new_token": chosen}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{j}");
    assert_eq!(
        (j["seat"].clone(), j["status"].clone(), j["token"].clone()),
        (json!(1), json!("active"), json!(chosen))
    );
    let (s, again) = post(
        &state,
        &id2,
        "join",
        json!({"token": t1, "name": "Chi", "new_token": chosen}),
    )
    .await;
    assert_eq!((s, again), (StatusCode::OK, j.clone()));
    let chi = chosen.to_string();
    let (s, _) = post(&state, &id2, "reclaim", json!({"token": t1})).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = post(&state, &id2, "join", json!({"token": t1})).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert_ne!(state_of(&state, &id2, &chi).await["view"], public["view"]);
    let i = info(&state, &id2).await;
    assert_eq!(
        (i["seats"][1]["away"].clone(), i["seats"][1]["name"].clone()),
        (json!(false), json!("Chi"))
    );
    // A seat taken once is not taken again at a running table.
    let (s, e) = post(&state, &id2, "join", json!({"token": chi})).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/lobby"))
    );
}

/// Before a table starts nobody sees a seat's private view, so whoever takes a free seat,
/// looks and leaves learns nothing of the deal the next player gets; once it starts, each seat
/// sees its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_sees_a_seats_deal_before_the_start() {
    let state = state_at("sqlite::memory:").await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}]);
    let created = create_with(
        &state,
        json!({"game": "crusaders", "config": {"players": 2}, "seats": seats, "lobby": true}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let public = call(&state, "GET", &format!("/api/tables/{id}/state"), None)
        .await
        .1;
    let (_, mallory) = post(&state, &id, "join", json!({"name": "Mallory"})).await;
    let peek = state_of(&state, &id, mallory["token"].as_str().unwrap()).await;
    assert_eq!(peek["you"], mallory["seat"]);
    assert_eq!(
        peek["view"], public["view"],
        "a seat's view before the start"
    );
    assert_eq!(peek["legal"], json!([]));
    // The host's invites show no more than the public view either.
    for t in created["tokens"].as_array().unwrap() {
        let v = state_of(&state, &id, t.as_str().unwrap()).await;
        if v["you"].is_number() {
            assert_eq!(v["view"], public["view"]);
        }
    }
    let (s, _) = post(&state, &id, "leave", json!({"token": mallory["token"]})).await;
    assert_eq!(s, StatusCode::OK);
    // Two players take the seats; the table starts and each sees its own dealt orders.
    let (_, a) = post(&state, &id, "join", json!({"name": "Ana"})).await;
    let (_, b) = post(&state, &id, "join", json!({"name": "Bảo"})).await;
    assert_eq!(b["status"], "active");
    let public = call(&state, "GET", &format!("/api/tables/{id}/state"), None)
        .await
        .1;
    for p in [&a, &b] {
        let v = state_of(&state, &id, p["token"].as_str().unwrap()).await;
        assert_ne!(v["view"], public["view"], "no private view after the start");
        assert!(!v["legal"].as_array().unwrap().is_empty());
    }
    // Mallory's token opens nothing any more.
    let (s, _) = call(
        &state,
        "GET",
        &format!(
            "/api/tables/{id}/state?token={}",
            mallory["token"].as_str().unwrap()
        ),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

/// At a table that starts at once the creator hands out the seats' invites; a player who takes
/// the seat gets a token of their own and the creator's copy stops working.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taking_a_running_tables_seat_retires_its_invite() {
    let state = state_at("sqlite::memory:").await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}]);
    let created = create_with(
        &state,
        json!({"game": "crusaders", "config": {"players": 2}, "seats": seats}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let invite = created["tokens"][1].as_str().unwrap().to_string();
    assert_eq!(info(&state, &id).await["status"], "active");
    // Until it is taken, the invite holds the seat (a table without a lobby plays at once).
    assert_eq!(state_of(&state, &id, &invite).await["you"], 1);
    let (s, j) = post(&state, &id, "join", json!({"token": invite, "name": "Bảo"})).await;
    assert_eq!(s, StatusCode::OK, "{j}");
    let own = j["token"].as_str().unwrap().to_string();
    assert_ne!(own, invite);
    let snap = state_of(&state, &id, &own).await;
    assert_eq!(
        (snap["you"].clone(), snap["seats"][1]["claimed"].clone()),
        (json!(1), json!(true))
    );
    assert_eq!(snap["seats"][1]["name"], "Bảo");
    for (what, path) in [
        ("state", format!("/api/tables/{id}/state?token={invite}")),
        ("hints", format!("/api/tables/{id}/hints?token={invite}")),
    ] {
        let (s, _) = call(&state, "GET", &path, None).await;
        assert_eq!(
            s,
            StatusCode::FORBIDDEN,
            "the retired invite still opens {what}"
        );
    }
    let (s, e) = post(
        &state,
        &id,
        "actions",
        json!({"token": invite, "version": 0, "action": {"type": "forgo"}}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("auth/bad_token"))
    );
    // The creator's own seat, never taken with its invite, plays on with it.
    let t0 = created["tokens"][0].as_str().unwrap();
    assert_eq!(state_of(&state, &id, t0).await["you"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_never_hand_out_one_seat_twice() {
    // Two servers on one database file; SQLite tells neither of the other's changes, so each
    // holds the table as it was when it loaded it.
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("shared.db").display());
    let a = state_at(&url).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let created = create_with(
        &a,
        json!({"game": "crusaders", "config": {"players": 3}, "seats": seats, "lobby": true}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let invite0 = created["tokens"][0].as_str().unwrap().to_string();
    let b = state_at(&url).await;
    assert_eq!(info(&b, &id).await["status"], "open");
    // Ana takes seat 0 with its invite through A. B still believes the invite unused: the same
    // invite through B is refused (the invite is retired), and Ana keeps her seat.
    let (s, ana) = post(&a, &id, "join", json!({"token": invite0, "name": "Ana"})).await;
    assert_eq!(s, StatusCode::OK, "{ana}");
    assert_eq!(ana["seat"], 0);
    let ana = ana["token"].as_str().unwrap().to_string();
    let (s, e) = post(&b, &id, "join", json!({"token": invite0, "name": "Eve"})).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("auth/bad_token")),
        "{e}"
    );
    // Bo takes the first free seat through A; Cy through B, which believed seat 1 free too:
    // each gets a seat of their own.
    let (s, bo) = post(&a, &id, "join", json!({"name": "Bo"})).await;
    assert_eq!((s, bo["seat"].clone()), (StatusCode::OK, json!(1)), "{bo}");
    let bo = bo["token"].as_str().unwrap().to_string();
    let (s, cy) = post(&b, &id, "join", json!({"name": "Cy"})).await;
    assert_eq!((s, cy["seat"].clone()), (StatusCode::OK, json!(2)), "{cy}");
    let cy = cy["token"].as_str().unwrap().to_string();
    // B's join filled the table and started it; every player holds their seat on either
    // server, under the name they gave.
    assert_eq!(info(&b, &id).await["status"], "active");
    let fresh = state_at(&url).await;
    for (token, seat) in [(&ana, 0), (&bo, 1), (&cy, 2)] {
        assert_eq!(state_of(&b, &id, token).await["you"], seat);
        assert_eq!(state_of(&fresh, &id, token).await["you"], seat);
    }
    let names: Vec<Value> = info(&fresh, &id).await["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].clone())
        .collect();
    assert_eq!(names, vec![json!("Ana"), json!("Bo"), json!("Cy")]);
    // A still holds the table as open with seat 2 free; Bo leaving through A does not undo
    // the start B stored: A catches up and the leave hands Bo's seat to the stand-in.
    let (s, left) = post(&a, &id, "leave", json!({"token": bo})).await;
    assert_eq!(
        (s, left["status"].clone()),
        (StatusCode::OK, json!("active")),
        "{left}"
    );
    let seats = info(&state_at(&url).await, &id).await["seats"].clone();
    assert_eq!(seats[1]["away"], true, "{seats}");
    assert_eq!(seats[2]["name"], "Cy", "{seats}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_loses_its_seat_when_the_seat_goes_to_someone_else() {
    let state = state_at("sqlite::memory:").await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}]);
    let created = create_with(
        &state,
        json!({"game": "crusaders", "config": {"players": 2}, "seats": seats, "lobby": true}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    // Eve takes a free seat without an invite, watches through a WebSocket, and leaves.
    let (s, eve) = post(&state, &id, "join", json!({"name": "Eve"})).await;
    assert_eq!(s, StatusCode::OK, "{eve}");
    let eve_token = eve["token"].as_str().unwrap().to_string();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let (mut ws, _) = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/api/tables/{id}/ws?token={eve_token}"
    ))
    .await
    .unwrap();
    let first: Value =
        serde_json::from_str(ws.next().await.unwrap().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(first["you"], eve["seat"]);
    let (s, _) = post(&state, &id, "leave", json!({"token": eve_token})).await;
    assert_eq!(s, StatusCode::OK);
    // Bob is given the same seat with a new token.
    let (s, bob) = post(&state, &id, "join", json!({"name": "Bob"})).await;
    assert_eq!(s, StatusCode::OK, "{bob}");
    assert_eq!(bob["seat"], eve["seat"]);
    // Eve's connection is told and closed; it never carries the seat's view again.
    let mut told = false;
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("the connection stayed open");
        let Some(Ok(msg)) = msg else { break };
        if let Ok(t) = msg.to_text() {
            if t.is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(t).unwrap();
            // Her own leaving may still reach her; nothing after the seat became Bob's does.
            assert!(!t.contains("Bob"), "{v}");
            assert!(!told, "a message after the bad-token notice: {v}");
            if v["code"] == "auth/bad_token" {
                told = true;
            }
        }
        if msg.is_close() {
            break;
        }
    }
    assert!(told, "no bad-token message before the close");
    // Her old token opens nothing any more.
    let (s, _) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={eve_token}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaver_is_replaced_by_a_bot_and_can_come_back() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let (s, _) = post(&state, &id, "leave", json!({"token": t1})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(info(&state, &id).await["seats"][1]["away"], true);
    // Seat 0 plays; the stand-in answers for seat 1 every time.
    for _ in 0..6 {
        let snap = my_turn(&state, &id, &t0).await;
        if snap["status"] == "finished" {
            break;
        }
        let a = snap["legal"][0]["action"].clone();
        let (s, e) = post(
            &state,
            &id,
            "actions",
            json!({"token": t0, "version": snap["version"], "action": a}),
        )
        .await;
        assert!(
            s == StatusCode::OK || e["code"] == "action/stale_version",
            "{e}"
        );
    }
    assert!(info(&state, &id).await["version"].as_u64().unwrap() >= 6);
    // A decision from the returning player takes the seat back from the stand-in.
    post(&state, &id, "leave", json!({"token": t0})).await;
    let snap = my_turn(&state, &id, &t1).await;
    let a = snap["legal"][0]["action"].clone();
    let (s, e) = post(
        &state,
        &id,
        "actions",
        json!({"token": t1, "version": snap["version"], "action": a}),
    )
    .await;
    if s == StatusCode::OK {
        assert_eq!(info(&state, &id).await["seats"][1]["away"], false);
    } else {
        // The stand-in was faster; reclaim explicitly.
        assert_eq!(e["code"], "action/stale_version");
        post(&state, &id, "reclaim", json!({"token": t1})).await;
        assert_eq!(info(&state, &id).await["seats"][1]["away"], false);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_returning_player_is_never_credited_with_the_stand_ins_decision() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    post(&state, &id, "leave", json!({"token": t1})).await;
    // Seat 0 plays until the stand-in has decided for seat 1.
    let mut stand_in = None;
    for _ in 0..2000 {
        let mine = state_of(&state, &id, &t1).await;
        let log = mine["log"].as_object().cloned().unwrap_or_default();
        if let Some((n, line)) = log.iter().find(|(_, l)| l["seat"] == 1) {
            stand_in = Some((n.parse::<u64>().unwrap(), line["action"].clone()));
            break;
        }
        let snap = state_of(&state, &id, &t0).await;
        if let Some(a) = snap["legal"].as_array().and_then(|l| l.first()) {
            let body = json!({"token": t0, "version": snap["version"], "action": a["action"]});
            post(&state, &id, "actions", body).await;
        } else {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let (n, action) = stand_in.expect("the stand-in never decided for seat 1");
    assert!(
        action.is_object(),
        "a seat sees its own decisions: {action}"
    );
    // The player, back late, sends the very decision the stand-in made, at the version the
    // stand-in made it: it is stale, not acknowledged as theirs, and the seat stays the bot's.
    let before = info(&state, &id).await["version"].as_u64().unwrap();
    let (s, e) = post(
        &state,
        &id,
        "actions",
        json!({"token": t1, "version": n - 1, "action": action}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("action/stale_version")),
        "{e}"
    );
    let after = info(&state, &id).await;
    assert_eq!(after["seats"][1]["away"], true);
    assert!(after["version"].as_u64().unwrap() >= before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_out_of_time_is_replaced_by_the_stand_in() {
    let state = state_at("sqlite::memory:").await;
    let created = create_with(
        &state,
        json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
               "pace": "real_time", "clock": {"initial_ms": 1000, "increment_ms": 0}, "standin": "random"}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = created["tokens"][0].as_str().unwrap().to_string();
    let snap = state_of(&state, &id, &t0).await;
    let clocks = snap["clocks"].as_array().unwrap();
    assert!(clocks[0].as_i64().unwrap() <= 1000 && clocks[0].as_i64().unwrap() > 0);
    // Nobody moves for seat 0: after a second the stand-in takes over and plays on.
    let i = wait_version(&state, &id, 8).await;
    assert_eq!(i["seats"][0]["away"], true, "{i}");
    let snap = state_of(&state, &id, &t0).await;
    assert!(snap["clocks"][0].as_i64().unwrap() <= 0);
    let (_, metrics) = {
        let req = axum::http::Request::builder()
            .uri("/metrics")
            .body(axum::body::Body::empty())
            .unwrap();
        let res = tower::ServiceExt::oneshot(app(state.clone()), req)
            .await
            .unwrap();
        let bytes = http_body_util::BodyExt::collect(res.into_body())
            .await
            .unwrap()
            .to_bytes();
        ((), String::from_utf8(bytes.to_vec()).unwrap())
    };
    assert!(metrics.contains("ordo_clock_timeouts_total 1"), "{metrics}");
    // Reclaiming gives the player a minimum of time again.
    let (s, _) = post(&state, &id, "reclaim", json!({"token": t0})).await;
    assert_eq!(s, StatusCode::OK);
    let snap = state_of(&state, &id, &t0).await;
    assert_eq!(snap["seats"][0]["away"], false);
    assert!(snap["clocks"][0].as_i64().unwrap() > 5000);
    // Invalid clocks are refused.
    let (s, e) = call(&state, "POST", "/api/tables", Some(json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}], "clock": {"initial_ms": 5}}).to_string())).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("table/invalid"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_decisions_at_one_version_are_both_accepted() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let a0 = state_of(&state, &id, &t0).await["legal"][0]["action"].clone();
    let a1 = state_of(&state, &id, &t1).await["legal"][0]["action"].clone();
    let (r0, r1) = tokio::join!(
        post(
            &state,
            &id,
            "actions",
            json!({"token": t0, "version": 0, "action": a0})
        ),
        post(
            &state,
            &id,
            "actions",
            json!({"token": t1, "version": 0, "action": a1})
        )
    );
    assert_eq!(
        (r0.0, r1.0),
        (StatusCode::OK, StatusCode::OK),
        "{r0:?} {r1:?}"
    );
    let mut versions = [r0.1["version"].as_u64(), r1.1["version"].as_u64()];
    versions.sort_unstable();
    assert_eq!(versions, [Some(1), Some(2)]);
    // A retry of either is acknowledged with its own version and applied once.
    let again = post(
        &state,
        &id,
        "actions",
        json!({"token": t1, "version": 0, "action": a1}),
    )
    .await;
    assert_eq!(again.1["version"], r1.1["version"]);
    assert_eq!(info(&state, &id).await["version"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_back_follows_the_policy_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("undo.db").display());
    let state = state_at(&url).await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let toks = [tokens[0].clone().unwrap(), tokens[1].clone().unwrap()];
    // Secret order picks can never be taken back.
    let a0 = state_of(&state, &id, &toks[0]).await["legal"][0]["action"].clone();
    post(
        &state,
        &id,
        "actions",
        json!({"token": toks[0], "version": 0, "action": a0}),
    )
    .await;
    let (s, e) = post(&state, &id, "undo", json!({"token": toks[0], "version": 1})).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("undo/refused")),
        "{e}"
    );
    // Play the first legal decision until one seat alone is to act.
    let mut guard = 0;
    let (seat, before) = loop {
        guard += 1;
        assert!(guard < 200);
        let snaps = [
            state_of(&state, &id, &toks[0]).await,
            state_of(&state, &id, &toks[1]).await,
        ];
        let to_act = snaps[0]["to_act"].as_array().unwrap().clone();
        let first = usize::try_from(to_act[0].as_u64().unwrap()).unwrap();
        if to_act.len() == 1 && snaps[0]["view"]["phase"]["phase"] == "turn" {
            break (first, snaps[first].clone());
        }
        let a = snaps[first]["legal"][0]["action"].clone();
        post(
            &state,
            &id,
            "actions",
            json!({"token": toks[first], "version": snaps[first]["version"], "action": a}),
        )
        .await;
    };
    let v = before["version"].as_u64().unwrap();
    let a = before["legal"][0]["action"].clone();
    let (s, _) = post(
        &state,
        &id,
        "actions",
        json!({"token": toks[seat], "version": v, "action": a}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // The other seat may not take it back; a stale take-back is refused.
    let other = 1 - seat;
    let (s, e) = post(
        &state,
        &id,
        "undo",
        json!({"token": toks[other], "version": v + 1}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("undo/refused")),
        "{e}"
    );
    let (s, e) = post(
        &state,
        &id,
        "undo",
        json!({"token": toks[seat], "version": v}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("action/stale_version"))
    );
    // The seat takes it back: a new version, the position and choices of before.
    let (s, ack) = post(
        &state,
        &id,
        "undo",
        json!({"token": toks[seat], "version": v + 1}),
    )
    .await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(v + 2)),
        "{ack}"
    );
    let after = state_of(&state, &id, &toks[seat]).await;
    assert_eq!(after["version"], v + 2);
    assert_eq!(
        without_nulls(&after["view"]),
        without_nulls(&before["view"])
    );
    assert_eq!(after["legal"], before["legal"]);
    // Sent again at the version it was first made at, the decision taken back is not
    // acknowledged as a retry: it is no longer in effect, and the version is stale.
    let (s, e) = post(
        &state,
        &id,
        "actions",
        json!({"token": toks[seat], "version": v, "action": a}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("action/stale_version")),
        "{e}"
    );
    assert_eq!(state_of(&state, &id, &toks[seat]).await["version"], v + 2);
    // The same decision again is a new decision, not a retry of the one taken back.
    let (s, ack) = post(
        &state,
        &id,
        "actions",
        json!({"token": toks[seat], "version": v + 2, "action": a}),
    )
    .await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(v + 3)),
        "{ack}"
    );
    let (s, _) = post(
        &state,
        &id,
        "undo",
        json!({"token": toks[seat], "version": v + 3}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let settled = state_of(&state, &id, &toks[seat]).await;
    // A restart replays take-backs from the log.
    drop(state);
    let again = state_at(&url).await;
    let recovered = state_of(&again, &id, &toks[seat]).await;
    assert_eq!(recovered["version"], v + 4);
    assert_eq!(
        without_nulls(&recovered["view"]),
        without_nulls(&settled["view"])
    );
    assert_eq!(recovered["legal"], before["legal"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_beyond_the_per_address_limit_are_refused() {
    let store = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = AppState::recover_with(store, IpLimiter::new(0.5, 3.0))
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let mut codes = Vec::new();
    for _ in 0..5 {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        tokio::io::AsyncWriteExt::write_all(
            &mut s,
            b"GET /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        )
        .await
        .unwrap();
        let mut out = String::new();
        tokio::io::AsyncReadExt::read_to_string(&mut s, &mut out)
            .await
            .unwrap();
        codes.push(out.split_whitespace().nth(1).unwrap_or("").to_string());
        if out.contains("429") {
            assert!(out.contains("request/rate_limited"), "{out}");
        }
    }
    assert_eq!(codes, ["200", "200", "200", "429", "429"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_may_hold_a_bounded_number_of_connections() {
    // Any limit but `off` keeps the cap.
    let store = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = AppState::recover_with(store, IpLimiter::new(1000.0, 10_000.0))
        .await
        .unwrap();
    let (id, _) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let url = format!("ws://{addr}/api/tables/{id}/ws");
    let max = ordo_server::http::MAX_SOCKETS_PER_ADDRESS;
    let mut open = Vec::new();
    for _ in 0..max {
        let (ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        open.push(ws);
    }
    let refused = tokio_tungstenite::connect_async(&url).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        }
        other => panic!("connection {} accepted: {other:?}", max + 1),
    }
    // A closed connection frees its place.
    let mut first = open.swap_remove(0);
    first.close(None).await.unwrap();
    drop(first);
    let mut again = None;
    for _ in 0..50 {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(&url).await {
            again = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(again.is_some(), "the freed place was never given again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_limit_off_one_address_may_open_more_connections() {
    let store = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = AppState::recover_with(store, IpLimiter::off())
        .await
        .unwrap();
    let (id, _) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let url = format!("ws://{addr}/api/tables/{id}/ws");
    let mut open = Vec::new();
    for i in 0..ordo_server::http::MAX_SOCKETS_PER_ADDRESS + 16 {
        match tokio_tungstenite::connect_async(&url).await {
            Ok((ws, _)) => open.push(ws),
            Err(e) => panic!("connection {} refused with the limit off: {e}", i + 1),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_through_one_instance_reaches_viewers_of_another() {
    let schema = format!(
        "ordo_notify_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    );
    let Some(store_a) = open_postgres(&schema, "two-instance test").await else {
        return;
    };
    let store_b = PostgresStore::open(&postgres_url(), Some(&schema))
        .await
        .unwrap();
    let pool = store_a.pool().clone();
    let a = AppState::recover(Arc::new(store_a)).await.unwrap();
    let b = AppState::recover(Arc::new(store_b)).await.unwrap();
    let (id, tokens) = create(&a, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    // A spectator (and seat 1) watch through instance B.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(b.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws"))
        .await
        .unwrap();
    let first = ws.next().await.unwrap().unwrap();
    let mut snap: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(snap["version"], 0);
    // Both seats decide through instance A; B's viewers hear of it through the database.
    for (token, expect) in [(&t0, 1u64), (&t1, 2)] {
        let a_act = state_of(&a, &id, token).await["legal"][0]["action"].clone();
        let (s, _) = post(
            &a,
            &id,
            "actions",
            json!({"token": token, "version": expect - 1, "action": a_act}),
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
                .await
                .expect("instance B never heard of the decision")
                .unwrap()
                .unwrap();
            let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
            if v["type"] == "patch" {
                merge_apply(&mut snap, &v["patch"]);
            }
            if snap["version"] == expect {
                break;
            }
        }
    }
    // Instance B's own copy is current: seat 1 sees version 2 there, and a decision through B
    // at that version is accepted while A's stale copy refuses nothing it should not.
    let on_b = state_of(&b, &id, &t1).await;
    assert_eq!(on_b["version"], 2);
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(&pool)
        .await;
}

/// Collects every text message of a WebSocket for `ms` milliseconds.
async fn collect(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    ms: u64,
) -> Vec<String> {
    let mut out = Vec::new();
    while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(ms), ws.next()).await {
        if let Ok(t) = m.to_text() {
            out.push(t.to_string());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_to_one_seat_carries_another_seats_secrets_or_the_seed() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let url = |q: &str| format!("ws://{addr}/api/tables/{id}/ws{q}");
    let (mut ws0, _) = tokio_tungstenite::connect_async(url(&format!("?token={t0}")))
        .await
        .unwrap();
    let (mut ws1, _) = tokio_tungstenite::connect_async(url(&format!("?token={t1}")))
        .await
        .unwrap();
    let (mut spec, _) = tokio_tungstenite::connect_async(url("")).await.unwrap();
    // Seat 0's secrets: the orders it was dealt, then the one it picks.
    let (seed, dealt) = {
        let h = state.table(&id).await.unwrap();
        let t = h.lock().await;
        (
            t.row().seed.to_string(),
            t.game().secrets_of(ordo_core::Seat(0)),
        )
    };
    assert!(!dealt.is_empty());
    let own = state_of(&state, &id, &t0).await;
    let offered: Vec<String> = own["view"]["seats"][0]["offered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap().to_string())
        .collect();
    assert!(!offered.is_empty());
    let pick = own["legal"][0]["action"].clone();
    let (s, _) = post(
        &state,
        &id,
        "actions",
        json!({"token": t0, "version": 0, "action": pick}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let mine = state_of(&state, &id, &t0).await;
    let picked = mine["view"]["seats"][0]["order"].clone();
    assert!(picked.is_string(), "seat 0 sees its own pick");
    // The log shows the pick to its maker only.
    assert!(mine["log"]["00001"]["label"].is_string(), "{}", mine["log"]);
    let theirs = state_of(&state, &id, &t1).await;
    let line = &theirs["log"]["00001"];
    assert_eq!(
        (line["seat"].clone(), line["secret"].clone()),
        (json!(0), json!(true))
    );
    assert!(
        line["label"].is_null() && line["action"].is_null(),
        "{line}"
    );
    let m0 = collect(&mut ws0, 400).await;
    let m1 = collect(&mut ws1, 100).await;
    let ms = collect(&mut spec, 100).await;
    assert!(
        m1.len() >= 2 && ms.len() >= 2,
        "snapshot and an update each"
    );
    // Seat 0 does receive its secrets (so the check below can fail).
    let all0 = m0.concat();
    assert!(offered.iter().all(|o| all0.contains(o.as_str())));
    // Nobody else receives them, in snapshots or patches, nor the seed.
    for (who, msgs) in [("seat 1", &m1), ("spectator", &ms)] {
        let mut snap = Value::Null;
        for m in msgs {
            assert!(!m.contains(&seed), "{who} received the seed");
            let v: Value = serde_json::from_str(m).unwrap();
            match v["type"].as_str() {
                Some("snapshot") => snap = v,
                Some("patch") => merge_apply(&mut snap, &v["patch"]),
                _ => continue,
            }
            let other = &snap["view"]["seats"][0];
            assert!(
                other["offered"].is_null(),
                "{who} sees seat 0's dealt orders: {m}"
            );
            assert!(
                other["order"].is_null(),
                "{who} sees seat 0's secret pick: {m}"
            );
            for o in &offered {
                // Seat 1's own dealt orders are distinct from seat 0's.
                assert!(
                    !m.contains(&format!("\"{o}\""))
                        || who == "seat 1"
                            && snap["view"]["seats"][1]["offered"]
                                .to_string()
                                .contains(o.as_str()),
                    "{who} received seat 0's order {o}: {m}"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_and_its_data_are_served_from_the_binary() {
    let state = state_at("sqlite::memory:").await;
    let v = ordo_server::web::version();
    let get = |path: String, enc: &'static str, etag: Option<String>| {
        let state = state.clone();
        async move {
            let mut req = axum::http::Request::builder()
                .uri(&path)
                .header(axum::http::header::ACCEPT_ENCODING, enc);
            if let Some(e) = etag {
                req = req.header(axum::http::header::IF_NONE_MATCH, e);
            }
            let req = req.body(axum::body::Body::empty()).unwrap();
            tower::ServiceExt::oneshot(app(state), req).await.unwrap()
        }
    };
    let assets = [
        "/shell/boot.js",
        "/shell/dom.js",
        "/i18n/en.js",
        "/i18n/ja.js",
        "/games/crusaders/index.js",
        "/games/crusaders/i18n/vi.js",
        "/games/warrior-knights/index.js",
        "/games/warrior-knights/i18n/ru.js",
        "/style.css",
    ];
    let mut paths = vec!["/".to_string(), "/t/abc123".to_string()];
    paths.extend(assets.iter().map(|a| format!("/a/{v}{a}")));
    for path in paths {
        let res = get(path.clone(), "gzip, deflate, br", None).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let head = |name: axum::http::HeaderName| {
            res.headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_default()
        };
        let kind = head(axum::http::header::CONTENT_TYPE);
        let want = if path.ends_with(".js") {
            "text/javascript"
        } else if path.ends_with(".css") {
            "text/css"
        } else {
            "text/html"
        };
        assert!(kind.starts_with(want), "{path}: {kind}");
        assert_eq!(head(axum::http::header::CONTENT_ENCODING), "br", "{path}");
        let cache = head(axum::http::header::CACHE_CONTROL);
        if path.starts_with("/a/") {
            assert!(cache.contains("immutable"), "{path}: {cache}");
        } else {
            assert_eq!(cache, "no-cache", "{path}");
        }
        // Revalidation by the strong ETag costs no body.
        let etag = head(axum::http::header::ETAG);
        assert!(etag.starts_with('"'), "{path}: {etag}");
        let again = get(path.clone(), "gzip, deflate, br", Some(etag)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        // gzip for a client without brotli; plain for one without either.
        let gz = get(path.clone(), "gzip", None).await;
        assert_eq!(gz.headers()[axum::http::header::CONTENT_ENCODING], "gzip");
        let plain = get(path.clone(), "identity", None).await;
        assert!(plain
            .headers()
            .get(axum::http::header::CONTENT_ENCODING)
            .is_none());
        if !path.starts_with("/a/") {
            let body = http_body_util::BodyExt::collect(plain.into_body())
                .await
                .unwrap()
                .to_bytes();
            let page = String::from_utf8(body.to_vec()).unwrap();
            assert!(page.contains(&format!("/a/{v}/shell/boot.js")), "{page}");
        }
    }
    let missing = get(format!("/a/{v}/nothing.js"), "br", None).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    // JSON responses are compressed too.
    let res = get("/api/games/crusaders/data".into(), "br", None).await;
    assert_eq!(res.headers()[axum::http::header::CONTENT_ENCODING], "br");
    let res = get("/api/openapi.json".into(), "gzip", None).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()[axum::http::header::CONTENT_ENCODING], "gzip");
    let (s, data) = call(&state, "GET", "/api/games/crusaders/data", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        data["map_large"]["regions"].as_array().map(Vec::len),
        Some(49)
    );
    assert!(data["components"].is_object() && data["divine_influence"].is_object());
    let (s, e) = call(&state, "GET", "/api/games/chess/data", None).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("game/not_found"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_suggests_legal_decisions_to_the_seat_to_act_only() {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let (s, h) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/hints?token={t0}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{h}");
    let legal = state_of(&state, &id, &t0).await["legal"].clone();
    let hints = h["hints"].as_array().unwrap();
    assert!(!hints.is_empty() && hints.len() <= 3);
    for hint in hints {
        assert!(
            legal
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["action"] == hint["action"]),
            "{hint}"
        );
        let v = hint["value"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&v) && hint["label"].is_string());
        // The why: the suggestion itself, then the line the search expects, as log lines.
        let line = hint["line"].as_array().unwrap();
        assert!(!line.is_empty(), "{hint}");
        assert_eq!(line[0]["action"], hint["action"]);
        assert_eq!(line[0]["seat"], 0);
        for step in line {
            assert!(
                step["label"].as_str().is_some_and(|l| !l.is_empty()),
                "{step}"
            );
            assert!(step["seat"].as_u64().is_some_and(|s| s < 2) && step["secret"] == false);
        }
    }
    assert!(
        hints
            .iter()
            .any(|h| h["line"].as_array().is_some_and(|l| l.len() >= 2)),
        "the search expects something after its best suggestion: {h}"
    );
    assert!(h["iterations"].as_u64().unwrap() > 0 && h["version"] == 0);
    // Spectators get no hints; a seat with nothing to decide neither.
    let (s, _) = call(&state, "GET", &format!("/api/tables/{id}/hints"), None).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let a = legal[0]["action"].clone();
    post(
        &state,
        &id,
        "actions",
        json!({"token": t0, "version": 0, "action": a}),
    )
    .await;
    let (s, e) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/hints?token={t0}"),
        None,
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("action/not_your_turn"))
    );
    let (s, _) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/hints?token={t1}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
}

/// A table of a human (seat 0) and `bot`, where the human made its first `decisions` decisions
/// (the first legal one each time): the state, the table and the human's token.
async fn human_and_bot(bot: &str, decisions: usize) -> (AppState, String, String) {
    let state = state_at("sqlite::memory:").await;
    let (id, tokens) = create(
        &state,
        json!([{"kind": "human"}, {"kind": "bot", "bot": bot}]),
    )
    .await;
    let t0 = tokens[0].clone().unwrap();
    for _ in 0..decisions {
        let snap = my_turn(&state, &id, &t0).await;
        let a = snap["legal"][0]["action"].clone();
        post(
            &state,
            &id,
            "actions",
            json!({"token": t0, "version": snap["version"], "action": a}),
        )
        .await;
    }
    (state, id, t0)
}

/// The lines of a snapshot's log that `seat` decided.
fn lines_of(snap: &Value, seat: u64) -> Vec<Value> {
    snap["log"]
        .as_object()
        .map(|l| l.values().filter(|e| e["seat"] == seat).cloned().collect())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_why_goes_to_its_own_seat_and_to_everyone_once_the_game_is_over() {
    let (state, id, t0) = human_and_bot("easy", 8).await;
    // While the game runs the bot's why is its own: neither the other player nor a spectator
    // sees it (it reflects what the bot's seat knows).
    let mine = my_turn(&state, &id, &t0).await;
    let (_, spectator) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    for snap in [&mine, &spectator] {
        let bot = lines_of(snap, 1);
        assert!(!bot.is_empty(), "{snap}");
        assert!(bot.iter().all(|e| e.get("why").is_none()), "{snap}");
    }
    // The player resigns: the stand-in plays the seat to the end, and its why is the player's
    // own to read in the meantime.
    let (s, e) = post(&state, &id, "resign", json!({"token": t0})).await;
    assert_eq!(s, StatusCode::OK, "{e}");
    let mut over = Value::Null;
    for _ in 0..6000 {
        let (_, snap) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
        if snap["status"] == "finished" {
            over = snap;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        over["status"], "finished",
        "the stand-ins finished the game"
    );
    // Over: everyone reads every bot's why, each the decision first and then its expected line.
    let mut explained = 0;
    for seat in [0, 1] {
        for e in lines_of(&over, seat) {
            let Some(why) = e.get("why").and_then(Value::as_array) else {
                continue;
            };
            explained += 1;
            assert_eq!(why[0]["action"], e["action"], "{e}");
            assert_eq!(why[0]["seat"], seat);
            assert!(why.len() >= 2, "a why names what the bot expects next: {e}");
            assert!(why
                .iter()
                .all(|w| w["label"].as_str().is_some_and(|l| !l.is_empty())));
        }
    }
    assert!(explained > 0, "no bot decision carried its why: {over}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_step_through_the_public_positions() {
    let (state, id, _) = human_and_bot("random", 6).await;
    let (s, start) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/replay?at=0"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{start}");
    assert!(start["last"].is_null() && start["at"] == 0);
    let total = start["total"].as_u64().unwrap();
    assert!(total >= 6);
    // The first decisions are the secret order picks: shown without their content.
    let (_, first) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/replay?at=1"),
        None,
    )
    .await;
    assert_eq!(first["last"]["secret"], true);
    assert!(first["last"]["label"].is_null() && first["last"]["action"].is_null());
    // Every position is a spectator's: nobody's dealt orders.
    for at in 0..=total {
        let (_, step) = call(
            &state,
            "GET",
            &format!("/api/tables/{id}/replay?at={at}"),
            None,
        )
        .await;
        assert_eq!(step["at"], at);
        for seat in step["view"]["seats"].as_array().unwrap() {
            assert!(seat["offered"].is_null(), "{step}");
        }
    }
    // The last position is the current one; past the end is clamped.
    let (_, end) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/replay?at=100000"),
        None,
    )
    .await;
    let (_, spec) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    assert!(end["at"].as_u64().unwrap() >= total);
    if end["at"] == spec["log"].as_object().map_or(0, |l| l.len()) {
        assert_eq!(without_nulls(&end["view"]), without_nulls(&spec["view"]));
    }
    let (s, _) = call(&state, "GET", "/api/tables/nope/replay?at=1", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_record_does_not_replay_is_damaged_and_the_others_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("damaged.db").display());
    let state = state_at(&url).await;
    let two = json!([{"kind": "human"}, {"kind": "human"}]);
    let (bad, bad_tokens) = create(&state, two.clone()).await;
    let (good, good_tokens) = create(&state, two).await;
    let token = bad_tokens[0].clone().unwrap();
    let a0 = state_of(&state, &bad, &token).await["legal"][0]["action"].clone();
    let (s, _) = post(
        &state,
        &bad,
        "actions",
        json!({"token": token, "version": 0, "action": a0}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    drop(state);
    // Behind the server's back: a decision the rules refuse, and a row that cannot be read.
    let store = SqliteStore::open(&url).await.unwrap();
    ordo_server::store::Store::append_action(
        &store,
        &bad,
        1,
        ordo_server::store::NewEntry::decision(1, r#"{"type":"no_such_decision"}"#),
    )
    .await
    .unwrap();
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO tables (id, game, config, seed, seed_commitment, seats, status, created_at) \
         VALUES ('unreadable', 'crusaders', '{}', 'not a number', 'x', '[]', 'active', 1)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    drop(store);

    // The server still starts, and lists what it can.
    let state = state_at(&url).await;
    let (s, list) = call(&state, "GET", "/api/tables", None).await;
    assert_eq!(s, StatusCode::OK, "{list}");
    let listed: Vec<(String, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["damaged"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(listed.contains(&(bad.clone(), true)), "{list}");
    assert!(listed.contains(&(good.clone(), false)), "{list}");
    assert_eq!(listed.len(), 2, "the unreadable row is left out: {list}");

    // Every way in answers with the typed error, without the detail of the record.
    for (method, uri, body) in [
        ("GET", format!("/api/tables/{bad}"), None),
        (
            "GET",
            format!("/api/tables/{bad}/state?token={token}"),
            None,
        ),
        ("GET", format!("/api/tables/{bad}/replay?at=1"), None),
        (
            "POST",
            format!("/api/tables/{bad}/actions"),
            Some(json!({"token": token, "version": 2, "action": a0}).to_string()),
        ),
        ("GET", "/api/tables/unreadable".to_string(), None),
    ] {
        let (s, e) = call(&state, method, &uri, body).await;
        assert_eq!(
            (s, e["code"].as_str()),
            (StatusCode::INTERNAL_SERVER_ERROR, Some("table/damaged")),
            "{uri}: {e}"
        );
        // The reason stays in the server's log.
        let message = e["message"].as_str().unwrap();
        assert!(!message.contains("no_such_decision"), "{message}");
    }
    // Nothing was changed or lost: the record is as it was stored.
    let store = SqliteStore::open(&url).await.unwrap();
    let stored = ordo_server::store::Store::load_table(&store, &bad)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.actions.len(), 2);
    assert_eq!(stored.table.status, ordo_server::store::TableStatus::Active);

    // The other table plays on.
    let good_token = good_tokens[0].clone().unwrap();
    let snap = state_of(&state, &good, &good_token).await;
    let a = snap["legal"][0]["action"].clone();
    let (s, ack) = post(
        &state,
        &good,
        "actions",
        json!({"token": good_token, "version": 0, "action": a}),
    )
    .await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(1)),
        "{ack}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_another_instance_left_unreplayable_is_damaged_when_caught_up() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("shared.db").display());
    let store = Arc::new(SqliteStore::open(&url).await.unwrap());
    let state = AppState::recover_with(store.clone(), IpLimiter::off())
        .await
        .unwrap();
    let (id, tokens) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let toks = [tokens[0].clone().unwrap(), tokens[1].clone().unwrap()];
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone()).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let (mut ws, _) = tokio_tungstenite::connect_async(format!(
        "ws://{addr}/api/tables/{id}/ws?token={}",
        toks[1]
    ))
    .await
    .unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(first.to_string().contains("\"snapshot\""), "{first}");
    // Another instance (here: the store directly) appends what this build cannot replay.
    ordo_server::store::Store::append_action(
        store.as_ref(),
        &id,
        0,
        ordo_server::store::NewEntry::decision(1, r#"{"type":"no_such_decision"}"#),
    )
    .await
    .unwrap();
    // This instance still holds version 0: the decision conflicts, the table is caught up,
    // and the record does not replay.
    let a0 = state_of(&state, &id, &toks[0]).await["legal"][0]["action"].clone();
    let (s, e) = post(
        &state,
        &id,
        "actions",
        json!({"token": toks[0], "version": 0, "action": a0}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::INTERNAL_SERVER_ERROR, Some("table/damaged")),
        "{e}"
    );
    // Nothing more was written, the lobby says so, and the open connection is told and closed.
    let stored = ordo_server::store::Store::load_table(store.as_ref(), &id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.actions.len(), 1);
    let (_, list) = call(&state, "GET", "/api/tables", None).await;
    assert_eq!(list[0]["damaged"], true, "{list}");
    let (s, e) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={}", toks[0]),
        None,
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::INTERNAL_SERVER_ERROR, Some("table/damaged"))
    );
    let mut told = false;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        if msg.to_string().contains("table/damaged") {
            told = true;
        }
        if msg.is_close() {
            break;
        }
    }
    assert!(told, "the connection was not told");
}

/// "Learn to play" tables are all dealt from one seed (the guided steps were written on it);
/// any other table draws its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn learn_to_play_tables_start_from_the_tutorial_seed() {
    let state = state_at("sqlite::memory:").await;
    for (game, config) in [
        ("crusaders", json!({"players": 2})),
        ("warrior-knights", json!({"barons": 2})),
    ] {
        let seats = json!([{"kind": "human"}, {"kind": "bot", "bot": "easy"}]);
        let body = json!({"game": game, "config": config, "seats": seats, "tutorial": true});
        let a = create_with(&state, body.clone()).await;
        let b = create_with(&state, body).await;
        // One seed, yet a fresh nonce per table: equal commitments never show equal seeds.
        assert_ne!(a["seed_commitment"], b["seed_commitment"], "{game}");
        let view = |c: &Value| {
            let (id, token) = (c["id"].as_str().unwrap(), c["tokens"][0].as_str().unwrap());
            (id.to_string(), token.to_string())
        };
        let (ia, ta) = view(&a);
        let (ib, tb) = view(&b);
        // The starting positions (the bot may already have moved at one table and not yet at
        // the other, so the tables are compared where they began).
        let start = |id: String| {
            let state = state.clone();
            async move {
                call(
                    &state,
                    "GET",
                    &format!("/api/tables/{id}/replay?at=0"),
                    None,
                )
                .await
                .1["view"]
                    .clone()
            }
        };
        let (sa, sb) = (start(ia.clone()).await, start(ib.clone()).await);
        assert!(sa.is_object(), "{game}: {sa}");
        assert_eq!(sa, sb, "{game}: both tutorials start alike");
        // And each human seat was dealt the same (its own view holds what it alone sees).
        let (va, vb) = (
            state_of(&state, &ia, &ta).await,
            state_of(&state, &ib, &tb).await,
        );
        assert_eq!(va["view"]["mine"], vb["view"]["mine"], "{game}");
        assert_eq!(
            va["view"]["seats"][0]["offered"], vb["view"]["seats"][0]["offered"],
            "{game}"
        );
        let other = create_with(
            &state,
            json!({"game": game, "config": config, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]}),
        )
        .await;
        assert_ne!(other["seed_commitment"], a["seed_commitment"], "{game}");
    }
}
