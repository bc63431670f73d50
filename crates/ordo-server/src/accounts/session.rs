//! Sessions: a random id in an HttpOnly, SameSite=Lax cookie (Secure on HTTPS), stored by its
//! SHA-256 only; the signed-in account as an extractor; and the same-origin check every
//! state-changing request passes (CSRF).

use axum::extract::{FromRequestParts, Request};
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::accounts::AccountRow;
use crate::table::sha256_hex;

/// The session cookie's name.
pub const COOKIE: &str = "ordo_session";
/// A session unused this long ends (milliseconds): 30 days.
pub(crate) const IDLE_LIMIT_MS: i64 = 30 * 24 * 3600 * 1000;
/// A session's last use is written at most this often (milliseconds): one hour.
const TOUCH_EVERY_MS: i64 = 3600 * 1000;

/// Whether the request reached us over HTTPS (directly, or through a trusted proxy that says
/// so); set by the edge for every request.
#[derive(Clone, Copy, Debug, Default)]
pub struct Https(pub bool);

/// A new session id: 256 random bits, hex.
///
/// # Errors
/// [`ApiError::Internal`] when the system has no randomness to give.
pub(crate) fn new_session_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| ApiError::Internal(format!("no randomness for a session id: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The `Set-Cookie` value that holds `id` (or, with `None`, removes the cookie).
pub(crate) fn set_cookie(id: Option<&str>, https: bool) -> HeaderValue {
    let secure = if https { "; Secure" } else { "" };
    let text = match id {
        Some(id) => format!(
            "{COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
            IDLE_LIMIT_MS / 1000
        ),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The session id the request's cookies carry, if any.
pub(crate) fn cookie_of(headers: &HeaderMap) -> Option<&str> {
    cookie_named(headers, COOKIE)
}

/// The value of cookie `name` when it is a 64-digit hex id (the only kind Ordo sets).
pub(crate) fn cookie_named<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The signed-in account of a request, and the hash of its session.
#[derive(Debug)]
pub(crate) struct SignedIn {
    pub(crate) account: AccountRow,
    pub(crate) session: String,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Option::<SignedIn>::from_request_parts(parts, state)
            .await?
            .ok_or(ApiError::SignInRequired)
    }
}

impl axum::extract::OptionalFromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, ApiError> {
        let Some(id) = cookie_of(&parts.headers) else {
            return Ok(None);
        };
        let hash = sha256_hex(id.as_bytes());
        let now = crate::store::now_ms();
        let Some((account, last_seen)) = state.store.session_account(&hash, false).await? else {
            return Ok(None);
        };
        if now - last_seen > IDLE_LIMIT_MS || account.disabled {
            state.store.delete_session(&hash).await?;
            return Ok(None);
        }
        if now - last_seen > TOUCH_EVERY_MS {
            state.store.session_account(&hash, true).await?;
        }
        Ok(Some(SignedIn {
            account,
            session: hash,
        }))
    }
}

/// Refuses a state-changing request a browser sent from another site: its `Sec-Fetch-Site`
/// says so, or its `Origin` names another host than the one asked. Programs that send neither
/// header are not browsers and cannot be made to send a victim's cookie.
pub(crate) async fn same_origin(req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    if !is_same_origin(req.headers()) {
        return ApiError::CrossSite.into_response();
    }
    next.run(req).await
}

pub(crate) fn is_same_origin(headers: &HeaderMap) -> bool {
    let text = |h: &str| headers.get(h).and_then(|v| v.to_str().ok());
    if let Some(site) = text("sec-fetch-site") {
        if !matches!(site, "same-origin" | "none") {
            return false;
        }
    }
    match text("origin") {
        None => true,
        Some(origin) => {
            let host = text("host").unwrap_or("");
            origin
                .split_once("://")
                .is_some_and(|(_, rest)| !host.is_empty() && rest.eq_ignore_ascii_case(host))
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_the_same_origin_may_change_things() {
        assert!(is_same_origin(&headers(&[])));
        assert!(is_same_origin(&headers(&[
            ("host", "ordo.example"),
            ("origin", "https://ordo.example")
        ])));
        assert!(is_same_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
            ("sec-fetch-site", "same-origin")
        ])));
        assert!(!is_same_origin(&headers(&[
            ("host", "ordo.example"),
            ("origin", "https://evil.example")
        ])));
        assert!(!is_same_origin(&headers(&[
            ("host", "ordo.example"),
            ("origin", "null")
        ])));
        assert!(!is_same_origin(&headers(&[
            ("host", "ordo.example"),
            ("sec-fetch-site", "cross-site")
        ])));
        assert!(!is_same_origin(&headers(&[
            ("host", "ordo.example"),
            ("sec-fetch-site", "same-site")
        ])));
        assert!(!is_same_origin(&headers(&[(
            "origin",
            "https://ordo.example"
        )])));
    }

    #[test]
    fn cookies_are_http_only_lax_and_secure_on_https() {
        let id = new_session_id().unwrap();
        assert_eq!(id.len(), 64);
        let plain = set_cookie(Some(&id), false);
        let plain = plain.to_str().unwrap();
        assert!(
            plain.contains("HttpOnly")
                && plain.contains("SameSite=Lax")
                && !plain.contains("Secure")
        );
        let tls = set_cookie(Some(&id), true);
        assert!(tls.to_str().unwrap().ends_with("; Secure"));
        assert!(set_cookie(None, false)
            .to_str()
            .unwrap()
            .contains("Max-Age=0"));
        let h = headers(&[("cookie", "a=b; ordo_session=00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff; c=d")]);
        assert_eq!(cookie_of(&h).map(str::len), Some(64));
        assert_eq!(
            cookie_of(&headers(&[("cookie", "ordo_session=short")])),
            None
        );
    }
}
