//! The Event and Agenda decks (`data/cards.json`), written in a small typed effect vocabulary so
//! a card's text can be corrected or added by editing data. Validated on load.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::{Confidence, DataError};

const CARDS: &str = include_str!("../data/cards.json");
const GLORY_CARDS: &str = include_str!("../data/for-glory-cards.json");

/// A resource a card gives or takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Money.
    Crowns,
    /// Assembly votes.
    Votes,
    /// Faith.
    Faith,
    /// Influence (victory points), taken from the pool.
    Influence,
}

/// An Event card's back colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkEventColour"))]
#[serde(rename_all = "snake_case")]
pub enum EventColour {
    /// Harmful; affects the Baron who draws it.
    Red,
    /// Beneficial to the Baron who draws it.
    Green,
    /// The drawer names any Baron as its target.
    Blue,
}

/// What an Event does to its target Baron.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum EventEffect {
    /// Gain (or, negative, lose — never below 0) an amount of a resource.
    Gain {
        /// Which.
        resource: Resource,
        /// How much.
        amount: i8,
    },
    /// Gain or lose an amount per city the target controls.
    PerCity {
        /// Which.
        resource: Resource,
        /// How much per city.
        amount: i8,
    },
    /// Lasting: the target gains no Faith.
    Heretic,
    /// Lasting: a random Noble of the target (Fate) has no heir until he dies.
    NoHeir,
    /// Every Noble of the target now off the board after a death loses his heir.
    BrokenLine,
    /// A random Noble of the target on the board (Fate) takes casualty tokens.
    Assassin {
        /// Tokens.
        casualties: u8,
    },
    /// A random city of the target (Fate) becomes neutral.
    Revolt,
    /// A random city of the target (Fate) takes a breach.
    Fire,
    /// The target's Mercenaries of a random nationality (Fate) desert.
    Desertion,
    /// Each of the target's Nobles at sea takes a casualty token.
    Storm,
    /// Each of the target's armies on the board takes a casualty token.
    Plague,
    /// The target takes the top Mercenary of the deck, at his stronghold.
    Reinforcement,
    /// The target's army with the most casualty tokens loses them all.
    Heal,
    /// Every breach on the target's cities and stronghold is repaired.
    Repair,
    /// The target takes the Chairman token.
    TakeChairman,
    /// The target takes the Head of the Church token.
    TakeHeadOfChurch,
}

/// An Event card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    /// Stable id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Back colour.
    pub colour: EventColour,
    /// Faith to cancel it (0: cannot be cancelled).
    pub cancel_cost: u8,
    /// Stays in effect for the rest of the game.
    pub lasting: bool,
    /// Copies.
    pub count: u8,
    /// The effect.
    pub effect: EventEffect,
    /// How sure.
    pub confidence: Confidence,
    /// What is known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// An Agenda card's category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgendaCategory {
    /// Carried out at once, then discarded.
    Motion,
    /// A lasting public rule.
    Law,
    /// Assigned to a Baron (at most 3 each).
    Charge,
    /// A charge that pays crowns at each Taxation.
    Concession,
    /// Assigned to one of the chosen Baron's Nobles.
    Office,
    /// Voted first; its proposer chooses what it proposes.
    PrivateMotion,
}

/// How an Agenda is voted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoteKind {
    /// Yes or no.
    YesNo,
    /// For a Baron.
    ChooseBaron,
}

/// A lasting law.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LawKind {
    /// No Noble may move along a road (a Baron who does so refuses the law and is banned).
    ClosedRoads,
    /// No siege may be declared (a Baron who does so refuses the law and is banned).
    NoSieges,
    /// At each Taxation every Baron pays 1 crown per 3 cities (rounded up) or refuses and is
    /// banned.
    Tithe,
    /// Sailing costs 1 crown per Noble.
    PortDues,
}

/// What an Agenda does when passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum AgendaEffect {
    /// Motion: every Baron gains or loses a resource.
    EachBaron {
        /// Which.
        resource: Resource,
        /// How much.
        amount: i8,
    },
    /// Motion: the chosen Baron gains or loses a resource.
    Baron {
        /// Which.
        resource: Resource,
        /// How much.
        amount: i8,
    },
    /// Motion: the chosen Baron takes the Chairman token.
    TakeChairman,
    /// Motion: the chosen Baron takes the Head of the Church token.
    TakeHeadOfChurch,
    /// Law.
    Law {
        /// Which law.
        law: LawKind,
    },
    /// Charge: extra Votes at each Assembly.
    AssemblyVotes {
        /// Votes.
        amount: i8,
    },
    /// Charge: the holder may not attend Assemblies.
    BarredFromAssembly,
    /// Charge or Concession: crowns gained (or paid) at each Taxation.
    Taxation {
        /// Crowns.
        amount: i8,
    },
    /// Office: maintained troops for the Noble holding it.
    Maintained {
        /// Strength.
        troops: u16,
    },
    /// Private Motion.
    PrivateMotion,
}

/// An Agenda card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgendaCard {
    /// Stable id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Category.
    pub category: AgendaCategory,
    /// Vote kind.
    pub vote: VoteKind,
    /// Copies.
    pub count: u8,
    /// The effect.
    pub effect: AgendaEffect,
    /// How sure.
    pub confidence: Confidence,
}

/// The card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cards {
    /// Data version.
    pub version: String,
    /// Where the values come from.
    pub note: String,
    /// Event cards (with copies).
    pub events: Vec<EventCard>,
    /// Agenda cards (with copies).
    pub agendas: Vec<AgendaCard>,
}

impl Cards {
    /// The Event deck, one entry per physical card (index into `events`).
    pub fn event_deck(&self) -> Vec<u8> {
        expand(self.events.iter().map(|e| e.count))
    }

    /// The Agenda deck, one entry per physical card (index into `agendas`).
    pub fn agenda_deck(&self) -> Vec<u8> {
        expand(self.agendas.iter().map(|a| a.count))
    }

    /// Every problem with the decks, each with the JSON path of the value at fault.
    pub fn problems(&self) -> Vec<DataError> {
        self.problems_in("cards.json", 36, 44)
    }

    /// Every problem with a card file holding `events` Event and `agendas` Agenda cards.
    fn problems_in(&self, file: &str, events_in_box: u32, agendas_in_box: u32) -> Vec<DataError> {
        let mut errs = Vec::new();
        let mut err = |path: &str, m: String| errs.push(DataError::at(file, path, m));
        let mut seen: BTreeMap<&str, String> = BTreeMap::new();
        let ids = (self.events.iter().enumerate()).map(|(i, e)| (format!("events[{i}]"), &e.id));
        let ids = ids.chain(
            (self.agendas.iter().enumerate()).map(|(i, a)| (format!("agendas[{i}]"), &a.id)),
        );
        for (at, id) in ids {
            match seen.get(id.as_str()) {
                Some(first) => err(
                    &format!("{at}.id"),
                    format!("card `{id}` appears again (first at {first})"),
                ),
                None => {
                    seen.insert(id.as_str(), at);
                }
            }
        }
        let events: u32 = self.events.iter().map(|e| u32::from(e.count)).sum();
        if events != events_in_box {
            err(
                "events",
                format!("{events} Event cards, the game has {events_in_box}"),
            );
        }
        for colour in [EventColour::Red, EventColour::Green, EventColour::Blue] {
            let n: u32 = self
                .events
                .iter()
                .filter(|e| e.colour == colour)
                .map(|e| u32::from(e.count))
                .sum();
            if n == 0 {
                err("events", format!("no {colour:?} Events"));
            }
        }
        for (i, e) in self.events.iter().enumerate() {
            if e.count == 0 {
                err(
                    &format!("events[{i}].count"),
                    format!("Event `{}` has no copies", e.id),
                );
            }
            let lasting = matches!(e.effect, EventEffect::Heretic | EventEffect::NoHeir);
            if lasting != e.lasting {
                err(
                    &format!("events[{i}].lasting"),
                    format!("Event `{}`: must be {lasting} for its effect", e.id),
                );
            }
            if e.colour == EventColour::Green && e.cancel_cost > 0 {
                err(
                    &format!("events[{i}].cancel_cost"),
                    format!(
                        "Event `{}`: a green Event is never cancelled (it helps its drawer)",
                        e.id
                    ),
                );
            }
            if matches!(e.effect, EventEffect::Assassin { casualties: 0 }) {
                err(
                    &format!("events[{i}].effect"),
                    format!("Event `{}`: an Assassin with no casualties", e.id),
                );
            }
        }
        let agendas: u32 = self.agendas.iter().map(|a| u32::from(a.count)).sum();
        if agendas != agendas_in_box {
            err(
                "agendas",
                format!("{agendas} Agenda cards, the game has {agendas_in_box} (the base game's 44 is the FAQ's correction of 45)"),
            );
        }
        for (i, a) in self.agendas.iter().enumerate() {
            use AgendaCategory as C;
            use AgendaEffect as E;
            let ok = match (a.category, a.vote, a.effect) {
                (C::Motion, VoteKind::YesNo, E::EachBaron { .. }) => true,
                (C::Motion, VoteKind::ChooseBaron, E::Baron { .. })
                | (C::Motion, VoteKind::ChooseBaron, E::TakeChairman)
                | (C::Motion, VoteKind::ChooseBaron, E::TakeHeadOfChurch) => true,
                (C::Law, VoteKind::YesNo, E::Law { .. }) => true,
                (C::Charge, VoteKind::ChooseBaron, E::AssemblyVotes { .. })
                | (C::Charge, VoteKind::ChooseBaron, E::BarredFromAssembly)
                | (C::Charge, VoteKind::ChooseBaron, E::Taxation { .. }) => true,
                (C::Concession, VoteKind::ChooseBaron, E::Taxation { amount }) => amount > 0,
                (C::Office, VoteKind::ChooseBaron, E::Maintained { troops }) => {
                    troops > 0 && troops % 50 == 0
                }
                (C::PrivateMotion, VoteKind::YesNo, E::PrivateMotion) => true,
                _ => false,
            };
            if !ok {
                err(
                    &format!("agendas[{i}].effect"),
                    format!(
                        "Agenda `{}`: effect {:?} does not fit a {:?} voted {:?}",
                        a.id, a.effect, a.category, a.vote
                    ),
                );
            }
            if a.count == 0 {
                err(
                    &format!("agendas[{i}].count"),
                    format!("Agenda `{}` has no copies", a.id),
                );
            }
        }
        if !self
            .agendas
            .iter()
            .any(|a| a.category == AgendaCategory::PrivateMotion)
        {
            err("agendas", "no Private Motion among the Agendas".into());
        }
        errs
    }
}

fn expand(counts: impl Iterator<Item = u8>) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, n) in counts.enumerate() {
        for _ in 0..n {
            out.push(i as u8);
        }
    }
    out
}

/// The base decks with *For Glory*'s 20 Events and 25 Agendas shuffled in, validated once
/// (the variant's file alone, then the decks together).
///
/// # Errors
/// Every problem found.
pub fn glory_cards() -> Result<&'static Cards, &'static [DataError]> {
    static CELL: OnceLock<Result<Cards, Vec<DataError>>> = OnceLock::new();
    CELL.get_or_init(|| {
        let base = cards().map_err(<[DataError]>::to_vec)?;
        parse_glory(GLORY_CARDS, base)
    })
    .as_ref()
    .map_err(Vec::as_slice)
}

/// *For Glory*'s card file, checked alone and joined to `base`.
///
/// # Errors
/// Every problem found.
pub fn parse_glory(text: &str, base: &Cards) -> Result<Cards, Vec<DataError>> {
    let file = "for-glory-cards.json";
    let extra: Cards = crate::data::parse_json(file, text)?;
    let mut problems = extra.problems_in(file, 20, 25);
    let joined = Cards {
        version: format!("{}+{}", base.version, extra.version),
        note: base.note.clone(),
        events: base.events.iter().chain(&extra.events).cloned().collect(),
        agendas: base.agendas.iter().chain(&extra.agendas).cloned().collect(),
    };
    if problems.is_empty() {
        problems = joined.problems_in(file, 36 + 20, 44 + 25);
    }
    if problems.is_empty() {
        Ok(joined)
    } else {
        Err(problems)
    }
}

/// Parses and validates a card file.
///
/// # Errors
/// Every problem found.
pub fn parse(text: &str) -> Result<Cards, Vec<DataError>> {
    let cards: Cards = crate::data::parse_json("cards.json", text)?;
    let problems = cards.problems();
    if problems.is_empty() {
        Ok(cards)
    } else {
        Err(problems)
    }
}

/// The embedded decks, parsed and validated once.
///
/// # Errors
/// The problems found in the embedded data.
pub fn cards() -> Result<&'static Cards, &'static [DataError]> {
    static CELL: OnceLock<Result<Cards, Vec<DataError>>> = OnceLock::new();
    CELL.get_or_init(|| parse(CARDS))
        .as_ref()
        .map_err(Vec::as_slice)
}

/// The embedded card file's text.
pub fn raw() -> &'static str {
    CARDS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_decks_are_valid() {
        let c = cards().unwrap();
        assert_eq!(c.event_deck().len(), 36);
        assert_eq!(c.agenda_deck().len(), 44);
        for name in ["Heretic", "No Heir", "Broken Line", "Assassin"] {
            assert!(c.events.iter().any(|e| e.name == name), "{name}");
        }
    }

    #[test]
    fn broken_decks_report_every_problem() {
        let mut v: serde_json::Value = serde_json::from_str(CARDS).unwrap();
        v["events"][0]["lasting"] = false.into();
        v["events"][12]["cancel_cost"] = 3.into();
        v["agendas"][0]["vote"] = "choose_baron".into();
        v["agendas"][1]["count"] = 9.into();
        let errs = parse(&v.to_string()).unwrap_err();
        let text: Vec<String> = errs.iter().map(|e| e.0.clone()).collect();
        assert_eq!(errs.len(), 4, "{text:#?}");
        assert!(text
            .iter()
            .any(|t| t.starts_with("cards.json: events[0].lasting: ")));
        assert!(text
            .iter()
            .any(|t| t.starts_with("cards.json: events[12].cancel_cost: ")
                && t.contains("green Event")));
        assert!(text.iter().any(
            |t| t.starts_with("cards.json: agendas[0].effect: ") && t.contains("does not fit")
        ));
        assert!(text
            .iter()
            .any(|t| t.starts_with("cards.json: agendas: 52 Agenda cards")));
        assert!(parse("{").is_err());
    }
}
