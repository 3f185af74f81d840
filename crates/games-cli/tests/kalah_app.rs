//! Kalah's typed verbs give the same JSON on the command line (the
//! request's `command_line`, run through clap) and on the web API (the
//! request's JSON body, run without clap).

use games_app::{Verb, command_line, kalah};
use serde_json::{Value, json};

/// The words of a command line as `games_app::shell_word` quotes them.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            '\\' if !quoted => {
                if let Some(n) = chars.next() {
                    word.push(n);
                }
            }
            ' ' if !quoted => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

/// The CLI's JSON and the API's for `req`, each parsed; `drop` names
/// fields that vary from run to run (nodes searched on two threads).
fn both<V: Verb>(req: &V, drop: &[&str]) -> (Value, Value) {
    let line = command_line(req);
    let c = games_cli::run_captured(words(&line));
    assert_eq!(c.code, 0, "{line}: {}", c.stderr);
    // The body names only the flags given (the web refuses `endgame`,
    // even as null).
    let mut body = serde_json::to_value(req).unwrap();
    if let Value::Object(m) = &mut body {
        m.retain(|_, v| !v.is_null());
    }
    let body = serde_json::to_vec(&body).unwrap();
    let reply = games_cli::api::call(V::GAME, V::VERB, &body, None);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let mut cli: Value = serde_json::from_str(&c.stdout).unwrap();
    let mut web: Value = serde_json::from_str(&reply.body).unwrap();
    for key in drop {
        for v in [&mut cli, &mut web] {
            if let Value::Object(m) = v {
                m.remove(*key);
            }
        }
    }
    (cli, web)
}

#[test]
fn the_words_of_a_command_line_read_back() {
    assert_eq!(
        words(r#"games-cli kalah move --state '{"a": "it'\''s"}' --format json"#),
        [
            "games-cli",
            "kalah",
            "move",
            "--state",
            r#"{"a": "it's"}"#,
            "--format",
            "json"
        ]
    );
}

#[test]
fn sow_is_the_same_on_the_command_line_and_the_web() {
    let req = kalah::Sow {
        board: Some(vec![3, 3, 3, 3, 0, 3, 3, 3, 3, 0]),
        moves: Some(vec![1, 2]),
    };
    let (cli, web) = both(&req, &[]);
    assert_eq!(cli, web);
    assert_eq!(cli["next_player"], 1);
}

#[test]
fn solve_is_the_same_on_the_command_line_and_the_web() {
    // One thread: the nodes searched are the same run to run.
    let req = kalah::Solve {
        pits: Some(4),
        seeds: Some(3),
        time_limit: 10.0,
        table_bits: 20,
        empty_capture: true,
        threads: Some(1),
        ..Default::default()
    };
    let (cli, web) = both(&req, &[]);
    assert_eq!(cli, web);
    assert_eq!(
        (cli["value"].clone(), cli["best_moves"].clone()),
        (json!(8), json!([1]))
    );
}

#[test]
fn move_is_the_same_on_the_command_line_and_the_web() {
    let req = kalah::Move {
        state: Some(json!({"board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": "seed"})),
        pit: Some(1),
        ..Default::default()
    };
    let (cli, web) = both(&req, &[]);
    assert_eq!(cli, web);
    assert_eq!(cli["move"]["pit"], 1);
    let new_game = kalah::Move {
        pits: Some(4),
        seeds: Some(3),
        empty_capture: true,
        pit: Some(0),
        ..Default::default()
    };
    let (cli, web) = both(&new_game, &[]);
    assert_eq!(cli, web);
}

/// `kalah move --moves` replays a whole game: each of its plays is the
/// position one `--pit` request at a time reaches, on the command line
/// and the web alike, and a pit that cannot be played is named by its
/// place in the list.
#[test]
fn a_list_of_moves_is_the_game_played_one_move_at_a_time() {
    for start in [
        json!({"board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": "seed"}),
        json!({"board": [2, 0, 4, 1, 5, 3, 0, 2, 6, 1, 2, 7, 3, 4], "to_move": 1, "rule": "empty"}),
    ] {
        // The game: at each turn the mover's k-th nonempty pit (k the
        // move's number, round the nonempty pits), to its end.
        let mut state = start.clone();
        let (mut pits, mut positions) = (Vec::new(), Vec::new());
        loop {
            let board: Vec<u64> = serde_json::from_value(state["board"].clone()).unwrap();
            let n = board.len() / 2 - 1;
            let side = state["to_move"].as_u64().unwrap() as usize * (n + 1);
            let full: Vec<usize> = (0..n).filter(|&i| board[side + i] > 0).collect();
            if full.is_empty() || positions.len() > 200 {
                break;
            }
            let pit = full[pits.len() % full.len()];
            let req = kalah::Move {
                state: Some(state.clone()),
                pit: Some(pit),
                ..Default::default()
            };
            let (one, _) = both(&req, &[]);
            pits.push(pit);
            state = one["position"].clone();
            positions.push(state.clone());
            if one["final_scores"] != Value::Null {
                break;
            }
        }
        assert!(pits.len() >= 5, "a game of {} moves", pits.len());
        let req = kalah::Move {
            state: Some(start.clone()),
            moves: Some(pits.clone()),
            ..Default::default()
        };
        let (cli, web) = both(&req, &[]);
        assert_eq!(cli, web);
        let plays = cli["plays"].as_array().unwrap();
        assert_eq!(plays.len(), pits.len());
        for (k, play) in plays.iter().enumerate() {
            assert_eq!(play["position"], positions[k], "after move {}", k + 1);
            assert_eq!(play["move"]["pit"], pits[k]);
        }
        assert_eq!(cli["position"], *positions.last().unwrap());
        assert_eq!(cli["move"], plays.last().unwrap()["move"]);
        assert_ne!(cli["final_scores"], Value::Null, "the game ran to its end");
        // One pit more is past the game's end, named by its place.
        let mut more = pits.clone();
        more.push(0);
        let over = kalah::Move {
            state: Some(start),
            moves: Some(more),
            ..Default::default()
        };
        let c = games_cli::run_captured(words(&command_line(&over)));
        assert_eq!(c.code, 2);
        assert!(
            c.stderr
                .contains(&format!("--moves: move {}", pits.len() + 1)),
            "{}",
            c.stderr
        );
    }
    let e = refused(
        &["--pits", "4", "--seeds", "3", "--moves", "0", "--pit", "1"],
        "--moves",
    );
    assert!(e.contains("--pit"), "{e}");
    // A board of 1,000 pits a side (2,002 cells) 600 times is past the
    // cells the report may hold: refused before any move.
    let board = [vec![1; 1000], vec![0], vec![1; 1000], vec![0]].concat();
    let wide = json!({"board": board, "to_move": 0, "rule": "seed"});
    let many = vec!["0"; 600].join(",");
    refused(
        &["--state", &wide.to_string(), "--moves", &many],
        &format!("hold 1201200 cells; at most {}", kalah::MAX_REPLAYED_CELLS),
    );
    let long = vec!["0"; kalah::MAX_REPLAYED_MOVES + 1].join(",");
    refused(
        &["--pits", "4", "--seeds", "3", "--moves", &long],
        &format!("--moves: at most {} moves", kalah::MAX_REPLAYED_MOVES),
    );
}

/// `games-cli kalah move ARGS` is bad input (exit 2) whose line says
/// `part`; the line.
fn refused(args: &[&str], part: &str) -> String {
    let words = ["games-cli", "kalah", "move"].iter().chain(args);
    let c = games_cli::run_captured(words);
    assert_eq!(c.code, 2);
    assert!(c.stderr.contains(part), "{}", c.stderr);
    c.stderr
}

#[test]
fn moves_is_the_same_on_the_command_line_and_the_web() {
    let req = kalah::Moves {
        pits: Some(4),
        seeds: Some(3),
        think: 10.0,
        ..Default::default()
    };
    let (cli, web) = both(&req, &["nodes"]);
    assert_eq!(cli, web);
    assert_eq!(cli["solved"], true);
}
