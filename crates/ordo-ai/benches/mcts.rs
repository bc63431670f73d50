//! MCTS iterations per second at a fixed mid-game Crusaders state, one and two threads.
//! Run with `cargo bench -p ordo-ai`.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use crusaders::CrusadersEval;
use crusaders::{Config, Crusaders};
use ordo_ai::{acting_seat, analyse, Budget, MctsConfig};
use ordo_core::{Game, GameRng};

fn mid_game() -> Crusaders {
    let mut g = Crusaders::new_game(
        &Config {
            players: 4,
            ..Config::default()
        },
        17,
    )
    .unwrap();
    let mut rng = GameRng::from_seed(17);
    for _ in 0..200 {
        let s = acting_seat(&g.to_act()).unwrap();
        let l = g.legal_actions(s);
        g.apply_unchecked(s, l[rng.index(l.len())]);
    }
    g
}

fn bench(c: &mut Criterion) {
    let g = mid_game();
    let seat = acting_seat(&g.to_act()).unwrap();
    let iterations = 20_000u64;
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations));
    for threads in [1usize, 2] {
        group.bench_function(format!("{iterations}it/{threads}threads"), |b| {
            b.iter(|| {
                let cfg = MctsConfig {
                    budget: Budget::Iterations(iterations),
                    threads,
                    // Two trees on one thread or on two: the same work, so the throughputs compare.
                    trees: 2,
                    ..MctsConfig::default()
                };
                let s = analyse(&g, seat, &cfg, &CrusadersEval::default());
                // A broken search cannot report a fast time: every iteration must be counted.
                assert_eq!(s.iterations, iterations);
                assert_eq!(
                    s.suggestions.iter().map(|x| x.visits).sum::<u64>(),
                    iterations
                );
                s
            })
        });
    }
    group.finish();
}

criterion_group!(all, bench);
criterion_main!(all);
