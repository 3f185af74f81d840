//! What a request runs with: the bounds in force, a deadline, a flag that
//! cancels it, whom to tell of its progress, and how many threads it may
//! use. Every adapter builds one; nothing is read from thread-locals or
//! globals, so the same request gives the same report under any adapter.
//!
//! ```
//! use std::sync::Arc;
//! use games_app::{AppError, Context, Limits};
//!
//! let ctx = Context::new().with_limits(Limits::WEB);
//! assert_eq!(ctx.threads(None).unwrap(), dice::parallel::default_threads().min(2));
//! assert!(ctx.threads(Some(3)).unwrap_err().to_string().contains("--threads must be from 1 to 2"));
//!
//! // A cancelled context stops work at its next check.
//! let cancel = ctx.cancel_token();
//! cancel.cancel();
//! assert_eq!(ctx.check(), Err(AppError::Cancelled));
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::limits::{Limits, at_most};

/// Why a request gave no report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppError {
    /// The caller's input is wrong: one line naming the argument and what
    /// was expected (exit code 2, HTTP 400, Python `ValueError`).
    BadInput(String),
    /// The machine failed (memory refused, a thread pool not started):
    /// exit code 1, HTTP 500.
    Machine(String),
    /// The context was cancelled (the client left, Ctrl-C).
    Cancelled,
    /// The context's deadline passed before the work was done.
    OutOfTime,
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::BadInput(line) | AppError::Machine(line) => f.write_str(line),
            AppError::Cancelled => f.write_str("cancelled"),
            AppError::OutOfTime => f.write_str("not done within the time allowed"),
        }
    }
}

/// An engine's error is bad input (the engines refuse what their caller
/// got wrong), as its own one line, unless the engine says the machine
/// failed (memory or worker threads refused): then [`AppError::Machine`].
impl<E: std::error::Error + 'static> From<E> for AppError {
    fn from(e: E) -> AppError {
        let line = e.to_string();
        classify(&e, line)
    }
}

/// `line`, the text of the error `e`, as [`AppError::Machine`] when `e` is
/// an engine's error that says the machine failed, else as bad input.
fn classify(e: &dyn std::any::Any, line: String) -> AppError {
    use dice::parallel::ParallelError;
    let machine = e
        .downcast_ref::<ParallelError>()
        .is_some_and(ParallelError::is_machine_failure)
        || e.downcast_ref::<lcr_core::LcrError>()
            .is_some_and(lcr_core::LcrError::is_machine_failure)
        || e.downcast_ref::<lcr_variants::VariantError>()
            .is_some_and(lcr_variants::VariantError::is_machine_failure)
        || e.downcast_ref::<craps_baccarat::CasinoError>()
            .is_some_and(craps_baccarat::CasinoError::is_machine_failure)
        || e.downcast_ref::<hog::HogError>()
            .is_some_and(hog::HogError::is_machine_failure)
        || e.downcast_ref::<mancala::MancalaError>()
            .is_some_and(mancala::MancalaError::is_machine_failure);
    if machine {
        AppError::Machine(line)
    } else {
        AppError::BadInput(line)
    }
}

/// An engine's error about the argument `flag`, as bad input that names
/// it first (`--decks: a shoe needs at least 1 deck`); a machine's failure
/// stays one (see [`AppError::from`]).
pub fn of_flag<E: std::fmt::Display + 'static>(flag: &'static str) -> impl Fn(E) -> AppError {
    move |e| classify(&e, format!("{flag}: {e}"))
}

/// Bad input: `Err(AppError::BadInput(line))`.
///
/// # Errors
/// Always.
pub fn bad<T>(line: impl Into<String>) -> Result<T, AppError> {
    Err(AppError::BadInput(line.into()))
}

/// A flag that cancels the requests holding it (clones share it).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Cancel: the work stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Whom a request tells of its progress: a terminal's progress bar, the
/// web page's progress lines, a Python callback.
pub trait Observer: Send + Sync {
    /// Work of `total` units named `what` (`"games"`, `"states"`)
    /// starts. `long`: from how many units a person would want to see it
    /// (a terminal shows no bar for shorter work).
    fn start(&self, total: u64, long: u64, what: &str);
    /// `done` units of it are done.
    fn set(&self, done: u64);
    /// It is over.
    fn finish(&self);
    /// What work of unknown length knows so far (a solve's bounds and
    /// nodes), for a spinner's line; started with `total` and `long` 0.
    fn note(&self, _text: &str) {}
}

/// An [`Observer`] that keeps the latest count for a caller that polls it
/// from another thread (the web's streamed progress, Python's callback).
#[derive(Debug, Default)]
pub struct Polled {
    done: AtomicU64,
    total: AtomicU64,
}

impl Polled {
    /// `(done, total)` as last reported (both 0 before any work starts).
    pub fn now(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

impl Observer for Polled {
    fn start(&self, total: u64, _long: u64, _what: &str) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }
    fn set(&self, done: u64) {
        self.done.store(done, Ordering::Relaxed);
    }
    fn finish(&self) {}
}

/// The progress of one piece of work: pass [`Meter::set`] (or
/// [`Meter::add`]) to an engine as its progress callback.
/// It is also a [`dice::parallel::Watch`]: a parallel run given `&meter`
/// reports to it and stops within a chunk once the context is cancelled or
/// out of time.
pub struct Meter {
    observer: Option<Arc<dyn Observer>>,
    done: AtomicU64,
    cancel: Cancel,
    deadline: Option<Instant>,
}

impl Meter {
    /// `done` units done (a running total, from any thread).
    pub fn set(&self, done: u64) {
        self.done.fetch_max(done, Ordering::Relaxed);
        if let Some(o) = &self.observer {
            o.set(done);
        }
    }

    /// `units` more done.
    pub fn add(&self, units: u64) {
        let done = self.done.fetch_add(units, Ordering::Relaxed) + units;
        if let Some(o) = &self.observer {
            o.set(done);
        }
    }

    /// What the work knows so far, in words (see [`Observer::note`]).
    pub fn note(&self, text: &str) {
        if let Some(o) = &self.observer {
            o.note(text);
        }
    }

    /// Units done so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Whether the work should stop now (its context cancelled, or past
    /// its deadline).
    pub fn should_stop(&self) -> bool {
        self.cancel.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl dice::parallel::Watch for &Meter {
    fn done(&self, units: u64) {
        self.set(units);
    }
    fn stop(&self) -> bool {
        self.should_stop()
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        if let Some(o) = &self.observer {
            o.finish();
        }
    }
}

/// What a request runs with (see the module docs).
#[derive(Clone)]
pub struct Context {
    limits: Limits,
    deadline: Option<Instant>,
    cancel: Cancel,
    observer: Option<Arc<dyn Observer>>,
    cores: usize,
    kalah_cache: Option<Arc<crate::solvers::KalahCache>>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("limits", &self.limits)
            .field("deadline", &self.deadline)
            .field("cancelled", &self.cancel.is_cancelled())
            .field("observer", &self.observer.is_some())
            .field("cores", &self.cores)
            .field("kalah_cache", &self.kalah_cache.is_some())
            .finish()
    }
}

impl Default for Context {
    fn default() -> Context {
        Context::new()
    }
}

impl Context {
    /// The command line's context: [`Limits::DEFAULT`], no deadline, not
    /// cancelled, nobody told of progress, every core.
    pub fn new() -> Context {
        Context {
            limits: Limits::DEFAULT,
            deadline: None,
            cancel: Cancel::new(),
            observer: None,
            cores: dice::parallel::default_threads(),
            kalah_cache: None,
        }
    }

    /// Under other bounds.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Context {
        self.limits = limits;
        self
    }

    /// With a deadline: work checks it and stops with
    /// [`AppError::OutOfTime`] past it.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Context {
        self.deadline = Some(deadline);
        self
    }

    /// Cancelled by `cancel` (one flag may cancel many requests).
    #[must_use]
    pub fn with_cancel(mut self, cancel: Cancel) -> Context {
        self.cancel = cancel;
        self
    }

    /// Telling `observer` of its progress.
    #[must_use]
    pub fn with_observer(mut self, observer: Arc<dyn Observer>) -> Context {
        self.observer = Some(observer);
        self
    }

    /// Using at most `cores` threads when a request does not say.
    #[must_use]
    pub fn with_cores(mut self, cores: usize) -> Context {
        self.cores = cores.max(1);
        self
    }

    /// Keeping Kalah's solvers (their tables) and solved positions in
    /// `cache` from one request to the next (a server's, shared by its
    /// requests); without one, each `mancala moves` builds its own solver.
    #[must_use]
    pub fn with_kalah_cache(mut self, cache: Arc<crate::solvers::KalahCache>) -> Context {
        self.kalah_cache = Some(cache);
        self
    }

    /// The Kalah solver cache, if the context has one.
    pub fn kalah_cache(&self) -> Option<&Arc<crate::solvers::KalahCache>> {
        self.kalah_cache.as_ref()
    }

    /// The bounds in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The seconds left before the deadline (`None`: no deadline).
    pub fn seconds_left(&self) -> Option<f64> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }

    /// The flag that cancels this context's work.
    pub fn cancel_token(&self) -> Cancel {
        self.cancel.clone()
    }

    /// Whether the work should stop now (cancelled, or past the deadline).
    pub fn should_stop(&self) -> bool {
        self.cancel.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Stop here if cancelled or out of time.
    ///
    /// # Errors
    /// [`AppError::Cancelled`] or [`AppError::OutOfTime`].
    pub fn check(&self) -> Result<(), AppError> {
        if self.cancel.is_cancelled() {
            return Err(AppError::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(AppError::OutOfTime);
        }
        Ok(())
    }

    /// The error of work that failed: [`AppError::Cancelled`] or
    /// [`AppError::OutOfTime`] when the context stopped it (the engines
    /// report a stop as their own error), else `e` as bad input or a
    /// machine's failure (see [`AppError::from`]).
    pub fn stopped_or<E: std::fmt::Display + 'static>(&self, e: E) -> AppError {
        match self.check() {
            Err(stop) => stop,
            Ok(()) => classify(&e, e.to_string()),
        }
    }

    /// A meter for work of `total` units named `what`; `long` as in
    /// [`Observer::start`].
    pub fn meter(&self, total: u64, long: u64, what: &str) -> Meter {
        if let Some(o) = &self.observer {
            o.start(total, long, what);
        }
        Meter {
            observer: self.observer.clone(),
            done: AtomicU64::new(0),
            cancel: self.cancel.clone(),
            deadline: self.deadline,
        }
    }

    /// A meter for work of unknown length (a search), whose
    /// [`Meter::note`]s say how far it has come: `total` and `long` 0.
    pub fn spinner(&self, what: &str) -> Meter {
        self.meter(0, 0, what)
    }

    /// Threads for a request: its own `--threads` (1 to the bound), or
    /// every core up to the bound.
    ///
    /// # Errors
    /// Bad input naming `--threads` and the bound.
    pub fn threads(&self, asked: Option<usize>) -> Result<usize, AppError> {
        let most = self.limits.threads;
        match asked {
            Some(t) if t == 0 || t > most => {
                bad(format!("--threads must be from 1 to {most}, not {t}"))
            }
            Some(t) => Ok(t),
            None => Ok(self.cores.min(most)),
        }
    }

    /// Games to simulate: the request's (1 to the bound), or `default`.
    ///
    /// # Errors
    /// Bad input naming `--games` and the bound.
    pub fn games(&self, asked: Option<u64>, default: u64) -> Result<u64, AppError> {
        match asked {
            Some(0) => bad("--games must be at least 1"),
            Some(g) => at_most("--games", g, self.limits.games),
            None => Ok(default),
        }
    }
}

/// A seed: the caller's, or a fresh one drawn from the OS (reports show
/// it, so the run can be repeated).
pub fn seed_or_draw(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(rand::random)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice::parallel::ParallelError;

    fn machine(e: &AppError) -> bool {
        matches!(e, AppError::Machine(_))
    }

    #[test]
    fn a_machine_that_refuses_is_not_bad_input() {
        let pool = || ParallelError::Pool("Resource temporarily unavailable".into());
        let refused = [
            AppError::from(pool()),
            AppError::from(lcr_core::LcrError::Parallel(pool())),
            AppError::from(lcr_variants::VariantError::Parallel(pool())),
            AppError::from(craps_baccarat::CasinoError::Parallel(pool())),
            AppError::from(hog::HogError::Parallel(pool())),
            AppError::from(mancala::MancalaError::Machine("no memory".into())),
            of_flag("--threads")(hog::HogError::Parallel(pool())),
            Context::new().stopped_or(craps_baccarat::CasinoError::Parallel(pool())),
        ];
        for e in &refused {
            assert!(machine(e), "{e:?}");
        }
        assert_eq!(
            refused[6].to_string(),
            "--threads: could not start worker threads: Resource temporarily unavailable"
        );
        // What the caller got wrong stays bad input.
        let wrong = [
            AppError::from(ParallelError::ZeroThreads),
            AppError::from(hog::HogError::Parallel(ParallelError::ZeroThreads)),
            AppError::from(mancala::MancalaError::TooLargeToSolve("9 pits".into())),
            of_flag("--threads")(lcr_core::LcrError::Parallel(ParallelError::ZeroThreads)),
            Context::new().stopped_or(lcr_core::LcrError::Parallel(ParallelError::ZeroThreads)),
        ];
        for e in &wrong {
            assert!(matches!(e, AppError::BadInput(_)), "{e:?}");
        }
        // A stop the context made is the context's, whatever the engine said.
        let ctx = Context::new();
        ctx.cancel_token().cancel();
        assert!(matches!(
            ctx.stopped_or(lcr_core::LcrError::Parallel(ParallelError::Stopped)),
            AppError::Cancelled
        ));
    }
}
