//! Starting the server's state: every unfinished table recovered from its record, its bots
//! resumed, the clock watcher, the eviction of finished tables, and the news of other
//! instances sharing the database.

use std::sync::Arc;
use std::time::Duration;

use crate::error::ApiError;
use crate::limit::IpLimiter;
use crate::protocol::TableStatus;
use crate::state::AppState;
use crate::store::Store;

impl AppState {
    /// State over a store, recovering every unfinished table by replaying its record.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn recover(store: Arc<dyn Store>) -> Result<AppState, ApiError> {
        Self::recover_with(store, IpLimiter::default()).await
    }

    /// [`AppState::recover`] with request limits per address.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn recover_with(
        store: Arc<dyn Store>,
        limiter: IpLimiter,
    ) -> Result<AppState, ApiError> {
        Self::recover_with_policy(store, limiter, crate::edge::Policy::default()).await
    }

    /// [`AppState::recover_with`] under a host's policy (table caps, idle times, proxies).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn recover_with_policy(
        store: Arc<dyn Store>,
        limiter: IpLimiter,
        policy: crate::edge::Policy,
    ) -> Result<AppState, ApiError> {
        let mut state = AppState::new(store, limiter);
        state.notifier = crate::notify::Notifier::start(
            policy.notify.clone(),
            state.store.clone(),
            state.shutdown_signal(),
            state.metrics.clone(),
        );
        state.policy = Arc::new(policy);
        for status in [TableStatus::Open, TableStatus::Active] {
            for row in state.store.list_tables(Some(status)).await? {
                if let Err(e) = state.load(&row.id).await {
                    tracing::error!(table = %row.id, error = %e, "table could not be recovered");
                }
            }
        }
        let held = state.handles(false).await;
        tracing::info!(tables = held.len(), "recovered unfinished tables");
        for (id, handle) in held {
            // The per-account cap counts the recovered tables each account hosts (or offered
            // as a rematch).
            let holder = {
                let t = handle.lock().await;
                let o = t.options();
                o.host_holder.clone().or_else(|| o.offered_by.clone())
            };
            state.note_host(holder.as_deref(), &id);
            state.spawn_bots(&id);
        }
        if let Some(mut changes) = state.store.changes().await? {
            let s = state.clone();
            tokio::spawn(async move {
                while let Some(id) = changes.recv().await {
                    s.on_remote_change(&id).await;
                }
            });
        }
        let s = state.clone();
        tokio::spawn(async move { s.watch_clocks().await });
        let s = state.clone();
        tokio::spawn(async move {
            // Once a minute, or often enough for a short idle time (tests, soak runs).
            let every =
                (s.policy.idle_evict / 2).clamp(Duration::from_secs(1), Duration::from_secs(60));
            let mut tick = tokio::time::interval(every);
            let mut stop = s.shutdown_signal();
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stop.changed() => return,
                }
                s.tidy().await;
            }
        });
        Ok(state)
    }

    /// Another instance changed table `id` (empty: any table may have changed): reload what
    /// this instance holds and tell its connections.
    async fn on_remote_change(&self, id: &str) {
        let handles = if id.is_empty() {
            self.handles(false).await
        } else {
            self.held(id)
                .await
                .map(|h| vec![(id.to_string(), h)])
                .unwrap_or_default()
        };
        for (id, handle) in handles {
            let version = {
                let mut t = handle.lock().await;
                if let Err(e) = self.catch_up(&mut t, &id).await {
                    tracing::warn!(table = %id, error = %e, "could not catch up");
                    continue;
                }
                t.version()
            };
            handle.changed(version);
            self.spawn_bots(&id);
        }
    }
}
