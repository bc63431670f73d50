//! What one decision did, in public facts for the log: the card it resolved, the crowns, Votes,
//! Faith and Influence it moved for the deciding Baron, an Agenda the Assembly finished voting
//! and the Events drawn. Read from the public (spectator) views around the decision, so nothing
//! secret can enter it; the server keeps it with each log line and every client words it.

use ordo_core::{Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::state::WarriorKnights;
use crate::types::{Ballot, Card};
use crate::view::View;

/// An Agenda the Assembly finished voting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkVoted"))]
pub struct Voted {
    /// The Agenda (kind).
    pub agenda: u8,
    /// The result: passed (`yes`), failed (`no`), or for a Baron.
    pub result: Ballot,
    /// Votes cast for the result (for a Baron: for him; otherwise yes).
    pub yes: u16,
    /// Votes cast against (yes/no Agendas).
    pub no: u16,
}

/// An Event drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkDrawn"))]
pub struct Drawn {
    /// The Event (index into the cards' Events).
    pub card: u8,
    /// The Baron it struck.
    pub target: u8,
}

/// What one decision did (public facts; absent parts did not happen, and are left out of the
/// JSON: log lines travel in every snapshot).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkEffect"))]
pub struct Effect {
    /// The card face up when the decision was made (the one being resolved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub card: Option<Card>,
    /// The deciding Baron's change of crowns, Votes, Faith and Influence.
    #[serde(default, skip_serializing_if = "no_gains")]
    #[cfg_attr(feature = "ts", ts(as = "Option<[i32; 4]>", optional))]
    pub gains: [i32; 4],
    /// An Agenda whose vote ended with this decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub voted: Option<Voted>,
    /// Events drawn because of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Drawn>>", optional))]
    pub events: Vec<Drawn>,
}

fn no_gains(g: &[i32; 4]) -> bool {
    *g == [0; 4]
}

/// The effect of `seat`'s decision, made in `before` and applied in `after`.
pub(crate) fn effect(
    before: &WarriorKnights,
    after: &WarriorKnights,
    seat: Seat,
) -> Option<Effect> {
    let a = before.make_view(Viewer::Spectator);
    let b = after.make_view(Viewer::Spectator);
    let s = usize::from(seat.0);
    let gains = match (a.barons.get(s), b.barons.get(s)) {
        (Some(x), Some(y)) => [
            i32::from(y.crowns) - i32::from(x.crowns),
            i32::from(y.votes) - i32::from(x.votes),
            i32::from(y.faith) - i32::from(x.faith),
            i32::from(y.influence) - i32::from(x.influence),
        ],
        _ => [0; 4],
    };
    let events = b
        .events_drawn
        .get(a.events_drawn.len()..)
        .unwrap_or_default()
        .iter()
        .map(|e| Drawn {
            card: e.card,
            target: e.target,
        })
        .collect();
    let out = Effect {
        card: a.revealed,
        gains,
        voted: voted(&a, &b),
        events,
    };
    (out != Effect::default()).then_some(out)
}

/// The Agenda the Assembly finished voting between two views.
fn voted(a: &View, b: &View) -> Option<Voted> {
    let x = &a.assembly.as_ref()?.assembly;
    let agenda = x.voting?;
    let result = x.result?;
    if let Some(y) = b.assembly.as_ref().map(|v| &v.assembly) {
        if y.voting == x.voting && y.index == x.index {
            return None;
        }
    }
    let sum = |f: &dyn Fn(Ballot) -> bool| -> u16 {
        x.casts
            .iter()
            .zip(&x.revealed)
            .filter(|(c, _)| c.is_some_and(f))
            .map(|(_, v)| *v)
            .sum()
    };
    let (yes, no) = match result {
        Ballot::For(baron) => (sum(&|c| c == Ballot::For(baron)), 0),
        _ => (sum(&|c| c == Ballot::Yes), sum(&|c| c == Ballot::No)),
    };
    Some(Voted {
        agenda,
        result,
        yes,
        no,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use ordo_core::Game;

    /// Plays seeded random games: every gain matches the Baron's resources, every Event drawn
    /// appears once, and Assembly votes are reported.
    #[test]
    fn effects_report_what_changed() {
        let mut rng = ordo_core::GameRng::from_seed(11);
        let (mut events, mut drawn, mut votes, mut cards) = (0, 0, 0, 0);
        for seed in 0..3u64 {
            let mut g = WarriorKnights::new_game(&Config::default(), seed).expect("game");
            while let Some(seat) = g.to_act().seats().iter().next() {
                let legal = g.legal_actions(seat);
                let act = legal[rng.index(legal.len())];
                let before = g.clone();
                g.apply_unchecked(seat, act);
                let e = effect(&before, &g, seat).unwrap_or_default();
                let (x, y) = (before.summary(seat.0), g.summary(seat.0));
                assert_eq!(e.gains[0], i32::from(y.crowns) - i32::from(x.crowns));
                assert_eq!(e.gains[3], i32::from(y.influence) - i32::from(x.influence));
                events += e.events.len();
                votes += usize::from(e.voted.is_some());
                cards += usize::from(e.card.is_some());
            }
            drawn += g.make_view(Viewer::Spectator).events_drawn.len();
        }
        assert_eq!(events, drawn, "every Event drawn is reported once");
        assert!(votes > 0 && cards > 0, "{votes} {cards}");
    }
}
