//! The binary as a user runs it: outputs, exit codes, one-line errors.
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok_json(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

/// Exit code 2, nothing on stdout, exactly one line on stderr naming `what`.
fn bad(args: &[&str], what: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains(what),
        "{args:?}: {err:?} should mention {what:?}"
    );
}

#[test]
fn lcr_study_json_keys_and_thread_independence() {
    let args = |t: &'static str| {
        [
            "lcr",
            "--players",
            "3",
            "--games",
            "100000",
            "--seed",
            "11",
            "--threads",
            t,
            "--format",
            "json",
        ]
    };
    let one = run(&args("1"));
    let two = run(&args("2"));
    assert!(one.status.success());
    assert_eq!(
        one.stdout, two.stdout,
        "same seed, same bytes at any --threads"
    );
    let v: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    for key in [
        "players",
        "games",
        "seed",
        "wins",
        "win_fraction",
        "most_common_winner",
        "most_common_fraction",
        "mean_turns",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["games"], 100000);
    assert_eq!(v["seed"], 11);
}

#[test]
fn drawn_seed_is_shown_and_repeats_the_run() {
    let v = ok_json(&[
        "lcr",
        "--players",
        "4",
        "--games",
        "3000",
        "--format",
        "json",
    ]);
    let seed = v["seed"].as_u64().unwrap().to_string();
    let again = ok_json(&[
        "lcr",
        "--players",
        "4",
        "--games",
        "3000",
        "--seed",
        &seed,
        "--format",
        "json",
    ]);
    assert_eq!(v, again);
}

#[test]
fn lab_example_on_scripted_dice() {
    let v = ok_json(&[
        "lcr",
        "replay",
        "--players",
        "2",
        "--script",
        "LCR",
        "--format",
        "json",
    ]);
    assert_eq!(v["winner"], 1);
    assert_eq!(v["turns"], 1);
    assert_eq!(v["coins"], serde_json::json!([0, 5]));
    assert_eq!(v["center"], 1);
}

#[test]
fn lcr_bad_input() {
    bad(&["lcr", "--players", "1"], "at least 2 players");
    bad(&["lcr", "--players", "3", "--games", "0"], "at least 1");
    bad(
        &["lcr", "replay", "--players", "2", "--script", "LCX"],
        "'X'",
    );
    bad(
        &["lcr", "replay", "--players", "3", "--script", "LLL"],
        "ran out",
    );
    bad(
        &["lcr", "replay", "--players", "2", "--script", "LCR.."],
        "left over",
    );
    // A flag the verb does not use is an error naming the verb.
    bad(
        &["lcr", "exact", "--players", "3", "--games", "5"],
        "lcr exact",
    );
    bad(&["lcr", "--table", "standard", "--coins", "99"], "--coins");
    bad(&["lcr", "replay", "--script", "LCR"], "--players");
    bad(
        &["lcr", "--players", "3", "--threads", "100000"],
        "1 to 256",
    );
    bad(&["lcr", "--players", "3", "--format", "xml"], "xml");
    bad(&["lcr", "--players", "3", "--threads", "0"], "--threads");
    bad(&["lcr"], "--players");
    bad(&["lcr", "--players", "many"], "many");
    bad(
        &["lcr", "--players", "1000000000000", "--games", "1"],
        "--players must be at most 10000",
    );
    bad(
        &["lcr", "--players", "1000", "--coins", "4294967295"],
        "--coins must be at most",
    );
    bad(&["chess"], "chess");
    bad(&[], "command");
}

#[test]
fn exact_lcr_json() {
    let v = ok_json(&["lcr", "exact", "--players", "3", "--format", "json"]);
    for key in [
        "players",
        "coins",
        "win_probability",
        "expected_turns",
        "expected_rolling_turns",
        "states",
        "tolerance",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let p: f64 = v["win_probability"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((p - 1.0).abs() < 1e-12);
}

#[test]
fn exact_lcr_refuses_what_does_not_fit() {
    bad(
        &["lcr", "exact", "--players", "30", "--coins", "3"],
        "states",
    );
    // Past what a 64-bit count holds, the message says so rather than
    // print the saturated count as if it were one.
    bad(
        &["lcr", "exact", "--players", "99", "--coins", "3"],
        "have 2^64 or more states",
    );
}

#[test]
fn craps_json() {
    let v = ok_json(&[
        "craps", "--games", "20000", "--seed", "4", "--format", "json",
    ]);
    for key in [
        "games",
        "wins",
        "win_fraction",
        "exact_win_probability",
        "exact_fraction",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["exact_fraction"], "244/495");
    assert_eq!(v["games"], 20000);
}

#[test]
fn baccarat_transcript_and_modes() {
    let out = run(&["baccarat", "deal", "--cards", "7♢,9♠,4♢,5♡,4♣,J♡"]);
    assert!(out.status.success());
    // The handout's transcript byte for byte, then the totals in one line.
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "House:    9 ♠    5 ♡\nPlayer:    7 ♢    4 ♢\nPlayer draws     4 ♣\nHouse draws     J ♡\nPlayer wins\n(totals: house, the banker, 4; player 5; 1 deck(s), stacked)\n"
    );
    let v = ok_json(&[
        "baccarat",
        "deal",
        "--cards",
        "7♢,9♠,4♢,5♡,4♣,J♡",
        "--format",
        "json",
    ]);
    assert_eq!(
        v["transcript"],
        "House:    9 ♠    5 ♡\nPlayer:    7 ♢    4 ♢\nPlayer draws     4 ♣\nHouse draws     J ♡\nPlayer wins\n"
    );
    let one = run(&["baccarat", "--seed", "9", "--decks", "6"]);
    assert!(one.status.success());
    assert!(String::from_utf8(one.stdout).unwrap().starts_with("House:"));
    let v = ok_json(&[
        "baccarat", "simulate", "--games", "50000", "--seed", "2", "--format", "json",
    ]);
    for key in ["games", "decks", "player", "house", "tie"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let e = ok_json(&["baccarat", "exact", "--decks", "8", "--format", "json"]);
    for key in [
        "decks",
        "player",
        "house",
        "tie",
        "player_fraction",
        "house_fraction",
        "tie_fraction",
    ] {
        assert!(e.get(key).is_some(), "missing {key}");
    }
    assert!((e["house"].as_f64().unwrap() - 0.458597).abs() < 5e-7);
}

#[test]
fn casino_bad_input() {
    bad(&["baccarat", "--decks", "0"], "deck");
    bad(&["baccarat", "simulate", "--games", "0"], "at least 1");
    bad(&["baccarat", "--games", "10"], "baccarat");
    bad(&["craps", "--games", "0"], "at least 1");
    bad(&["baccarat", "--cards", "1S,2S,3S,4S"], "1S");
    bad(&["baccarat", "--cards", "AS,2S"], "empty deck");
    bad(&["baccarat", "exact", "--decks", "100"], "64");
}

#[test]
fn hog_final_rate_and_keys() {
    let v = ok_json(&["hog", "--strategy", "final", "--format", "json"]);
    for key in [
        "strategy",
        "baseline",
        "exact_win_rate",
        "win_rate_first",
        "win_rate_second",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let rate = v["exact_win_rate"].as_f64().unwrap();
    assert!(rate >= 0.59);
    assert_eq!(rate, v["best_possible_win_rate"].as_f64().unwrap());
    let s = ok_json(&[
        "hog",
        "--strategy",
        "swap",
        "--games",
        "20000",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    assert!(s["sampled_win_rate"].as_f64().is_some());
    assert_eq!(s["seed"], 3);
}

#[test]
fn hog_grader_style_commands() {
    let t = ok_json(&[
        "hog",
        "turn",
        "--rolls",
        "2",
        "--opponent",
        "0",
        "--dice",
        "4,6,1",
        "--format",
        "json",
    ]);
    assert_eq!(t["points"], 10);
    let t = ok_json(&[
        "hog",
        "turn",
        "--rolls",
        "0",
        "--opponent",
        "42",
        "--dice",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(t["points"], 5);
    let c = ok_json(&[
        "hog",
        "choose",
        "--strategy",
        "bacon",
        "--score",
        "0",
        "--opponent",
        "48",
        "--format",
        "json",
    ]);
    assert_eq!(c["rolls"], 0);
    let g = ok_json(&[
        "hog",
        "play",
        "--strategy0",
        "always:1",
        "--strategy1",
        "always:1",
        "--four-sided",
        "4",
        "--six-sided",
        "6",
        "--format",
        "json",
    ]);
    assert_eq!(
        (g["score0"].as_u64(), g["score1"].as_u64()),
        (Some(100), Some(96))
    );
    assert_eq!(g["winner"], 0);
    let out = run(&["hog", "max-rolls", "--dice", "3", "--turns", "10"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("1 dice scores 3.0 on average\n"));
    assert!(text.ends_with("10 dice scores 30.0 on average\n10\n"));
}

#[test]
fn hog_plot_writes_an_svg() {
    let path = std::env::temp_dir().join(format!("hog-map-{}.svg", std::process::id()));
    let out = run(&[
        "hog",
        "--strategy",
        "bacon",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let _ = std::fs::remove_file(path);
}

#[test]
fn hog_human_play_reprompts_and_leaves_on_end_of_input() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args([
            "hog",
            "play",
            "--human",
            "--seed",
            "4",
            "--strategy",
            "always:5",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"eleven\n12\n5\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"eleven\" is not a number of dice"));
    assert!(text.contains("\"12\" is not a number of dice"));
    assert!(text.contains("you: 5 four-sided dice"));
    // The end of the input leaves the game: a goodbye, exit code 0.
    assert_eq!(out.status.code(), Some(0));
    assert!(text.trim_end().ends_with("Goodbye."));
}

#[test]
fn hog_bad_input() {
    bad(&["hog", "--strategy", "sometimes"], "unknown strategy");
    bad(&["hog", "--strategy", "always:11"], "11");
    bad(
        &[
            "hog",
            "choose",
            "--strategy",
            "final",
            "--score",
            "100",
            "--opponent",
            "3",
        ],
        "100",
    );
    bad(
        &[
            "hog",
            "turn",
            "--rolls",
            "11",
            "--opponent",
            "0",
            "--dice",
            "2",
        ],
        "11",
    );
    bad(
        &[
            "hog",
            "turn",
            "--rolls",
            "2",
            "--opponent",
            "0",
            "--dice",
            "5",
            "--sides",
            "4",
        ],
        "face 5",
    );
    bad(&["hog", "--strategy", "swap", "--games", "0"], "at least 1");
    bad(&["hog"], "--strategy");
    bad(&["hog", "play", "--six-sided", "0"], "start at 1");
}

#[test]
fn lcr_table_study_csv_json_and_threads() {
    let dir = std::env::temp_dir().join(format!("lcr-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = |t: &str| dir.join(format!("out{t}.csv"));
    for t in ["1", "2"] {
        let out = run(&[
            "lcr",
            "--table",
            "all",
            "--games",
            "2000",
            "--checkpoints",
            "100",
            "--seed",
            "9",
            "--threads",
            t,
            "--csv",
            csv(t).to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let one = std::fs::read_to_string(csv("1")).unwrap();
    assert_eq!(one, std::fs::read_to_string(csv("2")).unwrap());
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 13);
    assert!(lines[0].starts_with("game,simulations,winner_percent,player_1,"));
    assert!(lines[0].ends_with(",player_9"));
    let v = ok_json(&[
        "lcr",
        "--table",
        "0,0,0,1,2,3",
        "--chips",
        "10x4",
        "--max-rounds",
        "50",
        "--games",
        "500",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    for key in [
        "game",
        "table",
        "players",
        "starting_chips",
        "max_rounds",
        "end_check",
        "seed",
        "rows",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let row = &v["rows"][0];
    for key in [
        "simulations",
        "winner_fraction",
        "expected_chips",
        "mean_rounds",
    ] {
        assert!(row.get(key).is_some(), "missing {key}");
    }
    let all = ok_json(&[
        "lcr",
        "--table",
        "all",
        "--games",
        "100",
        "--seed",
        "1",
        "--format",
        "json",
        "--end-check",
        "turn",
    ]);
    assert_eq!(all.as_array().unwrap().len(), 6);
    assert_eq!(all[0]["end_check"], "turn");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn lcr_table_bad_input() {
    bad(&["lcr", "--table", "0,0,0,1,2,4"], "\"4\"");
    bad(&["lcr", "--table", "0,0,0,1,2,3,0"], "6 entries");
    bad(
        &[
            "lcr",
            "--table",
            "standard",
            "--players",
            "9",
            "--chips",
            "10x8",
        ],
        "--chips",
    );
    bad(
        &["lcr", "--table", "standard", "--max-rounds", "0"],
        "--max-rounds",
    );
    bad(
        &["lcr", "--table", "standard", "--players", "0"],
        "at least 2 players",
    );
    bad(&["lcr", "--table", "wild"], "unknown game");
    bad(
        &["lcr", "--table", "standard", "--checkpoints", "0"],
        "--checkpoints",
    );
}

#[test]
fn mancala_sow_and_batch() {
    let v = ok_json(&[
        "mancala",
        "--board",
        "3,3,3,0,3,3,3,0",
        "--moves",
        "0,2",
        "--format",
        "json",
    ]);
    assert_eq!(
        v,
        serde_json::json!({"board": [0, 4, 0, 2, 4, 4, 4, 0], "next_player": 1})
    );
    use std::io::Write;
    let batch = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_games-cli"))
            .args(["mancala", "--jsonl"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let out = batch(
        "{\"board\": [1, 0, 0, 0, 0, 0, 9, 0], \"moves\": [0, 2]}\n{\"board\": [0, 1, 0, 5, 2, 0, 4, 2], \"moves\": [1]}\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"board\":[2,2,1,0,1,1,1,2],\"next_player\":0}\n{\"board\":[0,0,0,8,0,0,0,6],\"next_player\":-1}\n"
    );
    let out = batch(
        "{\"board\": [1, 2, 3], \"moves\": []}\nnot json\n{\"board\": [3, 3, 3, 0, 3, 3, 3, 0], \"moves\": [0, 2]}\n{\"board\": [3, 3, 3, 0, 3, 3, 3, 0], \"moves\": [5]}\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "one output line per input line");
    assert!(lines[0]["error"].as_str().unwrap().contains("even number"));
    assert!(lines[1]["error"].as_str().unwrap().contains("not JSON"));
    assert_eq!(lines[2]["next_player"], 1);
    assert!(lines[3]["error"].as_str().unwrap().contains("pit 5"));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

/// `mancala solve` of Kalah(4,3) under empty capture, as JSON, with
/// `extra` arguments.
fn kalah43(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "mancala",
        "solve",
        "--pits",
        "4",
        "--seeds",
        "3",
        "--empty-capture",
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    ok_json(&args)
}

#[test]
fn mancala_solve_json() {
    let v = kalah43(&[]);
    assert_eq!(v["value"], 8);
    assert_eq!(v["empty_capture"], true);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(!v["best_moves"].as_array().unwrap().is_empty());
    let b = ok_json(&[
        "mancala",
        "solve",
        "--board",
        "0,1,0,5,2,0,4,2",
        "--format",
        "json",
    ]);
    // The only move (pit 1) ends the game 8 to 6 (the handout's third example).
    assert_eq!(b["value"], 2);
    assert_eq!(b["best_moves"], serde_json::json!([1]));
}

#[test]
fn mancala_endgame_file_round_trip() {
    let dir = std::env::temp_dir().join(format!("games-cli-endgame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kalah4.db");
    let path = file.to_str().unwrap();
    let built = ok_json(&[
        "mancala",
        "endgame",
        "build",
        path,
        "--pits",
        "4",
        "--endgame-seeds",
        "12",
        "--empty-capture",
        "--format",
        "json",
    ]);
    // C(12 + 8, 8) positions, one byte each, and a 28-byte frame.
    assert_eq!(built["positions"], 125_970);
    assert_eq!(built["bytes"], 125_998);
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 125_998);
    let with = kalah43(&["--endgame", path]);
    let without = kalah43(&["--endgame-seeds", "0"]);
    assert_eq!(with["value"], 8);
    assert_eq!(with["value"], without["value"]);
    assert_eq!(with["best_moves"], without["best_moves"]);
    assert_eq!(with["endgame_seeds"], 12);
    assert_eq!(without["endgame_seeds"], 0);
    assert!(with["nodes"].as_u64().unwrap() < without["nodes"].as_u64().unwrap());
    // A batch of positions against the same table: each line solved, a bad
    // line an error that does not stop the batch.
    let mut child = Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args([
            "mancala",
            "solve",
            "--jsonl",
            "--empty-capture",
            "--endgame",
            path,
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(
                b"{\"board\": [3,3,3,3,0,3,3,3,3,0]}\n\
                  {\"board\": [3,3,3,0,3,3,3,0]}\n\
                  {\"board\": [0,4,4,4,0,3,3,3,3,0], \"to_move\": 1}\n\
                  {\"board\": [3,3,3,3,0,3,3,3,3,0], \"to_move\": 2}\n",
            )
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["value"], 8);
    assert_eq!(lines[0]["best_moves"], with["best_moves"]);
    assert!(lines[1]["error"].as_str().unwrap().contains("line 2"));
    // After player 0's pit 0 (not a best move), player 1 moves: pit 0 is
    // worth minus that to player 0, less than the game's +8.
    assert_eq!(with["best_moves"], serde_json::json!([1]));
    assert!(-lines[2]["value"].as_i64().unwrap() < 8);
    assert!(lines[3]["error"].as_str().unwrap().contains("to_move"));
    // A table of another size or rule, a missing file, a damaged one.
    bad(
        &[
            "mancala",
            "solve",
            "--pits",
            "5",
            "--seeds",
            "2",
            "--empty-capture",
            "--endgame",
            path,
        ],
        "is for 4 pits a side under empty capture",
    );
    bad(
        &[
            "mancala",
            "solve",
            "--pits",
            "4",
            "--seeds",
            "2",
            "--endgame",
            path,
        ],
        "under the handout's capture",
    );
    let missing = dir.join("missing.db");
    bad(
        &["mancala", "solve", "--endgame", missing.to_str().unwrap()],
        "cannot read",
    );
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[1000] ^= 0x40;
    let damaged = dir.join("damaged.db");
    std::fs::write(&damaged, &bytes).unwrap();
    // Every mode that reads a table refuses a damaged one, named.
    let damaged = damaged.to_str().unwrap();
    for how in [
        &["solve", "--pits", "4", "--seeds", "3"][..],
        &["solve", "--jsonl"],
        &["play", "--pits", "4", "--seeds", "3"],
    ] {
        let mut args = vec!["mancala"];
        args.extend_from_slice(how);
        args.extend(["--empty-capture", "--endgame", damaged]);
        bad(
            &args,
            "damaged.db: bad endgame table: the checksum does not match",
        );
    }
    // Too large a table, or nowhere to write it: nothing is written.
    bad(
        &[
            "mancala",
            "endgame",
            "build",
            path,
            "--endgame-seeds",
            "200",
        ],
        "at most 127",
    );
    bad(
        &["mancala", "endgame", "build", path, "--endgame-seeds", "28"],
        "5586853480",
    );
    bad(
        &[
            "mancala",
            "solve",
            "--board",
            "200,100,0,0,1,0",
            "--endgame-seeds",
            "0",
        ],
        "at most 72",
    );
    let nowhere = dir.join("no-such-dir").join("t.db");
    bad(
        &[
            "mancala",
            "endgame",
            "build",
            nowhere.to_str().unwrap(),
            "--pits",
            "2",
            "--endgame-seeds",
            "3",
        ],
        "does not exist",
    );
    assert!(!nowhere.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mancala_bad_input() {
    bad(
        &["mancala", "--board", "1,2,3", "--moves", "0"],
        "even number",
    );
    bad(
        &["mancala", "--board", "3,3,3,0,3,3,3,0", "--moves", "0,3"],
        "pit 3",
    );
    bad(
        &["mancala", "--board", "3,-1,3,0,3,3,3,0", "--moves", "0"],
        "negative",
    );
    bad(
        &["mancala", "solve", "--pits", "9", "--seeds", "2"],
        "at most 8",
    );
    bad(&["mancala"], "--board");
}

#[test]
fn mancala_play_explains_illegal_moves() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args(["mancala", "play", "--pits", "3", "--seeds", "2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"7\nx\n0\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Your move, a pit [0, 1, 2]:"));
    assert!(text.contains("there is no pit 7"));
    assert!(text.contains("\"x\" is not a pit number"));
    assert!(text.contains("The solver plays pit"));
    assert_eq!(out.status.code(), Some(0));
    assert!(text.trim_end().ends_with("Goodbye."));
}

/// A scratch folder for one test, removed at the end.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("games-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn rate_json(strategy: &str, vs: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "hog",
        "rate",
        "--strategy",
        strategy,
        "--vs",
        vs,
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    ok_json(&args)
}

#[test]
fn hog_exported_files_rate_like_the_built_ins() {
    let dir = Scratch::new("hog-export");
    let want = rate_json("final", "always:5", &[]);
    assert!((want["exact_win_rate"].as_f64().unwrap() - 0.807989).abs() < 5e-7);
    for ext in ["json", "csv"] {
        let path = dir.path(&format!("final.{ext}"));
        let out = run(&["hog", "export", "--strategy", "final", "--out", &path]);
        assert!(out.status.success());
        let spec = format!("file:{path}");
        let got = rate_json(&spec, "always:5", &[]);
        assert_eq!(got["exact_win_rate"], want["exact_win_rate"], "{ext}");
        assert_eq!(got["win_rate_first"], want["win_rate_first"], "{ext}");
        // A file as the opponent too, and re-exported from a file.
        let again = dir.path(&format!("again.{ext}"));
        assert!(
            run(&["hog", "export", "--strategy", &spec, "--out", &again])
                .status
                .success()
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            std::fs::read(&again).unwrap()
        );
        let vs = rate_json("always:5", &spec, &[]);
        assert_eq!(vs["baseline"], spec.as_str());
    }
    // --as for a name without an extension, and - for stdout.
    let out = run(&[
        "hog",
        "export",
        "--strategy",
        "always:3",
        "--out",
        "-",
        "--as",
        "csv",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 100);
    assert!(text.lines().all(|l| l.split(',').all(|x| x == "3")));
    bad(
        &[
            "hog",
            "export",
            "--strategy",
            "final",
            "--out",
            &dir.path("final.txt"),
        ],
        "--as json",
    );
}

#[test]
fn hog_python_fixture_rates_in_the_cli() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/hog-strategies");
    let j = rate_json(&format!("file:{root}/student_final.json"), "always:5", &[]);
    let c = rate_json(&format!("file:{root}/student_final.csv"), "always:5", &[]);
    assert_eq!(j["exact_win_rate"], c["exact_win_rate"]);
    assert!(j["exact_win_rate"].as_f64().unwrap() > 0.55);
}

#[test]
fn hog_best_response_writes_its_table() {
    let dir = Scratch::new("hog-best");
    let path = dir.path("best.csv");
    let v = ok_json(&[
        "hog",
        "best-response",
        "--vs",
        "swap",
        "--out",
        &path,
        "--format",
        "json",
    ]);
    let rate = v["exact_win_rate"].as_f64().unwrap();
    // The table written rates to the same number, and matches the ceiling
    // that `rate` reports against swap.
    let again = rate_json(&format!("file:{path}"), "swap", &[]);
    assert_eq!(again["exact_win_rate"].as_f64().unwrap(), rate);
    assert_eq!(again["best_possible_win_rate"].as_f64().unwrap(), rate);
    // Against always:5 it is final.
    let five = ok_json(&["hog", "best-response", "--format", "json"]);
    assert_eq!(
        five["exact_win_rate"],
        rate_json("final", "always:5", &[])["exact_win_rate"]
    );
}

#[test]
fn hog_tournament_agrees_with_pairwise_rates() {
    let names = ["always:5", "swap", "final"];
    let v = ok_json(&[
        "hog",
        "tournament",
        names[0],
        names[1],
        names[2],
        "--format",
        "json",
    ]);
    let m = &v["matrix"];
    for i in 0..3 {
        assert_eq!(m[i][i], 0.5);
        for j in 0..3 {
            if i != j {
                let r = rate_json(names[i], names[j], &[]);
                let x = m[i][j].as_f64().unwrap();
                assert!((x - r["exact_win_rate"].as_f64().unwrap()).abs() < 1e-12);
                assert!((x + m[j][i].as_f64().unwrap() - 1.0).abs() < 1e-12);
            }
        }
    }
    assert_eq!(v["ranking"][0]["strategy"], "final");
    assert_eq!(v["ranking"][0]["rank"], 1);
    // CSV: a header and one row per strategy; the table labels its columns.
    let out = run(&[
        "hog",
        "tournament",
        "always:5",
        "swap",
        "final",
        "--format",
        "csv",
        "--threads",
        "1",
    ]);
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.starts_with("strategy,always:5,swap:8:5,final,mean_win_rate\n"));
    assert_eq!(csv.lines().count(), 4);
    let table = String::from_utf8(run(&["hog", "tournament", "always:5", "final"]).stdout).unwrap();
    assert!(table.contains("rank  mean win rate  strategy"), "{table}");
    bad(&["hog", "tournament", "final"], "2 to 500");
    bad(&["hog", "tournament", "final", "nope"], "unknown strategy");
}

#[test]
fn hog_rules_switches() {
    // Each switch changes the game: the rate of final against always:5
    // (final recomputed under the rules in force) moves.
    let seed_rules = rate_json("final", "always:5", &[]);
    for flag in ["--no-free-bacon", "--no-hog-wild", "--no-swine-swap"] {
        let v = rate_json("final", "always:5", &[flag]);
        assert_ne!(v["exact_win_rate"], seed_rules["exact_win_rate"], "{flag}");
        assert_eq!(v["exact_win_rate"], v["best_possible_win_rate"], "{flag}");
    }
    let pig = rate_json(
        "optimal",
        "optimal",
        &[
            "--no-free-bacon",
            "--no-hog-wild",
            "--no-swine-swap",
            "--goal",
            "50",
        ],
    );
    assert_eq!(pig["rules"]["goal"], 50);
    assert_eq!(pig["rules"]["free_bacon"], false);
    assert!(pig["win_rate_first"].as_f64().unwrap() > 0.5);
    // Sampled games follow the switches too.
    let s = rate_json(
        "always:6",
        "always:4",
        &["--no-hog-wild", "--games", "50000", "--seed", "1"],
    );
    let (e, x, se) = (
        s["exact_win_rate"].as_f64().unwrap(),
        s["sampled_win_rate"].as_f64().unwrap(),
        s["sampled_standard_error"].as_f64().unwrap(),
    );
    assert!((e - x).abs() < 4.5 * se, "{e} {x} {se}");
    let g = ok_json(&[
        "hog",
        "play",
        "--strategy0",
        "always:4",
        "--strategy1",
        "always:4",
        "--seed",
        "2",
        "--goal",
        "30",
        "--no-hog-wild",
        "--format",
        "json",
    ]);
    assert!(
        g["turns"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["sides"] == 6)
    );
    assert!(g["score0"].as_u64().unwrap() >= 30 || g["score1"].as_u64().unwrap() >= 30);
    bad(
        &["hog", "--strategy", "bacon", "--no-free-bacon"],
        "rolls 0 dice at score 0, opponent 7",
    );
    bad(&["hog", "--strategy", "final", "--goal", "0"], "--goal");
    bad(&["hog", "--strategy", "final", "--goal", "101"], "1 to 100");
    bad(
        &[
            "hog",
            "turn",
            "--rolls",
            "0",
            "--opponent",
            "3",
            "--dice",
            "2",
            "--no-free-bacon",
        ],
        "not 0",
    );
    bad(
        &[
            "hog",
            "choose",
            "--strategy",
            "final",
            "--score",
            "20",
            "--opponent",
            "3",
            "--goal",
            "20",
        ],
        "0 to 19",
    );
}

#[test]
fn hog_bad_strategy_files() {
    let dir = Scratch::new("hog-bad-files");
    let grid = |f: &dyn Fn(usize, usize) -> String| -> String {
        (0..100)
            .map(|s| (0..100).map(|o| f(s, o)).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let json_grid = |f: &dyn Fn(usize, usize) -> String| -> String {
        let rows: Vec<String> = (0..100)
            .map(|s| {
                format!(
                    "[{}]",
                    (0..100).map(|o| f(s, o)).collect::<Vec<_>>().join(",")
                )
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    // A table of 4s with one cell changed, as CSV or JSON.
    let csv_with = |at: (usize, usize), v: &str| {
        grid(&|s, o| if (s, o) == at { v.into() } else { "4".into() }).into_bytes()
    };
    let json_with = |at: (usize, usize), v: &str| {
        json_grid(&|s, o| if (s, o) == at { v.into() } else { "4".into() }).into_bytes()
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty.csv", vec![], "is empty"),
        ("binary.json", vec![0, 159, 146, 150], "binary"),
        (
            "short.csv",
            grid(&|_, _| "4".into())
                .lines()
                .take(50)
                .collect::<Vec<_>>()
                .join("\n")
                .into_bytes(),
            "has 50 lines",
        ),
        (
            "wide.csv",
            grid(&|s, _| if s == 9 { "4,4".into() } else { "4".into() }).into_bytes(),
            "line 10 (score 9) has 200 values",
        ),
        (
            "eleven.csv",
            csv_with((3, 7), "11"),
            "line 4, value 8 (score 3, opponent 7): 11 is outside 0 to 10",
        ),
        (
            "half.json",
            json_with((5, 6), "2.5"),
            "rolls[5][6] (score 5, opponent 6): 2.5 is not a whole number",
        ),
        (
            "nested.json",
            format!("[{}]", json_grid(&|_, _| "4".into())).into_bytes(),
            "has 1 rows",
        ),
        (
            "deep.json",
            json_with((0, 0), "[4]"),
            "rolls[0][0] (score 0, opponent 0): is a list",
        ),
        (
            "word.csv",
            csv_with((0, 2), "x"),
            "\"x\" is not a whole number",
        ),
        ("broken.json", b"[[1, 2".to_vec(), "not valid JSON"),
    ];
    for (name, bytes, what) in cases {
        let path = dir.path(name);
        std::fs::write(&path, bytes).unwrap();
        bad(&["hog", "--strategy", &format!("file:{path}")], what);
        bad(&["hog", "--strategy", &format!("file:{path}")], name);
    }
    bad(
        &[
            "hog",
            "--strategy",
            &format!("file:{}", dir.path("missing.csv")),
        ],
        "cannot read strategy file",
    );
    bad(
        &["hog", "--strategy", &format!("file:{}", dir.path(""))],
        "folder",
    );
}

/// Run the binary with at most 1 GiB of address space and a 2 s limit;
/// the exit code (None when it was killed) and both outputs.
fn bounded(args: &[&str], stdin: &[u8]) -> (Option<i32>, Vec<u8>, String, std::time::Duration) {
    bounded_for(args, stdin, 2.0)
}

/// [`bounded`] with another time limit, in seconds.
fn bounded_for(
    args: &[&str],
    stdin: &[u8],
    seconds: f64,
) -> (Option<i32>, Vec<u8>, String, std::time::Duration) {
    use std::io::Write;
    let bin = env!("CARGO_BIN_EXE_games-cli");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576; exec \"$0\" \"$@\"")
        .arg(bin)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    let t0 = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if t0.elapsed() > std::time::Duration::from_secs_f64(seconds) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
        t0.elapsed(),
    )
}

/// Issue 15's list, each: one error line naming the argument and exit 2,
/// or a right answer, within 2 s and 1 GiB.
#[test]
fn reported_inputs_end_cleanly_within_bounds() {
    let refused: &[(&[&str], &str)] = &[
        (
            &[
                "mancala",
                "solve",
                "--pits",
                "18446744073709551615",
                "--seeds",
                "1",
            ],
            "--pits",
        ),
        (
            &[
                "mancala",
                "endgame",
                "build",
                "/tmp/never.db",
                "--pits",
                "9223372036854775808",
            ],
            "--pits",
        ),
        (
            &[
                "mancala",
                "solve",
                "--pits",
                "4",
                "--seeds",
                "3",
                "--table-bits",
                "0",
            ],
            "--table-bits",
        ),
        (&["craps", "--games", "100000000000000"], "--games"),
        (
            &["lcr", "--players", "3", "--games", "100000000000000"],
            "--games",
        ),
        (
            &["lcr", "--table", "standard", "--games", "100000000000000"],
            "--games",
        ),
        (
            &["baccarat", "simulate", "--games", "18446744073709551615"],
            "--games",
        ),
        (
            &[
                "hog",
                "--strategy",
                "final",
                "--games",
                "18446744073709551615",
            ],
            "--games",
        ),
        (
            &[
                "mancala",
                "solve",
                "--pits",
                "1000000000000",
                "--seeds",
                "1",
            ],
            "--pits",
        ),
        (
            &[
                "lcr",
                "--table",
                "0,0,0,1,2,3",
                "--players",
                "1000000000000",
            ],
            "--players",
        ),
        (
            &["mancala", "solve", "--board", "4294967290,1,0,0"],
            "--board",
        ),
        (
            &["mancala", "solve", "--board", "2147483648,0,0,0"],
            "--board",
        ),
        (
            &["lcr", "--players", "3", "--threads", "100000"],
            "--threads",
        ),
        (
            &["mancala", "solve", "--pits", "100000000", "--seeds", "1"],
            "--pits",
        ),
        (
            &[
                "lcr",
                "--table",
                "standard",
                "--checkpoints",
                "18446744073709551615",
                "--plot",
                "/tmp/never.svg",
            ],
            "--checkpoints",
        ),
        (&["lcr", "--csv", "x.csv", "--players", "3"], "--table"),
        (
            &["lcr", "--players", "-1"],
            "--players takes no negative number, not -1",
        ),
        (
            &["craps", "--games", "-5"],
            "--games takes no negative number, not -5",
        ),
        (&["lcr", "--table", "standard", "--chips", "0x9"], "--chips"),
        (
            &[
                "hog",
                "turn",
                "--rolls",
                "2",
                "--opponent",
                "0",
                "--dice",
                "3",
                "--sides",
                "5",
            ],
            "--sides",
        ),
        (&["baccarat", "--threads", "0"], "baccarat"),
    ];
    for (args, what) in refused {
        let (code, out, err, took) = bounded(args, b"");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(what), "{args:?}: {err:?} should name {what}");
        assert!(took.as_secs_f64() < 2.0, "{args:?}: {took:?}");
    }
    // Answers, not refusals (the exact solves take 0.2 s and 1.7 s on a
    // quiet machine; here other tests share the two cores, so 10 s).
    let answers: [(&[&str], f64); 3] = [
        (
            &[
                "lcr",
                "exact",
                "--players",
                "2",
                "--coins",
                "170",
                "--format",
                "json",
            ],
            10.0,
        ),
        (
            &[
                "lcr",
                "exact",
                "--players",
                "3",
                "--coins",
                "50",
                "--format",
                "json",
            ],
            10.0,
        ),
        (
            &[
                "mancala",
                "sow",
                "--board",
                "4294967294,0,1,0",
                "--moves",
                "0",
                "--format",
                "json",
            ],
            2.0,
        ),
    ];
    for (args, limit) in answers {
        let (code, out, err, took) = bounded_for(args, b"", limit);
        assert!(matches!(code, Some(0 | 2)), "{args:?}: {code:?} {err}");
        assert!(took.as_secs_f64() < limit, "{args:?}: {took:?}");
        if code == Some(0) {
            let _: serde_json::Value = serde_json::from_slice(&out).unwrap();
        } else {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
    // Sowing 4294967294 seeds: whole laps at once, and exactly.
    let (code, out, _, _) = bounded(
        &[
            "mancala",
            "sow",
            "--board",
            "4294967294,0,1,0",
            "--moves",
            "0",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let board: Vec<u64> = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(board.iter().sum::<u64>(), 4294967295);
}

#[test]
fn output_files_are_replaced_whole_or_left_alone() {
    let dir = Scratch::new("outputs");
    let good_svg = dir.path("good.svg");
    let good_csv = dir.path("good.csv");
    std::fs::write(&good_svg, "old svg").unwrap();
    std::fs::write(&good_csv, "old csv").unwrap();
    let keep = dir.path("good.tmp-write");
    std::fs::write(&keep, "a user's file").unwrap();
    let study = |extra: &[&str]| {
        let mut args = vec![
            "lcr", "--table", "standard", "--games", "100", "--seed", "1",
        ];
        args.extend_from_slice(extra);
        run(&args)
    };
    // A run that fails on one output leaves the other as it was.
    let out = study(&["--plot", &good_svg, "--csv", "/nonexistent/x.csv"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&good_svg).unwrap(), "old svg");
    // Two outputs on one path.
    bad(
        &[
            "lcr", "--table", "standard", "--csv", &good_svg, "--plot", &good_svg,
        ],
        "same file",
    );
    // A folder is not a file.
    bad(
        &["lcr", "--table", "standard", "--csv", &dir.path("")],
        "folder",
    );
    // A good run replaces the file whole and leaves other files alone.
    assert!(study(&["--csv", &good_csv]).status.success());
    assert!(
        std::fs::read_to_string(&good_csv)
            .unwrap()
            .starts_with("game,simulations")
    );
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "a user's file");
    let stray: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
    // A symlink is followed: the target is written, the link stays a link.
    let link = dir.path("link.csv");
    std::os::unix::fs::symlink(&good_csv, &link).unwrap();
    std::fs::write(&good_csv, "old").unwrap();
    assert!(study(&["--csv", &link]).status.success());
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&good_csv)
            .unwrap()
            .starts_with("game,")
    );
    // /dev/stdout, and - : written directly.
    let out = study(&["--csv", "/dev/stdout", "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("game,simulations"));
    let out = run(&[
        "hog",
        "export",
        "--strategy",
        "always:2",
        "--out",
        "-",
        "--as",
        "csv",
    ]);
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 100);
    // /dev/full: a failure of the machine, exit code 1, and it stays a device.
    let out = study(&["--csv", "/dev/full"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    // A named pipe is written, not replaced.
    let fifo = dir.path("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    assert!(study(&["--csv", &fifo]).status.success());
    assert!(reader.join().unwrap().starts_with("game,"));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn jsonl_answers_every_line_in_order() {
    let input = b"\xEF\xBB\xBF{\"board\": [3,3,3,0,3,3,3,0], \"moves\": [0, 2]}\r\n\xFF\xFE not text\n\n{\"board\": [3,3,3,0,3,3,3,0], \"moves\": [0, 2]}\n";
    let (code, out, err, _) = bounded(&["mancala", "sow", "--jsonl"], input);
    assert_eq!(code, Some(2), "{err}");
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "one output line per input line");
    assert_eq!(lines[0]["next_player"], 1);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("line 2: not UTF-8")
    );
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("line 3: an empty line")
    );
    assert_eq!(lines[3]["next_player"], 1);
}

#[test]
fn broken_pipes_end_quietly() {
    for args in [
        &["lcr", "--players", "50", "--games", "2000", "--seed", "1"][..],
        &[
            "hog",
            "export",
            "--strategy",
            "final",
            "--out",
            "-",
            "--as",
            "json",
        ],
    ] {
        let out = Command::new("sh")
            .arg("-c")
            .arg("\"$0\" \"$@\" | head -c1 >/dev/null; exit ${PIPESTATUS:-0}")
            .arg(env!("CARGO_BIN_EXE_games-cli"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The exit code itself, with a reader that closes at once.
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args([
            "hog",
            "export",
            "--strategy",
            "final",
            "--out",
            "-",
            "--as",
            "json",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert!(err.is_empty(), "{err}");
}

#[test]
fn interactive_games_can_be_left() {
    for (args, input) in [
        (&["hog", "play", "--human", "--seed", "1"][..], &b"q\n"[..]),
        (&["hog", "play", "--human", "--seed", "1"], b"quit\n"),
        (&["hog", "play", "--human", "--seed", "1"], b""),
        (&["mancala", "play", "--pits", "3", "--seeds", "2"], b"q\n"),
        (&["mancala", "play", "--pits", "3", "--seeds", "2"], b""),
    ] {
        let (code, out, err, _) = bounded(args, input);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            String::from_utf8_lossy(&out)
                .trim_end()
                .ends_with("Goodbye."),
            "{args:?}"
        );
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

/// The house edges `baccarat exact` computes for 8 decks are the published
/// ones (Wizard of Odds: banker 1.06%, player 1.24%, tie 14.36%).
#[test]
fn baccarat_house_edges_match_published_figures() {
    let (code, out) = games_cli::run_to_string([
        "games-cli",
        "baccarat",
        "exact",
        "--decks",
        "8",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let e = &v["house_edge"];
    for (bet, want) in [
        ("banker", 0.010579),
        ("player", 0.012351),
        ("tie", 0.143596),
    ] {
        let got = e[bet].as_f64().unwrap();
        assert!((got - want).abs() < 5e-6, "{bet}: {got} vs {want}");
    }
}

/// A machine that refuses memory or worker threads (here a 200 MB limit on
/// the process's address space) is a failure of the machine, exit code 1,
/// in one line; the same command within what the machine gives succeeds.
#[cfg(target_os = "linux")]
#[test]
fn a_machine_that_refuses_memory_or_threads_exits_1() {
    let limited = |args: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 100000 && exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_games-cli"))
            .args(args.split(' '))
            .output()
            .unwrap()
    };
    for (args, said) in [
        // 256 MiB: past the limit (98 MiB), and within half of any
        // machine's memory (so the solver's own check passes it on).
        (
            "kalah solve --pits 4 --seeds 3 --table-bits 25",
            "no memory for a table of 2^25 words",
        ),
        (
            "lcr exact --players 3 --coins 3 --threads 64",
            "could not start worker threads",
        ),
        (
            "craps simulate --games 100000 --threads 64",
            "could not start worker threads",
        ),
        (
            "hog rate --strategy final --games 1000 --threads 64",
            "could not start worker threads",
        ),
    ] {
        let out = limited(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = limited("lcr exact --players 3 --coins 3 --threads 1");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
