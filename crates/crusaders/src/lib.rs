//! # crusaders: *Crusaders: Thy Will Be Done* for Ordo
//!
//! The complete base game for 2–4 players (Seth Jaffee, Tasty Minstrel Games 2018) with the
//! *Divine Influence* expansion and the *Crimson & Amber Knight* 5–6 player rules, following the
//! Ordo rules specification (`crusaders-rules.md` §3–§15) and the seeds it cites. Every rules
//! judgement call is listed in `docs/rules-decisions.md`.
//!
//! Features: standard setup (shared random wheel, random enemies and bonus tiles, orders dealt
//! two-keep-one with Board Game Arena's third tile for Calatrava), the four other variants
//! (Learning, First Standard, Unpredictable, Knight Tournament), all ten base knight orders, the
//! three turn options, split upgraded wedges, mancala distribution with every order's sowing
//! power, Travel, Muster, Crusade, Influence, Build, the end trigger with equal turns and final
//! scoring.
//!
//! Components come from data files embedded at compile time (`data/*.json`), each value tagged
//! CONFIRMED, INFERRED or DEFAULT; the board map is a reconstruction (the printed map is not
//! available).
//!
//! Config parameters ([`Config`]) and defaults: `players` 4 (2–4; 5–6 with Crimson & Amber),
//! `variant` `standard`, `orders` true, `calatrava_third` true, `expansions` none
//! (`divine_influence`, `crimson_amber`), `rules` the latest revision ([`RULES_LATEST`]).
//!
//! ```
//! use crusaders::{Config, Crusaders};
//! use ordo_core::{Game, Match, ToAct};
//!
//! let mut m = Match::<Crusaders>::new(Config { players: 2, ..Config::default() }, 42)?;
//! // Play the first legal decision until the game ends.
//! loop {
//!     let seat = match m.state().to_act() {
//!         ToAct::Seat(s) => s,
//!         ToAct::Simultaneous(set) => set.iter().next().unwrap(),
//!         ToAct::Over(outcome) => {
//!             println!("winner {}", outcome.winner());
//!             break;
//!         }
//!     };
//!     let action = m.state().legal_actions(seat)[0];
//!     m.apply(seat, action)?;
//! }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod action;
pub mod data;
mod describe;
mod effect;
mod eval;
mod game;
mod state;
mod types;
mod view;

pub use action::{Action, SowChoice};
pub use effect::{Built, Effect, Resolved};
pub use eval::CrusadersEval;
pub use state::{
    majority, Config, Crusaders, Expansions, PlayerSummary, ScoreBreakdown, Variant, RULES_LATEST,
};
pub use types::{Act, BuildingKind, Enemy, EnemyKind, Order, Pos, RegionId, SaracenFace, WEDGES};
pub use view::{
    BuildingView, DivineView, PhaseView, PlayerView, RegionView, StepView, TrackView, View,
    WedgeView,
};

#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod test_support;

#[cfg(test)]
mod expansion_tests;
