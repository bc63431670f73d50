//! The wire types of the people at a table: chat, presence, and a player's own list of tables
//! ("My games").

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::common::{SeatPublic, TableStatus};

/// The quick phrases a player may send with one click; each reader sees the phrase in their
/// own language (the client translates the id).
pub const QUICK_PHRASES: &[&str] = &[
    "hello",
    "good_luck",
    "thanks",
    "sorry",
    "one_moment",
    "your_turn",
    "deal",
    "no_deal",
    "well_played",
    "good_game",
    "bye",
];

/// Longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// One chat message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct ChatLine {
    /// Its position in the table's chat (1, 2, …).
    #[ts(type = "number")]
    pub seq: u64,
    /// `players` (the table's talk, read by everyone) or `spectators` (read by spectators
    /// only until the game ends).
    pub channel: String,
    /// The seat that said it; `null` for a spectator.
    pub seat: Option<u8>,
    /// The speaker's name as it was then (`null`: the seat's or "Spectator" in the reader's
    /// language).
    pub name: Option<String>,
    /// A quick phrase's id (see `QUICK_PHRASES`), shown in the reader's language; `null` for
    /// a text.
    pub phrase: Option<String>,
    /// The text, plain (never markup); empty for a quick phrase.
    pub text: String,
    /// The table version it was said at (a replay shows it there).
    #[ts(type = "number")]
    pub at_version: u64,
    /// When, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub at: i64,
}

/// Whether a seat's player is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// A page of the table is open and shown.
    Online,
    /// Pages of the table are open, all hidden (another tab, a locked phone).
    Away,
    /// No page of the table is open.
    Offline,
}

/// Where a table of "My games" stands for its player, in the order the list shows them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum MyTableState {
    /// The game waits for this player.
    YourTurn,
    /// The game waits for others.
    Waiting,
    /// Not started: waiting for players to take their seats.
    Open,
    /// Over.
    Finished,
}

/// One table of a player's "My games" (`GET /api/me/tables`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct MyTable {
    /// Table id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// Table status.
    pub status: TableStatus,
    /// Where it stands for this player (the list is sorted by it).
    pub state: MyTableState,
    /// The game waits for this player's decision.
    pub your_turn: bool,
    /// The player's seat.
    pub seat: u8,
    /// Every seat as everyone sees it (the opponents' names and bots).
    pub seats: Vec<SeatPublic>,
    /// Each seat's presence now.
    pub presence: Vec<Presence>,
    /// Remaining time per seat, milliseconds (`null` without a clock).
    #[ts(type = "Array<number> | null")]
    pub clocks: Option<Vec<i64>>,
    /// When the last decision was made, milliseconds since the Unix epoch.
    #[ts(type = "number | null")]
    pub last_move_at: Option<i64>,
    /// When the table was created, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
    /// A rated table.
    #[serde(default)]
    pub rated: bool,
    /// Real-time or turn-based.
    #[serde(default)]
    pub pace: super::lobby::Pace,
    /// The table's clock, if any.
    #[serde(default)]
    pub clock: Option<super::lobby::ClockSpec>,
}
