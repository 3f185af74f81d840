//! CS 61A's Hog (Fall 2013 / Spring 2014 rules; `docs/rules.md`, "Hog"):
//! the project's functions, strategies as values and as files, the rules as
//! switches ([`Rules`]), exact win rates by dynamic programming, the best
//! response to a strategy, the minimax strategy and exact tournaments.
//! Six later terms' rule sets ([`Term`]) have their own rules step
//! ([`TermState`]) and exact solvers ([`term_game`]).
//!
//! ```
//! use dice::{CyclingDice, SeededDice};
//! use hog::{Rules, Strategy, take_turn, exact};
//!
//! // take_turn(2, 0) on make_test_dice(4, 6, 1): 4 + 6 = 10.
//! let mut d = CyclingDice::new(vec![4, 6, 1]).unwrap();
//! assert_eq!(take_turn(2, 0, 6, &mut d).unwrap(), 10);
//! // Free bacon: opponent at 42 gives 1 + max(4, 2) = 5.
//! assert_eq!(take_turn(0, 42, 6, &mut d).unwrap(), 5);
//!
//! // The exact average win rate of always_roll(3) against always_roll(5).
//! let rules = Rules::default(); // the handout's: goal 100, every rule on
//! let five = Strategy::always(5).unwrap();
//! let rate = exact::average_win_rate(&Strategy::always(3).unwrap(), &five, &rules).unwrap();
//! assert!(rate.average < 0.4);
//!
//! // The best response to always_roll(5), computed, wins at least 0.59.
//! let best = exact::best_response(&five, &rules).unwrap();
//! assert!(best.rate.average >= 0.59);
//!
//! // Plain Pig to 100: no free bacon, no hog wild, no swine swap.
//! let pig = Rules::new(100, false, false, false).unwrap();
//! assert!(exact::optimal(&pig).first_player_win > 0.5);
//! ```

use std::fmt;

use dice::{Dice, DiceError};

pub mod exact;
pub mod file;
mod game;
mod rules;
pub mod sample;
pub mod step;
pub mod strategy;
pub mod term_game;
pub mod terms;
mod turn;

pub use game::{Game, SplitDice, play, play_fast, turn};
pub use rules::Rules;
pub use step::HogState;
pub use strategy::Strategy;
pub use term_game::{Policy, TermState};
pub use terms::Term;
pub use turn::TurnRecord;

/// The score that ends the game.
pub const GOAL: u32 = 100;
/// The most dice a turn may roll.
pub const MAX_ROLLS: u32 = 10;

/// What went wrong, with the offending value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HogError {
    /// A turn rolls 0 to 10 dice.
    TooManyDice(i64),
    /// `roll_dice` rolls 1 to 10 dice (0 dice is free bacon, a turn
    /// without a roll).
    RollDice(u32),
    /// Scores are below the goal while the game goes on.
    ScoreOutOfRange {
        /// The score given.
        score: u32,
        /// The goal in force.
        goal: u32,
    },
    /// A goal from 1 to 100.
    GoalOutOfRange(u32),
    /// Zero dice is free bacon; without free bacon a turn rolls 1 to 10.
    ZeroDiceWithoutFreeBacon,
    /// A strategy rolls zero dice at some score pair, which the rules
    /// without free bacon do not allow.
    StrategyRollsZero {
        /// The strategy's name.
        strategy: String,
        /// The mover's score there.
        score: u32,
        /// The opponent's score there.
        opponent: u32,
    },
    /// A strategy file that is not a 100 x 100 table of dice.
    File(file::FileError),
    /// Players are 0 and 1.
    NotAPlayer(usize),
    /// Dice were chosen where chance is to roll, or the game is over.
    NotADecision,
    /// Points no roll of the chosen dice can score, or chance does not move.
    NotAnOutcome(u32),
    /// A strategy table has 100 x 100 entries.
    TableSize(usize),
    /// More strategies than a tournament takes.
    TooManyStrategies(usize),
    /// The dice failed (scripted dice ran out, a face too large).
    Dice(DiceError),
    /// A strategy name that is not known.
    UnknownStrategy(String),
    /// A sampled estimate needs at least one sample.
    ZeroSamples,
    /// The threads could not run: zero asked for, or no pool could be
    /// built.
    Parallel(dice::parallel::ParallelError),
    /// A rule set name that is not known.
    UnknownRules(String),
    /// A memory no game reaches (turn number 8 or more, impossible points).
    BadMemory,
    /// A policy that chooses by the memory cannot be written as a score-pair
    /// table.
    DependsOnMemory {
        /// The rule set.
        rules: &'static str,
        /// The mover's score where two memories choose differently.
        score: u32,
        /// The opponent's score there.
        opponent: u32,
    },
    /// More strategies than a tournament takes under rules with memory.
    TooManyStrategiesUnder {
        /// The rule set.
        rules: &'static str,
        /// The most it takes.
        max: usize,
        /// The number given.
        n: usize,
    },
    /// A policy built for other rules or another goal.
    PolicyRules {
        /// The policy's name.
        name: String,
    },
}

impl fmt::Display for HogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HogError::TooManyDice(n) => write!(f, "a turn rolls 0 to 10 dice, not {n}"),
            HogError::RollDice(n) => write!(
                f,
                "roll_dice rolls 1 to 10 dice, not {n} (0 dice is free bacon: take_turn)"
            ),
            HogError::ScoreOutOfRange { score, goal } => write!(
                f,
                "score {score} is out of range: scores in play are 0 to {}",
                goal - 1
            ),
            HogError::GoalOutOfRange(g) => {
                write!(f, "the goal must be from 1 to {GOAL}, not {g}")
            }
            HogError::ZeroDiceWithoutFreeBacon => {
                write!(f, "without free bacon a turn rolls 1 to 10 dice, not 0")
            }
            HogError::StrategyRollsZero {
                strategy,
                score,
                opponent,
            } => write!(
                f,
                "strategy {strategy} rolls 0 dice at score {score}, opponent {opponent}, but without free bacon a turn rolls 1 to 10 dice"
            ),
            HogError::File(e) => write!(f, "{e}"),
            HogError::NotAPlayer(p) => write!(f, "players are 0 and 1, not {p}"),
            HogError::NotADecision => {
                write!(
                    f,
                    "no player chooses dice now (chance rolls, or the game is over)"
                )
            }
            HogError::NotAnOutcome(k) => write!(
                f,
                "{k} points is not an outcome here (no dice are being rolled, or they cannot score it)"
            ),
            HogError::TableSize(n) => write!(
                f,
                "a strategy table has {} entries (100 x 100), not {n}",
                GOAL * GOAL
            ),
            HogError::TooManyStrategies(n) => write!(
                f,
                "a tournament takes 2 to {} strategies, not {n}",
                exact::MAX_TOURNAMENT
            ),
            HogError::Dice(e) => write!(f, "{e}"),
            HogError::UnknownStrategy(s) => write!(
                f,
                "unknown strategy {s:?} (use always:N, bacon, bacon:MARGIN:BASELINE, swap, swap:MARGIN:BASELINE, final, optimal or file:PATH)"
            ),
            HogError::ZeroSamples => write!(f, "the number of samples must be at least 1"),
            HogError::Parallel(e) => write!(f, "{e}"),
            HogError::UnknownRules(s) => {
                write!(f, "unknown rule set {s:?} (use one of: ")?;
                for (i, t) in Term::ALL.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(t.name())?;
                }
                f.write_str(")")
            }
            HogError::BadMemory => write!(
                f,
                "memory out of range: the turn number is 0 to 7, last points at most {}",
                2 * (GOAL + 60) + 20
            ),
            HogError::DependsOnMemory {
                rules,
                score,
                opponent,
            } => write!(
                f,
                "under {rules} this policy chooses by more than the scores (at score {score}, opponent {opponent}), so it has no 100 x 100 table"
            ),
            HogError::TooManyStrategiesUnder { rules, max, n } => write!(
                f,
                "a tournament under {rules} takes 2 to {max} strategies (each pair is a dynamic program over the turn memory), not {n}"
            ),
            HogError::PolicyRules { name } => {
                write!(f, "policy {name} was built for other rules or another goal")
            }
        }
    }
}

impl std::error::Error for HogError {}

impl HogError {
    /// Whether the machine failed (its worker threads could not start),
    /// not the caller's input.
    pub fn is_machine_failure(&self) -> bool {
        matches!(self, HogError::Parallel(e) if e.is_machine_failure())
    }
}

impl From<dice::parallel::ParallelError> for HogError {
    fn from(e: dice::parallel::ParallelError) -> Self {
        HogError::Parallel(e)
    }
}

impl From<file::FileError> for HogError {
    fn from(e: file::FileError) -> Self {
        HogError::File(e)
    }
}

impl From<DiceError> for HogError {
    fn from(e: DiceError) -> Self {
        HogError::Dice(e)
    }
}

/// Check a number of dice: 0 to 10.
///
/// # Errors
/// [`HogError::TooManyDice`].
pub fn check_rolls(n: i64) -> Result<u32, HogError> {
    if (0..=i64::from(MAX_ROLLS)).contains(&n) {
        Ok(n as u32)
    } else {
        Err(HogError::TooManyDice(n))
    }
}

/// Check a score in play under the handout's goal: 0 to 99.
///
/// # Errors
/// [`HogError::ScoreOutOfRange`].
pub fn check_score(s: u32) -> Result<u32, HogError> {
    Rules::HANDOUT.check_score(s)
}

/// The project's `roll_dice`: roll exactly `num_rolls` dice of `sides`
/// sides; the sum, or 1 if any die shows 1 (pig out). No early stop.
///
/// # Errors
/// [`HogError::TooManyDice`] outside 1 to 10 (0 dice is free bacon, not a
/// roll: see [`take_turn`]); the dice's errors.
pub fn roll_dice<D: Dice + ?Sized>(
    num_rolls: u32,
    sides: u32,
    dice: &mut D,
) -> Result<u32, HogError> {
    roll_dice_seen(num_rolls, sides, dice, |_| {})
}

/// [`roll_dice`], telling `seen` each face in the order rolled (the same
/// faces, from the same dice): what a recorded turn shows.
///
/// # Errors
/// As [`roll_dice`].
pub fn roll_dice_seen<D: Dice + ?Sized>(
    num_rolls: u32,
    sides: u32,
    dice: &mut D,
    seen: impl FnMut(u32),
) -> Result<u32, HogError> {
    if num_rolls == 0 || num_rolls > MAX_ROLLS {
        return Err(HogError::RollDice(num_rolls));
    }
    turn::roll_core(num_rolls, sides, dice, seen)
}

/// Free bacon: one more than the larger digit of the opponent's score.
pub fn free_bacon(opponent_score: u32) -> u32 {
    1 + (opponent_score / 10 % 10).max(opponent_score % 10)
}

/// The project's `take_turn`: free bacon for 0 dice, else `roll_dice`.
///
/// # Errors
/// [`HogError::TooManyDice`] above 10, [`HogError::ScoreOutOfRange`] for an
/// opponent at 100 or more; the dice's errors.
pub fn take_turn<D: Dice + ?Sized>(
    num_rolls: u32,
    opponent_score: u32,
    sides: u32,
    dice: &mut D,
) -> Result<u32, HogError> {
    take_turn_under(&Rules::HANDOUT, num_rolls, opponent_score, sides, dice)
}

/// [`take_turn`] under other rules: without free bacon, 0 dice is an
/// error; the opponent's score must be below the goal.
///
/// # Errors
/// As [`take_turn`], and [`HogError::ZeroDiceWithoutFreeBacon`].
pub fn take_turn_under<D: Dice + ?Sized>(
    rules: &Rules,
    num_rolls: u32,
    opponent_score: u32,
    sides: u32,
    dice: &mut D,
) -> Result<u32, HogError> {
    rules.check_rolls(i64::from(num_rolls))?;
    rules.check_score(opponent_score)?;
    if num_rolls == 0 {
        Ok(free_bacon(opponent_score))
    } else {
        roll_dice(num_rolls, sides, dice)
    }
}

/// The project's `select_dice` (hog wild): four-sided dice when the sum of
/// the scores is a multiple of 7 (0 included), else six-sided. Returns the
/// sides.
pub fn select_dice(score: u32, opponent_score: u32) -> u32 {
    if (score + opponent_score).is_multiple_of(7) {
        4
    } else {
        6
    }
}

/// Swine swap: whether one score is exactly double the other.
pub fn swine_swap(score: u32, opponent_score: u32) -> bool {
    score != opponent_score && (score == 2 * opponent_score || opponent_score == 2 * score)
}

/// The project's `make_averaged`: the mean of `samples` calls of `f`.
///
/// # Errors
/// [`HogError::ZeroSamples`], and `f`'s errors.
pub fn make_averaged<F>(mut f: F, samples: u32) -> Result<f64, HogError>
where
    F: FnMut() -> Result<f64, HogError>,
{
    if samples == 0 {
        return Err(HogError::ZeroSamples);
    }
    let mut total = 0.0;
    for _ in 0..samples {
        total += f()?;
    }
    Ok(total / f64::from(samples))
}

/// The project's `max_scoring_num_rolls`: the average turn score of 1..=10
/// dice (`samples` turns each, six-sided), and the best count (the lower
/// on a tie).
///
/// # Errors
/// [`HogError::ZeroSamples`], the dice's errors.
pub fn max_scoring_num_rolls<D: Dice + ?Sized>(
    dice: &mut D,
    samples: u32,
) -> Result<(Vec<f64>, u32), HogError> {
    let mut averages = Vec::new();
    for n in 1..=MAX_ROLLS {
        averages.push(make_averaged(
            || Ok(f64::from(roll_dice(n, 6, dice)?)),
            samples,
        )?);
    }
    let mut best = 0;
    for (i, &a) in averages.iter().enumerate() {
        if a > averages[best] {
            best = i;
        }
    }
    Ok((averages, best as u32 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice::CyclingDice;

    #[test]
    fn free_bacon_examples() {
        assert_eq!(free_bacon(42), 5);
        assert_eq!(free_bacon(48), 9);
        assert_eq!(free_bacon(7), 8);
        assert_eq!(free_bacon(0), 1);
        assert_eq!(free_bacon(90), 10);
    }

    #[test]
    fn roll_dice_rolls_exactly_n() {
        let mut d = CyclingDice::new(vec![1, 2, 3]).unwrap();
        assert_eq!(roll_dice(2, 6, &mut d).unwrap(), 1); // 1, 2: pig out
        // The next die is 3, not 1 again: exactly two were rolled.
        assert_eq!(roll_dice(1, 6, &mut d).unwrap(), 3);
        let mut d = CyclingDice::new(vec![2, 4]).unwrap();
        assert_eq!(roll_dice(3, 6, &mut d).unwrap(), 8);
        assert_eq!(roll_dice(0, 6, &mut d), Err(HogError::RollDice(0)));
        assert_eq!(take_turn(11, 0, 6, &mut d), Err(HogError::TooManyDice(11)));
        assert_eq!(
            take_turn(1, 100, 6, &mut d),
            Err(HogError::ScoreOutOfRange {
                score: 100,
                goal: 100
            })
        );
    }

    #[test]
    fn hog_wild_and_swine_swap() {
        assert_eq!(select_dice(0, 0), 4);
        assert_eq!(select_dice(10, 4), 4);
        assert_eq!(select_dice(10, 5), 6);
        assert!(swine_swap(10, 20));
        assert!(swine_swap(100, 50));
        assert!(!swine_swap(0, 0));
        assert!(!swine_swap(3, 5));
    }

    #[test]
    fn max_scoring_on_constant_dice() {
        let mut d = CyclingDice::new(vec![3]).unwrap();
        let (avg, best) = max_scoring_num_rolls(&mut d, 10).unwrap();
        assert_eq!(avg[0], 3.0);
        assert_eq!(avg[9], 30.0);
        assert_eq!(best, 10);
        let mut d = CyclingDice::new(vec![2, 2, 1]).unwrap();
        // Rolling 3 or more always includes the 1.
        let (_, best) = max_scoring_num_rolls(&mut d, 3).unwrap();
        assert!(best <= 2);
    }
}
