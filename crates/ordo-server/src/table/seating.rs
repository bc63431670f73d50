//! Changes of a live table's seats, in memory: joining, leaving, taking a seat back from the
//! stand-in, the host's start and clock timeouts. The caller stores the change (and puts it
//! back with [`LiveTable::put_back`] when it cannot).

use ordo_core::Seat;

use super::live::LiveTable;
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
                    return Err(not_open(self));
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
                    .position(|s| s.kind == SeatKind::Human && !s.joined)
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
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.joined = true;
            if name.is_some() || open {
                s.name = name;
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
        Ok(Taken {
            seat,
            token,
            started,
        })
    }

    /// The holder of `token` leaves: before the start the seat is freed; during the game the
    /// stand-in takes it over.
    ///
    /// # Errors
    /// Unknown token; the table is over.
    pub(crate) fn leave(&mut self, token: &str) -> Result<Seat, ApiError> {
        let seat = self.seat_of(token).ok_or(ApiError::BadToken)?;
        if self.row.status == TableStatus::Active && self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        match self.row.status {
            TableStatus::Open => {
                if let Some(s) = self.seats.get_mut(seat.index()) {
                    s.joined = false;
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
    pub(crate) fn reclaim_seat(&self, token: &str) -> Result<Option<Seat>, ApiError> {
        let seat = self.seat_of(token).ok_or(ApiError::BadToken)?;
        if self.invite_only(seat) {
            return Err(ApiError::BadToken);
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
            Some(s) if s.away => s.away = false,
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
    pub(crate) fn start(&mut self, host_token: &str) -> Result<(), ApiError> {
        if !self.is_host(host_token) {
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
            if let Some(s) = self.seats.get_mut(i) {
                s.away = true;
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
            s.away = false;
        }
        self.run_clocks();
        self.touch();
    }
}
