//! `games-cli merge` and what a partial can make it do (issue 39): only
//! the simulate verbs that shard are run, inputs are read within 64 MiB
//! whatever they are, and sums a shard cannot have made are refused
//! naming the file and the field.
mod common;

use std::time::{Duration, Instant};

use common::{at, bad, bin, run};
use serde_json::{Value, json};

/// A partial naming `command` (the words after `games-cli`).
fn partial(dir: &std::path::Path, name: &str, command: &[&str]) -> String {
    let mut words = vec!["games-cli"];
    words.extend(command);
    // As a partial holds a request: the game, the verb and the flags.
    let verb = command
        .get(1)
        .filter(|w| !w.starts_with('-'))
        .copied()
        .unwrap_or("");
    let mut flags = serde_json::Map::new();
    let mut rest = command.iter().skip(if verb.is_empty() { 1 } else { 2 });
    while let Some(w) = rest.next() {
        match w.strip_prefix("--") {
            Some(k) => {
                flags.insert(k.into(), json!(rest.next().copied().unwrap_or("")));
            }
            None => {
                flags.insert("files".into(), json!([w]));
            }
        }
    }
    let v = json!({
        "games_cli_partial": 2,
        "command": words.join(" "),
        "request": {"game": command[0], "verb": verb, "flags": flags},
        "format": "table",
        "shard": "0/1",
        "sums": 0,
    });
    let path = at(dir, name);
    std::fs::write(&path, v.to_string()).unwrap();
    path
}

/// The partial a real shard writes.
fn real(args: &[&str]) -> Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A partial names the whole run's command, which runs as written (it
/// held `... --seed 9 0/3`: `--shard` dropped, its value left).
#[test]
fn a_partial_names_the_whole_runs_command() {
    let v = real(&[
        "craps", "simulate", "--games", "1000", "--seed", "9", "--shard", "0/3",
    ]);
    assert_eq!(
        v["command"],
        "games-cli craps simulate --games 1000 --seed 9"
    );
}

/// Run with a deadline: a partial naming `serve` once started a server.
fn within(args: &[String], secs: u64) -> std::process::Output {
    let mut child = bin()
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("{args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn foreign_verbs_in_partials_are_refused_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let written = at(dir.path(), "written.csv");
    let table = at(dir.path(), "table.db");
    let cases: Vec<(Vec<String>, Option<String>)> = vec![
        (vec!["merge".into(), at(dir.path(), "loop.json")], None),
        (
            ["hog", "export", "--strategy", "final", "--out"]
                .iter()
                .map(|s| s.to_string())
                .chain([written.clone()])
                .collect(),
            Some(written.clone()),
        ),
        (
            ["mancala", "endgame", "build"]
                .iter()
                .map(|s| s.to_string())
                .chain([
                    table.clone(),
                    "--pits".into(),
                    "2".into(),
                    "--endgame-seeds".into(),
                    "3".into(),
                ])
                .collect(),
            Some(table.clone()),
        ),
        (vec!["serve".into(), "--port".into(), "0".into()], None),
        (vec!["baccarat".into(), "--games".into(), "10".into()], None),
        (vec!["hog".into(), "export".into()], None),
    ];
    for (i, (command, file)) in cases.iter().enumerate() {
        let words: Vec<&str> = command.iter().map(String::as_str).collect();
        let name = if i == 0 {
            "loop.json".to_string()
        } else {
            format!("p{i}.json")
        };
        let path = partial(dir.path(), &name, &words);
        let out = within(&["merge".to_string(), path.clone()], 20);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&path) && err.contains("merge runs only"),
            "{err}"
        );
        if let Some(f) = file {
            assert!(!std::path::Path::new(f).exists(), "{command:?} wrote {f}");
        }
    }
}

#[test]
fn inputs_are_read_within_64_mib_whatever_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let c0 = at(dir.path(), "c0.json");
    let text = serde_json::to_string(&real(&[
        "craps", "--games", "1000", "--seed", "1", "--shard", "0/2",
    ]))
    .unwrap();
    std::fs::write(&c0, text).unwrap();
    let start = Instant::now();
    let out = within(&["merge".into(), c0.clone(), "/dev/zero".into()], 30);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("/dev/zero") && err.contains("67108864"),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(30));
    // A regular file past the bound too.
    let big = at(dir.path(), "big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((64 << 20) + 1).unwrap();
    bad(&["merge", &c0, &big], "67108864");
}

/// Each tampering of a real partial, and the field it must be refused
/// for.
#[test]
fn impossible_sums_are_refused_naming_the_file_and_field() {
    let dir = tempfile::tempdir().unwrap();
    type Tamper = fn(&mut Value);
    let cases: Vec<(&[&str], Tamper, &str)> = vec![
        (
            &["craps", "--games", "1000", "--seed", "1"],
            |v| v["sums"] = json!(999_999),
            "wins",
        ),
        (
            &["baccarat", "simulate", "--games", "1000", "--seed", "1"],
            |v| v["sums"]["tie"] = json!(v["sums"]["tie"].as_u64().unwrap() + 1),
            "player + house + tie",
        ),
        (
            &["lcr", "--players", "3", "--games", "1000", "--seed", "1"],
            |v| v["sums"]["wins"][0] = json!(v["sums"]["wins"][0].as_u64().unwrap() + 5),
            "wins",
        ),
        (
            &[
                "hog",
                "rate",
                "--strategy",
                "final",
                "--games",
                "100",
                "--seed",
                "1",
            ],
            |v| v["sums"][0] = json!(100_000),
            "wins",
        ),
        (
            &[
                "lcr", "simulate", "--table", "standard", "--games", "300", "--seed", "1",
            ],
            |v| v["sums"][0]["at"][0]["games"] = json!(7),
            "games",
        ),
    ];
    for (args, tamper, field) in cases {
        let mut parts = Vec::new();
        for k in 0..2 {
            let mut a = args.to_vec();
            let shard = format!("{k}/2");
            a.extend(["--shard", &shard]);
            let mut v = real(&a);
            if k == 1 {
                tamper(&mut v);
            }
            let path = at(dir.path(), &format!("{}-{k}.json", args[0]));
            std::fs::write(&path, v.to_string()).unwrap();
            parts.push(path);
        }
        let err = bad(&["merge", &parts[0], &parts[1]], field);
        assert!(err.contains(&parts[1]), "{args:?}: {err}");
        assert!(!err.contains("NaN"));
    }
    // Partials of another seed are another command.
    let a = real(&["craps", "--games", "1000", "--seed", "1", "--shard", "0/2"]);
    let b = real(&["craps", "--games", "1000", "--seed", "2", "--shard", "1/2"]);
    let (pa, pb) = (at(dir.path(), "a.json"), at(dir.path(), "b.json"));
    std::fs::write(&pa, a.to_string()).unwrap();
    std::fs::write(&pb, b.to_string()).unwrap();
    bad(&["merge", &pa, &pb], "another command");
}
