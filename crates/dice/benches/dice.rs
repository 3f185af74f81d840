//! Dice throughput beside the raw generator.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dice::{Dice, SeededDice};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dice");
    const N: u64 = 1 << 16;
    g.throughput(Throughput::Elements(N));
    g.bench_function("raw_chacha8_u64", |b| {
        let mut d = SeededDice::new(1, 0);
        b.iter(|| {
            let mut acc = 0u64;
            for _ in 0..N {
                acc ^= d.next_word();
            }
            black_box(acc)
        })
    });
    g.bench_function("d6_roll", |b| {
        let mut d = SeededDice::new(1, 0);
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..N {
                acc = acc.wrapping_add(d.roll(6).unwrap());
            }
            black_box(acc)
        })
    });
    g.bench_function("d6_roll_many", |b| {
        let mut d = SeededDice::new(1, 0);
        let mut buf = vec![0u32; N as usize];
        b.iter(|| {
            d.roll_many(6, &mut buf).unwrap();
            black_box(buf[0])
        })
    });
    g.bench_function("d6_dyn_roll", |b| {
        let mut seeded = SeededDice::new(1, 0);
        let d: &mut dyn Dice = &mut seeded;
        b.iter(|| {
            let mut acc = 0u32;
            for _ in 0..N {
                acc = acc.wrapping_add(d.roll(6).unwrap());
            }
            black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
