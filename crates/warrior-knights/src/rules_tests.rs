//! Rule-by-rule unit tests on constructed positions.
//!
//! Each test builds a small position — usually [`game`]: setup played through, then the board
//! cleared (no Noble placed, no troops, every city neutral and unrazed, each stronghold on a
//! fixed area, seat 0 Chairman and seat 1 Head of the Church) — drives decisions through
//! [`ordo_core::Game::apply`] and checks one outcome against the rules specification
//! (`warrior-knights-rules.md`). Random results are forced by stacking the Fate deck; cards are
//! picked by their printed results (from the tables), never by hard-coded ids, so the tests
//! survive a corrected Fate deck.
//!
//! A card is resolved by putting it on top of Action stack 1 over a *sentinel* (a Fund
//! Expeditions card): when the card and everything it triggers are done, the sentinel is
//! revealed and the Chairman is asked whether to start an expedition ([`idle`]).

use ordo_core::{Game, Seat, ToAct, Viewer};

use crate::cards::EventColour;
use crate::config::{Config, Optional};
use crate::data::{BattleResult, ExpeditionResult};
use crate::map::AreaId;
use crate::state::{CityState, Loc, Phase, Step, WarriorKnights};
use crate::tables::{tables, Fate, Tables};
use crate::types::*;

// ---------- helpers ----------

fn t() -> &'static Tables {
    tables().unwrap()
}

/// An area by its map id (`k33` = column 3, row 3).
fn a(id: &str) -> AreaId {
    match t().board.ids.get(id) {
        Some(&x) => x,
        None => panic!("no area `{id}`"),
    }
}

/// A city by its id.
fn c(id: &str) -> u8 {
    match t().components.cities.iter().position(|x| x.id == id) {
        Some(i) => i as u8,
        None => panic!("no city `{id}`"),
    }
}

fn area_of(city: u8) -> AreaId {
    t().city_area[usize::from(city)]
}

/// Overseas area `i` (each is a port with one city).
fn overseas(i: u8) -> AreaId {
    t().board.kingdom as AreaId + i
}

/// Regular card `k` of seat `s` (0–2: 50 strength, 3: 100).
fn reg(s: u8, k: u8) -> TroopId {
    REGULAR_BASE + 4 * s + k
}

/// Mercenary `i` of nationality `nat` (0 English, 1 Lombard, 2 Polish, …): 0–2 are 50s,
/// 3–6 100s, 7–8 150s, 9–10 200s.
fn merc(nat: u8, i: u8) -> TroopId {
    let m = 11 * nat + i;
    let want = match i {
        0..=2 => 50,
        3..=6 => 100,
        7..=8 => 150,
        _ => 200,
    };
    assert_eq!(t().mercs[usize::from(m)].strength, want);
    assert_eq!(t().mercs[usize::from(m)].nationality, nat);
    m
}

/// Stronghold areas of the cleared position (interior areas without a city).
const HOMES: [&str; 6] = ["k11", "k16", "k41", "k00", "k05", "k02"];

fn cfg(n: u8) -> Config {
    Config {
        barons: n,
        ..Config::default()
    }
}

fn fresh_with(config: &Config, seed: u64) -> WarriorKnights {
    match WarriorKnights::new_game(config, seed) {
        Ok(g) => g,
        Err(e) => panic!("new_game: {e:?}"),
    }
}

fn fresh(n: u8, seed: u64) -> WarriorKnights {
    fresh_with(&cfg(n), seed)
}

/// Applies a decision that must be legal.
fn act(g: &mut WarriorKnights, s: u8, x: Action) {
    let legal = g.legal_actions(Seat(s));
    let phase = g.core.phase;
    if let Err(e) = g.apply(Seat(s), x) {
        panic!("{e:?} in {phase:?}; legal: {legal:?}");
    }
}

fn legal(g: &WarriorKnights, s: u8) -> Vec<Action> {
    g.legal_actions(Seat(s))
}

fn is_legal(g: &WarriorKnights, s: u8, x: Action) -> bool {
    g.is_legal(Seat(s), &x)
}

/// Plays setup by always taking the first legal decision.
fn play_setup(g: &mut WarriorKnights) {
    while g.core.phase != Phase::Planning {
        let s = match g.to_act() {
            ToAct::Seat(s) => s,
            other => panic!("setup: {other:?}"),
        };
        let first = legal(g, s.0)[0];
        act(g, s.0, first);
    }
}

/// The cleared position described in the module docs, with these options.
fn game_with(config: &Config) -> WarriorKnights {
    cleared(fresh_with(config, 11))
}

/// A fresh game's setup played through, then the board cleared (see the module docs).
fn cleared(mut g: WarriorKnights) -> WarriorKnights {
    play_setup(&mut g);
    let n = g.core.n;
    let t = g.t();
    for st in g.core.cities.iter_mut() {
        *st = CityState::default();
    }
    let offer = g.core.offer.clone();
    g.core.mercs = (0..t.mercs.len() as TroopId)
        .filter(|&m| !offer.contains(&m) && t.in_merc_deck(m))
        .collect();
    for s in 0..n {
        let b = &mut g.core.barons[usize::from(s)];
        b.stronghold = Some(a(HOMES[usize::from(s)]));
        b.sh_troops.clear();
        b.sh_casualties = 0;
        b.sh_breaches = 0;
        b.sh_siege = None;
        b.sh_lost = false;
        b.planned = Default::default();
        b.hand = t.baron_deck;
        for nb in b.nobles.iter_mut() {
            nb.loc = Loc::Off;
            nb.troops.clear();
            nb.casualties = 0;
            nb.exhausted = false;
            nb.office = None;
        }
    }
    g.core.chairman = 0;
    g.core.head = 1;
    g.core.plan_done = vec![true; usize::from(n)];
    g.core.stacks = Default::default();
    g.core.zones = Default::default();
    g.core.phase = Phase::Auto;
    g.core.steps.clear();
    g
}

fn game(n: u8) -> WarriorKnights {
    game_with(&cfg(n))
}

/// Gives troop cards to a holder of `s` (Mercenaries are taken out of the deck and offer).
fn give(g: &mut WarriorKnights, s: u8, h: Holder, troops: &[TroopId]) {
    for &x in troops {
        if x < REGULAR_BASE {
            g.core.mercs.retain(|&m| m != x);
            g.core.offer.retain(|&m| m != x);
        }
        g.troops_mut(s, h).push(x);
    }
}

/// Puts Noble `k` of `s` in an area with these troops.
fn noble(g: &mut WarriorKnights, s: u8, k: Shape, area: &str, troops: &[TroopId]) {
    place(g, s, k, a(area), troops);
}

fn place(g: &mut WarriorKnights, s: u8, k: Shape, area: AreaId, troops: &[TroopId]) {
    g.nbm(s, k).loc = Loc::At(area);
    give(g, s, Holder::Noble(k), troops);
}

/// The four Regulars of `s` (250 strength).
fn regs(s: u8) -> [TroopId; 4] {
    [reg(s, 0), reg(s, 1), reg(s, 2), reg(s, 3)]
}

/// `s` takes control of a city.
fn own(g: &mut WarriorKnights, s: u8, city: &str) -> u8 {
    let x = c(city);
    g.city_mut(x).owner = Some(s);
    x
}

/// Fate cards whose fields pass `f`, in id order.
fn fate_where(f: impl Fn(&Fate) -> bool) -> Vec<u8> {
    (0..t().fate.len())
        .filter(|&i| f(&t().fate[i]))
        .map(|i| i as u8)
        .collect()
}

fn battle_cards(r: BattleResult) -> Vec<u8> {
    fate_where(|f| f.battle == r)
}

/// Victory, Deal, Prevent and Draw-1-Fate cards.
fn vdpf() -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) {
    (
        battle_cards(BattleResult::Victory),
        battle_cards(BattleResult::DealCasualties),
        battle_cards(BattleResult::PreventCasualties),
        battle_cards(BattleResult::DrawFate),
    )
}

/// Puts these Fate cards on top of the deck, in order; the rest follow in id order.
fn stack_fate(g: &mut WarriorKnights, top: &[u8]) {
    let mut order = top.to_vec();
    for (i, x) in top.iter().enumerate() {
        assert!(!top[..i].contains(x), "Fate card {x} stacked twice");
    }
    order.extend((0..t().fate.len() as u8).filter(|x| !top.contains(x)));
    g.core.fate.set(order);
}

fn fate_top(g: &WarriorKnights) -> u8 {
    g.core.fate.cards().next().unwrap()
}

const SENTINEL: Card = Card::Neutral(NeutralCard::FundExpeditions);

/// The card (if any) and everything it triggered is done: the sentinel is up.
fn idle(g: &WarriorKnights) -> bool {
    g.core.stacks.iter().all(Vec::is_empty)
        && g.core.phase == Phase::ExpStart(g.core.chairman)
        && g.core.steps.is_empty()
}

fn reveal(g: &mut WarriorKnights, card: Option<Card>, steps: Vec<Step>) {
    let mut first = vec![SENTINEL];
    first.extend(card);
    g.core.stacks = [first, Vec::new(), Vec::new()];
    g.core.stack = 0;
    g.core.phase = Phase::Auto;
    g.core.steps = steps;
    if card.is_some() {
        g.core.steps.insert(0, Step::Reveal);
    }
    g.run();
}

/// Reveals Baron card `card` of `s` (taken from his hand).
fn resolve(g: &mut WarriorKnights, s: u8, card: BaronCard) {
    g.hand_add(s, card, false);
    reveal(g, Some(Card::Baron { seat: s, card }), Vec::new());
}

fn resolve_neutral(g: &mut WarriorKnights, card: NeutralCard) {
    reveal(g, Some(Card::Neutral(card)), Vec::new());
}

/// Runs automatic steps (the last one first), then stops at the sentinel or a decision.
fn run_steps(g: &mut WarriorKnights, steps: Vec<Step>) {
    reveal(g, None, steps);
}

fn hand(g: &WarriorKnights, s: u8, card: BaronCard) -> u8 {
    g.hand_count(s, card)
}

fn crowns(g: &WarriorKnights, s: u8) -> u16 {
    g.b(s).crowns
}

/// Seat `s` attacks `target` in `area` with Versatile Strategy.
fn versatile_attack(g: &mut WarriorKnights, s: u8, area: &str, target: Target) {
    resolve(g, s, BaronCard::VersatileStrategy);
    act(g, s, Action::VersatileBattle(a(area)));
    act(g, s, Action::Attack(target));
}

/// Discards, for each side that must, every drawn card not in `keep[side]`, then keeps.
fn discard_all_but(g: &mut WarriorKnights, keep: [&[u8]; 2]) {
    while let Phase::Discard(s) = g.core.phase {
        let b = g.core.battle.as_ref().unwrap();
        let side = usize::from(b.attacker != s);
        let junk = b.hands[side]
            .iter()
            .copied()
            .find(|id| !keep[side].contains(id));
        match junk {
            Some(id) if is_legal(g, s, Action::DiscardFate(id)) => {
                act(g, s, Action::DiscardFate(id));
            }
            _ => act(g, s, Action::KeepFate),
        }
    }
}

fn hand_sizes(g: &WarriorKnights) -> [usize; 2] {
    let b = g.core.battle.as_ref().unwrap();
    [b.hands[0].len(), b.hands[1].len()]
}

fn on_board(g: &WarriorKnights, s: u8, k: Shape) -> bool {
    matches!(g.nb(s, k).loc, Loc::At(_) | Loc::Sea(_))
}

// ---------- setup ----------

#[test]
fn setup_razes_kingdom_cities_by_baron_count() {
    for (n, razed) in [(2u8, 11usize), (3, 7), (4, 5), (5, 3), (6, 0)] {
        for seed in 0..4 {
            let g = fresh(n, seed);
            let r: Vec<u8> = (0..g.core.cities.len() as u8)
                .filter(|&x| g.city(x).razed)
                .collect();
            assert_eq!(r.len(), razed, "{n} Barons, seed {seed}");
            assert!(r.iter().all(|&x| t().is_kingdom_city(x)), "never overseas");
            assert!(g.core.cities.iter().all(|st| st.owner.is_none()));
        }
    }
}

/// The Mercenaries another Baron was dealt and has not given out are hidden: a resample
/// redraws them from the unseen Mercenaries of the same strength, leaves the seat's own and every
/// Regular alone, and keeps each troop card exactly once.
#[test]
fn resampling_redraws_the_mercenaries_other_barons_were_dealt() {
    let g = fresh(3, 3);
    let me = Seat(0);
    let view = serde_json::to_string(&g.view(Viewer::Seat(me))).unwrap_or_default();
    let strengths = |v: &[TroopId]| v.iter().map(|&x| t().strength(x)).collect::<Vec<_>>();
    let cards = |w: &WarriorKnights| {
        let mut all: Vec<TroopId> = w.core.mercs.iter().copied().collect();
        for st in &w.core.start_troops {
            all.extend(st.iter().copied());
        }
        all.extend(w.core.offer.iter().copied());
        all.sort_unstable();
        all
    };
    let mut drawn = std::collections::BTreeSet::new();
    for k in 0..40 {
        let r = g.resample_from_view(me, &mut ordo_core::GameRng::from_seed(k));
        assert_eq!(
            serde_json::to_string(&r.view(Viewer::Seat(me))).unwrap_or_default(),
            view,
            "the seat's view changed"
        );
        assert_eq!(r.core.start_troops[0], g.core.start_troops[0]);
        assert_eq!(cards(&r), cards(&g), "a troop card lost or doubled");
        for s in 1..3 {
            let (was, now) = (&g.core.start_troops[s], &r.core.start_troops[s]);
            assert_eq!(strengths(now), strengths(was));
            for (a, b) in was.iter().zip(now) {
                assert!(*a < REGULAR_BASE || a == b, "a Regular was redrawn");
            }
            drawn.insert(now.clone());
        }
    }
    assert!(drawn.len() > 2, "the dealt Mercenaries were never redrawn");
}

#[test]
fn setup_gives_15_crowns_12_cards_and_400_troops_per_baron() {
    for n in 2..=6u8 {
        let g = fresh(n, 3);
        let mut dealt = Vec::new();
        for s in 0..n {
            let b = g.b(s);
            assert_eq!((b.crowns, b.votes, b.faith, b.influence), (15, 0, 0, 0));
            assert_eq!(b.hand.iter().map(|&x| u32::from(x)).sum::<u32>(), 12);
            let st = &g.core.start_troops[usize::from(s)];
            let total: u16 = st.iter().map(|&x| t().strength(x)).sum();
            assert_eq!(total, 400, "{n} Barons, seat {s}");
            let mut regs: Vec<u16> = st
                .iter()
                .filter(|&&x| x >= REGULAR_BASE)
                .map(|&x| t().strength(x))
                .collect();
            regs.sort_unstable();
            assert_eq!(regs, vec![50, 50, 50, 100]);
            let mut mercs: Vec<u16> = st
                .iter()
                .filter(|&&x| x < REGULAR_BASE)
                .map(|&x| t().strength(x))
                .collect();
            mercs.sort_unstable();
            assert_eq!(mercs, vec![50, 100], "one random 100 and one random 50");
            dealt.extend(st.iter().copied());
        }
        let mut uniq = dealt.clone();
        uniq.sort_unstable();
        uniq.dedup();
        assert_eq!(uniq.len(), dealt.len(), "every troop card is dealt once");
    }
}

#[test]
fn setup_chairman_and_head_of_the_church_are_different_barons() {
    for n in 2..=6u8 {
        for seed in 0..12 {
            let g = fresh(n, seed);
            assert!(g.core.chairman < n && g.core.head < n);
            assert_ne!(g.core.chairman, g.core.head, "{n} Barons, seed {seed}");
            assert_eq!(g.core.phase, Phase::SetupStronghold(g.core.chairman));
        }
    }
}

#[test]
fn setup_offers_n_plus_1_mercenaries_3_agendas_and_10_influence_per_baron() {
    for n in 2..=6u8 {
        let g = fresh(n, 5);
        assert_eq!(g.core.offer.len(), usize::from(n) + 1);
        assert_eq!(
            g.core.track.len(),
            usize::from(n) + 1,
            "spots up to N are used"
        );
        assert_eq!(g.core.current_agendas.len(), 3);
        assert_eq!(g.core.pool, 10 * i32::from(n));
    }
}

#[test]
fn setup_strongholds_avoid_unrazed_cities_other_strongholds_and_the_edge_with_few_barons() {
    let mut g = fresh(3, 4);
    let altamont = c("altamont");
    g.city_mut(altamont).razed = true;
    let chair = g.core.chairman;
    let spots = |g: &WarriorKnights, s: u8| -> Vec<AreaId> {
        legal(g, s)
            .into_iter()
            .map(|x| match x {
                Action::PlaceStronghold(ar) => ar,
                other => panic!("{other:?}"),
            })
            .collect()
    };
    let expected: Vec<AreaId> = (0..t().board.kingdom as AreaId)
        .filter(|&ar| g.live_city_at(ar).is_none() && !t().board.is_outer(ar))
        .collect();
    assert_eq!(spots(&g, chair), expected);
    assert!(
        spots(&g, chair).contains(&area_of(altamont)),
        "a razed city's area is allowed"
    );
    assert!(!spots(&g, chair).contains(&a("k00")), "outer corner");
    assert!(legal(&g, (chair + 1) % 3).is_empty(), "one Baron at a time");
    act(&mut g, chair, Action::PlaceStronghold(a("k33")));
    let next = (chair + 1) % 3;
    assert_eq!(g.core.phase, Phase::SetupStronghold(next), "clockwise");
    assert!(!spots(&g, next).contains(&a("k33")), "no other stronghold");
    // With four Barons the edge is allowed.
    let g4 = fresh(4, 4);
    assert!(spots(&g4, g4.core.chairman).contains(&a("k00")));
}

#[test]
fn setup_nobles_are_placed_counter_clockwise_from_the_last_stronghold_placer() {
    let mut g = fresh(4, 9);
    let chair = g.core.chairman;
    let mut placers = Vec::new();
    let mut seen_sh = Vec::new();
    while g.core.phase != Phase::Planning {
        match g.core.phase {
            Phase::SetupStronghold(s) => {
                seen_sh.push(s);
                let first = legal(&g, s)[0];
                act(&mut g, s, first);
            }
            Phase::SetupTroops(s) => {
                // The Baron giving troops sees which comes next, in his own part of the view.
                let next = g.core.start_troops[usize::from(s)].clone();
                let mine = g.view(Viewer::Seat(Seat(s))).mine.expect("own view");
                assert_eq!(mine.start_troops, next);
                // The first troop card to the star, the second to the square, the rest home.
                let left = g.core.start_troops[usize::from(s)].len();
                let h = match left {
                    6 => Holder::Noble(STAR),
                    5 => Holder::Noble(SQUARE),
                    _ => Holder::Stronghold,
                };
                act(&mut g, s, Action::AssignStart(h));
            }
            Phase::SetupNoble(s) => {
                placers.push(s);
                for x in legal(&g, s) {
                    let Action::PlaceNoble { area, .. } = x else {
                        panic!("{x:?}");
                    };
                    for o in (0..4).filter(|&o| o != s) {
                        assert!(g.nobles_at(o, area).is_empty(), "no opponent's Noble");
                        assert_ne!(g.b(o).stronghold, Some(area), "no opponent's stronghold");
                    }
                }
                let first = legal(&g, s)[0];
                act(&mut g, s, first);
            }
            other => panic!("{other:?}"),
        }
    }
    let cw: Vec<u8> = (0..4).map(|i| (chair + i) % 4).collect();
    assert_eq!(seen_sh, cw, "strongholds from the Chairman, clockwise");
    let last = cw[3];
    let ccw: Vec<u8> = (0..4).map(|i| (last + 4 - i) % 4).collect();
    let mut expected = ccw.clone();
    expected.extend(ccw);
    assert_eq!(
        placers, expected,
        "two Nobles each, counter-clockwise from the last"
    );
    for s in 0..4 {
        assert!(matches!(g.nb(s, STAR).loc, Loc::At(_)));
        assert!(matches!(g.nb(s, SQUARE).loc, Loc::At(_)));
        assert_eq!(
            g.nb(s, TRIANGLE).loc,
            Loc::Off,
            "a Noble without troops stays off"
        );
        assert_eq!(g.b(s).sh_troops.len(), 4);
    }
}

// ---------- planning ----------

fn planning(g: &mut WarriorKnights) {
    g.core.plan_done = vec![false; usize::from(g.core.n)];
    g.core.phase = Phase::Planning;
}

#[test]
fn planning_is_simultaneous_two_cards_per_stack_six_in_all_from_hand() {
    let mut g = game(3);
    planning(&mut g);
    match g.to_act() {
        ToAct::Simultaneous(set) => assert_eq!(set.len(), 3, "every Baron plans at once"),
        other => panic!("{other:?}"),
    }
    use BaronCard::*;
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 0,
            card: VersatileStrategy,
        },
    );
    assert!(
        !legal(&g, 0).iter().any(|x| matches!(
            x,
            Action::Plan {
                card: VersatileStrategy,
                ..
            }
        )),
        "only cards still in hand"
    );
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 0,
            card: MobilizeForces,
        },
    );
    assert!(
        !legal(&g, 0)
            .iter()
            .any(|x| matches!(x, Action::Plan { stack: 0, .. })),
        "at most two per stack"
    );
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 1,
            card: MobilizeForces,
        },
    );
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 1,
            card: MobilizeForces,
        },
    );
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 2,
            card: LevyTaxes,
        },
    );
    assert!(g.to_act().includes(Seat(0)));
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 2,
            card: LevyTaxes,
        },
    );
    assert!(g.core.plan_done[0], "six cards end his planning");
    assert!(legal(&g, 0).is_empty());
    assert!(!g.to_act().includes(Seat(0)));
    assert!(g.to_act().includes(Seat(1)) && g.to_act().includes(Seat(2)));
    assert_eq!(g.b(0).hand, [1, 0, 2, 2, 1, 0]);
    assert_eq!(g.core.phase, Phase::Planning, "the others still plan");
}

#[test]
fn a_laid_card_can_be_taken_back_but_not_the_one_that_ends_planning() {
    let mut g = game(2);
    planning(&mut g);
    act(&mut g, 1, Action::PlanDone);
    let lay = |stack, card| Action::Plan { stack, card };
    use BaronCard::*;
    let first = lay(0, MobilizeForces);
    assert!(g.can_take_back(Seat(0), &first), "nothing is revealed yet");
    act(&mut g, 0, first);
    for (stack, card) in [
        (0, MobilizeForces),
        (1, LevyTaxes),
        (1, LevyTaxes),
        (2, RallySupport),
    ] {
        act(&mut g, 0, lay(stack, card));
    }
    // The sixth card ends Planning: the stacks are shuffled and the first card turned.
    let last = legal(&g, 0)
        .into_iter()
        .find(|x| matches!(x, Action::Plan { .. }))
        .unwrap();
    assert!(!g.can_take_back(Seat(0), &last));
    assert!(!g.can_take_back(Seat(0), &Action::PlanDone));
    let before = g.rng.clone();
    act(&mut g, 0, last);
    assert_ne!(g.core.phase, Phase::Planning);
    assert_ne!(g.rng, before, "the end of Planning draws");
}

#[test]
fn planned_cards_are_never_in_another_seats_view() {
    let mut x = game(3);
    planning(&mut x);
    let mut y = x.clone();
    act(
        &mut x,
        0,
        Action::Plan {
            stack: 0,
            card: BaronCard::MobilizeForces,
        },
    );
    act(
        &mut y,
        0,
        Action::Plan {
            stack: 0,
            card: BaronCard::RallySupport,
        },
    );
    assert_eq!(x.view(Viewer::Seat(Seat(1))), y.view(Viewer::Seat(Seat(1))));
    assert_eq!(x.view(Viewer::Spectator), y.view(Viewer::Spectator));
    assert_ne!(x.view(Viewer::Seat(Seat(0))), y.view(Viewer::Seat(Seat(0))));
    assert_eq!(x.view(Viewer::Seat(Seat(1))).barons[0].planned, [1, 0, 0]);
}

#[test]
fn stacks_get_two_neutral_cards_each_plus_the_planned_cards() {
    let mut g = game(3);
    g.core.barons[0].planned = [
        vec![BaronCard::MobilizeForces, BaronCard::LevyTaxes],
        vec![BaronCard::RallySupport],
        Vec::new(),
    ];
    g.core.barons[2].planned = [Vec::new(), Vec::new(), vec![BaronCard::DraftSoldiers]];
    g.deal_stacks();
    let count = |st: &Vec<Card>, neutral: bool| {
        st.iter()
            .filter(|x| matches!(x, Card::Neutral(_)) == neutral)
            .count()
    };
    for st in &g.core.stacks {
        assert_eq!(count(st, true), 2, "two Neutral cards per stack");
    }
    assert_eq!(count(&g.core.stacks[0], false), 2);
    assert_eq!(count(&g.core.stacks[1], false), 1);
    assert_eq!(count(&g.core.stacks[2], false), 1);
    assert!(g.core.stacks[2].contains(&Card::Baron {
        seat: 2,
        card: BaronCard::DraftSoldiers
    }));
    // Through the real flow: the last Baron to finish starts the Actions phase.
    let mut g = game(3);
    planning(&mut g);
    act(
        &mut g,
        0,
        Action::Plan {
            stack: 1,
            card: BaronCard::RallySupport,
        },
    );
    act(&mut g, 0, Action::PlanDone);
    act(&mut g, 1, Action::PlanDone);
    assert_eq!(g.core.phase, Phase::Planning);
    act(&mut g, 2, Action::PlanDone);
    assert_ne!(g.core.phase, Phase::Planning, "the Actions phase has begun");
    assert!(g.core.revealed.is_some());
}

// ---------- Baron cards ----------

#[test]
fn levy_taxes_pays_one_crown_per_area_with_a_noble_but_not_at_sea() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k33", &[reg(0, 1)]);
    g.nbm(0, TRIANGLE).loc = Loc::At(overseas(0));
    give(&mut g, 0, Holder::Noble(TRIANGLE), &[reg(0, 2)]);
    g.nbm(0, CIRCLE).loc = Loc::Sea(a("k30"));
    give(&mut g, 0, Holder::Noble(CIRCLE), &[reg(0, 3)]);
    resolve(&mut g, 0, BaronCard::LevyTaxes);
    assert_eq!(g.core.phase, Phase::Card(0, BaronCard::LevyTaxes));
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(
        crowns(&g, 0),
        15 + 2,
        "k33 once, the overseas area once, sea never"
    );
    assert_eq!(
        g.core.zones[0],
        vec![(0, BaronCard::LevyTaxes)],
        "to Taxation"
    );
    assert!(idle(&g));
}

#[test]
fn draft_soldiers_places_a_free_marker_on_an_available_spot_and_goes_to_wages() {
    let mut g = game(3);
    g.core.track[1] = Some(2);
    resolve(&mut g, 0, BaronCard::DraftSoldiers);
    let spots: Vec<Action> = legal(&g, 0)
        .into_iter()
        .filter(|x| matches!(x, Action::DraftSpot(_)))
        .collect();
    assert_eq!(
        spots,
        vec![
            Action::DraftSpot(0),
            Action::DraftSpot(2),
            Action::DraftSpot(3)
        ],
        "N+1 = 4 spots, one taken"
    );
    act(&mut g, 0, Action::DraftSpot(3));
    assert_eq!(g.core.track, vec![None, Some(2), None, Some(0)]);
    assert_eq!(crowns(&g, 0), 15, "free");
    assert_eq!(g.core.zones[1], vec![(0, BaronCard::DraftSoldiers)]);
    assert!(idle(&g), "no Draft before N+1 markers");
}

#[test]
fn rally_support_gives_two_votes_and_the_chairman_only_on_strictly_most_votes() {
    let mut g = game(3);
    g.core.chairman = 1;
    g.core.barons[1].votes = 2;
    resolve(&mut g, 0, BaronCard::RallySupport);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.b(0).votes, 2);
    assert_eq!(g.core.chairman, 1, "a tie does not take the token");
    assert_eq!(
        g.core.zones[2],
        vec![(0, BaronCard::RallySupport)],
        "to the Assembly"
    );
    resolve(&mut g, 0, BaronCard::RallySupport);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.b(0).votes, 4);
    assert_eq!(g.core.chairman, 0);
}

#[test]
fn rally_support_never_makes_a_banned_baron_chairman() {
    let mut g = game(3);
    g.core.chairman = 1;
    g.core.barons[0].banned = true;
    resolve(&mut g, 0, BaronCard::RallySupport);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.b(0).votes, 2);
    assert_eq!(g.core.chairman, 1, "a banned Baron can never be Chairman");
}

#[test]
fn serve_the_church_gives_faith_the_head_on_strictly_most_and_any_area() {
    let mut g = game(3);
    g.core.barons[1].faith = 1;
    resolve(&mut g, 0, BaronCard::ServeTheChurch);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.b(0).faith, 1);
    assert_eq!(g.core.head, 1, "a tie does not take the token");
    assert_eq!(g.core.phase, Phase::ServeZone(0));
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::AllocateTo(Zone::Taxation),
            Action::AllocateTo(Zone::Wages),
            Action::AllocateTo(Zone::Assembly)
        ]
    );
    act(&mut g, 0, Action::AllocateTo(Zone::Taxation));
    assert_eq!(g.core.zones[0], vec![(0, BaronCard::ServeTheChurch)]);
    g.core.barons[0].hand[BaronCard::ServeTheChurch.index()] = 1;
    resolve(&mut g, 0, BaronCard::ServeTheChurch);
    act(&mut g, 0, Action::CarryOut);
    act(&mut g, 0, Action::AllocateTo(Zone::Assembly));
    assert_eq!(g.b(0).faith, 2);
    assert_eq!(g.core.head, 0);
    assert_eq!(g.core.zones[2], vec![(0, BaronCard::ServeTheChurch)]);
}

#[test]
fn declining_a_card_still_allocates_it() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &[reg(0, 0)]);
    resolve(&mut g, 0, BaronCard::LevyTaxes);
    act(&mut g, 0, Action::Decline);
    assert_eq!(crowns(&g, 0), 15);
    assert_eq!(g.core.zones[0], vec![(0, BaronCard::LevyTaxes)]);
    resolve(&mut g, 0, BaronCard::DraftSoldiers);
    act(&mut g, 0, Action::Decline);
    assert!(g.core.track.iter().all(Option::is_none));
    assert_eq!(g.core.zones[1], vec![(0, BaronCard::DraftSoldiers)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(&mut g, 0, Action::Decline);
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 1, "back to hand");
    // Mobilize Forces declined: the Baron chooses Wages or the Assembly (FAQ).
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::Decline);
    assert_eq!(g.core.phase, Phase::MobilizeZone(0));
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::AllocateTo(Zone::Wages),
            Action::AllocateTo(Zone::Assembly)
        ]
    );
    act(&mut g, 0, Action::AllocateTo(Zone::Assembly));
    assert_eq!(g.core.zones[2], vec![(0, BaronCard::MobilizeForces)]);
    assert!(idle(&g));
}

#[test]
fn mobilize_forces_only_moving_goes_to_wages_and_exhausts_the_movers() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k32", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k32", &[reg(0, 1)]);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k33")));
    assert_eq!(g.core.phase, Phase::Mobilize(0, a("k33")));
    assert!(
        !legal(&g, 0)
            .iter()
            .any(|x| matches!(x, Action::Move { to, .. } if *to != a("k33"))),
        "every Noble moves into the one area chosen"
    );
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k33"),
        },
    );
    act(&mut g, 0, Action::EndMoves);
    assert_eq!(g.core.zones[1], vec![(0, BaronCard::MobilizeForces)]);
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k33")));
    assert!(g.nb(0, STAR).exhausted);
    assert!(!g.nb(0, SQUARE).exhausted, "a Noble that stayed is fresh");
    assert!(idle(&g));
}

/// Seat 0's circle Noble and seat 1's circle Noble in k33; a stalemate is stacked.
fn stalemate_field() -> WarriorKnights {
    let mut g = game(3);
    noble(&mut g, 0, CIRCLE, "k33", &regs(0));
    noble(&mut g, 1, CIRCLE, "k33", &[reg(1, 3)]);
    let (_, d, p, _) = vdpf();
    // Attacker draws 4 (450), defender 3 (300); both keep only Prevent cards.
    stack_fate(&mut g, &[p[0], p[1], d[0], d[1], p[2], d[2], d[3]]);
    g
}

#[test]
fn mobilize_forces_only_battling_goes_to_the_assembly() {
    let mut g = stalemate_field();
    let p = battle_cards(BattleResult::PreventCasualties);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k33")));
    act(&mut g, 0, Action::EndMoves);
    assert_eq!(g.core.phase, Phase::Target(0, a("k33")));
    act(&mut g, 0, Action::Attack(Target::Baron(1)));
    discard_all_but(&mut g, [&p[..2], &p[2..3]]);
    assert_eq!(g.core.zones[2], vec![(0, BaronCard::MobilizeForces)]);
    assert!(g.nb(0, CIRCLE).exhausted, "the attacker is exhausted");
    assert!(!g.nb(1, CIRCLE).exhausted, "the defender is not");
    assert!(idle(&g));
}

#[test]
fn mobilize_forces_moving_and_battling_lets_the_baron_choose_the_area() {
    let mut g = stalemate_field();
    let p = battle_cards(BattleResult::PreventCasualties);
    noble(&mut g, 0, SQUARE, "k32", &[merc(0, 3)]);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k33")));
    act(
        &mut g,
        0,
        Action::Move {
            shape: SQUARE,
            to: a("k33"),
        },
    );
    act(&mut g, 0, Action::EndMoves);
    act(&mut g, 0, Action::Attack(Target::Baron(1)));
    assert_eq!(
        g.core.phase,
        Phase::Fighters(0),
        "two fresh Nobles may fight"
    );
    act(&mut g, 0, Action::Fight(CIRCLE));
    act(&mut g, 0, Action::Engage);
    discard_all_but(&mut g, [&p[..2], &p[2..3]]);
    assert_eq!(g.core.phase, Phase::MobilizeZone(0));
    act(&mut g, 0, Action::AllocateTo(Zone::Wages));
    assert_eq!(g.core.zones[1], vec![(0, BaronCard::MobilizeForces)]);
    assert!(g.nb(0, SQUARE).exhausted && g.nb(0, CIRCLE).exhausted);
}

#[test]
fn versatile_strategy_gives_crowns_or_a_vote_and_returns_to_hand() {
    let mut g = game(3);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 0);
    act(&mut g, 0, Action::VersatileCrowns);
    assert_eq!(crowns(&g, 0), 17);
    assert_eq!(
        hand(&g, 0, BaronCard::VersatileStrategy),
        1,
        "back to hand at once"
    );
    assert!(g.core.zones.iter().all(Vec::is_empty));
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(&mut g, 0, Action::VersatileVote);
    assert_eq!(g.b(0).votes, 1);
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 1);
    assert!(idle(&g));
}

#[test]
fn versatile_strategy_moves_one_noble_and_exhausts_him() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k32", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k32", &[reg(0, 1)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k33"),
        },
    );
    assert!(idle(&g), "one Noble only: the card ends");
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k33")));
    assert!(g.nb(0, STAR).exhausted);
    assert_eq!(g.nb(0, SQUARE).loc, Loc::At(a("k32")));
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 1);
}

#[test]
fn a_noble_takes_troops_only_before_he_leaves_and_then_moves() {
    let mut g = game(3);
    let home = g.b(0).stronghold.expect("placed in setup");
    noble(&mut g, 0, STAR, "k32", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k32", &[reg(0, 1)]);
    place(&mut g, 0, TRIANGLE, home, &[reg(0, 2)]);
    give(&mut g, 0, Holder::Stronghold, &[merc(0, 3)]);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k33")));
    let pickups = |g: &WarriorKnights| -> Vec<Holder> {
        let mut v: Vec<Holder> = legal(g, 0)
            .into_iter()
            .filter_map(|x| match x {
                Action::Transfer { to, .. } | Action::TransferArmy { to, .. } => Some(to),
                _ => None,
            })
            .collect();
        v.sort_by_key(|h| format!("{h:?}"));
        v.dedup();
        v
    };
    // Only a Noble who can go to k33 may take troops; the one at home cannot reach it.
    assert!(!moves(&g, 0, TRIANGLE).contains(&a("k33")));
    assert_eq!(
        pickups(&g),
        vec![Holder::Noble(STAR), Holder::Noble(SQUARE)],
        "the star and the square may take each other's troops, nobody else receives"
    );
    act(
        &mut g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR),
        },
    );
    // The star has taken troops: he leaves next, and only he is offered anything.
    assert!(
        !is_legal(&g, 0, Action::EndMoves),
        "no stopping with the troops taken"
    );
    assert!(legal(&g, 0).iter().all(|x| match *x {
        Action::Move { shape, .. } | Action::MoveAsk { shape, .. } | Action::Sail { shape, .. } =>
            shape == STAR,
        Action::Transfer { to, .. } | Action::TransferArmy { to, .. } => to == Holder::Noble(STAR),
        _ => false,
    }));
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k33"),
        },
    );
    // Gone: he takes nothing more, and the Baron may stop.
    assert!(
        pickups(&g).is_empty(),
        "nothing after arriving: {:?}",
        legal(&g, 0)
    );
    assert!(is_legal(&g, 0, Action::EndMoves));
    assert_eq!(g.nb(0, STAR).troops, vec![reg(0, 0), reg(0, 1)]);
    act(&mut g, 0, Action::EndMoves);
    assert!(idle(&g));
}

#[test]
fn versatile_strategy_a_noble_takes_troops_before_his_move() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k32", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k32", &[reg(0, 1)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(
        &mut g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR),
        },
    );
    // The square, left without troops, leaves the board; the star must now move.
    assert!(!on_board(&g, 0, SQUARE));
    let offered = legal(&g, 0);
    assert!(
        !offered.contains(&Action::VersatileCrowns),
        "the choice is made"
    );
    assert!(!offered.contains(&Action::Decline));
    assert!(offered.iter().all(|x| matches!(
        *x,
        Action::Move { shape: STAR, .. }
            | Action::MoveAsk { shape: STAR, .. }
            | Action::Sail { shape: STAR, .. }
    )));
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k33"),
        },
    );
    assert!(idle(&g));
    assert_eq!(g.nb(0, STAR).troops, vec![reg(0, 0), reg(0, 1)]);
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k33")));
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 1);
}

#[test]
fn versatile_strategy_places_a_marker_for_the_spots_fee() {
    let mut g = game(3);
    g.core.barons[0].crowns = 6;
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    let track: Vec<Action> = legal(&g, 0)
        .into_iter()
        .filter(|x| matches!(x, Action::VersatileTrack(_)))
        .collect();
    assert_eq!(
        track,
        vec![Action::VersatileTrack(2), Action::VersatileTrack(3)],
        "fees 8, 7, 6, 5: only the last two are affordable"
    );
    act(&mut g, 0, Action::VersatileTrack(2));
    assert_eq!(crowns(&g, 0), 0);
    assert_eq!(g.core.track[2], Some(0));
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 1);
    assert!(idle(&g));
}

// ---------- triggers ----------

#[test]
fn taxation_runs_at_2n_cards_in_its_area_and_returns_them_to_hand() {
    use BaronCard::LevyTaxes as L;
    let mut g = game(3);
    own(&mut g, 1, "vecht");
    g.core.zones[0] = vec![(1, L), (1, L), (2, L), (2, L)];
    for s in 1..3u8 {
        g.core.barons[usize::from(s)].hand[L.index()] = 0;
    }
    resolve(&mut g, 0, L);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.core.zones[0].len(), 5, "2N = 6 not reached");
    assert_eq!(crowns(&g, 1), 15);
    resolve(&mut g, 0, L);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(crowns(&g, 1), 17, "Taxation ran");
    assert!(g.core.zones[0].is_empty());
    for s in 0..3 {
        assert_eq!(hand(&g, s, L), 2, "every card back to its owner");
    }
    assert!(idle(&g));
}

#[test]
fn the_draft_runs_when_n_plus_1_markers_are_on_the_track() {
    let mut g = game(3);
    g.core.track = vec![Some(1), Some(2), Some(1), None];
    resolve(&mut g, 0, BaronCard::DraftSoldiers);
    act(&mut g, 0, Action::DraftSpot(3));
    // Markers are taken from the left.
    for s in [1, 2, 1, 0] {
        assert_eq!(g.core.phase, Phase::Hire(s));
        act(&mut g, s, Action::NoHire);
    }
    assert!(idle(&g));
    assert!(g.core.track.iter().all(Option::is_none));
    assert_eq!(g.core.offer.len(), 4, "a new offer of N+1");
    assert_eq!(g.core.zones[1], vec![(0, BaronCard::DraftSoldiers)]);
}

#[test]
fn draft_soldiers_triggering_wages_and_the_draft_runs_wages_first() {
    use BaronCard::MobilizeForces as M;
    let mut g = game(3);
    g.core.zones[1] = vec![(1, M), (1, M), (2, M), (2, M), (0, M)];
    g.core.track = vec![Some(1), Some(1), Some(2), None];
    give(&mut g, 2, Holder::Stronghold, &[merc(0, 3)]);
    resolve(&mut g, 0, BaronCard::DraftSoldiers);
    act(&mut g, 0, Action::DraftSpot(3));
    assert_eq!(g.core.phase, Phase::Wages(2), "Wages before the Draft");
    act(&mut g, 2, Action::PayWages);
    assert_eq!(crowns(&g, 2), 13);
    assert_eq!(g.core.phase, Phase::Hire(1), "then the Draft");
    assert!(
        g.core.zones[1].is_empty(),
        "the Wages cards went home first"
    );
    assert_eq!(hand(&g, 0, BaronCard::DraftSoldiers), 2);
}

// ---------- special phases ----------

fn agenda(id: &str) -> u8 {
    match t().cards.agendas.iter().position(|x| x.id == id) {
        Some(i) => i as u8,
        None => panic!("no Agenda `{id}`"),
    }
}

fn event(id: &str) -> u8 {
    match t().cards.events.iter().position(|x| x.id == id) {
        Some(i) => i as u8,
        None => panic!("no Event `{id}`"),
    }
}

#[test]
fn taxation_pays_income_plus_one_if_fortified_nothing_if_besieged_and_concessions() {
    let mut g = game(3);
    own(&mut g, 0, "vecht"); // 2
    let gedze = own(&mut g, 0, "gedze"); // 1 + 1
    g.city_mut(gedze).fortified = true;
    let alt = own(&mut g, 0, "altamont"); // besieged: 0
    g.city_mut(alt).siege = Some((1, 1));
    own(&mut g, 0, "cadiz"); // overseas: 2
    g.core.barons[0].charges = vec![agenda("salt_concession"), agenda("royal_debt")];
    run_steps(&mut g, vec![Step::TaxationFrom(0)]);
    assert_eq!(crowns(&g, 0), 15 + 2 + 2 + 2 + 1 - 2);
    assert_eq!(crowns(&g, 1), 15);
    assert!(idle(&g));
}

#[test]
fn wages_pay_regulars_first_and_an_unpaid_mercenary_deserts() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &regs(0)); // wages 1 + 1 + 1 + 2
    let m = merc(0, 3); // wage 2
    give(&mut g, 0, Holder::Noble(STAR), &[m]);
    let mut poor = g.clone();
    g.core.barons[0].crowns = 6;
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&g, 0), 1, "the Regulars were paid automatically");
    assert_eq!(g.core.phase, Phase::Wages(0));
    assert_eq!(
        legal(&g, 0),
        vec![Action::Dismiss(m)],
        "2 crowns short of paying him"
    );
    act(&mut g, 0, Action::Dismiss(m));
    assert_eq!(g.nb(0, STAR).troops, regs(0).to_vec());
    assert!(g.core.mercs.contains(&m), "shuffled back into the deck");
    assert!(idle(&g));
    // Regulars go unpaid without penalty.
    poor.core.barons[0].crowns = 3;
    run_steps(&mut poor, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&poor, 0), 0);
    act(&mut poor, 0, Action::Dismiss(m));
    assert_eq!(
        poor.nb(0, STAR).troops,
        regs(0).to_vec(),
        "Regulars never desert"
    );
}

#[test]
fn wages_a_circle_noble_with_at_most_400_troops_pays_nothing() {
    let mut g = game(3);
    noble(&mut g, 0, CIRCLE, "k33", &regs(0));
    give(&mut g, 0, Holder::Noble(CIRCLE), &[merc(0, 7)]); // 150: 400 in all
    g.nbm(0, CIRCLE).exhausted = true;
    let mut big = g.clone();
    let mut office = g.clone();
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&g, 0), 15, "400 troops: no wages, even exhausted");
    assert!(idle(&g));
    give(&mut big, 0, Holder::Noble(CIRCLE), &[merc(0, 0)]); // 450
    run_steps(&mut big, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&big, 0), 10, "450: the Regulars are paid");
    act(&mut big, 0, Action::PayWages);
    assert_eq!(crowns(&big, 0), 6, "and every Mercenary");
    // Maintained troops count toward the 400.
    office.nbm(0, CIRCLE).office = Some(agenda("captain_of_the_guard")); // +100
    run_steps(&mut office, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&office, 0), 10);
    assert_eq!(office.core.phase, Phase::Wages(0));
}

#[test]
fn wages_a_desertion_leaving_casualties_at_least_troops_kills_the_noble() {
    let mut g = game(3);
    let (eng, lom) = (merc(0, 3), merc(1, 0));
    noble(&mut g, 0, STAR, "k33", &[eng, lom]);
    g.nbm(0, STAR).casualties = 1;
    g.core.barons[0].crowns = 0;
    let english = fate_where(|f| f.nationality == 0);
    stack_fate(&mut g, &[english[0]]); // the deserter draw finds no English left
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    act(&mut g, 0, Action::Dismiss(eng));
    // 50 troops under 1 casualty token: he dies; the token costs the Lombard 50.
    assert_eq!(g.nb(0, STAR).loc, Loc::Off);
    assert!(g.nb(0, STAR).troops.is_empty());
    assert_eq!(g.nb(0, STAR).casualties, 0);
    assert!(g.core.mercs.contains(&eng) && g.core.mercs.contains(&lom));
    assert!(idle(&g));
}

fn set_offer(g: &mut WarriorKnights, offer: &[TroopId]) {
    let old = std::mem::take(&mut g.core.offer);
    g.core.mercs.extend(old);
    g.core.mercs.retain(|m| !offer.contains(m));
    g.core.offer = offer.to_vec();
}

#[test]
fn draft_hiring_costs_the_wage_and_the_hire_joins_an_allowed_army() {
    let mut g = game(3);
    let (e100, e200, l50, p100) = (merc(0, 3), merc(0, 9), merc(1, 0), merc(2, 3));
    set_offer(&mut g, &[e100, e200, l50, p100]);
    g.core.barons[0].crowns = 3;
    own(&mut g, 0, "vecht");
    noble(&mut g, 0, STAR, "k04", &[reg(0, 0)]); // in his own city
    let gedze = own(&mut g, 0, "gedze");
    g.city_mut(gedze).siege = Some((1, 1));
    noble(&mut g, 0, SQUARE, "k01", &[reg(0, 1)]); // in a besieged city
    noble(&mut g, 0, TRIANGLE, "k33", &[reg(0, 2)]); // in the field
    g.core.track = vec![Some(0), Some(1), None, None];
    run_steps(&mut g, vec![Step::DraftFrom(0)]);
    assert_eq!(g.core.phase, Phase::Hire(0));
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::Hire(e100),
            Action::Hire(l50),
            Action::Hire(p100),
            Action::NoHire
        ],
        "the 200 costs 4 crowns; two English but one marker: no bundle"
    );
    act(&mut g, 0, Action::Hire(e100));
    assert_eq!(crowns(&g, 0), 1);
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::AssignHire(Holder::Noble(STAR)),
            Action::AssignHire(Holder::Noble(CIRCLE)),
            Action::AssignHire(Holder::Stronghold)
        ],
        "own city, off the board, or the stronghold"
    );
    act(&mut g, 0, Action::AssignHire(Holder::Noble(STAR)));
    assert!(g.nb(0, STAR).troops.contains(&e100));
    assert_eq!(g.core.phase, Phase::Hire(1));
    act(&mut g, 1, Action::NoHire);
    assert!(idle(&g));
    assert!(g.core.track.iter().all(Option::is_none));
    assert_eq!(g.core.offer.len(), 4);
    for m in [e200, l50, p100] {
        assert!(
            g.core.mercs.contains(&m) || g.core.offer.contains(&m),
            "unhired cards go back"
        );
    }
}

#[test]
fn draft_a_baron_with_enough_markers_hires_a_same_nationality_bundle() {
    let mut g = game(3);
    let (l50, l100) = (merc(1, 0), merc(1, 3));
    set_offer(&mut g, &[l50, merc(0, 3), l100, merc(2, 3)]);
    g.core.track = vec![Some(0), Some(1), Some(0), None];
    run_steps(&mut g, vec![Step::DraftFrom(0)]);
    assert!(is_legal(&g, 0, Action::HireBundle(1)));
    assert!(!is_legal(&g, 0, Action::HireBundle(0)), "one English only");
    act(&mut g, 0, Action::HireBundle(1));
    assert_eq!(crowns(&g, 0), 15 - 1 - 2);
    assert_eq!(
        g.core.track,
        vec![None, Some(1), None, None],
        "both his markers"
    );
    act(&mut g, 0, Action::AssignHire(Holder::Stronghold));
    act(&mut g, 0, Action::AssignHire(Holder::Noble(STAR)));
    assert_eq!(g.b(0).sh_troops, vec![l50]);
    assert_eq!(g.nb(0, STAR).troops, vec![l100]);
    assert_eq!(g.core.phase, Phase::Hire(1));
}

#[test]
fn draft_a_bundle_is_announced_at_the_barons_first_marker_only() {
    let mut g = game(3);
    let (l50, l100) = (merc(1, 0), merc(1, 3));
    set_offer(&mut g, &[l50, merc(0, 3), l100, merc(2, 3)]);
    g.core.track = vec![Some(0), Some(1), Some(0), Some(0)];
    run_steps(&mut g, vec![Step::DraftFrom(0)]);
    act(&mut g, 0, Action::NoHire);
    act(&mut g, 1, Action::NoHire);
    // His second marker: two markers left and two Lombards, but the moment has passed.
    assert_eq!(g.core.phase, Phase::Hire(0));
    assert!(is_legal(&g, 0, Action::Hire(l50)));
    assert!(!is_legal(&g, 0, Action::HireBundle(1)));
}

#[test]
fn draft_a_noble_shut_in_his_besieged_stronghold_receives_nothing_the_stronghold_may() {
    let mut g = game(3);
    let home = g.b(0).stronghold.expect("placed in setup");
    place(&mut g, 0, STAR, home, &[reg(0, 0)]);
    g.bm(0).sh_siege = Some((1, 1));
    set_offer(&mut g, &[merc(0, 3), merc(1, 3), merc(2, 3), merc(3, 3)]);
    g.core.track = vec![Some(0), Some(1), None, None];
    run_steps(&mut g, vec![Step::DraftFrom(0)]);
    act(&mut g, 0, Action::Hire(merc(0, 3)));
    assert!(!is_legal(&g, 0, Action::AssignHire(Holder::Noble(STAR))));
    assert!(is_legal(&g, 0, Action::AssignHire(Holder::Stronghold)));
}

// ---------- Neutral cards ----------

#[test]
fn upgrade_defenses_repairs_at_2_per_breach_or_fortifies_for_4_never_when_besieged() {
    let mut g = game(3);
    let vecht = own(&mut g, 0, "vecht");
    g.city_mut(vecht).breaches = 2;
    g.core.barons[0].crowns = 5;
    let gedze = own(&mut g, 1, "gedze");
    g.city_mut(gedze).breaches = 1;
    g.city_mut(gedze).siege = Some((2, 1));
    g.core.barons[2].sh_breaches = 1;
    g.core.barons[2].crowns = 2;
    resolve_neutral(&mut g, NeutralCard::UpgradeDefenses);
    assert_eq!(g.core.phase, Phase::Upgrade(0), "the Chairman first");
    let v = Site::City(vecht);
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::Repair { site: v, count: 1 },
            Action::Repair { site: v, count: 2 },
            Action::Fortify(vecht),
            Action::NoUpgrade
        ]
    );
    let mut fort = g.clone();
    act(&mut g, 0, Action::Repair { site: v, count: 2 });
    assert_eq!((crowns(&g, 0), g.city(vecht).breaches), (1, 0));
    // Seat 1's only city is besieged: he is not asked.
    assert_eq!(g.core.phase, Phase::Upgrade(2));
    assert_eq!(
        legal(&g, 2),
        vec![
            Action::Repair {
                site: Site::Stronghold,
                count: 1
            },
            Action::NoUpgrade
        ],
        "a stronghold is repaired, never fortified"
    );
    act(
        &mut g,
        2,
        Action::Repair {
            site: Site::Stronghold,
            count: 1,
        },
    );
    assert_eq!((crowns(&g, 2), g.b(2).sh_breaches), (0, 0));
    assert!(idle(&g));
    act(&mut fort, 0, Action::Fortify(vecht));
    assert!(fort.city(vecht).fortified);
    assert_eq!(crowns(&fort, 0), 1);
    assert_eq!(fort.city_strength(vecht), 300 + 100 - 200);
}

#[test]
fn muster_troops_removes_casualty_tokens_from_one_army_at_2_each() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &regs(0));
    g.nbm(0, STAR).casualties = 2;
    g.core.barons[0].crowns = 3;
    resolve_neutral(&mut g, NeutralCard::MusterTroops);
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::Muster {
                army: Holder::Noble(STAR),
                count: 1
            },
            Action::NoMuster
        ],
        "two tokens would cost 4"
    );
    act(
        &mut g,
        0,
        Action::Muster {
            army: Holder::Noble(STAR),
            count: 1,
        },
    );
    assert_eq!((crowns(&g, 0), g.nb(0, STAR).casualties), (1, 1));
    assert!(idle(&g));
}

#[test]
fn uncertain_times_shuffles_the_fate_deck() {
    let mut g = game(3);
    let ordered: Vec<u8> = (0..24).collect();
    g.core.fate.set(ordered.clone());
    resolve_neutral(&mut g, NeutralCard::UncertainTimes);
    let after: Vec<u8> = g.core.fate.cards().collect();
    assert_ne!(after, ordered);
    let mut sorted = after;
    sorted.sort_unstable();
    assert_eq!(sorted, ordered);
    assert!(idle(&g));
}

fn top_event(g: &mut WarriorKnights, e: u8) {
    g.core.events.retain(|&x| x != e);
    g.core.events.push_front(e);
}

#[test]
fn important_event_the_head_of_the_church_pays_to_redirect_red_or_keep_green() {
    let mut g = game(3); // Head: seat 1
    let red = event("bad_harvest");
    let green = event("windfall");
    let blue = event("royal_grant");
    assert_eq!(g.event_colour(red), EventColour::Red);
    assert_eq!(g.event_colour(green), EventColour::Green);
    assert_eq!(g.event_colour(blue), EventColour::Blue);
    let base = g.clone();
    // Red: he draws it himself, or pays 1 Faith to name an opponent.
    top_event(&mut g, red);
    resolve_neutral(&mut g, NeutralCard::ImportantEvent);
    assert_eq!(g.core.phase, Phase::EventDrawer(1));
    assert_eq!(g.view(Viewer::Spectator).event_top, Some(EventColour::Red));
    assert_eq!(legal(&g, 1), vec![Action::EventTo(1)]);
    g.core.barons[1].faith = 1;
    assert_eq!(legal(&g, 1).len(), 3);
    act(&mut g, 1, Action::EventTo(2));
    assert_eq!(g.b(1).faith, 0);
    assert_eq!(crowns(&g, 2), 11);
    assert!(idle(&g));
    // Green: he names an opponent, or pays 1 Faith to draw it himself.
    let mut g = base.clone();
    top_event(&mut g, green);
    resolve_neutral(&mut g, NeutralCard::ImportantEvent);
    assert_eq!(legal(&g, 1), vec![Action::EventTo(0), Action::EventTo(2)]);
    g.core.barons[1].faith = 1;
    act(&mut g, 1, Action::EventTo(1));
    assert_eq!((g.b(1).faith, crowns(&g, 1)), (0, 20));
    // Blue: anyone, free; the drawer names its target.
    let mut g = base;
    top_event(&mut g, blue);
    resolve_neutral(&mut g, NeutralCard::ImportantEvent);
    assert_eq!(legal(&g, 1).len(), 3);
    act(&mut g, 1, Action::EventTo(0));
    assert_eq!(g.core.phase, Phase::EventTarget(0));
    act(&mut g, 0, Action::EventTarget(2));
    assert_eq!(crowns(&g, 2), 19);
    assert_eq!(g.b(1).faith, 0);
    assert!(idle(&g));
}

#[test]
fn fund_expeditions_start_fund_up_to_5_bless_and_the_new_one_waits_on_spot_1() {
    let mut g = game(3);
    g.core.barons[1].faith = 1;
    g.core.barons[2].crowns = 0;
    resolve_neutral(&mut g, NeutralCard::FundExpeditions);
    assert_eq!(g.core.phase, Phase::ExpStart(0), "the Chairman starts one");
    assert_eq!(legal(&g, 0).len(), 4);
    act(&mut g, 0, Action::StartExpedition(2));
    assert_eq!(g.core.phase, Phase::ExpFund(0));
    assert_eq!(legal(&g, 0).len(), 6, "0 to 5 crowns");
    act(&mut g, 0, Action::Fund(5));
    act(&mut g, 1, Action::Fund(3));
    // Seat 2 has no crowns: not asked. Then the Head of the Church.
    assert_eq!(g.core.phase, Phase::ExpBless(1));
    act(&mut g, 1, Action::Bless);
    assert!(idle(&g));
    let china = g.core.expeditions[2];
    assert_eq!((china.spot, china.blessed), (1, true));
    assert_eq!(&china.funds[..3], &[5, 3, 0]);
    assert_eq!((crowns(&g, 0), crowns(&g, 1), g.b(1).faith), (10, 12, 0));
    assert!(
        !is_legal(&g, 0, Action::StartExpedition(2)),
        "an expedition under way is not started again"
    );
}

fn ceylon(g: &mut WarriorKnights, spot: u8, blessed: bool) {
    g.core.expeditions[0].spot = spot;
    g.core.expeditions[0].blessed = blessed;
    g.core.expeditions[0].funds = [5, 3, 0, 0, 0, 0];
}

#[test]
fn expeditions_advance_one_spot_and_pay_investment_times_the_multiplier_on_spot_3() {
    let mut g = game(3);
    ceylon(&mut g, 2, false);
    g.core.expeditions[1].spot = 1;
    let x2 = fate_where(|f| f.expeditions[0] == ExpeditionResult::X2);
    stack_fate(&mut g, &[x2[0]]);
    resolve_neutral(&mut g, NeutralCard::FundExpeditions);
    act(&mut g, 0, Action::NoExpedition);
    assert_eq!((crowns(&g, 0), crowns(&g, 1)), (25, 21));
    assert_eq!(g.core.expeditions[0].spot, 0, "cleared");
    assert_eq!(g.core.expeditions[1].spot, 2, "advanced, not resolved");
    assert!(idle(&g));
}

#[test]
fn expeditions_fleet_lost_loses_the_money_and_no_news_stays_on_spot_3() {
    let lost = fate_where(|f| f.expeditions[0] == ExpeditionResult::FleetLost);
    let news = fate_where(|f| f.expeditions[0] == ExpeditionResult::NoNews);
    let x2 = fate_where(|f| f.expeditions[0] == ExpeditionResult::X2);
    let mut g = game(3);
    ceylon(&mut g, 2, false);
    stack_fate(&mut g, &[lost[0]]);
    resolve_neutral(&mut g, NeutralCard::FundExpeditions);
    act(&mut g, 0, Action::NoExpedition);
    assert_eq!(g.core.expeditions[0], Default::default());
    assert_eq!(crowns(&g, 0), 15);
    let mut g = game(3);
    ceylon(&mut g, 2, false);
    stack_fate(&mut g, &[news[0], x2[0]]);
    resolve_neutral(&mut g, NeutralCard::FundExpeditions);
    act(&mut g, 0, Action::NoExpedition);
    assert_eq!(g.core.expeditions[0].spot, 3);
    assert_eq!(g.core.expeditions[0].funds[0], 5);
    resolve_neutral(&mut g, NeutralCard::FundExpeditions);
    act(&mut g, 0, Action::NoExpedition);
    assert_eq!(crowns(&g, 0), 25, "drawn again the next time");
}

#[test]
fn expeditions_a_blessed_one_draws_two_and_keeps_the_better() {
    let lost = fate_where(|f| f.expeditions[0] == ExpeditionResult::FleetLost);
    let x2 = fate_where(|f| f.expeditions[0] == ExpeditionResult::X2);
    for (blessed, want) in [(true, 25), (false, 15)] {
        let mut g = game(3);
        ceylon(&mut g, 2, blessed);
        stack_fate(&mut g, &[lost[0], x2[0]]);
        resolve_neutral(&mut g, NeutralCard::FundExpeditions);
        act(&mut g, 0, Action::NoExpedition);
        assert_eq!(crowns(&g, 0), want, "blessed: {blessed}");
    }
}

// ---------- movement ----------

fn moves(g: &WarriorKnights, s: u8, k: Shape) -> Vec<AreaId> {
    legal(g, s)
        .into_iter()
        .filter_map(|x| match x {
            Action::Move { shape, to } if shape == k => Some(to),
            _ => None,
        })
        .collect()
}

fn areas(ids: &[&str]) -> Vec<AreaId> {
    let mut v: Vec<AreaId> = ids.iter().map(|x| a(x)).collect();
    v.sort_unstable();
    v
}

#[test]
fn movement_goes_to_adjacent_areas_rivers_only_at_bridges_never_over_mountains() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k23", &[reg(0, 1)]);
    noble(&mut g, 0, TRIANGLE, "k11", &[reg(0, 2)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    // k33: rivers to k24, k34 and k44; the road leads on to k31.
    assert_eq!(moves(&g, 0, STAR), areas(&["k23", "k31", "k32", "k43"]));
    assert!(
        moves(&g, 0, SQUARE).contains(&a("k24")),
        "the k23–k24 bridge"
    );
    // k11: mountains towards k12 and k21.
    assert_eq!(moves(&g, 0, TRIANGLE), areas(&["k01", "k02", "k10", "k22"]));
}

#[test]
fn movement_along_a_road_reaches_three_areas() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k31", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k22", &[reg(0, 1)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    let star = moves(&g, 0, STAR);
    for x in ["k32", "k33", "k23"] {
        assert!(star.contains(&a(x)), "k31–k32–k33–k23 road: {x}");
    }
    assert!(!star.contains(&a("k24")), "not off the road");
    assert!(
        !moves(&g, 0, SQUARE).contains(&a("k33")),
        "k22 is not on the road"
    );
}

#[test]
fn sea_movement_goes_port_to_port_and_lands_in_the_upkeep() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k30", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k33", &[reg(0, 1)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    let sails: Vec<(Shape, AreaId)> = legal(&g, 0)
        .into_iter()
        .filter_map(|x| match x {
            Action::Sail { shape, to } => Some((shape, to)),
            _ => None,
        })
        .collect();
    let mut want: Vec<(Shape, AreaId)> = ["k10", "k50", "k52", "k55"]
        .iter()
        .map(|x| (STAR, a(x)))
        .collect();
    want.extend((0..6).map(|i| (STAR, overseas(i))));
    want.sort_unstable();
    assert_eq!(
        sails, want,
        "from a port to every other port; none from k33"
    );
    act(
        &mut g,
        0,
        Action::Sail {
            shape: STAR,
            to: overseas(2),
        },
    );
    assert_eq!(g.nb(0, STAR).loc, Loc::Sea(overseas(2)));
    assert!(g.nb(0, STAR).exhausted);
    assert!(idle(&g));
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert_eq!(
        g.nb(0, STAR).loc,
        Loc::At(overseas(2)),
        "lands in the Upkeep"
    );
    assert!(!g.nb(0, STAR).exhausted, "and refreshes");
}

#[test]
fn passing_another_barons_noble_needs_his_permission() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k31", &[reg(0, 0)]);
    noble(&mut g, 1, STAR, "k32", &[reg(1, 0)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    let through = a("k33");
    assert!(!moves(&g, 0, STAR).contains(&through));
    assert!(
        moves(&g, 0, STAR).contains(&a("k32")),
        "moving into his area is free"
    );
    act(
        &mut g,
        0,
        Action::MoveAsk {
            shape: STAR,
            to: through,
        },
    );
    assert_eq!(g.core.phase, Phase::Ask(1));
    assert_eq!(legal(&g, 1), vec![Action::Grant, Action::Refuse]);
    let mut refused = g.clone();
    act(&mut g, 1, Action::Grant);
    assert_eq!(g.nb(0, STAR).loc, Loc::At(through));
    assert!(g.nb(0, STAR).exhausted);
    assert!(idle(&g));
    act(&mut refused, 1, Action::Refuse);
    assert_eq!(
        refused.core.phase,
        Phase::Card(0, BaronCard::VersatileStrategy)
    );
    assert_eq!(refused.nb(0, STAR).loc, Loc::At(a("k31")));
    assert!(!is_legal(
        &refused,
        0,
        Action::MoveAsk {
            shape: STAR,
            to: through
        }
    ));
}

#[test]
fn passing_another_barons_city_needs_permission_but_a_bare_stronghold_does_not() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k44", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k31", &[reg(0, 1)]);
    let mut neutral = g.clone();
    own(&mut g, 1, "roczak"); // k45, on the k44–k45–k46 road
    g.core.barons[1].stronghold = Some(a("k32"));
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(!moves(&g, 0, STAR).contains(&a("k46")));
    assert!(is_legal(
        &g,
        0,
        Action::MoveAsk {
            shape: STAR,
            to: a("k46")
        }
    ));
    assert!(
        moves(&g, 0, SQUARE).contains(&a("k33")),
        "through his stronghold"
    );
    resolve(&mut neutral, 0, BaronCard::VersatileStrategy);
    assert!(
        moves(&neutral, 0, STAR).contains(&a("k46")),
        "a neutral city blocks no one"
    );
}

#[test]
fn exhausted_or_besieged_nobles_cannot_move() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &[reg(0, 0)]);
    g.nbm(0, STAR).exhausted = true;
    let gedze = own(&mut g, 0, "gedze");
    g.city_mut(gedze).siege = Some((1, 1));
    noble(&mut g, 0, SQUARE, "k01", &[reg(0, 1)]);
    noble(&mut g, 1, SQUARE, "k01", &[reg(1, 1)]);
    noble(&mut g, 0, TRIANGLE, "k32", &[reg(0, 2)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(moves(&g, 0, STAR).is_empty());
    assert!(moves(&g, 0, SQUARE).is_empty());
    assert!(!moves(&g, 0, TRIANGLE).is_empty());
}

// ---------- battles ----------

/// Seat 0's Noble `k0` and seat 1's Noble `k1` with these troops in k33 (no city; open to
/// k23, k32 and k43, rivers elsewhere).
fn field(k0: Shape, t0: &[TroopId], k1: Shape, t1: &[TroopId]) -> WarriorKnights {
    field_rev(4, k0, t0, k1, t1)
}

fn field_rev(rules: u8, k0: Shape, t0: &[TroopId], k1: Shape, t1: &[TroopId]) -> WarriorKnights {
    let mut g = game_with(&Config {
        barons: 3,
        rules,
        ..Config::default()
    });
    noble(&mut g, 0, k0, "k33", t0);
    noble(&mut g, 1, k1, "k33", t1);
    g
}

#[test]
fn battle_draws_one_fate_card_per_100_strength_plus_200_for_the_commander() {
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3)]);
    let mut wounded = g.clone();
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert_eq!(g.core.phase, Phase::Discard(0));
    assert_eq!(
        hand_sizes(&g),
        [4, 3],
        "(250 + 200) / 100 and (100 + 200) / 100"
    );
    wounded.nbm(0, CIRCLE).casualties = 1;
    wounded.nbm(1, CIRCLE).exhausted = true;
    versatile_attack(&mut wounded, 0, "k33", Target::Baron(1));
    assert_eq!(
        hand_sizes(&wounded),
        [3, 3],
        "a casualty token is −100; an exhausted commander still adds 200"
    );
}

#[test]
fn attacking_a_city_where_a_third_baron_has_an_army_needs_his_leave() {
    let mut g = game(3);
    noble(&mut g, 0, CIRCLE, "k01", &regs(0)); // Gedze, neutral
    noble(&mut g, 2, STAR, "k01", &[reg(2, 0)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(&mut g, 0, Action::VersatileBattle(a("k01")));
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::Attack(Target::Baron(2)),
            Action::Attack(Target::Neutral),
            Action::NoBattle
        ]
    );
    act(&mut g, 0, Action::Attack(Target::Neutral));
    assert_eq!(g.core.phase, Phase::Ask(2));
    let mut refused = g.clone();
    act(&mut g, 2, Action::Grant);
    assert_eq!(
        g.core.phase,
        Phase::Mode(0),
        "the assault or siege goes ahead"
    );
    act(&mut refused, 2, Action::Refuse);
    assert_eq!(refused.core.phase, Phase::Target(0, a("k01")));
    assert!(!is_legal(&refused, 0, Action::Attack(Target::Neutral)));
    assert!(
        is_legal(&refused, 0, Action::Attack(Target::Baron(2))),
        "fighting his Noble in the field needs no leave"
    );
}

#[test]
fn battle_draws_at_most_10_fate_cards() {
    let big = [merc(0, 9), merc(0, 10), merc(1, 9), merc(1, 10), merc(2, 9)];
    let mut g = field(CIRCLE, &big, CIRCLE, &[reg(1, 0)]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert_eq!(hand_sizes(&g), [10, 2], "1200 strength draws 10");
}

#[test]
fn which_fate_card_is_discarded_is_secret_and_keeping_the_rest_is_not() {
    let (_, _, p, _) = vdpf();
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 0)]);
    stack_fate(&mut g, &[p[0], p[1], p[2], p[3], p[4], p[5]]);
    assert!(!g.is_secret_decision(Seat(0), &Action::KeepFate));
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert!(g.is_secret_decision(Seat(0), &Action::DiscardFate(p[0])));
    act(&mut g, 0, Action::DiscardFate(p[0]));
    act(&mut g, 0, Action::DiscardFate(p[1]));
    assert!(!g.is_secret_decision(Seat(0), &Action::KeepFate));
}

#[test]
fn battle_each_side_with_a_commander_discards_two_or_one_when_it_drew_two() {
    let (_, _, p, _) = vdpf();
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 0)]);
    stack_fate(&mut g, &[p[0], p[1], p[2], p[3], p[4], p[5]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert_eq!(hand_sizes(&g), [4, 2]);
    assert!(!is_legal(&g, 0, Action::KeepFate));
    assert!(legal(&g, 1).is_empty(), "the attacker discards first");
    act(&mut g, 0, Action::DiscardFate(p[0]));
    assert!(!is_legal(&g, 0, Action::KeepFate));
    act(&mut g, 0, Action::DiscardFate(p[1]));
    assert!(is_legal(&g, 0, Action::KeepFate));
    assert!(
        is_legal(&g, 0, Action::DiscardFate(p[2])),
        "he may discard more"
    );
    act(&mut g, 0, Action::KeepFate);
    assert_eq!(g.core.phase, Phase::Discard(1));
    assert_eq!(
        legal(&g, 1),
        vec![Action::DiscardFate(p[4]), Action::DiscardFate(p[5])]
    );
    act(&mut g, 1, Action::DiscardFate(p[4]));
    assert!(
        idle(&g),
        "one discard done: the battle resolves (a stalemate)"
    );
    let bottom: Vec<u8> = g.core.fate.cards().collect();
    assert!(
        bottom[18..].contains(&p[0]),
        "discards go face down to the bottom"
    );
}

#[test]
fn battle_a_neutral_city_defends_with_its_strength_alone_and_discards_nothing() {
    let (_, _, p, _) = vdpf();
    let mut g = game(3);
    noble(&mut g, 0, CIRCLE, "k01", &regs(0)); // Gedze, 200
    stack_fate(&mut g, &[p[0], p[1], p[2], p[3], p[4], p[5]]);
    versatile_attack(&mut g, 0, "k01", Target::Neutral);
    act(&mut g, 0, Action::Assault);
    assert_eq!(
        hand_sizes(&g),
        [4, 2],
        "the city draws 200 / 100, no commander"
    );
    discard_all_but(&mut g, [&p[..2], &[]]);
    assert!(idle(&g), "the city was never asked to discard");
    assert_eq!(g.city(c("gedze")).owner, None);
    assert_eq!(g.city(c("gedze")).breaches, 0);
}

#[test]
fn battle_draw_1_fate_results_chain_and_a_full_victory_kills_the_losers() {
    let (v, d, p, f) = vdpf();
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3)]);
    // Attacker 4 (keeps two Draw 1 Fate), defender 3 (keeps a Prevent); then the chain draws
    // another Draw 1 Fate and two Victories.
    stack_fate(
        &mut g,
        &[f[0], f[1], d[0], d[1], p[0], d[2], d[3], f[2], v[0], v[1]],
    );
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&f[..2], &p[..1]]);
    assert!(idle(&g));
    assert_eq!(g.nb(1, CIRCLE).loc, Loc::Off, "2 victories to 0: killed");
    assert_eq!(
        g.nb(1, CIRCLE).troops,
        vec![reg(1, 3)],
        "his heir keeps the Regulars"
    );
    assert_eq!(g.nb(0, CIRCLE).loc, Loc::At(a("k33")));
}

#[test]
fn battle_casualties_are_deal_results_minus_the_others_prevent_results() {
    let (_, d, p, _) = vdpf();
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3), merc(0, 3)]);
    // 450 and 400: both draw 4 and keep 2.
    stack_fate(&mut g, &[d[0], d[1], p[1], p[2], p[0], d[2], p[3], p[4]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&d[..2], &[p[0], d[2]]]);
    assert!(idle(&g));
    assert_eq!(g.nb(1, CIRCLE).casualties, 1, "2 dealt − 1 prevented");
    assert_eq!(g.nb(0, CIRCLE).casualties, 1);
    assert!(
        on_board(&g, 0, CIRCLE) && on_board(&g, 1, CIRCLE),
        "tokens stay, no victory"
    );
    // Casualties reaching the troops kill the Noble.
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 0)]);
    stack_fate(&mut g, &[d[0], d[1], p[1], p[2], p[0], p[3]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&d[..2], &[p[0]]]);
    assert_eq!(g.nb(1, CIRCLE).loc, Loc::Off, "100 casualties on 50 troops");
    assert_eq!(
        g.nb(1, CIRCLE).troops,
        vec![reg(1, 0)],
        "Regulars are never discarded"
    );
}

#[test]
fn battle_star_deals_one_more_square_prevents_one_more_triangle_wins_one_more() {
    let (_, d, p, _) = vdpf();
    // Star.
    let mut g = field(STAR, &regs(0), CIRCLE, &regs(1));
    stack_fate(&mut g, &[p[0], p[1], p[2], p[3], d[0], d[1], p[4], p[5]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&p[..2], &d[..2]]);
    assert_eq!(g.nb(1, CIRCLE).casualties, 1, "the star's extra casualty");
    assert_eq!(g.nb(0, STAR).casualties, 0);
    // Square.
    let mut g = field(CIRCLE, &regs(0), SQUARE, &[reg(1, 3)]);
    stack_fate(&mut g, &[d[0], d[1], p[0], p[1], p[2], p[3], p[4]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&d[..2], &p[2..3]]);
    assert_eq!(
        g.nb(1, SQUARE).casualties,
        0,
        "2 dealt − (1 + the square's 1)"
    );
    // Triangle.
    let mut g = field(TRIANGLE, &regs(0), CIRCLE, &[reg(1, 3)]);
    stack_fate(&mut g, &[p[0], p[1], p[2], p[3], p[4], p[5], d[0]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&p[..2], &p[4..5]]);
    assert_eq!(
        g.core.phase,
        Phase::Retreat(1, CIRCLE),
        "the triangle's victory"
    );
}

#[test]
fn battle_an_exhausted_defending_commander_loses_his_ability() {
    let (v, _, p, _) = vdpf();
    for tired in [false, true] {
        let mut g = field(CIRCLE, &regs(0), TRIANGLE, &[reg(1, 3)]);
        g.nbm(1, TRIANGLE).exhausted = tired;
        stack_fate(&mut g, &[v[0], p[0], p[1], p[2], p[3], p[4], p[5]]);
        versatile_attack(&mut g, 0, "k33", Target::Baron(1));
        discard_all_but(&mut g, [&[v[0], p[0]], &p[3..4]]);
        if tired {
            assert_eq!(g.core.phase, Phase::Retreat(1, TRIANGLE), "1 victory to 0");
        } else {
            assert!(idle(&g), "1 victory each: stalemate");
            assert_eq!(g.nb(1, TRIANGLE).loc, Loc::At(a("k33")));
        }
    }
}

#[test]
fn battle_a_partial_victory_makes_the_loser_retreat_to_a_free_adjacent_area() {
    let (v, _, p, _) = vdpf();
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3)]);
    noble(&mut g, 2, STAR, "k32", &[reg(2, 0)]);
    stack_fate(&mut g, &[v[0], p[0], p[1], p[2], p[3], p[4], p[5]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&[v[0], p[0]], &p[3..4]]);
    assert_eq!(g.core.phase, Phase::Retreat(1, CIRCLE));
    // k32 holds another Baron's Noble; k23's neutral city is fine; rivers close the rest.
    assert_eq!(
        legal(&g, 1),
        vec![Action::RetreatTo(a("k23")), Action::RetreatTo(a("k43"))]
    );
    act(&mut g, 1, Action::RetreatTo(a("k43")));
    assert_eq!(g.nb(1, CIRCLE).loc, Loc::At(a("k43")));
    assert!(g.nb(1, CIRCLE).exhausted);
    assert_eq!(g.nb(0, CIRCLE).loc, Loc::At(a("k33")));
    assert!(idle(&g));
}

#[test]
fn battle_the_defender_can_win_and_kill_or_drive_off_the_attacker() {
    let (v, _, p, _) = vdpf();
    for (kept, killed) in [(&[v[0], v[1]], true), (&[v[0], p[5]], false)] {
        let mut g = field(CIRCLE, &regs(0), CIRCLE, &regs(1));
        stack_fate(&mut g, &[p[0], p[1], p[2], p[3], v[0], v[1], p[4], p[5]]);
        versatile_attack(&mut g, 0, "k33", Target::Baron(1));
        discard_all_but(&mut g, [&p[..2], kept]);
        if killed {
            assert_eq!(g.nb(0, CIRCLE).loc, Loc::Off);
            assert!(idle(&g));
        } else {
            assert_eq!(g.core.phase, Phase::Retreat(0, CIRCLE));
        }
        assert_eq!(g.nb(1, CIRCLE).loc, Loc::At(a("k33")));
    }
}

#[test]
fn battle_a_retreat_with_nowhere_to_go_ends_at_home_or_in_death() {
    let (v, _, p, _) = vdpf();
    let blocked = |g: &mut WarriorKnights| {
        own(g, 0, "altamont"); // k23
        noble(g, 2, STAR, "k32", &[reg(2, 0)]);
        noble(g, 2, SQUARE, "k43", &[reg(2, 1)]);
        stack_fate(g, &[v[0], p[0], p[1], p[2], p[3], p[4], p[5]]);
        versatile_attack(g, 0, "k33", Target::Baron(1));
        discard_all_but(g, [&[v[0], p[0]], &p[3..4]]);
    };
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3)]);
    blocked(&mut g);
    assert_eq!(
        g.nb(1, CIRCLE).loc,
        Loc::At(a(HOMES[1])),
        "home to his stronghold"
    );
    assert!(g.nb(1, CIRCLE).exhausted);
    assert!(idle(&g));
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3)]);
    noble(&mut g, 2, TRIANGLE, HOMES[1], &[reg(2, 2)]);
    g.core.barons[1].sh_siege = Some((2, 1));
    blocked(&mut g);
    assert_eq!(
        g.nb(1, CIRCLE).loc,
        Loc::Off,
        "his stronghold is besieged: he dies"
    );
    // No retreat by sea.
    let mut g = game(3);
    place(&mut g, 0, CIRCLE, overseas(0), &regs(0));
    place(&mut g, 1, CIRCLE, overseas(0), &[reg(1, 3)]);
    stack_fate(&mut g, &[v[0], p[0], p[1], p[2], p[3], p[4], p[5]]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(&mut g, 0, Action::VersatileBattle(overseas(0)));
    act(&mut g, 0, Action::Attack(Target::Baron(1)));
    discard_all_but(&mut g, [&[v[0], p[0]], &p[3..4]]);
    assert_eq!(
        g.nb(1, CIRCLE).loc,
        Loc::Off,
        "forced to retreat overseas: he dies"
    );
}

#[test]
fn battle_a_retreating_army_draws_for_a_deserter() {
    let (v, _, p, _) = vdpf();
    let e50 = merc(0, 0);
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3), e50]);
    let english = fate_where(|f| f.nationality == 0)
        .into_iter()
        .find(|x| ![v[0], p[0], p[1], p[2], p[3], p[4], p[5]].contains(x))
        .unwrap();
    // 150 + 200: the defender draws 3.
    stack_fate(&mut g, &[v[0], p[0], p[1], p[2], p[3], p[4], p[5], english]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&[v[0], p[0]], &p[3..4]]);
    assert_eq!(g.core.phase, Phase::Retreat(1, CIRCLE));
    assert_eq!(
        g.nb(1, CIRCLE).troops,
        vec![reg(1, 3)],
        "the English 50 deserted"
    );
    assert!(g.core.mercs.contains(&e50));
}

#[test]
fn noble_death_costs_a_deserter_mercenaries_per_token_and_his_office_never_regulars() {
    // Revision 3: the engine chose the deserter and the discards (revision 4: the owner).
    let (v, d, p, _) = vdpf();
    let (e50, e100, l50, l100) = (merc(0, 0), merc(0, 3), merc(1, 0), merc(1, 3));
    let mut t1 = regs(1).to_vec();
    t1.extend([e50, e100, l50, l100]);
    let mut g = field_rev(3, CIRCLE, &regs(0), CIRCLE, &t1);
    let captain = agenda("captain_of_the_guard");
    g.nbm(1, CIRCLE).casualties = 2;
    g.nbm(1, CIRCLE).office = Some(captain); // 550 + 100 − 200 + 200: 6 cards
    let used = [v[0], v[1], d[0], d[1], p[0], p[1], p[2], p[3], d[2], d[3]];
    let english = fate_where(|f| f.nationality == 0)
        .into_iter()
        .find(|x| !used.contains(x))
        .unwrap();
    let mut deck = used.to_vec();
    deck.push(english);
    stack_fate(&mut g, &deck);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert_eq!(hand_sizes(&g), [4, 6]);
    discard_all_but(&mut g, [&v[..2], &p[..4]]);
    assert!(idle(&g));
    let nb = g.nb(1, CIRCLE);
    assert_eq!(nb.loc, Loc::Off);
    assert_eq!(nb.casualties, 0);
    assert_eq!(nb.office, None);
    assert!(
        g.core.agenda_discard.contains(&captain),
        "his office is discarded"
    );
    // The English 50 deserts (weakest of the nationality drawn); each of the 2 tokens costs a
    // 100 Mercenary; the Regulars all stay.
    let mut left = nb.troops.clone();
    left.sort_unstable();
    let mut want = vec![l50];
    want.extend(regs(1));
    assert_eq!(left, want);
    for m in [e50, e100, l100] {
        assert!(g.core.mercs.contains(&m));
    }
    // His heir returns in the Upkeep, at the stronghold.
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    act(&mut g, 0, Action::ReturnDone);
    assert_eq!(g.core.phase, Phase::Return(1));
    assert!(
        is_legal(&g, 1, Action::ReturnDone),
        "he may also stay off the board"
    );
    assert_eq!(
        legal(&g, 1)
            .into_iter()
            .filter(|x| matches!(x, Action::PlaceNoble { .. }))
            .collect::<Vec<_>>(),
        vec![Action::PlaceNoble {
            shape: CIRCLE,
            area: a(HOMES[1])
        }]
    );
}

#[test]
fn noble_death_with_no_heir_ends_the_line_and_regulars_leave_the_game() {
    let (v, d, p, _) = vdpf();
    let e100 = merc(0, 3);
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &[reg(1, 3), e100]);
    let no_heir = event("no_heir");
    g.core.lasting = vec![(no_heir, 1)];
    g.nbm(1, CIRCLE).no_heir = true;
    stack_fate(&mut g, &[v[0], v[1], d[0], d[1], p[0], p[1], p[2], p[3]]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&v[..2], &p[..2]]);
    assert!(idle(&g));
    let nb = g.nb(1, CIRCLE);
    assert!(nb.gone && nb.troops.is_empty() && nb.loc == Loc::Off);
    assert!(g.core.mercs.contains(&e100), "Mercenaries back to the deck");
    assert!(g.core.lasting.is_empty(), "No Heir ends with him");
    assert!(g.core.event_discard.contains(&no_heir));
    assert!(g.unplaced_with_troops(1).is_empty());
}

#[test]
fn assault_the_defender_adds_the_city_strength_vecht_example() {
    let mut g = game(3);
    own(&mut g, 1, "vecht");
    noble(&mut g, 1, CIRCLE, "k04", &[reg(1, 3), reg(1, 0), reg(1, 1)]); // 200
    noble(&mut g, 0, CIRCLE, "k04", &regs(0));
    let mut fortified = g.clone();
    fortified.city_mut(c("vecht")).fortified = true;
    versatile_attack(&mut g, 0, "k04", Target::Baron(1));
    assert_eq!(
        hand_sizes(&g),
        [4, 7],
        "200 troops in Vecht (300) draw 5 + 2"
    );
    versatile_attack(&mut fortified, 0, "k04", Target::Baron(1));
    assert_eq!(hand_sizes(&fortified), [4, 8], "fortified: 8");
}

#[test]
fn assault_breaches_to_zero_unfortify_the_city_and_capture_it() {
    let (_, d, p, _) = vdpf();
    let mut g = game(3);
    let gedze = own(&mut g, 1, "gedze");
    g.city_mut(gedze).fortified = true;
    g.city_mut(gedze).breaches = 1; // 200 + 100 − 100
    noble(&mut g, 0, CIRCLE, "k01", &regs(0));
    stack_fate(&mut g, &[d[0], d[1], p[0], p[1], d[2], d[3]]);
    versatile_attack(&mut g, 0, "k01", Target::Baron(1));
    assert_eq!(g.core.phase, Phase::Mode(0));
    act(&mut g, 0, Action::Assault);
    discard_all_but(&mut g, [&d[..2], &[]]);
    // Two breaches: 200 → 100 → 0; at 0 the fortification goes and one breach with it.
    assert_eq!(
        g.core.phase,
        Phase::Raze(0, gedze),
        "no Noble and 0 strength: taken"
    );
    let st = *g.city(gedze);
    assert_eq!((st.fortified, st.breaches), (false, 2));
    assert_eq!(g.city_strength(gedze), 0);
    assert_eq!(g.nb(0, CIRCLE).casualties, 2);
    act(&mut g, 0, Action::KeepCity);
    assert_eq!(g.city(gedze).owner, Some(0));
    assert_eq!(
        g.city(gedze).breaches,
        2,
        "breaches stay when a city changes hands"
    );
    assert!(idle(&g));
}

#[test]
fn assault_the_defender_splits_casualties_between_breaches_and_his_armies() {
    let (_, d, p, _) = vdpf();
    let mut g = game(3);
    let gedze = own(&mut g, 1, "gedze");
    noble(&mut g, 1, CIRCLE, "k01", &[reg(1, 0)]); // 50 + 200 + 200: 4 cards
    noble(&mut g, 0, CIRCLE, "k01", &regs(0));
    stack_fate(&mut g, &[d[0], d[1], p[0], p[1], d[2], d[3], p[2], p[3]]);
    versatile_attack(&mut g, 0, "k01", Target::Baron(1));
    discard_all_but(&mut g, [&d[..2], &d[2..4]]);
    assert_eq!(g.core.phase, Phase::Casualties(1));
    assert_eq!(
        legal(&g, 1),
        vec![Action::Casualty(Holder::Noble(CIRCLE)), Action::Breach]
    );
    act(&mut g, 1, Action::Breach);
    act(&mut g, 1, Action::Casualty(Holder::Noble(CIRCLE)));
    assert!(idle(&g));
    assert_eq!(g.nb(1, CIRCLE).loc, Loc::Off, "his Noble died");
    assert_eq!(g.city(gedze).breaches, 1);
    assert_eq!(g.city(gedze).owner, Some(1), "100 strength left: not taken");
}

#[test]
fn assault_a_victory_takes_the_city_intact_and_razing_pays_three_times_its_income() {
    let (v, _, p, _) = vdpf();
    let mut g = game(3);
    let alt = c("altamont"); // 400, income 3
    noble(&mut g, 0, CIRCLE, "k23", &regs(0));
    stack_fate(&mut g, &[v[0], v[1], p[4], p[5], p[0], p[1], p[2], p[3]]);
    versatile_attack(&mut g, 0, "k23", Target::Neutral);
    act(&mut g, 0, Action::Assault);
    discard_all_but(&mut g, [&v[..2], &[]]);
    assert_eq!(g.core.phase, Phase::Raze(0, alt));
    assert_eq!(g.city_strength(alt), 400, "defences intact");
    let mut kept = g.clone();
    act(&mut g, 0, Action::Raze);
    assert!(g.city(alt).razed && g.city(alt).owner.is_none());
    assert_eq!(crowns(&g, 0), 15 + 9);
    assert!(idle(&g));
    act(&mut kept, 0, Action::KeepCity);
    assert_eq!(kept.city(alt).owner, Some(0));
}

#[test]
fn assault_an_attacker_who_dies_bringing_the_city_to_zero_gets_nothing() {
    let (_, d, p, _) = vdpf();
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k01", &regs(0));
    g.nbm(0, STAR).casualties = 1; // 150 + 200: 3 cards, keeps 1
    stack_fate(&mut g, &[d[0], p[0], p[1], d[1], d[2]]);
    versatile_attack(&mut g, 0, "k01", Target::Neutral);
    act(&mut g, 0, Action::Assault);
    discard_all_but(&mut g, [&d[..1], &[]]);
    assert!(idle(&g));
    let gedze = c("gedze");
    assert_eq!(
        g.city_strength(gedze),
        0,
        "1 dealt + the star's 1 = 2 breaches"
    );
    assert_eq!(g.nb(0, STAR).loc, Loc::Off, "3 tokens on 250 troops");
    assert_eq!(g.city(gedze).owner, None, "no capture");
}

#[test]
fn assault_a_neutral_city_can_kill_or_drive_off_the_attacker() {
    let (v, _, p, _) = vdpf();
    for (city_hand, killed) in [
        ([v[0], v[1], p[0], p[1]], true),
        ([v[0], p[0], p[1], p[2]], false),
    ] {
        let mut g = game(3);
        noble(&mut g, 0, CIRCLE, "k23", &regs(0));
        let mut deck = vec![p[3], p[4], v[2], v[3]];
        deck.extend(city_hand);
        stack_fate(&mut g, &deck);
        versatile_attack(&mut g, 0, "k23", Target::Neutral);
        act(&mut g, 0, Action::Assault);
        discard_all_but(&mut g, [&p[3..5], &[]]);
        if killed {
            assert_eq!(g.nb(0, CIRCLE).loc, Loc::Off);
        } else {
            assert_eq!(g.core.phase, Phase::Retreat(0, CIRCLE));
        }
        assert_eq!(g.city(c("altamont")).owner, None);
    }
}

#[test]
fn siege_is_legal_only_with_strictly_greater_strength_and_draws_nothing() {
    let mut g = game(3);
    noble(&mut g, 0, CIRCLE, "k01", &[reg(0, 0)]); // 50 + 200 vs Gedze 200
    noble(&mut g, 0, SQUARE, "k04", &[reg(0, 3)]); // 100 + 200 vs Vecht 300
    let before: Vec<u8> = g.core.fate.cards().collect();
    let mut equal = g.clone();
    versatile_attack(&mut g, 0, "k01", Target::Neutral);
    assert_eq!(g.core.phase, Phase::Mode(0), "250 > 200");
    act(&mut g, 0, Action::Siege);
    assert!(idle(&g));
    let gedze = c("gedze");
    assert_eq!(g.city(gedze).siege, Some((0, g.core.round)));
    assert_eq!(g.city(gedze).owner, None);
    assert_eq!(
        g.core.fate.cards().collect::<Vec<u8>>(),
        before,
        "no Fate drawn"
    );
    assert!(g.nb(0, CIRCLE).exhausted);
    versatile_attack(&mut equal, 0, "k04", Target::Neutral);
    assert_eq!(
        equal.core.phase,
        Phase::Discard(0),
        "300 vs 300: assault only"
    );
}

#[test]
fn siege_the_city_falls_to_a_second_siege_in_a_later_round_and_its_defenders_die() {
    let mut g = game(3);
    let vecht = own(&mut g, 1, "vecht");
    noble(&mut g, 1, CIRCLE, "k04", &[reg(1, 3)]); // 100 + 200 + 300
    let mut t0 = regs(0).to_vec();
    t0.extend([merc(0, 3), merc(0, 4), merc(0, 5)]); // 550 + 200 > 600
    noble(&mut g, 0, CIRCLE, "k04", &t0);
    versatile_attack(&mut g, 0, "k04", Target::Baron(1));
    act(&mut g, 0, Action::Siege);
    assert_eq!(g.city(vecht).siege, Some((0, 1)));
    // Again in the same round: only an assault.
    g.nbm(0, CIRCLE).exhausted = false;
    let mut later = g.clone();
    versatile_attack(&mut g, 0, "k04", Target::Baron(1));
    assert_eq!(g.core.phase, Phase::Discard(0));
    // In a later round the strength test is passed again and the city falls.
    later.core.round = 3;
    versatile_attack(&mut later, 0, "k04", Target::Baron(1));
    assert_eq!(later.core.phase, Phase::Mode(0));
    act(&mut later, 0, Action::Siege);
    assert_eq!(later.core.phase, Phase::Raze(0, vecht));
    assert_eq!(later.nb(1, CIRCLE).loc, Loc::Off, "the Nobles inside die");
    act(&mut later, 0, Action::KeepCity);
    assert_eq!(later.city(vecht).owner, Some(0));
    assert_eq!(later.city(vecht).siege, None);
    assert!(idle(&later));
}

#[test]
fn siege_shuts_the_defenders_in_and_lifts_when_the_besieger_leaves() {
    let mut g = game(3);
    let gedze = own(&mut g, 1, "gedze");
    noble(&mut g, 1, STAR, "k01", &[reg(1, 0)]); // 50 + 200 + 200
    noble(&mut g, 0, CIRCLE, "k01", &regs(0));
    give(&mut g, 0, Holder::Noble(CIRCLE), &[merc(0, 0)]); // 500 > 450
    versatile_attack(&mut g, 0, "k01", Target::Baron(1));
    act(&mut g, 0, Action::Siege);
    assert_eq!(g.city(gedze).siege, Some((0, 1)));
    resolve(&mut g, 1, BaronCard::VersatileStrategy);
    assert!(
        moves(&g, 1, STAR).is_empty(),
        "Nobles inside cannot move out"
    );
    act(&mut g, 1, Action::Decline);
    g.nbm(0, CIRCLE).exhausted = false;
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(
        &mut g,
        0,
        Action::Move {
            shape: CIRCLE,
            to: a("k02"),
        },
    );
    assert_eq!(g.city(gedze).siege, None, "lifted");
}

#[test]
fn taking_a_stronghold_takes_half_the_crowns_and_a_city_of_the_losers_choice() {
    let (v, _, p, _) = vdpf();
    let mut g = game(3);
    let home = a(HOMES[1]);
    own(&mut g, 1, "vecht");
    let gedze = own(&mut g, 1, "gedze");
    noble(&mut g, 0, CIRCLE, HOMES[1], &regs(0));
    stack_fate(&mut g, &[v[0], v[1], p[4], p[5], p[0], p[1], p[2], p[3]]);
    versatile_attack(&mut g, 0, HOMES[1], Target::Baron(1));
    act(&mut g, 0, Action::Assault);
    discard_all_but(&mut g, [&v[..2], &[]]);
    assert_eq!(g.core.phase, Phase::GiveCity(1));
    assert_eq!(
        (crowns(&g, 0), crowns(&g, 1)),
        (22, 8),
        "half of 15, rounded down"
    );
    assert_eq!(g.b(1).stronghold, None);
    assert_eq!(legal(&g, 1).len(), 2);
    act(&mut g, 1, Action::GiveCity(gedze));
    assert_eq!(g.core.phase, Phase::Raze(0, gedze));
    act(&mut g, 0, Action::KeepCity);
    assert_eq!(g.city(gedze).owner, Some(0));
    assert!(idle(&g));
    // No Influence for him this Upkeep; he puts his stronghold back before his Nobles.
    let calm = fate_where(|f| !f.revolt);
    stack_fate(&mut g, &calm);
    run_steps(&mut g, vec![Step::UpkeepInfluence]);
    assert_eq!((g.b(0).influence, g.b(1).influence), (1, 0));
    act(&mut g, 0, Action::ReturnDone);
    assert_eq!(g.core.phase, Phase::Return(1));
    assert!(!is_legal(&g, 1, Action::ReturnDone));
    assert!(
        !is_legal(&g, 1, Action::PlaceStronghold(home)),
        "seat 0's Noble is there"
    );
    assert!(
        !is_legal(&g, 1, Action::PlaceStronghold(a("k23"))),
        "Altamont stands there"
    );
    act(&mut g, 1, Action::PlaceStronghold(a("k22")));
    assert_eq!(g.b(1).stronghold, Some(a("k22")));
    assert!(is_legal(&g, 1, Action::ReturnDone));
}

// ---------- the Assembly ----------

/// Holds an Assembly on these current Agendas.
fn assembly(g: &mut WarriorKnights, agendas: &[u8]) {
    g.core.current_agendas = agendas.to_vec();
    run_steps(g, vec![Step::AssemblyNext]);
}

fn votes(g: &WarriorKnights) -> Vec<u16> {
    (0..g.core.n).map(|s| g.b(s).votes).collect()
}

/// Every pending fist gets these Votes (per seat).
fn commit(g: &mut WarriorKnights, fists: &[u16]) {
    for (s, &v) in fists.iter().enumerate() {
        if g.to_act().includes(Seat(s as u8)) {
            act(g, s as u8, Action::Commit(v));
        }
    }
}

#[test]
fn assembly_each_attending_baron_receives_1_vote_plus_1_per_kingdom_city() {
    let mut g = game(3);
    own(&mut g, 0, "vecht");
    own(&mut g, 0, "gedze");
    own(&mut g, 0, "cadiz"); // overseas: no Vote
    g.core.barons[2].charges = vec![agenda("master_of_the_rolls")]; // +2
    let mut banned = g.clone();
    let three = [
        agenda("royal_subsidy"),
        agenda("war_levy"),
        agenda("day_of_prayer"),
    ];
    assembly(&mut g, &three);
    assert_eq!(votes(&g), vec![3, 1, 3]);
    assert_eq!(
        g.core.phase,
        Phase::Order(0),
        "the Chairman orders the Agendas"
    );
    banned.core.barons[1].banned = true;
    assembly(&mut banned, &three);
    assert_eq!(votes(&banned), vec![3, 0, 3]);
    assert_eq!(banned.core.assembly.as_ref().unwrap().attending, vec![0, 2]);
}

#[test]
fn assembly_runs_at_2n_cards_in_its_area_and_returns_them_to_hand() {
    use BaronCard::RallySupport as R;
    let mut g = game(3);
    g.core.current_agendas = vec![agenda("royal_subsidy")];
    g.core.zones[2] = vec![(1, R), (1, R), (2, R), (2, R), (0, R)];
    for (s, left) in [(0, 1), (1, 0), (2, 0)] {
        g.core.barons[s].hand[R.index()] = left;
    }
    resolve(&mut g, 0, R);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.core.phase, Phase::Commit, "the Assembly sits");
    commit(&mut g, &[0, 0, 0]);
    act(&mut g, 0, Action::TieBreak(Ballot::No));
    assert!(idle(&g));
    assert!(g.core.zones[2].is_empty());
    for s in 0..3 {
        assert_eq!(hand(&g, s, R), 2);
    }
}

#[test]
fn assembly_a_chairman_kept_away_appoints_an_acting_chairman() {
    let mut g = game(3);
    g.core.barons[0].charges = vec![agenda("exile")];
    assembly(&mut g, &[agenda("royal_subsidy")]);
    assert_eq!(g.core.phase, Phase::Appoint(0));
    assert_eq!(legal(&g, 0), vec![Action::Appoint(1), Action::Appoint(2)]);
    act(&mut g, 0, Action::Appoint(2));
    assert_eq!(votes(&g), vec![0, 1, 1], "he receives no Votes");
    assert!(!g.to_act().includes(Seat(0)));
    commit(&mut g, &[0, 1, 1]);
    assert_eq!(
        g.core.phase,
        Phase::Cast(2),
        "the acting Chairman casts first"
    );
    act(&mut g, 2, Action::Cast(Ballot::Yes));
    act(&mut g, 1, Action::Cast(Ballot::No));
    assert_eq!(g.core.phase, Phase::Tie(2), "and breaks the tie");
}

#[test]
fn assembly_a_private_motion_comes_first_and_a_random_baron_proposes_it() {
    let mut g = game(3);
    g.core.barons[2].banned = true;
    let pm = agenda("private_motion");
    let (sub, levy) = (agenda("royal_subsidy"), agenda("war_levy"));
    let by_2 = fate_where(|f| f.baron == 2);
    stack_fate(&mut g, &by_2[..1]);
    assembly(&mut g, &[sub, pm, levy]);
    assert_eq!(
        g.core.phase,
        Phase::Propose(2),
        "drawn by Fate; he need not attend"
    );
    assert!(is_legal(&g, 2, Action::Propose(Proposal::Postpone)));
    assert!(is_legal(&g, 2, Action::Propose(Proposal::RescindBan(2))));
    act(&mut g, 2, Action::Propose(Proposal::Postpone));
    assert_eq!(g.core.phase, Phase::Commit, "put to a yes/no vote");
    commit(&mut g, &[0, 0, 0]);
    assert_eq!(g.core.phase, Phase::Tie(0));
    act(&mut g, 0, Action::TieBreak(Ballot::Yes));
    assert!(idle(&g), "postponed: the Assembly ends at once");
    assert!(g.core.agenda_discard.contains(&pm));
    let cur = &g.core.current_agendas;
    assert!(
        cur.len() == 3 && cur[..2] == [sub, levy],
        "the others carry over"
    );
}

#[test]
fn assembly_votes_go_in_secret_fists_at_once_then_are_cast_from_the_chairman() {
    let mut g = game(3);
    g.core.barons[0].votes = 4;
    g.core.barons[1].votes = 2;
    let (sub, levy, pray) = (
        agenda("royal_subsidy"),
        agenda("war_levy"),
        agenda("day_of_prayer"),
    );
    assembly(&mut g, &[sub, levy, pray]);
    assert_eq!(votes(&g), vec![5, 3, 1]);
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::NextAgenda(0),
            Action::NextAgenda(1),
            Action::NextAgenda(2)
        ]
    );
    act(&mut g, 0, Action::NextAgenda(2));
    act(&mut g, 0, Action::NextAgenda(0));
    assert_eq!(g.core.phase, Phase::Commit);
    assert_eq!(
        g.core.assembly.as_ref().unwrap().voting,
        Some(pray),
        "his order"
    );
    match g.to_act() {
        ToAct::Simultaneous(set) => assert_eq!(set.len(), 3),
        other => panic!("{other:?}"),
    }
    assert_eq!(legal(&g, 2), vec![Action::Commit(0), Action::Commit(1)]);
    let mut x = g.clone();
    let mut y = g.clone();
    act(&mut x, 0, Action::Commit(3));
    act(&mut y, 0, Action::Commit(2));
    assert_eq!(
        x.view(Viewer::Seat(Seat(1))),
        y.view(Viewer::Seat(Seat(1))),
        "secret"
    );
    assert_eq!(x.view(Viewer::Spectator), y.view(Viewer::Spectator));
    commit(&mut g, &[3, 1, 0]);
    assert_eq!(g.core.phase, Phase::Cast(0), "the Chairman says first");
    act(&mut g, 0, Action::Cast(Ballot::Yes));
    assert_eq!(g.core.phase, Phase::Cast(1));
    act(&mut g, 1, Action::Cast(Ballot::No));
    // Seat 2 revealed no Votes: not asked. 3 to 1: passed.
    assert_eq!((g.b(0).faith, g.b(1).faith, g.b(2).faith), (1, 1, 1));
    assert_eq!(votes(&g), vec![2, 2, 1], "revealed Votes are spent");
    assert_eq!(g.core.assembly.as_ref().unwrap().voting, Some(sub));
}

#[test]
fn assembly_the_chairman_breaks_ties_however_he_voted() {
    let mut g = game(3);
    let sub = agenda("royal_subsidy");
    assembly(&mut g, &[sub]);
    commit(&mut g, &[1, 1, 0]);
    act(&mut g, 0, Action::Cast(Ballot::Yes));
    act(&mut g, 1, Action::Cast(Ballot::No));
    assert_eq!(g.core.phase, Phase::Tie(0));
    assert_eq!(
        legal(&g, 0),
        vec![Action::TieBreak(Ballot::Yes), Action::TieBreak(Ballot::No)]
    );
    act(&mut g, 0, Action::TieBreak(Ballot::No));
    assert!(idle(&g));
    assert_eq!(crowns(&g, 0), 15, "failed");
    assert!(g.core.agenda_discard.contains(&sub));
    assert_eq!(g.core.current_agendas.len(), 3, "three new Agendas");
}

#[test]
fn assembly_a_passed_law_stays_and_is_refused_when_complying() {
    let mut g = game(3);
    let tithe = agenda("tithe");
    assembly(&mut g, &[tithe]);
    commit(&mut g, &[1, 0, 0]);
    act(&mut g, 0, Action::Cast(Ballot::Yes));
    assert!(idle(&g));
    assert_eq!(g.core.laws, vec![tithe]);
    assert!(!g.core.agenda_discard.contains(&tithe));
    for city in ["vecht", "gedze", "ballin", "semlik"] {
        own(&mut g, 1, city);
    }
    run_steps(&mut g, vec![Step::TaxationFrom(0)]);
    assert_eq!(g.core.phase, Phase::Tithe(1));
    assert_eq!(crowns(&g, 1), 15 + 2 + 1 + 1 + 2);
    let mut refuse = g.clone();
    act(&mut g, 1, Action::ComplyTithe);
    assert_eq!(crowns(&g, 1), 21 - 2, "a third of 4 cities, rounded up");
    act(&mut refuse, 1, Action::RefuseTithe);
    assert!(refuse.b(1).banned, "refusing a law bans him");
    assert_eq!(crowns(&refuse, 1), 21);
}

/// Seat 0 puts 1 Vote on the current Choose-a-Baron Agenda for `x`; nobody else votes.
fn elect(g: &mut WarriorKnights, x: u8) {
    commit(g, &[1, 0, 0]);
    act(g, 0, Action::Cast(Ballot::For(x)));
}

#[test]
fn assembly_a_fourth_charge_makes_the_baron_drop_an_old_one() {
    let mut g = game(3);
    let (rolls, steward, salt) = (
        agenda("master_of_the_rolls"),
        agenda("steward"),
        agenda("salt_concession"),
    );
    g.core.barons[1].charges = vec![rolls, steward, salt];
    assembly(&mut g, &[rolls]);
    elect(&mut g, 1);
    assert_eq!(g.core.phase, Phase::DropCharge(1));
    assert_eq!(legal(&g, 1).len(), 3, "one of the old three");
    act(&mut g, 1, Action::DropCharge(0));
    assert_eq!(g.b(1).charges, vec![steward, salt, rolls]);
    assert!(g.core.agenda_discard.contains(&rolls));
    assert!(idle(&g));
}

#[test]
fn assembly_an_office_goes_on_a_noble_and_its_maintained_troops_fight() {
    let mut g = game(3);
    let (marshal, captain) = (agenda("marshal"), agenda("captain_of_the_guard"));
    noble(&mut g, 0, STAR, "k33", &[reg(0, 3)]);
    g.nbm(0, STAR).office = Some(captain);
    assembly(&mut g, &[marshal]);
    elect(&mut g, 0);
    assert_eq!(g.core.phase, Phase::Office(0));
    assert_eq!(legal(&g, 0).len(), 4);
    act(&mut g, 0, Action::OfficeTo(STAR));
    assert!(idle(&g));
    assert_eq!(
        g.nb(0, STAR).office,
        Some(marshal),
        "a new office replaces the old"
    );
    assert!(g.core.agenda_discard.contains(&captain));
    assert_eq!(g.army_strength(0, Holder::Noble(STAR)), 300);
    noble(&mut g, 1, CIRCLE, "k33", &[reg(1, 3)]);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert_eq!(hand_sizes(&g)[0], 5, "100 + 200 maintained + 200");
}

#[test]
fn assembly_refusing_an_agenda_bans_the_baron_and_a_banned_chairman_is_replaced() {
    let mut g = game(3);
    g.core.chairman = 1;
    g.core.barons[2].votes = 5;
    let (fine, sub) = (agenda("royal_fine"), agenda("royal_subsidy"));
    assembly(&mut g, &[fine, sub]);
    assert_eq!(g.core.phase, Phase::Order(1));
    act(&mut g, 1, Action::NextAgenda(0));
    elect(&mut g, 1);
    assert_eq!(g.core.phase, Phase::Refusal(1));
    assert_eq!(
        legal(&g, 1),
        vec![Action::AcceptAgenda, Action::RefuseAgenda]
    );
    let mut accept = g.clone();
    act(&mut g, 1, Action::RefuseAgenda);
    assert!(g.b(1).banned);
    assert_eq!(crowns(&g, 1), 15);
    assert!(g.core.agenda_discard.contains(&fine));
    assert_eq!(g.core.chairman, 2, "the Baron with the most Votes");
    assert_eq!(g.core.phase, Phase::Commit);
    assert!(!g.to_act().includes(Seat(1)), "he votes on nothing more");
    act(&mut accept, 1, Action::AcceptAgenda);
    assert_eq!(crowns(&accept, 1), 10);
    assert!(!accept.b(1).banned);
}

#[test]
fn assembly_two_barons_write_their_votes_for_every_agenda_at_once() {
    let mut g = game(2);
    g.core.barons[0].votes = 2;
    let (sub, levy, pray) = (
        agenda("royal_subsidy"),
        agenda("war_levy"),
        agenda("day_of_prayer"),
    );
    assembly(&mut g, &[sub, levy, pray]);
    act(&mut g, 0, Action::NextAgenda(0));
    act(&mut g, 0, Action::NextAgenda(0));
    assert_eq!(g.core.phase, Phase::Commit);
    act(&mut g, 0, Action::Commit(2));
    assert_eq!(
        legal(&g, 0),
        vec![Action::Commit(0), Action::Commit(1)],
        "3 in all"
    );
    act(&mut g, 0, Action::Commit(1));
    act(&mut g, 0, Action::Commit(0));
    assert!(!g.to_act().includes(Seat(0)));
    for v in [0, 1, 0] {
        act(&mut g, 1, Action::Commit(v));
    }
    // Subsidy: 2 to 0.
    act(&mut g, 0, Action::Cast(Ballot::Yes));
    assert_eq!(crowns(&g, 1), 18);
    // Levy: 1 to 1.
    act(&mut g, 0, Action::Cast(Ballot::No));
    act(&mut g, 1, Action::Cast(Ballot::Yes));
    act(&mut g, 0, Action::TieBreak(Ballot::No));
    // Prayer: nobody.
    act(&mut g, 0, Action::TieBreak(Ballot::Yes));
    assert!(idle(&g));
    assert_eq!((crowns(&g, 0), crowns(&g, 1)), (18, 18));
    assert_eq!((g.b(0).faith, g.b(1).faith), (1, 1));
    assert_eq!(votes(&g), vec![0, 0]);
}

// ---------- Upkeep ----------

fn calm(g: &mut WarriorKnights) {
    let calm = fate_where(|f| !f.revolt);
    stack_fate(g, &calm);
}

#[test]
fn upkeep_more_than_half_of_the_unrazed_kingdom_cities_wins_at_once() {
    let mut g = game(3);
    for city in ["rota", "olbi", "kovel", "lenz", "thira", "berac", "isar"] {
        g.city_mut(c(city)).razed = true; // 11 unrazed: 6 needed
    }
    for city in [
        "vecht", "semlik", "surat", "roczak", "altamont", "cadiz", "acre",
    ] {
        own(&mut g, 0, city);
    }
    calm(&mut g);
    let mut six = g.clone();
    let mut fewer = g.clone();
    run_steps(&mut g, vec![Step::UpkeepVictory]);
    assert!(
        g.core.outcome.is_none(),
        "5 Kingdom cities + 2 overseas: no"
    );
    own(&mut six, 0, "gedze");
    run_steps(&mut six, vec![Step::UpkeepVictory]);
    assert_eq!(six.core.phase, Phase::Over);
    assert_eq!(six.core.city_winner, Some(0));
    match six.to_act() {
        ToAct::Over(o) => assert_eq!(o.winner(), Seat(0)),
        other => panic!("{other:?}"),
    }
    for city in ["ballin", "straven"] {
        fewer.city_mut(c(city)).razed = true; // 9 unrazed: 5 needed
    }
    run_steps(&mut fewer, vec![Step::UpkeepVictory]);
    assert_eq!(fewer.core.city_winner, Some(0), "razing lowers the bar");
}

/// Two Barons after setup: 11 Kingdom cities razed, 7 left (seat 1 holds 3 of them and two
/// overseas cities).
fn two_barons(config: &Config) -> WarriorKnights {
    let mut g = game_with(config);
    for city in [
        "froli", "monz", "bingen", "rota", "olbi", "kovel", "lenz", "thira", "berac", "isar",
        "ballin",
    ] {
        g.city_mut(c(city)).razed = true;
    }
    for city in ["vecht", "semlik", "surat", "cadiz", "acre"] {
        own(&mut g, 1, city);
    }
    calm(&mut g);
    g
}

#[test]
fn upkeep_two_barons_win_with_more_than_half_of_the_unrazed_kingdom_cities() {
    let mut g = two_barons(&cfg(2));
    assert_eq!(g.city_win_needs(), 4, "more than half of 7");
    let mut four = g.clone();
    run_steps(&mut g, vec![Step::UpkeepVictory]);
    assert!(
        g.core.outcome.is_none(),
        "3 Kingdom cities + 2 overseas: no"
    );
    own(&mut four, 1, "roczak");
    run_steps(&mut four, vec![Step::UpkeepVictory]);
    assert_eq!(four.core.city_winner, Some(1));
}

#[test]
fn upkeep_two_barons_need_five_kingdom_cities_under_the_faq_rule_or_an_older_revision() {
    let faq = Config {
        optional: Optional {
            two_barons_need_five_cities: true,
            ..Optional::default()
        },
        ..cfg(2)
    };
    let older = Config { rules: 2, ..cfg(2) };
    for config in [faq, older] {
        let mut g = two_barons(&config);
        assert_eq!(g.city_win_needs(), 5);
        own(&mut g, 1, "roczak");
        let mut five = g.clone();
        run_steps(&mut g, vec![Step::UpkeepVictory]);
        assert!(
            g.core.outcome.is_none(),
            "4 Kingdom cities: no ({config:?})"
        );
        own(&mut five, 1, "altamont");
        run_steps(&mut five, vec![Step::UpkeepVictory]);
        assert_eq!(five.core.city_winner, Some(1));
    }
}

#[test]
fn upkeep_influence_is_one_per_unbesieged_city_and_none_without_a_stronghold() {
    let mut g = game(3);
    own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    g.city_mut(gedze).siege = Some((1, 1));
    noble(&mut g, 1, STAR, "k01", &[reg(1, 0)]);
    own(&mut g, 0, "cadiz");
    own(&mut g, 1, "semlik");
    g.core.barons[1].stronghold = None;
    own(&mut g, 2, "surat");
    calm(&mut g);
    run_steps(&mut g, vec![Step::UpkeepInfluence]);
    let inf: Vec<u16> = (0..3).map(|s| g.b(s).influence).collect();
    assert_eq!(inf, vec![2, 0, 1]);
    assert_eq!(g.core.pool, 30 - 3);
    assert!(!g.core.last_round);
    assert_eq!(g.core.phase, Phase::Return(0));
}

#[test]
fn upkeep_an_empty_pool_makes_it_the_last_round_won_on_influence_then_cities_then_wealth() {
    let mut g = game(3);
    g.core.pool = 3;
    own(&mut g, 0, "vecht");
    own(&mut g, 0, "gedze");
    own(&mut g, 1, "semlik");
    own(&mut g, 1, "surat");
    for (s, inf) in [(0, 2), (1, 2), (2, 4)] {
        g.core.barons[s].influence = inf;
    }
    g.core.barons[1].crowns = 20;
    calm(&mut g);
    run_steps(&mut g, vec![Step::UpkeepInfluence]);
    assert!(g.core.last_round);
    assert_eq!(g.core.pool, -1, "everyone is paid in full");
    assert_eq!(
        g.core.phase,
        Phase::Return(0),
        "the Upkeep is finished first"
    );
    for s in 0..3 {
        act(&mut g, s, Action::ReturnDone);
    }
    let ToAct::Over(o) = g.to_act() else {
        panic!("{:?}", g.core.phase);
    };
    // 4 Influence each; seat 2 has no city; seat 1 is richer than seat 0.
    assert_eq!(
        o.places.iter().map(|(_, &p)| p).collect::<Vec<u8>>(),
        vec![1, 0, 2]
    );
    assert_eq!(g.core.city_winner, None);
}

#[test]
fn upkeep_a_city_without_its_owners_noble_may_revolt_unless_bought_off() {
    let mut g = game(3);
    let vecht = own(&mut g, 0, "vecht");
    g.city_mut(vecht).fortified = true;
    g.city_mut(vecht).breaches = 1;
    own(&mut g, 0, "gedze");
    noble(&mut g, 0, STAR, "k01", &[reg(0, 0)]); // guards Gedze: no draw
    g.core.barons[0].faith = 1;
    let revolt = fate_where(|f| f.revolt);
    let calm = fate_where(|f| !f.revolt);
    stack_fate(&mut g, &[revolt[0], calm[0]]);
    run_steps(&mut g, vec![Step::RevoltFrom(0, 0)]);
    assert_eq!(g.core.phase, Phase::Revolt(0, vecht));
    assert_eq!(
        legal(&g, 0),
        vec![Action::BuyOffFaith, Action::BuyOffCrowns, Action::LetRevolt]
    );
    let mut by_crowns = g.clone();
    let mut lost = g.clone();
    act(&mut g, 0, Action::BuyOffFaith);
    assert_eq!((g.b(0).faith, g.city(vecht).owner), (0, Some(0)));
    assert!(idle(&g));
    assert_eq!(fate_top(&g), calm[0], "one draw: Gedze had its Noble");
    act(&mut by_crowns, 0, Action::BuyOffCrowns);
    assert_eq!(crowns(&by_crowns, 0), 15 - 4, "twice its income");
    act(&mut lost, 0, Action::LetRevolt);
    let st = *lost.city(vecht);
    assert_eq!(
        (st.owner, st.fortified, st.breaches),
        (None, false, 1),
        "breaches stay"
    );
}

#[test]
fn upkeep_sea_arrivals_refresh_and_returning_nobles_go_home_or_to_an_unbesieged_city() {
    let mut g = game(3);
    g.nbm(0, STAR).loc = Loc::Sea(overseas(1));
    give(&mut g, 0, Holder::Noble(STAR), &[reg(0, 0)]);
    g.nbm(0, STAR).exhausted = true;
    noble(&mut g, 0, SQUARE, "k33", &[reg(0, 1)]);
    g.nbm(0, SQUARE).exhausted = true;
    give(&mut g, 0, Holder::Noble(TRIANGLE), &[reg(0, 2)]); // off the board with troops
    give(&mut g, 0, Holder::Stronghold, &[reg(0, 3)]);
    own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    g.city_mut(gedze).siege = Some((1, 1));
    noble(&mut g, 1, STAR, "k01", &[reg(1, 0)]);
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert_eq!(g.nb(0, STAR).loc, Loc::At(overseas(1)));
    assert!(!g.nb(0, STAR).exhausted && !g.nb(0, SQUARE).exhausted);
    assert_eq!(g.core.phase, Phase::Return(0));
    assert!(
        is_legal(&g, 0, Action::ReturnDone),
        "a Noble with troops may return, and need not"
    );
    let spots: Vec<Action> = legal(&g, 0)
        .into_iter()
        .filter(|x| matches!(x, Action::PlaceNoble { .. }))
        .collect();
    let place_at = |k: Shape, x: &str| Action::PlaceNoble {
        shape: k,
        area: a(x),
    };
    assert_eq!(
        spots,
        vec![place_at(TRIANGLE, "k04"), place_at(TRIANGLE, "k11")]
    );
    // The stronghold's troops may go to an off-board Noble, who must then return too.
    act(
        &mut g,
        0,
        Action::Transfer {
            troop: reg(0, 3),
            to: Holder::Noble(CIRCLE),
        },
    );
    act(&mut g, 0, place_at(TRIANGLE, "k04"));
    act(&mut g, 0, place_at(CIRCLE, "k11"));
    act(&mut g, 0, Action::ReturnDone);
    assert_eq!(
        g.core.phase,
        Phase::Return(1),
        "then the next Baron clockwise"
    );
    act(&mut g, 1, Action::ReturnDone);
    act(&mut g, 2, Action::ReturnDone);
    assert_eq!(g.core.phase, Phase::Planning);
    assert_eq!(g.core.round, 2);
}

#[test]
fn upkeep_nothing_leaves_a_besieged_stronghold_for_a_noble_off_the_board() {
    let mut g = game(3);
    give(&mut g, 0, Holder::Stronghold, &[reg(0, 3)]);
    let home = g.b(0).stronghold.expect("placed in setup");
    place(&mut g, 1, STAR, home, &regs(1));
    g.bm(0).sh_siege = Some((1, 1));
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert!(g.b(0).sh_siege.is_some(), "the besieger stays");
    assert_eq!(g.core.phase, Phase::Return(0));
    let offered = legal(&g, 0);
    assert!(
        offered.iter().all(|x| !matches!(
            x,
            Action::Transfer { troop, .. } if *troop == reg(0, 3)
        ) && !matches!(
            x,
            Action::TransferArmy {
                from: Holder::Stronghold,
                ..
            }
        )),
        "{offered:?}"
    );
    g.bm(0).sh_siege = None;
    assert!(is_legal(
        &g,
        0,
        Action::Transfer {
            troop: reg(0, 3),
            to: Holder::Noble(CIRCLE)
        }
    ));
}

// ---------- optional rules ----------

fn optional(n: u8, o: Optional) -> WarriorKnights {
    game_with(&Config {
        barons: n,
        optional: o,
        ..Config::default()
    })
}

#[test]
fn might_is_right_an_empty_pool_does_not_end_the_game() {
    for might in [false, true] {
        let mut g = optional(
            3,
            Optional {
                might_is_right: might,
                ..Optional::default()
            },
        );
        g.core.pool = 1;
        own(&mut g, 0, "vecht");
        own(&mut g, 0, "gedze");
        calm(&mut g);
        run_steps(&mut g, vec![Step::UpkeepInfluence]);
        assert_eq!(g.core.last_round, !might);
    }
}

#[test]
fn player_elimination_a_baron_whose_stronghold_is_taken_is_out() {
    let (v, _, p, _) = vdpf();
    let mut g = optional(
        3,
        Optional {
            player_elimination: true,
            ..Optional::default()
        },
    );
    g.core.chairman = 1;
    g.core.head = 1;
    g.core.barons[2].votes = 3;
    g.core.barons[0].votes = 1;
    g.core.barons[0].faith = 2;
    g.core.barons[2].faith = 1;
    let vecht = own(&mut g, 1, "vecht");
    noble(&mut g, 1, STAR, "k33", &[reg(1, 0)]);
    g.core.track[0] = Some(1);
    noble(&mut g, 0, CIRCLE, HOMES[1], &regs(0));
    stack_fate(&mut g, &[v[0], v[1], p[4], p[5], p[0], p[1], p[2], p[3]]);
    versatile_attack(&mut g, 0, HOMES[1], Target::Baron(1));
    act(&mut g, 0, Action::Assault);
    discard_all_but(&mut g, [&v[..2], &[]]);
    assert!(g.b(1).eliminated);
    assert_eq!(crowns(&g, 0), 22);
    assert_eq!(g.city(vecht).owner, None, "his cities become neutral");
    assert!(g.nb(1, STAR).gone && g.nb(1, STAR).loc == Loc::Off);
    assert_eq!(g.core.track[0], None);
    assert_eq!(
        (g.core.chairman, g.core.head),
        (2, 0),
        "next-most Votes and Faith"
    );
    assert!(idle(&g));
    assert!(!g.order().contains(&1));
}

#[test]
fn abandoned_nobles_a_noble_killed_by_desertion_keeps_his_heir() {
    let (eng, lom) = (merc(0, 3), merc(1, 0));
    for abandoned in [false, true] {
        let mut g = optional(
            3,
            Optional {
                abandoned_nobles: abandoned,
                ..Optional::default()
            },
        );
        noble(&mut g, 0, STAR, "k33", &[eng, lom]);
        g.nbm(0, STAR).casualties = 1;
        g.nbm(0, STAR).no_heir = true;
        g.core.barons[0].crowns = 0;
        let english = fate_where(|f| f.nationality == 0);
        stack_fate(&mut g, &english[..1]);
        run_steps(&mut g, vec![Step::WagesFrom(0)]);
        act(&mut g, 0, Action::Dismiss(eng));
        assert_eq!(g.nb(0, STAR).loc, Loc::Off);
        assert_eq!(
            g.nb(0, STAR).gone,
            !abandoned,
            "No Heir spares the abandoned"
        );
        let drew = fate_top(&g) != english[0];
        assert_eq!(drew, !abandoned, "only a death draws for a deserter");
    }
}

#[test]
fn miracles_can_happen_a_lasting_event_is_cancelled_later_for_its_cost_plus_one() {
    let heretic = event("heretic");
    for faith in [3u16, 2] {
        let mut g = optional(
            3,
            Optional {
                miracles_can_happen: true,
                ..Optional::default()
            },
        );
        g.core.lasting = vec![(heretic, 0)];
        g.core.barons[0].heretic = true;
        g.core.barons[0].faith = faith;
        calm(&mut g);
        run_steps(&mut g, vec![Step::UpkeepInfluence]);
        if faith == 3 {
            assert_eq!(g.core.phase, Phase::Miracle(0));
            act(&mut g, 0, Action::CancelLasting(0));
            assert_eq!(g.b(0).faith, 0);
            assert!(!g.b(0).heretic && g.core.lasting.is_empty());
        } else {
            assert_eq!(g.core.phase, Phase::Return(0), "2 Faith is not enough");
            assert!(g.b(0).heretic);
        }
    }
}

// ---------- Events ----------

/// The Head of the Church has Event `e` drawn so that it falls on `target` at no Faith cost:
/// a red one he draws himself, a green one he gives, a blue one he draws and aims.
fn draw_event(g: &mut WarriorKnights, e: u8, target: u8) {
    let n = g.core.n;
    top_event(g, e);
    let colour = g.event_colour(e);
    let head = if colour == EventColour::Red {
        target
    } else {
        (target + 1) % n
    };
    g.core.head = head;
    resolve_neutral(g, NeutralCard::ImportantEvent);
    match colour {
        EventColour::Red | EventColour::Green => act(g, head, Action::EventTo(target)),
        EventColour::Blue => {
            act(g, head, Action::EventTo(head));
            act(g, head, Action::EventTarget(target));
        }
    }
}

/// As [`draw_event`], and nobody cancels it.
fn play_event(g: &mut WarriorKnights, e: u8, target: u8) {
    draw_event(g, e, target);
    loop {
        match g.core.phase {
            Phase::EventCancel(s) => act(g, s, Action::AcceptEvent),
            Phase::EventPledge(s) => act(g, s, Action::Pledge(0)),
            _ => break,
        }
    }
    assert!(idle(g), "{:?}", g.core.phase);
}

#[test]
fn event_gain_adds_or_takes_a_resource_never_below_zero() {
    let mut g = game(3);
    g.core.barons[0].crowns = 3;
    play_event(&mut g, event("bad_harvest"), 0);
    assert_eq!(crowns(&g, 0), 0);
    play_event(&mut g, event("royal_favour"), 1);
    assert_eq!(g.b(1).influence, 1);
    assert_eq!(g.core.pool, 29, "Influence comes from the pool");
    play_event(&mut g, event("spies_report"), 2);
    assert_eq!(g.b(2).votes, 2);
}

#[test]
fn event_per_city_counts_the_targets_cities() {
    let mut g = game(3);
    for city in ["vecht", "gedze", "cadiz"] {
        own(&mut g, 1, city);
    }
    play_event(&mut g, event("good_harvest"), 1);
    assert_eq!(crowns(&g, 1), 18);
}

#[test]
fn event_heretic_lasts_and_stops_all_faith_gains() {
    let mut g = game(3);
    let heretic = event("heretic");
    play_event(&mut g, heretic, 0);
    assert!(g.b(0).heretic);
    assert_eq!(
        g.core.lasting,
        vec![(heretic, 0)],
        "stays for the rest of the game"
    );
    resolve(&mut g, 0, BaronCard::ServeTheChurch);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(g.b(0).faith, 0);
}

#[test]
fn event_no_heir_falls_on_a_noble_picked_by_fate() {
    let mut g = game(3);
    let square = fate_where(|f| f.noble == SQUARE);
    stack_fate(&mut g, &square[..1]);
    play_event(&mut g, event("no_heir"), 0);
    assert!(g.nb(0, SQUARE).no_heir);
    assert!(!g.nb(0, STAR).no_heir);
    assert_eq!(g.core.lasting, vec![(event("no_heir"), 0)]);
}

#[test]
fn event_broken_line_ends_the_lines_of_nobles_off_the_board_after_a_death() {
    let mut g = game(3);
    let e100 = merc(0, 3);
    noble(&mut g, 0, STAR, "k33", &[reg(0, 3), e100]);
    g.noble_dies(0, STAR);
    assert_eq!(g.nb(0, STAR).loc, Loc::Off);
    noble(&mut g, 0, TRIANGLE, "k32", &[reg(0, 0)]);
    // The square and the circle never had troops: they did not die.
    play_event(&mut g, event("broken_line"), 0);
    assert!(g.nb(0, STAR).gone);
    assert!(g.nb(0, STAR).troops.is_empty(), "Regulars leave the game");
    assert!(g.core.mercs.contains(&e100));
    assert!(!g.nb(0, SQUARE).gone && !g.nb(0, CIRCLE).gone);
    assert!(!g.nb(0, TRIANGLE).gone);
}

#[test]
fn event_assassin_puts_casualties_on_a_noble_on_the_board_and_can_kill_him() {
    let mut g = game(3);
    noble(&mut g, 0, STAR, "k33", &[reg(0, 3), reg(0, 0), reg(0, 1)]); // 200
    noble(&mut g, 0, SQUARE, "k32", &[reg(0, 2)]);
    let triangle = fate_where(|f| f.noble == TRIANGLE);
    let star = fate_where(|f| f.noble == STAR);
    stack_fate(&mut g, &[triangle[0], star[0]]);
    play_event(&mut g, event("assassin"), 0);
    assert_eq!(g.nb(0, STAR).loc, Loc::Off, "2 tokens on 200: dead (FAQ)");
    assert_eq!(g.nb(0, SQUARE).casualties, 0);
    // Poison (blue): 1 token.
    let square = fate_where(|f| f.noble == SQUARE);
    give(&mut g, 0, Holder::Noble(SQUARE), &[merc(0, 3)]);
    stack_fate(&mut g, &square[..1]);
    play_event(&mut g, event("poison"), 0);
    assert_eq!(g.nb(0, SQUARE).casualties, 1);
    assert!(on_board(&g, 0, SQUARE));
}

fn fate_city(city: &str) -> u8 {
    fate_where(|f| f.city == c(city))[0]
}

#[test]
fn event_revolt_and_fire_strike_a_city_of_the_target_picked_by_fate() {
    let mut g = game(3);
    let vecht = own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    stack_fate(&mut g, &[fate_city("semlik"), fate_city("gedze")]);
    play_event(&mut g, event("peasant_revolt"), 0);
    assert_eq!(g.city(gedze).owner, None, "Semlik is not his: drawn past");
    assert_eq!(g.city(vecht).owner, Some(0));
    stack_fate(&mut g, &[fate_city("vecht")]);
    play_event(&mut g, event("great_fire"), 0);
    assert_eq!(g.city(vecht).breaches, 1);
}

#[test]
fn event_desertion_sends_every_mercenary_of_a_fate_nationality_away() {
    let mut g = game(3);
    let (l50, l100, l50b, e100) = (merc(1, 0), merc(1, 3), merc(1, 1), merc(0, 3));
    noble(&mut g, 0, STAR, "k33", &[reg(0, 3), l50, l100, e100]);
    give(&mut g, 0, Holder::Stronghold, &[l50b]);
    let lombard = fate_where(|f| f.nationality == 1);
    stack_fate(&mut g, &lombard[..1]);
    play_event(&mut g, event("desertion"), 0);
    assert_eq!(g.nb(0, STAR).troops, vec![reg(0, 3), e100]);
    assert!(g.b(0).sh_troops.is_empty());
    for m in [l50, l100, l50b] {
        assert!(g.core.mercs.contains(&m));
    }
}

#[test]
fn event_storm_hits_nobles_at_sea_and_plague_nobles_on_land() {
    let mut g = game(3);
    g.nbm(0, STAR).loc = Loc::Sea(a("k10"));
    give(&mut g, 0, Holder::Noble(STAR), &[reg(0, 3)]);
    g.nbm(0, SQUARE).loc = Loc::Sea(a("k10"));
    give(&mut g, 0, Holder::Noble(SQUARE), &[reg(0, 0), merc(0, 3)]);
    noble(&mut g, 0, TRIANGLE, "k33", &[reg(0, 1), merc(0, 4)]);
    give(&mut g, 0, Holder::Noble(CIRCLE), &[reg(0, 2)]); // off the board
    let mut plague = g.clone();
    play_event(&mut g, event("storm_at_sea"), 0);
    assert_eq!(
        g.nb(0, STAR).loc,
        Loc::Off,
        "100 troops, 1 token: lost at sea"
    );
    assert_eq!(g.nb(0, SQUARE).casualties, 1);
    assert_eq!(g.nb(0, TRIANGLE).casualties, 0);
    play_event(&mut plague, event("plague"), 0);
    assert_eq!(plague.nb(0, TRIANGLE).casualties, 1);
    assert_eq!(plague.nb(0, SQUARE).casualties, 0);
    assert_eq!(plague.nb(0, STAR).casualties, 0);
    assert_eq!(plague.nb(0, CIRCLE).casualties, 0);
}

#[test]
fn event_reinforcement_heal_and_repair_help_the_target() {
    let mut g = game(3);
    let top = *g.core.mercs.front().unwrap();
    play_event(&mut g, event("veterans_return"), 1);
    assert_eq!(
        g.b(1).sh_troops,
        vec![top],
        "the top Mercenary, at his stronghold"
    );
    noble(&mut g, 1, STAR, "k33", &regs(1));
    g.nbm(1, STAR).casualties = 2;
    noble(&mut g, 1, SQUARE, "k32", &[merc(0, 3), merc(0, 4)]);
    g.nbm(1, SQUARE).casualties = 1;
    play_event(&mut g, event("surgeons"), 1);
    assert_eq!(
        (g.nb(1, STAR).casualties, g.nb(1, SQUARE).casualties),
        (0, 1)
    );
    let vecht = own(&mut g, 1, "vecht");
    let gedze = own(&mut g, 1, "gedze");
    g.city_mut(vecht).breaches = 2;
    g.city_mut(gedze).breaches = 1;
    g.core.barons[1].sh_breaches = 1;
    play_event(&mut g, event("master_masons"), 1);
    assert_eq!(
        (
            g.city(vecht).breaches,
            g.city(gedze).breaches,
            g.b(1).sh_breaches
        ),
        (0, 0, 0)
    );
}

#[test]
fn event_take_chairman_and_take_head_of_the_church_move_the_tokens() {
    let mut g = game(3);
    play_event(&mut g, event("assembly_support"), 2);
    assert_eq!(g.core.chairman, 2);
    play_event(&mut g, event("papal_blessing"), 0);
    assert_eq!(g.core.head, 0);
    g.core.barons[1].banned = true;
    play_event(&mut g, event("assembly_support"), 1);
    assert_eq!(g.core.chairman, 2, "a banned Baron can never be Chairman");
}

#[test]
fn event_a_red_event_is_cancelled_only_by_its_drawer() {
    let mut g = game(3);
    let heretic = event("heretic");
    g.core.barons[0].faith = 2;
    g.core.barons[1].faith = 5;
    draw_event(&mut g, heretic, 0);
    assert_eq!(g.core.phase, Phase::EventCancel(0));
    assert_eq!(legal(&g, 0), vec![Action::CancelEvent, Action::AcceptEvent]);
    assert!(legal(&g, 1).is_empty());
    act(&mut g, 0, Action::CancelEvent);
    assert_eq!(g.b(0).faith, 0);
    assert!(!g.b(0).heretic && g.core.lasting.is_empty());
    assert!(g.core.event_discard.contains(&heretic));
    assert_eq!(g.b(1).faith, 5);
    assert!(idle(&g));
}

#[test]
fn event_a_blue_event_is_cancelled_by_pooled_pledges_once_its_target_is_known() {
    let riots = event("riots"); // blue, 2 Faith, a revolt
    for (pledges, cancelled) in [([1u8, 1], true), ([1, 0], false)] {
        let mut g = game(3);
        let vecht = own(&mut g, 2, "vecht");
        g.core.barons[0].faith = 1;
        g.core.barons[1].faith = 1;
        stack_fate(&mut g, &[fate_city("vecht")]);
        draw_event(&mut g, riots, 2);
        // The city is already picked when the Barons pledge, Chairman first.
        assert_eq!(g.core.event.as_ref().unwrap().pick, Some(vecht));
        assert_eq!(g.core.phase, Phase::EventPledge(0));
        assert_eq!(legal(&g, 0), vec![Action::Pledge(0), Action::Pledge(1)]);
        act(&mut g, 0, Action::Pledge(pledges[0]));
        assert_eq!(g.core.phase, Phase::EventPledge(1));
        act(&mut g, 1, Action::Pledge(pledges[1]));
        assert!(idle(&g));
        if cancelled {
            assert_eq!((g.b(0).faith, g.b(1).faith), (0, 0), "both pay");
            assert_eq!(g.city(vecht).owner, Some(2));
        } else {
            assert_eq!((g.b(0).faith, g.b(1).faith), (1, 1), "nobody pays");
            assert_eq!(g.city(vecht).owner, None);
        }
        assert!(g.core.event_discard.contains(&riots));
    }
}

#[test]
fn upkeep_a_baron_may_keep_an_off_board_noble_off_the_board_with_his_troops() {
    let mut g = game(3);
    give(&mut g, 0, Holder::Noble(TRIANGLE), &[reg(0, 2)]);
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert_eq!(g.core.phase, Phase::Return(0));
    assert!(legal(&g, 0)
        .iter()
        .any(|x| matches!(x, Action::PlaceNoble { shape, .. } if *shape == TRIANGLE)));
    act(&mut g, 0, Action::ReturnDone);
    assert_eq!(g.core.phase, Phase::Return(1));
    assert_eq!(g.nb(0, TRIANGLE).loc, Loc::Off);
    assert_eq!(g.nb(0, TRIANGLE).troops, vec![reg(0, 2)]);
}

#[test]
fn upkeep_troops_are_regrouped_between_nobles_standing_together_not_into_the_stronghold() {
    let mut g = game(3);
    let home = g.b(0).stronghold.expect("placed in setup");
    place(&mut g, 0, TRIANGLE, home, &[reg(0, 2)]);
    place(&mut g, 0, CIRCLE, home, &[reg(0, 3)]);
    give(&mut g, 0, Holder::Stronghold, &[reg(0, 1)]);
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert_eq!(g.core.phase, Phase::Return(0));
    assert!(is_legal(
        &g,
        0,
        Action::Transfer {
            troop: reg(0, 2),
            to: Holder::Noble(CIRCLE)
        }
    ));
    let offered = legal(&g, 0);
    assert!(
        offered.iter().all(|x| !matches!(
            x,
            Action::Transfer {
                to: Holder::Stronghold,
                ..
            } | Action::TransferArmy {
                to: Holder::Stronghold,
                ..
            }
        )),
        "{offered:?}"
    );
    // The stronghold's troops go only to Nobles off the board.
    assert!(!is_legal(
        &g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(CIRCLE)
        }
    ));
    assert!(is_legal(
        &g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR)
        }
    ));
}

#[test]
fn upkeep_a_city_with_any_barons_noble_in_it_does_not_revolt() {
    let mut g = game(3);
    let vecht = own(&mut g, 0, "vecht");
    let area = t().city_area[usize::from(vecht)];
    place(&mut g, 1, STAR, area, &regs(1));
    let revolt = fate_where(|f| f.revolt);
    stack_fate(&mut g, &revolt);
    let top = fate_top(&g);
    run_steps(&mut g, vec![Step::RevoltFrom(0, 0)]);
    assert_eq!(g.city(vecht).owner, Some(0));
    assert!(
        !matches!(g.core.phase, Phase::Revolt(..)),
        "{:?}",
        g.core.phase
    );
    assert_eq!(fate_top(&g), top, "no Fate card was drawn for it");
}

#[test]
fn a_table_of_the_first_rules_revision_keeps_its_upkeep() {
    let first = Config {
        barons: 3,
        rules: 1,
        ..Config::default()
    };
    // Off-board Nobles with troops had to return, and a Noble could hand troops to the stronghold.
    let mut g = game_with(&first);
    let home = g.b(0).stronghold.expect("placed in setup");
    place(&mut g, 0, CIRCLE, home, &[reg(0, 3)]);
    give(&mut g, 0, Holder::Noble(TRIANGLE), &[reg(0, 2)]);
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert_eq!(g.core.phase, Phase::Return(0));
    assert!(!is_legal(&g, 0, Action::ReturnDone));
    assert!(is_legal(
        &g,
        0,
        Action::Transfer {
            troop: reg(0, 3),
            to: Holder::Stronghold
        }
    ));
    // Only the owner's Nobles kept a city from revolting.
    let mut g = game_with(&first);
    let vecht = own(&mut g, 0, "vecht");
    let area = t().city_area[usize::from(vecht)];
    place(&mut g, 1, STAR, area, &regs(1));
    let revolt = fate_where(|f| f.revolt);
    stack_fate(&mut g, &revolt);
    run_steps(&mut g, vec![Step::RevoltFrom(0, 0)]);
    assert_eq!(g.core.phase, Phase::Revolt(0, vecht));
}

// ---------- rules revision 4 ----------

fn cfg_rev(n: u8, rules: u8) -> Config {
    Config {
        barons: n,
        rules,
        ..Config::default()
    }
}

/// Every viewer: each seat and a spectator.
fn viewers(g: &WarriorKnights) -> Vec<Viewer> {
    (0..g.core.n)
        .map(|s| Viewer::Seat(Seat(s)))
        .chain([Viewer::Spectator])
        .collect()
}

#[test]
fn revision_4_a_revolt_names_its_city_income_and_price_to_every_seat_and_spectators() {
    let mut g = game(3);
    let vecht = own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    g.core.barons[0].faith = 1;
    let revolt = fate_where(|f| f.revolt);
    stack_fate(&mut g, &revolt[..2]);
    run_steps(&mut g, vec![Step::RevoltFrom(0, 0)]);
    // Both revolted: the owner chooses which is resolved first (W19).
    assert_eq!(g.core.phase, Phase::RevoltOrder(0));
    let mut order = vec![Action::ResolveRevolt(vecht), Action::ResolveRevolt(gedze)];
    order.sort_unstable();
    assert_eq!(legal(&g, 0), order);
    for v in viewers(&g) {
        let view = g.view(v);
        assert_eq!(view.phase.kind, "revolt_order");
        let waiting: Vec<u8> = view.revolts_waiting.iter().map(|r| r.city).collect();
        assert_eq!(waiting.len(), 2);
        assert!(waiting.contains(&vecht) && waiting.contains(&gedze));
    }
    act(&mut g, 0, Action::ResolveRevolt(gedze));
    assert_eq!(g.core.phase, Phase::Revolt(0, gedze));
    let (_, income) = t().city_values(gedze);
    let name = t().components.cities[usize::from(gedze)].name.clone();
    for v in viewers(&g) {
        let view = g.view(v);
        let r = view.revolt.expect("the revolting city is public");
        assert_eq!(
            (r.seat, r.city, r.name.as_str(), r.income, r.crowns, r.faith),
            (0, gedze, name.as_str(), income, 2 * u16::from(income), 1),
            "{v:?}"
        );
        assert_eq!(view.revolts_waiting.len(), 1);
        assert_eq!(view.revolts_waiting[0].city, vecht);
    }
    // The log names the city and the price.
    let text = g.describe_action(&Action::BuyOffCrowns);
    assert!(
        text.contains(&name) && text.contains(&format!("{} crowns", 2 * income)),
        "{text}"
    );
    assert!(g.describe_action(&Action::LetRevolt).contains(&name));
    act(&mut g, 0, Action::BuyOffFaith);
    // The last one needs no ordering.
    assert_eq!(g.core.phase, Phase::Revolt(0, vecht));
    let r = g.view(Viewer::Spectator).revolt.unwrap();
    assert_eq!(r.city, vecht);
    act(&mut g, 0, Action::LetRevolt);
    assert_eq!(g.city(vecht).owner, None);
    assert_eq!(g.city(gedze).owner, Some(0));
    assert!(idle(&g));
}

#[test]
fn revision_3_resolves_revolting_cities_in_board_order_as_before() {
    let mut g = game_with(&cfg_rev(3, 3));
    let vecht = own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    let revolt = fate_where(|f| f.revolt);
    stack_fate(&mut g, &revolt[..2]);
    run_steps(&mut g, vec![Step::RevoltFrom(0, 0)]);
    assert_eq!(g.core.phase, Phase::Revolt(0, vecht.min(gedze)));
    // The view names it under the old revision too.
    assert_eq!(
        g.view(Viewer::Spectator).revolt.map(|r| r.city),
        Some(vecht.min(gedze))
    );
}

#[test]
fn revision_4_every_event_drawn_is_named_with_its_drawer_and_effect() {
    let mut g = game(3);
    // Resolved inside one step, no decision after the drawer's.
    let harvest = event("bad_harvest");
    play_event(&mut g, harvest, 0);
    let name = t().cards.events[usize::from(harvest)].name.clone();
    let log = g.event_announcements();
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].contains(&name), "{log:?}");
    for v in viewers(&g) {
        let view = g.view(v);
        let r = view.events_drawn.last().unwrap();
        assert_eq!(
            (r.card, r.drawer, r.target, r.result),
            (harvest, 0, 0, crate::state::EventResult::Happened)
        );
        assert!(view.events_text.last().unwrap().contains(&name));
        assert!(
            view.event_discard.contains(&harvest),
            "the discard is public"
        );
    }
    // A blue one aimed at another Baron: drawer and target both named.
    let blue = event("royal_grant");
    play_event(&mut g, blue, 2);
    let view = g.view(Viewer::Spectator);
    let r = view.events_drawn.last().unwrap();
    assert_eq!((r.card, r.target), (blue, 2));
    assert_ne!(r.drawer, 2);
    let text = view.events_text.last().unwrap();
    assert!(
        text.contains(&t().cards.events[usize::from(blue)].name)
            && text.contains(&t().components.barons[2].name),
        "{text}"
    );
    // A cancelled one is named too, as cancelled.
    let red = event("bad_harvest");
    g.core.barons[1].faith = 5;
    draw_event(&mut g, red, 1);
    assert_eq!(g.core.phase, Phase::EventCancel(1));
    assert!(g.describe_action(&Action::CancelEvent).contains(&name));
    act(&mut g, 1, Action::CancelEvent);
    let view = g.view(Viewer::Seat(Seat(2)));
    assert_eq!(view.events_drawn.len(), 3);
    assert_eq!(
        view.events_drawn[2].result,
        crate::state::EventResult::Cancelled
    );
    assert!(view.events_text[2].contains("cancelled"));
    assert!(g.event_announcements()[0].contains("cancelled"));
}

#[test]
fn revision_4_a_noble_left_without_troops_by_a_discarded_office_leaves_the_board() {
    for rules in [3u8, 4] {
        let mut g = game_with(&cfg_rev(3, rules));
        noble(&mut g, 0, STAR, "k33", &[]);
        g.nbm(0, STAR).office = Some(agenda("marshal"));
        assert_eq!(g.army_strength(0, Holder::Noble(STAR)), 200);
        let pm = agenda("private_motion");
        let by_2 = fate_where(|f| f.baron == 2);
        stack_fate(&mut g, &by_2[..1]);
        assembly(&mut g, &[pm]);
        assert_eq!(g.core.phase, Phase::Propose(2));
        act(&mut g, 2, Action::Propose(Proposal::DiscardOffice(0, STAR)));
        commit(&mut g, &[0, 1, 0]);
        act(&mut g, 1, Action::Cast(Ballot::Yes));
        assert_eq!(g.nb(0, STAR).office, None, "revision {rules}");
        if rules >= 4 {
            assert_eq!(g.nb(0, STAR).loc, Loc::Off, "he leaves the board");
            assert!(!g.nb(0, STAR).dead, "not dead");
        } else {
            assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k33")), "revision 3 kept him");
        }
    }
}

#[test]
fn revision_4_leaders_still_tied_share_first_place_and_nobody_is_king() {
    for rules in [3u8, 4] {
        let mut g = game_with(&cfg_rev(3, rules));
        for s in 0..3usize {
            g.core.barons[s].influence = if s == 2 { 1 } else { 4 };
            g.core.barons[s].crowns = 10;
        }
        g.finish(None);
        let ToAct::Over(o) = g.to_act() else {
            panic!("{:?}", g.core.phase);
        };
        // The outcome keeps a full ranking for statistics.
        assert_eq!(
            o.places.iter().map(|(_, &p)| p).collect::<Vec<u8>>(),
            vec![0, 1, 2]
        );
        for v in viewers(&g) {
            let st = g.view(v).standing.unwrap();
            if rules >= 4 {
                assert_eq!(st.king, None, "no King");
                assert_eq!(st.places, vec![0, 0, 2], "a shared first place");
            } else {
                assert_eq!(st.king, Some(0));
                assert_eq!(st.places, vec![0, 1, 2]);
            }
        }
    }
    // A tie-break that decides still makes a King.
    let mut g = game(3);
    for s in 0..3usize {
        g.core.barons[s].influence = 4;
    }
    g.core.barons[1].crowns = 30;
    g.finish(None);
    let st = g.view(Viewer::Spectator).standing.unwrap();
    assert_eq!((st.king, st.places[1]), (Some(1), 0));
}

#[test]
fn revision_4_the_owner_of_a_dead_noble_chooses_the_deserter_and_the_casualties_discards() {
    // The position of the revision-3 test above: English drawn for the deserter, 2 tokens.
    let (v, d, p, _) = vdpf();
    let (e50, e100, l50, l100) = (merc(0, 0), merc(0, 3), merc(1, 0), merc(1, 3));
    let mut t1 = regs(1).to_vec();
    t1.extend([e50, e100, l50, l100]);
    let mut g = field(CIRCLE, &regs(0), CIRCLE, &t1);
    g.nbm(1, CIRCLE).casualties = 2;
    g.nbm(1, CIRCLE).office = Some(agenda("captain_of_the_guard"));
    let used = [v[0], v[1], d[0], d[1], p[0], p[1], p[2], p[3], d[2], d[3]];
    let english = fate_where(|f| f.nationality == 0)
        .into_iter()
        .find(|x| !used.contains(x))
        .unwrap();
    let mut deck = used.to_vec();
    deck.push(english);
    stack_fate(&mut g, &deck);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    discard_all_but(&mut g, [&v[..2], &p[..4]]);
    // He is off the board at once; his losses are his to choose, before anything else.
    assert_eq!(g.nb(1, CIRCLE).loc, Loc::Off);
    assert_eq!(g.core.phase, Phase::Loss(1));
    assert_eq!(g.view(Viewer::Spectator).phase.kind, "losses");
    let l = g.view(Viewer::Spectator).losses[0];
    assert_eq!((l.seat, l.deserter, l.tokens), (1, Some(0), 2));
    // Which English Mercenary deserts: the 50 or the 100.
    assert_eq!(
        legal(&g, 1),
        vec![Action::LoseTroop(e50), Action::LoseTroop(e100)]
    );
    assert!(g
        .describe_action(&Action::LoseTroop(e100))
        .contains("deserts"));
    let mut other = g.clone();
    act(&mut g, 1, Action::LoseTroop(e100));
    // First token: a 100 (Lombard) or two 50s (either 50 first).
    assert_eq!(g.core.phase, Phase::Loss(1));
    assert_eq!(
        legal(&g, 1),
        vec![
            Action::LoseTroop(e50),
            Action::LoseTroop(l50),
            Action::LoseTroop(l100)
        ]
    );
    act(&mut g, 1, Action::LoseTroop(e50));
    // The second 50 and the last 100 leave no choice.
    assert!(idle(&g), "{:?}", g.core.phase);
    let mut left = g.nb(1, CIRCLE).troops.clone();
    left.sort_unstable();
    assert_eq!(left, regs(1).to_vec(), "Regulars are never discarded");
    // The other way: the 50 deserts, then he keeps a 50 by paying with both 100s.
    act(&mut other, 1, Action::LoseTroop(e50));
    assert_eq!(
        legal(&other, 1),
        vec![Action::LoseTroop(e100), Action::LoseTroop(l100)],
        "a lone 50 cannot pay where a 100 can"
    );
    act(&mut other, 1, Action::LoseTroop(l100));
    assert!(idle(&other), "{:?}", other.core.phase);
    let mut left = other.nb(1, CIRCLE).troops.clone();
    left.sort_unstable();
    let mut want = vec![l50];
    want.extend(regs(1));
    assert_eq!(left, want);
}

#[test]
fn revision_4_the_printed_component_limits_are_data_and_bind_where_they_run_out() {
    let l = &t().components.limits;
    assert_eq!(
        (
            l.siege_markers,
            l.expedition_markers,
            l.baron_markers,
            l.control_markers,
            l.strongholds
        ),
        (12, 3, 8, 12, 6)
    );
    assert_eq!(l.confidence, ordo_core::Confidence::Confirmed);
    // All 12 siege markers on the board: no siege can be declared (revision 3: it could).
    for rules in [3u8, 4] {
        let mut g = game_with(&cfg_rev(3, rules));
        noble(&mut g, 0, CIRCLE, "k01", &[reg(0, 0)]); // 250 vs Gedze 200
        let gedze = c("gedze");
        let others: Vec<u8> = (0..g.core.cities.len() as u8)
            .filter(|&x| x != gedze)
            .take(12)
            .collect();
        for x in others {
            g.city_mut(x).siege = Some((1, 1));
        }
        versatile_attack(&mut g, 0, "k01", Target::Neutral);
        if rules >= 4 {
            assert_ne!(g.core.phase, Phase::Mode(0), "no siege marker left");
        } else {
            assert_eq!(g.core.phase, Phase::Mode(0));
        }
    }
    // With all 12 control markers on his cities, a Baron razes any other city he takes.
    for rules in [3u8, 4] {
        let mut g = game_with(&cfg_rev(3, rules));
        let cities: Vec<u8> = (0..g.core.cities.len() as u8).take(13).collect();
        for &x in &cities {
            g.city_mut(x).owner = Some(0);
        }
        g.core.phase = Phase::Raze(0, cities[12]);
        if rules >= 4 {
            assert_eq!(legal(&g, 0), vec![Action::Raze]);
        } else {
            assert_eq!(legal(&g, 0), vec![Action::Raze, Action::KeepCity]);
        }
        g.city_mut(cities[0]).owner = None;
        assert!(is_legal(&g, 0, Action::KeepCity), "the 12th he keeps");
    }
    // All his Baron markers on the Mercenary Track: he can place none (the reconstructed track
    // has fewer spots than a Baron has markers, so only a printed longer track makes this bind).
    let g = game(3);
    let spots = g.core.track.len();
    assert!(spots < usize::from(l.baron_markers));
    assert_eq!(g.spots_for(0).len(), spots);
}

// ---------- revision 5: halting on the road to take troops (W13) ----------

fn halts(g: &WarriorKnights, s: u8) -> Vec<(Shape, AreaId)> {
    legal(g, s)
        .into_iter()
        .filter_map(|x| match x {
            Action::RoadHalt { shape, at } => Some((shape, at)),
            _ => None,
        })
        .collect()
}

/// The k31–k32–k33–k23 road: the star at k31, a fresh square with a troop waiting at k32.
fn road_with_troops_waiting(rules: u8) -> WarriorKnights {
    let mut g = game_with(&Config { rules, ..cfg(3) });
    noble(&mut g, 0, STAR, "k31", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k32", &[reg(0, 1)]);
    g
}

#[test]
fn revision_5_a_noble_halts_on_the_road_takes_troops_and_goes_on() {
    let mut g = road_with_troops_waiting(5);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    // Only where troops wait: the square at k32 (nothing waits at k33); the square may as well
    // halt at k31 to take the star's troops.
    assert_eq!(halts(&g, 0), vec![(STAR, a("k32")), (SQUARE, a("k31"))]);
    act(
        &mut g,
        0,
        Action::RoadHalt {
            shape: STAR,
            at: a("k32"),
        },
    );
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k32")));
    // Halted: take the troops, go on along the road (never back), or stay. Nothing else.
    let mut offered = legal(&g, 0);
    offered.sort();
    let mut want = vec![
        Action::Move {
            shape: STAR,
            to: a("k33"),
        },
        Action::Move {
            shape: STAR,
            to: a("k23"),
        },
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR),
        },
        Action::RoadStay,
    ];
    want.sort();
    assert_eq!(offered, want);
    act(
        &mut g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR),
        },
    );
    assert!(
        !on_board(&g, 0, SQUARE),
        "the square, left without troops, leaves the board"
    );
    // Two steps of the three are left: k33 and on to k23.
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k23"),
        },
    );
    assert!(idle(&g));
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k23")));
    assert_eq!(g.nb(0, STAR).troops, vec![reg(0, 0), reg(0, 1)]);
    assert!(g.nb(0, STAR).exhausted);
    assert_eq!(g.core.ctx.halt, None);
}

#[test]
fn revision_5_a_halted_noble_may_end_his_move_where_he_stands() {
    let mut g = road_with_troops_waiting(5);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(
        &mut g,
        0,
        Action::RoadHalt {
            shape: STAR,
            at: a("k32"),
        },
    );
    act(
        &mut g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR),
        },
    );
    act(&mut g, 0, Action::RoadStay);
    assert!(idle(&g));
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k32")));
    assert!(g.nb(0, STAR).exhausted);
    assert_eq!(hand(&g, 0, BaronCard::VersatileStrategy), 1);
}

#[test]
fn revision_5_mobilize_halts_only_where_the_road_leads_on_to_the_area_named() {
    let mut g = road_with_troops_waiting(5);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k23")));
    assert_eq!(
        halts(&g, 0),
        vec![(STAR, a("k32"))],
        "the square's halt at k31 leads away"
    );
    act(
        &mut g,
        0,
        Action::RoadHalt {
            shape: STAR,
            at: a("k32"),
        },
    );
    // He must go on to k23: no stopping, no other area, no other Noble.
    assert!(!is_legal(&g, 0, Action::EndMoves));
    assert!(!is_legal(&g, 0, Action::RoadStay));
    assert!(!is_legal(
        &g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k33")
        }
    ));
    act(
        &mut g,
        0,
        Action::Transfer {
            troop: reg(0, 1),
            to: Holder::Noble(STAR),
        },
    );
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: a("k23"),
        },
    );
    assert!(is_legal(&g, 0, Action::EndMoves));
    act(&mut g, 0, Action::EndMoves);
    assert_eq!(g.nb(0, STAR).loc, Loc::At(a("k23")));
    assert_eq!(g.nb(0, STAR).troops, vec![reg(0, 0), reg(0, 1)]);
    // Towards an area the road does not lead on to from k32, no halt.
    let mut g = road_with_troops_waiting(5);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k32")));
    assert!(halts(&g, 0).is_empty(), "k32 itself is the end of the move");
}

#[test]
fn revision_5_no_halt_where_another_baron_stands_and_none_before_revision_5() {
    let mut g = road_with_troops_waiting(5);
    noble(&mut g, 1, STAR, "k32", &[reg(1, 0)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(
        !halts(&g, 0).contains(&(STAR, a("k32"))),
        "no halt among another Baron's Nobles (passing on would need his leave)"
    );
    let mut g = road_with_troops_waiting(4);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(
        halts(&g, 0).is_empty(),
        "revision 4 keeps pick-ups before leaving only"
    );
    assert!(moves(&g, 0, STAR).contains(&a("k23")));
}

#[test]
fn revision_5_a_halt_under_closed_roads_breaks_the_law() {
    let mut g = road_with_troops_waiting(5);
    let closed = (0..t().cards.agendas.len() as u8)
        .find(|&i| {
            matches!(
                t().cards.agendas[usize::from(i)].effect,
                crate::cards::AgendaEffect::Law {
                    law: crate::cards::LawKind::ClosedRoads
                }
            )
        })
        .expect("a Closed Roads agenda");
    g.core.laws.push(closed);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    act(
        &mut g,
        0,
        Action::RoadHalt {
            shape: STAR,
            at: a("k32"),
        },
    );
    assert!(
        g.b(0).banned,
        "moving by road under Closed Roads refuses the law"
    );
}

// ---------- gifts out of turn and Exchanging Heirs (W22) ----------

fn heirs_config(n: u8) -> Config {
    Config {
        barons: n,
        optional: Optional {
            exchanging_heirs: true,
            ..Optional::default()
        },
        ..Config::default()
    }
}

fn refusal(g: &WarriorKnights, s: u8, x: Action) -> String {
    match g.check(Seat(s), &x) {
        Err(ordo_core::IllegalReason::Refused { why }) => why,
        other => panic!("{x:?} by {s}: {other:?}"),
    }
}

#[test]
fn crowns_are_given_out_of_turn_and_the_turn_stays_where_it_was() {
    let mut g = game(3);
    run_steps(&mut g, Vec::new());
    assert!(idle(&g));
    let to_act = g.to_act();
    let legal0 = legal(&g, 0);
    let (c1, c2) = (crowns(&g, 1), crowns(&g, 2));
    // Seat 2 is not to act, and gives 4 crowns to seat 1.
    assert!(!to_act.includes(Seat(2)));
    let gift = Action::GiveCrowns { to: 1, crowns: 4 };
    assert!(g.free_actions(Seat(2)).contains(&gift));
    assert!(
        !legal(&g, 2).contains(&gift),
        "gifts are no turn's decision"
    );
    assert!(!g.is_secret_decision(Seat(2), &gift));
    act(&mut g, 2, gift);
    assert_eq!((crowns(&g, 1), crowns(&g, 2)), (c1 + 4, c2 - 4));
    assert_eq!(g.to_act(), to_act);
    assert_eq!(legal(&g, 0), legal0);
    assert!(idle(&g));
    // The one to act may give too, and still decides after it.
    act(&mut g, 0, Action::GiveCrowns { to: 2, crowns: 1 });
    assert_eq!(crowns(&g, 2), c2 - 3);
    assert_eq!(legal(&g, 0), legal0);
    // During Planning, when everyone decides secretly, a gift is still public.
    let mut p = fresh(3, 5);
    play_setup(&mut p);
    assert!(matches!(p.to_act(), ToAct::Simultaneous(_)));
    let gift = Action::GiveCrowns { to: 0, crowns: 2 };
    assert!(!p.is_secret_decision(Seat(1), &gift));
    act(&mut p, 1, gift);
    assert!(matches!(p.to_act(), ToAct::Simultaneous(_)));
}

#[test]
fn a_refused_gift_says_why_and_leaves_the_game_unchanged() {
    let mut g = game(3);
    run_steps(&mut g, Vec::new());
    let held = crowns(&g, 2);
    let before = g.clone();
    let hash = g.state_hash();
    let cases = [
        (
            Action::GiveCrowns {
                to: 1,
                crowns: held + 1,
            },
            "you hold only",
        ),
        (Action::GiveCrowns { to: 2, crowns: 1 }, "another Baron"),
        (Action::GiveCrowns { to: 1, crowns: 0 }, "at least one"),
        (Action::GiveCrowns { to: 7, crowns: 1 }, "no such Baron"),
        (
            Action::GiveHeir {
                of: 2,
                shape: CIRCLE,
                to: 1,
            },
            "only with Exchanging Heirs",
        ),
    ];
    for (x, why) in cases {
        assert!(
            refusal(&g, 2, x).contains(why),
            "{x:?}: {}",
            refusal(&g, 2, x)
        );
        assert!(g.apply(Seat(2), x).is_err());
        assert_eq!(g.state_hash(), hash);
        assert!(g == before);
    }
    // Not from a Baron out of the game, nor to him.
    let mut e = game(3);
    e.eliminate(1);
    run_steps(&mut e, Vec::new());
    if !e.to_act().is_over() {
        assert!(refusal(&e, 1, Action::GiveCrowns { to: 0, crowns: 1 }).contains("out of the game"));
        assert!(refusal(&e, 0, Action::GiveCrowns { to: 1, crowns: 1 }).contains("out of the game"));
    }
    // Nothing is given once the game is over.
    g.core.phase = Phase::Over;
    assert!(g.free_actions(Seat(2)).is_empty());
    assert_eq!(
        g.check(Seat(2), &Action::GiveCrowns { to: 1, crowns: 1 }),
        Err(ordo_core::IllegalReason::GameOver)
    );
}

#[test]
fn exchanging_heirs_a_dead_noble_returns_only_once_his_heir_is_handed_back() {
    let mut g = game_with(&heirs_config(3));
    run_steps(&mut g, Vec::new());
    // Every Baron starts with his own Nobles' heirs; the tokens are public.
    assert_eq!(g.heir_holder(1, CIRCLE), Some(1));
    let view = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.barons[1].nobles[usize::from(CIRCLE)].heir, Some(1));
    // Seat 1 gives his Circle Noble's heir to seat 0, out of turn.
    let gift = Action::GiveHeir {
        of: 1,
        shape: CIRCLE,
        to: 0,
    };
    assert!(g.free_actions(Seat(1)).contains(&gift));
    act(&mut g, 1, gift);
    assert_eq!(g.heir_holder(1, CIRCLE), Some(0));
    assert!(refusal(&g, 1, gift).contains("do not hold"));
    // A remote client, holding only its view, offers exactly the gifts the game allows.
    for s in 0..3u8 {
        let offered: Vec<Action> = crate::gifts_in_view(&g.view(Viewer::Seat(Seat(s))), s)
            .into_iter()
            .map(|(a, _)| a)
            .collect();
        let gifts: Vec<Action> = g
            .free_actions(Seat(s))
            .into_iter()
            .filter(Action::is_gift)
            .collect();
        assert_eq!(offered, gifts, "seat {s}");
    }
    for v in [Viewer::Spectator, Viewer::Seat(Seat(2))] {
        assert_eq!(
            g.view(v).barons[1].nobles[usize::from(CIRCLE)].heir,
            Some(0)
        );
    }
    // Alive, he plays on as ever. Dead, he waits off the board with his troops.
    {
        let nb = g.nbm(1, CIRCLE);
        nb.loc = Loc::Off;
        nb.dead = true;
    }
    give(&mut g, 1, Holder::Noble(CIRCLE), &[reg(1, 3)]);
    give(&mut g, 1, Holder::Stronghold, &[reg(1, 0)]);
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    act(&mut g, 0, Action::ReturnDone);
    assert_eq!(g.core.phase, Phase::Return(1));
    let places = |g: &WarriorKnights| {
        legal(g, 1)
            .into_iter()
            .filter(|x| {
                matches!(x, Action::PlaceNoble { shape, .. } if *shape == CIRCLE)
                    || matches!(
                        x,
                        Action::Transfer {
                            to: Holder::Noble(CIRCLE),
                            ..
                        }
                    )
            })
            .count()
    };
    assert_eq!(places(&g), 0, "his heir is held by another Baron");
    assert!(g.view(Viewer::Spectator).barons[1].nobles[3].dead);
    // Seat 0 hands the heir back while seat 1 decides: he may return at once.
    act(
        &mut g,
        0,
        Action::GiveHeir {
            of: 1,
            shape: CIRCLE,
            to: 1,
        },
    );
    assert_eq!(g.core.phase, Phase::Return(1));
    assert!(is_legal(
        &g,
        1,
        Action::PlaceNoble {
            shape: CIRCLE,
            area: a(HOMES[1])
        }
    ));
    assert!(places(&g) > 1, "and take troops from the stronghold");
    // Without the option a dead Noble always returns.
    let mut plain = game(3);
    {
        let nb = plain.nbm(1, CIRCLE);
        nb.loc = Loc::Off;
        nb.dead = true;
    }
    give(&mut plain, 1, Holder::Noble(CIRCLE), &[reg(1, 3)]);
    assert_eq!(plain.heir_holder(1, CIRCLE), None);
    assert_eq!(plain.unplaced_with_troops(1), vec![CIRCLE]);
}

#[test]
fn exchanging_heirs_no_heir_kills_the_token_and_an_eliminated_holder_returns_his() {
    let mut g = game_with(&heirs_config(3));
    run_steps(&mut g, Vec::new());
    g.nbm(2, STAR).no_heir = true;
    assert_eq!(g.heir_holder(2, STAR), None);
    let dead_heir = Action::GiveHeir {
        of: 2,
        shape: STAR,
        to: 0,
    };
    assert!(!g.free_actions(Seat(2)).contains(&dead_heir));
    assert!(refusal(&g, 2, dead_heir).contains("no heir"));
    // Seat 2 holds seat 1's Square heir; when seat 2 leaves the game it goes home.
    act(
        &mut g,
        1,
        Action::GiveHeir {
            of: 1,
            shape: SQUARE,
            to: 2,
        },
    );
    assert_eq!(g.heir_holder(1, SQUARE), Some(2));
    g.eliminate(2);
    assert_eq!(g.heir_holder(1, SQUARE), Some(1));
}

// ---------- Crown and Glory: The King (W28) ----------

fn king_config(n: u8) -> Config {
    Config {
        barons: n,
        optional: Optional {
            the_king: true,
            ..Optional::default()
        },
        ..Config::default()
    }
}

fn king_army(i: u8) -> TroopId {
    KING_ARMY_BASE + i
}

#[test]
fn the_king_a_smaller_pool_and_options_that_do_not_mix() {
    let g = fresh_with(&king_config(3), 1);
    assert_eq!(g.core.pool, 24, "8 Influence per Baron");
    let short = fresh_with(
        &Config {
            length: crate::config::Length::Shorter,
            ..king_config(4)
        },
        1,
    );
    assert_eq!((short.core.pool, short.king_end_at()), (24, Some(12)));
    assert_eq!(g.king_end_at(), Some(16));
    for bad in [
        Config {
            length: crate::config::Length::Longest,
            ..king_config(3)
        },
        Config {
            optional: Optional {
                the_king: true,
                might_is_right: true,
                ..Optional::default()
            },
            ..king_config(3)
        },
    ] {
        assert!(WarriorKnights::new_game(&bad, 1).is_err(), "{bad:?}");
    }
    // Without the variant nothing of it is there, and the state hash is the same as ever.
    assert!(fresh(3, 1).core.crown.0.is_none());
    assert!(fresh(3, 1).view(Viewer::Spectator).the_king.is_none());
}

#[test]
fn the_king_is_crowned_when_the_pool_runs_out_places_his_army_and_gains_one_a_round() {
    let mut g = game_with(&king_config(3));
    g.core.pool = 2;
    own(&mut g, 0, "vecht");
    own(&mut g, 0, "gedze");
    own(&mut g, 1, "semlik");
    for (s, inf) in [(0, 5), (1, 6), (2, 1)] {
        g.core.barons[s].influence = inf;
    }
    noble(&mut g, 0, STAR, HOMES[0], &[reg(0, 0)]);
    let vecht_area = area_of(c("vecht"));
    g.nbm(0, SQUARE).loc = Loc::At(vecht_area);
    give(&mut g, 0, Holder::Noble(SQUARE), &[reg(0, 1)]);
    noble(&mut g, 0, TRIANGLE, "k33", &[reg(0, 2)]);
    calm(&mut g);
    run_steps(&mut g, vec![Step::UpkeepInfluence]);
    // Seat 0 gained 2 (7), seat 1 gained 1 (7): tied on Influence, seat 0 has more cities.
    assert!(g.core.pool <= 0);
    assert_eq!(g.king(), Some(0));
    assert!(!g.core.last_round, "the game goes on");
    // He places one King's Army card per Baron: at his stronghold, or with a Noble at his
    // stronghold or at a city of his; never with a Noble elsewhere.
    assert_eq!(g.core.phase, Phase::KingArmy(0));
    let places = legal(&g, 0);
    assert_eq!(
        places,
        vec![
            Action::AssignKingArmy(Holder::Noble(STAR)),
            Action::AssignKingArmy(Holder::Noble(SQUARE)),
            Action::AssignKingArmy(Holder::Stronghold),
        ]
    );
    act(&mut g, 0, Action::AssignKingArmy(Holder::Noble(SQUARE)));
    act(&mut g, 0, Action::AssignKingArmy(Holder::Stronghold));
    act(&mut g, 0, Action::AssignKingArmy(Holder::Stronghold));
    assert!(g.nb(0, SQUARE).troops.contains(&king_army(0)));
    assert_eq!(
        g.b(0).sh_troops,
        vec![king_army(1), king_army(2)],
        "three cards, one per Baron"
    );
    assert_eq!(t().strength(king_army(0)), 100);
    assert_eq!(t().wage(king_army(0)), 2);
    let view = g.view(Viewer::Spectator).the_king.unwrap();
    assert_eq!(
        (view.king, view.end_at, view.to_place.len()),
        (Some(0), 16, 0)
    );
    assert_eq!(g.core.phase, Phase::Return(0), "then the Upkeep goes on");
    // In the next Upkeep the King gains 1 more (from outside the empty pool).
    g.core.round += 1;
    let before = g.b(0).influence;
    calm(&mut g);
    run_steps(&mut g, vec![Step::UpkeepInfluence]);
    assert_eq!(g.b(0).influence, before + 2 + 1, "two cities and the crown");
    // King's Army troops are paid with the Regulars at Wages, before any Mercenary.
    g.core.barons[0].crowns = 6;
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    assert!(g.b(0).crowns < 6);
}

#[test]
fn the_king_leaders_tied_after_every_tie_break_crown_nobody_yet() {
    let mut g = game_with(&king_config(2));
    g.core.pool = 0;
    calm(&mut g);
    run_steps(&mut g, vec![Step::UpkeepInfluence]);
    assert_eq!(g.king(), None, "two Barons alike in everything");
    assert!(!g.core.last_round);
}

#[test]
fn the_king_taking_his_stronghold_takes_his_crown_and_his_army() {
    let (v, _, p, _) = vdpf();
    let mut g = game_with(&king_config(3));
    own(&mut g, 1, "vecht");
    g.core.crown.0 = Some(crate::state::Reign {
        king: Some(1),
        since: 1,
        to_place: Vec::new(),
    });
    // The King's Army is with two of his Nobles far away.
    noble(&mut g, 1, STAR, "k33", &[king_army(0), king_army(1)]);
    noble(&mut g, 1, SQUARE, "k01", &[king_army(2), reg(1, 0)]);
    noble(&mut g, 0, CIRCLE, HOMES[1], &regs(0));
    own(&mut g, 0, "gedze");
    stack_fate(&mut g, &[v[0], v[1], p[4], p[5], p[0], p[1], p[2], p[3]]);
    versatile_attack(&mut g, 0, HOMES[1], Target::Baron(1));
    act(&mut g, 0, Action::Assault);
    discard_all_but(&mut g, [&v[..2], &[]]);
    assert_eq!(g.b(1).stronghold, None);
    assert_eq!(g.king(), Some(0), "the crown goes to the Baron who took it");
    // He has lost every King's Army card; the Noble left with none leaves the board.
    assert_eq!(g.nb(1, STAR).loc, Loc::Off);
    assert!(!g.nb(1, STAR).dead, "removed, not dead");
    assert_eq!(g.nb(1, SQUARE).troops, vec![reg(1, 0)]);
    assert_eq!(g.nb(1, SQUARE).loc, Loc::At(a("k01")));
    // The seat 1 gives a city first, then the new King places the three cards.
    if g.core.phase == Phase::GiveCity(1) {
        act(&mut g, 1, Action::GiveCity(c("vecht")));
        act(&mut g, 0, Action::KeepCity);
    }
    let mut placed = 0;
    while let Phase::KingArmy(0) = g.core.phase {
        act(&mut g, 0, Action::AssignKingArmy(Holder::Stronghold));
        placed += 1;
    }
    let mut army: Vec<TroopId> = g
        .b(0)
        .sh_troops
        .iter()
        .chain(g.nb(0, CIRCLE).troops.iter())
        .copied()
        .filter(|&t| t >= KING_ARMY_BASE)
        .collect();
    army.sort_unstable();
    assert_eq!(
        army,
        vec![king_army(0), king_army(1), king_army(2)],
        "placed {placed}"
    );
}

#[test]
fn the_king_the_game_ends_when_a_baron_has_sixteen_influence_at_the_end_of_a_round() {
    let mut g = game_with(&king_config(3));
    g.core.barons[2].influence = 15;
    run_steps(&mut g, vec![Step::EndRound]);
    assert_ne!(g.core.phase, Phase::Over, "15 is not enough");
    let mut g = game_with(&king_config(3));
    g.core.barons[2].influence = 16;
    g.core.barons[0].influence = 12;
    g.core.crown.0 = Some(crate::state::Reign {
        king: Some(0),
        since: 1,
        to_place: Vec::new(),
    });
    run_steps(&mut g, vec![Step::EndRound]);
    assert_eq!(g.core.phase, Phase::Over);
    assert_eq!(
        g.declared_winner(),
        Some(Seat(2)),
        "the most Influence wins, King or not"
    );
    // A King whose Noble's line ends keeps his Army at his stronghold.
    let mut k = game_with(&king_config(3));
    k.core.crown.0 = Some(crate::state::Reign {
        king: Some(0),
        since: 1,
        to_place: Vec::new(),
    });
    noble(&mut k, 0, STAR, "k33", &[king_army(0), reg(0, 0)]);
    k.line_ends(0, STAR);
    assert_eq!(k.b(0).sh_troops, vec![king_army(0)]);
}

// ---------- Crown and Glory: Missions (W29) ----------

fn missions_config(n: u8) -> Config {
    Config {
        barons: n,
        optional: Optional {
            missions: true,
            ..Optional::default()
        },
        ..Config::default()
    }
}

fn mission(id: &str) -> u8 {
    let cards = &t().components.missions.as_ref().unwrap().cards;
    cards.iter().position(|c| c.id == id).unwrap() as u8
}

#[test]
fn missions_one_secret_mission_each_seen_only_by_its_baron() {
    let g = fresh_with(&missions_config(4), 9);
    let dealt = g.core.missions.0.as_ref().unwrap().dealt.clone();
    assert_eq!(dealt.len(), 4);
    let mut distinct = dealt.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "four different cards");
    assert_eq!(
        g.core.phase,
        Phase::SetupStronghold(g.core.chairman),
        "dealt before the strongholds"
    );
    for s in 0..4u8 {
        let mine = g.view(Viewer::Seat(Seat(s)));
        assert_eq!(mine.mine.unwrap().mission, Some(dealt[usize::from(s)]));
        assert!(mine.missions.is_none());
        let needle = format!("\"mission\":{}", dealt[usize::from(s)]);
        assert!(g.secrets_of(Seat(s)).contains(&needle));
        for v in [Viewer::Spectator, Viewer::Seat(Seat((s + 1) % 4))] {
            let json = serde_json::to_string(&g.view(v)).unwrap();
            assert!(!json.contains(&needle), "{v:?} sees seat {s}'s Mission");
        }
    }
    // A search bot's guess at the others' Missions never touches its own, nor gives it away.
    let mut rng = ordo_core::GameRng::from_seed(3);
    for _ in 0..20 {
        let r = g.resample_from_view(Seat(1), &mut rng);
        let rd = &r.core.missions.0.as_ref().unwrap().dealt;
        assert_eq!(rd[1], dealt[1]);
        assert!(rd.iter().enumerate().all(|(b, &m)| b == 1 || m != dealt[1]));
        assert_eq!(r.view(Viewer::Seat(Seat(1))), g.view(Viewer::Seat(Seat(1))));
    }
    // Without the variant nothing is dealt, and the deal draws nothing from the shuffles.
    assert!(fresh(4, 9).core.missions.0.is_none());
}

#[test]
fn missions_are_scored_at_the_end_two_influence_each_from_the_state_as_it_stands() {
    let mut g = game_with(&missions_config(3));
    g.core.missions.0.as_mut().unwrap().dealt =
        vec![mission("m_gold"), mission("m_chair"), mission("m_nobles")];
    g.core.barons[0].crowns = 30;
    g.core.barons[1].crowns = 29;
    g.core.barons[2].crowns = 5;
    g.core.chairman = 1;
    noble(&mut g, 2, STAR, "k33", &[reg(2, 0)]);
    for (s, inf) in [(0, 5), (1, 6), (2, 6)] {
        g.core.barons[s].influence = inf;
    }
    g.finish(None);
    assert_eq!(
        (0..3).map(|s| g.b(s).influence).collect::<Vec<_>>(),
        vec![7, 8, 6],
        "most crowns and the Chairman fulfilled; one Noble of four on the board is not"
    );
    let v = g.view(Viewer::Spectator);
    let shown = v.missions.unwrap();
    assert_eq!(
        shown.iter().map(|m| m.fulfilled).collect::<Vec<_>>(),
        vec![true, true, false]
    );
    assert_eq!(shown[2].mission, mission("m_nobles"));
    assert_eq!(
        g.declared_winner(),
        Some(Seat(1)),
        "the Missions count for the win"
    );
    assert!(
        !g.secrets_of(Seat(0))
            .iter()
            .any(|s| s.starts_with("\"mission\":")),
        "once over, the Missions are everyone's"
    );
    // Seizing the Kingdom ends the game with no Mission scored.
    let mut c = game_with(&missions_config(3));
    c.core.missions.0.as_mut().unwrap().dealt =
        vec![mission("m_gold"), mission("m_chair"), mission("m_nobles")];
    c.core.barons[0].crowns = 40;
    c.finish(Some(2));
    assert_eq!(c.b(0).influence, 0);
    // Every condition is judged by the data's words.
    let mut d = game_with(&missions_config(3));
    own(&mut d, 0, "cadiz");
    own(&mut d, 0, "acre");
    d.core.barons[0].faith = 6;
    d.core.head = 0;
    d.core.expeditions[1].spot = 2;
    d.core.expeditions[1].funds[0] = 3;
    use crate::data::MissionCondition as M;
    for (cond, want) in [
        (M::OverseasCities { at_least: 2 }, true),
        (M::OverseasCities { at_least: 3 }, false),
        (M::HeadOfTheChurch, true),
        (M::Faith { at_least: 6 }, true),
        (M::Faith { at_least: 7 }, false),
        (M::ExpeditionStake, true),
        (M::Offices { at_least: 1 }, false),
        (M::FortifiedCities { at_least: 1 }, false),
        (M::MostTroopsOnBoard, false),
    ] {
        assert_eq!(d.mission_done(0, cond), want, "{cond:?}");
    }
}

fn heir(of: u8, shape: Shape) -> Option<HeirToken> {
    Some(HeirToken { of, shape })
}

/// Accepting and declining an open offer, as its receiver saw it.
fn answers(x: &OpenOffer) -> (Action, Action) {
    let (from, give, take) = (x.from, x.give, x.take);
    (
        Action::AcceptOffer { from, give, take },
        Action::DeclineOffer { from, give, take },
    )
}

#[test]
fn an_offer_is_seen_by_its_two_barons_only_and_changes_hands_when_accepted() {
    let mut g = game_with(&heirs_config(3));
    run_steps(&mut g, Vec::new());
    let to_act = g.to_act();
    let legal0 = legal(&g, 0);
    let (c0, c2) = (crowns(&g, 0), crowns(&g, 2));
    // Seat 2, not to act, offers seat 0 his Star Noble's heir for 3 crowns.
    let offer = Action::Offer {
        to: 0,
        give: Stake {
            crowns: 0,
            heir: heir(2, STAR),
        },
        take: Stake {
            crowns: 3,
            heir: None,
        },
    };
    assert!(!to_act.includes(Seat(2)));
    assert!(g.free_actions(Seat(2)).contains(&offer));
    assert!(g.is_secret_decision(Seat(2), &offer));
    assert_eq!(g.secret_shared_with(Seat(2), &offer), Some(Seat(0)));
    let hash = g.state_hash();
    act(&mut g, 2, offer);
    assert_ne!(g.state_hash(), hash, "an open offer is part of the state");
    assert_eq!(g.to_act(), to_act);
    assert_eq!(legal(&g, 0), legal0, "the turn stays where it was");
    // Nothing changed hands yet; the two of them see it, nobody else does.
    assert_eq!((crowns(&g, 0), crowns(&g, 2)), (c0, c2));
    assert_eq!(g.heir_holder(2, STAR), Some(2));
    let open = g.view(Viewer::Seat(Seat(0))).offers;
    assert_eq!(open.len(), 1);
    let (accept, decline) = answers(&open[0]);
    let withdraw = Action::WithdrawOffer { to: 0 };
    assert_eq!((open[0].from, open[0].to), (2, 0));
    assert_eq!(g.view(Viewer::Seat(Seat(2))).offers, open);
    for v in [Viewer::Spectator, Viewer::Seat(Seat(1))] {
        let view = g.view(v);
        assert!(view.offers.is_empty());
        let text = serde_json::to_string(&view).expect("view");
        assert!(!text.contains("\"offers\""), "{v:?} sees the offer");
    }
    // Seat 1's search never guesses it either.
    let mut rng = ordo_core::GameRng::from_seed(3);
    let guess = g.resample_from_view(Seat(1), &mut rng);
    assert!(guess.offers_seen_by(None).is_empty());
    // The receiver may accept, decline; the maker may withdraw; nobody else answers.
    assert!(g.free_actions(Seat(0)).contains(&accept));
    assert!(g.free_actions(Seat(0)).contains(&decline));
    assert!(g.free_actions(Seat(2)).contains(&withdraw));
    assert!(refusal(&g, 1, accept).contains("no such offer"));
    assert!(refusal(&g, 2, accept).contains("no such offer"));
    assert!(refusal(&g, 0, withdraw).contains("no open offer"));
    // Answers name the offer by its maker and terms: other terms are refused, and no number
    // tells anyone how many offers were made.
    let other = Action::AcceptOffer {
        from: 2,
        give: Stake {
            crowns: 0,
            heir: heir(2, STAR),
        },
        take: Stake {
            crowns: 2,
            heir: None,
        },
    };
    assert!(refusal(&g, 0, other).contains("replaced"));
    // Accepting is public, and both sides change hands at once.
    assert!(!g.is_secret_decision(Seat(0), &accept));
    let before = g.clone();
    act(&mut g, 0, accept);
    assert_eq!((crowns(&g, 0), crowns(&g, 2)), (c0 - 3, c2 + 3));
    assert_eq!(g.heir_holder(2, STAR), Some(0));
    assert!(g.view(Viewer::Seat(Seat(0))).offers.is_empty());
    assert_eq!(g.to_act(), to_act);
    // The log says what changed hands, for everyone.
    assert!(
        before.describe_action(&accept).contains("3 crowns"),
        "{}",
        before.describe_action(&accept)
    );
    // Accepted once: it is gone.
    assert!(refusal(&g, 0, accept).contains("no such offer"));
}

#[test]
fn an_offer_is_declined_withdrawn_replaced_or_refused_when_it_cannot_be_honoured() {
    let mut g = game_with(&heirs_config(3));
    run_steps(&mut g, Vec::new());
    let c1 = crowns(&g, 1);
    let ask = |n: u8| Action::Offer {
        to: 1,
        give: Stake {
            crowns: 0,
            heir: heir(0, SQUARE),
        },
        take: Stake {
            crowns: n,
            heir: None,
        },
    };
    act(&mut g, 0, ask(2));
    let (stale, _) = answers(&g.view(Viewer::Seat(Seat(1))).offers[0]);
    // A new offer to the same Baron replaces the open one: an answer to the old one is refused.
    act(&mut g, 0, ask(1));
    let open = g.view(Viewer::Seat(Seat(1))).offers;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].take.crowns, 1);
    assert!(refusal(&g, 1, stale).contains("replaced"));
    // Declined: gone, nothing moved; the decline is seen by the maker only.
    let (_, decline) = answers(&open[0]);
    assert!(g.is_secret_decision(Seat(1), &decline));
    assert_eq!(g.secret_shared_with(Seat(1), &decline), Some(Seat(0)));
    act(&mut g, 1, decline);
    assert!(g.view(Viewer::Seat(Seat(0))).offers.is_empty());
    assert_eq!(crowns(&g, 1), c1);
    // Withdrawn by its maker.
    act(&mut g, 0, ask(1));
    let withdraw = Action::WithdrawOffer { to: 1 };
    assert_eq!(g.secret_shared_with(Seat(0), &withdraw), Some(Seat(1)));
    act(&mut g, 0, withdraw);
    assert!(g.view(Viewer::Seat(Seat(1))).offers.is_empty());
    // An offer the maker can no longer honour cannot be accepted, and the game is unchanged.
    act(&mut g, 0, ask(1));
    let (accept, decline) = answers(&g.view(Viewer::Seat(Seat(0))).offers[0]);
    act(
        &mut g,
        0,
        Action::GiveHeir {
            of: 0,
            shape: SQUARE,
            to: 2,
        },
    );
    let before = g.clone();
    let hash = g.state_hash();
    assert!(refusal(&g, 1, accept).contains("does not hold that heir"));
    assert!(!g.free_actions(Seat(1)).contains(&accept));
    assert!(g.free_actions(Seat(1)).contains(&decline));
    assert!(g.apply(Seat(1), accept).is_err());
    assert!(g == before && g.state_hash() == hash);
    // Bad offers are refused with their reason, the game unchanged.
    let held = u8::try_from(crowns(&g, 0)).unwrap_or(u8::MAX);
    let mine = Stake {
        crowns: 0,
        heir: heir(0, STAR),
    };
    let coin = Stake {
        crowns: 1,
        heir: None,
    };
    let cases = [
        (
            Action::Offer {
                to: 0,
                give: mine,
                take: coin,
            },
            "another Baron",
        ),
        (
            Action::Offer {
                to: 9,
                give: mine,
                take: coin,
            },
            "no such Baron",
        ),
        (
            Action::Offer {
                to: 1,
                give: coin,
                take: coin,
            },
            "at least one heir",
        ),
        (
            Action::Offer {
                to: 1,
                give: mine,
                take: Stake::default(),
            },
            "asks something",
        ),
        (
            Action::Offer {
                to: 1,
                give: Stake {
                    crowns: held.saturating_add(1),
                    heir: heir(0, STAR),
                },
                take: coin,
            },
            "holds only",
        ),
        (
            Action::Offer {
                to: 1,
                give: Stake {
                    crowns: 0,
                    heir: heir(1, STAR),
                },
                take: coin,
            },
            "does not hold that heir",
        ),
        (
            Action::AcceptOffer {
                from: 2,
                give: mine,
                take: coin,
            },
            "no such offer",
        ),
        (Action::WithdrawOffer { to: 2 }, "no open offer"),
    ];
    for (x, why) in cases {
        let got = refusal(&g, 0, x);
        assert!(got.contains(why), "{x:?}: {got}");
        assert!(g.apply(Seat(0), x).is_err());
        assert!(g == before && g.state_hash() == hash);
    }
    // Without Exchanging Heirs there is nothing to exchange.
    let mut plain = game(3);
    run_steps(&mut plain, Vec::new());
    assert!(refusal(&plain, 0, ask(1)).contains("only with Exchanging Heirs"));
    assert!(!plain.free_actions(Seat(0)).iter().any(Action::is_offer));
    // Offers lapse at the end; none is made after it.
    g.core.phase = Phase::Over;
    assert_eq!(
        g.check(Seat(0), &ask(1)),
        Err(ordo_core::IllegalReason::GameOver)
    );
}

/// Random games where Barons make random free decisions: offers are made, answered and
/// accepted throughout, each acceptance moves exactly what its offer named, and the turn never
/// moves.
#[test]
fn offers_are_made_answered_and_accepted_in_random_games() {
    let mut rng = ordo_core::GameRng::from_seed(5);
    let (mut made, mut accepted, mut closed) = (0, 0, 0);
    for seed in 0..2u64 {
        let mut g = fresh_with(&heirs_config(3), seed);
        let mut steps = 0;
        while !g.to_act().is_over() && steps < 6000 {
            steps += 1;
            if rng.below(3) == 0 {
                let s = Seat(rng.below(3) as u8);
                let free = g.free_actions(s);
                let offers: Vec<Action> = free.into_iter().filter(Action::is_offer).collect();
                if !offers.is_empty() {
                    let a = offers[rng.index(offers.len())];
                    let before = g.clone();
                    let to_act = g.to_act();
                    act(&mut g, s.0, a);
                    assert_eq!(g.to_act(), to_act);
                    match a {
                        Action::Offer { .. } => made += 1,
                        Action::AcceptOffer { from, give, take } => {
                            accepted += 1;
                            let x = before
                                .offers_seen_by(None)
                                .into_iter()
                                .find(|x| x.from == from && x.to == s.0)
                                .expect("the offer accepted was open");
                            assert_eq!((x.give, x.take), (give, take));
                            let moved = i32::from(x.give.crowns) - i32::from(x.take.crowns);
                            assert_eq!(
                                i32::from(crowns(&g, x.to)) - i32::from(crowns(&before, x.to)),
                                moved
                            );
                            for (h, holder) in [(x.give.heir, x.to), (x.take.heir, x.from)] {
                                if let Some(h) = h {
                                    assert_eq!(g.heir_holder(h.of, h.shape), Some(holder));
                                }
                            }
                        }
                        _ => closed += 1,
                    }
                    continue;
                }
            }
            let seat = g.to_act().seats().iter().next().expect("a seat to act");
            let legal = legal(&g, seat.0);
            let a = legal[rng.index(legal.len())];
            act(&mut g, seat.0, a);
        }
    }
    assert!(
        made > 20 && accepted > 5 && closed > 5,
        "{made} made, {accepted} accepted, {closed} declined or withdrawn"
    );
}

#[path = "glory_tests.rs"]
mod glory;
