//! Flags at their edges (issue 39): shard counts past the bound, `-0`
//! given to `--think`, errors that name the flag the user gave, and a
//! `--time-limit` that counts the whole run.
mod common;

use common::{bad, run, small_table};

/// Every `--shard K/N` takes at most 65,536 shards, refused before any
/// work with one line naming the flag: N = 2^64 - 1 once panicked, 2^63
/// overflowed a capacity, 2^32 - 1 aborted allocating 32 GiB and 10^8 took
/// 786 MB to write one position.
#[test]
fn huge_shard_counts_are_refused_before_work() {
    let dir = tempfile::tempdir().unwrap();
    let from = small_table(dir.path(), "small.db");
    let out = common::at(dir.path(), "s.part");
    for n in [
        "18446744073709551615",
        "9223372036854775808",
        "4294967295",
        "100000000",
        "65537",
    ] {
        let shard = format!("0/{n}");
        let start = std::time::Instant::now();
        let err = bad(
            &[
                "mancala", "endgame", "shard", &out, "--from", &from, "--shard", &shard,
            ],
            "--shard",
        );
        assert!(err.contains("65536"), "{err}");
        assert!(start.elapsed().as_secs() < 10, "{shard}: slow");
        assert!(!std::path::Path::new(&out).exists());
        for sim in [
            &["craps", "--games", "1000", "--seed", "1", "--shard", &shard][..],
            &[
                "lcr", "simulate", "--games", "100", "--seed", "1", "--shard", &shard,
            ],
            &[
                "hog",
                "rate",
                "--strategy",
                "final",
                "--games",
                "10",
                "--seed",
                "1",
                "--shard",
                &shard,
            ],
        ] {
            bad(sim, "--shard");
        }
    }
    // The bound itself is accepted.
    let ok = run(&[
        "mancala",
        "endgame",
        "shard",
        &out,
        "--from",
        &from,
        "--shard",
        "65535/65536",
    ]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let ok = run(&[
        "craps",
        "--games",
        "1000",
        "--seed",
        "1",
        "--shard",
        "65535/65536",
    ]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
}

/// `-0` is a number: refused by the flag's own range, naming it, not
/// "unexpected argument".
#[test]
fn minus_zero_names_the_flag() {
    for args in [
        &[
            "mancala", "moves", "--pits", "2", "--seeds", "1", "--think", "-0",
        ][..],
        &[
            "mancala", "moves", "--pits", "2", "--seeds", "1", "--think", "-0.5",
        ],
        &[
            "mancala",
            "solve",
            "--pits",
            "2",
            "--seeds",
            "1",
            "--time-limit",
            "-0",
        ],
    ] {
        let flag = args[args.len() - 2];
        let err = bad(args, flag);
        assert!(!err.contains("unexpected argument"), "{err}");
    }
    let err = bad(&["craps", "--games", "-0"], "--games");
    assert!(!err.contains("unexpected argument"), "{err}");
}

/// A position given with `--state` is named `--state` in the solver's
/// bounds, not `--board`.
#[test]
fn state_errors_name_state() {
    let state =
        r#"{"board": [13,13,13,13,13,13,0,13,13,13,13,13,13,0], "to_move": 0, "rule": "seed"}"#;
    let err = bad(&["mancala", "moves", "--state", state], "--state");
    assert!(!err.contains("--board"), "{err}");
}

/// `--time-limit 1` bounds the whole run, the endgame table's build
/// included (it once took 5-8 s: the build was not counted).
#[test]
fn solve_time_limit_counts_the_whole_run() {
    let start = std::time::Instant::now();
    let out = run(&[
        "mancala",
        "solve",
        "--pits",
        "6",
        "--seeds",
        "4",
        "--time-limit",
        "1",
    ]);
    let took = start.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&out.stderr);
    // Solved, or not in time: the argument named, as bad input is.
    assert!(matches!(out.status.code(), Some(0 | 2)), "{err}");
    if out.status.code() == Some(2) {
        assert!(err.contains("--time-limit: not solved within 1 s"), "{err}");
    }
    assert!(took < 3.0, "--time-limit 1 took {took:.2} s");
}
