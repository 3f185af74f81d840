//! Generated arguments over every verb, from the clap command definition
//! itself (so the test follows the commands as they change): values drawn
//! from edge sets, each run in process on a thread with a time bound,
//! under small size bounds so that no valid input starts long work. Every
//! run must end without a panic, with exit code 0, 1 or 2, and on failure
//! with nothing on stdout and exactly one line for stderr.
use std::sync::mpsc;
use std::time::Duration;

use clap::Command;
use games_cli::{Limits, run_captured, run_captured_with};
use proptest::prelude::*;

/// Every runnable command path: each game (its default verb) and each verb.
fn leaves() -> Vec<(Vec<String>, Command)> {
    fn walk(cmd: &Command, path: Vec<String>, out: &mut Vec<(Vec<String>, Command)>) {
        if !path.is_empty() {
            out.push((path.clone(), cmd.clone()));
        }
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            walk(sub, p, out);
        }
    }
    let mut out = Vec::new();
    walk(&games_cli::command(), Vec::new(), &mut out);
    // Verbs that read standard input or play with a person are left out:
    // they are tested with their own input in cli.rs.
    out.retain(|(p, _)| !(p.len() == 2 && p[0] == "kalah" && p[1] == "play"));
    out
}

const EDGES: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "3",
    "4",
    "6",
    "9",
    "20",
    "100",
    "2147483648",
    "9223372036854775808",
    "18446744073709551616",
    "",
    "ü",
    "1,2",
    "0,2",
    "3,3,3,0,3,3,3,0",
    "4294967294,0,1,0",
    "a",
    "10x3",
    "0x9",
    "always:5",
    "always:11",
    "final",
    "bacon",
    "swap:6:4",
    "file:/nonexistent/s.json",
    "standard",
    "all",
    "0,0,0,1,2,3",
    "LCR",
    "RR.CL",
    "A♡,9♣,2♡,J♠",
    "1e3",
    "--",
];

/// Plausible values by argument, so that most cases reach the engines.
fn good(id: &str) -> &'static [&'static str] {
    match id {
        "players" => &["2", "3", "5"],
        "coins" => &["1", "2", "3"],
        "games" => &["1", "50", "500"],
        "seed" => &["1", "7"],
        "threads" => &["1", "2"],
        "table" => &["standard", "nohold-tilted", "0,0,1,2,3,3", "all"],
        "chips" => &["3x4", "2,2,2", "5x9"],
        "max_rounds" => &["5", "20"],
        "checkpoints" => &["10,50", "1"],
        "script" => &["LCR", "RR.CL", "..."],
        "board" => &["3,3,3,0,3,3,3,0", "0,1,0,5,2,0,4,2", "2,2,0,2,2,0"],
        "moves" => &["0,2", "1", "0,0,1"],
        "pits" => &["2", "3"],
        "seeds" => &["1", "2"],
        "endgame_seeds" => &["0", "4"],
        "table_bits" => &["12", "16"],
        "time_limit" => &["5"],
        "decks" => &["1", "8"],
        "cards" => &["AH,9C,2H,JS", "7D,9S,4D,5H,4C,JH"],
        "strategy" | "vs" | "strategy0" | "strategy1" => {
            &["final", "always:4", "swap", "bacon:6:4"]
        }
        "strategies" => &["final", "optimal", "always:5", "swap"],
        "goal" => &["20", "50", "100"],
        // Hog's rule sets without memory (a Fall 2019 pair takes a second).
        "rules" => &["fall2021", "fall2023", "spring2022", "spring2014"],
        "rolls" => &["0", "2", "5"],
        "opponent" | "score" => &["0", "12", "48"],
        "dice" | "four_sided" | "six_sided" => &["4,6,1", "2", "3,3"],
        "turns" => &["10", "100"],
        _ => &[],
    }
}

/// A value for an argument: its possible values (and one that is not),
/// a path for outputs, a plausible value, or an edge value.
fn value(arg: &clap::Arg, k: usize, scratch: &str) -> String {
    let plausible = good(arg.get_id().as_str());
    if !plausible.is_empty() && !k.is_multiple_of(4) {
        return plausible[k % plausible.len()].to_string();
    }
    let possible: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|v| v.get_name().to_string())
        .collect();
    if !possible.is_empty() && !k.is_multiple_of(5) {
        return possible[k % possible.len()].clone();
    }
    let id = arg.get_id().as_str();
    // File safety (issue 39): shard counts past the bound, merge inputs
    // that are devices or name foreign verbs, inputs that are the output.
    if id == "shard" && !k.is_multiple_of(3) {
        let shards = [
            "0/18446744073709551615",
            "0/9223372036854775808",
            "0/4294967295",
            "0/100000000",
            "65535/65536",
            "0/65537",
        ];
        return shards[k % shards.len()].to_string();
    }
    if id == "files" || id == "from" || id == "shards" {
        let inputs = [
            "/dev/zero".to_string(),
            format!("{scratch}/foreign-merge.json"),
            format!("{scratch}/foreign-export.json"),
            format!("{scratch}/foreign-serve.json"),
            format!("{scratch}/a.csv"),
            format!("{scratch}/c.json"),
            format!("{scratch}/extra"),
        ];
        return inputs[k % inputs.len()].clone();
    }
    if ["csv", "plot", "out"].contains(&id) || (arg.is_positional() && id == "out") {
        let paths = [
            format!("{scratch}/a.csv"),
            format!("{scratch}/b.svg"),
            format!("{scratch}/c.json"),
            "-".to_string(),
            "/dev/null".to_string(),
            scratch.to_string(),
            "/nonexistent/x.csv".to_string(),
        ];
        return paths[k % paths.len()].clone();
    }
    if k % 17 == 16 {
        // A huge list.
        return vec!["1"; 2000].join(",");
    }
    EDGES[k % EDGES.len()].to_string()
}

/// The arguments of one case.
fn case(
    leaves: &[(Vec<String>, Command)],
    pick: usize,
    args: &[(usize, usize)],
    junk: usize,
    scratch: &str,
) -> Vec<String> {
    let (path, cmd) = &leaves[pick % leaves.len()];
    let mut argv = vec!["games-cli".to_string()];
    argv.extend(path.iter().cloned());
    let options: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    // Required arguments first (most of the time), then the drawn ones.
    let required: Vec<(usize, usize)> = options
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_required_set())
        .map(|(i, _)| (i, junk * 7 + 1))
        .collect();
    let chosen: Vec<(usize, usize)> = if junk.is_multiple_of(10) {
        args.to_vec()
    } else {
        required.into_iter().chain(args.iter().copied()).collect()
    };
    for &(i, k) in &chosen {
        if options.is_empty() {
            break;
        }
        let arg = options[i % options.len()];
        let takes_value = matches!(
            arg.get_action(),
            clap::ArgAction::Set | clap::ArgAction::Append
        );
        if let Some(long) = arg.get_long() {
            argv.push(format!("--{long}"));
        }
        if takes_value || arg.is_positional() {
            argv.push(value(arg, k, scratch));
        }
    }
    if junk.is_multiple_of(11) {
        // An extra word; where a verb takes a file, it names one in the
        // scratch folder, never in the repository (a run once left a
        // 29-byte endgame table named `extra` in crates/games-cli).
        let extra = format!("{scratch}/extra");
        argv.push(["--bogus", "-1", extra.as_str(), "--games"][junk % 4].to_string());
    }
    argv
}

/// Bounds small enough that every valid case is quick.
const SMALL: Limits = Limits {
    games: 2_000,
    players: 12,
    coins: 8,
    rounds: 200,
    variant_turns: 2_000_000,
    classic_coin_games: 2_000_000,
    exact_states: 20_000,
    solve_seeds: 16,
    endgame_positions: 50_000,
    turns: 2_000,
    threads: 3,
};

fn check(argv: Vec<String>) -> Result<(), TestCaseError> {
    if argv.iter().any(|a| a == "--jsonl" || a == "--human") {
        return Ok(()); // they read stdin
    }
    let (tx, rx) = mpsc::channel();
    let run = argv.clone();
    std::thread::spawn(move || {
        let out = std::panic::catch_unwind(|| run_captured_with(&run, SMALL));
        let _ = tx.send(out);
    });
    let out = match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(Ok(out)) => out,
        Ok(Err(_)) => return Err(TestCaseError::fail(format!("panicked: {argv:?}"))),
        Err(_) => return Err(TestCaseError::fail(format!("no answer in 20 s: {argv:?}"))),
    };
    prop_assert!(out.code <= 2, "exit code {}: {argv:?}", out.code);
    if out.code != 0 {
        prop_assert!(out.stdout.is_empty(), "stdout on failure: {argv:?}");
        prop_assert!(
            !out.stderr.is_empty() && !out.stderr.contains('\n'),
            "not one error line: {argv:?}: {:?}",
            out.stderr
        );
    }
    Ok(())
}

/// A folder of its own for a case, with the partials below in it; removed
/// when dropped (a folder named by the process's id was left in the
/// temporary folder by every run).
fn scratch() -> tempfile::TempDir {
    let folder = tempfile::Builder::new()
        .prefix("games-cli-fuzz-")
        .tempdir()
        .unwrap();
    let dir = folder.path();
    // Partials naming verbs merge must not run (one named merge itself and
    // recursed; one wrote files; one started a server).
    for (name, command) in [
        ("foreign-merge", vec!["merge", "foreign-merge.json"]),
        (
            "foreign-export",
            vec![
                "hog",
                "export",
                "--strategy",
                "final",
                "--out",
                "written.csv",
            ],
        ),
        ("foreign-serve", vec!["serve", "--port", "0"]),
    ] {
        let mut words = vec!["games-cli"];
        words.extend(command);
        let words: Vec<String> = words
            .iter()
            .map(|w| {
                if w.ends_with(".json") || w.ends_with(".csv") {
                    dir.join(w).display().to_string()
                } else {
                    w.to_string()
                }
            })
            .collect();
        let v = serde_json::json!({
            "games_cli_partial": 2,
            "command": words.join(" "),
            "request": {"game": words[1], "verb": words[2], "flags": {"out": words.last()}},
            "format": "table",
            "shard": "0/1",
            "sums": 0,
        });
        std::fs::write(dir.join(format!("{name}.json")), v.to_string()).unwrap();
    }
    folder
}

/// One property per game, so the four run on separate test threads; 2,500
/// cases each, 10,000 in all.
fn game_leaves(game: &str) -> Vec<(Vec<String>, Command)> {
    leaves()
        .into_iter()
        .filter(|(p, _)| {
            p[0] == game || (game == "casino" && (p[0] == "craps" || p[0] == "baccarat"))
        })
        // `merge` with the kalah verbs (it is a file verb too); `serve`
        // runs a server and is never drawn.
        .chain(
            leaves()
                .into_iter()
                .filter(|(p, _)| game == "kalah" && p[0] == "merge"),
        )
        .collect()
}

macro_rules! fuzz {
    ($name:ident, $game:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 2500, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(
                pick in 0usize..1000,
                args in proptest::collection::vec((0usize..1000, 0usize..1000), 0..5),
                junk in 0usize..100,
            ) {
                let leaves = game_leaves($game);
                let dir = scratch();
                check(case(&leaves, pick, &args, junk, dir.path().to_str().unwrap()))?;
            }
        }
    };
}

fuzz!(fuzz_lcr, "lcr");
fuzz!(fuzz_kalah, "kalah");
fuzz!(fuzz_hog, "hog");
fuzz!(fuzz_casino, "casino");

/// The file-safety cases of issue 39, each run once: an output over its
/// input, /dev/zero as a merge input, huge shard counts, partials naming
/// foreign verbs. Each must end at once with one error line, and leave
/// the input as it was and no file a foreign verb names.
#[test]
fn file_safety_cases() {
    let folder = scratch();
    let dir = folder.path().to_str().unwrap();
    let table = format!("{dir}/safety.db");
    let built = run_captured_with(
        [
            "games-cli",
            "mancala",
            "endgame",
            "build",
            &table,
            "--pits",
            "2",
            "--endgame-seeds",
            "4",
        ],
        SMALL,
    );
    assert_eq!(built.code, 0, "{}", built.stderr);
    let before = std::fs::read(&table).unwrap();
    let partial = format!("{dir}/c0.json");
    let c0 = run_captured([
        "games-cli",
        "craps",
        "--games",
        "100",
        "--seed",
        "1",
        "--shard",
        "0/2",
    ]);
    std::fs::write(&partial, c0.stdout).unwrap();
    let cases: Vec<Vec<String>> = [
        vec![
            "mancala", "endgame", "shard", &table, "--from", &table, "--shard", "0/2",
        ],
        vec![
            "mancala", "endgame", "extend", &table, "--from", &table, &table,
        ],
        vec!["merge", &partial, "/dev/zero"],
        vec![
            "mancala",
            "endgame",
            "shard",
            "-",
            "--from",
            &table,
            "--shard",
            "0/18446744073709551615",
        ],
        vec![
            "mancala",
            "endgame",
            "shard",
            "-",
            "--from",
            &table,
            "--shard",
            "0/4294967295",
        ],
        vec!["craps", "--seed", "1", "--shard", "0/9223372036854775808"],
    ]
    .into_iter()
    .map(|v| {
        std::iter::once("games-cli")
            .chain(v)
            .map(String::from)
            .collect()
    })
    .chain(["merge", "export", "serve"].iter().map(|f| {
        vec![
            "games-cli".into(),
            "merge".into(),
            format!("{dir}/foreign-{f}.json"),
        ]
    }))
    .collect();
    for argv in cases {
        let start = std::time::Instant::now();
        check(argv.clone()).unwrap();
        let out = run_captured_with(&argv, SMALL);
        assert_eq!(out.code, 2, "{argv:?}: {}", out.stderr);
        assert!(start.elapsed() < Duration::from_secs(20), "{argv:?}");
    }
    assert_eq!(std::fs::read(&table).unwrap(), before);
    assert!(!std::path::Path::new(&format!("{dir}/written.csv")).exists());
}

#[test]
fn every_verb_is_reached() {
    let names: Vec<String> = leaves().iter().map(|(p, _)| p.join(" ")).collect();
    for verb in [
        "lcr simulate",
        "lcr replay",
        "lcr exact",
        "kalah sow",
        "kalah solve",
        "kalah endgame build",
        "craps exact",
        "baccarat deal",
        "hog tournament",
        "hog export",
    ] {
        assert!(
            names.iter().any(|n| n == verb),
            "{verb} missing from {names:?}"
        );
    }
}
