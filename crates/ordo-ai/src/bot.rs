//! The bot interface, the random bot and bot specifications.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use ordo_core::{Evaluated, Game, GameRng, Seat, ToAct};

/// A line of play: who decides each step, and what.
pub type Line<A> = Vec<(Seat, A)>;

/// A player that decides for one seat.
///
/// A bot must only use what its seat may know: its own legal decisions, its view, and full states
/// sampled with [`Game::resample_from_view`]. The state is passed by reference because that is
/// where those doors are; the bots in this crate never read hidden parts of it directly.
pub trait Bot<G: Game>: Send {
    /// A short name for reports.
    fn name(&self) -> String;

    /// A decision for `seat`, or `None` if it has none.
    fn decide(&mut self, state: &G, seat: Seat) -> Option<G::Action>;

    /// [`Bot::decide`], with the line the bot expects after its decision (whoever decides each
    /// step; empty for a bot that does not look ahead): the bot's own "why".
    fn decide_explained(&mut self, state: &G, seat: Seat) -> Option<(G::Action, Line<G::Action>)> {
        self.decide(state, seat).map(|a| (a, Vec::new()))
    }
}

/// The seat whose decision comes next: the only one, or the lowest of several deciding at once.
pub fn acting_seat(to_act: &ToAct) -> Option<Seat> {
    match to_act {
        ToAct::Seat(s) => Some(*s),
        ToAct::Simultaneous(set) => set.iter().next(),
        ToAct::Over(_) => None,
    }
}

/// Uniformly random legal decisions.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::from_seed(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        let legal = state.legal_actions(seat);
        legal.get(self.rng.index(legal.len())).copied()
    }
}

/// A strength level of the search bot, defined by work (search iterations per decision), never
/// by time: a level plays the same decisions on a busy server as on an idle one, and a seeded
/// game is reproduced exactly. The budgets are spaced so that each level beats the one below it
/// head to head (measured by `ordo ladder`, published in `docs/bots.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The weakest search.
    Easy,
    /// A moderate search.
    Medium,
    /// A strong search.
    Hard,
    /// The strongest level offered.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The level's name (`easy`, `medium`, `hard`, `max`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// Search iterations per decision in game `G` ([`Evaluated::LEVEL_ITERATIONS`]).
    pub fn iterations<G: Evaluated>(self) -> u64 {
        G::LEVEL_ITERATIONS[self as usize]
    }
}

/// A bot chosen by name: `random`, `heuristic`, `mcts:<budget>` (`mcts:1s`, `mcts:250ms`,
/// `mcts:5000it`), or a strength [`Level`] `easy`, `medium`, `hard`, `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// [`RandomBot`].
    Random,
    /// [`crate::HeuristicBot`].
    Heuristic,
    /// [`crate::MctsBot`] at a strength level.
    Level(Level),
    /// [`crate::MctsBot`] with an iteration budget.
    MctsIterations(u64),
    /// [`crate::MctsBot`] with a time budget per decision.
    MctsTime(Duration),
}

/// A bot name that could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot `{0}` (expected random, heuristic, easy, medium, hard, max, mcts:<N>it, mcts:<N>ms or mcts:<N>s)")]
pub struct ParseBotError(pub String);

impl FromStr for BotSpec {
    type Err = ParseBotError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseBotError(s.to_string());
        match s.trim() {
            "random" => Ok(BotSpec::Random),
            "heuristic" => Ok(BotSpec::Heuristic),
            "easy" => Ok(BotSpec::Level(Level::Easy)),
            "medium" => Ok(BotSpec::Level(Level::Medium)),
            "hard" => Ok(BotSpec::Level(Level::Hard)),
            "max" => Ok(BotSpec::Level(Level::Max)),
            other => {
                let budget = other.strip_prefix("mcts:").ok_or_else(bad)?;
                if let Some(n) = budget.strip_suffix("it") {
                    n.parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .map(BotSpec::MctsIterations)
                        .ok_or_else(bad)
                } else if let Some(n) = budget.strip_suffix("ms") {
                    n.parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .map(|n| BotSpec::MctsTime(Duration::from_millis(n)))
                        .ok_or_else(bad)
                } else if let Some(n) = budget.strip_suffix('s') {
                    n.parse::<f64>()
                        .ok()
                        .filter(|&n| n > 0.0 && n < 3600.0)
                        .map(|n| BotSpec::MctsTime(Duration::from_secs_f64(n)))
                        .ok_or_else(bad)
                } else {
                    Err(bad())
                }
            }
        }
    }
}

impl BotSpec {
    /// Search iterations per decision in game `G`, for a search with a budget in work.
    pub fn iterations<G: Evaluated>(&self) -> Option<u64> {
        match self {
            BotSpec::Level(l) => Some(l.iterations::<G>()),
            BotSpec::MctsIterations(n) => Some(*n),
            _ => None,
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Heuristic => f.write_str("heuristic"),
            BotSpec::Level(l) => f.write_str(l.name()),
            BotSpec::MctsIterations(n) => write!(f, "mcts:{n}it"),
            BotSpec::MctsTime(d) => write!(f, "mcts:{}ms", d.as_millis()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_specs_parse() {
        assert_eq!(
            "mcts:1s".parse(),
            Ok(BotSpec::MctsTime(Duration::from_secs(1)))
        );
        assert_eq!(
            "mcts:250ms".parse(),
            Ok(BotSpec::MctsTime(Duration::from_millis(250)))
        );
        assert_eq!("mcts:5000it".parse(), Ok(BotSpec::MctsIterations(5000)));
        assert_eq!("heuristic".parse(), Ok(BotSpec::Heuristic));
        assert!("mcts:0it".parse::<BotSpec>().is_err());
        assert!("mcts:xs".parse::<BotSpec>().is_err());
        assert!("alphazero".parse::<BotSpec>().is_err());
        assert_eq!(BotSpec::MctsIterations(7).to_string(), "mcts:7it");
        for l in Level::ALL {
            assert_eq!(l.name().parse(), Ok(BotSpec::Level(l)));
            assert_eq!(BotSpec::Level(l).to_string(), l.name());
        }
        // Levels are work budgets, strictly growing.
        assert!(Level::ALL
            .windows(2)
            .all(|w| w[0].iterations::<ordo_core::example::BidGame>()
                < w[1].iterations::<ordo_core::example::BidGame>()));
    }
}
