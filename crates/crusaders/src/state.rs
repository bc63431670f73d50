//! The Crusaders state machine: setup, turns, actions, sowing, end and scoring.

use std::hash::{Hash, Hasher};

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use ordo_core::{
    ActionList, BySeat, ConfigError, Game, GameInfo, GameRng, Outcome, Seat, SeatSet, StableHasher,
    ToAct, Viewer,
};

use crate::action::{Action, SowChoice};
use crate::data::{tables, Board, BonusTile, Endgame, Side, Tables, MAX_REGIONS};
use crate::types::{
    Act, BuildingKind, Enemy, EnemyKind, Order, Pos, RegionId, SaracenFace, WEDGES,
};
use crate::view::{self, View};

/// Marks a knight that is not on the map.
pub(crate) const OFF: u8 = u8::MAX;

/// Wheel layout variants (rules §11).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
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

/// Table options. Public fields; checked by [`Game::new_game`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Number of players, 2–4 in the base game.
    pub players: u8,
    /// Wheel layout variant.
    pub variant: Variant,
    /// Play with knight orders (always on in Knight Tournament).
    pub orders: bool,
    /// Board Game Arena rule: a player dealt the Knights of Calatrava is offered a third tile.
    pub calatrava_third: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            variant: Variant::Standard,
            orders: true,
            calatrava_third: true,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Wedge {
    pub(crate) id: u8,
    pub(crate) upgraded: bool,
    pub(crate) tokens: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SetupTask {
    Token,
    Single,
    Upgrade,
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
    /// Buildings built per kind (the next one has level `built + 1`).
    pub(crate) built: [u8; 4],
    pub(crate) troops_up: u8,
    /// Region per knight: 0 = starting knight, 1–2 = released by castles, 3 = Montesa's black knight.
    pub(crate) knights: [u8; 4],
    pub(crate) defeated: [u8; 3],
    pub(crate) influence: i32,
    /// Revealed permanent bonuses per action.
    pub(crate) bonus: [u8; 5],
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
            built: [0; 4],
            troops_up: 0,
            knights: [OFF; 4],
            defeated: [0; 3],
            influence: 0,
            bonus: [0; 5],
        }
    }

    pub(crate) fn knights_on_map(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.knights
            .iter()
            .enumerate()
            .filter(|(_, &r)| r != OFF)
            .map(|(i, &r)| (i as u8, r))
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
    pub(crate) building: Option<Placed>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    Choose,
    Split { pos: Pos },
    Travel { points: u8 },
    Crusade { value: u8 },
    Saracen { region: u8, face: SaracenFace },
    Build { value: u8 },
    UpgradeSow,
    SkipSow,
    Sow { pos: Pos },
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
pub struct ScoreBreakdown {
    /// Influence collected during play.
    pub influence: i32,
    /// Enemy majority awards: Prussian, Slav, Saracen.
    pub majorities: [i32; 3],
    /// Level-IV building scoring.
    pub buildings: i32,
    /// Total.
    pub total: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    pub(crate) n: u8,
    pub(crate) start: u8,
    pub(crate) side: Side,
    pub(crate) players: ArrayVec<Player, 4>,
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
    pub(crate) final_scores: Option<ArrayVec<ScoreBreakdown, 4>>,
    /// Orders not dealt (face down; never shown).
    pub(crate) undealt: ArrayVec<Order, 10>,
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

/// A game of Crusaders: Thy Will Be Done in progress. Built only by [`Game::new_game`].
#[derive(Clone, Debug, PartialEq)]
pub struct Crusaders {
    pub(crate) config: Config,
    pub(crate) data: Data,
    pub(crate) rng: GameRng,
    pub(crate) core: Core,
}

/// Decisions in the longest games observed are far below this bound.
const MAX_DECISIONS: u32 = 20_000;

impl Crusaders {
    pub(crate) fn tables(&self) -> &'static Tables {
        self.data.0
    }

    pub(crate) fn board(&self) -> &'static Board {
        self.data.0.board(self.core.side)
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

    fn seat_at_rank(&self, rank: u8) -> u8 {
        (self.core.start + rank) % self.core.n
    }

    fn player(&self, seat: u8) -> &Player {
        &self.core.players[usize::from(seat)]
    }

    fn player_mut(&mut self, seat: u8) -> &mut Player {
        &mut self.core.players[usize::from(seat)]
    }

    /// Current strength of an enemy type.
    pub fn strength(&self, kind: EnemyKind) -> u8 {
        let t = self.tables();
        match kind {
            EnemyKind::Prussian => t.prussian_track[usize::from(self.core.tracks[0])],
            EnemyKind::Slav => t.slav_track[usize::from(self.core.tracks[1])],
            EnemyKind::Saracen => t.saracen_strength,
        }
    }

    /// Effective value of an action with `x` tokens for `seat` (rules §5).
    pub fn action_value(&self, seat: Seat, act: Act, x: u8) -> u8 {
        let p = self.player(seat.0);
        let mut v = i16::from(x) + i16::from(p.bonus[act.index()]);
        if act == Act::Crusade {
            v += i16::from(p.troops_up);
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

    fn setup(config: &Config, seed: u64) -> Result<Crusaders, ConfigError> {
        let tables = tables()
            .map_err(|e| ConfigError::Data(format!("{} problems, first: {}", e.len(), e[0])))?;
        if !(2..=4).contains(&config.players) {
            return Err(ConfigError::PlayerCount {
                players: config.players,
                min: 2,
                max: 4,
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
        let mut players: ArrayVec<Player, 4> = (0..n).map(|_| Player::new()).collect();
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
        let mut undealt: ArrayVec<Order, 10> = ArrayVec::new();
        let phase = if config.variant == Variant::KnightTournament {
            Phase::Tournament
        } else if config.orders {
            let mut deck = Order::BASE;
            rng.shuffle(&mut deck);
            let mut next = 0usize;
            for p in players.iter_mut() {
                p.offered.push(deck[next]);
                p.offered.push(deck[next + 1]);
                next += 2;
            }
            if config.calatrava_third {
                for p in players.iter_mut() {
                    if p.offered.contains(&Order::Calatrava) {
                        p.offered.push(deck[next]);
                        next += 1;
                    }
                }
            }
            undealt.extend(deck[next..].iter().copied());
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
                supply: i32::try_from(pc.supply).unwrap_or(i32::MAX),
                end_triggered: false,
                phase,
                turn_pos: 0,
                pending: None,
                turns: 0,
                final_scores: None,
                undealt,
            },
        })
    }

    /// All orders are known: reveal them and apply their automatic setup effects.
    fn reveal_orders(&mut self) {
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
                Order::Montesa | Order::Teutonic => {}
            }
        }
        self.core.phase = Phase::OrderSetup { idx: 0 };
        self.advance_setup();
    }

    /// Moves past players with no setup task left.
    fn advance_setup(&mut self) {
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
                Some(SetupTask::Token) => true,
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
        let value = self.action_value(Seat(seat), act, x);
        match act {
            Act::Travel => {
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
                if let Some(&(cost, infl)) = self.tables().troops.get(usize::from(up)) {
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
                if self.crusade_targets(seat, value).next().is_none() {
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
            self.end_turn(seat);
        } else {
            self.core.phase = Phase::Turn {
                seat,
                step: Step::Sow { pos },
            };
        }
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
    pub(crate) fn sow_choices(&self, seat: u8, pos: Pos) -> ArrayVec<SowChoice, 8> {
        let mut candidates: ArrayVec<SowChoice, 8> = ArrayVec::new();
        candidates.push(SowChoice::default());
        match self.player(seat).order {
            Some(Order::Teutonic) => candidates.push(SowChoice {
                ccw: true,
                ..SowChoice::default()
            }),
            Some(Order::Aviz | Order::Santiago) => candidates.push(SowChoice {
                origin: true,
                ..SowChoice::default()
            }),
            Some(Order::Hospitaller) => {
                for p in 0..WEDGES as u8 {
                    candidates.push(SowChoice {
                        skip: Some(p),
                        ..SowChoice::default()
                    });
                }
            }
            Some(Order::Templar) => {
                for p in 0..WEDGES as u8 {
                    candidates.push(SowChoice {
                        double: Some(p),
                        ..SowChoice::default()
                    });
                }
            }
            _ => {}
        }
        let wheel = self.player(seat).wheel;
        let mut seen: ArrayVec<[u8; WEDGES], 8> = ArrayVec::new();
        let mut out = ArrayVec::new();
        for c in candidates {
            let mut w = wheel;
            sow_wheel(&mut w, pos, c);
            let tokens = w.map(|x| x.tokens);
            if !seen.contains(&tokens) {
                seen.push(tokens);
                out.push(c);
            }
        }
        out.sort_unstable();
        out
    }

    fn sow(&mut self, seat: u8, pos: Pos, choice: SowChoice) {
        sow_wheel(&mut self.player_mut(seat).wheel, pos, choice);
    }

    // ---------- actions ----------

    fn leave_cost(&self, region: u8) -> u8 {
        if self.core.regions[usize::from(region)].enemy.is_some() {
            2
        } else {
            1
        }
    }

    fn any_move(&self, seat: u8, points: u8) -> bool {
        self.player(seat)
            .knights_on_map()
            .any(|(_, r)| self.leave_cost(r) <= points)
    }

    /// Moves as (knight, destination): one knight per region (knights of one player in one
    /// region are interchangeable).
    fn moves(&self, seat: u8, points: u8, mut f: impl FnMut(u8, u8)) {
        let p = self.player(seat);
        let board = self.board();
        let mut done_regions: ArrayVec<u8, 4> = ArrayVec::new();
        for (k, r) in p.knights_on_map() {
            if done_regions.contains(&r) {
                continue;
            }
            done_regions.push(r);
            if self.leave_cost(r) > points {
                continue;
            }
            for nb in &board.region(RegionId(r)).neighbours {
                f(k, nb.0);
            }
        }
    }

    fn crusade_targets(&self, seat: u8, value: u8) -> impl Iterator<Item = u8> + '_ {
        let mut regions: ArrayVec<u8, 4> =
            self.player(seat).knights_on_map().map(|(_, r)| r).collect();
        regions.sort_unstable();
        let mut uniq: ArrayVec<u8, 4> = ArrayVec::new();
        for r in regions {
            if !uniq.contains(&r) {
                uniq.push(r);
            }
        }
        uniq.into_iter().filter(move |&r| {
            self.core.regions[usize::from(r)]
                .enemy
                .is_some_and(|e| self.strength(e.kind()) <= value)
        })
    }

    /// The cost of `kind` for `seat` in `region` after printed and tile discounts.
    pub(crate) fn build_cost(&self, seat: u8, kind: BuildingKind, region: u8) -> Option<u8> {
        let built = self.player(seat).built[kind.index()];
        let space = self.tables().buildings[kind.index()].get(usize::from(built))?;
        let mut discount = 0u8;
        if let Some((k, a)) = self.board().region(RegionId(region)).discount {
            if k == kind {
                discount += a;
            }
        }
        if let Some(BonusTile::Discount { building, amount }) =
            self.core.regions[usize::from(region)].tile
        {
            if building == kind {
                discount += amount;
            }
        }
        Some(space.cost.saturating_sub(discount))
    }

    fn build_options(&self, seat: u8, value: u8, mut f: impl FnMut(BuildingKind, u8)) {
        let mut regions: ArrayVec<u8, 4> = ArrayVec::new();
        for (_, r) in self.player(seat).knights_on_map() {
            let rs = &self.core.regions[usize::from(r)];
            if rs.enemy.is_none() && rs.building.is_none() && !regions.contains(&r) {
                regions.push(r);
            }
        }
        regions.sort_unstable();
        for kind in BuildingKind::ALL {
            for &r in &regions {
                if self.build_cost(seat, kind, r).is_some_and(|c| c <= value) {
                    f(kind, r);
                }
            }
        }
    }

    /// Places `seat`'s next building of `kind` in `region` (Build or Saracen reward), collects
    /// its Influence and reveals what it covered.
    fn place_building(&mut self, seat: u8, kind: BuildingKind, region: u8, with_tile: bool) {
        let level = self.player(seat).built[kind.index()] + 1;
        let space = self.tables().buildings[kind.index()][usize::from(level - 1)];
        let rs = &mut self.core.regions[usize::from(region)];
        rs.building = Some(Placed {
            owner: seat,
            kind,
            level,
        });
        let mut extra = 0;
        if with_tile {
            if let Some(BonusTile::Influence { building, amount }) = rs.tile {
                if building == kind {
                    extra = amount;
                }
            }
        }
        let p = self.player_mut(seat);
        p.built[kind.index()] = level;
        for (b, add) in p.bonus.iter_mut().zip(space.reveal.bonus) {
            *b += add;
        }
        if space.reveal.knight {
            if let Some(slot) = p.knights[1..3].iter_mut().find(|k| **k == OFF) {
                *slot = region;
            }
        }
        self.gain(seat, level + extra);
    }

    // ---------- end ----------

    fn finish_game(&mut self) {
        let n = usize::from(self.core.n);
        let mut scores: ArrayVec<ScoreBreakdown, 4> = self
            .core
            .players
            .iter()
            .map(|p| ScoreBreakdown {
                influence: p.influence,
                ..ScoreBreakdown::default()
            })
            .collect();
        for kind in EnemyKind::ALL {
            let counts: ArrayVec<u8, 4> = self
                .core
                .players
                .iter()
                .map(|p| p.defeated[kind.index()])
                .collect();
            let awards = majority(&counts);
            for i in 0..n {
                scores[i].majorities[kind.index()] = awards[i];
            }
        }
        let tables = self.tables();
        for (i, p) in self.core.players.iter().enumerate() {
            let level4 = p.built.iter().filter(|&&b| b == 4).count() as i32;
            let mut pts = 0;
            for kind in BuildingKind::ALL {
                if p.built[kind.index()] < 4 {
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
                    Some(Endgame::LevelFourBuildings) => 4 * level4,
                    None => 0,
                };
            }
            scores[i].buildings = pts;
        }
        for s in scores.iter_mut() {
            s.total = s.influence + s.majorities.iter().sum::<i32>() + s.buildings;
        }
        self.core.final_scores = Some(scores);
        self.core.phase = Phase::Over;
    }
}

/// Majority awards for one category (rules §10.2): 5 / 2; a tie for first gives 3 each and no
/// second; a tie for second gives 1 each. A player needs at least 1 to qualify.
pub fn majority(counts: &[u8]) -> ArrayVec<i32, 6> {
    let mut out: ArrayVec<i32, 6> = counts.iter().map(|_| 0).collect();
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

/// Sows the tokens of the wedge at `pos` around the wheel (rules §4.4) with order powers.
pub(crate) fn sow_wheel(wheel: &mut [Wedge; WEDGES], pos: Pos, c: SowChoice) {
    let n = WEDGES as u8;
    let mut tokens = wheel[usize::from(pos)].tokens;
    wheel[usize::from(pos)].tokens = 0;
    let step = if c.ccw { n - 1 } else { 1 };
    let mut p = pos;
    let mut skipped = false;
    let mut doubled = false;
    if c.origin && tokens > 0 {
        wheel[usize::from(pos)].tokens += 1;
        tokens -= 1;
    }
    while tokens > 0 {
        p = (p + step) % n;
        if c.skip == Some(p) && !skipped {
            skipped = true;
            continue;
        }
        if c.double == Some(p) && !doubled && tokens >= 2 {
            doubled = true;
            wheel[usize::from(p)].tokens += 2;
            tokens -= 2;
            continue;
        }
        wheel[usize::from(p)].tokens += 1;
        tokens -= 1;
    }
}

impl Game for Crusaders {
    type Config = Config;
    type Action = Action;
    type View = View;

    const INFO: GameInfo = GameInfo {
        id: "crusaders",
        name: "Crusaders: Thy Will Be Done",
        min_seats: 2,
        max_seats: 4,
        imperfect_information: true,
        simultaneous: true,
        max_decisions: MAX_DECISIONS,
    };

    fn data_version() -> &'static str {
        match tables() {
            Ok(t) => t.version.as_str(),
            Err(_) => "invalid",
        }
    }

    fn new_game(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        Crusaders::setup(config, seed)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_seats(&self) -> u8 {
        self.core.n
    }

    fn to_act(&self) -> ToAct {
        match self.core.phase {
            Phase::PickOrders => {
                let mut set = SeatSet::EMPTY;
                for (i, p) in self.core.players.iter().enumerate() {
                    if p.picked.is_none() {
                        set.insert(Seat(i as u8));
                    }
                }
                ToAct::Simultaneous(set)
            }
            Phase::Tournament => {
                let mut set = SeatSet::EMPTY;
                for (i, p) in self.core.players.iter().enumerate() {
                    if p.picked.is_none() || usize::from(p.placed) < WEDGES {
                        set.insert(Seat(i as u8));
                    }
                }
                ToAct::Simultaneous(set)
            }
            Phase::OrderSetup { idx } => ToAct::Seat(Seat(self.seat_at_rank(idx))),
            Phase::Start { idx } => ToAct::Seat(Seat(self.seat_at_rank(self.core.n - 1 - idx))),
            Phase::Turn { seat, .. } => ToAct::Seat(Seat(seat)),
            Phase::Over => ToAct::Over(Outcome::ranked(self.scores(), |s| self.turn_rank(s))),
        }
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut ActionList<Action>) {
        if seat.0 >= self.core.n {
            return;
        }
        let s = seat.0;
        let p = self.player(s);
        let start_len = out.len();
        match self.core.phase {
            Phase::PickOrders => {
                if p.picked.is_none() {
                    let mut o: ArrayVec<Order, 3> = p.offered.clone();
                    o.sort_unstable();
                    out.extend(o.into_iter().map(|order| Action::PickOrder { order }));
                }
            }
            Phase::Tournament => {
                if p.picked.is_none() {
                    out.extend(
                        Order::BASE
                            .into_iter()
                            .map(|order| Action::PickOrder { order }),
                    );
                } else if usize::from(p.placed) < WEDGES {
                    for id in 0..WEDGES as u8 {
                        if !p.wheel[..usize::from(p.placed)].iter().any(|w| w.id == id) {
                            out.push(Action::PlaceWedge { wedge: id });
                        }
                    }
                }
            }
            Phase::OrderSetup { idx } => {
                if self.seat_at_rank(idx) != s {
                    return;
                }
                match p.setup.first() {
                    Some(SetupTask::Token) => {
                        out.extend((0..WEDGES as u8).map(|pos| Action::SetupToken { pos }))
                    }
                    Some(SetupTask::Single) => out.extend(
                        (0..WEDGES as u8)
                            .filter(|&pos| p.wheel[usize::from(pos)].tokens >= 2)
                            .map(|pos| Action::SetupSingle { pos }),
                    ),
                    Some(SetupTask::Upgrade) => out.extend(
                        (0..WEDGES as u8)
                            .filter(|&pos| !p.wheel[usize::from(pos)].upgraded)
                            .map(|pos| Action::SetupUpgrade { pos }),
                    ),
                    None => {}
                }
            }
            Phase::Start { idx } => {
                if self.seat_at_rank(self.core.n - 1 - idx) != s {
                    return;
                }
                for &r in &self.board().starts {
                    let taken = self
                        .core
                        .players
                        .iter()
                        .enumerate()
                        .any(|(i, q)| i != usize::from(s) && q.knights.contains(&r.0));
                    if !taken {
                        out.push(Action::Start { region: r });
                    }
                }
            }
            Phase::Turn { seat: t, step } => {
                if t != s {
                    return;
                }
                self.turn_actions(s, step, out);
            }
            Phase::Over => {}
        }
        out[start_len..].sort_unstable();
    }

    fn apply_unchecked(&mut self, seat: Seat, action: Action) {
        let s = seat.0;
        match (self.core.phase, action) {
            (Phase::PickOrders, Action::PickOrder { order }) => {
                self.player_mut(s).picked = Some(order);
                if self.core.players.iter().all(|p| p.picked.is_some()) {
                    self.reveal_orders();
                }
            }
            (Phase::Tournament, Action::PickOrder { order }) => {
                self.player_mut(s).picked = Some(order);
            }
            (Phase::Tournament, Action::PlaceWedge { wedge }) => {
                let p = self.player_mut(s);
                p.wheel[usize::from(p.placed)] = Wedge {
                    id: wedge,
                    upgraded: false,
                    tokens: 2,
                };
                p.placed += 1;
                if usize::from(p.placed) == WEDGES - 1 {
                    // The last wedge has only one place left.
                    let used: ArrayVec<u8, 6> =
                        p.wheel[..WEDGES - 1].iter().map(|w| w.id).collect();
                    let last = (0..WEDGES as u8).find(|id| !used.contains(id)).unwrap_or(0);
                    p.wheel[WEDGES - 1] = Wedge {
                        id: last,
                        upgraded: false,
                        tokens: 2,
                    };
                    p.placed += 1;
                }
                if self
                    .core
                    .players
                    .iter()
                    .all(|p| p.picked.is_some() && usize::from(p.placed) == WEDGES)
                {
                    self.reveal_orders();
                }
            }
            (Phase::OrderSetup { .. }, a) => {
                let p = self.player_mut(s);
                match a {
                    Action::SetupToken { pos } => p.wheel[usize::from(pos)].tokens += 1,
                    Action::SetupSingle { pos } => p.wheel[usize::from(pos)].tokens = 1,
                    Action::SetupUpgrade { pos } => p.wheel[usize::from(pos)].upgraded = true,
                    _ => panic!("apply_unchecked: {a:?} is not a setup decision"),
                }
                p.setup.remove(0);
                self.advance_setup();
            }
            (Phase::Start { idx }, Action::Start { region }) => {
                let p = self.player_mut(s);
                p.knights[0] = region.0;
                if p.order == Some(Order::Montesa) {
                    p.knights[3] = region.0;
                }
                self.core.phase = if idx + 1 >= self.core.n {
                    Phase::Turn {
                        seat: self.core.start,
                        step: Step::Choose,
                    }
                } else {
                    Phase::Start { idx: idx + 1 }
                };
            }
            (Phase::Turn { step, .. }, a) => self.apply_turn(s, step, a),
            (phase, a) => panic!("apply_unchecked: {a:?} in phase {phase:?}"),
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        view::build(self, viewer)
    }

    fn resample_from_view(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::from_seed(rng.next_u64());
        match self.core.phase {
            Phase::PickOrders => {
                let me = usize::from(seat.0);
                let mine = self
                    .core
                    .players
                    .get(me)
                    .map(|p| p.offered.clone())
                    .unwrap_or_default();
                let mut pool: Vec<Order> = Order::BASE
                    .into_iter()
                    .filter(|o| !mine.contains(o))
                    .collect();
                rng.shuffle(&mut pool);
                let mut it = pool.into_iter();
                for (i, p) in g.core.players.iter_mut().enumerate() {
                    if i == me {
                        continue;
                    }
                    p.offered.clear();
                    p.offered.extend(it.by_ref().take(2));
                }
                if self.config.calatrava_third {
                    for (i, p) in g.core.players.iter_mut().enumerate() {
                        if i != me && p.offered.contains(&Order::Calatrava) {
                            p.offered.extend(it.by_ref().take(1));
                        }
                    }
                }
                g.core.undealt = it.collect();
                for (i, p) in g.core.players.iter_mut().enumerate() {
                    if i != me && p.picked.is_some() {
                        p.picked = Some(p.offered[rng.index(p.offered.len())]);
                    }
                }
            }
            Phase::Tournament => {
                for (i, p) in g.core.players.iter_mut().enumerate() {
                    if i == usize::from(seat.0) {
                        continue;
                    }
                    if p.picked.is_some() {
                        p.picked = Some(Order::BASE[rng.index(Order::BASE.len())]);
                    }
                    let mut ids: [u8; WEDGES] = [0, 1, 2, 3, 4, 5];
                    rng.shuffle(&mut ids);
                    let placed = usize::from(p.placed);
                    for (w, id) in p.wheel.iter_mut().zip(ids).take(placed) {
                        w.id = id;
                    }
                }
            }
            _ => {}
        }
        g
    }

    fn state_hash(&self) -> u64 {
        let mut h = StableHasher::default();
        self.core.hash(&mut h);
        self.rng.position().hash(&mut h);
        h.finish()
    }

    fn scores(&self) -> BySeat<i32> {
        match &self.core.final_scores {
            Some(f) => BySeat::new_with(self.core.n, |s| f[s.index()].total),
            None => BySeat::new_with(self.core.n, |s| self.player(s.0).influence),
        }
    }

    fn describe_action(&self, action: &Action) -> String {
        crate::describe::describe(self, action)
    }

    fn secrets_of(&self, seat: Seat) -> Vec<String> {
        let Some(p) = self.core.players.get(seat.index()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if matches!(self.core.phase, Phase::PickOrders) {
            let mut sorted: Vec<Order> = p.offered.to_vec();
            sorted.sort_unstable();
            let offered: Vec<String> = sorted.iter().map(|o| format!("\"{}\"", o.id())).collect();
            out.push(format!("\"offered\":[{}]", offered.join(",")));
        }
        if let (Phase::PickOrders | Phase::Tournament, Some(o)) = (self.core.phase, p.picked) {
            out.push(format!("{{\"seat\":{},\"order\":\"{}\"", seat.0, o.id()));
        }
        out
    }
}

impl Crusaders {
    fn turn_actions(&self, s: u8, step: Step, out: &mut ActionList<Action>) {
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
                let def = &self.tables().wedges[usize::from(w.id)];
                for first in [def.basic, def.secondary] {
                    for tokens in 1..=w.tokens {
                        out.push(Action::Split { first, tokens });
                    }
                }
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
                out.extend(self.crusade_targets(s, value).map(|r| Action::Crusade {
                    region: RegionId(r),
                }));
                out.push(Action::Forgo);
            }
            Step::Saracen { .. } => {
                out.push(Action::SaracenReward { take: false });
                out.push(Action::SaracenReward { take: true });
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
            Step::UpgradeSow | Step::SkipSow => {
                for pos in 0..WEDGES as u8 {
                    if p.wheel[usize::from(pos)].tokens > 0 {
                        out.push(Action::Distribute { pos });
                    }
                }
                if step == Step::UpgradeSow {
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

    fn apply_turn(&mut self, s: u8, step: Step, action: Action) {
        match (step, action) {
            (Step::Choose, Action::Resolve { pos }) => {
                self.core.turn_pos = pos;
                self.core.pending = None;
                let w = self.player(s).wheel[usize::from(pos)];
                if w.upgraded {
                    self.core.phase = Phase::Turn {
                        seat: s,
                        step: Step::Split { pos },
                    };
                } else {
                    let act = self.tables().wedges[usize::from(w.id)].basic;
                    self.start_action(s, act, w.tokens);
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
            (Step::Split { pos }, Action::Split { first, tokens }) => {
                let w = self.player(s).wheel[usize::from(pos)];
                let def = &self.tables().wedges[usize::from(w.id)];
                let other = if first == def.basic {
                    def.secondary
                } else {
                    def.basic
                };
                let rest = w.tokens - tokens;
                self.core.pending = if rest > 0 { Some((other, rest)) } else { None };
                self.start_action(s, first, tokens);
            }
            (Step::Travel { points }, Action::Move { knight, to }) => {
                let from = self.player(s).knights[usize::from(knight)];
                let left = points - self.leave_cost(from);
                self.player_mut(s).knights[usize::from(knight)] = to.0;
                self.core.phase = Phase::Turn {
                    seat: s,
                    step: Step::Travel { points: left },
                };
                if !self.any_move(s, left) {
                    self.finish_action(s);
                }
            }
            (Step::Travel { .. }, Action::EndTravel)
            | (Step::Crusade { .. } | Step::Build { .. }, Action::Forgo) => self.finish_action(s),
            (Step::Crusade { .. }, Action::Crusade { region }) => {
                let r = region.index();
                let Some(enemy) = self.core.regions[r].enemy.take() else {
                    panic!("apply_unchecked: no enemy in region {r}")
                };
                self.player_mut(s).defeated[enemy.kind().index()] += 1;
                match enemy {
                    Enemy::Prussian | Enemy::Slav => {
                        let kind = enemy.kind();
                        let strength = self.strength(kind);
                        let ti = kind.index();
                        let len = match kind {
                            EnemyKind::Prussian => self.tables().prussian_track.len(),
                            _ => self.tables().slav_track.len(),
                        };
                        if usize::from(self.core.tracks[ti]) + 1 < len {
                            self.core.tracks[ti] += 1;
                        }
                        self.gain(s, strength);
                        self.finish_action(s);
                    }
                    Enemy::Saracen(face) => {
                        let p = self.player(s);
                        let available = match face {
                            SaracenFace::Building(k) => p.built[k.index()] < 4,
                            SaracenFace::Troop => {
                                usize::from(p.troops_up) < self.tables().troops.len()
                            }
                        };
                        if available {
                            self.core.phase = Phase::Turn {
                                seat: s,
                                step: Step::Saracen {
                                    region: region.0,
                                    face,
                                },
                            };
                        } else {
                            self.gain(s, self.tables().saracen_fallback);
                            self.finish_action(s);
                        }
                    }
                }
            }
            (Step::Saracen { region, face }, Action::SaracenReward { take }) => {
                if !take {
                    self.gain(s, self.tables().saracen_fallback);
                } else {
                    match face {
                        SaracenFace::Building(kind) => self.place_building(s, kind, region, false),
                        SaracenFace::Troop => {
                            let up = self.player(s).troops_up;
                            let infl = self.tables().troops[usize::from(up)].1;
                            self.player_mut(s).troops_up += 1;
                            self.gain(s, infl);
                        }
                    }
                }
                self.finish_action(s);
            }
            (Step::Build { .. }, Action::Build { building, region }) => {
                self.place_building(s, building, region.0, true);
                self.finish_action(s);
            }
            (Step::UpgradeSow | Step::SkipSow, Action::Distribute { pos }) => {
                self.core.turn_pos = pos;
                self.begin_sow(s, pos);
            }
            (Step::UpgradeSow, Action::NoDistribute) => self.end_turn(s),
            (Step::Sow { pos }, Action::Sow { choice }) => {
                self.sow(s, pos, choice);
                self.end_turn(s);
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
        for i in 0..6 {
            w[i] = Wedge {
                id: i as u8,
                upgraded: false,
                tokens: tokens[i],
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
        sow_wheel(&mut w, 1, SowChoice::default());
        assert_eq!(tokens(&w), [2, 0, 3, 3, 2, 2]);
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
