//! The reusable conformance harness every game runs (feature `testing`).
//!
//! [`check_conformance`] plays random games and, at every step, checks the contract:
//! legal lists are sorted, non-empty exactly for the seats to act; every listed action is
//! accepted; sampled unlisted actions are rejected and leave the state untouched; clones are
//! equal; views round-trip through serde, never contain the seed or another seat's secrets, and
//! are unchanged by resampling hidden information; replaying the record (also through JSON)
//! reproduces the final state.
//!
//! Failures panic with a message naming the config, seed, step and check: this is test code.
//!
//! The per-game kit ([`playthrough`] goldens checked by [`check_golden`], [`perft_vectors`],
//! the arbitrary-bytes [`fuzz_bytes`] and the pinned bench [`workload`]) lives beside it.

mod kit;
pub use kit::{
    check_golden, check_workload, first_to_act, fuzz_bytes, perft, perft_position, perft_vectors,
    playthrough, seeded_bytes, workload, FuzzReport, PerftCase,
};

use crate::game::{Game, ToAct};
use crate::record::{replay, replay_json, Match};
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};

/// How hard to look.
#[derive(Clone, Debug)]
pub struct Conformance {
    /// Seeds to play per config.
    pub seeds: std::ops::Range<u64>,
    /// Unlisted actions sampled per step.
    pub illegal_samples: usize,
    /// Check every listed action on a clone every `all_listed_every` steps (0 = never).
    pub all_listed_every: usize,
    /// Check views, secrets and resampling every `views_every` steps (0 = never).
    pub views_every: usize,
}

impl Default for Conformance {
    fn default() -> Self {
        Conformance {
            seeds: 0..50,
            illegal_samples: 4,
            all_listed_every: 7,
            views_every: 5,
        }
    }
}

/// What the harness saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Games played.
    pub games: u64,
    /// Decisions applied.
    pub decisions: u64,
    /// Unlisted actions that were (correctly) rejected.
    pub rejected: u64,
    /// Views checked.
    pub views: u64,
    /// Free decisions (made out of turn) applied.
    pub free: u64,
}

/// Plays random games for every config and seed, checking the contract at every step.
///
/// `arbitrary` draws any action of the game's action type (legal or not, including out-of-range
/// ids) for the rejection checks.
///
/// # Panics
/// On any contract violation (this is a test helper).
pub fn check_conformance<G: Game>(
    configs: &[G::Config],
    opts: &Conformance,
    arbitrary: impl Fn(&G, &mut GameRng) -> G::Action,
) -> ConformanceReport {
    let mut report = ConformanceReport::default();
    for config in configs {
        for seed in opts.seeds.clone() {
            play_one::<G>(config, seed, opts, &arbitrary, &mut report);
        }
    }
    report
}

fn play_one<G: Game>(
    config: &G::Config,
    seed: u64,
    opts: &Conformance,
    arbitrary: &impl Fn(&G, &mut GameRng) -> G::Action,
    report: &mut ConformanceReport,
) {
    // A large seed so that its decimal form is a meaningful needle in view JSON.
    let game_seed = 0x5EED_0000_0000_0000u64 ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let ctx =
        |step: usize, what: &str| format!("config {config:?} seed {game_seed} step {step}: {what}");
    let mut m = Match::<G>::new(config.clone(), game_seed)
        .unwrap_or_else(|e| panic!("{}", ctx(0, &e.to_string())));
    let mut rng = GameRng::from_seed(seed ^ 0xC0FFEE);
    let seats = m.state().num_seats();
    let needle = game_seed.to_string();
    let mut step = 0usize;
    loop {
        let state = m.state();
        let to_act = state.to_act();
        if step as u64 > u64::from(G::INFO.max_decisions) {
            panic!("{}", ctx(step, "game exceeded INFO.max_decisions"));
        }
        // Legal lists: sorted, unique, non-empty exactly for the seats to act.
        let mut lists = Vec::new();
        let mut frees = Vec::new();
        for s in Seat::all(seats) {
            let list = state.legal_actions(s);
            if to_act.includes(s) {
                assert!(
                    !list.is_empty(),
                    "{}",
                    ctx(step, &format!("{s} is to act but has no legal action"))
                );
            } else {
                assert!(
                    list.is_empty(),
                    "{}",
                    ctx(step, &format!("{s} is not to act but has legal actions"))
                );
            }
            assert!(
                list.windows(2).all(|w| w[0] < w[1]),
                "{}",
                ctx(
                    step,
                    &format!("legal list of {s} not strictly sorted: {list:?}")
                )
            );
            lists.push(list);
            // Free decisions: sorted, unique, none once the game is over, never in the legal
            // list, and each one accepted by `check`.
            let free = state.free_actions(s);
            assert!(
                free.windows(2).all(|w| w[0] < w[1]),
                "{}",
                ctx(step, &format!("free list of {s} not strictly sorted"))
            );
            assert!(
                !to_act.is_over() || free.is_empty(),
                "{}",
                ctx(step, &format!("{s} has free decisions after the end"))
            );
            for a in &free {
                assert!(
                    state.is_free_action(a),
                    "{}",
                    ctx(step, &format!("free {a:?} of {s} is not named free"))
                );
                assert!(
                    state.check(s, a).is_ok(),
                    "{}",
                    ctx(step, &format!("free {a:?} of {s} refused"))
                );
            }
            frees.push(free);
        }
        // Clone equality.
        let copy = state.clone();
        assert!(
            copy == *state,
            "{}",
            ctx(step, "clone differs from original")
        );
        assert_eq!(
            copy.state_hash(),
            state.state_hash(),
            "{}",
            ctx(step, "clone hash differs")
        );

        if opts.views_every > 0 && step % opts.views_every == 0 {
            check_views(state, seats, &needle, &mut rng, &|w| ctx(step, w));
            report.views += u64::from(seats) + 1;
        }
        if let ToAct::Over(outcome) = &to_act {
            assert_eq!(
                outcome.scores.len(),
                usize::from(seats),
                "{}",
                ctx(step, "outcome seat count")
            );
            break;
        }
        // Rejection of unlisted actions, from every seat.
        let before = state.state_hash();
        for _ in 0..opts.illegal_samples {
            let seat = Seat(rng.below(u32::from(seats) + 1) as u8);
            let a = arbitrary(state, &mut rng);
            let listed = lists
                .get(seat.index())
                .is_some_and(|l| l.binary_search(&a).is_ok())
                || frees
                    .get(seat.index())
                    .is_some_and(|l| l.binary_search(&a).is_ok());
            let mut trial = state.clone();
            let res = trial.apply(seat, a);
            if listed {
                assert!(
                    res.is_ok(),
                    "{}",
                    ctx(step, &format!("listed {a:?} by {seat} refused"))
                );
            } else {
                assert!(
                    res.is_err(),
                    "{}",
                    ctx(step, &format!("unlisted {a:?} by {seat} accepted"))
                );
                assert_eq!(
                    trial.state_hash(),
                    before,
                    "{}",
                    ctx(step, "refused action changed the state")
                );
                assert!(
                    trial == *state,
                    "{}",
                    ctx(step, "refused action changed the state")
                );
                report.rejected += 1;
            }
        }
        // Every listed action is accepted.
        if opts.all_listed_every > 0 && step % opts.all_listed_every == 0 {
            for s in to_act.seats().iter() {
                for a in &lists[s.index()] {
                    let mut trial = state.clone();
                    assert!(
                        trial.apply(s, *a).is_ok(),
                        "{}",
                        ctx(step, &format!("listed {a:?} by {s} refused"))
                    );
                }
            }
        }
        // Now and then a random seat makes a random free decision (a gift out of turn, say),
        // which must leave the turn where it was.
        let givers: Vec<Seat> = Seat::all(seats)
            .filter(|s| !frees[s.index()].is_empty())
            .collect();
        if !givers.is_empty() && rng.below(6) == 0 {
            let seat = givers[rng.index(givers.len())];
            let free = &frees[seat.index()];
            let a = free[rng.index(free.len())];
            if state.is_secret_decision(seat, &a) {
                let with = state.secret_shared_with(seat, &a);
                assert!(
                    with.is_some_and(|o| o != seat && o.0 < seats),
                    "{}",
                    ctx(
                        step,
                        &format!(
                            "free {a:?} is secret from everyone: a free decision is public or \
                             shared with one other seat"
                        )
                    )
                );
            }
            m.apply(seat, a)
                .unwrap_or_else(|e| panic!("{}", ctx(step, &format!("free action refused: {e}"))));
            assert!(
                m.state().to_act().seats() == to_act.seats() || m.state().to_act().is_over(),
                "{}",
                ctx(step, &format!("free {a:?} moved the turn"))
            );
            step += 1;
            report.decisions += 1;
            report.free += 1;
            continue;
        }
        // Advance with a random listed action of a random seat to act.
        let acting: Vec<Seat> = to_act.seats().iter().collect();
        let seat = acting[rng.index(acting.len())];
        let list = &lists[seat.index()];
        let a = list[rng.index(list.len())];
        m.apply(seat, a)
            .unwrap_or_else(|e| panic!("{}", ctx(step, &format!("listed action refused: {e}"))));
        step += 1;
        report.decisions += 1;
    }
    // Replays reproduce the final state, typed and through JSON.
    let final_hash = m.state().state_hash();
    let replayed = replay::<G>(m.record())
        .unwrap_or_else(|e| panic!("{}", ctx(step, &format!("replay failed: {e}"))));
    assert_eq!(
        replayed.state().state_hash(),
        final_hash,
        "{}",
        ctx(step, "replay hash differs")
    );
    assert!(
        replayed.state() == m.state(),
        "{}",
        ctx(step, "replayed state differs")
    );
    let json = serde_json::to_string(m.record())
        .unwrap_or_else(|e| panic!("{}", ctx(step, &e.to_string())));
    let from_json = replay_json::<G>(&json)
        .unwrap_or_else(|e| panic!("{}", ctx(step, &format!("JSON replay failed: {e}"))));
    assert_eq!(
        from_json.state().state_hash(),
        final_hash,
        "{}",
        ctx(step, "JSON replay hash differs")
    );
    report.games += 1;
}

fn check_views<G: Game>(
    state: &G,
    seats: u8,
    needle: &str,
    rng: &mut GameRng,
    ctx: &dyn Fn(&str) -> String,
) {
    let mut viewers: Vec<Viewer> = Seat::all(seats).map(Viewer::Seat).collect();
    viewers.push(Viewer::Spectator);
    let mut jsons = Vec::new();
    for &v in &viewers {
        let view = state.view(v);
        let json = serde_json::to_string(&view)
            .unwrap_or_else(|e| panic!("{}", ctx(&format!("view {v:?}: {e}"))));
        let back: G::View = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("{}", ctx(&format!("view {v:?} does not parse back: {e}"))));
        assert!(
            back == view,
            "{}",
            ctx(&format!("view {v:?} does not round-trip"))
        );
        assert!(
            !json.contains(needle),
            "{}",
            ctx(&format!("view {v:?} contains the seed"))
        );
        jsons.push((v, json));
    }
    // Secrets of each seat appear in no other viewer's view.
    for owner in Seat::all(seats) {
        for secret in state.secrets_of(owner) {
            for (v, json) in &jsons {
                let own = *v == Viewer::Seat(owner);
                if own {
                    assert!(
                        json.contains(&secret),
                        "{}",
                        ctx(&format!(
                            "secret {secret} of {owner} missing from its own view"
                        ))
                    );
                } else {
                    assert!(
                        !json.contains(&secret),
                        "{}",
                        ctx(&format!("secret {secret} of {owner} leaks to {v:?}"))
                    );
                }
            }
        }
    }
    // Resampling what a seat cannot see leaves its view and legal decisions unchanged.
    for s in Seat::all(seats) {
        let sample = state.resample_from_view(s, rng);
        assert!(
            sample.view(Viewer::Seat(s)) == state.view(Viewer::Seat(s)),
            "{}",
            ctx(&format!("resample for {s} changes its view"))
        );
        assert_eq!(
            sample.to_act(),
            state.to_act(),
            "{}",
            ctx(&format!("resample for {s} changes who acts"))
        );
        assert_eq!(
            sample.legal_actions(s),
            state.legal_actions(s),
            "{}",
            ctx(&format!("resample for {s} changes its legal decisions"))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::{Bid, BidConfig, BidGame};

    #[test]
    fn example_game_conforms() {
        let configs: Vec<BidConfig> = (2..=4)
            .flat_map(|p| {
                [1u8, 5, 13].map(move |c| BidConfig {
                    players: p,
                    cards: c,
                })
            })
            .collect();
        let r = check_conformance::<BidGame>(&configs, &Conformance::default(), |_, rng| {
            Bid(rng.below(16) as u8)
        });
        assert_eq!(r.games, 9 * 50);
        assert!(r.rejected > 1000);
    }
}
