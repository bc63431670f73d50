//! *For Glory*'s Leaders and Heralds (`docs/research/crown-and-glory.md` §3.8, W35): twelve
//! Mercenaries, one Leader and one Herald of each nationality, each giving the Noble he serves
//! an ability as if printed on his Noble card (working even while the Noble is exhausted); a
//! Noble has at most one Leader and one Herald. A Leader or Herald at a stronghold gives
//! nothing.

use crate::glory_data::{LeaderAbility, LeaderKind};
use crate::state::{Loc, WarriorKnights};
use crate::types::{Holder, Shape, TroopId};

impl WarriorKnights {
    /// The Leader or Herald a troop card is, if any.
    pub(crate) fn leader_of(&self, t: TroopId) -> Option<(LeaderKind, LeaderAbility)> {
        let i = self.t().mercs.get(usize::from(t))?.leader?;
        let def = self.fg()?.leaders.get(usize::from(i))?;
        Some((def.kind, def.ability))
    }

    /// Whether Noble `k` of `s` has this ability from a Leader or Herald with him.
    pub(crate) fn noble_has(&self, s: u8, k: Shape, ability: LeaderAbility) -> bool {
        self.fg().is_some()
            && self
                .nb(s, k)
                .troops
                .iter()
                .any(|&t| self.leader_of(t).is_some_and(|(_, a)| a == ability))
    }

    /// Whether these troop cards may join army `to` of `s`: a Noble keeps at most one Leader
    /// and one Herald.
    pub(crate) fn leader_room(&self, s: u8, to: Holder, joining: &[TroopId]) -> bool {
        let Holder::Noble(k) = to else {
            return true;
        };
        if self.fg().is_none() {
            return true;
        }
        [LeaderKind::Leader, LeaderKind::Herald]
            .into_iter()
            .all(|kind| {
                self.nb(s, k)
                    .troops
                    .iter()
                    .chain(joining)
                    .filter(|&&t| self.leader_of(t).is_some_and(|(x, _)| x == kind))
                    .count()
                    <= 1
            })
    }

    /// Whether the commander of battle side `side` has this ability.
    pub(crate) fn commander_has(&self, side: usize, ability: LeaderAbility) -> bool {
        let Some(b) = self.core.battle.as_ref() else {
            return false;
        };
        let seat = if side == 0 {
            Some(b.attacker)
        } else {
            b.defender()
        };
        match (seat, b.cmd[side]) {
            (Some(s), Some(k)) => self.noble_has(s, k, ability),
            _ => false,
        }
    }

    /// Extra battle results of a commanding Noble's Leader: (deal, prevent, victory).
    pub(crate) fn leader_results(&self, side: usize) -> (i32, i32, i32) {
        (
            i32::from(self.commander_has(side, LeaderAbility::ExtraBattleResultDeal)),
            i32::from(self.commander_has(side, LeaderAbility::ExtraBattleResultPrevent)),
            i32::from(self.commander_has(side, LeaderAbility::ExtraBattleResultVictory)),
        )
    }

    /// Votes a Herald adds at the Assembly: one for each Noble of `s` on the board with one.
    pub(crate) fn herald_votes(&self, s: u8) -> i32 {
        self.nobles_with(s, LeaderAbility::ExtraVote)
    }

    /// Crowns a Herald adds to Levy Taxes: one for each Noble of `s` on the board with one.
    pub(crate) fn herald_taxes(&self, s: u8) -> i32 {
        self.nobles_with(s, LeaderAbility::LevyTaxesCrown)
    }

    fn nobles_with(&self, s: u8, ability: LeaderAbility) -> i32 {
        if self.fg().is_none() {
            return 0;
        }
        (0..4 as Shape)
            .filter(|&k| matches!(self.nb(s, k).loc, Loc::At(_)) && self.noble_has(s, k, ability))
            .count() as i32
    }

    /// Whether a Herald of the owner, standing next to (or in) the city's area, may ignore a
    /// Riot drawn for it this Upkeep (once per Upkeep for each Baron).
    pub(crate) fn riot_ignored(&mut self, c: u8) -> bool {
        let Some(owner) = self.city(c).owner else {
            return false;
        };
        if self.gl().is_some_and(|g| g.riot_ignored.contains(&owner)) {
            return false;
        }
        let t = self.t();
        let area = t.city_area[usize::from(c)];
        let near = (0..4 as Shape).any(|k| {
            matches!(self.nb(owner, k).loc, Loc::At(a)
                if a == area || t.board.neighbours.get(usize::from(a))
                    .is_some_and(|ns| ns.iter().any(|&(n, _)| n == area)))
                && self.noble_has(owner, k, LeaderAbility::IgnoreRiot)
        });
        if near {
            if let Some(g) = self.core.glory.0.as_mut() {
                g.riot_ignored.push(owner);
            }
        }
        near
    }

    /// A Herald's discount: a Mercenary hired to his Noble costs 1 crown less (at least 1);
    /// the crown comes back when he joins him.
    pub(crate) fn hire_refund(&mut self, s: u8, to: Holder, m: TroopId) {
        if let Holder::Noble(k) = to {
            if self.noble_has(s, k, LeaderAbility::CheaperMercenaries) && self.t().wage(m) > 1 {
                self.bm(s).crowns += 1;
            }
        }
    }

    /// Whether a Noble stands in city `c`'s area (no revolt or riot draw there).
    #[cfg(test)]
    pub(crate) fn revolt_guarded_for_tests(&self, c: u8) -> bool {
        let area = self.t().city_area[usize::from(c)];
        self.active()
            .into_iter()
            .any(|o| !self.nobles_at(o, area).is_empty())
    }
}
