//! Stacked decks and scripted dice from `fixtures/craps-baccarat/*.json`:
//! each baccarat case snapshots its transcript and record, each craps case
//! its rolls and result.
use craps_baccarat::{baccarat, cards::Card, cards::Shoe, craps};
use dice::ScriptedDice;
use serde_json::{Value, json};

fn baccarat_case(case: &Value) -> String {
    let decks = case.get("decks").and_then(Value::as_u64).unwrap_or(1) as u32;
    let cards: Result<Vec<Card>, _> = case["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse::<Card>())
        .collect();
    let game = cards
        .and_then(|cards| Shoe::stacked(&cards, decks))
        .and_then(|mut shoe| baccarat::play_stacked(&mut shoe));
    match game {
        Ok(g) => format!("{g}---\n{}", serde_json::to_string_pretty(&g).unwrap()),
        Err(e) => format!("error: {e}"),
    }
}

fn craps_case(case: &Value) -> String {
    let faces = case["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_u64().unwrap() as u32)
        .collect();
    match craps::play(&mut ScriptedDice::new(faces)) {
        Ok(g) => serde_json::to_string_pretty(&json!({"rolls": g.rolls, "won": g.won})).unwrap(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/craps-baccarat", "*.json", |path| {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let out = match case["game"].as_str().unwrap() {
            "baccarat" => baccarat_case(&case),
            "craps" => craps_case(&case),
            other => panic!("unknown game {other}"),
        };
        insta::assert_snapshot!(format!(
            "{}\n\n{out}",
            case["description"].as_str().unwrap()
        ));
    });
}
