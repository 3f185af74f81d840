//! Craps and baccarat as the homework states them (`docs/rules.md`,
//! "Craps and baccarat"): the homework's functions, the handout's transcript
//! format, and exact odds computed from the dice and the cards.
//!
//! ```
//! use craps_baccarat::{craps, baccarat, cards::Shoe};
//! use dice::SeededDice;
//!
//! // Craps: the exact chance to win comes out of the dice, not a table.
//! assert_eq!(craps::exact().win.to_string(), "244/495");
//! let mut dice = SeededDice::new(1, 0);
//! let game = craps::play(&mut dice).unwrap();
//! assert!(!game.rolls.is_empty());
//!
//! // Baccarat: one game from a freshly shuffled deck, printed as the handout does.
//! let mut shoe = Shoe::new(1).unwrap();
//! let g = baccarat::play(&mut shoe, &mut dice).unwrap();
//! let text = g.to_string();
//! assert!(text.starts_with("House:"));
//!
//! // Exact odds for a fresh 8-deck shoe, by enumeration.
//! let odds = baccarat::exact_odds(8).unwrap();
//! assert!((odds.house.to_f64() - 0.458597).abs() < 5e-7);
//! ```

use std::fmt;

use dice::DiceError;

pub mod baccarat;
pub mod bets;
pub mod cards;
pub mod craps;
mod ratio;
pub mod step;

pub use ratio::Ratio;

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CasinoError {
    /// The dice failed (scripted dice ran out).
    Dice(DiceError),
    /// A shoe needs at least one deck.
    NoDecks,
    /// More decks than the exact enumeration and the simulator handle.
    TooManyDecks(u32),
    /// A card was dealt from an empty deck.
    EmptyDeck,
    /// A study of zero games.
    ZeroGames,
    /// The threads could not run: zero asked for, or no pool could be
    /// built.
    Parallel(dice::parallel::ParallelError),
    /// A card written as text could not be read.
    BadCard(String),
    /// A stacked deck holds a card more often than the shoe has it.
    TooManyCopies(String),
    /// `for_point` takes an initial roll from 2 to 12.
    NotAPoint(u32),
    /// Craps and baccarat have no decisions: every step is chance.
    NoDecisions,
    /// A chance outcome the state does not allow (a finished game, a die
    /// face outside 1..6, a card the shoe no longer holds).
    NotAnOutcome(String),
}

impl fmt::Display for CasinoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CasinoError::NoDecisions => write!(f, "no player decides here: every step is chance"),
            CasinoError::NotAnOutcome(o) => write!(f, "{o} cannot be dealt or rolled here"),
            CasinoError::Dice(DiceError::ScriptExhausted { rolls }) => {
                write!(f, "the scripted dice ran out after {rolls} rolls")
            }
            CasinoError::Dice(e) => write!(f, "{e}"),
            CasinoError::NoDecks => write!(f, "a shoe needs at least 1 deck"),
            CasinoError::TooManyDecks(k) => {
                write!(f, "at most {} decks, got {k}", crate::cards::MAX_DECKS)
            }
            CasinoError::EmptyDeck => write!(f, "cannot deal from an empty deck"),
            CasinoError::ZeroGames => write!(f, "the number of games must be at least 1"),
            CasinoError::Parallel(e) => write!(f, "{e}"),
            CasinoError::BadCard(s) => write!(
                f,
                "bad card {s:?}: write rank then suit, e.g. \"9♣\", \"10♡\", \"QS\" (suits ♠♡♢♣ or S H D C)"
            ),
            CasinoError::TooManyCopies(s) => {
                write!(
                    f,
                    "the stacked deck holds {s} more often than the shoe does"
                )
            }
            CasinoError::NotAPoint(p) => {
                write!(f, "{p} is not a roll of two dice (2 to 12)")
            }
        }
    }
}

impl std::error::Error for CasinoError {}

impl CasinoError {
    /// Whether the machine failed (its worker threads could not start),
    /// not the caller's input.
    pub fn is_machine_failure(&self) -> bool {
        matches!(self, CasinoError::Parallel(e) if e.is_machine_failure())
    }
}

impl From<dice::parallel::ParallelError> for CasinoError {
    fn from(e: dice::parallel::ParallelError) -> Self {
        CasinoError::Parallel(e)
    }
}

impl From<DiceError> for CasinoError {
    fn from(e: DiceError) -> Self {
        CasinoError::Dice(e)
    }
}
