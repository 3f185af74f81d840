//! Craps and baccarat on both paths: a typed request's command line run by
//! the CLI prints the same JSON as the web API answers for the request's
//! body (run by the application layer without clap), and each request
//! reads back from its own JSON.

use games_app::{Sampling, Verb, baccarat, command_line, craps, from_value};

/// The CLI's stdout for `req`'s command line and the API's body for `req`
/// as JSON, after checking the request's JSON reads back as itself.
fn both<V: Verb + PartialEq + std::fmt::Debug>(req: &V) -> (String, String, String) {
    let json = serde_json::to_value(req).unwrap();
    assert_eq!(
        &from_value::<V>(&json).unwrap(),
        req,
        "round trip of {json}"
    );
    let line = command_line(req);
    let words: Vec<String> = line
        .split_whitespace()
        .map(|w| w.trim_matches('\'').to_string())
        .collect();
    let cli = games_cli::run_captured(&words);
    assert_eq!(cli.code, 0, "{line}: {}", cli.stderr);
    // The web body names only the flags given (null is "not given").
    let body: serde_json::Map<String, serde_json::Value> = json
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let body = serde_json::Value::Object(body).to_string();
    let api = games_cli::api::call(V::GAME, V::VERB, body.as_bytes(), None);
    assert_eq!(api.status, 200, "{body}: {}", api.body);
    (line, cli.stdout, api.body)
}

fn sampling(games: u64, seed: u64) -> Sampling {
    Sampling {
        games: Some(games),
        seed: Some(seed),
        ..Sampling::default()
    }
}

#[test]
fn craps_cli_and_api_print_the_same_json() {
    for (line, cli, api) in [
        both(&craps::Exact {}),
        both(&craps::Bets {}),
        both(&craps::Game { seed: Some(5) }),
        both(&craps::Simulate {
            sampling: sampling(30_000, 3),
        }),
    ] {
        assert_eq!(cli, api, "{line}");
    }
}

#[test]
fn baccarat_cli_and_api_print_the_same_json() {
    for (line, cli, api) in [
        both(&baccarat::Exact { decks: 6 }),
        both(&baccarat::Deal {
            decks: 2,
            seed: Some(9),
            cards: None,
        }),
        both(&baccarat::Deal {
            decks: 1,
            seed: None,
            cards: Some(vec!["AH".into(), "9C".into(), "2H".into(), "JS".into()]),
        }),
        both(&baccarat::Simulate {
            decks: 8,
            sampling: sampling(20_000, 4),
        }),
    ] {
        assert_eq!(cli, api, "{line}");
    }
}

/// Values a wrong rule changes: the shares of a seeded run add up to the
/// games, and the stacked deal follows the tableau (player 1 + 2 = 3
/// draws; the house's 9 + 10 = 9 is a natural).
#[test]
fn the_reports_hold_what_the_rules_give() {
    let ctx = games_app::Context::new();
    let r = baccarat::Simulate {
        decks: 1,
        sampling: sampling(10_000, 1),
    }
    .run(&ctx)
    .unwrap();
    assert_eq!(r.counts.player + r.counts.house + r.counts.tie, 10_000);
    let d = baccarat::Deal {
        decks: 1,
        seed: None,
        cards: Some(vec!["AH".into(), "9C".into(), "2H".into(), "JS".into()]),
    }
    .run(&ctx)
    .unwrap();
    assert!(d.game.natural, "{}", d.transcript);
    assert_eq!(d.game.house_total, 9);
    let c = craps::Simulate {
        sampling: sampling(1_000, 2),
    }
    .run(&ctx)
    .unwrap();
    assert!(c.wins <= 1_000 && c.exact_fraction == "244/495");
}
