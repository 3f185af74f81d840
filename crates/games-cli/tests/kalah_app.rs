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
