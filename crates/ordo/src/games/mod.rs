//! What the command line needs from each registered game ([`CliGame`], one adapter file per
//! game) and the options shared by the commands that create games.

mod crusaders;
mod example;
mod warrior_knights;

use anyhow::{bail, Context};
use clap::Args;
use ordo_ai::{Bot, BotSpec};
use ordo_core::{Evaluated, Game, GameRng, Seat, ToAct, Viewer};
pub(crate) use ordo_games::{with_game, GameKind};

/// Options shared by every command that creates games.
#[derive(Args, Debug, Clone)]
pub(crate) struct GameArgs {
    /// Which game.
    #[arg(long, default_value = "crusaders")]
    pub(crate) game: String,
    /// Number of players.
    #[arg(long, default_value_t = 4)]
    pub(crate) players: u8,
    /// Variant (crusaders: standard, learning, first_standard, unpredictable, knight_tournament).
    #[arg(long, default_value = "standard")]
    pub(crate) variant: String,
    /// Play without knight orders.
    #[arg(long)]
    pub(crate) no_orders: bool,
    /// Do not offer a third order tile to a player dealt the Knights of Calatrava.
    #[arg(long)]
    pub(crate) no_calatrava_third: bool,
    /// Expansions, comma-separated: `di` (Divine Influence), `ca` (Crimson & Amber Knight).
    #[arg(long, default_value = "")]
    pub(crate) expansions: String,
    /// Warrior Knights game length: shorter, standard, longer, longest.
    #[arg(long, default_value = "standard")]
    pub(crate) length: String,
    /// Optional and house rules, comma-separated. Crusaders: shared_buildings_at_six (the
    /// five-player building rule at six too). Warrior Knights: open_private_motions,
    /// player_elimination, might_is_right, abandoned_nobles, miracles_can_happen,
    /// two_barons_need_five_cities, exchanging_heirs; Crown and Glory's the_king and missions.
    #[arg(long, default_value = "")]
    pub(crate) options: String,
    /// An owner's data pack directory (`ordo data export` writes one): the printed values
    /// replace the built-in ones (see `docs/data-packs.md`).
    #[arg(long)]
    pub(crate) data: Option<std::path::PathBuf>,
    /// Rules revision (default: the latest). An older revision plays as Ordo did before a rules
    /// fix (`docs/rules-decisions.md`, C40 and W23).
    #[arg(long)]
    pub(crate) rules: Option<u8>,
}

/// What the command line needs from a game beyond the core contract: one adapter file per
/// game in this directory, named in [`ordo_games::for_each_game!`]'s list.
pub(crate) trait CliGame: Evaluated {
    /// Builds a config from command-line options.
    ///
    /// # Errors
    /// Unknown variant or option.
    fn config_from(args: &GameArgs) -> anyhow::Result<Self::Config>;
    /// Completed turns (for statistics).
    fn turns(&self) -> u32;
    /// A readable picture of a view, in words: all the terminal shows, whether the view was
    /// built from a local state or received from a server.
    fn render_view(view: &Self::View) -> String;
    /// Whether a view shows a finished game.
    fn view_over(view: &Self::View) -> bool;
    /// The free decisions (gifts out of turn) `seat` may make, read from its view, each with
    /// its words: what a remote terminal offers with `give`. Default: none.
    fn view_gifts(view: &Self::View, seat: Seat) -> Vec<(Self::Action, String)> {
        let _ = (view, seat);
        Vec::new()
    }
    /// A readable picture of the state for `seat` (or a spectator).
    fn render(&self, seat: Option<Seat>) -> String {
        Self::render_view(&self.view(seat.map_or(Viewer::Spectator, Viewer::Seat)))
    }
    /// A bot for this game (with the game's evaluation for heuristic and search bots).
    fn make_bot(spec: BotSpec, seed: u64, threads: usize) -> Box<dyn Bot<Self>> {
        ordo_ai::bot::<Self>(spec, seed, threads)
    }
    /// `ordo data check`: a one-line summary of the game's data files, or every problem found.
    ///
    /// # Errors
    /// The problems, one line each.
    fn data_summary() -> Result<String, Vec<String>> {
        Ok("(no data files)".into())
    }
    /// What a seat's identity is called in the balance report (`knight order`, `Baron`).
    const IDENTITY: &'static str = "seat";
    /// The seat's identity in the balance report (its knight order, its Baron).
    fn seat_label(&self, seat: Seat) -> String {
        format!("P{}", seat.0 + 1)
    }
    /// The seat's place in the first turn order.
    fn turn_rank_of(&self, seat: Seat) -> u32 {
        u32::from(seat.0)
    }
    /// The seat's wheel of actions clockwise, as ` > `-separated wedge names starting from the
    /// first name in alphabetical order (the same layout turned round reads the same), if the
    /// game has one.
    fn wheel_of(&self, _seat: Seat) -> Option<String> {
        None
    }
}

/// The registered game a `--game` id names.
///
/// # Errors
/// An unknown id.
pub(crate) fn kind(id: &str) -> anyhow::Result<GameKind> {
    GameKind::from_id(id)
        .with_context(|| format!("unknown game `{id}` (known: {})", GameKind::known()))
}

/// Splits a comma-separated option list.
pub(crate) fn list(s: &str) -> impl Iterator<Item = &str> {
    s.split(',').map(str::trim).filter(|e| !e.is_empty())
}

/// A value's serde name in words: `start_region` → `start region`, `{"travel": {"points": 2}}`
/// → `travel (points 2)`. For the terminal, where a game's own words are not needed.
pub(crate) fn words<T: serde::Serialize>(value: &T) -> String {
    fn go(v: &serde_json::Value) -> String {
        use serde_json::Value;
        match v {
            Value::String(s) => s.replace('_', " "),
            Value::Null => "none".into(),
            Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
            Value::Number(n) => n.to_string(),
            Value::Array(a) => a.iter().map(go).collect::<Vec<_>>().join(", "),
            Value::Object(o) => {
                let tag = ["kind", "type"]
                    .iter()
                    .find_map(|k| o.get(*k).and_then(Value::as_str));
                let rest: Vec<String> = o
                    .iter()
                    .filter(|(k, _)| tag.is_none() || !["kind", "type"].contains(&k.as_str()))
                    .map(|(k, v)| {
                        if o.len() == 1 && tag.is_none() {
                            match v {
                                Value::Object(_) => format!("{} ({})", k.replace('_', " "), go(v)),
                                _ => format!("{} {}", k.replace('_', " "), go(v)),
                            }
                        } else {
                            format!("{} {}", k.replace('_', " "), go(v))
                        }
                    })
                    .collect();
                match tag {
                    Some(t) if rest.is_empty() => t.replace('_', " "),
                    Some(t) => format!("{} ({})", t.replace('_', " "), rest.join(", ")),
                    None => rest.join(", "),
                }
            }
        }
    }
    serde_json::to_value(value).map_or_else(|_| "?".into(), |v| go(&v))
}

/// Parses a comma-separated bot list for `seats` seats (one name applies to every seat).
///
/// # Errors
/// Unknown bot, or a list of the wrong length.
pub(crate) fn parse_bots(list: &str, seats: usize) -> anyhow::Result<Vec<BotSpec>> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.len() != 1 && names.len() != seats {
        bail!("--bots lists {} bots for {seats} seats", names.len());
    }
    (0..seats)
        .map(|i| Ok(names[i.min(names.len() - 1)].parse::<BotSpec>()?))
        .collect()
}

/// Picks the seat that decides next: the only one, or one of several at random.
pub(crate) fn next_seat<G: Game>(state: &G, rng: &mut GameRng) -> Option<Seat> {
    match state.to_act() {
        ToAct::Seat(s) => Some(s),
        ToAct::Simultaneous(set) => {
            let seats: Vec<Seat> = set.iter().collect();
            seats.get(rng.index(seats.len())).copied()
        }
        ToAct::Over(_) => None,
    }
}

/// splitmix64: derives independent per-game seeds from one run seed.
pub(crate) fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The gifts whose words hold every one of `words` (whole words, any case), at most 20.
pub(crate) fn matching<A: Copy>(gifts: &[(A, String)], words: &str) -> Vec<(A, String)> {
    let words: Vec<String> = words.split_whitespace().map(str::to_lowercase).collect();
    gifts
        .iter()
        .filter(|(_, text)| {
            let text = text.to_lowercase();
            words.iter().all(|w| {
                text.split(|c: char| !c.is_alphanumeric())
                    .any(|x| x == w.as_str())
            })
        })
        .take(20)
        .cloned()
        .collect()
}
