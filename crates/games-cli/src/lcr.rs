//! `games-cli lcr`: `simulate` (the classic most-common-winner study, or
//! with `--table` the variants study), `replay` (one game on scripted
//! dice) and `exact` (the Markov-chain solution).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use lcr_core::{StudyConfig, exact};
use serde::Serialize;

use crate::{CliError, Format, Output, Sampling, progress, seed_or_draw, threads_or_all, to_json};

/// Games the classic study plays when `--games` is not given (the lab's).
const CLASSIC_GAMES: u64 = 2000;

/// Arguments of `games-cli lcr`: a verb, or `simulate`'s flags.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct LcrArgs {
    #[command(subcommand)]
    command: Option<LcrCommand>,
    #[command(flatten)]
    simulate: SimulateArgs,
}

#[derive(Subcommand, Debug)]
enum LcrCommand {
    /// Simulate: the classic most-common-winner study (games default
    /// 2,000), or with --table the variants study (games default 100,000
    /// per table) (the default verb).
    Simulate(SimulateArgs),
    /// Play one classic game on scripted dice, e.g. --script RR.CL.
    Replay(ReplayArgs),
    /// Each seat's exact chance to win and the expected game length.
    Exact(ExactArgs),
}

#[derive(Args, Debug)]
struct SimulateArgs {
    /// Seats at the table (at least 2) [classic: required; --table: 9 or
    /// the chips' count].
    #[arg(long)]
    players: Option<usize>,
    /// Coins each seat starts with (classic) [default: 3].
    #[arg(long, conflicts_with = "table")]
    coins: Option<u32>,
    /// Variants: a named game (standard, standard-tilted, nocenter,
    /// nocenter-tilted, nohold, nohold-tilted), "all", or six codes such as
    /// 0,0,0,1,2,3 (0 hold, 1 left, 2 center, 3 right).
    #[arg(long)]
    table: Option<String>,
    /// Variants: starting chips per seat, 10,10,10 or 10x9.
    #[arg(long, requires = "table")]
    chips: Option<String>,
    /// Variants: the round limit [default: 100].
    #[arg(long, requires = "table")]
    max_rounds: Option<u32>,
    /// Variants: report the estimates after these many games too
    /// [default: 100,1000,10000,100000 up to --games].
    #[arg(long, value_delimiter = ',', requires = "table")]
    checkpoints: Option<Vec<u64>>,
    /// Variants: when games check for a single holder [default: round].
    #[arg(long, value_enum, requires = "table")]
    end_check: Option<EndCheckArg>,
    /// Variants: write lcr_output.csv-style rows to this file.
    #[arg(long, requires = "table")]
    csv: Option<PathBuf>,
    /// Variants: draw the convergence of the estimates to this SVG file.
    #[arg(long, requires = "table")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    sampling: Sampling,
    #[command(flatten)]
    output: Output,
}

/// `--end-check` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EndCheckArg {
    /// After each whole round (the seed's rule).
    Round,
    /// After each turn.
    Turn,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// Seats at the table (at least 2).
    #[arg(long)]
    players: usize,
    /// Coins each seat starts with.
    #[arg(long, default_value_t = 3)]
    coins: u32,
    /// The dice, read left to right: letters . L C R, e.g. "RR.CL". The
    /// script must last the game and be used up by it.
    #[arg(long)]
    script: String,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct ExactArgs {
    /// Seats at the table (at least 2).
    #[arg(long)]
    players: usize,
    /// Coins each seat starts with.
    #[arg(long, default_value_t = 3)]
    coins: u32,
    /// Worker threads for the sweeps, 1 to 256 (the answer does not depend
    /// on it) [default: every core].
    #[arg(long)]
    threads: Option<usize>,
    #[command(flatten)]
    output: Output,
}

pub fn run(a: LcrArgs) -> Result<String, CliError> {
    match a.command {
        Some(LcrCommand::Simulate(s)) => simulate(&s),
        Some(LcrCommand::Replay(r)) => replay(&r),
        Some(LcrCommand::Exact(e)) => exact_odds(&e),
        None => simulate(&a.simulate),
    }
}

fn simulate(a: &SimulateArgs) -> Result<String, CliError> {
    if let Some(table) = &a.table {
        return crate::variants::run(crate::variants::VariantArgs {
            table,
            players: a.players,
            chips: a.chips.as_deref(),
            max_rounds: a.max_rounds.unwrap_or(100),
            checkpoints: a.checkpoints.as_deref(),
            end_check: match a.end_check.unwrap_or(EndCheckArg::Round) {
                EndCheckArg::Round => lcr_variants::EndCheck::Round,
                EndCheckArg::Turn => lcr_variants::EndCheck::Turn,
            },
            sampling: &a.sampling,
            format: a.output.format,
            csv: a.csv.as_deref(),
            plot: a.plot.as_deref(),
        });
    }
    let Some(players) = a.players else {
        return crate::fail(
            "lcr simulate: --players is required (or --table for the variants study)",
        );
    };
    study(players, a.coins.unwrap_or(3), &a.sampling, a.output.format)
}

/// `replay`'s JSON.
#[derive(Serialize)]
struct ReplayOut {
    players: usize,
    winner: usize,
    turns: u64,
    coins: Vec<u32>,
    center: u32,
}

fn replay(r: &ReplayArgs) -> Result<String, CliError> {
    let g = lcr_core::play_scripted(r.players, r.coins, &r.script)?;
    Ok(match r.output.format {
        Format::Json => to_json(&ReplayOut {
            players: r.players,
            winner: g.winner,
            turns: g.turns,
            coins: g.coins,
            center: g.center,
        })?,
        Format::Table => format!(
            "winner: seat {}\nturns: {}\ncoins by seat (from seat 0): {:?}\ncenter: {}\n",
            g.winner, g.turns, g.coins, g.center
        ),
    })
}

fn study(players: usize, coins: u32, s: &Sampling, format: Format) -> Result<String, CliError> {
    let config = StudyConfig {
        players,
        coins,
        games: s.games.unwrap_or(CLASSIC_GAMES),
        seed: seed_or_draw(s.seed),
        threads: threads_or_all(s.threads)?,
    };
    let bar = progress(config.games, 2_000_000, "games");
    let s = lcr_core::most_common_winner_with_progress(&config, |done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(match format {
        Format::Json => to_json(&s)?,
        Format::Table => {
            let mut o = format!(
                "Classic LCR: {} players, {} coins each, {} games, seed {}\n\nseat        wins   share\n",
                s.players, s.coins, s.games, s.seed
            );
            for (seat, (w, f)) in s.wins.iter().zip(&s.win_fraction).enumerate() {
                let _ = writeln!(o, "{seat:>4} {w:>11} {f:>7.4}");
            }
            let _ = write!(
                o,
                "\nmost common winner: seat {} ({:.4} of games)\nmean turns: {:.3} (every seat's turn counted; {:.3} counting only turns with a roll)\n",
                s.most_common_winner, s.most_common_fraction, s.mean_turns, s.mean_rolling_turns
            );
            o
        }
    })
}

fn exact_odds(e: &ExactArgs) -> Result<String, CliError> {
    let mut config = exact::ExactConfig::new(e.players, e.coins);
    config.memory_limit = crate::memory_limit();
    config.threads = threads_or_all(e.threads)?;
    let r = exact::solve(&config)?;
    Ok(match e.output.format {
        Format::Json => to_json(&r)?,
        Format::Table => {
            let mut o = format!(
                "Exact classic LCR: {} players, {} coins each ({} states, error below {:.1e})\n\nseat  P(win)\n",
                r.players, r.coins, r.states, r.tolerance
            );
            for (seat, p) in r.win_probability.iter().enumerate() {
                let _ = writeln!(o, "{seat:>4}  {p:.12}");
            }
            let _ = write!(
                o,
                "\nexpected turns: {:.9} (every seat's turn counted)\nexpected turns with a roll: {:.9}\n",
                r.expected_turns, r.expected_rolling_turns
            );
            o
        }
    })
}
