//! Component data: the embedded data files, parsed once into typed tables and validated.
//!
//! File structs (`*File`) mirror the JSON; runtime tables ([`Tables`], [`Board`]) hold dense
//! ids. Validation collects every problem rather than stopping at the first.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::types::{Act, BuildingKind, Enemy, Order, RegionId, SaracenFace, WEDGES};

/// The most regions a board side may have (region ids are `u8`, state arrays are fixed).
pub const MAX_REGIONS: usize = 64;

const COMPONENTS: &str = include_str!("../data/components.json");
const MAP_LARGE: &str = include_str!("../data/map_large.json");
const MAP_SMALL: &str = include_str!("../data/map_small.json");
const DIVINE_INFLUENCE: &str = include_str!("../data/divine_influence.json");
const CRIMSON_AMBER: &str = include_str!("../data/crimson_amber.json");

/// The component data files as shipped (name, JSON text), for clients that draw the board.
pub fn raw_files() -> [(&'static str, &'static str); 5] {
    [
        ("components", COMPONENTS),
        ("map_large", MAP_LARGE),
        ("map_small", MAP_SMALL),
        ("divine_influence", DIVINE_INFLUENCE),
        ("crimson_amber", CRIMSON_AMBER),
    ]
}

/// One problem found in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file.
    pub file: &'static str,
    /// Where in the file, as a JSON path (`regions[12].neighbours`); empty for the whole file.
    pub path: String,
    /// What is wrong, with the offending entry named.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.path, self.message)
        }
    }
}

use ordo_core::pack::{overlay, pack_id, LoadedPack, PackId, Packs};
pub use ordo_core::Confidence;

// ---------- file structs ----------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ComponentsFile {
    version: String,
    #[allow(dead_code)]
    note: String,
    wedges: Vec<WedgeFile>,
    buildings: Vec<BuildingFile>,
    troops: Vec<TroopFile>,
    enemies: EnemiesFile,
    bonus_tiles: Vec<BonusTileFile>,
    player_counts: Vec<PlayerCountFile>,
    orders: Vec<OrderFile>,
    layouts: BTreeMap<String, Vec<LayoutSlotFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WedgeFile {
    id: String,
    basic: Act,
    secondary: Act,
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RevealsFile {
    #[serde(default)]
    travel: u8,
    #[serde(default)]
    muster: u8,
    #[serde(default)]
    crusade: u8,
    #[serde(default)]
    influence: u8,
    #[serde(default)]
    build: u8,
    #[serde(default)]
    knight: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildingFile {
    kind: BuildingKind,
    level: u8,
    cost: u8,
    reveals: RevealsFile,
    endgame: Option<Endgame>,
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TroopFile {
    cost: u8,
    influence: u8,
    /// Crusade bonus while face up.
    crusade: u8,
    #[allow(dead_code)]
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnemiesFile {
    tokens: TokensFile,
    tracks: TracksFile,
    saracen_strength: u8,
    saracen_fallback_influence: u8,
    saracen_faces: Vec<FaceFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokensFile {
    prussian: u8,
    slav: u8,
    saracen: u8,
    #[allow(dead_code)]
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TracksFile {
    prussian: TrackFile,
    slav: TrackFile,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackFile {
    values: Vec<u8>,
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum FaceName {
    Castle,
    Church,
    Farm,
    Bank,
    Troop,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FaceFile {
    face: FaceName,
    count: u8,
    #[allow(dead_code)]
    confidence: Confidence,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BonusTileFile {
    building: BuildingKind,
    effect: BonusEffectKind,
    amount: u8,
    count: u8,
    #[allow(dead_code)]
    confidence: Confidence,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug, Serialize, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
enum BonusEffectKind {
    Discount,
    Influence,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerCountFile {
    players: u8,
    supply: u32,
    #[allow(dead_code)]
    supply_confidence: Confidence,
    side: Side,
    #[allow(dead_code)]
    side_confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OrderFile {
    id: String,
    name: String,
    tokens: u8,
    setup: String,
    power: String,
    #[allow(dead_code)]
    confidence: Confidence,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DiFile {
    version: String,
    #[allow(dead_code)]
    note: String,
    buildings: Vec<NewBuildingFile>,
    vault_points: ValuesFile,
    extra_troops: Vec<TroopFile>,
    tracks: TracksFile,
    chapel_tokens_per_player: u8,
    coats_of_arms_per_player: u8,
    influence_tiles: Vec<TileFile>,
    orders: Vec<OrderFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValuesFile {
    values: Vec<u8>,
    #[allow(dead_code)]
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewBuildingFile {
    kind: BuildingKind,
    pairs_with: BuildingKind,
    costs: [u8; 4],
    paired_costs: [u8; 4],
    effect: String,
    endgame: Option<String>,
    confidence: Confidence,
    #[allow(dead_code)]
    source: String,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum TileKindFile {
    Immediate,
    OneShot,
    Permanent,
    EndGame,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    count: u8,
    cost: u8,
    level: u8,
    kind: TileKindFile,
    #[serde(default)]
    effect: Option<String>,
    #[serde(default)]
    action: Option<Act>,
    #[allow(dead_code)]
    confidence: Confidence,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaFile {
    version: String,
    #[allow(dead_code)]
    note: String,
    player_counts: Vec<PlayerCountFile>,
    shared_building_from_players: u8,
    max_buildings_per_region: u8,
    orders: Vec<OrderFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutSlotFile {
    wedge: String,
    upgraded: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    side: Side,
    confidence: Confidence,
    #[allow(dead_code)]
    note: String,
    #[allow(dead_code)]
    hex_layout: String,
    regions: Vec<RegionFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionFile {
    key: String,
    name: String,
    q: i8,
    r: i8,
    paris: bool,
    start: bool,
    flag: bool,
    bonus_space: bool,
    discount: Option<DiscountFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DiscountFile {
    building: BuildingKind,
    amount: u8,
}

// ---------- runtime tables ----------

/// Which side of the double-sided board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The 2-player side.
    Small,
    /// The 3–4-player side.
    Large,
}

/// End-game scoring printed on a level-IV building space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Endgame {
    /// 4 per set of one Saracen, one Prussian and one Slav defeated (Castle IV).
    EnemySets,
    /// 6 flat (Church IV).
    FlatSix,
    /// 1 per own knight on the map and per face-up troop (Farm IV).
    KnightsAndTroops,
    /// 4 per own level-IV building on the map, itself included (Bank IV).
    LevelFourBuildings,
}

/// What a building space reveals when the building leaves the player board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// Permanent bonus per action, indexed by [`Act::index`].
    pub bonus: [u8; 5],
    /// Whether a knight waiting on the board is released into the building's region.
    pub knight: bool,
}

/// One building space on the player board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildingSpace {
    /// Printed cost.
    pub cost: u8,
    /// Revealed when built.
    pub reveal: Reveal,
    /// End-game scoring (level IV).
    pub endgame: Option<Endgame>,
    /// Confidence of the printed values.
    pub confidence: Confidence,
}

/// A wedge's two sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WedgeDef {
    /// Data id.
    pub id: String,
    /// Basic side action.
    pub basic: Act,
    /// Action added by upgrading.
    pub secondary: Act,
    /// Confidence.
    pub confidence: Confidence,
}

/// A building-bonus tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum BonusTile {
    /// Reduces the cost of one building type in its region.
    Discount {
        /// Type.
        building: BuildingKind,
        /// Reduction.
        amount: u8,
    },
    /// Extra Influence when that type is built in its region.
    Influence {
        /// Type.
        building: BuildingKind,
        /// Extra Influence.
        amount: u8,
    },
}

/// A knight order's printed texts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderDef {
    /// Which order.
    pub order: Order,
    /// Printed name.
    pub name: String,
    /// Action tokens on the wheel at the start.
    pub tokens: u8,
    /// Setup text.
    pub setup: String,
    /// Power text.
    pub power: String,
}

/// A region of a board side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Region {
    /// Stable key (`"paris"`).
    pub key: String,
    /// Display name.
    pub name: String,
    /// Axial hex column.
    pub q: i8,
    /// Axial hex row.
    pub r: i8,
    /// Paris: no enemy, no start.
    pub paris: bool,
    /// A start region (neighbour of Paris).
    pub start: bool,
    /// Receives an enemy token at setup.
    pub flag: bool,
    /// Receives a building-bonus tile at setup.
    pub bonus_space: bool,
    /// Printed discount.
    pub discount: Option<(BuildingKind, u8)>,
    /// Adjacent regions, ascending.
    pub neighbours: ArrayVec<RegionId, 6>,
}

/// One side of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Which side.
    pub side: Side,
    /// Regions by id.
    pub regions: Vec<Region>,
    /// Start regions, ascending.
    pub starts: Vec<RegionId>,
    /// Flag regions, ascending.
    pub flags: Vec<RegionId>,
    /// Bonus-tile spaces, ascending.
    pub bonus_spaces: Vec<RegionId>,
    /// Confidence of the whole map.
    pub confidence: Confidence,
}

impl Board {
    /// A region by id.
    ///
    /// # Panics
    /// If `id` is not a region of this board (ids come from this board).
    #[inline]
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.index()]
    }

    /// Looks a region up by key.
    pub fn by_key(&self, key: &str) -> Option<RegionId> {
        self.regions
            .iter()
            .position(|r| r.key == key)
            .map(|i| RegionId(i as u8))
    }
}

/// What an influence tile does when collected (Divine Influence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "effect", content = "action")]
pub enum TileEffect {
    /// Immediate: upgrade one of your wedges (no distribution).
    Upgrade,
    /// Immediate: an extra distribution after the turn.
    Distribute,
    /// Keep face up; spend during a later action of this type for +1.
    OneShot(Act),
    /// +1 to this action type for the rest of the game.
    Permanent(Act),
    /// At game end, 1 Influence per influence tile collected.
    EndGame,
}

/// A Divine Influence influence tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InfluenceTile {
    /// Influence value needed to take it.
    pub cost: u8,
    /// Level (I–IV): Influence gained when taken.
    pub level: u8,
    /// What it does.
    pub effect: TileEffect,
}

/// Costs of a Divine Influence building row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewBuildingRow {
    /// Costs by level in an empty region.
    pub costs: [u8; 4],
    /// Costs by level in a region holding the paired base building.
    pub paired_costs: [u8; 4],
    /// Confidence.
    pub confidence: Confidence,
}

/// Divine Influence tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivineInfluence {
    /// Data version.
    pub version: String,
    /// Keep, Chapel, Mill, Vault rows (index = kind index − 4).
    pub rows: [NewBuildingRow; 4],
    /// End-game Influence of Vault I–III.
    pub vault_points: [u8; 3],
    /// The two extra troops (cost, Influence).
    pub extra_troops: Vec<(u8, u8)>,
    /// Crusade bonus of each extra troop while face up.
    pub extra_troop_crusade: Vec<u8>,
    /// Replacement Prussian track.
    pub prussian_track: Vec<u8>,
    /// Replacement Slav track.
    pub slav_track: Vec<u8>,
    /// Chapel action tokens per player.
    pub chapel_tokens: u8,
    /// Coat-of-arms markers per player.
    pub coats_of_arms: u8,
    /// The influence tiles, in a fixed order.
    pub tiles: Vec<InfluenceTile>,
}

/// Crimson & Amber Knight tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrimsonAmber {
    /// Data version.
    pub version: String,
    /// From this many players, a building may join an opponent's building of the same type.
    pub shared_building_from: u8,
    /// Buildings a region may hold under that rule.
    pub max_buildings_per_region: u8,
}

/// Per player count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCount {
    /// Influence supply.
    pub supply: u32,
    /// Board side.
    pub side: Side,
}

/// Every component table of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Data version.
    pub version: String,
    /// The six wedges, by wedge id.
    pub wedges: Vec<WedgeDef>,
    /// Building spaces `[kind][level-1]`.
    pub buildings: [[BuildingSpace; 4]; 4],
    /// Troop costs and Influence, left to right.
    pub troops: Vec<(u8, u8)>,
    /// Crusade bonus of each face-up troop, left to right.
    pub troop_crusade: Vec<u8>,
    /// Prussian track values (index 0 = start).
    pub prussian_track: Vec<u8>,
    /// Slav track values.
    pub slav_track: Vec<u8>,
    /// Saracen strength.
    pub saracen_strength: u8,
    /// Influence when a Saracen reward is not taken.
    pub saracen_fallback: u8,
    /// Enemy tokens placed on flags (the two track markers excluded), in a fixed order.
    pub enemy_pool: Vec<Enemy>,
    /// Building-bonus tiles, in a fixed order.
    pub bonus_tiles: Vec<BonusTile>,
    /// Per player count.
    pub player_counts: BTreeMap<u8, PlayerCount>,
    /// Orders.
    pub orders: Vec<OrderDef>,
    /// Fixed layouts by variant name: wedge id and pre-upgraded flag per position.
    pub layouts: BTreeMap<String, [(u8, bool); WEDGES]>,
    /// Divine Influence.
    pub di: DivineInfluence,
    /// Crimson & Amber Knight.
    pub ca: CrimsonAmber,
    /// Small board side.
    pub small: Board,
    /// Large board side.
    pub large: Board,
}

impl Tables {
    /// The board for a side.
    pub fn board(&self, side: Side) -> &Board {
        match side {
            Side::Small => &self.small,
            Side::Large => &self.large,
        }
    }

    /// The printed texts of an order.
    pub fn order(&self, order: Order) -> Option<&OrderDef> {
        self.orders.iter().find(|o| o.order == order)
    }

    /// Wedge id by data id.
    pub fn wedge_by_id(&self, id: &str) -> Option<u8> {
        self.wedges.iter().position(|w| w.id == id).map(|i| i as u8)
    }
}

/// The validated tables, parsed once from the embedded files.
///
/// # Errors
/// Every problem found, when the embedded data is invalid (a build defect caught by tests).
pub fn tables() -> Result<&'static Tables, &'static [DataError]> {
    static TABLES: OnceLock<Result<Tables, Vec<DataError>>> = OnceLock::new();
    match TABLES.get_or_init(|| {
        load_all(
            COMPONENTS,
            MAP_LARGE,
            MAP_SMALL,
            DIVINE_INFLUENCE,
            CRIMSON_AMBER,
        )
    }) {
        Ok(t) => Ok(t),
        Err(e) => Err(e.as_slice()),
    }
}

/// The owners' data packs loaded in this process.
static PACKS: Packs<Tables> = Packs::new();

/// Loads an owner's data pack: `files` (name, JSON text; `map_large.json` or `map_large`)
/// replace the built-in files of the same name, and everything is validated as the built-in
/// data is. Returns the pack's id, or `None` when the files are the built-in ones.
///
/// # Errors
/// Every problem found, with its file and JSON path; nothing is loaded then.
pub fn load_pack(files: &[(String, String)]) -> Result<Option<PackId>, Vec<DataError>> {
    let builtin = raw_files();
    let all = overlay(&builtin, files).map_err(|problems| {
        problems
            .into_iter()
            .map(|message| DataError {
                file: "pack",
                path: String::new(),
                message,
            })
            .collect::<Vec<_>>()
    })?;
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
            .find(|(n, _)| *n == name)
            .map_or("", |(_, t)| t.as_str())
    };
    let mut tables = load_all(
        text("components"),
        text("map_large"),
        text("map_small"),
        text("divine_influence"),
        text("crimson_amber"),
    )?;
    tables.version = format!("{}+pack-{id}", tables.version);
    PACKS.insert(id, tables, all);
    Ok(Some(id))
}

/// A loaded data pack.
pub fn pack(id: PackId) -> Option<&'static LoadedPack<Tables>> {
    PACKS.get(id)
}

/// Parses and validates the base-game data files given as text (with the embedded expansion
/// files), returning every problem found.
///
/// # Errors
/// All problems, when any is found.
pub fn load(components: &str, map_large: &str, map_small: &str) -> Result<Tables, Vec<DataError>> {
    load_all(
        components,
        map_large,
        map_small,
        DIVINE_INFLUENCE,
        CRIMSON_AMBER,
    )
}

/// Parses one data file; a problem is reported with its JSON path.
fn parse<T: serde::de::DeserializeOwned>(
    file: &'static str,
    text: &str,
    errs: &mut Vec<DataError>,
) -> Option<T> {
    let de = &mut serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize(de) {
        Ok(v) => Some(v),
        Err(e) => {
            let path = e.path().to_string();
            errs.push(DataError {
                file,
                path: if path == "." { String::new() } else { path },
                message: e.into_inner().to_string(),
            });
            None
        }
    }
}

/// Parses and validates every data file given as text, returning every problem found.
///
/// # Errors
/// All problems, when any is found.
pub fn load_all(
    components: &str,
    map_large: &str,
    map_small: &str,
    divine_influence: &str,
    crimson_amber: &str,
) -> Result<Tables, Vec<DataError>> {
    let mut errs = Vec::new();
    let di: Option<DiFile> = parse("divine_influence.json", divine_influence, &mut errs);
    let ca: Option<CaFile> = parse("crimson_amber.json", crimson_amber, &mut errs);
    let comp: Option<ComponentsFile> = parse("components.json", components, &mut errs);
    let large: Option<MapFile> = parse("map_large.json", map_large, &mut errs);
    let small: Option<MapFile> = parse("map_small.json", map_small, &mut errs);
    let (Some(comp), Some(large), Some(small), Some(di), Some(ca)) = (comp, large, small, di, ca)
    else {
        return Err(errs);
    };
    let large = build_board(&large, Side::Large, "map_large.json", &mut errs);
    let small = build_board(&small, Side::Small, "map_small.json", &mut errs);
    let di_tables = build_di(&di, &mut errs);
    let ca_tables = build_ca(&ca, &mut errs);
    let tables = build_tables(comp, large, small, &mut errs).map(|mut t| {
        let mut extra = Vec::new();
        for (file, orders) in [
            ("divine_influence.json", &di.orders),
            ("crimson_amber.json", &ca.orders),
        ] {
            for o in orders {
                match Order::from_id(&o.id) {
                    Some(order)
                        if !t
                            .orders
                            .iter()
                            .chain(extra.iter())
                            .any(|x: &OrderDef| x.order == order) =>
                    {
                        extra.push(OrderDef {
                            order,
                            name: o.name.clone(),
                            tokens: o.tokens,
                            setup: o.setup.clone(),
                            power: o.power.clone(),
                        })
                    }
                    Some(_) => errs.push(DataError {
                        file,
                        path: String::new(),
                        message: format!("duplicate order `{}`", o.id),
                    }),
                    None => errs.push(DataError {
                        file,
                        path: String::new(),
                        message: format!("unknown order id `{}`", o.id),
                    }),
                }
            }
        }
        t.orders.extend(extra);
        for order in Order::ALL {
            if !t.orders.iter().any(|o| o.order == order) {
                errs.push(DataError {
                    file: "orders",
                    path: String::new(),
                    message: format!("order `{}` has no data entry", order.id()),
                });
            }
        }
        for p in &ca.player_counts {
            if !(5..=6).contains(&p.players) {
                errs.push(DataError {
                    file: "crimson_amber.json",
                    path: String::new(),
                    message: format!("player count {} is not 5 or 6", p.players),
                });
            }
            if t.player_counts
                .insert(
                    p.players,
                    PlayerCount {
                        supply: p.supply,
                        side: p.side,
                    },
                )
                .is_some()
            {
                errs.push(DataError {
                    file: "crimson_amber.json",
                    path: String::new(),
                    message: format!("duplicate player count {}", p.players),
                });
            }
        }
        for n in 5..=6u8 {
            if !t.player_counts.contains_key(&n) {
                errs.push(DataError {
                    file: "crimson_amber.json",
                    path: String::new(),
                    message: format!("no supply/side for {n} players"),
                });
            }
        }
        t.version = format!("{}+{}+{}", t.version, di_tables.version, ca_tables.version);
        t.di = di_tables;
        t.ca = ca_tables;
        t
    });
    match tables {
        Some(t) if errs.is_empty() => Ok(t),
        _ => Err(errs),
    }
}

fn build_board(file: &MapFile, side: Side, name: &'static str, errs: &mut Vec<DataError>) -> Board {
    let mut err = |path: &str, m: String| {
        errs.push(DataError {
            file: name,
            path: path.to_string(),
            message: m,
        })
    };
    if file.side != side {
        err(
            "side",
            format!("side is {:?}, expected {:?}", file.side, side),
        );
    }
    if file.regions.len() > MAX_REGIONS {
        err(
            "",
            format!(
                "{} regions exceed the maximum of {MAX_REGIONS}",
                file.regions.len()
            ),
        );
    }
    let mut coords = BTreeMap::new();
    let mut keys = BTreeMap::new();
    for (i, r) in file.regions.iter().enumerate() {
        if coords.insert((r.q, r.r), i).is_some() {
            err(
                &format!("regions[{i}]"),
                format!(
                    "region `{}` shares coordinates ({}, {}) with another",
                    r.key, r.q, r.r
                ),
            );
        }
        if keys.insert(r.key.clone(), i).is_some() {
            err(
                &format!("regions[{i}]"),
                format!("duplicate region key `{}`", r.key),
            );
        }
        if r.key.is_empty() || r.name.is_empty() {
            err(
                &format!("regions[{i}]"),
                format!("region #{i} has an empty key or name"),
            );
        }
        if r.paris && (r.flag || r.start || r.discount.is_some() || r.bonus_space) {
            err(
                &format!("regions[{i}]"),
                format!(
                    "Paris (`{}`) may have no flag, start, bonus space or discount",
                    r.key
                ),
            );
        }
        if r.start && r.flag {
            err(
                &format!("regions[{i}]"),
                format!("start region `{}` has an enemy flag", r.key),
            );
        }
        if let Some(d) = &r.discount {
            if d.building.is_new() {
                err(
                    &format!("regions[{i}]"),
                    format!(
                        "region `{}` discount names `{}`; printed discounts are for base buildings",
                        r.key, d.building
                    ),
                );
            }
            if d.amount == 0 || d.amount > 3 {
                err(
                    &format!("regions[{i}]"),
                    format!(
                        "region `{}` discount amount {} is not 1..=3",
                        r.key, d.amount
                    ),
                );
            }
        }
    }
    const DIRS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
    let regions: Vec<Region> = file
        .regions
        .iter()
        .map(|r| {
            let mut neighbours: ArrayVec<RegionId, 6> = DIRS
                .iter()
                .filter_map(|(dq, dr)| {
                    coords
                        .get(&(r.q.wrapping_add(*dq), r.r.wrapping_add(*dr)))
                        .map(|&i| RegionId(i as u8))
                })
                .collect();
            neighbours.sort_unstable();
            Region {
                key: r.key.clone(),
                name: r.name.clone(),
                q: r.q,
                r: r.r,
                paris: r.paris,
                start: r.start,
                flag: r.flag,
                bonus_space: r.bonus_space,
                discount: r.discount.as_ref().map(|d| (d.building, d.amount)),
                neighbours,
            }
        })
        .collect();
    let paris: Vec<usize> = (0..regions.len()).filter(|&i| regions[i].paris).collect();
    if paris.len() != 1 {
        err(
            "",
            format!("expected exactly one Paris, found {}", paris.len()),
        );
    }
    let starts: Vec<RegionId> = (0..regions.len())
        .filter(|&i| regions[i].start)
        .map(|i| RegionId(i as u8))
        .collect();
    if let Some(&p) = paris.first() {
        let n = &regions[p].neighbours;
        if n.len() != 6 {
            err("", format!("Paris has {} neighbours, expected 6", n.len()));
        }
        if n.as_slice() != starts.as_slice() {
            err(
                "",
                "the start regions must be exactly the neighbours of Paris".to_string(),
            );
        }
        // Connectivity from Paris.
        let mut seen = vec![false; regions.len()];
        let mut stack = vec![p];
        seen[p] = true;
        while let Some(i) = stack.pop() {
            for nb in &regions[i].neighbours {
                if !seen[nb.index()] {
                    seen[nb.index()] = true;
                    stack.push(nb.index());
                }
            }
        }
        for (i, s) in seen.iter().enumerate() {
            if !s {
                err(
                    &format!("regions[{i}]"),
                    format!("region `{}` is not reachable from Paris", regions[i].key),
                );
            }
        }
    }
    if starts.len() < 6 {
        err(
            "",
            format!("{} start regions; 6 players need 6", starts.len()),
        );
    }
    let flags = (0..regions.len())
        .filter(|&i| regions[i].flag)
        .map(|i| RegionId(i as u8))
        .collect();
    let bonus_spaces = (0..regions.len())
        .filter(|&i| regions[i].bonus_space)
        .map(|i| RegionId(i as u8))
        .collect();
    Board {
        side,
        regions,
        starts,
        flags,
        bonus_spaces,
        confidence: file.confidence,
    }
}

fn build_tables(
    comp: ComponentsFile,
    large: Board,
    small: Board,
    errs: &mut Vec<DataError>,
) -> Option<Tables> {
    const F: &str = "components.json";
    let mut err = |path: &str, m: String| {
        errs.push(DataError {
            file: F,
            path: path.to_string(),
            message: m,
        })
    };
    if comp.wedges.len() != WEDGES {
        err(
            "",
            format!("{} wedges, expected {WEDGES}", comp.wedges.len()),
        );
    }
    let mut wedges = Vec::new();
    for (i, w) in comp.wedges.iter().enumerate() {
        if w.basic == w.secondary {
            err(
                &format!("wedges[{i}]"),
                format!("wedge `{}` adds its own basic action", w.id),
            );
        }
        if wedges.iter().any(|x: &WedgeDef| x.id == w.id) {
            err(
                &format!("wedges[{i}]"),
                format!("duplicate wedge id `{}`", w.id),
            );
        }
        wedges.push(WedgeDef {
            id: w.id.clone(),
            basic: w.basic,
            secondary: w.secondary,
            confidence: w.confidence,
        });
    }
    for a in Act::ALL {
        if !wedges.iter().any(|w| w.basic == a) {
            err("", format!("no wedge has {a} on its basic side"));
        }
    }
    let blank = BuildingSpace {
        cost: 0,
        reveal: Reveal::default(),
        endgame: None,
        confidence: Confidence::Default,
    };
    let mut buildings = [[blank; 4]; 4];
    let mut seen = [[false; 4]; 4];
    for (i, b) in comp.buildings.iter().enumerate() {
        if b.kind.is_new() {
            err(
                &format!("buildings[{i}]"),
                format!("`{}` belongs in divine_influence.json", b.kind),
            );
            continue;
        }
        if !(1..=4).contains(&b.level) {
            err(
                &format!("buildings[{i}]"),
                format!("{} level {} is not 1..=4", b.kind, b.level),
            );
            continue;
        }
        let (k, l) = (b.kind.index(), usize::from(b.level - 1));
        if seen[k][l] {
            err(
                &format!("buildings[{i}]"),
                format!("duplicate building {} level {}", b.kind, b.level),
            );
        }
        seen[k][l] = true;
        if b.cost == 0 || b.cost > 20 {
            err(
                &format!("buildings[{i}]"),
                format!(
                    "{} level {} cost {} out of range 1..=20",
                    b.kind, b.level, b.cost
                ),
            );
        }
        if (b.level == 4) != b.endgame.is_some() {
            err(
                &format!("buildings[{i}]"),
                format!(
                    "{} level {}: exactly the level-IV spaces carry end-game scoring",
                    b.kind, b.level
                ),
            );
        }
        let r = &b.reveals;
        buildings[k][l] = BuildingSpace {
            cost: b.cost,
            reveal: Reveal {
                bonus: [r.travel, r.muster, r.crusade, r.influence, r.build],
                knight: r.knight,
            },
            endgame: b.endgame,
            confidence: b.confidence,
        };
    }
    for k in BuildingKind::BASE {
        for (l, present) in seen[k.index()].iter().enumerate() {
            if !present {
                err("", format!("missing building {k} level {}", l + 1));
            }
        }
    }
    let knights = buildings
        .iter()
        .flatten()
        .filter(|b| b.reveal.knight)
        .count();
    if knights != 2 {
        err("", format!("{knights} building spaces release a knight, expected 2 (two knights wait on the board)"));
    }
    if comp.troops.len() != 5 {
        err("", format!("{} troops, expected 5", comp.troops.len()));
    }
    let troops: Vec<(u8, u8)> = comp.troops.iter().map(|t| (t.cost, t.influence)).collect();
    if troops.windows(2).any(|w| w[0].0 > w[1].0) {
        err(
            "troops",
            "troop costs must not decrease left to right".to_string(),
        );
    }
    let troop_crusade: Vec<u8> = comp.troops.iter().map(|t| t.crusade).collect();
    if troop_crusade.iter().any(|&c| c > 3) {
        err(
            "troops",
            "a troop's Crusade bonus must be 0 to 3".to_string(),
        );
    }
    let e = &comp.enemies;
    for (name, t) in [("prussian", &e.tracks.prussian), ("slav", &e.tracks.slav)] {
        if t.values.is_empty() || t.values.windows(2).any(|w| w[0] > w[1]) {
            err(
                "",
                format!("{name} track must be non-empty and never decrease"),
            );
        }
        let _ = t.confidence;
    }
    let face_total: u32 = e.saracen_faces.iter().map(|f| u32::from(f.count)).sum();
    if face_total != u32::from(e.tokens.saracen) {
        err(
            "",
            format!(
                "Saracen faces total {face_total}, but there are {} Saracen tokens",
                e.tokens.saracen
            ),
        );
    }
    if e.tokens.prussian == 0 || e.tokens.slav == 0 {
        err(
            "enemies.tokens",
            "one Prussian and one Slav token are needed as track markers".to_string(),
        );
    }
    let mut enemy_pool = Vec::new();
    enemy_pool.extend(std::iter::repeat_n(
        Enemy::Prussian,
        usize::from(e.tokens.prussian.saturating_sub(1)),
    ));
    enemy_pool.extend(std::iter::repeat_n(
        Enemy::Slav,
        usize::from(e.tokens.slav.saturating_sub(1)),
    ));
    for f in &e.saracen_faces {
        let face = match f.face {
            FaceName::Castle => SaracenFace::Building(BuildingKind::Castle),
            FaceName::Church => SaracenFace::Building(BuildingKind::Church),
            FaceName::Farm => SaracenFace::Building(BuildingKind::Farm),
            FaceName::Bank => SaracenFace::Building(BuildingKind::Bank),
            FaceName::Troop => SaracenFace::Troop,
        };
        enemy_pool.extend(std::iter::repeat_n(
            Enemy::Saracen(face),
            usize::from(f.count),
        ));
    }
    let mut bonus_tiles = Vec::new();
    for (i, t) in comp.bonus_tiles.iter().enumerate() {
        if t.amount == 0 {
            err(
                &format!("bonus_tiles[{i}]"),
                format!("bonus tile for {} has amount 0", t.building),
            );
        }
        let tile = match t.effect {
            BonusEffectKind::Discount => BonusTile::Discount {
                building: t.building,
                amount: t.amount,
            },
            BonusEffectKind::Influence => BonusTile::Influence {
                building: t.building,
                amount: t.amount,
            },
        };
        bonus_tiles.extend(std::iter::repeat_n(tile, usize::from(t.count)));
    }
    let mut player_counts = BTreeMap::new();
    for (i, p) in comp.player_counts.iter().enumerate() {
        if player_counts
            .insert(
                p.players,
                PlayerCount {
                    supply: p.supply,
                    side: p.side,
                },
            )
            .is_some()
        {
            err(
                &format!("player_counts[{i}]"),
                format!("duplicate player count {}", p.players),
            );
        }
        if p.supply == 0 {
            err(
                &format!("player_counts[{i}]"),
                format!("supply for {} players is 0", p.players),
            );
        }
    }
    for n in 2..=4u8 {
        if !player_counts.contains_key(&n) {
            err("", format!("no supply/side for {n} players"));
        }
    }
    for (board, f) in [(&large, "map_large.json"), (&small, "map_small.json")] {
        if board.flags.len() > enemy_pool.len() {
            err(
                "",
                format!(
                    "{f}: {} flags but only {} enemy tokens",
                    board.flags.len(),
                    enemy_pool.len()
                ),
            );
        }
        if board.bonus_spaces.len() > bonus_tiles.len() {
            err(
                "",
                format!(
                    "{f}: {} bonus spaces but only {} tiles",
                    board.bonus_spaces.len(),
                    bonus_tiles.len()
                ),
            );
        }
    }
    let mut orders = Vec::new();
    for (i, o) in comp.orders.iter().enumerate() {
        match Order::from_id(&o.id) {
            Some(order) => {
                if orders.iter().any(|x: &OrderDef| x.order == order) {
                    err(
                        &format!("orders[{i}]"),
                        format!("duplicate order `{}`", o.id),
                    );
                }
                if o.tokens == 0 || o.tokens > 20 {
                    err(
                        &format!("orders[{i}]"),
                        format!("order `{}` token count {} out of range", o.id, o.tokens),
                    );
                }
                orders.push(OrderDef {
                    order,
                    name: o.name.clone(),
                    tokens: o.tokens,
                    setup: o.setup.clone(),
                    power: o.power.clone(),
                })
            }
            None => err(
                &format!("orders[{i}]"),
                format!("unknown order id `{}`", o.id),
            ),
        }
    }
    for order in Order::BASE {
        if !orders.iter().any(|o| o.order == order) {
            err("", format!("order `{}` has no data entry", order.id()));
        }
    }
    for t in &bonus_tiles {
        let (BonusTile::Discount { building, .. } | BonusTile::Influence { building, .. }) = t;
        if building.is_new() {
            err(
                "",
                format!("bonus tiles apply to base buildings only, not `{building}`"),
            );
        }
    }
    let mut layouts = BTreeMap::new();
    for (name, slots) in &comp.layouts {
        if slots.len() != WEDGES {
            err(
                "",
                format!(
                    "layout `{name}` has {} slots, expected {WEDGES}",
                    slots.len()
                ),
            );
            continue;
        }
        let mut arr = [(0u8, false); WEDGES];
        let mut used = [false; WEDGES];
        for (i, s) in slots.iter().enumerate() {
            match wedges.iter().position(|w| w.id == s.wedge) {
                Some(w) => {
                    if used[w] {
                        err(
                            "",
                            format!("layout `{name}` uses wedge `{}` twice", s.wedge),
                        );
                    }
                    used[w] = true;
                    arr[i] = (w as u8, s.upgraded);
                }
                None => err(
                    "",
                    format!("layout `{name}` names unknown wedge `{}`", s.wedge),
                ),
            }
        }
        layouts.insert(name.clone(), arr);
    }
    for required in ["learning", "first_standard"] {
        if !layouts.contains_key(required) {
            err("", format!("missing layout `{required}`"));
        }
    }
    Some(Tables {
        version: comp.version,
        wedges,
        buildings,
        troops,
        troop_crusade,
        prussian_track: e.tracks.prussian.values.clone(),
        slav_track: e.tracks.slav.values.clone(),
        saracen_strength: e.saracen_strength,
        saracen_fallback: e.saracen_fallback_influence,
        enemy_pool,
        bonus_tiles,
        player_counts,
        orders,
        layouts,
        di: DivineInfluence {
            version: String::new(),
            rows: [NewBuildingRow {
                costs: [0; 4],
                paired_costs: [0; 4],
                confidence: Confidence::Default,
            }; 4],
            vault_points: [0; 3],
            extra_troops: Vec::new(),
            extra_troop_crusade: Vec::new(),
            prussian_track: Vec::new(),
            slav_track: Vec::new(),
            chapel_tokens: 0,
            coats_of_arms: 0,
            tiles: Vec::new(),
        },
        ca: CrimsonAmber {
            version: String::new(),
            shared_building_from: 5,
            max_buildings_per_region: 2,
        },
        small,
        large,
    })
}

fn build_di(f: &DiFile, errs: &mut Vec<DataError>) -> DivineInfluence {
    const F: &str = "divine_influence.json";
    let mut err = |path: &str, m: String| {
        errs.push(DataError {
            file: F,
            path: path.to_string(),
            message: m,
        })
    };
    let expected = [
        (BuildingKind::Keep, "free_troop", Some("troops")),
        (BuildingKind::Chapel, "extra_token", Some("wedges_with_two")),
        (BuildingKind::Mill, "remove_building", None),
        (
            BuildingKind::Vault,
            "upgrade_wedge",
            Some("upgraded_wedges"),
        ),
    ];
    let mut rows = [NewBuildingRow {
        costs: [0; 4],
        paired_costs: [0; 4],
        confidence: Confidence::Default,
    }; 4];
    let mut seen = [false; 4];
    for (i, b) in f.buildings.iter().enumerate() {
        if !b.kind.is_new() {
            err(
                &format!("buildings[{i}]"),
                format!("`{}` is not a Divine Influence building", b.kind),
            );
            continue;
        }
        let i = b.kind.index() - 4;
        if seen[i] {
            err(
                &format!("buildings[{i}]"),
                format!("duplicate row `{}`", b.kind),
            );
        }
        seen[i] = true;
        if b.pairs_with != b.kind.paired() {
            err(
                &format!("buildings[{i}]"),
                format!(
                    "`{}` pairs with `{}`, the rules pair it with `{}`",
                    b.kind,
                    b.pairs_with,
                    b.kind.paired()
                ),
            );
        }
        let (_, effect, endgame) = expected[i];
        if b.effect != effect || b.endgame.as_deref() != endgame {
            err(
                &format!("buildings[{i}]"),
                format!(
                "`{}` effect/endgame must be `{effect}`/{endgame:?} (the engine implements these)",
                b.kind
            ),
            );
        }
        for l in 0..4 {
            if b.paired_costs[l] > b.costs[l] || b.costs[l] == 0 {
                err(&format!("buildings[{i}]"), format!("`{}` level {}: paired cost must be at most the normal cost, and costs positive", b.kind, l + 1));
            }
        }
        rows[i] = NewBuildingRow {
            costs: b.costs,
            paired_costs: b.paired_costs,
            confidence: b.confidence,
        };
    }
    if seen.iter().any(|s| !s) {
        err(
            "buildings",
            "every one of keep, chapel, mill and vault needs a row".to_string(),
        );
    }
    let mut vault_points = [0u8; 3];
    if f.vault_points.values.len() == 3 {
        vault_points.copy_from_slice(&f.vault_points.values);
    } else {
        err(
            "",
            format!(
                "vault_points needs 3 values, found {}",
                f.vault_points.values.len()
            ),
        );
    }
    for (name, t) in [("prussian", &f.tracks.prussian), ("slav", &f.tracks.slav)] {
        if t.values.is_empty() || t.values.windows(2).any(|w| w[0] > w[1]) {
            err(
                "",
                format!("{name} track must be non-empty and never decrease"),
            );
        }
    }
    let mut tiles = Vec::new();
    for (i, t) in f.influence_tiles.iter().enumerate() {
        let effect = match (t.kind, t.effect.as_deref(), t.action) {
            (TileKindFile::Immediate, Some("upgrade"), None) => Some(TileEffect::Upgrade),
            (TileKindFile::Immediate, Some("distribute"), None) => Some(TileEffect::Distribute),
            (TileKindFile::OneShot, None, Some(a)) => Some(TileEffect::OneShot(a)),
            (TileKindFile::Permanent, None, Some(a)) => Some(TileEffect::Permanent(a)),
            (TileKindFile::EndGame, None, None) => Some(TileEffect::EndGame),
            _ => None,
        };
        match effect {
            Some(effect) => {
                if !(1..=4).contains(&t.level) || t.cost == 0 {
                    err(&format!("influence_tiles[{i}]"), format!("influence tile (cost {}) has level {} (1..=4) or cost 0", t.cost, t.level));
                }
                tiles.extend(std::iter::repeat_n(InfluenceTile { cost: t.cost, level: t.level, effect }, usize::from(t.count)));
            }
            None => err(&format!("influence_tiles[{i}]"), format!(
                "influence tile (cost {}): immediate tiles need effect upgrade|distribute, one-shot and permanent tiles an action, end-game tiles neither",
                t.cost
            )),
        }
    }
    let count =
        |pred: &dyn Fn(&TileEffect) -> bool| tiles.iter().filter(|t| pred(&t.effect)).count();
    let immediate = count(&|e| matches!(e, TileEffect::Upgrade | TileEffect::Distribute));
    let one_shot = count(&|e| matches!(e, TileEffect::OneShot(_)));
    let permanent = count(&|e| matches!(e, TileEffect::Permanent(_)));
    let end_game = count(&|e| matches!(e, TileEffect::EndGame));
    if (immediate, one_shot, permanent, end_game) != (12, 24, 5, 2) {
        err("", format!(
            "influence tiles are {immediate} immediate, {one_shot} one-shot, {permanent} permanent, {end_game} end-game; the expansion has 12, 24, 5, 2"
        ));
    }
    if f.extra_troops.iter().any(|t| t.crusade > 3) {
        err(
            "extra_troops",
            "an extra troop's Crusade bonus must be 0 to 3".to_string(),
        );
    }
    DivineInfluence {
        version: f.version.clone(),
        rows,
        vault_points,
        extra_troops: f
            .extra_troops
            .iter()
            .map(|t| (t.cost, t.influence))
            .collect(),
        extra_troop_crusade: f.extra_troops.iter().map(|t| t.crusade).collect(),
        prussian_track: f.tracks.prussian.values.clone(),
        slav_track: f.tracks.slav.values.clone(),
        chapel_tokens: f.chapel_tokens_per_player,
        coats_of_arms: f.coats_of_arms_per_player,
        tiles,
    }
}

fn build_ca(f: &CaFile, errs: &mut Vec<DataError>) -> CrimsonAmber {
    if f.max_buildings_per_region != 2 {
        errs.push(DataError {
            file: "crimson_amber.json",
            path: String::new(),
            message: format!(
                "max_buildings_per_region is {}; the engine holds 2 per region",
                f.max_buildings_per_region
            ),
        });
    }
    CrimsonAmber {
        version: f.version.clone(),
        shared_building_from: f.shared_building_from_players,
        max_buildings_per_region: f.max_buildings_per_region,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_data_has_no_problems() {
        match tables() {
            Ok(t) => {
                assert_eq!(t.large.regions.len(), 49);
                assert_eq!(t.large.flags.len(), 30);
                assert_eq!(t.large.bonus_spaces.len(), 30);
                assert!(t.large.regions.len() > 43);
                assert_eq!(t.enemy_pool.len(), 30);
                assert_eq!(t.bonus_tiles.len(), 30);
            }
            Err(e) => panic!("data problems: {e:?}"),
        }
    }

    #[test]
    fn every_problem_is_reported() {
        let bad = COMPONENTS
            .replace(
                "\"cost\": 3, \"influence\": 1",
                "\"cost\": 9, \"influence\": 1",
            )
            .replace("\"id\": \"teutonic\"", "\"id\": \"teutonik\"")
            .replace(
                "\"players\": 4, \"supply\": 260",
                "\"players\": 4, \"supply\": 0",
            )
            .replace(
                "\"cost\": 5, \"influence\": 3, \"crusade\": 1",
                "\"cost\": 5, \"influence\": 3, \"crusade\": 4",
            );
        let errs = load(&bad, MAP_LARGE, MAP_SMALL).err().unwrap_or_default();
        let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert!(text.iter().any(|m| m.contains("troop costs")), "{text:?}");
        assert!(
            text.iter()
                .any(|m| m.contains("unknown order id `teutonik`")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|m| m.contains("supply for 4 players is 0")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|m| m.contains("Crusade bonus must be 0 to 3")),
            "{text:?}"
        );
        assert!(text.len() >= 4, "{text:?}");
    }

    #[test]
    fn broken_map_is_reported() {
        let bad = MAP_SMALL.replacen("\"paris\": true", "\"paris\": false", 1);
        let errs = load(COMPONENTS, MAP_LARGE, &bad).err().unwrap_or_default();
        assert!(
            errs.iter().any(|e| e.message.contains("exactly one Paris")),
            "{errs:?}"
        );
        let unknown = MAP_SMALL.replacen("\"flag\"", "\"flagg\"", 1);
        assert!(load(COMPONENTS, MAP_LARGE, &unknown).is_err());
    }
}
