//! Kalah, as the command line names it `mancala`: `sow` (the handout's
//! sow_game), `solve` (a position's exact value and every best move),
//! `move` (one move of the rules step), `moves` (every legal move's
//! value within a time), the solver's move in a game against it
//! ([`computer_move`]), and the endgame tables' builds ([`build_table`],
//! [`build_shard`], [`extend_table`]), whose files the adapters write.
//!
//! ```
//! use games_app::{Context, Verb, kalah};
//!
//! // The handout's board after pit 0: the last seed lands in the store.
//! let sow = kalah::Sow { board: Some(vec![3, 3, 3, 0, 3, 3, 3, 0]), moves: Some(vec![0]) };
//! let r = sow.run(&Context::new()).unwrap();
//! assert_eq!((r.board, r.next_player), (vec![0, 4, 4, 1, 3, 3, 3, 0], 0));
//!
//! // Kalah(4,3) under empty capture: the first player wins by 8 seeds.
//! let solve = kalah::Solve { pits: Some(4), seeds: Some(3), empty_capture: true, ..Default::default() };
//! let r = solve.run(&Context::new()).unwrap();
//! assert_eq!((r.value, r.best_moves.clone()), (8, vec![1]));
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mancala::endgame::{self, Endgame, LevelShard};
use mancala::{CaptureRule, MancalaError, Position, solver, sow_game};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::context::{AppError, Context, bad};
use crate::limits::at_most;
use crate::verb::{Report, Verb, csv};

/// The game as the command line names it.
const GAME: &str = "kalah";

/// The most pits a side the solver takes (16 cells of a byte).
pub const SOLVER_PITS: usize = solver::MAX_SOLVER_PITS;

/// The capture rule a `--empty-capture` flag names.
pub fn rule_of(empty_capture: bool) -> CaptureRule {
    if empty_capture {
        CaptureRule::Empty
    } else {
        CaptureRule::Handout
    }
}

/// The rule's name in sentences ("the handout's capture", "empty
/// capture").
pub fn rule_name(rule: CaptureRule) -> &'static str {
    match rule {
        CaptureRule::Handout => "the handout's",
        CaptureRule::Empty => "empty",
    }
}

/// Two rows and two stores: player 1's pits on top, right to left (the ring
/// runs counter-clockwise), player 0's below, left to right.
pub fn draw(b: &[u32]) -> String {
    let n = b.len() / 2 - 1;
    let cell = |x: u32| format!("{x:>3}");
    let top: String = (n + 1..2 * n + 1).rev().map(|i| cell(b[i])).collect();
    let bottom: String = (0..n).map(|i| cell(b[i])).collect();
    let labels1: String = (0..n).rev().map(|m| format!("{m:>3}")).collect();
    let labels0: String = (0..n).map(|m| format!("{m:>3}")).collect();
    format!(
        "       {labels1}      (player 1's pits)\n  [{:>3}]{top}\n       {bottom} [{:>3}]\n       {labels0}      (player 0's pits)",
        b[2 * n + 1],
        b[n]
    )
}

/// How a game ends for the side whose value (its store minus the other's
/// at the end) is `value`, in words: "finishes 6 seeds ahead", "finishes 6
/// seeds behind", "draws".
pub fn finishes(value: i32) -> String {
    match value {
        0 => "draws".to_string(),
        1 => "finishes 1 seed ahead".to_string(),
        -1 => "finishes 1 seed behind".to_string(),
        v if v > 0 => format!("finishes {v} seeds ahead"),
        v => format!("finishes {} seeds behind", -v),
    }
}

/// Kalah(pits, seeds) for the solver, its size checked against the
/// context's bounds before the board is made.
///
/// # Errors
/// Bad input naming `--pits` or `--seeds`.
pub fn kalah(
    pits: usize,
    seeds: u32,
    rule: CaptureRule,
    ctx: &Context,
) -> Result<Position, AppError> {
    if pits == 0 {
        return bad("--pits must be at least 1");
    }
    at_most("--pits", pits, SOLVER_PITS)?;
    let total = 2 * pits as u64 * u64::from(seeds);
    let most = ctx.limits().solve_seeds;
    if total > most {
        return bad(format!(
            "--seeds {seeds}: Kalah({pits},{seeds}) has {total} seeds; the solver takes positions of at most {most}"
        ));
    }
    Ok(Position::kalah(pits, seeds, rule)?)
}

/// Refuse a position the solver would take too long on; `flag` names where
/// it came from (`--board`, `--state`).
pub(crate) fn check_solvable(p: &Position, flag: &str, ctx: &Context) -> Result<(), AppError> {
    at_most(&format!("{flag}: pits a side"), p.pits(), SOLVER_PITS)?;
    let pits: u64 = p
        .board()
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != p.pits() && i != 2 * p.pits() + 1)
        .map(|(_, &x)| u64::from(x))
        .sum();
    let most = ctx.limits().solve_seeds;
    if pits > most {
        return bad(format!(
            "{flag} holds {pits} seeds in the pits; the solver takes positions of at most {most}"
        ));
    }
    Ok(())
}

/// The solver's settings, shared by `solve` and `play`.
#[derive(Clone, Debug)]
struct Settings {
    endgame: Option<PathBuf>,
    endgame_seeds: Option<usize>,
    table_bits: u32,
    threads: Option<usize>,
}

/// The solver's options from its settings, checked (table size, memory).
/// `--table-bits` within the solver's range.
fn check_table_bits(bits: u32) -> Result<(), AppError> {
    if !(solver::MIN_TABLE_BITS..=solver::MAX_TABLE_BITS).contains(&bits) {
        return bad(format!(
            "--table-bits must be from {} to {}, not {bits}",
            solver::MIN_TABLE_BITS,
            solver::MAX_TABLE_BITS,
        ));
    }
    Ok(())
}

fn solver_options(a: &Settings, p: &Position, ctx: &Context) -> Result<solver::Options, AppError> {
    check_table_bits(a.table_bits)?;
    if let (Some(k), None) = (a.endgame_seeds, &a.endgame) {
        // A table built for the solve: the same bound as `endgame build`.
        at_most("--endgame-seeds", k, endgame::MAX_SEEDS)?;
        at_most(
            "the table's positions (--endgame-seeds)",
            endgame::positions_for(p.pits(), k),
            ctx.limits().endgame_positions,
        )?;
    }
    let options = solver::Options {
        endgame_seeds: a.endgame_seeds,
        table_bits: a.table_bits,
        threads: ctx.threads(a.threads)?,
    };
    let file = a
        .endgame
        .as_ref()
        .map(|path| std::fs::metadata(path).map_or(0, |m| m.len()));
    solver::check_memory(&options, p.pits(), file, crate::limits::memory_limit())?;
    Ok(options)
}

/// The endgame table in `path`.
fn load_endgame(path: &Path) -> Result<Endgame, AppError> {
    Endgame::read_file(path).map_err(|e| match AppError::from(e) {
        AppError::BadInput(line) => AppError::BadInput(format!("{}: {line}", path.display())),
        machine => machine,
    })
}

/// The solver for `p`: with the endgame table read from `--endgame`, or
/// one of `--endgame-seeds` built in memory; refused before anything is
/// allocated when it would not fit.
fn make_solver(a: &Settings, p: &Position, ctx: &Context) -> Result<solver::Solver, AppError> {
    let options = solver_options(a, p, ctx)?;
    let Some(path) = &a.endgame else {
        return Ok(solver::Solver::new(p, &options)?);
    };
    // The transposition table's pages are touched while the file is read.
    let solver = solver::Solver::loading(&options, || load_endgame(path))?;
    solver
        .check_position(p)
        .map_err(|e| AppError::BadInput(format!("{}: {e}", path.display())))?;
    Ok(solver)
}

/// The earlier of `own` and the context's deadline.
fn earliest(own: Instant, ctx: &Context) -> Instant {
    ctx.deadline().map_or(own, |d| d.min(own))
}

/// Solve until `deadline` (or the context's cancellation), telling the
/// context's observer what the search knows so far (the value's bounds
/// as the MTD(f) passes close in, and the nodes).
fn solve_watched(
    solver: &mut solver::Solver,
    p: &Position,
    deadline: Instant,
    ctx: &Context,
    doing: &str,
) -> Result<solver::Answer, AppError> {
    let meter = ctx.spinner("nodes");
    let cancel = ctx.cancel_token();
    let answer = solver.solve_until_stopped(p, Some(deadline), &|| cancel.is_cancelled(), &|x| {
        meter.note(&format!(
            "{doing}: value in {:+} ..= {:+}, {} nodes",
            x.lower, x.upper, x.nodes
        ));
    });
    drop(meter);
    Ok(answer?)
}

/// A position given as the rules step writes it (`--state`: its JSON
/// text, or on the web the object itself), or a new Kalah(pits, seeds).
fn position_of(
    state: Option<&Value>,
    pits: Option<usize>,
    seeds: Option<u32>,
    empty_capture: bool,
    ctx: &Context,
) -> Result<Position, AppError> {
    match state {
        Some(v) => {
            if pits.is_some() || seeds.is_some() || empty_capture {
                return bad(
                    "--state cannot be used with --pits, --seeds or --empty-capture (the state holds the board and its rule)",
                );
            }
            let text = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            crate::verb::state_from_str("--state", &text)
        }
        None => kalah(
            pits.unwrap_or(6),
            seeds.unwrap_or(4),
            rule_of(empty_capture),
            ctx,
        ),
    }
}

/// `mancala sow`: the handout's sow_game, a board after a list of moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Sow {
    /// The board in the handout's layout: pits, store, pits, store.
    pub board: Option<Vec<i64>>,
    /// Moves, each a pit on the mover's side.
    pub moves: Option<Vec<i64>>,
}

/// `mancala sow`'s report (and one line of its `--jsonl` batch).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SowReport {
    /// The board after the moves.
    pub board: Vec<u32>,
    /// Who moves next: 0, 1, or -1 once the game is over.
    pub next_player: i32,
}

impl Verb for Sow {
    const GAME: &'static str = GAME;
    const VERB: &'static str = "sow";
    type Report = SowReport;
    fn run(&self, _ctx: &Context) -> Result<SowReport, AppError> {
        let Some(board) = &self.board else {
            return bad("mancala sow: --board is required (or --jsonl)");
        };
        let moves = self.moves.clone().unwrap_or_default();
        let (board, next_player) = sow_game(board, &moves)?;
        Ok(SowReport { board, next_player })
    }
}

impl Report for SowReport {
    fn text(&self) -> String {
        format!(
            "{}\nnext player: {}\n",
            draw(&self.board),
            if self.next_player < 0 {
                "none (the game is over)".to_string()
            } else {
                self.next_player.to_string()
            }
        )
    }
}

/// A list of whole numbers under `key` of a batch line.
fn list(v: &Value, key: &str) -> Result<Vec<i64>, String> {
    let arr = v
        .get(key)
        .ok_or(format!("missing \"{key}\""))?
        .as_array()
        .ok_or(format!("\"{key}\" must be a list of whole numbers"))?;
    arr.iter()
        .map(|x| {
            x.as_i64().ok_or(format!(
                "\"{key}\" must be a list of whole numbers, found {x}"
            ))
        })
        .collect()
}

/// One line of `sow --jsonl`: `{"board": [...], "moves": [...]}` sown, or
/// the line's error (without its line number).
///
/// # Errors
/// The line is not JSON, lacks a list, or breaks a rule.
pub fn sow_line(line: &str) -> Result<Value, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let (board, moves) = (list(&v, "board")?, list(&v, "moves")?);
    let (board, next_player) = sow_game(&board, &moves).map_err(|e: MancalaError| e.to_string())?;
    serde_json::to_value(SowReport { board, next_player }).map_err(|e| e.to_string())
}

/// `mancala solve`: a position's exact value and every best move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Solve {
    /// Pits a side for Kalah(pits, seeds) (`None`: 6).
    pub pits: Option<usize>,
    /// Seeds in each pit for Kalah(pits, seeds) (`None`: 4).
    pub seeds: Option<u32>,
    /// A board to solve instead, player 0 to move (the handout's layout).
    pub board: Option<Vec<i64>>,
    /// Stop after this many seconds with the bounds reached (1 to 86400),
    /// or at the context's deadline if that is earlier.
    pub time_limit: f64,
    /// Read the endgame table from this file.
    pub endgame: Option<PathBuf>,
    /// Build an endgame table of this many seeds in memory first (0: none;
    /// `None`: a size whose build is a small part of the search).
    pub endgame_seeds: Option<usize>,
    /// Transposition table: 2^N entries (10 to 30).
    pub table_bits: u32,
    /// "Empty capture" instead of the handout's capture rule.
    pub empty_capture: bool,
    /// Threads that search together (`None`: every core up to the bound).
    pub threads: Option<usize>,
}

/// `solve`'s default `--time-limit`, seconds.
pub const TIME_LIMIT: f64 = 3600.0;
/// `solve`'s `--time-limit` range, seconds: 1 to 86,400.
pub const TIME_LIMITS: std::ops::RangeInclusive<f64> = 1.0..=86_400.0;
/// `moves`' `--think` range, seconds: 0.05 to 3600.
pub const MOVES_THINK: std::ops::RangeInclusive<f64> = 0.05..=3600.0;
/// `play`'s `--think` range, seconds: 0.1 to 3600.
pub const PLAY_THINK: std::ops::RangeInclusive<f64> = 0.1..=3600.0;
/// `solve`'s (and `play`'s) default `--table-bits`.
pub const SOLVE_TABLE_BITS: u32 = 24;

impl Default for Solve {
    fn default() -> Solve {
        Solve {
            pits: None,
            seeds: None,
            board: None,
            time_limit: TIME_LIMIT,
            endgame: None,
            endgame_seeds: None,
            table_bits: SOLVE_TABLE_BITS,
            empty_capture: false,
            threads: None,
        }
    }
}

/// `mancala solve`'s report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveReport {
    /// Pits a side.
    pub pits: usize,
    /// The board solved.
    pub board: Vec<u32>,
    /// The final store difference, mover minus other, under perfect play.
    pub value: i32,
    /// Every move that reaches it.
    pub best_moves: Vec<usize>,
    /// Nodes searched.
    pub nodes: u64,
    /// The endgame table's seeds (0: none).
    pub endgame_seeds: usize,
    /// Under empty capture.
    pub empty_capture: bool,
    /// The player to move.
    #[serde(skip)]
    pub to_move: usize,
}

/// Table positions built for each second of `--time-limit` when no table
/// is asked for: at about 10^8 positions a second on two cores (the
/// 18-seed table of 6 pits, 86 M positions, in 0.9 s), a tenth of the
/// limit at most. Past 9 s the default table is built as before; under it
/// a smaller one, so that a short limit is not spent before the search.
const TABLE_POSITIONS_PER_SECOND: f64 = 1e7;

/// How long the endgame table of `seeds` seeds on `pits` pits is taken to
/// build, at [`TABLE_POSITIONS_PER_SECOND`]: what a request's time is
/// weighed against, here and in the server's solver cache.
pub(crate) fn table_build_seconds(pits: usize, seeds: usize) -> f64 {
    endgame::positions_for(pits, seeds) as f64 / TABLE_POSITIONS_PER_SECOND
}

/// Bytes of a fresh transposition table taken to be mapped each second as
/// a search first touches them: 256 MiB. Each page's first touch is a
/// fault; with a table being built beside it, a search of 0.1 s on a
/// fresh 128 MiB table ran 0.45 s (its first nodes each waiting on a
/// fault), and 0.10 s on a 2 MiB one.
const TABLE_BYTES_PER_SECOND: f64 = (1u64 << 28) as f64;

/// How long the pages of a fresh transposition table of `2^bits` words
/// are taken to be mapped, at [`TABLE_BYTES_PER_SECOND`].
pub(crate) fn table_touch_seconds(bits: u32) -> f64 {
    8.0 * (1u64 << bits.min(40)) as f64 / TABLE_BYTES_PER_SECOND
}

/// The solver's settings with a smaller endgame table than the default
/// when its build would take much of `seconds` or it would pass the
/// context's limit on a table's positions (`None`: keep them).
fn short_limit_table(a: &Settings, p: &Position, seconds: f64, ctx: &Context) -> Option<Settings> {
    if a.endgame.is_some() || a.endgame_seeds.is_some() {
        return None;
    }
    let in_pits = p.board().iter().sum::<u32>() - p.stores()[0] - p.stores()[1];
    let auto = solver::auto_endgame_seeds(p.pits(), (in_pits as usize).min(endgame::MAX_SEEDS));
    let most = ctx.limits().endgame_positions;
    let k = (0..=auto)
        .take_while(|&k| {
            table_build_seconds(p.pits(), k) <= seconds
                && endgame::positions_for(p.pits(), k) <= most
        })
        .last()
        .unwrap_or(0);
    (k < auto).then_some(Settings {
        endgame_seeds: Some(k),
        ..a.clone()
    })
}

/// The transposition table's bits for a `moves` request of `seconds`
/// that makes its own solver: at most `bits` (the size asked for), and
/// few enough that its pages map in a quarter of the time (at half, a
/// request of 1 s beside five builds took 1.25 s). A size out of range
/// is kept, to be refused as asked.
fn table_bits_for(bits: u32, seconds: f64) -> u32 {
    let mut b = bits;
    if (solver::MIN_TABLE_BITS..=solver::MAX_TABLE_BITS).contains(&bits) {
        while b > solver::MIN_TABLE_BITS && table_touch_seconds(b) > seconds / 4.0 {
            b -= 1;
        }
    }
    b
}

impl Solve {
    fn settings(&self) -> Settings {
        Settings {
            endgame: self.endgame.clone(),
            endgame_seeds: self.endgame_seeds,
            table_bits: self.table_bits,
            threads: self.threads,
        }
    }

    /// The checks every solve makes first (the time limit's range, flags
    /// that exclude each other).
    fn check_flags(&self) -> Result<(), AppError> {
        if !TIME_LIMITS.contains(&self.time_limit) {
            return bad(format!(
                "--time-limit must be from {} to {} seconds, not {:?}",
                TIME_LIMITS.start(),
                TIME_LIMITS.end(),
                self.time_limit
            ));
        }
        if self.board.is_some() && (self.pits.is_some() || self.seeds.is_some()) {
            return bad("--board cannot be used with --pits or --seeds (the board sets both)");
        }
        if self.endgame.is_some() && self.endgame_seeds.is_some() {
            return bad("--endgame cannot be used with --endgame-seeds (the file sets the table)");
        }
        Ok(())
    }

    /// The solver of a `--jsonl` batch: one solver a board size, so its
    /// tables (and a table read from `--endgame`, once) serve every line.
    ///
    /// # Errors
    /// Bad input in the flags, or an `--endgame` file that is not a table
    /// of this capture rule.
    pub fn batch(&self, ctx: &Context) -> Result<SolveBatch, AppError> {
        self.check_flags()?;
        let rule = rule_of(self.empty_capture);
        let settings = self.settings();
        let mut solvers = std::collections::HashMap::new();
        if let Some(path) = &settings.endgame {
            check_table_bits(settings.table_bits)?;
            let options = solver::Options {
                endgame_seeds: None,
                table_bits: settings.table_bits,
                threads: ctx.threads(settings.threads)?,
            };
            // Refused before the file is read or the transposition table
            // mapped, as every solve's: the table counted as its file's
            // size (so the board's pits play no part: 0).
            let file = std::fs::metadata(path).map_or(0, |m| m.len());
            solver::check_memory(&options, 0, Some(file), crate::limits::memory_limit())?;
            let table = load_endgame(path)?;
            if table.rule() != rule {
                return bad(format!(
                    "{} is for {} capture; the batch asks for {} capture",
                    path.display(),
                    rule_name(table.rule()),
                    rule_name(rule)
                ));
            }
            solvers.insert(table.pits(), solver::Solver::with_endgame(table, &options)?);
        }
        Ok(SolveBatch {
            settings,
            rule,
            solvers,
        })
    }
}

impl Verb for Solve {
    const GAME: &'static str = GAME;
    const VERB: &'static str = "solve";
    type Report = SolveReport;
    fn run(&self, ctx: &Context) -> Result<SolveReport, AppError> {
        self.check_flags()?;
        let rule = rule_of(self.empty_capture);
        let p = match &self.board {
            Some(b) => Position::new(b, 0, rule)?,
            None => kalah(self.pits.unwrap_or(6), self.seeds.unwrap_or(4), rule, ctx)?,
        };
        check_solvable(&p, "--board", ctx)?;
        // The limit counts the whole run: the endgame table's build (and a
        // table file's read) too, not only the search after it.
        let start = Instant::now();
        let seconds = ctx
            .seconds_left()
            .map_or(self.time_limit, |s| s.min(self.time_limit));
        let settings = self.settings();
        let short = short_limit_table(&settings, &p, seconds, ctx);
        let mut solver = make_solver(short.as_ref().unwrap_or(&settings), &p, ctx)?;
        ctx.check()?;
        let deadline = earliest(start + Duration::from_secs_f64(self.time_limit), ctx);
        let answer =
            solve_watched(&mut solver, &p, deadline, ctx, "solving").map_err(|e| match e {
                AppError::BadInput(line) if self.board.is_some() => {
                    AppError::BadInput(format!("--board: {line}"))
                }
                e => e,
            })?;
        let s = match answer {
            solver::Answer::Solved(s) => s,
            solver::Answer::Unfinished {
                lower,
                upper,
                nodes,
                ..
            } => {
                // Cancelled, or stopped by the context's earlier deadline.
                ctx.check()?;
                // The caller's time was too short for this position: its
                // argument, and what it would take (not a machine failure).
                return Err(AppError::BadInput(format!(
                    "--time-limit: not solved within {} s (the value is from {lower:+} to {upper:+} after {nodes} nodes): give it more seconds",
                    self.time_limit
                )));
            }
        };
        Ok(SolveReport {
            pits: p.pits(),
            board: p.board().to_vec(),
            value: s.value,
            best_moves: s.best_moves,
            nodes: s.nodes,
            endgame_seeds: s.endgame_seeds,
            empty_capture: p.rule() == CaptureRule::Empty,
            to_move: p.to_move(),
        })
    }
}

impl Report for SolveReport {
    fn text(&self) -> String {
        format!(
            "{}\nvalue for player {} (store difference under perfect play): {:+}\nbest moves: {:?}\nnodes searched: {} (endgame table: positions with at most {} seeds in the pits)\n",
            draw(&self.board),
            self.to_move,
            self.value,
            self.best_moves,
            self.nodes,
            self.endgame_seeds
        )
    }
}

/// The solvers of a `solve --jsonl` batch (see [`Solve::batch`]).
pub struct SolveBatch {
    settings: Settings,
    rule: CaptureRule,
    solvers: std::collections::HashMap<usize, solver::Solver>,
}

/// One line of `solve --jsonl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolvedLine {
    /// The final store difference, mover minus other, under perfect play.
    pub value: i32,
    /// Every move that reaches it.
    pub best_moves: Vec<usize>,
    /// Nodes searched.
    pub nodes: u64,
    /// The endgame table's seeds (0: none).
    pub endgame_seeds: usize,
}

impl SolveBatch {
    /// One line of the batch, `{"board": [...]}` with an optional
    /// `"to_move"` (0 or 1), solved; or the line's error (without its line
    /// number).
    ///
    /// # Errors
    /// The line is not such an object, its board breaks a rule or is past
    /// the bounds, or the context was cancelled or ran out of time.
    pub fn line(&mut self, line: &str, ctx: &Context) -> Result<Value, String> {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let board = list(&v, "board")?;
        let to_move = match v.get("to_move") {
            None => 0,
            Some(t) => match t.as_u64() {
                Some(x @ (0 | 1)) => x as usize,
                _ => return Err(format!("\"to_move\" must be 0 or 1, found {t}")),
            },
        };
        let p = Position::new(&board, to_move, self.rule).map_err(|e| e.to_string())?;
        check_solvable(&p, "board", ctx).map_err(|e| e.to_string())?;
        let solver = match self.solvers.entry(p.pits()) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                if let Some(path) = &self.settings.endgame {
                    return Err(format!(
                        "{} is for another board size; this board has {} pits a side",
                        path.display(),
                        p.pits()
                    ));
                }
                e.insert(make_solver(&self.settings, &p, ctx).map_err(|e| e.to_string())?)
            }
        };
        let cancel = ctx.cancel_token();
        let s = match solver
            .solve_until_stopped(&p, ctx.deadline(), &|| cancel.is_cancelled(), &|_| {})
            .map_err(|e| e.to_string())?
        {
            solver::Answer::Solved(s) => s,
            solver::Answer::Unfinished { .. } => {
                return Err(ctx.check().err().unwrap_or(AppError::OutOfTime).to_string());
            }
        };
        serde_json::to_value(SolvedLine {
            value: s.value,
            best_moves: s.best_moves,
            nodes: s.nodes,
            endgame_seeds: s.endgame_seeds,
        })
        .map_err(|e| e.to_string())
    }
}

/// `mancala move`: one move from a position, what the sowing did and the
/// position after.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Move {
    /// The position as the rules step writes it (its JSON text, or the
    /// object).
    pub state: Option<Value>,
    /// Or a new game: pits a side (`None`: 6).
    pub pits: Option<usize>,
    /// Seeds in each pit (`None`: 4).
    pub seeds: Option<u32>,
    /// "Empty capture" instead of the handout's capture rule (new game).
    pub empty_capture: bool,
    /// The pit to play, counted on the mover's side from 0 (this or
    /// `moves`).
    pub pit: Option<usize>,
    /// Or pits played in turn, each by the player to move then (a whole
    /// game's moves replayed): at most [`MAX_REPLAYED_MOVES`], and at most
    /// [`MAX_REPLAYED_CELLS`] board cells in all the positions reported.
    pub moves: Option<Vec<usize>>,
}

/// The most moves `kalah move --moves` replays in one request: far more
/// than a game of the boards the solver takes lasts.
pub const MAX_REPLAYED_MOVES: usize = 10_000;

/// The most board cells (pits and stores) the positions of a `kalah move
/// --moves` report hold together: moves x (2 x pits + 2), checked before
/// the first move (10,000 moves of Kalah(8, ...) are 180,000; a board of
/// 12,000 pits a side gets 41 moves). A bound on the report's memory and
/// the work.
pub const MAX_REPLAYED_CELLS: usize = 1_000_000;

/// One move of `kalah move --moves`: what it did and the position after.
#[derive(Clone, Debug, Serialize)]
pub struct MovePlayed {
    /// What the move did.
    #[serde(rename = "move")]
    pub played: mancala::Move,
    /// The position after it.
    pub position: Position,
}

/// `mancala move`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct MoveReport {
    /// The position before the move.
    pub before: Position,
    /// What the move did.
    #[serde(rename = "move")]
    pub played: mancala::Move,
    /// The position after the move.
    pub position: Position,
    /// Once the game is over: the final stores.
    pub final_scores: Option<[u32; 2]>,
    /// The winner once the game is over (null on a tie).
    pub winner: Option<usize>,
    /// With `moves`: every move in turn and the position after it (the
    /// last one is `move` and `position` above, and `before` is the
    /// position before it). Absent for a single `pit`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub plays: Vec<MovePlayed>,
}

fn winner_of(p: &Position) -> Option<usize> {
    p.final_scores().and_then(|[a, b]| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    })
}

impl Verb for Move {
    const GAME: &'static str = GAME;
    const VERB: &'static str = "move";
    type Report = MoveReport;
    fn run(&self, ctx: &Context) -> Result<MoveReport, AppError> {
        let (pits, list) = match (self.pit, &self.moves) {
            (Some(_), Some(_)) => return bad("--pit and --moves: give one of them"),
            (Some(pit), None) => (vec![pit], false),
            (None, Some(moves)) if moves.len() > MAX_REPLAYED_MOVES => {
                return bad(format!(
                    "--moves: at most {MAX_REPLAYED_MOVES} moves, not {}",
                    moves.len()
                ));
            }
            (None, Some(moves)) if !moves.is_empty() => (moves.clone(), true),
            _ => return bad("kalah move: --pit or --moves (at least one pit) is required"),
        };
        let mut p = position_of(
            self.state.as_ref(),
            self.pits,
            self.seeds,
            self.empty_capture,
            ctx,
        )?;
        let cells = pits.len().saturating_mul(p.board().len());
        if list && cells > MAX_REPLAYED_CELLS {
            return bad(format!(
                "--moves: {} moves of a board of {} pits and stores hold {cells} cells; at most {MAX_REPLAYED_CELLS} (fewer moves, or a smaller board)",
                pits.len(),
                p.board().len()
            ));
        }
        let start = p.clone();
        let mut plays = Vec::with_capacity(pits.len());
        let cancel = ctx.cancel_token();
        for (k, &pit) in pits.iter().enumerate() {
            if cancel.is_cancelled() {
                return Err(AppError::Cancelled);
            }
            let played = p.play_reported(pit).map_err(|e| {
                AppError::BadInput(if list {
                    format!("--moves: move {} (pit {pit}): {e}", k + 1)
                } else {
                    format!("--pit {pit}: {e}")
                })
            })?;
            plays.push(MovePlayed {
                played,
                position: p.clone(),
            });
        }
        let Some(played) = plays.last().map(|l| l.played) else {
            return bad("kalah move: --pit or --moves (at least one pit) is required");
        };
        // The position before the last move: the one the move before it
        // left, or the start.
        let before = match plays.len() {
            n if n >= 2 => plays[n - 2].position.clone(),
            _ => start,
        };
        if !list {
            plays.clear();
        }
        Ok(MoveReport {
            before,
            played,
            final_scores: p.final_scores(),
            winner: winner_of(&p),
            position: p,
            plays,
        })
    }
}

impl Report for MoveReport {
    fn text(&self) -> String {
        let one = [(&self.played, &self.position)];
        let all: Vec<_> = self
            .plays
            .iter()
            .map(|l| (&l.played, &l.position))
            .collect();
        let plays = if all.is_empty() { &one[..] } else { &all[..] };
        let mut o = String::new();
        for (played, p) in plays {
            let _ = writeln!(
                o,
                "player {} sows pit {} ({} seeds): {:?}",
                played.player,
                played.pit,
                played.seeds,
                p.board()
            );
            if played.captured > 0 {
                let _ = writeln!(o, "captures {} seeds", played.captured);
            }
            if played.extra_turn {
                o.push_str("the last seed is in the store: another turn\n");
            }
        }
        if let Some([x, y]) = self.position.final_scores() {
            let _ = writeln!(o, "game over: {x} to {y}");
        }
        o
    }
}

/// `mancala moves`: the value of every legal move of a position, each
/// solved within a share of `think` seconds (or the bounds reached).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Moves {
    /// The position as the rules step writes it (its JSON text, or the
    /// object).
    pub state: Option<Value>,
    /// Or a new game: pits a side (`None`: 6).
    pub pits: Option<usize>,
    /// Seeds in each pit (`None`: 4).
    pub seeds: Option<u32>,
    /// "Empty capture" instead of the handout's capture rule (new game).
    pub empty_capture: bool,
    /// Seconds for all the moves together (0.05 to 3600), or until the
    /// context's deadline if that is earlier.
    pub think: f64,
    /// Transposition table: 2^N entries (10 to 30).
    pub table_bits: u32,
}

impl Default for Moves {
    fn default() -> Moves {
        Moves {
            state: None,
            pits: None,
            seeds: None,
            empty_capture: false,
            think: 2.0,
            table_bits: SOLVE_TABLE_BITS,
        }
    }
}

/// One legal move's value in `moves`' report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The pit.
    pub pit: usize,
    /// Proven within the time.
    pub solved: bool,
    /// The final store difference (mover minus other) under perfect play
    /// after this move; null when not solved in time.
    pub value: Option<i32>,
    /// What is known of it: at least `lower`...
    pub lower: i32,
    /// ...and at most `upper`.
    pub upper: i32,
    /// The move earns another turn.
    pub extra_turn: bool,
    /// Seeds it captures.
    pub captured: u32,
}

/// `mancala moves`' report.
#[derive(Clone, Debug, Serialize)]
pub struct MovesReport {
    /// The position.
    pub position: Position,
    /// Each legal move's value.
    pub moves: Vec<MoveValue>,
    /// The moves proven best: exact, and every other move exact and lower
    /// or bounded below them (empty when that is not known yet; the root
    /// solved is enough, before the other moves' values).
    pub best_moves: Vec<usize>,
    /// Every move was solved.
    pub solved: bool,
    /// The seconds asked for.
    pub think: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// When the request waited for the server's cache to build a larger
    /// endgame table and its time ran out first (so each move has only its
    /// bounds; the values come once the table is made): how far the build
    /// has come, and whose it is (this board's, or first another board's
    /// that a request waited on before). Absent otherwise (and never given
    /// by the command line, which keeps no cache).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preparing: Option<crate::TableProgress>,
}

impl Verb for Moves {
    const GAME: &'static str = GAME;
    const VERB: &'static str = "moves";
    type Report = MovesReport;
    fn run(&self, ctx: &Context) -> Result<MovesReport, AppError> {
        if !MOVES_THINK.contains(&self.think) {
            return bad(format!(
                "--think must be from {} to {} seconds, not {:?}",
                MOVES_THINK.start(),
                MOVES_THINK.end(),
                self.think
            ));
        }
        let p = position_of(
            self.state.as_ref(),
            self.pits,
            self.seeds,
            self.empty_capture,
            ctx,
        )?;
        let flag = if self.state.is_some() {
            "--state"
        } else {
            "--pits/--seeds"
        };
        check_solvable(&p, flag, ctx)?;
        let start = Instant::now();
        let end = earliest(start + Duration::from_secs_f64(self.think), ctx);
        let cancel = ctx.cancel_token();
        let stop = || cancel.is_cancelled();
        let cached = match ctx.kalah_cache() {
            Some(cache) => cache.move_values(&p, self.table_bits, end, &stop, ctx)?,
            None => None,
        };
        let (moves, nodes, preparing) = match cached {
            Some(found) => found,
            None => {
                // Searching without the cache's solver: busy all the same.
                let _busy = ctx.kalah_cache().map(|c| c.busy());
                // The solver `solve` builds: the endgame table sized as
                // `solve` sizes it (smaller when its build would take much
                // of the budget) and the transposition table of
                // `table_bits`.
                let seconds = ctx.seconds_left().map_or(self.think, |s| s.min(self.think));
                let settings = Settings {
                    endgame: None,
                    endgame_seeds: None,
                    table_bits: self.table_bits,
                    threads: None,
                };
                let mut settings =
                    short_limit_table(&settings, &p, seconds, ctx).unwrap_or(settings);
                settings.table_bits = table_bits_for(settings.table_bits, seconds);
                let mut solver = make_solver(&settings, &p, ctx)?;
                let (moves, nodes) = values_upto(&mut solver, &p, end, &stop, ctx, true)?;
                if let Some(cache) = ctx.kalah_cache() {
                    cache.remember(&p, &moves);
                }
                (moves, nodes, None)
            }
        };
        let solved = moves.iter().all(|m| m.solved);
        let best_moves = proven_best(&moves);
        Ok(MovesReport {
            position: p,
            moves,
            best_moves,
            solved,
            think: self.think,
            nodes,
            preparing,
        })
    }
}

/// The moves proven best among `moves`: each exact, every other move
/// exact and no better or bounded below their value (so a solved root
/// gives its best moves even when the other moves' values are not known
/// yet); none when that is not known.
pub(crate) fn proven_best(moves: &[MoveValue]) -> Vec<usize> {
    let Some(best) = moves
        .iter()
        .filter(|m| m.solved)
        .filter_map(|m| m.value)
        .max()
    else {
        return Vec::new();
    };
    if moves.iter().any(|m| !m.solved && m.upper >= best) {
        return Vec::new();
    }
    moves
        .iter()
        .filter(|m| m.solved && m.value == Some(best))
        .map(|m| m.pit)
        .collect()
}

/// A move played from a position, with what `values_upto` needs of it.
struct Played {
    child: Position,
    played: mancala::Move,
    /// The mover's store lead after the move.
    banked: i32,
    /// The value's bounds from the seeds still in the pits.
    lo: i32,
    hi: i32,
    /// 1 when the child's value is the mover's, -1 when the opponent's.
    sign: i32,
}

fn played_from(p: &Position, me: usize, pit: usize) -> Result<Played, AppError> {
    let mut child = p.clone();
    let played = child.play_reported(pit)?;
    let stores = child.stores();
    let banked = i64::from(stores[me]) - i64::from(stores[1 - me]);
    let left: i64 = child.board().iter().map(|&x| i64::from(x)).sum::<i64>()
        - i64::from(stores[0])
        - i64::from(stores[1]);
    let sign = if child.to_move() == me || child.is_over() {
        1
    } else {
        -1
    };
    Ok(Played {
        banked: banked as i32,
        lo: (banked - left) as i32,
        hi: (banked + left) as i32,
        sign,
        child,
        played,
    })
}

/// Every legal move's value from `p` with no search: its bounds from the
/// seeds left in the pits (exact only for a move that ends the game). A
/// request answers so when its time runs out before it can search.
pub(crate) fn bounds_only(p: &Position) -> Result<Vec<MoveValue>, AppError> {
    let me = p.to_move();
    p.legal_moves()
        .into_iter()
        .map(|pit| {
            let m = played_from(p, me, pit)?;
            let over = m.child.is_over();
            Ok(MoveValue {
                pit,
                solved: over,
                value: over.then_some(m.banked),
                lower: if over { m.banked } else { m.lo },
                upper: if over { m.banked } else { m.hi },
                extra_turn: m.played.extra_turn,
                captured: m.played.captured,
            })
        })
        .collect()
}

/// Every legal move's value from `p` with `solver`, searching until `end`
/// (then each move still gets its bounds), and the nodes searched; `stop`
/// (a cancelled request, a background job yielding to a request) ends the
/// work with [`AppError::Cancelled`].
///
/// The root is solved first: its value is the best moves' value, and its
/// search fills the table the other moves' searches then read, each
/// starting from the bound the root's search left on it.
///
/// With `every` false, only the root is searched: its value and best
/// moves exact, every other move only bounded (below the root's value).
/// That is all a reply needs: which move the solver plays.
pub(crate) fn values_upto(
    solver: &mut solver::Solver,
    p: &Position,
    end: Instant,
    stop: &(dyn Fn() -> bool + Sync),
    ctx: &Context,
    every: bool,
) -> Result<(Vec<MoveValue>, u64), AppError> {
    // Past the deadline each move still gets its bounds; only a stop ends
    // the report.
    if stop() {
        return Err(AppError::Cancelled);
    }
    let me = p.to_move();
    let legal = p.legal_moves();
    let mut nodes = 0u64;
    let mut root_best: Vec<usize> = Vec::new();
    let mut root_value = None;
    if !p.is_over() && legal.len() > 1 && Instant::now() < end {
        match solve_stopped(solver, p, None, end, stop, ctx, true)? {
            solver::Answer::Solved(s) => {
                nodes += s.nodes;
                root_best = s.best_moves.clone();
                root_value = Some(s.value);
            }
            solver::Answer::Unfinished { nodes: n, .. } => nodes += n,
        }
        if stop() {
            return Err(AppError::Cancelled);
        }
    }
    let mut out = Vec::new();
    let unknown = legal
        .iter()
        .filter(|pit| !(root_value.is_some() && root_best.contains(pit)))
        .count();
    let mut done = 0usize;
    for &pit in &legal {
        let Played {
            child,
            played,
            banked,
            lo,
            hi,
            sign,
        } = played_from(p, me, pit)?;
        if let (Some(v), true) = (root_value, root_best.contains(&pit)) {
            // A best move: its value is the root's.
            out.push(MoveValue {
                pit,
                solved: true,
                value: Some(v),
                lower: v,
                upper: v,
                extra_turn: played.extra_turn,
                captured: played.captured,
            });
            continue;
        }
        if let (Some(v), false) = (root_value, every) {
            // Not a best move: below the root's value; not searched.
            out.push(MoveValue {
                pit,
                solved: false,
                value: None,
                lower: lo.min(v - 1),
                upper: hi.min(v - 1),
                extra_turn: played.extra_turn,
                captured: played.captured,
            });
            continue;
        }
        // The time left, shared among the moves still to search.
        let now = Instant::now();
        let left_time = end.saturating_duration_since(now);
        let share = left_time.div_f64((unknown - done).max(1) as f64);
        done += 1;
        // Not a best move: its value is below the root's, near it first.
        let guess = root_value.map(|v| sign * (v - 1));
        // Its value alone: its own best moves are its position's to find.
        // Out of time, its bounds from its seeds alone: a search, even one
        // that stops at once, waits for the solver's threads, tens of
        // milliseconds each on a machine busy with a table's build (a
        // request of 0.1 s took 0.45 s).
        // A move that ends the game, or whose position the endgame table
        // holds, is exact all the same.
        let answer = if now >= end {
            let known = if child.is_over() {
                Some(banked)
            } else {
                solver.endgame().and_then(|e| e.value(&child))
            };
            match known {
                Some(value) => solver::Answer::Solved(solver::Solution {
                    value,
                    best_moves: Vec::new(),
                    nodes: 0,
                    endgame_seeds: 0,
                }),
                None => solver::Answer::Unfinished {
                    lower: i32::MIN / 2,
                    upper: i32::MAX / 2,
                    best_guess: 0,
                    nodes: 0,
                },
            }
        } else {
            solve_stopped(solver, &child, guess, now + share, stop, ctx, false)?
        };
        if stop() {
            return Err(AppError::Cancelled);
        }
        let (value, lower, upper) = match answer {
            solver::Answer::Solved(s) => {
                nodes += s.nodes;
                let v = if child.is_over() {
                    banked
                } else {
                    sign * s.value
                };
                (Some(v), v, v)
            }
            solver::Answer::Unfinished {
                lower,
                upper,
                nodes: n,
                ..
            } => {
                nodes += n;
                let (l, u) = if sign == 1 {
                    (lower, upper)
                } else {
                    (-upper, -lower)
                };
                let (mut l, u) = (l.max(lo), u.min(hi));
                if let Some(v) = root_value {
                    // Not a best move: below the root's value (the root's
                    // search showed it does not reach it).
                    l = l.min(v - 1);
                    (None, l, u.min(v - 1))
                } else {
                    (None, l, u)
                }
            }
        };
        out.push(MoveValue {
            pit,
            solved: value.is_some(),
            value,
            lower,
            upper,
            extra_turn: played.extra_turn,
            captured: played.captured,
        });
    }
    Ok((out, nodes))
}

/// [`solve_watched`] from `guess` (see [`solver::Solver::solve_near`]),
/// stopped by `stop` rather than the context's cancellation alone; with
/// `best_moves` false, the value alone ([`solver::Solver::value_near`]).
fn solve_stopped(
    solver: &mut solver::Solver,
    p: &Position,
    guess: Option<i32>,
    deadline: Instant,
    stop: &(dyn Fn() -> bool + Sync),
    ctx: &Context,
    best_moves: bool,
) -> Result<solver::Answer, AppError> {
    let meter = ctx.spinner("nodes");
    let note = |x: &solver::Progress| {
        meter.note(&format!(
            "moves: value in {:+} ..= {:+}, {} nodes",
            x.lower, x.upper, x.nodes
        ));
    };
    let answer = if best_moves {
        solver.solve_near(p, guess, Some(deadline), stop, &note)
    } else {
        solver.value_near(p, guess, Some(deadline), stop, &note)
    };
    drop(meter);
    Ok(answer?)
}

impl Report for MovesReport {
    fn text(&self) -> String {
        let mut o = format!(
            "player {} to move on {:?}\n\npit  value (final store difference, mover minus other, perfect play)\n",
            self.position.to_move(),
            self.position.board()
        );
        for m in &self.moves {
            let _ = match m.value {
                Some(v) => writeln!(o, "{:>3}  {v:+}", m.pit),
                None => writeln!(
                    o,
                    "{:>3}  not solved in time: from {:+} to {:+}",
                    m.pit, m.lower, m.upper
                ),
            };
        }
        if let Some(t) = &self.preparing {
            let whose = if t.this_board {
                "this board's endgame table".to_string()
            } else {
                format!(
                    "first another board's endgame table ({} pits a side, {} seeds in play, {} capture)",
                    t.pits,
                    t.seeds_in_play,
                    if t.empty_capture {
                        "empty"
                    } else {
                        "the handout's"
                    }
                )
            };
            let _ = writeln!(
                o,
                "\nthe server is building {whose} (every position with at most {} seeds in the pits): {} of {} positions done; {}",
                t.seeds,
                t.done,
                t.positions,
                if t.this_board {
                    "the values follow"
                } else {
                    "this board's comes next"
                }
            );
        }
        o
    }

    fn csv(&self) -> Option<String> {
        let rows: Vec<Vec<String>> = self
            .moves
            .iter()
            .map(|m| {
                vec![
                    m.pit.to_string(),
                    m.solved.to_string(),
                    m.value.map_or(String::new(), |v| v.to_string()),
                    m.lower.to_string(),
                    m.upper.to_string(),
                    m.extra_turn.to_string(),
                    m.captured.to_string(),
                ]
            })
            .collect();
        Some(csv(
            &[
                "pit",
                "solved",
                "value_seeds",
                "lower_seeds",
                "upper_seeds",
                "extra_turn",
                "captured_seeds",
            ],
            &rows,
        ))
    }
}

/// A game against the solver (`mancala play`): its settings, checked.
/// Not a [`Verb`]: the game is the terminal's; this makes its position
/// and its solver, and [`computer_move`] gives each of the solver's moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Play {
    /// Pits a side (`None`: 6).
    pub pits: Option<usize>,
    /// Seeds in each pit (`None`: 4).
    pub seeds: Option<u32>,
    /// Seconds the solver thinks on a move (0.1 to 3600).
    pub think: f64,
    /// Read the endgame table from this file.
    pub endgame: Option<PathBuf>,
    /// Build an endgame table of this many seeds (`None`: automatic).
    pub endgame_seeds: Option<usize>,
    /// Transposition table: 2^N entries (10 to 30).
    pub table_bits: u32,
    /// "Empty capture" instead of the handout's capture rule.
    pub empty_capture: bool,
    /// Threads that search together (`None`: every core up to the bound).
    pub threads: Option<usize>,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            pits: None,
            seeds: None,
            think: 5.0,
            endgame: None,
            endgame_seeds: None,
            table_bits: SOLVE_TABLE_BITS,
            empty_capture: false,
            threads: None,
        }
    }
}

/// How a game's solver comes: ready (its table read from a file), or to
/// be built with these options (a build the terminal may run while the
/// player thinks).
pub enum PlaySolver {
    /// Ready.
    Ready(Box<solver::Solver>),
    /// Build it with `solver::Solver::new(&position, &options)`.
    Build(solver::Options),
}

impl std::fmt::Debug for PlaySolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlaySolver::Ready(_) => f.write_str("Ready(..)"),
            PlaySolver::Build(o) => f.debug_tuple("Build").field(o).finish(),
        }
    }
}

impl Play {
    /// The first position and the solver, every flag checked first.
    ///
    /// # Errors
    /// Bad input in the flags, or an endgame file that does not fit.
    pub fn start(&self, ctx: &Context) -> Result<(Position, PlaySolver), AppError> {
        if !PLAY_THINK.contains(&self.think) {
            return bad(format!(
                "--think must be from {} to {} seconds, not {}",
                PLAY_THINK.start(),
                PLAY_THINK.end(),
                self.think
            ));
        }
        if self.endgame.is_some() && self.endgame_seeds.is_some() {
            return bad("--endgame cannot be used with --endgame-seeds (the file sets the table)");
        }
        let rule = rule_of(self.empty_capture);
        let pos = kalah(self.pits.unwrap_or(6), self.seeds.unwrap_or(4), rule, ctx)?;
        let settings = Settings {
            endgame: self.endgame.clone(),
            endgame_seeds: self.endgame_seeds,
            table_bits: self.table_bits,
            threads: self.threads,
        };
        let solver = if settings.endgame.is_some() {
            PlaySolver::Ready(Box::new(make_solver(&settings, &pos, ctx)?))
        } else {
            PlaySolver::Build(solver_options(&settings, &pos, ctx)?)
        };
        Ok((pos, solver))
    }
}

/// The solver's move in a game: proven best, or its best guess when
/// `think` ran out.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ComputerMove {
    /// The pit it plays.
    pub pit: usize,
    /// Proven best: the value under perfect play from here.
    pub value: Option<i32>,
    /// Otherwise the bounds reached: at least `lower`...
    pub lower: i32,
    /// ...and at most `upper`.
    pub upper: i32,
    /// The seconds it thought.
    pub think: f64,
}

impl ComputerMove {
    /// The line the game prints.
    pub fn text(&self) -> String {
        match self.value {
            Some(v) => format!(
                "The solver plays pit {} (proven best: with perfect play from here it {}).\n",
                self.pit,
                finishes(v)
            ),
            None => format!(
                "The solver plays pit {} (its best so far, not proven: after {:.1} s the value is from {:+} to {:+}).\n",
                self.pit, self.think, self.lower, self.upper
            ),
        }
    }
}

/// The solver's move from `p`, thinking up to `think` (or the context's
/// deadline, if earlier).
///
/// # Errors
/// A position the solver does not take; the context's cancellation.
pub fn computer_move(
    solver: &mut solver::Solver,
    p: &Position,
    think: Duration,
    ctx: &Context,
) -> Result<ComputerMove, AppError> {
    let deadline = earliest(Instant::now() + think, ctx);
    let answer = solve_watched(solver, p, deadline, ctx, "thinking")?;
    if ctx.cancel_token().is_cancelled() {
        return Err(AppError::Cancelled);
    }
    let think = think.as_secs_f64();
    Ok(match answer {
        solver::Answer::Solved(s) => ComputerMove {
            pit: s.best_moves[0],
            value: Some(s.value),
            lower: s.value,
            upper: s.value,
            think,
        },
        solver::Answer::Unfinished {
            lower,
            upper,
            best_guess,
            ..
        } => ComputerMove {
            pit: best_guess,
            value: None,
            lower,
            upper,
            think,
        },
    })
}

/// How a table is made: what it needs in memory beside its own bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Making {
    /// Built whole, row by row: the rows' work beside it
    /// ([`endgame::build_bytes`]).
    Whole,
    /// Its top level built in a shard: beside the table below.
    Shard,
}

/// The table of `seeds` seeds for `pits` pits a side is within the
/// positions limit (named `what`) and, made as `making` says, within half
/// the available memory (sizes the library refuses itself are left to
/// it); returns its positions.
fn table_fits(
    pits: usize,
    seeds: usize,
    what: &str,
    making: Making,
    ctx: &Context,
) -> Result<u64, AppError> {
    let total = endgame::positions_for(pits, seeds);
    at_most(what, total, ctx.limits().endgame_positions)?;
    if seeds <= endgame::MAX_SEEDS
        && pits <= endgame::MAX_TABLE_PITS
        && total <= endgame::MAX_POSITIONS
    {
        let need = match making {
            Making::Whole => endgame::build_bytes(pits, seeds),
            Making::Shard => total.saturating_mul(2),
        };
        let limit = crate::limits::memory_limit();
        if need > limit {
            let beside = if making == Making::Shard {
                " beside the one below"
            } else {
                ""
            };
            return bad(format!(
                "an endgame table of {seeds} seeds for {pits} pits a side needs {need} bytes{beside}; half the available memory is {limit}"
            ));
        }
    }
    Ok(total)
}

/// What `endgame build` and `endgame extend` made: its JSON is their
/// `--format json` output once the adapter has written the file (and set
/// `file` and `bytes`).
#[derive(Clone, Debug, Serialize)]
pub struct TableReport {
    /// The file written.
    pub file: String,
    /// Pits a side.
    pub pits: usize,
    /// Seeds in the pits of the largest positions stored.
    pub endgame_seeds: usize,
    /// Under empty capture.
    pub empty_capture: bool,
    /// Positions stored.
    pub positions: u64,
    /// Bytes written.
    pub bytes: u64,
    /// Seconds the build (or join) took.
    pub seconds: f64,
    /// Joined from this many shards (`endgame extend`).
    #[serde(skip)]
    pub shards: Option<usize>,
}

impl Report for TableReport {
    fn text(&self) -> String {
        let rule = rule_name(rule_of(self.empty_capture));
        let (pits, seeds, seconds) = (self.pits, self.endgame_seeds, self.seconds);
        match self.shards {
            None => format!(
                "wrote {}: every position of {pits} pits a side with at most {seeds} seeds in the pits, {rule} capture\n{} positions, {} bytes, built in {seconds:.2} s\n",
                self.file, self.positions, self.bytes
            ),
            Some(n) => format!(
                "wrote {}: every position of {pits} pits a side with at most {seeds} seeds in the pits, {rule} capture, from {n} shards\n{} positions, {} bytes, joined in {seconds:.2} s\n",
                self.file, self.positions, self.bytes
            ),
        }
    }
}

/// Build the endgame table of every position of `pits` pits a side with
/// at most `seeds` seeds in the pits (`endgame build`), its size checked
/// against the context's bounds and the memory first; progress goes to
/// the context's observer. The report's `file` and `bytes` are the
/// adapter's to fill in once it has written the table.
///
/// # Errors
/// Bad input past the bounds; the context's cancellation before the
/// build.
pub fn build_table(
    pits: usize,
    seeds: usize,
    empty_capture: bool,
    ctx: &Context,
) -> Result<(Endgame, TableReport), AppError> {
    if pits == 0 {
        return bad("--pits must be at least 1");
    }
    at_most("--pits", pits, SOLVER_PITS)?;
    at_most("--endgame-seeds", seeds, endgame::MAX_SEEDS)?;
    let total = table_fits(
        pits,
        seeds,
        "the table's positions (--pits, --endgame-seeds)",
        Making::Whole,
        ctx,
    )?;
    ctx.check()?;
    let rule = rule_of(empty_capture);
    let meter = ctx.meter(total, 1 << 24, "positions");
    let t0 = Instant::now();
    let table = Endgame::build_with_progress(pits, seeds, rule, &|done| meter.set(done))?;
    drop(meter);
    let report = TableReport {
        file: String::new(),
        pits,
        endgame_seeds: seeds,
        empty_capture,
        positions: table.positions() as u64,
        bytes: 0,
        seconds: t0.elapsed().as_secs_f64(),
        shards: None,
    };
    Ok((table, report))
}

/// The table one level above `below` fits the limits and (twice, as a
/// shard builds it beside the table below) half the available memory.
fn next_level_fits(below: &Endgame, ctx: &Context) -> Result<(usize, usize), AppError> {
    let (pits, level) = (below.pits(), below.seeds() + 1);
    at_most(
        "the next level (--from's seeds + 1)",
        level,
        endgame::MAX_SEEDS,
    )?;
    table_fits(
        pits,
        level,
        "the larger table's positions (--from's pits and seeds + 1)",
        Making::Shard,
        ctx,
    )?;
    Ok((pits, level))
}

/// What `endgame shard` made: its JSON is the verb's `--format json`
/// output once the adapter has written the file.
#[derive(Clone, Debug, Serialize)]
pub struct ShardReport {
    /// The file written.
    pub file: String,
    /// Pits a side.
    pub pits: usize,
    /// The level filled (the table below's seeds + 1).
    pub level: usize,
    /// Under empty capture.
    pub empty_capture: bool,
    /// Which shard, "K/N".
    pub shard: String,
    /// Positions in the shard.
    pub positions: usize,
    /// Bytes written.
    pub bytes: u64,
    /// Seconds the build took.
    pub seconds: f64,
}

impl Report for ShardReport {
    fn text(&self) -> String {
        format!(
            "wrote {}: shard {} of level {} ({} pits a side, {} capture), {} positions, {} bytes, built in {:.2} s\n",
            self.file,
            self.shard,
            self.level,
            self.pits,
            rule_name(rule_of(self.empty_capture)),
            self.positions,
            self.bytes,
            self.seconds
        )
    }
}

/// Fill shard `shard` of the level above `below` (`endgame shard`), the
/// level's size checked first.
///
/// # Errors
/// Bad input past the bounds or the memory.
pub fn build_shard(
    below: &Endgame,
    shard: dice::parallel::Shard,
    ctx: &Context,
) -> Result<(LevelShard, ShardReport), AppError> {
    let (pits, level) = next_level_fits(below, ctx)?;
    ctx.check()?;
    let t0 = Instant::now();
    let built = below.build_shard(shard.index, shard.count)?;
    let report = ShardReport {
        file: String::new(),
        pits,
        level,
        empty_capture: below.rule() == CaptureRule::Empty,
        shard: format!("{}/{}", shard.index, shard.count),
        positions: built.positions(),
        bytes: 0,
        seconds: t0.elapsed().as_secs_f64(),
    };
    Ok((built, report))
}

/// The level above `below` checked to fit (`endgame extend` asks before it
/// reads the shards).
///
/// # Errors
/// Bad input past the bounds or the memory.
pub fn check_next_level(below: &Endgame, ctx: &Context) -> Result<(), AppError> {
    next_level_fits(below, ctx).map(|_| ())
}

/// The table `below` with its next level joined from `shards` (`endgame
/// extend`); `started` is when the shards began to be read.
///
/// # Errors
/// Bad input past the bounds, or shards that do not make the level.
pub fn extend_table(
    below: &Endgame,
    shards: &[LevelShard],
    started: Instant,
    ctx: &Context,
) -> Result<(Endgame, TableReport), AppError> {
    let (pits, level) = next_level_fits(below, ctx)?;
    ctx.check()?;
    let table = below.extend(shards)?;
    let report = TableReport {
        file: String::new(),
        pits,
        endgame_seeds: level,
        empty_capture: table.rule() == CaptureRule::Empty,
        positions: table.positions() as u64,
        bytes: 0,
        seconds: started.elapsed().as_secs_f64(),
        shards: Some(shards.len()),
    };
    Ok((table, report))
}

/// The most shard files `endgame extend` joins.
pub const MAX_SHARDS: u64 = endgame::MAX_SHARDS;

#[cfg(test)]
mod tests {
    use super::*;

    /// A short request gets a transposition table whose pages can be
    /// mapped within half its time, and a smaller endgame table; a long
    /// one keeps what it asked for.
    #[test]
    fn a_short_request_gets_tables_it_has_time_for() {
        let ctx = Context::new();
        let p = Position::kalah(6, 6, CaptureRule::Handout).unwrap();
        let asked = Settings {
            endgame: None,
            endgame_seeds: None,
            table_bits: 24,
            threads: None,
        };
        let short = short_limit_table(&asked, &p, 0.1, &ctx).unwrap();
        assert_eq!(short.table_bits, 24);
        let k = short.endgame_seeds.unwrap();
        assert!(table_build_seconds(6, k) <= 0.1 && table_build_seconds(6, k + 1) > 0.1);
        // A table given keeps its size.
        let given = Settings {
            endgame_seeds: Some(16),
            ..asked.clone()
        };
        assert!(short_limit_table(&given, &p, 0.1, &ctx).is_none());
        // The transposition table: its pages mapped in a quarter of the
        // time.
        let bits = table_bits_for(24, 0.1);
        assert_eq!(bits, 19);
        assert!(table_touch_seconds(bits) <= 0.025 && table_touch_seconds(bits + 1) > 0.025);
        assert_eq!(table_bits_for(24, 1.0), 23);
        // Two seconds: 128 MiB maps in half a second; kept.
        assert_eq!(table_bits_for(24, 2.0), 24);
        assert_eq!(table_bits_for(18, 0.1), 18);
        // A size out of range is left, to be refused as asked.
        assert_eq!(table_bits_for(99, 0.1), 99);
        assert_eq!(table_bits_for(9, 0.1), 9);
    }

    /// Out of time, a move that ends the game, or whose position the
    /// endgame table holds, is still exact; the others get their bounds.
    #[test]
    fn out_of_time_a_move_known_at_once_is_exact() {
        let ctx = Context::new();
        // Pit 0 captures the other's only seeds: the game ends. Pit 2 does
        // not.
        let p = Position::new(&[1, 0, 2, 0, 0, 5, 0, 0], 0, CaptureRule::Handout).unwrap();
        let options = |k| solver::Options {
            endgame_seeds: Some(k),
            table_bits: 12,
            threads: 1,
        };
        let past = Instant::now();
        let mut s = solver::Solver::new(&p, &options(0)).unwrap();
        let (moves, nodes) = values_upto(&mut s, &p, past, &|| false, &ctx, true).unwrap();
        assert_eq!(nodes, 0);
        let alone = bounds_only(&p).unwrap();
        assert!(moves[0].solved && alone[0].solved, "{moves:?}");
        assert_eq!(moves[0].value, alone[0].value);
        assert!(!moves[1].solved, "{moves:?}");
        // With a table of every seed on the board, every move.
        let mut s = solver::Solver::new(&p, &options(8)).unwrap();
        let (moves, _) = values_upto(&mut s, &p, past, &|| false, &ctx, true).unwrap();
        let mut exact = solver::Solver::new(&p, &options(0)).unwrap();
        let (truth, _) = values_upto(
            &mut exact,
            &p,
            past + Duration::from_secs(60),
            &|| false,
            &ctx,
            true,
        )
        .unwrap();
        assert!(moves.iter().all(|m| m.solved), "{moves:?}");
        assert_eq!(
            moves.iter().map(|m| m.value).collect::<Vec<_>>(),
            truth.iter().map(|m| m.value).collect::<Vec<_>>()
        );
    }

    #[test]
    fn finishes_reads_the_sign_as_words() {
        assert_eq!(super::finishes(-6), "finishes 6 seeds behind");
        assert_eq!(super::finishes(6), "finishes 6 seeds ahead");
        assert_eq!(super::finishes(1), "finishes 1 seed ahead");
        assert_eq!(super::finishes(0), "draws");
    }

    /// The root alone gives the best moves, proven: each other move is
    /// bounded below their value, unsearched; and they are the best moves
    /// of every move's exact value.
    #[test]
    fn the_root_alone_proves_the_best_moves() {
        use crate::Context;
        use mancala::{CaptureRule, Position, solver};
        use std::time::{Duration, Instant};
        for rule in [CaptureRule::Handout, CaptureRule::Empty] {
            let options = solver::Options {
                table_bits: 16,
                endgame_seeds: Some(0),
                threads: 1,
            };
            for (m, n) in [(4, 3), (4, 4), (5, 3)] {
                let p = Position::kalah(m, n, rule).unwrap();
                let end = Instant::now() + Duration::from_secs(600);
                let (ctx, stop) = (Context::new(), || false);
                let mut s = solver::Solver::new(&p, &options).unwrap();
                let (root, _) = super::values_upto(&mut s, &p, end, &stop, &ctx, false).unwrap();
                let mut s = solver::Solver::new(&p, &options).unwrap();
                let (every, _) = super::values_upto(&mut s, &p, end, &stop, &ctx, true).unwrap();
                assert!(every.iter().all(|v| v.solved));
                let best = super::proven_best(&root);
                assert!(!best.is_empty(), "{m}x{n} {rule:?}: {root:?}");
                assert_eq!(best, super::proven_best(&every), "{m}x{n} {rule:?}");
                let top = every.iter().filter_map(|v| v.value).max().unwrap();
                for (r, e) in root.iter().zip(&every) {
                    let v = e.value.unwrap();
                    assert!(r.lower <= v && v <= r.upper, "{r:?} {e:?}");
                    assert_eq!(r.solved, v == top, "{r:?} {e:?}");
                }
                // Unproven: a move not below the best's value.
                let mut loose = root.clone();
                if let Some(o) = loose.iter_mut().find(|v| !v.solved) {
                    o.upper = top;
                    assert_eq!(super::proven_best(&loose), Vec::<usize>::new());
                }
            }
        }
    }
}
