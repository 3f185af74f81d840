//! The web page's JSON API: `POST /api/GAME/VERB` with a JSON object of
//! the verb's flags runs `games-cli GAME VERB --flag value ... --format
//! json` in process and answers with exactly the JSON that command prints.
//! One serializer for the command line and the page: the page cannot show
//! what the CLI would not.
//!
//! ```
//! let reply = games_cli::api::call("craps", "exact", b"{}", None);
//! assert_eq!(reply.status, 200);
//! assert!(reply.body.contains("\"exact_fraction\": \"244/495\""));
//! assert_eq!(reply.command, "games-cli craps exact --format json");
//! ```
//!
//! The body's keys are the verb's long flags without the dashes: a string
//! or number is the flag's value, `true` the bare flag (`false` and `null`
//! leave it out), an array a comma-separated list, and an object (a
//! rules-step `state`) its JSON text. `"strategies": [...]` are
//! `hog tournament`'s strategies. `"files": {"NAME": "TEXT"}` uploads
//! strategy files for the request, named as `file:NAME` in any value.
//!
//! Verbs that write files, read the terminal or stdin, or run without a
//! bound are not served; every size is held to [`WEB_BOUNDS`] and
//! [`WEB_LIMITS`] and every solve to [`MAX_SECONDS`]. [`cheap`] says
//! which requests the server runs apart from the slow ones.

use std::sync::Arc;

use serde_json::Value;

use games_app::{Limits, shell_word};

/// The bounds on a web request: each answers within seconds, so one
/// request cannot starve the others.
pub const WEB_LIMITS: Limits = Limits::WEB;

/// The longest a solve may think on a web request: 10 seconds.
pub const MAX_SECONDS: f64 = 10.0;

/// The most strategies a web tournament takes.
pub const MAX_WEB_TOURNAMENT: usize = 20;

/// The most strategies of a web tournament under a rule set with memory
/// (Fall 2017, Fall 2019), where one pair takes 0.1 to 0.6 s: 5 strategies
/// are 10 pairs, a few seconds.
pub const MAX_WEB_MEMORY_TOURNAMENT: usize = 5;

/// A size the web bounds more tightly than the command line (or that only
/// the web bounds): a request past it gets 400 naming the field and the
/// bound, before any work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebBound {
    /// The body's key (the long flag without dashes).
    pub field: &'static str,
    /// The most the web takes: a number, or a list's length
    /// (`strategies`, `checkpoints`: see [`WebBound::counts`]).
    pub most: u64,
    /// The verbs that take it, as `GAME VERB`.
    pub verbs: &'static [&'static str],
}

impl WebBound {
    /// Whether the bound is on how many values the field lists (a list,
    /// or a comma-separated string, as the flag takes), not on a value.
    pub fn counts(&self) -> bool {
        ["strategies", "checkpoints"].contains(&self.field)
    }
}

/// Every size knob a served verb takes, with its bound on the web
/// (docs/web.md lists them with the reasons). Sizes that bound each other
/// (LCR's exact states, a solve's seeds in play, an endgame table's
/// positions, a study's turns) are checked by the command under
/// [`WEB_LIMITS`].
pub const WEB_BOUNDS: &[WebBound] = &[
    WebBound {
        field: "games",
        most: WEB_LIMITS.games,
        verbs: &[
            "lcr simulate",
            "craps simulate",
            "baccarat simulate",
            "hog rate",
        ],
    },
    WebBound {
        field: "players",
        most: WEB_LIMITS.players as u64,
        verbs: &["lcr simulate", "lcr exact", "lcr replay"],
    },
    WebBound {
        field: "coins",
        most: WEB_LIMITS.coins as u64,
        verbs: &["lcr simulate", "lcr exact", "lcr replay"],
    },
    WebBound {
        field: "max-rounds",
        most: WEB_LIMITS.rounds as u64,
        verbs: &["lcr simulate"],
    },
    WebBound {
        field: "checkpoints",
        most: 1_000,
        verbs: &["lcr simulate"],
    },
    WebBound {
        field: "threads",
        most: WEB_LIMITS.threads as u64,
        verbs: &[
            "lcr simulate",
            "lcr exact",
            "craps simulate",
            "baccarat simulate",
            "hog rate",
            "hog tournament",
            "kalah solve",
        ],
    },
    WebBound {
        field: "turns",
        most: WEB_LIMITS.turns as u64,
        verbs: &["hog max-rolls"],
    },
    WebBound {
        field: "strategies",
        most: MAX_WEB_TOURNAMENT as u64,
        verbs: &["hog tournament"],
    },
    WebBound {
        field: "decks",
        most: craps_baccarat::cards::MAX_DECKS as u64,
        verbs: &["baccarat deal", "baccarat simulate", "baccarat exact"],
    },
    WebBound {
        field: "pits",
        most: mancala::solver::MAX_SOLVER_PITS as u64,
        verbs: &["kalah solve", "kalah move", "kalah moves"],
    },
    WebBound {
        field: "seeds",
        most: WEB_LIMITS.solve_seeds / 2,
        verbs: &["kalah solve", "kalah move", "kalah moves"],
    },
    WebBound {
        field: "table-bits",
        most: WEB_TABLE_BITS as u64,
        verbs: &["kalah solve"],
    },
    // Move values go through the server's solver cache, which plans its
    // tables within its own limit: the CLI's default table.
    WebBound {
        field: "table-bits",
        most: games_app::kalah::SOLVE_TABLE_BITS as u64,
        verbs: &["kalah moves"],
    },
    WebBound {
        field: "time-limit",
        most: MAX_SECONDS as u64,
        verbs: &["kalah solve"],
    },
    WebBound {
        field: "think",
        most: MAX_SECONDS as u64,
        verbs: &["kalah moves"],
    },
];

/// The largest transposition table a web solve or move value builds:
/// 2^22 entries (the CLI takes up to 2^30, gigabytes).
pub const WEB_TABLE_BITS: u32 = 22;

/// The requests answered in milliseconds (from a rules step or exact odds
/// of a small game), run in the server's cheap pool so they never wait
/// behind a simulation or a solve. docs/web.md gives each one's measured
/// time and reason; `lcr exact`, `lcr replay` and `hog rate` are cheap
/// only at the sizes [`cheap`] checks.
pub const CHEAP: &[(&str, &str)] = &[
    ("craps", "exact"),
    ("craps", "game"),
    ("craps", "bets"),
    ("baccarat", "exact"),
    ("baccarat", "deal"),
    ("hog", "step"),
    ("hog", "turn"),
    ("hog", "choose"),
    ("hog", "coach"),
    ("hog", "play"),
    ("hog", "export"),
    ("hog", "rate"),
    ("hog", "rules"),
    ("kalah", "move"),
    ("kalah", "sow"),
    ("lcr", "exact"),
    ("lcr", "replay"),
];

/// The most rolling states of a cheap `lcr exact`: 4 seats with 4 coins
/// (3,876 states), 5 with 2, 3 with 10; 5 seats with 3 coins (11,628) take
/// 22 ms alone and 50-110 ms on a busy machine.
pub const CHEAP_EXACT_STATES: u64 = 5_000;

/// The longest body of a cheap request: 64 KiB holds a Hog strategy file
/// (a 100 x 100 table is under 40 KB) and a replay's script of 60,000
/// throws (about 20 ms); a 2 MB script takes 0.5 to 1 s.
pub const CHEAP_BODY: usize = 64 << 10;

/// The most seats times coins of a cheap `lcr replay` (a game of 20 seats
/// with 20 coins is about a millisecond).
pub const CHEAP_REPLAY_COINS: u64 = 400;

/// A game's name in the API: `mancala`, the command line's old name for
/// Kalah, is an alias of `kalah` (`/api/mancala/moves` still answers).
fn canonical(game: &str) -> &str {
    if game == "mancala" { "kalah" } else { game }
}

/// Whether `GAME VERB` marks the Kalah cache busy itself, only while it
/// searches: `kalah moves`, which first waits (not busy) while the
/// server's preparer builds the endgame table its board needs, as a busy
/// mark would pause that build (see `games_app::KalahCache::move_values`).
pub fn marks_busy_itself(game: &str, verb: &str) -> bool {
    (canonical(game), verb) == ("kalah", "moves")
}

/// Whether `GAME VERB` with this body is cheap (see [`CHEAP`]): a body
/// that is not JSON, or a value that is not a number, is refused at once,
/// so it is cheap too.
pub fn cheap(game: &str, verb: &str, body: &[u8]) -> bool {
    let game = canonical(game);
    // A long body is long work whatever the verb (a replay's script of
    // millions of throws, a sowing of a million moves).
    if !CHEAP.contains(&(game, verb)) || body.len() > CHEAP_BODY {
        return false;
    }
    let sized = matches!(game, "lcr" | "hog");
    if !sized {
        return true;
    }
    // Read as the request will be: a key given twice is refused at once.
    let Ok(Value::Object(flags)) = std::str::from_utf8(body)
        .map_err(|_| ())
        .and_then(|t| strict_json(t).map_err(|_| ()))
    else {
        return true;
    };
    if game == "hog" {
        // Another term's rules run the general engine, whose dynamic
        // programs take 10 ms to a second: not cheap. A state names its
        // rule set by name ("rules": "fall2019").
        let term = |v: Option<&Value>| matches!(v, Some(Value::String(r)) if r != "spring2014");
        let state_term = match flags.get("state") {
            Some(Value::Object(o)) => term(o.get("rules")),
            Some(Value::String(text)) => serde_json::from_str::<Value>(text)
                .ok()
                .is_some_and(|v| term(v.get("rules"))),
            _ => false,
        };
        if term(flags.get("rules")) || state_term {
            return false;
        }
        if verb != "rate" {
            return true;
        }
    }
    // A number, or a number's text (the CLI reads both); `None` when the
    // CLI will refuse it.
    let number = |key: &str, default: u64| -> Option<u64> {
        match flags.get(key) {
            None | Some(Value::Null) => Some(default),
            Some(Value::Number(n)) => n.as_u64(),
            Some(Value::String(s)) => s.trim().parse().ok(),
            Some(_) => None,
        }
    };
    match verb {
        "rate" => flags
            .get("games")
            .is_none_or(|g| matches!(g, Value::Null | Value::Bool(false))),
        "exact" => match (number("players", 0), number("coins", 3)) {
            (Some(p), Some(c)) => lcr_core::exact::plan(
                usize::try_from(p).unwrap_or(usize::MAX),
                u32::try_from(c).unwrap_or(u32::MAX),
            )
            .map_or(true, |(states, _)| states <= CHEAP_EXACT_STATES),
            _ => true,
        },
        _ => match (number("players", 0), number("coins", 3)) {
            (Some(p), Some(c)) => p.saturating_mul(c) <= CHEAP_REPLAY_COINS,
            _ => true,
        },
    }
}

/// The verbs served, by game.
const VERBS: &[(&str, &[&str])] = &[
    ("lcr", &["simulate", "exact", "replay"]),
    ("craps", &["simulate", "exact", "game", "bets"]),
    ("baccarat", &["deal", "simulate", "exact"]),
    (
        "hog",
        &[
            "rate",
            "best-response",
            "tournament",
            "export",
            "play",
            "turn",
            "choose",
            "max-rolls",
            "step",
            "coach",
            "rules",
        ],
    ),
    ("kalah", &["sow", "solve", "move", "moves"]),
];

/// Flags never taken from the web: files written or read by path, stdin
/// batches, the terminal, and the format (always JSON).
const REFUSED: &[&str] = &[
    "csv", "plot", "jsonl", "endgame", "human", "format", "help", "version",
];

/// The most uploaded files a request carries.
const MAX_FILES: usize = 8;

/// A reply: HTTP status, body (the CLI's JSON, or `{"error": LINE}`), and
/// the command line it ran (for the page to show).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// 200, 400 (bad request, a game or verb not served) or 500 (the
    /// machine).
    pub status: u16,
    /// The body.
    pub body: String,
    /// `games-cli GAME VERB ... --format json`, as a person would type it
    /// (uploaded files named as given).
    pub command: String,
}

impl Reply {
    fn error(status: u16, line: &str, command: String) -> Reply {
        Reply {
            status,
            body: format!(
                "{}\n",
                serde_json::json!({ "error": crate::error_line(line.to_string()) })
            ),
            command,
        }
    }
}

/// A progress report: units done, units in all.
pub type ProgressFn<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// Run `GAME VERB` with the flags in `body` (see the module docs), under
/// [`WEB_LIMITS`]. With `progress`, long work reports its progress to it
/// every 100 ms.
pub fn call(game: &str, verb: &str, body: &[u8], progress: Option<ProgressFn<'_>>) -> Reply {
    call_with(game, verb, body, progress, &games_app::Cancel::new())
}

/// The longest a web request works: 60 seconds (the web's bounds keep
/// every request to seconds; this stops whatever they missed).
pub const WORK_DEADLINE: std::time::Duration = std::time::Duration::from_secs(60);

/// [`call`], its work stopped when `gone` is raised (the client left) or
/// after [`WORK_DEADLINE`].
pub fn call_with(
    game: &str,
    verb: &str,
    body: &[u8],
    progress: Option<ProgressFn<'_>>,
    gone: &games_app::Cancel,
) -> Reply {
    call_cached(game, verb, body, progress, gone, None)
}

/// [`call_with`], Kalah's solvers and solved positions kept in `cache`
/// (the server's, shared by its requests) when given.
pub fn call_cached(
    game: &str,
    verb: &str,
    body: &[u8],
    progress: Option<ProgressFn<'_>>,
    gone: &games_app::Cancel,
    cache: Option<&Arc<games_app::KalahCache>>,
) -> Reply {
    let game = canonical(game);
    let (shown, files) = match arguments(game, verb, body) {
        Ok(x) => x,
        Err((status, line)) => {
            return Reply::error(
                status,
                &line,
                format!("games-cli {} {}", shell_word(game), shell_word(verb)),
            );
        }
    };
    // The request's own cancellation, and the server's Kalah solvers.
    let base = games_app::Context::new().with_cancel(gone.clone());
    let base = match cache {
        Some(c) => base.with_kalah_cache(Arc::clone(c)),
        None => base,
    };
    typed(game, verb, body, &shown, files.as_ref(), progress, base).unwrap_or_else(|| {
        // `arguments` takes only the served verbs, each a typed one.
        Reply::error(400, &format!("no verb {game} {verb} on the web"), shown)
    })
}

/// A typed verb's reply: the body (checked by [`arguments`] as every
/// request is) read as the verb's request, run by the application layer
/// under [`WEB_LIMITS`], its report's JSON; the command shown is the one
/// [`arguments`] rendered from the body (uploaded files named as sent).
/// Uploaded files (`"files"`) are read from their folder: `file:NAME`
/// is rewritten to the file's path there for the run, and the folder is
/// taken out of the reply. `base` holds the request's cancellation (and
/// the server's Kalah solvers). `None` when `game verb` is not a typed
/// verb.
fn typed(
    game: &str,
    verb: &str,
    body: &[u8],
    shown: &str,
    files: Option<&tempfile::TempDir>,
    progress: Option<ProgressFn<'_>>,
    base: games_app::Context,
) -> Option<Reply> {
    let mut flags: Value = if body.iter().all(u8::is_ascii_whitespace) {
        Value::Object(serde_json::Map::new())
    } else {
        serde_json::from_slice(body).ok()?
    };
    if let Value::Object(m) = &mut flags {
        // As `arguments` read it: a null flag left out (before the web's
        // own defaults below are put in).
        m.retain(|_, v| !v.is_null());
        m.remove("files");
        if let Some(dir) = files {
            for v in m.values_mut() {
                uploaded(v, dir.path());
            }
        }
    }
    // A web solve stops within the web's seconds and builds a smaller
    // transposition table than the command line's, unless it says.
    if (game, verb) == ("kalah", "solve")
        && let Value::Object(m) = &mut flags
    {
        m.entry("time-limit")
            .or_insert_with(|| serde_json::json!(MAX_SECONDS));
        m.entry("table-bits")
            .or_insert_with(|| serde_json::json!(WEB_TABLE_BITS));
    }
    let parsed = games_app::dispatch::request(game, verb, &flags)?;
    let shown = shown.to_string();
    let req = match parsed {
        Ok(r) => r,
        Err(e) => return Some(Reply::error(400, &e.to_string(), shown)),
    };
    let polled = Arc::new(games_app::Polled::default());
    let ctx = base
        .with_limits(WEB_LIMITS)
        .with_observer(polled.clone())
        .with_deadline(std::time::Instant::now() + WORK_DEADLINE);
    let run = || req.run(&ctx).and_then(|r| r.json());
    let out = match progress {
        None => run(),
        Some(report) => std::thread::scope(|scope| {
            let worker = scope.spawn(run);
            while !worker.is_finished() {
                std::thread::sleep(std::time::Duration::from_millis(100));
                let (done, total) = polled.now();
                report(done, total);
            }
            worker
                .join()
                .unwrap_or_else(|_| Err(games_app::AppError::Machine("the request failed".into())))
        }),
    };
    // Uploaded files are named in replies as they were sent.
    let out = match files {
        None => out,
        Some(dir) => {
            let folder = format!("{}/", dir.path().display());
            match out {
                Ok(body) => Ok(body.replace(&folder, "")),
                Err(games_app::AppError::BadInput(line)) => {
                    Err(games_app::AppError::BadInput(line.replace(&folder, "")))
                }
                Err(games_app::AppError::Machine(line)) => {
                    Err(games_app::AppError::Machine(line.replace(&folder, "")))
                }
                Err(e) => Err(e),
            }
        }
    };
    Some(match out {
        Ok(body) => Reply {
            status: 200,
            body,
            command: shown,
        },
        Err(games_app::AppError::BadInput(line)) => Reply::error(400, &line, shown),
        // The server's time for a request ran out (or its client left):
        // the server's limit, not a failure.
        Err(games_app::AppError::OutOfTime) => Reply::error(
            503,
            &format!(
                "not done within the {} s the web allows a request: the command line takes longer",
                WORK_DEADLINE.as_secs()
            ),
            shown,
        ),
        Err(games_app::AppError::Cancelled) => Reply::error(503, "cancelled", shown),
        Err(e) => Reply::error(500, &e.to_string(), shown),
    })
}

/// `file:NAME` values (a string, or strings in a list) as the uploaded
/// file's path in `dir` ([`arguments`] has checked every such name was
/// uploaded).
fn uploaded(v: &mut Value, dir: &std::path::Path) {
    match v {
        Value::String(s) => {
            if let Some(name) = s.strip_prefix("file:") {
                *s = format!("file:{}", dir.join(name).display());
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| uploaded(i, dir)),
        _ => {}
    }
}

/// The argument vector for a request, the command as shown, and the
/// uploaded files (kept until the run ends).
type Arguments = (String, Option<tempfile::TempDir>);

fn arguments(game: &str, verb: &str, body: &[u8]) -> Result<Arguments, (u16, String)> {
    let Some((_, verbs)) = VERBS.iter().find(|(g, _)| *g == game) else {
        return Err((
            400,
            format!("no game {game:?}: lcr, craps, baccarat, hog, kalah"),
        ));
    };
    if !verbs.contains(&verb) {
        return Err((
            400,
            format!(
                "no verb {verb:?} for {game} on the web: {}",
                verbs.join(", ")
            ),
        ));
    }
    let text = std::str::from_utf8(body).map_err(|_| (400, "body: not UTF-8 text".to_string()))?;
    let flags: serde_json::Map<String, Value> = if text.trim().is_empty() {
        serde_json::Map::new()
    } else {
        match strict_json(text) {
            // A flag given as null is left out, before any check.
            Ok(Value::Object(mut m)) => {
                m.retain(|_, v| !v.is_null());
                m
            }
            Ok(_) => {
                return Err((
                    400,
                    "body: expected a JSON object of the verb's flags".into(),
                ));
            }
            // A key given twice is JSON, but which one is meant is not.
            Err(e) if e.is_data() => return Err((400, format!("body: {e}"))),
            Err(e) => return Err((400, format!("body: not JSON: {e}"))),
        }
    };
    let mut files = None;
    let mut names: Vec<String> = Vec::new();
    if let Some(f) = flags.get("files") {
        let Value::Object(f) = f else {
            return Err((400, "files: expected an object of NAME: TEXT".into()));
        };
        if f.len() > MAX_FILES {
            return Err((400, format!("files: at most {MAX_FILES} files a request")));
        }
        let dir = tempfile::tempdir().map_err(|e| (500, format!("cannot make a folder: {e}")))?;
        for (name, content) in f {
            if name.chars().count() > 64 {
                return Err((
                    400,
                    format!(
                        "files: a file's name has at most 64 characters, not {}",
                        name.chars().count()
                    ),
                ));
            }
            let ok = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
                && !name.starts_with('.');
            if !ok {
                return Err((
                    400,
                    format!("files: {name:?} is not a file name (letters, digits, . _ -)"),
                ));
            }
            let Value::String(content) = content else {
                return Err((400, format!("files: {name}: expected the file's text")));
            };
            // A file no value names (`file:NAME`) would be sent for
            // nothing: a misspelt name, or a verb that reads no file.
            let named = |v: &Value| v.as_str() == Some(format!("file:{name}").as_str());
            let used = flags.iter().any(|(k, v)| {
                k != "files" && (named(v) || v.as_array().is_some_and(|l| l.iter().any(named)))
            });
            if !used {
                return Err((
                    400,
                    format!("files: {name} is named by no value (as file:{name})"),
                ));
            }
            std::fs::write(dir.path().join(name), content)
                .map_err(|e| (500, format!("cannot write {name}: {e}")))?;
            names.push(name.clone());
        }
        files = Some(dir);
    }
    let local = |value: &str| -> Result<(String, String), (u16, String)> {
        match value.strip_prefix("file:") {
            None => Ok((value.to_string(), value.to_string())),
            Some(name) => match (&files, names.iter().any(|n| n == name)) {
                (Some(dir), true) => Ok((
                    format!("file:{}", dir.path().join(name).display()),
                    value.to_string(),
                )),
                _ => Err((
                    400,
                    format!("{value}: no such uploaded file (send it in \"files\")"),
                )),
            },
        }
    };
    // The command the request is, as a person would type it (uploaded
    // files named as sent): shown beside the reply, never run.
    let mut shown = vec!["games-cli".to_string(), game.to_string(), verb.to_string()];
    let mut push = |_path: String, s: String| shown.push(shell_word(&s));
    let has = |k: &str| flags.contains_key(k);
    let (has_time, has_bits) = (has("time-limit"), has("table-bits"));
    for (key, value) in &flags {
        if key == "files" {
            continue;
        }
        // Seconds and strategies have their own lines below.
        let own_line = ["time-limit", "think", "strategies"].contains(&key.as_str());
        let this = format!("{game} {verb}");
        let bound = WEB_BOUNDS
            .iter()
            .find(|b| b.field == key && b.verbs.contains(&this.as_str()));
        if let Some(b) = bound.filter(|_| !own_line) {
            if b.counts() {
                let listed = match value {
                    Value::Array(list) => list.len(),
                    Value::String(s) => s.split(',').count(),
                    _ => 1,
                };
                if listed as u64 > b.most {
                    return Err((
                        400,
                        format!("{key}: at most {} on the web, not {listed}", b.most),
                    ));
                }
            } else {
                let size = match value {
                    Value::Number(n) => n.as_f64(),
                    Value::String(s) => s.trim().parse::<f64>().ok(),
                    _ => None,
                };
                if size.is_some_and(|x| x > b.most as f64) {
                    return Err((
                        400,
                        format!(
                            "{key}: at most {} on the web, not {}",
                            b.most,
                            short(&value.to_string())
                        ),
                    ));
                }
            }
        }
        if key == "strategies" && game == "hog" && verb == "tournament" {
            let Value::Array(list) = value else {
                return Err((400, "strategies: expected a list of strategies".into()));
            };
            if list.len() > MAX_WEB_TOURNAMENT {
                return Err((
                    400,
                    format!(
                        "strategies: at most {MAX_WEB_TOURNAMENT} on the web, not {}",
                        list.len()
                    ),
                ));
            }
            if let Some(Value::String(r)) = flags.get("rules")
                && hog::Term::ALL
                    .iter()
                    .any(|t| t.name() == r.as_str() && t.has_memory())
                && list.len() > MAX_WEB_MEMORY_TOURNAMENT
            {
                return Err((
                    400,
                    format!(
                        "strategies: at most {MAX_WEB_MEMORY_TOURNAMENT} under rules {r} on the web, not {}",
                        list.len()
                    ),
                ));
            }
            for v in list {
                let Value::String(s) = v else {
                    return Err((400, "strategies: expected strings".into()));
                };
                let (a, s) = local(s)?;
                push(a, s);
            }
            continue;
        }
        let good = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !key.starts_with('-');
        if !good || REFUSED.contains(&key.as_str()) {
            return Err((400, format!("{key}: not a flag the web takes")));
        }
        if key == "out" && value != &Value::String("-".into()) {
            return Err((400, "out: only \"-\" (the response) on the web".into()));
        }
        // The command's own least (`moves`' think, a solve's time limit)
        // and the web's most, said as the web's range.
        let least = match key.as_str() {
            "think" => Some(*games_app::kalah::MOVES_THINK.start()),
            "time-limit" => Some(*games_app::kalah::TIME_LIMITS.start()),
            _ => None,
        };
        if let Some(least) = least
            && value
                .as_f64()
                .is_none_or(|x| !(least..=MAX_SECONDS).contains(&x))
        {
            return Err((
                400,
                format!(
                    "{key}: a number of seconds from {least} to {MAX_SECONDS} on the web, not {}",
                    short(&value.to_string())
                ),
            ));
        }
        // No command line can hold a NUL: the command shown would not be
        // the request.
        let nul = match value {
            Value::String(t) => t.contains('\0'),
            Value::Array(list) => list
                .iter()
                .any(|v| v.as_str().is_some_and(|t| t.contains('\0'))),
            _ => false,
        };
        if nul {
            return Err((
                400,
                format!("{key}: a NUL character, which no command line can hold"),
            ));
        }
        let flag = format!("--{key}");
        let text = match value {
            Value::Null | Value::Bool(false) => continue,
            Value::Bool(true) => {
                push(flag.clone(), flag);
                continue;
            }
            Value::String(s) => local(s)?,
            Value::Number(n) => (n.to_string(), n.to_string()),
            Value::Array(list) => {
                let mut parts = Vec::new();
                for v in list {
                    match v {
                        Value::String(s) => parts.push(s.clone()),
                        Value::Number(n) => parts.push(n.to_string()),
                        _ => {
                            return Err((
                                400,
                                format!("{key}: expected a list of numbers or words"),
                            ));
                        }
                    }
                }
                let joined = parts.join(",");
                (joined.clone(), joined)
            }
            Value::Object(_) => {
                let s = value.to_string();
                (s.clone(), s)
            }
        };
        push(flag.clone(), flag);
        push(text.0, text.1);
    }
    if game == "kalah" && verb == "solve" && !has_time {
        push("--time-limit".into(), "--time-limit".into());
        push(MAX_SECONDS.to_string(), MAX_SECONDS.to_string());
    }
    if game == "kalah" && verb == "solve" && !has_bits {
        push("--table-bits".into(), "--table-bits".into());
        let bits = WEB_TABLE_BITS.to_string();
        push(bits.clone(), bits);
    }
    push("--format".into(), "--format".into());
    push("json".into(), "json".into());
    Ok((shown.join(" "), files))
}

/// JSON text as a [`Value`], refusing an object that gives a key twice
/// (`{"seed": 1, "seed": 2}`: serde_json would keep the last, silently).
fn strict_json(text: &str) -> Result<Value, serde_json::Error> {
    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

    struct Strict(Value);

    impl<'de> Deserialize<'de> for Strict {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
            d.deserialize_any(Strict(Value::Null))
        }
    }

    impl<'de> Visitor<'de> for Strict {
        type Value = Strict;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
            Ok(Strict(Value::Bool(v)))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
            Ok(Strict(v.into()))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
            Ok(Strict(v.into()))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
            Ok(Strict(
                serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number),
            ))
        }
        fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
            Ok(Strict(Value::String(v.to_string())))
        }
        fn visit_string<E>(self, v: String) -> Result<Strict, E> {
            Ok(Strict(Value::String(v)))
        }
        fn visit_unit<E>(self) -> Result<Strict, E> {
            Ok(Strict(Value::Null))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
            let mut items = Vec::new();
            while let Some(Strict(v)) = seq.next_element()? {
                items.push(v);
            }
            Ok(Strict(Value::Array(items)))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
            let mut out = serde_json::Map::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    // (Escaped: a key holding a line break stays one line.)
                    return Err(de::Error::custom(format!(
                        "{}: given twice",
                        key.escape_debug()
                    )));
                }
                let Strict(v) = map.next_value()?;
                out.insert(key, v);
            }
            Ok(Strict(Value::Object(out)))
        }
    }

    serde_json::from_str::<Strict>(text).map(|s| s.0)
}

/// `text`, or its first characters and its length when it is long (a
/// value in a one-line error).
fn short(text: &str) -> String {
    const MOST: usize = 40;
    if text.len() <= MOST {
        return text.to_string();
    }
    let mut end = MOST;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}
