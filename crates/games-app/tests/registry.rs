//! Every registered game loads with its defaults and passes OpenSpiel's
//! random-simulation test through the object-safe step; bad strings are
//! one-line errors that list what is accepted.

use dice::SeededDice;
use game::Turn;
use games_app::{GAMES, RegistryError, load};

/// The string of a game with every default: `name()`.
fn defaults(name: &str) -> String {
    format!("{name}()")
}

#[test]
fn every_game_loads_with_its_defaults_and_plays_random_games() {
    for info in GAMES {
        let g = load(&defaults(info.name)).unwrap();
        assert_eq!(g.name(), info.name);
        // The listing's count of players is the game's.
        if let Some(n) = info
            .players
            .split([',', ' '])
            .next()
            .and_then(|w| w.parse::<usize>().ok())
        {
            assert_eq!(n, g.players(), "{g}");
        }
        let root = g.new_initial_state();
        // Fewer games for the long ones: an LCR variant game is hundreds of
        // chance steps, each checked for its weights and serde round trip.
        let games = match info.name {
            "kalah" | "craps" | "baccarat" => 1000,
            _ => 200,
        };
        let stats = root
            .random_playouts(games, 7, g.max_steps())
            .unwrap_or_else(|e| panic!("{}: {e}", g));
        assert_eq!(stats.games, games, "{g}");
        assert!(stats.steps >= games, "{g}");
        // Chance was met (and its sampling checked) exactly in the games
        // the registry says have chance.
        assert_eq!(stats.sampling_checked > 0, g.has_chance(), "{g}");
    }
}

#[test]
fn the_canonical_string_loads_the_same_game() {
    for spec in [
        "kalah(pits=4,seeds=3,capture=empty)",
        "hog(goal=50,swine_swap=false)",
        "hog(rules=fall2019)",
        "lcr(players=5,coins=3)",
        "lcr_variant(table=standard-tilted,chips=10x9,max_rounds=100)",
        "lcr_variant(table=0,0,1,1,3,3,chips=4,4,4)",
        "craps()",
        "baccarat(decks=8)",
    ] {
        let g = load(spec).unwrap();
        let again = load(&g.to_string()).unwrap();
        assert_eq!(g.to_string(), again.to_string(), "{spec}");
        assert_eq!(
            g.new_initial_state().serialize(),
            again.new_initial_state().serialize(),
            "{spec}"
        );
    }
    assert_eq!(
        load("kalah").unwrap().to_string(),
        "kalah(pits=6,seeds=4,capture=seed)"
    );
    assert_eq!(
        load("lcr_variant(table=standard-tilted)")
            .unwrap()
            .to_string(),
        "lcr_variant(table=standard-tilted,chips=5,5,5,5,50,5,5,5,5,max_rounds=100,end_check=round)"
    );
}

#[test]
fn parameters_reach_the_rules() {
    // Kalah(4,3): 24 seeds; player 0 has four pits to choose from.
    let k = load("kalah(pits=4,seeds=3)").unwrap().new_initial_state();
    assert_eq!(k.legal_actions().len(), 4);
    // LCR with 7 seats: 7 returns.
    assert_eq!(load("lcr(players=7)").unwrap().players(), 7);
    // A tilted table gives seat 4 fifty chips.
    let v = load("lcr_variant(table=nohold-tilted)").unwrap();
    assert!(v.new_initial_state().serialize().contains("50"));
    assert_eq!(v.players(), 9);
    // Hog without swine swap: the serialised rules say so.
    let h = load("hog(swine_swap=false)").unwrap().new_initial_state();
    assert!(
        h.serialize().contains("\"swine_swap\":false"),
        "{}",
        h.serialize()
    );
    // Hog's actions are 0 to 10 dice.
    assert_eq!(h.legal_actions().len(), 11);
}

#[test]
fn a_state_round_trips_and_only_fits_its_own_game() {
    let g = load("kalah(pits=4,seeds=3)").unwrap();
    let mut s = g.new_initial_state();
    s.apply_action(&serde_json::json!(0)).unwrap();
    let back = g.deserialize_state(&s.serialize()).unwrap();
    assert_eq!(back.serialize(), s.serialize());
    let other = load("kalah(pits=6,seeds=4)").unwrap();
    let e = other.deserialize_state(&s.serialize()).unwrap_err();
    assert!(matches!(e, RegistryError::BadState { .. }), "{e}");
    assert!(
        e.to_string().starts_with("not a state of kalah(pits=6"),
        "{e}"
    );
    // Hog's state under another goal is not this game's.
    let h50 = load("hog(goal=50)").unwrap();
    let h100 = load("hog").unwrap().new_initial_state();
    assert!(h50.deserialize_state(&h100.serialize()).is_err());
    assert!(g.deserialize_state("{").is_err());
}

#[test]
fn illegal_moves_leave_the_state_unchanged() {
    let g = load("kalah(pits=4,seeds=3)").unwrap();
    let mut s = g.new_initial_state();
    let before = s.serialize();
    let e = s.apply_action(&serde_json::json!(9)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "action 9 is not legal here; the legal ones are 0, 1, 2, 3"
    );
    assert!(s.apply_outcome(&serde_json::json!(null)).is_err());
    assert_eq!(s.serialize(), before);
    // A chance outcome is matched as the game serialises it.
    let mut c = load("craps").unwrap().new_initial_state();
    assert!(c.apply_outcome(&serde_json::json!([7, 1])).is_err());
    c.apply_outcome(&serde_json::json!([3, 4])).unwrap();
    assert_eq!(c.turn(), Turn::Terminal);
    assert_eq!(c.returns(), vec![1.0]);
}

#[test]
fn mistakes_are_one_line_and_say_what_is_accepted() {
    let cases = [
        (
            "lrc",
            "unknown game 'lrc' (did you mean 'lcr'?); the games are kalah, hog, lcr, lcr_variant, craps, baccarat",
        ),
        (
            "chess()",
            "unknown game 'chess'; the games are kalah, hog, lcr, lcr_variant, craps, baccarat",
        ),
        (
            "kalah(pits=0)",
            "kalah: pits=\"0\" is not a whole number from 1 to 1048576",
        ),
        (
            "kalah(pits=6,pits=4)",
            "kalah: parameter 'pits' is given twice",
        ),
        (
            "kalah(capture=none)",
            "kalah: capture=\"none\" is not seed or empty",
        ),
        (
            "hog(goal=101)",
            "hog: goal=\"101\" is not a whole number from 1 to 100",
        ),
        (
            "hog(rules=fall2019,swine_swap=false)",
            "hog: swine_swap is a switch of the spring2014 rules; rules=fall2019 has its own special rules (see games-cli hog rules)",
        ),
        (
            "hog(rules=fall2018)",
            "hog: rules=\"fall2018\" is not one of spring2014, fall2017, fall2019, fall2020, fall2021, spring2022, fall2023",
        ),
        ("craps(decks=8)", "craps takes no parameters, got 'decks'"),
        (
            "baccarat(decks=65)",
            "baccarat: decks=\"65\" is not a whole number from 1 to 64",
        ),
        (
            "lcr(players=0)",
            "lcr: players=\"0\" is not a whole number from 1 to 1000000",
        ),
        (
            "kalah(pits=6",
            "cannot read the game \"kalah(pits=6\": expected name or name(key=value,...), such as kalah(pits=6,seeds=4)",
        ),
    ];
    for (spec, want) in cases {
        let e = load(spec).unwrap_err().to_string();
        assert_eq!(e, want, "{spec}");
        assert!(!e.contains('\n'));
    }
    // The engine's own refusals come through, named by the game.
    let e = load("lcr_variant(chips=10)").unwrap_err().to_string();
    assert!(e.starts_with("lcr_variant: "), "{e}");
    let e = load("lcr_variant(table=0,0,9,1,2,3)")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("lcr_variant: "), "{e}");
}

#[test]
fn sampling_through_the_registry_matches_the_step() {
    // The same seeded dice give the same outcome through the object-safe
    // face as through the concrete step.
    use game::Step;
    let s = craps_baccarat::step::CrapsState::default();
    let boxed = load("craps").unwrap().new_initial_state();
    for g in 0..50 {
        let a = s.sample_outcome(&mut SeededDice::new(3, g)).unwrap();
        let b = boxed.sample_outcome(&mut SeededDice::new(3, g)).unwrap();
        assert_eq!(serde_json::to_value(a).unwrap(), b);
    }
}

/// The integer fast path (what the Python package's `apply_action` uses)
/// names and plays the same moves as the JSON path, game after game.
#[test]
fn integer_actions_play_the_same_games_as_json_ones() {
    use dice::Dice;
    for spec in [
        "kalah(pits=6,seeds=4)",
        "hog(goal=30)",
        "lcr(players=3)",
        "craps",
    ] {
        let g = load(spec).unwrap();
        let mut dice = SeededDice::new(11, 0);
        for _ in 0..50 {
            let (mut a, mut b) = (g.new_initial_state(), g.new_initial_state());
            while a.turn() != Turn::Terminal {
                if a.turn() == Turn::Chance {
                    let o = a.sample_outcome(&mut dice).unwrap();
                    a.apply_outcome(&o).unwrap();
                    b.apply_outcome(&o).unwrap();
                    continue;
                }
                let json = a.legal_actions();
                let Some(ints) = b.legal_ints() else {
                    panic!("{spec}: a player's actions that are not integers");
                };
                let as_json: Vec<serde_json::Value> = ints.iter().map(|&n| n.into()).collect();
                assert_eq!(as_json, json, "{spec}");
                let k = dice.below(ints.len() as u32).unwrap() as usize;
                a.apply_action(&json[k]).unwrap();
                b.apply_legal_int(ints[k]).unwrap();
                assert_eq!(a.serialize(), b.serialize(), "{spec}");
            }
        }
    }
    // A number that is no action of the game's type is refused.
    let mut s = load("kalah").unwrap().new_initial_state();
    assert!(s.apply_legal_int(-1).is_err());
}

/// A batch's failures keep their kind: a game longer than the bound and
/// no threads are the caller's, as bad input naming them; threads the
/// machine would not start are its own (see the context's tests for
/// `AppError::from` of a pool that failed).
#[test]
fn a_batchs_failures_are_typed() {
    use games_app::{AppError, Context};
    let g = load("kalah(pits=3,seeds=2)").unwrap();
    let root = g.new_initial_state();
    let meter = Context::new().meter(10, 0, "games");
    let b = root.batch(10, 1, 1, 1 << 20, &meter).unwrap();
    assert_eq!(b.games, 10);
    match root.batch(10, 1, 1, 1, &meter) {
        Err(AppError::BadInput(line)) => assert_eq!(line, "a game ran past 1 steps"),
        other => panic!("{other:?}"),
    }
    match root.batch(10, 1, 0, 1 << 20, &meter) {
        Err(AppError::BadInput(line)) => assert!(line.contains("threads"), "{line}"),
        other => panic!("{other:?}"),
    }
}
