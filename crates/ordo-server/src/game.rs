//! The games the server hosts, behind one enum (the closed set of Ordo games). Every operation
//! is written once, generically over the core contract, and dispatched per game.

use ordo_ai::{Bot, BotSpec, Evaluator};
use ordo_core::{Game, IllegalReason, Match, Seat, SeatSet, ToAct, Viewer};
use serde_json::Value;

use crate::error::ApiError;

/// What the server needs from a game beyond the core contract.
pub trait Hosted: Game {
    /// The evaluation the coach's search uses.
    type Eval: Evaluator<Self> + Default;
    /// A bot for a seat (stand-ins and bot seats).
    fn bot(spec: BotSpec, seed: u64) -> Box<dyn Bot<Self>>;
}

impl Hosted for crusaders::Crusaders {
    type Eval = ordo_ai::CrusadersEval;
    fn bot(spec: BotSpec, seed: u64) -> Box<dyn Bot<Self>> {
        ordo_ai::crusaders_bot(spec, seed, 1)
    }
}

impl Hosted for warrior_knights::WarriorKnights {
    type Eval = ordo_ai::WarriorKnightsEval;
    fn bot(spec: BotSpec, seed: u64) -> Box<dyn Bot<Self>> {
        ordo_ai::warrior_knights_bot(spec, seed, 1)
    }
}

/// A hosted game and its record.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// Crusaders: Thy Will Be Done.
    Crusaders(Box<Match<crusaders::Crusaders>>),
    /// Warrior Knights.
    WarriorKnights(Box<Match<warrior_knights::WarriorKnights>>),
}

/// The game ids the server knows.
pub const GAMES: [&str; 2] = ["crusaders", "warrior-knights"];

macro_rules! each {
    ($self:expr, $m:ident => $body:expr) => {
        match $self {
            AnyGame::Crusaders($m) => $body,
            AnyGame::WarriorKnights($m) => $body,
        }
    };
}

fn illegal(reason: &IllegalReason) -> ApiError {
    match reason {
        IllegalReason::NotYourTurn => ApiError::NotYourTurn,
        IllegalReason::GameOver => ApiError::NotActive("over"),
        other => ApiError::Illegal(other.to_string()),
    }
}

fn new_match<G: Game>(config: &Value, seed: u64) -> Result<Match<G>, ApiError> {
    let c: G::Config = serde_json::from_value(config.clone())
        .map_err(|e| ApiError::InvalidTable(e.to_string()))?;
    Match::new(c, seed).map_err(|e| ApiError::InvalidTable(e.to_string()))
}

fn parse_action<G: Game>(canonical: &str) -> Result<G::Action, ApiError> {
    serde_json::from_str(canonical).map_err(|e| ApiError::Malformed(format!("action: {e}")))
}

fn check<G: Game>(m: &Match<G>, seat: Seat, action: &Value) -> Result<String, ApiError> {
    let a: G::Action = serde_json::from_value(action.clone())
        .map_err(|e| ApiError::Malformed(format!("action: {e}")))?;
    m.state().check(seat, &a).map_err(|r| illegal(&r))?;
    serde_json::to_string(&a).map_err(|e| ApiError::Internal(e.to_string()))
}

fn apply<G: Game>(m: &mut Match<G>, seat: Seat, canonical: &str) -> Result<(), ApiError> {
    let a = parse_action::<G>(canonical)?;
    m.apply(seat, a).map_err(|e| illegal(&e.reason))
}

fn legal<G: Game>(m: &Match<G>, seat: Seat) -> Vec<crate::protocol::Legal> {
    m.state()
        .legal_actions(seat)
        .iter()
        .map(|a| crate::protocol::Legal {
            action: serde_json::to_value(a).unwrap_or(Value::Null),
            label: m.state().describe_action(a),
        })
        .collect()
}

/// The longest a hint search may take, however slow the position.
const HINT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

fn hints<G: Hosted>(
    m: &Match<G>,
    seat: Seat,
    seed: u64,
    iterations: u64,
) -> (u64, Vec<crate::protocol::Hint>) {
    let cfg = ordo_ai::MctsConfig {
        budget: ordo_ai::Budget::Capped {
            iterations,
            time: HINT_TIME_LIMIT,
        },
        threads: 1,
        seed,
        ..ordo_ai::MctsConfig::default()
    };
    let stats = ordo_ai::analyse(m.state(), seat, &cfg, &G::Eval::default());
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

fn bot_decision<G: Hosted>(m: &Match<G>, spec: BotSpec, seat: Seat, seed: u64) -> Option<String> {
    let mut bot = G::bot(spec, seed);
    bot.decide(m.state(), seat)
        .and_then(|a| serde_json::to_string(&a).ok())
}

impl AnyGame {
    /// Starts a game from a game id, a config (JSON) and a seed.
    ///
    /// # Errors
    /// Unknown game or invalid config.
    pub fn new(game: &str, config: &Value, seed: u64) -> Result<AnyGame, ApiError> {
        match game {
            "crusaders" => Ok(AnyGame::Crusaders(Box::new(new_match(config, seed)?))),
            "warrior-knights" => Ok(AnyGame::WarriorKnights(Box::new(new_match(config, seed)?))),
            other => Err(ApiError::InvalidTable(format!(
                "unknown game `{other}` (known: {})",
                GAMES.join(", ")
            ))),
        }
    }

    /// The table's configuration as the game reads it, every default spelled out (the rules
    /// revision among them): what is stored, so a table keeps the rules it was created under.
    pub fn config_json(&self) -> Value {
        each!(self, m => serde_json::to_value(m.state().config()).unwrap_or(Value::Null))
    }

    /// Number of decisions applied.
    pub fn version(&self) -> u64 {
        each!(self, m => m.version())
    }

    /// Number of seats.
    pub fn seats(&self) -> u8 {
        each!(self, m => m.state().num_seats())
    }

    /// Whose decision it is.
    pub fn to_act(&self) -> ToAct {
        each!(self, m => m.state().to_act())
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
        each!(self, m => check(m, seat, action))
    }

    /// Applies a decision already checked (by [`AnyGame::check`]) and stored.
    ///
    /// # Errors
    /// The decision does not parse or is illegal (state unchanged).
    pub fn apply(&mut self, seat: Seat, canonical: &str) -> Result<(), ApiError> {
        each!(self, m => apply(m, seat, canonical))
    }

    /// A readable description of a decision about to be made now.
    pub fn describe(&self, canonical: &str) -> String {
        each!(self, m => serde_json::from_str(canonical)
            .map_or_else(|_| canonical.to_string(), |a| m.state().describe_action(&a)))
    }

    /// Whether `seat` making `canonical` now must stay hidden from the other viewers (see
    /// [`ordo_core::Game::is_secret_decision`]); an unreadable decision counts as secret.
    pub fn is_secret(&self, seat: Seat, canonical: &str) -> bool {
        each!(self, m => serde_json::from_str(canonical)
            .map_or(true, |a| m.state().is_secret_decision(seat, &a)))
    }

    /// Whether `seat` could take back `canonical` after making it now (see
    /// [`ordo_core::Game::can_take_back`]).
    pub fn can_take_back(&self, seat: Seat, canonical: &str) -> bool {
        each!(self, m => serde_json::from_str(canonical)
            .is_ok_and(|a| m.state().can_take_back(seat, &a)))
    }

    /// Strings that identify `seat`'s current secrets in its view (see
    /// [`ordo_core::Game::secrets_of`]); used to check that no other viewer receives them.
    pub fn secrets_of(&self, seat: Seat) -> Vec<String> {
        each!(self, m => m.state().secrets_of(seat))
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
            AnyGame::WarriorKnights(m) => AnyGame::WarriorKnights(Box::new(
                Match::new(*m.state().config(), m.record().seed)
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
        each!(self, m => serde_json::to_value(m.state().view(viewer)).unwrap_or(Value::Null))
    }

    /// The legal decisions of `seat` with readable labels.
    pub fn legal(&self, seat: Seat) -> Vec<crate::protocol::Legal> {
        each!(self, m => legal(m, seat))
    }

    /// The record, JSON.
    pub fn record(&self) -> Value {
        each!(self, m => serde_json::to_value(m.record()).unwrap_or(Value::Null))
    }

    /// The search bot's best decisions for `seat` with their estimated values (blocking: run it
    /// off the async runtime). The search sees only `seat`'s view of the game.
    pub fn hints(
        &self,
        seat: Seat,
        seed: u64,
        iterations: u64,
    ) -> (u64, Vec<crate::protocol::Hint>) {
        each!(self, m => hints(m, seat, seed, iterations))
    }

    /// A bot's decision for `seat`, JSON (blocking: run it off the async runtime).
    pub fn bot_decision(&self, spec: BotSpec, seat: Seat, seed: u64) -> Option<String> {
        each!(self, m => bot_decision(m, spec, seat, seed))
    }
}
