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
mod tests {
    use super::*;

    /// A rating on the Glicko scale with the new-player volatility.
    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: NEW_VOLATILITY,
        }
    }

    /// The paper's example: a 1500/200/0.06 player against 1400/30 (win), 1550/100 (loss) and
    /// 1700/300 (loss).
    fn paper_example() -> (Rating, Vec<Game>) {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let games = vec![
            Game {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        (player, games)
    }

    #[test]
    fn paper_example_intermediate_values() {
        let (player, games) = paper_example();

        // Step 3's table: g(phi_j) to the paper's 4 decimals and E to its 3.
        let printed = [(0.9955, 0.639), (0.9531, 0.432), (0.7242, 0.303)];
        for (game, (g_printed, e_printed)) in games.iter().zip(printed) {
            let g_j = g(game.opponent.phi());
            let e_j = expected(player.mu(), game.opponent.mu(), g_j);
            assert!((g_j - g_printed).abs() < 0.000_05, "g = {g_j}");
            assert!((e_j - e_printed).abs() < 0.0005, "E = {e_j}");
        }

        // The paper computes v = 1.7785 and delta = -0.4834 from that rounded table; so do we.
        let (information, surprise) = sums(
            printed
                .iter()
                .zip([1.0, 0.0, 0.0])
                .map(|(&(g_j, e_j), s)| (g_j, e_j, s)),
        );
        let v = 1.0 / information;
        assert!(
            (v - 1.7785).abs() < 0.000_05,
            "v from the printed table = {v}"
        );
        assert!(
            (v * surprise - -0.4834).abs() < 0.000_05,
            "delta from the printed table = {}",
            v * surprise
        );

        let p = period(player, &games, 0.5).unwrap();
        // Unrounded, v = 1.778977 and delta = -0.483933 (the paper's 1.7785 and -0.4834 differ
        // only by the rounding of its table).
        assert!((p.v - 1.778_977).abs() < 0.000_000_5, "v = {}", p.v);
        assert!(
            (p.delta - -0.483_933).abs() < 0.000_000_5,
            "delta = {}",
            p.delta
        );
        assert!((p.v - 1.7785).abs() < 0.001 && (p.delta - -0.4834).abs() < 0.001);

        // Step 5: sigma' = 0.0599960; the paper prints 0.05999 (its last digit truncated, not
        // rounded: the iteration gives 0.059996 from the paper's own rounded v and delta too).
        assert!(
            (p.sigma - 0.059_996_0).abs() < 0.000_000_05,
            "sigma' = {}",
            p.sigma
        );
        assert!((p.sigma - 0.05999).abs() < 0.000_01, "sigma' = {}", p.sigma);
        let from_printed = volatility(1.1513, 0.06, 1.7785, -0.4834, 0.5);
        assert!(
            (from_printed - 0.059_996_0).abs() < 0.000_000_5,
            "sigma' = {from_printed}"
        );

        // Step 6: phi* = 1.152862 in the paper, from phi rounded to 1.1513; unrounded 1.152855.
        let phi_star_printed = (1.1513_f64.powi(2) + from_printed.powi(2)).sqrt();
        assert!(
            (phi_star_printed - 1.152_862).abs() < 0.000_000_5,
            "phi* = {phi_star_printed}"
        );
        assert!(
            (p.phi_star - 1.152_855).abs() < 0.000_000_5,
            "phi* = {}",
            p.phi_star
        );

        // Step 7: mu' = -0.2069 and phi' = 0.8722, exactly as the paper prints them.
        assert!((p.mu - -0.2069).abs() < 0.000_05, "mu' = {}", p.mu);
        assert!((p.phi - 0.8722).abs() < 0.000_05, "phi' = {}", p.phi);
    }

    #[test]
    fn paper_example_new_rating() {
        let (player, games) = paper_example();
        let new = update(player, &games, 0.5);

        // Step 8: RD' = 151.52, to the paper's printed 2 decimals.
        assert!(
            (new.deviation - 151.52).abs() < 0.005,
            "RD' = {}",
            new.deviation
        );
        // r' = 1464.05; the paper prints 1464.06 because it converts mu' after rounding it to
        // -0.2069 (which this reproduces), so the two agree within that rounding
        // (0.000 05 × 173.7178 ≈ 0.009).
        assert!((new.rating - 1464.06).abs() < 0.01, "r' = {}", new.rating);
        assert!((SCALE * -0.2069 + CENTRE - 1464.06).abs() < 0.005);
        // sigma' = 0.05999 with its last digit truncated (see the intermediate values test).
        assert!(
            (new.volatility - 0.05999).abs() < 0.000_01,
            "sigma' = {}",
            new.volatility
        );

        // Full precision: the same digits independent implementations of the algorithm produce.
        assert!(
            (new.rating - 1_464.050_670_5).abs() < 0.000_000_5,
            "r' = {}",
            new.rating
        );
        assert!(
            (new.deviation - 151.516_524_1).abs() < 0.000_000_5,
            "RD' = {}",
            new.deviation
        );
        assert!(
            (new.volatility - 0.059_995_984_3).abs() < 0.000_000_000_5,
            "sigma' = {}",
            new.volatility
        );
    }

    #[test]
    fn no_games_only_the_deviation_grows() {
        let player = Rating {
            rating: 1620.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let new = update(player, &[], TAU);
        assert!((new.rating - 1620.0).abs() < 1e-9);
        assert!((new.volatility - 0.06).abs() < 1e-15);
        let phi = 200.0 / SCALE;
        let expected = SCALE * (phi * phi + 0.06 * 0.06).sqrt();
        assert!(
            (new.deviation - expected).abs() < 1e-9,
            "RD' = {}",
            new.deviation
        );
        assert!(new.deviation > 200.0);
        // 200 grows to about 200.27.
        assert!(
            (new.deviation - 200.2714).abs() < 0.0005,
            "RD' = {}",
            new.deviation
        );

        // A new player's deviation is already the maximum: it stays at 350.
        let new = update(Rating::new_player(), &[], TAU);
        assert_eq!(new.rating.to_bits(), 1500.0_f64.to_bits());
        assert_eq!(new.deviation.to_bits(), 350.0_f64.to_bits());
    }

    #[test]
    fn pairwise_scores_by_place() {
        let outcomes = pairwise(&[1, 0, 1, 2]);
        assert_eq!(
            outcomes,
            vec![
                vec![(1, 0.0), (2, 0.5), (3, 1.0)],
                vec![(0, 1.0), (2, 1.0), (3, 1.0)],
                vec![(0, 0.5), (1, 0.0), (3, 1.0)],
                vec![(0, 0.0), (1, 0.0), (2, 0.0)],
            ]
        );
        for (i, row) in outcomes.iter().enumerate() {
            assert_eq!(row.len(), 3);
            for &(j, score) in row {
                assert_ne!(i, j);
                let back = outcomes[j].iter().find(|&&(k, _)| k == i).unwrap().1;
                assert!((score + back - 1.0).abs() < 1e-15, "seats {i} and {j}");
            }
        }
        assert!(pairwise(&[]).is_empty());
        assert_eq!(pairwise(&[0]), vec![Vec::new()]);
    }

    #[test]
    fn two_new_players_move_symmetrically() {
        let players = [Rating::new_player(), Rating::new_player()];
        let new = update_table(&players, &[0, 1], TAU);
        assert_eq!(new.len(), 2);
        let gain = new[0].rating - 1500.0;
        let loss = 1500.0 - new[1].rating;
        assert!(gain > 0.0, "winner {}", new[0].rating);
        assert!((gain - loss).abs() < 1e-9, "gain {gain}, loss {loss}");
        for seat in &new {
            assert!(seat.deviation < 350.0, "RD' = {}", seat.deviation);
        }
        assert!((new[0].deviation - new[1].deviation).abs() < 1e-9);
        assert!((new[0].volatility - new[1].volatility).abs() < 1e-12);

        // A draw between equals changes neither rating.
        let drawn = update_table(&players, &[0, 0], TAU);
        for seat in &drawn {
            assert!((seat.rating - 1500.0).abs() < 1e-9);
            assert!(seat.deviation < 350.0);
        }
    }

    #[test]
    fn four_player_winner_never_goes_down() {
        // A small deterministic generator (64-bit LCG) for a spread of tables.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            f64::from(u32::try_from(state >> 40).unwrap()) / f64::from(1_u32 << 24)
        };
        let places_options: [[u8; 4]; 5] = [
            [0, 1, 2, 3],
            [3, 2, 1, 0],
            [0, 1, 1, 2],
            [1, 0, 2, 2],
            [2, 3, 0, 1],
        ];
        for round in 0..2000 {
            let players: Vec<Rating> = (0..4)
                .map(|_| Rating {
                    rating: 800.0 + 1400.0 * next(),
                    deviation: 30.0 + 320.0 * next(),
                    volatility: 0.03 + 0.06 * next(),
                })
                .collect();
            let places = places_options[round % places_options.len()];
            let new = update_table(&players, &places, TAU);
            assert_eq!(new.len(), 4);
            for (seat, (before, after)) in players.iter().zip(&new).enumerate() {
                assert!(after.deviation <= 350.0);
                assert!(after.rating.is_finite() && after.volatility > 0.0);
                if places[seat] == 0 && places.iter().rposition(|&p| p == 0) == Some(seat) {
                    assert!(
                        after.rating > before.rating,
                        "winner {before:?} -> {after:?} in {players:?} places {places:?}"
                    );
                }
                if places[seat] == 3 {
                    assert!(after.rating < before.rating, "last place went up");
                }
            }
        }

        // The weakest player winning against three much stronger ones, and the strongest winning
        // against three much weaker ones: both still go up (or at the very least not down).
        let weak_wins = [
            rating(900.0, 50.0),
            rating(2200.0, 50.0),
            rating(2200.0, 50.0),
            rating(2300.0, 50.0),
        ];
        let new = update_table(&weak_wins, &[0, 1, 2, 3], TAU);
        assert!(new[0].rating > 900.0);
        let strong_wins = [
            rating(2700.0, 40.0),
            rating(1000.0, 40.0),
            rating(900.0, 40.0),
            rating(800.0, 40.0),
        ];
        let new = update_table(&strong_wins, &[0, 1, 2, 3], TAU);
        assert!(new[0].rating >= 2700.0);
    }

    #[test]
    fn mismatched_lengths_leave_ratings_unchanged() {
        let players = [Rating::new_player(), rating(1600.0, 80.0)];
        assert_eq!(update_table(&players, &[0], TAU), players.to_vec());
    }
}
