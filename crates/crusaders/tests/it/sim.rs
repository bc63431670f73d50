//! Whole-game properties over many random games.

use crusaders::{Config, Crusaders, Variant};
use ordo_core::{Game, StableHasher, ToAct};

use crate::common::random_game;

fn digest(config: &Config, seeds: std::ops::Range<u64>) -> u64 {
    let hashes: Vec<u64> = seeds
        .map(|s| random_game(config, s).state().state_hash())
        .collect();
    StableHasher::hash_of(&hashes)
}

#[test]
fn same_seed_same_game_different_seed_different_game() {
    let c = Config {
        players: 3,
        ..Config::default()
    };
    assert_eq!(digest(&c, 0..20), digest(&c, 0..20));
    assert_ne!(digest(&c, 0..20), digest(&c, 20..40));
}

#[test]
fn every_game_ends_with_equal_turns_and_consistent_scores() {
    for players in 2..=4u8 {
        for (i, variant) in Variant::ALL.into_iter().enumerate() {
            let config = Config {
                players,
                variant,
                ..Config::default()
            };
            for seed in 0..30 {
                let m = random_game(&config, seed * 7 + i as u64);
                let g = m.state();
                let ToAct::Over(outcome) = g.to_act() else {
                    panic!("not over")
                };
                assert_eq!(
                    g.turns() % u32::from(players),
                    0,
                    "unequal turns: {}",
                    g.turns()
                );
                assert!(g.supply() <= 0, "ended with supply left");
                let f = g.final_scores().unwrap();
                for (s, b) in f.iter().enumerate() {
                    assert_eq!(
                        b.total,
                        b.influence + b.majorities.iter().sum::<i32>() + b.buildings
                    );
                    assert_eq!(outcome.scores[ordo_core::Seat(s as u8)], b.total);
                }
                // The winner has the highest score; ties go to the earlier seat in turn order.
                let w = outcome.winner();
                for (s, &score) in outcome.scores.iter() {
                    assert!(
                        score < outcome.scores[w]
                            || (score == outcome.scores[w] && g.turn_rank(w) <= g.turn_rank(s))
                    );
                }
            }
        }
    }
}

#[test]
fn views_never_show_the_deal_to_others_or_spectators() {
    let g = Crusaders::new_game(&Config::default(), 77).unwrap();
    let spectator = serde_json::to_string(&g.view(ordo_core::Viewer::Spectator)).unwrap();
    assert!(!spectator.contains("offered\":["), "{spectator}");
    for s in ordo_core::Seat::all(4) {
        let own = serde_json::to_string(&g.view(ordo_core::Viewer::Seat(s))).unwrap();
        assert_eq!(own.matches("\"offered\":[").count(), 1);
    }
}
