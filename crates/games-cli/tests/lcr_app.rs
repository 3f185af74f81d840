//! The LCR verbs on both paths: a typed request's command line run by the
//! CLI prints the same JSON as the web API answers for the request's body
//! (which the application layer runs without clap).

use games_app::{Sampling, Verb, command_line, lcr};

/// The CLI's stdout for `req`'s command line, and the API's body for
/// `req` as JSON.
fn both<V: Verb>(req: &V) -> (String, String, String) {
    let line = command_line(req);
    let words: Vec<&str> = line.split_whitespace().collect();
    let cli = games_cli::run_captured(&words);
    assert_eq!(cli.code, 0, "{line}: {}", cli.stderr);
    let body = serde_json::to_string(req).unwrap();
    let api = games_cli::api::call(V::GAME, V::VERB, body.as_bytes(), None);
    assert_eq!(api.status, 200, "{body}: {}", api.body);
    assert_eq!(api.command, line);
    (line, cli.stdout, api.body)
}

#[test]
fn cli_and_api_print_the_same_json() {
    let sampling = |games, seed| Sampling {
        games: Some(games),
        seed: Some(seed),
        ..Default::default()
    };
    let simulate = [
        lcr::Simulate {
            players: Some(3),
            coins: Some(2),
            sampling: sampling(20_000, 7),
            ..Default::default()
        },
        lcr::Simulate {
            players: Some(9),
            sampling: sampling(5_000, 1),
            ..Default::default()
        },
        lcr::Simulate {
            table: Some("all".into()),
            chips: Some("4x4".into()),
            checkpoints: Some(vec![100, 500]),
            end_check: Some(lcr_variants::EndCheck::Turn),
            max_rounds: Some(40),
            sampling: sampling(1000, 2),
            ..Default::default()
        },
    ];
    for req in &simulate {
        let (line, cli, api) = both(req);
        assert_eq!(cli, api, "{line}");
    }
    for req in [
        lcr::Replay {
            players: Some(4),
            coins: Some(2),
            seed: Some(11),
            throws: true,
            ..Default::default()
        },
        lcr::Replay {
            players: Some(2),
            script: Some("LCR".into()),
            ..Default::default()
        },
    ] {
        let (line, cli, api) = both(&req);
        assert_eq!(cli, api, "{line}");
    }
    let (line, cli, api) = both(&lcr::Exact {
        players: Some(4),
        coins: Some(2),
        threads: Some(1),
    });
    assert_eq!(cli, api, "{line}");
}

/// Bad input is one line on both paths, naming the flag.
#[test]
fn cli_and_api_refuse_alike() {
    let body = br#"{"players": 2, "coins": 1001}"#;
    let api = games_cli::api::call("lcr", "replay", body, None);
    assert_eq!(api.status, 400);
    let cli = games_cli::run_captured([
        "games-cli",
        "lcr",
        "replay",
        "--players",
        "2",
        "--coins",
        "1001",
        "--seed",
        "1",
    ]);
    assert_eq!(cli.code, 2);
    assert_eq!(cli.stderr, "--coins must be at most 1000, not 1001");
    // The web's own bound comes first there.
    assert!(
        api.body.contains("coins: at most 100 on the web"),
        "{}",
        api.body
    );
}
