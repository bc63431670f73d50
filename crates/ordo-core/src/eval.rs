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

    /// Search iterations per decision of the bot's strength levels (easy, medium, hard, max),
    /// weakest first: work, never time, so a level plays alike on any machine and any load.
    /// A game sets its own so that each level beats the one below it (measured with
    /// `ordo ladder`, published in `docs/bots.md`).
    const LEVEL_ITERATIONS: [u64; 4] = [250, 1_000, 4_000, 16_000];

    /// Decisions the search plays out after its tree before it judges a position, each made
    /// greedily by the seat deciding (the decision whose result the evaluation likes best for
    /// that seat); 0 judges the position at the leaf. A game whose evaluation cannot see what a
    /// plan leads to (cards laid face down now, carried out later) sees it this way.
    const GREEDY_ROLLOUT: u32 = 0;
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
