//! Integration tests of ordo-server.
#![allow(clippy::unwrap_used)]

mod bindings;
mod http;
mod lobby;
mod store;
mod warrior_knights;
