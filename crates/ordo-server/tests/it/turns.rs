//! Turn-based play: your-turn mails on a real local SMTP server (aiosmtpd) and webhook calls to
//! a local HTTP receiver, batched mails, reminders and a timeout on a short turn-based clock
//! (told in mails and on the seat), the stand-in's pace, the abandonment vote, rated tables
//! with Glicko-2 ratings, the leaderboard and profiles, notification settings.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use ordo_server::edge::Policy;
use ordo_server::limit::IpLimiter;
use ordo_server::notify::{NotifyConfig, SmtpUrl};
use ordo_server::store::{SqliteStore, Store};
use ordo_server::AppState;
use serde_json::{json, Value};

use crate::social::send;
use crate::store::open_postgres;

/// A real SMTP server (the Python package aiosmtpd) writing every mail it takes to a Maildir.
struct SmtpServer {
    child: std::process::Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl SmtpServer {
    fn start(name: &str) -> SmtpServer {
        let dir = std::env::temp_dir().join(format!("ordo-mail-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let port = free_port();
        let child = std::process::Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&dir)
            .spawn()
            .expect("python3 with aiosmtpd (pip install aiosmtpd; .ci/run installs it)");
        let server = SmtpServer { child, port, dir };
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the SMTP server (aiosmtpd) did not start: is it installed?"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    /// Every mail taken so far: (recipient, subject, whole text).
    fn mails(&self) -> Vec<(String, String, String)> {
        mails_in(&self.dir.join("new"))
    }

    /// Waits until at least `n` mails to `to` are in, then a little longer (a second one
    /// would show); returns them.
    async fn wait_for(
        &self,
        to: &str,
        n: usize,
        settle: Duration,
    ) -> Vec<(String, String, String)> {
        let start = Instant::now();
        loop {
            let got: Vec<_> = self
                .mails()
                .into_iter()
                .filter(|m| m.0.contains(to))
                .collect();
            if got.len() >= n {
                tokio::time::sleep(settle).await;
                return self
                    .mails()
                    .into_iter()
                    .filter(|m| m.0.contains(to))
                    .collect();
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "{n} mail(s) to {to} expected, {} arrived: {got:?}",
                got.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

fn mails_in(dir: &Path) -> Vec<(String, String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .map(|text| {
            let header = |name: &str| {
                text.lines()
                    .find(|l| l.to_ascii_lowercase().starts_with(&format!("{name}:")))
                    .map(|l| l[name.len() + 1..].trim().to_string())
                    .unwrap_or_default()
            };
            // Headers as they are; the body as a mail reader shows it.
            let (head, body) = text.split_once("\n\n").unwrap_or((&text, ""));
            let body = if header("content-transfer-encoding") == "base64" {
                base64(body)
            } else {
                quoted_printable(body)
            };
            (header("to"), header("subject"), format!("{head}\n\n{body}"))
        })
        .collect()
}

/// The text of a base64 body (lettre sends text that is not ASCII so).
fn base64(body: &str) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in body.bytes() {
        let Some(v) = ABC.iter().position(|&a| a == c) else {
            continue;
        };
        bits = (bits << 6) | u32::try_from(v).unwrap();
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push(u8::try_from((bits >> n) & 0xff).unwrap());
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The text of a quoted-printable body as a mail reader shows it.
fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let b = joined.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A local HTTP receiver of webhook calls: every body it got, by path. `/flaky` answers 503
/// to its first two calls.
#[derive(Clone, Default)]
struct Receiver {
    got: Arc<Mutex<Vec<(String, Value)>>>,
}

impl Receiver {
    async fn start() -> (Receiver, SocketAddr) {
        let r = Receiver::default();
        let kept = r.clone();
        let app = axum::Router::new().fallback(
            move |uri: axum::http::Uri, axum::Json(body): axum::Json<Value>| {
                let kept = kept.clone();
                async move {
                    let path = uri.path().to_string();
                    let mut got = kept.got.lock().unwrap();
                    got.push((path.clone(), body));
                    let tries = got.iter().filter(|(p, _)| *p == path).count();
                    if path == "/flaky" && tries <= 2 {
                        StatusCode::SERVICE_UNAVAILABLE
                    } else {
                        StatusCode::NO_CONTENT
                    }
                }
            },
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        (r, addr)
    }

    fn calls(&self, path: &str) -> Vec<Value> {
        self.got
            .lock()
            .unwrap()
            .iter()
            .filter(|(p, _)| p == path)
            .map(|(_, b)| b.clone())
            .collect()
    }
}

async fn server(store: Arc<dyn Store>, smtp: Option<&SmtpServer>, batch: Duration) -> AppState {
    let policy = Policy {
        abandon_after: Duration::from_millis(600),
        notify: NotifyConfig {
            smtp: smtp.map(|s| SmtpUrl::parse(&format!("smtp://127.0.0.1:{}", s.port)).unwrap()),
            mail_from: "Ordo <ordo@ordo.test>".into(),
            public_url: "http://ordo.test".into(),
            mail_batch: batch,
            webhook_backoff: vec![Duration::from_millis(100), Duration::from_millis(200)],
            allow_private_webhooks: true,
        },
        ..Policy::default()
    };
    AppState::recover_with_policy(store, IpLimiter::off(), policy)
        .await
        .unwrap()
}

/// Signs up `name` (with an e-mail address): its session cookie.
async fn account(state: &AppState, name: &str) -> String {
    let (status, body, cookie) = send(
        state,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": "lances at dawn", "email": format!("{name}@mail.test")})),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    cookie.unwrap()
}

async fn notify_settings(state: &AppState, cookie: &str, body: Value) -> (StatusCode, Value) {
    let (s, v, _) = send(
        state,
        "PUT",
        "/api/me/notifications",
        Some(body),
        &[("cookie", cookie)],
    )
    .await;
    (s, v)
}

/// A table of `players` human seats (`extra` merged into the request), joined by `cookies` in
/// seat order: its id.
async fn table_for(state: &AppState, cookies: &[&str], extra: Value) -> String {
    let mut req = json!({"game": "crusaders", "config": {"players": cookies.len()}, "lobby": true,
        "seats": vec![json!({"kind": "human"}); cookies.len()]});
    if let (Some(r), Some(e)) = (req.as_object_mut(), extra.as_object()) {
        r.extend(e.clone());
    }
    let (status, created, _) = send(
        state,
        "POST",
        "/api/tables",
        Some(req),
        &[("cookie", cookies[0])],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    for (i, c) in cookies.iter().enumerate() {
        let (status, joined, _) = send(
            state,
            "POST",
            &format!("/api/tables/{id}/join"),
            Some(json!({"token": created["tokens"][i]})),
            &[("cookie", c)],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
    }
    id
}

async fn snapshot(state: &AppState, id: &str, cookie: &str) -> Value {
    let (status, snap, _) = send(
        state,
        "GET",
        &format!("/api/tables/{id}/state"),
        None,
        &[("cookie", cookie)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{snap}");
    snap
}

/// The seat of `cookie` decides (its first legal decision) while it is to act and `until`
/// says go on; returns the last snapshot.
async fn play_while(
    state: &AppState,
    id: &str,
    cookie: &str,
    until: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..500 {
        let snap = snapshot(state, id, cookie).await;
        let me = snap["you"].clone();
        let to_act = snap["to_act"].as_array().cloned().unwrap_or_default();
        if !until(&snap) || !to_act.contains(&me) || snap["status"] != "active" {
            return snap;
        }
        let (status, body, _) = send(
            state,
            "POST",
            &format!("/api/tables/{id}/actions"),
            Some(json!({"version": snap["version"], "action": snap["legal"][0]["action"]})),
            &[("cookie", cookie)],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    panic!("too many decisions");
}

fn now_ms() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}

fn acts(snap: &Value, seat: u64) -> bool {
    snap["to_act"]
        .as_array()
        .is_some_and(|a| a.contains(&json!(seat)))
}

/// Plays Alice's decisions until it is Bob's turn (seat 1).
async fn to_bobs_turn(state: &AppState, id: &str, alice: &str) {
    let snap = play_while(state, id, alice, |s| !acts(s, 1)).await;
    assert!(
        acts(&snap, 1),
        "it should be Bob's turn: {}",
        snap["to_act"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_is_told_by_one_mail_and_one_webhook_call_and_several_tables_share_a_mail() {
    let smtp = SmtpServer::start("turns");
    let (hooks, hook_addr) = Receiver::start().await;
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = server(store, Some(&smtp), Duration::from_millis(1500)).await;
    let alice = account(&state, "alice").await;
    let bob = account(&state, "bob").await;
    let (s, set) = notify_settings(
        &state,
        &bob,
        json!({"sound": true, "browser": false, "email": true,
               "webhook": format!("http://{hook_addr}/bob"), "vacation_until": null}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{set}");
    assert_eq!(set["email_address"], "bob@mail.test");

    // One table: Alice's decisions hand the turn to Bob → exactly one mail and one call.
    let first = table_for(&state, &[&alice, &bob], json!({})).await;
    to_bobs_turn(&state, &first, &alice).await;
    let mails = smtp
        .wait_for("bob@mail.test", 1, Duration::from_millis(2500))
        .await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].1, "Your turn in Crusaders: Thy Will Be Done");
    assert!(
        mails[0].2.contains(&format!("http://ordo.test/t/{first}")),
        "{}",
        mails[0].2
    );
    assert!(mails[0]
        .2
        .to_ascii_lowercase()
        .contains("list-unsubscribe: <http://ordo.test/api/unsubscribe?key="));
    assert!(
        mails[0].2.contains("with alice"),
        "the mail names the other players"
    );
    let calls = hooks.calls("/bob");
    assert_eq!(calls.len(), 1, "{calls:?}");
    assert!(calls[0]["content"]
        .as_str()
        .unwrap()
        .contains("It is your turn in Crusaders"));
    assert_eq!(
        calls[0]["content"], calls[0]["text"],
        "Discord reads content, Slack text"
    );
    // Alice switched nothing on: no mail for her.
    assert!(smtp.mails().iter().all(|m| !m.0.contains("alice@")));

    // Two more tables become Bob's turn within the batch time: one mail naming both.
    let second = table_for(&state, &[&alice, &bob], json!({})).await;
    let third = table_for(&state, &[&alice, &bob], json!({})).await;
    to_bobs_turn(&state, &second, &alice).await;
    to_bobs_turn(&state, &third, &alice).await;
    let mails = smtp
        .wait_for("bob@mail.test", 2, Duration::from_millis(2500))
        .await;
    assert_eq!(mails.len(), 2, "one more mail for both tables: {mails:?}");
    let batch = &mails[1];
    assert_eq!(batch.1, "Your turn at 2 tables");
    assert!(batch.2.contains(&format!("/t/{second}")) && batch.2.contains(&format!("/t/{third}")));
    assert_eq!(hooks.calls("/bob").len(), 3, "one webhook call per turn");

    // The webhook is retried with backoff: the flaky receiver takes the third try.
    let (s, _) = notify_settings(
        &state,
        &bob,
        json!({"sound": true, "browser": false, "email": false,
               "webhook": format!("http://{hook_addr}/flaky"), "vacation_until": null}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let fourth = table_for(&state, &[&alice, &bob], json!({})).await;
    to_bobs_turn(&state, &fourth, &alice).await;
    let start = Instant::now();
    while hooks.calls("/flaky").len() < 3 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the webhook was not retried"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        hooks.calls("/flaky").len(),
        3,
        "delivered on the third try, then no more"
    );
    // E-mail off: no mail for the fourth table.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        smtp.mails().iter().filter(|m| m.0.contains("bob@")).count(),
        2
    );

    // The settings page's test button calls the webhook once.
    let (s, test, _) = send(
        &state,
        "POST",
        "/api/me/notifications/webhook",
        None,
        &[("cookie", &bob)],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(test["ok"], true, "{test}");
    assert_eq!(test["status"], 204);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_turn_based_clock_reminds_then_times_out_and_says_so() {
    let smtp = SmtpServer::start("clock");
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = server(store, Some(&smtp), Duration::from_millis(200)).await;
    let alice = account(&state, "ann").await;
    let bob = account(&state, "ben").await;
    let (s, _) = notify_settings(
        &state,
        &bob,
        json!({"sound": true, "browser": true, "email": true, "webhook": null,
               "vacation_until": null, "lang": "ru"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // Four seconds per move, a day clock in small.
    let id = table_for(
        &state,
        &[&alice, &bob],
        json!({"pace": "turn_based", "clock": {"initial_ms": 4000, "increment_ms": 4000, "max_ms": 4000}}),
    )
    .await;
    to_bobs_turn(&state, &id, &alice).await;
    let turn_began = Instant::now();
    // Your turn, half the time, 90 % of it, and the timeout: four mails, in Ben's language.
    let mails = smtp
        .wait_for("ben@mail.test", 4, Duration::from_millis(300))
        .await;
    assert_eq!(mails.len(), 4, "{mails:?}");
    let with = |text: &str| mails.iter().filter(|m| m.2.contains(text)).count();
    assert_eq!(
        with("Ваш ход в игре «Крестоносцы: Да будет воля Твоя» (с ann)"),
        1,
        "{mails:?}"
    );
    assert_eq!(with("Прошло 50 % времени на этот ход"), 1, "{mails:?}");
    assert_eq!(with("Прошло 90 % времени на этот ход"), 1, "{mails:?}");
    assert_eq!(with("Ваше время истекло на ходу"), 1, "{mails:?}");
    assert_eq!(
        with("Чтобы их отключить: http://ordo.test/api/unsubscribe?key="),
        4
    );
    assert!(turn_began.elapsed() >= Duration::from_millis(3500));
    // The seat tells when the time ran out; the stand-in plays at a turn-based pace (a
    // quarter of the time per move: one second here), not at once.
    let snap = snapshot(&state, &id, &alice).await;
    let seat = &snap["seats"][1];
    assert_eq!(seat["away"], true);
    let at = seat["timed_out_at"]
        .as_u64()
        .expect("the timeout is told on the seat");
    let version = snap["version"].as_u64().unwrap();
    let start = Instant::now();
    loop {
        let now = snapshot(&state, &id, &alice).await;
        if now["version"].as_u64().unwrap() > version || !acts(&now, 1) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the stand-in never played"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        turn_began.elapsed() >= Duration::from_millis(4800),
        "the stand-in waited a person's pace (a second here) after the timeout before deciding \
         ({:?} after the turn began)",
        turn_began.elapsed()
    );
    // The move told is the stand-in's first, numbered as the log numbers it.
    assert_eq!(
        with(&format!("истекло на ходу {} ", at + 1)),
        1,
        "{mails:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_others_vote_an_absent_player_to_the_stand_in() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = server(store, None, Duration::from_secs(1)).await;
    let cookies = [
        account(&state, "player1").await,
        account(&state, "player2").await,
        account(&state, "player3").await,
    ];
    let refs: Vec<&str> = cookies.iter().map(String::as_str).collect();
    let id = table_for(&state, &refs, json!({})).await;
    let snap = snapshot(&state, &id, refs[0]).await;
    assert_eq!(snap["abandon_after_ms"], 600);
    let absent = snap["to_act"][0].as_u64().unwrap();
    assert!(snap["waiting_since"][absent as usize].as_i64().is_some());
    let voters: Vec<&str> = (0..3)
        .filter(|&i| i != absent)
        .map(|i| refs[i as usize])
        .collect();
    let vote = |cookie: &str| {
        let state = state.clone();
        let id = id.clone();
        let cookie = cookie.to_string();
        async move {
            send(
                &state,
                "POST",
                &format!("/api/tables/{id}/abandon"),
                Some(json!({"seat": absent})),
                &[("cookie", &cookie)],
            )
            .await
        }
    };
    // Too early, on one's own seat, and at a table with a clock: refused.
    let (s, body, _) = vote(voters[0]).await;
    assert_eq!(
        (s, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/abandon")),
        "{body}"
    );
    let (s, _, _) = send(
        &state,
        "POST",
        &format!("/api/tables/{id}/abandon"),
        Some(json!({"seat": absent})),
        &[("cookie", refs[absent as usize])],
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    tokio::time::sleep(Duration::from_millis(700)).await;
    let (s, first, _) = vote(voters[0]).await;
    assert_eq!(s, StatusCode::OK, "{first}");
    assert_eq!(first, json!({"handed": false, "votes": 1, "needed": 2}));
    let snap = snapshot(&state, &id, refs[0]).await;
    assert_eq!(
        snap["seats"][absent as usize]["abandon_votes"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let (s, second, _) = vote(voters[1]).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(second["handed"], true, "{second}");
    let snap = snapshot(&state, &id, refs[0]).await;
    assert_eq!(snap["seats"][absent as usize]["away"], true);
    // The stand-in plays (a real-time table: at once) and the player can come back.
    let start = Instant::now();
    while acts(&snapshot(&state, &id, refs[0]).await, absent) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the stand-in did not play"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (s, _, _) = send(
        &state,
        "POST",
        &format!("/api/tables/{id}/reclaim"),
        Some(json!({})),
        &[("cookie", refs[absent as usize])],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // A table with a clock has no vote.
    let clocked = table_for(&state, &refs[..2], json!({"clock": {"initial_ms": 600000}})).await;
    let snap = snapshot(&state, &clocked, refs[0]).await;
    assert_eq!(snap["abandon_after_ms"], Value::Null);
}

async fn rated_tables_rate(store: Arc<dyn Store>, tag: &str) {
    let state = server(store, None, Duration::from_secs(1)).await;
    let alice = account(&state, &format!("Alice{tag}")).await;
    let bob = account(&state, &format!("Bob{tag}")).await;
    let clock = json!({"initial_ms": 3_600_000, "increment_ms": 0});
    let two = json!({"game": "crusaders", "config": {"players": 2}, "lobby": true, "rated": true,
        "seats": [{"kind": "human"}, {"kind": "human"}], "clock": clock});
    // Rated needs a clock, a waiting room and a signed-in creator; a guest cannot sit.
    let mut no_clock = two.clone();
    no_clock["clock"] = Value::Null;
    let (s, body, _) = send(
        &state,
        "POST",
        "/api/tables",
        Some(no_clock),
        &[("cookie", &alice)],
    )
    .await;
    assert_eq!(
        (s, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/rated")),
        "{body}"
    );
    let (s, _, _) = send(&state, "POST", "/api/tables", Some(two.clone()), &[]).await;
    assert_eq!(
        s,
        StatusCode::CONFLICT,
        "a guest cannot create a rated table"
    );
    let (s, created, _) = send(
        &state,
        "POST",
        "/api/tables",
        Some(two.clone()),
        &[("cookie", &alice)],
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let (s, body, _) = send(
        &state,
        "POST",
        &format!("/api/tables/{id}/join"),
        Some(json!({"token": created["tokens"][1]})),
        &[],
    )
    .await;
    assert_eq!(
        (s, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("table/rated")),
        "{body}"
    );
    for (i, c) in [&alice, &bob].iter().enumerate() {
        let (s, body, _) = send(
            &state,
            "POST",
            &format!("/api/tables/{id}/join"),
            Some(json!({"token": created["tokens"][i]})),
            &[("cookie", c)],
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{body}");
    }
    let (_, list, _) = send(&state, "GET", "/api/tables", None, &[]).await;
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["id"] == id && t["rated"] == true));
    // Bob resigns (last place on a rated table); Alice leaves her seat to the stand-in, which
    // plays it to the end for her.
    let (s, _, _) = send(
        &state,
        "POST",
        &format!("/api/tables/{id}/resign"),
        Some(json!({})),
        &[("cookie", &bob)],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, _) = send(
        &state,
        "POST",
        &format!("/api/tables/{id}/leave"),
        Some(json!({})),
        &[("cookie", &alice)],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let start = Instant::now();
    let snap = loop {
        let snap = snapshot(&state, id, &alice).await;
        if snap["status"] == "finished" && !snap["seats"][0]["rating"].is_null() {
            break snap;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the stand-ins did not finish"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let (a, b) = (&snap["seats"][0]["rating"], &snap["seats"][1]["rating"]);
    assert_eq!(
        (a["before"].as_f64(), b["before"].as_f64()),
        (Some(1500.0), Some(1500.0))
    );
    let (ua, ub) = (
        a["after"].as_f64().unwrap() - 1500.0,
        b["after"].as_f64().unwrap() - 1500.0,
    );
    assert!(
        ua > 100.0 && (ua + ub).abs() < 0.2,
        "winner up, loser down alike: {a} {b}"
    );
    assert!(a["deviation"].as_f64().unwrap() < 350.0);

    // The leaderboard orders by rating; the profile tells games, Orders and history.
    let (s, board, _) = send(
        &state,
        "GET",
        "/api/leaderboard/crusaders?players=2",
        None,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let rows = board["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    let (ia, ib) = (
        names
            .iter()
            .position(|n| *n == format!("Alice{tag}"))
            .unwrap(),
        names
            .iter()
            .position(|n| *n == format!("Bob{tag}"))
            .unwrap(),
    );
    assert!(ia < ib, "{names:?}");
    assert!(rows
        .windows(2)
        .all(|w| w[0]["rating"].as_f64() >= w[1]["rating"].as_f64()));
    assert_eq!(rows[ia]["games"], 1);
    let (s, _, _) = send(
        &state,
        "GET",
        "/api/leaderboard/crusaders?players=7",
        None,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, profile, _) = send(
        &state,
        "GET",
        &format!("/api/players/alice{tag}"),
        None,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{profile}");
    assert_eq!(profile["name"], format!("Alice{tag}"));
    assert_eq!(profile["games"], 1);
    // The Order Alice's seat played (picked in the game), named by its id.
    let role = &profile["roles"][0];
    assert_eq!(
        (
            role["game"].as_str(),
            role["played"].as_u64(),
            role["won"].as_u64()
        ),
        (Some("crusaders"), Some(1), Some(1))
    );
    let order = role["role"].as_str().unwrap();
    assert!(
        order.len() > 2 && order.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "{order}"
    );
    assert_eq!(profile["roles"].as_array().unwrap().len(), 1);
    assert_eq!(profile["history"].as_array().unwrap().len(), 1);
    assert_eq!(profile["ratings"][0]["group"], "2");
    let (s, _, _) = send(&state, "GET", "/api/players/nobody-here", None, &[]).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_tables_rate_on_sqlite() {
    rated_tables_rate(
        Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap()),
        "",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_tables_rate_on_postgres() {
    let schema = format!("ordo_rated_{}", std::process::id());
    let Some(store) = open_postgres(&schema, "ratings").await else {
        return;
    };
    rated_tables_rate(Arc::new(store.clone()), "P").await;
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(store.pool())
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notification_settings_are_checked_and_mails_can_be_stopped() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    let state = server(store, None, Duration::from_secs(1)).await;
    let (s, _, _) = send(&state, "GET", "/api/me/notifications", None, &[]).await;
    assert_eq!(
        s,
        StatusCode::UNAUTHORIZED,
        "guests keep their settings in the browser"
    );
    let carol = account(&state, "carol").await;
    let (s, defaults, _) = send(
        &state,
        "GET",
        "/api/me/notifications",
        None,
        &[("cookie", &carol)],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        defaults,
        json!({"sound": true, "browser": false, "email": false, "webhook": null,
               "vacation_until": null, "email_address": "carol@mail.test", "lang": "en"})
    );
    let base = json!({"sound": false, "browser": true, "email": true, "webhook": null, "vacation_until": null});
    for (field, value, code) in [
        ("webhook", json!("ftp://example.com/x"), "notify/webhook"),
        ("webhook", json!("not an address"), "notify/webhook"),
        ("lang", json!("de"), "notify/lang"),
        (
            "vacation_until",
            json!(now_ms() + 31 * 86_400_000),
            "notify/vacation",
        ),
    ] {
        let mut b = base.clone();
        b[field] = value;
        let (s, body) = notify_settings(&state, &carol, b).await;
        assert_eq!(
            (s, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{body}"
        );
    }
    let until = now_ms() + 7 * 86_400_000;
    let mut b = base.clone();
    b["vacation_until"] = json!(until);
    let (s, saved) = notify_settings(&state, &carol, b).await;
    assert_eq!(s, StatusCode::OK, "{saved}");
    assert_eq!(saved["vacation_until"], until);
    let carol_id = state
        .store
        .account_named("carol")
        .await
        .unwrap()
        .unwrap()
        .id;
    assert!(
        state.notifier.on_vacation(carol_id),
        "the clocks of her turn-based tables are held"
    );
    // An account without an e-mail address cannot switch mails on.
    let (s, _, dave) = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": "dave", "password": "lances at dawn"})),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, body) = notify_settings(&state, &dave.unwrap(), base.clone()).await;
    assert_eq!(
        (s, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("notify/email"))
    );
    // The unsubscribe link shows a page (a link a scanner follows changes nothing); its
    // button switches mails off.
    let account = state.store.account_named("carol").await.unwrap().unwrap();
    let key = state
        .store
        .notify_prefs(account.id)
        .await
        .unwrap()
        .unwrap()
        .mail_key;
    let (s, _, _) = send(
        &state,
        "GET",
        &format!("/api/unsubscribe?key={key}"),
        None,
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        state
            .store
            .notify_prefs(account.id)
            .await
            .unwrap()
            .unwrap()
            .email
    );
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/api/unsubscribe")
        .header("host", "ordo.test")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(axum::body::Body::from(format!("key={key}")))
        .unwrap();
    let mut req = req;
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(SocketAddr::from((
            [10, 0, 0, 1],
            1,
        ))));
    let res = tower::ServiceExt::oneshot(ordo_server::app(state.clone()), req)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        !state
            .store
            .notify_prefs(account.id)
            .await
            .unwrap()
            .unwrap()
            .email
    );
}
