//! Faults and churn against `ordo serve` as a real process: kill -9 loops under load on both
//! stores, every acknowledged decision checked in the stored record afterwards; and a soak of
//! table churn whose memory must come back to a bound.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One HTTP/1.1 exchange; `None` when the server is not there (killed).
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
    let start = payload.find(['{', '[']);
    let end = payload.rfind(['}', ']']);
    let value = match (start, end) {
        (Some(a), Some(b)) if b >= a => {
            serde_json::from_str(&payload[a..=b]).unwrap_or(Value::Null)
        }
        _ => Value::String(payload.to_string()),
    };
    Some((status, value))
}

fn start(db: &str, port: u16, extra: &[&str]) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db", db])
        .args(["--ip-limit", "off"])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while http(port, "GET", "/healthz", None).is_none() {
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// What the drivers saw acknowledged: per table, version → the decision.
type Acked = Arc<Mutex<BTreeMap<String, BTreeMap<u64, Value>>>>;

/// Plays the first legal decision of every seat of `tables` until the server goes away.
fn drive(port: u16, tables: &[(String, Vec<String>)], acked: &Acked) {
    loop {
        for (id, tokens) in tables {
            for t in tokens {
                let Some((_, snap)) = http(
                    port,
                    "GET",
                    &format!("/api/tables/{id}/state?token={t}"),
                    None,
                ) else {
                    return;
                };
                let Some(a) = snap["legal"].as_array().and_then(|l| l.first()).cloned() else {
                    continue;
                };
                let body = json!({"token": t, "version": snap["version"], "action": a["action"]})
                    .to_string();
                match http(
                    port,
                    "POST",
                    &format!("/api/tables/{id}/actions"),
                    Some(&body),
                ) {
                    Some((200, ack)) => {
                        let v = ack["version"].as_u64().unwrap();
                        acked
                            .lock()
                            .unwrap()
                            .entry(id.clone())
                            .or_default()
                            .insert(v, a["action"].clone());
                    }
                    Some(_) => {}
                    None => return,
                }
            }
        }
    }
}

/// Rounds of load and kill -9 over one database; then every acknowledged decision must be in
/// the stored record at its version, once, with no gap before it.
fn kill_loop(db: &str, rounds: u64) {
    let port = free_port();
    let mut server = start(db, port, &[]);
    let mut tables = Vec::new();
    for _ in 0..4 {
        let create = json!({"game": "crusaders", "config": {"players": 2},
                            "seats": [{"kind": "human"}, {"kind": "human"}]});
        let (s, created) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
        assert_eq!(s, 201, "{created}");
        let tokens = created["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect::<Vec<_>>();
        tables.push((created["id"].as_str().unwrap().to_string(), tokens));
    }
    let acked: Acked = Arc::default();
    for round in 0..rounds {
        if round > 0 {
            server = start(db, port, &[]);
        }
        let drivers: Vec<_> = tables
            .chunks(2)
            .map(|chunk| {
                let (chunk, acked) = (chunk.to_vec(), acked.clone());
                std::thread::spawn(move || drive(port, &chunk, &acked))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(400 + 150 * round));
        let _ = Command::new("kill")
            .args(["-9", &server.id().to_string()])
            .status();
        let _ = server.wait();
        for d in drivers {
            d.join().unwrap();
        }
    }
    let acked = acked.lock().unwrap().clone();
    let total: usize = acked.values().map(BTreeMap::len).sum();
    assert!(total > 0, "no decision was acknowledged");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = ordo_server::open_store(db).await.unwrap();
        for (id, seen) in &acked {
            let stored = store.load_table(id).await.unwrap().unwrap();
            let versions: Vec<u64> = stored.actions.iter().map(|a| a.version).collect();
            let want: Vec<u64> = (1..=versions.len() as u64).collect();
            assert_eq!(versions, want, "table {id}: versions not 1..n");
            for (v, action) in seen {
                let row = stored
                    .actions
                    .get(usize::try_from(*v).unwrap() - 1)
                    .unwrap_or_else(|| panic!("table {id}: acknowledged version {v} lost"));
                let kept: Value = serde_json::from_str(&row.action).unwrap();
                assert_eq!(&kept, action, "table {id} version {v}");
            }
        }
    });
    // And the server comes back with every table playable.
    let mut again = start(db, port, &[]);
    for (id, tokens) in &tables {
        let (s, snap) = http(
            port,
            "GET",
            &format!("/api/tables/{id}/state?token={}", tokens[0]),
            None,
        )
        .unwrap();
        assert_eq!(s, 200, "{snap}");
        let max = acked
            .get(id)
            .and_then(|m| m.keys().max().copied())
            .unwrap_or(0);
        assert!(snap["version"].as_u64().unwrap() >= max);
    }
    let _ = again.kill();
    let _ = again.wait();
    eprintln!(
        "kill loop on {}: {rounds} kills, {total} acknowledged decisions all kept",
        db.split(':').next().unwrap_or("")
    );
}

#[test]
fn kill_9_under_load_loses_no_acknowledged_decision_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("ordo.db").display());
    kill_loop(&db, 4);
}

#[test]
fn kill_9_under_load_loses_no_acknowledged_decision_on_postgres() {
    let base = std::env::var("ORDO_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let name = format!("ordo_kill_{}", std::process::id());
    let created = Command::new("psql")
        .args([&base, "-q", "-c", &format!("CREATE DATABASE {name}")])
        .stderr(Stdio::null())
        .status();
    if !created.is_ok_and(|s| s.success()) {
        assert!(
            std::env::var_os("ORDO_REQUIRE_POSTGRES").is_none(),
            "PostgreSQL required but no database could be created"
        );
        eprintln!("skipped: no PostgreSQL");
        return;
    }
    let db = match base.rfind('/') {
        Some(i) => format!("{}/{name}", &base[..i]),
        None => panic!("odd PostgreSQL URL {base}"),
    };
    kill_loop(&db, 3);
    let _ = Command::new("psql")
        .args([
            &base,
            "-q",
            "-c",
            &format!("DROP DATABASE {name} WITH (FORCE)"),
        ])
        .status();
}

fn metric(port: u16, name: &str) -> f64 {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no metric {name}"))
}

#[test]
fn table_churn_leaves_memory_within_a_bound() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let port = free_port();
    // Idle tables leave memory after 1.2 s (checked every second).
    let mut server = start(&db, port, &["--idle-evict", "0.02"]);
    let mut after = Vec::new();
    for round in 0..4 {
        for _ in 0..150 {
            let create = json!({"game": "crusaders", "config": {"players": 2},
                                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
            let (s, _) = http(port, "POST", "/api/tables", Some(&create.to_string())).unwrap();
            assert_eq!(s, 201);
        }
        let t = Instant::now();
        while metric(port, "ordo_tables_live") > 0.0 {
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "round {round}: tables stayed in memory"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        after.push(metric(port, "ordo_resident_memory_bytes"));
    }
    let _ = server.kill();
    let _ = server.wait();
    // The first round sets the level (allocator pools, caches); later rounds stay near it.
    let bound = after[0] * 1.25 + 8.0 * 1024.0 * 1024.0;
    for (i, rss) in after.iter().enumerate() {
        assert!(
            *rss <= bound,
            "round {i}: {rss} bytes resident, bound {bound} ({after:?})"
        );
    }
    eprintln!("resident after each round of 150 tables: {after:?}");
}
