//! A table in memory: its stored row, seats, clocks, and the game — the replay of the
//! decisions in effect — with the log of every entry.

use ordo_ai::BotSpec;
use ordo_core::Seat;

use super::cache::ViewCache;
use super::clock::{Clocks, ClocksBefore};
use super::seats::{bot_within_limits, SeatInfo, SeatsDoc, TableOptions};
use crate::error::ApiError;
use crate::games::{AnyAction, AnyGame};
use crate::protocol::{SeatKind, TableStatus};
use crate::store::{EntryKind, StoredTable, TableRow};
use crate::tokens::sha256_hex;

/// What names a seat in a request: its token (programs; old links), or the person it is bound
/// to (a browser's sign-in or guest cookie).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKey<'a> {
    /// A seat token.
    Token(&'a str),
    /// A holder (`a:<account id>` or `g:<hash>`).
    Holder(&'a str),
}

/// One entry of a table's log.
#[derive(Clone, Debug)]
pub(crate) struct LogEntry {
    pub(crate) seat: u8,
    pub(crate) kind: EntryKind,
    /// The decision (`None` for take-backs, and for decisions read back from the store that
    /// were taken back before: they are never replayed).
    pub(crate) action: Option<AnyAction>,
    /// The entry as stored (the decision's JSON, or `{"undo": N}`).
    pub(crate) text: String,
    /// A readable label (empty for take-backs and decisions not in effect).
    pub(crate) label: String,
    /// What the decision did, as the game's public facts (see [`ordo_core::Game::effect`]).
    pub(crate) effect: Option<serde_json::Value>,
    /// Made in secret (see [`AnyGame::is_secret`]).
    pub(crate) secret: bool,
    /// The other seat who sees a secret decision (see [`AnyGame::secret_shared_with`]).
    pub(crate) shared: Option<u8>,
    /// Clock increment the decision earned (ms; 0 when the seat's clock was not running, and
    /// for entries read back after a restart).
    pub(crate) granted_ms: i64,
    /// A bot's "why" (see [`crate::games::BotDecision`]): kept in memory only, so a table read
    /// back after a restart has none.
    pub(crate) why: Option<Vec<crate::protocol::LogLine>>,
}

impl LogEntry {
    /// The entry as a log line, its label and action withheld when `hidden`, a bot's why given
    /// when `why` (see [`LogEntry::why_shown`]).
    pub(crate) fn line(&self, hidden: bool, why: bool) -> crate::protocol::LogLine {
        crate::protocol::LogLine {
            seat: self.seat,
            secret: self.secret,
            label: (!hidden).then(|| self.label.clone()),
            action: if hidden {
                None
            } else {
                self.action.map(|a| a.to_value())
            },
            effect: if hidden { None } else { self.effect.clone() },
            why: if hidden || !why {
                None
            } else {
                self.why.clone()
            },
        }
    }

    /// Whether the entry's decision is withheld from `viewer`: a secret one, until the game is
    /// over, from everyone but its seat and the seat it was shared with.
    pub(crate) fn hidden_from(&self, viewer: Option<Seat>, finished: bool) -> bool {
        self.secret
            && !finished
            && !viewer.is_some_and(|v| v.0 == self.seat || Some(v.0) == self.shared)
    }

    /// Whether a bot's why goes to `viewer`: it shows what the bot's seat knew, so only to
    /// that seat (a player whose stand-in decided) until the game is over.
    pub(crate) fn why_shown(&self, viewer: Option<Seat>, finished: bool) -> bool {
        self.why.is_some() && (finished || viewer == Some(Seat(self.seat)))
    }
}

/// A table in memory.
#[derive(Debug)]
pub struct LiveTable {
    pub(in crate::table) row: TableRow,
    pub(in crate::table) seats: Vec<SeatInfo>,
    pub(in crate::table) options: TableOptions,
    pub(in crate::table) host_hash: String,
    /// The game: the decisions in effect, replayed.
    pub(in crate::table) game: AnyGame,
    pub(in crate::table) log: Vec<LogEntry>,
    /// Indices (into the log) of the decisions in effect, oldest first.
    pub(in crate::table) effect: Vec<usize>,
    pub(in crate::table) clocks: Clocks,
    /// Counts every change a viewer may see (decisions, take-backs, seats, status).
    pub(in crate::table) generation: u64,
    pub(in crate::table) views: ViewCache,
    /// A bot's why for the decision it is about to send: (log position, seat, why).
    pub(in crate::table) pending_why: Option<(usize, u8, Vec<crate::protocol::LogLine>)>,
}

/// A table's seats, status and clocks before a change of its seats, put back when the change
/// is not stored.
#[derive(Debug)]
pub(crate) struct SeatsBefore {
    seats: Vec<SeatInfo>,
    status: TableStatus,
    clocks: ClocksBefore,
    rematch: Option<String>,
}

impl SeatsBefore {
    /// The status as read.
    pub(crate) fn status(&self) -> TableStatus {
        self.status
    }
}

impl LiveTable {
    /// A new table with no decision yet.
    pub(crate) fn new(
        row: TableRow,
        seats: Vec<SeatInfo>,
        options: TableOptions,
        host_hash: String,
        game: AnyGame,
    ) -> LiveTable {
        let clocks = Clocks::new(options.clock, seats.len());
        let mut t = LiveTable {
            row,
            seats,
            options,
            host_hash,
            game,
            log: Vec::new(),
            effect: Vec::new(),
            clocks,
            generation: 0,
            views: ViewCache::default(),
            pending_why: None,
        };
        t.run_clocks();
        t
    }

    /// A table read back from the store: its decisions in effect replayed, each labelled in
    /// the position it was made in.
    ///
    /// # Errors
    /// [`ApiError::Damaged`] when the row or a decision cannot be read or replayed.
    pub(crate) fn from_stored(stored: StoredTable) -> Result<LiveTable, ApiError> {
        let id = stored.table.id.clone();
        let config: serde_json::Value = serde_json::from_str(&stored.table.config)
            .map_err(|e| ApiError::Damaged(format!("config of {id}: {e}")))?;
        let doc = SeatsDoc::parse(&stored.table.seats)
            .map_err(|e| ApiError::Damaged(format!("seats of {id}: {e}")))?;
        let mut game = AnyGame::new(&stored.table.game, &config, stored.table.seed)
            .map_err(|e| ApiError::Damaged(format!("game of {id}: {e}")))?;
        let mut effect = Vec::new();
        for (i, a) in stored.actions.iter().enumerate() {
            match a.kind {
                EntryKind::Decision => effect.push(i),
                EntryKind::Undo => {
                    effect.pop();
                }
            }
        }
        let mut log: Vec<LogEntry> = stored
            .actions
            .iter()
            .map(|a| LogEntry {
                seat: a.seat,
                kind: a.kind,
                action: None,
                text: a.action.clone(),
                label: String::new(),
                effect: None,
                secret: false,
                shared: None,
                granted_ms: 0,
                why: None,
            })
            .collect();
        for &i in &effect {
            let Some(e) = log.get_mut(i) else { continue };
            let damaged = |err: ApiError| {
                ApiError::Damaged(format!("table {id}, entry {i} does not replay: {err}"))
            };
            let a = game.parse_stored(&e.text).map_err(damaged)?;
            let seat = Seat(e.seat);
            e.label = game.describe(&a);
            e.secret = game.is_secret(seat, &a);
            e.shared = game.secret_shared_with(seat, &a).map(|s| s.0);
            e.action = Some(a);
            game.check(seat, &a).map_err(damaged)?;
            e.effect = game.apply_noting(seat, &a).map_err(damaged)?;
            e.label = game.label_after(std::mem::take(&mut e.label));
        }
        let waited_from = stored.last_at.unwrap_or(stored.table.created_at);
        let mut clocks = Clocks::new(doc.options.clock, doc.seats.len());
        if let Some(last) = stored.actions.iter().rev().find_map(|a| a.clocks.as_ref()) {
            if let Ok(c) = serde_json::from_str::<Vec<i64>>(last) {
                clocks.restore(&c);
            }
        }
        let mut t = LiveTable {
            row: stored.table,
            seats: doc.seats,
            options: doc.options,
            host_hash: doc.host_hash,
            game,
            log,
            effect,
            clocks,
            generation: 0,
            views: ViewCache::default(),
            pending_why: None,
        };
        t.run_clocks();
        // The game has waited on the seats deciding now since its last stored change (a table
        // sent out of memory and loaded again keeps its players' waiting time).
        t.clocks.waiting_from(waited_from);
        Ok(t)
    }

    /// The table's id.
    pub fn id(&self) -> &str {
        &self.row.id
    }

    /// The stored row.
    pub fn row(&self) -> &TableRow {
        &self.row
    }

    /// The table's status.
    pub fn status(&self) -> TableStatus {
        self.row.status
    }

    /// The seats.
    pub fn seats(&self) -> &[SeatInfo] {
        &self.seats
    }

    /// The table's options.
    pub fn options(&self) -> &TableOptions {
        &self.options
    }

    /// The game (the decisions in effect, replayed).
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The table version: the length of its log (decisions and take-backs).
    pub fn version(&self) -> u64 {
        self.log.len() as u64
    }

    /// The seat whose token hashes to `hash`, if any.
    pub fn seat_of_hash(&self, hash: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.token_hash == hash)
            .map(|i| Seat(i as u8))
    }

    /// The seat bound to `holder` (a signed-in account or a guest's cookie), if any: the
    /// first, should one person hold several.
    pub fn seat_of_holder(&self, holder: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.holder.as_deref() == Some(holder))
            .map(|i| Seat(i as u8))
    }

    /// The seat a key names: a token's seat, or the seat bound to a person.
    pub fn seat_by(&self, key: SeatKey<'_>) -> Option<Seat> {
        match key {
            SeatKey::Token(t) => self.seat_of(t),
            SeatKey::Holder(h) => self.seat_of_holder(h),
        }
    }

    /// The seat a token holds, if any.
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        self.seat_of_hash(&sha256_hex(token.as_bytes()))
    }

    /// Whether `token` is the host's.
    pub(crate) fn is_host(&self, token: &str) -> bool {
        !self.host_hash.is_empty() && sha256_hex(token.as_bytes()) == self.host_hash
    }

    /// Whether the host token given, or else the person asking, is the table's host.
    pub(crate) fn is_host_by(&self, token: Option<&str>, holder: Option<&str>) -> bool {
        match token {
            Some(t) => self.is_host(t),
            None => holder.is_some() && self.options.host_holder.as_deref() == holder,
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
                .is_some_and(SeatInfo::is_invite)
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

    /// A seat with a bot to decide for it now, with the bot.
    pub(crate) fn bot_to_act(&self) -> Option<(Seat, BotSpec)> {
        if self.row.status != TableStatus::Active {
            return None;
        }
        self.game
            .pending()
            .iter()
            .find_map(|s| self.bot_for(s).map(|spec| (s, spec)))
    }

    /// The stored seats document.
    pub(crate) fn seats_json(&self) -> Result<String, ApiError> {
        serde_json::to_string(&SeatsDoc {
            seats: self.seats.clone(),
            options: self.options.clone(),
            host_hash: self.host_hash.clone(),
        })
        .map_err(|e| ApiError::Internal(e.to_string()))
    }

    /// The seats' remaining time now, milliseconds (empty without a clock).
    pub fn clocks_now(&self) -> Vec<i64> {
        self.clocks.now()
    }

    /// Starts the clocks of the human seats now to act, stops the others.
    pub(crate) fn run_clocks(&mut self) {
        let active = self.row.status == TableStatus::Active;
        let pending = self.game.pending();
        let seats = &self.seats;
        self.clocks.run(|i| {
            active
                && pending.contains(Seat(i as u8))
                && seats
                    .get(i)
                    .is_some_and(|s| s.kind == SeatKind::Human && !s.away)
        });
    }

    /// Marks a change every viewer may see.
    pub(crate) fn touch(&mut self) {
        self.generation += 1;
    }

    /// What a change of the seats may have to put back if it is not stored.
    pub(crate) fn seats_before(&self) -> SeatsBefore {
        SeatsBefore {
            seats: self.seats.clone(),
            status: self.row.status,
            clocks: self.clocks.before(),
            rematch: self.options.rematch.clone(),
        }
    }

    /// Undoes an unstored change of the seats.
    pub(crate) fn put_back(&mut self, before: SeatsBefore) {
        self.seats = before.seats;
        self.row.status = before.status;
        self.options.rematch = before.rematch;
        self.clocks.put_back(before.clocks);
        self.touch();
    }

    /// The stored seats text is now `json`.
    pub(crate) fn seats_stored(&mut self, json: String) {
        self.row.seats = json;
    }

    /// The game is over: the table is finished.
    pub(crate) fn finish(&mut self) {
        self.row.status = TableStatus::Finished;
        self.run_clocks();
        self.touch();
    }

    /// Takes the place of this table by `fresh`, read again from the store (another instance
    /// changed it), keeping the clocks running where they run.
    pub(crate) fn replace_with(&mut self, fresh: LiveTable) {
        let mut fresh = fresh;
        let running = std::mem::take(&mut self.clocks);
        let generation = self.generation + 1;
        let views = std::mem::take(&mut self.views);
        fresh.clocks.keep_running_from(running);
        fresh.generation = generation;
        fresh.views = views;
        *self = fresh;
        self.run_clocks();
    }
}
