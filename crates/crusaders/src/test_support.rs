//! Helpers shared by the rule-by-rule unit tests (`rules_tests`, `expansion_tests`).

use ordo_core::{Game, Seat};

use crate::action::Action;
use crate::state::{Config, Crusaders, Phase, Step};
use crate::types::{Act, BuildingKind, Enemy, Pos, RegionId, WEDGES};

pub(crate) fn new(config: &Config, seed: u64) -> Crusaders {
    match Crusaders::new_game(config, seed) {
        Ok(g) => g,
        Err(e) => panic!("new_game({config:?}, {seed}): {e:?}"),
    }
}

/// Makes `seat` the player about to choose a turn option.
pub(crate) fn turn(g: &mut Crusaders, seat: u8) {
    g.core.phase = Phase::Turn {
        seat,
        step: Step::Choose,
    };
}

/// The region id of a map key on the current board side.
pub(crate) fn region(g: &Crusaders, key: &str) -> u8 {
    match g.board().by_key(key) {
        Some(r) => r.0,
        None => panic!("no region `{key}` on the {:?} side", g.core.side),
    }
}

pub(crate) fn rid(g: &Crusaders, key: &str) -> RegionId {
    RegionId(region(g, key))
}

/// Applies a decision that must be legal.
pub(crate) fn act(g: &mut Crusaders, seat: u8, a: Action) {
    let legal = g.legal_actions(Seat(seat));
    if let Err(e) = g.apply(Seat(seat), a) {
        panic!("{e}; legal: {legal:?}");
    }
}

pub(crate) fn legal(g: &Crusaders, seat: u8) -> Vec<Action> {
    g.legal_actions(Seat(seat))
}

pub(crate) fn is_legal(g: &Crusaders, seat: u8, a: Action) -> bool {
    g.is_legal(Seat(seat), &a)
}

pub(crate) fn place_knight(g: &mut Crusaders, seat: u8, knight: usize, key: &str) {
    let r = region(g, key);
    g.core.players[usize::from(seat)].knights[knight] = r;
}

pub(crate) fn put_enemy(g: &mut Crusaders, key: &str, e: Enemy) {
    let r = usize::from(region(g, key));
    g.core.regions[r].enemy = Some(e);
}

pub(crate) fn influence(g: &Crusaders, seat: u8) -> i32 {
    g.core.players[usize::from(seat)].influence
}

pub(crate) fn tokens(g: &Crusaders, seat: u8) -> [u8; WEDGES] {
    g.core.players[usize::from(seat)].wheel.map(|w| w.tokens)
}

pub(crate) fn wedge_id(g: &Crusaders, id: &str) -> u8 {
    match g.tables().wedge_by_id(id) {
        Some(w) => w,
        None => panic!("no wedge `{id}`"),
    }
}

/// Position of the first basic wedge of `seat` whose basic action is `a`.
pub(crate) fn pos_of(g: &Crusaders, seat: u8, a: Act) -> Pos {
    let wheel = g.core.players[usize::from(seat)].wheel;
    match (0..WEDGES).find(|&i| g.tables().wedges[usize::from(wheel[i].id)].basic == a) {
        Some(i) => i as Pos,
        None => panic!("seat {seat} has no {a} wedge"),
    }
}

/// `seat` resolves its basic `a` wedge holding exactly `x` tokens (other wedges unchanged).
pub(crate) fn resolve(g: &mut Crusaders, seat: u8, a: Act, x: u8) {
    let pos = pos_of(g, seat, a);
    g.core.players[usize::from(seat)].wheel[usize::from(pos)].tokens = x;
    turn(g, seat);
    act(g, seat, Action::Resolve { pos });
}

pub(crate) fn is_turn_of(g: &Crusaders, seat: u8) -> bool {
    g.core.phase
        == Phase::Turn {
            seat,
            step: Step::Choose,
        }
}

pub(crate) fn step(g: &Crusaders) -> Step {
    match g.core.phase {
        Phase::Turn { step, .. } => step,
        p => panic!("not in a turn: {p:?}"),
    }
}

pub(crate) fn tables() -> &'static crate::data::Tables {
    match crate::data::tables() {
        Ok(t) => t,
        Err(e) => panic!("component data: {e:?}"),
    }
}

pub(crate) fn mv(g: &mut Crusaders, seat: u8, knight: u8, key: &str) {
    let to = rid(g, key);
    act(g, seat, Action::Move { knight, to });
}

pub(crate) fn build(g: &mut Crusaders, seat: u8, building: BuildingKind, key: &str) {
    let region = rid(g, key);
    act(g, seat, Action::Build { building, region });
}

pub(crate) fn crusade(g: &mut Crusaders, seat: u8, key: &str) {
    let region = rid(g, key);
    act(g, seat, Action::Crusade { region });
}

pub(crate) fn builds_offered(g: &Crusaders, seat: u8) -> Vec<(BuildingKind, u8)> {
    legal(g, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Build { building, region } => Some((building, region.0)),
            _ => None,
        })
        .collect()
}

/// Ends the game: the end is triggered and the last player of the round takes a turn that
/// changes nothing (upgrade wedge 0 and distribute nothing).
pub(crate) fn finish(g: &mut Crusaders) {
    g.core.end_triggered = true;
    let last = (g.core.start + g.core.n - 1) % g.core.n;
    g.core.players[usize::from(last)].wheel[0].upgraded = false;
    turn(g, last);
    act(g, last, Action::Upgrade { pos: 0 });
    act(g, last, Action::NoDistribute);
    assert_eq!(g.core.phase, Phase::Over);
}

pub(crate) fn final_scores(g: &Crusaders) -> Vec<crate::state::ScoreBreakdown> {
    match g.final_scores() {
        Some(s) => s.to_vec(),
        None => panic!("game not over"),
    }
}
