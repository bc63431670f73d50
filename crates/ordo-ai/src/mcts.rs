//! Information-set Monte Carlo tree search for n players.
//!
//! Each iteration samples a full state consistent with the searching seat's view
//! ([`Game::resample_from_view`]), descends the tree choosing among the decisions legal in that
//! sample (UCB1 with availability counts, each node maximising the reward of the seat deciding
//! there: max^n), expands one new decision, plays a truncated rollout (at random, or greedily
//! by the evaluator: [`MctsConfig::greedy_rollout`]), evaluates the result with the game's
//! [`Evaluator`] and backs up the per-seat reward vector. Independent trees
//! (root parallelism) are searched on the available threads and their root statistics summed.
//! With an iteration budget the number of trees is part of the configuration, so the result
//! depends on the seed and the budget only, never on how many threads the machine has.

use std::time::{Duration, Instant};

use ordo_core::{Game, GameRng, Seat, MAX_SEATS};

use crate::bot::{acting_seat, Bot, Line};
use crate::eval::Evaluator;

/// How much to search per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (over all threads): reproducible for a fixed seed.
    Iterations(u64),
    /// Wall-clock time per decision.
    Time(Duration),
    /// A number of iterations, stopped early at a time limit (reproducible only when the limit
    /// is not reached): searches run for other people, such as hints on a server.
    Capped {
        /// Iterations over all trees.
        iterations: u64,
        /// The time limit.
        time: Duration,
    },
}

/// Search settings.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// Budget per decision.
    pub budget: Budget,
    /// Threads to search on.
    pub threads: usize,
    /// Independent trees an iteration budget is split into (root parallelism), searched on
    /// `threads` threads: the result is the same whatever the thread count. A time budget grows
    /// one tree per thread instead.
    pub trees: usize,
    /// UCB exploration constant.
    pub exploration: f64,
    /// Random decisions played after the tree before evaluating.
    pub rollout_depth: u32,
    /// Rollout decisions are chosen greedily by the evaluator (one step ahead, for the seat
    /// deciding) instead of at random.
    pub greedy_rollout: bool,
    /// Expand untried decisions best-first by the evaluator (otherwise at random).
    pub ordered_expansion: bool,
    /// Before evaluating, complete the deciding seat's current turn greedily with the evaluator
    /// (at most this many decisions; 0 = off). Mid-turn positions evaluate poorly.
    pub greedy_turn: u32,
    /// Seed of the bot's own randomness.
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1_000),
            threads: 1,
            trees: 1,
            exploration: 0.2,
            rollout_depth: 0,
            greedy_rollout: false,
            greedy_turn: 12,
            ordered_expansion: true,
            seed: 1,
        }
    }
}

/// One root decision as the search sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion<A> {
    /// The decision.
    pub action: A,
    /// Times the search tried it.
    pub visits: u64,
    /// Mean estimated reward for the deciding seat, in `[0, 1]`.
    pub value: f64,
    /// The line the search expects after it: the most visited decision at each step below it
    /// (whoever decides there), while a step was tried at least 4 times, at most 6 steps. Taken
    /// from the tree that tried the decision most.
    pub line: Line<A>,
}

/// The longest expected line a suggestion carries.
pub(crate) const LINE_DEPTH: usize = 6;
/// The fewest visits a step of an expected line needs: below it the search has not looked.
pub(crate) const LINE_MIN_VISITS: u32 = 4;

/// What a search did.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats<A> {
    /// Root decisions, most visited first.
    pub suggestions: Vec<Suggestion<A>>,
    /// Iterations run (all threads).
    pub iterations: u64,
    /// Time taken.
    pub elapsed: Duration,
}

struct Node<A> {
    action: Option<A>,
    /// The seat that made `action`.
    seat: u8,
    parent: u32,
    children: Vec<u32>,
    visits: u32,
    avail: u32,
    value: [f32; MAX_SEATS],
}

struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy + Ord> Tree<A> {
    fn new() -> Self {
        Tree {
            nodes: vec![Node {
                action: None,
                seat: 0,
                parent: u32::MAX,
                children: Vec::new(),
                visits: 0,
                avail: 0,
                value: [0.0; MAX_SEATS],
            }],
        }
    }
}

/// One root decision of one tree: the decision, its visits, its summed value for the searching
/// seat, and the line expected after it.
type RootStat<A> = (A, u64, f64, Vec<(Seat, A)>);

/// Root statistics of one tree, and the iterations run.
type TreeResult<A> = (Vec<RootStat<A>>, u64);

impl<A: Copy> Tree<A> {
    /// The most visited path below node `from`.
    fn line(&self, from: u32) -> Vec<(Seat, A)> {
        let mut out = Vec::new();
        let mut node = from as usize;
        while out.len() < LINE_DEPTH {
            let best = self.nodes[node]
                .children
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.nodes[c].visits >= LINE_MIN_VISITS)
                .max_by_key(|&c| (self.nodes[c].visits, std::cmp::Reverse(c)));
            let Some(c) = best else { break };
            let Some(a) = self.nodes[c].action else { break };
            out.push((Seat(self.nodes[c].seat), a));
            node = c;
        }
        out
    }
}

/// The candidate whose result `eval` likes best for `seat`, one step ahead (the first of equals
/// without `jitter`; with it, each value gets a random millionth of a point, so ties fall at
/// random).
fn greedy<G: Game, E: Evaluator<G>>(
    eval: &E,
    state: &G,
    seat: Seat,
    candidates: &[G::Action],
    mut jitter: Option<&mut GameRng>,
) -> Option<G::Action> {
    let mut best: Option<(f64, G::Action)> = None;
    for &a in candidates {
        let mut c = state.clone();
        c.apply_unchecked(seat, a);
        let mut v = eval.lead(&c, seat);
        if let Some(rng) = jitter.as_deref_mut() {
            v += 1e-6 * rng.below(1000) as f64;
        }
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a)
}

/// Runs one tree for `iterations` or until `deadline`; returns root statistics per action.
fn run_tree<G: Game, E: Evaluator<G>>(
    root: &G,
    me: Seat,
    eval: &E,
    cfg: &MctsConfig,
    seed: u64,
    iterations: u64,
    deadline: Option<Instant>,
) -> TreeResult<G::Action> {
    let mut rng = GameRng::from_seed(seed);
    let mut tree: Tree<G::Action> = Tree::new();
    let mut legal = Vec::new();
    let mut done = 0u64;
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    'search: while done < iterations {
        if late() {
            break;
        }
        let mut state = root.resample_from_view(me, &mut rng);
        let mut node = 0u32;
        // Selection and expansion. At the root the searching seat decides, even when several
        // seats decide at once; deeper simultaneous points are taken lowest seat first.
        loop {
            let to_act = state.to_act();
            let seat = if node == 0 && to_act.includes(me) {
                Some(me)
            } else {
                acting_seat(&to_act)
            };
            let Some(seat) = seat else { break };
            legal.clear();
            state.legal_actions_into(seat, &mut legal);
            if legal.is_empty() {
                break;
            }
            let n = node as usize;
            let mut untried: Vec<G::Action> = Vec::new();
            {
                let children = &tree.nodes[n].children;
                for a in &legal {
                    if !children
                        .iter()
                        .any(|&c| tree.nodes[c as usize].action == Some(*a))
                    {
                        untried.push(*a);
                    }
                }
            }
            for i in 0..tree.nodes[n].children.len() {
                let c = tree.nodes[n].children[i] as usize;
                if let Some(a) = tree.nodes[c].action {
                    if legal.binary_search(&a).is_ok() {
                        tree.nodes[c].avail += 1;
                    }
                }
            }
            if !untried.is_empty() {
                // Expanding clones the sample once per untried decision: not past the deadline.
                if late() {
                    break 'search;
                }
                // Heuristic-first expansion: the untried decision that looks best one step ahead
                // for the seat making it, so opponents are modelled as sensible from the start.
                let a = if cfg.ordered_expansion {
                    greedy(eval, &state, seat, &untried, Some(&mut rng)).unwrap_or(untried[0])
                } else {
                    untried[rng.index(untried.len())]
                };
                let id = tree.nodes.len() as u32;
                tree.nodes.push(Node {
                    action: Some(a),
                    seat: seat.0,
                    parent: node,
                    children: Vec::new(),
                    visits: 0,
                    avail: 1,
                    value: [0.0; MAX_SEATS],
                });
                tree.nodes[n].children.push(id);
                state.apply_unchecked(seat, a);
                node = id;
                break;
            }
            // UCB over the children legal in this sample.
            let mut best = (f64::NEG_INFINITY, 0u32);
            for &c in &tree.nodes[n].children {
                let ch = &tree.nodes[c as usize];
                let Some(a) = ch.action else { continue };
                if legal.binary_search(&a).is_err() {
                    continue;
                }
                let visits = f64::from(ch.visits.max(1));
                let q = f64::from(ch.value[seat.index()]) / visits;
                let u = q + cfg.exploration * (f64::from(ch.avail.max(1)).ln() / visits).sqrt();
                if u > best.0 {
                    best = (u, c);
                }
            }
            let c = best.1;
            let Some(a) = tree.nodes[c as usize].action else {
                break;
            };
            state.apply_unchecked(seat, a);
            node = c;
        }
        // Truncated random rollout.
        for _ in 0..cfg.rollout_depth {
            let Some(seat) = acting_seat(&state.to_act()) else {
                break;
            };
            legal.clear();
            state.legal_actions_into(seat, &mut legal);
            if legal.is_empty() {
                break;
            }
            let a = if cfg.greedy_rollout && legal.len() > 1 {
                if late() {
                    break 'search;
                }
                greedy(eval, &state, seat, &legal, Some(&mut rng)).unwrap_or(legal[0])
            } else {
                legal[rng.index(legal.len())]
            };
            state.apply_unchecked(seat, a);
        }
        if cfg.greedy_turn > 0 {
            if let Some(seat) = acting_seat(&state.to_act()) {
                for _ in 0..cfg.greedy_turn {
                    if acting_seat(&state.to_act()) != Some(seat) {
                        break;
                    }
                    // A long greedy completion must not carry the search past its deadline:
                    // the iteration is dropped unfinished.
                    if late() {
                        break 'search;
                    }
                    legal.clear();
                    state.legal_actions_into(seat, &mut legal);
                    match greedy(eval, &state, seat, &legal, None) {
                        Some(a) => state.apply_unchecked(seat, a),
                        None => break,
                    }
                }
            }
        }
        let rewards = eval.rewards(&state);
        done += 1;
        // Backup.
        let mut cur = node;
        loop {
            let nd = &mut tree.nodes[cur as usize];
            nd.visits += 1;
            for (v, r) in nd.value.iter_mut().zip(rewards) {
                *v += r as f32;
            }
            if nd.parent == u32::MAX {
                break;
            }
            cur = nd.parent;
        }
    }
    let root_node = &tree.nodes[0];
    let stats = root_node
        .children
        .iter()
        .filter_map(|&c| {
            let ch = &tree.nodes[c as usize];
            ch.action.map(|a| {
                (
                    a,
                    u64::from(ch.visits),
                    f64::from(ch.value[me.index()]),
                    tree.line(c),
                )
            })
        })
        .collect();
    (stats, done)
}

/// `n` iterations shared out over `trees` trees (no empty tree).
fn split(n: u64, trees: usize) -> Vec<u64> {
    let trees = trees.max(1) as u64;
    (0..trees)
        .map(|t| n / trees + u64::from(t < n % trees))
        .filter(|&k| k > 0)
        .collect()
}

/// Searches from `state` for `seat` and returns every root decision with its statistics, most
/// visited first (the coach hook behind the client's hint button).
pub fn analyse<G: Game, E: Evaluator<G>>(
    state: &G,
    seat: Seat,
    cfg: &MctsConfig,
    eval: &E,
) -> SearchStats<G::Action> {
    let start = Instant::now();
    let threads = cfg.threads.max(1);
    // Iterations per tree, and the deadline of a time budget.
    let (plan, deadline): (Vec<u64>, Option<Instant>) = match cfg.budget {
        Budget::Iterations(n) => (split(n, cfg.trees), None),
        Budget::Capped { iterations, time } => (
            split(iterations, cfg.trees),
            Some(start + time.mul_f64(0.93)),
        ),
        // Keep a margin for setup and merging so the budget is honoured.
        Budget::Time(d) => (vec![u64::MAX; threads], Some(start + d.mul_f64(0.93))),
    };
    let seed_of = |t: usize| {
        cfg.seed
            .wrapping_add((t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    };
    let tree = |t: usize| run_tree(state, seat, eval, cfg, seed_of(t), plan[t], deadline);
    let workers = threads.min(plan.len());
    let results: Vec<TreeResult<G::Action>> = if workers <= 1 {
        (0..plan.len()).map(tree).collect()
    } else {
        // Each worker takes the next tree; results are merged in tree order so that the sums
        // are the same however the trees were shared out.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut done: Vec<(usize, TreeResult<G::Action>)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    s.spawn(|| {
                        let mut mine = Vec::new();
                        loop {
                            let t = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if t >= plan.len() {
                                break mine;
                            }
                            mine.push((t, tree(t)));
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| match h.join() {
                    Ok(v) => v,
                    // A failing search is a bug: it must not pass as a weaker one.
                    Err(p) => std::panic::resume_unwind(p),
                })
                .collect()
        });
        done.sort_by_key(|(t, _)| *t);
        done.into_iter().map(|(_, r)| r).collect()
    };
    // (decision, visits, summed value, line), and the visits of the tree the line comes from.
    let mut merged: Vec<(RootStat<G::Action>, u64)> = Vec::new();
    let mut iterations = 0;
    for (stats, n) in results {
        iterations += n;
        for (a, v, w, line) in stats {
            match merged.iter_mut().find(|m| m.0 .0 == a) {
                Some((m, from)) => {
                    m.1 += v;
                    m.2 += w;
                    // Trees in order, the first of equals kept: the same whatever the threads.
                    if v > *from {
                        m.3 = line;
                        *from = v;
                    }
                }
                None => merged.push(((a, v, w, line), v)),
            }
        }
    }
    let mut suggestions: Vec<Suggestion<G::Action>> = merged
        .into_iter()
        .map(|((action, visits, w, line), _)| Suggestion {
            action,
            visits,
            value: if visits == 0 { 0.0 } else { w / visits as f64 },
            line,
        })
        .collect();
    suggestions.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(a.action.cmp(&b.action))
    });
    SearchStats {
        suggestions,
        iterations,
        elapsed: start.elapsed(),
    }
}

/// The search bot.
#[derive(Debug, Clone)]
pub struct MctsBot<E> {
    cfg: MctsConfig,
    eval: E,
    decisions: u64,
}

impl<E> MctsBot<E> {
    /// A search bot with these settings and evaluator.
    pub fn new(cfg: MctsConfig, eval: E) -> Self {
        MctsBot {
            cfg,
            eval,
            decisions: 0,
        }
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for MctsBot<E> {
    fn name(&self) -> String {
        match self.cfg.budget {
            Budget::Iterations(n) => format!("mcts:{n}it"),
            Budget::Time(d) => format!("mcts:{}ms", d.as_millis()),
            Budget::Capped { iterations, time } => {
                format!("mcts:{iterations}it/{}ms", time.as_millis())
            }
        }
    }

    fn decide(&mut self, state: &G, seat: Seat) -> Option<G::Action> {
        self.decide_explained(state, seat).map(|(a, _)| a)
    }

    fn decide_explained(&mut self, state: &G, seat: Seat) -> Option<(G::Action, Line<G::Action>)> {
        let legal = state.legal_actions(seat);
        if legal.len() <= 1 {
            return legal.first().map(|&a| (a, Vec::new()));
        }
        // A fresh, reproducible seed per decision.
        let cfg = MctsConfig {
            seed: self
                .cfg
                .seed
                .wrapping_add(self.decisions.wrapping_mul(0xA24B_AED4_963E_E407)),
            ..self.cfg
        };
        self.decisions += 1;
        let stats = analyse(state, seat, &cfg, &self.eval);
        // The best mean value among the well-explored decisions (robust against a few lucky
        // samples, sharper than the visit count when rewards are close).
        let most = stats.suggestions.first().map_or(0, |s| s.visits);
        stats
            .suggestions
            .iter()
            .filter(|s| s.visits * 4 >= most)
            .max_by(|a, b| a.value.total_cmp(&b.value).then(b.action.cmp(&a.action)))
            .map(|s| (s.action, s.line.clone()))
            .or_else(|| legal.first().map(|&a| (a, Vec::new())))
    }
}
