//! Integration tests of the crusaders crate: one binary (see `Cargo.toml`).
#![allow(clippy::unwrap_used)]

mod common;
mod conformance;
mod fuzz;
mod playthroughs;
mod sim;
