//! Hog as a rules step ([`game::Step`]): a decision (0 to 10 dice, 1 to 10
//! without free bacon), then chance (the turn's points, with exact weights:
//! the number of face sequences giving each score). Zero dice scores free
//! bacon at once, with no chance node. [`crate::play`] and the CLI's game
//! against a person run through it; [`crate::play_fast`] and the exact
//! dynamic programs in [`crate::exact`] are tested equal to it.

use dice::{Dice, DiceError};
use game::{Step, Turn};
use serde::{Deserialize, Serialize};

use crate::turn::{TurnRecord, end_turn, roll_core};
use crate::{HogError, MAX_ROLLS, Rules, exact, free_bacon};

/// A Hog position: the rules, both scores, whose move, and the dice
/// chosen when chance is about to roll them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "HogSetup")]
pub struct HogState {
    rules: Rules,
    scores: [u32; 2],
    player: usize,
    rolling: Option<u32>,
}

/// [`HogState`] as read, before it is checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HogSetup {
    rules: Rules,
    scores: [u32; 2],
    player: usize,
    rolling: Option<u32>,
}

impl TryFrom<HogSetup> for HogState {
    type Error = HogError;

    fn try_from(s: HogSetup) -> Result<HogState, HogError> {
        let goal = s.rules.goal();
        let over = s.scores.iter().any(|&x| x >= goal);
        if s.player > 1 {
            return Err(HogError::NotAPlayer(s.player));
        }
        if over {
            // A finished game: the scores may pass the goal, but no more
            // than one turn can carry them (60 points, plus a swap).
            if s.rolling.is_some() || s.scores.iter().any(|&x| x >= goal + 60) {
                return Err(HogError::ScoreOutOfRange {
                    score: s.scores[0].max(s.scores[1]),
                    goal,
                });
            }
        }
        if let Some(n) = s.rolling
            && !(1..=MAX_ROLLS).contains(&n)
        {
            return Err(HogError::RollDice(n));
        }
        Ok(HogState {
            rules: s.rules,
            scores: s.scores,
            player: s.player,
            rolling: s.rolling,
        })
    }
}

impl HogState {
    /// A new game under `rules`: 0 to 0, player 0 to move.
    pub fn new(rules: Rules) -> HogState {
        HogState {
            rules,
            scores: [0, 0],
            player: 0,
            rolling: None,
        }
    }

    /// `player` to move at `scores` (player 0's first).
    ///
    /// # Errors
    /// [`HogError::ScoreOutOfRange`] for a score at or past the goal,
    /// [`HogError::NotAPlayer`] for a player other than 0 or 1.
    pub fn at(rules: Rules, scores: [u32; 2], player: usize) -> Result<HogState, HogError> {
        rules.check_score(scores[0])?;
        rules.check_score(scores[1])?;
        if player > 1 {
            return Err(HogError::NotAPlayer(player));
        }
        Ok(HogState {
            rules,
            scores,
            player,
            rolling: None,
        })
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Both scores, player 0's first.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The player choosing dice now, if any.
    pub fn mover(&self) -> Option<usize> {
        match self.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }

    /// The mover's score and the opponent's.
    pub fn view(&self) -> (u32, u32) {
        (self.scores[self.player], self.scores[1 - self.player])
    }

    /// The dice chosen, while chance is about to roll them.
    pub fn rolling(&self) -> Option<u32> {
        self.rolling
    }

    /// The winner once the game is over: the higher score.
    pub fn winner(&self) -> Option<usize> {
        (self.turn() == Turn::Terminal).then(|| usize::from(self.scores[1] > self.scores[0]))
    }

    /// The sides of the mover's dice now (hog wild).
    pub fn sides(&self) -> u32 {
        let (me, them) = self.view();
        self.rules.sides(me, them)
    }

    fn finish(&mut self, points: u32) -> bool {
        let swapped = end_turn(&self.rules, &mut self.scores, self.player, points);
        self.player = 1 - self.player;
        self.rolling = None;
        swapped
    }

    /// One whole turn: choose `rolls` dice, roll them with `dice` (as the
    /// fast path does), and return the record of the turn.
    ///
    /// # Errors
    /// The step's errors ([`HogError::TooManyDice`],
    /// [`HogError::ZeroDiceWithoutFreeBacon`], a finished game), the
    /// dice's errors.
    pub fn play_turn<D: Dice + ?Sized>(
        &mut self,
        rolls: u32,
        dice: &mut D,
    ) -> Result<TurnRecord, HogError> {
        let player = self.player;
        let before = self.scores;
        let sides = self.sides();
        let (_, them) = self.view();
        self.apply_action(&rolls)?;
        let mut outcomes = Vec::new();
        let (points, swine_swap) = if self.rolling.is_some() {
            let points = roll_core(rolls, sides, dice, |f| outcomes.push(f))?;
            (points, self.finish(points))
        } else {
            // Zero dice: apply_action has already scored free bacon.
            let points = free_bacon(them);
            (points, swapped_by(&self.rules, before, player, points))
        };
        Ok(TurnRecord {
            player,
            before,
            rolls,
            sides,
            pig_out: outcomes.contains(&1),
            outcomes,
            points,
            free_bacon: rolls == 0,
            swine_swap,
            after: self.scores,
        })
    }
}

/// Whether `points` for `player` at `before` swapped the scores.
fn swapped_by(rules: &Rules, mut before: [u32; 2], player: usize, points: u32) -> bool {
    end_turn(rules, &mut before, player, points)
}

impl Step for HogState {
    type Action = u32;
    type Outcome = u32;
    type Error = HogError;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        let goal = self.rules.goal();
        if self.scores[0] >= goal || self.scores[1] >= goal {
            Turn::Terminal
        } else if self.rolling.is_some() {
            Turn::Chance
        } else {
            Turn::Player(self.player)
        }
    }

    fn legal_actions(&self) -> Vec<u32> {
        match self.turn() {
            Turn::Player(_) => (self.rules.min_rolls()..=MAX_ROLLS).collect(),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(u32, u64)> {
        match (self.turn(), self.rolling) {
            (Turn::Chance, Some(n)) => exact::turn_point_ways(n, self.sides())
                .map(<[_]>::to_vec)
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    fn apply_action(&mut self, &rolls: &u32) -> Result<(), HogError> {
        if !matches!(self.turn(), Turn::Player(_)) {
            return Err(HogError::NotADecision);
        }
        let rolls = self.rules.check_rolls(i64::from(rolls))?;
        if rolls == 0 {
            let (_, them) = self.view();
            self.finish(free_bacon(them));
        } else {
            self.rolling = Some(rolls);
        }
        Ok(())
    }

    fn apply_outcome(&mut self, &points: &u32) -> Result<(), HogError> {
        if !self.chance_outcomes().iter().any(|&(k, _)| k == points) {
            return Err(HogError::NotAnOutcome(points));
        }
        self.finish(points);
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        match self.winner() {
            Some(w) => (0..2).map(|p| f64::from(u8::from(p == w))).collect(),
            None => vec![0.0, 0.0],
        }
    }

    /// The dice rolled as [`crate::play_fast`] rolls them (three at a
    /// time, scored by `turn::roll_core`), so the same dice give the same game.
    fn sample_outcome<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<u32, DiceError> {
        let n = self.rolling.unwrap_or(1);
        roll_core(n, self.sides(), dice, |_| {}).map_err(|e| match e {
            HogError::Dice(d) => d,
            _ => DiceError::EmptyCycle,
        })
    }
}
