//! Seats, viewers and per-seat storage.

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// The largest number of seats any Ordo game supports.
pub const MAX_SEATS: usize = 6;

/// A player's position at the table, numbered from 0 in turn order of setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for dense per-seat arrays.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// All seats of a table with `n` seats, in order.
    pub fn all(n: u8) -> impl Iterator<Item = Seat> + Clone {
        (0..n).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking at the game: a seated player or a spectator (public information only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A seated player: sees the public state plus that seat's own secrets.
    Seat(Seat),
    /// Someone watching: sees public information only.
    Spectator,
}

impl Viewer {
    /// The seat, if the viewer is seated.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// A small set of seats (a bit set), used for simultaneous decisions.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of the first `n` seats.
    pub fn first(n: u8) -> SeatSet {
        debug_assert!(usize::from(n) <= MAX_SEATS);
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// A set holding one seat.
    pub fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        seat.0 < 8 && self.0 & (1 << seat.0) != 0
    }

    /// Adds a seat.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of seats in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        (0u8..8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

/// One value per seat, indexed by [`Seat`] rather than a raw integer.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T> {
    items: ArrayVec<T, MAX_SEATS>,
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

impl<T> BySeat<T> {
    /// Builds one value per seat for `n` seats (at most [`MAX_SEATS`]; extra seats are ignored).
    pub fn new_with(n: u8, mut f: impl FnMut(Seat) -> T) -> Self {
        let mut items = ArrayVec::new();
        for s in Seat::all(n.min(MAX_SEATS as u8)) {
            items.push(f(s));
        }
        BySeat { items }
    }

    /// The value for `seat`, if the seat exists.
    #[inline]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.items.get(seat.index())
    }

    /// Mutable access to the value for `seat`, if the seat exists.
    #[inline]
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.items.get_mut(seat.index())
    }

    /// Number of seats.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no seats.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Values in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (Seat(i as u8), t))
    }

    /// Values in seat order, without seats.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.items.iter()
    }

    /// Mutable values in seat order.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.items.iter_mut()
    }

    /// Maps every value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> BySeat<U> {
        let mut items = ArrayVec::new();
        for (s, t) in self.iter() {
            items.push(f(s, t));
        }
        BySeat { items }
    }
}

impl<T> std::ops::Index<Seat> for BySeat<T> {
    type Output = T;
    /// # Panics
    /// If the seat does not exist; callers index only seats they created.
    fn index(&self, seat: Seat) -> &T {
        &self.items[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.items[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_basics() {
        let mut s = SeatSet::first(4);
        assert_eq!(s.len(), 4);
        s.remove(Seat(2));
        assert!(!s.contains(Seat(2)));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Seat(0), Seat(1), Seat(3)]
        );
        assert!(!SeatSet::EMPTY.contains(Seat(9)));
    }

    #[test]
    fn by_seat_index_and_serde() {
        let b = BySeat::new_with(3, |s| s.0 * 10);
        assert_eq!(b[Seat(2)], 20);
        assert_eq!(b.get(Seat(3)), None);
        let json = serde_json::to_string(&b).unwrap_or_default();
        assert_eq!(json, "[0,10,20]");
    }
}
