//! Turn-based play at a live table: whose turns have waited, reminders, clocks held for a
//! vacation, the others' vote to hand an absent player's seat to the stand-in, timeouts told,
//! and the ratings shown on a finished rated table.

use std::time::Instant;

use ordo_core::Seat;

use super::clock::Reminder;
use super::live::{LiveTable, SeatKey};
use super::seats::DEFAULT_ABANDON_AFTER_MS;
use crate::error::ApiError;
use crate::protocol::{AbandonAnswer, Pace, RatingChange, SeatKind, TableStatus};

impl LiveTable {
    /// Decisions in effect (the move number a timeout is told at).
    pub fn decisions_in_effect(&self) -> u64 {
        self.effect.len() as u64
    }

    /// Per seat, since when the game has waited on it (milliseconds since the Unix epoch).
    pub fn waiting_since(&self) -> Vec<Option<i64>> {
        self.clocks.waiting_since()
    }

    /// The account behind `seat`, if a signed-in person holds it.
    pub fn account_of(&self, seat: usize) -> Option<i64> {
        self.seats
            .get(seat)
            .and_then(|s| s.holder.as_deref())
            .and_then(|h| h.strip_prefix("a:"))
            .and_then(|id| id.parse().ok())
    }

    /// The human seats played by their players now (not by the stand-in).
    fn present_humans(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SeatKind::Human && !s.away && s.joined)
            .map(|(i, _)| i)
    }

    /// Holds the clocks of the seats whose player `on_vacation` says is away on vacation
    /// (turn-based tables only), and lets the others run.
    pub(crate) fn hold_for_vacations(&mut self, on_vacation: impl Fn(i64) -> bool) {
        if self.options.pace != Pace::TurnBased || !self.clocks.on() {
            return;
        }
        let now = Instant::now();
        for i in 0..self.seats.len() {
            let held = self.account_of(i).is_some_and(&on_vacation);
            self.clocks.hold(i, held, now);
        }
    }

    /// The reminders due now on a turn-based table with a clock (each once per turn).
    pub(crate) fn reminders_due(&mut self) -> Vec<Reminder> {
        if self.options.pace != Pace::TurnBased
            || !self.clocks.on()
            || self.row.status != TableStatus::Active
        {
            return Vec::new();
        }
        let due = self.clocks.reminders_due(Instant::now());
        due.into_iter()
            .filter(|r| {
                self.seats
                    .get(r.seat)
                    .is_some_and(|s| s.kind == SeatKind::Human && !s.away)
            })
            .collect()
    }

    /// The human seats (played by their players) that a decision made it the turn of: those
    /// deciding now that were not in `before`.
    pub(crate) fn new_turns(&self, before: &[u8]) -> Vec<usize> {
        if self.row.status != TableStatus::Active {
            return Vec::new();
        }
        let pending = self.game.pending();
        self.present_humans()
            .filter(|&i| pending.contains(Seat(i as u8)) && !before.contains(&(i as u8)))
            .collect()
    }

    /// The seats deciding now.
    pub(crate) fn deciding(&self) -> Vec<u8> {
        self.game.pending().iter().map(|s| s.0).collect()
    }

    /// A seat decided: the votes to hand it to the stand-in are void.
    pub(crate) fn clear_votes(&mut self, seat: Seat) -> bool {
        self.seats
            .get_mut(seat.index())
            .is_some_and(|s| !std::mem::take(&mut s.abandon_votes).is_empty())
    }

    /// `voter`'s vote to hand `target`'s seat to the stand-in, on a table without a clock
    /// where the game has waited on `target` for the table's time; handed over once every
    /// other human seat still played by its player has voted (at least one vote).
    ///
    /// # Errors
    /// [`ApiError::BadToken`] for an unknown voter; [`ApiError::Abandon`] with the reason.
    pub(crate) fn vote_abandon(
        &mut self,
        voter: SeatKey<'_>,
        target: u8,
        now_ms: i64,
    ) -> Result<AbandonAnswer, ApiError> {
        let voter = self.seat_by(voter).ok_or(ApiError::BadToken)?;
        if self.row.status != TableStatus::Active {
            return Err(ApiError::Abandon("the game is not being played".into()));
        }
        if self.clocks.on() {
            return Err(ApiError::Abandon(
                "this table has a clock: a player out of time is handed to the stand-in by it"
                    .into(),
            ));
        }
        let t = usize::from(target);
        let Some(seat) = self.seats.get(t) else {
            return Err(ApiError::Abandon("no such seat".into()));
        };
        if voter.index() == t {
            return Err(ApiError::Abandon("you cannot vote on your own seat".into()));
        }
        if seat.kind != SeatKind::Human || seat.away || !seat.joined {
            return Err(ApiError::Abandon(
                "that seat is not played by a person now".into(),
            ));
        }
        if self.seats.get(voter.index()).is_none_or(|s| s.away) {
            return Err(ApiError::Abandon(
                "the stand-in plays your seat: take it back first".into(),
            ));
        }
        let after = i64::try_from(
            self.options
                .abandon_after_ms
                .unwrap_or(DEFAULT_ABANDON_AFTER_MS),
        )
        .unwrap_or(i64::MAX);
        let waited = self
            .clocks
            .waiting_since()
            .get(t)
            .copied()
            .flatten()
            .map(|since| now_ms - since);
        match waited {
            None => {
                return Err(ApiError::Abandon(
                    "the game is not waiting for that player".into(),
                ))
            }
            Some(w) if w < after => {
                return Err(ApiError::Abandon(format!(
                    "the game has waited for that player {} h; a vote opens after {} h",
                    w / 3_600_000,
                    after / 3_600_000
                )))
            }
            Some(_) => {}
        }
        let voters: Vec<usize> = self.present_humans().filter(|&i| i != t).collect();
        let needed = u8::try_from(voters.len().max(1)).unwrap_or(u8::MAX);
        let Some(seat) = self.seats.get_mut(t) else {
            return Err(ApiError::Abandon("no such seat".into()));
        };
        if !seat.abandon_votes.contains(&voter.0) {
            seat.abandon_votes.push(voter.0);
            seat.abandon_votes.sort_unstable();
        }
        let votes = u8::try_from(
            seat.abandon_votes
                .iter()
                .filter(|v| voters.contains(&usize::from(**v)))
                .count(),
        )
        .unwrap_or(u8::MAX);
        let handed = votes >= needed;
        if handed {
            seat.away = true;
            seat.abandon_votes.clear();
            self.run_clocks();
        }
        self.touch();
        Ok(AbandonAnswer {
            handed,
            votes,
            needed,
        })
    }

    /// Shows each seat's rating change (a finished rated table).
    pub(crate) fn show_ratings(&mut self, changes: &[Option<RatingChange>]) {
        for (s, c) in self.seats.iter_mut().zip(changes) {
            s.rating = *c;
        }
        self.touch();
    }
}
