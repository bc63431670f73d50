//! Position evaluation.

use ordo_core::{Game, Seat, ToAct, MAX_SEATS};

/// A game-specific judgement of a position, from public information.
pub trait Evaluator<G: Game>: Send + Sync {
    /// A score-like estimate per seat (higher is better; comparable between seats).
    fn estimates(&self, state: &G) -> [f64; MAX_SEATS];

    /// The scale of estimate differences that roughly decides a game (for rewards).
    fn scale(&self) -> f64 {
        8.0
    }

    /// Estimated reward in `[0, 1]` per seat: finished games give the outcome's rewards; others
    /// a logistic of each seat's lead over its best opponent.
    fn rewards(&self, state: &G) -> [f64; MAX_SEATS] {
        let n = usize::from(state.num_seats());
        let mut out = [0.0; MAX_SEATS];
        if let ToAct::Over(o) = state.to_act() {
            for (s, r) in o.rewards().iter() {
                out[s.index()] = *r;
            }
            return out;
        }
        let est = self.estimates(state);
        for s in 0..n {
            let best_other = (0..n)
                .filter(|&o| o != s)
                .map(|o| est[o])
                .fold(f64::NEG_INFINITY, f64::max);
            let lead = est[s] - best_other;
            out[s] = 1.0 / (1.0 + (-lead / self.scale()).exp());
        }
        out
    }

    /// `seat`'s lead over its best opponent (for greedy play).
    fn lead(&self, state: &G, seat: Seat) -> f64 {
        let n = usize::from(state.num_seats());
        let est = match state.to_act() {
            ToAct::Over(o) => {
                let mut e = [0.0; MAX_SEATS];
                for (s, v) in o.scores.iter() {
                    e[s.index()] = f64::from(*v);
                }
                // A won game beats any estimate.
                e[o.winner().index()] += 1000.0;
                e
            }
            _ => self.estimates(state),
        };
        let s = seat.index();
        let best_other = (0..n)
            .filter(|&o| o != s)
            .map(|o| est[o])
            .fold(f64::NEG_INFINITY, f64::max);
        est[s] - best_other
    }
}

/// Any game: the current scores are the estimate.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreEval;

impl<G: Game> Evaluator<G> for ScoreEval {
    fn estimates(&self, state: &G) -> [f64; MAX_SEATS] {
        let mut out = [0.0; MAX_SEATS];
        for (s, v) in state.scores().iter() {
            out[s.index()] = f64::from(*v);
        }
        out
    }
}
