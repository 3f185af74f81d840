//! The documented bounds on every size a command takes, checked before
//! any work, allocation or thread starts (the README lists them). Each is
//! set from what this kind of machine can do: memory (half of what the OS
//! says is available, for the big tables) or time (a run that would take
//! more than a few hours at the measured speeds is refused).
//!
//! Tests can run commands under smaller bounds ([`with_limits`]), so that
//! generated arguments never start hours of valid work.

use std::cell::Cell;

use crate::{CliError, fail};

pub use games_app::Limits;

thread_local! {
    static LIMITS: Cell<Limits> = const { Cell::new(Limits::DEFAULT) };
}

/// The bounds in force on this thread.
pub(crate) fn limits() -> Limits {
    LIMITS.with(Cell::get)
}

/// Run `f` with other bounds on this thread (for tests), then restore them.
pub fn with_limits<T>(limits: Limits, f: impl FnOnce() -> T) -> T {
    let before = LIMITS.with(|l| l.replace(limits));
    let out = f();
    LIMITS.with(|l| l.set(before));
    out
}

/// Refuse `value` over `most`, naming the flag and the bound.
pub(crate) fn at_most<T: PartialOrd + std::fmt::Display>(
    flag: &str,
    value: T,
    most: T,
) -> Result<T, CliError> {
    if value > most {
        return fail(format!("{flag} must be at most {most}, not {value}"));
    }
    Ok(value)
}
