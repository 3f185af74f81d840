//! Hog under every term's rules: the general engine's best response to
//! always_roll(5), both players optimal, one exact pairing and a contest
//! round robin on 2 threads: 50 strategies (1,225 pairs) under the rule
//! sets without memory, as many as a tournament takes under the others
//! (24 under Fall 2017, 20 under Fall 2019).
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hog::{Policy, Strategy, Term, term_game};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("hog_terms");
    g.sample_size(10);
    for t in Term::ALL {
        let five = Policy::from_strategy(&Strategy::Always(5), t, 100);
        let four = Policy::from_strategy(&Strategy::Always(4), t, 100);
        g.bench_function(format!("{t}/best_response_to_always5"), |b| {
            b.iter(|| black_box(term_game::best_response(&five, t, 100)))
        });
        g.bench_function(format!("{t}/optimal"), |b| {
            b.iter(|| black_box(term_game::optimal(t, 100)))
        });
        g.bench_function(format!("{t}/rate_always4_vs_always5"), |b| {
            b.iter(|| black_box(term_game::average_win_rate(&four, &five, t, 100)))
        });
        let n = term_game::max_tournament(t).min(50);
        let many: Vec<Policy> = (0..n)
            .map(|i| Policy::from_strategy(&Strategy::Always((i % 11) as u32), t, 100))
            .collect();
        g.bench_function(format!("{t}/round_robin_{n}"), |b| {
            b.iter(|| black_box(term_game::tournament(&many, t, 100, 2)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
