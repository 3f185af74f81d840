//! A position for play and search, and the sowing core the solver uses.

use crate::{MancalaError, check_board};

/// Which last-seed landings capture.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// The handout's rule: the last seed in an own pit that was empty captures
    /// only when the opposite pit holds seeds. Written `"seed"` in JSON and
    /// in game strings (`capture=seed`), the name users already send.
    #[default]
    #[serde(rename = "seed")]
    Handout,
    /// "Empty capture" (Irving, Donkers and Uiterwijk 2000): such a seed is
    /// captured even when the opposite pit is empty.
    Empty,
}

/// A pit count: `u8` in the solver, `u32` in play.
pub(crate) trait Cell: Copy + Eq {
    const ZERO: Self;
    fn add(self, n: u32) -> Self;
    fn get(self) -> u32;
}

impl Cell for u8 {
    const ZERO: Self = 0;
    #[inline]
    fn add(self, n: u32) -> Self {
        self + n as u8
    }
    #[inline]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Cell for u32 {
    const ZERO: Self = 0;
    #[inline]
    fn add(self, n: u32) -> Self {
        self + n
    }
    #[inline]
    fn get(self) -> u32 {
        self
    }
}

/// What one move did, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// Seeds into the mover's store (sowing, capture, end-of-game banking).
    pub mine: u32,
    /// Seeds into the other store (end-of-game banking only).
    pub theirs: u32,
    /// The last seed reached the mover's store: the mover goes again.
    pub again: bool,
    /// Either side's pits are now empty: the game is over (pits banked).
    pub over: bool,
    /// Seeds captured: the last seed and the seeds opposite it (0: none).
    pub captured: u32,
    /// Where the last seed landed, in sowing order (`m`: the store).
    pub last: usize,
}

/// Sow pit `i` (non-empty) of the mover. `pits[..m]` are the mover's pits,
/// `pits[m..2m]` the other's, in sowing order; the stores are not held: the
/// mover's store sits between the two halves and the other's (skipped) after
/// the last pit. The opposite of the mover's pit `j` is the other's pit
/// `m - 1 - j`, at `pits[2m - 1 - j]`.
#[inline(always)]
pub(crate) fn sow<T: Cell>(pits: &mut [T], m: usize, i: usize, rule: CaptureRule) -> Step {
    let cycle = 2 * m + 1; // positions: m pits, the store, m pits
    let seeds = pits[i].get() as usize;
    pits[i] = T::ZERO;
    let laps = (seeds / cycle) as u32;
    let rest = seeds % cycle;
    let mut mine = laps;
    if laps > 0 {
        for p in pits.iter_mut().take(2 * m) {
            *p = p.add(laps);
        }
    }
    // The remaining seeds go to positions i+1 ..= i+rest, wrapping once at
    // most (rest < cycle).
    let mut pos = i;
    for _ in 0..rest {
        pos += 1;
        if pos == cycle {
            pos = 0;
        }
        match pos.cmp(&m) {
            std::cmp::Ordering::Less => pits[pos] = pits[pos].add(1),
            std::cmp::Ordering::Equal => mine += 1,
            std::cmp::Ordering::Greater => pits[pos - 1] = pits[pos - 1].add(1),
        }
    }
    let last = pos;
    let again = last == m;
    let mut captured = 0;
    if !again && last < m && pits[last].get() == 1 {
        let opposite = 2 * m - 1 - last;
        let across = pits[opposite].get();
        if across > 0 || rule == CaptureRule::Empty {
            captured = 1 + across;
            mine += 1 + across;
            pits[last] = T::ZERO;
            pits[opposite] = T::ZERO;
        }
    }
    let (a, b) = pits[..2 * m].split_at_mut(m);
    let left_mine: u32 = a.iter().map(|p| p.get()).sum();
    let left_theirs: u32 = b.iter().map(|p| p.get()).sum();
    let over = left_mine == 0 || left_theirs == 0;
    let mut theirs = 0;
    if over {
        mine += left_mine;
        theirs += left_theirs;
        a.fill(T::ZERO);
        b.fill(T::ZERO);
    }
    Step {
        mine,
        theirs,
        again,
        over,
        captured,
        last,
    }
}

/// What one move did (see [`Position::play_reported`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// Who moved (0 or 1).
    pub player: usize,
    /// The pit played, counted on the mover's side.
    pub pit: usize,
    /// Seeds that were in it.
    pub seeds: u32,
    /// Board index (the handout's layout) where the last seed landed.
    pub last: usize,
    /// The last seed reached the mover's store: the mover goes again.
    pub extra_turn: bool,
    /// Seeds captured into the mover's store: the last seed and the ones
    /// opposite it (0: no capture).
    pub captured: u32,
    /// The move ended the game (the pits left were banked).
    pub game_over: bool,
}

/// The most pits a side [`Position::kalah`] makes.
pub const MAX_PITS: usize = 1 << 20;

/// A Kalah position: the handout's board layout, the player to move and the
/// capture rule. It cannot hold a malformed board. As JSON:
/// `{"board": [...], "to_move": 0, "rule": "seed"}`, read through
/// [`Position::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(try_from = "PositionSetup")]
pub struct Position {
    board: Vec<u32>,
    pits: usize,
    to_move: usize,
    rule: CaptureRule,
}

/// [`Position`] as read, checked by [`Position::new`].
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionSetup {
    board: Vec<i64>,
    to_move: usize,
    rule: CaptureRule,
}

impl TryFrom<PositionSetup> for Position {
    type Error = MancalaError;

    fn try_from(p: PositionSetup) -> Result<Position, MancalaError> {
        if p.to_move > 1 {
            return Err(MancalaError::NotAPlayer(p.to_move));
        }
        Position::new(&p.board, p.to_move, p.rule)
    }
}

impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Position", 3)?;
        st.serialize_field("board", &self.board)?;
        st.serialize_field("to_move", &self.to_move)?;
        st.serialize_field("rule", &self.rule)?;
        st.end()
    }
}

impl Position {
    /// A position from a board as read from input.
    ///
    /// # Errors
    /// As [`check_board`]; [`MancalaError::BadMove`] never.
    pub fn new(board: &[i64], to_move: usize, rule: CaptureRule) -> Result<Position, MancalaError> {
        let board = check_board(board)?;
        let pits = board.len() / 2 - 1;
        let mut p = Position {
            board,
            pits,
            to_move: to_move % 2,
            rule,
        };
        p.bank_if_over();
        Ok(p)
    }

    /// Kalah(m, n): `m` pits a side, `n` seeds in each, empty stores,
    /// player 0 to move.
    ///
    /// # Errors
    /// [`MancalaError::NoPits`] for `m == 0`, [`MancalaError::TooManySeeds`].
    pub fn kalah(m: usize, n: u32, rule: CaptureRule) -> Result<Position, MancalaError> {
        if m == 0 {
            return Err(MancalaError::NoPits);
        }
        if m > MAX_PITS {
            return Err(MancalaError::TooManyPits(m));
        }
        let seeds = 2 * m as u128 * u128::from(n);
        if seeds > u128::from(u32::MAX) {
            return Err(MancalaError::TooManySeeds(seeds));
        }
        let mut board = vec![i64::from(n); 2 * m + 2];
        board[m] = 0;
        board[2 * m + 1] = 0;
        Position::new(&board, 0, rule)
    }

    /// The board, in the handout's layout.
    pub fn board(&self) -> &[u32] {
        &self.board
    }

    /// Pits a side.
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The player to move (0 or 1).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The capture rule.
    pub fn rule(&self) -> CaptureRule {
        self.rule
    }

    /// The stores, player 0's first.
    pub fn stores(&self) -> [u32; 2] {
        [self.board[self.pits], self.board[2 * self.pits + 1]]
    }

    fn side(&self, player: usize) -> std::ops::Range<usize> {
        let n = self.pits;
        if player == 0 { 0..n } else { n + 1..2 * n + 1 }
    }

    /// Whether the game is over (either side's pits are empty).
    pub fn is_over(&self) -> bool {
        (0..2).any(|p| self.board[self.side(p)].iter().all(|&s| s == 0))
    }

    /// The final stores, once the game is over.
    pub fn final_scores(&self) -> Option<[u32; 2]> {
        self.is_over().then(|| self.stores())
    }

    /// The mover's legal moves: its non-empty pits, counted on its side.
    pub fn legal_moves(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        let side = self.side(self.to_move);
        self.board[side]
            .iter()
            .enumerate()
            .filter(|(_, s)| **s > 0)
            .map(|(i, _)| i)
            .collect()
    }

    fn bank_if_over(&mut self) {
        if self.is_over() {
            for p in 0..2 {
                let left: u32 = self
                    .side(p)
                    .map(|i| std::mem::take(&mut self.board[i]))
                    .sum();
                let store = if p == 0 { self.pits } else { 2 * self.pits + 1 };
                self.board[store] += left;
            }
        }
    }

    /// The mover's view: its pits then the other's, in sowing order.
    pub(crate) fn oriented(&self) -> Vec<u32> {
        let other = 1 - self.to_move;
        let mut v: Vec<u32> = self.board[self.side(self.to_move)].to_vec();
        v.extend_from_slice(&self.board[self.side(other)]);
        v
    }

    /// Play a legal move: pit `pit` of the mover, which must hold seeds.
    ///
    /// # Errors
    /// [`MancalaError::GameOver`], [`MancalaError::BadMove`],
    /// [`MancalaError::EmptyPit`].
    pub fn play(&mut self, pit: usize) -> Result<(), MancalaError> {
        self.check_move(pit)?;
        self.sow_move(pit);
        Ok(())
    }

    fn check_move(&self, pit: usize) -> Result<(), MancalaError> {
        if self.is_over() {
            return Err(MancalaError::GameOver);
        }
        if pit >= self.pits {
            return Err(MancalaError::NoSuchPit {
                pit,
                pits: self.pits,
            });
        }
        if self.board[self.side(self.to_move)][pit] == 0 {
            return Err(MancalaError::EmptyPit(pit));
        }
        Ok(())
    }

    /// [`Position::play`], telling what the move did: where the last seed
    /// landed, an extra turn, a capture, the end of the game.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_reported(&mut self, pit: usize) -> Result<Move, MancalaError> {
        let mover = self.to_move;
        let seeds = self.board.get(self.side(mover).start + pit).copied();
        self.check_move(pit)?;
        let step = self.sow_step(pit).ok_or(MancalaError::EmptyPit(pit))?;
        let n = self.pits;
        // Sowing order from the mover: its pits, its store, the other's pits.
        let last = match (mover, step.last) {
            (0, i) => i,
            (_, i) if i <= n => n + 1 + i,
            (_, i) => i - n - 1,
        };
        Ok(Move {
            player: mover,
            pit,
            seeds: seeds.unwrap_or(0),
            last,
            extra_turn: step.again && !step.over,
            captured: step.captured,
            game_over: step.over,
        })
    }

    /// A move as `sow_game` reads it: an empty pit passes the turn; over
    /// games ignore it. `pit` must be below [`Position::pits`].
    pub fn sow_move(&mut self, pit: usize) {
        self.sow_step(pit);
    }

    /// [`Position::sow_move`], returning what the sowing did (`None`: the
    /// game was over or the pit empty).
    fn sow_step(&mut self, pit: usize) -> Option<Step> {
        if self.is_over() {
            return None;
        }
        let n = self.pits;
        let me = self.to_move;
        if self.board[self.side(me)][pit] == 0 {
            self.to_move = 1 - me;
            return None;
        }
        let mut v = self.oriented();
        let step = sow(&mut v, n, pit, self.rule);
        let (mine, theirs) = (self.side(me), self.side(1 - me));
        for (k, i) in mine.enumerate() {
            self.board[i] = v[k];
        }
        for (k, i) in theirs.enumerate() {
            self.board[i] = v[n + k];
        }
        let (my_store, their_store) = if me == 0 {
            (n, 2 * n + 1)
        } else {
            (2 * n + 1, n)
        };
        self.board[my_store] += step.mine;
        self.board[their_store] += step.theirs;
        if !step.again {
            self.to_move = 1 - me;
        }
        Some(step)
    }
}

/// [`sow`] for the solver and the endgame tables: the pits packed one a
/// byte in a `u128`, the mover's `m` pits from the low half's first byte,
/// the other's from the high half's (the bytes between hold 0), at most
/// 255 seeds in all so that no byte overflows. With a row to a half, the
/// turn passing swaps the halves and a row is empty when its half is 0.
/// A move is a few table reads, additions and masks instead of a loop
/// over the seeds.
pub(crate) struct Sower {
    m: usize,
    cycle: usize,
    rule: CaptureRule,
    /// For pit `i` and `rest` seeds after the laps (`i * 17 + rest`): the
    /// pits that get one more seed,
    inc: [u128; 8 * 17],
    /// whether the store gets one,
    store: [u8; 8 * 17],
    /// and where the last seed lands (0..2m+1 in sowing order: `m` is the
    /// store; positions past it are the other's pits).
    last: [u8; 8 * 17],
    /// For pit `i` and `s` seeds below [`SOWN`] (`i * SOWN + s`): the
    /// pits' seeds added by sowing them (laps included),
    sown: [u128; 8 * SOWN],
    /// the store's,
    banks: [u8; 8 * SOWN],
    /// and where the last lands (as `last`).
    lands: [u8; 8 * SOWN],
    /// One seed in every pit.
    all: u128,
    /// Every byte but pit `j`'s: pit `j` emptied.
    keep: [u128; 16],
    /// The mover's pits.
    own: u128,
}

const K8: u64 = 0x0101_0101_0101_0101;

/// Pits of fewer seeds than this are sown from [`Sower::sown`], a table
/// read instead of a division and the laps' multiplication (larger ones
/// are worked out).
const SOWN: usize = 64;

/// The sum of the bytes of `x` (each half's sum below 256).
#[inline(always)]
pub(crate) fn byte_sum(x: u128) -> u32 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    ((lo.wrapping_mul(K8) >> 56) + (hi.wrapping_mul(K8) >> 56)) as u32
}

/// The byte of a packed position that holds cell `j` of `m` pits a side:
/// the mover's pits are bytes `0..m` of the low half, the other's bytes
/// `8..8 + m` of the high half (see [`Sower`]).
#[inline(always)]
pub(crate) const fn cell_byte(j: usize, m: usize) -> usize {
    if j < m { j } else { 8 + j - m }
}

/// Byte `i` of `x`.
#[inline(always)]
pub(crate) fn byte(x: u128, i: usize) -> u32 {
    u32::from(x.to_le_bytes()[i & 15])
}

/// Cells a position of the search holds: up to 8 pits a side.
pub(crate) const MAX: usize = 16;

/// A position as the search holds it: the mover's pits, then the other's,
/// one a byte (see [`Sower`]).
pub(crate) type Pits = u128;

/// The other side to move: swap the halves.
#[inline(always)]
pub(crate) fn flip(q: Pits) -> Pits {
    q.rotate_left(64)
}

/// A position from its pit counts, the mover's first (`2 m` of them for `m`
/// pits a side), laid out as [`Sower`] packs them.
pub(crate) fn pack(counts: &[u8]) -> Pits {
    let m = counts.len() / 2;
    let mut b = [0u8; MAX];
    b[..m].copy_from_slice(&counts[..m]);
    b[8..8 + m].copy_from_slice(&counts[m..2 * m]);
    u128::from_le_bytes(b)
}

/// The pit counts of a packed position of `m` pits a side, the mover's
/// first ([`pack`] undone), in the first `2 m` bytes.
#[cfg(test)]
pub(crate) fn unpack(p: Pits, m: usize) -> [u8; MAX] {
    let b = p.to_le_bytes();
    let mut counts = [0u8; MAX];
    counts[..m].copy_from_slice(&b[..m]);
    counts[m..2 * m].copy_from_slice(&b[8..8 + m]);
    counts
}

impl Sower {
    /// For `m` pits a side (at most 8).
    pub(crate) fn new(m: usize, rule: CaptureRule) -> Sower {
        let cycle = 2 * m + 1;
        let mut inc = [0u128; 8 * 17];
        let mut store = [0u8; 8 * 17];
        let mut last = [0u8; 8 * 17];
        for i in 0..m {
            for rest in 0..cycle {
                let mut pos = i;
                for _ in 0..rest {
                    pos = (pos + 1) % cycle;
                    match pos.cmp(&m) {
                        std::cmp::Ordering::Less => {
                            inc[i * 17 + rest] += 1u128 << (8 * cell_byte(pos, m))
                        }
                        std::cmp::Ordering::Equal => store[i * 17 + rest] = 1,
                        std::cmp::Ordering::Greater => {
                            inc[i * 17 + rest] += 1u128 << (8 * cell_byte(pos - 1, m))
                        }
                    }
                }
                last[i * 17 + rest] = pos as u8;
            }
        }
        let all = (0..2 * m).fold(0u128, |a, j| a | 1u128 << (8 * cell_byte(j, m)));
        let own = (0..m).fold(0u128, |a, j| a | 0xFFu128 << (8 * j));
        let keep = std::array::from_fn(|j| {
            if j < 2 * m {
                !(0xFFu128 << (8 * cell_byte(j, m)))
            } else {
                u128::MAX
            }
        });
        let mut sown = [0u128; 8 * SOWN];
        let mut banks = [0u8; 8 * SOWN];
        let mut lands = [0u8; 8 * SOWN];
        for i in 0..m {
            for s in 0..SOWN {
                let (laps, at) = (s / cycle, i * 17 + s % cycle);
                sown[i * SOWN + s] = laps as u128 * all + inc[at];
                banks[i * SOWN + s] = laps as u8 + store[at];
                lands[i * SOWN + s] = last[at];
            }
        }
        Sower {
            m,
            cycle,
            keep,
            sown,
            banks,
            lands,
            rule,
            inc,
            store,
            last,
            all,
            own,
        }
    }

    /// The pits a side: `M`, or the sower's own when `M` is 0 (see
    /// [`Sower::child_in`]).
    #[inline(always)]
    pub(crate) fn pits_in<const M: usize>(&self) -> usize {
        pits_in::<M>(self.m)
    }

    /// The mover's pits as a mask, for `M` pits a side (0: the sower's
    /// own; a constant when compiled for a board).
    #[inline(always)]
    pub(crate) fn own_in<const M: usize>(&self) -> u128 {
        if M == 0 {
            self.own
        } else {
            (1u128 << (8 * M)) - 1
        }
    }

    /// The capture rule.
    #[inline(always)]
    pub(crate) fn rule(&self) -> CaptureRule {
        self.rule
    }

    /// Sowing `seeds` from pit `i` with no whole lap (`seeds < 2m + 1`):
    /// the pits that get one more seed (packed), whether the store gets
    /// one, and where the last seed lands (0..2m+1 in sowing order: `m` is
    /// the store; positions past it are the other's pits).
    #[inline(always)]
    pub(crate) fn sowing(&self, i: usize, seeds: usize) -> (u128, u8, usize) {
        debug_assert!(i < self.m && seeds < self.cycle);
        let at = (i & 7) * 17 + seeds % 17;
        (self.inc[at], self.store[at], self.last[at] as usize)
    }

    /// Whether the game is over at `q`: a row (a half) is empty, no count.
    #[inline(always)]
    pub(crate) fn over_in<const M: usize>(&self, q: u128) -> bool {
        q as u64 == 0 || (q >> 64) as u64 == 0
    }

    /// Sow pit `i` (non-empty) of the mover: the pits after the move and
    /// what it did, as [`sow`], for `M` pits a side (0: the sower's own).
    #[inline(always)]
    fn sow_in<const M: usize>(&self, p: u128, i: usize) -> (u128, Step) {
        let m = self.pits_in::<M>();
        let seeds = byte(p, i) as usize;
        let mut q = p & self.keep[i & 15];
        let (mut mine, last) = if seeds < SOWN {
            let at = (i & 7) * SOWN + seeds;
            q += self.sown[at];
            (u32::from(self.banks[at]), self.lands[at] as usize)
        } else {
            // Whole laps first (a constant divisor for a board compiled
            // for).
            let cycle = if M == 0 { self.cycle } else { 2 * M + 1 };
            let laps = seeds / cycle;
            let at = (i & 7) * 17 + seeds % cycle;
            q += self.inc[at];
            if laps > 0 {
                q += laps as u128 * self.all;
            }
            (
                laps as u32 + u32::from(self.store[at]),
                self.last[at] as usize,
            )
        };
        let again = last == m;
        let mut captured = 0;
        if last < m && byte(q, last) == 1 {
            let opposite = 2 * m - 1 - last;
            // The other's pit `opposite - m`: `cell_byte(opposite, m)`,
            // written out (`last < m`, so `opposite >= m`).
            let across = byte(q, 8 + m - 1 - last);
            if across > 0 || self.rule == CaptureRule::Empty {
                captured = 1 + across;
                mine += 1 + across;
                q &= self.keep[last & 15] & self.keep[opposite & 15];
            }
        }
        // Over when a row is empty; then each side banks its own row.
        let own = self.own_in::<M>();
        let over = self.over_in::<M>(q);
        let mut theirs = 0;
        if over {
            mine += byte_sum(q & own);
            theirs = byte_sum(q & !own);
            q = 0;
        }
        (
            q,
            Step {
                mine,
                theirs,
                again,
                over,
                captured,
                last,
            },
        )
    }
}

/// The pits a side the solver and the tables' build are also compiled
/// for (see [`Sower::child_in`]): the usual board.
pub(crate) const SPECIALISED: usize = 6;

/// The pits a side of code compiled for `M` (0: any) running on a board
/// of `m`.
#[inline(always)]
pub(crate) fn pits_in<const M: usize>(m: usize) -> usize {
    if M == 0 { m } else { M }
}

/// What a move leads to, in the search's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i8)]
pub(crate) enum Kind {
    /// The game is over.
    Over = 0,
    /// The mover moves again.
    Again = 1,
    /// The other side moves.
    Other = -1,
}

impl Kind {
    /// The sign of the child's value in its parent's: 0 (over), 1 (the
    /// same mover) or -1 (the other).
    #[inline(always)]
    pub(crate) fn sign(self) -> i32 {
        i32::from(self as i8)
    }
}

/// One child of a packed position: the one expansion that the solver's
/// search, its root and the endgame tables all use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Child {
    /// What the move leads to.
    pub kind: Kind,
    /// The pits after the move, seen from the side to move then (all zero
    /// when the game is over).
    pub pits: u128,
    /// The mover's store gain minus the other's.
    pub gain: i32,
    /// Seeds that left the pits (into either store).
    pub banked: i32,
}

impl Sower {
    /// The child of moving pit `i` of packed position `p`, if that pit
    /// holds seeds.
    #[inline(always)]
    pub(crate) fn child(&self, p: u128, i: usize) -> Option<Child> {
        self.child_in::<0>(p, i)
    }

    /// [`Sower::child`] for a sower of `M` pits a side, known when the
    /// code is compiled (0: the sower's own, known when it runs). The
    /// solver and the tables' build are compiled once for [`SPECIALISED`]
    /// pits, the usual board, where the loops over the pits unroll
    /// (measured in `docs/mancala.md`), and once for any.
    #[inline(always)]
    pub(crate) fn child_in<const M: usize>(&self, p: u128, i: usize) -> Option<Child> {
        debug_assert!(M == 0 || M == self.m);
        if byte(p, i) == 0 {
            return None;
        }
        let (q, step) = self.sow_in::<M>(p, i);
        let (kind, pits) = if step.over {
            (Kind::Over, q)
        } else if step.again {
            (Kind::Again, q)
        } else {
            (Kind::Other, flip(q))
        };
        Some(Child {
            kind,
            pits,
            gain: step.mine as i32 - step.theirs as i32,
            banked: (step.mine + step.theirs) as i32,
        })
    }
}

/// A fixed xorshift generator for tests: `next(n)` is below `n`.
#[cfg(test)]
pub(crate) fn test_rng(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut x = seed;
    move |n| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one child expansion of the solver and the endgame tables
    /// ([`Sower::child`]) against the rules step ([`Position::play`]):
    /// same kind, same pits from the next mover's side, same store gain.
    #[test]
    fn children_are_position_play() {
        let mut next = test_rng(0x0123_4567_89AB_CDEF);
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            for m in 1..=8 {
                let s = Sower::new(m, rule);
                for _ in 0..2000 {
                    let mut board = vec![0i64; 2 * m + 2];
                    let mut left = 1 + next(255);
                    for (k, c) in board.iter_mut().enumerate() {
                        if k == m || k == 2 * m + 1 || left == 0 {
                            continue;
                        }
                        let v = if next(3) == 0 {
                            0
                        } else {
                            next(left.min(30) + 1)
                        };
                        *c = v as i64;
                        left -= v;
                    }
                    board[m] = next(20) as i64;
                    let mover = next(2) as usize;
                    let Ok(pos) = Position::new(&board, mover, rule) else {
                        continue;
                    };
                    if pos.is_over() {
                        continue;
                    }
                    let mut bytes = [0u8; 16];
                    for (b, &v) in bytes.iter_mut().zip(&pos.oriented()) {
                        *b = v as u8;
                    }
                    let packed = pack(&bytes[..2 * m]);
                    for i in 0..m {
                        let child = s.child(packed, i);
                        let mut after = pos.clone();
                        if after.play(i).is_err() {
                            assert!(child.is_none(), "{board:?} {i}");
                            continue;
                        }
                        let child = child.expect("a non-empty pit has a child");
                        if m == SPECIALISED {
                            // The sowing compiled for 6 pits is the same.
                            assert_eq!(
                                s.child_in::<SPECIALISED>(packed, i),
                                Some(child),
                                "{board:?} {i}"
                            );
                        }
                        let stores = |p: &Position| {
                            let st = p.stores();
                            (st[mover] as i32, st[1 - mover] as i32)
                        };
                        let (a0, b0) = stores(&pos);
                        let (a1, b1) = stores(&after);
                        assert_eq!(child.gain, (a1 - a0) - (b1 - b0), "{board:?} {i}");
                        let kind = if after.is_over() {
                            Kind::Over
                        } else if after.to_move() == mover {
                            Kind::Again
                        } else {
                            Kind::Other
                        };
                        assert_eq!(child.kind, kind, "{board:?} {i}");
                        if kind != Kind::Over {
                            let mut want = [0u8; 16];
                            for (b, &v) in want.iter_mut().zip(&after.oriented()) {
                                *b = v as u8;
                            }
                            assert_eq!(unpack(child.pits, m), want, "{board:?} {i}");
                        }
                    }
                }
            }
        }
    }

    /// Piles of [`SOWN`] seeds or more are sown without the table: those
    /// too are the plain sowing, on the general board and the one compiled
    /// for 6 pits.
    #[test]
    fn large_piles_are_sown_as_sowing() {
        let mut next = test_rng(0x2545_F491_4F6C_DD1D);
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            for m in 1..=8 {
                let s = Sower::new(m, rule);
                for _ in 0..500 {
                    let mut pits = [0u8; 16];
                    let i = next(m as u64) as usize;
                    pits[i] = (SOWN as u64 + next(100)) as u8;
                    let mut left = 255 - u64::from(pits[i]);
                    for (j, c) in pits.iter_mut().enumerate().take(2 * m) {
                        if j == i || left == 0 || next(2) == 0 {
                            continue;
                        }
                        let v = next(left.min(6) + 1);
                        *c = v as u8;
                        left -= v;
                    }
                    let mut want = pits;
                    let step = sow(&mut want[..], m, i, rule);
                    let packed = pack(&pits[..2 * m]);
                    let (got, got_step) = s.sow_in::<0>(packed, i);
                    assert_eq!(unpack(got, m), want, "{pits:?} {i}");
                    assert_eq!(got_step, step, "{pits:?} {i}");
                    if m == SPECIALISED {
                        assert_eq!(s.sow_in::<SPECIALISED>(packed, i), (got, got_step));
                    }
                }
            }
        }
    }

    #[test]
    fn packed_sowing_is_sowing() {
        let mut next = test_rng(0x9E37_79B9_7F4A_7C15);
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            for m in 1..=8 {
                let s = Sower::new(m, rule);
                for _ in 0..3000 {
                    // Up to 255 seeds in all, some pits empty.
                    let budget = 1 + next(255);
                    let mut pits = [0u8; 16];
                    let mut left = budget;
                    for c in pits.iter_mut().take(2 * m) {
                        if left == 0 {
                            break;
                        }
                        let v = if next(3) == 0 {
                            0
                        } else {
                            next(left.min(40) + 1)
                        };
                        *c = v as u8;
                        left -= v;
                    }
                    for i in 0..m {
                        if pits[i] == 0 {
                            continue;
                        }
                        let mut want = pits;
                        let step = sow(&mut want[..], m, i, rule);
                        let packed = pack(&pits[..2 * m]);
                        let (got, got_step) = s.sow_in::<0>(packed, i);
                        assert_eq!(unpack(got, m), want, "{pits:?} {i}");
                        assert_eq!(got_step, step, "{pits:?} {i}");
                        let mut flipped = [0u8; 16];
                        flipped[..m].copy_from_slice(&want[m..2 * m]);
                        flipped[m..2 * m].copy_from_slice(&want[..m]);
                        assert_eq!(unpack(flip(got), m), flipped);
                    }
                }
            }
        }
    }
}
