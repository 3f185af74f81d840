//! Playing whole games: a recorded one (every die, free bacon, swaps) and a
//! fast one for simulation. Both use the same turn rules.

use dice::{Dice, DiceError};

use crate::step::HogState;
use crate::turn::{TurnRecord, end_turn, points};
use crate::{HogError, Rules, Strategy};

/// Dice that send four-sided rolls to one die and the rest to another, as
/// the grader replaces `four_sided` and `six_sided` with test dice.
#[derive(Clone, Debug)]
pub struct SplitDice<F, S> {
    /// Rolls of four-sided dice.
    pub four: F,
    /// Every other roll.
    pub six: S,
}

impl<F: Dice, S: Dice> Dice for SplitDice<F, S> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if sides == 4 {
            self.four.roll(4)
        } else {
            self.six.roll(sides)
        }
    }
}

/// A whole recorded game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Game {
    /// Player 0's final score.
    pub score0: u32,
    /// Player 1's final score.
    pub score1: u32,
    /// The winner (0 or 1).
    pub winner: usize,
    /// Every turn.
    pub turns: Vec<TurnRecord>,
}

/// Play one turn for `player` at `scores` under `rules`; returns the turn
/// record. The same as [`HogState::play_turn`] from that
/// state.
///
/// # Errors
/// [`HogError::ScoreOutOfRange`] for a score at or past the goal,
/// [`HogError::TooManyDice`], [`HogError::ZeroDiceWithoutFreeBacon`]; the
/// dice's errors.
pub fn turn<D: Dice + ?Sized>(
    player: usize,
    scores: [u32; 2],
    rolls: u32,
    rules: &Rules,
    dice: &mut D,
) -> Result<TurnRecord, HogError> {
    HogState::at(*rules, scores, player)?.play_turn(rolls, dice)
}

/// The project's `play`: player 0 moves first with `strategy0`; turns
/// alternate until a score reaches the goal; the higher score wins. Hog
/// wild picks the dice, and swine swap is checked after every turn, the
/// winning one included (each as `rules` switch them).
///
/// # Errors
/// The dice's errors (test dice that run out or show a face too large);
/// [`HogError::ZeroDiceWithoutFreeBacon`] when a strategy rolls 0 without
/// free bacon.
pub fn play<D: Dice + ?Sized>(
    strategy0: &Strategy,
    strategy1: &Strategy,
    rules: &Rules,
    dice: &mut D,
) -> Result<Game, HogError> {
    let mut state = HogState::new(*rules);
    let mut turns = Vec::new();
    while let Some(player) = state.mover() {
        let strategy = if player == 0 { strategy0 } else { strategy1 };
        let (me, them) = state.view();
        turns.push(state.play_turn(strategy.rolls(me, them), dice)?);
    }
    let scores = state.scores();
    Ok(Game {
        score0: scores[0],
        score1: scores[1],
        winner: usize::from(scores[1] > scores[0]),
        turns,
    })
}

/// [`play`] without the record, for simulation: the final scores. A fast
/// path beside the step (no state checks, no record); tests play the same
/// seeded games through both.
///
/// # Errors
/// The dice's errors.
#[inline]
pub fn play_fast<D: Dice + ?Sized>(
    strategy0: &Strategy,
    strategy1: &Strategy,
    rules: &Rules,
    dice: &mut D,
) -> Result<[u32; 2], HogError> {
    let goal = rules.goal();
    let mut scores = [0u32; 2];
    let mut player = 0;
    while scores[0] < goal && scores[1] < goal {
        let (me, them) = (scores[player], scores[1 - player]);
        let strategy = if player == 0 { strategy0 } else { strategy1 };
        let rolls = strategy.rolls(me, them);
        let points = points(rules, me, them, rolls, dice, |_| {})?;
        end_turn(rules, &mut scores, player, points);
        player = 1 - player;
    }
    Ok(scores)
}
