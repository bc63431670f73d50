//! Shared helpers: random play and an arbitrary-action generator.

use ordo_core::{Game, GameRng, Seat, ToAct};
use warrior_knights::{Action, Config, WarriorKnights};

/// Plays a random game to the end; returns it and the number of decisions.
pub(crate) fn random_game(config: &Config, seed: u64) -> (WarriorKnights, u32) {
    let mut g = WarriorKnights::new_game(config, seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    let mut n = 0u32;
    loop {
        let seat = match g.to_act() {
            ToAct::Seat(s) => s,
            ToAct::Simultaneous(set) => {
                let v: Vec<Seat> = set.iter().collect();
                v[rng.index(v.len())]
            }
            ToAct::Over(_) => return (g, n),
        };
        let legal = g.legal_actions(seat);
        assert!(
            !legal.is_empty(),
            "no legal action at {:?}",
            g.view(ordo_core::Viewer::Spectator).phase
        );
        let a = legal[rng.index(legal.len())];
        g.apply(seat, a).unwrap();
        n += 1;
        assert!(n < 400_000, "game too long");
    }
}

/// Any action (legal or not), for the rejection checks.
pub(crate) fn arbitrary(g: &WarriorKnights, rng: &mut GameRng) -> Action {
    let legal = g.legal_actions(Seat(rng.below(6) as u8));
    if !legal.is_empty() && rng.below(2) == 0 {
        // A neighbour of a legal action: often illegal.
        let a = legal[rng.index(legal.len())];
        return match a {
            Action::Move { shape, to } => Action::Move {
                shape,
                to: to.wrapping_add(1),
            },
            Action::Commit(n) => Action::Commit(n + 1),
            Action::Plan { stack, card } => Action::Plan {
                stack: stack + 1,
                card,
            },
            other => other,
        };
    }
    match rng.below(14) {
        12 => Action::GiveCrowns {
            to: rng.below(7) as u8,
            crowns: rng.below(60) as u16,
        },
        13 => Action::GiveHeir {
            of: rng.below(7) as u8,
            shape: rng.below(5) as u8,
            to: rng.below(7) as u8,
        },
        0 => Action::PlaceStronghold(rng.below(60) as u8),
        1 => Action::Move {
            shape: rng.below(5) as u8,
            to: rng.below(60) as u8,
        },
        2 => Action::Commit(rng.below(30) as u16),
        3 => Action::Hire(rng.below(120) as u8),
        4 => Action::DiscardFate(rng.below(30) as u8),
        5 => Action::PlanDone,
        6 => Action::EndMoves,
        7 => Action::Transfer {
            troop: rng.below(130) as u8,
            to: warrior_knights::Holder::Noble(rng.below(5) as u8),
        },
        8 => Action::RetreatTo(rng.below(60) as u8),
        9 => Action::GiveCity(rng.below(30) as u8),
        10 => Action::Pledge(rng.below(5) as u8),
        _ => Action::ReturnDone,
    }
}

/// One config per Baron count.
pub(crate) fn configs() -> Vec<Config> {
    (2..=6)
        .map(|barons| Config {
            barons,
            ..Config::default()
        })
        .collect()
}
