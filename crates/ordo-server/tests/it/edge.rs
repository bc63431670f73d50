//! The public edge: HTTPS, the redirect, trusted proxies, slow and idle clients, the connection
//! cap, uniform error bodies, table caps, idle eviction, lobby expiry and backups.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use ordo_server::edge::listen::{self, Listen};
use ordo_server::edge::{parse_ranges, Policy};
use ordo_server::limit::IpLimiter;
use ordo_server::store::{sqlite_backup, SqliteStore, Store};
use ordo_server::{app, AppState};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::http::{call, create};

async fn state_with(policy: Policy, limiter: IpLimiter) -> AppState {
    let store = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    AppState::recover_with_policy(store, limiter, policy)
        .await
        .unwrap()
}

/// Serves `state` on a fresh local port with `listen`; returns the address.
async fn serve(state: &AppState, listen: Listen) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let s = state.clone();
    tokio::spawn(async move {
        listen::serve(
            listener,
            app(s.clone()),
            s,
            listen,
            std::future::pending::<()>(),
        )
        .await;
    });
    addr
}

fn plain(max_connections: usize, header_timeout: Duration) -> Listen {
    Listen {
        tls: None,
        max_connections,
        header_timeout,
        max_per_address: None,
        trusted_proxies: Vec::new(),
    }
}

/// Reads what the server sends until it closes the connection or `limit` passes.
async fn read_all<S: AsyncReadExt + Unpin>(s: &mut S, limit: Duration) -> String {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => out.extend_from_slice(&buf[..n]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One raw HTTP/1.1 exchange (the request asks to close).
async fn raw(addr: SocketAddr, request: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request.as_bytes()).await.unwrap();
    read_all(&mut s, Duration::from_secs(5)).await
}

fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: ordo.test\r\nConnection: close\r\n\r\n")
}

fn json_body(response: &str) -> Value {
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("");
    serde_json::from_str(body).unwrap_or(Value::Null)
}

fn self_signed(dir: &std::path::Path) -> (listen::TlsFiles, Vec<u8>) {
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let files = listen::TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&files.cert, cert.cert.pem()).unwrap();
    std::fs::write(&files.key, cert.key_pair.serialize_pem()).unwrap();
    (files, cert.cert.der().to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_serves_the_api_with_hsts_and_plain_http_is_redirected() {
    use tokio_rustls::rustls;
    let dir = tempfile::tempdir().unwrap();
    let (files, der) = self_signed(dir.path());
    // A key that does not fit, or a file without a certificate, is refused with its name.
    let wrong = listen::TlsFiles {
        cert: files.key.clone(),
        key: files.key.clone(),
    };
    assert!(listen::tls_config(&wrong).unwrap_err().contains("key.pem"));
    let state = state_with(Policy::default(), IpLimiter::default()).await;
    let tls = listen::tls_config(&files).unwrap();
    let addr = serve(
        &state,
        Listen {
            tls: Some(tls),
            max_connections: 64,
            header_timeout: Duration::from_secs(5),
            max_per_address: None,
            trusted_proxies: Vec::new(),
        },
    )
    .await;

    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(rustls_pki_types::CertificateDer::from(der))
        .unwrap();
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client));
    let tcp = TcpStream::connect(addr).await.unwrap();
    let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
    let mut tls = connector.connect(name, tcp).await.unwrap();
    tls.write_all(get("/api/games").as_bytes()).await.unwrap();
    let answer = read_all(&mut tls, Duration::from_secs(5)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("strict-transport-security: max-age=31536000"),
        "{answer}"
    );
    assert!(answer.contains("crusaders"));

    // Plain HTTP on the TLS port gets no page (the handshake fails).
    let plain_answer = raw(addr, &get("/healthz")).await;
    assert!(!plain_answer.contains("200 OK"), "{plain_answer}");

    // The redirect listener sends every path to https, keeping path and query.
    let redirect = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let raddr = redirect.local_addr().unwrap();
    tokio::spawn(listen::redirect_to_https(
        redirect,
        8443,
        std::future::pending(),
    ));
    let answer = raw(
        raddr,
        "GET /t/abc?x=1 HTTP/1.1\r\nHost: ordo.test\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 308"), "{answer}");
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("location: https://ordo.test:8443/t/abc?x=1"),
        "{answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beyond_the_connection_cap_new_connections_get_503_and_health_still_answers() {
    let state = state_with(Policy::default(), IpLimiter::default()).await;
    let addr = serve(&state, plain(3, Duration::from_secs(30))).await;
    // Three connections held open (silent, within the header timeout) fill the cap.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let answer = raw(addr, &get("/api/games")).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert_eq!(json_body(&answer)["code"], "server/busy", "{answer}");
    let health = raw(addr, &get("/healthz")).await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.ends_with("ok"), "{health}");
    let (_, metrics) = {
        let res = app(state.clone())
            .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        ((), String::from_utf8(bytes.to_vec()).unwrap())
    };
    let refused = metrics
        .lines()
        .find(|l| l.starts_with("ordo_connections_refused_total "))
        .unwrap();
    assert!(!refused.ends_with(" 0"), "{refused}");
    // When the held connections go, new ones are served again.
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let answer = raw(addr, &get("/api/games")).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A connection from the local address `from` (127.0.0.x).
async fn connect_from(from: &str, addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_connection() {
    let state = state_with(Policy::default(), IpLimiter::default()).await;
    let mut listen = plain(64, Duration::from_secs(30));
    listen.max_per_address = Some(2);
    listen.trusted_proxies = parse_ranges("127.0.0.3").unwrap();
    let addr = serve(&state, listen).await;
    let _a = connect_from("127.0.0.2", addr).await;
    let _b = connect_from("127.0.0.2", addr).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    // The third from that address is closed unanswered, at once.
    let mut c = connect_from("127.0.0.2", addr).await;
    let _ = c.write_all(get("/healthz").as_bytes()).await;
    let start = Instant::now();
    let answer = read_all(&mut c, Duration::from_secs(5)).await;
    assert!(answer.is_empty(), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(2));
    // Another address is served; a trusted proxy is not held to the cap.
    let mut d = connect_from("127.0.0.4", addr).await;
    d.write_all(get("/healthz").as_bytes()).await.unwrap();
    assert!(read_all(&mut d, Duration::from_secs(5))
        .await
        .starts_with("HTTP/1.1 200"));
    let mut proxied = Vec::new();
    for _ in 0..3 {
        proxied.push(connect_from("127.0.0.3", addr).await);
    }
    let mut e = connect_from("127.0.0.3", addr).await;
    e.write_all(get("/healthz").as_bytes()).await.unwrap();
    assert!(read_all(&mut e, Duration::from_secs(5))
        .await
        .starts_with("HTTP/1.1 200"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_silent_clients_are_cut_off_and_impossible_bodies_refused_at_once() {
    let policy = Policy {
        body_timeout: Duration::from_secs(1),
        ..Policy::default()
    };
    let state = state_with(policy, IpLimiter::default()).await;
    let addr = serve(&state, plain(64, Duration::from_secs(1))).await;

    // Silent: closed after the header timeout.
    let start = Instant::now();
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let _ = read_all(&mut silent, Duration::from_secs(10)).await;
    let held = start.elapsed();
    assert!(
        held < Duration::from_secs(4),
        "a silent client held {held:?}"
    );

    // Trickling one header byte every 300 ms: closed all the same.
    let start = Instant::now();
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let request = get("/healthz");
    let mut cut = false;
    for b in request.as_bytes() {
        if slow.write_all(&[*b]).await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        if start.elapsed() > Duration::from_secs(6) {
            break;
        }
    }
    let rest = read_all(&mut slow, Duration::from_secs(2)).await;
    assert!(
        cut || !rest.contains("200 OK"),
        "a trickling client was served: {rest}"
    );
    assert!(start.elapsed() < Duration::from_secs(9));

    // An impossible Content-Length is refused before any body is sent.
    let start = Instant::now();
    let answer = raw(
        addr,
        "POST /api/tables HTTP/1.1\r\nHost: ordo.test\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert_eq!(json_body(&answer)["code"], "request/too_large");
    assert!(start.elapsed() < Duration::from_secs(2));

    // Requests hyper refuses before any route (a request line that does not parse, an address
    // too long) get the API's body too.
    for (request, status, code) in [
        (
            "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n".to_string(),
            "400",
            "request/malformed",
        ),
        (
            format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000)),
            "414",
            "request/uri_too_long",
        ),
    ] {
        let answer = raw(addr, &request).await;
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{answer}"
        );
        assert_eq!(json_body(&answer)["code"], code, "{answer}");
    }

    // A body that stops coming ends in an error with the API's body once the body timeout
    // passes.
    let start = Instant::now();
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"POST /api/tables HTTP/1.1\r\nHost: ordo.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"game\"",
    )
    .await
    .unwrap();
    let answer = read_all(&mut s, Duration::from_secs(6)).await;
    assert!(start.elapsed() < Duration::from_secs(5), "{answer}");
    let status: u16 = answer.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    assert!((400..500).contains(&status), "{answer}");
    assert!(json_body(&answer)["code"].is_string(), "{answer}");
}

/// A request as if from `peer`.
async fn from(state: &AppState, peer: &str, req: Request<Body>) -> (StatusCode, Value) {
    let mut req = req;
    req.extensions_mut()
        .insert(ConnectInfo(peer.parse::<SocketAddr>().unwrap()));
    let res = app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn xff(path: &str, forwarded: &str) -> Request<Body> {
    Request::get(path)
        .header("x-forwarded-for", forwarded)
        .body(Body::empty())
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_limit() {
    let policy = Policy {
        trusted_proxies: parse_ranges("10.0.0.0/8").unwrap(),
        ..Policy::default()
    };
    // One request per second, bursts of 2.
    let state = state_with(policy, IpLimiter::new(1.0, 2.0)).await;
    for _ in 0..2 {
        let (s, _) = from(&state, "10.0.0.1:5000", xff("/api/games", "203.0.113.1")).await;
        assert_eq!(s, StatusCode::OK);
    }
    let (s, body) = from(&state, "10.0.0.1:5000", xff("/api/games", "203.0.113.1")).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "request/rate_limited");
    // Another client behind the same proxy is not held back by the first.
    let (s, _) = from(&state, "10.0.0.1:5000", xff("/api/games", "203.0.113.2")).await;
    assert_eq!(s, StatusCode::OK);
    // A peer outside the trusted ranges cannot pick its address with the header.
    for n in 0..3 {
        let (s, _) = from(
            &state,
            "198.51.100.9:5000",
            xff("/api/games", &format!("203.0.113.{}", 10 + n)),
        )
        .await;
        let want = if n < 2 {
            StatusCode::OK
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(s, want);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_on_an_api_path_has_the_json_error_body() {
    let state = state_with(Policy::default(), IpLimiter::new(1.0, 1.0)).await;
    let (id, tokens) = create(
        &state,
        json!([{"kind": "human"}, {"kind": "bot", "bot": "random"}]),
    )
    .await;
    let token = tokens[0].clone().unwrap();
    // The bot's first decision is made (the table at version 1) before the cases below, which
    // expect it; on a busy machine the bot may take a moment.
    for _ in 0..400 {
        let handle = state.table(&id).await.unwrap();
        if handle.lock().await.version() >= 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let big = "x".repeat(ordo_server::http::MAX_BODY + 10);
    let cases: Vec<(StatusCode, Request<Body>)> = vec![
        (
            StatusCode::NOT_FOUND,
            Request::get("/api/no/such/route")
                .body(Body::empty())
                .unwrap(),
        ),
        (
            StatusCode::NOT_FOUND,
            Request::get("/api/tables/nope")
                .body(Body::empty())
                .unwrap(),
        ),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            Request::delete("/api/tables").body(Body::empty()).unwrap(),
        ),
        (
            StatusCode::BAD_REQUEST,
            Request::post("/api/tables")
                .header("content-type", "application/json")
                .body(Body::from("{not json"))
                .unwrap(),
        ),
        (
            StatusCode::BAD_REQUEST,
            Request::get("/api/tables?status=bogus")
                .body(Body::empty())
                .unwrap(),
        ),
        (
            StatusCode::FORBIDDEN,
            Request::get(format!("/api/tables/{id}/state?token=wrong"))
                .body(Body::empty())
                .unwrap(),
        ),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            Request::post("/api/tables")
                .header("content-type", "application/json")
                .body(Body::from(big))
                .unwrap(),
        ),
        (
            StatusCode::CONFLICT,
            Request::post(format!("/api/tables/{id}/actions"))
                .header("content-type", "application/json")
                .body(Body::from(
                    json!({"token": token, "version": 9999,
                           "action": {"type": "pick_order", "order": "templar"}})
                    .to_string(),
                ))
                .unwrap(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Request::post(format!("/api/tables/{id}/actions"))
                .header("content-type", "application/json")
                .body(Body::from(
                    json!({"token": token, "version": 1,
                           "action": {"type": "pick_order", "order": "dragon"}})
                    .to_string(),
                ))
                .unwrap(),
        ),
        (
            StatusCode::BAD_REQUEST,
            Request::get(format!("/api/tables/{id}/ws?token={token}"))
                .body(Body::empty())
                .unwrap(),
        ),
    ];
    for (want, req) in cases {
        let uri = req.uri().clone();
        let res = app(state.clone()).oneshot(req).await.unwrap();
        let status = res.status();
        let ct = res
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string());
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        assert_eq!(status, want, "{uri}: {body}");
        assert_eq!(ct.as_deref(), Some("application/json"), "{uri}");
        assert!(
            body["code"].as_str().is_some_and(|c| c.contains('/')),
            "{uri}: {body}"
        );
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{uri}: {body}"
        );
    }
    // Rate limited (with a known peer): the same shape.
    let _ = from(
        &state,
        "192.0.2.1:1",
        Request::get("/api/games").body(Body::empty()).unwrap(),
    )
    .await;
    let (s, body) = from(
        &state,
        "192.0.2.1:1",
        Request::get("/api/games").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "request/rate_limited");
}

fn lobby_table() -> Value {
    json!({"game": "crusaders", "config": {"players": 2}, "lobby": true,
           "seats": [{"kind": "human"}, {"kind": "human"}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unfinished_tables_are_capped_per_address_and_in_total() {
    let policy = Policy {
        max_open_tables: 3,
        max_open_tables_per_address: 2,
        ..Policy::default()
    };
    let state = state_with(policy, IpLimiter::new(1000.0, 1000.0)).await;
    let post = |peer: &'static str| {
        let state = state.clone();
        async move {
            from(
                &state,
                peer,
                Request::post("/api/tables")
                    .header("content-type", "application/json")
                    .body(Body::from(lobby_table().to_string()))
                    .unwrap(),
            )
            .await
        }
    };
    assert_eq!(post("192.0.2.1:1").await.0, StatusCode::CREATED);
    assert_eq!(post("192.0.2.1:2").await.0, StatusCode::CREATED);
    let (s, body) = post("192.0.2.1:3").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "table/too_many");
    assert!(body["message"].as_str().unwrap().contains("address"));
    assert_eq!(post("192.0.2.2:1").await.0, StatusCode::CREATED);
    let (s, body) = post("192.0.2.3:1").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().contains("server"));
    let metrics = call(&state, "GET", "/metrics", None).await;
    assert_eq!(metrics.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unfinished_tables_are_capped_per_account_from_any_address_and_after_a_restart() {
    use crate::social::{send, sign_up};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("caps.db").display());
    let policy = || Policy {
        max_open_tables_per_account: 2,
        ..Policy::default()
    };
    let open = || async {
        let store = Arc::new(SqliteStore::open(&url).await.unwrap());
        AppState::recover_with_policy(store, IpLimiter::new(1000.0, 1000.0), policy())
            .await
            .unwrap()
    };
    let state = open().await;
    let alice = sign_up(&state, "Alice").await;
    let create_as = |state: AppState, cookie: Option<String>| async move {
        let headers: Vec<(&str, &str)> = cookie
            .as_deref()
            .map(|c| vec![("cookie", c)])
            .unwrap_or_default();
        let (s, b, _) = send(&state, "POST", "/api/tables", Some(lobby_table()), &headers).await;
        (s, b)
    };
    assert_eq!(
        create_as(state.clone(), Some(alice.clone())).await.0,
        StatusCode::CREATED
    );
    assert_eq!(
        create_as(state.clone(), Some(alice.clone())).await.0,
        StatusCode::CREATED
    );
    let (s, body) = create_as(state.clone(), Some(alice.clone())).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "table/too_many");
    assert!(
        body["message"].as_str().unwrap().contains("account"),
        "{body}"
    );
    // A guest at the same address, and another account, are not held by Alice's cap.
    assert_eq!(create_as(state.clone(), None).await.0, StatusCode::CREATED);
    let bob = sign_up(&state, "Bob").await;
    assert_eq!(
        create_as(state.clone(), Some(bob)).await.0,
        StatusCode::CREATED
    );
    // After a restart the stored tables are counted again.
    drop(state);
    let state = open().await;
    let (s, body) = create_as(state.clone(), Some(alice)).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("account"),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_created_at_the_same_moment_pass_no_cap_together() {
    use crate::social::{send, sign_up};
    let policy = Policy {
        max_open_tables_per_account: 3,
        max_open_tables_per_address: 5,
        ..Policy::default()
    };
    let state = state_with(policy, IpLimiter::new(1000.0, 1000.0)).await;
    let alice = sign_up(&state, "Alice").await;
    let burst = |cookie: Option<String>| {
        let state = state.clone();
        (0..10)
            .map(|_| {
                let (state, cookie) = (state.clone(), cookie.clone());
                tokio::spawn(async move {
                    let headers: Vec<(&str, &str)> = cookie
                        .as_deref()
                        .map(|c| vec![("cookie", c)])
                        .unwrap_or_default();
                    send(&state, "POST", "/api/tables", Some(lobby_table()), &headers)
                        .await
                        .0
                })
            })
            .collect::<Vec<_>>()
    };
    let count = |statuses: Vec<StatusCode>| {
        (
            statuses
                .iter()
                .filter(|s| **s == StatusCode::CREATED)
                .count(),
            statuses
                .iter()
                .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
                .count(),
        )
    };
    let mut statuses = Vec::new();
    for h in burst(Some(alice)) {
        statuses.push(h.await.unwrap());
    }
    assert_eq!(count(statuses), (3, 7), "the account's cap of 3");
    // The same address, as a guest: two more reach its cap of 5, and no more.
    let mut statuses = Vec::new();
    for h in burst(None) {
        statuses.push(h.await.unwrap());
    }
    assert_eq!(count(statuses), (2, 8), "the address's cap of 5");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_counts_under_the_offering_accounts_cap_also_after_a_restart() {
    use crate::social::{send, sign_up, wait_until};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("rematch-caps.db").display());
    let open = || async {
        let store = Arc::new(SqliteStore::open(&url).await.unwrap());
        let policy = Policy {
            max_open_tables_per_account: 2,
            ..Policy::default()
        };
        AppState::recover_with_policy(store, IpLimiter::new(1000.0, 1000.0), policy)
            .await
            .unwrap()
    };
    let state = open().await;
    let alice = sign_up(&state, "Alice").await;
    // Alice's POST of `body` to `path`: the status and the answer.
    let post = |state: AppState, path: String, body: Value| {
        let cookie = alice.clone();
        async move {
            let (s, v, _) = send(&state, "POST", &path, Some(body), &[("cookie", &cookie)]).await;
            (s, v)
        }
    };
    // Alice plays a bot; she resigns and the stand-in finishes the game.
    let vs_bot = json!({"game": "crusaders", "config": {"players": 2}, "lobby": true,
                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]});
    let (s, created) = post(state.clone(), "/api/tables".into(), vs_bot).await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let join = json!({"token": created["tokens"][0]});
    let (s, j) = post(state.clone(), format!("/api/tables/{id}/join"), join).await;
    assert_eq!(s, StatusCode::OK, "{j}");
    let (s, _) = post(state.clone(), format!("/api/tables/{id}/resign"), json!({})).await;
    assert_eq!(s, StatusCode::OK);
    wait_until(&state, &id, &alice, |v| v["status"] == "finished").await;
    // One new table (one of two), then the rematch (two of two): a third is refused.
    let (s, body) = post(state.clone(), "/api/tables".into(), lobby_table()).await;
    assert_eq!(s, StatusCode::CREATED, "{body}");
    let waiting = body["id"].as_str().unwrap().to_string();
    let (s, r) = post(
        state.clone(),
        format!("/api/tables/{id}/rematch"),
        json!({}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let (s, body) = post(state.clone(), "/api/tables".into(), lobby_table()).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("account"),
        "{body}"
    );
    // At the cap, a rematch asked at a table not yet over is told that first.
    let (s, body) = post(
        state.clone(),
        format!("/api/tables/{waiting}/rematch"),
        json!({}),
    )
    .await;
    assert_ne!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("once the game is over"),
        "{body}"
    );
    // After a restart the rematch still counts for Alice.
    drop(state);
    let state = open().await;
    let (s, body) = post(state, "/api/tables".into(), lobby_table()).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_tables_leave_memory_and_come_back_intact_and_old_lobbies_close() {
    let policy = Policy {
        idle_evict: Duration::from_millis(50),
        lobby_expiry: Duration::from_secs(3600),
        ..Policy::default()
    };
    let state = state_with(policy, IpLimiter::off()).await;
    // A table waiting on a human.
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
    assert_eq!(state.live_tables().await, 1);
    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_eq!(state.tidy().await, 1);
    assert_eq!(state.live_tables().await, 0);
    // Still counted as unfinished, and loaded again when opened, exactly as it was.
    let after = call(
        &state,
        "GET",
        &format!("/api/tables/{id}/state?token={token}"),
        None,
    )
    .await
    .1;
    // Loaded again, the table has waited on its seats since it was created (its last stored
    // change), not since it came back: an absent player's waiting time is kept.
    let (mut after, mut before) = (after, before);
    let since = |v: &mut Value| v.as_object_mut().and_then(|m| m.remove("waiting_since"));
    let (was, now) = (since(&mut before), since(&mut after));
    let first = |v: &Option<Value>| v.as_ref().and_then(|w| w[0].as_i64()).unwrap();
    assert!(
        first(&now) <= first(&was) && first(&was) - first(&now) < 5_000,
        "{was:?} {now:?}"
    );
    assert_eq!(after, before);
    assert_eq!(state.live_tables().await, 1);
    let (_, metrics) = {
        let res = app(state.clone())
            .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        ((), String::from_utf8(bytes.to_vec()).unwrap())
    };
    assert!(metrics.contains("ordo_tables_evicted_total 1"), "{metrics}");

    // A lobby nobody joined past the expiry: out of memory, out of the list, closed to joins.
    let policy = Policy {
        lobby_expiry: Duration::from_millis(50),
        ..Policy::default()
    };
    let state = state_with(policy, IpLimiter::off()).await;
    let (s, created) = call(
        &state,
        "POST",
        "/api/tables",
        Some(lobby_table().to_string()),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let lobby = created["id"].as_str().unwrap().to_string();
    let listed = call(&state, "GET", "/api/tables?status=open", None).await.1;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_eq!(state.tidy().await, 1);
    let listed = call(&state, "GET", "/api/tables?status=open", None).await.1;
    assert_eq!(listed.as_array().unwrap().len(), 0);
    let (s, body) = call(
        &state,
        "POST",
        &format!("/api/tables/{lobby}/join"),
        Some(json!({}).to_string()),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(body["message"].as_str().unwrap().contains("closed"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_serving_restores_every_table_and_decision() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let state = crate::http::state_at(&url).await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let (id, _) = create(
            &state,
            json!([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]),
        )
        .await;
        ids.push(id);
    }
    // The bots are playing while the copy is taken.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let out = dir.path().join("copy.db");
    let bytes = sqlite_backup(&url, &out).await.unwrap();
    assert!(bytes > 0);
    // A second backup to the same file is refused (never overwritten).
    assert!(sqlite_backup(&url, &out).await.is_err());
    assert!(sqlite_backup("sqlite::memory:", &dir.path().join("m.db"))
        .await
        .is_err());

    let copy = SqliteStore::open(&format!("sqlite:{}", out.display()))
        .await
        .unwrap();
    let live = SqliteStore::open(&url).await.unwrap();
    for id in &ids {
        let restored = copy.load_table(id).await.unwrap().unwrap();
        let now = live.load_table(id).await.unwrap().unwrap();
        // The copy holds a prefix of each record (the bots went on after it), decision by
        // decision the same.
        assert!(restored.actions.len() <= now.actions.len());
        assert!(
            !restored.actions.is_empty(),
            "table {id} copied without decisions"
        );
        for (a, b) in restored.actions.iter().zip(&now.actions) {
            assert_eq!(a.action, b.action);
            assert_eq!(a.version, b.version);
        }
    }
    // The restored database serves: a server over it loads every table.
    drop(copy);
    let restored = crate::http::state_at(&format!("sqlite:{}", out.display())).await;
    for id in &ids {
        let (s, _) = call(&restored, "GET", &format!("/api/tables/{id}"), None).await;
        assert_eq!(s, StatusCode::OK);
    }
}

/// Reads until the server's Close frame; returns its code and reason.
async fn close_of(
    ws: &mut tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
) -> (u16, String) {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Close(Some(f))))) => {
                return (u16::from(f.code), f.reason.to_string())
            }
            Ok(Some(Ok(Message::Close(None)))) => return (1005, String::new()),
            Ok(Some(Ok(_))) => {}
            other => panic!("no close frame: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_abuse_is_closed_with_the_right_code_and_a_reason() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::Message;
    let policy = Policy {
        ws_resyncs_per_minute: 3,
        ..Policy::default()
    };
    let state = state_with(policy, IpLimiter::default()).await;
    let (id, _) = create(&state, json!([{"kind": "human"}, {"kind": "human"}])).await;
    let addr = serve(&state, plain(64, Duration::from_secs(5))).await;
    let url = format!("ws://{addr}/api/tables/{id}/ws");
    let connect = || async {
        let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let first = ws.next().await.unwrap().unwrap();
        assert!(first.to_text().unwrap().contains("\"snapshot\""));
        ws
    };

    // Resyncs: answered from the shared snapshot up to the budget, then closed with 1008.
    let mut ws = connect().await;
    let mut texts = Vec::new();
    for _ in 0..3 {
        ws.send(Message::text(r#"{"type":"resync"}"#))
            .await
            .unwrap();
        // (Presence messages may come between: this connection's own arrival.)
        let text = loop {
            let t = ws.next().await.unwrap().unwrap().into_text().unwrap();
            if !t.contains(r#""type":"presence""#) {
                break t;
            }
        };
        texts.push(text);
    }
    assert!(texts.windows(2).all(|w| w[0] == w[1]));
    ws.send(Message::text(r#"{"type":"resync"}"#))
        .await
        .unwrap();
    let (code, reason) = close_of(&mut ws).await;
    assert_eq!(code, 1008);
    assert!(reason.contains("resync"), "{reason}");

    // A flood of messages on one connection: 1008.
    let mut ws = connect().await;
    for _ in 0..200 {
        if ws
            .send(Message::text(r#"{"type":"nonsense"}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    let (code, reason) = close_of(&mut ws).await;
    assert_eq!(code, 1008);
    assert!(reason.contains("too many messages"), "{reason}");

    // A message over the size limit: 1009.
    let mut ws = connect().await;
    let big = "x".repeat(ordo_server::http::MAX_BODY + 1);
    ws.send(Message::text(big)).await.unwrap();
    assert_eq!(close_of(&mut ws).await.0, 1009);

    // Text that is not UTF-8: 1007.
    let mut ws = connect().await;
    let frame = Frame::message(vec![0xff, 0xfe, 0xfd], OpCode::Data(Data::Text), true);
    ws.send(Message::Frame(frame)).await.unwrap();
    assert_eq!(close_of(&mut ws).await.0, 1007);

    let metrics = {
        let res = app(state.clone())
            .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        String::from_utf8(bytes.to_vec()).unwrap()
    };
    assert!(metrics.contains("ordo_ws_over_budget_total 2"), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_stored_before_nonces_keep_their_seed_commitment() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let state = crate::http::state_at(&url).await;
    let (id, _) = create(
        &state,
        json!([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]),
    )
    .await;
    let mut info = Value::Null;
    for _ in 0..2000 {
        info = call(&state, "GET", &format!("/api/tables/{id}"), None)
            .await
            .1;
        if info["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(info["status"], "finished");
    let seed = info["seed"].as_str().unwrap().to_string();
    let nonce = info["seed_nonce"].as_str().unwrap().to_string();
    assert_eq!(
        ordo_server::table::sha256_hex(format!("{seed}:{nonce}").as_bytes()),
        info["seed_commitment"]
    );
    drop(state);
    // As a table of the earlier scheme was stored: no nonce, the seed alone committed.
    let old = ordo_server::table::sha256_hex(seed.as_bytes());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE tables SET seed_nonce = NULL, seed_commitment = ? WHERE id = ?")
        .bind(&old)
        .bind(&id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let state = crate::http::state_at(&url).await;
    let info = call(&state, "GET", &format!("/api/tables/{id}"), None)
        .await
        .1;
    assert_eq!(info["seed"], seed.as_str());
    assert!(info["seed_nonce"].is_null());
    assert_eq!(info["seed_commitment"], old.as_str());
}
