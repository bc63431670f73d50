//! Table options: number of Barons, game length and the optional rules.

use serde::{Deserialize, Serialize};

/// How much Influence each Baron puts into the pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkLength"))]
#[serde(rename_all = "snake_case")]
pub enum Length {
    /// 8 per Baron.
    Shorter,
    /// 10 per Baron.
    #[default]
    Standard,
    /// 12 per Baron.
    Longer,
    /// 15 per Baron.
    Longest,
}

/// The optional rules of the base game and the FAQ, each a switch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkOptional"))]
#[serde(deny_unknown_fields, default)]
pub struct Optional {
    /// A Private Motion may propose anything.
    pub open_private_motions: bool,
    /// Each Noble has a tradeable heir token.
    pub exchanging_heirs: bool,
    /// A Baron whose stronghold is captured is eliminated.
    pub player_elimination: bool,
    /// Only the city win counts; an empty Influence pool does not end the game.
    pub might_is_right: bool,
    /// A Noble killed by desertion is abandoned, not dead.
    pub abandoned_nobles: bool,
    /// A lasting Event may be cancelled later for its cost + 1 Faith.
    pub miracles_can_happen: bool,
    /// The FAQ's two-Baron city win: 5 Kingdom cities rather than the seed's more than half of
    /// the unrazed ones (W6). Rules revisions 1 and 2 always play it.
    pub two_barons_need_five_cities: bool,
    /// Crown and Glory, *The King* (W28): a pool of 8 Influence per Baron (6 shorter, 10
    /// longer), a King crowned when it runs out, with his Army and +1 Influence each Upkeep,
    /// usurped by taking his stronghold; the game ends at 16 Influence (12, 20).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub the_king: bool,
    /// Crown and Glory, *Missions* (W29): a secret Mission per Baron, +2 Influence at the end
    /// of the game if fulfilled then.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub missions: bool,
    /// Crown and Glory, *For Glory* (W31–): Knowledge and Advancements, Enrich Mind and Forced
    /// March, Garrisons, Town Levies, Leaders and Heralds, new Neutral cards and a new Fate
    /// deck. Refused until every part of it is played (`docs/research/crown-and-glory.md` §10).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub for_glory: bool,
}

/// Table options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WkConfig"))]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Barons at the table (2–6).
    pub barons: u8,
    /// Game length.
    pub length: Length,
    /// Optional rules.
    pub optional: Optional,
    /// The revision of Ordo's rules the table is played under ([`RULES_LATEST`] unless given).
    /// A table keeps the revision it was created with, so a stored game always replays as it
    /// was played; revision 1 is the Upkeep before the seed's wording was followed (W19), and
    /// revisions 1 and 2 give two Barons the FAQ's 5-city win (W6); revision 4 gives owners the
    /// choices the rules give them and ends a final tie with no King (W25); revision 5 lets a
    /// Noble halt on a road to take troops and go on (W13).
    #[cfg_attr(feature = "ts", ts(skip))]
    pub rules: u8,
    /// The owner's data pack the table plays with (see `ordo_core::pack`); absent: the built-in
    /// data.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, type = "string"))]
    pub data: Option<ordo_core::pack::PackId>,
}

/// The current rules revision (see `docs/rules-decisions.md`, W23).
pub const RULES_LATEST: u8 = 5;

impl Default for Config {
    fn default() -> Self {
        Config {
            barons: 4,
            length: Length::Standard,
            optional: Optional::default(),
            rules: RULES_LATEST,
            data: None,
        }
    }
}

/// Why a config is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigProblem {
    /// Not 2–6 Barons.
    #[error("Warrior Knights is for 2 to 6 Barons, not {0}")]
    Barons(u8),
    /// A rules revision this build does not know.
    #[error("rules revision {0} is unknown (1 to {RULES_LATEST})")]
    Rules(u8),
    /// An optional rule Ordo does not offer yet.
    #[error("the optional rule `{0}` is not playable in Ordo yet (its rules are built; the browser and tools are not)")]
    Unsupported(&'static str),
    /// Two options that cannot be played together.
    #[error("{0}")]
    Conflict(&'static str),
}

impl Config {
    /// Checks the options.
    ///
    /// # Errors
    /// The first problem.
    pub fn check(&self) -> Result<(), ConfigProblem> {
        // *For Glory* is refused until every part of it is built; this crate's own tests play
        // it (through `Game::new_game` too, so the conformance harness checks it).
        if self.optional.for_glory && !cfg!(test) {
            return Err(ConfigProblem::Unsupported("for_glory"));
        }
        self.check_built()
    }

    /// [`Config::check`] without refusing *For Glory*, which is still being built: the rules
    /// tests play it through this.
    pub(crate) fn check_built(&self) -> Result<(), ConfigProblem> {
        if !(2..=6).contains(&self.barons) {
            return Err(ConfigProblem::Barons(self.barons));
        }
        if !(1..=RULES_LATEST).contains(&self.rules) {
            return Err(ConfigProblem::Rules(self.rules));
        }
        if self.optional.for_glory && self.rules < 5 {
            return Err(ConfigProblem::Conflict(
                "For Glory is played under rules revision 5 or later",
            ));
        }
        if self.optional.the_king {
            if self.length == Length::Longest {
                return Err(ConfigProblem::Conflict(
                    "The King has three game lengths: shorter, standard and longer",
                ));
            }
            if self.optional.might_is_right {
                return Err(ConfigProblem::Conflict(
                    "The King ends the game at an Influence threshold, Might Is Right only by cities: choose one",
                ));
            }
        }
        if self.optional.missions && self.optional.might_is_right {
            return Err(ConfigProblem::Conflict(
                "Missions score Influence at the end, and Might Is Right wins only by cities: choose one",
            ));
        }
        Ok(())
    }

    /// Whether two Barons need the FAQ's 5 Kingdom cities for the city win, rather than more
    /// than half of the unrazed ones: the FAQ option, or a table from before revision 3.
    pub fn two_barons_need_five_cities(&self) -> bool {
        self.optional.two_barons_need_five_cities || self.rules < 3
    }

    /// Whether the table plays rules revision 4 or later (W25): owner decisions for deserters,
    /// casualty discards, revolt order and pick-ups on the road; a Noble left without troops by
    /// a lost office leaves the board; component limits; no King on a final tie.
    pub fn revision_4(&self) -> bool {
        self.rules >= 4
    }

    /// Influence in the pool at the start.
    pub fn influence_pool(&self, per_baron: &crate::data::InfluencePerBaron) -> u16 {
        let each = match self.length {
            Length::Shorter => per_baron.shorter,
            Length::Standard => per_baron.standard,
            Length::Longer => per_baron.longer,
            Length::Longest => per_baron.longest,
        };
        u16::from(each) * u16::from(self.barons)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_parse_and_check() {
        let c: Config = serde_json::from_str(
            r#"{"barons": 6, "length": "longest", "optional": {"might_is_right": true}}"#,
        )
        .unwrap();
        assert!(c.check().is_ok() && c.optional.might_is_right);
        let per = &crate::data::components().unwrap().influence_per_baron;
        assert_eq!(c.influence_pool(per), 90);
        assert_eq!(Config::default().influence_pool(per), 40);
        assert!(Config {
            barons: 7,
            ..Config::default()
        }
        .check()
        .is_err());
        assert!(Config {
            barons: 1,
            ..Config::default()
        }
        .check()
        .is_err());
        assert!(serde_json::from_str::<Config>(r#"{"barons": 3, "dice": true}"#).is_err());
        // A config that names no revision is played under the current rules; a stored one keeps
        // the revision it names.
        assert_eq!(c.rules, RULES_LATEST);
        let old: Config = serde_json::from_str(r#"{"barons": 3, "rules": 1}"#).unwrap();
        assert!(old.check().is_ok() && old.rules == 1);
        for bad in [0, RULES_LATEST + 1] {
            let c = Config {
                rules: bad,
                ..Config::default()
            };
            assert_eq!(c.check(), Err(ConfigProblem::Rules(bad)));
        }
        let heirs: Config =
            serde_json::from_str(r#"{"barons": 3, "optional": {"exchanging_heirs": true}}"#)
                .unwrap();
        assert!(heirs.check().is_ok() && heirs.optional.exchanging_heirs);
    }
}
