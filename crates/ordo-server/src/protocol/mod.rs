//! Every type that crosses the wire, HTTP and WebSocket (`docs/protocol.md`). The browser
//! client's TypeScript declarations are generated from these types ([`declarations`]). This
//! module is a leaf: it depends on no other part of the server.

mod accounts;
mod common;
mod lobby;
mod play;
mod social;
mod turns;

pub use accounts::{ChangePassword, DeleteMe, Me, SignIn, SignUp, UpdateMe};
pub use common::{SeatPublic, TableStatus};

pub use lobby::{
    Ack, ActionRequest, BotRatingEntry, ClockSpec, CreateTable, Created, GameEntry, Invite,
    JoinRequest, Joined, NameSeat, Pace, Rematched, SeatKind, StartRequest, StatusAnswer,
    TableInfo, TableSummary, TokenBody, UndoRequest,
};
pub use play::{
    ClientMsg, ErrorBody, Hint, Hints, Legal, LogLine, ReplayStep, ServerMsg, Snapshot,
};
pub use social::{ChatLine, MyTable, MyTableState, Presence, MAX_CHAT_CHARS, QUICK_PHRASES};
pub use turns::{
    AbandonAnswer, AbandonVote, LeaderRow, Leaderboard, NotifySettings, Profile, ProfileRating,
    ProfileRole, RatingChange, RatingPoint, SetNotify, WebhookTest,
};

use ts_rs::TS;

/// TypeScript declarations of the protocol types.
pub fn declarations() -> Vec<String> {
    vec![
        SignUp::decl(),
        SignIn::decl(),
        ChangePassword::decl(),
        UpdateMe::decl(),
        DeleteMe::decl(),
        Me::decl(),
        SeatPublic::decl(),
        Legal::decl(),
        LogLine::decl(),
        Hint::decl(),
        Hints::decl(),
        ReplayStep::decl(),
        Snapshot::decl(),
        ServerMsg::decl(),
        ClientMsg::decl(),
        ErrorBody::decl(),
        TableSummary::decl(),
        TableStatus::decl(),
        SeatKind::decl(),
        ClockSpec::decl(),
        Pace::decl(),
        CreateTable::decl(),
        Created::decl(),
        Joined::decl(),
        TableInfo::decl(),
        GameEntry::decl(),
        BotRatingEntry::decl(),
        Ack::decl(),
        StatusAnswer::decl(),
        Rematched::decl(),
        NameSeat::decl(),
        Invite::decl(),
        ChatLine::decl(),
        Presence::decl(),
        MyTableState::decl(),
        MyTable::decl(),
        RatingChange::decl(),
        NotifySettings::decl(),
        SetNotify::decl(),
        WebhookTest::decl(),
        AbandonVote::decl(),
        AbandonAnswer::decl(),
        LeaderRow::decl(),
        Leaderboard::decl(),
        ProfileRating::decl(),
        ProfileRole::decl(),
        RatingPoint::decl(),
        Profile::decl(),
    ]
}
