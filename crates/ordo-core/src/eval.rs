//! Position evaluation: a game's judgement of a position from public information, which the
//! bots (heuristic and search) build on.

use crate::game::Game;
use crate::seat::MAX_SEATS;

/// A game-specific judgement of a position, from public information only.
pub trait Evaluate<G: Game>: Send + Sync {
    /// A score-like estimate per seat (higher is better; comparable between seats).
    fn estimates(&self, state: &G) -> [f64; MAX_SEATS];

    /// The scale of estimate differences that roughly decides a game (for rewards).
    fn scale(&self) -> f64 {
        8.0
    }
}

/// A game with its own evaluation: what every bot of the game judges positions with.
pub trait Evaluated: Game {
    /// The game's evaluation.
    type Eval: Evaluate<Self> + Default + Clone + std::fmt::Debug;
}

/// Any game: the current scores are the estimate.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreEval;

impl<G: Game> Evaluate<G> for ScoreEval {
    fn estimates(&self, state: &G) -> [f64; MAX_SEATS] {
        let mut out = [0.0; MAX_SEATS];
        for (s, v) in state.scores().iter() {
            out[s.index()] = f64::from(*v);
        }
        out
    }
}
