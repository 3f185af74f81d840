//! `games-cli hog`: exact and sampled win rates, best responses,
//! tournaments, strategy files, games, turns, the strategy map, and play
//! against a strategy in the terminal; the rules as switches on every verb
//! that plays the game.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::builder::TypedValueParser as _;
use clap::{Args, Subcommand, ValueEnum};
use dice::{CyclingDice, Dice, SeededDice};
use hog::file::{FileFormat, MAX_FILE_BYTES};
use hog::{GOAL, Rules, Strategy, exact, sample};
use serde::Serialize;

use crate::{
    CliError, Deferred, Format, TableFormat, Terminal, fail, seed_or_draw, threads_or_all, to_json,
};

mod terms;

/// Four- and six-sided dice for a game, each seeded or cycling.
type SplitDiceBox = hog::SplitDice<Box<dyn Dice>, Box<dyn Dice>>;

/// Arguments of `games-cli hog`: a verb, or `rate`'s flags for the short
/// form `games-cli hog --strategy final`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HogArgs {
    #[command(subcommand)]
    command: Option<HogCommand>,
    #[command(flatten)]
    rate: RateArgs,
}

#[derive(Subcommand, Debug)]
enum HogCommand {
    /// A strategy's exact average win rate against another (the default).
    Rate(Deferred<RateArgs>),
    /// The best reply to a strategy, its exact rate, and its table.
    BestResponse(Deferred<BestResponseArgs>),
    /// Every pair of strategies in both seats, exactly: a matrix and a ranking.
    Tournament(Deferred<TournamentArgs>),
    /// Write any strategy as a 100 x 100 table file (JSON or CSV).
    Export(Deferred<ExportArgs>),
    /// Play one game (or play against a strategy with --human).
    Play(Deferred<PlayArgs>),
    /// One take_turn on cycling test dice.
    Turn(Deferred<TurnArgs>),
    /// The dice a strategy rolls at a score pair.
    Choose(Deferred<ChooseArgs>),
    /// The project's max_scoring_num_rolls experiment (six-sided dice and
    /// pig out only: no rule switch applies).
    MaxRolls(Deferred<MaxRollsArgs>),
    /// One turn from a game state (the rules step's JSON): the dice drawn,
    /// what happened, and the state after.
    Step(Deferred<StepArgs>),
    /// The exact chance to win of every choice of dice at a score pair:
    /// against a strategy, and under optimal play.
    Coach(Deferred<CoachArgs>),
    /// Every rule set --rules takes: its rules in words and its source.
    Rules(Deferred<RulesListArgs>),
    /// How much each special rule of a rule set moves the first player's
    /// chance under optimal play (each rule switched off in turn).
    Edge(Deferred<EdgeArgs>),
}

#[derive(Args, Debug)]
struct EdgeArgs {
    /// The rule set (`hog rules` lists them).
    #[arg(long, value_name = "NAME", default_value = "spring2014")]
    rules: String,
    /// The score that ends the game (1 to 100).
    #[arg(long, default_value_t = GOAL)]
    goal: u32,
    #[command(flatten)]
    output: crate::TableOutput,
}

#[derive(Args, Debug)]
struct RulesListArgs {
    #[command(flatten)]
    output: crate::Output,
}

#[derive(Args, Debug)]
struct StepArgs {
    /// The state, as the rules step writes it: {"rules": {...}, "scores":
    /// [0, 0], "player": 0, "rolling": null} (the rules' goal and switches
    /// come from here).
    #[arg(long)]
    state: String,
    /// Dice the mover rolls (0 is free bacon).
    #[arg(
        long,
        conflicts_with = "strategy",
        required_unless_present = "strategy"
    )]
    rolls: Option<i64>,
    /// Or let this strategy choose the dice (any strategy form).
    #[arg(long)]
    strategy: Option<String>,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    output: crate::Output,
}

#[derive(Args, Debug)]
struct CoachArgs {
    /// The opponent's strategy (any strategy form).
    #[arg(long, default_value = "final")]
    vs: String,
    #[command(flatten)]
    at: ScoresArgs,
    #[command(flatten)]
    output: crate::TableOutput,
}

/// A score pair under the rules, for `choose` and `coach`.
#[derive(Args, Debug)]
struct ScoresArgs {
    /// The mover's score (0 to the goal - 1).
    #[arg(long)]
    score: u32,
    /// The opponent's score (0 to the goal - 1).
    #[arg(long)]
    opponent: u32,
    #[command(flatten)]
    rules: RulesArgs,
}

impl ScoresArgs {
    /// The rules, with both scores checked against them.
    fn checked(&self) -> Result<Rules, CliError> {
        let rules = self.rules.rules()?;
        rules
            .check_score(self.score)
            .map_err(|e| CliError(format!("--score: {e}")))?;
        rules
            .check_score(self.opponent)
            .map_err(|e| CliError(format!("--opponent: {e}")))?;
        Ok(rules)
    }
}

/// The rules as switches, shared by every verb that plays the game.
#[derive(Args, Debug, Clone)]
struct RulesArgs {
    /// The rule set: spring2014 (the handout's, the default), fall2017,
    /// fall2019, fall2020, fall2021, spring2022 or fall2023 (`hog rules`
    /// lists them).
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// The score that ends the game (1 to 100).
    #[arg(long, default_value_t = GOAL)]
    goal: u32,
    /// Switch free bacon off: zero dice is not allowed, a turn rolls 1 to 10.
    #[arg(long)]
    no_free_bacon: bool,
    /// Switch hog wild off: the dice are always six-sided.
    #[arg(long)]
    no_hog_wild: bool,
    /// Switch swine swap off: scores never swap.
    #[arg(long)]
    no_swine_swap: bool,
}

impl RulesArgs {
    /// Another term's rules, when `--rules` names one other than
    /// Spring 2014 (whose switches then do not apply).
    fn under(&self) -> Result<Option<terms::Under>, CliError> {
        let Some(name) = &self.rules else {
            return Ok(None);
        };
        let term: hog::Term = name
            .parse()
            .map_err(|e: hog::HogError| CliError(format!("--rules: {e}")))?;
        if term == hog::Term::Spring2014 {
            return Ok(None);
        }
        if self.no_free_bacon || self.no_hog_wild || self.no_swine_swap {
            return fail(format!(
                "--no-free-bacon, --no-hog-wild and --no-swine-swap switch Spring 2014's rules; they do not go with --rules {term}"
            ));
        }
        if !(1..=GOAL).contains(&self.goal) {
            return fail(format!(
                "--goal: {}",
                hog::HogError::GoalOutOfRange(self.goal)
            ));
        }
        Ok(Some(terms::Under::new(term, self.goal)))
    }

    fn rules(&self) -> Result<Rules, CliError> {
        Rules::new(
            self.goal,
            !self.no_free_bacon,
            !self.no_hog_wild,
            !self.no_swine_swap,
        )
        .map_err(|e| CliError(format!("--goal: {e}")))
    }
}

#[derive(Args, Debug)]
struct RateArgs {
    /// The strategy to rate: always:N, bacon, bacon:MARGIN:BASELINE, swap,
    /// swap:MARGIN:BASELINE, final, optimal, or file:PATH.
    #[arg(long)]
    strategy: Option<String>,
    /// The strategy it plays against (any of the same forms).
    #[arg(long, default_value = "always:5")]
    vs: String,
    /// With --games N: also estimate the win rate from N simulated games in
    /// each seat (--seed and --threads go with it).
    #[command(flatten)]
    sampling: crate::Sampling,
    /// Draw the strategy's map (dice at every score pair) to this file:
    /// .svg or .png.
    #[arg(long, value_parser = crate::charts::parse_plot)]
    plot: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    output: crate::Output,
}

/// A strategy file's format, for writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FileKind {
    /// An array of 100 arrays of 100 numbers.
    Json,
    /// 100 lines of 100 comma-separated numbers.
    Csv,
}

impl From<FileKind> for FileFormat {
    fn from(k: FileKind) -> FileFormat {
        match k {
            FileKind::Json => FileFormat::Json,
            FileKind::Csv => FileFormat::Csv,
        }
    }
}

#[derive(Args, Debug)]
struct BestResponseArgs {
    /// The strategy to reply to (any strategy form).
    #[arg(long, default_value = "always:5")]
    vs: String,
    /// Write the best response's table to this file (.json or .csv, or -
    /// for stdout with --as).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The file's format when --out has no .json or .csv extension.
    #[arg(long = "as", value_enum, requires = "out")]
    file_kind: Option<FileKind>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    output: crate::Output,
}

/// Output formats of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum TournamentFormat {
    /// A ranking and (for up to 12 strategies) the matrix.
    Table,
    /// Names, matrix, means and ranking as JSON.
    Json,
    /// The matrix as CSV with the mean rate as the last column.
    Csv,
}

/// How a tournament scores a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Scoring {
    /// The average of the two seats' win rates; ranked by the mean.
    Average,
    /// The course's contest: (1 + P(A wins moving first) - P(B wins moving
    /// first)) / 2; ranked by the others beaten by more than 0.500001.
    Contest,
}

#[derive(Args, Debug)]
struct TournamentArgs {
    /// The strategies, 2 to 500 (always:N, bacon, swap, final, optimal,
    /// file:PATH, ...).
    #[arg(required = true, num_args = 1..)]
    strategies: Vec<String>,
    /// Worker threads (the output does not depend on it).
    #[arg(long)]
    threads: Option<usize>,
    #[command(flatten)]
    rules: RulesArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TournamentFormat::Table)]
    format: TournamentFormat,
    /// How a pair is scored.
    #[arg(long, value_enum, default_value_t = Scoring::Average)]
    scoring: Scoring,
}

#[derive(Args, Debug)]
struct ExportArgs {
    /// The strategy to write (any strategy form).
    #[arg(long)]
    strategy: String,
    /// The file to write (.json or .csv, or - for stdout with --as).
    #[arg(long)]
    out: PathBuf,
    /// The format when --out has no .json or .csv extension.
    #[arg(long = "as", value_enum)]
    file_kind: Option<FileKind>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    output: crate::Output,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Player 0's strategy (moves first).
    #[arg(long, default_value = "always:5", conflicts_with = "human")]
    strategy0: String,
    /// Player 1's strategy.
    #[arg(long, default_value = "always:5", conflicts_with = "human")]
    strategy1: String,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Outcomes of cycling four-sided test dice, like make_test_dice(...).
    #[arg(long, value_delimiter = ',')]
    four_sided: Option<Vec<u32>>,
    /// Outcomes of cycling six-sided test dice.
    #[arg(long, value_delimiter = ',')]
    six_sided: Option<Vec<u32>>,
    /// Play yourself, against --strategy, in the terminal.
    #[arg(long)]
    human: bool,
    /// With --human: the strategy you play against.
    #[arg(long, default_value = "final", requires = "human")]
    strategy: String,
    /// With --human: let the strategy move first.
    #[arg(long, requires = "human")]
    second: bool,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    output: crate::Output,
}

#[derive(Args, Debug)]
struct TurnArgs {
    /// Dice to roll (0 to 10).
    #[arg(long)]
    rolls: i64,
    /// The opponent's score (0 to the goal - 1).
    #[arg(long)]
    opponent: u32,
    /// Outcomes of cycling test dice.
    #[arg(long, value_delimiter = ',', required = true)]
    dice: Vec<u32>,
    /// Sides of the dice: 6, or 4 (hog wild).
    #[arg(long, default_value_t = 6, value_parser = clap::builder::PossibleValuesParser::new(["4", "6"]).map(|s| s.parse::<u32>().unwrap_or(6)))]
    sides: u32,
    /// The mover's own score, under --rules of a term whose zero-dice rule
    /// reads it (Fall 2023's boar brawl).
    #[arg(long)]
    score: Option<u32>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    output: crate::Output,
}

#[derive(Args, Debug)]
struct ChooseArgs {
    /// The strategy.
    #[arg(long)]
    strategy: String,
    #[command(flatten)]
    at: ScoresArgs,
    #[command(flatten)]
    output: crate::Output,
}

#[derive(Args, Debug)]
struct MaxRollsArgs {
    /// Outcomes of cycling test dice (seeded six-sided dice when absent).
    #[arg(long, value_delimiter = ',')]
    dice: Option<Vec<u32>>,
    /// Turns averaged for each number of dice (make_averaged's samples):
    /// 1000, 1e4 or 10^4.
    #[arg(long, default_value_t = 1000, value_parser = crate::parse_count_u32)]
    turns: u32,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long, conflicts_with = "dice")]
    seed: Option<u64>,
    #[command(flatten)]
    output: crate::TableOutput,
}

pub fn run(a: HogArgs) -> Result<String, CliError> {
    match a.command {
        Some(HogCommand::Rate(Deferred(r))) => rate(&r),
        Some(HogCommand::BestResponse(Deferred(b))) => best_response(&b),
        Some(HogCommand::Tournament(Deferred(t))) => tournament(&t),
        Some(HogCommand::Export(Deferred(e))) => export(&e),
        Some(HogCommand::Play(Deferred(p))) if p.human => human(p),
        Some(HogCommand::Play(Deferred(p))) => play(p),
        Some(HogCommand::Turn(Deferred(t))) => turn(t),
        Some(HogCommand::Choose(Deferred(c))) => choose(c),
        Some(HogCommand::MaxRolls(Deferred(m))) => max_rolls(m),
        Some(HogCommand::Step(Deferred(t))) => step(&t),
        Some(HogCommand::Coach(Deferred(c))) => coach(&c),
        Some(HogCommand::Rules(Deferred(r))) => terms::list(r.output.format),
        Some(HogCommand::Edge(Deferred(e))) => terms::edge(&e.rules, e.goal, e.output.format),
        None => rate(&a.rate),
    }
}

/// A strategy from its command-line form under `rules`: a built-in name,
/// or `file:PATH` read and checked here. Every strategy is checked against
/// the rules (no 0 dice without free bacon).
fn strategy(spec: &str, rules: &Rules) -> Result<Strategy, CliError> {
    let s = match spec.strip_prefix("file:") {
        Some(path) => read_strategy_file(Path::new(path))?,
        None if COMPUTED.contains(&spec) => computed(spec, rules)?,
        None => Strategy::named(spec, rules)?,
    };
    rules.check_strategy(&s)?;
    Ok(s)
}

/// The strategies a dynamic program computes from their name and the rules
/// alone.
const COMPUTED: [&str; 2] = ["final", "optimal"];

/// How many computed strategies a thread keeps (each a 100 x 100 table).
const KEPT_COMPUTED: usize = 8;

thread_local! {
    /// The computed strategies this thread has built, by name and rules: a
    /// command that names one twice (`--strategy optimal --vs optimal`, a
    /// tournament entry given twice, both seats of `play`) runs its dynamic
    /// program once. They depend on nothing else, so keeping them is safe;
    /// at most [`KEPT_COMPUTED`], the oldest dropped first.
    static COMPUTED_KEPT: std::cell::RefCell<Vec<(String, Rules, Strategy)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// [`Strategy::named`] for a name of [`COMPUTED`], built once a thread.
fn computed(spec: &str, rules: &Rules) -> Result<Strategy, CliError> {
    let kept = COMPUTED_KEPT.with_borrow(|k| {
        k.iter()
            .find(|(n, r, _)| n == spec && r == rules)
            .map(|(_, _, s)| s.clone())
    });
    if let Some(s) = kept {
        return Ok(s);
    }
    let s = Strategy::named(spec, rules)?;
    COMPUTED_KEPT.with_borrow_mut(|k| {
        if k.len() >= KEPT_COMPUTED {
            k.remove(0);
        }
        k.push((spec.to_string(), *rules, s.clone()));
    });
    Ok(s)
}

/// Read a strategy file, refusing one larger than the format allows
/// before reading it.
fn read_strategy_file(path: &Path) -> Result<Strategy, CliError> {
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| CliError(format!("cannot read strategy file {name}: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return fail(format!(
            "strategy file {name}: is a folder, not a table of dice"
        ));
    }
    if meta.is_file() && meta.len() > MAX_FILE_BYTES {
        return fail(format!(
            "strategy file {name}: is {} bytes; a strategy file is at most {MAX_FILE_BYTES} bytes",
            meta.len()
        ));
    }
    use std::io::Read as _;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    Ok(hog::file::parse(
        &bytes,
        FileFormat::from_path(path),
        &name,
    )?)
}

/// The files that strategy flags (`file:PATH`) read, as (flag, path).
fn strategy_files<'a>(specs: &[(&'static str, &'a str)]) -> Vec<(&'static str, &'a Path)> {
    specs
        .iter()
        .filter_map(|&(flag, spec)| spec.strip_prefix("file:").map(|p| (flag, Path::new(p))))
        .collect()
}

/// The format to write `out` in: `--as`, else its extension.
fn file_format(out: &Path, kind: Option<FileKind>) -> Result<FileFormat, CliError> {
    match (kind, FileFormat::from_path(out)) {
        (Some(k), _) => Ok(k.into()),
        (None, Some(f)) => Ok(f),
        (None, None) => fail(format!(
            "--out {}: name a .json or .csv file, or give --as json or --as csv",
            out.display()
        )),
    }
}

/// Write a strategy table to a checked output (for `-`, stdout, the text
/// is returned instead, to be printed as the result).
fn write_strategy(
    s: &Strategy,
    out: &crate::output::Target,
    format: FileFormat,
) -> Result<Option<String>, CliError> {
    let text = hog::file::write(s, format);
    if out.is_stdout() {
        return Ok(Some(text));
    }
    crate::output::write_all(&[(out, text.as_bytes())])?;
    Ok(None)
}

fn format_name(f: FileFormat) -> &'static str {
    match f {
        FileFormat::Json => "JSON",
        FileFormat::Csv => "CSV",
    }
}

/// `rate`'s JSON.
#[derive(Serialize)]
struct RateOut {
    strategy: String,
    baseline: String,
    exact_win_rate: f64,
    win_rate_first: f64,
    win_rate_second: f64,
    best_possible_win_rate: f64,
    rules: Rules,
    #[serde(flatten)]
    sampled: Option<SampledOut>,
}

#[derive(Serialize)]
struct SampledOut {
    samples: u64,
    seed: u64,
    sampled_win_rate: f64,
    sampled_standard_error: f64,
    /// Half the width of the sampled rate's 95% interval.
    sampled_ci95: f64,
}

fn rate(a: &RateArgs) -> Result<String, CliError> {
    let Some(name) = &a.strategy else {
        return fail(
            "--strategy is required (or a verb: rate, best-response, tournament, export, play, turn, choose, max-rolls, step, coach)",
        );
    };
    if let Some(u) = a.rules.under()? {
        if a.sampling.games.is_some() || a.plot.is_some() {
            return fail(format!(
                "hog rate: --games and --plot go with --rules spring2014 (the exact rate under --rules {} needs neither)",
                u.term
            ));
        }
        return terms::rate(u, name, &a.vs, a.output.format);
    }
    let rules = a.rules.rules()?;
    if a.sampling.games.is_none()
        && (a.sampling.seed.is_some() || a.sampling.threads.is_some() || a.sampling.shard.is_some())
    {
        return fail(
            "hog rate: --seed, --threads and --shard go with --games (the sampled estimate)",
        );
    }
    let plot = match &a.plot {
        Some(p) => {
            let t = crate::output::check_one("--plot", p)?;
            t.not_over(&strategy_files(&[("--strategy", name), ("--vs", &a.vs)]))?;
            Some(t)
        }
        None => None,
    };
    let vs = strategy(&a.vs, &rules)?;
    // The ceiling is the best response to `vs`; `final` against
    // always_roll(5) is that same best response, so one dynamic program
    // gives the strategy, its rate and the ceiling.
    let best = exact::best_response(&vs, &rules)?;
    let ceiling = best.rate.average;
    let (s, r) = if name == "final" && vs == Strategy::Always(5) {
        let mut s = best.strategy;
        s.rename("final");
        (s, best.rate)
    } else {
        let s = strategy(name, &rules)?;
        let r = exact::average_win_rate(&s, &vs, &rules)?;
        (s, r)
    };
    let sampled = match a.sampling.games {
        Some(n) => {
            let n = crate::games_or(Some(n), 0)?;
            let seed = seed_or_draw(a.sampling.seed);
            let threads = threads_or_all(a.sampling.threads)?;
            let (w1, w2): (u64, u64) = crate::shard::sums_or_partial!(
                &a.sampling,
                |shard| Ok(sample::wins_shard(
                    &s, &vs, n, &rules, seed, threads, shard,
                )?),
                // The games in seat 1, then in seat 2: 2n in all.
                |&(w1, w2): &(u64, u64), shard| {
                    crate::shard::games_in("wins", w1.saturating_add(w2), 2 * n, shard, false)?;
                    crate::shard::games_in("wins[0]", w1, n, dice::parallel::Shard::ALL, false)?;
                    crate::shard::games_in("wins[1]", w2, n, dice::parallel::Shard::ALL, false)
                }
            );
            let x = sample::Sampled::from_wins(n, w1, w2);
            Some(SampledOut {
                samples: x.games_each,
                seed,
                sampled_win_rate: x.average,
                sampled_standard_error: x.standard_error,
                sampled_ci95: dice::stats::Z95 * x.standard_error,
            })
        }
        None => None,
    };
    if let (Some(target), Some(path)) = (&plot, &a.plot) {
        write_map(target, path, &s)?;
    }
    Ok(match a.output.format {
        Format::Json => to_json(&RateOut {
            strategy: s.to_string(),
            baseline: vs.to_string(),
            exact_win_rate: r.average,
            win_rate_first: r.first,
            win_rate_second: r.second,
            best_possible_win_rate: ceiling,
            rules,
            sampled,
        })?,
        Format::Table => {
            let mut o = format!(
                "{s} against {vs}, exact ({}):\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\nthe best any strategy can do against {vs}: {ceiling:.6}\n",
                rules.describe(),
                r.average,
                r.first,
                r.second
            );
            if let Some(x) = sampled {
                let _ = writeln!(
                    o,
                    "sampled ({} games in each seat, seed {}): {:.6} +/- {:.6} (95% interval)",
                    x.samples, x.seed, x.sampled_win_rate, x.sampled_ci95
                );
            }
            o
        }
    })
}

/// `best-response`'s JSON.
#[derive(Serialize)]
struct BestResponseOut {
    opponent: String,
    strategy: String,
    exact_win_rate: f64,
    win_rate_first: f64,
    win_rate_second: f64,
    rules: Rules,
    out: Option<String>,
}

fn best_response(b: &BestResponseArgs) -> Result<String, CliError> {
    if let Some(u) = b.rules.under()? {
        return terms::best_response(u, &b.vs, b.out.as_ref(), b.file_kind, b.output.format);
    }
    let rules = b.rules.rules()?;
    let vs = strategy(&b.vs, &rules)?;
    let out = match &b.out {
        Some(out) => {
            let t = crate::output::check_one("--out", out)?;
            t.not_over(&strategy_files(&[("--vs", &b.vs)]))?;
            Some((t, file_format(out, b.file_kind)?))
        }
        None => None,
    };
    let best = exact::best_response(&vs, &rules)?;
    if let Some((target, format)) = &out
        && let Some(table) = write_strategy(&best.strategy, target, *format)?
    {
        return Ok(table);
    }
    let r = best.rate;
    Ok(match b.output.format {
        Format::Json => to_json(&BestResponseOut {
            opponent: vs.to_string(),
            strategy: best.strategy.to_string(),
            exact_win_rate: r.average,
            win_rate_first: r.first,
            win_rate_second: r.second,
            rules,
            out: b.out.as_ref().map(|p| p.display().to_string()),
        })?,
        Format::Table => {
            let mut o = format!(
                "the best response to {vs}, exact ({}):\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\n",
                rules.describe(),
                r.average,
                r.first,
                r.second
            );
            match &b.out {
                Some(p) => {
                    let _ = writeln!(o, "its table (dice at every score pair): {}", p.display());
                }
                None => o.push_str("(--out FILE writes its table)\n"),
            }
            o
        }
    })
}

/// A tournament's JSON.
#[derive(Serialize)]
struct TournamentOut {
    rules: Rules,
    strategies: Vec<String>,
    /// `matrix[i][j]`: i's average win rate against j.
    matrix: Vec<Vec<f64>>,
    ranking: Vec<RankOut>,
}

#[derive(Serialize)]
struct RankOut {
    rank: usize,
    strategy: String,
    mean_win_rate: f64,
}

/// The most strategies whose matrix the table format prints.
const TABLE_MATRIX_MAX: usize = 12;

use crate::csv_field;

fn tournament(t: &TournamentArgs) -> Result<String, CliError> {
    if let Some(u) = t.rules.under()? {
        let threads = threads_or_all(t.threads)?;
        return terms::tournament(u, &t.strategies, threads, t.format, t.scoring);
    }
    let rules = t.rules.rules()?;
    let n = t.strategies.len();
    if !(2..=exact::MAX_TOURNAMENT).contains(&n) {
        return Err(hog::HogError::TooManyStrategies(n).into());
    }
    let threads = threads_or_all(t.threads)?;
    let strategies = t
        .strategies
        .iter()
        .map(|spec| strategy(spec, &rules))
        .collect::<Result<Vec<_>, _>>()?;
    let result = exact::tournament(&strategies, &rules, threads)?;
    let names = &result.strategies;
    if t.scoring == Scoring::Contest {
        // Without games that never end, a pair's contest score is the row's
        // average win rate: (P(A first) + 1 - P(B first)) / 2.
        return terms::contest_report(rules, &rules.describe(), names, &result.matrix, t.format);
    }
    Ok(match t.format {
        TournamentFormat::Json => to_json(&TournamentOut {
            rules,
            strategies: names.clone(),
            matrix: result.matrix.clone(),
            ranking: result
                .ranking
                .iter()
                .enumerate()
                .map(|(k, &i)| RankOut {
                    rank: k + 1,
                    strategy: names[i].clone(),
                    mean_win_rate: result.mean[i],
                })
                .collect(),
        })?,
        TournamentFormat::Csv | TournamentFormat::Table => tournament_text(
            &rules.describe(),
            names,
            &result.matrix,
            &result.mean,
            &result.ranking,
            t.format == TournamentFormat::Csv,
        ),
    })
}

/// A tournament as CSV (the matrix in the strategies' order, each with its
/// mean win rate) or as a table (the ranking, then the matrix).
pub(super) fn tournament_text(
    described: &str,
    names: &[String],
    matrix: &[Vec<f64>],
    mean: &[f64],
    ranking: &[usize],
    csv: bool,
) -> String {
    let n = names.len();
    if csv {
        return matrix_csv(names, matrix, "mean_win_rate", |i| mean[i].to_string());
    }
    let mut o = format!(
        "Hog tournament, {n} strategies, every pair in both seats, exact ({described}):\n\nrank  mean win rate  strategy\n"
    );
    for (k, &i) in ranking.iter().enumerate() {
        let _ = writeln!(o, "{:>4}  {:>13.6}  {}", k + 1, mean[i], names[i]);
    }
    o.push_str("\n(mean win rate: the average of a strategy's exact average win rates against each of the others)\n");
    matrix_text(
        &mut o,
        "win rate of the row's strategy against the column's (average of both seats; #k: rank k)",
        ranking,
        names,
        matrix,
    );
    o
}

/// A matrix of every pair as CSV, in the strategies' order: a header of
/// the names and `last`, then a row a strategy ending in `value(i)`.
pub(super) fn matrix_csv(
    names: &[String],
    matrix: &[Vec<f64>],
    last: &str,
    value: impl Fn(usize) -> String,
) -> String {
    let mut o = String::from("strategy");
    for name in names {
        o.push(',');
        o.push_str(&csv_field(name));
    }
    let _ = writeln!(o, ",{last}");
    for (i, row) in matrix.iter().enumerate() {
        o.push_str(&csv_field(&names[i]));
        for x in row {
            let _ = write!(o, ",{x}");
        }
        let _ = writeln!(o, ",{}", value(i));
    }
    o
}

/// A matrix of every pair as text, rows and columns in `order` (a
/// ranking's), numbered by rank so `#k` is the strategy ranked k; past
/// [`TABLE_MATRIX_MAX`] strategies, a pointer to the CSV and JSON.
pub(super) fn matrix_text(
    o: &mut String,
    heading: &str,
    order: &[usize],
    names: &[String],
    matrix: &[Vec<f64>],
) {
    let n = order.len();
    if n > TABLE_MATRIX_MAX {
        o.push_str("\n(the matrix of every pair: --format csv or --format json)\n");
        return;
    }
    let _ = write!(o, "\n{heading}:\n\n     ");
    for k in 0..n {
        let _ = write!(o, "  {:>8}", format!("#{}", k + 1));
    }
    o.push('\n');
    for (k, &i) in order.iter().enumerate() {
        let _ = write!(o, "{:>4} ", format!("#{}", k + 1));
        for &j in order {
            let _ = write!(o, "  {:>8.6}", matrix[i][j]);
        }
        let _ = writeln!(o, "  {}", names[i]);
    }
}

/// `export`'s JSON.
#[derive(Serialize)]
struct ExportOut {
    strategy: String,
    out: String,
    format: &'static str,
    rules: Rules,
}

fn export(e: &ExportArgs) -> Result<String, CliError> {
    if let Some(u) = e.rules.under()? {
        return terms::export(u, &e.strategy, &e.out, e.file_kind, e.output.format);
    }
    let rules = e.rules.rules()?;
    let format = file_format(&e.out, e.file_kind)?;
    let target = crate::output::check_one("--out", &e.out)?;
    target.not_over(&strategy_files(&[("--strategy", &e.strategy)]))?;
    let s = strategy(&e.strategy, &rules)?;
    if let Some(text) = write_strategy(&s, &target, format)? {
        return Ok(text);
    }
    Ok(match e.output.format {
        Format::Json => to_json(&ExportOut {
            strategy: s.to_string(),
            out: e.out.display().to_string(),
            format: format_name(format),
            rules,
        })?,
        Format::Table => format!(
            "wrote {s} to {} ({}, 100 x 100: rolls[score][opponent])\n",
            e.out.display(),
            format_name(format)
        ),
    })
}

/// Dice for a game: seeded, with cycling test dice for either size if given.
fn game_dice(
    seed: u64,
    four: &Option<Vec<u32>>,
    six: &Option<Vec<u32>>,
) -> Result<SplitDiceBox, CliError> {
    let pick = |list: &Option<Vec<u32>>, stream: u64| -> Result<Box<dyn Dice>, CliError> {
        Ok(match list {
            Some(v) => Box::new(CyclingDice::new(v.clone())?),
            None => Box::new(SeededDice::new(seed, stream)),
        })
    };
    Ok(SplitDiceBox {
        four: pick(four, 1)?,
        six: pick(six, 0)?,
    })
}

/// The seed of a game's dice, or none when both sizes are test dice (then
/// no die is seeded: a seed given is refused, none is shown).
fn seed_of_game(p: &PlayArgs) -> Result<Option<u64>, CliError> {
    if p.four_sided.is_some() && p.six_sided.is_some() {
        if p.seed.is_some() {
            return crate::fail(
                "--seed: no die is seeded when both --four-sided and --six-sided are given",
            );
        }
        return Ok(None);
    }
    Ok(Some(seed_or_draw(p.seed)))
}

/// `play`'s JSON.
#[derive(Serialize)]
struct PlayOut {
    strategy0: String,
    strategy1: String,
    /// Null when both sizes of dice are test dice.
    seed: Option<u64>,
    rules: Rules,
    #[serde(flatten)]
    game: hog::Game,
}

fn play(p: PlayArgs) -> Result<String, CliError> {
    if let Some(u) = p.rules.under()? {
        if p.four_sided.is_some() {
            return fail(format!(
                "hog play: --four-sided is for hog wild (--rules spring2014); --rules {} rolls six-sided dice only",
                u.term
            ));
        }
        return terms::play(
            u,
            [&p.strategy0, &p.strategy1],
            p.seed,
            p.six_sided.as_ref(),
            p.output.format,
        );
    }
    let rules = p.rules.rules()?;
    let (s0, s1) = (
        strategy(&p.strategy0, &rules)?,
        strategy(&p.strategy1, &rules)?,
    );
    let seed = seed_of_game(&p)?;
    let mut dice = game_dice(seed.unwrap_or(0), &p.four_sided, &p.six_sided)?;
    let g = hog::play(&s0, &s1, &rules, &mut dice)?;
    Ok(match p.output.format {
        Format::Json => to_json(&PlayOut {
            strategy0: s0.to_string(),
            strategy1: s1.to_string(),
            seed,
            rules,
            game: g,
        })?,
        Format::Table => {
            let mut o = format!(
                "{s0} (player 0) against {s1} (player 1), {}, {}\n",
                seed.map_or("test dice".to_string(), |s| format!("seed {s}")),
                rules.describe()
            );
            for t in &g.turns {
                let _ = writeln!(o, "{}", describe(t, &["player 0", "player 1"], None));
            }
            let _ = writeln!(
                o,
                "final score {} to {}: player {} wins",
                g.score0, g.score1, g.winner
            );
            o
        }
    })
}

/// One line for a turn, the scores after it in brackets: player 0's
/// first, or with `first` that player's first, each score named.
fn describe(t: &hog::TurnRecord, names: &[&str; 2], first: Option<usize>) -> String {
    let who = names[t.player];
    let dice = if t.sides == 4 {
        "four-sided"
    } else {
        "six-sided"
    };
    let mut s = if t.free_bacon {
        format!("{who}: 0 dice, free bacon, {} points", t.points)
    } else {
        let faces: Vec<String> = t.outcomes.iter().map(u32::to_string).collect();
        format!(
            "{who}: {} {dice} dice: {} -> {}{}",
            t.rolls,
            faces.join(" "),
            t.points,
            if t.pig_out { " (pig out)" } else { "" }
        )
    };
    if t.swine_swap {
        s.push_str("; swine swap!");
    }
    if let Some(first) = first {
        let _ = write!(
            s,
            "  [{} {} - {} {}]",
            names[first],
            t.after[first],
            names[1 - first],
            t.after[1 - first]
        );
    } else {
        let _ = write!(s, "  [{} - {}]", t.after[0], t.after[1]);
    }
    s
}

fn human(p: PlayArgs) -> Result<String, CliError> {
    if let Some(u) = p.rules.under()? {
        if p.four_sided.is_some() {
            return fail(format!(
                "hog play: --four-sided is for hog wild (--rules spring2014); --rules {} rolls six-sided dice only",
                u.term
            ));
        }
        return terms::human(u, &p.strategy, p.seed, p.six_sided.as_ref(), p.second);
    }
    let rules = p.rules.rules()?;
    let goal = rules.goal();
    let opponent = strategy(&p.strategy, &rules)?;
    let seed = seed_of_game(&p)?;
    let mut dice = game_dice(seed.unwrap_or(0), &p.four_sided, &p.six_sided)?;
    let me = usize::from(p.second);
    let names = if me == 0 {
        ["you", "computer"]
    } else {
        ["computer", "you"]
    };
    let mut term = Terminal::new();
    term.say(&format!(
        "Hog against {opponent} ({}, {}). First to {goal}. You are player {me}.\n",
        seed.map_or("test dice".to_string(), |s| format!("seed {s}")),
        rules.describe()
    ))?;
    let mut state = hog::HogState::new(rules);
    while let Some(player) = state.mover() {
        let (mine, theirs) = state.view();
        let scores = state.scores();
        let sides = state.sides();
        let rolls = if player == me {
            term.say(&format!(
                "\nYou {} - computer {}. You roll {}-sided dice{}.\n",
                scores[me],
                scores[1 - me],
                sides,
                if sides == 4 { " (hog wild)" } else { "" }
            ))?;
            loop {
                if rules.free_bacon() {
                    term.say(&format!(
                        "How many dice (0-10; 0 is free bacon for {})? ",
                        hog::free_bacon(theirs)
                    ))?;
                } else {
                    term.say("How many dice (1-10)? ")?;
                }
                let line = term.ask()?;
                match line.parse::<i64>().ok().map(|n| rules.check_rolls(n)) {
                    Some(Ok(n)) => break n,
                    _ => term.say(&format!(
                        "{line:?} is not a number of dice: enter a whole number from {} to 10.\n",
                        rules.min_rolls()
                    ))?,
                }
            }
        } else {
            opponent.rolls(mine, theirs)
        };
        let t = state.play_turn(rolls, &mut dice)?;
        // Your score first, named, as the prompt shows it.
        term.say(&format!("{}\n", describe(&t, &names, Some(me))))?;
    }
    term.say(&game_over_line(
        state.scores(),
        state.winner().unwrap_or(0),
        me,
    ))?;
    Ok(String::new())
}

/// The last line of a game played at the terminal, winner's score first.
pub(super) fn game_over_line(scores: [u32; 2], winner: usize, me: usize) -> String {
    format!(
        "\n{} {} to {}.\n",
        if winner == me {
            "You win"
        } else {
            "The computer wins"
        },
        scores[winner],
        scores[1 - winner]
    )
}

fn turn(t: TurnArgs) -> Result<String, CliError> {
    if let Some(u) = t.rules.under()? {
        if t.sides != 6 {
            return fail(format!(
                "--sides 4 is hog wild's (--rules spring2014); --rules {} rolls six-sided dice",
                u.term
            ));
        }
        let points = terms::turn(&u, t.rolls, t.score.unwrap_or(0), t.opponent, &t.dice)?;
        return Ok(match t.output.format {
            Format::Json => to_json(&PointsOut { points })?,
            Format::Table => format!("points scored: {points}\n"),
        });
    }
    if t.score.is_some() {
        return fail(
            "--score: Spring 2014's turn does not read the mover's score (free bacon reads the opponent's); give it with --rules of another term",
        );
    }
    let rules = t.rules.rules()?;
    let rolls = hog::check_rolls(t.rolls)?;
    let mut d = CyclingDice::new(t.dice.clone())?;
    let points = hog::take_turn_under(&rules, rolls, t.opponent, t.sides, &mut d)?;
    Ok(match t.output.format {
        Format::Json => to_json(&PointsOut { points })?,
        Format::Table => format!("points scored: {points}\n"),
    })
}

fn choose(c: ChooseArgs) -> Result<String, CliError> {
    if let Some(u) = c.at.rules.under()? {
        let rolls = terms::choose(u, &c.strategy, c.at.score, c.at.opponent)?;
        return Ok(match c.output.format {
            Format::Json => to_json(&RollsOut { rolls })?,
            Format::Table => format!("dice to roll: {rolls}\n"),
        });
    }
    let rules = c.at.checked()?;
    let rolls = strategy(&c.strategy, &rules)?.rolls(c.at.score, c.at.opponent);
    Ok(match c.output.format {
        Format::Json => to_json(&RollsOut { rolls })?,
        Format::Table => format!("dice to roll: {rolls}\n"),
    })
}

/// Python's float repr for the averages, as the project prints them.
fn py_float(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e16 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// `max-rolls`'s JSON.
#[derive(Serialize)]
struct MaxRollsOut {
    averages: Vec<f64>,
    best: u32,
    samples: u32,
    seed: Option<u64>,
}

/// `turn`'s JSON.
#[derive(Serialize)]
struct PointsOut {
    points: u32,
}

/// `choose`'s JSON.
#[derive(Serialize)]
struct RollsOut {
    rolls: u32,
}

fn max_rolls(m: MaxRollsArgs) -> Result<String, CliError> {
    let seed = m.dice.is_none().then(|| seed_or_draw(m.seed));
    let mut dice: Box<dyn Dice> = match &m.dice {
        Some(v) => Box::new(CyclingDice::new(v.clone())?),
        None => Box::new(SeededDice::new(seed.unwrap_or(0), 0)),
    };
    crate::limits::at_most("--turns", m.turns, crate::limits::limits().turns)?;
    let (averages, best) = hog::max_scoring_num_rolls(&mut dice, m.turns)?;
    Ok(match m.output.format {
        TableFormat::Csv => {
            let rows: Vec<Vec<String>> = averages
                .iter()
                .enumerate()
                .map(|(i, a)| vec![(i + 1).to_string(), py_float(*a)])
                .collect();
            crate::csv(&["dice", "average_points"], &rows)
        }
        TableFormat::Json => to_json(&MaxRollsOut {
            averages,
            best,
            samples: m.turns,
            seed,
        })?,
        TableFormat::Table => {
            let mut o = String::new();
            for (i, a) in averages.iter().enumerate() {
                let _ = writeln!(o, "{} dice scores {} on average", i + 1, py_float(*a));
            }
            let _ = writeln!(o, "{best}");
            if let Some(seed) = seed {
                let _ = writeln!(
                    o,
                    "(seed {seed}; the last line is the best number of dice, the fewer on a tie)"
                );
            }
            o
        }
    })
}

/// Write the strategy's map (see [`crate::charts::hog_map`]).
fn write_map(target: &crate::output::Target, path: &Path, s: &Strategy) -> Result<(), CliError> {
    let bytes = crate::charts::encode(path, crate::charts::hog_map(s))?;
    crate::output::write_all(&[(target, &bytes)])
}

/// `step`'s JSON.
#[derive(Serialize)]
struct StepOut {
    seed: u64,
    /// Who chose the dice: "you" (--rolls) or the strategy's name.
    chosen_by: String,
    turn: hog::TurnRecord,
    /// The state after the turn.
    state: hog::HogState,
    /// The winner, once the game is over.
    winner: Option<usize>,
}

fn step(a: &StepArgs) -> Result<String, CliError> {
    // A state of another term names its rule set: "rules": "fall2019".
    if serde_json::from_str::<serde_json::Value>(&a.state)
        .is_ok_and(|v| v.get("rules").is_some_and(serde_json::Value::is_string))
    {
        return terms::step(
            &a.state,
            a.rolls,
            a.strategy.as_deref(),
            a.seed,
            a.output.format,
        );
    }
    let mut state: hog::HogState =
        serde_json::from_str(&a.state).map_err(|e| CliError(format!("--state: {e}")))?;
    let Some(_) = state.mover() else {
        return fail("--state: the game is over; no more turns");
    };
    if state.rolling().is_some() {
        return fail("--state: the dice are already chosen (\"rolling\" must be null)");
    }
    let rules = state.rules();
    let (rolls, chosen_by) = match (&a.rolls, &a.strategy) {
        (Some(n), _) => (
            rules
                .check_rolls(*n)
                .map_err(|e| CliError(format!("--rolls: {e}")))?,
            "you".to_string(),
        ),
        (None, Some(spec)) => {
            let s = strategy(spec, &rules)?;
            let (mine, theirs) = state.view();
            (s.rolls(mine, theirs), s.to_string())
        }
        (None, None) => return fail("--rolls or --strategy is needed"),
    };
    let seed = seed_or_draw(a.seed);
    let mut dice = game_dice(seed, &None, &None)?;
    let turn = state.play_turn(rolls, &mut dice)?;
    let names = ["player 0", "player 1"];
    Ok(match a.output.format {
        Format::Json => to_json(&StepOut {
            seed,
            chosen_by,
            turn,
            winner: state.winner(),
            state,
        })?,
        Format::Table => {
            let mut o = format!("{} (seed {seed})\n", describe(&turn, &names, None));
            if let Some(w) = state.winner() {
                let _ = writeln!(o, "player {w} wins");
            }
            let _ = writeln!(o, "state: {}", serde_json::to_string(&state)?);
            o
        }
    })
}

fn coach(c: &CoachArgs) -> Result<String, CliError> {
    if let Some(u) = c.at.rules.under()? {
        return terms::coach(u, &c.vs, c.at.score, c.at.opponent, c.output.format);
    }
    let rules = c.at.checked()?;
    let answer = if c.vs == "optimal" {
        // The coach builds the minimax table anyway: one dynamic program
        // serves as the opponent and as optimal play.
        exact::coach_vs_optimal(&rules, c.at.score, c.at.opponent)?
    } else {
        let vs = strategy(&c.vs, &rules)?;
        exact::coach(&vs, &rules, c.at.score, c.at.opponent)?
    };
    Ok(match c.output.format {
        TableFormat::Csv => terms::coach_csv(
            answer
                .choices
                .iter()
                .map(|x| (x.rolls, x.against_opponent, x.under_optimal_play)),
        ),
        TableFormat::Json => to_json(&answer)?,
        TableFormat::Table => {
            let mut o = format!(
                "at {} to {} against {} ({}):\n\ndice  chance to win  chance under optimal play\n",
                c.at.score,
                c.at.opponent,
                answer.opponent,
                rules.describe()
            );
            for x in &answer.choices {
                let _ = writeln!(
                    o,
                    "{:>4}  {:>13.6}  {:>25.6}",
                    x.rolls, x.against_opponent, x.under_optimal_play
                );
            }
            let _ = writeln!(
                o,
                "\nbest against {}: {} dice; best under optimal play: {} dice; {} would roll {}\n(chances exact: the mover rolls this many now, then plays the best reply)",
                answer.opponent,
                answer.best_against_opponent,
                answer.best_under_optimal_play,
                answer.opponent,
                answer.opponent_would_roll
            );
            o
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A computed strategy named twice under the same rules is built once
    /// and is the same table; other rules get their own; the thread keeps
    /// at most KEPT_COMPUTED of them.
    #[test]
    fn computed_strategies_are_built_once_a_thread() {
        let kept = || COMPUTED_KEPT.with_borrow(Vec::len);
        let seed = Rules::default();
        let a = strategy("optimal", &seed).unwrap();
        assert_eq!(kept(), 1);
        let b = strategy("optimal", &seed).unwrap();
        assert_eq!(kept(), 1);
        assert_eq!(a, b);
        assert_eq!(a, exact::optimal(&seed).strategy);
        strategy("always:5", &seed).unwrap();
        assert_eq!(
            kept(),
            1,
            "named strategies that compute nothing are not kept"
        );
        for goal in 10..10 + KEPT_COMPUTED as u32 + 3 {
            let rules = Rules::with_goal(goal).unwrap();
            let f = strategy("final", &rules).unwrap();
            assert_eq!(f, exact::final_strategy(&rules));
            assert!(kept() <= KEPT_COMPUTED);
        }
        assert_eq!(kept(), KEPT_COMPUTED);
        // The oldest (the handout's optimal) was dropped; asking again builds it.
        assert_eq!(strategy("optimal", &seed).unwrap(), a);
    }
}
