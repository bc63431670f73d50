//! The legal decisions of every phase and what each decision does.

use ordo_core::ActionList;

use crate::battle::mandatory_discards;
use crate::cards::{EventColour, Resource};
use crate::map::AreaId;
use crate::phases::Stage;
use crate::state::{holders, AskFor, Loc, Phase, Step, WarriorKnights};
use crate::types::*;

const ZONES: [Zone; 3] = [Zone::Taxation, Zone::Wages, Zone::Assembly];

impl WarriorKnights {
    /// Appends the legal decisions of `s` to `out` (unsorted).
    pub(crate) fn legal_in(&self, phase: Phase, s: u8, out: &mut ActionList<Action>) {
        match phase {
            Phase::Auto | Phase::Over => {}
            Phase::SetupStronghold(x) if x == s => {
                for a in self.stronghold_spots(s, true) {
                    out.push(Action::PlaceStronghold(a));
                }
            }
            Phase::SetupTroops(x) if x == s => {
                out.extend(holders().map(Action::AssignStart));
            }
            Phase::SetupNoble(x) if x == s => {
                let spots = self.setup_noble_spots(s);
                for k in self.unplaced_with_troops(s) {
                    for &a in &spots {
                        out.push(Action::PlaceNoble { shape: k, area: a });
                    }
                }
            }
            Phase::Planning => {
                if self
                    .core
                    .plan_done
                    .get(usize::from(s))
                    .copied()
                    .unwrap_or(true)
                {
                    return;
                }
                let b = self.b(s);
                let total: usize = b.planned.iter().map(Vec::len).sum();
                for stack in 0..3u8 {
                    if b.planned[usize::from(stack)].len() < 2 && total < 6 {
                        for &c in self.baron_cards() {
                            if self.hand_count(s, c) > 0 {
                                out.push(Action::Plan { stack, card: c });
                            }
                        }
                    }
                }
                out.push(Action::PlanDone);
            }
            Phase::Card(x, c) if x == s => self.card_actions(s, c, out),
            Phase::Riot(x, c) if x == s => self.riot_actions(s, c, out),
            Phase::UseAdvancement(x) if x == s => self.use_advancement_actions(s, out),
            Phase::Garrison(x) if x == s => self.garrison_actions(s, out),
            Phase::Disband(x) if x == s => self.disband_actions(s, out),
            Phase::Levy(x) if x == s => self.levy_actions(s, out),
            Phase::Withdraw(x) if x == s => {
                out.push(Action::Withdraw);
                out.push(Action::StandFirm);
            }
            Phase::FundsNeeded(x, _) if x == s => {
                out.push(Action::PayFunds);
                out.push(Action::ForfeitFunds);
            }
            Phase::Buy(x)
            | Phase::Overflow(x)
            | Phase::EnrichZone(x)
            | Phase::ForcedMarch(x)
            | Phase::Research(x)
            | Phase::Researched(x, _)
            | Phase::Uncertain(x)
                if x == s =>
            {
                self.glory_actions(phase, s, out);
            }
            Phase::ServeZone(x) if x == s => out.extend(ZONES.map(Action::AllocateTo)),
            Phase::MobilizeZone(x) if x == s => {
                out.push(Action::AllocateTo(Zone::Wages));
                out.push(Action::AllocateTo(Zone::Assembly));
            }
            Phase::Mobilize(x, dest) if x == s => {
                let can_stop = self.moving_actions(s, Some(dest), out);
                if can_stop {
                    out.push(Action::EndMoves);
                }
            }
            Phase::Ask(x) if x == s => {
                out.push(Action::Grant);
                out.push(Action::Refuse);
            }
            Phase::Target(x, area) if x == s => {
                out.extend(self.targets(s, area).into_iter().map(Action::Attack));
                out.push(Action::NoBattle);
            }
            Phase::Fighters(x) if x == s => {
                if let Some(b) = &self.core.battle {
                    for k in self.eligible_fighters(s, b.area) {
                        if !b.att.contains(&k) {
                            out.push(Action::Fight(k));
                        }
                    }
                    if !b.att.is_empty() {
                        out.push(Action::Engage);
                    }
                }
            }
            Phase::Mode(x) if x == s => {
                out.push(Action::Assault);
                out.push(Action::Siege);
            }
            Phase::Commander(x) if x == s => {
                if let Some(b) = &self.core.battle {
                    let list = if b.attacker == s && b.cmd[0].is_none() {
                        &b.att
                    } else {
                        &b.def
                    };
                    out.extend(list.iter().map(|&k| Action::Commander(k)));
                }
            }
            Phase::Discard(x) if x == s => {
                if let Some(b) = &self.core.battle {
                    let side = usize::from(b.attacker != s);
                    let hand = &b.hands[side];
                    if hand.len() > 1 {
                        out.extend(hand.iter().map(|&id| Action::DiscardFate(id)));
                    }
                    let must = i32::from(mandatory_discards(
                        hand.len() + usize::from(b.discarded[side]),
                    )) + self.adv_discards(side);
                    if i32::from(b.discarded[side]) >= must {
                        out.push(Action::KeepFate);
                    }
                }
            }
            Phase::Casualties(x) if x == s => {
                if let Some(b) = &self.core.battle {
                    let side = usize::from(b.attacker != s);
                    out.extend(self.casualty_options(side));
                }
            }
            Phase::Retreat(x, k) if x == s => {
                out.extend(self.retreat_areas(s, k).into_iter().map(Action::RetreatTo));
            }
            Phase::Raze(x, _) if x == s => {
                out.push(Action::Raze);
                if self.may_keep_city(s) {
                    out.push(Action::KeepCity);
                }
            }
            Phase::GiveCity(x) if x == s => {
                out.extend(self.cities_of(s).into_iter().map(Action::GiveCity));
            }
            Phase::Wages(x) if x == s => {
                let due = self.mercs_to_pay(s);
                let total: u16 = due.iter().map(|&m| u16::from(self.t().wage(m))).sum();
                if self.b(s).crowns >= total {
                    out.push(Action::PayWages);
                }
                out.extend(due.into_iter().map(Action::Dismiss));
            }
            Phase::Hire(x) if x == s => self.hire_actions(s, out),
            Phase::AssignHire(x) if x == s => {
                let next = self.core.hires.first().copied();
                out.extend(
                    self.hire_targets(s)
                        .into_iter()
                        .filter(|&h| next.is_none_or(|m| self.leader_room(s, h, &[m])))
                        .map(Action::AssignHire),
                );
            }
            Phase::Upgrade(x) if x == s => self.upgrade_actions(s, out),
            Phase::Muster(x) if x == s => {
                let crowns = self.b(s).crowns;
                let price = self.casualty_price(s);
                for h in holders() {
                    let c = self.casualties(s, h);
                    let nb_ok = match h {
                        Holder::Noble(k) => !self.nb(s, k).gone,
                        Holder::Stronghold => true,
                    };
                    if !nb_ok {
                        continue;
                    }
                    for n in 1..=c {
                        if u16::from(n) * price <= crowns {
                            out.push(Action::Muster { army: h, count: n });
                        }
                    }
                }
                out.push(Action::NoMuster);
            }
            Phase::EventDrawer(x) if x == s => {
                let Some(&top) = self.core.events.front() else {
                    out.extend(self.active().into_iter().map(Action::EventTo));
                    return;
                };
                let colour = self.event_colour(top);
                let faith =
                    self.b(s).faith >= u16::from(self.t().components.prices.redirect_event_faith);
                for y in self.active() {
                    let ok = match colour {
                        EventColour::Red => y == s || faith,
                        EventColour::Green => y != s || faith,
                        EventColour::Blue => true,
                    };
                    if ok {
                        out.push(Action::EventTo(y));
                    }
                }
            }
            Phase::EventTarget(x) if x == s => {
                out.extend(self.active().into_iter().map(Action::EventTarget));
            }
            Phase::EventCancel(x) if x == s => {
                out.push(Action::CancelEvent);
                out.push(Action::AcceptEvent);
            }
            Phase::EventPledge(x) if x == s => {
                if let Some(ev) = &self.core.event {
                    let cost = self.t().cards.events[usize::from(ev.card)].cancel_cost;
                    let left = cost.saturating_sub(ev.pledges.iter().sum());
                    let max = u16::from(left).min(self.b(s).faith) as u8;
                    out.extend((0..=max).map(Action::Pledge));
                }
            }
            Phase::ExpStart(x) if x == s => {
                for (i, e) in self.core.expeditions.iter().enumerate() {
                    if e.spot == 0 {
                        out.push(Action::StartExpedition(i as u8));
                    }
                }
                out.push(Action::NoExpedition);
            }
            Phase::ExpFund(x) if x == s => {
                let max = u16::from(self.t().components.prices.max_expedition_investment)
                    .min(self.b(s).crowns) as u8;
                out.extend((0..=max).map(Action::Fund));
            }
            Phase::ExpBless(x) if x == s => {
                out.push(Action::Bless);
                out.push(Action::NoBless);
            }
            Phase::Appoint(x) if x == s => {
                if let Some(a) = &self.core.assembly {
                    out.extend(a.attending.iter().map(|&y| Action::Appoint(y)));
                }
            }
            Phase::Propose(x) if x == s => {
                out.extend(self.proposals().into_iter().map(Action::Propose));
            }
            Phase::Order(x) if x == s => {
                if let Some(a) = &self.core.assembly {
                    out.extend((0..a.unordered.len() as u8).map(Action::NextAgenda));
                }
            }
            Phase::Commit if self.pending_commits().contains(&s) => {
                out.extend((0..=self.commit_room(s)).map(Action::Commit));
            }
            Phase::Cast(x) if x == s => {
                if let Some(v) = self.core.assembly.as_ref().and_then(|a| a.voting) {
                    out.extend(self.ballot_options(v).into_iter().map(Action::Cast));
                }
            }
            Phase::Tie(x) if x == s => {
                out.extend(self.tied_options().into_iter().map(Action::TieBreak));
            }
            Phase::Refusal(x) if x == s => {
                out.push(Action::AcceptAgenda);
                out.push(Action::RefuseAgenda);
            }
            Phase::Office(x) if x == s => {
                for k in 0..4u8 {
                    if !self.nb(s, k).gone {
                        out.push(Action::OfficeTo(k));
                    }
                }
            }
            Phase::DropCharge(x) if x == s => {
                out.extend((0..self.b(s).charges.len() as u8).map(Action::DropCharge));
            }
            Phase::Tithe(x) if x == s => {
                if self.b(s).crowns >= self.tithe(s) {
                    out.push(Action::ComplyTithe);
                }
                out.push(Action::RefuseTithe);
            }
            Phase::Revolt(x, c) if x == s => {
                let (_, crowns, faith) = self.revolt_prices(c);
                if self.b(s).faith >= faith {
                    out.push(Action::BuyOffFaith);
                }
                if self.b(s).crowns >= crowns {
                    out.push(Action::BuyOffCrowns);
                }
                out.push(Action::LetRevolt);
            }
            Phase::Loss(x) if x == s => {
                if let Some(l) = self.core.losses.first() {
                    out.extend(self.loss_options(l).into_iter().map(Action::LoseTroop));
                }
            }
            Phase::RevoltOrder(x) if x == s => {
                out.extend(self.core.revolts.iter().map(|&c| Action::ResolveRevolt(c)));
            }
            Phase::Miracle(x) if x == s => {
                for (i, &(e, b)) in self.core.lasting.iter().enumerate() {
                    let cost = self.t().cards.events[usize::from(e)].cancel_cost;
                    if b == s && cost > 0 && self.b(s).faith > u16::from(cost) {
                        out.push(Action::CancelLasting(i as u8));
                    }
                }
                out.push(Action::AcceptEvent);
            }
            Phase::Return(x) if x == s => self.return_actions(s, out),
            Phase::KingArmy(x) if x == s => {
                out.extend(
                    self.king_army_holders(s)
                        .into_iter()
                        .map(Action::AssignKingArmy),
                );
            }
            _ => {}
        }
    }

    fn card_actions(&self, s: u8, c: BaronCard, out: &mut ActionList<Action>) {
        match c {
            BaronCard::LevyTaxes | BaronCard::RallySupport | BaronCard::ServeTheChurch => {
                out.push(Action::CarryOut);
            }
            BaronCard::EnrichMind | BaronCard::ForcedMarch => {
                return self.glory_actions(Phase::Card(s, c), s, out);
            }
            BaronCard::DraftSoldiers => {
                out.extend(self.spots_for(s).into_iter().map(Action::DraftSpot));
            }
            BaronCard::MobilizeForces => {
                for a in self.mobilize_areas(s) {
                    out.push(Action::MobilizeTo(a));
                }
            }
            BaronCard::VersatileStrategy => {
                if self.core.ctx.halt.is_some() {
                    // Halted on the road: take troops, go on, or stay.
                    self.moving_actions(s, None, out);
                    out.push(Action::RoadStay);
                    return;
                }
                if self.core.ctx.loading.is_some() {
                    // A Noble has taken troops: he moves now (or, every route refused, the card ends).
                    if self.moving_actions(s, None, out) {
                        out.push(Action::Decline);
                    }
                    return;
                }
                out.push(Action::VersatileCrowns);
                out.push(Action::VersatileVote);
                self.moving_actions(s, None, out);
                out.extend(self.battle_areas(s).map(Action::VersatileBattle));
                for i in self.spots_for(s) {
                    if self.track_fee(i) <= self.b(s).crowns {
                        out.push(Action::VersatileTrack(i));
                    }
                }
            }
        }
        out.push(Action::Decline);
    }

    /// The moves of a moving card (towards `dest` when given), and the troop pick-ups before them:
    /// a Noble takes troops only before he leaves, and only when he can still go; once he has
    /// taken some, only his own moves and further pick-ups are offered. Returns whether the Baron
    /// may stop here (nobody is waiting to leave with troops, or that Noble has no move left).
    fn moving_actions(&self, s: u8, dest: Option<AreaId>, out: &mut ActionList<Action>) -> bool {
        let mover = |a: &Action| match *a {
            Action::Move { shape, .. }
            | Action::MoveAsk { shape, .. }
            | Action::Sail { shape, .. }
            | Action::SailAtOnce { shape, .. } => Some(shape),
            _ => None,
        };
        if let Some(h) = self.core.ctx.halt {
            // A Noble halted on the road (revision 5): he takes troops and goes on; nothing
            // else happens until he has gone on or stayed.
            self.road_onwards(s, dest, out);
            self.transfers_to(s, false, |to| to == Holder::Noble(h.shape), out);
            return false;
        }
        let start = out.len();
        self.move_actions(s, dest, out);
        let loading = self.core.ctx.loading;
        if let Some(k) = loading {
            let mut kept = start;
            for i in start..out.len() {
                if mover(&out[i]) == Some(k) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        let moved = out.len() > start;
        let mut can_go = 0u8;
        for a in &out[start..] {
            if let Some(k) = mover(a) {
                can_go |= 1 << k;
            }
        }
        let halts = out.len();
        self.road_halts(s, dest, out);
        let can_stop = loading.is_none() || (!moved && out.len() == halts);
        self.transfers_to(
            s,
            false,
            |to| matches!(to, Holder::Noble(k) if can_go & (1 << k) != 0),
            out,
        );
        can_stop
    }

    /// Areas Mobilize Forces may name: somewhere a Noble can go, or fight.
    fn mobilize_areas(&self, s: u8) -> Vec<AreaId> {
        let mut moves = Vec::new();
        self.move_actions(s, None, &mut moves);
        let mut out: Vec<AreaId> = moves
            .iter()
            .filter_map(|a| match *a {
                Action::Move { to, .. }
                | Action::MoveAsk { to, .. }
                | Action::Sail { to, .. }
                | Action::SailAtOnce { to, .. } => Some(to),
                _ => None,
            })
            .collect();
        out.extend(self.battle_areas(s));
        out.sort_unstable();
        out.dedup();
        out
    }

    fn hire_actions(&self, s: u8, out: &mut ActionList<Action>) {
        let t = self.t();
        let crowns = self.b(s).crowns;
        for &m in &self.core.offer {
            if u16::from(t.wage(m)) <= crowns {
                out.push(Action::Hire(m));
            }
        }
        let markers = self.core.track.iter().filter(|x| **x == Some(s)).count();
        let nats = t.components.nationalities.len() as u8;
        for nat in 0..nats {
            let same: Vec<TroopId> = self
                .core
                .offer
                .iter()
                .copied()
                .filter(|&m| t.nationality(m) == Some(nat))
                .collect();
            let cost: u16 = same.iter().map(|&m| u16::from(t.wage(m))).sum();
            // Announced when his first marker comes up, not later.
            let first = !self.core.drafted.contains(&s);
            if first && same.len() >= 2 && markers >= same.len() && cost <= crowns {
                out.push(Action::HireBundle(nat));
            }
        }
        out.push(Action::NoHire);
    }

    fn upgrade_actions(&self, s: u8, out: &mut ActionList<Action>) {
        let p = &self.t().components.prices;
        let crowns = self.b(s).crowns;
        let repair = u16::from(p.repair_breach);
        for c in self.cities_of(s) {
            let st = *self.city(c);
            if st.siege.is_some() {
                continue;
            }
            for n in 1..=st.breaches {
                if u16::from(n) * repair <= crowns {
                    out.push(Action::Repair {
                        site: Site::City(c),
                        count: n,
                    });
                }
            }
            if !st.fortified && crowns >= u16::from(p.fortify) {
                out.push(Action::Fortify(c));
            }
        }
        let b = self.b(s);
        if b.stronghold.is_some() && b.sh_siege.is_none() {
            for n in 1..=b.sh_breaches {
                if u16::from(n) * repair <= crowns {
                    out.push(Action::Repair {
                        site: Site::Stronghold,
                        count: n,
                    });
                }
            }
        }
        out.push(Action::NoUpgrade);
    }

    /// Whether `s` may pass troops between two of his holders now.
    fn may_pass(&self, s: u8, from: Holder, to: Holder, upkeep: bool) -> bool {
        if from == to {
            return false;
        }
        let place = |h: Holder| -> Option<Loc> {
            match h {
                Holder::Noble(k) => {
                    let nb = self.nb(s, k);
                    // A dead Noble whose heir another Baron holds is out of play.
                    (!nb.gone && self.heir_home(s, k)).then_some(nb.loc)
                }
                Holder::Stronghold => Some(self.b(s).stronghold.map_or(Loc::Off, Loc::At)),
            }
        };
        let (Some(pf), Some(pt)) = (place(from), place(to)) else {
            return false;
        };
        match (pf, pt) {
            (Loc::At(a), Loc::At(b)) if a == b => {
                if self.shut_in(s, a) {
                    return false;
                }
                if upkeep {
                    // The Upkeep regroups troops between Nobles standing together (the seed:
                    // "между дворянами, находящимися в одной области"); a stronghold's troops
                    // only go to Nobles off the board.
                    self.config.rules < 2
                        || matches!((from, to), (Holder::Noble(_), Holder::Noble(_)))
                } else {
                    // While moving: a Noble takes troops from the stronghold or a fresh Noble;
                    // a Noble halted on the road (revision 5) only takes.
                    let halted = self.core.ctx.halt.map(|x| Holder::Noble(x.shape));
                    let fresh = |h: Holder| match h {
                        Holder::Noble(k) => {
                            !self.nb(s, k).exhausted
                                && !self.core.ctx.movers.contains(&k)
                                && halted != Some(h)
                        }
                        Holder::Stronghold => false,
                    };
                    (fresh(to) || halted == Some(to)) && (from == Holder::Stronghold || fresh(from))
                }
            }
            (Loc::Off, Loc::Off) => {
                upkeep
                    && matches!(to, Holder::Noble(_))
                    && (matches!(from, Holder::Noble(_)) || self.b(s).stronghold.is_none())
            }
            (Loc::At(_), Loc::Off) => {
                // Nothing leaves a besieged stronghold.
                upkeep
                    && from == Holder::Stronghold
                    && matches!(to, Holder::Noble(_))
                    && self.b(s).sh_siege.is_none()
            }
            _ => false,
        }
    }

    fn transfer_actions(&self, s: u8, upkeep: bool, out: &mut ActionList<Action>) {
        self.transfers_to(s, upkeep, |_| true, out);
    }

    /// The transfers of `transfer_actions` to the holders `to` accepts, in the same order.
    fn transfers_to(
        &self,
        s: u8,
        upkeep: bool,
        wanted: impl Fn(Holder) -> bool,
        out: &mut ActionList<Action>,
    ) {
        let passed = if upkeep {
            &self.core.passed
        } else {
            &self.core.ctx.passed
        };
        for from in holders() {
            let troops = self.troops(s, from);
            if troops.is_empty() {
                continue;
            }
            let wounded = self.casualties(s, from) > 0;
            for to in holders() {
                if !wanted(to) || !self.may_pass(s, from, to, upkeep) {
                    continue;
                }
                if wounded {
                    if !troops.iter().any(|t| passed.contains(t)) && self.leader_room(s, to, troops)
                    {
                        out.push(Action::TransferArmy { from, to });
                    }
                } else {
                    for &t in troops {
                        if !passed.contains(&t) && self.leader_room(s, to, &[t]) {
                            out.push(Action::Transfer { troop: t, to });
                        }
                    }
                }
            }
        }
    }

    fn return_spots(&self, s: u8) -> Vec<AreaId> {
        let mut v: Vec<AreaId> = self
            .cities_of(s)
            .into_iter()
            .filter(|&c| self.city(c).siege.is_none())
            .map(|c| self.t().city_area[usize::from(c)])
            .collect();
        if let Some(a) = self.b(s).stronghold {
            v.push(a);
        }
        v.sort_unstable();
        v.dedup();
        v
    }

    fn return_actions(&self, s: u8, out: &mut ActionList<Action>) {
        self.transfer_actions(s, true, out);
        let sh_spots = if self.b(s).stronghold.is_none() {
            self.stronghold_spots(s, false)
        } else {
            Vec::new()
        };
        for &a in &sh_spots {
            out.push(Action::PlaceStronghold(a));
        }
        let spots = self.return_spots(s);
        let waiting = self.unplaced_with_troops(s);
        for &k in &waiting {
            for &a in &spots {
                out.push(Action::PlaceNoble { shape: k, area: a });
            }
        }
        // Off-board Nobles *may* be brought back (the seed: "могут быть введены в игру"), so a
        // Baron may keep any of them off the board; only a lost stronghold must be re-placed.
        // (Rules revision 1 made every Noble with troops return when he could.)
        let forced = self.config.rules < 2 && !waiting.is_empty() && !spots.is_empty();
        if sh_spots.is_empty() && !forced {
            out.push(Action::ReturnDone);
        }
    }

    // ---------- applying ----------

    fn transfer(&mut self, s: u8, troop: TroopId, to: Holder, upkeep: bool) {
        let Some(from) = self.holder_of(s, troop) else {
            return;
        };
        self.troops_mut(s, from).retain(|&x| x != troop);
        self.troops_mut(s, to).push(troop);
        if upkeep {
            self.core.passed.push(troop);
        } else {
            self.core.ctx.passed.push(troop);
            self.loading(to);
        }
        self.emptied(s, from);
    }

    /// Troops taken while moving: the receiving Noble moves next.
    fn loading(&mut self, to: Holder) {
        if let Holder::Noble(k) = to {
            self.core.ctx.loading = Some(k);
        }
    }

    fn transfer_army(&mut self, s: u8, from: Holder, to: Holder, upkeep: bool) {
        let troops = std::mem::take(self.troops_mut(s, from));
        let cas = std::mem::replace(self.casualties_mut(s, from), 0);
        *self.casualties_mut(s, to) += cas;
        for &t in &troops {
            if upkeep {
                self.core.passed.push(t);
            } else {
                self.core.ctx.passed.push(t);
            }
        }
        if !upkeep {
            self.loading(to);
        }
        self.troops_mut(s, to).extend(troops);
        self.emptied(s, from);
    }

    /// A Noble left with no troops leaves the board (not dead).
    pub(crate) fn emptied(&mut self, s: u8, h: Holder) {
        if let Holder::Noble(k) = h {
            if self.nb(s, k).troops.is_empty()
                && self.maintained(s, h) == 0
                && self.nb(s, k).loc != Loc::Off
            {
                self.leave_board(s, k);
            }
        }
    }

    /// Applies a decision known to be legal, then runs until the next decision.
    pub(crate) fn apply_action(&mut self, s: u8, a: Action) {
        self.core.decisions += 1;
        self.core.last_fate.clear();
        let phase = self.core.phase;
        self.core.phase = Phase::Auto;
        match (phase, a) {
            (Phase::SetupStronghold(_), Action::PlaceStronghold(area)) => {
                self.bm(s).stronghold = Some(area);
                let next = self
                    .order()
                    .into_iter()
                    .find(|&x| self.b(x).stronghold.is_none());
                match next {
                    Some(x) => self.core.phase = Phase::SetupStronghold(x),
                    None => self.push(Step::SetupTroopsFrom(0)),
                }
            }
            (Phase::SetupTroops(_), Action::AssignStart(h)) => {
                let list = &mut self.core.start_troops[usize::from(s)];
                if !list.is_empty() {
                    let t = list.remove(0);
                    self.troops_mut(s, h).push(t);
                }
            }
            (Phase::SetupNoble(_), Action::PlaceNoble { shape, area }) => {
                self.nbm(s, shape).loc = Loc::At(area);
            }
            (Phase::Planning, Action::Plan { stack, card }) => {
                self.hand_add(s, card, false);
                let b = self.bm(s);
                b.planned[usize::from(stack)].push(card);
                let total: usize = b.planned.iter().map(Vec::len).sum();
                if total >= 6 || self.hand_empty(s) {
                    self.core.plan_done[usize::from(s)] = true;
                }
                self.after_plan();
            }
            (Phase::Planning, Action::PlanDone) => {
                self.core.plan_done[usize::from(s)] = true;
                self.after_plan();
            }
            (Phase::Card(_, c @ (BaronCard::EnrichMind | BaronCard::ForcedMarch)), a) => {
                self.apply_glory(Phase::Card(s, c), s, a);
            }
            (Phase::Card(_, c), a) => self.apply_card(s, c, a),
            (Phase::Riot(_, c), a) => self.apply_riot(s, c, a),
            (Phase::UseAdvancement(_), a) => self.apply_use_advancement(s, a),
            (Phase::Garrison(_) | Phase::Disband(_), a) => self.apply_garrison(s, a),
            (Phase::Levy(_), a) => self.apply_levy(s, a),
            (Phase::Withdraw(_), a) => self.apply_withdraw(a),
            (Phase::FundsNeeded(_, e), a) => self.apply_funds_needed(s, e, a),
            (
                Phase::Buy(_)
                | Phase::Overflow(_)
                | Phase::EnrichZone(_)
                | Phase::ForcedMarch(_)
                | Phase::Research(_)
                | Phase::Researched(_, _)
                | Phase::Uncertain(_),
                a,
            ) => self.apply_glory(phase, s, a),
            (Phase::ServeZone(_) | Phase::MobilizeZone(_), Action::AllocateTo(z)) => {
                self.card_done(Some(z));
            }
            (Phase::Mobilize(_, dest), a) => {
                self.core.phase = phase;
                match a {
                    Action::Move { shape, to } => self.move_unasked(s, shape, to),
                    Action::Sail { shape, to } => self.do_sail(s, shape, to),
                    Action::SailAtOnce { shape, to } => self.sail_at_once(s, shape, to),
                    Action::MoveAsk { shape, to } => {
                        if let Loc::At(from) = self.nb(s, shape).loc {
                            let blockers = self
                                .land_route(s, shape, from, to)
                                .map(|r| r.blockers)
                                .unwrap_or_default();
                            if !blockers.is_empty() {
                                self.ask(s, AskFor::Move { shape, to }, blockers, phase);
                            }
                        }
                    }
                    Action::Transfer { troop, to } => self.transfer(s, troop, to, false),
                    Action::TransferArmy { from, to } => self.transfer_army(s, from, to, false),
                    Action::RoadHalt { shape, at } => self.do_halt(s, shape, at),
                    Action::EndMoves => {
                        if !self.has_target(s, dest) {
                            self.core.phase = Phase::Auto;
                            self.mobilize_allocate(s);
                        } else {
                            self.core.phase = Phase::Target(s, dest);
                        }
                    }
                    _ => {}
                }
            }
            (Phase::Ask(_), Action::Grant) => self.answer(true),
            (Phase::Ask(_), Action::Refuse) => self.answer(false),
            (Phase::Target(_, area), Action::Attack(t)) => self.attack(s, area, t),
            (Phase::Target(_, _), Action::NoBattle) => self.after_battle(s),
            (Phase::Fighters(_), Action::Fight(k)) => {
                if let Some(b) = self.core.battle.as_mut() {
                    b.att.push(k);
                    b.att.sort_unstable();
                }
                self.core.phase = phase;
            }
            (Phase::Fighters(_), Action::Engage) => {
                if let Some(b) = self.core.battle.as_mut() {
                    b.stage = Stage::Mode;
                }
            }
            (Phase::Mode(_), Action::Assault | Action::Siege) => {
                if let Some(b) = self.core.battle.as_mut() {
                    b.siege = a == Action::Siege;
                    b.stage = Stage::Commanders;
                }
            }
            (Phase::Commander(_), Action::Commander(k)) => {
                let att = self
                    .core
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.attacker == s && b.cmd[0].is_none());
                if att {
                    if let Some(b) = self.core.battle.as_mut() {
                        b.cmd[0] = Some(k);
                    }
                } else {
                    self.set_def_cmd(k);
                }
            }
            (Phase::Discard(_), Action::DiscardFate(id)) => {
                let side = self
                    .core
                    .battle
                    .as_ref()
                    .map_or(0, |b| usize::from(b.attacker != s));
                self.discard_fate(side, id);
            }
            (Phase::Discard(_), Action::KeepFate) => {
                if let Some(b) = self.core.battle.as_mut() {
                    let side = usize::from(b.attacker != s);
                    b.kept[side] = true;
                }
            }
            (Phase::Casualties(_), a @ (Action::Casualty(_) | Action::Breach)) => {
                let side = self
                    .core
                    .battle
                    .as_ref()
                    .map_or(0, |b| usize::from(b.attacker != s));
                self.place_casualty(side, a);
            }
            (Phase::Retreat(_, k), Action::RetreatTo(area)) => self.retreat_to(s, k, area),
            (Phase::Raze(_, c), Action::Raze) => {
                let income = self.t().city_values(c).1;
                let st = self.city_mut(c);
                st.razed = true;
                st.owner = None;
                st.fortified = false;
                st.siege = None;
                let factor = self.t().components.prices.raze_income_factor;
                self.gain(s, Resource::Crowns, i32::from(income) * i32::from(factor));
            }
            (Phase::Raze(_, _), Action::KeepCity) => {}
            (Phase::GiveCity(_), Action::GiveCity(c)) => {
                if let Some(att) = self.core.battle.as_ref().map(|b| b.attacker) {
                    let st = self.city_mut(c);
                    st.owner = Some(att);
                    st.siege = None;
                    self.core.phase = Phase::Raze(att, c);
                }
            }
            (Phase::Wages(_), Action::PayWages) => {
                let total: u16 = self
                    .mercs_to_pay(s)
                    .iter()
                    .map(|&m| u16::from(self.t().wage(m)))
                    .sum();
                self.pay(s, total);
            }
            (Phase::Wages(_), Action::Dismiss(m)) => {
                // *For Glory*: a deserter takes his army's Town Levies with him.
                if let Some(h @ Holder::Noble(k)) = self.holder_of(s, m) {
                    if !self.noble_has(s, k, crate::glory_data::LeaderAbility::KeepLevies) {
                        self.levies_leave(s, h);
                    }
                }
                self.desert(s, m);
                if !self.mercs_to_pay(s).is_empty() {
                    self.core.phase = phase;
                }
            }
            (Phase::Hire(_), Action::Hire(m)) => {
                self.pay(s, u16::from(self.t().wage(m)));
                self.core.offer.retain(|&x| x != m);
                self.take_marker(s);
                self.core.hires = vec![m];
                self.core.phase = Phase::AssignHire(s);
            }
            (Phase::Hire(_), Action::HireBundle(nat)) => {
                let t = self.t();
                let same: Vec<TroopId> = self
                    .core
                    .offer
                    .iter()
                    .copied()
                    .filter(|&m| t.nationality(m) == Some(nat))
                    .collect();
                for &m in &same {
                    self.pay(s, u16::from(t.wage(m)));
                    self.take_marker(s);
                }
                self.core.offer.retain(|m| !same.contains(m));
                self.core.hires = same;
                self.core.phase = Phase::AssignHire(s);
            }
            (Phase::Hire(_), Action::NoHire) => self.take_marker(s),
            (Phase::AssignHire(_), Action::AssignHire(h)) => {
                if !self.core.hires.is_empty() {
                    let m = self.core.hires.remove(0);
                    self.hire_refund(s, h, m);
                    self.troops_mut(s, h).push(m);
                }
                if !self.core.hires.is_empty() {
                    self.core.phase = phase;
                }
            }
            (Phase::Upgrade(_), Action::Repair { site, count }) => {
                let price = u16::from(self.t().components.prices.repair_breach);
                self.pay(s, price * u16::from(count));
                match site {
                    Site::City(c) => {
                        let st = self.city_mut(c);
                        st.breaches = st.breaches.saturating_sub(count);
                    }
                    Site::Stronghold => {
                        let b = self.bm(s);
                        b.sh_breaches = b.sh_breaches.saturating_sub(count);
                    }
                }
            }
            (Phase::Upgrade(_), Action::Fortify(c)) => {
                let price = u16::from(self.t().components.prices.fortify);
                self.pay(s, price);
                self.city_mut(c).fortified = true;
            }
            (Phase::Upgrade(_), Action::NoUpgrade) | (Phase::Muster(_), Action::NoMuster) => {}
            (Phase::Muster(_), Action::Muster { army, count }) => {
                let price = self.casualty_price(s);
                self.pay(s, price * u16::from(count));
                let c = self.casualties_mut(s, army);
                *c = c.saturating_sub(count);
            }
            (Phase::EventDrawer(_), Action::EventTo(y)) => {
                if let Some(&top) = self.core.events.front() {
                    let colour = self.event_colour(top);
                    let pays = match colour {
                        EventColour::Red => y != s,
                        EventColour::Green => y == s,
                        EventColour::Blue => false,
                    };
                    if pays {
                        let f = self.t().components.prices.redirect_event_faith;
                        self.gain(s, Resource::Faith, -i32::from(f));
                    }
                }
                if let Some(card) = self.draw_event() {
                    self.core.events_drawn.push(crate::state::EventDrawn {
                        round: self.core.round,
                        card,
                        drawer: y,
                        target: y,
                        pick: None,
                        result: crate::state::EventResult::Pending,
                        drawn_at: self.core.decisions,
                        resolved_at: None,
                    });
                    self.core.event = Some(crate::state::EventCtx {
                        card,
                        drawer: y,
                        target: y,
                        ..Default::default()
                    });
                    if self.event_colour(card) == EventColour::Blue {
                        self.core.phase = Phase::EventTarget(y);
                    } else {
                        self.event_drawn();
                    }
                }
            }
            (Phase::EventTarget(_), Action::EventTarget(y)) => {
                if let Some(e) = self.core.event.as_mut() {
                    e.target = y;
                }
                if let Some(r) = self.core.events_drawn.last_mut() {
                    r.target = y;
                }
                self.event_drawn();
            }
            (Phase::EventCancel(_), Action::CancelEvent) => {
                if let Some(ev) = self.core.event.take() {
                    let cost = self.t().cards.events[usize::from(ev.card)].cancel_cost;
                    self.gain(s, Resource::Faith, -i32::from(cost));
                    self.core.event_discard.push(ev.card);
                    self.event_resolved(crate::state::EventResult::Cancelled);
                }
            }
            (Phase::EventCancel(_), Action::AcceptEvent) => {}
            (Phase::EventPledge(_), Action::Pledge(k)) => {
                if let Some(e) = self.core.event.as_mut() {
                    e.pledges[usize::from(s)] = k;
                }
            }
            (Phase::ExpStart(_), Action::StartExpedition(e)) => {
                self.core.new_expedition = Some(e);
                self.push(Step::FundFrom(0));
            }
            (Phase::ExpStart(_), Action::NoExpedition) => self.push(Step::ExpResolve),
            (Phase::ExpFund(_), Action::Fund(k)) => {
                if let Some(e) = self.core.new_expedition {
                    self.pay(s, u16::from(k));
                    let f = &mut self.core.expeditions[usize::from(e)].funds[usize::from(s)];
                    *f = f.saturating_add(k);
                }
            }
            (Phase::ExpBless(_), Action::Bless) => {
                if let Some(e) = self.core.new_expedition {
                    let f = self.t().components.prices.bless_expedition_faith;
                    self.gain(s, Resource::Faith, -i32::from(f));
                    self.core.expeditions[usize::from(e)].blessed = true;
                }
            }
            (Phase::ExpBless(_), Action::NoBless) => {}
            (Phase::Appoint(_), Action::Appoint(y)) => {
                if let Some(asm) = self.core.assembly.as_mut() {
                    asm.acting = y;
                }
            }
            (Phase::Propose(_), Action::Propose(p)) => {
                if let Some(asm) = self.core.assembly.as_mut() {
                    asm.proposal = Some(p);
                }
            }
            (Phase::Order(_), Action::NextAgenda(i)) => {
                if let Some(asm) = self.core.assembly.as_mut() {
                    if usize::from(i) < asm.unordered.len() {
                        let a = asm.unordered.remove(usize::from(i));
                        asm.queue.push(a);
                    }
                }
            }
            (Phase::Commit, Action::Commit(n)) => {
                if let Some(asm) = self.core.assembly.as_mut() {
                    asm.commits[usize::from(s)].push(n);
                }
                if !self.pending_commits().is_empty() {
                    self.core.phase = Phase::Commit;
                }
            }
            (Phase::Cast(_), Action::Cast(b)) => {
                if let Some(asm) = self.core.assembly.as_mut() {
                    asm.casts[usize::from(s)] = Some(b);
                }
            }
            (Phase::Tie(_), Action::TieBreak(b)) => {
                if let Some(asm) = self.core.assembly.as_mut() {
                    asm.result = Some(b);
                }
            }
            (Phase::Refusal(_), Action::AcceptAgenda) => {
                if let Some(v) = self.core.assembly.as_ref().and_then(|a| a.voting) {
                    self.accept_agenda(v, s);
                }
            }
            (Phase::Refusal(_), Action::RefuseAgenda) => {
                if let Some(v) = self.core.assembly.as_ref().and_then(|a| a.voting) {
                    self.core.agenda_discard.push(v);
                }
                self.ban(s);
                self.after_agenda();
            }
            (Phase::Office(_), Action::OfficeTo(k)) => {
                if let Some(v) = self.core.assembly.as_ref().and_then(|a| a.voting) {
                    if let Some(old) = self.nbm(s, k).office.replace(v) {
                        self.core.agenda_discard.push(old);
                    }
                }
                self.after_agenda();
            }
            (Phase::DropCharge(_), Action::DropCharge(i)) => {
                if usize::from(i) < self.b(s).charges.len() {
                    let old = self.bm(s).charges.remove(usize::from(i));
                    self.core.agenda_discard.push(old);
                }
                if let Some(v) = self.core.assembly.as_ref().and_then(|a| a.voting) {
                    self.bm(s).charges.push(v);
                    if self.t().cards.agendas[usize::from(v)].effect
                        == crate::cards::AgendaEffect::BarredFromAssembly
                    {
                        if let Some(asm) = self.core.assembly.as_mut() {
                            asm.attending.retain(|&x| x != s);
                        }
                    }
                }
                self.after_agenda();
            }
            (Phase::Tithe(_), Action::ComplyTithe) => {
                let t = self.tithe(s);
                self.pay(s, t);
            }
            (Phase::Tithe(_), Action::RefuseTithe) => self.ban(s),
            (Phase::Revolt(_, _), Action::BuyOffFaith) => {
                let f = self.t().components.prices.buy_off_revolt_faith;
                self.gain(s, Resource::Faith, -i32::from(f));
            }
            (Phase::Revolt(_, c), Action::BuyOffCrowns) => {
                let (_, crowns, _) = self.revolt_prices(c);
                self.pay(s, crowns);
            }
            (Phase::Loss(_), Action::LoseTroop(m)) => {
                // The next loss is asked (or settled) by `run`.
                self.give_up(0, Some(m));
            }
            (Phase::RevoltOrder(_), Action::ResolveRevolt(c)) => {
                if let Some(i) = self.core.revolts.iter().position(|&x| x == c) {
                    self.core.revolts.remove(i);
                    self.core.phase = self.unrest_phase(s, c);
                } else {
                    self.core.phase = phase;
                }
            }
            (Phase::Revolt(_, c), Action::LetRevolt) => self.city_neutral(c),
            (Phase::Miracle(_), Action::CancelLasting(i)) => {
                if let Some(&(e, _)) = self.core.lasting.get(usize::from(i)) {
                    let cost = self.t().cards.events[usize::from(e)].cancel_cost;
                    self.gain(s, Resource::Faith, -(i32::from(cost) + 1));
                    self.end_lasting(usize::from(i));
                }
            }
            (Phase::Miracle(_), Action::AcceptEvent) => {}
            (Phase::KingArmy(_), Action::AssignKingArmy(h)) => self.place_king_army(s, h),
            (Phase::Return(_), a) => {
                self.core.phase = phase;
                match a {
                    Action::Transfer { troop, to } => self.transfer(s, troop, to, true),
                    Action::TransferArmy { from, to } => self.transfer_army(s, from, to, true),
                    Action::PlaceStronghold(area) => {
                        let b = self.bm(s);
                        b.stronghold = Some(area);
                        b.sh_siege = None;
                    }
                    Action::PlaceNoble { shape, area } => {
                        let nb = self.nbm(s, shape);
                        nb.loc = Loc::At(area);
                        nb.dead = false;
                    }
                    Action::ReturnDone => self.core.phase = Phase::Auto,
                    _ => {}
                }
            }
            _ => {
                // Not reachable for legal decisions; keep the phase.
                self.core.phase = phase;
            }
        }
        self.run();
    }

    fn after_plan(&mut self) {
        if self.core.plan_done.iter().all(|&d| d) {
            self.deal_stacks();
        } else {
            self.core.phase = Phase::Planning;
        }
    }

    fn apply_card(&mut self, s: u8, c: BaronCard, a: Action) {
        match a {
            Action::CarryOut => {
                self.carry_out(s, c);
                self.card_allocated(s, c);
            }
            Action::Decline => self.card_allocated(s, c),
            Action::DraftSpot(i) => {
                if let Some(spot) = self.core.track.get_mut(usize::from(i)) {
                    *spot = Some(s);
                }
                self.core.ctx.draft_pending = true;
                self.card_done(Some(Zone::Wages));
            }
            Action::MobilizeTo(area) => self.core.phase = Phase::Mobilize(s, area),
            Action::Transfer { troop, to } => {
                self.transfer(s, troop, to, false);
                self.core.phase = Phase::Card(s, c);
            }
            Action::TransferArmy { from, to } => {
                self.transfer_army(s, from, to, false);
                self.core.phase = Phase::Card(s, c);
            }
            Action::VersatileCrowns => {
                self.gain(s, Resource::Crowns, 2);
                self.card_done(None);
            }
            Action::VersatileVote => {
                self.gain(s, Resource::Votes, 1);
                self.card_done(None);
            }
            Action::Move { shape, to } => {
                self.move_unasked(s, shape, to);
                self.card_done(None);
            }
            Action::RoadHalt { shape, at } => {
                self.do_halt(s, shape, at);
                self.core.phase = Phase::Card(s, c);
            }
            Action::RoadStay => {
                self.road_stay();
                self.card_done(None);
            }
            Action::Sail { shape, to } => {
                self.do_sail(s, shape, to);
                self.card_done(None);
            }
            Action::SailAtOnce { shape, to } => {
                self.sail_at_once(s, shape, to);
                self.card_done(None);
            }
            Action::MoveAsk { shape, to } => {
                if let Loc::At(from) = self.nb(s, shape).loc {
                    let blockers = self
                        .land_route(s, shape, from, to)
                        .map(|r| r.blockers)
                        .unwrap_or_default();
                    if !blockers.is_empty() {
                        self.ask(
                            s,
                            AskFor::Move { shape, to },
                            blockers,
                            Phase::Card(s, BaronCard::VersatileStrategy),
                        );
                    }
                }
            }
            Action::VersatileBattle(area) => self.core.phase = Phase::Target(s, area),
            Action::VersatileTrack(i) => {
                let fee = self.track_fee(i);
                self.pay(s, fee);
                if let Some(spot) = self.core.track.get_mut(usize::from(i)) {
                    *spot = Some(s);
                }
                self.core.ctx.draft_pending = true;
                self.card_done(None);
            }
            _ => self.core.phase = Phase::Card(s, c),
        }
    }

    /// Allocation of a card resolved or declined.
    fn card_allocated(&mut self, s: u8, c: BaronCard) {
        match c {
            BaronCard::LevyTaxes => self.card_done(Some(Zone::Taxation)),
            BaronCard::DraftSoldiers => self.card_done(Some(Zone::Wages)),
            BaronCard::RallySupport => self.card_done(Some(Zone::Assembly)),
            BaronCard::ServeTheChurch => self.core.phase = Phase::ServeZone(s),
            BaronCard::MobilizeForces => self.core.phase = Phase::MobilizeZone(s),
            BaronCard::VersatileStrategy => self.card_done(None),
            BaronCard::EnrichMind => self.core.phase = Phase::EnrichZone(s),
            BaronCard::ForcedMarch => self.card_done(Some(Zone::Wages)),
        }
    }
}
