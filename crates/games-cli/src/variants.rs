//! `games-cli lcr simulate --table ...`: the table-driven LCR study.

use std::fmt::Write as _;
use std::path::Path;

use lcr_variants::{EndCheck, Study, StudyConfig, study::study_sums};

use crate::{
    CliError, Sampling, TableFormat, fail, progress, seed_or_draw, threads_or_all, to_json,
};

/// What `games-cli lcr simulate` passes on for a table study.
pub struct VariantArgs<'a> {
    pub table: &'a str,
    pub players: Option<usize>,
    pub chips: Option<&'a str>,
    pub max_rounds: u32,
    pub checkpoints: Option<&'a [u64]>,
    pub end_check: EndCheck,
    pub sampling: &'a Sampling,
    pub format: TableFormat,
    pub csv: Option<&'a Path>,
    pub plot: Option<&'a Path>,
}

/// Games each table plays when `--games` is not given (the assignment's).
const VARIANT_GAMES: u64 = 100_000;

/// The assignment's checkpoints.
const DEFAULT_CHECKPOINTS: [u64; 4] = [100, 1000, 10_000, 100_000];

/// The rows to report: the checkpoints asked for (or the assignment's, up
/// to the games played) and the last game; games default to the largest
/// checkpoint asked for.
fn rows_wanted(
    games: Option<u64>,
    checkpoints: Option<&[u64]>,
) -> Result<(u64, Vec<u64>), CliError> {
    if let Some(g) = games {
        crate::games_or(Some(g), 0)?;
    }
    if checkpoints.is_some_and(|c| c.is_empty() || c.contains(&0)) {
        return fail("--checkpoints needs counts of at least 1 game, e.g. 100,1000");
    }
    if let Some(&c) = checkpoints.and_then(|c| c.iter().max()) {
        crate::limits::at_most("--checkpoints", c, crate::limits::limits().games)?;
    }
    let games = games.unwrap_or_else(|| {
        checkpoints.map_or(VARIANT_GAMES, |c| {
            c.iter().copied().max().unwrap_or(VARIANT_GAMES)
        })
    });
    if let Some(&past) = checkpoints.and_then(|c| c.iter().find(|&&c| c > games)) {
        return fail(format!("--checkpoints {past} is past --games {games}"));
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

/// What is wrong with a study's sums that `shard` cannot have made: each
/// game's sums at each checkpoint count the shard's games before it, with
/// at most that many winners and one chip count for each seat.
fn check_sums(
    t: &[lcr_variants::study::StudySums],
    seats: &[usize],
    checkpoints: &[u64],
    shard: dice::parallel::Shard,
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
            crate::shard::games_in(
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

/// 10, 20, 50, 100, ... up to `max`, for the convergence plot.
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

pub fn run(a: VariantArgs) -> Result<String, CliError> {
    let lim = crate::limits::limits();
    crate::limits::at_most("--max-rounds", a.max_rounds, lim.rounds)?;
    if let Some(p) = a.players {
        crate::limits::at_most("--players", p, lim.players)?;
    }
    let games = lcr_variants::resolve(a.table, a.players, a.chips, a.max_rounds, a.end_check)
        .map_err(|e| {
            use lcr_variants::VariantError as V;
            let flag = match e {
                V::ZeroRounds => "--max-rounds",
                V::BadChips(_) | V::ChipsLength { .. } | V::TooManyChips | V::NoChips => "--chips",
                V::TooFewPlayers(_) => "--players",
                _ => "--table",
            };
            CliError(format!("{flag}: {e}"))
        })?;
    let (max, wanted) = rows_wanted(a.sampling.games, a.checkpoints)?;
    for v in &games {
        let turns = u128::from(max) * v.starting_chips.len() as u128 * u128::from(v.max_rounds);
        if turns > lim.variant_turns {
            return fail(format!(
                "{}: {max} games of up to {} rounds of {} seats is up to {turns} turns; a study takes at most {} (fewer --games or --max-rounds)",
                v.name,
                v.max_rounds,
                v.starting_chips.len(),
                lim.variant_turns
            ));
        }
    }
    // Output paths are checked before the work, written after it.
    let outs: Vec<(&'static str, &Path)> = [("--csv", a.csv), ("--plot", a.plot)]
        .into_iter()
        .filter_map(|(flag, p)| p.map(|p| (flag, p)))
        .collect();
    let mut targets = crate::output::check(&outs)?.into_iter();
    let csv_target = a.csv.and_then(|_| targets.next());
    let plot_target = a.plot.and_then(|_| targets.next());
    let seed = seed_or_draw(a.sampling.seed);
    let threads = threads_or_all(a.sampling.threads)?;
    let mut checkpoints = wanted.clone();
    if a.plot.is_some() {
        checkpoints.extend(dense(max));
    }
    let config = StudyConfig {
        checkpoints: checkpoints.clone(),
        seed,
        threads,
    };
    let mut sorted = checkpoints.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let seats: Vec<usize> = games.iter().map(|v| v.starting_chips.len()).collect();
    let sums: Vec<lcr_variants::study::StudySums> = crate::shard::sums_or_partial!(
        a.sampling,
        |shard| {
            let per_game = max / shard.count;
            let bar = progress(per_game * games.len() as u64, 200_000, "games");
            let mut all = Vec::new();
            for (i, v) in games.iter().enumerate() {
                let done_before = per_game * i as u64;
                all.push(study_sums(v, &config, shard, |d| {
                    if let Some(b) = &bar {
                        b.set_position(done_before + d);
                    }
                })?);
            }
            if let Some(b) = bar {
                b.finish_and_clear();
            }
            Ok(all)
        },
        |t: &Vec<lcr_variants::study::StudySums>, shard| check_sums(t, &seats, &sorted, shard)
    );
    if sums.len() != games.len() {
        return fail("the partials' sums do not fit the command");
    }
    let mut studies: Vec<Study> = games
        .iter()
        .zip(&sums)
        .map(|(v, s)| Study::from_sums(v, &config, s))
        .collect();
    let plot_bytes = match (&plot_target, a.plot) {
        (Some(_), Some(path)) => Some(crate::charts::encode(
            path,
            crate::charts::variants_convergence(&studies),
        )?),
        _ => None,
    };
    for s in &mut studies {
        s.rows.retain(|r| wanted.contains(&r.simulations));
    }
    let csv_text = csv_target.as_ref().map(|_| csv(&studies));
    let mut files: Vec<(&crate::output::Target, &[u8])> = Vec::new();
    if let (Some(t), Some(text)) = (&csv_target, &csv_text) {
        files.push((t, text.as_bytes()));
    }
    if let (Some(t), Some(bytes)) = (&plot_target, &plot_bytes) {
        files.push((t, bytes));
    }
    crate::output::write_all(&files)?;
    Ok(match a.format {
        TableFormat::Json if studies.len() == 1 => to_json(&studies[0])?,
        TableFormat::Json => to_json(&studies)?,
        TableFormat::Csv => csv(&studies),
        TableFormat::Table => studies.iter().map(table).collect::<Vec<_>>().join("\n"),
    })
}

fn csv(studies: &[Study]) -> String {
    let n = studies.iter().map(|s| s.players).max().unwrap_or(0);
    let mut o = String::from("game,simulations,winner_percent");
    for i in 1..=n {
        let _ = write!(o, ",player_{i}");
    }
    o.push('\n');
    for s in studies {
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
    o
}

fn table(s: &Study) -> String {
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
