//! Kalah's typed verbs: each request survives its JSON, and each report
//! holds a value a wrong rule would change.

use std::time::{Duration, Instant};

use games_app::{AppError, Context, Limits, Report, Verb, command_line, from_value, kalah};
use serde_json::json;

/// `req` read back from its own JSON is `req`.
fn round_trip<V: Verb + PartialEq + std::fmt::Debug>(req: &V) {
    let value = serde_json::to_value(req).unwrap();
    let back: V = from_value(&value).unwrap();
    assert_eq!(&back, req, "{value}");
}

#[test]
fn every_request_survives_its_json() {
    round_trip(&kalah::Sow::default());
    round_trip(&kalah::Sow {
        board: Some(vec![3, 3, 3, 0, 3, 3, 3, 0]),
        moves: Some(vec![0, 2]),
    });
    round_trip(&kalah::Solve::default());
    round_trip(&kalah::Solve {
        board: Some(vec![1, 2, 0, 1, 2, 0]),
        time_limit: 5.0,
        endgame_seeds: Some(0),
        table_bits: 12,
        empty_capture: true,
        threads: Some(1),
        ..Default::default()
    });
    round_trip(&kalah::Move::default());
    round_trip(&kalah::Move {
        state: Some(json!({"board": [3, 3, 0, 3, 3, 0], "to_move": 1, "rule": "empty"})),
        pit: Some(1),
        ..Default::default()
    });
    round_trip(&kalah::Move {
        pits: Some(4),
        seeds: Some(3),
        empty_capture: true,
        pit: Some(2),
        ..Default::default()
    });
    round_trip(&kalah::Moves::default());
    round_trip(&kalah::Moves {
        pits: Some(4),
        seeds: Some(3),
        think: 0.5,
        table_bits: 14,
        ..Default::default()
    });
}

#[test]
fn command_lines_name_only_the_flags_given() {
    assert_eq!(
        command_line(&kalah::Sow {
            board: Some(vec![3, 3, 3, 0, 3, 3, 3, 0]),
            moves: Some(vec![0]),
        }),
        "games-cli kalah sow --board 3,3,3,0,3,3,3,0 --moves 0 --format json"
    );
    assert_eq!(
        command_line(&kalah::Moves {
            pits: Some(4),
            seeds: Some(3),
            ..Default::default()
        }),
        "games-cli kalah moves --pits 4 --seeds 3 --format json"
    );
    assert_eq!(
        command_line(&kalah::Move {
            pits: Some(4),
            pit: Some(0),
            ..Default::default()
        }),
        "games-cli kalah move --pit 0 --pits 4 --format json"
    );
}

#[test]
fn sow_lands_in_the_store_and_captures() {
    let ctx = Context::new();
    // Pit 0's three seeds end in player 0's store: player 0 again.
    let r = kalah::Sow {
        board: Some(vec![3, 3, 3, 0, 3, 3, 3, 0]),
        moves: Some(vec![0]),
    }
    .run(&ctx)
    .unwrap();
    assert_eq!(
        (r.board.clone(), r.next_player),
        (vec![0, 4, 4, 1, 3, 3, 3, 0], 0)
    );
    assert!(r.text().ends_with("next player: 0\n"), "{}", r.text());
    // The batch line gives the same JSON.
    let line = kalah::sow_line(r#"{"board": [3, 3, 3, 0, 3, 3, 3, 0], "moves": [0]}"#).unwrap();
    assert_eq!(line, serde_json::to_value(&r).unwrap());
    let e = kalah::sow_line(r#"{"board": [3, 3, 3, 0, 3, 3, 3, 0]}"#).unwrap_err();
    assert_eq!(e, "missing \"moves\"");
    let e = kalah::Sow::default().run(&ctx).unwrap_err();
    assert_eq!(
        e,
        AppError::BadInput("mancala sow: --board is required (or --jsonl)".into())
    );
}

#[test]
fn solve_gives_kalah_4_3_its_known_value() {
    // Kalah(4,3) under empty capture: the first player wins by 8, pit 1
    // the only best move (docs/mancala.md).
    let req = kalah::Solve {
        pits: Some(4),
        seeds: Some(3),
        empty_capture: true,
        threads: Some(1),
        ..Default::default()
    };
    let r = req.run(&Context::new()).unwrap();
    assert_eq!((r.value, r.best_moves.clone()), (8, vec![1]));
    assert!(r.empty_capture);
    assert!(
        r.text()
            .contains("value for player 0 (store difference under perfect play): +8\n")
    );
    // The same board given as a board.
    let board = kalah::Solve {
        board: Some(vec![3, 3, 3, 3, 0, 3, 3, 3, 3, 0]),
        empty_capture: true,
        threads: Some(1),
        ..Default::default()
    };
    assert_eq!(board.run(&Context::new()).unwrap().value, 8);
}

#[test]
fn solve_checks_sizes_against_the_contexts_bounds() {
    let small = Context::new().with_limits(Limits {
        solve_seeds: 10,
        ..Limits::DEFAULT
    });
    let req = kalah::Solve {
        pits: Some(4),
        seeds: Some(3),
        ..Default::default()
    };
    assert_eq!(
        req.run(&small).unwrap_err().to_string(),
        "--seeds 3: Kalah(4,3) has 24 seeds; the solver takes positions of at most 10"
    );
    let late = kalah::Solve {
        time_limit: 0.5,
        ..Default::default()
    };
    assert_eq!(
        late.run(&Context::new()).unwrap_err().to_string(),
        "--time-limit must be from 1 to 86400 seconds, not 0.5"
    );
    let pits = kalah::Solve {
        pits: Some(mancala::solver::MAX_SOLVER_PITS + 1),
        ..Default::default()
    };
    assert_eq!(
        pits.run(&Context::new()).unwrap_err().to_string(),
        format!(
            "--pits must be at most {}, not {}",
            mancala::solver::MAX_SOLVER_PITS,
            mancala::solver::MAX_SOLVER_PITS + 1
        )
    );
}

#[test]
fn solve_stops_at_the_contexts_deadline_and_cancellation() {
    // Kalah(6,4) takes seconds: the context's deadline, earlier than
    // --time-limit, stops it.
    let req = kalah::Solve {
        endgame_seeds: Some(0),
        table_bits: 16,
        ..Default::default()
    };
    let start = Instant::now();
    let ctx = Context::new().with_deadline(start + Duration::from_millis(100));
    let out = req.run(&ctx);
    assert!(matches!(out, Err(AppError::OutOfTime)), "{out:?}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // A cancel raised while it runs stops it too.
    let ctx = Context::new();
    let cancel = ctx.cancel_token();
    let start = Instant::now();
    let raise = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        cancel.cancel();
    });
    let out = req.run(&ctx);
    raise.join().unwrap();
    assert!(matches!(out, Err(AppError::Cancelled)), "{out:?}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn move_reports_a_capture_and_the_game_over() {
    // Player 0's pit 0 (one seed) ends in empty pit 1 across from 3 seeds:
    // the handout's rule captures them with the sowing seed.
    let req = kalah::Move {
        state: Some(json!({"board": [1, 0, 5, 0, 3, 3, 0], "to_move": 0, "rule": "seed"})),
        pit: Some(0),
        ..Default::default()
    };
    let out = req.run(&Context::new());
    // Not a board of the right shape: one line naming --state.
    assert!(out.unwrap_err().to_string().starts_with("--state: "));
    let req = kalah::Move {
        state: Some(json!({"board": [1, 0, 2, 0, 3, 3, 0, 0], "to_move": 0, "rule": "seed"})),
        pit: Some(0),
        ..Default::default()
    };
    let r = req.run(&Context::new()).unwrap();
    assert_eq!(r.played.captured, 4, "{r:?}");
    assert!(r.text().contains("captures 4 seeds\n"), "{}", r.text());
    // The JSON text of the state (what the command line passes) reads the same.
    let text = kalah::Move {
        state: Some(json!(
            r#"{"board": [1, 0, 2, 0, 3, 3, 0, 0], "to_move": 0, "rule": "seed"}"#
        )),
        pit: Some(0),
        ..Default::default()
    };
    let t = text.run(&Context::new()).unwrap();
    assert_eq!(
        serde_json::to_value(&t).unwrap(),
        serde_json::to_value(&r).unwrap()
    );
    let e = kalah::Move {
        pits: Some(4),
        seeds: Some(3),
        pit: Some(7),
        ..Default::default()
    }
    .run(&Context::new())
    .unwrap_err();
    assert!(e.to_string().starts_with("--pit 7: "), "{e}");
}

#[test]
fn moves_values_every_move_of_kalah_4_3() {
    let req = kalah::Moves {
        pits: Some(4),
        seeds: Some(3),
        empty_capture: true,
        think: 60.0,
        ..Default::default()
    };
    let r = req.run(&Context::new()).unwrap();
    assert!(r.solved);
    assert_eq!(r.best_moves, vec![1]);
    let best = r.moves.iter().find(|m| m.pit == 1).unwrap();
    assert_eq!(best.value, Some(8));
    assert!(r.moves.iter().all(|m| m.value.unwrap() <= 8));
    let csv = r.csv().unwrap();
    assert!(csv.starts_with("pit,solved,value_seeds,"), "{csv}");
    assert_eq!(csv.lines().count(), 1 + r.moves.len());
    // Past the context's deadline every move has only its bounds, and
    // each bound holds the proven value.
    let ctx = Context::new().with_deadline(Instant::now());
    let late = req.run(&ctx).unwrap();
    for (m, proven) in late.moves.iter().zip(&r.moves) {
        let v = proven.value.unwrap();
        assert!(m.lower <= v && v <= m.upper, "{m:?} {v}");
    }
}

#[test]
fn the_solver_plays_kalah_4_3s_best_move() {
    let play = kalah::Play {
        pits: Some(4),
        seeds: Some(3),
        empty_capture: true,
        threads: Some(1),
        ..Default::default()
    };
    let (p, solver) = play.start(&Context::new()).unwrap();
    let kalah::PlaySolver::Build(options) = solver else {
        panic!("no table file: the solver is to be built");
    };
    let mut solver = mancala::solver::Solver::new(&p, &options).unwrap();
    let m =
        kalah::computer_move(&mut solver, &p, Duration::from_secs(60), &Context::new()).unwrap();
    assert_eq!((m.pit, m.value), (1, Some(8)));
    assert_eq!(
        m.text(),
        "The solver plays pit 1 (proven best: with perfect play from here it finishes 8 seeds ahead).\n"
    );
    let e = kalah::Play {
        think: 0.0,
        ..Default::default()
    }
    .start(&Context::new())
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "--think must be from 0.1 to 3600 seconds, not 0"
    );
}

#[test]
fn an_endgame_table_holds_the_solvers_values() {
    let ctx = Context::new();
    let (table, report) = kalah::build_table(4, 6, true, &ctx).unwrap();
    assert_eq!(report.positions, mancala::endgame::positions_for(4, 6));
    assert_eq!(report.positions, table.positions() as u64);
    // A table position's value is the solver's.
    let p = mancala::Position::new(
        &[1, 0, 2, 0, 0, 1, 1, 0, 1, 0],
        0,
        mancala::CaptureRule::Empty,
    )
    .unwrap();
    let solved = mancala::solver::solve(
        &p,
        &mancala::solver::Options {
            endgame_seeds: Some(0),
            table_bits: 12,
            threads: 1,
        },
    )
    .unwrap();
    assert_eq!(table.value(&p), Some(solved.value));
    let small = Context::new().with_limits(Limits {
        endgame_positions: 100,
        ..Limits::DEFAULT
    });
    let e = kalah::build_table(4, 6, true, &small).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("the table's positions (--pits, --endgame-seeds) must be at most 100"),
        "{e}"
    );
    let e = kalah::build_table(4, mancala::endgame::MAX_SEEDS + 1, true, &ctx).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "--endgame-seeds must be at most {}, not {}",
            mancala::endgame::MAX_SEEDS,
            mancala::endgame::MAX_SEEDS + 1
        )
    );
}
