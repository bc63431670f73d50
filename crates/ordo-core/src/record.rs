//! Game records and the driver that owns them.
//!
//! A record is game id + data version + config + seed + the ordered list of (seat, action).
//! Replaying it reproduces every state exactly (see `docs/record-format.md`).

use serde::{Deserialize, Serialize};

use crate::error::{IllegalAction, ReplayError};
use crate::game::Game;
use crate::seat::Seat;

/// The newest record format this build writes and reads.
pub const RECORD_FORMAT: u32 = 1;

/// One decision in a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step<A> {
    /// Who decided.
    pub seat: Seat,
    /// What was decided.
    pub action: A,
}

/// A complete, replayable game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record<C, A> {
    /// Record format version ([`RECORD_FORMAT`]).
    pub format: u32,
    /// Game id ([`crate::GameInfo::id`]).
    pub game: String,
    /// Version of the game's component data the record was made with.
    pub data_version: String,
    /// The table configuration.
    pub config: C,
    /// The setup seed.
    pub seed: u64,
    /// Every decision, in order.
    pub steps: Vec<Step<A>>,
}

/// The record type of a game.
pub type RecordOf<G> = Record<<G as Game>::Config, <G as Game>::Action>;

/// A record whose config and actions are still untyped JSON, for routing by game id.
pub type RawRecord = Record<serde_json::Value, serde_json::Value>;

/// Reads the game id of a record without knowing its game.
///
/// # Errors
/// [`ReplayError::Malformed`] when the text is not a record.
pub fn peek_game_id(json: &str) -> Result<String, ReplayError> {
    let raw: RawRecord =
        serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    Ok(raw.game)
}

/// A game in progress together with its record. The only code that appends to a record.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    state: G,
    record: RecordOf<G>,
}

impl<G: Game> Match<G> {
    /// Starts a new game.
    ///
    /// # Errors
    /// [`crate::ConfigError`] if the configuration is invalid.
    pub fn new(config: G::Config, seed: u64) -> Result<Self, crate::ConfigError> {
        let state = G::new_game(&config, seed)?;
        Ok(Match {
            state,
            record: Record {
                format: RECORD_FORMAT,
                game: G::INFO.id.to_string(),
                data_version: G::data_version().to_string(),
                config,
                seed,
                steps: Vec::new(),
            },
        })
    }

    /// The current state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The record so far.
    pub fn record(&self) -> &RecordOf<G> {
        &self.record
    }

    /// Number of decisions applied (the game's version).
    pub fn version(&self) -> u64 {
        self.record.steps.len() as u64
    }

    /// Checks and applies a decision, appending it to the record on success.
    ///
    /// # Errors
    /// [`IllegalAction`]; state and record are unchanged.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), IllegalAction<G::Action>> {
        self.state.apply(seat, action)?;
        self.record.steps.push(Step { seat, action });
        Ok(())
    }

    /// Applies a decision the caller has just checked in this very position (with
    /// [`Game::check`]), appending it to the record, without checking it again.
    ///
    /// # Panics
    /// May panic, or leave the game inconsistent, if the decision is not legal here (see
    /// [`Game::apply_unchecked`]).
    pub fn apply_checked(&mut self, seat: Seat, action: G::Action) {
        self.state.apply_unchecked(seat, action);
        self.record.steps.push(Step { seat, action });
    }

    /// Consumes the match, returning the state and its record.
    pub fn into_parts(self) -> (G, RecordOf<G>) {
        (self.state, self.record)
    }
}

/// Replays a typed record, checking every decision.
///
/// # Errors
/// [`ReplayError`] naming the first offending decision and why.
pub fn replay<G: Game>(record: &RecordOf<G>) -> Result<Match<G>, ReplayError> {
    check_header::<G>(record.format, &record.game)?;
    let mut m = Match::<G>::new(record.config.clone(), record.seed)?;
    for (index, step) in record.steps.iter().enumerate() {
        if let Err(e) = m.apply(step.seat, step.action) {
            return Err(ReplayError::Illegal {
                index,
                seat: step.seat,
                action: m.state.describe_action(&step.action),
                reason: e.reason,
            });
        }
    }
    Ok(m)
}

/// Parses a record from JSON and replays it.
///
/// # Errors
/// [`ReplayError`] for malformed JSON, a wrong game, an unparsable or an illegal decision.
pub fn replay_json<G: Game>(json: &str) -> Result<Match<G>, ReplayError> {
    let raw: RawRecord =
        serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    check_header::<G>(raw.format, &raw.game)?;
    let config: G::Config = serde_json::from_value(raw.config)
        .map_err(|e| ReplayError::Malformed(format!("config: {e}")))?;
    let mut steps = Vec::with_capacity(raw.steps.len());
    for (index, s) in raw.steps.into_iter().enumerate() {
        let action: G::Action =
            serde_json::from_value(s.action).map_err(|e| ReplayError::BadAction {
                index,
                message: e.to_string(),
            })?;
        steps.push(Step {
            seat: s.seat,
            action,
        });
    }
    let record = Record {
        format: raw.format,
        game: raw.game,
        data_version: raw.data_version,
        config,
        seed: raw.seed,
        steps,
    };
    replay::<G>(&record)
}

fn check_header<G: Game>(format: u32, game: &str) -> Result<(), ReplayError> {
    if game != G::INFO.id {
        return Err(ReplayError::WrongGame {
            expected: G::INFO.id.to_string(),
            found: game.to_string(),
        });
    }
    if format == 0 || format > RECORD_FORMAT {
        return Err(ReplayError::UnsupportedFormat {
            found: format,
            supported: RECORD_FORMAT,
        });
    }
    Ok(())
}
