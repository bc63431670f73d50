//! Integration tests of ordo-server.
#![allow(clippy::unwrap_used)]

mod http;
mod lobby;
mod store;
