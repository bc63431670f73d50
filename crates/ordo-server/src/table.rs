//! Live tables: the move pipeline (check, persist, then acknowledge and broadcast), seats and
//! bots.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use ordo_ai::BotSpec;
use ordo_core::{Seat, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::{broadcast, Mutex};

use crate::error::ApiError;
use crate::game::AnyGame;
use crate::store::{now_ms, Store, StoreError, TableRow, TableStatus};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// A seat as stored: its kind and the hash of its secret token (never the token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Who sits here.
    #[serde(flatten)]
    pub kind: SeatKind,
    /// SHA-256 of the seat token (hex).
    pub token_hash: String,
}

/// A table in memory.
#[derive(Debug)]
pub struct LiveTable {
    /// The stored row.
    pub row: TableRow,
    /// Seats.
    pub seats: Vec<SeatInfo>,
    /// The game.
    pub game: AnyGame,
}

/// A table with its change notifications.
#[derive(Debug)]
pub struct TableHandle {
    /// The table.
    pub table: Mutex<LiveTable>,
    /// New versions are announced here; each connection builds its own view.
    pub notify: broadcast::Sender<u64>,
    bots_running: AtomicBool,
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
}

/// Shared server state.
#[derive(Clone)]
pub struct AppState {
    /// Durable storage.
    pub store: Arc<dyn Store>,
    /// Counters.
    pub metrics: Arc<Metrics>,
    tables: Arc<Mutex<BTreeMap<String, Arc<TableHandle>>>>,
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

/// The published commitment of a seed: SHA-256 of its decimal text.
pub fn seed_commitment(seed: u64) -> String {
    sha256_hex(seed.to_string().as_bytes())
}

/// What the creator asks for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// Game id (`crusaders`).
    pub game: String,
    /// The game's config (players, variant, expansions, ...).
    pub config: Value,
    /// One entry per seat.
    pub seats: Vec<SeatKind>,
}

/// What the creator gets back: the table id, the seed commitment and one secret token per seat
/// (invite links for humans).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    /// Table id.
    pub id: String,
    /// SHA-256 commitment of the seed, revealed when the game ends.
    pub seed_commitment: String,
    /// Seat tokens, by seat (bots' tokens are not handed out).
    pub tokens: Vec<Option<String>>,
}

impl AppState {
    /// State over a store, recovering every unfinished table by replaying its record.
    ///
    /// # Errors
    /// Storage errors; a stored table that no longer replays.
    pub async fn recover(store: Arc<dyn Store>) -> Result<AppState, ApiError> {
        let state = AppState {
            store,
            metrics: Arc::default(),
            tables: Arc::new(Mutex::new(BTreeMap::new())),
        };
        for status in [TableStatus::Open, TableStatus::Active] {
            for row in state.store.list_tables(Some(status)).await? {
                let id = row.id.clone();
                if let Err(e) = state.load(&id).await {
                    eprintln!("ordo-server: table {id} could not be recovered: {e}");
                }
            }
        }
        let ids: Vec<String> = state.tables.lock().await.keys().cloned().collect();
        for id in ids {
            state.spawn_bots(&id);
        }
        Ok(state)
    }

    /// Loads a table from the store into memory (replaying its decisions).
    async fn load(&self, id: &str) -> Result<Arc<TableHandle>, ApiError> {
        let stored = self.store.load_table(id).await?.ok_or(ApiError::NotFound)?;
        let config: Value = serde_json::from_str(&stored.table.config)
            .map_err(|e| ApiError::Internal(format!("config of {id}: {e}")))?;
        let seats: Vec<SeatInfo> = serde_json::from_str(&stored.table.seats)
            .map_err(|e| ApiError::Internal(format!("seats of {id}: {e}")))?;
        let mut game = AnyGame::new(&stored.table.game, &config, stored.table.seed)?;
        for a in &stored.actions {
            game.apply(Seat(a.seat), &a.action).map_err(|e| {
                ApiError::Internal(format!("table {id} decision {}: {e}", a.version))
            })?;
        }
        let handle = Arc::new(TableHandle {
            table: Mutex::new(LiveTable {
                row: stored.table,
                seats,
                game,
            }),
            notify: broadcast::channel(64).0,
            bots_running: AtomicBool::new(false),
        });
        self.tables
            .lock()
            .await
            .insert(id.to_string(), handle.clone());
        Ok(handle)
    }

    /// The live table, loading it if another instance created it.
    ///
    /// # Errors
    /// [`ApiError::NotFound`].
    pub async fn table(&self, id: &str) -> Result<Arc<TableHandle>, ApiError> {
        if let Some(h) = self.tables.lock().await.get(id) {
            return Ok(h.clone());
        }
        self.load(id).await
    }

    /// Creates a table; it starts at once (seats are held by token).
    ///
    /// # Errors
    /// Invalid options; storage errors.
    pub async fn create(&self, req: CreateTable) -> Result<Created, ApiError> {
        let seed = u64::from_str_radix(&random_hex(8)?, 16)
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let game = AnyGame::new(&req.game, &req.config, seed)?;
        if req.seats.len() != usize::from(game.seats()) {
            return Err(ApiError::InvalidTable(format!(
                "{} seats listed for {} players",
                req.seats.len(),
                game.seats()
            )));
        }
        for s in &req.seats {
            if let SeatKind::Bot { bot } = s {
                bot.parse::<BotSpec>()
                    .map_err(|e| ApiError::InvalidTable(e.to_string()))?;
            }
        }
        let id = random_hex(8)?;
        let mut tokens = Vec::new();
        let mut seats = Vec::new();
        for kind in req.seats {
            let token = random_hex(16)?;
            seats.push(SeatInfo {
                kind: kind.clone(),
                token_hash: sha256_hex(token.as_bytes()),
            });
            tokens.push(matches!(kind, SeatKind::Human).then_some(token));
        }
        let row = TableRow {
            id: id.clone(),
            game: req.game,
            config: req.config.to_string(),
            seed,
            seed_commitment: seed_commitment(seed),
            seats: serde_json::to_string(&seats).map_err(|e| ApiError::Internal(e.to_string()))?,
            status: TableStatus::Active,
            created_at: now_ms(),
        };
        self.store.create_table(&row).await?;
        let commitment = row.seed_commitment.clone();
        let handle = Arc::new(TableHandle {
            table: Mutex::new(LiveTable { row, seats, game }),
            notify: broadcast::channel(64).0,
            bots_running: AtomicBool::new(false),
        });
        self.tables.lock().await.insert(id.clone(), handle);
        self.metrics.tables_created.fetch_add(1, Ordering::Relaxed);
        self.spawn_bots(&id);
        Ok(Created {
            id,
            seed_commitment: commitment,
            tokens,
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

    /// The move pipeline: check the seat, the table, the turn and the version; apply on a copy;
    /// append durably; then commit in memory, acknowledge, broadcast and wake the bots.
    /// A retry of a decision already applied gets the same acknowledgement.
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
            .submit_internal(&handle, id, seat, expected, action)
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

    /// Lets bot seats play until a human must decide (one driver per table at a time).
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
                let job = {
                    let t = handle.table.lock().await;
                    if t.row.status != TableStatus::Active {
                        None
                    } else {
                        let pending = t.game.pending();
                        pending.iter().find_map(|s| {
                            match &t.seats.get(s.index()).map(|x| &x.kind) {
                                Some(SeatKind::Bot { bot }) => {
                                    bot.parse::<BotSpec>().ok().map(|spec| {
                                        (s, spec, t.game.clone(), t.game.version(), t.row.seed)
                                    })
                                }
                                _ => None,
                            }
                        })
                    }
                };
                let Some((seat, spec, game, version, seed)) = job else {
                    break;
                };
                let decision = tokio::task::spawn_blocking(move || {
                    game.bot_decision(
                        spec,
                        seat,
                        seed ^ version.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    )
                })
                .await;
                let Ok(Some(canonical)) = decision else { break };
                let Ok(action) = serde_json::from_str::<Value>(&canonical) else {
                    break;
                };
                match state
                    .submit_internal(&handle, &id, seat, version, &action)
                    .await
                {
                    Ok(_) | Err(ApiError::StaleVersion { .. } | ApiError::NotActive(_)) => continue,
                    Err(e) => {
                        eprintln!("ordo-server: bot at table {id} failed: {e}");
                        break;
                    }
                }
            }
            handle.bots_running.store(false, Ordering::Release);
            // A human decision may have arrived while the flag was set; look again.
            let t = handle.table.lock().await;
            let bot_pending = t.row.status == TableStatus::Active
                && t.game.pending().iter().any(|s| {
                    matches!(
                        t.seats.get(s.index()).map(|x| &x.kind),
                        Some(SeatKind::Bot { .. })
                    )
                });
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
    ) -> Result<u64, ApiError> {
        let version = {
            let mut t = handle.table.lock().await;
            let current = t.game.version();
            if expected < current && t.game.step_is(expected, seat, action) {
                // A retry of a decision already applied: the same acknowledgement.
                return Ok(expected + 1);
            }
            if t.row.status != TableStatus::Active {
                return Err(ApiError::NotActive(t.row.status.as_str()));
            }
            if expected != current {
                return Err(ApiError::StaleVersion { expected, current });
            }
            let canonical = t.game.check(seat, action)?;
            let mut next = t.game.clone();
            next.apply(seat, &canonical)?;
            let v = match self
                .store
                .append_action(id, current, seat.0, &canonical)
                .await
            {
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
                        current: stored.max(t.game.version()),
                    });
                }
                Err(e) => return Err(e.into()),
            };
            t.game = next;
            if t.game.to_act().is_over() {
                self.store.set_status(id, TableStatus::Finished).await?;
                t.row.status = TableStatus::Finished;
            }
            v
        };
        let _ = handle.notify.send(version);
        Ok(version)
    }
}

impl AppState {
    /// Applies decisions another instance stored after this table's version.
    async fn catch_up(&self, t: &mut LiveTable, id: &str) -> Result<(), ApiError> {
        let stored = self.store.load_table(id).await?.ok_or(ApiError::NotFound)?;
        let have = t.game.version();
        for a in stored.actions.iter().filter(|a| a.version > have) {
            t.game.apply(Seat(a.seat), &a.action)?;
        }
        t.row.status = stored.table.status;
        Ok(())
    }
}

/// What one viewer receives: the version, its own view, its own legal decisions, the seats
/// pending, and, once over, the revealed seed.
pub fn snapshot(t: &LiveTable, viewer: Viewer) -> Value {
    let legal = match viewer {
        Viewer::Seat(s) => t.game.legal(s),
        Viewer::Spectator => Vec::new(),
    };
    let over = matches!(t.game.to_act(), ToAct::Over(_));
    serde_json::json!({
        "type": "snapshot",
        "table": t.row.id,
        "version": t.game.version(),
        "status": t.row.status,
        "you": viewer.seat().map(|s| s.0),
        "to_act": t.game.pending().iter().map(|s| s.0).collect::<Vec<_>>(),
        "view": t.game.view(viewer),
        "legal": legal,
        "seed_commitment": t.row.seed_commitment,
        "seed": if over { Some(t.row.seed.to_string()) } else { None },
    })
}
