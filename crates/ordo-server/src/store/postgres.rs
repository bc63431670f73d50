//! The scale-out store: PostgreSQL, shared by several server instances.

use std::str::FromStr;

use async_trait::async_trait;
use sqlx::migrate::Migrate as _;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use sqlx::{PgPool, Row};

use super::migrations;
use super::{
    now_ms, readable_rows, seat_of, status_of, version_of, ActionRow, EntryKind, NewEntry,
    SeatsChange, Store, StoreError, StoredTable, TableRow, TableStatus,
};

/// PostgreSQL store. Every change is announced on a notification channel (`LISTEN`/`NOTIFY`)
/// so that the other server instances sharing the database pick it up.
#[derive(Debug, Clone)]
pub struct PostgresStore {
    pool: PgPool,
    /// The notification channel (one per schema).
    channel: String,
    /// This instance's id, so that it can skip its own announcements.
    instance: String,
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user@host/db`), optionally inside `schema` (created if
    /// missing; used by tests to isolate runs), and runs pending migrations.
    ///
    /// # Errors
    /// Database errors.
    pub async fn open(url: &str, schema: Option<&str>) -> Result<Self, StoreError> {
        let mut opts = PgConnectOptions::from_str(url)?;
        let channel = format!("ordo_changes_{}", schema.unwrap_or("public"));
        if let Some(schema) = schema {
            if !schema
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                return Err(StoreError::Corrupt(format!(
                    "invalid schema name `{schema}`"
                )));
            }
            let admin = PgPoolOptions::new()
                .max_connections(1)
                .connect_with(opts.clone())
                .await?;
            sqlx::query(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))
                .execute(&admin)
                .await?;
            admin.close().await;
            opts = opts.options([("search_path", schema)]);
        }
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .connect_with(opts)
            .await?;
        let mut id = [0u8; 8];
        getrandom::getrandom(&mut id).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let instance = id.iter().map(|b| format!("{b:02x}")).collect();
        let store = PostgresStore {
            pool,
            channel,
            instance,
        };
        store.migrate().await?;
        Ok(store)
    }

    /// The connection pool (for notifications between instances).
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Announces a change of `table` to the other instances (delivered when the surrounding
    /// transaction, if any, commits).
    async fn announce<'e, E: sqlx::PgExecutor<'e>>(
        &self,
        executor: E,
        table: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(&self.channel)
            .bind(format!("{}:{table}", self.instance))
            .execute(executor)
            .await?;
        Ok(())
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        // Serialise concurrent starts of several instances while a legacy table is adopted.
        sqlx::query("SELECT pg_advisory_xact_lock(7041976)")
            .execute(&mut *tx)
            .await?;
        let legacy: Option<String> =
            sqlx::query_scalar("SELECT to_regclass('schema_migrations')::text")
                .fetch_one(&mut *tx)
                .await?;
        if legacy.is_some() {
            tx.ensure_migrations_table()
                .await
                .map_err(migrations::failed)?;
            let versions: Vec<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations ORDER BY version")
                    .fetch_all(&mut *tx)
                    .await?;
            for m in migrations::adopted(&migrations::POSTGRES, &versions)? {
                sqlx::query(
                    "INSERT INTO _sqlx_migrations \
                     (version, description, success, checksum, execution_time) \
                     VALUES ($1, $2, TRUE, $3, 0) ON CONFLICT (version) DO NOTHING",
                )
                .bind(m.version)
                .bind(m.description)
                .bind(m.checksum)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query("DROP TABLE schema_migrations")
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        // sqlx's runner takes its own advisory lock for the rest.
        migrations::POSTGRES
            .run(&self.pool)
            .await
            .map_err(migrations::failed)
    }
}

super::accounts::accounts_over_pool!(PostgresStore, sqlx::postgres::PgRow);
super::social::social_over_pool!(PostgresStore, sqlx::postgres::PgRow, sqlx::PgConnection);
super::turns::turns_over_pool!(PostgresStore, sqlx::postgres::PgRow);

fn table_from(row: &sqlx::postgres::PgRow) -> Result<TableRow, StoreError> {
    Ok(TableRow {
        id: row.try_get("id")?,
        game: row.try_get("game")?,
        config: row.try_get("config")?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        seed_commitment: row.try_get("seed_commitment")?,
        seed_nonce: row.try_get("seed_nonce")?,
        seats: row.try_get("seats")?,
        status: status_of(&row.try_get::<String, _>("status")?)?,
        created_at: row.try_get("created_at")?,
    })
}

#[async_trait]
impl Store for PostgresStore {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    async fn create_table(&self, t: &TableRow) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let res = sqlx::query(
            "INSERT INTO tables (id, game, config, seed, seed_commitment, seed_nonce, seats, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&t.id)
        .bind(&t.game)
        .bind(&t.config)
        .bind(t.seed as i64)
        .bind(&t.seed_commitment)
        .bind(&t.seed_nonce)
        .bind(&t.seats)
        .bind(t.status.as_str())
        .bind(t.created_at)
        .execute(&mut *tx)
        .await;
        match res {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::Exists(t.id.clone()))
            }
            Err(e) => return Err(e.into()),
        }
        sync_players(&mut tx, &t.id, &t.seats).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn append_action(
        &self,
        table: &str,
        expected: u64,
        entry: NewEntry<'_>,
    ) -> Result<u64, StoreError> {
        // One statement, one round trip: check the table and its version, insert, announce.
        // The primary key (table_id, version) serialises concurrent writers: the second insert
        // of a version waits for the first and then fails. The insert's foreign-key check
        // key-share-locks the table's row until the insert commits, so a seats change (which
        // locks the row FOR UPDATE before it reads the log's version) waits for an append in
        // flight, and an append waits for a seats change in flight.
        let version = expected + 1;
        let res = sqlx::query(
            "WITH cur AS (SELECT COALESCE(MAX(version), 0)::BIGINT AS v FROM actions WHERE table_id = $1), \
                  found AS (SELECT COUNT(*)::BIGINT AS n FROM tables WHERE id = $1), \
                  ins AS (INSERT INTO actions (table_id, version, seat, kind, action, clocks, created_at) \
                          SELECT $1, $2, $3, $4, $5, $6, $7 FROM cur, found WHERE cur.v = $2 - 1 AND found.n = 1 \
                          RETURNING version), \
                  note AS (SELECT pg_notify($8, $9) FROM ins) \
             SELECT (SELECT n FROM found) AS found, (SELECT v FROM cur) AS current, \
                    (SELECT COUNT(*) FROM ins)::BIGINT AS inserted, (SELECT COUNT(*) FROM note)::BIGINT AS notified",
        )
        .bind(table)
        .bind(version as i64)
        .bind(i32::from(entry.seat))
        .bind(entry.kind.as_str())
        .bind(entry.action)
        .bind(entry.clocks)
        .bind(now_ms())
        .bind(&self.channel)
        .bind(format!("{}:{table}", self.instance))
        .fetch_one(&self.pool)
        .await;
        let row = match res {
            Ok(row) => row,
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::Conflict {
                    expected,
                    current: version,
                });
            }
            Err(e) => return Err(e.into()),
        };
        if row.try_get::<i64, _>("found")? == 0 {
            return Err(StoreError::NotFound(table.to_string()));
        }
        if row.try_get::<i64, _>("inserted")? == 1 {
            return Ok(version);
        }
        Err(StoreError::Conflict {
            expected,
            current: version_of(row.try_get("current")?)?,
        })
    }

    async fn load_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = sqlx::query("SELECT * FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let table = table_from(&row)?;
        let rows = sqlx::query(
            "SELECT version, seat, kind, action, clocks FROM actions WHERE table_id = $1 ORDER BY version",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut actions = Vec::with_capacity(rows.len());
        for r in rows {
            actions.push(ActionRow {
                version: version_of(r.try_get("version")?)?,
                seat: seat_of(i64::from(r.try_get::<i32, _>("seat")?))?,
                kind: EntryKind::parse(&r.try_get::<String, _>("kind")?)?,
                action: r.try_get("action")?,
                clocks: r.try_get("clocks")?,
            });
        }
        let last_at: Option<i64> =
            sqlx::query_scalar("SELECT MAX(created_at) FROM actions WHERE table_id = $1")
                .bind(id)
                .fetch_one(&self.pool)
                .await?;
        Ok(Some(StoredTable {
            table,
            actions,
            last_at,
        }))
    }

    async fn list_tables(&self, status: Option<TableStatus>) -> Result<Vec<TableRow>, StoreError> {
        let rows = match status {
            Some(s) => {
                sqlx::query("SELECT * FROM tables WHERE status = $1 ORDER BY created_at DESC, id")
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
        Ok(readable_rows(&rows, table_from))
    }

    async fn set_status(&self, id: &str, status: TableStatus) -> Result<(), StoreError> {
        let r = sqlx::query("UPDATE tables SET status = $1 WHERE id = $2")
            .bind(status.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        if r.rows_affected() == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        self.announce(&self.pool, id).await
    }

    async fn set_seats(&self, id: &str, change: SeatsChange<'_>) -> Result<(), StoreError> {
        let version = i64::try_from(change.read_version).map_err(|_| {
            StoreError::Corrupt(format!("version {} out of range", change.read_version))
        })?;
        // Lock the table's row first: an append in flight holds a key-share lock on it (its
        // foreign-key check) until it commits, and appends that start now wait for this
        // change. Only then read the log's version, in a statement of its own: under read
        // committed it sees every append that committed before the lock was granted.
        let mut tx = self.pool.begin().await?;
        let known = sqlx::query("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        if known.is_none() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let r = sqlx::query(
            "UPDATE tables SET seats = $1, status = $2 WHERE id = $3 AND seats = $4 AND status = $5 \
             AND (SELECT COALESCE(MAX(version), 0) FROM actions WHERE table_id = $3) = $6",
        )
        .bind(change.seats)
        .bind(change.status.as_str())
        .bind(id)
        .bind(change.read_seats)
        .bind(change.read_status.as_str())
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() == 0 {
            return Err(StoreError::SeatsChanged(id.to_string()));
        }
        if change.seats != change.read_seats {
            sync_players(&mut tx, id, change.seats).await?;
        }
        self.announce(&mut *tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn changes(
        &self,
    ) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<String>>, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(&self.channel).await?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let own = format!("{}:", self.instance);
        tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(n) => {
                        if n.payload().starts_with(&own) {
                            continue;
                        }
                        let table = n.payload().split_once(':').map_or("", |(_, t)| t);
                        if tx.send(table.to_string()).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        // The listener reconnects by itself on the next call; tell the server
                        // to re-check every table it holds, since announcements may be lost.
                        tracing::warn!(error = %e, "database notifications interrupted");
                        if tx.send(String::new()).is_err() {
                            return;
                        }
                        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                    }
                }
            }
        });
        Ok(Some(rx))
    }
}
