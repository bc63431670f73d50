//! What a viewer may see: the public board plus the viewer's own secrets.

use serde::{Deserialize, Serialize};

use ordo_core::{Seat, Viewer};

use crate::data::{BonusTile, InfluenceTile, Side};
use crate::state::{Crusaders, Phase, ScoreBreakdown, Step, Variant, OFF};
use crate::types::{Act, BuildingKind, Enemy, EnemyKind, Order, Pos, RegionId, SaracenFace};

/// A viewer's picture of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// Who this view is for.
    pub viewer: Viewer,
    /// Number of players.
    pub players: u8,
    /// Variant.
    pub variant: Variant,
    /// Board side.
    pub side: Side,
    /// The seat that took the first turn.
    pub start_player: Seat,
    /// What is being decided.
    pub phase: PhaseView,
    /// Influence left in the supply (negative once overdrawn).
    pub supply: i32,
    /// Whether the supply has run out (the round is being finished).
    pub end_triggered: bool,
    /// Completed turns.
    pub turns: u32,
    /// Current Prussian strength and track position.
    pub prussian: TrackView,
    /// Current Slav strength and track position.
    pub slav: TrackView,
    /// Regions with something on them, ascending by id.
    pub regions: Vec<RegionView>,
    /// One entry per seat.
    pub seats: Vec<PlayerView>,
    /// Final scores once the game is over.
    pub final_scores: Option<Vec<ScoreBreakdown>>,
}

/// A strength track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TrackView {
    /// Marker position (0 = start).
    pub position: u8,
    /// Strength at the marker.
    pub strength: u8,
}

/// The decision being made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum PhaseView {
    /// Everyone secretly keeps one of their dealt knight orders.
    PickOrders,
    /// Knight Tournament: everyone secretly chooses an order and a wheel.
    Tournament,
    /// A player applies the setup choices of their order.
    OrderSetup {
        /// Who.
        seat: Seat,
    },
    /// A player places their starting knight (reverse turn order).
    StartRegion {
        /// Who.
        seat: Seat,
    },
    /// A player's turn.
    Turn {
        /// Whose turn.
        seat: Seat,
        /// The step of the turn.
        step: StepView,
        /// The wedge used this turn.
        wedge: Pos,
        /// The second action of a split wedge, still to come.
        pending: Option<(Act, u8)>,
    },
    /// The game is over.
    Over,
}

/// The step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum StepView {
    /// Choosing resolve / upgrade / skip.
    Choose,
    /// Splitting an upgraded wedge's tokens.
    Split,
    /// Travelling with points left.
    Travel {
        /// Movement points left.
        points: u8,
    },
    /// Choosing how many one-shot influence tiles to spend on the action.
    Boost {
        /// The action.
        act: Act,
        /// Tokens on it.
        x: u8,
    },
    /// Divine Influence: choosing an influence tile to take.
    Influence {
        /// Influence value.
        value: u8,
    },
    /// Choosing a wedge to flip to its upgraded side (influence tile or Vault).
    Flip,
    /// Choosing a building for the Mill to remove from the player board.
    Mill {
        /// The Mill's level.
        level: u8,
    },
    /// After the turn: an extra distribution.
    ExtraDistribute,
    /// Choosing an enemy to crusade against.
    Crusade {
        /// Crusade value.
        value: u8,
    },
    /// Choosing a Saracen reward.
    Saracen {
        /// The defeated token's face.
        face: SaracenFace,
    },
    /// Choosing what to build.
    Build {
        /// Build value.
        value: u8,
    },
    /// After upgrading: choosing a wedge to distribute, or none.
    UpgradeDistribute,
    /// Skipping the turn: choosing a wedge to distribute.
    SkipDistribute,
    /// Choosing how to distribute (order powers).
    Sow,
}

/// One region's pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RegionView {
    /// Region id.
    pub id: RegionId,
    /// Enemy token, face up.
    pub enemy: Option<Enemy>,
    /// Building-bonus tile.
    pub tile: Option<BonusTile>,
    /// Buildings: owner, type, level.
    pub buildings: Vec<BuildingView>,
    /// Knights here: (owner, knight index).
    pub knights: Vec<(Seat, u8)>,
    /// Divine Influence: the influence tile still here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub influence_tile: Option<InfluenceTile>,
    /// Divine Influence: seats with a coat of arms here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arms: Vec<Seat>,
}

/// A building on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BuildingView {
    /// Owner.
    pub owner: Seat,
    /// Type.
    pub kind: BuildingKind,
    /// Level 1–4.
    pub level: u8,
}

/// One wedge of a wheel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WedgeView {
    /// Basic action.
    pub basic: Act,
    /// Action added by the upgrade.
    pub secondary: Act,
    /// Upgraded side up.
    pub upgraded: bool,
    /// Tokens on it.
    pub tokens: u8,
}

/// A player's board as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The knight order (hidden from others until every player has chosen).
    pub order: Option<Order>,
    /// Order tiles dealt to this seat: only in the seat's own view, while choosing.
    pub offered: Option<Vec<Order>>,
    /// Whether the seat has made its secret setup choice.
    pub chosen: bool,
    /// Position in turn order (0 = start player).
    pub turn_rank: u32,
    /// The action wheel, position 0..5 (empty while hidden in Knight Tournament).
    pub wheel: Vec<WedgeView>,
    /// Per building type (castle, church, farm, bank, keep, chapel, mill, vault): bit `l` set
    /// when level `l + 1` has left the player board (built, or removed by a Mill).
    pub off_board: [u8; 8],
    /// Face-up troops.
    pub troops_up: u8,
    /// Knights: region, or `None` while waiting on the player board / not in play.
    pub knights: Vec<Option<RegionId>>,
    /// Defeated enemies: Prussian, Slav, Saracen.
    pub defeated: [u8; 3],
    /// Influence collected.
    pub influence: i32,
    /// Permanent bonuses: travel, muster, crusade, influence, build.
    pub bonus: [u8; 5],
    /// Female Order of the Band: the wedge holding the giant token (worth 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giant: Option<Pos>,
    /// Order of the Holy Ghost: the marked enemy type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<EnemyKind>,
    /// Divine Influence: influence tiles collected, unspent one-shot tiles per action, end-game
    /// tiles, Chapel tokens and coats of arms left, Vault I–III points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divine: Option<DivineView>,
}

/// A player's Divine Influence pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DivineView {
    /// Influence tiles collected (face up or down).
    pub tiles: u8,
    /// Unspent one-shot tiles: travel, muster, crusade, influence, build.
    pub one_shot: [u8; 5],
    /// End-game tiles held.
    pub end_tiles: u8,
    /// Chapel action tokens left.
    pub chapel_tokens: u8,
    /// Coats of arms left.
    pub arms_left: u8,
    /// Vault I–III end-game Influence.
    pub vault_points: u8,
}

pub(crate) fn build(g: &Crusaders, viewer: Viewer) -> View {
    let core = &g.core;
    let secret_phase = matches!(core.phase, Phase::PickOrders | Phase::Tournament);
    let tables = g.tables();
    let seats = core
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            let own = viewer == Viewer::Seat(seat);
            let hide_wheel = core.phase == Phase::Tournament && !own;
            PlayerView {
                seat,
                order: if secret_phase {
                    if own {
                        p.picked
                    } else {
                        None
                    }
                } else {
                    p.order
                },
                offered: if own && core.phase == Phase::PickOrders {
                    let mut o: Vec<Order> = p.offered.to_vec();
                    o.sort_unstable();
                    Some(o)
                } else {
                    None
                },
                chosen: match core.phase {
                    Phase::PickOrders => p.picked.is_some(),
                    Phase::Tournament => {
                        p.picked.is_some() && usize::from(p.placed) == p.wheel.len()
                    }
                    _ => true,
                },
                turn_rank: g.turn_rank(seat),
                wheel: if hide_wheel {
                    Vec::new()
                } else {
                    let shown = if core.phase == Phase::Tournament {
                        usize::from(p.placed)
                    } else {
                        p.wheel.len()
                    };
                    p.wheel[..shown]
                        .iter()
                        .map(|w| {
                            let d = &tables.wedges[usize::from(w.id)];
                            WedgeView {
                                basic: d.basic,
                                secondary: d.secondary,
                                upgraded: w.upgraded,
                                tokens: w.tokens,
                            }
                        })
                        .collect()
                },
                off_board: p.off,
                troops_up: p.troops_up,
                knights: p
                    .knights
                    .iter()
                    .map(|&r| if r == OFF { None } else { Some(RegionId(r)) })
                    .collect(),
                defeated: p.defeated,
                influence: p.influence,
                bonus: p.bonus,
                giant: p.giant,
                mark: p.mark,
                divine: g.di().then_some(DivineView {
                    tiles: p.tiles,
                    one_shot: p.one_shot,
                    end_tiles: p.end_tiles,
                    chapel_tokens: p.chapel_left,
                    arms_left: p.arms_left,
                    vault_points: p.vault_points,
                }),
            }
        })
        .collect();
    let board = g.board();
    let regions = (0..board.regions.len())
        .filter_map(|i| {
            let rs = &core.regions[i];
            let knights: Vec<(Seat, u8)> = core
                .players
                .iter()
                .enumerate()
                .flat_map(|(s, p)| {
                    p.knights
                        .iter()
                        .enumerate()
                        .filter(move |(_, &r)| usize::from(r) == i)
                        .map(move |(k, _)| (Seat(s as u8), k as u8))
                })
                .collect();
            let buildings: Vec<BuildingView> = rs
                .placed()
                .map(|b| BuildingView {
                    owner: Seat(b.owner),
                    kind: b.kind,
                    level: b.level,
                })
                .collect();
            let influence_tile = rs
                .itile
                .and_then(|t| tables.di.tiles.get(usize::from(t)).copied());
            let arms: Vec<Seat> = (0..core.n)
                .filter(|s| rs.arms & (1 << s) != 0)
                .map(Seat)
                .collect();
            if rs.enemy.is_none()
                && rs.tile.is_none()
                && buildings.is_empty()
                && knights.is_empty()
                && influence_tile.is_none()
                && arms.is_empty()
            {
                None
            } else {
                Some(RegionView {
                    id: RegionId(i as u8),
                    enemy: rs.enemy,
                    tile: rs.tile,
                    buildings,
                    knights,
                    influence_tile,
                    arms,
                })
            }
        })
        .collect();
    let phase = match core.phase {
        Phase::PickOrders => PhaseView::PickOrders,
        Phase::Tournament => PhaseView::Tournament,
        Phase::OrderSetup { .. } | Phase::Start { .. } => match g.to_act_seat() {
            Some(seat) if matches!(core.phase, Phase::OrderSetup { .. }) => {
                PhaseView::OrderSetup { seat }
            }
            Some(seat) => PhaseView::StartRegion { seat },
            None => PhaseView::Over,
        },
        Phase::Turn { seat, step } => PhaseView::Turn {
            seat: Seat(seat),
            step: match step {
                Step::Choose => StepView::Choose,
                Step::Split { .. } => StepView::Split,
                Step::Travel { points } => StepView::Travel { points },
                Step::Crusade { value } => StepView::Crusade { value },
                Step::Saracen { face, .. } => StepView::Saracen { face },
                Step::Build { value } => StepView::Build { value },
                Step::UpgradeSow => StepView::UpgradeDistribute,
                Step::Boost { act, x } => StepView::Boost { act, x },
                Step::Influence { value } => StepView::Influence { value },
                Step::Flip => StepView::Flip,
                Step::Mill { level, .. } => StepView::Mill { level },
                Step::ExtraSow => StepView::ExtraDistribute,
                Step::SkipSow => StepView::SkipDistribute,
                Step::Sow { .. } => StepView::Sow,
            },
            wedge: core.turn_pos,
            pending: core.pending,
        },
        Phase::Over => PhaseView::Over,
    };
    View {
        viewer,
        players: core.n,
        variant: g.config.variant,
        side: core.side,
        start_player: Seat(core.start),
        phase,
        supply: core.supply,
        end_triggered: core.end_triggered,
        turns: core.turns,
        prussian: TrackView {
            position: core.tracks[0],
            strength: g.strength(crate::types::EnemyKind::Prussian),
        },
        slav: TrackView {
            position: core.tracks[1],
            strength: g.strength(crate::types::EnemyKind::Slav),
        },
        regions,
        seats,
        final_scores: core.final_scores.as_ref().map(|f| f.to_vec()),
    }
}

impl Crusaders {
    fn to_act_seat(&self) -> Option<Seat> {
        use ordo_core::{Game, ToAct};
        match self.to_act() {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }
}
