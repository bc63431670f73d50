//! Seats as stored: who sits where, the hash of each seat's token, the table's options and the
//! host's token hash, in one JSON document per table.

use std::time::Duration;

use ordo_ai::BotSpec;
use serde::{Deserialize, Serialize};

use crate::protocol::{ClockSpec, Pace, RatingChange, SeatKind, SeatPublic};

/// The longest a hosted bot may think per decision: a table's bots share the server.
pub const MAX_BOT_TIME: Duration = Duration::from_secs(10);
/// The most search iterations a hosted bot may run per decision.
pub const MAX_BOT_ITERATIONS: u64 = 100_000;

/// A bot for a hosted seat or stand-in: a known bot within the server's limits.
///
/// # Errors
/// An unknown bot, or a search budget over [`MAX_BOT_TIME`] or [`MAX_BOT_ITERATIONS`].
pub fn hosted_bot(name: &str) -> Result<BotSpec, String> {
    let spec: BotSpec = name
        .parse()
        .map_err(|e: ordo_ai::ParseBotError| e.to_string())?;
    match spec {
        BotSpec::MctsIterations(n) if n > MAX_BOT_ITERATIONS => Err(format!(
            "bot `{name}`: at most {MAX_BOT_ITERATIONS} iterations per decision on this server"
        )),
        BotSpec::MctsTime(d) if d > MAX_BOT_TIME => Err(format!(
            "bot `{name}`: at most {} s per decision on this server",
            MAX_BOT_TIME.as_secs()
        )),
        _ => Ok(spec),
    }
}

/// A stored bot name as it may run here: over-limit budgets (from a table created before the
/// limits) are cut down to them.
pub(crate) fn bot_within_limits(name: &str) -> Option<BotSpec> {
    Some(match name.parse().ok()? {
        BotSpec::MctsIterations(n) => BotSpec::MctsIterations(n.min(MAX_BOT_ITERATIONS)),
        BotSpec::MctsTime(d) => BotSpec::MctsTime(d.min(MAX_BOT_TIME)),
        other => other,
    })
}

fn yes() -> bool {
    true
}

/// A seat as stored: its kind and the hash of its secret token (never the token).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Who sits here.
    #[serde(flatten)]
    pub kind: SeatKind,
    /// SHA-256 of the seat token (hex).
    pub token_hash: String,
    /// The player's display name, once joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether the seat's holder has joined (always true for bots and for tables that start at
    /// once).
    #[serde(default = "yes")]
    pub joined: bool,
    /// A human seat whose player left or ran out of time: the table's stand-in bot plays it
    /// until the player reclaims it.
    #[serde(default)]
    pub away: bool,
    /// Whether the seat's token was issued to the player who took the seat. A token handed
    /// out when the table was created is an invite: whoever takes the seat with it (`join`)
    /// receives a fresh token and the invite stops working, so the table's creator, who saw
    /// every invite, keeps no way into another player's seat. Seats stored before invites were
    /// retired read as taken, so their tokens go on working as they did.
    #[serde(default = "yes")]
    pub claimed: bool,
    /// The person the seat is bound to (`a:<account id>`, or `g:<hash of a guest cookie>`):
    /// a browser finds its seat by its cookie, with no token in any address. Never shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<String>,
    /// The player resigned: the stand-in plays the seat to the end, for good.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resigned: bool,
    /// A rematch seat kept for the player of the finished table (taken only by accepting).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserved: bool,
    /// The player's answer to the rematch offered at the end (`None`: not answered).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<bool>,
    /// The seat's time ran out after this many decisions in effect: the stand-in played from
    /// there (kept when the player comes back, so the log and the result can tell it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timed_out_at: Option<u64>,
    /// The seat's rating before and after this table (a finished rated table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingChange>,
    /// The seats that voted to hand this absent player's seat to the stand-in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abandon_votes: Vec<u8>,
}

impl SeatInfo {
    /// A human seat nobody holds yet (its token is an invite).
    pub(crate) fn is_invite(&self) -> bool {
        self.kind == SeatKind::Human && !self.claimed
    }

    /// The seat as every viewer sees it.
    pub fn public(&self) -> SeatPublic {
        SeatPublic {
            kind: match &self.kind {
                SeatKind::Human => "human".into(),
                SeatKind::Bot { .. } => "bot".into(),
            },
            bot: match &self.kind {
                SeatKind::Bot { bot } => Some(bot.clone()),
                SeatKind::Human => None,
            },
            name: self.name.clone(),
            joined: self.joined,
            away: self.away,
            claimed: self.kind == SeatKind::Human && self.claimed,
            resigned: self.resigned,
            rematch: self.rematch,
            timed_out_at: self.timed_out_at,
            rating: self.rating,
            abandon_votes: self.abandon_votes.clone(),
        }
    }
}

pub(crate) fn default_standin() -> String {
    "heuristic".into()
}

/// Table options beyond the game's config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Human seats are claimed with `join`; the table starts when every human seat has joined
    /// (or when the host starts it). Without a lobby the table starts at once.
    #[serde(default)]
    pub lobby: bool,
    /// Real-time or turn-based.
    #[serde(default)]
    pub pace: Pace,
    /// The clock, if any.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// The bot that plays for a player who left or ran out of time.
    #[serde(default = "default_standin")]
    pub standin: String,
    /// The rematch offered at the end: the new table's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// The person who created the table (host), besides the host token: they manage the
    /// table's invites from any device where they are signed in (or from the same browser).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_holder: Option<String>,
    /// The account that offered this table as a rematch: the table counts under that
    /// account's cap on unfinished tables, as if it hosted it (without a host's powers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offered_by: Option<String>,
    /// A rated table: its result changes its players' ratings (accounts and a clock only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// On a table without a clock: how long a seat must have been waited on before the others
    /// may vote to hand it to the stand-in (milliseconds; tables stored before take
    /// [`DEFAULT_ABANDON_AFTER_MS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandon_after_ms: Option<u64>,
}

/// How long a seat of a table without a clock must have been waited on before the others may
/// vote to hand it to the stand-in, unless the host set another time: three days.
pub const DEFAULT_ABANDON_AFTER_MS: u64 = 72 * 3_600_000;

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            lobby: false,
            pace: Pace::RealTime,
            clock: None,
            standin: default_standin(),
            rematch: None,
            host_holder: None,
            offered_by: None,
            rated: false,
            abandon_after_ms: None,
        }
    }
}

/// The stored seats document: seats, table options and the host's token hash.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SeatsDoc {
    pub(crate) seats: Vec<SeatInfo>,
    #[serde(default)]
    pub(crate) options: TableOptions,
    #[serde(default)]
    pub(crate) host_hash: String,
}

impl SeatsDoc {
    /// Parses the stored document (a bare seat list in tables stored before options existed).
    pub(crate) fn parse(text: &str) -> Result<SeatsDoc, serde_json::Error> {
        serde_json::from_str::<SeatsDoc>(text).or_else(|_| {
            serde_json::from_str::<Vec<SeatInfo>>(text).map(|seats| SeatsDoc {
                seats,
                options: TableOptions::default(),
                host_hash: String::new(),
            })
        })
    }
}

/// Whether a stored seats document belongs to a rated table.
pub fn is_rated(seats_json: &str) -> bool {
    SeatsDoc::parse(seats_json).is_ok_and(|d| d.options.rated)
}

/// Human seats nobody has joined yet, from a stored seats document (0 if unreadable).
pub fn free_seats(seats_json: &str) -> usize {
    SeatsDoc::parse(seats_json).map_or(0, |d| {
        d.seats
            .iter()
            .filter(|s| s.kind == SeatKind::Human && !s.joined && !s.reserved)
            .count()
    })
}

/// A display name as kept: control characters dropped, at most 40 characters.
pub(crate) fn clean_name(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).take(40).collect()
}

/// Whether a token a client chose is acceptable: 16–128 letters, digits, `-` or `_`.
pub(crate) fn valid_token(t: &str) -> bool {
    (16..=128).contains(&t.len())
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_stored_before_invites_were_retired_read_as_taken() {
        let old = r#"{"seats": [{"kind": "human", "token_hash": "ab", "joined": true}], "options": {"lobby": true}}"#;
        let doc = SeatsDoc::parse(old).expect("parses");
        assert!(
            doc.seats[0].claimed,
            "an old seat's token must go on working"
        );
        let new = SeatInfo {
            kind: SeatKind::Human,
            token_hash: "cd".into(),
            name: None,
            joined: false,
            away: false,
            claimed: false,
            holder: None,
            resigned: false,
            reserved: false,
            rematch: None,
            timed_out_at: None,
            rating: None,
            abandon_votes: Vec::new(),
        };
        let text = serde_json::to_string(&new).expect("serialises");
        assert!(text.contains(r#""claimed":false"#), "{text}");
        let back: SeatInfo = serde_json::from_str(&text).expect("parses");
        assert_eq!(back, new);
        // A bare seat list (before options existed).
        let bare = r#"[{"kind": "bot", "bot": "heuristic", "token_hash": "x"}]"#;
        assert_eq!(SeatsDoc::parse(bare).expect("parses").seats.len(), 1);
        assert_eq!(free_seats(old), 0);
    }

    #[test]
    fn names_and_chosen_tokens_are_checked() {
        assert_eq!(clean_name("Al\u{7}ice"), "Alice");
        assert_eq!(clean_name(&"x".repeat(99)).len(), 40);
        assert!(valid_token("abcdefgh-ijklmnop"));
        assert!(!valid_token("short"));
        assert!(!valid_token("has spaces in it ok"));
    }
}
