//! Turn-based play in the store: notification settings, finished games' results and ratings.
//! One interface ([`Turns`]), the same SQL on SQLite and PostgreSQL, checked by the store
//! contract.

use async_trait::async_trait;

use super::StoreError;

/// An account's notification settings as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotifyPrefs {
    /// A sound in open pages.
    pub sound: bool,
    /// Browser notifications.
    pub browser: bool,
    /// E-mail.
    pub email: bool,
    /// A webhook address.
    pub webhook: Option<String>,
    /// On vacation until then (milliseconds since the Unix epoch).
    pub vacation_until: Option<i64>,
    /// The key of the e-mails' unsubscribe link (random, per account).
    pub mail_key: String,
    /// The language mails and webhooks are written in (`en`, `vi`, `ja`, `ru`).
    pub lang: String,
}

impl NotifyPrefs {
    /// The settings of an account that never changed them: a sound in open pages, nothing
    /// else.
    pub fn defaults(mail_key: String) -> NotifyPrefs {
        NotifyPrefs {
            sound: true,
            browser: false,
            email: false,
            webhook: None,
            vacation_until: None,
            mail_key,
            lang: "en".into(),
        }
    }
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    /// Rating (Glicko scale, 1500 for a new player).
    pub rating: f64,
    /// Deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
}

/// One account's result at a finished table.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    /// The table.
    pub table: String,
    /// The account.
    pub account: i64,
    /// Game id.
    pub game: String,
    /// Player-count group.
    pub group: String,
    /// The seat.
    pub seat: u8,
    /// The role played: the Crusaders Order's id, or the seat number (a Warrior Knights
    /// seat fixes its Baron).
    pub role: String,
    /// The place (0 = first; shared places are equal).
    pub place: u8,
    /// The table was rated.
    pub rated: bool,
    /// The rating before and after (rated tables).
    pub rating_before: Option<f64>,
    /// See `rating_before`.
    pub rating_after: Option<StoredRating>,
    /// When (milliseconds since the Unix epoch).
    pub at: i64,
}

/// One leaderboard row: the account's name and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    /// The account's name.
    pub name: String,
    /// Its rating.
    pub rating: StoredRating,
}

/// Notification settings, results and ratings.
#[async_trait]
pub trait Turns: Send + Sync {
    /// An account's notification settings, if it ever set them.
    ///
    /// # Errors
    /// Database errors.
    async fn notify_prefs(&self, account: i64) -> Result<Option<NotifyPrefs>, StoreError>;

    /// Stores an account's notification settings.
    ///
    /// # Errors
    /// Database errors.
    async fn set_notify_prefs(&self, account: i64, prefs: &NotifyPrefs) -> Result<(), StoreError>;

    /// Switches e-mail off for the account whose unsubscribe key is `mail_key`; whether one
    /// was found.
    ///
    /// # Errors
    /// Database errors.
    async fn unsubscribe(&self, mail_key: &str) -> Result<bool, StoreError>;

    /// Accounts on vacation after `now`: (account, until).
    ///
    /// # Errors
    /// Database errors.
    async fn vacations(&self, now: i64) -> Result<Vec<(i64, i64)>, StoreError>;

    /// An account's rating in a game and player-count group.
    ///
    /// # Errors
    /// Database errors.
    async fn rating(
        &self,
        account: i64,
        game: &str,
        group: &str,
    ) -> Result<Option<StoredRating>, StoreError>;

    /// Records a finished table's results, and for rated ones the new ratings, in one
    /// transaction. Returns `false` (and changes nothing) when the table's results were
    /// recorded before.
    ///
    /// # Errors
    /// Database errors.
    async fn record_results(&self, rows: &[ResultRow]) -> Result<bool, StoreError>;

    /// The best-rated accounts of a game and group, highest first.
    ///
    /// # Errors
    /// Database errors.
    async fn leaderboard(
        &self,
        game: &str,
        group: &str,
        limit: u32,
    ) -> Result<Vec<BoardRow>, StoreError>;

    /// An account's ratings: (game, group, rating).
    ///
    /// # Errors
    /// Database errors.
    async fn ratings_of(
        &self,
        account: i64,
    ) -> Result<Vec<(String, String, StoredRating)>, StoreError>;

    /// An account's results, oldest first.
    ///
    /// # Errors
    /// Database errors.
    async fn results_of(&self, account: i64) -> Result<Vec<ResultRow>, StoreError>;
}

fn count(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

pub(crate) fn rating_from(
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
) -> StoredRating {
    StoredRating {
        rating,
        deviation,
        volatility,
        games: count(games),
        wins: count(wins),
    }
}

/// One implementation of [`Turns`] over a sqlx pool.
macro_rules! turns_over_pool {
    ($store:ty, $row:ty) => {
        #[async_trait::async_trait]
        impl $crate::store::turns::Turns for $store {
            async fn notify_prefs(
                &self,
                account: i64,
            ) -> Result<Option<$crate::store::turns::NotifyPrefs>, $crate::store::StoreError> {
                use sqlx::Row;
                let row = sqlx::query(
                    "SELECT sound, browser, email, webhook, vacation_until, mail_key, lang \
                     FROM notify_prefs WHERE account_id = $1",
                )
                .bind(account)
                .fetch_optional(self.pool())
                .await?;
                let Some(row) = row else { return Ok(None) };
                Ok(Some($crate::store::turns::NotifyPrefs {
                    sound: row.try_get("sound")?,
                    browser: row.try_get("browser")?,
                    email: row.try_get("email")?,
                    webhook: row.try_get("webhook")?,
                    vacation_until: row.try_get("vacation_until")?,
                    mail_key: row.try_get("mail_key")?,
                    lang: row.try_get("lang")?,
                }))
            }

            async fn set_notify_prefs(
                &self,
                account: i64,
                p: &$crate::store::turns::NotifyPrefs,
            ) -> Result<(), $crate::store::StoreError> {
                sqlx::query(
                    "INSERT INTO notify_prefs (account_id, sound, browser, email, webhook, \
                     vacation_until, mail_key, lang) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                     ON CONFLICT (account_id) DO UPDATE SET sound = excluded.sound, \
                     browser = excluded.browser, email = excluded.email, \
                     webhook = excluded.webhook, vacation_until = excluded.vacation_until, \
                     mail_key = excluded.mail_key, lang = excluded.lang",
                )
                .bind(account)
                .bind(p.sound)
                .bind(p.browser)
                .bind(p.email)
                .bind(p.webhook.as_deref())
                .bind(p.vacation_until)
                .bind(&p.mail_key)
                .bind(&p.lang)
                .execute(self.pool())
                .await?;
                Ok(())
            }

            async fn unsubscribe(&self, mail_key: &str) -> Result<bool, $crate::store::StoreError> {
                let done = sqlx::query("UPDATE notify_prefs SET email = $1 WHERE mail_key = $2")
                    .bind(false)
                    .bind(mail_key)
                    .execute(self.pool())
                    .await?;
                Ok(done.rows_affected() > 0)
            }

            async fn vacations(
                &self,
                now: i64,
            ) -> Result<Vec<(i64, i64)>, $crate::store::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT account_id, vacation_until FROM notify_prefs \
                     WHERE vacation_until > $1",
                )
                .bind(now)
                .fetch_all(self.pool())
                .await?;
                rows.iter()
                    .map(|r| Ok((r.try_get("account_id")?, r.try_get("vacation_until")?)))
                    .collect()
            }

            async fn rating(
                &self,
                account: i64,
                game: &str,
                group: &str,
            ) -> Result<Option<$crate::store::turns::StoredRating>, $crate::store::StoreError> {
                let row = sqlx::query(
                    "SELECT rating, deviation, volatility, games, wins FROM ratings \
                     WHERE account_id = $1 AND game = $2 AND grp = $3",
                )
                .bind(account)
                .bind(game)
                .bind(group)
                .fetch_optional(self.pool())
                .await?;
                row.as_ref().map(stored_rating).transpose()
            }

            async fn record_results(
                &self,
                rows: &[$crate::store::turns::ResultRow],
            ) -> Result<bool, $crate::store::StoreError> {
                let mut tx = self.pool().begin().await?;
                for r in rows {
                    let res = sqlx::query(
                        "INSERT INTO game_results (table_id, account_id, game, grp, seat, \
                         role, place, rated, rating_before, rating_after, deviation_after, at) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                    )
                    .bind(&r.table)
                    .bind(r.account)
                    .bind(&r.game)
                    .bind(&r.group)
                    .bind(i64::from(r.seat))
                    .bind(&r.role)
                    .bind(i64::from(r.place))
                    .bind(r.rated)
                    .bind(r.rating_before)
                    .bind(r.rating_after.map(|a| a.rating))
                    .bind(r.rating_after.map(|a| a.deviation))
                    .bind(r.at)
                    .execute(&mut *tx)
                    .await;
                    match res {
                        Ok(_) => {}
                        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                            return Ok(false)
                        }
                        Err(e) => return Err(e.into()),
                    }
                    let Some(after) = r.rating_after else {
                        continue;
                    };
                    sqlx::query(
                        "INSERT INTO ratings (account_id, game, grp, rating, deviation, \
                         volatility, games, wins, updated_at) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                         ON CONFLICT (account_id, game, grp) DO UPDATE SET \
                         rating = excluded.rating, deviation = excluded.deviation, \
                         volatility = excluded.volatility, games = excluded.games, \
                         wins = excluded.wins, updated_at = excluded.updated_at",
                    )
                    .bind(r.account)
                    .bind(&r.game)
                    .bind(&r.group)
                    .bind(after.rating)
                    .bind(after.deviation)
                    .bind(after.volatility)
                    .bind(i64::from(after.games))
                    .bind(i64::from(after.wins))
                    .bind(r.at)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(true)
            }

            async fn leaderboard(
                &self,
                game: &str,
                group: &str,
                limit: u32,
            ) -> Result<Vec<$crate::store::turns::BoardRow>, $crate::store::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.wins \
                     FROM ratings r JOIN accounts a ON a.id = r.account_id \
                     WHERE r.game = $1 AND r.grp = $2 AND a.disabled = $3 \
                     ORDER BY r.rating DESC, a.name_key LIMIT $4",
                )
                .bind(game)
                .bind(group)
                .bind(false)
                .bind(i64::from(limit))
                .fetch_all(self.pool())
                .await?;
                rows.iter()
                    .map(|r| {
                        Ok($crate::store::turns::BoardRow {
                            name: r.try_get("name")?,
                            rating: stored_rating(r)?,
                        })
                    })
                    .collect()
            }

            async fn ratings_of(
                &self,
                account: i64,
            ) -> Result<
                Vec<(String, String, $crate::store::turns::StoredRating)>,
                $crate::store::StoreError,
            > {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT game, grp, rating, deviation, volatility, games, wins FROM ratings \
                     WHERE account_id = $1 ORDER BY game, grp",
                )
                .bind(account)
                .fetch_all(self.pool())
                .await?;
                rows.iter()
                    .map(|r| Ok((r.try_get("game")?, r.try_get("grp")?, stored_rating(r)?)))
                    .collect()
            }

            async fn results_of(
                &self,
                account: i64,
            ) -> Result<Vec<$crate::store::turns::ResultRow>, $crate::store::StoreError> {
                use sqlx::Row;
                let rows = sqlx::query(
                    "SELECT table_id, account_id, game, grp, seat, role, place, rated, rating_before, \
                     rating_after, deviation_after, at FROM game_results \
                     WHERE account_id = $1 ORDER BY at, table_id",
                )
                .bind(account)
                .fetch_all(self.pool())
                .await?;
                rows.iter()
                    .map(|r| {
                        let after: Option<f64> = r.try_get("rating_after")?;
                        let dev: Option<f64> = r.try_get("deviation_after")?;
                        let seat: i64 = r.try_get("seat")?;
                        let place: i64 = r.try_get("place")?;
                        Ok($crate::store::turns::ResultRow {
                            table: r.try_get("table_id")?,
                            account: r.try_get("account_id")?,
                            game: r.try_get("game")?,
                            group: r.try_get("grp")?,
                            seat: $crate::store::seat_of(seat)?,
                            role: r.try_get("role")?,
                            place: u8::try_from(place).unwrap_or(u8::MAX),
                            rated: r.try_get("rated")?,
                            rating_before: r.try_get("rating_before")?,
                            rating_after: after.map(|a| {
                                $crate::store::turns::rating_from(a, dev.unwrap_or(0.0), 0.0, 0, 0)
                            }),
                            at: r.try_get("at")?,
                        })
                    })
                    .collect()
            }
        }

        fn stored_rating(
            row: &$row,
        ) -> Result<$crate::store::turns::StoredRating, $crate::store::StoreError> {
            use sqlx::Row;
            Ok($crate::store::turns::rating_from(
                row.try_get("rating")?,
                row.try_get("deviation")?,
                row.try_get("volatility")?,
                row.try_get("games")?,
                row.try_get("wins")?,
            ))
        }
    };
}

pub(crate) use turns_over_pool;
