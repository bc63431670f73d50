//! A hand-written evaluation of Warrior Knights positions from public facts.

use ordo_core::{Evaluate, Evaluated, Game, MAX_SEATS};

use crate::WarriorKnights;

/// Influence now, Influence the cities will bring before the pool runs dry, the threat of
/// seizing the Kingdom, and resources weighted by what they buy.
#[derive(Clone, Copy, Debug)]
pub struct WarriorKnightsEval {
    /// Value of a controlled city per remaining fraction of the pool.
    pub city: f64,
    /// Value of 100 troops on the board.
    pub troops: f64,
    /// Value of a crown.
    pub crown: f64,
}

impl Default for WarriorKnightsEval {
    fn default() -> Self {
        WarriorKnightsEval {
            city: 3.0,
            troops: 0.6,
            crown: 0.2,
        }
    }
}

impl Evaluated for WarriorKnights {
    type Eval = WarriorKnightsEval;
    // Each iteration plays 20 decisions greedily after the tree (a plan laid face down is
    // judged by what it leads to, not by the unchanged position), so an iteration costs far
    // more than in Crusaders and a game holds about four times the decisions: 4× steps from
    // 6, measured by `ordo ladder` (docs/bots.md).
    const LEVEL_ITERATIONS: [u64; 4] = [6, 25, 100, 400];
    const GREEDY_ROLLOUT: u32 = 20;
}

impl Evaluate<WarriorKnights> for WarriorKnightsEval {
    fn estimates(&self, g: &WarriorKnights) -> [f64; MAX_SEATS] {
        let n = g.num_seats();
        let (pool, start) = g.pool();
        let left = (f64::from(pool.max(0)) / f64::from(start.max(1))).clamp(0.0, 1.0);
        let need = f64::from(g.city_win_needs().max(1));
        let mut out = [0.0; MAX_SEATS];
        for s in 0..n {
            let m = g.summary(s);
            if m.eliminated {
                out[usize::from(s)] = -100.0;
                continue;
            }
            let kc = f64::from(m.kingdom_cities);
            let threat = 25.0 * (kc / need).powi(3);
            // *For Glory*: Knowledge buys Advancements (about 2 each); the Scholar buys more.
            let fg = g.glory_summary(s);
            let glory = 0.4 * f64::from(fg.knowledge)
                + f64::from(fg.advancements)
                + if fg.scholar { 0.5 } else { 0.0 };
            out[usize::from(s)] = f64::from(m.influence)
                + f64::from(m.cities) * (1.0 + self.city * left)
                + threat
                + self.troops * f64::from(m.troops_on_board) / 100.0
                + 0.5 * self.troops * f64::from(m.troops_off_board) / 100.0
                + self.crown * f64::from(m.crowns)
                + 0.3 * f64::from(m.faith)
                + 0.15 * f64::from(m.votes)
                + if m.stronghold { 0.0 } else { -3.0 }
                + glory;
        }
        out
    }

    fn scale(&self) -> f64 {
        6.0
    }
}
