//! Typed errors of the engine tier.

use std::fmt::Debug;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::seat::Seat;

/// A configuration that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ConfigError {
    /// The seat count is outside the game's range.
    #[error("{players} players is not supported (allowed {min}..={max})")]
    PlayerCount {
        /// Requested.
        players: u8,
        /// Smallest allowed.
        min: u8,
        /// Largest allowed.
        max: u8,
    },
    /// An option or a combination of options is not valid.
    #[error("invalid option `{option}`: {reason}")]
    Invalid {
        /// Which option.
        option: String,
        /// Why.
        reason: String,
    },
    /// The embedded component data failed validation (a build defect).
    #[error("component data is invalid: {0}")]
    Data(String),
}

/// Why a decision was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum IllegalReason {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The seat does not exist at this table.
    #[error("no such seat")]
    UnknownSeat,
    /// The seat has no decision pending.
    #[error("it is not this seat's decision")]
    NotYourTurn,
    /// The decision is not among the legal ones.
    #[error("not a legal decision now ({legal_count} legal decisions are available)")]
    NotAllowed {
        /// How many decisions are legal.
        legal_count: usize,
    },
    /// A free decision the rules do not allow now, with the rules' reason in words.
    #[error("{why}")]
    Refused {
        /// Why, in English (clients word the code in the player's language).
        why: String,
    },
}

impl IllegalReason {
    /// A stable, namespaced code for clients (`action/not_your_turn`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            IllegalReason::GameOver => "action/game_over",
            IllegalReason::UnknownSeat => "action/unknown_seat",
            IllegalReason::NotYourTurn => "action/not_your_turn",
            IllegalReason::NotAllowed { .. } | IllegalReason::Refused { .. } => "action/illegal",
        }
    }
}

/// A refused decision, carrying what was tried and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{seat}: decision {action:?} refused: {reason}")]
pub struct IllegalAction<A: Debug> {
    /// Who tried.
    pub seat: Seat,
    /// What was tried.
    pub action: A,
    /// Why it was refused.
    pub reason: IllegalReason,
}

/// A record that could not be read or replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The file is not valid JSON or does not have the record's shape.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// The record is for another game.
    #[error("record is for game `{found}`, expected `{expected}`")]
    WrongGame {
        /// Expected id.
        expected: String,
        /// Found id.
        found: String,
    },
    /// The record's format version is newer than this build understands.
    #[error("record format {found} is not supported (this build reads up to {supported})")]
    UnsupportedFormat {
        /// Found.
        found: u32,
        /// Newest supported.
        supported: u32,
    },
    /// The configuration in the record is invalid.
    #[error("record configuration is invalid: {0}")]
    Config(#[from] ConfigError),
    /// A decision in the record could not be parsed.
    #[error("decision #{index} could not be parsed: {message}")]
    BadAction {
        /// Zero-based position in the record.
        index: usize,
        /// Parser message.
        message: String,
    },
    /// A decision in the record is illegal at its point in the game.
    #[error("decision #{index} by {seat} ({action}) is illegal: {reason}")]
    Illegal {
        /// Zero-based position in the record.
        index: usize,
        /// Who.
        seat: Seat,
        /// The decision, described.
        action: String,
        /// Why.
        reason: IllegalReason,
    },
}
