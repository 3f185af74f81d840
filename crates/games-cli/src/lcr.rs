//! `games-cli lcr`: `simulate` (the classic most-common-winner study, or
//! with `--table` the variants study), `replay` (one game on scripted
//! dice) and `exact` (the Markov-chain solution): each verb's flags made
//! into its typed request (`games_app::lcr`), run, and rendered; the
//! charts and the `--csv` file are drawn and written here.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use games_app::{Context, Report, lcr};

use crate::{CliError, Sampling, TableOutput, fail};

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
    /// 1,000,000), or with --table the variants study (games default 100,000
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
    #[arg(long, value_delimiter = ',', requires = "table", value_parser = crate::parse_count)]
    checkpoints: Option<Vec<u64>>,
    /// Variants: when games check for a single holder [default: round].
    #[arg(long, value_enum, requires = "table")]
    end_check: Option<EndCheckArg>,
    /// Variants: write lcr_output.csv-style rows to this file.
    #[arg(long, requires = "table")]
    csv: Option<PathBuf>,
    /// Draw the convergence of the estimates, with their 95% bands, to
    /// this file: .svg or .png (classic: each seat's share of wins against
    /// the games played, and its exact chance when it is computed).
    #[arg(long, value_parser = crate::charts::parse_plot)]
    plot: Option<PathBuf>,
    #[command(flatten)]
    sampling: Sampling,
    #[command(flatten)]
    output: TableOutput,
}

/// `--end-check` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EndCheckArg {
    /// After each whole round (the handout's rule).
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
    #[arg(long, conflicts_with = "seed", required_unless_present = "seed")]
    script: Option<String>,
    /// Or seeded dice: one game from this seed, with its script.
    #[arg(long)]
    seed: Option<u64>,
    /// Also list every throw: the seat, the dice's faces, the coins after
    /// (--format csv: the throws, one row each).
    #[arg(long)]
    throws: bool,
    #[command(flatten)]
    output: TableOutput,
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
    output: TableOutput,
}

pub fn run(a: LcrArgs, ctx: &Context) -> Result<String, CliError> {
    match a.command {
        Some(LcrCommand::Simulate(s)) => simulate(&s, ctx),
        Some(LcrCommand::Replay(r)) => replay(&r, ctx),
        Some(LcrCommand::Exact(e)) => exact(&e, ctx),
        None => simulate(&a.simulate, ctx),
    }
}

fn simulate(a: &SimulateArgs, ctx: &Context) -> Result<String, CliError> {
    let req = lcr::Simulate {
        players: a.players,
        coins: a.coins,
        table: a.table.clone(),
        chips: a.chips.clone(),
        max_rounds: a.max_rounds,
        checkpoints: a.checkpoints.clone(),
        end_check: a.end_check.map(|e| match e {
            EndCheckArg::Round => lcr_variants::EndCheck::Round,
            EndCheckArg::Turn => lcr_variants::EndCheck::Turn,
        }),
        sampling: a.sampling.request(),
    };
    let format = a.output.format;
    let files = a.plot.is_some() || a.csv.is_some();
    if !files {
        return match crate::run_sharded(&req, ctx, format)? {
            crate::Ran::Report(r) => crate::render(&r, format),
            crate::Ran::Partial(text) => Ok(text),
        };
    }
    if a.sampling.shard.is_some() {
        // A partial holds the request, which writes no files: `merge`
        // could not write them.
        let flag = if a.plot.is_some() { "--plot" } else { "--csv" };
        return fail(format!(
            "{flag}: a shard's run writes no files; give {flag} to the run without --shard"
        ));
    }
    // Bad input is named first; then the output paths are checked before
    // the work and written after it.
    req.check(ctx).map_err(crate::app_error)?;
    let outs: Vec<(&'static str, &std::path::Path)> =
        [("--csv", a.csv.as_deref()), ("--plot", a.plot.as_deref())]
            .into_iter()
            .filter_map(|(flag, p)| p.map(|p| (flag, p)))
            .collect();
    let mut targets = crate::output::check(&outs)?.into_iter();
    let csv_target = a.csv.as_ref().and_then(|_| targets.next());
    let plot_target = a.plot.as_ref().and_then(|_| targets.next());
    let (report, svg) = match (&req.table, &a.plot) {
        (Some(_), Some(_)) => {
            let (report, studies) = req.run_with_chart(ctx).map_err(crate::app_error)?;
            (report, Some(crate::charts::variants_convergence(&studies)))
        }
        (None, Some(_)) => {
            let report = crate::run_verb(&req, ctx)?;
            let svg = match &report {
                lcr::SimulateReport::Classic(r) => Some(classic_chart(&req, r, ctx)?),
                lcr::SimulateReport::Table(_) => None,
            };
            (report, svg)
        }
        (_, None) => (crate::run_verb(&req, ctx)?, None),
    };
    let plot_bytes = match (&svg, &a.plot) {
        (Some(svg), Some(path)) => Some(crate::charts::encode(path, svg.clone())?),
        _ => None,
    };
    let csv_text = csv_target.as_ref().and_then(|_| report.csv());
    // The CSV on stdout (`--csv -`, /dev/stdout) is the result: the report,
    // which would follow it there and break both, is left out (as `hog
    // export --out -` leaves out its line).
    let csv_out = csv_target.as_ref().is_some_and(|t| t.is_stdout());
    let mut files: Vec<(&crate::output::Target, &[u8])> = Vec::new();
    if let (Some(t), Some(text)) = (&csv_target, &csv_text)
        && !csv_out
    {
        files.push((t, text.as_bytes()));
    }
    if let (Some(t), Some(bytes)) = (&plot_target, &plot_bytes) {
        files.push((t, bytes));
    }
    crate::output::write_all(&files)?;
    if csv_out {
        return Ok(csv_text.unwrap_or_default());
    }
    crate::render(&report, format)
}

/// The classic study's convergence chart: each seat's wins after 10, 20,
/// 50, 100, ... games and after all of them (the running wins from the
/// application layer, the last point the study's own).
fn classic_chart(
    req: &lcr::Simulate,
    r: &lcr::ClassicReport,
    ctx: &Context,
) -> Result<String, CliError> {
    let s = &r.study;
    let at: Vec<u64> = crate::charts::checkpoints(s.games)
        .into_iter()
        .filter(|&n| n != s.games)
        .collect();
    let mut counts = req.running(ctx, s.seed, &at).map_err(crate::app_error)?;
    counts.push(s.wins.clone());
    let mut by_seat = vec![Vec::new(); s.players];
    for (&games, wins) in at.iter().chain(std::iter::once(&s.games)).zip(counts) {
        for (seat, count) in wins.into_iter().enumerate() {
            by_seat[seat].push(crate::charts::Running { games, count });
        }
    }
    Ok(crate::charts::lcr_convergence(
        s.players,
        s.coins,
        s.seed,
        &by_seat,
        r.exact_win_probability.as_deref(),
    ))
}

fn replay(r: &ReplayArgs, ctx: &Context) -> Result<String, CliError> {
    let req = lcr::Replay {
        players: Some(r.players),
        coins: Some(r.coins),
        script: r.script.clone(),
        seed: r.seed,
        throws: r.throws,
    };
    crate::render(&crate::run_verb(&req, ctx)?, r.output.format)
}

fn exact(e: &ExactArgs, ctx: &Context) -> Result<String, CliError> {
    let req = lcr::Exact {
        players: Some(e.players),
        coins: Some(e.coins),
        threads: e.threads,
    };
    crate::render(&crate::run_verb(&req, ctx)?, e.output.format)
}
