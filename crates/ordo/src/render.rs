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
