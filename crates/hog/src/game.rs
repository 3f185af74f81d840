//! Playing whole games: a recorded one (every die, free bacon, swaps) and a
//! fast one for simulation. Both use the same turn rules.

use dice::{Dice, DiceError};

use crate::{HogError, Rules, Strategy, free_bacon};

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

/// For `k` dice of `S` sides rolled as one block code (see
/// [`Dice::roll_block`]): the sum of the faces of the lowest `k` digits, with
/// bit 8 set when one of them is a 1.
const fn block_table<const S: usize, const CODES: usize>() -> [[u16; CODES]; 4] {
    let mut t = [[0u16; CODES]; 4];
    let mut k = 1;
    while k < 4 {
        let mut code = 0;
        while code < CODES {
            let (mut c, mut sum, mut one, mut i) = (code, 0u16, 0u16, 0);
            while i < k {
                let face = (c % S) as u16 + 1;
                sum += face;
                if face == 1 {
                    one = 1 << 8;
                }
                c /= S;
                i += 1;
            }
            t[k][code] = sum | one;
            code += 1;
        }
        k += 1;
    }
    t
}

const FOUR: [[u16; 64]; 4] = block_table::<4, 64>();
const SIX: [[u16; 216]; 4] = block_table::<6, 216>();

/// Roll `n >= 1` dice and apply pig out, telling `seen` each face. Dice are
/// rolled three at a time with [`Dice::roll_block`] (exactly the same faces
/// for scripted and cycling dice; one digit per three dice for seeded
/// dice), and four- and six-sided blocks are scored by table.
#[inline]
pub(crate) fn roll_core<D: Dice + ?Sized>(
    n: u32,
    sides: u32,
    dice: &mut D,
    mut seen: impl FnMut(u32),
) -> Result<u32, HogError> {
    let mut sum = 0u32;
    let mut pig_out = false;
    let mut left = n;
    while left > 0 {
        let k = left.min(3);
        let code = dice.roll_block(sides, k)?;
        let scored = match sides {
            6 => u32::from(SIX[k as usize][code as usize % 216]),
            4 => u32::from(FOUR[k as usize][code as usize % 64]),
            _ => {
                let (mut c, mut s, mut one) = (code, 0, 0);
                for _ in 0..k {
                    let face = c % sides + 1;
                    s += face;
                    one |= u32::from(face == 1) << 8;
                    c /= sides;
                }
                s | one
            }
        };
        sum += scored & 0xff;
        pig_out |= scored >> 8 != 0;
        let mut c = code;
        for _ in 0..k {
            seen(c % sides + 1);
            c /= sides;
        }
        left -= k;
    }
    Ok(if pig_out { 1 } else { sum })
}

/// The end of every turn, the one place it is written: the mover's points
/// are added, then swine swap is checked (as `rules` switch it). Returns
/// whether the scores swapped.
#[inline]
pub(crate) fn end_turn(rules: &Rules, scores: &mut [u32; 2], player: usize, points: u32) -> bool {
    scores[player] += points;
    let swapped = rules.swaps(scores[0], scores[1]);
    if swapped {
        scores.swap(0, 1);
    }
    swapped
}

/// One turn of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Turn {
    /// Who moved (0 or 1).
    pub player: usize,
    /// Scores before the turn, player 0's first.
    pub before: [u32; 2],
    /// Dice the strategy chose.
    pub rolls: u32,
    /// Sides of the dice (4 under hog wild).
    pub sides: u32,
    /// Each die rolled.
    pub outcomes: Vec<u32>,
    /// Points scored.
    pub points: u32,
    /// Whether the points came from free bacon.
    pub free_bacon: bool,
    /// Whether any die showed 1.
    pub pig_out: bool,
    /// Whether the scores were swapped after the turn.
    pub swine_swap: bool,
    /// Scores after the turn, player 0's first.
    pub after: [u32; 2],
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
    pub turns: Vec<Turn>,
}

/// The points of one turn at (`me`, `them`) rolling `rolls`, telling
/// `seen` each die.
#[inline]
pub(crate) fn points<D: Dice + ?Sized>(
    rules: &Rules,
    me: u32,
    them: u32,
    rolls: u32,
    dice: &mut D,
    seen: impl FnMut(u32),
) -> Result<u32, HogError> {
    if rolls == 0 {
        if rules.free_bacon() {
            Ok(free_bacon(them))
        } else {
            Err(HogError::ZeroDiceWithoutFreeBacon)
        }
    } else if rolls > crate::MAX_ROLLS {
        Err(HogError::TooManyDice(i64::from(rolls)))
    } else {
        roll_core(rolls, rules.sides(me, them), dice, seen)
    }
}

/// Play one turn for `player` at `scores` under `rules`; returns the turn
/// record. The same as [`crate::step::HogState::play_turn`] from that
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
) -> Result<Turn, HogError> {
    crate::step::HogState::at(*rules, scores, player)?.play_turn(rolls, dice)
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
    let mut state = crate::step::HogState::new(*rules);
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
