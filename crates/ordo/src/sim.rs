//! `ordo sim`: many full games with bots, statistics and a digest over every final state.

use std::hash::Hasher;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use clap::Args;
use ordo_core::{GameRng, Match, StableHasher, ToAct};

use ordo_ai::{Bot, BotSpec};

use crate::games::{derive_seed, next_seat, parse_bots, with_game, CliGame, GameArgs};

/// Options of `ordo sim`.
#[derive(Args, Debug)]
pub(crate) struct SimArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Run seed; game i uses a seed derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots per seat, comma-separated (one name applies to every seat).
    #[arg(long, default_value = "random")]
    bots: String,
    /// Print one JSON object as the last line.
    #[arg(long)]
    json: bool,
    /// Write every game's record to this directory.
    #[arg(long)]
    save_records: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Before about one decision in N, a random seat also makes a random free decision out of
    /// turn (a Warrior Knights gift of crowns or an heir), to try them in many games; 0 (the
    /// default): bots alone decide, and they never give.
    #[arg(long, default_value_t = 0)]
    gifts: u32,
}

#[derive(Clone, Debug, Default)]
struct GameResult {
    decisions: u64,
    turns: u64,
    winner: Option<u8>,
    winner_score: i64,
    hash: u64,
    error: Option<String>,
    record: Option<String>,
    /// Free decisions made (`--gifts`).
    gifts: u64,
}

pub(crate) fn run(args: &SimArgs) -> anyhow::Result<ExitCode> {
    with_game!(crate::games::kind(&args.game.game)?, G => run_game::<G>(args))
}

fn run_game<G: CliGame>(args: &SimArgs) -> anyhow::Result<ExitCode> {
    let config = crate::packs::config_for::<G>(&args.game)?;
    // Fail fast on a bad config rather than reporting G errors.
    G::new_game(&config, 0).map_err(|e| anyhow::anyhow!("invalid table: {e}"))?;
    let seats = usize::from(args.game.players);
    let bots = parse_bots(&args.bots, seats)?;
    if let Some(dir) = &args.save_records {
        std::fs::create_dir_all(dir)?;
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let next = AtomicU64::new(0);
    let bar = crate::interactive().then(|| indicatif::ProgressBar::new(args.games));
    let mut results: Vec<(u64, GameResult)> = Vec::with_capacity(args.games as usize);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= args.games {
                            break;
                        }
                        let seed = derive_seed(args.seed, i);
                        let keep = args.save_records.is_some();
                        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            play_one::<G>(&config, seed, &bots, keep, args.gifts)
                        }))
                        .unwrap_or_else(|p| GameResult {
                            error: Some(panic_text(&p)),
                            ..GameResult::default()
                        });
                        if let Some(b) = &bar {
                            b.inc(1);
                        }
                        out.push((i, r));
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            if let Ok(v) = h.join() {
                results.extend(v);
            }
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    results.sort_by_key(|(i, _)| *i);
    let mut digest = StableHasher::default();
    let mut wins = vec![0u64; seats];
    let (mut decisions, mut turns, mut winner_scores, mut finished) = (0u64, 0u64, 0i64, 0u64);
    let mut errors = Vec::new();
    let mut gifts = 0u64;
    for (i, r) in &results {
        digest.write_u64(r.hash);
        if let Some(e) = &r.error {
            errors.push(format!("game {i}: {e}"));
            continue;
        }
        finished += 1;
        gifts += r.gifts;
        decisions += r.decisions;
        turns += r.turns;
        winner_scores += r.winner_score;
        if let Some(w) = r.winner {
            wins[usize::from(w)] += 1;
        }
        if let (Some(dir), Some(rec)) = (&args.save_records, &r.record) {
            std::fs::write(dir.join(format!("game-{i:06}.json")), rec)?;
        }
    }
    let div = |x: f64| {
        if finished == 0 {
            0.0
        } else {
            x / finished as f64
        }
    };
    let digest = format!("{:016x}", digest.finish());
    if args.json {
        for e in &errors {
            eprintln!("{e}");
        }
        let out = serde_json::json!({
            "game": G::INFO.id,
            "games": args.games,
            "players": seats,
            "config": config,
            "seed": args.seed,
            "decisions_mean": div(decisions as f64),
            "turns_mean": div(turns as f64),
            "wins_by_seat": wins,
            "winner_score_mean": div(winner_scores as f64),
            "errors": errors.len(),
            "gifts": gifts,
            "digest": digest,
        });
        println!("{out}");
    } else {
        println!(
            "{} games of {} ({} players), seed {}",
            args.games,
            G::INFO.name,
            seats,
            args.seed
        );
        println!(
            "decisions per game {:.1}, turns per game {:.1}",
            div(decisions as f64),
            div(turns as f64)
        );
        println!(
            "wins by seat {wins:?}; mean winning score {:.1}",
            div(winner_scores as f64)
        );
        if args.gifts > 0 {
            println!("free decisions (gifts) made out of turn {gifts}");
        }
        println!("errors {}; digest {digest}", errors.len());
        for e in &errors {
            println!("  {e}");
        }
    }
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}

fn play_one<G: CliGame>(
    config: &G::Config,
    seed: u64,
    bots: &[BotSpec],
    keep: bool,
    gifts: u32,
) -> GameResult {
    let mut m = match Match::<G>::new(config.clone(), seed) {
        Ok(m) => m,
        Err(e) => {
            return GameResult {
                error: Some(e.to_string()),
                ..GameResult::default()
            }
        }
    };
    let mut rng = GameRng::from_seed(seed ^ 0x5151_5151);
    let mut gift_rng = GameRng::from_seed(seed ^ 0x0061_51F7);
    let mut given = 0u64;
    let mut players: Vec<Box<dyn Bot<G>>> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| G::make_bot(*b, derive_seed(seed, i as u64 + 1), 1))
        .collect();
    let limit = u64::from(G::INFO.max_decisions);
    loop {
        if let ToAct::Over(outcome) = m.state().to_act() {
            let w = outcome.winner();
            return GameResult {
                decisions: m.version(),
                turns: u64::from(m.state().turns()),
                winner: Some(w.0),
                winner_score: i64::from(outcome.scores[w]),
                hash: m.state().state_hash(),
                error: None,
                record: keep.then(|| serde_json::to_string(m.record()).unwrap_or_default()),
                gifts: given,
            };
        }
        if m.version() > limit {
            return GameResult {
                error: Some(format!("no end after {limit} decisions")),
                ..GameResult::default()
            };
        }
        if gifts > 0 {
            // A separate stream, so that games without gifts keep their seeds' course.
            if gift_rng.below(gifts) == 0 {
                let seats = m.state().num_seats();
                let giver = ordo_core::Seat(gift_rng.below(u32::from(seats)) as u8);
                let free = m.state().free_actions(giver);
                if !free.is_empty() {
                    let a = free[gift_rng.index(free.len())];
                    if let Err(e) = m.apply(giver, a) {
                        return GameResult {
                            error: Some(format!("free decision refused: {e}")),
                            ..GameResult::default()
                        };
                    }
                    given += 1;
                    continue;
                }
            }
        }
        let Some(seat) = next_seat(m.state(), &mut rng) else {
            return GameResult {
                error: Some("no seat to act".into()),
                ..GameResult::default()
            };
        };
        let Some(action) = players[seat.index()].decide(m.state(), seat) else {
            return GameResult {
                error: Some(format!("{seat} to act but has no legal decision")),
                ..GameResult::default()
            };
        };
        if let Err(e) = m.apply(seat, action) {
            return GameResult {
                error: Some(e.to_string()),
                ..GameResult::default()
            };
        }
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        format!("panic: {s}")
    } else if let Some(s) = p.downcast_ref::<String>() {
        format!("panic: {s}")
    } else {
        "panic".to_string()
    }
}
