//! The browser client: static files embedded in the binary (no build step), and the game data
//! the client draws the board from.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::table::AppState;

/// The client's files: (URL path, content type, contents).
const FILES: &[(&str, &str, &str)] = &[
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/app.js"),
    ),
    (
        "/wk.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/wk.js"),
    ),
    (
        "/i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/i18n.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
];

const INDEX: &str = include_str!("../../../web/index.html");

fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
        .into_response()
}

/// Routes of the client: `/` (lobby), `/t/{id}` (a table), its scripts and styles, and
/// `/api/games/{game}/data`.
pub fn router() -> Router<AppState> {
    let mut r = Router::new()
        .route("/", get(|| async { index() }))
        .route("/t/{id}", get(|| async { index() }))
        .route("/api/games/{game}/data", get(game_data));
    for &(path, kind, body) in FILES {
        r = r.route(
            path,
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, kind),
                        (header::CACHE_CONTROL, "no-cache"),
                    ],
                    body,
                )
                    .into_response()
            }),
        );
    }
    r
}

/// The component data of a game, as one JSON object of its data files.
async fn game_data(Path(game): Path<String>) -> Result<Response, ApiError> {
    let files: Vec<(&str, &str)> = match game.as_str() {
        "crusaders" => crusaders::data::raw_files().to_vec(),
        "warrior-knights" => warrior_knights::raw_files().to_vec(),
        _ => return Err(ApiError::NotFound),
    };
    let mut out = String::from("{");
    for (i, (name, text)) in files.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        out.push_str(name);
        out.push_str("\":");
        out.push_str(text);
    }
    out.push('}');
    Ok(([(header::CONTENT_TYPE, "application/json")], out).into_response())
}
