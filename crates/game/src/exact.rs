//! The exact expected returns of a state, over the whole graph of states
//! it can reach: chance nodes average their children by weight, a player
//! picks the child best for itself (or follows a given policy). The graph
//! is solved by value iteration until nothing changes by more than 1e-15,
//! so games with cycles (LCR passes coins back and forth; craps rolls for
//! a point) are solved as well as trees. Meant for small instances: the
//! reference that each game's fast exact solver is tested against.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use crate::{Step, Turn};

/// Why the evaluation stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExactError {
    /// More reachable states than the limit.
    TooLarge(usize),
    /// The game refused one of its own moves.
    Rejected(String),
    /// Value iteration did not settle within its sweep limit.
    NotConverged(u64),
}

impl fmt::Display for ExactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactError::TooLarge(n) => write!(f, "more than {n} reachable states"),
            ExactError::Rejected(e) => write!(f, "{e}"),
            ExactError::NotConverged(n) => write!(f, "did not converge in {n} sweeps"),
        }
    }
}

impl std::error::Error for ExactError {}

enum Node {
    Leaf(Vec<f64>),
    Chance(Vec<(usize, f64)>),
    Player(usize, Vec<usize>),
}

/// The most value-iteration sweeps before giving up.
pub const MAX_SWEEPS: u64 = 1_000_000;

/// The exact expected `value` (a vector, one entry per quantity: usually
/// [`Step::returns`]) of `root` when every player maximises its own entry
/// of it (player `p` maximises entry `p`; ties go to the first legal
/// action). States are merged by `key`, which must hold everything the
/// rules look at. At most `max_states` states.
///
/// # Errors
/// [`ExactError`].
pub fn evaluate<S: Step, K: Hash + Eq>(
    root: &S,
    key: impl Fn(&S) -> K,
    value: impl Fn(&S) -> Vec<f64>,
    max_states: usize,
) -> Result<Vec<f64>, ExactError> {
    evaluate_with(root, key, value, None::<fn(&S) -> S::Action>, max_states)
}

/// [`evaluate`] with decisions made by `policy` where given.
///
/// # Errors
/// [`ExactError`].
pub fn evaluate_with<S: Step, K: Hash + Eq>(
    root: &S,
    key: impl Fn(&S) -> K,
    value: impl Fn(&S) -> Vec<f64>,
    policy: Option<impl Fn(&S) -> S::Action>,
    max_states: usize,
) -> Result<Vec<f64>, ExactError> {
    let mut index: HashMap<K, usize> = HashMap::new();
    let mut states: Vec<S> = vec![root.clone()];
    index.insert(key(root), 0);
    let mut nodes: Vec<Node> = Vec::new();
    let mut width = 0;
    let mut i = 0;
    let reject = |e: String| ExactError::Rejected(e);
    while i < states.len() {
        let s = states[i].clone();
        let mut child = |next: S, states: &mut Vec<S>| -> Result<usize, ExactError> {
            let k = key(&next);
            if let Some(&j) = index.get(&k) {
                return Ok(j);
            }
            if states.len() >= max_states {
                return Err(ExactError::TooLarge(max_states));
            }
            index.insert(k, states.len());
            states.push(next);
            Ok(states.len() - 1)
        };
        let node = match s.turn() {
            Turn::Terminal => {
                let v = value(&s);
                width = width.max(v.len());
                Node::Leaf(v)
            }
            Turn::Chance => {
                let outcomes = s.chance_outcomes();
                let total: u64 = outcomes.iter().map(|o| o.1).sum();
                let mut kids = Vec::with_capacity(outcomes.len());
                for (o, w) in outcomes {
                    let mut next = s.clone();
                    next.apply_outcome(&o).map_err(|e| reject(e.to_string()))?;
                    kids.push((child(next, &mut states)?, w as f64 / total as f64));
                }
                Node::Chance(kids)
            }
            Turn::Player(p) => {
                let actions = match &policy {
                    Some(f) => vec![f(&s)],
                    None => s.legal_actions(),
                };
                let mut kids = Vec::with_capacity(actions.len());
                for a in actions {
                    let mut next = s.clone();
                    next.apply_action(&a).map_err(|e| reject(e.to_string()))?;
                    kids.push(child(next, &mut states)?);
                }
                Node::Player(p, kids)
            }
        };
        nodes.push(node);
        i += 1;
    }
    let width = width.max(root.players());
    let mut v = vec![vec![0.0f64; width]; nodes.len()];
    for sweep in 0..MAX_SWEEPS {
        let mut change = 0.0f64;
        for (i, node) in nodes.iter().enumerate().rev() {
            let new: Vec<f64> = match node {
                Node::Leaf(x) => {
                    let mut x = x.clone();
                    x.resize(width, 0.0);
                    x
                }
                Node::Chance(kids) => {
                    let mut acc = vec![0.0; width];
                    for &(j, p) in kids {
                        for (a, b) in acc.iter_mut().zip(&v[j]) {
                            *a += p * b;
                        }
                    }
                    acc
                }
                Node::Player(p, kids) => {
                    let mut best = kids[0];
                    for &j in &kids[1..] {
                        if v[j][*p] > v[best][*p] {
                            best = j;
                        }
                    }
                    v[best].clone()
                }
            };
            for (a, b) in new.iter().zip(&v[i]) {
                change = change.max((a - b).abs());
            }
            v[i] = new;
        }
        if change <= 1e-15 && sweep > 0 {
            return Ok(v[0].clone());
        }
    }
    Err(ExactError::NotConverged(MAX_SWEEPS))
}
