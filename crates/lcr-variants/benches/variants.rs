//! The six-game study, one thread.
use criterion::{Criterion, criterion_group, criterion_main};
use lcr_variants::{NAMED, StudyConfig, Variant, study};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("lcr_variants");
    g.sample_size(10);
    for name in NAMED {
        let v = Variant::named(name).unwrap();
        g.bench_function(format!("{name}_10000_games"), |b| {
            b.iter(|| {
                study(
                    &v,
                    &StudyConfig {
                        checkpoints: vec![10_000],
                        seed: 1,
                        threads: 1,
                    },
                )
                .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
