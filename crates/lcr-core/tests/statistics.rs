//! Simulation and the exact solver against an exact answer computed here
//! another way: forward propagation of probability over (coins, seat) states,
//! with the die written out as its six faces, turn by turn until less than
//! 1e-15 of the probability is still playing.

use std::collections::HashMap;

use dice::parallel::run_chunks;
use lcr_core::{Game, exact};

/// Win chance per seat and expected turns, by forward propagation.
fn forward(players: usize, coins: u32) -> (Vec<f64>, f64) {
    const FACES: [char; 6] = ['.', '.', '.', 'L', 'C', 'R'];
    let mut live: HashMap<(Vec<u32>, usize), f64> = HashMap::new();
    live.insert((vec![coins; players], 0), 1.0);
    let mut wins = vec![0.0; players];
    let mut turns = 0.0;
    while live.values().sum::<f64>() > 1e-15 {
        let mut next: HashMap<(Vec<u32>, usize), f64> = HashMap::new();
        for ((c, seat), p) in live {
            let holders: Vec<usize> = (0..players).filter(|&i| c[i] > 0).collect();
            if holders.len() == 1 {
                wins[holders[0]] += p;
                continue;
            }
            turns += p;
            let k = c[seat].min(3);
            let outcomes = 6usize.pow(k);
            for code in 0..outcomes {
                let mut d = c.clone();
                let mut x = code;
                for _ in 0..k {
                    match FACES[x % 6] {
                        'L' => {
                            d[seat] -= 1;
                            d[(seat + players - 1) % players] += 1;
                        }
                        'R' => {
                            d[seat] -= 1;
                            d[(seat + 1) % players] += 1;
                        }
                        'C' => d[seat] -= 1,
                        _ => {}
                    }
                    x /= 6;
                }
                *next.entry((d, (seat + 1) % players)).or_default() += p / outcomes as f64;
            }
        }
        live = next;
    }
    (wins, turns)
}

#[test]
fn exact_solver_matches_forward_propagation() {
    for (players, coins) in [(2, 3), (3, 3), (3, 2), (4, 1), (2, 5)] {
        let (wins, turns) = forward(players, coins);
        let r = exact::solve(&exact::ExactConfig::new(players, coins)).unwrap();
        for (a, b) in r.win_probability.iter().zip(&wins) {
            assert!((a - b).abs() < 1e-11, "{players}x{coins}: {a} vs {b}");
        }
        assert!(
            (r.expected_turns - turns).abs() < 1e-9 * turns,
            "{players}x{coins}: {} vs {turns}",
            r.expected_turns
        );
        let total: f64 = r.win_probability.iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(r.tolerance <= 1e-12);
    }
}

/// Simulate `games` games and return seat shares, mean turns and the
/// standard error of the mean turns.
fn simulate(players: usize, games: u64, seed: u64) -> (Vec<f64>, f64, f64) {
    let chunks = run_chunks(
        games,
        seed,
        2,
        |dice, n| {
            let mut game = Game::new(players, 3).unwrap();
            let mut wins = vec![0u64; players];
            let (mut s, mut s2) = (0f64, 0f64);
            for _ in 0..n {
                let o = game.play(dice).unwrap();
                wins[o.winner] += 1;
                s += o.turns as f64;
                s2 += (o.turns * o.turns) as f64;
            }
            (wins, s, s2)
        },
        |_| {},
    )
    .unwrap();
    let mut wins = vec![0u64; players];
    let (mut s, mut s2) = (0f64, 0f64);
    for (w, a, b) in chunks {
        wins.iter_mut().zip(w).for_each(|(x, y)| *x += y);
        s += a;
        s2 += b;
    }
    let g = games as f64;
    let mean = s / g;
    let sd = (s2 / g - mean * mean).sqrt();
    (
        wins.iter().map(|&w| w as f64 / g).collect(),
        mean,
        sd / g.sqrt(),
    )
}

/// Shares within 4.5 standard errors of the exact values (a false alarm
/// about once in 150,000 runs). Rolling min(coins, 2) dice, or counting only
/// turns with a roll, moves the figures by many times that.
fn check(players: usize, games: u64, seed: u64, exact: &[f64], exact_turns: f64) {
    let (shares, turns, turns_se) = simulate(players, games, seed);
    for (seat, (&s, &e)) in shares.iter().zip(exact).enumerate() {
        let se = (e * (1.0 - e) / games as f64).sqrt();
        assert!(
            (s - e).abs() < 4.5 * se,
            "seat {seat}: simulated {s}, exact {e}, se {se}"
        );
    }
    assert!(
        (turns - exact_turns).abs() < 4.5 * turns_se,
        "turns: simulated {turns}, exact {exact_turns}, se {turns_se}"
    );
}

#[test]
fn three_players_simulation_matches_exact_shares() {
    let (wins, turns) = forward(3, 3);
    check(3, 1_000_000, 11, &wins, turns);
}

#[test]
fn four_players_simulation_matches_exact_solver() {
    let r = exact::solve(&exact::ExactConfig::new(4, 3)).unwrap();
    check(4, 1_000_000, 4, &r.win_probability, r.expected_turns);
}

#[test]
fn two_players_seat_one_wins_about_0_62() {
    // The lab's figure for most_common_winner(2).
    let r = exact::solve(&exact::ExactConfig::new(2, 3)).unwrap();
    assert!((r.win_probability[1] - 0.62).abs() < 0.005);
}
