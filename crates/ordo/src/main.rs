//! The Ordo command line.
//!
//! Run with `cargo run --release -- <command>`; `ordo --help` lists the commands.
//!
//! Exit codes: 0 success; 1 a run error (bad arguments, I/O); 2 a record that does not replay
//! or data files with problems; 3 simulated games that ended in an engine error.

mod admin;
mod arena;
mod bench;
mod games;
mod ladder;
mod loadtest;
mod packs;
mod play;
mod remote;
mod serve;
mod sim;

/// A faster allocator for the server's many small JSON values (and the bots' search trees).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ordo_core::{peek_game_id, replay_json, Game, Seat, ToAct};

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
        /// The data pack directory the game was played with, if its config names a pack.
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Play a game in the terminal against bots, or at a server's table (`--server URL`).
    Play(play::PlayArgs),
    /// Bots against each other, seats rotated: win rates with 95% intervals.
    Arena(arena::ArenaArgs),
    /// The bot levels played against each other and rated (resumable journals per lineup).
    Ladder(ladder::LadderArgs),
    /// A balance report (HTML with charts, and JSON) from many bot games.
    Balance(arena::BalanceArgs),
    /// Run the game server (lobby, live play over WebSocket, embedded SQLite by default).
    Serve(serve::ServeArgs),
    /// Copy the SQLite database consistently while the server runs (`VACUUM INTO`).
    Backup(serve::BackupArgs),
    /// Accounts, for the server's operator: list, reset a password, disable, enable, sign out.
    Admin(admin::AdminArgs),
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
    /// Validate every data file and list every problem found (with `--data DIR`, an owner's
    /// data pack).
    Check {
        /// A data pack directory to check instead of the built-in data.
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Write the built-in data files, with their CONFIRMED / INFERRED / DEFAULT tags, to
    /// `DIR/<game>/` for an owner to correct (then play with `--data DIR`).
    Export {
        /// The directory to write to.
        dir: PathBuf,
        /// Only this game.
        #[arg(long)]
        game: Option<String>,
    },
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
        Command::Replay { file, json, data } => replay(&file, json, data.as_deref()),
        Command::Play(args) => match &args.server {
            Some(server) => remote::run(&args, server),
            None => play::run(&args),
        },
        Command::Arena(args) => arena::arena(&args),
        Command::Balance(args) => arena::balance(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Data {
            command: DataCommand::Check { data: None },
        } => Ok(data_check()),
        Command::Data {
            command: DataCommand::Check { data: Some(dir) },
        } => Ok(packs::check(&dir)),
        Command::Data {
            command: DataCommand::Export { dir, game },
        } => packs::export(&dir, game.as_deref()),
        Command::Loadtest(args) => loadtest::run(&args),
        Command::Serve(args) => serve::serve(args),
        Command::Backup(args) => serve::backup(&args),
        Command::Admin(args) => admin::run(&args),
    }
}

fn data_check() -> ExitCode {
    let mut ok = true;
    for &kind in games::GameKind::ALL {
        match games::with_game!(kind, G => <G as games::CliGame>::data_summary()) {
            Ok(summary) => println!("{} data {summary}", kind.id()),
            Err(problems) => {
                ok = false;
                println!("{} data: {} problem(s)", kind.id(), problems.len());
                for p in problems {
                    println!("  {p}");
                }
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

fn replay(
    file: &std::path::Path,
    json: bool,
    data: Option<&std::path::Path>,
) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let game = match peek_game_id(&text) {
        Ok(id) => id,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return Ok(ExitCode::from(2));
        }
    };
    let kind = match games::kind(&game) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return Ok(ExitCode::from(2));
        }
    };
    if let Some(dir) = data {
        games::with_game!(kind, G => packs::load::<G>(dir, true))?;
    }
    games::with_game!(kind, G => replay_game::<G>(&text, file, json))
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
        ToAct::Over(_) => (true, state.declared_winner()),
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod deploy_files {
    use clap::Parser;

    /// The words of a shell-less command line (`CMD [...]` JSON or a plain line).
    fn words(line: &str) -> Vec<String> {
        if let Ok(v) = serde_json::from_str::<Vec<String>>(line.trim()) {
            return v;
        }
        line.split_whitespace().map(String::from).collect()
    }

    /// The command lines `ordo` runs with in the Dockerfile and the systemd unit are ones it
    /// accepts.
    #[test]
    fn the_shipped_command_lines_parse() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let docker = std::fs::read_to_string(root.join("Dockerfile")).unwrap();
        let cmd = docker.lines().find_map(|l| l.strip_prefix("CMD ")).unwrap();
        let mut args = vec!["ordo".to_string()];
        args.extend(words(cmd));
        super::Cli::try_parse_from(&args).unwrap();
        assert!(args.contains(&"sqlite:/data/ordo.db".to_string()));

        let unit = std::fs::read_to_string(root.join("deploy/ordo.service")).unwrap();
        let exec = unit
            .lines()
            .find_map(|l| l.strip_prefix("ExecStart=/usr/local/bin/ordo "))
            .unwrap();
        let mut args = vec!["ordo".to_string()];
        args.extend(words(exec));
        super::Cli::try_parse_from(&args).unwrap();
    }
}
