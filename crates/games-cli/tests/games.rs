//! `games-cli games`: the registry's listing, and every listed game loaded
//! with its defaults from the command line.
mod common;

use common::{bad, stdout_of};

#[test]
fn every_listed_game_loads_with_its_defaults() {
    let list: serde_json::Value =
        serde_json::from_str(&stdout_of(&["games", "--format", "json"])).unwrap();
    let games = list.as_array().unwrap();
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["kalah", "hog", "lcr", "lcr_variant", "craps", "baccarat"]
    );
    let text = stdout_of(&["games"]);
    for g in games {
        let name = g["name"].as_str().unwrap();
        // The table names each game and each of its parameters.
        assert!(text.contains(&format!("\n{name}: ")), "{name}");
        for p in g["params"].as_array().unwrap() {
            assert!(text.contains(p["name"].as_str().unwrap()), "{name}");
        }
        let one: serde_json::Value = serde_json::from_str(&stdout_of(&[
            "games",
            &format!("{name}()"),
            "--format",
            "json",
        ]))
        .unwrap();
        // Every parameter is in force with its default (chips of an LCR
        // variant default to the table's own, shown as counts).
        let shown: Vec<&str> = one["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        let listed: Vec<&str> = g["params"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .filter(|p| name != "hog" || ["rules", "goal"].contains(p) || shown.contains(p))
            .collect();
        assert_eq!(shown, listed, "{name}");
        assert!(one["initial_state"].is_object(), "{name}");
        // The canonical string loads the same game again.
        let canonical = one["game"].as_str().unwrap();
        let again: serde_json::Value =
            serde_json::from_str(&stdout_of(&["games", canonical, "--format", "json"])).unwrap();
        assert_eq!(again, one, "{canonical}");
    }
}

#[test]
fn a_loaded_game_shows_its_parameters_and_state() {
    let out = stdout_of(&["games", "kalah(pits=4,seeds=3,capture=empty)"]);
    assert!(out.starts_with("kalah(pits=4,seeds=3,capture=empty)\n2 players, no chance\n"));
    assert!(out.contains("\"board\":[3,3,3,3,0,3,3,3,3,0]"), "{out}");
    let out = stdout_of(&["games", "lcr(players=7)"]);
    assert!(out.contains("7 players, with chance"), "{out}");
}

#[test]
fn a_bad_game_string_is_one_line_with_what_is_accepted() {
    bad(&["games", "lrc"], "did you mean 'lcr'?");
    bad(&["games", "kalah(pitz=6)"], "it takes pits, seeds, capture");
    bad(&["games", "baccarat(decks=0)"], "from 1 to 64");
    bad(
        &["games", "hog(rules=fall2017,hog_wild=false)"],
        "switch of the spring2014 rules",
    );
    bad(&["games", "--format", "yaml"], "(accepted values: table");
}
