//! What viewers receive: one snapshot per visibility class (each seat, and the spectators) per
//! change of the table, built once and shared by every connection of the class with the merge
//! patch from the class's previous snapshot; and the public positions of replays.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use ordo_core::{Seat, ToAct, Viewer};
use serde_json::Value;

use super::cache::{ClassView, SharedPatch};
use super::live::LiveTable;
use crate::delta::merge_diff;
use crate::error::ApiError;
use crate::protocol::{ReplayStep, ServerMsg, Snapshot, TableStatus};

/// Decisions in a snapshot's log.
const LOG_LINES: usize = 60;

fn class_index(t: &LiveTable, viewer: Viewer) -> usize {
    match viewer {
        Viewer::Seat(s) if s.index() < t.seats.len() => s.index(),
        _ => t.seats.len(),
    }
}

impl LiveTable {
    /// The shared snapshot of `viewer`'s class at the table's current change, built on first
    /// use.
    pub fn class_view(&mut self, viewer: Viewer) -> Arc<ClassView> {
        let i = class_index(self, viewer);
        if self.views.classes.len() <= i {
            self.views.classes.resize(i + 1, None);
        }
        let prev = self.views.classes.get(i).cloned().flatten();
        if let Some(cv) = &prev {
            if cv.generation == self.generation {
                return cv.clone();
            }
        }
        let building = std::time::Instant::now();
        let value = snapshot(self, viewer);
        let version = self.version();
        let patch = prev.map(|p| SharedPatch {
            from: p.generation,
            text: merge_diff(&p.value, &value).map(|patch| {
                let msg = ServerMsg::Patch {
                    base: p.version,
                    version,
                    patch,
                };
                Utf8Bytes::from(serde_json::to_string(&msg).unwrap_or_default())
            }),
        });
        let cv = Arc::new(ClassView {
            generation: self.generation,
            version,
            value: Arc::new(value),
            patch,
        });
        if let Some(slot) = self.views.classes.get_mut(i) {
            *slot = Some(cv.clone());
        }
        if let Some(h) = &self.views.fanout {
            h.record(building.elapsed().as_secs_f64());
        }
        cv
    }

    /// Records the time each class's snapshot and patch takes to build into `h`.
    pub(crate) fn time_fanout(&mut self, h: metrics::Histogram) {
        self.views.fanout = Some(h);
    }

    /// A whole snapshot for `viewer` now (a connection's first, or a resync): the class's,
    /// with the clocks as they stand this moment.
    pub fn full_view(&mut self, viewer: Viewer) -> (Arc<ClassView>, Arc<Value>) {
        let cv = self.class_view(viewer);
        if !self.clocks.on() {
            let v = cv.value.clone();
            return (cv, v);
        }
        let mut v = (*cv.value).clone();
        if let Some(c) = v.get_mut("clocks") {
            *c = serde_json::json!(self.clocks.now());
        }
        (cv, Arc::new(v))
    }
}

/// What one viewer receives: the version, the seats, its own view, its own legal decisions,
/// the seats pending, the clocks, and, once over, the revealed seed.
pub fn snapshot(t: &LiveTable, viewer: Viewer) -> Value {
    // Before the start nobody sees a seat's private view: the deal of a free seat must not be
    // read by someone who takes it, looks and leaves it to the next player.
    let started = t.row.status != TableStatus::Open;
    let seen = match viewer {
        Viewer::Seat(s) if started && !t.invite_only(s) => viewer,
        _ => Viewer::Spectator,
    };
    let legal = match seen {
        Viewer::Seat(s) => t.game.legal(s),
        Viewer::Spectator => Vec::new(),
    };
    let over = matches!(t.game.to_act(), ToAct::Over(_));
    let last = t.effect.last().and_then(|&i| t.log.get(i));
    let can_undo = match seen {
        Viewer::Seat(s) => {
            t.row.status == TableStatus::Active && last.is_some_and(|e| e.seat == s.0)
        }
        Viewer::Spectator => false,
    };
    let finished = t.row.status == TableStatus::Finished;
    let log = t
        .effect
        .iter()
        .enumerate()
        .skip(t.effect.len().saturating_sub(LOG_LINES))
        .filter_map(|(n, &i)| {
            let e = t.log.get(i)?;
            let hidden = e.secret && !finished && seen.seat() != Some(Seat(e.seat));
            Some((format!("{:05}", n + 1), e.line(hidden)))
        })
        .collect();
    let snap = ServerMsg::Snapshot(Snapshot {
        table: t.row.id.clone(),
        game: t.row.game.clone(),
        version: t.version(),
        status: t.row.status,
        you: viewer.seat().map(|s| s.0),
        seats: t.seats.iter().map(super::SeatInfo::public).collect(),
        to_act: t.game.pending().iter().map(|s| s.0).collect(),
        clocks: t.clocks.on().then(|| t.clocks.now()),
        view: t.game.view(seen),
        legal,
        can_undo,
        log,
        seed_commitment: t.row.seed_commitment.clone(),
        seed: over.then(|| t.row.seed.to_string()),
    });
    serde_json::to_value(snap).unwrap_or(Value::Null)
}

/// The public position after the first `at` decisions in effect (clamped), for replays: the
/// spectator's view only, so an unfinished game shows nothing hidden.
///
/// # Errors
/// A stored decision that no longer replays.
pub fn replay_step(t: &LiveTable, at: u64) -> Result<ReplayStep, ApiError> {
    let total = t.effect.len();
    let n = usize::try_from(at).unwrap_or(usize::MAX).min(total);
    let shown = t.effect.get(..n).unwrap_or_default();
    let g = t.game.rebuild(t.decisions(shown))?;
    let finished = t.row.status == TableStatus::Finished;
    let last = shown
        .last()
        .and_then(|&i| t.log.get(i))
        .map(|e| e.line(e.secret && !finished));
    Ok(ReplayStep {
        at: n as u64,
        total: total as u64,
        last,
        to_act: g.pending().iter().map(|s| s.0).collect(),
        view: g.view(Viewer::Spectator),
    })
}
