//! The browser client's TypeScript declarations are generated from the Rust types, so client and
//! server cannot drift: this test fails when `web/src/generated.ts` is out of date (refresh it
//! with `UPDATE_EXPECT=1 cargo test -p ordo-server --test it bindings`).

use ts_rs::TS;

fn declarations() -> String {
    let mut decls = vec![
        ordo_core::Seat::decl(),
        ordo_core::Viewer::decl(),
        crusaders::View::decl(),
        crusaders::TrackView::decl(),
        crusaders::PhaseView::decl(),
        crusaders::StepView::decl(),
        crusaders::RegionView::decl(),
        crusaders::BuildingView::decl(),
        crusaders::WedgeView::decl(),
        crusaders::PlayerView::decl(),
        crusaders::DivineView::decl(),
        crusaders::Action::decl(),
        crusaders::SowChoice::decl(),
        crusaders::Act::decl(),
        crusaders::BuildingKind::decl(),
        crusaders::EnemyKind::decl(),
        crusaders::SaracenFace::decl(),
        crusaders::Enemy::decl(),
        crusaders::Order::decl(),
        crusaders::RegionId::decl(),
        crusaders::data::Side::decl(),
        crusaders::data::BonusTile::decl(),
        crusaders::data::TileEffect::decl(),
        crusaders::data::InfluenceTile::decl(),
        crusaders::Variant::decl(),
        crusaders::ScoreBreakdown::decl(),
        crusaders::Config::decl(),
        crusaders::Expansions::decl(),
        crusaders::Effect::decl(),
        crusaders::Built::decl(),
        crusaders::Resolved::decl(),
        warrior_knights::Loc::decl(),
        warrior_knights::CityState::decl(),
        warrior_knights::Expedition::decl(),
        warrior_knights::Battle::decl(),
        warrior_knights::Fort::decl(),
        warrior_knights::Stage::decl(),
        warrior_knights::Assembly::decl(),
        warrior_knights::AStage::decl(),
        warrior_knights::NobleView::decl(),
        warrior_knights::BaronView::decl(),
        warrior_knights::Mine::decl(),
        warrior_knights::BattleView::decl(),
        warrior_knights::AssemblyView::decl(),
        warrior_knights::PhaseView::decl(),
        warrior_knights::RevoltView::decl(),
        warrior_knights::Standing::decl(),
        warrior_knights::EventDrawn::decl(),
        warrior_knights::EventResult::decl(),
        warrior_knights::Loss::decl(),
        warrior_knights::KingView::decl(),
        warrior_knights::GloryView::decl(),
        warrior_knights::HeirToken::decl(),
        warrior_knights::Stake::decl(),
        warrior_knights::OpenOffer::decl(),
        warrior_knights::MissionResult::decl(),
        warrior_knights::View::decl(),
        warrior_knights::cards::EventColour::decl(),
        warrior_knights::Holder::decl(),
        warrior_knights::Site::decl(),
        warrior_knights::Target::decl(),
        warrior_knights::Zone::decl(),
        warrior_knights::BaronCard::decl(),
        warrior_knights::NeutralCard::decl(),
        warrior_knights::Card::decl(),
        warrior_knights::Ballot::decl(),
        warrior_knights::Proposal::decl(),
        warrior_knights::Action::decl(),
        warrior_knights::Config::decl(),
        warrior_knights::Length::decl(),
        warrior_knights::Optional::decl(),
        warrior_knights::Effect::decl(),
        warrior_knights::Voted::decl(),
        warrior_knights::Drawn::decl(),
    ];
    decls.extend(ordo_server::protocol::declarations());
    decls.sort();
    let mut out = String::from(
        "// Generated from the Rust types by `UPDATE_EXPECT=1 cargo test -p ordo-server --test it bindings`.\n// Do not edit.\n\n",
    );
    for d in decls {
        out.push_str("export ");
        out.push_str(&d);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[test]
fn typescript_declarations_are_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated.ts");
    let want = declarations();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "web/src/generated.ts is out of date: run UPDATE_EXPECT=1 cargo test -p ordo-server --test it bindings"
    );
}
