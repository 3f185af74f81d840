//! What a newcomer meets first: the main command on its defaults, the
//! errors of a mistyped command, the counts as people write them, and the
//! examples at the end of every help screen.
mod common;

use common::{bad, bin, stdout_of as stdout};

/// The seat with the highest exact chance, and all chances, from the exact
/// solver's own JSON.
fn exact_best(players: &str) -> (usize, Vec<f64>) {
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "lcr",
        "exact",
        "--players",
        players,
        "--format",
        "json",
    ]))
    .unwrap();
    let p: Vec<f64> = v["win_probability"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    let best = (0..p.len())
        .max_by(|&a, &b| p[a].total_cmp(&p[b]).then(b.cmp(&a)))
        .unwrap();
    (best, p)
}

/// The classic study's screen leads with the exact answer and reads the
/// simulation as its check: on any seed, at any size, no line names
/// another seat as the winner, and seats the sample cannot order are said
/// to be too close.
#[test]
fn main_command_headlines_the_exact_answer_and_never_contradicts_it() {
    let (best, p) = exact_best("5");
    let headline = format!("seat {best} wins most often, {:.6} of games", p[best]);
    // Small samples on many seeds (where the simulated order is often
    // wrong), and the defaults once (a million games, a drawn seed).
    let mut runs: Vec<String> = (1..=12)
        .map(|seed| {
            stdout(&[
                "lcr",
                "--players",
                "5",
                "--games",
                "2000",
                "--seed",
                &seed.to_string(),
            ])
        })
        .collect();
    runs.push(stdout(&["lcr", "--players", "5"]));
    let mut simulated_order_wrong = 0;
    for text in &runs {
        let first = text.lines().nth(2).unwrap_or("");
        assert!(first.contains(&headline), "first line {first:?}\n{text}");
        assert!(
            !text.contains("Most common winner") && !text.contains("most common winner"),
            "{text}"
        );
        for line in text.lines().skip(3) {
            assert!(!line.contains("wins most often"), "{line}\n{text}");
        }
        // Seats 3 and 4 (0.206322 and 0.206225) cannot be told apart by
        // 2,000 or 1,000,000 games: the screen says so.
        let mut close = vec![best];
        for seat in 0..p.len() {
            if seat != best && dice::stats::games_to_tell_apart(p[best], p[seat]) > 1e6 {
                close.push(seat);
            }
        }
        assert!(close.len() >= 2, "5 seats have a close pair");
        assert!(text.contains("too close"), "{text}");
        // How often the sample's order differed: the case the screen must
        // not turn into a claim.
        let shares: Vec<f64> = text
            .lines()
            .filter(|l| {
                l.trim_start()
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit())
            })
            .filter_map(|l| l.split_whitespace().nth(2)?.parse().ok())
            .collect();
        assert_eq!(shares.len(), 5, "{text}");
        let sim_best = (0..5)
            .max_by(|&a, &b| shares[a].total_cmp(&shares[b]))
            .unwrap();
        simulated_order_wrong += usize::from(sim_best != best);
    }
    assert!(
        simulated_order_wrong > 0,
        "some sample must have ordered the seats wrongly, or this test tests nothing"
    );
    // The default is a million games, shown with its drawn seed.
    let default = runs.last().unwrap();
    assert!(
        default.contains("1,000,000 simulated games, seed "),
        "{default}"
    );
}

/// Without a quick exact answer the screen names the simulation's winner
/// and says whether the runner-up is told apart.
#[test]
fn without_exact_the_simulation_is_read_plainly() {
    let text = stdout(&["lcr", "--players", "12", "--games", "1000", "--seed", "1"]);
    assert!(text.contains("Most common winner: seat "), "{text}");
    assert!(text.contains("No exact answer at this size"), "{text}");
}

#[test]
fn mistyped_commands_get_clap_suggestions_in_one_line() {
    bad(
        &["lrc"],
        "unrecognized subcommand 'lrc' (did you mean 'lcr'?)",
    );
    bad(&["mancla"], "did you mean 'mancala'?");
    bad(&["hog", "raet"], "did you mean 'rate'?");
    bad(&["lcr", "--plyers", "5"], "did you mean '--players'?");
    bad(
        &["craps", "game", "--format", "csv"],
        "accepted values: table, json",
    );
}

#[test]
fn counts_are_read_as_people_write_them() {
    let games = |g: &str| -> u64 {
        let v: serde_json::Value = serde_json::from_str(&stdout(&[
            "craps", "--games", g, "--seed", "1", "--format", "json",
        ]))
        .unwrap();
        v["games"].as_u64().unwrap()
    };
    for written in ["1000000", "1e6", "10^6", "1_000_000", "1.0e6", "0.001e9"] {
        assert_eq!(games(written), 1_000_000, "{written}");
    }
    assert_eq!(games("2.5e3"), 2500);
    // The same seed and count, written two ways: the same bytes.
    assert_eq!(
        stdout(&["lcr", "--players", "3", "--games", "1e4", "--seed", "7"]),
        stdout(&["lcr", "--players", "3", "--games", "10000", "--seed", "7"])
    );
    bad(&["craps", "--games", "1.5"], "--games");
    bad(&["craps", "--games", "2.5e0"], "not a whole number");
    bad(&["craps", "--games", "1e30"], "more than");
    bad(&["craps", "--games", "1__0"], "expected a whole number");
}

/// Every verb's help ends with examples, and every example parses.
#[test]
fn every_help_ends_with_examples_that_parse() {
    fn walk(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            walk(sub, p, out);
        }
    }
    let mut paths = Vec::new();
    walk(&games_cli::command(), Vec::new(), &mut paths);
    assert!(paths.len() > 30, "{}", paths.len());
    for path in paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&args);
        let (_, tail) = help
            .split_once("\nExamples:\n")
            .unwrap_or_else(|| panic!("{path:?} has no examples:\n{help}"));
        let examples: Vec<&str> = tail
            .lines()
            .filter_map(|l| l.strip_prefix("  games-cli "))
            .collect();
        assert!(
            (1..=3).contains(&examples.len()),
            "{path:?}: {} examples",
            examples.len()
        );
        for example in examples {
            let mut words = vec!["games-cli".to_string()];
            words.extend(
                example
                    .split(' ')
                    .take_while(|w| *w != ">" && *w != "|")
                    .map(|w| w.trim_matches('\'').to_string()),
            );
            assert!(
                words.iter().skip(1).take(path.len()).eq(path.iter()),
                "{path:?}: {example} is not of this command"
            );
            games_cli::command()
                .try_get_matches_from(&words)
                .unwrap_or_else(|e| panic!("{example}: {e}"));
        }
    }
}

#[test]
fn completions_and_man_page() {
    let bash = stdout(&["completions", "bash"]);
    assert!(bash.contains("games-cli") && bash.contains("tournament"));
    let zsh = stdout(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef games-cli"));
    bad(&["completions", "tcsh"], "accepted values");
    let man = stdout(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH games-cli"),
        "{man}"
    );
    assert!(man.contains(".SH EXAMPLES") && man.contains("lcr \\-\\-players 5"));
}

#[test]
fn hog_play_refuses_flags_it_would_ignore() {
    bad(
        &["hog", "play", "--human", "--strategy0", "final"],
        "--strategy0",
    );
    bad(
        &["hog", "play", "--human", "--strategy1", "final"],
        "--strategy1",
    );
    bad(&["hog", "play", "--second"], "--human");
    bad(&["hog", "play", "--strategy", "optimal"], "--human");
    bad(
        &[
            "hog",
            "play",
            "--four-sided",
            "1,2",
            "--six-sided",
            "3,4",
            "--seed",
            "3",
        ],
        "no die is seeded",
    );
}

/// With both sizes of test dice no die is seeded: no seed is shown.
#[test]
fn hog_play_on_test_dice_shows_no_seed() {
    let table = stdout(&["hog", "play", "--four-sided", "1,2", "--six-sided", "3,4"]);
    assert!(
        table.lines().next().unwrap().contains("test dice"),
        "{table}"
    );
    assert!(!table.contains("seed"), "{table}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "hog",
        "play",
        "--four-sided",
        "1,2",
        "--six-sided",
        "3,4",
        "--format",
        "json",
    ]))
    .unwrap();
    assert!(v["seed"].is_null(), "{v}");
    // One size seeded: its seed is shown and repeats the game.
    let a = stdout(&["hog", "play", "--six-sided", "3,4", "--seed", "8"]);
    assert!(a.contains("seed 8"), "{a}");
    assert_eq!(
        a,
        stdout(&["hog", "play", "--six-sided", "3,4", "--seed", "8"])
    );
}

/// Played second, each turn's scores are shown as the prompt shows them:
/// yours first, named.
#[test]
fn hog_played_second_shows_your_score_first() {
    use std::io::Write;
    let mut child = bin()
        .args(["hog", "play", "--human", "--second", "--seed", "4"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all("5\n".repeat(60).as_bytes())
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let mut checked = 0;
    let mut last: Option<(u32, u32)> = None;
    for line in out.lines() {
        if let Some((_, b)) = line.rsplit_once("  [you ") {
            let (you, computer) = b.trim_end_matches(']').split_once(" - computer ").unwrap();
            last = Some((you.parse().unwrap(), computer.parse().unwrap()));
        }
        if let Some(rest) = line.strip_prefix("You ")
            && let Some((you, rest)) = rest.split_once(" - computer ")
            && let Some((computer, _)) = rest.split_once('.')
        {
            let prompt: (u32, u32) = (you.parse().unwrap(), computer.parse().unwrap());
            if let Some(shown) = last {
                assert_eq!(shown, prompt, "{out}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 3, "{out}");
}

/// The tournament's matrix is in the ranking's order and numbered by
/// rank: row #k is the strategy ranked k, and its cells are the JSON's.
#[test]
fn tournament_matrix_follows_the_ranking() {
    let args = ["hog", "tournament", "always:4", "final", "swap", "optimal"];
    let table = stdout(&args);
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json_args)).unwrap();
    let names: Vec<&str> = v["strategies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let ranking: Vec<usize> = v["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let name = r["strategy"].as_str().unwrap();
            names.iter().position(|n| *n == name).unwrap()
        })
        .collect();
    assert_ne!(
        ranking,
        [0, 1, 2, 3],
        "the input order must differ from the ranking's"
    );
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.trim_start().starts_with('#') && l.contains('.'))
        .collect();
    assert_eq!(rows.len(), 4, "{table}");
    for (k, row) in rows.iter().enumerate() {
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words[0], format!("#{}", k + 1));
        assert_eq!(*words.last().unwrap(), names[ranking[k]], "{table}");
        for (c, cell) in words[1..5].iter().enumerate() {
            let want = v["matrix"][ranking[k]][ranking[c]].as_f64().unwrap();
            assert_eq!(*cell, format!("{want:.6}"), "{table}");
        }
    }
}
