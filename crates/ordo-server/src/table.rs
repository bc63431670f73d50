//! Live tables: the lobby (join, leave, start), the move pipeline (check, persist, then
//! acknowledge and broadcast), take-backs, clocks, stand-in bots and reclaiming a seat.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ordo_ai::BotSpec;
use ordo_core::{Seat, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::{broadcast, watch, Mutex};

use crate::error::ApiError;
use crate::game::AnyGame;
use crate::store::{
    now_ms, EntryKind, NewEntry, SeatsChange, Store, StoreError, TableRow, TableStatus,
};

/// The longest a hosted bot may think per decision: a table's bots share the server.
pub const MAX_BOT_TIME: Duration = Duration::from_secs(10);
/// The most search iterations a hosted bot may run per decision.
pub const MAX_BOT_ITERATIONS: u64 = 100_000;

/// A bot for a hosted seat or stand-in: a known bot within the server's limits.
///
/// # Errors
/// An unknown bot, or a search budget over [`MAX_BOT_TIME`] or [`MAX_BOT_ITERATIONS`].
pub fn hosted_bot(name: &str) -> Result<BotSpec, String> {
    let spec: BotSpec = name
        .parse()
        .map_err(|e: ordo_ai::ParseBotError| e.to_string())?;
    match spec {
        BotSpec::MctsIterations(n) if n > MAX_BOT_ITERATIONS => Err(format!(
            "bot `{name}`: at most {MAX_BOT_ITERATIONS} iterations per decision on this server"
        )),
        BotSpec::MctsTime(d) if d > MAX_BOT_TIME => Err(format!(
            "bot `{name}`: at most {} s per decision on this server",
            MAX_BOT_TIME.as_secs()
        )),
        _ => Ok(spec),
    }
}

/// A stored bot name as it may run here: over-limit budgets (from a table created before the
/// limits) are cut down to them.
fn bot_within_limits(name: &str) -> Option<BotSpec> {
    Some(match name.parse().ok()? {
        BotSpec::MctsIterations(n) => BotSpec::MctsIterations(n.min(MAX_BOT_ITERATIONS)),
        BotSpec::MctsTime(d) => BotSpec::MctsTime(d.min(MAX_BOT_TIME)),
        other => other,
    })
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum SeatKind {
    /// A person holding the seat's token.
    Human,
    /// A server-side bot (`random`, `heuristic`, `easy`, `medium`, `hard`, `mcts:…`).
    Bot {
        /// The bot's name.
        bot: String,
    },
}

fn yes() -> bool {
    true
}

/// A seat as stored: its kind and the hash of its secret token (never the token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Who sits here.
    #[serde(flatten)]
    pub kind: SeatKind,
    /// SHA-256 of the seat token (hex).
    pub token_hash: String,
    /// The player's display name, once joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether the seat's holder has joined (always true for bots and for tables that start at
    /// once).
    #[serde(default = "yes")]
    pub joined: bool,
    /// A human seat whose player left or ran out of time: the table's stand-in bot plays it
    /// until the player reclaims it.
    #[serde(default)]
    pub away: bool,
    /// Whether the seat's token was issued to the player who took the seat. A token handed
    /// out when the table was created is an invite: whoever takes the seat with it (`join`)
    /// receives a fresh token and the invite stops working, so the table's creator, who saw
    /// every invite, keeps no way into another player's seat. Seats stored before invites were
    /// retired read as taken, so their tokens go on working as they did.
    #[serde(default = "yes")]
    pub claimed: bool,
}

/// A chess-style clock: every human seat starts with `initial_ms` and gains `increment_ms`
/// after each of its decisions. A seat whose time runs out is handed to the stand-in bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Starting time per seat, milliseconds.
    #[ts(type = "number")]
    pub initial_ms: u64,
    /// Time added after each decision, milliseconds.
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub increment_ms: u64,
}

/// How fast the table plays (shown in the lobby; the clock, if any, enforces it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Everyone at the table at once.
    #[default]
    RealTime,
    /// Players come back when it is their turn (clocks in hours or days).
    TurnBased,
}

fn default_standin() -> String {
    "heuristic".into()
}

/// Table options beyond the game's config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Human seats are claimed with `join`; the table starts when every human seat has joined
    /// (or when the host starts it). Without a lobby the table starts at once.
    #[serde(default)]
    pub lobby: bool,
    /// Real-time or turn-based.
    #[serde(default)]
    pub pace: Pace,
    /// The clock, if any.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// The bot that plays for a player who left or ran out of time.
    #[serde(default = "default_standin")]
    pub standin: String,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            lobby: false,
            pace: Pace::RealTime,
            clock: None,
            standin: default_standin(),
        }
    }
}

/// The stored seats document: seats, table options and the host's token hash.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SeatsDoc {
    seats: Vec<SeatInfo>,
    #[serde(default)]
    options: TableOptions,
    #[serde(default)]
    host_hash: String,
}

impl SeatsDoc {
    /// Parses the stored document (a bare seat list in tables stored before options existed).
    fn parse(text: &str) -> Result<SeatsDoc, serde_json::Error> {
        serde_json::from_str::<SeatsDoc>(text).or_else(|_| {
            serde_json::from_str::<Vec<SeatInfo>>(text).map(|seats| SeatsDoc {
                seats,
                options: TableOptions::default(),
                host_hash: String::new(),
            })
        })
    }
}

/// One entry of a table's log.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LogEntry {
    seat: u8,
    kind: EntryKind,
    action: String,
    /// A readable label (empty for take-backs and for decisions taken back before a restart).
    label: String,
    /// Made while seats decided simultaneously and secretly.
    secret: bool,
    /// Clock increment the decision earned (ms; 0 when the seat's clock was not running, and
    /// for entries read back after a restart).
    granted_ms: i64,
}

impl LogEntry {
    /// The entry as a log line, its label and action withheld when `hidden`.
    fn line(&self, hidden: bool) -> crate::protocol::LogLine {
        crate::protocol::LogLine {
            seat: self.seat,
            secret: self.secret,
            label: (!hidden).then(|| self.label.clone()),
            action: if hidden {
                None
            } else {
                serde_json::from_str(&self.action).ok()
            },
        }
    }
}

/// A table in memory.
#[derive(Debug)]
pub struct LiveTable {
    /// The stored row.
    pub row: TableRow,
    /// Seats.
    pub seats: Vec<SeatInfo>,
    /// Table options.
    pub options: TableOptions,
    host_hash: String,
    /// The game: the decisions in effect, replayed.
    pub game: AnyGame,
    log: Vec<LogEntry>,
    /// Remaining time per seat at the last log entry (empty without a clock), milliseconds.
    clocks: Vec<i64>,
    /// Since when each seat's clock has been running.
    running_since: Vec<Option<Instant>>,
}

impl LiveTable {
    /// What a change of the seats may have to put back if it is not stored.
    fn seats_before(&self) -> SeatsBefore {
        SeatsBefore {
            seats: self.seats.clone(),
            status: self.row.status,
            clocks: self.clocks.clone(),
            running_since: self.running_since.clone(),
        }
    }

    /// Undoes an unstored change of the seats.
    fn put_back(&mut self, before: SeatsBefore) {
        self.seats = before.seats;
        self.row.status = before.status;
        self.clocks = before.clocks;
        self.running_since = before.running_since;
    }

    /// The stand-in hands `seat` back to its player, who gets a minimum of time to think
    /// (back from a timeout). Nothing happens to a seat the player holds already.
    fn hand_back(&mut self, seat: Seat) {
        match self.seats.get_mut(seat.index()) {
            Some(s) if s.away => s.away = false,
            _ => return,
        }
        if let Some(c) = self.options.clock {
            let floor = i64::try_from(c.increment_ms.max(10_000)).unwrap_or(10_000);
            if let Some(left) = self.clocks.get_mut(seat.index()) {
                *left = (*left).max(floor);
            }
        }
    }

    /// Whether `seat` is held only by the invite the host handed out at a lobby table: the
    /// invite takes the seat (`join`) and shows the public view, nothing more, so a host who
    /// starts the table early cannot read the seats nobody has taken yet. (At a table without a
    /// lobby the invites hold their seats until they are taken.)
    pub fn invite_only(&self, seat: Seat) -> bool {
        self.options.lobby
            && self
                .seats
                .get(seat.index())
                .is_some_and(|s| s.kind == SeatKind::Human && !s.claimed)
    }

    /// The table version: the length of its log (decisions and take-backs).
    pub fn version(&self) -> u64 {
        self.log.len() as u64
    }

    /// The bot deciding for `seat` now: a bot seat's own bot, or the stand-in of an away
    /// player.
    pub fn bot_for(&self, seat: Seat) -> Option<BotSpec> {
        let info = self.seats.get(seat.index())?;
        match &info.kind {
            SeatKind::Bot { bot } => bot_within_limits(bot),
            SeatKind::Human if info.away => bot_within_limits(&self.options.standin),
            SeatKind::Human => None,
        }
    }

    fn seats_json(&self) -> Result<String, ApiError> {
        serde_json::to_string(&SeatsDoc {
            seats: self.seats.clone(),
            options: self.options.clone(),
            host_hash: self.host_hash.clone(),
        })
        .map_err(|e| ApiError::Internal(e.to_string()))
    }

    /// Indices (into the log) of the decisions in effect.
    fn in_effect(&self) -> Vec<usize> {
        let mut stack = Vec::new();
        for (i, e) in self.log.iter().enumerate() {
            match e.kind {
                EntryKind::Decision => stack.push(i),
                EntryKind::Undo => {
                    stack.pop();
                }
            }
        }
        stack
    }

    /// Remaining time of every seat now, milliseconds (empty without a clock).
    pub fn clocks_now(&self) -> Vec<i64> {
        let now = Instant::now();
        self.clocks
            .iter()
            .zip(&self.running_since)
            .map(|(&left, since)| {
                left - since.map_or(0, |t| {
                    i64::try_from(now.duration_since(t).as_millis()).unwrap_or(i64::MAX)
                })
            })
            .collect()
    }

    /// Starts the clocks of the human seats now to act, stops the others.
    fn run_clocks(&mut self) {
        if self.clocks.is_empty() {
            return;
        }
        let active = self.row.status == TableStatus::Active;
        let pending = self.game.pending();
        let now = Instant::now();
        for (i, since) in self.running_since.iter_mut().enumerate() {
            let human = self
                .seats
                .get(i)
                .is_some_and(|s| s.kind == SeatKind::Human && !s.away);
            if active && human && pending.contains(Seat(i as u8)) {
                since.get_or_insert(now);
            } else {
                *since = None;
            }
        }
    }

    /// The seats' clocks after `seat` decides now (charged, plus the increment).
    fn clocks_after(&self, seat: Seat) -> Vec<i64> {
        let mut c = self.clocks_now();
        let inc = self
            .options
            .clock
            .map_or(0, |k| i64::try_from(k.increment_ms).unwrap_or(0));
        if let (Some(left), Some(Some(_))) = (
            c.get_mut(seat.index()),
            self.running_since.get(seat.index()),
        ) {
            *left = (*left).max(0) + inc;
        }
        c
    }

    fn from_stored(stored: crate::store::StoredTable) -> Result<LiveTable, ApiError> {
        let id = stored.table.id.clone();
        let config: Value = serde_json::from_str(&stored.table.config)
            .map_err(|e| ApiError::Damaged(format!("config of {id}: {e}")))?;
        let doc = SeatsDoc::parse(&stored.table.seats)
            .map_err(|e| ApiError::Damaged(format!("seats of {id}: {e}")))?;
        let start = AnyGame::new(&stored.table.game, &config, stored.table.seed)
            .map_err(|e| ApiError::Damaged(format!("game of {id}: {e}")))?;
        let log: Vec<LogEntry> = stored
            .actions
            .iter()
            .map(|a| LogEntry {
                seat: a.seat,
                kind: a.kind,
                action: a.action.clone(),
                label: String::new(),
                secret: false,
                granted_ms: 0,
            })
            .collect();
        let mut clocks = match doc.options.clock {
            Some(c) => vec![i64::try_from(c.initial_ms).unwrap_or(i64::MAX); doc.seats.len()],
            None => Vec::new(),
        };
        if let Some(last) = stored.actions.iter().rev().find_map(|a| a.clocks.as_ref()) {
            if let Ok(c) = serde_json::from_str::<Vec<i64>>(last) {
                if c.len() == clocks.len() {
                    clocks = c;
                }
            }
        }
        let mut t = LiveTable {
            row: stored.table,
            running_since: vec![None; clocks.len()],
            clocks,
            seats: doc.seats,
            options: doc.options,
            host_hash: doc.host_hash,
            game: start,
            log,
        };
        // Replay the decisions in effect, labelling each in the position it was made in.
        for i in t.in_effect() {
            let Some(e) = t.log.get_mut(i) else { continue };
            e.label = t.game.describe(&e.action);
            e.secret = t.game.is_secret(Seat(e.seat), &e.action);
            t.game.apply(Seat(e.seat), &e.action).map_err(|err| {
                ApiError::Damaged(format!("table {id}, entry {i} does not replay: {err}"))
            })?;
        }
        t.run_clocks();
        Ok(t)
    }
}

/// A table with its change notifications.
#[derive(Debug)]
pub struct TableHandle {
    /// The table.
    pub table: Mutex<LiveTable>,
    /// New versions are announced here; each connection builds its own view.
    pub notify: broadcast::Sender<u64>,
    bots_running: AtomicBool,
    clocked: bool,
    /// Set when the table's record turned out not to replay; its connections then close.
    damaged: AtomicBool,
}

impl TableHandle {
    fn new(t: LiveTable) -> Arc<TableHandle> {
        let clocked = t.options.clock.is_some();
        Arc::new(TableHandle {
            table: Mutex::new(t),
            notify: broadcast::channel(64).0,
            bots_running: AtomicBool::new(false),
            clocked,
            damaged: AtomicBool::new(false),
        })
    }

    /// Whether the table's record turned out not to replay (its connections must close).
    pub fn is_damaged(&self) -> bool {
        self.damaged.load(Ordering::SeqCst)
    }

    /// The table, locked for a change: nothing more is written to a damaged table.
    pub(crate) async fn lock_live(
        &self,
    ) -> Result<tokio::sync::MutexGuard<'_, LiveTable>, ApiError> {
        let t = self.table.lock().await;
        if self.is_damaged() {
            return Err(ApiError::Damaged("the table was found damaged".into()));
        }
        Ok(t)
    }
}

/// Counters for `/metrics`.
#[derive(Debug, Default)]
pub struct Metrics {
    /// Decisions accepted (durably stored).
    pub decisions: std::sync::atomic::AtomicU64,
    /// Decisions refused.
    pub refused: std::sync::atomic::AtomicU64,
    /// Tables created.
    pub tables_created: std::sync::atomic::AtomicU64,
    /// Open WebSocket connections.
    pub connections: std::sync::atomic::AtomicI64,
    /// Seats handed to a stand-in because their clock ran out.
    pub timeouts: std::sync::atomic::AtomicU64,
}

/// Shared server state.
#[derive(Clone)]
pub struct AppState {
    /// Durable storage.
    pub store: Arc<dyn Store>,
    /// Counters.
    pub metrics: Arc<Metrics>,
    /// Per-address request limits.
    pub limiter: Arc<crate::limit::IpLimiter>,
    /// Hint searches running at once: at most one per core; more are refused, not queued.
    pub(crate) searches: Arc<tokio::sync::Semaphore>,
    /// Bot decisions thinking at once, over all tables: at most one per core; the others wait
    /// their turn, so bot tables cannot take the server's cores from each other or from requests.
    bot_slots: Arc<tokio::sync::Semaphore>,
    /// Open WebSocket connections per client address.
    pub(crate) sockets: Arc<std::sync::Mutex<BTreeMap<std::net::IpAddr, u32>>>,
    tables: Arc<Mutex<BTreeMap<String, Arc<TableHandle>>>>,
    /// Tables whose stored record could not be read or replayed by this instance, with the
    /// reason (kept for the instance's life: a replay is deterministic, so trying again gives
    /// the same answer until the server is changed and restarted).
    damaged: Arc<std::sync::Mutex<BTreeMap<String, String>>>,
    shutdown: watch::Sender<bool>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("store", &self.store.backend())
            .finish()
    }
}

/// A fresh random hex string from the operating system.
pub(crate) fn random_hex(bytes: usize) -> Result<String, ApiError> {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// SHA-256, hex.
pub fn sha256_hex(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A bot's own seed for one decision: derived from the table's seed through a hash, so that it
/// never equals the game's seed and no bot's randomness retraces the game's deals.
fn bot_seed(seed: u64, version: u64) -> u64 {
    let digest = Sha256::digest(format!("ordo bot {seed} {version}").as_bytes());
    digest
        .iter()
        .take(8)
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
}

/// The published commitment of a seed: SHA-256 of its decimal text.
pub fn seed_commitment(seed: u64) -> String {
    sha256_hex(seed.to_string().as_bytes())
}

/// What the creator asks for.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// Game id (`crusaders`).
    pub game: String,
    /// The game's config (players, variant, expansions, ...; for Crusaders, `Config`).
    #[ts(type = "unknown")]
    pub config: Value,
    /// One entry per seat.
    pub seats: Vec<SeatKind>,
    /// Open a lobby: human seats are claimed with `join` before the game starts.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub lobby: bool,
    /// Real-time or turn-based.
    #[serde(default)]
    #[ts(as = "Option<Pace>", optional)]
    pub pace: Pace,
    /// A clock for the human seats.
    #[serde(default)]
    #[ts(optional)]
    pub clock: Option<ClockSpec>,
    /// The bot playing for players who leave or run out of time (default `heuristic`).
    #[serde(default)]
    #[ts(optional)]
    pub standin: Option<String>,
}

/// What the creator gets back: the table id, the seed commitment, one secret token per seat
/// (invite links for humans) and the host's token (to start the table early).
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct Created {
    /// Table id.
    pub id: String,
    /// SHA-256 commitment of the seed, revealed when the game ends.
    pub seed_commitment: String,
    /// Seat tokens, by seat (bots' tokens are not handed out).
    pub tokens: Vec<Option<String>>,
    /// The host's token.
    pub host_token: String,
}

/// What a player gets back from `join`.
#[derive(Clone, Debug, Serialize, Deserialize, ts_rs::TS)]
pub struct Joined {
    /// The seat claimed.
    pub seat: u8,
    /// The seat's token (a fresh one when joining without an invite).
    pub token: String,
    /// The table's status after joining.
    pub status: TableStatus,
}

impl AppState {
    /// State over a store, recovering every unfinished table by replaying its record.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn recover(store: Arc<dyn Store>) -> Result<AppState, ApiError> {
        Self::recover_with(store, crate::limit::IpLimiter::default()).await
    }

    /// [`AppState::recover`] with request limits per address.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn recover_with(
        store: Arc<dyn Store>,
        limiter: crate::limit::IpLimiter,
    ) -> Result<AppState, ApiError> {
        let state = AppState {
            store,
            metrics: Arc::default(),
            limiter: Arc::new(limiter),
            searches: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            )),
            sockets: Arc::default(),
            bot_slots: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            )),
            tables: Arc::new(Mutex::new(BTreeMap::new())),
            damaged: Arc::default(),
            shutdown: watch::channel(false).0,
        };
        for status in [TableStatus::Open, TableStatus::Active] {
            for row in state.store.list_tables(Some(status)).await? {
                let id = row.id.clone();
                if let Err(e) = state.load(&id).await {
                    tracing::error!(table = %id, error = %e, "table could not be recovered");
                }
            }
        }
        let ids: Vec<String> = state.tables.lock().await.keys().cloned().collect();
        tracing::info!(tables = ids.len(), "recovered unfinished tables");
        for id in ids {
            state.spawn_bots(&id);
        }
        if let Some(mut changes) = state.store.changes().await? {
            let s = state.clone();
            tokio::spawn(async move {
                while let Some(id) = changes.recv().await {
                    s.on_remote_change(&id).await;
                }
            });
        }
        let s = state.clone();
        tokio::spawn(async move { s.watch_clocks().await });
        let s = state.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            let mut stop = s.shutdown_signal();
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stop.changed() => return,
                }
                s.evict_finished().await;
            }
        });
        Ok(state)
    }

    /// Drops finished tables nobody is using from memory (they stay in the store and are
    /// loaded again when asked for), so a long-running server does not keep every game it
    /// ever hosted. Returns how many were dropped.
    pub async fn evict_finished(&self) -> usize {
        let mut tables = self.tables.lock().await;
        let before = tables.len();
        tables.retain(|_, h| {
            // In use: a connection or request holds the handle, or its table is locked.
            if Arc::strong_count(h) > 1 {
                return true;
            }
            h.table
                .try_lock()
                .map_or(true, |t| t.row.status != TableStatus::Finished)
        });
        before - tables.len()
    }

    /// A receiver that turns true when the server shuts down.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Tells every connection to finish (graceful shutdown).
    pub fn begin_shutdown(&self) {
        let _ = self.shutdown.send(true);
    }

    /// Another instance changed table `id` (empty: any table may have changed): reload what
    /// this instance holds and tell its connections.
    async fn on_remote_change(&self, id: &str) {
        let handles: Vec<(String, Arc<TableHandle>)> = {
            let tables = self.tables.lock().await;
            if id.is_empty() {
                tables.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            } else {
                tables
                    .get(id)
                    .map(|h| vec![(id.to_string(), h.clone())])
                    .unwrap_or_default()
            }
        };
        for (id, handle) in handles {
            let version = {
                let mut t = handle.table.lock().await;
                if let Err(e) = self.catch_up(&mut t, &id).await {
                    tracing::warn!(table = %id, error = %e, "could not catch up");
                    continue;
                }
                t.version()
            };
            let _ = handle.notify.send(version);
            self.spawn_bots(&id);
        }
    }

    /// Loads a table from the store into memory (replaying its decisions).
    async fn load(&self, id: &str) -> Result<Arc<TableHandle>, ApiError> {
        // Recovery calls this directly, so the damage check `table()` makes is repeated here:
        // a table already found damaged is not read again.
        if let Some(reason) = self.damage(id) {
            return Err(ApiError::Damaged(reason));
        }
        let mut live = self.read_live(id).await?;
        // A game whose last decision was stored but whose end was not (a stop in between) is
        // finished all the same.
        if live.game.to_act().is_over() && live.row.status != TableStatus::Finished {
            if let Err(e) = self.store.set_status(id, TableStatus::Finished).await {
                tracing::error!(table = %id, error = %e, "finished status not stored");
            }
            live.row.status = TableStatus::Finished;
            live.run_clocks();
        }
        let handle = TableHandle::new(live);
        let mut tables = self.tables.lock().await;
        // Another request may have found the record damaged meanwhile (checked under the lock
        // that marking takes).
        if let Some(reason) = self.damage(id) {
            return Err(ApiError::Damaged(reason));
        }
        // Two loads may race; keep the first.
        Ok(tables
            .entry(id.to_string())
            .or_insert_with(|| handle.clone())
            .clone())
    }

    /// Why table `id`'s stored record could not be replayed, if this instance found so.
    pub fn damage(&self, id: &str) -> Option<String> {
        self.damaged.lock().ok().and_then(|d| d.get(id).cloned())
    }

    /// Reads table `id` from the store and replays its record; a record that cannot be read
    /// back or replayed marks the table damaged.
    async fn read_live(&self, id: &str) -> Result<LiveTable, ApiError> {
        let loaded = match self.store.load_table(id).await {
            Ok(Some(stored)) => LiveTable::from_stored(stored),
            Ok(None) => Err(ApiError::NotFound),
            Err(crate::store::StoreError::Corrupt(e)) => {
                Err(ApiError::Damaged(format!("table {id}: {e}")))
            }
            Err(e) => Err(e.into()),
        };
        match loaded {
            Err(ApiError::Damaged(reason)) => Err(self.mark_damaged(id, reason).await),
            other => other,
        }
    }

    /// Remembers that table `id`'s record does not replay: it leaves memory, its connections
    /// are told and closed, and every later request is answered with the returned error. The
    /// record itself is left as it is.
    async fn mark_damaged(&self, id: &str, reason: String) -> ApiError {
        tracing::error!(table = %id, %reason, "table record cannot be replayed");
        let removed = {
            let mut tables = self.tables.lock().await;
            if let Ok(mut d) = self.damaged.lock() {
                d.insert(id.to_string(), reason.clone());
            }
            let removed = tables.remove(id);
            if let Some(h) = &removed {
                h.damaged.store(true, Ordering::SeqCst);
            }
            removed
        };
        if let Some(h) = removed {
            // Connections re-read the table when woken; the number carries nothing here.
            let _ = h.notify.send(0);
        }
        ApiError::Damaged(reason)
    }

    /// The live table, loading it if another instance created it.
    ///
    /// # Errors
    /// [`ApiError::NotFound`]; [`ApiError::Damaged`].
    pub async fn table(&self, id: &str) -> Result<Arc<TableHandle>, ApiError> {
        if let Some(reason) = self.damage(id) {
            return Err(ApiError::Damaged(reason));
        }
        if let Some(h) = self.tables.lock().await.get(id) {
            return Ok(h.clone());
        }
        self.load(id).await
    }

    /// Creates a table. Without a lobby it starts at once (seats are held by token); with one,
    /// it waits for its human seats to join.
    ///
    /// # Errors
    /// Invalid options; storage errors.
    pub async fn create(&self, req: CreateTable) -> Result<Created, ApiError> {
        let seed = u64::from_str_radix(&random_hex(8)?, 16)
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        if !req.config.is_object() {
            return Err(ApiError::InvalidTable("config: a JSON object".into()));
        }
        let game = AnyGame::new(&req.game, &req.config, seed)?;
        let game_config = game.config_json();
        if req.seats.len() != usize::from(game.seats()) {
            return Err(ApiError::InvalidTable(format!(
                "{} seats listed for {} players",
                req.seats.len(),
                game.seats()
            )));
        }
        for s in &req.seats {
            if let SeatKind::Bot { bot } = s {
                hosted_bot(bot).map_err(ApiError::InvalidTable)?;
            }
        }
        let options = TableOptions {
            lobby: req.lobby,
            pace: req.pace,
            clock: req.clock,
            standin: req.standin.unwrap_or_else(default_standin),
        };
        hosted_bot(&options.standin)
            .map_err(|e| ApiError::InvalidTable(format!("stand-in: {e}")))?;
        if let Some(c) = options.clock {
            if c.initial_ms < 1000 || c.initial_ms > 30 * 86_400_000 || c.increment_ms > 86_400_000
            {
                return Err(ApiError::InvalidTable(
                    "clock: initial time from 1 s to 30 days, increment up to 1 day".into(),
                ));
            }
        }
        let id = random_hex(8)?;
        let host_token = random_hex(16)?;
        let mut tokens = Vec::new();
        let mut seats = Vec::new();
        for kind in req.seats {
            let token = random_hex(16)?;
            let human = matches!(kind, SeatKind::Human);
            seats.push(SeatInfo {
                kind,
                token_hash: sha256_hex(token.as_bytes()),
                name: None,
                joined: !(human && options.lobby),
                away: false,
                claimed: false,
            });
            tokens.push(human.then_some(token));
        }
        let all_joined = seats.iter().all(|s| s.joined);
        let status = if all_joined {
            TableStatus::Active
        } else {
            TableStatus::Open
        };
        let clocks = match options.clock {
            Some(c) => vec![i64::try_from(c.initial_ms).unwrap_or(i64::MAX); seats.len()],
            None => Vec::new(),
        };
        let mut live = LiveTable {
            row: TableRow {
                id: id.clone(),
                game: req.game,
                config: game_config.to_string(),
                seed,
                seed_commitment: seed_commitment(seed),
                seats: String::new(),
                status,
                created_at: now_ms(),
            },
            running_since: vec![None; clocks.len()],
            clocks,
            seats,
            options,
            host_hash: sha256_hex(host_token.as_bytes()),
            game,
            log: Vec::new(),
        };
        live.row.seats = live.seats_json()?;
        self.store.create_table(&live.row).await?;
        live.run_clocks();
        let commitment = live.row.seed_commitment.clone();
        self.tables
            .lock()
            .await
            .insert(id.clone(), TableHandle::new(live));
        self.metrics.tables_created.fetch_add(1, Ordering::Relaxed);
        tracing::info!(table = %id, ?status, "table created");
        self.spawn_bots(&id);
        Ok(Created {
            id,
            seed_commitment: commitment,
            tokens,
            host_token,
        })
    }

    /// Tables held in memory.
    pub async fn live_tables(&self) -> usize {
        self.tables.lock().await.len()
    }

    /// The seat a token holds at a table, if any.
    pub fn seat_of(table: &LiveTable, token: &str) -> Option<Seat> {
        let h = sha256_hex(token.as_bytes());
        table
            .seats
            .iter()
            .position(|s| s.token_hash == h)
            .map(|i| Seat(i as u8))
    }

    /// Stores the seats (and status) of a table, changed from `before`, and tells its
    /// connections.
    ///
    /// # Errors
    /// See [`AppState::write_seats`].
    async fn save_seats(
        &self,
        handle: &TableHandle,
        t: &mut LiveTable,
        id: &str,
        before: SeatsBefore,
    ) -> Result<(), ApiError> {
        let written = self.write_seats(t, id, before).await;
        if let Ok(()) | Err(ApiError::SeatsChanged) = written {
            // Stored, or caught up with another instance's change: either way the table moved.
            let _ = handle.notify.send(t.version());
        }
        written
    }

    /// Stores the seats and status of a table, changed from `before`, over the table as this
    /// instance last read it (seats, status and version). Nothing changes unless it is
    /// stored: a failed write puts `before` back (seats, status and clocks).
    ///
    /// # Errors
    /// [`ApiError::SeatsChanged`] when another server instance changed the table meanwhile:
    /// the table is then caught up from the store, for the caller to decide again on the
    /// fresh table. Database errors.
    async fn write_seats(
        &self,
        t: &mut LiveTable,
        id: &str,
        before: SeatsBefore,
    ) -> Result<(), ApiError> {
        let json = match t.seats_json() {
            Ok(json) => json,
            Err(e) => {
                t.put_back(before);
                return Err(e);
            }
        };
        let change = SeatsChange {
            read_seats: &t.row.seats,
            read_status: before.status,
            read_version: t.version(),
            seats: &json,
            status: t.row.status,
        };
        let written = self.store.set_seats(id, change).await;
        match written {
            Ok(()) => {
                t.row.seats = json;
                Ok(())
            }
            Err(StoreError::SeatsChanged(_)) => {
                tracing::info!(table = %id, "table changed by another instance: caught up");
                t.put_back(before);
                self.catch_up(t, id).await?;
                Err(ApiError::SeatsChanged)
            }
            Err(e) => {
                t.put_back(before);
                Err(e.into())
            }
        }
    }

    /// Takes a human seat. At an open table: with a token, that seat; without one, the first
    /// free human seat. The table starts when every seat has joined. At a running table, a seat
    /// whose invite was never used is taken with that invite (a table that started at once, or
    /// a seat the host started without; the player takes it back from the stand-in at once).
    /// Taking a seat with an invite, or without a token, gives the player a token of their own
    /// (`new_token` if the client chose one, so that it keeps the seat even when this answer is
    /// lost; a fresh one otherwise) and retires the invite; a player coming back with their own
    /// token keeps it.
    ///
    /// # Errors
    /// Unknown table or token; a `new_token` that is not 16–128 letters, digits, `-` or `_`;
    /// the table is not open (and the seat not an unused invite) or has no free seat.
    pub async fn join(
        &self,
        id: &str,
        token: Option<&str>,
        name: Option<String>,
        new_token: Option<&str>,
    ) -> Result<Joined, ApiError> {
        again_on_fresh_seats(|| self.join_once(id, token, name.clone(), new_token)).await
    }

    /// One attempt at [`AppState::join`].
    async fn join_once(
        &self,
        id: &str,
        token: Option<&str>,
        name: Option<String>,
        new_token: Option<&str>,
    ) -> Result<Joined, ApiError> {
        let name = name.map(|n| n.chars().filter(|c| !c.is_control()).take(40).collect());
        if let Some(n) = new_token {
            let ok = (16..=128).contains(&n.len())
                && n.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
            if !ok {
                return Err(ApiError::Malformed(
                    "new_token: 16 to 128 letters, digits, '-' or '_'".into(),
                ));
            }
        }
        let own = || -> Result<String, ApiError> {
            match new_token {
                Some(n) => Ok(n.to_string()),
                None => random_hex(16),
            }
        };
        let handle = self.table(id).await?;
        let mut t = handle.lock_live().await?;
        let open = t.row.status == TableStatus::Open;
        let not_open = |t: &LiveTable| {
            ApiError::Lobby(format!("the table is {}, not open", t.row.status.as_str()))
        };
        let before = t.seats_before();
        let mut took_invite = false;
        // A retry whose first answer was lost: the token the client chose holds the seat
        // already. It goes through the rest again (the start, the stand-in's hand-over), in case
        // the first attempt stopped before them.
        let retry = new_token.and_then(|n| AppState::seat_of(&t, n).map(|s| (s, n.to_string())));
        let (seat, token) = match (retry, token) {
            (Some(r), _) => {
                took_invite = !open;
                r
            }
            (None, Some(tok)) => {
                let seat = AppState::seat_of(&t, tok).ok_or(ApiError::BadToken)?;
                let invite = t
                    .seats
                    .get(seat.index())
                    .is_some_and(|s| s.kind == SeatKind::Human && !s.claimed);
                let takes_invite = invite && t.row.status == TableStatus::Active;
                if !(open || takes_invite) {
                    return Err(not_open(&t));
                }
                if invite {
                    let fresh = own()?;
                    if AppState::seat_of(&t, &fresh).is_some() {
                        return Err(ApiError::Malformed("new_token: already in use".into()));
                    }
                    if let Some(s) = t.seats.get_mut(seat.index()) {
                        s.token_hash = sha256_hex(fresh.as_bytes());
                        s.claimed = true;
                    }
                    took_invite = true;
                    (seat, fresh)
                } else {
                    (seat, tok.to_string())
                }
            }
            (None, None) if !open => return Err(not_open(&t)),
            (None, None) => {
                let free = t
                    .seats
                    .iter()
                    .position(|s| s.kind == SeatKind::Human && !s.joined)
                    .ok_or_else(|| ApiError::Lobby("no free seat".into()))?;
                let tok = own()?;
                if AppState::seat_of(&t, &tok).is_some() {
                    return Err(ApiError::Malformed("new_token: already in use".into()));
                }
                if let Some(s) = t.seats.get_mut(free) {
                    s.token_hash = sha256_hex(tok.as_bytes());
                    s.claimed = true;
                }
                (Seat(free as u8), tok)
            }
        };
        if let Some(s) = t.seats.get_mut(seat.index()) {
            s.joined = true;
            if name.is_some() || open {
                s.name = name;
            }
        }
        let start = open && t.seats.iter().all(|s| s.joined);
        if start {
            t.row.status = TableStatus::Active;
        } else if !open && took_invite {
            // The invited player has arrived at the running table: the stand-in hands the
            // seat over, in the same write.
            t.hand_back(seat);
        }
        t.run_clocks();
        // Nothing changes unless it is stored (seats and status in one write): a failed write
        // leaves the invite working.
        self.save_seats(&handle, &mut t, id, before).await?;
        let status = t.row.status;
        drop(t);
        tracing::info!(table = %id, seat = seat.0, started = start, "seat joined");
        if start {
            self.spawn_bots(id);
        }
        Ok(Joined {
            seat: seat.0,
            token,
            status,
        })
    }

    /// A player leaves: before the start the seat is freed (the leaver's token stays valid
    /// until someone else takes the seat);
    /// during the game the stand-in bot takes the seat over until the player reclaims it.
    ///
    /// # Errors
    /// Unknown table or token; the table is over.
    pub async fn leave(&self, id: &str, token: &str) -> Result<TableStatus, ApiError> {
        again_on_fresh_seats(|| self.leave_once(id, token)).await
    }

    /// One attempt at [`AppState::leave`].
    async fn leave_once(&self, id: &str, token: &str) -> Result<TableStatus, ApiError> {
        let handle = self.table(id).await?;
        let mut t = handle.lock_live().await?;
        let seat = AppState::seat_of(&t, token).ok_or(ApiError::BadToken)?;
        if t.row.status == TableStatus::Active && t.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        let before = t.seats_before();
        match t.row.status {
            TableStatus::Open => {
                if let Some(s) = t.seats.get_mut(seat.index()) {
                    s.joined = false;
                }
            }
            TableStatus::Active => {
                if let Some(s) = t.seats.get_mut(seat.index()) {
                    s.away = true;
                }
                t.run_clocks();
            }
            TableStatus::Finished => return Err(ApiError::NotActive("finished")),
        }
        self.save_seats(&handle, &mut t, id, before).await?;
        let status = t.row.status;
        drop(t);
        tracing::info!(table = %id, seat = seat.0, "seat left");
        self.spawn_bots(id);
        Ok(status)
    }

    /// A player takes their seat back from the stand-in bot.
    ///
    /// # Errors
    /// Unknown table or token; the table is not being played.
    pub async fn reclaim(&self, id: &str, token: &str) -> Result<(), ApiError> {
        again_on_fresh_seats(|| self.reclaim_once(id, token)).await
    }

    /// One attempt at [`AppState::reclaim`].
    async fn reclaim_once(&self, id: &str, token: &str) -> Result<(), ApiError> {
        let handle = self.table(id).await?;
        let mut t = handle.lock_live().await?;
        let seat = AppState::seat_of(&t, token).ok_or(ApiError::BadToken)?;
        if t.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        if t.row.status != TableStatus::Active {
            return Err(ApiError::NotActive(t.row.status.as_str()));
        }
        if !t.seats.get(seat.index()).is_some_and(|s| s.away) {
            // Nothing to reclaim: the seat is the player's already (and no time is given).
            return Ok(());
        }
        let before = t.seats_before();
        t.hand_back(seat);
        t.run_clocks();
        self.save_seats(&handle, &mut t, id, before).await?;
        tracing::info!(table = %id, seat = seat.0, "seat reclaimed");
        Ok(())
    }

    /// The host starts an open table now; human seats nobody joined are played by the
    /// stand-in bot until their invitees take them (`join` with the invite).
    ///
    /// # Errors
    /// Unknown table; not the host's token; the table is not open.
    pub async fn start(&self, id: &str, host_token: &str) -> Result<(), ApiError> {
        again_on_fresh_seats(|| self.start_once(id, host_token)).await
    }

    /// One attempt at [`AppState::start`].
    async fn start_once(&self, id: &str, host_token: &str) -> Result<(), ApiError> {
        let handle = self.table(id).await?;
        let mut t = handle.lock_live().await?;
        if t.host_hash.is_empty() || sha256_hex(host_token.as_bytes()) != t.host_hash {
            return Err(ApiError::BadToken);
        }
        if t.row.status != TableStatus::Open {
            return Err(ApiError::Lobby(format!(
                "the table is {}, not open",
                t.row.status.as_str()
            )));
        }
        let before = t.seats_before();
        for s in &mut t.seats {
            if !s.joined {
                s.joined = true;
                s.away = true;
            }
        }
        t.row.status = TableStatus::Active;
        t.run_clocks();
        // Seats and status in one write, over the table as read.
        self.save_seats(&handle, &mut t, id, before).await?;
        drop(t);
        tracing::info!(table = %id, "table started by its host");
        self.spawn_bots(id);
        Ok(())
    }

    /// The move pipeline: check the seat, the table, the turn and the version; apply on a copy;
    /// append durably; then commit in memory, acknowledge, broadcast and wake the bots.
    /// A retry of a decision already applied gets the same acknowledgement. A player deciding
    /// for a seat the stand-in bot holds takes it back.
    ///
    /// # Errors
    /// Every refusal, typed; the table is unchanged.
    pub async fn submit(
        &self,
        id: &str,
        seat: Seat,
        expected: u64,
        action: &Value,
    ) -> Result<u64, ApiError> {
        let handle = self.table(id).await?;
        let result = self
            .submit_internal(&handle, id, seat, expected, action, false)
            .await;
        let counter = if result.is_ok() {
            &self.metrics.decisions
        } else {
            &self.metrics.refused
        };
        counter.fetch_add(1, Ordering::Relaxed);
        let version = result?;
        self.spawn_bots(id);
        Ok(version)
    }

    /// Takes back `seat`'s last decision, by the policy of the design: only the acting seat's
    /// own decision, only while no other seat has decided since, and only when the decision
    /// revealed nothing (see [`ordo_core::Game::can_take_back`]). Recorded as a log entry.
    ///
    /// # Errors
    /// [`ApiError::UndoRefused`] with the reason; stale version; not active.
    pub async fn undo(&self, id: &str, seat: Seat, expected: u64) -> Result<u64, ApiError> {
        let handle = self.table(id).await?;
        let version = {
            let mut t = handle.lock_live().await?;
            if t.row.status != TableStatus::Active {
                return Err(ApiError::NotActive(t.row.status.as_str()));
            }
            if t.invite_only(seat) {
                return Err(ApiError::BadToken);
            }
            let current = t.version();
            if expected != current {
                return Err(ApiError::StaleVersion { expected, current });
            }
            if t.seats.get(seat.index()).is_some_and(|s| s.away) {
                return Err(ApiError::UndoRefused(
                    "the seat is played by a stand-in; reclaim it first",
                ));
            }
            let effect = t.in_effect();
            let Some(&last) = effect.last() else {
                return Err(ApiError::UndoRefused("there is no decision to take back"));
            };
            let entry = t.log.get(last).cloned().ok_or(ApiError::NotFound)?;
            if entry.seat != seat.0 {
                return Err(ApiError::UndoRefused("the last decision is another seat's"));
            }
            let before: Vec<(u8, String)> = effect[..effect.len() - 1]
                .iter()
                .filter_map(|&i| t.log.get(i).map(|e| (e.seat, e.action.clone())))
                .collect();
            let prev = t.game.rebuild(&before)?;
            if !prev.can_take_back(seat, &entry.action) {
                return Err(ApiError::UndoRefused(
                    "that decision revealed hidden or random information",
                ));
            }
            let action = serde_json::json!({ "undo": last + 1 }).to_string();
            // The take-back also takes back the increment the decision earned: deciding and
            // taking back again and again adds no time.
            let clocks_after_undo = (!t.clocks.is_empty()).then(|| {
                let mut c = t.clocks_now();
                if let Some(left) = c.get_mut(seat.index()) {
                    *left = left.saturating_sub(entry.granted_ms);
                }
                c
            });
            let clocks = clocks_after_undo
                .as_ref()
                .map(|c| serde_json::to_string(c).unwrap_or_default());
            let new = NewEntry {
                seat: seat.0,
                kind: EntryKind::Undo,
                action: &action,
                clocks: clocks.as_deref(),
            };
            let v = match self.store.append_action(id, current, new).await {
                Ok(v) => v,
                Err(StoreError::Conflict { expected, current }) => {
                    self.catch_up(&mut t, id).await?;
                    return Err(ApiError::StaleVersion { expected, current });
                }
                Err(e) => return Err(e.into()),
            };
            if let Some(c) = clocks_after_undo {
                t.clocks = c;
            }
            t.game = prev;
            t.log.push(LogEntry {
                seat: seat.0,
                kind: EntryKind::Undo,
                action,
                label: String::new(),
                secret: false,
                granted_ms: 0,
            });
            t.running_since.iter_mut().for_each(|s| *s = None);
            t.run_clocks();
            v
        };
        tracing::info!(table = %id, seat = seat.0, version, "decision taken back");
        let _ = handle.notify.send(version);
        self.spawn_bots(id);
        Ok(version)
    }

    /// Lets bot seats (and stand-ins) play until a human must decide (one driver per table at
    /// a time).
    pub fn spawn_bots(&self, id: &str) {
        let state = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            let Ok(handle) = state.table(&id).await else {
                return;
            };
            if handle.bots_running.swap(true, Ordering::AcqRel) {
                return;
            }
            loop {
                // A core first, then the position: a bot that waited for its turn thinks on
                // the table as it is now.
                let Ok(slot) = state.bot_slots.clone().acquire_owned().await else {
                    break;
                };
                let job = {
                    let t = handle.table.lock().await;
                    if t.row.status != TableStatus::Active {
                        None
                    } else {
                        let pending = t.game.pending();
                        pending.iter().find_map(|s| {
                            t.bot_for(s)
                                .map(|spec| (s, spec, t.game.clone(), t.version(), t.row.seed))
                        })
                    }
                };
                let Some((seat, spec, game, version, seed)) = job else {
                    break;
                };
                let decision = tokio::task::spawn_blocking(move || {
                    let _slot = slot;
                    game.bot_decision(spec, seat, bot_seed(seed, version))
                })
                .await;
                let Ok(Some(canonical)) = decision else { break };
                let Ok(action) = serde_json::from_str::<Value>(&canonical) else {
                    break;
                };
                match state
                    .submit_internal(&handle, &id, seat, version, &action, true)
                    .await
                {
                    Ok(_) => {
                        state.metrics.decisions.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(ApiError::StaleVersion { .. } | ApiError::NotActive(_)) => {}
                    Err(e) => {
                        tracing::error!(table = %id, seat = seat.0, error = %e, "bot failed");
                        break;
                    }
                }
            }
            handle.bots_running.store(false, Ordering::Release);
            // A human decision may have arrived while the flag was set; look again.
            let t = handle.table.lock().await;
            let bot_pending = t.row.status == TableStatus::Active
                && t.game.pending().iter().any(|s| t.bot_for(s).is_some());
            drop(t);
            if bot_pending && !handle.bots_running.load(Ordering::Acquire) {
                state.spawn_bots(&id);
            }
        });
    }

    async fn submit_internal(
        &self,
        handle: &Arc<TableHandle>,
        id: &str,
        seat: Seat,
        expected: u64,
        action: &Value,
        by_bot: bool,
    ) -> Result<u64, ApiError> {
        let version = {
            let mut t = handle.lock_live().await?;
            if !by_bot && t.row.status == TableStatus::Active && t.invite_only(seat) {
                return Err(ApiError::BadToken);
            }
            let current = t.version();
            let since = usize::try_from(expected)
                .ok()
                .and_then(|i| t.log.get(i..))
                .unwrap_or_default();
            let canonical_in = serde_json::to_string(action).unwrap_or_default();
            let same = |e: &LogEntry| {
                e.kind == EntryKind::Decision
                    && e.seat == seat.0
                    && (e.action == canonical_in
                        || serde_json::from_str::<Value>(&e.action).ok().as_ref() == Some(action))
            };
            // A player whose seat the stand-in plays never made the stand-in's decisions: their
            // submission is judged on its own, never acknowledged as a retry of the bot's.
            // Only a decision still in effect is acknowledged again: one taken back since is
            // not the game's any more, and the submission is judged afresh.
            let retry = if by_bot || t.bot_for(seat).is_none() {
                let effect: std::collections::BTreeSet<usize> = t.in_effect().into_iter().collect();
                let base = usize::try_from(expected).unwrap_or(usize::MAX);
                since
                    .iter()
                    .enumerate()
                    .position(|(k, e)| same(e) && effect.contains(&base.saturating_add(k)))
            } else {
                None
            };
            if let Some(pos) = retry {
                // A retry of a decision already applied: the same acknowledgement.
                return Ok(expected + pos as u64 + 1);
            }
            if t.row.status != TableStatus::Active {
                return Err(ApiError::NotActive(t.row.status.as_str()));
            }
            // While seats decide simultaneously, a decision made before other seats' decisions
            // arrived is still valid: none of them is visible to it. Every decision since must
            // be another seat's secret one, so the span is the same simultaneous round (a
            // client that missed public moves, or a round, is stale).
            let independent = matches!(t.game.to_act(), ToAct::Simultaneous(set) if set.contains(seat))
                && !since.is_empty()
                && since
                    .iter()
                    .all(|e| e.kind == EntryKind::Decision && e.seat != seat.0 && e.secret);
            if expected != current && !independent {
                return Err(ApiError::StaleVersion { expected, current });
            }
            let standin = t.bot_for(seat).is_some();
            if by_bot && !standin {
                // The player took the seat back while the bot was thinking.
                return Err(ApiError::StaleVersion { expected, current });
            }
            let canonical = t.game.check(seat, action)?;
            let mut next = t.game.clone();
            next.apply(seat, &canonical)?;
            let clocks = (!t.clocks.is_empty()).then(|| t.clocks_after(seat));
            let granted_ms = if clocks.is_some()
                && t.running_since
                    .get(seat.index())
                    .is_some_and(Option::is_some)
            {
                t.options
                    .clock
                    .map_or(0, |k| i64::try_from(k.increment_ms).unwrap_or(0))
            } else {
                0
            };
            let clocks_json = clocks
                .as_ref()
                .map(|c| serde_json::to_string(c).unwrap_or_default());
            let entry = NewEntry {
                seat: seat.0,
                kind: EntryKind::Decision,
                action: &canonical,
                clocks: clocks_json.as_deref(),
            };
            let v = match self.store.append_action(id, current, entry).await {
                Ok(v) => v,
                Err(StoreError::Conflict {
                    expected,
                    current: stored,
                }) => {
                    // Another server instance appended first: catch up from the store, then
                    // refuse this decision as stale.
                    self.catch_up(&mut t, id).await?;
                    return Err(ApiError::StaleVersion {
                        expected,
                        current: stored.max(t.version()),
                    });
                }
                Err(e) => return Err(e.into()),
            };
            let label = t.game.describe(&canonical);
            let secret = t.game.is_secret(seat, &canonical);
            t.game = next;
            t.log.push(LogEntry {
                seat: seat.0,
                kind: EntryKind::Decision,
                action: canonical,
                label,
                secret,
                granted_ms,
            });
            if let Some(c) = clocks {
                t.clocks = c;
                // Every running clock restarts from the values just stored.
                for since in t.running_since.iter_mut() {
                    *since = None;
                }
            }
            if standin && !by_bot {
                // The player is back: the stand-in steps aside. (Another instance changing the
                // table meanwhile catches this one up, decision included; then again.) The
                // decision is stored and applied either way: a hand-over not stored is logged,
                // and the player's next decision asks for it again.
                let mut tries = 0;
                loop {
                    let before = t.seats_before();
                    if let Some(s) = t.seats.get_mut(seat.index()) {
                        s.away = false;
                    }
                    match self.write_seats(&mut t, id, before).await {
                        Err(ApiError::SeatsChanged) if tries < SEAT_TRIES => tries += 1,
                        Err(e) => {
                            tracing::error!(table = %id, seat = seat.0, error = %e, "hand-over from the stand-in not stored");
                            break;
                        }
                        Ok(()) => break,
                    }
                }
            }
            if t.game.to_act().is_over() {
                // The decision is stored and applied: failing to store the end of the game is
                // logged, not reported as a failed decision (loading the table derives it).
                if let Err(e) = self.store.set_status(id, TableStatus::Finished).await {
                    tracing::error!(table = %id, error = %e, "finished status not stored");
                }
                t.row.status = TableStatus::Finished;
                tracing::info!(table = %id, version = v, "game over");
            }
            t.run_clocks();
            v
        };
        let _ = handle.notify.send(version);
        Ok(version)
    }

    /// Hands every human seat whose clock ran out to the stand-in bot.
    async fn watch_clocks(&self) {
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        let mut stop = self.shutdown_signal();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => return,
            }
            let handles: Vec<(String, Arc<TableHandle>)> = self
                .tables
                .lock()
                .await
                .iter()
                .filter(|(_, h)| h.clocked)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            for (id, handle) in handles {
                let Ok(mut t) = handle.lock_live().await else {
                    continue;
                };
                if t.row.status != TableStatus::Active {
                    continue;
                }
                let now = t.clocks_now();
                let flagged: Vec<usize> = now
                    .iter()
                    .enumerate()
                    .filter(|&(i, &left)| {
                        left <= 0 && t.running_since.get(i).is_some_and(Option::is_some)
                    })
                    .map(|(i, _)| i)
                    .collect();
                if flagged.is_empty() {
                    continue;
                }
                let before = t.seats_before();
                t.clocks = now;
                for &i in &flagged {
                    if let Some(c) = t.clocks.get_mut(i) {
                        *c = 0;
                    }
                    if let Some(s) = t.seats.get_mut(i) {
                        s.away = true;
                    }
                }
                t.running_since.iter_mut().for_each(|s| *s = None);
                t.run_clocks();
                if let Err(e) = self.save_seats(&handle, &mut t, &id, before).await {
                    // Caught up with another instance's change, or not stored: the next tick
                    // looks at the clocks again.
                    tracing::warn!(table = %id, error = %e, "timeout not stored");
                    continue;
                }
                drop(t);
                self.metrics
                    .timeouts
                    .fetch_add(flagged.len() as u64, Ordering::Relaxed);
                tracing::info!(table = %id, seats = ?flagged, "clock ran out: stand-in takes over");
                self.spawn_bots(&id);
            }
        }
    }

    /// Brings a table up to date with the store (after another instance changed it).
    async fn catch_up(&self, t: &mut LiveTable, id: &str) -> Result<(), ApiError> {
        // Another instance may have stored what this one cannot replay.
        let fresh = self.read_live(id).await?;
        let running = std::mem::take(&mut t.running_since);
        *t = fresh;
        if running.len() == t.running_since.len() {
            t.running_since = running;
            t.run_clocks();
        }
        Ok(())
    }
}

/// The public position after the first `at` decisions in effect (clamped), for replays: the
/// spectator's view only, so an unfinished game shows nothing hidden.
///
/// # Errors
/// A stored decision that no longer replays.
pub fn replay_step(t: &LiveTable, at: u64) -> Result<crate::protocol::ReplayStep, ApiError> {
    let effect = t.in_effect();
    let total = effect.len();
    let n = usize::try_from(at).unwrap_or(usize::MAX).min(total);
    let decisions: Vec<(u8, String)> = effect[..n]
        .iter()
        .filter_map(|&i| t.log.get(i).map(|e| (e.seat, e.action.clone())))
        .collect();
    let g = t.game.rebuild(&decisions)?;
    let finished = t.row.status == TableStatus::Finished;
    let last = n
        .checked_sub(1)
        .and_then(|k| effect.get(k))
        .and_then(|&i| t.log.get(i))
        .map(|e| e.line(e.secret && !finished));
    Ok(crate::protocol::ReplayStep {
        at: n as u64,
        total: total as u64,
        last,
        to_act: g.pending().iter().map(|s| s.0).collect(),
        view: g.view(Viewer::Spectator),
    })
}

/// Decisions in a snapshot's log.
const LOG_LINES: usize = 60;

/// A table's seats, status and clocks before a change of its seats, put back when the change
/// is not stored.
struct SeatsBefore {
    seats: Vec<SeatInfo>,
    status: TableStatus,
    clocks: Vec<i64>,
    running_since: Vec<Option<Instant>>,
}

/// How many more times a change to a table's seats is tried after another server instance
/// changed them first.
const SEAT_TRIES: u32 = 3;

/// Runs a change of a table's seats, and again (up to [`SEAT_TRIES`] more times) while another
/// server instance changed the table first (the table is caught up before each new try).
async fn again_on_fresh_seats<T, F, Fut>(mut attempt: F) -> Result<T, ApiError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, ApiError>>,
{
    let mut tries = 0;
    loop {
        match attempt().await {
            Err(ApiError::SeatsChanged) if tries < SEAT_TRIES => tries += 1,
            other => return other,
        }
    }
}

/// What one viewer receives: the version, the seats, its own view, its own legal decisions,
/// the seats pending, the clocks, and, once over, the revealed seed.
pub fn snapshot(t: &LiveTable, viewer: Viewer) -> Value {
    // Before the start nobody sees a seat's private view: the deal of a free seat must not be
    // read by someone who takes it, looks and leaves it to the next player.
    let started = t.row.status != TableStatus::Open;
    let seen = match viewer {
        Viewer::Seat(s) if started && !t.invite_only(s) => viewer,
        _ => Viewer::Spectator,
    };
    let legal = match seen {
        Viewer::Seat(s) => t.game.legal(s),
        Viewer::Spectator => Vec::new(),
    };
    let over = matches!(t.game.to_act(), ToAct::Over(_));
    let seats = t
        .seats
        .iter()
        .map(|s| crate::protocol::SeatPublic {
            kind: match &s.kind {
                SeatKind::Human => "human".into(),
                SeatKind::Bot { .. } => "bot".into(),
            },
            bot: match &s.kind {
                SeatKind::Bot { bot } => Some(bot.clone()),
                SeatKind::Human => None,
            },
            name: s.name.clone(),
            joined: s.joined,
            away: s.away,
            claimed: s.kind == SeatKind::Human && s.claimed,
        })
        .collect();
    let can_undo = match seen {
        Viewer::Seat(s) => {
            t.row.status == TableStatus::Active
                && t.in_effect()
                    .last()
                    .and_then(|&i| t.log.get(i))
                    .is_some_and(|e| e.seat == s.0)
        }
        Viewer::Spectator => false,
    };
    let finished = t.row.status == TableStatus::Finished;
    let effect = t.in_effect();
    let log = effect
        .iter()
        .enumerate()
        .skip(effect.len().saturating_sub(LOG_LINES))
        .filter_map(|(n, &i)| {
            let e = t.log.get(i)?;
            let hidden = e.secret && !finished && seen.seat() != Some(Seat(e.seat));
            Some((format!("{:05}", n + 1), e.line(hidden)))
        })
        .collect();
    let snap = crate::protocol::ServerMsg::Snapshot(crate::protocol::Snapshot {
        table: t.row.id.clone(),
        game: t.row.game.clone(),
        version: t.version(),
        status: t.row.status,
        you: viewer.seat().map(|s| s.0),
        seats,
        to_act: t.game.pending().iter().map(|s| s.0).collect(),
        clocks: (!t.clocks.is_empty()).then(|| t.clocks_now()),
        view: t.game.view(seen),
        legal,
        can_undo,
        log,
        seed_commitment: t.row.seed_commitment.clone(),
        seed: over.then(|| t.row.seed.to_string()),
    });
    serde_json::to_value(snap).unwrap_or(Value::Null)
}

/// Human seats nobody has joined yet, from a stored seats document (0 if unreadable).
pub fn free_seats(seats_json: &str) -> usize {
    SeatsDoc::parse(seats_json).map_or(0, |d| {
        d.seats
            .iter()
            .filter(|s| s.kind == SeatKind::Human && !s.joined)
            .count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_stored_before_invites_were_retired_read_as_taken() {
        let old = r#"{"seats": [{"kind": "human", "token_hash": "ab", "joined": true}], "options": {"lobby": true}}"#;
        let doc = SeatsDoc::parse(old).expect("parses");
        assert!(
            doc.seats[0].claimed,
            "an old seat's token must go on working"
        );
        let new = SeatInfo {
            kind: SeatKind::Human,
            token_hash: "cd".into(),
            name: None,
            joined: false,
            away: false,
            claimed: false,
        };
        let text = serde_json::to_string(&new).expect("serialises");
        assert!(text.contains(r#""claimed":false"#), "{text}");
        let back: SeatInfo = serde_json::from_str(&text).expect("parses");
        assert_eq!(back, new);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn nothing_is_written_through_a_handle_held_when_the_table_is_found_damaged() {
        let store = Arc::new(
            crate::store::SqliteStore::open("sqlite::memory:")
                .await
                .expect("store"),
        );
        let state = AppState::recover(store.clone()).await.expect("state");
        let req: CreateTable = serde_json::from_value(serde_json::json!({
            "game": "crusaders",
            "config": {"players": 2},
            "seats": [{"kind": "human"}, {"kind": "human"}]
        }))
        .expect("request");
        let created = state.create(req).await.expect("created");
        // A bot, a clock or a connection holds the handle...
        let handle = state.table(&created.id).await.expect("handle");
        let (action, version) = {
            let t = handle.table.lock().await;
            let legal = t.game.legal(Seat(0));
            (legal[0].action.clone(), t.version())
        };
        // ...when the table is found damaged elsewhere.
        let _ = state.mark_damaged(&created.id, "test".into()).await;
        assert!(handle.is_damaged());
        assert!(matches!(
            state
                .submit_internal(&handle, &created.id, Seat(0), version, &action, false)
                .await,
            Err(ApiError::Damaged(_))
        ));
        assert!(matches!(
            state.table(&created.id).await,
            Err(ApiError::Damaged(_))
        ));
        let stored = store
            .load_table(&created.id)
            .await
            .expect("read")
            .expect("row");
        assert!(stored.actions.is_empty());
    }
}
