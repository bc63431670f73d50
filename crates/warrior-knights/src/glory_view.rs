//! *For Glory* as a viewer sees it, and what a seat's guess redraws of it.

use ordo_core::GameRng;
use serde::{Deserialize, Serialize};

use crate::state::{Phase, WarriorKnights};
use crate::types::BaronCard;
use crate::view::RevoltView;

/// *For Glory*'s public state, and the viewer's own part of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkGloryView"))]
pub struct GloryView {
    /// Knowledge per Baron.
    pub knowledge: Vec<u8>,
    /// The Baron holding the Scholar token.
    pub scholar: Option<u8>,
    /// The Advancements face up to buy (kinds, as the data lists them).
    pub market: Vec<u8>,
    /// Cards left in the Advancement deck.
    pub deck: u8,
    /// Each Baron's Advancements (kinds).
    pub owned: Vec<Vec<u8>>,
    /// Each Baron's exhausted Advancements (face down until the Upkeep).
    pub exhausted: Vec<Vec<u8>>,
    /// Garrisons: (city, Baron).
    pub garrisons: Vec<(u8, u8)>,
    /// Garrisons still in the box.
    pub garrisons_left: u8,
    /// Cities rioting now (no crowns, no Influence).
    pub rioting: Vec<u8>,
    /// Mercenary Track spots Assemble Troops has filled (no marker), until the Draft.
    pub blocked: Vec<u8>,
    /// A Pressing Agenda cards lying in the Assembly area.
    pub pressing: u8,
    /// The Advancement each side of the battle under way declared.
    pub battle_advancements: [Option<u8>; 2],
    /// The riot whose owner decides now: the city and what buys it off.
    pub riot: Option<RevoltView>,
    /// The expedition whose funders must pay or forfeit now (Funds Needed).
    pub funds_needed: Option<u8>,
    /// The viewer's Enrich Mind and Forced March cards in hand.
    pub hand: Option<[u8; 2]>,
    /// The Advancement Research drew, seen by the Scholar who drew it only.
    pub researched: Option<u8>,
}

impl WarriorKnights {
    /// *For Glory* as `me` (a seat, or a spectator) sees it; `None` without the variant.
    pub(crate) fn glory_view(&self, me: Option<u8>) -> Option<GloryView> {
        let g = self.gl()?;
        let fg = self.fg()?;
        let mut rioting: Vec<u8> = g
            .rioting
            .iter()
            .map(|&(c, _)| c)
            .filter(|&c| self.rioting(c))
            .collect();
        rioting.sort_unstable();
        rioting.dedup();
        Some(GloryView {
            knowledge: g.knowledge.clone(),
            scholar: g.scholar,
            market: g.market.clone(),
            deck: g.deck.len() as u8,
            owned: g.owned.clone(),
            exhausted: g.exhausted.clone(),
            garrisons: g.garrisons.clone(),
            garrisons_left: fg.garrisons.count.saturating_sub(g.garrisons.len() as u8),
            rioting,
            blocked: g.blocked.clone(),
            pressing: g.pressing,
            battle_advancements: g.battle_adv,
            riot: match self.core.phase {
                Phase::Riot(s, c) => {
                    let (crowns, faith) = self.riot_prices(c);
                    Some(RevoltView {
                        seat: s,
                        city: c,
                        name: self
                            .t()
                            .components
                            .cities
                            .get(usize::from(c))
                            .map_or_else(String::new, |x| x.name.clone()),
                        income: self.t().city_values(c).1,
                        crowns,
                        faith,
                    })
                }
                _ => None,
            },
            funds_needed: match self.core.phase {
                Phase::FundsNeeded(_, e) => Some(e),
                _ => None,
            },
            hand: me.map(|s| {
                [
                    self.hand_count(s, BaronCard::EnrichMind),
                    self.hand_count(s, BaronCard::ForcedMarch),
                ]
            }),
            researched: match self.core.phase {
                Phase::Researched(s, k) if Some(s) == me => Some(k),
                _ => None,
            },
        })
    }

    /// A seat's guess redraws the Advancement deck's order and, for anyone but the Scholar
    /// who drew it, the card Research drew.
    pub(crate) fn glory_resample(&mut self, me: u8, rng: &mut GameRng) {
        let phase = self.core.phase;
        let Some(g) = self.core.glory.0.as_mut() else {
            return;
        };
        let mut deck: Vec<u8> = g.deck.drain(..).collect();
        if let Phase::Researched(s, k) = phase {
            if s != me {
                deck.push(k);
                deck.sort_unstable();
                rng.shuffle(&mut deck);
                let drawn = deck.pop().unwrap_or(k);
                self.core.phase = Phase::Researched(s, drawn);
                if let Some(g) = self.core.glory.0.as_mut() {
                    g.deck = deck.into();
                }
                return;
            }
        }
        deck.sort_unstable();
        rng.shuffle(&mut deck);
        g.deck = deck.into();
    }
}
