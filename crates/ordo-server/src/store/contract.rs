//! The contract every store must meet: one suite, run against each backend by the tests.

use super::{
    now_ms, ActionRow, EntryKind, NewEntry, SeatsChange, Store, StoreError, TableRow, TableStatus,
};

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
        seed_nonce: None,
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
    accounts_contract(&*store, &prefix).await;
    social_contract(&*store, &prefix).await;
    super::contract_turns::turns_contract(&*store, &prefix).await;
}

/// Chat in order per table, the latest on request; the holders of seats follow the seats in
/// the same write, and list a person's tables with their last decision's time.
async fn social_contract(store: &dyn Store, prefix: &str) {
    use super::social::NewChat;
    let b = store.backend();
    let id = format!("{prefix}social");
    let alice = format!("a:{}", now_ms());
    let bob = format!("g:{prefix}bob");
    let seats =
        format!(r#"{{"seats":[{{"kind":"human","holder":"{alice}"}},{{"kind":"human"}}]}}"#);
    store
        .create_table(&TableRow {
            id: id.clone(),
            game: "crusaders".into(),
            config: r#"{"players":2}"#.into(),
            seed: 1,
            seed_commitment: "c".into(),
            seed_nonce: None,
            seats: seats.clone(),
            status: TableStatus::Open,
            created_at: now_ms(),
        })
        .await
        .unwrap_or_else(|e| panic!("{b}: create: {e}"));
    let mine = store.tables_of(&alice, 10).await.unwrap_or_default();
    assert_eq!(mine.len(), 1, "{b}: the creator's seat is listed");
    assert_eq!(
        (mine[0].table.id.as_str(), mine[0].seat, mine[0].last_at),
        (id.as_str(), 0, None)
    );
    assert!(store
        .tables_of(&bob, 10)
        .await
        .unwrap_or_default()
        .is_empty());
    // Bob takes seat 1: listed for him from the same write.
    let both = format!(
        r#"{{"seats":[{{"kind":"human","holder":"{alice}"}},{{"kind":"human","holder":"{bob}"}}]}}"#
    );
    store
        .set_seats(&id, SeatsChange::seats(&seats, TableStatus::Open, 0, &both))
        .await
        .unwrap_or_else(|e| panic!("{b}: set seats: {e}"));
    let his = store.tables_of(&bob, 10).await.unwrap_or_default();
    assert_eq!(
        his.iter().map(|h| h.seat).collect::<Vec<_>>(),
        vec![1],
        "{b}: Bob's seat"
    );
    // A refused change of the seats changes no holder.
    let stale = store
        .set_seats(
            &id,
            SeatsChange::seats(&seats, TableStatus::Open, 0, &seats),
        )
        .await;
    assert!(
        matches!(stale, Err(StoreError::SeatsChanged(_))),
        "{b}: stale seats"
    );
    assert_eq!(store.tables_of(&bob, 10).await.unwrap_or_default().len(), 1);
    store
        .append_action(&id, 0, NewEntry::decision(0, "{}"))
        .await
        .unwrap_or_else(|e| panic!("{b}: append: {e}"));
    let after = store.tables_of(&alice, 10).await.unwrap_or_default();
    assert!(after[0].last_at.is_some(), "{b}: the last decision's time");
    // Chat: positions from 1, in order, the latest on request.
    for n in 0..4u64 {
        let seq = store
            .add_chat(
                &id,
                NewChat {
                    channel: if n == 2 { "spectators" } else { "players" },
                    seat: (n != 2).then_some((n % 2) as u8),
                    name: Some("Alice"),
                    phrase: (n == 3).then_some("good_game"),
                    text: if n == 3 { "" } else { "hello" },
                    at_version: n,
                },
            )
            .await
            .unwrap_or_else(|e| panic!("{b}: chat: {e}"));
        assert_eq!(seq, n + 1, "{b}: chat positions");
    }
    let last = store.chat_of(&id, 2).await.unwrap_or_default();
    assert_eq!(
        last.iter().map(|l| l.seq).collect::<Vec<_>>(),
        vec![3, 4],
        "{b}: latest"
    );
    assert_eq!(
        (last[0].channel.as_str(), last[0].seat),
        ("spectators", None)
    );
    assert_eq!(last[1].phrase.as_deref(), Some("good_game"));
    assert_eq!(store.chat_of(&id, 100).await.unwrap_or_default().len(), 4);
    let unknown = store
        .add_chat(
            "no-such-table",
            NewChat {
                channel: "players",
                seat: Some(0),
                name: None,
                phrase: None,
                text: "x",
                at_version: 0,
            },
        )
        .await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound(_))),
        "{b}: chat of no table"
    );
}

/// Accounts and sessions: unique names without regard to case, sessions found by their hash
/// only, ended one by one or all but one, gone with a disabled or deleted account.
async fn accounts_contract(store: &dyn Store, prefix: &str) {
    let b = store.backend();
    let name = format!("Alice{}", prefix.trim_end_matches('-'));
    let id = store
        .create_account(&name, "$argon2id$hash", None)
        .await
        .unwrap_or_else(|e| panic!("{b}: create account: {e}"));
    assert!(
        matches!(
            store.create_account(&name.to_uppercase(), "x", None).await,
            Err(StoreError::Exists(_))
        ),
        "{b}: a name differing only in case is taken"
    );
    let found = store
        .account_named(&name.to_lowercase())
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"))
        .unwrap_or_else(|| panic!("{b}: account not found by its name in another case"));
    assert_eq!(
        (found.id, found.name.as_str(), found.disabled),
        (id, name.as_str(), false)
    );
    assert_eq!(found.email, None, "{b}");
    store
        .set_email(id, Some("alice@example.org"))
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    store
        .set_password(id, "$argon2id$other")
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    let found = store.account_named(&name).await.ok().flatten();
    assert_eq!(
        found.map(|a| (a.email, a.password_hash)),
        Some((Some("alice@example.org".into()), "$argon2id$other".into())),
        "{b}"
    );
    assert!(
        matches!(
            store.set_password(-5, "x").await,
            Err(StoreError::NotFound(_))
        ),
        "{b}"
    );
    // Sessions.
    for s in ["s1", "s2", "s3"] {
        store
            .create_session(&format!("{prefix}{s}"), id)
            .await
            .unwrap_or_else(|e| panic!("{b}: {e}"));
    }
    let (acc, _) = store
        .session_account(&format!("{prefix}s1"), true)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"))
        .unwrap_or_else(|| panic!("{b}: session not found"));
    assert_eq!(acc.id, id, "{b}");
    assert!(
        store
            .session_account("no-such-session", false)
            .await
            .ok()
            .flatten()
            .is_none(),
        "{b}"
    );
    store
        .delete_session(&format!("{prefix}s2"))
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    let ended = store
        .delete_sessions(id, Some(&format!("{prefix}s1")))
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert_eq!(ended, 1, "{b}: all but the kept one (s3)");
    let alive = |s: &'static str| async move {
        store
            .session_account(&format!("{prefix}{s}"), false)
            .await
            .ok()
            .flatten()
            .is_some()
    };
    assert!(
        alive("s1").await && !alive("s2").await && !alive("s3").await,
        "{b}"
    );
    // Disabling ends the sessions; deleting removes the account.
    store
        .set_disabled(id, true)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert!(
        !alive("s1").await,
        "{b}: sessions end with a disabled account"
    );
    assert!(
        store
            .account_named(&name)
            .await
            .ok()
            .flatten()
            .is_some_and(|a| a.disabled),
        "{b}"
    );
    store
        .create_session(&format!("{prefix}s4"), id)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    store
        .delete_account(id)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert!(
        !alive("s4").await,
        "{b}: sessions end with a deleted account"
    );
    assert!(
        store.account_named(&name).await.ok().flatten().is_none(),
        "{b}"
    );
    assert!(
        store
            .list_accounts()
            .await
            .unwrap_or_else(|e| panic!("{b}: {e}"))
            .iter()
            .all(|a| a.id != id),
        "{b}"
    );
    assert!(
        matches!(store.delete_account(id).await, Err(StoreError::NotFound(_))),
        "{b}"
    );
}
