//! The Ordo command line.
//!
//! Run with `cargo run --release -- <command>`; `ordo --help` lists the commands.
//!
//! Exit codes: 0 success; 1 a run error (bad arguments, I/O); 2 a record that does not replay
//! or data files with problems; 3 simulated games that ended in an engine error.

mod arena;
mod bench;
mod games;
mod loadtest;
mod play;
mod remote;
mod render;
mod sim;

/// A faster allocator for the server's many small JSON values (and the bots' search trees).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ordo_core::{peek_game_id, replay_json, Game, Seat, ToAct};

use crate::games::GameKind;

#[derive(Parser, Debug)]
#[command(
    name = "ordo",
    version,
    about = "Ordo: knight-order strategy games, exactly by their rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play many full games with bots and report statistics.
    Sim(sim::SimArgs),
    /// Measure random-playout throughput and the cost of cloning a state.
    Bench(bench::BenchArgs),
    /// Replay a game record and print the final scores.
    Replay {
        /// The record file (JSON).
        file: PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal against bots, or at a server's table (`--server URL`).
    Play(play::PlayArgs),
    /// Bots against each other, seats rotated: win rates with 95% intervals.
    Arena(arena::ArenaArgs),
    /// A balance report (HTML with charts, and JSON) from many bot games.
    Balance(arena::BalanceArgs),
    /// Run the game server (lobby, live play over WebSocket, embedded SQLite by default).
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        bind: std::net::SocketAddr,
        /// Database: `sqlite:FILE` (default `sqlite:ordo.db`) or `postgres://…`.
        #[arg(long, default_value = "sqlite:ordo.db")]
        db: String,
        /// Requests per second per client address, `RATE[/BURST]` or `off`.
        #[arg(long, default_value = "20/200")]
        ip_limit: String,
        /// Log format: `text` or `json` (the level is set with `ORDO_LOG`, e.g. `info`).
        #[arg(long, default_value = "text")]
        log: String,
    },
    /// Drive a running server with WebSocket clients playing random decisions.
    Loadtest(loadtest::LoadtestArgs),
    /// Component data.
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
}

#[derive(Subcommand, Debug)]
enum DataCommand {
    /// Validate every data file and list every problem found.
    Check,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Sim(args) => sim::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Replay { file, json } => replay(&file, json),
        Command::Play(args) => play::run(&args),
        Command::Arena(args) => arena::arena(&args),
        Command::Balance(args) => arena::balance(&args),
        Command::Data {
            command: DataCommand::Check,
        } => Ok(data_check()),
        Command::Loadtest(args) => loadtest::run(&args),
        Command::Serve {
            bind,
            db,
            ip_limit,
            log,
        } => {
            let limiter =
                ordo_server::limit::IpLimiter::parse(&ip_limit).map_err(|e| anyhow::anyhow!(e))?;
            ordo_server::init_logging(&log).map_err(|e| anyhow::anyhow!(e))?;
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()?;
            rt.block_on(ordo_server::serve(bind, &db, limiter))
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn data_check() -> ExitCode {
    let mut ok = true;
    match crusaders::data::tables() {
        Ok(t) => println!(
            "crusaders data {}: OK ({} regions large side, {} small side, {} enemy tokens, {} bonus tiles, {} orders)",
            t.version,
            t.large.regions.len(),
            t.small.regions.len(),
            t.enemy_pool.len() + 2,
            t.bonus_tiles.len(),
            t.orders.len()
        ),
        Err(problems) => {
            ok = false;
            println!("crusaders data: {} problem(s)", problems.len());
            for p in problems {
                println!("  {p}");
            }
        }
    }
    match warrior_knights::tables::tables() {
        Ok(t) => {
            let c = t.components;
            let defaults = c
                .cities
                .iter()
                .filter(|x| x.confidence == warrior_knights::data::Confidence::Default)
                .count();
            println!(
                "warrior-knights data {} + {} + {}: OK ({} Barons, {} cities ({defaults} with DEFAULT values), {} Kingdom areas, {} Mercenaries, {} Fate cards, {} Event and {} Agenda cards; the map and the card texts are reconstructions)",
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
            );
        }
        Err(problems) => {
            ok = false;
            println!("warrior-knights data: {} problem(s)", problems.len());
            for p in problems {
                println!("  {p}");
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

fn replay(file: &std::path::Path, json: bool) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let game = match peek_game_id(&text) {
        Ok(id) => id,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return Ok(ExitCode::from(2));
        }
    };
    let kind = match GameKind::parse(&game) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return Ok(ExitCode::from(2));
        }
    };
    match kind {
        GameKind::Crusaders => replay_game::<crusaders::Crusaders>(&text, file, json),
        GameKind::WarriorKnights => {
            replay_game::<warrior_knights::WarriorKnights>(&text, file, json)
        }
    }
}

/// Whether a record's `config` is an object without a `rules` field.
fn names_no_rules_revision(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|r| {
            r.get("config")
                .and_then(serde_json::Value::as_object)
                .map(|c| !c.contains_key("rules"))
        })
        .unwrap_or(false)
}

fn replay_game<G: Game>(
    text: &str,
    file: &std::path::Path,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let m = match replay_json::<G>(text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            if names_no_rules_revision(text) {
                eprintln!(
                    "note: the record's config names no rules revision, so it is replayed under \
                     the latest; a record made before revisions existed was played under \
                     revision 1 (add \"rules\": 1 to its config; see docs/record-format.md)"
                );
            }
            return Ok(ExitCode::from(2));
        }
    };
    let state = m.state();
    let scores: Vec<i32> = state.scores().values().copied().collect();
    let (over, winner) = match state.to_act() {
        ToAct::Over(o) => (true, Some(o.winner())),
        _ => (false, None),
    };
    if json {
        let out = serde_json::json!({
            "game": G::INFO.id,
            "decisions": m.record().steps.len(),
            "over": over,
            "scores": scores,
            "winner": winner.map(|s: Seat| s.0),
            "state_hash": format!("{:016x}", state.state_hash()),
        });
        println!("{out}");
    } else {
        println!(
            "{} decisions replayed; game {}",
            m.record().steps.len(),
            if over { "over" } else { "in progress" }
        );
        for (i, s) in scores.iter().enumerate() {
            let mark = if winner == Some(Seat(i as u8)) {
                "  (winner)"
            } else {
                ""
            };
            println!("seat {i}: {s}{mark}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether to draw progress bars.
pub(crate) fn interactive() -> bool {
    std::io::stdout().is_terminal()
}
