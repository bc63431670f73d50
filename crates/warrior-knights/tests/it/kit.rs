//! The test kit of `ordo_core::testing`: golden playthroughs, perft vectors and the
//! arbitrary-bytes fuzz. Every config pins `rules: 3`, so these files stay valid when a later
//! rules revision becomes the default; refresh with `UPDATE_EXPECT=1 cargo test -p
//! warrior-knights --test it kit` and review the diff.

use std::path::PathBuf;

use ordo_core::testing::{check_golden, fuzz_bytes, playthrough, seeded_bytes, FuzzReport};
use warrior_knights::{Config, Length, Optional, WarriorKnights};

fn file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("playthroughs")
        .join(name)
}

/// Revision 3, `barons` Barons, standard length, no optional rules.
fn r3(barons: u8) -> Config {
    Config {
        barons,
        length: Length::Standard,
        optional: Optional::default(),
        rules: 3,
        data: None,
    }
}

/// Revision 3 with optional rules on.
fn r3_optional() -> Config {
    Config {
        length: Length::Shorter,
        optional: Optional {
            open_private_motions: true,
            exchanging_heirs: false,
            the_king: false,
            missions: false,
            player_elimination: true,
            might_is_right: false,
            abandoned_nobles: true,
            miracles_can_happen: true,
            two_barons_need_five_cities: false,
            for_glory: false,
        },
        ..r3(3)
    }
}

#[test]
fn golden_playthroughs() {
    let cases = [
        ("barons2_seed1_r3.txt", r3(2), 1, 400),
        ("barons4_seed2_r3.txt", r3(4), 2, 400),
        ("barons6_seed3_r3.txt", r3(6), 3, 400),
        ("optional_3b_seed4_r3.txt", r3_optional(), 4, 400),
    ];
    for (name, config, seed, steps) in cases {
        check_golden(
            &file(name),
            &playthrough::<WarriorKnights>(&config, seed, steps),
        );
    }
}

#[test]
fn perft_vectors() {
    let cases = [
        (r3(2), 1u64, 0usize),
        (r3(2), 1, 60),
        (r3(4), 2, 120),
        (r3(6), 3, 200),
        (r3_optional(), 4, 150),
    ];
    check_golden(
        &file("perft_r3.txt"),
        &ordo_core::testing::perft_vectors::<WarriorKnights>(&cases, 3),
    );
}

#[test]
fn fuzz_arbitrary_bytes() {
    let mut total = FuzzReport::default();
    for seed in 0..30u64 {
        let config = if seed % 5 == 4 {
            r3_optional()
        } else {
            r3(2 + (seed % 5) as u8)
        };
        let r = fuzz_bytes::<WarriorKnights>(&config, seed, &seeded_bytes(seed, 1500));
        total.accepted += r.accepted;
        total.refused += r.refused;
        total.unparsed += r.unparsed;
    }
    assert!(
        total.accepted > 500 && total.refused > 100 && total.unparsed > 100,
        "{total:?}"
    );
}

/// The bench's workload (`benches/warrior_knights.rs`) gives its pinned result in the test
/// suite too, so a change of engine behaviour shows here before anyone benchmarks.
#[test]
fn bench_workload_is_pinned() {
    ordo_core::testing::check_workload::<WarriorKnights>(
        &r3(4),
        7,
        100_000,
        (4317, 0x4d64_9d55_8a53_4362),
    );
}
