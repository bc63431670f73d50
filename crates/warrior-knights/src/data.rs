//! Component data: `data/components.json`, parsed once and validated. Validation collects every
//! problem rather than stopping at the first.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

const COMPONENTS: &str = include_str!("../data/components.json");

pub use ordo_core::Confidence;

/// One problem found in the data, naming its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError(pub String);

impl DataError {
    /// A problem with the value at `path` (a JSON path such as `cities[3].income`) of `file`.
    pub(crate) fn at(file: &str, path: &str, message: impl fmt::Display) -> Self {
        if path.is_empty() {
            DataError(format!("{file}: {message}"))
        } else {
            DataError(format!("{file}: {path}: {message}"))
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Rules that depend on the number of Barons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCount {
    /// Barons at the table.
    pub barons: u8,
    /// Kingdom cities razed at setup.
    pub razed: u8,
    /// Kingdom cities a Baron must control to win at the start of the game (more than half of
    /// those left; for two Barons the FAQ's fixed 5, played under its option or an older
    /// rules revision, W6).
    pub city_win: u8,
}

/// Influence per Baron in the pool, by game length.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfluencePerBaron {
    /// The shorter game.
    pub shorter: u8,
    /// The standard game.
    pub standard: u8,
    /// A longer game.
    pub longer: u8,
    /// The longest game.
    pub longest: u8,
}

/// What each Baron starts with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Starting {
    /// Crowns.
    pub crowns: u16,
    /// Control markers.
    pub control_markers: u8,
    /// Baron markers.
    pub baron_markers: u8,
    /// Strengths of the random Mercenaries dealt to each Baron.
    pub mercenaries: Vec<u16>,
}

/// A Baron (Stronghold card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baron {
    /// Stable id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Colour.
    pub colour: String,
    /// Stronghold strength.
    pub stronghold_strength: u16,
    /// How sure.
    pub confidence: Confidence,
    /// What is known of each value.
    pub note: String,
}

/// A Mercenary nationality.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nationality {
    /// Stable id.
    pub id: String,
    /// How sure.
    pub confidence: Confidence,
}

/// An action card type and how many copies a deck holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionCardDef {
    /// Stable id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Copies (per Baron for Baron cards).
    pub count: u8,
    /// How sure the count is.
    pub confidence: Confidence,
}

/// A spot of the Mercenary Track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackSpot {
    /// 1-based, left to right.
    pub spot: u8,
    /// The spot is used from this many Barons.
    pub min_barons: u8,
    /// Crowns to place a marker here with Versatile Strategy.
    pub versatile_fee: u8,
}

/// A Regular Troop card type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegularDef {
    /// Strength.
    pub strength: u16,
    /// Copies per Baron.
    pub count: u8,
    /// Crowns per Wages phase.
    pub wage: u8,
    /// How sure.
    pub confidence: Confidence,
    /// What is known.
    pub note: String,
}

/// A Mercenary Troop card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mercenary {
    /// Stable id.
    pub id: String,
    /// Nationality id.
    pub nationality: String,
    /// Strength.
    pub strength: u16,
    /// Wage, which is also the hiring fee.
    pub wage: u8,
    /// How sure.
    pub confidence: Confidence,
}

/// A battle result on a Fate card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleResult {
    /// Deal 100 casualties.
    DealCasualties,
    /// Prevent 100 casualties.
    PreventCasualties,
    /// +1 victory.
    Victory,
    /// Draw one more Fate card.
    DrawFate,
    /// For Glory's deck: the defender may retreat if he shows more of these than the attacker;
    /// otherwise each counts as *Draw 1 Fate*.
    RetreatOrDraw,
}

/// An expedition result on a Fate card, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpeditionResult {
    /// The investment is lost.
    FleetLost,
    /// For Glory's deck: each funder pays 2 crowns more or forfeits his stake; then as *No
    /// News*.
    FundsNeeded,
    /// The expedition waits for the next draw.
    NoNews,
    /// Pays the investment back.
    X1,
    /// Pays twice the investment.
    X2,
    /// Pays three times the investment.
    X3,
    /// Pays four times the investment.
    X4,
    /// For Glory's deck: pays five times the investment.
    X5,
}

/// A Fate card: seven independent results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FateCard {
    /// Stable id.
    pub id: String,
    /// A random Baron (id).
    pub baron: String,
    /// A random Noble (shape).
    pub noble: String,
    /// The battle result.
    pub battle: BattleResult,
    /// Whether a revolt breaks out.
    pub revolt: bool,
    /// A random city (id).
    pub city: String,
    /// A random nationality (id).
    pub nationality: String,
    /// The Ceylon expedition result.
    pub ceylon: ExpeditionResult,
    /// The Spice Islands expedition result.
    pub spice_islands: ExpeditionResult,
    /// The China expedition result.
    pub china: ExpeditionResult,
    /// For Glory's deck: a Riot breaks out (a softer revolt).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub riot: bool,
}

impl FateCard {
    /// The three expedition results: Ceylon, the Spice Islands, China.
    pub fn expeditions(&self) -> [ExpeditionResult; 3] {
        [self.ceylon, self.spice_islands, self.china]
    }
}

/// The Fate deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FateDeck {
    /// How sure the per-card contents are.
    pub confidence: Confidence,
    /// Most Fate cards drawn for one army in one battle round.
    pub battle_draw_cap: u8,
    /// The cards.
    pub cards: Vec<FateCard>,
}

/// Kingdom or overseas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CityKind {
    /// On the Kingdom map: counts for the city win and Assembly votes; may be razed at setup.
    Kingdom,
    /// In an overseas inset.
    Overseas,
}

/// A city.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// Stable id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Kingdom or overseas.
    pub kind: CityKind,
    /// Defence strength.
    pub strength: u16,
    /// Income at Taxation (and Influence source).
    pub income: u8,
    /// How sure.
    pub confidence: Confidence,
    /// What is known of the values.
    pub note: String,
}

/// Prices in crowns or Faith.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prices {
    /// Crowns per breach repaired.
    pub repair_breach: u8,
    /// Crowns to fortify a city.
    pub fortify: u8,
    /// Crowns per casualty token removed.
    pub remove_casualty: u8,
    /// Faith to buy off a revolt.
    pub buy_off_revolt_faith: u8,
    /// Or this many times the city's income in crowns.
    pub buy_off_revolt_income_factor: u8,
    /// Faith for the Head of the Church to redirect an Important Event.
    pub redirect_event_faith: u8,
    /// Faith to bless an expedition.
    pub bless_expedition_faith: u8,
    /// Razing pays this many times the city's income.
    pub raze_income_factor: u8,
    /// Most crowns one Baron may invest in one expedition.
    pub max_expedition_investment: u8,
}

/// The printed counts of the limited components (issue 30). Rules revision 4 enforces those a
/// player's options depend on: siege markers, Baron markers and control markers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Siege markers in the box: no siege is declared while all stand on the board.
    pub siege_markers: u8,
    /// Expedition markers: one per expedition track.
    pub expedition_markers: u8,
    /// Baron markers per Baron: no marker goes on the Mercenary Track once all are there.
    pub baron_markers: u8,
    /// Control markers per Baron: a Baron controlling this many cities razes any other he takes.
    pub control_markers: u8,
    /// Strongholds: one per Baron.
    pub strongholds: u8,
    /// How sure.
    pub confidence: Confidence,
    /// What is known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// Influence or a threshold for each of The King's three game lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingLengths {
    /// The shorter game.
    pub shorter: u8,
    /// The standard game.
    pub standard: u8,
    /// The longer game.
    pub longer: u8,
}

/// Crown and Glory's *The King* (W28): the smaller pool, the crowning, the King's Army and the
/// end at a threshold of Influence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TheKing {
    /// Influence per Baron in the pool.
    pub influence_per_baron: KingLengths,
    /// The game ends when a Baron has this much Influence at the end of a round.
    pub end_at: KingLengths,
    /// King's Army cards in the box (the King takes one per Baron at the table).
    pub army_cards: u8,
    /// Influence the King gains in every Upkeep after his crowning.
    pub bonus_influence: u8,
    /// How sure the rules' numbers are.
    pub confidence: Confidence,
    /// Strength of a King's Army card.
    pub army_strength: u16,
    /// Its wage.
    pub army_wage: u8,
    /// How sure the card's strength and wage are.
    pub army_confidence: Confidence,
    /// What is known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// What a Mission asks of its Baron at the end of the game (W29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MissionCondition {
    /// Control at least this many overseas cities.
    OverseasCities {
        /// How many.
        at_least: u8,
    },
    /// Hold the Head of the Church token.
    HeadOfTheChurch,
    /// Hold the Chairman token.
    Chairman,
    /// Have strictly the most crowns.
    MostCrowns,
    /// Control at least this many fortified cities.
    FortifiedCities {
        /// How many.
        at_least: u8,
    },
    /// Have at least this many Nobles on the board (at sea included).
    NoblesOnBoard {
        /// How many.
        at_least: u8,
    },
    /// Hold at least this much Faith.
    Faith {
        /// How much.
        at_least: u8,
    },
    /// Have strictly the most troop strength on the board (after casualties).
    MostTroopsOnBoard,
    /// Have Nobles holding at least this many offices.
    Offices {
        /// How many.
        at_least: u8,
    },
    /// Have crowns invested in an expedition under way.
    ExpeditionStake,
}

/// One Mission card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionCard {
    /// Stable id.
    pub id: String,
    /// Name (English).
    pub name: String,
    /// What it asks.
    pub condition: MissionCondition,
    /// How sure.
    pub confidence: Confidence,
}

/// Crown and Glory's *Missions* (W29).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Missions {
    /// Influence for a fulfilled Mission.
    pub reward_influence: u8,
    /// How sure the rules' numbers are.
    pub confidence: Confidence,
    /// What is known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The cards.
    pub cards: Vec<MissionCard>,
}

/// Every component table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Components {
    /// Data version (part of every record).
    pub version: String,
    /// What the file is and where its values come from.
    pub note: String,
    /// Rules by number of Barons (2–6).
    pub player_counts: Vec<PlayerCount>,
    /// Influence per Baron by game length.
    pub influence_per_baron: InfluencePerBaron,
    /// Each Baron's starting kit.
    pub starting: Starting,
    /// The six Barons.
    pub barons: Vec<Baron>,
    /// The four Noble shapes (one Noble of each per Baron).
    pub noble_shapes: Vec<String>,
    /// Mercenary nationalities.
    pub nationalities: Vec<Nationality>,
    /// Each Baron's 12-card action deck.
    pub baron_actions: Vec<ActionCardDef>,
    /// The 8 Neutral action cards.
    pub neutral_actions: Vec<ActionCardDef>,
    /// The Mercenary Track.
    pub mercenary_track: Vec<TrackSpot>,
    /// Regular Troop cards per Baron.
    pub regulars: Vec<RegularDef>,
    /// The Mercenary deck.
    pub mercenaries: Vec<Mercenary>,
    /// The Fate deck.
    pub fate: FateDeck,
    /// The 18 Kingdom and 6 overseas cities.
    pub cities: Vec<City>,
    /// Prices.
    pub prices: Prices,
    /// Printed component counts.
    pub limits: Limits,
    /// Crown and Glory's *The King* (absent from an owner's data pack that predates it: such a
    /// pack cannot play the variant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_king: Option<TheKing>,
    /// Crown and Glory's *Missions* (absent from an older owner's pack: it cannot play them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missions: Option<Missions>,
}

impl Components {
    /// The player-count rules for `barons` Barons.
    pub fn player_count(&self, barons: u8) -> Option<&PlayerCount> {
        self.player_counts.iter().find(|p| p.barons == barons)
    }

    /// Kingdom cities.
    pub fn kingdom_cities(&self) -> impl Iterator<Item = &City> {
        self.cities.iter().filter(|c| c.kind == CityKind::Kingdom)
    }

    /// Every problem with a Fate deck (`deck`, whose cards name each city `per_city` times), as
    /// (JSON path, message) pairs; the base deck is checked with 1, For Glory's with 2.
    pub(crate) fn fate_problems(&self, deck: &FateDeck, per_city: usize) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut err = |path: &str, m: String| out.push((path.to_string(), m));
        let f = &deck.cards;
        let want = self.cities.len() * per_city;
        if f.len() != want {
            err(
                "fate.cards",
                format!("{} Fate cards, the deck has {want}", f.len()),
            );
        }
        let mut ids: Vec<&str> = f.iter().map(|c| c.id.as_str()).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            err("fate.cards", "two Fate cards share an id".into());
        }
        for (i, city) in self.cities.iter().enumerate() {
            let n = f.iter().filter(|c| c.city == city.id).count();
            if n != per_city {
                err(
                    &format!("cities[{i}].id"),
                    format!(
                        "city `{}` is named on {n} Fate cards, not {per_city}",
                        city.id
                    ),
                );
            }
        }
        let baron_ids: Vec<&str> = self.barons.iter().map(|b| b.id.as_str()).collect();
        let nat_ids: Vec<&str> = self.nationalities.iter().map(|n| n.id.as_str()).collect();
        for (i, c) in f.iter().enumerate() {
            if !baron_ids.contains(&c.baron.as_str()) {
                err(
                    &format!("fate.cards[{i}].baron"),
                    format!("Fate card `{}`: unknown Baron `{}`", c.id, c.baron),
                );
            }
            if !self.noble_shapes.contains(&c.noble) {
                err(
                    &format!("fate.cards[{i}].noble"),
                    format!("Fate card `{}`: unknown Noble shape `{}`", c.id, c.noble),
                );
            }
            if !nat_ids.contains(&c.nationality.as_str()) {
                err(
                    &format!("fate.cards[{i}].nationality"),
                    format!(
                        "Fate card `{}`: unknown nationality `{}`",
                        c.id, c.nationality
                    ),
                );
            }
        }
        for (i, b) in baron_ids.iter().enumerate() {
            if f.iter().filter(|c| c.baron == *b).count() == 0 {
                err(
                    &format!("barons[{i}].id"),
                    format!("no Fate card names Baron `{b}`: it could never be drawn"),
                );
            }
        }
        // Ceylon has the best odds and lowest pay, China the worst odds and highest pay.
        let success = |pick: fn(&FateCard) -> ExpeditionResult| {
            f.iter().filter(|c| pick(c) >= ExpeditionResult::X1).count()
        };
        let (ceylon, spice, china) = (
            success(|c| c.ceylon),
            success(|c| c.spice_islands),
            success(|c| c.china),
        );
        if !(ceylon > spice && spice > china) {
            err(
                "fate.cards",
                format!(
                    "expedition odds must fall from Ceylon to China: {ceylon}, {spice}, {china} successes"
                ),
            );
        }
        if deck.battle_draw_cap == 0 {
            err(
                "fate.battle_draw_cap",
                "the battle draw cap must be positive".into(),
            );
        }
        out
    }

    /// Every problem with the tables (empty when they are consistent with the rules), each with
    /// the JSON path of the value at fault (`components.json: cities[3]: …`).
    pub fn problems(&self) -> Vec<DataError> {
        let mut errs = Vec::new();
        let mut err = |path: &str, m: String| errs.push(DataError::at("components.json", path, m));
        fn unique<'a>(
            ids: impl Iterator<Item = &'a str>,
            list: &str,
            what: &str,
            err: &mut dyn FnMut(&str, String),
        ) {
            let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
            for (i, id) in ids.enumerate() {
                if let Some(first) = seen.insert(id, i) {
                    err(
                        &format!("{list}[{i}].id"),
                        format!("{what} `{id}` appears again (first at {list}[{first}])"),
                    );
                    seen.insert(id, first);
                }
            }
        }
        unique(
            self.barons.iter().map(|b| b.id.as_str()),
            "barons",
            "Baron",
            &mut err,
        );
        unique(
            self.cities.iter().map(|c| c.id.as_str()),
            "cities",
            "city",
            &mut err,
        );
        unique(
            self.mercenaries.iter().map(|m| m.id.as_str()),
            "mercenaries",
            "Mercenary",
            &mut err,
        );
        unique(
            self.fate.cards.iter().map(|c| c.id.as_str()),
            "fate.cards",
            "Fate card",
            &mut err,
        );
        if self.barons.len() != 6 {
            err(
                "barons",
                format!("{} Barons, the game has 6", self.barons.len()),
            );
        }
        if self.noble_shapes.len() != 4 {
            err(
                "noble_shapes",
                format!(
                    "{} Noble shapes, each Baron has 4 Nobles",
                    self.noble_shapes.len()
                ),
            );
        }
        let kingdom = self.kingdom_cities().count();
        let overseas = self.cities.len() - kingdom;
        if (kingdom, overseas) != (18, 6) {
            err(
                "cities",
                format!("{kingdom} Kingdom and {overseas} overseas cities, the game has 18 and 6"),
            );
        }
        for (i, c) in self.cities.iter().enumerate() {
            if c.strength == 0 || c.strength % 50 != 0 {
                err(
                    &format!("cities[{i}].strength"),
                    format!(
                        "city `{}`: strength {} is not a positive multiple of 50",
                        c.id, c.strength
                    ),
                );
            }
            if c.income == 0 {
                err(
                    &format!("cities[{i}].income"),
                    format!("city `{}`: income must be at least 1", c.id),
                );
            }
        }
        // Player counts: 2..=6, razed cities and the city win follow from the Kingdom size.
        for n in 2..=6u8 {
            match self.player_counts.iter().position(|p| p.barons == n) {
                None => err("player_counts", format!("no row for {n} Barons")),
                Some(i) => {
                    let p = &self.player_counts[i];
                    let unrazed = kingdom.saturating_sub(usize::from(p.razed));
                    // More than half the unrazed cities; the FAQ sets 5 for two Barons.
                    let want = if n == 2 { 5 } else { unrazed / 2 + 1 };
                    if usize::from(p.city_win) != want {
                        err(
                            &format!("player_counts[{i}].city_win"),
                            format!(
                                "{n} Barons: city win {} but more than half of {unrazed} cities is {want}",
                                p.city_win
                            ),
                        );
                    }
                }
            }
        }
        let baron_cards: u32 = self.baron_actions.iter().map(|a| u32::from(a.count)).sum();
        if baron_cards != 12 {
            err(
                "baron_actions",
                format!("a Baron's action deck has {baron_cards} cards, the game has 12"),
            );
        }
        let neutral: u32 = self
            .neutral_actions
            .iter()
            .map(|a| u32::from(a.count))
            .sum();
        if neutral != 8 {
            err(
                "neutral_actions",
                format!("{neutral} Neutral action cards, the game has 8"),
            );
        }
        if self.mercenary_track.len() != 7 {
            err(
                "mercenary_track",
                format!(
                    "{} spots, the Mercenary Track has 7",
                    self.mercenary_track.len()
                ),
            );
        }
        for (i, w) in self.mercenary_track.windows(2).enumerate() {
            if w[1].spot != w[0].spot + 1 {
                err(
                    &format!("mercenary_track[{}].spot", i + 1),
                    format!(
                        "spot {} follows spot {}: spots are numbered in order",
                        w[1].spot, w[0].spot
                    ),
                );
            }
            if w[1].versatile_fee >= w[0].versatile_fee {
                err(
                    &format!("mercenary_track[{}].versatile_fee", i + 1),
                    format!(
                        "fee {} after {}: fees fall along the track",
                        w[1].versatile_fee, w[0].versatile_fee
                    ),
                );
            }
        }
        let regular: u32 = self
            .regulars
            .iter()
            .map(|r| u32::from(r.count) * u32::from(r.strength))
            .sum();
        if regular != 250 {
            err(
                "regulars",
                format!("Regular troops total {regular}, each Baron has 3×50 + 1×100"),
            );
        }
        if self.mercenaries.len() != 66 {
            err(
                "mercenaries",
                format!("{} Mercenaries, the game has 66", self.mercenaries.len()),
            );
        }
        let nat_ids: Vec<&str> = self.nationalities.iter().map(|n| n.id.as_str()).collect();
        for (i, m) in self.mercenaries.iter().enumerate() {
            if !nat_ids.contains(&m.nationality.as_str()) {
                err(
                    &format!("mercenaries[{i}].nationality"),
                    format!(
                        "Mercenary `{}`: unknown nationality `{}`",
                        m.id, m.nationality
                    ),
                );
            }
            if m.strength == 0 || m.strength % 50 != 0 {
                err(
                    &format!("mercenaries[{i}].strength"),
                    format!(
                        "Mercenary `{}`: strength {} is not a positive multiple of 50",
                        m.id, m.strength
                    ),
                );
            }
        }
        let barons = self.barons.len();
        for want in [100, 50] {
            if self
                .mercenaries
                .iter()
                .filter(|m| m.strength == want)
                .count()
                < barons
            {
                err(
                    "mercenaries",
                    format!("fewer than {barons} Mercenaries of strength {want} to deal at setup"),
                );
            }
        }
        // The Fate deck: 24 cards naming every city exactly once and only known ids.
        for e in self.fate_problems(&self.fate, 1) {
            err(&e.0, e.1);
        }
        for (i, c) in self.fate.cards.iter().enumerate() {
            if c.riot
                || c.battle > BattleResult::DrawFate
                || c.expeditions()
                    .iter()
                    .any(|r| matches!(r, ExpeditionResult::X5 | ExpeditionResult::FundsNeeded))
            {
                err(
                    &format!("fate.cards[{i}]"),
                    format!("Fate card `{}`: a result only For Glory's deck has", c.id),
                );
            }
        }
        let l = &self.limits;
        if l.baron_markers != self.starting.baron_markers {
            err(
                "limits.baron_markers",
                format!(
                    "{} differs from starting.baron_markers ({})",
                    l.baron_markers, self.starting.baron_markers
                ),
            );
        }
        if l.control_markers != self.starting.control_markers {
            err(
                "limits.control_markers",
                format!(
                    "{} differs from starting.control_markers ({})",
                    l.control_markers, self.starting.control_markers
                ),
            );
        }
        if usize::from(l.strongholds) != self.barons.len() {
            err(
                "limits.strongholds",
                format!(
                    "{} but there is one stronghold per Baron ({})",
                    l.strongholds,
                    self.barons.len()
                ),
            );
        }
        if let Some(m) = &self.missions {
            if m.cards.len() < self.barons.len() {
                err(
                    "missions.cards",
                    format!(
                        "{} cards but one is dealt to each of up to {} Barons",
                        m.cards.len(),
                        self.barons.len()
                    ),
                );
            }
            let mut ids: Vec<&str> = m.cards.iter().map(|c| c.id.as_str()).collect();
            ids.sort_unstable();
            if ids.windows(2).any(|w| w[0] == w[1]) {
                err("missions.cards", "two Missions share an id".into());
            }
        }
        if let Some(k) = &self.the_king {
            if usize::from(k.army_cards) < self.barons.len() {
                err(
                    "the_king.army_cards",
                    format!(
                        "{} but the King takes one per Baron ({} Barons)",
                        k.army_cards,
                        self.barons.len()
                    ),
                );
            }
            for (name, pool, end) in [
                ("shorter", k.influence_per_baron.shorter, k.end_at.shorter),
                (
                    "standard",
                    k.influence_per_baron.standard,
                    k.end_at.standard,
                ),
                ("longer", k.influence_per_baron.longer, k.end_at.longer),
            ] {
                if pool == 0 || end == 0 {
                    err(&format!("the_king.{name}"), "must be at least 1".into());
                }
            }
            if k.army_strength == 0 || k.army_strength % 50 != 0 {
                err(
                    "the_king.army_strength",
                    "must be a positive multiple of 50".into(),
                );
            }
        }
        for (name, v) in [
            ("siege_markers", l.siege_markers),
            ("baron_markers", l.baron_markers),
            ("control_markers", l.control_markers),
        ] {
            if v == 0 {
                err(&format!("limits.{name}"), "must be at least 1".into());
            }
        }
        errs
    }
}

/// Parses one data file; a problem names the file and its JSON path.
///
/// # Errors
/// The parse error.
pub(crate) fn parse_json<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, Vec<DataError>> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        vec![DataError(if path == "." {
            format!("{file}: cannot parse: {inner}")
        } else {
            format!("{file}: {path}: cannot parse: {inner}")
        })]
    })
}

/// Parses and validates a components document.
///
/// # Errors
/// A parse error, or every problem [`Components::problems`] finds.
pub fn parse(text: &str) -> Result<Components, Vec<DataError>> {
    let c: Components = parse_json("components.json", text)?;
    let problems = c.problems();
    if problems.is_empty() {
        Ok(c)
    } else {
        Err(problems)
    }
}

/// The embedded components, parsed and validated once.
///
/// # Errors
/// The problems found (the shipped data is tested to have none).
pub fn components() -> Result<&'static Components, &'static [DataError]> {
    static TABLES: OnceLock<Result<Components, Vec<DataError>>> = OnceLock::new();
    TABLES
        .get_or_init(|| parse(COMPONENTS))
        .as_ref()
        .map_err(Vec::as_slice)
}

/// The embedded file's text.
pub fn raw() -> &'static str {
    COMPONENTS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_components_are_valid() {
        let c = components().unwrap();
        assert_eq!(c.version, "warrior-knights-components-1");
        assert_eq!(c.kingdom_cities().count(), 18);
        assert_eq!(c.player_count(4).map(|p| p.razed), Some(5));
        // Every DEFAULT value is tagged as such.
        assert!(c
            .cities
            .iter()
            .filter(|x| x.id != "vecht")
            .all(|x| x.confidence == Confidence::Default));
    }

    fn with(edit: impl FnOnce(&mut serde_json::Value)) -> Vec<String> {
        let mut v: serde_json::Value = serde_json::from_str(COMPONENTS).unwrap();
        edit(&mut v);
        match parse(&v.to_string()) {
            Ok(_) => Vec::new(),
            Err(e) => e.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn broken_data_is_reported_with_every_problem() {
        let errs = with(|v| {
            v["fate"]["cards"][0]["city"] = "vecht".into();
            v["fate"]["cards"][1]["baron"] = "nobody".into();
            v["baron_actions"][0]["count"] = 5.into();
            v["player_counts"][2]["city_win"] = 9.into();
        });
        let text = errs.join("\n");
        // Each problem names the file and the JSON path of the value at fault.
        assert!(text.contains("components.json: cities["), "{text}");
        assert!(text.contains("Fate cards, not 1"), "{text}");
        assert!(
            text.contains("components.json: fate.cards[1].baron: Fate card `"),
            "{text}"
        );
        assert!(text.contains("unknown Baron `nobody`"), "{text}");
        assert!(
            text.contains("components.json: baron_actions: a Baron's action deck has 13 cards"),
            "{text}"
        );
        assert!(
            text.contains("components.json: player_counts[2].city_win: 4 Barons: city win 9"),
            "{text}"
        );
        assert!(with(|v| v["cities"][5]["strength"] = 120.into())
            .iter()
            .any(|e| e.starts_with("components.json: cities[5].strength: city `")));
        assert!(with(|v| v["limits"]["strongholds"] = 5.into())
            .iter()
            .any(|e| e.starts_with("components.json: limits.strongholds: 5")));
        assert!(
            with(|v| v["mercenaries"].as_array_mut().unwrap().truncate(60))
                .iter()
                .any(|e| e.contains("60 Mercenaries"))
        );
        assert!(with(|v| v["surprise"] = 1.into())
            .iter()
            .any(|e| e.contains("cannot parse")));
        assert!(with(|_| {}).is_empty());
    }
}
