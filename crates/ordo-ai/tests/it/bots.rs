//! Bots play legal games, search reproducibly, honour time budgets and never read hidden state.

use std::time::{Duration, Instant};

use crusaders::{Config, Crusaders, CrusadersEval, Expansions};
use ordo_ai::{
    acting_seat, analyse, Bot, Budget, HeuristicBot, MctsBot, MctsConfig, RandomBot, ScoreEval,
};
use ordo_core::example::{BidConfig, BidGame};
use ordo_core::{Game, GameRng, Seat, ToAct, Viewer};

fn play<G: Game>(mut g: G, bots: &mut [Box<dyn Bot<G>>]) -> G {
    let mut n = 0;
    while let Some(seat) = acting_seat(&g.to_act()) {
        let a = bots[seat.index()].decide(&g, seat).unwrap();
        g.apply(seat, a).unwrap();
        n += 1;
        assert!(n < 200_000);
    }
    g
}

#[test]
fn every_bot_plays_legal_crusaders_games() {
    for expansions in [
        Expansions::default(),
        Expansions {
            divine_influence: true,
            crimson_amber: true,
        },
    ] {
        let g = Crusaders::new_game(
            &Config {
                players: 3,
                expansions,
                ..Config::default()
            },
            4,
        )
        .unwrap();
        let mut bots: Vec<Box<dyn Bot<Crusaders>>> = vec![
            Box::new(RandomBot::new(1)),
            Box::new(HeuristicBot::new(CrusadersEval::default(), 2)),
            Box::new(MctsBot::new(
                MctsConfig {
                    budget: Budget::Iterations(60),
                    ..MctsConfig::default()
                },
                CrusadersEval::default(),
            )),
        ];
        let end = play(g, &mut bots);
        assert!(end.to_act().is_over());
    }
}

#[test]
fn heuristic_beats_random_most_of_the_time() {
    let mut wins = 0;
    let games = 20;
    for seed in 0..games {
        let g = Crusaders::new_game(
            &Config {
                players: 2,
                ..Config::default()
            },
            seed,
        )
        .unwrap();
        // Alternate seats.
        let h = (seed % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<Crusaders>>> = if h == 0 {
            vec![
                Box::new(HeuristicBot::new(CrusadersEval::default(), seed)),
                Box::new(RandomBot::new(seed)),
            ]
        } else {
            vec![
                Box::new(RandomBot::new(seed)),
                Box::new(HeuristicBot::new(CrusadersEval::default(), seed)),
            ]
        };
        let end = play(g, &mut bots);
        let ToAct::Over(o) = end.to_act() else {
            unreachable!()
        };
        if o.winner() == Seat(h as u8) {
            wins += 1;
        }
    }
    assert!(wins >= 18, "heuristic won only {wins} of {games}");
}

fn mid_game(seed: u64) -> Crusaders {
    let mut g = Crusaders::new_game(
        &Config {
            players: 3,
            ..Config::default()
        },
        seed,
    )
    .unwrap();
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..120 {
        let Some(s) = acting_seat(&g.to_act()) else {
            break;
        };
        let l = g.legal_actions(s);
        g.apply_unchecked(s, l[rng.index(l.len())]);
    }
    g
}

#[test]
fn iteration_budget_search_is_reproducible_on_any_number_of_threads() {
    let g = mid_game(3);
    let seat = acting_seat(&g.to_act()).unwrap();
    let mut results = Vec::new();
    for threads in [1, 2, 3] {
        let cfg = MctsConfig {
            budget: Budget::Iterations(401),
            threads,
            trees: 2,
            seed: 9,
            ..MctsConfig::default()
        };
        let a = analyse(&g, seat, &cfg, &CrusadersEval::default());
        let b = analyse(&g, seat, &cfg, &CrusadersEval::default());
        assert_eq!(a.suggestions, b.suggestions);
        assert_eq!(a.iterations, 401);
        let visits: u64 = a.suggestions.iter().map(|s| s.visits).sum();
        assert_eq!(visits, 401);
        for s in &a.suggestions {
            assert!(g.is_legal(seat, &s.action));
            assert!((0.0..=1.0).contains(&s.value));
        }
        results.push(a.suggestions);
    }
    // The trees, not the threads, decide the result.
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], results[2]);
    // A level's bot is the same on a one-core server and on a laptop.
    let mut one =
        ordo_ai::bot::<crusaders::Crusaders>(ordo_ai::BotSpec::MctsIterations(2_000), 5, 1);
    let mut two =
        ordo_ai::bot::<crusaders::Crusaders>(ordo_ai::BotSpec::MctsIterations(2_000), 5, 2);
    for _ in 0..3 {
        assert_eq!(one.decide(&g, seat), two.decide(&g, seat));
    }
}

/// Keeps `n` cores busy until the returned flag is set: a loaded server.
fn load(
    n: usize,
) -> (
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    Vec<std::thread::JoinHandle<()>>,
) {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let handles = (0..n)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    x = std::hint::black_box(
                        x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1),
                    );
                }
            })
        })
        .collect();
    (stop, handles)
}

/// Every strength level decides by its work budget alone: the same seed gives the same decisions
/// on one thread or two, on an idle machine or one whose cores are all taken.
fn levels_are_deterministic<G: ordo_core::Evaluated>(positions: &[G]) {
    for level in ordo_ai::Level::ALL {
        let spec = ordo_ai::BotSpec::Level(level);
        let decide = |threads: usize| -> Vec<Option<G::Action>> {
            let mut bot = ordo_ai::bot::<G>(spec, 77, threads);
            positions
                .iter()
                .map(|g| {
                    let seat = acting_seat(&g.to_act()).unwrap();
                    bot.decide(g, seat)
                })
                .collect()
        };
        let idle = decide(1);
        let (stop, handles) = load(4);
        let busy_one = decide(1);
        let busy_two = decide(2);
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for h in handles {
            h.join().unwrap();
        }
        assert_eq!(idle, busy_one, "{level:?} on a loaded machine");
        assert_eq!(idle, busy_two, "{level:?} on two threads");
        assert!(idle.iter().zip(positions).all(|(a, g)| {
            let seat = acting_seat(&g.to_act()).unwrap();
            a.is_some_and(|a| g.is_legal(seat, &a))
        }));
    }
}

#[test]
fn every_level_decides_the_same_under_any_load_in_crusaders() {
    let positions: Vec<Crusaders> = [3, 8]
        .iter()
        .map(|&seed| mid_game(seed))
        .filter(|g| {
            let seat = acting_seat(&g.to_act()).unwrap();
            g.legal_actions(seat).len() > 1
        })
        .collect();
    assert!(!positions.is_empty());
    levels_are_deterministic(&positions);
}

#[test]
fn every_level_decides_the_same_under_any_load_in_warrior_knights() {
    use warrior_knights::{Config as WkConfig, WarriorKnights};
    let mut rng = GameRng::from_seed(5);
    let mut g = WarriorKnights::new_game(&WkConfig::default(), 5).unwrap();
    let mut positions = Vec::new();
    for step in 0..3_000 {
        let Some(seat) = acting_seat(&g.to_act()) else {
            break;
        };
        let legal = g.legal_actions(seat);
        if step > 300 && legal.len() > 1 && positions.is_empty() {
            positions.push(g.clone());
        }
        g.apply(seat, legal[rng.index(legal.len())]).unwrap();
    }
    assert_eq!(positions.len(), 1);
    levels_are_deterministic(&positions);
}

#[test]
fn time_budget_is_honoured_within_ten_percent() {
    let g = mid_game(5);
    let seat = acting_seat(&g.to_act()).unwrap();
    let mut bot = MctsBot::new(
        MctsConfig {
            budget: Budget::Time(Duration::from_millis(400)),
            threads: 2,
            ..MctsConfig::default()
        },
        CrusadersEval::default(),
    );
    for _ in 0..2 {
        let t = Instant::now();
        let a = bot.decide(&g, seat).unwrap();
        let took = t.elapsed();
        assert!(took <= Duration::from_millis(440), "took {took:?}");
        assert!(g.is_legal(seat, &a));
    }
}

#[test]
fn each_game_searches_with_its_own_rollouts() {
    use warrior_knights::WarriorKnights;
    let wk = ordo_ai::search_config::<WarriorKnights>(Budget::Iterations(400), 9, 1);
    assert_eq!((wk.rollout_depth, wk.greedy_rollout), (20, true));
    assert_eq!((wk.seed, wk.trees), (9, 1));
    let cr = ordo_ai::search_config::<Crusaders>(Budget::Iterations(5_000), 9, 1);
    assert_eq!((cr.rollout_depth, cr.greedy_rollout), (0, false));
    assert_eq!(
        cr.trees, 2,
        "a large budget is split into two trees on any machine"
    );
}

#[test]
fn greedy_rollouts_look_past_a_plan_to_what_it_leads_to() {
    // In the bidding game a bid changes no score until the round resolves: judged at the leaf,
    // every bid looks alike; played on greedily, the round resolves and the bids differ.
    let g = BidGame::new_game(
        &BidConfig {
            players: 2,
            cards: 6,
        },
        4,
    )
    .unwrap();
    let seat = acting_seat(&g.to_act()).unwrap();
    let spread = |cfg: MctsConfig| {
        let stats = ordo_ai::analyse(&g, seat, &cfg, &ScoreEval);
        let values: Vec<f64> = stats.suggestions.iter().map(|s| s.value).collect();
        let hi = values.iter().copied().fold(f64::MIN, f64::max);
        let lo = values.iter().copied().fold(f64::MAX, f64::min);
        hi - lo
    };
    // One iteration per bid: each is judged once, right after it is made.
    assert_eq!(g.legal_actions(seat).len(), 6);
    let base = MctsConfig {
        budget: Budget::Iterations(6),
        greedy_turn: 0,
        ..MctsConfig::default()
    };
    let flat = spread(base);
    let seen = spread(MctsConfig {
        rollout_depth: 4,
        greedy_rollout: true,
        ..base
    });
    assert!(flat < 1e-9, "at the leaf every bid looks alike ({flat})");
    assert!(seen > 0.05, "rolled out, the bids differ ({seen})");
}

#[test]
fn time_budget_is_honoured_in_warrior_knights() {
    // Warrior Knights iterations are long (wide move lists, a greedy completion of the turn):
    // the deadline is also checked inside an iteration.
    use warrior_knights::{Config as WkConfig, WarriorKnights};
    let mut rng = GameRng::from_seed(3);
    let mut g = WarriorKnights::new_game(
        &WkConfig {
            barons: 4,
            ..WkConfig::default()
        },
        3,
    )
    .unwrap();
    let mut timed = 0;
    for step in 0..4_000 {
        let Some(seat) = acting_seat(&g.to_act()) else {
            break;
        };
        let legal = g.legal_actions(seat);
        if step % 400 == 399 && legal.len() > 1 {
            let budget = Duration::from_millis(if timed % 2 == 0 { 500 } else { 300 });
            // The game's own settings: its greedy rollouts check the deadline too.
            let mut bot = MctsBot::new(
                ordo_ai::search_config::<WarriorKnights>(Budget::Time(budget), 1, 2),
                warrior_knights::WarriorKnightsEval::default(),
            );
            let t = Instant::now();
            let a = bot.decide(&g, seat).unwrap();
            let took = t.elapsed();
            // A wall-clock check on a shared 2-core machine: the search must stop near its
            // budget (one slow iteration past it), not run on; a runaway would take far longer.
            assert!(
                took <= budget.mul_f64(1.1) + Duration::from_millis(150),
                "{budget:?} took {took:?}"
            );
            assert!(g.is_legal(seat, &a));
            timed += 1;
        }
        g.apply(seat, legal[rng.index(legal.len())]).unwrap();
    }
    assert!(timed >= 6, "only {timed} decisions timed");
}

#[test]
fn search_decision_ignores_hidden_parts_of_the_true_state() {
    // In the bidding game, seat 1 bids secretly; seat 0 then decides. Two true states that differ
    // only in seat 1's secret bid (same view for seat 0) must give seat 0 the same search result.
    let mut checked = 0;
    for seed in 0..20 {
        let mut g = BidGame::new_game(
            &BidConfig {
                players: 2,
                cards: 6,
            },
            seed,
        )
        .unwrap();
        let bid = g.legal_actions(Seat(1))[2];
        g.apply(Seat(1), bid).unwrap();
        let mut rng = GameRng::from_seed(seed);
        let other = g.resample_from_view(Seat(0), &mut rng);
        assert_eq!(
            other.view(Viewer::Seat(Seat(0))),
            g.view(Viewer::Seat(Seat(0)))
        );
        if other == g {
            continue;
        }
        checked += 1;
        let cfg = MctsConfig {
            budget: Budget::Iterations(500),
            seed: 4,
            ..MctsConfig::default()
        };
        let a = analyse(&g, Seat(0), &cfg, &ScoreEval);
        let b = analyse(&other, Seat(0), &cfg, &ScoreEval);
        assert_eq!(a.suggestions, b.suggestions);
        let mut bot_a = MctsBot::new(cfg, ScoreEval);
        let mut bot_b = MctsBot::new(cfg, ScoreEval);
        assert_eq!(bot_a.decide(&g, Seat(0)), bot_b.decide(&other, Seat(0)));
    }
    assert!(
        checked >= 10,
        "only {checked} states differed in hidden information"
    );
}

#[test]
fn search_decides_for_its_own_seat_at_simultaneous_points() {
    // Order picks are simultaneous: every seat's search must return one of its own tiles.
    let g = Crusaders::new_game(
        &Config {
            players: 3,
            ..Config::default()
        },
        8,
    )
    .unwrap();
    for s in 0..3u8 {
        let seat = Seat(s);
        let mut bot = MctsBot::new(
            MctsConfig {
                budget: Budget::Iterations(50),
                ..MctsConfig::default()
            },
            CrusadersEval::default(),
        );
        let a = bot.decide(&g, seat).unwrap();
        assert!(g.is_legal(seat, &a), "{seat}: {a:?}");
        let stats = analyse(
            &g,
            seat,
            &MctsConfig {
                budget: Budget::Iterations(50),
                ..MctsConfig::default()
            },
            &CrusadersEval::default(),
        );
        assert!(stats
            .suggestions
            .iter()
            .all(|x| g.is_legal(seat, &x.action)));
    }
}

#[test]
fn warrior_knights_search_ignores_hidden_parts_of_the_true_state() {
    // Warrior Knights hides the other Barons' laid cards, the Action stacks' order, every deck's
    // order, Fate cards in battle hands, closed fists and, during setup, the Mercenaries the
    // other Barons were dealt. Positions are taken along random games (a few early in setup);
    // two true states with the same view for the deciding seat give the same search result.
    use warrior_knights::{Config as WkConfig, WarriorKnights};
    let mut checked = 0;
    let mut in_setup = 0;
    let positions = (0..28u64)
        .map(|seed| (seed, 150 + 97 * seed as usize))
        .chain((0..4u64).map(|k| (100 + k, 1 + 2 * k as usize)));
    for (seed, stop) in positions {
        let config = WkConfig {
            barons: 2 + (seed % 3) as u8,
            ..WkConfig::default()
        };
        let mut g = WarriorKnights::new_game(&config, seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..stop {
            let Some(seat) = acting_seat(&g.to_act()) else {
                break;
            };
            let legal = g.legal_actions(seat);
            let a = legal[rng.index(legal.len())];
            g.apply(seat, a).unwrap();
        }
        let Some(seat) = acting_seat(&g.to_act()) else {
            continue;
        };
        if g.legal_actions(seat).len() < 2 {
            continue;
        }
        let other = g.resample_from_view(seat, &mut rng);
        assert_eq!(other.view(Viewer::Seat(seat)), g.view(Viewer::Seat(seat)));
        // Count only positions where the two true states really differ in what is hidden from
        // the deciding seat: some other Baron sees something different in them.
        let n = g.num_seats();
        if !Seat::all(n)
            .any(|s| s != seat && other.view(Viewer::Seat(s)) != g.view(Viewer::Seat(s)))
        {
            continue;
        }
        checked += 1;
        if stop < 150 {
            in_setup += 1;
        }
        // Sampling reads the view only: from either true state the same seed deals the same
        // hidden cards, so nothing hidden can reach the search through the sample.
        for k in 0..3 {
            assert!(
                g.resample_from_view(seat, &mut GameRng::from_seed(k))
                    == other.resample_from_view(seat, &mut GameRng::from_seed(k)),
                "seed {seed}: a sample depends on the true hidden state"
            );
        }
        let cfg = MctsConfig {
            budget: Budget::Iterations(150),
            seed: 9,
            ..MctsConfig::default()
        };
        let eval = warrior_knights::WarriorKnightsEval::default();
        let a = analyse(&g, seat, &cfg, &eval);
        let b = analyse(&other, seat, &cfg, &eval);
        assert_eq!(a.suggestions, b.suggestions, "seed {seed}");
        let mut bot_a = MctsBot::new(cfg, eval);
        let mut bot_b = MctsBot::new(cfg, eval);
        assert_eq!(bot_a.decide(&g, seat), bot_b.decide(&other, seat));
    }
    assert!(checked >= 14, "only {checked} positions hid anything");
    assert!(
        in_setup >= 2,
        "only {in_setup} setup positions hid anything"
    );
}

#[test]
fn every_bot_plays_legal_warrior_knights_games() {
    use warrior_knights::{Config as WkConfig, WarriorKnights};
    for barons in [2u8, 4] {
        let g = WarriorKnights::new_game(
            &WkConfig {
                barons,
                ..WkConfig::default()
            },
            barons.into(),
        )
        .unwrap();
        let mut bots: Vec<Box<dyn Bot<WarriorKnights>>> = (0..barons)
            .map(|s| {
                let spec = match s {
                    0 => ordo_ai::BotSpec::Heuristic,
                    1 => ordo_ai::BotSpec::MctsIterations(30),
                    _ => ordo_ai::BotSpec::Random,
                };
                ordo_ai::bot::<warrior_knights::WarriorKnights>(spec, u64::from(s), 1)
            })
            .collect();
        let end = play(g, &mut bots);
        assert!(end.to_act().is_over());
    }
}

#[test]
fn bots_make_the_warrior_knights_revision_4_owner_decisions() {
    // Rules revision 4 adds decisions of the owner: the order of his revolting cities, the
    // revolt itself (named city and price) and a dead Noble's deserter and casualty discards.
    // Random games reach each of them; every bot must answer each with a legal decision.
    use std::collections::BTreeSet;
    use warrior_knights::{Config as WkConfig, WarriorKnights};
    let wanted = ["revolt_order", "revolt", "losses"];
    let mut met: BTreeSet<&str> = BTreeSet::new();
    'games: for seed in 0..60u64 {
        let barons = 2 + (seed % 5) as u8;
        let mut g = WarriorKnights::new_game(
            &WkConfig {
                barons,
                ..WkConfig::default()
            },
            seed,
        )
        .unwrap();
        let mut rng = GameRng::from_seed(seed);
        while let Some(seat) = acting_seat(&g.to_act()) {
            let kind = g.view(Viewer::Spectator).phase.kind;
            if let Some(&k) = wanted.iter().find(|&&w| w == kind) {
                if met.insert(k) {
                    for (i, spec) in [
                        ordo_ai::BotSpec::Random,
                        ordo_ai::BotSpec::Heuristic,
                        ordo_ai::BotSpec::MctsIterations(20),
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        let mut bot = ordo_ai::bot::<WarriorKnights>(spec, i as u64, 1);
                        let a = bot.decide(&g, seat).expect("a decision");
                        assert!(g.is_legal(seat, &a), "{kind}: {a:?}");
                    }
                }
                if met.len() == wanted.len() {
                    break 'games;
                }
            }
            let legal = g.legal_actions(seat);
            let a = legal[rng.index(legal.len())];
            g.apply(seat, a).unwrap();
        }
    }
    // Two revolts in one Upkeep are rare in random play: the order decision is built.
    if !met.contains("revolt_order") {
        let c = WkConfig {
            barons: 3,
            ..WkConfig::default()
        };
        let g = WarriorKnights::example_revolt_order(&c, 1).expect("a revolt-order position");
        assert_eq!(g.view(Viewer::Spectator).phase.kind, "revolt_order");
        let seat = acting_seat(&g.to_act()).unwrap();
        for (i, spec) in [
            ordo_ai::BotSpec::Random,
            ordo_ai::BotSpec::Heuristic,
            ordo_ai::BotSpec::MctsIterations(20),
        ]
        .into_iter()
        .enumerate()
        {
            let mut bot = ordo_ai::bot::<WarriorKnights>(spec, i as u64, 1);
            let a = bot.decide(&g, seat).expect("a decision");
            assert!(g.is_legal(seat, &a), "revolt_order: {a:?}");
        }
        met.insert("revolt_order");
    }
    assert_eq!(met.len(), wanted.len(), "met only {met:?}");
}
