//! Ratings of a fixed set of players from pairwise results: the Bradley–Terry model on the Elo
//! scale, fitted by maximum likelihood, with 95% intervals from the observed information.
//!
//! Player `i` beats `j` with probability `1 / (1 + 10^((r_j - r_i) / 400))`. One player is the
//! anchor (its rating is fixed); the others are measured against it. A set of results where one
//! player won every game it played has no finite maximum, so the fit can add a prior: `prior`
//! virtual drawn games between each pair of players neighbouring in the given order (the
//! ladder's order), which keeps every rating finite and moves it little once there are real
//! games.

use serde::{Deserialize, Serialize};

/// One result between two players: `score` is what `a` scored (1 win, ½ draw, 0 loss), `weight`
/// how much the game counts (1 for a two-player game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// First player.
    pub a: usize,
    /// Second player.
    pub b: usize,
    /// `a`'s score: 1, 0.5 or 0.
    pub score: f64,
    /// The result's weight.
    pub weight: f64,
}

/// A fitted rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    /// Rating on the Elo scale.
    pub rating: f64,
    /// Half the width of the 95% interval (0 for the anchor, whose rating is fixed).
    pub interval: f64,
}

/// Elo points per natural unit of the logistic model.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// Fits ratings for `players` players from `results`; player `anchor` is fixed at
/// `anchor_rating`. `prior` virtual draws are added between players `i` and `i + 1`.
///
/// Returns `None` when the results do not connect every player to the anchor (and `prior` is
/// 0), or the fit does not converge.
pub fn fit(
    players: usize,
    results: &[Pairing],
    anchor: usize,
    anchor_rating: f64,
    prior: f64,
) -> Option<Vec<Rated>> {
    if players == 0 || anchor >= players {
        return None;
    }
    let mut games: Vec<Pairing> = results
        .iter()
        .copied()
        .filter(|p| p.a < players && p.b < players && p.a != p.b && p.weight > 0.0)
        .collect();
    if prior > 0.0 {
        for i in 1..players {
            games.push(Pairing {
                a: i - 1,
                b: i,
                score: 0.5,
                weight: prior,
            });
        }
    }
    // The free players (all but the anchor) and their index in the reduced system.
    let free: Vec<usize> = (0..players).filter(|&i| i != anchor).collect();
    let slot = |i: usize| free.iter().position(|&f| f == i);
    let m = free.len();
    let mut theta = vec![0.0f64; players];
    let mut info = vec![vec![0.0f64; m]; m];
    for _ in 0..200 {
        let mut grad = vec![0.0f64; m];
        for row in &mut info {
            row.iter_mut().for_each(|x| *x = 0.0);
        }
        for g in &games {
            let p = 1.0 / (1.0 + (theta[g.b] - theta[g.a]).exp());
            let w = g.weight;
            let d = w * (g.score - p);
            let v = w * p * (1.0 - p);
            if let Some(i) = slot(g.a) {
                grad[i] += d;
                info[i][i] += v;
            }
            if let Some(j) = slot(g.b) {
                grad[j] -= d;
                info[j][j] += v;
            }
            if let (Some(i), Some(j)) = (slot(g.a), slot(g.b)) {
                info[i][j] -= v;
                info[j][i] -= v;
            }
        }
        let step = solve(&info, &grad)?;
        let mut largest = 0.0f64;
        for (k, &i) in free.iter().enumerate() {
            // Damped: no step over 2 natural units (≈ 350 Elo) while far from the optimum.
            let s = step[k].clamp(-2.0, 2.0);
            theta[i] += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-10 {
            let cov = invert(&info)?;
            return Some(
                (0..players)
                    .map(|i| Rated {
                        rating: anchor_rating + SCALE * theta[i],
                        interval: slot(i).map_or(0.0, |k| 1.959_964 * SCALE * cov[k][k].sqrt()),
                    })
                    .collect(),
            );
        }
    }
    None
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut r = row.clone();
            r.push(v);
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                if f != 0.0 {
                    for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                        *x -= f * p;
                    }
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// The inverse of `a`, column by column; `None` if `a` is singular.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut cols = Vec::with_capacity(n);
    for j in 0..n {
        let e: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i == j))).collect();
        cols.push(solve(a, &e)?);
    }
    Some(
        (0..n)
            .map(|i| (0..n).map(|j| cols[j][i]).collect())
            .collect(),
    )
}

/// The expected score of a player rated `a` against one rated `b`.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(a: usize, b: usize, wins: u32, losses: u32) -> Vec<Pairing> {
        let one = |score| Pairing {
            a,
            b,
            score,
            weight: 1.0,
        };
        (0..wins)
            .map(|_| one(1.0))
            .chain((0..losses).map(|_| one(0.0)))
            .collect()
    }

    #[test]
    fn two_players_match_the_closed_form() {
        // 75 wins of 100: the maximum-likelihood gap is 400·log10(3) ≈ 190.85 Elo, and the
        // interval follows from the binomial variance p(1-p)/n on the logit scale.
        let r = fit(2, &games(1, 0, 75, 25), 0, 1500.0, 0.0).unwrap();
        assert_eq!(r[0].rating, 1500.0);
        assert_eq!(r[0].interval, 0.0);
        assert!(
            (r[1].rating - (1500.0 + 400.0 * 3f64.log10())).abs() < 1e-6,
            "{r:?}"
        );
        let se = SCALE / (100.0f64 * 0.75 * 0.25).sqrt();
        assert!((r[1].interval - 1.959_964 * se).abs() < 1e-6, "{r:?}");
        assert!((expected(r[1].rating, r[0].rating) - 0.75).abs() < 1e-9);
    }

    #[test]
    fn a_chain_is_ordered_and_intervals_grow_away_from_the_anchor() {
        let mut all = games(1, 0, 70, 30);
        all.extend(games(2, 1, 70, 30));
        let r = fit(3, &all, 0, 1000.0, 0.0).unwrap();
        assert!(r[0].rating < r[1].rating && r[1].rating < r[2].rating);
        assert!((r[2].rating - r[1].rating - (r[1].rating - r[0].rating)).abs() < 1e-6);
        assert!(r[2].interval > r[1].interval);
    }

    #[test]
    fn a_clean_sweep_needs_the_prior_and_stays_finite_with_it() {
        let sweep = games(1, 0, 40, 0);
        assert!(fit(2, &sweep, 0, 0.0, 0.0).is_none());
        let r = fit(2, &sweep, 0, 0.0, 1.0).unwrap();
        // 40.5 of 41 (one virtual draw): 400·log10(40.5 / 0.5).
        assert!((r[1].rating - 400.0 * 81f64.log10()).abs() < 1e-6, "{r:?}");
        assert!(r[1].interval.is_finite());
    }

    #[test]
    fn unconnected_players_are_refused() {
        assert!(fit(3, &games(1, 0, 5, 5), 0, 0.0, 0.0).is_none());
        assert!(fit(0, &[], 0, 0.0, 0.0).is_none());
        assert!(fit(2, &[], 2, 0.0, 0.0).is_none());
    }
}
