//! The six-game study, one thread; and games played through the rules
//! step (what the exact tools and the registry drive).
use criterion::{Criterion, criterion_group, criterion_main};
use dice::SeededDice;
use game::Step;
use lcr_variants::{NAMED, StudyConfig, Variant, VariantState, study};

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
    // 100 games of the standard table through the step: at each chance
    // node the outcomes are listed and one is sampled and applied.
    let v = Variant::named("standard").unwrap();
    g.bench_function("step_100_games", |b| {
        b.iter(|| {
            let mut turns = 0u64;
            for k in 0..100 {
                let mut dice = SeededDice::new(1, k);
                let mut s = VariantState::new(&v);
                while s.turn() == game::Turn::Chance {
                    let o = s.sample_outcome(&mut dice).unwrap();
                    let next = s.chance_outcomes();
                    assert!(!next.is_empty());
                    s.apply_outcome(&o).unwrap();
                    turns += 1;
                }
            }
            turns
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
