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
    bad(&["lcr", "--players", "2", "--script", "LCX"], "'X'");
    bad(&["lcr", "--players", "3", "--script", "LLL"], "ran out");
    bad(&["lcr", "--players", "2", "--script", "LCR.."], "left over");
    bad(&["lcr", "--players", "3", "--format", "xml"], "xml");
    bad(&["lcr", "--players", "3", "--threads", "0"], "--threads");
    bad(&["lcr"], "--players");
    bad(&["lcr", "--players", "many"], "many");
    bad(&["chess"], "chess");
    bad(&[], "command");
}

#[test]
fn exact_lcr_json() {
    let v = ok_json(&["lcr", "--exact", "--players", "3", "--format", "json"]);
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
        &["lcr", "--exact", "--players", "30", "--coins", "3"],
        "states",
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
    let out = run(&["baccarat", "--cards", "7♢,9♠,4♢,5♡,4♣,J♡"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "House:    9 ♠    5 ♡\nPlayer:    7 ♢    4 ♢\nPlayer draws     4 ♣\nHouse draws     J ♡\nPlayer wins\n"
    );
    let one = run(&["baccarat", "--seed", "9", "--decks", "6"]);
    assert!(one.status.success());
    assert!(String::from_utf8(one.stdout).unwrap().starts_with("House:"));
    let v = ok_json(&[
        "baccarat", "--games", "50000", "--seed", "2", "--format", "json",
    ]);
    for key in ["games", "decks", "player", "house", "tie"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let e = ok_json(&["baccarat", "--exact", "--decks", "8", "--format", "json"]);
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
    bad(&["baccarat", "--decks", "0"], "--decks");
    bad(&["baccarat", "--games", "0"], "at least 1");
    bad(&["craps", "--games", "0"], "at least 1");
    bad(&["baccarat", "--cards", "1S,2S,3S,4S"], "1S");
    bad(&["baccarat", "--cards", "AS,2S"], "empty deck");
    bad(&["baccarat", "--decks", "100", "--exact"], "64");
}
