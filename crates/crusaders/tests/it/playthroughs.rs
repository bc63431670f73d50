//! Golden playthroughs and decision-count ("perft") vectors.
//!
//! A playthrough lists, per step, who is to act, the legal decisions by name, the chosen one and
//! a hash of every viewer's view. Refresh with `UPDATE_EXPECT=1 cargo test -p crusaders` and
//! review the diff.

use std::fmt::Write as _;
use std::path::PathBuf;

use crusaders::{Config, Crusaders, Expansions, Variant};

const DI: Expansions = Expansions {
    divine_influence: true,
    crimson_amber: false,
};
const BOTH: Expansions = Expansions {
    divine_influence: true,
    crimson_amber: true,
};
use ordo_core::{Game, GameRng, Match, Seat, StableHasher, ToAct, Viewer};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("playthroughs")
}

fn check_file(name: &str, actual: &str) {
    let path = dir().join(name);
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::create_dir_all(dir()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_EXPECT=1 to create it)",
            path.display()
        )
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{} differs from the engine's playthrough at line {}:\n  expected: {}\n  actual:   {}\n(run with UPDATE_EXPECT=1 and review the diff if the change is intended)",
            path.display(),
            line + 1,
            expected.lines().nth(line).unwrap_or(""),
            actual.lines().nth(line).unwrap_or("")
        );
    }
}

fn playthrough(config: &Config, seed: u64, max_steps: usize) -> String {
    let mut m = Match::<Crusaders>::new(config.clone(), seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# crusaders playthrough: config {} seed {seed}",
        serde_json::to_string(config).unwrap()
    );
    let n = m.state().num_seats();
    for step in 0..max_steps {
        let to_act = m.state().to_act();
        let views: Vec<String> = Seat::all(n)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .map(|v| {
                format!(
                    "{:04x}",
                    StableHasher::hash_of(&serde_json::to_string(&m.state().view(v)).unwrap())
                        & 0xffff
                )
            })
            .collect();
        let seat = match &to_act {
            ToAct::Seat(s) => *s,
            ToAct::Simultaneous(set) => {
                let seats: Vec<Seat> = set.iter().collect();
                seats[rng.index(seats.len())]
            }
            ToAct::Over(o) => {
                let _ = writeln!(
                    out,
                    "{step}: over scores {:?} winner {} views {}",
                    o.scores,
                    o.winner().0,
                    views.join(" ")
                );
                break;
            }
        };
        let legal = m.state().legal_actions(seat);
        let chosen = legal[rng.index(legal.len())];
        let names: Vec<String> = legal.iter().map(|a| m.state().describe_action(a)).collect();
        let _ = writeln!(
            out,
            "{step}: {seat} of {:?} | {} legal: {} | chose: {} | views {}",
            to_act.seats().iter().map(|s| s.0).collect::<Vec<_>>(),
            legal.len(),
            names.join("; "),
            m.state().describe_action(&chosen),
            views.join(" ")
        );
        m.apply(seat, chosen).unwrap();
    }
    let _ = writeln!(out, "final state hash {:016x}", m.state().state_hash());
    out
}

#[test]
fn golden_playthroughs() {
    let cases = [
        (
            "standard_2p_seed1.txt",
            Config {
                players: 2,
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
                ..Config::default()
            },
            5,
            600,
        ),
    ];
    for (file, config, seed, steps) in cases {
        check_file(file, &playthrough(&config, seed, steps));
    }
}

/// Leaf counts of the decision tree to `depth`, the lowest pending seat acting at simultaneous
/// points.
fn perft(g: &Crusaders, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let seat = match g.to_act() {
        ToAct::Seat(s) => s,
        ToAct::Simultaneous(set) => match set.iter().next() {
            Some(s) => s,
            None => return 1,
        },
        ToAct::Over(_) => return 1,
    };
    g.legal_actions(seat)
        .into_iter()
        .map(|a| {
            let mut c = g.clone();
            c.apply_unchecked(seat, a);
            perft(&c, depth - 1)
        })
        .sum()
}

/// From a position after setup and a few random turns, so turn decisions are counted.
fn perft_position(config: &Config, seed: u64, warmup: usize) -> Crusaders {
    let mut g = Crusaders::new_game(config, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..warmup {
        let seat = match g.to_act() {
            ToAct::Seat(s) => s,
            ToAct::Simultaneous(set) => set.iter().next().unwrap(),
            ToAct::Over(_) => break,
        };
        let l = g.legal_actions(seat);
        g.apply_unchecked(seat, l[rng.index(l.len())]);
    }
    g
}

#[test]
fn perft_vectors() {
    let mut out =
        String::from("# config | seed | warm-up decisions | leaf counts at depth 1..=5\n");
    let cases = [
        (
            Config {
                players: 2,
                ..Config::default()
            },
            1u64,
            0usize,
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
                players: 3,
                variant: Variant::Unpredictable,
                ..Config::default()
            },
            2,
            60,
        ),
        (
            Config {
                players: 4,
                orders: false,
                ..Config::default()
            },
            3,
            80,
        ),
        (
            Config {
                players: 4,
                variant: Variant::KnightTournament,
                ..Config::default()
            },
            4,
            0,
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
                players: 3,
                expansions: DI,
                ..Config::default()
            },
            7,
            90,
        ),
    ];
    for (config, seed, warmup) in cases {
        let g = perft_position(&config, seed, warmup);
        let counts: Vec<String> = (1..=5).map(|d| perft(&g, d).to_string()).collect();
        let _ = writeln!(
            out,
            "{} | {seed} | {warmup} | {}",
            serde_json::to_string(&config).unwrap(),
            counts.join(" ")
        );
    }
    check_file("perft.txt", &out);
}
