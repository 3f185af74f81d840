//! Scripted games from `fixtures/lcr-core/*.json`, one insta snapshot each.
//! Each file is one typed case: a misspelled key fails the test.
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[allow(dead_code)]
    description: String,
    players: usize,
    #[serde(default = "three")]
    coins: u32,
    script: String,
}

fn three() -> u32 {
    3
}

#[test]
fn scripted_fixtures() {
    insta::glob!("../../../fixtures/lcr-core", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let case: Value = serde_json::from_str(&text).unwrap();
        let c: Case = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not an LCR case: {e}", path.display()));
        let result = match lcr_core::play_scripted(c.players, c.coins, &c.script) {
            Ok(g) => json!({
                "winner": g.winner,
                "turns": g.turns,
                "rolling_turns": g.rolling_turns,
                "coins": g.coins,
                "center": g.center,
            }),
            Err(e) => json!({ "error": e.to_string() }),
        };
        insta::assert_json_snapshot!(json!({ "case": case, "result": result }));
    });
}
