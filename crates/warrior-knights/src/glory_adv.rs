//! *For Glory*'s Advancements at work (`docs/research/crown-and-glory.md` §3.3, W36): the
//! lasting ones apply by themselves when their moment comes (Taxation, Wages, Muster, Votes,
//! Enrich Mind, Serve the Church); a battle Advancement is declared after the Fate draw, one
//! per Baron, the attacker first, and is exhausted until the Upkeep; an expedition's is used
//! by its first funder who owns it.

use ordo_core::ActionList;

use crate::data::BattleResult;
use crate::glory_data::{Advancement, AdvancementEffect, Timing};
use crate::phases::{Fort, Stage};
use crate::state::{Phase, Step, WarriorKnights};
use crate::types::Action;

impl WarriorKnights {
    /// `s`'s Advancements, by kind, with their cards.
    fn advancements_of(&self, s: u8) -> Vec<(u8, &'static Advancement)> {
        let (Some(g), Some(fg)) = (self.gl(), self.fg()) else {
            return Vec::new();
        };
        g.owned
            .get(usize::from(s))
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter_map(|&k| fg.advancements.get(usize::from(k)).map(|a| (k, a)))
            .collect()
    }

    fn exhausted_adv(&self, s: u8, k: u8) -> bool {
        self.gl()
            .and_then(|g| g.exhausted.get(usize::from(s)))
            .is_some_and(|e| e.contains(&k))
    }

    fn exhaust_adv(&mut self, s: u8, k: u8) {
        let exhausts = self
            .fg()
            .and_then(|fg| fg.advancements.get(usize::from(k)))
            .is_some_and(|a| a.exhausts);
        if let (Some(g), true) = (self.core.glory.0.as_mut(), exhausts) {
            g.exhausted[usize::from(s)].push(k);
        }
    }

    /// The sum a lasting effect of `s`'s Advancements gives (0 without one).
    pub(crate) fn adv_bonus(&self, s: u8, f: impl Fn(&AdvancementEffect) -> Option<u8>) -> u8 {
        self.advancements_of(s)
            .into_iter()
            .filter(|&(k, _)| !self.exhausted_adv(s, k))
            .filter_map(|(_, a)| f(&a.effect))
            .fold(0u8, u8::saturating_add)
    }

    /// Crowns `s`'s Advancements add at Taxation (Banking, Windmill).
    pub(crate) fn adv_taxation(&self, s: u8) -> i32 {
        let kingdom = self.kingdom_cities_of(s);
        i32::from(self.adv_bonus(s, |e| match *e {
            AdvancementEffect::Crowns { by } => Some(by),
            AdvancementEffect::CrownsPerKingdomCity { max } => {
                Some((kingdom.min(usize::from(max))) as u8)
            }
            _ => None,
        }))
    }

    /// Votes `s`'s Advancements add when Votes are received (Printing).
    pub(crate) fn adv_votes(&self, s: u8) -> i32 {
        i32::from(self.adv_bonus(s, |e| match *e {
            AdvancementEffect::Votes { by } => Some(by),
            _ => None,
        }))
    }

    /// The price `s` pays to remove a casualty token (Medicine lowers it).
    pub(crate) fn casualty_price(&self, s: u8) -> u16 {
        let base = u16::from(self.t().components.prices.remove_casualty);
        let cheaper = self
            .advancements_of(s)
            .into_iter()
            .filter_map(|(_, a)| match a.effect {
                AdvancementEffect::CasualtyPrice { price } => Some(u16::from(price)),
                _ => None,
            })
            .min();
        cheaper.map_or(base, |p| p.min(base))
    }

    /// Extra Knowledge an Enrich Mind gives `s` (Scriptorium).
    pub(crate) fn adv_knowledge(&self, s: u8) -> u8 {
        self.adv_bonus(s, |e| match *e {
            AdvancementEffect::Knowledge { by } => Some(by),
            _ => None,
        })
    }

    /// Extra Faith a Serve the Church gives `s` (Cathedral Architecture).
    pub(crate) fn adv_faith(&self, s: u8) -> i32 {
        i32::from(self.adv_bonus(s, |e| match *e {
            AdvancementEffect::Faith { by } => Some(by),
            _ => None,
        }))
    }

    /// Crowns `s`'s Advancements take off his wages this Wages phase (Accounting), at most
    /// what he owes: handed to him before he pays.
    pub(crate) fn adv_wage_discount(&mut self, s: u8, owed: u16) {
        let by = u16::from(self.adv_bonus(s, |e| match *e {
            AdvancementEffect::WageDiscount { by } => Some(by),
            _ => None,
        }));
        let back = by.min(owed);
        if back > 0 {
            self.bm(s).crowns += back;
        }
    }

    // ---------- battles ----------

    /// Battle Advancements `seat` (on battle side `side`) may declare now: owned, face up,
    /// and of use in this battle.
    fn battle_advancements(&self, seat: u8, side: usize) -> Vec<u8> {
        let Some(b) = self.core.battle.as_ref() else {
            return Vec::new();
        };
        self.advancements_of(seat)
            .into_iter()
            .filter(|&(k, a)| a.timing == Timing::Battle && !self.exhausted_adv(seat, k))
            .filter(|&(_, a)| match a.effect {
                AdvancementEffect::WeakerDefences { .. } => side == 0 && b.fort.is_some(),
                AdvancementEffect::StrongerCity { .. } => {
                    side == 1
                        && matches!(b.fort, Some(Fort::City(c)) if self.city(c).owner == Some(seat))
                }
                _ => true,
            })
            .map(|(k, _)| k)
            .collect()
    }

    /// The battle's declaration stage for side `side`: its Baron may declare one
    /// Advancement; then the other side, then the discards.
    pub(crate) fn battle_declare(&mut self, side: u8) {
        let next = if side == 0 {
            Stage::Advance(1)
        } else {
            Stage::Discard(0)
        };
        self.bt().stage = next;
        self.push(Step::BattleNext);
        let seat = self.core.battle.as_ref().and_then(|b| {
            if side == 0 {
                Some(b.attacker)
            } else {
                b.defender()
            }
        });
        if let Some(seat) = seat {
            if !self.battle_advancements(seat, usize::from(side)).is_empty() {
                self.core.phase = Phase::UseAdvancement(seat);
            }
        }
    }

    pub(crate) fn use_advancement_actions(&self, s: u8, out: &mut ActionList<Action>) {
        let Some(b) = self.core.battle.as_ref() else {
            return;
        };
        let side = usize::from(b.attacker != s);
        out.extend(
            self.battle_advancements(s, side)
                .into_iter()
                .map(Action::UseAdvancement),
        );
        out.push(Action::AdvancementsDone);
    }

    pub(crate) fn apply_use_advancement(&mut self, s: u8, a: Action) {
        let Action::UseAdvancement(k) = a else {
            return;
        };
        let Some(side) = self
            .core
            .battle
            .as_ref()
            .map(|b| usize::from(b.attacker != s))
        else {
            return;
        };
        self.exhaust_adv(s, k);
        if let Some(g) = self.core.glory.0.as_mut() {
            g.battle_adv[side] = Some(k);
        }
        let effect = self
            .fg()
            .and_then(|fg| fg.advancements.get(usize::from(k)))
            .map(|a| a.effect);
        if let Some(AdvancementEffect::StrongerCity { by }) = effect {
            // The city's extra strength, after the draw: its Fate cards.
            for _ in 0..by / 100 {
                if let Some(id) = self.core.fate.take() {
                    self.bt().hands[side].push(id);
                }
            }
        }
    }

    /// The effect side `side` declared in the battle under way.
    fn battle_effect(&self, side: usize) -> Option<AdvancementEffect> {
        let k = self.gl()?.battle_adv[side]?;
        Some(self.fg()?.advancements.get(usize::from(k))?.effect)
    }

    /// Extra (deal, prevent, victory) results of side `side`'s Advancement.
    pub(crate) fn adv_results(&self, side: usize) -> (i32, i32, i32) {
        match self.battle_effect(side) {
            Some(AdvancementEffect::ExtraBattleResult { result }) => match result {
                BattleResult::DealCasualties => (1, 0, 0),
                BattleResult::PreventCasualties => (0, 1, 0),
                BattleResult::Victory => (0, 0, 1),
                _ => (0, 0, 0),
            },
            _ => (0, 0, 0),
        }
    }

    /// Discards side `side` must make beyond (or short of) the usual: War Council lowers its
    /// own, Siege Engines raise the defender's (the city's 100 strength less, after the draw).
    pub(crate) fn adv_discards(&self, side: usize) -> i32 {
        let own = match self.battle_effect(side) {
            Some(AdvancementEffect::FewerFateDiscards { by }) => -i32::from(by),
            _ => 0,
        };
        let against = match (side, self.battle_effect(0)) {
            (1, Some(AdvancementEffect::WeakerDefences { by })) => i32::from(by / 100),
            _ => 0,
        };
        own + against
    }

    /// The battle is over: its declarations lapse.
    pub(crate) fn clear_battle_advancements(&mut self) {
        if let Some(g) = self.core.glory.0.as_mut() {
            g.battle_adv = [None, None];
        }
    }

    // ---------- expeditions ----------

    /// Astrolabe: the first funder of expedition `exp` (Chairman's order) with one face up
    /// uses it: one more Fate card, the better kept.
    pub(crate) fn adv_expedition_draws(&mut self, exp: usize) -> u8 {
        for s in self.order() {
            if self.core.expeditions[exp].funds[usize::from(s)] == 0 {
                continue;
            }
            let astrolabe = self
                .advancements_of(s)
                .into_iter()
                .find(|&(k, a)| {
                    a.effect == AdvancementEffect::ExtraExpeditionDraw && !self.exhausted_adv(s, k)
                })
                .map(|(k, _)| k);
            if let Some(k) = astrolabe {
                self.exhaust_adv(s, k);
                return 1;
            }
        }
        0
    }

    // ---------- movement ----------

    /// Whether `s` holds this movement Advancement face up.
    pub(crate) fn face_up_movement(&self, s: u8, effect: AdvancementEffect) -> bool {
        self.gl().is_some()
            && self
                .advancements_of(s)
                .into_iter()
                .any(|(k, a)| a.effect == effect && !self.exhausted_adv(s, k))
    }

    /// Exhausts `s`'s face-up Advancement with this effect.
    pub(crate) fn use_movement(&mut self, s: u8, effect: AdvancementEffect) {
        let k = self
            .advancements_of(s)
            .into_iter()
            .find(|&(k, a)| a.effect == effect && !self.exhausted_adv(s, k))
            .map(|(k, _)| k);
        if let Some(k) = k {
            self.exhaust_adv(s, k);
        }
    }

    /// Navigation: the Noble sails and lands at once.
    pub(crate) fn sail_at_once(&mut self, s: u8, k: crate::types::Shape, to: crate::map::AreaId) {
        self.do_sail(s, k, to);
        self.nbm(s, k).loc = crate::state::Loc::At(to);
        self.use_movement(s, AdvancementEffect::SeaArrivalAtOnce);
        self.check_sieges();
    }

    /// A move made without asking: where leave was needed, Cartography spared it (and is
    /// exhausted).
    pub(crate) fn move_unasked(&mut self, s: u8, k: crate::types::Shape, to: crate::map::AreaId) {
        let halted = self.core.ctx.halt.is_some_and(|h| h.shape == k);
        if let (crate::state::Loc::At(from), false) = (self.nb(s, k).loc, halted) {
            if self
                .land_route(s, k, from, to)
                .is_some_and(|r| !r.blockers.is_empty())
            {
                self.use_movement(s, AdvancementEffect::IgnorePermission);
            }
        }
        self.do_move(s, k, to);
    }
}
