//! Changes of a live table's seats, in memory: joining, leaving, taking a seat back from the
//! stand-in, the host's start and clock timeouts. The caller stores the change (and puts it
//! back with [`LiveTable::put_back`] when it cannot).

use ordo_core::Seat;

use super::live::{LiveTable, SeatKey};
use super::seats::valid_token;
use crate::error::ApiError;
use crate::protocol::{SeatKind, TableStatus};
use crate::tokens::sha256_hex;

/// A seat taken.
#[derive(Debug)]
pub(crate) struct Taken {
    /// The seat.
    pub(crate) seat: Seat,
    /// The token the player holds from now on.
    pub(crate) token: String,
    /// The table started with it.
    pub(crate) started: bool,
    /// The seat is bound to the person who took it.
    pub(crate) bound: bool,
}

fn not_open(t: &LiveTable) -> ApiError {
    ApiError::Lobby(format!("the table is {}, not open", t.row.status.as_str()))
}

impl LiveTable {
    /// Gives `seat` to the holder of `token` (a new token: its hash replaces the invite's).
    fn give(&mut self, seat: Seat, token: &str) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.token_hash = sha256_hex(token.as_bytes());
            s.claimed = true;
        }
    }

    /// Takes a human seat (see `AppState::join`): with a token, that seat; without one, the
    /// first free human seat of an open table. `fresh` makes the player's own token when the
    /// client chose none.
    ///
    /// # Errors
    /// Unknown token; a `new_token` that is not 16–128 letters, digits, `-` or `_`; the table
    /// is not open (and the seat not an unused invite) or has no free seat.
    pub(crate) fn join(
        &mut self,
        token: Option<&str>,
        name: Option<String>,
        new_token: Option<&str>,
        holder: Option<&str>,
        fresh: impl FnOnce() -> Result<String, ApiError>,
    ) -> Result<Taken, ApiError> {
        if new_token.is_some_and(|n| !valid_token(n)) {
            return Err(ApiError::Malformed(
                "new_token: 16 to 128 letters, digits, '-' or '_'".into(),
            ));
        }
        let own = || -> Result<String, ApiError> {
            match new_token {
                Some(n) => Ok(n.to_string()),
                None => fresh(),
            }
        };
        let open = self.row.status == TableStatus::Open;
        let mut took_invite = false;
        // A retry whose first answer was lost: the token the client chose holds the seat
        // already. It goes through the rest again (the start, the stand-in's hand-over), in case
        // the first attempt stopped before them.
        let retry = new_token.and_then(|n| self.seat_of(n).map(|s| (s, n.to_string())));
        if self.options.rated {
            // Rated tables are for signed-in players, one seat each.
            let account = holder.filter(|h| h.starts_with("a:")).ok_or_else(|| {
                ApiError::Rated("a rated table is for signed-in players: sign in first".into())
            })?;
            if let Some(held) = self.seat_of_holder(account) {
                if retry.as_ref().is_none_or(|r| r.0 != held)
                    && token.and_then(|t| self.seat_of(t)) != Some(held)
                {
                    return Err(ApiError::Rated(
                        "you hold a seat at this rated table already".into(),
                    ));
                }
            }
        }
        let (seat, token) = match (retry, token) {
            (Some(r), _) => {
                took_invite = !open;
                r
            }
            (None, Some(tok)) => {
                let seat = self.seat_of(tok).ok_or(ApiError::BadToken)?;
                let invite = self.seats.get(seat.index()).is_some_and(|s| s.is_invite());
                let takes_invite = invite && self.row.status == TableStatus::Active;
                if !(open || takes_invite) {
                    // A seat already held, at a running or finished table: taken with its own
                    // token, it is only bound to the person asking (a browser that held it by
                    // token from before seats were bound goes on by its cookie).
                    return self
                        .bind_only(seat, tok, holder)
                        .ok_or_else(|| not_open(self));
                }
                if invite {
                    let mine = own()?;
                    if self.seat_of(&mine).is_some() {
                        return Err(ApiError::Malformed("new_token: already in use".into()));
                    }
                    self.give(seat, &mine);
                    took_invite = true;
                    (seat, mine)
                } else {
                    (seat, tok.to_string())
                }
            }
            (None, None) if !open => return Err(not_open(self)),
            (None, None) => {
                let free = self
                    .seats
                    .iter()
                    .position(|s| s.kind == SeatKind::Human && !s.joined && !s.reserved)
                    .ok_or_else(|| ApiError::Lobby("no free seat".into()))?;
                let mine = own()?;
                if self.seat_of(&mine).is_some() {
                    return Err(ApiError::Malformed("new_token: already in use".into()));
                }
                let seat = Seat(free as u8);
                self.give(seat, &mine);
                (seat, mine)
            }
        };
        // The seat is bound to the person who took it, unless they hold another seat here
        // already (one person playing several seats goes on with tokens).
        let bind = holder.filter(|h| {
            self.seat_of_holder(h).is_none()
                && self
                    .seats
                    .get(seat.index())
                    .is_some_and(|s| s.holder.is_none() || took_invite)
        });
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.joined = true;
            if name.is_some() || open {
                s.name = name;
            }
            if let Some(h) = bind {
                s.holder = Some(h.to_string());
            }
        }
        let started = open && self.seats.iter().all(|s| s.joined);
        if started {
            self.row.status = TableStatus::Active;
        } else if !open && took_invite {
            // The invited player has arrived at the running table: the stand-in hands the
            // seat over, in the same write.
            self.hand_back(seat);
        }
        self.run_clocks();
        self.touch();
        let bound = holder.is_some_and(|h| self.seat_of_holder(h) == Some(seat));
        Ok(Taken {
            seat,
            token,
            started,
            bound,
        })
    }

    /// Binds a held `seat` to `holder`, nothing else changed; `None` without a holder, or when
    /// the seat is bound to someone else or the holder holds another seat here.
    fn bind_only(&mut self, seat: Seat, token: &str, holder: Option<&str>) -> Option<Taken> {
        let holder = holder?;
        let mine = self.seat_of_holder(holder);
        if mine.is_some_and(|s| s != seat) {
            return None;
        }
        let s = self.seats.get_mut(seat.index())?;
        if s.holder.as_deref().is_some_and(|h| h != holder) || !s.joined || !s.claimed {
            return None;
        }
        s.holder = Some(holder.to_string());
        self.touch();
        Some(Taken {
            seat,
            token: token.to_string(),
            started: false,
            bound: true,
        })
    }

    /// The holder of `token` leaves: before the start the seat is freed; during the game the
    /// stand-in takes it over.
    ///
    /// # Errors
    /// Unknown token; the table is over.
    pub(crate) fn leave(&mut self, key: SeatKey<'_>) -> Result<Seat, ApiError> {
        let seat = self.seat_by(key).ok_or(ApiError::BadToken)?;
        if self.row.status == TableStatus::Active && self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        match self.row.status {
            TableStatus::Open => {
                if let Some(s) = self.seats.get_mut(seat.index()) {
                    s.joined = false;
                    // No longer theirs: gone from their "My games" too.
                    s.holder = None;
                }
            }
            TableStatus::Active => {
                if let Some(s) = self.seats.get_mut(seat.index()) {
                    s.away = true;
                }
                self.run_clocks();
            }
            TableStatus::Finished => return Err(ApiError::NotActive("finished")),
        }
        self.touch();
        Ok(seat)
    }

    /// The seat `token` holds, to take back from the stand-in: `None` when the player holds
    /// it already (nothing to do).
    ///
    /// # Errors
    /// Unknown token; the table is not being played.
    pub(crate) fn reclaim_seat(&self, key: SeatKey<'_>) -> Result<Option<Seat>, ApiError> {
        let seat = self.seat_by(key).ok_or(ApiError::BadToken)?;
        if self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        if self.seats.get(seat.index()).is_some_and(|s| s.resigned) {
            return Err(ApiError::Resigned);
        }
        if self.row.status != TableStatus::Active {
            return Err(ApiError::NotActive(self.row.status.as_str()));
        }
        Ok(self
            .seats
            .get(seat.index())
            .is_some_and(|s| s.away)
            .then_some(seat))
    }

    /// The stand-in hands `seat` back to its player, who gets a minimum of time to think
    /// (back from a timeout). Nothing happens to a seat the player holds already.
    pub(crate) fn hand_back(&mut self, seat: Seat) {
        match self.seats.get_mut(seat.index()) {
            Some(s) if s.away && !s.resigned => s.away = false,
            _ => return,
        }
        self.clocks.floor(seat.index());
        self.run_clocks();
        self.touch();
    }

    /// The host starts the open table now; human seats nobody joined are played by the
    /// stand-in until their invitees take them.
    ///
    /// # Errors
    /// Not the host's token; the table is not open.
    pub(crate) fn start(
        &mut self,
        host_token: Option<&str>,
        holder: Option<&str>,
    ) -> Result<(), ApiError> {
        if !self.is_host_by(host_token, holder) {
            return Err(ApiError::BadToken);
        }
        if self.row.status != TableStatus::Open {
            return Err(not_open(self));
        }
        for s in &mut self.seats {
            if !s.joined {
                s.joined = true;
                s.away = true;
            }
        }
        self.row.status = TableStatus::Active;
        self.run_clocks();
        self.touch();
        Ok(())
    }

    /// Hands every human seat whose clock ran out to the stand-in; returns those seats.
    pub(crate) fn flag_timeouts(&mut self) -> Vec<usize> {
        if self.row.status != TableStatus::Active {
            return Vec::new();
        }
        let flagged = self.clocks.flagged();
        if flagged.is_empty() {
            return flagged;
        }
        let mut left = self.clocks.now();
        for &i in &flagged {
            if let Some(c) = left.get_mut(i) {
                *c = 0;
            }
            let at = self.effect.len() as u64;
            if let Some(s) = self.seats.get_mut(i) {
                s.away = true;
                s.timed_out_at = Some(at);
            }
        }
        self.clocks.set(left);
        self.run_clocks();
        self.touch();
        flagged
    }

    /// The player who decided for a seat the stand-in played is back.
    pub(crate) fn back_from_standin(&mut self, seat: Seat) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.away = s.resigned;
        }
        self.run_clocks();
        self.touch();
    }

    /// The player of the seat `key` names resigns: the stand-in plays it to the end, and the
    /// player cannot take it back.
    ///
    /// # Errors
    /// Unknown key; a seat held by an unused invite or a bot's; the table is not being played;
    /// resigned already.
    pub(crate) fn resign(&mut self, key: SeatKey<'_>) -> Result<Seat, ApiError> {
        let seat = self.seat_by(key).ok_or(ApiError::BadToken)?;
        if self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        if self.row.status != TableStatus::Active {
            return Err(ApiError::NotActive(self.row.status.as_str()));
        }
        let s = self.seats.get_mut(seat.index()).ok_or(ApiError::BadToken)?;
        if s.kind != SeatKind::Human {
            return Err(ApiError::BadToken);
        }
        if s.resigned {
            return Err(ApiError::Resigned);
        }
        s.resigned = true;
        s.away = true;
        self.run_clocks();
        self.touch();
        Ok(seat)
    }

    /// Records a player's answer to the rematch (`true`: accepted).
    ///
    /// # Errors
    /// Unknown key; a bot's seat; the table is not over; no rematch offered (when declining);
    /// answered already.
    pub(crate) fn answer_rematch(&mut self, key: SeatKey<'_>, yes: bool) -> Result<Seat, ApiError> {
        let seat = self.seat_by(key).ok_or(ApiError::BadToken)?;
        if self.row.status != TableStatus::Finished {
            return Err(ApiError::Rematch(
                "a rematch is offered once the game is over",
            ));
        }
        if !yes && self.options.rematch.is_none() {
            return Err(ApiError::Rematch("no rematch was offered at this table"));
        }
        let s = self.seats.get_mut(seat.index()).ok_or(ApiError::BadToken)?;
        if s.kind != SeatKind::Human || !s.claimed {
            return Err(ApiError::BadToken);
        }
        if s.rematch.is_some() {
            return Err(ApiError::Rematch("you answered this rematch already"));
        }
        s.rematch = Some(yes);
        self.touch();
        Ok(seat)
    }

    /// Seats bound to `from` are bound to `to` (a guest who signed in); `false` when none was,
    /// or `to` holds a seat here already.
    pub(crate) fn rebind(&mut self, from: &str, to: &str) -> bool {
        if self.seat_of_holder(to).is_some() {
            return false;
        }
        let mut moved = false;
        for s in &mut self.seats {
            if s.holder.as_deref() == Some(from) {
                s.holder = Some(to.to_string());
                moved = true;
            }
        }
        if moved {
            self.touch();
        }
        moved
    }

    /// The host hands out a fresh invite for an unused human seat (the seat's previous invite
    /// stops working: only hashes are kept, so an invite is shown by issuing it anew), or with
    /// `token: None` revokes the seat's invite (nobody can take the seat until a new one).
    ///
    /// # Errors
    /// Not the host; no such seat; the seat is taken, a bot's, or kept for a rematch; the table
    /// is over.
    pub(crate) fn reissue_invite(
        &mut self,
        host: (Option<&str>, Option<&str>),
        seat: usize,
        token: &str,
    ) -> Result<(), ApiError> {
        if !self.is_host_by(host.0, host.1) {
            return Err(ApiError::BadToken);
        }
        if self.row.status == TableStatus::Finished {
            return Err(ApiError::NotActive("finished"));
        }
        let s = self
            .seats
            .get_mut(seat)
            .ok_or_else(|| ApiError::Lobby(format!("no seat {seat}")))?;
        if !s.is_invite() || s.reserved {
            return Err(ApiError::Lobby(
                "this seat is taken: only an unused invite can be shown or revoked".into(),
            ));
        }
        s.token_hash = sha256_hex(token.as_bytes());
        self.touch();
        Ok(())
    }

    /// A kept rematch seat not taken is no longer its player's (they declined); `false` when
    /// there was nothing to release.
    pub(crate) fn release_reserved(&mut self, seat: Seat) -> bool {
        match self.seats.get_mut(seat.index()) {
            Some(s) if s.reserved && !s.joined && s.holder.is_some() => {
                s.holder = None;
                self.touch();
                true
            }
            _ => false,
        }
    }

    /// A guest names their seat (asked on the invite page). A seat bound to an account shows
    /// the account's name.
    ///
    /// # Errors
    /// Unknown key; a bot's seat; an account's seat; an empty name.
    pub(crate) fn rename(&mut self, key: SeatKey<'_>, name: &str) -> Result<Seat, ApiError> {
        let seat = self.seat_by(key).ok_or(ApiError::BadToken)?;
        if self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        let s = self.seats.get_mut(seat.index()).ok_or(ApiError::BadToken)?;
        if s.kind != SeatKind::Human {
            return Err(ApiError::BadToken);
        }
        if s.holder.as_deref().is_some_and(|h| h.starts_with("a:")) {
            return Err(ApiError::Lobby("this seat shows its account's name".into()));
        }
        let name = super::seats::clean_name(name.trim());
        if name.trim().is_empty() {
            return Err(ApiError::Malformed("name: at least one character".into()));
        }
        s.name = Some(name.trim().to_string());
        self.touch();
        Ok(seat)
    }

    /// The rematch table is `id` (offered by the first to accept).
    pub(crate) fn set_rematch(&mut self, id: String) {
        self.options.rematch = Some(id);
        self.touch();
    }

    /// Takes a rematch seat kept for its player: a fresh token, bound to `holder` (unless the
    /// holder holds another seat here); the table starts once every seat is taken.
    ///
    /// # Errors
    /// The seat is not a kept rematch seat, taken already, or kept for someone else.
    pub(crate) fn take_reserved(
        &mut self,
        seat: Seat,
        holder: Option<&str>,
        name: Option<String>,
        token: &str,
    ) -> Result<Taken, ApiError> {
        if self.row.status != TableStatus::Open {
            return Err(not_open(self));
        }
        let free = holder.is_some_and(|h| self.seat_of_holder(h).is_none());
        let s = self.seats.get_mut(seat.index()).ok_or(ApiError::BadToken)?;
        if !s.reserved || s.joined {
            return Err(ApiError::Rematch("this rematch seat is taken"));
        }
        if s.holder.is_some() && s.holder.as_deref() != holder {
            return Err(ApiError::BadToken);
        }
        s.token_hash = sha256_hex(token.as_bytes());
        s.claimed = true;
        s.joined = true;
        if name.is_some() {
            s.name = name;
        }
        if s.holder.is_none() && free {
            s.holder = holder.map(str::to_string);
        }
        let bound = holder.is_some() && s.holder.as_deref() == holder;
        let started = self.seats.iter().all(|s| s.joined);
        if started {
            self.row.status = TableStatus::Active;
        }
        self.run_clocks();
        self.touch();
        Ok(Taken {
            seat,
            token: token.to_string(),
            started,
            bound,
        })
    }
}
