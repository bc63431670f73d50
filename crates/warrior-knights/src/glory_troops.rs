//! *For Glory*'s Garrisons and Town Levies (`docs/research/crown-and-glory.md` §3.6–§3.7, W34).
//!
//! A Garrison holds one city of its Baron: hired with Upgrade Defenses, it adds its strength to
//! the city like a fortification, is paid every Wages phase and is lost with the city. A Town
//! Levy is a Mercenary card without nationality or wage (its id lies among the Mercenaries',
//! after the Leaders and Heralds): recruited with Muster Forces by a Noble standing in its own
//! city, it moves and takes casualties like a Mercenary, never deserts on a nationality draw,
//! and goes back to the Levy deck when it leaves his army, when any Mercenary of that army
//! deserts at Wages, or when the Noble leaves the board.

use ordo_core::ActionList;

use crate::state::{Loc, Phase, Step, WarriorKnights};
use crate::types::{Action, Holder, Shape, TroopId};

impl WarriorKnights {
    // ---------- Garrisons ----------

    /// Strength a Garrison adds to city `c` (its owner's Garrison only).
    pub(crate) fn garrison_bonus(&self, c: u8) -> u16 {
        match (self.garrison_at(c), self.fg()) {
            (Some(o), Some(fg)) if self.city(c).owner == Some(o) => fg.garrisons.defence,
            _ => 0,
        }
    }

    /// Garrisons of `s`, by city.
    pub(crate) fn garrisons_of(&self, s: u8) -> Vec<u8> {
        self.gl().map_or_else(Vec::new, |g| {
            g.garrisons
                .iter()
                .filter(|&&(_, o)| o == s)
                .map(|&(c, _)| c)
                .collect()
        })
    }

    /// Upgrade Defenses with *For Glory*: after repairing or fortifying, one Garrison for one
    /// of his unbesieged cities without one, while Garrisons are left in the box.
    pub(crate) fn garrison_actions(&self, s: u8, out: &mut ActionList<Action>) {
        let (Some(g), Some(fg)) = (self.gl(), self.fg()) else {
            return;
        };
        if g.garrisons.len() < usize::from(fg.garrisons.count)
            && self.b(s).crowns >= u16::from(fg.garrisons.hire)
        {
            for c in self.cities_of(s) {
                if self.city(c).siege.is_none() && self.garrison_at(c).is_none() {
                    out.push(Action::HireGarrison(c));
                }
            }
        }
        out.push(Action::NoGarrison);
    }

    /// After `s`'s Upgrade Defenses decision: his Garrison, if he may hire one.
    pub(crate) fn garrison_hire(&mut self, s: u8) {
        if self.has_choices(Phase::Garrison(s), s) {
            self.core.phase = Phase::Garrison(s);
        }
    }

    pub(crate) fn apply_garrison(&mut self, s: u8, a: Action) {
        let Some(fg) = self.fg() else {
            return;
        };
        match a {
            Action::HireGarrison(c) => {
                self.pay(s, u16::from(fg.garrisons.hire));
                if let Some(g) = self.core.glory.0.as_mut() {
                    g.garrisons.push((c, s));
                }
            }
            Action::DisbandGarrison(c) => {
                if let Some(g) = self.core.glory.0.as_mut() {
                    g.garrisons.retain(|&(x, o)| !(x == c && o == s));
                }
            }
            _ => {}
        }
    }

    /// Wages: `s` pays every Garrison of his, or, short of crowns, first chooses which to
    /// let go (W34); then his Mercenaries are paid as usual.
    pub(crate) fn garrison_wages(&mut self, s: u8) {
        let wage = self.fg().map_or(0, |fg| u16::from(fg.garrisons.wage));
        let held = self.garrisons_of(s).len() as u16;
        if held * wage <= self.b(s).crowns {
            self.pay(s, held * wage);
            if !self.mercs_to_pay(s).is_empty() {
                self.core.phase = Phase::Wages(s);
            }
        } else {
            self.push(Step::GarrisonWages(s));
            self.core.phase = Phase::Disband(s);
        }
    }

    pub(crate) fn disband_actions(&self, s: u8, out: &mut ActionList<Action>) {
        out.extend(
            self.garrisons_of(s)
                .into_iter()
                .map(Action::DisbandGarrison),
        );
    }

    // ---------- Town Levies ----------

    /// Whether a troop card is a Town Levy.
    pub(crate) fn is_levy(&self, t: TroopId) -> bool {
        self.t()
            .mercs
            .get(usize::from(t))
            .is_some_and(|m| m.levy.is_some())
    }

    /// Town Levies `s` may recruit now: a Levy nobody holds, for a city of his, to a Noble of
    /// his standing in its area, for its price.
    pub(crate) fn levy_actions(&self, s: u8, out: &mut ActionList<Action>) {
        let Some(fg) = self.fg() else {
            return;
        };
        if self.b(s).crowns >= u16::from(fg.town_levies.recruit) {
            let t = self.t();
            for (i, m) in t.mercs.iter().enumerate() {
                let Some(c) = m.levy else {
                    continue;
                };
                if self.city(c).owner != Some(s) || self.levy_held(i as TroopId) {
                    continue;
                }
                let area = t.city_area[usize::from(c)];
                for k in self.nobles_at(s, area) {
                    out.push(Action::RecruitLevy {
                        levy: i as TroopId,
                        shape: k,
                    });
                }
            }
        }
        out.push(Action::NoLevy);
    }

    fn levy_held(&self, levy: TroopId) -> bool {
        (0..self.core.n).any(|o| self.holder_of(o, levy).is_some())
    }

    pub(crate) fn apply_levy(&mut self, s: u8, a: Action) {
        if let (Action::RecruitLevy { levy, shape }, Some(fg)) = (a, self.fg()) {
            self.pay(s, u16::from(fg.town_levies.recruit));
            self.nbm(s, shape).troops.push(levy);
            self.core.phase = Phase::Levy(s);
            if !self.has_choices(Phase::Levy(s), s) {
                self.core.phase = Phase::Auto;
            }
        }
    }

    /// Muster Forces: after `s`'s casualty removal, his Town Levies.
    pub(crate) fn levy_recruit(&mut self, s: u8) {
        if self.has_choices(Phase::Levy(s), s) {
            self.core.phase = Phase::Levy(s);
        }
    }

    /// Every Town Levy leaves army `h` of `s` (back to the Levy deck).
    pub(crate) fn levies_leave(&mut self, s: u8, h: Holder) {
        if self.gl().is_none() {
            return;
        }
        let levies: Vec<TroopId> = self
            .troops(s, h)
            .iter()
            .copied()
            .filter(|&t| self.is_levy(t))
            .collect();
        if !levies.is_empty() {
            self.troops_mut(s, h).retain(|t| !levies.contains(t));
        }
    }

    /// Levies of Nobles off the board (dead once their losses are chosen, abandoned, or gone)
    /// go back to the Levy deck; Garrisons of cities their Baron lost go back to the box.
    pub(crate) fn glory_troops_sweep(&mut self) {
        if self.gl().is_none() {
            return;
        }
        for s in 0..self.core.n {
            for k in 0..4 as Shape {
                let h = Holder::Noble(k);
                if self.nb(s, k).loc == Loc::Off
                    && !self
                        .core
                        .losses
                        .iter()
                        .any(|l| l.seat == s && l.holder == h)
                {
                    self.levies_leave(s, h);
                }
            }
        }
        let kept: Vec<(u8, u8)> = self.gl().map_or_else(Vec::new, |g| {
            g.garrisons
                .iter()
                .copied()
                .filter(|&(c, o)| self.city(c).owner == Some(o))
                .collect()
        });
        if let Some(g) = self.core.glory.0.as_mut() {
            g.garrisons = kept;
        }
    }
}
