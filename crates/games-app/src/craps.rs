//! `craps simulate` (the homework's `testCraps(n)` beside the exact
//! chance), `craps exact` (the chance to win, by point) and `craps game`
//! (one game, roll by roll).
//!
//! ```
//! use games_app::{Context, Verb, craps};
//!
//! let req = craps::Simulate { sampling: games_app::Sampling { games: Some(10_000), seed: Some(1), ..Default::default() } };
//! let r = req.run(&Context::new()).unwrap();
//! assert_eq!(r.exact_fraction, "244/495");
//! // The share lies within its 95% interval of the exact chance.
//! assert!((r.win_fraction - r.exact_win_probability).abs() < 0.02);
//! ```

use std::fmt::Write as _;

use craps_baccarat::{Ratio, craps};
use dice::SeededDice;
use dice::parallel::Shard;
use serde::{Deserialize, Serialize};

use crate::Sampling;
use crate::context::{AppError, Context, seed_or_draw};
use crate::shard::{Sharded, games_in, whole};
use crate::verb::{Report, Verb, csv};

/// Games `craps simulate` plays when `games` is not given.
pub const GAMES: u64 = 10_000;

/// `craps simulate`: simulated games beside the exact chance.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Simulate {
    /// Games, seed, threads, shard.
    #[serde(flatten)]
    pub sampling: Sampling,
}

/// `craps simulate`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct SimulateReport {
    /// Games played.
    pub games: u64,
    /// The seed of the dice.
    pub seed: u64,
    /// Games won.
    pub wins: u64,
    /// Their share.
    pub win_fraction: f64,
    /// The exact chance to win.
    pub exact_win_probability: f64,
    /// The same as a fraction.
    pub exact_fraction: String,
    /// The exact chance by point.
    pub exact_by_point: Vec<craps::PointOdds>,
    #[serde(skip)]
    odds: Option<craps::CrapsOdds>,
}

impl SimulateReport {
    /// The half-width of the share's 95% interval.
    pub fn half_width(&self) -> f64 {
        dice::stats::share_ci95(self.win_fraction, self.games as f64)
    }
}

impl Verb for Simulate {
    const GAME: &'static str = "craps";
    const VERB: &'static str = "simulate";
    type Report = SimulateReport;
    fn run(&self, ctx: &Context) -> Result<SimulateReport, AppError> {
        whole(self, ctx)
    }
}

impl Simulate {
    /// The games, seed and threads this request runs with (the seed drawn
    /// when not given).
    ///
    /// # Errors
    /// Bad input past the context's bounds.
    fn plan(&self, ctx: &Context) -> Result<(u64, u64, usize), AppError> {
        let games = ctx.games(self.sampling.games, GAMES)?;
        let threads = ctx.threads(self.sampling.threads)?;
        ctx.check()?;
        Ok((games, seed_or_draw(self.sampling.seed), threads))
    }

    /// Games won in the first `n` games of the run from `seed`, for each
    /// `n` of `at` (a run of `n` games plays the first `n` games of any
    /// longer run from that seed): the points of a convergence chart.
    ///
    /// # Errors
    /// Bad input past the context's bounds; cancellation between points.
    pub fn running(&self, ctx: &Context, seed: u64, at: &[u64]) -> Result<Vec<u64>, AppError> {
        let threads = ctx.threads(self.sampling.threads)?;
        at.iter()
            .map(|&n| {
                ctx.check()?;
                ctx.games(Some(n), n)?;
                craps::test_craps_shard(
                    n,
                    seed,
                    threads,
                    Shard::ALL,
                    &ctx.meter(n, u64::MAX, "games"),
                )
                .map_err(|e| ctx.stopped_or(e))
            })
            .collect()
    }
}

impl Sharded for Simulate {
    type Sums = u64;
    fn sampling(&self) -> &Sampling {
        &self.sampling
    }
    fn sampling_mut(&mut self) -> &mut Sampling {
        &mut self.sampling
    }
    fn sums(&self, ctx: &Context, shard: Shard) -> Result<u64, AppError> {
        let (games, seed, threads) = self.plan(ctx)?;
        let meter = ctx.meter(shard.units(games), 10_000_000, "games");
        craps::test_craps_shard(games, seed, threads, shard, &meter).map_err(|e| ctx.stopped_or(e))
    }
    fn check_sums(&self, wins: &u64, shard: Shard) -> Result<(), String> {
        let games = self.sampling.games.unwrap_or(GAMES);
        games_in("wins", *wins, games, shard, false)
    }
    fn report(&self, ctx: &Context, wins: u64) -> Result<SimulateReport, AppError> {
        let games = ctx.games(self.sampling.games, GAMES)?;
        // `whole` draws a seed when none is given; a merged run names it.
        let seed = self.sampling.seed.unwrap_or_default();
        let odds = craps::exact();
        Ok(SimulateReport {
            games,
            seed,
            wins,
            win_fraction: wins as f64 / games as f64,
            exact_win_probability: odds.win.to_f64(),
            exact_fraction: odds.win.to_string(),
            exact_by_point: odds.points.clone(),
            odds: Some(odds),
        })
    }
}

/// The exact odds as a table: the come-out's naturals and craps, then each
/// point's chance to be set and made.
fn odds_table(odds: &craps::CrapsOdds) -> String {
    let mut o = format!(
        "come-out 7 or 11: {} ({:.6})\ncome-out 2, 3, 12: {} ({:.6})\n\npoint  P(come-out)  P(make it)  share of P(win)\n",
        odds.natural,
        odds.natural.to_f64(),
        odds.craps,
        odds.craps.to_f64()
    );
    for p in &odds.points {
        let _ = writeln!(
            o,
            "{:>5}  {:>11}  {:>10}  {:>8} = {:.6}",
            p.point,
            p.come_out.to_string(),
            p.make.to_string(),
            p.win.to_string(),
            p.win.to_f64()
        );
    }
    o
}

impl Report for SimulateReport {
    fn text(&self) -> String {
        let odds = self.odds.clone().unwrap_or_else(craps::exact);
        format!(
            "Craps: {} games, seed {}\nwins: {} ({:.6} +/- {:.6}, 95% interval)\nexact: {} = {:.6}\n\n{}",
            self.games,
            self.seed,
            self.wins,
            self.win_fraction,
            self.half_width(),
            odds.win,
            odds.win.to_f64(),
            odds_table(&odds)
        )
    }

    fn csv(&self) -> Option<String> {
        let (share, half) = (self.win_fraction, self.half_width());
        Some(csv(
            &[
                "games",
                "seed",
                "wins",
                "win_fraction",
                "win_fraction_ci95_low",
                "win_fraction_ci95_high",
                "exact_win_probability",
                "exact_fraction",
            ],
            &[vec![
                self.games.to_string(),
                self.seed.to_string(),
                self.wins.to_string(),
                format!("{share:.6}"),
                format!("{:.6}", (share - half).max(0.0)),
                format!("{:.6}", (share + half).min(1.0)),
                format!("{:.6}", self.exact_win_probability),
                self.exact_fraction.clone(),
            ]],
        ))
    }
}

/// `craps exact`: the exact chance to win, by point.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Exact {}

/// `craps exact`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct ExactReport {
    /// The chance to win.
    pub exact_win_probability: f64,
    /// The same as a fraction.
    pub exact_fraction: String,
    /// Winning on the come-out roll (7 or 11).
    pub natural: Ratio,
    /// Losing on the come-out roll (2, 3 or 12).
    pub craps: Ratio,
    /// Each point's part.
    pub exact_by_point: Vec<craps::PointOdds>,
    #[serde(skip)]
    odds: Option<craps::CrapsOdds>,
}

impl Verb for Exact {
    const GAME: &'static str = "craps";
    const VERB: &'static str = "exact";
    type Report = ExactReport;
    fn run(&self, _ctx: &Context) -> Result<ExactReport, AppError> {
        let odds = craps::exact();
        Ok(ExactReport {
            exact_win_probability: odds.win.to_f64(),
            exact_fraction: odds.win.to_string(),
            natural: odds.natural,
            craps: odds.craps,
            exact_by_point: odds.points.clone(),
            odds: Some(odds),
        })
    }
}

impl Report for ExactReport {
    fn text(&self) -> String {
        let odds = self.odds.clone().unwrap_or_else(craps::exact);
        format!(
            "Craps, exact: the player wins {} = {:.6}\n\n{}",
            odds.win,
            odds.win.to_f64(),
            odds_table(&odds)
        )
    }

    fn csv(&self) -> Option<String> {
        let rows: Vec<Vec<String>> = self
            .exact_by_point
            .iter()
            .map(|p| {
                vec![
                    p.point.to_string(),
                    p.come_out.to_string(),
                    format!("{:.6}", p.come_out.to_f64()),
                    p.make.to_string(),
                    format!("{:.6}", p.make.to_f64()),
                    p.win.to_string(),
                    format!("{:.6}", p.win.to_f64()),
                ]
            })
            .collect();
        Some(csv(
            &[
                "point",
                "come_out_fraction",
                "come_out_probability",
                "make_it_fraction",
                "make_it_probability",
                "win_share_fraction",
                "win_share_probability",
            ],
            &rows,
        ))
    }
}

/// `craps game`: one game, roll by roll, with the rule each roll applied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Game {
    /// Seed of the dice (`None`: drawn, and shown).
    pub seed: Option<u64>,
}

/// `craps game`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    /// The seed of the dice.
    pub seed: u64,
    /// Each roll: the dice and the rule it applied.
    pub rolls: Vec<craps::CrapsRoll>,
    /// Whether the player won.
    pub won: bool,
}

impl Verb for Game {
    const GAME: &'static str = "craps";
    const VERB: &'static str = "game";
    type Report = GameReport;
    fn run(&self, _ctx: &Context) -> Result<GameReport, AppError> {
        let seed = seed_or_draw(self.seed);
        // Played on the rules step the registry makes for `craps()`.
        let start = crate::registry::initial::<craps_baccarat::step::CrapsState>("craps()")?;
        let (rolls, won) = start.transcript(&mut SeededDice::new(seed, 0))?;
        Ok(GameReport { seed, rolls, won })
    }
}

impl Report for GameReport {
    fn text(&self) -> String {
        let mut o = format!("Craps, one game, seed {}\n", self.seed);
        for r in &self.rolls {
            let _ = writeln!(o, "{} + {}  {}", r.dice[0], r.dice[1], r.rule);
        }
        o
    }
}

/// `craps bets`: the exact house edge of every common bet on the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Bets {}

/// `craps bets`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct BetsReport {
    /// Each bet, in the order of [`craps_baccarat::bets::NAMES`].
    pub bets: Vec<craps_baccarat::bets::Edge>,
}

impl Verb for Bets {
    const GAME: &'static str = "craps";
    const VERB: &'static str = "bets";
    type Report = BetsReport;
    fn run(&self, _ctx: &Context) -> Result<BetsReport, AppError> {
        Ok(BetsReport {
            bets: craps_baccarat::bets::edges(),
        })
    }
}

impl Report for BetsReport {
    fn text(&self) -> String {
        let mut o = String::from(
            "Craps bets, exact house edge (expected loss per unit: per bet made for the line bets,\nper bet resolved for the others)\n\nbet            pays                        house edge   exactly  settles\n",
        );
        for b in &self.bets {
            let _ = writeln!(
                o,
                "{:<14} {:<27} {:>9.3}%  {:>8}  {}",
                b.name,
                b.pays,
                b.house_edge_percent,
                b.house_edge.to_string(),
                if b.one_roll { "one roll" } else { "stays up" }
            );
        }
        o
    }

    fn csv(&self) -> Option<String> {
        let rows: Vec<Vec<String>> = self
            .bets
            .iter()
            .map(|b| {
                vec![
                    b.name.to_string(),
                    b.pays.to_string(),
                    format!("{:.6}", b.house_edge_percent),
                    b.house_edge.to_string(),
                    b.one_roll.to_string(),
                    b.rule.to_string(),
                ]
            })
            .collect();
        Some(csv(
            &[
                "bet",
                "pays",
                "house_edge_percent",
                "house_edge_fraction",
                "one_roll",
                "rule",
            ],
            &rows,
        ))
    }
}
