//! Integration tests of ordo-ai.
#![allow(clippy::unwrap_used)]

mod bots;
