//! Exact Hog by dynamic programming, no sampling.
//!
//! Every turn adds at least one point to the sum of the two scores, and a
//! swap keeps the sum, so the chance of winning from (mover's score,
//! other's score) depends only on states with a larger sum: the tables are
//! filled from the largest sum down to 0 in one pass. A turn's points have
//! an exact distribution: free bacon for 0 dice, else for `n` dice of `d`
//! sides, 1 with chance `1 - ((d-1)/d)^n` (pig out) and each sum of `n`
//! faces from 2..=d with its count over `d^n`.

use std::sync::OnceLock;

use crate::{GOAL, HogError, MAX_ROLLS, Rules, Strategy, free_bacon};

/// The most strategies a [`tournament`] takes: 500 strategies are 124,750
/// pairs, about a minute on two cores.
pub const MAX_TOURNAMENT: usize = 500;

/// The points a turn scores with `n` dice of `sides` sides: the number of
/// face sequences giving each score (`ways`), and the same as chances.
struct Points {
    ways: [Vec<Vec<(u32, u64)>>; 2],
    chances: [Vec<Vec<(u32, f64)>>; 2],
    /// `dense[i][k][n - 1]`: the chance of `k` points with `n` dice (1 to
    /// 10), zero where none: every choice's value in one pass over `k`
    /// (see [`values_lanes`]).
    dense: [Vec<[f64; MAX_ROLLS as usize]>; 2],
}

/// For `n` dice of `sides` sides: 1 point for every sequence with a 1 in
/// it (pig out), else the sum; counted as sequences of faces 2..=sides.
fn ways_of(sides: u32) -> Vec<Vec<(u32, u64)>> {
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
        let no_ones: u64 = ways.iter().sum();
        let mut dist = vec![(1, d.pow(n) - no_ones)];
        for (s, &w) in ways.iter().enumerate() {
            if w > 0 {
                dist.push((s as u32, w));
            }
        }
        out.push(dist);
    }
    out
}

impl Points {
    /// The distributions, computed once per process.
    fn get() -> &'static Points {
        static POINTS: OnceLock<Points> = OnceLock::new();
        POINTS.get_or_init(|| {
            let ways = [ways_of(4), ways_of(6)];
            let chances: [Vec<Vec<(u32, f64)>>; 2] = [0, 1].map(|i| {
                let d = if i == 0 { 4u64 } else { 6 };
                ways[i]
                    .iter()
                    .enumerate()
                    .map(|(n, dist)| {
                        let all = d.pow(n as u32) as f64;
                        dist.iter().map(|&(k, w)| (k, w as f64 / all)).collect()
                    })
                    .collect()
            });
            let dense = [0, 1].map(|i| {
                let mut d = vec![[0.0; MAX_ROLLS as usize]; MOST_POINTS + 1];
                for n in 1..=MAX_ROLLS as usize {
                    for &(k, p) in &chances[i][n] {
                        d[k as usize][n - 1] = p;
                    }
                }
                d
            });
            Points {
                ways,
                chances,
                dense,
            }
        })
    }

    fn of(&self, sides: u32, n: u32) -> &[(u32, f64)] {
        &self.chances[usize::from(sides != 4)][n as usize]
    }
}

fn check_turn(n: u32, sides: u32) -> Result<usize, HogError> {
    if !(1..=MAX_ROLLS).contains(&n) {
        return Err(HogError::RollDice(n));
    }
    if sides != 4 && sides != 6 {
        return Err(HogError::Dice(dice::DiceError::InvalidSides(sides)));
    }
    Ok(usize::from(sides != 4))
}

/// The exact distribution of a turn's points: `(points, chance)` for `n`
/// dice (1 to 10) of `sides` (4 or 6) sides, pig out included. The chances
/// sum to 1.
///
/// # Errors
/// [`HogError::RollDice`] for `n` outside 1 to 10, [`HogError::Dice`]
/// (invalid sides) for sides other than 4 or 6.
pub fn turn_points(n: u32, sides: u32) -> Result<&'static [(u32, f64)], HogError> {
    let i = check_turn(n, sides)?;
    Ok(&Points::get().chances[i][n as usize])
}

/// [`turn_points`] as integer weights: `(points, sequences of faces)`, out
/// of `sides^n` sequences.
///
/// # Errors
/// As [`turn_points`].
pub fn turn_point_ways(n: u32, sides: u32) -> Result<&'static [(u32, u64)], HogError> {
    let i = check_turn(n, sides)?;
    Ok(&Points::get().ways[i][n as usize])
}

/// What the mover's turn leads to when it scores `k`: `Err(true)` the mover
/// has won, `Err(false)` lost, `Ok((next mover's score, other's))`. The
/// end of a turn as [`crate::game::end_turn`] has it, written out here for
/// the inner loop (a quarter faster); `tests/step.rs` checks the dynamic
/// programs against the generic evaluator over the step under every rule
/// set.
#[inline]
fn after(rules: &Rules, s: u32, o: u32, k: u32) -> Result<(u32, u32), bool> {
    let (mut a, mut b) = (s + k, o);
    if rules.swaps(a, b) {
        std::mem::swap(&mut a, &mut b);
    }
    let goal = rules.goal();
    if a >= goal {
        Err(true)
    } else if b >= goal {
        Err(false)
    } else {
        Ok((b, a))
    }
}

/// The chance that the mover wins from `(s, o)` rolling `n` (legal under
/// `rules`), given the chance `next(b, a)` that the *mover* wins when the
/// other moves at `(b, a)`.
#[inline]
fn value_of(
    pts: &Points,
    rules: &Rules,
    s: u32,
    o: u32,
    n: u32,
    next: impl Fn(u32, u32) -> f64,
) -> f64 {
    let (goal, swaps) = (rules.goal(), rules.swine_swap());
    // [`after`], with its common case first: no swap.
    let outcome = |k: u32| {
        let a = s + k;
        if swaps && rules.swaps(a, o) {
            match after(rules, s, o, k) {
                Err(won) => f64::from(u8::from(won)),
                Ok((b, a)) => next(b, a),
            }
        } else if a >= goal {
            1.0
        } else {
            next(o, a)
        }
    };
    if n == 0 {
        return outcome(free_bacon(o));
    }
    pts.of(rules.sides(s, o), n)
        .iter()
        .map(|&(k, p)| p * outcome(k))
        .sum()
}

/// The most points one turn scores: ten six-sided dice.
const MOST_POINTS: usize = 6 * MAX_ROLLS as usize;

/// The mover's chance to win after scoring each `k` in 0..=60 points at
/// `(s, o)`, given `next` as in [`value_of`]: every choice of dice at a
/// state leads to the same next states, so the best-of loops compute them
/// once a state.
#[inline(always)]
fn outcomes(
    rules: &Rules,
    s: u32,
    o: u32,
    next: impl Fn(u32, u32) -> f64,
) -> [f64; MOST_POINTS + 1] {
    let mut t = [1.0; MOST_POINTS + 1];
    t[0] = 0.0;
    // Without a swap, `k` points below the goal lead to the other moving
    // at `(o, s + k)`, and at or past the goal win: [`after`] without its
    // rare swaps, in a loop the compiler can vectorise.
    let below = ((rules.goal() - 1 - s) as usize).min(MOST_POINTS);
    for (k, x) in t.iter_mut().enumerate().take(below + 1).skip(1) {
        *x = next(o, s + k as u32);
    }
    // Then [`after`] itself where the scores swap: only where the new
    // score is double the other's or half of it, so at most two points.
    if rules.swine_swap() {
        let halves = o.is_multiple_of(2).then_some(o / 2);
        for a in [Some(2 * o), halves].into_iter().flatten() {
            if a <= s || a - s > MOST_POINTS as u32 || !rules.swaps(a, o) {
                continue;
            }
            let k = a - s;
            t[k as usize] = match after(rules, s, o, k) {
                Err(won) => f64::from(u8::from(won)),
                Ok((b, a)) => next(b, a),
            };
        }
    }
    t
}

/// Each score sum in play, from the largest down, with the mover's scores
/// that make it (both scores below the goal).
fn sums(goal: u32) -> impl Iterator<Item = (u32, std::ops::RangeInclusive<u32>)> {
    (0..=2 * (goal - 1))
        .rev()
        .map(move |sum| (sum, sum.saturating_sub(goal - 1)..=sum.min(goal - 1)))
}

/// Scores (s, o) in play, from the largest sum down.
fn states(goal: u32) -> impl Iterator<Item = (u32, u32)> {
    sums(goal).flat_map(|(sum, movers)| movers.map(move |s| (s, sum - s)))
}

/// States computed side by side (see [`values_lanes`]).
const LANES: usize = 8;

/// The states of [`states`] in chunks of at most [`LANES`], each chunk of
/// one score sum: their next states all have larger sums, so the states of
/// a chunk are independent, and their dice have the same sides.
fn chunks(goal: u32) -> impl Iterator<Item = ([(u32, u32); LANES], usize)> {
    sums(goal).flat_map(|(sum, movers)| {
        let hi = *movers.end();
        movers.step_by(LANES).map(move |first| {
            let count = ((hi - first + 1) as usize).min(LANES);
            let mut chunk = [(first, sum - first); LANES];
            for (l, c) in chunk.iter_mut().enumerate().take(count) {
                let s = first + l as u32;
                *c = (s, sum - s);
            }
            (chunk, count)
        })
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

impl WinRate {
    fn of(first: f64, second: f64) -> WinRate {
        WinRate {
            first,
            second,
            average: (first + second) / 2.0,
        }
    }
}

/// The exact chance that `a` beats `b`, moving first and second, under
/// `rules`.
///
/// # Errors
/// [`HogError::StrategyRollsZero`] when either strategy rolls 0 dice
/// without free bacon.
pub fn average_win_rate(a: &Strategy, b: &Strategy, rules: &Rules) -> Result<WinRate, HogError> {
    rules.check_strategy(a)?;
    rules.check_strategy(b)?;
    Ok(rate_checked(a, b, rules))
}

/// [`average_win_rate`] for strategies already checked against `rules`.
fn rate_checked(a: &Strategy, b: &Strategy, rules: &Rules) -> WinRate {
    let pts = Points::get();
    let g = rules.goal() as usize;
    // wa[s][o]: A to move, A has s. wb[s][o]: B to move, B has s. Both hold
    // A's chance to win.
    let mut wa = vec![0.0f64; g * g];
    let mut wb = vec![0.0f64; g * g];
    for (s, o) in states(rules.goal()) {
        let i = s as usize * g + o as usize;
        wa[i] = value_of(pts, rules, s, o, a.rolls(s, o), |b_, a_| {
            wb[b_ as usize * g + a_ as usize]
        });
        wb[i] = 1.0
            - value_of(pts, rules, s, o, b.rolls(s, o), |a_, b_| {
                1.0 - wa[a_ as usize * g + b_ as usize]
            });
    }
    WinRate::of(wa[0], wb[0])
}

/// The best response to a strategy.
#[derive(Clone, Debug)]
pub struct BestResponse {
    /// The strategy: at every (score, opponent score), the dice with the
    /// highest chance to win (the fewest on an exact tie).
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
    Strategy::table(name, full).expect("choices are 0..=10 on a 100 x 100 table")
}

/// Every choice's value from the table of [`outcomes`] at one state:
/// `out[n]` for `n` dice (0 to 10; 0 is free bacon), through
/// [`values_lanes`] with one lane.
fn values_all(
    pts: &Points,
    rules: &Rules,
    s: u32,
    o: u32,
    t: &[f64; MOST_POINTS + 1],
) -> [f64; MAX_ROLLS as usize + 1] {
    let mut tt = [[0.0f64; LANES]; MOST_POINTS + 1];
    for (row, &x) in tt.iter_mut().zip(t) {
        row[0] = x;
    }
    let all = values_lanes(pts, rules.sides(s, o) != 4, &tt);
    let mut out = [0.0; MAX_ROLLS as usize + 1];
    out[0] = t[free_bacon(o) as usize];
    for (x, lanes) in out[1..].iter_mut().zip(&all) {
        *x = lanes[0];
    }
    out
}

/// Every choice's value for [`LANES`] states of one score sum at once, the
/// tables of [`outcomes`] given point by point (`tt[k][lane]`): the values
/// for 1 to 10 dice, `out[n - 1][lane]`. Each lane adds the terms of the
/// points `n` dice can score (1, then 2n to dn) in the same order as
/// [`value_of`], so the values are the same to the bit; the lanes run side
/// by side.
#[inline(always)]
fn values_lanes(
    pts: &Points,
    six: bool,
    tt: &[[f64; LANES]; MOST_POINTS + 1],
) -> [[f64; LANES]; MAX_ROLLS as usize] {
    let dense = &pts.dense[usize::from(six)];
    let d = if six { 6 } else { 4 };
    let mut out = [[0.0f64; LANES]; MAX_ROLLS as usize];
    for (j, sums) in out.iter_mut().enumerate() {
        let n = j + 1;
        // 1 point (pig out), then 2n to dn.
        let p = dense[1][j];
        for (x, &t) in sums.iter_mut().zip(&tt[1]) {
            *x = p * t;
        }
        for (row, ts) in dense[2 * n..=d * n].iter().zip(&tt[2 * n..=d * n]) {
            let p = row[j];
            for (x, &t) in sums.iter_mut().zip(ts) {
                *x += p * t;
            }
        }
    }
    out
}

/// The tables of [`outcomes`] of a chunk's states, point by point, and
/// each state's free bacon outcome: lanes past a chunk's states keep
/// earlier values, never read.
struct Lanes {
    tt: [[f64; LANES]; MOST_POINTS + 1],
    bacon: [f64; LANES],
}

impl Lanes {
    fn new() -> Lanes {
        Lanes {
            tt: [[0.0; LANES]; MOST_POINTS + 1],
            bacon: [0.0; LANES],
        }
    }

    /// The best legal dice and their value at each state of a chunk of
    /// [`chunks`] (the first `count`), given `next` as in [`value_of`].
    #[inline(always)]
    fn best(
        &mut self,
        pts: &Points,
        rules: &Rules,
        chunk: &[(u32, u32); LANES],
        count: usize,
        next: impl Fn(u32, u32) -> f64 + Copy,
    ) -> [(u32, f64); LANES] {
        for (l, &(s, o)) in chunk.iter().enumerate().take(count) {
            let t = outcomes(rules, s, o, next);
            for (row, &x) in self.tt.iter_mut().zip(&t) {
                row[l] = x;
            }
            self.bacon[l] = t[free_bacon(o) as usize];
        }
        let (s0, o0) = chunk[0];
        let all = values_lanes(pts, rules.sides(s0, o0) != 4, &self.tt);
        let mut out = [(0, 0.0); LANES];
        for (l, x) in out.iter_mut().enumerate().take(count) {
            *x = best_of(rules, |n| {
                if n == 0 {
                    self.bacon[l]
                } else {
                    all[n as usize - 1][l]
                }
            });
        }
        out
    }
}

/// Pick the legal dice with the highest value (the fewest on a tie).
#[inline]
fn best_of(rules: &Rules, value: impl Fn(u32) -> f64) -> (u32, f64) {
    let first = rules.min_rolls();
    let mut best = (first, value(first));
    for n in first + 1..=MAX_ROLLS {
        let v = value(n);
        if v > best.1 {
            best = (n, v);
        }
    }
    best
}

/// The strategy with the highest exact average win rate against
/// `opponent` under `rules`: the opponent is fixed, so choosing the best
/// dice at every state (from the largest score sum down) maximises the
/// chance to win from every state at once, moving first or second. Named
/// `best-response:OPPONENT`.
///
/// # Errors
/// [`HogError::StrategyRollsZero`] when the opponent rolls 0 dice without
/// free bacon.
pub fn best_response(opponent: &Strategy, rules: &Rules) -> Result<BestResponse, HogError> {
    rules.check_strategy(opponent)?;
    let t = best_response_tables(opponent, rules);
    Ok(BestResponse {
        strategy: table_strategy(&format!("best-response:{opponent}"), t.choice, rules.goal()),
        rate: WinRate::of(t.wa[0], t.wb[0]),
    })
}

/// The best response's tables: `wa[s][o]` the responder's chance when it
/// moves with `s`, `wb[s][o]` its chance when the opponent moves with `s`,
/// and the responder's choice at every state.
struct Tables {
    wa: Vec<f64>,
    wb: Vec<f64>,
    choice: Vec<u8>,
}

fn best_response_tables(opponent: &Strategy, rules: &Rules) -> Tables {
    let pts = Points::get();
    let goal = rules.goal();
    let g = goal as usize;
    let mut wa = vec![0.0f64; g * g];
    let mut wb = vec![0.0f64; g * g];
    let mut choice = vec![0u8; g * g];
    let mut lanes = Lanes::new();
    for (chunk, count) in chunks(goal) {
        let best = lanes.best(pts, rules, &chunk, count, |b_, a_| {
            wb[b_ as usize * g + a_ as usize]
        });
        for (&(s, o), &(n, v)) in chunk.iter().zip(&best).take(count) {
            let i = s as usize * g + o as usize;
            wa[i] = v;
            choice[i] = n as u8;
            wb[i] = 1.0
                - value_of(pts, rules, s, o, opponent.rolls(s, o), |a_, b_| {
                    1.0 - wa[a_ as usize * g + b_ as usize]
                });
        }
    }
    Tables { wa, wb, choice }
}

/// The project's `final_strategy` under `rules`: the best response to
/// always_roll(5), named `final`.
pub fn final_strategy(rules: &Rules) -> Strategy {
    let mut s = best_response(&Strategy::Always(5), rules)
        .expect("always_roll(5) never rolls 0")
        .strategy;
    s.rename("final");
    s
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

/// The minimax strategy under `rules`: Hog is a two-player, zero-sum game
/// of perfect information with chance, so maximising the mover's own
/// chance at every state, against an opponent who does the same, gives the
/// value of the game and a strategy that earns at least it against anyone.
pub fn optimal(rules: &Rules) -> Optimal {
    let (w, choice) = optimal_tables(rules);
    Optimal {
        strategy: table_strategy("optimal", choice, rules.goal()),
        first_player_win: w[0],
    }
}

/// The minimax tables: the mover's chance at every state under optimal
/// play by both, and the optimal choice.
fn optimal_tables(rules: &Rules) -> (Vec<f64>, Vec<u8>) {
    let pts = Points::get();
    let goal = rules.goal();
    let g = goal as usize;
    let mut w = vec![0.0f64; g * g];
    let mut choice = vec![0u8; g * g];
    let mut lanes = Lanes::new();
    for (chunk, count) in chunks(goal) {
        let best = lanes.best(pts, rules, &chunk, count, |b_, a_| {
            1.0 - w[b_ as usize * g + a_ as usize]
        });
        for (&(s, o), &(n, v)) in chunk.iter().zip(&best).take(count) {
            let i = s as usize * g + o as usize;
            w[i] = v;
            choice[i] = n as u8;
        }
    }
    (w, choice)
}

/// One choice of dice at a coached state.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Choice {
    /// Dice rolled (0 is free bacon).
    pub rolls: u32,
    /// The mover's exact chance to win rolling this many now, then playing
    /// the best response to the opponent's strategy.
    pub against_opponent: f64,
    /// The mover's exact chance to win rolling this many now, when both
    /// sides play optimally afterwards.
    pub under_optimal_play: f64,
}

/// The coach's answer at one state (see [`coach`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Coach {
    /// The mover's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// The opponent's strategy.
    pub opponent: String,
    /// Every legal choice of dice, fewest first.
    pub choices: Vec<Choice>,
    /// The best choice against the opponent (the fewest dice on a tie).
    pub best_against_opponent: u32,
    /// The optimal choice (the fewest dice on a tie).
    pub best_under_optimal_play: u32,
    /// What the opponent's strategy itself would roll here.
    pub opponent_would_roll: u32,
}

/// The exact chance to win of every choice of dice for the mover at
/// `(score, opponent_score)`: against `opponent` (the mover then plays
/// the best response to it) and under optimal play by both. Two dynamic
/// programs over the 100 x 100 states, a few milliseconds each.
///
/// # Errors
/// [`HogError::ScoreOutOfRange`] for a score at or past the goal;
/// [`HogError::StrategyRollsZero`] as [`best_response`].
pub fn coach(
    opponent: &Strategy,
    rules: &Rules,
    score: u32,
    opponent_score: u32,
) -> Result<Coach, HogError> {
    rules.check_score(score)?;
    rules.check_score(opponent_score)?;
    rules.check_strategy(opponent)?;
    let pts = Points::get();
    let g = rules.goal() as usize;
    let br = best_response_tables(opponent, rules);
    let (w, _) = optimal_tables(rules);
    let (s, o) = (score, opponent_score);
    let vs = outcomes(rules, s, o, |b_, a_| br.wb[b_ as usize * g + a_ as usize]);
    let opt = outcomes(rules, s, o, |b_, a_| 1.0 - w[b_ as usize * g + a_ as usize]);
    let (vs_all, opt_all) = (
        values_all(pts, rules, s, o, &vs),
        values_all(pts, rules, s, o, &opt),
    );
    let choices: Vec<Choice> = (rules.min_rolls()..=MAX_ROLLS)
        .map(|n| Choice {
            rolls: n,
            against_opponent: vs_all[n as usize],
            under_optimal_play: opt_all[n as usize],
        })
        .collect();
    let best = |f: fn(&Choice) -> f64| {
        choices
            .iter()
            .fold(None::<&Choice>, |b, c| match b {
                Some(b) if f(b) >= f(c) => Some(b),
                _ => Some(c),
            })
            .map_or(0, |c| c.rolls)
    };
    Ok(Coach {
        score,
        opponent_score,
        opponent: opponent.to_string(),
        best_against_opponent: best(|c| c.against_opponent),
        best_under_optimal_play: best(|c| c.under_optimal_play),
        opponent_would_roll: opponent.rolls(opponent_score, score),
        choices,
    })
}

/// A round robin: every pair of strategies, both seats, exactly.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Tournament {
    /// The strategies' names, in the order given.
    pub strategies: Vec<String>,
    /// `matrix[i][j]`: strategy i's exact average win rate against j
    /// (`matrix[i][j] + matrix[j][i] = 1`; the diagonal is 0.5).
    pub matrix: Vec<Vec<f64>>,
    /// Each strategy's mean rate against the others (the diagonal left
    /// out), in the order given.
    pub mean: Vec<f64>,
    /// Indices into `strategies`, best mean first (ties keep the order
    /// given).
    pub ranking: Vec<usize>,
}

/// Play every pair of `strategies` in both seats under `rules`, exactly,
/// on `threads` threads (the result does not depend on them).
///
/// # Errors
/// [`HogError::TooManyStrategies`] for fewer than 2 or more than
/// [`MAX_TOURNAMENT`]; [`HogError::StrategyRollsZero`];
/// [`HogError::Parallel`].
pub fn tournament(
    strategies: &[Strategy],
    rules: &Rules,
    threads: usize,
) -> Result<Tournament, HogError> {
    let n = strategies.len();
    if !(2..=MAX_TOURNAMENT).contains(&n) {
        return Err(HogError::TooManyStrategies(n));
    }
    for s in strategies {
        rules.check_strategy(s)?;
    }
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    let rates = dice::parallel::map_in_order(&pairs, threads, |&(i, j)| {
        rate_checked(&strategies[i], &strategies[j], rules)
    })?;
    let mut matrix = vec![vec![0.5; n]; n];
    for (&(i, j), r) in pairs.iter().zip(rates) {
        matrix[i][j] = r.average;
        matrix[j][i] = 1.0 - r.average;
    }
    let mean: Vec<f64> = (0..n)
        .map(|i| {
            let total: f64 = (0..n).filter(|&j| j != i).map(|j| matrix[i][j]).sum();
            total / (n - 1) as f64
        })
        .collect();
    let mut ranking: Vec<usize> = (0..n).collect();
    ranking.sort_by(|&a, &b| mean[b].total_cmp(&mean[a]));
    Ok(Tournament {
        strategies: strategies.iter().map(Strategy::to_string).collect(),
        matrix,
        mean,
        ranking,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_distributions_sum_to_one() {
        let p = Points::get();
        for sides in [4, 6] {
            for n in 1..=MAX_ROLLS {
                let s: f64 = p.of(sides, n).iter().map(|x| x.1).sum();
                assert!((s - 1.0).abs() < 1e-12);
            }
        }
        // One six-sided die: 1 with 1/6, each of 2..6 with 1/6.
        assert_eq!(p.of(6, 1).len(), 6);
    }

    /// The distributions here and `roll_core`, the rule the games use,
    /// agree exactly: every sequence of faces is rolled through `roll_core`
    /// on scripted dice and counted (4-sided up to 8 dice, 6-sided up to 6).
    #[test]
    fn point_ways_are_roll_core_on_every_sequence() {
        for (sides, most) in [(4u32, 8u32), (6, 6)] {
            for n in 1..=most {
                let mut counts = std::collections::BTreeMap::new();
                for code in 0..u64::from(sides).pow(n) {
                    let mut c = code;
                    let faces: Vec<u32> = (0..n)
                        .map(|_| {
                            let f = (c % u64::from(sides)) as u32 + 1;
                            c /= u64::from(sides);
                            f
                        })
                        .collect();
                    let mut d = dice::ScriptedDice::new(faces);
                    let k = crate::game::roll_core(n, sides, &mut d, |_| {}).unwrap();
                    assert!(d.all_used());
                    *counts.entry(k).or_insert(0u64) += 1;
                }
                let mut ways: Vec<(u32, u64)> = turn_point_ways(n, sides).unwrap().to_vec();
                ways.sort();
                assert_eq!(
                    ways,
                    counts.into_iter().collect::<Vec<_>>(),
                    "{n} dice of {sides}"
                );
            }
        }
    }

    #[test]
    fn a_strategy_against_itself_sums_to_one() {
        let s = Strategy::Always(4);
        let r = average_win_rate(&s, &s, &Rules::SEED).unwrap();
        assert!((r.first + r.second - 1.0).abs() < 1e-12);
        assert!((r.average - 0.5).abs() < 1e-12);
    }
}
