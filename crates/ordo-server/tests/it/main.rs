//! Integration tests of ordo-server.
#![allow(clippy::unwrap_used)]

mod accounts;
mod bindings;
mod edge;
mod fuzz;
mod http;
mod lobby;
mod social;
mod store;
mod turns;
mod warrior_knights;
