//! The generic conformance harness over every player count, variant, order setting and
//! expansion combination.

use crusaders::{Config, Crusaders, Order, Variant};
use ordo_core::testing::{check_conformance, Conformance};
use ordo_core::{Game, Viewer};

use crate::common::{all_configs, arbitrary, expansion_configs, random_game, EXPANSIONS};

#[test]
fn conformance_base_game_all_configs() {
    let opts = Conformance {
        seeds: 0..60,
        ..Conformance::default()
    };
    let report = check_conformance::<Crusaders>(&all_configs(), &opts, arbitrary);
    assert_eq!(report.games, all_configs().len() as u64 * 60);
    assert!(report.rejected > 10_000, "{report:?}");
}

#[test]
fn conformance_every_expansion_combination_and_player_count() {
    let opts = Conformance {
        seeds: 0..25,
        ..Conformance::default()
    };
    let configs = expansion_configs();
    let report = check_conformance::<Crusaders>(&configs, &opts, arbitrary);
    assert_eq!(report.games, configs.len() as u64 * 25);
}

#[test]
fn every_order_is_played_and_conforms() {
    // Every order of every box turns up in dealt games.
    for expansions in EXPANSIONS {
        let deck: Vec<Order> = Order::ALL
            .into_iter()
            .filter(|o| {
                Order::BASE.contains(o)
                    || (expansions.divine_influence && Order::DIVINE_INFLUENCE.contains(o))
                    || (expansions.crimson_amber && Order::CRIMSON_AMBER.contains(o))
            })
            .collect();
        let players = if expansions.crimson_amber { 6 } else { 4 };
        let config = Config {
            players,
            expansions,
            ..Config::default()
        };
        let mut seen = [0u32; 16];
        for seed in 0..200 {
            let m = random_game(&config, seed);
            let v = m.state().view(Viewer::Spectator);
            for p in &v.seats {
                if let Some(o) = p.order {
                    seen[o.index()] += 1;
                }
            }
        }
        for o in deck {
            assert!(
                seen[o.index()] > 20,
                "{o} played only {} times with {expansions:?}",
                seen[o.index()]
            );
        }
    }
    let opts = Conformance {
        seeds: 0..100,
        illegal_samples: 2,
        all_listed_every: 3,
        views_every: 3,
    };
    let configs = [Config {
        players: 4,
        variant: Variant::KnightTournament,
        ..Config::default()
    }];
    check_conformance::<Crusaders>(&configs, &opts, arbitrary);
}
