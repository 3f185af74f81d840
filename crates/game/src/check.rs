//! OpenSpiel's `RandomSimTest` for any [`Step`]: seeded random playouts
//! that check, at every state, what every game must satisfy.

use std::fmt::Debug;

use dice::SeededDice;

use crate::{Step, Turn, random_action};

/// What the playouts saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played to the end.
    pub games: u64,
    /// Steps taken in all.
    pub steps: u64,
    /// The longest game, in steps.
    pub longest: u64,
    /// Chance nodes whose sampling was checked against the weights.
    pub sampling_checked: u64,
}

/// The JSON of a state, for comparing states whatever their `PartialEq`.
fn json<S: Step>(s: &S) -> String {
    serde_json::to_string(s).unwrap_or_else(|e| format!("<not serialisable: {e}>"))
}

/// Play `games` random games from `root` on seeded dice (game `g` rolls
/// stream `g` of `seed`; decisions are uniform among the legal actions)
/// and check at every state:
///
/// - serialising and deserialising gives the same state (same JSON);
/// - a player to move has legal actions and no chance outcomes; chance has
///   outcomes, distinct, with positive weights whose probabilities sum to
///   1; a finished game has neither, and one return per player;
/// - [`Step::sample_outcome`] draws one of the listed outcomes, and on the
///   first chance nodes of the first games its frequencies over 4,000
///   draws match the weights (within 5 standard deviations);
/// - an outcome applied at a decision, or an action at a chance node, is
///   refused and leaves the state as it was;
/// - `invariant(before, after)` (the game's own: conservation, scores
///   that only grow) holds for every step;
/// - every game ends within `max_steps` steps.
///
/// # Errors
/// A message naming the game, the step and what failed.
pub fn random_playouts<S: Step + Debug>(
    root: &S,
    games: u64,
    seed: u64,
    max_steps: u64,
    invariant: impl Fn(&S, &S) -> Result<(), String>,
) -> Result<Stats, String> {
    let mut stats = Stats::default();
    let mut last_action: Option<S::Action> = None;
    let mut last_outcome: Option<S::Outcome> = None;
    for g in 0..games {
        let mut dice = SeededDice::new(seed, g);
        let mut state = root.clone();
        let mut steps = 0u64;
        let at =
            |steps: u64, s: &S, what: String| format!("game {g}, step {steps} ({s:?}): {what}");
        loop {
            let before = state.clone();
            let text = json(&state);
            let back: S = serde_json::from_str(&text)
                .map_err(|e| at(steps, &state, format!("does not deserialise: {e}")))?;
            if json(&back) != text {
                return Err(at(steps, &state, "changes in a serde round trip".into()));
            }
            let players = state.players();
            match state.turn() {
                Turn::Terminal => {
                    if !state.legal_actions().is_empty() || !state.chance_outcomes().is_empty() {
                        return Err(at(steps, &state, "over, yet offers moves".into()));
                    }
                    if state.returns().len() != players {
                        return Err(at(steps, &state, "returns do not match the players".into()));
                    }
                    break;
                }
                Turn::Chance => {
                    let outcomes = state.chance_outcomes();
                    if outcomes.is_empty() || !state.legal_actions().is_empty() {
                        return Err(at(
                            steps,
                            &state,
                            "a chance node without outcomes, or with actions".into(),
                        ));
                    }
                    let total: u64 = outcomes.iter().map(|o| o.1).sum();
                    if outcomes.iter().any(|o| o.1 == 0) {
                        return Err(at(steps, &state, "an outcome of weight 0".into()));
                    }
                    let p: f64 = outcomes.iter().map(|o| o.1 as f64 / total as f64).sum();
                    if (p - 1.0).abs() > 1e-12 {
                        return Err(at(steps, &state, format!("chances sum to {p}")));
                    }
                    for (i, a) in outcomes.iter().enumerate() {
                        if outcomes[..i].iter().any(|b| b.0 == a.0) {
                            return Err(at(
                                steps,
                                &state,
                                format!("outcome {:?} listed twice", a.0),
                            ));
                        }
                    }
                    if let Some(a) = &last_action {
                        refused(
                            &state,
                            |s| s.apply_action(a).is_err(),
                            "an action at a chance node",
                        )
                        .map_err(|e| at(steps, &state, e))?;
                    }
                    if g < 3 && steps < 6 {
                        sampling_follows_weights(&state, 4000, seed ^ (g << 8) ^ steps)
                            .map_err(|e| at(steps, &state, e))?;
                        stats.sampling_checked += 1;
                    }
                    let o = state
                        .sample_outcome(&mut dice)
                        .map_err(|e| at(steps, &state, format!("sampling failed: {e}")))?;
                    if !outcomes.iter().any(|x| x.0 == o) {
                        return Err(at(
                            steps,
                            &state,
                            format!("sampled {o:?}, which is not listed"),
                        ));
                    }
                    state.apply_outcome(&o).map_err(|e| {
                        at(steps, &state, format!("refused its own outcome {o:?}: {e}"))
                    })?;
                    last_outcome = Some(o);
                }
                Turn::Player(p) => {
                    let legal = state.legal_actions();
                    if p >= players || legal.is_empty() || !state.chance_outcomes().is_empty() {
                        return Err(at(
                            steps,
                            &state,
                            format!("player {p} to move with {} actions", legal.len()),
                        ));
                    }
                    if let Some(o) = &last_outcome {
                        refused(
                            &state,
                            |s| s.apply_outcome(o).is_err(),
                            "an outcome at a decision",
                        )
                        .map_err(|e| at(steps, &state, e))?;
                    }
                    let a = random_action(&legal, &mut dice)
                        .map_err(|e| at(steps, &state, e.to_string()))?;
                    state.apply_action(&a).map_err(|e| {
                        at(
                            steps,
                            &state,
                            format!("refused its own legal action {a:?}: {e}"),
                        )
                    })?;
                    last_action = Some(a);
                }
            }
            steps += 1;
            invariant(&before, &state).map_err(|e| at(steps, &state, e))?;
            if steps > max_steps {
                return Err(at(
                    steps,
                    &state,
                    format!("did not end within {max_steps} steps"),
                ));
            }
        }
        stats.games += 1;
        stats.steps += steps;
        stats.longest = stats.longest.max(steps);
    }
    Ok(stats)
}

/// `apply` must refuse and leave the state unchanged.
fn refused<S: Step>(
    state: &S,
    apply: impl FnOnce(&mut S) -> bool,
    what: &str,
) -> Result<(), String> {
    let mut copy = state.clone();
    if !apply(&mut copy) {
        return Err(format!("{what} was accepted"));
    }
    if json(&copy) != json(state) {
        return Err(format!("{what} was refused but changed the state"));
    }
    Ok(())
}

/// Draw `draws` outcomes from `state` with [`Step::sample_outcome`] on
/// seeded dice and check each listed outcome's count is within 5 standard
/// deviations (plus 3) of its expected count.
///
/// # Errors
/// A message naming the outcome that is off.
pub fn sampling_follows_weights<S: Step>(state: &S, draws: u64, seed: u64) -> Result<(), String> {
    let outcomes = state.chance_outcomes();
    let total: u64 = outcomes.iter().map(|o| o.1).sum();
    let mut counts = vec![0u64; outcomes.len()];
    let mut dice = SeededDice::new(seed, 0x5a4d);
    for _ in 0..draws {
        let o = state.sample_outcome(&mut dice).map_err(|e| e.to_string())?;
        match outcomes.iter().position(|x| x.0 == o) {
            Some(i) => counts[i] += 1,
            None => return Err(format!("sampled {o:?}, which is not listed")),
        }
    }
    for ((o, w), &c) in outcomes.iter().zip(&counts) {
        let p = *w as f64 / total as f64;
        let mean = draws as f64 * p;
        let sd = (draws as f64 * p * (1.0 - p)).sqrt();
        if (c as f64 - mean).abs() > 5.0 * sd + 3.0 {
            return Err(format!(
                "outcome {o:?} drawn {c} times in {draws}, expected {mean:.1} (weight {w} of {total})"
            ));
        }
    }
    Ok(())
}
