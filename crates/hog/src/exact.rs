//! Exact Hog by dynamic programming, no sampling.
//!
//! Every turn adds at least one point to the sum of the two scores, and a
//! swap keeps the sum, so the chance of winning from (mover's score,
//! other's score) depends only on states with a larger sum: the tables are
//! filled from the largest sum down to 0 in one pass. A turn's points have
//! an exact distribution: free bacon for 0 dice, else for `n` dice of `d`
//! sides, 1 with chance `1 - ((d-1)/d)^n` (pig out) and each sum of `n`
//! faces from 2..=d with its count over `d^n`.

use crate::{GOAL, MAX_ROLLS, Strategy, free_bacon, select_dice, swine_swap};

/// The points a turn scores with `n` dice of `sides` sides, with their
/// chances: `table(sides)[n]` lists `(points, chance)`.
struct Points {
    four: Vec<Vec<(u32, f64)>>,
    six: Vec<Vec<(u32, f64)>>,
}

fn points_of(sides: u32) -> Vec<Vec<(u32, f64)>> {
    let d = u64::from(sides);
    let mut out = vec![Vec::new()];
    // ways[s]: sequences of n faces, all from 2..=d, summing to s.
    let mut ways = vec![1u64];
    for n in 1..=MAX_ROLLS {
        let mut next = vec![0u64; ways.len() + d as usize];
        for (s, &w) in ways.iter().enumerate() {
            for f in 2..=d as usize {
                next[s + f] += w;
            }
        }
        ways = next;
        let all = d.pow(n) as f64;
        let no_ones: u64 = ways.iter().sum();
        let mut dist = vec![(1, (d.pow(n) - no_ones) as f64 / all)];
        for (s, &w) in ways.iter().enumerate() {
            if w > 0 {
                dist.push((s as u32, w as f64 / all));
            }
        }
        out.push(dist);
    }
    out
}

impl Points {
    fn new() -> Points {
        Points {
            four: points_of(4),
            six: points_of(6),
        }
    }

    fn of(&self, sides: u32, n: u32) -> &[(u32, f64)] {
        if sides == 4 {
            &self.four[n as usize]
        } else {
            &self.six[n as usize]
        }
    }
}

/// What the mover's turn leads to when it scores `k`: `Err(true)` the mover
/// has won, `Err(false)` lost, `Ok((next mover's score, other's))`.
#[inline]
fn after(s: u32, o: u32, k: u32, goal: u32) -> Result<(u32, u32), bool> {
    let (mut a, mut b) = (s + k, o);
    if swine_swap(a, b) {
        std::mem::swap(&mut a, &mut b);
    }
    if a >= goal {
        Err(true)
    } else if b >= goal {
        Err(false)
    } else {
        Ok((b, a))
    }
}

/// The chance that the mover wins from `(s, o)` rolling `n`, given the
/// chance `next(b, a)` that the *mover* wins when the other moves at `(b,
/// a)`.
#[inline]
fn value_of(
    pts: &Points,
    s: u32,
    o: u32,
    n: u32,
    goal: u32,
    next: impl Fn(u32, u32) -> f64,
) -> f64 {
    let outcome = |k: u32| match after(s, o, k, goal) {
        Err(won) => f64::from(u8::from(won)),
        Ok((b, a)) => next(b, a),
    };
    if n == 0 {
        return outcome(free_bacon(o));
    }
    pts.of(select_dice(s, o), n)
        .iter()
        .map(|&(k, p)| p * outcome(k))
        .sum()
}

/// Scores (s, o) in play, from the largest sum down.
fn states(goal: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..=2 * (goal - 1)).rev().flat_map(move |sum| {
        let lo = sum.saturating_sub(goal - 1);
        let hi = sum.min(goal - 1);
        (lo..=hi).map(move |s| (s, sum - s))
    })
}

/// A strategy's exact win rate against another.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct WinRate {
    /// Moving first.
    pub first: f64,
    /// Moving second.
    pub second: f64,
    /// The mean of the two (the project's `average_win_rate`).
    pub average: f64,
}

/// The exact chance that `a` beats `b`, moving first and second, to `goal`
/// (at most [`GOAL`]).
pub fn average_win_rate(a: &Strategy, b: &Strategy, goal: u32) -> WinRate {
    let goal = goal.clamp(1, GOAL);
    let g = goal as usize;
    let pts = Points::new();
    // wa[s][o]: A to move, A has s. wb[s][o]: B to move, B has s. Both hold
    // A's chance to win.
    let mut wa = vec![0.0f64; g * g];
    let mut wb = vec![0.0f64; g * g];
    for (s, o) in states(goal) {
        let i = s as usize * g + o as usize;
        wa[i] = value_of(&pts, s, o, a.rolls(s, o), goal, |b_, a_| {
            wb[b_ as usize * g + a_ as usize]
        });
        wb[i] = 1.0
            - value_of(&pts, s, o, b.rolls(s, o), goal, |a_, b_| {
                1.0 - wa[a_ as usize * g + b_ as usize]
            });
    }
    let (first, second) = (wa[0], wb[0]);
    WinRate {
        first,
        second,
        average: (first + second) / 2.0,
    }
}

/// The best response to a strategy.
#[derive(Clone, Debug)]
pub struct BestResponse {
    /// The strategy: at every (score, opponent score), the dice with the
    /// highest chance to win (the fewest dice on an exact tie).
    pub strategy: Strategy,
    /// Its exact win rate against the opponent.
    pub rate: WinRate,
}

fn table_strategy(name: &str, choice: Vec<u8>, goal: u32) -> Strategy {
    // Tables cover every score below GOAL; entries past a smaller goal are
    // never consulted.
    let g = goal as usize;
    let mut full = vec![0u8; (GOAL * GOAL) as usize];
    for s in 0..g {
        for o in 0..g {
            full[s * GOAL as usize + o] = choice[s * g + o];
        }
    }
    Strategy::table(name, full).expect("choices are 0..=10")
}

/// Pick the dice with the highest value (the fewest on a tie).
#[inline]
fn best_of(value: impl Fn(u32) -> f64) -> (u32, f64) {
    let mut best = (0, value(0));
    for n in 1..=MAX_ROLLS {
        let v = value(n);
        if v > best.1 {
            best = (n, v);
        }
    }
    best
}

/// The strategy with the highest exact average win rate against
/// `opponent` to `goal`: the opponent is fixed, so choosing the best dice
/// at every state (from the largest score sum down) maximises the chance to
/// win from every state at once, moving first or second.
pub fn best_response(opponent: &Strategy, goal: u32) -> BestResponse {
    let goal = goal.clamp(1, GOAL);
    let g = goal as usize;
    let pts = Points::new();
    let mut wa = vec![0.0f64; g * g];
    let mut wb = vec![0.0f64; g * g];
    let mut choice = vec![0u8; g * g];
    for (s, o) in states(goal) {
        let i = s as usize * g + o as usize;
        let (n, v) = best_of(|n| {
            value_of(&pts, s, o, n, goal, |b_, a_| {
                wb[b_ as usize * g + a_ as usize]
            })
        });
        wa[i] = v;
        choice[i] = n as u8;
        wb[i] = 1.0
            - value_of(&pts, s, o, opponent.rolls(s, o), goal, |a_, b_| {
                1.0 - wa[a_ as usize * g + b_ as usize]
            });
    }
    let (first, second) = (wa[0], wb[0]);
    BestResponse {
        strategy: table_strategy("final", choice, goal),
        rate: WinRate {
            first,
            second,
            average: (first + second) / 2.0,
        },
    }
}

/// The project's `final_strategy`: the best response to always_roll(5).
pub fn final_strategy() -> Strategy {
    best_response(&Strategy::Always(5), GOAL).strategy
}

/// The minimax strategy.
#[derive(Clone, Debug)]
pub struct Optimal {
    /// At every state, the dice that maximise the mover's chance to win
    /// when the other player also plays this way.
    pub strategy: Strategy,
    /// The first mover's chance to win when both play it.
    pub first_player_win: f64,
}

/// The minimax strategy to `goal`: Hog is a two-player, zero-sum game of
/// perfect information with chance, so maximising the mover's own chance at
/// every state, against an opponent who does the same, gives the value of
/// the game and a strategy that earns at least it against anyone.
pub fn optimal(goal: u32) -> Optimal {
    let goal = goal.clamp(1, GOAL);
    let g = goal as usize;
    let pts = Points::new();
    let mut w = vec![0.0f64; g * g];
    let mut choice = vec![0u8; g * g];
    for (s, o) in states(goal) {
        let i = s as usize * g + o as usize;
        let (n, v) = best_of(|n| {
            value_of(&pts, s, o, n, goal, |b_, a_| {
                1.0 - w[b_ as usize * g + a_ as usize]
            })
        });
        w[i] = v;
        choice[i] = n as u8;
    }
    Optimal {
        strategy: table_strategy("optimal", choice, goal),
        first_player_win: w[0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_distributions_sum_to_one() {
        let p = Points::new();
        for sides in [4, 6] {
            for n in 1..=MAX_ROLLS {
                let s: f64 = p.of(sides, n).iter().map(|x| x.1).sum();
                assert!((s - 1.0).abs() < 1e-12);
            }
        }
        // One six-sided die: 1 with 1/6, each of 2..6 with 1/6.
        assert_eq!(p.of(6, 1).len(), 6);
    }

    #[test]
    fn a_strategy_against_itself_sums_to_one() {
        let s = Strategy::Always(4);
        let r = average_win_rate(&s, &s, GOAL);
        assert!((r.first + r.second - 1.0).abs() < 1e-12);
        assert!((r.average - 0.5).abs() < 1e-12);
    }
}
