//! The records of the game's special phases and of its end, as the state holds them and the
//! views show them: an Assembly, a battle, the final standing. (The rules that move them are in
//! `assembly.rs`, `battle.rs` and `state.rs`.)

use serde::{Deserialize, Serialize};

use crate::map::AreaId;
use crate::types::*;

/// Where the Assembly stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkAStage"))]
#[serde(rename_all = "snake_case")]
pub enum AStage {
    /// Votes handed out.
    Start,
    /// Private Motions are proposed and voted.
    Private,
    /// The Chairman orders the other Agendas.
    Order,
    /// Votes go into fists.
    Commit,
    /// Revealed Votes are cast.
    Cast,
    /// Counted; ties broken.
    Tally,
    /// Over.
    Done,
}

/// The Assembly in session.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkAssembly"))]
pub struct Assembly {
    /// Barons attending (not banned, not barred).
    pub attending: Vec<u8>,
    /// Chairman or acting Chairman.
    pub acting: u8,
    /// Stage.
    pub stage: AStage,
    /// Private Motions (kinds) still to vote.
    pub pm: Vec<u8>,
    /// The ordered Agendas are being voted (Private Motions are done).
    pub main: bool,
    /// Agendas (kinds) voted in this order.
    pub queue: Vec<u8>,
    /// Current Agendas not yet ordered.
    pub unordered: Vec<u8>,
    /// The Agenda being voted (kind).
    pub voting: Option<u8>,
    /// What the Private Motion being voted proposes.
    pub proposal: Option<Proposal>,
    /// Votes in each Baron's fist (two Barons: one per queued Agenda). Secret until revealed.
    pub commits: Vec<Vec<u16>>,
    /// Revealed Votes on the Agenda being voted.
    pub revealed: Vec<u16>,
    /// How each Baron cast them.
    pub casts: Vec<Option<Ballot>>,
    /// The passed result waiting on its target.
    pub result: Option<Ballot>,
    /// Index of the Agenda being voted in `queue` (two Barons).
    pub index: u8,
}

/// A fortification under attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkFort"))]
#[serde(rename_all = "snake_case")]
pub enum Fort {
    /// A city.
    City(u8),
    /// A Baron's stronghold.
    Stronghold(u8),
}

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkStage"))]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The attacker picks his fighting Nobles.
    Fighters,
    /// Assault or siege.
    Mode,
    /// Commanders are chosen.
    Commanders,
    /// Fate cards are drawn.
    Draw,
    /// Attacker (0) or defender (1) discards.
    Discard(u8),
    /// Casualties are placed by side 0, then side 1.
    Casualties(u8),
    /// Victories counted, deaths and retreats resolved.
    Outcome,
    /// Retreating Nobles move.
    Retreats,
    /// A city or stronghold changes hands.
    Capture,
    /// Over.
    Done,
    /// *For Glory*: the attacker (0), then the defender (1), may declare a battle Advancement.
    Advance(u8),
}

/// A battle in progress. Side 0 attacks, side 1 defends.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkBattle"))]
pub struct Battle {
    /// Where.
    pub area: AreaId,
    /// The attacking Baron.
    pub attacker: u8,
    /// Against whom.
    pub target: Target,
    /// The fortification attacked, if any.
    pub fort: Option<Fort>,
    /// A siege rather than an assault.
    pub siege: bool,
    /// Attacking Nobles.
    pub att: Vec<Shape>,
    /// Defending Nobles.
    pub def: Vec<Shape>,
    /// Troops at the defender's stronghold fight.
    pub def_sh: bool,
    /// Commanders.
    pub cmd: [Option<Shape>; 2],
    /// Defending commander was exhausted before the battle (no ability).
    pub def_cmd_tired: bool,
    /// Fate cards in hand (secret) or revealed.
    pub hands: [Vec<u8>; 2],
    /// Cards discarded so far by each side.
    pub discarded: [u8; 2],
    /// The side has finished discarding.
    pub kept: [bool; 2],
    /// Hands are revealed.
    pub revealed: bool,
    /// Casualty tokens still to place per side.
    pub cas: [u8; 2],
    /// Victory difference (attacker − defender), once counted.
    pub diff: i8,
    /// Nobles to retreat.
    pub retreats: Vec<(u8, Shape)>,
    /// The fortification falls to the attacker.
    pub captured: bool,
    /// Stage.
    pub stage: Stage,
    /// The Fate cards each side revealed, extra draws included (public; kept once the hands go
    /// back to the deck, so the battle can be told after it is over).
    #[serde(default)]
    pub shown: [Vec<u8>; 2],
}

impl Battle {
    /// The defending Baron (none for a neutral city).
    pub fn defender(&self) -> Option<u8> {
        match self.target {
            Target::Baron(b) => Some(b),
            Target::Neutral => None,
        }
    }
}

/// The end of the game as the rules see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkStanding"))]
pub struct Standing {
    /// The King, or `None` when the leaders are still tied after every tie-break.
    pub king: Option<u8>,
    /// Place per seat (0 = first); Barons tied after every tie-break share a place.
    pub places: Vec<u8>,
}
