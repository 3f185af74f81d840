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
    round_trip(&kalah::Move {
        state: Some(json!({"board": [3, 3, 0, 3, 3, 0], "to_move": 1, "rule": "empty"})),
        moves: Some(vec![1, 0, 1]),
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
fn moves_gives_every_move_the_value_of_solving_its_child_alone() {
    // The root is solved first and the children share its solver; each
    // move's value must still be the child's own, solved separately.
    for empty_capture in [false, true] {
        let req = kalah::Moves {
            pits: Some(4),
            seeds: Some(3),
            empty_capture,
            think: 60.0,
            ..Default::default()
        };
        let r = req.run(&Context::new()).unwrap();
        assert!(r.solved);
        let p = r.position.clone();
        let options = mancala::solver::Options {
            table_bits: 16,
            endgame_seeds: Some(0),
            threads: 1,
        };
        for m in &r.moves {
            let mut child = p.clone();
            child.play(m.pit).unwrap();
            let alone = if child.is_over() {
                let st = child.stores();
                i64::from(st[p.to_move()]) as i32 - i64::from(st[1 - p.to_move()]) as i32
            } else {
                let v = mancala::solver::solve(&child, &options).unwrap().value;
                if child.to_move() == p.to_move() {
                    v
                } else {
                    -v
                }
            };
            assert_eq!(m.value, Some(alone), "pit {} ({empty_capture})", m.pit);
        }
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

/// Every move's value from `p`, each child solved alone by a new solver.
fn values_alone(p: &mancala::Position) -> Vec<Option<i32>> {
    let options = mancala::solver::Options {
        table_bits: 16,
        endgame_seeds: Some(0),
        threads: 1,
    };
    p.legal_moves()
        .into_iter()
        .map(|pit| {
            let mut child = p.clone();
            child.play(pit).unwrap();
            let st = child.stores();
            Some(if child.is_over() {
                st[p.to_move()] as i32 - st[1 - p.to_move()] as i32
            } else {
                let v = mancala::solver::solve(&child, &options).unwrap().value;
                if child.to_move() == p.to_move() {
                    v
                } else {
                    -v
                }
            })
        })
        .collect()
}

/// A `moves` request on `p` (as the page sends it).
fn moves_of(p: &mancala::Position, table_bits: u32) -> kalah::Moves {
    kalah::Moves {
        state: Some(serde_json::to_value(p).unwrap()),
        think: 60.0,
        table_bits,
        ..Default::default()
    }
}

#[test]
fn a_kalah_cache_keeps_solvers_and_values_within_its_limit() {
    use std::sync::Arc;
    for rule in [mancala::CaptureRule::Handout, mancala::CaptureRule::Empty] {
        let cache = Arc::new(games_app::KalahCache::new(64 << 20, 2));
        let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
        // A game's positions: each answered with the values of its
        // children solved alone, the second time from the cache.
        let mut p = mancala::Position::kalah(4, 3, rule).unwrap();
        let mut asked = 0;
        while !p.is_over() {
            let r = moves_of(&p, 16).run(&ctx).unwrap();
            assert!(r.solved);
            let values: Vec<_> = r.moves.iter().map(|m| m.value).collect();
            assert_eq!(values, values_alone(&p), "{p:?}");
            let again = moves_of(&p, 16).run(&ctx).unwrap();
            assert_eq!((again.moves, again.nodes), (r.moves, 0));
            p.play(r.best_moves[0]).unwrap();
            asked += 1;
        }
        // One solver served the whole game; it plans within the limit.
        assert_eq!(cache.solvers(), 1);
        assert!(cache.planned() > 0 && cache.planned() <= cache.limit());
        assert!(cache.solved() >= asked);
    }
}

#[test]
fn a_kalah_cache_past_its_limit_drops_a_solver_or_solves_without() {
    use std::sync::Arc;
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Empty).unwrap();
    let q = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let one = mancala::solver::planned_bytes(
        &mancala::solver::Options {
            table_bits: 16,
            endgame_seeds: Some(mancala::solver::auto_endgame_seeds(4, 24)),
            threads: 1,
        },
        4,
        None,
    );
    // Room for one solver: the second rule's replaces the first's.
    let cache = Arc::new(games_app::KalahCache::new(one + one / 2, 1));
    let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
    for pos in [&p, &q] {
        let r = moves_of(pos, 16).run(&ctx).unwrap();
        assert_eq!(
            r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
            values_alone(pos)
        );
        assert_eq!(cache.solvers(), 1);
        assert!(cache.planned() <= cache.limit());
    }
    // Room for none: solved as without a cache, nothing kept but values.
    let tiny = Arc::new(games_app::KalahCache::new(one - 1, 1));
    let ctx = Context::new().with_kalah_cache(Arc::clone(&tiny));
    let r = moves_of(&p, 16).run(&ctx).unwrap();
    assert_eq!(
        r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
        values_alone(&p)
    );
    assert_eq!((tiny.solvers(), tiny.planned()), (0, 0));
}

#[test]
fn concurrent_requests_share_a_kalah_cache_and_agree() {
    use std::sync::Arc;
    let cache = Arc::new(games_app::KalahCache::new(64 << 20, 2));
    let mut positions = Vec::new();
    let mut p = mancala::Position::kalah(4, 4, mancala::CaptureRule::Handout).unwrap();
    for pit in [1, 2, 0, 3, 1] {
        if p.legal_moves().contains(&pit) {
            p.play(pit).unwrap();
        }
        positions.push(p.clone());
    }
    let answers: Vec<Vec<Option<i32>>> = std::thread::scope(|s| {
        let handles: Vec<_> = positions
            .iter()
            .chain(positions.iter())
            .map(|p| {
                let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
                s.spawn(move || {
                    let r = moves_of(p, 16).run(&ctx).unwrap();
                    assert!(r.solved);
                    r.moves.iter().map(|m| m.value).collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (p, got) in positions.iter().chain(positions.iter()).zip(answers) {
        assert_eq!(got, values_alone(p), "{p:?}");
    }
    assert_eq!(cache.solvers(), 1);
}

/// A preparer for `cache` on a thread of its own, and the flag that stops it.
fn start_preparer(
    cache: &std::sync::Arc<games_app::KalahCache>,
) -> (games_app::Cancel, std::thread::JoinHandle<()>) {
    let cancel = games_app::Cancel::new();
    let (cache, stop) = (std::sync::Arc::clone(cache), cancel.clone());
    (
        cancel,
        std::thread::spawn(move || cache.run_preparer(&stop)),
    )
}

/// `p`'s move values once the cache holds them (within 120 s).
fn prepared_values(cache: &games_app::KalahCache, p: &mancala::Position) -> Vec<Option<i32>> {
    let start = Instant::now();
    loop {
        if let Some(v) = cache.values_of(p) {
            return v.iter().map(|m| m.value).collect();
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "not prepared: {p:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until the preparer has taken every queued position (within 10 s),
/// then a moment more: what it would have solved of them is solved.
fn queue_taken(cache: &games_app::KalahCache) {
    let start = Instant::now();
    while cache.queued() > 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "queue not taken");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
}

/// A position queued longer ago than the preparer's idle limit is dropped
/// unsolved (a server left alone stops searching); one given again is
/// solved. A position whose limit is spent is left too.
#[test]
fn the_preparer_stops_once_no_one_asks() {
    use std::sync::Arc;
    let p = mancala::Position::kalah(4, 4, mancala::CaptureRule::Empty).unwrap();
    let cache = Arc::new(
        games_app::KalahCache::new(64 << 20, 1)
            .with_prepare_limits(Duration::from_secs(60), Duration::from_secs(2)),
    );
    cache.prepare(p.clone(), 16);
    std::thread::sleep(Duration::from_millis(2100));
    let (cancel, preparer) = start_preparer(&cache);
    queue_taken(&cache);
    assert_eq!(cache.values_of(&p), None, "solved past the idle limit");
    cache.prepare(p.clone(), 16);
    assert_eq!(prepared_values(&cache, &p), values_alone(&p));
    cancel.cancel();
    preparer.join().unwrap();
    // No time for a position: none solved.
    let cache = Arc::new(
        games_app::KalahCache::new(64 << 20, 1)
            .with_prepare_limits(Duration::ZERO, Duration::from_secs(60)),
    );
    let (cancel, preparer) = start_preparer(&cache);
    cache.prepare(p.clone(), 16);
    queue_taken(&cache);
    assert_eq!(cache.values_of(&p), None, "solved past its own limit");
    cancel.cancel();
    preparer.join().unwrap();
}

#[test]
fn the_preparer_solves_ahead_and_yields_to_requests() {
    use std::sync::Arc;
    let cache = Arc::new(games_app::KalahCache::new(64 << 20, 1));
    let p = mancala::Position::kalah(4, 4, mancala::CaptureRule::Empty).unwrap();
    let (cancel, preparer) = start_preparer(&cache);
    // While a request is at work, the preparer waits.
    let busy = cache.busy();
    cache.prepare(p.clone(), 16);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(cache.values_of(&p), None);
    drop(busy);
    assert_eq!(prepared_values(&cache, &p), values_alone(&p));
    // Then the positions a game reaches next: every move's.
    let first = p.legal_moves()[0];
    let mut child = p.clone();
    child.play(first).unwrap();
    assert_eq!(prepared_values(&cache, &child), values_alone(&child));
    cancel.cancel();
    preparer.join().unwrap();
}

/// A request's next positions are queued best move first (a person shown
/// the values plays it likeliest), ahead of a position queued for no
/// request; then the preparer gives the position the page asks for after
/// each move (the solver's replies played) every move's exact value.
#[test]
fn the_preparer_follows_the_game_best_move_first() {
    use std::sync::Arc;
    let cache = Arc::new(games_app::KalahCache::new(64 << 20, 1));
    let p = mancala::Position::kalah(4, 4, mancala::CaptureRule::Empty).unwrap();
    let other = mancala::Position::kalah(4, 4, mancala::CaptureRule::Handout).unwrap();
    cache.prepare(other.clone(), 16);
    let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
    assert!(moves_of(&p, 16).run(&ctx).unwrap().solved);
    let values = values_alone(&p);
    let legal = p.legal_moves();
    let mut order: Vec<usize> = (0..legal.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(values[i]));
    assert_ne!(
        order,
        (0..legal.len()).collect::<Vec<_>>(),
        "pit order is best first"
    );
    let mut want: Vec<mancala::Position> = order
        .iter()
        .filter_map(|&i| {
            let mut c = p.clone();
            c.play(legal[i]).unwrap();
            (!c.is_over()).then_some(c)
        })
        .collect();
    want.push(other);
    assert_eq!(cache.queued_positions(), want);
    let (cancel, preparer) = start_preparer(&cache);
    let mut replies = 0;
    for &pit in &legal {
        let mut c = p.clone();
        c.play(pit).unwrap();
        // The solver's replies: its best move, the lowest pit of them.
        while !c.is_over() && c.to_move() != p.to_move() {
            let v = values_alone(&c);
            let top = v.iter().max().unwrap();
            let best = v.iter().position(|x| x == top).unwrap();
            c.play(c.legal_moves()[best]).unwrap();
            replies += 1;
        }
        if !c.is_over() {
            assert_eq!(
                prepared_values(&cache, &c),
                values_alone(&c),
                "after pit {pit}"
            );
        }
    }
    assert!(replies > 0);
    cancel.cancel();
    preparer.join().unwrap();
}

#[test]
fn a_cache_folder_keeps_the_larger_endgame_table() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Empty).unwrap();
    // Every position of Kalah(4,3), where a solver alone builds 18 seeds.
    let k = games_app::KalahCache::table_seeds(&p).unwrap();
    assert_eq!(k, 24);
    assert!(k > mancala::solver::auto_endgame_seeds(4, 24));
    let file = games_app::KalahCache::table_file(dir.path(), 4, k, p.rule());
    assert!(file.ends_with("kalah-4-pits-24-seeds-empty.db"));
    let saves = Arc::new(AtomicUsize::new(0));
    let with_folder = || {
        let count = Arc::clone(&saves);
        Arc::new(games_app::KalahCache::new(64 << 20, 1).with_tables(
            dir.path().to_path_buf(),
            Arc::new(move |f: &std::path::Path, t: &mancala::endgame::Endgame| {
                count.fetch_add(1, Ordering::Relaxed);
                let mut out = std::fs::File::create(f).map_err(|e| e.to_string())?;
                t.save(&mut out).map_err(|e| e.to_string())
            }),
        ))
    };
    // A preparer with the folder, until `p`'s values are in: the table
    // sizes its solvers had.
    let prepared = |busy_first: bool| {
        let cache = with_folder();
        let busy = busy_first.then(|| cache.busy());
        cache.prepare(p.clone(), 16);
        let (cancel, preparer) = start_preparer(&cache);
        if let Some(b) = busy {
            // The build waits while a request is at work.
            std::thread::sleep(Duration::from_millis(300));
            assert!(cache.endgame_seeds().is_empty());
            assert!(cache.values_of(&p).is_none());
            drop(b);
        }
        assert_eq!(prepared_values(&cache, &p), values_alone(&p));
        cancel.cancel();
        preparer.join().unwrap();
        // A request for a later position uses the larger table's solver.
        let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
        let mut later = p.clone();
        later.play(later.legal_moves()[1]).unwrap();
        let r = moves_of(&later, 16).run(&ctx).unwrap();
        let values: Vec<_> = r.moves.iter().map(|m| m.value).collect();
        assert_eq!(values, values_alone(&later));
        cache.endgame_seeds()
    };
    // First: built, written to the folder, used.
    assert_eq!(prepared(true), [k]);
    assert_eq!(saves.load(Ordering::Relaxed), 1);
    let bytes = std::fs::metadata(&file).unwrap().len();
    assert!(bytes > mancala::endgame::positions_for(4, k));
    // Next time: read from the folder, not built again.
    assert_eq!(prepared(false), [k]);
    assert_eq!(saves.load(Ordering::Relaxed), 1);
    // A file cut short is built again and replaced.
    let f = std::fs::OpenOptions::new().write(true).open(&file).unwrap();
    f.set_len(bytes / 2).unwrap();
    drop(f);
    assert_eq!(prepared(false), [k]);
    assert_eq!(saves.load(Ordering::Relaxed), 2);
    assert_eq!(std::fs::metadata(&file).unwrap().len(), bytes);
    // A server that knows the opening's values already (read from its
    // values file) still reads the table, for the positions after it.
    let known = {
        let cache = games_app::KalahCache::new(64 << 20, 1);
        let ctx = Context::new().with_kalah_cache(Arc::new(cache));
        moves_of(&p, 16).run(&ctx).unwrap();
        ctx.kalah_cache().unwrap().saved()
    };
    let cache = with_folder();
    assert_eq!(cache.load(&known).unwrap(), 1);
    cache.prepare(p.clone(), 16);
    let (cancel, preparer) = start_preparer(&cache);
    let start = Instant::now();
    while !cache.endgame_seeds().contains(&k) {
        assert!(start.elapsed() < Duration::from_secs(120), "no table");
        std::thread::sleep(Duration::from_millis(20));
    }
    cancel.cancel();
    preparer.join().unwrap();
    assert_eq!(saves.load(Ordering::Relaxed), 2);
}

/// A cache with a table folder `dir` whose larger tables have at most
/// `first` positions in their first stage and `last` in their second,
/// saving each table to its file and its name to `saved`.
fn staged_cache(
    dir: &std::path::Path,
    first: u64,
    last: u64,
    saved: &std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) -> std::sync::Arc<games_app::KalahCache> {
    let names = std::sync::Arc::clone(saved);
    std::sync::Arc::new(
        games_app::KalahCache::new(64 << 20, 1)
            .with_tables(
                dir.to_path_buf(),
                std::sync::Arc::new(move |f: &std::path::Path, t: &mancala::endgame::Endgame| {
                    names
                        .lock()
                        .unwrap()
                        .push(f.file_name().unwrap().to_string_lossy().into_owned());
                    let mut out = std::fs::File::create(f).map_err(|e| e.to_string())?;
                    t.save(&mut out).map_err(|e| e.to_string())
                }),
            )
            .with_table_positions(first, last),
    )
}

/// A board's larger table in two stages: the first (smaller, quicker to
/// build) made before the opening's search, the last when the preparer is
/// idle, replacing it; a later cache reads the last stage's file at once,
/// or, with only the first's, reads it and builds the last.
#[test]
fn a_larger_table_comes_in_two_stages() {
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let (first, last) = (21, 24);
    assert!(first > mancala::solver::auto_endgame_seeds(4, 24));
    let saved = Arc::new(Mutex::new(Vec::<String>::new()));
    let with_folder = || {
        staged_cache(
            dir.path(),
            mancala::endgame::positions_for(4, first),
            mancala::endgame::positions_for(4, last),
            &saved,
        )
    };
    let file = |k| games_app::KalahCache::table_file(dir.path(), 4, k, p.rule());
    // Until the cache holds `p`'s values and a solver with the last
    // stage's table: the tables its solvers had on the way.
    let run = || {
        let cache = with_folder();
        cache.prepare(p.clone(), 16);
        let (cancel, preparer) = start_preparer(&cache);
        assert_eq!(prepared_values(&cache, &p), values_alone(&p));
        let start = Instant::now();
        let mut seen = Vec::new();
        loop {
            let now = cache.endgame_seeds();
            if seen.last() != Some(&now) {
                seen.push(now.clone());
            }
            if now.contains(&last) {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(120), "{seen:?}");
            std::thread::sleep(Duration::from_millis(2));
        }
        cancel.cancel();
        preparer.join().unwrap();
        // The first stage made way for the last.
        assert!(!cache.endgame_seeds().contains(&first), "{seen:?}");
        // A later position, with the last stage's solver.
        let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
        let mut later = p.clone();
        later.play(later.legal_moves()[2]).unwrap();
        let r = moves_of(&later, 16).run(&ctx).unwrap();
        assert_eq!(
            r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
            values_alone(&later)
        );
        seen
    };
    // First: the first stage built and saved, then the last.
    run();
    let names = saved.lock().unwrap().clone();
    let name = |k: usize| file(k).file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(names, [name(first), name(last)]);
    // The first stage's file goes once the last's is written.
    assert!(!file(first).exists());
    assert!(file(last).exists());
    // Next: the last stage read from its file, nothing built.
    let seen = run();
    assert!(seen.iter().all(|s| !s.contains(&first)), "{seen:?}");
    assert_eq!(saved.lock().unwrap().len(), 2);
    // With only the first stage's file: read, then the last built.
    std::fs::remove_file(file(last)).unwrap();
    let t = mancala::endgame::Endgame::build(4, first, p.rule()).unwrap();
    t.save(&mut std::fs::File::create(file(first)).unwrap())
        .unwrap();
    run();
    assert_eq!(
        saved.lock().unwrap().clone(),
        [name(first), name(last), name(last)]
    );
}

/// A gate a test holds shut until it opens it.
type Gate = std::sync::Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>;

fn open_gate(gate: &Gate) {
    *gate.0.lock().unwrap() = true;
    gate.1.notify_all();
}

/// A cache of larger tables in `dir` for 4 pits (stages of `first` and
/// `last` seeds) whose every save waits at the gate until the test opens
/// it (at most 300 s, longer than any test waits), then names its file in
/// the list and writes it.
fn gated_cache(
    dir: &std::path::Path,
    first: usize,
    last: usize,
) -> (
    std::sync::Arc<games_app::KalahCache>,
    Gate,
    std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) {
    use std::sync::{Arc, Condvar, Mutex};
    let gate: Gate = Arc::new((Mutex::new(false), Condvar::new()));
    let held = Arc::clone(&gate);
    let saved = Arc::new(Mutex::new(Vec::<String>::new()));
    let names = Arc::clone(&saved);
    let cache = games_app::KalahCache::new(64 << 20, 1)
        .with_tables(
            dir.to_path_buf(),
            Arc::new(move |f: &std::path::Path, t: &mancala::endgame::Endgame| {
                let (open, opened) = &*held;
                let shut = open.lock().unwrap();
                drop(
                    opened
                        .wait_timeout_while(shut, Duration::from_secs(300), |o| !*o)
                        .unwrap(),
                );
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                names.lock().unwrap().push(name);
                let mut out = std::fs::File::create(f).map_err(|e| e.to_string())?;
                t.save(&mut out).map_err(|e| e.to_string())
            }),
        )
        .with_table_positions(
            mancala::endgame::positions_for(4, first),
            mancala::endgame::positions_for(4, last),
        );
    (Arc::new(cache), gate, saved)
}

/// A larger table serves the opening's search while its file is still
/// being written (the save runs on a thread of its own), and its file is
/// whole once the preparer ends. With the save on the preparer's thread,
/// the held save keeps the values from coming.
#[test]
fn a_table_is_searched_with_while_its_file_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let (first, last) = (21, 24);
    let (cache, gate, _) = gated_cache(dir.path(), first, last);
    let file = |k| games_app::KalahCache::table_file(dir.path(), 4, k, p.rule());
    cache.prepare(p.clone(), 16);
    let (cancel, preparer) = start_preparer(&cache);
    assert_eq!(prepared_values(&cache, &p), values_alone(&p));
    assert_eq!(cache.endgame_seeds(), [first]);
    assert!(!file(first).exists());
    // The last stage is built meanwhile and takes the first's place; the
    // first's table, which its save still holds, is counted in the plan
    // until the save is done.
    let start = Instant::now();
    while cache.endgame_seeds() != [last] {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "{:?}",
            cache.endgame_seeds()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let held = cache.planned();
    open_gate(&gate);
    let start = Instant::now();
    while cache.planned() == held {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the first stage's save, done, still counted (or never counted): {held}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(cache.planned() < held);
    cancel.cancel();
    preparer.join().unwrap();
    // The first stage's file, or the last's once it replaced it: whole.
    let k = if file(last).exists() { last } else { first };
    let t = mancala::endgame::Endgame::read_file(&file(k)).unwrap();
    assert_eq!(t.seeds(), k);
    if k == last {
        assert!(!file(first).exists());
    }
}

/// A request for another board is not held up by a table's save (at nice
/// 19, on a loaded machine, a save can take minutes): its board's table
/// is built, and its values found, while the first board's save waits.
#[test]
fn a_save_holds_up_no_other_boards_table() {
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let a = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let b = mancala::Position::kalah(4, 3, mancala::CaptureRule::Empty).unwrap();
    // One stage of 21 seeds: each board's table is built once, and kept.
    let (cache, gate, saved) = gated_cache(dir.path(), 21, 21);
    cache.prepare(a.clone(), 16);
    let (cancel, preparer) = start_preparer(&cache);
    assert_eq!(prepared_values(&cache, &a), values_alone(&a));
    assert_eq!(cache.endgame_seeds(), [21]);
    // The first board's save waits at the gate; the other board's request
    // (10 s to think) gets its board's table and every value meanwhile.
    // (A board given to the preparer, as a server gives both rules': its
    // request waits for the larger table.)
    cache.prepare(b.clone(), 16);
    let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
    let asked = kalah::Moves {
        think: 10.0,
        ..moves_of(&b, 16)
    };
    let r = asked.run(&ctx).unwrap();
    assert!(r.solved, "not solved while the other board's save waited");
    assert_eq!(
        r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
        values_alone(&b)
    );
    assert_eq!(cache.endgame_seeds(), [21, 21]);
    assert!(saved.lock().unwrap().is_empty());
    open_gate(&gate);
    cancel.cancel();
    preparer.join().unwrap();
    // Both saved, in the order built.
    assert_eq!(
        *saved.lock().unwrap(),
        [
            "kalah-4-pits-21-seeds-handout.db",
            "kalah-4-pits-21-seeds-empty.db"
        ]
    );
}

/// A request for a board with no larger table yet does not search with a
/// small one (which would pause the build): it waits, and the preparer
/// makes that board's table first, before the one it was building.
#[test]
fn a_request_waits_for_its_boards_table_and_comes_first() {
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let saved = Arc::new(Mutex::new(Vec::<String>::new()));
    // Two stages, the first of fewer seeds than the opening has in its
    // pits (a request waits only for such a position).
    let cache = staged_cache(
        dir.path(),
        mancala::endgame::positions_for(4, 21),
        mancala::endgame::positions_for(4, 24),
        &saved,
    );
    let a = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let b = mancala::Position::kalah(4, 3, mancala::CaptureRule::Empty).unwrap();
    cache.prepare(a.clone(), 16);
    cache.prepare(b.clone(), 16);
    // The preparer waits at the first board's build while this is held.
    let busy = cache.busy();
    let (cancel, preparer) = start_preparer(&cache);
    std::thread::sleep(Duration::from_millis(100));
    let asking = {
        let cache = Arc::clone(&cache);
        let b = b.clone();
        std::thread::spawn(move || {
            let ctx = Context::new().with_kalah_cache(cache);
            moves_of(&b, 16).run(&ctx).unwrap()
        })
    };
    std::thread::sleep(Duration::from_millis(100));
    drop(busy);
    let r = asking.join().unwrap();
    assert!(r.solved);
    assert_eq!(
        r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
        values_alone(&b)
    );
    assert_eq!(prepared_values(&cache, &a), values_alone(&a));
    cancel.cancel();
    preparer.join().unwrap();
    let names = saved.lock().unwrap().clone();
    assert_eq!(
        names[..2],
        [
            "kalah-4-pits-21-seeds-empty.db",
            "kalah-4-pits-21-seeds-handout.db"
        ]
    );
}

/// The preparer's build of `a`'s larger table caught under way (a level
/// or more done) and paused: the cache marked busy while the guard is
/// held. `None` when the build ended first, or not within 60 s.
fn paused_mid_build<'c>(
    cache: &'c games_app::KalahCache,
    a: &mancala::Position,
) -> Option<impl Sized + 'c> {
    let start = Instant::now();
    loop {
        if cache.table_progress(a, 16).is_some_and(|t| t.done > 0) {
            let busy = cache.busy();
            std::thread::sleep(Duration::from_millis(50));
            // (Not done: a build done is marked until its solver is in
            // its slot, and no request pauses that.)
            return cache
                .table_progress(a, 16)
                .filter(|t| t.done < t.positions)
                .map(|_| busy);
        }
        if cache.values_of(a).is_some() || start.elapsed() > Duration::from_secs(60) {
            return None;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// While the preparer builds a board's larger table, a request for that
/// board that runs out of time says how far the build has come (the page
/// shows it on a server's first start); once the table is made, every
/// value is exact and the report says nothing of a build.
#[test]
fn a_request_during_the_build_says_how_far_it_has_come() {
    use std::sync::{Arc, Mutex};
    let a = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    // One stage of 23 seeds: fewer than the opening's 24 (a request
    // waits only for such a table), 7.9 M positions.
    let positions = mancala::endgame::positions_for(4, 23);
    // The build is caught under way and paused (a request at work pauses
    // it); one that ended first, on a busy machine, is tried again.
    for attempt in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let saved = Arc::new(Mutex::new(Vec::<String>::new()));
        let cache = staged_cache(dir.path(), positions, positions, &saved);
        cache.prepare(a.clone(), 16);
        let (cancel, preparer) = start_preparer(&cache);
        let caught = paused_mid_build(&cache, &a);
        let Some(busy) = caught else {
            cancel.cancel();
            preparer.join().unwrap();
            assert!(attempt < 4, "the build was never caught under way");
            continue;
        };
        let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
        let asked = kalah::Moves {
            think: 0.3,
            ..moves_of(&a, 16)
        };
        let r = asked.run(&ctx).unwrap();
        assert!(!r.solved);
        let t = r.preparing.clone().expect("the build's progress");
        assert_eq!((t.seeds, t.positions), (23, positions));
        assert!(t.this_board, "{t:?}");
        assert!(0 < t.done && t.done <= positions, "{t:?}");
        // Not another board's (the other rule; other transposition tables).
        let b = mancala::Position::kalah(4, 3, mancala::CaptureRule::Empty).unwrap();
        assert_eq!(cache.table_progress(&b, 16), None);
        assert_eq!(cache.table_progress(&a, 17), None);
        assert!(r.text().contains("building this board's endgame table"));
        assert!(serde_json::to_value(&r).unwrap()["preparing"].is_object());
        // The build goes on once no request is at work.
        drop(busy);
        assert_eq!(prepared_values(&cache, &a), values_alone(&a));
        assert_eq!(cache.table_progress(&a, 16), None);
        let r = asked.run(&ctx).unwrap();
        assert!(r.solved && r.preparing.is_none());
        assert!(serde_json::to_value(&r).unwrap().get("preparing").is_none());
        cancel.cancel();
        preparer.join().unwrap();
        return;
    }
}

/// Kalah(4,3) under the handout's rule and under empty capture.
fn both_rules() -> (mancala::Position, mancala::Position) {
    let kalah = |rule| mancala::Position::kalah(4, 3, rule).unwrap();
    (
        kalah(mancala::CaptureRule::Handout),
        kalah(mancala::CaptureRule::Empty),
    )
}

/// Files saved, by name, in turn.
type Saved = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

/// A cache of one stage of `positions` in a folder of its own (kept while
/// the first value lives), the names of its tables' saves, and both rules'
/// openings queued (the handout's first), as a server queues them at
/// start.
fn both_queued(
    positions: u64,
) -> (
    tempfile::TempDir,
    Saved,
    std::sync::Arc<games_app::KalahCache>,
) {
    let dir = tempfile::tempdir().unwrap();
    let saved = Saved::default();
    let cache = staged_cache(dir.path(), positions, positions, &saved);
    let (a, b) = both_rules();
    cache.prepare(a, 16);
    cache.prepare(b, 16);
    (dir, saved, cache)
}

/// `p`'s every-move values asked of `cache` with `think` seconds, as a
/// server's request asks.
fn ask(
    cache: &std::sync::Arc<games_app::KalahCache>,
    p: &mancala::Position,
    think: f64,
) -> kalah::MovesReport {
    let ctx = Context::new().with_kalah_cache(std::sync::Arc::clone(cache));
    kalah::Moves {
        think,
        ..moves_of(p, 16)
    }
    .run(&ctx)
    .unwrap()
}

/// [`ask`] on a thread of its own.
fn ask_aside(
    cache: &std::sync::Arc<games_app::KalahCache>,
    p: &mancala::Position,
    think: f64,
) -> std::thread::JoinHandle<kalah::MovesReport> {
    let (cache, p) = (std::sync::Arc::clone(cache), p.clone());
    std::thread::spawn(move || ask(&cache, &p, think))
}

/// A build the preparer began for no request (an opening it queued, as a
/// server does at start) and that a request for its board then waited on
/// is finished first: another board's request, come after, is told whose
/// build it waits on, and does not stop it (it did: the two rules'
/// requests of a first start stopped each other's builds).
#[test]
fn a_build_a_request_waited_on_is_finished_first() {
    let (a, b) = both_rules();
    let positions = mancala::endgame::positions_for(4, 23);
    for attempt in 0..5 {
        let (_dir, saved, cache) = both_queued(positions);
        let (cancel, preparer) = start_preparer(&cache);
        // `a`'s build, for no request, caught under way and paused.
        let Some(busy) = paused_mid_build(&cache, &a) else {
            cancel.cancel();
            preparer.join().unwrap();
            assert!(attempt < 4, "the build was never caught under way");
            continue;
        };
        // A request for `a` waits on it...
        let first = ask_aside(&cache, &a, 180.0);
        let start = Instant::now();
        while !cache.build_waited_on() {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "a's request never waited"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // ...then one for `b` comes: told of `a`'s build, still under way.
        let r = ask(&cache, &b, 0.3);
        let t = r.preparing.clone().expect("a build under way");
        assert!(!t.this_board && !t.empty_capture, "{t:?}");
        assert!(0 < t.done, "{t:?}");
        drop(busy);
        let r = first.join().unwrap();
        assert!(r.solved);
        assert_eq!(
            r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
            values_alone(&a)
        );
        cancel.cancel();
        preparer.join().unwrap();
        assert_eq!(
            saved.lock().unwrap().first().map(String::as_str),
            Some("kalah-4-pits-23-seeds-handout.db")
        );
        return;
    }
}

/// A request for a board whose table comes second (the preparer finishes
/// first the one another request waited on) says whose build it waits
/// on and how far it has come, not nothing.
#[test]
fn a_request_waiting_on_another_boards_build_says_whose() {
    use std::sync::Arc;
    let (a, b) = both_rules();
    let positions = mancala::endgame::positions_for(4, 23);
    for attempt in 0..5 {
        let (_dir, _saved, cache) = both_queued(positions);
        // A request for `a` waits for its table, before the preparer
        // starts: the preparer builds it for that request, and does not
        // stop that build for another board's request.
        // (Longer than the wait below to catch the build.)
        let first = ask_aside(&cache, &a, 180.0);
        std::thread::sleep(Duration::from_millis(300));
        let (cancel, preparer) = start_preparer(&cache);
        let caught = paused_mid_build(&cache, &a);
        let Some(busy) = caught else {
            first.join().unwrap();
            cancel.cancel();
            preparer.join().unwrap();
            assert!(attempt < 4, "the build was never caught under way");
            continue;
        };
        let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
        let r = ask(&cache, &b, 0.3);
        assert!(!r.solved);
        let Some(t) = r.preparing.clone() else {
            // The preparer took `a` up from its queue before the request
            // (a busy machine): a build no request asked for, which `b`'s
            // request stopped. Again.
            drop(busy);
            first.join().unwrap();
            cancel.cancel();
            preparer.join().unwrap();
            assert!(attempt < 4, "no build of a's under way was reported");
            continue;
        };
        assert!(!t.this_board, "{t:?}");
        assert_eq!(
            (
                t.seeds,
                t.positions,
                t.pits,
                t.seeds_in_play,
                t.empty_capture
            ),
            (23, positions, 4, 24, false),
            "a's build"
        );
        assert!(0 < t.done && t.done <= positions, "{t:?}");
        assert!(
            r.text()
                .contains("building first another board's endgame table (4 pits a side, 24 seeds in play, the handout's capture"),
            "{}",
            r.text()
        );
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["preparing"]["this_board"], false);
        // `a`'s own request, once the build goes on, is told nothing of
        // a build and gets every value; then `b`'s table comes.
        drop(busy);
        let r = first.join().unwrap();
        assert_eq!(
            r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
            values_alone(&a)
        );
        let r = moves_of(&b, 16).run(&ctx).unwrap();
        assert!(r.solved && r.preparing.is_none());
        assert_eq!(
            r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
            values_alone(&b)
        );
        cancel.cancel();
        preparer.join().unwrap();
        return;
    }
}

#[test]
fn saved_kalah_values_read_back_and_bad_ones_are_refused() {
    use std::sync::Arc;
    let cache = Arc::new(games_app::KalahCache::new(64 << 20, 1));
    let ctx = Context::new().with_kalah_cache(Arc::clone(&cache));
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let first = moves_of(&p, 16).run(&ctx).unwrap();
    assert!(first.solved);
    assert_eq!(cache.kept(), 1);
    let saved = cache.saved();
    assert_eq!(saved.positions.len(), 1);
    // Through JSON, into a new cache: the same values, no search.
    let text = serde_json::to_string(&saved).unwrap();
    let back: games_app::solvers::SavedValues = serde_json::from_str(&text).unwrap();
    let fresh = Arc::new(games_app::KalahCache::new(64 << 20, 1));
    assert_eq!(fresh.load(&back).unwrap(), 1);
    assert_eq!(fresh.kept(), 0);
    let ctx2 = Context::new().with_kalah_cache(Arc::clone(&fresh));
    let again = moves_of(&p, 16).run(&ctx2).unwrap();
    assert_eq!((again.moves, again.nodes), (first.moves.clone(), 0));
    assert_eq!(fresh.solvers(), 0, "answered without a solver");
    // The game goes on from a known position: the preparer gets the
    // positions after each move.
    assert_eq!(fresh.queued(), p.legal_moves().len());
    let other = games_app::KalahCache::new(64 << 20, 1);
    other.load(&back).unwrap();
    other.prepare(p.clone(), 16);
    assert_eq!(other.queued(), p.legal_moves().len());
    // Each check refuses, and nothing is kept then.
    let refused = |edit: &dyn Fn(&mut games_app::solvers::SavedValues)| {
        let mut bad = back.clone();
        edit(&mut bad);
        let c = games_app::KalahCache::new(64 << 20, 1);
        let e = c.load(&bad).unwrap_err();
        assert!(matches!(e, AppError::BadInput(_)), "{e:?}");
        assert_eq!(c.solved(), 0);
        e.to_string()
    };
    assert!(refused(&|s| s.format = 2).contains("format 2"));
    assert!(refused(&|s| s.version = "0.0.0".into()).contains("version 0.0.0"));
    // One more or one less than the proved value: the seeds' parity.
    for d in [-1, 1] {
        let e = refused(&|s| s.positions[0].values[2].1 += d);
        assert!(e.contains("parity"), "{e}");
    }
    // A board larger than the solver takes.
    let huge = refused(&|s| {
        s.positions[0].position =
            mancala::Position::kalah(40, 1, mancala::CaptureRule::Handout).unwrap();
    });
    assert!(huge.contains("position 0"), "{huge}");
    let one_short = refused(&|s| {
        s.positions[0].values.pop();
    });
    assert!(one_short.contains("position 0"), "{one_short}");
    assert!(refused(&|s| s.positions[0].values.swap(0, 1)).contains("pit"));
    // A value past what the 24 seeds allow (of their parity).
    assert!(refused(&|s| s.positions[0].values[0].1 = 26).contains("outside"));
}
