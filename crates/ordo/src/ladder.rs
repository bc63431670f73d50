//! `ordo ladder`: the bot levels played against each other and rated.
//!
//! With two players each level meets the one below it head to head; with more, every window of
//! consecutive levels sits at one table (seats rotated). Each lineup is an arena run with its own
//! journal in `--dir` (the same file `ordo arena --journal` reads and writes), so a stopped ladder
//! resumes where it stopped and any single lineup can be played on with `ordo arena`. The
//! ratings are a Bradley–Terry fit on the Elo scale over every game of the run (a game of more
//! than two players counts as the pairwise results of its places, each weighted 1/(players−1)),
//! anchored at the heuristic bot.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use ordo_ai::bradley_terry::{self, Pairing, Rated};
use ordo_ai::{wilson_interval, BotSpec, Interval};
use serde::Serialize;

use crate::arena::{open_journal, run_many_journal, GameSummary};
use crate::games::{with_game, CliGame, GameArgs};

/// Options of `ordo ladder`.
#[derive(Args, Debug)]
pub(crate) struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The levels, weakest first, comma-separated.
    #[arg(long, default_value = "random,heuristic,easy,medium,hard,max")]
    levels: String,
    /// Games per lineup.
    #[arg(long, default_value_t = 60)]
    games: u64,
    /// Run seed (each lineup derives its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Directory of the journals (one per lineup); created if missing.
    #[arg(long)]
    dir: PathBuf,
    /// Games played at once (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// The level whose rating is fixed, and its rating.
    #[arg(long, default_value = "heuristic=1500")]
    anchor: String,
    /// Write the fitted ratings (JSON) to this file as well.
    #[arg(long)]
    write: Option<PathBuf>,
    /// Print one JSON object as the last line.
    #[arg(long)]
    json: bool,
}

/// The goal between neighbouring strength levels: the stronger wins at least this share head to
/// head, with the 95% interval above one half.
pub(crate) const SPACING: f64 = 0.65;

/// One level's line of the report.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct LevelReport {
    level: String,
    budget: String,
    rating: f64,
    interval: f64,
    games: u64,
    mean_decision_ms: f64,
    /// Two-player ladders: this level's wins against the level below, with a 95% interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    beats_below: Option<Interval>,
    #[serde(skip_serializing_if = "Option::is_none")]
    spaced: Option<bool>,
}

/// The lineups of a ladder: neighbouring pairs with two players, windows of `players`
/// consecutive levels with more. Each lineup is given as level indices.
pub(crate) fn lineups(levels: usize, players: usize) -> Vec<Vec<usize>> {
    if players < 2 || levels < players {
        return Vec::new();
    }
    (0..=levels - players)
        .map(|start| (start..start + players).collect())
        .collect()
}

/// The pairwise results of one game: for every two seats, the better placed scores 1 (equal
/// places ½), weighted 1/(players−1). Places follow the scores, the winner first.
pub(crate) fn pairings(game: &GameSummary, level_of: &[usize]) -> Vec<Pairing> {
    let n = game.scores.len();
    let winner = usize::from(game.winner);
    let key = |s: usize| (s == winner, game.scores[s]);
    let weight = 1.0 / (n.max(2) - 1) as f64;
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (Some(&la), Some(&lb)) = (
                game.lineup_at_seat.get(a).and_then(|&l| level_of.get(l)),
                game.lineup_at_seat.get(b).and_then(|&l| level_of.get(l)),
            ) else {
                continue;
            };
            let score = match key(a).cmp(&key(b)) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            };
            out.push(Pairing {
                a: la,
                b: lb,
                score,
                weight,
            });
        }
    }
    out
}

/// A strength level: a search with a budget of work.
fn is_level(spec: &BotSpec) -> bool {
    matches!(spec, BotSpec::Level(_) | BotSpec::MctsIterations(_))
}

/// What a level is, in words for the report.
fn budget_of<G: CliGame>(spec: &BotSpec) -> String {
    match spec {
        BotSpec::Random => "uniformly random".into(),
        BotSpec::Heuristic => "greedy, one turn ahead".into(),
        BotSpec::MctsTime(d) => format!("{} ms (time)", d.as_millis()),
        other => other
            .iterations::<G>()
            .map_or_else(|| other.to_string(), |n| format!("{n} iterations")),
    }
}

pub(crate) fn run(args: &LadderArgs) -> anyhow::Result<ExitCode> {
    with_game!(crate::games::kind(&args.game.game)?, G => ladder::<G>(args))
}

fn journal_path<G: CliGame>(dir: &Path, players: u8, lineup: &[BotSpec]) -> PathBuf {
    let names: Vec<String> = lineup
        .iter()
        .map(|b| b.to_string().replace(':', ""))
        .collect();
    dir.join(format!(
        "{}-{players}p-{}.jsonl",
        G::INFO.id,
        names.join("-")
    ))
}

fn ladder<G: CliGame>(args: &LadderArgs) -> anyhow::Result<ExitCode> {
    let config = crate::packs::config_for::<G>(&args.game)?;
    G::new_game(&config, 0).map_err(|e| anyhow::anyhow!("invalid table: {e}"))?;
    let levels: Vec<BotSpec> = crate::games::list(&args.levels)
        .map(|s| s.parse::<BotSpec>().map_err(anyhow::Error::from))
        .collect::<anyhow::Result<_>>()?;
    // Played (and journalled) as their budgets: a level whose budget changes starts new
    // journals instead of mixing games of two strengths under one name.
    let played: Vec<BotSpec> = levels
        .iter()
        .map(|l| match l.iterations::<G>() {
            Some(n) if matches!(l, BotSpec::Level(_)) => BotSpec::MctsIterations(n),
            _ => *l,
        })
        .collect();
    let players = usize::from(args.game.players);
    let plan = lineups(levels.len(), players);
    if plan.is_empty() {
        anyhow::bail!(
            "a ladder of {players} players needs at least {players} levels (got {})",
            levels.len()
        );
    }
    let (anchor_name, anchor_rating) = args
        .anchor
        .split_once('=')
        .and_then(|(n, r)| Some((n.trim(), r.trim().parse::<f64>().ok()?)))
        .ok_or_else(|| anyhow::anyhow!("--anchor: expected LEVEL=RATING"))?;
    let anchor = levels
        .iter()
        .position(|l| l.to_string() == anchor_name)
        .ok_or_else(|| anyhow::anyhow!("--anchor: {anchor_name} is not one of the levels"))?;
    std::fs::create_dir_all(&args.dir)?;
    let start = Instant::now();
    let mut results: Vec<Pairing> = Vec::new();
    let mut games_of = vec![0u64; levels.len()];
    let mut time_of = vec![(0u64, 0u128); levels.len()];
    let mut head_to_head: Vec<Option<Interval>> = vec![None; levels.len()];
    for (k, members) in plan.iter().enumerate() {
        let lineup: Vec<BotSpec> = members.iter().map(|&i| played[i]).collect();
        let path = journal_path::<G>(&args.dir, args.game.players, &lineup);
        let seed = crate::games::derive_seed(args.seed, k as u64);
        let journal = open_journal::<G>(&path, &config, &lineup, seed)?;
        eprintln!(
            "{} ({}/{}): {}",
            lineup
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" v "),
            k + 1,
            plan.len(),
            path.display()
        );
        let games = run_many_journal::<G>(
            &config,
            seed,
            args.games,
            &lineup,
            args.jobs,
            Some(&journal),
        )?;
        let mut upper_wins = 0u64;
        for g in &games {
            results.extend(pairings(g, members));
            for (seat, &l) in g.lineup_at_seat.iter().enumerate() {
                let level = members[l];
                games_of[level] += 1;
                time_of[level].0 += g.decision_counts.get(seat).copied().unwrap_or(0);
                time_of[level].1 += g.decision_ns.get(seat).copied().unwrap_or(0);
                if players == 2 && l == 1 && usize::from(g.winner) == seat {
                    upper_wins += 1;
                }
            }
        }
        if players == 2 {
            head_to_head[members[1]] = Some(wilson_interval(upper_wins, games.len() as u64));
        }
    }
    // One virtual draw between neighbours keeps a clean sweep (random against heuristic) finite.
    let fitted: Vec<Rated> = bradley_terry::fit(levels.len(), &results, anchor, anchor_rating, 1.0)
        .ok_or_else(|| anyhow::anyhow!("the ratings could not be fitted"))?;
    let report: Vec<LevelReport> = levels
        .iter()
        .enumerate()
        .map(|(i, spec)| LevelReport {
            level: spec.to_string(),
            budget: budget_of::<G>(spec),
            rating: fitted[i].rating,
            interval: fitted[i].interval,
            games: games_of[i],
            mean_decision_ms: if time_of[i].0 == 0 {
                0.0
            } else {
                time_of[i].1 as f64 / time_of[i].0 as f64 / 1e6
            },
            beats_below: head_to_head[i],
            // The spacing goal is between strength levels (budgets of work); the random and
            // heuristic bots below them are rated, not spaced.
            spaced: head_to_head[i]
                .filter(|_| i > 0 && is_level(&levels[i]) && is_level(&levels[i - 1]))
                .map(|w| w.rate >= SPACING && w.low > 0.5),
        })
        .collect();
    let out = serde_json::json!({
        "game": G::INFO.id,
        "players": players,
        "config": config,
        "games_per_lineup": args.games,
        "seed": args.seed,
        "anchor": { "level": anchor_name, "rating": anchor_rating },
        "levels": report,
    });
    if let Some(path) = &args.write {
        std::fs::write(path, format!("{}\n", serde_json::to_string_pretty(&out)?))?;
    }
    if args.json {
        println!("{out}");
    } else {
        println!(
            "Ladder of {} ({players} players, {} lineups × {} games) in {:.0} s; ratings anchored at {anchor_name} = {anchor_rating}",
            G::INFO.name,
            plan.len(),
            args.games,
            start.elapsed().as_secs_f64()
        );
        println!(
            "{:<10} {:<24} {:>15} {:>6} {:>12} {:>28}",
            "level", "budget", "rating (95%)", "games", "ms/decision", "beats the level below"
        );
        for r in &report {
            let h2h = r.beats_below.map_or_else(String::new, |w| {
                format!(
                    "{:.1}% [{:.1}, {:.1}] {}",
                    100.0 * w.rate,
                    100.0 * w.low,
                    100.0 * w.high,
                    match r.spaced {
                        Some(true) => "ok",
                        Some(false) => "NOT SPACED",
                        None => "",
                    }
                )
            });
            println!(
                "{:<10} {:<24} {:>8.0} ± {:<4.0} {:>6} {:>12.2} {:>28}",
                r.level, r.budget, r.rating, r.interval, r.games, r.mean_decision_ms, h2h
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn summary(lineup_at_seat: Vec<usize>, scores: Vec<i32>, winner: u8) -> GameSummary {
        let n = scores.len();
        GameSummary {
            lineup_at_seat,
            scores,
            winner,
            turns: 1,
            decisions: 1,
            decision_counts: vec![1; n],
            decision_ns: vec![1; n],
            decision_max_ns: vec![1; n],
            labels: vec![String::new(); n],
            turn_rank: (0..n as u32).collect(),
            wheels: Vec::new(),
        }
    }

    #[test]
    fn lineups_are_neighbours_or_windows() {
        assert_eq!(lineups(4, 2), vec![vec![0, 1], vec![1, 2], vec![2, 3]]);
        assert_eq!(
            lineups(6, 4),
            vec![vec![0, 1, 2, 3], vec![1, 2, 3, 4], vec![2, 3, 4, 5]]
        );
        assert!(lineups(2, 3).is_empty());
    }

    #[test]
    fn places_become_weighted_pairwise_results() {
        // Seat 0 holds lineup 2 (level 5), seat 1 lineup 0 (level 3), seat 2 lineup 1 (level 4).
        // The winner (seat 1) ties seat 0 on score but wins the tie-break.
        let g = summary(vec![2, 0, 1], vec![50, 50, 30], 1);
        let p = pairings(&g, &[3, 4, 5]);
        assert_eq!(p.len(), 3);
        let find = |a, b| p.iter().find(|x| x.a == a && x.b == b).unwrap();
        assert_eq!(find(5, 3).score, 0.0);
        assert_eq!(find(5, 4).score, 1.0);
        assert_eq!(find(3, 4).score, 1.0);
        assert!(p.iter().all(|x| (x.weight - 0.5).abs() < 1e-12));
        // Two players: full weight.
        let two = pairings(&summary(vec![1, 0], vec![10, 20], 1), &[0, 1]);
        assert_eq!(
            two,
            vec![Pairing {
                a: 1,
                b: 0,
                score: 0.0,
                weight: 1.0
            }]
        );
    }
}
