//! The move pipeline: parse once, check, append durably, then apply in place and notify. The
//! in-memory game changes only after the store has the entry.

use std::sync::Arc;

use ordo_core::Seat;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::error::ApiError;
use crate::games::AnyAction;
use crate::protocol::TableStatus;
use crate::state::{AppState, TableHandle, SEAT_TRIES};
use crate::store::{EntryKind, NewEntry, StoreError};
use crate::table::{LiveTable, Verdict};

/// A decision as it arrives: JSON from a client (read once, here), or typed from a bot.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Incoming<'a> {
    /// Raw JSON text of the game's action (a WebSocket message).
    Raw(&'a RawValue),
    /// Parsed JSON (an HTTP body).
    Json(&'a Value),
    /// A bot's decision.
    Typed(AnyAction),
}

fn clocks_text(clocks: Option<&Vec<i64>>) -> Option<String> {
    clocks.map(|c| serde_json::to_string(c).unwrap_or_default())
}

impl AppState {
    /// Checks `seat`'s decision against version `expected`, appends it durably, then applies
    /// it in place, acknowledges (returns the version) and notifies the table's connections.
    /// A retry of a decision already applied gets the same acknowledgement. A player deciding
    /// for a seat the stand-in bot holds takes it back.
    ///
    /// # Errors
    /// Every refusal, typed; the table is unchanged.
    pub(crate) async fn decide(
        &self,
        handle: &Arc<TableHandle>,
        id: &str,
        seat: Seat,
        expected: u64,
        incoming: Incoming<'_>,
        by_bot: bool,
    ) -> Result<u64, ApiError> {
        let version = {
            let mut t = handle.lock_live().await?;
            let action = match incoming {
                Incoming::Typed(a) => a,
                Incoming::Json(v) => t.game().parse_action(v)?,
                Incoming::Raw(r) => t.game().parse_raw(r)?,
            };
            let checked = match t.check_decision(seat, expected, &action, by_bot)? {
                Verdict::Again(v) => return Ok(v),
                Verdict::New(c) => c,
            };
            let current = t.version();
            let deciding = t.deciding();
            let clocks = clocks_text(checked.clocks.as_ref());
            let entry = NewEntry {
                seat: seat.0,
                kind: EntryKind::Decision,
                action: &checked.text,
                clocks: clocks.as_deref(),
            };
            let appending = std::time::Instant::now();
            let appended = self.store.append_action(id, current, entry).await;
            self.metrics
                .append_seconds
                .record(crate::metrics::since(appending));
            let v = match appended {
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
            let standin = checked.standin;
            let over = t.commit_decision(seat, action, checked)?;
            if standin && !by_bot {
                self.hand_over(&mut t, id, seat).await;
            }
            if !by_bot {
                self.clear_votes(&mut t, id, seat).await;
            }
            self.tell_turns(&t, id, &deciding);
            if over {
                // The decision is stored and applied: failing to store the end of the game is
                // logged, not reported as a failed decision (loading the table derives it).
                if let Err(e) = self.store.set_status(id, TableStatus::Finished).await {
                    tracing::error!(table = %id, error = %e, "finished status not stored");
                }
                t.finish();
                tracing::info!(table = %id, version = v, "game over");
                self.record_results(&mut t, id).await;
            }
            v
        };
        handle.changed(version);
        Ok(version)
    }

    /// The player is back: the stand-in steps aside. (Another instance changing the table
    /// meanwhile catches this one up, decision included; then again.) The decision is stored
    /// and applied either way: a hand-over not stored is logged, and the player's next decision
    /// asks for it again.
    async fn hand_over(&self, t: &mut LiveTable, id: &str, seat: Seat) {
        let mut tries = 0;
        loop {
            let before = t.seats_before();
            t.back_from_standin(seat);
            match self.write_seats(t, id, before).await {
                Err(ApiError::SeatsChanged) if tries < SEAT_TRIES => tries += 1,
                Err(e) => {
                    tracing::error!(table = %id, seat = seat.0, error = %e, "hand-over from the stand-in not stored");
                    return;
                }
                Ok(()) => return,
            }
        }
    }

    /// A player decided: the others' votes to hand the seat to the stand-in are void (stored
    /// with the seats; a failure is logged, the next decision tries again).
    async fn clear_votes(&self, t: &mut LiveTable, id: &str, seat: Seat) {
        let before = t.seats_before();
        if t.clear_votes(seat) {
            if let Err(e) = self.write_seats(t, id, before).await {
                tracing::warn!(table = %id, seat = seat.0, error = %e, "votes not cleared");
            }
        }
    }

    /// Takes back `seat`'s last decision (see `LiveTable::check_undo`), recorded as a log
    /// entry of its own.
    ///
    /// # Errors
    /// [`ApiError::UndoRefused`] with the reason; stale version; not active.
    pub(crate) async fn take_back(
        &self,
        handle: &TableHandle,
        id: &str,
        seat: Seat,
        expected: u64,
    ) -> Result<u64, ApiError> {
        let version = {
            let mut t = handle.lock_live().await?;
            let undo = t.check_undo(seat, expected)?;
            let current = t.version();
            let clocks = clocks_text(undo.clocks.as_ref());
            let entry = NewEntry {
                seat: seat.0,
                kind: EntryKind::Undo,
                action: &undo.text,
                clocks: clocks.as_deref(),
            };
            let v = match self.store.append_action(id, current, entry).await {
                Ok(v) => v,
                Err(StoreError::Conflict { expected, current }) => {
                    self.catch_up(&mut t, id).await?;
                    return Err(ApiError::StaleVersion { expected, current });
                }
                Err(e) => return Err(e.into()),
            };
            t.commit_undo(seat, undo);
            v
        };
        tracing::info!(table = %id, seat = seat.0, version, "decision taken back");
        handle.changed(version);
        Ok(version)
    }
}
