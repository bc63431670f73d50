//! Readable descriptions of decisions, for logs and the terminal.

use crate::action::{Action, SowChoice};
use crate::state::Crusaders;
use crate::types::{Pos, RegionId};

fn region(g: &Crusaders, r: RegionId) -> String {
    g.board()
        .regions
        .get(r.index())
        .map_or_else(|| format!("region #{}", r.0), |x| x.name.clone())
}

fn wedge(g: &Crusaders, pos: Pos) -> String {
    format!("wedge {}{}", ord1(pos), wedge_actions(g, pos))
}

fn wedge_actions(g: &Crusaders, pos: Pos) -> String {
    use ordo_core::Game;
    let seat = match g.to_act() {
        ordo_core::ToAct::Seat(s) => s,
        _ => return String::new(),
    };
    let Some(p) = g.core.players.get(seat.index()) else {
        return String::new();
    };
    let Some(w) = p.wheel.get(usize::from(pos)) else {
        return String::new();
    };
    let Some(d) = g.tables().wedges.get(usize::from(w.id)) else {
        return String::new();
    };
    if w.upgraded {
        format!(" ({}+{}, {} tokens)", d.basic, d.secondary, w.tokens)
    } else {
        format!(" ({}, {} tokens)", d.basic, w.tokens)
    }
}

fn sow(c: &SowChoice) -> String {
    let mut parts = Vec::new();
    if c.ccw {
        parts.push("counter-clockwise".to_string());
    }
    if c.origin {
        parts.push("starting on the emptied wedge".to_string());
    }
    if let Some(p) = c.skip {
        parts.push(format!("skipping wedge {}", ord1(p)));
    }
    if let Some(p) = c.double {
        parts.push(format!("two tokens on wedge {}", ord1(p)));
    }
    if let Some(p) = c.giant {
        parts.push(format!("the giant token onto wedge {}", ord1(p)));
    }
    if parts.is_empty() {
        "distribute clockwise".to_string()
    } else {
        format!("distribute {}", parts.join(", "))
    }
}

pub(crate) fn describe(g: &Crusaders, a: &Action) -> String {
    match a {
        Action::PickOrder { order } => {
            let name = g
                .tables()
                .order(*order)
                .map_or(order.id(), |o| o.name.as_str());
            format!("keep the {name}")
        }
        Action::PlaceWedge { wedge } => match g.tables().wedges.get(usize::from(*wedge)) {
            Some(d) => format!(
                "place the {} wedge (upgrades to {}+{})",
                d.basic, d.basic, d.secondary
            ),
            None => format!("place wedge #{wedge}"),
        },
        Action::SetupToken { pos } => format!("put the extra token on {}", wedge(g, *pos)),
        Action::SetupSingle { pos } => format!("start {} with one token", wedge(g, *pos)),
        Action::SetupUpgrade { pos } => format!("upgrade {} during setup", wedge(g, *pos)),
        Action::Start { region: r } => format!("start in {}", region(g, *r)),
        Action::Resolve { pos } => format!("resolve {}", wedge(g, *pos)),
        Action::Upgrade { pos } => format!("upgrade {}", wedge(g, *pos)),
        Action::SkipTurn => "skip the turn and distribute".to_string(),
        Action::Split {
            first,
            tokens,
            giant,
        } => format!(
            "{first} first with {tokens} token(s){}, the rest to the other action",
            if *giant { " including the giant" } else { "" }
        ),
        Action::Move { knight, to } => {
            format!("move knight {} to {}", ord1(*knight), region(g, *to))
        }
        Action::EndTravel => "stop travelling".to_string(),
        Action::Crusade { region: r } => format!("crusade in {}", region(g, *r)),
        Action::SaracenReward { take: true } => "take the Saracen's reward".to_string(),
        Action::SaracenReward { take: false } => "take 3 Influence instead".to_string(),
        Action::Build {
            building,
            region: r,
        } => format!("build a {building} in {}", region(g, *r)),
        Action::Forgo => "forgo this action".to_string(),
        Action::Distribute { pos } => format!("distribute {}", wedge(g, *pos)),
        Action::NoDistribute => "distribute nothing".to_string(),
        Action::Sow { choice } => sow(choice),
        Action::SetupGiant { pos } => format!("put the giant token on {}", wedge(g, *pos)),
        Action::SetupMark { enemy } => format!("mark the {enemy:?}s"),
        Action::Boost { count: 0 } => "spend no one-shot tile".to_string(),
        Action::Boost { count } => format!("spend {count} one-shot tile(s) for +{count}"),
        Action::TakeTile { region: r } => format!("take the influence tile in {}", region(g, *r)),
        Action::FlipWedge { pos } => format!("flip {} to its upgraded side", wedge(g, *pos)),
        Action::MillRemove { building, level } => {
            format!("remove your {building} level {level} from your board")
        }
        Action::CrusadeSwap { region: r, with } => {
            format!(
                "swap the enemies of {} and {}, then crusade in {}",
                region(g, *r),
                region(g, *with),
                region(g, *r)
            )
        }
    }
}

/// `x + 1` for display, without overflow on any value (actions from files are shown in errors
/// before they are checked).
fn ord1<T: Into<u32>>(x: T) -> u32 {
    x.into().saturating_add(1)
}
