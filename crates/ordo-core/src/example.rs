//! A tiny game with simultaneous secret bids, hidden information and a shuffled deck.
//!
//! It exists to document and test the contract (and the search bots' information-set door)
//! independently of any real game: each round a prize card is turned from a shuffled deck,
//! every seat secretly bids one card from its hand, and the single highest bid wins the prize's
//! points (a tie for highest wins nothing). After the last round the highest total wins; ties go
//! to the lower seat.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use crate::error::ConfigError;
use crate::game::{ActionList, Game, GameInfo, Outcome, ToAct};
use crate::hash::StableHasher;
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, SeatSet, Viewer};

/// Options of the bidding game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BidConfig {
    /// Seats, 2..=4.
    pub players: u8,
    /// Cards per hand and prizes in the deck, 1..=13.
    pub cards: u8,
}

impl Default for BidConfig {
    fn default() -> Self {
        BidConfig {
            players: 2,
            cards: 5,
        }
    }
}

/// A bid of one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bid(pub u8);

/// The bidding game's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidGame {
    config: BidConfig,
    rng: GameRng,
    hands: BySeat<u16>,
    pending: BySeat<Option<u8>>,
    scores: BySeat<i32>,
    deck: Vec<u8>,
    prize: Option<u8>,
}

/// What one viewer sees of the bidding game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidView {
    /// Cards still in each hand (public: played cards are revealed).
    pub hands: Vec<Vec<u8>>,
    /// Per seat: whether it has bid this round, and the card only for the viewer's own bid.
    pub bids: Vec<PendingBid>,
    /// Scores.
    pub scores: Vec<i32>,
    /// The prize on offer.
    pub prize: Option<u8>,
    /// Prizes left in the deck (order hidden).
    pub deck_left: usize,
}

/// One seat's bid as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingBid {
    /// The bidder.
    pub seat: Seat,
    /// Whether the seat has bid.
    pub done: bool,
    /// The card, shown only to the bidder.
    pub card: Option<u8>,
}

impl BidGame {
    fn hand_cards(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        let h = self.hands[seat];
        (1..=self.config.cards).filter(move |c| h & (1 << c) != 0)
    }

    fn next_round(&mut self) {
        self.prize = self.deck.pop();
    }
}

/// The bid game is judged by its scores.
impl crate::Evaluated for BidGame {
    type Eval = crate::ScoreEval;
}

impl Game for BidGame {
    type Config = BidConfig;
    type Action = Bid;
    type View = BidView;

    const INFO: GameInfo = GameInfo {
        id: "bid",
        name: "Secret bids (contract example)",
        min_seats: 2,
        max_seats: 4,
        imperfect_information: true,
        simultaneous: true,
        max_decisions: 4 * 13,
    };

    fn data_version() -> &'static str {
        "bid-1"
    }

    fn new_game(config: &BidConfig, seed: u64) -> Result<Self, ConfigError> {
        if !(2..=4).contains(&config.players) {
            return Err(ConfigError::PlayerCount {
                players: config.players,
                min: 2,
                max: 4,
            });
        }
        if !(1..=13).contains(&config.cards) {
            return Err(ConfigError::Invalid {
                option: "cards".into(),
                reason: "must be 1..=13".into(),
            });
        }
        let mut rng = GameRng::from_seed(seed);
        let mut deck: Vec<u8> = (1..=config.cards).collect();
        rng.shuffle(&mut deck);
        let full = ((1u16 << (config.cards + 1)) - 1) & !1;
        let mut g = BidGame {
            config: config.clone(),
            rng,
            hands: BySeat::new_with(config.players, |_| full),
            pending: BySeat::new_with(config.players, |_| None),
            scores: BySeat::new_with(config.players, |_| 0),
            deck,
            prize: None,
        };
        g.next_round();
        Ok(g)
    }

    fn config(&self) -> &BidConfig {
        &self.config
    }

    fn num_seats(&self) -> u8 {
        self.config.players
    }

    fn to_act(&self) -> ToAct {
        if self.prize.is_none() {
            return ToAct::Over(Outcome::ranked(self.scores.clone(), |s| u32::from(s.0)));
        }
        let mut set = SeatSet::EMPTY;
        for (s, p) in self.pending.iter() {
            if p.is_none() {
                set.insert(s);
            }
        }
        ToAct::Simultaneous(set)
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut ActionList<Bid>) {
        if self.prize.is_some() && self.pending.get(seat) == Some(&None) {
            out.extend(self.hand_cards(seat).map(Bid));
        }
    }

    fn apply_unchecked(&mut self, seat: Seat, action: Bid) {
        self.pending[seat] = Some(action.0);
        self.hands[seat] &= !(1 << action.0);
        if self.pending.values().all(Option::is_some) {
            let bids: Vec<(Seat, u8)> = self
                .pending
                .iter()
                .filter_map(|(s, b)| b.map(|b| (s, b)))
                .collect();
            let best = bids.iter().map(|b| b.1).max().unwrap_or(0);
            let winners: Vec<Seat> = bids.iter().filter(|b| b.1 == best).map(|b| b.0).collect();
            if let ([w], Some(prize)) = (winners.as_slice(), self.prize) {
                self.scores[*w] += i32::from(prize);
            }
            for p in self.pending.values_mut() {
                *p = None;
            }
            self.next_round();
        }
    }

    fn view(&self, viewer: Viewer) -> BidView {
        BidView {
            // Another seat's secret bid is still shown in its hand, or the hand would reveal it.
            hands: Seat::all(self.config.players)
                .map(|s| {
                    let mut cards: Vec<u8> = self.hand_cards(s).collect();
                    if let (Some(card), false) = (self.pending[s], viewer == Viewer::Seat(s)) {
                        cards.push(card);
                        cards.sort_unstable();
                    }
                    cards
                })
                .collect(),
            bids: self
                .pending
                .iter()
                .map(|(s, b)| PendingBid {
                    seat: s,
                    done: b.is_some(),
                    card: if viewer == Viewer::Seat(s) { *b } else { None },
                })
                .collect(),
            scores: self.scores.values().copied().collect(),
            prize: self.prize,
            deck_left: self.deck.len(),
        }
    }

    fn resample_from_view(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::from_seed(rng.next_u64());
        // Start from a canonical order so the result depends only on the view, not on the
        // hidden order of the true deck.
        g.deck.sort_unstable();
        rng.shuffle(&mut g.deck);
        for s in Seat::all(self.config.players) {
            if s == seat {
                continue;
            }
            if let Some(old) = self.pending[s] {
                // Put the secret card back and draw another from the same hand.
                let hand = self.hands[s] | (1 << old);
                let cards: Vec<u8> = (1..=self.config.cards)
                    .filter(|c| hand & (1 << c) != 0)
                    .collect();
                let pick = cards[rng.index(cards.len())];
                g.hands[s] = hand & !(1 << pick);
                g.pending[s] = Some(pick);
            }
        }
        g
    }

    fn state_hash(&self) -> u64 {
        let mut h = StableHasher::default();
        self.hands.hash(&mut h);
        self.pending.hash(&mut h);
        self.scores.hash(&mut h);
        self.deck.hash(&mut h);
        self.prize.hash(&mut h);
        self.rng.position().hash(&mut h);
        h.finish()
    }

    fn scores(&self) -> BySeat<i32> {
        self.scores.clone()
    }

    fn describe_action(&self, action: &Bid) -> String {
        let mut s = String::new();
        let _ = write!(s, "bid {}", action.0);
        s
    }

    fn secrets_of(&self, seat: Seat) -> Vec<String> {
        match self.pending.get(seat) {
            Some(Some(card)) => vec![format!(
                "{{\"seat\":{},\"done\":true,\"card\":{card}}}",
                seat.0
            )],
            _ => Vec::new(),
        }
    }
}
