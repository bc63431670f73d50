//! The games the server hosts, derived from the registry ([`ordo_games::for_each_game!`]):
//! [`AnyGame`] holds one game and its record, [`AnyAction`] one typed decision of it. Every
//! operation is written once, generically over the core contract ([`Hosted`]), and reached
//! through one trait object per game; nothing here names a game.

use ordo_ai::BotSpec;

use ordo_core::pack::PackId;
use ordo_core::{Evaluated, Game, IllegalReason, Match, Seat, SeatSet, ToAct, Viewer};
use ordo_games::GameKind;
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::protocol::{Hint, Legal, LogLine};

mod catalogue;
pub use catalogue::{catalogue, data_files, game_name, is_game, load_data_pack};

/// What the server needs of a registered game beyond its contract: the way in and out of the
/// server's enums (generated for every registered game).
pub trait Hosted: Evaluated {
    /// The game's entry in the registry.
    const KIND: GameKind;
    /// The decision as the server's enum.
    fn wrap_action(a: Self::Action) -> AnyAction;
    /// The decision, if it is one of this game's.
    fn unwrap_action(a: &AnyAction) -> Option<Self::Action>;
    /// The match as the server's enum.
    fn wrap_match(m: Match<Self>) -> AnyGame;
}

macro_rules! hosted_games {
    (; $( $v:ident => $ty:ty ),* $(,)?) => {
        /// A hosted game and its record.
        #[derive(Debug, Clone)]
        pub enum AnyGame {
            $( #[doc = concat!("`", stringify!($ty), "`.")] $v(Box<Match<$ty>>), )*
        }

        /// One typed decision of a hosted game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum AnyAction {
            $( #[doc = concat!("A decision of `", stringify!($ty), "`.")] $v(<$ty as Game>::Action), )*
        }

        $(
            impl Hosted for $ty {
                const KIND: GameKind = GameKind::$v;
                fn wrap_action(a: Self::Action) -> AnyAction {
                    AnyAction::$v(a)
                }
                fn unwrap_action(a: &AnyAction) -> Option<Self::Action> {
                    #[allow(unreachable_patterns)]
                    match a {
                        AnyAction::$v(a) => Some(*a),
                        _ => None,
                    }
                }
                fn wrap_match(m: Match<Self>) -> AnyGame {
                    AnyGame::$v(Box::new(m))
                }
            }
        )*

        impl AnyGame {
            fn hosted(&self) -> &dyn DynGame {
                match self {
                    $( AnyGame::$v(m) => m.as_ref(), )*
                }
            }

            fn hosted_mut(&mut self) -> &mut dyn DynGame {
                match self {
                    $( AnyGame::$v(m) => m.as_mut(), )*
                }
            }
        }

        impl AnyAction {
            /// The decision as its game's JSON.
            pub fn to_value(&self) -> Value {
                match self {
                    $( AnyAction::$v(a) => serde_json::to_value(a).unwrap_or(Value::Null), )*
                }
            }
        }
    };
}

ordo_games::for_each_game!(hosted_games! {});

impl AnyAction {
    /// The decision as its game's JSON text (what the store keeps).
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }
}

fn illegal(reason: &IllegalReason) -> ApiError {
    match reason {
        IllegalReason::NotYourTurn => ApiError::NotYourTurn,
        IllegalReason::GameOver => ApiError::NotActive("over"),
        other => ApiError::Illegal(other.to_string()),
    }
}

/// The longest a hint search may take, however slow the position.
const HINT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Work on a copy of a game's position, off the table's lock (bots and hints).
pub type Job<T> = Box<dyn FnOnce() -> T + Send>;

/// Every operation the server needs, written once for every hosted game.
trait DynGame: Send + Sync + std::fmt::Debug {
    fn config_json(&self) -> Value;
    fn version(&self) -> u64;
    fn seats(&self) -> u8;
    fn to_act(&self) -> ToAct;
    fn places(&self) -> Option<Vec<u8>>;
    fn parse(&self, v: &Value) -> Result<AnyAction, ApiError>;
    fn parse_text(&self, text: &str) -> Result<AnyAction, ApiError>;
    fn check(&self, seat: Seat, a: &AnyAction) -> Result<(), ApiError>;
    fn apply_checked(&mut self, seat: Seat, a: &AnyAction) -> Result<(), ApiError>;
    fn apply_noting(&mut self, seat: Seat, a: &AnyAction) -> Result<Option<Value>, ApiError>;
    fn describe(&self, a: &AnyAction) -> String;
    fn announcements(&self) -> Vec<String>;
    fn is_secret(&self, seat: Seat, a: &AnyAction) -> bool;
    fn secret_shared_with(&self, seat: Seat, a: &AnyAction) -> Option<Seat>;
    fn is_free(&self, a: &AnyAction) -> bool;
    fn can_take_back(&self, seat: Seat, a: &AnyAction) -> bool;
    fn secrets_of(&self, seat: Seat) -> Vec<String>;
    fn fresh(&self) -> Result<AnyGame, ApiError>;
    fn view(&self, viewer: Viewer) -> Value;
    fn legal(&self, seat: Seat) -> Vec<Legal>;
    fn record(&self) -> Value;
    fn hints_job(&self, seat: Seat, seed: u64, iterations: u64) -> Job<(u64, Vec<Hint>)>;
    fn bot_job(&self, spec: BotSpec, seat: Seat, seed: u64) -> Job<Option<BotDecision>>;
}

/// A bot's decision and its "why": the decision and the line it expects after it, as log lines
/// played out on a position guessed from the bot's own view (empty for a bot that does not look
/// ahead). The line shows what the bot's seat knows, so it is shown to that seat, and to
/// everyone once the game is over.
#[derive(Clone, Debug)]
pub struct BotDecision {
    /// The decision.
    pub action: AnyAction,
    /// Why, as log lines (the decision first).
    pub why: Vec<LogLine>,
}

fn typed<G: Hosted>(a: &AnyAction) -> Result<G::Action, ApiError> {
    G::unwrap_action(a)
        .ok_or_else(|| ApiError::Malformed(format!("not a decision of {}", G::INFO.name)))
}

impl<G: Hosted> DynGame for Match<G> {
    fn config_json(&self) -> Value {
        serde_json::to_value(self.state().config()).unwrap_or(Value::Null)
    }

    fn version(&self) -> u64 {
        Match::version(self)
    }

    fn seats(&self) -> u8 {
        self.state().num_seats()
    }

    fn to_act(&self) -> ToAct {
        self.state().to_act()
    }

    fn places(&self) -> Option<Vec<u8>> {
        self.state()
            .declared_places()
            .map(|p| p.iter().map(|(_, &place)| place).collect())
    }

    fn parse(&self, v: &Value) -> Result<AnyAction, ApiError> {
        G::Action::deserialize(v)
            .map(G::wrap_action)
            .map_err(|e| ApiError::Malformed(format!("action: {e}")))
    }

    fn parse_text(&self, text: &str) -> Result<AnyAction, ApiError> {
        serde_json::from_str::<G::Action>(text)
            .map(G::wrap_action)
            .map_err(|e| ApiError::Malformed(format!("action: {e}")))
    }

    fn check(&self, seat: Seat, a: &AnyAction) -> Result<(), ApiError> {
        self.state()
            .check(seat, &typed::<G>(a)?)
            .map_err(|r| illegal(&r))
    }

    fn apply_checked(&mut self, seat: Seat, a: &AnyAction) -> Result<(), ApiError> {
        let a = typed::<G>(a)?;
        Match::apply_checked(self, seat, a);
        Ok(())
    }

    fn apply_noting(&mut self, seat: Seat, a: &AnyAction) -> Result<Option<Value>, ApiError> {
        let a = typed::<G>(a)?;
        let before = self.state().clone();
        Match::apply_checked(self, seat, a);
        Ok(self.state().effect(&before, seat, &a))
    }

    fn describe(&self, a: &AnyAction) -> String {
        G::unwrap_action(a).map_or_else(String::new, |a| self.state().describe_action(&a))
    }

    fn announcements(&self) -> Vec<String> {
        self.state().announcements()
    }

    fn is_secret(&self, seat: Seat, a: &AnyAction) -> bool {
        G::unwrap_action(a).is_none_or(|a| self.state().is_secret_decision(seat, &a))
    }

    fn secret_shared_with(&self, seat: Seat, a: &AnyAction) -> Option<Seat> {
        G::unwrap_action(a).and_then(|a| self.state().secret_shared_with(seat, &a))
    }

    fn is_free(&self, a: &AnyAction) -> bool {
        G::unwrap_action(a).is_some_and(|a| self.state().is_free_action(&a))
    }

    fn can_take_back(&self, seat: Seat, a: &AnyAction) -> bool {
        G::unwrap_action(a).is_some_and(|a| self.state().can_take_back(seat, &a))
    }

    fn secrets_of(&self, seat: Seat) -> Vec<String> {
        self.state().secrets_of(seat)
    }

    fn fresh(&self) -> Result<AnyGame, ApiError> {
        Match::new(self.state().config().clone(), self.record().seed)
            .map(G::wrap_match)
            .map_err(|e| ApiError::Internal(e.to_string()))
    }

    fn view(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.state().view(viewer)).unwrap_or(Value::Null)
    }

    fn legal(&self, seat: Seat) -> Vec<Legal> {
        let g = self.state();
        g.legal_actions(seat)
            .iter()
            .map(|a| Legal {
                action: serde_json::to_value(a).unwrap_or(Value::Null),
                label: g.describe_action(a),
            })
            .collect()
    }

    fn record(&self) -> Value {
        serde_json::to_value(self.record()).unwrap_or(Value::Null)
    }

    fn hints_job(&self, seat: Seat, seed: u64, iterations: u64) -> Job<(u64, Vec<Hint>)> {
        let g = self.state().clone();
        Box::new(move || {
            // No more work than the game's strongest level (a search with rollouts costs more
            // an iteration), in one tree.
            let budget = ordo_ai::Budget::Capped {
                iterations: iterations.min(G::LEVEL_ITERATIONS[3]),
                time: HINT_TIME_LIMIT,
            };
            let cfg = ordo_ai::MctsConfig {
                trees: 1,
                ..ordo_ai::search_config::<G>(budget, seed, 1)
            };
            let stats = ordo_ai::analyse(&g, seat, &cfg, &G::Eval::default());
            let hints = stats
                .suggestions
                .iter()
                .take(3)
                .map(|s| Hint {
                    action: serde_json::to_value(s.action).unwrap_or(Value::Null),
                    label: g.describe_action(&s.action),
                    value: s.value,
                    visits: s.visits,
                    line: expected_line(&g, seat, seed ^ 0x4C49_4E45, s.action, &s.line),
                })
                .collect();
            (stats.iterations, hints)
        })
    }

    fn bot_job(&self, spec: BotSpec, seat: Seat, seed: u64) -> Job<Option<BotDecision>> {
        let g = self.state().clone();
        Box::new(move || {
            // Levels are work budgets; the server's time limit only stops a runaway position.
            let (action, line) =
                ordo_ai::bot_capped::<G>(spec, seed, 1, Some(crate::table::MAX_BOT_TIME))
                    .decide_explained(&g, seat)?;
            let why = if line.is_empty() {
                Vec::new()
            } else {
                expected_line(&g, seat, seed ^ 0x5748_5921, action, &line)
            };
            Some(BotDecision {
                action: G::wrap_action(action),
                why,
            })
        })
    }
}

/// How many positions guessed from a seat's view an expected line is tried on. A reply often
/// needs a card the guess must deal (an opponent's secret pick among his own cards): with 8
/// guesses a two-step line was cut after the suggestion in about one deal in fifty, with 32 in
/// well under one in ten thousand; a guess costs a resample and a few decisions.
const LINE_GUESSES: u64 = 32;

/// A suggestion and the line the search expects after it, as log lines (each with what it did),
/// played out on a position guessed from `seat`'s view of `state` (never the true one): the
/// first of a few guesses in which the whole line is legal (a reply may need a card the guess
/// did not deal), else the one that plays the longest part of it.
fn expected_line<G: Hosted>(
    state: &G,
    seat: Seat,
    seed: u64,
    first: G::Action,
    line: &[(Seat, G::Action)],
) -> Vec<LogLine> {
    let mut rng = ordo_core::GameRng::from_seed(seed);
    let mut best: Vec<LogLine> = Vec::new();
    for _ in 0..LINE_GUESSES {
        let mut guess = state.resample_from_view(seat, &mut rng);
        let mut out = Vec::new();
        for &(who, a) in std::iter::once(&(seat, first)).chain(line) {
            if !guess.is_legal(who, &a) {
                break;
            }
            let before = guess.clone();
            guess.apply_unchecked(who, a);
            out.push(LogLine {
                seat: who.0,
                secret: false,
                label: Some(before.describe_action(&a)),
                action: serde_json::to_value(a).ok(),
                effect: guess.effect(&before, who, &a),
                why: None,
            });
        }
        let whole = out.len() == line.len() + 1;
        if out.len() > best.len() {
            best = out;
        }
        if whole {
            break;
        }
    }
    best
}

fn new_match<G: Hosted>(
    config: &Value,
    seed: u64,
    pack: Option<PackId>,
) -> Result<AnyGame, ApiError> {
    let mut c =
        G::Config::deserialize(config).map_err(|e| ApiError::InvalidTable(e.to_string()))?;
    if pack.is_some() && G::data_pack(&c).is_none() {
        G::set_data_pack(&mut c, pack);
    }
    Match::new(c, seed)
        .map(G::wrap_match)
        .map_err(|e| ApiError::InvalidTable(e.to_string()))
}

impl AnyGame {
    /// Starts a game from a game id, a config (JSON) and a seed.
    ///
    /// # Errors
    /// Unknown game or invalid config.
    pub fn new(game: &str, config: &Value, seed: u64) -> Result<AnyGame, ApiError> {
        AnyGame::new_with_pack(game, config, seed, None)
    }

    /// As [`AnyGame::new`], playing with the data pack `pack` unless the config names one.
    ///
    /// # Errors
    /// Unknown game or invalid config (a pack that is not loaded among them).
    pub fn new_with_pack(
        game: &str,
        config: &Value,
        seed: u64,
        pack: Option<PackId>,
    ) -> Result<AnyGame, ApiError> {
        let kind = GameKind::from_id(game).ok_or_else(|| {
            ApiError::InvalidTable(format!(
                "unknown game `{game}` (known: {})",
                GameKind::known()
            ))
        })?;
        ordo_games::with_game!(kind, G => new_match::<G>(config, seed, pack))
    }

    /// The table's configuration as the game reads it, every default spelled out (the rules
    /// revision among them): what is stored, so a table keeps the rules it was created under.
    pub fn config_json(&self) -> Value {
        self.hosted().config_json()
    }

    /// Number of decisions applied.
    pub fn version(&self) -> u64 {
        self.hosted().version()
    }

    /// Number of seats.
    pub fn seats(&self) -> u8 {
        self.hosted().seats()
    }

    /// Whose decision it is.
    pub fn to_act(&self) -> ToAct {
        self.hosted().to_act()
    }

    /// Final places as the rules declare them once the game is over, by seat (`0` = first;
    /// seats the rules leave tied share a place).
    pub fn places(&self) -> Option<Vec<u8>> {
        self.hosted().places()
    }

    /// The seats with a decision pending.
    pub fn pending(&self) -> SeatSet {
        self.to_act().seats()
    }

    /// Reads a decision of this game from its JSON (the one parse at the edge).
    ///
    /// # Errors
    /// [`ApiError::Malformed`] when it is not one of the game's decisions.
    pub fn parse_action(&self, v: &Value) -> Result<AnyAction, ApiError> {
        self.hosted().parse(v)
    }

    /// Reads a decision of this game from raw JSON text (a client's message).
    ///
    /// # Errors
    /// [`ApiError::Malformed`] when it is not one of the game's decisions.
    pub fn parse_raw(&self, raw: &serde_json::value::RawValue) -> Result<AnyAction, ApiError> {
        self.hosted().parse_text(raw.get())
    }

    /// Reads a stored decision (JSON text).
    ///
    /// # Errors
    /// [`ApiError::Malformed`] when it is not one of the game's decisions.
    pub fn parse_stored(&self, text: &str) -> Result<AnyAction, ApiError> {
        self.hosted().parse_text(text)
    }

    /// Checks a decision of `seat` now, without applying it.
    ///
    /// # Errors
    /// Not the seat's turn, the game is over, illegal decision.
    pub fn check(&self, seat: Seat, a: &AnyAction) -> Result<(), ApiError> {
        self.hosted().check(seat, a)
    }

    /// Applies, in place, a decision just checked with [`AnyGame::check`].
    ///
    /// # Errors
    /// A decision of another game (nothing changes).
    pub fn apply_checked(&mut self, seat: Seat, a: &AnyAction) -> Result<(), ApiError> {
        self.hosted_mut().apply_checked(seat, a)
    }

    /// Applies, in place, a decision just checked with [`AnyGame::check`], and returns its
    /// effect for the log (see [`ordo_core::Game::effect`]).
    ///
    /// # Errors
    /// A decision of another game (nothing changes).
    pub fn apply_noting(&mut self, seat: Seat, a: &AnyAction) -> Result<Option<Value>, ApiError> {
        self.hosted_mut().apply_noting(seat, a)
    }

    /// Checks and applies a decision (replays).
    ///
    /// # Errors
    /// The decision is illegal here (nothing changes).
    pub fn apply(&mut self, seat: Seat, a: &AnyAction) -> Result<(), ApiError> {
        self.check(seat, a)?;
        self.apply_checked(seat, a)
    }

    /// A readable description of a decision about to be made now.
    pub fn describe(&self, a: &AnyAction) -> String {
        self.hosted().describe(a)
    }

    /// A log label: `label` (the decision, described before it was made) followed by what it
    /// made public beyond itself (see [`ordo_core::Game::announcements`]), once it is applied.
    pub fn label_after(&self, label: String) -> String {
        let notes = self.hosted().announcements();
        if notes.is_empty() {
            label
        } else {
            format!("{label} — {}", notes.join("; "))
        }
    }

    /// Whether `seat` making `a` now must stay hidden from the other viewers (see
    /// [`ordo_core::Game::is_secret_decision`]).
    pub fn is_secret(&self, seat: Seat, a: &AnyAction) -> bool {
        self.hosted().is_secret(seat, a)
    }

    /// For a secret decision, the one other seat who sees it (see
    /// [`ordo_core::Game::secret_shared_with`]).
    pub fn secret_shared_with(&self, seat: Seat, a: &AnyAction) -> Option<Seat> {
        self.hosted().secret_shared_with(seat, a)
    }

    /// Whether `a` is a free decision, made at any time by any seat whoever is to act (see
    /// [`ordo_core::Game::is_free_action`]).
    pub fn is_free(&self, a: &AnyAction) -> bool {
        self.hosted().is_free(a)
    }

    /// Whether `seat` could take back `a` after making it now (see
    /// [`ordo_core::Game::can_take_back`]).
    pub fn can_take_back(&self, seat: Seat, a: &AnyAction) -> bool {
        self.hosted().can_take_back(seat, a)
    }

    /// Strings that identify `seat`'s current secrets in its view (see
    /// [`ordo_core::Game::secrets_of`]); used to check that no other viewer receives them.
    pub fn secrets_of(&self, seat: Seat) -> Vec<String> {
        self.hosted().secrets_of(seat)
    }

    /// The same game replayed from its start through `decisions`.
    ///
    /// # Errors
    /// A decision that is illegal where it stands.
    pub fn rebuild<'a>(
        &self,
        decisions: impl IntoIterator<Item = (Seat, &'a AnyAction)>,
    ) -> Result<AnyGame, ApiError> {
        let mut g = self.hosted().fresh()?;
        for (seat, a) in decisions {
            g.apply(seat, a)?;
        }
        Ok(g)
    }

    /// The view of `viewer`, JSON.
    pub fn view(&self, viewer: Viewer) -> Value {
        self.hosted().view(viewer)
    }

    /// The legal decisions of `seat` with readable labels.
    pub fn legal(&self, seat: Seat) -> Vec<Legal> {
        self.hosted().legal(seat)
    }

    /// The record, JSON.
    pub fn record(&self) -> Value {
        self.hosted().record()
    }

    /// The search's best decisions for `seat` with their estimated values, as work to run off
    /// the async runtime on a copy of the position. The search sees only `seat`'s view.
    pub fn hints_job(&self, seat: Seat, seed: u64, iterations: u64) -> Job<(u64, Vec<Hint>)> {
        self.hosted().hints_job(seat, seed, iterations)
    }

    /// A bot's decision for `seat`, as work to run off the async runtime on a copy of the
    /// position.
    pub fn bot_job(&self, spec: BotSpec, seat: Seat, seed: u64) -> Job<Option<BotDecision>> {
        self.hosted().bot_job(spec, seat, seed)
    }
}

#[cfg(test)]
mod tests;
