//! Chips + center are conserved every round, for random tables, chips and
//! seeds; every game ends within its round limit.
use dice::SeededDice;
use lcr_variants::{EndCheck, Game, Table, Variant, face_of_code};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    (
        proptest::array::uniform6(0i64..4),
        proptest::collection::vec(0u32..15, 2..10),
        1u32..60,
        any::<bool>(),
    )
        .prop_map(|(codes, mut chips, max_rounds, turn)| {
            // A game needs a chip somewhere (all zero is refused).
            if chips.iter().all(|&c| c == 0) {
                chips[0] = 1;
            }
            let table = Table(codes.map(|c| face_of_code(c).unwrap()));
            let end = if turn {
                EndCheck::Turn
            } else {
                EndCheck::Round
            };
            Variant::new("random", table, chips, max_rounds, end).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn chips_and_center_are_conserved(v in variant(), seed in any::<u64>(), start in 0usize..10) {
        let mut game = Game::new(&v);
        let total: u32 = v.starting_chips.iter().sum();
        let mut dice = SeededDice::new(seed, 0);
        let mut center = 0;
        let start = start % v.starting_chips.len();
        for _ in 0..v.max_rounds {
            center += game.play_round(start, &mut dice).unwrap();
            prop_assert_eq!(game.chips().iter().sum::<u32>() + center, total);
        }
    }

    #[test]
    fn games_end_within_their_limit(v in variant(), seed in any::<u64>()) {
        let mut game = Game::new(&v);
        let r = game.play(&mut SeededDice::new(seed, 1)).unwrap();
        prop_assert!(r.rounds >= 1 && r.rounds <= v.max_rounds);
        let total: u32 = v.starting_chips.iter().sum();
        let held: u32 = r.chips.iter().sum();
        match r.winner {
            // The winner collects the center: nothing is lost.
            Some(w) => {
                prop_assert_eq!(held, total);
                prop_assert!(r.chips.iter().enumerate().all(|(i, &c)| (i == w) == (c > 0)));
            }
            None => prop_assert!(held <= total),
        }
    }
}
