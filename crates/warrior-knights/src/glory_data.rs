//! Crown and Glory's *For Glory*: its components, from `data/for-glory.json`, validated against
//! the base components. No table plays the variant yet (`docs/research/crown-and-glory.md`
//! section 10 gives the order it is built in); every printed card face here is a DEFAULT.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::{ActionCardDef, BattleResult, Components, Confidence, DataError, FateDeck};

const FOR_GLORY: &str = include_str!("../data/for-glory.json");
const FILE: &str = "for-glory.json";

/// The Garrisons: hired with Upgrade Defenses, +100 to a defending city, paid every Wages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Garrisons {
    /// Cards (and tokens) in the box.
    pub count: u8,
    /// Crowns to hire one.
    pub hire: u8,
    /// Crowns each Wages phase.
    pub wage: u8,
    /// Strength added to the city when it defends.
    pub defence: u16,
    /// How sure the count, price and defence are.
    pub confidence: Confidence,
    /// How sure the wage is.
    pub wage_confidence: Confidence,
    /// What is known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// The Town Levies: one per Kingdom city, recruited with Muster Forces, never paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TownLevies {
    /// Crowns to recruit one.
    pub recruit: u8,
    /// Strength of each.
    pub strength: u16,
    /// How sure the price is.
    pub confidence: Confidence,
    /// How sure the strength is.
    pub strength_confidence: Confidence,
    /// What is known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// When an Advancement is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// In a battle (one per Baron per battle, declared after the Fate draw, attacker first).
    Battle,
    /// When a Noble moves.
    Movement,
    /// At an Assembly.
    Assembly,
    /// At Taxation.
    Taxation,
    /// At Wages.
    Wages,
    /// When casualties are removed (Muster Forces).
    Muster,
    /// When the owner plays Enrich Mind.
    EnrichMind,
    /// When the owner plays Serve the Church.
    ServeTheChurch,
    /// When an expedition is resolved.
    Expedition,
}

/// What an Advancement does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AdvancementEffect {
    /// Counts one extra battle result.
    ExtraBattleResult {
        /// Which.
        result: BattleResult,
    },
    /// Discard fewer Fate cards (at least one).
    FewerFateDiscards {
        /// How many fewer.
        by: u8,
    },
    /// The defending city or stronghold counts this much less.
    WeakerDefences {
        /// Strength.
        by: u16,
    },
    /// The owner's defending city counts this much more.
    StrongerCity {
        /// Strength.
        by: u16,
    },
    /// A Noble moves this many areas further (not by sea).
    ExtraArea {
        /// Areas.
        by: u8,
    },
    /// A Noble sailing arrives at once rather than in the Upkeep.
    SeaArrivalAtOnce,
    /// One move needs no permission.
    IgnorePermission,
    /// More Votes when Votes are received.
    Votes {
        /// How many.
        by: u8,
    },
    /// More crowns.
    Crowns {
        /// How many.
        by: u8,
    },
    /// Wages cost less in all.
    WageDiscount {
        /// Crowns.
        by: u8,
    },
    /// Casualty tokens removed at this price each.
    CasualtyPrice {
        /// Crowns.
        price: u8,
    },
    /// More Knowledge.
    Knowledge {
        /// How much.
        by: u8,
    },
    /// More Faith.
    Faith {
        /// How much.
        by: u8,
    },
    /// One more expedition Fate card, the better kept.
    ExtraExpeditionDraw,
    /// One crown per Kingdom city the owner controls, at most `max`.
    CrownsPerKingdomCity {
        /// At most.
        max: u8,
    },
}

/// One Advancement (and its copies in the deck).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advancement {
    /// Stable id.
    pub id: String,
    /// Name (English).
    pub name: String,
    /// Copies in the deck.
    pub copies: u8,
    /// Knowledge to buy it.
    pub cost: u8,
    /// When it is used.
    pub timing: Timing,
    /// What it does.
    pub effect: AdvancementEffect,
    /// Whether using it exhausts it until the Upkeep.
    pub exhausts: bool,
    /// How sure.
    pub confidence: Confidence,
}

/// A Leader or a Herald.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderKind {
    /// A battle ability.
    Leader,
    /// A political or economic ability.
    Herald,
}

/// The ability a Leader or Herald gives the Noble he is with (as if printed on the Noble card,
/// working even while the Noble is exhausted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderAbility {
    /// One extra *Deal 100 Casualties* when his Noble commands.
    ExtraBattleResultDeal,
    /// One extra *Prevent 100 Casualties* when his Noble commands.
    ExtraBattleResultPrevent,
    /// One extra victory when his Noble commands.
    ExtraBattleResultVictory,
    /// One more Fate card drawn when his Noble commands.
    ExtraFateDraw,
    /// No deserters after a retreat.
    NoRetreatDesertion,
    /// One more area along a road.
    ExtraRoadArea,
    /// +1 Vote at each Receive Votes.
    ExtraVote,
    /// +1 crown from Levy Taxes for his area.
    LevyTaxesCrown,
    /// Once per Upkeep, one Riot near his area is ignored.
    IgnoreRiot,
    /// One opponent area passed without permission per move.
    FreePassage,
    /// Town Levies kept when a Mercenary deserts.
    KeepLevies,
    /// Mercenaries hired for his Noble cost 1 crown less (at least 1).
    CheaperMercenaries,
}

/// One Leader or Herald: a Mercenary with an ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderDef {
    /// Stable id.
    pub id: String,
    /// Leader or Herald.
    pub kind: LeaderKind,
    /// Nationality (id).
    pub nationality: String,
    /// Strength.
    pub strength: u16,
    /// Wage.
    pub wage: u8,
    /// The ability.
    pub ability: LeaderAbility,
    /// The ability in words (English).
    pub text: String,
    /// How sure.
    pub confidence: Confidence,
}

/// *For Glory*'s components and numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForGlory {
    /// Data version.
    pub version: String,
    /// What the file is and where its values come from.
    pub note: String,
    /// How sure the rules' numbers are.
    pub confidence: Confidence,
    /// Neutral cards in each action stack.
    pub neutral_per_stack: u8,
    /// Most Fate cards drawn for one army in a battle's Draw Fate Cards step.
    pub battle_draw_cap: u8,
    /// Advancements face up to buy.
    pub advancements_on_offer: u8,
    /// Most Advancements a Baron owns.
    pub advancements_max: u8,
    /// Knowledge an Enrich Mind gives.
    pub knowledge_per_enrich_mind: u8,
    /// Crowns the Scholar pays to draw with Research.
    pub research_price: u8,
    /// Crowns for each Noble after the first that Forced March refreshes.
    pub forced_march_extra_price: u8,
    /// Crowns each funder pays when Funds Needed is drawn, or forfeits his stake.
    pub funds_needed_payment: u8,
    /// A Riot is bought off for this many times the city's income in crowns…
    pub riot_buy_off_income_factor: u8,
    /// …or this much Faith.
    pub riot_buy_off_faith: u8,
    /// The Garrisons.
    pub garrisons: Garrisons,
    /// The Town Levies.
    pub town_levies: TownLevies,
    /// The Baron cards the variant adds to each hand.
    pub baron_actions: Vec<ActionCardDef>,
    /// The Neutral cards with the variant (the whole pile).
    pub neutral_actions: Vec<ActionCardDef>,
    /// The Fate deck that replaces the base one.
    pub fate: FateDeck,
    /// The Advancement deck.
    pub advancements: Vec<Advancement>,
    /// The Leaders and Heralds shuffled into the Mercenary deck.
    pub leaders: Vec<LeaderDef>,
}

/// The Baron and Neutral card ids the variant knows.
const BARON_CARDS: [&str; 2] = ["forced_march", "enrich_mind"];
const NEUTRAL_CARDS: [&str; 8] = [
    "important_event",
    "fund_expeditions",
    "upgrade_defenses",
    "muster_forces",
    "uncertain_times",
    "research",
    "a_pressing_agenda",
    "assemble_troops",
];

impl ForGlory {
    /// Every problem with the variant's data, checked against the base components `c` (empty
    /// when consistent), each with the JSON path of the value at fault.
    pub fn problems(&self, c: &Components) -> Vec<DataError> {
        let mut errs = Vec::new();
        let mut err = |path: &str, m: String| errs.push(DataError::at(FILE, path, m));
        for (path, m) in c.fate_problems(&self.fate, 2) {
            err(&path, m);
        }
        if self.fate.battle_draw_cap != self.battle_draw_cap {
            err(
                "fate.battle_draw_cap",
                format!("differs from battle_draw_cap ({})", self.battle_draw_cap),
            );
        }
        for (name, v) in [
            ("neutral_per_stack", self.neutral_per_stack),
            ("advancements_on_offer", self.advancements_on_offer),
            ("advancements_max", self.advancements_max),
            ("knowledge_per_enrich_mind", self.knowledge_per_enrich_mind),
            ("garrisons.count", self.garrisons.count),
        ] {
            if v == 0 {
                err(name, "must be at least 1".into());
            }
        }
        for (name, v) in [
            ("garrisons.defence", self.garrisons.defence),
            ("town_levies.strength", self.town_levies.strength),
        ] {
            if v == 0 || v % 50 != 0 {
                err(name, "must be a positive multiple of 50".into());
            }
        }
        let mut card_ids = |list: &str, cards: &[ActionCardDef], known: &[&str]| {
            let mut seen = BTreeSet::new();
            for (i, a) in cards.iter().enumerate() {
                if !known.contains(&a.id.as_str()) {
                    err(
                        &format!("{list}[{i}].id"),
                        format!("unknown card `{}`", a.id),
                    );
                }
                if !seen.insert(a.id.as_str()) {
                    err(&format!("{list}[{i}].id"), format!("`{}` twice", a.id));
                }
                if a.count == 0 {
                    err(&format!("{list}[{i}].count"), "must be at least 1".into());
                }
            }
        };
        card_ids("baron_actions", &self.baron_actions, &BARON_CARDS);
        card_ids("neutral_actions", &self.neutral_actions, &NEUTRAL_CARDS);
        // Three stacks take `neutral_per_stack` Neutral cards each, every round.
        let neutral: usize = self
            .neutral_actions
            .iter()
            .map(|a| usize::from(a.count))
            .sum();
        if neutral < 3 * usize::from(self.neutral_per_stack) {
            err(
                "neutral_actions",
                format!(
                    "{neutral} cards, fewer than 3 stacks of {}",
                    self.neutral_per_stack
                ),
            );
        }
        let mut ids = BTreeSet::new();
        let mut deck = 0usize;
        for (i, a) in self.advancements.iter().enumerate() {
            if !ids.insert(a.id.as_str()) {
                err(
                    &format!("advancements[{i}].id"),
                    format!("`{}` twice", a.id),
                );
            }
            if a.copies == 0 {
                err(
                    &format!("advancements[{i}].copies"),
                    "must be at least 1".into(),
                );
            }
            deck += usize::from(a.copies);
            if let AdvancementEffect::ExtraBattleResult {
                result: BattleResult::DrawFate | BattleResult::RetreatOrDraw,
            } = a.effect
            {
                err(
                    &format!("advancements[{i}].effect"),
                    "an extra battle result deals, prevents or wins".into(),
                );
            }
        }
        if deck < usize::from(self.advancements_on_offer) {
            err(
                "advancements",
                format!(
                    "{deck} cards, fewer than the {} on offer",
                    self.advancements_on_offer
                ),
            );
        }
        // One Leader and one Herald of each nationality.
        let nats: Vec<&str> = c.nationalities.iter().map(|n| n.id.as_str()).collect();
        let mut ids = BTreeSet::new();
        for (i, l) in self.leaders.iter().enumerate() {
            if !ids.insert(l.id.as_str()) {
                err(&format!("leaders[{i}].id"), format!("`{}` twice", l.id));
            }
            if !nats.contains(&l.nationality.as_str()) {
                err(
                    &format!("leaders[{i}].nationality"),
                    format!("unknown nationality `{}`", l.nationality),
                );
            }
            if l.strength == 0 || l.strength % 50 != 0 {
                err(
                    &format!("leaders[{i}].strength"),
                    "must be a positive multiple of 50".into(),
                );
            }
        }
        for nat in &nats {
            for kind in [LeaderKind::Leader, LeaderKind::Herald] {
                let n = self
                    .leaders
                    .iter()
                    .filter(|l| l.nationality == *nat && l.kind == kind)
                    .count();
                if n != 1 {
                    err(
                        "leaders",
                        format!("{n} {kind:?}s of nationality `{nat}`, not 1"),
                    );
                }
            }
        }
        errs
    }
}

/// Parses and checks the variant's data against the base components.
///
/// # Errors
/// Every problem found.
pub fn parse(text: &str, c: &Components) -> Result<ForGlory, Vec<DataError>> {
    let g: ForGlory = serde_json::from_str(text).map_err(|e| vec![DataError::at(FILE, "", e)])?;
    let problems = g.problems(c);
    if problems.is_empty() {
        Ok(g)
    } else {
        Err(problems)
    }
}

/// The embedded *For Glory* data, parsed and validated once.
///
/// # Errors
/// The problems found (the shipped data is tested to have none).
pub fn for_glory() -> Result<&'static ForGlory, &'static [DataError]> {
    static CELL: OnceLock<Result<ForGlory, Vec<DataError>>> = OnceLock::new();
    CELL.get_or_init(|| match crate::data::components() {
        Ok(c) => parse(FOR_GLORY, c),
        Err(e) => Err(e.to_vec()),
    })
    .as_ref()
    .map_err(Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::ExpeditionResult;

    fn components() -> &'static Components {
        crate::data::components().expect("the base components")
    }

    #[test]
    fn the_shipped_for_glory_data_is_valid_and_has_the_printed_counts() {
        let g = for_glory().expect("valid");
        let c = components();
        // The counts the expansion's component list gives.
        assert_eq!(g.fate.cards.len(), 48);
        assert_eq!(
            g.advancements
                .iter()
                .map(|a| usize::from(a.copies))
                .sum::<usize>(),
            44
        );
        assert_eq!(g.leaders.len(), 12);
        assert_eq!(g.garrisons.count, 8);
        let neutral: u8 = g.neutral_actions.iter().map(|a| a.count).sum();
        assert_eq!(neutral, 12);
        let baron: u8 = g.baron_actions.iter().map(|a| a.count).sum();
        assert_eq!(baron, 3);
        assert_eq!(g.battle_draw_cap, 20);
        // Riot on about one card in five; every result the base deck lacks appears.
        let riots = g.fate.cards.iter().filter(|c| c.riot).count();
        assert!((8..=12).contains(&riots), "{riots}");
        let cards = &g.fate.cards;
        assert!(cards
            .iter()
            .any(|c| c.battle == BattleResult::RetreatOrDraw));
        for r in [ExpeditionResult::X5, ExpeditionResult::FundsNeeded] {
            assert!(cards.iter().any(|c| c.expeditions().contains(&r)), "{r:?}");
        }
        // Every card face is a reconstruction, and says so.
        assert_eq!(g.fate.confidence, Confidence::Default);
        assert!(g
            .advancements
            .iter()
            .all(|a| a.confidence == Confidence::Default));
        assert!(g
            .leaders
            .iter()
            .all(|l| l.confidence == Confidence::Default));
        assert_eq!(g.garrisons.wage_confidence, Confidence::Default);
        assert_eq!(g.town_levies.strength_confidence, Confidence::Default);
        // The base deck holds none of the new results.
        assert!(c.fate.cards.iter().all(|f| !f.riot
            && f.battle != BattleResult::RetreatOrDraw
            && !f
                .expeditions()
                .iter()
                .any(|r| matches!(r, ExpeditionResult::X5 | ExpeditionResult::FundsNeeded))));
    }

    #[test]
    fn bad_for_glory_data_is_refused_with_the_place_at_fault() {
        let c = components();
        let good: serde_json::Value = serde_json::from_str(FOR_GLORY).expect("json");
        let refused = |edit: &dyn Fn(&mut serde_json::Value), want: &str| {
            let mut v = good.clone();
            edit(&mut v);
            let problems = parse(&v.to_string(), c).expect_err(want);
            let text: Vec<String> = problems.iter().map(|p| p.0.clone()).collect();
            assert!(text.iter().any(|t| t.contains(want)), "{want}: {text:?}");
        };
        refused(
            &|v| v["fate"]["cards"][0]["city"] = "atlantis".into(),
            "is named on",
        );
        refused(
            &|v| {
                let first = v["fate"]["cards"][0].clone();
                v["fate"]["cards"][1]["id"] = first["id"].clone();
            },
            "share an id",
        );
        refused(&|v| v["fate"]["battle_draw_cap"] = 10.into(), "differs");
        refused(
            &|v| v["leaders"][0]["nationality"] = "herald_english".into(),
            "unknown nationality",
        );
        refused(
            &|v| v["leaders"][6]["kind"] = "leader".into(),
            "Leaders of nationality `english`, not 1",
        );
        refused(
            &|v| {
                v["advancements"][0]["effect"] =
                    serde_json::json!({"kind": "extra_battle_result", "result": "draw_fate"})
            },
            "deals, prevents or wins",
        );
        refused(
            &|v| v["neutral_actions"][0]["id"] = "muster_troops".into(),
            "unknown card",
        );
        refused(
            &|v| v["town_levies"]["strength"] = 30.into(),
            "multiple of 50",
        );
        refused(
            &|v| v["neutral_per_stack"] = 9.into(),
            "fewer than 3 stacks",
        );
        refused(&|v| v["garrisons"]["spare"] = 1.into(), "unknown field");
    }
}
