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
}

impl Points {
    /// The distributions, from [`WEIGHTS`], once per process: for `n` dice
    /// (1 to 10; none for 0), 1 point for every sequence with a 1 in it
    /// (pig out), then each sum of faces from 2 up that some sequence makes.
    fn get() -> &'static Points {
        static POINTS: OnceLock<Points> = OnceLock::new();
        POINTS.get_or_init(|| {
            let w = &WEIGHTS;
            let ways: [Vec<Vec<(u32, u64)>>; 2] = [0, 1].map(|i| {
                (0..=KEPT)
                    .map(|n| match n {
                        0 => Vec::new(),
                        n => std::iter::once((1, w.pig[i][n] as u64))
                            .chain(
                                (0..=MOST_POINTS as u32)
                                    .filter(|&k| w.faces[i][n][k as usize] > 0.0)
                                    .map(|k| (k, w.faces[i][n][k as usize] as u64)),
                            )
                            .collect(),
                    })
                    .collect()
            });
            let chances = [0, 1].map(|i| {
                ways[i]
                    .iter()
                    .enumerate()
                    .map(|(n, dist)| {
                        let all = w.all[i][n];
                        dist.iter().map(|&(k, c)| (k, c as f64 / all)).collect()
                    })
                    .collect()
            });
            Points { ways, chances }
        })
    }

    #[cfg(test)]
    fn of(&self, sides: u32, n: u32) -> &[(u32, f64)] {
        &self.chances[usize::from(sides != 4)][n as usize]
    }
}

/// The dynamic programs' weights, worked out by the compiler: a process
/// that answers one question would otherwise build them at every start,
/// and fault in the stack pages they pass through. [`Points`] (the
/// distributions the API gives, which a test rolls through `roll_core` on
/// every sequence of faces) are read from them.
pub(crate) static WEIGHTS: Weights = Weights::new();

/// The sequences of faces behind a turn's points, as whole numbers kept
/// as floats: a value is a sum of them times chances, over `all`.
pub(crate) struct Weights {
    /// `faces[i][n][k]`: the sequences of `n` dice (0 to 10) of 4 (`i =
    /// 0`) or 6 (`i = 1`) sides, every face 2 or more, that sum to `k`;
    /// `past[i][n][k]`, those that sum to `k` or more.
    pub(crate) faces: [[[f64; MOST_POINTS + 2]; KEPT + 1]; 2],
    past: [[[f64; MOST_POINTS + 2]; KEPT + 1]; 2],
    /// `[i][n]`: `d^n`, every sequence of `n` dice.
    pub(crate) all: [[f64; KEPT + 1]; 2],
    /// `[i][n]`: `d^n - (d-1)^n`, the sequences with a 1 in them.
    pub(crate) pig: [[f64; KEPT + 1]; 2],
    /// `[i][n]`: `d^(10 - n)`, which puts the worth of `n` dice over the
    /// common `d^10` (see [`Worth`]).
    pub(crate) scale: [[f64; KEPT + 1]; 2],
}

impl Weights {
    /// The counts, by recursion: a sequence of `n` faces from 2 to `d` is
    /// one of `n - 1` such faces and one more.
    /// Every count is below 2^53, so each float is the count exactly.
    const fn new() -> Weights {
        let mut faces = [[[0.0; MOST_POINTS + 2]; KEPT + 1]; 2];
        let mut past = faces;
        let mut all = [[1.0; KEPT + 1]; 2];
        let mut pig = [[0.0; KEPT + 1]; 2];
        let mut i = 0;
        while i < 2 {
            let d = if i == 0 { 4 } else { 6 };
            // ways[k]: sequences of n faces, all from 2..=d, summing to k.
            let mut ways = [0u64; MOST_POINTS + 2];
            ways[0] = 1;
            let mut n = 0;
            while n <= KEPT {
                if n > 0 {
                    let mut next = [0u64; MOST_POINTS + 2];
                    // The sums of n - 1 faces reach d (n - 1) at most,
                    // so k + d stays within MOST_POINTS = 6 x 10.
                    let mut k = 0;
                    while k + d <= MOST_POINTS {
                        let mut f = 2;
                        while f <= d {
                            next[k + f] += ways[k];
                            f += 1;
                        }
                        k += 1;
                    }
                    ways = next;
                    let every = (d as u64).pow(n as u32);
                    let mut no_ones = 0;
                    let mut k = 0;
                    while k <= MOST_POINTS {
                        no_ones += ways[k];
                        k += 1;
                    }
                    all[i][n] = every as f64;
                    pig[i][n] = (every - no_ones) as f64;
                }
                let mut k = MOST_POINTS + 1;
                while k > 0 {
                    k -= 1;
                    faces[i][n][k] = ways[k] as f64;
                    past[i][n][k] = past[i][n][k + 1] + faces[i][n][k];
                }
                n += 1;
            }
            i += 1;
        }
        let mut scale = [[1.0; KEPT + 1]; 2];
        let mut i = 0;
        while i < 2 {
            let mut n = 0;
            while n <= KEPT {
                scale[i][n] = all[i][KEPT - n];
                n += 1;
            }
            i += 1;
        }
        Weights {
            faces,
            past,
            all,
            pig,
            scale,
        }
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

/// Tables a finished dynamic program leaves for the next one in the same
/// thread. `hog --strategy optimal` runs three (the minimax, its rate and
/// the ceiling); a page of fresh memory costs a fault (over a microsecond
/// on the machine of docs/benchmarks.md, where one dynamic program's
/// tables are about a hundred pages), and a page used before costs a
/// clear. At most [`SPARE`] tables of each kind are kept in a thread,
/// each as large as the largest game's (GOAL x GOAL chances, 80 KB; a
/// sweep's rows, 88 KB).
struct Spare {
    tables: Vec<Vec<f64>>,
    rows: Vec<Vec<Row>>,
}

/// The most tables of each kind a thread keeps for reuse.
const SPARE: usize = 4;

thread_local! {
    static SPARES: std::cell::RefCell<Spare> = const {
        std::cell::RefCell::new(Spare {
            tables: Vec::new(),
            rows: Vec::new(),
        })
    };
}

/// What a [`Spared`] vector holds: its kind's place in the spares.
trait Kept: Copy {
    fn kept(spare: &mut Spare) -> &mut Vec<Vec<Self>>;
}

impl Kept for f64 {
    fn kept(spare: &mut Spare) -> &mut Vec<Vec<f64>> {
        &mut spare.tables
    }
}

impl Kept for Row {
    fn kept(spare: &mut Spare) -> &mut Vec<Vec<Row>> {
        &mut spare.rows
    }
}

/// A vector taken from the spares (or made, when there is none of its
/// kind), handed back when dropped (dropped itself when the spares are
/// full, or the thread is ending).
struct Spared<T: Kept>(Vec<T>);

/// A table of chances (`[s * goal + o]`).
type Table = Spared<f64>;

impl<T: Kept> Spared<T> {
    /// `len` copies of `zero`.
    fn new(len: usize, zero: T) -> Spared<T> {
        let spare = SPARES
            .try_with(|s| {
                s.try_borrow_mut()
                    .ok()
                    .and_then(|mut s| T::kept(&mut s).pop())
            })
            .ok()
            .flatten();
        Spared(match spare {
            Some(mut v) => {
                v.clear();
                v.resize(len, zero);
                v
            }
            None => vec![zero; len],
        })
    }
}

impl Table {
    fn zeroed(len: usize) -> Table {
        Spared::new(len, 0.0)
    }
}

impl<T: Kept> std::ops::Deref for Spared<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T: Kept> std::ops::DerefMut for Spared<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<T: Kept> Drop for Spared<T> {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.0);
        if v.capacity() == 0 {
            return;
        }
        let _ = SPARES.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                let kept = T::kept(&mut s);
                if kept.len() < SPARE {
                    kept.push(v);
                }
            }
        });
    }
}

/// What the mover's turn leads to when it scores `k`: `Err(true)` the mover
/// has won, `Err(false)` lost, `Ok((next mover's score, other's))`. The
/// end of a turn as [`crate::turn::end_turn`] has it, written out here for
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

/// The other player's table, seen from the mover: [`Next::at`]`(b, a)` is
/// the mover's chance to win when the other moves at `(b, a)`: the table's
/// entry when it holds the mover's chance, 1 minus it when it holds the
/// other's.
#[derive(Clone, Copy)]
struct Next<'a> {
    /// `table[b * g + a]`.
    table: &'a [f64],
    g: usize,
    /// The table holds the other's chance.
    flip: bool,
}

impl Next<'_> {
    /// `t` or `1 - t`, written as one multiply-add so that a run of them
    /// vectorises (both are exact: `0 + t` and `1 + (-t)`).
    #[inline(always)]
    fn seen(self, t: f64) -> f64 {
        let (c0, c1) = if self.flip { (1.0, -1.0) } else { (0.0, 1.0) };
        c0 + c1 * t
    }

    #[inline(always)]
    fn at(self, b: u32, a: u32) -> f64 {
        self.seen(self.table[b as usize * self.g + a as usize])
    }
}

/// The chance that the mover wins from `(s, o)` rolling `n` (legal under
/// `rules`), given the other's table `next`.
///
/// A sum of whole weights (the sequences of faces giving each score) times
/// chances, over `d^n`, so that a sure win is exactly 1 and a sure loss
/// exactly 0. The sums of faces are taken first as if nothing swapped:
/// below the goal the other moves at `(o, s + k)`, one run of the table;
/// at or past it the mover has won, one sum of weights. Then the at most
/// two sums that do swap (the new score double or half the other's) are
/// put right.
#[inline(always)]
fn value_of(pts: &Weights, rules: &Rules, s: u32, o: u32, n: u32, next: Next<'_>) -> f64 {
    let outcome = |k: u32| match after(rules, s, o, k) {
        Err(won) => f64::from(u8::from(won)),
        Ok((b, a)) => next.at(b, a),
    };
    if n == 0 {
        return outcome(free_bacon(o));
    }
    let goal = rules.goal();
    let i = usize::from(rules.sides(s, o) != 4);
    let (lo, hi) = (2 * n, if i == 0 { 4 * n } else { 6 * n });
    let w = &pts.faces[i][n as usize];
    let top = (goal - 1 - s).min(hi);
    let mut acc = [0.0f64; 4];
    if top >= lo {
        // (o, s + k) for k in lo..=top, side by side in the table.
        let base = o as usize * next.g + s as usize;
        let run = &next.table[base + lo as usize..=base + top as usize];
        let ws = &w[lo as usize..=top as usize];
        let (mut wc, mut rc) = (ws.chunks_exact(4), run.chunks_exact(4));
        for (w4, t4) in (&mut wc).zip(&mut rc) {
            for j in 0..4 {
                acc[j] += w4[j] * next.seen(t4[j]);
            }
        }
        for (j, (w1, t1)) in wc.remainder().iter().zip(rc.remainder()).enumerate() {
            acc[j] += w1 * next.seen(*t1);
        }
    }
    let first_past = (top + 1).max(lo) as usize;
    let mut sum = pts.pig[i][n as usize] * outcome(1)
        + ((acc[0] + acc[1]) + (acc[2] + acc[3]))
        + pts.past[i][n as usize][first_past];
    if rules.swine_swap() {
        let half = if o.is_multiple_of(2) { o / 2 } else { 0 };
        for a in [2 * o, half] {
            if a > s && (lo..=hi).contains(&(a - s)) && rules.swaps(a, o) {
                let plain = if a >= goal { 1.0 } else { next.at(o, a) };
                sum += w[(a - s) as usize] * (outcome(a - s) - plain);
            }
        }
    }
    sum / pts.all[i][n as usize]
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
    pub(crate) fn of(first: f64, second: f64) -> WinRate {
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
    let pts = &WEIGHTS;
    let g = rules.goal() as usize;
    // wa[s][o]: A to move, A has s. wb[s][o]: B to move, B has s. Both hold
    // A's chance to win.
    let mut wa = Table::zeroed(g * g);
    let mut wb = Table::zeroed(g * g);
    for (s, o) in states(rules.goal()) {
        let i = s as usize * g + o as usize;
        let to_b = Next {
            table: &wb,
            g,
            flip: false,
        };
        wa[i] = value_of(pts, rules, s, o, a.rolls(s, o), to_b);
        let to_a = Next {
            table: &wa,
            g,
            flip: true,
        };
        wb[i] = 1.0 - value_of(pts, rules, s, o, b.rolls(s, o), to_a);
    }
    WinRate::of(wa[0], wb[0])
}

/// The best response to a strategy.
#[derive(Clone, Debug)]
pub struct BestResponse {
    /// The strategy: at every (score, opponent score), the dice with the
    /// highest chance to win (the fewest on a tie, within [`TIE`]).
    pub strategy: Strategy,
    /// Its exact win rate against the opponent.
    pub rate: WinRate,
}

fn table_strategy(name: &str, choice: Vec<u8>, goal: u32) -> Strategy {
    // Tables cover every score below GOAL; entries past a smaller goal are
    // never consulted.
    let g = goal as usize;
    if goal == GOAL {
        return Strategy::table(name, choice).expect("choices are 0..=10 on a 100 x 100 table");
    }
    let mut full = vec![0u8; (GOAL * GOAL) as usize];
    for s in 0..g {
        for o in 0..g {
            full[s * GOAL as usize + o] = choice[s * g + o];
        }
    }
    Strategy::table(name, full).expect("choices are 0..=10 on a 100 x 100 table")
}

/// The most points one turn scores: ten six-sided dice.
const MOST_POINTS: usize = 6 * MAX_ROLLS as usize;

/// Dice counts a row of [`Sweep`] keeps: `H_0` to `H_9` (`H_10` is only
/// needed at the state itself).
pub(crate) const KEPT: usize = MAX_ROLLS as usize;

/// Score sums a [`Sweep`] keeps rows for: a state's choices read the rows
/// of the next ten sums (free bacon scores at most 10 points, a die at
/// most 6) and write its own, so eleven slots, taken modulo, never
/// overlap.
const SUMS: usize = 11;

/// One state's row in a [`Sweep`]: `H_0` to `H_9`.
type Row = [f64; KEPT];

/// The choosing mover's value of every choice of dice, by a recursion
/// over the dice instead of a sum over their points.
///
/// Write `G_o(x)` for the mover's chance after its turn leaves it `x`
/// points against the opponent's `o` (the swap and the end of the game
/// applied), and `H_n(x) = sum_k ways_n(k) G_o(x + k)`, where `ways_n(k)`
/// counts the sequences of `n` dice, every face 2 or more, that sum to
/// `k`. A sequence of `n` such faces is one of `n - 1` followed by one
/// face `f`, so `H_n(x) = sum_f H_{n-1}(x + f)` for `f` in `2..=d`: five
/// additions (three for four-sided dice) a dice count, where the sum over
/// the points has up to 51 terms. Rolling `n` dice at `(s, o)` is worth
/// `((d^n - (d-1)^n) G_o(s + 1) + H_n(s)) / d^n`: the sequences with a 1
/// (pig out, one point), then the others. Every `H` is a sum of whole
/// weights times chances, so a sure win is worth exactly 1 and a sure loss
/// exactly 0, and choices that tie there tie exactly.
///
/// The states are taken from the largest score sum down; `H_n(s)` needs
/// only scores above `s` against the same `o`, which have larger sums, so
/// the rows of [`SUMS`] sums are kept, those of one sum side by side (the
/// states of a sum are taken one after another, and read the same places
/// of the ten sums above). Past the goal `G_o` is 1 (a win) except where
/// the new score is double the opponent's (the swap hands the opponent
/// the winning score): there `H_n` has a closed form, written into a
/// sum's slot when the sweep comes to it.
struct Sweep {
    /// `rows[i][(x + o) % SUMS * goal + o][n]`: `H_n(x)` against `o`, for
    /// dice of 4 (`i = 0`) or 6 (`i = 1`) sides; from the spares, and
    /// handed back when the sweep is dropped.
    rows: [Spared<Row>; 2],
    /// `at[f]`: where the rows of the sum `f` above the current one start.
    at: [usize; SUMS],
    /// The weights.
    pts: &'static Weights,
    /// Whether four-sided dice occur (hog wild): else only six-sided rows
    /// are kept.
    four: bool,
}

impl Sweep {
    /// A sweep for `rules`, ready for the largest sum in play.
    fn new(pts: &'static Weights, rules: &Rules) -> Sweep {
        let g = rules.goal();
        let four = rules.hog_wild();
        let len = SUMS * g as usize;
        // Without hog wild no state rolls four-sided dice: their rows stay
        // empty (half the sweep's memory, fresh pages a run must fault in).
        let rows = |len| Spared::new(len, [0.0; KEPT]);
        let mut sweep = Sweep {
            rows: [if four { rows(len) } else { Spared(Vec::new()) }, rows(len)],
            at: [0; SUMS],
            pts,
            four,
        };
        // The ten sums above the largest in play are all past the goal.
        let top = 2 * (g - 1);
        for sum in (top + 1..=top + 10).rev() {
            sweep.begin(rules, sum);
        }
        sweep
    }

    /// Moves the sweep to `sum`: the places of the rows of `sum` and the
    /// ten sums above, and the rows of `sum` past the goal (the mover's
    /// score `x = sum - o` from the goal to 10 past it; none is read from
    /// further).
    fn begin(&mut self, rules: &Rules, sum: u32) {
        let g = rules.goal();
        for (f, at) in self.at.iter_mut().enumerate() {
            *at = (sum as usize + f) % SUMS * g as usize;
        }
        if sum < g {
            return;
        }
        let (first, last) = (sum.saturating_sub(g + 10), (sum - g).min(g - 1));
        for (i, rows) in self.rows.iter_mut().enumerate() {
            if rows.is_empty() {
                continue;
            }
            for o in first..=last {
                let x = sum - o;
                // Past the goal only 2o can swap: the opponent then holds
                // the winning score.
                for (n, h) in rows[self.at[0] + o as usize].iter_mut().enumerate() {
                    *h = self.pts.past[i][n][0];
                    if rules.swine_swap() && 2 * o >= x {
                        *h -= self.pts.faces[i][n]
                            .get((2 * o - x) as usize)
                            .unwrap_or(&0.0);
                    }
                }
            }
        }
    }

    /// Every choice's worth at `(s, o)` (`[n]` for `n` dice; `[0]` is free
    /// bacon, whether or not the rules allow it), from the rows of the
    /// scores above `s`; and `s`'s own rows, but for `H_0`, which
    /// [`Sweep::settle`] sets once the states of `(s, o)`'s sum are known.
    /// The sweep is at the sum `s + o` ([`Sweep::begin`]).
    #[inline(always)]
    fn choices(&mut self, rules: &Rules, s: u32, o: u32) -> Worth {
        let at = |f: u32| self.at[f as usize] + o as usize;
        let six = usize::from(rules.sides(s, o) != 4);
        let mut here = [0.0; KEPT];
        for i in [0, 1] {
            if i == 0 && !self.four {
                continue;
            }
            let rows = &mut self.rows[i];
            let d = if i == 0 { 4 } else { 6 };
            let mut h = rows[at(2)];
            for f in 3..=d {
                for (x, y) in h.iter_mut().zip(&rows[at(f)]) {
                    *x += y;
                }
            }
            // h[n - 1] is H_n(s) for n dice, 1 to 10.
            rows[at(0)][1..].copy_from_slice(&h[..KEPT - 1]);
            if i == six {
                here = h;
            }
        }
        let rows = &self.rows[six];
        let g1 = rows[at(1)][0];
        let (pig, scale) = (&self.pts.pig[six], &self.pts.scale[six]);
        let bacon = rows[at(free_bacon(o))][0];
        let mut num = [0.0; KEPT];
        let mut scaled = [0.0; KEPT + 1];
        scaled[0] = bacon * scale[0];
        for j in 0..KEPT {
            num[j] = pig[j + 1] * g1 + here[j];
            scaled[j + 1] = num[j] * scale[j + 1];
        }
        Worth {
            bacon,
            num,
            scaled,
            all: &self.pts.all[six],
        }
    }

    /// `G_o(x)`: the mover's chance once its turn leaves it `x` (below the
    /// goal) against `o`, from the states of the sum `x + o`, where the
    /// sweep is.
    #[inline(always)]
    fn settle(&mut self, o: u32, chance: f64) {
        let k = self.at[0] + o as usize;
        if self.four {
            self.rows[0][k][0] = chance;
        }
        self.rows[1][k][0] = chance;
    }
}

/// Every choice's worth at one state ([`Sweep::choices`]): rolling `n` dice
/// is worth `num[n - 1] / d^n`, free bacon `bacon`. A division is slow next
/// to the sums (ten a state took more time than all the rest of the
/// dynamic program), so the choices are compared over the common `d^10`
/// (`scaled`, `num[n - 1] d^(10 - n)`: exact wherever the chance is, so a
/// sure win is `d^10` for every choice), and only the chosen one is
/// divided.
struct Worth {
    bacon: f64,
    num: [f64; KEPT],
    scaled: [f64; KEPT + 1],
    /// `d^n` for 0 to 10 dice ([`Weights`]' `all`).
    all: &'static [f64; KEPT + 1],
}

impl Worth {
    /// The chance to win rolling `n` dice (0: free bacon).
    #[inline(always)]
    fn value(&self, n: u32) -> f64 {
        match n {
            0 => self.bacon,
            n => self.num[n as usize - 1] / self.all[n as usize],
        }
    }

    /// The legal dice (`first`, the fewest the rules allow, to 10) worth
    /// the most, the fewest on a tie (see [`best_of`]), and its chance.
    #[inline(always)]
    fn best(&self, first: u32) -> (u32, f64) {
        // Over d^10, a tie is within TIE times d^10.
        let n = best_of(first, &self.scaled, TIE * self.all[KEPT]);
        (n, self.value(n))
    }

    /// Every choice's chance (`[0]`: free bacon).
    fn values(&self) -> [f64; KEPT + 1] {
        std::array::from_fn(|n| self.value(n as u32))
    }
}

/// `G_o(x)` of [`Sweep`] from the table of the next mover, `next` (as in
/// [`value_of`]). Both scores are below the goal, so only a swap applies.
#[inline(always)]
fn reached(rules: &Rules, x: u32, o: u32, next: Next<'_>) -> f64 {
    if rules.swaps(x, o) {
        next.at(x, o)
    } else {
        next.at(o, x)
    }
}

/// How close two choices' values must be to count as a tie: a hundred
/// times the rounding of the sums (about 1e-15), far below any difference
/// in a chance to win that play could show.
pub const TIE: f64 = 1e-13;

/// The legal dice (`first`, the fewest the rules allow, to 10) with the
/// highest value in `v`: the fewest dice among those within `tie` of the
/// highest, so that a tie does not hang on the order of a sum.
#[inline]
fn best_of(first: u32, v: &[f64; KEPT + 1], tie: f64) -> u32 {
    // Straight-line code: the choices below `first` are put out of reach,
    // the top is taken by a tree of maxima (four deep, where a running
    // maximum is a chain of ten), and the fewest dice within `tie` of it
    // is the lowest bit of a mask, so no branch hangs on the values.
    let x: [f64; KEPT + 1] = std::array::from_fn(|n| {
        if (n as u32) < first {
            f64::NEG_INFINITY
        } else {
            v[n]
        }
    });
    let m = |a: f64, b: f64| if a > b { a } else { b };
    let top = m(
        m(m(x[0], x[1]), m(x[2], x[3])),
        m(m(x[4], x[5]), m(m(x[6], x[7]), m(m(x[8], x[9]), x[10]))),
    );
    let cut = top - tie;
    let mut within = 0u32;
    for (n, &y) in x.iter().enumerate() {
        within |= u32::from(y >= cut) << n;
    }
    // `top` itself is within, so the mask is never empty.
    within.trailing_zeros()
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
    let t = best_response_tables(opponent, rules, None);
    Ok(BestResponse {
        strategy: table_strategy(&format!("best-response:{opponent}"), t.choice, rules.goal()),
        rate: WinRate::of(t.wa[0], t.wb[0]),
    })
}

/// The best response's tables: `wa[s][o]` the responder's chance when it
/// moves with `s`, `wb[s][o]` its chance when the opponent moves with `s`,
/// and the responder's choice at every state; with `at`, every choice's
/// value for the responder at that state.
struct Tables {
    wa: Table,
    wb: Table,
    choice: Vec<u8>,
    at: Option<Worth>,
}

fn best_response_tables(opponent: &Strategy, rules: &Rules, at: Option<(u32, u32)>) -> Tables {
    /// The fixed opponent's turn after each of the responder's choices.
    struct Fixed<'a> {
        opponent: &'a Strategy,
        pts: &'static Weights,
        wb: Table,
    }
    impl Other for Fixed<'_> {
        fn answer(&mut self, rules: &Rules, s: u32, o: u32, mine: &[f64]) {
            let g = rules.goal() as usize;
            let to_a = Next {
                table: mine,
                g,
                flip: true,
            };
            self.wb[s as usize * g + o as usize] =
                1.0 - value_of(self.pts, rules, s, o, self.opponent.rolls(s, o), to_a);
        }

        fn next<'a>(&'a self, _mine: &'a [f64], g: usize) -> Next<'a> {
            Next {
                table: &self.wb,
                g,
                flip: false,
            }
        }
    }
    let g = rules.goal() as usize;
    let mut fixed = Fixed {
        opponent,
        pts: &WEIGHTS,
        wb: Table::zeroed(g * g),
    };
    let (wa, choice, at) = choose_all(rules, at, &mut fixed);
    Tables {
        wa,
        wb: fixed.wb,
        choice,
        at,
    }
}

/// The other side of [`choose_all`]'s chooser.
trait Other {
    /// The other's turn at `(s, o)` once the chooser's chance there is in
    /// `mine` (its table so far).
    fn answer(&mut self, rules: &Rules, s: u32, o: u32, mine: &[f64]);
    /// The table the chooser's turns lead to (the other to move), from its
    /// own table `mine`.
    fn next<'a>(&'a self, mine: &'a [f64], g: usize) -> Next<'a>;
}

/// The chooser's table by the [`Sweep`], from the largest score sum down:
/// its chance at every state, its choice, and with `at`, every choice's
/// worth at that state. `other` plays the other side.
fn choose_all(
    rules: &Rules,
    at: Option<(u32, u32)>,
    other: &mut impl Other,
) -> (Table, Vec<u8>, Option<Worth>) {
    let goal = rules.goal();
    let g = goal as usize;
    let mut w = Table::zeroed(g * g);
    let mut choice = vec![0u8; g * g];
    let mut sweep = Sweep::new(&WEIGHTS, rules);
    let mut seen = None;
    for (sum, movers) in sums(goal) {
        sweep.begin(rules, sum);
        for s in movers.clone() {
            let o = sum - s;
            let i = s as usize * g + o as usize;
            let v = sweep.choices(rules, s, o);
            let (n, x) = v.best(rules.min_rolls());
            if at == Some((s, o)) {
                seen = Some(v);
            }
            w[i] = x;
            choice[i] = n as u8;
            other.answer(rules, s, o, &w);
        }
        for x in movers {
            let o = sum - x;
            let c = reached(rules, x, o, other.next(&w, g));
            sweep.settle(o, c);
        }
    }
    (w, choice, seen)
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
    let (w, choice, _) = optimal_tables(rules, None);
    Optimal {
        strategy: table_strategy("optimal", choice, rules.goal()),
        first_player_win: w[0],
    }
}

/// The minimax tables: the mover's chance at every state under optimal
/// play by both, and the optimal choice; with `at`, every choice's value
/// at that state.
fn optimal_tables(rules: &Rules, at: Option<(u32, u32)>) -> (Table, Vec<u8>, Option<Worth>) {
    /// The other side plays the same table: its chance is 1 minus the
    /// chooser's.
    struct Same;
    impl Other for Same {
        fn answer(&mut self, _: &Rules, _: u32, _: u32, _: &[f64]) {}

        fn next<'a>(&'a self, mine: &'a [f64], g: usize) -> Next<'a> {
            Next {
                table: mine,
                g,
                flip: true,
            }
        }
    }
    choose_all(rules, at, &mut Same)
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
    /// The best choice against the opponent (the fewest dice on a tie,
    /// within [`TIE`]).
    pub best_against_opponent: u32,
    /// The optimal choice (the fewest dice on a tie, within [`TIE`]).
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
    rules.check_strategy(opponent)?;
    coach_at(Some(opponent), rules, score, opponent_score)
}

/// [`coach`] against the minimax strategy itself ([`optimal`]): its table
/// is the one the coach's optimal play is computed from, so it is built
/// once, not once to name the opponent and again for the coach.
///
/// # Errors
/// [`HogError::ScoreOutOfRange`] for a score at or past the goal.
pub fn coach_vs_optimal(rules: &Rules, score: u32, opponent_score: u32) -> Result<Coach, HogError> {
    coach_at(None, rules, score, opponent_score)
}

/// [`coach`] against `opponent`, or against the minimax strategy when
/// `None`.
fn coach_at(
    opponent: Option<&Strategy>,
    rules: &Rules,
    score: u32,
    opponent_score: u32,
) -> Result<Coach, HogError> {
    rules.check_score(score)?;
    rules.check_score(opponent_score)?;
    let (s, o) = (score, opponent_score);
    let state = "a state below the goal is in the tables";
    let (_, choice, opt) = optimal_tables(rules, Some((s, o)));
    let opt = opt.expect(state);
    let minimax;
    let opponent = match opponent {
        Some(x) => x,
        None => {
            minimax = table_strategy("optimal", choice, rules.goal());
            &minimax
        }
    };
    let vs = best_response_tables(opponent, rules, Some((s, o)))
        .at
        .expect(state);
    let (vs_all, opt_all) = (vs.values(), opt.values());
    let first = rules.min_rolls();
    let choices: Vec<Choice> = (first..=MAX_ROLLS)
        .map(|n| Choice {
            rolls: n,
            against_opponent: vs_all[n as usize],
            under_optimal_play: opt_all[n as usize],
        })
        .collect();
    Ok(Coach {
        score,
        opponent_score,
        opponent: opponent.to_string(),
        best_against_opponent: vs.best(first).0,
        best_under_optimal_play: opt.best(first).0,
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

    /// The compiler's weights are the checked distributions: every count
    /// of faces, the pig-out counts, `d^n`, the sums past each score and
    /// the common denominators.
    #[test]
    fn the_weights_are_the_ways() {
        let w = &WEIGHTS;
        for (i, sides) in [(0, 4u32), (1, 6)] {
            for n in 0..=MAX_ROLLS {
                let mut faces = [0.0; MOST_POINTS + 2];
                let (mut pig, mut all) = (0.0, 1.0);
                if n == 0 {
                    faces[0] = 1.0;
                } else {
                    for &(k, c) in turn_point_ways(n, sides).unwrap() {
                        if k == 1 {
                            pig = c as f64;
                        } else {
                            faces[k as usize] = c as f64;
                        }
                    }
                    all = f64::from(sides).powi(n as i32);
                }
                let n = n as usize;
                assert_eq!(w.faces[i][n], faces, "{n} dice of {sides}");
                assert_eq!((w.pig[i][n], w.all[i][n]), (pig, all));
                assert_eq!(w.scale[i][KEPT - n], all);
                for k in 0..=MOST_POINTS + 1 {
                    assert_eq!(w.past[i][n][k], faces[k..].iter().sum::<f64>());
                }
            }
        }
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
                    let k = crate::turn::roll_core(n, sides, &mut d, |_| {}).unwrap();
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
        let r = average_win_rate(&s, &s, &Rules::HANDOUT).unwrap();
        assert!((r.first + r.second - 1.0).abs() < 1e-12);
        assert!((r.average - 0.5).abs() < 1e-12);
    }
}
