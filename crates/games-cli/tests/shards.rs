//! Runs past one machine: four shard processes (`--shard K/4`) merged by
//! `games-cli merge` print the same bytes as the single run, for every
//! simulate verb; bad sets of partials are refused with one line.

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_games-cli");

fn output(args: &[&str]) -> Vec<u8> {
    let out = Command::new(BIN)
        .args(args)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The single run's stdout, and the merge of four shard processes run at
/// the same time (their partials in files).
fn single_and_merged(args: &[&str]) -> (Vec<u8>, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let single = output(args);
    let shards: Vec<_> = (0..4)
        .map(|k| {
            let path = dir.path().join(format!("part{k}.json"));
            let file = std::fs::File::create(&path).unwrap();
            let child = Command::new(BIN)
                .args(args)
                .args(["--shard", &format!("{k}/4"), "--threads", "1"])
                .stdout(file)
                .spawn()
                .unwrap();
            (path, child)
        })
        .collect();
    let mut paths = Vec::new();
    for (path, mut child) in shards {
        assert!(child.wait().unwrap().success(), "{args:?}");
        paths.push(path.display().to_string());
    }
    // Any order of the files.
    paths.reverse();
    let mut merge = vec!["merge"];
    merge.extend(paths.iter().map(String::as_str));
    (single, output(&merge))
}

#[test]
fn four_shards_merged_are_the_single_run_byte_for_byte() {
    for args in [
        &[
            "lcr",
            "simulate",
            "--players",
            "5",
            "--games",
            "200000",
            "--seed",
            "4",
            "--format",
            "json",
        ][..],
        &[
            "lcr",
            "--players",
            "3",
            "--coins",
            "2",
            "--games",
            "70001",
            "--seed",
            "8",
        ],
        &[
            "lcr", "simulate", "--table", "all", "--games", "40000", "--seed", "4", "--format",
            "json",
        ],
        &[
            "lcr",
            "--table",
            "nohold-tilted",
            "--chips",
            "3x5",
            "--games",
            "50000",
            "--seed",
            "2",
        ],
        &[
            "craps", "simulate", "--games", "1000000", "--seed", "3", "--format", "json",
        ],
        &[
            "baccarat", "simulate", "--games", "300000", "--decks", "6", "--seed", "3", "--format",
            "json",
        ],
        &[
            "hog",
            "rate",
            "--strategy",
            "final",
            "--games",
            "60000",
            "--seed",
            "2",
            "--format",
            "json",
        ],
    ] {
        let (single, merged) = single_and_merged(args);
        assert!(!single.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&single),
            String::from_utf8_lossy(&merged),
            "{args:?}"
        );
    }
}

#[test]
fn bad_sets_of_partials_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let part = |k: u64, n: u64, games: &str| {
        let path = dir.path().join(format!("p{k}-{n}-{games}.json"));
        let out = output(&[
            "craps",
            "--games",
            games,
            "--seed",
            "1",
            "--shard",
            &format!("{k}/{n}"),
        ]);
        std::fs::write(&path, out).unwrap();
        path.display().to_string()
    };
    let (a, b, c) = (
        part(0, 2, "50000"),
        part(1, 2, "50000"),
        part(1, 2, "60000"),
    );
    let other = part(0, 3, "50000");
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"x\": 1}").unwrap();
    let junk = junk.display().to_string();
    for (files, says) in [
        (vec![a.as_str()], "shards missing: 1/2"),
        (vec![a.as_str(), a.as_str()], "given twice"),
        (vec![a.as_str(), c.as_str()], "another command"),
        (vec![a.as_str(), other.as_str()], "the others are of 2"),
        (vec![junk.as_str()], "not a partial"),
        (vec!["/nonexistent/p.json"], "cannot read"),
    ] {
        let out = Command::new(BIN)
            .arg("merge")
            .args(&files)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{files:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(says) && err.trim().lines().count() == 1,
            "{files:?}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
    let out = output(&["merge", &b, &a]);
    assert_eq!(out, output(&["craps", "--games", "50000", "--seed", "1"]));
    // A shard needs a seed.
    let out = Command::new(BIN)
        .args(["craps", "--games", "10", "--shard", "0/2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
