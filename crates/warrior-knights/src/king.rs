//! Crown and Glory, *The King* (W28): the crowning when the Influence pool runs out, the King's
//! Army, his Influence in every later Upkeep, the usurping of his crown by the Baron who takes
//! his stronghold, and the end of the game at a threshold of Influence.

use crate::cards::Resource;
use crate::config::Length;
use crate::state::{holders, Loc, Phase, Reign, Step, WarriorKnights};
use crate::types::*;

impl WarriorKnights {
    /// The King, once crowned.
    pub(crate) fn king(&self) -> Option<u8> {
        self.core.crown.0.as_ref().and_then(|r| r.king)
    }

    fn reign(&mut self) -> Option<&mut Reign> {
        self.core.crown.0.as_mut()
    }

    /// Influence a Baron must hold at the end of a round for the game to end (`None` without
    /// the variant).
    pub(crate) fn king_end_at(&self) -> Option<u8> {
        self.core.crown.0.as_ref()?;
        let k = self.t().components.the_king.as_ref()?;
        Some(match self.config.length {
            Length::Shorter => k.end_at.shorter,
            Length::Longer => k.end_at.longer,
            _ => k.end_at.standard,
        })
    }

    /// Gain Influence, with the variant: the King crowned in an earlier Upkeep gains his bonus;
    /// with the pool empty and no King yet, the one Baron ahead after every tie-break is
    /// crowned (leaders tied after them all make no King, and the crowning waits).
    pub(crate) fn king_upkeep(&mut self) {
        let round = self.core.round;
        if let Some(k) = self.king() {
            let earlier = self.core.crown.0.as_ref().is_some_and(|r| r.since < round);
            if earlier && !self.b(k).eliminated {
                let bonus = self
                    .t()
                    .components
                    .the_king
                    .as_ref()
                    .map_or(0, |t| t.bonus_influence);
                self.gain(k, Resource::Influence, i32::from(bonus));
            }
            return;
        }
        if self.core.pool > 0 {
            return;
        }
        let mut order = self.active();
        order.sort_by_key(|&s| self.rank_key(s));
        let leader = match order.as_slice() {
            [] => return,
            [one] => *one,
            [a, b, ..] if self.rank_key(*a) != self.rank_key(*b) => *a,
            _ => return,
        };
        let n = self.core.n;
        if let Some(r) = self.reign() {
            r.king = Some(leader);
            r.since = round;
            r.to_place = (0..n).map(|i| KING_ARMY_BASE + i).collect();
        }
    }

    /// Whether King's Army cards wait to be placed.
    pub(crate) fn king_army_waiting(&self) -> bool {
        self.core
            .crown
            .0
            .as_ref()
            .is_some_and(|r| !r.to_place.is_empty())
    }

    /// Where the King may put a King's Army card: his stronghold (its card, even off the
    /// board), or a Noble of his standing at his stronghold or at a city he controls.
    pub(crate) fn king_army_holders(&self, s: u8) -> Vec<Holder> {
        let mut places: Vec<u8> = self
            .cities_of(s)
            .into_iter()
            .map(|c| self.t().city_area[usize::from(c)])
            .collect();
        places.extend(self.b(s).stronghold);
        holders()
            .filter(|&h| match h {
                Holder::Stronghold => true,
                Holder::Noble(k) => {
                    let nb = self.nb(s, k);
                    !nb.gone && matches!(nb.loc, Loc::At(a) if places.contains(&a))
                }
            })
            .collect()
    }

    /// The next King's Army card: placed at once where only the stronghold can take it, else
    /// the King is asked.
    pub(crate) fn king_army_next(&mut self) {
        let Some(k) = self.king() else {
            return;
        };
        while self.king_army_waiting() {
            let places = self.king_army_holders(k);
            if places.len() > 1 {
                self.core.phase = Phase::KingArmy(k);
                return;
            }
            self.place_king_army(k, Holder::Stronghold);
        }
    }

    /// The King puts the next King's Army card with `h`.
    pub(crate) fn place_king_army(&mut self, k: u8, h: Holder) {
        let Some(r) = self.reign() else {
            return;
        };
        if r.to_place.is_empty() {
            return;
        }
        let t = r.to_place.remove(0);
        self.troops_mut(k, h).push(t);
        if self.king_army_waiting() {
            self.push(Step::KingArmy);
        }
    }

    /// The Baron `s` took the King `x`'s stronghold: he is King, with every King's Army card
    /// (Nobles left without troops leave the board), to place as the new King does.
    pub(crate) fn usurp(&mut self, s: u8, x: u8) {
        if self.king() != Some(x) || s == x {
            return;
        }
        let mut army = Vec::new();
        for h in holders() {
            let troops = self.troops_mut(x, h);
            army.extend(troops.iter().copied().filter(|&t| t >= KING_ARMY_BASE));
            troops.retain(|&t| t < KING_ARMY_BASE);
            if let Holder::Noble(k) = h {
                self.emptied(x, Holder::Noble(k));
            }
        }
        army.sort_unstable();
        let round = self.core.round;
        if let Some(r) = self.reign() {
            r.king = Some(s);
            r.since = round;
            r.to_place.extend(army);
        }
        if self.king_army_waiting() {
            self.push(Step::KingArmy);
        }
    }

    /// With the variant: whether a Baron has reached the Influence that ends the game.
    pub(crate) fn king_reached_the_end(&self) -> bool {
        self.king_end_at().is_some_and(|end| {
            self.active()
                .into_iter()
                .any(|s| self.b(s).influence >= u16::from(end))
        })
    }
}

// ---------- Crown and Glory: Missions (W29) ----------

impl WarriorKnights {
    /// `s`'s Mission (index into the data's cards), if the table plays them.
    pub(crate) fn mission_of(&self, s: u8) -> Option<u8> {
        self.core
            .missions
            .0
            .as_ref()?
            .dealt
            .get(usize::from(s))
            .copied()
    }

    /// Whether `s` fulfils `cond` now.
    pub(crate) fn mission_done(&self, s: u8, cond: crate::data::MissionCondition) -> bool {
        use crate::data::MissionCondition as M;
        let others = || self.active().into_iter().filter(move |&o| o != s);
        match cond {
            M::OverseasCities { at_least } => {
                self.cities_of(s)
                    .into_iter()
                    .filter(|&c| !self.t().is_kingdom_city(c))
                    .count()
                    >= usize::from(at_least)
            }
            M::HeadOfTheChurch => self.core.head == s,
            M::Chairman => self.core.chairman == s,
            M::MostCrowns => {
                let mine = self.b(s).crowns;
                others().all(|o| self.b(o).crowns < mine)
            }
            M::FortifiedCities { at_least } => {
                self.cities_of(s)
                    .into_iter()
                    .filter(|&c| self.city(c).fortified)
                    .count()
                    >= usize::from(at_least)
            }
            M::NoblesOnBoard { at_least } => {
                (0..4u8)
                    .filter(|&k| matches!(self.nb(s, k).loc, Loc::At(_) | Loc::Sea(_)))
                    .count()
                    >= usize::from(at_least)
            }
            M::Faith { at_least } => self.b(s).faith >= u16::from(at_least),
            M::MostTroopsOnBoard => {
                let mine = self.tie_key(s).2;
                mine > 0 && others().all(|o| self.tie_key(o).2 < mine)
            }
            M::Offices { at_least } => {
                (0..4u8).filter(|&k| self.nb(s, k).office.is_some()).count()
                    >= usize::from(at_least)
            }
            M::ExpeditionStake => self
                .core
                .expeditions
                .iter()
                .any(|e| e.spot > 0 && e.funds.get(usize::from(s)).is_some_and(|&f| f > 0)),
        }
    }

    /// At the end of the game: every Mission is judged on the game as it stands (none sees
    /// another's reward), then each fulfilled one adds its Influence, from outside the pool.
    pub(crate) fn score_missions(&mut self) {
        let Some(m) = self.core.missions.0.as_ref() else {
            return;
        };
        if !m.fulfilled.is_empty() {
            return;
        }
        let Some(data) = self.t().components.missions.as_ref() else {
            return;
        };
        let dealt = m.dealt.clone();
        let done: Vec<bool> = dealt
            .iter()
            .enumerate()
            .map(|(s, &card)| {
                let s = s as u8;
                !self.b(s).eliminated
                    && data
                        .cards
                        .get(usize::from(card))
                        .is_some_and(|c| self.mission_done(s, c.condition))
            })
            .collect();
        let reward = u16::from(data.reward_influence);
        for (s, &ok) in done.iter().enumerate() {
            if ok {
                let b = self.bm(s as u8);
                b.influence = b.influence.saturating_add(reward);
            }
        }
        if let Some(m) = self.core.missions.0.as_mut() {
            m.fulfilled = done;
        }
    }
}
