//! The game registry, in OpenSpiel's manner: a game is loaded from a string
//! such as `kalah(pits=6,seeds=4,capture=empty)`; it tells its players,
//! whether it has chance and its parameters, and makes the initial state.
//!
//! The grammar is `name` or `name(key=value,key=value,...)`. Spaces around
//! names, keys and values are ignored. A value may itself hold commas (an
//! LCR variant's table `0,0,0,1,2,3` or chips `10,10,10`): a comma starts a
//! new parameter only when what follows it reads `key=`.

use std::fmt;

use craps_baccarat::cards::MAX_DECKS;
use craps_baccarat::step::{BaccaratState, CrapsState};
use hog::{GOAL, HogState, Rules, Term, TermState};
use lcr_core::ClassicState;
use lcr_variants::{EndCheck, VariantState};
use mancala::{CaptureRule, MAX_PITS, Position};

use crate::State;

/// Why a game string or a state cannot be used. Every message is one line
/// that names what was wrong and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegistryError {
    /// The string does not read `name(key=value,...)`.
    Syntax(String),
    /// No game of that name.
    UnknownGame {
        /// The name given.
        given: String,
        /// A close registered name, if any.
        suggestion: Option<&'static str>,
    },
    /// The game has no parameter of that name.
    UnknownParameter {
        /// The game.
        game: &'static str,
        /// The key given.
        given: String,
        /// The game's parameters.
        accepted: Vec<&'static str>,
    },
    /// A parameter given twice.
    Repeated {
        /// The game.
        game: &'static str,
        /// The key.
        key: &'static str,
    },
    /// A value out of range or of the wrong kind.
    BadValue {
        /// The game.
        game: &'static str,
        /// The key.
        key: &'static str,
        /// The value given.
        given: String,
        /// What the parameter takes.
        expected: String,
    },
    /// The parameters are each fine but do not make a game together.
    Invalid {
        /// The game.
        game: &'static str,
        /// The engine's reason.
        reason: String,
    },
    /// An action or chance outcome that is not legal in the state.
    Illegal {
        /// "action" or "chance outcome".
        what: &'static str,
        /// What was given, as JSON.
        given: String,
        /// The legal ones, as JSON.
        legal: Vec<String>,
    },
    /// The game refused a move (a rule of the game's own).
    Rejected(String),
    /// A serialised state that is not a state of this game.
    BadState {
        /// The game, as loaded.
        game: String,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::Syntax(s) => write!(
                f,
                "cannot read the game {s:?}: expected name or name(key=value,...), such as kalah(pits=6,seeds=4)"
            ),
            RegistryError::UnknownGame { given, suggestion } => {
                write!(f, "unknown game '{given}'")?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean '{s}'?)")?;
                }
                write!(f, "; the games are {}", names().join(", "))
            }
            RegistryError::UnknownParameter {
                game,
                given,
                accepted,
            } => {
                if accepted.is_empty() {
                    write!(f, "{game} takes no parameters, got '{given}'")
                } else {
                    write!(
                        f,
                        "{game} has no parameter '{given}'; it takes {}",
                        accepted.join(", ")
                    )
                }
            }
            RegistryError::Repeated { game, key } => {
                write!(f, "{game}: parameter '{key}' is given twice")
            }
            RegistryError::BadValue {
                game,
                key,
                given,
                expected,
            } => write!(f, "{game}: {key}={given:?} is not {expected}"),
            RegistryError::Invalid { game, reason } => write!(f, "{game}: {reason}"),
            RegistryError::Illegal { what, given, legal } => {
                if legal.is_empty() {
                    write!(f, "{what} {given} is not legal: there is none here")
                } else {
                    write!(
                        f,
                        "{what} {given} is not legal here; the legal ones are {}",
                        legal.join(", ")
                    )
                }
            }
            RegistryError::Rejected(e) => write!(f, "{e}"),
            RegistryError::BadState { game, reason } => {
                write!(f, "not a state of {game}: {reason}")
            }
        }
    }
}

impl std::error::Error for RegistryError {}

/// One parameter of a registered game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Param {
    /// Its key in the game string.
    pub name: &'static str,
    /// Its value when not given.
    pub default: &'static str,
    /// What it takes, in words (values, range).
    pub accepts: &'static str,
    /// What it means.
    pub about: &'static str,
}

/// A registered game: its name, what it is, and its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct GameInfo {
    /// The name in the game string.
    pub name: &'static str,
    /// One line on the game.
    pub about: &'static str,
    /// Whether chance moves (dice or cards).
    pub chance: bool,
    /// The players, in words (some games take the count as a parameter).
    pub players: &'static str,
    /// Its parameters, in the order the canonical string lists them.
    pub params: &'static [Param],
}

/// Every registered game, in the order `games-cli games` lists them.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "kalah",
        about: "Kalah, the sowing game of the handout: sow from a pit, capture, extra turns",
        chance: false,
        players: "2",
        params: &[
            Param {
                name: "pits",
                default: "6",
                accepts: "1 to 1048576",
                about: "pits on each side",
            },
            Param {
                name: "seeds",
                default: "4",
                accepts: "0 or more, at most 4294967295 seeds on the board",
                about: "seeds in each pit at the start",
            },
            Param {
                name: "capture",
                default: "seed",
                accepts: "seed or empty",
                about: "seed: the handout's capture (the opposite pit must hold seeds); empty: also capture against an empty pit",
            },
        ],
    },
    GameInfo {
        name: "hog",
        about: "CS 61A's Hog: roll 0 to 10 dice, first to the goal wins",
        chance: true,
        players: "2",
        params: &[
            Param {
                name: "rules",
                default: "spring2014",
                accepts: "spring2014, fall2017, fall2019, fall2020, fall2021, spring2022 or fall2023",
                about: "the term's rule set (spring2014 is the handout's)",
            },
            Param {
                name: "goal",
                default: "100",
                accepts: "1 to 100",
                about: "the score that ends the game",
            },
            Param {
                name: "free_bacon",
                default: "true",
                accepts: "true or false (spring2014 only)",
                about: "rolling zero dice scores 1 + the opponent's larger digit",
            },
            Param {
                name: "hog_wild",
                default: "true",
                accepts: "true or false (spring2014 only)",
                about: "four-sided dice when the scores sum to a multiple of 7",
            },
            Param {
                name: "swine_swap",
                default: "true",
                accepts: "true or false (spring2014 only)",
                about: "scores swap when one is twice the other",
            },
        ],
    },
    GameInfo {
        name: "lcr",
        about: "Left-Center-Right, the classic game: three dice, L, C, R and three dots",
        chance: true,
        players: "the players parameter",
        params: &[
            Param {
                name: "players",
                default: "5",
                accepts: "1 to 1000000",
                about: "seats at the table",
            },
            Param {
                name: "coins",
                default: "3",
                accepts: "0 or more, at most 4294967295 coins in all",
                about: "coins per seat at the start",
            },
        ],
    },
    GameInfo {
        name: "lcr_variant",
        about: "A table-driven LCR variant of the handout: a face table, starting chips, a round limit",
        chance: true,
        players: "as many as the chips",
        params: &[
            Param {
                name: "table",
                default: "standard",
                accepts: "standard, standard-tilted, nocenter, nocenter-tilted, nohold, nohold-tilted, or six codes such as 0,0,0,1,2,3",
                about: "the face table",
            },
            Param {
                name: "chips",
                default: "the table's own",
                accepts: "counts such as 10,10,10 or 10x9 (2 or more seats, at most 1000000 chips)",
                about: "chips per seat at the start",
            },
            Param {
                name: "max_rounds",
                default: "100",
                accepts: "1 to 4294967295",
                about: "the round limit (the game is drawn past it)",
            },
            Param {
                name: "end_check",
                default: "round",
                accepts: "round or turn",
                about: "when a single holder ends the game",
            },
        ],
    },
    GameInfo {
        name: "craps",
        about: "Craps, the pass line: a come-out roll, then a point",
        chance: true,
        players: "1, the shooter, with no decisions",
        params: &[],
    },
    GameInfo {
        name: "baccarat",
        about: "Baccarat, punto banco: the third-card rules dealt from a shoe",
        chance: true,
        players: "2 hands (the player and the house), no decisions",
        params: &[Param {
            name: "decks",
            default: "8",
            accepts: "1 to 64",
            about: "decks in the shoe",
        }],
    },
];

/// The registered names.
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.name).collect()
}

type Reader = Box<dyn Fn(&str) -> Result<Box<dyn State>, String> + Send + Sync>;

/// A loaded game: its parameters resolved, ready to make states.
pub struct Game {
    info: &'static GameInfo,
    values: Vec<(&'static str, String)>,
    initial: Box<dyn State>,
    reader: Reader,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({self})")
    }
}

/// The canonical string: every parameter with its value, in the
/// registry's order (loading it gives the same game).
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.info.name)?;
        for (i, (k, v)) in self.values.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{k}={v}")?;
        }
        write!(f, ")")
    }
}

impl Game {
    /// The registry's entry for this game.
    pub fn info(&self) -> &'static GameInfo {
        self.info
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        self.info.name
    }

    /// Every parameter with the value in force (given or default).
    pub fn parameters(&self) -> &[(&'static str, String)] {
        &self.values
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.initial.players()
    }

    /// Whether chance moves.
    pub fn has_chance(&self) -> bool {
        self.info.chance
    }

    /// The initial state.
    pub fn new_initial_state(&self) -> Box<dyn State> {
        self.initial.clone_box()
    }

    /// The initial state as the game's own step type `T` (the verbs that
    /// play one game on the step: `craps game`, `baccarat deal`, `lcr
    /// replay`); `None` when `T` is not this game's type.
    pub fn initial_state_as<T: Clone + 'static>(&self) -> Option<T> {
        self.initial.as_any().downcast_ref::<T>().cloned()
    }

    /// A state from its JSON ([`State::serialize`]), checked to belong to
    /// this game (same board size, rules, table or shoe).
    ///
    /// # Errors
    /// [`RegistryError::BadState`] naming what does not fit.
    pub fn deserialize_state(&self, json: &str) -> Result<Box<dyn State>, RegistryError> {
        (self.reader)(json).map_err(|reason| RegistryError::BadState {
            game: self.to_string(),
            reason,
        })
    }

    /// `games` games from the initial state with every move drawn
    /// uniformly among the legal ones ([`crate::State::batch`]): for
    /// people who train agents and want random playouts fast. The seed is
    /// drawn when not given and returned with the counts.
    ///
    /// ```
    /// let game = games_app::load("kalah(pits=6,seeds=4)").unwrap();
    /// let (seed, b) = game.batch(1000, Some(1), &games_app::Context::new()).unwrap();
    /// assert_eq!((seed, b.games), (1, 1000));
    /// // Kalah's returns are the stores' difference: they sum to 0.
    /// assert_eq!(b.returns[0], -b.returns[1]);
    /// assert_eq!(b.wins[0] + b.wins[1] + b.shared, 1000);
    /// ```
    ///
    /// # Errors
    /// Bad input for games past the context's bound (or 0); the context's
    /// cancellation or deadline.
    pub fn batch(
        &self,
        games: u64,
        seed: Option<u64>,
        ctx: &crate::Context,
    ) -> Result<(u64, crate::Batch), crate::AppError> {
        let games = ctx.games(Some(games), games)?;
        let threads = ctx.threads(None)?;
        let seed = crate::seed_or_draw(seed);
        let meter = ctx.meter(games, 1_000_000, "games");
        let b = self
            .initial
            .batch(games, seed, threads, self.max_steps(), &meter)
            .map_err(|e| ctx.check().err().unwrap_or(e))?;
        Ok((seed, b))
    }

    /// A bound on the steps a game can take from the initial state, for
    /// playouts: generous, but finite for games whose dice could in
    /// principle run forever (LCR, craps).
    pub fn max_steps(&self) -> u64 {
        match self.info.name {
            "kalah" => 1 << 40,
            "lcr" | "lcr_variant" => 10_000_000,
            _ => 1_000_000,
        }
    }
}

/// A game string cut up: the name and its `(key, value)` pairs.
type Parts<'a> = (&'a str, Vec<(&'a str, &'a str)>);

/// Split `name(k=v,...)` into the name and its `(key, value)` pairs.
fn split(spec: &str) -> Result<Parts<'_>, RegistryError> {
    let syntax = || RegistryError::Syntax(spec.to_string());
    let spec = spec.trim();
    let (name, inner) = match spec.find('(') {
        None => (spec, ""),
        Some(i) => {
            let rest = spec[i + 1..].trim_end();
            let inner = rest.strip_suffix(')').ok_or_else(syntax)?;
            if inner.contains(['(', ')']) {
                return Err(syntax());
            }
            (&spec[..i], inner)
        }
    };
    let name = name.trim();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(syntax());
    }
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    if inner.trim().is_empty() {
        return Ok((name, pairs));
    }
    // Cut at the commas that start `key=`; the other commas belong to the
    // value before them.
    let mut starts = vec![0usize];
    for (i, c) in inner.char_indices() {
        if c == ',' {
            let next = &inner[i + 1..];
            let key = next.split(['=', ',']).next().unwrap_or("");
            let is_key = next.contains('=')
                && next.find('=') < next.find(',').or(Some(usize::MAX))
                && !key.trim().is_empty()
                && key
                    .trim()
                    .chars()
                    .all(|c| c.is_ascii_alphabetic() || c == '_');
            if is_key {
                starts.push(i + 1);
            }
        }
    }
    starts.push(inner.len() + 1);
    for w in starts.windows(2) {
        let part = &inner[w[0]..w[1] - 1];
        let (k, v) = part.split_once('=').ok_or_else(syntax)?;
        let (k, v) = (k.trim(), v.trim());
        if k.is_empty() {
            return Err(syntax());
        }
        pairs.push((k, v));
    }
    Ok((name, pairs))
}

/// The optimal string alignment distance: insertions, deletions,
/// substitutions and swaps of neighbours, one each. The registry's "did you
/// mean" and the command line's use it.
///
/// ```
/// assert_eq!(games_app::edit_distance("lrc", "lcr"), 1);
/// assert_eq!(games_app::edit_distance("plyers", "players"), 1);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The game's parameters, given values over defaults.
struct Values {
    info: &'static GameInfo,
    given: Vec<(&'static str, String)>,
}

impl Values {
    fn new(info: &'static GameInfo, pairs: &[(&str, &str)]) -> Result<Values, RegistryError> {
        let mut given: Vec<(&'static str, String)> = Vec::new();
        for (k, v) in pairs {
            let Some(p) = info.params.iter().find(|p| p.name == *k) else {
                return Err(RegistryError::UnknownParameter {
                    game: info.name,
                    given: (*k).to_string(),
                    accepted: info.params.iter().map(|p| p.name).collect(),
                });
            };
            if given.iter().any(|(g, _)| *g == p.name) {
                return Err(RegistryError::Repeated {
                    game: info.name,
                    key: p.name,
                });
            }
            given.push((p.name, (*v).to_string()));
        }
        Ok(Values { info, given })
    }

    fn given(&self, key: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }

    fn raw(&self, key: &'static str) -> &str {
        self.given(key).unwrap_or_else(|| {
            self.info
                .params
                .iter()
                .find(|p| p.name == key)
                .map_or("", |p| p.default)
        })
    }

    fn bad(&self, key: &'static str, expected: &str) -> RegistryError {
        RegistryError::BadValue {
            game: self.info.name,
            key,
            given: self.raw(key).to_string(),
            expected: expected.to_string(),
        }
    }

    fn number(&self, key: &'static str, lo: u64, hi: u64) -> Result<u64, RegistryError> {
        let expected = format!("a whole number from {lo} to {hi}");
        let n: u64 = self
            .raw(key)
            .replace('_', "")
            .parse()
            .map_err(|_| self.bad(key, &expected))?;
        if !(lo..=hi).contains(&n) {
            return Err(self.bad(key, &expected));
        }
        Ok(n)
    }

    fn flag(&self, key: &'static str) -> Result<bool, RegistryError> {
        match self.raw(key) {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(self.bad(key, "true or false")),
        }
    }

    fn invalid(&self, reason: impl fmt::Display) -> RegistryError {
        RegistryError::Invalid {
            game: self.info.name,
            reason: reason.to_string(),
        }
    }
}

fn reader<S>(fits: impl Fn(&S) -> Result<(), String> + Send + Sync + 'static) -> Reader
where
    S: game::Step + State + 'static,
{
    Box::new(move |json: &str| {
        let s: S = serde_json::from_str(json).map_err(|e| e.to_string())?;
        fits(&s)?;
        Ok(Box::new(s) as Box<dyn State>)
    })
}

/// Load a game from its string, e.g. `kalah(pits=6,seeds=4,capture=empty)`,
/// `hog(goal=100,swine_swap=false)`, `lcr(players=5,coins=3)`,
/// `lcr_variant(table=standard-tilted,chips=10x9,max_rounds=100)`,
/// `craps()`, `baccarat(decks=8)`.
///
/// # Errors
/// A [`RegistryError`] whose message is one line naming what is wrong and
/// what is accepted: bad syntax, an unknown game or parameter, a value out
/// of range, parameters the engine refuses together.
pub fn load(spec: &str) -> Result<Game, RegistryError> {
    let (name, pairs) = split(spec)?;
    let Some(info) = GAMES.iter().find(|g| g.name == name) else {
        let suggestion = GAMES
            .iter()
            .map(|g| (edit_distance(name, g.name), g.name))
            .filter(|(d, _)| *d <= 2)
            .min()
            .map(|(_, n)| n);
        return Err(RegistryError::UnknownGame {
            given: name.to_string(),
            suggestion,
        });
    };
    let v = Values::new(info, &pairs)?;
    let (values, initial, reader) = match info.name {
        "kalah" => kalah(&v)?,
        "hog" => hog(&v)?,
        "lcr" => lcr(&v)?,
        "lcr_variant" => lcr_variant(&v)?,
        "baccarat" => baccarat(&v)?,
        _ => (
            Vec::new(),
            Box::new(CrapsState::default()) as Box<dyn State>,
            reader::<CrapsState>(|_| Ok(())),
        ),
    };
    Ok(Game {
        info,
        values,
        initial,
        reader,
    })
}

type Loaded = (Vec<(&'static str, String)>, Box<dyn State>, Reader);

fn kalah(v: &Values) -> Result<Loaded, RegistryError> {
    let pits = v.number("pits", 1, MAX_PITS as u64)? as usize;
    let seeds = v.number("seeds", 0, u64::from(u32::MAX))? as u32;
    let capture = match v.raw("capture") {
        "seed" => CaptureRule::Handout,
        "empty" => CaptureRule::Empty,
        _ => return Err(v.bad("capture", "seed or empty")),
    };
    let p = Position::kalah(pits, seeds, capture).map_err(|e| v.invalid(e))?;
    let total = p.board().iter().map(|&x| u64::from(x)).sum::<u64>();
    let read = reader::<Position>(move |s| {
        if s.pits() != pits || s.rule() != capture {
            return Err(format!(
                "a board of {} pits a side under {:?} capture",
                s.pits(),
                s.rule()
            ));
        }
        let t = s.board().iter().map(|&x| u64::from(x)).sum::<u64>();
        if t != total {
            return Err(format!("{t} seeds on the board, the game has {total}"));
        }
        Ok(())
    });
    Ok((
        vec![
            ("pits", pits.to_string()),
            ("seeds", seeds.to_string()),
            ("capture", v.raw("capture").to_string()),
        ],
        Box::new(p),
        read,
    ))
}

fn hog(v: &Values) -> Result<Loaded, RegistryError> {
    let names: Vec<&str> = Term::ALL.iter().map(|t| t.name()).collect();
    let term = Term::ALL
        .iter()
        .copied()
        .find(|t| t.name() == v.raw("rules"))
        .ok_or_else(|| v.bad("rules", &format!("one of {}", names.join(", "))))?;
    let goal = v.number("goal", 1, u64::from(GOAL))? as u32;
    let switches = ["free_bacon", "hog_wild", "swine_swap"];
    if term == Term::Spring2014 {
        let r = Rules::new(
            goal,
            v.flag("free_bacon")?,
            v.flag("hog_wild")?,
            v.flag("swine_swap")?,
        )
        .map_err(|e| v.invalid(e))?;
        let mut values = vec![
            ("rules", term.name().to_string()),
            ("goal", goal.to_string()),
        ];
        for k in switches {
            values.push((k, v.flag(k)?.to_string()));
        }
        let read = reader::<HogState>(move |s| {
            if s.rules() == r {
                Ok(())
            } else {
                Err(format!("its rules are {:?}", s.rules()))
            }
        });
        return Ok((values, Box::new(HogState::new(r)), read));
    }
    if let Some(k) = switches.iter().find(|k| v.given(k).is_some()) {
        return Err(v.invalid(format!(
            "{k} is a switch of the spring2014 rules; rules={} has its own special rules (see games-cli hog rules)",
            term.name()
        )));
    }
    let s = TermState::new(term, goal).map_err(|e| v.invalid(e))?;
    let read = reader::<TermState>(move |s| {
        if s.rules() == term && s.goal() == goal {
            Ok(())
        } else {
            Err(format!(
                "its rules are {} to {}",
                s.rules().name(),
                s.goal()
            ))
        }
    });
    Ok((
        vec![
            ("rules", term.name().to_string()),
            ("goal", goal.to_string()),
        ],
        Box::new(s),
        read,
    ))
}

fn lcr(v: &Values) -> Result<Loaded, RegistryError> {
    let players = v.number("players", 1, lcr_core::MAX_PLAYERS as u64)? as usize;
    let coins = v.number("coins", 0, u64::from(u32::MAX))? as u32;
    let s = ClassicState::new(players, coins).map_err(|e| v.invalid(e))?;
    let total = u64::from(coins) * players as u64;
    let read = reader::<ClassicState>(move |s| {
        let t = s.coins().iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(s.center());
        if s.coins().len() != players {
            Err(format!("{} seats, the game has {players}", s.coins().len()))
        } else if t != total {
            Err(format!("{t} coins in play, the game has {total}"))
        } else {
            Ok(())
        }
    });
    Ok((
        vec![
            ("players", players.to_string()),
            ("coins", coins.to_string()),
        ],
        Box::new(s),
        read,
    ))
}

fn lcr_variant(v: &Values) -> Result<Loaded, RegistryError> {
    let table = v.raw("table");
    if table == "all" {
        return Err(v.bad(
            "table",
            "one table (all is a study of the six named tables; run games-cli lcr --table all)",
        ));
    }
    let max_rounds = v.number("max_rounds", 1, u64::from(u32::MAX))? as u32;
    let end_check = match v.raw("end_check") {
        "round" => EndCheck::Round,
        "turn" => EndCheck::Turn,
        _ => return Err(v.bad("end_check", "round or turn")),
    };
    let variants = lcr_variants::resolve(table, None, v.given("chips"), max_rounds, end_check)
        .map_err(|e| v.invalid(e))?;
    let Some(variant) = variants.into_iter().next() else {
        return Err(v.invalid("no table"));
    };
    let chips = variant
        .starting_chips
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let s = VariantState::new(&variant);
    let want = variant.clone();
    let total: u64 = want.starting_chips.iter().map(|&c| u64::from(c)).sum();
    let read = reader::<VariantState>(move |s| {
        let v = s.variant();
        if v.table != want.table
            || v.starting_chips != want.starting_chips
            || v.max_rounds != want.max_rounds
            || v.end_check != want.end_check
        {
            return Err("another table, chips, round limit or end check".to_string());
        }
        let t = s.chips().iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(s.center());
        if t != total {
            return Err(format!("{t} chips in play, the game has {total}"));
        }
        Ok(())
    });
    Ok((
        vec![
            ("table", table.to_string()),
            ("chips", chips),
            ("max_rounds", max_rounds.to_string()),
            ("end_check", v.raw("end_check").to_string()),
        ],
        Box::new(s),
        read,
    ))
}

fn baccarat(v: &Values) -> Result<Loaded, RegistryError> {
    let decks = v.number("decks", 1, u64::from(MAX_DECKS))? as u32;
    let s = BaccaratState::new(decks).map_err(|e| v.invalid(e))?;
    let read = reader::<BaccaratState>(move |s| {
        if s.decks() == decks {
            Ok(())
        } else {
            Err(format!(
                "a shoe of {} decks, the game has {decks}",
                s.decks()
            ))
        }
    });
    Ok((vec![("decks", decks.to_string())], Box::new(s), read))
}

/// The initial state of the game `spec` loads, as its step type `T`: how
/// the verbs that play one game (`craps game`, `baccarat deal`, `lcr
/// replay`) start it, so the registry's string is the one place a game is
/// made from its parameters. Call it after the verb's own checks (their
/// messages name the flags).
///
/// # Errors
/// Bad input: the registry's one-line error, or `T` not the game's type.
pub(crate) fn initial<T: Clone + 'static>(spec: &str) -> Result<T, crate::AppError> {
    let game = load(spec).map_err(|e| crate::AppError::BadInput(e.to_string()))?;
    game.initial_state_as::<T>().ok_or_else(|| {
        crate::AppError::BadInput(format!("{game}: not a {}", std::any::type_name::<T>()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_may_hold_commas() {
        let (name, pairs) = split("lcr_variant(table=0,0,0,1,2,3, chips=10,10,10)").unwrap();
        assert_eq!(name, "lcr_variant");
        assert_eq!(pairs, vec![("table", "0,0,0,1,2,3"), ("chips", "10,10,10")]);
        assert_eq!(split(" craps ( ) ").unwrap(), ("craps", vec![]));
        for bad in [
            "",
            "kalah(",
            "kalah(pits)",
            "kalah(pits=6",
            "ka lah",
            "k((a))",
            "kalah(=3)",
        ] {
            assert!(matches!(split(bad), Err(RegistryError::Syntax(_))), "{bad}");
        }
    }

    #[test]
    fn distance_counts_one_transposition_as_one_edit() {
        assert_eq!(edit_distance("lrc", "lcr"), 1);
        assert_eq!(edit_distance("kalha", "kalah"), 1);
        assert_eq!(edit_distance("hog", "craps"), 5);
    }
}
