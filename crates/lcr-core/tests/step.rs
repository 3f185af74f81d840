//! Classic LCR's rules step: random playouts, the same seeded games
//! through the step and the fast `Game::play`, and the generic exact
//! evaluator over the step against the Markov-chain solver.
use dice::SeededDice;
use game::{Step, check, exact as generic};
use lcr_core::{ClassicState, Game, exact};

#[test]
fn random_playouts_conserve_coins() {
    for (players, coins) in [(2, 3), (3, 3), (5, 1), (4, 2), (9, 3)] {
        let root = ClassicState::new(players, coins).unwrap();
        let total = players as u32 * coins;
        let stats = check::random_playouts(&root, 300, 11, 1_000_000, |a, b| {
            let sum: u32 = b.coins().iter().sum::<u32>() + b.center();
            if sum != total {
                return Err(format!("{sum} coins in play and center, not {total}"));
            }
            if b.center() < a.center() || b.turns() != a.turns() + 1 {
                return Err("the center shrank or a turn was not counted".into());
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{players}x{coins}: {e}"));
        assert_eq!(stats.games, 300);
    }
}

#[test]
fn step_and_fast_game_agree_on_the_same_dice() {
    for (players, coins) in [(2, 3), (3, 3), (6, 3), (10, 2), (4, 7)] {
        let mut fast = Game::new(players, coins).unwrap();
        for seed in 0..300 {
            let o = fast.play(&mut SeededDice::new(seed, 1)).unwrap();
            let end = game::playout(
                ClassicState::new(players, coins).unwrap(),
                &mut SeededDice::new(seed, 1),
                |_, _| (),
                10_000_000,
            )
            .unwrap();
            assert_eq!(
                end.winner(),
                Some(o.winner),
                "{players}x{coins} seed {seed}"
            );
            assert_eq!(end.turns(), o.turns);
            assert_eq!(end.coins(), fast.coins());
            assert_eq!(end.center(), fast.center());
        }
    }
}

#[test]
fn generic_exact_equals_the_markov_solver() {
    for (players, coins) in [(3, 2), (2, 3), (4, 1), (3, 3), (2, 5)] {
        let root = ClassicState::new(players, coins).unwrap();
        let v = generic::evaluate(
            &root,
            |s: &ClassicState| (s.coins().to_vec(), s.seat()),
            |s| s.returns(),
            1_000_000,
        )
        .unwrap();
        let solved = exact::solve(&exact::ExactConfig::new(players, coins)).unwrap();
        for (seat, (a, b)) in v.iter().zip(&solved.win_probability).enumerate() {
            assert!(
                (a - b).abs() < 1e-10,
                "{players}x{coins} seat {seat}: {a} vs {b}"
            );
        }
    }
}

/// The transcript is the fast game on the same dice, throw by throw
/// through `Throw::apply`; its script replays it exactly.
#[test]
fn transcript_is_the_fast_game_and_its_script_replays_it() {
    for (players, coins) in [(2, 1), (3, 3), (5, 2), (8, 3)] {
        for seed in 0..300 {
            let fast =
                lcr_core::play_game(players, coins, &mut dice::SeededDice::new(seed, 0)).unwrap();
            let t = lcr_core::play_transcript(
                players,
                coins,
                &mut dice::SeededDice::new(seed, 0),
                1 << 20,
            )
            .unwrap();
            assert_eq!(t.result, fast, "{players}x{coins} seed {seed}");
            assert_eq!(t.throws.len() as u64, fast.rolling_turns);
            let replay = lcr_core::play_scripted(players, coins, &t.script).unwrap();
            assert_eq!(replay, fast);
            let mut total = 0;
            for r in &t.throws {
                let lost = r.faces.chars().filter(|c| *c != '.').count() as u32;
                assert_eq!(lost, r.throw.lost());
                total += 1;
                assert_eq!(
                    r.coins.iter().sum::<u32>() + r.center,
                    players as u32 * coins
                );
            }
            assert_eq!(total, t.throws.len());
        }
    }
    let too_long = lcr_core::play_transcript(6, 3, &mut dice::SeededDice::new(1, 0), 3);
    assert!(matches!(too_long, Err(lcr_core::LcrError::TooLong(3))));
}
