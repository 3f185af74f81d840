//! Hog: simulated games per second, exact best response and minimax.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dice::SeededDice;
use hog::{GOAL, Strategy, exact, play_fast};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("hog");
    const N: u64 = 10_000;
    g.throughput(Throughput::Elements(N));
    let five = Strategy::Always(5);
    let best = exact::final_strategy();
    g.bench_function("games_final_vs_always5", |b| {
        let mut d = SeededDice::new(1, 0);
        b.iter(|| {
            (0..N)
                .filter(|_| {
                    let s = play_fast(&best, &five, GOAL, &mut d).unwrap();
                    s[0] > s[1]
                })
                .count()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("hog_exact");
    g.bench_function("best_response_to_always5", |b| {
        b.iter(|| black_box(exact::best_response(&five, GOAL)))
    });
    g.bench_function("minimax", |b| b.iter(|| black_box(exact::optimal(GOAL))));
    g.bench_function("evaluate_final_vs_always5", |b| {
        b.iter(|| black_box(exact::average_win_rate(&best, &five, GOAL)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
