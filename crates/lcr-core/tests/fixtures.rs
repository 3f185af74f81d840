//! Scripted games from `fixtures/lcr-core/*.json`, one insta snapshot each.
use serde_json::{Value, json};

#[test]
fn scripted_fixtures() {
    insta::glob!("../../../fixtures/lcr-core", "*.json", |path| {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let players = case["players"].as_u64().unwrap() as usize;
        let coins = case.get("coins").and_then(Value::as_u64).unwrap_or(3) as u32;
        let script = case["script"].as_str().unwrap();
        let result = match lcr_core::play_scripted(players, coins, script) {
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
