//! Accounts (optional: guests play without one): sign up, sign in and out (here or
//! everywhere), the signed-in person, e-mail and password changes, deleting an account.
//! Passwords are argon2id hashes; sessions are server-side rows named by the hash of a random
//! id that lives only in an HttpOnly cookie; sign-ins are throttled per name and per address;
//! a wrong name and a wrong password get the same answer in the same time.

mod identity;
mod password;
mod session;
mod throttle;

use crate::protocol::ErrorBody;
use std::net::IpAddr;

use axum::extract::{FromRequestParts, State};
use axum::http::{header, request::Parts, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, post, put};
use axum::{Json, Router};

use crate::edge::ClientAddr;
use crate::error::ApiError;
use crate::http::AppJson;
use crate::protocol::{ChangePassword, DeleteMe, Me, SignIn, SignUp, UpdateMe};
use crate::state::AppState;
use crate::store::accounts::{name_key, AccountRow};
use crate::store::StoreError;
use crate::table::sha256_hex;

pub use identity::{Identity, GUEST_COOKIE};
pub use password::{check_name, check_password, hash as hash_password};
pub(crate) use session::{is_same_origin, same_origin, SignedIn};
pub use session::{Https, COOKIE};
pub use throttle::LoginThrottle;

/// The account routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route(
            "/api/session",
            post(sign_in).delete(sign_out).get(session_of),
        )
        .route("/api/sessions", delete(sign_out_everywhere))
        .route(
            "/api/me",
            axum::routing::get(me).patch(update_me).delete(delete_me),
        )
        .route("/api/me/password", put(change_password))
}

/// Where a request came from: its client address and whether it came over HTTPS.
struct Caller {
    ip: Option<IpAddr>,
    https: bool,
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Caller {
            ip: parts.extensions.get::<ClientAddr>().map(|c| c.0),
            https: parts.extensions.get::<Https>().is_some_and(|h| h.0),
        })
    }
}

fn me_of(a: &AccountRow) -> Me {
    Me {
        name: a.name.clone(),
        email: a.email.clone(),
        created_at: a.created_at,
    }
}

/// A new session for `account`, answered with `status`, the account and the cookie.
async fn signed_in(
    state: &AppState,
    account: &AccountRow,
    https: bool,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let id = session::new_session_id()?;
    state
        .store
        .create_session(&sha256_hex(id.as_bytes()), account.id)
        .await?;
    Ok((
        status,
        [(header::SET_COOKIE, session::set_cookie(Some(&id), https))],
        Json(me_of(account)),
    )
        .into_response())
}

fn signed_out(https: bool) -> Response {
    (
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, session::set_cookie(None, https))],
    )
        .into_response()
}

/// An e-mail address as given: trimmed, `None` when empty.
///
/// # Errors
/// [`ApiError::InvalidEmail`] for text that cannot be an address.
fn email_of(text: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let valid = t.len() <= 254
        && !t.chars().any(|c| c.is_whitespace() || c.is_control())
        && t.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        });
    if valid {
        Ok(Some(t.to_owned()))
    } else {
        Err(ApiError::InvalidEmail)
    }
}

/// Checks a password against an account (or against nothing, in the same time), counting
/// failures for the name's throttle.
async fn check_credentials(
    state: &AppState,
    name: &str,
    password: &str,
    ip: Option<IpAddr>,
) -> Result<AccountRow, ApiError> {
    let key = name_key(name);
    state
        .logins
        .allow(&key, ip)
        .map_err(ApiError::LoginThrottled)?;
    let account = state.store.account_named(name).await?;
    let ok = password::verify(
        password.to_owned(),
        account.as_ref().map(|a| a.password_hash.clone()),
    )
    .await;
    match account {
        Some(a) if ok => {
            state.logins.succeeded(&key);
            if a.disabled {
                return Err(ApiError::AccountDisabled);
            }
            Ok(a)
        }
        _ => {
            state.logins.failed(&key);
            Err(ApiError::WrongCredentials)
        }
    }
}

/// A guest's seats in this browser become the account's (signing in or up as a guest).
async fn adopt_guest(state: &AppState, who: &Identity, account: i64) {
    if let Some(guest) = who.holder.as_deref().filter(|h| h.starts_with("g:")) {
        state.adopt(guest, &Identity::account_holder(account)).await;
    }
}

#[utoipa::path(
    post,
    path = "/api/accounts",
    summary = "Sign up (name, password, optional e-mail); signs in (sets the HttpOnly session cookie)",
    request_body(content = SignUp, content_type = "application/json"),
    responses((status = 201, description = "Signed up and in", body = Me), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody), (status = 409, description = "The name is taken", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn sign_up(
    State(state): State<AppState>,
    from: Caller,
    who: Identity,
    AppJson(req): AppJson<SignUp>,
) -> Result<Response, ApiError> {
    password::check_name(&req.name)?;
    password::check_password(&req.name, &req.password)?;
    let email = email_of(req.email.as_deref())?;
    // Sign-ups share the address's budget of sign-in attempts (a hash costs as much).
    state
        .logins
        .allow("", from.ip)
        .map_err(ApiError::LoginThrottled)?;
    let hash = password::hash(req.password).await?;
    let id = match state
        .store
        .create_account(&req.name, &hash, email.as_deref())
        .await
    {
        Ok(id) => id,
        Err(StoreError::Exists(_)) => return Err(ApiError::NameTaken),
        Err(e) => return Err(e.into()),
    };
    tracing::info!(account = %req.name, "account created");
    adopt_guest(&state, &who, id).await;
    let account = AccountRow {
        id,
        name: req.name,
        password_hash: hash,
        email,
        created_at: crate::store::now_ms(),
        disabled: false,
    };
    signed_in(&state, &account, from.https, StatusCode::CREATED).await
}

#[utoipa::path(
    post,
    path = "/api/session",
    summary = "Sign in; a wrong name and a wrong password get the same answer",
    request_body(content = SignIn, content_type = "application/json"),
    responses((status = 200, description = "Signed in", body = Me), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 401, description = "Wrong name or password", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn sign_in(
    State(state): State<AppState>,
    from: Caller,
    before: Option<SignedIn>,
    who: Identity,
    AppJson(req): AppJson<SignIn>,
) -> Result<Response, ApiError> {
    let account = check_credentials(&state, &req.name, &req.password, from.ip).await?;
    if let Some(before) = before {
        state.store.delete_session(&before.session).await?;
    }
    adopt_guest(&state, &who, account.id).await;
    signed_in(&state, &account, from.https, StatusCode::OK).await
}

#[utoipa::path(
    delete,
    path = "/api/session",
    summary = "Sign out of this session (clears the cookie)",
    responses((status = 204, description = "Signed out"), (status = 403, description = "A cross-site browser request", body = ErrorBody))
)]
async fn sign_out(
    State(state): State<AppState>,
    from: Caller,
    me: Option<SignedIn>,
) -> Result<Response, ApiError> {
    if let Some(me) = me {
        state.store.delete_session(&me.session).await?;
    }
    Ok(signed_out(from.https))
}

#[utoipa::path(
    delete,
    path = "/api/sessions",
    summary = "Sign out everywhere: every session of the account ends",
    responses((status = 204, description = "Signed out everywhere"), (status = 401, description = "Not signed in", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody))
)]
async fn sign_out_everywhere(
    State(state): State<AppState>,
    from: Caller,
    me: SignedIn,
) -> Result<Response, ApiError> {
    state.store.delete_sessions(me.account.id, None).await?;
    Ok(signed_out(from.https))
}

/// Who is signed in, if anyone: `null` for a guest (a page asks this on every load, so a guest
/// is not an error).
#[utoipa::path(
    get,
    path = "/api/session",
    summary = "Who is signed in: the person (as GET /api/me), or null for a guest (never an error, for pages that ask on every load)",
    responses((status = 200, description = "The person, or null", body = Option<Me>))
)]
async fn session_of(me: Option<SignedIn>) -> Json<Option<Me>> {
    Json(me.as_ref().map(|m| me_of(&m.account)))
}

#[utoipa::path(
    get,
    path = "/api/me",
    summary = "The signed-in person (session cookie)",
    responses((status = 200, description = "The person", body = Me), (status = 401, description = "Not signed in", body = ErrorBody))
)]
async fn me(me: SignedIn) -> Json<Me> {
    Json(me_of(&me.account))
}

#[utoipa::path(
    patch,
    path = "/api/me",
    summary = "Set or remove the e-mail address for notifications",
    request_body(content = UpdateMe, content_type = "application/json"),
    responses((status = 200, description = "The person now", body = Me), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 401, description = "Not signed in", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody))
)]
async fn update_me(
    State(state): State<AppState>,
    me: SignedIn,
    AppJson(req): AppJson<UpdateMe>,
) -> Result<Json<Me>, ApiError> {
    let email = email_of(req.email.as_deref())?;
    state
        .store
        .set_email(me.account.id, email.as_deref())
        .await?;
    Ok(Json(Me {
        email,
        ..me_of(&me.account)
    }))
}

#[utoipa::path(
    put,
    path = "/api/me/password",
    summary = "Change the password (with the current one); every other session ends",
    request_body(content = ChangePassword, content_type = "application/json"),
    responses((status = 204, description = "Changed"), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 401, description = "Not signed in", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn change_password(
    State(state): State<AppState>,
    from: Caller,
    me: SignedIn,
    AppJson(req): AppJson<ChangePassword>,
) -> Result<StatusCode, ApiError> {
    check_credentials(&state, &me.account.name, &req.password, from.ip).await?;
    password::check_password(&me.account.name, &req.new_password)?;
    let hash = password::hash(req.new_password).await?;
    state.store.set_password(me.account.id, &hash).await?;
    // Every other device signs in again with the new password.
    state
        .store
        .delete_sessions(me.account.id, Some(&me.session))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    delete,
    path = "/api/me",
    summary = "Delete the account (asks for its password); its sessions end",
    request_body(content = DeleteMe, content_type = "application/json"),
    responses((status = 204, description = "Deleted"), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 401, description = "Not signed in", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn delete_me(
    State(state): State<AppState>,
    from: Caller,
    me: SignedIn,
    AppJson(req): AppJson<DeleteMe>,
) -> Result<Response, ApiError> {
    check_credentials(&state, &me.account.name, &req.password, from.ip).await?;
    state.store.delete_account(me.account.id).await?;
    tracing::info!(account = %me.account.name, "account deleted");
    Ok(signed_out(from.https))
}

/// Accounts and sessions: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    sign_up,
    sign_in,
    sign_out,
    session_of,
    sign_out_everywhere,
    me,
    update_me,
    delete_me,
    change_password
))]
pub(crate) struct Api;
