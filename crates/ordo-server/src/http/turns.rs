//! Turn-based play over HTTP: a person's notification settings and the webhook test, the
//! unsubscribe link of the mails, the abandonment vote, leaderboards and players' profiles.

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

async fn settings(
    State(state): State<AppState>,
    me: SignedIn,
) -> Result<Json<NotifySettings>, ApiError> {
    let p = prefs_of(&state, me.account.id).await?;
    Ok(Json(settings_of(&p, me.account.email.clone())))
}

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

#[derive(Deserialize)]
struct KeyQuery {
    key: Option<String>,
}

#[derive(Deserialize)]
struct KeyForm {
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

async fn abandon(
    State(state): State<AppState>,
    Path(id): Path<String>,
    creds: super::Creds,
    AppJson(req): AppJson<AbandonVote>,
) -> Result<Json<AbandonAnswer>, ApiError> {
    let key = creds.key(req.token.as_deref()).ok_or(ApiError::BadToken)?;
    Ok(Json(state.vote_abandon(&id, key, req.seat).await?))
}

#[derive(Deserialize)]
struct BoardQuery {
    players: Option<String>,
}

async fn leaderboard(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Q(q): Q<BoardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let group = q.players.as_deref().unwrap_or("2");
    Ok(Json(state.leaderboard(&game, group).await?))
}

async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    Ok(Json(state.profile(&name).await?))
}
