//! `games-cli hog`: exact and sampled win rates, best responses,
//! tournaments, strategy files, games, turns, the strategy map, and play
//! against a strategy in the terminal; the rules as switches on every verb
//! that plays the game. Each verb's flags become its typed request
//! (`games_app::hog`), run and rendered there; what stays here is the
//! terminal's (`play --human`) and the file system's (`--out`, `--plot`).

use std::path::{Path, PathBuf};

use clap::builder::TypedValueParser as _;
use clap::{Args, Subcommand, ValueEnum};
use games_app::Context;
use games_app::hog as app;
use hog::GOAL;

use crate::{CliError, Deferred, TableFormat, Terminal, fail, seed_or_draw};

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
        required_unless_present_any = ["strategy", "turns"]
    )]
    rolls: Option<i64>,
    /// Or let this strategy choose the dice (any strategy form).
    #[arg(long)]
    strategy: Option<String>,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Or turns played in turn, each DICE:SEED, e.g. 4:17,0:18,3:19: a
    /// game's turns replayed, every turn reported (at most 10000).
    #[arg(
        long,
        value_delimiter = ',',
        num_args = 1,
        value_name = "DICE:SEED",
        conflicts_with_all = ["rolls", "strategy", "seed"]
    )]
    turns: Option<Vec<String>>,
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

impl From<FileKind> for app::FileKind {
    fn from(k: FileKind) -> app::FileKind {
        match k {
            FileKind::Json => app::FileKind::Json,
            FileKind::Csv => app::FileKind::Csv,
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
    /// The rule set whose roll rule is averaged (`hog rules` lists them);
    /// every term's scores 1 when any die shows 1, so the figures are the
    /// same under each.
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
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

pub fn run(a: HogArgs, ctx: &Context) -> Result<String, CliError> {
    match a.command {
        Some(HogCommand::Rate(Deferred(r))) => rate(&r, ctx),
        Some(HogCommand::BestResponse(Deferred(b))) => best_response(&b, ctx),
        Some(HogCommand::Tournament(Deferred(t))) => tournament(&t, ctx),
        Some(HogCommand::Export(Deferred(e))) => export(&e, ctx),
        Some(HogCommand::Play(Deferred(p))) if p.human => human(&p),
        Some(HogCommand::Play(Deferred(p))) => play(&p, ctx),
        Some(HogCommand::Turn(Deferred(t))) => turn(&t, ctx),
        Some(HogCommand::Choose(Deferred(c))) => choose(&c, ctx),
        Some(HogCommand::MaxRolls(Deferred(m))) => max_rolls(&m, ctx),
        Some(HogCommand::Step(Deferred(t))) => step(&t, ctx),
        Some(HogCommand::Coach(Deferred(c))) => coach(&c, ctx),
        Some(HogCommand::Rules(Deferred(r))) => crate::render(
            &crate::run_verb(&app::RuleSets {}, ctx)?,
            r.output.format.into(),
        ),
        Some(HogCommand::Edge(Deferred(e))) => {
            let req = app::Edge {
                rules: e.rules.clone(),
                goal: e.goal,
            };
            crate::render(&crate::run_verb(&req, ctx)?, e.output.format)
        }
        None => rate(&a.rate, ctx),
    }
}

impl RulesArgs {
    /// The request's rule fields.
    fn flags(&self) -> app::RuleFlags {
        app::RuleFlags {
            rules: self.rules.clone(),
            goal: self.goal,
            no_free_bacon: self.no_free_bacon,
            no_hog_wild: self.no_hog_wild,
            no_swine_swap: self.no_swine_swap,
        }
    }
}

/// A checked output file that must not be one of the strategy files
/// read (`file:PATH`).
fn output_target(
    flag: &'static str,
    path: &Path,
    reads: &[(&'static str, &str)],
) -> Result<crate::output::Target, CliError> {
    let t = crate::output::check_one(flag, path)?;
    t.not_over(&app::strategy_files(reads))?;
    Ok(t)
}

/// Write a strategy table to a checked output; for stdout, the table is
/// returned instead, to be printed as the result.
fn write_table(
    table: &app::Table,
    target: &crate::output::Target,
) -> Result<Option<String>, CliError> {
    if target.is_stdout() {
        return Ok(Some(table.text.clone()));
    }
    crate::output::write_all(&[(target, table.text.as_bytes())])?;
    Ok(None)
}

fn rate(a: &RateArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Rate {
        strategy: a.strategy.clone(),
        vs: a.vs.clone(),
        sampling: a.sampling.request(),
        rules: a.rules.flags(),
    };
    if let Some(u) = req.check().map_err(crate::app_error)?
        && a.plot.is_some()
    {
        return fail(format!(
            "hog rate: --games and --plot go with --rules spring2014 (the exact rate under --rules {} needs neither)",
            u.term
        ));
    }
    // The chart's path is checked before the work, written after it.
    let plot = match &a.plot {
        Some(p) => {
            let name = a.strategy.as_deref().unwrap_or_default();
            Some((
                output_target("--plot", p, &[("--strategy", name), ("--vs", &a.vs)])?,
                p,
            ))
        }
        None => None,
    };
    let format = a.output.format.into();
    let report = match crate::run_sharded(&req, ctx, format)? {
        crate::Ran::Report(r) => r,
        crate::Ran::Partial(text) => return Ok(text),
    };
    if let (Some((target, path)), Some(s)) = (&plot, &report.table) {
        let bytes = crate::charts::encode(path, crate::charts::hog_map(s))?;
        crate::output::write_all(&[(target, &bytes)])?;
    }
    crate::render(&report, format)
}

fn best_response(b: &BestResponseArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::BestResponse {
        vs: b.vs.clone(),
        out: b.out.as_ref().map(|p| p.display().to_string()),
        file_kind: b.file_kind.map(Into::into),
        rules: b.rules.flags(),
    };
    let target = match &b.out {
        Some(out) => Some(output_target("--out", out, &[("--vs", &b.vs)])?),
        None => None,
    };
    let report = crate::run_verb(&req, ctx)?;
    if let (Some(target), Some(table)) = (&target, &report.table)
        && let Some(text) = write_table(table, target)?
    {
        return Ok(text);
    }
    crate::render(&report, b.output.format.into())
}

fn tournament(t: &TournamentArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Tournament {
        strategies: t.strategies.clone(),
        threads: t.threads,
        rules: t.rules.flags(),
        scoring: match t.scoring {
            Scoring::Average => app::Scoring::Average,
            Scoring::Contest => app::Scoring::Contest,
        },
    };
    let format = match t.format {
        TournamentFormat::Table => TableFormat::Table,
        TournamentFormat::Json => TableFormat::Json,
        TournamentFormat::Csv => TableFormat::Csv,
    };
    crate::render(&crate::run_verb(&req, ctx)?, format)
}

fn export(e: &ExportArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Export {
        strategy: e.strategy.clone(),
        out: e.out.display().to_string(),
        file_kind: e.file_kind.map(Into::into),
        rules: e.rules.flags(),
    };
    app::file_format(&e.out, req.file_kind).map_err(crate::app_error)?;
    let target = output_target("--out", &e.out, &[("--strategy", &e.strategy)])?;
    let report = crate::run_verb(&req, ctx)?;
    if let Some(text) = write_table(&report.table, &target)? {
        return Ok(text);
    }
    crate::render(&report, e.output.format.into())
}

fn play(p: &PlayArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Play {
        strategy0: p.strategy0.clone(),
        strategy1: p.strategy1.clone(),
        seed: p.seed,
        four_sided: p.four_sided.clone(),
        six_sided: p.six_sided.clone(),
        rules: p.rules.flags(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, p.output.format.into())
}

fn turn(t: &TurnArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Turn {
        rolls: t.rolls,
        opponent: t.opponent,
        dice: t.dice.clone(),
        sides: t.sides,
        score: t.score,
        rules: t.rules.flags(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, t.output.format.into())
}

fn choose(c: &ChooseArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Choose {
        strategy: c.strategy.clone(),
        score: c.at.score,
        opponent: c.at.opponent,
        rules: c.at.rules.flags(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, c.output.format.into())
}

fn max_rolls(m: &MaxRollsArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::MaxRolls {
        rules: m.rules.clone(),
        dice: m.dice.clone(),
        turns: m.turns,
        seed: m.seed,
    };
    crate::render(&crate::run_verb(&req, ctx)?, m.output.format)
}

fn step(a: &StepArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Step {
        state: serde_json::Value::String(a.state.clone()),
        rolls: a.rolls,
        strategy: a.strategy.clone(),
        seed: a.seed,
        turns: a.turns.clone(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, a.output.format.into())
}

fn coach(c: &CoachArgs, ctx: &Context) -> Result<String, CliError> {
    let req = app::Coach {
        vs: c.vs.clone(),
        score: c.at.score,
        opponent: c.at.opponent,
        rules: c.at.rules.flags(),
    };
    crate::render(&crate::run_verb(&req, ctx)?, c.output.format)
}

/// `hog play --human`: you against a strategy at the terminal. The loop
/// is the terminal's; the strategies, dice, turns and lines come from
/// `games_app::hog`.
fn human(p: &PlayArgs) -> Result<String, CliError> {
    let flags = p.rules.flags();
    if let Some(u) = flags.under().map_err(crate::app_error)? {
        app::no_four_sided(&u, p.four_sided.as_ref()).map_err(crate::app_error)?;
        return human_under(u, &p.strategy, p.seed, p.six_sided.as_ref(), p.second);
    }
    let rules = flags.rules().map_err(crate::app_error)?;
    let goal = rules.goal();
    let opponent = app::Memo::new()
        .strategy_of("--strategy", &p.strategy, &rules)
        .map_err(crate::app_error)?;
    let (four, six) = (p.four_sided.as_ref(), p.six_sided.as_ref());
    let seed = app::seed_of_game(p.seed, four, six).map_err(crate::app_error)?;
    let mut dice = app::game_dice(seed.unwrap_or(0), four, six).map_err(crate::app_error)?;
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
        term.say(&format!("{}\n", app::describe(&t, &names, Some(me))))?;
    }
    term.say(&app::game_over_line(
        state.scores(),
        state.winner().unwrap_or(0),
        me,
    ))?;
    Ok(String::new())
}

/// `hog play --human` under another term: you against `spec`, on
/// `seed`'s dice (or the six-sided test dice), you moving second when
/// `second`.
fn human_under(
    mut u: app::terms::Under,
    spec: &str,
    seed: Option<u64>,
    six: Option<&Vec<u32>>,
    second: bool,
) -> Result<String, CliError> {
    use game::{Step as _, Turn};
    let opponent = u.policy(spec).map_err(crate::app_error)?;
    let seed = match six {
        Some(_) if seed.is_some() => {
            return fail("--seed: no die is seeded when --six-sided is given");
        }
        Some(_) => None,
        None => Some(seed_or_draw(seed)),
    };
    let mut dice = app::terms::six_sided_dice(seed.unwrap_or(0), six).map_err(crate::app_error)?;
    let me = usize::from(second);
    let mut term = Terminal::new();
    term.say(&format!(
        "Hog against {} ({}, {}). First to {}. You are player {me}.\n",
        opponent.name(),
        seed.map_or("test dice".to_string(), |s| format!("seed {s}")),
        u.describe(),
        u.goal
    ))?;
    for line in u.term.rules_in_words() {
        term.say(&format!("  {line}\n"))?;
    }
    let mut state = hog::TermState::new(u.term, u.goal)?;
    let mut turns = 0;
    while let Turn::Player(m) = state.turn() {
        turns += 1;
        if turns > app::terms::MAX_TURNS {
            return fail(format!(
                "hog play: the game did not end within {} turns",
                app::terms::MAX_TURNS
            ));
        }
        let sc = state.scores();
        let rolls = if m == me {
            term.say(&format!(
                "\nYou {} - computer {}. You roll {}-sided dice.\n",
                sc[me],
                sc[1 - me],
                state.sides()
            ))?;
            loop {
                term.say(&format!(
                    "How many dice (0-10; 0 scores {})? ",
                    u.term.zero_dice(sc[me], sc[1 - me])
                ))?;
                let line = term.ask()?;
                match line.parse::<u32>() {
                    Ok(n) if n <= hog::MAX_ROLLS => break n,
                    _ => term.say(&format!(
                        "{line:?} is not a number of dice: enter a whole number from 0 to {}.\n",
                        hog::MAX_ROLLS
                    ))?,
                }
            }
        } else {
            opponent.rolls(sc[m], sc[1 - m], &state.memory(), m)
        };
        let t =
            app::terms::play_turn(&mut state, rolls, dice.as_mut()).map_err(crate::app_error)?;
        let who = if t.player == me {
            "you"
        } else {
            "the computer"
        };
        let faces: Vec<String> = t.outcomes.iter().map(u32::to_string).collect();
        term.say(&format!(
            "{who} rolled {} {} ({} sides){}: {} {}{}; you {} - computer {}{}\n",
            t.rolls,
            if t.rolls == 1 { "die" } else { "dice" },
            t.sides,
            if faces.is_empty() {
                String::new()
            } else {
                format!(" {}", faces.join(" "))
            },
            t.points,
            if t.points == 1 { "point" } else { "points" },
            if t.rules_applied.is_empty() {
                String::new()
            } else {
                format!(" ({})", t.rules_applied.join("; "))
            },
            t.after[me],
            t.after[1 - me],
            if t.extra_turn {
                ", and moves again"
            } else {
                ""
            }
        ))?;
    }
    term.say(&app::game_over_line(
        state.scores(),
        state.winner().unwrap_or(0),
        me,
    ))?;
    Ok(String::new())
}
