//! `games-cli lcr --table ...`: the table-driven LCR study.

use std::fmt::Write as _;
use std::path::Path;

use lcr_variants::{
    EndCheck, NAMED, Study, StudyConfig, Table, Variant, parse_chips, study::study_with_progress,
};

use crate::{
    CliError, Format, fail, progress, seed_or_draw, threads_or_all, to_json, write_atomic,
};

/// What `games-cli lcr` passes on for a table study.
pub struct VariantArgs<'a> {
    pub table: &'a str,
    pub players: Option<usize>,
    pub chips: Option<&'a str>,
    pub max_rounds: u32,
    pub simulations: &'a [u64],
    pub end_check: EndCheck,
    pub seed: Option<u64>,
    pub threads: Option<usize>,
    pub format: Format,
    pub csv: Option<&'a Path>,
    pub plot: Option<&'a Path>,
}

fn variants(a: &VariantArgs) -> Result<Vec<Variant>, CliError> {
    if a.max_rounds == 0 {
        return fail("--max-rounds must be at least 1");
    }
    if a.players == Some(0) || a.players == Some(1) {
        return fail(format!(
            "a game needs at least 2 players, got {}",
            a.players.unwrap_or(0)
        ));
    }
    let names: Vec<&str> = if a.table == "all" {
        NAMED.to_vec()
    } else {
        vec![a.table]
    };
    names
        .into_iter()
        .map(|name| {
            let named = Variant::named(name);
            let (label, table, default_chips) = match named {
                Ok(v) => (v.name, v.table, v.starting_chips),
                Err(_) if name.contains(',') => {
                    let t: Table = name.parse()?;
                    ("custom".to_string(), t, vec![10; a.players.unwrap_or(9)])
                }
                Err(e) => return Err(e.into()),
            };
            let chips = match a.chips {
                Some(c) => parse_chips(c)?,
                None => match a.players {
                    Some(p) if p != default_chips.len() => vec![10; p],
                    _ => default_chips,
                },
            };
            if let Some(p) = a.players
                && chips.len() != p
            {
                return Err(lcr_variants::VariantError::ChipsLength {
                    chips: chips.len(),
                    players: p,
                }
                .into());
            }
            Ok(Variant::new(
                &label,
                table,
                chips,
                a.max_rounds,
                a.end_check,
            )?)
        })
        .collect()
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
    let games = variants(&a)?;
    if a.simulations.is_empty() || a.simulations.contains(&0) {
        return fail("--simulations needs counts of at least 1, e.g. 100,1000");
    }
    let seed = seed_or_draw(a.seed);
    let threads = threads_or_all(a.threads)?;
    let wanted: Vec<u64> = {
        let mut w = a.simulations.to_vec();
        w.sort_unstable();
        w.dedup();
        w
    };
    let max = *wanted.last().expect("not empty");
    let mut checkpoints = wanted.clone();
    if a.plot.is_some() {
        checkpoints.extend(dense(max));
    }
    let per_game = max;
    let bar = progress(per_game * games.len() as u64, 200_000, "games");
    let mut studies = Vec::new();
    for (i, v) in games.iter().enumerate() {
        let done_before = per_game * i as u64;
        let s = study_with_progress(
            v,
            &StudyConfig {
                checkpoints: checkpoints.clone(),
                seed,
                threads,
            },
            |d| {
                if let Some(b) = &bar {
                    b.set_position(done_before + d);
                }
            },
        )?;
        studies.push(s);
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(path) = a.plot {
        write_atomic(path, plot(&studies))?;
    }
    for s in &mut studies {
        s.rows.retain(|r| wanted.contains(&r.simulations));
    }
    if let Some(path) = a.csv {
        write_atomic(path, csv(&studies))?;
    }
    Ok(match a.format {
        Format::Json if studies.len() == 1 => to_json(&studies[0])?,
        Format::Json => to_json(&studies)?,
        Format::Table => studies.iter().map(table).collect::<Vec<_>>().join("\n"),
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
        "{:>11} {:>16} {:>14}",
        "simulations", "winner % (95%)", "mean rounds"
    );
    for i in 1..=s.players {
        let _ = write!(o, " {:>7}", format!("seat {i}"));
    }
    o.push('\n');
    for r in &s.rows {
        let _ = write!(
            o,
            "{:>11} {:>16} {:>14}",
            r.simulations,
            format!(
                "{:.2} ±{:.2}",
                100.0 * r.winner_fraction,
                100.0 * r.winner_ci95
            ),
            format!("{:.2} ±{:.2}", r.mean_rounds, r.mean_rounds_ci95)
        );
        for c in &r.expected_chips {
            let _ = write!(o, " {c:>7.3}");
        }
        o.push('\n');
    }
    o
}

/// One panel per game: each seat's expected chips (coloured lines, left
/// axis) and the winner share (black dashed line, right axis, 0-100%)
/// against the number of simulations on a log scale.
fn plot(studies: &[Study]) -> String {
    const W: f64 = 420.0;
    const H: f64 = 260.0;
    const PAD: f64 = 50.0;
    let colours = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#17becf",
    ];
    let cols = studies.len().min(2);
    let rows = studies.len().div_ceil(2);
    let width = cols as f64 * (W + 2.0 * PAD) + 20.0;
    let height = rows as f64 * (H + 2.0 * PAD) + 40.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"20\" y=\"22\" font-size=\"14\">LCR variants: expected chips per seat (lines, left axis) and winner share (dashed, right axis) as simulations grow</text>\n"
    );
    for (k, s) in studies.iter().enumerate() {
        let ox = 10.0 + (k % 2) as f64 * (W + 2.0 * PAD) + PAD;
        let oy = 40.0 + (k / 2) as f64 * (H + 2.0 * PAD) + PAD / 2.0;
        let xs: Vec<f64> = s
            .rows
            .iter()
            .map(|r| (r.simulations as f64).log10())
            .collect();
        let (x0, x1) = (
            xs.first().copied().unwrap_or(1.0),
            xs.last().copied().unwrap_or(2.0),
        );
        let ymax = s
            .rows
            .iter()
            .flat_map(|r| r.expected_chips.iter().copied())
            .fold(1.0f64, f64::max)
            * 1.1;
        let px = |x: f64| {
            ox + if x1 > x0 {
                (x - x0) / (x1 - x0) * W
            } else {
                0.0
            }
        };
        let py = |y: f64| oy + H - y / ymax * H;
        let _ = writeln!(
            svg,
            "<rect x=\"{ox}\" y=\"{oy}\" width=\"{W}\" height=\"{H}\" fill=\"none\" stroke=\"#444\"/>\n<text x=\"{ox}\" y=\"{}\" font-size=\"13\">{} (table {})</text>",
            oy - 6.0,
            s.game,
            s.table
        );
        for t in 0..=4 {
            let y = ymax * f64::from(t) / 4.0;
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{y:.0}</text><text x=\"{}\" y=\"{}\">{}%</text>",
                ox - 4.0,
                py(y) + 4.0,
                ox + W + 4.0,
                py(y) + 4.0,
                25 * t
            );
        }
        let mut e = x0.ceil() as i32;
        while f64::from(e) <= x1 + 1e-9 {
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">10^{e}</text>",
                px(f64::from(e)),
                oy + H + 14.0
            );
            e += 1;
        }
        for seat in 0..s.players {
            let pts: Vec<String> = s
                .rows
                .iter()
                .zip(&xs)
                .map(|(r, &x)| format!("{:.1},{:.1}", px(x), py(r.expected_chips[seat])))
                .collect();
            let _ = writeln!(
                svg,
                "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"{}\"/>",
                colours[seat % colours.len()],
                pts.join(" ")
            );
        }
        let pts: Vec<String> = s
            .rows
            .iter()
            .zip(&xs)
            .map(|(r, &x)| format!("{:.1},{:.1}", px(x), oy + H - r.winner_fraction * H))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"black\" stroke-width=\"2\" stroke-dasharray=\"5,3\" points=\"{}\"/>",
            pts.join(" ")
        );
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">simulations</text>",
            ox + W / 2.0,
            oy + H + 28.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}
