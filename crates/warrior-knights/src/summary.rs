//! Cheap public facts about a Baron, for evaluations and terminals.

use crate::state::{holders, Loc, WarriorKnights};
use crate::types::Holder;

/// Public facts about one Baron.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Influence.
    pub influence: u16,
    /// Cities controlled (Kingdom and overseas).
    pub cities: u8,
    /// Kingdom cities controlled.
    pub kingdom_cities: u8,
    /// Troop strength of armies on the board (after casualties).
    pub troops_on_board: u32,
    /// Troop strength off the board (Nobles waiting, stronghold card).
    pub troops_off_board: u32,
    /// Crowns.
    pub crowns: u16,
    /// Votes.
    pub votes: u16,
    /// Faith.
    pub faith: u16,
    /// The stronghold is on the board.
    pub stronghold: bool,
    /// Out of the game.
    pub eliminated: bool,
}

/// *For Glory*'s public facts about one Baron (kept apart from [`Summary`], whose printed form
/// pins the digests of stored games' revisions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GlorySummary {
    /// Knowledge.
    pub(crate) knowledge: u8,
    /// Advancements owned.
    pub(crate) advancements: u8,
    /// Holds the Scholar token.
    pub(crate) scholar: bool,
}

impl WarriorKnights {
    /// Public facts about Baron `seat`.
    pub fn summary(&self, seat: u8) -> Summary {
        if seat >= self.core.n {
            return Summary::default();
        }
        let b = self.b(seat);
        let mut on = 0u32;
        let mut off = 0u32;
        for h in holders() {
            let v = u32::from(self.army_strength(seat, h));
            let on_board = match h {
                Holder::Noble(k) => matches!(self.nb(seat, k).loc, Loc::At(_) | Loc::Sea(_)),
                Holder::Stronghold => b.stronghold.is_some(),
            };
            if on_board {
                on += v;
            } else {
                off += v;
            }
        }
        Summary {
            influence: b.influence,
            cities: self.cities_of(seat).len() as u8,
            kingdom_cities: self.kingdom_cities_of(seat) as u8,
            troops_on_board: on,
            troops_off_board: off,
            crowns: b.crowns,
            votes: b.votes,
            faith: b.faith,
            stronghold: b.stronghold.is_some(),
            eliminated: b.eliminated,
        }
    }

    /// *For Glory*'s public facts about Baron `seat` (all zero without the variant).
    pub(crate) fn glory_summary(&self, seat: u8) -> GlorySummary {
        self.gl()
            .map_or_else(GlorySummary::default, |g| GlorySummary {
                knowledge: g.knowledge.get(usize::from(seat)).copied().unwrap_or(0),
                advancements: g.owned.get(usize::from(seat)).map_or(0, |o| o.len() as u8),
                scholar: g.scholar == Some(seat),
            })
    }

    /// Kingdom cities a Baron needs for the city win now: more than half of the unrazed ones
    /// (the seed's rule), or for two Barons under the FAQ's rule the data's fixed count (W6).
    pub fn city_win_needs(&self) -> u8 {
        if self.core.n == 2 && self.config.two_barons_need_five_cities() {
            return self
                .t()
                .components
                .player_count(2)
                .map_or(5, |p| p.city_win);
        }
        let unrazed = (0..self.core.cities.len() as u8)
            .filter(|&c| self.t().is_kingdom_city(c) && !self.city(c).razed)
            .count();
        (unrazed / 2 + 1) as u8
    }

    /// Influence left in the pool and at the start.
    pub fn pool(&self) -> (i32, i32) {
        let start = i32::from(
            self.config
                .influence_pool(&self.t().components.influence_per_baron),
        );
        (self.core.pool, start)
    }

    /// The Chairman drawn at setup.
    pub fn first_chairman(&self) -> u8 {
        self.core.first_chairman
    }

    /// The current round (1-based).
    pub fn round(&self) -> u16 {
        self.core.round
    }
}

impl WarriorKnights {
    /// A position for tests outside this crate (bots, servers): a new game played through
    /// setup, then an Upkeep in which two unguarded cities of the first Baron in turn order both
    /// revolt, so that he must choose which to resolve first (rules revision 4). `None` under
    /// an older revision.
    #[doc(hidden)]
    pub fn example_revolt_order(config: &crate::Config, seed: u64) -> Option<WarriorKnights> {
        use ordo_core::Game;
        if !config.revision_4() {
            return None;
        }
        let mut g = WarriorKnights::new_game(config, seed).ok()?;
        while g.core.phase != crate::state::Phase::Planning {
            let s = match g.to_act() {
                ordo_core::ToAct::Seat(s) => s,
                _ => return None,
            };
            let first = *g.legal_actions(s).first()?;
            g.apply(s, first).ok()?;
        }
        let s = *g.order().first()?;
        let guarded = |g: &WarriorKnights, c: u8| {
            let area = g.t().city_area[usize::from(c)];
            g.active()
                .into_iter()
                .any(|o| !g.nobles_at(o, area).is_empty())
        };
        let free: Vec<u8> = (0..g.core.cities.len() as u8)
            .filter(|&c| !g.city(c).razed && g.city(c).owner.is_none() && !guarded(&g, c))
            .take(2)
            .collect();
        if free.len() < 2 {
            return None;
        }
        for &c in &free {
            g.city_mut(c).owner = Some(s);
        }
        let n = g.t().fate.len() as u8;
        let mut order: Vec<u8> = (0..n)
            .filter(|&f| g.t().fate[usize::from(f)].revolt)
            .collect();
        order.extend((0..n).filter(|&f| !g.t().fate[usize::from(f)].revolt));
        g.core.fate.set(order);
        g.core.phase = crate::state::Phase::Auto;
        g.core.steps = vec![crate::state::Step::RevoltFrom(0, 0)];
        g.run();
        (g.core.phase == crate::state::Phase::RevoltOrder(s)).then_some(g)
    }
}
