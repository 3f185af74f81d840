//! Scripted rounds from `fixtures/lcr-variants/*.json`, one snapshot each.
//! Each file is one typed case: a misspelled key fails the test.
use dice::ScriptedDice;
use lcr_variants::{EndCheck, Game, Variant};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[allow(dead_code)]
    description: String,
    /// A named game, or "custom" with `table` and `chips`.
    game: String,
    table: Option<String>,
    chips: Option<Vec<u32>>,
    start: usize,
    dice: Vec<u32>,
}

#[test]
fn scripted_rounds() {
    insta::glob!("../../../fixtures/lcr-variants", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let case: Value = serde_json::from_str(&text).unwrap();
        let c: Case = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a variants case: {e}", path.display()));
        let variant = if c.game == "custom" {
            let table = c
                .table
                .as_deref()
                .expect("a custom game has a table")
                .parse()
                .unwrap();
            let chips = c.chips.clone().expect("a custom game has chips");
            Variant::new("custom", table, chips, 100, EndCheck::Round).unwrap()
        } else {
            Variant::named(&c.game).unwrap()
        };
        let mut dice = ScriptedDice::new(c.dice.clone());
        let mut game = Game::new(&variant);
        let result = match game.play_round(c.start, &mut dice) {
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
