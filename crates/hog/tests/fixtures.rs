//! Grader-style vectors from `fixtures/hog/*.json`, one snapshot each.
use dice::CyclingDice;
use hog::{GOAL, HogError, SplitDice, Strategy};
use serde_json::{Value, json};

fn faces(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

fn split(case: &Value) -> Result<SplitDice<CyclingDice, CyclingDice>, HogError> {
    Ok(SplitDice {
        four: CyclingDice::new(faces(&case["four_sided"]))?,
        six: CyclingDice::new(faces(&case["six_sided"]))?,
    })
}

fn run(case: &Value) -> Result<Value, HogError> {
    let u = |k: &str| case[k].as_u64().unwrap() as u32;
    Ok(match case["kind"].as_str().unwrap() {
        "turn" => {
            let mut d = CyclingDice::new(faces(&case["dice"]))?;
            let rolls = hog::check_rolls(case["rolls"].as_i64().unwrap())?;
            json!({ "points": hog::take_turn(rolls, u("opponent"), 6, &mut d)? })
        }
        "turn_at" => {
            let s = faces(&case["scores"]);
            let t = hog::turn(
                u("player") as usize,
                [s[0], s[1]],
                u("rolls"),
                &mut split(case)?,
            )?;
            serde_json::to_value(t).unwrap()
        }
        "game" => {
            let s0: Strategy = case["strategy0"].as_str().unwrap().parse()?;
            let s1: Strategy = case["strategy1"].as_str().unwrap().parse()?;
            serde_json::to_value(hog::play(&s0, &s1, GOAL, &mut split(case)?)?).unwrap()
        }
        "choose" => {
            let s: Strategy = case["strategy"].as_str().unwrap().parse()?;
            json!({ "rolls": s.choose(u("score"), u("opponent"))? })
        }
        other => panic!("unknown kind {other}"),
    })
}

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/hog", "*.json", |path| {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let result = run(&case).unwrap_or_else(|e| json!({ "error": e.to_string() }));
        insta::assert_json_snapshot!(json!({ "case": case, "result": result }));
    });
}
