//! `ordo serve` as a real process: recovery after SIGKILL keeps every acknowledged decision;
//! `ordo loadtest` and `ordo play --server` against it.
#![allow(clippy::unwrap_used)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A minimal HTTP/1.1 client (one request per connection).
fn http(port: u16, method: &str, path: &str, body: Option<&str>) -> Option<(u16, Value)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).ok()?;
    let status: u16 = out.split_whitespace().nth(1)?.parse().ok()?;
    let payload = out.split("\r\n\r\n").nth(1).unwrap_or("");
    // Bodies may be chunked; take the JSON between the first '{' or '[' and the last '}' or ']'.
    let start = payload.find(['{', '['])?;
    let end = payload.rfind(['}', ']'])?;
    Some((
        status,
        serde_json::from_str(&payload[start..=end]).unwrap_or(Value::Null),
    ))
}

fn start(db: &str, port: u16) -> Child {
    start_with(db, port, &[])
}

fn start_with(db: &str, port: u16, extra: &[&str]) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db", db])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while http(port, "GET", "/api/tables", None).is_none() {
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

#[test]
fn acknowledged_decisions_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let create = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}]});
    let (status, created) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = created["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    // Play decisions; remember the highest acknowledged version; kill the server mid-stream.
    let mut acked = 0u64;
    let killer = std::thread::spawn({
        let pid = server.id();
        move || {
            std::thread::sleep(Duration::from_millis(700));
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
    });
    'play: for _ in 0..100_000 {
        for t in &tokens {
            let Some((_, snap)) = http(
                port,
                "GET",
                &format!("/api/tables/{id}/state?token={t}"),
                None,
            ) else {
                break 'play;
            };
            let Some(a) = snap["legal"].as_array().and_then(|l| l.last()).cloned() else {
                continue;
            };
            let body =
                json!({"token": t, "version": snap["version"], "action": a["action"]}).to_string();
            match http(
                port,
                "POST",
                &format!("/api/tables/{id}/actions"),
                Some(&body),
            ) {
                Some((200, ack)) => acked = acked.max(ack["version"].as_u64().unwrap()),
                Some(_) => {}
                None => break 'play,
            }
        }
    }
    killer.join().unwrap();
    let _ = server.wait();
    assert!(acked > 0, "no decision was acknowledged before the kill");
    // Restart on the same file: every acknowledged decision is there and play goes on.
    let port2 = free_port();
    let mut again = start(&db, port2);
    let (_, snap) = http(
        port2,
        "GET",
        &format!("/api/tables/{id}/state?token={}", tokens[0]),
        None,
    )
    .unwrap();
    let version = snap["version"].as_u64().unwrap();
    assert!(
        version >= acked,
        "recovered version {version} < acknowledged {acked}"
    );
    let _ = again.kill();
    let _ = again.wait();
}

#[test]
fn loadtest_drives_a_server_and_reports_latencies() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("load.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let out = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args([
            "loadtest",
            "--url",
            &format!("http://127.0.0.1:{port}"),
            "--tables",
            "3",
            "--clients",
            "6",
            "--seconds",
            "1.5",
            "--json",
        ])
        .output()
        .unwrap();
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let j: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert!(j["decisions"].as_u64().unwrap() > 10, "{j}");
    assert_eq!(j["errors"], 0);
    assert!(j["latency_ms_p99"].as_f64().unwrap() >= j["latency_ms_p50"].as_f64().unwrap());
    // Every client connected, and the server's own CPU time per decision is reported.
    assert_eq!(j["connected"], 6, "{j}");
    let cpu = j["server_cpu_ms_per_decision"].as_f64().unwrap();
    assert!(cpu.is_finite() && cpu >= 0.0, "{j}");
    assert!(j["server_decisions"].as_f64().unwrap() > 0.0, "{j}");
    // Only loopback targets are accepted.
    let bad = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["loadtest", "--url", "http://10.0.0.1:80"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn loadtest_fails_loudly_when_clients_cannot_connect() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("capped.db").display());
    let port = free_port();
    // The default per-address limits: at most 64 WebSocket connections from one address.
    let mut server = start(&db, port);
    let out = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args([
            "loadtest",
            "--url",
            &format!("http://127.0.0.1:{port}"),
            "--tables",
            "2",
            "--clients",
            "70",
            "--seconds",
            "1",
        ])
        .output()
        .unwrap();
    let _ = server.kill();
    let _ = server.wait();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("of 70 WebSocket clients could connect"),
        "{err}"
    );
    assert!(err.contains("--ip-limit off"), "{err}");
}

/// Runs `ordo` with `args`, answering `1` (the first legal decision) to every prompt until it
/// exits; returns its exit status, standard output and standard error.
fn run_answering_ones(
    args: &[&str],
    limit: Duration,
) -> (std::process::ExitStatus, String, String) {
    run_answering(args, None, limit)
}

/// As [`run_answering_ones`], and every `n`th line the given lines instead (a gift typed now and
/// then, whoever is to act).
fn run_answering(
    args: &[&str],
    every: Option<(usize, &'static [&'static str])>,
    limit: Duration,
) -> (std::process::ExitStatus, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Fails once the child has exited (lines typed while no decision is asked are dropped).
    let feeder = std::thread::spawn(move || {
        let mut i = 0usize;
        loop {
            i += 1;
            let written = match every {
                Some((n, lines)) if i % n == 0 => lines
                    .iter()
                    .all(|l| stdin.write_all(format!("{l}\n").as_bytes()).is_ok()),
                _ => stdin.write_all(b"1\n").is_ok(),
            };
            if !written {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let t = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let out = out.join().unwrap();
            let tail: String = out.lines().rev().take(40).collect::<Vec<_>>().join("\n");
            panic!(
                "`ordo {}` still running after {limit:?}; last lines (reversed):\n{tail}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    feeder.join().unwrap();
    (status, out.join().unwrap(), err.join().unwrap())
}

#[test]
fn play_against_a_server_from_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("play.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let url = format!("http://127.0.0.1:{port}");
    let record = dir.path().join("remote-game.json");
    let (status, out, err) = run_answering_ones(
        &[
            "play",
            "--server",
            &url,
            "--seats",
            "human,random",
            "--seed",
            "11",
            "--save",
            record.to_str().unwrap(),
        ],
        Duration::from_secs(240),
    );
    let tail: String = out.lines().rev().take(20).collect::<Vec<_>>().join("\n");
    assert!(
        status.success(),
        "exit {status}\nstderr: {err}\nlast lines (reversed):\n{tail}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        out.contains("Table ") && out.contains(" created on "),
        "{tail}"
    );
    assert!(out.contains("P1, choose:"), "{tail}");
    assert!(out.contains("Game over. Winner: seat "), "{tail}");
    assert!(out.contains("Final scores: P1 "), "{tail}");
    assert!(
        out.contains("matches the commitment published at the start"),
        "{tail}"
    );
    // The downloaded record replays to the end.
    let replay = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["replay", record.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let j: Value = serde_json::from_str(
        String::from_utf8_lossy(&replay.stdout)
            .lines()
            .last()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(j["over"], true, "{j}");
    // An invited player takes the seat from the terminal: the client plays on with a token of
    // its own, and the invite the creator handed out stops working.
    let create = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    let (_, created) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let invite = created["tokens"][0].as_str().unwrap().to_string();
    let (status, out, err) = run_answering_ones(
        &["play", "--server", &url, "--table", &id, "--token", &invite],
        Duration::from_secs(240),
    );
    assert!(status.success(), "exit {status}\nstderr: {err}");
    assert!(out.contains("Final scores: P1 "), "{out}");
    let own = out
        .split("your own token is ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no own token announced: {out}"));
    assert_ne!(own, invite);
    assert!(out.contains(&format!("--token {own}")), "{out}");
    let (code, _) = http(
        port,
        "GET",
        &format!("/api/tables/{id}/state?token={invite}"),
        None,
    )
    .unwrap();
    assert_eq!(code, 403, "the used invite still opens the seat");
    let (code, snap) = http(
        port,
        "GET",
        &format!("/api/tables/{id}/state?token={own}"),
        None,
    )
    .unwrap();
    assert_eq!((code, snap["you"].clone()), (200, json!(0)), "{snap}");
    // Without a human seat the client watches the bots to the end.
    let (status, out, err) = run_answering_ones(
        &["play", "--server", &url, "--seats", "random,random"],
        Duration::from_secs(120),
    );
    assert!(status.success(), "exit {status}\nstderr: {err}");
    assert!(out.contains("watching the bots play"), "{out}");
    assert!(out.contains("Final scores: P1 "), "{out}");
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn play_with_a_wrong_table_token_or_server_fails_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("bad.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let url = format!("http://127.0.0.1:{port}");
    let ordo = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_ordo"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!err.contains("panicked"), "{err}");
        (out.status.code(), err)
    };
    let (code, err) = ordo(&[
        "play", "--server", &url, "--table", "nosuch", "--token", "x",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("no table `nosuch`"), "{err}");
    // A real table, a token that holds no seat there.
    let create = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    let (_, created) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
    let id = created["id"].as_str().unwrap();
    let (code, err) = ordo(&["play", "--server", &url, "--table", id, "--token", "wrong"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("does not hold a seat"), "{err}");
    // Nothing listening; not an http:// URL.
    let dead = format!("http://127.0.0.1:{}", free_port());
    let (code, err) = ordo(&["play", "--server", &dead, "--seats", "human,random"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot connect to"), "{err}");
    let (code, err) = ordo(&["play", "--server", "ftp://example.org", "--table", "t"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("must start with http://"), "{err}");
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn sigterm_closes_live_connections_and_exits_cleanly() {
    use futures_util::StreamExt;
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("term.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let body = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string();
    let (status, created) = http(port, "POST", "/api/tables", Some(&body)).unwrap();
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"][0].as_str().unwrap().to_string();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let closed = rt.block_on(async {
        let url = format!("ws://127.0.0.1:{port}/api/tables/{id}/ws?token={token}");
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let first = ws.next().await.unwrap().unwrap();
        assert!(first.to_text().unwrap().contains("\"snapshot\""));
        let _ = Command::new("kill")
            .args(["-TERM", &server.id().to_string()])
            .status();
        // The server closes the session rather than waiting for the client to leave (news of
        // who is here may come first).
        loop {
            match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
                Ok(None | Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)) | Err(_))) => {
                    break true
                }
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t))))
                    if t.contains(r#""type":"presence""#) => {}
                other => panic!("the session stayed open: {other:?}"),
            }
        }
    });
    assert!(closed);
    let t = Instant::now();
    let status = loop {
        if let Some(s) = server.try_wait().unwrap() {
            break s;
        }
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "the server did not stop"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
}

#[test]
fn the_terminal_plays_warrior_knights_at_a_server() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("wk.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let url = format!("http://127.0.0.1:{port}");
    let record = dir.path().join("wk-game.json");
    // Now and then the player gives a crown, whoever is to act.
    let (status, out, err) = run_answering(
        &[
            "play",
            "--server",
            &url,
            "--game",
            "warrior-knights",
            "--length",
            "shorter",
            "--seats",
            "human,random,random",
            "--save",
            record.to_str().unwrap(),
        ],
        Some((150, &["give 1 crown", "g1"])),
        Duration::from_secs(420),
    );
    let tail: String = out.lines().rev().take(30).collect::<Vec<_>>().join("\n");
    assert!(
        status.success(),
        "exit {status}\nstderr: {err}\nlast lines (reversed):\n{tail}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.contains("(Warrior Knights) created on"), "{tail}");
    assert!(out.contains("P1, choose:"), "{tail}");
    assert!(out.contains("== Round "), "{tail}");
    assert!(out.contains("Game over. Winner: seat "), "{tail}");
    assert!(out.contains("Final scores: P1 "), "{tail}");
    assert!(
        out.contains("matches the commitment published at the start"),
        "{tail}"
    );
    // Words, not Rust's debug notation.
    for debug in ["Some(", "None", "Seat(", " { "] {
        assert!(!out.contains(debug), "debug text `{debug}` shown:\n{tail}");
    }
    let replay = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["replay", record.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    // Gifts were made in words and kept in the record the server wrote.
    assert!(out.contains("  g1) give 1 crown to "), "{tail}");
    assert!(out.contains("You: give 1 crown to "), "{tail}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.contains("give_crowns"), "no gift in the record");
    // Bots in every seat: the client watches to the end.
    let (status, out, err) = run_answering_ones(
        &[
            "play",
            "--server",
            &url,
            "--game",
            "warrior-knights",
            "--length",
            "shorter",
            "--seats",
            "random,random",
        ],
        Duration::from_secs(300),
    );
    assert!(status.success(), "exit {status}\nstderr: {err}");
    assert!(out.contains("watching the bots play"), "{out}");
    assert!(out.contains("Final scores: P1 "), "{out}");
    let _ = server.kill();
    let _ = server.wait();
}

/// The example game of `ordo-core`, registered only with the `example` feature (on in tests),
/// is hosted by the server and played from the terminal with no code of its own outside its
/// registration, its command-line adapter and its engine.
#[test]
fn the_example_game_plays_through_the_server_and_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("bid.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let (code, games) = http(port, "GET", "/api/games", None).unwrap();
    assert_eq!(code, 200);
    assert!(
        games.as_array().unwrap().iter().any(|g| g["id"] == "bid"),
        "{games}"
    );
    let url = format!("http://127.0.0.1:{port}");
    let (status, out, err) = run_answering_ones(
        &[
            "play",
            "--server",
            &url,
            "--game",
            "bid",
            "--seats",
            "human,random",
        ],
        Duration::from_secs(120),
    );
    assert!(status.success(), "exit {status}\nstderr: {err}\n{out}");
    assert!(out.contains("P1, choose:"), "{out}");
    assert!(out.contains("Prize on offer"), "{out}");
    assert!(out.contains("Final scores: P1 "), "{out}");
    let _ = server.kill();
    let _ = server.wait();
}

/// `ordo serve --data DIR`: new tables play with the owner's pack; the lobby and the client see
/// which pack a table uses and draw from its files.
#[test]
fn a_server_hosts_tables_with_an_owners_data_pack() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack");
    let out = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args([
            "data",
            "export",
            pack.to_str().unwrap(),
            "--game",
            "crusaders",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let components = pack.join("crusaders/components.json");
    let text = std::fs::read_to_string(&components).unwrap();
    std::fs::write(
        &components,
        text.replacen(
            "\"players\": 2, \"supply\": 140",
            "\"players\": 2, \"supply\": 150",
            1,
        ),
    )
    .unwrap();
    let db = format!("sqlite:{}", dir.path().join("packs.db").display());
    let port = free_port();
    let mut server = start_with(&db, port, &["--data", pack.to_str().unwrap()]);
    let (_, games) = http(port, "GET", "/api/games", None).unwrap();
    let crusaders = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "crusaders")
        .unwrap()
        .clone();
    let id = crusaders["pack"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32, "{games}");
    let wk = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "warrior-knights")
        .unwrap();
    assert!(wk["pack"].is_null(), "{wk}");
    let create = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    let (status, created) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
    assert_eq!(status, 201, "{created}");
    let table = created["id"].as_str().unwrap();
    let (_, info) = http(port, "GET", &format!("/api/tables/{table}"), None).unwrap();
    assert_eq!(info["config"]["data"], id.as_str(), "{info}");
    let (_, list) = http(port, "GET", "/api/tables", None).unwrap();
    assert!(
        list.to_string().contains(&id),
        "the lobby does not show the pack: {list}"
    );
    let (status, data) = http(
        port,
        "GET",
        &format!("/api/games/crusaders/data?pack={id}"),
        None,
    )
    .unwrap();
    assert_eq!(status, 200);
    assert!(
        data.to_string().contains("\"supply\":150"),
        "pack files not served"
    );
    let (status, _) = http(
        port,
        "GET",
        &format!("/api/games/crusaders/data?pack={}", "0".repeat(32)),
        None,
    )
    .unwrap();
    assert_eq!(status, 404);
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn a_backup_taken_from_a_running_server_restores_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let port = free_port();
    let mut server = start(&db, port);
    let create = json!({"game": "crusaders", "config": {"players": 2},
                        "seats": [{"kind": "human"}, {"kind": "human"}]});
    let (status, created) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"][0].as_str().unwrap().to_string();
    // The table as it was; since when the game has waited on a seat counts from the restart.
    let state = |port: u16| {
        let mut snap = http(
            port,
            "GET",
            &format!("/api/tables/{id}/state?token={token}"),
            None,
        )
        .unwrap()
        .1;
        if let Some(m) = snap.as_object_mut() {
            m.remove("waiting_since");
        }
        snap
    };
    let snap = state(port);
    let a = &snap["legal"][0]["action"];
    let body = json!({"token": token, "version": snap["version"], "action": a}).to_string();
    let (s, _) = http(
        port,
        "POST",
        &format!("/api/tables/{id}/actions"),
        Some(&body),
    )
    .unwrap();
    assert_eq!(s, 200);
    let before = state(port);

    let out = dir.path().join("backup.db");
    let backup = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["backup", "--db", &db])
        .arg(&out)
        .output()
        .unwrap();
    assert!(backup.status.success(), "{backup:?}");
    assert!(String::from_utf8_lossy(&backup.stdout).contains("backed up"));
    // Never over an existing file.
    let again = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["backup", "--db", &db])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(
        said.contains("exists already") && !said.contains("corrupt"),
        "{said}"
    );
    let _ = server.kill();
    let _ = server.wait();

    // A server over the copy has the table as it was, decision included.
    let port2 = free_port();
    let mut restored = start(&format!("sqlite:{}", out.display()), port2);
    assert_eq!(state(port2), before);
    let _ = restored.kill();
    let _ = restored.wait();
}

/// `ordo admin` on an account: listed, its password reset (the old one no longer works, the
/// printed one does, its sessions ended), disabled and enabled, signed out everywhere.
#[test]
fn an_operator_manages_accounts_from_the_shell() {
    use ordo_server::store::accounts::Accounts;
    use ordo_server::store::SqliteStore;
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("accounts.db").display());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let store = rt.block_on(SqliteStore::open(&db)).unwrap();
    let hash = rt
        .block_on(ordo_server::accounts::hash_password(
            "lances at dawn".into(),
        ))
        .unwrap();
    let id = rt
        .block_on(store.create_account("Tancred", &hash, None))
        .unwrap();
    rt.block_on(store.create_session("s-one", id)).unwrap();
    let admin = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_ordo"))
            .args(["admin", "--db", &db])
            .args(args)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (ok, listed, _) = admin(&["accounts"]);
    assert!(
        ok && listed.contains("Tancred")
            && listed.contains("active")
            && listed.contains("1 account"),
        "{listed}"
    );
    assert!(!listed.contains("argon2"), "{listed}");

    let (ok, said, _) = admin(&["reset-password", "tancred"]);
    assert!(ok, "{said}");
    let new = said
        .lines()
        .next()
        .and_then(|l| l.rsplit(": ").next())
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(new.chars().count(), 16, "{said}");
    let account = rt
        .block_on(store.account_named("Tancred"))
        .unwrap()
        .unwrap();
    assert_ne!(account.password_hash, hash);
    assert!(
        rt.block_on(store.session_account("s-one", false))
            .unwrap()
            .is_none(),
        "sessions ended"
    );

    rt.block_on(store.create_session("s-two", id)).unwrap();
    let (ok, said, _) = admin(&["disable", "Tancred"]);
    assert!(ok && said.contains("disabled"), "{said}");
    assert!(
        rt.block_on(store.account_named("Tancred"))
            .unwrap()
            .unwrap()
            .disabled
    );
    assert!(rt
        .block_on(store.session_account("s-two", false))
        .unwrap()
        .is_none());
    let (_, listed, _) = admin(&["accounts", "--json"]);
    let row: Value = serde_json::from_str(listed.lines().next().unwrap()).unwrap();
    assert_eq!(
        (row["name"].as_str(), row["disabled"].as_bool()),
        (Some("Tancred"), Some(true))
    );
    let (ok, _, _) = admin(&["enable", "Tancred"]);
    assert!(
        ok && !rt
            .block_on(store.account_named("Tancred"))
            .unwrap()
            .unwrap()
            .disabled
    );

    rt.block_on(store.create_session("s-three", id)).unwrap();
    let (ok, said, _) = admin(&["sign-out", "Tancred"]);
    assert!(ok && said.contains("1 session"), "{said}");
    let (ok, _, err) = admin(&["disable", "Nobody"]);
    assert!(!ok && err.contains("no account is named `Nobody`"), "{err}");
}

/// One raw HTTP/1.1 exchange with extra headers; returns the whole answer (head and body).
fn raw(port: u16, method: &str, path: &str, headers: &str, body: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// A server logging at its most detailed level is driven through an account's whole life: its
/// logs never hold the password, the session id, or the password's hash.
#[test]
fn no_password_or_session_reaches_the_logs() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let port = free_port();
    let mut server = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db", &db])
        .env("ORDO_LOG", "trace")
        .stdout(Stdio::from(
            std::fs::File::create(dir.path().join("out.log")).unwrap(),
        ))
        .stderr(Stdio::from(
            std::fs::File::create(dir.path().join("err.log")).unwrap(),
        ))
        .spawn()
        .unwrap();
    let t = Instant::now();
    while http(port, "GET", "/api/tables", None).is_none() {
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let password = "quill-and-parchment-77";
    let up = raw(
        port,
        "POST",
        "/api/accounts",
        "",
        &json!({"name": "Godfrey", "password": password}).to_string(),
    );
    assert!(up.starts_with("HTTP/1.1 201"), "{up}");
    let session = up
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: ordo_session="))
        .and_then(|v| v.split(';').next())
        .unwrap()
        .to_string();
    let cookie = format!("Cookie: ordo_session={session}\r\n");
    assert!(raw(port, "GET", "/api/me", &cookie, "").contains("Godfrey"));
    let wrong = raw(
        port,
        "POST",
        "/api/session",
        "",
        &json!({"name": "Godfrey", "password": "not-the-password-1"}).to_string(),
    );
    assert!(wrong.starts_with("HTTP/1.1 401"), "{wrong}");
    let new_password = "ink-and-seal-2026";
    let change = raw(
        port,
        "PUT",
        "/api/me/password",
        &cookie,
        &json!({"password": password, "new_password": new_password}).to_string(),
    );
    assert!(change.starts_with("HTTP/1.1 204"), "{change}");
    assert!(raw(port, "DELETE", "/api/session", &cookie, "").starts_with("HTTP/1.1 204"));
    let _ = server.kill();
    let _ = server.wait();
    let logs = format!(
        "{}{}",
        std::fs::read_to_string(dir.path().join("out.log")).unwrap(),
        std::fs::read_to_string(dir.path().join("err.log")).unwrap()
    );
    assert!(
        logs.contains("account created"),
        "the logs were captured: {logs}"
    );
    for secret in [
        password,
        new_password,
        "not-the-password-1",
        session.as_str(),
        "$argon2id$",
    ] {
        assert!(!logs.contains(secret), "`{secret}` in the logs");
    }
}
