//! The game contract for Crusaders: what the host, the bots and the tests see of the state
//! machine in `state.rs` (setup, turns, legality, views, scores, descriptions).

use crate::action::Action;
use crate::data::tables;
use crate::state::*;
use crate::types::{EnemyKind, Order, WEDGES};
use crate::view::{self, View};
use arrayvec::ArrayVec;
use ordo_core::pack::PackId;
use ordo_core::{
    ActionList, BySeat, ConfigError, Game, GameInfo, GameRng, Outcome, Seat, SeatSet, StableHasher,
    ToAct, Viewer,
};
use std::hash::{Hash, Hasher};

impl Game for Crusaders {
    type Config = Config;
    type Action = Action;
    type View = View;

    const INFO: GameInfo = GameInfo {
        id: "crusaders",
        name: "Crusaders: Thy Will Be Done",
        min_seats: 2,
        max_seats: 6,
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

    fn data_files() -> Vec<(&'static str, &'static str)> {
        crate::data::raw_files().to_vec()
    }

    fn load_data_pack(files: &[(String, String)]) -> Result<Option<PackId>, Vec<String>> {
        crate::data::load_pack(files).map_err(|errs| errs.iter().map(ToString::to_string).collect())
    }

    fn data_pack(config: &Config) -> Option<PackId> {
        config.data
    }

    fn set_data_pack(config: &mut Config, pack: Option<PackId>) {
        config.data = pack;
    }

    fn data_pack_files(pack: PackId) -> Option<Vec<(&'static str, &'static str)>> {
        crate::data::pack(pack).map(|p| p.files.clone())
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
                    out.extend(p.offered.iter().map(|&order| Action::PickOrder { order }));
                }
            }
            Phase::Tournament => {
                if p.picked.is_none() {
                    out.extend(
                        Crusaders::deck(&self.config)
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
                let positions = 0..WEDGES as u8;
                match p.setup.first() {
                    Some(SetupTask::Token) => {
                        out.extend(positions.map(|pos| Action::SetupToken { pos }))
                    }
                    Some(SetupTask::Single) => out.extend(
                        positions
                            .filter(|&pos| {
                                p.wheel[usize::from(pos)].tokens >= 2 && p.giant != Some(pos)
                            })
                            .map(|pos| Action::SetupSingle { pos }),
                    ),
                    Some(SetupTask::Upgrade) => out.extend(
                        positions
                            .filter(|&pos| !p.wheel[usize::from(pos)].upgraded)
                            .map(|pos| Action::SetupUpgrade { pos }),
                    ),
                    Some(SetupTask::Giant) => {
                        out.extend(positions.map(|pos| Action::SetupGiant { pos }))
                    }
                    Some(SetupTask::Mark) => {
                        out.extend(EnemyKind::ALL.map(|enemy| Action::SetupMark { enemy }))
                    }
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
                    Action::SetupGiant { pos } => {
                        p.wheel[usize::from(pos)].tokens = 1;
                        p.giant = Some(pos);
                    }
                    Action::SetupMark { enemy } => p.mark = Some(enemy),
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
        let me = usize::from(seat.0);
        match self.core.phase {
            Phase::PickOrders => {
                let mine = self
                    .core
                    .players
                    .get(me)
                    .map(|p| p.offered.clone())
                    .unwrap_or_default();
                let mut pool: Vec<Order> = Crusaders::deck(&self.config)
                    .into_iter()
                    .filter(|o| !mine.contains(o))
                    .collect();
                rng.shuffle(&mut pool);
                let mut it = pool.into_iter();
                for (i, p) in g.core.players.iter_mut().enumerate() {
                    if i != me {
                        p.offered.clear();
                        p.offered.extend(it.by_ref().take(2));
                    }
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
                    if i != me && p.picked.is_some() && !p.offered.is_empty() {
                        p.picked = Some(p.offered[rng.index(p.offered.len())]);
                    }
                }
            }
            Phase::Tournament => {
                let deck = Crusaders::deck(&self.config);
                for (i, p) in g.core.players.iter_mut().enumerate() {
                    if i == me {
                        continue;
                    }
                    if p.picked.is_some() {
                        p.picked = Some(deck[rng.index(deck.len())]);
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

    fn effect(&self, before: &Self, seat: Seat, action: &Action) -> Option<serde_json::Value> {
        crate::effect::effect(before, self, seat, action).and_then(|o| serde_json::to_value(o).ok())
    }

    /// Outside the secret order picks and the tournament every decision is open and the game
    /// draws randomness only at setup, so every sequential decision can be taken back.
    fn can_take_back(&self, seat: Seat, _action: &Action) -> bool {
        matches!(self.to_act(), ToAct::Seat(s) if s == seat)
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
