//! The game contract.

use std::fmt::Debug;
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{ConfigError, IllegalAction, IllegalReason};
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, SeatSet, Viewer};

/// The list type returned by [`Game::legal_actions`]. A type alias so its representation can
/// change without touching callers.
pub type ActionList<A> = Vec<A>;

/// Static facts about a game, like OpenSpiel's `GameType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Stable machine id used in records and on the wire (`"crusaders"`).
    pub id: &'static str,
    /// Human-readable name.
    pub name: &'static str,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// Whether some information is hidden from some seats at some point.
    pub imperfect_information: bool,
    /// Whether several seats may have to decide at once.
    pub simultaneous: bool,
    /// An upper bound on decisions in one game; drivers treat exceeding it as a defect.
    pub max_decisions: u32,
}

/// Whose decision it is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToAct {
    /// Exactly one seat decides.
    Seat(Seat),
    /// Each listed seat has a decision pending; they decide secretly and in any order. A seat
    /// leaves the set when it has submitted all of its pending decisions.
    Simultaneous(SeatSet),
    /// The game is over.
    Over(Outcome),
}

impl ToAct {
    /// Whether `seat` has a decision pending.
    pub fn includes(&self, seat: Seat) -> bool {
        match self {
            ToAct::Seat(s) => *s == seat,
            ToAct::Simultaneous(set) => set.contains(seat),
            ToAct::Over(_) => false,
        }
    }

    /// The seats with a decision pending, in ascending order.
    pub fn seats(&self) -> SeatSet {
        match self {
            ToAct::Seat(s) => SeatSet::single(*s),
            ToAct::Simultaneous(set) => *set,
            ToAct::Over(_) => SeatSet::EMPTY,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self, ToAct::Over(_))
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score per seat.
    pub scores: BySeat<i32>,
    /// Final place per seat after the game's tie-breaks: 0 = winner. Places are distinct.
    pub places: BySeat<u8>,
}

impl Outcome {
    /// Builds an outcome from scores, ranking seats by score (higher first) and breaking ties by
    /// `tie_rank` (lower first; e.g. position in turn order).
    pub fn ranked(scores: BySeat<i32>, tie_rank: impl Fn(Seat) -> u32) -> Outcome {
        let mut order: Vec<Seat> = scores.iter().map(|(s, _)| s).collect();
        order.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), tie_rank(s), s));
        let mut places = scores.map(|_, _| 0u8);
        for (place, &s) in order.iter().enumerate() {
            places[s] = place as u8;
        }
        Outcome { scores, places }
    }

    /// The winning seat (place 0).
    pub fn winner(&self) -> Seat {
        self.places
            .iter()
            .find(|(_, &p)| p == 0)
            .map(|(s, _)| s)
            .unwrap_or(Seat(0))
    }

    /// A reward in `[0, 1]` per seat for search: 1 for the winner, 0 for last, linear between.
    pub fn rewards(&self) -> BySeat<f64> {
        let n = self.places.len().max(2) as f64;
        self.places.map(|_, &p| 1.0 - f64::from(p) / (n - 1.0))
    }
}

/// A game's rules, implemented once per game crate. The state *is* the implementing type.
///
/// Required methods are few; [`Game::apply`], [`Game::is_legal`] and [`Game::legal_actions`] are
/// provided and should not be overridden.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + Sized + 'static {
    /// Table options; public fields, serde, possibly invalid until [`Game::new_game`] checks them.
    type Config: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One atomic decision. Small and `Copy`; ordered so legal lists can be sorted.
    type Action: Copy + Debug + Eq + Ord + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What a viewer may see. The only thing that leaves the engine besides actions.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;

    /// Static facts about the game.
    const INFO: GameInfo;

    /// Version of the embedded component data; stored in records.
    fn data_version() -> &'static str;

    /// The component data files the game ships (file name, JSON text), for clients that draw
    /// the board from them. None by default.
    fn data_files() -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// Loads an owner's data pack (see [`crate::pack`]): `files` (name, JSON text) replace the
    /// built-in files of the same name, and the whole set is validated as the built-in data is.
    /// Returns the pack's id to name in a config, or `None` when the files in effect are the
    /// built-in ones.
    ///
    /// # Errors
    /// Every problem found, one line each, naming the file, the JSON path and the rule broken.
    fn load_data_pack(
        files: &[(String, String)],
    ) -> Result<Option<crate::pack::PackId>, Vec<String>> {
        if files.is_empty() {
            Ok(None)
        } else {
            Err(vec![format!("{} has no data files", Self::INFO.name)])
        }
    }

    /// The data pack a config plays with (`None`: the built-in data).
    fn data_pack(_config: &Self::Config) -> Option<crate::pack::PackId> {
        None
    }

    /// Makes a config play with a loaded data pack (`None`: the built-in data).
    fn set_data_pack(_config: &mut Self::Config, _pack: Option<crate::pack::PackId>) {}

    /// Every data file in effect in a loaded pack (as [`Game::data_files`]), if it is loaded.
    fn data_pack_files(_pack: crate::pack::PackId) -> Option<Vec<(&'static str, &'static str)>> {
        None
    }

    /// Sets up a new game from a configuration and a seed. All setup randomness comes from the
    /// seed.
    ///
    /// # Errors
    /// [`ConfigError`] when the configuration is invalid (seat count, unknown option).
    fn new_game(config: &Self::Config, seed: u64) -> Result<Self, ConfigError>;

    /// The configuration this game was created with.
    fn config(&self) -> &Self::Config;

    /// Number of seats.
    fn num_seats(&self) -> u8;

    /// Whose decision it is.
    fn to_act(&self) -> ToAct;

    /// Appends the legal decisions of `seat` to `out`, **sorted ascending without duplicates**.
    /// Appends nothing when the seat has no pending decision.
    fn legal_actions_into(&self, seat: Seat, out: &mut ActionList<Self::Action>);

    /// Applies a decision known to be legal.
    ///
    /// # Panics
    /// May panic if `action` is not legal for `seat`: an invariant violation by the caller.
    /// Use [`Game::apply`] for untrusted input.
    fn apply_unchecked(&mut self, seat: Seat, action: Self::Action);

    /// What `viewer` may see: public information plus the viewer's own secrets.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A full state consistent with `seat`'s view: every piece of information hidden from `seat`
    /// (other seats' secrets, deck order, future random draws) is re-drawn from `rng`. The
    /// result's `view(Viewer::Seat(seat))` equals this state's. Search bots use only this.
    fn resample_from_view(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// A stable fingerprint of the whole state (including hidden parts and RNG position).
    fn state_hash(&self) -> u64;

    /// Current score of every seat (final scores once the game is over).
    fn scores(&self) -> BySeat<i32>;

    /// A short readable description of a decision, for logs and terminals.
    fn describe_action(&self, action: &Self::Action) -> String;

    /// Final places as the rules declare them, once the game is over (`0` = first): unlike the
    /// outcome's ranking, seats the rules leave tied share a place, so a shared first place
    /// names no winner. Default: the outcome's places.
    fn declared_places(&self) -> Option<BySeat<u8>> {
        match self.to_act() {
            ToAct::Over(o) => Some(o.places),
            _ => None,
        }
    }

    /// The winner the rules declare, once the game is over: the one seat in first place of
    /// [`Game::declared_places`], or `None` while the game goes on or when leaders share it.
    fn declared_winner(&self) -> Option<Seat> {
        let places = self.declared_places()?;
        let mut first = places.iter().filter(|(_, &p)| p == 0).map(|(s, _)| s);
        match (first.next(), first.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// What the last decision made public beyond itself, in words, for logs: e.g. a card drawn
    /// and resolved by the rules with no further decision. Public facts only. Default: none.
    fn announcements(&self) -> Vec<String> {
        Vec::new()
    }

    /// What `seat`'s `action` did (its effect), as public facts for the log (each client words them in its
    /// language): `self` is the game after the decision, `before` the game as it was decided.
    /// Public facts only. Default: none (the decision's own words say enough).
    fn effect(
        &self,
        before: &Self,
        seat: Seat,
        action: &Self::Action,
    ) -> Option<serde_json::Value> {
        let _ = (before, seat, action);
        None
    }

    /// Strings that identify `seat`'s current secrets as they appear in that seat's serialised
    /// view. None of them may appear in any other viewer's serialised view (checked by the
    /// conformance harness). Games without secrets return nothing.
    fn secrets_of(&self, seat: Seat) -> Vec<String> {
        let _ = seat;
        Vec::new()
    }

    /// Whether `seat`'s `action`, made in this state, must stay hidden from every other viewer
    /// until the game ends: logs, move lists and other seats' screens show only that a secret
    /// decision was made. The default: decisions made while several seats decide at once.
    fn is_secret_decision(&self, seat: Seat, action: &Self::Action) -> bool {
        let _ = (seat, action);
        matches!(self.to_act(), ToAct::Simultaneous(_))
    }

    /// For a secret decision (see [`Game::is_secret_decision`]): the one other seat who sees
    /// it at once, as the decider does (the receiver of a private offer, say); every other
    /// viewer still sees only that a secret decision was made. The default: nobody.
    fn secret_shared_with(&self, seat: Seat, action: &Self::Action) -> Option<Seat> {
        let _ = (seat, action);
        None
    }

    /// Whether `seat` could take `action` back after making it in this state without anything
    /// having been revealed: it draws no randomness and makes no hidden information (another
    /// seat's secret choice, a card) known. Servers offer undo only for such decisions. The
    /// default, `false`, is always safe.
    fn can_take_back(&self, seat: Seat, action: &Self::Action) -> bool {
        let _ = (seat, action);
        false
    }

    /// Whether `action` is a *free* decision: one the rules let any seat make at any moment
    /// of the game, whoever is to act (a gift of money between players, say). Free decisions
    /// are never in [`Game::legal_actions`], so bots and search never weigh them; they are
    /// checked by [`Game::check_free`], recorded and replayed like every decision, and never
    /// taken back. A free decision is public, or a secret shared with exactly one other seat
    /// (an offer between two players: [`Game::secret_shared_with`]). The default: no decision
    /// is free.
    fn is_free_action(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// Appends the free decisions `seat` may make now to `out`, **sorted ascending without
    /// duplicates** (nothing once the game is over): for interfaces, tests and random play.
    /// A game whose free decisions are open-ended (an offer may combine goods in more ways
    /// than are worth listing) lists a documented family of them, and [`Game::check_free`]
    /// judges the rest. The default: none.
    fn free_actions_into(&self, seat: Seat, out: &mut ActionList<Self::Action>) {
        let _ = (seat, out);
    }

    /// Why `seat` may not make the free decision `action` now, or `Ok`. Called by
    /// [`Game::check`] for decisions [`Game::is_free_action`] names, after the seat and the
    /// game's end are checked. The default: membership in [`Game::free_actions_into`].
    ///
    /// # Errors
    /// The reason the decision is not allowed.
    fn check_free(&self, seat: Seat, action: &Self::Action) -> Result<(), IllegalReason> {
        let mut free = ActionList::new();
        self.free_actions_into(seat, &mut free);
        if free.binary_search(action).is_ok() {
            Ok(())
        } else {
            Err(IllegalReason::NotAllowed {
                legal_count: free.len(),
            })
        }
    }

    /// The free decisions of `seat` now, sorted ascending (see [`Game::free_actions_into`]).
    fn free_actions(&self, seat: Seat) -> ActionList<Self::Action> {
        let mut out = ActionList::new();
        self.free_actions_into(seat, &mut out);
        out
    }

    /// The legal decisions of `seat`, sorted ascending.
    fn legal_actions(&self, seat: Seat) -> ActionList<Self::Action> {
        let mut out = ActionList::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// Whether `seat` may make `action` now.
    fn is_legal(&self, seat: Seat, action: &Self::Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Explains why `action` would be rejected, or `Ok` if it is legal.
    ///
    /// # Errors
    /// The reason the decision is not allowed.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), IllegalReason> {
        if seat.0 >= self.num_seats() {
            return Err(IllegalReason::UnknownSeat);
        }
        let to_act = self.to_act();
        if to_act.is_over() {
            return Err(IllegalReason::GameOver);
        }
        if self.is_free_action(action) {
            return self.check_free(seat, action);
        }
        if !to_act.includes(seat) {
            return Err(IllegalReason::NotYourTurn);
        }
        let legal = self.legal_actions(seat);
        if legal.binary_search(action).is_ok() {
            Ok(())
        } else {
            Err(IllegalReason::NotAllowed {
                legal_count: legal.len(),
            })
        }
    }

    /// Applies a decision after checking it; on error the state is untouched.
    ///
    /// # Errors
    /// [`IllegalAction`] carrying the seat, the action and the reason.
    fn apply(
        &mut self,
        seat: Seat,
        action: Self::Action,
    ) -> Result<(), IllegalAction<Self::Action>> {
        match self.check(seat, &action) {
            Ok(()) => {
                self.apply_unchecked(seat, action);
                Ok(())
            }
            Err(reason) => Err(IllegalAction {
                seat,
                action,
                reason,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_breaks_ties_by_rank() {
        let scores = BySeat::new_with(3, |s| [10, 12, 12][s.index()]);
        // Seat 2 is earlier in turn order than seat 1.
        let o = Outcome::ranked(scores, |s| [2, 1, 0][s.index()]);
        assert_eq!(o.winner(), Seat(2));
        assert_eq!(o.places[Seat(1)], 1);
        assert_eq!(o.places[Seat(0)], 2);
        assert_eq!(o.rewards()[Seat(2)], 1.0);
        assert_eq!(o.rewards()[Seat(0)], 0.0);
    }
}
