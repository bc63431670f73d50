//! Playing at a table: a seat's decisions and take-backs as the API receives them, and the
//! bots (bot seats and stand-ins) that play until a person must decide.

use std::sync::atomic::Ordering;

use ordo_core::Seat;

use crate::error::ApiError;
use crate::pipeline::Incoming;
use crate::protocol::TableStatus;
use crate::state::AppState;
use crate::tokens::bot_seed;

impl AppState {
    /// A seat's decision (see `AppState::decide`), counted, then the bots play on.
    ///
    /// # Errors
    /// Every refusal, typed; the table is unchanged.
    pub(crate) async fn submit(
        &self,
        id: &str,
        seat: Seat,
        expected: u64,
        action: Incoming<'_>,
    ) -> Result<u64, ApiError> {
        let start = std::time::Instant::now();
        let handle = self.table(id).await?;
        let result = self
            .decide(&handle, id, seat, expected, action, false)
            .await;
        if result.is_ok() {
            self.metrics.decisions.increment(1);
            self.metrics
                .decision_seconds
                .record(crate::metrics::since(start));
        } else {
            self.metrics.refused.increment(1);
        }
        let version = result?;
        self.spawn_bots(id);
        Ok(version)
    }

    /// Takes back `seat`'s last decision (see `AppState::take_back`), then the bots play on.
    ///
    /// # Errors
    /// [`ApiError::UndoRefused`] with the reason; stale version; not active.
    pub(crate) async fn undo(&self, id: &str, seat: Seat, expected: u64) -> Result<u64, ApiError> {
        let handle = self.table(id).await?;
        let version = self.take_back(&handle, id, seat, expected).await?;
        self.spawn_bots(id);
        Ok(version)
    }

    /// Lets bot seats (and stand-ins) play until a human must decide (one driver per table at
    /// a time).
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
            let mut stop = state.shutdown_signal();
            loop {
                // At a turn-based table the stand-in plays at a person's pace, so that its
                // player can come back and take the seat before it decides.
                let pace = {
                    let t = handle.lock().await;
                    match t.bot_to_act() {
                        Some((seat, _))
                            if t.seats()
                                .get(seat.index())
                                .is_some_and(|s| s.kind == crate::protocol::SeatKind::Human) =>
                        {
                            crate::turns::standin_pace(&t)
                        }
                        _ => std::time::Duration::ZERO,
                    }
                };
                if !pace.is_zero() {
                    tokio::select! {
                        () = tokio::time::sleep(pace) => {}
                        _ = stop.changed() => break,
                    }
                }
                // A core first, then the position: a bot that waited for its turn thinks on
                // the table as it is now.
                let Ok(slot) = state.bot_slots.clone().acquire_owned().await else {
                    break;
                };
                let job = {
                    let t = handle.lock().await;
                    t.bot_to_act().map(|(seat, spec)| {
                        let version = t.version();
                        let seed = bot_seed(t.row().seed, version);
                        (seat, version, t.game().bot_job(spec, seat, seed))
                    })
                };
                let Some((seat, version, job)) = job else {
                    break;
                };
                let decision = tokio::task::spawn_blocking(move || {
                    let _slot = slot;
                    job()
                })
                .await;
                let Ok(Some(decision)) = decision else { break };
                let action = decision.action;
                handle.lock().await.expect_why(version, seat, decision.why);
                match state
                    .decide(&handle, &id, seat, version, Incoming::Typed(action), true)
                    .await
                {
                    Ok(_) => {
                        state.metrics.decisions.increment(1);
                    }
                    Err(ApiError::StaleVersion { .. } | ApiError::NotActive(_)) => {}
                    Err(e) => {
                        tracing::error!(table = %id, seat = seat.0, error = %e, "bot failed");
                        break;
                    }
                }
            }
            handle.bots_running.store(false, Ordering::Release);
            // A human decision may have arrived while the flag was set; look again.
            let bot_pending = {
                let t = handle.lock().await;
                t.status() == TableStatus::Active && t.bot_to_act().is_some()
            };
            if bot_pending && !handle.bots_running.load(Ordering::Acquire) {
                state.spawn_bots(&id);
            }
        });
    }
}
