//! # ordo-ai: bots for every Ordo game
//!
//! Generic over [`ordo_core::Game`]:
//!
//! - [`RandomBot`]: uniformly random legal decisions;
//! - [`HeuristicBot`]: greedy over a game's [`Evaluator`], looking ahead through the rest of its
//!   own turn;
//! - [`MctsBot`]: information-set Monte Carlo tree search for n players (UCT with per-seat reward
//!   vectors, max^n backups), heuristic-truncated rollouts, root parallelism over threads, a
//!   budget in iterations (reproducible on any machine) or time (honoured within 10%).
//!
//! Every bot decides from its own seat's information only: it reads its legal decisions and
//! samples full states with [`ordo_core::Game::resample_from_view`]; a search never looks at the
//! true hidden state. [`analyse`] is the coach hook: the search's top decisions with values.
//!
//! ```
//! use ordo_ai::{Bot, Budget, MctsBot, MctsConfig, ScoreEval};
//! use ordo_core::example::{BidConfig, BidGame};
//! use ordo_core::{Game, Seat};
//!
//! let g = BidGame::new_game(&BidConfig::default(), 1)?;
//! let mut bot = MctsBot::new(MctsConfig { budget: Budget::Iterations(300), ..MctsConfig::default() }, ScoreEval);
//! let decision = bot.decide(&g, Seat(0)).expect("seat 0 has a decision");
//! assert!(g.is_legal(Seat(0), &decision));
//! # Ok::<_, ordo_core::ConfigError>(())
//! ```
#![deny(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod bot;
pub mod bradley_terry;
mod eval;
mod heuristic;
mod mcts;
mod stats;

pub use bot::{acting_seat, Bot, BotSpec, Level, Line, ParseBotError, RandomBot};
pub use eval::Evaluator;
pub use heuristic::HeuristicBot;
pub use mcts::{analyse, Budget, MctsBot, MctsConfig, SearchStats, Suggestion};
pub use ordo_core::{Evaluate, Evaluated, ScoreEval};
pub use stats::{wilson_interval, Interval};

/// Trees for a bot's budget. An iteration budget of a strength level is split into a fixed
/// number of trees, whatever the machine: the same seed gives the same decisions on one core or
/// on many (the trees are searched in parallel where there are cores for them). Small budgets
/// stay in one tree, which is stronger than two halves.
pub fn trees_for(budget: Budget) -> usize {
    match budget {
        Budget::Iterations(n) | Budget::Capped { iterations: n, .. } if n >= 2_000 => 2,
        _ => 1,
    }
}

/// The search settings of game `G` for a budget: its trees ([`trees_for`]) and its rollouts
/// ([`Evaluated::GREEDY_ROLLOUT`]), the rest as [`MctsConfig::default`]. The bots and the coach's
/// hints search alike.
pub fn search_config<G: Evaluated>(budget: Budget, seed: u64, threads: usize) -> MctsConfig {
    MctsConfig {
        budget,
        threads: threads.max(1),
        trees: trees_for(budget),
        rollout_depth: G::GREEDY_ROLLOUT,
        greedy_rollout: G::GREEDY_ROLLOUT > 0,
        seed,
        ..MctsConfig::default()
    }
}

/// A bot of game `G` from a spec, judging positions with the game's own evaluation
/// ([`Evaluated::Eval`]) when it is a heuristic or search bot.
pub fn bot<G: Evaluated>(spec: BotSpec, seed: u64, threads: usize) -> Box<dyn Bot<G>> {
    bot_capped(spec, seed, threads, None)
}

/// [`bot`], with a time limit over a work budget (`cap`): a server keeps a slow position from
/// holding a core. The decisions are those of the uncapped bot whenever the limit is not
/// reached; a time budget (`mcts:<N>ms`) is not changed.
pub fn bot_capped<G: Evaluated>(
    spec: BotSpec,
    seed: u64,
    threads: usize,
    cap: Option<std::time::Duration>,
) -> Box<dyn Bot<G>> {
    let eval = G::Eval::default();
    let work = |n| match cap {
        Some(time) => Budget::Capped {
            iterations: n,
            time,
        },
        None => Budget::Iterations(n),
    };
    let mcts = |budget| search_config::<G>(budget, seed, threads);
    match spec {
        BotSpec::Random => Box::new(RandomBot::new(seed)),
        BotSpec::Heuristic => Box::new(HeuristicBot::new(eval, seed)),
        BotSpec::Level(l) => Box::new(MctsBot::new(mcts(work(l.iterations::<G>())), eval)),
        BotSpec::MctsIterations(n) => Box::new(MctsBot::new(mcts(work(n)), eval)),
        BotSpec::MctsTime(d) => Box::new(MctsBot::new(mcts(Budget::Time(d)), eval)),
    }
}
