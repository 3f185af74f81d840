//! One turn of Hog, the one place its rules are written: the dice rolled
//! and scored (pig out), the points of a turn (free bacon, hog wild), the
//! end of a turn (swine swap), and the record a played turn leaves. The
//! rules step ([`crate::step`]), the recorded and fast games
//! ([`crate::play`], [`crate::play_fast`]) and [`crate::roll_dice`] all
//! call these; this module calls none of them.

use dice::Dice;

use crate::{HogError, Rules, free_bacon};

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

/// One turn of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TurnRecord {
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
