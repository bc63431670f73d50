//! Decisions: every click of a Crusaders turn is one [`Action`].

use serde::{Deserialize, Serialize};

use crate::types::{Act, BuildingKind, EnemyKind, Order, Pos, RegionId};

/// How to distribute (sow) the tokens of a wedge, for orders whose powers change sowing.
///
/// Only choices the player's order allows are listed, and only those that lead to different
/// wheels (a no-op power choice is not offered twice).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SowChoice {
    /// Teutonic Knights: sow counter-clockwise.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ccw: bool,
    /// Aviz / Santiago: the first token goes back on the emptied wedge.
    #[serde(default, skip_serializing_if = "is_false")]
    pub origin: bool,
    /// Knights Hospitaller: skip this wedge the first time sowing reaches it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<Pos>,
    /// Knights Templar: drop two tokens on this wedge the first time sowing reaches it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double: Option<Pos>,
    /// Female Order of the Band: the wedge the giant token lands on, when it is sown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giant: Option<Pos>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One atomic decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Setup: keep this knight order (from the tiles dealt to you, or any in Knight Tournament).
    PickOrder {
        /// The order.
        order: Order,
    },
    /// Knight Tournament setup: put this wedge (data index) on the next free wheel position.
    PlaceWedge {
        /// Wedge index into the wedge table.
        wedge: u8,
    },
    /// Order setup (Alcántara, Aviz): put the extra action token on this wedge.
    SetupToken {
        /// Wheel position.
        pos: Pos,
    },
    /// Order setup (Hospitaller, St. Lazarus, Templar): this wedge starts with one token.
    SetupSingle {
        /// Wheel position.
        pos: Pos,
    },
    /// Order setup (Alcántara, Santiago, St. Lazarus): upgrade this wedge.
    SetupUpgrade {
        /// Wheel position.
        pos: Pos,
    },
    /// Setup: place the starting knight in this start region.
    Start {
        /// Region.
        region: RegionId,
    },
    /// Turn option A: resolve the wedge at this position.
    Resolve {
        /// Wheel position.
        pos: Pos,
    },
    /// Turn option B: upgrade the wedge at this position.
    Upgrade {
        /// Wheel position.
        pos: Pos,
    },
    /// Turn option C (all wedges upgraded): skip the turn and distribute one wedge.
    SkipTurn,
    /// Upgraded wedge: give `tokens` to action `first`, resolved first; the rest go to the other
    /// action, resolved second (not at all if none are left).
    Split {
        /// The action resolved first.
        first: Act,
        /// Tokens (pieces) assigned to it (at least 1).
        tokens: u8,
        /// Female Order of the Band: the giant token is among the first action's pieces.
        #[serde(default, skip_serializing_if = "is_false")]
        giant: bool,
    },
    /// Travel: move one knight to an adjacent region.
    Move {
        /// The knight (index among your knights).
        knight: u8,
        /// Destination.
        to: RegionId,
    },
    /// Travel: stop moving (remaining points are lost).
    EndTravel,
    /// Crusade against the enemy in this region.
    Crusade {
        /// Region with your knight and the enemy.
        region: RegionId,
    },
    /// After defeating a Saracen: take the pictured building or troop (`true`) or 3 Influence.
    SaracenReward {
        /// Take the free building or troop.
        take: bool,
    },
    /// Build the next building of a type in a region.
    Build {
        /// Building type.
        building: BuildingKind,
        /// Region with your knight.
        region: RegionId,
    },
    /// Decline to complete the current action (it has no effect).
    Forgo,
    /// Distribute the tokens of this wedge (after upgrading, or when skipping a turn).
    Distribute {
        /// Wheel position.
        pos: Pos,
    },
    /// After upgrading: distribute nothing.
    NoDistribute,
    /// Distribute with the chosen order powers.
    Sow {
        /// Power choices.
        choice: SowChoice,
    },
    /// Female Order of the Band setup: the giant token replaces the two tokens of this wedge.
    SetupGiant {
        /// Wheel position.
        pos: Pos,
    },
    /// Order of the Holy Ghost setup: mark this enemy type.
    SetupMark {
        /// Enemy type.
        enemy: EnemyKind,
    },
    /// Divine Influence: spend this many one-shot influence tiles of the action's type (+1 each).
    Boost {
        /// Tiles spent (0 = none).
        count: u8,
    },
    /// Divine Influence Influence action: take the influence tile of this region.
    TakeTile {
        /// Region.
        region: RegionId,
    },
    /// Divine Influence (influence tile or Vault): flip this wedge to its upgraded side.
    FlipWedge {
        /// Wheel position.
        pos: Pos,
    },
    /// Divine Influence Mill: remove this building from your player board, uncovering its bonus.
    MillRemove {
        /// Base building type.
        building: BuildingKind,
        /// Its level (1–4).
        level: u8,
    },
    /// Bailiwick of Utrecht: swap the enemy in `region` (your knight's) with the enemy in the
    /// adjacent region `with`, then crusade against the enemy now in `region`.
    CrusadeSwap {
        /// Your knight's region.
        region: RegionId,
        /// The adjacent region.
        with: RegionId,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_small() {
        assert!(
            std::mem::size_of::<Action>() <= 10,
            "{}",
            std::mem::size_of::<Action>()
        );
    }

    #[test]
    fn action_json_shape() {
        let a = Action::Move {
            knight: 1,
            to: RegionId(7),
        };
        let json = serde_json::to_string(&a).unwrap_or_default();
        assert_eq!(json, r#"{"type":"move","knight":1,"to":7}"#);
        let back: Action = serde_json::from_str(&json).unwrap_or(Action::Forgo);
        assert_eq!(back, a);
        let s = Action::Sow {
            choice: SowChoice {
                ccw: true,
                ..SowChoice::default()
            },
        };
        assert_eq!(
            serde_json::to_string(&s).unwrap_or_default(),
            r#"{"type":"sow","choice":{"ccw":true}}"#
        );
    }
}
