//! Results and ratings: every finished table's result is kept for the accounts that played it
//! (their profile's games and win rate per Order or Baron); a rated table also updates their
//! Glicko-2 rating in its game and player-count group (`2`, `3-4`, `5-6`), each seat's result
//! counted as pairwise outcomes by place. Bots keep fixed ratings, measured
//! by the bot ladder (see [`bot_rating`]).

pub mod bots;
pub(crate) mod glicko2;

pub use bots::{bot_rating, BotRating};

use crate::error::ApiError;
use crate::protocol::{
    LeaderRow, Leaderboard, Profile, ProfileRating, ProfileRole, RatingChange, RatingPoint,
    SeatKind,
};
use crate::state::AppState;
use crate::store::turns::{ResultRow, StoredRating};
use crate::table::LiveTable;

/// The player-count group a table's ratings belong to.
pub fn group_of(players: usize) -> &'static str {
    match players {
        0..=2 => "2",
        3 | 4 => "3-4",
        _ => "5-6",
    }
}

/// Whether `group` names a player-count group.
pub fn is_group(group: &str) -> bool {
    matches!(group, "2" | "3-4" | "5-6")
}

/// A bot's fixed rating as a Glicko-2 rating (its volatility is never used: bots are not
/// updated).
fn fixed(r: BotRating) -> glicko2::Rating {
    glicko2::Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: 0.06,
    }
}

/// Places with the players who resigned moved below every other (sharing the last place), the
/// others keeping their order and ties; a place is the number of seats ahead (G5).
fn resigned_last(places: &[u8], resigned: &[bool]) -> Vec<u8> {
    let key = |i: usize| {
        (
            resigned.get(i).copied().unwrap_or(false),
            if resigned.get(i).copied().unwrap_or(false) {
                0
            } else {
                places.get(i).copied().unwrap_or(u8::MAX)
            },
        )
    };
    (0..places.len())
        .map(|i| {
            // A seat's place: how many seats finished ahead of it (ties share a place).
            let mine = key(i);
            let ahead = (0..places.len()).filter(|&j| key(j) < mine).count();
            u8::try_from(ahead).unwrap_or(u8::MAX)
        })
        .collect()
}

/// The role a seat played, from the game's public view at the end: the Order a Crusaders seat
/// picked (`seats[i].order`), else the seat number (a Warrior Knights seat fixes its Baron).
fn role_of(view: &serde_json::Value, seat: usize) -> String {
    view.get("seats")
        .and_then(|s| s.get(seat))
        .and_then(|s| s.get("order"))
        .and_then(serde_json::Value::as_str)
        .map_or_else(|| seat.to_string(), str::to_string)
}

fn shown(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn player(r: Option<StoredRating>) -> glicko2::Rating {
    r.map_or_else(glicko2::Rating::new_player, |r| glicko2::Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    })
}

impl AppState {
    /// A table just finished: keeps each account's result, and on a rated table updates the
    /// ratings and shows each seat's change (stored with the seats). Failures are logged: the
    /// game's end itself is stored already.
    pub(crate) async fn record_results(&self, t: &mut LiveTable, id: &str) {
        let Some(mut places) = t.game().places() else {
            return;
        };
        let seats = t.seats().to_vec();
        let rated = t.options().rated;
        if rated {
            places = resigned_last(
                &places,
                &seats.iter().map(|s| s.resigned).collect::<Vec<_>>(),
            );
        }
        let game = t.row().game.clone();
        let group = group_of(seats.len());
        let accounts: Vec<Option<i64>> = (0..seats.len()).map(|i| t.account_of(i)).collect();
        if accounts.iter().all(Option::is_none) {
            return;
        }
        let mut before = Vec::with_capacity(seats.len());
        let mut stored = Vec::with_capacity(seats.len());
        for (i, s) in seats.iter().enumerate() {
            let mine = match accounts.get(i).copied().flatten() {
                Some(a) if rated => match self.store.rating(a, &game, group).await {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::error!(table = %id, error = %e, "rating not read: results not recorded");
                        return;
                    }
                },
                _ => None,
            };
            stored.push(mine);
            before.push(match &s.kind {
                SeatKind::Bot { bot } => fixed(bot_rating(&game, group, bot)),
                // A seat nobody took, played by the stand-in all along, counts as that bot.
                SeatKind::Human if accounts.get(i).copied().flatten().is_none() => {
                    fixed(bot_rating(&game, group, &t.options().standin))
                }
                SeatKind::Human => player(mine),
            });
        }
        let after = if rated {
            glicko2::update_table(&before, &places, glicko2::TAU)
        } else {
            before.clone()
        };
        let at = crate::store::now_ms();
        let view = t.game().view(ordo_core::Viewer::Spectator);
        let mut rows = Vec::new();
        let mut changes = vec![None; seats.len()];
        for (i, account) in accounts.iter().enumerate() {
            let Some(account) = *account else { continue };
            let place = places.get(i).copied().unwrap_or(u8::MAX);
            let (b, a) = (before[i], after[i]);
            let old = stored[i];
            let new = rated.then(|| StoredRating {
                rating: a.rating,
                deviation: a.deviation,
                volatility: a.volatility,
                games: old.map_or(0, |o| o.games) + 1,
                wins: old.map_or(0, |o| o.wins) + u32::from(place == 0),
            });
            if rated {
                changes[i] = Some(RatingChange {
                    before: shown(b.rating),
                    after: shown(a.rating),
                    deviation: shown(a.deviation),
                });
            }
            rows.push(ResultRow {
                table: id.to_string(),
                account,
                game: game.clone(),
                group: group.to_string(),
                seat: u8::try_from(i).unwrap_or(u8::MAX),
                role: role_of(&view, i),
                place,
                rated,
                rating_before: rated.then_some(b.rating),
                rating_after: new,
                at,
            });
        }
        match self.store.record_results(&rows).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::error!(table = %id, error = %e, "results not recorded");
                return;
            }
        }
        if rated {
            let before_seats = t.seats_before();
            t.show_ratings(&changes);
            if let Err(e) = self.write_seats(t, id, before_seats).await {
                tracing::error!(table = %id, error = %e, "rating changes not stored with the seats");
            }
        }
    }

    /// The leaderboard of `game` for a player-count group.
    ///
    /// # Errors
    /// An unknown game or group ([`ApiError::NotFound`]); storage errors.
    pub async fn leaderboard(&self, game: &str, group: &str) -> Result<Leaderboard, ApiError> {
        if !is_group(group) || !crate::games::is_game(game) {
            return Err(ApiError::NotFound);
        }
        let rows = self.store.leaderboard(game, group, 100).await?;
        Ok(Leaderboard {
            game: game.to_string(),
            group: group.to_string(),
            rows: rows
                .into_iter()
                .map(|r| LeaderRow {
                    name: r.name,
                    rating: shown(r.rating.rating),
                    deviation: shown(r.rating.deviation),
                    games: r.rating.games,
                })
                .collect(),
        })
    }

    /// A player's public profile.
    ///
    /// # Errors
    /// [`ApiError::UnknownPlayer`]; storage errors.
    pub async fn profile(&self, name: &str) -> Result<Profile, ApiError> {
        let account = self
            .store
            .account_named(name)
            .await?
            .filter(|a| !a.disabled)
            .ok_or(ApiError::UnknownPlayer)?;
        let results = self.store.results_of(account.id).await?;
        let ratings = self.store.ratings_of(account.id).await?;
        let mut roles: Vec<ProfileRole> = Vec::new();
        for r in &results {
            match roles
                .iter_mut()
                .find(|x| x.game == r.game && x.role == r.role)
            {
                Some(x) => {
                    x.played += 1;
                    x.won += u32::from(r.place == 0);
                }
                None => roles.push(ProfileRole {
                    game: r.game.clone(),
                    role: r.role.clone(),
                    played: 1,
                    won: u32::from(r.place == 0),
                }),
            }
        }
        roles.sort_by(|a, b| (&a.game, &a.role).cmp(&(&b.game, &b.role)));
        Ok(Profile {
            name: account.name,
            created_at: account.created_at,
            games: u32::try_from(results.len()).unwrap_or(u32::MAX),
            ratings: ratings
                .into_iter()
                .map(|(game, group, r)| ProfileRating {
                    game,
                    group,
                    rating: shown(r.rating),
                    deviation: shown(r.deviation),
                    games: r.games,
                    wins: r.wins,
                })
                .collect(),
            roles,
            history: results
                .iter()
                .filter_map(|r| {
                    let a = r.rating_after?;
                    Some(RatingPoint {
                        game: r.game.clone(),
                        group: r.group.clone(),
                        table: r.table.clone(),
                        at: r.at,
                        rating: shown(a.rating),
                        deviation: shown(a.deviation),
                    })
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_bot_ratings() {
        assert_eq!(group_of(2), "2");
        assert_eq!(group_of(3), "3-4");
        assert_eq!(group_of(4), "3-4");
        assert_eq!(group_of(5), "5-6");
        assert_eq!(group_of(6), "5-6");
        assert!(is_group("3-4") && !is_group("7"));
    }

    #[test]
    fn who_resigned_finishes_last_and_the_others_move_up() {
        // Seat 0 won but resigned: seat 1 wins, seat 0 is last.
        assert_eq!(resigned_last(&[0, 1], &[true, false]), vec![1, 0]);
        assert_eq!(
            resigned_last(&[1, 0, 2, 3], &[false, true, false, true]),
            vec![0, 2, 1, 2]
        );
        // Ties kept.
        assert_eq!(
            resigned_last(&[0, 0, 2], &[false, false, false]),
            vec![0, 0, 2]
        );
    }
}
