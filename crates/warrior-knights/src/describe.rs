//! Readable descriptions of decisions.

use crate::state::WarriorKnights;
use crate::tables::Tables;
use crate::types::*;

/// An area by name: its city's, or its own; by its place on the grid when the map names neither.
fn area(g: &WarriorKnights, a: u8) -> String {
    let t = g.t();
    if let Some(c) = g.city_at(a) {
        return t.components.cities[usize::from(c)].name.clone();
    }
    if let Some(n) = t.board.area_name(a) {
        return n.to_owned();
    }
    match t.board.file.kingdom.get(usize::from(a)) {
        Some(k) => format!("the area at column {}, row {}", k.col + 1, k.row + 1),
        None => format!("overseas area {}", usize::from(a) + 1 - t.board.kingdom),
    }
}

pub(crate) fn baron_name(t: &Tables, s: u8) -> String {
    t.components
        .barons
        .get(usize::from(s))
        .map_or_else(|| format!("Baron {s}"), |b| b.name.clone())
}

pub(crate) fn noble_name(t: &Tables, k: Shape) -> String {
    t.components
        .noble_shapes
        .get(usize::from(k))
        .map_or_else(|| format!("Noble {k}"), |s| format!("{s} Noble"))
}

fn baron(g: &WarriorKnights, s: u8) -> String {
    baron_name(g.t(), s)
}

fn noble(g: &WarriorKnights, k: Shape) -> String {
    noble_name(g.t(), k)
}

/// A gift in words ("give 3 crowns to …"); `None` for any other decision.
fn gift_text(t: &Tables, a: &Action) -> Option<String> {
    match *a {
        Action::GiveCrowns { to, crowns } => Some(format!(
            "give {crowns} crown{} to {}",
            if crowns == 1 { "" } else { "s" },
            baron_name(t, to)
        )),
        Action::GiveHeir { of, shape, to } => Some(format!(
            "give the heir of {}'s {} to {}",
            baron_name(t, of),
            noble_name(t, shape),
            baron_name(t, to)
        )),
        _ => None,
    }
}

/// One side of an offer in words ("5 crowns and the heir of Red's Star Noble").
fn stake_text(t: &Tables, x: &crate::types::Stake) -> String {
    let mut parts = Vec::new();
    if x.crowns > 0 {
        parts.push(format!(
            "{} crown{}",
            x.crowns,
            if x.crowns == 1 { "" } else { "s" }
        ));
    }
    if let Some(h) = x.heir {
        parts.push(format!(
            "the heir of {}'s {}",
            baron_name(t, h.of),
            noble_name(t, h.shape)
        ));
    }
    parts.join(" and ")
}

/// An offer's decision in words; `None` for any other decision.
fn offer_text(g: &WarriorKnights, a: &Action) -> Option<String> {
    let t = g.t();
    let terms = |give: &crate::types::Stake, take: &crate::types::Stake| {
        format!("{} for {}", stake_text(t, give), stake_text(t, take))
    };
    Some(match *a {
        Action::Offer { to, give, take } => {
            format!("offer {} {}", baron_name(t, to), terms(&give, &take))
        }
        Action::AcceptOffer { from, give, take } => format!(
            "accept {}'s offer: {}",
            baron_name(t, from),
            terms(&give, &take)
        ),
        Action::DeclineOffer { from, give, take } => format!(
            "decline {}'s offer: {}",
            baron_name(t, from),
            terms(&give, &take)
        ),
        Action::WithdrawOffer { to } => format!("withdraw the offer to {}", baron_name(t, to)),
        _ => return None,
    })
}

/// The gifts `seat` may make, read from its view alone (a remote client holds nothing more),
/// each with its words: crowns to each other Baron in the game, and each heir token it holds.
/// Names come from the built-in data. Nothing once the game is over.
pub fn gifts_in_view(view: &crate::view::View, seat: u8) -> Vec<(Action, String)> {
    let me = usize::from(seat);
    let (Some(mine), Ok(t)) = (view.barons.get(me), crate::tables::tables()) else {
        return Vec::new();
    };
    if mine.eliminated || view.outcome.is_some() {
        return Vec::new();
    }
    let others: Vec<u8> = (0..view.barons.len())
        .filter(|&o| o != me && !view.barons[o].eliminated)
        .map(|o| o as u8)
        .collect();
    let mut out = Vec::new();
    for &to in &others {
        out.extend((1..=mine.crowns).map(|crowns| Action::GiveCrowns { to, crowns }));
    }
    for (of, b) in view.barons.iter().enumerate() {
        for (shape, n) in b.nobles.iter().enumerate() {
            if n.heir == Some(seat) {
                out.extend(others.iter().map(|&to| Action::GiveHeir {
                    of: of as u8,
                    shape: shape as u8,
                    to,
                }));
            }
        }
    }
    out.into_iter()
        .filter_map(|a| gift_text(t, &a).map(|text| (a, text)))
        .collect()
}

fn holder(g: &WarriorKnights, h: Holder) -> String {
    match h {
        Holder::Noble(k) => noble(g, k),
        Holder::Stronghold => "stronghold".into(),
    }
}

fn troop(g: &WarriorKnights, t: TroopId) -> String {
    let tb = g.t();
    if t >= KING_ARMY_BASE {
        return format!("King's Army {}", tb.strength(t));
    }
    if let Some(m) = tb.mercs.get(usize::from(t)) {
        if let Some(c) = m.levy {
            return format!("Town Levy of {} {}", city(g, c), m.strength);
        }
        if let (Some(l), Some(fg)) = (m.leader, tb.glory) {
            if let Some(def) = fg.leaders.get(usize::from(l)) {
                let kind = match def.kind {
                    crate::glory_data::LeaderKind::Leader => "Leader",
                    crate::glory_data::LeaderKind::Herald => "Herald",
                };
                return format!(
                    "{} {kind} {} (wage {})",
                    def.nationality, m.strength, m.wage
                );
            }
        }
    }
    match tb.nationality(t) {
        Some(n) => format!(
            "{} {} (wage {})",
            tb.components.nationalities[usize::from(n)].id,
            tb.strength(t),
            tb.wage(t)
        ),
        None => format!("Regular {}", tb.strength(t)),
    }
}

fn city(g: &WarriorKnights, c: u8) -> String {
    g.t()
        .components
        .cities
        .get(usize::from(c))
        .map_or_else(|| format!("city {c}"), |c| c.name.clone())
}

fn agenda(g: &WarriorKnights, a: u8) -> String {
    g.t()
        .cards
        .agendas
        .get(usize::from(a))
        .map_or_else(|| format!("Agenda {a}"), |c| c.name.clone())
}

fn ballot(g: &WarriorKnights, b: Ballot) -> String {
    match b {
        Ballot::Yes => "yes".into(),
        Ballot::No => "no".into(),
        Ballot::For(s) => baron(g, s),
    }
}

/// The revolting city being decided: (city, income, crowns, Faith).
fn revolting(g: &WarriorKnights) -> Option<(u8, u8, u16, u16)> {
    match g.core.phase {
        crate::state::Phase::Revolt(_, c) => {
            let (income, crowns, faith) = g.revolt_prices(c);
            Some((c, income, crowns, faith))
        }
        _ => None,
    }
}

/// ` Name` of the Event being resolved, or nothing.
fn pending_event(g: &WarriorKnights) -> String {
    g.core
        .event
        .as_ref()
        .and_then(|e| g.t().cards.events.get(usize::from(e.card)))
        .map_or_else(String::new, |c| format!(" {}", c.name))
}

/// An Advancement's name (English), by kind.
fn advancement(g: &WarriorKnights, k: u8) -> String {
    g.t()
        .glory
        .and_then(|fg| fg.advancements.get(usize::from(k)))
        .map_or_else(
            || format!("Advancement {k}"),
            |a| format!("{} Advancement", a.name),
        )
}

/// A short description of `a`.
pub(crate) fn describe(g: &WarriorKnights, a: &Action) -> String {
    use Action as A;
    match *a {
        A::PlaceStronghold(x) => format!("stronghold in {}", area(g, x)),
        A::AssignStart(h) => {
            let next = match g.core.phase {
                crate::state::Phase::SetupTroops(s) => g
                    .core
                    .start_troops
                    .get(usize::from(s))
                    .and_then(|l| l.first().copied()),
                _ => None,
            };
            match next {
                Some(t) => format!("{} to the {}", troop(g, t), holder(g, h)),
                None => format!("starting troop to the {}", holder(g, h)),
            }
        }
        A::PlaceNoble { shape, area: x } => format!("{} to {}", noble(g, shape), area(g, x)),
        A::Plan { stack, card } => format!("lay {} on stack {}", card.id(), ord1(stack)),
        A::PlanDone => "done planning".into(),
        A::Decline => "decline the action".into(),
        A::CarryOut => "carry out the action".into(),
        A::DraftSpot(i) => format!("marker on Mercenary Track spot {}", ord1(i)),
        A::AllocateTo(z) => format!("card to the {z:?} area"),
        A::MobilizeTo(x) => format!("mobilize into {}", area(g, x)),
        A::Move { shape, to } => format!("move the {} to {}", noble(g, shape), area(g, to)),
        A::MoveAsk { shape, to } => format!(
            "ask leave to move the {} to {}",
            noble(g, shape),
            area(g, to)
        ),
        A::Sail { shape, to } => format!("sail the {} to {}", noble(g, shape), area(g, to)),
        A::RoadHalt { shape, at } => format!(
            "move the {} along the road to {} and halt there to take troops",
            noble(g, shape),
            area(g, at)
        ),
        A::RoadStay => "end the move here".into(),
        A::GiveCrowns { .. } | A::GiveHeir { .. } => gift_text(g.t(), a).unwrap_or_default(),
        A::Offer { .. }
        | A::AcceptOffer { .. }
        | A::DeclineOffer { .. }
        | A::WithdrawOffer { .. } => offer_text(g, a).unwrap_or_default(),
        A::AssignKingArmy(h) => format!("a King's Army card to the {}", holder(g, h)),
        A::BuyAdvancement(k) => format!("buy the {}", advancement(g, k)),
        A::DiscardAdvancement(k) => format!(
            "put the {} at the bottom of the Advancement deck",
            advancement(g, k)
        ),
        A::AdvancementsDone => "leave the Advancements as they are".into(),
        A::ResearchDraw => "pay to draw the top Advancement".into(),
        A::Refresh(k) => format!("refresh the {}", noble(g, k)),
        A::RefreshDone => "refresh no more Nobles".into(),
        A::LetRiot => "let the city riot (no crowns, no Influence from it)".into(),
        A::Withdraw => "retreat without a fight".into(),
        A::StandFirm => "stand and fight".into(),
        A::PayFunds => "pay the expedition's further funds".into(),
        A::ForfeitFunds => "give up your stake in the expedition".into(),
        A::HireGarrison(c) => format!("a Garrison for {}", city(g, c)),
        A::NoGarrison => "no Garrison".into(),
        A::DisbandGarrison(c) => format!("let the Garrison of {} go", city(g, c)),
        A::RecruitLevy { levy, shape } => {
            format!("recruit the {} to the {}", troop(g, levy), noble(g, shape))
        }
        A::NoLevy => "recruit no more Town Levies".into(),
        A::UseAdvancement(k) => format!("use the {}", advancement(g, k)),
        A::SailAtOnce { shape, to } => format!(
            "sail the {} to {}, landing at once (Navigation)",
            noble(g, shape),
            area(g, to)
        ),
        A::Transfer { troop: t, to } => format!("{} to the {}", troop(g, t), holder(g, to)),
        A::TransferArmy { from, to } => format!(
            "whole army of the {} to the {}",
            holder(g, from),
            holder(g, to)
        ),
        A::EndMoves => "no more moves".into(),
        A::VersatileCrowns => "take 2 crowns".into(),
        A::VersatileVote => "take 1 Vote".into(),
        A::VersatileTrack(i) => format!(
            "marker on Mercenary Track spot {} for {} crowns",
            ord1(i),
            g.track_fee(i)
        ),
        A::VersatileBattle(x) => format!("battle in {}", area(g, x)),
        A::Attack(Target::Neutral) => "attack the neutral city".into(),
        A::Attack(Target::Baron(s)) => format!("attack {}", baron(g, s)),
        A::NoBattle => "no battle".into(),
        A::Assault => "assault".into(),
        A::Siege => "siege".into(),
        A::Fight(k) => format!("the {} fights", noble(g, k)),
        A::Engage => "engage".into(),
        A::Commander(k) => format!("the {} commands", noble(g, k)),
        A::DiscardFate(id) => format!("discard Fate card {}", ord1(id)),
        A::KeepFate => "keep the Fate cards".into(),
        A::Casualty(h) => format!("casualty on the {}", holder(g, h)),
        A::Breach => "take a breach".into(),
        A::RetreatTo(x) => format!("retreat to {}", area(g, x)),
        A::Raze => "raze the city".into(),
        A::KeepCity => "keep the city".into(),
        A::GiveCity(c) => format!("give up {}", city(g, c)),
        A::Grant => "grant".into(),
        A::Refuse => "refuse".into(),
        A::PayWages => "pay all wages".into(),
        A::Dismiss(t) => format!("leave {} unpaid", troop(g, t)),
        A::Hire(t) => format!("hire {}", troop(g, t)),
        A::HireBundle(n) => format!(
            "hire every {} Mercenary",
            g.t()
                .components
                .nationalities
                .get(usize::from(n))
                .map_or("?", |x| x.id.as_str())
        ),
        A::NoHire => "hire nobody".into(),
        A::AssignHire(h) => format!("hired troop to the {}", holder(g, h)),
        A::Repair { site, count } => match site {
            Site::City(c) => format!("repair {count} breach(es) of {}", city(g, c)),
            Site::Stronghold => format!("repair {count} breach(es) of the stronghold"),
        },
        A::Fortify(c) => format!("fortify {}", city(g, c)),
        A::NoUpgrade => "no upgrade".into(),
        A::Muster { army, count } => {
            format!("remove {count} casualt(ies) from the {}", holder(g, army))
        }
        A::NoMuster => "no muster".into(),
        A::EventTo(s) => format!("{} draws the Event", baron(g, s)),
        A::EventTarget(s) => format!("the Event targets {}", baron(g, s)),
        A::CancelEvent => format!("cancel the Event{}", pending_event(g)),
        A::AcceptEvent => match g.core.phase {
            crate::state::Phase::EventCancel(_) => format!("let the Event{} be", pending_event(g)),
            _ => "let it be".into(),
        },
        A::Pledge(n) => format!("pledge {n} Faith against the Event{}", pending_event(g)),
        A::StartExpedition(e) => format!(
            "start the {} expedition",
            g.t()
                .board
                .file
                .expeditions
                .get(usize::from(e))
                .map_or("?", String::as_str)
        ),
        A::NoExpedition => "start no expedition".into(),
        A::Fund(n) => format!("invest {n} crowns"),
        A::Bless => "bless the expedition".into(),
        A::NoBless => "no blessing".into(),
        A::Appoint(s) => format!("{} acts as Chairman", baron(g, s)),
        A::Propose(p) => match p {
            Proposal::RescindBan(s) => format!("propose lifting {}'s ban", baron(g, s)),
            Proposal::DiscardLaw(k) => format!("propose repealing {}", agenda(g, k)),
            Proposal::DiscardCharge(s, k) => {
                format!("propose taking {} from {}", agenda(g, k), baron(g, s))
            }
            Proposal::DiscardOffice(s, k) => format!(
                "propose removing the office of {}'s {}",
                baron(g, s),
                noble(g, k)
            ),
            Proposal::Postpone => "propose postponing the Assembly".into(),
            Proposal::Revive(k) => format!("propose voting on {}", agenda(g, k)),
        },
        A::NextAgenda(i) => {
            let k = g
                .core
                .assembly
                .as_ref()
                .and_then(|a| a.unordered.get(usize::from(i)).copied());
            match k {
                Some(k) => format!("vote {} next", agenda(g, k)),
                None => format!("agenda {} next", ord1(i)),
            }
        }
        A::Commit(n) => format!("{n} Votes in the fist"),
        A::Cast(b) => format!("cast for {}", ballot(g, b)),
        A::TieBreak(b) => format!("break the tie: {}", ballot(g, b)),
        A::AcceptAgenda => "accept".into(),
        A::RefuseAgenda => "refuse and storm out".into(),
        A::OfficeTo(k) => format!("office to the {}", noble(g, k)),
        A::DropCharge(i) => format!("drop charge {}", ord1(i)),
        A::ComplyTithe => "pay the Tithe".into(),
        A::RefuseTithe => "refuse the Tithe".into(),
        A::BuyOffFaith => match revolting(g) {
            Some((c, _, _, faith)) => {
                format!("buy off the revolt of {} for {faith} Faith", city(g, c))
            }
            None => "buy the revolt off with Faith".into(),
        },
        A::BuyOffCrowns => match revolting(g) {
            Some((c, income, crowns, _)) => format!(
                "buy off the revolt of {} (income {income}) for {crowns} crowns",
                city(g, c)
            ),
            None => "buy the revolt off with crowns".into(),
        },
        A::LetRevolt => match revolting(g) {
            Some((c, income, _, _)) => {
                format!(
                    "let {} (income {income}) revolt: it turns neutral",
                    city(g, c)
                )
            }
            None => "let the city go".into(),
        },
        A::LoseTroop(m) => match g.core.losses.first() {
            Some(l) if l.deserter.is_some() => {
                format!("{} of the {} deserts", troop(g, m), holder(g, l.holder))
            }
            Some(l) => format!(
                "discard {} of the {} for a casualty",
                troop(g, m),
                holder(g, l.holder)
            ),
            None => format!("give up {}", troop(g, m)),
        },
        A::ResolveRevolt(c) => {
            let (income, crowns, faith) = g.revolt_prices(c);
            format!(
                "resolve the revolt of {} (income {income}; {crowns} crowns or {faith} Faith) next",
                city(g, c)
            )
        }
        A::CancelLasting(i) => format!("cancel lasting Event {}", ord1(i)),
        A::ReturnDone => "done".into(),
    }
}

/// `x + 1` for display, without overflow on any value (actions from files are shown in errors
/// before they are checked).
fn ord1<T: Into<u32>>(x: T) -> u32 {
    x.into().saturating_add(1)
}

fn gain_text(who: &str, r: crate::cards::Resource, amount: i8, per_city: bool) -> String {
    let what = match r {
        crate::cards::Resource::Crowns => "crowns",
        crate::cards::Resource::Votes => "Votes",
        crate::cards::Resource::Faith => "Faith",
        crate::cards::Resource::Influence => "Influence",
    };
    let verb = if amount < 0 { "loses" } else { "gains" };
    let each = if per_city { " per city" } else { "" };
    format!("{who} {verb} {} {what}{each}", amount.unsigned_abs())
}

impl WarriorKnights {
    /// An Event drawn, in words: its name, who drew it, whom it struck and its effect.
    pub fn event_text(&self, r: &crate::state::EventDrawn) -> String {
        use crate::cards::EventEffect as E;
        use crate::state::EventResult;
        let Some(card) = self.t().cards.events.get(usize::from(r.card)) else {
            return format!("Event {}", r.card);
        };
        let colour = match card.colour {
            crate::cards::EventColour::Red => "red",
            crate::cards::EventColour::Green => "green",
            crate::cards::EventColour::Blue => "blue",
        };
        let who = baron(self, r.target);
        let noble_of = |k: Option<u8>| match k {
            Some(k) => format!("{who}'s {}", noble(self, k)),
            None => format!("no Noble of {who}"),
        };
        let city_of = |c: Option<u8>| match c {
            Some(c) => city(self, c),
            None => format!("no city of {who}"),
        };
        let effect = match card.effect {
            E::Gain { resource, amount } => gain_text(&who, resource, amount, false),
            E::PerCity { resource, amount } => gain_text(&who, resource, amount, true),
            E::Heretic => format!("{who} is a heretic and gains no Faith"),
            E::NoHeir => format!("{} has no heir", noble_of(r.pick)),
            E::BrokenLine => format!("{who}'s dead Nobles lose their heirs"),
            E::Assassin { casualties } => {
                format!("{casualties} casualties on {}", noble_of(r.pick))
            }
            E::Revolt => format!("{} revolts and turns neutral", city_of(r.pick)),
            E::Fire => format!("{} takes a breach", city_of(r.pick)),
            E::Desertion => match r.pick {
                Some(n) => format!(
                    "{who}'s {} Mercenaries desert",
                    self.t()
                        .components
                        .nationalities
                        .get(usize::from(n))
                        .map_or("?", |x| x.id.as_str())
                ),
                None => format!("no Mercenaries of {who} desert"),
            },
            E::Storm => format!("each of {who}'s Nobles at sea takes a casualty"),
            E::Plague => format!("each of {who}'s armies on the board takes a casualty"),
            E::Reinforcement => format!("{who} takes the top Mercenary at his stronghold"),
            E::Heal => format!("{who}'s most wounded army is healed"),
            E::Repair => format!("every breach of {who}'s cities and stronghold is repaired"),
            E::TakeChairman => format!("{who} takes the Chairman token"),
            E::TakeHeadOfChurch => format!("{who} takes the Head of the Church token"),
        };
        let drawer = baron(self, r.drawer);
        let on = if r.target == r.drawer {
            String::new()
        } else {
            format!(" against {who}")
        };
        let result = match r.result {
            EventResult::Pending => " (being resolved)",
            EventResult::Cancelled => ": cancelled with Faith",
            EventResult::Happened => "",
            EventResult::Lasting => " (lasting)",
        };
        let what = if r.result == EventResult::Cancelled {
            String::new()
        } else {
            format!(": {effect}")
        };
        format!(
            "Event {} ({colour}) drawn by {drawer}{on}{what}{result}",
            card.name
        )
    }

    /// What the last decision made public beyond itself: the Events it drew or resolved, in
    /// words (for the table log).
    pub fn event_announcements(&self) -> Vec<String> {
        let now = self.core.decisions;
        self.core
            .events_drawn
            .iter()
            .rev()
            .take_while(|r| r.drawn_at == now || r.resolved_at == Some(now))
            .map(|r| self.event_text(r))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect()
    }
}
