//! sow_game on the handout's largest inputs, and the solver.
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mancala::{CaptureRule, Position, endgame::Endgame, solver, sow_game};

fn bench(c: &mut Criterion) {
    // The handout's limits: n = 10 (22 slots), entries up to 100, 500 moves.
    let board: Vec<i64> = (0..22)
        .map(|i| if i == 10 || i == 21 { 0 } else { 100 })
        .collect();
    let moves: Vec<i64> = (0..500).map(|i| (i * 7 % 10) as i64).collect();
    c.bench_function("sow_game_n10_500_moves", |b| {
        b.iter(|| black_box(sow_game(&board, &moves).unwrap()))
    });
    let mut g = c.benchmark_group("kalah_solve");
    g.sample_size(10);
    // Cold: each solve builds its own endgame table (the default size).
    for (m, n) in [(4, 3), (6, 3), (5, 4)] {
        g.bench_function(format!("kalah_{m}_{n}_empty_capture"), |b| {
            let p = Position::kalah(m, n, CaptureRule::Empty).unwrap();
            b.iter(|| black_box(solver::solve(&p, &solver::Options::default()).unwrap()))
        });
    }
    g.finish();
    // The endgame table alone: 6 pits a side, every position with at most
    // 12 seeds in the pits (2,704,156 of them), on rayon's threads.
    let mut g = c.benchmark_group("kalah_endgame");
    g.sample_size(10);
    g.bench_function("build_6_pits_12_seeds", |b| {
        b.iter(|| black_box(Endgame::build(6, 12, CaptureRule::Empty).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
