//! The context's deadline, cancellation and progress reach the work.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use games_app::{AppError, Cancel, Context, Observer, Sampling, Verb, baccarat, craps};

fn huge() -> Sampling {
    Sampling {
        games: Some(1_000_000_000_000),
        seed: Some(1),
        threads: Some(2),
        shard: None,
    }
}

/// A simulation of 10^12 games (hours) with a 0.3 s deadline stops within
/// a second of it, with `OutOfTime`.
#[test]
fn a_deadline_stops_a_long_simulation() {
    let t = Instant::now();
    let ctx = Context::new().with_deadline(t + Duration::from_millis(300));
    let r = craps::Simulate { sampling: huge() }.run(&ctx);
    assert_eq!(r.unwrap_err(), AppError::OutOfTime);
    assert!(
        t.elapsed() < Duration::from_millis(1300),
        "{:?}",
        t.elapsed()
    );
}

/// Cancelling from another thread (a client that left) stops the work
/// within a second.
#[test]
fn cancelling_stops_a_long_simulation() {
    let cancel = Cancel::new();
    let ctx = Context::new().with_cancel(cancel.clone());
    let t = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let r = baccarat::Simulate {
        decks: 8,
        sampling: huge(),
    }
    .run(&ctx);
    stopper.join().unwrap();
    assert_eq!(r.unwrap_err(), AppError::Cancelled);
    assert!(
        t.elapsed() < Duration::from_millis(1300),
        "{:?}",
        t.elapsed()
    );
}

#[derive(Default)]
struct Seen {
    total: AtomicU64,
    done: AtomicU64,
}

impl Observer for Seen {
    fn start(&self, total: u64, _long: u64, _what: &str) {
        self.total.store(total, Ordering::Relaxed);
    }
    fn set(&self, done: u64) {
        self.done.fetch_max(done, Ordering::Relaxed);
    }
    fn finish(&self) {}
}

/// The observer hears of every game played, and the report does not
/// depend on being watched.
#[test]
fn progress_counts_every_game() {
    let seen = Arc::new(Seen::default());
    let ctx = Context::new().with_observer(seen.clone());
    let req = craps::Simulate {
        sampling: Sampling {
            games: Some(100_000),
            seed: Some(7),
            ..Sampling::default()
        },
    };
    let watched = req.run(&ctx).unwrap();
    assert_eq!(seen.total.load(Ordering::Relaxed), 100_000);
    assert_eq!(seen.done.load(Ordering::Relaxed), 100_000);
    let plain = req.run(&Context::new()).unwrap();
    assert_eq!(watched.wins, plain.wins);
}
