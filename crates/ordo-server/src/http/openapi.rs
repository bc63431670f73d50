//! The OpenAPI document, generated from the route handlers' annotations and the wire types
//! (utoipa): each area of the API describes its own routes (`Api` in its module) and this
//! module puts them together. `api/openapi.json` is a copy for readers without a build, kept
//! equal to the generated document by a test.

use std::sync::OnceLock;

use utoipa::OpenApi as _;

/// The document's frame: title, version, what it covers.
#[derive(utoipa::OpenApi)]
#[openapi(info(
    title = "Ordo game server",
    description = "Lobby, accounts and play for Ordo tables. WebSocket messages are described \
                   in docs/protocol.md. Every error is `{code, message}` with a stable code. \
                   A seat is named by its token (`Authorization: Bearer`, or `token` in the body \
                   or query for old clients) or, in a browser, by the sign-in or guest cookie."
))]
struct Frame;

/// The whole document.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = Frame::openapi();
    for (area, mut part) in [
        ("operations", super::ops::Api::openapi()),
        ("lobby", super::lobby::Api::openapi()),
        ("play", super::tables::Api::openapi()),
        ("play", crate::ws::Api::openapi()),
        ("games", crate::web::Api::openapi()),
        ("accounts", crate::accounts::Api::openapi()),
        ("accounts", super::mine::Api::openapi()),
        ("turn-based play and ratings", super::turns::Api::openapi()),
    ] {
        // Each operation is filed under its area (readers such as Swagger UI group by it).
        for item in part.paths.paths.values_mut() {
            for op in [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.patch,
                &mut item.delete,
            ]
            .into_iter()
            .flatten()
            {
                op.tags = Some(vec![area.to_owned()]);
            }
        }
        doc.merge(part);
    }
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    doc
}

/// The document as JSON (built once).
pub fn json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| document().to_pretty_json().unwrap_or_default())
}
