//! # Warrior Knights
//!
//! The second game of Ordo's source documents (Fantasy Flight Games, 2006): 2–6 Barons plan
//! Action cards in secret, fight battles decided by the Fate deck, sit in the Assembly and race
//! for the throne by Influence or by seizing the Kingdom's cities.
//!
//! Component data — Barons, cities, the map, action cards, the Mercenary Track, troops, the
//! Fate, Event and Agenda decks — is embedded and validated on load ([`data::components`],
//! [`map::board`], [`cards::cards`]). Every value no reachable source confirms is a documented
//! DEFAULT, tagged in the data so a person with the printed game can replace it. The rules are
//! [`WarriorKnights`], an implementation of `ordo_core::Game`.
#![deny(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

mod assembly;
mod battle;
pub mod cards;
pub mod config;
pub mod data;
mod describe;
mod effect;
mod eval;
pub mod fate;
mod game;
mod glory;
mod glory_adv;
pub mod glory_data;
mod glory_fate;
mod glory_leaders;
mod glory_moves;
mod glory_troops;
mod glory_view;
mod king;
pub mod map;
mod offers;
mod phases;
mod play;
#[cfg(test)]
mod rules_tests;
mod state;
mod summary;
pub mod tables;
pub mod types;
mod view;

pub use config::{Config, Length, Optional, RULES_LATEST};
pub use describe::gifts_in_view;
pub use effect::{Drawn, Effect, Voted};
pub use eval::WarriorKnightsEval;
pub use glory_view::GloryView;
pub use phases::{AStage, Assembly, Battle, Fort, Stage, Standing};
pub use state::{
    CityState, EventDrawn, EventResult, Expedition, Loc, Loss, WarriorKnights, MAX_ROUNDS,
};
pub use summary::Summary;
pub use types::*;
pub use view::{
    loc_text, AssemblyView, BaronView, BattleView, KingView, Mine, MissionResult, NobleView,
    PhaseView, RevoltView, View,
};

/// Every embedded data file: (name, text).
pub fn raw_files() -> [(&'static str, &'static str); 3] {
    [
        ("components.json", data::raw()),
        ("map.json", map::raw()),
        ("cards.json", cards::raw()),
    ]
}
