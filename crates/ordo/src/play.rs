//! `ordo play`: a full game in the terminal against bots (with `--server`, `main` hands the
//! same options to `remote`, which plays at a table of a running server).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use ordo_core::{Game, GameRng, Match, Seat, ToAct};

use ordo_ai::{Bot, BotSpec};

use crate::games::{derive_seed, next_seat, with_game, CliGame, GameArgs};

/// Options of `ordo play`.
#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Who sits where, comma-separated: `human` or a bot name (`random`).
    #[arg(long, default_value = "human,random")]
    pub(crate) seats: String,
    /// Setup seed (default: from the clock; with --server the server draws it).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Save the record here when the game ends (or when you quit a local game).
    #[arg(long)]
    pub(crate) save: Option<std::path::PathBuf>,
    /// Play at a running `ordo serve` (e.g. `http://127.0.0.1:8080`): create a table with
    /// --seats and play its first human seat, or join one with --table.
    #[arg(long, value_name = "URL")]
    pub(crate) server: Option<String>,
    /// With --server: join this existing table instead of creating one.
    #[arg(long, value_name = "ID", requires = "server", conflicts_with = "seats")]
    pub(crate) table: Option<String>,
    /// With --table: your seat token (without one you watch as a spectator).
    #[arg(long, value_name = "TOKEN", requires = "table")]
    pub(crate) token: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SeatKind {
    Human,
    Bot(BotSpec),
}

pub(crate) fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    with_game!(crate::games::kind(&args.game.game)?, G => run_game::<G>(args))
}

fn run_game<G: CliGame>(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let kinds: Vec<SeatKind> = args
        .seats
        .split(',')
        .map(|s| match s.trim() {
            "human" => Ok(SeatKind::Human),
            other => other
                .parse::<BotSpec>()
                .map(SeatKind::Bot)
                .map_err(anyhow::Error::from),
        })
        .collect::<Result<_, _>>()?;
    let mut game_args = args.game.clone();
    game_args.players = u8::try_from(kinds.len()).unwrap_or(u8::MAX);
    let config = crate::packs::config_for::<G>(&game_args)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut m = Match::<G>::new(config, seed).map_err(|e| anyhow::anyhow!("invalid table: {e}"))?;
    let mut rng = GameRng::from_seed(seed ^ 0x77);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| match k {
            SeatKind::Bot(spec) => Some(G::make_bot(*spec, derive_seed(seed, i as u64), threads)),
            SeatKind::Human => None,
        })
        .collect();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    // A seed drawn here is shown only when the game is over: it determines every hidden card.
    if args.seed.is_some() {
        println!(
            "{} — seed {seed}. Type a number to choose, `q` to quit.",
            G::INFO.name
        );
    } else {
        println!(
            "{} — a new seed (shown at the end). Type a number to choose, `q` to quit.",
            G::INFO.name
        );
    }
    loop {
        if let ToAct::Over(outcome) = m.state().to_act() {
            println!("{}", m.state().render(None));
            match m.state().declared_winner() {
                Some(w) => println!(
                    "Game over. Winner: seat {} (P{}). Seed {seed}.",
                    w.0,
                    w.0 + 1
                ),
                None => {
                    let places = m.state().declared_places().unwrap_or(outcome.places);
                    let tied: Vec<String> = places
                        .iter()
                        .filter(|(_, &p)| p == 0)
                        .map(|(s, _)| format!("P{}", s.0 + 1))
                        .collect();
                    println!(
                        "Game over. No winner: {} share first place. Seed {seed}.",
                        tied.join(", ")
                    );
                }
            }
            save(args, &m)?;
            return Ok(ExitCode::SUCCESS);
        }
        // Humans first among simultaneous seats, so secret choices are asked in order.
        let seat = match m.state().to_act() {
            ToAct::Simultaneous(set) => set
                .iter()
                .find(|s| kinds[s.index()] == SeatKind::Human)
                .or_else(|| set.iter().next())
                .unwrap_or(Seat(0)),
            _ => next_seat(m.state(), &mut rng).unwrap_or(Seat(0)),
        };
        let legal = m.state().legal_actions(seat);
        match kinds[seat.index()] {
            SeatKind::Bot(_) => {
                let Some(a) = bots[seat.index()]
                    .as_mut()
                    .and_then(|b| b.decide(m.state(), seat))
                else {
                    anyhow::bail!("{seat} has no decision")
                };
                let secret = m.state().is_secret_decision(seat, &a);
                let text = if secret {
                    "makes a secret choice".to_string()
                } else {
                    m.state().describe_action(&a)
                };
                m.apply(seat, a).map_err(|e| anyhow::anyhow!("{e}"))?;
                println!("P{} (bot): {text}", seat.0 + 1);
                for note in m.state().announcements() {
                    println!("  {note}");
                }
            }
            SeatKind::Human => {
                println!("\n{}", m.state().render(Some(seat)));
                println!("P{}, choose:", seat.0 + 1);
                for (i, a) in legal.iter().enumerate() {
                    println!("  {:>2}) {}", i + 1, m.state().describe_action(a));
                }
                let free = m.state().free_actions(seat);
                if !free.is_empty() {
                    println!(
                        "  (at any time: `give WORDS` lists your gifts whose words match, e.g. `give 3 crowns`)"
                    );
                }
                // Gifts listed by the last `give`, chosen with `g1`, `g2`, ...
                let mut listed: Vec<G::Action> = Vec::new();
                loop {
                    print!("> ");
                    out.flush()?;
                    let Some(line) = lines.next() else {
                        save(args, &m)?;
                        return Ok(ExitCode::SUCCESS);
                    };
                    let line = line?;
                    let t = line.trim();
                    if t == "q" || t == "quit" {
                        save(args, &m)?;
                        return Ok(ExitCode::SUCCESS);
                    }
                    if let Some(words) = t.strip_prefix("give") {
                        // Public gifts only: at a shared terminal a private offer would be
                        // read by everyone, and bots never answer one.
                        let all: Vec<(G::Action, String)> = free
                            .iter()
                            .filter(|a| !m.state().is_secret_decision(seat, a))
                            .map(|a| (*a, m.state().describe_action(a)))
                            .collect();
                        listed = crate::games::matching(&all, words)
                            .into_iter()
                            .map(|(a, _)| a)
                            .collect();
                        if listed.is_empty() {
                            println!("No gift of yours matches; try `give crowns` or `give heir`.");
                        }
                        for (i, a) in listed.iter().enumerate() {
                            println!("  g{}) {}", i + 1, m.state().describe_action(a));
                        }
                        continue;
                    }
                    if let Some(k) = t.strip_prefix('g').and_then(|k| k.parse::<usize>().ok()) {
                        match listed.get(k.wrapping_sub(1)) {
                            Some(&a) => {
                                let text = m.state().describe_action(&a);
                                m.apply(seat, a).map_err(|e| anyhow::anyhow!("{e}"))?;
                                println!("P{}: {text}", seat.0 + 1);
                                break;
                            }
                            None => println!("List gifts first with `give WORDS`."),
                        }
                        continue;
                    }
                    match t.parse::<usize>() {
                        Ok(k) if (1..=legal.len()).contains(&k) => {
                            m.apply(seat, legal[k - 1])
                                .map_err(|e| anyhow::anyhow!("{e}"))?;
                            for note in m.state().announcements() {
                                println!("  {note}");
                            }
                            break;
                        }
                        _ => println!("Enter a number from 1 to {} (or q).", legal.len()),
                    }
                }
            }
        }
    }
}

fn save<G: Game>(args: &PlayArgs, m: &Match<G>) -> anyhow::Result<()> {
    if let Some(path) = &args.save {
        std::fs::write(path, serde_json::to_string_pretty(m.record())?)?;
        println!("record saved to {}", path.display());
    }
    Ok(())
}
