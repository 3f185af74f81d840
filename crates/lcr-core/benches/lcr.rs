//! Classic LCR throughput (games per second, one thread) and the exact solver.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dice::SeededDice;
use lcr_core::{Game, exact};

fn games(c: &mut Criterion) {
    let mut g = c.benchmark_group("lcr_games");
    const GAMES: u64 = 10_000;
    g.throughput(Throughput::Elements(GAMES));
    for players in [3usize, 5, 8] {
        g.bench_function(format!("{players}_players_3_coins"), |b| {
            let mut dice = SeededDice::new(1, 0);
            let mut game = Game::new(players, 3).unwrap();
            b.iter(|| {
                let mut w = 0usize;
                for _ in 0..GAMES {
                    w += game.play(&mut dice).unwrap().winner;
                }
                black_box(w)
            })
        });
    }
    g.finish();
}

fn solver(c: &mut Criterion) {
    let mut g = c.benchmark_group("lcr_exact");
    g.sample_size(10);
    for players in [3usize, 5, 6] {
        g.bench_function(format!("{players}_players_3_coins"), |b| {
            b.iter(|| black_box(exact::solve(&exact::ExactConfig::new(players, 3)).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, games, solver);
criterion_main!(benches);
