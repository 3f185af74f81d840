//! Scripted rounds from `fixtures/lcr-variants/*.json`, one snapshot each.
use dice::ScriptedDice;
use lcr_variants::{EndCheck, Game, Variant};
use serde_json::{Value, json};

#[test]
fn scripted_rounds() {
    insta::glob!("../../../fixtures/lcr-variants", "*.json", |path| {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let name = case["game"].as_str().unwrap();
        let variant = if name == "custom" {
            let chips = case["chips"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap() as u32)
                .collect();
            let table = case["table"].as_str().unwrap().parse().unwrap();
            Variant::new("custom", table, chips, 100, EndCheck::Round).unwrap()
        } else {
            Variant::named(name).unwrap()
        };
        let faces = case["dice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_u64().unwrap() as u32)
            .collect();
        let mut dice = ScriptedDice::new(faces);
        let mut game = Game::new(&variant);
        let result = match game.play_round(case["start"].as_u64().unwrap() as usize, &mut dice) {
            Ok(center) => json!({
                "chips": game.chips(),
                "center": center,
                "dice_used": dice.used(),
            }),
            Err(e) => json!({ "error": e.to_string() }),
        };
        insta::assert_json_snapshot!(json!({ "case": case, "result": result }));
    });
}
