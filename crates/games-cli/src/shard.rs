//! Runs larger than one machine: `--shard K/N` on every simulate verb runs
//! only the chunks `K, K+N, K+2N, ...` of the deterministic chunking (each
//! chunk's dice depend only on the seed and the chunk's index) and writes
//! a partial: the command, the shard, and the run's sums, exact in
//! integers. `games-cli merge FILES...` adds the partials' sums and prints
//! what the command prints without `--shard`, byte for byte: the single
//! run goes through the same sums.

use std::cell::RefCell;
use std::path::PathBuf;

use dice::parallel::Shard;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{CliError, Sampling, fail};

thread_local! {
    /// The arguments of the command running on this thread.
    static ARGS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// Sums given by `merge` for the command it runs.
    static MERGED: RefCell<Option<Merged>> = const { RefCell::new(None) };
}

/// What `merge` hands the command it runs: the partials' sums added, and
/// each partial's own, to be checked against what its shard must count.
struct Merged {
    total: Value,
    parts: Vec<(String, Shard, Value)>,
}

/// The tag of a partial file, and its version.
const TAG: &str = "games_cli_partial";

/// The largest partial file `merge` reads: 64 MiB (a partial of the
/// largest study is a few KB). Counted in bytes read, so a pipe or a
/// device (`/dev/zero`) is bounded too.
pub(crate) const MAX_PARTIAL_BYTES: u64 = 64 << 20;

/// The commands whose partials `merge` runs: the simulate verbs that take
/// `--shard`, as (game, verb); `None` is the game's default verb. Nothing
/// else is run, whatever a file names (a partial naming `merge` itself
/// once recursed until the stack overflowed; one naming `hog export`
/// wrote files, `serve` started a server).
const MERGEABLE: &[(&str, Option<&str>)] = &[
    ("lcr", None),
    ("lcr", Some("simulate")),
    ("hog", None),
    ("hog", Some("rate")),
];

/// Whether `command` (the words of a partial) names a verb of
/// [`MERGEABLE`].
fn mergeable(command: &[String]) -> bool {
    let [program, game, rest @ ..] = command else {
        return false;
    };
    let verb = rest.first().filter(|w| !w.starts_with('-'));
    program == "games-cli"
        && MERGEABLE
            .iter()
            .any(|&(g, v)| g == game && v == verb.map(String::as_str))
}

/// Run `f` with `args` as this thread's command line (for the partials).
pub(crate) fn with_args<T>(args: Vec<String>, f: impl FnOnce() -> T) -> T {
    let before = ARGS.with(|a| a.replace(args));
    let out = f();
    ARGS.with(|a| *a.borrow_mut() = before);
    out
}

/// The whole run's sums from [`sums`], or `return Ok(partial)` from the
/// calling verb when it runs one shard.
macro_rules! sums_or_partial {
    ($sampling:expr, $compute:expr, $check:expr) => {
        match $crate::shard::sums($sampling, $compute, $check)? {
            $crate::shard::Sharded::Whole(sums) => sums,
            $crate::shard::Sharded::Partial(text) => return Ok(text),
        }
    };
}
pub(crate) use sums_or_partial;

/// What a simulate verb does with its sums.
pub(crate) enum Sharded<T> {
    /// The whole run's sums (computed, or added up by `merge`): print the
    /// result.
    Whole(T),
    /// A shard's partial, to print as it is.
    Partial(String),
}

/// The sums of a simulate verb: the merged ones when `merge` runs the
/// command; else `compute` over `--shard` (the whole run without it).
/// With `--shard`, the partial's JSON.
///
/// `check` says what is wrong with sums that a shard (or, for
/// [`Shard::ALL`], the whole run) cannot have made, naming the field:
/// `merge` refuses such a partial naming its file, rather than print
/// shares past 1 and a `NaN`.
pub(crate) fn sums<T: Serialize + DeserializeOwned>(
    sampling: &Sampling,
    compute: impl FnOnce(Shard) -> Result<T, CliError>,
    check: impl Fn(&T, Shard) -> Result<(), String>,
) -> Result<Sharded<T>, CliError> {
    if let Some(m) = MERGED.with(|m| m.borrow_mut().take()) {
        for (name, shard, v) in m.parts {
            let t: T = serde_json::from_value(v).map_err(|e| {
                CliError(format!(
                    "{name}: the partial's sums do not fit its command: {e}"
                ))
            })?;
            check(&t, shard).map_err(|why| CliError(format!("{name}: sums: {why}")))?;
        }
        let t = serde_json::from_value(m.total)
            .map_err(|e| CliError(format!("the partials' sums do not fit the command: {e}")))?;
        check(&t, Shard::ALL).map_err(|why| CliError(format!("the partials' sums: {why}")))?;
        return Ok(Sharded::Whole(t));
    }
    let Some(shard) = sampling.shard else {
        return Ok(Sharded::Whole(compute(Shard::ALL)?));
    };
    if sampling.seed.is_none() {
        return fail("--shard needs --seed: every shard must draw from the same dice");
    }
    let sums = compute(shard)?;
    let command = ARGS.with(|a| without_shard(&a.borrow()));
    let mut text = serde_json::to_string_pretty(&serde_json::json!({
        TAG: 1,
        "command": command,
        "shard": shard.to_string(),
        "sums": sums,
    }))?;
    text.push('\n');
    Ok(Sharded::Partial(text))
}

/// The arguments without `--shard K/N` (or `--shard=K/N`).
fn without_shard(args: &[String]) -> Vec<String> {
    // The program as `games-cli`: shards may run from different paths.
    let mut out = vec!["games-cli".to_string()];
    let mut skip = false;
    for a in args.iter().skip(1) {
        if skip {
            skip = false;
        } else if a == "--shard" {
            skip = true;
        } else if !a.starts_with("--shard=") {
            out.push(a.clone());
        }
    }
    out
}

/// `games-cli merge`'s flags.
#[derive(clap::Args, Debug)]
pub(crate) struct MergeArgs {
    /// The partial files the shards wrote (one for each K of K/N).
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
}

/// A file read whole, at most `most` bytes counted as they are read (a
/// file's size is not asked: a pipe's or a device's is 0).
///
/// # Errors
/// Exit code 2 naming the file and the bound when it holds more; exit
/// code 1 when it cannot be read.
pub(crate) fn read_at_most(path: &std::path::Path, most: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let name = path.display();
    let file =
        std::fs::File::open(path).map_err(|e| CliError(format!("{name}: cannot read: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return fail(format!("{name}: is a folder, not a file"));
    }
    let mut text = Vec::new();
    file.take(most + 1)
        .read_to_end(&mut text)
        .map_err(|e| CliError::io(format!("{name}: cannot read"), &e))?;
    if text.len() as u64 > most {
        return fail(format!(
            "{name}: more than {most} bytes; a partial is at most {most} (64 MiB)"
        ));
    }
    Ok(text)
}

/// Read, check and add the partials, then run their command on the sums.
/// Partials that hold their request (the typed verbs') are merged by the
/// application layer; the others still name a command line.
pub(crate) fn merge(a: &MergeArgs, ctx: &games_app::Context) -> Result<String, CliError> {
    let mut texts = Vec::new();
    for path in &a.files {
        texts.push((
            path.display().to_string(),
            read_at_most(path, MAX_PARTIAL_BYTES)?,
        ));
    }
    let typed = texts.iter().any(|(_, t)| {
        serde_json::from_slice::<Value>(t)
            .ok()
            .and_then(|v| v.get(TAG).and_then(Value::as_u64))
            == Some(games_app::shard::VERSION)
    });
    if typed {
        let (report, format) = games_app::shard::merge(&texts, ctx).map_err(crate::app_error)?;
        let format = match format.as_str() {
            "json" => crate::TableFormat::Json,
            "csv" => crate::TableFormat::Csv,
            _ => crate::TableFormat::Table,
        };
        return crate::render(report.as_ref(), format);
    }
    let mut command: Option<Vec<String>> = None;
    let mut total: Option<Value> = None;
    let mut parts: Vec<(String, Shard, Value)> = Vec::new();
    for (name, text) in &texts {
        let v: Value = serde_json::from_slice(text)
            .map_err(|e| CliError(format!("{name}: not a partial (not JSON: {e})")))?;
        if v.get(TAG) != Some(&Value::from(1)) {
            return fail(format!(
                "{name}: not a partial (written by a simulate verb with --shard K/N)"
            ));
        }
        let cmd: Vec<String> = serde_json::from_value(v["command"].clone()).map_err(|_| {
            CliError(format!(
                "{name}: the partial's command is not a list of words"
            ))
        })?;
        if !mergeable(&cmd) {
            return fail(format!(
                "{name}: command: the partial names `{}`; merge runs only lcr simulate, craps simulate, baccarat simulate and hog rate",
                cmd.join(" ").chars().take(80).collect::<String>()
            ));
        }
        let shard: Shard = crate::parse_shard(v["shard"].as_str().unwrap_or(""))
            .map_err(|e| CliError(format!("{name}: shard: {e}")))?;
        match &command {
            None => command = Some(cmd),
            Some(c) if *c != cmd => {
                return fail(format!(
                    "{name}: a partial of another command ({}), not of {}",
                    cmd.join(" "),
                    c.join(" ")
                ));
            }
            _ => {}
        }
        if let Some((_, first, _)) = parts.first()
            && first.count != shard.count
        {
            return fail(format!(
                "{name}: shard {shard}, but the others are of {}",
                first.count
            ));
        }
        if parts.iter().any(|(_, s, _)| *s == shard) {
            return fail(format!("{name}: shard {shard} given twice"));
        }
        let sums = v["sums"].clone();
        total = Some(match total {
            None => sums.clone(),
            Some(mut t) => {
                add(&mut t, &sums).map_err(|e| CliError(format!("{name}: {e}")))?;
                t
            }
        });
        parts.push((name.clone(), shard, sums));
    }
    let (Some(command), Some(total)) = (command, total) else {
        return fail("merge: no partial files given");
    };
    let count = parts[0].1.count;
    if parts.len() as u64 != count {
        let missing: Vec<String> = (0..count)
            .filter(|k| !parts.iter().any(|(_, s, _)| s.index == *k))
            .take(8)
            .map(|k| format!("{k}/{count}"))
            .collect();
        let more = if count - parts.len() as u64 > 8 {
            ", ..."
        } else {
            ""
        };
        return fail(format!(
            "merge: shards missing: {}{more}",
            missing.join(", ")
        ));
    }
    MERGED.with(|m| *m.borrow_mut() = Some(Merged { total, parts }));
    let out = crate::run(&command);
    MERGED.with(|m| *m.borrow_mut() = None);
    out
}

/// `check` for counts of games that a shard's sums must hold: `field` is
/// at most (`exact`: equal to) the shard's games of `total`.
pub(crate) fn games_in(
    field: &str,
    value: u64,
    total: u64,
    shard: Shard,
    exact: bool,
) -> Result<(), String> {
    let games = shard.units(total);
    if value > games || (exact && value != games) {
        let what = if exact { "" } else { "at most " };
        return Err(format!(
            "{field} is {value}; shard {shard} of {total} games counts {what}{games}"
        ));
    }
    Ok(())
}

/// Add `b` into `a`: whole numbers add, lists and objects add element by
/// element, anything else must be equal.
fn add(a: &mut Value, b: &Value) -> Result<(), String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (Some(p), Some(q)) = (x.as_u64(), y.as_u64()) else {
                return Err("the partials' sums are not whole numbers".into());
            };
            let s = p.checked_add(q).ok_or("the partials' sums overflow 2^64")?;
            *x = s.into();
            Ok(())
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter_mut().zip(y).try_for_each(|(p, q)| add(p, q))
        }
        (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
            for (k, q) in y {
                add(x.get_mut(k).ok_or("the partials' sums differ in shape")?, q)?;
            }
            Ok(())
        }
        (x, y) if *x == *y => Ok(()),
        _ => Err("the partials' sums differ in shape".into()),
    }
}
