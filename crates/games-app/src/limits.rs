//! The documented bounds on every size a request takes, checked before
//! any work, allocation or thread starts (the README lists them). Each is
//! set from what this kind of machine can do: memory (half of what the OS
//! says is available, for the big tables) or time (a run that would take
//! more than a few hours at the measured speeds is refused).
//!
//! A [`Context`](crate::Context) carries the bounds in force: the command
//! line runs under [`Limits::DEFAULT`], the web page under [`Limits::WEB`],
//! and tests under smaller ones, so that generated arguments never start
//! hours of valid work.

use crate::AppError;

/// The bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games a simulation plays (per table, per seat order): 10^12, about
    /// six hours of the fastest simulator on two cores.
    pub games: u64,
    /// Seats of a classic LCR simulation: 10,000 (a game's length grows
    /// with the seats).
    pub players: usize,
    /// Coins each classic seat starts with: 1,000.
    pub coins: u32,
    /// Round limit of a variants game: 1,000,000.
    pub rounds: u32,
    /// Seats times rounds times games of a variants study: 10^13 turns.
    pub variant_turns: u128,
    /// Seats times coins times games of a classic LCR simulation (a
    /// game's turns grow with its coins in play): no more than the games
    /// bound on the command line; 2 x 10^9 on the web (about 10 s).
    pub classic_coin_games: u128,
    /// Rolling states the exact LCR solver may plan: 10^9 (its memory is
    /// checked too).
    pub exact_states: u64,
    /// Seeds in the pits of a Kalah position the solver takes: 72
    /// (Kalah(6,6)).
    pub solve_seeds: u64,
    /// Positions of an endgame table built: 2^32 (4 GiB).
    pub endgame_positions: u64,
    /// Turns `hog max-rolls` averages for each number of dice: 10^8.
    pub turns: u32,
    /// Worker threads: 256.
    pub threads: usize,
}

impl Limits {
    /// The documented bounds.
    pub const DEFAULT: Limits = Limits {
        games: 1_000_000_000_000,
        players: 10_000,
        coins: 1_000,
        rounds: 1_000_000,
        variant_turns: 10_000_000_000_000,
        classic_coin_games: u128::MAX,
        exact_states: 1_000_000_000,
        solve_seeds: 72,
        endgame_positions: 1 << 32,
        turns: 100_000_000,
        threads: 256,
    };

    /// The bounds on a web request: each answers within seconds, so one
    /// request cannot starve the others.
    pub const WEB: Limits = Limits {
        games: 10_000_000,
        players: 100,
        coins: 100,
        rounds: 10_000,
        variant_turns: 2_000_000_000,
        classic_coin_games: 2_000_000_000,
        // Exact LCR answers in about a second up to here (6 seats x 3 coins).
        exact_states: 150_000,
        solve_seeds: 72,
        endgame_positions: 1 << 22,
        turns: 1_000_000,
        threads: 2,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Refuse `value` over `most`, naming the flag and the bound.
///
/// # Errors
/// [`AppError::BadInput`]: "`flag` must be at most `most`, not `value`".
pub fn at_most<T: PartialOrd + std::fmt::Display>(
    flag: &str,
    value: T,
    most: T,
) -> Result<T, AppError> {
    if value > most {
        return Err(AppError::BadInput(format!(
            "{flag} must be at most {most}, not {value}"
        )));
    }
    Ok(value)
}

/// Half of the memory the OS says is available, or 8 GiB if unknown: what
/// one run's tables may take (a Kalah solver's transposition and endgame
/// tables, the LCR exact solver's plan).
pub(crate) fn memory_limit() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(8 << 30, |kb| kb * 1024 / 2)
}
