//! The page in a real browser: Debian's chromium driven by chromedriver
//! over WebDriver (fantoccini). Loads every page, plays a whole Hog game by
//! clicking against `final` with a seed, plays Kalah(4,3) against the
//! solver to the end, runs an LCR variants study and deals a baccarat hand;
//! every reply the page received is rerun with the CLI and must be the
//! same JSON, and what the page shows must be what that JSON says.
//! Screenshots go to `target/web-screenshots/`.
//!
//! Without chromium and chromedriver the test fails in CI (`CI` set; the
//! CI script installs both) and is skipped with a note elsewhere.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn shots_dir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn wait_for(c: &Client, script: &str, what: &str, limit: Duration) -> serde_json::Value {
    let start = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.unwrap();
        if !v.is_null() && v != serde_json::Value::Bool(false) {
            return v;
        }
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn status_error(c: &Client) -> String {
    let v = c
        .execute(
            "const s = document.getElementById('status'); return s.className === 'error' ? s.textContent : '';",
            vec![],
        )
        .await
        .unwrap();
    v.as_str().unwrap_or("").to_string()
}

async fn set(c: &Client, id: &str, value: &str) {
    c.execute(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change'));",
        vec![id.into(), value.into()],
    )
    .await
    .unwrap();
}

/// Click the element with this id, as a person would.
async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn log_and_reset(c: &Client) -> serde_json::Value {
    c.execute(
        "const l = window.gamesLog; window.gamesLog = []; return l;",
        vec![],
    )
    .await
    .unwrap()
}

async fn shoot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(shots_dir().join(format!("{name}.png")), png).unwrap();
}

#[test]
fn the_page_plays_every_game_in_a_real_browser() {
    if !std::path::Path::new(CHROMIUM).exists() || !std::path::Path::new(CHROMEDRIVER).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "no browser: {CHROMIUM} and {CHROMEDRIVER} are needed (apt-get install chromium chromium-driver; .ci/run does)"
        );
        eprintln!("skipped: no {CHROMIUM} / {CHROMEDRIVER} here (CI installs them)");
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(games_web::serve(listener, games_cli::web_backend()));
        let port = free_port();
        let _driver = Driver(
            Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        );
        let profile = tempfile::tempdir().unwrap();
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1280,1400",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }),
        );
        let webdriver = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        let c = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&webdriver)
                .await
            {
                Ok(c) => break c,
                Err(e) if start.elapsed() < Duration::from_secs(30) => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("cannot start a browser session: {e}"),
            }
        };
        let base = format!("http://{address}");
        let result = play_everything(&c, &base).await;
        let _ = c.close().await;
        result
    });
}

async fn play_everything(c: &Client, base: &str) {
    // Every page loads, with its first replies, under a title of its own.
    let mut titles = Vec::new();
    for page in ["", "hog", "kalah", "lcr", "casino"] {
        c.goto(&format!("{base}/{page}")).await.unwrap();
        let title = c.title().await.unwrap();
        assert!(title.contains("Games"), "{title}");
        assert!(
            !titles.contains(&title),
            "/{page} has the title of another page: {title}"
        );
        titles.push(title);
        let t = c
            .execute(
                "const n = performance.getEntriesByType('navigation')[0]; return [n.responseEnd - n.startTime, n.loadEventEnd - n.startTime];",
                vec![],
            )
            .await
            .unwrap();
        eprintln!("/{page}: response {} ms, load event {} ms", t[0], t[1]);
    }

    // ---- Hog: a whole game against final, clicking the coach's best choice.
    c.goto(&format!("{base}/hog")).await.unwrap();
    wait_for(
        c,
        "return document.querySelector('#hog-coach-table') !== null;",
        "the coach",
        Duration::from_secs(20),
    )
    .await;
    set(c, "hog-seed", "2024").await;
    set(c, "hog-opponent", "final").await;
    log_and_reset(c).await;
    click(c, "hog-new").await;
    let mut clicks = 0;
    loop {
        let state = wait_for(
            c,
            "if (document.getElementById('hog-event').dataset.winner !== undefined) return 'over';
             const b = document.querySelector('#hog-buttons button.best:not([disabled])');
             return b ? b.id : null;",
            "a move or the end",
            Duration::from_secs(30),
        )
        .await;
        let e = status_error(c).await;
        assert!(e.is_empty(), "the page says: {e}");
        if state == "over" {
            break;
        }
        if clicks == 4 {
            shoot(c, "hog-coach").await;
        }
        click(c, state.as_str().unwrap()).await;
        clicks += 1;
        assert!(clicks < 200, "the game does not end");
    }
    shoot(c, "hog").await;
    let log = log_and_reset(c).await;
    let steps: Vec<&serde_json::Value> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["command"].as_str().unwrap().contains("hog step"))
        .collect();
    assert!(
        steps.len() >= 2 * clicks - 1,
        "{} steps for {clicks} clicks",
        steps.len()
    );
    let last: serde_json::Value =
        serde_json::from_str(steps.last().unwrap()["body"].as_str().unwrap()).unwrap();
    let shown = c
        .execute(
            "return JSON.parse(document.getElementById('hog-score').dataset.scores);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        shown, last["state"]["scores"],
        "the page shows the last step's scores"
    );
    let winner = c
        .execute(
            "return Number(document.getElementById('hog-event').dataset.winner);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(winner, last["winner"]);
    let checked = common::check_log(&log);
    eprintln!("hog: {clicks} choices clicked, {checked} replies equal to the CLI's");

    // ---- Kalah(4,3) against the solver, to the end.
    c.goto(&format!("{base}/kalah")).await.unwrap();
    wait_for(
        c,
        "return document.querySelector('#kalah-values-table') !== null;",
        "move values",
        Duration::from_secs(30),
    )
    .await;
    set(c, "kalah-pits", "4").await;
    set(c, "kalah-seeds", "3").await;
    log_and_reset(c).await;
    click(c, "kalah-new").await;
    let mut moves = 0;
    loop {
        let next = wait_for(
            c,
            "if (document.getElementById('kalah-event').dataset.over) return 'over';
             if (!document.querySelector('#kalah-values-table')) return null;
             const best = document.querySelector('#kalah-values-table tr.best td');
             const pits = [...document.querySelectorAll('#kalah-board button.pit:not([disabled])')];
             if (!pits.length) return null;
             const pick = best ? pits.find((p) => p.title.endsWith('pit ' + best.textContent)) : pits[0];
             return (pick || pits[0]).id;",
            "a move or the end",
            Duration::from_secs(30),
        )
        .await;
        let e = status_error(c).await;
        assert!(e.is_empty(), "the page says: {e}");
        if next == "over" {
            break;
        }
        if moves == 1 {
            shoot(c, "kalah-values").await;
        }
        if moves >= 1 {
            // The keyboard stays on the board after a click (on the pit
            // played, or the board when that pit is empty now).
            let active = c
                .execute("return document.activeElement.id;", vec![])
                .await
                .unwrap();
            let active = active.as_str().unwrap_or("");
            assert!(active.starts_with("kalah-"), "focus went to {active:?}");
        }
        c.execute(
            "document.getElementById('kalah-values').replaceChildren();",
            vec![],
        )
        .await
        .unwrap();
        click(c, next.as_str().unwrap()).await;
        moves += 1;
        assert!(moves < 100, "the game does not end");
    }
    shoot(c, "kalah").await;
    let log = log_and_reset(c).await;
    let last_move = log
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|e| e["command"].as_str().unwrap().contains("mancala move "))
        .unwrap();
    let last: serde_json::Value =
        serde_json::from_str(last_move["body"].as_str().unwrap()).unwrap();
    let board = c
        .execute(
            "return JSON.parse(document.getElementById('kalah-board').dataset.board);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(board, last["position"]["board"]);
    assert!(last["final_scores"].is_array(), "the game ended: {last}");
    // The solver plays perfectly from a won start and we played its best
    // moves: Kalah(4,3) is +6 for the first player.
    let scores = &last["final_scores"];
    assert_eq!(
        scores[0].as_i64().unwrap() - scores[1].as_i64().unwrap(),
        6,
        "{scores}"
    );
    let checked = common::check_log(&log);
    eprintln!("kalah: {moves} moves clicked, {checked} replies equal to the CLI's");

    // ---- The Kalah race: a new game started while the solver thinks for
    // the old one must not receive the old game's move. Kalah(6,6) as
    // player 1 (the solver moves first, thinking 2 s), then at once
    // Kalah(4,3) as player 0: after the old reply has come, the new board
    // is untouched and its own move values are shown.
    set(c, "kalah-pits", "6").await;
    set(c, "kalah-seeds", "6").await;
    set(c, "kalah-side", "1").await;
    set(c, "kalah-think", "2").await;
    click(c, "kalah-new").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    set(c, "kalah-pits", "4").await;
    set(c, "kalah-seeds", "3").await;
    set(c, "kalah-side", "0").await;
    click(c, "kalah-new").await;
    tokio::time::sleep(Duration::from_millis(4000)).await;
    let board = c
        .execute(
            "return JSON.parse(document.getElementById('kalah-board').dataset.board);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(board, serde_json::json!([3, 3, 3, 3, 0, 3, 3, 3, 3, 0]));
    let event = c
        .execute(
            "return document.getElementById('kalah-event').textContent;",
            vec![],
        )
        .await
        .unwrap();
    assert!(!event.as_str().unwrap().contains("sowed"), "{event}");
    let rows = wait_for(
        c,
        "const t = document.querySelector('#kalah-values-table'); return t ? t.rows.length - 1 : null;",
        "the new game's move values",
        Duration::from_secs(30),
    )
    .await;
    assert_eq!(rows, 4, "one value for each of the new game's four pits");
    log_and_reset(c).await;

    // ---- The address holds the game: play a move, then open the copied
    // link in a fresh load; the same position comes back, with its values.
    let pit = wait_for(
        c,
        "const p = document.querySelector('#kalah-board button.pit:not([disabled])'); return p ? p.id : null;",
        "a pit to play",
        Duration::from_secs(30),
    )
    .await;
    click(c, pit.as_str().unwrap()).await;
    let (url, board) = {
        let v = wait_for(
            c,
            "const t = document.querySelector('#kalah-values-table');
             const b = document.getElementById('kalah-board').dataset.board;
             return t && document.querySelector('#kalah-board button.pit:not([disabled])') ? [location.href, b] : null;",
            "the position after a move and the solver's reply",
            Duration::from_secs(60),
        )
        .await;
        (
            v[0].as_str().unwrap().to_string(),
            v[1].as_str().unwrap().to_string(),
        )
    };
    assert!(url.contains("/kalah?") && url.contains("board="), "{url}");
    assert_ne!(board, "[3,3,3,3,0,3,3,3,3,0]", "a move was played");
    c.goto(&url).await.unwrap();
    let again = wait_for(
        c,
        "return document.querySelector('#kalah-values-table') ? document.getElementById('kalah-board').dataset.board : null;",
        "the linked position's values",
        Duration::from_secs(30),
    )
    .await;
    assert_eq!(
        again.as_str().unwrap(),
        board,
        "the link reopens the position"
    );
    log_and_reset(c).await;

    // ---- LCR: a variants study with progress and its chart.
    c.goto(&format!("{base}/lcr")).await.unwrap();
    wait_for(
        c,
        "return document.querySelector('#lcr-exact-table') !== null;",
        "the exact odds",
        Duration::from_secs(30),
    )
    .await;
    // An error shows beside the button that caused it, and the odds of the
    // table before are gone: 9 seats are past the web's exact limit.
    set(c, "lcr-players", "9").await;
    click(c, "lcr-exact-go").await;
    let shown = wait_for(
        c,
        "const b = document.getElementById('lcr-exact-go');
         const e = b.closest('.panel').querySelector('.panel-error');
         return e ? [e.textContent, document.querySelector('#lcr-exact-table') === null] : null;",
        "the error beside the button",
        Duration::from_secs(30),
    )
    .await;
    assert!(!shown[0].as_str().unwrap().is_empty(), "{shown}");
    assert_eq!(shown[1], true, "the old odds stayed: {shown}");
    set(c, "lcr-players", "3").await;
    click(c, "lcr-exact-go").await;
    wait_for(
        c,
        "return document.querySelector('#lcr-exact-table') !== null
            && document.querySelector('.panel-error') === null;",
        "the odds again, the error gone",
        Duration::from_secs(30),
    )
    .await;
    log_and_reset(c).await;
    set(c, "lcr-table-name", "nocenter-tilted").await;
    set(c, "lcr-games", "20000").await;
    set(c, "lcr-study-seed", "77").await;
    click(c, "lcr-next").await;
    log_and_reset(c).await;
    click(c, "lcr-study-go").await;
    wait_for(
        c,
        "return document.getElementById('lcr-study-summary') !== null;",
        "the study",
        Duration::from_secs(60),
    )
    .await;
    let e = status_error(c).await;
    assert!(e.is_empty(), "the page says: {e}");
    let lines = c
        .execute(
            "return document.querySelectorAll('#lcr-chart polyline').length;",
            vec![],
        )
        .await
        .unwrap();
    assert!(lines.as_u64().unwrap() >= 2, "chart lines: {lines}");
    shoot(c, "lcr").await;
    let log = log_and_reset(c).await;
    assert_eq!(common::check_log(&log), 1);

    // ---- Baccarat: deal a hand card by card.
    c.goto(&format!("{base}/casino")).await.unwrap();
    wait_for(
        c,
        "return document.querySelector('#bac-edges') !== null;",
        "the exact odds",
        Duration::from_secs(30),
    )
    .await;
    set(c, "bac-seed", "31").await;
    set(c, "bac-decks", "8").await;
    set(c, "craps-seed", "5").await;
    log_and_reset(c).await;
    click(c, "bac-new").await;
    click(c, "craps-new").await;
    wait_for(
        c,
        "return document.getElementById('bac-table').dataset.done === '' ;",
        "a deal",
        Duration::from_secs(20),
    )
    .await;
    for _ in 0..6 {
        let next = c.find(Locator::Id("bac-next")).await.unwrap();
        if next.attr("disabled").await.unwrap().is_some() {
            break;
        }
        next.click().await.unwrap();
    }
    for _ in 0..100 {
        let roll = c.find(Locator::Id("craps-roll")).await.unwrap();
        if roll.attr("disabled").await.unwrap().is_some() {
            break;
        }
        roll.click().await.unwrap();
    }
    let shown = c
        .execute(
            "return [...document.querySelectorAll('#bac-rules li')].map((l) => l.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let want: serde_json::Value = serde_json::from_str(&common::cli_json(
        "games-cli baccarat deal --decks 8 --seed 31 --format json",
    ))
    .unwrap();
    assert_eq!(
        shown, want["rules_applied"],
        "the page shows the tableau's rules as the CLI"
    );
    let cards = c
        .execute(
            "return document.querySelectorAll('#bac-table .card').length;",
            vec![],
        )
        .await
        .unwrap();
    let g = &want["game"];
    let n =
        4 + usize::from(!g["player_third"].is_null()) + usize::from(!g["house_third"].is_null());
    assert_eq!(cards.as_u64().unwrap() as usize, n);
    let craps_done = c
        .execute(
            "return document.getElementById('craps-event').dataset.done;",
            vec![],
        )
        .await
        .unwrap();
    let want: serde_json::Value = serde_json::from_str(&common::cli_json(
        "games-cli craps game --seed 5 --format json",
    ))
    .unwrap();
    assert_eq!(craps_done, if want["won"] == true { "won" } else { "lost" });
    shoot(c, "casino").await;
    let log = log_and_reset(c).await;
    assert!(common::check_log(&log) >= 3);

    // ---- A phone (390 x 844): no page is wider than the screen once its
    // first replies are in (a horizontal scroll bar fails the test).
    c.set_window_size(390, 844).await.unwrap();
    for page in ["", "hog", "kalah", "lcr", "casino"] {
        c.goto(&format!("{base}/{page}")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let widths = c
            .execute(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];",
                vec![],
            )
            .await
            .unwrap();
        shoot(
            c,
            &format!("phone-{}", if page.is_empty() { "home" } else { page }),
        )
        .await;
        assert!(
            widths[0].as_u64() <= widths[1].as_u64(),
            "/{page} at 390 px is {} px wide (the screen shows {})",
            widths[0],
            widths[1]
        );
    }
}
