//! Simulations within 4.5 standard errors of the exact odds.
use craps_baccarat::{baccarat, craps};

fn within(name: &str, hits: u64, games: u64, exact: f64) {
    let share = hits as f64 / games as f64;
    let se = (exact * (1.0 - exact) / games as f64).sqrt();
    assert!(
        (share - exact).abs() < 4.5 * se,
        "{name}: simulated {share}, exact {exact}, se {se}"
    );
}

#[test]
fn craps_simulation_matches_244_over_495() {
    let games = 2_000_000;
    let wins = craps::test_craps(games, 5, 2).unwrap();
    within("craps", wins, games, craps::exact().win.to_f64());
}

#[test]
fn baccarat_simulation_matches_exact_one_and_eight_decks() {
    for decks in [1, 8] {
        let games = 1_000_000;
        let t = baccarat::simulate(games, decks, 17, 2).unwrap();
        let o = baccarat::exact_odds(decks).unwrap();
        within("player", t.player, games, o.player.to_f64());
        within("house", t.house, games, o.house.to_f64());
        within("tie", t.tie, games, o.tie.to_f64());
    }
}

#[test]
fn same_seed_same_tally_at_any_thread_count() {
    assert_eq!(
        baccarat::simulate(40_000, 6, 3, 1).unwrap(),
        baccarat::simulate(40_000, 6, 3, 2).unwrap()
    );
    assert_eq!(
        craps::test_craps(40_000, 3, 1).unwrap(),
        craps::test_craps(40_000, 3, 2).unwrap()
    );
}
