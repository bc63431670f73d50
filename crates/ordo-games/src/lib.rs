//! # ordo-games: the one list of Ordo's games
//!
//! Every game Ordo hosts is registered here once, in [`for_each_game!`]. The server, the bots'
//! hosts and the command line derive everything game-specific from that list: [`GameKind`]
//! (ids, names, seat ranges), [`with_game!`] (calling a generic function with the game's
//! type), and the server's and command line's own per-game enums.
//!
//! A registered game implements [`ordo_core::Game`] and [`ordo_core::Evaluated`] (its
//! evaluation for the bots). Adding a game touches its crate, one line below, one command-line
//! adapter file and one browser module.
//!
//! ```
//! use ordo_games::{with_game, GameKind};
//! use ordo_core::Game;
//!
//! let kind = GameKind::from_id("crusaders").expect("registered");
//! let name = with_game!(kind, G => G::INFO.name);
//! assert_eq!(name, "Crusaders: Thy Will Be Done");
//! ```
#![deny(missing_docs)]

pub use crusaders;
pub use ordo_core;
pub use warrior_knights;

use ordo_core::{Game, GameInfo};

/// Calls the macro `m` with the registered games appended to its arguments, as
/// `m! { ARGS ; Variant => Type, … }`. This is the registry: one line per game.
#[macro_export]
macro_rules! for_each_game {
    ($($m:ident)::+ ! { $($args:tt)* }) => {
        $crate::__with_example! { $($m)::+ ! { $($args)* } ;
            Crusaders => $crate::crusaders::Crusaders,
            WarriorKnights => $crate::warrior_knights::WarriorKnights,
        }
    };
}

// The example game joins the list with this crate's `example` feature (a `cfg` written in the
// list itself would be read in the calling crate).
#[cfg(not(feature = "example"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_example {
    ($($m:ident)::+ ! { $($args:tt)* } ; $($games:tt)*) => {
        $($m)::+! { $($args)* ; $($games)* }
    };
}

#[cfg(feature = "example")]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_example {
    ($($m:ident)::+ ! { $($args:tt)* } ; $($games:tt)*) => {
        $($m)::+! { $($args)* ; $($games)* Example => $crate::ordo_core::example::BidGame, }
    };
}

/// Evaluates `body` with `G` standing for the type of the game `kind` names:
/// `with_game!(kind, G => sim::<G>(args))`.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        $crate::for_each_game!($crate::__with_game! { ($kind) $G ($body) })
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game {
    (($kind:expr) $G:ident ($body:expr) ; $( $(#[$attr:meta])* $v:ident => $ty:ty ),* $(,)?) => {
        match $kind {
            $( $(#[$attr])* $crate::GameKind::$v => {
                #[allow(dead_code)]
                type $G = $ty;
                $body
            } )*
        }
    };
}

macro_rules! define_kind {
    (; $( $(#[$attr:meta])* $v:ident => $ty:ty ),* $(,)?) => {
        /// A registered game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum GameKind {
            $( $(#[$attr])* #[doc = concat!("`", stringify!($ty), "`.")] $v, )*
        }

        impl GameKind {
            /// Every registered game, in registry order.
            pub const ALL: &'static [GameKind] = &[ $( $(#[$attr])* GameKind::$v, )* ];

            /// The game's static facts (id, name, seat range, …).
            pub fn info(self) -> &'static GameInfo {
                match self {
                    $( $(#[$attr])* GameKind::$v => &<$ty as Game>::INFO, )*
                }
            }
        }
    };
}

for_each_game!(define_kind! {});

impl GameKind {
    /// The game's id (`crusaders`, `warrior-knights`).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The game's name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The game with id `id` (`_` is read as `-`).
    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.id() == id || k.id().replace('-', "_") == id)
    }

    /// The registered ids, comma-separated (for error messages).
    pub fn known() -> String {
        GameKind::ALL
            .iter()
            .map(|k| k.id())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_id_and_dispatches_to_its_type() {
        for &k in GameKind::ALL {
            assert_eq!(GameKind::from_id(k.id()), Some(k));
            let id = with_game!(k, G => G::INFO.id);
            assert_eq!(id, k.id());
        }
        assert_eq!(
            GameKind::from_id("warrior_knights"),
            Some(GameKind::WarriorKnights)
        );
        assert_eq!(GameKind::from_id("chess"), None);
    }
}
