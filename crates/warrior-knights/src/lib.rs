//! # Warrior Knights
//!
//! The second game of Ordo's source documents (Fantasy Flight Games, 2006). This crate holds its
//! component data — Barons, cities, action cards, the Mercenary Track, Regular and Mercenary
//! troops, the Fate deck, prices and the player-count table — embedded and validated on load
//! ([`data::components`]). Every value no reachable source confirms is a documented DEFAULT,
//! tagged in the data file so a person with the printed game can replace it. The rules engine
//! (the `ordo_core::Game` implementation) is built on top of these tables.
#![deny(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod config;
pub mod data;
pub mod fate;
pub mod map;

pub use config::{Config, Length, Optional};
