//! The study: many games, with results at checkpoints.

use dice::Dice;
use dice::parallel::{Shard, run_shard_fold};

use crate::{Game, Variant, VariantError};

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyConfig {
    /// Report after this many games each (cumulative: the row for 1000
    /// includes the first 100 games). The largest is the number played.
    pub checkpoints: Vec<u64>,
    /// The seed.
    pub seed: u64,
    /// Worker threads (the result does not depend on it).
    pub threads: usize,
}

/// Results after a number of games, with 95% confidence half-widths.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Row {
    /// Games so far.
    pub simulations: u64,
    /// Share of games that ended with a winner.
    pub winner_fraction: f64,
    /// Its 95% half-width (normal approximation).
    pub winner_ci95: f64,
    /// Mean final chips per seat (the winner's include the center).
    pub expected_chips: Vec<f64>,
    /// Their 95% half-widths.
    pub expected_chips_ci95: Vec<f64>,
    /// Mean rounds played.
    pub mean_rounds: f64,
    /// Its 95% half-width.
    pub mean_rounds_ci95: f64,
}

/// A study of one game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Study {
    /// The game's name.
    pub game: String,
    /// Its table, faces 1..6.
    pub table: crate::Table,
    /// Seats.
    pub players: usize,
    /// Starting chips.
    pub starting_chips: Vec<u32>,
    /// Round limit.
    pub max_rounds: u32,
    /// End check.
    pub end_check: crate::EndCheck,
    /// The seed.
    pub seed: u64,
    /// One row per checkpoint, in increasing order.
    pub rows: Vec<Row>,
}

/// Running sums, exact in integers so the order of adding cannot matter.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sums {
    games: u64,
    winners: u64,
    chips: Vec<u64>,
    chips2: Vec<u64>,
    rounds: u64,
    rounds2: u64,
}

impl Sums {
    fn new(n: usize) -> Sums {
        Sums {
            chips: vec![0; n],
            chips2: vec![0; n],
            ..Sums::default()
        }
    }

    fn add(&mut self, o: &Sums) {
        self.games += o.games;
        self.winners += o.winners;
        self.rounds += o.rounds;
        self.rounds2 += o.rounds2;
        for i in 0..self.chips.len() {
            self.chips[i] += o.chips[i];
            self.chips2[i] += o.chips2[i];
        }
    }

    fn row(&self) -> Row {
        let n = self.games as f64;
        let mean_ci = |s: u64, s2: u64| {
            let m = s as f64 / n;
            let var = (s2 as f64 / n - m * m).max(0.0) * n / (n - 1.0).max(1.0);
            (m, dice::stats::Z95 * (var / n).sqrt())
        };
        let p = self.winners as f64 / n;
        let (chips, ci): (Vec<f64>, Vec<f64>) = self
            .chips
            .iter()
            .zip(&self.chips2)
            .map(|(&s, &s2)| mean_ci(s, s2))
            .unzip();
        let (r, rci) = mean_ci(self.rounds, self.rounds2);
        Row {
            simulations: self.games,
            winner_fraction: p,
            winner_ci95: dice::stats::share_ci95(p, n),
            expected_chips: chips,
            expected_chips_ci95: ci,
            mean_rounds: r,
            mean_rounds_ci95: rci,
        }
    }
}

/// Run the study: `max(checkpoints)` games on seeded dice, reporting the
/// running results at each checkpoint. Chunks of games run in parallel;
/// each reports its sums at the checkpoints that fall inside it, so the
/// rows are the same on any number of threads.
///
/// # Errors
/// [`VariantError::BadCheckpoints`], [`VariantError::Parallel`].
pub fn study(variant: &Variant, config: &StudyConfig) -> Result<Study, VariantError> {
    study_with_progress(variant, config, |_| {})
}

/// [`study`], calling `progress(games_done)` as chunks finish.
///
/// # Errors
/// As [`study`].
pub fn study_with_progress(
    variant: &Variant,
    config: &StudyConfig,
    progress: impl Fn(u64) + Sync,
) -> Result<Study, VariantError> {
    let sums = study_sums(variant, config, Shard::ALL, progress)?;
    Ok(Study::from_sums(variant, config, &sums))
}

/// A study's sums at each checkpoint (increasing), exact in integers: what
/// shards of a study add up.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StudySums {
    /// The sums over the games before each checkpoint.
    pub at: Vec<Sums>,
}

fn sorted_checkpoints(config: &StudyConfig) -> Result<Vec<u64>, VariantError> {
    let mut checkpoints = config.checkpoints.clone();
    checkpoints.sort_unstable();
    checkpoints.dedup();
    if checkpoints.is_empty() || checkpoints[0] == 0 {
        return Err(VariantError::BadCheckpoints);
    }
    Ok(checkpoints)
}

impl Study {
    /// The study from its sums (see [`study_sums`]).
    pub fn from_sums(variant: &Variant, config: &StudyConfig, sums: &StudySums) -> Study {
        Study {
            game: variant.name.clone(),
            table: variant.table,
            players: variant.starting_chips.len(),
            starting_chips: variant.starting_chips.clone(),
            max_rounds: variant.max_rounds,
            end_check: variant.end_check,
            seed: config.seed,
            rows: sums.at.iter().map(Sums::row).collect(),
        }
    }
}

/// The sums of [`study`] at each checkpoint over one shard's chunks: a
/// chunk adds all its games to the checkpoints past its end and its
/// games before a checkpoint inside it, so the shards' sums add up to
/// the whole study's. `progress` is told the games played and may stop
/// the run (any `Fn(u64)` never does).
///
/// # Errors
/// As [`study`]; [`VariantError::Parallel`] with
/// [`dice::parallel::ParallelError::Stopped`] when `progress` stops it.
pub fn study_sums(
    variant: &Variant,
    config: &StudyConfig,
    shard: Shard,
    progress: impl dice::parallel::Watch,
) -> Result<StudySums, VariantError> {
    let checkpoints = sorted_checkpoints(config)?;
    let total = *checkpoints.last().expect("not empty");
    let n = variant.starting_chips.len();
    let lent = dice::parallel::Lent::new(&progress);
    let at = run_shard_fold(
        total,
        config.seed,
        config.threads,
        shard,
        |dice, first, units| {
            let mut game = Game::new(variant);
            let mut sums = Sums::new(n);
            let mut marks = Vec::new();
            for u in first..first + units {
                // A chunk of a large table's games takes seconds: a stop is
                // heard between games (the run then drops the chunk).
                if lent.stop_after(u - first) {
                    break;
                }
                let start = dice.below(n as u32).expect("seeded dice") as usize;
                let (winner, rounds) = game.run_from(start, dice).expect("seeded dice");
                sums.games += 1;
                sums.winners += u64::from(winner.is_some());
                sums.rounds += u64::from(rounds);
                sums.rounds2 += u64::from(rounds) * u64::from(rounds);
                for (i, &c) in game.chips().iter().enumerate() {
                    sums.chips[i] += u64::from(c);
                    sums.chips2[i] += u64::from(c) * u64::from(c);
                }
                if checkpoints.binary_search(&(u + 1)).is_ok() {
                    marks.push((u + 1, sums.clone()));
                }
            }
            (first + units, sums, marks)
        },
        vec![Sums::new(n); checkpoints.len()],
        |mut at, (end, sums, marks)| {
            for (c, slot) in checkpoints.iter().zip(at.iter_mut()) {
                if *c >= end {
                    slot.add(&sums);
                } else if let Some((_, partial)) = marks.iter().find(|(m, _)| m == c) {
                    slot.add(partial);
                }
            }
            at
        },
        &lent,
    )?;
    Ok(StudySums { at })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A study of one chunk hears a stop between its games, and drops the
    /// chunk cut short (its checkpoints' sums with it).
    #[test]
    fn a_study_hears_a_stop_between_games() {
        use std::sync::atomic::{AtomicU64, Ordering};
        struct Asked(AtomicU64);
        impl dice::parallel::Watch for &Asked {
            fn done(&self, _: u64) {}
            fn stop(&self) -> bool {
                self.0.fetch_add(1, Ordering::Relaxed) >= 2
            }
        }
        let v = Variant::named("nohold").unwrap();
        let cfg = StudyConfig {
            checkpoints: vec![100, dice::parallel::CHUNK],
            seed: 5,
            threads: 1,
        };
        let asked = Asked(AtomicU64::new(0));
        let r = study_sums(&v, &cfg, Shard::ALL, &asked);
        assert!(
            matches!(
                r,
                Err(VariantError::Parallel(
                    dice::parallel::ParallelError::Stopped
                ))
            ),
            "{:?}",
            r.map(|s| s.at.len())
        );
        // Once before the chunk, then at its 64th and 128th games.
        assert_eq!(asked.0.load(Ordering::Relaxed), 3);
        // Never stopped, every game counted.
        let whole = study_sums(&v, &cfg, Shard::ALL, |_| {}).unwrap();
        assert_eq!(whole.at[1].games, dice::parallel::CHUNK);
    }

    #[test]
    fn rows_at_every_checkpoint_and_same_at_any_thread_count() {
        let v = Variant::named("nohold").unwrap();
        let cfg = |threads| StudyConfig {
            checkpoints: vec![100, 1000, 20_000, 40_000],
            seed: 5,
            threads,
        };
        let a = study(&v, &cfg(1)).unwrap();
        assert_eq!(a.rows.len(), 4);
        assert_eq!(a.rows[2].simulations, 20_000);
        assert_eq!(a, study(&v, &cfg(2)).unwrap());
        assert_eq!(
            study(
                &v,
                &StudyConfig {
                    checkpoints: vec![0],
                    seed: 1,
                    threads: 1
                }
            ),
            Err(VariantError::BadCheckpoints)
        );
    }
}
