//! What viewers receive: one snapshot per visibility class (each seat, and the spectators) per
//! change of the table, built once and shared by every connection of the class with the merge
//! patch from the class's previous snapshot; and the public positions of replays.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use ordo_core::{ToAct, Viewer};
use serde_json::Value;

use super::cache::{ClassView, SharedPatch};
use super::live::LiveTable;
use crate::delta::{merge_diff, merge_diff_except, strip_nulls};
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
        let (value, lines, log) = snapshot_reusing(self, viewer, prev.as_deref());
        let version = self.version();
        let patch = prev.map(|p| SharedPatch {
            from: p.generation,
            text: class_patch(&p, &value, &lines, &log).map(|patch| {
                let msg = ServerMsg::Patch {
                    base: p.version,
                    version,
                    patch,
                };
                Utf8Bytes::from(serde_json::to_string(&msg).unwrap_or_default())
            }),
        });
        let cv = Arc::new(ClassView {
            text: std::sync::OnceLock::new(),
            generation: self.generation,
            version,
            value: Arc::new(value),
            patch,
            lines,
            log,
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
    /// with the clocks as they stand this moment and its log lines in place.
    pub fn full_view(&mut self, viewer: Viewer) -> Value {
        let (cv, v) = self.full_view_value(viewer);
        with_log(&v, &cv.lines, &cv.log)
    }

    /// [`LiveTable::full_view`] serialized, with the class's snapshot (its value with the clocks
    /// of this moment, without log lines): the text is shared by the class's connections while
    /// the table does not change (without clocks, which are read at each call).
    pub(crate) fn full_view_text(
        &mut self,
        viewer: Viewer,
    ) -> ((Arc<ClassView>, Arc<Value>), axum::extract::ws::Utf8Bytes) {
        let (cv, v) = self.full_view_value(viewer);
        let write = |v: &Value| {
            serde_json::to_string(&WithLog {
                value: v,
                lines: &cv.lines,
                log: &cv.log,
            })
            .unwrap_or_default()
        };
        let text = if Arc::ptr_eq(&cv.value, &v) {
            cv.text.get_or_init(|| write(&v).into()).clone()
        } else {
            write(&v).into()
        };
        ((cv, v), text)
    }

    fn full_view_value(&mut self, viewer: Viewer) -> (Arc<ClassView>, Arc<Value>) {
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

/// `value` (a snapshot without its log lines) with `log` in place.
fn with_log(value: &Value, lines: &[LogLineId], log: &[Arc<Value>]) -> Value {
    let mut v = value.clone();
    if let Some(slot) = v.get_mut("log") {
        *slot = Value::Object(
            lines
                .iter()
                .zip(log)
                .map(|((key, _), line)| (key.clone(), (**line).clone()))
                .collect(),
        );
    }
    v
}

/// Writes a snapshot without its log lines as the whole message, the lines in place of its
/// empty `log` (no copy of a line is made).
struct WithLog<'a> {
    value: &'a Value,
    lines: &'a [LogLineId],
    log: &'a [Arc<Value>],
}

impl serde::Serialize for WithLog<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let Value::Object(m) = self.value else {
            return self.value.serialize(ser);
        };
        let mut map = ser.serialize_map(Some(m.len()))?;
        for (k, v) in m {
            if k == "log" {
                map.serialize_entry(k, &LogLines(self.lines, self.log))?;
            } else {
                map.serialize_entry(k, v)?;
            }
        }
        map.end()
    }
}

/// The log lines as one JSON object, keyed as in a snapshot.
struct LogLines<'a>(&'a [LogLineId], &'a [Arc<Value>]);

impl serde::Serialize for LogLines<'_> {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = ser.serialize_map(Some(self.0.len()))?;
        for ((key, _), line) in self.0.iter().zip(self.1) {
            map.serialize_entry(key, &**line)?;
        }
        map.end()
    }
}

/// The patch from a class's previous snapshot to its new one.
fn class_patch(
    prev: &ClassView,
    value: &Value,
    lines: &[LogLineId],
    log: &[Arc<Value>],
) -> Option<Value> {
    patch_between((&prev.value, &prev.lines, &prev.log), (value, lines, log))
}

/// Where the line keyed `key` stands in `lines`: the keys are the decisions' numbers,
/// zero-padded, so they sort as they were made (a binary search; past 99,999 decisions the
/// padding no longer sorts, and a search that misses looks at every line).
fn find_line(lines: &[LogLineId], key: &str) -> Option<usize> {
    lines
        .binary_search_by(|(k, _)| k.as_str().cmp(key))
        .ok()
        .or_else(|| lines.iter().position(|(k, _)| k == key))
}

/// A snapshot without its log lines, which lines it holds, and the lines.
pub(crate) type Parts<'a> = (&'a Value, &'a [LogLineId], &'a [Arc<Value>]);

/// The merge patch from one snapshot to another: the log lines compared by which entry they
/// show (a line already sent is neither rebuilt nor walked again), the rest by value.
pub(crate) fn patch_between(old: Parts<'_>, new: Parts<'_>) -> Option<Value> {
    let ((old_value, old_lines, old_log), (value, lines, log)) = (old, new);
    let mut patch = match merge_diff_except(old_value, value, "log") {
        Some(Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let mut out = serde_json::Map::new();
    for (key, _) in old_lines {
        if find_line(lines, key).is_none() {
            out.insert(key.clone(), Value::Null);
        }
    }
    for ((key, id), line) in lines.iter().zip(log) {
        match find_line(old_lines, key) {
            Some(i) if old_lines[i].1 == *id => {}
            Some(i) => {
                if let Some(d) = old_log.get(i).and_then(|o| merge_diff(o, line)) {
                    out.insert(key.clone(), d);
                }
            }
            None => {
                out.insert(key.clone(), strip_nulls(line));
            }
        }
    }
    if !out.is_empty() {
        patch.insert("log".to_string(), Value::Object(out));
    }
    let patch = (!patch.is_empty()).then_some(Value::Object(patch));
    // In every test build: the patch turns the one snapshot into the other.
    #[cfg(debug_assertions)]
    {
        let mut check = with_log(old_value, old_lines, old_log);
        if let Some(p) = &patch {
            crate::delta::merge_apply(&mut check, p);
        }
        assert_eq!(
            strip_nulls(&check),
            strip_nulls(&with_log(value, lines, log)),
            "class patch"
        );
    }
    patch
}

/// Which log entry a snapshot's line shows (its key, the entry's index in the table's log,
/// whether it is hidden from the class, and whether a bot's why is shown): the same id means the
/// same line.
pub(crate) type LogLineId = (String, (usize, bool, bool));

/// What one viewer receives: the version, the seats, its own view, its own legal decisions,
/// the seats pending, the clocks, and, once over, the revealed seed.
pub fn snapshot(t: &LiveTable, viewer: Viewer) -> Value {
    let (value, lines, log) = snapshot_reusing(t, viewer, None);
    with_log(&value, &lines, &log)
}

/// [`snapshot`] without its log lines, the ids of the lines it holds and the lines, taking
/// the lines that did not change from the class's previous snapshot.
fn snapshot_reusing(
    t: &LiveTable,
    viewer: Viewer,
    prev: Option<&ClassView>,
) -> (Value, Vec<LogLineId>, Vec<Arc<Value>>) {
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
            // A gift is final: nothing to take back.
            t.row.status == TableStatus::Active
                && last.is_some_and(|e| {
                    e.seat == s.0 && !e.action.as_ref().is_some_and(|a| t.game.is_free(a))
                })
        }
        Viewer::Spectator => false,
    };
    let finished = t.row.status == TableStatus::Finished;
    let lines: Vec<LogLineId> = t
        .effect
        .iter()
        .enumerate()
        .skip(t.effect.len().saturating_sub(LOG_LINES))
        .filter_map(|(n, &i)| {
            let e = t.log.get(i)?;
            let hidden = e.hidden_from(seen.seat(), finished);
            let why = e.why_shown(seen.seat(), finished);
            Some((format!("{:05}", n + 1), (i, hidden, why)))
        })
        .collect();
    let mut log = Vec::with_capacity(lines.len());
    let mut kept = Vec::with_capacity(lines.len());
    for (key, id) in lines {
        let reused = prev.and_then(|p| {
            find_line(&p.lines, &key)
                .filter(|&i| p.lines.get(i).is_some_and(|l| l.1 == id))
                .and_then(|i| p.log.get(i).cloned())
        });
        let line = match reused {
            Some(v) => v,
            None => match t.log.get(id.0) {
                Some(e) => {
                    Arc::new(serde_json::to_value(e.line(id.1, id.2)).unwrap_or(Value::Null))
                }
                None => continue,
            },
        };
        log.push(line);
        kept.push((key, id));
    }
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
        log: std::collections::BTreeMap::new(),
        seed_commitment: t.row.seed_commitment.clone(),
        seed: over.then(|| t.row.seed.to_string()),
        seed_nonce: over.then(|| t.row.seed_nonce.clone()).flatten(),
        rematch: t.options.rematch.clone(),
        waiting_since: t.clocks.waiting_since(),
        abandon_after_ms: (t.row.status == TableStatus::Active && !t.clocks.on()).then(|| {
            t.options
                .abandon_after_ms
                .unwrap_or(super::seats::DEFAULT_ABANDON_AFTER_MS)
        }),
    });
    let mut value = serde_json::to_value(snap).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut value {
        m.insert("log".to_string(), Value::Object(serde_json::Map::new()));
    }
    (value, kept, log)
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
        .map(|e| e.line(e.hidden_from(None, finished), e.why_shown(None, finished)));
    Ok(ReplayStep {
        at: n as u64,
        total: total as u64,
        last,
        to_act: g.pending().iter().map(|s| s.0).collect(),
        view: g.view(Viewer::Spectator),
        chat: Vec::new(),
    })
}

/// The last table version a replay position stood at: the log's length just before the next
/// decision in effect (the chat said up to then belongs to the position).
pub fn version_at(t: &LiveTable, at: u64) -> u64 {
    let n = usize::try_from(at)
        .unwrap_or(usize::MAX)
        .min(t.effect.len());
    let next = t.effect.get(n).copied().unwrap_or(t.log.len());
    u64::try_from(next).unwrap_or(u64::MAX)
}
