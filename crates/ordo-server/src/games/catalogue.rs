//! What the server tells of its games without holding one: the catalogue, their data files
//! (built-in or an owner's pack) and loading packs.

use std::collections::BTreeMap;

use ordo_core::pack::PackId;
use ordo_core::Game;
use ordo_games::GameKind;

use crate::protocol::{BotRatingEntry, GameEntry};

/// The registered games (`GET /api/games`), with the data pack new tables of each play with.
pub fn catalogue(packs: &BTreeMap<String, PackId>) -> Vec<GameEntry> {
    GameKind::ALL
        .iter()
        .map(|k| GameEntry {
            id: k.id().to_string(),
            name: k.name().to_string(),
            min_seats: k.info().min_seats,
            max_seats: k.info().max_seats,
            pack: packs.get(k.id()).map(ToString::to_string),
            bots: crate::ratings::bots::measured(k.id())
                .into_iter()
                .map(|(group, bot, r)| BotRatingEntry {
                    bot,
                    group,
                    rating: r.rating.round() as i32,
                    deviation: r.deviation.round() as i32,
                })
                .collect(),
        })
        .collect()
}

/// Whether `id` names a registered game.
pub fn is_game(id: &str) -> bool {
    GameKind::from_id(id).is_some()
}

/// The name of the game `id` for people (the id itself for an unknown game).
pub fn game_name(id: &str) -> String {
    GameKind::from_id(id).map_or_else(|| id.to_string(), |k| k.name().to_string())
}

/// The component data files of the game `id` (name, JSON text), if it is registered: the
/// built-in ones, or those of a loaded data pack.
pub fn data_files(id: &str, pack: Option<PackId>) -> Option<Vec<(&'static str, &'static str)>> {
    let kind = GameKind::from_id(id)?;
    match pack {
        None => Some(ordo_games::with_game!(kind, G => G::data_files())),
        Some(p) => ordo_games::with_game!(kind, G => G::data_pack_files(p)),
    }
}

/// Loads an owner's data pack for the game `id` (see `ordo_core::pack`).
///
/// # Errors
/// An unknown game, or every problem found in the files.
pub fn load_data_pack(id: &str, files: &[(String, String)]) -> Result<Option<PackId>, Vec<String>> {
    let kind = GameKind::from_id(id).ok_or_else(|| vec![format!("unknown game `{id}`")])?;
    ordo_games::with_game!(kind, G => G::load_data_pack(files))
}
