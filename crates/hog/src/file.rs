//! Strategy files: a student's `final_strategy` as a table of dice.
//!
//! Two formats, both a 100 x 100 table of whole numbers 0 to 10 where
//! `rolls[score][opponent]` is the dice rolled at (own score, opponent's
//! score):
//!
//! - **JSON**: an array of 100 arrays of 100 numbers (`json.dump` of a list
//!   of lists);
//! - **CSV**: 100 lines of 100 comma-separated numbers, line 1 being own
//!   score 0; no header. Spaces around a number, CRLF line ends and a
//!   UTF-8 byte-order mark are accepted.
//!
//! [`FileFormat::from_path`] picks the format by extension (`.json`,
//! `.csv`); [`parse`] sniffs it otherwise (a first `[` means JSON).
//!
//! ```
//! use hog::{Rules, Strategy, exact, file};
//!
//! let five = Strategy::Always(5);
//! let text = file::write(&five, file::FileFormat::Csv);
//! let back = file::parse(text.as_bytes(), None, "five.csv").unwrap();
//! let rate = exact::average_win_rate(&back, &five, &Rules::HANDOUT).unwrap();
//! assert!((rate.average - 0.5).abs() < 1e-12);
//! ```

use std::fmt::{self, Write as _};
use std::path::Path;

use crate::{GOAL, MAX_ROLLS, Strategy};

/// The largest strategy file read, in bytes: a 100 x 100 table is about
/// 21 KB as CSV or JSON; 1 MiB leaves room for any spacing.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The two formats of a strategy file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    /// An array of 100 arrays of 100 numbers.
    Json,
    /// 100 lines of 100 comma-separated numbers.
    Csv,
}

impl FileFormat {
    /// The format a path's extension names (`.json`, `.csv`, any case),
    /// if any.
    pub fn from_path(path: &Path) -> Option<FileFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "json" => Some(FileFormat::Json),
            "csv" => Some(FileFormat::Csv),
            _ => None,
        }
    }
}

/// What is wrong with a strategy file; the message names the file and the
/// place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file's name as given.
    pub file: String,
    /// What is wrong, and where.
    pub problem: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "strategy file {}: {}", self.file, self.problem)
    }
}

impl std::error::Error for FileError {}

const SIDE: usize = GOAL as usize;

/// Parse a strategy file's bytes into a table strategy named
/// `file:NAME`. `format` is the file's format if known (by extension),
/// else it is sniffed.
///
/// # Errors
/// [`FileError`] naming `name` and what is wrong: empty, too large, not
/// text, not JSON, the wrong number of rows or columns, an entry that is
/// not a whole number from 0 to 10 (with its row and column).
pub fn parse(bytes: &[u8], format: Option<FileFormat>, name: &str) -> Result<Strategy, FileError> {
    let err = |problem: String| FileError {
        file: name.to_string(),
        problem,
    };
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(err(format!(
            "is {} bytes; a strategy file is at most {MAX_FILE_BYTES} bytes",
            bytes.len()
        )));
    }
    if bytes.contains(&0) {
        return Err(err("is binary, not a text table of dice".into()));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| err(format!("is not UTF-8 text (byte {})", e.valid_up_to())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(err(
            "is empty; expected a 100 x 100 table of dice (JSON or CSV)".into(),
        ));
    }
    let format = format.unwrap_or(if text.trim_start().starts_with('[') {
        FileFormat::Json
    } else {
        FileFormat::Csv
    });
    let rolls = match format {
        FileFormat::Json => parse_json(text),
        FileFormat::Csv => parse_csv(text),
    }
    .map_err(err)?;
    Ok(Strategy::table(&format!("file:{name}"), rolls)
        .expect("checked: 100 x 100 entries of 0..=10"))
}

/// One entry: a whole number from 0 to 10.
fn dice_of(value: f64) -> Result<u8, String> {
    if value.fract() != 0.0 {
        Err(format!("{value} is not a whole number of dice (0 to 10)"))
    } else if !(0.0..=f64::from(MAX_ROLLS)).contains(&value) {
        Err(format!("{value} is outside 0 to 10 dice"))
    } else {
        Ok(value as u8)
    }
}

fn parse_json(text: &str) -> Result<Vec<u8>, String> {
    use serde_json::Value;
    let value: Value = serde_json::from_str(text).map_err(|e| format!("is not valid JSON: {e}"))?;
    let kind = |v: &Value| match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    };
    let Value::Array(rows) = &value else {
        return Err(format!(
            "is {}, expected a list of 100 rows (rolls[score][opponent])",
            kind(&value)
        ));
    };
    if rows.len() != SIDE {
        return Err(format!(
            "has {} rows, expected 100 (one per own score 0 to 99)",
            rows.len()
        ));
    }
    let mut out = Vec::with_capacity(SIDE * SIDE);
    for (s, row) in rows.iter().enumerate() {
        let Value::Array(cells) = row else {
            return Err(format!(
                "rolls[{s}] is {}, expected a list of 100 numbers",
                kind(row)
            ));
        };
        if cells.len() != SIDE {
            return Err(format!(
                "rolls[{s}] has {} entries, expected 100 (one per opponent score 0 to 99)",
                cells.len()
            ));
        }
        for (o, cell) in cells.iter().enumerate() {
            let at = |why: String| format!("rolls[{s}][{o}] (score {s}, opponent {o}): {why}");
            let n = match cell {
                Value::Number(n) => n
                    .as_f64()
                    .ok_or_else(|| at(format!("{n} is not a number")))?,
                other => {
                    return Err(at(format!(
                        "is {}, expected a whole number of dice (0 to 10)",
                        kind(other)
                    )));
                }
            };
            out.push(dice_of(n).map_err(at)?);
        }
    }
    Ok(out)
}

fn parse_csv(text: &str) -> Result<Vec<u8>, String> {
    let lines: Vec<&str> = text
        .trim_end_matches(['\n', '\r', ' ', '\t'])
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    if lines.len() != SIDE {
        return Err(format!(
            "has {} lines, expected 100 (one per own score 0 to 99, no header)",
            lines.len()
        ));
    }
    let mut out = Vec::with_capacity(SIDE * SIDE);
    for (s, line) in lines.iter().enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        if cells.len() != SIDE {
            return Err(format!(
                "line {} (score {s}) has {} values, expected 100",
                s + 1,
                cells.len()
            ));
        }
        for (o, cell) in cells.iter().enumerate() {
            let at = |why: String| {
                format!(
                    "line {}, value {} (score {s}, opponent {o}): {why}",
                    s + 1,
                    o + 1
                )
            };
            let cell = cell.trim();
            let n: f64 = match cell.parse::<i64>() {
                Ok(n) => n as f64,
                Err(_) => cell
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| {
                        at(format!("{cell:?} is not a whole number of dice (0 to 10)"))
                    })?,
            };
            out.push(dice_of(n).map_err(at)?);
        }
    }
    Ok(out)
}

/// A strategy as a file: every score pair below 100, in `format`.
pub fn write(strategy: &Strategy, format: FileFormat) -> String {
    let map = strategy.map();
    let mut out = String::with_capacity(SIDE * SIDE * 3);
    match format {
        FileFormat::Json => {
            out.push_str("[\n");
            for (s, row) in map.iter().enumerate() {
                let cells: Vec<String> = row.iter().map(u32::to_string).collect();
                let _ = write!(out, "  [{}]", cells.join(", "));
                out.push_str(if s + 1 < SIDE { ",\n" } else { "\n" });
            }
            out.push_str("]\n");
        }
        FileFormat::Csv => {
            for row in &map {
                let cells: Vec<String> = row.iter().map(u32::to_string).collect();
                out.push_str(&cells.join(","));
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(f: impl Fn(usize, usize) -> String, sep: &str) -> String {
        (0..SIDE)
            .map(|s| (0..SIDE).map(|o| f(s, o)).collect::<Vec<_>>().join(sep))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn problem(bytes: &[u8], format: Option<FileFormat>) -> String {
        parse(bytes, format, "x").unwrap_err().problem
    }

    #[test]
    fn round_trips_in_both_formats() {
        let s: Strategy = "swap".parse().unwrap();
        for format in [FileFormat::Json, FileFormat::Csv] {
            let text = write(&s, format);
            let back = parse(text.as_bytes(), Some(format), "s").unwrap();
            assert_eq!(back.map(), s.map());
            // Sniffed too.
            assert_eq!(parse(text.as_bytes(), None, "s").unwrap().map(), s.map());
            assert_eq!(back.to_string(), "file:s");
        }
    }

    #[test]
    fn csv_accepts_crlf_bom_and_spaces() {
        let text = format!(
            "\u{feff}{}\r\n",
            grid(|s, _| format!(" {} ", s % 11), ",").replace('\n', "\r\n")
        );
        let s = parse(text.as_bytes(), Some(FileFormat::Csv), "x").unwrap();
        assert_eq!(s.rolls(13, 40), 2);
    }

    #[test]
    fn bad_files_say_where() {
        let ok_csv = grid(|_, _| "5".into(), ",");
        assert!(problem(b"", None).contains("empty"));
        assert!(problem(b"  \n ", None).contains("empty"));
        assert!(problem(b"\x00\x01\x02", None).contains("binary"));
        assert!(problem(b"\xff\xfe5,5", None).contains("UTF-8"));
        let big = vec![b'5'; MAX_FILE_BYTES as usize + 1];
        assert!(problem(&big, None).contains("at most"));
        // CSV shape and values.
        let short = ok_csv.lines().take(99).collect::<Vec<_>>().join("\n");
        assert!(problem(short.as_bytes(), None).contains("has 99 lines"));
        let mut lines: Vec<String> = ok_csv.lines().map(String::from).collect();
        lines[3].push_str(",5");
        assert!(
            problem(lines.join("\n").as_bytes(), None).contains("line 4 (score 3) has 101 values")
        );
        let mut lines: Vec<String> = ok_csv.lines().map(String::from).collect();
        lines[7] = lines[7].replacen("5", "11", 1);
        assert!(
            problem(lines.join("\n").as_bytes(), None)
                .contains("line 8, value 1 (score 7, opponent 0): 11 is outside 0 to 10")
        );
        let mut lines: Vec<String> = ok_csv.lines().map(String::from).collect();
        lines[2] = lines[2].replacen("5", "2.5", 1);
        assert!(problem(lines.join("\n").as_bytes(), None).contains("2.5 is not a whole number"));
        let mut lines: Vec<String> = ok_csv.lines().map(String::from).collect();
        lines[0] = lines[0].replacen("5", "five", 1);
        assert!(problem(lines.join("\n").as_bytes(), None).contains("\"five\""));
        let mut lines: Vec<String> = ok_csv.lines().map(String::from).collect();
        lines[0] = lines[0].replacen("5", "-1", 1);
        assert!(problem(lines.join("\n").as_bytes(), None).contains("-1 is outside"));
        // JSON shape and values.
        let json_grid = |f: &dyn Fn(usize, usize) -> String| {
            format!(
                "[{}]",
                (0..SIDE)
                    .map(|s| format!(
                        "[{}]",
                        (0..SIDE).map(|o| f(s, o)).collect::<Vec<_>>().join(",")
                    ))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        };
        assert!(problem(b"[1, 2", None).contains("not valid JSON"));
        assert!(problem(b"{\"a\": 1}", Some(FileFormat::Json)).contains("is an object"));
        assert!(problem(b"[[1]]", None).contains("has 1 rows"));
        let nested = json_grid(&|s, o| {
            if (s, o) == (4, 9) {
                "[5]".into()
            } else {
                "5".into()
            }
        });
        assert!(
            problem(nested.as_bytes(), None)
                .contains("rolls[4][9] (score 4, opponent 9): is a list")
        );
        let extra = format!("[{}]", json_grid(&|_, _| "5".into()));
        assert!(problem(extra.as_bytes(), None).contains("has 1 rows"));
        let frac = json_grid(&|s, o| {
            if (s, o) == (0, 1) {
                "3.5".into()
            } else {
                "5".into()
            }
        });
        assert!(
            problem(frac.as_bytes(), None)
                .contains("rolls[0][1] (score 0, opponent 1): 3.5 is not a whole number")
        );
        let text = json_grid(&|s, o| {
            if (s, o) == (99, 99) {
                "\"5\"".into()
            } else {
                "5".into()
            }
        });
        assert!(
            problem(text.as_bytes(), None)
                .contains("rolls[99][99] (score 99, opponent 99): is a string")
        );
        // A whole number written as 5.0 is accepted.
        let whole = json_grid(&|_, _| "5.0".into());
        assert_eq!(parse(whole.as_bytes(), None, "w").unwrap().rolls(1, 1), 5);
        assert!(FileFormat::from_path(Path::new("a/b.JSON")) == Some(FileFormat::Json));
        assert!(FileFormat::from_path(Path::new("b.txt")).is_none());
    }
}
