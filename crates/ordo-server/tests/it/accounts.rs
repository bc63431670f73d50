//! Accounts over HTTP, on both stores: sign-up and its refusals, cookie flags, sign-in answers
//! that do not tell whether a name exists, throttling, the same-origin check, signing out here
//! and everywhere, password changes, deleting an account.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use ordo_server::store::{SqliteStore, Store};
use ordo_server::{app, AppState};
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::store::open_postgres;

/// One request's answer: status, body, the `Set-Cookie` header.
struct Answer {
    status: StatusCode,
    body: Value,
    cookie: Option<String>,
}

impl Answer {
    /// The session cookie it set (`name=value`), if any.
    fn session(&self) -> Option<String> {
        self.cookie
            .as_deref()
            .and_then(|c| c.split(';').next())
            .filter(|kv| kv.len() > "ordo_session=".len())
            .map(str::to_owned)
    }
}

async fn send(
    state: &AppState,
    method: &str,
    uri: &str,
    body: Option<Value>,
    headers: &[(&str, &str)],
) -> Answer {
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
        .insert(ConnectInfo(SocketAddr::from(([10, 1, 2, 3], 5000))));
    let res = app(state.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let cookie = res
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_owned());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        cookie,
    }
}

async fn me(state: &AppState, cookie: &str) -> Answer {
    send(state, "GET", "/api/me", None, &[("cookie", cookie)]).await
}

/// Everything an account goes through, on one store.
async fn accounts_work(store: Arc<dyn Store>) {
    let state = AppState::recover(store).await.unwrap();
    let name = format!("Alice{}", std::process::id());
    let pass = "lances at dawn";

    // Sign up: 201, signed in, an HttpOnly Lax cookie (not Secure over plain HTTP).
    let up = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": pass})),
        &[],
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    assert_eq!(up.body["name"], name.as_str());
    assert!(
        !up.body.to_string().contains("argon2"),
        "no hash is sent: {}",
        up.body
    );
    let set = up.cookie.clone().unwrap();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/"),
        "{set}"
    );
    assert!(!set.contains("Secure"), "{set}");
    let alice = up.session().unwrap();
    assert_eq!(me(&state, &alice).await.body["name"], name.as_str());

    // Refusals, typed, nothing changed.
    let refused = |body: Value| {
        let state = state.clone();
        async move { send(&state, "POST", "/api/accounts", Some(body), &[]).await }
    };
    let taken =
        refused(json!({"name": name.to_uppercase(), "password": "another fine phrase"})).await;
    assert_eq!(
        (taken.status, taken.body["code"].as_str()),
        (StatusCode::CONFLICT, Some("account/name_taken"))
    );
    let weak = refused(json!({"name": "Bobby", "password": "password123"})).await;
    assert_eq!(
        (weak.status, weak.body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("account/weak_password"))
    );
    assert!(weak.body["message"].as_str().unwrap().contains("common"));
    let short = refused(json!({"name": "Bobby", "password": "abc"})).await;
    assert_eq!(short.body["code"], "account/weak_password");
    let bad_name = refused(json!({"name": "<script>", "password": pass})).await;
    assert_eq!(bad_name.body["code"], "account/invalid_name");
    let bad_mail =
        refused(json!({"name": "Bobby", "password": pass, "email": "not an address"})).await;
    assert_eq!(bad_mail.body["code"], "account/invalid_email");
    let extra = refused(json!({"name": "Bobby", "password": pass, "admin": true})).await;
    assert_eq!(extra.body["code"], "request/malformed");
    for a in [&taken, &weak, &short, &bad_name, &bad_mail, &extra] {
        assert!(a.cookie.is_none(), "a refused sign-up sets no cookie");
    }
    let not_json = send(&state, "POST", "/api/accounts", None, &[]).await;
    assert_eq!(not_json.body["code"], "request/malformed");

    // Not signed in: 401 with the API's error body.
    let anon = send(&state, "GET", "/api/me", None, &[]).await;
    assert_eq!(
        (anon.status, anon.body["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("auth/required"))
    );
    let forged = me(&state, &format!("ordo_session={}", "0".repeat(64))).await;
    assert_eq!(forged.status, StatusCode::UNAUTHORIZED);

    // A wrong password and an unknown name get the same answer.
    let wrong = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": "lances at dusk"})),
        &[],
    )
    .await;
    let nobody = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": "Nobody99", "password": "lances at dusk"})),
        &[],
    )
    .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!((wrong.status, &wrong.body), (nobody.status, &nobody.body));
    assert_eq!(wrong.body["code"], "account/wrong_credentials");

    // A second device signs in (any case of the name).
    let other = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name.to_lowercase(), "password": pass})),
        &[],
    )
    .await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.body);
    let other = other.session().unwrap();
    assert_ne!(other, alice);

    // The same-origin check: another site's page cannot sign in or change anything.
    for headers in [
        &[("origin", "https://evil.test")][..],
        &[("sec-fetch-site", "cross-site")][..],
        &[("origin", "null")][..],
    ] {
        let csrf = send(
            &state,
            "POST",
            "/api/session",
            Some(json!({"name": name, "password": pass})),
            headers,
        )
        .await;
        assert_eq!(
            (csrf.status, csrf.body["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("request/cross_site")),
            "{headers:?}"
        );
        assert!(csrf.cookie.is_none());
        let mut with_cookie = headers.to_vec();
        with_cookie.push(("cookie", &alice));
        let csrf = send(&state, "DELETE", "/api/sessions", None, &with_cookie).await;
        assert_eq!(csrf.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(
        me(&state, &other).await.status,
        StatusCode::OK,
        "the refused requests changed nothing"
    );
    let same = send(
        &state,
        "PATCH",
        "/api/me",
        Some(json!({"email": "alice@example.org"})),
        &[
            ("cookie", &alice),
            ("origin", "http://ordo.test"),
            ("sec-fetch-site", "same-origin"),
        ],
    )
    .await;
    assert_eq!(
        (same.status, same.body["email"].as_str()),
        (StatusCode::OK, Some("alice@example.org")),
        "{}",
        same.body
    );

    // Changing the password keeps this session and ends the other one.
    let change = send(
        &state,
        "PUT",
        "/api/me/password",
        Some(json!({"password": pass, "new_password": "banners over the Rhine"})),
        &[("cookie", &alice)],
    )
    .await;
    assert_eq!(change.status, StatusCode::NO_CONTENT, "{}", change.body);
    assert_eq!(me(&state, &alice).await.status, StatusCode::OK);
    assert_eq!(me(&state, &other).await.status, StatusCode::UNAUTHORIZED);
    let old = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": pass})),
        &[],
    )
    .await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);
    let pass = "banners over the Rhine";

    // Signing out here; signing out everywhere.
    let third = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": pass})),
        &[],
    )
    .await
    .session()
    .unwrap();
    let out = send(
        &state,
        "DELETE",
        "/api/session",
        None,
        &[("cookie", &third)],
    )
    .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert!(out.cookie.unwrap().contains("Max-Age=0"));
    assert_eq!(me(&state, &third).await.status, StatusCode::UNAUTHORIZED);
    let fourth = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": pass})),
        &[],
    )
    .await
    .session()
    .unwrap();
    let everywhere = send(
        &state,
        "DELETE",
        "/api/sessions",
        None,
        &[("cookie", &fourth)],
    )
    .await;
    assert_eq!(everywhere.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&state, &alice).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&state, &fourth).await.status, StatusCode::UNAUTHORIZED);

    // Deleting the account asks for the password, then frees the name.
    let again = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": name, "password": pass})),
        &[],
    )
    .await
    .session()
    .unwrap();
    let no = send(
        &state,
        "DELETE",
        "/api/me",
        Some(json!({"password": "not it at all"})),
        &[("cookie", &again)],
    )
    .await;
    assert_eq!(no.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&state, &again).await.status, StatusCode::OK);
    let gone = send(
        &state,
        "DELETE",
        "/api/me",
        Some(json!({"password": pass})),
        &[("cookie", &again)],
    )
    .await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);
    assert_eq!(me(&state, &again).await.status, StatusCode::UNAUTHORIZED);
    let reborn = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": name, "password": pass})),
        &[],
    )
    .await;
    assert_eq!(reborn.status, StatusCode::CREATED);
    state
        .store
        .delete_account(state.store.account_named(&name).await.unwrap().unwrap().id)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_on_sqlite() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open("sqlite::memory:").await.unwrap());
    accounts_work(store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_on_postgres() {
    let schema = format!("ordo_accounts_{}", std::process::id());
    let Some(store) = open_postgres(&schema, "accounts").await else {
        return;
    };
    accounts_work(Arc::new(store.clone())).await;
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(store.pool())
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_are_throttled_per_name_and_the_cookie_is_secure_behind_https() {
    let mut state = AppState::recover(Arc::new(
        SqliteStore::open("sqlite::memory:").await.unwrap(),
    ))
    .await
    .unwrap();
    let up = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": "Baldwin", "password": "lances at dawn"})),
        &[],
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED);
    for _ in 0..5 {
        let wrong = send(
            &state,
            "POST",
            "/api/session",
            Some(json!({"name": "baldwin", "password": "lances at dusk"})),
            &[],
        )
        .await;
        assert_eq!(wrong.body["code"], "account/wrong_credentials");
    }
    // The sixth attempt is refused even with the right password, for this name only.
    let held = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": "Baldwin", "password": "lances at dawn"})),
        &[],
    )
    .await;
    assert_eq!(
        (held.status, held.body["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("account/throttled"))
    );
    assert!(
        held.body["message"].as_str().unwrap().contains("15 minute"),
        "{}",
        held.body
    );
    let nobody = send(
        &state,
        "POST",
        "/api/session",
        Some(json!({"name": "Nobody77", "password": "lances at dusk"})),
        &[],
    )
    .await;
    assert_eq!(nobody.body["code"], "account/wrong_credentials");

    // Through a trusted proxy that says HTTPS, the cookie is Secure.
    let mut policy = (*state.policy).clone();
    policy.trusted_proxies = ordo_server::edge::parse_ranges("10.0.0.0/8").unwrap();
    state.policy = Arc::new(policy);
    let up = send(
        &state,
        "POST",
        "/api/accounts",
        Some(json!({"name": "Melisende", "password": "queen of the realm"})),
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-for", "203.0.113.9"),
        ],
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    assert!(up.cookie.unwrap().ends_with("; Secure"));
}
