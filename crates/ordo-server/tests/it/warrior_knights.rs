//! Warrior Knights at the server: two people and a bot plan at once, nobody's plan reaches
//! another, the game is played to its end, and the record replays.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::http::{call, my_turn, state_at};

/// Serves the app on a loopback port, for WebSocket clients; returns its address.
async fn serve(state: &ordo_server::AppState) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = ordo_server::app(state.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    addr
}

/// A table's snapshot over HTTP, as the seat holding `token` (a spectator's without one).
async fn snapshot(state: &ordo_server::AppState, id: &str, token: Option<&str>) -> Value {
    let uri = match token {
        Some(t) => format!("/api/tables/{id}/state?token={t}"),
        None => format!("/api/tables/{id}/state"),
    };
    call(state, "GET", &uri, None).await.1
}

/// Posts a decision (`body` as the API takes it): the answer's status and body.
async fn post_action(state: &ordo_server::AppState, id: &str, body: Value) -> (StatusCode, Value) {
    let uri = format!("/api/tables/{id}/actions");
    call(state, "POST", &uri, Some(body.to_string())).await
}

/// Every WebSocket message a connection has received until it falls quiet, as text.
async fn drain(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Vec<String> {
    use futures_util::StreamExt;
    let mut out = Vec::new();
    while let Ok(Some(Ok(m))) =
        tokio::time::timeout(std::time::Duration::from_millis(300), ws.next()).await
    {
        if let Ok(t) = m.to_text() {
            out.push(t.to_string());
        }
    }
    out
}

/// Creates a table from a `POST /api/tables` body: its id and the human seats' tokens.
async fn create_table(state: &ordo_server::AppState, body: Value) -> (String, Vec<String>) {
    let (status, created) = call(state, "POST", "/api/tables", Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t.as_str().map(str::to_string))
        .collect();
    (id, tokens)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn barons_plan_at_once_over_the_network_and_keep_their_plans_secret() {
    let state = state_at("sqlite::memory:").await;
    let body = json!({
        "game": "warrior-knights",
        "config": {"barons": 3},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
    });
    let (id, tokens) = create_table(&state, body).await;
    let stale = Arc::new(AtomicU32::new(0));
    let planned_together = Arc::new(AtomicU32::new(0));
    let carded = Arc::new(AtomicU32::new(0));
    let gained = Arc::new(AtomicU32::new(0));
    // Every log line a spectator was shown, by version (a snapshot carries the recent lines).
    let seen = Arc::new(std::sync::Mutex::new(std::collections::BTreeMap::<
        u64,
        Value,
    >::new()));
    let play = |seat: usize| {
        let state = state.clone();
        let id = id.clone();
        let token = tokens[seat].clone();
        let stale = stale.clone();
        let planned_together = planned_together.clone();
        let (carded, gained, seen) = (carded.clone(), gained.clone(), seen.clone());
        let tokens_all = tokens.clone();
        async move {
            let mut n = 0usize;
            loop {
                let snap = my_turn(&state, &id, &token).await;
                if snap["status"] == "finished" {
                    return;
                }
                let legal = snap["legal"].as_array().unwrap();
                // Lay cards before finishing a plan; otherwise vary the choice.
                let pick = legal
                    .iter()
                    .position(|l| l["action"].get("plan").is_some())
                    .unwrap_or((n * 7 + seat) % legal.len());
                let action = legal[pick]["action"].clone();
                if snap["view"]["phase"]["kind"] == "planning"
                    && snap["to_act"].as_array().unwrap().len() > 1
                {
                    planned_together.fetch_add(1, Ordering::Relaxed);
                }
                let version = snap["version"].as_u64().unwrap();
                let body =
                    json!({"token": token, "version": version, "action": action}).to_string();
                let (status, ack) = call(
                    &state,
                    "POST",
                    &format!("/api/tables/{id}/actions"),
                    Some(body),
                )
                .await;
                if ack["code"] == "action/stale_version" {
                    stale.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                assert_eq!(status, StatusCode::OK, "{ack}");
                // While planning, the other Baron's laid cards are nowhere in this seat's view.
                let (_, other) = call(
                    &state,
                    "GET",
                    &format!("/api/tables/{id}/state?token={}", token),
                    None,
                )
                .await;
                let mine = &other["view"]["mine"];
                assert_eq!(mine["seat"], json!(seat));
                // Which Fate card a Baron discards face down in a battle is his alone: the log
                // shows everyone else only that he made a secret decision.
                // (Once the game is over every decision is shown.)
                let over = other["status"] == "finished";
                for line in other["log"].as_object().unwrap().values() {
                    if over || line["action"].get("discard_fate").is_none() {
                        continue;
                    }
                    assert_eq!(line["seat"], json!(seat), "another Baron's discard: {line}");
                }
                let (_, spec) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
                for (k, line) in spec["log"].as_object().unwrap() {
                    seen.lock()
                        .unwrap()
                        .insert(k.parse().unwrap(), line.clone());
                }
                if spec["status"] != "finished" {
                    for line in spec["log"].as_object().unwrap().values() {
                        assert!(line["action"].get("discard_fate").is_none(), "{line}");
                        // What a secret decision did stays as hidden as the decision.
                        if line["secret"] == true {
                            assert!(line["effect"].is_null(), "{line}");
                        }
                        // The log says which card a decision resolved and what it moved.
                        if line["effect"]["card"].is_object() {
                            carded.fetch_add(1, Ordering::Relaxed);
                        }
                        if line["effect"]["gains"]
                            .as_array()
                            .is_some_and(|g| g.iter().any(|x| x != 0))
                        {
                            gained.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                // Nobody else's plan: the other seat's and a spectator's snapshots never hold
                // this seat's secrets.
                if snap["view"]["phase"]["kind"] == "planning" {
                    let mine = serde_json::to_string(mine).unwrap();
                    let other_token = &tokens_all[1 - seat];
                    let (_, theirs) = call(
                        &state,
                        "GET",
                        &format!("/api/tables/{id}/state?token={other_token}"),
                        None,
                    )
                    .await;
                    let (_, spec) =
                        call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
                    assert!(spec["view"]["mine"].is_null());
                    for v in [theirs, spec] {
                        assert!(!serde_json::to_string(&v).unwrap().contains(&mine));
                    }
                }
                n += 1;
                assert!(n < 20_000, "too many decisions");
            }
        }
    };
    tokio::join!(play(0), play(1));
    assert!(planned_together.load(Ordering::Relaxed) > 10);
    assert!(carded.load(Ordering::Relaxed) > 10 && gained.load(Ordering::Relaxed) > 10);
    // Every Event drawn is named to everyone: a spectator's log names each one the view lists,
    // in the order drawn (those resolved inside one step included).
    let (_, spec) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    let drawn: Vec<u64> = spec["view"]["events_drawn"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["card"].as_u64().unwrap())
        .collect();
    for (k, line) in spec["log"].as_object().unwrap() {
        seen.lock()
            .unwrap()
            .insert(k.parse().unwrap(), line.clone());
    }
    let seen = seen.lock().unwrap().clone();
    assert_eq!(
        seen.keys().copied().collect::<Vec<_>>(),
        (1..=seen.len() as u64).collect::<Vec<_>>(),
        "a spectator saw every log line"
    );
    let logged: Vec<u64> = seen
        .values()
        .flat_map(|l| {
            l["effect"]["events"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .map(|e| e["card"].as_u64().unwrap())
        .collect();
    assert!(!drawn.is_empty(), "no Event was drawn in the game");
    assert_eq!(logged, drawn, "the log names every Event drawn, in order");
    assert_eq!(
        spec["view"]["events_text"].as_array().map(Vec::len),
        Some(drawn.len())
    );
    assert_eq!(
        stale.load(Ordering::Relaxed),
        0,
        "simultaneous planning refused a decision as stale"
    );
    // Secrets: the seat-0 plan never appears in seat 1's or a spectator's snapshot.
    let (_, s0) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={}", tokens[0]),
        None,
    )
    .await;
    let (_, s1) = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={}", tokens[1]),
        None,
    )
    .await;
    let (_, spec) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    let mine0 = serde_json::to_string(&s0["view"]["mine"]).unwrap();
    assert!(mine0.contains("\"seat\":0"));
    for other in [&s1, &spec] {
        assert!(!serde_json::to_string(other).unwrap().contains(&mine0));
    }
    assert!(spec["view"]["mine"].is_null());
    // The record replays.
    let (status, record) = call(&state, "GET", &format!("/api/tables/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    let m = ordo_core::replay_json::<warrior_knights::WarriorKnights>(&record.to_string()).unwrap();
    assert!(ordo_core::Game::to_act(m.state()).is_over());
    // Battles with discards were fought, so the discard check above had something to catch.
    assert!(record.to_string().contains("discard_fate"));
}

#[tokio::test]
async fn the_game_data_is_served_and_bad_configs_are_refused() {
    let state = state_at("sqlite::memory:").await;
    let (status, data) = call(&state, "GET", "/api/games/warrior-knights/data", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(data["cards.json"]["events"].as_array().unwrap().len() > 10);
    assert!(data["map.json"]["kingdom"].as_array().unwrap().len() == 42);
    for config in [
        json!({"barons": 7}),
        json!({"barons": 3, "dice": true}),
        json!("x"),
    ] {
        let body =
            json!({"game": "warrior-knights", "config": config, "seats": [{"kind": "human"}]})
                .to_string();
        let (status, err) = call(&state, "POST", "/api/tables", Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    }
}

/// The newest log line of a snapshot.
fn last_line(snap: &Value) -> Value {
    snap["log"]
        .as_object()
        .unwrap()
        .iter()
        .max_by_key(|(k, _)| k.parse::<u64>().unwrap())
        .map(|(_, v)| v.clone())
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gifts_out_of_turn_are_applied_at_once_public_final_and_kept_through_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("gifts.db").display());
    let state = state_at(&url).await;
    let body = json!({
        "game": "warrior-knights",
        "config": {"barons": 3, "optional": {"exchanging_heirs": true}},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
        "clock": {"initial_ms": 600000, "increment_ms": 5000},
    });
    let (id, tok) = create_table(&state, body).await;
    let snap = |seat: Option<usize>| snapshot(&state, &id, seat.map(|s| tok[s].as_str()));
    let post = |body: Value| post_action(&state, &id, body);
    let before = snap(Some(0)).await;
    let to_act = before["to_act"].clone();
    let x = usize::try_from(to_act[0].as_u64().unwrap()).unwrap();
    let (giver, taker) = ((x + 1) % 3, (x + 2) % 3);
    let v = before["version"].as_u64().unwrap();
    let crowns = |s: &Value, b: usize| s["view"]["barons"][b]["crowns"].as_u64().unwrap();
    let (g0, t0) = (crowns(&before, giver), crowns(&before, taker));
    let deciding = snap(Some(x)).await;
    assert_eq!(deciding["version"], json!(v));
    // A Baron who is not to act gives 3 crowns: applied at once, the turn stays.
    let (s, ack) = post(json!({"token": tok[giver], "version": v,
        "action": {"give_crowns": {"to": taker, "crowns": 3}}}))
    .await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(v + 1)),
        "{ack}"
    );
    let after = snap(None).await;
    assert_eq!(after["to_act"], to_act);
    assert_eq!(
        (crowns(&after, giver), crowns(&after, taker)),
        (g0 - 3, t0 + 3)
    );
    // Public and logged in words for everyone, a spectator included.
    let line = last_line(&after);
    assert_eq!(line["seat"], json!(giver));
    assert_eq!(line["secret"], json!(false));
    assert!(
        line["label"].as_str().unwrap().contains("give 3 crowns"),
        "{line}"
    );
    // The giver's clock earns no increment, the running one goes on.
    let clocks = after["clocks"].as_array().unwrap();
    assert_eq!(clocks[giver], json!(600000), "{clocks:?}");
    assert!(clocks[x].as_i64().unwrap() <= 600000);
    // The seat to act decides on the position it saw before the gift: still accepted.
    let a = deciding["legal"][0]["action"].clone();
    let (s, ack) = post(json!({"token": tok[x], "version": v, "action": a})).await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(v + 2)),
        "{ack}"
    );
    // Refused gifts say why and change nothing.
    for (bad, why) in [
        (
            json!({"give_crowns": {"to": taker, "crowns": 10000}}),
            "you hold only",
        ),
        (
            json!({"give_crowns": {"to": giver, "crowns": 1}}),
            "another Baron",
        ),
        (
            json!({"give_heir": {"of": taker, "shape": 3, "to": x}}),
            "do not hold",
        ),
    ] {
        let (s, e) = post(json!({"token": tok[giver], "version": v + 2, "action": bad})).await;
        assert_eq!(
            (s, e["code"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("action/illegal")),
            "{e}"
        );
        assert!(e["message"].as_str().unwrap().contains(why), "{e}");
    }
    assert_eq!(snap(None).await["version"], json!(v + 2));
    // An heir token changes hands; a gift cannot be taken back.
    let (s, ack) = post(json!({"token": tok[giver], "version": v + 2,
        "action": {"give_heir": {"of": giver, "shape": 3, "to": taker}}}))
    .await;
    assert_eq!(
        (s, ack["version"].clone()),
        (StatusCode::OK, json!(v + 3)),
        "{ack}"
    );
    let (s, e) = call(
        &state,
        "POST",
        &format!("/api/tables/{id}/undo"),
        Some(json!({"token": tok[giver], "version": v + 3}).to_string()),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("undo/refused")),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("gift"), "{e}");
    let held = snap(Some(giver)).await;
    assert_eq!(held["can_undo"], json!(false), "a gift offers no take-back");
    assert_eq!(
        held["view"]["barons"][giver]["nobles"][3]["heir"],
        json!(taker)
    );
    // The table comes back from the store with both gifts.
    drop(state);
    let state = state_at(&url).await;
    let (_, back) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    assert_eq!(back["version"], json!(v + 3));
    assert_eq!(crowns(&back, taker), crowns(&held, taker));
    assert_eq!(
        back["view"]["barons"][giver]["nobles"][3]["heir"],
        json!(taker)
    );
}

/// Occurrences of a `"mission"` key anywhere in a JSON text.
fn mission_keys(text: &str) -> usize {
    text.matches("\"mission\":").count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_barons_mission_reaches_nobody_else_over_http_websocket_or_replay() {
    let state = state_at("sqlite::memory:").await;
    let body = json!({
        "game": "warrior-knights",
        "config": {"barons": 3, "optional": {"missions": true}},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
    });
    let (id, tokens) = create_table(&state, body).await;
    // Each Baron's Mission, from the game itself.
    let missions: Vec<u64> = {
        let h = state.table(&id).await.unwrap();
        let t = h.lock().await;
        (0..3u8)
            .map(|s| {
                let secrets = t.game().secrets_of(ordo_core::Seat(s));
                let text = secrets.join(",");
                let at = text.find("\"mission\":").expect("a Mission is a secret");
                text[at + 10..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
                    .parse()
                    .unwrap()
            })
            .collect()
    };
    assert!(
        missions[0] != missions[1] && missions[1] != missions[2],
        "{missions:?}"
    );

    let addr = serve(&state).await;
    let url = |q: &str| format!("ws://{addr}/api/tables/{id}/ws{q}");
    let (mut ws1, _) = tokio_tungstenite::connect_async(url(&format!("?token={}", tokens[1])))
        .await
        .unwrap();
    let (mut spec, _) = tokio_tungstenite::connect_async(url("")).await.unwrap();

    // Everyone plays for a while (the first legal decision, or a varied one), checking each
    // viewer's HTTP snapshot as they go.
    let check_http = |seat: Option<usize>, snap: &Value| {
        let text = snap.to_string();
        match seat {
            Some(s) => {
                assert_eq!(
                    snap["view"]["mine"]["mission"],
                    json!(missions[s]),
                    "{text}"
                );
                assert_eq!(mission_keys(&text), 1, "seat {s} sees one Mission: {text}");
            }
            None => assert_eq!(mission_keys(&text), 0, "a spectator sees none: {text}"),
        }
        assert!(
            snap["view"]["missions"].is_null(),
            "nobody sees them all before the end"
        );
    };
    let mut made = 0;
    for round in 0..120 {
        for (s, token) in tokens.iter().enumerate() {
            let (_, snap) = call(
                &state,
                "GET",
                &format!("/api/tables/{id}/state?token={token}"),
                None,
            )
            .await;
            check_http(Some(s), &snap);
            let legal = snap["legal"].as_array().unwrap();
            if legal.is_empty() {
                continue;
            }
            let pick = legal[(round * 5 + s) % legal.len()]["action"].clone();
            let body = json!({"token": token, "version": snap["version"], "action": pick});
            let (status, ack) = call(
                &state,
                "POST",
                &format!("/api/tables/{id}/actions"),
                Some(body.to_string()),
            )
            .await;
            assert!(
                status == StatusCode::OK || status == StatusCode::CONFLICT,
                "{status} {ack}"
            );
            made += u32::from(status == StatusCode::OK);
        }
    }
    assert!(made > 100, "the game went on ({made} decisions)");
    let (_, spectator) = call(&state, "GET", &format!("/api/tables/{id}/state"), None).await;
    check_http(None, &spectator);
    let version = spectator["version"].as_u64().unwrap();
    for at in [0, version / 2, version] {
        let (status, step) = call(
            &state,
            "GET",
            &format!("/api/tables/{id}/replay?at={at}"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{step}");
        assert_eq!(
            mission_keys(&step.to_string()),
            0,
            "the replay at {at}: {step}"
        );
    }

    // Every message the other Baron and the spectator received, snapshots and patches alike.
    for (who, ws, own) in [
        ("seat 1", &mut ws1, Some(missions[1])),
        ("spectator", &mut spec, None),
    ] {
        let mut snap = Value::Null;
        let mut messages = 0;
        for text in drain(ws).await {
            let v: Value = serde_json::from_str(&text).unwrap();
            match v["type"].as_str() {
                Some("snapshot") => snap = v,
                Some("patch") => ordo_server::delta::merge_apply(&mut snap, &v["patch"]),
                _ => continue,
            }
            messages += 1;
            let whole = snap.to_string();
            match own {
                Some(m) => {
                    assert_eq!(snap["view"]["mine"]["mission"], json!(m), "{who}");
                    assert_eq!(mission_keys(&whole), 1, "{who}: {whole}");
                }
                None => assert_eq!(mission_keys(&whole), 0, "{who}: {whole}"),
            }
        }
        assert!(
            messages > 10,
            "{who} followed the game ({messages} messages)"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_reaches_its_two_barons_only_until_accepted_over_http_websocket_and_replay() {
    let state = state_at("sqlite::memory:").await;
    let body = json!({
        "game": "warrior-knights",
        "config": {"barons": 3, "optional": {"exchanging_heirs": true}},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
    });
    let (id, tok) = create_table(&state, body).await;
    let addr = serve(&state).await;
    let url = |q: &str| format!("ws://{addr}/api/tables/{id}/ws{q}");
    let (mut ws2, _) = tokio_tungstenite::connect_async(url(&format!("?token={}", tok[2])))
        .await
        .unwrap();
    let (mut spec, _) = tokio_tungstenite::connect_async(url("")).await.unwrap();
    let snap = |seat: Option<usize>| snapshot(&state, &id, seat.map(|s| tok[s].as_str()));
    let post = |seat: usize, action: Value| {
        let (state, id, token) = (&state, &id, &tok[seat]);
        async move {
            let s = snapshot(state, id, Some(token)).await;
            let body = json!({"token": token, "version": s["version"], "action": action});
            post_action(state, id, body).await
        }
    };
    // An offer's traces in a message: the decision, its answers, the open offers (the view's
    // `"offer": [..]` is the Mercenaries on offer, public).
    let traces =
        |m: &str| m.contains("\"offer\":{") || m.contains("_offer\"") || m.contains("\"offers\"");
    let heir = |b: &Value| b["view"]["barons"][0]["nobles"][0]["heir"].clone();
    let offer = json!({"offer": {"to": 1, "give": {"crowns": 0, "heir": {"of": 0, "shape": 0}}, "take": {"crowns": 1}}});

    // Seat 0 offers seat 1 his Star Noble's heir for a crown, and seat 1 declines.
    let (status, ack) = post(0, offer.clone()).await;
    assert_eq!(status, StatusCode::OK, "{ack}");
    for s in [0, 1] {
        let v = snap(Some(s)).await;
        let open = v["view"]["offers"]
            .as_array()
            .expect("the two of them see it");
        assert_eq!(open.len(), 1, "{v}");
        assert_eq!(
            (open[0]["from"].clone(), open[0]["to"].clone()),
            (json!(0), json!(1))
        );
        assert_eq!(
            last_line(&v)["action"],
            offer,
            "seat {s} reads the offer in the log"
        );
    }
    // An answer names the offer by its maker and terms, as the receiver saw it.
    let terms = json!({"from": 0, "give": offer["offer"]["give"], "take": offer["offer"]["take"]});
    let seen = snap(Some(1)).await["view"]["offers"][0].clone();
    assert_eq!(seen["give"], terms["give"]);
    let id1 = terms.clone();
    for v in [snap(Some(2)).await, snap(None).await] {
        assert!(v["view"]["offers"].is_null(), "{v}");
        let line = last_line(&v);
        assert_eq!(line["secret"], json!(true), "{line}");
        assert!(
            line["action"].is_null() && line["label"].is_null(),
            "{line}"
        );
        assert!(!traces(&v.to_string()), "{v}");
    }
    let (status, ack) = post(1, json!({"decline_offer": id1})).await;
    assert_eq!(status, StatusCode::OK, "{ack}");
    let maker = snap(Some(0)).await;
    assert!(maker["view"]["offers"].is_null());
    assert_eq!(last_line(&maker)["action"], json!({"decline_offer": id1}));
    assert_eq!(last_line(&snap(Some(2)).await)["secret"], json!(true));

    // Nothing of either reached seat 2 or the spectator, over the WebSocket or in the replay.
    for (who, ws) in [("seat 2", &mut ws2), ("spectator", &mut spec)] {
        let got = drain(ws).await;
        assert!(
            got.len() >= 2,
            "{who} followed the table ({} messages)",
            got.len()
        );
        for m in &got {
            assert!(!traces(m), "{who} received {m}");
        }
    }
    let version = snap(None).await["version"].as_u64().unwrap();
    for at in 0..=version {
        let (status, step) = call(
            &state,
            "GET",
            &format!("/api/tables/{id}/replay?at={at}"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{step}");
        assert!(!traces(&step.to_string()), "the replay at {at}: {step}");
    }

    // A bad offer is refused with its reason; a third Baron cannot answer one.
    let (status, err) = post(
        0,
        json!({"offer": {"to": 0, "give": {"crowns": 1}, "take": {"heir": {"of": 0, "shape": 1}}}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
    assert!(
        err["message"].as_str().unwrap().contains("another Baron"),
        "{err}"
    );
    let (status, ack) = post(0, offer.clone()).await;
    assert_eq!(status, StatusCode::OK, "{ack}");
    let id2 = terms.clone();
    let (status, err) = post(2, json!({"accept_offer": id2})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");

    // Accepted: the exchange is public, in every viewer's log.
    let crowns = |v: &Value, b: usize| v["view"]["barons"][b]["crowns"].as_u64().unwrap();
    let before = snap(None).await;
    assert_eq!(heir(&before), json!(0));
    let (status, ack) = post(1, json!({"accept_offer": id2})).await;
    assert_eq!(status, StatusCode::OK, "{ack}");
    for v in [snap(Some(2)).await, snap(None).await] {
        assert_eq!(heir(&v), json!(1), "the heir changed hands");
        assert_eq!(crowns(&v, 0), crowns(&before, 0) + 1);
        assert_eq!(crowns(&v, 1), crowns(&before, 1) - 1);
        let line = last_line(&v);
        assert_eq!(line["action"], json!({"accept_offer": id2}), "{line}");
        assert!(
            line["label"].as_str().unwrap().contains("1 crown"),
            "{line}"
        );
    }
}
