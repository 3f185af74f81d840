//! Every typed verb, found by `(game, verb)`: what the web API and
//! `merge` run.

use serde_json::Value;

use crate::context::{AppError, Context};
use crate::verb::{Rendered, Verb, command_line, from_value};

/// A request of any verb: its command line, and its run.
pub trait AnyRequest: Send + Sync {
    /// `games-cli GAME VERB ... --format json`.
    fn command_line(&self) -> String;
    /// [`Verb::run`], its report as [`Rendered`].
    ///
    /// # Errors
    /// As [`Verb::run`].
    fn run(&self, ctx: &Context) -> Result<Box<dyn Rendered>, AppError>;
}

impl<V: Verb> AnyRequest for V {
    fn command_line(&self) -> String {
        command_line(self)
    }
    fn run(&self, ctx: &Context) -> Result<Box<dyn Rendered>, AppError> {
        Ok(Box::new(Verb::run(self, ctx)?))
    }
}

fn boxed<V: Verb>(body: &Value) -> Result<Box<dyn AnyRequest>, AppError> {
    Ok(Box::new(from_value::<V>(body)?))
}

/// How a typed verb's request is read from JSON.
pub type Parse = fn(&Value) -> Result<Box<dyn AnyRequest>, AppError>;

/// How a typed verb's flags are listed.
type Flags = fn() -> Vec<String>;

macro_rules! verbs {
    ($($t:ty),* $(,)?) => {
        /// Every typed verb: `(game, verb)` and how to read its request.
        pub const VERBS: &[(&str, &str, Parse)] = &[
            $((<$t as Verb>::GAME, <$t as Verb>::VERB, boxed::<$t>)),*
        ];

        /// Every typed verb's flags.
        const FLAGS: &[(&str, &str, Flags)] = &[
            $((<$t as Verb>::GAME, <$t as Verb>::VERB, crate::verb::field_names::<$t>)),*
        ];
    };
}

verbs![
    crate::craps::Simulate,
    crate::craps::Exact,
    crate::craps::Game,
    crate::craps::Bets,
    crate::baccarat::Deal,
    crate::baccarat::Simulate,
    crate::baccarat::Exact,
    crate::lcr::Simulate,
    crate::lcr::Replay,
    crate::lcr::Exact,
    crate::hog::Rate,
    crate::hog::BestResponse,
    crate::hog::Tournament,
    crate::hog::Export,
    crate::hog::Play,
    crate::hog::Turn,
    crate::hog::Choose,
    crate::hog::MaxRolls,
    crate::hog::Step,
    crate::hog::Coach,
    crate::hog::RuleSets,
    crate::hog::Edge,
    crate::kalah::Sow,
    crate::kalah::Solve,
    crate::kalah::Move,
    crate::kalah::Moves,
];

/// The request `body` (a JSON object of the verb's flags) for `game
/// verb`; `None` when that is not a typed verb.
///
/// # Errors
/// Bad input naming the flag.
pub fn request(
    game: &str,
    verb: &str,
    body: &Value,
) -> Option<Result<Box<dyn AnyRequest>, AppError>> {
    VERBS
        .iter()
        .find(|(g, v, _)| *g == game && *v == verb)
        .map(|(_, _, parse)| parse(body))
}

/// The flags `game verb` takes (its request's fields), or `None` when
/// it is not a typed verb.
pub fn flags_of(game: &str, verb: &str) -> Option<Vec<String>> {
    FLAGS
        .iter()
        .find(|(g, v, _)| *g == game && *v == verb)
        .map(|(_, _, f)| f())
}

/// The report of a sharded verb from merged sums (see
/// [`crate::shard::merge`]).
pub(crate) fn merged(
    game: &str,
    verb: &str,
    flags: &Value,
    parts: &[(&str, dice::parallel::Shard, &Value)],
    total: Value,
    ctx: &Context,
) -> Result<Box<dyn Rendered>, AppError> {
    use crate::shard::merged_report;
    match (game, verb) {
        ("craps", "simulate") => merged_report::<crate::craps::Simulate>(flags, parts, total, ctx),
        ("baccarat", "simulate") => {
            merged_report::<crate::baccarat::Simulate>(flags, parts, total, ctx)
        }
        ("lcr", "simulate") => merged_report::<crate::lcr::Simulate>(flags, parts, total, ctx),
        ("hog", "rate") => merged_report::<crate::hog::Rate>(flags, parts, total, ctx),
        _ => Err(AppError::BadInput(format!(
            "merge runs only the simulate verbs, not {game} {verb}"
        ))),
    }
}
