//! Owners' data packs on the command line: `ordo data export DIR`, `--data DIR` for the
//! commands that play, and `ordo data check --data DIR`.
//!
//! A pack directory holds one subdirectory per game, named by the game's id
//! (`DIR/crusaders/map_large.json`, `DIR/warrior-knights/map.json`), each with any subset of
//! the game's data files; the rest come from the built-in data. For a command that plays one
//! game, a directory holding that game's files directly is read too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use ordo_core::pack::{file_stem, PackId};
use ordo_core::Game;

use crate::games::{with_game, CliGame, GameArgs, GameKind};

/// The JSON files of `dir` (name, text), in name order.
fn json_files(dir: &Path) -> anyhow::Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for e in entries {
        let path = e?.path();
        if path.extension().and_then(|x| x.to_str()) != Some("json") {
            continue;
        }
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        out.push((name.to_string(), text));
    }
    out.sort();
    Ok(out)
}

/// The config the options describe, with the data pack of `--data` if given.
///
/// # Errors
/// Unknown options; a pack that is refused or holds no files of the game.
pub(crate) fn config_for<G: CliGame>(args: &GameArgs) -> anyhow::Result<G::Config> {
    let mut config = G::config_from(args)?;
    if let Some(dir) = &args.data {
        let pack = load::<G>(dir, true)?;
        if pack.is_none() && is_empty_for::<G>(dir)? {
            bail!(
                "--data {}: no data files of {} there",
                dir.display(),
                G::INFO.name
            );
        }
        G::set_data_pack(&mut config, pack);
    }
    Ok(config)
}

/// The files of `G` in a pack directory: `DIR/<game id>/`, or (with `flat`) `DIR` itself when
/// it holds files of the game directly. Empty when the directory has none for the game.
fn files_for<G: Game>(dir: &Path, flat: bool) -> anyhow::Result<Vec<(String, String)>> {
    if !dir.is_dir() {
        bail!("--data {}: not a directory", dir.display());
    }
    let sub = dir.join(G::INFO.id);
    if sub.is_dir() {
        return json_files(&sub);
    }
    if flat {
        let names: Vec<&str> = G::data_files().iter().map(|(n, _)| file_stem(n)).collect();
        let files: Vec<(String, String)> = json_files(dir)?
            .into_iter()
            .filter(|(n, _)| names.contains(&file_stem(n)))
            .collect();
        return Ok(files);
    }
    Ok(Vec::new())
}

/// Loads `G`'s pack from a pack directory; `None` when it holds no files of the game or only
/// the built-in ones.
///
/// # Errors
/// Every problem found, one per line, naming the file, the JSON path and the rule broken.
pub(crate) fn load<G: Game>(dir: &Path, flat: bool) -> anyhow::Result<Option<PackId>> {
    let files = files_for::<G>(dir, flat)?;
    if files.is_empty() {
        return Ok(None);
    }
    G::load_data_pack(&files).map_err(|problems| {
        anyhow::anyhow!(
            "the data pack for {} in {} is refused ({} problem{}):\n  {}",
            G::INFO.name,
            dir.display(),
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            problems.join("\n  ")
        )
    })
}

/// Whether a pack directory holds no files of `G`.
///
/// # Errors
/// An unreadable directory.
pub(crate) fn is_empty_for<G: Game>(dir: &Path) -> anyhow::Result<bool> {
    Ok(files_for::<G>(dir, true)?.is_empty())
}

/// The packs of every registered game in a pack directory, by game id (for `serve`).
///
/// # Errors
/// A refused pack.
pub(crate) fn load_all(dir: &Path) -> anyhow::Result<BTreeMap<String, PackId>> {
    let mut out = BTreeMap::new();
    let mut found = false;
    for &kind in GameKind::ALL {
        if with_game!(kind, G => files_for::<G>(dir, false))?.is_empty() {
            continue;
        }
        found = true;
        match with_game!(kind, G => load::<G>(dir, false))? {
            Some(id) => {
                println!("{}: data pack {id} from {}", kind.name(), dir.display());
                out.insert(kind.id().to_string(), id);
            }
            None => println!(
                "{}: the files in {} are the built-in data (no pack)",
                kind.name(),
                dir.display()
            ),
        }
    }
    if !found {
        bail!(
            "--data {}: no game's data files found (expected subdirectories named {})",
            dir.display(),
            GameKind::known()
        );
    }
    Ok(out)
}

/// `ordo data export DIR [--game G]`: writes the built-in data files, with their CONFIRMED /
/// INFERRED / DEFAULT tags, for an owner to correct.
///
/// # Errors
/// An unknown game; a file that cannot be written.
pub(crate) fn export(dir: &Path, game: Option<&str>) -> anyhow::Result<ExitCode> {
    let kinds: Vec<GameKind> = match game {
        Some(g) => vec![crate::games::kind(g)?],
        None => GameKind::ALL.to_vec(),
    };
    for kind in kinds {
        let files = with_game!(kind, G => G::data_files());
        if files.is_empty() {
            continue;
        }
        let sub: PathBuf = dir.join(kind.id());
        std::fs::create_dir_all(&sub)
            .with_context(|| format!("cannot create {}", sub.display()))?;
        for (name, text) in files {
            let path = sub.join(format!("{}.json", file_stem(name)));
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        println!(
            "{}: data files written to {} (edit the values you can confirm from your copy; \
             play with --data {})",
            kind.name(),
            sub.display(),
            dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `ordo data check --data DIR`: validates a pack directory.
pub(crate) fn check(dir: &Path) -> ExitCode {
    match load_all(dir) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e:#}");
            ExitCode::from(2)
        }
    }
}
