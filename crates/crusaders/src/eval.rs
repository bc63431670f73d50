//! A hand-written evaluation of Crusaders positions, from public information only.

use ordo_core::{Evaluate, Evaluated, Game, Seat, MAX_SEATS};

use crate::{majority, Crusaders, EnemyKind};

/// Estimates each seat's final Influence: collected Influence, the majority awards the current
/// defeated piles would earn, level-IV scoring already secured, and the future value of the
/// engine (troops, uncovered bonuses, knights on the map, upgraded wedges, tokens gathered on the
/// wheel), weighted by how much of the game is left.
#[derive(Clone, Copy, Debug)]
pub struct CrusadersEval {
    /// Weight of a face-up troop.
    pub troop: f64,
    /// Weight of one point of permanent bonus.
    pub bonus: f64,
    /// Weight of a knight on the map.
    pub knight: f64,
    /// Weight of an upgraded wedge.
    pub upgraded: f64,
    /// Weight of the sum of squared tokens per wedge (big actions later).
    pub tokens_sq: f64,
    /// Weight of a Divine Influence tile held.
    pub tile: f64,
}

impl Default for CrusadersEval {
    fn default() -> Self {
        CrusadersEval {
            troop: 2.0,
            bonus: 1.6,
            knight: 1.5,
            upgraded: 1.2,
            tokens_sq: 0.12,
            tile: 0.8,
        }
    }
}

impl Evaluated for Crusaders {
    type Eval = CrusadersEval;
    // Each level about 5× the work of the one below, the top one 8× (the search's gains
    // flatten at large budgets): spaced by `ordo ladder` (docs/bots.md).
    const LEVEL_ITERATIONS: [u64; 4] = [200, 1_000, 5_000, 40_000];
}

impl Evaluate<Crusaders> for CrusadersEval {
    fn estimates(&self, g: &Crusaders) -> [f64; MAX_SEATS] {
        let n = g.num_seats();
        let mut out = [0.0; MAX_SEATS];
        if let Some(f) = g.final_scores() {
            for (i, b) in f.iter().enumerate() {
                out[i] = f64::from(b.total);
            }
            return out;
        }
        let sums: Vec<_> = Seat::all(n).map(|s| g.summary(s)).collect();
        let left =
            (f64::from(g.supply().max(0)) / f64::from(g.initial_supply().max(1))).clamp(0.0, 1.0);
        let mut majorities = [0i32; MAX_SEATS];
        for kind in EnemyKind::ALL {
            let counts: Vec<u8> = sums.iter().map(|s| s.defeated[kind.index()]).collect();
            for (m, a) in majorities.iter_mut().zip(majority(&counts)) {
                *m += a;
            }
        }
        let tiles: Vec<u8> = sums.iter().map(|s| s.tiles).collect();
        let tile_maj = majority(&tiles);
        for (i, s) in sums.iter().enumerate() {
            let mut v = f64::from(s.influence) + f64::from(majorities[i]);
            // Level-IV scoring already secured (castle, church, farm, bank rows).
            let level4 = |k: usize| s.off[k] & 0b1000 != 0;
            if level4(0) {
                v += 4.0 * f64::from(*s.defeated.iter().min().unwrap_or(&0));
            }
            if level4(1) {
                v += 6.0;
            }
            if level4(2) {
                v += f64::from(s.knights_on_map) + f64::from(s.troops_up);
            }
            if level4(3) {
                v += 4.0 * (0..8).filter(|&k| level4(k)).count() as f64;
            }
            if s.tiles > 0 {
                v += f64::from(tile_maj.get(i).copied().unwrap_or(0))
                    + f64::from(s.end_tiles) * f64::from(s.tiles);
            }
            let bonus: u32 = s.bonus.iter().map(|&b| u32::from(b)).sum();
            let sq: u32 = s.tokens.iter().map(|&t| u32::from(t) * u32::from(t)).sum();
            let engine = self.troop * f64::from(s.troops_up)
                + self.bonus * f64::from(bonus)
                + self.knight * f64::from(s.knights_on_map)
                + self.upgraded * f64::from(s.upgraded)
                + self.tokens_sq * f64::from(sq)
                + self.tile * f64::from(s.one_shot);
            v += left * engine;
            out[i] = v;
        }
        out
    }
}
