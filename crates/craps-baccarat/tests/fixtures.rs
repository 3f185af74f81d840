//! Stacked decks and scripted dice from `fixtures/craps-baccarat/*.json`:
//! each baccarat case snapshots its transcript and record, each craps case
//! its rolls and result.
use craps_baccarat::{baccarat, cards::Card, cards::Shoe, craps};
use dice::ScriptedDice;
use serde::Deserialize;
use serde_json::json;

/// One file: a typed case (a misspelled key fails the test).
#[derive(Deserialize)]
#[serde(tag = "game", rename_all = "lowercase", deny_unknown_fields)]
enum Case {
    /// A stacked deck, top first.
    Baccarat {
        description: String,
        cards: Vec<String>,
        #[serde(default = "one")]
        decks: u32,
    },
    /// Scripted dice.
    Craps { description: String, dice: Vec<u32> },
}

fn one() -> u32 {
    1
}

fn baccarat_case(cards: &[String], decks: u32) -> String {
    let cards: Result<Vec<Card>, _> = cards.iter().map(|c| c.parse::<Card>()).collect();
    let game = cards
        .and_then(|cards| Shoe::stacked(&cards, decks))
        .and_then(|mut shoe| baccarat::play_stacked(&mut shoe));
    match game {
        Ok(g) => format!("{g}---\n{}", serde_json::to_string_pretty(&g).unwrap()),
        Err(e) => format!("error: {e}"),
    }
}

fn craps_case(faces: &[u32]) -> String {
    match craps::play(&mut ScriptedDice::new(faces.to_vec())) {
        Ok(g) => serde_json::to_string_pretty(&json!({"rolls": g.rolls, "won": g.won})).unwrap(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/craps-baccarat", "*.json", |path| {
        let case: Case = serde_json::from_str(&std::fs::read_to_string(path).unwrap())
            .unwrap_or_else(|e| panic!("{}: not a casino case: {e}", path.display()));
        let (description, out) = match &case {
            Case::Baccarat {
                description,
                cards,
                decks,
            } => (description, baccarat_case(cards, *decks)),
            Case::Craps { description, dice } => (description, craps_case(dice)),
        };
        insta::assert_snapshot!(format!("{description}\n\n{out}"));
    });
}
