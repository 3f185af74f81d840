//! Runs larger than one machine. A simulate request with a shard `K/N`
//! runs only the chunks `K, K+N, K+2N, ...` of the deterministic chunking
//! (each chunk's dice depend only on the seed and the chunk's index) and
//! answers a partial: the request itself, the shard, and the run's sums,
//! exact in integers. [`merge`] adds the partials' sums and gives the
//! report the request gives without a shard, byte for byte: the whole run
//! goes through the same sums.
//!
//! A partial is data, never a command: `merge` accepts only the requests
//! of [`MERGEABLE`], read as typed requests, so a partial cannot start a
//! server or write a file.

use dice::parallel::Shard;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::Sampling;
use crate::context::{AppError, Context, bad, seed_or_draw};
use crate::verb::{Rendered, Verb, flags};

/// The tag of a partial file and its version (1 held a command line; 2
/// holds the request).
pub const TAG: &str = "games_cli_partial";
/// The version [`partial`] writes and [`merge`] reads.
pub const VERSION: u64 = 2;

/// The largest number of shards: 65,536 (past that a shard is mostly
/// overhead, and a count near 2^64 once overflowed the engines' lists).
pub const MAX_SHARDS: u64 = mancala::endgame::MAX_SHARDS;

/// The requests that shard, as `(game, verb)`.
pub const MERGEABLE: &[(&str, &str)] = &[
    ("craps", "simulate"),
    ("baccarat", "simulate"),
    ("lcr", "simulate"),
    ("hog", "rate"),
];

/// A simulate verb whose work adds up over shards.
pub trait Sharded: Verb + Clone {
    /// The run's sums: whole numbers that add over shards (numbers add,
    /// lists and objects add element by element).
    type Sums: Serialize + DeserializeOwned;
    /// The request's games, seed, threads and shard.
    fn sampling(&self) -> &Sampling;
    /// The same, to change.
    fn sampling_mut(&mut self) -> &mut Sampling;
    /// The sums of `shard`'s chunks.
    ///
    /// # Errors
    /// As [`Verb::run`].
    fn sums(&self, ctx: &Context, shard: Shard) -> Result<Self::Sums, AppError>;
    /// What is wrong with sums that `shard` (or, for [`Shard::ALL`], the
    /// whole run) cannot have made, naming the field.
    ///
    /// # Errors
    /// The line.
    fn check_sums(&self, sums: &Self::Sums, shard: Shard) -> Result<(), String>;
    /// The report from the whole run's sums.
    ///
    /// # Errors
    /// As [`Verb::run`].
    fn report(&self, ctx: &Context, sums: Self::Sums) -> Result<Self::Report, AppError>;
}

/// The whole run of a sharded verb (what [`Verb::run`] does for one):
/// refused with a shard, which [`partial`] runs.
///
/// # Errors
/// As [`Verb::run`].
pub fn whole<V: Sharded>(req: &V, ctx: &Context) -> Result<V::Report, AppError> {
    if req.sampling().shard.is_some() {
        return bad("--shard: a shard's run gives a partial for `games-cli merge`, not a report");
    }
    // The seed is drawn once, here, so the report shows the one the sums
    // were made with.
    let mut req = req.clone();
    let sampling = req.sampling_mut();
    sampling.seed = Some(seed_or_draw(sampling.seed));
    let sums = req.sums(ctx, Shard::ALL)?;
    req.report(ctx, sums)
}

/// A shard's partial, as JSON text; `format` is the format the merged
/// run prints (`table`, `json`, `csv`).
///
/// # Errors
/// Bad input without a shard or a seed; as [`Verb::run`].
pub fn partial<V: Sharded>(req: &V, ctx: &Context, format: &str) -> Result<String, AppError> {
    let Some(shard) = req.sampling().shard else {
        return bad("--shard: no shard given");
    };
    if req.sampling().seed.is_none() {
        return bad("--shard needs --seed: every shard must draw from the same dice");
    }
    let sums = req.sums(ctx, shard)?;
    let mut flags_json = serde_json::to_value(req).map_err(|e| AppError::Machine(e.to_string()))?;
    if let Value::Object(m) = &mut flags_json {
        m.remove("shard");
    }
    let mut words = vec!["games-cli".to_string(), V::GAME.into(), V::VERB.into()];
    words.extend(flags(req));
    // The whole run's command: `flags` gives `--shard K/N` as two words,
    // both dropped (the flag alone was, leaving `0/3` in its place).
    let shown: Vec<String> = {
        let mut out = Vec::new();
        let mut skip = false;
        for w in words {
            if skip {
                skip = false;
                continue;
            }
            if w == "--shard" {
                skip = true;
                continue;
            }
            out.push(w);
        }
        out
    };
    crate::verb::to_json(&serde_json::json!({
        TAG: VERSION,
        "command": shown.join(" "),
        "request": { "game": V::GAME, "verb": V::VERB, "flags": flags_json },
        "format": format,
        "shard": shard.to_string(),
        "sums": sums,
    }))
}

/// A partial read: which file, which shard, its sums.
struct Part {
    name: String,
    shard: Shard,
    sums: Value,
}

/// Merge partials (each `(name, text)`: a file's name for messages and
/// its bytes): check they are the shards of one request, add their sums,
/// and run the request's report on them. Also the format the report is
/// to be printed in.
///
/// # Errors
/// Bad input naming the file and what is wrong; as [`Verb::run`].
pub fn merge(
    files: &[(String, Vec<u8>)],
    ctx: &Context,
) -> Result<(Box<dyn Rendered>, String), AppError> {
    let mut request: Option<(String, String, Value)> = None;
    let mut first_command = String::new();
    let mut format: Option<String> = None;
    let mut total: Option<Value> = None;
    let mut parts: Vec<Part> = Vec::new();
    for (name, text) in files {
        let v: Value = serde_json::from_slice(text)
            .map_err(|e| AppError::BadInput(format!("{name}: not a partial (not JSON: {e})")))?;
        match v.get(TAG).and_then(Value::as_u64) {
            Some(VERSION) => {}
            Some(1) => {
                return bad(format!(
                    "{name}: a partial of an older games-cli (version 1, a command line); run the shards again"
                ));
            }
            _ => {
                return bad(format!(
                    "{name}: not a partial (written by a simulate verb with --shard K/N)"
                ));
            }
        }
        let game = v["request"]["game"].as_str().unwrap_or("").to_string();
        let verb = v["request"]["verb"].as_str().unwrap_or("").to_string();
        if !MERGEABLE.contains(&(game.as_str(), verb.as_str())) {
            let named: String = format!("{game} {verb}").chars().take(80).collect();
            let accepted: Vec<String> = MERGEABLE.iter().map(|(g, v)| format!("{g} {v}")).collect();
            return bad(format!(
                "{name}: request: the partial names `{named}`; merge runs only {}",
                accepted.join(", ")
            ));
        }
        let flags = v["request"]["flags"].clone();
        let shard: Shard = v["shard"]
            .as_str()
            .unwrap_or("")
            .parse()
            .map_err(|e| AppError::BadInput(format!("{name}: shard: {e}")))?;
        if shard.count > MAX_SHARDS {
            return bad(format!("{name}: shard: N must be at most {MAX_SHARDS}"));
        }
        let this = (game, verb, flags);
        let command: String = v["command"]
            .as_str()
            .unwrap_or("")
            .chars()
            .take(200)
            .collect();
        match &request {
            None => {
                request = Some(this);
                first_command = command;
            }
            Some(r) if *r != this => {
                return bad(format!(
                    "{name}: a partial of another command ({command}), not of {first_command}"
                ));
            }
            _ => {}
        }
        let f = v["format"].as_str().unwrap_or("table").to_string();
        if !["table", "json", "csv"].contains(&f.as_str()) {
            return bad(format!(
                "{name}: format: '{}' is not table, json or csv",
                cut(&f)
            ));
        }
        match &format {
            None => format = Some(f),
            Some(g) if *g != f => {
                return bad(format!("{name}: format {f}, but the others are {g}"));
            }
            _ => {}
        }
        if let Some(first) = parts.first()
            && first.shard.count != shard.count
        {
            return bad(format!(
                "{name}: shard {shard}, but the others are of {}",
                first.shard.count
            ));
        }
        if parts.iter().any(|p| p.shard == shard) {
            return bad(format!("{name}: shard {shard} given twice"));
        }
        let sums = v["sums"].clone();
        total = Some(match total {
            None => sums.clone(),
            Some(mut t) => {
                add(&mut t, &sums).map_err(|e| AppError::BadInput(format!("{name}: {e}")))?;
                t
            }
        });
        parts.push(Part {
            name: name.clone(),
            shard,
            sums,
        });
    }
    let (Some((game, verb, flags)), Some(total), Some(format)) = (request, total, format) else {
        return bad("merge: no partial files given");
    };
    let count = parts[0].shard.count;
    if parts.len() as u64 != count {
        let missing: Vec<String> = (0..count)
            .filter(|k| !parts.iter().any(|p| p.shard.index == *k))
            .take(8)
            .map(|k| format!("{k}/{count}"))
            .collect();
        let more = if count - parts.len() as u64 > 8 {
            ", ..."
        } else {
            ""
        };
        return bad(format!(
            "merge: shards missing: {}{more}",
            missing.join(", ")
        ));
    }
    let report = crate::dispatch::merged(&game, &verb, &flags, &parts_view(&parts), total, ctx)?;
    Ok((report, format))
}

/// The parts as `(name, shard, sums)`.
fn parts_view(parts: &[Part]) -> Vec<(&str, Shard, &Value)> {
    parts
        .iter()
        .map(|p| (p.name.as_str(), p.shard, &p.sums))
        .collect()
}

/// The report of `V` from merged sums, each part's sums checked first.
///
/// # Errors
/// Bad input naming the file whose sums do not fit; as [`Verb::run`].
pub(crate) fn merged_report<V: Sharded>(
    flags: &Value,
    parts: &[(&str, Shard, &Value)],
    total: Value,
    ctx: &Context,
) -> Result<Box<dyn Rendered>, AppError> {
    let mut flags = flags.clone();
    if let Value::Object(m) = &mut flags {
        m.insert("shard".into(), Value::Null);
    }
    let req: V = crate::verb::from_value(&flags)
        .map_err(|e| AppError::BadInput(format!("the partials' request: {e}")))?;
    for (name, shard, sums) in parts {
        let t: V::Sums = serde_json::from_value((*sums).clone()).map_err(|e| {
            AppError::BadInput(format!(
                "{name}: the partial's sums do not fit its request: {e}"
            ))
        })?;
        req.check_sums(&t, *shard)
            .map_err(|why| AppError::BadInput(format!("{name}: sums: {why}")))?;
    }
    let t: V::Sums = serde_json::from_value(total).map_err(|e| {
        AppError::BadInput(format!("the partials' sums do not fit the request: {e}"))
    })?;
    req.check_sums(&t, Shard::ALL)
        .map_err(|why| AppError::BadInput(format!("the partials' sums: {why}")))?;
    Ok(Box::new(req.report(ctx, t)?))
}

/// `s` cut to 40 characters.
fn cut(s: &str) -> String {
    s.chars().take(40).collect()
}

/// `check` for counts of games that a shard's sums must hold: `field` is
/// at most (`exact`: equal to) the shard's games of `total`.
///
/// # Errors
/// The line naming the field.
pub fn games_in(
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
