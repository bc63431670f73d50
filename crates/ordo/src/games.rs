//! The closed set of games the command line knows, and what it needs from each.

use anyhow::{bail, Context};
use clap::Args;
use ordo_ai::{Bot, BotSpec};
use ordo_core::{Game, GameRng, Seat, ToAct};

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
    /// Warrior Knights optional rules, comma-separated: open_private_motions,
    /// player_elimination, might_is_right, abandoned_nobles, miracles_can_happen,
    /// two_barons_need_five_cities (exchanging_heirs is refused: heir trading is not available).
    #[arg(long, default_value = "")]
    pub(crate) options: String,
    /// Rules revision (default: the latest). An older revision plays as Ordo did before a rules
    /// fix (`docs/rules-decisions.md`, C40 and W23).
    #[arg(long)]
    pub(crate) rules: Option<u8>,
}

/// What the command line needs from a game beyond the core contract.
pub(crate) trait CliGame: Game {
    /// Builds a config from command-line options.
    ///
    /// # Errors
    /// Unknown variant or option.
    fn config_from(args: &GameArgs) -> anyhow::Result<Self::Config>;
    /// Completed turns (for statistics).
    fn turns(&self) -> u32;
    /// A readable picture of the state for `viewer`, for the terminal.
    fn render(&self, seat: Option<Seat>) -> String;
    /// A bot for this game (with the game's evaluation for heuristic and search bots).
    fn make_bot(spec: BotSpec, seed: u64, threads: usize) -> Box<dyn Bot<Self>>;
}

impl CliGame for crusaders::Crusaders {
    fn config_from(args: &GameArgs) -> anyhow::Result<crusaders::Config> {
        let variant = crusaders::Variant::from_name(&args.variant).with_context(|| {
            format!(
                "unknown variant `{}` (expected one of: standard, learning, first_standard, unpredictable, knight_tournament)",
                args.variant
            )
        })?;
        let mut expansions = crusaders::Expansions::default();
        for e in args
            .expansions
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            match e {
                "di" | "divine_influence" => expansions.divine_influence = true,
                "ca" | "crimson_amber" => expansions.crimson_amber = true,
                other => anyhow::bail!("unknown expansion `{other}` (expected di, ca)"),
            }
        }
        Ok(crusaders::Config {
            players: args.players,
            variant,
            orders: !args.no_orders,
            calatrava_third: !args.no_calatrava_third,
            expansions,
            rules: args.rules.unwrap_or(crusaders::RULES_LATEST),
        })
    }

    fn turns(&self) -> u32 {
        crusaders::Crusaders::turns(self)
    }

    fn render(&self, seat: Option<Seat>) -> String {
        crate::render::crusaders(self, seat)
    }

    fn make_bot(spec: BotSpec, seed: u64, threads: usize) -> Box<dyn Bot<Self>> {
        ordo_ai::crusaders_bot(spec, seed, threads)
    }
}

impl CliGame for warrior_knights::WarriorKnights {
    fn config_from(args: &GameArgs) -> anyhow::Result<warrior_knights::Config> {
        use warrior_knights::Length;
        let length = match args.length.as_str() {
            "shorter" => Length::Shorter,
            "standard" => Length::Standard,
            "longer" => Length::Longer,
            "longest" => Length::Longest,
            other => {
                bail!("unknown length `{other}` (expected shorter, standard, longer, longest)")
            }
        };
        if args.variant != "standard" {
            bail!("Warrior Knights has no variants; use --length and --options");
        }
        if !args.expansions.trim().is_empty() {
            bail!("Warrior Knights has no expansions in Ordo (Crown and Glory is not built)");
        }
        let mut optional = warrior_knights::Optional::default();
        for o in args
            .options
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
        {
            match o {
                "open_private_motions" => optional.open_private_motions = true,
                "exchanging_heirs" => optional.exchanging_heirs = true,
                "player_elimination" => optional.player_elimination = true,
                "might_is_right" => optional.might_is_right = true,
                "abandoned_nobles" => optional.abandoned_nobles = true,
                "miracles_can_happen" => optional.miracles_can_happen = true,
                "two_barons_need_five_cities" => optional.two_barons_need_five_cities = true,
                other => bail!("unknown option `{other}`"),
            }
        }
        Ok(warrior_knights::Config {
            barons: args.players,
            length,
            optional,
            rules: args.rules.unwrap_or(warrior_knights::RULES_LATEST),
        })
    }

    fn turns(&self) -> u32 {
        self.rounds()
    }

    fn render(&self, seat: Option<Seat>) -> String {
        crate::render::warrior_knights(self, seat)
    }

    fn make_bot(spec: BotSpec, seed: u64, threads: usize) -> Box<dyn Bot<Self>> {
        ordo_ai::warrior_knights_bot(spec, seed, threads)
    }
}

/// The games the command line knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GameKind {
    /// Crusaders: Thy Will Be Done.
    Crusaders,
    /// Warrior Knights.
    WarriorKnights,
}

impl GameKind {
    /// Parses a game id.
    ///
    /// # Errors
    /// Unknown id.
    pub(crate) fn parse(id: &str) -> anyhow::Result<GameKind> {
        match id {
            "crusaders" => Ok(GameKind::Crusaders),
            "warrior-knights" | "warrior_knights" => Ok(GameKind::WarriorKnights),
            other => bail!("unknown game `{other}` (known: crusaders, warrior-knights)"),
        }
    }
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
