//! The contract, on random games of every Baron count.

use ordo_core::testing::{check_conformance, Conformance};

use crate::common::{arbitrary, configs, random_game};

#[test]
fn random_games_finish() {
    for c in configs() {
        for seed in 0..5 {
            let (g, n) = random_game(&c, seed);
            eprintln!(
                "{} barons seed {seed}: {n} decisions, {} rounds",
                c.barons,
                g.rounds()
            );
        }
    }
}

#[test]
fn conformance_every_baron_count() {
    let opts = Conformance {
        seeds: 0..4,
        ..Conformance::default()
    };
    let report = check_conformance::<warrior_knights::WarriorKnights>(&configs(), &opts, arbitrary);
    assert_eq!(report.games, 20);
}

#[test]
fn random_play_reaches_every_kind_of_decision() {
    use ordo_core::{Game, GameRng, Seat, ToAct};
    use std::collections::BTreeSet;
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for barons in 2..=6u8 {
        for seed in 0..6 {
            let c = warrior_knights::Config {
                barons,
                ..Default::default()
            };
            let mut g = warrior_knights::WarriorKnights::new_game(&c, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            loop {
                let seat = match g.to_act() {
                    ToAct::Seat(s) => s,
                    ToAct::Simultaneous(set) => {
                        let v: Vec<Seat> = set.iter().collect();
                        v[rng.index(v.len())]
                    }
                    ToAct::Over(_) => break,
                };
                let legal = g.legal_actions(seat);
                let a = legal[rng.index(legal.len())];
                let k = format!("{a:?}");
                let k = k.split(['(', ' ', '{']).next().unwrap().to_string();
                seen.insert(k);
                g.apply(seat, a).unwrap();
            }
        }
    }
    // Every decision of the game turns up in random play, except a few that need a particular
    // position (a stronghold taken, a Tithe law, a revolt bought off...), which the rules tests
    // build by hand.
    let all = [
        "PlaceStronghold",
        "AssignStart",
        "PlaceNoble",
        "Plan",
        "PlanDone",
        "Decline",
        "CarryOut",
        "DraftSpot",
        "AllocateTo",
        "MobilizeTo",
        "Move",
        "MoveAsk",
        "Sail",
        "Transfer",
        "TransferArmy",
        "EndMoves",
        "VersatileCrowns",
        "VersatileVote",
        "VersatileTrack",
        "VersatileBattle",
        "Attack",
        "NoBattle",
        "Assault",
        "Siege",
        "Fight",
        "Engage",
        "DiscardFate",
        "KeepFate",
        "RetreatTo",
        "Grant",
        "Refuse",
        "PayWages",
        "Dismiss",
        "Hire",
        "HireBundle",
        "NoHire",
        "AssignHire",
        "NoUpgrade",
        "Muster",
        "NoMuster",
        "EventTo",
        "EventTarget",
        "CancelEvent",
        "AcceptEvent",
        "Pledge",
        "StartExpedition",
        "NoExpedition",
        "Fund",
        "Bless",
        "NoBless",
        "Propose",
        "NextAgenda",
        "Commit",
        "Cast",
        "TieBreak",
        "AcceptAgenda",
        "RefuseAgenda",
        "OfficeTo",
        "DropCharge",
        "LetRevolt",
        "ReturnDone",
    ];
    let missing: Vec<&str> = all.iter().copied().filter(|k| !seen.contains(*k)).collect();
    assert!(missing.is_empty(), "never chosen: {missing:?}");
}
