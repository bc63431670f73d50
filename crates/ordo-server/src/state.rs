//! The server's shared state: the store, the live tables held in memory (loaded on demand,
//! replayed from their records), and the writes of a table's seats over the table as read.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use tokio::sync::{broadcast, watch, Mutex, MutexGuard};

use crate::error::ApiError;
use crate::protocol::TableStatus;
use crate::store::{SeatsChange, Store, StoreError};
use crate::table::{LiveTable, SeatsBefore};

/// A table with its change notifications.
#[derive(Debug)]
pub struct TableHandle {
    table: Mutex<LiveTable>,
    /// New versions are announced here; each connection then takes its class's snapshot.
    pub(crate) notify: broadcast::Sender<u64>,
    pub(crate) bots_running: AtomicBool,
    pub(crate) clocked: bool,
    /// Set when the table's record turned out not to replay; its connections then close.
    damaged: AtomicBool,
    /// When the table last changed (or was loaded), milliseconds of [`process_ms`].
    touched: AtomicU64,
    /// Who is here and what they say.
    pub(crate) room: crate::social::Room,
}

/// Milliseconds since this process first asked (a monotonic clock for idle times).
pub(crate) fn process_ms() -> u64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    u64::try_from(
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_millis(),
    )
    .unwrap_or(u64::MAX)
}

impl TableHandle {
    pub(crate) fn new(t: LiveTable) -> Arc<TableHandle> {
        let clocked = t.options().clock.is_some();
        let seats = t.seats().len();
        Arc::new(TableHandle {
            table: Mutex::new(t),
            notify: broadcast::channel(64).0,
            bots_running: AtomicBool::new(false),
            clocked,
            damaged: AtomicBool::new(false),
            touched: AtomicU64::new(process_ms()),
            room: crate::social::Room::new(seats),
        })
    }

    /// Whether the table's record turned out not to replay (its connections must close).
    pub fn is_damaged(&self) -> bool {
        self.damaged.load(Ordering::SeqCst)
    }

    /// The table, locked to read it.
    pub async fn lock(&self) -> MutexGuard<'_, LiveTable> {
        self.table.lock().await
    }

    /// The table, locked for a change: nothing more is written to a damaged table.
    ///
    /// # Errors
    /// [`ApiError::Damaged`].
    pub(crate) async fn lock_live(&self) -> Result<MutexGuard<'_, LiveTable>, ApiError> {
        let t = self.table.lock().await;
        if self.is_damaged() {
            return Err(ApiError::Damaged("the table was found damaged".into()));
        }
        Ok(t)
    }

    /// The table, if nobody holds it.
    pub(crate) fn try_lock(&self) -> Option<MutexGuard<'_, LiveTable>> {
        self.table.try_lock().ok()
    }

    /// Tells the table's connections that it changed.
    pub(crate) fn changed(&self, version: u64) {
        self.touched.store(process_ms(), Ordering::Relaxed);
        let _ = self.notify.send(version);
    }
}

pub use crate::metrics::Metrics;

/// Shared server state.
#[derive(Clone)]
pub struct AppState {
    /// Durable storage.
    pub store: Arc<dyn Store>,
    /// Counters.
    pub metrics: Arc<Metrics>,
    /// The owners' data packs new tables play with, by game id (`--data DIR`).
    pub packs: Arc<BTreeMap<String, ordo_core::pack::PackId>>,
    /// What the host allows (trusted proxies, table caps, idle times).
    pub policy: Arc<crate::edge::Policy>,
    /// Mails and webhooks telling players it is their turn.
    pub notifier: Arc<crate::notify::Notifier>,
    /// Per-address request limits.
    pub limiter: Arc<crate::limit::IpLimiter>,
    /// WebSocket messages per client address (off when `limiter` is off).
    pub(crate) ws_by_address: Arc<crate::limit::IpLimiter>,
    /// Sign-in attempts per account name and per address.
    pub(crate) logins: Arc<crate::accounts::LoginThrottle>,
    /// WebSocket messages over the whole server.
    pub(crate) ws_total: Arc<crate::limit::IpLimiter>,
    /// Hint searches running at once: at most one per core; more are refused, not queued.
    pub(crate) searches: Arc<tokio::sync::Semaphore>,
    /// Bot decisions thinking at once, over all tables: at most one per core; the others wait
    /// their turn, so bot tables cannot take the server's cores from each other or from requests.
    pub(crate) bot_slots: Arc<tokio::sync::Semaphore>,
    /// Open WebSocket connections per client address.
    pub(crate) sockets: Arc<std::sync::Mutex<BTreeMap<std::net::IpAddr, u32>>>,
    tables: Arc<Mutex<BTreeMap<String, Arc<TableHandle>>>>,
    /// The unfinished tables each client address created (for the per-address cap).
    pub(crate) created_by: Arc<std::sync::Mutex<BTreeMap<std::net::IpAddr, Vec<String>>>>,
    /// The unfinished tables each account hosts (for the per-account cap), from the tables'
    /// own options: filled again when the server recovers its tables.
    pub(crate) hosted_by: Arc<std::sync::Mutex<BTreeMap<String, Vec<String>>>>,
    /// Held from the check of the caps on unfinished tables to the note of the table created,
    /// so that creations at the same moment cannot pass one cap together.
    pub(crate) create_gate: Arc<tokio::sync::Mutex<()>>,
    /// Unfinished tables sent out of memory for being idle (they still count as open).
    pub(crate) idle_out: Arc<std::sync::Mutex<std::collections::BTreeSet<String>>>,
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

/// WebSocket messages per second one client address may send on average, over all its
/// connections (bursts of ten times as many).
pub const WS_MESSAGES_PER_ADDRESS: f64 = 200.0;
/// WebSocket messages per second the whole server takes on average (bursts of twice as many);
/// beyond it messages are answered "busy" until the budget refills.
pub const WS_MESSAGES_TOTAL: f64 = 20_000.0;

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How many more times a change to a table's seats is tried after another server instance
/// changed them first.
pub(crate) const SEAT_TRIES: u32 = 3;

/// Runs a change of a table's seats, and again (up to [`SEAT_TRIES`] more times) while another
/// server instance changed the table first (the table is caught up before each new try).
pub(crate) async fn again_on_fresh_seats<T, F, Fut>(mut attempt: F) -> Result<T, ApiError>
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

impl AppState {
    /// Empty state over a store (no table loaded yet; see `AppState::recover`).
    pub(crate) fn new(store: Arc<dyn Store>, limiter: crate::limit::IpLimiter) -> AppState {
        let shutdown = watch::channel(false).0;
        let metrics: Arc<Metrics> = Arc::default();
        AppState {
            notifier: crate::notify::Notifier::start(
                crate::notify::NotifyConfig::default(),
                store.clone(),
                shutdown.subscribe(),
                metrics.clone(),
            ),
            store,
            metrics,
            ws_by_address: Arc::new(if limiter.is_off() {
                crate::limit::IpLimiter::off()
            } else {
                crate::limit::IpLimiter::new(
                    WS_MESSAGES_PER_ADDRESS,
                    WS_MESSAGES_PER_ADDRESS * 10.0,
                )
            }),
            logins: Arc::new(crate::accounts::LoginThrottle::new(limiter.is_off())),
            ws_total: Arc::new(crate::limit::IpLimiter::new(
                WS_MESSAGES_TOTAL,
                WS_MESSAGES_TOTAL * 2.0,
            )),
            limiter: Arc::new(limiter),
            policy: Arc::default(),
            searches: Arc::new(tokio::sync::Semaphore::new(cores())),
            sockets: Arc::default(),
            bot_slots: Arc::new(tokio::sync::Semaphore::new(cores())),
            tables: Arc::new(Mutex::new(BTreeMap::new())),
            damaged: Arc::default(),
            created_by: Arc::default(),
            hosted_by: Arc::default(),
            create_gate: Arc::default(),
            idle_out: Arc::default(),
            shutdown,
            packs: Arc::default(),
        }
    }

    /// A receiver that turns true when the server shuts down.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Tells every connection to finish (graceful shutdown).
    pub fn begin_shutdown(&self) {
        let _ = self.shutdown.send(true);
    }

    /// Tables held in memory.
    pub async fn live_tables(&self) -> usize {
        self.tables.lock().await.len()
    }

    /// The ids and handles of the tables held in memory (all, or those with a clock).
    pub(crate) async fn handles(&self, clocked_only: bool) -> Vec<(String, Arc<TableHandle>)> {
        self.tables
            .lock()
            .await
            .iter()
            .filter(|(_, h)| !clocked_only || h.clocked)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// The handle of table `id` if it is held in memory.
    pub(crate) async fn held(&self, id: &str) -> Option<Arc<TableHandle>> {
        self.tables.lock().await.get(id).cloned()
    }

    /// Holds a new table in memory.
    pub(crate) async fn hold(&self, id: &str, mut t: LiveTable) {
        t.time_fanout(self.metrics.fanout_seconds.clone());
        self.tables
            .lock()
            .await
            .insert(id.to_string(), TableHandle::new(t));
    }

    /// The unfinished tables this instance knows: held in memory (not finished, not an
    /// expired lobby) or sent out of memory for being idle.
    pub(crate) async fn unfinished_ids(&self) -> std::collections::BTreeSet<String> {
        let mut ids: std::collections::BTreeSet<String> =
            self.idle_out.lock().map(|o| o.clone()).unwrap_or_default();
        for (id, h) in self.handles(false).await {
            // A table busy right now is counted as unfinished.
            let open = h.try_lock().is_none_or(|t| {
                t.status() != TableStatus::Finished
                    && !self.lobby_expired(t.status(), t.row().created_at)
            });
            if open {
                ids.insert(id);
            }
        }
        ids
    }

    /// Drops finished tables nobody is using from memory (they stay in the store and are
    /// loaded again when asked for), so a long-running server does not keep every game it
    /// ever hosted. Returns how many were dropped.
    pub async fn evict_finished(&self) -> usize {
        self.evict(|t, _| t.status() == TableStatus::Finished).await
    }

    /// Drops from memory the tables nobody is using that are finished, that wait for players
    /// past the lobby expiry, or that saw no change for the idle time (a table being played
    /// against a clock stays, so that its clock runs). All stay stored and are loaded again
    /// when asked for. Returns how many were dropped.
    pub async fn tidy(&self) -> usize {
        let idle = u64::try_from(self.policy.idle_evict.as_millis()).unwrap_or(u64::MAX);
        let expiry = i64::try_from(self.policy.lobby_expiry.as_millis()).unwrap_or(i64::MAX);
        let now_ms = crate::store::now_ms();
        let now = process_ms();
        let mut idle_ids = Vec::new();
        let mut expired = 0u64;
        let dropped = self
            .evict(|t, h| match t.status() {
                TableStatus::Finished => true,
                TableStatus::Open if now_ms.saturating_sub(t.row().created_at) > expiry => {
                    expired += 1;
                    true
                }
                _ if h.clocked && t.status() == TableStatus::Active => false,
                _ if now.saturating_sub(h.touched.load(Ordering::Relaxed)) > idle => {
                    idle_ids.push(t.row().id.clone());
                    true
                }
                _ => false,
            })
            .await;
        self.metrics.lobbies_expired.increment(expired);
        self.metrics.tables_evicted.increment(idle_ids.len() as u64);
        if let Ok(mut out) = self.idle_out.lock() {
            out.extend(idle_ids);
        }
        dropped
    }

    /// Drops the tables nobody is using (no connection, request or bot holds them) that
    /// `leave` picks.
    async fn evict(&self, mut leave: impl FnMut(&LiveTable, &TableHandle) -> bool) -> usize {
        let mut tables = self.tables.lock().await;
        let before = tables.len();
        tables.retain(|_, h| {
            // In use: a connection or request holds the handle, or its table is locked.
            if Arc::strong_count(h) > 1 || h.bots_running.load(Ordering::SeqCst) {
                return true;
            }
            h.try_lock().is_none_or(|t| !leave(&t, h))
        });
        before - tables.len()
    }

    /// Loads a table from the store into memory (replaying its decisions).
    pub(crate) async fn load(&self, id: &str) -> Result<Arc<TableHandle>, ApiError> {
        // Recovery calls this directly, so the damage check `table()` makes is repeated here:
        // a table already found damaged is not read again.
        if let Some(reason) = self.damage(id) {
            return Err(ApiError::Damaged(reason));
        }
        let mut live = self.read_live(id).await?;
        // A game whose last decision was stored but whose end was not (a stop in between) is
        // finished all the same.
        if live.game().to_act().is_over() && live.status() != TableStatus::Finished {
            if let Err(e) = self.store.set_status(id, TableStatus::Finished).await {
                tracing::error!(table = %id, error = %e, "finished status not stored");
            }
            live.finish();
        }
        live.time_fanout(self.metrics.fanout_seconds.clone());
        let handle = TableHandle::new(live);
        let mut tables = self.tables.lock().await;
        // Another request may have found the record damaged meanwhile (checked under the lock
        // that marking takes).
        if let Some(reason) = self.damage(id) {
            return Err(ApiError::Damaged(reason));
        }
        if let Ok(mut out) = self.idle_out.lock() {
            out.remove(id);
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
            Err(StoreError::Corrupt(e)) => Err(ApiError::Damaged(format!("table {id}: {e}"))),
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
    pub(crate) async fn mark_damaged(&self, id: &str, reason: String) -> ApiError {
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
            h.changed(0);
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
        if let Some(h) = self.held(id).await {
            return Ok(h);
        }
        self.load(id).await
    }

    /// Brings a table up to date with the store (after another instance changed it).
    pub(crate) async fn catch_up(&self, t: &mut LiveTable, id: &str) -> Result<(), ApiError> {
        // Another instance may have stored what this one cannot replay.
        let fresh = self.read_live(id).await?;
        t.replace_with(fresh);
        Ok(())
    }

    /// Stores the seats and status of a table, changed from `before`, over the table as this
    /// instance last read it (seats, status and version). Nothing changes unless it is
    /// stored: a failed write puts `before` back (seats, status and clocks).
    ///
    /// # Errors
    /// [`ApiError::SeatsChanged`] when another server instance changed the table meanwhile:
    /// the table is then caught up from the store, for the caller to decide again on the
    /// fresh table. Database errors.
    pub(crate) async fn write_seats(
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
            read_seats: &t.row().seats,
            read_status: before.status(),
            read_version: t.version(),
            seats: &json,
            status: t.status(),
        };
        match self.store.set_seats(id, change).await {
            Ok(()) => {
                t.seats_stored(json);
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

    /// Stores the seats (and status) of a table, changed from `before`, and tells its
    /// connections.
    ///
    /// # Errors
    /// See [`AppState::write_seats`].
    pub(crate) async fn save_seats(
        &self,
        handle: &TableHandle,
        t: &mut LiveTable,
        id: &str,
        before: SeatsBefore,
    ) -> Result<(), ApiError> {
        let written = self.write_seats(t, id, before).await;
        if let Ok(()) | Err(ApiError::SeatsChanged) = written {
            // Stored, or caught up with another instance's change: either way the table moved.
            handle.changed(t.version());
        }
        written
    }
}
