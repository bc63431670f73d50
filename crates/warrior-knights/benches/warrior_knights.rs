//! Criterion workloads for the Warrior Knights engine. Run with `cargo bench -p warrior-knights`.
//!
//! The playout asserts its pinned decision count and final state hash (the same pin as the test
//! `kit::bench_workload_is_pinned`), so a bench that silently measures something else fails.
#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ordo_core::testing::{check_workload, first_to_act, perft_position};
use ordo_core::Game;
use warrior_knights::{Config, WarriorKnights};

/// Rules revision 3, four Barons: pinned so a new default revision does not move the workload.
fn config() -> Config {
    Config {
        barons: 4,
        rules: 3,
        ..Config::default()
    }
}

/// (decisions, final state hash) of the seed-7 random game.
const PINNED: (u64, u64) = (4317, 0x4d64_9d55_8a53_4362);

fn benches(c: &mut Criterion) {
    let config = config();
    check_workload::<WarriorKnights>(&config, 7, 100_000, PINNED);
    let mut g = c.benchmark_group("random_playout");
    g.throughput(Throughput::Elements(PINNED.0));
    g.bench_function("4_barons", |b| {
        b.iter(|| check_workload::<WarriorKnights>(black_box(&config), 7, 100_000, PINNED))
    });
    g.finish();

    let mid = perft_position::<WarriorKnights>(&config, 99, 600);
    let seat = first_to_act(&mid).unwrap();
    let legal = mid.legal_actions(seat);
    assert!(!legal.is_empty());
    c.bench_function("legal_actions/mid_game_4b", |b| {
        b.iter(|| {
            let l = black_box(&mid).legal_actions(seat);
            assert_eq!(l.len(), legal.len());
            l
        })
    });
    c.bench_function("clone/mid_game_4b", |b| b.iter(|| black_box(&mid).clone()));
    let first = legal[0];
    c.bench_function("apply/mid_game_4b", |b| {
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
