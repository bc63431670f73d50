//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! glicko.net/glicko/glicko2.pdf).
//!
//! A rating is kept on the familiar Glicko scale (centred on 1500) together with its rating
//! deviation (how uncertain the rating is) and its volatility (how erratic the player's results
//! are). `update` applies one rating period, following steps 1 to 8 of the paper exactly,
//! including the Illinois-algorithm iteration for the new volatility (step 5 of the paper).
//!
//! Multi-player results count as pairwise outcomes by place: a seat that finished ahead of another
//! seat beat it (score 1), one that finished level with it drew (score 0.5) and one that finished
//! behind it lost (score 0). `update_table` rates a whole table that way, every seat against
//! every other seat's pre-game rating, all in one rating period.
//!
//! Pure, std-only arithmetic: no I/O, no state and no panics.

use std::cmp::Ordering;
use std::f64::consts::PI;

/// Ratio between the Glicko scale and the Glicko-2 scale (step 2 of the paper).
const SCALE: f64 = 173.7178;

/// The rating that the Glicko scale is centred on: 0 on the Glicko-2 scale.
const CENTRE: f64 = 1500.0;

/// A new player's rating deviation, and the largest deviation a rating may ever have.
const MAX_DEVIATION: f64 = 350.0;

/// A new player's volatility (the paper's suggested starting value).
const NEW_VOLATILITY: f64 = 0.06;

/// The system constant tau, which constrains how fast the volatility can change (the paper
/// suggests a value between 0.3 and 1.2).
pub(crate) const TAU: f64 = 0.5;

/// Convergence tolerance of the volatility iteration (step 5 of the paper).
const EPSILON: f64 = 0.000_001;

/// Safety cap on the iterations of each loop in step 5, so that degenerate inputs (such as
/// non-finite ratings) cannot loop forever; well-formed inputs converge in a handful of steps.
const MAX_ITERATIONS: u32 = 1000;

/// A player's Glicko-2 rating, expressed on the Glicko (1500-centred) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::struct_field_names)] // `Rating::rating` is the established name.
pub(crate) struct Rating {
    /// The rating itself (1500 for a new player).
    pub(crate) rating: f64,
    /// The rating deviation, the uncertainty of `rating` (350 for a new player, never above).
    pub(crate) deviation: f64,
    /// The volatility, the expected fluctuation of the player's strength (0.06 for a new player).
    pub(crate) volatility: f64,
}

impl Rating {
    /// The rating of a player who has never played: 1500, deviation 350, volatility 0.06.
    pub(crate) const fn new_player() -> Self {
        Self {
            rating: CENTRE,
            deviation: MAX_DEVIATION,
            volatility: NEW_VOLATILITY,
        }
    }

    /// The rating on the Glicko-2 scale (the paper's mu).
    fn mu(self) -> f64 {
        (self.rating - CENTRE) / SCALE
    }

    /// The deviation on the Glicko-2 scale (the paper's phi).
    fn phi(self) -> f64 {
        self.deviation / SCALE
    }
}

/// One game of a rating period, seen from the rated player's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Game {
    /// The opponent's rating at the start of the rating period.
    pub(crate) opponent: Rating,
    /// The rated player's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub(crate) score: f64,
}

/// The paper's g function of an opponent's deviation phi (step 3): how much a game against an
/// uncertain opponent is discounted.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The paper's E function (step 3): the expected score of a player at `mu` against an opponent
/// at `mu_j` whose g value is `g_j`.
fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

/// The two sums over a rating period's games in steps 3 and 4 of the paper, from each game's
/// (g of the opponent's deviation, expected score E, actual score s): the sum of g² E (1 - E),
/// whose inverse is v, and the sum of g (s - E), which times v is delta.
fn sums(games: impl IntoIterator<Item = (f64, f64, f64)>) -> (f64, f64) {
    games
        .into_iter()
        .fold((0.0, 0.0), |(information, surprise), (g_j, e_j, score)| {
            (
                information + g_j * g_j * e_j * (1.0 - e_j),
                surprise + g_j * (score - e_j),
            )
        })
}

/// The intermediate quantities of one rating period with at least one informative game, all on
/// the Glicko-2 scale and named as in the paper.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Period {
    /// Step 3: the estimated variance of the player's rating based on game outcomes only.
    v: f64,
    /// Step 4: the estimated improvement in rating.
    delta: f64,
    /// Step 5: the new volatility sigma'.
    sigma: f64,
    /// Step 6: the pre-rating-period deviation phi*.
    phi_star: f64,
    /// Step 7: the new deviation phi'.
    phi: f64,
    /// Step 7: the new rating mu'.
    mu: f64,
}

/// Steps 3 to 7 of the paper for `player` and the rating period's `games`. `None` when the
/// games carry no information (there are none, or every expected score rounds to exactly 0 or 1),
/// in which case only the deviation grows.
fn period(player: Rating, games: &[Game], tau: f64) -> Option<Period> {
    // Step 2: convert to the Glicko-2 scale.
    let mu = player.mu();
    let phi = player.phi();
    let sigma = player.volatility;

    // Steps 3 and 4: v, and the sum that gives delta (and, in step 7, the new mu).
    let (information, surprise) = sums(games.iter().map(|game| {
        let g_j = g(game.opponent.phi());
        (g_j, expected(mu, game.opponent.mu(), g_j), game.score)
    }));
    if !(information > 0.0 && information.is_finite()) {
        return None;
    }
    let v = 1.0 / information;
    let delta = v * surprise;

    // Step 5: the new volatility.
    let new_sigma = volatility(phi, sigma, v, delta, tau);

    // Step 6: the deviation grows by the new volatility.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();

    // Step 7: the new deviation and rating.
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * surprise;

    Some(Period {
        v,
        delta,
        sigma: new_sigma,
        phi_star,
        phi: new_phi,
        mu: new_mu,
    })
}

/// Step 5 of the paper: the new volatility sigma', the root of f found by the Illinois algorithm
/// (a regula falsi variant) to within `EPSILON`. A `tau` that is not a positive finite number
/// keeps the volatility unchanged, as would a volatility that is not positive and finite.
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    if !(tau > 0.0 && tau.is_finite() && sigma > 0.0 && sigma.is_finite()) {
        return sigma;
    }
    // Step 5.1.
    let a = (sigma * sigma).ln();
    let delta_sq = delta * delta;
    let phi_sq = phi * phi;
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi_sq + v + ex;
        ex * (delta_sq - phi_sq - v - ex) / (2.0 * denominator * denominator)
            - (x - a) / (tau * tau)
    };

    // Step 5.2: the initial bracket.
    let mut big_a = a;
    let mut big_b = if delta_sq > phi_sq + v {
        (delta_sq - phi_sq - v).ln()
    } else {
        let mut k = 1.0;
        let mut steps = 0;
        while f(a - k * tau) < 0.0 && steps < MAX_ITERATIONS {
            k += 1.0;
            steps += 1;
        }
        a - k * tau
    };

    // Step 5.3.
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);

    // Step 5.4: narrow the bracket until it is within the tolerance.
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < MAX_ITERATIONS {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        if !big_c.is_finite() {
            break;
        }
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
        steps += 1;
    }

    // Step 5.5.
    let new_sigma = (big_a / 2.0).exp();
    if new_sigma.is_finite() && new_sigma > 0.0 {
        new_sigma
    } else {
        sigma
    }
}

/// The player's rating after one rating period in which they played `games` (each against the
/// opponent's rating at the start of the period), with system constant `tau` (normally [`TAU`]).
///
/// Follows steps 1 to 8 of the paper. With no games (or only games whose outcome was certain)
/// the rating and volatility stay and only the deviation grows: phi* = sqrt(phi² + sigma²). The
/// resulting deviation is clamped to at most 350.
pub(crate) fn update(player: Rating, games: &[Game], tau: f64) -> Rating {
    let (mu, phi, sigma) = if let Some(p) = period(player, games, tau) {
        (p.mu, p.phi, p.sigma)
    } else {
        let phi = player.phi();
        let sigma = player.volatility;
        (player.mu(), (phi * phi + sigma * sigma).sqrt(), sigma)
    };
    // Step 8: back to the Glicko scale.
    Rating {
        rating: SCALE * mu + CENTRE,
        deviation: (SCALE * phi).min(MAX_DEVIATION),
        volatility: sigma,
    }
}

/// The pairwise outcomes of a multi-player game from its final `places` (0 = first; equal places
/// are ties): for each seat i, the list of (opponent seat j, score of i against j) for every other
/// seat j, in seat order. The score is 1 if i placed better (lower) than j, 0.5 if they placed
/// equal and 0 if i placed worse.
pub(crate) fn pairwise(places: &[u8]) -> Vec<Vec<(usize, f64)>> {
    places
        .iter()
        .enumerate()
        .map(|(i, place)| {
            places
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(j, other)| {
                    let score = match place.cmp(other) {
                        Ordering::Less => 1.0,
                        Ordering::Equal => 0.5,
                        Ordering::Greater => 0.0,
                    };
                    (j, score)
                })
                .collect()
        })
        .collect()
}

/// Every seat's new rating after a multi-player game: `players` are the seats' ratings before the
/// game and `places` their final places (0 = first; equal places are ties).
///
/// Multi-player results count as pairwise outcomes by place (see [`pairwise`]): each seat is
/// rated, in one rating period with system constant `tau`, as having played one game against
/// every other seat, scored by place, against that seat's PRE-game rating, so the order in which
/// seats are rated does not matter. If `players` and `places` differ in length the result is
/// `players` unchanged.
pub(crate) fn update_table(players: &[Rating], places: &[u8], tau: f64) -> Vec<Rating> {
    if players.len() != places.len() {
        return players.to_vec();
    }
    players
        .iter()
        .zip(pairwise(places))
        .map(|(&player, outcomes)| {
            let games: Vec<Game> = outcomes
                .iter()
                .filter_map(|&(j, score)| players.get(j).map(|&opponent| Game { opponent, score }))
                .collect();
            update(player, &games, tau)
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "glicko2_tests.rs"]
mod tests;
