//! Integration tests for Warrior Knights.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod conformance;
mod kit;
mod revisions;
