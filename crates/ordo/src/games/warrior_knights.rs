//! Warrior Knights on the command line: its options, its terminal picture and its
//! balance-report labels.

use std::fmt::Write as _;

use anyhow::bail;
use ordo_core::{Game, Seat};
use warrior_knights::{Config, Length, Optional, View, WarriorKnights, RULES_LATEST};

use super::{list, words, CliGame, GameArgs};

impl CliGame for WarriorKnights {
    fn config_from(args: &GameArgs) -> anyhow::Result<Config> {
        let length = match args.length.as_str() {
            "shorter" => Length::Shorter,
            "standard" => Length::Standard,
            "longer" => Length::Longer,
            "longest" => Length::Longest,
            other => {
                bail!("unknown length `{other}` (expected shorter, standard, longer, longest)")
            }
        };
        if args.variant != "standard" {
            bail!("Warrior Knights has no variants; use --length and --options");
        }
        if !args.expansions.trim().is_empty() {
            bail!(
                "Warrior Knights takes Crown and Glory's variants as options (--options the_king,missions)"
            );
        }
        let mut optional = Optional::default();
        for o in list(&args.options) {
            match o {
                "open_private_motions" => optional.open_private_motions = true,
                "exchanging_heirs" => optional.exchanging_heirs = true,
                "player_elimination" => optional.player_elimination = true,
                "might_is_right" => optional.might_is_right = true,
                "abandoned_nobles" => optional.abandoned_nobles = true,
                "miracles_can_happen" => optional.miracles_can_happen = true,
                "two_barons_need_five_cities" => optional.two_barons_need_five_cities = true,
                "the_king" => optional.the_king = true,
                "missions" => optional.missions = true,
                "for_glory" => optional.for_glory = true,
                other => bail!("unknown option `{other}`"),
            }
        }
        Ok(Config {
            barons: args.players,
            length,
            optional,
            rules: args.rules.unwrap_or(RULES_LATEST),
            data: None,
        })
    }

    fn turns(&self) -> u32 {
        self.rounds()
    }

    fn render_view(view: &View) -> String {
        render(view)
    }

    fn view_over(view: &View) -> bool {
        view.phase.kind == "over"
    }

    fn view_gifts(view: &View, seat: Seat) -> Vec<(warrior_knights::Action, String)> {
        warrior_knights::gifts_in_view(view, seat.0)
    }

    fn data_summary() -> Result<String, Vec<String>> {
        match warrior_knights::tables::tables() {
            Ok(t) => {
                let c = t.components;
                let defaults = c
                    .cities
                    .iter()
                    .filter(|x| x.confidence == warrior_knights::data::Confidence::Default)
                    .count();
                Ok(format!(
                    "{} + {} + {}: OK ({} Barons, {} cities ({defaults} with DEFAULT values), {} Kingdom areas, {} Mercenaries, {} Fate cards, {} Event and {} Agenda cards; the map and the card texts are reconstructions)",
                    c.version,
                    t.board.file.version,
                    t.cards.version,
                    c.barons.len(),
                    c.cities.len(),
                    t.board.kingdom,
                    c.mercenaries.len(),
                    c.fate.cards.len(),
                    t.cards.event_deck().len(),
                    t.cards.agenda_deck().len()
                ))
            }
            Err(problems) => Err(problems.iter().map(ToString::to_string).collect()),
        }
    }

    const IDENTITY: &'static str = "Baron";

    fn seat_label(&self, seat: Seat) -> String {
        warrior_knights::data::components()
            .ok()
            .and_then(|c| c.barons.get(seat.index()))
            .map_or_else(|| format!("baron {}", seat.0), |b| b.id.clone())
    }

    /// Position after the first Chairman (who places first).
    fn turn_rank_of(&self, seat: Seat) -> u32 {
        let n = u32::from(self.num_seats());
        (u32::from(seat.0) + n - u32::from(self.first_chairman())) % n
    }
}

/// A readable summary of a Warrior Knights view.
fn render(v: &View) -> String {
    use warrior_knights::{Loc, Target};
    let comps = warrior_knights::data::components().ok();
    let board = warrior_knights::map::board().ok();
    // *For Glory*'s tables hold its Events, Agendas, Leaders, Heralds and Town Levies too.
    let glory = v.for_glory.is_some();
    let cards = if glory {
        warrior_knights::cards::glory_cards().ok()
    } else {
        warrior_knights::cards::cards().ok()
    };
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
        if let Some(c) = b.city(a) {
            return comps
                .and_then(|x| x.cities.iter().find(|x| x.id == c))
                .map_or_else(|| c.to_owned(), |x| x.name.clone());
        }
        if let Some(n) = b.area_name(a) {
            return n.to_owned();
        }
        b.file.kingdom.get(usize::from(a)).map_or_else(
            || format!("area {a}"),
            |k| format!("the area at column {}, row {}", k.col + 1, k.row + 1),
        )
    };
    let agenda = |a: u8| -> String {
        cards
            .and_then(|c| c.agendas.get(usize::from(a)))
            .map_or_else(|| format!("Agenda {a}"), |x| x.name.clone())
    };
    let tables = if glory {
        warrior_knights::tables::glory_tables().ok()
    } else {
        warrior_knights::tables::tables().ok()
    };
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
        "Action stacks {} (resolving stack {}) | areas: Taxation {}, Wages {}, Assembly {} | Mercenary Track: {}",
        v.stacks
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" / "),
        v.stack + 1,
        v.zones[0].len(),
        v.zones[1].len(),
        v.zones[2].len(),
        v.track
            .iter()
            .map(|t| t.map_or_else(|| "empty".to_string(), baron))
            .collect::<Vec<_>>()
            .join(", ")
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
        let _ = writeln!(s, "Revealed: {}", words(&c));
    }
    if let Some(b) = &v.battle {
        let bt = &b.battle;
        let _ = writeln!(
            s,
            "Battle in {}: {} attacks {} ({}); cards in hand {} and {}",
            area(bt.area),
            baron(bt.attacker),
            match bt.target {
                Target::Baron(x) => baron(x),
                Target::Neutral => "the neutral city".into(),
            },
            words(&bt.stage),
            b.hand_sizes[0],
            b.hand_sizes[1]
        );
    }
    if let Some(g) = &v.for_glory {
        render_glory(&mut s, g, &baron, &city);
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
            let plan: Vec<String> = m
                .planned
                .iter()
                .enumerate()
                .map(|(i, p)| format!("stack {}: {}", i + 1, words(p)))
                .collect();
            let _ = writeln!(s, "Your plan: {}", plan.join("; "));
        }
        if !m.battle_hand.is_empty() {
            let _ = writeln!(s, "Your Fate cards: {}", words(&m.battle_hand));
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

/// *For Glory*'s part of the table, in words.
fn render_glory(
    s: &mut String,
    g: &warrior_knights::GloryView,
    baron: &dyn Fn(u8) -> String,
    city: &dyn Fn(usize) -> String,
) {
    let fg = warrior_knights::glory_data::for_glory().ok();
    let adv = |k: u8| -> String {
        fg.and_then(|f| f.advancements.get(usize::from(k)))
            .map_or_else(
                || format!("Advancement {k}"),
                |a| format!("{} ({} Knowledge)", a.name, a.cost),
            )
    };
    let names = |ks: &[u8]| -> String {
        if ks.is_empty() {
            "none".into()
        } else {
            ks.iter().map(|&k| adv(k)).collect::<Vec<_>>().join(", ")
        }
    };
    let _ = writeln!(
        s,
        "For Glory: Scholar {} | Advancements on offer: {} ({} in the deck)",
        g.scholar.map_or_else(|| "nobody".to_string(), baron),
        names(&g.market),
        g.deck
    );
    for (i, k) in g.knowledge.iter().enumerate() {
        let i = i as u8;
        let owned = g.owned.get(usize::from(i)).map_or(&[][..], Vec::as_slice);
        let tired = g
            .exhausted
            .get(usize::from(i))
            .map_or(&[][..], Vec::as_slice);
        let _ = writeln!(
            s,
            "     {}: {k} Knowledge; Advancements {}{}",
            baron(i),
            names(owned),
            if tired.is_empty() {
                String::new()
            } else {
                format!(" (face down: {})", names(tired))
            }
        );
    }
    if !g.garrisons.is_empty() {
        let list: Vec<String> = g
            .garrisons
            .iter()
            .map(|&(c, o)| format!("{} ({})", city(usize::from(c)), baron(o)))
            .collect();
        let _ = writeln!(
            s,
            "Garrisons: {} ({} left)",
            list.join(", "),
            g.garrisons_left
        );
    }
    if !g.rioting.is_empty() {
        let list: Vec<String> = g.rioting.iter().map(|&c| city(usize::from(c))).collect();
        let _ = writeln!(s, "Rioting (no crowns, no Influence): {}", list.join(", "));
    }
    if let Some([enrich, march]) = g.hand {
        let _ = writeln!(
            s,
            "Your For Glory cards: {enrich}×Enrich Mind, {march}×Forced March"
        );
    }
    if let Some(k) = g.researched {
        let _ = writeln!(s, "Research drew: {}", adv(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_glory_is_told_in_words_at_the_terminal() {
        let g = warrior_knights::GloryView {
            knowledge: vec![2, 0, 1],
            scholar: Some(0),
            market: vec![0, 8, 16],
            deck: 41,
            owned: vec![vec![2], vec![], vec![]],
            exhausted: vec![vec![2], vec![], vec![]],
            garrisons: vec![(0, 1)],
            garrisons_left: 7,
            rioting: vec![3],
            blocked: Vec::new(),
            pressing: 0,
            battle_advancements: [None, None],
            riot: None,
            funds_needed: None,
            hand: Some([2, 1]),
            researched: None,
        };
        let mut s = String::new();
        let baron = |b: u8| format!("Baron {b}");
        let city = |c: usize| format!("City {c}");
        render_glory(&mut s, &g, &baron, &city);
        for want in [
            "Scholar Baron 0",
            "Longbowmen (2 Knowledge)",
            "Cartography (1 Knowledge)",
            "Baron 0: 2 Knowledge; Advancements Battle Tactics (3 Knowledge) (face down: Battle Tactics",
            "Garrisons: City 0 (Baron 1) (7 left)",
            "Rioting (no crowns, no Influence): City 3",
            "2×Enrich Mind, 1×Forced March",
        ] {
            assert!(s.contains(want), "{want}\n{s}");
        }
        assert!(!s.contains("Debug") && !s.contains("Some("), "{s}");
    }
}
