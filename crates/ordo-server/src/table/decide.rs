//! Decisions and take-backs on a live table, in two halves around the durable append: the
//! checks (nothing changes), then the commit in memory once the entry is stored.

use ordo_core::{Seat, ToAct};

use super::live::{LiveTable, LogEntry};
use crate::error::ApiError;
use crate::games::{AnyAction, AnyGame};
use crate::protocol::TableStatus;
use crate::store::EntryKind;

/// A checked decision, ready to append.
#[derive(Debug)]
pub(crate) struct Checked {
    /// The decision as stored.
    pub(crate) text: String,
    /// The seats' clocks after it (none without a clock).
    pub(crate) clocks: Option<Vec<i64>>,
    granted_ms: i64,
    /// The seat was played by the stand-in: the player who decided takes it back.
    pub(crate) standin: bool,
    /// Made by the seat's bot or stand-in (not by a person).
    by_bot: bool,
}

/// What to do with a submitted decision.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// A retry of a decision already stored: the same acknowledgement (its version).
    Again(u64),
    /// A new decision to append.
    New(Checked),
}

/// A take-back checked, ready to append.
#[derive(Debug)]
pub(crate) struct CheckedUndo {
    /// The entry as stored.
    pub(crate) text: String,
    /// The seats' clocks after it (none without a clock).
    pub(crate) clocks: Option<Vec<i64>>,
    /// The game without the decision taken back.
    prev: AnyGame,
}

impl LiveTable {
    /// Checks `seat`'s decision `action`, made against version `expected` (by the seat's bot
    /// or stand-in when `by_bot`). Nothing changes.
    ///
    /// # Errors
    /// Every refusal, typed.
    pub(crate) fn check_decision(
        &self,
        seat: Seat,
        expected: u64,
        action: &AnyAction,
        by_bot: bool,
    ) -> Result<Verdict, ApiError> {
        if !by_bot && self.row.status == TableStatus::Active && self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        if !by_bot && self.seats.get(seat.index()).is_some_and(|s| s.resigned) {
            return Err(ApiError::Resigned);
        }
        let current = self.version();
        let since = usize::try_from(expected)
            .ok()
            .and_then(|i| self.log.get(i..))
            .unwrap_or_default();
        // A player whose seat the stand-in plays never made the stand-in's decisions: their
        // submission is judged on its own, never acknowledged as a retry of the bot's. Only a
        // decision still in effect is acknowledged again: one taken back since is not the
        // game's any more, and the submission is judged afresh.
        if by_bot || self.bot_for(seat).is_none() {
            let base = usize::try_from(expected).unwrap_or(usize::MAX);
            let again = since.iter().enumerate().position(|(k, e)| {
                e.kind == EntryKind::Decision
                    && e.seat == seat.0
                    && e.action.as_ref() == Some(action)
                    && self.effect.binary_search(&base.saturating_add(k)).is_ok()
            });
            if let Some(pos) = again {
                return Ok(Verdict::Again(expected + pos as u64 + 1));
            }
        }
        if self.row.status != TableStatus::Active {
            return Err(ApiError::NotActive(self.row.status.as_str()));
        }
        if self.game.is_free(action) {
            return self.check_free(seat, action, by_bot);
        }
        // While seats decide simultaneously, a decision made before other seats' decisions
        // arrived is still valid: none of them is visible to it. Every decision since must be
        // another seat's secret one, so the span is the same simultaneous round (a client that
        // missed public moves, or a round, is stale).
        // Free decisions (gifts made out of turn) change no one's turn: a decision made before
        // them is still judged, on the game as it is now. One they made impossible is stale.
        let simultaneous =
            matches!(self.game.to_act(), ToAct::Simultaneous(set) if set.contains(seat));
        let gift = |e: &LogEntry| e.action.as_ref().is_some_and(|a| self.game.is_free(a));
        let independent = !since.is_empty()
            && since.iter().all(|e| {
                e.kind == EntryKind::Decision
                    && (gift(e) || (simultaneous && e.seat != seat.0 && e.secret))
            });
        if expected != current && !independent {
            return Err(ApiError::StaleVersion { expected, current });
        }
        let standin = self.bot_for(seat).is_some();
        if by_bot && !standin {
            // The player took the seat back while the bot was thinking.
            return Err(ApiError::StaleVersion { expected, current });
        }
        if let Err(e) = self.game.check(seat, action) {
            return Err(if expected == current {
                e
            } else {
                ApiError::StaleVersion { expected, current }
            });
        }
        let (clocks, granted_ms) = if self.clocks.on() {
            let (c, g) = self.clocks.after(seat.index());
            (Some(c), g)
        } else {
            (None, 0)
        };
        Ok(Verdict::New(Checked {
            text: action.to_json(),
            clocks,
            granted_ms,
            standin,
            by_bot,
        }))
    }

    /// Checks a free decision (a gift, out of turn): judged on the game as it is now, whatever
    /// version it was made against; the running clocks go on (no increment).
    fn check_free(
        &self,
        seat: Seat,
        action: &AnyAction,
        by_bot: bool,
    ) -> Result<Verdict, ApiError> {
        self.game.check(seat, action)?;
        Ok(Verdict::New(Checked {
            text: action.to_json(),
            clocks: self.clocks.on().then(|| self.clocks.now()),
            granted_ms: 0,
            standin: !by_bot && self.bot_for(seat).is_some(),
            by_bot,
        }))
    }

    /// Commits a decision checked by [`LiveTable::check_decision`] and stored: applies it in
    /// place. Returns whether the game is now over.
    ///
    /// # Errors
    /// Only a decision of another game (nothing changes).
    pub(crate) fn commit_decision(
        &mut self,
        seat: Seat,
        action: AnyAction,
        checked: Checked,
    ) -> Result<bool, ApiError> {
        let label = self.game.describe(&action);
        let secret = self.game.is_secret(seat, &action);
        let shared = self.game.secret_shared_with(seat, &action).map(|s| s.0);
        let effect = self.game.apply_noting(seat, &action)?;
        let label = self.game.label_after(label);
        // The why a bot left for this very decision (same position, same seat), if any.
        let why = self
            .pending_why
            .take()
            .filter(|(at, s, _)| *at == self.log.len() && *s == seat.0 && checked.by_bot)
            .map(|(_, _, why)| why);
        self.effect.push(self.log.len());
        self.log.push(LogEntry {
            seat: seat.0,
            kind: EntryKind::Decision,
            action: Some(action),
            text: checked.text,
            label,
            effect,
            secret,
            shared,
            granted_ms: checked.granted_ms,
            why,
        });
        if let Some(c) = checked.clocks {
            // Every running clock restarts from the values just stored.
            self.clocks.set(c);
        }
        self.touch();
        let over = self.game.to_act().is_over();
        if !over {
            self.run_clocks();
        }
        Ok(over)
    }

    /// Checks a take-back of `seat`'s last decision, by the policy of the design: only the
    /// acting seat's own decision, only while no other seat has decided since, and only when
    /// the decision revealed nothing (see [`ordo_core::Game::can_take_back`]).
    ///
    /// # Errors
    /// [`ApiError::UndoRefused`] with the reason; stale version; not active.
    pub(crate) fn check_undo(&self, seat: Seat, expected: u64) -> Result<CheckedUndo, ApiError> {
        if self.row.status != TableStatus::Active {
            return Err(ApiError::NotActive(self.row.status.as_str()));
        }
        if self.invite_only(seat) {
            return Err(ApiError::BadToken);
        }
        let current = self.version();
        if expected != current {
            return Err(ApiError::StaleVersion { expected, current });
        }
        if self.seats.get(seat.index()).is_some_and(|s| s.away) {
            return Err(ApiError::UndoRefused(
                "the seat is played by a stand-in; reclaim it first",
            ));
        }
        let Some((&last, before)) = self.effect.split_last() else {
            return Err(ApiError::UndoRefused("there is no decision to take back"));
        };
        let entry = self.log.get(last).ok_or(ApiError::NotFound)?;
        if entry.seat != seat.0 {
            return Err(ApiError::UndoRefused("the last decision is another seat's"));
        }
        let action = entry.action.ok_or(ApiError::Internal(
            "a decision in effect is always read".into(),
        ))?;
        if self.game.is_free(&action) {
            return Err(ApiError::UndoRefused("a gift cannot be taken back"));
        }
        let prev = self.game.rebuild(self.decisions(before))?;
        if !prev.can_take_back(seat, &action) {
            return Err(ApiError::UndoRefused(
                "that decision revealed hidden or random information",
            ));
        }
        // The take-back also takes back the increment the decision earned: deciding and taking
        // back again and again adds no time.
        let clocks = self.clocks.on().then(|| {
            let mut c = self.clocks.now();
            if let Some(left) = c.get_mut(seat.index()) {
                *left = left.saturating_sub(entry.granted_ms);
            }
            c
        });
        Ok(CheckedUndo {
            text: serde_json::json!({ "undo": last + 1 }).to_string(),
            clocks,
            prev,
        })
    }

    /// Keeps a bot's why for the decision it sends next for `seat` at log position `at`: the
    /// decision's log entry carries it (nothing else does). A why that names nothing after the
    /// decision itself is not kept.
    pub(crate) fn expect_why(&mut self, at: u64, seat: Seat, why: Vec<crate::protocol::LogLine>) {
        self.pending_why = (why.len() >= 2)
            .then(|| usize::try_from(at).ok().map(|at| (at, seat.0, why)))
            .flatten();
    }

    /// Commits a take-back checked by [`LiveTable::check_undo`] and stored.
    pub(crate) fn commit_undo(&mut self, seat: Seat, undo: CheckedUndo) {
        if let Some(c) = undo.clocks {
            self.clocks.set(c);
        } else {
            self.clocks.set(self.clocks.now());
        }
        self.game = undo.prev;
        self.effect.pop();
        self.log.push(LogEntry {
            seat: seat.0,
            kind: EntryKind::Undo,
            action: None,
            text: undo.text,
            label: String::new(),
            effect: None,
            secret: false,
            shared: None,
            granted_ms: 0,
            why: None,
        });
        self.touch();
        self.run_clocks();
    }

    /// The decisions at the log positions `at` (in effect), in order.
    pub(crate) fn decisions<'a>(
        &'a self,
        at: &'a [usize],
    ) -> impl Iterator<Item = (Seat, &'a AnyAction)> + 'a {
        at.iter().filter_map(|&i| {
            let e = self.log.get(i)?;
            Some((Seat(e.seat), e.action.as_ref()?))
        })
    }
}
