//! Craps: the come-out roll wins on 7 or 11 and loses on 2, 3 or 12; any
//! other sum is the point, rolled for until the point (win) or a 7 (loss).

use dice::Dice;

use crate::{CasinoError, Ratio};

/// Sum of two six-sided dice for each two-dice block code (see
/// [`Dice::roll_block`]): only the lowest two base-6 digits count.
const SUMS: [u8; 216] = {
    let mut t = [0u8; 216];
    let mut c = 0;
    while c < 216 {
        t[c] = (c % 6 + 1 + (c / 6) % 6 + 1) as u8;
        c += 1;
    }
    t
};

/// Roll a pair of six-sided dice and return their sum.
///
/// # Errors
/// The dice's errors.
#[inline]
pub fn roll_pair<D: Dice + ?Sized>(dice: &mut D) -> Result<u32, CasinoError> {
    Ok(u32::from(SUMS[dice.roll_block(6, 2)? as usize % 216]))
}

/// Roll a pair of six-sided dice and return both faces: the same draw as
/// [`roll_pair`] (its sum is theirs), for transcripts.
///
/// # Errors
/// The dice's errors.
pub fn roll_faces<D: Dice + ?Sized>(dice: &mut D) -> Result<[u32; 2], CasinoError> {
    let code = dice.roll_block(6, 2)?;
    Ok([code % 6 + 1, (code / 6) % 6 + 1])
}

/// One roll of a recorded game (see
/// [`crate::step::CrapsState::transcript`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CrapsRoll {
    /// The two faces.
    pub dice: [u32; 2],
    /// Their sum.
    pub sum: u32,
    /// Where the game stood before the roll.
    pub before: Phase,
    /// Where it stands after.
    pub after: Phase,
    /// The rule applied, in words.
    pub rule: String,
}

/// The rule a roll of `sum` applies from `before`, in words.
pub fn rule_applied(before: Phase, sum: u32) -> String {
    match (before, before.after(sum)) {
        (Phase::ComeOut, Phase::Won) => format!("come-out roll {sum}: a natural, the player wins"),
        (Phase::ComeOut, Phase::Lost) => format!("come-out roll {sum}: craps, the player loses"),
        (Phase::ComeOut, Phase::Point(p)) => {
            format!("come-out roll {sum}: the point is {p}; roll for it before a 7")
        }
        (Phase::Point(_), Phase::Lost) => format!("{sum}: seven out, the player loses"),
        (Phase::Point(p), Phase::Won) => format!("{sum}: the point {p} again, the player wins"),
        (Phase::Point(p), _) => format!("{sum}: neither the point {p} nor 7, roll again"),
        (done, _) => format!("{sum}: the game was over ({done:?})"),
    }
}

/// What a come-out roll does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComeOut {
    /// 7 or 11.
    Win,
    /// 2, 3 or 12.
    Lose,
    /// Any other sum: roll for it.
    Point(u32),
}

/// The rule for a come-out roll of `sum`.
pub fn come_out(sum: u32) -> ComeOut {
    match sum {
        7 | 11 => ComeOut::Win,
        2 | 3 | 12 => ComeOut::Lose,
        p => ComeOut::Point(p),
    }
}

/// Where a game of craps stands.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(tag = "phase", content = "point", rename_all = "kebab-case")]
pub enum Phase {
    /// The come-out roll is next.
    #[default]
    ComeOut,
    /// Rolling for this point.
    Point(u32),
    /// The player won.
    Won,
    /// The player lost.
    Lost,
}

impl Phase {
    /// The one rule of craps: what a roll of `sum` does from here. On the
    /// come-out, [`come_out`]; rolling for a point, a 7 loses (checked
    /// first, as the homework's `forPoint` does) and the point wins; a
    /// finished game stays finished.
    #[inline(always)]
    pub fn after(self, sum: u32) -> Phase {
        match self {
            Phase::ComeOut => match come_out(sum) {
                ComeOut::Win => Phase::Won,
                ComeOut::Lose => Phase::Lost,
                ComeOut::Point(p) => Phase::Point(p),
            },
            Phase::Point(_) if sum == 7 => Phase::Lost,
            Phase::Point(p) if sum == p => Phase::Won,
            other => other,
        }
    }

    /// Whether the game is over, and if so whether the player won.
    #[inline]
    pub fn result(self) -> Option<bool> {
        match self {
            Phase::Won => Some(true),
            Phase::Lost => Some(false),
            _ => None,
        }
    }
}

/// Roll from `phase` until the game is over, telling `seen` each sum.
/// Returns whether the player won.
#[inline(always)]
fn run<D: Dice + ?Sized>(
    mut phase: Phase,
    dice: &mut D,
    mut seen: impl FnMut(u32),
) -> Result<bool, CasinoError> {
    loop {
        if let Some(won) = phase.result() {
            return Ok(won);
        }
        let s = roll_pair(dice)?;
        seen(s);
        phase = phase.after(s);
    }
}

/// The homework's `forPoint(roll)`: roll until a 7 (false, a loss) or
/// `point` again (true, a win). Returns the result and the rolls made.
///
/// As in the homework, any initial roll from 2 to 12 is accepted (its own
/// examples call `forPoint(2)`); the 7 is checked first, so `for_point(7)`
/// loses on its first roll.
///
/// # Errors
/// [`CasinoError::NotAPoint`] for a roll outside 2..=12; the dice's errors.
pub fn for_point<D: Dice + ?Sized>(
    point: u32,
    dice: &mut D,
) -> Result<(bool, Vec<u32>), CasinoError> {
    if !(2..=12).contains(&point) {
        return Err(CasinoError::NotAPoint(point));
    }
    let mut rolls = Vec::new();
    let won = run(Phase::Point(point), dice, |s| rolls.push(s))?;
    Ok((won, rolls))
}

/// One game of craps: every roll's sum and whether the player won.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CrapsGame {
    /// The sums rolled, the come-out roll first.
    pub rolls: Vec<u32>,
    /// Whether the player won.
    pub won: bool,
}

/// The homework's `craps()`: one game.
///
/// # Errors
/// The dice's errors.
pub fn play<D: Dice + ?Sized>(dice: &mut D) -> Result<CrapsGame, CasinoError> {
    let mut rolls = Vec::new();
    let won = run(Phase::ComeOut, dice, |s| rolls.push(s))?;
    Ok(CrapsGame { rolls, won })
}

/// One game without recording the rolls (the simulator's path): the same
/// rule as [`play`] ([`Phase::after`]), nothing recorded.
///
/// # Errors
/// The dice's errors.
#[inline]
pub fn wins<D: Dice + ?Sized>(dice: &mut D) -> Result<bool, CasinoError> {
    // A point, once set, stays until the game ends: the loop asks the rule
    // about that one phase, which the compiler specialises.
    match Phase::ComeOut.after(roll_pair(dice)?) {
        point @ Phase::Point(_) => loop {
            match point.after(roll_pair(dice)?) {
                Phase::Won => return Ok(true),
                Phase::Lost => return Ok(false),
                _ => {}
            }
        },
        done => Ok(done == Phase::Won),
    }
}

/// The homework's `testCraps(n)` on seeded dice, over threads without
/// changing the result: the number of wins.
///
/// # Errors
/// Zero games or zero threads.
pub fn test_craps(games: u64, seed: u64, threads: usize) -> Result<u64, CasinoError> {
    test_craps_shard(games, seed, threads, dice::parallel::Shard::ALL, |_| {})
}

/// [`test_craps`] over one shard's chunks: the shards' wins add up to the
/// whole run's. `watch` is told the games played and may stop the run.
///
/// # Errors
/// As [`test_craps`]; [`CasinoError::Parallel`] with
/// [`dice::parallel::ParallelError::Stopped`] when `watch` stops it.
pub fn test_craps_shard(
    games: u64,
    seed: u64,
    threads: usize,
    shard: dice::parallel::Shard,
    watch: impl dice::parallel::Watch,
) -> Result<u64, CasinoError> {
    if games == 0 {
        return Err(CasinoError::ZeroGames);
    }
    Ok(dice::parallel::run_shard_fold(
        games,
        seed,
        threads,
        shard,
        |d, _, n| {
            (0..n)
                .filter(|_| wins(d).expect("seeded dice never fail"))
                .count() as u64
        },
        0u64,
        |a, w| a + w,
        watch,
    )?)
}

/// One point's share of the exact odds.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PointOdds {
    /// The point.
    pub point: u32,
    /// The chance that the come-out roll sets this point.
    pub come_out: Ratio,
    /// The chance of making the point before a 7.
    pub make: Ratio,
    /// Their product: this point's share of the win probability.
    pub win: Ratio,
}

/// The exact odds of craps.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CrapsOdds {
    /// Winning on the come-out roll (7 or 11).
    pub natural: Ratio,
    /// Losing on the come-out roll (2, 3 or 12).
    pub craps: Ratio,
    /// Each point.
    pub points: Vec<PointOdds>,
    /// The chance to win.
    pub win: Ratio,
}

/// The exact odds, from the 36 equally likely rolls of two dice: a point `p`
/// is made before a 7 with chance `n(p) / (n(p) + n(7))`.
pub fn exact() -> CrapsOdds {
    let mut ways = [0u128; 13];
    for a in 1..=6 {
        for b in 1..=6 {
            ways[a + b] += 1;
        }
    }
    let mut natural = Ratio::zero();
    let mut craps = Ratio::zero();
    let mut points = Vec::new();
    for (sum, &w) in ways.iter().enumerate().skip(2) {
        let p = Ratio::new(w, 36);
        match come_out(sum as u32) {
            ComeOut::Win => natural = natural + p,
            ComeOut::Lose => craps = craps + p,
            ComeOut::Point(point) => {
                let make = Ratio::new(w, w + ways[7]);
                points.push(PointOdds {
                    point,
                    come_out: p,
                    make,
                    win: p * make,
                });
            }
        }
    }
    let win = points.iter().fold(natural, |a, p| a + p.win);
    CrapsOdds {
        natural,
        craps,
        points,
        win,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice::ScriptedDice;

    #[test]
    fn exact_win_is_244_over_495() {
        let o = exact();
        assert_eq!(o.win, Ratio::new(244, 495));
        assert_eq!(o.natural, Ratio::new(2, 9));
        assert_eq!(o.craps, Ratio::new(1, 9));
        assert_eq!(o.points.len(), 6);
        assert_eq!(o.points[0].make, Ratio::new(1, 3)); // point 4: 3 ways vs 6
    }

    #[test]
    fn scripted_games() {
        // Come-out 3+4 = 7 wins at once.
        let g = play(&mut ScriptedDice::new(vec![3, 4])).unwrap();
        assert_eq!((g.rolls, g.won), (vec![7], true));
        // 1+1 = 2 loses at once.
        let g = play(&mut ScriptedDice::new(vec![1, 1])).unwrap();
        assert_eq!((g.rolls, g.won), (vec![2], false));
        // Point 4 (2+2), then 5, then 4 again: made.
        let g = play(&mut ScriptedDice::new(vec![2, 2, 1, 4, 3, 1])).unwrap();
        assert_eq!((g.rolls, g.won), (vec![4, 5, 4], true));
        // Point 10 (4+6), then 11 (no effect in the point phase), then 7: lost.
        let g = play(&mut ScriptedDice::new(vec![4, 6, 5, 6, 1, 6])).unwrap();
        assert_eq!((g.rolls, g.won), (vec![10, 11, 7], false));
    }

    #[test]
    fn for_point_checks_its_argument() {
        let mut d = ScriptedDice::new(vec![]);
        assert_eq!(for_point(1, &mut d), Err(CasinoError::NotAPoint(1)));
        assert_eq!(for_point(13, &mut d), Err(CasinoError::NotAPoint(13)));
        // The handout's forPoint(2): 1+1 again is a win, a 7 first a loss.
        let mut d = ScriptedDice::new(vec![3, 3, 1, 1]);
        assert_eq!(for_point(2, &mut d).unwrap(), (true, vec![6, 2]));
        let mut d = ScriptedDice::new(vec![6, 1]);
        assert_eq!(for_point(7, &mut d).unwrap(), (false, vec![7]));
    }
}
