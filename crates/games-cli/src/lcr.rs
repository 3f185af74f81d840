//! `games-cli lcr`: the classic study, one scripted game, the exact odds.

use std::fmt::Write as _;

use clap::Args;
use lcr_core::{StudyConfig, exact};

use crate::{CliError, Format, fail, progress, seed_or_draw, threads_or_all, to_json};

/// Arguments of `games-cli lcr`.
#[derive(Args, Debug)]
pub struct LcrArgs {
    /// Seats at the table (at least 2).
    #[arg(long)]
    players: Option<usize>,
    /// Coins each seat starts with.
    #[arg(long, default_value_t = 3)]
    coins: u32,
    /// Games in the most-common-winner study.
    #[arg(long, default_value_t = 2000)]
    games: u64,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (the output does not depend on it).
    #[arg(long)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Play one game on scripted dice, e.g. "RR.CL" (letters . L C R).
    #[arg(long, conflicts_with_all = ["exact", "games", "seed"])]
    script: Option<String>,
    /// Solve the game exactly (Markov chain) instead of simulating.
    #[arg(long, conflicts_with_all = ["games", "seed"])]
    exact: bool,
    /// Table-driven variant: a named game (standard, standard-tilted,
    /// nocenter, nocenter-tilted, nohold, nohold-tilted), "all", or six codes
    /// such as 0,0,0,1,2,3 (0 hold, 1 left, 2 center, 3 right).
    #[arg(long, conflicts_with_all = ["exact", "script", "games"])]
    table: Option<String>,
    /// Starting chips per seat for --table: 10,10,10 or 10x9.
    #[arg(long, requires = "table")]
    chips: Option<String>,
    /// Round limit for --table.
    #[arg(long, default_value_t = 100, requires = "table")]
    max_rounds: u32,
    /// Checkpoints (simulations) for --table.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "100,1000,10000,100000",
        requires = "table"
    )]
    simulations: Vec<u64>,
    /// When --table games check for a single holder.
    #[arg(long, value_enum, default_value_t = EndCheckArg::Round, requires = "table")]
    end_check: EndCheckArg,
    /// Write lcr_output.csv-style rows to this file (--table).
    #[arg(long, requires = "table")]
    csv: Option<std::path::PathBuf>,
    /// Draw the convergence of the estimates to this SVG file (--table).
    #[arg(long, requires = "table")]
    plot: Option<std::path::PathBuf>,
}

/// `--end-check` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EndCheckArg {
    /// After each whole round (the seed's rule).
    Round,
    /// After each turn.
    Turn,
}

pub fn run(a: LcrArgs) -> Result<String, CliError> {
    if let Some(table) = &a.table {
        return crate::variants::run(crate::variants::VariantArgs {
            table,
            players: a.players,
            chips: a.chips.as_deref(),
            max_rounds: a.max_rounds,
            simulations: &a.simulations,
            end_check: match a.end_check {
                EndCheckArg::Round => lcr_variants::EndCheck::Round,
                EndCheckArg::Turn => lcr_variants::EndCheck::Turn,
            },
            seed: a.seed,
            threads: a.threads,
            format: a.format,
            csv: a.csv.as_deref(),
            plot: a.plot.as_deref(),
        });
    }
    let Some(players) = a.players else {
        return fail("--players is required");
    };
    if let Some(script) = &a.script {
        return scripted(players, a.coins, script, a.format);
    }
    if a.exact {
        return exact_odds(players, a.coins, a.format);
    }
    study(players, a.coins, &a)
}

fn scripted(players: usize, coins: u32, script: &str, format: Format) -> Result<String, CliError> {
    let g = lcr_core::play_scripted(players, coins, script)?;
    Ok(match format {
        Format::Json => to_json(&serde_json::json!({
            "players": players,
            "winner": g.winner,
            "turns": g.turns,
            "coins": g.coins,
            "center": g.center,
        }))?,
        Format::Table => format!(
            "winner: seat {}\nturns: {}\ncoins: {:?}\ncenter: {}\n",
            g.winner, g.turns, g.coins, g.center
        ),
    })
}

fn study(players: usize, coins: u32, a: &LcrArgs) -> Result<String, CliError> {
    let config = StudyConfig {
        players,
        coins,
        games: a.games,
        seed: seed_or_draw(a.seed),
        threads: threads_or_all(a.threads)?,
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
    Ok(match a.format {
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
                "\nmost common winner: seat {} ({:.4} of games)\nmean turns: {:.3} ({:.3} with a roll)\n",
                s.most_common_winner, s.most_common_fraction, s.mean_turns, s.mean_rolling_turns
            );
            o
        }
    })
}

fn exact_odds(players: usize, coins: u32, format: Format) -> Result<String, CliError> {
    let mut config = exact::ExactConfig::new(players, coins);
    config.memory_limit = crate::memory_limit();
    let r = exact::solve(&config)?;
    Ok(match format {
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
                "\nexpected turns: {:.9}\nexpected turns with a roll: {:.9}\n",
                r.expected_turns, r.expected_rolling_turns
            );
            o
        }
    })
}
