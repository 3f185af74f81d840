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

/// Kalah endgame tables by level: four `endgame shard` processes for the
/// next level, joined by `endgame extend`, write the same file as
/// `endgame build` of the larger table; wrong sets are refused with one
/// line and exit code 2.
#[test]
fn kalah_table_levels_built_in_shards_are_the_whole_table() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).display().to_string();
    let build = |file: &str, seeds: &str| {
        output(&[
            "mancala",
            "endgame",
            "build",
            &at(file),
            "--pits",
            "4",
            "--endgame-seeds",
            seeds,
        ]);
    };
    build("k11.db", "11");
    build("k12-whole.db", "12");
    let below = at("k11.db");
    let children: Vec<_> = (0..4)
        .map(|k| {
            Command::new(BIN)
                .args(["mancala", "endgame", "shard", &at(&format!("s{k}.part"))])
                .args(["--from", &below, "--shard", &format!("{k}/4")])
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let parts: Vec<String> = [2, 0, 3, 1]
        .iter()
        .map(|k| at(&format!("s{k}.part")))
        .collect();
    let mut extend = vec!["mancala", "endgame", "extend"];
    let out = at("k12.db");
    extend.extend([out.as_str(), "--from", below.as_str()]);
    extend.extend(parts.iter().map(String::as_str));
    output(&extend);
    assert_eq!(
        std::fs::read(at("k12.db")).unwrap(),
        std::fs::read(at("k12-whole.db")).unwrap()
    );
    // The larger table solves like the one built whole.
    let solve = |table: &str| {
        output(&[
            "mancala",
            "solve",
            "--pits",
            "4",
            "--seeds",
            "3",
            "--endgame",
            table,
            "--format",
            "json",
        ])
    };
    assert_eq!(solve(&at("k12.db")), solve(&at("k12-whole.db")));
    let bad = |args: &[&str], says: &str| {
        let out = Command::new(BIN).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(says) && err.trim().lines().count() == 1,
            "{args:?}: {err}"
        );
    };
    let junk = at("junk.part");
    std::fs::write(&junk, [b'x'; 64]).unwrap();
    let none = at("none.db");
    let (p0, p1, p2) = (parts[1].as_str(), parts[3].as_str(), parts[0].as_str());
    for (tail, says) in [
        (vec![p0, p1, p2], "shard 3/4 is missing"),
        (vec![p0, p0, p1, p2], "given twice"),
        (vec![junk.as_str()], "not a table shard"),
    ] {
        let mut args = vec!["mancala", "endgame", "extend", none.as_str(), "--from"];
        args.push(below.as_str());
        args.extend(tail);
        bad(&args, says);
    }
    // Shards of level 12 do not extend the table of 12 seeds.
    let k12 = at("k12.db");
    let mut args = vec!["mancala", "endgame", "extend", none.as_str(), "--from"];
    args.push(k12.as_str());
    args.extend(parts.iter().map(String::as_str));
    bad(&args, "needs level 13");
    bad(
        &[
            "mancala", "endgame", "shard", &none, "--from", &below, "--shard", "4/4",
        ],
        "K from 0 to N-1",
    );
    assert!(!std::path::Path::new(&none).exists());
}
