//! One object-safe face for every game's rules step, so a caller that loads
//! a game by name (the registry) can play it without knowing its type.
//!
//! Actions and chance outcomes cross this boundary as JSON values, exactly
//! as each game serialises them (a Kalah action is a pit number, a Hog
//! action a dice count, a craps outcome the two dice `[a, b]`). An action
//! or outcome given back is matched against the state's own list, so only a
//! legal one is ever applied.

use std::any::{Any, TypeId};
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

    /// Apply the `k`-th of [`State::legal_actions`] (counting from 0)
    /// without matching JSON: the fast path of callers that number the
    /// legal actions themselves (pyspiel's integer actions).
    ///
    /// # Errors
    /// [`RegistryError::Illegal`] when there are not `k + 1` legal actions.
    fn apply_action_at(&mut self, k: usize) -> Result<(), RegistryError>;

    /// The legal actions as integers, without JSON, when the game's action
    /// type is an unsigned integer (Kalah's pit, Hog's dice count): the
    /// same numbers [`State::legal_actions`] serialises. `None` for a game
    /// whose actions are other values.
    fn legal_ints(&self) -> Option<Vec<i64>>;

    /// Apply the legal action that is the integer `n`, one of
    /// [`State::legal_ints`] of this very state: the fast path of a caller
    /// that has already matched `n` against that list (pyspiel's integer
    /// actions), so the list is not made again.
    ///
    /// # Errors
    /// [`RegistryError::Illegal`] when the game's actions are not integers
    /// or `n` is out of their range; the step's own error when it refuses
    /// the move (the state is then unchanged).
    fn apply_legal_int(&mut self, n: i64) -> Result<(), RegistryError>;

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

    /// The state as its game's own type, for a caller that knows the game
    /// (see [`crate::Game::initial_state_as`]).
    fn as_any(&self) -> &dyn Any;

    /// OpenSpiel's `RandomSimTest` from this state: `games` seeded random
    /// playouts (seed `seed`), each within `max_steps` steps, checking the
    /// weights, the serde round trip, that sampling follows the weights and
    /// that every game ends.
    ///
    /// # Errors
    /// A message naming the game, the step and what failed.
    fn random_playouts(&self, games: u64, seed: u64, max_steps: u64) -> Result<Stats, String>;

    /// `games` games from this state, every move drawn uniformly among the
    /// legal ones and chance by its weights, on the typed rules step (no
    /// JSON per move), in seeded chunks on `threads` threads: the same
    /// counts on any number of threads. `meter` hears of the games played
    /// and may stop the run. A game longer than `max_steps` is an error.
    ///
    /// # Errors
    /// Bad input naming what failed (a game past `max_steps`); a stop as
    /// [`dice::parallel::ParallelError::Stopped`]'s text, as bad input
    /// (the caller's context says why it stopped); threads the machine
    /// would not start as [`crate::AppError::Machine`].
    fn batch(
        &self,
        games: u64,
        seed: u64,
        threads: usize,
        max_steps: u64,
        meter: &crate::Meter,
    ) -> Result<Batch, crate::AppError>;
}

/// What [`State::batch`] counts over its games.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Batch {
    /// Games played.
    pub games: u64,
    /// Players' moves made (each chosen uniformly among the legal ones).
    pub moves: u64,
    /// Chance outcomes drawn (dice, cards).
    pub chance: u64,
    /// Each player's returns, summed over the games.
    pub returns: Vec<f64>,
    /// Games each player won outright (the highest return, alone).
    pub wins: Vec<u64>,
    /// Games whose highest return was shared.
    pub shared: u64,
}

impl Batch {
    fn add(mut self, b: Batch) -> Batch {
        self.games += b.games;
        self.moves += b.moves;
        self.chance += b.chance;
        for (x, y) in self.returns.iter_mut().zip(&b.returns) {
            *x += y;
        }
        for (x, y) in self.wins.iter_mut().zip(&b.wins) {
            *x += y;
        }
        self.shared += b.shared;
        self
    }
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

/// `n` as the action type `A`, when `A` is an unsigned integer type.
fn int_action<A: 'static>(n: i64) -> Option<A> {
    fn cast<T: 'static, A: 'static>(x: Option<T>) -> Option<A> {
        let mut x = Some(x?);
        (&mut x as &mut dyn Any).downcast_mut::<Option<A>>()?.take()
    }
    let id = TypeId::of::<A>();
    if id == TypeId::of::<usize>() {
        cast(usize::try_from(n).ok())
    } else if id == TypeId::of::<u32>() {
        cast(u32::try_from(n).ok())
    } else if id == TypeId::of::<u64>() {
        cast(u64::try_from(n).ok())
    } else if id == TypeId::of::<u16>() {
        cast(u16::try_from(n).ok())
    } else if id == TypeId::of::<u8>() {
        cast(u8::try_from(n).ok())
    } else {
        None
    }
}

/// `a` as an integer, when its type is an unsigned integer type.
fn action_int<A: 'static>(a: &A) -> Option<i64> {
    let a = a as &dyn Any;
    if let Some(&x) = a.downcast_ref::<usize>() {
        i64::try_from(x).ok()
    } else if let Some(&x) = a.downcast_ref::<u32>() {
        Some(i64::from(x))
    } else if let Some(&x) = a.downcast_ref::<u64>() {
        i64::try_from(x).ok()
    } else if let Some(&x) = a.downcast_ref::<u16>() {
        Some(i64::from(x))
    } else {
        a.downcast_ref::<u8>().map(|&x| i64::from(x))
    }
}

impl<S> State for S
where
    S: Step + Send + Sync + fmt::Debug + 'static,
    S::Action: 'static,
{
    fn legal_ints(&self) -> Option<Vec<i64>> {
        Step::legal_actions(self).iter().map(action_int).collect()
    }

    fn apply_legal_int(&mut self, n: i64) -> Result<(), RegistryError> {
        let Some(a) = int_action::<S::Action>(n) else {
            return Err(RegistryError::Illegal {
                what: "action",
                given: n.to_string(),
                legal: State::legal_actions(self)
                    .iter()
                    .map(Value::to_string)
                    .collect(),
            });
        };
        Step::apply_action(self, &a).map_err(|e| RegistryError::Rejected(e.to_string()))
    }

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

    fn apply_action_at(&mut self, k: usize) -> Result<(), RegistryError> {
        let legal = Step::legal_actions(self);
        let Some(a) = legal.get(k) else {
            return Err(RegistryError::Illegal {
                what: "action",
                given: format!("number {k}"),
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

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn random_playouts(&self, games: u64, seed: u64, max_steps: u64) -> Result<Stats, String> {
        check::random_playouts(self, games, seed, max_steps, |_, _| Ok(()))
    }

    fn batch(
        &self,
        games: u64,
        seed: u64,
        threads: usize,
        max_steps: u64,
        meter: &crate::Meter,
    ) -> Result<Batch, crate::AppError> {
        let n = Step::players(self);
        let empty = || Batch {
            returns: vec![0.0; n],
            wins: vec![0; n],
            ..Batch::default()
        };
        let chunk =
            |dice: &mut dice::SeededDice, _first: u64, units: u64| -> Result<Batch, String> {
                let mut b = empty();
                for _ in 0..units {
                    let mut state = self.clone();
                    let mut steps = 0u64;
                    loop {
                        match Step::turn(&state) {
                            Turn::Terminal => break,
                            Turn::Chance => {
                                let o = Step::sample_outcome(&state, dice)
                                    .map_err(|e| e.to_string())?;
                                Step::apply_outcome(&mut state, &o).map_err(|e| e.to_string())?;
                                b.chance += 1;
                            }
                            Turn::Player(_) => {
                                let legal = Step::legal_actions(&state);
                                let k = dice
                                    .roll(u32::try_from(legal.len()).map_err(|e| e.to_string())?)
                                    .map_err(|e| e.to_string())?;
                                Step::apply_action(&mut state, &legal[k as usize - 1])
                                    .map_err(|e| e.to_string())?;
                                b.moves += 1;
                            }
                        }
                        steps += 1;
                        if steps > max_steps {
                            return Err(format!("a game ran past {max_steps} steps"));
                        }
                    }
                    let r = Step::returns(&state);
                    for (x, y) in b.returns.iter_mut().zip(&r) {
                        *x += y;
                    }
                    let best = r.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let top: Vec<usize> = (0..r.len()).filter(|&i| r[i] == best).collect();
                    match top.as_slice() {
                        [only] => b.wins[*only] += 1,
                        _ => b.shared += 1,
                    }
                    b.games += 1;
                }
                Ok(b)
            };
        dice::parallel::run_chunks_fold(
            games,
            seed,
            threads,
            chunk,
            Ok(empty()),
            |acc: Result<Batch, String>, b| Ok(acc?.add(b?)),
            meter,
        )
        .map_err(crate::AppError::from)?
        .map_err(crate::AppError::BadInput)
    }
}
