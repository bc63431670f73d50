//! The store contract's part for turn-based play: notification settings, the unsubscribe key,
//! vacations, results recorded once, ratings, the leaderboard's order and a player's results.

use super::turns::{NotifyPrefs, ResultRow, StoredRating};
use super::Store;

fn rating(r: f64, games: u32, wins: u32) -> StoredRating {
    StoredRating {
        rating: r,
        deviation: 200.0,
        volatility: 0.06,
        games,
        wins,
    }
}

fn result(table: &str, account: i64, place: u8, after: Option<StoredRating>) -> ResultRow {
    ResultRow {
        table: table.into(),
        account,
        game: "crusaders".into(),
        group: "3-4".into(),
        seat: place,
        role: format!("{place}"),
        place,
        rated: after.is_some(),
        rating_before: after.map(|_| 1500.0),
        rating_after: after,
        at: super::now_ms(),
    }
}

/// # Panics
/// On a contract violation (test code).
pub(super) async fn turns_contract(store: &dyn Store, prefix: &str) {
    let b = store.backend();
    let tag = prefix.trim_end_matches('-');
    let ann = store
        .create_account(&format!("Ann{tag}"), "$argon2id$x", Some("ann@example.org"))
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    let ben = store
        .create_account(&format!("Ben{tag}"), "$argon2id$x", None)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    let found = store.account_by_id(ann).await.ok().flatten();
    assert_eq!(
        found.map(|a| a.email),
        Some(Some("ann@example.org".into())),
        "{b}"
    );
    assert!(store
        .notify_prefs(ann)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"))
        .is_none());
    let key = format!("{tag}key");
    let mut prefs = NotifyPrefs::defaults(key.clone());
    prefs.email = true;
    prefs.webhook = Some("https://hooks.example.org/x".into());
    prefs.vacation_until = Some(super::now_ms() + 86_400_000);
    store
        .set_notify_prefs(ann, &prefs)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert_eq!(
        store.notify_prefs(ann).await.ok().flatten(),
        Some(prefs.clone()),
        "{b}"
    );
    let away = store.vacations(super::now_ms()).await.unwrap_or_default();
    assert!(away.iter().any(|&(a, _)| a == ann), "{b}: vacations listed");
    assert!(store.unsubscribe(&key).await.unwrap_or(false), "{b}");
    assert!(
        !store.unsubscribe("no such key").await.unwrap_or(true),
        "{b}"
    );
    let after = store.notify_prefs(ann).await.ok().flatten();
    assert_eq!(
        after.map(|p| (p.email, p.sound)),
        Some((false, true)),
        "{b}: only e-mail off"
    );

    let table = format!("{tag}rated");
    let rows = [
        result(&table, ann, 0, Some(rating(1600.0, 1, 1))),
        result(&table, ben, 1, Some(rating(1400.0, 1, 0))),
    ];
    assert!(store
        .record_results(&rows)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}")));
    assert!(
        !store
            .record_results(&rows)
            .await
            .unwrap_or_else(|e| panic!("{b}: {e}")),
        "{b}: a table's results are recorded once"
    );
    let r = store.rating(ann, "crusaders", "3-4").await.ok().flatten();
    assert_eq!(r, Some(rating(1600.0, 1, 1)), "{b}");
    assert!(
        store
            .rating(ann, "crusaders", "2")
            .await
            .ok()
            .flatten()
            .is_none(),
        "{b}"
    );
    // A casual table: results without ratings.
    let casual = format!("{tag}casual");
    assert!(store
        .record_results(&[result(&casual, ben, 0, None)])
        .await
        .unwrap_or(false));
    let board = store
        .leaderboard("crusaders", "3-4", 100)
        .await
        .unwrap_or_default();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    let (ia, ib) = (
        names.iter().position(|n| *n == format!("Ann{tag}")),
        names.iter().position(|n| *n == format!("Ben{tag}")),
    );
    assert!(
        ia.is_some() && ia < ib,
        "{b}: leaderboard by rating: {names:?}"
    );
    let mine = store.results_of(ben).await.unwrap_or_default();
    assert_eq!(mine.len(), 2, "{b}");
    assert!(
        mine.iter().any(|r| !r.rated && r.rating_after.is_none()),
        "{b}"
    );
    assert_eq!(
        store.ratings_of(ben).await.unwrap_or_default().len(),
        1,
        "{b}"
    );
    // Deleting an account deletes its settings, results and ratings.
    store
        .delete_account(ann)
        .await
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    assert!(
        store.notify_prefs(ann).await.ok().flatten().is_none(),
        "{b}"
    );
    assert!(
        store.results_of(ann).await.unwrap_or_default().is_empty(),
        "{b}"
    );
    let board = store
        .leaderboard("crusaders", "3-4", 100)
        .await
        .unwrap_or_default();
    assert!(board.iter().all(|r| r.name != format!("Ann{tag}")), "{b}");
}
