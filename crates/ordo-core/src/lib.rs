//! # ordo-core: the game contract of Ordo
//!
//! `ordo-core` knows no game. It defines what every Ordo game implements ([`Game`]) and what
//! every layer above relies on:
//!
//! - seats ([`Seat`], [`BySeat`], [`SeatSet`]) and viewers ([`Viewer`]);
//! - whose decision it is ([`ToAct`]: one seat, several seats secretly at once, or over);
//! - legal decisions in a stable, sorted order, and a checked [`Game::apply`] that leaves the
//!   state untouched on error ([`IllegalAction`]);
//! - per-viewer views and [`Game::resample_from_view`] for search under hidden information;
//! - the seeded, portable [`GameRng`] kept inside the state;
//! - versioned, replayable [`Record`]s and the [`Match`] driver that owns them;
//! - a conformance harness for game crates (`testing`, behind the `testing` feature).
//!
//! ```
//! use ordo_core::example::{BidConfig, BidGame};
//! use ordo_core::{Game, Match, ToAct, replay};
//!
//! let mut m = Match::<BidGame>::new(BidConfig { players: 2, cards: 3 }, 7)?;
//! while let ToAct::Simultaneous(seats) = m.state().to_act() {
//!     for seat in seats.iter() {
//!         let first = m.state().legal_actions(seat)[0];
//!         m.apply(seat, first)?;
//!     }
//! }
//! let ToAct::Over(outcome) = m.state().to_act() else { unreachable!() };
//! println!("winner: {}", outcome.winner());
//! // The record replays to the same state.
//! assert_eq!(replay::<BidGame>(m.record())?.state(), m.state());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod confidence;
mod error;
mod eval;
pub mod example;
mod game;
mod hash;
pub mod pack;
mod record;
mod rng;
mod seat;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use confidence::Confidence;
pub use error::{ConfigError, IllegalAction, IllegalReason, ReplayError};
pub use eval::{Evaluate, Evaluated, ScoreEval};
pub use game::{ActionList, Game, GameInfo, Outcome, ToAct};
pub use hash::StableHasher;
pub use record::{
    peek_game_id, replay, replay_json, Match, RawRecord, Record, RecordOf, Step, RECORD_FORMAT,
};
pub use rng::GameRng;
pub use seat::{BySeat, Seat, SeatSet, Viewer, MAX_SEATS};
