//! Every data file joined into dense tables the rules index by number.

use std::sync::OnceLock;

use ordo_core::pack::{file_stem, overlay, pack_id, LoadedPack, PackId, Packs};

use crate::cards::{self, Cards};
use crate::data::{
    self, BattleResult, CityKind, Components, DataError, ExpeditionResult, FateCard,
};
use crate::glory_data::ForGlory;
use crate::map::{self, AreaId, Board};
use crate::types::{BaronCard, NeutralCard, TroopId, KING_ARMY_BASE, REGULAR_BASE};

/// A Fate card with every field as a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fate {
    /// Random Baron (index among the six).
    pub baron: u8,
    /// Random Noble shape.
    pub noble: u8,
    /// Battle result.
    pub battle: BattleResult,
    /// Revolt.
    pub revolt: bool,
    /// *For Glory*'s deck: Riot.
    pub riot: bool,
    /// Random city (index).
    pub city: u8,
    /// Random nationality (index).
    pub nationality: u8,
    /// Ceylon, Spice Islands, China.
    pub expeditions: [ExpeditionResult; 3],
}

/// A Mercenary as numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merc {
    /// Nationality index.
    pub nationality: u8,
    /// Strength.
    pub strength: u16,
    /// Wage and hiring fee.
    pub wage: u8,
    /// *For Glory*: the Leader or Herald he is (index into the variant's `leaders`).
    pub leader: Option<u8>,
    /// *For Glory*: a Town Levy, of this city (no nationality, no wage, never in the
    /// Mercenary deck).
    pub levy: Option<u8>,
}

/// Every table the rules read.
#[derive(Debug)]
pub struct Tables {
    /// Component data.
    pub components: &'static Components,
    /// Event and Agenda cards.
    pub cards: &'static Cards,
    /// The map.
    pub board: &'static Board,
    /// Area of each city (index = city index).
    pub city_area: Vec<AreaId>,
    /// City in each area.
    pub area_city: Vec<Option<u8>>,
    /// Copies of each Baron card (in [`BaronCard::ALL`] order).
    pub baron_deck: [u8; 6],
    /// The Neutral deck, one entry per card.
    pub neutral_deck: Vec<NeutralCard>,
    /// Mercenaries.
    pub mercs: Vec<Merc>,
    /// Each Baron's Regular cards: (strength, wage), 4 of them.
    pub regulars: Vec<(u16, u8)>,
    /// Fate cards.
    pub fate: Vec<Fate>,
    /// Most Fate cards drawn for one army in a battle's Draw Fate Cards step.
    pub battle_draw_cap: u8,
    /// *For Glory*'s components, in the tables of tables that play it (then `fate`,
    /// `neutral_deck` and `mercs` are the variant's).
    pub glory: Option<&'static ForGlory>,
}

impl Tables {
    /// Strength of a troop card.
    pub fn strength(&self, t: TroopId) -> u16 {
        if t >= KING_ARMY_BASE {
            self.components
                .the_king
                .as_ref()
                .map_or(0, |k| k.army_strength)
        } else if t >= REGULAR_BASE {
            self.regulars
                .get(usize::from((t - REGULAR_BASE) % 4))
                .map_or(0, |r| r.0)
        } else {
            self.mercs.get(usize::from(t)).map_or(0, |m| m.strength)
        }
    }

    /// Wage of a troop card.
    pub fn wage(&self, t: TroopId) -> u8 {
        if t >= KING_ARMY_BASE {
            self.components.the_king.as_ref().map_or(0, |k| k.army_wage)
        } else if t >= REGULAR_BASE {
            self.regulars
                .get(usize::from((t - REGULAR_BASE) % 4))
                .map_or(0, |r| r.1)
        } else {
            self.mercs.get(usize::from(t)).map_or(0, |m| m.wage)
        }
    }

    /// Nationality of a Mercenary (`None` for a Regular or a Town Levy).
    pub fn nationality(&self, t: TroopId) -> Option<u8> {
        if t >= REGULAR_BASE {
            None
        } else {
            self.mercs
                .get(usize::from(t))
                .filter(|m| m.levy.is_none())
                .map(|m| m.nationality)
        }
    }

    /// Whether a card belongs in the Mercenary deck (a Mercenary, Leader or Herald, not a
    /// Town Levy).
    pub fn in_merc_deck(&self, t: TroopId) -> bool {
        self.mercs
            .get(usize::from(t))
            .is_some_and(|m| m.levy.is_none())
    }

    /// Whether a city is a Kingdom city.
    pub fn is_kingdom_city(&self, city: u8) -> bool {
        self.components
            .cities
            .get(usize::from(city))
            .is_some_and(|c| c.kind == CityKind::Kingdom)
    }

    /// A city's printed strength and income.
    pub fn city_values(&self, city: u8) -> (u16, u8) {
        self.components
            .cities
            .get(usize::from(city))
            .map_or((0, 0), |c| (c.strength, c.income))
    }

    /// Whether an area is in the Kingdom (not overseas).
    pub fn is_kingdom(&self, area: AreaId) -> bool {
        usize::from(area) < self.board.kingdom
    }

    /// Number of areas.
    pub fn areas(&self) -> usize {
        self.area_city.len()
    }
}

fn build() -> Result<Tables, Vec<DataError>> {
    let components = data::components().map_err(<[DataError]>::to_vec)?;
    let cards = cards::cards().map_err(<[DataError]>::to_vec)?;
    let board = map::board().map_err(<[DataError]>::to_vec)?;
    join(components, cards, board)
}

/// The owners' data packs loaded in this process.
static PACKS: Packs<Tables> = Packs::new();

/// Loads an owner's data pack: `files` (name, JSON text; `map.json` or `map`) replace the
/// built-in files of the same name, and everything is validated as the built-in data is.
/// Returns the pack's id, or `None` when the files are the built-in ones.
///
/// # Errors
/// Every problem found, naming its file (and JSON path for a file that does not read).
pub fn load_pack(files: &[(String, String)]) -> Result<Option<PackId>, Vec<DataError>> {
    let builtin = crate::raw_files();
    let all = overlay(&builtin, files)
        .map_err(|problems| problems.into_iter().map(DataError).collect::<Vec<_>>())?;
    if all
        .iter()
        .zip(builtin.iter())
        .all(|((_, t), (_, b))| t == b)
    {
        return Ok(None);
    }
    let id = pack_id(&all);
    if PACKS.get(id).is_some() {
        return Ok(Some(id));
    }
    let text = |name: &str| {
        all.iter()
            .find(|(n, _)| file_stem(n) == name)
            .map_or("", |(_, t)| t.as_str())
    };
    let components = data::parse(text("components"))?;
    let board = map::parse(text("map"), &components)?;
    let cards = cards::parse(text("cards"))?;
    // Validated: kept for the life of the process, as the built-in tables are.
    let tables = join(
        Box::leak(Box::new(components)),
        Box::leak(Box::new(cards)),
        Box::leak(Box::new(board)),
    )?;
    PACKS.insert(id, tables, all);
    Ok(Some(id))
}

/// A loaded data pack.
pub fn pack(id: PackId) -> Option<&'static LoadedPack<Tables>> {
    PACKS.get(id)
}

/// Joins validated files into the tables the rules read.
fn join(
    components: &'static Components,
    cards: &'static Cards,
    board: &'static Board,
) -> Result<Tables, Vec<DataError>> {
    let mut errs = Vec::new();
    let areas = board.kingdom + board.file.overseas.len();
    let mut area_city = vec![None; areas];
    let mut city_area = vec![0; components.cities.len()];
    for (a, slot) in area_city.iter_mut().enumerate() {
        if let Some(id) = board.city(a as AreaId) {
            match components.cities.iter().position(|c| c.id == id) {
                Some(i) => {
                    *slot = Some(i as u8);
                    city_area[i] = a as AreaId;
                }
                None => errs.push(DataError::at(
                    "map.json",
                    "kingdom",
                    format!("unknown city `{id}`"),
                )),
            }
        }
    }
    let mut baron_deck = [0u8; 6];
    for (i, c) in BaronCard::ALL.iter().enumerate() {
        match components.baron_actions.iter().find(|d| d.id == c.id()) {
            Some(d) => baron_deck[i] = d.count,
            None => errs.push(DataError::at(
                "components.json",
                "baron_actions",
                format!("no Baron action `{}`", c.id()),
            )),
        }
    }
    let mut neutral_deck = Vec::new();
    for c in NeutralCard::ALL {
        match components.neutral_actions.iter().find(|d| d.id == c.id()) {
            Some(d) => neutral_deck.extend(std::iter::repeat_n(c, usize::from(d.count))),
            None => errs.push(DataError::at(
                "components.json",
                "neutral_actions",
                format!("no Neutral action `{}`", c.id()),
            )),
        }
    }
    if neutral_deck.len() != 8 {
        errs.push(DataError::at(
            "components.json",
            "neutral_actions",
            format!("{} Neutral cards, 8 expected", neutral_deck.len()),
        ));
    }
    let nat = |id: &str| {
        components
            .nationalities
            .iter()
            .position(|n| n.id == id)
            .map(|i| i as u8)
    };
    let mut mercs = Vec::new();
    for m in &components.mercenaries {
        mercs.push(Merc {
            nationality: nat(&m.nationality).unwrap_or(0),
            strength: m.strength,
            wage: m.wage,
            leader: None,
            levy: None,
        });
    }
    if mercs.len() >= usize::from(REGULAR_BASE) {
        errs.push(DataError::at(
            "components.json",
            "mercenaries",
            "too many Mercenaries",
        ));
    }
    let mut regulars = Vec::new();
    for r in &components.regulars {
        regulars.extend(std::iter::repeat_n(
            (r.strength, r.wage),
            usize::from(r.count),
        ));
    }
    if regulars.len() != 4 {
        errs.push(DataError::at(
            "components.json",
            "regulars",
            format!("{} Regular cards per Baron, 4 expected", regulars.len()),
        ));
    }
    if usize::from(components.limits.expedition_markers) != board.file.expeditions.len() {
        errs.push(DataError::at(
            "components.json",
            "limits.expedition_markers",
            format!(
                "{} but there is one per expedition track ({}, map.json)",
                components.limits.expedition_markers,
                board.file.expeditions.len()
            ),
        ));
    }
    let fate = join_fate(
        components,
        &components.fate.cards,
        "components.json",
        &mut errs,
    );
    if errs.is_empty() {
        Ok(Tables {
            components,
            cards,
            board,
            city_area,
            area_city,
            baron_deck,
            neutral_deck,
            mercs,
            regulars,
            fate,
            battle_draw_cap: components.fate.battle_draw_cap,
            glory: None,
        })
    } else {
        Err(errs)
    }
}

/// Fate cards as numbers; a problem for each card naming something unknown.
fn join_fate(
    components: &Components,
    cards: &[FateCard],
    file: &str,
    errs: &mut Vec<DataError>,
) -> Vec<Fate> {
    let nat = |id: &str| {
        components
            .nationalities
            .iter()
            .position(|n| n.id == id)
            .map(|i| i as u8)
    };
    let mut fate = Vec::new();
    for (i, f) in cards.iter().enumerate() {
        let baron = components.barons.iter().position(|b| b.id == f.baron);
        let noble = components.noble_shapes.iter().position(|s| *s == f.noble);
        let city = components.cities.iter().position(|c| c.id == f.city);
        match (baron, noble, city, nat(&f.nationality)) {
            (Some(b), Some(n), Some(c), Some(na)) => fate.push(Fate {
                baron: b as u8,
                noble: n as u8,
                battle: f.battle,
                revolt: f.revolt,
                riot: f.riot,
                city: c as u8,
                nationality: na,
                expeditions: f.expeditions(),
            }),
            _ => errs.push(DataError::at(
                file,
                &format!("fate.cards[{i}]"),
                format!(
                    "Fate card `{}` names an unknown Baron, Noble, city or nationality",
                    f.id
                ),
            )),
        }
    }
    fate
}

impl Tables {
    /// These tables with *For Glory*: its Fate deck, Neutral pile, Events and Agendas (`cards`,
    /// the base decks with the variant's), the Leaders and Heralds added to the Mercenaries,
    /// and the Town Levies after them.
    ///
    /// # Errors
    /// Every problem found joining the variant's data to these tables.
    pub fn with_glory(
        &self,
        fg: &'static ForGlory,
        cards: &'static Cards,
    ) -> Result<Tables, Vec<DataError>> {
        let file = "for-glory.json";
        let mut errs = Vec::new();
        let fate = join_fate(self.components, &fg.fate.cards, file, &mut errs);
        let mut neutral_deck = Vec::new();
        for (i, d) in fg.neutral_actions.iter().enumerate() {
            match NeutralCard::from_id(&d.id) {
                Some(c) => neutral_deck.extend(std::iter::repeat_n(c, usize::from(d.count))),
                None => errs.push(DataError::at(
                    file,
                    &format!("neutral_actions[{i}]"),
                    format!("no Neutral action `{}`", d.id),
                )),
            }
        }
        let mut mercs = self.mercs.clone();
        for (i, l) in fg.leaders.iter().enumerate() {
            let nationality = self
                .components
                .nationalities
                .iter()
                .position(|n| n.id == l.nationality);
            match nationality {
                Some(na) => mercs.push(Merc {
                    nationality: na as u8,
                    strength: l.strength,
                    wage: l.wage,
                    leader: Some(i as u8),
                    levy: None,
                }),
                None => errs.push(DataError::at(
                    file,
                    &format!("leaders[{i}].nationality"),
                    format!("unknown nationality `{}`", l.nationality),
                )),
            }
        }
        // One Town Levy card for each Kingdom city.
        for c in 0..self.components.cities.len() as u8 {
            if self.is_kingdom_city(c) {
                mercs.push(Merc {
                    nationality: u8::MAX,
                    strength: fg.town_levies.strength,
                    wage: 0,
                    leader: None,
                    levy: Some(c),
                });
            }
        }
        if mercs.len() >= usize::from(REGULAR_BASE) {
            errs.push(DataError::at(
                file,
                "leaders",
                "too many Mercenaries with the Leaders, Heralds and Town Levies",
            ));
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(Tables {
            components: self.components,
            cards,
            board: self.board,
            city_area: self.city_area.clone(),
            area_city: self.area_city.clone(),
            baron_deck: self.baron_deck,
            neutral_deck,
            mercs,
            regulars: self.regulars.clone(),
            fate,
            battle_draw_cap: fg.battle_draw_cap,
            glory: Some(fg),
        })
    }
}

/// The built-in tables with *For Glory*, built once.
///
/// # Errors
/// Every problem found in the data.
pub fn glory_tables() -> Result<&'static Tables, &'static [DataError]> {
    static CELL: OnceLock<Result<Tables, Vec<DataError>>> = OnceLock::new();
    CELL.get_or_init(|| {
        let base = tables().map_err(<[DataError]>::to_vec)?;
        let fg = crate::glory_data::for_glory().map_err(<[DataError]>::to_vec)?;
        let cards = cards::glory_cards().map_err(<[DataError]>::to_vec)?;
        base.with_glory(fg, cards)
    })
    .as_ref()
    .map_err(Vec::as_slice)
}

/// The joined tables, built once.
///
/// # Errors
/// Every problem found in the data.
pub fn tables() -> Result<&'static Tables, &'static [DataError]> {
    static CELL: OnceLock<Result<Tables, Vec<DataError>>> = OnceLock::new();
    CELL.get_or_init(build).as_ref().map_err(Vec::as_slice)
}
