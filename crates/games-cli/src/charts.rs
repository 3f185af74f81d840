//! The charts, in one place: the Hog strategy map, the LCR variants
//! convergence panels, and the convergence of the classic LCR and craps
//! estimates. Plain SVG written here (see `docs/architecture.md` for why no
//! plotting crate); `--plot FILE.png` renders the same SVG to PNG with
//! `resvg`, text set in the DejaVu Sans font bundled in the binary, so a
//! machine without fonts draws the same picture. Each chart has a legend,
//! axis titles with units, ticks on 1-2-5 steps (powers of ten on a log
//! axis) and, where the numbers are estimates, their 95% intervals as
//! shaded bands. Each is pinned by a snapshot test.

use std::fmt::Write as _;
use std::path::Path;

use hog::{GOAL, Strategy};
use lcr_variants::Study;

use crate::CliError;

/// The accepted `--plot` extensions, for messages.
const PLOT_EXTENSIONS: &str = ".svg or .png";

/// What a `--plot` file holds, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlotKind {
    /// The SVG text.
    Svg,
    /// The SVG rendered to PNG.
    Png,
}

impl PlotKind {
    /// The kind `path` names by its extension (any case), if any.
    pub(crate) fn of(path: &Path) -> Option<PlotKind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(PlotKind::Svg),
            "png" => Some(PlotKind::Png),
            _ => None,
        }
    }
}

/// `--plot`'s value parser: a path ending in `.svg` or `.png`.
///
/// # Errors
/// What was expected, for clap to put after the flag's name.
pub(crate) fn parse_plot(s: &str) -> Result<std::path::PathBuf, String> {
    let p = std::path::PathBuf::from(s);
    match PlotKind::of(&p) {
        Some(_) => Ok(p),
        None => Err(format!(
            "expected a file name ending in {PLOT_EXTENSIONS} (the extension chooses the format), not '{s}'"
        )),
    }
}

/// DejaVu Sans (its license: `assets/DejaVuSans-LICENSE.txt`): the only
/// font the PNG renderer knows, so text looks the same on every machine.
const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// The bytes of a chart for `path`: the SVG itself, or rendered to PNG.
///
/// # Errors
/// A path with another extension (exit code 2); an SVG the renderer
/// refuses (exit code 1: a fault of ours, not the user's).
pub(crate) fn encode(path: &Path, svg: String) -> Result<Vec<u8>, CliError> {
    match PlotKind::of(path) {
        Some(PlotKind::Svg) => Ok(svg.into_bytes()),
        Some(PlotKind::Png) => to_png(&svg),
        None => Err(CliError(format!(
            "--plot {}: expected a file name ending in {PLOT_EXTENSIONS}",
            path.display()
        ))),
    }
}

/// Render an SVG of ours to PNG at its own size (one pixel per SVG unit).
///
/// # Errors
/// An SVG the renderer cannot read, or of no size (exit code 1).
pub(crate) fn to_png(svg: &str) -> Result<Vec<u8>, CliError> {
    use resvg::{tiny_skia, usvg};
    let machine = |what: String| CliError {
        message: format!("cannot draw the PNG: {what}"),
        code: crate::EXIT_MACHINE,
        quiet: false,
    };
    let mut opt = usvg::Options {
        font_family: "DejaVu Sans".into(),
        ..usvg::Options::default()
    };
    {
        let db = opt.fontdb_mut();
        db.load_font_data(FONT.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
    }
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| machine(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| machine(format!("{} x {} pixels", size.width(), size.height())))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| machine(e.to_string()))
}

/// Ten distinct colours (matplotlib's), one per series.
const COLOURS: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// The colour of series `i`.
pub(crate) fn colour(i: usize) -> &'static str {
    COLOURS[i % COLOURS.len()]
}

/// Ticks on 1-2-5 steps covering `lo..=hi`, about `most` of them at most:
/// the step is 1, 2 or 5 times a power of ten. Returns the ticks (the
/// first at or below `lo`, the last at or above `hi`) and the step.
pub(crate) fn ticks(lo: f64, hi: f64, most: usize) -> (Vec<f64>, f64) {
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 0.5, lo + 0.5)
    };
    let raw = (hi - lo) / most.max(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * magnitude);
    let first = (lo / step + 1e-9).floor();
    let last = (hi / step - 1e-9).ceil();
    let ticks = (0..=(last - first).round() as i64)
        .map(|k| (first + k as f64) * step)
        .map(|t| if t.abs() < step * 1e-9 { 0.0 } else { t })
        .collect();
    (ticks, step)
}

/// A tick's label: as many decimals as the step needs.
fn tick_label(t: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    format!("{t:.decimals$}")
}

/// A whole number with thousands separators: 1,000,000.
fn grouped(x: f64) -> String {
    games_app::lcr::grouped(x.round().max(0.0) as u64)
}

/// Text safe inside SVG.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One line of a panel: points, and optionally a 95% band around them.
pub(crate) struct Series {
    /// The legend's words.
    pub label: String,
    /// Its colour.
    pub colour: &'static str,
    /// (x, y) in the axes' units.
    pub points: Vec<(f64, f64)>,
    /// (low, high) of the 95% interval at each point, or empty.
    pub band: Vec<(f64, f64)>,
    /// A reference line (an exact value): dashed.
    pub dashed: bool,
}

/// A chart panel: axes, series, a legend.
pub(crate) struct Panel {
    /// Above the plot.
    pub title: String,
    /// The x axis's title, with its unit.
    pub x_title: String,
    /// The y axis's title, with its unit.
    pub y_title: String,
    /// Log scale across (x values at least 1).
    pub log_x: bool,
    /// The y range at least covers this, whatever the data.
    pub y_span: Option<(f64, f64)>,
    /// The y axis never goes past this (shares: 0 to 100%).
    pub y_clamp: Option<(f64, f64)>,
    /// The lines.
    pub series: Vec<Series>,
}

/// Plot area of a panel.
const PLOT_W: f64 = 440.0;
const PLOT_H: f64 = 250.0;
/// Room left of the plot (tick labels, the y title), above it (the
/// panel's title), below (ticks, the x title), and for the legend.
const LEFT: f64 = 78.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 58.0;
const LEGEND_W: f64 = 210.0;
/// A legend row's height.
const ROW: f64 = 18.0;

impl Panel {
    fn legend_rows(&self) -> usize {
        self.series.len() + usize::from(self.series.iter().any(|s| !s.band.is_empty()))
    }

    /// The panel's size: the plot grows when the legend needs more room.
    fn size(&self) -> (f64, f64) {
        let h = PLOT_H.max(self.legend_rows() as f64 * ROW + 8.0);
        (LEFT + PLOT_W + 16.0 + LEGEND_W, TOP + h + BOTTOM)
    }

    /// The SVG of the panel with its top left corner at (`x0`, `y0`).
    fn svg(&self, x0: f64, y0: f64) -> String {
        let (_, full_h) = self.size();
        let h = full_h - TOP - BOTTOM;
        let (ox, oy) = (x0 + LEFT, y0 + TOP);
        let mut o = String::from("<g class=\"panel\">\n");
        let _ = writeln!(
            o,
            "<text class=\"panel-title\" x=\"{ox}\" y=\"{}\" font-size=\"14\">{}</text>",
            oy - 10.0,
            escape(&self.title)
        );
        // The ranges: every point and band, then round ticks around them.
        let xs = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let (mut xmin, mut xmax) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
            (a.min(x), b.max(x))
        });
        if !xmin.is_finite() {
            (xmin, xmax) = (1.0, 10.0);
        }
        let ys = self.series.iter().flat_map(|s| {
            s.points
                .iter()
                .map(|p| p.1)
                .chain(s.band.iter().flat_map(|b| [b.0, b.1]))
        });
        let (mut ymin, mut ymax) = ys
            .filter(|y| y.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| {
                (a.min(y), b.max(y))
            });
        if let Some((a, b)) = self.y_span {
            ymin = ymin.min(a);
            ymax = ymax.max(b);
        }
        if !ymin.is_finite() {
            (ymin, ymax) = (0.0, 1.0);
        }
        if let Some((a, b)) = self.y_clamp {
            ymin = ymin.max(a);
            ymax = ymax.min(b);
        }
        if ymax - ymin < 1e-9 {
            // A flat line (no game ever had a winner): one unit of room,
            // inside the clamp (no negative shares).
            let (a, b) = self.y_clamp.unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
            if ymin + 1.0 <= b {
                ymax = ymin + 1.0;
            } else {
                ymin = (ymax - 1.0).max(a);
            }
        }
        let (yticks, ystep) = ticks(ymin, ymax, 6);
        let (ylo, yhi) = (yticks[0], yticks[yticks.len() - 1]);
        let (xticks, xlo, xhi): (Vec<(f64, String)>, f64, f64) = if self.log_x {
            // From the power of ten at or below the first point to the
            // last point, labelled at each power of ten; a decade more
            // when the points hold fewer than two powers.
            let lo = xmin.max(1.0).log10().floor();
            let top = xmax.max(1.0).log10();
            let hi = if top.floor() <= lo { lo + 1.0 } else { top };
            let t = (lo as i32..=(hi + 1e-9).floor() as i32)
                .map(|e| (f64::from(e), grouped(10f64.powi(e))))
                .collect();
            (t, lo, hi)
        } else {
            let (t, step) = ticks(xmin, xmax, 8);
            let (lo, hi) = (t[0], t[t.len() - 1]);
            (
                t.into_iter().map(|x| (x, tick_label(x, step))).collect(),
                lo,
                hi,
            )
        };
        let tx = |x: f64| if self.log_x { x.max(1.0).log10() } else { x };
        let px = |x: f64| ox + (tx(x) - xlo) / (xhi - xlo) * PLOT_W;
        let py = |y: f64| oy + h - (y.clamp(ylo, yhi) - ylo) / (yhi - ylo) * h;
        // Grid and ticks.
        for &y in &yticks {
            let _ = writeln!(
                o,
                "<line x1=\"{ox}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#e4e4e4\"/><text class=\"tick-y\" x=\"{2}\" y=\"{3:.1}\" text-anchor=\"end\">{4}</text>",
                py(y),
                ox + PLOT_W,
                ox - 6.0,
                py(y) + 4.0,
                tick_label(y, ystep)
            );
        }
        for (x, label) in &xticks {
            let at = ox + (x - xlo) / (xhi - xlo) * PLOT_W;
            let _ = writeln!(
                o,
                "<line x1=\"{at:.1}\" y1=\"{oy}\" x2=\"{at:.1}\" y2=\"{}\" stroke=\"#e4e4e4\"/><text class=\"tick-x\" x=\"{at:.1}\" y=\"{}\" text-anchor=\"middle\">{label}</text>",
                oy + h,
                oy + h + 16.0
            );
        }
        if self.log_x {
            // Unlabelled marks at 2 and 5 times each power of ten.
            for e in xlo as i32..=xhi as i32 {
                for m in [2.0f64, 5.0] {
                    if f64::from(e) + m.log10() > xhi + 1e-9 {
                        continue;
                    }
                    let at = px(m * 10f64.powi(e));
                    let _ = writeln!(
                        o,
                        "<line x1=\"{at:.1}\" y1=\"{}\" x2=\"{at:.1}\" y2=\"{}\" stroke=\"#888\"/>",
                        oy + h,
                        oy + h + 4.0
                    );
                }
            }
        }
        // The frame, the bands, then the lines on top (a line along an
        // edge stays visible).
        let _ = writeln!(
            o,
            "<rect x=\"{ox}\" y=\"{oy}\" width=\"{PLOT_W}\" height=\"{h}\" fill=\"none\" stroke=\"#444\"/>"
        );
        for s in self.series.iter().filter(|s| !s.band.is_empty()) {
            let upper = s.points.iter().zip(&s.band).map(|(p, b)| (p.0, b.1));
            let lower = s.points.iter().zip(&s.band).rev().map(|(p, b)| (p.0, b.0));
            let pts: Vec<String> = upper
                .chain(lower)
                .map(|(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
                .collect();
            let _ = writeln!(
                o,
                "<polygon class=\"band\" fill=\"{}\" fill-opacity=\"0.18\" stroke=\"none\" points=\"{}\"/>",
                s.colour,
                pts.join(" ")
            );
        }
        for s in &self.series {
            let pts: Vec<String> = s
                .points
                .iter()
                .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
                .collect();
            let _ = writeln!(
                o,
                "<polyline class=\"series\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{} points=\"{}\"/>",
                s.colour,
                if s.dashed { 1.5 } else { 2.0 },
                if s.dashed {
                    " stroke-dasharray=\"6,4\""
                } else {
                    ""
                },
                pts.join(" ")
            );
        }
        // Axis titles.
        let _ = writeln!(
            o,
            "<text class=\"axis-title x\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            ox + PLOT_W / 2.0,
            oy + h + 40.0,
            escape(&self.x_title)
        );
        let (yx, yy) = (x0 + 18.0, oy + h / 2.0);
        let _ = writeln!(
            o,
            "<text class=\"axis-title y\" x=\"{yx}\" y=\"{yy}\" transform=\"rotate(-90 {yx} {yy})\" text-anchor=\"middle\">{}</text>",
            escape(&self.y_title)
        );
        // The legend, right of the plot.
        let lx = ox + PLOT_W + 16.0;
        let _ = writeln!(o, "<g class=\"legend\">");
        let mut ly = oy + 4.0;
        for s in &self.series {
            if !s.band.is_empty() {
                let _ = write!(
                    o,
                    "<rect x=\"{lx}\" y=\"{ly}\" width=\"24\" height=\"12\" fill=\"{}\" fill-opacity=\"0.18\"/>",
                    s.colour
                );
            }
            let _ = writeln!(
                o,
                "<line x1=\"{lx}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"{2}\" stroke-width=\"2\"{3}/><text class=\"legend-entry\" x=\"{4}\" y=\"{5}\">{6}</text>",
                ly + 6.0,
                lx + 24.0,
                s.colour,
                if s.dashed {
                    " stroke-dasharray=\"6,4\""
                } else {
                    ""
                },
                lx + 30.0,
                ly + 10.5,
                escape(&s.label)
            );
            ly += ROW;
        }
        if self.series.iter().any(|s| !s.band.is_empty()) {
            let _ = writeln!(
                o,
                "<rect x=\"{lx}\" y=\"{ly}\" width=\"24\" height=\"12\" fill=\"#888\" fill-opacity=\"0.3\"/><text class=\"legend-note\" x=\"{}\" y=\"{}\">shaded: 95% interval</text>",
                lx + 30.0,
                ly + 10.5
            );
        }
        o.push_str("</g>\n</g>\n");
        o
    }
}

/// A figure: a title over panels laid out `columns` across.
pub(crate) fn figure(title: &str, panels: &[Panel], columns: usize) -> String {
    let columns = columns.clamp(1, panels.len().max(1));
    let sizes: Vec<(f64, f64)> = panels.iter().map(Panel::size).collect();
    let cell_w = sizes.iter().map(|s| s.0).fold(0.0, f64::max);
    let rows: Vec<f64> = sizes
        .chunks(columns)
        .map(|r| r.iter().map(|s| s.1).fold(0.0, f64::max))
        .collect();
    let width = 20.0 + columns as f64 * cell_w;
    let height = 40.0 + rows.iter().sum::<f64>() + 10.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text class=\"title\" x=\"20\" y=\"26\" font-size=\"16\">{}</text>\n",
        escape(title)
    );
    let mut y = 40.0;
    for (r, row) in panels.chunks(columns).enumerate() {
        for (c, p) in row.iter().enumerate() {
            svg.push_str(&p.svg(10.0 + c as f64 * cell_w, y));
        }
        y += rows[r];
    }
    svg.push_str("</svg>\n");
    svg
}

/// A Hog strategy's map as SVG: a 100 x 100 grid, own score across, the
/// opponent's up, colour by dice (orange 0, light to dark blue 1 to 10).
/// Exact, so no intervals; the legend is the colour key.
pub(crate) fn hog_map(s: &Strategy) -> String {
    const CELL: u32 = 6;
    const LEFT: u32 = 64;
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
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text class=\"title\" x=\"{LEFT}\" y=\"24\" font-size=\"15\">Hog strategy {}: dice rolled at each score pair</text>\n",
        escape(&s.to_string()),
        w = LEFT + size + 190,
        h = TOP + size + 54
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
            "<text class=\"tick-x\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{tick}</text>\n<text class=\"tick-y\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{tick}</text>",
            LEFT + tick * CELL,
            TOP + size + 16,
            LEFT - 6,
            TOP + size - tick * CELL + 4
        );
    }
    let _ = writeln!(
        svg,
        "<text class=\"axis-title x\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">own score (points)</text>\n<text class=\"axis-title y\" x=\"18\" y=\"{}\" transform=\"rotate(-90 18 {})\" text-anchor=\"middle\">opponent's score (points)</text>",
        LEFT + size / 2,
        TOP + size + 40,
        TOP + size / 2,
        TOP + size / 2
    );
    let _ = writeln!(
        svg,
        "<g class=\"legend\">\n<text x=\"{}\" y=\"{}\">dice rolled</text>",
        LEFT + size + 16,
        TOP + 10
    );
    for n in 0..=10u32 {
        let y = TOP + 20 + n * 22;
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{y}\" width=\"16\" height=\"16\" fill=\"{}\"/><text class=\"legend-entry\" x=\"{}\" y=\"{}\">{n} dice{}</text>",
            LEFT + size + 16,
            colour(n),
            LEFT + size + 38,
            y + 12,
            if n == 0 { " (free bacon)" } else { "" }
        );
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// Per game, two panels: each seat's expected chips at the end and the
/// share of games with a winner, against the games simulated (log scale),
/// each with its 95% band.
pub(crate) fn variants_convergence(studies: &[Study]) -> String {
    let mut panels = Vec::new();
    for s in studies {
        let x = |r: &lcr_variants::study::Row| r.simulations as f64;
        let seats = (0..s.players)
            .map(|seat| Series {
                label: format!("seat {seat}"),
                colour: colour(seat),
                points: s
                    .rows
                    .iter()
                    .map(|r| (x(r), r.expected_chips[seat]))
                    .collect(),
                band: s
                    .rows
                    .iter()
                    .map(|r| {
                        let (m, h) = (r.expected_chips[seat], r.expected_chips_ci95[seat]);
                        (m - h, m + h)
                    })
                    .collect(),
                dashed: false,
            })
            .collect();
        panels.push(Panel {
            title: format!("{}: expected chips per seat", s.game),
            x_title: "games simulated (log scale)".into(),
            y_title: "expected chips at the end (chips)".into(),
            log_x: true,
            y_span: Some((0.0, 0.0)),
            y_clamp: Some((0.0, f64::INFINITY)),
            series: seats,
        });
        panels.push(Panel {
            title: format!("{}: games with a winner", s.game),
            x_title: "games simulated (log scale)".into(),
            y_title: "games with a winner (%)".into(),
            log_x: true,
            y_span: None,
            y_clamp: Some((0.0, 100.0)),
            series: vec![Series {
                label: "simulated share".into(),
                colour: "#000000",
                points: s
                    .rows
                    .iter()
                    .map(|r| (x(r), 100.0 * r.winner_fraction))
                    .collect(),
                band: s
                    .rows
                    .iter()
                    .map(|r| {
                        let (m, h) = (100.0 * r.winner_fraction, 100.0 * r.winner_ci95);
                        (m - h, m + h)
                    })
                    .collect(),
                dashed: false,
            }],
        });
    }
    figure(
        "LCR variants: the estimates as the games simulated grow (shaded: 95% intervals)",
        &panels,
        2,
    )
}

/// One point of a running estimate of a share: after `games` games,
/// `count` of them counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Running {
    /// Games so far.
    pub games: u64,
    /// Games that counted (wins).
    pub count: u64,
}

/// A share's running estimate in percent, with its 95% band.
fn share_series(label: String, colour: &'static str, points: &[Running]) -> Series {
    let share = |r: &Running| r.count as f64 / r.games as f64;
    Series {
        label,
        colour,
        points: points
            .iter()
            .map(|r| (r.games as f64, 100.0 * share(r)))
            .collect(),
        band: points
            .iter()
            .map(|r| {
                let (p, h) = (share(r), dice::stats::share_ci95(share(r), r.games as f64));
                (100.0 * (p - h), 100.0 * (p + h))
            })
            .collect(),
        dashed: false,
    }
}

/// An exact value in percent as a dashed line across the games.
fn exact_series(label: String, colour: &'static str, points: &[Running], p: f64) -> Series {
    let first = points.first().map_or(1.0, |r| r.games as f64);
    let last = points.last().map_or(10.0, |r| r.games as f64);
    Series {
        label,
        colour,
        points: vec![(first, 100.0 * p), (last, 100.0 * p)],
        band: Vec::new(),
        dashed: true,
    }
}

/// Classic LCR: each seat's running share of wins with its 95% band, and
/// its exact chance (dashed) when the exact solution was computed.
pub(crate) fn lcr_convergence(
    players: usize,
    coins: u32,
    seed: u64,
    by_seat: &[Vec<Running>],
    exact: Option<&[f64]>,
) -> String {
    let mut series = Vec::new();
    for (seat, points) in by_seat.iter().enumerate() {
        series.push(share_series(
            format!("seat {seat}, simulated"),
            colour(seat),
            points,
        ));
        if let Some(p) = exact.and_then(|e| e.get(seat)) {
            series.push(exact_series(
                format!("seat {seat}, exact"),
                colour(seat),
                points,
                *p,
            ));
        }
    }
    let panel = Panel {
        title: format!("{players} players, {coins} coins each, seed {seed}"),
        x_title: "games played (log scale)".into(),
        y_title: "share of games won (%)".into(),
        log_x: true,
        y_span: None,
        y_clamp: Some((0.0, 100.0)),
        series,
    };
    figure(
        if exact.is_some() {
            "Classic LCR: each seat's running share of wins and its exact chance"
        } else {
            "Classic LCR: each seat's running share of wins"
        },
        &[panel],
        1,
    )
}

/// Craps: the running share of games won with its 95% band, and the
/// exact chance (dashed).
pub(crate) fn craps_convergence(
    seed: u64,
    points: &[Running],
    exact: f64,
    exact_text: &str,
) -> String {
    let panel = Panel {
        title: format!("pass line, seed {seed}"),
        x_title: "games played (log scale)".into(),
        y_title: "share of games won (%)".into(),
        log_x: true,
        y_span: Some((100.0 * exact - 1.0, 100.0 * exact + 1.0)),
        y_clamp: Some((0.0, 100.0)),
        series: vec![
            share_series("simulated".into(), colour(0), points),
            exact_series(
                format!("exact {exact_text} = {:.2}%", 100.0 * exact),
                "#d62728",
                points,
                exact,
            ),
        ],
    };
    figure(
        "Craps: the running share of games won and the exact chance",
        &[panel],
        1,
    )
}

/// The games after which a convergence chart shows the estimate: 10, 20,
/// 50, 100, ... below `games`, and `games` itself.
pub(crate) fn checkpoints(games: u64) -> Vec<u64> {
    let mut v = Vec::new();
    let mut base = 10u64;
    'all: loop {
        for m in [1, 2, 5] {
            match base.checked_mul(m) {
                Some(c) if c < games => v.push(c),
                _ => break 'all,
            }
        }
        match base.checked_mul(10) {
            Some(b) => base = b,
            None => break,
        }
    }
    v.push(games);
    v
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

    #[test]
    fn ticks_are_on_1_2_5_steps() {
        let (t, step) = ticks(0.0, 1.0, 6);
        assert_eq!((t.len(), step), (6, 0.2));
        let (t, step) = ticks(0.0, 33.0, 6);
        assert_eq!(step, 10.0);
        assert_eq!(t, vec![0.0, 10.0, 20.0, 30.0, 40.0]);
        let (t, step) = ticks(47.3, 51.2, 6);
        assert_eq!(step, 1.0);
        assert_eq!(t.first(), Some(&47.0));
        assert_eq!(t.last(), Some(&52.0));
        assert_eq!(tick_label(0.6000000000000001, 0.2), "0.6");
        // A flat range still gets ticks around it.
        let (t, _) = ticks(3.0, 3.0, 6);
        assert!(t.len() >= 2 && t[0] <= 3.0 && *t.last().unwrap() >= 3.0);
    }

    #[test]
    fn checkpoints_run_1_2_5_to_the_games() {
        assert_eq!(checkpoints(1000), vec![10, 20, 50, 100, 200, 500, 1000]);
        assert_eq!(checkpoints(7), vec![7]);
        assert_eq!(checkpoints(30), vec![10, 20, 30]);
        assert_eq!(*checkpoints(u64::MAX).last().unwrap(), u64::MAX);
    }

    /// The convergence charts' premise: a run of N games plays the first
    /// N games of any longer run from the same seed, whatever the threads.
    #[test]
    fn a_shorter_run_plays_the_first_games_of_a_longer_one() {
        let marks = checkpoints(1000);
        let (mut craps_dice, mut lcr_dice) =
            (dice::SeededDice::new(7, 0), dice::SeededDice::new(7, 0));
        let mut lcr_game = lcr_core::Game::new(4, 3).unwrap();
        let (mut craps_wins, mut lcr_wins) = (0u64, vec![0u64; 4]);
        for n in 1..=1000u64 {
            craps_wins += u64::from(craps_baccarat::craps::wins(&mut craps_dice).unwrap());
            lcr_wins[lcr_game.play(&mut lcr_dice).unwrap().winner] += 1;
            if marks.contains(&n) {
                assert_eq!(
                    craps_baccarat::craps::test_craps(n, 7, 2).unwrap(),
                    craps_wins
                );
                let config = lcr_core::StudyConfig {
                    players: 4,
                    coins: 3,
                    games: n,
                    seed: 7,
                    threads: 2,
                };
                let sums = lcr_core::study_sums(&config, dice::parallel::Shard::ALL, |_| {});
                assert_eq!(sums.unwrap().wins, lcr_wins, "after {n} games");
            }
        }
    }

    #[test]
    fn png_has_the_svg_size_and_draws_text() {
        // Text alone, white on nothing else: every dark pixel is a glyph
        // drawn with the bundled font (no system font is ever loaded).
        let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\" font-family=\"sans-serif\" font-size=\"16\"><rect width=\"100%\" height=\"100%\" fill=\"white\"/><text x=\"8\" y=\"26\">seat 0</text></svg>";
        let png = to_png(text).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (120, 40));
        let dark = buf[..info.buffer_size()]
            .chunks(4)
            .filter(|p| p[0] < 128)
            .count();
        assert!(dark > 60, "{dark} dark pixels: the text was not drawn");
        let blank = to_png(&text.replace("seat 0", "")).unwrap();
        assert_ne!(blank, to_png(text).unwrap());
    }
}
