//! Crusaders: Thy Will Be Done on the command line: its options, its terminal picture and its
//! balance-report labels.

use std::fmt::Write as _;

use anyhow::Context;
use crusaders::{
    data, Act, Config, Crusaders, Expansions, PhaseView, RegionId, Variant, View, RULES_LATEST,
};
use ordo_core::{Game, Seat, Viewer};

use super::{list, words, CliGame, GameArgs};

const KIND: [&str; 8] = [
    "Castle", "Church", "Farm", "Bank", "Keep", "Chapel", "Mill", "Vault",
];

impl CliGame for Crusaders {
    fn config_from(args: &GameArgs) -> anyhow::Result<Config> {
        let variant = Variant::from_name(&args.variant).with_context(|| {
            format!(
                "unknown variant `{}` (expected one of: standard, learning, first_standard, unpredictable, knight_tournament)",
                args.variant
            )
        })?;
        let mut expansions = Expansions::default();
        for e in list(&args.expansions) {
            match e {
                "di" | "divine_influence" => expansions.divine_influence = true,
                "ca" | "crimson_amber" => expansions.crimson_amber = true,
                other => anyhow::bail!("unknown expansion `{other}` (expected di, ca)"),
            }
        }
        let mut shared_buildings_at_six = false;
        for o in list(&args.options) {
            match o {
                "shared_buildings_at_six" => shared_buildings_at_six = true,
                other => {
                    anyhow::bail!(
                        "unknown Crusaders option `{other}` (expected shared_buildings_at_six)"
                    )
                }
            }
        }
        Ok(Config {
            players: args.players,
            variant,
            orders: !args.no_orders,
            calatrava_third: !args.no_calatrava_third,
            expansions,
            shared_buildings_at_six,
            rules: args.rules.unwrap_or(RULES_LATEST),
            data: None,
        })
    }

    fn turns(&self) -> u32 {
        Crusaders::turns(self)
    }

    fn render_view(view: &View) -> String {
        render(view)
    }

    fn view_over(view: &View) -> bool {
        view.phase == PhaseView::Over
    }

    fn data_summary() -> Result<String, Vec<String>> {
        match crusaders::data::tables() {
            Ok(t) => Ok(format!(
                "{}: OK ({} regions large side, {} small side, {} enemy tokens, {} bonus tiles, {} orders)",
                t.version,
                t.large.regions.len(),
                t.small.regions.len(),
                t.enemy_pool.len() + 2,
                t.bonus_tiles.len(),
                t.orders.len()
            )),
            Err(problems) => Err(problems.iter().map(ToString::to_string).collect()),
        }
    }

    const IDENTITY: &'static str = "knight order";

    fn seat_label(&self, seat: Seat) -> String {
        self.view(Viewer::Spectator)
            .seats
            .get(seat.index())
            .and_then(|p| p.order)
            .map_or_else(|| "no order".to_string(), |o| o.id().to_string())
    }

    fn turn_rank_of(&self, seat: Seat) -> u32 {
        self.turn_rank(seat)
    }

    fn wheel_of(&self, seat: Seat) -> Option<String> {
        let view = self.view(Viewer::Spectator);
        let wheel = &view.seats.get(seat.index())?.wheel;
        if wheel.is_empty() {
            return None;
        }
        let name = |a: Act| a.to_string().to_lowercase();
        let names: Vec<String> = wheel
            .iter()
            .map(|w| format!("{}/{}", name(w.basic), name(w.secondary)))
            .collect();
        let first = (0..names.len()).min_by_key(|&i| &names[i])?;
        let turned: Vec<&str> = (0..names.len())
            .map(|k| names[(first + k) % names.len()].as_str())
            .collect();
        Some(turned.join(" > "))
    }
}

/// A readable summary of a Crusaders view.
fn render(v: &View) -> String {
    let board = data::tables().ok().map(|t| t.board(v.side));
    let name = |id: RegionId| -> String {
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
            parts.push(format!("enemy: {}", words(&e)));
        }
        if let Some(t) = r.tile {
            parts.push(format!("bonus tile: {}", words(&t)));
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
                "influence tile (cost {}, level {}): {}",
                t.cost,
                t.level,
                words(&t.effect)
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
            let _ = writeln!(s, "-- P{} to play: {}", seat.0 + 1, words(step));
        }
        PhaseView::Over => {
            if let Some(f) = &v.final_scores {
                for (i, b) in f.iter().enumerate() {
                    let _ = writeln!(
                        s,
                        "P{}: {} = influence {} + majorities {} + buildings {}",
                        i + 1,
                        b.total,
                        b.influence,
                        words(&b.majorities),
                        b.buildings
                    );
                }
            }
        }
        other => {
            let _ = writeln!(s, "-- {}", words(other));
        }
    }
    s
}
