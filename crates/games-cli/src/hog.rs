//! `games-cli hog`: exact and sampled win rates, games, turns, the strategy
//! map, and play against a strategy in the terminal.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use dice::{CyclingDice, Dice, SeededDice};
use hog::{GOAL, Strategy, exact, sample};
use serde_json::json;

use crate::{
    CliError, Format, Terminal, fail, seed_or_draw, threads_or_all, to_json, write_atomic,
};

/// Four- and six-sided dice for a game, each seeded or cycling.
type SplitDiceBox = hog::SplitDice<Box<dyn Dice>, Box<dyn Dice>>;

/// Arguments of `games-cli hog`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HogArgs {
    #[command(subcommand)]
    command: Option<HogCommand>,
    /// The strategy to rate: always:N, bacon, bacon:MARGIN:BASELINE, swap,
    /// swap:MARGIN:BASELINE, final or optimal.
    #[arg(long)]
    strategy: Option<String>,
    /// The baseline it plays against.
    #[arg(long, default_value = "always:5")]
    vs: String,
    /// Also estimate the win rate from this many games in each seat.
    #[arg(long)]
    samples: Option<u64>,
    /// Seed for --samples (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads for --samples (the output does not depend on it).
    #[arg(long)]
    threads: Option<usize>,
    /// Draw the strategy's map (dice at every score pair) to this SVG file.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Subcommand, Debug)]
enum HogCommand {
    /// Play one game (or play against a strategy with --human).
    Play(PlayArgs),
    /// One take_turn on cycling test dice.
    Turn(TurnArgs),
    /// The dice a strategy rolls at a score pair.
    Choose(ChooseArgs),
    /// The project's max_scoring_num_rolls experiment.
    MaxRolls(MaxRollsArgs),
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Player 0's strategy (moves first).
    #[arg(long, default_value = "always:5")]
    strategy0: String,
    /// Player 1's strategy.
    #[arg(long, default_value = "always:5")]
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
    #[arg(long, default_value = "final")]
    strategy: String,
    /// With --human: let the strategy move first.
    #[arg(long)]
    second: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Args, Debug)]
struct TurnArgs {
    /// Dice to roll (0 to 10).
    #[arg(long)]
    rolls: i64,
    /// The opponent's score (0 to 99).
    #[arg(long)]
    opponent: u32,
    /// Outcomes of cycling test dice.
    #[arg(long, value_delimiter = ',', required = true)]
    dice: Vec<u32>,
    /// Sides of the dice.
    #[arg(long, default_value_t = 6)]
    sides: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Args, Debug)]
struct ChooseArgs {
    /// The strategy.
    #[arg(long)]
    strategy: String,
    /// The mover's score (0 to 99).
    #[arg(long)]
    score: u32,
    /// The opponent's score (0 to 99).
    #[arg(long)]
    opponent: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Args, Debug)]
struct MaxRollsArgs {
    /// Outcomes of cycling test dice (seeded six-sided dice when absent).
    #[arg(long, value_delimiter = ',')]
    dice: Option<Vec<u32>>,
    /// Turns averaged for each number of dice (make_averaged's samples).
    #[arg(long, default_value_t = 1000)]
    samples: u32,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

pub fn run(a: HogArgs) -> Result<String, CliError> {
    match a.command {
        Some(HogCommand::Play(p)) if p.human => human(p),
        Some(HogCommand::Play(p)) => play(p),
        Some(HogCommand::Turn(t)) => turn(t),
        Some(HogCommand::Choose(c)) => choose(c),
        Some(HogCommand::MaxRolls(m)) => max_rolls(m),
        None => rate(&a),
    }
}

fn strategy(name: &str) -> Result<Strategy, CliError> {
    Ok(name.parse::<Strategy>()?)
}

fn rate(a: &HogArgs) -> Result<String, CliError> {
    let Some(name) = &a.strategy else {
        return fail("--strategy is required (or a command: play, turn, choose, max-rolls)");
    };
    let s = strategy(name)?;
    let vs = strategy(&a.vs)?;
    let r = exact::average_win_rate(&s, &vs, GOAL);
    let ceiling = exact::best_response(&vs, GOAL).rate.average;
    let sampled = match a.samples {
        Some(n) => {
            let seed = seed_or_draw(a.seed);
            Some((
                seed,
                sample::average_win_rate(&s, &vs, n, GOAL, seed, threads_or_all(a.threads)?)?,
            ))
        }
        None => None,
    };
    if let Some(path) = &a.plot {
        write_map(path, &s)?;
    }
    Ok(match a.format {
        Format::Json => {
            let mut v = json!({
                "strategy": s.to_string(),
                "baseline": vs.to_string(),
                "exact_win_rate": r.average,
                "win_rate_first": r.first,
                "win_rate_second": r.second,
                "best_possible_win_rate": ceiling,
            });
            if let Some((seed, x)) = sampled {
                v["samples"] = json!(x.games_each);
                v["seed"] = json!(seed);
                v["sampled_win_rate"] = json!(x.average);
                v["sampled_standard_error"] = json!(x.standard_error);
            }
            to_json(&v)?
        }
        Format::Table => {
            let mut o = format!(
                "{s} against {vs}, exact:\n  average win rate {:.6}\n  moving first     {:.6}\n  moving second    {:.6}\nthe best any strategy can do against {vs}: {ceiling:.6}\n",
                r.average, r.first, r.second
            );
            if let Some((seed, x)) = sampled {
                let _ = writeln!(
                    o,
                    "sampled ({} games in each seat, seed {seed}): {:.6} +/- {:.6}",
                    x.games_each, x.average, x.standard_error
                );
            }
            o
        }
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

fn play(p: PlayArgs) -> Result<String, CliError> {
    let (s0, s1) = (strategy(&p.strategy0)?, strategy(&p.strategy1)?);
    let seed = seed_or_draw(p.seed);
    let mut dice = game_dice(seed, &p.four_sided, &p.six_sided)?;
    let g = hog::play(&s0, &s1, GOAL, &mut dice)?;
    Ok(match p.format {
        Format::Json => to_json(&json!({
            "strategy0": s0.to_string(),
            "strategy1": s1.to_string(),
            "seed": seed,
            "score0": g.score0,
            "score1": g.score1,
            "winner": g.winner,
            "turns": g.turns,
        }))?,
        Format::Table => {
            let mut o = format!("{s0} (player 0) against {s1} (player 1), seed {seed}\n");
            for t in &g.turns {
                let _ = writeln!(o, "{}", describe(t, &["player 0", "player 1"]));
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

/// One line for a turn.
fn describe(t: &hog::Turn, names: &[&str; 2]) -> String {
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
    let _ = write!(s, "  [{} - {}]", t.after[0], t.after[1]);
    s
}

fn human(p: PlayArgs) -> Result<String, CliError> {
    let opponent = strategy(&p.strategy)?;
    let seed = seed_or_draw(p.seed);
    let mut dice = game_dice(seed, &p.four_sided, &p.six_sided)?;
    let me = usize::from(p.second);
    let names = if me == 0 {
        ["you", "computer"]
    } else {
        ["computer", "you"]
    };
    let mut term = Terminal::new();
    term.say(&format!(
        "Hog against {opponent} (seed {seed}). First to {GOAL}. You are player {me}.\n"
    ))?;
    let mut scores = [0u32; 2];
    let mut player = 0;
    while scores[0] < GOAL && scores[1] < GOAL {
        let (mine, theirs) = (scores[player], scores[1 - player]);
        let sides = hog::select_dice(mine, theirs);
        let rolls = if player == me {
            term.say(&format!(
                "\nYou {} - computer {}. You roll {}-sided dice{}.\n",
                scores[me],
                scores[1 - me],
                sides,
                if sides == 4 { " (hog wild)" } else { "" }
            ))?;
            loop {
                term.say(&format!(
                    "How many dice (0-10; 0 is free bacon for {})? ",
                    hog::free_bacon(theirs)
                ))?;
                let line = term.ask()?;
                match line.parse::<i64>().ok().map(hog::check_rolls) {
                    Some(Ok(n)) => break n,
                    _ => term.say(&format!(
                        "{line:?} is not a number of dice: enter a whole number from 0 to 10.\n"
                    ))?,
                }
            }
        } else {
            opponent.rolls(mine, theirs)
        };
        let t = hog::turn(player, scores, rolls, &mut dice)?;
        term.say(&format!("{}\n", describe(&t, &names)))?;
        scores = t.after;
        player = 1 - player;
    }
    let winner = usize::from(scores[1] > scores[0]);
    term.say(&format!(
        "\n{} {} to {}.\n",
        if winner == me {
            "You win"
        } else {
            "The computer wins"
        },
        scores[winner],
        scores[1 - winner]
    ))?;
    Ok(String::new())
}

fn turn(t: TurnArgs) -> Result<String, CliError> {
    let rolls = hog::check_rolls(t.rolls)?;
    let mut d = CyclingDice::new(t.dice.clone())?;
    let points = hog::take_turn(rolls, t.opponent, t.sides, &mut d)?;
    Ok(match t.format {
        Format::Json => to_json(&json!({"points": points}))?,
        Format::Table => format!("{points}\n"),
    })
}

fn choose(c: ChooseArgs) -> Result<String, CliError> {
    let rolls = strategy(&c.strategy)?.choose(c.score, c.opponent)?;
    Ok(match c.format {
        Format::Json => to_json(&json!({"rolls": rolls}))?,
        Format::Table => format!("{rolls}\n"),
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

fn max_rolls(m: MaxRollsArgs) -> Result<String, CliError> {
    let seed = m.dice.is_none().then(|| seed_or_draw(m.seed));
    let mut dice: Box<dyn Dice> = match &m.dice {
        Some(v) => Box::new(CyclingDice::new(v.clone())?),
        None => Box::new(SeededDice::new(seed.unwrap_or(0), 0)),
    };
    let (averages, best) = hog::max_scoring_num_rolls(&mut dice, m.samples)?;
    Ok(match m.format {
        Format::Json => to_json(
            &json!({"averages": averages, "best": best, "samples": m.samples, "seed": seed}),
        )?,
        Format::Table => {
            let mut o = String::new();
            for (i, a) in averages.iter().enumerate() {
                let _ = writeln!(o, "{} dice scores {} on average", i + 1, py_float(*a));
            }
            let _ = writeln!(o, "{best}");
            o
        }
    })
}

/// The strategy's map as SVG: a 100 x 100 grid, own score across, the
/// opponent's up, colour by dice. Written to a temporary file and renamed,
/// so a failure leaves no half-written file.
fn write_map(path: &Path, s: &Strategy) -> Result<(), CliError> {
    const CELL: u32 = 6;
    const LEFT: u32 = 60;
    const TOP: u32 = 40;
    let size = GOAL * CELL;
    let colour = |n: u32| {
        // 0 dice stands out; 1..10 run from light to dark blue.
        if n == 0 {
            "#f4a300".to_string()
        } else {
            let t = (n - 1) as f64 / 9.0;
            let c = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
            format!(
                "#{:02x}{:02x}{:02x}",
                c(222.0, 8.0),
                c(235.0, 48.0),
                c(247.0, 107.0)
            )
        }
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{LEFT}\" y=\"24\" font-size=\"15\">Hog strategy {s}: dice rolled at each score pair</text>\n",
        w = LEFT + size + 120,
        h = TOP + size + 50
    );
    // One rectangle per run of equal cells along a row keeps the file small.
    for opp in 0..GOAL {
        let mut start = 0;
        while start < GOAL {
            let n = s.rolls(start, opp);
            let mut end = start + 1;
            while end < GOAL && s.rolls(end, opp) == n {
                end += 1;
            }
            let _ = writeln!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{CELL}\" fill=\"{}\"/>",
                LEFT + start * CELL,
                TOP + (GOAL - 1 - opp) * CELL,
                (end - start) * CELL,
                colour(n)
            );
            start = end;
        }
    }
    for tick in (0..=GOAL).step_by(10) {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{tick}</text>\n<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{tick}</text>",
            LEFT + tick * CELL,
            TOP + size + 16,
            LEFT - 6,
            TOP + size - tick * CELL + 4
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">own score</text>\n<text x=\"16\" y=\"{}\" transform=\"rotate(-90 16 {})\" text-anchor=\"middle\">opponent's score</text>",
        LEFT + size / 2,
        TOP + size + 36,
        TOP + size / 2,
        TOP + size / 2
    );
    for n in 0..=10u32 {
        let y = TOP + n * 22;
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{y}\" width=\"16\" height=\"16\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{n} dice</text>",
            LEFT + size + 16,
            colour(n),
            LEFT + size + 38,
            y + 12
        );
    }
    svg.push_str("</svg>\n");
    write_atomic(path, svg)
}
