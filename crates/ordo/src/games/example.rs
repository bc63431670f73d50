//! The tiny example game of `ordo-core` on the command line (with the `example` feature): it
//! shows that a new game needs its registration, this file and a client module, nothing more.

use std::fmt::Write as _;

use anyhow::bail;
use ordo_core::example::{BidConfig, BidGame, BidView};

use super::{CliGame, GameArgs};

impl CliGame for BidGame {
    fn config_from(args: &GameArgs) -> anyhow::Result<BidConfig> {
        if args.variant != "standard" || !args.expansions.is_empty() || !args.options.is_empty() {
            bail!("the example game has no variants, expansions or options");
        }
        Ok(BidConfig {
            players: args.players,
            ..BidConfig::default()
        })
    }

    fn turns(&self) -> u32 {
        0
    }

    fn render_view(v: &BidView) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Prize on offer: {} | prizes left: {}",
            v.prize
                .map_or_else(|| "none".to_string(), |p| p.to_string()),
            v.deck_left
        );
        for (i, b) in v.bids.iter().enumerate() {
            let hand: Vec<String> = v
                .hands
                .get(i)
                .map(|h| h.iter().map(u8::to_string).collect())
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "P{}: score {}, hand {}{}",
                b.seat.0 + 1,
                v.scores.get(i).copied().unwrap_or(0),
                hand.join(" "),
                match (b.done, b.card) {
                    (true, Some(c)) => format!(", bid {c}"),
                    (true, None) => ", has bid".to_string(),
                    _ => String::new(),
                }
            );
        }
        s
    }

    fn view_over(v: &BidView) -> bool {
        v.prize.is_none()
    }
}
