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
    static MERGED: RefCell<Option<Value>> = const { RefCell::new(None) };
}

/// The tag of a partial file, and its version.
const TAG: &str = "games_cli_partial";

/// The largest partial file `merge` reads: 256 MiB.
const MAX_PARTIAL_BYTES: u64 = 256 << 20;

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
    ($sampling:expr, $compute:expr) => {
        match $crate::shard::sums($sampling, $compute)? {
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
pub(crate) fn sums<T: Serialize + DeserializeOwned>(
    sampling: &Sampling,
    compute: impl FnOnce(Shard) -> Result<T, CliError>,
) -> Result<Sharded<T>, CliError> {
    if let Some(v) = MERGED.with(|m| m.borrow_mut().take()) {
        let t = serde_json::from_value(v)
            .map_err(|e| CliError(format!("the partials' sums do not fit the command: {e}")))?;
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

/// Read, check and add the partials, then run their command on the sums.
pub(crate) fn merge(a: &MergeArgs) -> Result<String, CliError> {
    let mut command: Option<Vec<String>> = None;
    let mut total: Option<Value> = None;
    let mut seen: Vec<Shard> = Vec::new();
    for path in &a.files {
        let name = path.display();
        let size = std::fs::metadata(path)
            .map_err(|e| CliError(format!("{name}: cannot read: {e}")))?
            .len();
        if size > MAX_PARTIAL_BYTES {
            return fail(format!(
                "{name}: {size} bytes; a partial is at most {MAX_PARTIAL_BYTES}"
            ));
        }
        let text =
            std::fs::read(path).map_err(|e| CliError(format!("{name}: cannot read: {e}")))?;
        let v: Value = serde_json::from_slice(&text)
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
        let shard: Shard = v["shard"]
            .as_str()
            .unwrap_or("")
            .parse()
            .map_err(|e| CliError(format!("{name}: {e}")))?;
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
        if let Some(first) = seen.first()
            && first.count != shard.count
        {
            return fail(format!(
                "{name}: shard {shard}, but the others are of {}",
                first.count
            ));
        }
        if seen.contains(&shard) {
            return fail(format!("{name}: shard {shard} given twice"));
        }
        seen.push(shard);
        let sums = v["sums"].clone();
        total = Some(match total {
            None => sums,
            Some(mut t) => {
                add(&mut t, &sums).map_err(|e| CliError(format!("{name}: {e}")))?;
                t
            }
        });
    }
    let (Some(command), Some(total)) = (command, total) else {
        return fail("merge: no partial files given");
    };
    let count = seen[0].count;
    if seen.len() as u64 != count {
        let missing: Vec<String> = (0..count)
            .filter(|k| !seen.iter().any(|s| s.index == *k))
            .map(|k| format!("{k}/{count}"))
            .collect();
        return fail(format!("merge: shards missing: {}", missing.join(", ")));
    }
    MERGED.with(|m| *m.borrow_mut() = Some(total));
    let out = crate::run(&command);
    MERGED.with(|m| *m.borrow_mut() = None);
    out
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
