//! pyspiel's integer actions over the registry's JSON ones, with no Python
//! in sight (so these rules are tested by plain `cargo test`).
//!
//! A state whose legal actions all serialise as non-negative integers
//! (Kalah's pit, Hog's dice count) uses those integers; any other state
//! numbers its legal actions by their place in the list. A chance outcome's
//! integer is always its place in the state's chance list.

use games_app::RegistryError;
use serde_json::Value;

/// The integer pyspiel shows for each of `legal`.
pub fn action_ints(legal: &[Value]) -> Vec<i64> {
    if direct(legal) {
        legal.iter().filter_map(as_int).collect()
    } else {
        (0..legal.len() as i64).collect()
    }
}

/// The legal action that `code` stands for.
///
/// # Errors
/// [`RegistryError::Illegal`] naming the legal integers when `code` is not
/// one of them.
pub fn action_for(legal: &[Value], code: i64) -> Result<Value, RegistryError> {
    if direct(legal) {
        if legal.iter().any(|a| as_int(a) == Some(code)) {
            return Ok(Value::from(code));
        }
    } else if let Some(a) = usize::try_from(code).ok().and_then(|i| legal.get(i)) {
        return Ok(a.clone());
    }
    Err(illegal("action", code, legal))
}

/// The place in `legal` of the action `code` stands for.
///
/// # Errors
/// As [`action_for`].
pub fn action_index(legal: &[Value], code: i64) -> Result<usize, RegistryError> {
    let found = if direct(legal) {
        legal.iter().position(|a| as_int(a) == Some(code))
    } else {
        usize::try_from(code).ok().filter(|&i| i < legal.len())
    };
    found.ok_or_else(|| illegal("action", code, legal))
}

/// The chance outcome that `code` (its place in `outcomes`) stands for.
///
/// # Errors
/// [`RegistryError::Illegal`] when `code` is out of range.
pub fn outcome_for(outcomes: &[(Value, u64)], code: i64) -> Result<Value, RegistryError> {
    match usize::try_from(code).ok().and_then(|i| outcomes.get(i)) {
        Some((o, _)) => Ok(o.clone()),
        None => {
            let listed: Vec<Value> = outcomes.iter().map(|(o, _)| o.clone()).collect();
            Err(illegal("chance outcome", code, &listed))
        }
    }
}

/// pyspiel's `chance_outcomes()`: each outcome's place and its probability
/// (its weight over the total).
pub fn chance_list(outcomes: &[(Value, u64)]) -> Vec<(i64, f64)> {
    let total: u64 = outcomes.iter().map(|(_, w)| w).sum();
    outcomes
        .iter()
        .enumerate()
        .map(|(i, (_, w))| (i as i64, *w as f64 / total as f64))
        .collect()
}

/// What pyspiel's `action_to_string` shows: the action as the game
/// serialises it.
///
/// # Errors
/// As [`action_for`].
pub fn action_string(legal: &[Value], code: i64) -> Result<String, RegistryError> {
    action_for(legal, code).map(|a| a.to_string())
}

fn as_int(v: &Value) -> Option<i64> {
    v.as_u64().and_then(|n| i64::try_from(n).ok())
}

fn direct(legal: &[Value]) -> bool {
    !legal.is_empty() && legal.iter().all(|a| as_int(a).is_some())
}

fn illegal(what: &'static str, code: i64, listed: &[Value]) -> RegistryError {
    let legal = if direct(listed) && what == "action" {
        listed.iter().map(|a| a.to_string()).collect()
    } else {
        // Numbered by place: show what each number stands for.
        listed
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{i} ({a})"))
            .collect()
    };
    RegistryError::Illegal {
        what,
        given: code.to_string(),
        legal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn integer_actions_are_their_own_codes() {
        let legal = vec![json!(0), json!(2), json!(5)];
        assert_eq!(action_ints(&legal), vec![0, 2, 5]);
        assert_eq!(action_for(&legal, 2).unwrap(), json!(2));
        assert_eq!(
            action_for(&legal, 1).unwrap_err().to_string(),
            "action 1 is not legal here; the legal ones are 0, 2, 5"
        );
    }

    #[test]
    fn other_actions_are_numbered_by_place() {
        let legal = vec![json!("hold"), json!(-1)];
        assert_eq!(action_ints(&legal), vec![0, 1]);
        assert_eq!(action_for(&legal, 1).unwrap(), json!(-1));
        assert_eq!(
            action_for(&legal, 2).unwrap_err().to_string(),
            "action 2 is not legal here; the legal ones are 0 (\"hold\"), 1 (-1)"
        );
        assert_eq!(
            action_for(&[], 0).unwrap_err().to_string(),
            "action 0 is not legal: there is none here"
        );
    }

    #[test]
    fn outcomes_are_places_with_probabilities() {
        let outcomes = vec![(json!([1, 1]), 1), (json!([1, 2]), 3)];
        assert_eq!(chance_list(&outcomes), vec![(0, 0.25), (1, 0.75)]);
        assert_eq!(outcome_for(&outcomes, 1).unwrap(), json!([1, 2]));
        assert_eq!(
            outcome_for(&outcomes, -1).unwrap_err().to_string(),
            "chance outcome -1 is not legal here; the legal ones are 0 ([1,1]), 1 ([1,2])"
        );
    }
}
