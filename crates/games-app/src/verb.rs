//! Every verb is a typed request and a typed report. A request
//! deserialises from the JSON the web page posts (the keys are the verb's
//! long flags without the dashes), maps one to one to the command line's
//! flags ([`command_line`]), and runs with a [`Context`]; its report
//! serialises to the verb's `--format json` output and renders its text
//! table (and CSV, where it is a table).
//!
//! ```
//! use games_app::{Context, Verb, command_line, from_body};
//!
//! let req: games_app::craps::Exact = from_body(b"{}").unwrap();
//! let report = req.run(&Context::new()).unwrap();
//! assert_eq!(report.exact_fraction, "244/495");
//! assert_eq!(command_line(&req), "games-cli craps exact --format json");
//!
//! let e = from_body::<games_app::craps::Simulate>(br#"{"games": "many"}"#).unwrap_err();
//! assert!(e.to_string().starts_with("games: expected a whole number"), "{e}");
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::context::{AppError, Context};

/// A verb's request.
pub trait Verb: Serialize + DeserializeOwned + Default + Send + Sync + 'static {
    /// The game as the command line names it (`lcr`, `mancala`).
    const GAME: &'static str;
    /// The verb (`simulate`, `exact`).
    const VERB: &'static str;
    /// The field the command line takes as bare words after the flags
    /// (`hog tournament`'s strategies), not as a flag.
    const POSITIONAL: Option<&'static str> = None;
    /// What it answers.
    type Report: Report;
    /// Check every size against the context's bounds, then do the work.
    ///
    /// # Errors
    /// Bad input (one line naming the field), a failure of the machine,
    /// or the context's cancellation or deadline.
    fn run(&self, ctx: &Context) -> Result<Self::Report, AppError>;
}

/// A verb's report: its JSON is the verb's `--format json` output.
pub trait Report: Serialize {
    /// The readable text the verb prints by default.
    fn text(&self) -> String;
    /// CSV (a header row naming each column and its unit, then the rows),
    /// for verbs whose result is a table.
    fn csv(&self) -> Option<String> {
        None
    }
    /// What the verb prints instead of its report in any format, when it
    /// prints something else (a strategy table written to `--out -`).
    fn stdout(&self) -> Option<String> {
        None
    }
}

/// A report as the formats it renders to, whatever its type (what `merge`
/// and the web API hold).
pub trait Rendered {
    /// Pretty JSON with a trailing line break.
    fn json(&self) -> Result<String, AppError>;
    /// [`Report::text`].
    fn text(&self) -> String;
    /// [`Report::csv`].
    fn csv(&self) -> Option<String>;
}

impl<R: Report> Rendered for R {
    fn json(&self) -> Result<String, AppError> {
        match self.stdout() {
            Some(out) => Ok(out),
            None => to_json(self),
        }
    }
    fn text(&self) -> String {
        self.stdout().unwrap_or_else(|| Report::text(self))
    }
    fn csv(&self) -> Option<String> {
        self.stdout().or_else(|| Report::csv(self))
    }
}

/// Pretty JSON with a trailing line break.
///
/// # Errors
/// A failure of the machine if `value` does not serialise.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, AppError> {
    let mut s = serde_json::to_string_pretty(value)
        .map_err(|e| AppError::Machine(format!("cannot write JSON: {e}")))?;
    s.push('\n');
    Ok(s)
}

/// The request in a JSON body: an object whose keys are the verb's long
/// flags without dashes. Unknown keys and wrong values are one line that
/// names the key.
///
/// # Errors
/// Bad input.
pub fn from_body<V: Verb>(body: &[u8]) -> Result<V, AppError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| AppError::BadInput(format!("the body is not JSON: {e}")))?;
    from_value(&value)
}

/// [`from_body`] for a parsed body.
///
/// # Errors
/// Bad input.
pub fn from_value<V: Verb>(value: &Value) -> Result<V, AppError> {
    let Value::Object(map) = value else {
        return Err(AppError::BadInput(
            "the body must be a JSON object of the verb's flags".into(),
        ));
    };
    let known = field_names::<V>();
    if let Some(k) = map.keys().find(|k| !known.contains(k)) {
        let takes = if known.is_empty() {
            "it takes none".to_string()
        } else {
            format!("it takes {}", known.join(", "))
        };
        return Err(AppError::BadInput(format!(
            "`{} {}` has no flag '{}'; {takes}",
            V::GAME,
            V::VERB,
            cut(k, 64),
        )));
    }
    // A number given as text (`{"players": "3"}`) is the number, as on
    // the command line: each key a number's place refuses as text is read
    // again as the number its text is. A flag given as null is left out.
    let mut value = Value::Object(
        map.iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    );
    // A name's place given something else (`{"end-check": 0}`): read
    // again as text, whose refusal lists the names; said with the value
    // as it was given.
    let mut as_text: Option<(String, Value)> = None;
    // Keys whose text was made a list of texts (not yet of numbers).
    let mut listed: Vec<String> = Vec::new();
    loop {
        let e = match serde_path_to_error::deserialize::<_, V>(&value) {
            Ok(v) => return Ok(v),
            Err(e) => e,
        };
        let Some(map) = value.as_object_mut() else {
            return Err(AppError::BadInput(e.to_string()));
        };
        let (key, why) = failing::<V>(map, &e);
        let expected = why
            .rsplit_once(", expected ")
            .map_or("", |x| x.1)
            .to_string();
        let float = why.starts_with("invalid type: floating point");
        // A list's item of that kind (`"moves": [3.0]`): made the number.
        if float
            && let Some((name, at)) = key.split_once('[')
            && let Ok(i) = at.trim_end_matches(']').parse::<usize>()
            && let Some(Value::Array(list)) = map.get_mut(name)
            && let Some(item) = list.get_mut(i)
            && let Some(n) = item.as_number().and_then(|x| whole(x, &expected))
        {
            *item = Value::Number(n);
            continue;
        }
        let given = map.get(&key);
        let number = match given {
            Some(Value::String(t)) if why.starts_with("invalid type: string") => {
                number_as(t.trim(), &expected)
            }
            Some(Value::Number(x)) if float => whole(x, &expected),
            _ => None,
        };
        // A flag's list given as text (`{"moves": "0,3"}`) is its values
        // with commas between, as on the command line (spaces kept, as
        // there): as text first, then, if its place wants numbers,
        // numbers where they read as numbers.
        if number.is_none()
            && why.starts_with("invalid type: string")
            && why.ends_with(", expected a sequence")
            && let Some(Value::String(t)) = given
        {
            let list = t.split(',').map(Value::from).collect();
            map.insert(key.clone(), Value::Array(list));
            listed.push(key);
            continue;
        }
        // (An item's path is the key and its place: `moves[0]`.)
        let item_of = |k: &String| {
            key.strip_prefix(k.as_str())
                .is_some_and(|r| r.starts_with('['))
        };
        if number.is_none()
            && why.starts_with("invalid type: string")
            && let Some(at) = listed.iter().position(item_of)
            && let Some(Value::Array(list)) = map.get(&listed[at])
        {
            let list = list
                .iter()
                .map(|v| match v.as_str() {
                    Some(t) => number_as(t, "i64")
                        .or_else(|| number_as(t, "u64"))
                        .or_else(|| number_as(t, "f64"))
                        .map_or_else(|| v.clone(), Value::Number),
                    None => v.clone(),
                })
                .collect();
            let k = listed.remove(at);
            map.insert(k, Value::Array(list));
            continue;
        }
        // So is a number where text is wanted (`{"chips": 5}`), as the
        // command line reads `--chips 5`.
        let text_wanted = why.ends_with(", expected string or map")
            || (why.ends_with(", expected a string") && given.is_some_and(Value::is_number));
        if number.is_none()
            && text_wanted
            && as_text.is_none()
            && let Some(v) = given.filter(|v| !v.is_string()).cloned()
        {
            map.insert(key.clone(), Value::String(v.to_string()));
            as_text = Some((key, v));
            continue;
        }
        // (A key made a number is not text again: each is made one once.)
        let Some(n) = number else {
            let mut said = in_words(&why);
            if let Some((k, v)) = &as_text
                && *k == key
                && let Some((head, _)) = said.rsplit_once(", not the text ")
            {
                said = format!("{head}, not {v}");
            }
            return Err(AppError::BadInput(cut(&format!("{key}: {said}"), MAX_SAID)));
        };
        map.insert(key, Value::Number(n));
    }
}

/// The key of `map` whose value `e` refused, and why. A flattened group
/// (`Sampling`) hides the key from the path: it is found by reading each
/// key alone (every field has a default).
fn failing<V: Verb>(
    map: &serde_json::Map<String, Value>,
    e: &serde_path_to_error::Error<serde_json::Error>,
) -> (String, String) {
    let path = e.path().to_string();
    if path == "." {
        for (k, v) in map {
            let mut one = serde_json::Map::new();
            one.insert(k.clone(), v.clone());
            if let Err(e) = serde_json::from_value::<V>(Value::Object(one)) {
                return (k.clone(), e.to_string());
            }
        }
    }
    (path, e.inner().to_string())
}

/// A whole number written with a point or an exponent (`3.0`, `1e2`, `-0`:
/// JSON has one kind of number) as the number a field of serde's type
/// `expected` takes; `None` for a fraction, or from 2^53 on, where a float
/// no longer holds every whole number (`9007199254740993e0` is read as
/// 2^53, ...992: a seed not the one sent).
fn whole(x: &serde_json::Number, expected: &str) -> Option<serde_json::Number> {
    x.as_f64()
        .filter(|&f| exactly_whole(f))
        .and_then(|f| number_as(&format!("{f:.0}"), expected))
}

/// Whether float `f` is a whole number it holds exactly: below 2^53 in
/// size, where a float holds every whole number.
fn exactly_whole(f: f64) -> bool {
    f.fract() == 0.0 && f.abs() < 2f64.powi(53)
}

/// `text` as the number a field of serde's type `expected` takes, as
/// the command line reads it ("007" is 7); `None` when that type is not a
/// number's or the text is not one.
fn number_as(text: &str, expected: &str) -> Option<serde_json::Number> {
    match expected {
        // (A negative one too, to be refused as the number it is.)
        "usize" | "u64" | "u32" | "u16" | "u8" => text
            .parse::<u64>()
            .map(Into::into)
            .or_else(|_| text.parse::<i64>().map(Into::into))
            .ok(),
        "isize" | "i64" | "i32" => text.parse::<i64>().ok().map(Into::into),
        "f64" | "f32" => serde_json::Number::from_f64(text.parse::<f64>().ok()?),
        _ => None,
    }
}

/// serde's "invalid value: integer `-3`, expected usize" in the words the
/// command line uses: "expected a whole number of 0 or more, not -3".
fn in_words(why: &str) -> String {
    // serde_json's place (" at line 1 column 12"), the last such words.
    let why = match why.rsplit_once(" at line ") {
        Some((head, place)) if place.contains(" column ") => head,
        _ => why,
    };
    if why == "trailing characters" {
        // Within a value: a list longer than its fixed length.
        return "too many items in the list".to_string();
    }
    if let Some(name) = why.strip_prefix("missing field `") {
        return format!("the field \"{}\" is missing", name.trim_end_matches('`'));
    }
    if let Some(rest) = why.strip_prefix("unknown field `") {
        return match rest.split_once("`, ") {
            Some((name, more)) => match more.strip_prefix("expected ") {
                Some(fields) => format!("no field \"{name}\": expected {}", quoted(fields)),
                None => format!("no field \"{name}\": {more}"),
            },
            None => format!("no field \"{}\"", rest.trim_end_matches('`')),
        };
    }
    let Some((got, expected)) = why.rsplit_once(", expected ") else {
        return why.to_string();
    };
    // A count past 2^64 (read as a float): its range says why.
    let huge = got
        .strip_prefix("invalid type: floating point `")
        .and_then(|v| v.trim_end_matches('`').parse::<f64>().ok())
        .is_some_and(|x| x >= u64::MAX as f64);
    let negative = got.contains("integer `-");
    let wanted = match expected {
        "usize" | "u64" if huge => format!("a whole number from 0 to {}", u64::MAX),
        // (Not "0 or more": the verb's own check may ask more, as LCR's
        // at least 2 players does.)
        "usize" | "u64" if negative => "a whole number, not a negative one".to_string(),
        "usize" | "u64" => "a whole number".to_string(),
        "u32" => format!("a whole number from 0 to {}", u32::MAX),
        "u16" => format!("a whole number from 0 to {}", u16::MAX),
        "u8" => format!("a whole number from 0 to {}", u8::MAX),
        "i64" | "isize" => format!("a whole number from {} to {}", i64::MIN, i64::MAX),
        "i32" => format!("a whole number from {} to {}", i32::MIN, i32::MAX),
        "f64" | "f32" => "a number".to_string(),
        "a sequence" => "a list".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" => "text".to_string(),
        "a map" => "an object".to_string(),
        e if e.starts_with("struct ") => "an object".to_string(),
        e if e.starts_with("an array of length ") || e.starts_with("a tuple of size ") => {
            format!("a list of {}", e.rsplit(' ').next().unwrap_or(""))
        }
        // A choice of names (`seed` or `empty`, one of `a`, `b`).
        e if e.contains('`') => quoted(e),
        _ => return why.to_string(),
    };
    let got = got
        .trim_start_matches("invalid value: ")
        .trim_start_matches("invalid type: ");
    let got = if let Some(name) = got.strip_prefix("unknown variant `") {
        format!("string \"{}\"", name.trim_end_matches('`'))
    } else if let Some(n) = got.strip_prefix("invalid length ") {
        format!("a list of {n}")
    } else {
        got.to_string()
    };
    let got = got.as_str();
    // `integer `-3`` and `floating point `2.5``: the value alone; a string
    // said as text.
    let got = match got.split_once(" `") {
        Some((kind, v)) if ["integer", "floating point", "boolean"].contains(&kind) => {
            v.trim_end_matches('`').to_string()
        }
        _ => match got.strip_prefix("string ") {
            Some(text) => format!("the text {text}"),
            None => match got {
                "sequence" => "a list".to_string(),
                "map" => "an object".to_string(),
                "unit value" => "null".to_string(),
                _ => got.to_string(),
            },
        },
    };
    let counted = matches!(expected, "usize" | "u64");
    if counted && negative {
        return format!("expected {wanted}: {got}");
    }
    format!("expected {wanted}, not {got}")
}

/// Names in backticks (serde's `` `seed` or `empty` ``) in double quotes,
/// as JSON writes them.
fn quoted(names: &str) -> String {
    names.replace('`', "\"")
}

/// The most characters of an error line that repeats a value; past it the
/// line is cut and says how long it was (as the adapters cut any line).
const MAX_SAID: usize = 1000;

/// `s` in at most `n` characters: past them, cut, with an ellipsis and its
/// whole length (a 1 MB value gets a short line).
fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let tail = format!("... (cut: {} bytes in all)", s.len());
    let keep = n.saturating_sub(tail.chars().count());
    let end = s.char_indices().nth(keep).map_or(s.len(), |(i, _)| i);
    format!("{}{tail}", &s[..end])
}

/// A rules step's state given as JSON text to `flag` (`--state`): its
/// errors in words, with the field that is wrong (`--state: rule:
/// expected "seed" or "empty", not the text "x"`).
///
/// # Errors
/// Bad input naming the flag, and the field within the state.
pub fn state_from_str<T: serde::de::DeserializeOwned>(
    flag: &str,
    text: &str,
) -> Result<T, AppError> {
    let said = |path: String, e: serde_json::Error| {
        // Text that is not JSON keeps its place (line and column).
        let text = e.to_string();
        let broken = (e.is_syntax() || e.is_eof()) && !text.starts_with("trailing characters");
        let why = if broken { text } else { in_words(&text) };
        // (An unknown field names itself; broken text has no field.)
        let line = if broken || path == "." || path == "?" || why.starts_with("no field") {
            format!("{flag}: {why}")
        } else {
            format!("{flag}: {path}: {why}")
        };
        AppError::BadInput(cut(&line, MAX_SAID))
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        said(path, e.into_inner())
    })?;
    de.end().map_err(|e| {
        AppError::BadInput(format!(
            "{flag}: text after the JSON (at column {})",
            e.column()
        ))
    })?;
    Ok(value)
}

/// The flags a verb takes: the keys of its default request.
pub fn field_names<V: Verb>() -> Vec<String> {
    match serde_json::to_value(V::default()) {
        Ok(Value::Object(m)) => m.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// The command line a request is, as a person would type it, with
/// `--format json`: `games-cli GAME VERB --flag value ...`, flags at their
/// default left out. A flag `true` is the bare flag; a list is
/// comma-separated; an object (a rules-step state) is its JSON text.
pub fn command_line<V: Verb>(req: &V) -> String {
    let mut words = vec![
        "games-cli".to_string(),
        V::GAME.to_string(),
        V::VERB.to_string(),
    ];
    words.extend(flags(req));
    words.push("--format".into());
    words.push("json".into());
    words.join(" ")
}

/// The flags of [`command_line`], each word shell-quoted where needed.
pub fn flags<V: Verb>(req: &V) -> Vec<String> {
    let defaults = match serde_json::to_value(V::default()) {
        Ok(Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let Ok(Value::Object(fields)) = serde_json::to_value(req) else {
        return Vec::new();
    };
    let mut words = Vec::new();
    let mut bare = Vec::new();
    for (k, v) in &fields {
        if defaults.get(k) == Some(v) {
            continue;
        }
        if V::POSITIONAL == Some(k.as_str()) {
            if let Value::Array(items) = v {
                bare.extend(items.iter().map(|i| match i {
                    Value::String(s) => shell_word(s),
                    other => other.to_string(),
                }));
            }
            continue;
        }
        let value = match v {
            Value::Null | Value::Bool(false) => continue,
            Value::Bool(true) => {
                words.push(format!("--{k}"));
                continue;
            }
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Array(items) => items
                .iter()
                .map(|i| match i {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
                .join(","),
            Value::Object(_) => v.to_string(),
        };
        words.push(format!("--{k}"));
        words.push(shell_word(&value));
    }
    words.extend(bare);
    words
}

/// `s` as one shell word: as it is when plain, else in POSIX single
/// quotes (so `=ls` too, which zsh would expand); with a line break or
/// other control character, in `$'...'` with each escaped (bash, ksh and
/// zsh read it; POSIX sh since 2024, not dash), so that a command stays
/// one line (and fits a header).
///
/// ```
/// use games_app::shell_word;
/// assert_eq!(shell_word("3,3,0"), "3,3,0");
/// assert_eq!(shell_word("it's"), r"'it'\''s'");
/// assert_eq!(shell_word("a\nb'c"), r"$'a\nb\'c'");
/// ```
pub fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.,/:+%@".contains(&b));
    if plain {
        return s.to_string();
    }
    if !s.chars().any(char::is_control) {
        return format!("'{}'", s.replace('\'', "'\\''"));
    }
    let mut out = String::from("$'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let mut b = [0u8; 4];
                for byte in c.encode_utf8(&mut b).bytes() {
                    out.push_str(&format!("\\x{byte:02x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// How many games a simulation plays, from which seed, on how many
/// threads, and which shard of the run: one meaning for every simulate
/// verb (`--games`, `--seed`, `--threads`, `--shard K/N`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Sampling {
    /// Games to simulate (`None`: the verb's own default).
    #[serde(deserialize_with = "de::count")]
    pub games: Option<u64>,
    /// Seed of the dice (`None`: drawn, and shown in the report).
    pub seed: Option<u64>,
    /// Worker threads (`None`: every core up to the bound); the report
    /// does not depend on it.
    pub threads: Option<usize>,
    /// Only this shard of the run (see [`crate::shard`]).
    #[serde(with = "de::shard")]
    pub shard: Option<dice::parallel::Shard>,
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// CSV text: the header row, then each row, fields joined by commas.
pub fn csv<R: AsRef<[String]>>(header: &[&str], rows: &[R]) -> String {
    let mut o = header.join(",");
    o.push('\n');
    for r in rows {
        let fields: Vec<String> = r.as_ref().iter().map(|f| csv_field(f)).collect();
        o.push_str(&fields.join(","));
        o.push('\n');
    }
    o
}

/// serde helpers for request fields written as the command line takes
/// them.
pub mod de {
    use serde::{Deserialize, Deserializer};

    /// A count (`games`, `turns`): a JSON number, or a string such as
    /// `"1e6"`, `"10^6"` or `"1_000_000"` ([`crate::parse_count`]).
    ///
    /// # Errors
    /// What was expected.
    pub fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            N(u64),
            I(i64),
            F(f64),
            S(String),
        }
        const EXPECTED: &str = "expected a whole number such as 1000000, 1_000_000, 1e6 or 10^6";
        let bad = |why: String| serde::de::Error::custom(why);
        match Option::<Either>::deserialize(d).map_err(|_| bad(EXPECTED.to_string()))? {
            None => Ok(None),
            Some(Either::N(n)) => Ok(Some(n)),
            // What was sent, and why it is not a count.
            Some(Either::I(n)) => Err(bad(format!(
                "expected a whole number, not a negative one: {n}"
            ))),
            // A whole number written with a point or an exponent (`1e6`)
            // is that count, below 2^53 (where a float holds every one).
            Some(Either::F(x)) if x >= 0.0 && super::exactly_whole(x) => Ok(Some(x as u64)),
            Some(Either::F(x)) if x >= 2f64.powi(64) => {
                Err(bad(format!("{x:e} is more than {}", u64::MAX)))
            }
            Some(Either::F(x)) if x < 0.0 => Err(bad(format!(
                "expected a whole number, not a negative one: {x}"
            ))),
            Some(Either::F(x)) => Err(bad(format!("{EXPECTED}, not {x}"))),
            Some(Either::S(s)) => crate::parse_count(&s).map(Some).map_err(bad),
        }
    }

    /// `--shard K/N` as the string `"K/N"`, N at most
    /// [`crate::shard::MAX_SHARDS`].
    pub mod shard {
        use dice::parallel::Shard;
        use serde::{Deserialize, Deserializer, Serializer};

        /// `"K/N"`, or null.
        ///
        /// # Errors
        /// The serializer's.
        pub fn serialize<S: Serializer>(s: &Option<Shard>, out: S) -> Result<S::Ok, S::Error> {
            match s {
                Some(s) => out.serialize_str(&s.to_string()),
                None => out.serialize_none(),
            }
        }

        /// `"K/N"`, or null.
        ///
        /// # Errors
        /// What was expected.
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Shard>, D::Error> {
            let Some(text) = Option::<String>::deserialize(d)? else {
                return Ok(None);
            };
            crate::parse_shard(&text)
                .map(Some)
                .map_err(serde::de::Error::custom)
        }
    }
}
