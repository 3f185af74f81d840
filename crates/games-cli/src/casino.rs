//! `games-cli craps` (`simulate`, the default; `exact`) and `games-cli
//! baccarat` (`deal`, the default: one game's transcript; `simulate`;
//! `exact`).

use std::fmt::Write as _;

use clap::{Args, Subcommand};
use craps_baccarat::{Ratio, baccarat, cards::Card, cards::Shoe, craps};
use dice::SeededDice;
use serde::Serialize;

use crate::{CliError, Format, Output, Sampling, games_or, seed_or_draw, threads_or_all, to_json};

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
    #[command(flatten)]
    output: Output,
}

#[derive(Args, Debug)]
struct ExactArgs {
    #[command(flatten)]
    output: Output,
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
    let wins: u64 = crate::shard::sums_or_partial!(
        &a.sampling,
        |shard| Ok(craps::test_craps_shard(games, seed, threads, shard)?),
        |w: &u64, shard| crate::shard::games_in("wins", *w, games, shard, false)
    );
    let odds = craps::exact();
    let share = wins as f64 / games as f64;
    Ok(match a.output.format {
        Format::Json => to_json(&CrapsOut {
            games,
            seed,
            wins,
            win_fraction: share,
            exact_win_probability: odds.win.to_f64(),
            exact_fraction: odds.win.to_string(),
            exact_by_point: odds.points.clone(),
        })?,
        Format::Table => {
            let se = (share * (1.0 - share) / games as f64).sqrt();
            format!(
                "Craps: {games} games, seed {seed}\nwins: {wins} ({share:.6} +/- {:.6}, 95% interval)\nexact: {} = {:.6}\n\n{}",
                1.96 * se,
                odds.win,
                odds.win.to_f64(),
                odds_table(&odds)
            )
        }
    })
}

fn craps_exact(format: Format) -> Result<String, CliError> {
    let odds = craps::exact();
    Ok(match format {
        Format::Json => to_json(&CrapsExactOut {
            exact_win_probability: odds.win.to_f64(),
            exact_fraction: odds.win.to_string(),
            natural: odds.natural,
            craps: odds.craps,
            exact_by_point: odds.points.clone(),
        })?,
        Format::Table => format!(
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
    output: Output,
}

#[derive(Args, Debug)]
struct BaccaratExactArgs {
    /// Decks in the shoe.
    #[arg(long, default_value_t = 1)]
    decks: u32,
    #[command(flatten)]
    output: Output,
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
        Format::Json => to_json(&BaccaratExactOut {
            decks: a.decks,
            player: o.player.to_f64(),
            house: o.house.to_f64(),
            tie: o.tie.to_f64(),
            player_fraction: o.player.to_string(),
            house_fraction: o.house.to_string(),
            tie_fraction: o.tie.to_string(),
            house_edge: HouseEdge::of(o.player.to_f64(), o.house.to_f64(), o.tie.to_f64()),
        })?,
        Format::Table => {
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
    Ok(match a.output.format {
        Format::Json => to_json(&BaccaratSimOut {
            games,
            decks: a.decks,
            seed,
            player: p,
            house: h,
            tie: ti,
            counts: t,
        })?,
        Format::Table => format!(
            "Baccarat: {games} games, {} deck(s), seed {seed}\nresult          share     games\nplayer wins    {p:.6} {:>9}\nhouse (banker) {h:.6} {:>9}\ntie            {ti:.6} {:>9}\n",
            a.decks, t.player, t.house, t.tie
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
