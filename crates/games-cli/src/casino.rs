//! `games-cli craps` (`simulate`, the default; `exact`) and `games-cli
//! baccarat` (`deal`, the default: one game's transcript; `simulate`;
//! `exact`).

use std::fmt::Write as _;

use clap::{Args, Subcommand};
use craps_baccarat::{Ratio, baccarat, cards::Card, cards::Shoe, craps};
use dice::SeededDice;
use serde::Serialize;

use crate::{
    CliError, Format, Output, Sampling, TableFormat, TableOutput, games_or, seed_or_draw,
    threads_or_all, to_json,
};

/// Games `craps simulate` plays when `--games` is not given.
const CRAPS_GAMES: u64 = 10_000;
/// Games `baccarat simulate` plays when `--games` is not given.
const BACCARAT_GAMES: u64 = 100_000;

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
}

#[derive(Args, Debug)]
struct CrapsGameArgs {
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    output: Output,
}

/// `craps game`'s JSON.
#[derive(Serialize)]
struct CrapsGameOut {
    seed: u64,
    rolls: Vec<craps::CrapsRoll>,
    won: bool,
}

fn craps_game(a: &CrapsGameArgs) -> Result<String, CliError> {
    let seed = seed_or_draw(a.seed);
    let (rolls, won) = craps::play_transcript(&mut SeededDice::new(seed, 0))?;
    Ok(match a.output.format {
        Format::Json => to_json(&CrapsGameOut { seed, rolls, won })?,
        Format::Table => {
            let mut o = format!("Craps, one game, seed {seed}\n");
            for r in &rolls {
                let _ = writeln!(o, "{} + {}  {}", r.dice[0], r.dice[1], r.rule);
            }
            o
        }
    })
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

/// `craps simulate`'s JSON.
#[derive(Serialize)]
struct CrapsOut {
    games: u64,
    seed: u64,
    wins: u64,
    win_fraction: f64,
    exact_win_probability: f64,
    exact_fraction: String,
    exact_by_point: Vec<craps::PointOdds>,
}

/// `craps exact`'s JSON.
#[derive(Serialize)]
struct CrapsExactOut {
    exact_win_probability: f64,
    exact_fraction: String,
    natural: Ratio,
    craps: Ratio,
    exact_by_point: Vec<craps::PointOdds>,
}

pub fn craps(a: CrapsArgs) -> Result<String, CliError> {
    match a.command {
        Some(CrapsCommand::Exact(e)) => craps_exact(e.output.format),
        Some(CrapsCommand::Game(g)) => craps_game(&g),
        Some(CrapsCommand::Simulate(s)) => craps_simulate(&s),
        None => craps_simulate(&a.simulate),
    }
}

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

fn craps_simulate(a: &CrapsSimulateArgs) -> Result<String, CliError> {
    let games = games_or(a.sampling.games, CRAPS_GAMES)?;
    let seed = seed_or_draw(a.sampling.seed);
    let threads = threads_or_all(a.sampling.threads)?;
    // The chart's path is checked before the work, written after it.
    let plot = match &a.plot {
        Some(p) => Some((crate::output::check_one("--plot", p)?, p)),
        None => None,
    };
    let wins: u64 = crate::shard::sums_or_partial!(
        &a.sampling,
        |shard| Ok(craps::test_craps_shard(games, seed, threads, shard)?),
        |w: &u64, shard| crate::shard::games_in("wins", *w, games, shard, false)
    );
    let odds = craps::exact();
    let share = wins as f64 / games as f64;
    let half = dice::stats::share_ci95(share, games as f64);
    if let Some((target, path)) = &plot {
        // A run of N games plays the first N games of the whole run (the
        // chunks' dice depend only on the seed and the chunk's index):
        // each point but the last is such a run.
        let points = crate::charts::checkpoints(games)
            .into_iter()
            .map(|n| {
                let count = if n == games {
                    wins
                } else {
                    craps::test_craps(n, seed, threads)?
                };
                Ok(crate::charts::Running { games: n, count })
            })
            .collect::<Result<Vec<_>, CliError>>()?;
        let svg = crate::charts::craps_convergence(
            seed,
            &points,
            odds.win.to_f64(),
            &odds.win.to_string(),
        );
        let bytes = crate::charts::encode(path, svg)?;
        crate::output::write_all(&[(target, &bytes)])?;
    }
    Ok(match a.output.format {
        TableFormat::Csv => crate::csv(
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
                games.to_string(),
                seed.to_string(),
                wins.to_string(),
                format!("{share:.6}"),
                format!("{:.6}", (share - half).max(0.0)),
                format!("{:.6}", (share + half).min(1.0)),
                format!("{:.6}", odds.win.to_f64()),
                odds.win.to_string(),
            ]],
        ),
        TableFormat::Json => to_json(&CrapsOut {
            games,
            seed,
            wins,
            win_fraction: share,
            exact_win_probability: odds.win.to_f64(),
            exact_fraction: odds.win.to_string(),
            exact_by_point: odds.points.clone(),
        })?,
        TableFormat::Table => {
            format!(
                "Craps: {games} games, seed {seed}\nwins: {wins} ({share:.6} +/- {half:.6}, 95% interval)\nexact: {} = {:.6}\n\n{}",
                odds.win,
                odds.win.to_f64(),
                odds_table(&odds)
            )
        }
    })
}

fn craps_exact(format: TableFormat) -> Result<String, CliError> {
    let odds = craps::exact();
    Ok(match format {
        TableFormat::Csv => {
            let rows: Vec<Vec<String>> = odds
                .points
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
            crate::csv(
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
            )
        }
        TableFormat::Json => to_json(&CrapsExactOut {
            exact_win_probability: odds.win.to_f64(),
            exact_fraction: odds.win.to_string(),
            natural: odds.natural,
            craps: odds.craps,
            exact_by_point: odds.points.clone(),
        })?,
        TableFormat::Table => format!(
            "Craps, exact: the player wins {} = {:.6}\n\n{}",
            odds.win,
            odds.win.to_f64(),
            odds_table(&odds)
        ),
    })
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

/// `baccarat exact`'s JSON.
#[derive(Serialize)]
struct BaccaratExactOut {
    decks: u32,
    player: f64,
    house: f64,
    tie: f64,
    player_fraction: String,
    house_fraction: String,
    tie_fraction: String,
    /// Each bet's house edge (expected loss per unit staked) at the usual
    /// payouts: banker 0.95 to 1, player 1 to 1 (both push on a tie), tie
    /// 8 to 1.
    house_edge: HouseEdge,
}

/// The house edge of each baccarat bet.
#[derive(Serialize)]
struct HouseEdge {
    banker: f64,
    player: f64,
    tie: f64,
}

impl HouseEdge {
    fn of(player: f64, house: f64, tie: f64) -> HouseEdge {
        HouseEdge {
            banker: player - 0.95 * house,
            player: house - player,
            tie: 1.0 - 9.0 * tie,
        }
    }
}

/// `baccarat simulate`'s JSON.
#[derive(Serialize)]
struct BaccaratSimOut {
    games: u64,
    decks: u32,
    seed: u64,
    player: f64,
    house: f64,
    tie: f64,
    counts: baccarat::Tally,
}

/// `baccarat deal`'s JSON.
#[derive(Serialize)]
struct DealOut {
    decks: u32,
    seed: Option<u64>,
    game: baccarat::BaccaratGame,
    transcript: String,
    /// The tableau's rules as this game applied them, in words.
    rules_applied: Vec<String>,
}

pub fn baccarat(a: BaccaratArgs) -> Result<String, CliError> {
    match a.command {
        Some(BaccaratCommand::Exact(e)) => baccarat_exact(&e),
        Some(BaccaratCommand::Simulate(s)) => baccarat_simulate(&s),
        Some(BaccaratCommand::Deal(d)) => deal(&d),
        None => deal(&a.deal),
    }
}

fn baccarat_exact(a: &BaccaratExactArgs) -> Result<String, CliError> {
    let o = baccarat::exact_odds(a.decks)?;
    Ok(match a.output.format {
        TableFormat::Csv => {
            let e = HouseEdge::of(o.player.to_f64(), o.house.to_f64(), o.tie.to_f64());
            let row = |name: &str, r: &Ratio, pays: &str, edge: f64| {
                vec![
                    name.to_string(),
                    format!("{:.6}", r.to_f64()),
                    r.to_string(),
                    pays.to_string(),
                    format!("{:.4}", 100.0 * edge),
                ]
            };
            crate::csv(
                &[
                    "result",
                    "probability",
                    "fraction",
                    "bet_pays_to_1",
                    "house_edge_percent",
                ],
                &[
                    row("player", &o.player, "1", e.player),
                    row("house", &o.house, "0.95", e.banker),
                    row("tie", &o.tie, "8", e.tie),
                ],
            )
        }
        TableFormat::Json => to_json(&BaccaratExactOut {
            decks: a.decks,
            player: o.player.to_f64(),
            house: o.house.to_f64(),
            tie: o.tie.to_f64(),
            player_fraction: o.player.to_string(),
            house_fraction: o.house.to_string(),
            tie_fraction: o.tie.to_string(),
            house_edge: HouseEdge::of(o.player.to_f64(), o.house.to_f64(), o.tie.to_f64()),
        })?,
        TableFormat::Table => {
            let e = HouseEdge::of(o.player.to_f64(), o.house.to_f64(), o.tie.to_f64());
            format!(
                "Baccarat, exact, fresh shoe of {} deck(s)\nresult           chance    exactly\nplayer wins    {:.6}    {}\nhouse (banker) {:.6}    {}\ntie            {:.6}    {}\n\nhouse edge of each bet (expected loss per unit staked):\nbanker, pays 0.95 to 1  {:.4}%\nplayer, pays 1 to 1     {:.4}%\ntie, pays 8 to 1        {:.4}%\n",
                a.decks,
                o.player.to_f64(),
                o.player,
                o.house.to_f64(),
                o.house,
                o.tie.to_f64(),
                o.tie,
                100.0 * e.banker,
                100.0 * e.player,
                100.0 * e.tie
            )
        }
    })
}

fn baccarat_simulate(a: &BaccaratSimulateArgs) -> Result<String, CliError> {
    let games = games_or(a.sampling.games, BACCARAT_GAMES)?;
    let seed = seed_or_draw(a.sampling.seed);
    let threads = threads_or_all(a.sampling.threads)?;
    let t: baccarat::Tally = crate::shard::sums_or_partial!(
        &a.sampling,
        |shard| Ok(baccarat::simulate_shard(
            games, a.decks, seed, threads, shard,
        )?),
        |t: &baccarat::Tally, shard| {
            let all = t.player.saturating_add(t.house).saturating_add(t.tie);
            crate::shard::games_in("player + house + tie", all, games, shard, true)
        }
    );
    let g = games as f64;
    let (p, h, ti) = (t.player as f64 / g, t.house as f64 / g, t.tie as f64 / g);
    let ci = |x: f64| dice::stats::share_ci95(x, g);
    Ok(match a.output.format {
        TableFormat::Csv => {
            let row = |name: &str, x: f64, n: u64| {
                vec![
                    name.to_string(),
                    n.to_string(),
                    format!("{x:.6}"),
                    format!("{:.6}", (x - ci(x)).max(0.0)),
                    format!("{:.6}", (x + ci(x)).min(1.0)),
                ]
            };
            crate::csv(
                &[
                    "result",
                    "games",
                    "fraction",
                    "fraction_ci95_low",
                    "fraction_ci95_high",
                ],
                &[
                    row("player", p, t.player),
                    row("house", h, t.house),
                    row("tie", ti, t.tie),
                ],
            )
        }
        TableFormat::Json => to_json(&BaccaratSimOut {
            games,
            decks: a.decks,
            seed,
            player: p,
            house: h,
            tie: ti,
            counts: t,
        })?,
        TableFormat::Table => format!(
            "Baccarat: {games} games, {} deck(s), seed {seed}\nresult         share +/- 95%             games\nplayer wins    {p:.6} +/- {:.6} {:>9}\nhouse (banker) {h:.6} +/- {:.6} {:>9}\ntie            {ti:.6} +/- {:.6} {:>9}\n",
            a.decks,
            ci(p),
            t.player,
            ci(h),
            t.house,
            ci(ti),
            t.tie
        ),
    })
}

fn deal(a: &DealArgs) -> Result<String, CliError> {
    let mut shoe = Shoe::new(a.decks)?;
    let (game, seed) = match &a.cards {
        Some(list) => {
            let cards = list
                .iter()
                .map(|c| c.parse::<Card>())
                .collect::<Result<Vec<_>, _>>()?;
            let mut stacked = Shoe::stacked(&cards, a.decks)?;
            (baccarat::play_stacked(&mut stacked)?, None)
        }
        None => {
            let seed = seed_or_draw(a.seed);
            let mut dice = SeededDice::new(seed, 0);
            (baccarat::play(&mut shoe, &mut dice)?, Some(seed))
        }
    };
    Ok(match a.output.format {
        Format::Json => to_json(&DealOut {
            decks: a.decks,
            seed,
            transcript: game.to_string(),
            rules_applied: game.rules_applied(),
            game,
        })?,
        Format::Table => {
            let mut o = game.to_string();
            let _ = writeln!(
                o,
                "(totals: house, the banker, {}; player {}{}; {} deck(s){})",
                game.house_total,
                game.player_total,
                if game.natural { "; a natural" } else { "" },
                a.decks,
                seed.map_or(String::from(", stacked"), |s| format!(", seed {s}"))
            );
            o
        }
    })
}
