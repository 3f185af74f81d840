//! The SVG charts, in one place: the Hog strategy map and the LCR variants
//! convergence panels. Plain SVG rectangles and polylines (see
//! `docs/architecture.md` for why no plotting crate); each is pinned by a
//! snapshot test.

use std::fmt::Write as _;

use hog::{GOAL, Strategy};
use lcr_variants::Study;

/// A Hog strategy's map as SVG: a 100 x 100 grid, own score across, the
/// opponent's up, colour by dice (orange 0, light to dark blue 1 to 10).
pub(crate) fn hog_map(s: &Strategy) -> String {
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
    svg
}

/// One panel per game: each seat's expected chips (coloured lines, left
/// axis) and the winner share (black dashed line, right axis, 0-100%)
/// against the number of simulations on a log scale.
pub(crate) fn variants_convergence(studies: &[Study]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hog_map_of_bacon() {
        let s: Strategy = "bacon".parse().unwrap();
        insta::assert_snapshot!(hog_map(&s));
    }

    #[test]
    fn variants_convergence_of_a_small_study() {
        let v = lcr_variants::Variant::named("standard").unwrap();
        let study = lcr_variants::study(
            &v,
            &lcr_variants::StudyConfig {
                checkpoints: vec![10, 20, 50, 100],
                seed: 1,
                threads: 1,
            },
        )
        .unwrap();
        insta::assert_snapshot!(variants_convergence(&[study]));
    }
}
