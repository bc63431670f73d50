//! The core contract for Warrior Knights.

use std::hash::{Hash, Hasher};

use ordo_core::{
    ActionList, BySeat, ConfigError, Game, GameInfo, GameRng, Seat, StableHasher, ToAct, Viewer,
};

use ordo_core::pack::PackId;

use crate::config::Config;
use crate::state::{Phase, WarriorKnights};
use crate::types::Action;
use crate::view::View;

/// No game observed comes near this bound.
const MAX_DECISIONS: u32 = 200_000;

impl Game for WarriorKnights {
    type Config = Config;
    type Action = Action;
    type View = View;

    const INFO: GameInfo = GameInfo {
        id: "warrior-knights",
        name: "Warrior Knights",
        min_seats: 2,
        max_seats: 6,
        imperfect_information: true,
        simultaneous: true,
        max_decisions: MAX_DECISIONS,
    };

    fn data_version() -> &'static str {
        "warrior-knights-components-1+warrior-knights-map-1+warrior-knights-cards-1"
    }

    fn data_files() -> Vec<(&'static str, &'static str)> {
        crate::raw_files().to_vec()
    }

    fn load_data_pack(files: &[(String, String)]) -> Result<Option<PackId>, Vec<String>> {
        crate::tables::load_pack(files)
            .map_err(|errs| errs.iter().map(ToString::to_string).collect())
    }

    fn data_pack(config: &Config) -> Option<PackId> {
        config.data
    }

    fn set_data_pack(config: &mut Config, pack: Option<PackId>) {
        config.data = pack;
    }

    fn data_pack_files(pack: PackId) -> Option<Vec<(&'static str, &'static str)>> {
        crate::tables::pack(pack).map(|p| p.files.clone())
    }

    fn new_game(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        let mut g = WarriorKnights::setup(config, seed)?;
        g.run();
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_seats(&self) -> u8 {
        self.core.n
    }

    fn to_act(&self) -> ToAct {
        match self.core.phase {
            Phase::Over | Phase::Auto => match &self.core.outcome {
                Some(o) => ToAct::Over(o.clone()),
                None => ToAct::Over(ordo_core::Outcome::ranked(self.scores(), |s| {
                    u32::from(s.0)
                })),
            },
            Phase::Planning => {
                let mut set = ordo_core::SeatSet::EMPTY;
                for (i, &d) in self.core.plan_done.iter().enumerate() {
                    if !d {
                        set.insert(Seat(i as u8));
                    }
                }
                ToAct::Simultaneous(set)
            }
            Phase::Commit => {
                let mut set = ordo_core::SeatSet::EMPTY;
                for s in self.pending_commits() {
                    set.insert(Seat(s));
                }
                ToAct::Simultaneous(set)
            }
            p => ToAct::Seat(Seat(self.decider(p))),
        }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut ActionList<Action>) {
        if seat.0 >= self.core.n || !self.to_act().includes(seat) {
            return;
        }
        let start = out.len();
        self.legal_in(self.core.phase, seat.0, out);
        out[start..].sort_unstable();
        // Duplicates removed in place (the list is sorted).
        let mut kept = start;
        for i in start..out.len() {
            if i == start || out[i] != out[kept - 1] {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn apply_unchecked(&mut self, seat: Seat, action: Action) {
        if action.is_gift() {
            self.give(seat.0, action);
        } else if action.is_offer() {
            self.apply_offer(seat.0, action);
        } else {
            self.apply_action(seat.0, action);
        }
    }

    /// Gifts of crowns (and, with *Exchanging Heirs*, of heir tokens) may be made at any time
    /// by any Baron (the rules' "at any time"; W22), and so may offers and their answers (W30).
    fn is_free_action(&self, action: &Action) -> bool {
        action.is_free()
    }

    /// Every gift, every answer to an open offer, and the offers with one thing on each side
    /// (see `offer_decisions`).
    fn free_actions_into(&self, seat: Seat, out: &mut ActionList<Action>) {
        if !self.to_act().is_over() {
            let start = out.len();
            self.gifts(seat.0, out);
            self.offer_decisions(seat.0, out);
            out[start..].sort_unstable();
        }
    }

    fn check_free(&self, seat: Seat, action: &Action) -> Result<(), ordo_core::IllegalReason> {
        if action.is_offer() {
            self.check_offer(seat.0, action)
        } else {
            self.check_gift(seat.0, action)
        }
        .map_err(|why| ordo_core::IllegalReason::Refused { why })
    }

    fn view(&self, viewer: Viewer) -> View {
        self.make_view(viewer)
    }

    fn resample_from_view(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.resample(seat, rng)
    }

    fn state_hash(&self) -> u64 {
        let mut h = StableHasher::default();
        self.core.hash(&mut h);
        self.rng.position().hash(&mut h);
        h.finish()
    }

    fn scores(&self) -> BySeat<i32> {
        BySeat::new_with(self.core.n, |s| i32::from(self.b(s.0).influence))
    }

    fn describe_action(&self, action: &Action) -> String {
        crate::describe::describe(self, action)
    }

    fn effect(&self, before: &Self, seat: Seat, _action: &Action) -> Option<serde_json::Value> {
        crate::effect::effect(before, self, seat).and_then(|e| serde_json::to_value(e).ok())
    }

    /// From rules revision 4, Barons still tied after every tie-break share their place, and
    /// tied leaders make no King (the rules' last tie-break).
    fn declared_places(&self) -> Option<ordo_core::BySeat<u8>> {
        let st = self.standing()?;
        Some(BySeat::new_with(self.core.n, |s| {
            st.places.get(s.index()).copied().unwrap_or(0)
        }))
    }

    /// Every Event the decision drew or resolved, named with its drawer and effect.
    fn announcements(&self) -> Vec<String> {
        self.event_announcements()
    }

    fn secrets_of(&self, seat: Seat) -> Vec<String> {
        self.secrets(seat)
    }

    /// Planning is secret, and so is which Fate card a Baron discards face down in a battle
    /// (the others see only how many he discarded), and which Advancement the Scholar's
    /// Research drew and put back at the bottom (*For Glory*). An offer, declining it and
    /// withdrawing it are seen by its two Barons only; accepting it is public.
    fn is_secret_decision(&self, _seat: Seat, action: &Action) -> bool {
        match action {
            Action::Offer { .. } | Action::DeclineOffer { .. } | Action::WithdrawOffer { .. } => {
                true
            }
            a if a.is_free() => false,
            a => {
                matches!(a, Action::DiscardFate(_))
                    || (matches!(a, Action::DiscardAdvancement(_))
                        && matches!(self.core.phase, Phase::Researched(..)))
                    || matches!(self.to_act(), ToAct::Simultaneous(_))
            }
        }
    }

    /// The other side of an offer sees the offer, its withdrawal and its refusal.
    fn secret_shared_with(&self, _seat: Seat, action: &Action) -> Option<Seat> {
        match action {
            Action::Offer { .. } | Action::DeclineOffer { .. } | Action::WithdrawOffer { .. } => {
                Self::offer_party(action).map(Seat)
            }
            _ => None,
        }
    }

    /// Laying a card during Planning reveals nothing and draws nothing, unless it is the card
    /// that ends Planning: then the stacks are shuffled and the first card is revealed, and
    /// that cannot be taken back.
    fn can_take_back(&self, seat: Seat, action: &Action) -> bool {
        if !(matches!(action, Action::Plan { .. }) && self.to_act().includes(seat)) {
            return false;
        }
        let mut after = self.clone();
        after.apply(seat, *action).is_ok()
            && after.rng == self.rng
            && after.core.phase == self.core.phase
            && matches!(after.to_act(), ToAct::Simultaneous(_))
    }
}

impl WarriorKnights {
    /// The Baron deciding in a one-seat phase.
    fn decider(&self, p: Phase) -> u8 {
        match p {
            Phase::SetupStronghold(s)
            | Phase::SetupTroops(s)
            | Phase::SetupNoble(s)
            | Phase::Card(s, _)
            | Phase::ServeZone(s)
            | Phase::MobilizeZone(s)
            | Phase::Mobilize(s, _)
            | Phase::Ask(s)
            | Phase::Target(s, _)
            | Phase::Fighters(s)
            | Phase::Mode(s)
            | Phase::Commander(s)
            | Phase::Discard(s)
            | Phase::Casualties(s)
            | Phase::Retreat(s, _)
            | Phase::Raze(s, _)
            | Phase::GiveCity(s)
            | Phase::Wages(s)
            | Phase::Hire(s)
            | Phase::AssignHire(s)
            | Phase::Upgrade(s)
            | Phase::Muster(s)
            | Phase::EventDrawer(s)
            | Phase::EventTarget(s)
            | Phase::EventCancel(s)
            | Phase::EventPledge(s)
            | Phase::ExpStart(s)
            | Phase::ExpFund(s)
            | Phase::ExpBless(s)
            | Phase::Appoint(s)
            | Phase::Propose(s)
            | Phase::Order(s)
            | Phase::Cast(s)
            | Phase::Tie(s)
            | Phase::Refusal(s)
            | Phase::Office(s)
            | Phase::DropCharge(s)
            | Phase::Tithe(s)
            | Phase::Revolt(s, _)
            | Phase::RevoltOrder(s)
            | Phase::Loss(s)
            | Phase::Miracle(s)
            | Phase::Return(s)
            | Phase::KingArmy(s)
            | Phase::Buy(s)
            | Phase::Overflow(s)
            | Phase::EnrichZone(s)
            | Phase::ForcedMarch(s)
            | Phase::Research(s)
            | Phase::Researched(s, _)
            | Phase::Uncertain(s)
            | Phase::Riot(s, _)
            | Phase::Withdraw(s)
            | Phase::FundsNeeded(s, _)
            | Phase::Garrison(s)
            | Phase::Disband(s)
            | Phase::Levy(s)
            | Phase::UseAdvancement(s) => s,
            Phase::Auto | Phase::Over | Phase::Planning | Phase::Commit => 0,
        }
    }

    /// Completed rounds.
    pub fn rounds(&self) -> u32 {
        u32::from(self.core.round.saturating_sub(1))
    }

    /// Decisions made so far.
    pub fn decisions(&self) -> u32 {
        self.core.decisions
    }
}
