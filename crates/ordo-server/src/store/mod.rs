//! Durable storage behind one narrow interface, with an SQLite and a PostgreSQL implementation
//! that pass the same contract suite ([`store_contract`]).
//!
//! A table is stored once (game, config, seed, seats, status) and its decisions are append-only
//! rows `(table, version, seat, action)`, unique per `(table, version)`: a decision is durable
//! once `append_action` returns, and two writers can never both append the same version.

pub mod accounts;
mod contract;
mod contract_turns;
mod migrations;
mod postgres;
pub mod social;
mod sqlite;
pub mod turns;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

pub use crate::protocol::TableStatus;
pub use contract::store_contract;
pub use postgres::PostgresStore;
pub use sqlite::{sqlite_backup, BackupError, SqliteStore};

/// A table as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRow {
    /// Table id.
    pub id: String,
    /// Game id (`crusaders`).
    pub game: String,
    /// The game config, JSON.
    pub config: String,
    /// The setup seed (secret until the game ends).
    pub seed: u64,
    /// Published hash commitment of the seed (with the nonce when there is one).
    pub seed_commitment: String,
    /// The 128-bit nonce (hex) the commitment covers with the seed, secret until the game
    /// ends; `None` for tables stored before nonces (their commitment covers the seed alone).
    #[serde(default)]
    pub seed_nonce: Option<String>,
    /// Seats, JSON (kinds, names, token hashes).
    pub seats: String,
    /// Status.
    pub status: TableStatus,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// What a log entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A decision of the game (the action is the game's action JSON).
    Decision,
    /// The seat took back its last decision still in effect (the action is
    /// `{"undo": <version of the entry taken back>}`).
    Undo,
}

impl EntryKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Decision => "decision",
            EntryKind::Undo => "undo",
        }
    }

    pub(crate) fn parse(s: &str) -> Result<EntryKind, StoreError> {
        match s {
            "decision" => Ok(EntryKind::Decision),
            "undo" => Ok(EntryKind::Undo),
            other => Err(StoreError::Corrupt(format!(
                "unknown log entry kind `{other}`"
            ))),
        }
    }
}

/// A log entry to append.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewEntry<'a> {
    /// The deciding seat.
    pub seat: u8,
    /// What it records.
    pub kind: EntryKind,
    /// The decision, JSON.
    pub action: &'a str,
    /// The seats' remaining clock time after it (JSON array of milliseconds), if clocked.
    pub clocks: Option<&'a str>,
}

impl<'a> NewEntry<'a> {
    /// A decision without clocks.
    pub fn decision(seat: u8, action: &'a str) -> Self {
        NewEntry {
            seat,
            kind: EntryKind::Decision,
            action,
            clocks: None,
        }
    }
}

/// One stored log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRow {
    /// 1-based position in the table's log (the table version after it).
    pub version: u64,
    /// The deciding seat.
    pub seat: u8,
    /// What it records.
    pub kind: EntryKind,
    /// The decision, JSON.
    pub action: String,
    /// The seats' remaining clock time after it, if clocked.
    pub clocks: Option<String>,
}

/// A change of a table's seats and status, written only over the table as the writer read it.
#[derive(Clone, Copy, Debug)]
pub struct SeatsChange<'a> {
    /// The seats as read (the stored text, byte for byte).
    pub read_seats: &'a str,
    /// The status as read.
    pub read_status: TableStatus,
    /// The log's version as read (its last entry's version; 0 for an empty log).
    pub read_version: u64,
    /// The new seats.
    pub seats: &'a str,
    /// The new status.
    pub status: TableStatus,
}

impl<'a> SeatsChange<'a> {
    /// New seats, the status kept, over the table as read.
    pub fn seats(read: &'a str, status: TableStatus, version: u64, seats: &'a str) -> Self {
        SeatsChange {
            read_seats: read,
            read_status: status,
            read_version: version,
            seats,
            status,
        }
    }
}

/// A table with its whole decision log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// The table.
    pub table: TableRow,
    /// Its decisions in order.
    pub actions: Vec<ActionRow>,
    /// When its last log entry was stored (milliseconds since the Unix epoch), if any.
    pub last_at: Option<i64>,
}

/// Storage failures.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No such table.
    #[error("table `{0}` not found")]
    NotFound(String),
    /// A table with this id exists.
    #[error("table `{0}` already exists")]
    Exists(String),
    /// The expected version is not the current one (a stale or concurrent writer).
    #[error("version conflict: expected {expected}, the table is at {current}")]
    Conflict {
        /// What the writer expected.
        expected: u64,
        /// What the store holds.
        current: u64,
    },
    /// The seats were changed by another writer since they were read.
    #[error("the seats of table `{0}` changed meanwhile")]
    SeatsChanged(String),
    /// A stored value could not be read back.
    #[error("corrupt stored data: {0}")]
    Corrupt(String),
    /// A list holds as many rows as it keeps (a table's chat).
    #[error("{0} is full")]
    Full(String),
    /// The database failed.
    #[error("database error: {0}")]
    Database(sqlx::Error),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match e {
            // A value of the wrong type: the row, not the database, is at fault. (A missing
            // column is a schema that does not match the build: a database error.)
            sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => {
                StoreError::Corrupt(e.to_string())
            }
            other => StoreError::Database(other),
        }
    }
}

/// The storage interface of the server.
#[async_trait]
pub trait Store: accounts::Accounts + social::Social + turns::Turns + Send + Sync {
    /// Which backend ("sqlite", "postgres").
    fn backend(&self) -> &'static str;

    /// Stores a new table.
    ///
    /// # Errors
    /// [`StoreError::Exists`] for a duplicate id; database errors.
    async fn create_table(&self, table: &TableRow) -> Result<(), StoreError>;

    /// Appends an entry to a table's log, as version `expected_version + 1`. Durable when it
    /// returns; other instances sharing the database are told (see [`Store::changes`]).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the table is not at `expected_version`;
    /// [`StoreError::NotFound`] for an unknown table; database errors.
    async fn append_action(
        &self,
        table: &str,
        expected_version: u64,
        entry: NewEntry<'_>,
    ) -> Result<u64, StoreError>;

    /// Loads a table and its log.
    ///
    /// # Errors
    /// Database errors and corrupt rows.
    async fn load_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError>;

    /// Tables, newest first, optionally only those with a status. A row that cannot be read
    /// back is left out (and logged), so one corrupt row neither empties the lobby nor stops a
    /// restart.
    ///
    /// # Errors
    /// Database errors.
    async fn list_tables(&self, status: Option<TableStatus>) -> Result<Vec<TableRow>, StoreError>;

    /// Changes a table's status.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; database errors.
    async fn set_status(&self, id: &str, status: TableStatus) -> Result<(), StoreError>;

    /// Replaces a table's seats and status (joins, leaves, starts, stand-in hand-overs) if the
    /// seats, the status and the log's version are still the ones the writer read, so that two
    /// server instances sharing the database never both hand out one seat, undo each other's
    /// change, or act on a position the other has moved on from.
    ///
    /// # Errors
    /// [`StoreError::SeatsChanged`] when the table is not as the writer read it;
    /// [`StoreError::NotFound`]; database errors.
    async fn set_seats(&self, id: &str, change: SeatsChange<'_>) -> Result<(), StoreError>;

    /// Ids of tables changed by *other* server instances sharing this database (appends,
    /// status and seat changes), as they commit. `None` when the backend serves one process.
    ///
    /// # Errors
    /// Database errors while subscribing.
    async fn changes(
        &self,
    ) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<String>>, StoreError> {
        Ok(None)
    }
}

pub(crate) fn status_of(s: &str) -> Result<TableStatus, StoreError> {
    TableStatus::parse(s).ok_or_else(|| StoreError::Corrupt(format!("unknown table status `{s}`")))
}

pub(crate) fn version_of(v: i64) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| StoreError::Corrupt(format!("negative version {v}")))
}

pub(crate) fn seat_of(v: i64) -> Result<u8, StoreError> {
    u8::try_from(v).map_err(|_| StoreError::Corrupt(format!("seat {v} out of range")))
}

/// The rows that read back as tables; the others are logged and left out.
pub(crate) fn readable_rows<R>(
    rows: &[R],
    read: impl Fn(&R) -> Result<TableRow, StoreError>,
) -> Vec<TableRow> {
    rows.iter()
        .filter_map(|r| match read(r) {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::error!(error = %e, "a stored table cannot be read; left out of the list");
                None
            }
        })
        .collect()
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
