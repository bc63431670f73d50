//! Movement (land, roads, sea, permission) and battles (open field, assault, siege), Noble
//! death and retreat, capture, razing and the loss of a stronghold.

use crate::cards::{LawKind, Resource};
use crate::data::BattleResult;
use crate::glory_data::{AdvancementEffect, LeaderAbility};
use crate::map::AreaId;
use crate::phases::{Battle, Fort, Stage};
use crate::state::{Ask, AskFor, Halt, Loc, Phase, Step, WarriorKnights};
use crate::types::*;

/// The best land route found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Route {
    /// Barons whose permission is needed.
    pub(crate) blockers: Vec<u8>,
    /// Along a road.
    pub(crate) road: bool,
}

impl WarriorKnights {
    /// Barons other than `s` whose Noble or city stands in `area` (passing needs their leave),
    /// as a bit set.
    fn blockers_at(&self, s: u8, area: AreaId) -> u8 {
        let mut v = 0u8;
        for o in 0..self.core.n {
            if o == s || self.b(o).eliminated {
                continue;
            }
            if self.b(o).nobles.iter().any(|n| n.loc == Loc::At(area)) {
                v |= 1 << o;
            }
        }
        if let Some(c) = self.live_city_at(area) {
            if let Some(o) = self.city(c).owner {
                if o != s {
                    v |= 1 << o;
                }
            }
        }
        v
    }

    /// `blockers_at` for every area below 64 at once.
    pub(crate) fn blocker_map_of(&self, s: u8) -> [u8; 64] {
        self.blocker_map(s)
    }

    fn blocker_map(&self, s: u8) -> [u8; 64] {
        let mut map = [0u8; 64];
        for o in 0..self.core.n {
            if o == s || self.b(o).eliminated {
                continue;
            }
            for n in &self.b(o).nobles {
                if let Loc::At(a) = n.loc {
                    if let Some(m) = map.get_mut(usize::from(a)) {
                        *m |= 1 << o;
                    }
                }
            }
        }
        let areas = &self.t().city_area;
        for (city, &a) in self.core.cities.iter().zip(areas) {
            if city.razed {
                continue;
            }
            if let (Some(o), Some(m)) = (city.owner, map.get_mut(usize::from(a))) {
                if o != s {
                    *m |= 1 << o;
                }
            }
        }
        map
    }

    /// Every area `s` can reach by land from `from` with the fewest Barons to ask: one step to
    /// an adjacent area, or up to three areas along a road (the whole move on the road). Per
    /// destination: (Barons to ask as a bit set, along a road).
    pub(crate) fn reachable(&self, s: u8, from: AreaId) -> Vec<(AreaId, u8, bool)> {
        let t = self.t();
        let mut best: [Option<(u8, bool)>; 64] = [None; 64];
        if !t.is_kingdom(from) {
            return Vec::new();
        }
        let nbrs = &t.board.neighbours;
        let step_ok = |a: AreaId, b: AreaId| t.board.road_step(a, b);
        let blockers = self.blocker_map(s);
        let blockers_at = |a: AreaId| match blockers.get(usize::from(a)) {
            Some(&b) => b,
            None => self.blockers_at(s, a),
        };
        let mut consider = |to: AreaId, blockers: u8, road: bool| {
            if to == from || usize::from(to) >= 64 {
                return;
            }
            let slot = &mut best[usize::from(to)];
            let better = match slot {
                None => true,
                Some((b, r)) => (blockers.count_ones(), road) < (b.count_ones(), *r),
            };
            if better {
                *slot = Some((blockers, road));
            }
        };
        for &(a, border) in &nbrs[usize::from(from)] {
            if border.passable() {
                consider(a, 0, false);
            }
        }
        for &(m1, _) in &nbrs[usize::from(from)] {
            if !step_ok(from, m1) {
                continue;
            }
            let b1 = blockers_at(m1);
            for &(m2, _) in &nbrs[usize::from(m1)] {
                if m2 == from || !step_ok(m1, m2) {
                    continue;
                }
                consider(m2, b1, true);
                let b2 = b1 | blockers_at(m2);
                for &(m3, _) in &nbrs[usize::from(m2)] {
                    if m3 == from || m3 == m1 || !step_ok(m2, m3) {
                        continue;
                    }
                    consider(m3, b2, true);
                }
            }
        }
        best.iter()
            .enumerate()
            .filter_map(|(a, x)| x.map(|(b, r)| (a as AreaId, b, r)))
            .collect()
    }

    /// The best land route from `from` to `to` for `s`.
    pub(crate) fn land_route(&self, s: u8, k: Shape, from: AreaId, to: AreaId) -> Option<Route> {
        if !self.t().is_kingdom(to) {
            return None;
        }
        self.reachable_by(s, k, from, true)
            .into_iter()
            .find(|&(a, _, _)| a == to)
            .map(|(_, b, road)| Route {
                blockers: (0..8u8).filter(|o| b & (1 << o) != 0).collect(),
                road,
            })
    }

    /// Whether Noble `k` of `s` may move now.
    pub(crate) fn can_move(&self, s: u8, k: Shape) -> Option<AreaId> {
        let nb = self.nb(s, k);
        match nb.loc {
            Loc::At(a)
                if !nb.exhausted && !self.core.ctx.movers.contains(&k) && !self.shut_in(s, a) =>
            {
                Some(a)
            }
            _ => None,
        }
    }

    /// Move, ask-to-move and sail decisions of `s` towards `dest` (every area when `None`).
    pub(crate) fn move_actions(&self, s: u8, dest: Option<AreaId>, out: &mut Vec<Action>) {
        let areas = self.t().areas() as AreaId;
        let dues = self.law(LawKind::PortDues);
        let halted = self.core.ctx.halt.map(|h| h.shape);
        let cartography = self.face_up_movement(s, AdvancementEffect::IgnorePermission);
        let navigation = self.face_up_movement(s, AdvancementEffect::SeaArrivalAtOnce);
        for k in 0..4u8 {
            if halted == Some(k) {
                // A Noble halted on the road goes on only along it (`road_onwards`).
                continue;
            }
            let Some(from) = self.can_move(s, k) else {
                continue;
            };
            for (to, blockers, _) in self.reachable_by(s, k, from, true) {
                if dest.is_some_and(|d| d != to) {
                    continue;
                }
                if blockers == 0 || cartography {
                    // *For Glory*: Cartography spares one move the asking.
                    out.push(Action::Move { shape: k, to });
                }
                if blockers != 0 && !self.core.ctx.refused_moves.contains(&k) {
                    out.push(Action::MoveAsk { shape: k, to });
                }
            }
            if self.t().board.is_port(from) && (!dues || self.b(s).crowns >= 1) {
                for to in 0..areas {
                    if dest.is_some_and(|d| d != to) {
                        continue;
                    }
                    if to != from && self.t().board.is_port(to) {
                        out.push(Action::Sail { shape: k, to });
                        if navigation {
                            out.push(Action::SailAtOnce { shape: k, to });
                        }
                    }
                }
            }
        }
    }

    /// Carries out a land move (the route is known to exist).
    pub(crate) fn do_move(&mut self, s: u8, k: Shape, to: AreaId) {
        let Loc::At(from) = self.nb(s, k).loc else {
            return;
        };
        if self.core.ctx.halt.is_some_and(|h| h.shape == k) {
            // The rest of a road move begun before the halt (the law was met when it began).
            self.core.ctx.halt = None;
        } else if let Some(r) = self.land_route(s, k, from, to) {
            if r.road && self.law(LawKind::ClosedRoads) {
                self.ban(s);
            }
            self.horseshoes_used(s, k, from, to);
        }
        self.nbm(s, k).loc = Loc::At(to);
        self.left(k);
        self.check_sieges();
    }

    /// Simple paths along roads from `from` of 1 to `steps` steps that avoid the areas of
    /// `visited`, in the map's neighbour order: (area reached, Barons to ask on the way as a bit
    /// set — the area reached itself excluded —, the areas travelled including both ends).
    fn road_paths(&self, s: u8, from: AreaId, steps: u8, visited: u64) -> Vec<(AreaId, u8, u64)> {
        let t = self.t();
        let nbrs = &t.board.neighbours;
        let mut out = Vec::new();
        // (area, blockers so far, visited, steps left)
        let map = self.blocker_map(s);
        let mut stack = vec![(from, 0u8, visited | bit(from), steps)];
        while let Some((a, blockers, seen, left)) = stack.pop() {
            if left == 0 {
                continue;
            }
            // Pushed in reverse so the search visits neighbours in the map's order.
            for &(b, _) in nbrs[usize::from(a)].iter().rev() {
                if seen & bit(b) != 0 || !t.board.road_step(a, b) {
                    continue;
                }
                out.push((b, blockers, seen | bit(b)));
                let through = blockers
                    | map
                        .get(usize::from(b))
                        .copied()
                        .unwrap_or_else(|| self.blockers_at(s, b));
                stack.push((b, through, seen | bit(b), left - 1));
            }
        }
        out
    }

    /// Whether troops wait for Noble `k` of `s` in `at`: the stronghold (not besieged) or a
    /// fresh Noble of his with troops he may take (W13, rules revision 5).
    fn troops_wait_at(&self, s: u8, k: Shape, at: AreaId) -> bool {
        if self.shut_in(s, at) {
            return false;
        }
        let passed = &self.core.ctx.passed;
        let takeable = |h: Holder| {
            let troops = self.troops(s, h);
            !troops.is_empty() && !troops.iter().any(|x| passed.contains(x))
        };
        if self.b(s).stronghold == Some(at) && takeable(Holder::Stronghold) {
            return true;
        }
        (0..4u8).any(|j| {
            let nb = self.nb(s, j);
            j != k
                && nb.loc == Loc::At(at)
                && !nb.exhausted
                && !self.core.ctx.movers.contains(&j)
                && takeable(Holder::Noble(j))
        })
    }

    /// Rules revision 5 (W13): the road halts of `s` — a Noble starting on a road may stop
    /// after one or two steps where troops wait for him (with no Baron to ask on the way nor
    /// there), take them, and go on along the road. Towards `dest` (Mobilize Forces) a halt is
    /// offered only where the road still leads on to `dest` with nobody to ask.
    pub(crate) fn road_halts(&self, s: u8, dest: Option<AreaId>, out: &mut Vec<Action>) {
        if self.config.rules < 5 || self.core.ctx.halt.is_some() {
            return;
        }
        for k in 0..4u8 {
            if self.core.ctx.loading.is_some_and(|l| l != k) {
                continue;
            }
            let Some(from) = self.can_move(s, k) else {
                continue;
            };
            if !self.t().is_kingdom(from) {
                continue;
            }
            let mut seen: Vec<AreaId> = Vec::new();
            for (at, blockers, path) in self.road_paths(s, from, 2, 0) {
                if blockers != 0 || self.blockers_at(s, at) != 0 || seen.contains(&at) {
                    continue;
                }
                if !self.troops_wait_at(s, k, at) {
                    continue;
                }
                let steps = 3 - (path.count_ones() as u8 - 1);
                if let Some(d) = dest {
                    let onwards = self.road_paths(s, at, steps, path);
                    if !onwards.iter().any(|&(a, b, _)| a == d && b == 0) {
                        continue;
                    }
                }
                seen.push(at);
                out.push(Action::RoadHalt { shape: k, at });
            }
        }
    }

    /// Halts Noble `k` of `s` on the road at `at` (the path is the first one `road_halts` found).
    pub(crate) fn do_halt(&mut self, s: u8, k: Shape, at: AreaId) {
        let Loc::At(from) = self.nb(s, k).loc else {
            return;
        };
        let Some(&(_, _, path)) = self
            .road_paths(s, from, 2, 0)
            .iter()
            .find(|&&(a, b, _)| a == at && b == 0)
        else {
            return;
        };
        if self.law(LawKind::ClosedRoads) {
            self.ban(s);
        }
        let steps = 3 - (path.count_ones() as u8 - 1);
        self.core.ctx.halt = Some(Halt {
            shape: k,
            steps,
            visited: path,
        });
        self.core.ctx.moved = true;
        self.nbm(s, k).loc = Loc::At(at);
        self.check_sieges();
    }

    /// Where the Noble halted on the road may still go (towards `dest` when given): along the
    /// road, for the steps he has left, never back, with nobody to ask.
    pub(crate) fn road_onwards(&self, s: u8, dest: Option<AreaId>, out: &mut Vec<Action>) {
        let Some(h) = self.core.ctx.halt else {
            return;
        };
        let Loc::At(at) = self.nb(s, h.shape).loc else {
            return;
        };
        let mut seen: Vec<AreaId> = Vec::new();
        for (to, blockers, _) in self.road_paths(s, at, h.steps, h.visited) {
            if blockers != 0 || seen.contains(&to) || dest.is_some_and(|d| d != to) {
                continue;
            }
            seen.push(to);
            out.push(Action::Move { shape: h.shape, to });
        }
    }

    /// The halted Noble ends his move where he stands.
    pub(crate) fn road_stay(&mut self) {
        if let Some(h) = self.core.ctx.halt.take() {
            self.left(h.shape);
        }
    }

    /// `k` has left: he counts as moved, and whoever waited for him to leave is done.
    fn left(&mut self, k: Shape) {
        self.core.ctx.movers.push(k);
        self.core.ctx.moved = true;
        if self.core.ctx.loading == Some(k) {
            self.core.ctx.loading = None;
        }
    }

    pub(crate) fn do_sail(&mut self, s: u8, k: Shape, to: AreaId) {
        if self.law(LawKind::PortDues) {
            self.pay(s, 1);
        }
        self.nbm(s, k).loc = Loc::Sea(to);
        self.left(k);
        self.check_sieges();
    }

    /// Asks the Barons in `pending` (in turn order) for permission.
    pub(crate) fn ask(&mut self, from: u8, what: AskFor, mut pending: Vec<u8>, resume: Phase) {
        let order = self.order();
        pending.sort_by_key(|b| order.iter().position(|x| x == b));
        let first = pending[0];
        self.core.ask = Some(Ask {
            from,
            what,
            pending,
            resume,
        });
        self.core.phase = Phase::Ask(first);
    }

    /// An answer to the pending request.
    pub(crate) fn answer(&mut self, grant: bool) {
        let Some(mut ask) = self.core.ask.take() else {
            return;
        };
        if grant {
            ask.pending.remove(0);
            if let Some(&next) = ask.pending.first() {
                self.core.phase = Phase::Ask(next);
                self.core.ask = Some(ask);
                return;
            }
        }
        self.core.phase = ask.resume;
        let s = ask.from;
        match (ask.what, grant) {
            (AskFor::Move { shape, to }, true) => {
                self.do_move(s, shape, to);
                if let Phase::Card(_, BaronCard::VersatileStrategy) = ask.resume {
                    self.card_done(None);
                }
            }
            (AskFor::Move { shape, .. }, false) => self.core.ctx.refused_moves.push(shape),
            (AskFor::Attack(target), true) => {
                let Phase::Target(_, area) = ask.resume else {
                    return;
                };
                self.begin_battle(s, area, target);
            }
            (AskFor::Attack(target), false) => {
                self.core.ctx.refused_targets.push(target);
                self.core.battle = None;
            }
        }
    }

    // ---------- targets ----------

    /// Nobles of `s` in `area` who may attack.
    pub(crate) fn eligible_fighters(&self, s: u8, area: AreaId) -> Vec<Shape> {
        (0..4u8)
            .filter(|&k| {
                let nb = self.nb(s, k);
                nb.loc == Loc::At(area) && !nb.exhausted
            })
            .collect()
    }

    /// The fortification a target holds in `area`, if any.
    pub(crate) fn fort_of(&self, area: AreaId, target: Target) -> Option<Fort> {
        match target {
            Target::Neutral => self.live_city_at(area).map(Fort::City),
            Target::Baron(x) => {
                if let Some(c) = self.live_city_at(area) {
                    if self.city(c).owner == Some(x) {
                        return Some(Fort::City(c));
                    }
                }
                (self.b(x).stronghold == Some(area)).then_some(Fort::Stronghold(x))
            }
        }
    }

    /// Whether `s` has a fresh Noble in `area` (one who may fight there).
    fn fighter_at(&self, s: u8, area: AreaId) -> bool {
        self.b(s)
            .nobles
            .iter()
            .any(|nb| nb.loc == Loc::At(area) && !nb.exhausted)
    }

    /// Whether Baron `x` is present in `area`: a Noble, his stronghold or his city.
    fn present_at(&self, x: u8, area: AreaId) -> bool {
        self.b(x).nobles.iter().any(|nb| nb.loc == Loc::At(area))
            || self.b(x).stronghold == Some(area)
            || self
                .live_city_at(area)
                .is_some_and(|c| self.city(c).owner == Some(x))
    }

    /// Whom `s` may attack in `area`, in order (neutral city first, then Barons by seat), as a
    /// caller-chosen visit; stops when `visit` says so.
    fn each_target(&self, s: u8, area: AreaId, mut visit: impl FnMut(Target) -> bool) {
        if !self.fighter_at(s, area) {
            return;
        }
        let refused = &self.core.ctx.refused_targets;
        if let Some(c) = self.live_city_at(area) {
            if self.city(c).owner.is_none()
                && !refused.contains(&Target::Neutral)
                && !visit(Target::Neutral)
            {
                return;
            }
        }
        for x in 0..self.core.n {
            if x == s || self.b(x).eliminated || !self.present_at(x, area) {
                continue;
            }
            if !refused.contains(&Target::Baron(x)) && !visit(Target::Baron(x)) {
                return;
            }
        }
    }

    /// Whom `s` may attack in `area`.
    pub(crate) fn targets(&self, s: u8, area: AreaId) -> Vec<Target> {
        let mut out = Vec::new();
        self.each_target(s, area, |t| {
            out.push(t);
            true
        });
        out
    }

    /// Whether `s` may attack anyone in `area`.
    pub(crate) fn has_target(&self, s: u8, area: AreaId) -> bool {
        let mut any = false;
        self.each_target(s, area, |_| {
            any = true;
            false
        });
        any
    }

    /// The areas where `s` may attack someone, in ascending order (only where a fresh Noble of
    /// his stands).
    pub(crate) fn battle_areas(&self, s: u8) -> impl Iterator<Item = AreaId> + '_ {
        let mut areas: [AreaId; 4] = [AreaId::MAX; 4];
        for (i, nb) in self.b(s).nobles.iter().enumerate().take(4) {
            if let Loc::At(a) = nb.loc {
                if !nb.exhausted {
                    areas[i] = a;
                }
            }
        }
        areas.sort_unstable();
        let mut last = None;
        areas.into_iter().filter(move |&a| {
            let fresh = a != AreaId::MAX && last != Some(a);
            last = Some(a);
            fresh && self.has_target(s, a)
        })
    }

    /// Declares an attack: asks leave where a city or stronghold is attacked among others.
    pub(crate) fn attack(&mut self, s: u8, area: AreaId, target: Target) {
        if self.fort_of(area, target).is_some() {
            let x = match target {
                Target::Baron(x) => Some(x),
                Target::Neutral => None,
            };
            let others: Vec<u8> = self
                .others_with_armies(s, area)
                .into_iter()
                .filter(|&o| Some(o) != x)
                .collect();
            if !others.is_empty() {
                self.ask(s, AskFor::Attack(target), others, Phase::Target(s, area));
                return;
            }
        }
        self.begin_battle(s, area, target);
    }

    pub(crate) fn begin_battle(&mut self, s: u8, area: AreaId, target: Target) {
        let fort = self.fort_of(area, target);
        let (def, def_sh) = match target {
            Target::Neutral => (Vec::new(), false),
            Target::Baron(x) => (
                self.nobles_at(x, area),
                self.b(x).stronghold == Some(area) && !self.b(x).sh_troops.is_empty(),
            ),
        };
        self.core.battle = Some(Battle {
            area,
            attacker: s,
            target,
            fort,
            siege: false,
            att: Vec::new(),
            def,
            def_sh,
            cmd: [None, None],
            def_cmd_tired: false,
            hands: [Vec::new(), Vec::new()],
            discarded: [0, 0],
            kept: [false, false],
            revealed: false,
            cas: [0, 0],
            diff: 0,
            retreats: Vec::new(),
            captured: false,
            stage: Stage::Fighters,
            shown: [Vec::new(), Vec::new()],
        });
        self.core.ctx.battled = true;
        self.core.phase = Phase::Auto;
        self.push(Step::BattleNext);
    }

    fn battle(&self) -> Option<&Battle> {
        self.core.battle.as_ref()
    }

    pub(crate) fn bt(&mut self) -> &mut Battle {
        self.core.battle.get_or_insert_with(unreachable_battle)
    }

    /// Strength of a side for drawing (and, without abilities, for the siege test).
    pub(crate) fn side_strength(&self, side: usize, with_fort: bool) -> u16 {
        let Some(b) = self.battle() else { return 0 };
        match side {
            0 => {
                let mut v: u16 = b
                    .att
                    .iter()
                    .map(|&k| self.army_strength(b.attacker, Holder::Noble(k)))
                    .sum();
                if !b.att.is_empty() {
                    v += 200;
                }
                v
            }
            _ => {
                let mut v = 0u16;
                if let Some(x) = b.defender() {
                    v += b
                        .def
                        .iter()
                        .map(|&k| self.army_strength(x, Holder::Noble(k)))
                        .sum::<u16>();
                    if b.def_sh {
                        v += self.army_strength(x, Holder::Stronghold);
                    }
                    if !b.def.is_empty() {
                        v += 200;
                    }
                }
                if with_fort {
                    v += self.fort_strength(b.fort);
                }
                v
            }
        }
    }

    pub(crate) fn fort_strength(&self, fort: Option<Fort>) -> u16 {
        match fort {
            Some(Fort::City(c)) => self.city_strength(c),
            Some(Fort::Stronghold(x)) => self.stronghold_strength(x),
            None => 0,
        }
    }

    /// Whether the siege is allowed now.
    pub(crate) fn siege_legal(&self) -> bool {
        let Some(b) = self.battle() else { return false };
        let Some(fort) = b.fort else { return false };
        let existing = match fort {
            Fort::City(c) => self.city(c).siege,
            Fort::Stronghold(x) => self.b(x).sh_siege,
        };
        if let Some((by, round)) = existing {
            if by != b.attacker || round == self.core.round {
                return false;
            }
        } else if !self.siege_marker_left() {
            return false;
        }
        self.side_strength(0, false) > self.side_strength(1, true)
    }

    /// Rules revision 4: whether a siege marker is left in the box (W27).
    pub(crate) fn siege_marker_left(&self) -> bool {
        if !self.config.revision_4() {
            return true;
        }
        let standing = self
            .core
            .cities
            .iter()
            .filter(|c| c.siege.is_some())
            .count()
            + self
                .core
                .barons
                .iter()
                .filter(|b| b.sh_siege.is_some())
                .count();
        standing < usize::from(self.t().components.limits.siege_markers)
    }

    fn seat_of(&self, side: usize) -> Option<u8> {
        let b = self.battle()?;
        if side == 0 {
            Some(b.attacker)
        } else {
            b.defender()
        }
    }

    /// Armies of a side that can still take a casualty token.
    pub(crate) fn casualty_options(&self, side: usize) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(b) = self.battle() else { return out };
        if let Some(s) = self.seat_of(side) {
            let nobles = if side == 0 { &b.att } else { &b.def };
            for &k in nobles {
                if self.alive(s, Holder::Noble(k)) {
                    out.push(Action::Casualty(Holder::Noble(k)));
                }
            }
            if side == 1 && b.def_sh && self.alive(s, Holder::Stronghold) {
                out.push(Action::Casualty(Holder::Stronghold));
            }
        }
        if side == 1 && !b.siege && b.fort.is_some() && self.fort_strength(b.fort) > 0 {
            out.push(Action::Breach);
        }
        out
    }

    pub(crate) fn place_casualty(&mut self, side: usize, a: Action) {
        let Some(s) = self.seat_of(side).or(Some(0)) else {
            return;
        };
        match a {
            Action::Casualty(h) => *self.casualties_mut(s, h) += 1,
            Action::Breach => {
                let fort = self.battle().and_then(|b| b.fort);
                match fort {
                    Some(Fort::City(c)) => self.add_breach(c),
                    Some(Fort::Stronghold(x)) => self.bm(x).sh_breaches += 1,
                    None => {}
                }
            }
            _ => {}
        }
        let b = self.bt();
        b.cas[side] = b.cas[side].saturating_sub(1);
    }

    /// Advances the battle until a decision is needed.
    pub(crate) fn battle_next(&mut self) {
        let Some(b) = self.core.battle.clone() else {
            return;
        };
        let s = b.attacker;
        match b.stage {
            Stage::Fighters => {
                let elig = self.eligible_fighters(s, b.area);
                if elig.len() == 1 {
                    self.bt().att = elig;
                }
                if self.battle().is_some_and(|b| b.att.is_empty()) {
                    self.push(Step::BattleNext);
                    self.core.phase = Phase::Fighters(s);
                    return;
                }
                self.bt().stage = Stage::Mode;
                self.push(Step::BattleNext);
            }
            Stage::Mode => {
                if b.fort.is_some() && self.siege_legal() {
                    self.push(Step::BattleNext);
                    self.core.phase = Phase::Mode(s);
                    return;
                }
                self.bt().stage = Stage::Commanders;
                self.push(Step::BattleNext);
            }
            Stage::Commanders => {
                if b.siege {
                    self.do_siege();
                    return;
                }
                self.push(Step::BattleNext);
                if b.cmd[0].is_none() {
                    if b.att.len() == 1 {
                        self.bt().cmd[0] = Some(b.att[0]);
                    } else {
                        self.core.phase = Phase::Commander(s);
                        return;
                    }
                }
                if b.cmd[1].is_none() && !b.def.is_empty() {
                    if b.def.len() == 1 {
                        self.set_def_cmd(b.def[0]);
                    } else if let Some(x) = b.defender() {
                        self.core.phase = Phase::Commander(x);
                        return;
                    }
                }
                self.bt().stage = Stage::Draw;
            }
            Stage::Draw => {
                let cap = u16::from(self.t().battle_draw_cap);
                let extra =
                    |side: usize| u16::from(self.commander_has(side, LeaderAbility::ExtraFateDraw));
                let n0 = (self.side_strength(0, false) / 100 + extra(0)).min(cap);
                let n1 = (self.side_strength(1, true) / 100 + extra(1)).min(cap);
                for (side, n) in [(0usize, n0), (1usize, n1)] {
                    for _ in 0..n {
                        if let Some(id) = self.core.fate.take() {
                            self.bt().hands[side].push(id);
                        }
                    }
                }
                self.bt().stage = if self.gl().is_some() {
                    self.clear_battle_advancements();
                    Stage::Advance(0)
                } else {
                    Stage::Discard(0)
                };
                self.push(Step::BattleNext);
            }
            Stage::Advance(side) => self.battle_declare(side),
            Stage::Discard(side) => {
                let sd = usize::from(side);
                let done = b.kept[sd] || b.cmd[sd].is_none() || b.hands[sd].len() <= 1;
                match self.seat_of(sd) {
                    Some(seat) if !done => {
                        self.push(Step::BattleNext);
                        self.core.phase = Phase::Discard(seat);
                    }
                    _ => self.finish_discard(sd),
                }
            }
            Stage::Casualties(side) => {
                let sd = usize::from(side);
                let opts = self.casualty_options(sd);
                if b.cas[sd] == 0 || opts.is_empty() {
                    if sd == 0 {
                        self.bt().stage = Stage::Casualties(1);
                    } else {
                        self.bt().stage = Stage::Outcome;
                    }
                    self.push(Step::BattleNext);
                    return;
                }
                self.push(Step::BattleNext);
                match (self.seat_of(sd), opts.len()) {
                    (Some(seat), n) if n > 1 => self.core.phase = Phase::Casualties(seat),
                    _ => self.place_casualty(sd, opts[0]),
                }
            }
            Stage::Outcome => self.battle_outcome(),
            Stage::Retreats => {
                let Some(&(x, k)) = b.retreats.first() else {
                    self.bt().stage = Stage::Capture;
                    self.push(Step::BattleNext);
                    return;
                };
                self.push(Step::BattleNext);
                let opts = self.retreat_areas(x, k);
                if opts.is_empty() {
                    self.bt().retreats.remove(0);
                    self.retreat_fallback(x, k);
                } else {
                    self.core.phase = Phase::Retreat(x, k);
                }
            }
            Stage::Capture => {
                self.bt().stage = Stage::Done;
                self.push(Step::BattleNext);
                if b.captured {
                    self.capture(s, b.fort);
                }
            }
            Stage::Done => self.battle_done(),
        }
    }

    pub(crate) fn set_def_cmd(&mut self, k: Shape) {
        let tired = self
            .battle()
            .and_then(Battle::defender)
            .is_some_and(|x| self.nb(x, k).exhausted);
        let b = self.bt();
        b.cmd[1] = Some(k);
        b.def_cmd_tired = tired;
    }

    /// After a side's discards: the defender's turn, or the reveal.
    pub(crate) fn finish_discard(&mut self, side: usize) {
        if side == 0 {
            self.bt().stage = Stage::Discard(1);
        } else if let Some(x) = self.may_withdraw() {
            // *For Glory*: the defender chooses before anything else is revealed.
            self.core.phase = Phase::Withdraw(x);
            return;
        } else {
            self.reveal_battle();
            self.bt().stage = Stage::Casualties(0);
        }
        self.push(Step::BattleNext);
    }

    pub(crate) fn discard_fate(&mut self, side: usize, id: u8) {
        let b = self.bt();
        b.hands[side].retain(|&x| x != id);
        b.discarded[side] += 1;
        self.core.fate.put_bottom(id);
    }

    pub(crate) fn reveal_battle(&mut self) {
        let t = self.t();
        for side in 0..2 {
            let mut i = 0;
            while i < self.bt().hands[side].len() {
                let id = self.bt().hands[side][i];
                if self.draws_another(t.fate[usize::from(id)].battle) {
                    if let Some(more) = self.core.fate.take() {
                        self.bt().hands[side].push(more);
                    }
                }
                i += 1;
            }
        }
        let leaders = [0, 1].map(|side| {
            let (a, b) = (self.leader_results(side), self.adv_results(side));
            (a.0 + b.0, a.1 + b.1, a.2 + b.2)
        });
        let b = self.bt();
        b.revealed = true;
        b.shown = b.hands.clone();
        let count = |hand: &Vec<u8>, r: BattleResult| {
            hand.iter()
                .filter(|&&id| t.fate[usize::from(id)].battle == r)
                .count() as i32
        };
        let star = |cmd: Option<Shape>, tired: bool| i32::from(cmd == Some(STAR) && !tired);
        let square = |cmd: Option<Shape>, tired: bool| i32::from(cmd == Some(SQUARE) && !tired);
        let deal0 =
            count(&b.hands[0], BattleResult::DealCasualties) + star(b.cmd[0], false) + leaders[0].0;
        let deal1 = count(&b.hands[1], BattleResult::DealCasualties)
            + star(b.cmd[1], b.def_cmd_tired)
            + leaders[1].0;
        let prev0 = count(&b.hands[0], BattleResult::PreventCasualties)
            + square(b.cmd[0], false)
            + leaders[0].1;
        let prev1 = count(&b.hands[1], BattleResult::PreventCasualties)
            + square(b.cmd[1], b.def_cmd_tired)
            + leaders[1].1;
        b.cas[1] = (deal0 - prev1).max(0) as u8;
        b.cas[0] = (deal1 - prev0).max(0) as u8;
        let tri = |cmd: Option<Shape>, tired: bool| i32::from(cmd == Some(TRIANGLE) && !tired);
        let v0 = count(&b.hands[0], BattleResult::Victory) + tri(b.cmd[0], false) + leaders[0].2;
        let v1 = count(&b.hands[1], BattleResult::Victory)
            + tri(b.cmd[1], b.def_cmd_tired)
            + leaders[1].2;
        b.diff = (v0 - v1).clamp(-100, 100) as i8;
        self.core.last_fate = b.hands[0]
            .iter()
            .chain(b.hands[1].iter())
            .copied()
            .collect();
    }

    fn battle_outcome(&mut self) {
        let Some(b) = self.core.battle.clone() else {
            return;
        };
        let s = b.attacker;
        let x = b.defender();
        // Cards go face down to the bottom.
        for side in 0..2 {
            for id in std::mem::take(&mut self.bt().hands[side]) {
                self.core.fate.put_bottom(id);
            }
        }
        let att_alive: Vec<Shape> = b
            .att
            .iter()
            .copied()
            .filter(|&k| self.alive(s, Holder::Noble(k)))
            .collect();
        let def_alive: Vec<Shape> = match x {
            Some(x) => b
                .def
                .iter()
                .copied()
                .filter(|&k| self.alive(x, Holder::Noble(k)))
                .collect(),
            None => Vec::new(),
        };
        let counted = !att_alive.is_empty() && (!def_alive.is_empty() || b.fort.is_some());
        let diff = if counted { b.diff } else { 0 };
        // Deaths from casualties.
        for &k in &b.att {
            if !att_alive.contains(&k) {
                self.noble_dies(s, k);
            }
        }
        if let Some(x) = x {
            for &k in &b.def {
                if !def_alive.contains(&k) {
                    self.noble_dies(x, k);
                }
            }
        }
        let mut retreats = Vec::new();
        if let Some(x) = x {
            if diff >= 2 {
                for &k in &def_alive {
                    self.noble_dies(x, k);
                }
            } else if diff == 1 {
                retreats.extend(def_alive.iter().map(|&k| (x, k)));
            }
        }
        let mut att_left = att_alive.clone();
        if diff <= -2 {
            for &k in &att_alive {
                self.noble_dies(s, k);
            }
            att_left.clear();
        } else if diff == -1 {
            retreats.extend(att_alive.iter().map(|&k| (s, k)));
            att_left.clear();
        }
        // Each retreating army first draws for a deserter (rules §9.2); a desertion that leaves
        // casualties at least equal to the troops kills the Noble, as at Wages.
        let mut fleeing = Vec::new();
        let withdrawn = self.withdrawn();
        self.clear_withdrawn();
        for (y, k) in retreats {
            // *For Glory*: no deserter after a retreat of his own will, nor with the Swiss
            // Leader.
            let kept = (withdrawn && Some(y) == x)
                || self.noble_has(y, k, LeaderAbility::NoRetreatDesertion);
            if !kept {
                self.deserter_draw(y, Holder::Noble(k));
            }
            if self.alive(y, Holder::Noble(k)) {
                fleeing.push((y, k));
            } else if self.nb(y, k).casualties == 0 {
                self.leave_board(y, k);
            } else if self.config.optional.abandoned_nobles {
                self.abandon(y, k);
            } else {
                self.noble_dies(y, k);
            }
        }
        let retreats = fleeing;
        // Capture.
        let mut captured = false;
        if let Some(fort) = b.fort {
            let fort_down = self.fort_strength(Some(fort)) == 0;
            let garrison_down = match (x, b.def_sh) {
                (Some(x), true) => !self.alive(x, Holder::Stronghold),
                _ => true,
            };
            let by_force = def_alive.is_empty() && fort_down && garrison_down;
            if !att_left.is_empty() && (by_force || diff >= 1) {
                captured = true;
            } else if by_force && matches!(fort, Fort::Stronghold(_)) {
                // The attacker died bringing it down: it is still removed, without rewards.
                if let Fort::Stronghold(o) = fort {
                    self.lose_stronghold(o);
                }
            }
        }
        // A besieger beaten in the field lifts his siege.
        if diff != 0 {
            let loser = if diff > 0 { x } else { Some(s) };
            if let Some(l) = loser {
                if let Some(c) = self.live_city_at(b.area) {
                    if self.city(c).siege.is_some_and(|(by, _)| by == l) {
                        self.city_mut(c).siege = None;
                    }
                }
                for o in 0..self.core.n {
                    if self.b(o).stronghold == Some(b.area)
                        && self.b(o).sh_siege.is_some_and(|(by, _)| by == l)
                    {
                        self.bm(o).sh_siege = None;
                    }
                }
            }
        }
        let bt = self.bt();
        bt.retreats = retreats;
        bt.captured = captured;
        bt.stage = Stage::Retreats;
        self.push(Step::BattleNext);
    }

    /// Areas a retreating Noble may go to.
    pub(crate) fn retreat_areas(&self, x: u8, k: Shape) -> Vec<AreaId> {
        let Loc::At(from) = self.nb(x, k).loc else {
            return Vec::new();
        };
        let t = self.t();
        if !t.is_kingdom(from) {
            return Vec::new();
        }
        t.board.neighbours[usize::from(from)]
            .iter()
            .filter(|(_, border)| border.passable())
            .map(|&(a, _)| a)
            .filter(|&a| {
                self.others_with_nobles(x, a).is_empty()
                    && self
                        .live_city_at(a)
                        .is_none_or(|c| self.city(c).owner.is_none_or(|o| o == x))
                    && self.stronghold_owner_at(a).is_none_or(|o| o == x)
            })
            .collect()
    }

    /// No area to retreat to: home to the stronghold, exhausted, or death.
    pub(crate) fn retreat_fallback(&mut self, x: u8, k: Shape) {
        let overseas = matches!(self.nb(x, k).loc, Loc::At(a) if !self.t().is_kingdom(a));
        match self.b(x).stronghold {
            Some(home) if self.b(x).sh_siege.is_none() && !overseas => {
                let nb = self.nbm(x, k);
                nb.loc = Loc::At(home);
                nb.exhausted = true;
            }
            _ => self.noble_dies(x, k),
        }
        self.check_sieges();
    }

    pub(crate) fn retreat_to(&mut self, x: u8, k: Shape, a: AreaId) {
        let nb = self.nbm(x, k);
        nb.loc = Loc::At(a);
        nb.exhausted = true;
        if let Some(b) = self.core.battle.as_mut() {
            b.retreats.retain(|&r| r != (x, k));
        }
        self.check_sieges();
    }

    /// A siege is declared, or completes.
    fn do_siege(&mut self) {
        let Some(b) = self.core.battle.clone() else {
            return;
        };
        let s = b.attacker;
        if self.law(LawKind::NoSieges) {
            self.ban(s);
        }
        let Some(fort) = b.fort else { return };
        let existing = match fort {
            Fort::City(c) => self.city(c).siege,
            Fort::Stronghold(x) => self.b(x).sh_siege,
        };
        let falls = existing.is_some_and(|(by, r)| by == s && r < self.core.round);
        if falls {
            if let Some(x) = b.defender() {
                for k in self.nobles_at(x, b.area) {
                    self.noble_dies(x, k);
                }
            }
            self.bt().captured = true;
            self.bt().stage = Stage::Capture;
        } else {
            match fort {
                Fort::City(c) => self.city_mut(c).siege = Some((s, self.core.round)),
                Fort::Stronghold(x) => self.bm(x).sh_siege = Some((s, self.core.round)),
            }
            self.bt().stage = Stage::Done;
        }
        self.push(Step::BattleNext);
    }

    /// The attacker takes a city or a stronghold.
    fn capture(&mut self, s: u8, fort: Option<Fort>) {
        match fort {
            Some(Fort::City(c)) => {
                let st = self.city_mut(c);
                st.owner = Some(s);
                st.siege = None;
                self.core.phase = Phase::Raze(s, c);
            }
            Some(Fort::Stronghold(x)) => {
                let half = self.b(x).crowns / 2;
                self.pay(x, half);
                self.gain(s, Resource::Crowns, i32::from(half));
                self.lose_stronghold(x);
                // Taking the King's stronghold takes his crown and Army (before an
                // elimination, W28).
                self.usurp(s, x);
                if self.config.optional.player_elimination {
                    self.eliminate(x);
                } else if !self.cities_of(x).is_empty() {
                    self.core.phase = Phase::GiveCity(x);
                }
            }
            None => {}
        }
    }

    /// A stronghold is removed: its troops lose deserters and casualties and stay on the card.
    pub(crate) fn lose_stronghold(&mut self, x: u8) {
        if self.b(x).stronghold.is_none() {
            return;
        }
        if self.config.revision_4() {
            if self.b(x).sh_troops.is_empty() {
                self.bm(x).sh_casualties = 0;
            } else {
                self.owner_losses(x, Holder::Stronghold);
            }
        } else {
            if !self.b(x).sh_troops.is_empty() {
                self.deserter_draw(x, Holder::Stronghold);
            }
            self.lose_casualties(x, Holder::Stronghold);
        }
        let b = self.bm(x);
        b.stronghold = None;
        b.sh_siege = None;
        b.sh_lost = true;
        b.sh_breaches = 0;
        // Nobles inside are left standing in the area (they were fighting and are dead or
        // gone); nothing else to do.
    }

    /// *Player Elimination*: the Baron leaves the game.
    pub(crate) fn eliminate(&mut self, x: u8) {
        for k in 0..4u8 {
            let troops = std::mem::take(&mut self.nbm(x, k).troops);
            for t in troops {
                if t < REGULAR_BASE {
                    self.merc_to_deck(t);
                }
            }
            let nb = self.nbm(x, k);
            nb.loc = Loc::Off;
            nb.gone = true;
            if let Some(o) = nb.office.take() {
                self.core.agenda_discard.push(o);
            }
        }
        for c in self.cities_of(x) {
            self.city_neutral(c);
        }
        // Heir tokens he held go back to their Barons (W22).
        if let Some(h) = self.core.heirs.0.as_mut() {
            for (o, row) in h.iter_mut().enumerate() {
                for holder in row.iter_mut() {
                    if *holder == x {
                        *holder = o as u8;
                    }
                }
            }
        }
        let b = self.bm(x);
        b.eliminated = true;
        b.hand = [0; 6];
        self.glory_eliminate(x);
        for spot in self.core.track.iter_mut() {
            if *spot == Some(x) {
                *spot = None;
            }
        }
        if self.core.chairman == x {
            self.core.chairman = self.most(true, Some(x));
        }
        if self.core.head == x {
            self.core.head = self.most(false, Some(x));
        }
        self.check_sieges();
        let left = self.active();
        if left.len() == 1 {
            self.finish(Some(left[0]));
        }
    }

    fn battle_done(&mut self) {
        let Some(b) = self.core.battle.take() else {
            return;
        };
        self.core.last_battle = Some(b.clone());
        for k in b.att {
            if !self.core.ctx.movers.contains(&k) {
                self.core.ctx.movers.push(k);
            }
        }
        self.check_sieges();
        self.after_battle(b.attacker);
    }

    /// The card that started the battle continues.
    pub(crate) fn after_battle(&mut self, s: u8) {
        match self.core.ctx.card {
            Some(Card::Baron {
                card: BaronCard::MobilizeForces,
                ..
            }) => self.mobilize_allocate(s),
            _ => self.card_done(None),
        }
    }

    /// Mobilize Forces is allocated by what it did.
    pub(crate) fn mobilize_allocate(&mut self, s: u8) {
        let ctx = &self.core.ctx;
        match (ctx.moved, ctx.battled) {
            (true, false) => self.card_done(Some(Zone::Wages)),
            (false, true) => self.card_done(Some(Zone::Assembly)),
            _ => self.core.phase = Phase::MobilizeZone(s),
        }
    }
}

/// Cards a side with a commander must discard: 2, or 1 if it drew only 2.
pub(crate) fn mandatory_discards(drawn: usize) -> u8 {
    match drawn {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    }
}

fn unreachable_battle() -> Battle {
    Battle {
        area: 0,
        attacker: 0,
        target: Target::Neutral,
        fort: None,
        siege: false,
        att: Vec::new(),
        def: Vec::new(),
        def_sh: false,
        cmd: [None, None],
        def_cmd_tired: false,
        hands: [Vec::new(), Vec::new()],
        discarded: [0, 0],
        kept: [false, false],
        revealed: false,
        cas: [0, 0],
        diff: 0,
        retreats: Vec::new(),
        captured: false,
        stage: Stage::Done,
        shown: [Vec::new(), Vec::new()],
    }
}

/// An area as a bit of a set.
fn bit(a: AreaId) -> u64 {
    1u64 << (a & 63)
}
