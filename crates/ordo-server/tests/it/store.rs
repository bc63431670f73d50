//! The store contract against SQLite (file and memory) and a real PostgreSQL.

use std::sync::Arc;

use ordo_server::store::{
    store_contract, NewEntry, PostgresStore, SeatsChange, SqliteStore, Store, StoreError, TableRow,
    TableStatus,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_memory_meets_the_contract() {
    let s = SqliteStore::open("sqlite::memory:").await.unwrap();
    store_contract(Arc::new(s)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_file_meets_the_contract_and_survives_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("ordo.db").display());
    let s = SqliteStore::open(&url).await.unwrap();
    store_contract(Arc::new(s.clone())).await;
    let t = TableRow {
        id: "durable".into(),
        game: "crusaders".into(),
        config: "{}".into(),
        seed: 42,
        seed_commitment: "x".into(),
        seed_nonce: None,
        seats: "[]".into(),
        status: TableStatus::Active,
        created_at: 1,
    };
    s.create_table(&t).await.unwrap();
    s.append_action("durable", 0, NewEntry::decision(1, r#"{"type":"forgo"}"#))
        .await
        .unwrap();
    drop(s);
    // Reopen: migrations are idempotent and the data is there.
    let again = SqliteStore::open(&url).await.unwrap();
    let loaded = again.load_table("durable").await.unwrap().unwrap();
    assert_eq!(loaded.table, t);
    assert_eq!(loaded.actions.len(), 1);
    assert_eq!(loaded.actions[0].seat, 1);
}

/// The machine's PostgreSQL (CI starts it); override with ORDO_TEST_POSTGRES_URL.
pub(crate) fn postgres_url() -> String {
    std::env::var("ORDO_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// Opens a store in a fresh `schema` of the machine's PostgreSQL. Without a server the test is
/// skipped (`None`), unless ORDO_REQUIRE_POSTGRES is set (as in CI): then it fails.
pub(crate) async fn open_postgres(schema: &str, test: &str) -> Option<PostgresStore> {
    match PostgresStore::open(&postgres_url(), Some(schema)).await {
        Ok(s) => Some(s),
        Err(e) => {
            assert!(
                std::env::var_os("ORDO_REQUIRE_POSTGRES").is_none(),
                "PostgreSQL required but unavailable: {e}"
            );
            eprintln!("skipped PostgreSQL {test}: {e}");
            None
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_meets_the_contract() {
    let schema = format!("ordo_test_{}_{}", std::process::id(), ordo_server_now());
    let Some(store) = open_postgres(&schema, "store contract").await else {
        return;
    };
    store_contract(Arc::new(store.clone())).await;
    // Two stores on the same database (two server instances) serialise appends.
    let other = PostgresStore::open(&postgres_url(), Some(&schema))
        .await
        .unwrap();
    store.create_table(&active_table("shared")).await.unwrap();
    let (a, b) = tokio::join!(
        store.append_action("shared", 0, NewEntry::decision(0, "{}")),
        other.append_action("shared", 0, NewEntry::decision(1, "{}"))
    );
    assert_eq!(
        u32::from(a.is_ok()) + u32::from(b.is_ok()),
        1,
        "{a:?} {b:?}"
    );
    sqlx_drop_schema(&store, &schema).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_seats_changes_and_appends_never_interleave() {
    // Two server instances on one database: one writes a table's seats over the log version it
    // read while the other appends a decision. Whichever locks the table's row first wins; the
    // other waits, and a seats change that waited for an append sees the new version.
    let schema = format!(
        "ordo_test_race_{}_{}",
        std::process::id(),
        ordo_server_now()
    );
    let Some(store) = open_postgres(&schema, "seats race test").await else {
        return;
    };
    store.create_table(&active_table("race")).await.unwrap();
    let bot = r#"[{"kind":"bot"}]"#;

    // An append in flight on the other instance: its decision is inserted but not committed.
    let mut append = store.pool().begin().await.unwrap();
    sqlx::query(
        "INSERT INTO actions (table_id, version, seat, kind, action, created_at) \
         VALUES ('race', 1, 0, 'decision', '{}', 1)",
    )
    .execute(&mut *append)
    .await
    .unwrap();
    let s = store.clone();
    let change = tokio::spawn(async move {
        s.set_seats(
            "race",
            SeatsChange::seats("[]", TableStatus::Active, 0, bot),
        )
        .await
    });
    let change = still_waiting(change, "seats written while an append was in flight").await;
    append.commit().await.unwrap();
    let written = change.await.unwrap();
    assert!(
        matches!(written, Err(StoreError::SeatsChanged(_))),
        "seats written over version 0 after version 1 committed: {written:?}"
    );
    let loaded = store.load_table("race").await.unwrap().unwrap();
    assert_eq!(
        (loaded.table.seats.as_str(), loaded.actions.len()),
        ("[]", 1)
    );

    // A seats change in flight on the other instance: a real append waits for it, then
    // appends after it.
    let mut seats = store.pool().begin().await.unwrap();
    sqlx::query("SELECT 1 FROM tables WHERE id = 'race' FOR UPDATE")
        .fetch_one(&mut *seats)
        .await
        .unwrap();
    let s = store.clone();
    let appended = tokio::spawn(async move {
        s.append_action("race", 1, NewEntry::decision(1, "{}"))
            .await
    });
    let appended = still_waiting(
        appended,
        "a decision appended while a seats change was in flight",
    )
    .await;
    sqlx::query("UPDATE tables SET seats = $1 WHERE id = 'race'")
        .bind(bot)
        .execute(&mut *seats)
        .await
        .unwrap();
    seats.commit().await.unwrap();
    assert_eq!(appended.await.unwrap().unwrap(), 2);
    let loaded = store.load_table("race").await.unwrap().unwrap();
    assert_eq!(
        (loaded.table.seats.as_str(), loaded.actions.len()),
        (bot, 2)
    );

    // Without contention the seats change goes through over the version it read.
    store
        .set_seats(
            "race",
            SeatsChange::seats(bot, TableStatus::Active, 2, "[]"),
        )
        .await
        .unwrap();
    sqlx_drop_schema(&store, &schema).await;
}

/// Gives `task` time to finish and asserts it has not: it is waiting for a lock held elsewhere.
async fn still_waiting<T: std::fmt::Debug>(
    task: tokio::task::JoinHandle<T>,
    what: &str,
) -> tokio::task::JoinHandle<T> {
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    if task.is_finished() {
        panic!("{what}: {:?}", task.await);
    }
    task
}

/// An active Crusaders table with no seats and no decisions.
fn active_table(id: &str) -> TableRow {
    TableRow {
        id: id.into(),
        game: "crusaders".into(),
        config: "{}".into(),
        seed: 1,
        seed_commitment: "x".into(),
        seed_nonce: None,
        seats: "[]".into(),
        status: TableStatus::Active,
        created_at: 1,
    }
}

fn ordo_server_now() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
}

async fn sqlx_drop_schema(store: &PostgresStore, schema: &str) {
    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(store.pool())
        .await;
}

fn old_wk_table(id: &str, config: &str) -> TableRow {
    TableRow {
        id: id.into(),
        game: "warrior-knights".into(),
        config: config.into(),
        seed: 1,
        seed_commitment: "x".into(),
        seed_nonce: None,
        seats: "[]".into(),
        status: TableStatus::Active,
        created_at: 1,
    }
}

fn old_crusaders_table(id: &str, config: &str) -> TableRow {
    TableRow {
        game: "crusaders".into(),
        ..old_wk_table(id, config)
    }
}

/// The rows of [`old_tables`] after the rules-revision migration ran again.
/// Every stored table's (id, config).
async fn configs_of(store: &impl ordo_server::store::Store) -> Vec<(String, String)> {
    store
        .list_tables(None)
        .await
        .unwrap()
        .into_iter()
        .map(|t| (t.id, t.config))
        .collect()
}

fn assert_revision_one(configs: &[(String, String)]) {
    for (id, config) in configs {
        // Not JSON objects: left as they were (such a table is reported damaged).
        match id.as_str() {
            "wk-array" | "crusaders-array" => {
                assert_eq!(config, "[3]");
                continue;
            }
            "wk-garbage" | "crusaders-garbage" => {
                assert_eq!(config, "{barons: 3");
                continue;
            }
            _ => {}
        }
        let v: serde_json::Value = serde_json::from_str(config).unwrap();
        match id.as_str() {
            "wk-empty" | "wk-spaced-empty" => assert_eq!(v, serde_json::json!({"rules": 1})),
            "wk-three" | "wk-spaced" => {
                assert_eq!(v, serde_json::json!({"rules": 1, "barons": 3}));
            }
            "wk-named" => assert_eq!(v, serde_json::json!({"barons": 3, "rules": 2})),
            "crusaders" => assert_eq!(v, serde_json::json!({"players": 2, "rules": 1})),
            "crusaders-spaced" => {
                assert_eq!(v, serde_json::json!({"rules": 1, "players": 5}));
            }
            "crusaders-named" => assert_eq!(v, serde_json::json!({"players": 2, "rules": 2})),
            other => panic!("unexpected table {other}"),
        }
    }
}

/// Warrior Knights and Crusaders tables as builds before rules revisions stored them (and some
/// a hand edited).
fn old_tables() -> Vec<TableRow> {
    vec![
        old_wk_table("wk-empty", "{}"),
        old_wk_table("wk-spaced-empty", "\n{ }\n"),
        old_wk_table("wk-three", r#"{"barons":3}"#),
        old_wk_table("wk-spaced", "\t{ \"barons\" : 3 }"),
        old_wk_table("wk-named", r#"{"barons":3,"rules":2}"#),
        old_wk_table("wk-array", "[3]"),
        old_wk_table("wk-garbage", "{barons: 3"),
        old_crusaders_table("crusaders", r#"{"players":2}"#),
        old_crusaders_table("crusaders-spaced", " {\n \"players\": 5 } "),
        old_crusaders_table("crusaders-named", r#"{"players":2,"rules":2}"#),
        old_crusaders_table("crusaders-array", "[3]"),
        old_crusaders_table("crusaders-garbage", "{barons: 3"),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_stored_before_rules_revisions_are_marked_revision_one() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("old.db").display());
    let s = SqliteStore::open(&url).await.unwrap();
    for t in old_tables() {
        s.create_table(&t).await.unwrap();
    }
    drop(s);
    // As if the database had been left by a build before the migration.
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version IN (3, 4)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let s = SqliteStore::open(&url).await.unwrap();
    let configs = configs_of(&s).await;
    assert_eq!(configs.len(), 12);
    assert_revision_one(&configs);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_marks_tables_stored_before_rules_revisions_revision_one() {
    let schema = format!("ordo_test_mig_{}_{}", std::process::id(), ordo_server_now());
    let Some(store) = open_postgres(&schema, "migration test").await else {
        return;
    };
    for t in old_tables() {
        store.create_table(&t).await.unwrap();
    }
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version IN (3, 4)")
        .execute(store.pool())
        .await
        .unwrap();
    let again = PostgresStore::open(&postgres_url(), Some(&schema))
        .await
        .unwrap();
    let configs = configs_of(&again).await;
    assert_eq!(configs.len(), 12);
    assert_revision_one(&configs);
    sqlx_drop_schema(&store, &schema).await;
}

/// Turns a database migrated by sqlx's runner into one left by the builds before it: applied
/// versions in `schema_migrations`, no `_sqlx_migrations`; versions 3 and 4 not applied yet.
const LEGACY: &str = "DROP TABLE _sqlx_migrations; \
    CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY); \
    INSERT INTO schema_migrations (version) VALUES (1), (2), (5), (6), (7), (8);";

async fn applied_sqlite(url: &str) -> (Vec<(i64, bool)>, i64) {
    let pool = sqlx::SqlitePool::connect(url).await.unwrap();
    let rows: Vec<(i64, bool)> =
        sqlx::query_as("SELECT version, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&pool)
            .await
            .unwrap();
    let legacy: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sqlite_master WHERE name = 'schema_migrations'")
            .fetch_one(&pool)
            .await
            .unwrap();
    pool.close().await;
    (rows, legacy)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_left_by_the_old_migration_runner_is_adopted_and_completed() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("legacy.db").display());
    let s = SqliteStore::open(&url).await.unwrap();
    for t in old_tables() {
        s.create_table(&t).await.unwrap();
    }
    drop(s);
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::raw_sql(LEGACY).execute(&pool).await.unwrap();
    pool.close().await;

    let s = SqliteStore::open(&url).await.unwrap();
    let configs = configs_of(&s).await;
    drop(s);
    // Every table kept; the two versions the old runner had not applied were applied now.
    assert_eq!(configs.len(), 12);
    assert_revision_one(&configs);
    let (rows, legacy) = applied_sqlite(&url).await;
    assert_eq!(rows, (1..=8).map(|v| (v, true)).collect::<Vec<_>>());
    assert_eq!(legacy, 0, "the old runner's table is dropped");
    // Opened again: nothing left to do, nothing changes.
    drop(SqliteStore::open(&url).await.unwrap());
    assert_eq!(applied_sqlite(&url).await.0.len(), 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_migration_is_refused_rather_than_run_twice() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", dir.path().join("edited.db").display());
    drop(SqliteStore::open(&url).await.unwrap());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE _sqlx_migrations SET checksum = x'00' WHERE version = 2")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let Err(e) = SqliteStore::open(&url).await else {
        panic!("a database whose applied migration differs from this build's must not open")
    };
    assert!(e.to_string().contains("2"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_adopts_a_database_left_by_the_old_migration_runner() {
    let schema = format!(
        "ordo_test_legacy_{}_{}",
        std::process::id(),
        ordo_server_now()
    );
    let Some(store) = open_postgres(&schema, "legacy migration test").await else {
        return;
    };
    for t in old_tables() {
        store.create_table(&t).await.unwrap();
    }
    sqlx::raw_sql(LEGACY).execute(store.pool()).await.unwrap();
    let again = PostgresStore::open(&postgres_url(), Some(&schema))
        .await
        .unwrap();
    let configs = configs_of(&again).await;
    assert_eq!(configs.len(), 12);
    assert_revision_one(&configs);
    let rows: Vec<(i64, bool)> =
        sqlx::query_as("SELECT version, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(again.pool())
            .await
            .unwrap();
    assert_eq!(rows, (1..=8).map(|v| (v, true)).collect::<Vec<_>>());
    let legacy: Option<String> =
        sqlx::query_scalar("SELECT to_regclass('schema_migrations')::text")
            .fetch_one(again.pool())
            .await
            .unwrap();
    assert_eq!(legacy, None);
    sqlx_drop_schema(&store, &schema).await;
}
