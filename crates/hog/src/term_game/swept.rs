//! The pass of the rule sets without memory when a seat chooses the best
//! dice: every choice valued by a recursion over the dice, as the Spring
//! 2014 engine does ([`crate::exact`]), instead of a sum over the points.
//!
//! Write `G_o(x)` for the chooser's chances (its own, the other's) once
//! its turn leaves it `x` points against the opponent's `o`, the rules
//! applied after the turn; and `H_n(x) = sum_k ways_n(k) G_o(x + k)`, where
//! `ways_n(k)` counts the sequences of `n` dice, every face 2 or more,
//! that sum to `k`. A sequence of `n` such faces is one of `n - 1` followed
//! by one face `f`, so `H_n(x) = sum_f H_{n-1}(x + f)` for `f` in `2..=d`:
//! four additions (two for four-sided dice) a dice count, where the sum
//! over the points has up to 51 terms. Rolling `n` dice at `(s, o)` is
//! worth `((d^n - (d-1)^n) G_o(s + 1) + H_n(s)) / d^n`: the sequences with
//! a 1 (pig out, one point), then the others.
//!
//! This holds because under these rule sets where a turn leads depends on
//! the points only through the mover's new score: a turn of `k` points at
//! `(s, o)` goes where a turn of none goes at `(s + k, o)` (a test checks
//! it on every state). The values are those of the general pass up to
//! rounding (within `1e-12`, a test checks it), and every `H` is a sum of
//! whole numbers times chances, so a sure win is worth exactly 1 whichever
//! dice reach it, and such choices tie exactly.

use super::{Chooser, Ctx, Flat, Tables, TrotTurn, sweep_sum};
use crate::exact::{KEPT, TIE, WEIGHTS};
use crate::terms::{Special, Term};

/// Scores past the goal whose rows are read: a state below the goal reads
/// the rows of its own score plus 1 to 6.
pub(super) const TOP: u32 = 6;

/// Slots of score sums kept: a state reads the sums 1 to 6 above its own
/// and writes its own; eight, so a sum's slot is a mask.
const RING: usize = 8;

/// One score pair's row: `H_0` to `H_9` (`H_10` is only needed at the
/// state itself), each the chooser's chance and the other's.
pub(super) type Row = [[f64; 2]; KEPT];

/// `H_1` to `H_10` at a state whose rows are at `place[0]` and those of
/// the scores 1 to 6 above at `place[1]` to `place[6]`, for dice of `D`
/// sides; the state's own row gets `H_1` to `H_9`. Written element by
/// element: copying whole rows became calls to `memcpy`, a third of Fall
/// 2017's pass.
#[inline(always)]
fn recur<const D: usize>(rows: &mut [Row], place: [usize; TOP as usize + 1]) -> Row {
    let mut h = [[0.0; 2]; KEPT];
    for n in 0..KEPT {
        let mut a = rows[place[2]][n];
        for &p in &place[3..=D] {
            let y = rows[p][n];
            a[0] += y[0];
            a[1] += y[1];
        }
        h[n] = a;
        if n + 1 < KEPT {
            rows[place[0]][n + 1] = a;
        }
    }
    h
}

/// [`crate::exact`]'s `best_of`: the fewest dice from `first` whose
/// worth in `v` is within `tie` of the highest. Every read is of one
/// value: reading two at once right after they were written one by one
/// stalls (a store is not forwarded to a wider load), which took an
/// eighth of Fall 2017's pass.
#[inline(always)]
fn pick(first: u32, v: &[f64; KEPT + 1], tie: f64) -> u32 {
    let first = first as usize;
    let mut top = v[first];
    for &y in &v[first + 1..] {
        top = if y > top { y } else { top };
    }
    let cut = top - tie;
    let mut n = first;
    while v[n] < cut {
        n += 1;
    }
    n as u32
}

/// The rows past the goal for dice of 4 (`i = 0`) or 6 (`i = 1`) sides,
/// as [`Tables`]' `top`: `end(x, o, k)` is where a turn of `k` points from
/// `x` against `o` ends the game (`[1, 0]`, a win, or `[0, 1]`).
pub(super) fn top_rows(goal: u32, i: usize, end: impl Fn(u32, u32, u32) -> [f64; 2]) -> Vec<Row> {
    let faces = &WEIGHTS.faces[i];
    let mut rows = vec![[[0.0; 2]; KEPT]; (TOP * goal) as usize];
    for x in goal..goal + TOP {
        for o in 0..goal {
            let row = &mut rows[((x - goal) * goal + o) as usize];
            row[0] = end(x, o, 0);
            for (n, h) in row.iter_mut().enumerate().skip(1) {
                for (k, &c) in faces[n].iter().enumerate() {
                    if c > 0.0 {
                        let g = end(x, o, k as u32);
                        h[0] += c * g[0];
                        h[1] += c * g[1];
                    }
                }
            }
        }
    }
    rows
}

/// The score sums of a swept pass, from [`TOP`] past the highest in play
/// down to 0: each sum, its lowest mover's score in play, and its states'
/// span in [`Tables`]' order (empty for the sums past the game's).
fn sums(goal: u32) -> impl Iterator<Item = (u32, u32, std::ops::Range<usize>)> {
    let last = 2 * (goal - 1);
    let mut start = 0;
    (0..=last + TOP).rev().map(move |sum| {
        if sum > last {
            return (sum, 0, start..start);
        }
        let lo = sum.saturating_sub(goal - 1);
        let end = start + (sum.min(goal - 1) - lo) as usize + 1;
        let span = start..end;
        start = end;
        (sum, lo, span)
    })
}

/// The opponent's scores `o` at `sum` whose mover's score `sum - o` is
/// past the goal and read (the goal to [`TOP`] - 1 past it), each with its
/// row's place in [`Tables`]' `top`.
fn past_goal(goal: u32, sum: u32) -> impl Iterator<Item = (u32, usize)> {
    let (lo, hi) = if sum < goal {
        (1, 0)
    } else {
        (
            sum.saturating_sub(goal + TOP - 1),
            (sum - goal).min(goal - 1),
        )
    };
    (lo..=hi).map(move |o| (o, ((sum - o - goal) * goal + o) as usize))
}

/// Where the rows of `sum` and of the [`TOP`] sums above it start in the
/// ring, `g` score pairs a sum.
fn slots(g: usize, sum: u32) -> [usize; TOP as usize + 1] {
    std::array::from_fn(|f| (sum as usize + f) % RING * g)
}

/// [`super::solve_without`] for rule sets without memory when one seat or
/// both choose the best (see the module's text); a fixed seat's chance
/// is summed over its dice's points, as [`super::solve_tabled`] does.
pub(super) fn solve_swept(
    ctx: &Ctx,
    seats: [Chooser<'_>; 2],
    fewest: u32,
    v: &mut [Vec<[f64; 2]>; 2],
    choice: &mut [Vec<u8>; 2],
) {
    let (goal, l, sym) = (ctx.goal, ctx.layout, ctx.symmetric);
    let g = goal as usize;
    let t = Tables::get(ctx.term, goal, ctx.off);
    let mut x = Flat::new(l.len());
    // The seat whose rows are kept: the one choosing (the first when both
    // do, as one table serves both).
    let chooser = usize::from(!matches!(seats[0], Chooser::Best));
    let seats_solved = if sym { 1 } else { 2 };
    let cycles = ctx.term == Term::Spring2022;
    let w = &WEIGHTS;
    let mut rows: [Vec<Row>; 2] =
        [0, 1].map(|i| vec![[[0.0; 2]; KEPT]; if t.top[i].is_empty() { 0 } else { RING * g }]);
    for (sum, lo, span) in sums(goal) {
        let at = slots(g, sum);
        for (o, k) in past_goal(goal, sum) {
            for (r, top) in rows.iter_mut().zip(&t.top) {
                if !r.is_empty() {
                    r[at[0] + o as usize] = top[k];
                }
            }
        }
        let start = span.start;
        sweep_sum(span.clone(), cycles, &t.loops, |s| {
            let mut changed = false;
            let i = t.state[s] as usize;
            let o = (sum - lo) as usize - (s - start);
            let six = usize::from(t.six[s]);
            let dest = &t.dest[s];
            let zero = t.zero[s];
            for (p, seat) in seats.iter().enumerate().take(seats_solved) {
                let (n, val) = match *seat {
                    Chooser::Fixed(pol) => {
                        let n = u32::from(pol.rolls[i]);
                        let mut acc = [0.0; 2];
                        if n == 0 {
                            acc = x.at(p, zero);
                        } else {
                            for &(k, pr) in ctx.dist[six][n as usize] {
                                let r = x.at(p, dest[k as usize]);
                                acc[0] += pr * r[0];
                                acc[1] += pr * r[1];
                            }
                        }
                        (n, acc)
                    }
                    Chooser::Best => {
                        // H_1(s) to H_10(s) of each kind of dice; the
                        // state's own row keeps H_1 to H_9.
                        let mut here = [[0.0; 2]; KEPT];
                        let places = std::array::from_fn(|f| at[f] + o);
                        if !rows[0].is_empty() {
                            let h = recur::<4>(&mut rows[0], places);
                            if six == 0 {
                                here = h;
                            }
                        }
                        if six == 1 {
                            here = recur::<6>(&mut rows[1], places);
                        } else {
                            recur::<6>(&mut rows[1], places);
                        }
                        let g1 = rows[six][at[1] + o][0];
                        let z = x.at(p, zero);
                        let (pig, scale, all) = (&w.pig[six], &w.scale[six], &w.all[six]);
                        // `num[n]` over `d^n` is rolling n dice; the
                        // choices are compared over the common d^10.
                        let mut num = [[0.0; 2]; KEPT + 1];
                        let mut scaled = [0.0; KEPT + 1];
                        scaled[0] = z[0] * all[KEPT];
                        for n in 1..=KEPT {
                            num[n] = [
                                pig[n] * g1[0] + here[n - 1][0],
                                pig[n] * g1[1] + here[n - 1][1],
                            ];
                            scaled[n] = num[n][0] * scale[n];
                        }
                        // A zero-point turn only when strictly best,
                        // as in the general pass.
                        let stalls = fewest == 0 && cycles && t.stalls[s];
                        let tie = TIE * all[KEPT];
                        let mut n = pick(fewest + u32::from(stalls), &scaled, tie);
                        if stalls && scaled[0] > scaled[n as usize] + tie {
                            n = 0;
                        }
                        let val = match n as usize {
                            0 => z,
                            n => [num[n][0] / all[n], num[n][1] / all[n]],
                        };
                        (n, val)
                    }
                };
                if x.get(p, i) != val {
                    changed = true;
                }
                x.set(p, i, val, sym);
                choice[p][i] = n as u8;
            }
            changed
        });
        // The sum is solved: each of its score pairs' `G_o(x)`, where a
        // turn of no points leads.
        for s in span {
            let o = (sum - lo) as usize - (s - start);
            let y = x.at(chooser, t.dest[s][0]);
            for r in rows.iter_mut().filter(|r| !r.is_empty()) {
                r[at[0] + o][0] = y;
            }
        }
    }
    for (p, vp) in v.iter_mut().enumerate().take(seats_solved) {
        for (i, y) in vp.iter_mut().enumerate() {
            *y = x.get(p, i);
        }
    }
}

/// [`solve_swept`] for Fall 2017, whose memory is the turn number (mod 8)
/// and whether the last turn was a time trot. A turn that is not a time
/// trot leads to the next turn number's plain memory whatever the dice,
/// so each turn number keeps its own rows, side by side for a score pair;
/// the time trot (the dice count equal to the turn number, after a turn
/// that was none) is summed over its points, as [`super::solve_trot`]
/// does. A fixed seat's chance is summed over its dice's points.
pub(super) fn solve_trot_swept(
    ctx: &Ctx,
    seats: [Chooser<'_>; 2],
    fewest: u32,
    v: &mut [Vec<[f64; 2]>; 2],
    choice: &mut [Vec<u8>; 2],
) {
    let (goal, l, sym) = (ctx.goal, ctx.layout, ctx.symmetric);
    let (g, ext) = (goal as usize, l.ext);
    let turns = ext / 2;
    let len = g * g;
    let t = Tables::get(ctx.term, goal, ctx.off);
    let mut x = Flat::with_memories(len, ext);
    let trot_on = ctx.off != Some(Special::TimeTrot);
    let chooser = usize::from(!matches!(seats[0], Chooser::Best));
    let seats_solved = if sym { 1 } else { 2 };
    let w = &WEIGHTS;
    let (pig, scale, all) = (&w.pig[1], &w.scale[1], &w.all[1]);
    let tie = TIE * all[KEPT];
    // `rows[(slot + o) * turns + turn]`: a score pair's rows of every turn
    // number side by side.
    let mut rows = vec![[[0.0; 2]; KEPT]; RING * g * turns];
    for (sum, lo, span) in sums(goal) {
        let at = slots(g, sum);
        for (o, k) in past_goal(goal, sum) {
            // Past the goal the game is over, whatever the memory.
            let r = (at[0] + o as usize) * turns;
            rows[r..r + turns].fill(t.top[1][k]);
        }
        let start = span.start;
        // No state leads to another of its sum: one pass.
        for s in span.clone() {
            let j = t.state[s] as usize;
            let o = (sum - lo) as usize - (s - start);
            let zero = t.zero[s];
            for turn in 0..turns {
                let turn_at = TrotTurn::new(ctx, &t, s, turn);
                let plain = turn_at.plain();
                for (p, seat) in seats.iter().enumerate().take(seats_solved) {
                    let mut vals = [(0, [0.0; 2]); 2];
                    match *seat {
                        Chooser::Fixed(pol) => vals = turn_at.fixed(&x, p, pol, j),
                        Chooser::Best => {
                            let row = |f: usize| (at[f] + o) * turns + turn;
                            let h = recur::<6>(&mut rows, std::array::from_fn(row));
                            let g1 = rows[row(1)][0];
                            let z = x.at_place(p, Flat::place(zero, plain, len));
                            let mut num = [[0.0; 2]; KEPT + 1];
                            let mut scaled = [0.0; KEPT + 1];
                            scaled[0] = z[0] * all[KEPT];
                            for n in 1..=KEPT {
                                num[n] =
                                    [pig[n] * g1[0] + h[n - 1][0], pig[n] * g1[1] + h[n - 1][1]];
                                scaled[n] = num[n][0] * scale[n];
                            }
                            let value = |n: usize| match n {
                                0 => z,
                                n => [num[n][0] / all[n], num[n][1] / all[n]],
                            };
                            // After a time trot: no other.
                            let n = pick(fewest, &scaled, tie);
                            vals[1] = (n, value(n as usize));
                            // After none: the turn number's dice trot.
                            vals[0] = vals[1];
                            if trot_on && turn as u32 >= fewest {
                                let trot = turn_at.sum_of(&x, p, turn as u32, 2 * turn);
                                scaled[turn] = trot[0] * all[KEPT];
                                let n = pick(fewest, &scaled, tie);
                                vals[0] = if n as usize == turn {
                                    (n, trot)
                                } else {
                                    (n, value(n as usize))
                                };
                            }
                        }
                    }
                    for (d, &(n, val)) in vals.iter().enumerate() {
                        let e = 2 * turn + d;
                        x.set(p, (len + 1) * e + j, val, sym);
                        choice[p][j * ext + e] = n as u8;
                    }
                }
            }
        }
        // The sum is solved: each score pair's `G_o(x)` for every turn
        // number.
        for s in span {
            let o = (sum - lo) as usize - (s - start);
            let d = t.dest[s][0];
            for turn in 0..turns {
                let e = (turn + 1) % 8 * 2;
                rows[(at[0] + o) * turns + turn][0] = x.at_place(chooser, Flat::place(d, e, len));
            }
        }
    }
    for (p, vp) in v.iter_mut().enumerate().take(seats_solved) {
        for (i, y) in vp.iter_mut().enumerate() {
            *y = x.get(p, (len + 1) * (i % ext) + i / ext);
        }
    }
}
