//! The Crusaders state machine: setup, turns, actions, sowing, end and scoring, for the base game
//! and the Divine Influence and Crimson & Amber Knight expansions.

use std::hash::Hash;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use ordo_core::{ActionList, ConfigError, GameRng, Seat};

use crate::action::{Action, SowChoice};
use crate::data::{tables, Board, BonusTile, Endgame, Side, Tables, TileEffect, MAX_REGIONS};
use crate::types::{
    Act, BuildingKind, Enemy, EnemyKind, Order, Pos, RegionId, SaracenFace, WEDGES,
};

/// Marks a knight that is not on the map.
pub(crate) const OFF: u8 = u8::MAX;

/// Wheel layout variants (rules §11).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// One random wheel order shared by all players.
    #[default]
    Standard,
    /// Fixed wheel with two wedges already upgraded; upgrading is not allowed.
    Learning,
    /// Fixed wheel, basic sides up; upgrading allowed.
    FirstStandard,
    /// Each player's wheel is randomised independently.
    Unpredictable,
    /// Each player chooses an order (duplicates allowed) and a wheel order.
    KnightTournament,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 5] = [
        Variant::Standard,
        Variant::Learning,
        Variant::FirstStandard,
        Variant::Unpredictable,
        Variant::KnightTournament,
    ];

    /// The config name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Learning => "learning",
            Variant::FirstStandard => "first_standard",
            Variant::Unpredictable => "unpredictable",
            Variant::KnightTournament => "knight_tournament",
        }
    }

    /// Parses a config name.
    pub fn from_name(s: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == s)
    }
}

/// Expansions in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct Expansions {
    /// Divine Influence: new Influence action and tiles, Keep/Chapel/Mill/Vault, four orders.
    pub divine_influence: bool,
    /// Crimson & Amber Knight: 5–6 players, shared buildings, two orders.
    pub crimson_amber: bool,
}

impl Expansions {
    /// Neither expansion.
    pub fn is_base(&self) -> bool {
        !self.divine_influence && !self.crimson_amber
    }
}

/// Table options. Public fields; checked by [`Game::new_game`](ordo_core::Game::new_game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Number of players: 2–4, or 5–6 with Crimson & Amber Knight.
    pub players: u8,
    /// Wheel layout variant.
    pub variant: Variant,
    /// Play with knight orders (always on in Knight Tournament).
    pub orders: bool,
    /// Board Game Arena rule: a player dealt the Knights of Calatrava is offered a third tile.
    pub calatrava_third: bool,
    /// Expansions (absent from base-game records).
    #[serde(skip_serializing_if = "Expansions::is_base")]
    pub expansions: Expansions,
    /// House rule for six players with Crimson & Amber Knight: the shared-building rule, which
    /// the rules give for five players, applies at six too (the reading of rules revisions 1–2).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shared_buildings_at_six: bool,
    /// The revision of Ordo's rules the table is played under ([`RULES_LATEST`] unless given).
    /// A table keeps the revision it was created with, so a stored game always replays as it
    /// was played: revision 1 lets a Mill remove a building of its level or lower (D12);
    /// revisions 1–2 use a supply of 50 + 50 per player, let the Order of the Dragon build only
    /// beside a base building and apply the shared-building rule at six players (C40).
    #[cfg_attr(feature = "ts", ts(skip))]
    pub rules: u8,
    /// The owner's data pack the table plays with (its id, see `ordo_core::pack`); absent: the
    /// built-in data.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "string"))]
    pub data: Option<ordo_core::pack::PackId>,
}

/// The current rules revision (see `docs/rules-decisions.md`, C40).
pub const RULES_LATEST: u8 = 3;

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            variant: Variant::Standard,
            orders: true,
            calatrava_third: true,
            expansions: Expansions::default(),
            shared_buildings_at_six: false,
            rules: RULES_LATEST,
            data: None,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Wedge {
    pub(crate) id: u8,
    pub(crate) upgraded: bool,
    /// Pieces on the wedge (the giant token is one piece).
    pub(crate) tokens: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SetupTask {
    Token,
    Single,
    Upgrade,
    Giant,
    Mark,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Player {
    pub(crate) order: Option<Order>,
    /// Secret until every order is revealed.
    pub(crate) picked: Option<Order>,
    /// Tiles dealt (secret).
    pub(crate) offered: ArrayVec<Order, 3>,
    pub(crate) wheel: [Wedge; WEDGES],
    /// Knight Tournament: wedges placed so far.
    pub(crate) placed: u8,
    pub(crate) setup: ArrayVec<SetupTask, 4>,
    /// Per building kind, bit `l` set: level `l + 1` has left the player board (built, or
    /// removed by a Mill).
    pub(crate) off: [u8; 8],
    pub(crate) troops_up: u8,
    /// Region per knight: 0 = starting knight, 1–2 = released by castles, 3 = Montesa's black knight.
    pub(crate) knights: [u8; 4],
    pub(crate) defeated: [u8; 3],
    pub(crate) influence: i32,
    /// Permanent bonuses per action (uncovered buildings, permanent influence tiles).
    pub(crate) bonus: [u8; 5],
    /// Female Order of the Band: the wedge holding the giant token.
    pub(crate) giant: Option<Pos>,
    pub(crate) chapel_left: u8,
    pub(crate) arms_left: u8,
    /// Influence tiles collected (face up or down).
    pub(crate) tiles: u8,
    /// Unspent one-shot tiles per action.
    pub(crate) one_shot: [u8; 5],
    /// End-game tiles held.
    pub(crate) end_tiles: u8,
    /// Vault I–III end-game Influence.
    pub(crate) vault_points: u8,
    /// Order of the Holy Ghost: the marked enemy type.
    pub(crate) mark: Option<EnemyKind>,
}

impl Player {
    fn new() -> Player {
        Player {
            order: None,
            picked: None,
            offered: ArrayVec::new(),
            wheel: [Wedge::default(); WEDGES],
            placed: 0,
            setup: ArrayVec::new(),
            off: [0; 8],
            troops_up: 0,
            knights: [OFF; 4],
            defeated: [0; 3],
            influence: 0,
            bonus: [0; 5],
            giant: None,
            chapel_left: 0,
            arms_left: 0,
            tiles: 0,
            one_shot: [0; 5],
            end_tiles: 0,
            vault_points: 0,
            mark: None,
        }
    }

    pub(crate) fn knights_on_map(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.knights
            .iter()
            .enumerate()
            .filter(|(_, &r)| r != OFF)
            .map(|(i, &r)| (i as u8, r))
    }

    /// The lowest level of `kind` still on the player board.
    pub(crate) fn next_level(&self, kind: BuildingKind) -> Option<u8> {
        (0..4u8)
            .find(|l| self.off[kind.index()] & (1 << l) == 0)
            .map(|l| l + 1)
    }

    /// Whether level `level` of `kind` has left the player board.
    pub(crate) fn is_off(&self, kind: BuildingKind, level: u8) -> bool {
        self.off[kind.index()] & (1 << (level - 1)) != 0
    }

    /// Action value of the wedge at `pos`: its pieces, the giant counting 2.
    pub(crate) fn wedge_value(&self, pos: Pos) -> u8 {
        self.wheel[usize::from(pos)].tokens + u8::from(self.giant == Some(pos))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Placed {
    pub(crate) owner: u8,
    pub(crate) kind: BuildingKind,
    pub(crate) level: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct RegionState {
    pub(crate) enemy: Option<Enemy>,
    pub(crate) tile: Option<BonusTile>,
    pub(crate) buildings: [Option<Placed>; 2],
    /// Divine Influence tile (index into the tile table).
    pub(crate) itile: Option<u8>,
    /// Divine Influence coats of arms: bit per seat.
    pub(crate) arms: u8,
}

impl RegionState {
    pub(crate) fn placed(&self) -> impl Iterator<Item = &Placed> {
        self.buildings.iter().flatten()
    }

    pub(crate) fn building_count(&self) -> usize {
        self.buildings.iter().filter(|b| b.is_some()).count()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    Choose,
    Split {
        pos: Pos,
    },
    Boost {
        act: Act,
        x: u8,
    },
    Travel {
        points: u8,
    },
    Crusade {
        value: u8,
    },
    Saracen {
        region: u8,
        face: SaracenFace,
    },
    Influence {
        value: u8,
    },
    Build {
        value: u8,
    },
    /// Choose a wedge to flip (immediate influence tile or Vault).
    Flip,
    Mill {
        level: u8,
        region: u8,
    },
    UpgradeSow,
    SkipSow,
    ExtraSow,
    Sow {
        pos: Pos,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    PickOrders,
    Tournament,
    OrderSetup { idx: u8 },
    Start { idx: u8 },
    Turn { seat: u8, step: Step },
    Over,
}

/// Final scoring of one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreBreakdown {
    /// Influence collected during play.
    pub influence: i32,
    /// Enemy majority awards: Prussian, Slav, Saracen.
    pub majorities: [i32; 3],
    /// Divine Influence: influence-tile majority award.
    #[serde(default)]
    pub tile_majority: i32,
    /// Level-IV building scoring (and, with Divine Influence, Vault I–III).
    pub buildings: i32,
    /// Divine Influence: end-game influence tiles.
    #[serde(default)]
    pub tiles: i32,
    /// Total.
    pub total: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    pub(crate) n: u8,
    pub(crate) start: u8,
    pub(crate) side: Side,
    pub(crate) players: ArrayVec<Player, 6>,
    pub(crate) regions: [RegionState; MAX_REGIONS],
    /// Track cursors: Prussian, Slav.
    pub(crate) tracks: [u8; 2],
    pub(crate) supply: i32,
    pub(crate) end_triggered: bool,
    pub(crate) phase: Phase,
    /// The wedge used this turn and the second action of a split wedge still to resolve.
    pub(crate) turn_pos: Pos,
    pub(crate) pending: Option<(Act, u8)>,
    pub(crate) turns: u32,
    pub(crate) final_scores: Option<ArrayVec<ScoreBreakdown, 6>>,
    /// Orders not dealt (face down; never shown).
    pub(crate) undealt: ArrayVec<Order, 16>,
    /// Chapel tokens to add at the end of this turn.
    pub(crate) chapel_adds: u8,
    /// A Keep, Chapel, Mill or Vault was built this turn (Livonian Brothers).
    pub(crate) new_building: bool,
    /// Extra distributions owed after this turn.
    pub(crate) extra_sows: u8,
    /// Regions each knight has occupied during the current Travel action (bit per region).
    pub(crate) visited: [u64; 4],
}

/// Immutable component data; compared by identity.
#[derive(Clone, Copy)]
pub(crate) struct Data(pub(crate) &'static Tables);

impl PartialEq for Data {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl std::fmt::Debug for Data {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.version)
    }
}

/// A game of Crusaders: Thy Will Be Done in progress. Built only by [`Game::new_game`](ordo_core::Game::new_game).
#[derive(Clone, Debug, PartialEq)]
pub struct Crusaders {
    pub(crate) config: Config,
    pub(crate) data: Data,
    pub(crate) rng: GameRng,
    pub(crate) core: Core,
}

/// Decisions in the longest games observed are far below this bound.
pub(crate) const MAX_DECISIONS: u32 = 30_000;

impl Crusaders {
    pub(crate) fn tables(&self) -> &'static Tables {
        self.data.0
    }

    pub(crate) fn board(&self) -> &'static Board {
        self.data.0.board(self.core.side)
    }

    pub(crate) fn di(&self) -> bool {
        self.config.expansions.divine_influence
    }

    /// Whether the Crimson & Amber building rule is in force: at five players (at six too under
    /// the house rule, and always at 5–6 under rules revisions 1–2).
    pub(crate) fn shared_buildings(&self) -> bool {
        let from = self.tables().ca.shared_building_from;
        let n = self.core.n;
        self.config.expansions.crimson_amber
            && if self.config.rules < 3 {
                n >= from
            } else {
                n == from || (n > from && self.config.shared_buildings_at_six)
            }
    }

    /// Number of completed turns.
    pub fn turns(&self) -> u32 {
        self.core.turns
    }

    /// The seat that takes the first turn.
    pub fn start_player(&self) -> Seat {
        Seat(self.core.start)
    }

    /// Position of `seat` in turn order (0 = start player).
    pub fn turn_rank(&self, seat: Seat) -> u32 {
        u32::from((seat.0 + self.core.n - self.core.start) % self.core.n)
    }

    /// Final score breakdown, once the game is over.
    pub fn final_scores(&self) -> Option<&[ScoreBreakdown]> {
        self.core.final_scores.as_ref().map(|v| v.as_slice())
    }

    /// Influence left in the supply (negative once overdrawn).
    pub fn supply(&self) -> i32 {
        self.core.supply
    }

    pub(crate) fn seat_at_rank(&self, rank: u8) -> u8 {
        (self.core.start + rank) % self.core.n
    }

    pub(crate) fn player(&self, seat: u8) -> &Player {
        &self.core.players[usize::from(seat)]
    }

    pub(crate) fn player_mut(&mut self, seat: u8) -> &mut Player {
        &mut self.core.players[usize::from(seat)]
    }

    /// The orders in the box for this configuration.
    pub(crate) fn deck(config: &Config) -> ArrayVec<Order, 16> {
        let mut d: ArrayVec<Order, 16> = Order::BASE.into_iter().collect();
        if config.expansions.divine_influence {
            d.extend(Order::DIVINE_INFLUENCE);
        }
        if config.expansions.crimson_amber {
            d.extend(Order::CRIMSON_AMBER);
        }
        d
    }

    fn track(&self, kind: EnemyKind) -> &'static [u8] {
        let t = self.tables();
        match (kind, self.di()) {
            (EnemyKind::Prussian, false) => &t.prussian_track,
            (EnemyKind::Prussian, true) => &t.di.prussian_track,
            (_, false) => &t.slav_track,
            (_, true) => &t.di.slav_track,
        }
    }

    /// Current strength of an enemy type.
    pub fn strength(&self, kind: EnemyKind) -> u8 {
        match kind {
            EnemyKind::Prussian | EnemyKind::Slav => {
                let track = self.track(kind);
                track
                    .get(usize::from(self.core.tracks[kind.index()]))
                    .copied()
                    .unwrap_or(0)
            }
            EnemyKind::Saracen => self.tables().saracen_strength,
        }
    }

    /// Troop `i` (0-based, left to right): cost and Influence.
    pub(crate) fn troop(&self, i: u8) -> Option<(u8, u8)> {
        let t = self.tables();
        let i = usize::from(i);
        if i < t.troops.len() {
            Some(t.troops[i])
        } else if self.di() {
            t.di.extra_troops.get(i - t.troops.len()).copied()
        } else {
            None
        }
    }

    /// The Crusade bonus of the first `up` troops, face up (each troop's data value; C42).
    fn troops_crusade(&self, up: u8) -> i16 {
        let t = self.tables();
        let extra: &[u8] = if self.di() {
            &t.di.extra_troop_crusade
        } else {
            &[]
        };
        t.troop_crusade
            .iter()
            .chain(extra)
            .take(usize::from(up))
            .map(|&c| i16::from(c))
            .sum()
    }

    /// Effective value of an action with `x` tokens for `seat` (rules §5), before one-shot tiles.
    pub fn action_value(&self, seat: Seat, act: Act, x: u8) -> u8 {
        let p = self.player(seat.0);
        let mut v = i16::from(x) + i16::from(p.bonus[act.index()]);
        if act == Act::Crusade {
            v += self.troops_crusade(p.troops_up);
        }
        match (p.order, act) {
            (Some(Order::Calatrava), _) => v += 1,
            (Some(Order::Montesa), Act::Travel) => v += 1,
            (Some(Order::HolySepulchre), Act::Travel) => v -= 1,
            _ => {}
        }
        v.clamp(0, 255) as u8
    }

    fn upgrades_allowed(&self) -> bool {
        self.config.variant != Variant::Learning
    }

    fn gain(&mut self, seat: u8, amount: u8) {
        if amount == 0 {
            return;
        }
        self.player_mut(seat).influence += i32::from(amount);
        self.core.supply -= i32::from(amount);
        if self.core.supply <= 0 {
            self.core.end_triggered = true;
        }
    }

    // ---------- setup ----------

    pub(crate) fn setup(config: &Config, seed: u64) -> Result<Crusaders, ConfigError> {
        let tables = match &config.data {
            None => tables().map_err(|e| {
                ConfigError::Data(format!(
                    "{} problems, first: {}",
                    e.len(),
                    e.first().map(ToString::to_string).unwrap_or_default()
                ))
            })?,
            Some(id) => {
                &crate::data::pack(*id)
                    .ok_or_else(|| {
                        ConfigError::Data(format!(
                            "the data pack {id} is not loaded (give its directory with --data)"
                        ))
                    })?
                    .tables
            }
        };
        let max = if config.expansions.crimson_amber {
            6
        } else {
            4
        };
        if !(2..=max).contains(&config.players) {
            return Err(ConfigError::PlayerCount {
                players: config.players,
                min: 2,
                max,
            });
        }
        if !(1..=RULES_LATEST).contains(&config.rules) {
            return Err(ConfigError::Invalid {
                option: "rules".into(),
                reason: format!(
                    "rules revision {} is unknown (1 to {RULES_LATEST})",
                    config.rules
                ),
            });
        }
        if config.shared_buildings_at_six
            && !(config.expansions.crimson_amber && config.players == 6 && config.rules >= 3)
        {
            return Err(ConfigError::Invalid {
                option: "shared_buildings_at_six".into(),
                reason: "the house rule is for six players with Crimson & Amber Knight (rules \
                         revision 3 or later)"
                    .into(),
            });
        }
        let pc = tables
            .player_counts
            .get(&config.players)
            .ok_or_else(|| ConfigError::Invalid {
                option: "players".into(),
                reason: "no supply data for this player count".into(),
            })?;
        let n = config.players;
        let di = config.expansions.divine_influence;
        let mut rng = GameRng::from_seed(seed);
        let start = rng.below(u32::from(n)) as u8;
        let board = tables.board(pc.side);
        let mut regions = [RegionState::default(); MAX_REGIONS];
        let mut pool = tables.enemy_pool.clone();
        rng.shuffle(&mut pool);
        for (r, e) in board.flags.iter().zip(pool) {
            regions[r.index()].enemy = Some(e);
        }
        let mut tiles = tables.bonus_tiles.clone();
        rng.shuffle(&mut tiles);
        for (r, t) in board.bonus_spaces.iter().zip(tiles) {
            regions[r.index()].tile = Some(t);
        }
        if di {
            // Every region except Paris gets a random tile or, when tiles run short, none.
            let spaces: Vec<usize> = board
                .regions
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.paris)
                .map(|(i, _)| i)
                .collect();
            let mut deal: Vec<Option<u8>> = (0..tables.di.tiles.len() as u8).map(Some).collect();
            deal.resize(deal.len().max(spaces.len()), None);
            rng.shuffle(&mut deal);
            for (r, id) in spaces.into_iter().zip(deal) {
                regions[r].itile = id;
            }
        }
        let mut players: ArrayVec<Player, 6> = (0..n).map(|_| Player::new()).collect();
        if di {
            for p in players.iter_mut() {
                p.chapel_left = tables.di.chapel_tokens;
                p.arms_left = tables.di.coats_of_arms;
            }
        }
        let layout_of = |name: &str| -> Result<[Wedge; WEDGES], ConfigError> {
            let l = tables
                .layouts
                .get(name)
                .ok_or_else(|| ConfigError::Data(format!("layout `{name}` missing")))?;
            Ok(l.map(|(id, up)| Wedge {
                id,
                upgraded: up,
                tokens: 2,
            }))
        };
        let random_wheel = |rng: &mut GameRng| {
            let mut ids: [u8; WEDGES] = [0, 1, 2, 3, 4, 5];
            rng.shuffle(&mut ids);
            ids.map(|id| Wedge {
                id,
                upgraded: false,
                tokens: 2,
            })
        };
        match config.variant {
            Variant::Standard => {
                let w = random_wheel(&mut rng);
                players.iter_mut().for_each(|p| p.wheel = w);
            }
            Variant::Unpredictable => players
                .iter_mut()
                .for_each(|p| p.wheel = random_wheel(&mut rng)),
            Variant::Learning => {
                let w = layout_of("learning")?;
                players.iter_mut().for_each(|p| p.wheel = w);
            }
            Variant::FirstStandard => {
                let w = layout_of("first_standard")?;
                players.iter_mut().for_each(|p| p.wheel = w);
            }
            Variant::KnightTournament => {}
        }
        let mut undealt: ArrayVec<Order, 16> = ArrayVec::new();
        let phase = if config.variant == Variant::KnightTournament {
            Phase::Tournament
        } else if config.orders {
            let mut deck = Crusaders::deck(config);
            rng.shuffle(&mut deck);
            let mut it = deck.into_iter();
            for p in players.iter_mut() {
                p.offered.extend(it.by_ref().take(2));
            }
            if config.calatrava_third {
                for p in players.iter_mut() {
                    if p.offered.contains(&Order::Calatrava) {
                        p.offered.extend(it.by_ref().take(1));
                    }
                }
            }
            undealt.extend(it);
            Phase::PickOrders
        } else {
            Phase::Start { idx: 0 }
        };
        Ok(Crusaders {
            config: config.clone(),
            data: Data(tables),
            rng,
            core: Core {
                n,
                start,
                side: pc.side,
                players,
                regions,
                tracks: [0, 0],
                supply: Crusaders::supply_for(config, pc),
                end_triggered: false,
                phase,
                turn_pos: 0,
                pending: None,
                turns: 0,
                final_scores: None,
                undealt,
                chapel_adds: 0,
                new_building: false,
                extra_sows: 0,
                visited: [0; 4],
            },
        })
    }

    /// All orders are known: reveal them and apply their automatic setup effects.
    pub(crate) fn reveal_orders(&mut self) {
        let tables = self.tables();
        for p in self.core.players.iter_mut() {
            let Some(order) = p.picked.take() else {
                continue;
            };
            p.order = Some(order);
            match order {
                Order::Calatrava => p.wheel.iter_mut().for_each(|w| w.tokens = 1),
                Order::HolySepulchre => {
                    for w in p.wheel.iter_mut() {
                        if tables.wedges[usize::from(w.id)].basic == Act::Travel {
                            w.tokens += 1;
                        }
                    }
                }
                Order::Alcantara => p.setup.extend([SetupTask::Token, SetupTask::Upgrade]),
                Order::Aviz => p.setup.push(SetupTask::Token),
                Order::Hospitaller => p.setup.push(SetupTask::Single),
                Order::Santiago => p.setup.push(SetupTask::Upgrade),
                Order::StLazarus => p.setup.extend([
                    SetupTask::Single,
                    SetupTask::Upgrade,
                    SetupTask::Upgrade,
                    SetupTask::Upgrade,
                ]),
                Order::Templar => p.setup.extend([SetupTask::Single, SetupTask::Single]),
                Order::FemaleBand => p.setup.push(SetupTask::Giant),
                Order::HolyGhost => p.setup.extend([SetupTask::Mark, SetupTask::Single]),
                Order::Montesa
                | Order::Teutonic
                | Order::Livonian
                | Order::Dragon
                | Order::Brandenburg
                | Order::Utrecht => {}
            }
        }
        self.core.phase = Phase::OrderSetup { idx: 0 };
        self.advance_setup();
    }

    /// Moves past players with no setup task left.
    pub(crate) fn advance_setup(&mut self) {
        while let Phase::OrderSetup { idx } = self.core.phase {
            if idx >= self.core.n {
                self.core.phase = Phase::Start { idx: 0 };
                return;
            }
            let seat = self.seat_at_rank(idx);
            let p = self.player(seat);
            let possible = match p.setup.first() {
                None => false,
                Some(SetupTask::Upgrade) => p.wheel.iter().any(|w| !w.upgraded),
                Some(SetupTask::Single) => p.wheel.iter().any(|w| w.tokens >= 2),
                Some(SetupTask::Token | SetupTask::Giant | SetupTask::Mark) => true,
            };
            if possible {
                return;
            }
            let p = self.player_mut(seat);
            if p.setup.is_empty() {
                self.core.phase = Phase::OrderSetup { idx: idx + 1 };
            } else {
                p.setup.remove(0);
            }
        }
    }

    // ---------- turn flow ----------

    fn start_action(&mut self, seat: u8, act: Act, x: u8) {
        if self.di() && self.player(seat).one_shot[act.index()] > 0 {
            self.core.phase = Phase::Turn {
                seat,
                step: Step::Boost { act, x },
            };
        } else {
            self.resolve_action(seat, act, x, 0);
        }
    }

    fn resolve_action(&mut self, seat: u8, act: Act, x: u8, boost: u8) {
        let value = self.action_value(Seat(seat), act, x).saturating_add(boost);
        match act {
            Act::Travel => {
                let knights = self.player(seat).knights;
                self.core.visited = knights.map(|r| if r == OFF { 0 } else { 1u64 << r });
                self.core.phase = Phase::Turn {
                    seat,
                    step: Step::Travel { points: value },
                };
                if !self.any_move(seat, value) {
                    self.finish_action(seat);
                }
            }
            Act::Muster => {
                let up = self.player(seat).troops_up;
                if let Some((cost, infl)) = self.troop(up) {
                    if value >= cost {
                        self.player_mut(seat).troops_up += 1;
                        self.gain(seat, infl);
                    }
                }
                self.finish_action(seat);
            }
            Act::Crusade => {
                self.core.phase = Phase::Turn {
                    seat,
                    step: Step::Crusade { value },
                };
                let mut any = false;
                self.crusade_options(seat, value, |_| any = true);
                if !any {
                    self.finish_action(seat);
                }
            }
            Act::Influence if self.di() => {
                self.core.phase = Phase::Turn {
                    seat,
                    step: Step::Influence { value },
                };
                let mut any = false;
                self.tile_options(seat, value, |_| any = true);
                if !any {
                    self.finish_action(seat);
                }
            }
            Act::Influence => {
                self.gain(seat, value);
                self.finish_action(seat);
            }
            Act::Build => {
                self.core.phase = Phase::Turn {
                    seat,
                    step: Step::Build { value },
                };
                let mut any = false;
                self.build_options(seat, value, |_, _| any = true);
                if !any {
                    self.finish_action(seat);
                }
            }
        }
    }

    fn finish_action(&mut self, seat: u8) {
        if let Some((act, x)) = self.core.pending.take() {
            self.start_action(seat, act, x);
        } else {
            self.begin_sow(seat, self.core.turn_pos);
        }
    }

    fn begin_sow(&mut self, seat: u8, pos: Pos) {
        let choices = self.sow_choices(seat, pos);
        if choices.len() == 1 {
            self.sow(seat, pos, choices[0]);
            self.after_sow(seat);
        } else {
            self.core.phase = Phase::Turn {
                seat,
                step: Step::Sow { pos },
            };
        }
    }

    /// After the turn's distribution: Chapel tokens, then extra distributions, then the next turn.
    fn after_sow(&mut self, seat: u8) {
        if self.core.chapel_adds > 0 {
            let pos = usize::from(self.core.turn_pos);
            let adds = self.core.chapel_adds;
            let p = self.player_mut(seat);
            let add = adds.min(p.chapel_left);
            p.chapel_left -= add;
            p.wheel[pos].tokens += add;
            self.core.chapel_adds = 0;
        }
        if self.core.new_building {
            self.core.new_building = false;
            if self.player(seat).order == Some(Order::Livonian) {
                self.core.extra_sows += 1;
            }
        }
        if self.core.extra_sows > 0 {
            self.core.extra_sows -= 1;
            self.core.phase = Phase::Turn {
                seat,
                step: Step::ExtraSow,
            };
            return;
        }
        self.end_turn(seat);
    }

    fn end_turn(&mut self, seat: u8) {
        self.core.turns += 1;
        let last = self.seat_at_rank(self.core.n - 1);
        if self.core.end_triggered && seat == last {
            self.finish_game();
        } else {
            self.core.phase = Phase::Turn {
                seat: (seat + 1) % self.core.n,
                step: Step::Choose,
            };
        }
    }

    // ---------- sowing ----------

    /// Distinct sowing choices for `seat`'s order, each leading to a different wheel.
    pub(crate) fn sow_choices(&self, seat: u8, pos: Pos) -> ArrayVec<SowChoice, 48> {
        let p = self.player(seat);
        let mut candidates: ArrayVec<SowChoice, 8> = ArrayVec::new();
        candidates.push(SowChoice::default());
        match p.order {
            Some(Order::Teutonic) => candidates.push(SowChoice {
                ccw: true,
                ..SowChoice::default()
            }),
            Some(Order::Aviz | Order::Santiago) => candidates.push(SowChoice {
                origin: true,
                ..SowChoice::default()
            }),
            Some(Order::Hospitaller) => {
                for q in 0..WEDGES as u8 {
                    candidates.push(SowChoice {
                        skip: Some(q),
                        ..SowChoice::default()
                    });
                }
            }
            Some(Order::Templar) => {
                for q in 0..WEDGES as u8 {
                    candidates.push(SowChoice {
                        double: Some(q),
                        ..SowChoice::default()
                    });
                }
            }
            _ => {}
        }
        let carries_giant = p.giant == Some(pos);
        let mut seen: ArrayVec<([u8; WEDGES], Option<Pos>), 48> = ArrayVec::new();
        let mut out = ArrayVec::new();
        for c in candidates {
            let mut w = p.wheel;
            let landed = sow_wheel(&mut w, pos, c);
            let tokens = w.map(|x| x.tokens);
            let giants: ArrayVec<Option<Pos>, 6> = if carries_giant {
                (0..WEDGES as u8)
                    .filter(|d| landed & (1 << d) != 0)
                    .map(Some)
                    .collect()
            } else {
                [None].into_iter().collect()
            };
            for g in giants {
                if !seen.contains(&(tokens, g)) {
                    seen.push((tokens, g));
                    out.push(SowChoice { giant: g, ..c });
                }
            }
        }
        out.sort_unstable();
        out
    }

    fn sow(&mut self, seat: u8, pos: Pos, choice: SowChoice) {
        let p = self.player_mut(seat);
        let carries_giant = p.giant == Some(pos);
        let landed = sow_wheel(&mut p.wheel, pos, choice);
        if carries_giant {
            let first = (0..WEDGES as u8).find(|d| landed & (1 << d) != 0);
            p.giant = choice.giant.filter(|d| landed & (1 << d) != 0).or(first);
        }
    }

    // ---------- actions ----------

    fn leave_cost(&self, seat: u8, region: u8) -> u8 {
        let rs = &self.core.regions[usize::from(region)];
        let base = if rs.enemy.is_some() { 2 } else { 1 };
        base - u8::from(rs.arms & (1 << seat) != 0)
    }

    fn any_move(&self, seat: u8, points: u8) -> bool {
        let mut any = false;
        self.moves(seat, points, |_, _| any = true);
        any
    }

    /// Moves as (knight, destination). A knight does not re-enter a region it has occupied
    /// during this Travel action (that never saves movement and keeps zero-cost moves finite);
    /// knights of one player in one region with the same such history are interchangeable, so
    /// only the first is offered.
    fn moves(&self, seat: u8, points: u8, mut f: impl FnMut(u8, u8)) {
        let p = self.player(seat);
        let board = self.board();
        let mut done: ArrayVec<(u8, u64), 4> = ArrayVec::new();
        for (k, r) in p.knights_on_map() {
            let visited = self.core.visited[usize::from(k)];
            if done.contains(&(r, visited)) {
                continue;
            }
            done.push((r, visited));
            if self.leave_cost(seat, r) > points {
                continue;
            }
            for nb in &board.region(RegionId(r)).neighbours {
                if visited & (1u64 << nb.0) == 0 {
                    f(k, nb.0);
                }
            }
        }
    }

    /// Distinct regions holding one of `seat`'s knights, ascending.
    fn knight_regions(&self, seat: u8) -> ArrayVec<u8, 4> {
        let mut regions: ArrayVec<u8, 4> = ArrayVec::new();
        for (_, r) in self.player(seat).knights_on_map() {
            if !regions.contains(&r) {
                regions.push(r);
            }
        }
        regions.sort_unstable();
        regions
    }

    /// Whether `seat` beats `enemy` with `value` (Holy Ghost adds 1 against its marked type).
    fn beats(&self, seat: u8, enemy: Enemy, value: u8) -> bool {
        let bonus = u8::from(self.player(seat).mark == Some(enemy.kind()));
        self.strength(enemy.kind()) <= value.saturating_add(bonus)
    }

    fn crusade_options(&self, seat: u8, value: u8, mut f: impl FnMut(Action)) {
        let utrecht = self.player(seat).order == Some(Order::Utrecht);
        for r in self.knight_regions(seat) {
            let Some(here) = self.core.regions[usize::from(r)].enemy else {
                continue;
            };
            if self.beats(seat, here, value) {
                f(Action::Crusade {
                    region: RegionId(r),
                });
            }
            if utrecht {
                for nb in &self.board().region(RegionId(r)).neighbours {
                    if let Some(there) = self.core.regions[nb.index()].enemy {
                        if there != here && self.beats(seat, there, value) {
                            f(Action::CrusadeSwap {
                                region: RegionId(r),
                                with: *nb,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Regions whose influence tile `seat` may take with `value` (Divine Influence).
    fn tile_options(&self, seat: u8, value: u8, mut f: impl FnMut(u8)) {
        let mut reach: ArrayVec<u8, 32> = ArrayVec::new();
        let brandenburg = self.player(seat).order == Some(Order::Brandenburg);
        for r in self.knight_regions(seat) {
            if !reach.contains(&r) {
                reach.push(r);
            }
            if brandenburg {
                for nb in &self.board().region(RegionId(r)).neighbours {
                    if !reach.contains(&nb.0) {
                        reach.push(nb.0);
                    }
                }
            }
        }
        reach.sort_unstable();
        for r in reach {
            if let Some(t) = self.core.regions[usize::from(r)].itile {
                if self
                    .tables()
                    .di
                    .tiles
                    .get(usize::from(t))
                    .is_some_and(|t| t.cost <= value)
                {
                    f(r);
                }
            }
        }
    }

    /// The cost of `seat`'s next `kind` in `region`, and whether it would be the region's first
    /// building (printed and tile bonuses apply only then), or `None` if it may not go there.
    pub(crate) fn placement(&self, seat: u8, kind: BuildingKind, region: u8) -> Option<(u8, bool)> {
        let rs = &self.core.regions[usize::from(region)];
        if rs.enemy.is_some() {
            return None;
        }
        let p = self.player(seat);
        let level = p.next_level(kind)?;
        let count = rs.building_count();
        let other = rs.placed().next().copied();
        let shared = self.shared_buildings();
        let same_type_opponent =
            |o: Option<Placed>| o.is_some_and(|o| o.kind == kind && o.owner != seat);
        if !kind.is_new() {
            let printed = self.tables().buildings[kind.index()][usize::from(level - 1)].cost;
            return match count {
                0 => {
                    let mut discount = 0u8;
                    if let Some((k, a)) = self.board().region(RegionId(region)).discount {
                        if k == kind {
                            discount += a;
                        }
                    }
                    if let Some(BonusTile::Discount { building, amount }) = rs.tile {
                        if building == kind {
                            discount += amount;
                        }
                    }
                    Some((printed.saturating_sub(discount), true))
                }
                1 if shared && same_type_opponent(other) => Some((printed, false)),
                _ => None,
            };
        }
        if !self.di() {
            return None;
        }
        let row = &self.tables().di.rows[kind.index() - 4];
        let (normal, paired) = (
            row.costs[usize::from(level - 1)],
            row.paired_costs[usize::from(level - 1)],
        );
        let dragon = p.order == Some(Order::Dragon);
        let mut best: Option<u8> = None;
        let mut offer = |c: u8| best = Some(best.map_or(c, |b| b.min(c)));
        match (count, other) {
            (0, _) => offer(if dragon {
                normal.saturating_sub(1)
            } else {
                normal
            }),
            (1, Some(o)) => {
                if o.kind == kind.paired() {
                    offer(paired);
                }
                if shared && same_type_opponent(other) {
                    offer(normal);
                }
                // Revision 3 follows seed 000: beside any building, as if the region were
                // empty; revisions 1–2 allowed it beside a base building only (D18).
                if dragon && (self.config.rules >= 3 || !o.kind.is_new()) {
                    offer(normal.saturating_sub(1));
                }
            }
            _ => {}
        }
        best.map(|c| (c, count == 0))
    }

    /// The cost of `kind` for `seat` in `region`, if it may be built there.
    pub(crate) fn build_cost(&self, seat: u8, kind: BuildingKind, region: u8) -> Option<u8> {
        self.placement(seat, kind, region).map(|(c, _)| c)
    }

    fn build_options(&self, seat: u8, value: u8, mut f: impl FnMut(BuildingKind, u8)) {
        let regions = self.knight_regions(seat);
        let kinds: &[BuildingKind] = if self.di() {
            &BuildingKind::ALL
        } else {
            &BuildingKind::BASE
        };
        for &kind in kinds {
            for &r in &regions {
                if self.build_cost(seat, kind, r).is_some_and(|c| c <= value) {
                    f(kind, r);
                }
            }
        }
    }

    /// Applies a revealed base building space: permanent bonuses and knight release.
    fn reveal(&mut self, seat: u8, kind: BuildingKind, level: u8, region: u8) {
        let space = self.tables().buildings[kind.index()][usize::from(level - 1)];
        let p = self.player_mut(seat);
        for (b, add) in p.bonus.iter_mut().zip(space.reveal.bonus) {
            *b += add;
        }
        if space.reveal.knight {
            if let Some(slot) = p.knights[1..3].iter_mut().find(|k| **k == OFF) {
                *slot = region;
            }
        }
    }

    /// Places `seat`'s next building of `kind` in `region` (Build or Saracen reward), collects
    /// its Influence and applies what it uncovers or does. Returns `true` when a follow-up
    /// decision (Mill, Vault) is pending.
    fn place_building(
        &mut self,
        seat: u8,
        kind: BuildingKind,
        region: u8,
        via_build: bool,
    ) -> bool {
        let Some(level) = self.player(seat).next_level(kind) else {
            return false;
        };
        let rs = &mut self.core.regions[usize::from(region)];
        let first = rs.building_count() == 0;
        if let Some(slot) = rs.buildings.iter_mut().find(|b| b.is_none()) {
            *slot = Some(Placed {
                owner: seat,
                kind,
                level,
            });
        }
        let mut extra = 0;
        if via_build && first && !kind.is_new() {
            if let Some(BonusTile::Influence { building, amount }) = rs.tile {
                if building == kind {
                    extra = amount;
                }
            }
        }
        self.player_mut(seat).off[kind.index()] |= 1 << (level - 1);
        if !kind.is_new() {
            self.reveal(seat, kind, level, region);
        }
        self.gain(seat, level + extra);
        if !kind.is_new() {
            return false;
        }
        self.core.new_building = true;
        match kind {
            BuildingKind::Keep if level <= 3 => {
                let up = self.player(seat).troops_up;
                if self.troop(up).is_some() {
                    self.player_mut(seat).troops_up += 1;
                }
                false
            }
            BuildingKind::Chapel if level <= 3 => {
                if self.player(seat).chapel_left > self.core.chapel_adds {
                    self.core.chapel_adds += 1;
                }
                false
            }
            BuildingKind::Mill => {
                let mut any = false;
                self.mill_options(seat, level, |_, _| any = true);
                if any {
                    self.core.phase = Phase::Turn {
                        seat,
                        step: Step::Mill { level, region },
                    };
                }
                any
            }
            BuildingKind::Vault if level <= 3 => {
                let pts = self.tables().di.vault_points[usize::from(level - 1)];
                self.player_mut(seat).vault_points += pts;
                let any = self.player(seat).wheel.iter().any(|w| !w.upgraded);
                if any {
                    self.core.phase = Phase::Turn {
                        seat,
                        step: Step::Flip,
                    };
                }
                any
            }
            _ => false,
        }
    }

    /// Base buildings a Mill of `level` may remove: any still on the board of that level, except
    /// the Bank IV (D12); under rules revision 1, of that level or lower.
    fn mill_options(&self, seat: u8, level: u8, mut f: impl FnMut(BuildingKind, u8)) {
        let p = self.player(seat);
        let lowest = if self.config.rules >= 2 { level } else { 1 };
        for kind in BuildingKind::BASE {
            for l in lowest..=level {
                let bank_iv = kind == BuildingKind::Bank && l == 4;
                if !p.is_off(kind, l) && !bank_iv {
                    f(kind, l);
                }
            }
        }
    }

    fn crusade(&mut self, s: u8, region: u8) {
        let r = usize::from(region);
        let Some(enemy) = self.core.regions[r].enemy.take() else {
            panic!("apply_unchecked: no enemy in region {r}")
        };
        self.player_mut(s).defeated[enemy.kind().index()] += 1;
        match enemy {
            Enemy::Prussian | Enemy::Slav => {
                let kind = enemy.kind();
                let strength = self.strength(kind);
                let len = self.track(kind).len();
                let ti = kind.index();
                if usize::from(self.core.tracks[ti]) + 1 < len {
                    self.core.tracks[ti] += 1;
                }
                self.gain(s, strength);
                self.finish_action(s);
            }
            Enemy::Saracen(face) => {
                let p = self.player(s);
                let available = match face {
                    SaracenFace::Building(k) => p.next_level(k).is_some(),
                    SaracenFace::Troop => self.troop(p.troops_up).is_some(),
                };
                if available {
                    self.core.phase = Phase::Turn {
                        seat: s,
                        step: Step::Saracen { region, face },
                    };
                } else {
                    self.gain(s, self.tables().saracen_fallback);
                    self.finish_action(s);
                }
            }
        }
    }

    // ---------- end ----------

    fn finish_game(&mut self) {
        let n = usize::from(self.core.n);
        let di = self.di();
        let mut scores: ArrayVec<ScoreBreakdown, 6> = self
            .core
            .players
            .iter()
            .map(|p| ScoreBreakdown {
                influence: p.influence,
                ..ScoreBreakdown::default()
            })
            .collect();
        for kind in EnemyKind::ALL {
            let counts: ArrayVec<u8, 6> = self
                .core
                .players
                .iter()
                .map(|p| p.defeated[kind.index()] + u8::from(p.mark == Some(kind)))
                .collect();
            let awards = majority(&counts);
            for i in 0..n {
                scores[i].majorities[kind.index()] = awards[i];
            }
        }
        if di {
            let counts: ArrayVec<u8, 6> = self.core.players.iter().map(|p| p.tiles).collect();
            let awards = majority(&counts);
            for i in 0..n {
                scores[i].tile_majority = awards[i];
            }
        }
        let tables = self.tables();
        let board_len = self.board().regions.len();
        for (i, p) in self.core.players.iter().enumerate() {
            let level4_on_map = self.core.regions[..board_len]
                .iter()
                .flat_map(|r| r.placed())
                .filter(|b| usize::from(b.owner) == i && b.level == 4)
                .count() as i32;
            let mut pts = 0;
            for kind in BuildingKind::BASE {
                if !p.is_off(kind, 4) {
                    continue;
                }
                pts += match tables.buildings[kind.index()][3].endgame {
                    Some(Endgame::EnemySets) => {
                        4 * i32::from(*p.defeated.iter().min().unwrap_or(&0))
                    }
                    Some(Endgame::FlatSix) => 6,
                    Some(Endgame::KnightsAndTroops) => {
                        p.knights_on_map().count() as i32 + i32::from(p.troops_up)
                    }
                    Some(Endgame::LevelFourBuildings) => 4 * level4_on_map,
                    None => 0,
                };
            }
            if di {
                if p.is_off(BuildingKind::Keep, 4) {
                    pts += i32::from(p.troops_up);
                }
                if p.is_off(BuildingKind::Chapel, 4) {
                    pts += 2 * p.wheel.iter().filter(|w| w.tokens >= 2).count() as i32;
                }
                if p.is_off(BuildingKind::Vault, 4) {
                    pts += p.wheel.iter().filter(|w| w.upgraded).count() as i32;
                }
                pts += i32::from(p.vault_points);
                scores[i].tiles = i32::from(p.end_tiles) * i32::from(p.tiles);
            }
            scores[i].buildings = pts;
        }
        for s in scores.iter_mut() {
            s.total = s.influence
                + s.majorities.iter().sum::<i32>()
                + s.tile_majority
                + s.buildings
                + s.tiles;
        }
        self.core.final_scores = Some(scores);
        self.core.phase = Phase::Over;
    }
}

/// Majority awards for one category (rules §10.2): 5 / 2; a tie for first gives 3 each and no
/// second; a tie for second gives 1 each. A player needs at least 1 to qualify.
pub fn majority(counts: &[u8]) -> ArrayVec<i32, 6> {
    let mut out: ArrayVec<i32, 6> = counts.iter().take(6).map(|_| 0).collect();
    let first = counts.iter().copied().max().unwrap_or(0);
    if first == 0 {
        return out;
    }
    let firsts = counts.iter().filter(|&&c| c == first).count();
    if firsts > 1 {
        for (o, &c) in out.iter_mut().zip(counts) {
            if c == first {
                *o = 3;
            }
        }
        return out;
    }
    let second = counts
        .iter()
        .copied()
        .filter(|&c| c < first)
        .max()
        .unwrap_or(0);
    let seconds = counts.iter().filter(|&&c| c == second).count();
    for (o, &c) in out.iter_mut().zip(counts) {
        if c == first {
            *o = 5;
        } else if second > 0 && c == second {
            *o = if seconds > 1 { 1 } else { 2 };
        }
    }
    out
}

/// Sows the pieces of the wedge at `pos` around the wheel (rules §4.4) with order powers.
/// Returns the set of positions that received a piece (bit per position).
pub(crate) fn sow_wheel(wheel: &mut [Wedge; WEDGES], pos: Pos, c: SowChoice) -> u8 {
    let n = WEDGES as u8;
    let mut tokens = wheel[usize::from(pos)].tokens;
    wheel[usize::from(pos)].tokens = 0;
    let step = if c.ccw { n - 1 } else { 1 };
    let mut p = pos;
    let mut skipped = false;
    let mut doubled = false;
    let mut landed = 0u8;
    if c.origin && tokens > 0 {
        wheel[usize::from(pos)].tokens += 1;
        tokens -= 1;
        landed |= 1 << pos;
    }
    while tokens > 0 {
        p = (p + step) % n;
        if c.skip == Some(p) && !skipped {
            skipped = true;
            continue;
        }
        landed |= 1 << p;
        if c.double == Some(p) && !doubled && tokens >= 2 {
            doubled = true;
            wheel[usize::from(p)].tokens += 2;
            tokens -= 2;
            continue;
        }
        wheel[usize::from(p)].tokens += 1;
        tokens -= 1;
    }
    landed
}

impl Crusaders {
    pub(crate) fn turn_actions(&self, s: u8, step: Step, out: &mut ActionList<Action>) {
        let p = self.player(s);
        match step {
            Step::Choose => {
                for pos in 0..WEDGES as u8 {
                    let w = p.wheel[usize::from(pos)];
                    if w.tokens > 0 {
                        out.push(Action::Resolve { pos });
                    }
                    if !w.upgraded && self.upgrades_allowed() {
                        out.push(Action::Upgrade { pos });
                    }
                }
                if p.wheel.iter().all(|w| w.upgraded) {
                    out.push(Action::SkipTurn);
                }
            }
            Step::Split { pos } => {
                let w = p.wheel[usize::from(pos)];
                let has_giant = p.giant == Some(pos);
                let def = &self.tables().wedges[usize::from(w.id)];
                for first in [def.basic, def.secondary] {
                    for tokens in 1..=w.tokens {
                        if has_giant {
                            out.push(Action::Split {
                                first,
                                tokens,
                                giant: true,
                            });
                            if tokens < w.tokens {
                                out.push(Action::Split {
                                    first,
                                    tokens,
                                    giant: false,
                                });
                            }
                        } else {
                            out.push(Action::Split {
                                first,
                                tokens,
                                giant: false,
                            });
                        }
                    }
                }
            }
            Step::Boost { act, .. } => {
                out.extend((0..=p.one_shot[act.index()]).map(|count| Action::Boost { count }));
            }
            Step::Travel { points } => {
                self.moves(s, points, |knight, to| {
                    out.push(Action::Move {
                        knight,
                        to: RegionId(to),
                    })
                });
                out.push(Action::EndTravel);
            }
            Step::Crusade { value } => {
                self.crusade_options(s, value, |a| out.push(a));
                out.push(Action::Forgo);
            }
            Step::Saracen { .. } => {
                out.push(Action::SaracenReward { take: false });
                out.push(Action::SaracenReward { take: true });
            }
            Step::Influence { value } => {
                self.tile_options(s, value, |r| {
                    out.push(Action::TakeTile {
                        region: RegionId(r),
                    })
                });
                out.push(Action::Forgo);
            }
            Step::Build { value } => {
                self.build_options(s, value, |building, r| {
                    out.push(Action::Build {
                        building,
                        region: RegionId(r),
                    })
                });
                out.push(Action::Forgo);
            }
            Step::Flip => {
                for pos in 0..WEDGES as u8 {
                    if !p.wheel[usize::from(pos)].upgraded {
                        out.push(Action::FlipWedge { pos });
                    }
                }
            }
            Step::Mill { level, .. } => {
                self.mill_options(s, level, |building, level| {
                    out.push(Action::MillRemove { building, level })
                });
                out.push(Action::Forgo);
            }
            Step::UpgradeSow | Step::SkipSow | Step::ExtraSow => {
                for pos in 0..WEDGES as u8 {
                    if p.wheel[usize::from(pos)].tokens > 0 {
                        out.push(Action::Distribute { pos });
                    }
                }
                if step != Step::SkipSow {
                    out.push(Action::NoDistribute);
                }
            }
            Step::Sow { pos } => {
                out.extend(
                    self.sow_choices(s, pos)
                        .into_iter()
                        .map(|choice| Action::Sow { choice }),
                );
            }
        }
    }

    pub(crate) fn apply_turn(&mut self, s: u8, step: Step, action: Action) {
        match (step, action) {
            (Step::Choose, Action::Resolve { pos }) => {
                self.core.turn_pos = pos;
                self.core.pending = None;
                let p = self.player(s);
                let w = p.wheel[usize::from(pos)];
                if w.upgraded {
                    self.core.phase = Phase::Turn {
                        seat: s,
                        step: Step::Split { pos },
                    };
                } else {
                    let act = self.tables().wedges[usize::from(w.id)].basic;
                    let x = p.wedge_value(pos);
                    self.start_action(s, act, x);
                }
            }
            (Step::Choose, Action::Upgrade { pos }) => {
                self.player_mut(s).wheel[usize::from(pos)].upgraded = true;
                self.core.phase = Phase::Turn {
                    seat: s,
                    step: Step::UpgradeSow,
                };
            }
            (Step::Choose, Action::SkipTurn) => {
                self.core.phase = Phase::Turn {
                    seat: s,
                    step: Step::SkipSow,
                };
            }
            (
                Step::Split { pos },
                Action::Split {
                    first,
                    tokens,
                    giant,
                },
            ) => {
                let p = self.player(s);
                let w = p.wheel[usize::from(pos)];
                let has_giant = p.giant == Some(pos);
                let def = &self.tables().wedges[usize::from(w.id)];
                let other = if first == def.basic {
                    def.secondary
                } else {
                    def.basic
                };
                let rest = w.tokens - tokens;
                let first_x = tokens + u8::from(has_giant && giant);
                let rest_x = rest + u8::from(has_giant && !giant);
                self.core.pending = if rest > 0 {
                    Some((other, rest_x))
                } else {
                    None
                };
                self.start_action(s, first, first_x);
            }
            (Step::Boost { act, x }, Action::Boost { count }) => {
                self.player_mut(s).one_shot[act.index()] -= count;
                self.resolve_action(s, act, x, count);
            }
            (Step::Travel { points }, Action::Move { knight, to }) => {
                let from = self.player(s).knights[usize::from(knight)];
                let left = points - self.leave_cost(s, from);
                self.player_mut(s).knights[usize::from(knight)] = to.0;
                self.core.visited[usize::from(knight)] |= 1u64 << to.0;
                self.core.phase = Phase::Turn {
                    seat: s,
                    step: Step::Travel { points: left },
                };
                if !self.any_move(s, left) {
                    self.finish_action(s);
                }
            }
            (Step::Travel { .. }, Action::EndTravel)
            | (
                Step::Crusade { .. }
                | Step::Build { .. }
                | Step::Influence { .. }
                | Step::Mill { .. },
                Action::Forgo,
            ) => self.finish_action(s),
            (Step::Crusade { .. }, Action::Crusade { region }) => self.crusade(s, region.0),
            (Step::Crusade { .. }, Action::CrusadeSwap { region, with }) => {
                let (a, b) = (region.index(), with.index());
                let tmp = self.core.regions[a].enemy;
                self.core.regions[a].enemy = self.core.regions[b].enemy;
                self.core.regions[b].enemy = tmp;
                self.crusade(s, region.0);
            }
            (Step::Saracen { region, face }, Action::SaracenReward { take }) => {
                let mut follow_up = false;
                if !take {
                    self.gain(s, self.tables().saracen_fallback);
                } else {
                    match face {
                        SaracenFace::Building(kind) => {
                            follow_up = self.place_building(s, kind, region, false)
                        }
                        SaracenFace::Troop => {
                            let up = self.player(s).troops_up;
                            let infl = self.troop(up).map_or(0, |t| t.1);
                            self.player_mut(s).troops_up += 1;
                            self.gain(s, infl);
                        }
                    }
                }
                if !follow_up {
                    self.finish_action(s);
                }
            }
            (Step::Influence { .. }, Action::TakeTile { region }) => {
                let r = region.index();
                let Some(id) = self.core.regions[r].itile.take() else {
                    panic!("apply_unchecked: no influence tile in region {r}")
                };
                let tile = self.tables().di.tiles[usize::from(id)];
                let marked = self.core.regions[r].arms & (1 << s) != 0;
                let p = self.player_mut(s);
                p.tiles += 1;
                if p.arms_left > 0 && !marked {
                    p.arms_left -= 1;
                    self.core.regions[r].arms |= 1 << s;
                }
                self.gain(s, tile.level);
                let p = self.player_mut(s);
                match tile.effect {
                    TileEffect::Upgrade => {
                        if p.wheel.iter().any(|w| !w.upgraded) {
                            self.core.phase = Phase::Turn {
                                seat: s,
                                step: Step::Flip,
                            };
                            return;
                        }
                    }
                    TileEffect::Distribute => self.core.extra_sows += 1,
                    TileEffect::OneShot(a) => p.one_shot[a.index()] += 1,
                    TileEffect::Permanent(a) => p.bonus[a.index()] += 1,
                    TileEffect::EndGame => p.end_tiles += 1,
                }
                self.finish_action(s);
            }
            (Step::Build { .. }, Action::Build { building, region }) => {
                if !self.place_building(s, building, region.0, true) {
                    self.finish_action(s);
                }
            }
            (Step::Flip, Action::FlipWedge { pos }) => {
                self.player_mut(s).wheel[usize::from(pos)].upgraded = true;
                self.finish_action(s);
            }
            (Step::Mill { region, .. }, Action::MillRemove { building, level }) => {
                self.player_mut(s).off[building.index()] |= 1 << (level - 1);
                self.reveal(s, building, level, region);
                self.finish_action(s);
            }
            (Step::UpgradeSow | Step::SkipSow, Action::Distribute { pos }) => {
                self.core.turn_pos = pos;
                self.begin_sow(s, pos);
            }
            (Step::ExtraSow, Action::Distribute { pos }) => self.begin_sow(s, pos),
            (Step::UpgradeSow | Step::ExtraSow, Action::NoDistribute) => self.after_sow(s),
            (Step::Sow { pos }, Action::Sow { choice }) => {
                self.sow(s, pos, choice);
                self.after_sow(s);
            }
            (step, a) => panic!("apply_unchecked: {a:?} at step {step:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wheel(tokens: [u8; 6]) -> [Wedge; 6] {
        let mut w = [Wedge::default(); 6];
        for (i, (x, t)) in w.iter_mut().zip(tokens).enumerate() {
            *x = Wedge {
                id: i as u8,
                upgraded: false,
                tokens: t,
            };
        }
        w
    }

    fn tokens(w: &[Wedge; 6]) -> [u8; 6] {
        w.map(|x| x.tokens)
    }

    #[test]
    fn majority_examples() {
        assert_eq!(majority(&[2, 2, 2, 1]).as_slice(), &[3, 3, 3, 0]);
        assert_eq!(majority(&[3, 1, 1, 0]).as_slice(), &[5, 1, 1, 0]);
        assert_eq!(majority(&[3, 2, 0, 0]).as_slice(), &[5, 2, 0, 0]);
        assert_eq!(majority(&[0, 0, 0]).as_slice(), &[0, 0, 0]);
        assert_eq!(majority(&[1, 0]).as_slice(), &[5, 0]);
    }

    #[test]
    fn plain_sowing_goes_clockwise_from_the_next_wedge() {
        let mut w = wheel([2, 2, 2, 2, 2, 2]);
        let landed = sow_wheel(&mut w, 1, SowChoice::default());
        assert_eq!(tokens(&w), [2, 0, 3, 3, 2, 2]);
        assert_eq!(landed, 0b1100);
    }

    #[test]
    fn sowing_wraps_onto_the_origin() {
        let mut w = wheel([0, 0, 0, 7, 0, 0]);
        sow_wheel(&mut w, 3, SowChoice::default());
        assert_eq!(tokens(&w), [1, 1, 1, 1, 2, 1]);
    }

    #[test]
    fn order_powers_change_sowing() {
        let base = wheel([0, 0, 3, 0, 0, 0]);
        let mut ccw = base;
        sow_wheel(
            &mut ccw,
            2,
            SowChoice {
                ccw: true,
                ..SowChoice::default()
            },
        );
        assert_eq!(tokens(&ccw), [1, 1, 0, 0, 0, 1]);
        let mut origin = base;
        sow_wheel(
            &mut origin,
            2,
            SowChoice {
                origin: true,
                ..SowChoice::default()
            },
        );
        assert_eq!(tokens(&origin), [0, 0, 1, 1, 1, 0]);
        let mut skip = base;
        sow_wheel(
            &mut skip,
            2,
            SowChoice {
                skip: Some(3),
                ..SowChoice::default()
            },
        );
        assert_eq!(tokens(&skip), [1, 0, 0, 0, 1, 1]);
        let mut double = base;
        sow_wheel(
            &mut double,
            2,
            SowChoice {
                double: Some(3),
                ..SowChoice::default()
            },
        );
        assert_eq!(tokens(&double), [0, 0, 0, 2, 1, 0]);
    }
}

/// Public facts about one player, cheap to read (for bots and tools; all public information).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerSummary {
    /// Influence collected.
    pub influence: i32,
    /// Defeated enemies: Prussian, Slav, Saracen (plus a Holy Ghost mark).
    pub defeated: [u8; 3],
    /// Face-up troops.
    pub troops_up: u8,
    /// Permanent bonuses per action.
    pub bonus: [u8; 5],
    /// Knights on the map.
    pub knights_on_map: u8,
    /// Upgraded wedges.
    pub upgraded: u8,
    /// Pieces per wedge (position order).
    pub tokens: [u8; WEDGES],
    /// Levels off the player board, per building kind (bit masks).
    pub off: [u8; 8],
    /// Divine Influence tiles collected and unspent one-shot tiles.
    pub tiles: u8,
    /// Unspent one-shot tiles.
    pub one_shot: u8,
    /// End-game tiles.
    pub end_tiles: u8,
}

impl Crusaders {
    /// Public summary of a seat's position.
    ///
    /// # Panics
    /// If `seat` is not at the table.
    pub fn summary(&self, seat: Seat) -> PlayerSummary {
        let p = self.player(seat.0);
        let mut defeated = p.defeated;
        if let Some(m) = p.mark {
            defeated[m.index()] += 1;
        }
        PlayerSummary {
            influence: p.influence,
            defeated,
            troops_up: p.troops_up,
            bonus: p.bonus,
            knights_on_map: p.knights_on_map().count() as u8,
            upgraded: p.wheel.iter().filter(|w| w.upgraded).count() as u8,
            tokens: p.wheel.map(|w| w.tokens),
            off: p.off,
            tiles: p.tiles,
            one_shot: p.one_shot.iter().sum(),
            end_tiles: p.end_tiles,
        }
    }

    /// The Influence supply at the start of this game.
    pub fn initial_supply(&self) -> i32 {
        self.tables()
            .player_counts
            .get(&self.core.n)
            .map_or(1, |pc| Crusaders::supply_for(&self.config, pc))
    }

    /// The starting supply: the data's (printed) figure, or 50 + 50 per player under rules
    /// revisions 1–2 (C2).
    fn supply_for(config: &Config, pc: &crate::data::PlayerCount) -> i32 {
        if config.rules < 3 {
            50 + 50 * i32::from(config.players)
        } else {
            i32::try_from(pc.supply).unwrap_or(i32::MAX)
        }
    }

    /// Whether the game is still in setup (orders, start regions).
    pub fn in_setup(&self) -> bool {
        !matches!(self.core.phase, Phase::Turn { .. } | Phase::Over)
    }
}
