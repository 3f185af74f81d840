//! Strategies: (own score, opponent score) -> number of dice.

use std::fmt;
use std::str::FromStr;

use crate::{GOAL, HogError, Rules, check_rolls, free_bacon, swine_swap};

/// The project's defaults.
pub const BACON_MARGIN: u32 = 8;
/// The project's default baseline.
pub const BASELINE_NUM_ROLLS: u32 = 5;

/// A strategy as a value.
#[derive(Clone, PartialEq, Eq)]
pub enum Strategy {
    /// `always_roll(n)`.
    Always(u32),
    /// `bacon_strategy`: 0 when free bacon gives at least `margin`, else
    /// `baseline`.
    Bacon {
        /// BACON_MARGIN.
        margin: u32,
        /// BASELINE_NUM_ROLLS.
        baseline: u32,
    },
    /// `swap_strategy`: 0 for a beneficial swap, `baseline` for a harmful
    /// one, else as `bacon_strategy`.
    Swap {
        /// BACON_MARGIN.
        margin: u32,
        /// BASELINE_NUM_ROLLS.
        baseline: u32,
    },
    /// A computed table (`final`, `optimal`): `rolls[score * GOAL + opp]`.
    Table {
        /// Its name.
        name: String,
        /// Dice per (score, opponent score), for scores below [`GOAL`].
        rolls: Box<[u8]>,
    },
}

impl Strategy {
    /// `always_roll(n)`.
    ///
    /// # Errors
    /// [`HogError::TooManyDice`] above 10.
    pub fn always(n: u32) -> Result<Strategy, HogError> {
        Ok(Strategy::Always(check_rolls(i64::from(n))?))
    }

    /// `bacon_strategy` with the given margin and baseline.
    ///
    /// # Errors
    /// [`HogError::TooManyDice`] for a baseline above 10.
    pub fn bacon(margin: u32, baseline: u32) -> Result<Strategy, HogError> {
        check_rolls(i64::from(baseline))?;
        Ok(Strategy::Bacon { margin, baseline })
    }

    /// `swap_strategy` with the given margin and baseline.
    ///
    /// # Errors
    /// [`HogError::TooManyDice`] for a baseline above 10.
    pub fn swap(margin: u32, baseline: u32) -> Result<Strategy, HogError> {
        check_rolls(i64::from(baseline))?;
        Ok(Strategy::Swap { margin, baseline })
    }

    /// A table strategy: `rolls[score * 100 + opponent]` for every score
    /// pair below 100; every entry must be 0..=10.
    ///
    /// # Errors
    /// [`HogError::TableSize`] unless there are 10,000 entries,
    /// [`HogError::TooManyDice`] for an entry above 10.
    pub fn table(name: &str, rolls: Vec<u8>) -> Result<Strategy, HogError> {
        if rolls.len() != (GOAL * GOAL) as usize {
            return Err(HogError::TableSize(rolls.len()));
        }
        if let Some(&bad) = rolls.iter().find(|&&n| u32::from(n) > crate::MAX_ROLLS) {
            return Err(HogError::TooManyDice(i64::from(bad)));
        }
        Ok(Strategy::Table {
            name: name.to_string(),
            rolls: rolls.into_boxed_slice(),
        })
    }

    /// The dice this strategy rolls at (score, opponent score). Both must be
    /// below [`GOAL`] (see [`Strategy::choose`] for a checked call).
    #[inline]
    pub fn rolls(&self, score: u32, opponent: u32) -> u32 {
        match self {
            Strategy::Always(n) => *n,
            Strategy::Bacon { margin, baseline } => {
                if free_bacon(opponent) >= *margin {
                    0
                } else {
                    *baseline
                }
            }
            Strategy::Swap { margin, baseline } => {
                let after = score + free_bacon(opponent);
                if swine_swap(after, opponent) {
                    if opponent > after { 0 } else { *baseline }
                } else if free_bacon(opponent) >= *margin {
                    0
                } else {
                    *baseline
                }
            }
            Strategy::Table { rolls, .. } => u32::from(rolls[(score * GOAL + opponent) as usize]),
        }
    }

    /// [`Strategy::rolls`] with the scores checked.
    ///
    /// # Errors
    /// [`HogError::ScoreOutOfRange`] for a score of 100 or more.
    pub fn choose(&self, score: u32, opponent: u32) -> Result<u32, HogError> {
        crate::check_score(score)?;
        crate::check_score(opponent)?;
        Ok(self.rolls(score, opponent))
    }

    /// A built-in strategy by name under `rules`: `always:N`, `bacon`,
    /// `bacon:MARGIN:BASELINE`, `swap`, `swap:MARGIN:BASELINE`, `final`
    /// (the best response to always_roll(5) under `rules`) and `optimal`
    /// (the minimax strategy under `rules`). Strategy files (`file:PATH`)
    /// are read by the caller and parsed with [`crate::file::parse`].
    ///
    /// # Errors
    /// [`HogError::UnknownStrategy`], [`HogError::TooManyDice`].
    pub fn named(spec: &str, rules: &Rules) -> Result<Strategy, HogError> {
        let unknown = || HogError::UnknownStrategy(spec.to_string());
        let num = |x: &str| -> Result<i64, HogError> { x.parse::<i64>().map_err(|_| unknown()) };
        let parts: Vec<&str> = spec.split(':').collect();
        match parts.as_slice() {
            ["always", n] => Strategy::always(check_rolls(num(n)?)?),
            ["bacon"] => Strategy::bacon(BACON_MARGIN, BASELINE_NUM_ROLLS),
            ["swap"] => Strategy::swap(BACON_MARGIN, BASELINE_NUM_ROLLS),
            ["bacon", m, b] | ["swap", m, b] => {
                let m = num(m)?;
                let margin = u32::try_from(m).map_err(|_| unknown())?;
                let baseline = check_rolls(num(b)?)?;
                if parts[0] == "bacon" {
                    Strategy::bacon(margin, baseline)
                } else {
                    Strategy::swap(margin, baseline)
                }
            }
            ["final"] => Ok(crate::exact::final_strategy(rules)),
            ["optimal"] => Ok(crate::exact::optimal(rules).strategy),
            _ => Err(unknown()),
        }
    }

    /// Give a table strategy another name (other strategies are named by
    /// what they are, and keep it).
    pub fn rename(&mut self, new: &str) {
        if let Strategy::Table { name, .. } = self {
            *name = new.to_string();
        }
    }

    /// The whole map: `map[score][opponent]`.
    pub fn map(&self) -> Vec<Vec<u32>> {
        (0..GOAL)
            .map(|s| (0..GOAL).map(|o| self.rolls(s, o)).collect())
            .collect()
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strategy::Always(n) => write!(f, "always:{n}"),
            Strategy::Bacon { margin, baseline } => write!(f, "bacon:{margin}:{baseline}"),
            Strategy::Swap { margin, baseline } => write!(f, "swap:{margin}:{baseline}"),
            Strategy::Table { name, .. } => write!(f, "{name}"),
        }
    }
}

impl fmt::Debug for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Strategy({self})")
    }
}

impl FromStr for Strategy {
    type Err = HogError;

    /// [`Strategy::named`] under the handout's rules.
    fn from_str(s: &str) -> Result<Strategy, HogError> {
        Strategy::named(s, &Rules::HANDOUT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_choose() {
        let s: Strategy = "always:3".parse().unwrap();
        assert_eq!(s.rolls(10, 20), 3);
        assert_eq!(
            "always:11".parse::<Strategy>(),
            Err(HogError::TooManyDice(11))
        );
        assert!(matches!(
            "sometimes".parse::<Strategy>(),
            Err(HogError::UnknownStrategy(_))
        ));
        assert!(matches!(
            "always:x".parse::<Strategy>(),
            Err(HogError::UnknownStrategy(_))
        ));
        assert_eq!(
            s.choose(100, 3),
            Err(HogError::ScoreOutOfRange {
                score: 100,
                goal: 100
            })
        );
        assert_eq!(
            Strategy::table("short", vec![1; 99]),
            Err(HogError::TableSize(99))
        );
    }

    #[test]
    fn bacon_strategy_examples() {
        let b: Strategy = "bacon".parse().unwrap();
        assert_eq!(b.rolls(0, 48), 0); // free bacon 9 >= 8
        assert_eq!(b.rolls(0, 42), 5); // 5 < 8
        let b: Strategy = "bacon:5:4".parse().unwrap();
        assert_eq!(b.rolls(0, 42), 0);
        assert_eq!(b.rolls(0, 31), 4);
    }

    #[test]
    fn swap_strategy_examples() {
        let s: Strategy = "swap".parse().unwrap();
        // 15 + free bacon 5 = 20, and 40 = 2 * 20: a beneficial swap.
        assert_eq!(s.rolls(15, 40), 0);
        // 35 + 3 = 38: no swap, and 3 < 8: the baseline.
        assert_eq!(s.rolls(35, 20), 5);
        // 24 + 6 = 30 = 2 * 15: a harmful swap (the mover would drop to 15).
        assert_eq!(s.rolls(24, 15), 5);
        // Free bacon 9 >= 8 and no swap: 0.
        assert_eq!(s.rolls(0, 48), 0);
        // 8 + 10 = 18 = 2 * 9: harmful, though free bacon 10 beats the margin.
        assert_eq!(s.rolls(8, 9), 5);
    }
}
