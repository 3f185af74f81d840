//! `baccarat deal` (one game's transcript, from a shuffled shoe or a
//! stacked one), `baccarat simulate` (the share of each result) and
//! `baccarat exact` (each result's chance for a fresh shoe, by
//! enumeration, and each bet's house edge).
//!
//! ```
//! use games_app::{Context, Verb, baccarat};
//!
//! let r = baccarat::Exact { decks: 8 }.run(&Context::new()).unwrap();
//! // Banker's edge at 0.95 to 1 is the well-known 1.06%.
//! assert!((r.house_edge.banker - 0.0106).abs() < 0.0001);
//! ```

use craps_baccarat::step::BaccaratState;
use craps_baccarat::{baccarat, cards::Card, cards::Shoe};
use dice::SeededDice;
use dice::parallel::Shard;
use serde::{Deserialize, Serialize};

use crate::Sampling;
use crate::context::{AppError, Context, bad, of_flag, seed_or_draw};
use crate::shard::{Sharded, games_in, whole};
use crate::verb::{Report, Verb, csv};

/// Games `baccarat simulate` plays when `games` is not given.
pub const GAMES: u64 = 100_000;

/// One deck, the handout's shoe.
fn one() -> u32 {
    1
}

/// `baccarat exact`: each result's exact chance for a fresh shoe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Exact {
    /// Decks in the shoe.
    pub decks: u32,
}

impl Default for Exact {
    fn default() -> Exact {
        Exact { decks: one() }
    }
}

/// The house edge of each baccarat bet: the expected loss per unit
/// staked at the usual payouts (banker 0.95 to 1, player 1 to 1, both
/// push on a tie; tie 8 to 1).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct HouseEdge {
    /// The banker bet.
    pub banker: f64,
    /// The player bet.
    pub player: f64,
    /// The tie bet.
    pub tie: f64,
}

impl HouseEdge {
    /// From the chances of player, house and tie.
    pub fn of(player: f64, house: f64, tie: f64) -> HouseEdge {
        HouseEdge {
            banker: player - 0.95 * house,
            player: house - player,
            tie: 1.0 - 9.0 * tie,
        }
    }
}

/// `baccarat exact`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct ExactReport {
    /// Decks in the shoe.
    pub decks: u32,
    /// The player's chance to win.
    pub player: f64,
    /// The house's (banker's).
    pub house: f64,
    /// A tie's.
    pub tie: f64,
    /// The player's, as a fraction.
    pub player_fraction: String,
    /// The house's, as a fraction.
    pub house_fraction: String,
    /// A tie's, as a fraction.
    pub tie_fraction: String,
    /// Each bet's house edge.
    pub house_edge: HouseEdge,
}

impl Verb for Exact {
    const GAME: &'static str = "baccarat";
    const VERB: &'static str = "exact";
    type Report = ExactReport;
    fn run(&self, _ctx: &Context) -> Result<ExactReport, AppError> {
        let o = baccarat::exact_odds(self.decks).map_err(of_flag("--decks"))?;
        let (p, h, t) = (o.player.to_f64(), o.house.to_f64(), o.tie.to_f64());
        Ok(ExactReport {
            decks: self.decks,
            player: p,
            house: h,
            tie: t,
            player_fraction: o.player.to_string(),
            house_fraction: o.house.to_string(),
            tie_fraction: o.tie.to_string(),
            house_edge: HouseEdge::of(p, h, t),
        })
    }
}

impl Report for ExactReport {
    fn text(&self) -> String {
        let e = self.house_edge;
        format!(
            "Baccarat, exact, fresh shoe of {} deck(s)\nresult           chance    exactly\nplayer wins    {:.6}    {}\nhouse (banker) {:.6}    {}\ntie            {:.6}    {}\n\nhouse edge of each bet (expected loss per unit staked):\nbanker, pays 0.95 to 1  {:.4}%\nplayer, pays 1 to 1     {:.4}%\ntie, pays 8 to 1        {:.4}%\n",
            self.decks,
            self.player,
            self.player_fraction,
            self.house,
            self.house_fraction,
            self.tie,
            self.tie_fraction,
            100.0 * e.banker,
            100.0 * e.player,
            100.0 * e.tie
        )
    }

    fn csv(&self) -> Option<String> {
        let e = self.house_edge;
        let row = |name: &str, p: f64, fraction: &str, pays: &str, edge: f64| {
            vec![
                name.to_string(),
                format!("{p:.6}"),
                fraction.to_string(),
                pays.to_string(),
                format!("{:.4}", 100.0 * edge),
            ]
        };
        Some(csv(
            &[
                "result",
                "probability",
                "fraction",
                "bet_pays_to_1",
                "house_edge_percent",
            ],
            &[
                row("player", self.player, &self.player_fraction, "1", e.player),
                row("house", self.house, &self.house_fraction, "0.95", e.banker),
                row("tie", self.tie, &self.tie_fraction, "8", e.tie),
            ],
        ))
    }
}

/// `baccarat simulate`: the share of each result over many games, each
/// from a freshly shuffled shoe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Simulate {
    /// Decks in the shoe.
    pub decks: u32,
    /// Games, seed, threads, shard.
    #[serde(flatten)]
    pub sampling: Sampling,
}

impl Default for Simulate {
    fn default() -> Simulate {
        Simulate {
            decks: one(),
            sampling: Sampling::default(),
        }
    }
}

/// `baccarat simulate`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct SimulateReport {
    /// Games played.
    pub games: u64,
    /// Decks in the shoe.
    pub decks: u32,
    /// The seed of the shuffles.
    pub seed: u64,
    /// The player's share of wins.
    pub player: f64,
    /// The house's.
    pub house: f64,
    /// Ties'.
    pub tie: f64,
    /// The counts.
    pub counts: baccarat::Tally,
}

impl SimulateReport {
    /// The half-width of a share's 95% interval.
    fn ci(&self, x: f64) -> f64 {
        dice::stats::share_ci95(x, self.games as f64)
    }
}

impl Verb for Simulate {
    const GAME: &'static str = "baccarat";
    const VERB: &'static str = "simulate";
    type Report = SimulateReport;
    fn run(&self, ctx: &Context) -> Result<SimulateReport, AppError> {
        whole(self, ctx)
    }
}

impl Sharded for Simulate {
    type Sums = baccarat::Tally;
    fn sampling(&self) -> &Sampling {
        &self.sampling
    }
    fn sampling_mut(&mut self) -> &mut Sampling {
        &mut self.sampling
    }
    fn sums(&self, ctx: &Context, shard: Shard) -> Result<baccarat::Tally, AppError> {
        let games = ctx.games(self.sampling.games, GAMES)?;
        let threads = ctx.threads(self.sampling.threads)?;
        Shoe::new(self.decks).map_err(of_flag("--decks"))?;
        let seed = seed_or_draw(self.sampling.seed);
        ctx.check()?;
        let meter = ctx.meter(shard.units(games), 1_000_000, "games");
        baccarat::simulate_shard(games, self.decks, seed, threads, shard, &meter)
            .map_err(|e| ctx.stopped_or(e))
    }
    fn check_sums(&self, t: &baccarat::Tally, shard: Shard) -> Result<(), String> {
        let games = self.sampling.games.unwrap_or(GAMES);
        let all = t.player.saturating_add(t.house).saturating_add(t.tie);
        games_in("player + house + tie", all, games, shard, true)
    }
    fn report(&self, ctx: &Context, t: baccarat::Tally) -> Result<SimulateReport, AppError> {
        let games = ctx.games(self.sampling.games, GAMES)?;
        let g = games as f64;
        Ok(SimulateReport {
            games,
            decks: self.decks,
            seed: self.sampling.seed.unwrap_or_default(),
            player: t.player as f64 / g,
            house: t.house as f64 / g,
            tie: t.tie as f64 / g,
            counts: t,
        })
    }
}

impl Report for SimulateReport {
    fn text(&self) -> String {
        let (p, h, ti, t) = (self.player, self.house, self.tie, self.counts);
        format!(
            "Baccarat: {} games, {} deck(s), seed {}\nresult         share +/- 95%             games\nplayer wins    {p:.6} +/- {:.6} {:>9}\nhouse (banker) {h:.6} +/- {:.6} {:>9}\ntie            {ti:.6} +/- {:.6} {:>9}\n",
            self.games,
            self.decks,
            self.seed,
            self.ci(p),
            t.player,
            self.ci(h),
            t.house,
            self.ci(ti),
            t.tie
        )
    }

    fn csv(&self) -> Option<String> {
        let row = |name: &str, x: f64, n: u64| {
            vec![
                name.to_string(),
                n.to_string(),
                format!("{x:.6}"),
                format!("{:.6}", (x - self.ci(x)).max(0.0)),
                format!("{:.6}", (x + self.ci(x)).min(1.0)),
                self.decks.to_string(),
                self.seed.to_string(),
            ]
        };
        Some(csv(
            &[
                "result",
                "games",
                "fraction",
                "fraction_ci95_low",
                "fraction_ci95_high",
                "decks",
                "seed",
            ],
            &[
                row("player", self.player, self.counts.player),
                row("house", self.house, self.counts.house),
                row("tie", self.tie, self.counts.tie),
            ],
        ))
    }
}

/// `baccarat deal`: one game's transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Deal {
    /// Decks in the shoe.
    pub decks: u32,
    /// Seed of the shuffle (`None`: drawn, and shown); not with `cards`.
    pub seed: Option<u64>,
    /// A stacked deck instead, top first, dealt player, house, player,
    /// house, then third cards: `A♡`, `9♣` or `AH`, `9C`.
    pub cards: Option<Vec<String>>,
}

impl Default for Deal {
    fn default() -> Deal {
        Deal {
            decks: one(),
            seed: None,
            cards: None,
        }
    }
}

/// `baccarat deal`'s report.
#[derive(Clone, Debug, Serialize)]
pub struct DealReport {
    /// Decks in the shoe.
    pub decks: u32,
    /// The seed of the shuffle (`None`: a stacked deck).
    pub seed: Option<u64>,
    /// The game.
    pub game: baccarat::BaccaratGame,
    /// The game as text.
    pub transcript: String,
    /// The tableau's rules as this game applied them, in words.
    pub rules_applied: Vec<String>,
}

impl Verb for Deal {
    const GAME: &'static str = "baccarat";
    const VERB: &'static str = "deal";
    type Report = DealReport;
    fn run(&self, _ctx: &Context) -> Result<DealReport, AppError> {
        let shoe = Shoe::new(self.decks).map_err(of_flag("--decks"))?;
        // Dealt on the rules step the registry makes for `baccarat(decks=N)`.
        let start = || {
            crate::registry::initial::<BaccaratState>(&format!("baccarat(decks={})", self.decks))
        };
        let (game, seed) = match (&self.cards, self.seed) {
            (Some(_), Some(_)) => {
                return bad("--seed cannot be used with --cards: a stacked deck is not shuffled");
            }
            (Some(list), None) => {
                let cards = list
                    .iter()
                    .map(|c| c.parse::<Card>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(of_flag("--cards"))?;
                let mut stacked = Shoe::stacked(&cards, self.decks).map_err(of_flag("--cards"))?;
                (start()?.deal_with(|| stacked.deal())?, None)
            }
            (None, seed) => {
                let seed = seed_or_draw(seed);
                let mut dice = SeededDice::new(seed, 0);
                let mut shoe = shoe;
                (
                    start()?.deal_with(|| shoe.deal_random(&mut dice))?,
                    Some(seed),
                )
            }
        };
        Ok(DealReport {
            decks: self.decks,
            seed,
            transcript: game.to_string(),
            rules_applied: game.rules_applied(),
            game,
        })
    }
}

impl Report for DealReport {
    fn text(&self) -> String {
        use std::fmt::Write as _;
        let game = &self.game;
        let mut o = self.transcript.clone();
        let _ = writeln!(
            o,
            "(totals: house, the banker, {}; player {}{}; {} deck(s){})",
            game.house_total,
            game.player_total,
            if game.natural { "; a natural" } else { "" },
            self.decks,
            self.seed
                .map_or(String::from(", stacked"), |s| format!(", seed {s}"))
        );
        o
    }
}
