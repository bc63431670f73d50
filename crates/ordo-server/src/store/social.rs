//! Table talk and the people behind the seats, in the store: one interface ([`Social`]), the
//! same SQL on SQLite and PostgreSQL (positional `$n` parameters, each used once and in
//! order), checked by the store contract.

use async_trait::async_trait;

use super::{StoreError, TableRow};

/// Most messages kept per table: beyond it the table's chat is full.
pub const MAX_CHAT_LINES: u64 = 5000;

/// A chat message to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewChat<'a> {
    /// `players` or `spectators`.
    pub channel: &'a str,
    /// The seat that said it (`None`: a spectator).
    pub seat: Option<u8>,
    /// The speaker's name as shown then, if any.
    pub name: Option<&'a str>,
    /// A quick phrase's id (each reader sees it in their language), or `None`.
    pub phrase: Option<&'a str>,
    /// The text (empty for a quick phrase).
    pub text: &'a str,
    /// The table version it was said at.
    pub at_version: u64,
}

/// A stored chat message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// 1-based position in the table's chat.
    pub seq: u64,
    /// `players` or `spectators`.
    pub channel: String,
    /// The seat that said it (`None`: a spectator).
    pub seat: Option<u8>,
    /// The speaker's name as shown then.
    pub name: Option<String>,
    /// A quick phrase's id, or `None`.
    pub phrase: Option<String>,
    /// The text.
    pub text: String,
    /// The table version it was said at.
    pub at_version: u64,
    /// When, milliseconds since the Unix epoch.
    pub at: i64,
}

/// A table where someone holds a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldTable {
    /// The table.
    pub table: TableRow,
    /// The seat held there.
    pub seat: u8,
    /// When its last decision was stored (milliseconds since the Unix epoch), if any.
    pub last_at: Option<i64>,
}

/// Chat and seat holders.
#[async_trait]
pub trait Social: Send + Sync {
    /// Stores a chat message at the end of table `table`'s chat; returns its position.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown table; [`StoreError::Full`] when the chat
    /// holds [`MAX_CHAT_LINES`] already; [`StoreError::Exists`] when another writer took the
    /// position (try again); database errors.
    async fn add_chat(&self, table: &str, line: NewChat<'_>) -> Result<u64, StoreError>;

    /// The last `limit` messages of table `table`'s chat, oldest first.
    ///
    /// # Errors
    /// Database errors.
    async fn chat_of(&self, table: &str, limit: u32) -> Result<Vec<ChatRow>, StoreError>;

    /// The tables where `holder` holds a seat, newest first (at most `limit`), with the seat.
    ///
    /// # Errors
    /// Database errors.
    async fn tables_of(&self, holder: &str, limit: u32) -> Result<Vec<HeldTable>, StoreError>;
}

/// The bound seats of a stored seats document: (seat, holder) for each seat with a `holder`.
pub(crate) fn holders_in(seats_json: &str) -> Vec<(i64, String)> {
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(seats_json) else {
        return Vec::new();
    };
    let seats = doc.get("seats").unwrap_or(&doc);
    seats
        .as_array()
        .map(|list| {
            list.iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    let holder = s.get("holder")?.as_str()?;
                    Some((i64::try_from(i).ok()?, holder.to_string()))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// One implementation of [`Social`] over a sqlx pool, and `sync_players` (the seat holders of
/// a table rewritten from its seats, inside the caller's transaction).
macro_rules! social_over_pool {
    ($store:ty, $row:ty, $conn:ty) => {
        #[async_trait::async_trait]
        impl $crate::store::social::Social for $store {
            async fn add_chat(
                &self,
                table: &str,
                line: $crate::store::social::NewChat<'_>,
            ) -> Result<u64, $crate::store::StoreError> {
                let at_version = i64::try_from(line.at_version).map_err(|_| {
                    $crate::store::StoreError::Corrupt("version out of range".into())
                })?;
                let mut tx = self.pool().begin().await?;
                let known = sqlx::query("SELECT 1 FROM tables WHERE id = $1")
                    .bind(table)
                    .fetch_optional(&mut *tx)
                    .await?;
                if known.is_none() {
                    return Err($crate::store::StoreError::NotFound(table.to_owned()));
                }
                let next: i64 = sqlx::query_scalar(
                    "SELECT COALESCE(MAX(seq), 0) + 1 FROM chat WHERE table_id = $1",
                )
                .bind(table)
                .fetch_one(&mut *tx)
                .await?;
                let next_u = u64::try_from(next).unwrap_or(u64::MAX);
                if next_u > $crate::store::social::MAX_CHAT_LINES {
                    return Err($crate::store::StoreError::Full(format!("the chat of {table}")));
                }
                let res = sqlx::query(
                    "INSERT INTO chat (table_id, seq, channel, seat, name, phrase, text, \
                     at_version, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(table)
                .bind(next)
                .bind(line.channel)
                .bind(line.seat.map(i64::from))
                .bind(line.name)
                .bind(line.phrase)
                .bind(line.text)
                .bind(at_version)
                .bind($crate::store::now_ms())
                .execute(&mut *tx)
                .await;
                match res {
                    Ok(_) => {}
                    Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                        return Err($crate::store::StoreError::Exists(format!(
                            "{table} chat {next}"
                        )))
                    }
                    Err(e) => return Err(e.into()),
                }
                tx.commit().await?;
                Ok(next_u)
            }

            async fn chat_of(
                &self,
                table: &str,
                limit: u32,
            ) -> Result<Vec<$crate::store::social::ChatRow>, $crate::store::StoreError> {
                let rows = sqlx::query(
                    "SELECT seq, channel, seat, name, phrase, text, at_version, at FROM chat \
                     WHERE table_id = $1 ORDER BY seq DESC LIMIT $2",
                )
                .bind(table)
                .bind(i64::from(limit))
                .fetch_all(self.pool())
                .await?;
                let mut lines = rows
                    .iter()
                    .map(chat_from)
                    .collect::<Result<Vec<_>, _>>()?;
                lines.reverse();
                Ok(lines)
            }

            async fn tables_of(
                &self,
                holder: &str,
                limit: u32,
            ) -> Result<Vec<$crate::store::social::HeldTable>, $crate::store::StoreError> {
                let rows = sqlx::query(
                    "SELECT t.id, t.game, t.config, t.seed, t.seed_commitment, t.seed_nonce, \
                     t.seats, t.status, t.created_at, p.seat AS held_seat, \
                     (SELECT MAX(a.created_at) FROM actions a WHERE a.table_id = t.id) AS last_at \
                     FROM table_players p \
                     JOIN tables t ON t.id = p.table_id WHERE p.holder = $1 \
                     ORDER BY t.created_at DESC, t.id LIMIT $2",
                )
                .bind(holder)
                .bind(i64::from(limit))
                .fetch_all(self.pool())
                .await?;
                rows.iter()
                    .map(|row| {
                        let seat: i64 = sqlx::Row::try_get(row, "held_seat")?;
                        Ok($crate::store::social::HeldTable {
                            table: table_from(row)?,
                            seat: $crate::store::seat_of(seat)?,
                            last_at: sqlx::Row::try_get(row, "last_at")?,
                        })
                    })
                    .collect()
            }
        }

        fn chat_from(
            row: &$row,
        ) -> Result<$crate::store::social::ChatRow, $crate::store::StoreError> {
            use sqlx::Row;
            let seat: Option<i64> = row.try_get("seat")?;
            Ok($crate::store::social::ChatRow {
                seq: $crate::store::version_of(row.try_get("seq")?)?,
                channel: row.try_get("channel")?,
                seat: seat.map($crate::store::seat_of).transpose()?,
                name: row.try_get("name")?,
                phrase: row.try_get("phrase")?,
                text: row.try_get("text")?,
                at_version: $crate::store::version_of(row.try_get("at_version")?)?,
                at: row.try_get("at")?,
            })
        }

        /// Rewrites the holders of table `id`'s seats from its seats document.
        async fn sync_players(
            conn: &mut $conn,
            id: &str,
            seats: &str,
        ) -> Result<(), $crate::store::StoreError> {
            sqlx::query("DELETE FROM table_players WHERE table_id = $1")
                .bind(id)
                .execute(&mut *conn)
                .await?;
            for (seat, holder) in $crate::store::social::holders_in(seats) {
                sqlx::query(
                    "INSERT INTO table_players (table_id, seat, holder) VALUES ($1, $2, $3)",
                )
                .bind(id)
                .bind(seat)
                .bind(holder)
                .execute(&mut *conn)
                .await?;
            }
            Ok(())
        }
    };
}

pub(crate) use social_over_pool;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holders_are_read_from_either_seats_shape() {
        let doc = r#"{"seats":[{"kind":"human","holder":"a:1"},{"kind":"bot"},{"holder":"g:ff"}]}"#;
        assert_eq!(
            holders_in(doc),
            vec![(0, "a:1".to_string()), (2, "g:ff".to_string())]
        );
        assert_eq!(holders_in(r#"[{"holder":"a:2"}]"#), vec![(0, "a:2".into())]);
        assert!(holders_in("not json").is_empty());
    }
}
