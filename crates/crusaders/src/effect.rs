//! What one decision did, in public facts for the log: the enemy a crusade defeated and its
//! strength, the building placed and its price, the troops a Muster bought, the Influence gained.
//! The server keeps these with each log line; every client words them in its language.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::state::Crusaders;
use crate::types::{Act, BuildingKind, EnemyKind, Pos};
use ordo_core::Seat;

/// A building a decision placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CrBuilt"))]
pub struct Built {
    /// Region (index).
    pub region: u8,
    /// Building type.
    pub kind: BuildingKind,
    /// Its level (1–4).
    pub level: u8,
    /// The Build points it cost; `None` when it came free (a Saracen's reward).
    pub cost: Option<u8>,
}

/// The action a wheel decision resolved at once, and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CrResolved"))]
pub struct Resolved {
    /// The action.
    pub act: Act,
    /// Its value: the wedge's pieces plus bonuses.
    pub value: u8,
}

/// What one decision did (public facts; absent parts did not happen, and are left out of the
/// JSON: log lines travel in every snapshot).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CrEffect"))]
pub struct Effect {
    /// Influence the deciding seat gained.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[cfg_attr(feature = "ts", ts(as = "Option<i32>", optional))]
    pub influence: i32,
    /// The (non-upgraded) wedge's action resolved by this decision, with its value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub resolved: Option<Resolved>,
    /// Face-up troops before and after, when they changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub troops: Option<[u8; 2]>,
    /// A Muster that bought no troop: the next troop's cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub next_troop: Option<u8>,
    /// A Muster that bought no troop because none is left.
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub no_troop_left: bool,
    /// The enemy defeated and its strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub defeated: Option<(EnemyKind, u8)>,
    /// Buildings placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Built>>", optional))]
    pub built: Vec<Built>,
    /// A wedge upgraded: its position, its basic and its added action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub upgraded: Option<(Pos, Act, Act)>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Effect {
    fn is_empty(&self) -> bool {
        *self == Effect::default()
    }
}

/// The effect of `seat`'s `action`, decided in `before`, now applied in `after`.
pub(crate) fn effect(
    before: &Crusaders,
    after: &Crusaders,
    seat: Seat,
    action: &Action,
) -> Option<Effect> {
    let s = seat.0;
    if usize::from(s) >= before.players_len() || usize::from(s) >= after.players_len() {
        return None;
    }
    let pb = before.player(s);
    let pa = after.player(s);
    let mut out = Effect {
        influence: pa.influence - pb.influence,
        ..Effect::default()
    };
    if pa.troops_up != pb.troops_up {
        out.troops = Some([pb.troops_up, pa.troops_up]);
    }
    // The enemy type whose count went up (a Holy Ghost mark is not a defeat).
    for kind in EnemyKind::ALL {
        let i = kind.index();
        if pa.defeated[i] > pb.defeated[i] {
            out.defeated = Some((kind, before.strength(kind)));
        }
    }
    // Buildings of the seat present after and not before.
    let regions = before.regions_len().min(after.regions_len());
    for r in 0..regions {
        let r8 = u8::try_from(r).unwrap_or(u8::MAX);
        for b in after.buildings_in(r8).filter(|b| b.owner == s) {
            if !before
                .buildings_in(r8)
                .any(|x| x.owner == s && x.kind == b.kind && x.level == b.level)
            {
                let cost = match action {
                    Action::Build { building, region } if *building == b.kind && region.0 == r8 => {
                        before.build_cost(s, b.kind, r8)
                    }
                    _ => None,
                };
                out.built.push(Built {
                    region: r8,
                    kind: b.kind,
                    level: b.level,
                    cost,
                });
            }
        }
    }
    match *action {
        Action::Resolve { pos } => {
            if let Some(w) = pb.wheel.get(usize::from(pos)).filter(|w| !w.upgraded) {
                let act = before.wedge_acts(w.id).0;
                let value = before.action_value(seat, act, pb.wedge_value(pos));
                out.resolved = Some(Resolved { act, value });
                if act == Act::Muster && out.troops.is_none() {
                    out.next_troop = before.troop(pb.troops_up).map(|(cost, _)| cost);
                    out.no_troop_left = out.next_troop.is_none();
                }
            }
        }
        Action::Upgrade { pos } => {
            if let Some(w) = pb.wheel.get(usize::from(pos)) {
                let (basic, secondary) = before.wedge_acts(w.id);
                out.upgraded = Some((pos, basic, secondary));
            }
        }
        _ => {}
    }
    (!out.is_empty()).then_some(out)
}

impl Crusaders {
    fn players_len(&self) -> usize {
        usize::from(self.core.n)
    }

    fn regions_len(&self) -> usize {
        self.core.regions.len()
    }

    fn buildings_in(&self, region: u8) -> impl Iterator<Item = &crate::state::Placed> {
        self.core
            .regions
            .get(usize::from(region))
            .into_iter()
            .flat_map(|r| r.placed())
    }

    /// A wedge's basic and added actions (by its data index).
    fn wedge_acts(&self, id: u8) -> (Act, Act) {
        self.tables()
            .wedges
            .get(usize::from(id))
            .map_or((Act::Travel, Act::Travel), |d| (d.basic, d.secondary))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Config;
    use ordo_core::Game;

    /// Plays seeded random games and checks every effect against the game's own facts.
    #[test]
    fn effects_report_what_changed() {
        let mut rng = ordo_core::GameRng::from_seed(7);
        let mut crusades = 0;
        let mut builds = 0;
        let mut musters = 0;
        for seed in 0..6u64 {
            let mut g = Crusaders::new_game(&Config::default(), seed).expect("game");
            while let Some(seat) = g.to_act().seats().iter().next() {
                let legal = g.legal_actions(seat);
                let a = legal[rng.index(legal.len())];
                let before = g.clone();
                g.apply_unchecked(seat, a);
                let o = effect(&before, &g, seat, &a);
                let influence = g.player(seat.0).influence - before.player(seat.0).influence;
                assert_eq!(o.as_ref().map_or(0, |o| o.influence), influence);
                if let Action::Crusade { region } = a {
                    let kind = before.core.regions[usize::from(region.0)]
                        .enemy
                        .map(|e| e.kind())
                        .expect("an enemy");
                    let o = o.as_ref().expect("a crusade does something");
                    assert_eq!(o.defeated, Some((kind, before.strength(kind))));
                    crusades += 1;
                }
                if let Action::Build { building, region } = a {
                    let o = o.as_ref().expect("a build does something");
                    assert_eq!(o.built.len(), 1, "{o:?}");
                    assert_eq!(o.built[0].kind, building);
                    assert_eq!(o.built[0].region, region.0);
                    assert!(o.built[0].cost.is_some());
                    builds += 1;
                }
                if let Some(Resolved {
                    act: Act::Muster, ..
                }) = o.as_ref().and_then(|o| o.resolved)
                {
                    let o = o.as_ref().expect("effect");
                    assert!(
                        o.troops.is_some() != (o.next_troop.is_some() || o.no_troop_left),
                        "{o:?}"
                    );
                    musters += 1;
                }
            }
        }
        assert!(
            crusades > 0 && builds > 0 && musters > 0,
            "{crusades} {builds} {musters}"
        );
    }
}
