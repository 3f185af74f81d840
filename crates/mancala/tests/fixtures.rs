//! `fixtures/mancala/*.json`: sow_game cases, one snapshot each.
//! Each file is one typed case: a misspelled key fails the test.
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[allow(dead_code)]
    description: String,
    board: Vec<i64>,
    moves: Vec<i64>,
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/mancala", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let case: Value = serde_json::from_str(&text).unwrap();
        let c: Case = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a sowing case: {e}", path.display()));
        let result = match mancala::sow_game(&c.board, &c.moves) {
            Ok((board, next)) => json!({ "board": board, "next_player": next }),
            Err(e) => json!({ "error": e.to_string() }),
        };
        insta::assert_json_snapshot!(json!({ "case": case, "result": result }));
    });
}
