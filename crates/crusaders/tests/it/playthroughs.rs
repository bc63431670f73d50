//! Golden playthroughs and decision-count ("perft") vectors.
//!
//! A playthrough lists, per step, who is to act, the legal decisions by name, the chosen one and
//! a hash of every viewer's view (written by `ordo_core::testing::playthrough`). Refresh with `UPDATE_EXPECT=1 cargo test -p crusaders` and
//! review the diff.

use std::path::PathBuf;

use crusaders::{Config, Crusaders, Expansions, Variant};
use ordo_core::testing::{check_golden, playthrough};

const DI: Expansions = Expansions {
    divine_influence: true,
    crimson_amber: false,
};
const BOTH: Expansions = Expansions {
    divine_influence: true,
    crimson_amber: true,
};

fn check_file(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("playthroughs")
        .join(name);
    check_golden(&path, actual);
}

#[test]
fn golden_playthroughs() {
    let cases = [
        (
            "standard_2p_seed1.txt",
            Config {
                players: 2,
                rules: 2,
                ..Config::default()
            },
            1,
            usize::MAX,
        ),
        (
            "tournament_3p_seed2.txt",
            Config {
                players: 3,
                variant: Variant::KnightTournament,
                rules: 2,
                ..Config::default()
            },
            2,
            400,
        ),
        (
            "learning_4p_seed3.txt",
            Config {
                players: 4,
                variant: Variant::Learning,
                orders: false,
                rules: 2,
                ..Config::default()
            },
            3,
            400,
        ),
        (
            "divine_influence_4p_seed4.txt",
            Config {
                players: 4,
                expansions: DI,
                rules: 2,
                ..Config::default()
            },
            4,
            600,
        ),
        (
            "crimson_amber_6p_seed5.txt",
            Config {
                players: 6,
                expansions: BOTH,
                rules: 2,
                ..Config::default()
            },
            5,
            600,
        ),
        // Rules revision 3 (C2, D18, E2): the printed supply, the Order of the Dragon beside
        // any building, the shared-building rule at five players only.
        (
            "standard_2p_seed1_r3.txt",
            Config {
                players: 2,
                ..Config::default()
            },
            1,
            usize::MAX,
        ),
        (
            "divine_influence_4p_seed4_r3.txt",
            Config {
                players: 4,
                expansions: DI,
                ..Config::default()
            },
            4,
            600,
        ),
        (
            "crimson_amber_6p_seed5_r3.txt",
            Config {
                players: 6,
                expansions: BOTH,
                ..Config::default()
            },
            5,
            600,
        ),
        (
            "crimson_amber_5p_seed8_r3.txt",
            Config {
                players: 5,
                expansions: BOTH,
                ..Config::default()
            },
            8,
            600,
        ),
    ];
    // The goldens written under revision 2 stay exactly as they were: old games replay.
    for (file, config, seed, steps) in cases {
        check_file(file, &playthrough::<Crusaders>(&config, seed, steps));
    }
}

#[test]
fn perft_vectors() {
    let cases = [
        (
            Config {
                players: 2,
                rules: 2,
                ..Config::default()
            },
            1u64,
            0usize,
        ),
        (
            Config {
                players: 2,
                rules: 2,
                ..Config::default()
            },
            1,
            40,
        ),
        (
            Config {
                players: 3,
                variant: Variant::Unpredictable,
                rules: 2,
                ..Config::default()
            },
            2,
            60,
        ),
        (
            Config {
                players: 4,
                orders: false,
                rules: 2,
                ..Config::default()
            },
            3,
            80,
        ),
        (
            Config {
                players: 4,
                variant: Variant::KnightTournament,
                rules: 2,
                ..Config::default()
            },
            4,
            0,
        ),
        (
            Config {
                players: 5,
                expansions: BOTH,
                rules: 2,
                ..Config::default()
            },
            6,
            120,
        ),
        (
            Config {
                players: 3,
                expansions: DI,
                rules: 2,
                ..Config::default()
            },
            7,
            90,
        ),
        (
            Config {
                players: 2,
                ..Config::default()
            },
            1,
            40,
        ),
        (
            Config {
                players: 5,
                expansions: BOTH,
                ..Config::default()
            },
            6,
            120,
        ),
        (
            Config {
                players: 6,
                expansions: BOTH,
                ..Config::default()
            },
            9,
            150,
        ),
    ];
    check_file(
        "perft.txt",
        &ordo_core::testing::perft_vectors::<Crusaders>(&cases, 5),
    );
}
