//! Grader-style vectors from `fixtures/hog/*.json`, one snapshot each. Each
//! file is one typed case (a misspelled key fails the test); `rules` is
//! optional and defaults to the handout's.
use dice::CyclingDice;
use hog::{HogError, Rules, SplitDice, Strategy};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Case {
    /// `take_turn(rolls, opponent, make_test_dice(dice))`.
    Turn {
        #[allow(dead_code)]
        description: String,
        rolls: i64,
        opponent: u32,
        dice: Vec<u32>,
        #[serde(default)]
        rules: Rules,
    },
    /// One recorded turn at a score pair.
    TurnAt {
        #[allow(dead_code)]
        description: String,
        player: usize,
        scores: [u32; 2],
        rolls: u32,
        four_sided: Vec<u32>,
        six_sided: Vec<u32>,
        #[serde(default)]
        rules: Rules,
    },
    /// A whole game on test dice.
    Game {
        #[allow(dead_code)]
        description: String,
        strategy0: String,
        strategy1: String,
        four_sided: Vec<u32>,
        six_sided: Vec<u32>,
        #[serde(default)]
        rules: Rules,
    },
    /// The dice a strategy rolls at a score pair.
    Choose {
        #[allow(dead_code)]
        description: String,
        strategy: String,
        score: u32,
        opponent: u32,
        #[serde(default)]
        rules: Rules,
    },
}

fn split(four: &[u32], six: &[u32]) -> Result<SplitDice<CyclingDice, CyclingDice>, HogError> {
    Ok(SplitDice {
        four: CyclingDice::new(four.to_vec())?,
        six: CyclingDice::new(six.to_vec())?,
    })
}

fn run(case: &Case) -> Result<Value, HogError> {
    Ok(match case {
        Case::Turn {
            rolls,
            opponent,
            dice,
            rules,
            ..
        } => {
            let mut d = CyclingDice::new(dice.clone())?;
            let rolls = hog::check_rolls(*rolls)?;
            json!({ "points": hog::take_turn_under(rules, rolls, *opponent, 6, &mut d)? })
        }
        Case::TurnAt {
            player,
            scores,
            rolls,
            four_sided,
            six_sided,
            rules,
            ..
        } => {
            let t = hog::turn(
                *player,
                *scores,
                *rolls,
                rules,
                &mut split(four_sided, six_sided)?,
            )?;
            serde_json::to_value(t).unwrap()
        }
        Case::Game {
            strategy0,
            strategy1,
            four_sided,
            six_sided,
            rules,
            ..
        } => {
            let s0 = Strategy::named(strategy0, rules)?;
            let s1 = Strategy::named(strategy1, rules)?;
            serde_json::to_value(hog::play(
                &s0,
                &s1,
                rules,
                &mut split(four_sided, six_sided)?,
            )?)
            .unwrap()
        }
        Case::Choose {
            strategy,
            score,
            opponent,
            rules,
            ..
        } => {
            let s = Strategy::named(strategy, rules)?;
            rules.check_score(*score)?;
            rules.check_score(*opponent)?;
            json!({ "rolls": s.rolls(*score, *opponent) })
        }
    })
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/hog", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let case: Value = serde_json::from_str(&text).unwrap();
        let typed: Case = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a hog case: {e}", path.display()));
        let result = run(&typed).unwrap_or_else(|e| json!({ "error": e.to_string() }));
        insta::assert_json_snapshot!(json!({ "case": case, "result": result }));
    });
}
