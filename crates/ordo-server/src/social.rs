//! The people at a table: who is here (each seat online, away or offline, and how many watch)
//! and what they say (the players' chat and the spectators' chat, kept with the table).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use ordo_core::Viewer;
use tokio::sync::broadcast;

use crate::error::ApiError;
use crate::protocol::{ChatLine, Presence, ServerMsg, TableStatus, MAX_CHAT_CHARS, QUICK_PHRASES};
use crate::state::{AppState, TableHandle};
use crate::store::social::{ChatRow, NewChat};
use crate::store::StoreError;

/// Chat messages a connection may send in [`CHAT_WINDOW`].
pub(crate) const CHAT_BURST: usize = 5;
/// The window of [`CHAT_BURST`].
pub(crate) const CHAT_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);
/// Chat messages sent to a connection when it opens.
const CHAT_ON_CONNECT: u32 = 200;
/// Chat messages a replay step carries.
const CHAT_IN_REPLAY: usize = 50;

/// News for a table's connections besides its snapshots.
#[derive(Clone, Debug)]
pub(crate) enum Event {
    /// A message was said.
    Chat(Arc<ChatLine>),
    /// Presence changed: the message, serialized once.
    Presence(Arc<str>),
}

/// A table's connections (who is here) and its chat's news.
#[derive(Debug)]
pub(crate) struct Room {
    seats: usize,
    here: Mutex<BTreeMap<u64, (Viewer, bool)>>,
    last: Mutex<Option<Arc<str>>>,
    pub(crate) events: broadcast::Sender<Event>,
    /// Chat messages of this table are stored one at a time (their positions follow).
    pub(crate) writing: tokio::sync::Mutex<()>,
}

/// A connection's place in its room; leaving the room when dropped.
#[derive(Debug)]
pub(crate) struct Entered {
    handle: Arc<TableHandle>,
    id: u64,
}

impl Drop for Entered {
    fn drop(&mut self) {
        self.handle.room.change(|here| {
            here.remove(&self.id);
        });
    }
}

/// A fresh connection id.
pub(crate) fn connection_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Room {
    pub(crate) fn new(seats: usize) -> Room {
        Room {
            seats,
            here: Mutex::new(BTreeMap::new()),
            last: Mutex::new(None),
            events: broadcast::channel(64).0,
            writing: tokio::sync::Mutex::new(()),
        }
    }

    /// Each seat's presence and the number of spectators now.
    pub(crate) fn presence(&self) -> (Vec<Presence>, u32) {
        let mut seats = vec![Presence::Offline; self.seats];
        let mut spectators = 0u32;
        if let Ok(here) = self.here.lock() {
            for (viewer, away) in here.values() {
                match viewer {
                    Viewer::Spectator => spectators += 1,
                    Viewer::Seat(s) => {
                        if let Some(p) = seats.get_mut(s.index()) {
                            *p = match (*p, away) {
                                (Presence::Online, _) | (_, false) => Presence::Online,
                                _ => Presence::Away,
                            };
                        }
                    }
                }
            }
        }
        (seats, spectators)
    }

    /// The presence message now.
    pub(crate) fn presence_msg(&self) -> Arc<str> {
        let (seats, spectators) = self.presence();
        serde_json::to_string(&ServerMsg::Presence { seats, spectators })
            .unwrap_or_default()
            .into()
    }

    /// Changes who is here and tells the connections when presence changed.
    fn change(&self, f: impl FnOnce(&mut BTreeMap<u64, (Viewer, bool)>)) {
        if let Ok(mut here) = self.here.lock() {
            f(&mut here);
        }
        let msg = self.presence_msg();
        if let Ok(mut last) = self.last.lock() {
            if last.as_deref() != Some(&*msg) {
                *last = Some(msg.clone());
                let _ = self.events.send(Event::Presence(msg));
            }
        }
    }

    /// Enters connection `id` for `viewer` (shown, not away).
    pub(crate) fn enter(handle: &Arc<TableHandle>, id: u64, viewer: Viewer) -> Entered {
        handle.room.change(|here| {
            here.insert(id, (viewer, false));
        });
        Entered {
            handle: handle.clone(),
            id,
        }
    }

    /// Connection `id`'s page was hidden (`away`) or shown again.
    pub(crate) fn set_away(&self, id: u64, away: bool) {
        self.change(|here| {
            if let Some(entry) = here.get_mut(&id) {
                entry.1 = away;
            }
        });
    }
}

/// A chat message as sent: its text, cleaned, or a known quick phrase.
///
/// # Errors
/// [`ApiError::ChatRefused`]: nothing to say, both a text and a phrase, an unknown phrase, a
/// text over [`MAX_CHAT_CHARS`].
pub(crate) fn said(
    text: Option<&str>,
    phrase: Option<&str>,
) -> Result<(String, Option<String>), ApiError> {
    match (text, phrase) {
        (Some(_), Some(_)) => Err(ApiError::ChatRefused(
            "a chat message has a text or a phrase, not both".into(),
        )),
        (None, Some(p)) if QUICK_PHRASES.contains(&p) => Ok((String::new(), Some(p.into()))),
        (None, Some(p)) => Err(ApiError::ChatRefused(format!(
            "no quick phrase `{}`",
            p.chars().take(32).collect::<String>()
        ))),
        (Some(t), None) => {
            // Plain text: control characters go (a line break becomes a space).
            let clean: String = t
                .chars()
                .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
                .filter(|c| !c.is_control())
                .collect();
            let clean = clean.trim();
            if clean.is_empty() {
                return Err(ApiError::ChatRefused("the message is empty".into()));
            }
            if clean.chars().count() > MAX_CHAT_CHARS {
                return Err(ApiError::ChatRefused(format!(
                    "at most {MAX_CHAT_CHARS} characters in a message"
                )));
            }
            Ok((clean.to_string(), None))
        }
        (None, None) => Err(ApiError::ChatRefused(
            "a `chat` message needs `text` or `phrase`".into(),
        )),
    }
}

fn line_of(row: ChatRow) -> ChatLine {
    ChatLine {
        seq: row.seq,
        channel: row.channel,
        seat: row.seat,
        name: row.name,
        phrase: row.phrase,
        text: row.text,
        at_version: row.at_version,
        at: row.at,
    }
}

/// Whether `viewer` may read a message of `channel` at a table of `status`: the players' chat
/// always; the spectators' chat if a spectator, or once the game is over.
pub(crate) fn may_read(viewer: Viewer, channel: &str, status: TableStatus) -> bool {
    channel == "players" || viewer == Viewer::Spectator || status == TableStatus::Finished
}

impl AppState {
    /// Says a message at table `id` as `viewer` (named `spectator_name` when a spectator):
    /// stored, then sent to every connection that may read it.
    ///
    /// # Errors
    /// A message that cannot be said ([`said`]); a seat held by an unused invite; the chat is
    /// full; storage errors.
    pub(crate) async fn say(
        &self,
        id: &str,
        handle: &TableHandle,
        viewer: Viewer,
        spectator_name: Option<&str>,
        text: Option<&str>,
        phrase: Option<&str>,
    ) -> Result<(), ApiError> {
        let (text, phrase) = said(text, phrase)?;
        let _one_at_a_time = handle.room.writing.lock().await;
        let (channel, seat, name, at_version) = {
            let t = handle.lock().await;
            let finished = t.status() == TableStatus::Finished;
            match viewer {
                Viewer::Seat(s) => {
                    if t.invite_only(s) {
                        return Err(ApiError::BadToken);
                    }
                    let name = t.seats().get(s.index()).and_then(|x| x.name.clone());
                    ("players", Some(s.0), name, t.version())
                }
                Viewer::Spectator => (
                    if finished { "players" } else { "spectators" },
                    None,
                    spectator_name.map(str::to_string),
                    t.version(),
                ),
            }
        };
        let line = NewChat {
            channel,
            seat,
            name: name.as_deref(),
            phrase: phrase.as_deref(),
            text: &text,
            at_version,
        };
        // Another server sharing the database may have taken the position: once more.
        let seq = match self.store.add_chat(id, line).await {
            Err(StoreError::Exists(_)) => self.store.add_chat(id, line).await?,
            other => other?,
        };
        let _ = handle.room.events.send(Event::Chat(Arc::new(ChatLine {
            seq,
            channel: channel.into(),
            seat,
            name,
            phrase,
            text,
            at_version,
            at: crate::store::now_ms(),
        })));
        Ok(())
    }

    /// The chat `viewer` may read at table `id` now (the latest messages).
    ///
    /// # Errors
    /// Storage errors.
    pub(crate) async fn chat_for(
        &self,
        id: &str,
        viewer: Viewer,
        status: TableStatus,
    ) -> Result<Vec<ChatLine>, ApiError> {
        Ok(self
            .store
            .chat_of(id, CHAT_ON_CONNECT)
            .await?
            .into_iter()
            .filter(|r| may_read(viewer, &r.channel, status))
            .map(line_of)
            .collect())
    }

    /// The chat a replay shows at the position that stood until table version `upto`: what
    /// was said until then (the last [`CHAT_IN_REPLAY`] messages), the spectators' chat only
    /// once the game is over.
    ///
    /// # Errors
    /// Storage errors.
    pub(crate) async fn chat_until(
        &self,
        id: &str,
        upto: u64,
        status: TableStatus,
    ) -> Result<Vec<ChatLine>, ApiError> {
        let mut lines: Vec<ChatLine> = self
            .store
            .chat_of(
                id,
                u32::try_from(crate::store::social::MAX_CHAT_LINES).unwrap_or(u32::MAX),
            )
            .await?
            .into_iter()
            .filter(|r| r.at_version <= upto)
            .filter(|r| r.channel == "players" || status == TableStatus::Finished)
            .map(line_of)
            .collect();
        let cut = lines.len().saturating_sub(CHAT_IN_REPLAY);
        lines.drain(..cut);
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_plain_text_or_a_known_phrase() {
        assert_eq!(
            said(Some("  hi\nthere\u{7} "), None).ok(),
            Some(("hi there".to_string(), None))
        );
        assert_eq!(
            said(None, Some("good_game")).ok(),
            Some((String::new(), Some("good_game".to_string())))
        );
        for bad in [
            said(Some(" \n "), None),
            said(None, Some("<script>")),
            said(Some("a"), Some("thanks")),
            said(None, None),
            said(Some(&"x".repeat(MAX_CHAT_CHARS + 1)), None),
        ] {
            assert!(matches!(bad, Err(ApiError::ChatRefused(_))), "{bad:?}");
        }
        assert!(said(Some(&"é".repeat(MAX_CHAT_CHARS)), None).is_ok());
    }

    #[test]
    fn the_spectators_chat_stays_theirs_until_the_end() {
        let seat = Viewer::Seat(ordo_core::Seat(0));
        assert!(may_read(seat, "players", TableStatus::Active));
        assert!(!may_read(seat, "spectators", TableStatus::Active));
        assert!(may_read(
            Viewer::Spectator,
            "spectators",
            TableStatus::Active
        ));
        assert!(may_read(seat, "spectators", TableStatus::Finished));
    }

    #[test]
    fn presence_counts_seats_and_spectators() {
        let room = Room::new(3);
        room.change(|h| {
            h.insert(1, (Viewer::Seat(ordo_core::Seat(0)), false));
            h.insert(2, (Viewer::Seat(ordo_core::Seat(1)), true));
            h.insert(3, (Viewer::Spectator, false));
            h.insert(4, (Viewer::Spectator, true));
        });
        assert_eq!(
            room.presence(),
            (vec![Presence::Online, Presence::Away, Presence::Offline], 2)
        );
        room.set_away(1, true);
        assert_eq!(room.presence().0[0], Presence::Away);
        room.change(|h| {
            h.insert(5, (Viewer::Seat(ordo_core::Seat(0)), false));
        });
        assert_eq!(
            room.presence().0[0],
            Presence::Online,
            "one shown page is enough"
        );
    }
}
