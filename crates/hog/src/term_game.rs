//! Hog under any [`Term`]'s rules: a rules step ([`TermState`], the
//! reference) and exact dynamic programs over the extended state
//! (scores, mover and the [`Memory`] the rules need), tested equal to the
//! generic exact evaluation of the step.
//!
//! The dynamic program runs over the sum of the two scores, highest first:
//! every turn adds at least one point under every rule set except Spring
//! 2022, whose hefty hogs can score 0. There a zero-point turn hands the
//! same scores to the other player, so the states of one sum are solved by
//! value iteration from zero (Gauss-Seidel until nothing changes), as
//! [`game::exact::evaluate`] does: a game that never ends is won by nobody.

use std::sync::{Arc, Mutex, PoisonError};

use dice::{Dice, DiceError};
use game::{Step, Turn};
use serde::{Deserialize, Serialize};

use crate::exact::{self, WinRate};
use crate::terms::{Memory, Special, Term, after_turn, after_turn_without};
use crate::{GOAL, HogError, MAX_ROLLS, Strategy};

mod swept;

/// Feral hogs looks at the last turn's points only through |dice - points|
/// == 2 with at most 10 dice, so every count from 13 up acts the same.
const LAST_CAP: u32 = 13;

/// A position under a term's rules: both scores, the mover, the memory,
/// and the dice chosen while chance is about to roll them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "TermSetup")]
pub struct TermState {
    rules: Term,
    goal: u32,
    scores: [u32; 2],
    player: usize,
    memory: Memory,
    rolling: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TermSetup {
    rules: Term,
    goal: u32,
    scores: [u32; 2],
    player: usize,
    #[serde(default)]
    memory: Memory,
    rolling: Option<u32>,
}

/// The highest score a finished game can show: the goal's last score plus
/// a turn, doubled by hog pile, plus the after-turn bonuses.
const MAX_FINISHED: u32 = 2 * (GOAL + 60) + 20;

impl TryFrom<TermSetup> for TermState {
    type Error = HogError;

    fn try_from(s: TermSetup) -> Result<TermState, HogError> {
        if !(1..=GOAL).contains(&s.goal) {
            return Err(HogError::GoalOutOfRange(s.goal));
        }
        if s.player > 1 {
            return Err(HogError::NotAPlayer(s.player));
        }
        let over = s.scores.iter().any(|&x| x >= s.goal);
        if let Some(&bad) = s.scores.iter().find(|&&x| x >= MAX_FINISHED) {
            return Err(HogError::ScoreOutOfRange {
                score: bad,
                goal: s.goal,
            });
        }
        if let Some(n) = s.rolling
            && (over || !(1..=MAX_ROLLS).contains(&n))
        {
            return Err(HogError::RollDice(n));
        }
        if s.memory.turn >= 8 || s.memory.last_points.iter().any(|&p| p > MAX_FINISHED) {
            return Err(HogError::BadMemory);
        }
        Ok(TermState {
            rules: s.rules,
            goal: s.goal,
            scores: s.scores,
            player: s.player,
            memory: s.memory,
            rolling: s.rolling,
        })
    }
}

impl TermState {
    /// A new game under `rules` to `goal`: 0 to 0, player 0 to move.
    ///
    /// # Errors
    /// [`HogError::GoalOutOfRange`] outside 1 to 100.
    pub fn new(rules: Term, goal: u32) -> Result<TermState, HogError> {
        if !(1..=GOAL).contains(&goal) {
            return Err(HogError::GoalOutOfRange(goal));
        }
        Ok(TermState {
            rules,
            goal,
            scores: [0, 0],
            player: 0,
            memory: Memory::default(),
            rolling: None,
        })
    }

    /// The rule set.
    pub fn rules(&self) -> Term {
        self.rules
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Both scores, player 0's first.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The player to move (or whose dice chance rolls).
    pub fn player(&self) -> usize {
        self.player
    }

    /// The memory the rules keep.
    pub fn memory(&self) -> Memory {
        self.memory
    }

    /// The sides of the mover's dice now.
    pub fn sides(&self) -> u32 {
        let p = self.player;
        self.rules.sides(self.scores[p], self.scores[1 - p])
    }

    /// The winner once the game is over: the higher score.
    pub fn winner(&self) -> Option<usize> {
        (self.turn() == Turn::Terminal).then(|| usize::from(self.scores[1] > self.scores[0]))
    }

    fn finish(&mut self, rolls: u32, points: u32) {
        let a = after_turn(
            self.rules,
            self.scores,
            self.player,
            rolls,
            points,
            self.memory,
        );
        self.scores = a.scores;
        self.player = a.next;
        self.memory = a.memory;
        self.rolling = None;
    }
}

impl Step for TermState {
    type Action = u32;
    type Outcome = u32;
    type Error = HogError;

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.scores.iter().any(|&s| s >= self.goal) {
            Turn::Terminal
        } else if self.rolling.is_some() {
            Turn::Chance
        } else {
            Turn::Player(self.player)
        }
    }

    fn legal_actions(&self) -> Vec<u32> {
        match self.turn() {
            Turn::Player(_) => (0..=MAX_ROLLS).collect(),
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
        let rolls = crate::check_rolls(i64::from(rolls))?;
        if rolls == 0 {
            let p = self.player;
            let points = self.rules.zero_dice(self.scores[p], self.scores[1 - p]);
            self.finish(0, points);
        } else {
            self.rolling = Some(rolls);
        }
        Ok(())
    }

    fn apply_outcome(&mut self, &points: &u32) -> Result<(), HogError> {
        let Some(n) = self.rolling else {
            return Err(HogError::NotAnOutcome(points));
        };
        if !self.chance_outcomes().iter().any(|&(k, _)| k == points) {
            return Err(HogError::NotAnOutcome(points));
        }
        self.finish(n, points);
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        match self.winner() {
            Some(w) => (0..2).map(|p| f64::from(u8::from(p == w))).collect(),
            None => vec![0.0, 0.0],
        }
    }

    fn sample_outcome<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<u32, DiceError> {
        game::sample_by_weight(&self.chance_outcomes(), dice)
    }
}

/// How a rule set's memory is folded into a small index, from the mover's
/// side: the DP's third coordinate.
#[derive(Clone, Copy, Debug)]
struct Layout {
    term: Term,
    goal: usize,
    ext: usize,
}

impl Layout {
    fn new(term: Term, goal: u32) -> Layout {
        let ext = match term {
            Term::Fall2017 => 16,
            Term::Fall2019 => ((LAST_CAP + 1) * (LAST_CAP + 1)) as usize,
            _ => 1,
        };
        Layout {
            term,
            goal: goal as usize,
            ext,
        }
    }

    fn len(&self) -> usize {
        self.goal * self.goal * self.ext
    }

    /// The memory's index seen by `mover`. Under Fall 2019 the mover's
    /// own last points are the fast coordinate: a turn leads to the next
    /// mover's own last points, the same for every choice, so the places a
    /// state reads for its 14 memories of one kind lie side by side.
    fn ext_of(&self, m: &Memory, mover: usize) -> usize {
        match self.term {
            Term::Fall2017 => (m.turn % 8) as usize * 2 + usize::from(m.trotted),
            Term::Fall2019 => {
                let c = |p: u32| p.min(LAST_CAP) as usize;
                c(m.last_points[1 - mover]) * (LAST_CAP as usize + 1) + c(m.last_points[mover])
            }
            _ => 0,
        }
    }

    /// The memory of index `e`, the mover as player 0.
    fn memory(&self, e: usize) -> Memory {
        match self.term {
            Term::Fall2017 => Memory {
                turn: (e / 2) as u32,
                trotted: e % 2 == 1,
                ..Memory::default()
            },
            Term::Fall2019 => {
                let w = LAST_CAP as usize + 1;
                Memory {
                    last_points: [(e % w) as u32, (e / w) as u32],
                    ..Memory::default()
                }
            }
            _ => Memory::default(),
        }
    }

    /// Memories whose turns differ only in what [`shared`] keys: under
    /// Fall 2019, the mover's own last points matter only through whether
    /// feral hogs pays, so the 14 of them with the same opponent's last
    /// points form one group. Every other rule set: one memory a group.
    fn groups(&self) -> usize {
        match self.term {
            Term::Fall2019 => LAST_CAP as usize + 1,
            _ => self.ext,
        }
    }

    fn members(&self, group: usize) -> impl Iterator<Item = usize> {
        let (w, ext) = (LAST_CAP as usize + 1, self.ext);
        let fall2019 = self.term == Term::Fall2019;
        (0..if fall2019 { w } else { 1 }).map(move |k| {
            if fall2019 {
                group * w + k
            } else {
                group.min(ext - 1)
            }
        })
    }

    fn at(&self, me: u32, opp: u32, e: usize) -> usize {
        (me as usize * self.goal + opp as usize) * self.ext + e
    }
}

/// A policy over the extended state: the dice at every (score, opponent
/// score, memory) from the mover's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    name: String,
    term: Term,
    goal: u32,
    rolls: Vec<u8>,
}

impl Policy {
    /// A score-pair strategy as a policy (the memory ignored).
    pub fn from_strategy(s: &Strategy, term: Term, goal: u32) -> Policy {
        let l = Layout::new(term, goal);
        let mut rolls = vec![0u8; l.len()];
        for me in 0..goal {
            for opp in 0..goal {
                let n = s.rolls(me, opp) as u8;
                for e in 0..l.ext {
                    rolls[l.at(me, opp, e)] = n;
                }
            }
        }
        Policy {
            name: s.to_string(),
            term,
            goal,
            rolls,
        }
    }

    /// The policy's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same policy under another name.
    pub fn renamed(mut self, name: &str) -> Policy {
        self.name = name.to_string();
        self
    }

    /// The dice at (score, opponent score) with `memory`, from the mover's
    /// side (`mover` is the mover's seat in `memory`).
    pub fn rolls(&self, score: u32, opponent: u32, memory: &Memory, mover: usize) -> u32 {
        let l = Layout::new(self.term, self.goal);
        u32::from(self.rolls[l.at(score, opponent, l.ext_of(memory, mover))])
    }

    /// The policy as a 100 x 100 strategy table, when it does not depend on
    /// the memory (always, for rule sets without one).
    ///
    /// # Errors
    /// [`HogError::DependsOnMemory`] naming the first score pair where two
    /// memories choose differently.
    pub fn to_strategy(&self) -> Result<Strategy, HogError> {
        let l = Layout::new(self.term, self.goal);
        let mut full = vec![0u8; (GOAL * GOAL) as usize];
        for me in 0..self.goal {
            for opp in 0..self.goal {
                let first = self.rolls[l.at(me, opp, 0)];
                if (1..l.ext).any(|e| self.rolls[l.at(me, opp, e)] != first) {
                    return Err(HogError::DependsOnMemory {
                        rules: self.term.name(),
                        score: me,
                        opponent: opp,
                    });
                }
                full[(me * GOAL + opp) as usize] = first;
            }
        }
        Strategy::table(&self.name, full)
    }
}

/// Who chooses at one seat: a fixed policy, or the best for itself.
#[derive(Clone, Copy)]
enum Chooser<'a> {
    Fixed(&'a Policy),
    Best,
}

/// The solved tables: `v[p][i]` = (mover's chance to win, other's) when
/// seat `p` moves at state `i`, and the choices made. When both seats
/// choose the best, one table serves both: `v[1]` and `choice[1]` are
/// empty (a copy was 31 MB under Fall 2019, and nothing read it).
struct Solved {
    ctx: Ctx,
    v: [Vec<[f64; 2]>; 2],
    choice: [Vec<u8>; 2],
}

/// The turn-point distributions, `dist[sides == 6][n]`.
fn distributions() -> [[&'static [(u32, f64)]; 11]; 2] {
    let mut d: [[&'static [(u32, f64)]; 11]; 2] = [[&[]; 11]; 2];
    for (i, sides) in [4u32, 6].into_iter().enumerate() {
        for n in 1..=MAX_ROLLS {
            d[i][n as usize] = exact::turn_points(n, sides).expect("1 to 10 dice of 4 or 6 sides");
        }
    }
    d
}

/// Which turns of a group (see `Layout::groups`) are alike when rolling
/// `n`: under Fall 2019, 1 when feral hogs pays and 0 when not; else 0.
fn shared(term: Term, memory: &Memory, n: u32) -> usize {
    usize::from(term == Term::Fall2019 && n.abs_diff(memory.last_points[0]) == 2)
}

/// What the chance of one choice needs: the rules, the layout, the
/// turn-point distributions and whether one table serves both seats.
struct Ctx {
    term: Term,
    goal: u32,
    layout: Layout,
    dist: [[&'static [(u32, f64)]; 11]; 2],
    symmetric: bool,
    /// A special rule switched off, to measure it.
    off: Option<Special>,
}

impl Ctx {
    /// (mover's chance, other's) when seat `p` rolls `n` dice at
    /// (me, opp) with `memory` (the mover as player 0), then play goes on
    /// by the tables `v`.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &self,
        v: &[Vec<[f64; 2]>; 2],
        p: usize,
        me: u32,
        opp: u32,
        memory: Memory,
        n: u32,
        outcomes: &mut Outcomes,
    ) -> [f64; 2] {
        let mut acc = [0.0; 2];
        // Where a turn of k points leads depends on the dice only through
        // time trot or feral hogs paying: it is looked up once per state
        // and case for all eleven choices.
        let c = class(self.term, &memory, n);
        let mut add = |k: u32, pr: f64| {
            let r = match outcomes.get(c, k) {
                Some(r) => r,
                None => {
                    let r = self.after(v, p, me, opp, memory, n, k);
                    outcomes.put(c, k, r);
                    r
                }
            };
            acc[0] += pr * r[0];
            acc[1] += pr * r[1];
        };
        if n == 0 {
            add(self.term.zero_dice(me, opp), 1.0);
        } else {
            let wild = self.off != Some(Special::HogWild);
            let six = usize::from(!wild || self.term.sides(me, opp) == 6);
            for &(k, pr) in self.dist[six][n as usize] {
                add(k, pr);
            }
        }
        acc
    }

    /// (mover's chance, other's) after a turn of `n` dice scoring `k`.
    #[allow(clippy::too_many_arguments)]
    fn after(
        &self,
        v: &[Vec<[f64; 2]>; 2],
        p: usize,
        me: u32,
        opp: u32,
        memory: Memory,
        n: u32,
        k: u32,
    ) -> [f64; 2] {
        let (l, goal) = (&self.layout, self.goal);
        let a = after_turn_without(self.term, self.off, [me, opp], 0, n, k, memory);
        if a.scores[0] >= goal || a.scores[1] >= goal {
            if a.scores[0] > a.scores[1] {
                [1.0, 0.0]
            } else {
                [0.0, 1.0]
            }
        } else if a.next == 0 {
            let q = if self.symmetric { 0 } else { p };
            v[q][l.at(a.scores[0], a.scores[1], l.ext_of(&a.memory, 0))]
        } else {
            let q = if self.symmetric { 0 } else { 1 - p };
            let w = v[q][l.at(a.scores[1], a.scores[0], l.ext_of(&a.memory, 1))];
            [w[1], w[0]]
        }
    }
}

/// How rolling `n` dice differs from rolling other counts once the points
/// are known: 1 when it makes a time trot (Fall 2017) or feral hogs pay
/// (Fall 2019), else 0.
fn class(term: Term, memory: &Memory, n: u32) -> usize {
    match term {
        Term::Fall2017 => usize::from(memory.turn % 8 == n && !memory.trotted),
        _ => shared(term, memory, n),
    }
}

/// The chances after each turn's points at one state, by [`class`],
/// kept while the state's choices are valued.
struct Outcomes {
    seen: [[Option<[f64; 2]>; 64]; 2],
}

impl Outcomes {
    fn new() -> Outcomes {
        Outcomes {
            seen: [[None; 64]; 2],
        }
    }

    fn get(&self, c: usize, k: u32) -> Option<[f64; 2]> {
        self.seen[c].get(k as usize).copied().flatten()
    }

    fn put(&mut self, c: usize, k: u32, r: [f64; 2]) {
        if let Some(x) = self.seen[c].get_mut(k as usize) {
            *x = Some(r);
        }
    }
}

impl Ctx {
    /// Whether zero dice at (me, opp) scores nothing at all, handing the
    /// same scores to the other player.
    fn stalls(&self, me: u32, opp: u32, memory: Memory) -> bool {
        let k = self.term.zero_dice(me, opp);
        let a = after_turn_without(self.term, self.off, [me, opp], 0, 0, k, memory);
        a.next == 1 && a.scores == [me, opp]
    }
}

fn solve(term: Term, goal: u32, seats: [Chooser<'_>; 2]) -> Solved {
    solve_without(term, goal, seats, None)
}

fn solve_without(term: Term, goal: u32, seats: [Chooser<'_>; 2], off: Option<Special>) -> Solved {
    solve_by(term, goal, seats, off, true)
}

/// [`solve_without`], through [`solve_tabled`] where it applies when
/// `tabled`.
fn solve_by(
    term: Term,
    goal: u32,
    seats: [Chooser<'_>; 2],
    off: Option<Special>,
    tabled: bool,
) -> Solved {
    let l = Layout::new(term, goal);
    let symmetric = matches!(seats, [Chooser::Best, Chooser::Best]);
    let ctx = Ctx {
        term,
        goal,
        layout: l,
        dist: distributions(),
        symmetric,
        off,
    };
    let fewest = u32::from(off == Some(Special::ZeroDice));
    let mut v = [vec![[0.0; 2]; l.len()], Vec::new()];
    let mut choice = [vec![0u8; l.len()], Vec::new()];
    if !symmetric {
        v[1] = vec![[0.0; 2]; l.len()];
        choice[1] = vec![0u8; l.len()];
    }
    let seats_solved = if symmetric { 1 } else { 2 };
    let cycles = term == Term::Spring2022;
    let fixed = match seats {
        [Chooser::Fixed(a), Chooser::Fixed(b)] => Some([a, b]),
        _ => None,
    };
    if tabled && term == Term::Fall2017 && Flat::fits((goal * goal) as usize) {
        match fixed {
            Some(pols) => solve_trot(&ctx, pols, &mut v, &mut choice),
            None => swept::solve_trot_swept(&ctx, seats, fewest, &mut v, &mut choice),
        }
        return Solved { ctx, v, choice };
    }
    if tabled && term == Term::Fall2019 {
        if let [Chooser::Fixed(a), Chooser::Fixed(b)] = seats
            && ignores_memory(a, l.ext)
            && ignores_memory(b, l.ext)
        {
            let (x, n) = solve_feral_pair(goal, off, [a, b]);
            let w = FERAL_W;
            for p in 0..2 {
                for (j, &np) in n[p].iter().take((goal * goal) as usize).enumerate() {
                    for pb in 0..w {
                        for pa in 0..w {
                            let i = j * l.ext + w * pb + pa;
                            v[p][i] = x[p][2 * (w * j + pb) + feral_pays(off, np, pa)];
                            choice[p][i] = np;
                        }
                    }
                }
            }
            return Solved { ctx, v, choice };
        }
        solve_feral(&ctx, seats, fewest, &mut v, &mut choice);
        return Solved { ctx, v, choice };
    }
    if tabled && l.ext == 1 && Flat::fits(l.len()) {
        match fixed {
            Some(pols) => solve_tabled(&ctx, pols, &mut v, &mut choice),
            None => swept::solve_swept(&ctx, seats, fewest, &mut v, &mut choice),
        }
        return Solved { ctx, v, choice };
    }
    for sum in (0..=2 * (goal - 1)).rev() {
        let lo = sum.saturating_sub(goal - 1);
        let hi = sum.min(goal - 1);
        for sweep in 0.. {
            let mut changed = false;
            for me in lo..=hi {
                let opp = sum - me;
                for group in 0..l.groups() {
                    for p in 0..seats_solved {
                        // Within a group only the key of `shared` tells the
                        // memories apart, so each (dice, key) is valued once.
                        let mut memo = [[None::<[f64; 2]>; 2]; MAX_ROLLS as usize + 1];
                        // The members of a group lead to the same places.
                        let mut outcomes = Outcomes::new();
                        for e in l.members(group) {
                            let i = l.at(me, opp, e);
                            let memory = l.memory(e);
                            let mut value = |n: u32| {
                                let k = shared(term, &memory, n);
                                *memo[n as usize][k].get_or_insert_with(|| {
                                    ctx.value(&v, p, me, opp, memory, n, &mut outcomes)
                                })
                            };
                            let (n, val) = match seats[p] {
                                Chooser::Fixed(pol) => {
                                    let n = u32::from(pol.rolls[i]);
                                    (n, value(n))
                                }
                                Chooser::Best => {
                                    // A zero-point turn (Spring 2022) is
                                    // chosen only when strictly best: on a
                                    // tie with a roll, passing the same
                                    // scores back would let both players
                                    // pass for ever, while its value
                                    // counts on the other rolling.
                                    let stalls =
                                        fewest == 0 && cycles && ctx.stalls(me, opp, memory);
                                    let first = fewest + u32::from(stalls);
                                    let mut best = (first, value(first));
                                    for n in (first + 1..=MAX_ROLLS).chain(stalls.then_some(0)) {
                                        let x = value(n);
                                        if x[0] > best.1[0] {
                                            best = (n, x);
                                        }
                                    }
                                    best
                                }
                            };
                            if v[p][i] != val {
                                changed = true;
                            }
                            v[p][i] = val;
                            choice[p][i] = n as u8;
                        }
                    }
                }
            }
            if !cycles || !changed || sweep >= MAX_SWEEPS {
                break;
            }
        }
    }
    Solved { ctx, v, choice }
}

/// The most points one turn scores (ten six-sided dice), below the size
/// of a state's row of destinations.
const POINTS: usize = 64;

/// The rules of a term without memory, precomputed once per (term, goal, rule switched off): every state's dice
/// (six sides or four) and where each turn's points and zero dice lead, as
/// a place in the [`Flat`] table seen from seat 0.
struct Tables {
    /// The states in the order they are solved: by falling score sum, then
    /// rising mover's score. The other tables follow that order, so a
    /// pass reads them front to back.
    state: Vec<u32>,
    six: Vec<bool>,
    dest: Vec<[u16; POINTS]>,
    zero: Vec<u16>,
    /// Whether zero dice score nothing at all, handing the same scores to
    /// the other player ([`Ctx::stalls`]).
    stalls: Vec<bool>,
    /// Whether zero dice leave the score sum as it is (and the game
    /// going): the state then reads states of its own sum.
    loops: Vec<bool>,
    /// Fall 2017: `dest` and `zero` when the turn is a time trot (empty
    /// under other rule sets).
    dest_trot: Vec<[u16; POINTS]>,
    zero_trot: Vec<u16>,
    /// The rows of [`swept`] for the scores past the goal, which no state
    /// holds: `top[i][(x - goal) * goal + o]` is `H_0` to `H_9` at `x`
    /// (from the goal to [`swept::TOP`] past it) against `o`, for dice of
    /// 4 (`i = 0`, empty unless some state rolls them) or 6 (`i = 1`)
    /// sides. Every such turn ends the game, so they hold whole numbers.
    top: [Vec<swept::Row>; 2],
}

impl Tables {
    fn build(term: Term, goal: u32, off: Option<Special>) -> Tables {
        // Score pairs only: under Fall 2017 the memory is added by the pass.
        let l = Layout {
            term,
            goal: goal as usize,
            ext: 1,
        };
        let wild = off != Some(Special::HogWild);
        let (win, lose) = Flat::ends(l.len());
        let dest_in = |me: u32, opp: u32, k: u32, memory: Memory| {
            let a = after_turn_without(term, off, [me, opp], 0, 0, k, memory);
            if a.scores[0] >= goal || a.scores[1] >= goal {
                if a.scores[0] > a.scores[1] { win } else { lose }
            } else if a.next == 0 {
                Flat::again(l.at(a.scores[0], a.scores[1], 0))
            } else {
                Flat::handed(l.at(a.scores[1], a.scores[0], 0))
            }
        };
        // A memory under which Fall 2017's time trot cannot pay (the last
        // turn was one); every other rule set ignores it.
        let plain = Memory {
            trotted: true,
            ..Memory::default()
        };
        let dest_of = |me: u32, opp: u32, k: u32| dest_in(me, opp, k, plain);
        let trot = term == Term::Fall2017;
        let mut t = Tables {
            state: Vec::with_capacity(l.len()),
            six: Vec::with_capacity(l.len()),
            dest: Vec::with_capacity(l.len()),
            zero: Vec::with_capacity(l.len()),
            stalls: Vec::with_capacity(l.len()),
            loops: Vec::with_capacity(l.len()),
            dest_trot: Vec::new(),
            zero_trot: Vec::new(),
            top: [Vec::new(), Vec::new()],
        };
        for sum in (0..=2 * (goal - 1)).rev() {
            for me in sum.saturating_sub(goal - 1)..=sum.min(goal - 1) {
                let opp = sum - me;
                t.state.push(l.at(me, opp, 0) as u32);
                t.six.push(!wild || term.sides(me, opp) == 6);
                let mut row = [lose; POINTS];
                for (k, d) in row.iter_mut().enumerate() {
                    *d = dest_of(me, opp, k as u32);
                }
                t.dest.push(row);
                let k = term.zero_dice(me, opp);
                t.zero.push(dest_of(me, opp, k));
                let a = after_turn_without(term, off, [me, opp], 0, 0, k, Memory::default());
                t.stalls.push(a.next == 1 && a.scores == [me, opp]);
                t.loops
                    .push(a.scores[0] + a.scores[1] == sum && a.scores.iter().all(|&x| x < goal));
                if trot {
                    // Zero dice on turn 0: a time trot (when it is on).
                    let m = Memory::default();
                    let mut row = [lose; POINTS];
                    for (k, d) in row.iter_mut().enumerate() {
                        *d = dest_in(me, opp, k as u32, m);
                    }
                    t.dest_trot.push(row);
                    t.zero_trot.push(dest_in(me, opp, k, m));
                }
            }
        }
        let four = t.six.iter().any(|&six| !six);
        t.top = [0, 1].map(|i| {
            if i == 1 || four {
                swept::top_rows(goal, i, |x, o, k| {
                    let d = dest_of(x, o, k);
                    debug_assert!(d == win || d == lose);
                    if d == win { [1.0, 0.0] } else { [0.0, 1.0] }
                })
            } else {
                Vec::new()
            }
        });
        t
    }

    /// The tables of `(term, goal, off)`, built on first use and shared
    /// (by every pair of a tournament, every later call).
    fn get(term: Term, goal: u32, off: Option<Special>) -> Arc<Tables> {
        type Key = (Term, u32, Option<Special>);
        static CACHE: Mutex<Vec<(Key, Arc<Tables>)>> = Mutex::new(Vec::new());
        let key = (term, goal, off);
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, t)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(t);
        }
        let t = Arc::new(Tables::build(term, goal, off));
        if cache.len() >= 16 {
            cache.remove(0);
        }
        cache.push((key, Arc::clone(&t)));
        t
    }
}

/// Both seats' tables in one vector of pairs, so that a destination of
/// [`Tables`] is one place and reading it takes no branch: `x[4 i + q]` is
/// `v[q][i]` (seat `q` moving at state `i`: its chance, then the other's)
/// and `x[4 i + 3 - q]` the same pair backwards, as the other seat sees it;
/// four places past the states hold the games already decided (`[1, 0]`
/// twice, `[0, 1]` twice). Seen from seat 0, a destination is `4 j` (seat
/// 0 moves again at `j`), `4 j + 2` (seat 1 moves at `j`), or the win
/// (`4 len`) or loss (`4 len + 2`); seen from seat 1 it is the same place
/// with bit 0 flipped. When one table serves both seats, each state's
/// pair is written for both.
struct Flat {
    x: Vec<[f64; 2]>,
}

impl Flat {
    fn new(len: usize) -> Flat {
        Flat::with_memories(len, 1)
    }

    /// A table for `len` score pairs of `ext` memories each (Fall 2017):
    /// one [`Flat::new`] table a memory, memory `e`'s from `4 (len + 1) e`
    /// on (its decided games included), so that a destination of
    /// [`Tables`] with memory `e` is [`Flat::place`] and a pass reads one
    /// memory's table at a time.
    fn with_memories(len: usize, ext: usize) -> Flat {
        let mut x = vec![[0.0; 2]; 4 * (len + 1) * ext];
        for e in 0..ext {
            let at = 4 * ((len + 1) * e + len);
            x[at..at + 4].copy_from_slice(&[[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]);
        }
        Flat { x }
    }

    /// The place of destination `d` with memory `e`, `len` score pairs.
    #[inline(always)]
    fn place(d: u16, e: usize, len: usize) -> usize {
        usize::from(d) + 4 * (len + 1) * e
    }

    #[inline(always)]
    fn at_place(&self, p: usize, place: usize) -> [f64; 2] {
        self.x[place ^ p]
    }

    /// The places of a win and a loss, seen from seat 0.
    fn ends(len: usize) -> (u16, u16) {
        let w = (4 * len) as u16;
        (w, w + 2)
    }

    /// Whether every place of a game of `len` states fits the 16 bits of
    /// a destination (goals up to 127).
    fn fits(len: usize) -> bool {
        4 * len + 4 <= usize::from(u16::MAX)
    }

    /// Seat 0 moves again at state `j`.
    fn again(j: usize) -> u16 {
        (4 * j) as u16
    }

    /// Seat 1 moves at state `j`.
    fn handed(j: usize) -> u16 {
        (4 * j + 2) as u16
    }

    /// (mover's chance, other's) at destination `d` when seat `p` moved.
    #[inline(always)]
    fn at(&self, p: usize, d: u16) -> [f64; 2] {
        self.x[usize::from(d) ^ p]
    }

    fn set(&mut self, p: usize, i: usize, val: [f64; 2], both: bool) {
        let back = [val[1], val[0]];
        self.x[4 * i + p] = val;
        self.x[4 * i + 3 - p] = back;
        if both {
            self.x[4 * i + 1 - p] = val;
            self.x[4 * i + 2 + p] = back;
        }
    }

    fn get(&self, p: usize, i: usize) -> [f64; 2] {
        self.x[4 * i + p]
    }
}

/// The most points a turn of dice scores.
const MOST: usize = 6 * MAX_ROLLS as usize;

/// The longest turn-point distribution: (pig out and) 2 to 60 points.
const LONGEST: usize = 4 * MAX_ROLLS as usize + 2;

/// The turn-point distributions of one kind of dice for 1 to 10 dice, laid
/// out so that every dice count's sum is taken side by side: `pr[j][n]`
/// and `k[j][n]` are the `j`-th (chance, points) of `n` dice, and `len[n]`
/// how many there are (more with more dice). Choosing the best dice needs
/// every count's sum; taken one after another each is a chain of dependent
/// additions, while ten chains side by side keep the adder busy. Each sum
/// still adds its terms in the distribution's order, so it is the same to
/// the bit. Every distribution is pig out's 1 point first, then `2 n` to
/// `d n` points, so the `j`-th term (`j` from 1) is `2 n + j - 1` points.
struct Dense {
    pr: [[[f64; 2]; MAX_ROLLS as usize + 1]; LONGEST],
    k: [[u8; MAX_ROLLS as usize + 1]; LONGEST],
    len: [usize; MAX_ROLLS as usize + 1],
}

impl Dense {
    fn new(dist: [&[(u32, f64)]; 11]) -> Dense {
        let mut d = Dense {
            pr: [[[0.0; 2]; MAX_ROLLS as usize + 1]; LONGEST],
            k: [[0; MAX_ROLLS as usize + 1]; LONGEST],
            len: [0; MAX_ROLLS as usize + 1],
        };
        for (n, dn) in dist.iter().enumerate() {
            d.len[n] = dn.len();
            for (j, &(k, pr)) in dn.iter().enumerate() {
                d.pr[j][n] = [pr, pr];
                d.k[j][n] = k as u8;
                let want = if j == 0 { 1 } else { 2 * n + j - 1 };
                assert_eq!(k as usize, want, "{n} dice, term {j}");
            }
        }
        assert!(d.len[1..].windows(2).all(|w| w[0] < w[1]));
        d
    }

    /// `acc[n] += sum_j pr[j][n] r[k[j][n]]` for 1 to 10 dice: pig out's
    /// term first, then by blocks of `j` in which the same dice counts
    /// still have terms: from `len[lo - 1]` to `len[lo]`, the counts `lo`
    /// to 10.
    #[inline(always)]
    fn accumulate(&self, acc: &mut [[f64; 2]; 11], r: &[[f64; 2]; POINTS]) {
        let y = r[1];
        for (a, p) in acc.iter_mut().zip(&self.pr[0]).skip(1) {
            a[0] += p[0] * y[0];
            a[1] += p[1] * y[1];
        }
        let l = &self.len;
        self.block::<1>(acc, r, 1, l[1]);
        self.block::<2>(acc, r, l[1], l[2]);
        self.block::<3>(acc, r, l[2], l[3]);
        self.block::<4>(acc, r, l[3], l[4]);
        self.block::<5>(acc, r, l[4], l[5]);
        self.block::<6>(acc, r, l[5], l[6]);
        self.block::<7>(acc, r, l[6], l[7]);
        self.block::<8>(acc, r, l[7], l[8]);
        self.block::<9>(acc, r, l[8], l[9]);
        self.block::<10>(acc, r, l[9], l[10]);
    }

    /// Both seats' sums when seat 0 rolls `n[0]` dice and seat 1 `n[1]`
    /// (1 to 10 each), side by side: two chains of additions instead of
    /// one. The shorter sum's missing terms are `0 x` a chance, which adds
    /// nothing (every chance is finite and not negative), so each sum is
    /// the same to the bit as on its own.
    #[inline(always)]
    fn pair(&self, n: [u8; 2], dest: &[u16; POINTS], x: &Flat) -> [[f64; 2]; 2] {
        let (a, b) = (usize::from(n[0]), usize::from(n[1]));
        let len = self.len[a].max(self.len[b]);
        let mut acc = [[0.0; 2]; 2];
        for (pr, k) in self.pr[..len].iter().zip(&self.k[..len]) {
            let ya = x.at(0, dest[usize::from(k[a]) % POINTS]);
            let yb = x.at(1, dest[usize::from(k[b]) % POINTS]);
            acc[0][0] += pr[a][0] * ya[0];
            acc[0][1] += pr[a][0] * ya[1];
            acc[1][0] += pr[b][0] * yb[0];
            acc[1][1] += pr[b][0] * yb[1];
        }
        acc
    }

    #[inline(always)]
    fn block<const LO: usize>(
        &self,
        acc: &mut [[f64; 2]; 11],
        r: &[[f64; 2]; POINTS],
        from: usize,
        to: usize,
    ) {
        for j in from..to {
            let pr = &self.pr[j];
            // The points of the j-th term of n dice, 2 n + j - 1, are
            // w[2 n]: a fixed offset from the row.
            let w = &r[j - 1..j + 20];
            // Written out so that every `acc[n]` stays in a register.
            macro_rules! term {
                ($($n:literal)*) => {$(
                    if $n >= LO {
                        let y = w[2 * $n];
                        acc[$n][0] += pr[$n][0] * y[0];
                        acc[$n][1] += pr[$n][1] * y[1];
                    }
                )*};
            }
            term!(1 2 3 4 5 6 7 8 9 10);
        }
    }
}

/// Visits the states `states` of one score sum (in the tables' order),
/// `visit` saying whether a state's value changed: once, or under Spring
/// 2022 (`cycles`), where a zero-point turn hands the same scores back,
/// again until nothing changes (at most [`MAX_SWEEPS`]), as the general
/// pass does. Only the states whose zero dice stay in the sum (`loops`)
/// read the sum's own values: the others come out the same in every
/// sweep, so the sweeps after the first take only those (same values,
/// same stopping point).
fn sweep_sum(
    states: std::ops::Range<usize>,
    cycles: bool,
    loops: &[bool],
    mut visit: impl FnMut(usize) -> bool,
) {
    // The first sweep takes the span itself (no list to allocate: most
    // sums are swept once); the later ones, the states that loop.
    let mut looping = Vec::new();
    let mut changed = false;
    for s in states {
        if cycles && loops[s] {
            looping.push(s);
        }
        changed |= visit(s);
    }
    for _ in 0..MAX_SWEEPS {
        if !cycles || !changed {
            break;
        }
        changed = false;
        for &s in &looping {
            changed |= visit(s);
        }
    }
}

/// [`solve_without`] for rule sets without memory when both seats play
/// fixed policies (a pairing: a tournament takes thousands): one pass
/// over the states by falling score sum (each sum swept until nothing
/// changes where a turn can score nothing, as in the general pass), every
/// rule read from [`Tables`]. Sums in the same order as [`Ctx::value`], so
/// the values are the same to the bit. Where a seat chooses, see [`swept`].
fn solve_tabled(
    ctx: &Ctx,
    seats: [&Policy; 2],
    v: &mut [Vec<[f64; 2]>; 2],
    choice: &mut [Vec<u8>; 2],
) {
    let (goal, l) = (ctx.goal, ctx.layout);
    let t = Tables::get(ctx.term, goal, ctx.off);
    let mut x = Flat::new(l.len());
    let dense = [Dense::new(ctx.dist[0]), Dense::new(ctx.dist[1])];
    let cycles = ctx.term == Term::Spring2022;
    let mut start = 0;
    for sum in (0..=2 * (goal - 1)).rev() {
        let end = start + (sum.min(goal - 1) - sum.saturating_sub(goal - 1)) as usize + 1;
        sweep_sum(start..end, cycles, &t.loops, |s| {
            let mut changed = false;
            let i = t.state[s] as usize;
            let six = usize::from(t.six[s]);
            let dist = &ctx.dist[six];
            let dest = &t.dest[s];
            let zero = t.zero[s];
            let n = [seats[0].rolls[i], seats[1].rolls[i]];
            if n[0] > 0 && n[1] > 0 {
                let val = dense[six].pair(n, dest, &x);
                for p in 0..2 {
                    if x.get(p, i) != val[p] {
                        changed = true;
                    }
                    x.set(p, i, val[p], false);
                    choice[p][i] = n[p];
                }
                return changed;
            }
            // A seat rolling no dice: each seat on its own, seat 0
            // first (under Spring 2022 seat 1's zero dice can read seat
            // 0's new value), as the general pass does.
            for p in 0..2 {
                let mut val = [0.0; 2];
                if n[p] == 0 {
                    let r = x.at(p, zero);
                    val[0] += r[0];
                    val[1] += r[1];
                } else {
                    for &(k, pr) in dist[usize::from(n[p])] {
                        let r = x.at(p, dest[k as usize]);
                        val[0] += pr * r[0];
                        val[1] += pr * r[1];
                    }
                }
                if x.get(p, i) != val {
                    changed = true;
                }
                x.set(p, i, val, false);
                choice[p][i] = n[p];
            }
            changed
        });
        start = end;
    }
    for (p, vp) in v.iter_mut().enumerate() {
        for (i, y) in vp.iter_mut().enumerate() {
            *y = x.get(p, i);
        }
    }
}

/// One Fall 2017 turn at one score pair: where its points lead without
/// and with a time trot, for turn number `turn` (memories `2 turn`, no
/// time trot last, and `2 turn + 1`, one), in a [`Flat`] table of
/// `len` score pairs a memory.
struct TrotTurn<'a> {
    dest: &'a [u16; POINTS],
    zero: u16,
    dest_trot: &'a [u16; POINTS],
    zero_trot: u16,
    dist: &'a [&'static [(u32, f64)]; 11],
    trot_on: bool,
    turn: usize,
    len: usize,
    /// Memories a score pair (16).
    ext: usize,
}

impl TrotTurn<'_> {
    /// The tables' turn at state `s` (their order), turn number `turn`.
    fn new<'a>(ctx: &'a Ctx, t: &'a Tables, s: usize, turn: usize) -> TrotTurn<'a> {
        TrotTurn {
            dest: &t.dest[s],
            zero: t.zero[s],
            dest_trot: &t.dest_trot[s],
            zero_trot: t.zero_trot[s],
            dist: &ctx.dist[1],
            trot_on: ctx.off != Some(Special::TimeTrot),
            turn,
            len: (ctx.goal * ctx.goal) as usize,
            ext: ctx.layout.ext,
        }
    }

    /// Where a turn that is no time trot leads: the next turn number, no
    /// time trot.
    fn plain(&self) -> usize {
        (self.turn + 1) % 8 * 2
    }

    /// Seat `p`'s chances rolling `n` dice from memory `e` (`2 turn` or
    /// `2 turn + 1`), summed over the points in [`Ctx::value`]'s order,
    /// from the plain or the time-trot tables.
    fn sum_of(&self, x: &Flat, p: usize, n: u32, e: usize) -> [f64; 2] {
        let trot = self.trot_on && e.is_multiple_of(2) && n as usize == self.turn;
        let (dest, zero, e2) = if trot {
            (self.dest_trot, self.zero_trot, self.plain() + 1)
        } else {
            (self.dest, self.zero, self.plain())
        };
        let mut acc = [0.0; 2];
        if n == 0 {
            let r = x.at_place(p, Flat::place(zero, e2, self.len));
            acc[0] += r[0];
            acc[1] += r[1];
        } else {
            for &(k, pr) in self.dist[n as usize] {
                let r = x.at_place(p, Flat::place(dest[k as usize], e2, self.len));
                acc[0] += pr * r[0];
                acc[1] += pr * r[1];
            }
        }
        acc
    }

    /// A fixed policy's dice and chances at both memories of the turn
    /// number, at score pair `j`. The same dice after a time trot or not
    /// lead to the same places, but for the time trot: one sum (every
    /// score-pair strategy, for every turn number but its own dice count).
    fn fixed(&self, x: &Flat, p: usize, pol: &Policy, j: usize) -> [(u32, [f64; 2]); 2] {
        let at = j * self.ext + 2 * self.turn;
        let n = [pol.rolls[at], pol.rolls[at + 1]].map(u32::from);
        let mut vals = [(n[0], self.sum_of(x, p, n[0], 2 * self.turn)); 2];
        let trot = self.trot_on && n[0] as usize == self.turn;
        if n[1] != n[0] || trot {
            vals[1] = (n[1], self.sum_of(x, p, n[1], 2 * self.turn + 1));
        }
        vals
    }
}

/// [`solve_tabled`] for Fall 2017 (both seats fixed; where a seat
/// chooses, see [`swept`]): the same tables, with the 16 memories
/// (turn mod 8, whether the last turn was a time trot) of each score pair
/// side by side. A turn goes to the next turn number; it is a time trot
/// only when the dice count is the turn number and the last turn was none,
/// so every choice but that one reads the plain tables, and that one the
/// time-trot tables. Every turn adds a point, so one pass; the sums are
/// taken in [`Ctx::value`]'s order, so the values are the same to the bit.
fn solve_trot(
    ctx: &Ctx,
    seats: [&Policy; 2],
    v: &mut [Vec<[f64; 2]>; 2],
    choice: &mut [Vec<u8>; 2],
) {
    let (goal, l) = (ctx.goal, ctx.layout);
    let ext = l.ext;
    let len = (goal * goal) as usize;
    let t = Tables::get(ctx.term, goal, ctx.off);
    let mut x = Flat::with_memories(len, ext);
    let mut start = 0;
    for sum in (0..=2 * (goal - 1)).rev() {
        let end = start + (sum.min(goal - 1) - sum.saturating_sub(goal - 1)) as usize + 1;
        // No state leads to another of its sum, so the sum's states are
        // taken turn number by turn number: one memory's table at a time.
        for turn in 0..ext / 2 {
            for s in start..end {
                let j = t.state[s] as usize;
                let turn_at = TrotTurn::new(ctx, &t, s, turn);
                for (p, pol) in seats.into_iter().enumerate() {
                    let vals = turn_at.fixed(&x, p, pol, j);
                    for (d, &(n, val)) in vals.iter().enumerate() {
                        let e = 2 * turn + d;
                        x.set(p, (len + 1) * e + j, val, false);
                        choice[p][j * ext + e] = n as u8;
                    }
                }
            }
        }
        start = end;
    }
    for (p, vp) in v.iter_mut().enumerate() {
        for (i, y) in vp.iter_mut().enumerate() {
            *y = x.get(p, (len + 1) * (i % ext) + i / ext);
        }
    }
}

/// The width of one player's part of a Fall 2019 memory: last points 0 to
/// 12, and 13 for every count from 13 up.
const FERAL_W: usize = LAST_CAP as usize + 1;

/// Fall 2019's rules, precomputed once per (goal, rule switched off): for
/// every score pair, where each turn's points lead without and with feral
/// hogs' 3 points, as a place in the [`solve_feral`] work tables for an
/// opponent whose own last points are 0 (add them).
/// Swine swap and the end of the game are in the places, and so is the
/// next mover's memory but for its own last points: the points just
/// scored, capped at 13.
struct FeralTables {
    /// The score pairs in the order they are solved: by falling score sum.
    state: Vec<u32>,
    /// `dest[s][b][k]`: `k` points, feral hogs paying when `b` is 1.
    dest: Vec<[[u32; POINTS]; 2]>,
    /// The points of zero dice.
    zero: Vec<u8>,
}

impl FeralTables {
    fn build(goal: u32, off: Option<Special>) -> FeralTables {
        let l = Layout::new(Term::Fall2019, goal);
        let (g, ext) = (goal as usize, l.ext);
        let (win, lose) = ((g * g * ext) as u32, (g * g * ext + ext) as u32);
        // Feral hogs pays for zero dice after 2 points, never after 0.
        let bonus = |b: usize| Memory {
            last_points: [2 * b as u32, 0],
            ..Memory::default()
        };
        let place = |me: u32, opp: u32, k: u32, b: usize| {
            let a = after_turn_without(Term::Fall2019, off, [me, opp], 0, 0, k, bonus(b));
            assert_eq!(a.next, 1, "Fall 2019 has no extra turns");
            if a.scores[0] >= goal || a.scores[1] >= goal {
                if a.scores[0] > a.scores[1] { win } else { lose }
            } else {
                // The next mover's own last points are the opponent's (0
                // here); its opponent's, the points just scored.
                l.at(a.scores[1], a.scores[0], l.ext_of(&a.memory, 1)) as u32
            }
        };
        let mut t = FeralTables {
            state: Vec::with_capacity(g * g),
            dest: Vec::with_capacity(g * g),
            zero: Vec::with_capacity(g * g),
        };
        for sum in (0..=2 * (goal - 1)).rev() {
            for me in sum.saturating_sub(goal - 1)..=sum.min(goal - 1) {
                let opp = sum - me;
                t.state.push(me * goal + opp);
                let mut rows = [[lose; POINTS]; 2];
                for (b, row) in rows.iter_mut().enumerate() {
                    for (k, d) in row.iter_mut().enumerate() {
                        *d = place(me, opp, k as u32, b);
                    }
                }
                t.dest.push(rows);
                t.zero.push(Term::Fall2019.zero_dice(me, opp) as u8);
            }
        }
        t
    }

    /// The tables of `(goal, off)`, built on first use and shared.
    fn get(goal: u32, off: Option<Special>) -> Arc<FeralTables> {
        type Key = (u32, Option<Special>);
        static CACHE: Mutex<Vec<(Key, Arc<FeralTables>)>> = Mutex::new(Vec::new());
        let key = (goal, off);
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, t)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(t);
        }
        let t = Arc::new(FeralTables::build(goal, off));
        if cache.len() >= 8 {
            cache.remove(0);
        }
        cache.push((key, Arc::clone(&t)));
        t
    }
}

/// 1 when feral hogs pays `n` dice after `pa` points (capped at 13), 0
/// when not or when it is `off`.
#[inline(always)]
fn feral_pays(off: Option<Special>, n: u8, pa: usize) -> usize {
    usize::from(off != Some(Special::FeralHogs) && usize::from(n).abs_diff(pa) == 2)
}

/// (mover's chance, other's) at place `d` of a work table: the next
/// mover's pair, turned round.
#[inline(always)]
fn handed(v: &[[f64; 2]], d: usize) -> [f64; 2] {
    let y = v[d];
    [y[1], y[0]]
}

/// [`solve_without`] for Fall 2019. A memory is the mover's own last
/// points `pa` and the opponent's `pb` (each capped at 13), 196 per score
/// pair; `pa` decides only whether feral hogs pays for each dice count
/// (|n - pa| = 2), and where a turn leads does not depend on it. So for
/// each (score pair, `pb`) every choice's sum is taken once without the
/// bonus and once with it (22 sums, not 11 x 196), and each of the 14
/// `pa` picks its dice from them. Every turn adds a point, so one pass by
/// falling score sum; each sum adds its terms in [`Ctx::value`]'s order,
/// so the values are the same to the bit.
///
/// The work tables are `v` itself, with the decided games after the
/// states: 196 places where the mover has won (the next mover's pair
/// `[0, 1]`) and as many where it has lost, so that adding `pb` to any
/// place of [`FeralTables`] stays a place. The 14 `pb` of one score pair
/// read the same places shifted by one, so the later ones find them in
/// the cache.
fn solve_feral(
    ctx: &Ctx,
    seats: [Chooser<'_>; 2],
    fewest: u32,
    v: &mut [Vec<[f64; 2]>; 2],
    choice: &mut [Vec<u8>; 2],
) {
    let (goal, l, sym) = (ctx.goal, ctx.layout, ctx.symmetric);
    let (ext, w) = (l.ext, FERAL_W);
    let len = (goal * goal) as usize * ext;
    let t = FeralTables::get(goal, ctx.off);
    let seats_solved = if sym { 1 } else { 2 };
    for vp in v.iter_mut().take(seats_solved) {
        vp.resize(len + 2 * ext, [0.0; 2]);
        vp[len..len + ext].fill([0.0, 1.0]);
        vp[len + ext..].fill([1.0, 0.0]);
    }
    let feral_on = ctx.off != Some(Special::FeralHogs);
    let bonuses = 1 + usize::from(feral_on);
    let pays = |n: u32, pa: usize| usize::from(feral_on && n.abs_diff(pa as u32) == 2);
    let dist = &ctx.dist[1];
    let dense = Dense::new(ctx.dist[1]);
    for (s, &j) in t.state.iter().enumerate() {
        let (rows, k0) = (&t.dest[s], usize::from(t.zero[s]));
        let at = j as usize * ext;
        for pb in 0..w {
            let (shift, at) = (pb, at + w * pb);
            for p in 0..seats_solved {
                let q = if sym { 0 } else { 1 - p };
                match seats[p] {
                    Chooser::Best => {
                        let mut acc = [[[0.0; 2]; MAX_ROLLS as usize + 1]; 2];
                        for (b, acc) in acc.iter_mut().enumerate().take(bonuses) {
                            let row = &rows[b];
                            let mut r = [[0.0; 2]; POINTS];
                            for (y, &d) in r.iter_mut().zip(row).skip(1).take(MOST) {
                                *y = handed(&v[q], d as usize + shift);
                            }
                            let r0 = handed(&v[q], row[k0] as usize + shift);
                            acc[0][0] += r0[0];
                            acc[0][1] += r0[1];
                            dense.accumulate(acc, &r);
                        }
                        // The best dice without feral hogs (the fewest on a
                        // tie). For own last points `pa` only the counts
                        // `pa - 2` and `pa + 2` change, so unless it is one
                        // of them, the best is the best of the three: the
                        // highest chance, the fewest dice on a tie, as the
                        // general pass's scan picks.
                        let plain = &acc[0];
                        let mut b0 = fewest as usize;
                        for n in b0 + 1..=MAX_ROLLS as usize {
                            if plain[n][0] > plain[b0][0] {
                                b0 = n;
                            }
                        }
                        for pa in 0..w {
                            let i = at + pa;
                            let best = if !feral_on {
                                (b0 as u32, plain[b0])
                            } else if b0.abs_diff(pa) != 2 {
                                let mut best = (b0 as u32, plain[b0]);
                                for n in [pa.wrapping_sub(2), pa + 2] {
                                    if (fewest as usize..=MAX_ROLLS as usize).contains(&n) {
                                        let x = acc[1][n];
                                        if x[0] > best.1[0]
                                            || (x[0] == best.1[0] && (n as u32) < best.0)
                                        {
                                            best = (n as u32, x);
                                        }
                                    }
                                }
                                best
                            } else {
                                let mut best = (fewest, acc[pays(fewest, pa)][fewest as usize]);
                                for n in fewest + 1..=MAX_ROLLS {
                                    let x = acc[pays(n, pa)][n as usize];
                                    if x[0] > best.1[0] {
                                        best = (n, x);
                                    }
                                }
                                best
                            };
                            v[p][i] = best.1;
                            choice[p][i] = best.0 as u8;
                        }
                    }
                    Chooser::Fixed(pol) => {
                        let mut memo = [[None::<[f64; 2]>; 2]; MAX_ROLLS as usize + 1];
                        for pa in 0..w {
                            let i = at + pa;
                            let n = pol.rolls[i];
                            let b = pays(u32::from(n), pa);
                            let val = *memo[usize::from(n)][b].get_or_insert_with(|| {
                                let row = &rows[b];
                                let mut acc = [0.0; 2];
                                if n == 0 {
                                    let r = handed(&v[q], row[k0] as usize + shift);
                                    acc[0] += r[0];
                                    acc[1] += r[1];
                                } else {
                                    for &(k, pr) in dist[usize::from(n)] {
                                        let r = handed(&v[q], row[k as usize] as usize + shift);
                                        acc[0] += pr * r[0];
                                        acc[1] += pr * r[1];
                                    }
                                }
                                acc
                            });
                            v[p][i] = val;
                            choice[p][i] = n;
                        }
                    }
                }
            }
        }
    }
    for vp in v.iter_mut().take(seats_solved) {
        vp.truncate(len);
    }
}

/// Whether `p` chooses the same dice under every memory of each score
/// pair (every score-pair strategy does).
fn ignores_memory(p: &Policy, ext: usize) -> bool {
    p.rolls
        .chunks_exact(ext)
        .all(|c| c.iter().all(|&n| n == c[0]))
}

/// Two fixed policies under Fall 2019 that ignore the memory: the chances
/// when seat `p` moves at a score pair depend on the memory only through
/// the opponent's last points `pb` and whether feral hogs pays for `p`'s
/// dice (one count, so whether the mover's own last points are 2 away from
/// it). So each seat has 14 x 2 values a score pair instead of 196:
/// `t[p][2 (14 j + pb) + b]`, `b` 1 when feral hogs pays. Each sum adds
/// its terms in [`Ctx::value`]'s order, so the values are those of the
/// general pass to the bit. Returns each seat's values and dice.
fn solve_feral_pair(
    goal: u32,
    off: Option<Special>,
    pols: [&Policy; 2],
) -> ([Vec<[f64; 2]>; 2], [Vec<u8>; 2]) {
    let (w, ext) = (FERAL_W, FERAL_W * FERAL_W);
    let len = (goal * goal) as usize;
    let t = FeralTables::get(goal, off);
    let dist = &distributions()[1];
    let feral_on = off != Some(Special::FeralHogs);
    let bonuses = 1 + usize::from(feral_on);
    // Each seat's dice by score pair, then two for the decided games (whose
    // values do not depend on them).
    let n: [Vec<u8>; 2] = pols.map(|p| {
        let mut n: Vec<u8> = p.rolls.iter().step_by(ext).copied().collect();
        n.extend([0, 0]);
        n
    });
    // After the score pairs: the games the mover has won (the next mover's
    // pair [0, 1]), then lost, under every memory.
    let mut x: [Vec<[f64; 2]>; 2] = std::array::from_fn(|_| {
        let mut x = vec![[0.0; 2]; 2 * w * (len + 2)];
        x[2 * w * len..2 * w * (len + 1)].fill([0.0, 1.0]);
        x[2 * w * (len + 1)..].fill([1.0, 0.0]);
        x
    });
    for (s, &j) in t.state.iter().enumerate() {
        let (rows, k0) = (&t.dest[s], usize::from(t.zero[s]));
        let j = j as usize;
        for p in 0..2 {
            let q = 1 - p;
            let np = n[p][j];
            for (b, row) in rows.iter().enumerate().take(bonuses) {
                // The 14 opponent's last points side by side: each term
                // is read once for all of them (the next mover's values
                // without and with feral hogs, and its dice), and each
                // of the 14 sums still adds its terms in order.
                let mut acc = [[0.0; 2]; FERAL_W];
                // Zero dice: one term of chance 1 (1 x a chance is the
                // chance, as the general pass has it).
                let zero = [(k0 as u32, 1.0)];
                let terms = if np == 0 {
                    &zero[..]
                } else {
                    dist[usize::from(np)]
                };
                for &(k, pr) in terms {
                    // A place of [`FeralTables`] is 196 j' + 14 c: here
                    // 2 (14 j' + c), then 1 when feral hogs pays.
                    let d = row[k as usize] as usize;
                    let at = d / w * 2;
                    let (r0, r1) = (handed(&x[q], at), handed(&x[q], at + 1));
                    // Feral hogs pays the next mover only after 2 points
                    // more or fewer than its dice.
                    let mut r = [r0; FERAL_W + 4];
                    if feral_on {
                        let nq = usize::from(n[q][d / ext]);
                        r[nq] = r1;
                        r[nq + 4] = r1;
                    }
                    for (a, r) in acc.iter_mut().zip(&r[2..]) {
                        a[0] += pr * r[0];
                        a[1] += pr * r[1];
                    }
                }
                for (pb, a) in acc.into_iter().enumerate() {
                    x[p][2 * (w * j + pb) + b] = a;
                }
            }
        }
    }
    (x, n)
}

/// The most value-iteration sweeps over one score sum (Spring 2022's
/// zero-point turns pair each state with its mirror, which settles in a
/// few sweeps).
const MAX_SWEEPS: u32 = 10_000;

/// One choice of dice at a score pair, exactly.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CoachChoice {
    /// The dice.
    pub rolls: u32,
    /// The mover's chance to win rolling them now, then playing the best
    /// response to the opponent.
    pub against_opponent: f64,
    /// The same under optimal play by both.
    pub under_optimal_play: f64,
}

/// Every choice of dice for the mover at (`score`, `opponent_score`)
/// with a fresh game's memory (turn 0, no last points): against
/// `opponent` (both players optimal when `None`) and under optimal play.
///
/// # Errors
/// [`HogError::ScoreOutOfRange`] for a score at or past the goal,
/// [`HogError::PolicyRules`].
pub fn coach(
    opponent: Option<&Policy>,
    term: Term,
    goal: u32,
    score: u32,
    opponent_score: u32,
) -> Result<Vec<CoachChoice>, HogError> {
    for x in [score, opponent_score] {
        if x >= goal {
            return Err(HogError::ScoreOutOfRange { score: x, goal });
        }
    }
    let opt = solve(term, goal, [Chooser::Best, Chooser::Best]);
    let vs = match opponent {
        Some(p) => {
            check_policy(p, term, goal)?;
            Some(solve(term, goal, [Chooser::Best, Chooser::Fixed(p)]))
        }
        None => None,
    };
    let vs = vs.as_ref().unwrap_or(&opt);
    let m = Memory::default();
    let (mut a, mut b) = (Outcomes::new(), Outcomes::new());
    Ok((0..=MAX_ROLLS)
        .map(|n| CoachChoice {
            rolls: n,
            against_opponent: vs.ctx.value(&vs.v, 0, score, opponent_score, m, n, &mut a)[0],
            under_optimal_play: opt
                .ctx
                .value(&opt.v, 0, score, opponent_score, m, n, &mut b)[0],
        })
        .collect())
}

fn check_policy(p: &Policy, term: Term, goal: u32) -> Result<(), HogError> {
    if p.term != term || p.goal != goal {
        return Err(HogError::PolicyRules {
            name: p.name.clone(),
        });
    }
    Ok(())
}

/// The exact chance that `a` beats `b` under `term` to `goal`, moving first
/// and second.
///
/// # Errors
/// [`HogError::PolicyRules`] for a policy built for other rules.
pub fn average_win_rate(
    a: &Policy,
    b: &Policy,
    term: Term,
    goal: u32,
) -> Result<WinRate, HogError> {
    Ok(pairing(a, b, term, goal)?.a)
}

/// One pairing, exactly: each side's chances to win moving first and
/// second (they sum to less than 1 when games can go on for ever, as
/// under Spring 2022).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// `a`'s chances.
    pub a: WinRate,
    /// `b`'s chances.
    pub b: WinRate,
}

impl Pairing {
    /// The contest's score of `a` against `b`: (1 + P(a wins moving first)
    /// - P(b wins moving first)) / 2.
    pub fn contest_score(&self) -> f64 {
        (1.0 + self.a.first - self.b.first) / 2.0
    }
}

/// [`average_win_rate`] with `b`'s chances too.
///
/// # Errors
/// As [`average_win_rate`].
pub fn pairing(a: &Policy, b: &Policy, term: Term, goal: u32) -> Result<Pairing, HogError> {
    check_policy(a, term, goal)?;
    check_policy(b, term, goal)?;
    let ext = Layout::new(term, goal).ext;
    let plain = term == Term::Fall2019 && ignores_memory(a, ext) && ignores_memory(b, ext);
    Ok(pairing_checked(a, b, term, goal, plain))
}

/// [`pairing`] of checked policies; `plain` when the rules are Fall
/// 2019's and both ignore the memory (a tournament looks once a policy).
fn pairing_checked(a: &Policy, b: &Policy, term: Term, goal: u32, plain: bool) -> Pairing {
    if plain {
        // Only the values at 0-0 (no last points), without the 196
        // memories of every score pair.
        let (x, n) = solve_feral_pair(goal, None, [a, b]);
        let root = |p: usize| x[p][feral_pays(None, n[p][0], 0)];
        let (ra, rb) = (root(0), root(1));
        return Pairing {
            a: WinRate::of(ra[0], rb[1]),
            b: WinRate::of(rb[0], ra[1]),
        };
    }
    let s = solve(term, goal, [Chooser::Fixed(a), Chooser::Fixed(b)]);
    let root = s.ctx.layout.at(0, 0, 0);
    Pairing {
        a: WinRate::of(s.v[0][root][0], s.v[1][root][1]),
        b: WinRate::of(s.v[1][root][0], s.v[0][root][1]),
    }
}

/// The most strategies a tournament takes under `term`:
/// [`exact::MAX_TOURNAMENT`] under the rule sets without memory. Under
/// Fall 2017 and Fall 2019 each pair is a dynamic program over the turn
/// memory (about 15 ms and 24 ms on the benchmark machine, see
/// `docs/benchmarks.md`), so about as many as 2 threads pair in 2 s:
/// 24 (276 pairs) and 20 (190 pairs).
pub fn max_tournament(term: Term) -> usize {
    match term {
        Term::Fall2017 => 24,
        Term::Fall2019 => 20,
        _ => exact::MAX_TOURNAMENT,
    }
}

/// A round robin under a term: every pair in both seats.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The policies' names.
    pub strategies: Vec<String>,
    /// `matrix[i][j]`: i's average win rate against j.
    pub matrix: Vec<Vec<f64>>,
    /// `contest[i][j]`: the contest's score of i against j.
    pub contest: Vec<Vec<f64>>,
}

/// Every pair of `policies` under `term` to `goal`, on `threads` threads
/// (the result does not depend on it).
///
/// # Errors
/// [`HogError::TooManyStrategies`] outside 2 to [`exact::MAX_TOURNAMENT`],
/// [`HogError::PolicyRules`], [`HogError::Parallel`].
pub fn tournament(
    policies: &[Policy],
    term: Term,
    goal: u32,
    threads: usize,
) -> Result<Tournament, HogError> {
    let n = policies.len();
    if !(2..=exact::MAX_TOURNAMENT).contains(&n) {
        return Err(HogError::TooManyStrategies(n));
    }
    if n > max_tournament(term) {
        return Err(HogError::TooManyStrategiesUnder {
            rules: term.name(),
            max: max_tournament(term),
            n,
        });
    }
    for p in policies {
        check_policy(p, term, goal)?;
    }
    let ext = Layout::new(term, goal).ext;
    let plain: Vec<bool> = policies
        .iter()
        .map(|p| term == Term::Fall2019 && ignores_memory(p, ext))
        .collect();
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect();
    let results = dice::parallel::map_in_order(&pairs, threads, |&(i, j)| {
        let plain = plain[i] && plain[j];
        Ok::<_, HogError>(pairing_checked(
            &policies[i],
            &policies[j],
            term,
            goal,
            plain,
        ))
    })?;
    let mut matrix = vec![vec![0.5; n]; n];
    let mut contest = vec![vec![0.5; n]; n];
    for (&(i, j), r) in pairs.iter().zip(results) {
        let r = r?;
        matrix[i][j] = r.a.average;
        matrix[j][i] = r.b.average;
        contest[i][j] = r.contest_score();
        contest[j][i] = 1.0 - r.contest_score();
    }
    Ok(Tournament {
        strategies: policies.iter().map(|p| p.name.clone()).collect(),
        matrix,
        contest,
    })
}

/// The best response to `opponent` and its exact win rate.
///
/// # Errors
/// As [`average_win_rate`].
pub fn best_response(
    opponent: &Policy,
    term: Term,
    goal: u32,
) -> Result<(Policy, WinRate), HogError> {
    check_policy(opponent, term, goal)?;
    let s = solve(term, goal, [Chooser::Best, Chooser::Fixed(opponent)]);
    let root = s.ctx.layout.at(0, 0, 0);
    let rate = WinRate::of(s.v[0][root][0], s.v[1][root][1]);
    let [mine, _] = s.choice;
    Ok((
        Policy {
            name: format!("best_response({})", opponent.name),
            term,
            goal,
            rolls: mine,
        },
        rate,
    ))
}

/// How much each special rule moves the first player's edge: both
/// players optimal with every rule, then with each of [`Term::specials`]
/// switched off in turn (without the zero-dice rule a turn rolls 1 to 10).
/// Each entry: the rule off (`None` for all on) and both players' chances
/// from 0-0.
pub fn edge(term: Term, goal: u32) -> Vec<(Option<Special>, [f64; 2])> {
    std::iter::once(None)
        .chain(term.specials().iter().copied().map(Some))
        .map(|off| {
            let s = solve_without(term, goal, [Chooser::Best, Chooser::Best], off);
            (off, s.v[0][s.ctx.layout.at(0, 0, 0)])
        })
        .collect()
}

/// Both players optimal (each maximising its own chance to win): the
/// policy and the first player's and second player's chances from 0-0.
pub fn optimal(term: Term, goal: u32) -> (Policy, [f64; 2]) {
    let s = solve(term, goal, [Chooser::Best, Chooser::Best]);
    let root = s.ctx.layout.at(0, 0, 0);
    let [mine, _] = s.choice;
    (
        Policy {
            name: "optimal".into(),
            term,
            goal,
            rolls: mine,
        },
        s.v[0][root],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::check::random_playouts;

    fn invariant(a: &TermState, b: &TermState) -> Result<(), String> {
        // The sum of the scores never falls.
        let (x, y) = (a.scores[0] + a.scores[1], b.scores[0] + b.scores[1]);
        if y < x {
            return Err(format!("score sum fell from {x} to {y}"));
        }
        Ok(())
    }

    #[test]
    fn random_playouts_under_every_term() {
        for t in Term::ALL {
            let root = TermState::new(t, 100).unwrap();
            random_playouts(&root, 300, 7, 100_000, invariant)
                .unwrap_or_else(|e| panic!("{t}: {e}"));
        }
    }

    #[test]
    fn generic_exact_equals_the_dynamic_program() {
        for t in Term::ALL {
            for goal in [11, 16] {
                let root = TermState::new(t, goal).unwrap();
                let generic =
                    game::exact::evaluate(&root, |s| s.clone(), |s| s.returns(), 2_000_000)
                        .unwrap_or_else(|e| panic!("{t}: {e}"));
                let (_, dp) = optimal(t, goal);
                assert!(
                    (generic[0] - dp[0]).abs() < 1e-9 && (generic[1] - dp[1]).abs() < 1e-9,
                    "{t} goal {goal}: generic {generic:?}, dynamic program {dp:?}"
                );
                // A fixed pair of strategies too.
                let a = Policy::from_strategy(&Strategy::always(4).unwrap(), t, goal);
                let b = Policy::from_strategy(&Strategy::always(0).unwrap(), t, goal);
                let policy = |s: &TermState| {
                    let p = s.player();
                    let sc = s.scores();
                    let pol = if p == 0 { &a } else { &b };
                    pol.rolls(sc[p], sc[1 - p], &s.memory(), p)
                };
                let g = game::exact::evaluate_with(
                    &root,
                    |s| s.clone(),
                    |s| s.returns(),
                    Some(policy),
                    2_000_000,
                )
                .unwrap();
                let r = average_win_rate(&a, &b, t, goal).unwrap();
                assert!(
                    (g[0] - r.first).abs() < 1e-9,
                    "{t} goal {goal}: {g:?} vs {r:?}"
                );
            }
        }
    }

    /// The optimal policy, played by both, is worth what the optimal
    /// values say, also where Spring 2022 lets a turn score nothing.
    #[test]
    fn optimal_policies_are_worth_their_values() {
        for t in [Term::Spring2022, Term::Fall2021] {
            for goal in [30, 60] {
                let (p, v) = optimal(t, goal);
                let r = pairing(&p, &p, t, goal).unwrap();
                assert!((r.a.first - v[0]).abs() < 1e-12, "{t} {goal}: {r:?} {v:?}");
                assert!((r.b.first - v[0]).abs() < 1e-12);
            }
        }
    }

    /// The tabled pass gives the general pass's values to the bit.
    #[test]
    fn tabled_equals_the_general_pass() {
        for t in Term::ALL {
            // The general pass under the rule sets with memory is slow:
            // smaller goals (Fall 2019's still make swaps, free bacon of
            // 10 and feral hogs' 3 points reach the end).
            // Small goals too: past the goal every row of the swept pass
            // is read from the start.
            let goals: &[u32] = match t {
                Term::Fall2017 => &[60, 37, 9, 2, 1],
                Term::Fall2019 => &[40, 23],
                _ => &[100, 37, 9, 2, 1],
            };
            for &goal in goals {
                let a = Policy::from_strategy(&Strategy::always(4).unwrap(), t, goal);
                let b = Policy::from_strategy(&Strategy::always(0).unwrap(), t, goal);
                let ten = Policy::from_strategy(&Strategy::always(10).unwrap(), t, goal);
                // Policies whose dice change from state to state.
                let c = solve_by(t, goal, [Chooser::Best, Chooser::Best], None, false);
                let c = Policy {
                    name: "c".into(),
                    term: t,
                    goal,
                    rolls: c.choice[0].clone(),
                };
                let d = solve_by(t, goal, [Chooser::Best, Chooser::Fixed(&a)], None, false);
                let d = Policy {
                    name: "d".into(),
                    term: t,
                    goal,
                    rolls: d.choice[0].clone(),
                };
                let cases = [
                    [Chooser::Best, Chooser::Best],
                    [Chooser::Best, Chooser::Fixed(&b)],
                    [Chooser::Best, Chooser::Fixed(&c)],
                    [Chooser::Fixed(&a), Chooser::Fixed(&b)],
                    [Chooser::Fixed(&c), Chooser::Fixed(&d)],
                    [Chooser::Fixed(&ten), Chooser::Fixed(&c)],
                ];
                for seats in cases {
                    for off in std::iter::once(None).chain(t.specials().iter().copied().map(Some)) {
                        let x = solve_by(t, goal, seats, off, true);
                        let y = solve_by(t, goal, seats, off, false);
                        let choosing = seats.iter().any(|s| matches!(s, Chooser::Best));
                        if choosing && t != Term::Fall2019 {
                            assert_swept_matches(
                                &x,
                                &y,
                                seats,
                                &format!("{t} goal {goal} {off:?}"),
                            );
                        } else {
                            assert!(
                                x.v == y.v && x.choice == y.choice,
                                "{t} goal {goal} {off:?}"
                            );
                        }
                        // A pairing's own path (Fall 2019's takes only the
                        // values at 0-0) gives the same chances.
                        if let ([Chooser::Fixed(pa), Chooser::Fixed(pb)], None) = (seats, off) {
                            let root = y.ctx.layout.at(0, 0, 0);
                            let r = pairing(pa, pb, t, goal).unwrap();
                            assert_eq!(r.a, WinRate::of(y.v[0][root][0], y.v[1][root][1]));
                            assert_eq!(r.b, WinRate::of(y.v[1][root][0], y.v[0][root][1]));
                        }
                    }
                }
            }
        }
    }

    /// The swept pass ([`swept`]) against the general one: every value
    /// within 1e-12, and every choice the same but where the general
    /// pass's values of both choices are that close: a tie, which the
    /// general pass breaks by its sums' rounding (a sure win summed over
    /// the points can come to 1 - 2^-53), the swept pass for the fewest
    /// dice.
    fn assert_swept_matches(x: &Solved, y: &Solved, seats: [Chooser<'_>; 2], what: &str) {
        let (l, goal) = (y.ctx.layout, y.ctx.goal);
        for (p, seat) in seats.iter().enumerate() {
            if y.v[p].is_empty() {
                continue;
            }
            for (me, opp, e) in (0..goal)
                .flat_map(|me| (0..goal).map(move |opp| (me, opp)))
                .flat_map(|(me, opp)| (0..l.ext).map(move |e| (me, opp, e)))
            {
                let i = l.at(me, opp, e);
                let (a, b) = (x.v[p][i], y.v[p][i]);
                assert!(
                    (a[0] - b[0]).abs() < 1e-12 && (a[1] - b[1]).abs() < 1e-12,
                    "{what}: seat {p} at {me}-{opp}: {a:?} vs {b:?}"
                );
                let (n, m) = (x.choice[p][i], y.choice[p][i]);
                if n != m {
                    assert!(matches!(seat, Chooser::Best), "{what}");
                    let mut out = Outcomes::new();
                    let mem = l.memory(e);
                    let vn = y.ctx.value(&y.v, p, me, opp, mem, n.into(), &mut out);
                    let vm = y.ctx.value(&y.v, p, me, opp, mem, m.into(), &mut out);
                    assert!(
                        (vn[0] - vm[0]).abs() < 1e-12,
                        "{what}: seat {p} at {me}-{opp} chose {n} ({vn:?}), not {m} ({vm:?})"
                    );
                }
            }
        }
    }

    /// Under every rule set without memory, and under Fall 2017 for a
    /// turn that is a time trot or not, where a turn leads depends on its
    /// points only through the mover's new score: the swept passes count
    /// on it (Fall 2017's for the turns that are no time trot). Past the
    /// goal the rows hold where the game ends.
    #[test]
    fn a_turn_leads_where_its_new_score_does() {
        for t in Term::ALL.into_iter().filter(|&t| t != Term::Fall2019) {
            for off in std::iter::once(None).chain(t.specials().iter().copied().map(Some)) {
                let goal = 100;
                let tables = Tables::get(t, goal, off);
                // The tables' layout: score pairs only.
                let l = Layout {
                    term: t,
                    goal: goal as usize,
                    ext: 1,
                };
                let (win, lose) = Flat::ends(l.len());
                let mut state_of = vec![0; l.len()];
                for (s, &i) in tables.state.iter().enumerate() {
                    state_of[i as usize] = s;
                }
                for me in 0..goal {
                    for opp in 0..goal {
                        let s = state_of[l.at(me, opp, 0)];
                        assert_eq!(tables.state[s] as usize, l.at(me, opp, 0));
                        for trot in [false, true] {
                            let dest = if trot {
                                &tables.dest_trot
                            } else {
                                &tables.dest
                            };
                            assert_eq!(dest.is_empty(), trot && t != Term::Fall2017);
                            if dest.is_empty() {
                                continue;
                            }
                            for k in 1..=60 {
                                let d = dest[s][k as usize];
                                if me + k < goal {
                                    let j = state_of[l.at(me + k, opp, 0)];
                                    assert_eq!(d, dest[j][0], "{t} {off:?} {me}-{opp} +{k}");
                                    continue;
                                }
                                assert!(d == win || d == lose, "{t} {off:?}");
                                let top = &tables.top[usize::from(tables.six[s])];
                                if me + k < goal + swept::TOP {
                                    let row = top[((me + k - goal) * goal + opp) as usize];
                                    let end = if d == win { [1.0, 0.0] } else { [0.0, 1.0] };
                                    assert_eq!(row[0], end, "{t} {off:?}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A tournament under a rule set with memory stops at its own limit;
    /// the others take more.
    #[test]
    fn tournament_limits_follow_the_rules() {
        let goal = 20;
        let many = |t: Term, n: usize| -> Vec<Policy> {
            (0..n)
                .map(|i| {
                    Policy::from_strategy(&Strategy::always((i % 11) as u32).unwrap(), t, goal)
                })
                .collect()
        };
        for (t, max) in [(Term::Fall2017, 24), (Term::Fall2019, 20)] {
            assert_eq!(max_tournament(t), max);
            match tournament(&many(t, max + 1), t, goal, 2) {
                Err(HogError::TooManyStrategiesUnder { max: m, n, .. }) => {
                    assert_eq!((m, n), (max, max + 1));
                }
                other => panic!("{t}: {:?}", other.map(|r| r.strategies)),
            }
        }
        let t = tournament(&many(Term::Fall2017, 24), Term::Fall2017, goal, 2).unwrap();
        assert_eq!(t.contest.len(), 24);
        let t = tournament(&many(Term::Fall2021, 27), Term::Fall2021, goal, 2).unwrap();
        assert_eq!(t.matrix.len(), 27);
    }

    /// Switching a Spring 2014 rule off in the general engine is the
    /// optimised engine's switch.
    #[test]
    fn spring2014_switches_match_the_edge_table() {
        let goal = 40;
        let e = edge(Term::Spring2014, goal);
        let fast = |fb, hw, ss| {
            exact::optimal(&crate::Rules::new(goal, fb, hw, ss).unwrap()).first_player_win
        };
        let want = [
            fast(true, true, true),
            fast(false, true, true),
            fast(true, false, true),
            fast(true, true, false),
        ];
        assert_eq!(e.len(), 4);
        for ((_, got), want) in e.iter().zip(want) {
            assert!((got[0] - want).abs() < 1e-12, "{got:?} vs {want}");
        }
        // Each rule moves the edge: no two entries are equal.
        for i in 0..4 {
            for j in i + 1..4 {
                assert!((e[i].1[0] - e[j].1[0]).abs() > 1e-6);
            }
        }
    }

    #[test]
    fn spring2014_matches_the_optimised_dynamic_program() {
        for goal in [30, 100] {
            let rules = crate::Rules::with_goal(goal).unwrap();
            let fast = exact::optimal(&rules).first_player_win;
            let (_, general) = optimal(Term::Spring2014, goal);
            assert!(
                (fast - general[0]).abs() < 1e-12,
                "goal {goal}: {fast} vs {general:?}"
            );
            let five = Strategy::always(5).unwrap();
            let fast = exact::best_response(&five, &rules).unwrap().rate;
            let (_, general) = best_response(
                &Policy::from_strategy(&five, Term::Spring2014, goal),
                Term::Spring2014,
                goal,
            )
            .unwrap();
            assert!((fast.average - general.average).abs() < 1e-12);
        }
    }
}
