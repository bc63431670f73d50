//! "My games": the tables where the person asking (signed in, or a guest by their cookie)
//! holds a seat, on any device, in the order a player wants them: their turn first, then
//! waiting for others, then tables not started, then finished ones.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};

use crate::accounts::Identity;
use crate::error::ApiError;
use crate::protocol::{MyTable, MyTableState, Presence, TableStatus};
use crate::state::AppState;
use crate::store::social::HeldTable;
use crate::table::{SeatInfo, SeatsDoc};

/// Most tables listed.
const MAX_LISTED: u32 = 200;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/api/me/tables", get(my_tables))
}

#[utoipa::path(
    get,
    path = "/api/me/tables",
    summary = "My games: the tables where the person asking (signed-in account, or a guest by the guest cookie) holds a seat, their turn first, then waiting for others, then not started, then finished (at most 200)",
    responses((status = 200, description = "The tables", body = Vec<MyTable>))
)]
async fn my_tables(
    State(state): State<AppState>,
    who: Identity,
) -> Result<Json<Vec<MyTable>>, ApiError> {
    let Some(holder) = who.holder.as_deref() else {
        return Ok(Json(Vec::new()));
    };
    let held = state.store.tables_of(holder, MAX_LISTED).await?;
    let mut list = Vec::with_capacity(held.len());
    for h in held {
        if state.damage(&h.table.id).is_some() {
            continue;
        }
        list.push(entry(&state, h).await);
    }
    list.sort_by(|a, b| {
        let last = |t: &MyTable| t.last_move_at.unwrap_or(t.created_at);
        a.state.cmp(&b.state).then(last(b).cmp(&last(a)))
    });
    Ok(Json(list))
}

/// One table of the list: live facts from the table in memory (loaded if unfinished), the
/// stored ones otherwise.
async fn entry(state: &AppState, h: HeldTable) -> MyTable {
    let row = &h.table;
    let live = if row.status == TableStatus::Finished {
        state.held(&row.id).await
    } else {
        state.table(&row.id).await.ok()
    };
    let (status, seats, your_turn, clocks, presence) = match &live {
        Some(handle) => {
            let t = handle.lock().await;
            let seat = ordo_core::Seat(h.seat);
            let away = t.seats().get(seat.index()).is_some_and(|s| s.away);
            let your_turn =
                t.status() == TableStatus::Active && !away && t.game().pending().contains(seat);
            (
                t.status(),
                t.seats().iter().map(SeatInfo::public).collect::<Vec<_>>(),
                your_turn,
                t.options().clock.map(|_| t.clocks_now()),
                handle.room.presence().0,
            )
        }
        None => {
            let seats = SeatsDoc::parse(&row.seats)
                .map(|d| d.seats.iter().map(SeatInfo::public).collect::<Vec<_>>())
                .unwrap_or_default();
            let n = seats.len();
            (row.status, seats, false, None, vec![Presence::Offline; n])
        }
    };
    let options = SeatsDoc::parse(&row.seats)
        .map(|d| d.options)
        .unwrap_or_default();
    let my_state = match status {
        TableStatus::Active if your_turn => MyTableState::YourTurn,
        TableStatus::Active => MyTableState::Waiting,
        TableStatus::Open => MyTableState::Open,
        TableStatus::Finished => MyTableState::Finished,
    };
    MyTable {
        id: row.id.clone(),
        game: row.game.clone(),
        status,
        state: my_state,
        your_turn,
        seat: h.seat,
        seats,
        presence,
        clocks,
        last_move_at: h.last_at,
        created_at: row.created_at,
        rated: options.rated,
        pace: options.pace,
        clock: options.clock,
    }
}

/// My games: this area's part of the OpenAPI document (`http::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(my_tables))]
pub(super) struct Api;
