//! `games-cli mancala`: sow_game, a JSONL batch for graders, the solver,
//! and play against the solver in the terminal.

use std::io::{BufRead, Write};

use clap::Args;
use mancala::{CaptureRule, MancalaError, Position, solver, sow_game};
use serde_json::{Value, json};

use crate::{CliError, Format, Terminal, fail, to_json};

/// Arguments of `games-cli mancala`.
#[derive(Args, Debug)]
pub struct MancalaArgs {
    /// The board, e.g. 3,3,3,0,3,3,3,0 (seed layout: pits, store, pits, store).
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    board: Option<Vec<i64>>,
    /// Moves, each a pit on the mover's side, e.g. 0,2.
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    moves: Option<Vec<i64>>,
    /// Read one {"board": [...], "moves": [...]} per stdin line; write one result per line.
    #[arg(long, conflicts_with_all = ["board", "moves", "solve", "play"])]
    jsonl: bool,
    /// Solve a position: Kalah(--pits, --seeds), or --board with player 0 to move.
    #[arg(long, conflicts_with = "play")]
    solve: bool,
    /// Play against the solver in the terminal.
    #[arg(long)]
    play: bool,
    /// Pits a side for --solve and --play.
    #[arg(long)]
    pits: Option<usize>,
    /// Seeds in each pit for --solve and --play.
    #[arg(long)]
    seeds: Option<u32>,
    /// Capture rule: "empty capture" (Irving et al. 2000) instead of the seed's.
    #[arg(long)]
    empty_capture: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

pub fn run(a: MancalaArgs) -> Result<String, CliError> {
    if a.jsonl {
        return jsonl();
    }
    let rule = if a.empty_capture {
        CaptureRule::Empty
    } else {
        CaptureRule::Seed
    };
    if a.solve {
        let p = position(&a, rule, 4)?;
        return solve(&p, a.format);
    }
    if a.play {
        let p = position(&a, rule, 4)?;
        return play(p);
    }
    let Some(board) = &a.board else {
        return fail("--board is required (or --jsonl, --solve, --play)");
    };
    let moves = a.moves.clone().unwrap_or_default();
    let (b, next) = sow_game(board, &moves)?;
    Ok(match a.format {
        Format::Json => to_json(&json!({"board": b, "next_player": next}))?,
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

fn position(a: &MancalaArgs, rule: CaptureRule, default_seeds: u32) -> Result<Position, CliError> {
    match (&a.board, a.pits) {
        (Some(_), Some(_)) => fail("give --board or --pits/--seeds, not both"),
        (Some(b), None) => Ok(Position::new(b, 0, rule)?),
        (None, p) => Ok(Position::kalah(
            p.unwrap_or(6),
            a.seeds.unwrap_or(default_seeds),
            rule,
        )?),
    }
}

fn solve(p: &Position, format: Format) -> Result<String, CliError> {
    let s = solver::solve(p, &solver::Options::default())?;
    Ok(match format {
        Format::Json => to_json(&json!({
            "pits": p.pits(),
            "board": p.board(),
            "value": s.value,
            "best_moves": s.best_moves,
            "nodes": s.nodes,
            "empty_capture": p.rule() == CaptureRule::Empty,
        }))?,
        Format::Table => format!(
            "{}\nvalue for player {} (store difference under perfect play): {:+}\nbest moves: {:?}\nnodes searched: {}\n",
            draw(p.board()),
            p.to_move(),
            s.value,
            s.best_moves,
            s.nodes
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

fn jsonl() -> Result<String, CliError> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut failed = 0usize;
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| CliError(format!("cannot read stdin: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let result = one_line(&line).unwrap_or_else(|msg| {
            failed += 1;
            json!({"error": format!("line {}: {msg}", number + 1)})
        });
        writeln!(out, "{result}").map_err(|e| CliError(format!("cannot write stdout: {e}")))?;
    }
    out.flush()
        .map_err(|e| CliError(format!("cannot write stdout: {e}")))?;
    if failed > 0 {
        return fail(format!(
            "{failed} line(s) failed; see their \"error\" results"
        ));
    }
    Ok(String::new())
}

fn one_line(line: &str) -> Result<Value, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let list = |key: &str| -> Result<Vec<i64>, String> {
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
    };
    let (board, moves) = (list("board")?, list("moves")?);
    let (b, next) = sow_game(&board, &moves).map_err(|e: MancalaError| e.to_string())?;
    Ok(json!({"board": b, "next_player": next}))
}

fn play(mut p: Position) -> Result<String, CliError> {
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
            let s = solver::solve(&p, &solver::Options { table_bits: 20 })?;
            let pit = s.best_moves[0];
            term.say(&format!(
                "The solver plays pit {pit} (it expects to finish {:+} ahead).\n",
                s.value
            ))?;
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
