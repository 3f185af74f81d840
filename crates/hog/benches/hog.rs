//! Hog: simulated games per second, exact best response and minimax.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dice::SeededDice;
use hog::{Rules, Strategy, exact, play_fast};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("hog");
    const N: u64 = 10_000;
    g.throughput(Throughput::Elements(N));
    let five = Strategy::Always(5);
    let rules = Rules::HANDOUT;
    let best = exact::final_strategy(&rules);
    g.bench_function("games_final_vs_always5", |b| {
        let mut d = SeededDice::new(1, 0);
        b.iter(|| {
            (0..N)
                .filter(|_| {
                    let s = play_fast(&best, &five, &rules, &mut d).unwrap();
                    s[0] > s[1]
                })
                .count()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("hog_exact");
    g.bench_function("best_response_to_always5", |b| {
        b.iter(|| black_box(exact::best_response(&five, &rules)))
    });
    g.bench_function("minimax", |b| b.iter(|| black_box(exact::optimal(&rules))));
    g.bench_function("evaluate_final_vs_always5", |b| {
        b.iter(|| black_box(exact::average_win_rate(&best, &five, &rules)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
