//! `ordo play --server URL`: playing at a table of a running `ordo serve` from the terminal.
//!
//! The client creates a table (`POST /api/tables`) or joins one with a seat token (or watches it
//! without one), then follows the table over its WebSocket (`docs/protocol.md`): it holds the
//! last snapshot, keeps it current with merge patches when the server sends them, draws the board
//! from the viewer's *view* (a client never has a full state), and sends the decision chosen
//! from the legal list. It never trusts the server's JSON: anything malformed ends the session
//! with a clear error, never a panic.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use futures_util::{SinkExt, StreamExt};
use ordo_ai::BotSpec;
use ordo_core::{Game, Seat, ToAct};
use ordo_server::protocol::{
    ClientMsg, CreateTable, Created, JoinRequest, Joined, Legal, SeatKind, ServerMsg, Snapshot,
    TableInfo, TableStatus, TokenBody,
};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::{self, Message};

use crate::games::{with_game, CliGame};
use crate::play::PlayArgs;

/// How long an HTTP request may take, connection included.
const HTTP_TIMEOUT: Duration = Duration::from_secs(30);
/// How long opening the WebSocket may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the server may take to answer a decision.
const ACK_TIMEOUT: Duration = Duration::from_secs(60);

/// `println!` that reports a closed standard output as an error instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*).context("writing to standard output")?
    };
}

// ---------------------------------------------------------------------------------------------
// The server's address and its HTTP API (through reqwest).

/// A server address from an `http://host[:port][/prefix]` URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Endpoint {
    /// Host name or IP address (IPv6 without brackets).
    pub(crate) host: String,
    /// TCP port.
    pub(crate) port: u16,
    /// Path prefix before `/api` (empty, or starting with `/` without a trailing one).
    prefix: String,
}

/// An HTTP answer.
#[derive(Debug)]
pub(crate) struct HttpAnswer {
    /// Status code.
    pub(crate) status: u16,
    /// Body (transfer encoding removed).
    pub(crate) body: String,
}

impl Endpoint {
    /// Parses `http://host[:port][/prefix]`.
    ///
    /// # Errors
    /// Another scheme, no host, a bad port, a query or fragment.
    pub(crate) fn parse(url: &str) -> anyhow::Result<Endpoint> {
        let url = url.trim();
        let Some(rest) = url.strip_prefix("http://") else {
            if url.starts_with("https://") {
                bail!("`{url}`: https is not supported by this client; use the server's http:// address");
            }
            if url.starts_with("ws://") || url.starts_with("wss://") {
                bail!("`{url}`: give the server's http:// address (the WebSocket address is derived from it)");
            }
            bail!("`{url}` is not a server URL: it must start with http:// (e.g. http://127.0.0.1:8080)");
        };
        anyhow::ensure!(
            !rest.contains(['?', '#']),
            "`{url}`: the server URL cannot have a query or fragment"
        );
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let (host, port) = if let Some(v6) = authority.strip_prefix('[') {
            let (h, after) = v6
                .split_once(']')
                .ok_or_else(|| anyhow!("`{url}`: unclosed `[` in the host"))?;
            match after {
                "" => (h, None),
                p => (
                    h,
                    Some(p.strip_prefix(':').ok_or_else(|| {
                        anyhow!("`{url}`: expected `:port` after the IPv6 address")
                    })?),
                ),
            }
        } else {
            match authority.rsplit_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (authority, None),
            }
        };
        anyhow::ensure!(
            !host.is_empty() && !host.contains('@'),
            "`{url}`: no host in the server URL"
        );
        let port = match port {
            None => 80,
            Some(p) => p
                .parse::<u16>()
                .ok()
                .filter(|&p| p != 0)
                .ok_or_else(|| anyhow!("`{url}`: `{p}` is not a port number"))?,
        };
        Ok(Endpoint {
            host: host.to_string(),
            port,
            prefix: path.trim_end_matches('/').to_string(),
        })
    }

    /// `host:port` as written in URLs.
    fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// The base URL, for messages.
    pub(crate) fn url(&self) -> String {
        format!("http://{}{}", self.authority(), self.prefix)
    }

    /// The WebSocket URL of a table (the seat's token goes in an `Authorization: Bearer`
    /// header, never in the URL).
    fn ws_url(&self, table: &str) -> String {
        format!(
            "ws://{}{}/api/tables/{}/ws",
            self.authority(),
            self.prefix,
            encode(table)
        )
    }

    /// One request; the answer whatever its status.
    ///
    /// # Errors
    /// No connection, a timeout, an answer that is not text.
    pub(crate) async fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<HttpAnswer> {
        let method = reqwest::Method::from_bytes(method.as_bytes())
            .map_err(|_| anyhow!("`{method}` is not an HTTP method"))?;
        let url = format!("{}{path}", self.url());
        let mut req = http_client()?
            .request(method.clone(), &url)
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(body) = body {
            req = req
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.to_string());
        }
        let answer = req.send().await.map_err(|e| {
            if e.is_connect() {
                anyhow!(
                    "cannot connect to {} (is `ordo serve` running there?): {e}",
                    self.url()
                )
            } else if e.is_timeout() {
                anyhow!(
                    "{} did not answer {method} {path} within {} s",
                    self.url(),
                    HTTP_TIMEOUT.as_secs()
                )
            } else {
                anyhow!("{method} {url}: {e}")
            }
        })?;
        let status = answer.status().as_u16();
        let body = answer
            .text()
            .await
            .with_context(|| format!("reading the answer to {method} {url}"))?;
        Ok(HttpAnswer { status, body })
    }

    /// One request whose successful answer is JSON of type `T`; a refusal is explained.
    ///
    /// # Errors
    /// No connection, a refusal, an answer that is not a `T`.
    async fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        what: &str,
    ) -> anyhow::Result<T> {
        let text = body.map(Value::to_string);
        let a = self.request(method, path, text.as_deref()).await?;
        if !(200..300).contains(&a.status) {
            bail!(
                "{} refused {what}: {}",
                self.url(),
                refusal(a.status, &a.body)
            );
        }
        serde_json::from_str(&a.body).map_err(|e| {
            anyhow!(
                "the server's answer to {what} is not what this client expects ({e}): {}",
                snippet(&a.body)
            )
        })
    }
}

/// The one HTTP client (connection pool, timeouts).
fn http_client() -> anyhow::Result<&'static reqwest::Client> {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    if let Some(c) = CLIENT.get() {
        return Ok(c);
    }
    let c = reqwest::Client::builder()
        .timeout(HTTP_TIMEOUT)
        .connect_timeout(CONNECT_TIMEOUT)
        .user_agent(concat!("ordo/", env!("CARGO_PKG_VERSION")))
        .build()
        .context("starting the HTTP client")?;
    Ok(CLIENT.get_or_init(|| c))
}

/// Percent-encodes a path segment or query value.
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The start of a text, for error messages.
fn snippet(s: &str) -> String {
    let s = s.trim();
    match s.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None if s.is_empty() => "(empty)".to_string(),
        None => s.to_string(),
    }
}

/// A readable form of a refusal: the server's `{"code", "message"}` when it sent one.
fn refusal(status: u16, body: &str) -> String {
    let v: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    match (v["code"].as_str(), v["message"].as_str()) {
        (Some(code), Some(message)) => format!("{message} ({code})"),
        _ => format!("HTTP {status}: {}", snippet(body)),
    }
}

// ---------------------------------------------------------------------------------------------
// The table as the client holds it.

/// A snapshot as the client holds it: the server's own snapshot type, and its view read as
/// the game's view type.
#[derive(Clone, Debug)]
struct Held<G: Game> {
    snap: Snapshot,
    view: G::View,
}

impl<G: CliGame> Held<G> {
    /// Whether the game is over.
    fn finished(&self) -> bool {
        self.snap.status == TableStatus::Finished
            || (self.snap.to_act.is_empty() && G::view_over(&self.view))
    }

    /// Reads a snapshot object.
    fn read(v: Value) -> Result<Held<G>, serde_json::Error> {
        let snap: Snapshot = serde_json::from_value(v)?;
        let view = G::View::deserialize(&snap.view)?;
        Ok(Held { snap, view })
    }
}

/// What a server message meant for the client.
#[derive(Debug, PartialEq)]
enum Event {
    /// The held snapshot changed (a snapshot or a patch arrived).
    Updated,
    /// A patch did not apply to the held snapshot: ask for a fresh one.
    NeedResync,
    /// A decision was acknowledged.
    Ack { id: String, version: u64 },
    /// A message was refused.
    Refused {
        id: Option<String>,
        code: String,
        message: String,
    },
    /// Nothing to do (an unknown message type, a patch while a snapshot is awaited).
    Ignored,
}

/// The last snapshot, kept current by the server's messages.
#[derive(Debug)]
struct Tracker<G: Game> {
    /// The snapshot object as JSON (patches apply to it).
    raw: Option<Value>,
    /// The same, read.
    held: Option<Held<G>>,
    /// A resync was asked for: patches are ignored until a snapshot arrives.
    awaiting_snapshot: bool,
}

impl<G: Game> Default for Tracker<G> {
    fn default() -> Self {
        Tracker {
            raw: None,
            held: None,
            awaiting_snapshot: false,
        }
    }
}

/// The message types this client reads (others, from a newer server, are skipped).
const KNOWN: [&str; 4] = ["snapshot", "patch", "ack", "error"];

impl<G: CliGame> Tracker<G> {
    fn version(&self) -> Option<u64> {
        self.held.as_ref().map(|h| h.snap.version)
    }

    /// Handles one text message from the server.
    ///
    /// # Errors
    /// Text that is not a JSON object; a message of a known type that does not read as the
    /// server's protocol type; a snapshot whose view is not this game's.
    fn handle(&mut self, text: &str) -> anyhow::Result<Event> {
        let raw: Value = serde_json::from_str(text)
            .map_err(|e| anyhow!("the server sent malformed JSON ({e}): {}", snippet(text)))?;
        anyhow::ensure!(
            raw.is_object(),
            "the server sent a message that is not an object: {}",
            snippet(text)
        );
        if !raw
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| KNOWN.contains(&t))
        {
            return Ok(Event::Ignored);
        }
        let msg: ServerMsg = serde_json::from_value(raw).map_err(|e| {
            anyhow!(
                "the server sent a malformed message ({e}): {}",
                snippet(text)
            )
        })?;
        match msg {
            ServerMsg::Snapshot(snap) => {
                let raw = serde_json::to_value(&snap)?;
                let view = G::View::deserialize(&snap.view).map_err(|e| {
                    anyhow!(
                        "the server sent a view this client cannot read as {}: {e}",
                        G::INFO.name
                    )
                })?;
                self.raw = Some(raw);
                self.held = Some(Held { snap, view });
                self.awaiting_snapshot = false;
                Ok(Event::Updated)
            }
            ServerMsg::Patch {
                base,
                version,
                patch,
            } => {
                if self.awaiting_snapshot {
                    return Ok(Event::Ignored);
                }
                let Some(raw) = self.raw.as_ref().filter(|_| self.version() == Some(base)) else {
                    // Not the version we hold (a message lost, or none held yet).
                    self.awaiting_snapshot = true;
                    return Ok(Event::NeedResync);
                };
                let mut next = raw.clone();
                ordo_server::delta::merge_apply(&mut next, &patch);
                if let Some(o) = next.as_object_mut() {
                    o.insert("version".to_string(), json!(version));
                }
                match Held::<G>::read(next.clone()) {
                    Ok(held) => {
                        self.raw = Some(next);
                        self.held = Some(held);
                        Ok(Event::Updated)
                    }
                    Err(_) => {
                        // The patched snapshot does not read: start again from a fresh one.
                        self.awaiting_snapshot = true;
                        Ok(Event::NeedResync)
                    }
                }
            }
            ServerMsg::Ack { id, version } => Ok(Event::Ack { id, version }),
            ServerMsg::Error {
                id, code, message, ..
            } => Ok(Event::Refused { id, code, message }),
            // Not among the kinds this client reads (filtered above).
            ServerMsg::Chat { .. } | ServerMsg::Presence { .. } => Ok(Event::Ignored),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command.

/// `ordo play --server URL ...`: the game is the table's (joining) or `--game` (creating).
pub(crate) fn run(args: &PlayArgs, server: &str) -> anyhow::Result<ExitCode> {
    let ep = Endpoint::parse(server)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    rt.block_on(async {
        let (kind, info) = match &args.table {
            Some(id) => {
                let info = table_info(&ep, id).await?;
                let kind = crate::games::kind(&info.game).map_err(|_| {
                    anyhow!(
                        "table `{id}` plays `{}`, which this client does not know",
                        info.game
                    )
                })?;
                (kind, Some(info))
            }
            None => (crate::games::kind(&args.game.game)?, None),
        };
        with_game!(kind, G => play_at::<G>(&ep, args, info).await)
    })
}

/// Creates a table, or takes the seat of the one described, then follows it to the end.
async fn play_at<G: CliGame>(
    ep: &Endpoint,
    args: &PlayArgs,
    info: Option<TableInfo>,
) -> anyhow::Result<ExitCode> {
    let (table, token) = match info {
        Some(info) => {
            let token = join_table(ep, &info, args.token.as_deref()).await?;
            (info.id, token)
        }
        None => create::<G>(ep, args).await?,
    };
    session::<G>(ep, &table, token.as_deref(), args.save.as_deref()).await
}

/// Creates a table from the command-line options; prints the invitations; returns the table
/// id and the token of the first human seat.
async fn create<G: CliGame>(
    ep: &Endpoint,
    args: &PlayArgs,
) -> anyhow::Result<(String, Option<String>)> {
    let names: Vec<&str> = args.seats.split(',').map(str::trim).collect();
    let mut seats = Vec::new();
    for name in &names {
        if *name == "human" {
            seats.push(SeatKind::Human);
        } else {
            name.parse::<BotSpec>()?;
            seats.push(SeatKind::Bot {
                bot: (*name).to_string(),
            });
        }
    }
    let mut game_args = args.game.clone();
    game_args.players = u8::try_from(names.len()).unwrap_or(u8::MAX);
    let config = crate::packs::config_for::<G>(&game_args)?;
    if args.seed.is_some() {
        eprintln!("note: --seed is not used with --server: the server draws the seed, commits to it and reveals it when the game ends");
    }
    let body = CreateTable {
        game: G::INFO.id.to_string(),
        config: serde_json::to_value(&config)?,
        seats,
        lobby: false,
        pace: ordo_server::protocol::Pace::default(),
        clock: None,
        standin: None,
        tutorial: false,
        rated: false,
    };
    let created: Created = ep
        .call(
            "POST",
            "/api/tables",
            Some(&serde_json::to_value(&body)?),
            "to create the table",
        )
        .await?;
    let id = created.id;
    let tokens = created.tokens;
    say!("Table {id} ({}) created on {}.", G::INFO.name, ep.url());
    say!(
        "Seed commitment (SHA-256 of the seed and a nonce, both revealed at the end): {}",
        created.seed_commitment
    );
    let mine = names.iter().position(|n| *n == "human");
    for (i, name) in names.iter().enumerate() {
        let token = tokens.get(i).cloned().flatten();
        match (*name, token) {
            ("human", Some(t)) if Some(i) == mine => say!(
                "  P{}: you (to rejoin: ordo play --server {} --table {id} --token {t})",
                i + 1,
                ep.url()
            ),
            ("human", Some(t)) => say!(
                "  P{}: invite with token {t}: ordo play --server {} --table {id} --token {t}\n      (WebSocket {}, the token as `Authorization: Bearer`)",
                i + 1,
                ep.url(),
                ep.ws_url(&id)
            ),
            ("human", None) => say!("  P{}: human (the server gave no token)", i + 1),
            (bot, _) => say!("  P{}: {bot} (bot)", i + 1),
        }
    }
    if mine.is_none() {
        say!("No human seat: watching the bots play.");
    }
    let token = mine.and_then(|i| tokens.get(i).cloned().flatten());
    if mine.is_some() && token.is_none() {
        bail!("the server did not hand out a token for your seat");
    }
    Ok((id, token))
}

/// The public facts of a table (a clear message for a wrong id).
async fn table_info(ep: &Endpoint, id: &str) -> anyhow::Result<TableInfo> {
    let path = format!("/api/tables/{}", encode(id));
    let a = ep.request("GET", &path, None).await?;
    match a.status {
        200 => {}
        404 => bail!("no table `{id}` on {}", ep.url()),
        s => bail!(
            "{} refused to show table `{id}`: {}",
            ep.url(),
            refusal(s, &a.body)
        ),
    }
    serde_json::from_str(&a.body).map_err(|e| {
        anyhow!(
            "the server's description of table `{id}` is not what this client expects ({e}): {}",
            snippet(&a.body)
        )
    })
}

/// With a seat token, takes the seat: joins an open table (lobby), takes a running table's
/// seat with its unused invite, or reclaims the seat of a running one from the stand-in bot
/// that plays it while its player is away. Returns the token to play with: taking a seat with
/// an invite gives the player a token of their own (the invite stops working).
async fn join_table(
    ep: &Endpoint,
    info: &TableInfo,
    token: Option<&str>,
) -> anyhow::Result<Option<String>> {
    let id = info.id.as_str();
    let path = format!("/api/tables/{}", encode(id));
    let Some(token) = token else { return Ok(None) };
    let status = info.status;
    if matches!(status, TableStatus::Open | TableStatus::Active) {
        let body = serde_json::to_string(&JoinRequest {
            token: Some(token.to_string()),
            ..JoinRequest::default()
        })?;
        let a = ep
            .request("POST", &format!("{path}/join"), Some(&body))
            .await?;
        match a.status {
            200 | 201 => {
                let own = serde_json::from_str::<Joined>(&a.body)
                    .map_err(|e| {
                        anyhow!(
                            "the server's answer to joining is not what this client expects ({e}): {}",
                            snippet(&a.body)
                        )
                    })?
                    .token;
                if own != token {
                    say!(
                        "Seat taken; your own token is {own} (the invite no longer works).\n  \
                         To rejoin: ordo play --server {} --table {id} --token {own}",
                        ep.url()
                    );
                }
                return Ok(Some(own));
            }
            403 => bail!(
                "the token does not hold a seat at table `{id}`: {}",
                refusal(a.status, &a.body)
            ),
            // A running table whose seat this token already holds: reclaim it below.
            409 if status == TableStatus::Active => {}
            s => bail!("cannot join table `{id}`: {}", refusal(s, &a.body)),
        }
    }
    if status == TableStatus::Active {
        // Best effort: the WebSocket checks the token in any case, and a decision sent for the
        // seat reclaims it too.
        let body = serde_json::to_string(&TokenBody {
            token: Some(token.to_string()),
        })?;
        let a = ep
            .request("POST", &format!("{path}/reclaim"), Some(&body))
            .await?;
        if a.status == 403 {
            bail!(
                "the token does not hold a seat at table `{id}`: {}",
                refusal(a.status, &a.body)
            );
        }
    }
    Ok(Some(token.to_string()))
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the table's WebSocket; refusals are explained.
async fn connect(ep: &Endpoint, table: &str, token: Option<&str>) -> anyhow::Result<Ws> {
    use tungstenite::client::IntoClientRequest as _;
    let shown = ep.ws_url(table);
    let mut req = shown
        .as_str()
        .into_client_request()
        .with_context(|| format!("the WebSocket address {shown}"))?;
    if let Some(t) = token {
        let value = format!("Bearer {t}")
            .parse()
            .map_err(|_| anyhow!("the seat token holds characters a header cannot carry"))?;
        req.headers_mut()
            .insert(tungstenite::http::header::AUTHORIZATION, value);
    }
    match tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio_tungstenite::connect_async_with_config(req, None, true),
    )
    .await
    {
        Err(_) => bail!(
            "opening the WebSocket {shown} took more than {} s",
            CONNECT_TIMEOUT.as_secs()
        ),
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(tungstenite::Error::Http(answer))) => {
            let status = answer.status().as_u16();
            let body = answer
                .body()
                .as_deref()
                .map(String::from_utf8_lossy)
                .unwrap_or_default();
            let why = refusal(status, &body);
            match status {
                403 => bail!("the token does not hold a seat at table `{table}`: {why}"),
                404 => bail!("no table `{table}` on {}: {why}", ep.url()),
                _ => bail!("the server refused the WebSocket {shown}: {why}"),
            }
        }
        Ok(Err(tungstenite::Error::Io(e))) => bail!(
            "cannot connect to {} (is `ordo serve` running there?): {e}",
            ep.url()
        ),
        Ok(Err(e)) => bail!("cannot open the WebSocket {shown}: {e}"),
    }
}

/// Standard input, line by line, read on its own thread (at most a line or two ahead).
fn stdin_lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel::<String>(1);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        loop {
            line.clear();
            match stdin.read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    if tx.blocking_send(line.trim().to_string()).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

fn prompt() -> anyhow::Result<()> {
    let mut out = std::io::stdout();
    write!(out, "> ")
        .and_then(|()| out.flush())
        .context("writing to standard output")
}

/// A decision sent and not yet answered.
#[derive(Debug)]
struct Sent {
    id: String,
    deadline: tokio::time::Instant,
}

type Sink = futures_util::stream::SplitSink<Ws, Message>;

/// The sending half, paced below the server's per-connection message limit.
struct Outbox {
    sink: Sink,
    next_at: tokio::time::Instant,
    /// The last message sent (resent when the server asks to slow down).
    last: Option<String>,
}

/// Time between two messages (the server refuses more than 50 a second).
const SEND_GAP: Duration = Duration::from_millis(25);
/// How long to wait before resending a message refused for the rate.
const RATE_RETRY: Duration = Duration::from_millis(1100);

impl Outbox {
    async fn send(&mut self, msg: &ClientMsg) -> anyhow::Result<()> {
        self.send_text(serde_json::to_string(msg)?).await
    }

    async fn send_text(&mut self, text: String) -> anyhow::Result<()> {
        tokio::time::sleep_until(self.next_at).await;
        self.sink
            .send(Message::Text(text.clone().into()))
            .await
            .context("sending to the server")?;
        self.next_at = tokio::time::Instant::now() + SEND_GAP;
        self.last = Some(text);
        Ok(())
    }

    async fn resend_last(&mut self) -> anyhow::Result<()> {
        if let Some(text) = self.last.clone() {
            self.send_text(text).await?;
        }
        Ok(())
    }

    async fn close(&mut self) {
        let _ = self.sink.send(Message::Close(None)).await;
    }
}

/// Follows a table until it ends (or the player quits).
async fn session<G: CliGame>(
    ep: &Endpoint,
    table: &str,
    token: Option<&str>,
    save: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let ws = connect(ep, table, token).await?;
    let (sink, mut stream) = ws.split();
    let mut out = Outbox {
        sink,
        next_at: tokio::time::Instant::now(),
        last: None,
    };
    let resync = ClientMsg::Resync;
    let mut lines = stdin_lines();
    let mut input_open = true;
    let mut tracker = Tracker::<G>::default();
    // The decisions on screen (the prompt is shown while this is set).
    let mut shown: Option<Vec<Legal>> = None;
    let mut pending: Option<Sent> = None;
    // After an acknowledgement: the version to reach before prompting again.
    let mut min_version = 0u64;
    // The last "waiting for" line printed (printed again only when it changes).
    let mut waiting_said: Option<String> = None;
    // Whether input typed while no decision is asked for was already answered.
    let mut nagged = false;
    let mut redraw = false;
    let mut spectator_drawn: Option<u64> = None;
    let mut retry_at: Option<tokio::time::Instant> = None;
    let mut counter = 0u64;
    // Gifts listed by the last `give`, made with `g1`, `g2`, ...
    let mut gifts: Vec<(G::Action, String)> = Vec::new();
    let id_prefix = format!(
        "{:x}-{:x}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    );
    match token {
        Some(_) => {
            say!("Joined table {table}. Type a number to choose, `r` to redraw, `q` to quit.")
        }
        None => say!("Watching table {table} as a spectator (`q` to stop)."),
    }
    loop {
        // What the screen should show for the state held.
        if let Some(held) = tracker.held.as_ref().filter(|_| !tracker.awaiting_snapshot) {
            let snap = &held.snap;
            if held.finished() {
                out.close().await;
                return finish::<G>(ep, table, held, save).await;
            }
            match snap.you {
                None => {
                    if redraw || spectator_drawn != Some(snap.version) {
                        spectator_drawn = Some(snap.version);
                        say!("\n{}", G::render_view(&held.view));
                        say!(
                            "(version {}, {}; to act: {})",
                            snap.version,
                            snap.status.as_str(),
                            seats_list(&snap.to_act)
                        );
                    }
                }
                Some(you) => {
                    let ready = pending.is_none() && snap.version >= min_version;
                    // An open table (a lobby still filling) takes no decisions yet.
                    if ready && snap.status != TableStatus::Open && !snap.legal.is_empty() {
                        if redraw || shown.as_ref() != Some(&snap.legal) {
                            if shown.is_some() && !redraw {
                                say!("\n(the table changed)");
                            }
                            say!("\n{}", G::render_view(&held.view));
                            say!("P{}, choose:", u32::from(you) + 1);
                            for (i, l) in snap.legal.iter().enumerate() {
                                say!("  {:>2}) {}", i + 1, l.label);
                            }
                            prompt()?;
                            shown = Some(snap.legal.clone());
                            waiting_said = None;
                            nagged = false;
                        }
                    } else {
                        shown = None;
                        if redraw {
                            say!("\n{}", G::render_view(&held.view));
                            waiting_said = None;
                        }
                        let waiting = if snap.status == TableStatus::Open {
                            "Waiting for the other players to join…".to_string()
                        } else {
                            format!("Waiting for {}…", seats_list(&snap.to_act))
                        };
                        if ready && waiting_said.as_ref() != Some(&waiting) {
                            say!("{waiting}");
                            waiting_said = Some(waiting);
                        }
                    }
                }
            }
            redraw = false;
        }
        if shown.is_some() && !input_open {
            // A decision is asked for and no more input will come.
            out.close().await;
            return quit(ep, table, token, save);
        }
        let far = tokio::time::Instant::now() + Duration::from_secs(86_400);
        let ack_deadline = pending.as_ref().map_or(far, |p| p.deadline);
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    None | Some(Ok(Message::Close(_))) => {
                        bail!("the server closed the connection to table `{table}`")
                    }
                    Some(Err(e)) => bail!("the connection to table `{table}` failed: {e}"),
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(_)) => continue,
                };
                match tracker.handle(&text)? {
                    Event::Updated | Event::Ignored => {}
                    Event::NeedResync => out.send(&resync).await?,
                    Event::Ack { id, version } => {
                        if pending.as_ref().is_some_and(|p| id == p.id) {
                            pending = None;
                            min_version = min_version.max(version);
                        }
                    }
                    Event::Refused { code, .. } if code == "request/rate_limited" => {
                        // Too fast: send the same message again in a moment (a decision keeps
                        // its id, so it is never applied twice).
                        retry_at = Some(tokio::time::Instant::now() + RATE_RETRY);
                    }
                    Event::Refused { id, code, message } => {
                        let ours = id.is_none()
                            || pending.as_ref().is_some_and(|p| id.as_deref() == Some(p.id.as_str()));
                        if ours {
                            say!("The server refused: {message} ({code})");
                            pending = None;
                            shown = None;
                            tracker.awaiting_snapshot = true;
                            out.send(&resync).await?;
                        }
                    }
                }
            }
            line = lines.recv(), if input_open => {
                let Some(line) = line else {
                    // End of input: a player leaves at the next decision; a spectator watches on.
                    input_open = false;
                    continue;
                };
                match (line.as_str(), shown.as_ref()) {
                    ("q" | "quit", _) => {
                        out.close().await;
                        return quit(ep, table, token, save);
                    }
                    ("r" | "redraw", _) => redraw = true,
                    ("u" | "undo", _) if token.is_some() && pending.is_none() => {
                        // Take back this seat's last decision (the server checks the policy).
                        let version = tracker.version().unwrap_or(0);
                        counter += 1;
                        let id = format!("{id_prefix}-{counter}");
                        out.send(&ClientMsg::Undo { id: id.clone(), version }).await?;
                        pending = Some(Sent { id, deadline: tokio::time::Instant::now() + ACK_TIMEOUT });
                        shown = None;
                    }
                    (t, _) if token.is_some() && (t.starts_with("give") || (t.starts_with('g') && t[1..].parse::<usize>().is_ok())) => {
                        // Gifts, at any time (not only when a decision is asked for).
                        if let Some(words) = t.strip_prefix("give") {
                            let me = tracker.held.as_ref().and_then(|h| h.snap.you).map(Seat);
                            let all = match (tracker.held.as_ref(), me) {
                                (Some(h), Some(s)) => G::view_gifts(&h.view, s),
                                _ => Vec::new(),
                            };
                            gifts = crate::games::matching(&all, words);
                            if gifts.is_empty() {
                                say!("No gift of yours matches; try `give crowns` or `give heir`.");
                            }
                            for (i, (_, text)) in gifts.iter().enumerate() {
                                say!("  g{}) {text}", i + 1);
                            }
                        } else if pending.is_some() {
                            say!("(wait for the answer to your last decision)");
                        } else {
                            let k = t[1..].parse::<usize>().unwrap_or(0);
                            match gifts.get(k.wrapping_sub(1)) {
                                Some((a, text)) => {
                                    let version = tracker.version().unwrap_or(0);
                                    counter += 1;
                                    let id = format!("{id_prefix}-{counter}");
                                    let action = serde_json::to_value(a)?;
                                    out.send(&ClientMsg::Action { id: id.clone(), version, action }).await?;
                                    pending = Some(Sent { id, deadline: tokio::time::Instant::now() + ACK_TIMEOUT });
                                    say!("You: {text}");
                                    gifts.clear();
                                    // The decision asked for (if any) is shown again once the
                                    // gift is in.
                                    shown = None;
                                }
                                None => say!("List gifts first with `give WORDS`."),
                            }
                        }
                    }
                    ("", Some(_)) => prompt()?,
                    ("", None) => {}
                    (t, Some(legal)) => match t.parse::<usize>() {
                        Ok(k) if (1..=legal.len()).contains(&k) => {
                            let version = tracker.version().unwrap_or(0);
                            counter += 1;
                            let id = format!("{id_prefix}-{counter}");
                            let msg = ClientMsg::Action { id: id.clone(), version, action: legal[k - 1].action.clone() };
                            out.send(&msg).await?;
                            pending = Some(Sent { id, deadline: tokio::time::Instant::now() + ACK_TIMEOUT });
                            shown = None;
                        }
                        _ => {
                            say!("Enter a number from 1 to {} (or u to take back your last decision, r to redraw, q to quit).", legal.len());
                            prompt()?;
                        }
                    },
                    (_, None) => {
                        // Typed while no decision is asked for: dropped, as the list may change.
                        if !nagged && token.is_some() {
                            nagged = true;
                            say!("(no decision of yours is pending: wait for the list; q to quit)");
                        }
                    }
                }
            }
            () = tokio::time::sleep_until(retry_at.unwrap_or(far)), if retry_at.is_some() => {
                retry_at = None;
                out.resend_last().await?;
                if let Some(p) = pending.as_mut() {
                    p.deadline = tokio::time::Instant::now() + ACK_TIMEOUT;
                }
            }
            () = tokio::time::sleep_until(ack_deadline), if pending.is_some() && retry_at.is_none() => {
                bail!("the server did not answer the decision within {} s", ACK_TIMEOUT.as_secs());
            }
        }
    }
}

fn seats_list(seats: &[u8]) -> String {
    if seats.is_empty() {
        return "nobody".to_string();
    }
    seats
        .iter()
        .map(|s| format!("P{}", u32::from(*s) + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Leaves the table (the game goes on at the server).
fn quit(
    ep: &Endpoint,
    table: &str,
    token: Option<&str>,
    save: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    say!();
    match token {
        Some(t) => say!(
            "Left table {table}. Rejoin with: ordo play --server {} --table {table} --token {t}",
            ep.url()
        ),
        None => say!("Stopped watching table {table}."),
    }
    if save.is_some() {
        say!("The record is available once the game is over; nothing saved.");
    }
    Ok(ExitCode::SUCCESS)
}

/// The end: the final board, the outcome (from the table's record, replayed here), the
/// revealed seed checked against its commitment, and the record saved if asked.
async fn finish<G: CliGame>(
    ep: &Endpoint,
    table: &str,
    held: &Held<G>,
    save: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    say!("\n{}", G::render_view(&held.view));
    let a = ep
        .request(
            "GET",
            &format!("/api/tables/{}/record", encode(table)),
            None,
        )
        .await?;
    if a.status != 200 {
        bail!(
            "cannot download the record of table `{table}`: {}",
            refusal(a.status, &a.body)
        );
    }
    let record: Value = serde_json::from_str(&a.body)
        .map_err(|e| anyhow!("the record of table `{table}` is not JSON: {e}"))?;
    let text = serde_json::to_string_pretty(&record)?;
    match ordo_core::replay_json::<G>(&text) {
        Ok(m) => match m.state().to_act() {
            ToAct::Over(outcome) => {
                let w = outcome.winner();
                say!("Game over. Winner: seat {} (P{}).", w.0, u32::from(w.0) + 1);
                let list: Vec<String> = outcome
                    .scores
                    .iter()
                    .map(|(s, t)| format!("P{} {t}", s.0 + 1))
                    .collect();
                say!("Final scores: {}", list.join(", "));
            }
            _ => say!("The record ends before the game does."),
        },
        Err(e) => eprintln!("warning: the downloaded record does not replay: {e}"),
    }
    match (&held.snap.seed, &held.snap.seed_commitment) {
        (Some(seed), c) => {
            let ok = seed.parse::<u64>().is_ok_and(|n| {
                &ordo_server::table::seed_commitment_with(n, held.snap.seed_nonce.as_deref()) == c
            });
            say!(
                "Seed {seed}: {}",
                if ok {
                    "matches the commitment published at the start"
                } else {
                    "does NOT match the commitment published at the start!"
                }
            );
        }
        (None, _) => say!("The server did not reveal the seed."),
    }
    if let Some(path) = save {
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
        say!("record saved to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use ordo_core::{Match, Seat, Viewer};

    #[test]
    fn urls_parse_and_bad_ones_are_explained() {
        let e = Endpoint::parse("http://127.0.0.1:8080").unwrap();
        assert_eq!(
            (e.host.as_str(), e.port, e.url()),
            ("127.0.0.1", 8080, "http://127.0.0.1:8080".to_string())
        );
        let e = Endpoint::parse("http://localhost/").unwrap();
        assert_eq!((e.host.as_str(), e.port), ("localhost", 80));
        let e = Endpoint::parse("http://[::1]:9000/ordo/").unwrap();
        assert_eq!(e.host, "::1");
        assert_eq!(e.ws_url("a b"), "ws://[::1]:9000/ordo/api/tables/a%20b/ws");
        for bad in [
            "127.0.0.1:8080",
            "https://x",
            "ws://x:1",
            "http://",
            "http://h:x",
            "http://h:0",
            "http://h:99999",
            "http://[::1",
            "http://h:1/?a",
        ] {
            assert!(Endpoint::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn refusals_are_explained() {
        assert_eq!(
            refusal(
                404,
                r#"{"code":"game/not_found","message":"no such table"}"#
            ),
            "no such table (game/not_found)"
        );
    }

    fn snapshot_of(m: &Match<crusaders::Crusaders>, seat: u8) -> Value {
        let s = Seat(seat);
        let legal: Vec<Value> = m
            .state()
            .legal_actions(s)
            .iter()
            .map(|a| json!({"action": serde_json::to_value(a).unwrap(), "label": m.state().describe_action(a)}))
            .collect();
        json!({
            "type": "snapshot", "table": "t", "version": m.version(), "status": "active",
            "you": seat, "to_act": m.state().to_act().seats().iter().map(|s| s.0).collect::<Vec<_>>(),
            "view": m.state().view(Viewer::Seat(s)), "legal": legal,
            "game": "crusaders", "seats": [], "clocks": null, "can_undo": false, "log": {},
            "seed_commitment": "c", "seed": null, "seed_nonce": null,
        })
    }

    #[test]
    fn snapshots_and_patches_keep_the_view_current() {
        let config = crusaders::Config {
            players: 2,
            ..crusaders::Config::default()
        };
        let mut m = Match::<crusaders::Crusaders>::new(config, 3).unwrap();
        let mut t = Tracker::<crusaders::Crusaders>::default();
        let first = snapshot_of(&m, 0);
        assert_eq!(t.handle(&first.to_string()).unwrap(), Event::Updated);
        assert_eq!(t.version(), Some(0));
        // Play a few decisions; each arrives as a merge patch of the previous snapshot.
        let mut old = first;
        for _ in 0..20 {
            let seat = m.state().to_act().seats().iter().next().unwrap();
            let a = m.state().legal_actions(seat)[0];
            m.apply(seat, a).unwrap();
            let new = snapshot_of(&m, 0);
            let patch = ordo_server::delta::merge_diff(&old, &new).unwrap();
            let msg = json!({"type": "patch", "base": old["version"], "version": new["version"], "patch": patch});
            assert_eq!(t.handle(&msg.to_string()).unwrap(), Event::Updated);
            let held = t.held.as_ref().unwrap();
            assert_eq!(held.snap.version, m.version());
            assert_eq!(held.view, m.state().view(Viewer::Seat(Seat(0))));
            assert_eq!(
                held.snap.legal.len(),
                m.state().legal_actions(Seat(0)).len()
            );
            old = new;
        }
        // A patch on another base asks for a resync; patches are ignored until a snapshot.
        let stray =
            json!({"type": "patch", "base": 999, "version": 1000, "patch": {"status": "x"}});
        assert_eq!(t.handle(&stray.to_string()).unwrap(), Event::NeedResync);
        assert_eq!(t.handle(&stray.to_string()).unwrap(), Event::Ignored);
        assert_eq!(t.handle(&old.to_string()).unwrap(), Event::Updated);
        assert!(!t.awaiting_snapshot);
        // Unknown types are ignored; acks and errors are reported.
        assert_eq!(
            t.handle(r#"{"type":"hello","version":1}"#).unwrap(),
            Event::Ignored
        );
        assert_eq!(
            t.handle(r#"{"type":"ack","id":"x","version":7}"#).unwrap(),
            Event::Ack {
                id: "x".into(),
                version: 7
            }
        );
        assert!(matches!(
            t.handle(
                r#"{"type":"error","id":null,"code":"action/illegal","message":"no","version":7}"#
            )
            .unwrap(),
            Event::Refused { id: None, .. }
        ));
        // Malformed messages are errors, never panics.
        for bad in [
            "not json",
            "[1]",
            r#"{"type":"snapshot","version":1}"#,
            r#"{"type":"ack"}"#,
            r#"{"type":"patch","base":1}"#,
        ] {
            assert!(t.handle(bad).is_err(), "{bad}");
        }
    }
}
