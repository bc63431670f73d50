//! *For Glory* (Crown and Glory), rule by rule: setup, Knowledge and the Scholar, the
//! Advancement market, Enrich Mind, Forced March and the variant's Neutral cards
//! (`docs/research/crown-and-glory.md` §3, W31–W33). The variant is still refused to players
//! (§10); these tests build tables through [`WarriorKnights::setup_checked`].

use super::*;
use crate::glory::Glory;

fn fg_cfg(n: u8) -> Config {
    Config {
        barons: n,
        optional: Optional {
            for_glory: true,
            ..Optional::default()
        },
        ..Config::default()
    }
}

fn fg_fresh(n: u8, seed: u64) -> WarriorKnights {
    let mut g = match WarriorKnights::setup_checked(&fg_cfg(n), seed) {
        Ok(g) => g,
        Err(e) => panic!("setup: {e:?}"),
    };
    g.run();
    g
}

/// The cleared position of the module above, with *For Glory*.
fn fg_game(n: u8) -> WarriorKnights {
    cleared(fg_fresh(n, 11))
}

fn gl(g: &WarriorKnights) -> &Glory {
    g.core.glory.0.as_ref().expect("For Glory is played")
}

fn glm(g: &mut WarriorKnights) -> &mut Glory {
    g.core.glory.0.as_mut().expect("For Glory is played")
}

/// An Advancement kind by id.
fn adv(id: &str) -> u8 {
    let fg = crate::glory_data::for_glory().expect("data");
    match fg.advancements.iter().position(|a| a.id == id) {
        Some(k) => k as u8,
        None => panic!("no Advancement `{id}`"),
    }
}

fn cost(id: &str) -> u8 {
    let fg = crate::glory_data::for_glory().expect("data");
    fg.advancements[usize::from(adv(id))].cost
}

/// Sets the market and the deck (top first).
fn market(g: &mut WarriorKnights, up: &[&str], deck: &[&str]) {
    let x = glm(g);
    x.market = up.iter().map(|id| adv(id)).collect();
    x.deck = deck.iter().map(|id| adv(id)).collect();
}

fn knowledge(g: &WarriorKnights, s: u8) -> u8 {
    gl(g).knowledge[usize::from(s)]
}

fn owned(g: &WarriorKnights, s: u8) -> Vec<u8> {
    gl(g).owned[usize::from(s)].clone()
}

// ---------- the switch and setup ----------

#[test]
fn for_glory_with_a_data_pack_is_refused_with_the_reason() {
    // (Players are refused the variant itself until it is all built: the integration test
    // `for_glory_is_refused_to_players_until_every_part_is_built`.)
    let c = fg_cfg(3);
    // A data pack cannot carry the variant yet: refused, not played with the wrong cards.
    let packed = Config {
        data: Some(ordo_core::pack::PackId([7; 16])),
        ..c
    };
    let refused = WarriorKnights::setup_checked(&packed, 1).expect_err("refused");
    assert!(
        format!("{refused:?}").contains("built-in data"),
        "{refused:?}"
    );
}

#[test]
fn for_glory_setup_deals_its_decks_cards_market_and_scholar() {
    for n in 2..=6u8 {
        for seed in 0..6u64 {
            let g = fg_fresh(n, seed);
            let tt = g.t();
            let x = gl(&g);
            // The 48-card Fate deck, the 12-card Neutral pile, Leaders and Heralds among the
            // Mercenaries.
            assert_eq!(tt.fate.len(), 48);
            assert_eq!(g.core.fate.len(), 48);
            assert_eq!(tt.neutral_deck.len(), 12);
            // 12 Leaders and Heralds, 18 Town Levies.
            assert_eq!(tt.mercs.len(), t().mercs.len() + 12 + 18);
            assert_eq!(tt.mercs.iter().filter(|m| m.levy.is_some()).count(), 18);
            assert!(g.core.mercs.iter().all(|&m| tt.in_merc_deck(m)));
            assert_eq!(tt.battle_draw_cap, 20);
            // Fifteen Baron cards each: the base twelve, two Enrich Mind and a Forced March.
            for s in 0..n {
                assert_eq!(g.hand_count(s, BaronCard::EnrichMind), 2);
                assert_eq!(g.hand_count(s, BaronCard::ForcedMarch), 1);
                let all: u8 = g.baron_cards().iter().map(|&c| g.hand_count(s, c)).sum();
                assert_eq!(all, 15);
                assert_eq!(knowledge(&g, s), 0);
                assert!(owned(&g, s).is_empty());
            }
            // Three Advancements face up, the other 41 in the deck.
            assert_eq!(x.market.len(), 3);
            assert_eq!(x.deck.len(), 41);
            // The Scholar: with three Barons or more, neither Chairman nor Head of the Church.
            match x.scholar {
                Some(sch) => {
                    assert!(n >= 3);
                    assert!(sch < n && sch != g.core.chairman && sch != g.core.head);
                }
                None => assert_eq!(n, 2, "seed {seed}"),
            }
            // The first Event is not red.
            let first = *g.core.events.front().expect("events");
            assert_ne!(
                tt.cards.events[usize::from(first)].colour,
                EventColour::Red,
                "{n} Barons, seed {seed}"
            );
            // No Leader or Herald among the starting Mercenaries.
            for troops in &g.core.start_troops {
                for &m in troops {
                    if m < REGULAR_BASE {
                        assert!(tt.mercs[usize::from(m)].leader.is_none());
                    }
                }
            }
            // Cities razed as in the base game, now by Town Levy cards.
            let razed = g.core.cities.iter().filter(|c| c.razed).count();
            let want = tt.components.player_count(n).expect("row").razed;
            assert_eq!(razed, usize::from(want));
        }
    }
}

#[test]
fn each_action_stack_gets_three_neutral_cards_with_for_glory() {
    let mut g = fg_game(3);
    g.core.plan_done = vec![true; 3];
    g.deal_stacks();
    for st in &g.core.stacks {
        let neutral = st.iter().filter(|c| matches!(c, Card::Neutral(_))).count();
        assert_eq!(neutral, 3);
    }
}

// ---------- Enrich Mind, Knowledge and the Scholar ----------

#[test]
fn enrich_mind_gives_knowledge_and_the_scholar_only_for_the_strictly_most() {
    let mut g = fg_game(3);
    glm(&mut g).scholar = Some(2);
    glm(&mut g).knowledge = vec![0, 1, 0];
    market(
        &mut g,
        &["battle_tactics", "printing", "banking"],
        &["windmill"],
    );
    // Seat 0 ties seat 1 at 1: no Scholar token.
    resolve(&mut g, 0, BaronCard::EnrichMind);
    assert_eq!(legal(&g, 0), vec![Action::Decline, Action::CarryOut]);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(knowledge(&g, 0), 1);
    assert_eq!(gl(&g).scholar, Some(2));
    // Nothing affordable: straight to the allocation, Taxation or Assembly only.
    assert_eq!(g.core.phase, Phase::EnrichZone(0));
    let zones = legal(&g, 0);
    assert_eq!(
        zones,
        vec![
            Action::AllocateTo(Zone::Taxation),
            Action::AllocateTo(Zone::Assembly)
        ]
    );
    act(&mut g, 0, Action::AllocateTo(Zone::Assembly));
    assert_eq!(
        g.core.zones[Zone::Assembly as usize],
        vec![(0, BaronCard::EnrichMind)]
    );
    assert!(idle(&g));
    // Again: now strictly the most, he takes the Scholar token.
    resolve(&mut g, 0, BaronCard::EnrichMind);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(knowledge(&g, 0), 2);
    assert_eq!(gl(&g).scholar, Some(0));
}

#[test]
fn a_baron_buys_one_advancement_with_enrich_mind_the_scholar_as_many_as_he_can_pay_for() {
    let mut g = fg_game(3);
    glm(&mut g).scholar = Some(2);
    glm(&mut g).knowledge = vec![4, 0, 9];
    market(
        &mut g,
        &["cartography", "longbowmen", "battle_tactics"],
        &["windmill", "cartography", "printing"],
    );
    resolve(&mut g, 0, BaronCard::EnrichMind);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(knowledge(&g, 0), 5);
    assert_eq!(g.core.phase, Phase::Buy(0));
    let buys: Vec<Action> = legal(&g, 0);
    for id in ["cartography", "longbowmen", "battle_tactics"] {
        assert!(buys.contains(&Action::BuyAdvancement(adv(id))), "{id}");
    }
    assert!(buys.contains(&Action::AdvancementsDone));
    act(&mut g, 0, Action::BuyAdvancement(adv("battle_tactics")));
    assert_eq!(knowledge(&g, 0), 5 - cost("battle_tactics"));
    assert_eq!(owned(&g, 0), vec![adv("battle_tactics")]);
    // Replaced at once from the top of the deck.
    assert_eq!(
        gl(&g).market,
        vec![adv("cartography"), adv("longbowmen"), adv("windmill")]
    );
    // Not the Scholar: one purchase, then the allocation.
    assert_eq!(g.core.phase, Phase::EnrichZone(0));
    act(&mut g, 0, Action::AllocateTo(Zone::Taxation));
    assert!(idle(&g));

    // The Scholar buys on, a card just revealed included, never a kind he owns.
    resolve(&mut g, 2, BaronCard::EnrichMind);
    act(&mut g, 2, Action::CarryOut);
    assert_eq!(knowledge(&g, 2), 10);
    act(&mut g, 2, Action::BuyAdvancement(adv("windmill")));
    assert_eq!(g.core.phase, Phase::Buy(2));
    // The cartography revealed from the deck is a second copy; he buys one of them only.
    act(&mut g, 2, Action::BuyAdvancement(adv("cartography")));
    assert!(!is_legal(&g, 2, Action::BuyAdvancement(adv("cartography"))));
    assert!(legal(&g, 2).contains(&Action::BuyAdvancement(adv("printing"))));
    act(&mut g, 2, Action::AdvancementsDone);
    assert_eq!(g.core.phase, Phase::EnrichZone(2));
    assert_eq!(
        knowledge(&g, 2),
        10 - cost("windmill") - cost("cartography")
    );
    assert_eq!(owned(&g, 2), vec![adv("windmill"), adv("cartography")]);
}

#[test]
fn a_fourth_advancement_means_a_discard_to_the_bottom_of_the_deck_the_new_one_allowed() {
    let mut g = fg_game(3);
    glm(&mut g).scholar = Some(0);
    glm(&mut g).knowledge = vec![9, 0, 0];
    glm(&mut g).owned[0] = vec![adv("longbowmen"), adv("plate_armour"), adv("masonry")];
    market(
        &mut g,
        &["cartography", "windmill", "printing"],
        &["banking", "medicine"],
    );
    resolve(&mut g, 0, BaronCard::EnrichMind);
    act(&mut g, 0, Action::CarryOut);
    act(&mut g, 0, Action::BuyAdvancement(adv("cartography")));
    assert_eq!(g.core.phase, Phase::Overflow(0));
    let mut choices = legal(&g, 0);
    choices.sort();
    let mut want: Vec<Action> = ["longbowmen", "plate_armour", "masonry", "cartography"]
        .iter()
        .map(|id| Action::DiscardAdvancement(adv(id)))
        .collect();
    want.sort();
    assert_eq!(choices, want);
    act(&mut g, 0, Action::DiscardAdvancement(adv("plate_armour")));
    assert_eq!(owned(&g, 0).len(), 3);
    assert_eq!(gl(&g).deck.back(), Some(&adv("plate_armour")));
    // The Scholar buys on after the discard; buying the new one and discarding it is allowed.
    assert_eq!(g.core.phase, Phase::Buy(0));
    act(&mut g, 0, Action::BuyAdvancement(adv("windmill")));
    act(&mut g, 0, Action::DiscardAdvancement(adv("windmill")));
    assert!(!owned(&g, 0).contains(&adv("windmill")));
    assert_eq!(gl(&g).deck.back(), Some(&adv("windmill")));
    act(&mut g, 0, Action::AdvancementsDone);
    act(&mut g, 0, Action::AllocateTo(Zone::Assembly));
    assert!(idle(&g));
}

#[test]
fn a_declined_enrich_mind_gives_nothing_and_still_goes_to_taxation_or_assembly() {
    let mut g = fg_game(3);
    resolve(&mut g, 1, BaronCard::EnrichMind);
    act(&mut g, 1, Action::Decline);
    assert_eq!(knowledge(&g, 1), 0);
    assert_eq!(g.core.phase, Phase::EnrichZone(1));
    assert!(!is_legal(&g, 1, Action::AllocateTo(Zone::Wages)));
    act(&mut g, 1, Action::AllocateTo(Zone::Taxation));
    assert_eq!(
        g.core.zones[Zone::Taxation as usize],
        vec![(1, BaronCard::EnrichMind)]
    );
}

// ---------- Forced March ----------

#[test]
fn forced_march_refreshes_one_noble_free_and_more_at_two_crowns_each_then_goes_to_wages() {
    let mut g = fg_game(3);
    noble(&mut g, 0, STAR, "k22", &[reg(0, 0)]);
    noble(&mut g, 0, SQUARE, "k23", &[reg(0, 1)]);
    noble(&mut g, 0, TRIANGLE, "k24", &[reg(0, 2)]);
    noble(&mut g, 0, CIRCLE, "k25", &[reg(0, 3)]);
    for k in [STAR, SQUARE, TRIANGLE] {
        g.nbm(0, k).exhausted = true;
    }
    // The Circle is at sea: he stays exhausted.
    g.nbm(0, CIRCLE).loc = Loc::Sea(a("k25"));
    g.nbm(0, CIRCLE).exhausted = true;
    g.bm(0).crowns = 3;
    resolve(&mut g, 0, BaronCard::ForcedMarch);
    let mut first = legal(&g, 0);
    first.sort();
    assert_eq!(
        first,
        vec![
            Action::Decline,
            Action::Refresh(STAR),
            Action::Refresh(SQUARE),
            Action::Refresh(TRIANGLE)
        ]
    );
    act(&mut g, 0, Action::Refresh(SQUARE));
    assert!(!g.nb(0, SQUARE).exhausted);
    assert_eq!(crowns(&g, 0), 3, "the first is free");
    assert_eq!(g.core.phase, Phase::ForcedMarch(0));
    act(&mut g, 0, Action::Refresh(STAR));
    assert_eq!(crowns(&g, 0), 1);
    // One crown left: no third refresh; the card is done and goes to Wages.
    assert!(idle(&g));
    assert!(g.nb(0, TRIANGLE).exhausted && g.nb(0, CIRCLE).exhausted);
    assert_eq!(
        g.core.zones[Zone::Wages as usize],
        vec![(0, BaronCard::ForcedMarch)]
    );
    // The next Forced March starts free again.
    resolve(&mut g, 0, BaronCard::ForcedMarch);
    act(&mut g, 0, Action::Refresh(TRIANGLE));
    assert_eq!(crowns(&g, 0), 1);
    assert!(idle(&g));
}

#[test]
fn forced_march_with_nobody_to_refresh_can_only_be_declined_and_still_goes_to_wages() {
    let mut g = fg_game(3);
    noble(&mut g, 1, STAR, "k22", &[reg(1, 0)]);
    resolve(&mut g, 1, BaronCard::ForcedMarch);
    assert_eq!(legal(&g, 1), vec![Action::Decline]);
    act(&mut g, 1, Action::Decline);
    assert!(idle(&g));
    assert_eq!(
        g.core.zones[Zone::Wages as usize],
        vec![(1, BaronCard::ForcedMarch)]
    );
}

// ---------- the variant's Neutral cards ----------

#[test]
fn research_lets_the_scholar_pay_two_crowns_to_draw_and_buy_for_one_knowledge_less() {
    let mut g = fg_game(3);
    glm(&mut g).scholar = Some(1);
    glm(&mut g).knowledge = vec![0, cost("battle_tactics") - 1, 0];
    market(
        &mut g,
        &["longbowmen", "plate_armour", "masonry"],
        &["battle_tactics", "printing"],
    );
    g.bm(1).crowns = 5;
    resolve_neutral(&mut g, NeutralCard::Research);
    assert_eq!(g.core.phase, Phase::Research(1));
    act(&mut g, 1, Action::ResearchDraw);
    assert_eq!(crowns(&g, 1), 3);
    assert_eq!(g.core.phase, Phase::Researched(1, adv("battle_tactics")));
    act(&mut g, 1, Action::BuyAdvancement(adv("battle_tactics")));
    assert_eq!(owned(&g, 1), vec![adv("battle_tactics")]);
    assert_eq!(knowledge(&g, 1), 0);
    assert!(idle(&g));
    // Drawn again and put at the bottom; the market never changes.
    resolve_neutral(&mut g, NeutralCard::Research);
    act(&mut g, 1, Action::ResearchDraw);
    assert_eq!(g.core.phase, Phase::Researched(1, adv("printing")));
    assert!(!is_legal(&g, 1, Action::BuyAdvancement(adv("printing"))));
    act(&mut g, 1, Action::DiscardAdvancement(adv("printing")));
    assert_eq!(gl(&g).deck.back(), Some(&adv("printing")));
    assert_eq!(gl(&g).market.len(), 3);
    assert!(idle(&g));
    // Too poor to pay: nothing happens; nor without a Scholar.
    g.bm(1).crowns = 1;
    resolve_neutral(&mut g, NeutralCard::Research);
    assert!(idle(&g));
    g.bm(1).crowns = 9;
    glm(&mut g).scholar = None;
    resolve_neutral(&mut g, NeutralCard::Research);
    assert!(idle(&g));
}

#[test]
fn uncertain_times_shuffles_fate_then_the_scholar_may_replace_a_face_up_advancement() {
    let mut g = fg_game(3);
    glm(&mut g).scholar = Some(2);
    market(
        &mut g,
        &["longbowmen", "plate_armour", "masonry"],
        &["printing", "banking"],
    );
    let before: Vec<u8> = g.core.fate.cards().collect();
    resolve_neutral(&mut g, NeutralCard::UncertainTimes);
    assert_ne!(g.core.fate.cards().collect::<Vec<u8>>(), before);
    assert_eq!(g.core.phase, Phase::Uncertain(2));
    assert_eq!(legal(&g, 0), Vec::<Action>::new());
    act(&mut g, 2, Action::DiscardAdvancement(adv("plate_armour")));
    assert_eq!(
        gl(&g).market,
        vec![adv("longbowmen"), adv("masonry"), adv("printing")]
    );
    assert_eq!(
        gl(&g).deck.iter().copied().collect::<Vec<u8>>(),
        vec![adv("banking"), adv("plate_armour")]
    );
    assert!(idle(&g));
    // He may leave them as they are.
    resolve_neutral(&mut g, NeutralCard::UncertainTimes);
    act(&mut g, 2, Action::AdvancementsDone);
    assert!(idle(&g));
}

#[test]
fn a_pressing_agenda_adds_an_agenda_and_lies_in_the_assembly_until_it_is_held() {
    let mut g = fg_game(3);
    let agendas = g.core.current_agendas.len();
    let top = *g.core.agendas.front().expect("an Agenda");
    resolve_neutral(&mut g, NeutralCard::PressingAgenda);
    assert!(idle(&g));
    assert_eq!(g.core.current_agendas.len(), agendas + 1);
    assert_eq!(g.core.current_agendas.last(), Some(&top));
    assert_eq!(gl(&g).pressing, 1);
    // While it lies there, the next round is dealt without it.
    assert_eq!(
        g.neutral_pile()
            .iter()
            .filter(|&&c| c == NeutralCard::PressingAgenda)
            .count(),
        0
    );
    // It counts towards the 2N cards that call the Assembly: 5 Baron cards and it make 6.
    for s in [0, 1, 2, 0, 1] {
        g.core.zones[Zone::Assembly as usize].push((s, BaronCard::RallySupport));
    }
    g.core.steps = vec![Step::Triggers];
    g.core.phase = Phase::Auto;
    g.run();
    assert!(g.core.assembly.is_some(), "the Assembly is called");
}

#[test]
fn assemble_troops_adds_a_mercenary_and_fills_the_first_free_track_spot_until_the_draft() {
    let mut g = fg_game(3);
    g.core.track[0] = Some(1);
    let offer = g.core.offer.len();
    let top = *g.core.mercs.front().expect("a Mercenary");
    resolve_neutral(&mut g, NeutralCard::AssembleTroops);
    assert!(idle(&g));
    assert_eq!(g.core.offer.len(), offer + 1);
    assert!(g.core.offer.contains(&top));
    // Spot 2 counts as filled, with no Baron marker on it.
    assert_eq!(g.core.track[1], None);
    assert!(g.spot_blocked(1));
    assert!(!g.free_spots().contains(&1));
    // Filling the rest calls the Draft; the blocked spot hires nobody and is freed after.
    let len = g.core.track.len();
    for i in 2..len {
        g.core.track[i] = Some(2);
    }
    assert!(g.track_full());
    g.core.steps = vec![Step::Triggers];
    g.core.phase = Phase::Auto;
    g.run();
    assert_eq!(g.core.phase, Phase::Hire(1), "the first marker hires first");
    while let Phase::Hire(s) | Phase::AssignHire(s) = g.core.phase {
        let first = legal(&g, s)[0];
        let pick = if legal(&g, s).contains(&Action::NoHire) {
            Action::NoHire
        } else {
            first
        };
        act(&mut g, s, pick);
    }
    assert!(gl(&g).blocked.is_empty());
    assert!(g.core.track.iter().all(Option::is_none));
}

// ---------- hidden information and whole games ----------

#[test]
fn the_advancement_deck_order_is_redrawn_in_a_resample_and_hands_keep_their_size() {
    let g = fg_fresh(4, 3);
    let mut rng = ordo_core::GameRng::from_seed(9);
    let r = g.resample(Seat(0), &mut rng);
    let (a, b) = (gl(&g), gl(&r));
    assert_eq!(a.market, b.market);
    let mut x: Vec<u8> = a.deck.iter().copied().collect();
    let mut y: Vec<u8> = b.deck.iter().copied().collect();
    assert_ne!(x, y, "the order is redrawn");
    x.sort_unstable();
    y.sort_unstable();
    assert_eq!(x, y, "the same cards");
    for s in 0..4 {
        let size = |g: &WarriorKnights| -> u8 {
            g.baron_cards().iter().map(|&c| g.hand_count(s, c)).sum()
        };
        assert_eq!(size(&g), size(&r));
    }
}

#[test]
fn random_games_with_for_glory_play_to_the_end_using_every_new_card() {
    let mut rng = ordo_core::GameRng::from_seed(21);
    let mut seen = std::collections::BTreeSet::new();
    // More games on request (`ORDO_GLORY_GAMES=200`), for a longer hunt.
    let games: u64 = std::env::var("ORDO_GLORY_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(3);
    for n in 2..=6u8 {
        for seed in 0..games {
            // Every other game with the other two variants and Exchanging Heirs too.
            let mut config = fg_cfg(n);
            if seed % 2 == 1 {
                config.optional.the_king = true;
                config.optional.missions = true;
                config.optional.exchanging_heirs = true;
                config.optional.player_elimination = n % 2 == 0;
            }
            let mut g = match WarriorKnights::setup_checked(&config, seed) {
                Ok(g) => g,
                Err(e) => panic!("setup: {e:?}"),
            };
            g.run();
            let mut steps = 0;
            while !g.to_act().is_over() && steps < 20_000 {
                steps += 1;
                let s = match g.to_act() {
                    ToAct::Seat(s) => s,
                    ToAct::Simultaneous(v) => {
                        let all: Vec<Seat> = v.iter().collect();
                        all[rng.index(all.len())]
                    }
                    ToAct::Over(_) => break,
                };
                let moves = legal(&g, s.0);
                assert!(!moves.is_empty(), "{:?} has no decision", g.core.phase);
                let x = moves[rng.index(moves.len())];
                let key = match x {
                    Action::BuyAdvancement(_) => "buy",
                    Action::DiscardAdvancement(_) => "discard",
                    Action::ResearchDraw => "research",
                    Action::Refresh(_) => "refresh",
                    Action::HireGarrison(_) => "garrison",
                    Action::RecruitLevy { .. } => "levy",
                    Action::UseAdvancement(_) => "use_advancement",
                    _ => match g.core.phase {
                        Phase::Riot(..) => "riot",
                        Phase::Withdraw(_) => "withdraw",
                        Phase::FundsNeeded(..) => "funds_needed",
                        Phase::Uncertain(_) => "uncertain_times",
                        _ => "",
                    },
                };
                seen.insert(key);
                if let Phase::Card(_, c) = g.core.phase {
                    seen.insert(c.id());
                }
                act(&mut g, s.0, x);
                let gx = gl(&g);
                for s in 0..usize::from(n) {
                    assert!(gx.owned[s].len() <= 3 || g.core.phase == Phase::Overflow(s as u8));
                }
                let cards = gx.deck.len()
                    + gx.market.len()
                    + gx.owned.iter().map(Vec::len).sum::<usize>()
                    + usize::from(matches!(g.core.phase, Phase::Researched(..)));
                assert_eq!(cards, 44, "no Advancement is lost or made");
            }
            assert!(g.to_act().is_over(), "{n} Barons, seed {seed}: not over");
        }
    }
    for k in [
        "buy",
        "research",
        "refresh",
        "enrich_mind",
        "forced_march",
        "riot",
        "withdraw",
        "funds_needed",
        "uncertain_times",
        "garrison",
        "levy",
        "use_advancement",
    ] {
        assert!(seen.contains(k), "{k} never played: {seen:?}");
    }
}

// ---------- the new Fate results ----------

/// Fate cards of this table whose fields pass `f`, in id order.
fn gfate(g: &WarriorKnights, f: impl Fn(&Fate) -> bool) -> Vec<u8> {
    (0..g.t().fate.len())
        .filter(|&i| f(&g.t().fate[i]))
        .map(|i| i as u8)
        .collect()
}

/// Puts these Fate cards on top of this table's deck, in order.
fn gstack(g: &mut WarriorKnights, top: &[u8]) {
    let mut order = top.to_vec();
    order.extend((0..g.t().fate.len() as u8).filter(|x| !top.contains(x)));
    g.core.fate.set(order);
}

#[test]
fn a_riot_is_bought_off_or_leaves_a_token_that_stops_crowns_and_influence_until_a_noble_comes() {
    let mut g = fg_game(3);
    let vecht = own(&mut g, 0, "vecht");
    g.core.barons[0].faith = 1;
    let riot = gfate(&g, |f| f.riot && !f.revolt);
    let calm = gfate(&g, |f| !f.riot && !f.revolt);
    gstack(&mut g, &[riot[0], calm[0], calm[1]]);
    run_steps(&mut g, vec![Step::RevoltFrom(0, 0)]);
    assert_eq!(g.core.phase, Phase::Riot(0, vecht));
    assert_eq!(
        legal(&g, 0),
        vec![Action::BuyOffFaith, Action::BuyOffCrowns, Action::LetRiot]
    );
    let mut by_crowns = g.clone();
    let mut rioting = g.clone();
    act(&mut g, 0, Action::BuyOffFaith);
    assert_eq!((g.b(0).faith, g.city(vecht).owner), (0, Some(0)));
    assert!(!g.rioting(vecht));
    act(&mut by_crowns, 0, Action::BuyOffCrowns);
    let income = t().city_values(vecht).1;
    assert_eq!(crowns(&by_crowns, 0), 15 - 2 * u16::from(income));
    // Let it riot: the city stays his, with a token.
    let mut g = rioting.clone();
    act(&mut g, 0, Action::LetRiot);
    assert_eq!(g.city(vecht).owner, Some(0));
    assert!(g.rioting(vecht));
    // No crowns at Taxation, no Influence at Gain Influence.
    let before = crowns(&g, 0);
    run_steps(&mut g, vec![Step::TaxationFrom(0)]);
    assert_eq!(crowns(&g, 0), before);
    let inf = g.b(0).influence;
    let mut upkeep = g.clone();
    let calm_all = gfate(&upkeep, |f| !f.riot && !f.revolt);
    gstack(&mut upkeep, &calm_all);
    run_steps(&mut upkeep, vec![Step::UpkeepInfluence]);
    assert_eq!(upkeep.b(0).influence, inf);
    // A second Riot there is a Revolt.
    let mut again = g.clone();
    gstack(&mut again, &[riot[1], calm[0]]);
    run_steps(&mut again, vec![Step::RevoltFrom(0, 0)]);
    assert_eq!(again.core.phase, Phase::Revolt(0, vecht));
    // His Noble in the city removes the token for good.
    place(&mut g, 0, STAR, area_of(vecht), &[reg(0, 0)]);
    run_steps(&mut g, Vec::new());
    assert!(gl(&g).rioting.is_empty());
    g.nbm(0, STAR).loc = Loc::At(a("k22"));
    assert!(!g.rioting(vecht));
    // A token goes with the city when another Baron takes it.
    act(&mut rioting, 0, Action::LetRiot);
    rioting.city_mut(vecht).owner = Some(1);
    assert!(!rioting.rioting(vecht));
    run_steps(&mut rioting, Vec::new());
    assert!(gl(&rioting).rioting.is_empty());
}

#[test]
fn a_defender_with_more_retreat_results_may_retreat_without_casualties_or_deserters() {
    let e50 = merc(0, 0);
    let setup = || {
        let mut g = fg_game(3);
        noble(&mut g, 0, CIRCLE, "k33", &regs(0));
        noble(&mut g, 1, CIRCLE, "k33", &[reg(1, 3), e50]);
        let deal = gfate(&g, |f| f.battle == BattleResult::DealCasualties && !f.riot);
        let retreat = gfate(&g, |f| f.battle == BattleResult::RetreatOrDraw);
        let english = gfate(&g, |f| {
            f.nationality == 0 && f.battle == BattleResult::PreventCasualties
        });
        // Attacker 450: 4 cards; defender 350: 3 cards; then an English card.
        let top = [
            deal[0], deal[1], deal[2], deal[3], retreat[0], retreat[1], deal[4], english[0],
            english[1],
        ];
        gstack(&mut g, &top);
        versatile_attack(&mut g, 0, "k33", Target::Baron(1));
        discard_all_but(&mut g, [&top[..2], &top[4..5]]);
        g
    };
    let mut g = setup();
    assert_eq!(g.core.phase, Phase::Withdraw(1));
    assert_eq!(legal(&g, 1), vec![Action::Withdraw, Action::StandFirm]);
    assert!(legal(&g, 0).is_empty());
    act(&mut g, 1, Action::Withdraw);
    // He retreats like a beaten army, with no casualties and nobody deserting.
    assert_eq!(g.core.phase, Phase::Retreat(1, CIRCLE));
    assert_eq!(g.nb(1, CIRCLE).casualties, 0);
    assert_eq!(g.nb(0, CIRCLE).casualties, 0);
    assert_eq!(g.nb(1, CIRCLE).troops, vec![reg(1, 3), e50]);
    let to = legal(&g, 1)[0];
    act(&mut g, 1, to);
    assert!(idle(&g));
    // Standing firm: each Retreat result draws another card, and the battle is fought.
    let mut g = setup();
    act(&mut g, 1, Action::StandFirm);
    let shown = &g
        .core
        .battle
        .as_ref()
        .or(g.core.last_battle.as_ref())
        .expect("battle")
        .shown;
    assert_eq!(shown[1].len(), 2, "one kept, one drawn");
}

#[test]
fn funds_needed_asks_each_funder_to_pay_two_crowns_or_forfeit_his_stake() {
    let needed =
        |g: &WarriorKnights| gfate(g, |f| f.expeditions[0] == ExpeditionResult::FundsNeeded);
    let mut g = fg_game(3);
    ceylon(&mut g, 2, false);
    g.core.barons[1].crowns = 1;
    let top = needed(&g);
    gstack(&mut g, &top[..1]);
    resolve_neutral(&mut g, NeutralCard::FundExpeditions);
    act(&mut g, 0, Action::NoExpedition);
    assert_eq!(g.core.phase, Phase::FundsNeeded(0, 0));
    assert_eq!(legal(&g, 0), vec![Action::PayFunds, Action::ForfeitFunds]);
    let mut forfeit = g.clone();
    act(&mut g, 0, Action::PayFunds);
    assert_eq!(crowns(&g, 0), 13);
    // Seat 1 cannot pay: his stake is lost. The expedition stays on spot 3.
    assert!(idle(&g));
    assert_eq!(g.core.expeditions[0].spot, 3);
    assert_eq!(g.core.expeditions[0].funds[..2], [5, 0]);
    // Nobody keeps a stake: the expedition is over.
    act(&mut forfeit, 0, Action::ForfeitFunds);
    assert!(idle(&forfeit));
    assert_eq!(forfeit.core.expeditions[0], Default::default());
    assert_eq!(crowns(&forfeit, 0), 15);
}

#[test]
fn for_glory_is_played_under_the_current_rules_revision_only() {
    let old = Config {
        rules: 4,
        ..fg_cfg(3)
    };
    assert!(matches!(
        old.check_built(),
        Err(crate::config::ConfigProblem::Conflict(_))
    ));
}

// ---------- Garrisons and Town Levies ----------

#[test]
fn upgrade_defenses_lets_each_baron_hire_one_garrison_that_defends_like_a_fortification() {
    let mut g = fg_game(3);
    let vecht = own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    let semlik = own(&mut g, 1, "semlik");
    g.city_mut(semlik).siege = Some((2, 1));
    g.core.barons[2].crowns = 0;
    let strength = g.city_strength(vecht);
    resolve_neutral(&mut g, NeutralCard::UpgradeDefenses);
    assert_eq!(g.core.phase, Phase::Upgrade(0));
    act(&mut g, 0, Action::NoUpgrade);
    assert_eq!(g.core.phase, Phase::Garrison(0));
    let mut hires = legal(&g, 0);
    hires.sort();
    assert_eq!(
        hires,
        vec![
            Action::HireGarrison(vecht),
            Action::HireGarrison(gedze),
            Action::NoGarrison
        ]
    );
    act(&mut g, 0, Action::HireGarrison(vecht));
    assert_eq!(crowns(&g, 0), 14);
    assert_eq!(g.garrison_at(vecht), Some(0));
    assert_eq!(g.city_strength(vecht), strength + 100);
    // Seat 1's city is besieged and seat 2 has no crowns: neither is asked.
    assert!(idle(&g));
    // One per city, eight in the box.
    resolve_neutral(&mut g, NeutralCard::UpgradeDefenses);
    act(&mut g, 0, Action::NoUpgrade);
    assert_eq!(
        legal(&g, 0),
        vec![Action::HireGarrison(gedze), Action::NoGarrison]
    );
    act(&mut g, 0, Action::NoGarrison);
    let others: Vec<u8> = (0..g.core.cities.len() as u8)
        .filter(|&c| c != vecht && c != gedze)
        .take(7)
        .collect();
    for &c in &others {
        g.city_mut(c).owner = Some(1);
    }
    glm(&mut g).garrisons.extend(others.iter().map(|&c| (c, 1)));
    assert_eq!(gl(&g).garrisons.len(), 8);
    resolve_neutral(&mut g, NeutralCard::UpgradeDefenses);
    act(&mut g, 0, Action::NoUpgrade);
    assert_eq!(
        g.core.phase,
        Phase::Upgrade(1),
        "all eight are out: no Garrison for seat 0"
    );
}

#[test]
fn garrisons_are_paid_every_wages_lost_with_their_city_and_calm_a_riot() {
    let mut g = fg_game(3);
    let vecht = own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    glm(&mut g).garrisons = vec![(vecht, 0), (gedze, 0)];
    g.core.barons[0].crowns = 5;
    let mut short = g.clone();
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&g, 0), 3, "one crown each");
    assert!(idle(&g));
    // One crown for two: he chooses which to let go, then pays the other.
    short.core.barons[0].crowns = 1;
    run_steps(&mut short, vec![Step::WagesFrom(0)]);
    assert_eq!(short.core.phase, Phase::Disband(0));
    let mut choices = legal(&short, 0);
    choices.sort();
    assert_eq!(
        choices,
        vec![
            Action::DisbandGarrison(vecht),
            Action::DisbandGarrison(gedze)
        ]
    );
    act(&mut short, 0, Action::DisbandGarrison(gedze));
    assert_eq!(short.garrisons_of(0), vec![vecht]);
    assert_eq!(crowns(&short, 0), 0);
    assert!(idle(&short));
    // Losing the city loses its Garrison.
    g.city_mut(gedze).owner = Some(1);
    run_steps(&mut g, Vec::new());
    assert_eq!(g.garrisons_of(0), vec![vecht]);
    assert_eq!(g.garrison_at(gedze), None);
    // A Garrison calms a riot.
    glm(&mut g).rioting = vec![(vecht, 0)];
    assert!(!g.rioting(vecht));
    run_steps(&mut g, Vec::new());
    assert!(gl(&g).rioting.is_empty());
}

/// The Town Levy card of a city.
fn levy_of(g: &WarriorKnights, city: u8) -> TroopId {
    match g.t().mercs.iter().position(|m| m.levy == Some(city)) {
        Some(i) => i as TroopId,
        None => panic!("no Town Levy for city {city}"),
    }
}

#[test]
fn muster_forces_recruits_town_levies_to_a_noble_standing_in_their_own_city() {
    let mut g = fg_game(3);
    let vecht = own(&mut g, 0, "vecht");
    let gedze = own(&mut g, 0, "gedze");
    let semlik = own(&mut g, 1, "semlik");
    place(&mut g, 0, STAR, area_of(vecht), &regs(0));
    place(&mut g, 1, STAR, area_of(gedze), &regs(1)); // not his city
    place(&mut g, 1, SQUARE, area_of(semlik), &[]);
    g.nbm(0, STAR).casualties = 1;
    let (lv, lg, ls) = (levy_of(&g, vecht), levy_of(&g, gedze), levy_of(&g, semlik));
    assert_eq!(g.t().strength(lv), 100);
    assert_eq!(g.t().wage(lv), 0);
    assert_eq!(g.t().nationality(lv), None);
    assert!(!g.core.mercs.contains(&lv), "never in the Mercenary deck");
    resolve_neutral(&mut g, NeutralCard::MusterForces);
    assert_eq!(g.core.phase, Phase::Muster(0), "casualties first");
    act(&mut g, 0, Action::NoMuster);
    assert_eq!(g.core.phase, Phase::Levy(0));
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::RecruitLevy {
                levy: lv,
                shape: STAR
            },
            Action::NoLevy
        ],
        "Gedze has none of his Nobles in it"
    );
    act(
        &mut g,
        0,
        Action::RecruitLevy {
            levy: lv,
            shape: STAR,
        },
    );
    assert_eq!(crowns(&g, 0), 13);
    assert!(g.nb(0, STAR).troops.contains(&lv));
    // The Levy is his: never paid, the others may not have it.
    assert!(!g.mercs_to_pay(0).contains(&lv));
    assert_eq!(g.core.phase, Phase::Levy(1));
    assert_eq!(
        legal(&g, 1),
        vec![
            Action::RecruitLevy {
                levy: ls,
                shape: SQUARE
            },
            Action::NoLevy
        ]
    );
    assert!(!is_legal(
        &g,
        1,
        Action::RecruitLevy {
            levy: lg,
            shape: STAR
        }
    ));
    act(&mut g, 1, Action::NoLevy);
    assert!(idle(&g));
}

#[test]
fn town_levies_leave_with_a_deserter_at_wages_and_when_their_noble_dies() {
    let mut g = fg_game(3);
    let vecht = own(&mut g, 0, "vecht");
    let lv = levy_of(&g, vecht);
    let m = merc(0, 3); // wage 2
    place(&mut g, 0, STAR, area_of(vecht), &[reg(0, 3), m, lv]);
    let mut dying = g.clone();
    g.core.barons[0].crowns = 2;
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    assert_eq!(g.core.phase, Phase::Wages(0));
    act(&mut g, 0, Action::Dismiss(m));
    assert_eq!(
        g.nb(0, STAR).troops,
        vec![reg(0, 3)],
        "the Levy went with him"
    );
    assert!(
        !g.core.mercs.contains(&lv),
        "back to the Levy deck, not the Mercenaries"
    );
    // Dead: his Levy goes once his losses are chosen.
    dying.noble_dies(0, STAR);
    run_steps(&mut dying, Vec::new());
    while let Phase::Loss(s) = dying.core.phase {
        let first = legal(&dying, s)[0];
        act(&mut dying, s, first);
    }
    assert!(!dying.nb(0, STAR).troops.contains(&lv));
}

// ---------- Leaders and Heralds ----------

/// The Leader or Herald card with this ability.
fn leader(g: &WarriorKnights, ability: crate::glory_data::LeaderAbility) -> TroopId {
    match (0..g.t().mercs.len() as TroopId)
        .find(|&m| g.leader_of(m).is_some_and(|(_, a)| a == ability))
    {
        Some(m) => m,
        None => panic!("no {ability:?}"),
    }
}

use crate::glory_data::LeaderAbility as L;

#[test]
fn a_noble_keeps_at_most_one_leader_and_one_herald() {
    let mut g = fg_game(3);
    let (deal, victory, vote) = (
        leader(&g, L::ExtraBattleResultDeal),
        leader(&g, L::ExtraBattleResultVictory),
        leader(&g, L::ExtraVote),
    );
    assert!(
        g.t().in_merc_deck(deal),
        "Leaders are hired like Mercenaries"
    );
    noble(&mut g, 0, STAR, HOMES[0], &[reg(0, 0), deal]);
    give(&mut g, 0, Holder::Stronghold, &[victory, vote]);
    resolve(&mut g, 0, BaronCard::MobilizeForces);
    act(&mut g, 0, Action::MobilizeTo(a("k22")));
    let moves = legal(&g, 0);
    assert!(!moves.contains(&Action::Transfer {
        troop: victory,
        to: Holder::Noble(STAR)
    }));
    assert!(moves.contains(&Action::Transfer {
        troop: vote,
        to: Holder::Noble(STAR)
    }));
    // Hired: the Noble with a Leader cannot take a second one; the stronghold can.
    let mut h = fg_game(3);
    noble(&mut h, 0, STAR, HOMES[0], &[reg(0, 0), deal]);
    h.core.hires = vec![victory];
    h.core.phase = Phase::AssignHire(0);
    let to = legal(&h, 0);
    assert!(!to.contains(&Action::AssignHire(Holder::Noble(STAR))));
    assert!(to.contains(&Action::AssignHire(Holder::Stronghold)));
    assert!(to.contains(&Action::AssignHire(Holder::Noble(SQUARE))));
}

/// A battle in k33: seat 0's Circle with `t0` attacks seat 1's Circle with `t1`; every Fate
/// card drawn prevents casualties (and nothing else).
fn plain_battle(t0: &[TroopId], t1: &[TroopId]) -> WarriorKnights {
    let mut g = fg_game(3);
    noble(&mut g, 0, CIRCLE, "k33", t0);
    noble(&mut g, 1, CIRCLE, "k33", t1);
    let prevent = gfate(&g, |f| f.battle == BattleResult::PreventCasualties);
    gstack(&mut g, &prevent);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    g
}

#[test]
fn a_commanding_nobles_leader_adds_his_result_or_his_fate_card() {
    let g0 = fg_game(3);
    let (victory, draw) = (
        leader(&g0, L::ExtraBattleResultVictory),
        leader(&g0, L::ExtraFateDraw),
    );
    let polish50 = merc(2, 0);
    // A Leader's victory: a partial win, the defender retreats.
    let mut g = plain_battle(&[reg(0, 3), victory], &[reg(1, 3)]);
    discard_all_but(&mut g, [&[], &[]]);
    assert_eq!(g.core.phase, Phase::Retreat(1, CIRCLE));
    // The same strength without him: a draw.
    let mut g = plain_battle(&[reg(0, 3), polish50], &[reg(1, 3)]);
    discard_all_but(&mut g, [&[], &[]]);
    assert!(idle(&g));
    // One more Fate card drawn.
    let g = plain_battle(&[reg(0, 3), draw], &[reg(1, 3)]);
    assert_eq!(hand_sizes(&g), [4, 3], "(150 + 200) / 100 + 1");
}

#[test]
fn heralds_give_votes_levy_taxes_and_cheaper_mercenaries() {
    let mut g = fg_game(3);
    let (vote, taxes, cheap) = (
        leader(&g, L::ExtraVote),
        leader(&g, L::LevyTaxesCrown),
        leader(&g, L::CheaperMercenaries),
    );
    noble(&mut g, 0, STAR, "k22", &[reg(0, 0), vote, taxes]);
    assert_eq!(g.herald_votes(0), 1);
    // Levy Taxes: one area with a Noble, one crown more from the Herald.
    resolve(&mut g, 0, BaronCard::LevyTaxes);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(crowns(&g, 0), 17);
    // A Mercenary joining the Noble with the Tuscan Herald costs a crown less.
    let mut h = fg_game(3);
    noble(&mut h, 0, STAR, HOMES[0], &[reg(0, 0), cheap]);
    let m = merc(0, 3); // wage 2
    h.core.hires = vec![m];
    h.core.phase = Phase::AssignHire(0);
    act(&mut h, 0, Action::AssignHire(Holder::Noble(STAR)));
    assert_eq!(crowns(&h, 0), 16);
}

#[test]
fn heralds_keep_levies_with_a_deserter_and_ignore_a_riot_once_each_upkeep() {
    let mut g = fg_game(3);
    let (keep, calm) = (leader(&g, L::KeepLevies), leader(&g, L::IgnoreRiot));
    let vecht = own(&mut g, 0, "vecht");
    let lv = levy_of(&g, vecht);
    let m = merc(0, 3);
    place(&mut g, 0, STAR, area_of(vecht), &[reg(0, 3), keep, m, lv]);
    g.core.barons[0].crowns = 3; // Regular 2 + Herald 1, nothing for the 100
    run_steps(&mut g, vec![Step::WagesFrom(0)]);
    act(&mut g, 0, Action::Dismiss(m));
    assert!(
        g.nb(0, STAR).troops.contains(&lv),
        "the Swiss Herald keeps them"
    );
    // The Polish Herald next to a city of his ignores its first Riot of the Upkeep.
    let mut r = fg_game(3);
    let vecht = own(&mut r, 0, "vecht");
    let gedze = own(&mut r, 0, "gedze");
    let next = t().board.neighbours[usize::from(area_of(vecht))][0].0;
    place(&mut r, 0, STAR, next, &[reg(0, 0), calm]);
    assert!(!r.revolt_guarded_for_tests(vecht));
    let riot = gfate(&r, |f| f.riot && !f.revolt);
    let quiet = gfate(&r, |f| !f.riot && !f.revolt);
    let first_two = if c("vecht") < c("gedze") {
        [riot[0], riot[1]]
    } else {
        [riot[1], riot[0]]
    };
    let _ = gedze;
    gstack(&mut r, &[first_two[0], first_two[1], quiet[0]]);
    run_steps(&mut r, vec![Step::RevoltFrom(0, 0)]);
    // Vecht's Riot is ignored; Gedze's is not (far from him, or his one use spent).
    assert_eq!(r.core.phase, Phase::Riot(0, gedze));
}

#[test]
fn the_swiss_leader_keeps_a_beaten_army_from_losing_a_deserter() {
    let g0 = fg_game(3);
    let (victory, swiss) = (
        leader(&g0, L::ExtraBattleResultVictory),
        leader(&g0, L::NoRetreatDesertion),
    );
    let e50 = merc(0, 0);
    for (guard, kept) in [(swiss, true), (merc(4, 1), false)] {
        let mut g = fg_game(3);
        noble(&mut g, 0, CIRCLE, "k33", &[reg(0, 3), victory]);
        noble(&mut g, 1, CIRCLE, "k33", &[reg(1, 3), guard, e50]);
        let prevent = gfate(&g, |f| {
            f.battle == BattleResult::PreventCasualties && f.nationality != 0
        });
        let english = gfate(&g, |f| {
            f.battle == BattleResult::PreventCasualties && f.nationality == 0
        });
        let mut top = prevent[..7].to_vec();
        top.push(english[0]);
        gstack(&mut g, &top);
        versatile_attack(&mut g, 0, "k33", Target::Baron(1));
        discard_all_but(&mut g, [&[], &[]]);
        assert_eq!(g.core.phase, Phase::Retreat(1, CIRCLE));
        assert_eq!(g.nb(1, CIRCLE).troops.contains(&e50), kept, "{kept}");
    }
}

// ---------- Advancements at work ----------

fn owns(g: &mut WarriorKnights, s: u8, ids: &[&str]) {
    glm(g).owned[usize::from(s)] = ids.iter().map(|id| adv(id)).collect();
}

#[test]
fn lasting_advancements_pay_at_taxation_assembly_muster_enrich_mind_serve_and_wages() {
    let mut g = fg_game(3);
    own(&mut g, 0, "vecht");
    own(&mut g, 0, "gedze");
    own(&mut g, 0, "semlik");
    let income: u16 = ["vecht", "gedze", "semlik"]
        .iter()
        .map(|x| u16::from(t().city_values(c(x)).1))
        .sum();
    owns(&mut g, 0, &["banking", "windmill"]);
    run_steps(&mut g, vec![Step::TaxationFrom(0)]);
    // Banking 2, Windmill 1 a Kingdom city, at most 2.
    assert_eq!(crowns(&g, 0), 15 + income + 2 + 2);
    assert_eq!(g.adv_votes(0), 0);
    owns(&mut g, 0, &["printing", "medicine", "scriptorium"]);
    assert_eq!(g.adv_votes(0), 2);
    assert_eq!(g.casualty_price(0), 1);
    assert_eq!(g.casualty_price(1), 2);
    resolve(&mut g, 0, BaronCard::EnrichMind);
    act(&mut g, 0, Action::CarryOut);
    assert_eq!(knowledge(&g, 0), 2, "one and the Scriptorium's");
    owns(&mut g, 1, &["cathedral_architecture"]);
    resolve(&mut g, 1, BaronCard::ServeTheChurch);
    act(&mut g, 1, Action::CarryOut);
    assert_eq!(g.b(1).faith, 2);
    // Accounting: one crown off the wages.
    let mut w = fg_game(3);
    noble(&mut w, 0, STAR, "k33", &regs(0)); // wages 1 + 1 + 1 + 2
    owns(&mut w, 0, &["accounting"]);
    run_steps(&mut w, vec![Step::WagesFrom(0)]);
    assert_eq!(crowns(&w, 0), 15 - 5 + 1);
}

#[test]
fn a_battle_advancement_is_declared_after_the_draw_attacker_first_and_exhausted_until_the_upkeep() {
    let mut g = fg_game(3);
    noble(&mut g, 0, CIRCLE, "k33", &[reg(0, 3), reg(0, 0)]);
    noble(&mut g, 1, CIRCLE, "k33", &[reg(1, 3), reg(1, 0)]);
    owns(&mut g, 0, &["battle_tactics", "horseshoes"]);
    owns(&mut g, 1, &["war_council"]);
    let prevent = gfate(&g, |f| f.battle == BattleResult::PreventCasualties);
    gstack(&mut g, &prevent);
    versatile_attack(&mut g, 0, "k33", Target::Baron(1));
    assert_eq!(g.core.phase, Phase::UseAdvancement(0));
    // Only battle Advancements are offered.
    assert_eq!(
        legal(&g, 0),
        vec![
            Action::AdvancementsDone,
            Action::UseAdvancement(adv("battle_tactics"))
        ]
    );
    act(&mut g, 0, Action::UseAdvancement(adv("battle_tactics")));
    assert_eq!(g.core.phase, Phase::UseAdvancement(1));
    act(&mut g, 1, Action::UseAdvancement(adv("war_council")));
    assert_eq!(g.core.phase, Phase::Discard(0));
    // War Council: the defender (3 cards, 2 to discard) may keep after one.
    while g.core.phase == Phase::Discard(0) {
        let x = legal(&g, 0)[0];
        act(&mut g, 0, x);
    }
    assert_eq!(g.core.phase, Phase::Discard(1));
    assert!(!is_legal(&g, 1, Action::KeepFate));
    let first = legal(&g, 1)[0];
    act(&mut g, 1, first);
    assert!(is_legal(&g, 1, Action::KeepFate));
    act(&mut g, 1, Action::KeepFate);
    assert_eq!(
        g.core.phase,
        Phase::Retreat(1, CIRCLE),
        "Battle Tactics' victory wins by one"
    );
    assert_eq!(gl(&g).exhausted[0], vec![adv("battle_tactics")]);
    // Face up again after the Upkeep's refresh.
    run_steps(&mut g, vec![Step::UpkeepArrive]);
    assert!(gl(&g).exhausted[0].is_empty());
}

#[test]
fn masonry_and_siege_engines_change_the_citys_cards_after_the_draw() {
    let setup = |att: &[&str], def: &[&str]| {
        let mut g = fg_game(3);
        let vecht = own(&mut g, 1, "vecht");
        place(&mut g, 0, CIRCLE, area_of(vecht), &regs(0));
        place(&mut g, 1, CIRCLE, area_of(vecht), &[reg(1, 3)]);
        owns(&mut g, 0, att);
        owns(&mut g, 1, def);
        let prevent = gfate(&g, |f| f.battle == BattleResult::PreventCasualties);
        gstack(&mut g, &prevent);
        resolve(&mut g, 0, BaronCard::VersatileStrategy);
        act(&mut g, 0, Action::VersatileBattle(area_of(vecht)));
        act(&mut g, 0, Action::Attack(Target::Baron(1)));
        if g.core.phase == Phase::Mode(0) {
            act(&mut g, 0, Action::Assault);
        }
        g
    };
    let plain = setup(&[], &[]);
    let base = hand_sizes(&plain);
    let mut g = setup(&[], &["masonry"]);
    assert_eq!(g.core.phase, Phase::UseAdvancement(1));
    act(&mut g, 1, Action::UseAdvancement(adv("masonry")));
    assert_eq!(hand_sizes(&g), [base[0], base[1] + 1]);
    let mut g = setup(&["siege_engines"], &[]);
    act(&mut g, 0, Action::UseAdvancement(adv("siege_engines")));
    assert_eq!(g.adv_discards(1), 1);
    assert_eq!(g.adv_discards(0), 0);
}

#[test]
fn the_astrolabe_draws_one_more_expedition_card_for_its_funder() {
    let lost = |g: &WarriorKnights| gfate(g, |f| f.expeditions[0] == ExpeditionResult::FleetLost);
    let x2 = |g: &WarriorKnights| gfate(g, |f| f.expeditions[0] == ExpeditionResult::X2);
    for (astrolabe, want) in [(true, 25), (false, 15)] {
        let mut g = fg_game(3);
        ceylon(&mut g, 2, false);
        if astrolabe {
            owns(&mut g, 0, &["astrolabe"]);
        }
        let top = [lost(&g)[0], x2(&g)[0]];
        gstack(&mut g, &top);
        resolve_neutral(&mut g, NeutralCard::FundExpeditions);
        act(&mut g, 0, Action::NoExpedition);
        assert_eq!(crowns(&g, 0), want, "astrolabe: {astrolabe}");
        assert_eq!(gl(&g).exhausted[0].len(), usize::from(astrolabe));
    }
}

#[test]
fn navigation_lands_a_sailing_noble_at_once_and_cartography_spares_one_asking() {
    let mut g = fg_game(3);
    noble(&mut g, 0, STAR, "k30", &[reg(0, 0)]);
    owns(&mut g, 0, &["navigation"]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    let to = overseas(2);
    assert!(is_legal(&g, 0, Action::Sail { shape: STAR, to }));
    act(&mut g, 0, Action::SailAtOnce { shape: STAR, to });
    assert_eq!(g.nb(0, STAR).loc, Loc::At(to), "landed at once");
    assert_eq!(gl(&g).exhausted[0], vec![adv("navigation")]);
    assert!(idle(&g));
    // Exhausted: not again before the Upkeep.
    g.nbm(0, STAR).exhausted = false;
    noble(&mut g, 0, SQUARE, "k30", &[reg(0, 1)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(!legal(&g, 0)
        .iter()
        .any(|x| matches!(x, Action::SailAtOnce { .. })));

    // Cartography: passing another Baron's Noble without asking, once.
    let mut g = fg_game(3);
    noble(&mut g, 0, STAR, "k31", &[reg(0, 0)]);
    noble(&mut g, 1, STAR, "k32", &[reg(1, 0)]);
    let through = a("k33");
    let mut without = g.clone();
    owns(&mut g, 0, &["cartography"]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(is_legal(
        &g,
        0,
        Action::MoveAsk {
            shape: STAR,
            to: through
        }
    ));
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: through,
        },
    );
    assert_eq!(g.nb(0, STAR).loc, Loc::At(through));
    assert_eq!(gl(&g).exhausted[0], vec![adv("cartography")]);
    resolve(&mut without, 0, BaronCard::VersatileStrategy);
    assert!(!is_legal(
        &without,
        0,
        Action::Move {
            shape: STAR,
            to: through
        }
    ));
    // A move granted by the other Baron leaves Cartography face up.
    let mut asked = fg_game(3);
    noble(&mut asked, 0, STAR, "k31", &[reg(0, 0)]);
    noble(&mut asked, 1, STAR, "k32", &[reg(1, 0)]);
    owns(&mut asked, 0, &["cartography"]);
    resolve(&mut asked, 0, BaronCard::VersatileStrategy);
    act(
        &mut asked,
        0,
        Action::MoveAsk {
            shape: STAR,
            to: through,
        },
    );
    act(&mut asked, 1, Action::Grant);
    assert!(gl(&asked).exhausted[0].is_empty());
}

// ---------- views ----------

#[test]
fn the_view_shows_for_glory_to_all_and_the_card_research_drew_to_the_scholar_only() {
    let base = game(3);
    assert!(base.make_view(Viewer::Spectator).for_glory.is_none());
    let mut g = fg_game(3);
    glm(&mut g).scholar = Some(1);
    glm(&mut g).knowledge = vec![0, 3, 1];
    market(
        &mut g,
        &["longbowmen", "plate_armour", "masonry"],
        &["printing", "banking", "windmill"],
    );
    let vecht = own(&mut g, 0, "vecht");
    glm(&mut g).garrisons = vec![(vecht, 0)];
    glm(&mut g).rioting = vec![(vecht, 0)];
    let v = g.make_view(Viewer::Spectator).for_glory.expect("For Glory");
    assert_eq!(v.knowledge, vec![0, 3, 1]);
    assert_eq!(v.scholar, Some(1));
    assert_eq!(v.market.len(), 3);
    assert_eq!(v.deck, 3);
    assert_eq!(v.garrisons, vec![(vecht, 0)]);
    assert_eq!(v.garrisons_left, 7);
    assert!(v.rioting.is_empty(), "his Garrison calms the city");
    assert_eq!(v.hand, None, "a spectator sees no hand");
    let mine = g
        .make_view(Viewer::Seat(Seat(2)))
        .for_glory
        .expect("For Glory");
    assert_eq!(mine.hand, Some([2, 1]));
    // Research: the card drawn is the Scholar's to see.
    g.bm(1).crowns = 5;
    resolve_neutral(&mut g, NeutralCard::Research);
    act(&mut g, 1, Action::ResearchDraw);
    let printing = adv("printing");
    let scholar = g.make_view(Viewer::Seat(Seat(1))).for_glory.expect("view");
    assert_eq!(scholar.researched, Some(printing));
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
        let v = g.make_view(viewer).for_glory.expect("view");
        assert_eq!(v.researched, None);
        assert_eq!(v.deck, 2);
    }
    // Another Baron's guess draws the card anew from the unseen ones.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut rng = ordo_core::GameRng::from_seed(seed);
        let r = g.resample(Seat(0), &mut rng);
        if let Phase::Researched(1, k) = r.core.phase {
            seen.insert(k);
        }
        let mut all: Vec<u8> = gl(&r).deck.iter().copied().collect();
        if let Phase::Researched(_, k) = r.core.phase {
            all.push(k);
        }
        all.sort_unstable();
        let mut want = vec![printing, adv("banking"), adv("windmill")];
        want.sort_unstable();
        assert_eq!(all, want);
    }
    assert!(seen.len() > 1, "{seen:?}");
    // The Scholar's own guess keeps it.
    let mut rng = ordo_core::GameRng::from_seed(1);
    assert_eq!(
        g.resample(Seat(1), &mut rng).core.phase,
        Phase::Researched(1, printing)
    );
    // Putting it back is a secret decision (the others see that he chose); buying it is not.
    assert!(g.is_secret_decision(Seat(1), &Action::DiscardAdvancement(printing)));
    assert!(!g.is_secret_decision(Seat(1), &Action::BuyAdvancement(printing)));
    let mut over = fg_game(3);
    over.core.phase = Phase::Overflow(0);
    assert!(!over.is_secret_decision(Seat(0), &Action::DiscardAdvancement(printing)));
}

#[test]
fn a_guess_at_a_for_glory_game_keeps_everything_its_seat_sees_and_can_do() {
    let mut rng = ordo_core::GameRng::from_seed(33);
    let mut checked = 0;
    for n in [3u8, 5] {
        let mut g = fg_fresh(n, 4);
        let mut steps = 0;
        while !g.to_act().is_over() && steps < 6000 {
            steps += 1;
            let s = match g.to_act() {
                ToAct::Seat(s) => s,
                ToAct::Simultaneous(v) => {
                    let all: Vec<Seat> = v.iter().collect();
                    all[rng.index(all.len())]
                }
                ToAct::Over(_) => break,
            };
            if steps % 37 == 0 {
                let guess = g.resample(s, &mut rng);
                assert_eq!(
                    guess.make_view(Viewer::Seat(s)),
                    g.make_view(Viewer::Seat(s)),
                    "{:?}",
                    g.core.phase
                );
                assert_eq!(legal(&guess, s.0), legal(&g, s.0));
                checked += 1;
            }
            let moves = legal(&g, s.0);
            let x = moves[rng.index(moves.len())];
            act(&mut g, s.0, x);
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn for_glory_shuffles_its_20_events_and_25_agendas_into_the_decks_and_refuses_bad_ones() {
    let g = fg_fresh(3, 2);
    let cards = g.t().cards;
    assert_eq!(cards.event_deck().len(), 36 + 20);
    assert_eq!(cards.agenda_deck().len(), 44 + 25);
    let dealt = g.core.events.len() + g.core.event_discard.len();
    assert_eq!(dealt, 56);
    assert!(cards
        .events
        .iter()
        .chain(t().cards.events.iter())
        .all(|e| !e.name.is_empty()));
    let base = crate::cards::cards().expect("base cards");
    let good: serde_json::Value =
        serde_json::from_str(include_str!("../data/for-glory-cards.json")).expect("json");
    let refused = |edit: &dyn Fn(&mut serde_json::Value), want: &str| {
        let mut v = good.clone();
        edit(&mut v);
        let problems = crate::cards::parse_glory(&v.to_string(), base).expect_err(want);
        let text: Vec<String> = problems.iter().map(|p| p.0.clone()).collect();
        assert!(text.iter().any(|t| t.contains(want)), "{want}: {text:?}");
    };
    refused(&|v| v["events"][0]["count"] = 2.into(), "21 Event cards");
    refused(&|v| v["agendas"][0]["id"] = "tithe".into(), "appears again");
    refused(
        &|v| v["events"][8]["cancel_cost"] = 1.into(),
        "never cancelled",
    );
}

// ---------- movement gifts ----------

fn move_targets(g: &WarriorKnights, s: u8, k: Shape) -> Vec<AreaId> {
    let mut v: Vec<AreaId> = legal(g, s)
        .into_iter()
        .filter_map(|x| match x {
            Action::Move { shape, to } if shape == k => Some(to),
            _ => None,
        })
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn the_tuscan_leader_goes_one_area_further_after_a_road_and_horseshoes_once_anywhere() {
    let tuscan = leader(&fg_game(3), L::ExtraRoadArea);
    // Somewhere an area lies one step beyond a road's end.
    let mut found = None;
    for from in 0..t().board.kingdom as AreaId {
        let mut g = fg_game(3);
        place(&mut g, 0, STAR, from, &[reg(0, 0), tuscan]);
        let gifted: Vec<AreaId> = g
            .reachable_by(0, STAR, from, true)
            .iter()
            .map(|x| x.0)
            .collect();
        let plain: Vec<AreaId> = g.reachable(0, from).iter().map(|x| x.0).collect();
        if let Some(&to) = gifted.iter().find(|a| !plain.contains(a)) {
            found = Some((from, to));
            break;
        }
    }
    let (from, to) = found.expect("an area one step beyond a road");
    let mut g = fg_game(3);
    place(&mut g, 0, STAR, from, &[reg(0, 0), tuscan]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    assert!(move_targets(&g, 0, STAR).contains(&to));
    act(&mut g, 0, Action::Move { shape: STAR, to });
    assert_eq!(g.nb(0, STAR).loc, Loc::At(to));
    // Without him, not there.
    let mut plain = fg_game(3);
    place(&mut plain, 0, STAR, from, &[reg(0, 0), merc(5, 0)]);
    resolve(&mut plain, 0, BaronCard::VersatileStrategy);
    assert!(!move_targets(&plain, 0, STAR).contains(&to));
    // Horseshoes: two areas off the road, once, then face down.
    let mut h = fg_game(3);
    owns(&mut h, 0, &["horseshoes"]);
    noble(&mut h, 0, STAR, "k33", &[reg(0, 0)]);
    let base: Vec<AreaId> = h.reachable(0, a("k33")).iter().map(|x| x.0).collect();
    resolve(&mut h, 0, BaronCard::VersatileStrategy);
    let far = *move_targets(&h, 0, STAR)
        .iter()
        .find(|x| !base.contains(x))
        .expect("an area two steps away");
    act(
        &mut h,
        0,
        Action::Move {
            shape: STAR,
            to: far,
        },
    );
    assert_eq!(gl(&h).exhausted[0], vec![adv("horseshoes")]);
    // A move Horseshoes were not needed for leaves them face up.
    let mut n = fg_game(3);
    owns(&mut n, 0, &["horseshoes"]);
    noble(&mut n, 0, STAR, "k33", &[reg(0, 0)]);
    resolve(&mut n, 0, BaronCard::VersatileStrategy);
    act(
        &mut n,
        0,
        Action::Move {
            shape: STAR,
            to: base[0],
        },
    );
    assert!(gl(&n).exhausted[0].is_empty());
}

#[test]
fn the_romanian_herald_passes_one_barons_area_without_asking() {
    let herald = leader(&fg_game(3), L::FreePassage);
    let mut g = fg_game(3);
    noble(&mut g, 0, STAR, "k31", &[reg(0, 0), herald]);
    noble(&mut g, 1, STAR, "k32", &[reg(1, 0)]);
    resolve(&mut g, 0, BaronCard::VersatileStrategy);
    let through = a("k33");
    assert!(move_targets(&g, 0, STAR).contains(&through));
    act(
        &mut g,
        0,
        Action::Move {
            shape: STAR,
            to: through,
        },
    );
    assert_eq!(g.nb(0, STAR).loc, Loc::At(through));
    assert!(idle(&g), "nobody was asked");
}

// ---------- the contract ----------

/// A decision from anyone: often a legal one or its neighbour, else anything of the variant's.
fn arbitrary(g: &WarriorKnights, rng: &mut ordo_core::GameRng) -> Action {
    let legal = g.legal_actions(Seat(rng.below(6) as u8));
    if !legal.is_empty() && rng.below(2) == 0 {
        let x = legal[rng.index(legal.len())];
        return match x {
            Action::BuyAdvancement(k) => Action::BuyAdvancement(k.wrapping_add(1)),
            Action::Refresh(k) => Action::Refresh(k.wrapping_add(1)),
            Action::HireGarrison(c) => Action::HireGarrison(c.wrapping_add(1)),
            Action::RecruitLevy { levy, shape } => Action::RecruitLevy {
                levy: levy.wrapping_add(1),
                shape,
            },
            other => other,
        };
    }
    let (x, y) = (rng.below(200) as u8, rng.below(6) as u8);
    match rng.below(12) {
        0 => Action::BuyAdvancement(x % 20),
        1 => Action::DiscardAdvancement(x % 20),
        2 => Action::UseAdvancement(x % 20),
        3 => Action::Refresh(y),
        4 => Action::HireGarrison(x % 26),
        5 => Action::DisbandGarrison(x % 26),
        6 => Action::RecruitLevy {
            levy: x % 120,
            shape: y,
        },
        7 => Action::SailAtOnce {
            shape: y,
            to: x % 60,
        },
        8 => Action::ResearchDraw,
        9 => Action::Withdraw,
        10 => Action::PayFunds,
        _ => Action::LetRiot,
    }
}

#[test]
fn for_glory_keeps_the_games_contract_in_random_games_with_every_variant() {
    use ordo_core::testing::{check_conformance, Conformance};
    let configs: Vec<Config> = (2..=6u8)
        .map(|n| {
            let mut c = fg_cfg(n);
            c.optional.the_king = n % 2 == 0;
            c.optional.missions = n != 3;
            c.optional.exchanging_heirs = n >= 4;
            c.optional.player_elimination = n == 6;
            c.optional.abandoned_nobles = n == 5;
            c.optional.miracles_can_happen = true;
            c
        })
        .collect();
    let opts = Conformance {
        seeds: 0..4,
        ..Conformance::default()
    };
    let report = check_conformance::<WarriorKnights>(&configs, &opts, arbitrary);
    assert_eq!(report.games, 20);
    assert!(report.rejected > 100 && report.views > 1000, "{report:?}");
}
