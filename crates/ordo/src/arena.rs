//! `ordo arena` and `ordo balance`: bots against each other with seats rotated.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use ordo_ai::{acting_seat, wilson_interval, Bot, BotSpec, Interval};
use ordo_core::{Seat, ToAct};
use serde::{Deserialize, Serialize};

use crate::games::{derive_seed, parse_bots, with_game, CliGame, GameArgs};

/// Options of `ordo arena`.
#[derive(Args, Debug)]
pub(crate) struct ArenaArgs {
    #[command(flatten)]
    game: GameArgs,
    /// One bot per seat, comma-separated (`mcts:1s,heuristic,heuristic,heuristic`); the lineup
    /// rotates over the seats from game to game.
    #[arg(long)]
    bots: String,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object as the last line.
    #[arg(long)]
    json: bool,
    /// Games played at once (default: all cores, or 1 when a bot searches against the clock).
    #[arg(long)]
    jobs: Option<usize>,
    /// Append each finished game to this file (JSON lines) and, when it already holds games of
    /// the same run (game, options, bots, seed), play only the missing ones: a long arena can
    /// be stopped and resumed, and nothing played is lost.
    #[arg(long)]
    journal: Option<PathBuf>,
}

/// Options of `ordo balance`.
#[derive(Args, Debug)]
pub(crate) struct BalanceArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Bots, comma-separated (one name applies to every seat).
    #[arg(long, default_value = "heuristic")]
    bots: String,
    /// Number of games.
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Several variants compared in one report, comma-separated
    /// (`standard,unpredictable`): `--games` games of each, with every breakdown per variant.
    /// Default: the one `--variant`.
    #[arg(long)]
    variants: Option<String>,
    /// Output directory for `balance.html` and `balance.json`.
    #[arg(long)]
    out: PathBuf,
    /// Games played at once (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
}

/// One finished game, seen from the lineup.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct GameSummary {
    /// Lineup index sitting at each seat.
    pub(crate) lineup_at_seat: Vec<usize>,
    pub(crate) scores: Vec<i32>,
    pub(crate) winner: u8,
    pub(crate) turns: u32,
    pub(crate) decisions: u64,
    /// Per seat: decisions made and time spent (ns).
    pub(crate) decision_counts: Vec<u64>,
    pub(crate) decision_ns: Vec<u128>,
    /// Per seat: the longest single decision (ns); absent in journals written before it was
    /// recorded.
    #[serde(default)]
    pub(crate) decision_max_ns: Vec<u128>,
    /// Game-specific labels per seat (the knight order).
    pub(crate) labels: Vec<String>,
    /// Turn-order position per seat.
    pub(crate) turn_rank: Vec<u32>,
    /// Per seat: the action wheel clockwise, starting from its first wedge in name order
    /// (games without a wheel: empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) wheels: Vec<String>,
}

fn play_game<G: CliGame>(
    config: &G::Config,
    seed: u64,
    lineup: &[BotSpec],
    rotation: usize,
    threads: usize,
) -> anyhow::Result<GameSummary> {
    let n = lineup.len();
    let mut g = G::new_game(config, seed).map_err(|e| anyhow::anyhow!("{e}"))?;
    let lineup_at_seat: Vec<usize> = (0..n).map(|s| (s + n - rotation % n) % n).collect();
    let mut bots: Vec<Box<dyn Bot<G>>> = lineup_at_seat
        .iter()
        .enumerate()
        .map(|(s, &l)| G::make_bot(lineup[l], derive_seed(seed, 100 + s as u64), threads))
        .collect();
    let mut counts = vec![0u64; n];
    let mut times = vec![0u128; n];
    let mut longest = vec![0u128; n];
    let mut decisions = 0u64;
    while let Some(seat) = acting_seat(&g.to_act()) {
        let t = Instant::now();
        let a = bots[seat.index()]
            .decide(&g, seat)
            .ok_or_else(|| anyhow::anyhow!("{seat} has no decision"))?;
        let took = t.elapsed().as_nanos();
        times[seat.index()] += took;
        longest[seat.index()] = longest[seat.index()].max(took);
        counts[seat.index()] += 1;
        g.apply(seat, a)
            .map_err(|e| anyhow::anyhow!("bot made an illegal decision: {e}"))?;
        decisions += 1;
        if decisions > u64::from(G::INFO.max_decisions) {
            anyhow::bail!("game did not end");
        }
    }
    let ToAct::Over(o) = g.to_act() else {
        anyhow::bail!("game did not end")
    };
    Ok(GameSummary {
        lineup_at_seat,
        scores: o.scores.values().copied().collect(),
        winner: o.winner().0,
        turns: g.turns(),
        decisions,
        decision_counts: counts,
        decision_ns: times,
        decision_max_ns: longest,
        labels: Seat::all(n as u8).map(|s| g.seat_label(s)).collect(),
        turn_rank: Seat::all(n as u8).map(|s| g.turn_rank_of(s)).collect(),
        wheels: Seat::all(n as u8)
            .map(|s| g.wheel_of(s))
            .collect::<Option<Vec<String>>>()
            .unwrap_or_default(),
    })
}

/// A file of finished games: a header line naming the run, then one line per game.
pub(crate) struct Journal {
    path: PathBuf,
    done: Vec<(u64, GameSummary)>,
    file: Mutex<std::fs::File>,
}

#[derive(Serialize, Deserialize)]
struct JournalLine {
    index: u64,
    game: GameSummary,
}

impl Journal {
    /// Opens (or starts) the journal of the run `header` describes. `normalise` rewrites a stored
    /// header as this build reads it (a config written before an option existed gains the value
    /// that option's absence meant then: a missing `rules` becomes revision 1, not the latest)
    /// before the two are compared.
    fn open(
        path: &std::path::Path,
        header: &serde_json::Value,
        normalise: impl Fn(&mut serde_json::Value),
    ) -> anyhow::Result<Journal> {
        use std::io::Write as _;
        let mut done = Vec::new();
        let existing = match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            // Never start afresh over a journal that exists but cannot be read.
            Err(e) => anyhow::bail!("{}: {e}", path.display()),
        };
        let mut lines = existing.lines().filter(|l| !l.trim().is_empty());
        match lines.next() {
            Some(first) => {
                let mut have: serde_json::Value = serde_json::from_str(first)
                    .map_err(|e| anyhow::anyhow!("{}: not a journal ({e})", path.display()))?;
                normalise(&mut have);
                if &have != header {
                    anyhow::bail!(
                        "{} holds another run ({first}); use another file",
                        path.display()
                    );
                }
                let mut kept = vec![first];
                for (n, line) in lines.enumerate() {
                    // A line cut short by a stop is dropped; that game is played again.
                    if let Ok(l) = serde_json::from_str::<JournalLine>(line) {
                        done.push((l.index, l.game));
                        kept.push(line);
                    } else {
                        eprintln!(
                            "{}: line {} unreadable, replaying it",
                            path.display(),
                            n + 2
                        );
                    }
                }
                // Games are appended after the last whole line: a cut-short tail is removed
                // first (by writing the whole lines to a new file and renaming it over the old).
                if kept.len() != existing.lines().count() || !existing.ends_with('\n') {
                    let tmp = path.with_extension("jsonl.tmp");
                    let mut text = kept.join("\n");
                    text.push('\n');
                    // Written and synced before it replaces the journal, and the directory
                    // synced after: a power cut leaves the old journal or the new one, never
                    // an empty file.
                    let replace = || -> std::io::Result<()> {
                        let mut f = std::fs::File::create(&tmp)?;
                        f.write_all(text.as_bytes())?;
                        f.sync_all()?;
                        std::fs::rename(&tmp, path)?;
                        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                            std::fs::File::open(dir)?.sync_all()?;
                        }
                        Ok(())
                    };
                    replace().map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
                }
            }
            None => {
                let mut f = std::fs::File::create(path)?;
                writeln!(f, "{header}")?;
            }
        }
        done.sort_by_key(|(i, _)| *i);
        done.dedup_by_key(|(i, _)| *i);
        let file = std::fs::OpenOptions::new().append(true).open(path)?;
        Ok(Journal {
            path: path.to_path_buf(),
            done,
            file: Mutex::new(file),
        })
    }

    fn record(&self, index: u64, game: &GameSummary) -> anyhow::Result<()> {
        use std::io::Write as _;
        let line = serde_json::to_string(&JournalLine {
            index,
            game: game.clone(),
        })?;
        let mut f = self
            .file
            .lock()
            .map_err(|_| anyhow::anyhow!("journal lock poisoned"))?;
        writeln!(f, "{line}")
            .and_then(|()| f.flush())
            .map_err(|e| anyhow::anyhow!("{}: {e}", self.path.display()))
    }
}

fn run_many<G: CliGame>(
    config: &G::Config,
    seed: u64,
    games: u64,
    lineup: &[BotSpec],
    jobs: Option<usize>,
) -> anyhow::Result<Vec<GameSummary>> {
    run_many_journal::<G>(config, seed, games, lineup, jobs, None)
}

pub(crate) fn run_many_journal<G: CliGame>(
    config: &G::Config,
    seed: u64,
    games: u64,
    lineup: &[BotSpec],
    jobs: Option<usize>,
    journal: Option<&Journal>,
) -> anyhow::Result<Vec<GameSummary>> {
    let already: Vec<(u64, GameSummary)> = journal
        .map(|j| j.done.iter().filter(|(i, _)| *i < games).cloned().collect())
        .unwrap_or_default();
    let skip: std::collections::BTreeSet<u64> = already.iter().map(|(i, _)| *i).collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let timed = lineup.iter().any(|b| matches!(b, BotSpec::MctsTime(_)));
    let jobs = jobs.unwrap_or(if timed { 1 } else { cores }).max(1);
    let threads = (cores / jobs).max(1);
    let next = AtomicU64::new(0);
    let out: Mutex<Vec<(u64, GameSummary)>> = Mutex::new(already);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let bar = crate::interactive().then(|| indicatif::ProgressBar::new(games));
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                if skip.contains(&i) {
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                    continue;
                }
                match play_game::<G>(config, derive_seed(seed, i), lineup, i as usize, threads) {
                    Ok(r) => {
                        if let Some(j) = journal {
                            if let Err(e) = j.record(i, &r) {
                                if let Ok(mut f) = failure.lock() {
                                    *f = Some(e.to_string());
                                }
                            }
                        }
                        if let Ok(mut v) = out.lock() {
                            v.push((i, r));
                        }
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            *f = Some(format!("game {i}: {e}"));
                        }
                    }
                }
                if let Some(b) = &bar {
                    b.inc(1);
                }
            });
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(f) = failure.into_inner().ok().flatten() {
        anyhow::bail!(f);
    }
    let mut v = out
        .into_inner()
        .map_err(|_| anyhow::anyhow!("worker panicked"))?;
    v.sort_by_key(|(i, _)| *i);
    Ok(v.into_iter().map(|(_, r)| r).collect())
}

#[derive(Serialize)]
struct BotReport {
    lineup: usize,
    bot: String,
    games: u64,
    wins: u64,
    win_rate: Interval,
    mean_score: f64,
    mean_decision_ms: f64,
    /// The longest single decision (over the games that recorded it).
    max_decision_ms: f64,
}

/// Opens (or starts) the journal of an arena run: `game`, table options, bots and seed name
/// it, so `ordo arena` and `ordo ladder` resume each other's runs.
pub(crate) fn open_journal<G: CliGame>(
    path: &std::path::Path,
    config: &G::Config,
    lineup: &[BotSpec],
    seed: u64,
) -> anyhow::Result<Journal> {
    let header = serde_json::json!({
        "run": {
            "game": G::INFO.id,
            "config": config,
            "bots": lineup.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "seed": seed,
        }
    });
    // A config stored before an option existed is read with that option's default;
    // one stored before rules revisions existed was played under revision 1 (C40, W23).
    let normalise = |h: &mut serde_json::Value| {
        if let Some(c) = h.pointer_mut("/run/config") {
            if let Some(fields) = c.as_object_mut() {
                fields
                    .entry("rules")
                    .or_insert_with(|| serde_json::json!(1));
            }
            if let Ok(read) = serde_json::from_value::<G::Config>(c.clone()) {
                if let Ok(v) = serde_json::to_value(read) {
                    *c = v;
                }
            }
        }
    };
    Journal::open(path, &header, normalise)
}

pub(crate) fn arena(args: &ArenaArgs) -> anyhow::Result<ExitCode> {
    with_game!(crate::games::kind(&args.game.game)?, G => arena_game::<G>(args))
}

fn arena_game<G: CliGame>(args: &ArenaArgs) -> anyhow::Result<ExitCode> {
    let config = crate::packs::config_for::<G>(&args.game)?;
    G::new_game(&config, 0).map_err(|e| anyhow::anyhow!("invalid table: {e}"))?;
    let lineup = parse_bots(&args.bots, usize::from(args.game.players))?;
    let start = Instant::now();
    let journal = match &args.journal {
        Some(path) => Some(open_journal::<G>(path, &config, &lineup, args.seed)?),
        None => None,
    };
    let games = run_many_journal::<G>(
        &config,
        args.seed,
        args.games,
        &lineup,
        args.jobs,
        journal.as_ref(),
    )?;
    let mut reports = Vec::new();
    for (l, spec) in lineup.iter().enumerate() {
        let (mut wins, mut score, mut count, mut time) = (0u64, 0i64, 0u64, 0u128);
        let mut longest = 0u128;
        for g in &games {
            let seat = g.lineup_at_seat.iter().position(|&x| x == l).unwrap_or(0);
            if usize::from(g.winner) == seat {
                wins += 1;
            }
            score += i64::from(g.scores[seat]);
            count += g.decision_counts[seat];
            time += g.decision_ns[seat];
            longest = longest.max(g.decision_max_ns.get(seat).copied().unwrap_or(0));
        }
        let n = games.len() as u64;
        reports.push(BotReport {
            lineup: l,
            bot: spec.to_string(),
            games: n,
            wins,
            win_rate: wilson_interval(wins, n),
            mean_score: score as f64 / n.max(1) as f64,
            mean_decision_ms: if count == 0 {
                0.0
            } else {
                time as f64 / count as f64 / 1e6
            },
            max_decision_ms: longest as f64 / 1e6,
        });
    }
    let elapsed = start.elapsed();
    if args.json {
        let out = serde_json::json!({
            "game": G::INFO.id,
            "config": config,
            "games": games.len(),
            "seed": args.seed,
            "seconds": elapsed.as_secs_f64(),
            "bots": reports,
        });
        println!("{out}");
    } else {
        println!(
            "{} games of {} in {:.1}s (seats rotated)",
            games.len(),
            G::INFO.name,
            elapsed.as_secs_f64()
        );
        println!(
            "{:<3} {:<14} {:>6} {:>22} {:>10} {:>12} {:>10}",
            "#", "bot", "wins", "win rate (95% CI)", "score", "ms/decision", "max ms"
        );
        for r in &reports {
            println!(
                "{:<3} {:<14} {:>6} {:>6.1}% [{:>5.1}, {:>5.1}] {:>10.1} {:>12.2} {:>10.1}",
                r.lineup,
                r.bot,
                r.wins,
                100.0 * r.win_rate.rate,
                100.0 * r.win_rate.low,
                100.0 * r.win_rate.high,
                r.mean_score,
                r.mean_decision_ms,
                r.max_decision_ms
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

// ---------- balance report ----------

#[derive(Serialize)]
struct Bucket {
    label: String,
    seats: u64,
    wins: u64,
    win_rate: Interval,
    mean_score: f64,
}

fn buckets(items: impl Iterator<Item = (String, bool, i32)>) -> Vec<Bucket> {
    let mut map: std::collections::BTreeMap<String, (u64, u64, i64)> =
        std::collections::BTreeMap::new();
    for (label, won, score) in items {
        let e = map.entry(label).or_default();
        e.0 += 1;
        e.1 += u64::from(won);
        e.2 += i64::from(score);
    }
    map.into_iter()
        .map(|(label, (seats, wins, score))| Bucket {
            label,
            seats,
            wins,
            win_rate: wilson_interval(wins, seats),
            mean_score: score as f64 / seats.max(1) as f64,
        })
        .collect()
}

fn histogram(values: &[f64], bins: usize) -> Vec<(f64, f64, u64)> {
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return Vec::new();
    }
    let width = ((hi - lo) / bins as f64).max(1.0);
    let mut out: Vec<(f64, f64, u64)> = (0..bins)
        .map(|i| (lo + i as f64 * width, lo + (i + 1) as f64 * width, 0))
        .collect();
    for &v in values {
        let i = (((v - lo) / width) as usize).min(bins - 1);
        out[i].2 += 1;
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A horizontal bar chart of win rates with 95% interval whiskers and a fair-share line.
fn rate_chart(title: &str, rows: &[Bucket], fair: f64) -> String {
    let (w, row_h, left) = (640.0, 24.0, 170.0);
    let h = 40.0 + row_h * rows.len() as f64;
    let x = |r: f64| left + r * (w - left - 20.0);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" aria-label="{}">"#,
        escape(title)
    );
    let _ = write!(
        s,
        r#"<text x="4" y="16" font-size="14" font-weight="bold">{}</text>"#,
        escape(title)
    );
    for (i, r) in rows.iter().enumerate() {
        let y = 28.0 + i as f64 * row_h;
        let _ = write!(
            s,
            r##"<text x="4" y="{:.1}" font-size="12">{} (n={})</text><rect x="{left}" y="{:.1}" width="{:.1}" height="14" fill="#4477aa"/><line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="black"/><text x="{:.1}" y="{:.1}" font-size="11">{:.1}%</text>"##,
            y + 11.0,
            escape(&r.label),
            r.seats,
            y,
            x(r.win_rate.rate) - left,
            x(r.win_rate.low),
            x(r.win_rate.high),
            y + 7.0,
            y + 7.0,
            x(r.win_rate.high) + 4.0,
            y + 11.0,
            100.0 * r.win_rate.rate
        );
    }
    let _ = write!(
        s,
        r##"<line x1="{0:.1}" x2="{0:.1}" y1="24" y2="{1:.1}" stroke="#cc3311" stroke-dasharray="4 3"/></svg>"##,
        x(fair),
        h - 4.0
    );
    s
}

fn histogram_chart(title: &str, bins: &[(f64, f64, u64)]) -> String {
    let (w, h) = (640.0, 220.0);
    let max = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    let bw = (w - 40.0) / bins.len().max(1) as f64;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" aria-label="{}">"#,
        escape(title)
    );
    let _ = write!(
        s,
        r#"<text x="4" y="16" font-size="14" font-weight="bold">{}</text>"#,
        escape(title)
    );
    for (i, (lo, _, c)) in bins.iter().enumerate() {
        let bh = (h - 60.0) * *c as f64 / max;
        let x = 20.0 + i as f64 * bw;
        let _ = write!(
            s,
            r##"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}" fill="#228833"><title>{lo:.0}+: {c}</title></rect>"##,
            h - 30.0 - bh,
            bw - 2.0
        );
        if i % 2 == 0 {
            let _ = write!(
                s,
                r#"<text x="{x:.1}" y="{:.1}" font-size="10">{lo:.0}</text>"#,
                h - 16.0
            );
        }
    }
    s.push_str("</svg>");
    s
}

pub(crate) fn balance(args: &BalanceArgs) -> anyhow::Result<ExitCode> {
    with_game!(crate::games::kind(&args.game.game)?, G => balance_game::<G>(args))
}

/// A mean with its 95% interval (normal approximation).
#[derive(Serialize)]
struct MeanCi {
    mean: f64,
    low: f64,
    high: f64,
}

fn mean_ci(values: &[f64]) -> MeanCi {
    let n = values.len() as f64;
    if values.is_empty() {
        return MeanCi {
            mean: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 {
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    MeanCi {
        mean,
        low: mean - half,
        high: mean + half,
    }
}

/// Every breakdown of one set of games: its JSON fields and its HTML.
fn breakdown(
    games: &[GameSummary],
    lineup: &[BotSpec],
    order_label: &str,
) -> (serde_json::Value, String) {
    let n = lineup.len();
    let fair = 1.0 / n.max(1) as f64;
    let per_seat = || {
        games
            .iter()
            .flat_map(|g| (0..g.scores.len()).map(move |s| (g, s)))
    };
    let won = |g: &GameSummary, s: usize| usize::from(g.winner) == s;
    let by_label = buckets(per_seat().map(|(g, s)| (g.labels[s].clone(), won(g, s), g.scores[s])));
    let by_rank = buckets(per_seat().map(|(g, s)| {
        (
            format!("turn position {}", g.turn_rank[s] + 1),
            won(g, s),
            g.scores[s],
        )
    }));
    let by_bot = buckets(per_seat().map(|(g, s)| {
        (
            lineup[g.lineup_at_seat[s]].to_string(),
            won(g, s),
            g.scores[s],
        )
    }));
    // Wheels can only favour a seat where the seats' wheels differ (Unpredictable, Knight
    // Tournament); with one shared wheel every layout wins exactly the fair share.
    let wheels_differ = games
        .iter()
        .any(|g| g.wheels.iter().any(|w| Some(w) != g.wheels.first()));
    let (by_wheel, by_neighbours) = if wheels_differ {
        let by_wheel = buckets(
            per_seat()
                .filter(|(g, _)| !g.wheels.is_empty())
                .map(|(g, s)| (g.wheels[s].clone(), won(g, s), g.scores[s])),
        );
        // Each pair of neighbouring wedges (clockwise) a seat's wheel has: sparse layouts
        // aside, which neighbours help.
        let by_neighbours = buckets(per_seat().filter(|(g, _)| !g.wheels.is_empty()).flat_map(
            |(g, s)| {
                let wedges: Vec<&str> = g.wheels[s].split(" > ").collect();
                let k = wedges.len();
                (0..k)
                    .map(|i| {
                        (
                            format!("{} > {}", wedges[i], wedges[(i + 1) % k]),
                            won(g, s),
                            g.scores[s],
                        )
                    })
                    .collect::<Vec<_>>()
            },
        ));
        (by_wheel, by_neighbours)
    } else {
        (Vec::new(), Vec::new())
    };
    let winner_scores: Vec<f64> = games
        .iter()
        .map(|g| f64::from(g.scores[usize::from(g.winner)]))
        .collect();
    let all_scores: Vec<f64> = per_seat().map(|(g, s)| f64::from(g.scores[s])).collect();
    let turns: Vec<f64> = games.iter().map(|g| f64::from(g.turns)).collect();
    let json = serde_json::json!({
        "games": games.len(),
        "win_rate_by_order": by_label,
        "win_rate_by_turn_position": by_rank,
        "win_rate_by_bot": by_bot,
        "wheels_differ_between_seats": wheels_differ,
        "win_rate_by_wheel": by_wheel,
        "win_rate_by_wheel_neighbours": by_neighbours,
        "score_histogram": histogram(&all_scores, 20),
        "winner_score_histogram": histogram(&winner_scores, 20),
        "turns_histogram": histogram(&turns, 20),
        "turns_mean": mean_ci(&turns),
        "score_mean": mean_ci(&all_scores),
        "winner_score_mean": mean_ci(&winner_scores),
    });
    let mut html = String::new();
    html.push_str(&rate_chart(
        &format!("Win rate by {order_label}"),
        &by_label,
        fair,
    ));
    html.push_str(&rate_chart("Win rate by turn position", &by_rank, fair));
    html.push_str(&rate_chart("Win rate by bot", &by_bot, fair));
    if wheels_differ {
        html.push_str(&rate_chart("Win rate by wheel layout", &by_wheel, fair));
        html.push_str(&rate_chart(
            "Win rate by neighbouring wedges (clockwise)",
            &by_neighbours,
            fair,
        ));
    } else if games.iter().any(|g| !g.wheels.is_empty()) {
        html.push_str("<p>Every seat plays the same wheel in these games, so no layout can favour a seat.</p>");
    }
    let mean_line = |what: &str, m: &MeanCi| {
        format!(
            "<li>{what}: {:.1} (95% CI {:.1}–{:.1})</li>",
            m.mean, m.low, m.high
        )
    };
    html.push_str("<ul>");
    html.push_str(&mean_line("Game length (turns)", &mean_ci(&turns)));
    html.push_str(&mean_line("Final score (all seats)", &mean_ci(&all_scores)));
    html.push_str(&mean_line("Winning score", &mean_ci(&winner_scores)));
    html.push_str("</ul>");
    html.push_str(&histogram_chart(
        "Final scores (all seats)",
        &histogram(&all_scores, 20),
    ));
    html.push_str(&histogram_chart(
        "Winning scores",
        &histogram(&winner_scores, 20),
    ));
    html.push_str(&histogram_chart(
        "Game length (turns)",
        &histogram(&turns, 20),
    ));
    let _ = write!(
        html,
        "<h3>Win rate by {}</h3><table><tr><th>{}</th><th>seats</th><th>wins</th><th>rate</th><th>95% CI</th><th>mean score</th></tr>",
        escape(order_label),
        escape(order_label)
    );
    for b in &by_label {
        let _ = write!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}–{:.1}%</td><td>{:.1}</td></tr>",
            escape(&b.label),
            b.seats,
            b.wins,
            100.0 * b.win_rate.rate,
            100.0 * b.win_rate.low,
            100.0 * b.win_rate.high,
            b.mean_score
        );
    }
    html.push_str("</table>");
    (json, html)
}

fn balance_game<G: CliGame>(args: &BalanceArgs) -> anyhow::Result<ExitCode> {
    let variants: Vec<String> = match &args.variants {
        Some(list) => list
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect(),
        None => vec![args.game.variant.clone()],
    };
    if variants.is_empty() {
        anyhow::bail!("--variants names no variant");
    }
    let n = usize::from(args.game.players);
    let lineup = parse_bots(&args.bots, n)?;
    // Every variant is checked before any game is played.
    let mut configs = Vec::new();
    for variant in &variants {
        let game_args = GameArgs {
            variant: variant.clone(),
            ..args.game.clone()
        };
        let config = crate::packs::config_for::<G>(&game_args)?;
        G::new_game(&config, 0).map_err(|e| anyhow::anyhow!("invalid table ({variant}): {e}"))?;
        configs.push(config);
    }
    let order_label = G::IDENTITY;
    let start = Instant::now();
    let mut all: Vec<GameSummary> = Vec::new();
    let mut sections = Vec::new();
    for (variant, config) in variants.iter().zip(configs) {
        let games = run_many::<G>(&config, args.seed, args.games, &lineup, args.jobs)?;
        let (json, html) = breakdown(&games, &lineup, order_label);
        sections.push((variant.clone(), config, json, html));
        all.extend(games);
    }
    let fair = 1.0 / n as f64;
    let (overall, overall_html) = breakdown(&all, &lineup, order_label);
    let mut report = serde_json::json!({
        "game": G::INFO.id,
        "config": sections[0].1,
        "bots": lineup.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "seed": args.seed,
        "seconds": start.elapsed().as_secs_f64(),
        "fair_share": fair,
        "variant": variants.join(","),
        "by_variant": sections.iter().map(|(v, config, json, _)| serde_json::json!({
            "variant": v,
            "config": config,
            "report": json,
        })).collect::<Vec<_>>(),
    });
    if let (Some(out), Some(fields)) = (report.as_object_mut(), overall.as_object()) {
        for (k, v) in fields {
            out.insert(k.clone(), v.clone());
        }
    }
    std::fs::create_dir_all(&args.out)?;
    std::fs::write(
        args.out.join("balance.json"),
        serde_json::to_string_pretty(&report)?,
    )?;
    let mut html = String::new();
    let _ = write!(
        html,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ordo balance report</title><style>body{{font-family:sans-serif;max-width:720px;margin:1em auto}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;text-align:right}}</style></head><body><h1>{} balance report</h1><p>{} games, {} players, variant {}, bots {}, seed {}. Seats rotate; intervals are 95% (Wilson intervals for rates); the dashed line is the fair share ({:.1}%).</p>",
        escape(G::INFO.name),
        all.len(),
        n,
        escape(&variants.join(", ")),
        escape(&args.bots),
        args.seed,
        100.0 * fair
    );
    if sections.len() > 1 {
        html.push_str("<h2>All variants together</h2>");
        html.push_str(&overall_html);
        for (v, _, json, section_html) in &sections {
            let _ = write!(
                html,
                "<h2>Variant {} ({} games)</h2>",
                escape(v),
                json["games"]
            );
            html.push_str(section_html);
        }
    } else {
        html.push_str(&overall_html);
    }
    html.push_str("</body></html>\n");
    std::fs::write(args.out.join("balance.html"), html)?;
    println!(
        "balance report: {} games in {:.1}s -> {}",
        all.len(),
        start.elapsed().as_secs_f64(),
        args.out.join("balance.html").display()
    );
    Ok(ExitCode::SUCCESS)
}
