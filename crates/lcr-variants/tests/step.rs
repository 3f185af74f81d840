//! The variants' rules step: random playouts, the same seeded games through
//! the step and the fast `Game` the study runs, and the generic exact
//! evaluator over the step against the study on a small game.
use dice::SeededDice;
use game::{check, exact as generic};
use lcr_variants::{EndCheck, Game, StudyConfig, Variant, VariantState, study};

fn variants() -> Vec<Variant> {
    let mut v: Vec<Variant> = lcr_variants::NAMED
        .iter()
        .map(|n| Variant::named(n).unwrap())
        .collect();
    v.push(
        Variant::new(
            "small",
            "0,0,0,1,2,3".parse().unwrap(),
            vec![1, 2, 1],
            6,
            EndCheck::Round,
        )
        .unwrap(),
    );
    v.push(
        Variant::new(
            "turns",
            "1,1,2,2,3,3".parse().unwrap(),
            vec![3, 3, 3, 3],
            20,
            EndCheck::Turn,
        )
        .unwrap(),
    );
    v.push(
        Variant::new(
            "passing",
            "0,1,1,3,3,3".parse().unwrap(),
            vec![2, 2],
            50,
            EndCheck::Round,
        )
        .unwrap(),
    );
    v
}

#[test]
fn random_playouts_conserve_chips() {
    for v in variants() {
        let total: u32 = v.starting_chips.iter().sum();
        // The nine-seat named games run up to 900 steps a game: fewer games.
        let games = if v.starting_chips.len() > 4 { 30 } else { 300 };
        check::random_playouts(&VariantState::new(&v), games, 5, 100_000, |a, b| {
            let sum: u32 = b.chips().iter().sum::<u32>() + b.center();
            if sum != total {
                return Err(format!("{sum} chips, not {total}"));
            }
            if b.rounds() < a.rounds() || b.rounds() > b.variant().max_rounds {
                return Err(format!("round {} after {}", b.rounds(), a.rounds()));
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{}: {e}", v.name));
    }
}

#[test]
fn step_and_fast_game_agree_on_the_same_dice() {
    for v in variants() {
        let mut fast = Game::new(&v);
        let games = if v.starting_chips.len() > 4 { 60 } else { 400 };
        for seed in 0..games {
            let r = fast.play(&mut SeededDice::new(seed, 2)).unwrap();
            let end = game::playout(
                VariantState::new(&v),
                &mut SeededDice::new(seed, 2),
                |_, _| (),
                10_000_000,
            )
            .unwrap();
            assert_eq!(
                end.ended().unwrap().winner,
                r.winner,
                "{} seed {seed}",
                v.name
            );
            assert_eq!(end.chips(), &r.chips[..], "{} seed {seed}", v.name);
            assert_eq!(end.rounds(), r.rounds);
            assert_eq!(end.start(), Some(r.start));
        }
    }
}

/// `play_round` (the assignment's `playRound`) against the step: one
/// round from each starting seat on the same dice.
#[test]
fn play_round_is_one_round_of_the_step() {
    // play_round plays every seat; a turn end check may stop the step early.
    for v in variants()
        .into_iter()
        .filter(|v| v.end_check == EndCheck::Round)
    {
        let n = v.starting_chips.len();
        for seed in 0..50u64 {
            let start = (seed as usize) % n;
            let mut fast = Game::new(&v);
            let center = fast
                .play_round(start, &mut SeededDice::new(seed, 4))
                .unwrap();
            let mut d = SeededDice::new(seed, 4);
            let mut s = VariantState::new(&v);
            game::Step::apply_outcome(&mut s, &lcr_variants::step::VariantOutcome::Start(start))
                .unwrap();
            for _ in 0..n {
                if s.rounds() != 1 || s.ended().is_some() {
                    break;
                }
                let o = game::Step::sample_outcome(&s, &mut d).unwrap();
                game::Step::apply_outcome(&mut s, &o).unwrap();
            }
            // A round that ends the game moves the center to the winner.
            let mut chips = s.chips().to_vec();
            if let Some(w) = s.ended().and_then(|e| e.winner) {
                chips[w] -= center;
            } else {
                assert_eq!(s.center(), center, "{} seed {seed}", v.name);
            }
            assert_eq!(chips, fast.chips(), "{} seed {seed}", v.name);
        }
    }
}

/// The exact chance of a winner and expected chips of a small game, by the
/// generic evaluator over the step, against the study's simulation of the
/// same game (within 4.5 standard errors).
#[test]
fn generic_exact_agrees_with_the_study() {
    for v in [
        Variant::new(
            "small",
            "0,0,0,1,2,3".parse().unwrap(),
            vec![1, 2, 1],
            4,
            EndCheck::Round,
        )
        .unwrap(),
        Variant::new(
            "turns",
            "0,0,1,2,3,3".parse().unwrap(),
            vec![2, 1, 1],
            3,
            EndCheck::Turn,
        )
        .unwrap(),
    ] {
        let n = v.starting_chips.len();
        let exact = generic::evaluate(
            &VariantState::new(&v),
            |s: &VariantState| s.clone(),
            |s| {
                let mut x = vec![f64::from(u8::from(
                    s.ended().and_then(|e| e.winner).is_some(),
                ))];
                x.extend(s.chips().iter().map(|&c| f64::from(c)));
                x
            },
            1_000_000,
        )
        .unwrap();
        let s = study(
            &v,
            &StudyConfig {
                checkpoints: vec![400_000],
                seed: 3,
                threads: 2,
            },
        )
        .unwrap();
        let row = &s.rows[0];
        let se = |ci95: f64| ci95 / 1.96;
        assert!(
            (row.winner_fraction - exact[0]).abs() < 4.5 * se(row.winner_ci95).max(1e-4),
            "{}: winner {} vs exact {}",
            v.name,
            row.winner_fraction,
            exact[0]
        );
        for seat in 0..n {
            let (sim, ex) = (row.expected_chips[seat], exact[1 + seat]);
            assert!(
                (sim - ex).abs() < 4.5 * se(row.expected_chips_ci95[seat]).max(1e-4),
                "{} seat {seat}: {sim} vs exact {ex}",
                v.name
            );
        }
    }
}
