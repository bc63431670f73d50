//! Crown and Glory's *For Glory* in play: Knowledge and the Scholar, the Advancement market,
//! Enrich Mind, Forced March and the variant's Neutral cards. Every piece of its state lives in
//! one [`Glory`] that only its tables carry, so games without the variant keep their state
//! hashes. The order it is built in is `docs/research/crown-and-glory.md` §10.

use std::collections::VecDeque;

use ordo_core::ActionList;

use crate::glory_data::{Advancement, ForGlory};
use crate::state::{IfPlayed, Loc, Phase, Step, WarriorKnights};
use crate::types::{Action, BaronCard, NeutralCard, Shape, Zone};

/// Every Baron card a hand may hold with *For Glory*.
const EVERY_BARON_CARD: [BaronCard; 8] = [
    BaronCard::MobilizeForces,
    BaronCard::LevyTaxes,
    BaronCard::DraftSoldiers,
    BaronCard::RallySupport,
    BaronCard::ServeTheChurch,
    BaronCard::VersatileStrategy,
    BaronCard::EnrichMind,
    BaronCard::ForcedMarch,
];

/// *For Glory*'s state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Glory {
    /// Knowledge per Baron.
    pub(crate) knowledge: Vec<u8>,
    /// The Baron holding the Scholar token.
    pub(crate) scholar: Option<u8>,
    /// Per Baron, the Enrich Mind and Forced March cards in hand (the base six are counted in
    /// the Baron's own hand).
    pub(crate) hand: Vec<[u8; 2]>,
    /// The Advancement deck, top first, by kind (its order is hidden).
    pub(crate) deck: VecDeque<u8>,
    /// The Advancements face up to buy, by kind.
    pub(crate) market: Vec<u8>,
    /// Per Baron, the Advancements he owns, by kind, in the order bought.
    pub(crate) owned: Vec<Vec<u8>>,
    /// Per Baron, his Advancements used and face down until the Upkeep.
    pub(crate) exhausted: Vec<Vec<u8>>,
    /// Forced March: Nobles the card being resolved has refreshed.
    pub(crate) refreshed: u8,
    /// Mercenary Track spots Assemble Troops has filled without a Baron marker, until the
    /// Draft.
    pub(crate) blocked: Vec<u8>,
    /// A Pressing Agenda cards lying in the Assembly area (they count towards it).
    pub(crate) pressing: u8,
    /// Riot tokens: (city, the owner it was put on for).
    pub(crate) rioting: Vec<(u8, u8)>,
    /// Cities whose Upkeep draw was a Riot, waiting to be resolved with the revolts.
    pub(crate) riot_draws: Vec<u8>,
    /// The defender of the battle under way retreated of his own will.
    pub(crate) withdrawn: bool,
    /// Garrisons: (city, owner).
    pub(crate) garrisons: Vec<(u8, u8)>,
    /// Barons whose Herald has ignored a Riot this Upkeep.
    pub(crate) riot_ignored: Vec<u8>,
    /// The Advancement (kind) each battle side declared in the battle under way.
    pub(crate) battle_adv: [Option<u8>; 2],
}

impl WarriorKnights {
    /// *For Glory*'s components, when the table plays it.
    pub(crate) fn fg(&self) -> Option<&'static ForGlory> {
        self.t().glory
    }

    /// *For Glory*'s state, when the table plays it.
    pub(crate) fn gl(&self) -> Option<&Glory> {
        self.core.glory.0.as_ref()
    }

    fn glm(&mut self) -> Option<&mut Glory> {
        self.core.glory.0.as_mut()
    }

    fn advancement(&self, kind: u8) -> Option<&'static Advancement> {
        self.fg()?.advancements.get(usize::from(kind))
    }

    // ---------- hands ----------

    /// The Baron cards a hand may hold at this table.
    pub(crate) fn baron_cards(&self) -> &'static [BaronCard] {
        if self.gl().is_some() {
            &EVERY_BARON_CARD
        } else {
            &BaronCard::ALL
        }
    }

    /// Copies of `c` in `s`'s hand.
    pub(crate) fn hand_count(&self, s: u8, c: BaronCard) -> u8 {
        match c.index().checked_sub(BaronCard::ALL.len()) {
            None => self.b(s).hand[c.index()],
            Some(i) => self
                .gl()
                .and_then(|g| g.hand.get(usize::from(s)))
                .map_or(0, |h| h[i]),
        }
    }

    /// Sets the copies of `c` in `s`'s hand.
    pub(crate) fn set_hand(&mut self, s: u8, c: BaronCard, count: u8) {
        match c.index().checked_sub(BaronCard::ALL.len()) {
            None => self.bm(s).hand[c.index()] = count,
            Some(i) => {
                if let Some(h) = self.glm().and_then(|g| g.hand.get_mut(usize::from(s))) {
                    h[i] = count;
                }
            }
        }
    }

    /// One more (or one fewer) `c` in `s`'s hand.
    pub(crate) fn hand_add(&mut self, s: u8, c: BaronCard, more: bool) {
        let n = self.hand_count(s, c);
        let n = if more {
            n.saturating_add(1)
        } else {
            n.saturating_sub(1)
        };
        self.set_hand(s, c, n);
    }

    /// Whether `s` holds no Baron card.
    pub(crate) fn hand_empty(&self, s: u8) -> bool {
        self.baron_cards()
            .iter()
            .all(|&c| self.hand_count(s, c) == 0)
    }

    // ---------- setup ----------

    /// *For Glory*'s setup after the Chairman and the Head of the Church are chosen: the
    /// Advancement market, the variant's Baron cards, and the Scholar (with three Barons or
    /// more, a Baron drawn by Fate who is neither Chairman nor Head of the Church).
    pub(crate) fn glory_setup(&mut self, fg: &'static ForGlory) {
        let n = usize::from(self.core.n);
        let mut deck: Vec<u8> = Vec::new();
        for (k, a) in fg.advancements.iter().enumerate() {
            deck.extend(std::iter::repeat_n(k as u8, usize::from(a.copies)));
        }
        self.rng.shuffle(&mut deck);
        let mut deck: VecDeque<u8> = deck.into();
        let market: Vec<u8> = (0..fg.advancements_on_offer)
            .filter_map(|_| deck.pop_front())
            .collect();
        let count = |id: &str| {
            fg.baron_actions
                .iter()
                .find(|a| a.id == id)
                .map_or(0, |a| a.count)
        };
        let hand = [
            count(BaronCard::EnrichMind.id()),
            count(BaronCard::ForcedMarch.id()),
        ];
        self.core.glory = IfPlayed(Some(Glory {
            knowledge: vec![0; n],
            scholar: None,
            hand: vec![hand; n],
            deck,
            market,
            owned: vec![Vec::new(); n],
            exhausted: vec![Vec::new(); n],
            refreshed: 0,
            blocked: Vec::new(),
            pressing: 0,
            rioting: Vec::new(),
            riot_draws: Vec::new(),
            withdrawn: false,
            garrisons: Vec::new(),
            riot_ignored: Vec::new(),
            battle_adv: [None, None],
        }));
        if self.core.n >= 3 {
            let (chair, head) = (self.core.chairman, self.core.head);
            let scholar = self.fate_until(|g, f| {
                let b = g.t().fate[f].baron;
                b < g.core.n && b != chair && b != head
            });
            let scholar = scholar.map(|id| self.t().fate[usize::from(id)].baron);
            if let Some(g) = self.glm() {
                g.scholar = scholar;
            }
        }
    }

    // ---------- Enrich Mind ----------

    /// Enrich Mind carried out: Knowledge, then the Scholar token for the strictly most
    /// Knowledge, then purchases.
    pub(crate) fn enrich_mind(&mut self, s: u8) {
        let Some(fg) = self.fg() else {
            return;
        };
        let active = self.active();
        let more = fg
            .knowledge_per_enrich_mind
            .saturating_add(self.adv_knowledge(s));
        if let Some(g) = self.glm() {
            let k = &mut g.knowledge[usize::from(s)];
            *k = k.saturating_add(more);
            let mine = g.knowledge[usize::from(s)];
            if active
                .iter()
                .all(|&o| o == s || g.knowledge[usize::from(o)] < mine)
            {
                g.scholar = Some(s);
            }
        }
        self.push(Step::Buying(s));
    }

    /// Whether `s` may buy more with the Enrich Mind being resolved, or allocates it now.
    pub(crate) fn buying(&mut self, s: u8) {
        let mut out = ActionList::new();
        self.purchases(s, &mut out);
        self.core.phase = if out.is_empty() {
            Phase::EnrichZone(s)
        } else {
            Phase::Buy(s)
        };
    }

    /// The Advancements face up that `s` may buy now (at most one of each kind).
    fn purchases(&self, s: u8, out: &mut ActionList<Action>) {
        let Some(g) = self.gl() else {
            return;
        };
        let knowledge = g.knowledge[usize::from(s)];
        let mut kinds = g.market.clone();
        kinds.sort_unstable();
        kinds.dedup();
        for k in kinds {
            if self.advancement(k).is_some_and(|a| a.cost <= knowledge)
                && !g.owned[usize::from(s)].contains(&k)
            {
                out.push(Action::BuyAdvancement(k));
            }
        }
    }

    /// Takes an Advancement into `s`'s hand for `cost` Knowledge; over the limit, he discards.
    fn acquire(&mut self, s: u8, k: u8, cost: u8) {
        let max = self.fg().map_or(3, |fg| fg.advancements_max);
        if let Some(g) = self.glm() {
            let knowledge = &mut g.knowledge[usize::from(s)];
            *knowledge = knowledge.saturating_sub(cost);
            g.owned[usize::from(s)].push(k);
            if g.owned[usize::from(s)].len() > usize::from(max) {
                self.core.phase = Phase::Overflow(s);
            }
        }
    }

    /// Puts an Advancement at the bottom of the deck.
    fn advancement_to_bottom(&mut self, k: u8) {
        if let Some(g) = self.glm() {
            g.deck.push_back(k);
        }
    }

    /// Draws the top Advancement into the market.
    fn refill_market(&mut self) {
        if let Some(g) = self.glm() {
            if let Some(k) = g.deck.pop_front() {
                g.market.push(k);
            }
        }
    }

    fn take_from_market(&mut self, k: u8) {
        if let Some(g) = self.glm() {
            if let Some(i) = g.market.iter().position(|&x| x == k) {
                g.market.remove(i);
            }
        }
    }

    fn is_scholar(&self, s: u8) -> bool {
        self.gl().is_some_and(|g| g.scholar == Some(s))
    }

    // ---------- Forced March ----------

    /// The Nobles Forced March may refresh now: exhausted, on the board (not at sea), and
    /// affordable (the first is free).
    fn refreshable(&self, s: u8, out: &mut ActionList<Action>) {
        let (Some(g), Some(fg)) = (self.gl(), self.fg()) else {
            return;
        };
        let price = if g.refreshed == 0 {
            0
        } else {
            u16::from(fg.forced_march_extra_price)
        };
        if self.b(s).crowns < price {
            return;
        }
        for k in 0..4 as Shape {
            let nb = self.nb(s, k);
            if nb.exhausted && matches!(nb.loc, Loc::At(_)) {
                out.push(Action::Refresh(k));
            }
        }
    }

    // ---------- the variant's decisions ----------

    /// The decisions of `s` in a *For Glory* phase, and those of its Baron cards.
    pub(crate) fn glory_actions(&self, phase: Phase, s: u8, out: &mut ActionList<Action>) {
        let Some(g) = self.gl() else {
            return;
        };
        match phase {
            Phase::Card(_, BaronCard::EnrichMind) => {
                out.push(Action::CarryOut);
                out.push(Action::Decline);
            }
            Phase::Card(_, BaronCard::ForcedMarch) => {
                self.refreshable(s, out);
                out.push(Action::Decline);
            }
            Phase::Buy(_) => {
                self.purchases(s, out);
                out.push(Action::AdvancementsDone);
            }
            Phase::Overflow(_) => {
                out.extend(
                    g.owned[usize::from(s)]
                        .iter()
                        .map(|&k| Action::DiscardAdvancement(k)),
                );
            }
            Phase::EnrichZone(_) => {
                out.push(Action::AllocateTo(Zone::Taxation));
                out.push(Action::AllocateTo(Zone::Assembly));
            }
            Phase::ForcedMarch(_) => {
                self.refreshable(s, out);
                out.push(Action::RefreshDone);
            }
            Phase::Research(_) => {
                out.push(Action::ResearchDraw);
                out.push(Action::AdvancementsDone);
            }
            Phase::Researched(_, k) => {
                let cost = self.advancement(k).map_or(u8::MAX, |a| a.cost);
                if cost.saturating_sub(1) <= g.knowledge[usize::from(s)]
                    && !g.owned[usize::from(s)].contains(&k)
                {
                    out.push(Action::BuyAdvancement(k));
                }
                out.push(Action::DiscardAdvancement(k));
            }
            Phase::Uncertain(_) => {
                let mut kinds = g.market.clone();
                kinds.sort_unstable();
                kinds.dedup();
                out.extend(kinds.into_iter().map(Action::DiscardAdvancement));
                out.push(Action::AdvancementsDone);
            }
            _ => {}
        }
    }

    /// Applies a legal decision of a *For Glory* phase or Baron card.
    pub(crate) fn apply_glory(&mut self, phase: Phase, s: u8, a: Action) {
        match (phase, a) {
            (Phase::Card(_, BaronCard::EnrichMind), Action::CarryOut) => self.enrich_mind(s),
            (Phase::Card(_, BaronCard::EnrichMind), _) => self.core.phase = Phase::EnrichZone(s),
            (
                Phase::Card(_, BaronCard::ForcedMarch) | Phase::ForcedMarch(_),
                Action::Refresh(k),
            ) => {
                let extra = self.fg().map_or(0, |fg| fg.forced_march_extra_price);
                let done = self.gl().map_or(0, |g| g.refreshed);
                if done > 0 {
                    self.pay(s, u16::from(extra));
                }
                if let Some(g) = self.glm() {
                    g.refreshed = done.saturating_add(1);
                }
                self.nbm(s, k).exhausted = false;
                let mut out = ActionList::new();
                self.refreshable(s, &mut out);
                if out.is_empty() {
                    self.forced_march_done();
                } else {
                    self.core.phase = Phase::ForcedMarch(s);
                }
            }
            (Phase::Card(_, BaronCard::ForcedMarch) | Phase::ForcedMarch(_), _) => {
                self.forced_march_done();
            }
            (Phase::Buy(_), Action::BuyAdvancement(k)) => {
                let cost = self.advancement(k).map_or(0, |a| a.cost);
                self.take_from_market(k);
                self.refill_market();
                // The Scholar buys on; anyone else has bought his one. Over the limit, a
                // discard comes first.
                if self.is_scholar(s) {
                    self.push(Step::Buying(s));
                } else {
                    self.push(Step::Resume(Phase::EnrichZone(s)));
                }
                self.acquire(s, k, cost);
            }
            (Phase::Buy(_), _) => self.core.phase = Phase::EnrichZone(s),
            (Phase::Overflow(_), Action::DiscardAdvancement(k)) => {
                if let Some(g) = self.glm() {
                    let owned = &mut g.owned[usize::from(s)];
                    if let Some(i) = owned.iter().position(|&x| x == k) {
                        owned.remove(i);
                    }
                    g.exhausted[usize::from(s)].retain(|&x| x != k);
                }
                self.advancement_to_bottom(k);
            }
            (Phase::EnrichZone(_), Action::AllocateTo(z)) => self.card_done(Some(z)),
            (Phase::Research(_), Action::ResearchDraw) => {
                let price = self.fg().map_or(0, |fg| fg.research_price);
                self.pay(s, u16::from(price));
                let top = self.glm().and_then(|g| g.deck.pop_front());
                if let Some(k) = top {
                    self.core.phase = Phase::Researched(s, k);
                }
            }
            (Phase::Researched(_, k), Action::BuyAdvancement(_)) => {
                let cost = self.advancement(k).map_or(0, |a| a.cost);
                self.acquire(s, k, cost.saturating_sub(1));
            }
            (Phase::Researched(_, k), _) => self.advancement_to_bottom(k),
            (Phase::Uncertain(_), Action::DiscardAdvancement(k)) => {
                self.take_from_market(k);
                self.advancement_to_bottom(k);
                self.refill_market();
            }
            _ => {}
        }
    }

    fn forced_march_done(&mut self) {
        if let Some(g) = self.glm() {
            g.refreshed = 0;
        }
        self.card_done(Some(Zone::Wages));
    }

    // ---------- the variant's Neutral cards ----------

    /// Resolves one of the variant's Neutral cards (or its version of a base one).
    pub(crate) fn glory_neutral(&mut self, nc: NeutralCard) {
        let Some(fg) = self.fg() else {
            return;
        };
        let scholar = self
            .gl()
            .and_then(|g| g.scholar)
            .filter(|&x| !self.b(x).eliminated);
        let deck_left = self.gl().is_some_and(|g| !g.deck.is_empty());
        match nc {
            NeutralCard::UncertainTimes => {
                self.core.fate.shuffle(&mut self.rng);
                let market = self.gl().is_some_and(|g| !g.market.is_empty());
                if let (Some(x), true, true) = (scholar, market, deck_left) {
                    self.core.phase = Phase::Uncertain(x);
                }
            }
            NeutralCard::Research => {
                if let Some(x) = scholar {
                    if deck_left && self.b(x).crowns >= u16::from(fg.research_price) {
                        self.core.phase = Phase::Research(x);
                    }
                }
            }
            NeutralCard::PressingAgenda => {
                if let Some(a) = self.draw_agenda() {
                    self.core.current_agendas.push(a);
                }
                if let Some(g) = self.glm() {
                    g.pressing = g.pressing.saturating_add(1);
                }
                self.push(Step::Triggers);
            }
            NeutralCard::AssembleTroops => {
                if let Some(m) = self.draw_merc() {
                    self.core.offer.push(m);
                }
                if let Some(&i) = self.free_spots().first() {
                    if let Some(g) = self.glm() {
                        g.blocked.push(i);
                    }
                }
                self.push(Step::Triggers);
            }
            NeutralCard::MusterForces => self.push(Step::MusterFrom(0)),
            NeutralCard::ImportantEvent
            | NeutralCard::FundExpeditions
            | NeutralCard::UpgradeDefenses
            | NeutralCard::MusterTroops => {}
        }
    }

    /// The Baron whose Garrison holds city `c`.
    pub(crate) fn garrison_at(&self, c: u8) -> Option<u8> {
        self.gl()?
            .garrisons
            .iter()
            .find(|&&(x, _)| x == c)
            .map(|&(_, o)| o)
    }

    /// Whether a Mercenary Track spot is filled by Assemble Troops.
    pub(crate) fn spot_blocked(&self, i: u8) -> bool {
        self.gl().is_some_and(|g| g.blocked.contains(&i))
    }

    /// Whether every spot of the Mercenary Track is filled (a Draft is due).
    pub(crate) fn track_full(&self) -> bool {
        self.core
            .track
            .iter()
            .enumerate()
            .all(|(i, x)| x.is_some() || self.spot_blocked(i as u8))
    }

    /// The Draft is over: Assemble Troops' tokens leave the track.
    pub(crate) fn unblock_track(&mut self) {
        if let Some(g) = self.glm() {
            g.blocked.clear();
        }
    }

    /// Cards in the Assembly area, A Pressing Agenda included.
    pub(crate) fn assembly_cards(&self) -> usize {
        self.core.zones[Zone::Assembly as usize].len()
            + self.gl().map_or(0, |g| usize::from(g.pressing))
    }

    /// The Assembly's cards go back: A Pressing Agenda to the Neutral pile.
    pub(crate) fn pressing_back(&mut self) {
        if let Some(g) = self.glm() {
            g.pressing = 0;
        }
    }

    /// The Neutral cards dealt this round: the whole pile but A Pressing Agenda still lying in
    /// the Assembly.
    pub(crate) fn neutral_pile(&self) -> Vec<NeutralCard> {
        let mut pile = self.t().neutral_deck.clone();
        for _ in 0..self.gl().map_or(0, |g| g.pressing) {
            if let Some(i) = pile.iter().position(|&c| c == NeutralCard::PressingAgenda) {
                pile.remove(i);
            }
        }
        pile
    }

    /// Neutral cards in each Action stack.
    pub(crate) fn neutral_per_stack(&self) -> usize {
        self.fg().map_or(2, |fg| usize::from(fg.neutral_per_stack))
    }

    /// The Upkeep's Refresh: exhausted Advancements face up again.
    pub(crate) fn refresh_advancements(&mut self) {
        if let Some(g) = self.glm() {
            for e in &mut g.exhausted {
                e.clear();
            }
        }
    }

    /// A Baron leaves the game: his Knowledge goes, his Advancements to the bottom of the deck,
    /// his variant's cards from his hand.
    pub(crate) fn glory_eliminate(&mut self, s: u8) {
        if let Some(g) = self.glm() {
            let i = usize::from(s);
            g.knowledge[i] = 0;
            g.hand[i] = [0, 0];
            g.exhausted[i].clear();
            let owned = std::mem::take(&mut g.owned[i]);
            g.deck.extend(owned);
            if g.scholar == Some(s) {
                g.scholar = None;
            }
        }
    }
}
