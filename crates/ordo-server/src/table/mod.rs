//! Live tables in memory: seats, clocks, the game and its log, the decisions' checks and
//! commits, and what each viewer sees. Everything here is synchronous and in memory; storing
//! a change is the caller's (see the server's `pipeline` and `lobby`).

mod cache;
mod clock;
mod decide;
mod live;
mod seating;
mod seats;
mod turns;
mod view;

pub use cache::{ClassView, SharedPatch};
pub(crate) use decide::Verdict;
pub(crate) use live::SeatsBefore;
pub use live::{LiveTable, SeatKey};
pub(crate) use seats::SeatsDoc;
pub(crate) use seats::{clean_name, default_standin};
pub use seats::{free_seats, hosted_bot, SeatInfo, TableOptions, MAX_BOT_ITERATIONS, MAX_BOT_TIME};
pub use seats::{is_rated, DEFAULT_ABANDON_AFTER_MS};
pub(crate) use view::patch_between;
pub use view::{replay_step, snapshot, version_at};

pub use crate::tokens::{seed_commitment, seed_commitment_with, sha256_hex};
