//! Charts and tables as files and pipes: `--plot` writes SVG or PNG by
//! the extension, every chart has a legend entry per series, axis titles
//! with units and ticks on 1-2-5 steps, and every verb that prints a table
//! prints it as CSV with `--format csv`.
use std::path::PathBuf;
mod common;

use common::{run, stdout_of as ok};

/// A folder removed at the end of the test.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new() -> Scratch {
        Scratch(tempfile::tempdir().expect("a scratch folder"))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}

/// The texts of the SVG `<text>` elements whose class is `class`.
fn texts_of(svg: &str, class: &str) -> Vec<String> {
    let needle = format!("<text class=\"{class}\"");
    svg.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &svg[i..];
            let start = rest.find('>').expect("a tag's end") + 1;
            let end = rest.find("</text>").expect("a text's end");
            rest[start..end].to_string()
        })
        .collect()
}

/// The numbers of a run of tick labels ("1,000" reads as 1000).
fn numbers(labels: &[String]) -> Vec<f64> {
    labels
        .iter()
        .map(|l| {
            l.replace(',', "")
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("tick label {l:?} is not a number"))
        })
        .collect()
}

/// Whether `x` is 1, 2 or 5 times a power of ten.
fn one_two_five(x: f64) -> bool {
    let m = x / 10f64.powf(x.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .any(|k| (m - k).abs() < 1e-6 * k)
}

/// Consecutive ticks of one axis: steps on 1-2-5 (linear) or, with `log`,
/// ratios of ten.
fn assert_round_ticks(ticks: &[f64], log: bool, what: &str) {
    assert!(ticks.len() >= 2, "{what}: ticks {ticks:?}");
    for w in ticks.windows(2) {
        if log {
            assert!(
                ((w[1] / w[0]) - 10.0).abs() < 1e-9,
                "{what}: log ticks {ticks:?}"
            );
        } else {
            let step = w[1] - w[0];
            assert!(step > 0.0 && one_two_five(step), "{what}: ticks {ticks:?}");
            let first = ticks[1] - ticks[0];
            assert!(
                (step - first).abs() < 1e-9 * first.max(1.0),
                "{what}: {ticks:?}"
            );
        }
    }
}

/// A chart of `panels` panels (each with a log x axis when `log_x`): a
/// legend entry per series, two axis titles a panel each with a unit in
/// brackets, and round ticks.
fn assert_chart(svg: &str, panels: usize, log_x: bool, what: &str) {
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let series = svg.matches("class=\"series\"").count();
    let legend = texts_of(svg, "legend-entry");
    assert_eq!(legend.len(), series, "{what}: a legend entry per series");
    let titles: Vec<String> = ["axis-title x", "axis-title y"]
        .iter()
        .flat_map(|c| texts_of(svg, c))
        .collect();
    assert_eq!(titles.len(), 2 * panels, "{what}: {titles:?}");
    for t in &titles {
        assert!(t.contains('(') && t.ends_with(')'), "{what}: unit in {t:?}");
    }
    let blocks: Vec<&str> = svg.split("<g class=\"panel\">").skip(1).collect();
    assert_eq!(blocks.len(), panels, "{what}: panels");
    for panel in blocks {
        assert_round_ticks(&numbers(&texts_of(panel, "tick-y")), false, what);
        assert_round_ticks(&numbers(&texts_of(panel, "tick-x")), log_x, what);
    }
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The width and height an SVG of ours declares.
fn svg_size(svg: &str) -> (u32, u32) {
    let attr = |name: &str| -> u32 {
        let at = svg.find(&format!(" {name}=\"")).expect("a size") + name.len() + 3;
        let end = at + svg[at..].find('"').unwrap();
        svg[at..end].parse::<f64>().unwrap().round() as u32
    };
    (attr("width"), attr("height"))
}

/// Decode a PNG: its size and its pixels as RGBA.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[test]
fn plot_png_is_a_png_of_the_svg_size_with_text_drawn() {
    let dir = Scratch::new();
    let (svg, png) = (dir.path("craps.svg"), dir.path("craps.png"));
    let args = |p: &PathBuf| {
        ok(&[
            "craps",
            "--games",
            "20000",
            "--seed",
            "3",
            "--plot",
            p.to_str().unwrap(),
        ])
    };
    let table = args(&svg);
    assert_eq!(args(&png), table, "the table does not depend on the plot");
    let svg = std::fs::read_to_string(&svg).unwrap();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], PNG_SIGNATURE);
    let (w, h, rgba) = decode(&bytes);
    assert_eq!((w, h), svg_size(&svg));
    // Not blank: white background, coloured bands and lines, dark text.
    let pixels: Vec<&[u8]> = rgba.chunks(4).collect();
    let dark = pixels
        .iter()
        .filter(|p| p[0] < 80 && p[1] < 80 && p[2] < 80)
        .count();
    let white = pixels.iter().filter(|p| p[..3] == [255, 255, 255]).count();
    let mut colours: Vec<&[u8]> = pixels.clone();
    colours.sort_unstable();
    colours.dedup();
    assert!(white > pixels.len() / 2, "a white background");
    assert!(dark > 2000, "text and frame drawn: {dark} dark pixels");
    assert!(colours.len() > 50, "{} colours", colours.len());
    // The same seed draws the same picture.
    args(&dir.path("again.png"));
    assert_eq!(std::fs::read(dir.path("again.png")).unwrap(), bytes);
}

#[test]
fn plot_png_for_every_chart() {
    let dir = Scratch::new();
    let cases: [(&str, Vec<&str>); 3] = [
        ("hog.png", vec!["hog", "--strategy", "bacon"]),
        (
            "lcr.png",
            vec!["lcr", "--players", "3", "--games", "2000", "--seed", "1"],
        ),
        (
            "variants.PNG",
            vec![
                "lcr", "--table", "standard", "--games", "1000", "--seed", "1",
            ],
        ),
    ];
    for (name, args) in cases {
        let path = dir.path(name);
        let mut all = args.clone();
        all.extend(["--plot", path.to_str().unwrap()]);
        ok(&all);
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[..8], PNG_SIGNATURE, "{name}");
        let (w, h, _) = decode(&bytes);
        assert!(w > 600 && h > 300, "{name}: {w} x {h}");
    }
}

#[test]
fn charts_have_legends_axis_titles_and_round_ticks() {
    let dir = Scratch::new();
    let svg = |args: &[&str]| {
        let path = dir.path("chart.svg");
        let mut all = args.to_vec();
        all.extend(["--plot", path.to_str().unwrap()]);
        ok(&all);
        std::fs::read_to_string(&path).unwrap()
    };
    // Classic LCR, exact chances known: per seat simulated and exact.
    let lcr = svg(&["lcr", "--players", "3", "--games", "5000", "--seed", "2"]);
    assert_chart(&lcr, 1, true, "lcr");
    let legend = texts_of(&lcr, "legend-entry");
    for seat in 0..3 {
        assert!(
            legend.contains(&format!("seat {seat}, simulated")),
            "{legend:?}"
        );
        assert!(
            legend.contains(&format!("seat {seat}, exact")),
            "{legend:?}"
        );
    }
    assert_eq!(
        lcr.matches("class=\"band\"").count(),
        3,
        "a 95% band a seat"
    );
    assert_eq!(
        texts_of(&lcr, "tick-x").last().map(String::as_str),
        Some("1,000")
    );
    // Craps: the estimate with its band, and the exact line.
    let craps = svg(&["craps", "--games", "5000", "--seed", "2"]);
    assert_chart(&craps, 1, true, "craps");
    let legend = texts_of(&craps, "legend-entry");
    assert_eq!(legend[0], "simulated");
    assert!(legend[1].starts_with("exact 244/495"), "{legend:?}");
    // The variants: nine seats a game in the legend, and the winner share.
    let v = svg(&[
        "lcr", "--table", "standard", "--games", "2000", "--seed", "1",
    ]);
    assert_chart(&v, 2, true, "variants");
    let legend = texts_of(&v, "legend-entry");
    for seat in 0..9 {
        assert!(legend.contains(&format!("seat {seat}")), "{legend:?}");
    }
    assert!(legend.contains(&"simulated share".to_string()));
    assert_eq!(v.matches("class=\"band\"").count(), 10);
    let all = svg(&["lcr", "--table", "all", "--games", "500", "--seed", "1"]);
    assert_chart(&all, 12, true, "all six variants");
    // The Hog map: a colour key of eleven entries, score axes in points.
    let hog = svg(&["hog", "--strategy", "bacon"]);
    assert_eq!(texts_of(&hog, "legend-entry").len(), 11);
    assert!(texts_of(&hog, "axis-title x")[0].contains("(points)"));
    assert!(texts_of(&hog, "axis-title y")[0].contains("(points)"));
    assert_round_ticks(&numbers(&texts_of(&hog, "tick-x")), false, "hog x");
}

#[test]
fn plot_needs_an_svg_or_png_name() {
    let dir = Scratch::new();
    for (args, name) in [
        (vec!["craps", "--games", "100"], "c.gif"),
        (vec!["lcr", "--players", "3"], "l"),
        (vec!["lcr", "--table", "standard"], "v.svg.txt"),
        (vec!["hog", "--strategy", "bacon"], "h.pdf"),
    ] {
        let path = dir.path(name);
        let mut all = args.clone();
        all.extend(["--plot", path.to_str().unwrap()]);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("--plot") && err.contains(".svg or .png"),
            "{err}"
        );
        assert!(!path.exists(), "nothing written");
    }
}

/// Parse CSV text (quoted fields allowed): the rows, the header first.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            let mut fields = vec![String::new()];
            let mut quoted = false;
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '"' if quoted && chars.peek() == Some(&'"') => {
                        chars.next();
                        fields.last_mut().unwrap().push('"');
                    }
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields.push(String::new()),
                    c => fields.last_mut().unwrap().push(c),
                }
            }
            fields
        })
        .collect()
}

#[test]
fn every_table_verb_prints_csv() {
    let edge_rows = {
        let v: serde_json::Value = serde_json::from_str(&ok(&[
            "hog", "edge", "--rules", "fall2021", "--goal", "30", "--format", "json",
        ]))
        .unwrap();
        v["rows"].as_array().unwrap().len()
    };
    let replay_throws = {
        let v: serde_json::Value = serde_json::from_str(&ok(&[
            "lcr",
            "replay",
            "--players",
            "3",
            "--seed",
            "4",
            "--throws",
            "--format",
            "json",
        ]))
        .unwrap();
        v["throws"].as_array().unwrap().len()
    };
    let cases: Vec<(Vec<&str>, &str, usize)> = vec![
        (
            vec!["lcr", "--players", "3", "--games", "1000", "--seed", "1"],
            "seat,wins,games,win_fraction,",
            3,
        ),
        (
            vec![
                "lcr", "--table", "standard", "--games", "1000", "--seed", "1",
            ],
            "game,simulations,winner_percent,player_1",
            2,
        ),
        (
            vec!["lcr", "replay", "--players", "3", "--seed", "4"],
            "turn,seat,dice,center_coins,seat_0_coins",
            replay_throws,
        ),
        (
            vec!["lcr", "exact", "--players", "3"],
            "seat,win_probability",
            3,
        ),
        (
            vec!["craps", "--games", "1000", "--seed", "1"],
            "games,seed,wins,win_fraction,",
            1,
        ),
        (vec!["craps", "exact"], "point,come_out_fraction", 6),
        (
            vec!["baccarat", "simulate", "--games", "1000", "--seed", "1"],
            "result,games,fraction,",
            3,
        ),
        (vec!["baccarat", "exact"], "result,probability,fraction", 3),
        (
            vec!["hog", "tournament", "always:1", "always:5", "final"],
            "strategy,always:1,always:5,final,mean_win_rate",
            3,
        ),
        (
            vec![
                "hog",
                "coach",
                "--score",
                "50",
                "--opponent",
                "60",
                "--vs",
                "always:5",
            ],
            "dice,win_probability_against_opponent,",
            11,
        ),
        (
            vec![
                "hog",
                "coach",
                "--score",
                "5",
                "--opponent",
                "6",
                "--vs",
                "always:5",
                "--rules",
                "fall2021",
                "--goal",
                "30",
            ],
            "dice,win_probability_against_opponent,",
            11,
        ),
        (
            vec!["hog", "edge", "--rules", "fall2021", "--goal", "30"],
            "rules,first_player_win_probability,",
            edge_rows,
        ),
        (
            vec!["hog", "max-rolls", "--dice", "3,4", "--turns", "10"],
            "dice,average_points",
            10,
        ),
        (
            vec!["mancala", "moves", "--pits", "3", "--seeds", "2"],
            "pit,solved,value_seeds,",
            3,
        ),
    ];
    for (args, header, rows) in cases {
        let mut all = args.clone();
        all.extend(["--format", "csv"]);
        let out = run(&all);
        assert!(
            out.status.success(),
            "{all:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{all:?}: messages stay off stdout and stderr"
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(header), "{all:?}: {text}");
        let table = parse_csv(&text);
        assert_eq!(table.len(), rows + 1, "{all:?}: {text}");
        let width = table[0].len();
        assert!(
            table.iter().all(|r| r.len() == width),
            "{all:?}: every row as wide as the header: {text}"
        );
        // Same seed, same bytes.
        if all.contains(&"--seed") {
            assert_eq!(ok(&all), text, "{all:?}");
        }
    }
}

/// A sampled run that draws its seed writes it in its CSV, and that seed
/// gives the same CSV again (it was missing from the classic LCR study's,
/// baccarat's and `hog max-rolls`').
#[test]
fn a_csv_holds_the_seed_it_drew() {
    for args in [
        vec!["lcr", "--players", "3", "--games", "1000"],
        vec!["craps", "--games", "1000"],
        vec!["baccarat", "simulate", "--games", "1000"],
        vec!["hog", "max-rolls", "--turns", "100"],
    ] {
        let mut all = args.clone();
        all.extend(["--format", "csv"]);
        let text = ok(&all);
        let table = parse_csv(&text);
        let at = table[0].iter().position(|h| h == "seed");
        let seed = at.map(|i| table[1][i].clone()).unwrap_or_default();
        assert!(
            seed.parse::<u64>().is_ok() && table[1..].iter().all(|r| r[at.unwrap()] == seed),
            "{all:?}: no seed column: {text}"
        );
        all.extend(["--seed", &seed]);
        assert_eq!(ok(&all), text, "{all:?}");
    }
}

/// `--csv -` puts the variants' CSV alone on stdout: the report that
/// would follow it there is left out (they came mixed, and the JSON
/// after the CSV did not parse).
#[test]
fn a_csv_on_stdout_stands_alone() {
    let csv = ok(&[
        "lcr", "--table", "standard", "--games", "1000", "--seed", "1", "--format", "csv",
    ]);
    for format in ["json", "table"] {
        let out = ok(&[
            "lcr", "--table", "standard", "--games", "1000", "--seed", "1", "--csv", "-",
            "--format", format,
        ]);
        assert_eq!(out, csv, "--csv - --format {format}");
    }
}

#[test]
fn verbs_without_a_table_refuse_csv_naming_the_accepted_values() {
    for args in [
        vec!["craps", "game", "--seed", "1"],
        vec!["baccarat", "deal", "--seed", "1"],
        vec!["hog", "--strategy", "final"],
        vec![
            "hog",
            "choose",
            "--strategy",
            "final",
            "--score",
            "1",
            "--opponent",
            "2",
        ],
        vec![
            "mancala",
            "sow",
            "--board",
            "3,3,3,0,3,3,3,0",
            "--moves",
            "0",
        ],
    ] {
        let mut all = args.clone();
        all.extend(["--format", "csv"]);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("--format") && err.contains("accepted values: table, json"),
            "{err}"
        );
    }
}

#[test]
fn hog_sampled_interval_is_95_percent() {
    let text = ok(&[
        "hog",
        "--strategy",
        "final",
        "--games",
        "2000",
        "--seed",
        "1",
    ]);
    assert!(text.contains("(95% interval)"), "{text}");
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "hog",
        "--strategy",
        "final",
        "--games",
        "2000",
        "--seed",
        "1",
        "--format",
        "json",
    ]))
    .unwrap();
    let (se, ci) = (
        v["sampled_standard_error"].as_f64().unwrap(),
        v["sampled_ci95"].as_f64().unwrap(),
    );
    assert!((ci - 1.96 * se).abs() < 1e-12, "{se} {ci}");
}
