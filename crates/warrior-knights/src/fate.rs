//! The Fate deck: every random choice of the rules goes through it. It is an ordered physical
//! queue: cards are drawn from the top and go face down to the bottom; it is shuffled only at
//! setup, by *Uncertain Times*, or when rebuilt — so its order carries information and is part
//! of the hidden state.

use std::collections::VecDeque;

use ordo_core::GameRng;
use serde::{Deserialize, Serialize};

use crate::data::FateCard;

/// Index of a card in the components' Fate deck.
pub type FateId = u8;

/// The Fate deck in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FateDeck {
    order: VecDeque<FateId>,
}

impl FateDeck {
    /// The deck in `cards`' order, then shuffled.
    pub fn shuffled(cards: usize, rng: &mut GameRng) -> Self {
        let mut ids: Vec<FateId> = (0..cards.min(usize::from(FateId::MAX)))
            .map(|i| i as FateId)
            .collect();
        rng.shuffle(&mut ids);
        FateDeck { order: ids.into() }
    }

    /// Shuffles the whole deck (*Uncertain Times*, setup).
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        let mut ids: Vec<FateId> = self.order.drain(..).collect();
        ids.sort_unstable();
        rng.shuffle(&mut ids);
        self.order = ids.into();
    }

    /// Draws the top card and puts it face down at the bottom.
    pub fn draw(&mut self) -> Option<FateId> {
        let top = self.order.pop_front()?;
        self.order.push_back(top);
        Some(top)
    }

    /// Draws until `fits` accepts a card (unfitting results are drawn past, as the rules say);
    /// `None` if no card in the whole deck fits.
    pub fn draw_until(
        &mut self,
        cards: &[FateCard],
        mut fits: impl FnMut(&FateCard) -> bool,
    ) -> Option<FateId> {
        for _ in 0..self.order.len() {
            let id = self.draw()?;
            if cards.get(usize::from(id)).is_some_and(&mut fits) {
                return Some(id);
            }
        }
        None
    }

    /// Takes the top card into a hand (it returns with [`FateDeck::put_bottom`]).
    pub fn take(&mut self) -> Option<FateId> {
        self.order.pop_front()
    }

    /// Puts a card face down at the bottom.
    pub fn put_bottom(&mut self, id: FateId) {
        self.order.push_back(id);
    }

    /// The cards in deck order (hidden information).
    pub fn cards(&self) -> impl Iterator<Item = FateId> + '_ {
        self.order.iter().copied()
    }

    /// Replaces the order (resampling).
    pub fn set(&mut self, ids: Vec<FateId>) {
        self.order = ids.into();
    }

    /// Cards in the deck.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the deck is empty.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_cards_go_to_the_bottom_and_unfitting_ones_are_passed() {
        let cards = &crate::data::components().unwrap().fate.cards;
        let mut rng = GameRng::from_seed(7);
        let mut deck = FateDeck::shuffled(cards.len(), &mut rng);
        let first: Vec<FateId> = (0..cards.len()).filter_map(|_| deck.draw()).collect();
        let again: Vec<FateId> = (0..cards.len()).filter_map(|_| deck.draw()).collect();
        assert_eq!(first, again, "a full cycle returns the same order");
        let mut sorted = first;
        sorted.sort_unstable();
        assert_eq!(sorted, (0..24).collect::<Vec<FateId>>());
        // Drawing for an overseas city passes Kingdom cities.
        let overseas = [
            "constantinople",
            "syracuse",
            "cadiz",
            "jerusalem",
            "alexandria",
            "acre",
        ];
        let id = deck
            .draw_until(cards, |c| overseas.contains(&c.city.as_str()))
            .unwrap();
        assert!(overseas.contains(&cards[usize::from(id)].city.as_str()));
        assert!(deck.draw_until(cards, |c| c.city == "atlantis").is_none());
        assert_eq!(deck.len(), 24);
        // The same seed shuffles the same way.
        let mut a = FateDeck::shuffled(24, &mut GameRng::from_seed(1));
        let mut b = FateDeck::shuffled(24, &mut GameRng::from_seed(1));
        assert_eq!(a, b);
        a.shuffle(&mut GameRng::from_seed(2));
        b.shuffle(&mut GameRng::from_seed(2));
        assert_eq!(a, b);
    }
}
