//! The embedded default store: one SQLite file.

use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use sqlx::migrate::Migrate as _;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use tokio::sync::{mpsc, oneshot};

use super::migrations;
use super::{
    now_ms, readable_rows, seat_of, status_of, version_of, ActionRow, EntryKind, NewEntry,
    SeatsChange, Store, StoreError, StoredTable, TableRow, TableStatus,
};

/// Writes a consistent copy of the SQLite database `url` (`sqlite:FILE`) to `out` while a
/// server may be using it (`VACUUM INTO` reads one snapshot; writers go on meanwhile). Returns
/// the copy's size in bytes.
///
/// # Errors
/// Not a SQLite file URL, `out` exists already, or database errors.
pub async fn sqlite_backup(url: &str, out: &std::path::Path) -> Result<u64, BackupError> {
    if !url.starts_with("sqlite:") || url.contains(":memory:") {
        return Err(BackupError::NotSqlite(url.to_owned()));
    }
    if out.exists() {
        return Err(BackupError::Exists(out.to_path_buf()));
    }
    let opts = SqliteConnectOptions::from_str(url)?
        .create_if_missing(false)
        .read_only(true)
        .busy_timeout(Duration::from_secs(10));
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(opts)
        .await?;
    let target = out
        .to_str()
        .ok_or_else(|| BackupError::NotUtf8(out.to_path_buf()))?;
    sqlx::query("VACUUM INTO ?")
        .bind(target)
        .execute(&pool)
        .await?;
    pool.close().await;
    Ok(std::fs::metadata(out).map(|m| m.len()).unwrap_or(0))
}

/// Why `ordo backup` wrote no copy.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is not a SQLite file.
    #[error("`{0}` is not a SQLite database file (PostgreSQL: use pg_dump)")]
    NotSqlite(String),
    /// The target exists: a backup never overwrites.
    #[error("{} exists already; the backup is written to a new file", .0.display())]
    Exists(std::path::PathBuf),
    /// SQLite names its target by text.
    #[error("{} is not a UTF-8 path", .0.display())]
    NotUtf8(std::path::PathBuf),
    /// The database could not be opened or copied.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

/// SQLite store (WAL mode, full synchronous commits).
///
/// Appends go through one writer task that commits them in groups: every append waiting when a
/// commit starts shares that transaction and its single `fsync`, and each is answered only
/// after the commit. A decision is still durable before it is acknowledged; the store just
/// pays for durability once per group instead of once per decision.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
    writer: mpsc::UnboundedSender<AppendJob>,
}

super::accounts::accounts_over_pool!(SqliteStore, sqlx::sqlite::SqliteRow);
super::social::social_over_pool!(SqliteStore, sqlx::sqlite::SqliteRow, sqlx::SqliteConnection);
super::turns::turns_over_pool!(SqliteStore, sqlx::sqlite::SqliteRow);

impl SqliteStore {
    /// The connection pool (accounts and sessions are written through it directly).
    fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// One append waiting for the writer.
#[derive(Debug)]
struct AppendJob {
    table: String,
    expected: u64,
    seat: u8,
    kind: EntryKind,
    action: String,
    clocks: Option<String>,
    reply: oneshot::Sender<Result<u64, StoreError>>,
}

/// Most appends in one transaction.
const MAX_GROUP: usize = 512;

/// When the write-ahead log grows past this, the writer restarts it between two groups (the
/// background checkpoints have copied most of it by then, so this is short).
const WAL_RESTART_BYTES: u64 = 64 << 20;

async fn writer(
    pool: SqlitePool,
    wal: Option<std::path::PathBuf>,
    mut jobs: mpsc::UnboundedReceiver<AppendJob>,
) {
    let mut group = Vec::new();
    let mut checked = std::time::Instant::now();
    while let Some(job) = jobs.recv().await {
        if let Some(wal) = &wal {
            if checked.elapsed() > Duration::from_secs(1) {
                checked = std::time::Instant::now();
                if std::fs::metadata(wal).is_ok_and(|m| m.len() > WAL_RESTART_BYTES) {
                    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(RESTART)")
                        .execute(&pool)
                        .await
                    {
                        tracing::warn!(error = %e, "WAL restart failed");
                    }
                }
            }
        }
        group.push(job);
        while group.len() < MAX_GROUP {
            match jobs.try_recv() {
                Ok(j) => group.push(j),
                Err(_) => break,
            }
        }
        match write_group(&pool, &group).await {
            Ok(results) => {
                for (job, r) in group.drain(..).zip(results) {
                    let _ = job.reply.send(r);
                }
            }
            Err(e) => {
                let msg = e.to_string();
                for job in group.drain(..) {
                    let _ = job
                        .reply
                        .send(Err(StoreError::Database(sqlx::Error::Protocol(
                            msg.clone(),
                        ))));
                }
            }
        }
    }
}

/// Appends a group in one transaction; a version conflict or an unknown table refuses only its
/// own append.
async fn write_group(
    pool: &SqlitePool,
    group: &[AppendJob],
) -> Result<Vec<Result<u64, StoreError>>, StoreError> {
    let mut conn = pool.acquire().await?;
    // BEGIN IMMEDIATE takes the write lock first, so writers of other processes queue (busy
    // timeout) instead of failing halfway; the version checks then see the latest log.
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await?;
    let mut results = Vec::with_capacity(group.len());
    let outcome: Result<(), StoreError> = async {
        for job in group {
            let row = sqlx::query(
                "SELECT (SELECT COUNT(*) FROM tables WHERE id = ?1) AS found, \
                 (SELECT COALESCE(MAX(version), 0) FROM actions WHERE table_id = ?1) AS current",
            )
            .bind(&job.table)
            .fetch_one(&mut *conn)
            .await?;
            if row.try_get::<i64, _>("found")? == 0 {
                results.push(Err(StoreError::NotFound(job.table.clone())));
                continue;
            }
            let current = version_of(row.try_get("current")?)?;
            if current != job.expected {
                results.push(Err(StoreError::Conflict {
                    expected: job.expected,
                    current,
                }));
                continue;
            }
            let version = job.expected + 1;
            sqlx::query("INSERT INTO actions (table_id, version, seat, kind, action, clocks, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .bind(&job.table)
                .bind(version as i64)
                .bind(i64::from(job.seat))
                .bind(job.kind.as_str())
                .bind(&job.action)
                .bind(&job.clocks)
                .bind(now_ms())
                .execute(&mut *conn)
                .await?;
            results.push(Ok(version));
        }
        Ok(())
    }
    .await;
    match outcome {
        Ok(()) => {
            sqlx::query("COMMIT").execute(&mut *conn).await?;
            Ok(results)
        }
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
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
            .busy_timeout(Duration::from_secs(10))
            // Checkpoints run in the background (below), not inside a commit.
            .pragma("wal_autocheckpoint", "0");
        let opts_filename = opts.get_filename().to_path_buf();
        // One connection for an in-memory database (each connection would be its own database).
        let max = if url.contains(":memory:") { 1 } else { 4 };
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .connect_with(opts)
            .await?;
        let (tx, rx) = mpsc::unbounded_channel();
        let store = SqliteStore { pool, writer: tx };
        store.migrate().await?;
        let wal = (!url.contains(":memory:")).then(|| {
            let mut name = opts_filename.into_os_string();
            name.push("-wal");
            std::path::PathBuf::from(name)
        });
        tokio::spawn(writer(store.pool.clone(), wal, rx));
        if !url.contains(":memory:") {
            let pool = store.pool.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_millis(500));
                loop {
                    tick.tick().await;
                    if pool.is_closed() {
                        return;
                    }
                    // PASSIVE never blocks the writer; the WAL is reset once readers let go.
                    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                        .execute(&pool)
                        .await
                    {
                        tracing::warn!(error = %e, "WAL checkpoint failed");
                    }
                }
            });
        }
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        {
            let mut conn = self.pool.acquire().await?;
            let legacy: Option<String> = sqlx::query_scalar(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
            )
            .fetch_optional(&mut *conn)
            .await?;
            if legacy.is_some() {
                let mut tx = sqlx::Connection::begin(&mut *conn).await?;
                tx.ensure_migrations_table()
                    .await
                    .map_err(migrations::failed)?;
                let versions: Vec<i64> =
                    sqlx::query_scalar("SELECT version FROM schema_migrations ORDER BY version")
                        .fetch_all(&mut *tx)
                        .await?;
                for m in migrations::adopted(&migrations::SQLITE, &versions)? {
                    sqlx::query(
                        "INSERT INTO _sqlx_migrations \
                         (version, description, success, checksum, execution_time) \
                         VALUES (?, ?, TRUE, ?, 0) ON CONFLICT (version) DO NOTHING",
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
                tx.commit().await?;
            }
        }
        migrations::SQLITE
            .run(&self.pool)
            .await
            .map_err(migrations::failed)
    }
}

fn table_from(row: &sqlx::sqlite::SqliteRow) -> Result<TableRow, StoreError> {
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
impl Store for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn create_table(&self, t: &TableRow) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let res = sqlx::query(
            "INSERT INTO tables (id, game, config, seed, seed_commitment, seed_nonce, seats, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
        let (reply, answer) = oneshot::channel();
        let job = AppendJob {
            table: table.to_string(),
            expected,
            seat: entry.seat,
            kind: entry.kind,
            action: entry.action.to_string(),
            clocks: entry.clocks.map(str::to_string),
            reply,
        };
        self.writer
            .send(job)
            .map_err(|_| StoreError::Corrupt("the store's writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Corrupt("the store's writer has stopped".into()))?
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
        let last_at: Option<i64> =
            sqlx::query_scalar("SELECT MAX(created_at) FROM actions WHERE table_id = ?")
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
        Ok(readable_rows(&rows, table_from))
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

    async fn set_seats(&self, id: &str, change: SeatsChange<'_>) -> Result<(), StoreError> {
        let version = i64::try_from(change.read_version).map_err(|_| {
            StoreError::Corrupt(format!("version {} out of range", change.read_version))
        })?;
        let mut tx = self.pool.begin().await?;
        let r = sqlx::query(
            "UPDATE tables SET seats = ?, status = ? WHERE id = ? AND seats = ? AND status = ? \
             AND (SELECT COALESCE(MAX(version), 0) FROM actions WHERE table_id = ?) = ?",
        )
        .bind(change.seats)
        .bind(change.status.as_str())
        .bind(id)
        .bind(change.read_seats)
        .bind(change.read_status.as_str())
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() == 0 {
            drop(tx);
            let known = sqlx::query("SELECT 1 FROM tables WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            return Err(match known {
                Some(_) => StoreError::SeatsChanged(id.to_string()),
                None => StoreError::NotFound(id.to_string()),
            });
        }
        if change.seats != change.read_seats {
            sync_players(&mut tx, id, change.seats).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
