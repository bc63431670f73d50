//! Durable storage behind one narrow interface, with an SQLite and a PostgreSQL implementation
//! that pass the same contract suite ([`store_contract`]).
//!
//! A table is stored once (game, config, seed, seats, status) and its decisions are append-only
//! rows `(table, version, seat, action)`, unique per `(table, version)`: a decision is durable
//! once `append_action` returns, and two writers can never both append the same version.

mod postgres;
mod sqlite;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Waiting for players.
    Open,
    /// Being played.
    Active,
    /// Over.
    Finished,
}

impl TableStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Active => "active",
            TableStatus::Finished => "finished",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<TableStatus> {
        match s {
            "open" => Some(TableStatus::Open),
            "active" => Some(TableStatus::Active),
            "finished" => Some(TableStatus::Finished),
            _ => None,
        }
    }
}

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
    /// Published hash commitment of the seed.
    pub seed_commitment: String,
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
pub trait Store: Send + Sync {
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

/// The contract every store must meet. Run against each backend by the test suite.
///
/// # Panics
/// On a contract violation (this is test code).
pub async fn store_contract(store: std::sync::Arc<dyn Store>) {
    let prefix = format!("t{}-", now_ms());
    let table = |n: &str| TableRow {
        id: format!("{prefix}{n}"),
        game: "crusaders".into(),
        config: r#"{"players":2}"#.into(),
        seed: u64::MAX - 7,
        seed_commitment: "c0ffee".into(),
        seats: "[]".into(),
        status: TableStatus::Open,
        created_at: now_ms(),
    };
    let b = store.backend();
    // Create and load back, including a seed above i64::MAX.
    let t = table("a");
    store
        .create_table(&t)
        .await
        .unwrap_or_else(|e| panic!("{b}: create: {e}"));
    let loaded = store
        .load_table(&t.id)
        .await
        .unwrap_or_else(|e| panic!("{b}: load: {e}"));
    assert_eq!(
        loaded.as_ref().map(|s| &s.table),
        Some(&t),
        "{b}: round trip"
    );
    assert!(
        matches!(store.create_table(&t).await, Err(StoreError::Exists(_))),
        "{b}: duplicate id"
    );
    assert!(
        store
            .load_table("no-such-table")
            .await
            .map(|t| t.is_none())
            .unwrap_or(false),
        "{b}: unknown id"
    );
    // Append in order; versions count from 1.
    for v in 0..5u64 {
        let got = store
            .append_action(
                &t.id,
                v,
                NewEntry::decision((v % 2) as u8, &format!(r#"{{"n":{v}}}"#)),
            )
            .await;
        assert_eq!(got.ok(), Some(v + 1), "{b}: append {v}");
    }
    // A stale writer and a writer from the future are refused with the current version.
    match store
        .append_action(&t.id, 3, NewEntry::decision(0, "{}"))
        .await
    {
        Err(StoreError::Conflict {
            expected: 3,
            current: 5,
        }) => {}
        other => panic!("{b}: stale append gave {other:?}"),
    }
    match store
        .append_action(&t.id, 9, NewEntry::decision(0, "{}"))
        .await
    {
        Err(StoreError::Conflict {
            expected: 9,
            current: 5,
        }) => {}
        other => panic!("{b}: gap append gave {other:?}"),
    }
    assert!(
        matches!(
            store
                .append_action("no-such-table", 0, NewEntry::decision(0, "{}"))
                .await,
            Err(StoreError::NotFound(_))
        ),
        "{b}"
    );
    let loaded = store
        .load_table(&t.id)
        .await
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("{b}: reload"));
    assert_eq!(loaded.actions.len(), 5);
    assert_eq!(
        loaded.actions[4],
        ActionRow {
            version: 5,
            seat: 0,
            kind: EntryKind::Decision,
            action: r#"{"n":4}"#.into(),
            clocks: None,
        }
    );
    // Undo entries and clocks are stored as given.
    let undo = NewEntry {
        seat: 1,
        kind: EntryKind::Undo,
        action: r#"{"undo":5}"#,
        clocks: Some("[1000,2000]"),
    };
    assert_eq!(
        store.append_action(&t.id, 5, undo).await.ok(),
        Some(6),
        "{b}: undo entry"
    );
    let loaded = store
        .load_table(&t.id)
        .await
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("{b}: reload"));
    assert_eq!(
        loaded.actions.last(),
        Some(&ActionRow {
            version: 6,
            seat: 1,
            kind: EntryKind::Undo,
            action: r#"{"undo":5}"#.into(),
            clocks: Some("[1000,2000]".into()),
        }),
        "{b}"
    );
    // Concurrent writers at the same version: exactly one wins.
    let mut handles = Vec::new();
    for i in 0..8u8 {
        let s = store.clone();
        let id = t.id.clone();
        handles.push(tokio::spawn(async move {
            let action = format!(r#"{{"w":{i}}}"#);
            s.append_action(&id, 6, NewEntry::decision(i % 2, &action))
                .await
        }));
    }
    let mut wins = 0;
    for h in handles {
        match h.await {
            Ok(Ok(7)) => wins += 1,
            Ok(Err(StoreError::Conflict { .. })) => {}
            other => panic!("{b}: concurrent append gave {other:?}"),
        }
    }
    assert_eq!(wins, 1, "{b}: exactly one concurrent append wins");
    // Status and seats.
    store
        .set_status(&t.id, TableStatus::Active)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    // The log holds versions 1..=7 now.
    let bot = r#"[{"kind":"bot"}]"#;
    store
        .set_seats(
            &t.id,
            SeatsChange::seats(&t.seats, TableStatus::Active, 7, bot),
        )
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    // Seats are replaced only over the table as the writer read it: older seats, another
    // status or another version are refused and change nothing; an unknown table is not found.
    let human = r#"[{"kind":"human"}]"#;
    for (read, status, version) in [
        (t.seats.as_str(), TableStatus::Active, 7),
        (bot, TableStatus::Open, 7),
        (bot, TableStatus::Active, 6),
        (bot, TableStatus::Active, 8),
    ] {
        assert!(
            matches!(
                store
                    .set_seats(&t.id, SeatsChange::seats(read, status, version, human))
                    .await,
                Err(StoreError::SeatsChanged(_))
            ),
            "{b}: seats written over a change ({read}, {status:?}, {version})"
        );
    }
    assert!(matches!(
        store
            .set_seats(
                "no-such-table",
                SeatsChange::seats("[]", TableStatus::Open, 0, "[]")
            )
            .await,
        Err(StoreError::NotFound(_))
    ));
    // Writing the same seats again is not a change by someone else; the status goes with
    // the seats.
    store
        .set_seats(
            &t.id,
            SeatsChange {
                read_seats: bot,
                read_status: TableStatus::Active,
                read_version: 7,
                seats: bot,
                status: TableStatus::Finished,
            },
        )
        .await
        .unwrap_or_else(|e| panic!("{b}: same seats again: {e}"));
    let loaded = store.load_table(&t.id).await.ok().flatten();
    assert_eq!(
        loaded.map(|l| (l.table.seats, l.table.status)),
        Some((bot.to_string(), TableStatus::Finished)),
        "{b}"
    );
    store
        .set_status(&t.id, TableStatus::Active)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    let loaded = store
        .load_table(&t.id)
        .await
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("{b}: reload"));
    assert_eq!(loaded.table.status, TableStatus::Active);
    assert_eq!(loaded.table.seats, r#"[{"kind":"bot"}]"#);
    assert!(matches!(
        store
            .set_status("no-such-table", TableStatus::Finished)
            .await,
        Err(StoreError::NotFound(_))
    ));
    // Listing by status.
    let t2 = table("b");
    store
        .create_table(&t2)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    let active = store
        .list_tables(Some(TableStatus::Active))
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert!(
        active.iter().any(|r| r.id == t.id) && !active.iter().any(|r| r.id == t2.id),
        "{b}: list active"
    );
    let all = store
        .list_tables(None)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert!(
        all.iter().any(|r| r.id == t.id) && all.iter().any(|r| r.id == t2.id),
        "{b}: list all"
    );
}
