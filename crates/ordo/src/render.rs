//! Terminal pictures of game states.

use std::fmt::Write as _;

use crusaders::{Crusaders, PhaseView, View};
use ordo_core::{Game, Seat, Viewer};

const KIND: [&str; 8] = [
    "Castle", "Church", "Farm", "Bank", "Keep", "Chapel", "Mill", "Vault",
];

/// A readable summary of a Crusaders state as `seat` (or a spectator) sees it.
pub(crate) fn crusaders(g: &Crusaders, seat: Option<Seat>) -> String {
    let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
    crusaders_view(&g.view(viewer))
}

/// A readable summary of a Crusaders view: all the terminal shows, whether the view was built
/// from a local state or received from a server.
pub(crate) fn crusaders_view(v: &View) -> String {
    let board = crusaders::data::tables().ok().map(|t| t.board(v.side));
    let name = |id: crusaders::RegionId| -> String {
        board
            .and_then(|b| b.regions.get(id.index()))
            .map_or_else(|| format!("#{}", id.0), |r| r.name.clone())
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "== Turn {} | supply {}{} | Prussians {} | Slavs {} | Saracens 6 ==",
        v.turns + 1,
        v.supply,
        if v.end_triggered {
            " (last round!)"
        } else {
            ""
        },
        v.prussian.strength,
        v.slav.strength
    );
    for p in &v.seats {
        let order = p.order.map_or("-".to_string(), |o| o.to_string());
        let _ = writeln!(
            s,
            "P{} [{}] Influence {:>3}  order {:<14} troops {}/5  defeated P{} S{} Sar{}  bonus T{} M{} C{} I{} B{}",
            p.seat.0 + 1,
            if p.turn_rank == 0 { "start" } else { "     " },
            p.influence,
            order,
            p.troops_up,
            p.defeated[0],
            p.defeated[1],
            p.defeated[2],
            p.bonus[0],
            p.bonus[1],
            p.bonus[2],
            p.bonus[3],
            p.bonus[4],
        );
        let wheel: Vec<String> = p
            .wheel
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if w.upgraded {
                    format!("{}:{}+{}={}", i + 1, w.basic, w.secondary, w.tokens)
                } else {
                    format!("{}:{}={}", i + 1, w.basic, w.tokens)
                }
            })
            .collect();
        let shown = if p.divine.is_some() { 8 } else { 4 };
        let built: Vec<String> = KIND
            .iter()
            .zip(p.off_board)
            .take(shown)
            .map(|(k, b)| {
                let levels: String = (0..4)
                    .map(|l| if b & (1 << l) != 0 { 'x' } else { '.' })
                    .collect();
                format!("{k} {levels}")
            })
            .collect();
        let knights: Vec<String> = p.knights.iter().flatten().map(|&r| name(r)).collect();
        let _ = writeln!(s, "    wheel  {}", wheel.join("  "));
        let _ = writeln!(
            s,
            "    built  {}   knights: {}",
            built.join(", "),
            knights.join(", ")
        );
    }
    let _ = writeln!(s, "-- map (regions with pieces) --");
    for r in &v.regions {
        let mut parts = Vec::new();
        if let Some(e) = r.enemy {
            parts.push(format!("enemy {e:?}"));
        }
        if let Some(t) = r.tile {
            parts.push(format!("tile {t:?}"));
        }
        for b in &r.buildings {
            parts.push(format!(
                "P{} {} {}",
                b.owner.0 + 1,
                KIND[b.kind.index()],
                b.level
            ));
        }
        if let Some(t) = r.influence_tile {
            parts.push(format!(
                "influence tile cost {} level {} {:?}",
                t.cost, t.level, t.effect
            ));
        }
        for a in &r.arms {
            parts.push(format!("arms P{}", a.0 + 1));
        }
        for (o, k) in &r.knights {
            parts.push(format!("knight P{}#{}", o.0 + 1, k + 1));
        }
        let _ = writeln!(s, "  {:<16} {}", name(r.id), parts.join("; "));
    }
    match &v.phase {
        PhaseView::Turn { seat, step, .. } => {
            let _ = writeln!(s, "-- P{} to play: {step:?}", seat.0 + 1);
        }
        PhaseView::Over => {
            if let Some(f) = &v.final_scores {
                for (i, b) in f.iter().enumerate() {
                    let _ = writeln!(
                        s,
                        "P{}: {} = influence {} + majorities {:?} + buildings {}",
                        i + 1,
                        b.total,
                        b.influence,
                        b.majorities,
                        b.buildings
                    );
                }
            }
        }
        other => {
            let _ = writeln!(s, "-- {other:?}");
        }
    }
    s
}

/// A readable summary of a Warrior Knights state as `seat` (or a spectator) sees it.
pub(crate) fn warrior_knights(g: &warrior_knights::WarriorKnights, seat: Option<Seat>) -> String {
    let viewer = seat.map_or(Viewer::Spectator, Viewer::Seat);
    warrior_knights_view(&g.view(viewer))
}

/// A readable summary of a Warrior Knights view.
pub(crate) fn warrior_knights_view(v: &warrior_knights::View) -> String {
    use warrior_knights::{Loc, Target};
    let comps = warrior_knights::data::components().ok();
    let board = warrior_knights::map::board().ok();
    let cards = warrior_knights::cards::cards().ok();
    let baron = |s: u8| -> String {
        comps
            .and_then(|c| c.barons.get(usize::from(s)))
            .map_or_else(|| format!("Baron {s}"), |b| b.name.clone())
    };
    let city = |c: usize| -> String {
        comps
            .and_then(|x| x.cities.get(c))
            .map_or_else(|| format!("city {c}"), |x| x.name.clone())
    };
    let area = |a: u8| -> String {
        let Some(b) = board else {
            return format!("area {a}");
        };
        let i = usize::from(a);
        let name = if i < b.kingdom {
            b.file.kingdom[i].id.clone()
        } else {
            b.file
                .overseas
                .get(i - b.kingdom)
                .map_or_else(|| format!("area {a}"), |o| o.id.clone())
        };
        match b.city(a) {
            Some(c) => format!("{name}/{c}"),
            None => name,
        }
    };
    let agenda = |a: u8| -> String {
        cards
            .and_then(|c| c.agendas.get(usize::from(a)))
            .map_or_else(|| format!("Agenda {a}"), |x| x.name.clone())
    };
    let tables = warrior_knights::tables::tables().ok();
    let strength = |troops: &[u8]| -> u16 {
        tables.map_or(0, |t| troops.iter().map(|&x| t.strength(x)).sum())
    };
    let shapes = ["star", "square", "triangle", "circle"];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "== Round {} | Influence pool {}{} | Chairman {} | Head of the Church {} ==",
        v.round,
        v.pool,
        if v.last_round { " (last round!)" } else { "" },
        baron(v.chairman),
        baron(v.head)
    );
    for (i, b) in v.barons.iter().enumerate() {
        let i = i as u8;
        let owned: Vec<String> = v
            .cities
            .iter()
            .enumerate()
            .filter(|(_, c)| c.owner == Some(i))
            .map(|(c, st)| {
                let mut t = city(c);
                if st.fortified {
                    t.push_str("+F");
                }
                if st.breaches > 0 {
                    let _ = write!(t, " b{}", st.breaches);
                }
                if st.siege.is_some() {
                    t.push_str(" (besieged)");
                }
                t
            })
            .collect();
        let _ = writeln!(
            s,
            "[{i}] {}{}: {} crowns, {} Votes, {} Faith, {} Influence, hand {}{}{}",
            baron(i),
            if b.eliminated { " (out)" } else { "" },
            b.crowns,
            b.votes,
            b.faith,
            b.influence,
            b.hand_size,
            if b.banned { ", banned" } else { "" },
            match b.stronghold {
                Some(a) => format!(
                    ", stronghold {} ({} troops{}{})",
                    area(a),
                    strength(&b.sh_troops),
                    if b.sh_breaches > 0 {
                        format!(", {} breaches", b.sh_breaches)
                    } else {
                        String::new()
                    },
                    if b.sh_siege.is_some() {
                        ", besieged"
                    } else {
                        ""
                    }
                ),
                None => ", stronghold off the board".into(),
            }
        );
        if !owned.is_empty() {
            let _ = writeln!(s, "     cities: {}", owned.join(", "));
        }
        for (k, n) in b.nobles.iter().enumerate() {
            if n.gone {
                let _ = writeln!(s, "     {}: line ended", shapes[k]);
                continue;
            }
            if n.loc == Loc::Off && n.troops.is_empty() {
                continue;
            }
            let _ = writeln!(
                s,
                "     {}: {} — {} troops{}{}{}",
                shapes[k],
                match n.loc {
                    Loc::Off => "off the board".to_string(),
                    Loc::At(a) => area(a),
                    Loc::Sea(a) => format!("at sea to {}", area(a)),
                },
                strength(&n.troops),
                if n.casualties > 0 {
                    format!(", {} casualties", n.casualties)
                } else {
                    String::new()
                },
                if n.exhausted { ", exhausted" } else { "" },
                n.office
                    .map(|o| format!(", office {}", agenda(o)))
                    .unwrap_or_default()
            );
        }
    }
    let neutral: Vec<String> = v
        .cities
        .iter()
        .enumerate()
        .filter(|(_, c)| c.owner.is_none() && !c.razed)
        .map(|(c, _)| city(c))
        .collect();
    let _ = writeln!(s, "Neutral cities: {}", neutral.join(", "));
    let _ = writeln!(
        s,
        "Stacks {:?} (resolving {}) | areas: Taxation {}, Wages {}, Assembly {} | track {:?}",
        v.stacks,
        v.stack + 1,
        v.zones[0].len(),
        v.zones[1].len(),
        v.zones[2].len(),
        v.track
    );
    if !v.current_agendas.is_empty() {
        let names: Vec<String> = v.current_agendas.iter().map(|&a| agenda(a)).collect();
        let _ = writeln!(s, "Current Agendas: {}", names.join(", "));
    }
    if !v.laws.is_empty() {
        let names: Vec<String> = v.laws.iter().map(|&a| agenda(a)).collect();
        let _ = writeln!(s, "Laws: {}", names.join(", "));
    }
    if let Some(c) = v.revealed {
        let _ = writeln!(s, "Revealed: {c:?}");
    }
    if let Some(b) = &v.battle {
        let bt = &b.battle;
        let _ = writeln!(
            s,
            "Battle in {}: {} attacks {} ({:?}); cards {:?}",
            area(bt.area),
            baron(bt.attacker),
            match bt.target {
                Target::Baron(x) => baron(x),
                Target::Neutral => "the neutral city".into(),
            },
            bt.stage,
            b.hand_sizes
        );
    }
    if let Some(m) = &v.mine {
        let kinds = ["Mobilize", "Levy", "Draft", "Rally", "Serve", "Versatile"];
        let hand: Vec<String> = m
            .hand
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, n)| format!("{n}×{}", kinds[k]))
            .collect();
        let _ = writeln!(s, "Your hand: {}", hand.join(", "));
        if m.planned.iter().any(|p| !p.is_empty()) {
            let _ = writeln!(s, "Your plan: {:?}", m.planned);
        }
        if !m.battle_hand.is_empty() {
            let _ = writeln!(s, "Your Fate cards: {:?}", m.battle_hand);
        }
    }
    let _ = writeln!(
        s,
        "Decision: {}{}",
        v.phase.kind,
        v.phase
            .seat
            .map(|x| format!(" ({})", baron(x)))
            .unwrap_or_default()
    );
    s
}
