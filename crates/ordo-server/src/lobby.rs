//! The lobby: creating tables, taking and leaving seats, taking a seat back from the stand-in,
//! and the host's early start. Every change of the seats is stored over the table as read.

use crate::error::ApiError;
use crate::games::AnyGame;
use crate::protocol::{CreateTable, Created, Joined, SeatKind, TableStatus};
use crate::state::{again_on_fresh_seats, AppState};
use crate::store::{now_ms, TableRow};
use crate::table::{
    clean_name, default_standin, hosted_bot, LiveTable, SeatInfo, SeatKey, TableOptions,
};
use crate::tokens::{random_hex, random_u64, seed_commitment_with, sha256_hex};

/// The longest initial clock time and cap: 30 days; the largest increment: 7 days (a day
/// clock's allowance per move).
const MAX_CLOCK_MS: u64 = 30 * 86_400_000;
const MAX_INCREMENT_MS: u64 = 7 * 86_400_000;
/// The seed every "Learn to play" table is dealt from (the guided steps were written on it).
const TUTORIAL_SEED: u64 = 2026;

impl AppState {
    /// Creates a table. Without a lobby it starts at once (seats are held by token); with one,
    /// it waits for its human seats to join.
    ///
    /// # Errors
    /// Invalid options; storage errors.
    pub async fn create(&self, req: CreateTable) -> Result<Created, ApiError> {
        self.create_from(None, req, None).await
    }

    /// [`AppState::create`] for a client address, under the caps on unfinished tables (per
    /// address, per account and in total).
    ///
    /// # Errors
    /// [`ApiError::TooManyTables`]; as [`AppState::create`].
    pub async fn create_from(
        &self,
        addr: Option<std::net::IpAddr>,
        req: CreateTable,
        host_holder: Option<&str>,
    ) -> Result<Created, ApiError> {
        let _gate = self.create_gate.lock().await;
        self.check_table_caps(addr, host_holder).await?;
        let created = self.create_table(req, &[], host_holder, None).await?;
        if let Some(ip) = addr {
            if let Ok(mut by) = self.created_by.lock() {
                by.entry(ip).or_default().push(created.id.clone());
            }
        }
        self.note_host(host_holder, &created.id);
        Ok(created)
    }

    /// Counts table `id` as hosted by `holder`, if that is an account.
    pub(crate) fn note_host(&self, holder: Option<&str>, id: &str) {
        if let Some(h) = holder.filter(|h| h.starts_with("a:")) {
            if let Ok(mut by) = self.hosted_by.lock() {
                by.entry(h.to_string()).or_default().push(id.to_string());
            }
        }
    }

    /// How many of the tables listed under `key` in `map` are still unfinished (the others are
    /// forgotten).
    fn still_open<K: Ord + Clone>(
        map: &std::sync::Mutex<std::collections::BTreeMap<K, Vec<String>>>,
        key: &K,
        unfinished: &std::collections::BTreeSet<String>,
    ) -> usize {
        map.lock().map_or(0, |mut by| {
            let ids = by.entry(key.clone()).or_default();
            ids.retain(|id| unfinished.contains(id));
            let n = ids.len();
            if n == 0 {
                by.remove(key);
            }
            n
        })
    }

    /// Whether one more unfinished table is allowed, for `addr`, for the account `holder` and
    /// in total.
    pub(crate) async fn check_table_caps(
        &self,
        addr: Option<std::net::IpAddr>,
        holder: Option<&str>,
    ) -> Result<(), ApiError> {
        let refused = self.table_caps(addr, holder).await;
        if let Err(e) = &refused {
            self.metrics.tables_refused.increment(1);
            tracing::warn!(client = ?addr, reason = %e, "table creation refused");
        }
        refused
    }

    async fn table_caps(
        &self,
        addr: Option<std::net::IpAddr>,
        holder: Option<&str>,
    ) -> Result<(), ApiError> {
        let unfinished = self.unfinished_ids().await;
        if let Some(h) = holder.filter(|h| h.starts_with("a:")) {
            if Self::still_open(&self.hosted_by, &h.to_string(), &unfinished)
                >= self.policy.max_open_tables_per_account
            {
                return Err(ApiError::TooManyTables(
                    "your account hosts as many unfinished tables as allowed; finish or leave one first",
                ));
            }
        }
        // `--ip-limit off` (load tests from one address) lifts the per-address cap too.
        if let Some(ip) = addr.filter(|_| !self.limiter.is_off()) {
            let mine = Self::still_open(&self.created_by, &ip, &unfinished);
            if mine >= self.policy.max_open_tables_per_address {
                return Err(ApiError::TooManyTables(
                    "this address has as many unfinished tables as allowed; finish or leave one first",
                ));
            }
        }
        if unfinished.len() >= self.policy.max_open_tables {
            return Err(ApiError::TooManyTables(
                "the server holds as many unfinished tables as it allows; try again later",
            ));
        }
        Ok(())
    }

    /// Whether an open table created at `created_at` (ms) waited for players past the expiry.
    pub(crate) fn lobby_expired(&self, status: TableStatus, created_at: i64) -> bool {
        let expiry = i64::try_from(self.policy.lobby_expiry.as_millis()).unwrap_or(i64::MAX);
        status == TableStatus::Open && now_ms().saturating_sub(created_at) > expiry
    }

    /// Creates a table; `keep` (for a rematch) gives, per seat, the person and name each human
    /// seat is kept for: such seats are taken only by accepting the rematch, and `offered_by`
    /// the person who offered it.
    pub(crate) async fn create_table(
        &self,
        req: CreateTable,
        keep: &[(Option<String>, Option<String>)],
        host_holder: Option<&str>,
        offered_by: Option<&str>,
    ) -> Result<Created, ApiError> {
        let seed = if req.tutorial {
            TUTORIAL_SEED
        } else {
            random_u64()?
        };
        if !req.config.is_object() {
            return Err(ApiError::InvalidTable("config: a JSON object".into()));
        }
        let game = AnyGame::new_with_pack(
            &req.game,
            &req.config,
            seed,
            self.packs.get(&req.game).copied(),
        )?;
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
            rematch: None,
            host_holder: host_holder.map(str::to_string),
            offered_by: offered_by
                .filter(|h| h.starts_with("a:"))
                .map(str::to_string),
            rated: req.rated,
            abandon_after_ms: Some(
                u64::try_from(self.policy.abandon_after.as_millis()).unwrap_or(u64::MAX),
            ),
        };
        if options.rated {
            if options.clock.is_none() {
                return Err(ApiError::Rated("a rated table needs a clock".into()));
            }
            if !options.lobby {
                return Err(ApiError::Rated(
                    "a rated table opens a waiting room: its players take their seats signed in"
                        .into(),
                ));
            }
            let account = |h: &str| h.starts_with("a:");
            // A rematch's seats are kept for the players of the rated table it follows.
            let rematch = keep.iter().any(|k| k.0.as_deref().is_some_and(account));
            if !(host_holder.is_some_and(account) || rematch) {
                return Err(ApiError::Rated(
                    "only a signed-in player can create a rated table".into(),
                ));
            }
            if req.tutorial {
                return Err(ApiError::Rated(
                    "a \"Learn to play\" table is not rated".into(),
                ));
            }
        }
        hosted_bot(&options.standin)
            .map_err(|e| ApiError::InvalidTable(format!("stand-in: {e}")))?;
        if let Some(c) = options.clock {
            if c.initial_ms < 1000
                || c.initial_ms > MAX_CLOCK_MS
                || c.increment_ms > MAX_INCREMENT_MS
                || c.max_ms
                    .is_some_and(|m| !(1000..=MAX_CLOCK_MS).contains(&m))
            {
                return Err(ApiError::InvalidTable(
                    "clock: initial time and cap from 1 s to 30 days, increment up to 7 days"
                        .into(),
                ));
            }
        }
        let id = random_hex(8)?;
        let host_token = random_hex(16)?;
        let mut tokens = Vec::new();
        let mut seats = Vec::new();
        for (i, kind) in req.seats.into_iter().enumerate() {
            let token = random_hex(16)?;
            let human = matches!(kind, SeatKind::Human);
            let kept = keep.get(i).filter(|_| human);
            seats.push(SeatInfo {
                kind,
                token_hash: sha256_hex(token.as_bytes()),
                name: kept.and_then(|k| k.1.clone()),
                joined: !(human && options.lobby),
                away: false,
                claimed: false,
                holder: kept.and_then(|k| k.0.clone()),
                resigned: false,
                reserved: kept.is_some(),
                rematch: None,
                timed_out_at: None,
                rating: None,
                abandon_votes: Vec::new(),
            });
            tokens.push(human.then_some(token));
        }
        let status = if seats.iter().all(|s| s.joined) {
            TableStatus::Active
        } else {
            TableStatus::Open
        };
        let nonce = random_hex(16)?;
        let row = TableRow {
            id: id.clone(),
            game: req.game,
            config: game.config_json().to_string(),
            seed,
            seed_commitment: seed_commitment_with(seed, Some(&nonce)),
            seed_nonce: Some(nonce),
            seats: String::new(),
            status,
            created_at: now_ms(),
        };
        let mut live = LiveTable::new(row, seats, options, sha256_hex(host_token.as_bytes()), game);
        let seats_json = live.seats_json()?;
        live.seats_stored(seats_json);
        self.store.create_table(live.row()).await?;
        let commitment = live.row().seed_commitment.clone();
        self.hold(&id, live).await;
        self.metrics.tables_created.increment(1);
        tracing::info!(table = %id, ?status, "table created");
        self.spawn_bots(&id);
        Ok(Created {
            id,
            seed_commitment: commitment,
            tokens,
            host_token,
        })
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
        holder: Option<&str>,
    ) -> Result<Joined, ApiError> {
        let name = name.as_deref().map(clean_name);
        let joined = again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            if self.lobby_expired(t.status(), t.row().created_at) {
                return Err(ApiError::Lobby(
                    "this table is closed: nobody joined it in time".into(),
                ));
            }
            let before = t.seats_before();
            let taken = t.join(token, name.clone(), new_token, holder, || random_hex(16))?;
            // Nothing changes unless it is stored (seats and status in one write): a failed
            // write leaves the invite working.
            self.save_seats(&handle, &mut t, id, before).await?;
            if taken.started {
                self.tell_turns(&t, id, &[]);
            }
            Ok((taken, t.status()))
        })
        .await;
        let (taken, status) = joined?;
        tracing::info!(table = %id, seat = taken.seat.0, started = taken.started, "seat joined");
        if taken.started {
            self.spawn_bots(id);
        }
        Ok(Joined {
            seat: taken.seat.0,
            token: taken.token,
            status,
            bound: taken.bound,
        })
    }

    /// The seats a guest took in this browser become the account's they signed in to (or up
    /// with): their games follow them to every device. Best effort, table by table.
    pub(crate) async fn adopt(&self, guest: &str, account: &str) {
        let Ok(held) = self.store.tables_of(guest, 200).await else {
            return;
        };
        for h in held {
            let id = h.table.id;
            let moved = again_on_fresh_seats(|| async {
                let handle = self.table(&id).await?;
                let mut t = handle.lock_live().await?;
                let before = t.seats_before();
                if !t.rebind(guest, account) {
                    return Ok(false);
                }
                self.save_seats(&handle, &mut t, &id, before).await?;
                Ok(true)
            })
            .await;
            if let Err(e) = moved {
                tracing::warn!(table = %id, error = %e, "a guest's seat stayed the guest's");
            }
        }
    }

    /// The host shows a fresh invite for an unused seat (`Some` token) or revokes its invite.
    ///
    /// # Errors
    /// Not the host; no such seat; the seat is taken, a bot's or kept for a rematch; the table
    /// is over; storage errors.
    pub async fn manage_invite(
        &self,
        id: &str,
        host: (Option<&str>, Option<&str>),
        seat: usize,
        show: bool,
    ) -> Result<Option<String>, ApiError> {
        let token = random_hex(16)?;
        again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            t.reissue_invite(host, seat, &token)?;
            self.save_seats(&handle, &mut t, id, before).await
        })
        .await?;
        tracing::info!(table = %id, seat, show, "invite reissued by the host");
        Ok(show.then_some(token))
    }

    /// A player leaves: before the start the seat is freed (the leaver's token stays valid
    /// until someone else takes the seat); during the game the stand-in bot takes the seat over
    /// until the player reclaims it.
    ///
    /// # Errors
    /// Unknown table or token; the table is over.
    pub async fn leave(&self, id: &str, key: SeatKey<'_>) -> Result<TableStatus, ApiError> {
        let (seat, status) = again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            let seat = t.leave(key)?;
            self.save_seats(&handle, &mut t, id, before).await?;
            Ok((seat, t.status()))
        })
        .await?;
        tracing::info!(table = %id, seat = seat.0, "seat left");
        self.spawn_bots(id);
        Ok(status)
    }

    /// A player takes their seat back from the stand-in bot.
    ///
    /// # Errors
    /// Unknown table or token; the table is not being played.
    pub async fn reclaim(&self, id: &str, key: SeatKey<'_>) -> Result<(), ApiError> {
        again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            // Nothing to reclaim: the seat is the player's already (and no time is given).
            let Some(seat) = t.reclaim_seat(key)? else {
                return Ok(());
            };
            let before = t.seats_before();
            t.hand_back(seat);
            self.save_seats(&handle, &mut t, id, before).await?;
            tracing::info!(table = %id, seat = seat.0, "seat reclaimed");
            Ok(())
        })
        .await
    }

    /// The host starts an open table now; human seats nobody joined are played by the
    /// stand-in bot until their invitees take them (`join` with the invite).
    ///
    /// # Errors
    /// Unknown table; not the host's token; the table is not open.
    pub async fn start(
        &self,
        id: &str,
        host_token: Option<&str>,
        holder: Option<&str>,
    ) -> Result<(), ApiError> {
        again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            t.start(host_token, holder)?;
            // Seats and status in one write, over the table as read.
            self.save_seats(&handle, &mut t, id, before).await?;
            self.tell_turns(&t, id, &[]);
            Ok(())
        })
        .await?;
        tracing::info!(table = %id, "table started by its host");
        self.spawn_bots(id);
        Ok(())
    }
}
