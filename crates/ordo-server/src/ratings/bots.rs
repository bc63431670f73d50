//! The bots' fixed ratings: measured by `ordo ladder` (the levels played against each other,
//! ratings fitted on the Elo scale) and published in `docs/bots.md`. One ladder file per game and
//! player count lives in `data/bot-ratings/`: the two-player ladder rates the group `2`, the
//! ladder of more players rates `3-4` and `5-6` (no 5–6 player ladder was run: DEFAULT). A bot
//! no ladder measured (a custom `mcts:<N>it` budget) plays at the start rating with a wide
//! deviation.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The ladder files, as `ordo ladder --write` leaves them.
const LADDERS: &[&str] = &[
    include_str!("../../data/bot-ratings/crusaders-2p.json"),
    include_str!("../../data/bot-ratings/crusaders-4p.json"),
    include_str!("../../data/bot-ratings/warrior-knights-2p.json"),
    include_str!("../../data/bot-ratings/warrior-knights-3p.json"),
];

/// The deviation of a bot no ladder measured.
const UNMEASURED_DEVIATION: f64 = 350.0;
/// The smallest deviation a measured bot plays with.
const MIN_DEVIATION: f64 = 30.0;

#[derive(Deserialize)]
struct Ladder {
    game: String,
    players: usize,
    levels: Vec<Level>,
}

#[derive(Deserialize)]
struct Level {
    level: String,
    rating: f64,
    interval: f64,
}

/// A bot's fixed rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (the ladder's standard error, at least 30).
    pub deviation: f64,
    /// Whether a ladder measured it.
    pub measured: bool,
}

/// (game, player group, bot) → rating.
type Table = BTreeMap<(String, String, String), BotRating>;

/// Reads and checks the ladder files.
///
/// # Errors
/// A file that does not read, names an unknown game or bot, or holds a rating that is not a
/// finite number.
fn load(files: &[&str]) -> Result<Table, String> {
    let mut out = Table::new();
    for (i, text) in files.iter().enumerate() {
        let l: Ladder =
            serde_json::from_str(text).map_err(|e| format!("bot ratings file {i}: {e}"))?;
        if ordo_games::GameKind::from_id(&l.game).is_none() {
            return Err(format!("bot ratings file {i}: unknown game {}", l.game));
        }
        let groups: &[&str] = if l.players == 2 {
            &["2"]
        } else {
            &["3-4", "5-6"]
        };
        for lv in &l.levels {
            lv.level
                .parse::<ordo_ai::BotSpec>()
                .map_err(|e| format!("bot ratings file {i}: {e}"))?;
            if !lv.rating.is_finite() || !lv.interval.is_finite() || lv.interval < 0.0 {
                return Err(format!("bot ratings file {i}: {} is not rated", lv.level));
            }
            for g in groups {
                out.insert(
                    (l.game.clone(), (*g).to_string(), lv.level.clone()),
                    BotRating {
                        rating: lv.rating,
                        deviation: (lv.interval / 1.959_964).max(MIN_DEVIATION),
                        measured: true,
                    },
                );
            }
        }
    }
    Ok(out)
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        load(LADDERS).unwrap_or_else(|e| {
            // The files are checked by a test before they ship; a bad one rates no bot.
            tracing::error!(error = %e, "bot ratings not loaded");
            Table::new()
        })
    })
}

/// The fixed rating `bot` plays rated tables of `game` with in player group `group`.
pub fn bot_rating(game: &str, group: &str, bot: &str) -> BotRating {
    table()
        .get(&(game.to_string(), group.to_string(), bot.to_string()))
        .copied()
        .unwrap_or(BotRating {
            rating: super::glicko2::Rating::new_player().rating,
            deviation: UNMEASURED_DEVIATION,
            measured: false,
        })
}

/// Every measured bot of `game`: (group, bot, rating), for the lobby.
pub fn measured(game: &str) -> Vec<(String, String, BotRating)> {
    table()
        .iter()
        .filter(|((g, _, _), _)| g == game)
        .map(|((_, group, bot), r)| (group.clone(), bot.clone(), *r))
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_ladders_rate_every_bot_in_every_group() {
        let t = load(LADDERS).unwrap();
        for game in ["crusaders", "warrior-knights"] {
            for group in ["2", "3-4", "5-6"] {
                let r = |bot: &str| {
                    *t.get(&(game.into(), group.into(), bot.into()))
                        .unwrap_or_else(|| panic!("{game} {group} {bot} not rated"))
                };
                for bot in ["random", "heuristic", "easy", "medium", "hard", "max"] {
                    let b = r(bot);
                    assert!(b.measured && b.rating.is_finite() && b.deviation >= MIN_DEVIATION);
                }
                // What the ladder measured: the random bot is the weakest, and the levels
                // rate in order in every group (the two-player ladders also met the spacing
                // goal, docs/bots.md).
                assert!(r("random").rating < r("heuristic").rating, "{game} {group}");
                for w in ["easy", "medium", "hard", "max"].windows(2) {
                    assert!(r(w[0]).rating < r(w[1]).rating, "{game} {group} {w:?}");
                }
            }
        }
        assert!(bot_rating("crusaders", "2", "max").measured);
        let custom = bot_rating("crusaders", "2", "mcts:77it");
        assert!(!custom.measured && custom.deviation == UNMEASURED_DEVIATION);
    }

    #[test]
    fn bad_files_are_refused() {
        assert!(load(&["{"]).is_err());
        assert!(load(&[r#"{"game":"chess","players":2,"levels":[]}"#]).is_err());
        assert!(load(&[
            r#"{"game":"crusaders","players":2,"levels":[{"level":"wizard","rating":1,"interval":1}]}"#
        ])
        .is_err());
        assert!(load(&[
            r#"{"game":"crusaders","players":2,"levels":[{"level":"easy","rating":1,"interval":-1}]}"#
        ])
        .is_err());
    }
}
