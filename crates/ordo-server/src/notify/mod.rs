//! Telling players it is their turn when they are not looking: e-mail over SMTP (one mail per
//! table per turn, several tables waiting in one mail), a webhook per account (a JSON POST
//! Discord and Slack incoming webhooks understand, retried with backoff), reminders at half
//! and 90 % of a turn-based clock, and a word when a clock ran out. Pages that are open do
//! their own sound and browser notification from "My games".
//!
//! Decisions never wait on any of it: the pipeline queues a note and goes on; a worker task
//! sends.

mod mail;
mod webhook;
mod words;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use crate::store::turns::NotifyPrefs;
use crate::store::Store;

pub use mail::{SmtpTls, SmtpUrl};
pub(crate) use webhook::{check_webhook, test_webhook};
pub use words::LANGS;

/// How the host's server sends notifications.
#[derive(Clone, Debug)]
pub struct NotifyConfig {
    /// The SMTP server (`smtp://user:pass@host:port`; STARTTLS when offered), if any.
    pub smtp: Option<SmtpUrl>,
    /// The sender of the mails.
    pub mail_from: String,
    /// The site's address as players reach it (the links in mails and webhooks).
    pub public_url: String,
    /// How long turns wait to be sent together in one mail.
    pub mail_batch: Duration,
    /// The waits before each new try of a webhook call that failed.
    pub webhook_backoff: Vec<Duration>,
    /// Webhooks may call addresses on this machine or private networks (tests, closed
    /// networks); refused by default.
    pub allow_private_webhooks: bool,
}

impl Default for NotifyConfig {
    fn default() -> Self {
        NotifyConfig {
            smtp: None,
            mail_from: "Ordo <ordo@localhost>".into(),
            public_url: "http://127.0.0.1:8080".into(),
            mail_batch: Duration::from_secs(60),
            webhook_backoff: vec![
                Duration::from_secs(5),
                Duration::from_secs(30),
                Duration::from_secs(300),
            ],
            allow_private_webhooks: false,
        }
    }
}

/// Another player at the table, as a note names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Who {
    /// A player's name.
    Named(String),
    /// A bot, by its level.
    Bot(String),
    /// A guest who gave no name.
    Guest,
}

/// Something to tell a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Note {
    /// A decision made it their turn.
    YourTurn {
        account: i64,
        table: String,
        game: String,
        /// The other players.
        others: Vec<Who>,
    },
    /// Part of a turn-based clock's time has gone.
    Reminder {
        account: i64,
        table: String,
        game: String,
        percent: u8,
        left_ms: i64,
    },
    /// The player's time ran out: the stand-in plays for them.
    TimedOut {
        account: i64,
        table: String,
        game: String,
        at_move: u64,
    },
}

impl Note {
    fn account(&self) -> i64 {
        match self {
            Note::YourTurn { account, .. }
            | Note::Reminder { account, .. }
            | Note::TimedOut { account, .. } => *account,
        }
    }

    fn table(&self) -> &str {
        match self {
            Note::YourTurn { table, .. }
            | Note::Reminder { table, .. }
            | Note::TimedOut { table, .. } => table,
        }
    }
}

/// The notification queue and its worker.
#[derive(Debug)]
pub struct Notifier {
    tx: mpsc::UnboundedSender<Note>,
    /// The host's settings.
    pub config: Arc<NotifyConfig>,
    /// Accounts on vacation: id → until (milliseconds since the Unix epoch).
    vacations: std::sync::Mutex<BTreeMap<i64, i64>>,
    pub(crate) http: reqwest::Client,
}

impl Notifier {
    /// A notifier whose worker sends through `store`'s settings until `stop` changes.
    pub(crate) fn start(
        config: NotifyConfig,
        store: Arc<dyn Store>,
        stop: tokio::sync::watch::Receiver<bool>,
        metrics: Arc<crate::metrics::Metrics>,
    ) -> Arc<Notifier> {
        let (tx, rx) = mpsc::unbounded_channel();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("Ordo")
            .build()
            .unwrap_or_default();
        let n = Arc::new(Notifier {
            tx,
            config: Arc::new(config),
            vacations: std::sync::Mutex::default(),
            http,
        });
        let worker = Worker {
            notifier: n.clone(),
            store,
            metrics,
            pending: BTreeMap::new(),
        };
        tokio::spawn(worker.run(rx, stop));
        n
    }

    /// Queues a note (never waits).
    pub(crate) fn send(&self, note: Note) {
        let _ = self.tx.send(note);
    }

    /// Whether `account` is on vacation now.
    pub fn on_vacation(&self, account: i64) -> bool {
        let now = crate::store::now_ms();
        self.vacations
            .lock()
            .is_ok_and(|v| v.get(&account).is_some_and(|&until| until > now))
    }

    /// Notes an account's vacation (`None`: not on vacation).
    pub(crate) fn set_vacation(&self, account: i64, until: Option<i64>) {
        if let Ok(mut v) = self.vacations.lock() {
            match until {
                Some(u) => v.insert(account, u),
                None => v.remove(&account),
            };
        }
    }
}

/// Turns waiting to be mailed to one account.
#[derive(Debug)]
struct Batch {
    due: tokio::time::Instant,
    notes: Vec<Note>,
}

struct Worker {
    notifier: Arc<Notifier>,
    store: Arc<dyn Store>,
    metrics: Arc<crate::metrics::Metrics>,
    pending: BTreeMap<i64, Batch>,
}

impl Worker {
    async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Note>,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) {
        if let Ok(list) = self.store.vacations(crate::store::now_ms()).await {
            for (account, until) in list {
                self.notifier.set_vacation(account, Some(until));
            }
        }
        loop {
            let next = self.pending.values().map(|b| b.due).min();
            let wait = async {
                match next {
                    Some(due) => tokio::time::sleep_until(due).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                note = rx.recv() => match note {
                    Some(note) => self.take(note).await,
                    None => return,
                },
                () = wait => self.flush_due().await,
                _ = stop.changed() => return,
            }
        }
    }

    async fn prefs(&self, account: i64) -> Option<(NotifyPrefs, Option<String>)> {
        let prefs = match self.store.notify_prefs(account).await {
            Ok(Some(p)) => p,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(account, error = %e, "notification settings not read");
                return None;
            }
        };
        let email = match self.store.account_by_id(account).await {
            Ok(Some(a)) if !a.disabled => a.email,
            Ok(_) => return None,
            Err(e) => {
                tracing::warn!(account, error = %e, "account not read");
                return None;
            }
        };
        Some((prefs, email))
    }

    async fn take(&mut self, note: Note) {
        let account = note.account();
        let Some((prefs, email)) = self.prefs(account).await else {
            return;
        };
        if let Some(url) = prefs.webhook.clone() {
            let n = self.notifier.clone();
            let metrics = self.metrics.clone();
            let note = note.clone();
            let lang = prefs.lang.clone();
            tokio::spawn(async move {
                let ok = webhook::deliver(&n, &url, &note, &lang).await;
                if ok {
                    metrics.webhooks_sent.increment(1);
                } else {
                    metrics.webhooks_failed.increment(1);
                }
            });
        }
        if !prefs.email || email.is_none() || self.notifier.config.smtp.is_none() {
            return;
        }
        match note {
            Note::YourTurn { .. } => {
                let batch = self.pending.entry(account).or_insert_with(|| Batch {
                    due: tokio::time::Instant::now() + self.notifier.config.mail_batch,
                    notes: Vec::new(),
                });
                // One mail per table per turn: a later turn at the same table replaces it.
                batch.notes.retain(|n| n.table() != note.table());
                batch.notes.push(note);
            }
            other => self.mail(account, vec![other]).await,
        }
    }

    async fn flush_due(&mut self) {
        let now = tokio::time::Instant::now();
        let due: Vec<i64> = self
            .pending
            .iter()
            .filter(|(_, b)| b.due <= now)
            .map(|(&a, _)| a)
            .collect();
        for account in due {
            if let Some(batch) = self.pending.remove(&account) {
                self.mail(account, batch.notes).await;
            }
        }
    }

    async fn mail(&self, account: i64, notes: Vec<Note>) {
        let Some(smtp) = self.notifier.config.smtp.clone() else {
            return;
        };
        let Some((prefs, Some(to))) = self.prefs(account).await else {
            return;
        };
        if !prefs.email || notes.is_empty() {
            return;
        }
        let cfg = &self.notifier.config;
        match mail::send(&smtp, cfg, &to, &prefs, &notes).await {
            Ok(()) => self.metrics.mails_sent.increment(1),
            Err(e) => {
                self.metrics.mails_failed.increment(1);
                tracing::warn!(account, error = %e, "notification mail not sent");
            }
        }
    }
}
