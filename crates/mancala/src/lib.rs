//! Kalah sowing (`docs/rules.md`, "Kalah sowing"): `sow_game` exactly as
//! the handout states it, a [`Position`] for play and search, an exact
//! [`solver`], and [`endgame`] tables of exact values for positions with
//! few seeds left.
//!
//! ```
//! use mancala::{sow_game, Position, CaptureRule, solver};
//!
//! // The handout's first example: pit 0 ends in the store, player 0 goes again.
//! let (board, next) = sow_game(&[3, 3, 3, 0, 3, 3, 3, 0], &[0, 2]).unwrap();
//! assert_eq!(board, [0, 4, 0, 2, 4, 4, 4, 0]);
//! assert_eq!(next, 1);
//!
//! // Kalah(4, 3) under empty capture is +8 for the first player.
//! let p = Position::kalah(4, 3, CaptureRule::Empty).unwrap();
//! let s = solver::solve(&p, &solver::Options::default()).unwrap();
//! assert_eq!(s.value, 8);
//! ```
//!
//! Board layout (the handout's): `2n + 2` slots in a ring; slots `0..n` are
//! player 0's pits and slot `n` its store; slots `n+1..2n+1` are player 1's
//! pits and slot `2n+1` its store. Pit `m` of player 1 is slot `n + 1 + m`.
//! The pit opposite slot `s` is slot `2n - s`.

use std::fmt;

mod bytes;
pub mod endgame;
mod position;
pub mod solver;
mod step;

pub use position::{CaptureRule, MAX_PITS, Move, Position};

/// What is wrong with the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MancalaError {
    /// A board needs an even number of slots, at least 4.
    BadLength(usize),
    /// A slot holds a negative number of seeds.
    NegativeSeeds {
        /// The slot.
        slot: usize,
        /// Its count.
        seeds: i64,
    },
    /// The seeds on the board add up to more than fits.
    TooManySeeds(u128),
    /// A move outside `0..n`.
    BadMove {
        /// The move's position in the list.
        index: usize,
        /// The move.
        pit: i64,
        /// Pits a side.
        pits: usize,
    },
    /// A move from an empty pit in play (legal moves hold seeds).
    EmptyPit(usize),
    /// A pit number past the mover's side.
    NoSuchPit {
        /// The pit asked for.
        pit: usize,
        /// Pits a side.
        pits: usize,
    },
    /// The game is over; there is no move.
    GameOver,
    /// Kalah has no chance moves.
    NoChance,
    /// More pits a side than a position is made with.
    TooManyPits(usize),
    /// Players are 0 and 1.
    NotAPlayer(usize),
    /// A size the solver does not take.
    TooLargeToSolve(String),
    /// The machine refused what a size within the limits needs (memory,
    /// threads): not the caller's input.
    Machine(String),
    /// Kalah(m, n) needs m >= 1 pits a side.
    NoPits,
    /// An endgame table file that cannot be used.
    BadEndgame(String),
    /// A shard `index` of `count` that does not exist (shards are 0 to
    /// count - 1, count at least 1).
    BadShard {
        /// The shard asked for.
        index: u64,
        /// Shards in all.
        count: u64,
    },
    /// More shards than [`endgame::MAX_SHARDS`]: each shard recomputes
    /// what it reaches, so past that a shard's work and file are mostly
    /// overhead (and the bookkeeping of the shares would not fit memory).
    TooManyShards {
        /// Shards asked for.
        count: u64,
        /// The most allowed.
        most: u64,
    },
}

impl MancalaError {
    /// Whether the machine failed (memory or threads refused), not the
    /// caller's input.
    pub fn is_machine_failure(&self) -> bool {
        matches!(self, MancalaError::Machine(_))
    }
}

impl fmt::Display for MancalaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MancalaError::BadLength(n) => write!(
                f,
                "a board needs an even number of slots, at least 4 (2n + 2 for n pits a side), got {n}"
            ),
            MancalaError::NegativeSeeds { slot, seeds } => {
                write!(
                    f,
                    "slot {slot} holds {seeds} seeds; counts cannot be negative"
                )
            }
            MancalaError::TooManySeeds(t) => {
                write!(f, "the board holds {t} seeds in all, more than 4294967295")
            }
            MancalaError::BadMove { index, pit, pits } => write!(
                f,
                "move {index} is pit {pit}, outside 0..{} (pits are counted on the mover's side)",
                pits.saturating_sub(1)
            ),
            MancalaError::EmptyPit(p) => write!(f, "pit {p} is empty: choose a pit with seeds"),
            MancalaError::NoSuchPit { pit, pits } => write!(
                f,
                "there is no pit {pit}: pits are numbered 0 to {} on the mover's side",
                pits.saturating_sub(1)
            ),
            MancalaError::GameOver => write!(f, "the game is over"),
            MancalaError::NoChance => write!(f, "Kalah has no chance moves"),
            MancalaError::TooManyPits(m) => write!(
                f,
                "{m} pits a side is too many: at most {}",
                position::MAX_PITS
            ),
            MancalaError::NotAPlayer(p) => write!(f, "players are 0 and 1, not {p}"),
            MancalaError::TooLargeToSolve(why) => write!(f, "too large to solve: {why}"),
            MancalaError::Machine(why) => f.write_str(why),
            MancalaError::BadEndgame(why) => write!(f, "bad endgame table: {why}"),
            MancalaError::BadShard { index, count } => write!(
                f,
                "shard {index}/{count}: expected K/N with N at least 1 and K from 0 to N-1"
            ),
            MancalaError::TooManyShards { count, most } => {
                write!(f, "{count} shards; a level is cut into at most {most}")
            }
            MancalaError::NoPits => write!(f, "a side needs at least 1 pit"),
        }
    }
}

impl std::error::Error for MancalaError {}

/// Check a board as read from input and return it as counts.
///
/// # Errors
/// [`MancalaError::BadLength`], [`MancalaError::NegativeSeeds`],
/// [`MancalaError::TooManySeeds`].
pub fn check_board(board: &[i64]) -> Result<Vec<u32>, MancalaError> {
    if board.len() < 4 || !board.len().is_multiple_of(2) {
        return Err(MancalaError::BadLength(board.len()));
    }
    let mut total = 0u128;
    for (slot, &seeds) in board.iter().enumerate() {
        if seeds < 0 {
            return Err(MancalaError::NegativeSeeds { slot, seeds });
        }
        total += seeds as u128;
    }
    if total > u128::from(u32::MAX) {
        return Err(MancalaError::TooManySeeds(total));
    }
    Ok(board.iter().map(|&s| s as u32).collect())
}

/// The handout's `sow_game(board, moves)`: play `moves` from `board` (player 0
/// moves first) and return the final board and the player to move next, or
/// -1 when the game is over. An empty chosen pit passes the turn; the end
/// is checked at the start and after every move, and once over each player
/// banks the seeds left in their pits and later moves are ignored. The input
/// is not changed.
///
/// # Errors
/// A bad board or a move outside `0..n` (checked before anything is played).
pub fn sow_game(board: &[i64], moves: &[i64]) -> Result<(Vec<u32>, i32), MancalaError> {
    let mut b = check_board(board)?;
    let n = b.len() / 2 - 1;
    for (index, &pit) in moves.iter().enumerate() {
        if pit < 0 || pit as u128 >= n as u128 {
            return Err(MancalaError::BadMove {
                index,
                pit,
                pits: n,
            });
        }
    }
    let slots = 2 * n + 2;
    let store = |player: usize| if player == 0 { n } else { 2 * n + 1 };
    let over =
        |b: &[u32]| b[..n].iter().all(|&s| s == 0) || b[n + 1..2 * n + 1].iter().all(|&s| s == 0);
    let mut player = 0usize;
    let mut finished = over(&b);
    for &pit in moves {
        if finished {
            break;
        }
        let start = if player == 0 {
            pit as usize
        } else {
            n + 1 + pit as usize
        };
        let mut seeds = b[start];
        if seeds == 0 {
            player = 1 - player;
            continue;
        }
        b[start] = 0;
        let skip = store(1 - player);
        // Whole laps at once: each drops one seed in every slot but the
        // other's store (the starting pit included), so sowing takes time
        // that does not grow with the seeds. At least one seed is left to
        // sow one by one, so the last seed's slot is found as before.
        let lap = (slots - 1) as u32;
        let laps = (seeds - 1) / lap;
        if laps > 0 {
            for (i, x) in b.iter_mut().enumerate() {
                if i != skip {
                    *x += laps;
                }
            }
            seeds -= laps * lap;
        }
        let mut slot = start;
        let mut was_empty = false;
        while seeds > 0 {
            slot = (slot + 1) % slots;
            if slot == skip {
                continue;
            }
            was_empty = b[slot] == 0;
            b[slot] += 1;
            seeds -= 1;
        }
        let own_pits = if player == 0 { 0..n } else { n + 1..2 * n + 1 };
        if slot == store(player) {
            // Same player moves again.
        } else {
            if own_pits.contains(&slot) && was_empty {
                let opposite = 2 * n - slot;
                if b[opposite] > 0 {
                    b[store(player)] += b[slot] + b[opposite];
                    b[slot] = 0;
                    b[opposite] = 0;
                }
            }
            player = 1 - player;
        }
        finished = over(&b);
    }
    if finished {
        for p in 0..2 {
            let pits = if p == 0 { 0..n } else { n + 1..2 * n + 1 };
            let left: u32 = pits.clone().map(|i| std::mem::take(&mut b[i])).sum();
            b[store(p)] += left;
        }
        return Ok((b, -1));
    }
    Ok((b, player as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_handout_examples() {
        assert_eq!(
            sow_game(&[3, 3, 3, 0, 3, 3, 3, 0], &[0, 2]).unwrap(),
            (vec![0, 4, 0, 2, 4, 4, 4, 0], 1)
        );
        assert_eq!(
            sow_game(&[1, 0, 0, 0, 0, 0, 9, 0], &[0, 2]).unwrap(),
            (vec![2, 2, 1, 0, 1, 1, 1, 2], 0)
        );
        assert_eq!(
            sow_game(&[0, 1, 0, 5, 2, 0, 4, 2], &[1]).unwrap(),
            (vec![0, 0, 0, 8, 0, 0, 0, 6], -1)
        );
    }

    #[test]
    fn validation() {
        assert_eq!(sow_game(&[1, 2, 3], &[]), Err(MancalaError::BadLength(3)));
        assert_eq!(sow_game(&[1, 0], &[]), Err(MancalaError::BadLength(2)));
        assert!(matches!(
            sow_game(&[1, 0, 1, 0], &[1]),
            Err(MancalaError::BadMove {
                index: 0,
                pit: 1,
                pits: 1
            })
        ));
        assert!(matches!(
            sow_game(&[1, -1, 1, 0], &[]),
            Err(MancalaError::NegativeSeeds { slot: 1, seeds: -1 })
        ));
        assert!(matches!(
            sow_game(&[i64::MAX, 0, 1, 0], &[]),
            Err(MancalaError::TooManySeeds(_))
        ));
    }

    #[test]
    fn over_at_the_start_ignores_moves() {
        assert_eq!(
            sow_game(&[0, 0, 3, 2, 1, 0], &[0, 1]).unwrap(),
            (vec![0, 0, 3, 0, 0, 3], -1)
        );
    }
}
