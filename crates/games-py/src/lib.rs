//! The Python package `games`: every game of the registry
//! ([`games_app::load`]) with pyspiel's state methods, and the handout's
//! `sow_game`. See `docs/python.md`.
//!
//! This crate only translates: Python values into registry calls and
//! registry answers (and [`games_app::RegistryError`]s, as `ValueError`)
//! back. The rules live in the engines, the parsing in the registry.

mod codes;
mod verbs;

use std::sync::Arc;

use game::Turn;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// pyspiel's player id for a chance node.
const CHANCE: i64 = -1;
/// pyspiel's player id for a terminal state.
const TERMINAL: i64 = -4;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Argument `name` as a whole number from `T`'s least to its most, else
/// `ValueError` naming it (PyO3's own conversion raises `OverflowError`
/// or `TypeError` and names nothing).
fn whole<'py, T>(v: &Bound<'py, PyAny>, name: &str) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py> + num_bounds::Bounds,
{
    // (Any integer, numpy's too, through `__index__`; not a bool or a
    // float.)
    let int = !v.is_instance_of::<pyo3::types::PyBool>();
    int.then(|| v.extract::<T>().ok()).flatten().ok_or_else(|| {
        PyValueError::new_err(format!(
            "{name}: expected a whole number from {} to {}, not {}",
            T::LEAST,
            T::MOST,
            verbs::shown(v)
        ))
    })
}

/// The range a whole-number argument takes, for its error.
mod num_bounds {
    pub trait Bounds {
        const LEAST: i128;
        const MOST: i128;
    }
    impl Bounds for u64 {
        const LEAST: i128 = 0;
        const MOST: i128 = u64::MAX as i128;
    }
    impl Bounds for i64 {
        const LEAST: i128 = i64::MIN as i128;
        const MOST: i128 = i64::MAX as i128;
    }
}

/// A game loaded from its string, as pyspiel's `load_game` returns.
#[pyclass(module = "games", name = "Game", frozen)]
struct PyGame {
    game: Arc<games_app::Game>,
}

#[pymethods]
impl PyGame {
    /// The state the game starts from.
    fn new_initial_state(&self) -> PyState {
        PyState {
            state: self.game.new_initial_state(),
            game: Arc::clone(&self.game),
            legal: None,
        }
    }

    /// A state from `State.serialize()`'s text, checked to belong to this
    /// game.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        let state = self.game.deserialize_state(text).map_err(value_error)?;
        Ok(PyState {
            state,
            game: Arc::clone(&self.game),
            legal: None,
        })
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.game.players()
    }

    /// Whether chance moves (dice or cards).
    fn has_chance(&self) -> bool {
        self.game.has_chance()
    }

    /// The game's name in its string (`kalah`).
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// Every parameter with the value in force, as strings.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.game.parameters() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    /// Play `games` games with every move drawn uniformly among the legal
    /// ones, in Rust on the typed rules step: a dict of `seed`, `games`,
    /// `moves`, `chance` (outcomes drawn), `returns` (each player's sum),
    /// `wins` (each player's outright wins) and `shared` (games whose best
    /// return was shared). The GIL is released; Ctrl-C interrupts.
    #[pyo3(signature = (games, seed=None, progress=None))]
    fn batch<'py>(
        &self,
        py: Python<'py>,
        games: Bound<'py, PyAny>,
        seed: Option<Bound<'py, PyAny>>,
        progress: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let games: u64 = whole(&games, "games")?;
        let seed: Option<u64> = seed
            .filter(|s| !s.is_none())
            .map(|s| whole(&s, "seed"))
            .transpose()?;
        let progress = verbs::progress_arg(progress)?;
        let game = Arc::clone(&self.game);
        let (seed, b) = verbs::detached(py, progress.as_ref(), move |ctx| {
            game.batch(games, seed, ctx)
        })?;
        let d = PyDict::new(py);
        d.set_item("seed", seed)?;
        d.set_item("games", b.games)?;
        d.set_item("moves", b.moves)?;
        d.set_item("chance", b.chance)?;
        d.set_item("returns", b.returns)?;
        d.set_item("wins", b.wins)?;
        d.set_item("shared", b.shared)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("games.load({:?})", self.game.to_string())
    }
}

/// A game state with pyspiel's methods.
#[pyclass(module = "games", name = "State")]
struct PyState {
    state: Box<dyn games_app::State>,
    game: Arc<games_app::Game>,
    /// The legal actions' integers at a player node, once asked (a
    /// Python loop asks, then plays one of them: the list is made once).
    /// With whether they are the actions themselves (integer actions,
    /// applied without making the list again) or their places.
    legal: Option<(Vec<i64>, bool)>,
}

impl PyState {
    /// The legal actions' integers, made once a state.
    fn legal_ints(&mut self) -> &[i64] {
        &self.legal_list().0
    }

    fn legal_list(&mut self) -> &(Vec<i64>, bool) {
        let state = &self.state;
        self.legal.get_or_insert_with(|| match state.legal_ints() {
            Some(ints) => (ints, true),
            None => (codes::action_ints(&state.legal_actions()), false),
        })
    }
}

#[pymethods]
impl PyState {
    /// The player to move: 0, 1, ...; -1 at a chance node, -4 once over.
    fn current_player(&self) -> i64 {
        match self.state.turn() {
            Turn::Player(p) => p as i64,
            Turn::Chance => CHANCE,
            Turn::Terminal => TERMINAL,
        }
    }

    /// The legal actions as integers (at a chance node, the outcomes'
    /// places, as pyspiel gives). With `player`, empty unless that player
    /// is to move.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&mut self, player: Option<i64>) -> Vec<i64> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Vec::new();
        }
        match self.state.turn() {
            Turn::Chance => (0..self.state.chance_outcomes().len() as i64).collect(),
            _ => self.legal_ints().to_vec(),
        }
    }

    /// Whether chance moves next.
    fn is_chance_node(&self) -> bool {
        self.state.turn() == Turn::Chance
    }

    /// Whether a player moves next.
    fn is_player_node(&self) -> bool {
        matches!(self.state.turn(), Turn::Player(_))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.turn() == Turn::Terminal
    }

    /// `(outcome, probability)` pairs; an outcome is its place in the list.
    fn chance_outcomes(&self) -> Vec<(i64, f64)> {
        codes::chance_list(&self.state.chance_outcomes())
    }

    /// Apply a legal action, or at a chance node the outcome of that place.
    /// Raises `ValueError` (and leaves the state as it was) otherwise.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action: i64 = whole(action, "action")?;
        if self.state.turn() == Turn::Chance {
            let o =
                codes::outcome_for(&self.state.chance_outcomes(), action).map_err(value_error)?;
            self.state.apply_outcome(&o).map_err(value_error)?;
            self.legal = None;
            Ok(())
        } else {
            let (legal, direct) = self.legal_list();
            let (found, direct) = (legal.iter().position(|&c| c == action), *direct);
            match found {
                // The integer is the action, and it is in this state's list.
                Some(_) if direct => self.state.apply_legal_int(action),
                Some(k) => self.state.apply_action_at(k),
                // Not legal: the one-line error naming the legal ones.
                None => codes::action_index(&self.state.legal_actions(), action)
                    .and_then(|k| self.state.apply_action_at(k)),
            }
            .map_err(value_error)?;
            self.legal = None;
            Ok(())
        }
    }

    /// The action (or chance outcome) `action` as the game writes it.
    /// Takes `(player, action)` as pyspiel does, or just `(action)`.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(
        &self,
        player_or_action: &Bound<'_, PyAny>,
        action: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let code: i64 = match action.filter(|a| !a.is_none()) {
            Some(a) => whole(a, "action")?,
            None => whole(player_or_action, "action")?,
        };
        if self.state.turn() == Turn::Chance {
            codes::outcome_for(&self.state.chance_outcomes(), code)
                .map(|o| o.to_string())
                .map_err(value_error)
        } else {
            codes::action_string(&self.state.legal_actions(), code).map_err(value_error)
        }
    }

    /// Each player's return (all 0 before the end).
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The rewards of the last step: every game here pays only at the end,
    /// so this is `returns()` once over and zeros before.
    fn rewards(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.state.players()
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame {
            game: Arc::clone(&self.game),
        }
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        PyState {
            state: self.state.clone_box(),
            game: Arc::clone(&self.game),
            legal: None,
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// The state as text (JSON) that `Game.deserialize_state` reads.
    fn serialize(&self) -> String {
        self.state.serialize()
    }

    fn __str__(&self) -> String {
        self.state.serialize()
    }

    fn __repr__(&self) -> String {
        format!("<games.State of {}: {}>", self.game, self.state.serialize())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyState>().is_ok_and(|o| {
            let o = o.borrow();
            o.game.to_string() == self.game.to_string()
                && o.state.serialize() == self.state.serialize()
        })
    }
}

/// Load a game from its string, such as `kalah(pits=6,seeds=4)`; raises
/// `ValueError` naming what is accepted.
#[pyfunction]
fn load(spec: &str) -> PyResult<PyGame> {
    let game = games_app::load(spec).map_err(value_error)?;
    Ok(PyGame {
        game: Arc::new(game),
    })
}

/// Every game: a list of dicts with `name`, `about`, `chance`, `players`
/// and `params` (each with `name`, `default`, `accepts`, `about`).
#[pyfunction]
fn list_games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let games = PyList::empty(py);
    for g in games_app::GAMES {
        let params = PyList::empty(py);
        for p in g.params {
            let d = PyDict::new(py);
            d.set_item("name", p.name)?;
            d.set_item("default", p.default)?;
            d.set_item("accepts", p.accepts)?;
            d.set_item("about", p.about)?;
            params.append(d)?;
        }
        let d = PyDict::new(py);
        d.set_item("name", g.name)?;
        d.set_item("about", g.about)?;
        d.set_item("chance", g.chance)?;
        d.set_item("players", g.players)?;
        d.set_item("params", params)?;
        games.append(d)?;
    }
    Ok(games)
}

fn ints(what: &str, xs: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let mut out = Vec::new();
    for (i, x) in xs.try_iter()?.enumerate() {
        let x = x?;
        // A whole number too large for 64 bits is a bad value, not an
        // overflow the caller should have to catch apart.
        match x.extract::<i64>() {
            Ok(n) => out.push(n),
            Err(_) if x.is_instance_of::<pyo3::types::PyInt>() => {
                return Err(PyValueError::new_err(format!(
                    "{what}[{i}] = {x} is out of range"
                )));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// The handout's `sow_game(board, moves)`: play `moves` from `board`
/// (player 0 first) and return `(board, next_player)`, `next_player` -1
/// once the game is over. Raises `ValueError` on a bad board or move.
#[pyfunction]
fn sow_game(board: &Bound<'_, PyAny>, moves: &Bound<'_, PyAny>) -> PyResult<(Vec<u32>, i32)> {
    let board = ints("board", board)?;
    let moves = ints("moves", moves)?;
    mancala::sow_game(&board, &moves).map_err(value_error)
}

/// The native module `games._games`; `python/games/__init__.py` makes it
/// the package `games`.
#[pymodule]
fn _games(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(list_games, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    let kalah = PyModule::new(m.py(), "kalah")?;
    kalah.add_function(wrap_pyfunction!(sow_game, &kalah)?)?;
    m.add_submodule(&kalah)?;
    // `games/kalah.py` wraps it, so `import games.kalah` and `from
    // games.kalah import sow_game` work.
    m.py()
        .import("sys")?
        .getattr("modules")?
        .set_item("games._games.kalah", &kalah)?;
    verbs::add_verbs(m)?;
    Ok(())
}
