//! Kalah(6,4), the page's default board, on a server as `games-cli serve`
//! starts it: the openings prepared in the background, then every move's
//! exact value answered at once, under either capture rule.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A `moves` request for `state` through the server's router, its reply
/// and how long it took.
async fn moves(app: &axum::Router, state: &serde_json::Value) -> (serde_json::Value, Duration) {
    let body = serde_json::json!({ "state": state, "think": 2 }).to_string();
    let start = Instant::now();
    let r = app
        .clone()
        .oneshot(
            Request::builder()
                .method("POST")
                .uri("/api/kalah/moves")
                .header("host", "localhost")
                .header("content-type", "application/json")
                .body(Body::from(body))
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    (serde_json::from_slice(&bytes).unwrap(), start.elapsed())
}

/// Wait until the cache has every move's value for each of `positions`.
fn wait_prepared(cache: &games_app::KalahCache, positions: &[mancala::Position], most: Duration) {
    let start = Instant::now();
    while !positions.iter().all(|p| cache.values_of(p).is_some()) {
        assert!(start.elapsed() < most, "not prepared in {most:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("prepared in {:.2} s", start.elapsed().as_secs_f64());
}

/// A served reply's move values, in pit order.
fn values(v: &serde_json::Value) -> Vec<i64> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["value"].as_i64().unwrap())
        .collect()
}

/// The server as `serve` runs it, on Kalah(4,4) so it runs in CI in
/// seconds: the positions prepared in the background, then each reply has
/// every move's exact value, equal to solving the position with no cache
/// (`kalah moves` from the command line), and names its position; and
/// the positions a move leads to were prepared too.
#[test]
fn a_prepared_server_answers_with_every_moves_exact_value() {
    let cache = Arc::new(games_cli::web_kalah_cache());
    let openings = [mancala::CaptureRule::Handout, mancala::CaptureRule::Empty]
        .map(|rule| mancala::Position::kalah(4, 4, rule).unwrap());
    let preparing = games_cli::prepare(&cache, &openings);
    wait_prepared(&cache, &openings, Duration::from_secs(600));
    // One move on: the preparer looks ahead, so a later position is ready.
    let next: Vec<mancala::Position> = openings
        .iter()
        .map(|p| {
            let mut q = p.clone();
            q.play(0).unwrap();
            q
        })
        .collect();
    wait_prepared(&cache, &next, Duration::from_secs(600));
    preparing.cancel();
    assert!(cache.planned() <= cache.limit());
    let app = games_web::router(games_cli::web_backend_with(Arc::clone(&cache)));
    common::runtime().block_on(async {
        for p in openings.iter().chain(&next) {
            let state = serde_json::to_value(p).unwrap();
            let (v, took) = moves(&app, &state).await;
            assert_eq!(v["position"], state, "the reply names its position");
            assert_eq!(v["solved"], true, "{v}");
            // The same values with no cache, as the command line gives them.
            let fresh = games_app::kalah::Moves {
                state: Some(state.clone()),
                think: 60.0,
                ..games_app::kalah::Moves::default()
            };
            let want = games_app::Verb::run(&fresh, &games_app::Context::new()).unwrap();
            let want = serde_json::to_value(&want).unwrap();
            assert_eq!(want["solved"], true, "{want}");
            assert_eq!(values(&v), values(&want), "{:?}", p.rule());
            assert_eq!(v["best_moves"], want["best_moves"]);
            // Answered from the cache: milliseconds (0.5 s target; a busy
            // machine gets margin).
            assert!(took < Duration::from_secs(2), "answered in {took:?}");
            eprintln!("{:?}: {:?} in {took:?}", p.rule(), values(&v));
        }
    });
}

/// The page's default board, Kalah(6,4), prepared as `serve` prepares it:
/// minutes of CPU (218.5 s on two shared cores, docs/benchmarks.md), so it
/// is a measurement, run by hand with
/// `cargo test --release -p games-cli --test kalah_web -- --ignored --nocapture`.
#[test]
#[ignore = "minutes of CPU: a measurement, run by hand (docs/benchmarks.md)"]
fn a_prepared_server_gives_kalah_6_4s_move_values_at_once() {
    let cache = Arc::new(games_cli::web_kalah_cache());
    let preparing = games_cli::prepare_openings(&cache);
    let openings = [mancala::CaptureRule::Handout, mancala::CaptureRule::Empty]
        .map(|rule| mancala::Position::kalah(6, 4, rule).unwrap());
    wait_prepared(&cache, &openings, Duration::from_secs(1200));
    preparing.cancel();
    assert!(cache.planned() <= cache.limit());
    let app = games_web::router(games_cli::web_backend_with(Arc::clone(&cache)));
    common::runtime().block_on(async {
        // Pit 2 (another turn) is best: +8 under the handout's capture,
        // +10 under empty capture (the published value of Kalah(6,4)).
        for (p, best) in openings.iter().zip([8, 10]) {
            let state = serde_json::to_value(p).unwrap();
            let (v, took) = moves(&app, &state).await;
            assert_eq!(v["position"], state, "the reply names its position");
            assert_eq!(v["solved"], true, "{v}");
            assert_eq!(v["best_moves"], serde_json::json!([2]), "{v}");
            let values = values(&v);
            assert_eq!(values.len(), 6);
            assert_eq!(values[2], best);
            assert!(took < Duration::from_secs(2), "answered in {took:?}");
            eprintln!("{:?}: {values:?} in {took:?}", p.rule());
        }
    });
}

/// `serve --cache`'s file: written whole (the folder made), read back
/// into a new server's cache, which then answers at once; a file that is
/// not such JSON is refused with its name.
#[test]
fn a_servers_kalah_values_are_saved_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sub").join(games_cli::KALAH_VALUES_FILE);
    let cache = std::sync::Arc::new(games_cli::web_kalah_cache());
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Empty).unwrap();
    let ctx = games_app::Context::new().with_kalah_cache(std::sync::Arc::clone(&cache));
    let moves = games_app::kalah::Moves {
        state: Some(serde_json::to_value(&p).unwrap()),
        think: 60.0,
        table_bits: 16,
        ..Default::default()
    };
    let first = games_app::Verb::run(&moves, &ctx).unwrap();
    assert!(first.solved);
    assert_eq!(
        games_cli::load_kalah_values(&cache, &file).unwrap(),
        0,
        "no file yet"
    );
    games_cli::save_kalah_values(&cache, &file).unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(file.parent().unwrap()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "only the file, no temporary one");
    let fresh = std::sync::Arc::new(games_cli::web_kalah_cache());
    assert_eq!(
        games_cli::load_kalah_values(&fresh, &file).unwrap(),
        cache.solved()
    );
    let ctx = games_app::Context::new().with_kalah_cache(std::sync::Arc::clone(&fresh));
    let again = games_app::Verb::run(&moves, &ctx).unwrap();
    assert_eq!((again.moves, again.nodes), (first.moves, 0));
    std::fs::write(&file, b"{\"format\": 1, \"positions\": [").unwrap();
    let e = games_cli::load_kalah_values(&fresh, &file).unwrap_err();
    assert_eq!(e.code, games_cli::EXIT_BAD_INPUT);
    assert!(
        e.message.contains(games_cli::KALAH_VALUES_FILE),
        "{}",
        e.message
    );
}

/// A server's start removes the temporary cache files an earlier run
/// left (killed while it wrote), once untouched for 10 minutes: not a
/// newer one (another server may be writing it), nor any other file.
#[test]
fn a_start_removes_the_temporary_files_a_killed_run_left() {
    let dir = tempfile::tempdir().unwrap();
    let old = std::time::SystemTime::now() - games_cli::STALE_TEMP - Duration::from_secs(1);
    let made = |name: &str, at: Option<std::time::SystemTime>| {
        let f = std::fs::File::create(dir.path().join(name)).unwrap();
        if let Some(t) = at {
            f.set_modified(t).unwrap();
        }
    };
    made(".kalah-6-pits-24-seeds-handout.db.a1B2c3.tmp", Some(old));
    made(".kalah-values.json.x9Y8z7.tmp", Some(old));
    made(".kalah-6-pits-22-seeds-empty.db.q1W2e3.tmp", None);
    made("kalah-values.json", Some(old));
    made(".notes.txt.r4T5y6.tmp", Some(old));
    assert_eq!(games_cli::remove_stale_temps(dir.path()), 2);
    let mut left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            ".kalah-6-pits-22-seeds-empty.db.q1W2e3.tmp",
            ".notes.txt.r4T5y6.tmp",
            "kalah-values.json"
        ]
    );
    assert_eq!(games_cli::remove_stale_temps(&dir.path().join("none")), 0);
}

/// A pipe in a cache file's place is neither read nor written (either
/// would block the server for good): the values file and a table file
/// are refused at once, naming the file, and the pipe stays a pipe.
#[cfg(unix)]
#[test]
fn a_pipe_in_the_cache_folder_is_refused_at_once() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join(games_cli::KALAH_VALUES_FILE);
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let table = games_app::KalahCache::table_file(dir.path(), 4, 24, p.rule());
    for f in [&values, &table] {
        let made = std::process::Command::new("mkfifo")
            .arg(f)
            .status()
            .unwrap();
        assert!(made.success());
    }
    let start = std::time::Instant::now();
    let cache = games_cli::web_kalah_cache();
    let e = games_cli::load_kalah_values(&cache, &values).unwrap_err();
    assert!(e.message.contains("not a regular file"), "{}", e.message);
    let e = games_cli::save_kalah_values(&cache, &values).unwrap_err();
    assert!(e.message.contains("not a regular file"), "{}", e.message);
    let e = mancala::endgame::Endgame::read_file(&table).unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
    let t = mancala::endgame::Endgame::build(4, 8, p.rule()).unwrap();
    let e = games_cli::save_table(&table, &t).unwrap_err();
    assert!(e.contains("not a regular file"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(5));
    for f in [&values, &table] {
        assert!(std::fs::metadata(f).unwrap().file_type().is_fifo());
    }
}

/// `serve --cache`'s larger endgame tables: the preparer of a server's
/// cache with a folder writes the table of the board it prepares whole
/// (the folder made, no temporary file left), in the format `kalah
/// endgame build` writes, and a new server's cache reads it back.
#[test]
fn a_servers_endgame_tables_are_written_whole_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("sub");
    let p = mancala::Position::kalah(4, 3, mancala::CaptureRule::Handout).unwrap();
    let k = games_app::KalahCache::table_seeds(&p).unwrap();
    let file = games_app::KalahCache::table_file(&folder, 4, k, p.rule());
    for _ in 0..2 {
        let cache = Arc::new(games_cli::web_kalah_cache_in(folder.clone()));
        let preparing = games_cli::prepare(&cache, std::slice::from_ref(&p));
        wait_prepared(&cache, std::slice::from_ref(&p), Duration::from_secs(300));
        preparing.cancel();
        // The table is saved on a thread of its own.
        cache.wait_for_saves();
        assert_eq!(cache.endgame_seeds(), [k]);
        assert!(cache.planned() <= cache.limit());
        let names: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [file.file_name().unwrap()], "only the table");
        let table = mancala::endgame::Endgame::read_file(&file).unwrap();
        assert_eq!(
            (table.pits(), table.seeds(), table.rule()),
            (4, k, p.rule())
        );
    }
}
