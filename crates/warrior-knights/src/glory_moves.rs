//! *For Glory*'s movement gifts (W38): the Tuscan Leader's extra area after a road, the
//! Romanian Herald's passage through one area without asking, and Horseshoes' extra area
//! after any land move.

use crate::glory_data::{AdvancementEffect, LeaderAbility};
use crate::map::AreaId;
use crate::state::WarriorKnights;
use crate::types::Shape;

/// How far and how freely a Noble moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Gifts {
    /// Areas off the road (1 without a gift).
    plain: u8,
    /// Areas he may go on, off the road, after a move along a road (0 without a gift).
    road_tail: u8,
    /// The Barons of one area passed through need not be asked.
    free_passage: bool,
}

impl WarriorKnights {
    fn movement_gifts(&self, s: u8, k: Shape, horseshoes: bool) -> Option<Gifts> {
        self.gl()?;
        let tuscan = self.noble_has(s, k, LeaderAbility::ExtraRoadArea);
        let shod = horseshoes && self.face_up_movement(s, AdvancementEffect::ExtraArea { by: 1 });
        let free_passage = self.noble_has(s, k, LeaderAbility::FreePassage);
        if !(tuscan || shod || free_passage) {
            return None;
        }
        Some(Gifts {
            plain: 1 + u8::from(shod),
            road_tail: u8::from(tuscan) + u8::from(shod),
            free_passage,
        })
    }

    /// Where Noble `k` of `s` can go by land from `from`: `reachable`, stretched by his
    /// gifts (a Horseshoes face up counted when `horseshoes`).
    pub(crate) fn reachable_by(
        &self,
        s: u8,
        k: Shape,
        from: AreaId,
        horseshoes: bool,
    ) -> Vec<(AreaId, u8, bool)> {
        match self.movement_gifts(s, k, horseshoes) {
            None => self.reachable(s, from),
            Some(gifts) => self.gifted_reachable(s, from, gifts),
        }
    }

    fn gifted_reachable(&self, s: u8, from: AreaId, gifts: Gifts) -> Vec<(AreaId, u8, bool)> {
        let t = self.t();
        if !t.is_kingdom(from) {
            return Vec::new();
        }
        let map = self.blocker_map_of(s);
        let blockers_at = |a: AreaId| map.get(usize::from(a)).copied().unwrap_or(0);
        let mut best: [Option<(u8, bool)>; 64] = [None; 64];
        let mut consider = |to: AreaId, through: &[AreaId], road: bool| {
            if to == from || usize::from(to) >= 64 {
                return;
            }
            let all = through.iter().fold(0u8, |b, &a| b | blockers_at(a));
            let blockers = if gifts.free_passage {
                // The one area whose Barons are spared that leaves the fewest to ask.
                (0..through.len())
                    .map(|skip| {
                        through
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != skip)
                            .fold(0u8, |b, (_, &a)| b | blockers_at(a))
                    })
                    .min_by_key(|b| b.count_ones())
                    .unwrap_or(all)
            } else {
                all
            };
            let slot = &mut best[usize::from(to)];
            let better = match slot {
                None => true,
                Some((b, r)) => (blockers.count_ones(), road) < (b.count_ones(), *r),
            };
            if better {
                *slot = Some((blockers, road));
            }
        };
        // Off the road: `plain` steps over passable borders.
        let nbrs = &t.board.neighbours;
        let mut stack: Vec<Vec<AreaId>> = vec![vec![from]];
        while let Some(path) = stack.pop() {
            let Some(&at) = path.last() else { continue };
            if path.len() > usize::from(gifts.plain) {
                continue;
            }
            for &(next, border) in nbrs.get(usize::from(at)).map_or(&[][..], Vec::as_slice) {
                if !border.passable() || path.contains(&next) || !t.is_kingdom(next) {
                    continue;
                }
                consider(next, &path[1..], false);
                let mut longer = path.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
        // Along a road: up to three steps, each on the road, then `road_tail` areas off it.
        let mut stack: Vec<(Vec<AreaId>, u8)> = vec![(vec![from], 0)];
        while let Some((path, tail)) = stack.pop() {
            let Some(&at) = path.last() else { continue };
            let road_steps = path.len() - 1 - usize::from(tail);
            for &(next, border) in nbrs.get(usize::from(at)).map_or(&[][..], Vec::as_slice) {
                if path.contains(&next) || !t.is_kingdom(next) {
                    continue;
                }
                let on_road = tail == 0 && road_steps < 3 && t.board.road_step(at, next);
                let off_road = road_steps >= 2 && tail < gifts.road_tail && border.passable();
                if on_road {
                    if path.len() >= 2 {
                        consider(next, &path[1..], true);
                    }
                    let mut longer = path.clone();
                    longer.push(next);
                    stack.push((longer, 0));
                }
                if off_road {
                    consider(next, &path[1..], true);
                    let mut longer = path.clone();
                    longer.push(next);
                    stack.push((longer, tail + 1));
                }
            }
        }
        best.iter()
            .enumerate()
            .filter_map(|(a, x)| x.map(|(b, r)| (a as AreaId, b, r)))
            .collect()
    }

    /// A move of Noble `k` to `to` that only Horseshoes made possible exhausts it.
    pub(crate) fn horseshoes_used(&mut self, s: u8, k: Shape, from: AreaId, to: AreaId) {
        if self.gl().is_none() {
            return;
        }
        let without = self
            .reachable_by(s, k, from, false)
            .iter()
            .any(|&(a, _, _)| a == to);
        if !without {
            self.use_movement(s, AdvancementEffect::ExtraArea { by: 1 });
        }
    }
}
