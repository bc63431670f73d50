//! The game state and the round's flow: setup, Planning, the Actions phase with every card, the
//! special phases and the Upkeep. Battles are in `battle.rs`, the Assembly in `assembly.rs`.
//!
//! The engine is a small interpreter: `phase` names the pending decision (and who makes it);
//! `steps` is a stack of automatic continuations run by [`WarriorKnights::run`] until a
//! decision is needed or the game ends.

use std::collections::VecDeque;

use ordo_core::{ActionList, ConfigError, GameRng, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::cards::{AgendaEffect, EventColour, EventEffect, LawKind, Resource};
use crate::config::Config;
use crate::data::ExpeditionResult;
use crate::fate::FateDeck;
use crate::map::AreaId;
use crate::phases::Assembly;
use crate::phases::Battle;
use crate::tables::{tables, Tables};
use crate::types::*;

/// Rounds after which a game ends as if the Influence pool had run out (no printed rule; a
/// guard so that no game can run forever — see docs/rules-decisions.md W20).
pub const MAX_ROUNDS: u16 = 60;

/// Where a Noble is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkLoc"))]
#[serde(rename_all = "snake_case")]
pub enum Loc {
    /// Off the board (never placed, dead with an heir, or without troops).
    Off,
    /// In an area.
    At(AreaId),
    /// On the port icon of an area, arriving in the Upkeep.
    Sea(AreaId),
}

/// A Noble.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Noble {
    pub(crate) loc: Loc,
    pub(crate) exhausted: bool,
    pub(crate) troops: Vec<TroopId>,
    pub(crate) casualties: u8,
    /// Office held (Agenda kind).
    pub(crate) office: Option<u8>,
    /// *No Heir* applies to him.
    pub(crate) no_heir: bool,
    /// The line has ended: he never comes back.
    pub(crate) gone: bool,
    /// Off the board after a death (his heir waits to return); *Broken Line* ends such lines
    /// only, not those of Nobles removed without dying.
    pub(crate) dead: bool,
}

/// A Baron.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Baron {
    pub(crate) crowns: u16,
    pub(crate) votes: u16,
    pub(crate) faith: u16,
    pub(crate) influence: u16,
    /// Cards in hand by kind.
    pub(crate) hand: [u8; 6],
    /// Cards laid this Planning, per stack (secret until revealed).
    pub(crate) planned: [Vec<BaronCard>; 3],
    pub(crate) stronghold: Option<AreaId>,
    pub(crate) sh_troops: Vec<TroopId>,
    pub(crate) sh_casualties: u8,
    pub(crate) sh_breaches: u8,
    /// Besieger and round declared.
    pub(crate) sh_siege: Option<(u8, u16)>,
    /// Stronghold taken this round: no Influence in this Upkeep.
    pub(crate) sh_lost: bool,
    /// Charges and concessions held (Agenda kinds).
    pub(crate) charges: Vec<u8>,
    pub(crate) banned: bool,
    pub(crate) heretic: bool,
    pub(crate) eliminated: bool,
    pub(crate) nobles: [Noble; 4],
}

/// A city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkCityState"))]
pub struct CityState {
    /// Controlling Baron.
    pub owner: Option<u8>,
    /// Control marker on its fortified side.
    pub fortified: bool,
    /// Razed: never controlled again.
    pub razed: bool,
    /// Breach tokens.
    pub breaches: u8,
    /// Besieging Baron and the round the siege was declared.
    pub siege: Option<(u8, u16)>,
}

/// An expedition track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkExpedition"))]
pub struct Expedition {
    /// 0: not under way; 1–3: spot.
    pub spot: u8,
    /// Blessed by the Head of the Church.
    pub blessed: bool,
    /// Crowns invested per Baron.
    pub funds: [u8; 6],
}

/// The card being resolved and what it has done.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CardCtx {
    pub(crate) card: Option<Card>,
    pub(crate) moved: bool,
    pub(crate) battled: bool,
    /// Nobles moved by this card (exhausted when it ends).
    pub(crate) movers: Vec<Shape>,
    /// Troops already passed on during this card.
    pub(crate) passed: Vec<TroopId>,
    /// The Noble who has taken troops for his move and moves next.
    pub(crate) loading: Option<Shape>,
    /// Permission refused for these Nobles' moves.
    pub(crate) refused_moves: Vec<Shape>,
    /// Permission refused for these targets.
    pub(crate) refused_targets: Vec<Target>,
    /// A Draft is due once the card is allocated.
    pub(crate) draft_pending: bool,
    /// Rules revision 5: the Noble halted on the road to take troops (W13).
    #[serde(default)]
    pub(crate) halt: Option<Halt>,
}

/// Hashed field by field as before revision 5, the halt only when there is one: games of the
/// earlier revisions keep their state hashes (goldens, pinned workloads).
impl std::hash::Hash for CardCtx {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.card.hash(state);
        self.moved.hash(state);
        self.battled.hash(state);
        self.movers.hash(state);
        self.passed.hash(state);
        self.loading.hash(state);
        self.refused_moves.hash(state);
        self.refused_targets.hash(state);
        self.draft_pending.hash(state);
        if let Some(h) = &self.halt {
            h.hash(state);
        }
    }
}

/// A Noble halted on a road mid-move (rules revision 5, W13): he has left his area, may take
/// troops where he stands, and may go on along the road for the steps he has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Halt {
    pub(crate) shape: Shape,
    /// Road steps still allowed (1 or 2).
    pub(crate) steps: u8,
    /// The areas of the road already travelled, as a bit set (the move never returns to them).
    pub(crate) visited: u64,
}

/// A request for permission.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Ask {
    pub(crate) from: u8,
    pub(crate) what: AskFor,
    /// Barons still to answer, in order.
    pub(crate) pending: Vec<u8>,
    /// Phase to return to.
    pub(crate) resume: Phase,
}

/// What is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum AskFor {
    Move { shape: Shape, to: AreaId },
    Attack(Target),
}

/// The Important Event being resolved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct EventCtx {
    pub(crate) card: u8,
    pub(crate) drawer: u8,
    pub(crate) target: u8,
    /// Noble, city or nationality picked by Fate, if the effect needs one.
    pub(crate) pick: Option<u8>,
    pub(crate) pledges: [u8; 6],
    pub(crate) asked: u8,
}

/// Rules revision 4: what a dead Noble's army (or a lost stronghold's troops) must still give
/// up, chosen by its owner (W15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkLoss"))]
pub struct Loss {
    /// The owner, who chooses.
    pub seat: u8,
    /// The army.
    pub holder: Holder,
    /// The nationality drawn for a deserter, while he is still to be chosen.
    pub deserter: Option<u8>,
    /// Casualty tokens still to be paid for (100 strength of Mercenaries each).
    pub tokens: u8,
    /// A 50 has been given for the current token and a second 50 is due.
    pub half: bool,
}

/// What became of an Event drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkEventResult"))]
#[serde(rename_all = "snake_case")]
pub enum EventResult {
    /// Still being resolved (target, cancellation).
    Pending,
    /// Cancelled with Faith: discarded without effect.
    Cancelled,
    /// It happened and was discarded.
    Happened,
    /// It happened and stays in effect.
    Lasting,
}

/// An Event drawn, as everyone saw it (the public history of Events).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkEventDrawn"))]
pub struct EventDrawn {
    /// Round drawn.
    pub round: u16,
    /// The Event (index into the cards' Events).
    pub card: u8,
    /// The Baron who drew it.
    pub drawer: u8,
    /// The Baron it struck (the drawer, or for a blue Event the one he chose).
    pub target: u8,
    /// Noble, city or nationality picked by Fate for its effect.
    pub pick: Option<u8>,
    /// What became of it.
    pub result: EventResult,
    /// The decision (count) that drew it.
    pub drawn_at: u32,
    /// The decision (count) that resolved it.
    pub resolved_at: Option<u32>,
}

/// The pending decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum Phase {
    Auto,
    SetupStronghold(u8),
    SetupTroops(u8),
    SetupNoble(u8),
    Planning,
    Card(u8, BaronCard),
    ServeZone(u8),
    MobilizeZone(u8),
    Mobilize(u8, AreaId),
    Ask(u8),
    Target(u8, AreaId),
    Fighters(u8),
    Mode(u8),
    Commander(u8),
    Discard(u8),
    Casualties(u8),
    Retreat(u8, Shape),
    Raze(u8, u8),
    GiveCity(u8),
    Wages(u8),
    Hire(u8),
    AssignHire(u8),
    Upgrade(u8),
    Muster(u8),
    EventDrawer(u8),
    EventTarget(u8),
    EventCancel(u8),
    EventPledge(u8),
    ExpStart(u8),
    ExpFund(u8),
    ExpBless(u8),
    Appoint(u8),
    Propose(u8),
    Order(u8),
    Commit,
    Cast(u8),
    Tie(u8),
    Refusal(u8),
    Office(u8),
    DropCharge(u8),
    Tithe(u8),
    Revolt(u8, u8),
    /// Rules revision 4: the owner gives up a deserter or a casualty's Mercenaries.
    Loss(u8),
    /// Rules revision 4: the Baron picks which of his revolting cities is resolved next.
    RevoltOrder(u8),
    Miracle(u8),
    Return(u8),
    Over,
    /// *The King*: the King places his next King's Army card.
    KingArmy(u8),
    /// *For Glory*, Enrich Mind: buy a face-up Advancement or stop.
    Buy(u8),
    /// *For Glory*: over the limit of Advancements, discard one.
    Overflow(u8),
    /// *For Glory*: Enrich Mind goes to Taxation or Assembly.
    EnrichZone(u8),
    /// *For Glory*: Forced March refreshes more Nobles, for crowns.
    ForcedMarch(u8),
    /// *For Glory*, Research: the Scholar may pay to draw the top Advancement.
    Research(u8),
    /// *For Glory*, Research: buy the Advancement drawn (by kind) or put it at the bottom.
    Researched(u8, u8),
    /// *For Glory*, Uncertain Times: the Scholar may replace a face-up Advancement.
    Uncertain(u8),
    /// *For Glory*: a Riot in the Baron's city: buy it off or take a riot token.
    Riot(u8, u8),
    /// *For Glory*: the defender may retreat of his own will (Retreat / Draw 1 Fate).
    Withdraw(u8),
    /// *For Glory*, Funds Needed: a funder of this expedition pays or forfeits his stake.
    FundsNeeded(u8, u8),
    /// *For Glory*, Upgrade Defenses: the Baron may hire a Garrison.
    Garrison(u8),
    /// *For Glory*, Wages: short of crowns, the Baron lets a Garrison go.
    Disband(u8),
    /// *For Glory*, Muster Forces: the Baron may recruit Town Levies.
    Levy(u8),
    /// *For Glory*: in a battle, the Baron may declare one of his Advancements.
    UseAdvancement(u8),
}

/// Automatic continuations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum Step {
    SetupTroopsFrom(u8),
    SetupNobles(u8),
    StartRound,
    Reveal,
    Allocate(Option<Zone>),
    Triggers,
    TaxationFrom(u8),
    WagesFrom(u8),
    ReturnZone(Zone),
    DraftFrom(u8),
    UpgradeFrom(u8),
    MusterFrom(u8),
    EventEffect,
    EventCancelFrom(u8),
    FundFrom(u8),
    ExpResolve,
    BattleNext,
    AssemblyNext,
    UpkeepVictory,
    UpkeepInfluence,
    MiracleFrom(u8),
    RevoltFrom(u8, u8),
    /// Rules revision 4: the next revolting city of the Baron at this index in the order.
    RevoltNext(u8),
    /// Rules revision 4: a decision put off while a dead Noble's losses were chosen.
    Resume(Phase),
    UpkeepArrive,
    ReturnFrom(u8),
    EndRound,
    /// *The King*: the King's Army cards waiting for the King go to him.
    KingArmy,
    /// *For Glory*: the Baron resolving Enrich Mind buys on, or allocates it.
    Buying(u8),
    /// *For Glory*, Funds Needed on this expedition: the funders from this one (in the
    /// Chairman's order) pay or forfeit.
    FundsNeeded(u8, u8),
    /// Expeditions at the last spot from this one on are resolved.
    ExpResolveFrom(u8),
    /// *For Glory*: after his Upgrade Defenses decision, the Baron's Garrison.
    GarrisonHire(u8),
    /// *For Glory*: the Baron pays his Garrisons' wages (or lets one go), then his
    /// Mercenaries'.
    GarrisonWages(u8),
    /// *For Glory*: after his Muster Forces casualties, the Baron's Town Levies.
    LevyRecruit(u8),
}

/// Immutable tables, compared by identity.
#[derive(Clone, Copy)]
pub(crate) struct Data(pub(crate) &'static Tables);

impl PartialEq for Data {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl std::fmt::Debug for Data {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.components.version)
    }
}

/// Everything but the RNG and the tables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    pub(crate) n: u8,
    pub(crate) round: u16,
    pub(crate) chairman: u8,
    pub(crate) head: u8,
    /// The Chairman drawn at setup (first to place a stronghold).
    pub(crate) first_chairman: u8,
    pub(crate) barons: Vec<Baron>,
    pub(crate) cities: Vec<CityState>,
    pub(crate) fate: FateDeck,
    pub(crate) events: VecDeque<u8>,
    pub(crate) event_discard: Vec<u8>,
    /// Every Event drawn, in order (public).
    pub(crate) events_drawn: Vec<EventDrawn>,
    /// Rules revision 4: cities of the Baron in the revolt step that revolted and wait for him
    /// to resolve them, in board order.
    pub(crate) revolts: Vec<u8>,
    /// Rules revision 4: losses of dead Nobles' armies waiting for their owners' choices.
    pub(crate) losses: Vec<Loss>,
    /// Lasting Events in effect: (Event kind, Baron).
    pub(crate) lasting: Vec<(u8, u8)>,
    pub(crate) agendas: VecDeque<u8>,
    pub(crate) agenda_discard: Vec<u8>,
    pub(crate) current_agendas: Vec<u8>,
    pub(crate) laws: Vec<u8>,
    pub(crate) mercs: VecDeque<TroopId>,
    pub(crate) offer: Vec<TroopId>,
    /// Baron markers on the usable spots of the Mercenary Track.
    pub(crate) track: Vec<Option<u8>>,
    /// Barons whose first marker has come up in the Draft under way.
    pub(crate) drafted: Vec<u8>,
    pub(crate) stacks: [Vec<Card>; 3],
    pub(crate) stack: u8,
    /// Neutral cards revealed this round.
    pub(crate) neutral_seen: Vec<NeutralCard>,
    pub(crate) zones: [Vec<(u8, BaronCard)>; 3],
    pub(crate) plan_done: Vec<bool>,
    pub(crate) pool: i32,
    pub(crate) last_round: bool,
    pub(crate) expeditions: [Expedition; 3],
    /// The expedition started by the Fund Expeditions card being resolved.
    pub(crate) new_expedition: Option<u8>,
    pub(crate) phase: Phase,
    pub(crate) steps: Vec<Step>,
    pub(crate) ctx: CardCtx,
    pub(crate) ask: Option<Ask>,
    pub(crate) battle: Option<Battle>,
    /// The last battle fought, as it ended (public: told to players after it is over).
    pub(crate) last_battle: Option<Battle>,
    pub(crate) assembly: Option<Assembly>,
    pub(crate) event: Option<EventCtx>,
    /// Setup: troop cards still to assign per Baron.
    pub(crate) start_troops: Vec<Vec<TroopId>>,
    /// Draft: Mercenaries hired and not yet assigned.
    pub(crate) hires: Vec<TroopId>,
    /// Upkeep Return: troops already moved this step.
    pub(crate) passed: Vec<TroopId>,
    /// The Fate cards drawn last, in order (public).
    pub(crate) last_fate: Vec<u8>,
    /// The last revealed card.
    pub(crate) revealed: Option<Card>,
    pub(crate) decisions: u32,
    pub(crate) outcome: Option<Outcome>,
    /// Winner by the city majority.
    pub(crate) city_winner: Option<u8>,
    /// *Exchanging Heirs*: who holds each Noble's heir token.
    pub(crate) heirs: Heirs,
    /// *The King*: the King and his Army.
    pub(crate) crown: Crown,
    /// *Missions*: each Baron's secret Mission.
    pub(crate) missions: MissionSlot,
    /// *Exchanging Heirs*: offers still open between two Barons (W30).
    pub(crate) offers: IfPlayed<crate::offers::Offers>,
    /// *For Glory*: Knowledge, the Scholar, Advancements and the variant's cards.
    pub(crate) glory: IfPlayed<crate::glory::Glory>,
}

/// The state of an optional rule or an expansion's variant: present only at tables that play
/// it, and hashed only there, so games without it keep their state hashes (goldens, pinned
/// workloads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct IfPlayed<T>(pub(crate) Option<T>);

impl<T> Default for IfPlayed<T> {
    fn default() -> Self {
        IfPlayed(None)
    }
}

impl<T: std::hash::Hash> std::hash::Hash for IfPlayed<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        if let Some(x) = &self.0 {
            x.hash(state);
        }
    }
}

/// *Missions* (W29).
pub(crate) type MissionSlot = IfPlayed<MissionState>;

/// The Missions dealt and, once the game is over, which were fulfilled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct MissionState {
    /// Each Baron's Mission (index into the data's cards), secret until the end.
    pub(crate) dealt: Vec<u8>,
    /// Per Baron, whether his Mission was fulfilled (empty until the end).
    pub(crate) fulfilled: Vec<bool>,
}

/// *The King* (W28).
pub(crate) type Crown = IfPlayed<Reign>;

/// Who is King and what he has still to place.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Reign {
    /// The King, once crowned.
    pub(crate) king: Option<u8>,
    /// The round of the Upkeep he was crowned (or usurped the crown) in.
    pub(crate) since: u16,
    /// King's Army cards he has still to place, in order.
    pub(crate) to_place: Vec<TroopId>,
}

/// *Exchanging Heirs*: the Baron holding each Noble's heir token, by Baron and shape.
pub(crate) type Heirs = IfPlayed<Vec<[u8; 4]>>;

/// A game of Warrior Knights in progress. Built only by `Game::new_game`.
#[derive(Clone, Debug, PartialEq)]
pub struct WarriorKnights {
    pub(crate) config: Config,
    pub(crate) data: Data,
    pub(crate) rng: GameRng,
    pub(crate) core: Core,
}

fn noble() -> Noble {
    Noble {
        loc: Loc::Off,
        exhausted: false,
        troops: Vec::new(),
        casualties: 0,
        office: None,
        no_heir: false,
        gone: false,
        dead: false,
    }
}

impl WarriorKnights {
    pub(crate) fn t(&self) -> &'static Tables {
        self.data.0
    }

    pub(crate) fn b(&self, s: u8) -> &Baron {
        &self.core.barons[usize::from(s)]
    }

    pub(crate) fn bm(&mut self, s: u8) -> &mut Baron {
        &mut self.core.barons[usize::from(s)]
    }

    pub(crate) fn nb(&self, s: u8, shape: Shape) -> &Noble {
        &self.core.barons[usize::from(s)].nobles[usize::from(shape & 3)]
    }

    pub(crate) fn nbm(&mut self, s: u8, shape: Shape) -> &mut Noble {
        &mut self.core.barons[usize::from(s)].nobles[usize::from(shape & 3)]
    }

    /// Active Barons from `start` clockwise.
    pub(crate) fn order_from(&self, start: u8) -> Vec<u8> {
        let n = self.core.n;
        (0..n)
            .map(|i| (start + i) % n)
            .filter(|&s| !self.b(s).eliminated)
            .collect()
    }

    /// Active Barons, Chairman first.
    pub(crate) fn order(&self) -> Vec<u8> {
        self.order_from(self.core.chairman)
    }

    pub(crate) fn active(&self) -> Vec<u8> {
        (0..self.core.n)
            .filter(|&s| !self.b(s).eliminated)
            .collect()
    }

    // ---------- troops and armies ----------

    pub(crate) fn troops(&self, s: u8, h: Holder) -> &[TroopId] {
        match h {
            Holder::Noble(k) => &self.nb(s, k).troops,
            Holder::Stronghold => &self.b(s).sh_troops,
        }
    }

    pub(crate) fn troops_mut(&mut self, s: u8, h: Holder) -> &mut Vec<TroopId> {
        match h {
            Holder::Noble(k) => &mut self.nbm(s, k).troops,
            Holder::Stronghold => &mut self.bm(s).sh_troops,
        }
    }

    pub(crate) fn casualties(&self, s: u8, h: Holder) -> u8 {
        match h {
            Holder::Noble(k) => self.nb(s, k).casualties,
            Holder::Stronghold => self.b(s).sh_casualties,
        }
    }

    pub(crate) fn casualties_mut(&mut self, s: u8, h: Holder) -> &mut u8 {
        match h {
            Holder::Noble(k) => &mut self.nbm(s, k).casualties,
            Holder::Stronghold => &mut self.bm(s).sh_casualties,
        }
    }

    /// Maintained troops from a Noble's office.
    pub(crate) fn maintained(&self, s: u8, h: Holder) -> u16 {
        match h {
            Holder::Noble(k) => match self.nb(s, k).office {
                Some(a) => match self.t().cards.agendas[usize::from(a)].effect {
                    AgendaEffect::Maintained { troops } => troops,
                    _ => 0,
                },
                None => 0,
            },
            Holder::Stronghold => 0,
        }
    }

    /// Troop cards plus maintained troops.
    pub(crate) fn troop_strength(&self, s: u8, h: Holder) -> u16 {
        let t = self.t();
        self.troops(s, h)
            .iter()
            .map(|&x| t.strength(x))
            .sum::<u16>()
            + self.maintained(s, h)
    }

    /// Strength after casualties (never negative).
    pub(crate) fn army_strength(&self, s: u8, h: Holder) -> u16 {
        self.troop_strength(s, h)
            .saturating_sub(100 * u16::from(self.casualties(s, h)))
    }

    /// An army is alive while its casualty tokens are below its troops.
    pub(crate) fn alive(&self, s: u8, h: Holder) -> bool {
        100 * u16::from(self.casualties(s, h)) < self.troop_strength(s, h)
    }

    /// Where a troop card is, among `s`'s holders.
    pub(crate) fn holder_of(&self, s: u8, troop: TroopId) -> Option<Holder> {
        if self.b(s).sh_troops.contains(&troop) {
            return Some(Holder::Stronghold);
        }
        (0..4u8)
            .find(|&k| self.nb(s, k).troops.contains(&troop))
            .map(Holder::Noble)
    }

    /// Nobles of `s` standing in `area` (not at sea).
    pub(crate) fn nobles_at(&self, s: u8, area: AreaId) -> Vec<Shape> {
        (0..4u8)
            .filter(|&k| self.nb(s, k).loc == Loc::At(area))
            .collect()
    }

    /// Barons other than `s` with a Noble standing in `area`.
    pub(crate) fn others_with_nobles(&self, s: u8, area: AreaId) -> Vec<u8> {
        self.active()
            .into_iter()
            .filter(|&o| o != s && !self.nobles_at(o, area).is_empty())
            .collect()
    }

    /// Barons other than `s` with an army in `area` (Nobles, or troops at a stronghold there).
    pub(crate) fn others_with_armies(&self, s: u8, area: AreaId) -> Vec<u8> {
        self.active()
            .into_iter()
            .filter(|&o| {
                o != s
                    && (!self.nobles_at(o, area).is_empty()
                        || (self.b(o).stronghold == Some(area) && !self.b(o).sh_troops.is_empty()))
            })
            .collect()
    }

    pub(crate) fn stronghold_owner_at(&self, area: AreaId) -> Option<u8> {
        self.active()
            .into_iter()
            .find(|&o| self.b(o).stronghold == Some(area))
    }

    pub(crate) fn city_at(&self, area: AreaId) -> Option<u8> {
        self.t().area_city.get(usize::from(area)).copied().flatten()
    }

    pub(crate) fn city(&self, c: u8) -> &CityState {
        &self.core.cities[usize::from(c)]
    }

    pub(crate) fn city_mut(&mut self, c: u8) -> &mut CityState {
        &mut self.core.cities[usize::from(c)]
    }

    /// An unrazed city in `area` and its state.
    pub(crate) fn live_city_at(&self, area: AreaId) -> Option<u8> {
        self.city_at(area).filter(|&c| !self.city(c).razed)
    }

    pub(crate) fn cities_of(&self, s: u8) -> Vec<u8> {
        (0..self.core.cities.len() as u8)
            .filter(|&c| self.city(c).owner == Some(s) && !self.city(c).razed)
            .collect()
    }

    pub(crate) fn kingdom_cities_of(&self, s: u8) -> usize {
        self.cities_of(s)
            .into_iter()
            .filter(|&c| self.t().is_kingdom_city(c))
            .count()
    }

    /// Whether Nobles of `s` in `area` are shut in by a siege of his city or stronghold there.
    pub(crate) fn shut_in(&self, s: u8, area: AreaId) -> bool {
        if let Some(c) = self.live_city_at(area) {
            let st = self.city(c);
            if st.owner == Some(s) && st.siege.is_some() {
                return true;
            }
        }
        self.b(s).stronghold == Some(area) && self.b(s).sh_siege.is_some()
    }

    /// Current strength of a city: printed − breaches, +100 if fortified.
    pub(crate) fn city_strength(&self, c: u8) -> u16 {
        let st = self.city(c);
        let (base, _) = self.t().city_values(c);
        (base + if st.fortified { 100 } else { 0 } + self.garrison_bonus(c))
            .saturating_sub(100 * u16::from(st.breaches))
    }

    pub(crate) fn stronghold_strength(&self, s: u8) -> u16 {
        let base = self.t().components.barons[usize::from(s)].stronghold_strength;
        base.saturating_sub(100 * u16::from(self.b(s).sh_breaches))
    }

    pub(crate) fn law(&self, law: LawKind) -> bool {
        self.core.laws.iter().any(|&a| {
            matches!(self.t().cards.agendas[usize::from(a)].effect, AgendaEffect::Law { law: l } if l == law)
        })
    }

    // ---------- resources ----------

    /// Gains (or loses, never below 0) a resource; Influence comes from the pool.
    pub(crate) fn gain(&mut self, s: u8, r: Resource, amount: i32) {
        if amount > 0 && r == Resource::Faith && self.b(s).heretic {
            return;
        }
        if r == Resource::Influence && amount > 0 {
            self.core.pool -= amount;
        }
        let b = self.bm(s);
        let v = match r {
            Resource::Crowns => &mut b.crowns,
            Resource::Votes => &mut b.votes,
            Resource::Faith => &mut b.faith,
            Resource::Influence => &mut b.influence,
        };
        *v = (i32::from(*v) + amount).clamp(0, i32::from(u16::MAX)) as u16;
    }

    pub(crate) fn pay(&mut self, s: u8, crowns: u16) {
        let b = self.bm(s);
        b.crowns = b.crowns.saturating_sub(crowns);
    }

    // ---------- decks ----------

    /// Draws a Fate card (it goes to the bottom) and records it as the last drawn.
    pub(crate) fn fate_draw(&mut self) -> Option<u8> {
        let id = self.core.fate.draw();
        if let Some(id) = id {
            self.core.last_fate.push(id);
        }
        id
    }

    /// Draws Fate cards until one fits.
    pub(crate) fn fate_until(&mut self, mut fits: impl FnMut(&Self, usize) -> bool) -> Option<u8> {
        for _ in 0..self.core.fate.len() {
            let id = self.fate_draw()?;
            if fits(self, usize::from(id)) {
                return Some(id);
            }
        }
        None
    }

    /// A random Baron in the game (Fate), optionally excluding one.
    pub(crate) fn random_baron(&mut self, except: Option<u8>) -> Option<u8> {
        let id = self.fate_until(|g, f| {
            let b = g.t().fate[f].baron;
            b < g.core.n && !g.b(b).eliminated && Some(b) != except
        })?;
        Some(self.t().fate[usize::from(id)].baron)
    }

    /// Shuffles a Mercenary back into the deck.
    pub(crate) fn merc_to_deck(&mut self, m: TroopId) {
        if !self.t().in_merc_deck(m) {
            // A Town Levy goes back to the Levy deck.
            return;
        }
        let at = self.rng.index(self.core.mercs.len() + 1);
        self.core.mercs.insert(at, m);
    }

    pub(crate) fn draw_merc(&mut self) -> Option<TroopId> {
        self.core.mercs.pop_front()
    }

    pub(crate) fn draw_event(&mut self) -> Option<u8> {
        if self.core.events.is_empty() {
            let mut d = std::mem::take(&mut self.core.event_discard);
            d.sort_unstable();
            self.rng.shuffle(&mut d);
            self.core.events = d.into();
        }
        self.core.events.pop_front()
    }

    pub(crate) fn draw_agenda(&mut self) -> Option<u8> {
        if self.core.agendas.is_empty() {
            let mut d = std::mem::take(&mut self.core.agenda_discard);
            d.sort_unstable();
            self.rng.shuffle(&mut d);
            self.core.agendas = d.into();
        }
        self.core.agendas.pop_front()
    }

    pub(crate) fn refill_agendas(&mut self) {
        while self.core.current_agendas.len() < 3 {
            match self.draw_agenda() {
                Some(a) => self.core.current_agendas.push(a),
                None => break,
            }
        }
    }

    // ---------- setup ----------

    pub(crate) fn setup(config: &Config, seed: u64) -> Result<WarriorKnights, ConfigError> {
        config.check().map_err(config_error)?;
        Self::setup_checked(config, seed)
    }

    /// Sets a table up from options already checked (the rules tests play *For Glory*, still
    /// refused by [`Config::check`], through this).
    pub(crate) fn setup_checked(config: &Config, seed: u64) -> Result<WarriorKnights, ConfigError> {
        config.check_built().map_err(config_error)?;
        if config.optional.for_glory && config.data.is_some() {
            glory_pack_refused()?;
        }
        let base = match config.data {
            None => tables().map_err(|e| {
                ConfigError::Data(format!(
                    "{} problems, first: {}",
                    e.len(),
                    e.first().map(ToString::to_string).unwrap_or_default()
                ))
            })?,
            Some(id) => {
                &crate::tables::pack(id)
                    .ok_or_else(|| {
                        ConfigError::Data(format!(
                            "the data pack {id} is not loaded (give its directory with --data)"
                        ))
                    })?
                    .tables
            }
        };
        let t = match (config.optional.for_glory, config.data) {
            (false, _) => base,
            (true, None) => crate::tables::glory_tables().map_err(|e| {
                ConfigError::Data(format!(
                    "For Glory's data: {} problems, first: {}",
                    e.len(),
                    e.first().map(ToString::to_string).unwrap_or_default()
                ))
            })?,
            (true, Some(_)) => glory_pack_refused()?,
        };
        let n = config.barons;
        let pc = t
            .components
            .player_count(n)
            .ok_or_else(|| ConfigError::Invalid {
                option: "barons".into(),
                reason: "no player-count row".into(),
            })?;
        let mut rng = GameRng::from_seed(seed);
        let fate = FateDeck::shuffled(t.fate.len(), &mut rng);
        let mut events = t.cards.event_deck();
        rng.shuffle(&mut events);
        let mut events: VecDeque<u8> = events.into();
        if let Some(top) = events.pop_front() {
            events.push_back(top);
        }
        if t.glory.is_some() {
            // *For Glory*: red Events go to the bottom until the top one is not red.
            for _ in 0..events.len() {
                let red = events.front().is_some_and(|&e| {
                    t.cards
                        .events
                        .get(usize::from(e))
                        .is_some_and(|c| c.colour == crate::cards::EventColour::Red)
                });
                if !red {
                    break;
                }
                if let Some(top) = events.pop_front() {
                    events.push_back(top);
                }
            }
        }
        let mut agendas = t.cards.agenda_deck();
        rng.shuffle(&mut agendas);
        let mut mercs: Vec<TroopId> = (0..t.mercs.len() as TroopId)
            .filter(|&m| t.in_merc_deck(m))
            .collect();
        rng.shuffle(&mut mercs);
        let baron = |_: u8| Baron {
            crowns: t.components.starting.crowns,
            votes: 0,
            faith: 0,
            influence: 0,
            hand: t.baron_deck,
            planned: Default::default(),
            stronghold: None,
            sh_troops: Vec::new(),
            sh_casualties: 0,
            sh_breaches: 0,
            sh_siege: None,
            sh_lost: false,
            charges: Vec::new(),
            banned: false,
            heretic: false,
            eliminated: false,
            nobles: [noble(), noble(), noble(), noble()],
        };
        let pool = match (config.optional.the_king, &t.components.the_king) {
            (true, Some(k)) => {
                let each = match config.length {
                    crate::config::Length::Shorter => k.influence_per_baron.shorter,
                    crate::config::Length::Longer => k.influence_per_baron.longer,
                    _ => k.influence_per_baron.standard,
                };
                i32::from(each) * i32::from(config.barons)
            }
            (true, None) => {
                return Err(ConfigError::Invalid {
                    option: "the_king".into(),
                    reason: "the game data has no The King section".into(),
                })
            }
            (false, _) => i32::from(config.influence_pool(&t.components.influence_per_baron)),
        };
        let track_len = t
            .components
            .mercenary_track
            .iter()
            .filter(|s| s.min_barons <= n)
            .count();
        let mut g = WarriorKnights {
            config: *config,
            data: Data(t),
            rng,
            core: Core {
                n,
                round: 0,
                chairman: 0,
                head: 0,
                first_chairman: 0,
                barons: (0..n).map(baron).collect(),
                cities: vec![CityState::default(); t.components.cities.len()],
                fate,
                events,
                event_discard: Vec::new(),
                events_drawn: Vec::new(),
                revolts: Vec::new(),
                losses: Vec::new(),
                lasting: Vec::new(),
                agendas: agendas.into(),
                agenda_discard: Vec::new(),
                current_agendas: Vec::new(),
                laws: Vec::new(),
                mercs: VecDeque::new(),
                offer: Vec::new(),
                track: vec![None; track_len],
                stacks: Default::default(),
                stack: 0,
                neutral_seen: Vec::new(),
                zones: Default::default(),
                plan_done: vec![false; usize::from(n)],
                pool,
                last_round: false,
                expeditions: Default::default(),
                new_expedition: None,
                phase: Phase::Auto,
                steps: Vec::new(),
                ctx: CardCtx::default(),
                ask: None,
                battle: None,
                last_battle: None,
                assembly: None,
                event: None,
                start_troops: vec![Vec::new(); usize::from(n)],
                hires: Vec::new(),
                drafted: Vec::new(),
                passed: Vec::new(),
                last_fate: Vec::new(),
                revealed: None,
                decisions: 0,
                outcome: None,
                city_winner: None,
                heirs: IfPlayed(
                    config
                        .optional
                        .exchanging_heirs
                        .then(|| (0..n).map(|s| [s; 4]).collect()),
                ),
                crown: IfPlayed(config.optional.the_king.then(Reign::default)),
                missions: MissionSlot::default(),
                offers: IfPlayed::default(),
                glory: IfPlayed::default(),
            },
        };
        if t.glory.is_some() {
            // *For Glory*: razed by Town Levy cards drawn at random (one per Kingdom city).
            let mut levies: Vec<u8> = (0..t.components.cities.len() as u8)
                .filter(|&c| t.is_kingdom_city(c))
                .collect();
            g.rng.shuffle(&mut levies);
            for c in levies.into_iter().take(usize::from(pc.razed)) {
                g.city_mut(c).razed = true;
            }
        }
        // Raze Kingdom cities by Fate.
        for _ in 0..if t.glory.is_some() { 0 } else { pc.razed } {
            if let Some(id) = g.fate_until(|g, f| {
                let c = g.t().fate[f].city;
                g.t().is_kingdom_city(c) && !g.city(c).razed
            }) {
                let c = g.t().fate[usize::from(id)].city;
                g.city_mut(c).razed = true;
            }
        }
        if t.glory.is_none() {
            g.core.fate.shuffle(&mut g.rng);
        }
        // Chairman and Head of the Church.
        let chair = g.random_baron(None).unwrap_or(0);
        let head = g.random_baron(Some(chair)).unwrap_or((chair + 1) % n);
        g.core.chairman = chair;
        g.core.first_chairman = chair;
        g.core.head = head;
        if let Some(fg) = t.glory {
            // The Scholar, then the Fate deck's final shuffle before the first round.
            g.glory_setup(fg);
            g.core.fate.shuffle(&mut g.rng);
        }
        // Starting troops: Regulars, then one 100 and one 50 Mercenary each, dealt at random.
        for s in 0..n {
            g.core.start_troops[usize::from(s)] =
                (0..4).map(|k| REGULAR_BASE + 4 * s + k).collect();
        }
        for want in t.components.starting.mercenaries.clone() {
            let mut picked = Vec::new();
            mercs.retain(|&m| {
                let leader = t
                    .mercs
                    .get(usize::from(m))
                    .is_some_and(|x| x.leader.is_some());
                if picked.len() < usize::from(n) && t.strength(m) == want && !leader {
                    picked.push(m);
                    false
                } else {
                    true
                }
            });
            g.rng.shuffle(&mut picked);
            for (s, m) in picked.into_iter().enumerate() {
                g.core.start_troops[s].push(m);
            }
        }
        g.rng.shuffle(&mut mercs);
        g.core.mercs = mercs.into();
        for _ in 0..=n {
            if let Some(m) = g.draw_merc() {
                g.core.offer.push(m);
            }
        }
        g.refill_agendas();
        g.core.last_fate.clear();
        // *Missions*: one dealt face down to each Baron before the strongholds are placed.
        if config.optional.missions {
            let Some(m) = &t.components.missions else {
                return Err(ConfigError::Invalid {
                    option: "missions".into(),
                    reason: "the game data has no Missions".into(),
                });
            };
            let mut deck: Vec<u8> = (0..m.cards.len() as u8).collect();
            g.rng.shuffle(&mut deck);
            deck.truncate(usize::from(n));
            g.core.missions = IfPlayed(Some(MissionState {
                dealt: deck,
                fulfilled: Vec::new(),
            }));
        }
        g.core.phase = Phase::SetupStronghold(chair);
        Ok(g)
    }

    pub(crate) fn stronghold_spots(&self, s: u8, setup: bool) -> Vec<AreaId> {
        let t = self.t();
        (0..t.board.kingdom as AreaId)
            .filter(|&a| {
                self.live_city_at(a).is_none()
                    && self.stronghold_owner_at(a).is_none()
                    && !(setup && self.core.n <= 3 && t.board.is_outer(a))
                    && (setup
                        || self
                            .active()
                            .into_iter()
                            .all(|o| o == s || self.nobles_at(o, a).is_empty()))
            })
            .collect()
    }

    pub(crate) fn setup_noble_spots(&self, s: u8) -> Vec<AreaId> {
        (0..self.t().board.kingdom as AreaId)
            .filter(|&a| {
                self.active().into_iter().all(|o| {
                    o == s || (self.nobles_at(o, a).is_empty() && self.b(o).stronghold != Some(a))
                })
            })
            .collect()
    }

    pub(crate) fn unplaced_with_troops(&self, s: u8) -> Vec<Shape> {
        (0..4u8)
            .filter(|&k| {
                let nb = self.nb(s, k);
                nb.loc == Loc::Off && !nb.gone && !nb.troops.is_empty() && self.heir_home(s, k)
            })
            .collect()
    }

    /// *Exchanging Heirs*: the Baron holding the heir token of `s`'s Noble `k`, while the token
    /// lives (not once his line has ended or *No Heir* has struck him); `None` without the
    /// option.
    pub(crate) fn heir_holder(&self, s: u8, k: Shape) -> Option<u8> {
        let held = self.core.heirs.0.as_ref()?.get(usize::from(s))?[usize::from(k) & 3];
        let nb = self.nb(s, k);
        (!nb.gone && !nb.no_heir).then_some(held)
    }

    /// Whether `s`'s Noble `k` is free to come back: always, except a dead Noble under
    /// *Exchanging Heirs* whose heir token another Baron holds (he returns only once it is
    /// handed back).
    pub(crate) fn heir_home(&self, s: u8, k: Shape) -> bool {
        !self.nb(s, k).dead || self.heir_holder(s, k).is_none_or(|h| h == s)
    }

    /// The free decisions of `s` (gifts), sorted: crowns to each other Baron, and each heir
    /// token `s` holds to each other Baron.
    pub(crate) fn gifts(&self, s: u8, out: &mut ordo_core::ActionList<Action>) {
        if s >= self.core.n || self.b(s).eliminated {
            return;
        }
        let others: Vec<u8> = self.active().into_iter().filter(|&o| o != s).collect();
        let start = out.len();
        for &to in &others {
            for crowns in 1..=self.b(s).crowns {
                out.push(Action::GiveCrowns { to, crowns });
            }
        }
        for of in 0..self.core.n {
            for shape in 0..4u8 {
                if self.heir_holder(of, shape) == Some(s) {
                    for &to in &others {
                        out.push(Action::GiveHeir { of, shape, to });
                    }
                }
            }
        }
        out[start..].sort_unstable();
    }

    /// Why `s` may not make the gift `a` now (`Ok` if he may).
    pub(crate) fn check_gift(&self, s: u8, a: &Action) -> Result<(), String> {
        let n = self.core.n;
        if self.b(s).eliminated {
            return Err("a Baron out of the game gives nothing".into());
        }
        let to = match *a {
            Action::GiveCrowns { to, .. } | Action::GiveHeir { to, .. } => to,
            _ => return Err("not a gift".into()),
        };
        if to >= n {
            return Err("there is no such Baron".into());
        }
        if to == s {
            return Err("a gift goes to another Baron".into());
        }
        if self.b(to).eliminated {
            return Err("that Baron is out of the game".into());
        }
        match *a {
            Action::GiveCrowns { crowns, .. } => {
                let held = self.b(s).crowns;
                if crowns == 0 {
                    return Err("give at least one crown".into());
                }
                if crowns > held {
                    return Err(format!("you hold only {held} crowns"));
                }
            }
            Action::GiveHeir { of, shape, .. } => {
                if self.core.heirs.0.is_none() {
                    return Err("heir tokens change hands only with Exchanging Heirs".into());
                }
                if of >= n || shape >= 4 {
                    return Err("there is no such Noble".into());
                }
                match self.heir_holder(of, shape) {
                    None => return Err("that Noble's line has no heir to give".into()),
                    Some(h) if h != s => return Err("you do not hold that heir".into()),
                    Some(_) => {}
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Applies a gift checked by [`WarriorKnights::check_gift`]: nothing else moves, and the
    /// turn stays where it was.
    pub(crate) fn give(&mut self, s: u8, a: Action) {
        self.core.decisions += 1;
        match a {
            Action::GiveCrowns { to, crowns } => self.hand_over(s, to, crowns, None),
            Action::GiveHeir { of, shape, to } => {
                self.hand_over(s, to, 0, Some(crate::types::HeirToken { of, shape }));
            }
            _ => {}
        }
    }

    // ---------- the interpreter ----------

    pub(crate) fn push(&mut self, step: Step) {
        self.core.steps.push(step);
    }

    /// Runs automatic steps until a decision is pending or the game is over.
    pub(crate) fn run(&mut self) {
        self.glory_troops_sweep();
        self.calm_riots();
        loop {
            if !self.core.losses.is_empty() && !matches!(self.core.phase, Phase::Loss(_)) {
                if self.core.phase == Phase::Over {
                    self.core.losses.clear();
                    return;
                }
                // A dead Noble's losses are chosen before anything else happens.
                if self.core.phase != Phase::Auto {
                    let p = self.core.phase;
                    self.push(Step::Resume(p));
                    self.core.phase = Phase::Auto;
                }
                if self.settle_losses() {
                    return;
                }
            }
            if self.core.phase != Phase::Auto {
                return;
            }
            let Some(step) = self.core.steps.pop() else {
                // Nothing queued: the Actions phase continues.
                self.push(Step::Reveal);
                continue;
            };
            self.exec(step);
        }
    }

    fn exec(&mut self, step: Step) {
        match step {
            Step::SetupTroopsFrom(i) => {
                let order = self.order();
                match order.get(usize::from(i)) {
                    Some(&s) if !self.core.start_troops[usize::from(s)].is_empty() => {
                        self.push(Step::SetupTroopsFrom(i));
                        self.core.phase = Phase::SetupTroops(s);
                    }
                    Some(_) => self.push(Step::SetupTroopsFrom(i + 1)),
                    None => {
                        let last = (self.core.chairman + self.core.n - 1) % self.core.n;
                        self.push(Step::SetupNobles(last));
                    }
                }
            }
            Step::SetupNobles(s) => {
                let n = self.core.n;
                let who = (0..n)
                    .map(|i| (s + n - i) % n)
                    .find(|&x| !self.unplaced_with_troops(x).is_empty());
                match who {
                    Some(x) => {
                        self.push(Step::SetupNobles((x + n - 1) % n));
                        self.core.phase = Phase::SetupNoble(x);
                    }
                    None => {
                        self.core.fate.shuffle(&mut self.rng);
                        self.push(Step::StartRound);
                    }
                }
            }
            Step::StartRound => {
                self.core.round += 1;
                self.core.last_fate.clear();
                for s in 0..self.core.n {
                    let done = self.b(s).eliminated || self.hand_empty(s);
                    self.core.plan_done[usize::from(s)] = done;
                    self.bm(s).sh_lost = false;
                }
                if self.core.plan_done.iter().all(|&d| d) {
                    self.deal_stacks();
                } else {
                    self.core.phase = Phase::Planning;
                }
            }
            Step::Reveal => self.reveal(),
            Step::Allocate(zone) => self.allocate(zone),
            Step::Triggers => self.triggers(),
            Step::TaxationFrom(i) => self.taxation_from(i),
            Step::WagesFrom(i) => self.wages_from(i),
            Step::ReturnZone(z) => {
                let cards = std::mem::take(&mut self.core.zones[z as usize]);
                for (s, c) in cards {
                    if !self.b(s).eliminated {
                        self.hand_add(s, c, true);
                    }
                }
                if z == Zone::Assembly {
                    self.pressing_back();
                }
            }
            Step::DraftFrom(i) => self.draft_from(i),
            Step::UpgradeFrom(i) => {
                if let Some(&s) = self.order().get(usize::from(i)) {
                    self.push(Step::UpgradeFrom(i + 1));
                    if self.gl().is_some() {
                        self.push(Step::GarrisonHire(s));
                    }
                    if self.has_choices(Phase::Upgrade(s), s) {
                        self.core.phase = Phase::Upgrade(s);
                    }
                }
            }
            Step::MusterFrom(i) => {
                if let Some(&s) = self.order().get(usize::from(i)) {
                    self.push(Step::MusterFrom(i + 1));
                    if self.gl().is_some() {
                        self.push(Step::LevyRecruit(s));
                    }
                    if self.has_choices(Phase::Muster(s), s) {
                        self.core.phase = Phase::Muster(s);
                    }
                }
            }
            Step::EventEffect => self.event_effect(),
            Step::EventCancelFrom(i) => self.event_cancel_from(i),
            Step::FundFrom(i) => {
                if let Some(&s) = self.order().get(usize::from(i)) {
                    self.push(Step::FundFrom(i + 1));
                    if self.b(s).crowns > 0 {
                        self.core.phase = Phase::ExpFund(s);
                    }
                } else if self.b(self.core.head).faith
                    >= u16::from(self.t().components.prices.bless_expedition_faith)
                    && !self.b(self.core.head).eliminated
                {
                    self.push(Step::ExpResolve);
                    self.core.phase = Phase::ExpBless(self.core.head);
                } else {
                    self.push(Step::ExpResolve);
                }
            }
            Step::ExpResolve => self.expeditions_resolve(),
            Step::BattleNext => self.battle_next(),
            Step::AssemblyNext => self.assembly_next(),
            Step::UpkeepVictory => self.upkeep_victory(),
            Step::UpkeepInfluence => self.upkeep_influence(),
            Step::MiracleFrom(i) => {
                if let Some(&s) = self.order().get(usize::from(i)) {
                    self.push(Step::MiracleFrom(i + 1));
                    if self.has_choices(Phase::Miracle(s), s) {
                        self.core.phase = Phase::Miracle(s);
                    }
                }
            }
            Step::RevoltFrom(i, c) => self.revolt_from(i, c),
            Step::RevoltNext(i) => self.revolt_next(i),
            Step::Resume(p) => self.core.phase = p,
            Step::UpkeepArrive => {
                for s in 0..self.core.n {
                    for k in 0..4 {
                        let nb = self.nbm(s, k);
                        if let Loc::Sea(a) = nb.loc {
                            nb.loc = Loc::At(a);
                        }
                        nb.exhausted = false;
                    }
                }
                self.refresh_advancements();
                self.check_sieges();
                self.push(Step::ReturnFrom(0));
            }
            Step::ReturnFrom(i) => {
                if let Some(&s) = self.order().get(usize::from(i)) {
                    self.push(Step::ReturnFrom(i + 1));
                    self.core.passed.clear();
                    self.core.phase = Phase::Return(s);
                } else {
                    self.push(Step::EndRound);
                }
            }
            Step::KingArmy => self.king_army_next(),
            Step::Buying(s) => self.buying(s),
            Step::FundsNeeded(e, from) => self.funds_needed(e, from),
            Step::ExpResolveFrom(i) => self.resolve_expeditions_from(i),
            Step::GarrisonHire(s) => self.garrison_hire(s),
            Step::GarrisonWages(s) => self.garrison_wages(s),
            Step::LevyRecruit(s) => self.levy_recruit(s),
            Step::EndRound => {
                if self.king_reached_the_end() {
                    self.core.last_round = true;
                }
                if self.core.last_round || self.core.round >= MAX_ROUNDS {
                    self.finish(None);
                } else {
                    self.push(Step::StartRound);
                }
            }
        }
    }

    /// Whether a phase offers anything besides passing.
    pub(crate) fn has_choices(&self, phase: Phase, s: u8) -> bool {
        let mut out = ActionList::new();
        self.legal_in(phase, s, &mut out);
        out.len() > 1
    }

    // ---------- planning ----------

    pub(crate) fn deal_stacks(&mut self) {
        let mut neutral = self.neutral_pile();
        self.rng.shuffle(&mut neutral);
        let per = self.neutral_per_stack();
        for (i, stack) in self.core.stacks.iter_mut().enumerate() {
            stack.clear();
            for c in neutral.iter().skip(i * per).take(per) {
                stack.push(Card::Neutral(*c));
            }
        }
        for s in 0..self.core.n {
            let planned = std::mem::take(&mut self.bm(s).planned);
            for (i, cards) in planned.iter().enumerate() {
                for &c in cards {
                    self.core.stacks[i].push(Card::Baron { seat: s, card: c });
                }
            }
        }
        for i in 0..3 {
            let mut st = std::mem::take(&mut self.core.stacks[i]);
            self.rng.shuffle(&mut st);
            self.core.stacks[i] = st;
        }
        self.core.stack = 0;
        self.core.neutral_seen.clear();
        self.push(Step::Reveal);
    }

    fn reveal(&mut self) {
        loop {
            let i = usize::from(self.core.stack);
            if i >= 3 {
                self.push(Step::UpkeepVictory);
                return;
            }
            if let Some(card) = self.core.stacks[i].pop() {
                self.core.revealed = Some(card);
                self.core.ctx = CardCtx {
                    card: Some(card),
                    ..CardCtx::default()
                };
                self.core.last_fate.clear();
                self.resolve(card);
                return;
            }
            self.core.stack += 1;
        }
    }

    fn resolve(&mut self, card: Card) {
        match card {
            Card::Baron { seat, card: c } => {
                if self.b(seat).eliminated {
                    return;
                }
                self.core.phase = Phase::Card(seat, c);
            }
            Card::Neutral(nc) => {
                self.core.neutral_seen.push(nc);
                self.resolve_neutral(nc);
            }
        }
    }

    fn resolve_neutral(&mut self, nc: NeutralCard) {
        {
            match nc {
                NeutralCard::ImportantEvent => {
                    self.core.phase = Phase::EventDrawer(self.core.head);
                    if self.b(self.core.head).eliminated {
                        self.core.phase = Phase::Auto;
                    }
                }
                NeutralCard::FundExpeditions => {
                    self.core.new_expedition = None;
                    self.core.phase = Phase::ExpStart(self.core.chairman);
                }
                NeutralCard::UpgradeDefenses => self.push(Step::UpgradeFrom(0)),
                NeutralCard::MusterTroops => self.push(Step::MusterFrom(0)),
                NeutralCard::UncertainTimes if self.gl().is_none() => {
                    self.core.fate.shuffle(&mut self.rng);
                }
                NeutralCard::UncertainTimes
                | NeutralCard::MusterForces
                | NeutralCard::Research
                | NeutralCard::PressingAgenda
                | NeutralCard::AssembleTroops => self.glory_neutral(nc),
            }
        }
    }

    /// After a Baron card's action: allocate it, then check the triggers.
    pub(crate) fn card_done(&mut self, zone: Option<Zone>) {
        self.exhaust_movers();
        self.push(Step::Triggers);
        self.push(Step::Allocate(zone));
        self.core.phase = Phase::Auto;
    }

    fn exhaust_movers(&mut self) {
        if let Some(Card::Baron { seat, .. }) = self.core.ctx.card {
            for k in std::mem::take(&mut self.core.ctx.movers) {
                self.nbm(seat, k).exhausted = true;
            }
        }
    }

    fn allocate(&mut self, zone: Option<Zone>) {
        if let Some(Card::Baron { seat, card }) = self.core.ctx.card {
            if self.b(seat).eliminated {
                return;
            }
            match zone {
                Some(z) => self.core.zones[z as usize].push((seat, card)),
                None => self.hand_add(seat, card, true),
            }
        }
    }

    fn triggers(&mut self) {
        let two_n = 2 * usize::from(self.core.n);
        self.core.ctx.draft_pending = false;
        // Pushed in reverse: Taxation, Wages, Assembly, then the Draft (Wages before Draft).
        if self.track_full() {
            self.push(Step::DraftFrom(0));
        }
        if self.assembly_cards() >= two_n {
            self.push(Step::ReturnZone(Zone::Assembly));
            self.start_assembly();
        }
        if self.core.zones[1].len() >= two_n {
            self.push(Step::ReturnZone(Zone::Wages));
            self.push(Step::WagesFrom(0));
        }
        if self.core.zones[0].len() >= two_n {
            self.push(Step::ReturnZone(Zone::Taxation));
            self.push(Step::TaxationFrom(0));
        }
    }

    // ---------- Baron cards ----------

    /// Takes the Chairman or Head of the Church token on a strict majority.
    fn strict_most(&self, s: u8, votes: bool) -> bool {
        let v = |o: u8| {
            if votes {
                self.b(o).votes
            } else {
                self.b(o).faith
            }
        };
        self.active().into_iter().all(|o| o == s || v(o) < v(s))
    }

    pub(crate) fn carry_out(&mut self, s: u8, c: BaronCard) {
        match c {
            BaronCard::LevyTaxes => {
                let mut areas: Vec<AreaId> = (0..4u8)
                    .filter_map(|k| match self.nb(s, k).loc {
                        Loc::At(a) => Some(a),
                        _ => None,
                    })
                    .collect();
                areas.sort_unstable();
                areas.dedup();
                let herald = self.herald_taxes(s);
                self.gain(s, Resource::Crowns, areas.len() as i32 + herald);
            }
            BaronCard::RallySupport => {
                self.gain(s, Resource::Votes, 2);
                // A banned Baron can never be Chairman (rules §6).
                if !self.b(s).banned && self.strict_most(s, true) {
                    self.core.chairman = s;
                }
            }
            BaronCard::ServeTheChurch => {
                let more = self.adv_faith(s);
                self.gain(s, Resource::Faith, 1 + more);
                if self.strict_most(s, false) {
                    self.core.head = s;
                }
            }
            _ => {}
        }
    }

    /// Free Mercenary Track spots `s` may put a marker on: every free one, unless (rules
    /// revision 4) all his Baron markers are on the track already (W27).
    pub(crate) fn spots_for(&self, s: u8) -> Vec<u8> {
        if self.config.revision_4() {
            let mine = self.core.track.iter().filter(|x| **x == Some(s)).count();
            if mine >= usize::from(self.t().components.limits.baron_markers) {
                return Vec::new();
            }
        }
        self.free_spots()
    }

    /// Rules revision 4: whether `s` has a control marker for one more city than he holds now
    /// counted with it (W27).
    pub(crate) fn may_keep_city(&self, s: u8) -> bool {
        !self.config.revision_4()
            || self.cities_of(s).len() <= usize::from(self.t().components.limits.control_markers)
    }

    pub(crate) fn free_spots(&self) -> Vec<u8> {
        (0..self.core.track.len() as u8)
            .filter(|&i| self.core.track[usize::from(i)].is_none() && !self.spot_blocked(i))
            .collect()
    }

    pub(crate) fn track_fee(&self, spot: u8) -> u16 {
        self.t()
            .components
            .mercenary_track
            .get(usize::from(spot))
            .map_or(u16::MAX, |s| u16::from(s.versatile_fee))
    }

    // ---------- special phases ----------

    fn taxation_from(&mut self, i: u8) {
        let Some(&s) = self.order().get(usize::from(i)) else {
            return;
        };
        self.push(Step::TaxationFrom(i + 1));
        let mut income = 0i32;
        for c in self.cities_of(s) {
            let st = *self.city(c);
            if st.siege.is_none() && !self.rioting(c) {
                income += i32::from(self.t().city_values(c).1) + i32::from(st.fortified);
            }
        }
        for &a in &self.b(s).charges.clone() {
            if let AgendaEffect::Taxation { amount } = self.t().cards.agendas[usize::from(a)].effect
            {
                income += i32::from(amount);
            }
        }
        income += self.adv_taxation(s);
        self.gain(s, Resource::Crowns, income);
        if self.law(LawKind::Tithe) && self.tithe(s) > 0 {
            if self.b(s).banned {
                return;
            }
            self.core.phase = Phase::Tithe(s);
        }
    }

    pub(crate) fn tithe(&self, s: u8) -> u16 {
        (self.cities_of(s).len() as u16).div_ceil(3)
    }

    pub(crate) fn ban(&mut self, s: u8) {
        if self.b(s).banned {
            return;
        }
        self.bm(s).banned = true;
        if let Some(a) = self.core.assembly.as_mut() {
            a.attending.retain(|&x| x != s);
        }
        if self.core.chairman == s {
            let next = self.most(true, Some(s));
            self.core.chairman = next;
            if let Some(a) = self.core.assembly.as_mut() {
                if a.acting == s {
                    a.acting = next;
                }
            }
        }
    }

    /// The Baron with the most Votes (or Faith) among those not banned; ties by Fate.
    pub(crate) fn most(&mut self, votes: bool, except: Option<u8>) -> u8 {
        let cands: Vec<u8> = self
            .active()
            .into_iter()
            .filter(|&o| Some(o) != except && !(votes && self.b(o).banned))
            .collect();
        let v = |g: &Self, o: u8| {
            if votes {
                g.b(o).votes
            } else {
                g.b(o).faith
            }
        };
        let best = cands.iter().map(|&o| v(self, o)).max().unwrap_or(0);
        let tied: Vec<u8> = cands.into_iter().filter(|&o| v(self, o) == best).collect();
        match tied.as_slice() {
            [] => except.unwrap_or(0),
            [one] => *one,
            _ => {
                let id = self.fate_until(|g, f| tied.contains(&g.t().fate[f].baron));
                id.map_or(tied[0], |id| self.t().fate[usize::from(id)].baron)
            }
        }
    }

    /// Whether a circle Noble's army needs no wages.
    pub(crate) fn wage_free(&self, s: u8, h: Holder) -> bool {
        h == Holder::Noble(CIRCLE) && self.troop_strength(s, h) <= 400
    }

    /// Everything `s` owes this Wages phase: his Regulars, Garrisons and Mercenaries.
    fn wages_owed(&self, s: u8) -> u16 {
        let mut owed: u16 = self
            .mercs_to_pay(s)
            .iter()
            .map(|&m| u16::from(self.t().wage(m)))
            .sum();
        for h in holders() {
            if !self.wage_free(s, h) {
                owed += self
                    .troops(s, h)
                    .iter()
                    .filter(|&&t| t >= REGULAR_BASE)
                    .map(|&t| u16::from(self.t().wage(t)))
                    .sum::<u16>();
            }
        }
        let garrison = self.fg().map_or(0, |fg| u16::from(fg.garrisons.wage));
        owed + garrison * self.garrisons_of(s).len() as u16
    }

    /// Mercenaries of `s` that must be paid at Wages.
    pub(crate) fn mercs_to_pay(&self, s: u8) -> Vec<TroopId> {
        let mut out = Vec::new();
        for h in holders() {
            if self.wage_free(s, h) {
                continue;
            }
            out.extend(
                self.troops(s, h)
                    .iter()
                    .copied()
                    .filter(|&t| t < REGULAR_BASE && !self.is_levy(t)),
            );
        }
        out.sort_unstable();
        out
    }

    fn wages_from(&mut self, i: u8) {
        let Some(&s) = self.order().get(usize::from(i)) else {
            return;
        };
        self.push(Step::WagesFrom(i + 1));
        if self.gl().is_some() {
            let owed = self.wages_owed(s);
            self.adv_wage_discount(s, owed);
        }
        for h in holders() {
            if self.wage_free(s, h) {
                continue;
            }
            let regs: Vec<TroopId> = self
                .troops(s, h)
                .iter()
                .copied()
                .filter(|&t| t >= REGULAR_BASE)
                .collect();
            for r in regs {
                let w = u16::from(self.t().wage(r));
                if self.b(s).crowns >= w {
                    self.pay(s, w);
                }
            }
        }
        if self.gl().is_some() {
            self.garrison_wages(s);
        } else if !self.mercs_to_pay(s).is_empty() {
            self.core.phase = Phase::Wages(s);
        }
    }

    /// A Mercenary leaves `s`'s army for the deck (desertion); a Noble whose casualties now
    /// match his troops dies (or is abandoned).
    pub(crate) fn desert(&mut self, s: u8, m: TroopId) {
        let Some(h) = self.holder_of(s, m) else {
            return;
        };
        self.troops_mut(s, h).retain(|&x| x != m);
        self.merc_to_deck(m);
        if let Holder::Noble(k) = h {
            let nb = self.nb(s, k);
            if matches!(nb.loc, Loc::At(_) | Loc::Sea(_)) && nb.casualties > 0 && !self.alive(s, h)
            {
                if self.config.optional.abandoned_nobles {
                    self.abandon(s, k);
                } else {
                    self.noble_dies(s, k);
                }
            } else if nb.troops.is_empty() && self.maintained(s, h) == 0 {
                self.leave_board(s, k);
            }
        }
    }

    fn draft_from(&mut self, i: u8) {
        let len = self.core.track.len() as u8;
        let mut i = i;
        while i < len && self.core.track[usize::from(i)].is_none() {
            i += 1;
        }
        if i >= len {
            // Every marker processed: unhired cards back, new offer.
            for m in std::mem::take(&mut self.core.offer) {
                self.merc_to_deck(m);
            }
            for spot in self.core.track.iter_mut() {
                *spot = None;
            }
            self.unblock_track();
            self.core.drafted.clear();
            for _ in 0..=self.core.n {
                if let Some(m) = self.draw_merc() {
                    self.core.offer.push(m);
                }
            }
            return;
        }
        let Some(s) = self.core.track[usize::from(i)] else {
            return;
        };
        self.push(Step::DraftFrom(i));
        if self.b(s).eliminated {
            self.core.track[usize::from(i)] = None;
            return;
        }
        self.core.phase = Phase::Hire(s);
    }

    /// Removes `s`'s leftmost marker from the track.
    pub(crate) fn take_marker(&mut self, s: u8) {
        if let Some(spot) = self.core.track.iter_mut().find(|x| **x == Some(s)) {
            *spot = None;
        }
        if !self.core.drafted.contains(&s) {
            self.core.drafted.push(s);
        }
    }

    pub(crate) fn hire_targets(&self, s: u8) -> Vec<Holder> {
        let mut out = Vec::new();
        for k in 0..4u8 {
            let nb = self.nb(s, k);
            if nb.gone {
                continue;
            }
            let ok = match nb.loc {
                Loc::Off => true,
                Loc::At(a) => {
                    let own_city = self.live_city_at(a).is_some_and(|c| {
                        self.city(c).owner == Some(s) && self.city(c).siege.is_none()
                    });
                    // A Noble shut in his besieged stronghold receives nothing; the stronghold
                    // itself always may.
                    let own_sh = self.b(s).stronghold == Some(a) && self.b(s).sh_siege.is_none();
                    own_city || own_sh
                }
                Loc::Sea(_) => false,
            };
            if ok {
                out.push(Holder::Noble(k));
            }
        }
        out.push(Holder::Stronghold);
        out
    }

    // ---------- events ----------

    pub(crate) fn event_colour(&self, e: u8) -> EventColour {
        self.t().cards.events[usize::from(e)].colour
    }

    /// Picks what the Event's effect needs by Fate, then asks for cancellation.
    pub(crate) fn event_drawn(&mut self) {
        let Some(ev) = self.core.event.clone() else {
            return;
        };
        let card = &self.t().cards.events[usize::from(ev.card)];
        let target = ev.target;
        let pick = match card.effect {
            EventEffect::Assassin { .. } => {
                let on_board: Vec<u8> = (0..4u8)
                    .filter(|&k| matches!(self.nb(target, k).loc, Loc::At(_)))
                    .collect();
                self.fate_until(|g, f| on_board.contains(&g.t().fate[f].noble))
                    .map(|id| self.t().fate[usize::from(id)].noble)
            }
            EventEffect::NoHeir => {
                let alive: Vec<u8> = (0..4u8).filter(|&k| !self.nb(target, k).gone).collect();
                self.fate_until(|g, f| alive.contains(&g.t().fate[f].noble))
                    .map(|id| self.t().fate[usize::from(id)].noble)
            }
            EventEffect::Revolt | EventEffect::Fire => {
                let mine = self.cities_of(target);
                self.fate_until(|g, f| mine.contains(&g.t().fate[f].city))
                    .map(|id| self.t().fate[usize::from(id)].city)
            }
            EventEffect::Desertion => self
                .fate_draw()
                .map(|id| self.t().fate[usize::from(id)].nationality),
            _ => None,
        };
        if let Some(e) = self.core.event.as_mut() {
            e.pick = pick;
        }
        if let Some(r) = self.core.events_drawn.last_mut() {
            r.pick = pick;
        }
        self.push(Step::EventEffect);
        let cost = u16::from(card.cancel_cost);
        if cost == 0 {
            return;
        }
        match card.colour {
            EventColour::Red => {
                if self.b(target).faith >= cost {
                    self.core.phase = Phase::EventCancel(ev.drawer);
                }
            }
            EventColour::Blue => self.push(Step::EventCancelFrom(0)),
            EventColour::Green => {}
        }
    }

    fn event_cancel_from(&mut self, i: u8) {
        let Some(ev) = self.core.event.clone() else {
            return;
        };
        let cost = self.t().cards.events[usize::from(ev.card)].cancel_cost;
        let pledged: u8 = ev.pledges.iter().sum();
        if pledged >= cost {
            return;
        }
        if let Some(&s) = self.order().get(usize::from(i)) {
            self.push(Step::EventCancelFrom(i + 1));
            if self.b(s).faith > 0 {
                self.core.phase = Phase::EventPledge(s);
            }
        }
    }

    fn event_effect(&mut self) {
        let Some(ev) = self.core.event.take() else {
            return;
        };
        let card = &self.t().cards.events[usize::from(ev.card)];
        let cost = card.cancel_cost;
        let pledged: u8 = ev.pledges.iter().sum();
        if cost > 0 && card.colour == EventColour::Blue && pledged >= cost {
            for (s, &p) in ev.pledges.iter().enumerate() {
                if usize::from(self.core.n) > s {
                    self.gain(s as u8, Resource::Faith, -i32::from(p));
                }
            }
            self.core.event_discard.push(ev.card);
            self.event_resolved(EventResult::Cancelled);
            return;
        }
        let s = ev.target;
        self.apply_event(ev.card, s, ev.pick);
        if card.lasting {
            self.core.lasting.push((ev.card, s));
            self.event_resolved(EventResult::Lasting);
        } else {
            self.core.event_discard.push(ev.card);
            self.event_resolved(EventResult::Happened);
        }
    }

    /// Records what became of the Event drawn last.
    pub(crate) fn event_resolved(&mut self, result: EventResult) {
        let at = self.core.decisions;
        if let Some(r) = self.core.events_drawn.last_mut() {
            r.result = result;
            r.resolved_at = Some(at);
        }
    }

    pub(crate) fn apply_event(&mut self, e: u8, s: u8, pick: Option<u8>) {
        let card = &self.t().cards.events[usize::from(e)];
        match card.effect {
            EventEffect::Gain { resource, amount } => self.gain(s, resource, i32::from(amount)),
            EventEffect::PerCity { resource, amount } => {
                let n = self.cities_of(s).len() as i32;
                self.gain(s, resource, n * i32::from(amount));
            }
            EventEffect::Heretic => self.bm(s).heretic = true,
            EventEffect::NoHeir => {
                if let Some(k) = pick {
                    self.nbm(s, k).no_heir = true;
                }
            }
            EventEffect::BrokenLine => {
                for k in 0..4u8 {
                    let nb = self.nb(s, k);
                    if nb.loc == Loc::Off && nb.dead && !nb.gone {
                        self.line_ends(s, k);
                    }
                }
            }
            EventEffect::Assassin { casualties } => {
                if let Some(k) = pick {
                    let c = self.nbm(s, k);
                    c.casualties = c.casualties.saturating_add(casualties);
                    if !self.alive(s, Holder::Noble(k)) {
                        self.noble_dies(s, k);
                    }
                }
            }
            EventEffect::Revolt => {
                if let Some(c) = pick {
                    self.city_neutral(c);
                }
            }
            EventEffect::Fire => {
                if let Some(c) = pick {
                    if self.city_strength(c) > 0 {
                        self.add_breach(c);
                    }
                }
            }
            EventEffect::Desertion => {
                if let Some(nat) = pick {
                    let mut all: Vec<TroopId> = holders()
                        .flat_map(|h| self.troops(s, h).to_vec())
                        .filter(|&t| self.t().nationality(t) == Some(nat))
                        .collect();
                    all.sort_unstable();
                    for m in all {
                        self.desert(s, m);
                    }
                }
            }
            EventEffect::Storm => {
                for k in 0..4u8 {
                    if matches!(self.nb(s, k).loc, Loc::Sea(_)) {
                        self.nbm(s, k).casualties += 1;
                        if !self.alive(s, Holder::Noble(k)) {
                            self.noble_dies(s, k);
                        }
                    }
                }
            }
            EventEffect::Plague => {
                for k in 0..4u8 {
                    if matches!(self.nb(s, k).loc, Loc::At(_)) {
                        self.nbm(s, k).casualties += 1;
                        if !self.alive(s, Holder::Noble(k)) {
                            self.noble_dies(s, k);
                        }
                    }
                }
            }
            EventEffect::Reinforcement => {
                if let Some(m) = self.draw_merc() {
                    self.bm(s).sh_troops.push(m);
                }
            }
            EventEffect::Heal => {
                let best = holders()
                    .filter(|&h| self.casualties(s, h) > 0)
                    .max_by_key(|&h| (self.casualties(s, h), std::cmp::Reverse(h)));
                if let Some(h) = best {
                    *self.casualties_mut(s, h) = 0;
                }
            }
            EventEffect::Repair => {
                for c in self.cities_of(s) {
                    self.city_mut(c).breaches = 0;
                }
                self.bm(s).sh_breaches = 0;
            }
            EventEffect::TakeChairman => {
                if !self.b(s).banned {
                    self.core.chairman = s;
                }
            }
            EventEffect::TakeHeadOfChurch => self.core.head = s,
        }
    }

    /// Ends a lasting Event (*Miracles Can Happen*).
    pub(crate) fn end_lasting(&mut self, i: usize) {
        if i >= self.core.lasting.len() {
            return;
        }
        let (e, s) = self.core.lasting.remove(i);
        match self.t().cards.events[usize::from(e)].effect {
            EventEffect::Heretic => {
                self.bm(s).heretic = self.core.lasting.iter().any(|&(e2, s2)| {
                    s2 == s && self.t().cards.events[usize::from(e2)].effect == EventEffect::Heretic
                });
            }
            EventEffect::NoHeir => {
                for k in 0..4 {
                    self.nbm(s, k).no_heir = false;
                }
            }
            _ => {}
        }
        self.core.event_discard.push(e);
    }

    // ---------- cities ----------

    pub(crate) fn add_breach(&mut self, c: u8) {
        self.city_mut(c).breaches += 1;
        if self.city_strength(c) == 0 && self.city(c).fortified {
            let st = self.city_mut(c);
            st.fortified = false;
            st.breaches = st.breaches.saturating_sub(1);
        }
    }

    pub(crate) fn city_neutral(&mut self, c: u8) {
        let st = self.city_mut(c);
        st.owner = None;
        st.fortified = false;
        st.siege = None;
    }

    /// Lifts every siege whose besieger no longer has a Noble in the area.
    pub(crate) fn check_sieges(&mut self) {
        for c in 0..self.core.cities.len() as u8 {
            if let Some((b, _)) = self.city(c).siege {
                let area = self.t().city_area[usize::from(c)];
                if self.b(b).eliminated || self.nobles_at(b, area).is_empty() || self.city(c).razed
                {
                    self.city_mut(c).siege = None;
                }
            }
        }
        for s in 0..self.core.n {
            if let (Some((b, _)), Some(area)) = (self.b(s).sh_siege, self.b(s).stronghold) {
                if self.b(b).eliminated || self.nobles_at(b, area).is_empty() {
                    self.bm(s).sh_siege = None;
                }
            } else {
                self.bm(s).sh_siege = None;
            }
        }
    }

    // ---------- Nobles ----------

    /// A Noble leaves the board without dying (no troops left).
    pub(crate) fn leave_board(&mut self, s: u8, k: Shape) {
        let nb = self.nbm(s, k);
        nb.loc = Loc::Off;
        nb.exhausted = false;
        self.check_sieges();
    }

    /// The line of a Noble ends: Mercenaries back to the deck, Regulars out of the game.
    pub(crate) fn line_ends(&mut self, s: u8, k: Shape) {
        let troops = std::mem::take(&mut self.nbm(s, k).troops);
        for t in troops {
            if t < REGULAR_BASE {
                self.merc_to_deck(t);
            } else if t >= KING_ARMY_BASE {
                // The King's Army is never lost but to a new King (W28).
                self.bm(s).sh_troops.push(t);
            }
        }
        let nb = self.nbm(s, k);
        nb.gone = true;
        nb.loc = Loc::Off;
        nb.casualties = 0;
        if let Some(o) = nb.office.take() {
            self.core.agenda_discard.push(o);
        }
    }

    /// Draw for a deserter from an army: one Mercenary of the drawn nationality leaves.
    pub(crate) fn deserter_draw(&mut self, s: u8, h: Holder) {
        let Some(id) = self.fate_draw() else {
            return;
        };
        let nat = self.t().fate[usize::from(id)].nationality;
        let t = self.t();
        let victim = self
            .troops(s, h)
            .iter()
            .copied()
            .filter(|&m| t.nationality(m) == Some(nat))
            .min_by_key(|&m| (t.strength(m), m));
        if let Some(m) = victim {
            self.troops_mut(s, h).retain(|&x| x != m);
            self.merc_to_deck(m);
        }
    }

    /// Each casualty token costs up to 100 strength of Mercenaries (as close to 100 as
    /// possible without going over); Regulars and maintained troops are never discarded.
    pub(crate) fn lose_casualties(&mut self, s: u8, h: Holder) {
        let tokens = std::mem::replace(self.casualties_mut(s, h), 0);
        let t = self.t();
        for _ in 0..tokens {
            let mercs: Vec<TroopId> = {
                let mut v: Vec<TroopId> = self
                    .troops(s, h)
                    .iter()
                    .copied()
                    .filter(|&m| m < REGULAR_BASE)
                    .collect();
                v.sort_unstable();
                v
            };
            let hundred = mercs.iter().copied().find(|&m| t.strength(m) == 100);
            let fifties: Vec<TroopId> = mercs
                .iter()
                .copied()
                .filter(|&m| t.strength(m) == 50)
                .collect();
            let lose: Vec<TroopId> = if let Some(m) = hundred {
                vec![m]
            } else if fifties.len() >= 2 {
                fifties[..2].to_vec()
            } else {
                fifties.first().copied().into_iter().collect()
            };
            if lose.is_empty() {
                break;
            }
            for m in lose {
                self.troops_mut(s, h).retain(|&x| x != m);
                self.merc_to_deck(m);
            }
        }
    }

    /// Rules revision 4 (W15): the deserter drawn and the casualties' Mercenaries of a dead
    /// army are chosen by its owner. Whatever leaves no choice is done at once; the rest waits
    /// in `losses` and is asked before anything else happens.
    pub(crate) fn owner_losses(&mut self, s: u8, h: Holder) {
        let deserter = self
            .fate_draw()
            .map(|id| self.t().fate[usize::from(id)].nationality);
        let tokens = std::mem::replace(self.casualties_mut(s, h), 0);
        self.core.losses.push(Loss {
            seat: s,
            holder: h,
            deserter,
            tokens,
            half: false,
        });
        // Settle what is forced now, so that a Noble's remaining troops are known at once
        // when nothing is left to choose.
        let i = self.core.losses.len() - 1;
        while i < self.core.losses.len() {
            let opts = self.loss_options(&self.core.losses[i]);
            if opts.len() > 1 {
                break;
            }
            if !self.give_up(i, opts.first().copied()) {
                break;
            }
        }
    }

    /// The Mercenaries a pending loss may take now, one per nationality and strength (cards
    /// alike are one choice; the lowest id stands for them).
    pub(crate) fn loss_options(&self, l: &Loss) -> Vec<TroopId> {
        let t = self.t();
        let mercs: Vec<TroopId> = {
            let mut v: Vec<TroopId> = self
                .troops(l.seat, l.holder)
                .iter()
                .copied()
                .filter(|&m| m < REGULAR_BASE)
                .collect();
            v.sort_unstable();
            v
        };
        let of = |strength: u16| -> Vec<TroopId> {
            mercs
                .iter()
                .copied()
                .filter(|&m| t.strength(m) == strength)
                .collect()
        };
        let mut out: Vec<TroopId> = if let Some(nat) = l.deserter {
            mercs
                .iter()
                .copied()
                .filter(|&m| t.nationality(m) == Some(nat))
                .collect()
        } else if l.tokens == 0 {
            Vec::new()
        } else if l.half {
            of(50)
        } else {
            let mut v = of(100);
            let fifties = of(50);
            if fifties.len() >= 2 || v.is_empty() {
                v.extend(fifties);
            }
            v
        };
        // One card per (nationality, strength).
        let mut seen: Vec<(Option<u8>, u16)> = Vec::new();
        out.retain(|&m| {
            let k = (t.nationality(m), t.strength(m));
            if seen.contains(&k) {
                false
            } else {
                seen.push(k);
                true
            }
        });
        out
    }

    /// Loss `i` gives up `m` (or, with `None`, nothing more can be given: that part ends).
    /// Returns whether the loss is still pending.
    pub(crate) fn give_up(&mut self, i: usize, m: Option<TroopId>) -> bool {
        let Some(l) = self.core.losses.get(i).copied() else {
            return false;
        };
        let mut l2 = l;
        if let Some(m) = m {
            self.troops_mut(l.seat, l.holder).retain(|&x| x != m);
            self.merc_to_deck(m);
        }
        if l.deserter.is_some() {
            l2.deserter = None;
        } else if m.is_none() {
            l2.tokens = 0;
        } else if m.is_some_and(|m| self.t().strength(m) == 50) && !l.half {
            let more = self
                .troops(l.seat, l.holder)
                .iter()
                .any(|&x| x < REGULAR_BASE && self.t().strength(x) == 50);
            // Two 50s pay for a token whenever there are two; a lone 50 pays what it can.
            if more {
                l2.half = true;
            } else {
                l2.tokens -= 1;
            }
        } else {
            l2.half = false;
            l2.tokens = l2.tokens.saturating_sub(1);
        }
        if l2.deserter.is_none() && l2.tokens == 0 {
            self.core.losses.remove(i);
            false
        } else {
            self.core.losses[i] = l2;
            true
        }
    }

    /// Settles pending losses that leave no choice; returns whether an owner must choose now
    /// (the phase is then set).
    fn settle_losses(&mut self) -> bool {
        while let Some(l) = self.core.losses.first().copied() {
            let opts = self.loss_options(&l);
            if opts.len() > 1 {
                self.core.phase = Phase::Loss(l.seat);
                return true;
            }
            self.give_up(0, opts.first().copied());
        }
        false
    }

    /// A Noble dies: deserters, casualties, off the board, office lost; his heir may return.
    pub(crate) fn noble_dies(&mut self, s: u8, k: Shape) {
        let h = Holder::Noble(k);
        if self.config.revision_4() {
            self.owner_losses(s, h);
        } else {
            self.deserter_draw(s, h);
            self.lose_casualties(s, h);
        }
        let nb = self.nbm(s, k);
        nb.loc = Loc::Off;
        nb.exhausted = false;
        nb.dead = true;
        if let Some(o) = nb.office.take() {
            self.core.agenda_discard.push(o);
        }
        if self.nb(s, k).no_heir {
            self.line_ends(s, k);
            // The No Heir Event ends with him.
            if let Some(i) = self.core.lasting.iter().position(|&(e, b)| {
                b == s && self.t().cards.events[usize::from(e)].effect == EventEffect::NoHeir
            }) {
                let (e, _) = self.core.lasting.remove(i);
                self.core.event_discard.push(e);
            }
        }
        self.check_sieges();
    }

    /// *Abandoned Nobles*: killed by desertion, he leaves the board, not dead.
    pub(crate) fn abandon(&mut self, s: u8, k: Shape) {
        self.lose_casualties(s, Holder::Noble(k));
        self.leave_board(s, k);
    }

    // ---------- expeditions ----------

    fn expeditions_resolve(&mut self) {
        let started = self.core.new_expedition.take();
        for (i, e) in self.core.expeditions.iter_mut().enumerate() {
            if Some(i as u8) != started && (e.spot == 1 || e.spot == 2) {
                e.spot += 1;
            }
        }
        if let Some(i) = started {
            self.core.expeditions[usize::from(i)].spot = 1;
        }
        self.resolve_expeditions_from(0);
    }

    /// Resolves the expeditions at the last spot, from track `from` on (a Funds Needed waits
    /// for the funders' answers before the next track).
    fn resolve_expeditions_from(&mut self, from: u8) {
        for i in usize::from(from)..3 {
            if self.core.expeditions[i].spot != 3 {
                continue;
            }
            let draws = if self.core.expeditions[i].blessed {
                2
            } else {
                1
            } + if self.gl().is_some() {
                self.adv_expedition_draws(i)
            } else {
                0
            };
            let mut best: Option<ExpeditionResult> = None;
            for _ in 0..draws {
                if let Some(id) = self.fate_draw() {
                    let r = self.t().fate[usize::from(id)].expeditions[i];
                    best = Some(best.map_or(r, |b| b.max(r)));
                }
            }
            let mult = match best {
                Some(ExpeditionResult::X1) => 1,
                Some(ExpeditionResult::X2) => 2,
                Some(ExpeditionResult::X3) => 3,
                Some(ExpeditionResult::X4) => 4,
                Some(ExpeditionResult::X5) => 5,
                Some(ExpeditionResult::FundsNeeded) => {
                    // The funders pay or forfeit, then it stays as with No News.
                    self.push(Step::ExpResolveFrom(i as u8 + 1));
                    self.push(Step::FundsNeeded(i as u8, 0));
                    return;
                }
                Some(ExpeditionResult::NoNews) | None => continue,
                Some(ExpeditionResult::FleetLost) => 0,
            };
            let funds = self.core.expeditions[i].funds;
            for (s, &f) in funds.iter().enumerate() {
                if f > 0 && s < usize::from(self.core.n) {
                    self.gain(s as u8, Resource::Crowns, i32::from(f) * mult);
                }
            }
            self.core.expeditions[i] = Expedition::default();
        }
    }

    // ---------- upkeep ----------

    fn upkeep_victory(&mut self) {
        self.core.revealed = None;
        let need = usize::from(self.city_win_needs());
        let winners: Vec<u8> = self
            .active()
            .into_iter()
            .filter(|&s| self.kingdom_cities_of(s) >= need)
            .collect();
        if !winners.is_empty() {
            let best = winners.iter().copied().max_by_key(|&s| {
                (
                    self.kingdom_cities_of(s),
                    self.tie_key(s),
                    std::cmp::Reverse(s),
                )
            });
            self.finish(best);
            return;
        }
        self.push(Step::UpkeepInfluence);
    }

    fn upkeep_influence(&mut self) {
        if let Some(g) = self.core.glory.0.as_mut() {
            g.riot_ignored.clear();
        }
        for s in self.order() {
            if self.b(s).stronghold.is_none() || self.b(s).sh_lost {
                continue;
            }
            let n = self
                .cities_of(s)
                .into_iter()
                .filter(|&c| self.city(c).siege.is_none() && !self.rioting(c))
                .count();
            self.gain(s, Resource::Influence, n as i32);
        }
        if self.core.crown.0.is_some() {
            self.king_upkeep();
        } else if self.core.pool <= 0 && !self.config.optional.might_is_right {
            self.core.last_round = true;
        }
        self.push(Step::UpkeepArrive);
        self.push(Step::RevoltFrom(0, 0));
        if self.config.optional.miracles_can_happen {
            self.push(Step::MiracleFrom(0));
        }
        // A King just crowned places his Army at once.
        if self.king_army_waiting() {
            self.push(Step::KingArmy);
        }
    }

    fn revolt_from(&mut self, i: u8, from: u8) {
        let Some(&s) = self.order().get(usize::from(i)) else {
            return;
        };
        let cities = self.cities_of(s);
        if self.config.revision_4() {
            // Every unguarded city draws (board order); the Baron then resolves the revolting
            // ones in the order he chooses (W19).
            self.core.revolts.clear();
            for c in cities {
                if !self.revolt_guarded(c) && self.unrest_draw(c) != crate::glory_fate::Unrest::Calm
                {
                    self.core.revolts.push(c);
                }
            }
            self.push(Step::RevoltNext(i));
            return;
        }
        for c in cities.into_iter().filter(|&c| c >= from) {
            // The seed: a city "в котором нет дворянина" — any Baron's Noble there keeps it calm
            // (rules revision 1: only the owner's).
            let area = self.t().city_area[usize::from(c)];
            let guarded = if self.config.rules < 2 {
                !self.nobles_at(s, area).is_empty()
            } else {
                self.active()
                    .into_iter()
                    .any(|o| !self.nobles_at(o, area).is_empty())
            };
            if guarded {
                continue;
            }
            let revolt = self
                .fate_draw()
                .is_some_and(|id| self.t().fate[usize::from(id)].revolt);
            if revolt {
                self.push(Step::RevoltFrom(i, c + 1));
                self.core.phase = Phase::Revolt(s, c);
                return;
            }
        }
        self.push(Step::RevoltFrom(i + 1, 0));
    }

    /// Whether a Noble in its area keeps a city from drawing for a revolt.
    fn revolt_guarded(&self, c: u8) -> bool {
        let area = self.t().city_area[usize::from(c)];
        self.active()
            .into_iter()
            .any(|o| !self.nobles_at(o, area).is_empty())
    }

    /// Rules revision 4: one revolting city is resolved (the Baron's choice when several wait).
    fn revolt_next(&mut self, i: u8) {
        let Some(&s) = self.order().get(usize::from(i)) else {
            return;
        };
        match self.core.revolts.as_slice() {
            [] => self.push(Step::RevoltFrom(i + 1, 0)),
            [c] => {
                let c = *c;
                self.core.revolts.clear();
                self.push(Step::RevoltFrom(i + 1, 0));
                self.core.phase = self.unrest_phase(s, c);
            }
            _ => {
                self.push(Step::RevoltNext(i));
                self.core.phase = Phase::RevoltOrder(s);
            }
        }
    }

    /// The buy-off prices of a revolting city: (income, crowns, Faith).
    pub(crate) fn revolt_prices(&self, c: u8) -> (u8, u16, u16) {
        let p = &self.t().components.prices;
        let income = self.t().city_values(c).1;
        (
            income,
            u16::from(income) * u16::from(p.buy_off_revolt_income_factor),
            u16::from(p.buy_off_revolt_faith),
        )
    }

    /// Tie-break key for the Influence victory (higher is better): cities, crowns + Faith +
    /// Votes, troops on the board (strength after casualties, as the score screen counts it).
    pub(crate) fn tie_key(&self, s: u8) -> (usize, u32, u32) {
        let b = self.b(s);
        let wealth = u32::from(b.crowns) + u32::from(b.faith) + u32::from(b.votes);
        let mut on_board = 0u32;
        for k in 0..4u8 {
            if matches!(self.nb(s, k).loc, Loc::At(_) | Loc::Sea(_)) {
                on_board += u32::from(self.army_strength(s, Holder::Noble(k)));
            }
        }
        if b.stronghold.is_some() {
            on_board += u32::from(self.army_strength(s, Holder::Stronghold));
        }
        (self.cities_of(s).len(), wealth, on_board)
    }

    /// A Baron's final rank by the rules (lower is better), seat order aside: the city winner,
    /// Barons still in the game, Influence, then the tie-breaks.
    #[allow(clippy::type_complexity)]
    pub(crate) fn rank_key(
        &self,
        s: u8,
    ) -> (
        std::cmp::Reverse<bool>,
        std::cmp::Reverse<bool>,
        std::cmp::Reverse<u16>,
        std::cmp::Reverse<(usize, u32, u32)>,
    ) {
        (
            std::cmp::Reverse(Some(s) == self.core.city_winner),
            std::cmp::Reverse(!self.b(s).eliminated),
            std::cmp::Reverse(self.b(s).influence),
            std::cmp::Reverse(self.tie_key(s)),
        )
    }

    /// The final standing, once the game is over. From rules revision 4 Barons still tied after
    /// every tie-break share their place, and tied leaders make no King (the rules' last
    /// tie-break); before it the ranking's seat order decided.
    pub(crate) fn standing(&self) -> Option<crate::phases::Standing> {
        let o = self.core.outcome.as_ref()?;
        let n = self.core.n;
        if !self.config.revision_4() {
            let places: Vec<u8> = (0..n).map(|s| o.places[Seat(s)]).collect();
            let king = (0..n).find(|&s| places[usize::from(s)] == 0);
            return Some(crate::phases::Standing { king, places });
        }
        let places: Vec<u8> = (0..n)
            .map(|s| {
                let k = self.rank_key(s);
                (0..n).filter(|&o| self.rank_key(o) < k).count() as u8
            })
            .collect();
        let first: Vec<u8> = (0..n).filter(|&s| places[usize::from(s)] == 0).collect();
        let king = match first.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        Some(crate::phases::Standing { king, places })
    }

    /// Ends the game: the city winner, or by Influence and the tie-breaks.
    pub(crate) fn finish(&mut self, city_winner: Option<u8>) {
        self.core.city_winner = city_winner;
        // Seizing the Kingdom ends the game with no Missions scored (W29).
        if city_winner.is_none() {
            self.score_missions();
        }
        let n = self.core.n;
        let mut order: Vec<u8> = (0..n).collect();
        order.sort_by_key(|&s| (self.rank_key(s), s));
        let mut places = ordo_core::BySeat::new_with(n, |_| 0u8);
        for (p, &s) in order.iter().enumerate() {
            places[Seat(s)] = p as u8;
        }
        let scores = ordo_core::BySeat::new_with(n, |s| i32::from(self.b(s.0).influence));
        self.core.outcome = Some(Outcome { scores, places });
        self.core.phase = Phase::Over;
        self.core.steps.clear();
    }
}

/// The five holders of a Baron, Nobles first.
pub(crate) fn holders() -> impl Iterator<Item = Holder> + Clone {
    (0..4u8)
        .map(Holder::Noble)
        .chain(std::iter::once(Holder::Stronghold))
}

/// A refused config as the game interface's error.
fn config_error(e: crate::config::ConfigProblem) -> ConfigError {
    match e {
        crate::config::ConfigProblem::Barons(n) => ConfigError::PlayerCount {
            players: n,
            min: 2,
            max: 6,
        },
        other => ConfigError::Invalid {
            option: "optional".into(),
            reason: other.to_string(),
        },
    }
}

/// *For Glory* with an owner's data pack: refused (the pack format has no place for the
/// variant's file yet).
fn glory_pack_refused<T>() -> Result<T, ConfigError> {
    Err(ConfigError::Invalid {
        option: "for_glory".into(),
        reason: "For Glory plays with the built-in data only".into(),
    })
}
