//! One rules step per game, the shape OpenSpiel gives every game: a state
//! says whose move it is (a player, chance, or nobody: the game is over),
//! lists the legal actions or the chance outcomes with exact integer
//! weights, and applies one. Every engine writes its rules once as a
//! [`Step`]; simulators, fast paths and exact solvers either call it or are
//! tested equal to it, and the web page drives every game through it.
//!
//! Three generic tools work on any [`Step`]:
//!
//! - [`playout`]: play to the end on any dice, with a policy for decisions;
//! - [`check::random_playouts`]: OpenSpiel's `RandomSimTest`: thousands of
//!   seeded playouts checking the weights, the serde round trip, the game's
//!   own invariants, that sampling follows the weights, and that every game
//!   ends;
//! - [`exact::evaluate`]: the exact expected returns from a state, over the
//!   whole reachable graph (value iteration, so games with cycles, such as
//!   LCR's coins passed back and forth, are solved too).
//!
//! ```
//! use dice::SeededDice;
//! use game::{Step, Turn, playout};
//! use serde::{Deserialize, Serialize};
//!
//! /// A toy game: roll one die; 6 wins.
//! #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
//! struct Six { rolled: Option<u32> }
//!
//! impl Step for Six {
//!     type Action = ();
//!     type Outcome = u32;
//!     type Error = String;
//!     fn players(&self) -> usize { 1 }
//!     fn turn(&self) -> Turn { if self.rolled.is_some() { Turn::Terminal } else { Turn::Chance } }
//!     fn legal_actions(&self) -> Vec<()> { Vec::new() }
//!     fn chance_outcomes(&self) -> Vec<(u32, u64)> { (1..=6).map(|f| (f, 1)).collect() }
//!     fn apply_action(&mut self, _: &()) -> Result<(), String> { Err("no decisions".into()) }
//!     fn apply_outcome(&mut self, f: &u32) -> Result<(), String> { self.rolled = Some(*f); Ok(()) }
//!     fn returns(&self) -> Vec<f64> { vec![f64::from(u8::from(self.rolled == Some(6)))] }
//! }
//!
//! let end = playout(Six { rolled: None }, &mut SeededDice::new(1, 0), |_, a| a[0], 10).unwrap();
//! assert_eq!(end.turn(), Turn::Terminal);
//! let v = game::exact::evaluate(&Six { rolled: None }, |s| s.clone(), |s| s.returns(), 100).unwrap();
//! assert!((v[0] - 1.0 / 6.0).abs() < 1e-15);
//! ```

use std::fmt;

use dice::{Dice, DiceError};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub mod check;
pub mod exact;

/// Whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "player", rename_all = "lowercase")]
pub enum Turn {
    /// A player (numbered from 0) chooses one of the legal actions.
    Player(usize),
    /// Chance picks one of the outcomes, by their weights.
    Chance,
    /// The game is over.
    Terminal,
}

/// A game state that can be stepped one decision or one chance outcome at
/// a time, shown and serialised. See the crate docs.
pub trait Step: Clone + Serialize + DeserializeOwned {
    /// A player's decision.
    type Action: Clone + PartialEq + fmt::Debug + Serialize;
    /// A chance outcome.
    type Outcome: Clone + PartialEq + fmt::Debug + Serialize;
    /// Why an action or outcome cannot be applied.
    type Error: fmt::Display;

    /// The number of players ([`Step::returns`] has one entry each).
    fn players(&self) -> usize;

    /// Whose move it is.
    fn turn(&self) -> Turn;

    /// The legal actions when a player is to move (empty otherwise).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The chance outcomes with exact integer weights when chance moves
    /// (empty otherwise): outcome `i` has probability `w_i / sum(w)`.
    /// Outcomes are distinct and weights positive.
    fn chance_outcomes(&self) -> Vec<(Self::Outcome, u64)>;

    /// Apply a player's action.
    ///
    /// # Errors
    /// The game's error when it is not that player's move or the action is
    /// not legal; the state is then unchanged.
    fn apply_action(&mut self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Apply a chance outcome.
    ///
    /// # Errors
    /// The game's error when chance does not move or the outcome is not
    /// possible; the state is then unchanged.
    fn apply_outcome(&mut self, outcome: &Self::Outcome) -> Result<(), Self::Error>;

    /// Each player's return once the game is over (all 0 before).
    fn returns(&self) -> Vec<f64>;

    /// Draw a chance outcome with `dice`. The default picks by the weights
    /// with [`Dice::below`]; a game overrides it to use the dice exactly as
    /// its fast paths do, so the same dice give the same game through both
    /// (a test in [`check`] confirms the overriding draw follows the
    /// weights).
    ///
    /// # Errors
    /// The dice's errors (a script that ran out).
    fn sample_outcome<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<Self::Outcome, DiceError> {
        sample_by_weight(&self.chance_outcomes(), dice)
    }
}

/// Pick one of `outcomes` by weight with one [`Dice::below`] draw.
///
/// # Errors
/// The dice's errors; [`DiceError::EmptyCycle`] for no outcomes.
pub fn sample_by_weight<O: Clone, D: Dice + ?Sized>(
    outcomes: &[(O, u64)],
    dice: &mut D,
) -> Result<O, DiceError> {
    let total: u64 = outcomes.iter().map(|o| o.1).sum();
    if total == 0 || total > u64::from(u32::MAX) {
        return sample_wide(outcomes, total, dice);
    }
    let mut x = u64::from(dice.below(total as u32)?);
    for (o, w) in outcomes {
        if x < *w {
            return Ok(o.clone());
        }
        x -= w;
    }
    Err(DiceError::EmptyCycle)
}

/// Weights past `u32::MAX` in all: two draws make a 64-bit index.
fn sample_wide<O: Clone, D: Dice + ?Sized>(
    outcomes: &[(O, u64)],
    total: u64,
    dice: &mut D,
) -> Result<O, DiceError> {
    if total == 0 {
        return Err(DiceError::EmptyCycle);
    }
    // Rejection on 64-bit words built from two 32-bit draws.
    let zone = u64::MAX - u64::MAX % total;
    loop {
        let hi = u64::from(dice.below(u32::MAX)?);
        let lo = u64::from(dice.below(u32::MAX)?);
        let x = hi * u64::from(u32::MAX) + lo;
        if x < zone {
            let mut x = x % total;
            for (o, w) in outcomes {
                if x < *w {
                    return Ok(o.clone());
                }
                x -= w;
            }
        }
    }
}

/// Why a playout stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayoutError {
    /// The dice failed.
    Dice(DiceError),
    /// The game refused a move the playout made (a policy's illegal choice).
    Rejected(String),
    /// The game did not end within the step limit.
    TooLong(u64),
    /// A player was to move with no legal action, or chance with no outcome.
    Stuck,
}

impl fmt::Display for PlayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayoutError::Dice(e) => write!(f, "{e}"),
            PlayoutError::Rejected(e) => write!(f, "{e}"),
            PlayoutError::TooLong(n) => write!(f, "the game did not end within {n} steps"),
            PlayoutError::Stuck => write!(f, "no legal action or chance outcome at a live state"),
        }
    }
}

impl std::error::Error for PlayoutError {}

impl From<DiceError> for PlayoutError {
    fn from(e: DiceError) -> Self {
        PlayoutError::Dice(e)
    }
}

/// Play `state` to the end: chance moves draw with
/// [`Step::sample_outcome`], decisions come from `policy(state, legal)`.
/// At most `max_steps` steps.
///
/// # Errors
/// [`PlayoutError`].
pub fn playout<S: Step, D: Dice + ?Sized>(
    mut state: S,
    dice: &mut D,
    mut policy: impl FnMut(&S, &[S::Action]) -> S::Action,
    max_steps: u64,
) -> Result<S, PlayoutError> {
    for _ in 0..max_steps {
        match state.turn() {
            Turn::Terminal => return Ok(state),
            Turn::Chance => {
                let o = state.sample_outcome(dice)?;
                state
                    .apply_outcome(&o)
                    .map_err(|e| PlayoutError::Rejected(e.to_string()))?;
            }
            Turn::Player(_) => {
                let legal = state.legal_actions();
                if legal.is_empty() {
                    return Err(PlayoutError::Stuck);
                }
                let a = policy(&state, &legal);
                state
                    .apply_action(&a)
                    .map_err(|e| PlayoutError::Rejected(e.to_string()))?;
            }
        }
    }
    match state.turn() {
        Turn::Terminal => Ok(state),
        _ => Err(PlayoutError::TooLong(max_steps)),
    }
}

/// A uniformly random legal action, drawn with the dice.
///
/// # Errors
/// The dice's errors.
pub fn random_action<A: Clone, D: Dice + ?Sized>(
    legal: &[A],
    dice: &mut D,
) -> Result<A, DiceError> {
    let i = dice.below(legal.len() as u32)? as usize;
    Ok(legal[i].clone())
}
