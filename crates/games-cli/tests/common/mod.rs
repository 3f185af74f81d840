//! What the web tests share: reading the command a reply names, and
//! running it through the CLI to compare the JSON.
#![allow(dead_code)]

/// The runtime the web tests serve and ask on: two worker threads, as
/// the 2-core machine has.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Split a command as the page shows it: words, with `'...'` kept whole
/// (the JSON of a state).
pub fn split(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            // Outside quotes a backslash keeps the next character (`'\''`
            // writes a quote inside a quoted word).
            '\\' if !quoted => {
                word.extend(chars.next());
                any = true;
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

/// The command's stdout, run in process by the CLI (exit code 0 asserted).
pub fn cli_json(command: &str) -> String {
    let args = split(command);
    assert_eq!(args[0], "games-cli", "{command}");
    let c = games_cli::run_captured(&args);
    assert_eq!(c.code, 0, "{command}: {}", c.stderr);
    c.stdout
}

/// Every page reply the browser logged, checked against the CLI: same
/// command, same bytes. Returns how many were checked.
pub fn check_log(log: &serde_json::Value) -> usize {
    let mut checked = 0;
    for entry in log.as_array().expect("gamesLog is a list") {
        let command = entry["command"].as_str().unwrap_or("");
        let status = entry["status"].as_u64().unwrap_or(0);
        assert_eq!(status, 200, "{entry}");
        if command.contains("file:") {
            continue;
        }
        let body = entry["body"].as_str().expect("a body");
        let want = cli_json(command);
        let (got, want): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(body).expect("the page's JSON"),
            serde_json::from_str(&want).expect("the CLI's JSON"),
        );
        // Seeded replies must be equal to the bit; `moves` has a time budget,
        // so only its solved values must agree.
        if command.contains("kalah moves") {
            for (g, w) in got["moves"]
                .as_array()
                .unwrap()
                .iter()
                .zip(want["moves"].as_array().unwrap())
            {
                if g["solved"] == true && w["solved"] == true {
                    assert_eq!(g["value"], w["value"], "{command}");
                }
                assert_eq!(g["pit"], w["pit"]);
            }
        } else {
            assert_eq!(got, want, "{command}");
        }
        checked += 1;
    }
    checked
}

/// The binary, as a user runs it.
pub fn bin() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_games-cli"))
}

/// Run the binary with `args` to the end.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Output {
    bin().args(args).output().expect("the binary runs")
}

/// Exit code 2, nothing on stdout, exactly one line on stderr naming
/// `what`; the line.
pub fn bad<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(args: &[S], what: &str) -> String {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains(what),
        "{args:?}: {err:?} should mention {what:?}"
    );
    err
}

/// A path in `dir` as a string, for arguments.
pub fn at(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// A small endgame table (2 pits a side, 5 seeds) written to `dir/name`.
pub fn small_table(dir: &std::path::Path, name: &str) -> String {
    let path = at(dir, name);
    let out = run(&[
        "mancala",
        "endgame",
        "build",
        &path,
        "--pits",
        "2",
        "--endgame-seeds",
        "5",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// The binary's stdout for `args`, which must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}
