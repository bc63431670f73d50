//! The wire types both the lobby and play speak of: a table's status and its seats as everyone
//! sees them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// Where a table is in its life.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Waiting for players.
    Open,
    /// Being played.
    Active,
    /// Over.
    Finished,
}

impl TableStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Active => "active",
            TableStatus::Finished => "finished",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<TableStatus> {
        match s {
            "open" => Some(TableStatus::Open),
            "active" => Some(TableStatus::Active),
            "finished" => Some(TableStatus::Finished),
            _ => None,
        }
    }
}

/// A seat as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct SeatPublic {
    /// `human` or `bot`.
    pub kind: String,
    /// The bot's name, for bot seats.
    pub bot: Option<String>,
    /// The player's display name, once joined.
    pub name: Option<String>,
    /// Whether the seat's holder has joined.
    pub joined: bool,
    /// Played by the stand-in bot until its player reclaims it.
    pub away: bool,
    /// A human seat taken by its player, who holds a token of their own: the seat's invite no
    /// longer works. A client holding a seat's invite takes the seat (`join`) and goes on with
    /// the token it receives.
    pub claimed: bool,
    /// The player resigned: the stand-in plays the seat to the end.
    #[serde(default)]
    pub resigned: bool,
    /// The player's answer to the rematch offered at the end (`null`: not answered).
    #[serde(default)]
    pub rematch: Option<bool>,
    /// The seat's time ran out after this many decisions in effect; the stand-in played from
    /// there.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub timed_out_at: Option<u64>,
    /// The seat's rating before and after the table (a finished rated table).
    #[serde(default)]
    pub rating: Option<super::turns::RatingChange>,
    /// The seats that voted to hand this absent player's seat to the stand-in.
    #[serde(default)]
    pub abandon_votes: Vec<u8>,
}
