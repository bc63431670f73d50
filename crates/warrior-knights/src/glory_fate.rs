//! *For Glory*'s Fate deck results: Riot and its token, the defender's voluntary retreat
//! (Retreat / Draw 1 Fate) and Funds Needed (`docs/research/crown-and-glory.md` §3.9, W33).

use ordo_core::ActionList;

use crate::cards::Resource;
use crate::data::BattleResult;
use crate::phases::Stage;
use crate::state::{Phase, Step, WarriorKnights};
use crate::types::Action;

/// What a city's Upkeep draw brought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unrest {
    Calm,
    Revolt,
    Riot,
}

impl WarriorKnights {
    // ---------- Riot ----------

    /// The Upkeep's draw for an unguarded city: a Revolt, or with *For Glory* a Riot (a second
    /// Riot on a rioting city is a Revolt).
    pub(crate) fn unrest_draw(&mut self, c: u8) -> Unrest {
        let Some(id) = self.fate_draw() else {
            return Unrest::Calm;
        };
        let card = self.t().fate[usize::from(id)];
        if card.revolt {
            Unrest::Revolt
        } else if card.riot && self.gl().is_some() {
            if self.riot_ignored(c) {
                Unrest::Calm
            } else if self.rioting(c) {
                Unrest::Revolt
            } else {
                if let Some(g) = self.core.glory.0.as_mut() {
                    g.riot_draws.push(c);
                }
                Unrest::Riot
            }
        } else {
            Unrest::Calm
        }
    }

    /// The decision for a city that revolts or riots.
    pub(crate) fn unrest_phase(&mut self, s: u8, c: u8) -> Phase {
        let riot = self.core.glory.0.as_mut().is_some_and(|g| {
            let at = g.riot_draws.iter().position(|&x| x == c);
            if let Some(i) = at {
                g.riot_draws.remove(i);
            }
            at.is_some()
        });
        if riot {
            Phase::Riot(s, c)
        } else {
            Phase::Revolt(s, c)
        }
    }

    /// Crowns and Faith that buy off a Riot in city `c`.
    pub(crate) fn riot_prices(&self, c: u8) -> (u16, u16) {
        let income = u16::from(self.t().city_values(c).1);
        self.fg().map_or((u16::MAX, u16::MAX), |fg| {
            (
                income * u16::from(fg.riot_buy_off_income_factor),
                u16::from(fg.riot_buy_off_faith),
            )
        })
    }

    /// Whether city `c` riots now: its token lies there, its owner is the Baron it was put on
    /// for, and none of his Nobles (nor his Garrison) is there.
    pub(crate) fn rioting(&self, c: u8) -> bool {
        self.gl().is_some_and(|g| {
            g.rioting
                .iter()
                .any(|&(x, o)| x == c && !self.riot_calmed(x, o))
        })
    }

    fn riot_calmed(&self, c: u8, owner: u8) -> bool {
        let area = self.t().city_area[usize::from(c)];
        self.city(c).owner != Some(owner)
            || !self.nobles_at(owner, area).is_empty()
            || self.garrison_at(c) == Some(owner)
    }

    /// Riot tokens go once the owner has a Noble or a Garrison at the city, or loses it.
    pub(crate) fn calm_riots(&mut self) {
        let Some(g) = self.gl() else {
            return;
        };
        if g.rioting.is_empty() {
            return;
        }
        let keep: Vec<(u8, u8)> = g
            .rioting
            .iter()
            .copied()
            .filter(|&(c, o)| !self.riot_calmed(c, o))
            .collect();
        if let Some(g) = self.core.glory.0.as_mut() {
            g.rioting = keep;
        }
    }

    pub(crate) fn riot_actions(&self, s: u8, c: u8, out: &mut ActionList<Action>) {
        let (crowns, faith) = self.riot_prices(c);
        if self.b(s).faith >= faith {
            out.push(Action::BuyOffFaith);
        }
        if self.b(s).crowns >= crowns {
            out.push(Action::BuyOffCrowns);
        }
        out.push(Action::LetRiot);
    }

    pub(crate) fn apply_riot(&mut self, s: u8, c: u8, a: Action) {
        let (crowns, faith) = self.riot_prices(c);
        match a {
            Action::BuyOffFaith => self.gain(s, Resource::Faith, -i32::from(faith)),
            Action::BuyOffCrowns => self.pay(s, crowns),
            _ => {
                if let Some(g) = self.core.glory.0.as_mut() {
                    g.rioting.push((c, s));
                }
            }
        }
    }

    // ---------- Retreat / Draw 1 Fate ----------

    /// The defending Baron who may retreat of his own will: *For Glory*, a Baron's army
    /// defends, and his revealed cards show strictly more Retreat / Draw 1 Fate results than
    /// the attacker's.
    pub(crate) fn may_withdraw(&self) -> Option<u8> {
        self.gl()?;
        let b = self.core.battle.as_ref()?;
        let x = b.defender()?;
        if b.def.is_empty() || self.b(x).eliminated {
            return None;
        }
        let t = self.t();
        let count = |side: usize| {
            b.hands[side]
                .iter()
                .filter(|&&id| t.fate[usize::from(id)].battle == BattleResult::RetreatOrDraw)
                .count()
        };
        (count(1) > count(0)).then_some(x)
    }

    /// The defender's answer: the cards are revealed either way; a retreat deals no
    /// casualties and counts as a one-victory win of the attacker (his army retreats, the
    /// city or stronghold is taken), with no deserters.
    pub(crate) fn apply_withdraw(&mut self, a: Action) {
        let go = a == Action::Withdraw;
        self.reveal_battle();
        if go {
            if let Some(g) = self.core.glory.0.as_mut() {
                g.withdrawn = true;
            }
            let b = self.bt();
            b.cas = [0, 0];
            b.diff = 1;
        }
        self.bt().stage = Stage::Casualties(0);
        self.push(Step::BattleNext);
    }

    /// Whether the defender of the battle being ended retreated of his own will.
    pub(crate) fn withdrawn(&self) -> bool {
        self.gl().is_some_and(|g| g.withdrawn)
    }

    pub(crate) fn clear_withdrawn(&mut self) {
        if let Some(g) = self.core.glory.0.as_mut() {
            g.withdrawn = false;
        }
    }

    /// Whether a Fate card calls for one more card in the reveal: Draw 1 Fate, and with *For
    /// Glory* a Retreat / Draw 1 Fate that did not make the defender retreat.
    pub(crate) fn draws_another(&self, r: BattleResult) -> bool {
        r == BattleResult::DrawFate || (r == BattleResult::RetreatOrDraw && self.gl().is_some())
    }

    // ---------- Funds Needed ----------

    /// Funds Needed on expedition `exp`: each funder in turn from the Chairman, starting at
    /// `from` in that order, pays or forfeits his stake (one who cannot pay forfeits).
    pub(crate) fn funds_needed(&mut self, exp: u8, from: u8) {
        let price = self.fg().map_or(0, |fg| u16::from(fg.funds_needed_payment));
        let order = self.order();
        let e = usize::from(exp);
        for (j, &s) in order.iter().enumerate().skip(usize::from(from)) {
            if self.core.expeditions[e].funds[usize::from(s)] == 0 {
                continue;
            }
            if self.b(s).crowns >= price {
                self.push(Step::FundsNeeded(exp, j as u8 + 1));
                self.core.phase = Phase::FundsNeeded(s, exp);
                return;
            }
            self.core.expeditions[e].funds[usize::from(s)] = 0;
        }
        // Nobody's stake left: the expedition is over.
        if self.core.expeditions[e].funds.iter().all(|&f| f == 0) {
            self.core.expeditions[e] = crate::state::Expedition::default();
        }
    }

    pub(crate) fn apply_funds_needed(&mut self, s: u8, exp: u8, a: Action) {
        if a == Action::PayFunds {
            let price = self.fg().map_or(0, |fg| u16::from(fg.funds_needed_payment));
            self.pay(s, price);
        } else if let Some(e) = self.core.expeditions.get_mut(usize::from(exp)) {
            e.funds[usize::from(s)] = 0;
        }
    }
}
