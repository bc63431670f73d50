//! Owners' data packs: printed values that replace a game's built-in data files.
//!
//! Most printed values (maps, costs, tracks, card lists) are reconstructions. A player who owns
//! the game can write the printed ones into copies of the data files (`ordo data export`) and
//! play with them (`--data DIR`) without rebuilding Ordo. A pack is any subset of a game's data
//! files; the rest come from the built-in data. It is validated exactly as the built-in data is,
//! and identified by the hash of every data file in effect, which a game's config records so
//! that a record always replays with the data it was played with.
//!
//! This module holds what every game shares: the identity of a pack, the overlay of given files
//! on built-in ones, and a registry of loaded packs that lives as long as the process (packs
//! are few and small; a loaded pack is never dropped, so rules hold `&'static` tables).

use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hasher;
use std::sync::Mutex;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::hash::StableHasher;

/// A pack's identity: 128 bits of the stable hash of every data file in effect, written as 32
/// hex digits. `Copy`, so configs that are `Copy` can name a pack.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PackId(pub [u8; 16]);

impl PackId {
    /// Reads 32 hex digits.
    pub fn parse(text: &str) -> Option<PackId> {
        let text = text.as_bytes();
        if text.len() != 32 {
            return None;
        }
        let mut out = [0u8; 16];
        for (i, pair) in text.chunks(2).enumerate() {
            let s = std::str::from_utf8(pair).ok()?;
            out[i] = u8::from_str_radix(s, 16).ok()?;
        }
        Some(PackId(out))
    }
}

impl fmt::Display for PackId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for PackId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PackId({self})")
    }
}

impl Serialize for PackId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PackId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PackId, D::Error> {
        let text = String::deserialize(d)?;
        PackId::parse(&text)
            .ok_or_else(|| serde::de::Error::custom("a data pack id is 32 hex digits"))
    }
}

/// A loaded, validated pack of one game: its id, the game's tables built from it, and every
/// data file in effect (built-in ones included), for clients that draw the board.
#[derive(Debug)]
pub struct LoadedPack<T: 'static> {
    /// The pack's id (see [`pack_id`]).
    pub id: PackId,
    /// The game's tables.
    pub tables: T,
    /// Every data file in effect: (name as the game ships it, JSON text).
    pub files: Vec<(&'static str, &'static str)>,
}

/// The packs of one game loaded in this process, by id.
#[derive(Debug)]
pub struct Packs<T: 'static> {
    loaded: Mutex<BTreeMap<PackId, &'static LoadedPack<T>>>,
}

impl<T: 'static> Default for Packs<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: 'static> Packs<T> {
    /// No pack loaded.
    pub const fn new() -> Self {
        Packs {
            loaded: Mutex::new(BTreeMap::new()),
        }
    }

    /// The pack `id`, if loaded.
    pub fn get(&self, id: PackId) -> Option<&'static LoadedPack<T>> {
        self.loaded.lock().ok()?.get(&id).copied()
    }

    /// Keeps a validated pack for the life of the process (the same id twice keeps the first).
    pub fn insert(
        &self,
        id: PackId,
        tables: T,
        files: Vec<(&'static str, String)>,
    ) -> &'static LoadedPack<T> {
        let mut map = match self.loaded.lock() {
            Ok(m) => m,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(p) = map.get(&id) {
            return p;
        }
        let files = files
            .into_iter()
            .map(|(n, t)| (n, &*Box::leak(t.into_boxed_str())))
            .collect();
        let pack: &'static LoadedPack<T> = Box::leak(Box::new(LoadedPack { id, tables, files }));
        map.insert(id, pack);
        pack
    }
}

/// A data file's name without its `.json` ending (`map.json` and `map` name the same file).
pub fn file_stem(name: &str) -> &str {
    name.strip_suffix(".json").unwrap_or(name)
}

/// The files in effect when `given` (name, text) replace built-in files of the same name.
///
/// # Errors
/// A given name that is not one of the game's data files (every such name).
pub fn overlay(
    builtin: &[(&'static str, &'static str)],
    given: &[(String, String)],
) -> Result<Vec<(&'static str, String)>, Vec<String>> {
    let mut out: Vec<(&'static str, String)> = builtin
        .iter()
        .map(|(n, t)| (*n, (*t).to_string()))
        .collect();
    let mut errs = Vec::new();
    for (name, text) in given {
        match out
            .iter_mut()
            .find(|(n, _)| file_stem(n) == file_stem(name))
        {
            Some(slot) => slot.1.clone_from(text),
            None => errs.push(format!(
                "{name}: not a data file of this game (expected one of: {})",
                builtin
                    .iter()
                    .map(|(n, _)| format!("{}.json", file_stem(n)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        Err(errs)
    }
}

/// The id of a set of data files: 32 hex digits of two differently seeded 64-bit stable hashes
/// of every file's name and exact text, in name order. The same files give the same id on every
/// machine. (An identity, not a cryptographic digest.)
pub fn pack_id<S: AsRef<str>>(files: &[(&str, S)]) -> PackId {
    let mut sorted: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (file_stem(n), t.as_ref()))
        .collect();
    sorted.sort_unstable();
    let mut a = StableHasher::default();
    let mut b = StableHasher::default();
    b.write_u64(0x9E37_79B9_7F4A_7C15);
    for (name, text) in &sorted {
        for h in [&mut a, &mut b] {
            h.write(name.as_bytes());
            h.write_u64(text.len() as u64);
            h.write(text.as_bytes());
        }
    }
    let mut id = [0u8; 16];
    id[..8].copy_from_slice(&a.finish().to_be_bytes());
    id[8..].copy_from_slice(&b.finish().to_be_bytes());
    PackId(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILTIN: [(&str, &str); 2] = [("components", "{\"a\":1}"), ("map.json", "{}")];

    #[test]
    fn a_pack_overlays_given_files_and_refuses_unknown_ones() {
        let given = vec![("map.json".to_string(), "{\"b\":2}".to_string())];
        let files = overlay(&BUILTIN, &given).unwrap();
        assert_eq!(files[0], ("components", "{\"a\":1}".to_string()));
        assert_eq!(files[1], ("map.json", "{\"b\":2}".to_string()));
        let bad = vec![("mapp.json".to_string(), "{}".to_string())];
        let errs = overlay(&BUILTIN, &bad).unwrap_err();
        assert!(
            errs[0].starts_with("mapp.json: not a data file"),
            "{errs:?}"
        );
    }

    #[test]
    fn the_id_depends_on_every_byte_and_not_on_order_or_ending() {
        let one = pack_id(&BUILTIN);
        assert_eq!(one.to_string().len(), 32);
        assert_eq!(PackId::parse(&one.to_string()), Some(one));
        let json = serde_json::to_string(&one).unwrap();
        assert_eq!(serde_json::from_str::<PackId>(&json).unwrap(), one);
        assert!(serde_json::from_str::<PackId>("\"xyz\"").is_err());
        assert_eq!(
            one,
            pack_id(&[("map", "{}"), ("components.json", "{\"a\":1}")])
        );
        assert_ne!(one, pack_id(&[("components", "{\"a\":2}"), ("map", "{}")]));
        assert_ne!(one, pack_id(&[("components", "{\"a\":1}"), ("map", "{} ")]));
    }

    #[test]
    fn a_loaded_pack_is_kept_once() {
        static PACKS: Packs<u32> = Packs::new();
        let (x, y) = (PackId([1; 16]), PackId([2; 16]));
        let p = PACKS.insert(x, 7, vec![("map", "{}".into())]);
        assert_eq!((p.tables, p.files[0]), (7, ("map", "{}")));
        let again = PACKS.insert(x, 8, Vec::new());
        assert_eq!(again.tables, 7);
        assert!(PACKS.get(y).is_none());
        assert_eq!(PACKS.get(x).map(|p| p.tables), Some(7));
    }
}
