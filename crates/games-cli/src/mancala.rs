//! `games-cli mancala`: `sow` (the handout's sow_game, one board or a JSONL
//! batch for graders; the default verb), `solve` (the exact value and best
//! moves, one position or a JSONL batch), `play` (against the solver in the
//! terminal) and `endgame build` (write an endgame table file).

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::{Args, Subcommand};
use mancala::endgame::{self, Endgame};
use mancala::{CaptureRule, MancalaError, Position, solver, sow_game};
use serde::Serialize;
use serde_json::Value;

use crate::{CliError, Format, Output, Terminal, fail, to_json};

/// Arguments of `games-cli mancala`: a verb, or `sow`'s flags.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MancalaArgs {
    #[command(subcommand)]
    command: Option<MancalaCommand>,
    #[command(flatten)]
    sow: SowArgs,
}

#[derive(Subcommand, Debug)]
enum MancalaCommand {
    /// The handout's sow_game: a board after a list of moves (the default verb).
    Sow(SowArgs),
    /// Solve a position exactly: its value and every best move.
    Solve(SolveArgs),
    /// Play against the solver in the terminal.
    Play(PlayArgs),
    /// Endgame tables: build one and write it to a file, or its next level in shards (shard, extend).
    Endgame(EndgameArgs),
    /// Play one move from a position (the rules step's JSON): what the
    /// sowing did and the position after.
    Move(MoveArgs),
    /// The value of every legal move of a position, each solved within a
    /// share of --think seconds (or the bounds reached).
    Moves(MovesArgs),
}

/// A position: the rules step's JSON, or a new Kalah(pits, seeds) game.
#[derive(Args, Debug)]
struct StateArgs {
    /// The position as the rules step writes it: {"board": [...],
    /// "to_move": 0, "rule": "seed"} (or "empty").
    #[arg(long, conflicts_with_all = ["pits", "seeds", "empty_capture"])]
    state: Option<String>,
    /// Or a new game: pits a side [default: 6].
    #[arg(long)]
    pits: Option<usize>,
    /// Seeds in each pit [default: 4].
    #[arg(long)]
    seeds: Option<u32>,
    /// "Empty capture" instead of the handout's capture rule (new game).
    #[arg(long)]
    empty_capture: bool,
}

impl StateArgs {
    /// The flag the position came from, for messages.
    fn flag(&self) -> &'static str {
        if self.state.is_some() {
            "--state"
        } else {
            "--pits/--seeds"
        }
    }

    fn position(&self) -> Result<Position, CliError> {
        match &self.state {
            Some(text) => {
                let p: Position =
                    serde_json::from_str(text).map_err(|e| CliError(format!("--state: {e}")))?;
                Ok(p)
            }
            None => kalah(
                self.pits.unwrap_or(6),
                self.seeds.unwrap_or(4),
                rule_of(self.empty_capture),
            ),
        }
    }
}

#[derive(Args, Debug)]
struct MoveArgs {
    #[command(flatten)]
    state: StateArgs,
    /// The pit to play, counted on the mover's side from 0.
    #[arg(long)]
    pit: usize,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct MovesArgs {
    #[command(flatten)]
    state: StateArgs,
    /// Seconds for all the moves together (0.05 to 3600); a move not
    /// solved in its share shows the bounds reached.
    #[arg(
        long,
        default_value_t = 2.0,
        value_name = "SECONDS",
        allow_negative_numbers = true
    )]
    think: f64,
    /// Transposition table: 2^N words of 8 bytes, one entry each (10 to 30).
    #[arg(long, default_value_t = 22, value_name = "N")]
    table_bits: u32,
    #[command(flatten)]
    output: crate::TableOutput,
}

#[derive(Args, Debug)]
struct SowArgs {
    /// The board, e.g. 3,3,3,0,3,3,3,0 (the handout's layout: pits, store, pits, store).
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    board: Option<Vec<i64>>,
    /// Moves, each a pit on the mover's side, e.g. 0,2.
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    moves: Option<Vec<i64>>,
    /// Read one {"board": [...], "moves": [...]} per stdin line; write one
    /// result per line.
    #[arg(long, conflicts_with_all = ["board", "moves"])]
    jsonl: bool,
    #[command(flatten)]
    output: Output,
}

/// The solver's settings, shared by `solve` and `play`.
#[derive(Args, Debug)]
struct SolverArgs {
    /// Read the endgame table from this file (made by `mancala endgame
    /// build` for the same pits and capture rule).
    #[arg(long, value_name = "FILE", conflicts_with = "endgame_seeds")]
    endgame: Option<PathBuf>,
    /// Build an endgame table of this many seeds in memory first (0: none)
    /// [default: a size whose build is a small part of the search it
    /// saves: 18 seeds for 6 pits and 4 seeds a pit, about a second].
    #[arg(long)]
    endgame_seeds: Option<usize>,
    /// Transposition table: 2^N words of 8 bytes, one entry each (10 to 30).
    #[arg(long, default_value_t = 24, value_name = "N")]
    table_bits: u32,
    /// "Empty capture" (Irving et al. 2000) instead of the handout's capture rule.
    #[arg(long)]
    empty_capture: bool,
    /// Threads that search together, 1 to 256 [default: every core]. The
    /// value and best moves do not depend on it; the nodes searched vary
    /// from run to run with more than one.
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Pits a side for Kalah(pits, seeds) [default: 6].
    #[arg(long, conflicts_with = "board")]
    pits: Option<usize>,
    /// Seeds in each pit for Kalah(pits, seeds) [default: 4].
    #[arg(long, conflicts_with = "board")]
    seeds: Option<u32>,
    /// A board to solve instead, player 0 to move (the handout's layout).
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    board: Option<Vec<i64>>,
    /// Solve one {"board": [...]} (optional "to_move": 0 or 1) per stdin
    /// line; write one result per line.
    #[arg(long, conflicts_with_all = ["board", "pits", "seeds"])]
    jsonl: bool,
    /// Stop after this many seconds with the bounds reached (1 to 86400;
    /// exit code 1).
    #[arg(
        long,
        default_value_t = 3600.0,
        value_name = "SECONDS",
        allow_negative_numbers = true
    )]
    time_limit: f64,
    #[command(flatten)]
    solver: SolverArgs,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Pits a side [default: 6].
    #[arg(long)]
    pits: Option<usize>,
    /// Seeds in each pit [default: 4].
    #[arg(long)]
    seeds: Option<u32>,
    /// Seconds the solver thinks on a move (0.1 to 3600); then it plays the
    /// best move it has and says whether it is proven best.
    #[arg(
        long,
        default_value_t = 5.0,
        value_name = "SECONDS",
        allow_negative_numbers = true
    )]
    think: f64,
    #[command(flatten)]
    solver: SolverArgs,
}

#[derive(Args, Debug)]
struct EndgameArgs {
    #[command(subcommand)]
    command: EndgameCommand,
}

#[derive(Subcommand, Debug)]
enum EndgameCommand {
    /// Build the table of every position with at most --endgame-seeds seeds
    /// in the pits, and write it to FILE.
    Build(BuildArgs),
    /// Fill shard K/N of the next level of a table (one seed more than
    /// --from holds) and write it to FILE; shards are independent processes.
    Shard(ShardArgs),
    /// Add the next level to the table --from from all its shards and write
    /// the larger table to FILE (the same bytes `endgame build` writes).
    Extend(ExtendArgs),
}

#[derive(Args, Debug)]
struct ShardArgs {
    /// The shard file to write.
    #[arg(value_name = "FILE")]
    out: PathBuf,
    /// The table below (from `endgame build` or `endgame extend`).
    #[arg(long, value_name = "TABLE")]
    from: PathBuf,
    /// Which shard: K/N, K from 0 to N-1.
    #[arg(long, value_name = "K/N", value_parser = crate::parse_shard)]
    shard: dice::parallel::Shard,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct ExtendArgs {
    /// The larger table to write.
    #[arg(value_name = "FILE")]
    out: PathBuf,
    /// The table below (from `endgame build` or `endgame extend`).
    #[arg(long, value_name = "TABLE")]
    from: PathBuf,
    /// Every shard of the next level (from `endgame shard`), in any order.
    #[arg(value_name = "SHARD", required = true)]
    shards: Vec<PathBuf>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct BuildArgs {
    /// The file to write.
    #[arg(value_name = "FILE")]
    out: PathBuf,
    /// Pits a side.
    #[arg(long, default_value_t = 6)]
    pits: usize,
    /// Seeds in the pits of the largest positions stored.
    #[arg(long, default_value_t = 20)]
    endgame_seeds: usize,
    /// "Empty capture" instead of the handout's capture rule.
    #[arg(long)]
    empty_capture: bool,
    #[command(flatten)]
    output: Output,
}

fn rule_of(empty_capture: bool) -> CaptureRule {
    if empty_capture {
        CaptureRule::Empty
    } else {
        CaptureRule::Handout
    }
}

pub fn run(a: MancalaArgs) -> Result<String, CliError> {
    match a.command {
        Some(MancalaCommand::Sow(s)) => sow(&s),
        Some(MancalaCommand::Solve(s)) => solve_verb(&s),
        Some(MancalaCommand::Play(p)) => {
            if !(0.1..=3600.0).contains(&p.think) {
                return fail(format!(
                    "--think must be from 0.1 to 3600 seconds, not {}",
                    p.think
                ));
            }
            let rule = rule_of(p.solver.empty_capture);
            let pos = kalah(p.pits.unwrap_or(6), p.seeds.unwrap_or(4), rule)?;
            // Without a table file the endgame table is built while the
            // player thinks over the first move (the arguments are checked
            // first, so bad input still fails at once).
            let solver = if p.solver.endgame.is_some() {
                Ok(make_solver(&p.solver, &pos)?)
            } else {
                let options = solver_options(&p.solver, &pos)?;
                let start = pos.clone();
                Err(std::thread::spawn(move || {
                    solver::Solver::new(&start, &options)
                }))
            };
            play(pos, solver, std::time::Duration::from_secs_f64(p.think))
        }
        Some(MancalaCommand::Endgame(EndgameArgs {
            command: EndgameCommand::Build(b),
        })) => build_endgame(&b),
        Some(MancalaCommand::Endgame(EndgameArgs {
            command: EndgameCommand::Shard(a),
        })) => shard_endgame(&a),
        Some(MancalaCommand::Endgame(EndgameArgs {
            command: EndgameCommand::Extend(a),
        })) => extend_endgame(&a),
        Some(MancalaCommand::Move(m)) => move_verb(&m),
        Some(MancalaCommand::Moves(m)) => moves_verb(&m),
        None => sow(&a.sow),
    }
}

/// `sow`'s JSON (one line of a batch too).
#[derive(Serialize)]
struct SowOut {
    board: Vec<u32>,
    next_player: i32,
}

fn sow(a: &SowArgs) -> Result<String, CliError> {
    if a.jsonl {
        return jsonl(one_line);
    }
    let Some(board) = &a.board else {
        return fail("mancala sow: --board is required (or --jsonl)");
    };
    let moves = a.moves.clone().unwrap_or_default();
    let (b, next) = sow_game(board, &moves)?;
    Ok(match a.output.format {
        Format::Json => to_json(&SowOut {
            board: b,
            next_player: next,
        })?,
        Format::Table => format!(
            "{}\nnext player: {}\n",
            draw(&b),
            if next < 0 {
                "none (the game is over)".to_string()
            } else {
                next.to_string()
            }
        ),
    })
}

fn solve_verb(a: &SolveArgs) -> Result<String, CliError> {
    if !(1.0..=86_400.0).contains(&a.time_limit) {
        return fail(format!(
            "--time-limit must be from 1 to 86400 seconds, not {}",
            a.time_limit
        ));
    }
    let rule = rule_of(a.solver.empty_capture);
    if a.jsonl {
        return solve_jsonl(&a.solver, rule);
    }
    let p = match &a.board {
        Some(b) => Position::new(b, 0, rule)?,
        None => kalah(a.pits.unwrap_or(6), a.seeds.unwrap_or(4), rule)?,
    };
    check_solvable(&p, "--board")?;
    // The limit counts the whole run: the endgame table's build (and a
    // table file's read) too, not only the search after it.
    let start = std::time::Instant::now();
    let short = short_limit_table(&a.solver, &p, a.time_limit);
    let mut solver = make_solver(short.as_ref().unwrap_or(&a.solver), &p)?;
    let deadline = start + std::time::Duration::from_secs_f64(a.time_limit);
    solve(&mut solver, &p, a.output.format, a.time_limit, deadline).map_err(|mut e| {
        if a.board.is_some() && e.code == crate::EXIT_BAD_INPUT {
            e.message = format!("--board: {}", e.message);
        }
        e
    })
}

/// Table positions built for each second of `--time-limit` when no table
/// is asked for: at about 10^8 positions a second on two cores (the
/// 18-seed table of 6 pits, 86 M positions, in 0.9 s), a tenth of the
/// limit at most. Past 9 s the default table is built as before; under it
/// a smaller one, so that a short limit is not spent before the search.
const TABLE_POSITIONS_PER_SECOND: f64 = 1e7;

/// The solver's settings with a smaller endgame table than the default
/// when its build would take much of `time_limit` (`None`: keep them).
fn short_limit_table(a: &SolverArgs, p: &Position, time_limit: f64) -> Option<SolverArgs> {
    if a.endgame.is_some() || a.endgame_seeds.is_some() {
        return None;
    }
    let in_pits = p.board().iter().sum::<u32>() - p.stores()[0] - p.stores()[1];
    let auto = solver::auto_endgame_seeds(p.pits(), (in_pits as usize).min(endgame::MAX_SEEDS));
    let budget = time_limit * TABLE_POSITIONS_PER_SECOND;
    let k = (0..=auto)
        .take_while(|&k| mancala::endgame::positions_for(p.pits(), k) as f64 <= budget)
        .last()
        .unwrap_or(0);
    (k < auto).then_some(SolverArgs {
        endgame: None,
        endgame_seeds: Some(k),
        table_bits: a.table_bits,
        empty_capture: a.empty_capture,
        threads: a.threads,
    })
}

/// The most pits a side the solver takes (16 cells of a byte).
const SOLVER_PITS: usize = mancala::solver::MAX_SOLVER_PITS;

/// Kalah(pits, seeds) for the solver, its size checked before the board is
/// made.
fn kalah(pits: usize, seeds: u32, rule: CaptureRule) -> Result<Position, CliError> {
    if pits == 0 {
        return fail("--pits must be at least 1");
    }
    crate::limits::at_most("--pits", pits, SOLVER_PITS)?;
    let total = 2 * pits as u64 * u64::from(seeds);
    let most = crate::limits::limits().solve_seeds;
    if total > most {
        return fail(format!(
            "--seeds {seeds}: Kalah({pits},{seeds}) has {total} seeds; the solver takes positions of at most {most}"
        ));
    }
    Ok(Position::kalah(pits, seeds, rule)?)
}

/// Refuse a position the solver would take too long on; `flag` names where
/// it came from (`--board`, `--state`).
fn check_solvable(p: &Position, flag: &str) -> Result<(), CliError> {
    crate::limits::at_most(&format!("{flag}: pits a side"), p.pits(), SOLVER_PITS)?;
    let pits: u64 = p
        .board()
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != p.pits() && i != 2 * p.pits() + 1)
        .map(|(_, &x)| u64::from(x))
        .sum();
    let most = crate::limits::limits().solve_seeds;
    if pits > most {
        return fail(format!(
            "{flag} holds {pits} seeds in the pits; the solver takes positions of at most {most}"
        ));
    }
    Ok(())
}

/// The solver for `p`: with the endgame table read from --endgame, or one
/// of --endgame-seeds built in memory; refused before anything is
/// allocated when it would not fit.
fn make_solver(a: &SolverArgs, p: &Position) -> Result<solver::Solver, CliError> {
    let options = solver_options(a, p)?;
    let Some(path) = &a.endgame else {
        return Ok(solver::Solver::new(p, &options)?);
    };
    // The transposition table's pages are touched while the file is read.
    let solver = solver::Solver::loading(&options, || load_endgame(path))?;
    solver
        .check_position(p)
        .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    Ok(solver)
}

/// The solver's options from its arguments, checked (table size, memory).
fn solver_options(a: &SolverArgs, p: &Position) -> Result<solver::Options, CliError> {
    if !(solver::MIN_TABLE_BITS..=solver::MAX_TABLE_BITS).contains(&a.table_bits) {
        return fail(format!(
            "--table-bits must be from {} to {}, not {}",
            solver::MIN_TABLE_BITS,
            solver::MAX_TABLE_BITS,
            a.table_bits
        ));
    }
    if let (Some(k), None) = (a.endgame_seeds, &a.endgame) {
        // A table built for the solve: the same bound as `endgame build`.
        crate::limits::at_most("--endgame-seeds", k, endgame::MAX_SEEDS)?;
        crate::limits::at_most(
            "the table's positions (--endgame-seeds)",
            mancala::endgame::positions_for(p.pits(), k),
            crate::limits::limits().endgame_positions,
        )?;
    }
    let options = solver::Options {
        endgame_seeds: a.endgame_seeds,
        table_bits: a.table_bits,
        threads: crate::threads_or_all(a.threads)?,
    };
    let file = a
        .endgame
        .as_ref()
        .map(|path| std::fs::metadata(path).map_or(0, |m| m.len()));
    solver::check_memory(&options, p.pits(), file, crate::memory_limit())?;
    Ok(options)
}

fn load_endgame(path: &std::path::Path) -> Result<Endgame, CliError> {
    Endgame::read_file(path).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// `solve --jsonl`: one position a line, each solved; one solver a board
/// size, so its tables (and a table read from --endgame, once) serve every
/// line.
fn solve_jsonl(a: &SolverArgs, rule: CaptureRule) -> Result<String, CliError> {
    let mut solvers: std::collections::HashMap<usize, solver::Solver> =
        std::collections::HashMap::new();
    if let Some(path) = &a.endgame {
        let table = load_endgame(path)?;
        if table.rule() != rule {
            return fail(format!(
                "{} is for {} capture; the batch asks for {} capture",
                path.display(),
                rule_name(table.rule()),
                rule_name(rule)
            ));
        }
        let options = solver::Options {
            endgame_seeds: None,
            table_bits: a.table_bits,
            threads: crate::threads_or_all(a.threads)?,
        };
        let pits = table.pits();
        solvers.insert(pits, solver::Solver::with_endgame(table, &options)?);
    }
    jsonl(|line| {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
        let board = list(&v, "board")?;
        let to_move = match v.get("to_move") {
            None => 0,
            Some(t) => match t.as_u64() {
                Some(x @ (0 | 1)) => x as usize,
                _ => return Err(format!("\"to_move\" must be 0 or 1, found {t}")),
            },
        };
        let p = Position::new(&board, to_move, rule).map_err(|e| e.to_string())?;
        check_solvable(&p, "board").map_err(|e| e.message)?;
        let solver = match solvers.entry(p.pits()) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                if let Some(path) = &a.endgame {
                    return Err(format!(
                        "{} is for another board size; this board has {} pits a side",
                        path.display(),
                        p.pits()
                    ));
                }
                e.insert(make_solver(a, &p).map_err(|e| e.message)?)
            }
        };
        let s = solver.solve(&p).map_err(|e| e.to_string())?;
        serde_json::to_value(SolvedLine {
            value: s.value,
            best_moves: s.best_moves,
            nodes: s.nodes,
            endgame_seeds: s.endgame_seeds,
        })
        .map_err(|e| e.to_string())
    })
}

/// One line of `solve --jsonl`.
#[derive(Serialize)]
struct SolvedLine {
    value: i32,
    best_moves: Vec<usize>,
    nodes: u64,
    endgame_seeds: usize,
}

fn rule_name(rule: CaptureRule) -> &'static str {
    match rule {
        CaptureRule::Handout => "the handout's",
        CaptureRule::Empty => "empty",
    }
}

/// `endgame build`'s JSON.
#[derive(Serialize)]
struct BuildOut {
    file: String,
    pits: usize,
    endgame_seeds: usize,
    empty_capture: bool,
    positions: u64,
    bytes: u64,
    seconds: f64,
}

fn build_endgame(b: &BuildArgs) -> Result<String, CliError> {
    let (path, pits, seeds, rule, format) = (
        b.out.as_path(),
        b.pits,
        b.endgame_seeds,
        rule_of(b.empty_capture),
        b.output.format,
    );
    let target = crate::output::check_one("FILE", path)?;
    if pits == 0 {
        return fail("--pits must be at least 1");
    }
    crate::limits::at_most("--pits", pits, SOLVER_PITS)?;
    crate::limits::at_most("--endgame-seeds", seeds, endgame::MAX_SEEDS)?;
    let total = table_fits(
        pits,
        seeds,
        "the table's positions (--pits, --endgame-seeds)",
        Making::Whole,
    )?;
    let bar = crate::progress(total, 1 << 24, "positions");
    let t0 = std::time::Instant::now();
    let table = Endgame::build_with_progress(pits, seeds, rule, &|done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    })?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let seconds = t0.elapsed().as_secs_f64();
    let bytes = crate::output::write_with(&target, |w| table.save(w))?;
    Ok(match format {
        Format::Json => to_json(&BuildOut {
            file: path.display().to_string(),
            pits,
            endgame_seeds: seeds,
            empty_capture: rule == CaptureRule::Empty,
            positions: table.positions() as u64,
            bytes,
            seconds,
        })?,
        Format::Table => format!(
            "wrote {}: every position of {pits} pits a side with at most {seeds} seeds in the pits, {} capture\n{} positions, {} bytes, built in {seconds:.2} s\n",
            path.display(),
            rule_name(rule),
            table.positions(),
            bytes
        ),
    })
}

/// The table one level above `below` fits the limits and (twice, as a
/// shard builds it beside the table below) half the available memory.
fn next_level_fits(below: &Endgame) -> Result<(usize, usize), CliError> {
    let (pits, level) = (below.pits(), below.seeds() + 1);
    crate::limits::at_most(
        "the next level (--from's seeds + 1)",
        level,
        endgame::MAX_SEEDS,
    )?;
    table_fits(
        pits,
        level,
        "the larger table's positions (--from's pits and seeds + 1)",
        Making::Shard,
    )?;
    Ok((pits, level))
}

/// How a table is made: what it needs in memory beside its own bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Making {
    /// Built whole, row by row: the rows' work beside it
    /// ([`mancala::endgame::build_bytes`]).
    Whole,
    /// Its top level built in a shard: beside the table below.
    Shard,
}

/// The table of `seeds` seeds for `pits` pits a side is within the
/// positions limit (named `what`) and, made as `making` says, within half
/// the available memory (sizes the library refuses itself are left to
/// it); returns its positions.
fn table_fits(pits: usize, seeds: usize, what: &str, making: Making) -> Result<u64, CliError> {
    let total = mancala::endgame::positions_for(pits, seeds);
    crate::limits::at_most(what, total, crate::limits::limits().endgame_positions)?;
    if seeds <= endgame::MAX_SEEDS
        && pits <= endgame::MAX_TABLE_PITS
        && total <= mancala::endgame::MAX_POSITIONS
    {
        let need = match making {
            Making::Whole => mancala::endgame::build_bytes(pits, seeds),
            Making::Shard => total.saturating_mul(2),
        };
        let limit = crate::memory_limit();
        if need > limit {
            let beside = if making == Making::Shard {
                " beside the one below"
            } else {
                ""
            };
            return fail(format!(
                "an endgame table of {seeds} seeds for {pits} pits a side needs {need} bytes{beside}; half the available memory is {limit}"
            ));
        }
    }
    Ok(total)
}

/// `endgame shard`'s JSON.
#[derive(Serialize)]
struct ShardOut {
    file: String,
    pits: usize,
    level: usize,
    empty_capture: bool,
    shard: String,
    positions: usize,
    bytes: u64,
    seconds: f64,
}

fn shard_endgame(a: &ShardArgs) -> Result<String, CliError> {
    let target = crate::output::check_one("FILE", &a.out)?;
    target.not_over(&[("--from", &a.from)])?;
    let below = load_endgame(&a.from)?;
    let (pits, level) = next_level_fits(&below)?;
    let t0 = std::time::Instant::now();
    let shard = below.build_shard(a.shard.index, a.shard.count)?;
    let seconds = t0.elapsed().as_secs_f64();
    let bytes = crate::output::write_with(&target, |w| shard.save(w))?;
    let name = format!("{}/{}", a.shard.index, a.shard.count);
    Ok(match a.output.format {
        Format::Json => to_json(&ShardOut {
            file: a.out.display().to_string(),
            pits,
            level,
            empty_capture: below.rule() == CaptureRule::Empty,
            shard: name,
            positions: shard.positions(),
            bytes,
            seconds,
        })?,
        Format::Table => format!(
            "wrote {}: shard {name} of level {level} ({pits} pits a side, {} capture), {} positions, {bytes} bytes, built in {seconds:.2} s\n",
            a.out.display(),
            rule_name(below.rule()),
            shard.positions(),
        ),
    })
}

fn extend_endgame(a: &ExtendArgs) -> Result<String, CliError> {
    let target = crate::output::check_one("FILE", &a.out)?;
    crate::limits::at_most(
        "shard files",
        a.shards.len() as u64,
        mancala::endgame::MAX_SHARDS,
    )?;
    let mut inputs = vec![("--from", a.from.as_path())];
    inputs.extend(a.shards.iter().map(|p| ("SHARD", p.as_path())));
    target.not_over(&inputs)?;
    let below = load_endgame(&a.from)?;
    let (pits, level) = next_level_fits(&below)?;
    let t0 = std::time::Instant::now();
    let shards = a
        .shards
        .iter()
        .map(|path| {
            let file = std::fs::File::open(path)
                .map_err(|e| CliError(format!("{}: cannot read the file: {e}", path.display())))?;
            mancala::endgame::LevelShard::load(&mut std::io::BufReader::new(file))
                .map_err(|e| CliError(format!("{}: {e}", path.display())))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let table = below.extend(&shards)?;
    let seconds = t0.elapsed().as_secs_f64();
    let bytes = crate::output::write_with(&target, |w| table.save(w))?;
    Ok(match a.output.format {
        Format::Json => to_json(&BuildOut {
            file: a.out.display().to_string(),
            pits,
            endgame_seeds: level,
            empty_capture: table.rule() == CaptureRule::Empty,
            positions: table.positions() as u64,
            bytes,
            seconds,
        })?,
        Format::Table => format!(
            "wrote {}: every position of {pits} pits a side with at most {level} seeds in the pits, {} capture, from {} shards\n{} positions, {bytes} bytes, joined in {seconds:.2} s\n",
            a.out.display(),
            rule_name(table.rule()),
            shards.len(),
            table.positions(),
        ),
    })
}

/// Solve until `deadline`, showing on a terminal what the search knows so
/// far (the value's bounds as the MTD(f) passes close in, and the nodes).
fn solve_showing(
    solver: &mut solver::Solver,
    p: &Position,
    deadline: std::time::Instant,
    doing: &str,
) -> Result<solver::Answer, CliError> {
    let bar = crate::spinner();
    let answer = solver.solve_until(p, Some(deadline), &|x| {
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "{doing}: value in {:+} ..= {:+}, {} nodes",
                x.lower, x.upper, x.nodes
            ));
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    Ok(answer?)
}

/// `solve`'s JSON.
#[derive(Serialize)]
struct SolveOut {
    pits: usize,
    board: Vec<u32>,
    value: i32,
    best_moves: Vec<usize>,
    nodes: u64,
    endgame_seeds: usize,
    empty_capture: bool,
}

fn solve(
    solver: &mut solver::Solver,
    p: &Position,
    format: Format,
    time_limit: f64,
    deadline: std::time::Instant,
) -> Result<String, CliError> {
    let s = match solve_showing(solver, p, deadline, "solving")? {
        solver::Answer::Solved(s) => s,
        solver::Answer::Unfinished {
            lower,
            upper,
            nodes,
            ..
        } => {
            return Err(CliError {
                message: format!(
                    "not solved within --time-limit {time_limit} s: the value is from {lower:+} to {upper:+} after {nodes} nodes"
                ),
                code: crate::EXIT_MACHINE,
                quiet: false,
            });
        }
    };
    Ok(match format {
        Format::Json => to_json(&SolveOut {
            pits: p.pits(),
            board: p.board().to_vec(),
            value: s.value,
            best_moves: s.best_moves.clone(),
            nodes: s.nodes,
            endgame_seeds: s.endgame_seeds,
            empty_capture: p.rule() == CaptureRule::Empty,
        })?,
        Format::Table => format!(
            "{}\nvalue for player {} (store difference under perfect play): {:+}\nbest moves: {:?}\nnodes searched: {} (endgame table: positions with at most {} seeds in the pits)\n",
            draw(p.board()),
            p.to_move(),
            s.value,
            s.best_moves,
            s.nodes,
            s.endgame_seeds
        ),
    })
}

/// Two rows and two stores: player 1's pits on top, right to left (the ring
/// runs counter-clockwise), player 0's below, left to right.
fn draw(b: &[u32]) -> String {
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

/// A batch line that failed.
#[derive(Serialize)]
struct LineError {
    error: String,
}

/// Read stdin a line at a time and write one JSON line for each, in
/// order: what `handle` makes of it, or `{"error": "line K: ..."}` (a line
/// that is empty, not UTF-8 or not JSON included): exactly one output line
/// per input line. A UTF-8 byte-order mark and CRLF line ends are read as
/// nothing.
fn jsonl(mut handle: impl FnMut(&str) -> Result<Value, String>) -> Result<String, CliError> {
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut failed = 0usize;
    let mut buf = Vec::new();
    let mut number = 0usize;
    loop {
        buf.clear();
        let n = input
            .read_until(b'\n', &mut buf)
            .map_err(|e| CliError::io("cannot read stdin", &e))?;
        if n == 0 {
            break;
        }
        number += 1;
        let mut bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if number == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        let result = match std::str::from_utf8(bytes) {
            Err(e) => Err(format!("not UTF-8 text (byte {})", e.valid_up_to() + 1)),
            Ok(line) if line.trim().is_empty() => Err("an empty line, not a JSON object".into()),
            Ok(line) => handle(line),
        };
        let value = result.unwrap_or_else(|msg| {
            failed += 1;
            serde_json::to_value(LineError {
                error: format!("line {number}: {msg}"),
            })
            .unwrap_or(Value::Null)
        });
        writeln!(out, "{value}").map_err(|e| CliError::io("cannot write stdout", &e))?;
    }
    out.flush()
        .map_err(|e| CliError::io("cannot write stdout", &e))?;
    if failed > 0 {
        return fail(format!(
            "{failed} line(s) failed; see their \"error\" results"
        ));
    }
    Ok(String::new())
}

/// A list of whole numbers under `key`.
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

fn one_line(line: &str) -> Result<Value, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let (board, moves) = (list(&v, "board")?, list(&v, "moves")?);
    let (b, next) = sow_game(&board, &moves).map_err(|e: MancalaError| e.to_string())?;
    serde_json::to_value(SowOut {
        board: b,
        next_player: next,
    })
    .map_err(|e| e.to_string())
}

/// A solver, or the thread still building it.
type SolverSoon =
    Result<solver::Solver, std::thread::JoinHandle<Result<solver::Solver, MancalaError>>>;

fn play(
    mut p: Position,
    solver: SolverSoon,
    think: std::time::Duration,
) -> Result<String, CliError> {
    let (mut ready, mut building) = match solver {
        Ok(s) => (Some(s), None),
        Err(b) => (None, Some(b)),
    };
    let mut term = Terminal::new();
    term.say(&format!(
        "Kalah with {} pits a side. You are player 0 (bottom row, store on the right); the solver is player 1.\n",
        p.pits()
    ))?;
    while !p.is_over() {
        term.say(&format!("\n{}\n", draw(p.board())))?;
        if p.to_move() == 0 {
            let legal = p.legal_moves();
            term.say(&format!("Your move, a pit {legal:?}: "))?;
            let line = term.ask()?;
            match line.parse::<usize>() {
                Ok(pit) => {
                    if let Err(e) = p.play(pit) {
                        term.say(&format!("Illegal move: {e}. Legal pits: {legal:?}.\n"))?;
                    }
                }
                Err(_) => term.say(&format!(
                    "{line:?} is not a pit number. Legal pits: {legal:?}.\n"
                ))?,
            }
        } else {
            term.say(&format!(
                "The solver is thinking (up to {:.1} s)...\n",
                think.as_secs_f64()
            ))?;
            // The table built while the player thought over the first move:
            // if it is not ready yet, the budget starts when it is (the
            // whole wait is still no longer than building it up front).
            if let Some(b) = building.take() {
                if !b.is_finished() {
                    term.say("(The solver's endgame table is still being built; its time starts when the table is ready.)\n")?;
                }
                ready = b.join().ok().transpose()?;
            }
            let deadline = std::time::Instant::now() + think;
            let Some(ready) = ready.as_mut() else {
                return Err(CliError("the endgame table's build stopped".into()));
            };
            let pit = match solve_showing(ready, &p, deadline, "thinking")? {
                solver::Answer::Solved(s) => {
                    term.say(&format!(
                        "The solver plays pit {} (proven best: with perfect play from here it {}).\n",
                        s.best_moves[0],
                        finishes(s.value)
                    ))?;
                    s.best_moves[0]
                }
                solver::Answer::Unfinished {
                    lower,
                    upper,
                    best_guess,
                    ..
                } => {
                    term.say(&format!(
                        "The solver plays pit {best_guess} (its best so far, not proven: after {:.1} s the value is from {lower:+} to {upper:+}).\n",
                        think.as_secs_f64()
                    ))?;
                    best_guess
                }
            };
            p.play(pit)?;
        }
    }
    let [a, b] = p.stores();
    term.say(&format!(
        "\n{}\nGame over: you {a}, solver {b}. {}\n",
        draw(p.board()),
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => "You win!",
            std::cmp::Ordering::Less => "The solver wins.",
            std::cmp::Ordering::Equal => "A draw.",
        }
    ))?;
    Ok(String::new())
}

/// `move`'s JSON.
#[derive(Serialize)]
struct MoveOut {
    before: Position,
    #[serde(rename = "move")]
    played: mancala::Move,
    /// The position after the move.
    position: Position,
    /// Once the game is over: the final stores, and the winner (null on a
    /// tie).
    final_scores: Option<[u32; 2]>,
    winner: Option<usize>,
}

fn winner_of(p: &Position) -> Option<usize> {
    p.final_scores().and_then(|[a, b]| match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    })
}

fn move_verb(a: &MoveArgs) -> Result<String, CliError> {
    let before = a.state.position()?;
    let mut p = before.clone();
    let played = p
        .play_reported(a.pit)
        .map_err(|e| CliError(format!("--pit {}: {e}", a.pit)))?;
    Ok(match a.output.format {
        Format::Json => to_json(&MoveOut {
            before,
            played,
            final_scores: p.final_scores(),
            winner: winner_of(&p),
            position: p,
        })?,
        Format::Table => {
            let mut o = format!(
                "player {} sows pit {} ({} seeds): {:?}\n",
                played.player,
                played.pit,
                played.seeds,
                p.board()
            );
            if played.captured > 0 {
                o.push_str(&format!("captures {} seeds\n", played.captured));
            }
            if played.extra_turn {
                o.push_str("the last seed is in the store: another turn\n");
            }
            if let Some([x, y]) = p.final_scores() {
                o.push_str(&format!("game over: {x} to {y}\n"));
            }
            o
        }
    })
}

/// One legal move's value in `moves`' JSON.
#[derive(Serialize)]
struct MoveValue {
    pit: usize,
    /// Proven within the time.
    solved: bool,
    /// The final store difference (mover minus other) under perfect play
    /// after this move; null when not solved in time.
    value: Option<i32>,
    /// What is known of it: at least `lower`, at most `upper`.
    lower: i32,
    upper: i32,
    extra_turn: bool,
    captured: u32,
}

/// The largest endgame table `moves` builds: 2^18 positions.
const MOVES_ENDGAME_POSITIONS: u64 = 1 << 18;

/// `moves`' JSON.
#[derive(Serialize)]
struct MovesOut {
    position: Position,
    moves: Vec<MoveValue>,
    /// The moves proven best (empty unless every move was solved).
    best_moves: Vec<usize>,
    solved: bool,
    think: f64,
    nodes: u64,
}

fn moves_verb(a: &MovesArgs) -> Result<String, CliError> {
    if !(0.05..=3600.0).contains(&a.think) {
        return fail(format!(
            "--think must be from 0.05 to 3600 seconds, not {}",
            a.think
        ));
    }
    let p = a.state.position()?;
    check_solvable(&p, a.state.flag())?;
    // A small endgame table: built in milliseconds, so the budget goes to
    // the search.
    let endgame_seeds = (0..=p.board().iter().sum::<u32>() as usize)
        .take_while(|&k| mancala::endgame::positions_for(p.pits(), k) <= MOVES_ENDGAME_POSITIONS)
        .last()
        .unwrap_or(0);
    let args = SolverArgs {
        endgame: None,
        endgame_seeds: Some(endgame_seeds),
        table_bits: a.table_bits,
        empty_capture: p.rule() == CaptureRule::Empty,
        threads: None,
    };
    let mut solver = make_solver(&args, &p)?;
    let me = p.to_move();
    let legal = p.legal_moves();
    let start = std::time::Instant::now();
    let budget = std::time::Duration::from_secs_f64(a.think);
    let (mut nodes, mut out) = (0u64, Vec::new());
    for (k, &pit) in legal.iter().enumerate() {
        let mut child = p.clone();
        let played = child.play_reported(pit)?;
        let stores = child.stores();
        let banked = i64::from(stores[me]) - i64::from(stores[1 - me]);
        let left: i64 = child.board().iter().map(|&x| i64::from(x)).sum::<i64>()
            - i64::from(stores[0])
            - i64::from(stores[1]);
        let (lo, hi) = ((banked - left) as i32, (banked + left) as i32);
        let sign = if child.to_move() == me || child.is_over() {
            1
        } else {
            -1
        };
        let deadline = start + budget.mul_f64((k + 1) as f64 / legal.len() as f64);
        let answer = solve_showing(&mut solver, &child, deadline, "moves")?;
        let (value, lower, upper) = match answer {
            solver::Answer::Solved(s) => {
                nodes += s.nodes;
                let v = if child.is_over() {
                    banked as i32
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
                (None, l.max(lo), u.min(hi))
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
    let solved = out.iter().all(|m| m.solved);
    let best = out.iter().filter_map(|m| m.value).max();
    let best_moves = if solved {
        out.iter()
            .filter(|m| m.value == best)
            .map(|m| m.pit)
            .collect()
    } else {
        Vec::new()
    };
    Ok(match a.output.format {
        crate::TableFormat::Csv => {
            let rows: Vec<Vec<String>> = out
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
            crate::csv(
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
            )
        }
        crate::TableFormat::Json => to_json(&MovesOut {
            position: p,
            moves: out,
            best_moves,
            solved,
            think: a.think,
            nodes,
        })?,
        crate::TableFormat::Table => {
            let mut o = format!(
                "player {me} to move on {:?}\n\npit  value (final store difference, mover minus other, perfect play)\n",
                p.board()
            );
            for m in &out {
                match m.value {
                    Some(v) => o.push_str(&format!("{:>3}  {v:+}\n", m.pit)),
                    None => o.push_str(&format!(
                        "{:>3}  not solved in time: from {:+} to {:+}\n",
                        m.pit, m.lower, m.upper
                    )),
                }
            }
            o
        }
    })
}

/// How a game ends for the side whose value (its store minus the other's
/// at the end) is `value`, in words: "finishes 6 seeds ahead", "finishes 6
/// seeds behind", "draws".
fn finishes(value: i32) -> String {
    match value {
        0 => "draws".to_string(),
        1 => "finishes 1 seed ahead".to_string(),
        -1 => "finishes 1 seed behind".to_string(),
        v if v > 0 => format!("finishes {v} seeds ahead"),
        v => format!("finishes {} seeds behind", -v),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finishes_reads_the_sign_as_words() {
        assert_eq!(super::finishes(-6), "finishes 6 seeds behind");
        assert_eq!(super::finishes(6), "finishes 6 seeds ahead");
        assert_eq!(super::finishes(1), "finishes 1 seed ahead");
        assert_eq!(super::finishes(0), "draws");
    }
}
