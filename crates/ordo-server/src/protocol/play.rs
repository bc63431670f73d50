//! The wire types of play: snapshots, patches, decisions, hints and replays.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::common::{SeatPublic, TableStatus};
use super::social::{ChatLine, Presence};

/// One legal decision with its readable label.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Legal {
    /// The decision to send back (the game's action type; for Crusaders, `Action`).
    #[ts(type = "unknown")]
    pub action: Value,
    /// A readable label.
    pub label: String,
}

/// Everything one viewer may see of a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Snapshot {
    /// Table id.
    pub table: String,
    /// Game id.
    pub game: String,
    /// Table version (log length).
    #[ts(type = "number")]
    pub version: u64,
    /// Table status.
    pub status: TableStatus,
    /// The viewer's seat (`null` for spectators).
    pub you: Option<u8>,
    /// Seats.
    pub seats: Vec<SeatPublic>,
    /// Seats with a decision pending.
    pub to_act: Vec<u8>,
    /// Remaining time per seat, milliseconds (`null` without a clock).
    #[ts(type = "Array<number> | null")]
    pub clocks: Option<Vec<i64>>,
    /// The viewer's view (the game's view type; for Crusaders, `View`).
    #[ts(type = "unknown")]
    pub view: Value,
    /// The viewer's own legal decisions.
    pub legal: Vec<Legal>,
    /// The seat's last decision is the latest in effect (a take-back may be offered).
    pub can_undo: bool,
    /// The latest decisions in effect, keyed by their number in the game (zero-padded, so
    /// that keys sort in order); a patch adds the new ones and removes the oldest.
    pub log: std::collections::BTreeMap<String, LogLine>,
    /// SHA-256 commitment of the seed.
    pub seed_commitment: String,
    /// The seed, revealed when the game is over.
    pub seed: Option<String>,
    /// The nonce the commitment covers with the seed (SHA-256 of `SEED:NONCE`), revealed with
    /// it; `null` for tables stored before nonces, whose commitment covers the seed alone.
    pub seed_nonce: Option<String>,
    /// The rematch offered at the end: the new table's id (each seat's answer is in `seats`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rematch: Option<String>,
    /// Per seat, since when the game has waited on it (milliseconds since the Unix epoch;
    /// `null` when it does not wait on that seat).
    #[serde(default)]
    #[ts(type = "Array<number | null>")]
    pub waiting_since: Vec<Option<i64>>,
    /// On an active table without a clock: how long a seat must have been waited on before
    /// the others may vote to hand it to the stand-in (`POST /api/tables/{id}/abandon`).
    #[serde(default)]
    #[ts(type = "number | null")]
    pub abandon_after_ms: Option<u64>,
}

/// One decision in a snapshot's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct LogLine {
    /// The deciding seat.
    pub seat: u8,
    /// Made in secret (while seats decided simultaneously, or a decision the game keeps hidden,
    /// such as a Fate card discarded face down): hidden from other viewers until the game ends.
    pub secret: bool,
    /// A readable label (English), `null` while the decision is secret to this viewer.
    pub label: Option<String>,
    /// The decision (the game's action type), `null` while secret to this viewer.
    #[ts(type = "unknown")]
    pub action: Option<Value>,
    /// What the decision did, as the game's public facts (for Crusaders a `CrEffect`, for
    /// Warrior Knights a `WkEffect`); absent when it did nothing its own words do not say, and
    /// while the decision is secret to this viewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "unknown", optional)]
    pub effect: Option<Value>,
    /// A bot's "why" (a search bot's or a stand-in's decision): the decision and the line it
    /// expected after it, as log lines played out on a position guessed from the bot's own view.
    /// It reflects what that seat knew, so it is sent to that seat's viewer, and to everyone
    /// once the game is over; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schema(no_recursion)]
    pub why: Option<Vec<LogLine>>,
}

/// One of the search bot's suggestions for a seat (the coach's hint).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Hint {
    /// The suggested decision (one of the seat's legal decisions).
    #[ts(type = "unknown")]
    pub action: Value,
    /// Its readable label.
    pub label: String,
    /// The search's estimate of the seat's winning chances after it, 0 to 1.
    pub value: f64,
    /// How many of the search's simulations went through it.
    #[ts(type = "number")]
    pub visits: u64,
    /// Why: the decision and the line the search expects after it (the most explored reply at
    /// each step, whoever makes it), as log lines with what each step did, played out on a
    /// position guessed from the seat's own view (hidden cards and chance are the search's
    /// guesses, never the true ones). The first line is the suggested decision itself.
    #[serde(default)]
    pub line: Vec<LogLine>,
}

/// The coach's answer: the best decisions first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Hints {
    /// The table version the hints are for.
    #[ts(type = "number")]
    pub version: u64,
    /// Simulations run.
    #[ts(type = "number")]
    pub iterations: u64,
    /// Up to three suggestions, best first.
    pub hints: Vec<Hint>,
}

/// The public position of a table after some of its decisions (replays).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct ReplayStep {
    /// Decisions in effect shown (0 = the start).
    #[ts(type = "number")]
    pub at: u64,
    /// Decisions in effect in the whole game so far.
    #[ts(type = "number")]
    pub total: u64,
    /// The decision that led here (`null` at the start, or when it was secret).
    pub last: Option<LogLine>,
    /// Seats with a decision pending in this position.
    pub to_act: Vec<u8>,
    /// The spectator's view of this position (the game's view type).
    #[ts(type = "unknown")]
    pub view: Value,
    /// The table talk said up to this position (the last 50 messages; the spectators' too
    /// once the game is over).
    #[serde(default)]
    pub chat: Vec<ChatLine>,
}

/// A message from the server on a table's WebSocket.
// Built once per visibility class and change, then serialized: never held in bulk, so the
// size of the snapshot variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The whole snapshot.
    Snapshot(Snapshot),
    /// A merge patch of the snapshot held at version `base` (see `crate::delta`).
    Patch {
        /// The version the patch applies to.
        #[ts(type = "number")]
        base: u64,
        /// The version after it.
        #[ts(type = "number")]
        version: u64,
        /// The patch.
        #[ts(type = "unknown")]
        patch: Value,
    },
    /// A decision or take-back was stored.
    Ack {
        /// The client's message id.
        id: String,
        /// The table version after it.
        #[ts(type = "number")]
        version: u64,
    },
    /// Chat messages, oldest first: the ones this viewer may read on connecting, then each
    /// new one as it is said.
    Chat {
        /// The messages.
        lines: Vec<ChatLine>,
    },
    /// Who is here, sent on connecting and on every change.
    Presence {
        /// Each seat's presence.
        seats: Vec<Presence>,
        /// Spectators watching.
        spectators: u32,
    },
    /// A refusal with a stable code.
    Error {
        /// The client's message id, when the message could be read.
        id: Option<String>,
        /// Stable code (`action/stale_version`, ...).
        code: String,
        /// Readable message.
        message: String,
        /// The current table version.
        #[ts(type = "number")]
        version: u64,
    },
}

/// A message from a client on a table's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// A decision made against `version`; `id` is echoed in the answer.
    Action {
        /// Client message id.
        id: String,
        /// The version the decision was made against.
        #[ts(type = "number")]
        version: u64,
        /// One of the `legal[i].action` values.
        #[ts(type = "unknown")]
        action: Value,
    },
    /// Take back the seat's last decision, made against `version`.
    Undo {
        /// Client message id.
        id: String,
        /// The version seen.
        #[ts(type = "number")]
        version: u64,
    },
    /// Ask for a fresh snapshot.
    Resync,
    /// Say something at the table: a text, or a quick phrase's id. Players speak in the
    /// players' chat; spectators in the spectators' chat until the game ends.
    Chat {
        /// Plain text, up to 500 characters.
        #[serde(default)]
        #[ts(optional)]
        text: Option<String>,
        /// A quick phrase's id instead of a text.
        #[serde(default)]
        #[ts(optional)]
        phrase: Option<String>,
    },
    /// This page is hidden (`away: true`) or shown again.
    Presence {
        /// Hidden.
        away: bool,
    },
}

/// The body of every HTTP error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct ErrorBody {
    /// Stable code.
    pub code: String,
    /// Readable message.
    pub message: String,
}
