//! `ordo serve` as a real process: recovery after SIGKILL keeps every acknowledged decision.
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
    let child = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--db", db])
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
    // Only loopback targets are accepted.
    let bad = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["loadtest", "--url", "http://10.0.0.1:80"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
}
