//! Craps games, baccarat hands and exact baccarat odds.
use std::hint::black_box;

use craps_baccarat::{baccarat, cards::Shoe, craps};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dice::SeededDice;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("casino");
    const N: u64 = 100_000;
    g.throughput(Throughput::Elements(N));
    g.bench_function("craps_games", |b| {
        let mut d = SeededDice::new(1, 0);
        b.iter(|| (0..N).filter(|_| craps::wins(&mut d).unwrap()).count())
    });
    g.bench_function("baccarat_hands_8_decks", |b| {
        let mut d = SeededDice::new(1, 0);
        let mut shoe = Shoe::new(8).unwrap();
        b.iter(|| {
            (0..N)
                .filter(|_| {
                    baccarat::play(&mut shoe, &mut d).unwrap().outcome == baccarat::Outcome::House
                })
                .count()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("baccarat_exact");
    for k in [1u32, 8] {
        g.bench_function(format!("{k}_decks"), |b| {
            b.iter(|| black_box(baccarat::exact_odds(k).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
