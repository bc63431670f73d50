//! The lobby's wire types: creating, listing, joining and starting tables.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::common::{SeatPublic, TableStatus};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum SeatKind {
    /// A person holding the seat's token.
    Human,
    /// A server-side bot (`random`, `heuristic`, `easy`, `medium`, `hard`, `mcts:…`).
    Bot {
        /// The bot's name.
        bot: String,
    },
}

/// A clock: every human seat starts with `initial_ms` and gains `increment_ms` after each of
/// its decisions, up to `max_ms` if set. Real-time tables use it as a chess (Fischer) clock;
/// turn-based tables as a day clock: `{initial: D+B days, increment: D days, max: D+B days}`
/// gives D days per move with a time bank of B days (without a bank, each move has exactly D
/// days). A seat whose time runs out is handed to the stand-in bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Starting time per seat, milliseconds.
    #[ts(type = "number")]
    pub initial_ms: u64,
    /// Time added after each decision, milliseconds.
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub increment_ms: u64,
    /// The most time a seat may hold after a decision's increment, milliseconds (none: no cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "number", optional)]
    pub max_ms: Option<u64>,
}

/// How fast the table plays (shown in the lobby; the clock, if any, enforces it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Everyone at the table at once.
    #[default]
    RealTime,
    /// Players come back when it is their turn (clocks in hours or days).
    TurnBased,
}

/// What the creator asks for.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// Game id (`crusaders`, `warrior-knights`; see `GET /api/games`).
    pub game: String,
    /// The game's config (players, variant, expansions, ...; for Crusaders, `Config`).
    #[ts(type = "unknown")]
    pub config: Value,
    /// One entry per seat.
    pub seats: Vec<SeatKind>,
    /// Open a lobby: human seats are claimed with `join` before the game starts.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub lobby: bool,
    /// Real-time or turn-based.
    #[serde(default)]
    #[ts(as = "Option<Pace>", optional)]
    pub pace: Pace,
    /// A clock for the human seats.
    #[serde(default)]
    #[ts(optional)]
    pub clock: Option<ClockSpec>,
    /// The bot playing for players who leave or run out of time (default `heuristic`).
    #[serde(default)]
    #[ts(optional)]
    pub standin: Option<String>,
    /// A "Learn to play" table: dealt from the game's fixed tutorial seed, so that the guided
    /// first game always starts from the same setup (nothing dealt there is a secret to anyone
    /// who knows the seed).
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub tutorial: bool,
    /// A rated table: the result changes the players' Glicko-2 ratings. Needs a clock, a
    /// signed-in creator, and every human seat taken by a signed-in account.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub rated: bool,
}

/// What the creator gets back: the table id, the seed commitment, one secret token per seat
/// (invite links for humans) and the host's token (to start the table early).
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
pub struct Created {
    /// Table id.
    pub id: String,
    /// SHA-256 commitment of the seed, revealed when the game ends.
    pub seed_commitment: String,
    /// Seat tokens, by seat (bots' tokens are not handed out).
    pub tokens: Vec<Option<String>>,
    /// The host's token.
    pub host_token: String,
}

/// What a player gets back from `join`.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
pub struct Joined {
    /// The seat claimed.
    pub seat: u8,
    /// The seat's token (a fresh one when joining without an invite).
    pub token: String,
    /// The table's status after joining.
    pub status: TableStatus,
    /// The seat is bound to the person who asked (their account or guest cookie): their
    /// browser finds it with no token. `false` when they hold another seat at this table.
    #[serde(default)]
    pub bound: bool,
}

/// `POST /api/tables/{id}/name`: a guest's name at the table.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NameSeat {
    /// The name (control characters removed, at most 40 characters).
    pub name: String,
    /// The seat's token, if the seat is not found by the browser's cookie.
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
}

/// What a player gets back from accepting a rematch.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
pub struct Rematched {
    /// The new table.
    pub table: String,
    /// The player's seat there (the same as at the finished table).
    pub seat: u8,
    /// The seat's token there (programs; a browser holds the seat by its cookie).
    pub token: String,
    /// The seat is bound to the person who accepted.
    pub bound: bool,
}

/// `POST /api/tables/{id}/join`.
#[derive(Clone, Debug, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat's invite or the player's own token (none: the first free seat).
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
    /// The player's display name.
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    /// The token the player will hold, chosen by the client, so that a lost answer does not
    /// lose the seat (16–128 letters, digits, `-` or `_`).
    #[serde(default)]
    #[ts(optional)]
    pub new_token: Option<String>,
}

/// A request that names a seat by its token (`leave`, `reclaim`).
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenBody {
    /// The seat's token; a browser whose seat is bound to it (by its sign-in or guest
    /// cookie) sends none, and programs may send it as `Authorization: Bearer` instead.
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
}

/// `POST /api/tables/{id}/start`.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    /// The host's token (a host signed in, or in the browser that created the table, may
    /// leave it out).
    #[serde(default)]
    #[ts(optional)]
    pub host_token: Option<String>,
}

/// An invite the host shows again (issued anew: the seat's previous link stops working).
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
pub struct Invite {
    /// The seat.
    pub seat: u8,
    /// Its new invite token (`null` when revoked).
    pub token: Option<String>,
}

/// `POST /api/tables/{id}/actions`.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The seat's token; a browser whose seat is bound to it (by its sign-in or guest
    /// cookie) sends none, and programs may send it as `Authorization: Bearer` instead.
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
    /// The version the decision was made against.
    #[ts(type = "number")]
    pub version: u64,
    /// One of the snapshot's `legal[i].action` values.
    #[ts(type = "unknown")]
    pub action: Value,
}

/// `POST /api/tables/{id}/undo`.
#[derive(Clone, Debug, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    /// The seat's token; a browser whose seat is bound to it (by its sign-in or guest
    /// cookie) sends none, and programs may send it as `Authorization: Bearer` instead.
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
    /// The version seen.
    #[ts(type = "number")]
    pub version: u64,
}

/// A decision or take-back stored (HTTP).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Ack {
    /// Stored.
    Ack {
        /// The table version after it.
        #[ts(type = "number")]
        version: u64,
    },
}

/// A table's status after a lobby action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct StatusAnswer {
    /// The status.
    pub status: TableStatus,
}

/// A table in the list of tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct TableSummary {
    /// Table id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// Status.
    pub status: TableStatus,
    /// The game config.
    #[ts(type = "unknown")]
    pub config: Value,
    /// Creation time, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
    /// Human seats nobody has joined yet.
    #[ts(type = "number")]
    pub free_seats: usize,
    /// The stored record could not be replayed by this server: the table cannot be played or
    /// watched until the host repairs it (it is kept unchanged).
    pub damaged: bool,
    /// A rated table.
    #[serde(default)]
    pub rated: bool,
}

/// `GET /api/tables/{id}`: the table's public facts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct TableInfo {
    /// Table id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// The game config.
    #[ts(type = "unknown")]
    pub config: Value,
    /// Status.
    pub status: TableStatus,
    /// Seats.
    pub seats: Vec<SeatPublic>,
    /// Real-time or turn-based.
    pub pace: Pace,
    /// The clock, if any.
    pub clock: Option<ClockSpec>,
    /// The stand-in bot.
    pub standin: String,
    /// Table version.
    #[ts(type = "number")]
    pub version: u64,
    /// SHA-256 commitment of the seed.
    pub seed_commitment: String,
    /// The seed, revealed when the game is over.
    pub seed: Option<String>,
    /// The nonce the commitment covers with the seed (SHA-256 of `SEED:NONCE`), revealed with
    /// it; `null` for tables stored before nonces, whose commitment covers the seed alone.
    pub seed_nonce: Option<String>,
    /// A rated table.
    #[serde(default)]
    pub rated: bool,
}

/// `GET /api/games`: one registered game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct GameEntry {
    /// Game id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// The owner's data pack new tables play with (its id), if the server was given one.
    pub pack: Option<String>,
    /// The bots' fixed ratings, as the bot ladder measured them (`docs/bots.md`): what a rated
    /// table counts each bot as, per player-count group.
    #[serde(default)]
    pub bots: Vec<BotRatingEntry>,
}

/// A bot's fixed rating in one player-count group of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct BotRatingEntry {
    /// The bot (`random`, `heuristic`, `easy`, `medium`, `hard`, `max`).
    pub bot: String,
    /// Player-count group: `2`, `3-4` or `5-6`.
    pub group: String,
    /// Rating, rounded.
    pub rating: i32,
    /// Its deviation (the ladder's standard error), rounded.
    pub deviation: i32,
}
