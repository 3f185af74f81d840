//! Classic LCR as a rules step ([`game::Step`]): no decisions, one chance
//! node a turn. The outcome is the turn's throw (coins to the left, to the
//! center, to the right), weighted by the number of face sequences giving
//! it; a seat with no coins has one outcome, the empty throw, and rolls no
//! dice. [`crate::Game::play`] (the fast path) and [`crate::exact`] (the
//! Markov-chain solver) are tested equal to it.

use dice::{Dice, DiceError};
use game::{Step, Turn};
use serde::{Deserialize, Serialize};

use crate::{
    LcrError, MAX_PLAYERS, THROWS, Throw, dice_for, game_over, left_of, right_of, throw_weights,
    unpack,
};

/// A classic LCR position: every seat's coins, the center, the seat to
/// roll, and the turns played so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ClassicSetup")]
pub struct ClassicState {
    coins: Vec<u32>,
    center: u32,
    seat: usize,
    turns: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassicSetup {
    coins: Vec<u32>,
    center: u32,
    seat: usize,
    turns: u64,
}

impl TryFrom<ClassicSetup> for ClassicState {
    type Error = LcrError;

    fn try_from(s: ClassicSetup) -> Result<ClassicState, LcrError> {
        let players = s.coins.len();
        if players < 2 {
            return Err(LcrError::TooFewPlayers(players));
        }
        let total: u64 = s.coins.iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(s.center);
        if players > MAX_PLAYERS || total > u64::from(u32::MAX) {
            return Err(LcrError::TooBig {
                players,
                coins: s.coins.iter().copied().max().unwrap_or(0),
            });
        }
        if s.seat >= players {
            return Err(LcrError::SeatOutOfRange {
                seat: s.seat,
                players,
            });
        }
        Ok(ClassicState {
            coins: s.coins,
            center: s.center,
            seat: s.seat,
            turns: s.turns,
        })
    }
}

impl ClassicState {
    /// A new game: `players` seats with `coins` each, seat 0 to roll.
    ///
    /// # Errors
    /// As [`crate::Game::new`].
    pub fn new(players: usize, coins: u32) -> Result<ClassicState, LcrError> {
        crate::Game::new(players, coins)?;
        Ok(ClassicState {
            coins: vec![coins; players],
            center: 0,
            seat: 0,
            turns: 0,
        })
    }

    /// Coins per seat.
    pub fn coins(&self) -> &[u32] {
        &self.coins
    }

    /// Coins in the center.
    pub fn center(&self) -> u32 {
        self.center
    }

    /// The seat whose turn it is.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// Turns played.
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The winner once the game is over.
    pub fn winner(&self) -> Option<usize> {
        crate::winner(&self.coins)
    }
}

impl Step for ClassicState {
    type Action = ();
    type Outcome = Throw;
    type Error = LcrError;

    fn players(&self) -> usize {
        self.coins.len()
    }

    fn turn(&self) -> Turn {
        if game_over(&self.coins) {
            Turn::Terminal
        } else {
            Turn::Chance
        }
    }

    fn legal_actions(&self) -> Vec<()> {
        Vec::new()
    }

    fn chance_outcomes(&self) -> Vec<(Throw, u64)> {
        match self.turn() {
            Turn::Chance => throw_weights(&THROWS, dice_for(self.coins[self.seat])),
            _ => Vec::new(),
        }
    }

    fn apply_action(&mut self, _: &()) -> Result<(), LcrError> {
        Err(LcrError::NoDecisions)
    }

    fn apply_outcome(&mut self, t: &Throw) -> Result<(), LcrError> {
        if !self.chance_outcomes().iter().any(|(x, _)| x == t) {
            return Err(LcrError::NotAThrow {
                seat: self.seat,
                coins: self.coins[self.seat.min(self.coins.len() - 1)],
            });
        }
        let n = self.coins.len();
        let seat = self.seat;
        self.center += t.apply(&mut self.coins, seat, left_of(seat, n), right_of(seat, n));
        self.seat = right_of(seat, n);
        self.turns += 1;
        Ok(())
    }

    fn returns(&self) -> Vec<f64> {
        let w = self.winner();
        (0..self.coins.len())
            .map(|i| f64::from(u8::from(w == Some(i))))
            .collect()
    }

    /// One block of `min(coins, 3)` dice looked up in [`THROWS`], as
    /// [`crate::Game::play`] rolls; a seat with no coins rolls nothing.
    fn sample_outcome<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<Throw, DiceError> {
        let k = dice_for(self.coins[self.seat]);
        if k == 0 {
            return Ok(Throw::default());
        }
        Ok(unpack(
            THROWS[k as usize][dice.roll_block(6, k)? as usize % 216],
        ))
    }
}
