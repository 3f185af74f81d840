//! Hog's rules step: random playouts under every rule set, the same seeded
//! games through the step, `play` and `play_fast`, and the generic exact
//! evaluator over the step against the dynamic programs.
use dice::SeededDice;
use game::{Step, check, exact as generic};
use hog::{HogState, Rules, Strategy, exact};

fn all_rules(goal: u32) -> Vec<Rules> {
    (0..8)
        .map(|b| Rules::new(goal, b & 1 == 0, b & 2 == 0, b & 4 == 0).unwrap())
        .collect()
}

#[test]
fn random_playouts_under_every_rule_set() {
    for rules in all_rules(100).into_iter().chain(all_rules(23)) {
        let stats = check::random_playouts(&HogState::new(rules), 400, 7, 10_000, |x, y| {
            let (before, now) = (x.scores(), y.scores());
            let (b, a) = (before[0] + before[1], now[0] + now[1]);
            // Scores never drop, except that a swap exchanges them; the
            // sum never drops at all.
            let grew = now[0] >= before[0] && now[1] >= before[1];
            let swapped = now[0] >= before[1] && now[1] >= before[0] && rules.swine_swap();
            if a < b || !(grew || swapped) {
                return Err(format!("scores went from {before:?} to {now:?}"));
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{}: {e}", rules.describe()));
        assert_eq!(stats.games, 400);
        assert!(stats.sampling_checked > 0);
    }
}

/// `play` (through the step), `play_fast` and a generic playout of the step
/// with the strategies as the policy give the same games on the same dice.
#[test]
fn step_play_and_play_fast_agree_on_the_same_dice() {
    let names = [
        "final",
        "swap",
        "always:3",
        "bacon:6:4",
        "always:10",
        "optimal",
    ];
    for rules in all_rules(100) {
        let strategies: Vec<Strategy> = names
            .iter()
            .map(|n| Strategy::named(n, &rules).unwrap())
            .filter(|s| rules.check_strategy(s).is_ok())
            .collect();
        for (i, a) in strategies.iter().enumerate() {
            let b = &strategies[(i + 1) % strategies.len()];
            for seed in 0..40 {
                let fast = hog::play_fast(a, b, &rules, &mut SeededDice::new(seed, 3)).unwrap();
                let game = hog::play(a, b, &rules, &mut SeededDice::new(seed, 3)).unwrap();
                assert_eq!(
                    [game.score0, game.score1],
                    fast,
                    "{} {a} {b} {seed}",
                    rules.describe()
                );
                let end = game::playout(
                    HogState::new(rules),
                    &mut SeededDice::new(seed, 3),
                    |s: &HogState, _| {
                        let (me, them) = s.view();
                        let st = if s.mover() == Some(0) { a } else { b };
                        st.rolls(me, them)
                    },
                    10_000,
                )
                .unwrap();
                assert_eq!(end.scores(), fast);
                assert_eq!(end.winner(), Some(game.winner));
            }
        }
    }
}

/// The generic evaluator over the step equals the dynamic programs, at goal
/// 20 under all eight rule sets: evaluation of fixed strategies (moving
/// first and second) and the minimax value.
#[test]
fn generic_exact_equals_the_dynamic_programs() {
    for rules in all_rules(20) {
        let root = HogState::new(rules);
        let key = |s: &HogState| s.clone();
        let opt = exact::optimal(&rules);
        let v = generic::evaluate(&root, key, |s| s.returns(), 100_000).unwrap();
        assert!(
            (v[0] - opt.first_player_win).abs() < 1e-12,
            "{}: {v:?}",
            rules.describe()
        );
        for (a, b) in [
            (Strategy::Always(2), Strategy::Always(4)),
            (opt.strategy.clone(), Strategy::Always(1)),
        ] {
            let r = exact::average_win_rate(&a, &b, &rules).unwrap();
            let pick = |first: &Strategy, second: &Strategy| {
                let (first, second) = (first.clone(), second.clone());
                move |s: &HogState| {
                    let (me, them) = s.view();
                    if s.mover() == Some(0) {
                        first.rolls(me, them)
                    } else {
                        second.rolls(me, them)
                    }
                }
            };
            let f =
                generic::evaluate_with(&root, key, |s| s.returns(), Some(pick(&a, &b)), 100_000)
                    .unwrap();
            let s =
                generic::evaluate_with(&root, key, |s| s.returns(), Some(pick(&b, &a)), 100_000)
                    .unwrap();
            assert!(
                (f[0] - r.first).abs() < 1e-12,
                "{}: {f:?} {r:?}",
                rules.describe()
            );
            assert!(
                (s[1] - r.second).abs() < 1e-12,
                "{}: {s:?} {r:?}",
                rules.describe()
            );
        }
    }
}

#[test]
fn states_are_checked_when_read() {
    let ok: HogState = serde_json::from_str(
        r#"{"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [10, 20], "player": 1, "rolling": 3}"#,
    )
    .unwrap();
    assert_eq!(ok.rolling(), Some(3));
    for bad in [
        r#"{"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [10, 20], "player": 2, "rolling": null}"#,
        r#"{"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [10, 20], "player": 0, "rolling": 11}"#,
        r#"{"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [100, 20], "player": 0, "rolling": 2}"#,
        r#"{"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [10, 20], "player": 0, "rolling": null, "x": 1}"#,
    ] {
        assert!(serde_json::from_str::<HogState>(bad).is_err(), "{bad}");
    }
}
