//! `games-cli kalah`: `sow` (the handout's sow_game, one board or a JSONL
//! batch for graders; the default verb), `solve` (the exact value and best
//! moves, one position or a JSONL batch), `move`, `moves`, `play` (against
//! the solver in the terminal) and `endgame build`/`shard`/`extend` (write
//! an endgame table file). Each verb's flags become its request in
//! `games_app::kalah`, which does the work and renders the report; what
//! stays here is the terminal's and the file system's: the game's loop,
//! the `--jsonl` batches' stdin and stdout, and the table files.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::{Args, Subcommand};
use games_app::{Context, kalah};
use mancala::endgame::Endgame;
use mancala::{Position, solver};
use serde::Serialize;
use serde_json::Value;

use crate::{CliError, Output, Terminal, app_error, fail};

/// Arguments of `games-cli kalah`: a verb, or `sow`'s flags.
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
    /// The request's position fields: `--state` as its JSON text.
    fn fields(&self) -> (Option<Value>, Option<usize>, Option<u32>, bool) {
        (
            self.state.clone().map(Value::String),
            self.pits,
            self.seeds,
            self.empty_capture,
        )
    }
}

#[derive(Args, Debug)]
struct MoveArgs {
    #[command(flatten)]
    state: StateArgs,
    /// The pit to play, counted on the mover's side from 0.
    #[arg(long, required_unless_present = "moves")]
    pit: Option<usize>,
    /// Or pits to play in turn, each by the player to move then, e.g.
    /// 0,3,1: a whole game replayed, every move reported (at most 10000).
    #[arg(long, value_delimiter = ',', num_args = 1, conflicts_with = "pit")]
    moves: Option<Vec<usize>>,
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
    /// Transposition table: at most 2^N words of 8 bytes, one entry each
    /// (10 to 30); a short --think takes fewer, those whose pages map in a
    /// quarter of it (2^19 words for 0.1 s).
    #[arg(long, default_value_t = kalah::SOLVE_TABLE_BITS, value_name = "N")]
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
    /// Threads that build the endgame table and search together, 1 to 256
    /// [default: every core]. The value and best moves do not depend on
    /// it; the nodes searched vary from run to run with more than one.
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
    /// not solved by then: one line naming it, exit code 2).
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

pub fn run(a: MancalaArgs, ctx: &Context) -> Result<String, CliError> {
    match a.command {
        Some(MancalaCommand::Sow(s)) => sow(&s, ctx),
        Some(MancalaCommand::Solve(s)) => solve(&s, ctx),
        Some(MancalaCommand::Play(p)) => play(&p, ctx),
        Some(MancalaCommand::Endgame(EndgameArgs {
            command: EndgameCommand::Build(b),
        })) => build_endgame(&b, ctx),
        Some(MancalaCommand::Endgame(EndgameArgs {
            command: EndgameCommand::Shard(a),
        })) => shard_endgame(&a, ctx),
        Some(MancalaCommand::Endgame(EndgameArgs {
            command: EndgameCommand::Extend(a),
        })) => extend_endgame(&a, ctx),
        Some(MancalaCommand::Move(m)) => move_verb(&m, ctx),
        Some(MancalaCommand::Moves(m)) => moves_verb(&m, ctx),
        None => sow(&a.sow, ctx),
    }
}

fn sow(a: &SowArgs, ctx: &Context) -> Result<String, CliError> {
    if a.jsonl {
        return jsonl(kalah::sow_line);
    }
    let req = kalah::Sow {
        board: a.board.clone(),
        moves: a.moves.clone(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, a.output.format.into())
}

fn solve(a: &SolveArgs, ctx: &Context) -> Result<String, CliError> {
    let req = kalah::Solve {
        pits: a.pits,
        seeds: a.seeds,
        board: a.board.clone(),
        time_limit: a.time_limit,
        endgame: a.solver.endgame.clone(),
        endgame_seeds: a.solver.endgame_seeds,
        table_bits: a.solver.table_bits,
        empty_capture: a.solver.empty_capture,
        threads: a.solver.threads,
    };
    if a.jsonl {
        let mut batch = req.batch(ctx).map_err(app_error)?;
        return jsonl(|line| batch.line(line, ctx));
    }
    crate::render(&crate::run_verb(&req, ctx)?, a.output.format.into())
}

fn move_verb(a: &MoveArgs, ctx: &Context) -> Result<String, CliError> {
    let (state, pits, seeds, empty_capture) = a.state.fields();
    let req = kalah::Move {
        state,
        pits,
        seeds,
        empty_capture,
        pit: a.pit,
        moves: a.moves.clone(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, a.output.format.into())
}

fn moves_verb(a: &MovesArgs, ctx: &Context) -> Result<String, CliError> {
    let (state, pits, seeds, empty_capture) = a.state.fields();
    let req = kalah::Moves {
        state,
        pits,
        seeds,
        empty_capture,
        think: a.think,
        table_bits: a.table_bits,
    };
    crate::render(&crate::run_verb(&req, ctx)?, a.output.format)
}

fn build_endgame(b: &BuildArgs, ctx: &Context) -> Result<String, CliError> {
    let target = crate::output::check_one("FILE", &b.out)?;
    let (table, mut report) =
        kalah::build_table(b.pits, b.endgame_seeds, b.empty_capture, ctx).map_err(app_error)?;
    report.bytes = crate::output::write_with(&target, |w| table.save(w))?;
    report.file = b.out.display().to_string();
    crate::render(&report, b.output.format.into())
}

fn load_endgame(path: &std::path::Path) -> Result<Endgame, CliError> {
    Endgame::read_file(path).map_err(|e| {
        if e.is_machine_failure() {
            CliError::from(e)
        } else {
            CliError(format!("{}: {e}", path.display()))
        }
    })
}

fn shard_endgame(a: &ShardArgs, ctx: &Context) -> Result<String, CliError> {
    let target = crate::output::check_one("FILE", &a.out)?;
    target.not_over(&[("--from", &a.from)])?;
    let below = load_endgame(&a.from)?;
    let (shard, mut report) = kalah::build_shard(&below, a.shard, ctx).map_err(app_error)?;
    report.bytes = crate::output::write_with(&target, |w| shard.save(w))?;
    report.file = a.out.display().to_string();
    crate::render(&report, a.output.format.into())
}

fn extend_endgame(a: &ExtendArgs, ctx: &Context) -> Result<String, CliError> {
    let target = crate::output::check_one("FILE", &a.out)?;
    games_app::at_most("shard files", a.shards.len() as u64, kalah::MAX_SHARDS)
        .map_err(app_error)?;
    let mut inputs = vec![("--from", a.from.as_path())];
    inputs.extend(a.shards.iter().map(|p| ("SHARD", p.as_path())));
    target.not_over(&inputs)?;
    let below = load_endgame(&a.from)?;
    kalah::check_next_level(&below, ctx).map_err(app_error)?;
    let started = std::time::Instant::now();
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
    let (table, mut report) =
        kalah::extend_table(&below, &shards, started, ctx).map_err(app_error)?;
    report.bytes = crate::output::write_with(&target, |w| table.save(w))?;
    report.file = a.out.display().to_string();
    crate::render(&report, a.output.format.into())
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

/// A solver, or the thread still building it.
type SolverSoon =
    Result<solver::Solver, std::thread::JoinHandle<Result<solver::Solver, mancala::MancalaError>>>;

fn play(a: &PlayArgs, ctx: &Context) -> Result<String, CliError> {
    let req = kalah::Play {
        pits: a.pits,
        seeds: a.seeds,
        think: a.think,
        endgame: a.solver.endgame.clone(),
        endgame_seeds: a.solver.endgame_seeds,
        table_bits: a.solver.table_bits,
        empty_capture: a.solver.empty_capture,
        threads: a.solver.threads,
    };
    let (pos, solver) = req.start(ctx).map_err(app_error)?;
    // Without a table file the endgame table is built while the player
    // thinks over the first move (the arguments are checked first, so bad
    // input still fails at once).
    let solver = match solver {
        kalah::PlaySolver::Ready(s) => Ok(*s),
        kalah::PlaySolver::Build(options) => {
            let start = pos.clone();
            Err(std::thread::spawn(move || {
                solver::Solver::new(&start, &options)
            }))
        }
    };
    play_game(
        pos,
        solver,
        std::time::Duration::from_secs_f64(a.think),
        ctx,
    )
}

fn play_game(
    mut p: Position,
    solver: SolverSoon,
    think: std::time::Duration,
    ctx: &Context,
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
        term.say(&format!("\n{}\n", kalah::draw(p.board())))?;
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
            let Some(ready) = ready.as_mut() else {
                return Err(CliError("the endgame table's build stopped".into()));
            };
            let chosen = kalah::computer_move(ready, &p, think, ctx).map_err(app_error)?;
            term.say(&chosen.text())?;
            p.play(chosen.pit)?;
        }
    }
    let [a, b] = p.stores();
    term.say(&format!(
        "\n{}\nGame over: you {a}, solver {b}. {}\n",
        kalah::draw(p.board()),
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => "You win!",
            std::cmp::Ordering::Less => "The solver wins.",
            std::cmp::Ordering::Equal => "A draw.",
        }
    ))?;
    Ok(String::new())
}
