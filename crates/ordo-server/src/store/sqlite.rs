//! The embedded default store: one SQLite file.

use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};

use super::{
    now_ms, seat_of, status_of, version_of, ActionRow, EntryKind, NewEntry, Store, StoreError,
    StoredTable, TableRow, TableStatus,
};

const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../../migrations/sqlite/0001_init.sql")),
    (
        2,
        include_str!("../../migrations/sqlite/0002_log_kinds.sql"),
    ),
];

/// SQLite store (WAL mode, full synchronous commits).
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `url` (`sqlite:ordo.db`, `sqlite::memory:`)
    /// and runs pending migrations.
    ///
    /// # Errors
    /// Database errors.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        let opts = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        // One connection for an in-memory database (each connection would be its own database).
        let max = if url.contains(":memory:") { 1 } else { 4 };
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .connect_with(opts)
            .await?;
        let store = SqliteStore { pool };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
            .execute(&self.pool)
            .await?;
        for (version, sql) in MIGRATIONS {
            let mut tx = self.pool.begin().await?;
            let done: Option<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = ?")
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
            if done.is_none() {
                sqlx::raw_sql(sql).execute(&mut *tx).await?;
                sqlx::query("INSERT INTO schema_migrations (version) VALUES (?)")
                    .bind(version)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        }
        Ok(())
    }
}

fn table_from(row: &sqlx::sqlite::SqliteRow) -> Result<TableRow, StoreError> {
    Ok(TableRow {
        id: row.try_get("id")?,
        game: row.try_get("game")?,
        config: row.try_get("config")?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        seed_commitment: row.try_get("seed_commitment")?,
        seats: row.try_get("seats")?,
        status: status_of(&row.try_get::<String, _>("status")?)?,
        created_at: row.try_get("created_at")?,
    })
}

#[async_trait]
impl Store for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn create_table(&self, t: &TableRow) -> Result<(), StoreError> {
        let res = sqlx::query(
            "INSERT INTO tables (id, game, config, seed, seed_commitment, seats, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&t.id)
        .bind(&t.game)
        .bind(&t.config)
        .bind(t.seed as i64)
        .bind(&t.seed_commitment)
        .bind(&t.seats)
        .bind(t.status.as_str())
        .bind(t.created_at)
        .execute(&self.pool)
        .await;
        match res {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::Exists(t.id.clone()))
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn append_action(
        &self,
        table: &str,
        expected: u64,
        entry: NewEntry<'_>,
    ) -> Result<u64, StoreError> {
        // BEGIN IMMEDIATE takes the write lock first, so concurrent appends queue (busy timeout)
        // instead of failing halfway; the version check and the insert then see the latest log.
        let mut conn = self.pool.acquire().await?;
        sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
        let result: Result<u64, StoreError> = async {
            let exists: Option<String> =
                sqlx::query_scalar("SELECT id FROM tables WHERE id = ?").bind(table).fetch_optional(&mut *conn).await?;
            if exists.is_none() {
                return Err(StoreError::NotFound(table.to_string()));
            }
            let current: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM actions WHERE table_id = ?")
                .bind(table)
                .fetch_one(&mut *conn)
                .await?;
            let current = version_of(current)?;
            if current != expected {
                return Err(StoreError::Conflict { expected, current });
            }
            let version = expected + 1;
            let res = sqlx::query("INSERT INTO actions (table_id, version, seat, kind, action, clocks, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .bind(table)
                .bind(version as i64)
                .bind(i64::from(entry.seat))
                .bind(entry.kind.as_str())
                .bind(entry.action)
                .bind(entry.clocks)
                .bind(now_ms())
                .execute(&mut *conn)
                .await;
            match res {
                Ok(_) => Ok(version),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict { expected, current: version }),
                Err(e) => Err(e.into()),
            }
        }
        .await;
        match result {
            Ok(v) => {
                sqlx::query("COMMIT").execute(&mut *conn).await?;
                Ok(v)
            }
            Err(e) => {
                sqlx::query("ROLLBACK").execute(&mut *conn).await?;
                Err(e)
            }
        }
    }

    async fn load_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = sqlx::query("SELECT * FROM tables WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let table = table_from(&row)?;
        let rows = sqlx::query(
            "SELECT version, seat, kind, action, clocks FROM actions WHERE table_id = ? ORDER BY version",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut actions = Vec::with_capacity(rows.len());
        for r in rows {
            actions.push(ActionRow {
                version: version_of(r.try_get("version")?)?,
                seat: seat_of(r.try_get("seat")?)?,
                kind: EntryKind::parse(&r.try_get::<String, _>("kind")?)?,
                action: r.try_get("action")?,
                clocks: r.try_get("clocks")?,
            });
        }
        Ok(Some(StoredTable { table, actions }))
    }

    async fn list_tables(&self, status: Option<TableStatus>) -> Result<Vec<TableRow>, StoreError> {
        let rows = match status {
            Some(s) => {
                sqlx::query("SELECT * FROM tables WHERE status = ? ORDER BY created_at DESC, id")
                    .bind(s.as_str())
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                sqlx::query("SELECT * FROM tables ORDER BY created_at DESC, id")
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        rows.iter().map(table_from).collect()
    }

    async fn set_status(&self, id: &str, status: TableStatus) -> Result<(), StoreError> {
        let r = sqlx::query("UPDATE tables SET status = ? WHERE id = ?")
            .bind(status.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        if r.rows_affected() == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(())
    }

    async fn set_seats(&self, id: &str, seats: &str) -> Result<(), StoreError> {
        let r = sqlx::query("UPDATE tables SET seats = ? WHERE id = ?")
            .bind(seats)
            .bind(id)
            .execute(&self.pool)
            .await?;
        if r.rows_affected() == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        Ok(())
    }
}
