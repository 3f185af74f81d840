//! The LCR verbs as typed requests: each request survives its JSON, and
//! each report holds a value that a wrong rule would change.

use games_app::{Context, Report, Sampling, Verb, command_line, from_body, from_value, lcr};

fn sampling(games: u64, seed: u64) -> Sampling {
    Sampling {
        games: Some(games),
        seed: Some(seed),
        ..Default::default()
    }
}

fn round_trip<V: Verb + PartialEq + std::fmt::Debug>(req: &V) {
    let value = serde_json::to_value(req).unwrap();
    let back: V = from_value(&value).unwrap();
    assert_eq!(&back, req, "{value}");
}

#[test]
fn every_request_survives_its_json() {
    round_trip(&lcr::Simulate::default());
    round_trip(&lcr::Simulate {
        players: Some(5),
        coins: Some(2),
        sampling: Sampling {
            games: Some(1000),
            seed: Some(3),
            threads: Some(2),
            shard: Some("1/4".parse().unwrap()),
        },
        ..Default::default()
    });
    round_trip(&lcr::Simulate {
        table: Some("0,0,0,1,2,3".into()),
        chips: Some("10x4".into()),
        max_rounds: Some(50),
        checkpoints: Some(vec![100, 1000]),
        end_check: Some(lcr_variants::EndCheck::Turn),
        sampling: sampling(1000, 1),
        ..Default::default()
    });
    round_trip(&lcr::Replay {
        players: Some(3),
        coins: Some(2),
        seed: Some(9),
        throws: true,
        ..Default::default()
    });
    round_trip(&lcr::Replay {
        players: Some(2),
        script: Some("RR.CL".into()),
        ..Default::default()
    });
    round_trip(&lcr::Exact {
        players: Some(4),
        coins: Some(2),
        threads: Some(1),
    });
}

#[test]
fn requests_are_the_command_lines_flags() {
    let req = lcr::Simulate {
        table: Some("standard".into()),
        checkpoints: Some(vec![100, 1000]),
        end_check: Some(lcr_variants::EndCheck::Turn),
        sampling: sampling(1000, 1),
        ..Default::default()
    };
    assert_eq!(
        command_line(&req),
        "games-cli lcr simulate --checkpoints 100,1000 --end-check turn --games 1000 --seed 1 --table standard --format json"
    );
    // Checkpoints as the command line writes them, or as a list.
    let a: lcr::Simulate =
        from_body(br#"{"table": "standard", "checkpoints": "100,1e3"}"#).unwrap();
    let b: lcr::Simulate =
        from_body(br#"{"table": "standard", "checkpoints": [100, "1e3"]}"#).unwrap();
    let c: lcr::Simulate = from_body(br#"{"table": "standard", "checkpoints": 1000}"#).unwrap();
    assert_eq!(a.checkpoints, Some(vec![100, 1000]));
    assert_eq!(a, b);
    assert_eq!(c.checkpoints, Some(vec![1000]));
    let e = from_body::<lcr::Simulate>(br#"{"players": 3, "coin": 2}"#).unwrap_err();
    assert!(e.to_string().contains("has no flag 'coin'"), "{e}");
}

/// Two seats with one coin each: seat 0 keeps its coin only on a dot
/// (1/2), and so does seat 1, so seat 0 wins p = 1/2 (1/2 + p/2) = 1/3.
/// Passing on a dot, or seat 1 moving first, would change it.
#[test]
fn exact_two_seats_one_coin_is_one_third() {
    let r = lcr::Exact {
        players: Some(2),
        coins: Some(1),
        threads: Some(1),
    }
    .run(&Context::new())
    .unwrap();
    let p = &r.0.win_probability;
    assert!((p[0] - 1.0 / 3.0).abs() < 1e-9, "{p:?}");
    assert!((p[1] - 2.0 / 3.0).abs() < 1e-9, "{p:?}");
    // Expected turns: each turn ends the game with chance 1/2.
    assert!(
        (r.0.expected_turns - 2.0).abs() < 1e-9,
        "{}",
        r.0.expected_turns
    );
    assert!(
        r.csv()
            .unwrap()
            .starts_with("seat,win_probability\n0,0.333333333333\n")
    );
    let e = lcr::Exact {
        players: Some(12),
        coins: Some(3),
        threads: None,
    }
    .run(&Context::new().with_limits(games_app::Limits::WEB))
    .unwrap_err();
    assert!(
        e.to_string().ends_with("the solver takes at most 150000"),
        "{e}"
    );
}

/// The lab's example: two seats, dice "LCR": seat 0 passes one left, one
/// to the center, one right; seat 1 ends with 5, the center with 1.
#[test]
fn replay_of_the_labs_example() {
    let r = lcr::Replay {
        players: Some(2),
        script: Some("LCR".into()),
        throws: true,
        ..Default::default()
    }
    .run(&Context::new())
    .unwrap();
    assert_eq!((r.winner, r.turns, r.center), (1, 1, 1));
    assert_eq!(r.coins, [0, 5]);
    assert_eq!(r.throws.as_ref().map(Vec::len), Some(1));
    assert_eq!(
        r.csv().unwrap(),
        "turn,seat,dice,center_coins,seat_0_coins,seat_1_coins\n1,0,LCR,1,0,5\n"
    );
    // A script that the game does not use up is refused.
    let e = lcr::Replay {
        players: Some(2),
        script: Some("LCRL".into()),
        ..Default::default()
    }
    .run(&Context::new())
    .unwrap_err();
    assert!(e.to_string().contains("1"), "{e}");
    let e = lcr::Replay {
        players: Some(2),
        ..Default::default()
    }
    .run(&Context::new())
    .unwrap_err();
    assert_eq!(e.to_string(), "lcr replay: --script or --seed is required");
    // A transcript holds 10^7 seat counts: 3000 seats, 3333 throws, said
    // with the flag that set it.
    let e = lcr::Replay {
        players: Some(3000),
        coins: Some(300),
        seed: Some(1),
        ..Default::default()
    }
    .run(&Context::new())
    .unwrap_err();
    assert!(
        e.to_string().starts_with(
            "--players: the game ran past 3333 throws, the most a transcript of 3000 seats records"
        ),
        "{e}"
    );
}

/// The classic study of two seats with one coin: seat 0's share lies in
/// its 95% interval of the exact 1/3, the interval is 1.96 standard
/// errors, and the text leads with the exact answer.
#[test]
fn classic_study_checks_itself_against_the_exact_answer() {
    let req = lcr::Simulate {
        players: Some(2),
        coins: Some(1),
        sampling: sampling(100_000, 5),
        ..Default::default()
    };
    let lcr::SimulateReport::Classic(r) = req.run(&Context::new()).unwrap() else {
        panic!("not the classic study");
    };
    let share = r.study.win_fraction[0];
    let half = 1.96 * (share * (1.0 - share) / 100_000.0).sqrt();
    assert!((r.win_ci95[0] - half).abs() < 1e-12);
    assert!((share - 1.0 / 3.0).abs() < r.win_ci95[0], "{share}");
    let exact = r.exact_win_probability.clone().unwrap();
    assert!((exact[0] - 1.0 / 3.0).abs() < 1e-9);
    assert!(
        r.text()
            .contains("Exact answer (Markov chain): seat 1 wins most often, 0.666667 of games.")
    );
    // The variants flags need the table.
    let e = lcr::Simulate {
        players: Some(3),
        chips: Some("3x3".into()),
        ..Default::default()
    }
    .run(&Context::new())
    .unwrap_err();
    assert_eq!(e.to_string(), "--chips needs --table (the variants study)");
}

/// With no center, no chip ever leaves the seats: every row's expected
/// chips add up to the chips dealt (12), at the checkpoints asked for.
#[test]
fn variants_study_keeps_every_chip_without_a_center() {
    let req = lcr::Simulate {
        table: Some("nocenter".into()),
        chips: Some("3x4".into()),
        checkpoints: Some(vec![100, 1000]),
        sampling: sampling(2000, 3),
        ..Default::default()
    };
    let lcr::SimulateReport::Table(r) = req.run(&Context::new()).unwrap() else {
        panic!("not the variants study");
    };
    let rows = &r.studies[0].rows;
    let at: Vec<u64> = rows.iter().map(|r| r.simulations).collect();
    assert_eq!(at, [100, 1000, 2000]);
    for row in rows {
        let chips: f64 = row.expected_chips.iter().sum();
        assert!((chips - 12.0).abs() < 1e-9, "{chips}");
    }
    // The chart's run has the same rows where they meet.
    let (again, chart) = req.run_with_chart(&Context::new()).unwrap();
    assert_eq!(
        serde_json::to_string(&again).unwrap(),
        serde_json::to_string(&lcr::SimulateReport::Table(r)).unwrap()
    );
    let chart_at: Vec<u64> = chart[0].rows.iter().map(|r| r.simulations).collect();
    assert_eq!(chart_at, [10, 20, 50, 100, 200, 500, 1000, 2000]);
}

/// Two shards' partials merged give the whole run's report, byte for
/// byte, for both forms of the study.
#[test]
fn shards_merge_to_the_whole_run() {
    let ctx = Context::new();
    for req in [
        lcr::Simulate {
            players: Some(4),
            coins: Some(2),
            sampling: sampling(50_000, 2),
            ..Default::default()
        },
        lcr::Simulate {
            table: Some("all".into()),
            chips: Some("3x3".into()),
            sampling: sampling(3000, 2),
            ..Default::default()
        },
    ] {
        let whole = req.run(&ctx).unwrap();
        let files: Vec<(String, Vec<u8>)> = (0..2)
            .map(|k| {
                let mut part = req.clone();
                part.sampling.shard = Some(format!("{k}/2").parse().unwrap());
                let text = games_app::shard::partial(&part, &ctx, "json").unwrap();
                (format!("p{k}"), text.into_bytes())
            })
            .collect();
        let (merged, format) = games_app::shard::merge(&files, &ctx).unwrap();
        assert_eq!(format, "json");
        assert_eq!(merged.json().unwrap(), games_app::to_json(&whole).unwrap());
        assert_eq!(merged.text(), whole.text());
    }
}

/// The running wins of the chart are the first games of the study: the
/// last point is the study's own count.
#[test]
fn running_wins_end_at_the_studys_wins() {
    let req = lcr::Simulate {
        players: Some(3),
        coins: Some(1),
        sampling: sampling(2000, 4),
        ..Default::default()
    };
    let lcr::SimulateReport::Classic(r) = req.run(&Context::new()).unwrap() else {
        panic!("not the classic study");
    };
    let running = req.running(&Context::new(), 4, &[100, 2000]).unwrap();
    assert_eq!(running[0].iter().sum::<u64>(), 100);
    assert_eq!(running[1], r.study.wins);
}
