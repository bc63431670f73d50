//! # ordo-server: the Ordo game server
//!
//! `ordo serve` runs [`serve`]: an HTTP JSON lobby and per-table WebSocket play over durable,
//! event-sourced storage ([`store`]: SQLite by default, PostgreSQL to scale out).
//!
//! A decision from a client is read once into the game's typed action, checked (seat token,
//! table, turn, the version the client saw, legality), appended durably (unique per table and
//! version), and only then applied in place, acknowledged and announced; every connection
//! then receives the merge patch its visibility class shares (its own view and legal
//! decisions). Bots in seats play server-side off the async runtime. On start every
//! unfinished table is recovered by replaying its record. The games come from the registry
//! (`ordo_games`): nothing here names one.
#![deny(missing_docs)]

pub mod accounts;
mod clocks;
pub mod delta;
pub mod edge;
mod endings;
pub mod error;
pub mod games;
pub mod http;
pub mod limit;
mod lobby;
pub mod metrics;
pub mod notify;
mod pipeline;
mod play;
pub mod protocol;
pub mod ratings;
mod social;
mod startup;
pub mod state;
pub mod store;
pub mod table;
pub mod tokens;
mod turns;
pub mod web;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

pub use http::app;
pub use state::AppState;

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

/// Sets up structured logs on standard error: `text` or `json`, filtered by `ORDO_LOG`
/// (default `info`). Tokens, seeds and hidden state are never logged.
///
/// # Errors
/// An unknown format.
pub fn init_logging(format: &str) -> Result<(), String> {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ORDO_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let result = match format {
        "text" => builder.try_init(),
        "json" => builder.json().try_init(),
        other => return Err(format!("unknown log format `{other}` (text or json)")),
    };
    // Already initialised (tests) is fine.
    let _ = result;
    Ok(())
}

/// How `ordo serve` runs: where, over which database, and what it allows.
#[derive(Debug)]
pub struct ServeOptions {
    /// Address to listen on.
    pub bind: SocketAddr,
    /// Database URL ([`open_store`]).
    pub db: String,
    /// Per-address request limits.
    pub limiter: limit::IpLimiter,
    /// Owners' data packs new tables play with, by game id.
    pub packs: std::collections::BTreeMap<String, ordo_core::pack::PackId>,
    /// Trusted proxies, table caps, idle times.
    pub policy: edge::Policy,
    /// HTTPS with these files.
    pub tls: Option<edge::listen::TlsFiles>,
    /// A plain-HTTP address that redirects every request to HTTPS.
    pub redirect_http: Option<SocketAddr>,
    /// Open connections served at most (lowered to fit the open-file limit).
    pub max_connections: usize,
    /// Time a client has to send a request's headers.
    pub header_timeout: std::time::Duration,
    /// Open connections one client address may hold (lifted with `--ip-limit off`; trusted
    /// proxies are exempt).
    pub max_connections_per_address: usize,
}

/// Runs the server until Ctrl-C / SIGTERM, then stops taking connections, lets in-flight
/// requests finish and closes the WebSocket sessions. Prints the URL it listens on.
///
/// # Errors
/// Binding, storage, certificate or recovery failures.
pub async fn serve(opts: ServeOptions) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let tls = opts
        .tls
        .as_ref()
        .map(edge::listen::tls_config)
        .transpose()?;
    let store = open_store(&opts.db).await?;
    let per_address = (!opts.limiter.is_off()).then_some(opts.max_connections_per_address);
    let trusted = opts.policy.trusted_proxies.clone();
    let mut state = AppState::recover_with_policy(store, opts.limiter, opts.policy)
        .await
        .map_err(|e| e.to_string())?;
    for (game, pack) in &opts.packs {
        tracing::info!(game, %pack, "new tables play with an owner's data pack");
    }
    state.packs = std::sync::Arc::new(opts.packs);
    let listener = tokio::net::TcpListener::bind(opts.bind).await?;
    let addr = listener.local_addr()?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    println!(
        "ordo serving on {scheme}://{addr} (database {})",
        redact(&opts.db)
    );
    tracing::info!(%addr, backend = state.store.backend(), tls = tls.is_some(), "listening");
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    if let Some(plain) = opts.redirect_http {
        let redirect = tokio::net::TcpListener::bind(plain).await?;
        tracing::info!(addr = %redirect.local_addr()?, "redirecting plain HTTP to HTTPS");
        let mut stop = stop_rx.clone();
        tokio::spawn(edge::listen::redirect_to_https(
            redirect,
            addr.port(),
            async move {
                let _ = stop.wait_for(|s| *s).await;
            },
        ));
    }
    let listen = edge::listen::Listen {
        tls,
        max_connections: edge::listen::fit_connection_cap(opts.max_connections),
        header_timeout: opts.header_timeout,
        max_per_address: per_address,
        trusted_proxies: trusted,
    };
    edge::listen::serve(listener, app(state.clone()), state, listen, async move {
        shutdown_signal().await;
        tracing::info!("shutting down: draining in-flight requests");
        let _ = stop_tx.send(true);
    })
    .await;
    drop(stop_rx);
    Ok(())
}

/// A database URL without its password.
fn redact(db: &str) -> String {
    match (db.find("://"), db.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &db[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &db[..s + 3], &db[at..]),
                None => db.to_string(),
            }
        }
        _ => db.to_string(),
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = term => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_are_not_printed() {
        assert_eq!(
            super::redact("postgres://ordo:secret@db/x"),
            "postgres://ordo:***@db/x"
        );
        assert_eq!(super::redact("sqlite:ordo.db"), "sqlite:ordo.db");
    }
}
