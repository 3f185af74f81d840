//! Properties of sow_game over random boards and moves.
use mancala::{CaptureRule, Position, sow_game};
use proptest::prelude::*;

fn valid_game() -> impl Strategy<Value = (Vec<i64>, Vec<i64>)> {
    (1usize..=6).prop_flat_map(|n| {
        (
            proptest::collection::vec(0i64..=12, 2 * n + 2),
            proptest::collection::vec(0i64..n as i64, 0..60),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn seeds_are_conserved((board, moves) in valid_game()) {
        let (after, _) = sow_game(&board, &moves).unwrap();
        prop_assert_eq!(after.iter().map(|&x| i64::from(x)).sum::<i64>(), board.iter().sum::<i64>());
    }

    #[test]
    fn never_panics(
        board in proptest::collection::vec(-3i64..=300, 0..25),
        moves in proptest::collection::vec(-3i64..=12, 0..40),
    ) {
        let _ = sow_game(&board, &moves);
    }

    #[test]
    fn equals_replay_through_the_position_type((board, moves) in valid_game()) {
        let (after, next) = sow_game(&board, &moves).unwrap();
        let mut p = Position::new(&board, 0, CaptureRule::Handout).unwrap();
        for &m in &moves {
            p.sow_move(m as usize);
        }
        prop_assert_eq!(p.board(), &after[..]);
        let expect = if p.is_over() { -1 } else { p.to_move() as i32 };
        prop_assert_eq!(next, expect);
    }

    #[test]
    fn input_is_not_changed((board, moves) in valid_game()) {
        let copy = board.clone();
        let _ = sow_game(&board, &moves);
        prop_assert_eq!(board, copy);
    }
}
