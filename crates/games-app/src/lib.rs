//! The application layer: every verb of every game as a typed request
//! and a typed report ([`Verb`], [`Report`]), run with a [`Context`] that
//! carries the bounds, a deadline, a cancellation flag, whom to tell of
//! progress, and the threads; and the registry, which loads any game of
//! the workspace from one string, in OpenSpiel's manner, and plays it
//! through one object-safe rules step ([`State`]), whatever its type.
//! The command line, the web page and the Python package only translate
//! to and from it.
//!
//! ```
//! use dice::SeededDice;
//! use game::Turn;
//!
//! let game = games_app::load("kalah(pits=6,seeds=4,capture=empty)").unwrap();
//! assert_eq!(game.players(), 2);
//! assert!(!game.has_chance());
//! let mut state = game.new_initial_state();
//! assert_eq!(state.turn(), Turn::Player(0));
//! // Kalah's actions are pit numbers; pit 2 of six holding four seeds ends
//! // in the store, so player 0 moves again.
//! state.apply_action(&serde_json::json!(2)).unwrap();
//! assert_eq!(state.turn(), Turn::Player(0));
//!
//! // Chance is explicit: craps rolls two dice with exact weights.
//! let craps = games_app::load("craps()").unwrap().new_initial_state();
//! let outcomes = craps.chance_outcomes();
//! assert_eq!(outcomes.len(), 36);
//! let seven: u64 = outcomes.iter().filter(|(o, _)| o[0].as_u64().unwrap() + o[1].as_u64().unwrap() == 7).map(|o| o.1).sum();
//! assert_eq!(seven * 6, outcomes.iter().map(|o| o.1).sum::<u64>());
//! let roll = craps.sample_outcome(&mut SeededDice::new(1, 0)).unwrap();
//! assert!(outcomes.iter().any(|(o, _)| *o == roll));
//!
//! // Mistakes are one line that says what is accepted.
//! let e = games_app::load("kalah(pitz=6)").unwrap_err();
//! assert_eq!(e.to_string(), "kalah has no parameter 'pitz'; it takes pits, seeds, capture");
//!
//! // A verb: a typed request, run with a context, gives a typed report.
//! use games_app::{Context, Verb};
//! let report = games_app::baccarat::Exact { decks: 8 }.run(&Context::new()).unwrap();
//! assert_eq!(report.decks, 8);
//! ```

pub mod baccarat;
mod context;
mod count;
pub mod craps;
pub mod dispatch;
pub mod hog;
pub mod kalah;
pub mod lcr;
mod limits;
mod registry;
pub mod shard;
pub mod solvers;
mod state;
mod verb;

pub use context::{AppError, Cancel, Context, Meter, Observer, Polled, bad, seed_or_draw};
pub use count::{parse_count, parse_count_u32, parse_shard};
pub use limits::{Limits, at_most};
pub use registry::{GAMES, Game, GameInfo, Param, RegistryError, edit_distance, load, names};
pub use solvers::{KalahCache, TableProgress};
pub use state::{Batch, State};
pub use verb::{
    Rendered, Report, Sampling, Verb, command_line, csv, csv_field, de, field_names, flags,
    from_body, from_value, shell_word, to_json,
};
