//! Hog's typed requests against the command line: a request's command
//! line (`games_app::command_line`) prints the same JSON as the web API
//! given the request as its body, and the same as its report.

mod common;

use games_app::hog::{self, RuleFlags};
use games_app::{Context, Rendered, Verb, command_line};

/// The CLI's stdout for the request's command line, the API's body for
/// the request's JSON, and the report's JSON: all equal.
fn same<V: Verb>(req: &V, web: bool) {
    let line = command_line(req);
    let cli = common::cli_json(&line);
    let report = req.run(&Context::new()).unwrap().json().unwrap();
    assert_eq!(cli, report, "{line}");
    if web {
        // The page leaves unset flags out (the API refuses `"out": null`).
        let mut v = serde_json::to_value(req).unwrap();
        if let serde_json::Value::Object(m) = &mut v {
            m.retain(|_, x| !x.is_null());
        }
        let body = serde_json::to_vec(&v).unwrap();
        let reply = games_cli::api::call(V::GAME, V::VERB, &body, None);
        assert_eq!(reply.status, 200, "{line}: {}", reply.body);
        assert_eq!(reply.body, cli, "{line}");
    }
}

fn term(name: &str, goal: u32) -> RuleFlags {
    RuleFlags {
        rules: Some(name.into()),
        goal,
        ..RuleFlags::default()
    }
}

#[test]
fn rate_and_best_response() {
    same(
        &hog::Rate {
            strategy: Some("final".into()),
            ..hog::Rate::default()
        },
        true,
    );
    same(
        &hog::Rate {
            strategy: Some("bacon".into()),
            vs: "swap".into(),
            sampling: games_app::Sampling {
                games: Some(2000),
                seed: Some(5),
                threads: Some(2),
                shard: None,
            },
            rules: RuleFlags {
                no_hog_wild: true,
                goal: 60,
                ..RuleFlags::default()
            },
        },
        true,
    );
    same(
        &hog::Rate {
            strategy: Some("optimal".into()),
            rules: term("fall2021", 30),
            ..hog::Rate::default()
        },
        true,
    );
    same(&hog::BestResponse::default(), true);
    same(
        &hog::BestResponse {
            vs: "final".into(),
            out: Some("-".into()),
            file_kind: Some(hog::FileKind::Csv),
            rules: term("fall2020", 40),
        },
        true,
    );
}

#[test]
fn tournament_and_export() {
    same(
        &hog::Tournament {
            strategies: vec!["final".into(), "always:4".into(), "bacon".into()],
            threads: Some(1),
            ..hog::Tournament::default()
        },
        true,
    );
    same(
        &hog::Tournament {
            strategies: vec!["always:4".into(), "final".into()],
            rules: term("fall2019", 20),
            scoring: hog::Scoring::Contest,
            ..hog::Tournament::default()
        },
        true,
    );
    same(
        &hog::Export {
            strategy: "swap".into(),
            out: "-".into(),
            file_kind: Some(hog::FileKind::Json),
            rules: RuleFlags::default(),
        },
        true,
    );
}

#[test]
fn games_turns_and_choices() {
    same(
        &hog::Play {
            strategy0: "final".into(),
            seed: Some(3),
            ..hog::Play::default()
        },
        true,
    );
    same(
        &hog::Play {
            four_sided: Some(vec![1, 4]),
            six_sided: Some(vec![6, 2]),
            ..hog::Play::default()
        },
        true,
    );
    same(
        &hog::Play {
            seed: Some(9),
            rules: term("fall2023", 50),
            ..hog::Play::default()
        },
        true,
    );
    same(
        &hog::Turn {
            rolls: 3,
            opponent: 20,
            dice: vec![2, 3, 4],
            sides: 4,
            ..hog::Turn::default()
        },
        true,
    );
    same(
        &hog::Turn {
            // `command_line` leaves flags at their default out, and the
            // command line requires --rolls: a turn of 0 dice is not
            // expressible this way.
            rolls: 1,
            opponent: 20,
            dice: vec![2],
            score: Some(31),
            rules: term("fall2023", 100),
            ..hog::Turn::default()
        },
        true,
    );
    same(
        &hog::Choose {
            strategy: "optimal".into(),
            score: 10,
            opponent: 20,
            ..hog::Choose::default()
        },
        true,
    );
    same(
        &hog::MaxRolls {
            rules: None,
            dice: None,
            turns: 50,
            seed: Some(2),
        },
        true,
    );
    same(
        &hog::MaxRolls {
            rules: Some("fall2023".into()),
            dice: None,
            turns: 50,
            seed: Some(2),
        },
        true,
    );
    same(
        &hog::Step {
            state: serde_json::json!({"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [12, 31], "player": 1, "rolling": null}),
            strategy: Some("final".into()),
            seed: Some(7),
            ..hog::Step::default()
        },
        true,
    );
    same(
        &hog::Step {
            state: serde_json::json!({"rules": "fall2023", "goal": 100, "scores": [0, 0], "player": 0}),
            rolls: Some(3),
            seed: Some(7),
            ..hog::Step::default()
        },
        true,
    );
    same(
        &hog::Coach {
            vs: "final".into(),
            score: 10,
            opponent: 20,
            rules: RuleFlags {
                no_swine_swap: true,
                ..RuleFlags::default()
            },
        },
        true,
    );
    same(
        &hog::Coach {
            vs: "always:4".into(),
            score: 10,
            opponent: 20,
            rules: term("fall2020", 100),
        },
        true,
    );
}

/// `rules` and `edge` are not served on the web: the CLI and the report
/// agree.
#[test]
fn rules_and_edge() {
    same(&hog::RuleSets {}, false);
    same(
        &hog::Edge {
            rules: "fall2021".into(),
            goal: 40,
        },
        false,
    );
}

/// A merged rate is the whole run's report, byte for byte.
#[test]
fn sharded_rate_merges_to_the_whole_run() {
    let req = hog::Rate {
        strategy: Some("final".into()),
        vs: "bacon".into(),
        sampling: games_app::Sampling {
            games: Some(3000),
            seed: Some(11),
            ..Default::default()
        },
        ..hog::Rate::default()
    };
    let ctx = Context::new();
    let whole = req.run(&ctx).unwrap().json().unwrap();
    let parts: Vec<(String, Vec<u8>)> = (0..3)
        .map(|k| {
            let mut r = req.clone();
            r.sampling.shard = Some(format!("{k}/3").parse().unwrap());
            let text = games_app::shard::partial(&r, &ctx, "json").unwrap();
            (format!("part{k}"), text.into_bytes())
        })
        .collect();
    let (merged, format) = games_app::shard::merge(&parts, &ctx).unwrap();
    assert_eq!(format, "json");
    assert_eq!(merged.json().unwrap(), whole);
}
