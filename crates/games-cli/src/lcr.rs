//! `games-cli lcr`: `simulate` (the classic most-common-winner study, or
//! with `--table` the variants study), `replay` (one game on scripted
//! dice) and `exact` (the Markov-chain solution).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use lcr_core::{StudyConfig, exact};
use serde::Serialize;

use crate::limits::{at_most, limits};
use crate::{
    CliError, Sampling, TableFormat, TableOutput, games_or, progress, seed_or_draw, threads_or_all,
    to_json,
};

/// Games the classic study plays when `--games` is not given: a million
/// (about 0.3 s on two cores), enough to tell apart seats whose chances
/// differ by 0.002 (the lab's own default was 2,000).
const CLASSIC_GAMES: u64 = 1_000_000;

/// Arguments of `games-cli lcr`: a verb, or `simulate`'s flags.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct LcrArgs {
    #[command(subcommand)]
    command: Option<LcrCommand>,
    #[command(flatten)]
    simulate: SimulateArgs,
}

#[derive(Subcommand, Debug)]
enum LcrCommand {
    /// Simulate: the classic most-common-winner study (games default
    /// 1,000,000), or with --table the variants study (games default 100,000
    /// per table) (the default verb).
    Simulate(SimulateArgs),
    /// Play one classic game on scripted dice, e.g. --script RR.CL.
    Replay(ReplayArgs),
    /// Each seat's exact chance to win and the expected game length.
    Exact(ExactArgs),
}

#[derive(Args, Debug)]
struct SimulateArgs {
    /// Seats at the table (at least 2) [classic: required; --table: 9 or
    /// the chips' count].
    #[arg(long)]
    players: Option<usize>,
    /// Coins each seat starts with (classic) [default: 3].
    #[arg(long, conflicts_with = "table")]
    coins: Option<u32>,
    /// Variants: a named game (standard, standard-tilted, nocenter,
    /// nocenter-tilted, nohold, nohold-tilted), "all", or six codes such as
    /// 0,0,0,1,2,3 (0 hold, 1 left, 2 center, 3 right).
    #[arg(long)]
    table: Option<String>,
    /// Variants: starting chips per seat, 10,10,10 or 10x9.
    #[arg(long, requires = "table")]
    chips: Option<String>,
    /// Variants: the round limit [default: 100].
    #[arg(long, requires = "table")]
    max_rounds: Option<u32>,
    /// Variants: report the estimates after these many games too
    /// [default: 100,1000,10000,100000 up to --games].
    #[arg(long, value_delimiter = ',', requires = "table", value_parser = crate::parse_count)]
    checkpoints: Option<Vec<u64>>,
    /// Variants: when games check for a single holder [default: round].
    #[arg(long, value_enum, requires = "table")]
    end_check: Option<EndCheckArg>,
    /// Variants: write lcr_output.csv-style rows to this file.
    #[arg(long, requires = "table")]
    csv: Option<PathBuf>,
    /// Draw the convergence of the estimates, with their 95% bands, to
    /// this file: .svg or .png (classic: each seat's share of wins against
    /// the games played, and its exact chance when it is computed).
    #[arg(long, value_parser = crate::charts::parse_plot)]
    plot: Option<PathBuf>,
    #[command(flatten)]
    sampling: Sampling,
    #[command(flatten)]
    output: TableOutput,
}

/// `--end-check` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EndCheckArg {
    /// After each whole round (the handout's rule).
    Round,
    /// After each turn.
    Turn,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// Seats at the table (at least 2).
    #[arg(long)]
    players: usize,
    /// Coins each seat starts with.
    #[arg(long, default_value_t = 3)]
    coins: u32,
    /// The dice, read left to right: letters . L C R, e.g. "RR.CL". The
    /// script must last the game and be used up by it.
    #[arg(long, conflicts_with = "seed", required_unless_present = "seed")]
    script: Option<String>,
    /// Or seeded dice: one game from this seed, with its script.
    #[arg(long)]
    seed: Option<u64>,
    /// Also list every throw: the seat, the dice's faces, the coins after
    /// (--format csv: the throws, one row each).
    #[arg(long)]
    throws: bool,
    #[command(flatten)]
    output: TableOutput,
}

/// The most throws `lcr replay` records...
const MAX_THROWS: usize = 1_000_000;
/// ...and the most seat counts it holds (each throw keeps every seat's
/// coins): 10^7, 40 MB.
const MAX_CELLS: usize = 10_000_000;

#[derive(Args, Debug)]
struct ExactArgs {
    /// Seats at the table (at least 2).
    #[arg(long)]
    players: usize,
    /// Coins each seat starts with.
    #[arg(long, default_value_t = 3)]
    coins: u32,
    /// Worker threads for the sweeps, 1 to 256 (the answer does not depend
    /// on it) [default: every core].
    #[arg(long)]
    threads: Option<usize>,
    #[command(flatten)]
    output: TableOutput,
}

pub fn run(a: LcrArgs) -> Result<String, CliError> {
    match a.command {
        Some(LcrCommand::Simulate(s)) => simulate(&s),
        Some(LcrCommand::Replay(r)) => replay(&r),
        Some(LcrCommand::Exact(e)) => exact_odds(&e),
        None => simulate(&a.simulate),
    }
}

fn simulate(a: &SimulateArgs) -> Result<String, CliError> {
    if let Some(table) = &a.table {
        return crate::variants::run(crate::variants::VariantArgs {
            table,
            players: a.players,
            chips: a.chips.as_deref(),
            max_rounds: a.max_rounds.unwrap_or(100),
            checkpoints: a.checkpoints.as_deref(),
            end_check: match a.end_check.unwrap_or(EndCheckArg::Round) {
                EndCheckArg::Round => lcr_variants::EndCheck::Round,
                EndCheckArg::Turn => lcr_variants::EndCheck::Turn,
            },
            sampling: &a.sampling,
            format: a.output.format,
            csv: a.csv.as_deref(),
            plot: a.plot.as_deref(),
        });
    }
    let Some(players) = a.players else {
        return crate::fail(
            "lcr simulate: --players is required (or --table for the variants study)",
        );
    };
    at_most("--players", players, limits().players)?;
    let coins = at_most("--coins", a.coins.unwrap_or(3), limits().coins)?;
    study(
        players,
        coins,
        &a.sampling,
        a.output.format,
        a.plot.as_deref(),
    )
}

/// `replay`'s JSON.
#[derive(Serialize)]
struct ReplayOut {
    players: usize,
    winner: usize,
    turns: u64,
    coins: Vec<u32>,
    center: u32,
    /// With --seed: the seed and the script that replays the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    script: Option<String>,
    /// With --throws: every throw.
    #[serde(skip_serializing_if = "Option::is_none")]
    throws: Option<Vec<lcr_core::ThrowRecord>>,
}

fn replay(r: &ReplayArgs) -> Result<String, CliError> {
    at_most("--players", r.players, limits().players)?;
    at_most("--coins", r.coins, limits().coins)?;
    let max_throws = MAX_THROWS.min(MAX_CELLS / r.players.max(1));
    let t = match (&r.script, r.seed) {
        (Some(script), _) => {
            let mut dice =
                dice::ScriptedDice::from_lcr(script).map_err(lcr_core::LcrError::from)?;
            let t = lcr_core::play_transcript(r.players, r.coins, &mut dice, max_throws)?;
            if !dice.all_used() {
                return Err(lcr_core::LcrError::UnusedRolls {
                    remaining: dice.remaining(),
                }
                .into());
            }
            t
        }
        (None, seed) => {
            let seed = seed.unwrap_or(0);
            lcr_core::play_transcript(
                r.players,
                r.coins,
                &mut dice::SeededDice::new(seed, 0),
                max_throws,
            )?
        }
    };
    let g = &t.result;
    Ok(match r.output.format {
        TableFormat::Csv => {
            let header: Vec<String> = ["turn", "seat", "dice", "center_coins"]
                .iter()
                .map(|h| h.to_string())
                .chain((0..r.players).map(|seat| format!("seat_{seat}_coins")))
                .collect();
            let header: Vec<&str> = header.iter().map(String::as_str).collect();
            let rows: Vec<Vec<String>> = t
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
            crate::csv(&header, &rows)
        }
        TableFormat::Json => to_json(&ReplayOut {
            players: r.players,
            winner: g.winner,
            turns: g.turns,
            coins: g.coins.clone(),
            center: g.center,
            seed: r.seed,
            script: r.seed.map(|_| t.script.clone()),
            throws: r.throws.then(|| t.throws.clone()),
        })?,
        TableFormat::Table => {
            let mut o = String::new();
            if let Some(seed) = r.seed {
                o.push_str(&format!(
                    "seed {seed}; its dice as a script: {}\n",
                    t.script
                ));
            }
            if r.throws {
                o.push_str("turn  seat  dice  coins after (from seat 0)  center\n");
                for x in &t.throws {
                    o.push_str(&format!(
                        "{:>4}  {:>4}  {:<4}  {:<26}  {}\n",
                        x.turn,
                        x.seat,
                        x.faces,
                        format!("{:?}", x.coins),
                        x.center
                    ));
                }
            }
            o.push_str(&format!(
                "winner: seat {}\nturns: {}\ncoins by seat (from seat 0): {:?}\ncenter: {}\n",
                g.winner, g.turns, g.coins, g.center
            ));
            o
        }
    })
}

/// The exact solution shown beside a study when it is quick: at most 6
/// seats and at most this many rolling states (6 seats with 3 coins have
/// 48,620; about 0.2 s).
const QUICK_EXACT_STATES: u64 = 200_000;

/// The study's JSON: the study's own keys, each seat's 95% interval, and
/// the exact chances when they were quick to compute.
#[derive(Serialize)]
struct StudyOut<'a> {
    #[serde(flatten)]
    study: &'a lcr_core::Study,
    /// Half-width of each seat's 95% interval (normal approximation).
    win_ci95: Vec<f64>,
    /// Each seat's exact chance to win (up to 6 seats), else null.
    exact_win_probability: Option<Vec<f64>>,
}

/// Each seat's exact chance, when the solver answers quickly.
fn quick_exact(players: usize, coins: u32) -> Option<Vec<f64>> {
    if players > 6 {
        return None;
    }
    let (states, _) = exact::plan(players, coins).ok()?;
    if states > QUICK_EXACT_STATES {
        return None;
    }
    let mut config = exact::ExactConfig::new(players, coins);
    config.memory_limit = crate::memory_limit();
    exact::solve(&config).ok().map(|r| r.win_probability)
}

fn study(
    players: usize,
    coins: u32,
    s: &Sampling,
    format: TableFormat,
    plot: Option<&std::path::Path>,
) -> Result<String, CliError> {
    let config = StudyConfig {
        players,
        coins,
        games: games_or(s.games, CLASSIC_GAMES)?,
        seed: seed_or_draw(s.seed),
        threads: threads_or_all(s.threads)?,
    };
    // The chart's path is checked before the work, written after it.
    let plot = match plot {
        Some(p) => Some((crate::output::check_one("--plot", p)?, p)),
        None => None,
    };
    let sums = crate::shard::sums_or_partial!(
        s,
        |shard| {
            let bar = progress(config.games / shard.count, 2_000_000, "games");
            let sums = lcr_core::study_sums(&config, shard, |done| {
                if let Some(b) = &bar {
                    b.set_position(done);
                }
            })?;
            if let Some(b) = bar {
                b.finish_and_clear();
            }
            Ok(sums)
        },
        |t: &lcr_core::StudySums, shard| {
            // Every classic game has one winner.
            if t.wins.len() != players {
                return Err(format!("wins has {} seats, not {players}", t.wins.len()));
            }
            let won = t.wins.iter().try_fold(0u64, |a, &w| a.checked_add(w));
            crate::shard::games_in("wins", won.unwrap_or(u64::MAX), config.games, shard, true)?;
            if t.rolling > t.turns {
                return Err(format!(
                    "rolling is {}, past turns ({})",
                    t.rolling, t.turns
                ));
            }
            Ok(())
        }
    );
    let s = lcr_core::Study::from_sums(&config, &sums);
    let n = s.games as f64;
    let ci95: Vec<f64> = s
        .win_fraction
        .iter()
        .map(|&p| dice::stats::share_ci95(p, n))
        .collect();
    let exact = quick_exact(players, coins);
    if let Some((target, path)) = &plot {
        let svg = crate::charts::lcr_convergence(
            players,
            coins,
            s.seed,
            &running_wins(&config, &sums)?,
            exact.as_deref(),
        );
        let bytes = crate::charts::encode(path, svg)?;
        crate::output::write_all(&[(target, &bytes)])?;
    }
    Ok(match format {
        TableFormat::Json => to_json(&StudyOut {
            study: &s,
            win_ci95: ci95,
            exact_win_probability: exact,
        })?,
        TableFormat::Csv => {
            let rows: Vec<Vec<String>> = (0..s.players)
                .map(|seat| {
                    let (f, h) = (s.win_fraction[seat], ci95[seat]);
                    vec![
                        seat.to_string(),
                        s.wins[seat].to_string(),
                        s.games.to_string(),
                        format!("{f:.6}"),
                        format!("{:.6}", (f - h).max(0.0)),
                        format!("{:.6}", (f + h).min(1.0)),
                        exact
                            .as_ref()
                            .map_or(String::new(), |e| format!("{:.6}", e[seat])),
                    ]
                })
                .collect();
            crate::csv(
                &[
                    "seat",
                    "wins",
                    "games",
                    "win_fraction",
                    "win_fraction_ci95_low",
                    "win_fraction_ci95_high",
                    "exact_win_probability",
                ],
                &rows,
            )
        }
        TableFormat::Table => study_table(&s, &ci95, exact.as_deref()),
    })
}

/// Each seat's wins after 10, 20, 50, 100, ... games and after all of
/// them, for the convergence chart. The chunks' dice depend only on the
/// seed and the chunk's index, so a run of N games plays the first N games
/// of the whole run: each point is such a run (about as many games again
/// as the study, in all), and the last is the study's own sums.
fn running_wins(
    config: &StudyConfig,
    sums: &lcr_core::StudySums,
) -> Result<Vec<Vec<crate::charts::Running>>, CliError> {
    let mut by_seat = vec![Vec::new(); config.players];
    for games in crate::charts::checkpoints(config.games) {
        let wins = if games == config.games {
            sums.wins.clone()
        } else {
            let c = StudyConfig {
                games,
                ..config.clone()
            };
            lcr_core::study_sums(&c, dice::parallel::Shard::ALL, |_| {})?.wins
        };
        for (seat, w) in wins.into_iter().enumerate() {
            by_seat[seat].push(crate::charts::Running { games, count: w });
        }
    }
    Ok(by_seat)
}

/// A count with thousands separators, for sentences: 1,000,000.
pub(crate) fn grouped(n: u64) -> String {
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
fn study_table(s: &lcr_core::Study, ci95: &[f64], exact: Option<&[f64]>) -> String {
    use dice::stats;
    let n = s.games as f64;
    let seed_line = format!(
        "seed {} (`--seed {}` repeats this run exactly)",
        s.seed, s.seed
    );
    let mut o = format!(
        "Classic LCR: {} players, {} coins each\n\n",
        s.players, s.coins
    );
    let by_share = |shares: &[f64]| {
        let mut order: Vec<usize> = (0..shares.len()).collect();
        order.sort_by(|&a, &b| shares[b].total_cmp(&shares[a]).then(a.cmp(&b)));
        order
    };
    if let Some(e) = exact {
        let order = by_share(e);
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
        let missed: Vec<usize> = (0..s.players)
            .filter(|&seat| (s.win_fraction[seat] - e[seat]).abs() > ci95[seat])
            .collect();
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
        let close: Vec<usize> = order[1..]
            .iter()
            .copied()
            .filter(|&seat| stats::games_to_tell_apart(e[top], e[seat]) > n)
            .collect();
        if let Some(&last) = close.last() {
            let needed = stats::games_to_tell_apart(e[top], e[last]);
            let names: Vec<String> = std::iter::once(top)
                .chain(close.iter().copied())
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
        if let Some(&next) = by_share(&s.win_fraction).iter().find(|&&i| i != best) {
            let (p1, p2) = (s.win_fraction[best], s.win_fraction[next]);
            if !stats::told_apart(p1, p2, n) {
                let _ = write!(
                    o,
                    "; not told apart from seat {next} ({p2:.4}) by {} games: the difference \
                     is within its 95% margin (play more games)",
                    grouped(s.games)
                );
            }
        }
        let states = exact::plan(s.players, s.coins).map_or(u64::MAX, |(states, _)| states);
        if states <= limits().exact_states {
            let _ = writeln!(
                o,
                ".\nNo quick exact answer at this size: `games-cli lcr exact --players {} --coins {}` \
                 solves its {} states (it refuses, with its estimate, a run that will not fit in memory).",
                s.players,
                s.coins,
                grouped(states)
            );
        } else {
            let _ = writeln!(
                o,
                ".\nNo exact answer at this size: the exact solver takes at most {} states.",
                grouped(limits().exact_states)
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

/// Seats the exact solver takes.
const EXACT_PLAYERS: usize = lcr_core::exact::MAX_EXACT_PLAYERS;

fn exact_odds(e: &ExactArgs) -> Result<String, CliError> {
    // Sizes first: the plan's own tables grow with seats and coins.
    at_most("--players", e.players, EXACT_PLAYERS)?;
    at_most("--coins", e.coins, limits().coins)?;
    let (states, _) = exact::plan(e.players, e.coins)?;
    if states > limits().exact_states {
        // The count saturates at u64::MAX: past it, say so.
        let count = if states == u64::MAX {
            format!("more than {states}")
        } else {
            states.to_string()
        };
        return crate::fail(format!(
            "lcr exact: {} players with {} coins each have {count} states; the solver takes at most {}",
            e.players,
            e.coins,
            limits().exact_states
        ));
    }
    let mut config = exact::ExactConfig::new(e.players, e.coins);
    config.memory_limit = crate::memory_limit();
    config.threads = threads_or_all(e.threads)?;
    let bar = crate::progress(states, 1 << 20, "states");
    let r = exact::solve_with_progress(&config, &|done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    })?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    Ok(match e.output.format {
        TableFormat::Csv => {
            let rows: Vec<Vec<String>> = r
                .win_probability
                .iter()
                .enumerate()
                .map(|(seat, p)| vec![seat.to_string(), format!("{p:.12}")])
                .collect();
            crate::csv(&["seat", "win_probability"], &rows)
        }
        TableFormat::Json => to_json(&r)?,
        TableFormat::Table => {
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
    })
}
