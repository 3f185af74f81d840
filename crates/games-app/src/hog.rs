//! Hog (CS 61A): exact and sampled win rates (`rate`), best responses,
//! tournaments, strategy tables (`export`), games (`play`), turns, the
//! strategy map (`choose`), the `max-rolls` experiment, one rules step
//! (`step`), the coach, the rule sets (`rules`) and what each rule is
//! worth (`edge`). Spring 2014's rules (the default) run the optimised
//! engine; `--rules NAME` of another term runs the general one
//! ([`terms`]).
//!
//! ```
//! use games_app::{Context, Verb, command_line, hog};
//!
//! let req = hog::Rate { strategy: Some("final".into()), ..Default::default() };
//! let r = req.run(&Context::new()).unwrap();
//! assert_eq!(r.baseline, "always:5");
//! // `final` is the best response to always_roll(5): it reaches the ceiling.
//! assert_eq!(r.exact_win_rate, r.best_possible_win_rate);
//! assert_eq!(command_line(&req), "games-cli hog rate --strategy final --format json");
//!
//! let t = hog::Turn { rolls: 2, opponent: 0, dice: vec![4, 6], ..Default::default() };
//! assert_eq!(t.run(&Context::new()).unwrap().points, 10);
//! ```

use std::fmt::Write as _;
use std::path::Path;

use dice::parallel::Shard;
use dice::{CyclingDice, Dice, SeededDice};
use hog::file::{FileFormat, MAX_FILE_BYTES};
use hog::{GOAL, Rules, Strategy, exact, sample};
use serde::{Deserialize, Serialize};

use crate::Sampling;
use crate::context::{AppError, Context, bad, seed_or_draw};
use crate::limits::at_most;
use crate::shard::{Sharded, games_in};
use crate::verb::{Report, Verb, csv, csv_field};

pub mod terms;

use terms::Under;

/// Four- and six-sided dice for a game, each seeded or cycling.
pub type SplitDiceBox = hog::SplitDice<Box<dyn Dice>, Box<dyn Dice>>;

/// The rules as switches, shared by every verb that plays the game
/// (`--rules`, `--goal`, `--no-free-bacon`, `--no-hog-wild`,
/// `--no-swine-swap`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct RuleFlags {
    /// The rule set (`None`: Spring 2014's, the handout's).
    pub rules: Option<String>,
    /// The score that ends the game (1 to 100).
    pub goal: u32,
    /// Switch free bacon off.
    pub no_free_bacon: bool,
    /// Switch hog wild off.
    pub no_hog_wild: bool,
    /// Switch swine swap off.
    pub no_swine_swap: bool,
}

impl Default for RuleFlags {
    fn default() -> RuleFlags {
        RuleFlags {
            rules: None,
            goal: GOAL,
            no_free_bacon: false,
            no_hog_wild: false,
            no_swine_swap: false,
        }
    }
}

impl RuleFlags {
    /// Another term's rules, when `rules` names one other than Spring
    /// 2014 (whose switches then do not apply).
    ///
    /// # Errors
    /// Bad input: an unknown rule set, a switch with another term, a goal
    /// out of range.
    pub fn under(&self) -> Result<Option<Under>, AppError> {
        let Some(name) = &self.rules else {
            return Ok(None);
        };
        let term: hog::Term = name
            .parse()
            .map_err(|e: hog::HogError| AppError::BadInput(format!("--rules: {e}")))?;
        if term == hog::Term::Spring2014 {
            return Ok(None);
        }
        if self.no_free_bacon || self.no_hog_wild || self.no_swine_swap {
            return bad(format!(
                "--no-free-bacon, --no-hog-wild and --no-swine-swap switch Spring 2014's rules; they do not go with --rules {term}"
            ));
        }
        if !(1..=GOAL).contains(&self.goal) {
            return bad(format!(
                "--goal: {}",
                hog::HogError::GoalOutOfRange(self.goal)
            ));
        }
        Ok(Some(Under::new(term, self.goal)))
    }

    /// Spring 2014's rules with the switches.
    ///
    /// # Errors
    /// Bad input naming `--goal`.
    pub fn rules(&self) -> Result<Rules, AppError> {
        Rules::new(
            self.goal,
            !self.no_free_bacon,
            !self.no_hog_wild,
            !self.no_swine_swap,
        )
        .map_err(|e| AppError::BadInput(format!("--goal: {e}")))
    }
}

/// The rules in a report: Spring 2014's switches, or another term's name
/// and goal.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum RulesOut {
    /// Spring 2014's rules.
    Spring(Rules),
    /// Another term's.
    Term {
        /// The rule set's name.
        name: &'static str,
        /// The goal.
        goal: u32,
    },
}

/// A strategy file's format, for writing (`--as`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
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

/// The format to write `out` in: `--as`, else its extension.
///
/// # Errors
/// Bad input when neither says.
pub fn file_format(out: &Path, kind: Option<FileKind>) -> Result<FileFormat, AppError> {
    match (kind, FileFormat::from_path(out)) {
        (Some(k), _) => Ok(k.into()),
        (None, Some(f)) => Ok(f),
        (None, None) => bad(format!(
            "--out {}: name a .json or .csv file, or give --as json or --as csv",
            out.display()
        )),
    }
}

/// The name of a file format in a report.
pub fn format_name(f: FileFormat) -> &'static str {
    match f {
        FileFormat::Json => "JSON",
        FileFormat::Csv => "CSV",
    }
}

/// The strategies a dynamic program computes from their name and the rules
/// alone.
const COMPUTED: [&str; 2] = ["final", "optimal"];

/// The computed strategies one request's run has built, by name and rules:
/// a request that names one twice (`--strategy optimal --vs optimal`, a
/// tournament entry given twice, both seats of `play`) runs its dynamic
/// program once. It lives as long as the run, so nothing is kept between
/// requests.
#[derive(Debug, Default)]
pub struct Memo {
    kept: Vec<(String, Rules, Strategy)>,
}

impl Memo {
    /// A memo with nothing built yet.
    pub fn new() -> Memo {
        Memo::default()
    }

    /// How many computed strategies it holds.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// A strategy from its command-line form under `rules`: a built-in
    /// name, or `file:PATH` read and checked here. Every strategy is
    /// checked against the rules (no 0 dice without free bacon).
    ///
    /// # Errors
    /// Bad input: an unknown name, a file that is not a strategy, a
    /// strategy the rules forbid.
    pub fn strategy(&mut self, spec: &str, rules: &Rules) -> Result<Strategy, AppError> {
        let s = match spec.strip_prefix("file:") {
            Some(path) => read_strategy_file(Path::new(path))?,
            None if COMPUTED.contains(&spec) => self.computed(spec, rules)?,
            None => Strategy::named(spec, rules)?,
        };
        rules.check_strategy(&s)?;
        Ok(s)
    }

    /// [`Memo::strategy`] given as the argument `flag`: its error names
    /// it first (`--vs: a turn rolls 0 to 10 dice, not 11`).
    ///
    /// # Errors
    /// As [`Memo::strategy`].
    pub fn strategy_of(
        &mut self,
        flag: &str,
        spec: &str,
        rules: &Rules,
    ) -> Result<Strategy, AppError> {
        self.strategy(spec, rules).map_err(|e| match e {
            AppError::BadInput(line) => AppError::BadInput(format!("{flag}: {line}")),
            e => e,
        })
    }

    fn computed(&mut self, spec: &str, rules: &Rules) -> Result<Strategy, AppError> {
        if let Some((_, _, s)) = self.kept.iter().find(|(n, r, _)| n == spec && r == rules) {
            return Ok(s.clone());
        }
        let s = Strategy::named(spec, rules)?;
        self.kept.push((spec.to_string(), *rules, s.clone()));
        Ok(s)
    }
}

/// Read a strategy file, refusing one larger than the format allows
/// before reading it (and counting the bytes read, for a pipe).
///
/// # Errors
/// Bad input: one line naming the file.
pub fn read_strategy_file(path: &Path) -> Result<Strategy, AppError> {
    let name = path.display().to_string();
    let cannot =
        |e: std::io::Error| AppError::BadInput(format!("cannot read strategy file {name}: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return bad(format!(
            "strategy file {name}: is a folder, not a table of dice"
        ));
    }
    if meta.is_file() && meta.len() > MAX_FILE_BYTES {
        return bad(format!(
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

/// The files that strategy flags (`file:PATH`) read, as (flag, path): an
/// adapter writing a file checks it is none of them.
pub fn strategy_files<'a>(specs: &[(&'static str, &'a str)]) -> Vec<(&'static str, &'a Path)> {
    specs
        .iter()
        .filter_map(|&(flag, spec)| spec.strip_prefix("file:").map(|p| (flag, Path::new(p))))
        .collect()
}

/// A strategy table as a file's text, and where it goes: `-` (the
/// report is the table) or a path the adapter writes.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The `--out` path as given.
    pub out: String,
    /// The file's text.
    pub text: String,
}

impl Table {
    /// Whether it goes to stdout (`--out -`).
    pub fn is_stdout(&self) -> bool {
        self.out == "-"
    }
}

// ---------------------------------------------------------------- rate

/// `hog rate` (the default verb): a strategy's exact average win rate
/// against another, the best possible against it, and with `games` a
/// sampled estimate (sharded with `shard`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Rate {
    /// The strategy to rate (required).
    pub strategy: Option<String>,
    /// The strategy it plays against.
    pub vs: String,
    /// With `games`: the sampled estimate.
    #[serde(flatten)]
    pub sampling: Sampling,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

impl Default for Rate {
    fn default() -> Rate {
        Rate {
            strategy: None,
            vs: "always:5".into(),
            sampling: Sampling::default(),
            rules: RuleFlags::default(),
        }
    }
}

/// `hog rate`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct RateReport {
    /// The strategy rated.
    pub strategy: String,
    /// The one it plays against.
    pub baseline: String,
    /// Its exact average win rate (both seats).
    pub exact_win_rate: f64,
    /// Moving first.
    pub win_rate_first: f64,
    /// Moving second.
    pub win_rate_second: f64,
    /// The best response's rate: the most any strategy gets.
    pub best_possible_win_rate: f64,
    /// The rules.
    pub rules: RulesOut,
    /// The sampled estimate, with `games`.
    #[serde(flatten)]
    pub sampled: Option<SampledOut>,
    /// The rules in words.
    #[serde(skip)]
    pub described: String,
    /// The rated strategy's table (Spring 2014), for its map.
    #[serde(skip)]
    pub table: Option<Strategy>,
}

/// A sampled win rate.
#[derive(Clone, Debug, Serialize)]
pub struct SampledOut {
    /// Games in each seat.
    pub samples: u64,
    /// The seed of the dice.
    pub seed: u64,
    /// The sampled average win rate.
    pub sampled_win_rate: f64,
    /// Its standard error.
    pub sampled_standard_error: f64,
    /// Half the width of the sampled rate's 95% interval.
    pub sampled_ci95: f64,
}

impl Rate {
    /// The flags checked before any work (the order the command line
    /// always checked them in).
    ///
    /// # Errors
    /// Bad input naming the flag.
    pub fn check(&self) -> Result<Option<Under>, AppError> {
        if self.strategy.is_none() {
            return bad(
                "--strategy is required: the strategy to rate, e.g. --strategy final (hog's other verbs: best-response, tournament, export, play, turn, choose, max-rolls, step, coach)",
            );
        }
        if let Some(u) = self.rules.under()? {
            if self.sampling.games.is_some() {
                return bad(format!(
                    "hog rate: --games and --plot go with --rules spring2014 (the exact rate under --rules {} needs neither)",
                    u.term
                ));
            }
            return Ok(Some(u));
        }
        self.rules.rules()?;
        let s = &self.sampling;
        if s.games.is_none() && (s.seed.is_some() || s.threads.is_some() || s.shard.is_some()) {
            return bad(
                "hog rate: --seed, --threads and --shard go with --games (the sampled estimate)",
            );
        }
        Ok(None)
    }

    /// The strategy rated, the baseline, the exact rate and the ceiling.
    fn exact(
        &self,
        memo: &mut Memo,
        rules: &Rules,
        ctx: &Context,
    ) -> Result<(Strategy, Strategy, exact::WinRate, f64), AppError> {
        let name = self.strategy.as_deref().unwrap_or_default();
        let vs = memo.strategy_of("--vs", &self.vs, rules)?;
        ctx.check()?;
        // The ceiling is the best response to `vs`; `final` against
        // always_roll(5) is that same best response, so one dynamic program
        // gives the strategy, its rate and the ceiling.
        let best = exact::best_response(&vs, rules)?;
        let ceiling = best.rate.average;
        ctx.check()?;
        let (s, r) = if name == "final" && vs == Strategy::Always(5) {
            let mut s = best.strategy;
            s.rename("final");
            (s, best.rate)
        } else {
            let s = memo.strategy_of("--strategy", name, rules)?;
            let r = exact::average_win_rate(&s, &vs, rules)?;
            (s, r)
        };
        Ok((s, vs, r, ceiling))
    }

    fn sample(
        &self,
        s: &Strategy,
        vs: &Strategy,
        rules: &Rules,
        ctx: &Context,
        shard: Shard,
    ) -> Result<(u64, u64), AppError> {
        let n = ctx.games(self.sampling.games, 0)?;
        let threads = ctx.threads(self.sampling.threads)?;
        let seed = self.sampling.seed.unwrap_or_default();
        ctx.check()?;
        // Its games heard, so that a cancelled request stops within a chunk.
        let meter = ctx.meter(shard.units(2 * n), 2_000_000, "games");
        sample::wins_shard(s, vs, n, rules, seed, threads, shard, &meter)
            .map_err(|e| ctx.stopped_or(e))
    }

    fn build(
        &self,
        rules: Rules,
        (s, vs, r, ceiling): (Strategy, Strategy, exact::WinRate, f64),
        wins: Option<(u64, u64)>,
    ) -> RateReport {
        let sampled = wins.map(|(w1, w2)| {
            let n = self.sampling.games.unwrap_or_default();
            let x = sample::Sampled::from_wins(n, w1, w2);
            SampledOut {
                samples: x.games_each,
                seed: self.sampling.seed.unwrap_or_default(),
                sampled_win_rate: x.average,
                sampled_standard_error: x.standard_error,
                sampled_ci95: dice::stats::Z95 * x.standard_error,
            }
        });
        RateReport {
            strategy: s.to_string(),
            baseline: vs.to_string(),
            exact_win_rate: r.average,
            win_rate_first: r.first,
            win_rate_second: r.second,
            best_possible_win_rate: ceiling,
            rules: RulesOut::Spring(rules),
            sampled,
            described: rules.describe(),
            table: Some(s),
        }
    }
}

impl Verb for Rate {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "rate";
    type Report = RateReport;
    fn run(&self, ctx: &Context) -> Result<RateReport, AppError> {
        if let Some(u) = self.check()? {
            let name = self.strategy.as_deref().unwrap_or_default();
            return terms::rate(u, name, &self.vs, ctx);
        }
        if self.sampling.shard.is_some() {
            return bad(
                "--shard: a shard's run gives a partial for `games-cli merge`, not a report",
            );
        }
        let rules = self.rules.rules()?;
        let mut memo = Memo::new();
        let exact = self.exact(&mut memo, &rules, ctx)?;
        let mut req = self.clone();
        let wins = match req.sampling.games {
            Some(_) => {
                req.sampling.seed = Some(seed_or_draw(req.sampling.seed));
                Some(req.sample(&exact.0, &exact.1, &rules, ctx, Shard::ALL)?)
            }
            None => None,
        };
        Ok(req.build(rules, exact, wins))
    }
}

impl Sharded for Rate {
    type Sums = (u64, u64);
    fn sampling(&self) -> &Sampling {
        &self.sampling
    }
    fn sampling_mut(&mut self) -> &mut Sampling {
        &mut self.sampling
    }
    fn sums(&self, ctx: &Context, shard: Shard) -> Result<(u64, u64), AppError> {
        if self.check()?.is_some() {
            return bad("hog rate: --shard goes with --rules spring2014");
        }
        let rules = self.rules.rules()?;
        let mut memo = Memo::new();
        let (s, vs, _, _) = self.exact(&mut memo, &rules, ctx)?;
        self.sample(&s, &vs, &rules, ctx, shard)
    }
    fn check_sums(&self, &(w1, w2): &(u64, u64), shard: Shard) -> Result<(), String> {
        let n = self.sampling.games.unwrap_or_default();
        // The games in seat 1, then in seat 2: 2n in all.
        games_in("wins", w1.saturating_add(w2), 2 * n, shard, false)?;
        games_in("wins[0]", w1, n, Shard::ALL, false)?;
        games_in("wins[1]", w2, n, Shard::ALL, false)
    }
    fn report(&self, ctx: &Context, sums: (u64, u64)) -> Result<RateReport, AppError> {
        if self.check()?.is_some() || self.sampling.games.is_none() {
            return bad("hog rate: a merged run needs --games under --rules spring2014");
        }
        let rules = self.rules.rules()?;
        ctx.games(self.sampling.games, 0)?;
        let mut memo = Memo::new();
        let exact = self.exact(&mut memo, &rules, ctx)?;
        Ok(self.build(rules, exact, Some(sums)))
    }
}

impl Report for RateReport {
    fn text(&self) -> String {
        let (s, vs, ceiling) = (&self.strategy, &self.baseline, self.best_possible_win_rate);
        let mut o = format!(
            "{s} against {vs}, exact ({}):\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\nthe best any strategy can do against {vs}: {ceiling:.6}\n",
            self.described, self.exact_win_rate, self.win_rate_first, self.win_rate_second
        );
        if let Some(x) = &self.sampled {
            let _ = writeln!(
                o,
                "sampled ({} games in each seat, seed {}): {:.6} +/- {:.6} (95% interval)",
                x.samples, x.seed, x.sampled_win_rate, x.sampled_ci95
            );
        }
        o
    }
}

// ------------------------------------------------------- best-response

/// `hog best-response`: the best reply to a strategy, its exact rate,
/// and (with `out`) its table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct BestResponse {
    /// The strategy to reply to.
    pub vs: String,
    /// Where the table goes: a path the adapter writes, or `-` (the
    /// report is the table).
    pub out: Option<String>,
    /// The table's format when `out` has no .json or .csv extension.
    #[serde(rename = "as")]
    pub file_kind: Option<FileKind>,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

impl Default for BestResponse {
    fn default() -> BestResponse {
        BestResponse {
            vs: "always:5".into(),
            out: None,
            file_kind: None,
            rules: RuleFlags::default(),
        }
    }
}

/// `hog best-response`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct BestResponseReport {
    /// The strategy replied to.
    pub opponent: String,
    /// The best response's name.
    pub strategy: String,
    /// Its exact average win rate.
    pub exact_win_rate: f64,
    /// Moving first.
    pub win_rate_first: f64,
    /// Moving second.
    pub win_rate_second: f64,
    /// The rules.
    pub rules: RulesOut,
    /// The `--out` path, if any.
    pub out: Option<String>,
    /// The rules in words.
    #[serde(skip)]
    pub described: String,
    /// Spring 2014's report says where the table is.
    #[serde(skip)]
    pub spring: bool,
    /// The table, with `out`.
    #[serde(skip)]
    pub table: Option<Table>,
}

impl Verb for BestResponse {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "best-response";
    type Report = BestResponseReport;
    fn run(&self, ctx: &Context) -> Result<BestResponseReport, AppError> {
        if let Some(u) = self.rules.under()? {
            return terms::best_response(u, self, ctx);
        }
        let rules = self.rules.rules()?;
        let vs = Memo::new().strategy_of("--vs", &self.vs, &rules)?;
        let format = match &self.out {
            Some(out) => Some(file_format(Path::new(out), self.file_kind)?),
            None => None,
        };
        ctx.check()?;
        let best = exact::best_response(&vs, &rules)?;
        let r = best.rate;
        Ok(BestResponseReport {
            opponent: vs.to_string(),
            strategy: best.strategy.to_string(),
            exact_win_rate: r.average,
            win_rate_first: r.first,
            win_rate_second: r.second,
            rules: RulesOut::Spring(rules),
            out: self.out.clone(),
            described: rules.describe(),
            spring: true,
            table: self.out.as_ref().zip(format).map(|(out, f)| Table {
                out: out.clone(),
                text: hog::file::write(&best.strategy, f),
            }),
        })
    }
}

impl Report for BestResponseReport {
    fn text(&self) -> String {
        let mut o = format!(
            "the best response to {}, exact ({}):\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\n",
            self.opponent,
            self.described,
            self.exact_win_rate,
            self.win_rate_first,
            self.win_rate_second
        );
        if self.spring {
            match &self.out {
                Some(p) => {
                    let _ = writeln!(o, "its table (dice at every score pair): {p}");
                }
                None => o.push_str("(--out FILE writes its table)\n"),
            }
        }
        o
    }
    fn stdout(&self) -> Option<String> {
        self.table
            .as_ref()
            .filter(|t| t.is_stdout())
            .map(|t| t.text.clone())
    }
}

// ---------------------------------------------------------- tournament

/// How a tournament scores a pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// The average of the two seats' win rates; ranked by the mean.
    #[default]
    Average,
    /// The course's contest: (1 + P(A wins moving first) - P(B wins
    /// moving first)) / 2; ranked by the others beaten by more than
    /// 0.500001.
    Contest,
}

/// `hog tournament`: every pair of strategies in both seats, exactly.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Tournament {
    /// The strategies, 2 to [`exact::MAX_TOURNAMENT`] (the command
    /// line's words after the flags).
    pub strategies: Vec<String>,
    /// Worker threads (the report does not depend on it).
    pub threads: Option<usize>,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
    /// How a pair is scored.
    pub scoring: Scoring,
}

/// One place of a tournament's ranking by mean win rate.
#[derive(Clone, Debug, Serialize)]
pub struct RankOut {
    /// 1 for the best.
    pub rank: usize,
    /// The strategy.
    pub strategy: String,
    /// Its mean win rate against the others.
    pub mean_win_rate: f64,
}

/// One place of a contest's ranking.
#[derive(Clone, Debug, Serialize)]
pub struct ContestRankOut {
    /// Shared on a tie.
    pub rank: usize,
    /// The strategy.
    pub strategy: String,
    /// The others it beats by a score above 0.500001.
    pub wins: usize,
}

/// A tournament scored by the average of both seats.
#[derive(Clone, Debug, Serialize)]
pub struct AverageOut {
    /// The rules.
    pub rules: RulesOut,
    /// The strategies' names.
    pub strategies: Vec<String>,
    /// `matrix[i][j]`: i's average win rate against j.
    pub matrix: Vec<Vec<f64>>,
    /// Best first.
    pub ranking: Vec<RankOut>,
    #[serde(skip)]
    described: String,
    #[serde(skip)]
    mean: Vec<f64>,
    #[serde(skip)]
    order: Vec<usize>,
}

/// A tournament scored as the course's contest.
#[derive(Clone, Debug, Serialize)]
pub struct ContestOut {
    /// The rules.
    pub rules: RulesOut,
    /// `"contest"`.
    pub scoring: &'static str,
    /// The strategies' names.
    pub strategies: Vec<String>,
    /// `matrix[i][j]`: the contest's score of i against j.
    pub matrix: Vec<Vec<f64>>,
    /// Most wins first.
    pub ranking: Vec<ContestRankOut>,
    #[serde(skip)]
    described: String,
    #[serde(skip)]
    wins: Vec<usize>,
    #[serde(skip)]
    order: Vec<usize>,
    #[serde(skip)]
    rank: Vec<usize>,
}

/// `hog tournament`'s report.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum TournamentReport {
    /// Scored by the average.
    Average(AverageOut),
    /// Scored as the contest.
    Contest(ContestOut),
}

/// The most strategies whose matrix the table format prints.
pub const TABLE_MATRIX_MAX: usize = 12;

/// The contest counts a win when a pair's score passes this.
pub const CONTEST_MARGIN: f64 = 0.500001;

impl TournamentReport {
    /// The report scored by the average, from the matrix, the means and
    /// the ranking.
    pub(crate) fn average(
        rules: RulesOut,
        described: String,
        names: Vec<String>,
        matrix: Vec<Vec<f64>>,
        mean: Vec<f64>,
        order: Vec<usize>,
    ) -> TournamentReport {
        let ranking = order
            .iter()
            .enumerate()
            .map(|(k, &i)| RankOut {
                rank: k + 1,
                strategy: names[i].clone(),
                mean_win_rate: mean[i],
            })
            .collect();
        TournamentReport::Average(AverageOut {
            rules,
            strategies: names,
            matrix,
            ranking,
            described,
            mean,
            order,
        })
    }

    /// The contest's report from its score matrix.
    pub(crate) fn contest(
        rules: RulesOut,
        described: String,
        names: Vec<String>,
        contest: Vec<Vec<f64>>,
    ) -> TournamentReport {
        let (wins, order, rank) = contest_ranking(&contest);
        let ranking = order
            .iter()
            .map(|&i| ContestRankOut {
                rank: rank[i],
                strategy: names[i].clone(),
                wins: wins[i],
            })
            .collect();
        TournamentReport::Contest(ContestOut {
            rules,
            scoring: "contest",
            strategies: names,
            matrix: contest,
            ranking,
            described,
            wins,
            order,
            rank,
        })
    }
}

/// The contest's ranking: how many others each strategy beats by a score
/// above [`CONTEST_MARGIN`], most first (input order on a tie, which
/// shares the rank): (wins, order, rank).
pub fn contest_ranking(contest: &[Vec<f64>]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = contest.len();
    let wins: Vec<usize> = (0..n)
        .map(|i| {
            (0..n)
                .filter(|&j| j != i && contest[i][j] > CONTEST_MARGIN)
                .count()
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| wins[b].cmp(&wins[a]));
    let rank: Vec<usize> = (0..n)
        .map(|i| 1 + wins.iter().filter(|&&w| w > wins[i]).count())
        .collect();
    (wins, order, rank)
}

impl Verb for Tournament {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "tournament";
    const POSITIONAL: Option<&'static str> = Some("strategies");
    type Report = TournamentReport;
    fn run(&self, ctx: &Context) -> Result<TournamentReport, AppError> {
        if let Some(u) = self.rules.under()? {
            let threads = ctx.threads(self.threads)?;
            return terms::tournament(u, self, threads, ctx);
        }
        let rules = self.rules.rules()?;
        let n = self.strategies.len();
        if !(2..=exact::MAX_TOURNAMENT).contains(&n) {
            return Err(hog::HogError::TooManyStrategies(n).into());
        }
        let threads = ctx.threads(self.threads)?;
        let mut memo = Memo::new();
        let mut strategies = Vec::with_capacity(n);
        for spec in &self.strategies {
            ctx.check()?;
            strategies.push(memo.strategy_of("STRATEGIES", spec, &rules)?);
        }
        let result = exact::tournament(&strategies, &rules, threads)?;
        let names = result.strategies;
        if self.scoring == Scoring::Contest {
            // Without games that never end, a pair's contest score is the
            // row's average win rate: (P(A first) + 1 - P(B first)) / 2.
            return Ok(TournamentReport::contest(
                RulesOut::Spring(rules),
                rules.describe(),
                names,
                result.matrix,
            ));
        }
        Ok(TournamentReport::average(
            RulesOut::Spring(rules),
            rules.describe(),
            names,
            result.matrix,
            result.mean,
            result.ranking,
        ))
    }
}

impl Report for TournamentReport {
    fn text(&self) -> String {
        match self {
            TournamentReport::Average(a) => {
                tournament_text(&a.described, &a.strategies, &a.matrix, &a.mean, &a.order)
            }
            TournamentReport::Contest(c) => {
                let n = c.strategies.len();
                let mut o = format!(
                    "Hog contest, {n} strategies, exact ({}):\n\nrank  wins  strategy\n",
                    c.described
                );
                for &i in &c.order {
                    let _ = writeln!(o, "{:>4}  {:>4}  {}", c.rank[i], c.wins[i], c.strategies[i]);
                }
                o.push_str("\n(a pair's score: (1 + P(row wins moving first) - P(column wins moving first)) / 2; a win is a score above 0.500001)\n");
                matrix_text(
                    &mut o,
                    "contest score of the row's strategy against the column's (#k: rank k)",
                    &c.order,
                    &c.strategies,
                    &c.matrix,
                );
                o
            }
        }
    }
    fn csv(&self) -> Option<String> {
        Some(match self {
            TournamentReport::Average(a) => {
                matrix_csv(&a.strategies, &a.matrix, "mean_win_rate", |i| {
                    a.mean[i].to_string()
                })
            }
            TournamentReport::Contest(c) => {
                matrix_csv(&c.strategies, &c.matrix, "wins", |i| c.wins[i].to_string())
            }
        })
    }
}

/// A tournament as a table: the ranking, then the matrix.
pub fn tournament_text(
    described: &str,
    names: &[String],
    matrix: &[Vec<f64>],
    mean: &[f64],
    ranking: &[usize],
) -> String {
    let n = names.len();
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
pub fn matrix_csv(
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
pub fn matrix_text(
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

// -------------------------------------------------------------- export

/// `hog export`: any strategy as a 100 x 100 table file. The adapter
/// writes [`ExportReport::table`] to `out` (`-`: the report is the
/// table).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Export {
    /// The strategy to write (required).
    pub strategy: String,
    /// The file to write (required; `-` for the response).
    pub out: String,
    /// The format when `out` has no .json or .csv extension.
    #[serde(rename = "as")]
    pub file_kind: Option<FileKind>,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

/// `hog export`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct ExportReport {
    /// The strategy's name.
    pub strategy: String,
    /// The file written.
    pub out: String,
    /// `"JSON"` or `"CSV"`.
    pub format: &'static str,
    /// The rules.
    pub rules: RulesOut,
    /// Another term's rules in words (Spring 2014's report leaves them
    /// out).
    #[serde(skip)]
    pub term: Option<String>,
    /// The table to write.
    #[serde(skip)]
    pub table: Table,
}

impl Verb for Export {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "export";
    type Report = ExportReport;
    fn run(&self, ctx: &Context) -> Result<ExportReport, AppError> {
        if self.strategy.is_empty() || self.out.is_empty() {
            return bad("hog export: --strategy and --out are required");
        }
        if let Some(u) = self.rules.under()? {
            return terms::export(u, self, ctx);
        }
        let rules = self.rules.rules()?;
        let format = file_format(Path::new(&self.out), self.file_kind)?;
        ctx.check()?;
        let s = Memo::new().strategy_of("--strategy", &self.strategy, &rules)?;
        Ok(ExportReport {
            strategy: s.to_string(),
            out: self.out.clone(),
            format: format_name(format),
            rules: RulesOut::Spring(rules),
            term: None,
            table: Table {
                out: self.out.clone(),
                text: hog::file::write(&s, format),
            },
        })
    }
}

impl Report for ExportReport {
    fn text(&self) -> String {
        format!(
            "wrote {} to {} ({}, 100 x 100: rolls[score][opponent]{})\n",
            self.strategy,
            self.out,
            self.format,
            self.term
                .as_ref()
                .map_or(String::new(), |t| format!("; {t}"))
        )
    }
    fn stdout(&self) -> Option<String> {
        self.table.is_stdout().then(|| self.table.text.clone())
    }
}

// ---------------------------------------------------------------- play

/// `hog play`: one game between two strategies (the command line's
/// `--human` game at the terminal is the adapter's, with [`describe`]
/// and [`game_over_line`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Play {
    /// Player 0's strategy (moves first).
    pub strategy0: String,
    /// Player 1's strategy.
    pub strategy1: String,
    /// Seed of the dice (`None`: drawn, and shown).
    pub seed: Option<u64>,
    /// Outcomes of cycling four-sided test dice.
    pub four_sided: Option<Vec<u32>>,
    /// Outcomes of cycling six-sided test dice.
    pub six_sided: Option<Vec<u32>>,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            strategy0: "always:5".into(),
            strategy1: "always:5".into(),
            seed: None,
            four_sided: None,
            six_sided: None,
            rules: RuleFlags::default(),
        }
    }
}

/// A game under Spring 2014's rules.
#[derive(Clone, Debug, Serialize)]
pub struct SpringPlay {
    /// Player 0's strategy.
    pub strategy0: String,
    /// Player 1's strategy.
    pub strategy1: String,
    /// Null when both sizes of dice are test dice.
    pub seed: Option<u64>,
    /// The rules.
    pub rules: Rules,
    /// The game.
    #[serde(flatten)]
    pub game: hog::Game,
}

/// `hog play`'s report.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PlayReport {
    /// Spring 2014's rules.
    Spring(SpringPlay),
    /// Another term's.
    Term(terms::PlayOut),
}

/// The four-sided test dice are hog wild's: other terms refuse them.
///
/// # Errors
/// Bad input naming the term.
pub fn no_four_sided(u: &Under, four: Option<&Vec<u32>>) -> Result<(), AppError> {
    if four.is_some() {
        return bad(format!(
            "hog play: --four-sided is for hog wild (--rules spring2014); --rules {} rolls six-sided dice only",
            u.term
        ));
    }
    Ok(())
}

/// Dice for a game: seeded, with cycling test dice for either size if
/// given.
///
/// # Errors
/// Bad input: test dice that are not faces.
pub fn game_dice(
    seed: u64,
    four: Option<&Vec<u32>>,
    six: Option<&Vec<u32>>,
) -> Result<SplitDiceBox, AppError> {
    let pick = |flag: &'static str,
                list: Option<&Vec<u32>>,
                stream: u64|
     -> Result<Box<dyn Dice>, AppError> {
        Ok(match list {
            Some(v) => {
                Box::new(CyclingDice::new(v.clone()).map_err(crate::context::of_flag(flag))?)
            }
            None => Box::new(SeededDice::new(seed, stream)),
        })
    };
    Ok(SplitDiceBox {
        four: pick("--four-sided", four, 1)?,
        six: pick("--six-sided", six, 0)?,
    })
}

/// The seed of a game's dice, or none when both sizes are test dice (then
/// no die is seeded: a seed given is refused, none is shown).
///
/// # Errors
/// Bad input naming `--seed`.
pub fn seed_of_game(
    seed: Option<u64>,
    four: Option<&Vec<u32>>,
    six: Option<&Vec<u32>>,
) -> Result<Option<u64>, AppError> {
    if four.is_some() && six.is_some() {
        if seed.is_some() {
            return bad(
                "--seed: no die is seeded when both --four-sided and --six-sided are given",
            );
        }
        return Ok(None);
    }
    Ok(Some(seed_or_draw(seed)))
}

impl Verb for Play {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "play";
    type Report = PlayReport;
    fn run(&self, ctx: &Context) -> Result<PlayReport, AppError> {
        if let Some(u) = self.rules.under()? {
            no_four_sided(&u, self.four_sided.as_ref())?;
            return terms::play(u, self, ctx).map(PlayReport::Term);
        }
        let rules = self.rules.rules()?;
        let mut memo = Memo::new();
        let s0 = memo.strategy_of("--strategy0", &self.strategy0, &rules)?;
        let s1 = memo.strategy_of("--strategy1", &self.strategy1, &rules)?;
        let (four, six) = (self.four_sided.as_ref(), self.six_sided.as_ref());
        let seed = seed_of_game(self.seed, four, six)?;
        let mut dice = game_dice(seed.unwrap_or(0), four, six)?;
        ctx.check()?;
        let game = hog::play(&s0, &s1, &rules, &mut dice)?;
        Ok(PlayReport::Spring(SpringPlay {
            strategy0: s0.to_string(),
            strategy1: s1.to_string(),
            seed,
            rules,
            game,
        }))
    }
}

impl Report for PlayReport {
    fn text(&self) -> String {
        match self {
            PlayReport::Spring(p) => {
                let mut o = format!(
                    "{} (player 0) against {} (player 1), {}, {}\n",
                    p.strategy0,
                    p.strategy1,
                    p.seed
                        .map_or("test dice".to_string(), |s| format!("seed {s}")),
                    p.rules.describe()
                );
                for t in &p.game.turns {
                    let _ = writeln!(o, "{}", describe(t, &["player 0", "player 1"], None));
                }
                let _ = writeln!(
                    o,
                    "final score {} to {}: player {} wins",
                    p.game.score0, p.game.score1, p.game.winner
                );
                o
            }
            PlayReport::Term(p) => p.text(),
        }
    }
}

/// One line for a turn, the scores after it in brackets: player 0's
/// first, or with `first` that player's first, each score named.
pub fn describe(t: &hog::TurnRecord, names: &[&str; 2], first: Option<usize>) -> String {
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

/// The last line of a game played at the terminal, winner's score first.
pub fn game_over_line(scores: [u32; 2], winner: usize, me: usize) -> String {
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

// ---------------------------------------------------------------- turn

/// `hog turn`: one take_turn on cycling test dice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Turn {
    /// Dice to roll (0 to 10).
    pub rolls: i64,
    /// The opponent's score.
    pub opponent: u32,
    /// Outcomes of cycling test dice (required).
    pub dice: Vec<u32>,
    /// Sides of the dice: 6, or 4 (hog wild).
    pub sides: u32,
    /// The mover's own score, under a term whose zero-dice rule reads it.
    pub score: Option<u32>,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

impl Default for Turn {
    fn default() -> Turn {
        Turn {
            rolls: 0,
            opponent: 0,
            dice: Vec::new(),
            sides: 6,
            score: None,
            rules: RuleFlags::default(),
        }
    }
}

/// `hog turn`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct PointsReport {
    /// The points the turn scores.
    pub points: u32,
}

impl Verb for Turn {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "turn";
    type Report = PointsReport;
    fn run(&self, _ctx: &Context) -> Result<PointsReport, AppError> {
        if ![4, 6].contains(&self.sides) {
            return bad(format!(
                "--sides: {} is not 4 or 6 (the sides of Hog's dice)",
                self.sides
            ));
        }
        if self.dice.is_empty() {
            return bad("--dice: give the outcomes of the test dice, as 4,2,6");
        }
        if let Some(u) = self.rules.under()? {
            if self.sides != 6 {
                return bad(format!(
                    "--sides 4 is hog wild's (--rules spring2014); --rules {} rolls six-sided dice",
                    u.term
                ));
            }
            let points = terms::turn(
                &u,
                self.rolls,
                self.score.unwrap_or(0),
                self.opponent,
                &self.dice,
            )?;
            return Ok(PointsReport { points });
        }
        if self.score.is_some() {
            return bad(
                "--score: Spring 2014's turn does not read the mover's score (free bacon reads the opponent's); give it with --rules of another term",
            );
        }
        let rules = self.rules.rules()?;
        let rolls = hog::check_rolls(self.rolls).map_err(crate::context::of_flag("--rolls"))?;
        let mut d =
            CyclingDice::new(self.dice.clone()).map_err(crate::context::of_flag("--dice"))?;
        let points = hog::take_turn_under(&rules, rolls, self.opponent, self.sides, &mut d)?;
        Ok(PointsReport { points })
    }
}

impl Report for PointsReport {
    fn text(&self) -> String {
        format!("points scored: {}\n", self.points)
    }
}

// -------------------------------------------------------------- choose

/// `hog choose`: the dice a strategy rolls at a score pair.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Choose {
    /// The strategy (required).
    pub strategy: String,
    /// The mover's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

/// `hog choose`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct RollsReport {
    /// The dice to roll.
    pub rolls: u32,
}

/// The rules, with both scores of a score pair checked against them.
///
/// # Errors
/// Bad input naming `--score` or `--opponent`.
pub fn checked_scores(rules: &RuleFlags, score: u32, opponent: u32) -> Result<Rules, AppError> {
    let rules = rules.rules()?;
    rules
        .check_score(score)
        .map_err(|e| AppError::BadInput(format!("--score: {e}")))?;
    rules
        .check_score(opponent)
        .map_err(|e| AppError::BadInput(format!("--opponent: {e}")))?;
    Ok(rules)
}

impl Verb for Choose {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "choose";
    type Report = RollsReport;
    fn run(&self, _ctx: &Context) -> Result<RollsReport, AppError> {
        if let Some(u) = self.rules.under()? {
            let rolls = terms::choose(u, &self.strategy, self.score, self.opponent)?;
            return Ok(RollsReport { rolls });
        }
        let rules = checked_scores(&self.rules, self.score, self.opponent)?;
        let rolls = Memo::new()
            .strategy_of("--strategy", &self.strategy, &rules)?
            .rolls(self.score, self.opponent);
        Ok(RollsReport { rolls })
    }
}

impl Report for RollsReport {
    fn text(&self) -> String {
        format!("dice to roll: {}\n", self.rolls)
    }
}

// ----------------------------------------------------------- max-rolls

/// `hog max-rolls`: the project's max_scoring_num_rolls experiment
/// (six-sided dice and the roll rule only: no other rule applies).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct MaxRolls {
    /// The rule set whose roll rule is averaged (`None`: Spring 2014's).
    /// Every term's roll rule scores 1 when any die shows 1 (pig out, sow
    /// sad: `roll_rule_of` checks the name), so the figures are the same
    /// under each; the report names the set.
    pub rules: Option<String>,
    /// Outcomes of cycling test dice (seeded six-sided dice when absent).
    pub dice: Option<Vec<u32>>,
    /// Turns averaged for each number of dice (`1e4` and `10^4` too).
    #[serde(deserialize_with = "turns")]
    pub turns: u32,
    /// Seed of the dice (drawn and shown when not given; not with
    /// `dice`).
    pub seed: Option<u64>,
}

impl Default for MaxRolls {
    fn default() -> MaxRolls {
        MaxRolls {
            rules: None,
            dice: None,
            turns: 1000,
            seed: None,
        }
    }
}

/// `turns` as a number or a count's text (`"1e4"`).
fn turns<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = crate::verb::de::count(d)?.unwrap_or(1000);
    u32::try_from(n)
        .map_err(|_| serde::de::Error::custom(format!("{n} is more than {} turns", u32::MAX)))
}

/// The roll rule of `term` in words (its first rule, "pig out: ..." or
/// "sow sad: ..."), when it is the one `hog::roll_dice` plays: any die
/// showing 1 scores 1 for the turn.
///
/// # Errors
/// Bad input naming `--rules` for a term whose roll rule is another.
pub fn roll_rule_of(term: hog::Term) -> Result<&'static str, AppError> {
    let first = term.rules_in_words().first().copied().unwrap_or("");
    let (name, rule) = first.split_once(": ").unwrap_or(("", ""));
    if matches!(name, "pig out" | "sow sad") && rule == "any die showing 1 scores 1 for the turn" {
        Ok(first)
    } else {
        bad(format!(
            "--rules {term}: its roll rule ({first}) is not the one max-rolls averages"
        ))
    }
}

/// `hog max-rolls`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct MaxRollsReport {
    /// The rule set named by `--rules` and its roll rule in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<MaxRollsRules>,
    /// The average points of 1 to 10 dice.
    pub averages: Vec<f64>,
    /// The best number of dice (the fewer on a tie).
    pub best: u32,
    /// Turns averaged for each.
    pub samples: u32,
    /// The seed (null with test dice).
    pub seed: Option<u64>,
}

impl Verb for MaxRolls {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "max-rolls";
    type Report = MaxRollsReport;
    fn run(&self, ctx: &Context) -> Result<MaxRollsReport, AppError> {
        if self.dice.is_some() && self.seed.is_some() {
            return bad("--seed: no die is seeded when --dice is given");
        }
        let seed = self.dice.is_none().then(|| seed_or_draw(self.seed));
        let mut dice: Box<dyn Dice> = match &self.dice {
            Some(v) => {
                Box::new(CyclingDice::new(v.clone()).map_err(crate::context::of_flag("--dice"))?)
            }
            None => Box::new(SeededDice::new(seed.unwrap_or(0), 0)),
        };
        at_most("--turns", self.turns, ctx.limits().turns)?;
        let rules = match &self.rules {
            None => None,
            Some(name) => {
                let term: hog::Term = name
                    .parse()
                    .map_err(|e: hog::HogError| AppError::BadInput(format!("--rules: {e}")))?;
                Some(MaxRollsRules {
                    name: term.name().to_string(),
                    roll_rule: roll_rule_of(term)?,
                })
            }
        };
        ctx.check()?;
        let (averages, best) = hog::max_scoring_num_rolls(&mut dice, self.turns)?;
        Ok(MaxRollsReport {
            rules,
            averages,
            best,
            samples: self.turns,
            seed,
        })
    }
}

/// Python's float repr for the averages, as the project prints them.
fn py_float(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e16 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// The rule set of a `hog max-rolls` report.
#[derive(Clone, Debug, Serialize)]
pub struct MaxRollsRules {
    /// Its name.
    pub name: String,
    /// Its roll rule in words.
    pub roll_rule: &'static str,
}

impl Report for MaxRollsReport {
    fn text(&self) -> String {
        let mut o = String::new();
        if let Some(r) = &self.rules {
            let _ = writeln!(o, "rules {}: {}", r.name, r.roll_rule);
        }
        for (i, a) in self.averages.iter().enumerate() {
            let _ = writeln!(o, "{} dice scores {} on average", i + 1, py_float(*a));
        }
        let _ = writeln!(o, "{}", self.best);
        if let Some(seed) = self.seed {
            let _ = writeln!(
                o,
                "(seed {seed}; the last line is the best number of dice, the fewer on a tie)"
            );
        }
        o
    }
    fn csv(&self) -> Option<String> {
        let rows: Vec<Vec<String>> = self
            .averages
            .iter()
            .enumerate()
            .map(|(i, a)| {
                vec![
                    (i + 1).to_string(),
                    py_float(*a),
                    // (Empty with test dice.)
                    self.seed.map_or(String::new(), |s| s.to_string()),
                ]
            })
            .collect();
        Some(csv(&["dice", "average_points", "seed"], &rows))
    }
}

// ---------------------------------------------------------------- step

/// `hog step`: one turn from a game state (the rules step's JSON).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Step {
    /// The state: its JSON text, or the JSON itself (`{"rules": {...},
    /// "scores": [0, 0], "player": 0, "rolling": null}`; another term's
    /// names its rule set, `"rules": "fall2019"`).
    pub state: serde_json::Value,
    /// Dice the mover rolls (0 is free bacon).
    pub rolls: Option<i64>,
    /// Or let this strategy choose the dice.
    pub strategy: Option<String>,
    /// Seed of the dice (drawn and shown when not given).
    pub seed: Option<u64>,
    /// Or turns played in turn, each `DICE:SEED` (the dice its mover rolls
    /// and the seed of those dice, as a turn's `--rolls` and `--seed`): a
    /// game's turns replayed, at most [`MAX_REPLAYED_TURNS`].
    pub turns: Option<Vec<String>>,
}

/// The most turns `hog step --turns` replays in one request: more than a
/// game to any goal the web takes lasts, and a bound on the report.
pub const MAX_REPLAYED_TURNS: usize = 10_000;

/// `hog step --turns`' report: each turn's step in turn, and where they
/// left the game.
#[derive(Clone, Debug, Serialize)]
pub struct StepsReport {
    /// Each turn, as one `hog step` reports it.
    pub turns: Vec<StepReport>,
    /// The state after the last turn.
    pub state: serde_json::Value,
    /// The winner, once the game is over.
    pub winner: Option<usize>,
}

/// One `DICE:SEED` of `--turns`, the `k`-th (from 1).
fn turn_of(k: usize, text: &str) -> Result<(i64, u64), AppError> {
    let wrong = || {
        AppError::BadInput(format!(
            "--turns: turn {k} is {text:?}; expected DICE:SEED, two whole numbers (e.g. 4:17)"
        ))
    };
    let (dice, seed) = text.split_once(':').ok_or_else(wrong)?;
    Ok((
        dice.trim().parse().map_err(|_| wrong())?,
        seed.trim().parse().map_err(|_| wrong())?,
    ))
}

/// A step under Spring 2014's rules.
#[derive(Clone, Debug, Serialize)]
pub struct SpringStep {
    /// The seed of the dice.
    pub seed: u64,
    /// Who chose the dice: "you" (`rolls`), the strategy's name, or "the
    /// list" (a turn of `--turns`).
    pub chosen_by: String,
    /// The turn.
    pub turn: hog::TurnRecord,
    /// The state after the turn.
    pub state: hog::HogState,
    /// The winner, once the game is over.
    pub winner: Option<usize>,
}

/// `hog step`'s report.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum StepReport {
    /// Spring 2014's rules.
    Spring(SpringStep),
    /// Another term's.
    Term(terms::StepOut),
    /// Turns in turn (`--turns`).
    Turns(Box<StepsReport>),
}

impl StepReport {
    /// The state after the step, as its JSON.
    fn state_json(&self) -> Result<serde_json::Value, AppError> {
        let v = match self {
            StepReport::Spring(s) => serde_json::to_value(&s.state),
            StepReport::Term(s) => serde_json::to_value(&s.state),
            StepReport::Turns(s) => return Ok(s.state.clone()),
        };
        v.map_err(|e| AppError::Machine(format!("a state to JSON: {e}")))
    }

    fn winner(&self) -> Option<usize> {
        match self {
            StepReport::Spring(s) => s.winner,
            StepReport::Term(s) => s.winner,
            StepReport::Turns(s) => s.winner,
        }
    }
}

impl Verb for Step {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "step";
    type Report = StepReport;
    fn run(&self, ctx: &Context) -> Result<StepReport, AppError> {
        let Some(turns) = &self.turns else {
            return self.one(ctx);
        };
        if self.rolls.is_some() || self.strategy.is_some() || self.seed.is_some() {
            return bad(
                "--turns cannot be used with --rolls, --strategy or --seed (each turn gives its dice and seed)",
            );
        }
        if turns.is_empty() {
            return bad("--turns: no turns given (at least one DICE:SEED)");
        }
        if turns.len() > MAX_REPLAYED_TURNS {
            return bad(format!(
                "--turns: at most {MAX_REPLAYED_TURNS} turns, not {}",
                turns.len()
            ));
        }
        let played = turns
            .iter()
            .enumerate()
            .map(|(k, t)| turn_of(k + 1, t))
            .collect::<Result<Vec<_>, _>>()?;
        let mut state = self.state.clone();
        let mut out = Vec::with_capacity(played.len());
        for (k, (rolls, seed)) in played.into_iter().enumerate() {
            if ctx.cancel_token().is_cancelled() {
                return Err(AppError::Cancelled);
            }
            let one = Step {
                state,
                rolls: Some(rolls),
                strategy: None,
                seed: Some(seed),
                turns: None,
            };
            let mut step = one.one(ctx).map_err(|e| match e {
                AppError::BadInput(m) => {
                    AppError::BadInput(format!("--turns: turn {} ({}): {m}", k + 1, turns[k]))
                }
                other => other,
            })?;
            state = step.state_json()?;
            // Its dice came from the list, whoever chose them in the game.
            match &mut step {
                StepReport::Spring(s) => s.chosen_by = "the list".into(),
                StepReport::Term(s) => s.chosen_by = "the list".into(),
                StepReport::Turns(_) => {}
            }
            out.push(step);
        }
        let winner = out.last().and_then(StepReport::winner);
        Ok(StepReport::Turns(Box::new(StepsReport {
            turns: out,
            state,
            winner,
        })))
    }
}

impl Step {
    /// One turn: `rolls` or `strategy`, from `state`.
    fn one(&self, _ctx: &Context) -> Result<StepReport, AppError> {
        if self.rolls.is_some() && self.strategy.is_some() {
            return bad("--rolls and --strategy: give one of them");
        }
        let text = match &self.state {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        // A state of another term names its rule set: "rules": "fall2019".
        if serde_json::from_str::<serde_json::Value>(&text)
            .is_ok_and(|v| v.get("rules").is_some_and(serde_json::Value::is_string))
        {
            return terms::step(&text, self.rolls, self.strategy.as_deref(), self.seed)
                .map(StepReport::Term);
        }
        let mut state: hog::HogState = crate::verb::state_from_str("--state", &text)?;
        let Some(_) = state.mover() else {
            return bad("--state: the game is over; no more turns");
        };
        if state.rolling().is_some() {
            return bad("--state: the dice are already chosen (\"rolling\" must be null)");
        }
        let rules = state.rules();
        let (rolls, chosen_by) = match (&self.rolls, &self.strategy) {
            (Some(n), _) => (
                rules
                    .check_rolls(*n)
                    .map_err(|e| AppError::BadInput(format!("--rolls: {e}")))?,
                "you".to_string(),
            ),
            (None, Some(spec)) => {
                let s = Memo::new().strategy_of("--strategy", spec, &rules)?;
                let (mine, theirs) = state.view();
                (s.rolls(mine, theirs), s.to_string())
            }
            (None, None) => return bad("--rolls or --strategy is needed"),
        };
        let seed = seed_or_draw(self.seed);
        let mut dice = game_dice(seed, None, None)?;
        let turn = state.play_turn(rolls, &mut dice)?;
        Ok(StepReport::Spring(SpringStep {
            seed,
            chosen_by,
            turn,
            winner: state.winner(),
            state,
        }))
    }
}

impl Report for StepReport {
    fn text(&self) -> String {
        match self {
            StepReport::Spring(s) => {
                let names = ["player 0", "player 1"];
                let mut o = format!("{} (seed {})\n", describe(&s.turn, &names, None), s.seed);
                if let Some(w) = s.winner {
                    let _ = writeln!(o, "player {w} wins");
                }
                let _ = writeln!(
                    o,
                    "state: {}",
                    serde_json::to_string(&s.state).unwrap_or_default()
                );
                o
            }
            StepReport::Term(s) => s.text(),
            StepReport::Turns(s) => s.turns.iter().map(StepReport::text).collect(),
        }
    }
}

// --------------------------------------------------------------- coach

/// `hog coach`: the exact chance to win of every choice of dice at a
/// score pair, against a strategy and under optimal play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Coach {
    /// The opponent's strategy.
    pub vs: String,
    /// The mover's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// The rules.
    #[serde(flatten)]
    pub rules: RuleFlags,
}

impl Default for Coach {
    fn default() -> Coach {
        Coach {
            vs: "final".into(),
            score: 0,
            opponent: 0,
            rules: RuleFlags::default(),
        }
    }
}

/// The coach under Spring 2014's rules.
#[derive(Clone, Debug, Serialize)]
pub struct SpringCoach {
    /// The engine's answer.
    #[serde(flatten)]
    pub answer: exact::Coach,
    #[serde(skip)]
    described: String,
}

/// `hog coach`'s report.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum CoachReport {
    /// Spring 2014's rules.
    Spring(SpringCoach),
    /// Another term's.
    Term(terms::CoachOut),
}

impl Verb for Coach {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "coach";
    type Report = CoachReport;
    fn run(&self, ctx: &Context) -> Result<CoachReport, AppError> {
        if let Some(u) = self.rules.under()? {
            return terms::coach(u, &self.vs, self.score, self.opponent, ctx)
                .map(CoachReport::Term);
        }
        let rules = checked_scores(&self.rules, self.score, self.opponent)?;
        let answer = if self.vs == "optimal" {
            // The coach builds the minimax table anyway: one dynamic program
            // serves as the opponent and as optimal play.
            exact::coach_vs_optimal(&rules, self.score, self.opponent)?
        } else {
            let vs = Memo::new().strategy_of("--vs", &self.vs, &rules)?;
            ctx.check()?;
            exact::coach(&vs, &rules, self.score, self.opponent)?
        };
        Ok(CoachReport::Spring(SpringCoach {
            answer,
            described: rules.describe(),
        }))
    }
}

/// `coach`'s CSV: dice, then the two exact chances, one row per choice.
pub fn coach_csv(choices: impl Iterator<Item = (u32, f64, f64)>) -> String {
    let rows: Vec<Vec<String>> = choices
        .map(|(rolls, against, optimal)| {
            vec![
                rolls.to_string(),
                format!("{against:.6}"),
                format!("{optimal:.6}"),
            ]
        })
        .collect();
    csv(
        &[
            "dice",
            "win_probability_against_opponent",
            "win_probability_under_optimal_play",
        ],
        &rows,
    )
}

impl Report for CoachReport {
    fn text(&self) -> String {
        match self {
            CoachReport::Spring(c) => {
                let a = &c.answer;
                let mut o = format!(
                    "at {} to {} against {} ({}):\n\ndice  chance to win  chance under optimal play\n",
                    a.score, a.opponent_score, a.opponent, c.described
                );
                for x in &a.choices {
                    let _ = writeln!(
                        o,
                        "{:>4}  {:>13.6}  {:>25.6}",
                        x.rolls, x.against_opponent, x.under_optimal_play
                    );
                }
                let _ = writeln!(
                    o,
                    "\nbest against {}: {} dice; best under optimal play: {} dice; {} would roll {}\n(chances exact: the mover rolls this many now, then plays the best reply)",
                    a.opponent,
                    a.best_against_opponent,
                    a.best_under_optimal_play,
                    a.opponent,
                    a.opponent_would_roll
                );
                o
            }
            CoachReport::Term(c) => c.text(),
        }
    }
    fn csv(&self) -> Option<String> {
        Some(match self {
            CoachReport::Spring(c) => coach_csv(
                c.answer
                    .choices
                    .iter()
                    .map(|x| (x.rolls, x.against_opponent, x.under_optimal_play)),
            ),
            CoachReport::Term(c) => coach_csv(
                c.choices
                    .iter()
                    .map(|x| (x.rolls, x.against_opponent, x.under_optimal_play)),
            ),
        })
    }
}

// --------------------------------------------------------- rules, edge

/// `hog rules`: every rule set `--rules` takes, its rules in words and
/// its source.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct RuleSets {}

/// One rule set.
#[derive(Clone, Debug, Serialize)]
pub struct RuleSet {
    /// Its `--rules` name.
    pub name: &'static str,
    /// Whether it is the default (Spring 2014).
    pub default: bool,
    /// Its rules in words.
    pub rules: &'static [&'static str],
    /// Where they come from.
    pub source: &'static str,
}

/// `hog rules`' report: a list.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct RuleSetsReport {
    /// Every rule set.
    pub sets: Vec<RuleSet>,
}

impl Verb for RuleSets {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "rules";
    type Report = RuleSetsReport;
    fn run(&self, _ctx: &Context) -> Result<RuleSetsReport, AppError> {
        Ok(RuleSetsReport {
            sets: hog::Term::ALL
                .iter()
                .map(|&t| RuleSet {
                    name: t.name(),
                    default: t == hog::Term::Spring2014,
                    rules: t.rules_in_words(),
                    source: t.source(),
                })
                .collect(),
        })
    }
}

impl Report for RuleSetsReport {
    fn text(&self) -> String {
        let mut o = String::from(
            "Hog rule sets (--rules NAME on every hog verb; spring2014 is the default):\n",
        );
        for e in &self.sets {
            let _ = writeln!(
                o,
                "\n{}{}",
                e.name,
                if e.default { " (default)" } else { "" }
            );
            for r in e.rules {
                let _ = writeln!(o, "  - {r}");
            }
            let _ = writeln!(o, "  source: {}", e.source);
        }
        o
    }
}

/// `hog edge`: how much each special rule of a rule set moves the first
/// player's chance under optimal play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Edge {
    /// The rule set.
    pub rules: String,
    /// The score that ends the game (1 to 100).
    pub goal: u32,
}

impl Default for Edge {
    fn default() -> Edge {
        Edge {
            rules: "spring2014".into(),
            goal: GOAL,
        }
    }
}

impl Verb for Edge {
    const GAME: &'static str = "hog";
    const VERB: &'static str = "edge";
    type Report = terms::EdgeOut;
    fn run(&self, ctx: &Context) -> Result<terms::EdgeOut, AppError> {
        terms::edge(&self.rules, self.goal, ctx)
    }
}
