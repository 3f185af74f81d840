//! Kalah's rules step: random playouts, and the generic exact evaluator
//! over the step (plain minimax over every reachable position) against the
//! solver, under both capture rules. `sow_game` against the step is in
//! `properties.rs`; the solver's packed sowing and its child expansion
//! against the step are unit tests in `position.rs`.
use game::{check, exact as generic};
use mancala::{CaptureRule, Position, solver};

#[test]
fn random_playouts_conserve_seeds() {
    for rule in [CaptureRule::Handout, CaptureRule::Empty] {
        for (m, n) in [(1, 1), (2, 3), (3, 3), (4, 4), (6, 4), (6, 6)] {
            let root = Position::kalah(m, n, rule).unwrap();
            let total = 2 * m as u32 * n;
            check::random_playouts(&root, 300, 9, 100_000, |a: &Position, b: &Position| {
                if b.board().iter().sum::<u32>() != total {
                    return Err("seeds not conserved".into());
                }
                let (sa, sb) = (a.stores(), b.stores());
                if sb[0] < sa[0] || sb[1] < sa[1] {
                    return Err(format!("a store shrank: {sa:?} to {sb:?}"));
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("Kalah({m},{n}) {rule:?}: {e}"));
        }
    }
}

#[test]
fn generic_exact_equals_the_solver() {
    for rule in [CaptureRule::Handout, CaptureRule::Empty] {
        for (m, n) in [(1, 3), (2, 2), (3, 2), (2, 4), (3, 3), (4, 2)] {
            let root = Position::kalah(m, n, rule).unwrap();
            let v = generic::evaluate(
                &root,
                |p: &Position| p.clone(),
                game::Step::returns,
                5_000_000,
            )
            .unwrap();
            let solved = solver::solve(&root, &solver::Options::default()).unwrap();
            assert_eq!(v[0], f64::from(solved.value), "Kalah({m},{n}) {rule:?}");
        }
    }
}

#[test]
fn positions_are_checked_when_read() {
    let p: Position =
        serde_json::from_str(r#"{"board": [3, 3, 0, 3, 3, 0], "to_move": 1, "rule": "empty"}"#)
            .unwrap();
    assert_eq!(p.to_move(), 1);
    assert_eq!(
        serde_json::to_string(&p).unwrap(),
        r#"{"board":[3,3,0,3,3,0],"to_move":1,"rule":"empty"}"#
    );
    for bad in [
        r#"{"board": [3, 3, 0, 3, 3], "to_move": 0, "rule": "seed"}"#,
        r#"{"board": [3, -1, 0, 3, 3, 0], "to_move": 0, "rule": "seed"}"#,
        r#"{"board": [3, 3, 0, 3, 3, 0], "to_move": 2, "rule": "seed"}"#,
        r#"{"board": [3, 3, 0, 3, 3, 0], "to_move": 0, "rule": "seed", "x": 0}"#,
    ] {
        assert!(serde_json::from_str::<Position>(bad).is_err(), "{bad}");
    }
}
