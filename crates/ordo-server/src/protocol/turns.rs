//! The wire types of turn-based play: notification settings, the abandonment vote, ratings,
//! the leaderboard and players' profiles.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A seat's rating before and after a finished rated table (Glicko-2, shown rounded).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct RatingChange {
    /// The rating before the table.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The rating deviation after it.
    pub deviation: f64,
}

/// A person's notification settings (`GET` / `PUT /api/me/notifications`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct NotifySettings {
    /// A sound in open Ordo pages when it becomes the player's turn.
    pub sound: bool,
    /// A browser notification (the page asks the browser's permission when it is switched on).
    pub browser: bool,
    /// An e-mail (one per table per turn, several tables waiting in one mail).
    pub email: bool,
    /// A webhook called with a JSON POST (Discord and Slack incoming webhooks understand it).
    pub webhook: Option<String>,
    /// On vacation until then (milliseconds since the Unix epoch): the player's clocks on
    /// turn-based tables do not run, and no reminders are sent.
    #[ts(type = "number | null")]
    pub vacation_until: Option<i64>,
    /// The account's e-mail address (read only here; set on the account page).
    pub email_address: Option<String>,
    /// The language mails and webhooks are written in (`en`, `vi`, `ja`, `ru`).
    pub lang: String,
}

/// `PUT /api/me/notifications`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetNotify {
    /// See [`NotifySettings::sound`].
    pub sound: bool,
    /// See [`NotifySettings::browser`].
    pub browser: bool,
    /// See [`NotifySettings::email`] (needs an e-mail address).
    pub email: bool,
    /// An `https://` (or, where the host allows, `http://`) address, or `null`.
    #[serde(default)]
    pub webhook: Option<String>,
    /// Vacation until then (at most 30 days ahead), or `null` to end it.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub vacation_until: Option<i64>,
    /// The language for mails and webhooks (`en`, `vi`, `ja`, `ru`; the page sends the one it
    /// shows); unchanged when left out.
    #[serde(default)]
    #[ts(optional)]
    pub lang: Option<String>,
}

/// `POST /api/me/notifications/webhook`: how the test call went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct WebhookTest {
    /// The receiver answered with a success status.
    pub ok: bool,
    /// The HTTP status it answered, if it answered.
    pub status: Option<u16>,
    /// What happened, in words.
    pub message: String,
}

/// `POST /api/tables/{id}/abandon`: a vote to hand an absent player's seat to the stand-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AbandonVote {
    /// The absent player's seat.
    pub seat: u8,
    /// The voter's seat token (a browser whose seat is bound to it sends none).
    #[serde(default)]
    #[ts(optional)]
    pub token: Option<String>,
}

/// How an abandonment vote stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct AbandonAnswer {
    /// The seat was handed to the stand-in.
    pub handed: bool,
    /// Votes so far.
    pub votes: u8,
    /// Votes needed.
    pub needed: u8,
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct LeaderRow {
    /// The account's name.
    pub name: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Rated games played.
    pub games: u32,
}

/// `GET /api/leaderboard/{game}?players=2|3-4|5-6`: the best-rated accounts first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Leaderboard {
    /// Game id.
    pub game: String,
    /// Player-count group: `2`, `3-4` or `5-6`.
    pub group: String,
    /// Rows, highest rating first.
    pub rows: Vec<LeaderRow>,
}

/// A player's rating in one game and player-count group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct ProfileRating {
    /// Game id.
    pub game: String,
    /// Player-count group.
    pub group: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Rated games played.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
}

/// How a player did with one Order (Crusaders) or Baron (Warrior Knights).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
pub struct ProfileRole {
    /// Game id.
    pub game: String,
    /// The role: in Crusaders the Order played (its id, `aviz`), in Warrior Knights the
    /// Baron, by seat number (`0`, `1`, …), which fixes the Baron.
    pub role: String,
    /// Finished games played with it.
    pub played: u32,
    /// Won.
    pub won: u32,
}

/// A point of a player's rating history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct RatingPoint {
    /// Game id.
    pub game: String,
    /// Player-count group.
    pub group: String,
    /// The table.
    pub table: String,
    /// When the table ended, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub at: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// `GET /api/players/{name}`: a player's public profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, ToSchema)]
pub struct Profile {
    /// The account's name.
    pub name: String,
    /// Sign-up time, milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
    /// Finished games played (rated or not).
    pub games: u32,
    /// Ratings per game and player-count group.
    pub ratings: Vec<ProfileRating>,
    /// Results per Order or Baron.
    pub roles: Vec<ProfileRole>,
    /// Rating history, oldest first.
    pub history: Vec<RatingPoint>,
}
