//! Criterion workloads for the Crusaders engine. Run with `cargo bench -p crusaders`.
//!
//! Every workload checks its own result (a fixed seed gives a fixed decision count and final
//! hash), so a broken engine cannot report a fast time.
#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use crusaders::{Config, Crusaders};
use ordo_core::{Game, GameRng, Seat, ToAct};

fn seat_to_act(g: &Crusaders) -> Option<Seat> {
    match g.to_act() {
        ToAct::Seat(s) => Some(s),
        ToAct::Simultaneous(set) => set.iter().next(),
        ToAct::Over(_) => None,
    }
}

/// Plays one random game; returns (decisions, final hash).
fn playout(config: &Config, seed: u64) -> (u64, u64) {
    let mut g = Crusaders::new_game(config, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    let mut n = 0;
    while let Some(seat) = seat_to_act(&g) {
        legal.clear();
        g.legal_actions_into(seat, &mut legal);
        g.apply_unchecked(seat, legal[rng.index(legal.len())]);
        n += 1;
    }
    (n, g.state_hash())
}

fn mid_game(players: u8) -> Crusaders {
    let config = Config {
        players,
        ..Config::default()
    };
    let mut g = Crusaders::new_game(&config, 99).unwrap();
    let mut rng = GameRng::from_seed(5);
    for _ in 0..300 {
        let Some(seat) = seat_to_act(&g) else { break };
        let legal = g.legal_actions(seat);
        g.apply_unchecked(seat, legal[rng.index(legal.len())]);
    }
    g
}

fn benches(c: &mut Criterion) {
    for players in [2u8, 4] {
        let config = Config {
            players,
            ..Config::default()
        };
        // Self-check: the same seed twice gives the same game.
        let expected = playout(&config, 7);
        assert_eq!(playout(&config, 7), expected, "engine is not deterministic");
        assert!(
            expected.0 > 100,
            "a random game is implausibly short: {expected:?}"
        );
        let mut g = c.benchmark_group("random_playout");
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("{players}p"), |b| {
            b.iter(|| {
                let r = playout(black_box(&config), 7);
                assert_eq!(r, expected);
                r
            })
        });
        g.finish();
    }
    let mid = mid_game(4);
    let seat = seat_to_act(&mid).unwrap();
    let n_legal = mid.legal_actions(seat).len();
    assert!(n_legal > 0);
    c.bench_function("legal_actions/mid_game_4p", |b| {
        b.iter(|| {
            let l = black_box(&mid).legal_actions(seat);
            assert_eq!(l.len(), n_legal);
            l
        })
    });
    c.bench_function("clone/mid_game_4p", |b| b.iter(|| black_box(&mid).clone()));
    let first = mid.legal_actions(seat)[0];
    c.bench_function("apply/mid_game_4p", |b| {
        b.iter_batched(
            || mid.clone(),
            |mut g| {
                g.apply(seat, first).unwrap();
                g
            },
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(all, benches);
criterion_main!(all);
