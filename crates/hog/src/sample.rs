//! Sampled win rates, to compare sampling with the exact figures.

use dice::parallel::{Shard, Watch, run_shard_fold};

use crate::{HogError, Rules, Strategy, play_fast};

/// A sampled average win rate.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sampled {
    /// Games played in each seat.
    pub games_each: u64,
    /// Wins moving first.
    pub wins_first: u64,
    /// Wins moving second.
    pub wins_second: u64,
    /// The mean of the two shares.
    pub average: f64,
    /// Its standard error.
    pub standard_error: f64,
}

/// Play `games` games with `a` moving first and `games` with `a` moving
/// second, on seeded dice over threads without changing the result
/// (units `0..games` are the first-mover games), under `rules`.
///
/// # Errors
/// [`HogError::ZeroSamples`], [`HogError::StrategyRollsZero`],
/// [`HogError::Parallel`].
pub fn average_win_rate(
    a: &Strategy,
    b: &Strategy,
    games: u64,
    rules: &Rules,
    seed: u64,
    threads: usize,
) -> Result<Sampled, HogError> {
    let (w1, w2) = wins_shard(a, b, games, rules, seed, threads, Shard::ALL, |_| {})?;
    Ok(Sampled::from_wins(games, w1, w2))
}

impl Sampled {
    /// The rate from the wins in each seat out of `games` games each.
    pub fn from_wins(games: u64, w1: u64, w2: u64) -> Sampled {
        let g = games as f64;
        let (p1, p2) = (w1 as f64 / g, w2 as f64 / g);
        Sampled {
            games_each: games,
            wins_first: w1,
            wins_second: w2,
            average: (p1 + p2) / 2.0,
            standard_error: ((p1 * (1.0 - p1) + p2 * (1.0 - p2)) / g).sqrt() / 2.0,
        }
    }
}

/// The wins of [`average_win_rate`] (moving first, moving second) over
/// one shard's chunks: the shards' wins add up to the whole run's. `watch`
/// hears the games played and can stop the run within a chunk (a
/// cancelled request).
///
/// # Errors
/// As [`average_win_rate`]; [`HogError::Parallel`] with
/// [`ParallelError::Stopped`](dice::parallel::ParallelError::Stopped)
/// when `watch` stops it.
#[allow(clippy::too_many_arguments)]
pub fn wins_shard(
    a: &Strategy,
    b: &Strategy,
    games: u64,
    rules: &Rules,
    seed: u64,
    threads: usize,
    shard: Shard,
    watch: impl Watch,
) -> Result<(u64, u64), HogError> {
    if games == 0 {
        return Err(HogError::ZeroSamples);
    }
    rules.check_strategy(a)?;
    rules.check_strategy(b)?;
    let (w1, w2) = run_shard_fold(
        2 * games,
        seed,
        threads,
        shard,
        |dice, first, units| {
            let (mut w1, mut w2) = (0u64, 0u64);
            for u in first..first + units {
                if u < games {
                    let s = play_fast(a, b, rules, dice)
                        .expect("checked strategies on seeded dice never fail");
                    w1 += u64::from(s[0] > s[1]);
                } else {
                    let s = play_fast(b, a, rules, dice)
                        .expect("checked strategies on seeded dice never fail");
                    w2 += u64::from(s[1] > s[0]);
                }
            }
            (w1, w2)
        },
        (0u64, 0u64),
        |(x, y), (a, b)| (x + a, y + b),
        watch,
    )?;
    Ok((w1, w2))
}
