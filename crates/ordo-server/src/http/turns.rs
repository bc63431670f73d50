//! Turn-based play over HTTP: a person's notification settings and the webhook test, the
//! unsubscribe link of the mails, the abandonment vote, leaderboards and players' profiles.

use crate::protocol::ErrorBody;
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde::Deserialize;

use crate::accounts::SignedIn;
use crate::error::ApiError;
use crate::protocol::{
    AbandonAnswer, AbandonVote, Leaderboard, NotifySettings, Profile, SetNotify, WebhookTest,
};
use crate::state::AppState;
use crate::store::turns::NotifyPrefs;

use super::{AppJson, Q};

/// The longest vacation: 30 days.
const MAX_VACATION_MS: i64 = 30 * 86_400_000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/me/notifications", get(settings).put(set_settings))
        .route("/api/me/notifications/webhook", post(webhook_test))
        .route("/api/unsubscribe", get(unsubscribe_page).post(unsubscribe))
        .route("/api/tables/{id}/abandon", post(abandon))
        .route("/api/leaderboard/{game}", get(leaderboard))
        .route("/api/players/{name}", get(profile))
}

/// An account's settings, made (with a fresh unsubscribe key) when first asked for.
pub(crate) async fn prefs_of(state: &AppState, account: i64) -> Result<NotifyPrefs, ApiError> {
    match state.store.notify_prefs(account).await? {
        Some(p) => Ok(p),
        None => Ok(NotifyPrefs::defaults(crate::tokens::random_hex(16)?)),
    }
}

fn settings_of(p: &NotifyPrefs, email: Option<String>) -> NotifySettings {
    NotifySettings {
        sound: p.sound,
        browser: p.browser,
        email: p.email,
        webhook: p.webhook.clone(),
        vacation_until: p.vacation_until,
        email_address: email,
        lang: p.lang.clone(),
    }
}

#[utoipa::path(
    get,
    path = "/api/me/notifications",
    summary = "The signed-in person's notification settings (sound, browser, e-mail, webhook, vacation)",
    responses((status = 200, description = "The settings", body = NotifySettings), (status = 401, description = "Not signed in", body = ErrorBody))
)]
async fn settings(
    State(state): State<AppState>,
    me: SignedIn,
) -> Result<Json<NotifySettings>, ApiError> {
    let p = prefs_of(&state, me.account.id).await?;
    Ok(Json(settings_of(&p, me.account.email.clone())))
}

#[utoipa::path(
    put,
    path = "/api/me/notifications",
    summary = "Change the notification settings",
    request_body(content = SetNotify, content_type = "application/json"),
    responses((status = 200, description = "The settings now", body = NotifySettings), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 401, description = "Not signed in", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody))
)]
async fn set_settings(
    State(state): State<AppState>,
    me: SignedIn,
    AppJson(req): AppJson<SetNotify>,
) -> Result<Json<NotifySettings>, ApiError> {
    let allow_private = state.notifier.config.allow_private_webhooks;
    let webhook = match req.webhook.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(url) => Some(
            crate::notify::check_webhook(url, allow_private)
                .map_err(|message| ApiError::Notify {
                    field: "webhook",
                    message,
                })?
                .to_string(),
        ),
    };
    let now = crate::store::now_ms();
    let vacation_until = match req.vacation_until {
        Some(u) if u <= now => None,
        Some(u) if u > now + MAX_VACATION_MS => {
            return Err(ApiError::Notify {
                field: "vacation",
                message: "a vacation lasts at most 30 days".into(),
            })
        }
        other => other,
    };
    if req.email && me.account.email.is_none() {
        return Err(ApiError::Notify {
            field: "email",
            message: "give an e-mail address on the account page first".into(),
        });
    }
    let mut p = prefs_of(&state, me.account.id).await?;
    p.sound = req.sound;
    p.browser = req.browser;
    p.email = req.email;
    p.webhook = webhook;
    p.vacation_until = vacation_until;
    if let Some(lang) = req.lang.as_deref() {
        if !crate::notify::LANGS.contains(&lang) {
            return Err(ApiError::Notify {
                field: "lang",
                message: "mails are written in en, vi, ja or ru".into(),
            });
        }
        p.lang = lang.to_string();
    }
    state.store.set_notify_prefs(me.account.id, &p).await?;
    state.notifier.set_vacation(me.account.id, vacation_until);
    Ok(Json(settings_of(&p, me.account.email.clone())))
}

#[utoipa::path(
    post,
    path = "/api/me/notifications/webhook",
    summary = "Send a test message to the saved webhook",
    responses((status = 200, description = "What the webhook answered", body = WebhookTest), (status = 401, description = "Not signed in", body = ErrorBody), (status = 403, description = "A cross-site browser request", body = ErrorBody), (status = 429, description = "Too many requests from this address", body = ErrorBody))
)]
async fn webhook_test(
    State(state): State<AppState>,
    me: SignedIn,
) -> Result<Json<WebhookTest>, ApiError> {
    let p = prefs_of(&state, me.account.id).await?;
    let Some(url) = p.webhook.clone() else {
        return Ok(Json(WebhookTest {
            ok: false,
            status: None,
            message: "no webhook is saved".into(),
        }));
    };
    Ok(Json(
        crate::notify::test_webhook(&state.notifier, &url, &p.lang).await,
    ))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct KeyQuery {
    /// The unsubscribe key from the mail.
    key: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
struct KeyForm {
    /// The unsubscribe key from the mail.
    key: String,
}

fn html_escape(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .take(64)
        .collect()
}

/// The mails' unsubscribe link opens a page with one button (a link followed by a mail
/// scanner changes nothing); the button posts the key.
#[utoipa::path(
    get,
    path = "/api/unsubscribe",
    summary = "The page an e-mail's unsubscribe link opens (changes nothing; its button posts the key)",
    params(KeyQuery),
    responses((status = 200, description = "An HTML page", body = String, content_type = "text/html"))
)]
async fn unsubscribe_page(Q(q): Q<KeyQuery>) -> Response {
    let key = html_escape(q.key.as_deref().unwrap_or_default());
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\"><title>Ordo: e-mails</title>\
         </head><body><h1>Stop Ordo's e-mails</h1>\
         <form method=\"post\" action=\"/api/unsubscribe\">\
         <input type=\"hidden\" name=\"key\" value=\"{key}\">\
         <button type=\"submit\">Stop the e-mails</button></form>\
         <p>You can switch them on again on your account page.</p></body></html>"
    ))
    .into_response()
}

#[utoipa::path(
    post,
    path = "/api/unsubscribe",
    summary = "Switch e-mail notifications off (the key from a mail)",
    request_body(content = KeyForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "An HTML page saying what was done", body = String, content_type = "text/html"))
)]
async fn unsubscribe(State(state): State<AppState>, Form(f): Form<KeyForm>) -> Response {
    let done = state.store.unsubscribe(&f.key).await.unwrap_or(false);
    let text = if done {
        "Done: Ordo sends you no more e-mails. You can switch them on again on your account page."
    } else {
        "This link is not valid (any more). Your account page has the e-mail setting."
    };
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Ordo: e-mails</title></head><body><p>{text}</p></body></html>"
    ))
    .into_response()
}

#[utoipa::path(
    post,
    path = "/api/tables/{id}/abandon",
    summary = "Vote to hand an absent player's seat to the stand-in (tables without a clock, after the table's waiting time; all other present players must vote)",
    params(("id" = String, Path, description = "Table id")),
    request_body(content = AbandonVote, content_type = "application/json"),
    responses((status = 200, description = "The votes so far and whether the seat was handed over", body = AbandonAnswer), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 403, description = "No seat here for these credentials, or a cross-site browser request", body = ErrorBody), (status = 404, description = "No such table", body = ErrorBody), (status = 409, description = "Not possible in the table's present state", body = ErrorBody))
)]
async fn abandon(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<AbandonVote>,
) -> Result<Json<AbandonAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    Ok(Json(state.vote_abandon(&id, key, req.seat).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct BoardQuery {
    /// The player-count group (`2`, `3-4`, `5-6`, as the game names them).
    players: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/leaderboard/{game}",
    summary = "The best-rated accounts of a game in a player-count group, highest first",
    params(("game" = String, Path, description = "Game id"), BoardQuery),
    responses((status = 200, description = "The leaderboard", body = Leaderboard), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 404, description = "No such game", body = ErrorBody))
)]
async fn leaderboard(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Q(q): Q<BoardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let group = q.players.as_deref().unwrap_or("2");
    Ok(Json(state.leaderboard(&game, group).await?))
}

#[utoipa::path(
    get,
    path = "/api/players/{name}",
    summary = "A player's profile: games, ratings, results per Order or Baron, rating history",
    params(("name" = String, Path, description = "Account name")),
    responses((status = 200, description = "The profile", body = Profile), (status = 404, description = "No such player", body = ErrorBody))
)]
async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    Ok(Json(state.profile(&name).await?))
}

/// Turn-based play, notifications and ratings: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    settings,
    set_settings,
    webhook_test,
    unsubscribe_page,
    unsubscribe,
    abandon,
    leaderboard,
    profile
))]
pub(super) struct Api;
