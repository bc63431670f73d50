//! `ordo serve` (the game server with what a host allows) and `ordo backup` (a consistent copy
//! of the SQLite database while the server runs).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::packs;

/// `ordo serve` options; `docs/hosting.md` explains them with their defaults.
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: std::net::SocketAddr,
    /// Database: `sqlite:FILE` (default `sqlite:ordo.db`) or `postgres://…`.
    #[arg(long, default_value = "sqlite:ordo.db")]
    db: String,
    /// Requests per second per client address, `RATE[/BURST]`, or `off` (no per-address limit at
    /// all: also lifts the cap of 64 WebSocket connections per address; for load tests).
    #[arg(long, default_value = "20/200")]
    ip_limit: String,
    /// Log format: `text` or `json` (the level is set with `ORDO_LOG`, e.g. `info`).
    #[arg(long, default_value = "text")]
    log: String,
    /// An owner's data pack directory (`ordo data export` writes one): new tables play
    /// with its values; tables and records made with it need it to load.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Serve HTTPS with this certificate chain (PEM; with `--tls-key`).
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key of `--tls-cert` (PEM).
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Also listen on this plain-HTTP address and redirect every request to HTTPS.
    #[arg(long, requires = "tls_cert")]
    redirect_http: Option<std::net::SocketAddr>,
    /// Proxies whose `Forwarded` / `X-Forwarded-For` headers name the client (CIDR ranges or
    /// addresses; repeat the flag or separate with commas).
    #[arg(long, value_delimiter = ',')]
    trusted_proxy: Vec<String>,
    /// Open connections served at most; beyond it new ones get 503 (health checks still
    /// answer). Lowered to fit the open-file limit.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Open connections one client address may hold (lifted by `--ip-limit off`; trusted
    /// proxies are exempt).
    #[arg(long, default_value_t = 128)]
    max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers (and finish a TLS handshake).
    #[arg(long, default_value_t = 10)]
    header_timeout: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = 30)]
    body_timeout: u64,
    /// Unfinished tables the server holds at most.
    #[arg(long, default_value_t = 10_000)]
    max_open_tables: usize,
    /// Unfinished tables one client address may have created and not finished.
    #[arg(long, default_value_t = 50)]
    max_open_tables_per_address: usize,
    /// Unfinished tables one account may host at once (from any address).
    #[arg(long, default_value_t = 50)]
    max_open_tables_per_account: usize,
    /// Hours after which a table still waiting for players is closed.
    #[arg(long, default_value_t = 72.0)]
    lobby_expiry: f64,
    /// Minutes after which an unfinished table with no decision and nobody connected leaves
    /// memory (it stays stored and is loaded again when opened).
    #[arg(long, default_value_t = 30.0)]
    idle_evict: f64,
    /// The SMTP server for notification mails: `smtp://user:pass@host:port` (STARTTLS when the
    /// server offers it; `?tls=required` to insist) or `smtps://…` (TLS from the start). Also
    /// read from the environment variable ORDO_SMTP, which keeps the password out of the
    /// process list.
    #[arg(long, env = "ORDO_SMTP", hide_env_values = true)]
    smtp: Option<String>,
    /// The sender of notification mails.
    #[arg(long, default_value = "Ordo <ordo@localhost>")]
    mail_from: String,
    /// The site's address as players reach it, for the links in mails and webhooks (default:
    /// http:// and the bound address).
    #[arg(long)]
    public_url: Option<String>,
    /// Seconds turns wait to be sent together in one mail.
    #[arg(long, default_value_t = 60)]
    mail_batch: u64,
    /// Let webhooks call addresses on this machine and private networks (closed networks and
    /// tests only).
    #[arg(long)]
    allow_private_webhooks: bool,
    /// Seconds between a webhook call's tries (comma-separated; one more try after each).
    #[arg(long, value_delimiter = ',', default_value = "5,30,300")]
    webhook_backoff: Vec<u64>,
    /// Hours a seat of a table without a clock must have been waited on before the other
    /// players may vote to hand it to the stand-in.
    #[arg(long, default_value_t = 72.0)]
    abandon_after: f64,
}

fn duration(value: f64, unit: f64, name: &str) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(value * unit)
        .map_err(|_| anyhow::anyhow!("--{name} must be a positive number"))
}

pub(crate) fn serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let limiter =
        ordo_server::limit::IpLimiter::parse(&args.ip_limit).map_err(anyhow::Error::msg)?;
    let packs = match &args.data {
        Some(dir) => packs::load_all(dir)?,
        None => std::collections::BTreeMap::new(),
    };
    let mut trusted = Vec::new();
    for r in &args.trusted_proxy {
        trusted.extend(ordo_server::edge::parse_ranges(r).map_err(anyhow::Error::msg)?);
    }
    let policy = ordo_server::edge::Policy {
        trusted_proxies: trusted,
        max_open_tables: args.max_open_tables,
        max_open_tables_per_address: args.max_open_tables_per_address,
        max_open_tables_per_account: args.max_open_tables_per_account,
        lobby_expiry: duration(args.lobby_expiry, 3600.0, "lobby-expiry")?,
        idle_evict: duration(args.idle_evict, 60.0, "idle-evict")?,
        body_timeout: Duration::from_secs(args.body_timeout.max(1)),
        abandon_after: duration(args.abandon_after, 3600.0, "abandon-after")?,
        notify: ordo_server::notify::NotifyConfig {
            smtp: args
                .smtp
                .as_deref()
                .map(ordo_server::notify::SmtpUrl::parse)
                .transpose()
                .map_err(|e| anyhow::anyhow!("--smtp: {e}"))?,
            mail_from: args.mail_from,
            public_url: args.public_url.unwrap_or_else(|| {
                let scheme = if args.tls_cert.is_some() {
                    "https"
                } else {
                    "http"
                };
                format!("{scheme}://{}", args.bind)
            }),
            mail_batch: Duration::from_secs(args.mail_batch),
            webhook_backoff: args
                .webhook_backoff
                .iter()
                .map(|&s| Duration::from_secs(s))
                .collect(),
            allow_private_webhooks: args.allow_private_webhooks,
        },
        ..ordo_server::edge::Policy::default()
    };
    let tls = match (args.tls_cert, args.tls_key) {
        (Some(cert), Some(key)) => Some(ordo_server::edge::listen::TlsFiles { cert, key }),
        _ => None,
    };
    ordo_server::init_logging(&args.log).map_err(anyhow::Error::msg)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(ordo_server::serve(ordo_server::ServeOptions {
        bind: args.bind,
        db: args.db,
        limiter,
        packs,
        policy,
        tls,
        redirect_http: args.redirect_http,
        max_connections: args.max_connections,
        max_connections_per_address: args.max_connections_per_address.max(1),
        header_timeout: Duration::from_secs(args.header_timeout.max(1)),
    }))
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// `ordo backup` options.
#[derive(Args, Debug)]
pub(crate) struct BackupArgs {
    /// The server's database (`sqlite:FILE`).
    #[arg(long, default_value = "sqlite:ordo.db")]
    db: String,
    /// The copy to write (must not exist yet).
    out: PathBuf,
}

pub(crate) fn backup(args: &BackupArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let bytes = rt
        .block_on(ordo_server::store::sqlite_backup(&args.db, &args.out))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "backed up {} to {} ({bytes} bytes)",
        args.db,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
