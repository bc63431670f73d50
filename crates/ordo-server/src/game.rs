//! The games the server hosts, behind one enum (the closed set of Ordo games).

use ordo_ai::{crusaders_bot, BotSpec};
use ordo_core::{Game, IllegalReason, Match, Seat, SeatSet, ToAct, Viewer};
use serde_json::Value;

use crate::error::ApiError;

/// A hosted game and its record.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// Crusaders: Thy Will Be Done.
    Crusaders(Box<Match<crusaders::Crusaders>>),
}

fn illegal(reason: &IllegalReason) -> ApiError {
    match reason {
        IllegalReason::NotYourTurn => ApiError::NotYourTurn,
        IllegalReason::GameOver => ApiError::NotActive("over"),
        other => ApiError::Illegal(other.to_string()),
    }
}

impl AnyGame {
    /// Starts a game from a game id, a config (JSON) and a seed.
    ///
    /// # Errors
    /// Unknown game or invalid config.
    pub fn new(game: &str, config: &Value, seed: u64) -> Result<AnyGame, ApiError> {
        match game {
            "crusaders" => {
                let c: crusaders::Config = serde_json::from_value(config.clone())
                    .map_err(|e| ApiError::InvalidTable(e.to_string()))?;
                let m = Match::new(c, seed).map_err(|e| ApiError::InvalidTable(e.to_string()))?;
                Ok(AnyGame::Crusaders(Box::new(m)))
            }
            other => Err(ApiError::InvalidTable(format!(
                "unknown game `{other}` (known: crusaders)"
            ))),
        }
    }

    /// Number of decisions applied.
    pub fn version(&self) -> u64 {
        match self {
            AnyGame::Crusaders(m) => m.version(),
        }
    }

    /// Number of seats.
    pub fn seats(&self) -> u8 {
        match self {
            AnyGame::Crusaders(m) => m.state().num_seats(),
        }
    }

    /// Whose decision it is.
    pub fn to_act(&self) -> ToAct {
        match self {
            AnyGame::Crusaders(m) => m.state().to_act(),
        }
    }

    /// The seats with a decision pending.
    pub fn pending(&self) -> SeatSet {
        self.to_act().seats()
    }

    /// Parses and checks a decision without applying it; returns its canonical JSON.
    ///
    /// # Errors
    /// Malformed JSON, not the seat's turn, illegal decision.
    pub fn check(&self, seat: Seat, action: &Value) -> Result<String, ApiError> {
        match self {
            AnyGame::Crusaders(m) => {
                let a: crusaders::Action = serde_json::from_value(action.clone())
                    .map_err(|e| ApiError::Malformed(format!("action: {e}")))?;
                m.state().check(seat, &a).map_err(|r| illegal(&r))?;
                serde_json::to_string(&a).map_err(|e| ApiError::Internal(e.to_string()))
            }
        }
    }

    /// Applies a decision already checked (by [`AnyGame::check`]) and stored.
    ///
    /// # Errors
    /// The decision does not parse or is illegal (state unchanged).
    pub fn apply(&mut self, seat: Seat, canonical: &str) -> Result<(), ApiError> {
        match self {
            AnyGame::Crusaders(m) => {
                let a: crusaders::Action = serde_json::from_str(canonical)
                    .map_err(|e| ApiError::Malformed(format!("action: {e}")))?;
                m.apply(seat, a).map_err(|e| illegal(&e.reason))
            }
        }
    }

    /// A readable description of a decision about to be made now.
    pub fn describe(&self, canonical: &str) -> String {
        match self {
            AnyGame::Crusaders(m) => serde_json::from_str::<crusaders::Action>(canonical)
                .map_or_else(|_| canonical.to_string(), |a| m.state().describe_action(&a)),
        }
    }

    /// Whether seats are deciding simultaneously and secretly now.
    pub fn is_secret_now(&self) -> bool {
        matches!(self.to_act(), ToAct::Simultaneous(_))
    }

    /// Whether `seat` could take back `canonical` after making it now (see
    /// [`ordo_core::Game::can_take_back`]).
    pub fn can_take_back(&self, seat: Seat, canonical: &str) -> bool {
        match self {
            AnyGame::Crusaders(m) => serde_json::from_str::<crusaders::Action>(canonical)
                .is_ok_and(|a| m.state().can_take_back(seat, &a)),
        }
    }

    /// Strings that identify `seat`'s current secrets in its view (see
    /// [`ordo_core::Game::secrets_of`]); used to check that no other viewer receives them.
    pub fn secrets_of(&self, seat: Seat) -> Vec<String> {
        match self {
            AnyGame::Crusaders(m) => m.state().secrets_of(seat),
        }
    }

    /// The same game replayed from its start through `decisions` (seat, canonical JSON).
    ///
    /// # Errors
    /// A decision that does not parse or is illegal.
    pub fn rebuild(&self, decisions: &[(u8, String)]) -> Result<AnyGame, ApiError> {
        let mut g = match self {
            AnyGame::Crusaders(m) => AnyGame::Crusaders(Box::new(
                Match::new(m.state().config().clone(), m.record().seed)
                    .map_err(|e| ApiError::Internal(e.to_string()))?,
            )),
        };
        for (seat, a) in decisions {
            g.apply(Seat(*seat), a)?;
        }
        Ok(g)
    }

    /// The view of `viewer`, JSON.
    pub fn view(&self, viewer: Viewer) -> Value {
        match self {
            AnyGame::Crusaders(m) => {
                serde_json::to_value(m.state().view(viewer)).unwrap_or(Value::Null)
            }
        }
    }

    /// The legal decisions of `seat` with readable labels.
    pub fn legal(&self, seat: Seat) -> Vec<crate::protocol::Legal> {
        match self {
            AnyGame::Crusaders(m) => m
                .state()
                .legal_actions(seat)
                .iter()
                .map(|a| crate::protocol::Legal {
                    action: serde_json::to_value(a).unwrap_or(Value::Null),
                    label: m.state().describe_action(a),
                })
                .collect(),
        }
    }

    /// The record, JSON.
    pub fn record(&self) -> Value {
        match self {
            AnyGame::Crusaders(m) => serde_json::to_value(m.record()).unwrap_or(Value::Null),
        }
    }

    /// The search bot's best decisions for `seat` with their estimated values (blocking: run it
    /// off the async runtime). The search sees only `seat`'s view of the game.
    pub fn hints(
        &self,
        seat: Seat,
        seed: u64,
        iterations: u64,
    ) -> (u64, Vec<crate::protocol::Hint>) {
        match self {
            AnyGame::Crusaders(m) => {
                let cfg = ordo_ai::MctsConfig {
                    budget: ordo_ai::Budget::Iterations(iterations),
                    threads: 1,
                    seed,
                    ..ordo_ai::MctsConfig::default()
                };
                let stats =
                    ordo_ai::analyse(m.state(), seat, &cfg, &ordo_ai::CrusadersEval::default());
                let hints = stats
                    .suggestions
                    .iter()
                    .take(3)
                    .map(|s| crate::protocol::Hint {
                        action: serde_json::to_value(s.action).unwrap_or(Value::Null),
                        label: m.state().describe_action(&s.action),
                        value: s.value,
                        visits: s.visits,
                    })
                    .collect();
                (stats.iterations, hints)
            }
        }
    }

    /// A bot's decision for `seat`, JSON (blocking: run it off the async runtime).
    pub fn bot_decision(&self, spec: BotSpec, seat: Seat, seed: u64) -> Option<String> {
        match self {
            AnyGame::Crusaders(m) => {
                let mut bot = crusaders_bot(spec, seed, 1);
                bot.decide(m.state(), seat)
                    .and_then(|a| serde_json::to_string(&a).ok())
            }
        }
    }
}
