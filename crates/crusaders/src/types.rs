//! Vocabulary types: actions kinds, buildings, enemies, orders, region ids.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the five actions printed on wedges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Act {
    /// Move knights.
    Travel,
    /// Flip the next troop.
    Muster,
    /// Fight an enemy token.
    Crusade,
    /// Take Influence.
    Influence,
    /// Erect a building.
    Build,
}

impl Act {
    /// All actions in id order.
    pub const ALL: [Act; 5] = [
        Act::Travel,
        Act::Muster,
        Act::Crusade,
        Act::Influence,
        Act::Build,
    ];

    /// Dense index.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Act::Travel => "travel",
            Act::Muster => "muster",
            Act::Crusade => "crusade",
            Act::Influence => "influence",
            Act::Build => "build",
        }
    }
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A building type: the four base rows and the four Divine Influence rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BuildingKind {
    /// Releases knights, Travel/Crusade bonuses.
    Castle,
    /// Influence/Travel bonuses.
    Church,
    /// Muster bonuses.
    Farm,
    /// Build/Influence bonuses.
    Bank,
    /// Divine Influence: pairs with the Castle; flips a troop for free.
    Keep,
    /// Divine Influence: pairs with the Church; adds an action token.
    Chapel,
    /// Divine Influence: pairs with the Farm; removes a building from the player board.
    Mill,
    /// Divine Influence: pairs with the Bank; upgrades a wedge.
    Vault,
}

impl BuildingKind {
    /// The four base-game kinds in row order.
    pub const BASE: [BuildingKind; 4] = [
        BuildingKind::Castle,
        BuildingKind::Church,
        BuildingKind::Farm,
        BuildingKind::Bank,
    ];

    /// The four Divine Influence kinds.
    pub const NEW: [BuildingKind; 4] = [
        BuildingKind::Keep,
        BuildingKind::Chapel,
        BuildingKind::Mill,
        BuildingKind::Vault,
    ];

    /// All eight kinds.
    pub const ALL: [BuildingKind; 8] = [
        BuildingKind::Castle,
        BuildingKind::Church,
        BuildingKind::Farm,
        BuildingKind::Bank,
        BuildingKind::Keep,
        BuildingKind::Chapel,
        BuildingKind::Mill,
        BuildingKind::Vault,
    ];

    /// Dense index (0..8; base kinds first).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether this is a Divine Influence building.
    #[inline]
    pub fn is_new(self) -> bool {
        self.index() >= 4
    }

    /// The base building a new building pairs with, or the new building a base one pairs with.
    pub fn paired(self) -> BuildingKind {
        BuildingKind::ALL[(self.index() + 4) % 8]
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            BuildingKind::Castle => "castle",
            BuildingKind::Church => "church",
            BuildingKind::Farm => "farm",
            BuildingKind::Bank => "bank",
            BuildingKind::Keep => "keep",
            BuildingKind::Chapel => "chapel",
            BuildingKind::Mill => "mill",
            BuildingKind::Vault => "vault",
        }
    }
}

impl fmt::Display for BuildingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An enemy type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EnemyKind {
    /// Strength from the Prussian track.
    Prussian,
    /// Strength from the Slav track.
    Slav,
    /// Strength 6; rewards a building or troop.
    Saracen,
}

impl EnemyKind {
    /// All kinds.
    pub const ALL: [EnemyKind; 3] = [EnemyKind::Prussian, EnemyKind::Slav, EnemyKind::Saracen];

    /// Dense index.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a Saracen token shows: the reward for defeating it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SaracenFace {
    /// The next building of this kind, free.
    Building(BuildingKind),
    /// The next troop, free.
    Troop,
}

/// An enemy token on the board or in a defeated pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Enemy {
    /// A Prussian token.
    Prussian,
    /// A Slav token.
    Slav,
    /// A Saracen token with its face.
    Saracen(SaracenFace),
}

impl Enemy {
    /// The token's type.
    pub fn kind(self) -> EnemyKind {
        match self {
            Enemy::Prussian => EnemyKind::Prussian,
            Enemy::Slav => EnemyKind::Slav,
            Enemy::Saracen(_) => EnemyKind::Saracen,
        }
    }
}

/// A knight order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// Order of Alcántara.
    Alcantara,
    /// Order of Aviz.
    Aviz,
    /// Knights of Calatrava.
    Calatrava,
    /// Knights of the Holy Sepulchre.
    HolySepulchre,
    /// Knights Hospitaller.
    Hospitaller,
    /// Order of Montesa.
    Montesa,
    /// Order of Santiago.
    Santiago,
    /// Knights of St. Lazarus.
    StLazarus,
    /// Knights Templar.
    Templar,
    /// Teutonic Knights.
    Teutonic,
    /// Divine Influence: Female Order of the Band.
    FemaleBand,
    /// Divine Influence: Livonian Brothers of the Sword.
    Livonian,
    /// Divine Influence: Order of the Dragon.
    Dragon,
    /// Divine Influence: Bailiwick of Brandenburg.
    Brandenburg,
    /// Crimson & Amber Knight: Bailiwick of Utrecht.
    Utrecht,
    /// Crimson & Amber Knight: Order of the Holy Ghost.
    HolyGhost,
}

impl Order {
    /// The ten base-game orders.
    pub const BASE: [Order; 10] = [
        Order::Alcantara,
        Order::Aviz,
        Order::Calatrava,
        Order::HolySepulchre,
        Order::Hospitaller,
        Order::Montesa,
        Order::Santiago,
        Order::StLazarus,
        Order::Templar,
        Order::Teutonic,
    ];

    /// The four Divine Influence orders.
    pub const DIVINE_INFLUENCE: [Order; 4] = [
        Order::FemaleBand,
        Order::Livonian,
        Order::Dragon,
        Order::Brandenburg,
    ];

    /// The two Crimson & Amber Knight orders.
    pub const CRIMSON_AMBER: [Order; 2] = [Order::Utrecht, Order::HolyGhost];

    /// Every order.
    pub const ALL: [Order; 16] = [
        Order::Alcantara,
        Order::Aviz,
        Order::Calatrava,
        Order::HolySepulchre,
        Order::Hospitaller,
        Order::Montesa,
        Order::Santiago,
        Order::StLazarus,
        Order::Templar,
        Order::Teutonic,
        Order::FemaleBand,
        Order::Livonian,
        Order::Dragon,
        Order::Brandenburg,
        Order::Utrecht,
        Order::HolyGhost,
    ];

    /// The data-file id.
    pub fn id(self) -> &'static str {
        match self {
            Order::Alcantara => "alcantara",
            Order::Aviz => "aviz",
            Order::Calatrava => "calatrava",
            Order::HolySepulchre => "holy_sepulchre",
            Order::Hospitaller => "hospitaller",
            Order::Montesa => "montesa",
            Order::Santiago => "santiago",
            Order::StLazarus => "st_lazarus",
            Order::Templar => "templar",
            Order::Teutonic => "teutonic",
            Order::FemaleBand => "female_band",
            Order::Livonian => "livonian",
            Order::Dragon => "dragon",
            Order::Brandenburg => "brandenburg",
            Order::Utrecht => "utrecht",
            Order::HolyGhost => "holy_ghost",
        }
    }

    /// Parses a data-file id.
    pub fn from_id(id: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.id() == id)
    }

    /// Dense index.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A region of the board, dense per board side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct RegionId(pub u8);

impl RegionId {
    /// Dense index.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A wheel position 0..=5, clockwise from the top-right wedge.
pub type Pos = u8;

/// Number of wedges on a wheel.
pub const WEDGES: usize = 6;
