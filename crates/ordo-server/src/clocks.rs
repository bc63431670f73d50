//! The clock watcher: a human seat whose time runs out is handed to the stand-in bot.

use std::time::Duration;

use crate::state::AppState;

impl AppState {
    /// Hands every human seat whose clock ran out to the stand-in bot, until shutdown.
    pub(crate) async fn watch_clocks(&self) {
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        let mut stop = self.shutdown_signal();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.changed() => return,
            }
            for (id, handle) in self.handles(true).await {
                let Ok(mut t) = handle.lock_live().await else {
                    continue;
                };
                self.look_at_turns(&mut t, &id);
                let before = t.seats_before();
                let flagged = t.flag_timeouts();
                if flagged.is_empty() {
                    continue;
                }
                if let Err(e) = self.save_seats(&handle, &mut t, &id, before).await {
                    // Caught up with another instance's change, or not stored: the next tick
                    // looks at the clocks again.
                    tracing::warn!(table = %id, error = %e, "timeout not stored");
                    continue;
                }
                self.tell_timeouts(&t, &id, &flagged);
                drop(t);
                self.metrics.timeouts.increment(flagged.len() as u64);
                tracing::info!(table = %id, seats = ?flagged, "clock ran out: stand-in takes over");
                self.spawn_bots(&id);
            }
        }
    }
}
