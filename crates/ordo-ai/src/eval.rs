//! Position evaluation.

use ordo_core::{Evaluate, Game, Seat, ToAct, MAX_SEATS};

/// What the bots read from a game's evaluation ([`Evaluate`]): rewards for a search's
/// backups and a seat's lead for greedy play. Every [`Evaluate`] is one.
pub trait Evaluator<G: Game>: Evaluate<G> {
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

impl<G: Game, E: Evaluate<G> + ?Sized> Evaluator<G> for E {}
