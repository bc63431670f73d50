//! # ordo-server: the Ordo game server
//!
//! `ordo serve` runs [`serve`]: an HTTP JSON lobby and per-table WebSocket play over durable,
//! event-sourced storage ([`store`]: SQLite by default, PostgreSQL to scale out).
//!
//! The move pipeline ([`table::AppState::submit`]) checks the seat token, the table, the turn and
//! the version the client saw; applies the decision to a copy; appends it durably (unique per
//! table and version); and only then acknowledges it and notifies every connection, each of
//! which receives its own view and its own legal decisions. Bots in seats play server-side off
//! the async runtime. On start every unfinished table is recovered by replaying its record.
#![deny(missing_docs)]

pub mod error;
pub mod game;
pub mod http;
pub mod store;
pub mod table;

use std::net::SocketAddr;
use std::sync::Arc;

pub use http::app;
pub use table::AppState;

use crate::store::{PostgresStore, SqliteStore, Store};

/// Opens the store named by `db` (`sqlite:FILE`, `sqlite::memory:`, `postgres://…`).
///
/// # Errors
/// Unknown scheme or database errors.
pub async fn open_store(db: &str) -> Result<Arc<dyn Store>, store::StoreError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        Ok(Arc::new(PostgresStore::open(db, None).await?))
    } else if db.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::open(db).await?))
    } else {
        Err(store::StoreError::Corrupt(format!(
            "unknown database URL `{db}` (use sqlite:FILE or postgres://…)"
        )))
    }
}

/// Runs the server until Ctrl-C / SIGTERM; prints the URL it listens on.
///
/// # Errors
/// Binding, storage or recovery failures.
pub async fn serve(
    bind: SocketAddr,
    db: &str,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let store = open_store(db).await?;
    let state = AppState::recover(store).await.map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind(bind).await?;
    let addr = listener.local_addr()?;
    println!("ordo serving on http://{addr} (database {db})");
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
