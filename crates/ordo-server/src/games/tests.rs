//! The hosted games through their common interface.

use super::*;

#[test]
fn every_registered_game_starts_parses_and_applies_through_one_path() {
    for &k in GameKind::ALL {
        let g = AnyGame::new(k.id(), &serde_json::json!({}), 3);
        let Ok(mut g) = g else {
            panic!("{}: {g:?}", k.id());
        };
        let seat = g.pending().iter().next().expect("someone decides first");
        let legal = g.legal(seat);
        let a = g
            .parse_action(&legal[0].action)
            .expect("a listed decision parses");
        assert_eq!(a.to_value(), legal[0].action);
        g.check(seat, &a).expect("and is legal");
        g.apply_checked(seat, &a).expect("applies");
        assert_eq!(g.version(), 1);
        let again = g.rebuild([(seat, &a)]).expect("rebuilds");
        assert_eq!(again.view(Viewer::Spectator), g.view(Viewer::Spectator));
        assert!(matches!(
            g.parse_action(&serde_json::json!({"type": "no_such_decision"})),
            Err(ApiError::Malformed(_))
        ));
    }
    assert!(matches!(
        AnyGame::new("chess", &serde_json::json!({}), 1),
        Err(ApiError::InvalidTable(_))
    ));
}
