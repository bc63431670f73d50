//! What a viewer may see, and full states consistent with a seat's view.

use ordo_core::{GameRng, Outcome, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::cards::EventColour;
use crate::map::AreaId;
use crate::phases::Assembly;
use crate::phases::{Battle, Standing};
use crate::state::{CityState, EventDrawn, Expedition, Loc, Loss, Phase, WarriorKnights};
use crate::types::*;

/// A Noble as everyone sees him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkNobleView"))]
pub struct NobleView {
    /// Where.
    pub loc: Loc,
    /// Exhausted.
    pub exhausted: bool,
    /// Troop cards.
    pub troops: Vec<TroopId>,
    /// Casualty tokens.
    pub casualties: u8,
    /// Office (Agenda kind).
    pub office: Option<u8>,
    /// *No Heir* applies.
    pub no_heir: bool,
    /// His line has ended.
    pub gone: bool,
    /// Off the board after a death (his heir may return in an Upkeep).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dead: bool,
    /// *Exchanging Heirs*: the Baron holding his heir token, while it lives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub heir: Option<u8>,
}

/// A Baron as everyone sees him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkBaronView"))]
pub struct BaronView {
    /// Crowns.
    pub crowns: u16,
    /// Votes.
    pub votes: u16,
    /// Faith.
    pub faith: u16,
    /// Influence.
    pub influence: u16,
    /// Cards in hand.
    pub hand_size: u8,
    /// Cards laid face down on each stack this Planning.
    pub planned: [u8; 3],
    /// Finished planning.
    pub plan_done: bool,
    /// Stronghold area.
    pub stronghold: Option<AreaId>,
    /// Troops on the Stronghold card.
    pub sh_troops: Vec<TroopId>,
    /// Casualty tokens there.
    pub sh_casualties: u8,
    /// Breaches of the stronghold.
    pub sh_breaches: u8,
    /// Siege of the stronghold (besieger, round).
    pub sh_siege: Option<(u8, u16)>,
    /// Charges and concessions (Agenda kinds).
    pub charges: Vec<u8>,
    /// Banned from the Assembly.
    pub banned: bool,
    /// Out of the game.
    pub eliminated: bool,
    /// Nobles by shape.
    pub nobles: Vec<NobleView>,
}

/// A seat's own secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkMine"))]
pub struct Mine {
    /// Whose.
    pub seat: u8,
    /// Cards in hand by kind.
    pub hand: [u8; 6],
    /// Cards laid this Planning per stack.
    pub planned: [Vec<BaronCard>; 3],
    /// Own Fate cards in a battle, before the reveal.
    pub battle_hand: Vec<u8>,
    /// Own Votes in fists not yet revealed.
    pub commits: Vec<u16>,
    /// Own starting troops not yet given to the stronghold or a Noble, the next one first.
    pub start_troops: Vec<TroopId>,
    /// *Missions*: own secret Mission (index into the data's cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mission: Option<u8>,
}

/// *Missions*: a Baron's Mission, shown to everyone once the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkMissionResult"))]
pub struct MissionResult {
    /// The Mission (index into the data's cards).
    pub mission: u8,
    /// Fulfilled at the end (+2 Influence).
    pub fulfilled: bool,
}

/// The battle as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkBattleView"))]
pub struct BattleView {
    /// Public facts (hands emptied until revealed).
    pub battle: Battle,
    /// Cards in each hand.
    pub hand_sizes: [u8; 2],
}

/// The Assembly as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkAssemblyView"))]
pub struct AssemblyView {
    /// Public facts (fists emptied).
    pub assembly: Assembly,
    /// Fists filled by each Baron.
    pub committed: Vec<u8>,
}

/// A city in revolt in the Upkeep, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkRevoltView"))]
pub struct RevoltView {
    /// Its owner, who decides.
    pub seat: u8,
    /// The city (index into the components' cities).
    pub city: u8,
    /// Its name.
    pub name: String,
    /// Its printed income.
    pub income: u8,
    /// Crowns that buy the revolt off (twice the income).
    pub crowns: u16,
    /// Faith that buys the revolt off.
    pub faith: u16,
}

/// Whose decision it is, by kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkPhaseView"))]
pub struct PhaseView {
    /// Kind of decision (e.g. `planning`, `card`, `wages`).
    pub kind: String,
    /// The deciding Baron, when one decides.
    pub seat: Option<u8>,
}

/// Everything a viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkView"))]
pub struct View {
    /// Barons at the table.
    pub barons_count: u8,
    /// Round (1-based).
    pub round: u16,
    /// Chairman of the Assembly.
    pub chairman: u8,
    /// Head of the Church.
    pub head: u8,
    /// Influence left in the pool.
    pub pool: i32,
    /// This is the last round.
    pub last_round: bool,
    /// The Barons.
    pub barons: Vec<BaronView>,
    /// Cities (index = city).
    pub cities: Vec<CityState>,
    /// Cards left in each Action stack.
    pub stacks: [u8; 3],
    /// Cards per Baron in each stack (Neutral cards last).
    pub stack_owners: [Vec<u8>; 3],
    /// The stack being resolved.
    pub stack: u8,
    /// Cards in the Taxation, Wages and Assembly areas.
    pub zones: [Vec<(u8, BaronCard)>; 3],
    /// Baron markers on the Mercenary Track.
    pub track: Vec<Option<u8>>,
    /// Face-up Mercenaries.
    pub offer: Vec<TroopId>,
    /// Current Agendas.
    pub current_agendas: Vec<u8>,
    /// Laws in play.
    pub laws: Vec<u8>,
    /// Lasting Events (Event, Baron).
    pub lasting: Vec<(u8, u8)>,
    /// Expedition tracks.
    pub expeditions: [Expedition; 3],
    /// Colour of the top Event card's back.
    pub event_top: Option<EventColour>,
    /// Cards in the Fate, Event, Agenda and Mercenary decks.
    pub decks: [u16; 4],
    /// The card being resolved.
    pub revealed: Option<Card>,
    /// Fate cards drawn by the last step (public).
    pub last_fate: Vec<u8>,
    /// The pending decision.
    pub phase: PhaseView,
    /// The battle being fought.
    pub battle: Option<BattleView>,
    /// The last battle fought, as it ended, with the Fate cards each side revealed (`shown`).
    pub last_battle: Option<Battle>,
    /// The Assembly in session.
    pub assembly: Option<AssemblyView>,
    /// The Event being resolved: (card, drawer, target).
    pub event: Option<(u8, u8, u8)>,
    /// Every Event drawn so far, oldest first, with its drawer, target and what became of it.
    pub events_drawn: Vec<EventDrawn>,
    /// Each Event drawn in words (same order).
    pub events_text: Vec<String>,
    /// The Event discard pile (face up), bottom first.
    pub event_discard: Vec<u8>,
    /// The revolting city whose owner decides now (Upkeep).
    pub revolt: Option<RevoltView>,
    /// Rules revision 4: the owner's other revolting cities, waiting for him to pick the next.
    pub revolts_waiting: Vec<RevoltView>,
    /// Rules revision 4: losses of dead Nobles' armies still to be chosen by their owners, the
    /// one being decided first.
    pub losses: Vec<Loss>,
    /// The final standing: a shared place for Barons still tied after every tie-break (rules
    /// revision 4), so no King; `None` while the game goes on.
    pub standing: Option<Standing>,
    /// Mercenaries hired and not yet assigned.
    pub hires: Vec<TroopId>,
    /// The viewer's secrets.
    pub mine: Option<Mine>,
    /// Final result.
    #[cfg_attr(
        feature = "ts",
        ts(type = "{ scores: Array<number>, places: Array<number> } | null")
    )]
    pub outcome: Option<Outcome>,
    /// Winner by seizing the Kingdom.
    pub city_winner: Option<u8>,
    /// *Missions*: every Baron's Mission and whether it was fulfilled, once the game is over
    /// (absent before, and without the variant: each sees only his own, in `mine`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub missions: Option<Vec<MissionResult>>,
    /// *The King*: the variant's state (absent without it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub the_king: Option<KingView>,
    /// *Exchanging Heirs*: the open offers the viewer made or received (W30); nobody else
    /// sees them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(
        feature = "ts",
        ts(as = "Option<Vec<crate::types::OpenOffer>>", optional)
    )]
    pub offers: Vec<crate::types::OpenOffer>,
    /// *For Glory*: the variant's state (absent without it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub for_glory: Option<crate::glory_view::GloryView>,
}

/// *The King*, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkKingView"))]
pub struct KingView {
    /// The King, once crowned.
    pub king: Option<u8>,
    /// The game ends when a Baron has this much Influence at the end of a round.
    pub end_at: u8,
    /// Influence the King gains in every Upkeep after his crowning.
    pub bonus: u8,
    /// King's Army cards the King has still to place.
    pub to_place: Vec<TroopId>,
}

fn phase_view(p: Phase) -> PhaseView {
    let (kind, seat) = match p {
        Phase::Auto => ("auto", None),
        Phase::SetupStronghold(s) => ("setup_stronghold", Some(s)),
        Phase::SetupTroops(s) => ("setup_troops", Some(s)),
        Phase::SetupNoble(s) => ("setup_noble", Some(s)),
        Phase::Planning => ("planning", None),
        Phase::Card(s, _) => ("card", Some(s)),
        Phase::ServeZone(s) | Phase::MobilizeZone(s) => ("allocate", Some(s)),
        Phase::Mobilize(s, _) => ("mobilize", Some(s)),
        Phase::Ask(s) => ("permission", Some(s)),
        Phase::Target(s, _) => ("target", Some(s)),
        Phase::Fighters(s) => ("fighters", Some(s)),
        Phase::Mode(s) => ("assault_or_siege", Some(s)),
        Phase::Commander(s) => ("commander", Some(s)),
        Phase::Discard(s) => ("discard", Some(s)),
        Phase::Casualties(s) => ("casualties", Some(s)),
        Phase::Retreat(s, _) => ("retreat", Some(s)),
        Phase::Raze(s, _) => ("raze", Some(s)),
        Phase::GiveCity(s) => ("give_city", Some(s)),
        Phase::Wages(s) => ("wages", Some(s)),
        Phase::Hire(s) => ("draft", Some(s)),
        Phase::AssignHire(s) => ("assign_hire", Some(s)),
        Phase::Upgrade(s) => ("upgrade_defenses", Some(s)),
        Phase::Muster(s) => ("muster_troops", Some(s)),
        Phase::EventDrawer(s) => ("event_drawer", Some(s)),
        Phase::EventTarget(s) => ("event_target", Some(s)),
        Phase::EventCancel(s) => ("event_cancel", Some(s)),
        Phase::EventPledge(s) => ("event_pledge", Some(s)),
        Phase::ExpStart(s) => ("expedition_start", Some(s)),
        Phase::ExpFund(s) => ("expedition_fund", Some(s)),
        Phase::ExpBless(s) => ("expedition_bless", Some(s)),
        Phase::Appoint(s) => ("appoint", Some(s)),
        Phase::Propose(s) => ("private_motion", Some(s)),
        Phase::Order(s) => ("order_agendas", Some(s)),
        Phase::Commit => ("votes", None),
        Phase::Cast(s) => ("cast", Some(s)),
        Phase::Tie(s) => ("tie", Some(s)),
        Phase::Refusal(s) => ("refusal", Some(s)),
        Phase::Office(s) => ("office", Some(s)),
        Phase::DropCharge(s) => ("drop_charge", Some(s)),
        Phase::Tithe(s) => ("tithe", Some(s)),
        Phase::Revolt(s, _) => ("revolt", Some(s)),
        Phase::RevoltOrder(s) => ("revolt_order", Some(s)),
        Phase::Loss(s) => ("losses", Some(s)),
        Phase::Miracle(s) => ("miracle", Some(s)),
        Phase::Return(s) => ("return_nobles", Some(s)),
        Phase::KingArmy(s) => ("king_army", Some(s)),
        Phase::Buy(s) => ("buy_advancements", Some(s)),
        Phase::Overflow(s) => ("discard_advancement", Some(s)),
        Phase::EnrichZone(s) => ("allocate", Some(s)),
        Phase::ForcedMarch(s) => ("forced_march", Some(s)),
        Phase::Research(s) | Phase::Researched(s, _) => ("research", Some(s)),
        Phase::Uncertain(s) => ("uncertain_times", Some(s)),
        Phase::Riot(s, _) => ("riot", Some(s)),
        Phase::Withdraw(s) => ("withdraw", Some(s)),
        Phase::FundsNeeded(s, _) => ("funds_needed", Some(s)),
        Phase::Garrison(s) => ("garrison", Some(s)),
        Phase::Disband(s) => ("disband_garrison", Some(s)),
        Phase::Levy(s) => ("town_levies", Some(s)),
        Phase::UseAdvancement(s) => ("battle_advancement", Some(s)),
        Phase::Over => ("over", None),
    };
    PhaseView {
        kind: kind.to_string(),
        seat,
    }
}

impl WarriorKnights {
    fn revolt_view(&self, seat: u8, city: u8) -> RevoltView {
        let (income, crowns, faith) = self.revolt_prices(city);
        RevoltView {
            seat,
            city,
            name: self
                .t()
                .components
                .cities
                .get(usize::from(city))
                .map_or_else(String::new, |c| c.name.clone()),
            income,
            crowns,
            faith,
        }
    }

    fn stack_owners(&self, i: usize) -> Vec<u8> {
        let n = usize::from(self.core.n);
        let mut v = vec![0u8; n + 1];
        for c in &self.core.stacks[i] {
            match c {
                Card::Baron { seat, .. } => v[usize::from(*seat)] += 1,
                Card::Neutral(_) => v[n] += 1,
            }
        }
        v
    }

    /// Unrevealed Votes of `s` (fists not yet opened).
    fn hidden_commits(&self, s: u8) -> Vec<u16> {
        let Some(a) = &self.core.assembly else {
            return Vec::new();
        };
        let c = &a.commits[usize::from(s)];
        if self.core.phase == Phase::Commit {
            c.clone()
        } else if self.core.n == 2 && a.main {
            c.iter().skip(usize::from(a.index)).copied().collect()
        } else {
            Vec::new()
        }
    }

    pub(crate) fn make_view(&self, viewer: Viewer) -> View {
        let me = viewer.seat().map(|s| s.0);
        let barons = self
            .core
            .barons
            .iter()
            .enumerate()
            .map(|(i, b)| BaronView {
                crowns: b.crowns,
                votes: b.votes,
                faith: b.faith,
                influence: b.influence,
                hand_size: self
                    .baron_cards()
                    .iter()
                    .map(|&c| self.hand_count(i as u8, c))
                    .sum(),
                planned: [
                    b.planned[0].len() as u8,
                    b.planned[1].len() as u8,
                    b.planned[2].len() as u8,
                ],
                plan_done: self.core.plan_done.get(i).copied().unwrap_or(true),
                stronghold: b.stronghold,
                sh_troops: b.sh_troops.clone(),
                sh_casualties: b.sh_casualties,
                sh_breaches: b.sh_breaches,
                sh_siege: b.sh_siege,
                charges: b.charges.clone(),
                banned: b.banned,
                eliminated: b.eliminated,
                nobles: b
                    .nobles
                    .iter()
                    .enumerate()
                    .map(|(k, n)| NobleView {
                        loc: n.loc,
                        exhausted: n.exhausted,
                        troops: n.troops.clone(),
                        casualties: n.casualties,
                        office: n.office,
                        no_heir: n.no_heir,
                        gone: n.gone,
                        dead: n.dead,
                        heir: self.heir_holder(i as u8, k as u8),
                    })
                    .collect(),
            })
            .collect();
        let battle = self.core.battle.as_ref().map(|b| {
            let mut pb = b.clone();
            let sizes = [b.hands[0].len() as u8, b.hands[1].len() as u8];
            if !b.revealed {
                pb.hands = [Vec::new(), Vec::new()];
            }
            BattleView {
                battle: pb,
                hand_sizes: sizes,
            }
        });
        let assembly = self.core.assembly.as_ref().map(|a| {
            let mut pa = a.clone();
            let committed = a.commits.iter().map(|c| c.len() as u8).collect();
            let hidden: Vec<usize> = (0..self.core.n)
                .map(|s| self.hidden_commits(s).len())
                .collect();
            for (s, c) in pa.commits.iter_mut().enumerate() {
                let keep = c.len() - hidden[s].min(c.len());
                c.truncate(keep);
            }
            AssemblyView {
                assembly: pa,
                committed,
            }
        });
        let mine = me.filter(|&s| s < self.core.n).map(|s| {
            let b = self.b(s);
            let battle_hand = match &self.core.battle {
                Some(bt) if !bt.revealed => {
                    if bt.attacker == s {
                        bt.hands[0].clone()
                    } else if bt.defender() == Some(s) {
                        bt.hands[1].clone()
                    } else {
                        Vec::new()
                    }
                }
                _ => Vec::new(),
            };
            Mine {
                seat: s,
                hand: b.hand,
                planned: b.planned.clone(),
                battle_hand,
                commits: self.hidden_commits(s),
                start_troops: self
                    .core
                    .start_troops
                    .get(usize::from(s))
                    .cloned()
                    .unwrap_or_default(),
                mission: self.mission_of(s),
            }
        });
        View {
            barons_count: self.core.n,
            round: self.core.round,
            chairman: self.core.chairman,
            head: self.core.head,
            pool: self.core.pool,
            last_round: self.core.last_round,
            barons,
            cities: self.core.cities.clone(),
            stacks: [
                self.core.stacks[0].len() as u8,
                self.core.stacks[1].len() as u8,
                self.core.stacks[2].len() as u8,
            ],
            stack_owners: [
                self.stack_owners(0),
                self.stack_owners(1),
                self.stack_owners(2),
            ],
            stack: self.core.stack,
            zones: self.core.zones.clone(),
            track: self.core.track.clone(),
            offer: self.core.offer.clone(),
            current_agendas: self.core.current_agendas.clone(),
            laws: self.core.laws.clone(),
            lasting: self.core.lasting.clone(),
            expeditions: self.core.expeditions,
            event_top: self.core.events.front().map(|&e| self.event_colour(e)),
            decks: [
                self.core.fate.len() as u16,
                self.core.events.len() as u16,
                self.core.agendas.len() as u16,
                self.core.mercs.len() as u16,
            ],
            revealed: self.core.revealed,
            last_fate: self.core.last_fate.clone(),
            phase: phase_view(self.core.phase),
            battle,
            last_battle: self.core.last_battle.clone().map(|b| Battle {
                // Hands are back in the deck by then; only what was shown is told.
                hands: [Vec::new(), Vec::new()],
                ..b
            }),
            assembly,
            event: self
                .core
                .event
                .as_ref()
                .map(|e| (e.card, e.drawer, e.target)),
            events_drawn: self.core.events_drawn.clone(),
            events_text: self
                .core
                .events_drawn
                .iter()
                .map(|r| self.event_text(r))
                .collect(),
            event_discard: self.core.event_discard.clone(),
            revolt: match self.core.phase {
                Phase::Revolt(s, c) => Some(self.revolt_view(s, c)),
                _ => None,
            },
            revolts_waiting: match self.core.phase {
                Phase::Revolt(s, _) | Phase::RevoltOrder(s) => self
                    .core
                    .revolts
                    .iter()
                    .map(|&c| self.revolt_view(s, c))
                    .collect(),
                _ => Vec::new(),
            },
            standing: self.standing(),
            losses: self.core.losses.clone(),
            hires: self.core.hires.clone(),
            mine,
            outcome: self.core.outcome.clone(),
            city_winner: self.core.city_winner,
            missions: self
                .core
                .missions
                .0
                .as_ref()
                .filter(|m| !m.fulfilled.is_empty())
                .map(|m| {
                    m.dealt
                        .iter()
                        .zip(&m.fulfilled)
                        .map(|(&mission, &fulfilled)| MissionResult { mission, fulfilled })
                        .collect()
                }),
            the_king: self.core.crown.0.as_ref().map(|r| KingView {
                king: r.king,
                end_at: self.king_end_at().unwrap_or(0),
                bonus: self
                    .t()
                    .components
                    .the_king
                    .as_ref()
                    .map_or(0, |k| k.bonus_influence),
                to_place: r.to_place.clone(),
            }),
            offers: me.map_or_else(Vec::new, |m| self.offers_seen_by(Some(m))),
            for_glory: self.glory_view(me),
        }
    }

    pub(crate) fn secrets(&self, seat: Seat) -> Vec<String> {
        let mut out: Vec<String> = match self.make_view(Viewer::Seat(seat)).mine {
            Some(m) => serde_json::to_string(&m)
                .map(|s| vec![s])
                .unwrap_or_default(),
            None => Vec::new(),
        };
        // Until the end, a Baron's Mission is in his view alone.
        let over = self
            .core
            .missions
            .0
            .as_ref()
            .is_some_and(|m| !m.fulfilled.is_empty());
        if let (Some(m), false) = (self.mission_of(seat.0), over) {
            out.push(format!("\"mission\":{m}"));
        }
        out
    }

    /// Re-draws everything hidden from `seat`.
    pub(crate) fn resample(&self, seat: Seat, rng: &mut GameRng) -> WarriorKnights {
        let mut g = self.clone();
        g.rng = GameRng::from_seed(rng.next_u64());
        let me = seat.0;
        let n = self.core.n;
        // Other Barons' planned and stacked cards, and their hands.
        for b in 0..n {
            if b == me {
                continue;
            }
            let mut pool: Vec<BaronCard> = Vec::new();
            for &c in self.baron_cards() {
                for _ in 0..self.hand_count(b, c) {
                    pool.push(c);
                }
            }
            for st in &self.b(b).planned {
                pool.extend(st.iter().copied());
            }
            for stack in &self.core.stacks {
                for c in stack {
                    if let Card::Baron { seat: o, card } = c {
                        if *o == b {
                            pool.push(*card);
                        }
                    }
                }
            }
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            let mut it = pool.into_iter();
            let gb = g.bm(b);
            for st in gb.planned.iter_mut() {
                for c in st.iter_mut() {
                    if let Some(x) = it.next() {
                        *c = x;
                    }
                }
            }
            for stack in g.core.stacks.iter_mut() {
                for c in stack.iter_mut() {
                    if let Card::Baron { seat: o, card } = c {
                        if *o == b {
                            if let Some(x) = it.next() {
                                *card = x;
                            }
                        }
                    }
                }
            }
            for &c in self.baron_cards() {
                g.set_hand(b, c, 0);
            }
            for c in it {
                g.hand_add(b, c, true);
            }
        }
        // *For Glory*: the Advancement deck's order, and the card Research drew.
        g.glory_resample(me, rng);
        // Offers between other Barons were never seen.
        if let Some(o) = g.core.offers.0.as_mut() {
            o.open.retain(|x| x.from == me || x.to == me);
        }
        // Other Barons' Missions: any of the cards this Baron does not hold (the rest were never
        // seen).
        if let (Some(ms), Some(data)) = (
            self.core.missions.0.as_ref(),
            self.t().components.missions.as_ref(),
        ) {
            if ms.fulfilled.is_empty() {
                let mine = ms.dealt.get(usize::from(me)).copied();
                let mut deck: Vec<u8> = (0..data.cards.len() as u8)
                    .filter(|&c| Some(c) != mine)
                    .collect();
                rng.shuffle(&mut deck);
                let mut it = deck.into_iter();
                if let Some(gm) = g.core.missions.0.as_mut() {
                    for (b, card) in gm.dealt.iter_mut().enumerate() {
                        if b != usize::from(me) {
                            if let Some(x) = it.next() {
                                *card = x;
                            }
                        }
                    }
                }
            }
        }
        // Neutral cards not yet revealed this round.
        let mut neutral = self.t().neutral_deck.clone();
        for c in &self.core.neutral_seen {
            if let Some(i) = neutral.iter().position(|x| x == c) {
                neutral.remove(i);
            }
        }
        rng.shuffle(&mut neutral);
        let mut it = neutral.into_iter();
        for stack in g.core.stacks.iter_mut() {
            for c in stack.iter_mut() {
                if let Card::Neutral(k) = c {
                    if let Some(x) = it.next() {
                        *k = x;
                    }
                }
            }
        }
        for stack in g.core.stacks.iter_mut() {
            // Sorted first, so the result depends on the view and `rng` only, never on the true
            // hidden order.
            stack.sort_unstable();
            rng.shuffle(stack);
        }
        // The Fate deck and the other side's battle hand.
        let mut fate: Vec<u8> = self.core.fate.cards().collect();
        let mut other_hands: Vec<usize> = Vec::new();
        if let Some(b) = &self.core.battle {
            if !b.revealed {
                for side in 0..2 {
                    let mine = if side == 0 {
                        b.attacker == me
                    } else {
                        b.defender() == Some(me)
                    };
                    if !mine {
                        fate.extend(b.hands[side].iter().copied());
                        other_hands.push(side);
                    }
                }
            }
        }
        fate.sort_unstable();
        rng.shuffle(&mut fate);
        if let Some(gb) = g.core.battle.as_mut() {
            for &side in &other_hands {
                let k = gb.hands[side].len();
                gb.hands[side] = fate.drain(..k.min(fate.len())).collect();
            }
        }
        g.core.fate.set(fate);
        // Event deck (the top card's colour is public), Agenda and Mercenary decks.
        let top = self.core.events.front().map(|&e| self.event_colour(e));
        let mut events: Vec<u8> = self.core.events.iter().copied().collect();
        events.sort_unstable();
        rng.shuffle(&mut events);
        if let Some(colour) = top {
            if let Some(i) = events.iter().position(|&e| self.event_colour(e) == colour) {
                events.swap(0, i);
            }
        }
        g.core.events = events.into();
        let mut agendas: Vec<u8> = self.core.agendas.iter().copied().collect();
        agendas.sort_unstable();
        rng.shuffle(&mut agendas);
        g.core.agendas = agendas.into();
        // The Mercenary deck and the Mercenaries other Barons were dealt at setup and have not
        // given out yet: a seat knows only how strong each of those is (one of each starting
        // strength per Baron), so each is redrawn from the unseen Mercenaries of its strength.
        let mut mercs: Vec<TroopId> = self.core.mercs.iter().copied().collect();
        let dealt = |b: u8| {
            self.core
                .start_troops
                .get(usize::from(b))
                .map_or(&[][..], Vec::as_slice)
        };
        for b in (0..n).filter(|&b| b != me) {
            mercs.extend(dealt(b).iter().copied().filter(|&x| x < REGULAR_BASE));
        }
        mercs.sort_unstable();
        rng.shuffle(&mut mercs);
        for b in (0..n).filter(|&b| b != me) {
            for (k, &x) in dealt(b).iter().enumerate() {
                if x >= REGULAR_BASE {
                    continue;
                }
                let want = self.t().strength(x);
                if let Some(i) = mercs.iter().position(|&m| self.t().strength(m) == want) {
                    let m = mercs.remove(i);
                    if let Some(slot) = g.core.start_troops[usize::from(b)].get_mut(k) {
                        *slot = m;
                    }
                }
            }
        }
        g.core.mercs = mercs.into();
        // Other Barons' closed fists.
        for b in 0..n {
            if b == me {
                continue;
            }
            let hidden = self.hidden_commits(b);
            if hidden.is_empty() {
                continue;
            }
            // Votes are spent only when a fist opens, so every hidden fist came from these.
            let mut left: u16 = self.b(b).votes;
            let mut fresh = Vec::new();
            for _ in 0..hidden.len() {
                let v = rng.below(u32::from(left) + 1) as u16;
                left -= v;
                fresh.push(v);
            }
            if let Some(a) = g.core.assembly.as_mut() {
                let c = &mut a.commits[usize::from(b)];
                let keep = c.len() - hidden.len();
                c.truncate(keep);
                c.extend(fresh);
            }
        }
        g
    }
}

/// A Noble's location as a short text.
pub fn loc_text(l: Loc) -> String {
    match l {
        Loc::Off => "off the board".into(),
        Loc::At(a) => format!("area {a}"),
        Loc::Sea(a) => format!("at sea to {a}"),
    }
}
