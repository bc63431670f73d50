//! Leaving a game well: resigning (the stand-in plays the seat to the end) and the rematch
//! offered at the end (a new table with the same game, options and seats, each seat kept for
//! its player until they accept or decline).

use ordo_core::Seat;

use crate::error::ApiError;
use crate::protocol::{CreateTable, Rematched, TableStatus};
use crate::state::{again_on_fresh_seats, AppState};
use crate::table::{clean_name, SeatKey};
use crate::tokens::random_hex;

impl AppState {
    /// The player of `key`'s seat resigns.
    ///
    /// # Errors
    /// An unknown key; not a player's seat; the table not being played; resigned already;
    /// storage errors.
    pub async fn resign(&self, id: &str, key: SeatKey<'_>) -> Result<Seat, ApiError> {
        let seat = again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            let seat = t.resign(key)?;
            self.save_seats(&handle, &mut t, id, before).await?;
            Ok(seat)
        })
        .await?;
        tracing::info!(table = %id, seat = seat.0, "seat resigned");
        self.spawn_bots(id);
        Ok(seat)
    }

    /// A guest names their seat.
    ///
    /// # Errors
    /// An unknown key; a bot's or an account's seat; an empty name; storage errors.
    pub async fn rename(&self, id: &str, key: SeatKey<'_>, name: &str) -> Result<(), ApiError> {
        again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            t.rename(key, name)?;
            self.save_seats(&handle, &mut t, id, before).await
        })
        .await
    }

    /// The player of `key`'s seat at finished table `id` accepts a rematch (offering it when
    /// nobody has yet): they take their seat at the new table, bound to `holder`.
    ///
    /// # Errors
    /// The table is not over; the player answered already; storage errors.
    pub async fn accept_rematch(
        &self,
        id: &str,
        key: SeatKey<'_>,
        holder: Option<&str>,
        name: Option<String>,
    ) -> Result<Rematched, ApiError> {
        // Offering a rematch creates a table: it counts under the caps on unfinished tables
        // (for the account offering it, and in total), checked and noted under the gate.
        // A table still being played is told so first, before any cap.
        let offered = {
            let handle = self.table(id).await?;
            let t = handle.lock().await;
            if t.status() != TableStatus::Finished {
                return Err(ApiError::Rematch(
                    "a rematch is offered once the game is over",
                ));
            }
            t.options().rematch.is_some()
        };
        let _gate = if offered {
            None
        } else {
            let gate = self.create_gate.lock().await;
            self.check_table_caps(None, holder).await?;
            Some(gate)
        };
        let (seat, table, new) = again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            let seat = t.answer_rematch(key, true)?;
            let (table, new) = match t.options().rematch.clone() {
                Some(table) => (table, false),
                None => {
                    let table = self.rematch_table(&t, holder).await?;
                    t.set_rematch(table.clone());
                    (table, true)
                }
            };
            self.save_seats(&handle, &mut t, id, before).await?;
            Ok((seat, table, new))
        })
        .await?;
        if new {
            self.note_host(holder, &table);
        }
        drop(_gate);
        tracing::info!(table = %id, seat = seat.0, rematch = %table, "rematch accepted");
        let name = name.as_deref().map(clean_name);
        let token = random_hex(16)?;
        let (taken, started) = again_on_fresh_seats(|| async {
            let handle = self.table(&table).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            let taken = t.take_reserved(seat, holder, name.clone(), &token)?;
            self.save_seats(&handle, &mut t, &table, before).await?;
            Ok((taken, t.status() == TableStatus::Active))
        })
        .await?;
        if started {
            self.spawn_bots(&table);
        }
        Ok(Rematched {
            table,
            seat: taken.seat.0,
            token: taken.token,
            bound: taken.bound,
        })
    }

    /// The player of `key`'s seat declines the rematch offered.
    ///
    /// # Errors
    /// No rematch offered; answered already; storage errors.
    pub async fn decline_rematch(&self, id: &str, key: SeatKey<'_>) -> Result<(), ApiError> {
        let (seat, table) = again_on_fresh_seats(|| async {
            let handle = self.table(id).await?;
            let mut t = handle.lock_live().await?;
            let before = t.seats_before();
            let seat = t.answer_rematch(key, false)?;
            self.save_seats(&handle, &mut t, id, before).await?;
            Ok((seat, t.options().rematch.clone()))
        })
        .await?;
        tracing::info!(table = %id, seat = seat.0, "rematch declined");
        // The seat kept at the new table is no longer the player's (it leaves their games).
        if let Some(table) = table {
            again_on_fresh_seats(|| async {
                let handle = self.table(&table).await?;
                let mut t = handle.lock_live().await?;
                let before = t.seats_before();
                if t.release_reserved(seat) {
                    self.save_seats(&handle, &mut t, &table, before).await?;
                }
                Ok(())
            })
            .await?;
        }
        Ok(())
    }

    /// A new table for a rematch of `t`: the same game, options and seats (bots keep their
    /// levels), waiting for its players, each human seat kept for the player who held it.
    async fn rematch_table(
        &self,
        t: &crate::table::LiveTable,
        offered_by: Option<&str>,
    ) -> Result<String, ApiError> {
        let config = serde_json::from_str(&t.row().config)
            .map_err(|e| ApiError::Internal(format!("config of {}: {e}", t.id())))?;
        let req = CreateTable {
            game: t.row().game.clone(),
            config,
            seats: t.seats().iter().map(|s| s.kind.clone()).collect(),
            lobby: true,
            pace: t.options().pace,
            clock: t.options().clock,
            standin: Some(t.options().standin.clone()),
            tutorial: false,
            rated: t.options().rated,
        };
        let keep: Vec<(Option<String>, Option<String>)> = t
            .seats()
            .iter()
            .map(|s| (s.holder.clone(), s.name.clone()))
            .collect();
        Ok(self.create_table(req, &keep, None, offered_by).await?.id)
    }
}
