//! Rule-by-rule unit tests on constructed positions.
//!
//! Each test builds a small position (usually from [`game`], a blank board with the First
//! Standard wheel and no knights, enemies or tiles), plays decisions through
//! [`ordo_core::Game::apply`] and checks one observable outcome against the rules specification
//! (`crusaders-rules.md`). Costs, bonuses and track values are read from the component tables
//! rather than hard-coded wherever the rule is about "the printed value".

use crate::test_support::*;
use ordo_core::{Game, Seat, SeatSet, ToAct, Viewer};

use crate::action::{Action, SowChoice};
use crate::data::{BonusTile, Side};
use crate::state::{Config, Crusaders, Phase, Placed, RegionState, Step, Variant, Wedge, OFF};
use crate::types::{
    Act, BuildingKind, Enemy, EnemyKind, Order, Pos, RegionId, SaracenFace, WEDGES,
};

// ---------- helpers ----------

fn config(players: u8) -> Config {
    Config {
        players,
        orders: false,
        ..Config::default()
    }
}

/// A blank position: no enemies, tiles, buildings or knights on the board; every player has the
/// First Standard wheel (Crusade, Influence, Travel, Build, Muster, Travel; basic side up, 2
/// tokens each); seat 0 is the start player and is about to choose.
fn game(players: u8) -> Crusaders {
    let mut g = new(&config(players), 7);
    let layout = g.tables().layouts["first_standard"];
    for r in g.core.regions.iter_mut() {
        *r = RegionState::default();
    }
    for p in g.core.players.iter_mut() {
        p.wheel = layout.map(|(id, upgraded)| Wedge {
            id,
            upgraded,
            tokens: 2,
        });
        p.knights = [OFF; 4];
    }
    g.core.start = 0;
    turn(&mut g, 0);
    g
}

fn knight_at(g: &Crusaders, seat: u8, knight: usize) -> u8 {
    g.core.players[usize::from(seat)].knights[knight]
}

fn set_tokens(g: &mut Crusaders, seat: u8, t: [u8; WEDGES]) {
    for (w, n) in g.core.players[usize::from(seat)].wheel.iter_mut().zip(t) {
        w.tokens = n;
    }
}

fn total_tokens(g: &Crusaders, seat: u8) -> u32 {
    tokens(g, seat).iter().map(|&t| u32::from(t)).sum()
}

/// Puts an upgraded wedge with `x` tokens at `pos` and resolves it (leading to the Split step).
fn resolve_upgraded(g: &mut Crusaders, seat: u8, pos: Pos, wedge: &str, x: u8) {
    let id = wedge_id(g, wedge);
    g.core.players[usize::from(seat)].wheel[usize::from(pos)] = Wedge {
        id,
        upgraded: true,
        tokens: x,
    };
    turn(g, seat);
    act(g, seat, Action::Resolve { pos });
}

/// Printed cost of `kind` at `level` (1-4).
fn build_cost(kind: BuildingKind, level: u8) -> u8 {
    tables().buildings[kind.index()][usize::from(level - 1)].cost
}

/// Sum of the `a` bonuses revealed by levels `1..=upto` of `kind`.
fn revealed(g: &Crusaders, kind: BuildingKind, upto: u8, a: Act) -> u8 {
    (0..usize::from(upto))
        .map(|l| g.tables().buildings[kind.index()][l].reveal.bonus[a.index()])
        .sum()
}

/// A game with knight orders in which seat `i` is dealt only `orders[i]` and keeps it; the
/// First Standard wheel is used so wedge positions are known; seat 0 starts. Returns in the
/// order-setup (or start-region) phase.
fn with_orders(orders: &[Order]) -> Crusaders {
    let cfg = Config {
        players: orders.len() as u8,
        variant: Variant::FirstStandard,
        orders: true,
        calatrava_third: true,
        ..Config::default()
    };
    let mut g = new(&cfg, 11);
    g.core.start = 0;
    for (p, &o) in g.core.players.iter_mut().zip(orders) {
        p.offered.clear();
        p.offered.push(o);
    }
    for (i, &o) in orders.iter().enumerate() {
        act(&mut g, i as u8, Action::PickOrder { order: o });
    }
    g
}

/// Plays the start-region decisions, each seat taking the first region offered.
fn play_starts(g: &mut Crusaders) {
    while let Phase::Start { .. } = g.core.phase {
        let ToAct::Seat(s) = g.to_act() else {
            panic!("start regions are chosen one seat at a time")
        };
        let first = legal(g, s.0)[0];
        act(g, s.0, first);
    }
}

/// Clears the board and puts everybody into seat 0's turn (after order setup).
fn into_turn(g: &mut Crusaders) {
    for r in g.core.regions.iter_mut() {
        *r = RegionState::default();
    }
    turn(g, 0);
}

// ---------- setup (§3) ----------

#[test]
fn setup_board_side_and_supply_follow_player_count() {
    // Revision 3: the printed supply, 20 + 60 per player (C2).
    for (players, side, supply) in [
        (2, Side::Small, 140),
        (3, Side::Large, 200),
        (4, Side::Large, 260),
    ] {
        let g = new(&config(players), 1);
        assert_eq!(g.core.side, side, "{players} players");
        assert_eq!(g.supply(), supply, "{players} players");
        assert_eq!(g.initial_supply(), supply);
        assert_eq!(g.view(Viewer::Spectator).side, side);
    }
    // Revisions 1-2 keep the 50 + 50 per player they were played with.
    for rules in [1, 2] {
        for (players, supply) in [(2, 150), (3, 200), (4, 250)] {
            let g = new(
                &Config {
                    rules,
                    ..config(players)
                },
                1,
            );
            assert_eq!(g.supply(), supply, "{players} players, revision {rules}");
            assert_eq!(g.initial_supply(), supply);
        }
    }
}

#[test]
fn setup_enemies_stand_on_exactly_the_flag_regions_never_paris_or_start() {
    for players in [2, 3, 4] {
        for seed in 0..8 {
            let g = new(&config(players), seed);
            let board = g.board();
            for (i, reg) in board.regions.iter().enumerate() {
                let has_enemy = g.core.regions[i].enemy.is_some();
                assert_eq!(has_enemy, reg.flag, "{} ({players}p, seed {seed})", reg.key);
                if reg.paris || reg.start {
                    assert!(!has_enemy, "{} must stay free of enemies", reg.key);
                }
            }
            assert!(!board.flags.is_empty());
            let paris = region(&g, "paris");
            assert!(!board.flags.contains(&RegionId(paris)));
            assert_eq!(g.core.tracks, [0, 0]);
        }
    }
}

#[test]
fn setup_bonus_tiles_lie_on_the_bonus_spaces() {
    for players in [2, 4] {
        let g = new(&config(players), 3);
        let board = g.board();
        for (i, reg) in board.regions.iter().enumerate() {
            assert_eq!(
                g.core.regions[i].tile.is_some(),
                reg.bonus_space,
                "{}",
                reg.key
            );
            assert!(g.core.regions[i].buildings[0].is_none());
        }
    }
}

#[test]
fn setup_standard_wheel_is_shared_basic_with_two_tokens_per_wedge() {
    let mut orders_seen = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let g = new(&config(4), seed);
        let first = g.core.players[0].wheel;
        orders_seen.insert(first.map(|w| w.id));
        for p in &g.core.players {
            assert_eq!(p.wheel, first, "every player copies the shuffled order");
            assert!(p.wheel.iter().all(|w| !w.upgraded && w.tokens == 2));
            assert_eq!(p.troops_up, 0);
            assert_eq!(p.off, [0; 8]);
            assert_eq!(p.knights, [OFF; 4], "knights are placed in the start phase");
            assert_eq!(p.influence, 0);
        }
        let mut ids = first.map(|w| w.id);
        ids.sort_unstable();
        assert_eq!(ids, [0, 1, 2, 3, 4, 5], "each of the six wedges once");
    }
    assert!(orders_seen.len() > 1, "the shared order is random");
}

#[test]
fn setup_unpredictable_wheels_differ_between_players() {
    let cfg = Config {
        variant: Variant::Unpredictable,
        ..config(2)
    };
    let differs = (0..20).any(|seed| {
        let g = new(&cfg, seed);
        g.core.players[0].wheel != g.core.players[1].wheel
    });
    assert!(differs, "independent wheels must differ for some seed");
}

#[test]
fn setup_learning_layout_has_two_upgraded_travel_wedges_and_no_upgrading() {
    let cfg = Config {
        variant: Variant::Learning,
        ..config(2)
    };
    let mut g = new(&cfg, 5);
    let w = |g: &Crusaders, id: &str| wedge_id(g, id);
    let expect = [
        (w(&g, "crusade_build"), false),
        (w(&g, "influence_travel"), false),
        (w(&g, "travel_crusade"), true),
        (w(&g, "build_muster"), false),
        (w(&g, "muster_influence"), false),
        (w(&g, "travel_build"), true),
    ];
    for p in &g.core.players {
        assert_eq!(p.wheel.map(|x| (x.id, x.upgraded)), expect);
    }
    play_starts(&mut g);
    let s = g.core.start;
    assert!(is_turn_of(&g, s));
    let options = legal(&g, s);
    assert!(!options.iter().any(|a| matches!(a, Action::Upgrade { .. })));
    assert!(!options.contains(&Action::SkipTurn));
    assert_eq!(
        options.len(),
        6,
        "resolve any of the six wedges: {options:?}"
    );
}

#[test]
fn setup_first_standard_layout_is_basic_and_upgradable() {
    let cfg = Config {
        variant: Variant::FirstStandard,
        ..config(3)
    };
    let mut g = new(&cfg, 5);
    let basics: Vec<Act> = g.core.players[1]
        .wheel
        .iter()
        .map(|w| g.tables().wedges[usize::from(w.id)].basic)
        .collect();
    assert_eq!(
        basics,
        [
            Act::Crusade,
            Act::Influence,
            Act::Travel,
            Act::Build,
            Act::Muster,
            Act::Travel
        ]
    );
    let secondary =
        |pos: usize| g.tables().wedges[usize::from(g.core.players[0].wheel[pos].id)].secondary;
    assert_eq!(secondary(2), Act::Crusade);
    assert_eq!(secondary(5), Act::Build);
    assert!(g
        .core
        .players
        .iter()
        .all(|p| p.wheel.iter().all(|w| !w.upgraded && w.tokens == 2)));
    play_starts(&mut g);
    let s = g.core.start;
    assert!(is_legal(&g, s, Action::Upgrade { pos: 2 }));
}

#[test]
fn orders_are_dealt_two_each_with_a_third_exactly_for_calatrava() {
    let cfg = Config {
        players: 4,
        ..Config::default()
    };
    let mut with = None;
    let mut without = None;
    for seed in 0..200 {
        let g = new(&cfg, seed);
        let has = g
            .core
            .players
            .iter()
            .any(|p| p.offered.contains(&Order::Calatrava));
        if has && with.is_none() {
            with = Some(seed);
        }
        if !has && without.is_none() {
            without = Some(seed);
        }
    }
    let (Some(with), Some(without)) = (with, without) else {
        panic!("both kinds of deal should occur in 200 seeds")
    };
    // Without Calatrava: two tiles each, all different.
    let g = new(&cfg, without);
    let mut all = Vec::new();
    for s in 0..4u8 {
        let l = legal(&g, s);
        assert_eq!(l.len(), 2, "seat {s}: {l:?}");
        all.extend(l);
    }
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 8, "no tile is dealt twice");
    // With Calatrava: that player chooses among three, the others among two.
    let g = new(&cfg, with);
    for s in 0..4u8 {
        let l = legal(&g, s);
        let cal = l.contains(&Action::PickOrder {
            order: Order::Calatrava,
        });
        assert_eq!(l.len(), if cal { 3 } else { 2 }, "seat {s}: {l:?}");
    }
    // The BGA rule switched off: two tiles for everybody.
    let off = new(
        &Config {
            calatrava_third: false,
            ..cfg
        },
        with,
    );
    assert!(off
        .core
        .players
        .iter()
        .any(|p| p.offered.contains(&Order::Calatrava)));
    for s in 0..4u8 {
        assert_eq!(legal(&off, s).len(), 2, "seat {s}");
    }
}

#[test]
fn order_picks_are_simultaneous_and_hidden_until_everyone_has_picked() {
    let cfg = Config {
        players: 3,
        ..Config::default()
    };
    let mut g = new(&cfg, 9);
    let all: SeatSet = {
        let mut s = SeatSet::EMPTY;
        (0..3).for_each(|i| s.insert(Seat(i)));
        s
    };
    assert_eq!(g.to_act(), ToAct::Simultaneous(all));
    // Seat 2 may pick first: order of picking does not matter.
    let pick2 = legal(&g, 2)[0];
    act(&mut g, 2, pick2);
    let Action::PickOrder { order: o2 } = pick2 else {
        unreachable!()
    };
    let mut rest = all;
    rest.remove(Seat(2));
    assert_eq!(g.to_act(), ToAct::Simultaneous(rest));
    assert!(legal(&g, 2).is_empty(), "one pick per player");
    // Seat 2 sees its own pick; nobody else does, but all see that it has picked.
    assert_eq!(g.view(Viewer::Seat(Seat(2))).seats[2].order, Some(o2));
    for v in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        let view = g.view(v);
        assert_eq!(view.seats[2].order, None, "{v:?}");
        assert!(view.seats[2].chosen);
        assert!(!view.seats[0].chosen);
        assert_eq!(
            view.seats[2].offered, None,
            "{v:?} must not see seat 2's tiles"
        );
    }
    let pick0 = legal(&g, 0)[0];
    act(&mut g, 0, pick0);
    assert_eq!(g.view(Viewer::Seat(Seat(1))).seats[2].order, None);
    let pick1 = legal(&g, 1)[0];
    act(&mut g, 1, pick1);
    // Revealed to everybody at once.
    let spectator = g.view(Viewer::Spectator);
    assert_eq!(spectator.seats[2].order, Some(o2));
    assert!(spectator.seats.iter().all(|p| p.order.is_some()));
    assert!(matches!(g.to_act(), ToAct::Seat(_)));
}

#[test]
fn without_orders_setup_goes_straight_to_start_regions() {
    let g = new(&config(3), 4);
    assert_eq!(g.core.phase, Phase::Start { idx: 0 });
    assert!(g
        .core
        .players
        .iter()
        .all(|p| p.order.is_none() && p.offered.is_empty()));
    let ToAct::Seat(s) = g.to_act() else {
        panic!("one seat places a knight")
    };
    assert!(legal(&g, s.0)
        .iter()
        .all(|a| matches!(a, Action::Start { .. })));
}

#[test]
fn start_regions_are_chosen_in_reverse_turn_order_and_not_shared() {
    let mut g = new(&config(3), 12);
    let start = g.core.start;
    let paris = rid(&g, "paris");
    let starts = g.board().starts.clone();
    assert_eq!(starts.len(), 6);
    let mut taken = Vec::new();
    for rank in (0..3u8).rev() {
        let seat = (start + rank) % 3;
        assert_eq!(
            g.to_act(),
            ToAct::Seat(Seat(seat)),
            "rank {rank} chooses now"
        );
        let options: Vec<RegionId> = legal(&g, seat)
            .into_iter()
            .map(|a| match a {
                Action::Start { region } => region,
                a => panic!("unexpected {a:?}"),
            })
            .collect();
        let expected: Vec<RegionId> = starts
            .iter()
            .copied()
            .filter(|r| !taken.contains(r))
            .collect();
        assert_eq!(options, expected);
        assert!(!options.contains(&paris), "Paris is never a start region");
        // Take the last offered region so a later seat would have wanted it first.
        let r = options[options.len() - 1];
        act(&mut g, seat, Action::Start { region: r });
        assert_eq!(knight_at(&g, seat, 0), r.0);
        taken.push(r);
    }
    assert!(
        is_turn_of(&g, start),
        "the start player takes the first turn"
    );
}

#[test]
fn start_regions_are_the_neighbours_of_paris_on_both_sides() {
    for players in [2, 4] {
        let g = new(&config(players), 0);
        let board = g.board();
        let paris = board.region(rid(&g, "paris"));
        assert!(!paris.start && !paris.flag);
        let mut nb: Vec<RegionId> = paris.neighbours.to_vec();
        nb.sort_unstable();
        assert_eq!(board.starts, nb, "{players} players");
    }
}

// ---------- turn options (§4) ----------

#[test]
fn resolve_is_offered_only_for_wedges_holding_tokens() {
    let mut g = game(2);
    set_tokens(&mut g, 0, [2, 0, 3, 0, 1, 6]);
    let resolves: Vec<Pos> = legal(&g, 0)
        .into_iter()
        .filter_map(|a| match a {
            Action::Resolve { pos } => Some(pos),
            _ => None,
        })
        .collect();
    assert_eq!(resolves, [0, 2, 4, 5]);
    assert!(!is_legal(&g, 0, Action::Resolve { pos: 1 }));
    assert!(
        !is_legal(&g, 1, Action::Resolve { pos: 0 }),
        "not seat 1's turn"
    );
}

#[test]
fn upgrade_only_basic_wedges_and_skip_only_with_all_six_upgraded() {
    let mut g = game(2);
    g.core.players[0].wheel[2].upgraded = true;
    let l = legal(&g, 0);
    let upgrades: Vec<Pos> = l
        .iter()
        .filter_map(|a| match a {
            Action::Upgrade { pos } => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(upgrades, [0, 1, 3, 4, 5]);
    assert!(!l.contains(&Action::SkipTurn));
    for w in g.core.players[0].wheel.iter_mut().take(5) {
        w.upgraded = true;
    }
    assert!(
        !legal(&g, 0).contains(&Action::SkipTurn),
        "five upgraded is not enough"
    );
    g.core.players[0].wheel[5].upgraded = true;
    let l = legal(&g, 0);
    assert!(l.contains(&Action::SkipTurn));
    assert!(!l.iter().any(|a| matches!(a, Action::Upgrade { .. })));
}

#[test]
fn upgrading_keeps_the_tokens_and_distribution_is_optional() {
    let mut g = game(2);
    set_tokens(&mut g, 0, [3, 0, 2, 2, 1, 2]);
    act(&mut g, 0, Action::Upgrade { pos: 0 });
    assert!(g.core.players[0].wheel[0].upgraded);
    assert_eq!(
        tokens(&g, 0),
        [3, 0, 2, 2, 1, 2],
        "same tokens back on the wedge"
    );
    let mut expect: Vec<Action> = [0, 2, 3, 4, 5]
        .into_iter()
        .map(|pos| Action::Distribute { pos })
        .collect();
    expect.push(Action::NoDistribute);
    expect.sort_unstable();
    assert_eq!(legal(&g, 0), expect, "any wedge with tokens, or none");
    act(&mut g, 0, Action::NoDistribute);
    assert_eq!(tokens(&g, 0), [3, 0, 2, 2, 1, 2]);
    assert_eq!(influence(&g, 0), 0, "no action is resolved");
    assert!(is_turn_of(&g, 1));
}

#[test]
fn upgrading_may_distribute_a_different_wedge() {
    let mut g = game(2);
    set_tokens(&mut g, 0, [2, 2, 2, 2, 3, 2]);
    act(&mut g, 0, Action::Upgrade { pos: 1 });
    act(&mut g, 0, Action::Distribute { pos: 4 });
    assert_eq!(tokens(&g, 0), [3, 3, 2, 2, 0, 3]);
    assert!(g.core.players[0].wheel[1].upgraded);
    assert!(!g.core.players[0].wheel[4].upgraded);
    assert_eq!(
        influence(&g, 0),
        0,
        "the distributed wedge's action is not resolved"
    );
    assert!(is_turn_of(&g, 1));
}

#[test]
fn skip_turn_distributes_one_wedge_without_resolving() {
    let mut g = game(2);
    for w in g.core.players[0].wheel.iter_mut() {
        w.upgraded = true;
    }
    set_tokens(&mut g, 0, [0, 4, 2, 2, 2, 2]);
    act(&mut g, 0, Action::SkipTurn);
    let l = legal(&g, 0);
    assert!(
        !l.contains(&Action::NoDistribute),
        "skipping must distribute"
    );
    assert!(
        !l.contains(&Action::Distribute { pos: 0 }),
        "an empty wedge cannot be sown"
    );
    act(&mut g, 0, Action::Distribute { pos: 1 });
    assert_eq!(tokens(&g, 0), [0, 0, 3, 3, 3, 3]);
    assert_eq!(influence(&g, 0), 0);
    assert!(is_turn_of(&g, 1));
}

#[test]
fn sowing_starts_on_the_next_wedge_clockwise() {
    let mut g = game(2);
    set_tokens(&mut g, 0, [2, 2, 2, 2, 2, 2]);
    resolve(&mut g, 0, Act::Influence, 3); // influence wedge at position 1
    assert_eq!(tokens(&g, 0), [2, 0, 3, 3, 3, 2]);
    assert_eq!(influence(&g, 0), 3);
    assert!(is_turn_of(&g, 1));
}

#[test]
fn sowing_wraps_around_onto_the_emptied_wedge() {
    let mut g = game(2);
    set_tokens(&mut g, 0, [0, 0, 0, 0, 0, 0]);
    resolve(&mut g, 0, Act::Influence, 8); // position 1
    assert_eq!(tokens(&g, 0), [1, 1, 2, 2, 1, 1]);
    assert_eq!(total_tokens(&g, 0), 8, "sowing keeps every token");
}

#[test]
fn split_offers_every_share_with_at_least_one_token_for_the_first_action() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    resolve_upgraded(&mut g, 0, 5, "travel_build", 3);
    assert_eq!(step(&g), Step::Split { pos: 5 });
    let mut expect = Vec::new();
    for first in [Act::Travel, Act::Build] {
        for tokens in 1..=3 {
            expect.push(Action::Split {
                first,
                tokens,
                giant: false,
            });
        }
    }
    expect.sort_unstable();
    assert_eq!(legal(&g, 0), expect);
    assert!(!is_legal(
        &g,
        0,
        Action::Split {
            first: Act::Travel,
            tokens: 0,
            giant: false
        }
    ));
    assert!(!is_legal(
        &g,
        0,
        Action::Split {
            first: Act::Crusade,
            tokens: 1,
            giant: false
        }
    ));
}

#[test]
fn split_resolves_the_second_action_after_the_first() {
    // Travel first: the build happens where the knight arrived.
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    let castle = build_cost(BuildingKind::Castle, 1);
    resolve_upgraded(&mut g, 0, 5, "travel_build", castle + 1);
    act(
        &mut g,
        0,
        Action::Split {
            first: Act::Travel,
            tokens: 1,
            giant: false,
        },
    );
    assert_eq!(step(&g), Step::Travel { points: 1 });
    let cologne = rid(&g, "cologne");
    act(
        &mut g,
        0,
        Action::Move {
            knight: 0,
            to: cologne,
        },
    );
    assert_eq!(
        step(&g),
        Step::Build { value: castle },
        "build follows the travel"
    );
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Castle,
            region: cologne,
        },
    );
    assert_eq!(
        g.core.regions[cologne.index()].buildings[0].map(|b| b.kind),
        Some(BuildingKind::Castle)
    );
    assert!(is_turn_of(&g, 1));

    // Build first: it happens where the knight stood before travelling.
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    let amiens = rid(&g, "amiens");
    resolve_upgraded(&mut g, 0, 5, "travel_build", castle + 1);
    act(
        &mut g,
        0,
        Action::Split {
            first: Act::Build,
            tokens: castle,
            giant: false,
        },
    );
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Castle,
            region: amiens,
        },
    );
    // Castle I uncovered a Travel bonus during the first action: it already counts.
    let bonus = revealed(&g, BuildingKind::Castle, 1, Act::Travel);
    assert_eq!(step(&g), Step::Travel { points: 1 + bonus });
    assert!(g.core.regions[amiens.index()].buildings[0].is_some());
}

#[test]
fn split_all_tokens_on_one_action_resolves_only_that_action() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    resolve_upgraded(&mut g, 0, 5, "travel_build", 2);
    act(
        &mut g,
        0,
        Action::Split {
            first: Act::Build,
            tokens: 2,
            giant: false,
        },
    );
    // Build with 2 cannot pay any level-I building in Amiens: nothing to build, and the
    // Travel action got no token so it is not resolved at all.
    assert!(is_turn_of(&g, 1));
    assert_eq!(knight_at(&g, 0, 0), region(&g, "amiens"));
    assert_eq!(tokens(&g, 0)[5], 0);
    assert_eq!(tokens(&g, 0)[0], 3, "sown from the wedge after position 5");
}

#[test]
fn split_permanent_bonuses_apply_to_each_resolved_action() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    g.core.players[0].bonus[Act::Travel.index()] = 1;
    g.core.players[0].bonus[Act::Build.index()] = build_cost(BuildingKind::Castle, 1) - 1;
    resolve_upgraded(&mut g, 0, 5, "travel_build", 2);
    act(
        &mut g,
        0,
        Action::Split {
            first: Act::Travel,
            tokens: 1,
            giant: false,
        },
    );
    assert_eq!(
        step(&g),
        Step::Travel { points: 2 },
        "1 token + 1 Travel bonus"
    );
    mv(&mut g, 0, 0, "champagne");
    mv(&mut g, 0, 0, "bavaria");
    let castle = build_cost(BuildingKind::Castle, 1);
    assert_eq!(
        step(&g),
        Step::Build { value: castle },
        "1 token + Build bonus"
    );
    build(&mut g, 0, BuildingKind::Castle, "bavaria");
    assert_eq!(g.core.players[0].off[BuildingKind::Castle.index()], 1);
}

// ---------- Travel (§6.1) ----------

#[test]
fn travel_leaving_a_region_costs_one_point() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    resolve(&mut g, 0, Act::Travel, 2);
    assert_eq!(step(&g), Step::Travel { points: 2 });
    let mut expect: Vec<Action> = g
        .board()
        .region(rid(&g, "amiens"))
        .neighbours
        .iter()
        .map(|&to| Action::Move { knight: 0, to })
        .collect();
    expect.push(Action::EndTravel);
    expect.sort_unstable();
    assert_eq!(legal(&g, 0), expect, "one step to any adjacent region");
    mv(&mut g, 0, 0, "champagne");
    assert_eq!(step(&g), Step::Travel { points: 1 });
    mv(&mut g, 0, 0, "bavaria");
    assert_eq!(knight_at(&g, 0, 0), region(&g, "bavaria"));
    assert!(
        is_turn_of(&g, 1),
        "no points left: the action ends by itself"
    );
}

#[test]
fn travel_leaving_an_enemy_region_costs_two_points() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Prussian);
    resolve(&mut g, 0, Act::Travel, 1);
    assert!(is_turn_of(&g, 1), "1 point cannot leave an enemy region");
    assert_eq!(knight_at(&g, 0, 0), region(&g, "cologne"));

    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Slav);
    resolve(&mut g, 0, Act::Travel, 3);
    mv(&mut g, 0, 0, "bavaria");
    assert_eq!(step(&g), Step::Travel { points: 1 }, "leaving cost 2");
    // Entering an enemy region costs nothing extra.
    put_enemy(&mut g, "saxony", Enemy::Prussian);
    mv(&mut g, 0, 0, "saxony");
    assert_eq!(knight_at(&g, 0, 0), region(&g, "saxony"));
    assert!(is_turn_of(&g, 1));
}

#[test]
fn travel_other_players_knights_never_block_or_cost() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    place_knight(&mut g, 1, 0, "amiens");
    place_knight(&mut g, 1, 1, "champagne");
    place_knight(&mut g, 1, 2, "bavaria");
    resolve(&mut g, 0, Act::Travel, 2);
    mv(&mut g, 0, 0, "champagne");
    assert_eq!(step(&g), Step::Travel { points: 1 });
    mv(&mut g, 0, 0, "bavaria");
    assert_eq!(knight_at(&g, 0, 0), region(&g, "bavaria"));
    assert_eq!(
        knight_at(&g, 1, 2),
        region(&g, "bavaria"),
        "regions are shared"
    );
}

#[test]
fn travel_points_are_split_among_knights() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    place_knight(&mut g, 0, 2, "dijon");
    resolve(&mut g, 0, Act::Travel, 2);
    assert!(is_legal(
        &g,
        0,
        Action::Move {
            knight: 2,
            to: rid(&g, "rome")
        }
    ));
    mv(&mut g, 0, 0, "cologne");
    mv(&mut g, 0, 2, "rome");
    assert_eq!(knight_at(&g, 0, 0), region(&g, "cologne"));
    assert_eq!(knight_at(&g, 0, 2), region(&g, "rome"));
    assert!(is_turn_of(&g, 1));
}

#[test]
fn travel_end_travel_loses_the_remaining_points() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "amiens");
    resolve(&mut g, 0, Act::Travel, 4);
    mv(&mut g, 0, 0, "champagne");
    assert_eq!(step(&g), Step::Travel { points: 3 });
    act(&mut g, 0, Action::EndTravel);
    assert!(is_turn_of(&g, 1));
    assert_eq!(knight_at(&g, 0, 0), region(&g, "champagne"));
    // Next turn the knight starts from scratch: no stored points.
    turn(&mut g, 0);
    g.core.players[0].wheel[2].tokens = 1;
    act(&mut g, 0, Action::Resolve { pos: 2 });
    assert_eq!(step(&g), Step::Travel { points: 1 });
}

#[test]
fn travel_without_knights_on_the_map_does_nothing() {
    let mut g = game(2);
    resolve(&mut g, 0, Act::Travel, 3);
    assert!(is_turn_of(&g, 1));
    assert_eq!(tokens(&g, 0)[2], 0, "the wedge is still emptied and sown");
}

// ---------- Muster (§6.2) ----------

#[test]
fn muster_needs_value_at_least_the_lowest_troop_cost() {
    let (cost, level) = game(2).tables().troops[0];
    let mut g = game(2);
    resolve(&mut g, 0, Act::Muster, cost - 1);
    assert_eq!(g.core.players[0].troops_up, 0);
    assert_eq!(influence(&g, 0), 0);
    assert!(is_turn_of(&g, 1), "a failed Muster still ends the turn");
    assert_eq!(tokens(&g, 0)[4], 0, "and its wedge is sown");

    let mut g = game(2);
    resolve(&mut g, 0, Act::Muster, cost);
    assert_eq!(g.core.players[0].troops_up, 1);
    assert_eq!(influence(&g, 0), i32::from(level));
    assert_eq!(g.supply(), 140 - i32::from(level));
}

#[test]
fn muster_flips_one_troop_and_scores_its_level() {
    let mut g = game(2);
    g.core.players[0].troops_up = 3;
    let (cost, level) = g.tables().troops[3];
    assert_eq!(level, 4, "troop slot 4 is level IV");
    resolve(&mut g, 0, Act::Muster, 9);
    assert!(cost <= 9);
    assert_eq!(
        g.core.players[0].troops_up, 4,
        "one troop per Muster however large X is"
    );
    assert_eq!(influence(&g, 0), 4);
    // All troops up: nothing left to muster.
    g.core.players[0].troops_up = 5;
    resolve(&mut g, 0, Act::Muster, 9);
    assert_eq!(g.core.players[0].troops_up, 5);
    assert_eq!(influence(&g, 0), 4);
}

#[test]
fn three_farms_give_plus_three_muster() {
    // The rulebook example: after Farms I-III every Muster gets +3.
    let mut g = game(2);
    for (k, key) in [(0, "bavaria"), (1, "prussia"), (2, "navarre")] {
        place_knight(&mut g, 0, k, key);
    }
    for (level, key) in [(1, "bavaria"), (2, "prussia"), (3, "navarre")] {
        let cost = build_cost(BuildingKind::Farm, level);
        resolve(&mut g, 0, Act::Build, cost);
        build(&mut g, 0, BuildingKind::Farm, key);
    }
    let bonus = g.core.players[0].bonus[Act::Muster.index()];
    assert_eq!(bonus, 3);
    assert_eq!(bonus, revealed(&g, BuildingKind::Farm, 3, Act::Muster));
    // A Muster with 1 token is now worth 4: it flips the cost-4 troop (slot 2).
    let slot = g
        .tables()
        .troops
        .iter()
        .position(|&(c, _)| c == 1 + bonus)
        .unwrap_or(usize::MAX);
    assert_eq!(slot, 1);
    let mut without = g.clone();
    without.core.players[0].bonus[Act::Muster.index()] = 0;
    for g in [&mut g, &mut without] {
        g.core.players[0].troops_up = slot as u8;
    }
    let before = influence(&g, 0);
    resolve(&mut g, 0, Act::Muster, 1);
    assert_eq!(g.core.players[0].troops_up, 2);
    assert_eq!(influence(&g, 0) - before, i32::from(g.tables().troops[1].1));
    resolve(&mut without, 0, Act::Muster, 1);
    assert_eq!(
        without.core.players[0].troops_up, 1,
        "fails without the farms"
    );
}

// ---------- Crusade (§6.3) ----------

#[test]
fn crusade_prussian_scores_its_strength_then_the_track_advances() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Prussian);
    let strength = g.strength(EnemyKind::Prussian);
    assert_eq!(strength, g.tables().prussian_track[0]);
    resolve(&mut g, 0, Act::Crusade, strength);
    assert_eq!(step(&g), Step::Crusade { value: strength });
    crusade(&mut g, 0, "cologne");
    assert_eq!(influence(&g, 0), i32::from(strength));
    assert_eq!(g.core.tracks, [1, 0], "only the Prussian track advances");
    assert!(g.strength(EnemyKind::Prussian) > strength);
    assert_eq!(g.core.players[0].defeated, [1, 0, 0]);
    assert_eq!(
        g.core.regions[usize::from(region(&g, "cologne"))].enemy,
        None
    );
    assert_eq!(
        knight_at(&g, 0, 0),
        region(&g, "cologne"),
        "the knight stays"
    );
    assert!(is_turn_of(&g, 1));
}

#[test]
fn crusade_below_strength_is_not_possible() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Slav);
    g.core.tracks = [0, 2];
    let strength = g.strength(EnemyKind::Slav);
    assert_eq!(strength, g.tables().slav_track[2]);
    let mut weak = g.clone();
    resolve(&mut weak, 0, Act::Crusade, strength - 1);
    assert!(is_turn_of(&weak, 1), "no target: the action has no effect");
    assert!(weak.core.regions[usize::from(region(&weak, "cologne"))]
        .enemy
        .is_some());
    assert_eq!(influence(&weak, 0), 0);
    resolve(&mut g, 0, Act::Crusade, strength);
    crusade(&mut g, 0, "cologne");
    assert_eq!(influence(&g, 0), i32::from(strength));
    assert_eq!(g.core.tracks, [0, 3]);
}

#[test]
fn crusade_can_be_declined() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Prussian);
    resolve(&mut g, 0, Act::Crusade, 5);
    act(&mut g, 0, Action::Forgo);
    assert!(g.core.regions[usize::from(region(&g, "cologne"))]
        .enemy
        .is_some());
    assert_eq!(influence(&g, 0), 0);
    assert!(is_turn_of(&g, 1));
}

#[test]
fn crusade_track_stays_at_its_last_space() {
    let mut g = game(2);
    let last = g.tables().prussian_track.len() - 1;
    g.core.tracks = [last as u8, 0];
    let top = g.strength(EnemyKind::Prussian);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Prussian);
    resolve(&mut g, 0, Act::Crusade, top);
    crusade(&mut g, 0, "cologne");
    assert_eq!(influence(&g, 0), i32::from(top));
    assert_eq!(g.core.tracks, [last as u8, 0]);
    assert_eq!(g.strength(EnemyKind::Prussian), top);
}

#[test]
fn crusade_mustered_troops_and_castles_add_strength() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Prussian);
    g.core.tracks = [2, 0];
    let strength = g.strength(EnemyKind::Prussian);
    // Castles I-II built: their revealed Crusade bonus plus two face-up troops.
    g.core.players[0].off[BuildingKind::Castle.index()] = 3;
    let castle = revealed(&g, BuildingKind::Castle, 2, Act::Crusade);
    g.core.players[0].bonus[Act::Crusade.index()] = castle;
    g.core.players[0].troops_up = 2;
    let x = strength - 2 - castle;
    assert!(x >= 1);
    let mut bare = g.clone();
    bare.core.players[0].troops_up = 0;
    bare.core.players[0].bonus = [0; 5];
    resolve(&mut g, 0, Act::Crusade, x);
    assert_eq!(step(&g), Step::Crusade { value: strength });
    crusade(&mut g, 0, "cologne");
    assert_eq!(influence(&g, 0), i32::from(strength));
    resolve(&mut bare, 0, Act::Crusade, x);
    assert!(is_turn_of(&bare, 1), "too weak without troops and castles");
    assert_eq!(influence(&bare, 0), 0);
}

#[test]
fn crusade_saracen_has_strength_six() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Saracen(SaracenFace::Troop));
    g.core.tracks = [10, 10];
    assert_eq!(g.strength(EnemyKind::Saracen), 6);
    let mut weak = g.clone();
    resolve(&mut weak, 0, Act::Crusade, 5);
    assert!(is_turn_of(&weak, 1));
    resolve(&mut g, 0, Act::Crusade, 6);
    crusade(&mut g, 0, "cologne");
    assert_eq!(g.core.players[0].defeated, [0, 0, 1]);
    assert_eq!(g.core.tracks, [10, 10], "Saracens have no track");
}

#[test]
fn saracen_building_reward_is_placed_free_in_its_region() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    let cologne = rid(&g, "cologne");
    put_enemy(
        &mut g,
        "cologne",
        Enemy::Saracen(SaracenFace::Building(BuildingKind::Church)),
    );
    g.core.players[0].off[BuildingKind::Church.index()] = 1;
    resolve(&mut g, 0, Act::Crusade, 6);
    act(&mut g, 0, Action::Crusade { region: cologne });
    assert_eq!(
        legal(&g, 0),
        [
            Action::SaracenReward { take: false },
            Action::SaracenReward { take: true }
        ]
    );
    act(&mut g, 0, Action::SaracenReward { take: true });
    assert_eq!(
        g.core.regions[cologne.index()].buildings[0],
        Some(Placed {
            owner: 0,
            kind: BuildingKind::Church,
            level: 2
        })
    );
    assert_eq!(g.core.players[0].off[BuildingKind::Church.index()], 3);
    assert_eq!(
        influence(&g, 0),
        2,
        "Influence = the building's level, nothing for the fight"
    );
    let church2 = g.tables().buildings[BuildingKind::Church.index()][1]
        .reveal
        .bonus;
    assert_eq!(g.core.players[0].bonus, church2, "its bonus is uncovered");
    assert!(is_turn_of(&g, 1));
}

#[test]
fn saracen_castle_reward_releases_a_knight_into_that_region() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    let cologne = region(&g, "cologne");
    put_enemy(
        &mut g,
        "cologne",
        Enemy::Saracen(SaracenFace::Building(BuildingKind::Castle)),
    );
    resolve(&mut g, 0, Act::Crusade, 6);
    act(
        &mut g,
        0,
        Action::Crusade {
            region: RegionId(cologne),
        },
    );
    act(&mut g, 0, Action::SaracenReward { take: true });
    assert_eq!(g.core.players[0].off[BuildingKind::Castle.index()], 1);
    assert_eq!(knight_at(&g, 0, 1), cologne);
    assert_eq!(influence(&g, 0), 1);
}

#[test]
fn saracen_troop_reward_flips_the_next_troop() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    put_enemy(&mut g, "cologne", Enemy::Saracen(SaracenFace::Troop));
    g.core.players[0].troops_up = 1;
    resolve(&mut g, 0, Act::Crusade, 5); // 5 tokens + 1 troop = 6
    crusade(&mut g, 0, "cologne");
    act(&mut g, 0, Action::SaracenReward { take: true });
    assert_eq!(g.core.players[0].troops_up, 2);
    assert_eq!(influence(&g, 0), i32::from(g.tables().troops[1].1));
}

#[test]
fn saracen_reward_declined_gives_three_influence() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    let cologne = rid(&g, "cologne");
    put_enemy(
        &mut g,
        "cologne",
        Enemy::Saracen(SaracenFace::Building(BuildingKind::Bank)),
    );
    resolve(&mut g, 0, Act::Crusade, 6);
    act(&mut g, 0, Action::Crusade { region: cologne });
    act(&mut g, 0, Action::SaracenReward { take: false });
    assert_eq!(influence(&g, 0), 3);
    assert_eq!(g.core.players[0].off, [0; 8]);
    assert_eq!(g.core.regions[cologne.index()].buildings[0], None);
    assert_eq!(g.core.players[0].defeated, [0, 0, 1]);
}

#[test]
fn saracen_reward_of_an_exhausted_type_gives_three_influence() {
    for (face, full) in [
        (SaracenFace::Building(BuildingKind::Farm), "farms"),
        (SaracenFace::Troop, "troops"),
    ] {
        let mut g = game(2);
        place_knight(&mut g, 0, 0, "cologne");
        put_enemy(&mut g, "cologne", Enemy::Saracen(face));
        g.core.players[0].off[BuildingKind::Farm.index()] = 15;
        g.core.players[0].troops_up = 5;
        resolve(&mut g, 0, Act::Crusade, 1);
        crusade(&mut g, 0, "cologne");
        assert!(
            is_turn_of(&g, 1),
            "no reward choice when all {full} are used"
        );
        assert_eq!(influence(&g, 0), 3);
    }
}

// ---------- Influence (§6.4) ----------

#[test]
fn influence_action_takes_its_value_from_the_supply() {
    let mut g = game(2);
    resolve(&mut g, 0, Act::Influence, 4);
    assert_eq!(influence(&g, 0), 4);
    assert_eq!(g.supply(), 140 - 4);
    // Church I uncovers +Influence: it applies to later Influence actions.
    let church = revealed(&g, BuildingKind::Church, 1, Act::Influence);
    assert!(church > 0);
    g.core.players[1].bonus[Act::Influence.index()] = church;
    resolve(&mut g, 1, Act::Influence, 2);
    assert_eq!(influence(&g, 1), i32::from(2 + church));
    assert_eq!(g.supply(), 140 - 4 - i32::from(2 + church));
}

// ---------- Build (§6.5) ----------

#[test]
fn build_costs_the_lowest_remaining_level_and_scores_its_level() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "bavaria");
    g.core.players[0].off[BuildingKind::Castle.index()] = 1;
    g.core.players[0].knights[1] = region(&g, "navarre"); // released earlier by Castle I
    let cost2 = build_cost(BuildingKind::Castle, 2);
    let mut short = g.clone();
    resolve(&mut short, 0, Act::Build, cost2 - 1);
    assert!(!builds_offered(&short, 0).contains(&(BuildingKind::Castle, region(&short, "bavaria"))));
    resolve(&mut g, 0, Act::Build, cost2);
    build(&mut g, 0, BuildingKind::Castle, "bavaria");
    assert_eq!(
        g.core.regions[usize::from(region(&g, "bavaria"))].buildings[0],
        Some(Placed {
            owner: 0,
            kind: BuildingKind::Castle,
            level: 2
        })
    );
    assert_eq!(influence(&g, 0), 2);
    assert_eq!(g.core.players[0].off[BuildingKind::Castle.index()], 3);
}

#[test]
fn build_needs_own_knight_no_enemy_and_no_building() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "bavaria"); // free
    place_knight(&mut g, 0, 1, "cologne"); // enemy
    place_knight(&mut g, 0, 2, "prussia"); // opponent's building
    place_knight(&mut g, 1, 0, "navarre"); // only an opponent's knight
    put_enemy(&mut g, "cologne", Enemy::Prussian);
    let prussia = usize::from(region(&g, "prussia"));
    g.core.regions[prussia].buildings[0] = Some(Placed {
        owner: 1,
        kind: BuildingKind::Farm,
        level: 1,
    });
    resolve(&mut g, 0, Act::Build, 9);
    let bavaria = region(&g, "bavaria");
    let regions: Vec<u8> = builds_offered(&g, 0).into_iter().map(|(_, r)| r).collect();
    assert_eq!(
        regions, [bavaria; 4],
        "one option per building type, all in Bavaria"
    );
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Bank,
            region: RegionId(bavaria),
        },
    );
    // The region is now full: another build there is impossible, even for another type.
    resolve(&mut g, 0, Act::Build, 9);
    assert!(is_turn_of(&g, 1), "nowhere left to build");
    assert_eq!(g.core.players[0].off, [0, 0, 0, 1, 0, 0, 0, 0]);
}

#[test]
fn build_printed_region_discount_reduces_the_cost() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "rouen"); // printed Castle -1
    place_knight(&mut g, 0, 1, "amiens");
    let rouen = g.board().region(rid(&g, "rouen")).discount;
    assert_eq!(rouen, Some((BuildingKind::Castle, 1)));
    let castle = build_cost(BuildingKind::Castle, 1);
    resolve(&mut g, 0, Act::Build, castle - 1);
    assert_eq!(
        legal(&g, 0),
        [
            Action::Build {
                building: BuildingKind::Castle,
                region: rid(&g, "rouen")
            },
            Action::Forgo
        ]
    );
    build(&mut g, 0, BuildingKind::Castle, "rouen");
    assert_eq!(influence(&g, 0), 1);
}

#[test]
fn build_tile_discount_and_tile_influence_apply_to_their_type() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "bavaria");
    place_knight(&mut g, 0, 1, "prussia");
    let bavaria = region(&g, "bavaria");
    let prussia = region(&g, "prussia");
    g.core.regions[usize::from(bavaria)].tile = Some(BonusTile::Discount {
        building: BuildingKind::Farm,
        amount: 1,
    });
    g.core.regions[usize::from(prussia)].tile = Some(BonusTile::Influence {
        building: BuildingKind::Bank,
        amount: 1,
    });
    let farm = build_cost(BuildingKind::Farm, 1);
    resolve(&mut g, 0, Act::Build, farm - 1);
    assert_eq!(builds_offered(&g, 0), [(BuildingKind::Farm, bavaria)]);
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Farm,
            region: RegionId(bavaria),
        },
    );
    assert_eq!(influence(&g, 0), 1, "a discount tile adds no Influence");
    let bank = build_cost(BuildingKind::Bank, 1);
    resolve(&mut g, 0, Act::Build, bank);
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Bank,
            region: RegionId(prussia),
        },
    );
    assert_eq!(influence(&g, 0), 1 + 1 + 1, "Bank I: level 1 + tile 1");
}

#[test]
fn build_tile_influence_does_not_apply_to_other_types() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "prussia");
    let prussia = region(&g, "prussia");
    g.core.regions[usize::from(prussia)].tile = Some(BonusTile::Influence {
        building: BuildingKind::Bank,
        amount: 1,
    });
    resolve(&mut g, 0, Act::Build, build_cost(BuildingKind::Church, 1));
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Church,
            region: RegionId(prussia),
        },
    );
    assert_eq!(influence(&g, 0), 1);
}

#[test]
fn build_uncovered_bonuses_are_permanent_and_cumulative() {
    let mut g = game(2);
    for (k, key) in [(0, "bavaria"), (1, "prussia"), (2, "navarre")] {
        place_knight(&mut g, 0, k, key);
    }
    let bank1 = build_cost(BuildingKind::Bank, 1);
    resolve(&mut g, 0, Act::Build, bank1);
    build(&mut g, 0, BuildingKind::Bank, "bavaria");
    let build_bonus = revealed(&g, BuildingKind::Bank, 1, Act::Build);
    assert!(build_bonus > 0);
    assert_eq!(g.core.players[0].bonus[Act::Build.index()], build_bonus);
    // Bank II is now affordable with fewer tokens thanks to Bank I.
    let bank2 = build_cost(BuildingKind::Bank, 2);
    resolve(&mut g, 0, Act::Build, bank2 - build_bonus);
    build(&mut g, 0, BuildingKind::Bank, "prussia");
    let mut expect = [0u8; 5];
    for l in 0..2 {
        for (e, b) in expect.iter_mut().zip(
            g.tables().buildings[BuildingKind::Bank.index()][l]
                .reveal
                .bonus,
        ) {
            *e += b;
        }
    }
    assert_eq!(
        g.core.players[0].bonus, expect,
        "Bank I and II bonuses add up"
    );
    assert_eq!(influence(&g, 0), 1 + 2);
}

#[test]
fn castles_release_the_waiting_knights_into_their_region() {
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "bavaria");
    let releases: Vec<bool> = g.tables().buildings[BuildingKind::Castle.index()]
        .iter()
        .map(|s| s.reveal.knight)
        .collect();
    assert_eq!(releases, [true, true, false, false]);
    let bavaria = region(&g, "bavaria");
    resolve(&mut g, 0, Act::Build, build_cost(BuildingKind::Castle, 1));
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Castle,
            region: RegionId(bavaria),
        },
    );
    assert_eq!(g.core.players[0].knights, [bavaria, bavaria, OFF, OFF]);
    // Move the new knight on and build Castle II there.
    g.core.players[0].knights[1] = region(&g, "austria");
    let austria = region(&g, "austria");
    resolve(&mut g, 0, Act::Build, build_cost(BuildingKind::Castle, 2));
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Castle,
            region: RegionId(austria),
        },
    );
    assert_eq!(g.core.players[0].knights, [bavaria, austria, austria, OFF]);
    // Castle III releases nobody: no knight is waiting any more.
    g.core.players[0].knights[2] = region(&g, "hungary");
    let hungary = region(&g, "hungary");
    resolve(&mut g, 0, Act::Build, build_cost(BuildingKind::Castle, 3));
    act(
        &mut g,
        0,
        Action::Build {
            building: BuildingKind::Castle,
            region: RegionId(hungary),
        },
    );
    assert_eq!(g.core.players[0].knights, [bavaria, austria, hungary, OFF]);
}

// ---------- end of the game (§10.1) ----------

#[test]
fn emptying_the_supply_finishes_the_round() {
    let mut g = game(3);
    g.core.start = 1; // turn order 1, 2, 0
    g.core.supply = 2;
    resolve(&mut g, 2, Act::Influence, 3);
    assert!(g.core.end_triggered);
    assert_eq!(g.supply(), -1);
    assert!(
        is_turn_of(&g, 0),
        "seat 0 still plays: the round is finished"
    );
    resolve(&mut g, 0, Act::Influence, 4);
    assert_eq!(
        g.core.phase,
        Phase::Over,
        "the start player does not play again"
    );
    assert!(matches!(g.to_act(), ToAct::Over(_)));
    let s = final_scores(&g);
    assert_eq!(
        s[0].influence, 4,
        "Influence after the supply is empty still counts"
    );
    assert_eq!(s[2].influence, 3);
}

#[test]
fn the_last_player_emptying_the_supply_ends_the_game_at_once() {
    let mut g = game(2);
    g.core.supply = 5;
    resolve(&mut g, 0, Act::Influence, 2);
    assert!(!g.core.end_triggered);
    resolve(&mut g, 1, Act::Influence, 3);
    assert!(g.core.end_triggered, "reaching exactly 0 triggers the end");
    assert_eq!(g.core.phase, Phase::Over);
    assert!(legal(&g, 0).is_empty());
}

// ---------- final scoring (§7.2, §10.2) ----------

#[test]
fn majority_awards_follow_the_examples() {
    let mut g = game(4);
    let counts = [[2, 3, 0], [2, 1, 2], [2, 1, 1], [1, 0, 0]];
    for (p, c) in g.core.players.iter_mut().zip(counts) {
        p.defeated = c;
    }
    finish(&mut g);
    let s = final_scores(&g);
    let by_kind =
        |k: EnemyKind| -> Vec<i32> { s.iter().map(|x| x.majorities[k.index()]).collect() };
    assert_eq!(
        by_kind(EnemyKind::Prussian),
        [3, 3, 3, 0],
        "2,2,2,1: tie for first, no second"
    );
    assert_eq!(
        by_kind(EnemyKind::Slav),
        [5, 1, 1, 0],
        "3,1,1,0: second place tied"
    );
    assert_eq!(
        by_kind(EnemyKind::Saracen),
        [0, 5, 2, 0],
        "0,2,1,0: a player with 0 gets nothing"
    );
    assert_eq!(s[0].total, 3 + 5);
}

#[test]
fn castle_iv_scores_four_per_complete_enemy_set() {
    let mut g = game(2);
    g.core.players[0].off[BuildingKind::Castle.index()] = 15;
    g.core.players[0].defeated = [3, 2, 5];
    g.core.players[1].off[BuildingKind::Castle.index()] = 7;
    g.core.players[1].defeated = [3, 2, 5];
    finish(&mut g);
    let s = final_scores(&g);
    assert_eq!(s[0].buildings, 8, "two full Saracen+Prussian+Slav sets");
    assert_eq!(s[1].buildings, 0, "Castle III scores nothing");
}

#[test]
fn church_iv_scores_six() {
    let mut g = game(2);
    g.core.players[1].off[BuildingKind::Church.index()] = 15;
    g.core.players[1].influence = 10;
    finish(&mut g);
    let s = final_scores(&g);
    assert_eq!(s[1].buildings, 6);
    assert_eq!(s[1].total, 16);
    assert_eq!(s[0].buildings, 0);
}

#[test]
fn farm_iv_scores_knights_on_the_map_and_face_up_troops() {
    let mut g = game(2);
    g.core.players[0].off[BuildingKind::Farm.index()] = 15;
    place_knight(&mut g, 0, 0, "bavaria");
    place_knight(&mut g, 0, 1, "navarre");
    g.core.players[0].troops_up = 3;
    finish(&mut g);
    assert_eq!(final_scores(&g)[0].buildings, 2 + 3);
}

#[test]
fn bank_iv_scores_four_per_own_level_four_building_including_itself() {
    let mut g = game(2);
    g.core.players[0].off = [0, 15, 7, 15, 0, 0, 0, 0]; // Church IV and Bank IV
    g.core.players[1].off = [0, 0, 0, 15, 0, 0, 0, 0]; // Bank IV alone
                                                       // Level-IV buildings count where they stand on the map.
    for (key, owner, kind) in [
        ("bavaria", 0, BuildingKind::Church),
        ("navarre", 0, BuildingKind::Bank),
        ("lombardy", 1, BuildingKind::Bank),
    ] {
        let r = usize::from(region(&g, key));
        g.core.regions[r].buildings[0] = Some(Placed {
            owner,
            kind,
            level: 4,
        });
    }
    finish(&mut g);
    let s = final_scores(&g);
    assert_eq!(s[0].buildings, 4 * 2 + 6, "Bank IV 8 + Church IV 6");
    assert_eq!(s[1].buildings, 4);
}

#[test]
fn final_ties_go_to_the_earlier_player_in_turn_order() {
    for start in [0u8, 1] {
        let mut g = game(2);
        g.core.start = start;
        g.core.players[0].influence = 20;
        g.core.players[1].influence = 20;
        finish(&mut g);
        let ToAct::Over(outcome) = g.to_act() else {
            panic!("game over expected")
        };
        assert_eq!(outcome.scores[Seat(0)], outcome.scores[Seat(1)]);
        assert_eq!(
            outcome.winner(),
            Seat(start),
            "start player {start} wins the tie"
        );
        assert_eq!(outcome.places[Seat(1 - start)], 1);
    }
}

// ---------- knight orders (§12) ----------

#[test]
fn order_alcantara_has_13_tokens_and_a_setup_upgrade() {
    let mut g = with_orders(&[Order::Alcantara, Order::Teutonic]);
    assert_eq!(g.core.players[0].order, Some(Order::Alcantara));
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)));
    let l = legal(&g, 0);
    assert_eq!(
        l,
        (0..6)
            .map(|pos| Action::SetupToken { pos })
            .collect::<Vec<_>>()
    );
    act(&mut g, 0, Action::SetupToken { pos: 4 });
    assert_eq!(legal(&g, 0).len(), 6, "then upgrade any wedge");
    act(&mut g, 0, Action::SetupUpgrade { pos: 2 });
    assert_eq!(total_tokens(&g, 0), 13);
    assert_eq!(tokens(&g, 0)[4], 3);
    assert!(g.core.players[0].wheel[2].upgraded);
    // No distribution on a setup upgrade, and the other seat is unchanged.
    assert_eq!(tokens(&g, 0), [2, 2, 2, 2, 3, 2]);
    assert_eq!(total_tokens(&g, 1), 12);
    assert!(g.core.players[1].wheel.iter().all(|w| !w.upgraded));
    assert!(matches!(g.core.phase, Phase::Start { .. }));
}

#[test]
fn order_aviz_has_13_tokens_and_may_sow_onto_the_origin() {
    let mut g = with_orders(&[Order::Aviz, Order::Montesa]);
    act(&mut g, 0, Action::SetupToken { pos: 1 });
    assert_eq!(total_tokens(&g, 0), 13);
    assert_eq!(total_tokens(&g, 1), 12);
    play_starts(&mut g);
    into_turn(&mut g);
    let mut plain = g.clone();
    plain.core.players[0].order = None;
    // Influence wedge (position 1) with 3 tokens.
    resolve(&mut g, 0, Act::Influence, 3);
    let origin = Action::Sow {
        choice: SowChoice {
            origin: true,
            ..SowChoice::default()
        },
    };
    assert_eq!(
        legal(&g, 0),
        [
            Action::Sow {
                choice: SowChoice::default()
            },
            origin
        ]
    );
    act(&mut g, 0, origin);
    assert_eq!(tokens(&g, 0), [2, 1, 3, 3, 2, 2]);
    resolve(&mut plain, 0, Act::Influence, 3);
    assert!(is_turn_of(&plain, 1), "no sowing choice without the order");
    assert_eq!(tokens(&plain, 0), [2, 0, 3, 3, 3, 2]);
}

#[test]
fn order_santiago_upgrades_a_wedge_and_may_sow_onto_the_origin() {
    let mut g = with_orders(&[Order::Teutonic, Order::Santiago]);
    assert_eq!(
        g.to_act(),
        ToAct::Seat(Seat(1)),
        "Teutonic has no setup task"
    );
    act(&mut g, 1, Action::SetupUpgrade { pos: 3 });
    assert!(g.core.players[1].wheel[3].upgraded);
    assert_eq!(total_tokens(&g, 1), 12);
    play_starts(&mut g);
    into_turn(&mut g);
    resolve(&mut g, 1, Act::Muster, 2);
    act(
        &mut g,
        1,
        Action::Sow {
            choice: SowChoice {
                origin: true,
                ..SowChoice::default()
            },
        },
    );
    // Muster is at position 4: one token back on it, one on position 5.
    assert_eq!(tokens(&g, 1), [2, 2, 2, 2, 1, 3]);
}

#[test]
fn order_calatrava_has_six_tokens_and_adds_one_to_every_action() {
    let mut g = with_orders(&[Order::Calatrava, Order::Montesa]);
    assert_eq!(tokens(&g, 0), [1; 6]);
    assert_eq!(total_tokens(&g, 1), 12);
    play_starts(&mut g);
    into_turn(&mut g);
    let cost = g.tables().troops[0].0;
    let mut plain = g.clone();
    plain.core.players[0].order = None;
    resolve(&mut g, 0, Act::Muster, cost - 1);
    assert_eq!(g.core.players[0].troops_up, 1, "X + 1 reaches the cost");
    resolve(&mut plain, 0, Act::Muster, cost - 1);
    assert_eq!(
        plain.core.players[0].troops_up, 0,
        "fails without Calatrava"
    );
    // Influence: X + 1.
    let before = influence(&g, 0);
    resolve(&mut g, 0, Act::Influence, 1);
    assert_eq!(influence(&g, 0) - before, 2);
}

#[test]
fn order_calatrava_adds_one_to_each_action_of_a_split_wedge() {
    let mut g = with_orders(&[Order::Calatrava, Order::Montesa]);
    play_starts(&mut g);
    into_turn(&mut g);
    g.core.players[0].knights = [region(&g, "amiens"), OFF, OFF, OFF];
    let castle = build_cost(BuildingKind::Castle, 1);
    resolve_upgraded(&mut g, 0, 5, "travel_build", castle);
    act(
        &mut g,
        0,
        Action::Split {
            first: Act::Travel,
            tokens: 1,
            giant: false,
        },
    );
    assert_eq!(step(&g), Step::Travel { points: 2 });
    mv(&mut g, 0, 0, "champagne");
    mv(&mut g, 0, 0, "bavaria");
    assert_eq!(
        step(&g),
        Step::Build { value: castle },
        "(cost - 1) tokens + 1"
    );
}

#[test]
fn order_holy_sepulchre_gets_a_token_per_travel_wedge_and_travels_one_less() {
    let mut g = with_orders(&[Order::HolySepulchre, Order::Montesa]);
    // First Standard: Travel wedges at positions 2 and 5.
    assert_eq!(tokens(&g, 0), [2, 2, 3, 2, 2, 3]);
    assert_eq!(total_tokens(&g, 0), 14);
    play_starts(&mut g);
    into_turn(&mut g);
    g.core.players[0].knights = [region(&g, "amiens"), OFF, OFF, OFF];
    let mut plain = g.clone();
    plain.core.players[0].order = None;
    resolve(&mut g, 0, Act::Travel, 2);
    assert_eq!(step(&g), Step::Travel { points: 1 });
    mv(&mut g, 0, 0, "champagne");
    assert!(is_turn_of(&g, 1), "only one step");
    resolve(&mut plain, 0, Act::Travel, 2);
    assert_eq!(step(&plain), Step::Travel { points: 2 });
    // Never below 0: one token is worth nothing.
    let mut one = g.clone();
    resolve(&mut one, 0, Act::Travel, 1);
    assert!(is_turn_of(&one, 1));
    assert_eq!(knight_at(&one, 0, 0), region(&one, "champagne"));
}

#[test]
fn order_hospitaller_has_11_tokens_and_may_skip_a_wedge_while_sowing() {
    let mut g = with_orders(&[Order::Hospitaller, Order::Montesa]);
    let l = legal(&g, 0);
    assert_eq!(
        l,
        (0..6)
            .map(|pos| Action::SetupSingle { pos })
            .collect::<Vec<_>>()
    );
    act(&mut g, 0, Action::SetupSingle { pos: 0 });
    assert_eq!(tokens(&g, 0), [1, 2, 2, 2, 2, 2]);
    play_starts(&mut g);
    into_turn(&mut g);
    let mut plain = g.clone();
    plain.core.players[0].order = None;
    resolve(&mut g, 0, Act::Influence, 2); // position 1
    let skip = Action::Sow {
        choice: SowChoice {
            skip: Some(2),
            ..SowChoice::default()
        },
    };
    assert!(is_legal(&g, 0, skip));
    act(&mut g, 0, skip);
    assert_eq!(tokens(&g, 0), [1, 0, 2, 3, 3, 2], "position 2 skipped");
    resolve(&mut plain, 0, Act::Influence, 2);
    assert_eq!(tokens(&plain, 0), [1, 0, 3, 3, 2, 2]);
}

#[test]
fn order_montesa_places_the_black_knight_and_travels_one_more() {
    let mut g = with_orders(&[Order::Montesa, Order::Teutonic]);
    assert!(
        matches!(g.core.phase, Phase::Start { .. }),
        "no setup decisions"
    );
    play_starts(&mut g);
    let start = knight_at(&g, 0, 0);
    assert_ne!(start, OFF);
    assert_eq!(
        knight_at(&g, 0, 3),
        start,
        "black knight in the start region"
    );
    assert_eq!(
        g.core.players[1]
            .knights
            .iter()
            .filter(|&&k| k != OFF)
            .count(),
        1
    );
    into_turn(&mut g);
    let mut plain = g.clone();
    plain.core.players[0].order = None;
    resolve(&mut g, 0, Act::Travel, 1);
    assert_eq!(step(&g), Step::Travel { points: 2 });
    resolve(&mut plain, 0, Act::Travel, 1);
    assert_eq!(step(&plain), Step::Travel { points: 1 });
}

#[test]
fn order_st_lazarus_has_11_tokens_and_three_setup_upgrades() {
    let mut g = with_orders(&[Order::StLazarus, Order::Montesa]);
    act(&mut g, 0, Action::SetupSingle { pos: 5 });
    act(&mut g, 0, Action::SetupUpgrade { pos: 0 });
    assert!(
        !is_legal(&g, 0, Action::SetupUpgrade { pos: 0 }),
        "already upgraded"
    );
    act(&mut g, 0, Action::SetupUpgrade { pos: 2 });
    act(&mut g, 0, Action::SetupUpgrade { pos: 4 });
    assert_eq!(total_tokens(&g, 0), 11);
    let up: Vec<bool> = g.core.players[0].wheel.iter().map(|w| w.upgraded).collect();
    assert_eq!(up, [true, false, true, false, true, false]);
    assert!(matches!(g.core.phase, Phase::Start { .. }));
    assert!(g.core.players[1].wheel.iter().all(|w| !w.upgraded));
}

#[test]
fn order_templar_has_10_tokens_and_may_drop_two_on_one_wedge_once() {
    let mut g = with_orders(&[Order::Templar, Order::Montesa]);
    act(&mut g, 0, Action::SetupSingle { pos: 0 });
    assert!(
        !is_legal(&g, 0, Action::SetupSingle { pos: 0 }),
        "two different wedges"
    );
    act(&mut g, 0, Action::SetupSingle { pos: 3 });
    assert_eq!(tokens(&g, 0), [1, 2, 2, 1, 2, 2]);
    assert_eq!(total_tokens(&g, 0), 10);
    play_starts(&mut g);
    into_turn(&mut g);
    set_tokens(&mut g, 0, [0, 0, 0, 0, 0, 0]);
    let mut plain = g.clone();
    plain.core.players[0].order = None;
    resolve(&mut g, 0, Act::Influence, 9); // position 1
    let double = Action::Sow {
        choice: SowChoice {
            double: Some(3),
            ..SowChoice::default()
        },
    };
    act(&mut g, 0, double);
    assert_eq!(
        tokens(&g, 0),
        [1, 1, 2, 3, 1, 1],
        "two on position 3 the first time, one on the second lap"
    );
    resolve(&mut plain, 0, Act::Influence, 9);
    assert_eq!(tokens(&plain, 0), [1, 1, 2, 2, 2, 1]);
}

#[test]
fn every_order_starts_with_the_tokens_its_data_names() {
    // The data's token count is printed card text; the engine's setup must produce it.
    for def in &tables().orders {
        let other = if def.order == Order::Teutonic {
            Order::Montesa
        } else {
            Order::Teutonic
        };
        let mut g = with_orders(&[def.order, other]);
        while !matches!(g.core.phase, Phase::Start { .. }) {
            let ToAct::Seat(s) = g.to_act() else {
                panic!("{:?}: setup choices are made one seat at a time", def.order)
            };
            let first = legal(&g, s.0)[0];
            act(&mut g, s.0, first);
        }
        assert_eq!(
            total_tokens(&g, 0),
            u32::from(def.tokens),
            "{:?} starts with the data's token count",
            def.order
        );
    }
}

#[test]
fn order_teutonic_may_sow_counter_clockwise() {
    let mut g = with_orders(&[Order::Montesa, Order::Teutonic]);
    play_starts(&mut g);
    into_turn(&mut g);
    let mut plain = g.clone();
    plain.core.players[1].order = None;
    resolve(&mut g, 1, Act::Influence, 3); // position 1
    let ccw = Action::Sow {
        choice: SowChoice {
            ccw: true,
            ..SowChoice::default()
        },
    };
    assert_eq!(
        legal(&g, 1),
        [
            Action::Sow {
                choice: SowChoice::default()
            },
            ccw
        ]
    );
    act(&mut g, 1, ccw);
    assert_eq!(tokens(&g, 1), [3, 0, 2, 2, 3, 3]);
    resolve(&mut plain, 1, Act::Influence, 3);
    assert_eq!(tokens(&plain, 1), [2, 0, 3, 3, 3, 2]);
}

#[test]
fn order_powers_apply_to_upgrade_turn_distributions() {
    let mut g = with_orders(&[Order::Teutonic, Order::Montesa]);
    play_starts(&mut g);
    into_turn(&mut g);
    act(&mut g, 0, Action::Upgrade { pos: 0 });
    act(&mut g, 0, Action::Distribute { pos: 1 });
    act(
        &mut g,
        0,
        Action::Sow {
            choice: SowChoice {
                ccw: true,
                ..SowChoice::default()
            },
        },
    );
    assert_eq!(tokens(&g, 0), [3, 0, 2, 2, 2, 3]);
    assert!(is_turn_of(&g, 1));
}

// ---------- judgement calls (docs/rules-decisions.md) ----------

#[test]
fn learning_variant_keeps_order_setup_upgrades() {
    // C13: the Upgrade turn option is gone in the Learning game, setup upgrades are not.
    let cfg = Config {
        players: 2,
        variant: Variant::Learning,
        orders: true,
        calatrava_third: true,
        ..Config::default()
    };
    let mut g = new(&cfg, 3);
    g.core.start = 0;
    for (p, o) in g
        .core
        .players
        .iter_mut()
        .zip([Order::Santiago, Order::Montesa])
    {
        p.offered.clear();
        p.offered.push(o);
    }
    act(
        &mut g,
        0,
        Action::PickOrder {
            order: Order::Santiago,
        },
    );
    act(
        &mut g,
        1,
        Action::PickOrder {
            order: Order::Montesa,
        },
    );
    let l = legal(&g, 0);
    assert_eq!(
        l,
        [0, 1, 3, 4]
            .into_iter()
            .map(|pos| Action::SetupUpgrade { pos })
            .collect::<Vec<_>>(),
        "the four basic wedges of the Learning wheel"
    );
    act(&mut g, 0, Action::SetupUpgrade { pos: 0 });
    assert_eq!(
        g.core.players[0]
            .wheel
            .iter()
            .filter(|w| w.upgraded)
            .count(),
        3
    );
    play_starts(&mut g);
    assert!(!legal(&g, 0)
        .iter()
        .any(|a| matches!(a, Action::Upgrade { .. })));
}

#[test]
fn saracen_free_building_ignores_the_regions_influence_tile() {
    // C24: the free building is not a Build action, so a +Influence tile there does not pay.
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "cologne");
    let cologne = usize::from(region(&g, "cologne"));
    g.core.regions[cologne].tile = Some(BonusTile::Influence {
        building: BuildingKind::Farm,
        amount: 1,
    });
    put_enemy(
        &mut g,
        "cologne",
        Enemy::Saracen(SaracenFace::Building(BuildingKind::Farm)),
    );
    resolve(&mut g, 0, Act::Crusade, 6);
    crusade(&mut g, 0, "cologne");
    act(&mut g, 0, Action::SaracenReward { take: true });
    assert_eq!(influence(&g, 0), 1, "Farm I: its level only");
    assert!(
        g.core.regions[cologne].tile.is_some(),
        "the tile stays on the board"
    );
}

#[test]
fn paris_is_entered_and_left_like_any_other_region() {
    // Not in the spec: Paris has no enemy and is not a start region, but the engine lets
    // knights pass through it at the normal cost (and build there).
    let mut g = game(2);
    place_knight(&mut g, 0, 0, "rouen");
    resolve(&mut g, 0, Act::Travel, 2);
    mv(&mut g, 0, 0, "paris");
    mv(&mut g, 0, 0, "dijon");
    assert_eq!(knight_at(&g, 0, 0), region(&g, "dijon"));
    place_knight(&mut g, 0, 0, "paris");
    resolve(&mut g, 0, Act::Build, build_cost(BuildingKind::Church, 1));
    assert!(builds_offered(&g, 0).contains(&(BuildingKind::Church, region(&g, "paris"))));
}

#[test]
fn hospitaller_may_skip_the_emptied_wedge_on_a_wrap() {
    // C29: any wedge may be named, the emptied one included when sowing laps the wheel.
    let mut g = with_orders(&[Order::Hospitaller, Order::Montesa]);
    act(&mut g, 0, Action::SetupSingle { pos: 0 });
    play_starts(&mut g);
    into_turn(&mut g);
    set_tokens(&mut g, 0, [0; 6]);
    resolve(&mut g, 0, Act::Influence, 6); // position 1
    act(
        &mut g,
        0,
        Action::Sow {
            choice: SowChoice {
                skip: Some(1),
                ..SowChoice::default()
            },
        },
    );
    assert_eq!(tokens(&g, 0), [1, 0, 2, 1, 1, 1]);
}

/// A decision offered for take-back never draws randomness nor ends a secret phase, and the
/// secret phases are never offered.
#[test]
fn take_back_is_offered_only_for_open_decisions() {
    use ordo_core::{GameRng, ToAct};
    for players in 2..=4u8 {
        let config = Config {
            players,
            ..Config::default()
        };
        for seed in 0..6u64 {
            let mut g = new(&config, seed);
            let mut rng = GameRng::from_seed(seed ^ 0xABCD);
            let mut offered = 0;
            loop {
                let seat = match g.to_act() {
                    ToAct::Over(_) => break,
                    ToAct::Seat(s) => s,
                    ToAct::Simultaneous(set) => set.iter().next().unwrap_or(Seat(0)),
                };
                let moves = g.legal_actions(seat);
                let a = moves[rng.index(moves.len())];
                let secret = matches!(g.to_act(), ToAct::Simultaneous(_));
                let before = g.rng.position();
                if g.can_take_back(seat, &a) {
                    offered += 1;
                    assert!(!secret, "a secret decision is offered for take-back");
                    g.apply_unchecked(seat, a);
                    assert_eq!(g.rng.position(), before, "take-back after randomness");
                } else {
                    assert!(secret, "an open decision is refused take-back: {a:?}");
                    g.apply_unchecked(seat, a);
                }
            }
            assert!(offered > 50, "{offered} decisions offered for take-back");
        }
    }
}
