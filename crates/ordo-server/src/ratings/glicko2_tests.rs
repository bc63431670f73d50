//! The Glicko-2 arithmetic checked against the paper's worked example and by properties.

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
