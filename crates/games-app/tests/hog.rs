//! Hog's typed verbs: each request survives its JSON, and each report
//! holds a value a wrong rule would change.

use games_app::hog::{self, RuleFlags};
use games_app::{Context, Report, Verb, command_line, from_value};

/// `from_value(to_value(req))` is `req`.
fn round_trip<V: Verb + PartialEq + std::fmt::Debug>(req: &V) {
    let v = serde_json::to_value(req).unwrap();
    let back: V = from_value(&v).unwrap_or_else(|e| panic!("{}: {e}", command_line(req)));
    assert_eq!(&back, req);
}

fn ctx() -> Context {
    Context::new()
}

fn spring(goal: u32) -> RuleFlags {
    RuleFlags {
        goal,
        ..RuleFlags::default()
    }
}

fn term(name: &str, goal: u32) -> RuleFlags {
    RuleFlags {
        rules: Some(name.into()),
        goal,
        ..RuleFlags::default()
    }
}

#[test]
fn requests_round_trip() {
    round_trip(&hog::Rate::default());
    round_trip(&hog::Rate {
        strategy: Some("final".into()),
        vs: "optimal".into(),
        sampling: games_app::Sampling {
            games: Some(100),
            seed: Some(3),
            threads: Some(2),
            shard: Some("1/4".parse().unwrap()),
        },
        rules: RuleFlags {
            no_swine_swap: true,
            ..spring(50)
        },
    });
    round_trip(&hog::BestResponse {
        vs: "bacon".into(),
        out: Some("-".into()),
        file_kind: Some(hog::FileKind::Csv),
        rules: term("fall2021", 40),
    });
    round_trip(&hog::Tournament {
        strategies: vec!["final".into(), "always:4".into()],
        threads: Some(1),
        rules: spring(30),
        scoring: hog::Scoring::Contest,
    });
    round_trip(&hog::Export {
        strategy: "swap".into(),
        out: "-".into(),
        file_kind: Some(hog::FileKind::Json),
        rules: RuleFlags::default(),
    });
    round_trip(&hog::Play {
        seed: Some(4),
        four_sided: Some(vec![1, 4]),
        six_sided: Some(vec![6]),
        ..hog::Play::default()
    });
    round_trip(&hog::Turn {
        rolls: 3,
        opponent: 20,
        dice: vec![2, 3],
        sides: 4,
        score: None,
        rules: RuleFlags::default(),
    });
    round_trip(&hog::Choose {
        strategy: "optimal".into(),
        score: 10,
        opponent: 20,
        rules: term("fall2019", 100),
    });
    round_trip(&hog::MaxRolls {
        rules: Some("fall2021".into()),
        dice: Some(vec![1, 6]),
        turns: 40,
        seed: None,
    });
    round_trip(&hog::Step {
        state: serde_json::json!({"rules": "fall2023", "goal": 100, "scores": [0, 0], "player": 0}),
        rolls: Some(2),
        strategy: None,
        seed: Some(7),
        turns: None,
    });
    round_trip(&hog::Step {
        state: serde_json::json!({"rules": "fall2019", "goal": 100, "scores": [0, 0], "player": 0}),
        turns: Some(vec!["4:7".into(), "0:8".into()]),
        ..Default::default()
    });
    round_trip(&hog::Coach {
        vs: "always:5".into(),
        score: 3,
        opponent: 9,
        rules: spring(100),
    });
    round_trip(&hog::RuleSets {});
    round_trip(&hog::Edge {
        rules: "fall2020".into(),
        goal: 60,
    });
    // A count written as the command line takes it.
    let m: hog::MaxRolls = from_value(&serde_json::json!({"turns": "1e4"})).unwrap();
    assert_eq!(m.turns, 10_000);
    // A tournament's strategies are the command line's bare words.
    assert_eq!(
        command_line(&hog::Tournament {
            strategies: vec!["final".into(), "always:4".into()],
            ..hog::Tournament::default()
        }),
        "games-cli hog tournament final always:4 --format json"
    );
}

/// Free bacon scores one more than the opponent's larger digit; pig out
/// scores 1; hog wild's dice are four-sided.
#[test]
fn turn_scores_by_the_rules() {
    let turn = |rolls, opponent, dice: &[u32], sides| {
        hog::Turn {
            rolls,
            opponent,
            dice: dice.to_vec(),
            sides,
            ..hog::Turn::default()
        }
        .run(&ctx())
        .unwrap()
        .points
    };
    assert_eq!(turn(0, 47, &[6], 6), 8);
    assert_eq!(turn(3, 0, &[6, 1, 6], 6), 1);
    assert_eq!(turn(2, 0, &[4, 6], 6), 10);
    let e = hog::Turn {
        sides: 4,
        dice: vec![4],
        rules: term("fall2021", 100),
        ..hog::Turn::default()
    }
    .run(&ctx())
    .unwrap_err();
    assert!(e.to_string().contains("--sides 4 is hog wild's"), "{e}");
    // Too many dice names the flag, under every term.
    for rules in [RuleFlags::default(), term("fall2021", 100)] {
        let e = hog::Turn {
            rolls: 11,
            dice: vec![1, 2],
            rules,
            ..hog::Turn::default()
        }
        .run(&ctx())
        .unwrap_err();
        assert_eq!(e.to_string(), "--rolls: a turn rolls 0 to 10 dice, not 11");
    }
}

/// `final` is the best response to always_roll(5): its rate is the
/// ceiling, and above a half; switching swine swap off changes it.
#[test]
fn rate_is_exact_and_depends_on_the_rules() {
    let rate = |rules: RuleFlags| {
        hog::Rate {
            strategy: Some("final".into()),
            rules,
            ..hog::Rate::default()
        }
        .run(&ctx())
        .unwrap()
    };
    let r = rate(RuleFlags::default());
    assert_eq!(r.exact_win_rate, r.best_possible_win_rate);
    assert!(r.exact_win_rate > 0.5);
    assert!(
        r.text()
            .starts_with(&format!("{} against {}, exact", r.strategy, r.baseline))
    );
    let no_swap = rate(RuleFlags {
        no_swine_swap: true,
        ..RuleFlags::default()
    });
    assert_ne!(no_swap.exact_win_rate, r.exact_win_rate);
    // The sampled estimate lies near the exact rate.
    let s = hog::Rate {
        strategy: Some("always:4".into()),
        sampling: games_app::Sampling {
            games: Some(20_000),
            seed: Some(1),
            ..Default::default()
        },
        ..hog::Rate::default()
    }
    .run(&ctx())
    .unwrap();
    let x = s.sampled.as_ref().unwrap();
    assert!((x.sampled_win_rate - s.exact_win_rate).abs() < 4.0 * x.sampled_standard_error);
    // Past the context's bound, before any work.
    let e = hog::Rate {
        strategy: Some("final".into()),
        sampling: games_app::Sampling {
            games: Some(games_app::Limits::WEB.games + 1),
            ..Default::default()
        },
        ..hog::Rate::default()
    }
    .run(&Context::new().with_limits(games_app::Limits::WEB))
    .unwrap_err();
    assert!(e.to_string().starts_with("--games"), "{e}");
}

/// The best response to always_roll(5) is `final`'s rate; its table is
/// the report with `out: "-"`.
#[test]
fn best_response_is_the_ceiling() {
    let b = hog::BestResponse::default().run(&ctx()).unwrap();
    let r = hog::Rate {
        strategy: Some("final".into()),
        ..hog::Rate::default()
    }
    .run(&ctx())
    .unwrap();
    assert_eq!(b.exact_win_rate, r.best_possible_win_rate);
    let table = hog::BestResponse {
        out: Some("-".into()),
        file_kind: Some(hog::FileKind::Csv),
        ..hog::BestResponse::default()
    }
    .run(&ctx())
    .unwrap();
    let text = games_app::Rendered::json(&table).unwrap();
    assert_eq!(text.lines().count(), 100);
}

/// A tournament's pair is the same exact rate `rate` gives, and the
/// contest ranks the better strategy first.
#[test]
fn tournament_agrees_with_rate() {
    let t = hog::Tournament {
        strategies: vec!["always:4".into(), "final".into()],
        ..hog::Tournament::default()
    }
    .run(&ctx())
    .unwrap();
    let hog::TournamentReport::Average(a) = &t else {
        panic!("scored by the average");
    };
    let r = hog::Rate {
        strategy: Some("final".into()),
        vs: "always:4".into(),
        ..hog::Rate::default()
    }
    .run(&ctx())
    .unwrap();
    assert!((a.matrix[1][0] - r.exact_win_rate).abs() < 1e-12);
    assert_eq!(a.ranking[0].strategy, "final");
    let c = hog::Tournament {
        strategies: vec!["always:4".into(), "final".into()],
        scoring: hog::Scoring::Contest,
        ..hog::Tournament::default()
    }
    .run(&ctx())
    .unwrap();
    let hog::TournamentReport::Contest(c) = &c else {
        panic!("contest");
    };
    assert_eq!(
        (c.ranking[0].strategy.as_str(), c.ranking[0].wins),
        ("final", 1)
    );
    let e = hog::Tournament {
        strategies: vec!["final".into()],
        ..hog::Tournament::default()
    }
    .run(&ctx())
    .unwrap_err();
    assert!(e.to_string().contains('2'), "{e}");
}

/// always:4's table is 4 everywhere.
#[test]
fn export_writes_the_table() {
    let e = hog::Export {
        strategy: "always:4".into(),
        out: "x.csv".into(),
        ..hog::Export::default()
    }
    .run(&ctx())
    .unwrap();
    assert_eq!(e.format, "CSV");
    assert!(!e.table.is_stdout());
    assert_eq!(e.table.text.lines().count(), 100);
    assert!(e.table.text.lines().all(|l| l.split(',').all(|x| x == "4")));
}

/// On test dice that always roll 6 (and 4), a game is fixed: no seed,
/// and it ends at the goal.
#[test]
fn play_on_test_dice() {
    let p = hog::Play {
        strategy0: "always:2".into(),
        strategy1: "always:1".into(),
        four_sided: Some(vec![4]),
        six_sided: Some(vec![6]),
        rules: spring(30),
        ..hog::Play::default()
    }
    .run(&ctx())
    .unwrap();
    let hog::PlayReport::Spring(p) = p else {
        panic!("Spring 2014");
    };
    assert_eq!(p.seed, None);
    assert_eq!(
        p.game.score0.max(p.game.score1),
        [p.game.score0, p.game.score1][p.game.winner]
    );
    assert!(p.game.score0.max(p.game.score1) >= 30);
    // At 0 to 0 the sum is a multiple of 7: hog wild's four-sided dice,
    // two fours, 8 points (six-sided dice would score 12).
    assert_eq!(p.game.turns[0].points, 8);
}

/// Under another term a turn shows its dice: the faces are the seeded
/// dice's own (the same games replay on test dice of those faces), they
/// score as the rules say, and each rule that acted is named: the
/// zero-dice rule, pig out, and every rule the engine's after-turn rules
/// report, but an extra turn in a turn that ends the game. Every term is
/// played, and every rule is met somewhere.
#[test]
fn a_terms_turns_show_their_dice_and_name_their_rules() {
    use ::hog::Term;
    let seeded = |name: &str, seed: u64, six: Option<Vec<u32>>| {
        let p = hog::Play {
            strategy0: "final".into(),
            strategy1: format!("always:{}", seed % 11),
            seed: Some(seed),
            six_sided: six,
            rules: term(name, 100),
            ..hog::Play::default()
        }
        .run(&ctx())
        .unwrap();
        let hog::PlayReport::Term(p) = p else {
            panic!("a term's game");
        };
        p
    };
    let mut named = std::collections::BTreeSet::new();
    for t in Term::ALL.into_iter().skip(1) {
        let name = t.name();
        for seed in 0..12 {
            let p = seeded(name, seed, None);
            let faces: Vec<u32> = p.turns.iter().flat_map(|t| t.outcomes.clone()).collect();
            let mut memory = ::hog::terms::Memory::default();
            for (k, turn) in p.turns.iter().enumerate() {
                assert_eq!(turn.outcomes.len(), turn.rolls as usize, "{name}");
                assert!(turn.outcomes.iter().all(|f| (1..=6).contains(f)));
                let sum: u32 = turn.outcomes.iter().sum();
                if turn.rolls > 0 {
                    let want = if turn.pig_out { 1 } else { sum };
                    assert_eq!(turn.points, want, "{name}: {turn:?}");
                    assert_eq!(turn.pig_out, turn.outcomes.contains(&1));
                }
                // The names the engine's own account of the turn calls for.
                let after = ::hog::terms::after_turn(
                    t,
                    turn.before,
                    turn.player,
                    turn.rolls,
                    turn.points,
                    memory,
                );
                memory = after.memory;
                assert_eq!(after.scores, turn.after, "{name}: {turn:?}");
                let last = k + 1 == p.turns.len();
                let mut want: Vec<String> = Vec::new();
                if turn.rolls == 0 {
                    want.push(::hog::terms::Special::ZeroDice.name(t).into());
                }
                if turn.pig_out {
                    want.push(t.pig_out_name().into());
                }
                for r in t.specials_acted(turn.player, &after) {
                    // The game's last turn gives no extra turn.
                    if !(r.gives_turn() && last) {
                        want.push(r.name(t).into());
                    }
                }
                let got: Vec<&str> = turn
                    .rules_applied
                    .iter()
                    .map(|r| r.split(':').next().unwrap())
                    .collect();
                assert_eq!(got, want, "{name} seed {seed}: {turn:?}");
                assert_eq!(
                    turn.extra_turn,
                    !last && after.extra_turn,
                    "{name}: {turn:?}"
                );
                named.extend(want);
            }
            // The same game on test dice of the faces shown.
            let again = seeded(name, seed, Some(faces));
            let key = |p: &hog::terms::PlayOut| {
                p.turns
                    .iter()
                    .map(|t| (t.rolls, t.points, t.after))
                    .collect::<Vec<_>>()
            };
            assert_eq!(key(&again), key(&p), "{name}");
        }
    }
    for rule in [
        "pig out",
        "sow sad",
        "free bacon",
        "picky piggy",
        "hefty hogs",
        "boar brawl",
        "swine swap",
        "time trot",
        "feral hogs",
        "pig pass",
        "swine align",
        "hog pile",
        "sus fuss",
    ] {
        assert!(named.contains(rule), "{rule} never named: {named:?}");
    }
}

/// A turn that wins the game names no extra turn: under Fall 2020 at 90
/// to 50, ten points make 100 and 50 (swine align's common divisor 50),
/// yet the game is over.
#[test]
fn a_winning_turn_names_no_extra_turn() {
    let mut state: ::hog::TermState = serde_json::from_str(
        r#"{"rules": "fall2020", "goal": 100, "scores": [90, 50], "player": 0, "rolling": null}"#,
    )
    .unwrap();
    let mut dice = dice::CyclingDice::new(vec![5, 5]).unwrap();
    let t = games_app::hog::terms::play_turn(&mut state, 2, &mut dice).unwrap();
    assert_eq!((t.points, t.after), (10, [100, 50]));
    assert!(!t.extra_turn);
    assert!(t.rules_applied.is_empty(), "{:?}", t.rules_applied);
    // Below the goal the same rule does give the turn, and is named (40
    // to 50, ten points: 50 and 50).
    let mut state: ::hog::TermState = serde_json::from_str(
        r#"{"rules": "fall2020", "goal": 100, "scores": [40, 50], "player": 0, "rolling": null}"#,
    )
    .unwrap();
    let mut dice = dice::CyclingDice::new(vec![5, 5]).unwrap();
    let t = games_app::hog::terms::play_turn(&mut state, 2, &mut dice).unwrap();
    assert!(t.extra_turn);
    assert_eq!(t.rules_applied, ["swine align: the mover moves again"]);
}

#[test]
fn choose_reads_the_strategy() {
    let c = |strategy: &str, score, opponent| {
        hog::Choose {
            strategy: strategy.into(),
            score,
            opponent,
            ..hog::Choose::default()
        }
        .run(&ctx())
        .unwrap()
        .rolls
    };
    assert_eq!(c("always:3", 10, 20), 3);
    // Free bacon at 19 scores 10, past bacon's margin of 8: roll none.
    assert_eq!(c("bacon", 10, 19), 0);
    assert_eq!(c("bacon", 10, 11), 5);
}

/// With a 1 in every pair of rolls, two or more dice pig out.
#[test]
fn max_rolls_counts_pig_out() {
    let m = hog::MaxRolls {
        dice: Some(vec![1, 6]),
        turns: 10,
        ..hog::MaxRolls::default()
    }
    .run(&ctx())
    .unwrap();
    assert_eq!(m.averages[0], 3.5);
    assert_eq!(m.averages[1], 1.0);
    assert_eq!(m.best, 1);
    // Under every rule set: the same roll rule, so the same figures, and
    // the report names the set.
    for term in ::hog::Term::ALL {
        let under = hog::MaxRolls {
            rules: Some(term.name().into()),
            dice: Some(vec![1, 6]),
            turns: 10,
            ..hog::MaxRolls::default()
        }
        .run(&ctx())
        .unwrap();
        assert_eq!(under.averages, m.averages, "{term}");
        let r = under.rules.as_ref().unwrap();
        assert_eq!(r.name, term.name());
        assert!(
            r.roll_rule
                .ends_with("any die showing 1 scores 1 for the turn")
        );
    }
    let e = hog::MaxRolls {
        rules: Some("fall2099".into()),
        ..hog::MaxRolls::default()
    }
    .run(&ctx())
    .unwrap_err();
    assert!(e.to_string().starts_with("--rules: "), "{e}");
    let e = hog::MaxRolls {
        turns: games_app::Limits::WEB.turns + 1,
        ..hog::MaxRolls::default()
    }
    .run(&Context::new().with_limits(games_app::Limits::WEB))
    .unwrap_err();
    assert!(e.to_string().starts_with("--turns"), "{e}");
}

/// Player 1 at 31 against 12 takes free bacon: 1 + 3 = 4 points.
#[test]
fn step_applies_free_bacon() {
    let s = hog::Step {
        state: serde_json::json!({"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [12, 31], "player": 1, "rolling": null}),
        rolls: Some(0),
        seed: Some(1),
        ..hog::Step::default()
    }
    .run(&ctx())
    .unwrap();
    let hog::StepReport::Spring(s) = s else {
        panic!("Spring 2014");
    };
    assert_eq!(s.turn.points, 3);
    assert_eq!(s.turn.after, [12, 34]);
}

/// Without free bacon the coach offers 1 to 10 dice, not 0 to 10.
#[test]
fn coach_offers_the_legal_choices() {
    let coach = |rules| match (hog::Coach {
        vs: "always:5".into(),
        score: 10,
        opponent: 20,
        rules,
    })
    .run(&ctx())
    .unwrap()
    {
        hog::CoachReport::Spring(c) => c.answer.choices.len(),
        hog::CoachReport::Term(_) => panic!("Spring 2014"),
    };
    assert_eq!(coach(RuleFlags::default()), 11);
    assert_eq!(
        coach(RuleFlags {
            no_free_bacon: true,
            ..RuleFlags::default()
        }),
        10
    );
}

#[test]
fn rules_and_edge() {
    let r = hog::RuleSets {}.run(&ctx()).unwrap();
    assert_eq!(r.sets[0].name, "spring2014");
    assert!(r.sets[0].default && r.sets.iter().filter(|s| s.default).count() == 1);
    let e = hog::Edge::default().run(&ctx()).unwrap();
    assert_eq!(e.rows[0].without, None);
    assert_eq!(e.rows[0].change, 0.0);
    // Switching a rule off moves the first player's chance.
    assert!(e.rows[1..].iter().any(|r| r.change != 0.0));
    assert!(
        e.csv()
            .unwrap()
            .starts_with("rules,first_player_win_probability")
    );
}

/// A request naming a computed strategy twice builds it once.
#[test]
fn a_run_builds_each_computed_strategy_once() {
    let rules = hog::RuleFlags::default().rules().unwrap();
    let mut memo = hog::Memo::new();
    let a = memo.strategy("optimal", &rules).unwrap();
    let b = memo.strategy("optimal", &rules).unwrap();
    assert_eq!(a, b);
    assert_eq!(memo.len(), 1);
    memo.strategy("always:5", &rules).unwrap();
    assert_eq!(
        memo.len(),
        1,
        "named strategies that compute nothing are not kept"
    );
    memo.strategy("final", &rules).unwrap();
    assert_eq!(memo.len(), 2);
}

/// A verb that takes no flag says so when given one (the message listed
/// nothing after "it takes").
#[test]
fn a_flag_for_a_verb_of_none_is_named() {
    let e = from_value::<hog::RuleSets>(&serde_json::json!({ "x": 1 })).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`hog rules` has no flag 'x'; it takes none",
        "{e}"
    );
}
