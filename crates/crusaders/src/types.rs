//! Vocabulary types: actions kinds, buildings, enemies, orders, region ids.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the five actions printed on wedges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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

/// A base-game building type (one row of the player board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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
}

impl BuildingKind {
    /// All kinds in row order.
    pub const ALL: [BuildingKind; 4] = [
        BuildingKind::Castle,
        BuildingKind::Church,
        BuildingKind::Farm,
        BuildingKind::Bank,
    ];

    /// Dense index.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            BuildingKind::Castle => "castle",
            BuildingKind::Church => "church",
            BuildingKind::Farm => "farm",
            BuildingKind::Bank => "bank",
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
#[serde(rename_all = "snake_case")]
pub enum SaracenFace {
    /// The next building of this kind, free.
    Building(BuildingKind),
    /// The next troop, free.
    Troop,
}

/// An enemy token on the board or in a defeated pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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
        }
    }

    /// Parses a data-file id.
    pub fn from_id(id: &str) -> Option<Order> {
        Order::BASE.into_iter().find(|o| o.id() == id)
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
