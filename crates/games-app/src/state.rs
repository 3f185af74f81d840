//! One object-safe face for every game's rules step, so a caller that loads
//! a game by name (the registry) can play it without knowing its type.
//!
//! Actions and chance outcomes cross this boundary as JSON values, exactly
//! as each game serialises them (a Kalah action is a pit number, a Hog
//! action a dice count, a craps outcome the two dice `[a, b]`). An action
//! or outcome given back is matched against the state's own list, so only a
//! legal one is ever applied.

use std::fmt;

use dice::{Dice, DiceError};
use game::check::{self, Stats};
use game::{Step, Turn};
use serde_json::Value;

use crate::RegistryError;

/// A game state behind a pointer: the rules step of any registered game.
pub trait State: Send + Sync + fmt::Debug {
    /// The number of players ([`State::returns`] has one entry each).
    fn players(&self) -> usize;

    /// Whose move it is.
    fn turn(&self) -> Turn;

    /// The legal actions, as the game serialises them (empty unless a
    /// player is to move).
    fn legal_actions(&self) -> Vec<Value>;

    /// The chance outcomes with their exact integer weights (empty unless
    /// chance moves).
    fn chance_outcomes(&self) -> Vec<(Value, u64)>;

    /// Apply one of [`State::legal_actions`].
    ///
    /// # Errors
    /// [`RegistryError::Illegal`] when `action` is not among them; the
    /// state is then unchanged.
    fn apply_action(&mut self, action: &Value) -> Result<(), RegistryError>;

    /// Apply one of [`State::chance_outcomes`].
    ///
    /// # Errors
    /// [`RegistryError::Illegal`] when `outcome` is not among them; the
    /// state is then unchanged.
    fn apply_outcome(&mut self, outcome: &Value) -> Result<(), RegistryError>;

    /// Draw a chance outcome with `dice`, the way the game's own fast paths
    /// use them.
    ///
    /// # Errors
    /// The dice's errors.
    fn sample_outcome(&self, dice: &mut dyn Dice) -> Result<Value, DiceError>;

    /// Each player's return once the game is over (all 0 before).
    fn returns(&self) -> Vec<f64>;

    /// The state as JSON (what [`crate::Game::deserialize_state`] reads).
    fn serialize(&self) -> String;

    /// A copy.
    fn clone_box(&self) -> Box<dyn State>;

    /// OpenSpiel's `RandomSimTest` from this state: `games` seeded random
    /// playouts (seed `seed`), each within `max_steps` steps, checking the
    /// weights, the serde round trip, that sampling follows the weights and
    /// that every game ends.
    ///
    /// # Errors
    /// A message naming the game, the step and what failed.
    fn random_playouts(&self, games: u64, seed: u64, max_steps: u64) -> Result<Stats, String>;
}

impl Clone for Box<dyn State> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

fn to_value<T: serde::Serialize>(x: &T) -> Value {
    // Every action and outcome type in the workspace is plain data
    // (numbers, arrays, enums), whose serialisation cannot fail.
    serde_json::to_value(x).unwrap_or(Value::Null)
}

fn find<'a, T: serde::Serialize>(list: &'a [T], wanted: &Value) -> Option<&'a T> {
    list.iter().find(|x| to_value(*x) == *wanted)
}

impl<S> State for S
where
    S: Step + Send + Sync + fmt::Debug + 'static,
{
    fn players(&self) -> usize {
        Step::players(self)
    }

    fn turn(&self) -> Turn {
        Step::turn(self)
    }

    fn legal_actions(&self) -> Vec<Value> {
        Step::legal_actions(self).iter().map(to_value).collect()
    }

    fn chance_outcomes(&self) -> Vec<(Value, u64)> {
        Step::chance_outcomes(self)
            .iter()
            .map(|(o, w)| (to_value(o), *w))
            .collect()
    }

    fn apply_action(&mut self, action: &Value) -> Result<(), RegistryError> {
        let legal = Step::legal_actions(self);
        let Some(a) = find(&legal, action) else {
            return Err(RegistryError::Illegal {
                what: "action",
                given: action.to_string(),
                legal: legal.iter().map(|a| to_value(a).to_string()).collect(),
            });
        };
        Step::apply_action(self, a).map_err(|e| RegistryError::Rejected(e.to_string()))
    }

    fn apply_outcome(&mut self, outcome: &Value) -> Result<(), RegistryError> {
        let outcomes = Step::chance_outcomes(self);
        let Some((o, _)) = outcomes.iter().find(|(o, _)| to_value(o) == *outcome) else {
            return Err(RegistryError::Illegal {
                what: "chance outcome",
                given: outcome.to_string(),
                legal: outcomes
                    .iter()
                    .map(|(o, _)| to_value(o).to_string())
                    .collect(),
            });
        };
        Step::apply_outcome(self, o).map_err(|e| RegistryError::Rejected(e.to_string()))
    }

    fn sample_outcome(&self, dice: &mut dyn Dice) -> Result<Value, DiceError> {
        Step::sample_outcome(self, dice).map(|o| to_value(&o))
    }

    fn returns(&self) -> Vec<f64> {
        Step::returns(self)
    }

    fn serialize(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn clone_box(&self) -> Box<dyn State> {
        Box::new(self.clone())
    }

    fn random_playouts(&self, games: u64, seed: u64, max_steps: u64) -> Result<Stats, String> {
        check::random_playouts(self, games, seed, max_steps, |_, _| Ok(()))
    }
}
