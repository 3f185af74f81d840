//! Every command README.md and docs/*.md show, checked so the docs cannot
//! go stale: each concrete command parses as `games-cli` would parse it
//! (no removed flag, no misspelt verb); each synopsis line (`[--games N]`)
//! names only flags its verb has; the README's commands run, in order, in a
//! scratch folder; and where a doc shows a command's output (`$ games-cli
//! ...` then the output), the program prints exactly that (a line `...`
//! stands for lines left out).
use std::path::{Path, PathBuf};
use std::process::Command;

/// A command found in a doc.
#[derive(Debug, Clone)]
struct Shown {
    file: String,
    line: usize,
    /// The command line as written, from `games-cli` on.
    text: String,
    /// The output shown under it (a `$ ` block), if any.
    output: Option<Vec<String>>,
    /// In a code span of the prose (a mention, maybe of a verb alone)
    /// rather than a code block.
    span: bool,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn docs() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    files.extend(more);
    files
}

/// The `games-cli` commands in a doc's fenced code blocks.
fn commands(path: &Path) -> Vec<Shown> {
    let text = std::fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut out: Vec<Shown> = Vec::new();
    let mut in_block = false;
    let mut lines = text.lines().enumerate().peekable();
    // The command a `$ ` line opened, whose output follows.
    let mut open: Option<usize> = None;
    // Prose, a paragraph at a time, for commands in `code spans`.
    let mut prose = String::new();
    let mut prose_line = 0;
    while let Some((i, line)) = lines.next() {
        if !in_block && !line.trim_start().starts_with("```") && !line.trim().is_empty() {
            if prose.is_empty() {
                prose_line = i + 1;
            }
            prose.push(' ');
            prose.push_str(line.trim());
            continue;
        }
        out.extend(spans(&file, prose_line, &std::mem::take(&mut prose)));
        if line.trim_start().starts_with("```") {
            assert!(
                line.trim_start().len() == 3 || !in_block,
                "{file}:{}: text after a closing fence",
                i + 1
            );
            in_block = !in_block;
            open = None;
            continue;
        }
        if !in_block {
            continue;
        }
        let mut l = line.trim().to_string();
        let prompt = l.starts_with("$ ");
        if prompt {
            l = l[2..].to_string();
            open = None;
        } else if let Some(k) = open {
            out[k]
                .output
                .get_or_insert_with(Vec::new)
                .push(line.to_string());
            continue;
        }
        // Continued lines.
        while l.ends_with('\\') {
            l.pop();
            match lines.next() {
                Some((_, next)) => l.push_str(next.trim()),
                None => break,
            }
        }
        let l = l
            .strip_prefix("cargo run --release -p games-cli -- ")
            .map(|r| format!("games-cli {r}"))
            .unwrap_or(l);
        // A command fed by a pipe: `echo ... | games-cli ...`.
        let l = match l.find("| games-cli ") {
            Some(k) if !l.starts_with("games-cli") => l[k + 2..].to_string(),
            _ => l,
        };
        if !l.starts_with("games-cli ") && l != "games-cli" {
            continue;
        }
        out.push(Shown {
            file: file.clone(),
            line: i + 1,
            text: l,
            output: None,
            span: false,
        });
        if prompt {
            open = Some(out.len() - 1);
        }
    }
    out.extend(spans(&file, prose_line, &prose));
    out
}

/// The commands in a paragraph's code spans: `` `games-cli ...` ``.
fn spans(file: &str, line: usize, prose: &str) -> Vec<Shown> {
    prose
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with("games-cli ") && !s.contains("games-cli games-cli"))
        .map(|s| Shown {
            file: file.to_string(),
            line,
            text: s.to_string(),
            output: None,
            span: true,
        })
        .collect()
}

/// A synopsis rather than a command: optional parts, alternatives,
/// placeholders in capitals or shell variables.
fn is_synopsis(text: &str) -> bool {
    let words = words(text);
    text.contains('[')
        || text.contains("...")
        || text.contains('$')
        || words.iter().any(|w| {
            let w = w.trim_start_matches("file:");
            let w = w.split('/').next().unwrap_or("");
            w.len() <= 5 && !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase())
                // LCR's scripted dice are capitals too (`--script LCR`).
                && !w.chars().all(|c| "LCR.".contains(c))
        })
}

/// Shell words up to a comment, a redirection, a pipe or `&`: quotes kept
/// together, as sh would.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut any = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, ' ' | '\t') => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (None, '#' | '>' | '<' | '|' | '&') if !any && word.is_empty() => break,
            (None, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn every_concrete_command_in_the_docs_parses() {
    let mut checked = 0;
    for doc in docs() {
        for c in commands(&doc) {
            if c.span || is_synopsis(&c.text) {
                continue;
            }
            let args = words(&c.text);
            if let Err(e) = games_cli::command().try_get_matches_from(&args) {
                let kind = e.kind();
                assert!(
                    matches!(
                        kind,
                        clap::error::ErrorKind::DisplayHelp
                            | clap::error::ErrorKind::DisplayVersion
                    ),
                    "{}:{}: `{}` does not parse: {}",
                    c.file,
                    c.line,
                    c.text,
                    e.render()
                );
            }
            checked += 1;
        }
    }
    // README alone shows more than forty.
    assert!(checked > 60, "only {checked} commands found");
}

/// The command at `path` (subcommand names) and the long flags it and its
/// subcommands take.
fn flags_under(path: &[String]) -> Option<Vec<String>> {
    let mut cmd = games_cli::command();
    for p in path {
        cmd = cmd.find_subcommand(p)?.clone();
    }
    let mut flags = Vec::new();
    let mut stack = vec![cmd];
    while let Some(c) = stack.pop() {
        flags.extend(
            c.get_arguments()
                .filter_map(|a| a.get_long().map(str::to_string)),
        );
        flags.push("help".to_string());
        stack.extend(c.get_subcommands().cloned());
    }
    Some(flags)
}

#[test]
fn every_synopsis_names_only_flags_its_verb_has() {
    let mut checked = 0;
    for doc in docs() {
        for c in commands(&doc) {
            if !c.span && !is_synopsis(&c.text) {
                continue;
            }
            let ws = words(&c.text);
            // `games-cli GAME VERB`: the grammar, not a command.
            if ws
                .get(1)
                .is_some_and(|w| w == "..." || w.chars().all(|c| c.is_ascii_uppercase()))
            {
                continue;
            }
            // The verb path: the words naming subcommands, `[simulate]` too.
            let mut path: Vec<String> = Vec::new();
            for w in &ws[1..] {
                let w = w.trim_matches(|c| c == '[' || c == ']');
                let mut p = path.clone();
                p.push(w.to_string());
                if flags_under(&p).is_some() {
                    path = p;
                } else {
                    break;
                }
            }
            assert!(
                !path.is_empty() || ws.get(1).is_some_and(|w| w.starts_with("--")),
                "{}:{}: no verb in `{}`",
                c.file,
                c.line,
                c.text
            );
            let flags = flags_under(&path).unwrap();
            for w in &ws {
                for part in w.split(['[', ']', '|', ' ']) {
                    if let Some(f) = part.strip_prefix("--") {
                        let f = f.split('=').next().unwrap_or(f);
                        assert!(
                            flags.iter().any(|g| g == f),
                            "{}:{}: `{}` names --{f}, which `games-cli {}` does not take",
                            c.file,
                            c.line,
                            c.text,
                            path.join(" ")
                        );
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} synopses and mentions found");
}

/// README commands that are not run, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "games-cli serve",
        "starts a server that runs until stopped (tests/web.rs covers it)",
    ),
    (
        "--human",
        "waits for a person at the keyboard (tests/cli.rs plays it scripted)",
    ),
    ("k6e26", "the 26-seed table is 2.7 GB and minutes to build"),
    ("completions bash >", "writes into the user's home folder"),
    ("completions zsh >", "writes into the user's zsh folder"),
    (
        "man >",
        "needs man(1); `games-cli man` itself runs in tests/packaging.rs",
    ),
];

#[test]
fn the_readme_commands_run() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_games-cli"));
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("fixtures"), dir.path().join("fixtures")).unwrap();
    // The README's block begins with `mkdir -p runs`.
    std::fs::create_dir(dir.path().join("runs")).unwrap();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for c in commands(&root().join("README.md")) {
        if c.span {
            continue;
        }
        if NOT_RUN.iter().any(|(p, _)| c.text.contains(p)) {
            continue;
        }
        // The line as written (a pipe's left side too), from the doc.
        let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
        let line = readme.lines().nth(c.line - 1).unwrap().trim();
        let line = line
            .strip_prefix("cargo run --release -p games-cli -- ")
            .map(|r| format!("games-cli {r}"))
            .unwrap_or(line.to_string());
        let out = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "README.md:{}: `{line}` failed ({:?}): {}",
            c.line,
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        // "and 1/2 elsewhere": the other shard too, so the merge below has
        // both halves.
        if let Some(rest) = line.split("# and 1/2 elsewhere").nth(1) {
            let other = line
                .split('#')
                .next()
                .unwrap()
                .replace("--shard 0/2", "--shard 1/2")
                .replace("s0.part", "s1.part");
            let target = rest.trim().trim_start_matches(',').trim();
            let other = match target.strip_prefix("> ") {
                Some(t) => format!("{} > {t}", other.split('>').next().unwrap().trim()),
                None => other,
            };
            let status = Command::new("sh")
                .arg("-c")
                .arg(&other)
                .current_dir(dir.path())
                .env("PATH", &path)
                .status()
                .unwrap();
            assert!(status.success(), "README.md:{}: `{other}`", c.line);
        }
        ran += 1;
    }
    assert!(ran >= 30, "only {ran} README commands ran");
    // Nothing was written outside the scratch folder's runs/ (and the
    // fixtures link).
    let mut top: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    assert_eq!(top, ["fixtures", "runs"]);
}

#[test]
fn shown_outputs_are_what_the_program_prints() {
    let mut compared = 0;
    for doc in docs() {
        for c in commands(&doc) {
            let Some(shown) = &c.output else { continue };
            let args = words(&c.text);
            let out = Command::new(env!("CARGO_BIN_EXE_games-cli"))
                .args(&args[1..])
                .current_dir(root())
                .output()
                .unwrap();
            assert!(out.status.success(), "{}:{}", c.file, c.line);
            let printed = String::from_utf8(out.stdout).unwrap();
            let printed: Vec<&str> = printed.lines().collect();
            // A line `...` stands for any lines the doc leaves out: the
            // next shown line must come later, in order.
            let mut at = 0;
            let mut skipping = false;
            for (k, want) in shown.iter().enumerate() {
                if want.trim() == "..." {
                    skipping = true;
                    continue;
                }
                if skipping {
                    match printed[at..]
                        .iter()
                        .position(|p| p.trim_end() == want.trim_end())
                    {
                        Some(i) => at += i,
                        None => panic!(
                            "{}:{}: line {} of `{}`'s output is not printed after the lines above: {want}",
                            c.file,
                            c.line,
                            k + 1,
                            c.text
                        ),
                    }
                    skipping = false;
                }
                assert_eq!(
                    printed.get(at).map(|s| s.trim_end()),
                    Some(want.trim_end()),
                    "{}:{}: line {} of `{}`'s output",
                    c.file,
                    c.line,
                    k + 1,
                    c.text
                );
                at += 1;
            }
            compared += 1;
        }
    }
    assert!(compared >= 3, "only {compared} shown outputs compared");
}
