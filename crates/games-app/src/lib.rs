//! The application layer's registry: every game of the workspace loaded
//! from one string, in OpenSpiel's manner, and played through one
//! object-safe rules step ([`State`]), whatever its type.
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
//! ```

mod registry;
mod state;

pub use registry::{GAMES, Game, GameInfo, Param, RegistryError, edit_distance, load, names};
pub use state::State;
