//! The rules in force, as one value: the goal and the three special rules
//! as switches, so the effect of each can be measured. [`Rules::default`]
//! is the handout's game (goal 100, every rule on), bit for bit.

use serde::{Deserialize, Serialize};

use crate::{GOAL, HogError, MAX_ROLLS};

/// The goal and which special rules apply. Pig out (any 1 scores 1) is the
/// game itself and cannot be switched off.
///
/// Built only through [`Rules::new`] (or deserialised through the same
/// check), so a `Rules` always has a goal from 1 to [`GOAL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSetup", deny_unknown_fields)]
pub struct Rules {
    goal: u32,
    free_bacon: bool,
    hog_wild: bool,
    swine_swap: bool,
}

/// [`Rules`] as read, before the goal is checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesSetup {
    goal: u32,
    free_bacon: bool,
    hog_wild: bool,
    swine_swap: bool,
}

impl TryFrom<RulesSetup> for Rules {
    type Error = HogError;

    fn try_from(r: RulesSetup) -> Result<Rules, HogError> {
        Rules::new(r.goal, r.free_bacon, r.hog_wild, r.swine_swap)
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::HANDOUT
    }
}

impl Rules {
    /// The handout's rules: goal 100, free bacon, hog wild and swine swap.
    pub const HANDOUT: Rules = Rules {
        goal: GOAL,
        free_bacon: true,
        hog_wild: true,
        swine_swap: true,
    };

    /// Rules with the given goal and switches.
    ///
    /// # Errors
    /// [`HogError::GoalOutOfRange`] for a goal outside 1 to [`GOAL`]
    /// (strategies are tables over scores 0 to 99, so a larger goal would
    /// reach scores no strategy covers).
    pub fn new(
        goal: u32,
        free_bacon: bool,
        hog_wild: bool,
        swine_swap: bool,
    ) -> Result<Rules, HogError> {
        if !(1..=GOAL).contains(&goal) {
            return Err(HogError::GoalOutOfRange(goal));
        }
        Ok(Rules {
            goal,
            free_bacon,
            hog_wild,
            swine_swap,
        })
    }

    /// The handout's rules with another goal.
    ///
    /// # Errors
    /// As [`Rules::new`].
    pub fn with_goal(goal: u32) -> Result<Rules, HogError> {
        Rules::new(goal, true, true, true)
    }

    /// The score that ends the game.
    #[inline]
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Whether rolling zero dice scores free bacon (else zero dice is not
    /// allowed, and a turn rolls 1 to 10).
    #[inline]
    pub fn free_bacon(&self) -> bool {
        self.free_bacon
    }

    /// Whether a score sum that is a multiple of 7 makes the dice
    /// four-sided (else they are always six-sided).
    #[inline]
    pub fn hog_wild(&self) -> bool {
        self.hog_wild
    }

    /// Whether a score exactly double the other swaps the two.
    #[inline]
    pub fn swine_swap(&self) -> bool {
        self.swine_swap
    }

    /// The fewest dice a turn may roll: 0 with free bacon, else 1.
    #[inline]
    pub fn min_rolls(&self) -> u32 {
        u32::from(!self.free_bacon)
    }

    /// Check a number of dice under these rules.
    ///
    /// # Errors
    /// [`HogError::TooManyDice`] outside 0 to 10,
    /// [`HogError::ZeroDiceWithoutFreeBacon`] for 0 without free bacon.
    pub fn check_rolls(&self, n: i64) -> Result<u32, HogError> {
        let n = crate::check_rolls(n)?;
        if n < self.min_rolls() {
            return Err(HogError::ZeroDiceWithoutFreeBacon);
        }
        Ok(n)
    }

    /// Check a score in play: below the goal.
    ///
    /// # Errors
    /// [`HogError::ScoreOutOfRange`].
    pub fn check_score(&self, s: u32) -> Result<u32, HogError> {
        if s < self.goal {
            Ok(s)
        } else {
            Err(HogError::ScoreOutOfRange {
                score: s,
                goal: self.goal,
            })
        }
    }

    /// The sides of the mover's dice at (score, opponent score): hog wild
    /// when it applies, else six.
    #[inline]
    pub fn sides(&self, score: u32, opponent: u32) -> u32 {
        if self.hog_wild {
            crate::select_dice(score, opponent)
        } else {
            6
        }
    }

    /// Whether the scores after a turn swap.
    #[inline]
    pub fn swaps(&self, score: u32, opponent: u32) -> bool {
        self.swine_swap && crate::swine_swap(score, opponent)
    }

    /// Check that a strategy chooses a legal number of dice at every score
    /// pair below the goal (no 0 without free bacon).
    ///
    /// # Errors
    /// [`HogError::StrategyRollsZero`] naming the first pair where it
    /// rolls 0 without free bacon.
    pub fn check_strategy(&self, s: &crate::Strategy) -> Result<(), HogError> {
        if self.free_bacon {
            return Ok(());
        }
        for score in 0..self.goal {
            for opponent in 0..self.goal {
                let n = s.rolls(score, opponent);
                debug_assert!(n <= MAX_ROLLS);
                if n == 0 {
                    return Err(HogError::StrategyRollsZero {
                        strategy: s.to_string(),
                        score,
                        opponent,
                    });
                }
            }
        }
        Ok(())
    }

    /// A short description: `goal 100` and the rules switched off.
    pub fn describe(&self) -> String {
        let mut s = format!("goal {}", self.goal);
        for (on, name) in [
            (self.free_bacon, "free bacon"),
            (self.hog_wild, "hog wild"),
            (self.swine_swap, "swine swap"),
        ] {
            if !on {
                s.push_str(", no ");
                s.push_str(name);
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handout_rules_and_checks() {
        let r = Rules::default();
        assert_eq!(r, Rules::HANDOUT);
        assert_eq!(r.describe(), "goal 100");
        assert_eq!(
            Rules::new(0, true, true, true),
            Err(HogError::GoalOutOfRange(0))
        );
        assert_eq!(
            Rules::new(101, true, true, true),
            Err(HogError::GoalOutOfRange(101))
        );
        let pig = Rules::new(50, false, false, false).unwrap();
        assert_eq!(
            pig.describe(),
            "goal 50, no free bacon, no hog wild, no swine swap"
        );
        assert_eq!(pig.check_rolls(0), Err(HogError::ZeroDiceWithoutFreeBacon));
        assert_eq!(pig.check_rolls(1), Ok(1));
        assert_eq!(pig.sides(0, 0), 6);
        assert_eq!(r.sides(0, 0), 4);
        assert!(!pig.swaps(10, 20));
        assert!(r.swaps(10, 20));
        assert!(pig.check_score(49).is_ok() && pig.check_score(50).is_err());
    }

    #[test]
    fn deserialising_checks_the_goal() {
        let ok: Rules = serde_json::from_str(
            r#"{"goal": 20, "free_bacon": false, "hog_wild": true, "swine_swap": true}"#,
        )
        .unwrap();
        assert_eq!(ok.goal(), 20);
        assert!(
            serde_json::from_str::<Rules>(
                r#"{"goal": 0, "free_bacon": true, "hog_wild": true, "swine_swap": true}"#
            )
            .is_err()
        );
        assert!(
            serde_json::from_str::<Rules>(
                r#"{"goal": 20, "free_bacon": true, "hog_wild": true, "swine_swap": true, "x": 1}"#
            )
            .is_err()
        );
    }
}
