//! Shared helpers: arbitrary decisions and random play.

use crusaders::{
    Act, Action, BuildingKind, Config, Crusaders, EnemyKind, Expansions, Order, RegionId,
    SowChoice, Variant,
};
use ordo_core::{Game, GameRng, Match, Seat, ToAct};

fn maybe(rng: &mut GameRng) -> Option<u8> {
    if rng.below(2) == 0 {
        None
    } else {
        Some(rng.below(9) as u8)
    }
}

/// Any decision of the action type, legal or not, including out-of-range ids.
pub(crate) fn arbitrary(_g: &Crusaders, rng: &mut GameRng) -> Action {
    let small = |rng: &mut GameRng| rng.below(9) as u8;
    let act = |rng: &mut GameRng| Act::ALL[rng.index(5)];
    let kind = |rng: &mut GameRng| BuildingKind::ALL[rng.index(8)];
    let region = |rng: &mut GameRng| RegionId(rng.below(70) as u8);
    match rng.below(26) {
        0 => Action::PickOrder {
            order: Order::ALL[rng.index(16)],
        },
        1 => Action::PlaceWedge { wedge: small(rng) },
        2 => Action::SetupToken { pos: small(rng) },
        3 => Action::SetupSingle { pos: small(rng) },
        4 => Action::SetupUpgrade { pos: small(rng) },
        5 => Action::Start {
            region: region(rng),
        },
        6 => Action::Resolve { pos: small(rng) },
        7 => Action::Upgrade { pos: small(rng) },
        8 => Action::SkipTurn,
        9 => Action::Split {
            first: act(rng),
            tokens: small(rng),
            giant: rng.below(2) == 0,
        },
        10 => Action::Move {
            knight: rng.below(6) as u8,
            to: region(rng),
        },
        11 => Action::EndTravel,
        12 => Action::Crusade {
            region: region(rng),
        },
        13 => Action::SaracenReward {
            take: rng.below(2) == 0,
        },
        14 => Action::Build {
            building: kind(rng),
            region: region(rng),
        },
        15 => Action::Forgo,
        16 => Action::Distribute { pos: small(rng) },
        17 => Action::NoDistribute,
        18 => Action::Sow {
            choice: SowChoice {
                ccw: rng.below(2) == 0,
                origin: rng.below(2) == 0,
                skip: maybe(rng),
                double: maybe(rng),
                giant: maybe(rng),
            },
        },
        19 => Action::SetupGiant { pos: small(rng) },
        20 => Action::SetupMark {
            enemy: EnemyKind::ALL[rng.index(3)],
        },
        21 => Action::Boost { count: small(rng) },
        22 => Action::TakeTile {
            region: region(rng),
        },
        23 => Action::FlipWedge { pos: small(rng) },
        24 => Action::MillRemove {
            building: kind(rng),
            level: small(rng),
        },
        _ => Action::CrusadeSwap {
            region: region(rng),
            with: region(rng),
        },
    }
}

/// The four expansion combinations.
pub(crate) const EXPANSIONS: [Expansions; 4] = [
    Expansions {
        divine_influence: false,
        crimson_amber: false,
    },
    Expansions {
        divine_influence: true,
        crimson_amber: false,
    },
    Expansions {
        divine_influence: false,
        crimson_amber: true,
    },
    Expansions {
        divine_influence: true,
        crimson_amber: true,
    },
];

/// Every base-game config: player counts × variants × orders on/off.
pub(crate) fn all_configs() -> Vec<Config> {
    let mut v = Vec::new();
    for players in 2..=4 {
        for variant in Variant::ALL {
            for orders in [true, false] {
                if variant == Variant::KnightTournament && !orders {
                    continue;
                }
                v.push(Config {
                    players,
                    variant,
                    orders,
                    ..Config::default()
                });
            }
        }
        v.push(Config {
            players,
            calatrava_third: false,
            ..Config::default()
        });
    }
    v
}

/// Every expansion combination × every player count it allows, standard and tournament.
pub(crate) fn expansion_configs() -> Vec<Config> {
    let mut v = Vec::new();
    for expansions in EXPANSIONS {
        let max = if expansions.crimson_amber { 6 } else { 4 };
        for players in 2..=max {
            for variant in [Variant::Standard, Variant::KnightTournament] {
                v.push(Config {
                    players,
                    variant,
                    expansions,
                    ..Config::default()
                });
            }
        }
    }
    v
}

/// Plays a full game with uniformly random legal decisions.
pub(crate) fn random_game(config: &Config, seed: u64) -> Match<Crusaders> {
    let mut m = Match::<Crusaders>::new(config.clone(), seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0xABCD);
    loop {
        let seat = match m.state().to_act() {
            ToAct::Seat(s) => s,
            ToAct::Simultaneous(set) => {
                let seats: Vec<Seat> = set.iter().collect();
                seats[rng.index(seats.len())]
            }
            ToAct::Over(_) => return m,
        };
        let legal = m.state().legal_actions(seat);
        let a = legal[rng.index(legal.len())];
        m.apply(seat, a).unwrap();
    }
}
