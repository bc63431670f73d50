//! Small public types: decisions and the names they use.

use serde::{Deserialize, Serialize};

use crate::map::AreaId;

/// A troop card: `0..66` are the Mercenaries (index into the components' list); from
/// [`REGULAR_BASE`] on, `REGULAR_BASE + 4 × seat + k` is Regular card `k` of a Baron.
pub type TroopId = u8;

/// First id of the Regular troop cards.
pub const REGULAR_BASE: TroopId = 100;

/// From [`KING_ARMY_BASE`] on, `KING_ARMY_BASE + i` is King's Army card `i` (Crown and Glory,
/// *The King*): Regular troops of whoever is King (W28).
pub const KING_ARMY_BASE: TroopId = REGULAR_BASE + 24;

/// A Noble, by shape: 0 star, 1 square, 2 triangle, 3 circle.
pub type Shape = u8;

/// Star: one extra *Deal 100 Casualties* when commanding.
pub const STAR: Shape = 0;
/// Square: one extra *Prevent 100 Casualties* when commanding.
pub const SQUARE: Shape = 1;
/// Triangle: one extra victory when commanding.
pub const TRIANGLE: Shape = 2;
/// Circle: no wages for an army of at most 400.
pub const CIRCLE: Shape = 3;

/// Who holds troops: one of the acting Baron's Nobles, or his Stronghold card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkHolder"))]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// A Noble (by shape).
    Noble(Shape),
    /// The Stronghold card.
    Stronghold,
}

/// A fortification of the acting Baron: a city (index into the components' cities) or his
/// stronghold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkSite"))]
#[serde(rename_all = "snake_case")]
pub enum Site {
    /// A city.
    City(u8),
    /// The stronghold.
    Stronghold,
}

/// Whom a battle is fought against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkTarget"))]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Another Baron's Nobles, city or stronghold in the area.
    Baron(u8),
    /// The neutral city in the area.
    Neutral,
}

/// The three special-phase areas of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkZone"))]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Taxation (yellow).
    Taxation,
    /// Wages (red).
    Wages,
    /// Assembly (blue).
    Assembly,
}

/// A Baron Action card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkBaronCard"))]
#[serde(rename_all = "snake_case")]
pub enum BaronCard {
    /// Move Nobles into one area and/or fight there.
    MobilizeForces,
    /// +1 crown per area holding one of your Nobles.
    LevyTaxes,
    /// A free Baron marker on the Mercenary Track.
    DraftSoldiers,
    /// +2 Votes; the Chairman token for the strictly most Votes.
    RallySupport,
    /// +1 Faith; the Head of the Church token for the strictly most Faith.
    ServeTheChurch,
    /// One of five small actions; back to hand.
    VersatileStrategy,
    /// *For Glory*: +1 Knowledge; the Scholar token for the strictly most Knowledge; buy
    /// Advancements (one, or as many as the Scholar can pay for). To Taxation or Assembly.
    EnrichMind,
    /// *For Glory*: refresh one exhausted Noble free, more at 2 crowns each. To Wages.
    ForcedMarch,
}

impl BaronCard {
    /// All six, in data order.
    pub const ALL: [BaronCard; 6] = [
        BaronCard::MobilizeForces,
        BaronCard::LevyTaxes,
        BaronCard::DraftSoldiers,
        BaronCard::RallySupport,
        BaronCard::ServeTheChurch,
        BaronCard::VersatileStrategy,
    ];

    /// The data id.
    pub fn id(self) -> &'static str {
        match self {
            BaronCard::MobilizeForces => "mobilize_forces",
            BaronCard::LevyTaxes => "levy_taxes",
            BaronCard::DraftSoldiers => "draft_soldiers",
            BaronCard::RallySupport => "rally_support",
            BaronCard::ServeTheChurch => "serve_the_church",
            BaronCard::VersatileStrategy => "versatile_strategy",
            BaronCard::EnrichMind => "enrich_mind",
            BaronCard::ForcedMarch => "forced_march",
        }
    }

    /// The cards *For Glory* adds to each hand, in data order.
    pub const GLORY: [BaronCard; 2] = [BaronCard::EnrichMind, BaronCard::ForcedMarch];

    /// Index in [`BaronCard::ALL`], then [`BaronCard::GLORY`] (6 and 7).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A Neutral Action card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkNeutralCard"))]
#[serde(rename_all = "snake_case")]
pub enum NeutralCard {
    /// The Head of the Church decides who draws the top Event.
    ImportantEvent,
    /// Start, fund, bless, advance and resolve expeditions.
    FundExpeditions,
    /// Each Baron may repair or fortify one city.
    UpgradeDefenses,
    /// Each Baron may remove casualty tokens from one army.
    MusterTroops,
    /// The Fate deck is shuffled (*For Glory*: then the Scholar may replace a face-up
    /// Advancement).
    UncertainTimes,
    /// *For Glory* (replaces Muster Troops): each Baron may remove casualty tokens from one army
    /// and recruit Town Levies.
    MusterForces,
    /// *For Glory*: the Scholar may pay 2 crowns to draw the top Advancement and buy it for 1
    /// Knowledge less, or put it at the bottom.
    Research,
    /// *For Glory*: the top Agenda joins the current ones; the card goes to the Assembly.
    PressingAgenda,
    /// *For Glory*: the top Mercenary joins those on offer, and the first free spot of the
    /// Mercenary Track counts as filled.
    AssembleTroops,
}

impl NeutralCard {
    /// All five, in data order.
    pub const ALL: [NeutralCard; 5] = [
        NeutralCard::ImportantEvent,
        NeutralCard::FundExpeditions,
        NeutralCard::UpgradeDefenses,
        NeutralCard::MusterTroops,
        NeutralCard::UncertainTimes,
    ];

    /// The data id.
    pub fn id(self) -> &'static str {
        match self {
            NeutralCard::ImportantEvent => "important_event",
            NeutralCard::FundExpeditions => "fund_expeditions",
            NeutralCard::UpgradeDefenses => "upgrade_defenses",
            NeutralCard::MusterTroops => "muster_troops",
            NeutralCard::UncertainTimes => "uncertain_times",
            NeutralCard::MusterForces => "muster_forces",
            NeutralCard::Research => "research",
            NeutralCard::PressingAgenda => "a_pressing_agenda",
            NeutralCard::AssembleTroops => "assemble_troops",
        }
    }

    /// Every Neutral card of the base game and *For Glory*.
    pub const EVERY: [NeutralCard; 9] = [
        NeutralCard::ImportantEvent,
        NeutralCard::FundExpeditions,
        NeutralCard::UpgradeDefenses,
        NeutralCard::MusterTroops,
        NeutralCard::UncertainTimes,
        NeutralCard::MusterForces,
        NeutralCard::Research,
        NeutralCard::PressingAgenda,
        NeutralCard::AssembleTroops,
    ];

    /// The card with this data id.
    pub fn from_id(id: &str) -> Option<NeutralCard> {
        NeutralCard::EVERY.into_iter().find(|c| c.id() == id)
    }
}

/// An action card in an Action stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkCard"))]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A Baron's card.
    Baron {
        /// Owner.
        seat: u8,
        /// Which card.
        card: BaronCard,
    },
    /// A Neutral card.
    Neutral(NeutralCard),
}

/// A vote's direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkBallot"))]
#[serde(rename_all = "snake_case")]
pub enum Ballot {
    /// For a yes/no Agenda.
    Yes,
    /// Against.
    No,
    /// For a Baron (Choose-a-Baron Agendas).
    For(u8),
}

/// What the proposer of a Private Motion puts to the vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkProposal"))]
#[serde(rename_all = "snake_case")]
pub enum Proposal {
    /// Lift a Baron's ban.
    RescindBan(u8),
    /// Discard a law in play (Agenda kind).
    DiscardLaw(u8),
    /// Discard a Baron's charge (Baron, Agenda kind).
    DiscardCharge(u8, u8),
    /// Discard the office held by a Baron's Noble (Baron, shape).
    DiscardOffice(u8, Shape),
    /// End the Assembly now; the current Agendas carry over.
    Postpone,
    /// Vote on an Agenda from the discard pile (Agenda kind); with *Open Private Motions*, on
    /// any Agenda kind.
    Revive(u8),
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkAction"))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Setup or Upkeep: put the stronghold in an area.
    PlaceStronghold(AreaId),
    /// Setup: give the next starting troop card to a Noble or the stronghold.
    AssignStart(Holder),
    /// Setup or Upkeep: put a Noble with troops on the board.
    PlaceNoble {
        /// Which Noble.
        shape: Shape,
        /// Where.
        area: AreaId,
    },
    /// Planning: lay a card from hand face down on an Action stack (0–2).
    Plan {
        /// Stack.
        stack: u8,
        /// Card.
        card: BaronCard,
    },
    /// Planning: no more cards.
    PlanDone,
    /// Do not carry out the revealed Baron action (the card is still allocated).
    Decline,
    /// Carry out the revealed Baron action.
    CarryOut,
    /// Draft Soldiers: a free marker on this Mercenary Track spot (0-based).
    DraftSpot(u8),
    /// Put the resolved card in this area (Serve the Church; Mobilize Forces when free).
    AllocateTo(Zone),
    /// Mobilize Forces: the one area Nobles move into and/or fight in.
    MobilizeTo(AreaId),
    /// Move a Noble by land.
    Move {
        /// Which Noble.
        shape: Shape,
        /// Destination.
        to: AreaId,
    },
    /// Move a Noble by land through areas whose Barons must allow it (asks them).
    MoveAsk {
        /// Which Noble.
        shape: Shape,
        /// Destination.
        to: AreaId,
    },
    /// Sail a Noble from his port to another port.
    Sail {
        /// Which Noble.
        shape: Shape,
        /// Destination port area.
        to: AreaId,
    },
    /// Move one troop card to a Noble or the stronghold.
    Transfer {
        /// The card.
        troop: TroopId,
        /// Receiver.
        to: Holder,
    },
    /// Move a whole army with its casualty tokens (the only way troops leave an army that has
    /// casualties).
    TransferArmy {
        /// Giver.
        from: Holder,
        /// Receiver.
        to: Holder,
    },
    /// Mobilize Forces: no more moves.
    EndMoves,
    /// Versatile Strategy: +2 crowns.
    VersatileCrowns,
    /// Versatile Strategy: +1 Vote.
    VersatileVote,
    /// Versatile Strategy: a Baron marker on this track spot for its fee.
    VersatileTrack(u8),
    /// Versatile Strategy: start a battle in this area.
    VersatileBattle(AreaId),
    /// Attack.
    Attack(Target),
    /// Fight no battle.
    NoBattle,
    /// Attack the city or stronghold by assault.
    Assault,
    /// Lay siege to it.
    Siege,
    /// Add a Noble to the attack.
    Fight(Shape),
    /// Start the battle with the Nobles chosen.
    Engage,
    /// Choose the commander.
    Commander(Shape),
    /// Discard a drawn Fate card face down.
    DiscardFate(u8),
    /// Keep the remaining Fate cards.
    KeepFate,
    /// Put a casualty token on an army.
    Casualty(Holder),
    /// Take a casualty as a breach of the city or stronghold.
    Breach,
    /// Retreat a Noble to an area.
    RetreatTo(AreaId),
    /// Raze the city just taken.
    Raze,
    /// Keep the city just taken.
    KeepCity,
    /// Hand this city to the Baron who took your stronghold.
    GiveCity(u8),
    /// Allow the request.
    Grant,
    /// Refuse the request.
    Refuse,
    /// Wages: pay every remaining Mercenary.
    PayWages,
    /// Wages: leave a Mercenary unpaid; he deserts.
    Dismiss(TroopId),
    /// Draft: hire a face-up Mercenary.
    Hire(TroopId),
    /// Draft: hire every face-up Mercenary of a nationality with as many markers.
    HireBundle(u8),
    /// Draft: hire nobody with this marker.
    NoHire,
    /// Draft: the hired Mercenary joins this Noble or the stronghold.
    AssignHire(Holder),
    /// Upgrade Defenses: repair breaches.
    Repair {
        /// Where.
        site: Site,
        /// How many.
        count: u8,
    },
    /// Upgrade Defenses: fortify a city.
    Fortify(u8),
    /// Upgrade Defenses: nothing.
    NoUpgrade,
    /// Muster Troops: remove casualty tokens from one army.
    Muster {
        /// The army.
        army: Holder,
        /// Tokens removed.
        count: u8,
    },
    /// Muster Troops: nothing.
    NoMuster,
    /// Head of the Church: this Baron draws the Important Event.
    EventTo(u8),
    /// Blue Event: its target.
    EventTarget(u8),
    /// Pay the Event's Faith cost to cancel it.
    CancelEvent,
    /// Let the Event happen.
    AcceptEvent,
    /// Pledge Faith towards cancelling a blue Event.
    Pledge(u8),
    /// Fund Expeditions: the Chairman starts this expedition (0 Ceylon, 1 Spice Islands, 2 China).
    StartExpedition(u8),
    /// Fund Expeditions: start none.
    NoExpedition,
    /// Invest this many crowns in the expedition just started.
    Fund(u8),
    /// Head of the Church: bless it for 1 Faith.
    Bless,
    /// Do not bless it.
    NoBless,
    /// The absent Chairman appoints an acting Chairman.
    Appoint(u8),
    /// Private Motion: what to propose.
    Propose(Proposal),
    /// The Chairman puts this current Agenda (index among the remaining ones) next.
    NextAgenda(u8),
    /// Put this many Votes in your fist.
    Commit(u16),
    /// Say how your revealed Votes are cast.
    Cast(Ballot),
    /// The Chairman breaks a tie.
    TieBreak(Ballot),
    /// Accept the Agenda just passed against you.
    AcceptAgenda,
    /// Refuse it: you are banned.
    RefuseAgenda,
    /// Give the office to this Noble.
    OfficeTo(Shape),
    /// With a fourth charge, discard this old one (index).
    DropCharge(u8),
    /// Taxation: pay the Tithe.
    ComplyTithe,
    /// Taxation: refuse the Tithe law (banned).
    RefuseTithe,
    /// Revolt: pay 1 Faith to keep the city.
    BuyOffFaith,
    /// Revolt: pay twice its income in crowns.
    BuyOffCrowns,
    /// Revolt: the city becomes neutral.
    LetRevolt,
    /// *Miracles Can Happen*: cancel a lasting Event on you (index) for its cost + 1.
    CancelLasting(u8),
    /// Upkeep: done reorganising and placing.
    ReturnDone,
    /// Rules revision 4: resolve the revolt of this city (one of yours) next.
    ResolveRevolt(u8),
    /// Rules revision 4: this Mercenary of your dead Noble's army (or lost stronghold's troops)
    /// deserts, or is discarded for a casualty token (cards alike are one choice).
    LoseTroop(TroopId),
    /// Rules revision 5: move a Noble along the road only as far as this area, where troops wait
    /// for him (your stronghold or a fresh Noble of yours); he may take them and go on.
    RoadHalt {
        /// Which Noble.
        shape: Shape,
        /// The area on the road where he halts.
        at: AreaId,
    },
    /// Rules revision 5: the Noble halted on the road ends his move where he stands.
    RoadStay,
    /// Out of turn, at any time: give crowns to another Baron (a free decision, public).
    GiveCrowns {
        /// The Baron who receives them.
        to: u8,
        /// How many (at least 1, at most what the giver holds).
        crowns: u16,
    },
    /// Out of turn, at any time, with *Exchanging Heirs*: give an heir token you hold to
    /// another Baron (a free decision, public).
    GiveHeir {
        /// The Baron whose Noble the heir is.
        of: u8,
        /// That Noble.
        shape: Shape,
        /// The Baron who receives the token.
        to: u8,
    },
    /// *The King*: the new King puts the next King's Army card with this Noble (at his
    /// stronghold or a city of his) or at his stronghold.
    AssignKingArmy(Holder),
    /// Out of turn, at any time, with *Exchanging Heirs*: propose an exchange to another
    /// Baron, who must accept it for anything to change hands (W30). Seen by the two of them
    /// only; it replaces any offer of yours still open with that Baron.
    Offer {
        /// The Baron it is made to.
        to: u8,
        /// What you would hand over.
        give: Stake,
        /// What you ask in return.
        take: Stake,
    },
    /// Accept the offer `from` made you, as you saw it: both sides change hands at once, for
    /// all to see, if both Barons still hold what it names. An offer is named by its maker and
    /// its terms (at most one is open from each Baron to each other), so an answer to an offer
    /// since replaced is refused, and nothing numbers offers for others to count.
    AcceptOffer {
        /// Who made it.
        from: u8,
        /// What he would hand over.
        give: Stake,
        /// What he asks in return.
        take: Stake,
    },
    /// Decline the offer `from` made you, as you saw it (only its maker is told).
    DeclineOffer {
        /// Who made it.
        from: u8,
        /// What he would hand over.
        give: Stake,
        /// What he asks in return.
        take: Stake,
    },
    /// Withdraw your open offer to `to` (only its receiver is told).
    WithdrawOffer {
        /// Who it was made to.
        to: u8,
    },
    /// *For Glory*: buy this Advancement (by kind): one face up with Enrich Mind, or the one
    /// Research drew.
    BuyAdvancement(u8),
    /// *For Glory*: put this Advancement (by kind) at the bottom of the Advancement deck: one of
    /// yours over the limit of three, the one Research drew, or a face-up one with *Uncertain
    /// Times* (the Scholar; it is replaced from the deck).
    DiscardAdvancement(u8),
    /// *For Glory*: buy nothing more, draw nothing, replace nothing.
    AdvancementsDone,
    /// *For Glory*, Research: the Scholar pays its price to draw the top Advancement.
    ResearchDraw,
    /// *For Glory*, Forced March: refresh this exhausted Noble (the first free, then 2 crowns
    /// each).
    Refresh(Shape),
    /// *For Glory*, Forced March: refresh no more.
    RefreshDone,
    /// *For Glory*, Riot: neither Faith nor crowns; a riot token goes on the city.
    LetRiot,
    /// *For Glory*, Retreat / Draw 1 Fate: the defender retreats without a fight.
    Withdraw,
    /// *For Glory*: the defender stays; his Retreat results count as Draw 1 Fate.
    StandFirm,
    /// *For Glory*, Funds Needed: pay 2 crowns to keep your stake.
    PayFunds,
    /// *For Glory*, Funds Needed: give up your stake.
    ForfeitFunds,
    /// *For Glory*, Upgrade Defenses: a Garrison for this city of yours.
    HireGarrison(u8),
    /// *For Glory*, Upgrade Defenses: no Garrison.
    NoGarrison,
    /// *For Glory*, Wages: let the Garrison of this city go (you cannot pay them all).
    DisbandGarrison(u8),
    /// *For Glory*, Muster Forces: recruit this Town Levy to this Noble of yours in its city.
    RecruitLevy {
        /// The Town Levy card.
        levy: TroopId,
        /// The Noble.
        shape: Shape,
    },
    /// *For Glory*, Muster Forces: recruit no more Town Levies.
    NoLevy,
    /// *For Glory*, in a battle: declare this Advancement of yours (by kind).
    UseAdvancement(u8),
    /// *For Glory*, with Navigation: sail a Noble to another port, arriving at once (the
    /// Advancement is exhausted).
    SailAtOnce {
        /// Which Noble.
        shape: Shape,
        /// Destination port area.
        to: AreaId,
    },
}

/// An heir token (*Exchanging Heirs*): the heir of Baron `of`'s Noble `shape`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkHeirToken"))]
#[serde(deny_unknown_fields)]
pub struct HeirToken {
    /// The Baron whose Noble it is.
    pub of: u8,
    /// That Noble.
    pub shape: Shape,
}

/// One side of an offer: crowns (at most 255), an heir token, or both.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkStake"))]
#[serde(deny_unknown_fields)]
pub struct Stake {
    /// Crowns.
    #[serde(default)]
    pub crowns: u8,
    /// An heir token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub heir: Option<HeirToken>,
}

impl Stake {
    /// Nothing at all.
    pub fn is_empty(&self) -> bool {
        self.crowns == 0 && self.heir.is_none()
    }
}

/// An offer still open: made by `from` to `to` (at most one from each Baron to each other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkOffer"))]
pub struct OpenOffer {
    /// Who made it.
    pub from: u8,
    /// Who it is made to.
    pub to: u8,
    /// What the maker would hand over.
    pub give: Stake,
    /// What the maker asks in return.
    pub take: Stake,
}

impl Action {
    /// Whether the decision is a gift, made at any time by any Baron.
    pub fn is_gift(&self) -> bool {
        matches!(self, Action::GiveCrowns { .. } | Action::GiveHeir { .. })
    }

    /// Whether the decision is about an offer: making, accepting, declining or withdrawing one.
    pub fn is_offer(&self) -> bool {
        matches!(
            self,
            Action::Offer { .. }
                | Action::AcceptOffer { .. }
                | Action::DeclineOffer { .. }
                | Action::WithdrawOffer { .. }
        )
    }

    /// Whether the decision is free: made at any time by any Baron, whoever is to act (a gift
    /// or an offer's decision).
    pub fn is_free(&self) -> bool {
        self.is_gift() || self.is_offer()
    }
}
