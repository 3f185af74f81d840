//! `lcr simulate` (the classic most-common-winner study, or with `table`
//! the variants study), `lcr replay` (one classic game on scripted or
//! seeded dice) and `lcr exact` (the Markov-chain solution).
//!
//! ```
//! use games_app::{Context, Report, Verb, lcr};
//!
//! // The exact answer of 3 seats with 1 coin each.
//! let exact = lcr::Exact { players: Some(3), coins: Some(1), ..Default::default() };
//! let r = exact.run(&Context::new()).unwrap();
//! assert_eq!(r.0.win_probability.len(), 3);
//! assert!((r.0.win_probability.iter().sum::<f64>() - 1.0).abs() < 1e-9);
//!
//! // The study beside it: every seat's exact chance in its 95% interval
//! // (or the text says which is not).
//! let study = lcr::Simulate {
//!     players: Some(3),
//!     coins: Some(1),
//!     sampling: games_app::Sampling { games: Some(20_000), seed: Some(1), ..Default::default() },
//!     ..Default::default()
//! };
//! let report = study.run(&Context::new()).unwrap();
//! assert!(report.text().starts_with("Classic LCR: 3 players, 1 coins each"));
//!
//! // One game on scripted dice: seat 1 wins the lab's example.
//! let replay = lcr::Replay { players: Some(2), script: Some("LCR".into()), ..Default::default() };
//! assert_eq!(replay.run(&Context::new()).unwrap().winner, 1);
//! ```

use std::fmt::Write as _;

use dice::parallel::Shard;
use lcr_core::{StudyConfig, analysis, exact};
use lcr_variants::study::StudySums as TableSums;
use lcr_variants::{EndCheck, Variant};
use serde::{Deserialize, Serialize};

use crate::Sampling;
use crate::context::{AppError, Context, bad};

/// A classic game's error, naming the argument at fault: the seats, the
/// coins, or the script of the dice.
fn classic_error(e: lcr_core::LcrError) -> AppError {
    use lcr_core::LcrError as E;
    let flag = match e {
        E::TooFewPlayers(_) => "--players",
        E::NoStartingCoins => "--coins",
        E::Dice(_) | E::UnusedRolls { .. } => "--script",
        _ => return e.into(),
    };
    AppError::BadInput(format!("{flag}: {e}"))
}
use crate::limits::{Limits, at_most};
use crate::shard::{Sharded, games_in, whole};
use crate::verb::{Report, Verb, csv};

/// Games the classic study plays when `games` is not given: a million
/// (about 0.3 s on two cores), enough to tell apart seats whose chances
/// differ by 0.002 (the lab's own default was 2,000).
pub const CLASSIC_GAMES: u64 = 1_000_000;

/// Games each table of the variants study plays when `games` is not
/// given (the assignment's).
pub const VARIANT_GAMES: u64 = 100_000;

/// The assignment's checkpoints of the variants study.
pub const DEFAULT_CHECKPOINTS: [u64; 4] = [100, 1000, 10_000, 100_000];

/// Coins each classic seat starts with when `coins` is not given.
pub const DEFAULT_COINS: u32 = 3;

/// The variants study's round limit when `max-rounds` is not given.
pub const DEFAULT_MAX_ROUNDS: u32 = 100;

/// The exact solution is shown beside a classic study when it is quick:
/// at most this many seats...
pub const QUICK_EXACT_PLAYERS: usize = 6;

/// ...and at most this many rolling states (6 seats with 3 coins have
/// 48,620; about 0.2 s).
pub const QUICK_EXACT_STATES: u64 = 200_000;

/// The most throws `lcr replay` records...
pub const MAX_THROWS: usize = 1_000_000;

/// ...and the most seat counts it holds (each throw keeps every seat's
/// coins): 10^7, 40 MB.
pub const MAX_CELLS: usize = 10_000_000;

/// `lcr simulate`: the classic most-common-winner study (`players`,
/// `coins`), or with `table` the variants study (`table`, `players`,
/// `chips`, `max-rounds`, `checkpoints`, `end-check`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Simulate {
    /// Seats at the table (at least 2): classic, required; variants, 9 or
    /// the chips' count.
    pub players: Option<usize>,
    /// Coins each classic seat starts with (`None`: 3).
    pub coins: Option<u32>,
    /// Variants: a named game, `all`, or six codes such as `0,0,0,1,2,3`.
    pub table: Option<String>,
    /// Variants: starting chips per seat, `10,10,10` or `10x9`.
    pub chips: Option<String>,
    /// Variants: the round limit (`None`: 100).
    pub max_rounds: Option<u32>,
    /// Variants: report the estimates after these many games too
    /// (`None`: 100, 1000, 10000, 100000 up to the games).
    #[serde(deserialize_with = "counts")]
    pub checkpoints: Option<Vec<u64>>,
    /// Variants: when games check for a single holder (`None`: round).
    pub end_check: Option<EndCheck>,
    /// Games, seed, threads, shard.
    #[serde(flatten)]
    pub sampling: Sampling,
}

/// A list of counts: a JSON list of numbers or count strings, one number,
/// or a comma-separated string (`"100,1e3"`), as `--checkpoints` takes.
fn counts<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<u64>>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum One {
        N(u64),
        S(String),
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Many {
        One(One),
        List(Vec<One>),
    }
    let expected = || {
        serde::de::Error::custom(
            "expected counts such as [100, 1000] or \"100,1000\" (each a whole number such as 1e6)",
        )
    };
    let parts: Vec<One> = match Option::<Many>::deserialize(d).map_err(|_| expected())? {
        None => return Ok(None),
        Some(Many::One(One::S(s))) => s.split(',').map(|p| One::S(p.to_string())).collect(),
        Some(Many::One(n)) => vec![n],
        Some(Many::List(l)) => l,
    };
    parts
        .into_iter()
        .map(|p| match p {
            One::N(n) => Ok(n),
            One::S(s) => crate::parse_count(&s).map_err(serde::de::Error::custom),
        })
        .collect::<Result<Vec<u64>, _>>()
        .map(Some)
}

/// The sums of `lcr simulate`: the classic study's, or each table's at
/// each checkpoint. Whole numbers, which add over shards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Sums {
    /// The classic study's.
    Classic(lcr_core::StudySums),
    /// The variants study's, one for each table.
    Table(Vec<TableSums>),
}

/// What the variants study runs: its games, its played count and the
/// rows it reports.
struct TablePlan {
    variants: Vec<Variant>,
    games: u64,
    wanted: Vec<u64>,
}

/// Bounds that hold nothing back: for checking sums, where the request
/// was checked when it ran.
const UNBOUNDED: Limits = Limits {
    games: u64::MAX,
    players: usize::MAX,
    coins: u32::MAX,
    rounds: u32::MAX,
    variant_turns: u128::MAX,
    classic_coin_games: u128::MAX,
    ..Limits::DEFAULT
};

impl Simulate {
    /// Check every size against the context's bounds, without doing the
    /// work (an adapter checks its output files after this and before
    /// [`Verb::run`], so that bad input is named first).
    ///
    /// # Errors
    /// Bad input, one line naming the flag.
    pub fn check(&self, ctx: &Context) -> Result<(), AppError> {
        match &self.table {
            None => self.classic(ctx).map(|_| ()),
            Some(table) => {
                self.table_plan(table, ctx.limits())?;
                ctx.threads(self.sampling.threads).map(|_| ())
            }
        }
    }

    /// The classic study this request runs (the seed as given, 0 if not).
    fn classic(&self, ctx: &Context) -> Result<StudyConfig, AppError> {
        for (flag, given) in [
            ("--chips", self.chips.is_some()),
            ("--max-rounds", self.max_rounds.is_some()),
            ("--checkpoints", self.checkpoints.is_some()),
            ("--end-check", self.end_check.is_some()),
        ] {
            if given {
                return bad(format!("{flag} needs --table (the variants study)"));
            }
        }
        let Some(players) = self.players else {
            return bad("lcr simulate: --players is required (or --table for the variants study)");
        };
        let lim = ctx.limits();
        at_most("--players", players, lim.players)?;
        let coins = at_most("--coins", self.coins.unwrap_or(DEFAULT_COINS), lim.coins)?;
        // Too few seats or no coins: the argument named.
        lcr_core::ClassicState::new(players, coins).map_err(classic_error)?;
        let games = ctx.games(self.sampling.games, CLASSIC_GAMES)?;
        let coin_games = players as u128 * u128::from(coins) * u128::from(games);
        if coin_games > lim.classic_coin_games {
            return bad(format!(
                "--games: {games} games of {players} seats with {coins} coins each is {coin_games} coin-games; a simulation takes at most {} here (fewer --games)",
                lim.classic_coin_games
            ));
        }
        let threads = ctx.threads(self.sampling.threads)?;
        Ok(StudyConfig {
            players,
            coins,
            games,
            seed: self.sampling.seed.unwrap_or_default(),
            threads,
        })
    }

    /// The variants study this request runs, checked against `lim`.
    fn table_plan(&self, table: &str, lim: &Limits) -> Result<TablePlan, AppError> {
        if self.coins.is_some() {
            return bad("--coins: the variants study takes --chips, not --coins");
        }
        let max_rounds = self.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS);
        at_most("--max-rounds", max_rounds, lim.rounds)?;
        if let Some(p) = self.players {
            at_most("--players", p, lim.players)?;
        }
        let end_check = self.end_check.unwrap_or_default();
        let variants = lcr_variants::resolve(
            table,
            self.players,
            self.chips.as_deref(),
            max_rounds,
            end_check,
        )
        .map_err(|e| {
            use lcr_variants::VariantError as V;
            let flag = match e {
                V::ZeroRounds => "--max-rounds",
                V::BadChips(_) | V::ChipsLength { .. } | V::TooManyChips | V::NoChips => "--chips",
                V::TooFewPlayers(_) => "--players",
                _ => "--table",
            };
            AppError::BadInput(format!("{flag}: {e}"))
        })?;
        let (games, wanted) = rows_wanted(self.sampling.games, self.checkpoints.as_deref(), lim)?;
        for v in &variants {
            // Seats and chips may come from --chips (`1x10000`): held to
            // the same limits as --players and --coins.
            at_most("--chips: seats", v.starting_chips.len(), lim.players)?;
            let most = v.starting_chips.iter().copied().max().unwrap_or(0);
            at_most("--chips: chips a seat", most, lim.coins)?;
            let turns =
                u128::from(games) * v.starting_chips.len() as u128 * u128::from(v.max_rounds);
            if turns > lim.variant_turns {
                return bad(format!(
                    "{}: {games} games of up to {} rounds of {} seats is up to {turns} turns; a study takes at most {} (fewer --games or --max-rounds)",
                    v.name,
                    v.max_rounds,
                    v.starting_chips.len(),
                    lim.variant_turns
                ));
            }
        }
        Ok(TablePlan {
            variants,
            games,
            wanted,
        })
    }

    /// The variants study's configuration: the rows wanted, and with
    /// `chart` the chart's points too.
    fn table_config(&self, plan: &TablePlan, threads: usize, chart: bool) -> TableConfig {
        let mut checkpoints = plan.wanted.clone();
        if chart {
            checkpoints.extend(dense(plan.games));
        }
        TableConfig {
            checkpoints,
            seed: self.sampling.seed.unwrap_or_default(),
            threads,
        }
    }

    /// Each table's sums over `shard`'s chunks.
    fn table_sums(
        &self,
        ctx: &Context,
        plan: &TablePlan,
        config: &TableConfig,
        shard: Shard,
    ) -> Result<Vec<TableSums>, AppError> {
        let per_table = plan.games / shard.count;
        let meter = ctx.meter(per_table * plan.variants.len() as u64, 200_000, "games");
        let mut all = Vec::new();
        for (i, v) in plan.variants.iter().enumerate() {
            ctx.check()?;
            let watch = After {
                meter: &meter,
                before: per_table * i as u64,
            };
            all.push(
                lcr_variants::study::study_sums(v, config, shard, watch)
                    .map_err(|e| ctx.stopped_or(e))?,
            );
        }
        Ok(all)
    }

    /// The variants study's report, and the studies at every checkpoint
    /// run (the chart's points among them).
    fn table_report(
        plan: &TablePlan,
        config: &TableConfig,
        sums: &[TableSums],
    ) -> Result<(SimulateReport, Vec<lcr_variants::Study>), AppError> {
        if sums.len() != plan.variants.len() {
            return bad("the partials' sums do not fit the command");
        }
        let all: Vec<lcr_variants::Study> = plan
            .variants
            .iter()
            .zip(sums)
            .map(|(v, s)| lcr_variants::Study::from_sums(v, config, s))
            .collect();
        let mut studies = all.clone();
        for s in &mut studies {
            s.rows.retain(|r| plan.wanted.contains(&r.simulations));
        }
        Ok((SimulateReport::Table(TableReport { studies }), all))
    }

    /// The variants study run whole (as [`Verb::run`]), with the studies
    /// also at the points of a convergence chart: 10, 20, 50, 100, ...
    /// games (one run: the chart's rows are counted on the way).
    ///
    /// # Errors
    /// As [`Verb::run`]; bad input for the classic study or a shard.
    pub fn run_with_chart(
        &self,
        ctx: &Context,
    ) -> Result<(SimulateReport, Vec<lcr_variants::Study>), AppError> {
        let Some(table) = &self.table else {
            return bad("lcr simulate: the variants chart needs --table");
        };
        if self.sampling.shard.is_some() {
            return bad(
                "--shard: a shard's run gives a partial for `games-cli merge`, not a chart",
            );
        }
        let mut req = self.clone();
        req.sampling.seed = Some(crate::seed_or_draw(self.sampling.seed));
        let plan = req.table_plan(table, ctx.limits())?;
        let threads = ctx.threads(req.sampling.threads)?;
        let config = req.table_config(&plan, threads, true);
        let sums = req.table_sums(ctx, &plan, &config, Shard::ALL)?;
        Self::table_report(&plan, &config, &sums)
    }

    /// Each seat's wins in the first `n` games of the classic run from
    /// `seed`, for each `n` of `at` (a run of `n` games plays the first
    /// `n` games of any longer run from that seed): the points of a
    /// convergence chart.
    ///
    /// # Errors
    /// Bad input past the context's bounds or for the variants study;
    /// cancellation between points.
    pub fn running(&self, ctx: &Context, seed: u64, at: &[u64]) -> Result<Vec<Vec<u64>>, AppError> {
        if self.table.is_some() {
            return bad("lcr simulate: the running wins are the classic study's");
        }
        let config = StudyConfig {
            seed,
            ..self.classic(ctx)?
        };
        at.iter()
            .map(|&n| {
                ctx.check()?;
                ctx.games(Some(n), n)?;
                analysis::running_wins(&config, n, &ctx.meter(n, u64::MAX, "games"))
                    .map_err(|e| ctx.stopped_or(e))
            })
            .collect()
    }
}

/// A table's progress after the tables before it: the meter told the
/// games of all, and asked whether to stop.
struct After<'a> {
    meter: &'a crate::Meter,
    before: u64,
}

impl dice::parallel::Watch for After<'_> {
    fn done(&self, units: u64) {
        self.meter.set(self.before + units);
    }
    fn stop(&self) -> bool {
        self.meter.should_stop()
    }
}

/// [`lcr_variants::StudyConfig`], named for this module.
type TableConfig = lcr_variants::StudyConfig;

/// The rows to report: the checkpoints asked for (or the assignment's, up
/// to the games played) and the last game; games default to the largest
/// checkpoint asked for.
fn rows_wanted(
    games: Option<u64>,
    checkpoints: Option<&[u64]>,
    lim: &Limits,
) -> Result<(u64, Vec<u64>), AppError> {
    match games {
        Some(0) => return bad("--games must be at least 1"),
        Some(g) => {
            at_most("--games", g, lim.games)?;
        }
        None => {}
    }
    if checkpoints.is_some_and(|c| c.is_empty() || c.contains(&0)) {
        return bad("--checkpoints needs counts of at least 1 game, e.g. 100,1000");
    }
    if let Some(&c) = checkpoints.and_then(|c| c.iter().max()) {
        at_most("--checkpoints", c, lim.games)?;
    }
    let games = games.unwrap_or_else(|| {
        checkpoints.map_or(VARIANT_GAMES, |c| {
            c.iter().copied().max().unwrap_or(VARIANT_GAMES)
        })
    });
    if let Some(&past) = checkpoints.and_then(|c| c.iter().find(|&&c| c > games)) {
        return bad(format!("--checkpoints {past} is past --games {games}"));
    }
    let mut w: Vec<u64> = checkpoints
        .map_or_else(|| DEFAULT_CHECKPOINTS.to_vec(), <[u64]>::to_vec)
        .into_iter()
        .filter(|&c| c <= games)
        .collect();
    w.push(games);
    w.sort_unstable();
    w.dedup();
    Ok((games, w))
}

/// 10, 20, 50, 100, ... up to `max`, for the convergence chart.
fn dense(max: u64) -> Vec<u64> {
    let mut v = Vec::new();
    let mut base = 10u64;
    while base <= max {
        for m in [1, 2, 5] {
            if base * m <= max {
                v.push(base * m);
            }
        }
        base *= 10;
    }
    v
}

/// What is wrong with a variants study's sums that `shard` cannot have
/// made: each table's sums at each checkpoint count the shard's games
/// before it, with at most that many winners and one chip count for each
/// seat.
fn check_table_sums(
    t: &[TableSums],
    seats: &[usize],
    checkpoints: &[u64],
    shard: Shard,
) -> Result<(), String> {
    if t.len() != seats.len() {
        return Err(format!("{} studies, not {}", t.len(), seats.len()));
    }
    let v = serde_json::to_value(t).map_err(|e| e.to_string())?;
    let number = |x: &serde_json::Value, key: &str| x[key].as_u64().unwrap_or(u64::MAX);
    for (g, (study, &n)) in v.as_array().into_iter().flatten().zip(seats).enumerate() {
        let at = study["at"].as_array().map_or(&[][..], Vec::as_slice);
        if at.len() != checkpoints.len() {
            return Err(format!(
                "[{g}].at has {} checkpoints, not {}",
                at.len(),
                checkpoints.len()
            ));
        }
        for (i, (x, &c)) in at.iter().zip(checkpoints).enumerate() {
            let field = format!("[{g}].at[{i}]");
            games_in(
                &format!("{field}.games"),
                number(x, "games"),
                c,
                shard,
                true,
            )?;
            if number(x, "winners") > number(x, "games") {
                return Err(format!("{field}.winners is past its games"));
            }
            for key in ["chips", "chips2"] {
                if x[key].as_array().map(Vec::len) != Some(n) {
                    return Err(format!(
                        "{field}.{key} is not one count for each of {n} seats"
                    ));
                }
            }
        }
    }
    Ok(())
}

impl Verb for Simulate {
    const GAME: &'static str = "lcr";
    const VERB: &'static str = "simulate";
    type Report = SimulateReport;
    fn run(&self, ctx: &Context) -> Result<SimulateReport, AppError> {
        whole(self, ctx)
    }
}

impl Sharded for Simulate {
    type Sums = Sums;
    fn sampling(&self) -> &Sampling {
        &self.sampling
    }
    fn sampling_mut(&mut self) -> &mut Sampling {
        &mut self.sampling
    }
    fn sums(&self, ctx: &Context, shard: Shard) -> Result<Sums, AppError> {
        match &self.table {
            None => {
                let config = self.classic(ctx)?;
                ctx.check()?;
                let meter = ctx.meter(config.games / shard.count, 2_000_000, "games");
                let sums =
                    lcr_core::study_sums(&config, shard, &meter).map_err(|e| ctx.stopped_or(e))?;
                Ok(Sums::Classic(sums))
            }
            Some(table) => {
                let plan = self.table_plan(table, ctx.limits())?;
                let threads = ctx.threads(self.sampling.threads)?;
                let config = self.table_config(&plan, threads, false);
                Ok(Sums::Table(self.table_sums(ctx, &plan, &config, shard)?))
            }
        }
    }
    fn check_sums(&self, sums: &Sums, shard: Shard) -> Result<(), String> {
        match (&self.table, sums) {
            (None, Sums::Classic(t)) => {
                let players = self.players.unwrap_or_default();
                let games = self.sampling.games.unwrap_or(CLASSIC_GAMES);
                // Every classic game has one winner.
                if t.wins.len() != players {
                    return Err(format!("wins has {} seats, not {players}", t.wins.len()));
                }
                let won = t.wins.iter().try_fold(0u64, |a, &w| a.checked_add(w));
                games_in("wins", won.unwrap_or(u64::MAX), games, shard, true)?;
                if t.rolling > t.turns {
                    return Err(format!(
                        "rolling is {}, past turns ({})",
                        t.rolling, t.turns
                    ));
                }
                Ok(())
            }
            (Some(table), Sums::Table(t)) => {
                let plan = self
                    .table_plan(table, &UNBOUNDED)
                    .map_err(|e| e.to_string())?;
                let seats: Vec<usize> = plan
                    .variants
                    .iter()
                    .map(|v| v.starting_chips.len())
                    .collect();
                check_table_sums(t, &seats, &plan.wanted, shard)
            }
            (None, Sums::Table(_)) => {
                Err("a variants study's sums, not the classic study's".into())
            }
            (Some(_), Sums::Classic(_)) => {
                Err("the classic study's sums, not a variants study's".into())
            }
        }
    }
    fn report(&self, ctx: &Context, sums: Sums) -> Result<SimulateReport, AppError> {
        match (&self.table, sums) {
            (None, Sums::Classic(sums)) => {
                let config = self.classic(ctx)?;
                let study = lcr_core::Study::from_sums(&config, &sums);
                let win_ci95 = analysis::win_ci95(&study);
                let exact = quick_exact(config.players, config.coins);
                let states = exact::plan(config.players, config.coins)
                    .map_or(u64::MAX, |(states, _)| states);
                Ok(SimulateReport::Classic(ClassicReport {
                    study,
                    win_ci95,
                    exact_win_probability: exact,
                    states,
                    exact_states: ctx.limits().exact_states,
                }))
            }
            (Some(table), Sums::Table(sums)) => {
                let plan = self.table_plan(table, ctx.limits())?;
                let threads = ctx.threads(self.sampling.threads)?;
                let config = self.table_config(&plan, threads, false);
                Ok(Self::table_report(&plan, &config, &sums)?.0)
            }
            _ => bad("the partials' sums do not fit the command"),
        }
    }
}

/// Each seat's exact chance, when the solver answers quickly.
fn quick_exact(players: usize, coins: u32) -> Option<Vec<f64>> {
    if players > QUICK_EXACT_PLAYERS {
        return None;
    }
    let (states, _) = exact::plan(players, coins).ok()?;
    if states > QUICK_EXACT_STATES {
        return None;
    }
    let mut config = exact::ExactConfig::new(players, coins);
    config.memory_limit = crate::limits::memory_limit();
    exact::solve(&config).ok().map(|r| r.win_probability)
}

/// `lcr simulate`'s report: the classic study's, or the variants study's.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum SimulateReport {
    /// The classic most-common-winner study.
    Classic(ClassicReport),
    /// The variants study.
    Table(TableReport),
}

/// The classic study's report: the study's own keys, each seat's 95%
/// interval, and the exact chances when they were quick to compute.
#[derive(Clone, Debug, Serialize)]
pub struct ClassicReport {
    /// The study.
    #[serde(flatten)]
    pub study: lcr_core::Study,
    /// Half-width of each seat's 95% interval (normal approximation).
    pub win_ci95: Vec<f64>,
    /// Each seat's exact chance to win (up to 6 seats), else null.
    pub exact_win_probability: Option<Vec<f64>>,
    /// The exact solver's rolling states at this size (`u64::MAX` when
    /// it does not take it).
    #[serde(skip)]
    pub states: u64,
    /// The most states the exact solver takes under the bounds in force.
    #[serde(skip)]
    pub exact_states: u64,
}

/// The variants study's report: one study for each table (its JSON is
/// the study itself for one table, else the list).
#[derive(Clone, Debug)]
pub struct TableReport {
    /// Each table's study, at the checkpoints reported.
    pub studies: Vec<lcr_variants::Study>,
}

impl Serialize for TableReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.studies.as_slice() {
            [one] => one.serialize(s),
            all => all.serialize(s),
        }
    }
}

impl Report for SimulateReport {
    fn text(&self) -> String {
        match self {
            SimulateReport::Classic(r) => r.text(),
            SimulateReport::Table(r) => r.text(),
        }
    }
    fn csv(&self) -> Option<String> {
        match self {
            SimulateReport::Classic(r) => r.csv(),
            SimulateReport::Table(r) => r.csv(),
        }
    }
}

impl Report for ClassicReport {
    fn text(&self) -> String {
        study_table(self)
    }

    fn csv(&self) -> Option<String> {
        let s = &self.study;
        let rows: Vec<Vec<String>> = (0..s.players)
            .map(|seat| {
                let (f, h) = (s.win_fraction[seat], self.win_ci95[seat]);
                vec![
                    seat.to_string(),
                    s.wins[seat].to_string(),
                    s.games.to_string(),
                    format!("{f:.6}"),
                    format!("{:.6}", (f - h).max(0.0)),
                    format!("{:.6}", (f + h).min(1.0)),
                    self.exact_win_probability
                        .as_ref()
                        .map_or(String::new(), |e| format!("{:.6}", e[seat])),
                    s.seed.to_string(),
                ]
            })
            .collect();
        Some(csv(
            &[
                "seat",
                "wins",
                "games",
                "win_fraction",
                "win_fraction_ci95_low",
                "win_fraction_ci95_high",
                "exact_win_probability",
                "seed",
            ],
            &rows,
        ))
    }
}

impl Report for TableReport {
    fn text(&self) -> String {
        self.studies
            .iter()
            .map(variant_table)
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn csv(&self) -> Option<String> {
        let n = self.studies.iter().map(|s| s.players).max().unwrap_or(0);
        let mut o = String::from("game,simulations,winner_percent");
        for i in 1..=n {
            let _ = write!(o, ",player_{i}");
        }
        o.push('\n');
        for s in &self.studies {
            for r in &s.rows {
                let _ = write!(
                    o,
                    "{},{},{:.4}",
                    s.game,
                    r.simulations,
                    100.0 * r.winner_fraction
                );
                for c in &r.expected_chips {
                    let _ = write!(o, ",{c:.4}");
                }
                o.push('\n');
            }
        }
        Some(o)
    }
}

/// One table's study as text.
fn variant_table(s: &lcr_variants::Study) -> String {
    let chips = if s.starting_chips.iter().all(|&c| c == s.starting_chips[0]) {
        format!("{} each", s.starting_chips[0])
    } else {
        format!("{:?}", s.starting_chips)
    };
    let mut o = format!(
        "{} (table {}, {} players, chips {}, at most {} rounds, end check after each {}, seed {})\n",
        s.game,
        s.table,
        s.players,
        chips,
        s.max_rounds,
        match s.end_check {
            EndCheck::Round => "round",
            EndCheck::Turn => "turn",
        },
        s.seed
    );
    let _ = write!(
        o,
        "{:>11} {:>17} {:>20}",
        "simulations", "winner % +/- 95%", "mean rounds +/- 95%"
    );
    for i in 0..s.players {
        let _ = write!(o, " {:>7}", format!("seat {i}"));
    }
    o.push_str("\n(seat columns: expected chips at the end, the winner's including the center; winner %: games with a winner)\n");
    for r in &s.rows {
        let _ = write!(
            o,
            "{:>11} {:>17} {:>20}",
            r.simulations,
            format!(
                "{:.2} +/- {:.2}",
                100.0 * r.winner_fraction,
                100.0 * r.winner_ci95
            ),
            format!("{:.2} +/- {:.2}", r.mean_rounds, r.mean_rounds_ci95)
        );
        for c in &r.expected_chips {
            let _ = write!(o, " {c:>7.3}");
        }
        o.push('\n');
    }
    o
}

/// A count with thousands separators, for sentences: 1,000,000.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut o = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            o.push(',');
        }
        o.push(c);
    }
    o
}

/// About how many games: two significant digits, in words past a million.
fn about(games: f64) -> String {
    if !games.is_finite() || games >= 1e15 {
        return "more games than anyone can play".into();
    }
    let magnitude = 10f64.powi(games.log10().floor() as i32 - 1).max(1.0);
    let rounded = ((games / magnitude).round() * magnitude) as u64;
    match rounded {
        n if n >= 1_000_000_000 && n % 100_000_000 == 0 => {
            format!("about {} billion", n as f64 / 1e9)
        }
        n if n >= 1_000_000 && n % 100_000 == 0 => format!("about {} million", n as f64 / 1e6),
        n => format!("about {}", grouped(n)),
    }
}

/// The classic study's table. With the exact chances it leads with the
/// exact answer and reads the simulation as its check, so nothing printed
/// names a different winner than the exact one: seats too close for the
/// sample to order are said to be so. Without them, the simulation's most
/// common winner, and whether the runner-up is told apart from it.
fn study_table(r: &ClassicReport) -> String {
    let (s, ci95) = (&r.study, &r.win_ci95);
    let seed_line = format!(
        "seed {} (`--seed {}` repeats this run exactly)",
        s.seed, s.seed
    );
    let mut o = format!(
        "Classic LCR: {} players, {} coins each\n\n",
        s.players, s.coins
    );
    if let Some(e) = &r.exact_win_probability {
        let order = analysis::by_share(e);
        let top = order[0];
        let _ = writeln!(
            o,
            "Exact answer (Markov chain): seat {top} wins most often, {:.6} of games.",
            e[top]
        );
        if let Some(&next) = order.get(1) {
            let _ = writeln!(
                o,
                "Next is seat {next} at {:.6}; the last is seat {} at {:.6}.",
                e[next],
                order[order.len() - 1],
                e[order[order.len() - 1]]
            );
        }
        let _ = write!(
            o,
            "\nThe check: {} simulated games, {seed_line}.\n\nseat  exact chance  simulated share  95% interval          wins\n",
            grouped(s.games)
        );
        for seat in 0..s.players {
            let f = s.win_fraction[seat];
            let _ = writeln!(
                o,
                "{seat:>4}  {:>12.6}  {f:>15.4}  {:.4} to {:.4}  {:>10}",
                e[seat],
                (f - ci95[seat]).max(0.0),
                (f + ci95[seat]).min(1.0),
                s.wins[seat]
            );
        }
        let missed = analysis::outside_interval(s, e);
        o.push('\n');
        if missed.is_empty() {
            o.push_str(
                "The simulation agrees: every seat's exact chance lies inside its 95% interval.\n",
            );
        } else {
            let seats: Vec<String> = missed.iter().map(usize::to_string).collect();
            let _ = writeln!(
                o,
                "Seat {} lies outside its 95% interval: each interval misses its exact value in \
                 1 run in 20 by chance, so with {} seats some seat misses in {:.0}% of runs.",
                seats.join(", "),
                s.players,
                100.0 * (1.0 - 0.95f64.powi(s.players as i32))
            );
        }
        // Seats whose exact chances are too close to the top for this many
        // games to order: the simulation may put any of them first.
        let close = analysis::too_close_to_top(e, s.games);
        if let Some(&(_, needed)) = close.last() {
            let names: Vec<String> = std::iter::once(top)
                .chain(close.iter().map(|c| c.0))
                .map(|x| x.to_string())
                .collect();
            let _ = writeln!(
                o,
                "Seats {} are too close for {} games to tell apart (that takes {} games), \
                 so the simulation may put any of them first; the exact answer decides.",
                names.join(" and "),
                grouped(s.games),
                about(needed)
            );
        }
    } else {
        let _ = write!(
            o,
            "{} simulated games, {seed_line}.\n\nseat  simulated share  95% interval          wins\n",
            grouped(s.games)
        );
        for (seat, ((f, half), wins)) in s.win_fraction.iter().zip(ci95).zip(&s.wins).enumerate() {
            let _ = writeln!(
                o,
                "{seat:>4}  {f:>15.4}  {:.4} to {:.4}  {wins:>10}",
                (f - half).max(0.0),
                (f + half).min(1.0),
            );
        }
        let best = s.most_common_winner;
        let _ = write!(
            o,
            "\nMost common winner: seat {best} ({:.4} of games)",
            s.most_common_fraction
        );
        if let Some(next) = analysis::runner_up_not_told_apart(s) {
            let _ = write!(
                o,
                "; not told apart from seat {next} ({:.4}) by {} games: the difference \
                 is within its 95% margin (play more games)",
                s.win_fraction[next],
                grouped(s.games)
            );
        }
        if r.states <= r.exact_states {
            let _ = writeln!(
                o,
                ".\nNo quick exact answer at this size: `games-cli lcr exact --players {} --coins {}` \
                 solves its {} states (it refuses, with its estimate, a run that will not fit in memory).",
                s.players,
                s.coins,
                grouped(r.states)
            );
        } else {
            let _ = writeln!(
                o,
                ".\nNo exact answer at this size: the exact solver takes at most {} states.",
                grouped(r.exact_states)
            );
        }
    }
    let _ = writeln!(
        o,
        "Mean game length: {:.3} turns (every seat's turn counted; {:.3} counting only turns with a roll).",
        s.mean_turns, s.mean_rolling_turns
    );
    o
}

/// `lcr replay`: one classic game, on scripted dice or from a seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Replay {
    /// Seats at the table (at least 2; required).
    pub players: Option<usize>,
    /// Coins each seat starts with (`None`: 3).
    pub coins: Option<u32>,
    /// The dice, read left to right: letters `.` `L` `C` `R`, e.g.
    /// `RR.CL`; the script must last the game and be used up by it.
    pub script: Option<String>,
    /// Or seeded dice: one game from this seed, with its script.
    pub seed: Option<u64>,
    /// Also list every throw.
    pub throws: bool,
}

/// `lcr replay`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayReport {
    /// Seats.
    pub players: usize,
    /// The seat that won.
    pub winner: usize,
    /// Turns, every seat's counted.
    pub turns: u64,
    /// Each seat's coins at the end.
    pub coins: Vec<u32>,
    /// The center's coins at the end.
    pub center: u32,
    /// With a seed: the seed...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// ...and the script that replays the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// With `throws`: every throw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throws: Option<Vec<lcr_core::ThrowRecord>>,
    /// The game throw by throw (the CSV lists every throw).
    #[serde(skip)]
    pub transcript: lcr_core::Transcript,
}

impl Verb for Replay {
    const GAME: &'static str = "lcr";
    const VERB: &'static str = "replay";
    type Report = ReplayReport;
    fn run(&self, ctx: &Context) -> Result<ReplayReport, AppError> {
        let Some(players) = self.players else {
            return bad("lcr replay: --players is required");
        };
        at_most("--players", players, ctx.limits().players)?;
        let coins = at_most(
            "--coins",
            self.coins.unwrap_or(DEFAULT_COINS),
            ctx.limits().coins,
        )?;
        let max_throws = MAX_THROWS.min(MAX_CELLS / players.max(1));
        // A game longer than its transcript may hold is known only as it
        // is played: said with the bound the seats make.
        let long = |e: lcr_core::LcrError| match e {
            lcr_core::LcrError::TooLong(n) => AppError::BadInput(format!(
                "--players: the game ran past {n} throws, the most a transcript of {players} seats records ({MAX_THROWS} throws, and {MAX_CELLS} seat counts, at most)"
            )),
            e => classic_error(e),
        };
        // The game as the registry makes it, played on its rules step; the
        // engine's own message first (too few seats ...).
        let start = || -> Result<lcr_core::ClassicState, AppError> {
            lcr_core::ClassicState::new(players, coins).map_err(classic_error)?;
            crate::registry::initial(&format!("lcr(players={players},coins={coins})"))
        };
        let t = match (&self.script, self.seed) {
            (Some(_), Some(_)) => return bad("lcr replay: --script or --seed, not both"),
            (None, None) => return bad("lcr replay: --script or --seed is required"),
            (Some(script), None) => {
                let mut dice = dice::ScriptedDice::from_lcr(script)
                    .map_err(|e| classic_error(lcr_core::LcrError::from(e)))?;
                let t = lcr_core::transcript_from(start()?, &mut dice, max_throws).map_err(long)?;
                if !dice.all_used() {
                    return Err(classic_error(lcr_core::LcrError::UnusedRolls {
                        remaining: dice.remaining(),
                    }));
                }
                t
            }
            (None, Some(seed)) => {
                lcr_core::transcript_from(start()?, &mut dice::SeededDice::new(seed, 0), max_throws)
                    .map_err(long)?
            }
        };
        let g = &t.result;
        Ok(ReplayReport {
            players,
            winner: g.winner,
            turns: g.turns,
            coins: g.coins.clone(),
            center: g.center,
            seed: self.seed,
            script: self.seed.map(|_| t.script.clone()),
            throws: self.throws.then(|| t.throws.clone()),
            transcript: t,
        })
    }
}

impl Report for ReplayReport {
    fn text(&self) -> String {
        let (t, g) = (&self.transcript, &self.transcript.result);
        let mut o = String::new();
        if let Some(seed) = self.seed {
            let _ = writeln!(o, "seed {seed}; its dice as a script: {}", t.script);
        }
        if self.throws.is_some() {
            o.push_str("turn  seat  dice  coins after (from seat 0)  center\n");
            for x in &t.throws {
                let _ = writeln!(
                    o,
                    "{:>4}  {:>4}  {:<4}  {:<26}  {}",
                    x.turn,
                    x.seat,
                    x.faces,
                    format!("{:?}", x.coins),
                    x.center
                );
            }
        }
        let _ = write!(
            o,
            "winner: seat {}\nturns: {}\ncoins by seat (from seat 0): {:?}\ncenter: {}\n",
            g.winner, g.turns, g.coins, g.center
        );
        o
    }

    fn csv(&self) -> Option<String> {
        let header: Vec<String> = ["turn", "seat", "dice", "center_coins"]
            .iter()
            .map(|h| h.to_string())
            .chain((0..self.players).map(|seat| format!("seat_{seat}_coins")))
            .collect();
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let rows: Vec<Vec<String>> = self
            .transcript
            .throws
            .iter()
            .map(|x| {
                [
                    x.turn.to_string(),
                    x.seat.to_string(),
                    x.faces.clone(),
                    x.center.to_string(),
                ]
                .into_iter()
                .chain(x.coins.iter().map(u32::to_string))
                .collect()
            })
            .collect();
        Some(csv(&header, &rows))
    }
}

/// `lcr exact`: each seat's exact chance to win and the expected game
/// length, from the Markov chain.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Exact {
    /// Seats at the table (at least 2; required).
    pub players: Option<usize>,
    /// Coins each seat starts with (`None`: 3).
    pub coins: Option<u32>,
    /// Worker threads for the sweeps (`None`: every core up to the
    /// bound); the answer does not depend on it.
    pub threads: Option<usize>,
}

/// `lcr exact`'s report: the solver's result.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct ExactReport(pub exact::ExactResult);

impl Verb for Exact {
    const GAME: &'static str = "lcr";
    const VERB: &'static str = "exact";
    type Report = ExactReport;
    fn run(&self, ctx: &Context) -> Result<ExactReport, AppError> {
        let Some(players) = self.players else {
            return bad("lcr exact: --players is required");
        };
        let coins = self.coins.unwrap_or(DEFAULT_COINS);
        // Sizes first: the plan's own tables grow with seats and coins.
        at_most("--players", players, exact::MAX_EXACT_PLAYERS)?;
        at_most("--coins", coins, ctx.limits().coins)?;
        let most = ctx.limits().exact_states;
        let (states, _) = exact::plan(players, coins).map_err(classic_error)?;
        if states > most {
            // The count saturates at u64::MAX: past it, say so.
            let count = if states == u64::MAX {
                "2^64 or more".to_string()
            } else {
                states.to_string()
            };
            return bad(format!(
                "lcr exact: {players} players with {coins} coins each have {count} states; the solver takes at most {most}"
            ));
        }
        let mut config = exact::ExactConfig::new(players, coins);
        config.memory_limit = crate::limits::memory_limit();
        config.threads = ctx.threads(self.threads)?;
        ctx.check()?;
        let meter = ctx.meter(states, 1 << 20, "states");
        let r = exact::solve_with_progress(&config, &|done| meter.set(done))?;
        Ok(ExactReport(r))
    }
}

impl Report for ExactReport {
    fn text(&self) -> String {
        let r = &self.0;
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

    fn csv(&self) -> Option<String> {
        let rows: Vec<Vec<String>> = self
            .0
            .win_probability
            .iter()
            .enumerate()
            .map(|(seat, p)| vec![seat.to_string(), format!("{p:.12}")])
            .collect();
        Some(csv(&["seat", "win_probability"], &rows))
    }
}
