//! `ordo bench`: random-playout throughput and the cost of a state clone.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use ordo_core::{Game, GameRng};

use crate::games::{derive_seed, next_seat, with_game, CliGame, GameArgs};

/// Options of `ordo bench`.
#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Seconds per measurement (single-threaded, then all cores).
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Threads for the parallel measurement (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

pub(crate) fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    with_game!(crate::games::kind(&args.game.game)?, G => run_game::<G>(args))
}

/// Plays random games until `budget` elapses; returns (games, decisions, elapsed).
fn playouts<G: Game>(
    config: &G::Config,
    budget: Duration,
    first_seed: u64,
) -> (u64, u64, Duration) {
    let start = Instant::now();
    let (mut games, mut decisions) = (0u64, 0u64);
    let mut legal = Vec::new();
    while start.elapsed() < budget {
        let seed = derive_seed(first_seed, games);
        let Ok(mut g) = G::new_game(config, seed) else {
            break;
        };
        let mut rng = GameRng::from_seed(seed);
        while let Some(seat) = next_seat(&g, &mut rng) {
            legal.clear();
            g.legal_actions_into(seat, &mut legal);
            let a = legal[rng.index(legal.len())];
            g.apply_unchecked(seat, a);
            decisions += 1;
        }
        black_box(g.state_hash());
        games += 1;
    }
    (games, decisions, start.elapsed())
}

/// A state about halfway through a random game.
fn mid_game<G: Game>(config: &G::Config) -> anyhow::Result<G> {
    let mut g = G::new_game(config, 12345).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut rng = GameRng::from_seed(1);
    let mut n = 0;
    let mut states = Vec::new();
    while let Some(seat) = next_seat(&g, &mut rng) {
        let legal = g.legal_actions(seat);
        g.apply_unchecked(seat, legal[rng.index(legal.len())]);
        n += 1;
        if n % 10 == 0 {
            states.push(g.clone());
        }
    }
    Ok(states.get(states.len() / 2).cloned().unwrap_or(g))
}

fn run_game<G: CliGame>(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let config = crate::packs::config_for::<G>(&args.game)?;
    let budget = Duration::from_secs_f64(args.seconds.max(0.1));
    // Clone cost at a mid-game state.
    let mid: G = mid_game(&config)?;
    let reps = 200_000u32;
    let t = Instant::now();
    for _ in 0..reps {
        black_box(black_box(&mid).clone());
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / f64::from(reps);
    // Single thread.
    let (g1, d1, e1) = playouts::<G>(&config, budget, 1);
    // All cores.
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let (mut gn, mut dn) = (0u64, 0u64);
    let tn = Instant::now();
    std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|i| {
                s.spawn({
                    let config = &config;
                    move || playouts::<G>(config, budget, 1_000_000 * (i as u64 + 1))
                })
            })
            .collect();
        for h in hs {
            if let Ok((g, d, _)) = h.join() {
                gn += g;
                dn += d;
            }
        }
    });
    let en = tn.elapsed();
    let gps1 = g1 as f64 / e1.as_secs_f64();
    let dps1 = d1 as f64 / e1.as_secs_f64();
    let decision_ns = 1e9 / dps1.max(1.0);
    let out = serde_json::json!({
        "game": G::INFO.id,
        "config": config,
        "seconds": args.seconds,
        "games_per_sec": gps1,
        "decisions_per_sec": dps1,
        "decisions_per_game": if g1 == 0 { 0.0 } else { d1 as f64 / g1 as f64 },
        "clone_ns": clone_ns,
        "decision_ns": decision_ns,
        "decision_in_clones": decision_ns / clone_ns.max(1e-9),
        "threads": threads,
        "games_per_sec_all_threads": gn as f64 / en.as_secs_f64(),
        "decisions_per_sec_all_threads": dn as f64 / en.as_secs_f64(),
    });
    if args.json {
        println!("{out}");
    } else {
        println!(
            "{} ({}), {:.1} s per measurement",
            G::INFO.name,
            serde_json::to_string(&config).unwrap_or_default(),
            args.seconds
        );
        println!(
            "1 thread : {gps1:>10.0} games/s  {dps1:>12.0} decisions/s  ({:.0} decisions/game)",
            d1 as f64 / g1.max(1) as f64
        );
        println!(
            "{threads} threads: {:>10.0} games/s  {:>12.0} decisions/s",
            gn as f64 / en.as_secs_f64(),
            dn as f64 / en.as_secs_f64()
        );
        println!(
            "clone {clone_ns:.1} ns; one decision = {decision_ns:.1} ns = {:.1} clones",
            decision_ns / clone_ns.max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}
