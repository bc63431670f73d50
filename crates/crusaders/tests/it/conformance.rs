//! The generic conformance harness over every player count, variant and order setting.

use crusaders::{Config, Crusaders, Order, Variant};
use ordo_core::testing::{check_conformance, Conformance};
use ordo_core::Game;

use crate::common::{all_configs, arbitrary, random_game};

#[test]
fn conformance_all_configs() {
    let opts = Conformance {
        seeds: 0..40,
        ..Conformance::default()
    };
    let report = check_conformance::<Crusaders>(&all_configs(), &opts, arbitrary);
    assert_eq!(report.games, all_configs().len() as u64 * 40);
    assert!(report.rejected > 10_000, "{report:?}");
}

#[test]
fn every_order_is_played_and_conforms() {
    // Knight Tournament lets seat choices cover every order; check that each order appears in
    // conforming games of the standard deal too.
    let mut seen = [0u32; 10];
    for seed in 0..300 {
        let m = random_game(&Config::default(), seed);
        for s in 0..4 {
            let v = m.state().view(ordo_core::Viewer::Spectator);
            if let Some(o) = v.seats[s].order {
                seen[o.index()] += 1;
            }
        }
    }
    for o in Order::BASE {
        assert!(
            seen[o.index()] > 20,
            "{o} played only {} times",
            seen[o.index()]
        );
    }
    let opts = Conformance {
        seeds: 0..150,
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
