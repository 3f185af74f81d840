//! `games-cli craps` (`simulate`, the default; `exact`; `game`) and
//! `games-cli baccarat` (`deal`, the default: one game's transcript;
//! `simulate`; `exact`): each verb's flags made into its typed request
//! (`games_app::craps`, `games_app::baccarat`), run, and rendered.

use clap::{Args, Subcommand};
use games_app::{Context, baccarat, craps};

use crate::{CliError, Output, Sampling, TableOutput};

/// Arguments of `games-cli craps`: a verb, or `simulate`'s flags.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CrapsArgs {
    #[command(subcommand)]
    command: Option<CrapsCommand>,
    #[command(flatten)]
    simulate: CrapsSimulateArgs,
}

#[derive(Subcommand, Debug)]
enum CrapsCommand {
    /// The homework's testCraps(n): simulated games (default 10,000) beside
    /// the exact chance (the default verb).
    Simulate(CrapsSimulateArgs),
    /// The exact chance to win, by point.
    Exact(ExactArgs),
    /// One game, roll by roll: the dice, and the rule each roll applied.
    Game(CrapsGameArgs),
    /// The exact house edge of every common bet: pass, don't pass, odds,
    /// place, big 6 and 8, hardways, field and the one-roll bets.
    Bets(ExactArgs),
}

#[derive(Args, Debug)]
struct CrapsGameArgs {
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct CrapsSimulateArgs {
    #[command(flatten)]
    sampling: Sampling,
    /// Draw the running share of games won, its 95% band and the exact
    /// chance against the games played to this file: .svg or .png.
    #[arg(long, value_parser = crate::charts::parse_plot)]
    plot: Option<std::path::PathBuf>,
    #[command(flatten)]
    output: TableOutput,
}

#[derive(Args, Debug)]
struct ExactArgs {
    #[command(flatten)]
    output: TableOutput,
}

pub fn craps(a: CrapsArgs, ctx: &Context) -> Result<String, CliError> {
    match a.command {
        Some(CrapsCommand::Exact(e)) => craps_exact(e.output.format, ctx),
        Some(CrapsCommand::Game(g)) => craps_game(&g, ctx),
        Some(CrapsCommand::Bets(b)) => {
            crate::render(&crate::run_verb(&craps::Bets {}, ctx)?, b.output.format)
        }
        Some(CrapsCommand::Simulate(s)) => craps_simulate(&s, ctx),
        None => craps_simulate(&a.simulate, ctx),
    }
}

fn craps_game(a: &CrapsGameArgs, ctx: &Context) -> Result<String, CliError> {
    crate::render(
        &crate::run_verb(&craps::Game { seed: a.seed }, ctx)?,
        a.output.format.into(),
    )
}

fn craps_simulate(a: &CrapsSimulateArgs, ctx: &Context) -> Result<String, CliError> {
    let req = craps::Simulate {
        sampling: a.sampling.request(),
    };
    // The chart's path is checked before the work, written after it.
    let plot = match &a.plot {
        Some(p) => Some((crate::output::check_one("--plot", p)?, p)),
        None => None,
    };
    let report = match crate::run_sharded(&req, ctx, a.output.format)? {
        crate::Ran::Report(r) => r,
        crate::Ran::Partial(text) => return Ok(text),
    };
    if let Some((target, path)) = &plot {
        // A run of N games plays the first N games of the whole run (the
        // chunks' dice depend only on the seed and the chunk's index):
        // each point but the last is such a run.
        let at: Vec<u64> = crate::charts::checkpoints(report.games)
            .into_iter()
            .filter(|&n| n != report.games)
            .collect();
        let mut counts = req
            .running(ctx, report.seed, &at)
            .map_err(crate::app_error)?;
        counts.push(report.wins);
        let points: Vec<crate::charts::Running> = at
            .iter()
            .chain(std::iter::once(&report.games))
            .zip(counts)
            .map(|(&games, count)| crate::charts::Running { games, count })
            .collect();
        let svg = crate::charts::craps_convergence(
            report.seed,
            &points,
            report.exact_win_probability,
            &report.exact_fraction,
        );
        let bytes = crate::charts::encode(path, svg)?;
        crate::output::write_all(&[(target, &bytes)])?;
    }
    crate::render(&report, a.output.format)
}

fn craps_exact(format: crate::TableFormat, ctx: &Context) -> Result<String, CliError> {
    crate::render(&crate::run_verb(&craps::Exact {}, ctx)?, format)
}

/// Arguments of `games-cli baccarat`: a verb, or `deal`'s flags.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BaccaratArgs {
    #[command(subcommand)]
    command: Option<BaccaratCommand>,
    #[command(flatten)]
    deal: DealArgs,
}

#[derive(Subcommand, Debug)]
enum BaccaratCommand {
    /// One game's transcript, from a shuffled shoe or a stacked one (the
    /// default verb).
    Deal(DealArgs),
    /// Simulated games (default 100,000): the share of each result.
    Simulate(BaccaratSimulateArgs),
    /// The exact chance of each result for a fresh shoe, by enumeration.
    Exact(BaccaratExactArgs),
}

#[derive(Args, Debug)]
struct DealArgs {
    /// Decks in the shoe.
    #[arg(long, default_value_t = 1)]
    decks: u32,
    /// Seed of the shuffle (drawn and shown when not given).
    #[arg(long, conflicts_with = "cards")]
    seed: Option<u64>,
    /// A stacked deck instead, top first, dealt player, house, player,
    /// house, then third cards: e.g. "A♡,9♣,2♡,J♠" or "AH,9C,2H,JS".
    #[arg(long, value_delimiter = ',')]
    cards: Option<Vec<String>>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct BaccaratSimulateArgs {
    /// Decks in the shoe.
    #[arg(long, default_value_t = 1)]
    decks: u32,
    #[command(flatten)]
    sampling: Sampling,
    #[command(flatten)]
    output: TableOutput,
}

#[derive(Args, Debug)]
struct BaccaratExactArgs {
    /// Decks in the shoe.
    #[arg(long, default_value_t = 1)]
    decks: u32,
    #[command(flatten)]
    output: TableOutput,
}

pub fn baccarat(a: BaccaratArgs, ctx: &Context) -> Result<String, CliError> {
    match a.command {
        Some(BaccaratCommand::Exact(e)) => baccarat_exact(&e, ctx),
        Some(BaccaratCommand::Simulate(s)) => baccarat_simulate(&s, ctx),
        Some(BaccaratCommand::Deal(d)) => deal(&d, ctx),
        None => deal(&a.deal, ctx),
    }
}

fn baccarat_exact(a: &BaccaratExactArgs, ctx: &Context) -> Result<String, CliError> {
    crate::render(
        &crate::run_verb(&baccarat::Exact { decks: a.decks }, ctx)?,
        a.output.format,
    )
}

fn baccarat_simulate(a: &BaccaratSimulateArgs, ctx: &Context) -> Result<String, CliError> {
    let req = baccarat::Simulate {
        decks: a.decks,
        sampling: a.sampling.request(),
    };
    match crate::run_sharded(&req, ctx, a.output.format)? {
        crate::Ran::Report(r) => crate::render(&r, a.output.format),
        crate::Ran::Partial(text) => Ok(text),
    }
}

fn deal(a: &DealArgs, ctx: &Context) -> Result<String, CliError> {
    let req = baccarat::Deal {
        decks: a.decks,
        seed: a.seed,
        cards: a.cards.clone(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, a.output.format.into())
}
