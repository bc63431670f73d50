//! Old rules revisions replay and continue exactly as they were played.
//!
//! Each pinned digest covers, for a random game, every seat to act, every legal decision list,
//! every decision taken, the final ranking and each Baron's public facts at the end. A rules fix
//! goes in as a new revision; these digests were taken before it and must never change.

use ordo_core::{Game, GameRng, Seat, StableHasher, ToAct};
use std::hash::Hasher;
use warrior_knights::{Config, WarriorKnights};

/// Digest of a random game under `config` (the same walk as before revision 4 existed).
pub(crate) fn digest(config: &Config, seed: u64) -> String {
    let mut g = WarriorKnights::new_game(config, seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0x0dd_5eed);
    let mut h = StableHasher::default();
    let mut n = 0u32;
    loop {
        let seat = match g.to_act() {
            ToAct::Seat(s) => s,
            ToAct::Simultaneous(set) => {
                let v: Vec<Seat> = set.iter().collect();
                v[rng.index(v.len())]
            }
            ToAct::Over(o) => {
                for (s, p) in o.places.iter() {
                    h.write_u8(s.0);
                    h.write_u8(*p);
                    h.write_i32(o.scores[s]);
                }
                for s in 0..g.num_seats() {
                    let m = g.summary(s);
                    h.write(format!("{m:?}").as_bytes());
                }
                return format!("{:016x} {n} {}", h.finish(), g.rounds());
            }
        };
        let legal = g.legal_actions(seat);
        h.write_u8(seat.0);
        for a in legal.iter() {
            h.write(serde_json::to_string(a).unwrap().as_bytes());
        }
        let a = legal[rng.index(legal.len())];
        g.apply(seat, a).unwrap();
        n += 1;
    }
}

fn config(barons: u8, rules: u8) -> Config {
    Config {
        barons,
        rules,
        ..Config::default()
    }
}

/// (barons, revision, seed, digest decisions rounds): revisions 1–3 taken before revision 4,
/// revision 4 before revision 5.
const PINNED: &[(u8, u8, u64, &str)] = &[
    (2, 1, 3, "4dd68b3a626f3637 2223 59"),
    (2, 1, 11, "d7fa33083733fc0b 2397 59"),
    (3, 1, 3, "84677295f8cb2e2c 3328 59"),
    (3, 1, 11, "87e4bb85ed2222a6 3883 59"),
    (4, 1, 3, "59692ed16d505b9f 4188 59"),
    (4, 1, 11, "1742e29a196b2ee6 4484 59"),
    (5, 1, 3, "dd7b36ba55e26de0 5568 59"),
    (5, 1, 11, "a2798fd28045d2b8 5701 59"),
    (6, 1, 3, "d3ac315e762ecdb2 7068 59"),
    (6, 1, 11, "a2f420968c76a569 6872 59"),
    (2, 2, 3, "5a02070b191b081d 2365 59"),
    (2, 2, 11, "9deeaebc5eee442f 2382 59"),
    (3, 2, 3, "9c16e662b65d85e4 3377 59"),
    (3, 2, 11, "440b4a6e6dda7a36 3644 59"),
    (4, 2, 3, "86d086863ebd15b5 4318 59"),
    (4, 2, 11, "66f918a73f0a1fa4 4466 59"),
    (5, 2, 3, "0e191abaea0baf07 5207 59"),
    (5, 2, 11, "ed07cf030bb437b4 3789 39"),
    (6, 2, 3, "1224d4eed0d4b2a0 6143 59"),
    (6, 2, 11, "e1217f0e707dca2c 6786 59"),
    (2, 3, 3, "5a02070b191b081d 2365 59"),
    (2, 3, 11, "9deeaebc5eee442f 2382 59"),
    (3, 3, 3, "9c16e662b65d85e4 3377 59"),
    (3, 3, 11, "440b4a6e6dda7a36 3644 59"),
    (4, 3, 3, "86d086863ebd15b5 4318 59"),
    (4, 3, 11, "66f918a73f0a1fa4 4466 59"),
    (5, 3, 3, "0e191abaea0baf07 5207 59"),
    (5, 3, 11, "ed07cf030bb437b4 3789 39"),
    (6, 3, 3, "1224d4eed0d4b2a0 6143 59"),
    (6, 3, 11, "e1217f0e707dca2c 6786 59"),
    (2, 4, 3, "5a02070b191b081d 2365 59"),
    (2, 4, 11, "9deeaebc5eee442f 2382 59"),
    (3, 4, 3, "9c16e662b65d85e4 3377 59"),
    (3, 4, 11, "440b4a6e6dda7a36 3644 59"),
    (4, 4, 3, "86d086863ebd15b5 4318 59"),
    (4, 4, 11, "66f918a73f0a1fa4 4466 59"),
    (5, 4, 3, "0e191abaea0baf07 5207 59"),
    (5, 4, 11, "ed07cf030bb437b4 3789 39"),
    (6, 4, 3, "1224d4eed0d4b2a0 6143 59"),
    (6, 4, 11, "f1ac8fb6175542db 6838 59"),
];

#[test]
fn old_revisions_replay_as_pinned() {
    let mut actual = Vec::new();
    for rules in 1..=4u8 {
        for barons in 2..=6u8 {
            for seed in [3u64, 11] {
                actual.push((barons, rules, seed, digest(&config(barons, rules), seed)));
            }
        }
    }
    if std::env::var_os("PRINT_PINS").is_some() {
        for (b, r, s, d) in &actual {
            println!("    ({b}, {r}, {s}, \"{d}\"),");
        }
    }
    assert_eq!(actual.len(), PINNED.len());
    for ((b, r, s, d), (pb, pr, ps, pd)) in actual.iter().zip(PINNED) {
        assert_eq!((b, r, s), (pb, pr, ps));
        assert_eq!(d, pd, "{b} Barons, revision {r}, seed {s}");
    }
}
