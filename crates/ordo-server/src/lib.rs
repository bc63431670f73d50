//! # ordo-server: the Ordo game server (in progress)
//!
//! This crate holds the server's durable storage: one narrow [`store::Store`] interface with an
//! embedded SQLite implementation (the default) and a PostgreSQL implementation (scale-out), both
//! held to the same contract ([`store::store_contract`]). Decisions are append-only rows unique
//! per `(table, version)`, so a decision is durable before it is acknowledged and two writers can
//! never both append the same version. The lobby, live play and `ordo serve` build on it.
#![deny(missing_docs)]

pub mod store;
