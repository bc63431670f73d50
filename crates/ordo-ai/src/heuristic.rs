//! Greedy play over an evaluator, looking ahead through the rest of the bot's own turn.

use ordo_core::{Game, GameRng, Seat};

use crate::bot::{acting_seat, Bot};
use crate::eval::Evaluator;

/// Greedy over a hand-written evaluation: each legal decision is tried on a sampled state, the
/// rest of the bot's own consecutive decisions are completed greedily one step at a time, and the
/// decision whose result leads its best opponent by the most is chosen.
#[derive(Debug, Clone)]
pub struct HeuristicBot<E> {
    eval: E,
    rng: GameRng,
    /// Own decisions completed greedily after the candidate (the rest of the turn).
    pub horizon: u32,
}

impl<E> HeuristicBot<E> {
    /// A heuristic bot over `eval`, seeded for tie-breaks and sampling.
    pub fn new(eval: E, seed: u64) -> Self {
        HeuristicBot {
            eval,
            rng: GameRng::from_seed(seed),
            horizon: 12,
        }
    }
}

fn greedy_step<G: Game, E: Evaluator<G>>(eval: &E, state: &G, seat: Seat) -> Option<G::Action> {
    let mut best: Option<(f64, G::Action)> = None;
    for a in state.legal_actions(seat) {
        let mut c = state.clone();
        c.apply_unchecked(seat, a);
        let v = eval.lead(&c, seat);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a)
}

/// Completes `seat`'s consecutive decisions greedily, at most `horizon` of them.
fn complete_turn<G: Game, E: Evaluator<G>>(eval: &E, state: &mut G, seat: Seat, horizon: u32) {
    for _ in 0..horizon {
        if acting_seat(&state.to_act()) != Some(seat) {
            return;
        }
        match greedy_step(eval, state, seat) {
            Some(a) => state.apply_unchecked(seat, a),
            None => return,
        }
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for HeuristicBot<E> {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn decide(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        let legal = state.legal_actions(seat);
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let sample = state.resample_from_view(seat, &mut self.rng);
        let mut best: Vec<G::Action> = Vec::new();
        let mut best_v = f64::NEG_INFINITY;
        for a in legal {
            let mut c = sample.clone();
            c.apply_unchecked(seat, a);
            complete_turn(&self.eval, &mut c, seat, self.horizon);
            let v = self.eval.lead(&c, seat);
            if v > best_v + 1e-9 {
                best_v = v;
                best.clear();
                best.push(a);
            } else if (v - best_v).abs() <= 1e-9 {
                best.push(a);
            }
        }
        let i = self.rng.index(best.len());
        best.get(i).copied()
    }
}
