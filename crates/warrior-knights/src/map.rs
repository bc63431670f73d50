//! The map: Kingdom areas on a hex grid with river, bridge and mountain borders, roads and
//! ports, and the overseas areas (`data/map.json`, validated on load). The printed board is not
//! available; the shipped map is a documented reconstruction (see `docs/rules-decisions.md`).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::{CityKind, Components, Confidence, DataError};

const MAP: &str = include_str!("../data/map.json");

/// A Kingdom area as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingdomArea {
    /// Stable id.
    pub id: String,
    /// Column (odd-r offset coordinates).
    pub col: u8,
    /// Row.
    pub row: u8,
    /// A port (sea movement starts and ends here).
    pub port: bool,
    /// The city in this area, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// The area's name, for an area without a city (one with a city is named by it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// How sure the name is (the printed names of most areas are unknown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<Confidence>,
    /// Where the name comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An overseas area as stored (one city, a port, reached only by sea).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverseasArea {
    /// Stable id.
    pub id: String,
    /// Its city.
    pub city: String,
    /// Always a port.
    pub port: bool,
}

/// What separates two adjacent Kingdom areas (open when not listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Border {
    /// No obstacle.
    Open,
    /// A river: crossable only at a bridge.
    River,
    /// A river crossed by a bridge.
    Bridge,
    /// Impassable.
    Mountain,
}

impl Border {
    /// Whether a Noble may cross it.
    pub fn passable(self) -> bool {
        matches!(self, Border::Open | Border::Bridge)
    }
}

/// A non-open border as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BorderDef {
    /// The two areas.
    pub between: [String; 2],
    /// River, bridge or mountain.
    pub kind: Border,
}

/// The map file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Data version.
    pub version: String,
    /// How sure the map is.
    pub confidence: Confidence,
    /// Where it comes from.
    pub note: String,
    /// Hex layout (`odd_r`: pointy-top hexes, odd rows shifted right).
    pub layout: String,
    /// Grid columns.
    pub columns: u8,
    /// Grid rows.
    pub rows: u8,
    /// Kingdom areas.
    pub kingdom: Vec<KingdomArea>,
    /// Rivers, bridges and mountains.
    pub borders: Vec<BorderDef>,
    /// Roads, each a path of adjacent areas.
    pub roads: Vec<Vec<String>>,
    /// Overseas areas.
    pub overseas: Vec<OverseasArea>,
    /// The expedition tracks.
    pub expeditions: Vec<String>,
}

/// Dense area index: Kingdom areas first, then overseas.
pub type AreaId = u8;

/// The map with dense ids and adjacency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The file it was built from.
    pub file: MapFile,
    /// Number of Kingdom areas (ids `0..kingdom`).
    pub kingdom: usize,
    /// Area ids by name.
    pub ids: BTreeMap<String, AreaId>,
    /// Each Kingdom area's neighbours and the border between.
    pub neighbours: Vec<Vec<(AreaId, Border)>>,
    /// Road edges (smaller id first).
    pub road_edges: BTreeSet<(AreaId, AreaId)>,
    /// Per Kingdom area, the neighbours one road step away over a passable border, as a bit set
    /// (areas below 64; movement asks `road_step`).
    pub road_steps: Vec<u64>,
}

/// Neighbouring cells of `(col, row)` in odd-r offset coordinates.
fn cells_around(col: i16, row: i16) -> [(i16, i16); 6] {
    if row % 2 == 0 {
        [
            (col + 1, row),
            (col - 1, row),
            (col, row - 1),
            (col - 1, row - 1),
            (col, row + 1),
            (col - 1, row + 1),
        ]
    } else {
        [
            (col + 1, row),
            (col - 1, row),
            (col + 1, row - 1),
            (col, row - 1),
            (col + 1, row + 1),
            (col, row + 1),
        ]
    }
}

impl Board {
    /// Whether a Kingdom area lies on the outer row or column (no stronghold there with two or
    /// three Barons).
    pub fn is_outer(&self, area: AreaId) -> bool {
        self.file.kingdom.get(usize::from(area)).is_some_and(|a| {
            a.col == 0
                || a.row == 0
                || a.col + 1 == self.file.columns
                || a.row + 1 == self.file.rows
        })
    }

    /// Whether an area has a port.
    pub fn is_port(&self, area: AreaId) -> bool {
        let i = usize::from(area);
        match self.file.kingdom.get(i) {
            Some(a) => a.port,
            None => self
                .file
                .overseas
                .get(i - self.kingdom)
                .is_some_and(|o| o.port),
        }
    }

    /// The city in an area, if any.
    pub fn city(&self, area: AreaId) -> Option<&str> {
        let i = usize::from(area);
        match self.file.kingdom.get(i) {
            Some(a) => a.city.as_deref(),
            None => self
                .file
                .overseas
                .get(i - self.kingdom)
                .map(|o| o.city.as_str()),
        }
    }

    /// An area's own name (a Kingdom area without a city), if the map gives one.
    pub fn area_name(&self, area: AreaId) -> Option<&str> {
        self.file
            .kingdom
            .get(usize::from(area))
            .and_then(|a| a.name.as_deref())
    }

    /// Whether `a` and `b` are joined by a road.
    pub fn road(&self, a: AreaId, b: AreaId) -> bool {
        self.road_edges.contains(&(a.min(b), a.max(b)))
    }

    /// Whether a Noble may go from `a` to `b` in one step along a road: a road joins them and
    /// the border between is passable.
    pub fn road_step(&self, a: AreaId, b: AreaId) -> bool {
        match self.road_steps.get(usize::from(a)) {
            Some(bits) if b < 64 => bits & (1u64 << b) != 0,
            _ => {
                self.road(a, b)
                    && self
                        .neighbours
                        .get(usize::from(a))
                        .is_some_and(|n| n.iter().any(|&(x, border)| x == b && border.passable()))
            }
        }
    }

    /// Builds the board and checks it against the components; returns every problem.
    ///
    /// # Errors
    /// The problems found.
    pub fn build(file: MapFile, components: &Components) -> Result<Board, Vec<DataError>> {
        let mut errs = Vec::new();
        let mut err = |path: &str, m: String| errs.push(DataError::at("map.json", path, m));
        let mut ids = BTreeMap::new();
        let mut cells = BTreeMap::new();
        for (i, a) in file.kingdom.iter().enumerate() {
            if a.col >= file.columns || a.row >= file.rows {
                err(
                    &format!("kingdom[{i}]"),
                    format!(
                        "area `{}` at ({}, {}) is outside the grid",
                        a.id, a.col, a.row
                    ),
                );
            }
            if let Some(first) = cells.insert((a.col, a.row), i) {
                err(
                    &format!("kingdom[{i}]"),
                    format!(
                        "area `{}` at ({}, {}) shares its cell with kingdom[{first}]",
                        a.id, a.col, a.row
                    ),
                );
            }
            if ids.insert(a.id.clone(), i as AreaId).is_some() {
                err(
                    &format!("kingdom[{i}].id"),
                    format!("area `{}` listed twice", a.id),
                );
            }
        }
        let kingdom = file.kingdom.len();
        for (i, o) in file.overseas.iter().enumerate() {
            if ids.insert(o.id.clone(), (kingdom + i) as AreaId).is_some() {
                err(
                    &format!("overseas[{i}].id"),
                    format!("area `{}` listed twice", o.id),
                );
            }
            if !o.port {
                err(
                    &format!("overseas[{i}].port"),
                    format!("overseas area `{}` must be a port", o.id),
                );
            }
        }
        if kingdom + file.overseas.len() > usize::from(AreaId::MAX) {
            err("", "too many areas".into());
        }
        let mut neighbours: Vec<Vec<(AreaId, Border)>> = vec![Vec::new(); kingdom];
        for (i, a) in file.kingdom.iter().enumerate() {
            for (c, r) in cells_around(i16::from(a.col), i16::from(a.row)) {
                let (Ok(c), Ok(r)) = (u8::try_from(c), u8::try_from(r)) else {
                    continue;
                };
                if let Some(&j) = cells.get(&(c, r)) {
                    neighbours[i].push((j as AreaId, Border::Open));
                }
            }
            neighbours[i].sort_unstable();
        }
        let mut bridges = 0;
        for (bi, b) in file.borders.iter().enumerate() {
            let (Some(&x), Some(&y)) = (ids.get(&b.between[0]), ids.get(&b.between[1])) else {
                let unknown = b.between.iter().find(|x| !ids.contains_key(*x));
                err(
                    &format!("borders[{bi}].between"),
                    format!("unknown area `{}`", unknown.map_or("", |x| x.as_str())),
                );
                continue;
            };
            let mut found = false;
            for (p, q) in [(x, y), (y, x)] {
                if let Some(slot) = neighbours
                    .get_mut(usize::from(p))
                    .and_then(|n| n.iter_mut().find(|e| e.0 == q))
                {
                    slot.1 = b.kind;
                    found = true;
                }
            }
            if !found {
                err(
                    &format!("borders[{bi}].between"),
                    format!("{:?} are not adjacent Kingdom areas", b.between),
                );
            }
            if b.kind == Border::Bridge {
                bridges += 1;
            }
        }
        if bridges != 4 {
            err("borders", format!("{bridges} bridges, the board has 4"));
        }
        let mut road_edges = BTreeSet::new();
        for (ri, road) in file.roads.iter().enumerate() {
            for (wi, w) in road.windows(2).enumerate() {
                let (Some(&x), Some(&y)) = (ids.get(&w[0]), ids.get(&w[1])) else {
                    let (j, unknown) = if ids.contains_key(&w[0]) {
                        (wi + 1, &w[1])
                    } else {
                        (wi, &w[0])
                    };
                    err(
                        &format!("roads[{ri}][{j}]"),
                        format!("unknown area `{unknown}`"),
                    );
                    continue;
                };
                match neighbours
                    .get(usize::from(x))
                    .and_then(|n| n.iter().find(|e| e.0 == y))
                {
                    Some(&(_, border)) if border.passable() => {
                        road_edges.insert((x.min(y), x.max(y)));
                    }
                    Some(_) => err(
                        &format!("roads[{ri}][{}]", wi + 1),
                        format!("road {w:?} crosses a river without a bridge or a mountain"),
                    ),
                    None => err(
                        &format!("roads[{ri}][{}]", wi + 1),
                        format!("road {w:?} joins areas that are not adjacent"),
                    ),
                }
            }
        }
        // Every city in exactly one area of its kind.
        for c in &components.cities {
            let in_kingdom = file
                .kingdom
                .iter()
                .filter(|a| a.city.as_deref() == Some(c.id.as_str()))
                .count();
            let overseas = file.overseas.iter().filter(|a| a.city == c.id).count();
            let ok = match c.kind {
                CityKind::Kingdom => (in_kingdom, overseas) == (1, 0),
                CityKind::Overseas => (in_kingdom, overseas) == (0, 1),
            };
            if !ok {
                err(
                    "kingdom",
                    format!(
                        "city `{}` (components.json) is in {in_kingdom} Kingdom and {overseas} overseas areas",
                        c.id
                    ),
                );
            }
        }
        for (i, a) in file.kingdom.iter().enumerate() {
            if let Some(c) = &a.city {
                if !components.cities.iter().any(|x| &x.id == c) {
                    err(
                        &format!("kingdom[{i}].city"),
                        format!("area `{}`: unknown city `{c}`", a.id),
                    );
                }
            }
        }
        for (i, o) in file.overseas.iter().enumerate() {
            if !components.cities.iter().any(|x| x.id == o.city) {
                err(
                    &format!("overseas[{i}].city"),
                    format!("area `{}`: unknown city `{}`", o.id, o.city),
                );
            }
        }
        // Area names: not blank, each used once, none a city's name.
        let mut names = BTreeSet::new();
        for (i, a) in file.kingdom.iter().enumerate() {
            let Some(n) = &a.name else { continue };
            let path = format!("kingdom[{i}].name");
            if n.trim().is_empty() {
                err(&path, format!("area `{}`: blank name", a.id));
            } else if !names.insert(n.as_str()) {
                err(&path, format!("area `{}`: name `{n}` is used twice", a.id));
            } else if components.cities.iter().any(|c| &c.name == n) {
                err(&path, format!("area `{}`: name `{n}` is a city's", a.id));
            }
        }
        // The Kingdom is one connected land over passable borders.
        if kingdom > 0 {
            let mut seen = vec![false; kingdom];
            let mut stack = vec![0usize];
            seen[0] = true;
            while let Some(i) = stack.pop() {
                for &(j, b) in &neighbours[i] {
                    let j = usize::from(j);
                    if b.passable() && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            for (i, s) in seen.iter().enumerate() {
                if !s {
                    err(
                        &format!("kingdom[{i}]"),
                        format!("area `{}` cannot be reached over land", file.kingdom[i].id),
                    );
                }
            }
        }
        if file.kingdom.iter().filter(|a| a.port).count() < 2 {
            err("kingdom", "the Kingdom needs at least two ports".into());
        }
        let road_steps = if kingdom <= 64 {
            neighbours
                .iter()
                .enumerate()
                .map(|(a, n)| {
                    n.iter()
                        .filter(|&&(b, border)| {
                            border.passable()
                                && road_edges
                                    .contains(&((a as AreaId).min(b), (a as AreaId).max(b)))
                        })
                        .fold(0u64, |bits, &(b, _)| bits | (1u64 << b))
                })
                .collect()
        } else {
            Vec::new()
        };
        let board = Board {
            kingdom,
            ids,
            neighbours,
            road_edges,
            road_steps,
            file,
        };
        // Six strongholds fit (areas without a city), three of them inland for small games.
        let free: Vec<AreaId> = (0..kingdom as AreaId)
            .filter(|&a| board.city(a).is_none())
            .collect();
        if free.len() < 6 || free.iter().filter(|&&a| !board.is_outer(a)).count() < 3 {
            errs.push(DataError::at(
                "map.json",
                "kingdom",
                "too few areas without a city for the strongholds",
            ));
        }
        if errs.is_empty() {
            Ok(board)
        } else {
            Err(errs)
        }
    }
}

/// The embedded map, built and validated once against the embedded components.
///
/// # Errors
/// The problems found (the shipped data is tested to have none).
pub fn board() -> Result<&'static Board, &'static [DataError]> {
    static BOARD: OnceLock<Result<Board, Vec<DataError>>> = OnceLock::new();
    BOARD
        .get_or_init(|| {
            let components = crate::data::components().map_err(<[DataError]>::to_vec)?;
            parse(MAP, components)
        })
        .as_ref()
        .map_err(Vec::as_slice)
}

/// Parses and validates a map file against `components`.
///
/// # Errors
/// Every problem found.
pub fn parse(text: &str, components: &crate::data::Components) -> Result<Board, Vec<DataError>> {
    let file: MapFile = crate::data::parse_json("map.json", text)?;
    Board::build(file, components)
}

/// The embedded file's text.
pub fn raw() -> &'static str {
    MAP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_map_is_valid() {
        let b = board().unwrap();
        assert_eq!(b.kingdom, 42);
        assert_eq!(b.file.overseas.len(), 6);
        let id = |n: &str| b.ids[n];
        // Odd-r neighbours, symmetric.
        for (i, n) in b.neighbours.iter().enumerate() {
            for &(j, border) in n {
                assert!(b.neighbours[usize::from(j)].contains(&(i as AreaId, border)));
            }
        }
        assert!(b.is_outer(id("k00")) && !b.is_outer(id("k22")));
        assert!(b.is_port(id("o_acre")) && b.city(id("o_acre")) == Some("acre"));
        assert!(b.road(id("k00"), id("k01")) && !b.road(id("k00"), id("k10")));
    }

    #[test]
    fn every_area_without_a_city_has_a_reconstructed_name() {
        let b = board().unwrap();
        for (i, a) in b.file.kingdom.iter().enumerate() {
            if a.city.is_some() {
                assert_eq!(a.name, None, "`{}` is named by its city", a.id);
            } else {
                let name = b.area_name(i as AreaId).unwrap_or_default();
                assert!(!name.is_empty(), "`{}` has no name", a.id);
                assert_eq!(a.confidence, Some(Confidence::Default), "`{}`", a.id);
            }
        }
        assert_eq!(b.area_name(b.ids["k11"]), Some("Brennmark"));
        assert_eq!(b.area_name(b.ids["o_acre"]), None);
    }

    #[test]
    fn area_names_are_checked() {
        let c = crate::data::components().unwrap();
        let mut f: MapFile = serde_json::from_str(MAP).unwrap();
        f.kingdom[0].name = Some("Valmont".into());
        f.kingdom[2].name = Some("Vecht".into());
        f.kingdom[3].name = Some(" ".into());
        let text = Board::build(f, c)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(text.contains("name `Valmont` is used twice"), "{text}");
        assert!(text.contains("name `Vecht` is a city's"), "{text}");
        assert!(text.contains("area `k03`: blank name"), "{text}");
    }

    #[test]
    fn a_broken_map_is_reported() {
        let c = crate::data::components().unwrap();
        let mut f: MapFile = serde_json::from_str(MAP).unwrap();
        f.kingdom[0].city = Some("vecht".into());
        f.borders.retain(|b| b.kind != Border::Bridge);
        f.roads.push(vec!["k00".into(), "k55".into()]);
        f.roads.push(vec!["k00".into(), "Lyonn".into()]);
        let (far, lyonn) = (f.roads.len() - 2, f.roads.len() - 1);
        let errs: Vec<String> = Board::build(f, c)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
        let text = errs.join("\n");
        assert!(
            text.contains("map.json: kingdom: city `vecht` (components.json) is in 2 Kingdom"),
            "{text}"
        );
        assert!(text.contains("map.json: borders: 0 bridges"), "{text}");
        assert!(
            text.contains(&format!("map.json: roads[{far}][1]: road"))
                && text.contains("not adjacent"),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "map.json: roads[{lyonn}][1]: unknown area `Lyonn`"
            )),
            "{text}"
        );
    }
}
