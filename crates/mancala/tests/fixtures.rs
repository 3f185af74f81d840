//! `fixtures/mancala/*.json`: sow_game cases, one snapshot each.
use serde_json::{Value, json};

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/mancala", "*.json", |path| {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let list = |k: &str| -> Vec<i64> {
            case[k]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect()
        };
        let result = match mancala::sow_game(&list("board"), &list("moves")) {
            Ok((board, next)) => json!({ "board": board, "next_player": next }),
            Err(e) => json!({ "error": e.to_string() }),
        };
        insta::assert_json_snapshot!(json!({ "case": case, "result": result }));
    });
}
