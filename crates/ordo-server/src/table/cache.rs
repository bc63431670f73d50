//! The shared snapshots a table keeps: one per visibility class at its current change, with the
//! patch from the class's previous one (built in `view.rs`).

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;

/// The merge patch from a class's previous snapshot to its current one.
#[derive(Debug)]
pub struct SharedPatch {
    /// The change count of the snapshot it applies to.
    pub from: u64,
    /// The `patch` message, serialized once; `None` when nothing the class sees changed.
    pub text: Option<Utf8Bytes>,
}

/// One visibility class's snapshot at one change of the table.
#[derive(Debug)]
pub struct ClassView {
    /// The table's change count when it was built.
    pub generation: u64,
    /// The table version.
    pub version: u64,
    /// The snapshot message (`{"type": "snapshot", …}`) without its log lines (its `log` is
    /// empty): they are kept apart, shared from one snapshot to the next (`log`), and put in
    /// place when the message is written (`view.rs`).
    pub value: Arc<Value>,
    /// The patch from the class's previous snapshot, if one was built.
    pub patch: Option<SharedPatch>,
    /// The snapshot message serialized, once, for every connection of the class that asks for
    /// the whole state (a first connection or a resync).
    pub(crate) text: std::sync::OnceLock<Utf8Bytes>,
    /// Which log entry each line of the snapshot shows (see `view.rs`).
    pub(crate) lines: Vec<super::view::LogLineId>,
    /// The log lines, in the order of `lines`: a line that did not change is the previous
    /// snapshot's, not a copy.
    pub(crate) log: Vec<Arc<Value>>,
}

/// The snapshots built at the table's current change, per class (seat index; the last is the
/// spectators').
#[derive(Debug, Default)]
pub(crate) struct ViewCache {
    pub(super) classes: Vec<Option<Arc<ClassView>>>,
    /// Where the time to build a class's snapshot and patch is recorded.
    pub(super) fanout: Option<metrics::Histogram>,
}
