//! The per-game test kit: golden playthroughs, perft vectors, the arbitrary-bytes fuzz and a
//! self-checking bench workload. Every helper is generic over [`Game`] and names no game.

use std::fmt::Write as _;
use std::path::Path;

use crate::game::{Game, ToAct};
use crate::hash::StableHasher;
use crate::record::Match;
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};

/// Compares `actual` with the file at `path`; with `UPDATE_EXPECT` set, (re)writes the file.
///
/// # Panics
/// When the file is missing or differs, naming the first differing line (this is a test helper).
pub fn check_golden(path: &Path, actual: &str) {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_EXPECT=1 to create it)",
            path.display()
        )
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the engine's output at line {}:\n  expected: {}\n  actual:   {}\n(run with UPDATE_EXPECT=1 and review the diff if the change is intended)",
            path.display(),
            line + 1,
            expected.lines().nth(line).unwrap_or("<end of file>"),
            actual.lines().nth(line).unwrap_or("<end of output>")
        );
    }
}

/// A 16-bit hash of every viewer's view (seats in order, then the spectator), as hex words.
fn view_hashes<G: Game>(g: &G) -> Vec<String> {
    Seat::all(g.num_seats())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .map(|v| {
            let json = serde_json::to_string(&g.view(v))
                .unwrap_or_else(|e| panic!("view {v:?} does not serialize: {e}"));
            format!("{:04x}", StableHasher::hash_of(&json) & 0xffff)
        })
        .collect()
}

/// Plays `config` from `seed` for at most `max_steps` decisions, choosing with a [`GameRng`]
/// seeded by `seed`, and writes one line per step: the step, the seat acting, the seats to act,
/// the legal decisions by [`Game::describe_action`], the chosen one and every viewer's view
/// hash; then the outcome (if reached) and the final [`Game::state_hash`].
///
/// # Panics
/// If the game refuses its config or a listed decision (this is a test helper).
pub fn playthrough<G: Game>(config: &G::Config, seed: u64, max_steps: usize) -> String {
    let mut m =
        Match::<G>::new(config.clone(), seed).unwrap_or_else(|e| panic!("config {config:?}: {e}"));
    let mut rng = GameRng::from_seed(seed);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} playthrough: config {} seed {seed}",
        G::INFO.id,
        serde_json::to_string(config).unwrap_or_else(|e| panic!("config: {e}"))
    );
    for step in 0..max_steps {
        let to_act = m.state().to_act();
        let views = view_hashes(m.state());
        let seat = match &to_act {
            ToAct::Seat(s) => *s,
            ToAct::Simultaneous(set) => {
                let seats: Vec<Seat> = set.iter().collect();
                seats[rng.index(seats.len())]
            }
            ToAct::Over(o) => {
                let _ = writeln!(
                    out,
                    "{step}: over scores {:?} winner {} views {}",
                    o.scores,
                    o.winner().0,
                    views.join(" ")
                );
                break;
            }
        };
        let legal = m.state().legal_actions(seat);
        let chosen = legal[rng.index(legal.len())];
        let names: Vec<String> = legal.iter().map(|a| m.state().describe_action(a)).collect();
        let _ = writeln!(
            out,
            "{step}: {seat} of {:?} | {} legal: {} | chose: {} | views {}",
            to_act.seats().iter().map(|s| s.0).collect::<Vec<_>>(),
            legal.len(),
            names.join("; "),
            m.state().describe_action(&chosen),
            views.join(" ")
        );
        m.apply(seat, chosen)
            .unwrap_or_else(|e| panic!("step {step}: listed decision refused: {e}"));
    }
    let _ = writeln!(out, "final state hash {:016x}", m.state().state_hash());
    out
}

/// The seat that decides at a node of the decision tree: the one to act, or the lowest pending
/// seat at a simultaneous point; `None` when the game is over.
pub fn first_to_act<G: Game>(g: &G) -> Option<Seat> {
    match g.to_act() {
        ToAct::Seat(s) => Some(s),
        ToAct::Simultaneous(set) => set.iter().next(),
        ToAct::Over(_) => None,
    }
}

/// Leaf count of the decision tree to `depth` (a finished game is one leaf), the lowest pending
/// seat acting at simultaneous points.
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(seat) = first_to_act(g) else {
        return 1;
    };
    g.legal_actions(seat)
        .into_iter()
        .map(|a| {
            let mut c = g.clone();
            c.apply_unchecked(seat, a);
            perft(&c, depth - 1)
        })
        .sum()
}

/// The position after `warmup` random decisions (lowest pending seat; [`GameRng`] seeded by
/// `seed`) from a new game, so perft counts turn decisions and not only setup.
///
/// # Panics
/// If the game refuses its config.
pub fn perft_position<G: Game>(config: &G::Config, seed: u64, warmup: usize) -> G {
    let mut g = G::new_game(config, seed).unwrap_or_else(|e| panic!("config {config:?}: {e}"));
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..warmup {
        let Some(seat) = first_to_act(&g) else { break };
        let l = g.legal_actions(seat);
        g.apply_unchecked(seat, l[rng.index(l.len())]);
    }
    g
}

/// One perft case: config, seed and warm-up decisions.
pub type PerftCase<C> = (C, u64, usize);

/// The perft vector file: a header, then per case `config | seed | warm-up | counts` with the
/// leaf counts at depth `1..=depth`. Compare it with [`check_golden`].
///
/// # Panics
/// If the game refuses a config.
pub fn perft_vectors<G: Game>(cases: &[PerftCase<G::Config>], depth: u32) -> String {
    let mut out =
        format!("# config | seed | warm-up decisions | leaf counts at depth 1..={depth}\n");
    for (config, seed, warmup) in cases {
        let g = perft_position::<G>(config, *seed, *warmup);
        let counts: Vec<String> = (1..=depth).map(|d| perft(&g, d).to_string()).collect();
        let _ = writeln!(
            out,
            "{} | {seed} | {warmup} | {}",
            serde_json::to_string(config).unwrap_or_else(|e| panic!("config: {e}")),
            counts.join(" ")
        );
    }
    out
}

/// What [`fuzz_bytes`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    /// Decisions accepted.
    pub accepted: u64,
    /// Decisions refused (the state was checked unchanged).
    pub refused: u64,
    /// Action texts that did not parse as an action.
    pub unparsed: u64,
}

/// Drives a game from arbitrary bytes. Each 3-byte chunk picks a seat (possibly not to act or
/// out of range) and either a listed decision, any decision of another seat's list, or raw
/// action JSON built from the bytes (often garbage, parsed with `serde_json`). Every decision is
/// applied with [`Game::apply`].
///
/// # Panics
/// If the game panics, accepts a decision exactly when it is not listed, or changes its
/// [`Game::state_hash`] on a refusal.
pub fn fuzz_bytes<G: Game>(config: &G::Config, seed: u64, bytes: &[u8]) -> FuzzReport {
    let mut g = G::new_game(config, seed).unwrap_or_else(|e| panic!("config {config:?}: {e}"));
    let seats = g.num_seats();
    let mut report = FuzzReport::default();
    let mut rest = bytes;
    while let [s, how, pick, tail @ ..] = rest {
        rest = tail;
        let seat = Seat(s % (seats + 1));
        let legal = g.legal_actions(seat);
        let action = match how % 4 {
            0 | 1 if !legal.is_empty() => Some(legal[usize::from(*pick) % legal.len()]),
            2 => {
                let other = g.legal_actions(Seat(pick % seats.max(1)));
                other.get(usize::from(*pick) % other.len().max(1)).copied()
            }
            _ => {
                // Raw text: a few bytes of the input spliced into a listed action's JSON, or
                // taken as-is.
                let n = usize::from(*pick % 24).min(rest.len());
                let raw = String::from_utf8_lossy(&rest[..n]).into_owned();
                let text = match legal.first() {
                    Some(a) if pick % 2 == 0 => {
                        let json = serde_json::to_string(a)
                            .unwrap_or_else(|e| panic!("action {a:?}: {e}"));
                        let at = usize::from(*how) % (json.len() + 1);
                        let at = (0..=at)
                            .rev()
                            .find(|&i| json.is_char_boundary(i))
                            .unwrap_or(0);
                        format!("{}{raw}{}", &json[..at], &json[at..])
                    }
                    _ => raw,
                };
                rest = &rest[n..];
                match serde_json::from_str::<G::Action>(&text) {
                    Ok(a) => Some(a),
                    Err(_) => {
                        report.unparsed += 1;
                        None
                    }
                }
            }
        };
        let Some(a) = action else { continue };
        let listed = legal.binary_search(&a).is_ok();
        let before = g.state_hash();
        match g.apply(seat, a) {
            Ok(_) => {
                assert!(listed, "seed {seed}: unlisted {a:?} by {seat} accepted");
                report.accepted += 1;
            }
            Err(e) => {
                assert!(!listed, "seed {seed}: listed {a:?} by {seat} refused: {e}");
                assert_eq!(
                    g.state_hash(),
                    before,
                    "seed {seed}: refused {a:?} by {seat} changed the state"
                );
                report.refused += 1;
            }
        }
    }
    report
}

/// Bytes from a seed, for running [`fuzz_bytes`] on many inputs without a fuzzing crate.
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = GameRng::from_seed(seed);
    (0..len).map(|_| rng.below(256) as u8).collect()
}

/// The bench workload: one random game from `seed` (lowest pending seat, [`GameRng`] seeded by
/// `seed`, [`Game::apply_unchecked`]) played to its end or `max_steps` decisions. Returns the
/// decisions applied and the final [`Game::state_hash`]; a bench asserts both against pinned
/// values (see [`check_workload`]) so it cannot silently measure something else.
///
/// # Panics
/// If the game refuses its config.
pub fn workload<G: Game>(config: &G::Config, seed: u64, max_steps: u64) -> (u64, u64) {
    let mut g = G::new_game(config, seed).unwrap_or_else(|e| panic!("config {config:?}: {e}"));
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    let mut n = 0;
    while n < max_steps {
        let Some(seat) = first_to_act(&g) else { break };
        legal.clear();
        g.legal_actions_into(seat, &mut legal);
        g.apply_unchecked(seat, legal[rng.index(legal.len())]);
        n += 1;
    }
    (n, g.state_hash())
}

/// Runs [`workload`] and asserts its `(decisions, final hash)`.
///
/// # Panics
/// When the result differs from `expected`: the engine changed, or the bench measures something
/// else. Update the pinned value only for an intended engine change.
pub fn check_workload<G: Game>(
    config: &G::Config,
    seed: u64,
    max_steps: u64,
    expected: (u64, u64),
) -> (u64, u64) {
    let got = workload::<G>(config, seed, max_steps);
    assert_eq!(
        got,
        expected,
        "bench workload (config {config:?} seed {seed}) gives (decisions, hash) {:?}, pinned {:?}",
        (got.0, format!("{:#018x}", got.1)),
        (expected.0, format!("{:#018x}", expected.1)),
    );
    got
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::{BidConfig, BidGame};

    const CONFIG: BidConfig = BidConfig {
        players: 3,
        cards: 5,
    };

    #[test]
    fn playthroughs_are_deterministic_and_end_with_the_hash() {
        let a = playthrough::<BidGame>(&CONFIG, 4, usize::MAX);
        assert_eq!(a, playthrough::<BidGame>(&CONFIG, 4, usize::MAX));
        assert!(a.contains(": over scores "), "{a}");
        assert!(a
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("final state hash ")));
    }

    #[test]
    fn perft_counts_leaves() {
        let g = perft_position::<BidGame>(&CONFIG, 1, 0);
        let seat = first_to_act(&g).map(|s| g.legal_actions(s).len() as u64);
        assert_eq!(perft(&g, 1), seat.unwrap_or(1));
        assert_eq!(perft(&g, 0), 1);
        let v = perft_vectors::<BidGame>(&[(CONFIG, 1, 2)], 3);
        assert_eq!(v.lines().count(), 2);
    }

    #[test]
    fn fuzz_refusals_leave_the_state() {
        let mut total = FuzzReport::default();
        for seed in 0..50 {
            let r = fuzz_bytes::<BidGame>(&CONFIG, seed, &seeded_bytes(seed, 300));
            total.accepted += r.accepted;
            total.refused += r.refused;
            total.unparsed += r.unparsed;
        }
        assert!(
            total.accepted > 0 && total.refused > 0 && total.unparsed > 0,
            "{total:?}"
        );
    }

    #[test]
    fn workloads_are_pinned() {
        let got = workload::<BidGame>(&CONFIG, 7, 1000);
        assert_eq!(check_workload::<BidGame>(&CONFIG, 7, 1000, got), got);
        let wrong = std::panic::catch_unwind(|| {
            check_workload::<BidGame>(&CONFIG, 7, 1000, (got.0, got.1 ^ 1))
        });
        assert!(wrong.is_err());
    }
}
