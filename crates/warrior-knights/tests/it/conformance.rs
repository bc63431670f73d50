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
    // The full checks: every listed decision tried on a clone every 7 steps, views, secrets and
    // resampling every 5 steps.
    let opts = Conformance {
        seeds: 0..20,
        ..Conformance::default()
    };
    let report = check_conformance::<warrior_knights::WarriorKnights>(&configs(), &opts, arbitrary);
    assert_eq!(report.games, 100);
    assert!(
        report.rejected > 1000 && report.views > 10_000,
        "{report:?}"
    );
}

#[test]
fn conformance_on_two_thousand_games() {
    // Lighter checks on many more games: views, secrets and resampling every 60 steps.
    let opts = Conformance {
        seeds: 100..500,
        illegal_samples: 1,
        all_listed_every: 97,
        views_every: 60,
    };
    let report = check_conformance::<warrior_knights::WarriorKnights>(&configs(), &opts, arbitrary);
    assert_eq!(report.games, 2000);
}

#[test]
fn conformance_with_every_option() {
    use warrior_knights::{Config, Length, Optional};
    let mut configs = Vec::new();
    for barons in 2..=6u8 {
        configs.push(Config {
            barons,
            length: [Length::Shorter, Length::Longer, Length::Longest][usize::from(barons) % 3],
            optional: Optional {
                open_private_motions: true,
                exchanging_heirs: barons != 4,
                player_elimination: barons % 2 == 0,
                might_is_right: barons == 3,
                abandoned_nobles: true,
                miracles_can_happen: true,
                two_barons_need_five_cities: barons == 2,
                the_king: barons == 4 || barons == 6,
                missions: barons != 3,
                // Refused until every part is built (docs/research/crown-and-glory.md §10);
                // the rules tests play it meanwhile.
                for_glory: false,
            },
            // Stored games of the first revision must go on playing by its rules.
            rules: if barons == 5 {
                1
            } else {
                warrior_knights::RULES_LATEST
            },
            data: None,
        });
    }
    let opts = Conformance {
        seeds: 0..12,
        ..Conformance::default()
    };
    let report = check_conformance::<warrior_knights::WarriorKnights>(&configs, &opts, arbitrary);
    assert_eq!(report.games, 60);
    // Gifts (crowns, and heirs with Exchanging Heirs) and offers are made out of turn throughout.
    assert!(report.free > 500, "{report:?}");
}

#[test]
fn the_king_is_crowned_and_ends_the_game_at_its_threshold_in_random_games() {
    use ordo_core::testing::{check_conformance, Conformance};
    use ordo_core::{Game, GameRng, Seat, ToAct};
    use warrior_knights::{Config, Length, Optional};
    let configs: Vec<Config> = (2..=6u8)
        .map(|barons| Config {
            barons,
            length: [Length::Shorter, Length::Standard, Length::Longer][usize::from(barons) % 3],
            optional: Optional {
                the_king: true,
                missions: barons % 2 == 0,
                exchanging_heirs: barons == 5,
                player_elimination: barons == 6,
                ..Optional::default()
            },
            ..Config::default()
        })
        .collect();
    let opts = Conformance {
        seeds: 0..8,
        ..Conformance::default()
    };
    let report = check_conformance::<warrior_knights::WarriorKnights>(&configs, &opts, arbitrary);
    assert_eq!(report.games, 40);
    // Random play: Kings are crowned, some are usurped, and the games end at the threshold.
    let (mut crowned, mut usurped, mut ended_at_threshold) = (0, 0, 0);
    for c in &configs {
        for seed in 0..20u64 {
            let mut g = warrior_knights::WarriorKnights::new_game(c, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut king: Option<u8> = None;
            loop {
                let v = g.view(ordo_core::Viewer::Spectator);
                let k = v.the_king.as_ref().unwrap();
                if k.king.is_some() && king.is_none() {
                    crowned += 1;
                } else if k.king.is_some() && k.king != king {
                    usurped += 1;
                }
                king = k.king;
                let seat = match g.to_act() {
                    ToAct::Seat(s) => s,
                    ToAct::Simultaneous(set) => {
                        let v: Vec<Seat> = set.iter().collect();
                        v[rng.index(v.len())]
                    }
                    ToAct::Over(_) => {
                        let end = u16::from(k.end_at);
                        if v.barons.iter().any(|b| b.influence >= end) {
                            ended_at_threshold += 1;
                        }
                        break;
                    }
                };
                let legal = g.legal_actions(seat);
                let a = legal[rng.index(legal.len())];
                g.apply(seat, a).unwrap();
            }
        }
    }
    eprintln!("crowned {crowned}, usurped {usurped}, ended at the threshold {ended_at_threshold}");
    // Random Barons rarely take a stronghold (the usurping is a rules test), and a Baron often
    // reaches the threshold before the pool runs out.
    assert!(
        crowned >= 3 && ended_at_threshold >= 10,
        "crowned {crowned}, usurped {usurped}, ended at the threshold {ended_at_threshold}"
    );
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
        "RoadHalt",
        "RoadStay",
    ];
    let missing: Vec<&str> = all.iter().copied().filter(|k| !seen.contains(*k)).collect();
    assert!(missing.is_empty(), "never chosen: {missing:?}");
}

#[test]
fn for_glory_is_refused_to_players_until_every_part_is_built() {
    use ordo_core::Game;
    use warrior_knights::{Config, Optional};
    let c = Config {
        barons: 3,
        optional: Optional {
            for_glory: true,
            ..Optional::default()
        },
        ..Config::default()
    };
    let refused = c.check().expect_err("refused");
    assert!(
        refused.to_string().contains("not playable in Ordo yet"),
        "{refused}"
    );
    assert!(warrior_knights::WarriorKnights::new_game(&c, 1).is_err());
}
