//! `games-cli craps` and `games-cli baccarat`.

use std::fmt::Write as _;

use clap::Args;
use craps_baccarat::{baccarat, cards::Card, cards::Shoe, craps};
use dice::SeededDice;
use serde_json::json;

use crate::{CliError, Format, seed_or_draw, threads_or_all, to_json};

/// Arguments of `games-cli craps`.
#[derive(Args, Debug)]
pub struct CrapsArgs {
    /// Games to simulate (the homework's testCraps(n)).
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (the output does not depend on it).
    #[arg(long)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

pub fn craps(a: CrapsArgs) -> Result<String, CliError> {
    let seed = seed_or_draw(a.seed);
    let wins = craps::test_craps(a.games, seed, threads_or_all(a.threads)?)?;
    let odds = craps::exact();
    let share = wins as f64 / a.games as f64;
    Ok(match a.format {
        Format::Json => to_json(&json!({
            "games": a.games,
            "seed": seed,
            "wins": wins,
            "win_fraction": share,
            "exact_win_probability": odds.win.to_f64(),
            "exact_fraction": odds.win.to_string(),
            "exact_by_point": odds.points,
        }))?,
        Format::Table => {
            let mut o = format!(
                "Craps: {} games, seed {seed}\nwins: {wins} ({share:.6})\nexact: {} = {:.6}\n\n",
                a.games,
                odds.win,
                odds.win.to_f64()
            );
            let _ = writeln!(
                o,
                "come-out 7 or 11: {} ({:.6})\ncome-out 2, 3, 12: {} ({:.6})\n\npoint  P(come-out)  P(make it)  share of P(win)",
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
    })
}

/// Arguments of `games-cli baccarat`.
#[derive(Args, Debug)]
pub struct BaccaratArgs {
    /// Decks in the shoe.
    #[arg(long, default_value_t = 1)]
    decks: u32,
    /// Seed of the shuffle (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Simulate this many games and report the shares.
    #[arg(long, conflicts_with_all = ["exact", "cards"])]
    games: Option<u64>,
    /// Exact odds for a fresh shoe, by enumeration.
    #[arg(long, conflicts_with_all = ["seed", "cards"])]
    exact: bool,
    /// Play one game from a stacked deck, top first, dealt player, house,
    /// player, house, then third cards: e.g. "A♡,9♣,2♡,J♠" or "AH,9C,2H,JS".
    #[arg(long, value_delimiter = ',', conflicts_with = "seed")]
    cards: Option<Vec<String>>,
    /// Worker threads for --games (the output does not depend on it).
    #[arg(long)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

pub fn baccarat(a: BaccaratArgs) -> Result<String, CliError> {
    let mut shoe = Shoe::new(a.decks)?;
    if a.exact {
        let o = baccarat::exact_odds(a.decks)?;
        return Ok(match a.format {
            Format::Json => to_json(&json!({
                "decks": a.decks,
                "player": o.player.to_f64(),
                "house": o.house.to_f64(),
                "tie": o.tie.to_f64(),
                "player_fraction": o.player.to_string(),
                "house_fraction": o.house.to_string(),
                "tie_fraction": o.tie.to_string(),
            }))?,
            Format::Table => format!(
                "Baccarat, exact, fresh shoe of {} deck(s)\nplayer: {:.6}  {}\nhouse:  {:.6}  {}\ntie:    {:.6}  {}\n",
                a.decks,
                o.player.to_f64(),
                o.player,
                o.house.to_f64(),
                o.house,
                o.tie.to_f64(),
                o.tie
            ),
        });
    }
    if let Some(games) = a.games {
        let seed = seed_or_draw(a.seed);
        let t = baccarat::simulate(games, a.decks, seed, threads_or_all(a.threads)?)?;
        let g = games as f64;
        let (p, h, ti) = (t.player as f64 / g, t.house as f64 / g, t.tie as f64 / g);
        return Ok(match a.format {
            Format::Json => to_json(&json!({
                "games": games, "decks": a.decks, "seed": seed,
                "player": p, "house": h, "tie": ti,
                "counts": t,
            }))?,
            Format::Table => format!(
                "Baccarat: {games} games, {} deck(s), seed {seed}\nplayer: {p:.6} ({})\nhouse:  {h:.6} ({})\ntie:    {ti:.6} ({})\n",
                a.decks, t.player, t.house, t.tie
            ),
        });
    }
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
    Ok(match a.format {
        Format::Json => to_json(&json!({
            "decks": a.decks,
            "seed": seed,
            "game": game,
            "transcript": game.to_string(),
        }))?,
        Format::Table => game.to_string(),
    })
}
