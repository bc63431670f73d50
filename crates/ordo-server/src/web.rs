//! The browser client: static files embedded in the binary (no build step; `build.rs` lists every
//! file under `web/` the browser loads), and the game data the client draws the board from.
//!
//! Transfer: every file is served under a content-hashed prefix, `/a/{version}/{path}`, where
//! `version` is a hash of all the client's files, with `Cache-Control: immutable`; the page
//! (`/`, `/t/{id}`) names that prefix and is revalidated on every visit by its strong `ETag`, as is
//! `/api/games/{game}/data`. Text is sent brotli- or gzip-compressed (compressed once, on first
//! use, at the highest level) when the browser accepts it; other responses are compressed by the
//! layer in [`crate::http::app`].

use crate::protocol::ErrorBody;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::state::AppState;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/web_files.rs"));
}

/// A response body kept in its plain, brotli and gzip forms.
struct Static {
    kind: &'static str,
    plain: Vec<u8>,
    hash: String,
    br: OnceLock<Vec<u8>>,
    gz: OnceLock<Vec<u8>>,
}

impl Static {
    fn new(kind: &'static str, plain: Vec<u8>) -> Self {
        let hash = hex(&Sha256::digest(&plain)[..12]);
        Self {
            kind,
            plain,
            hash,
            br: OnceLock::new(),
            gz: OnceLock::new(),
        }
    }

    fn compressible(&self) -> bool {
        self.kind.starts_with("text/")
            || self.kind.starts_with("application/json")
            || self.kind.starts_with("image/svg")
    }

    fn brotli(&self) -> &[u8] {
        self.br.get_or_init(|| {
            let mut out = Vec::new();
            let params = brotli::enc::BrotliEncoderParams {
                quality: 11,
                lgwin: 22,
                ..Default::default()
            };
            let mut input = self.plain.as_slice();
            match brotli::BrotliCompress(&mut input, &mut out, &params) {
                Ok(_) => out,
                Err(_) => Vec::new(),
            }
        })
    }

    fn gzip(&self) -> &[u8] {
        self.gz.get_or_init(|| {
            use std::io::Write as _;
            let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            if enc.write_all(&self.plain).is_err() {
                return Vec::new();
            }
            enc.finish().unwrap_or_default()
        })
    }

    /// The response to a request with `headers`, with `cache` as its `Cache-Control`.
    fn respond(&self, headers: &HeaderMap, cache: &'static str) -> Response {
        let accepts = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let offered = |name: &str| {
            accepts.split(',').any(|part| {
                let mut it = part.split(';');
                let coding = it.next().unwrap_or("").trim();
                let refused = it.any(|p| {
                    let p = p.trim().replace(' ', "");
                    p == "q=0" || p == "q=0.0" || p == "q=0.00" || p == "q=0.000"
                });
                coding.eq_ignore_ascii_case(name) && !refused
            })
        };
        let (body, encoding): (&[u8], Option<&str>) = if !self.compressible() {
            (&self.plain, None)
        } else if offered("br") && !self.brotli().is_empty() {
            (self.brotli(), Some("br"))
        } else if offered("gzip") && !self.gzip().is_empty() {
            (self.gzip(), Some("gzip"))
        } else {
            (&self.plain, None)
        };
        let etag = match encoding {
            Some(e) => format!("\"{}.{e}\"", self.hash),
            None => format!("\"{}\"", self.hash),
        };
        let fresh = headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
        let mut res = if fresh {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut r = body.to_vec().into_response();
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(self.kind));
            if let Some(e) = encoding {
                r.headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static(e));
            }
            r
        };
        let h = res.headers_mut();
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Ok(v) = HeaderValue::from_str(&etag) {
            h.insert(header::ETAG, v);
        }
        res
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn kind_of(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        _ => "text/plain; charset=utf-8",
    }
}

/// The embedded client: its files by path, the version of the whole, and the page.
struct Client {
    files: HashMap<&'static str, Static>,
    version: String,
    index: Static,
}

fn client() -> &'static Client {
    static CLIENT: OnceLock<Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        let mut all = Sha256::new();
        let mut files = HashMap::new();
        let mut index = "";
        for &(path, body) in embedded::FILES {
            if path == "/index.html" {
                index = std::str::from_utf8(body).unwrap_or("");
                continue;
            }
            all.update(path.as_bytes());
            all.update([0]);
            all.update(body);
            files.insert(path, Static::new(kind_of(path), body.to_vec()));
        }
        let version = hex(&all.finalize()[..8]);
        let page = index.replace("{{ASSETS}}", &format!("/a/{version}"));
        Client {
            files,
            version,
            index: Static::new("text/html; charset=utf-8", page.into_bytes()),
        }
    })
}

/// The version of the embedded client: the hash in its asset URLs (`/a/{version}/…`).
#[must_use]
pub fn version() -> &'static str {
    &client().version
}

/// Routes of the client: `/` (lobby), `/t/{id}` (a table), `/a/{version}/{path}` (its scripts
/// and styles), and `/api/games/{game}/data`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(page))
        .route("/t/{id}", get(page))
        .route("/a/{version}/{*path}", get(asset))
        .route("/api/games/{game}/data", get(game_data))
}

async fn page(headers: HeaderMap) -> Response {
    client().index.respond(&headers, "no-cache")
}

async fn asset(Path((version, path)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let c = client();
    let Some(file) = c.files.get(format!("/{path}").as_str()) else {
        return ApiError::NotFound.into_response();
    };
    // An older page may ask for an older version: it gets today's file, revalidated.
    let cache = if version == c.version {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    file.respond(&headers, cache)
}

/// `GET /api/games/{game}/data` query.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct DataQuery {
    /// An owner's data pack loaded by the server (its id), instead of the built-in data.
    pack: Option<String>,
}

/// The component data of a game, as one JSON object of its data files.
/// With `?pack=ID`, the files of a loaded owner's data pack.
#[utoipa::path(
    get,
    path = "/api/games/{game}/data",
    summary = "A game's component data (map, wheel, buildings, orders), for clients that draw the board",
    params(("game" = String, Path, description = "Game id"), DataQuery),
    responses((status = 200, description = "One JSON object of the game's data files", body = serde_json::Value), (status = 400, description = "Malformed body or values (`request/…`)", body = ErrorBody), (status = 404, description = "No such game or data pack", body = ErrorBody))
)]
async fn game_data(
    Path(game): Path<String>,
    crate::http::extract::Q(q): crate::http::extract::Q<DataQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let pack = match q.pack.as_deref() {
        None | Some("") => None,
        Some(p) => Some(
            ordo_core::pack::PackId::parse(p)
                .ok_or_else(|| ApiError::Malformed("pack: 32 hex digits".into()))?,
        ),
    };
    let key = match pack {
        Some(p) => format!("{game}?{p}"),
        None => game.clone(),
    };
    static DATA: OnceLock<Mutex<HashMap<String, &'static Static>>> = OnceLock::new();
    let cached = DATA
        .get_or_init(Mutex::default)
        .lock()
        .ok()
        .and_then(|m| m.get(&key).copied());
    let data = match cached {
        Some(d) => d,
        None => {
            let files = crate::games::data_files(&game, pack).ok_or(ApiError::NotFound)?;
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
            // One per game and loaded pack, kept for the life of the process.
            let d: &'static Static =
                Box::leak(Box::new(Static::new("application/json", out.into_bytes())));
            if let Some(mut m) = DATA.get().and_then(|m| m.lock().ok()) {
                m.insert(key, d);
            }
            d
        }
    };
    Ok(data.respond(&headers, "no-cache"))
}

/// Game data: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(game_data))]
pub(crate) struct Api;
