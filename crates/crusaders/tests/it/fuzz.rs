//! Property tests: arbitrary bytes drive decisions; nothing panics, and a decision is accepted
//! exactly when it is listed.

use crusaders::{Action, Config, Crusaders, Variant};
use ordo_core::{replay_json, Game, GameRng, Seat};
use proptest::prelude::*;

use crate::common::arbitrary;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn bytes_drive_games_without_panics(seed in any::<u64>(), bytes in proptest::collection::vec(any::<u8>(), 0..600), players in 2u8..=4, v in 0usize..5) {
        let config = Config { players, variant: Variant::ALL[v], ..Config::default() };
        let mut g = Crusaders::new_game(&config, seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for chunk in bytes.chunks(2) {
            let seat = Seat(chunk[0] % 5);
            let legal = g.legal_actions(seat);
            let a = if chunk.len() > 1 && chunk[1] % 3 == 0 || legal.is_empty() {
                arbitrary(&g, &mut rng)
            } else {
                legal[usize::from(chunk.get(1).copied().unwrap_or(0)) % legal.len()]
            };
            let listed = legal.contains(&a);
            let before = g.clone();
            let res = g.apply(seat, a);
            prop_assert_eq!(res.is_ok(), listed);
            if res.is_err() {
                prop_assert!(g == before);
            }
        }
    }

    #[test]
    fn malformed_records_are_typed_errors(text in ".{0,200}") {
        let _ = replay_json::<Crusaders>(&text);
    }

    #[test]
    fn mutated_records_never_panic(seed in 0u64..50, cut in 0usize..400, junk in any::<u8>()) {
        let m = crate::common::random_game(&Config { players: 2, ..Config::default() }, seed);
        let mut json = serde_json::to_string(m.record()).unwrap();
        let at = cut.min(json.len().saturating_sub(1));
        if json.is_char_boundary(at) {
            json.insert(at, char::from(junk % 128));
        }
        let _ = replay_json::<Crusaders>(&json);
    }
}

#[test]
fn an_illegal_record_names_the_offending_decision() {
    let m = crate::common::random_game(
        &Config {
            players: 2,
            ..Config::default()
        },
        3,
    );
    let mut record = m.record().clone();
    record.steps[10].action = Action::SkipTurn;
    let json = serde_json::to_string(&record).unwrap();
    let err = replay_json::<Crusaders>(&json).err().unwrap();
    let text = err.to_string();
    assert!(text.contains("decision #10"), "{text}");
}

/// The kit's arbitrary-bytes fuzz: listed picks, other seats' decisions and raw (often broken)
/// action JSON, on every variant; refusals leave the state hash unchanged.
#[test]
fn kit_fuzz_on_seeded_bytes() {
    use ordo_core::testing::{fuzz_bytes, seeded_bytes, FuzzReport};
    let mut total = FuzzReport::default();
    for seed in 0..40u64 {
        let config = Config {
            players: 2 + (seed % 3) as u8,
            variant: Variant::ALL[(seed % 5) as usize],
            ..Config::default()
        };
        let r = fuzz_bytes::<Crusaders>(&config, seed, &seeded_bytes(seed, 1500));
        total.accepted += r.accepted;
        total.refused += r.refused;
        total.unparsed += r.unparsed;
    }
    assert!(
        total.accepted > 1000 && total.refused > 100 && total.unparsed > 100,
        "{total:?}"
    );
}
