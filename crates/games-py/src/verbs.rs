//! Every verb of the application layer as a Python function: `games.GAME.VERB(**flags)`,
//! keyword arguments named like the command line's long flags (`-` as
//! `_`), returning the verb's `--format json` output as Python values.
//! The work runs with the GIL released on its own thread; the calling
//! thread reports progress to an optional `progress(done, total)` callback
//! and checks for Ctrl-C every 20 ms (a `KeyboardInterrupt` cancels the
//! work, which stops within a chunk). Bad input raises `ValueError` with
//! the command line's one-line message.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString};
use std::sync::Arc;

use std::time::Duration;

use games_app::{AppError, Cancel, Context, Polled};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyDict, PyModule, PyTuple};
use serde_json::Value;

/// The Python submodule of a game: the command line's `mancala` is
/// `games.kalah`, as the registry names it.
pub fn module_of(game: &str) -> &str {
    match game {
        "mancala" => "kalah",
        g => g,
    }
}

/// A flag's name as a Python keyword argument: `-` as `_`, and a
/// trailing `_` where the name is a Python keyword (`as_`).
fn python_name(flag: &str) -> String {
    const KEYWORDS: [&str; 6] = ["as", "from", "in", "is", "not", "or"];
    let name = flag.replace('-', "_");
    if KEYWORDS.contains(&name.as_str()) {
        format!("{name}_")
    } else {
        name
    }
}

/// A string that lives as long as the module (a function's name and
/// doc, made once at import).
fn forever(s: String) -> &'static CStr {
    let c = CString::new(s.replace('\0', " ")).unwrap_or_default();
    Box::leak(c.into_boxed_c_str())
}

/// Add every typed verb to its game's submodule of `m`, making the
/// submodule (`games.lcr`, registered in `sys.modules`) where `m` has none.
pub fn add_verbs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let mut subs: BTreeMap<String, Bound<'_, PyModule>> = BTreeMap::new();
    for &(game, verb, _) in games_app::dispatch::VERBS {
        let name = module_of(game).to_string();
        if !subs.contains_key(&name) {
            let sub = match m.getattr(name.as_str()) {
                Ok(existing) => existing.cast_into::<PyModule>()?,
                Err(_) => {
                    let sub = PyModule::new(py, &name)?;
                    m.add_submodule(&sub)?;
                    // `games/NAME.py` wraps it (and is what `import
                    // games.NAME` finds).
                    py.import("sys")?
                        .getattr("modules")?
                        .set_item(format!("games._games.{name}"), &sub)?;
                    sub
                }
            };
            subs.insert(name.clone(), sub);
        }
        let function = verb.replace('-', "_");
        let flags = games_app::dispatch::flags_of(game, verb)
            .unwrap_or_default()
            .iter()
            .map(|f| format!("{}=None", python_name(f)))
            .collect::<Vec<_>>()
            .join(", ");
        let doc = format!(
            "{function}(*, {flags}{}progress=None)\n--\n\n`games-cli {game} {verb} --format json` as Python values: keyword arguments named like its flags (`_` for `-`). `progress(done, total)` is called as the work goes; Ctrl-C interrupts it. ValueError on bad input.",
            if flags.is_empty() { "" } else { ", " }
        );
        let f = PyCFunction::new_closure(
            py,
            Some(forever(function.clone())),
            Some(forever(doc)),
            move |args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>| {
                call(game, verb, args, kwargs)
            },
        )?;
        subs[&name].add(function.as_str(), f)?;
    }
    Ok(())
}

/// Run `game verb` with `kwargs` as its flags.
fn call(
    game: &'static str,
    verb: &'static str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let py = args.py();
    if !args.is_empty() {
        return Err(PyValueError::new_err(format!(
            "{}.{}() takes keyword arguments only, named like the flags of `games-cli {game} {verb}`",
            module_of(game),
            verb.replace('-', "_")
        )));
    }
    let json = py.import("json")?;
    let mut flags = serde_json::Map::new();
    let mut progress: Option<Bound<'_, PyAny>> = None;
    if let Some(kwargs) = kwargs {
        for (k, v) in kwargs.iter() {
            let key: String = k.extract()?;
            // `as_` for the flag `--as` (a Python keyword).
            let key = key.strip_suffix('_').unwrap_or(&key).to_string();
            if key == "progress" {
                progress = progress_arg(Some(v))?;
                continue;
            }
            // A number the JSON between cannot carry as it was given: said
            // here, as given (`nan`; `2**64`, which would be said as the
            // float it becomes).
            if let Ok(x) = v.cast::<pyo3::types::PyFloat>()
                && !x.value().is_finite()
            {
                return Err(PyValueError::new_err(format!(
                    "{key}: expected a finite number, not {}",
                    x.value()
                )));
            }
            if v.is_instance_of::<pyo3::types::PyInt>()
                && !v.is_instance_of::<pyo3::types::PyBool>()
                && v.extract::<i64>().is_err()
                && v.extract::<u64>().is_err()
            {
                return Err(PyValueError::new_err(format!(
                    "{key}: expected a whole number from {} to {}, not {}",
                    i64::MIN,
                    u64::MAX,
                    shown(&v)
                )));
            }
            let text: String = json
                .call_method1("dumps", (&v,))
                .map_err(|_| {
                    PyValueError::new_err(format!(
                        "{key}: expected a number, a string, a bool, a list or a dict"
                    ))
                })?
                .extract()?;
            let value: Value = serde_json::from_str(&text)
                .map_err(|e| PyValueError::new_err(format!("{key}: {e}")))?;
            flags.insert(key.replace('_', "-"), value);
        }
    }
    let request = games_app::dispatch::request(game, verb, &Value::Object(flags))
        .ok_or_else(|| PyValueError::new_err(format!("no verb {game} {verb}")))?
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let text = detached(py, progress.as_ref(), |ctx| {
        request.run(ctx).and_then(|r| r.json())
    })?;
    Ok(json.call_method1("loads", (text,))?.unbind())
}

/// A value as an error says it: its `repr`, cut at 100 characters.
pub fn shown(v: &Bound<'_, PyAny>) -> String {
    v.repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string())
        .chars()
        .take(100)
        .collect()
}

/// The `progress` argument: `None` (or Python's `None`), or a function
/// of `(done, total)`; anything else is refused before the work starts.
///
/// # Errors
/// `TypeError` naming it.
pub fn progress_arg<'py>(v: Option<Bound<'py, PyAny>>) -> PyResult<Option<Bound<'py, PyAny>>> {
    match v.filter(|v| !v.is_none()) {
        Some(f) if !f.is_callable() => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "progress: expected a function of (done, total), not {}",
            shown(&f)
        ))),
        f => Ok(f),
    }
}

/// Run `work` on its own thread with the GIL released, under a context
/// whose cancel flag Ctrl-C (or an exception from `progress`) raises;
/// `progress(done, total)` is called as the work moves on. The
/// application layer's errors become Python's: bad input `ValueError`,
/// a cancel `KeyboardInterrupt`, the rest `RuntimeError`.
///
/// # Errors
/// As above, and the Python exception that stopped it.
pub fn detached<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Context) -> Result<T, AppError> + Send,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let polled = Arc::new(Polled::default());
    let ctx = Context::new()
        .with_cancel(cancel.clone())
        .with_observer(polled.clone());
    let out = std::thread::scope(|scope| -> PyResult<Result<T, AppError>> {
        let worker = scope.spawn(|| work(&ctx));
        let mut wait = Duration::from_micros(200);
        let mut told = (u64::MAX, u64::MAX);
        while !worker.is_finished() {
            py.detach(|| std::thread::sleep(wait));
            wait = (wait * 2).min(Duration::from_millis(20));
            let stop = |e: PyErr| {
                cancel.cancel();
                e
            };
            py.check_signals().map_err(stop)?;
            if let Some(cb) = progress {
                let now = polled.now();
                if now != told && now.1 > 0 {
                    told = now;
                    cb.call1(now).map_err(stop)?;
                }
            }
        }
        worker
            .join()
            .map_err(|_| PyRuntimeError::new_err("the work failed"))
    })?;
    match out {
        Ok(t) => Ok(t),
        Err(AppError::BadInput(line)) => Err(PyValueError::new_err(line)),
        Err(AppError::Cancelled) => Err(PyKeyboardInterrupt::new_err("cancelled")),
        Err(e) => Err(PyRuntimeError::new_err(e.to_string())),
    }
}
