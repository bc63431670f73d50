//! Turn-based play around the tables: telling players it is their turn, reminders, vacations,
//! timeouts told, the others' vote to hand an absent player's seat to the stand-in, and the
//! stand-in's human pace at turn-based tables.

use std::time::Duration;

use crate::error::ApiError;
use crate::notify::{Note, Who};
use crate::protocol::{AbandonAnswer, Pace};
use crate::state::{again_on_fresh_seats, AppState};
use crate::table::{LiveTable, SeatKey};

/// The longest a stand-in waits before each decision at a turn-based table.
const STANDIN_PACE_MAX: Duration = Duration::from_secs(6 * 3600);

/// How long the stand-in waits before each decision at a table: nothing at real-time tables;
/// at turn-based ones a quarter of the clock's time per move (at most six hours), or six hours
/// without a clock — a person's pace, so that the player can come back and take the seat.
pub(crate) fn standin_pace(t: &LiveTable) -> Duration {
    let o = t.options();
    if o.pace != Pace::TurnBased {
        return Duration::ZERO;
    }
    o.clock.map_or(STANDIN_PACE_MAX, |c| {
        let per_move = if c.increment_ms > 0 {
            c.increment_ms
        } else {
            c.max_ms.unwrap_or(c.initial_ms)
        };
        Duration::from_millis(per_move / 4).min(STANDIN_PACE_MAX)
    })
}

impl AppState {
    /// Tells the players whose turn a change began (seats deciding now that were not in
    /// `before`): a note for each signed-in player (mail and webhook as they chose).
    pub(crate) fn tell_turns(&self, t: &LiveTable, id: &str, before: &[u8]) {
        for seat in t.new_turns(before) {
            let Some(account) = t.account_of(seat) else {
                continue;
            };
            let others = t
                .seats()
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != seat)
                .map(|(_, s)| match (&s.name, &s.kind) {
                    (Some(n), _) => Who::Named(n.clone()),
                    (None, crate::protocol::SeatKind::Bot { bot }) => Who::Bot(bot.clone()),
                    (None, _) => Who::Guest,
                })
                .collect();
            self.notifier.send(Note::YourTurn {
                account,
                table: id.to_string(),
                game: t.row().game.clone(),
                others,
            });
        }
    }

    /// One look of the clock watcher at a clocked table: vacations held, reminders due sent.
    pub(crate) fn look_at_turns(&self, t: &mut LiveTable, id: &str) {
        t.hold_for_vacations(|a| self.notifier.on_vacation(a));
        for r in t.reminders_due() {
            if let Some(account) = t.account_of(r.seat) {
                self.notifier.send(Note::Reminder {
                    account,
                    table: id.to_string(),
                    game: t.row().game.clone(),
                    percent: r.percent,
                    left_ms: r.left_ms,
                });
            }
        }
    }

    /// Tells the players whose time ran out.
    pub(crate) fn tell_timeouts(&self, t: &LiveTable, id: &str, seats: &[usize]) {
        for &seat in seats {
            if let Some(account) = t.account_of(seat) {
                self.notifier.send(Note::TimedOut {
                    account,
                    table: id.to_string(),
                    game: t.row().game.clone(),
                    at_move: t.decisions_in_effect(),
                });
            }
        }
    }

    /// A player's vote to hand an absent player's seat to the stand-in (see
    /// `LiveTable::vote_abandon`); the stand-in then plays it.
    ///
    /// # Errors
    /// [`ApiError::Abandon`] with the reason; an unknown voter; storage errors.
    pub async fn vote_abandon(
        &self,
        id: &str,
        key: SeatKey<'_>,
        seat: u8,
    ) -> Result<AbandonAnswer, ApiError> {
        let handle = self.table(id).await?;
        let answer = again_on_fresh_seats(|| async {
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            let answer = t.vote_abandon(key, seat, crate::store::now_ms())?;
            self.save_seats(&handle, &mut t, id, before).await?;
            Ok(answer)
        })
        .await?;
        if answer.handed {
            tracing::info!(table = %id, seat, "seat handed to the stand-in by the others' vote");
            self.spawn_bots(id);
        }
        Ok(answer)
    }
}
