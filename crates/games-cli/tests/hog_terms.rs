//! `games-cli hog` under other terms' rules (`--rules NAME`) and the
//! contest's scoring, as a user runs them. Goals are small so the debug
//! build stays quick; the figures at goal 100 are in docs/hog.md.
mod common;

use common::{bad, stdout_of as ok};

fn ok_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("JSON on stdout")
}

const TERMS: [&str; 6] = [
    "fall2017",
    "fall2019",
    "fall2020",
    "fall2021",
    "spring2022",
    "fall2023",
];

#[test]
fn hog_rules_lists_every_rule_set_with_its_source() {
    let v = ok_json(&["hog", "rules", "--format", "json"]);
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 7);
    assert_eq!(list[0]["name"], "spring2014");
    assert_eq!(list[0]["default"], true);
    for (e, name) in list[1..].iter().zip(TERMS) {
        assert_eq!(e["name"], name);
        assert!(e["source"].as_str().unwrap().contains('@'));
        assert!(e["rules"].as_array().unwrap().len() >= 3);
    }
    let table = ok(&["hog", "rules"]);
    assert!(table.contains("boar brawl") && table.contains("time trot"));
}

#[test]
fn optimal_against_itself_and_best_responses_under_every_term() {
    for t in TERMS {
        let v = ok_json(&[
            "hog",
            "rate",
            "--rules",
            t,
            "--goal",
            "30",
            "--strategy",
            "optimal",
            "--vs",
            "optimal",
            "--format",
            "json",
        ]);
        assert_eq!(v["rules"]["name"], t);
        assert_eq!(v["rules"]["goal"], 30);
        let first = v["win_rate_first"].as_f64().unwrap();
        // Optimal against itself: the average is one half whenever every
        // game ends (all but Spring 2022's zero-point loops).
        if t != "spring2022" {
            assert!(
                (v["exact_win_rate"].as_f64().unwrap() - 0.5).abs() < 1e-12,
                "{t}"
            );
        }
        assert!(first > 0.3 && first < 0.9, "{t}: {first}");
        // The best response to always:5 beats always:4 against always:5.
        let b = ok_json(&[
            "hog",
            "best-response",
            "--rules",
            t,
            "--goal",
            "30",
            "--vs",
            "always:5",
            "--format",
            "json",
        ]);
        let r = ok_json(&[
            "hog",
            "rate",
            "--rules",
            t,
            "--goal",
            "30",
            "--strategy",
            "always:4",
            "--vs",
            "always:5",
            "--format",
            "json",
        ]);
        let best = b["exact_win_rate"].as_f64().unwrap();
        assert!(best > r["exact_win_rate"].as_f64().unwrap(), "{t}");
        assert_eq!(r["best_possible_win_rate"].as_f64().unwrap(), best, "{t}");
    }
}

#[test]
fn spring2014_by_name_is_the_default_path() {
    let args = |rules: Option<&str>| {
        let mut a = vec![
            "hog",
            "rate",
            "--strategy",
            "bacon",
            "--vs",
            "always:4",
            "--format",
            "json",
        ];
        if let Some(r) = rules {
            a.extend(["--rules", r]);
        }
        ok(&a)
    };
    assert_eq!(args(None), args(Some("spring2014")));
}

#[test]
fn contest_scoring_is_exact_and_ranks_by_wins() {
    let v = ok_json(&[
        "hog",
        "tournament",
        "always:1",
        "always:5",
        "always:9",
        "optimal",
        "--rules",
        "fall2021",
        "--goal",
        "25",
        "--scoring",
        "contest",
        "--format",
        "json",
    ]);
    assert_eq!(v["scoring"], "contest");
    let m = v["matrix"].as_array().unwrap();
    for (i, row) in m.iter().enumerate() {
        for (j, a) in row.as_array().unwrap().iter().enumerate() {
            let b = m[j][i].as_f64().unwrap();
            assert!((a.as_f64().unwrap() + b - 1.0).abs() < 1e-12);
        }
    }
    // The optimal strategy beats every other: rank 1 with 3 wins.
    let top = &v["ranking"][0];
    assert_eq!(top["strategy"], "optimal");
    assert_eq!(top["wins"], 3);
    // A pair's contest score is (1 + P(A first) - P(B first)) / 2.
    let pair = |a: &str, b: &str| {
        ok_json(&[
            "hog",
            "rate",
            "--rules",
            "fall2021",
            "--goal",
            "25",
            "--strategy",
            a,
            "--vs",
            b,
            "--format",
            "json",
        ])
    };
    let ab = pair("always:1", "always:9");
    let ba = pair("always:9", "always:1");
    let score = (1.0 + ab["win_rate_first"].as_f64().unwrap()
        - ba["win_rate_first"].as_f64().unwrap())
        / 2.0;
    assert!((m[0][2].as_f64().unwrap() - score).abs() < 1e-12);
    let csv = ok(&[
        "hog",
        "tournament",
        "always:1",
        "always:5",
        "--scoring",
        "contest",
        "--format",
        "csv",
        "--goal",
        "25",
    ]);
    assert!(csv.starts_with("strategy,always:1,always:5,wins\n"));
    let table = ok(&[
        "hog",
        "tournament",
        "always:1",
        "always:5",
        "--scoring",
        "contest",
        "--goal",
        "25",
        "--rules",
        "fall2023",
    ]);
    assert!(table.contains("rank  wins  strategy"));
}

#[test]
fn play_step_export_and_coach_under_a_term() {
    let g = ok_json(&[
        "hog",
        "play",
        "--rules",
        "fall2020",
        "--strategy0",
        "always:3",
        "--strategy1",
        "always:0",
        "--six-sided",
        "4,5,6",
        "--format",
        "json",
    ]);
    // Player 0: 4 + 5 + 6 = 15 at 0-0, and no extra turn (nobody is
    // behind; swine align needs both scores above 0). Player 1: free bacon
    // at 15 is 3 + pi's digit 15 (3.14159265358979323: 3), 6 points; 6
    // against 15 is 9 behind with a common divisor of 3: no extra turn.
    assert_eq!(g["turns"][0]["points"], 15);
    assert_eq!(g["turns"][0]["extra_turn"], false);
    assert_eq!(g["turns"][1]["points"], 6);
    assert_eq!(g["turns"][1]["after"], serde_json::json!([15, 6]));
    assert_eq!(g["turns"][1]["extra_turn"], false);
    let s = ok_json(&[
        "hog",
        "step",
        "--state",
        r#"{"rules": "fall2023", "goal": 100, "scores": [15, 37], "player": 0, "rolling": null}"#,
        "--rolls",
        "0",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    // Boar brawl: 3 x |3 - 5| = 6; 21 has 4 factors: sus fuss to 23.
    assert_eq!(s["state"]["scores"], serde_json::json!([23, 37]));
    assert_eq!(s["turn"]["points"], 6);
    let dir = std::env::temp_dir().join(format!("hog-terms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("best.json");
    let out = out.to_str().unwrap();
    ok(&[
        "hog",
        "export",
        "--rules",
        "fall2021",
        "--goal",
        "40",
        "--strategy",
        "optimal",
        "--out",
        out,
    ]);
    let r = ok_json(&[
        "hog",
        "rate",
        "--rules",
        "fall2021",
        "--goal",
        "40",
        "--strategy",
        &format!("file:{out}"),
        "--vs",
        "optimal",
        "--format",
        "json",
    ]);
    assert!((r["exact_win_rate"].as_f64().unwrap() - 0.5).abs() < 1e-12);
    std::fs::remove_dir_all(&dir).unwrap();
    // Fall 2019's optimal play reads the last turn's points: no table.
    bad(
        &[
            "hog",
            "export",
            "--rules",
            "fall2019",
            "--goal",
            "30",
            "--strategy",
            "optimal",
            "--out",
            "/tmp/never-written.json",
        ],
        "chooses by more than the scores",
    );
    // choose under a term: the strategy's dice there; scores below the goal.
    let ch = ok_json(&[
        "hog",
        "choose",
        "--rules",
        "fall2023",
        "--goal",
        "40",
        "--strategy",
        "always:7",
        "--score",
        "3",
        "--opponent",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(ch["rolls"], 7);
    bad(
        &[
            "hog",
            "choose",
            "--rules",
            "fall2023",
            "--goal",
            "40",
            "--strategy",
            "always:7",
            "--score",
            "40",
            "--opponent",
            "5",
        ],
        "--score",
    );
    let c = ok_json(&[
        "hog",
        "coach",
        "--rules",
        "fall2023",
        "--goal",
        "40",
        "--score",
        "30",
        "--opponent",
        "35",
        "--vs",
        "always:4",
        "--format",
        "json",
    ]);
    assert_eq!(c["choices"].as_array().unwrap().len(), 11);
    let best = c["best_against_opponent"].as_u64().unwrap() as usize;
    let chances: Vec<f64> = c["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["against_opponent"].as_f64().unwrap())
        .collect();
    assert!(chances.iter().all(|&x| x <= chances[best]));
}

#[test]
fn bad_rules_input() {
    bad(
        &[
            "hog",
            "rate",
            "--rules",
            "fall2018",
            "--strategy",
            "always:4",
        ],
        "--rules",
    );
    bad(
        &[
            "hog",
            "rate",
            "--rules",
            "fall2019",
            "--no-swine-swap",
            "--strategy",
            "always:4",
        ],
        "--no-swine-swap",
    );
    bad(
        &["hog", "rate", "--rules", "fall2019", "--strategy", "bacon"],
        "always:N, final, optimal or file:PATH",
    );
    bad(
        &[
            "hog",
            "rate",
            "--rules",
            "fall2019",
            "--strategy",
            "always:4",
            "--games",
            "10",
        ],
        "--games",
    );
    let many: Vec<String> = (0..21).map(|k| format!("always:{}", k % 11)).collect();
    let mut args = vec!["hog", "tournament", "--rules", "fall2019"];
    args.extend(many.iter().map(String::as_str));
    bad(&args, "2 to 20 strategies");
    bad(
        &[
            "hog",
            "step",
            "--state",
            r#"{"rules": "fall2023", "goal": 100, "scores": [15, 37], "player": 2, "rolling": null}"#,
            "--rolls",
            "1",
        ],
        "--state",
    );
}

#[test]
fn edge_switches_each_rule_off() {
    let v = ok_json(&[
        "hog", "edge", "--rules", "fall2021", "--goal", "30", "--format", "json",
    ]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows[0]["without"].is_null());
    assert_eq!(rows[1]["without"], "picky piggy");
    assert_eq!(rows[2]["without"], "hog pile");
    // Every rule on: the same as rate's optimal against optimal.
    let r = ok_json(&[
        "hog",
        "rate",
        "--rules",
        "fall2021",
        "--goal",
        "30",
        "--strategy",
        "optimal",
        "--vs",
        "optimal",
        "--format",
        "json",
    ]);
    // The edge comes from the pass that chooses (a recursion over the
    // dice), rate from summing the optimal policy's turns over their
    // points: the same chance but for the rounding.
    let (edge, rate) = (
        rows[0]["first_player"].as_f64().unwrap(),
        r["win_rate_first"].as_f64().unwrap(),
    );
    assert!((edge - rate).abs() < 1e-12, "{edge} vs {rate}");
    for row in &rows[1..] {
        assert!(row["change"].as_f64().unwrap().abs() > 1e-6);
    }
    // Spring 2014 through the general engine: its switches, as rate has them.
    let e = ok_json(&["hog", "edge", "--goal", "40", "--format", "json"]);
    let off = ok_json(&[
        "hog",
        "rate",
        "--goal",
        "40",
        "--no-hog-wild",
        "--strategy",
        "optimal",
        "--vs",
        "optimal",
        "--format",
        "json",
    ]);
    let got = e["rows"][2]["first_player"].as_f64().unwrap();
    assert!((got - off["win_rate_first"].as_f64().unwrap()).abs() < 1e-12);
    bad(&["hog", "edge", "--rules", "fall2030"], "--rules");
}

#[test]
fn a_person_plays_under_a_term_as_a_strategy_would() {
    // Always answering 5 is always_roll(5): the game must end as
    // `hog play` ends it with always:5 in that seat, on the same seed.
    use std::io::Write;
    for (rules, second) in [("fall2019", false), ("fall2020", true), ("fall2023", false)] {
        let mut args = vec!["hog", "play", "--human", "--rules", rules, "--seed", "7"];
        if second {
            args.push("--second");
        }
        let mut child = common::bin()
            .args(&args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all("5\n".repeat(500).as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{rules}");
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().rev().find(|l| !l.is_empty()).unwrap();
        let (strategy0, strategy1) = if second {
            ("final", "always:5")
        } else {
            ("always:5", "final")
        };
        let want = ok_json(&[
            "hog",
            "play",
            "--rules",
            rules,
            "--seed",
            "7",
            "--strategy0",
            strategy0,
            "--strategy1",
            strategy1,
            "--format",
            "json",
        ]);
        let me = usize::from(second);
        let (s0, s1) = (
            want["score0"].as_u64().unwrap(),
            want["score1"].as_u64().unwrap(),
        );
        let winner = want["winner"].as_u64().unwrap() as usize;
        let (w, l) = if winner == 0 { (s0, s1) } else { (s1, s0) };
        let said = format!(
            "{} {w} to {l}.",
            if winner == me {
                "You win"
            } else {
                "The computer wins"
            }
        );
        assert_eq!(last, said, "{rules}: {text}");
        assert!(text.contains("First to 100"), "{rules}");
    }
}

#[test]
fn matrices_under_a_term_follow_the_ranking() {
    // Strategies given worst first: the ranking and the matrix's rows must
    // both list them best first, the matrix numbered by rank.
    for scoring in ["average", "contest"] {
        let text = ok(&[
            "hog",
            "tournament",
            "always:2",
            "always:4",
            "final",
            "--rules",
            "fall2021",
            "--goal",
            "40",
            "--scoring",
            scoring,
        ]);
        let ranked: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("rank"))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(|l| l.split_whitespace().last().unwrap())
            .collect();
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with('#') && l.contains('.'))
            .map(|l| l.split_whitespace().last().unwrap())
            .collect();
        assert_eq!(
            ranked,
            ["final", "always:4", "always:2"],
            "{scoring}: {text}"
        );
        assert_eq!(rows, ranked, "{scoring}: {text}");
    }
}

#[test]
fn a_turn_under_a_term_scores_by_its_rules() {
    let points = |args: &[&str]| -> u64 {
        let mut all = vec!["hog", "turn", "--format", "json"];
        all.extend_from_slice(args);
        ok_json(&all)["points"].as_u64().unwrap()
    };
    // Boar brawl (Fall 2023): 3 x |tens of 42 - ones of 17| = 9.
    assert_eq!(
        points(&[
            "--rules",
            "fall2023",
            "--rolls",
            "0",
            "--score",
            "17",
            "--opponent",
            "42",
            "--dice",
            "1"
        ]),
        9
    );
    // Free bacon (Fall 2019): 10 - the smaller digit of 42 = 8.
    assert_eq!(
        points(&[
            "--rules",
            "fall2019",
            "--rolls",
            "0",
            "--opponent",
            "42",
            "--dice",
            "1"
        ]),
        8
    );
    // Free bacon (Fall 2020): 3 + the digit of pi at 0 = 6.
    assert_eq!(
        points(&[
            "--rules",
            "fall2020",
            "--rolls",
            "0",
            "--opponent",
            "0",
            "--dice",
            "1"
        ]),
        6
    );
    // Rolled dice: the sum, or 1 when a die shows 1.
    assert_eq!(
        points(&[
            "--rules",
            "fall2021",
            "--rolls",
            "3",
            "--opponent",
            "5",
            "--dice",
            "4,6,2"
        ]),
        12
    );
    assert_eq!(
        points(&[
            "--rules",
            "fall2021",
            "--rolls",
            "3",
            "--opponent",
            "5",
            "--dice",
            "4,6,1"
        ]),
        1
    );
    bad(
        &[
            "hog",
            "turn",
            "--rolls",
            "0",
            "--opponent",
            "4",
            "--dice",
            "1",
            "--score",
            "3",
        ],
        "--score",
    );
    bad(
        &[
            "hog",
            "turn",
            "--rules",
            "fall2019",
            "--rolls",
            "2",
            "--opponent",
            "4",
            "--dice",
            "1",
            "--sides",
            "4",
        ],
        "--sides 4",
    );
    bad(
        &[
            "hog",
            "turn",
            "--rules",
            "fall2019",
            "--rolls",
            "2",
            "--score",
            "100",
            "--opponent",
            "4",
            "--dice",
            "1",
        ],
        "--score",
    );
}

/// `hog step --turns` replays a game's turns: each turn is the one `hog
/// step --rolls --seed` plays from the state the turn before left, memory
/// and all (feral hogs reads last turn's points, time trot the turn's
/// number), and a wrong turn is named by its place in the list.
#[test]
fn a_list_of_turns_is_the_game_played_one_turn_at_a_time() {
    let starts = [
        r#"{"rules":{"goal":60,"free_bacon":true,"hog_wild":true,"swine_swap":true},"scores":[0,0],"player":0,"rolling":null}"#
            .to_string(),
        r#"{"rules":"fall2019","goal":60,"scores":[0,0],"player":0}"#.to_string(),
        r#"{"rules":"fall2017","goal":60,"scores":[0,0],"player":0}"#.to_string(),
    ];
    for start in starts {
        let (mut state, mut turns, mut steps) = (start.clone(), Vec::new(), Vec::new());
        // Dice cycling round 0 to 9, seeds from 40: until someone wins.
        for k in 0..200u64 {
            let (dice, seed) = ((k * 7 + 3) % 10, 40 + k);
            let step = ok_json(&[
                "hog",
                "step",
                "--state",
                &state,
                "--rolls",
                &dice.to_string(),
                "--seed",
                &seed.to_string(),
                "--format",
                "json",
            ]);
            turns.push(format!("{dice}:{seed}"));
            state = step["state"].to_string();
            let over = step["winner"] != serde_json::Value::Null;
            steps.push(step);
            if over {
                break;
            }
        }
        assert!(steps.len() >= 4, "{start}: {} turns", steps.len());
        let all = turns.join(",");
        let game = ok_json(&[
            "hog", "step", "--state", &start, "--turns", &all, "--format", "json",
        ]);
        // Each turn as one step gives it, its dice said to come from the
        // list.
        let mut listed = steps.clone();
        for s in &mut listed {
            s["chosen_by"] = "the list".into();
        }
        assert_eq!(game["turns"].as_array().unwrap(), &listed, "{start}");
        assert_eq!(game["state"], steps.last().unwrap()["state"]);
        assert_eq!(game["winner"], steps.last().unwrap()["winner"]);
        // The text is each turn's text in turn.
        let text = ok(&["hog", "step", "--state", &start, "--turns", &all]);
        assert_eq!(
            text.lines().filter(|l| l.starts_with("state: ")).count(),
            steps.len()
        );
        // One turn more is past the game's end, named by its place.
        let more = format!("{all},2:1");
        bad(
            &["hog", "step", "--state", &start, "--turns", &more],
            &format!("--turns: turn {} (2:1)", steps.len() + 1),
        );
    }
    let fresh = r#"{"rules":"fall2019","goal":60,"scores":[0,0],"player":0}"#;
    bad(
        &["hog", "step", "--state", fresh, "--turns", "4:1,four:2"],
        "--turns: turn 2 is \"four:2\"; expected DICE:SEED",
    );
    let e = bad(
        &[
            "hog", "step", "--state", fresh, "--turns", "4:1", "--rolls", "3",
        ],
        "--turns",
    );
    assert!(e.contains("--rolls"), "{e}");
    let long = vec!["1:1"; games_app::hog::MAX_REPLAYED_TURNS + 1].join(",");
    bad(
        &["hog", "step", "--state", fresh, "--turns", &long],
        &format!(
            "--turns: at most {} turns",
            games_app::hog::MAX_REPLAYED_TURNS
        ),
    );
}
