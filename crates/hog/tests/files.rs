//! Strategy files: tables written by Python (`fixtures/hog-strategies/`)
//! load and rate exactly as the same table built in Rust; exported
//! built-ins rate exactly as the built-ins.
use hog::file::{self, FileFormat};
use hog::{Rules, Strategy, exact};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/hog-strategies");

/// `final_strategy` of `export_final_strategy.py`, written again in Rust.
fn student_final(score: u32, opponent: u32) -> u8 {
    let bacon = 1 + (opponent / 10).max(opponent % 10);
    if score + bacon >= 100 || 2 * (score + bacon) == opponent {
        0
    } else if (score + opponent).is_multiple_of(7) {
        3
    } else if bacon >= 9 {
        0
    } else if score + 20 < opponent {
        7
    } else {
        5
    }
}

fn load(name: &str) -> Strategy {
    let path = std::path::Path::new(DIR).join(name);
    let bytes = std::fs::read(&path).unwrap();
    file::parse(&bytes, FileFormat::from_path(&path), name).unwrap()
}

#[test]
fn python_files_rate_as_the_same_table_built_in_rust() {
    let table: Vec<u8> = (0..100)
        .flat_map(|s| (0..100).map(move |o| student_final(s, o)))
        .collect();
    let rust = Strategy::table("rust", table).unwrap();
    let five = Strategy::Always(5);
    let rules = Rules::HANDOUT;
    let want = exact::average_win_rate(&rust, &five, &rules).unwrap();
    for name in ["student_final.json", "student_final.csv"] {
        let s = load(name);
        assert_eq!(s.map(), rust.map(), "{name}");
        assert_eq!(s.to_string(), format!("file:{name}"));
        let got = exact::average_win_rate(&s, &five, &rules).unwrap();
        assert_eq!(got, want, "{name}");
    }
    // A real strategy, not a trivial one: it beats always_roll(5).
    assert!(want.average > 0.55, "{want:?}");
}

#[test]
fn exported_built_ins_rate_exactly_as_the_built_ins() {
    let rules = Rules::HANDOUT;
    let five = Strategy::Always(5);
    for name in ["final", "optimal", "swap", "bacon:6:4", "always:3"] {
        let s: Strategy = name.parse().unwrap();
        let want = exact::average_win_rate(&s, &five, &rules).unwrap();
        for format in [FileFormat::Json, FileFormat::Csv] {
            let text = file::write(&s, format);
            let back = file::parse(text.as_bytes(), Some(format), "x").unwrap();
            assert_eq!(
                exact::average_win_rate(&back, &five, &rules).unwrap(),
                want,
                "{name} {format:?}"
            );
        }
        if name == "final" {
            // The published figure for the best response to always_roll(5).
            assert!((want.average - 0.807989).abs() < 5e-7, "{want:?}");
        }
    }
}
