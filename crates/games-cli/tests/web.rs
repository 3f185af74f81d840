//! The web server and its API: every endpoint answers with the CLI's JSON
//! for the same command (in process, through the router), bad requests of
//! every kind get a 4xx with one line and leave the server serving, and
//! 200 concurrent mixed requests on loopback are all answered.

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

async fn call(method: &str, path: &str, body: &str) -> (StatusCode, String, String, String) {
    let app = games_web::router(games_cli::web_backend());
    let r = app
        .oneshot(
            Request::builder()
                .method(method)
                .uri(path)
                .header("host", "localhost")
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
        .unwrap();
    let status = r.status();
    let kind = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let command = r
        .headers()
        .get("x-games-cli-command")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = r.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        kind,
        command,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// Requests with their expected command lines: the reply is that
/// command's JSON, byte for byte.
const SAME_AS_CLI: &[(&str, &str, &str)] = &[
    (
        "/api/hog/rate",
        r#"{"strategy": "final", "vs": "always:5"}"#,
        "games-cli hog rate --strategy final --vs always:5 --format json",
    ),
    (
        "/api/hog/rate",
        r#"{"rules": "fall2021", "strategy": "optimal", "vs": "always:5", "goal": 30}"#,
        "games-cli hog rate --goal 30 --rules fall2021 --strategy optimal --vs always:5 --format json",
    ),
    (
        "/api/hog/tournament",
        r#"{"rules": "fall2019", "strategies": ["always:4", "always:6", "final"], "goal": 20, "scoring": "contest"}"#,
        "games-cli hog tournament --goal 20 --rules fall2019 --scoring contest always:4 always:6 final --format json",
    ),
    (
        "/api/hog/coach",
        r#"{"vs": "final", "score": 10, "opponent": 20, "no-swine-swap": true}"#,
        "games-cli hog coach --no-swine-swap --opponent 20 --score 10 --vs final --format json",
    ),
    (
        "/api/hog/step",
        r#"{"state": {"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [12, 31], "player": 1, "rolling": null}, "strategy": "final", "seed": 7}"#,
        "",
    ),
    (
        "/api/hog/export",
        r#"{"strategy": "bacon", "out": "-", "as": "csv"}"#,
        "games-cli hog export --as csv --out - --strategy bacon --format json",
    ),
    (
        "/api/kalah/move",
        r#"{"state": {"board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": "seed"}, "pit": 1}"#,
        "",
    ),
    (
        "/api/kalah/moves",
        r#"{"pits": 4, "seeds": 3}"#,
        "games-cli kalah moves --pits 4 --seeds 3 --format json",
    ),
    (
        "/api/lcr/exact",
        r#"{"players": 4, "coins": 2}"#,
        "games-cli lcr exact --coins 2 --players 4 --format json",
    ),
    (
        "/api/lcr/replay",
        r#"{"players": 3, "coins": 3, "seed": 11, "throws": true}"#,
        "games-cli lcr replay --coins 3 --players 3 --seed 11 --throws --format json",
    ),
    (
        "/api/lcr/simulate",
        r#"{"table": "standard-tilted", "chips": "10x9", "games": 3000, "seed": 5}"#,
        "games-cli lcr simulate --chips 10x9 --games 3000 --seed 5 --table standard-tilted --format json",
    ),
    (
        "/api/craps/game",
        r#"{"seed": 3}"#,
        "games-cli craps game --seed 3 --format json",
    ),
    (
        "/api/craps/exact",
        "{}",
        "games-cli craps exact --format json",
    ),
    (
        "/api/baccarat/deal",
        r#"{"decks": 8, "seed": 2}"#,
        "games-cli baccarat deal --decks 8 --seed 2 --format json",
    ),
    (
        "/api/baccarat/exact",
        r#"{"decks": 6}"#,
        "games-cli baccarat exact --decks 6 --format json",
    ),
];

#[test]
fn api_replies_are_the_cli_json_for_the_same_command() {
    common::runtime().block_on(async {
        for (path, body, want_command) in SAME_AS_CLI {
            let (status, kind, command, text) = call("POST", path, body).await;
            assert_eq!(status, StatusCode::OK, "{path} {body}: {text}");
            assert_eq!(kind, "application/json");
            if !want_command.is_empty() {
                assert_eq!(&command, want_command);
            }
            let want = common::cli_json(&command);
            if path.ends_with("/moves") {
                // A time budget: values proven on both sides agree.
                let (a, b): (serde_json::Value, serde_json::Value) = (
                    serde_json::from_str(&text).unwrap(),
                    serde_json::from_str(&want).unwrap(),
                );
                assert_eq!(a["moves"], b["moves"], "{path}");
            } else {
                assert_eq!(text, want, "{path} {body}");
            }
        }
    });
}

#[test]
fn pages_and_assets_are_served() {
    common::runtime().block_on(async {
        // Each page comes under its own title, the one its section names
        // (which the script sets as the links move between pages).
        let mut titles = Vec::new();
        for (page, id) in [
            ("/", "home"),
            ("/hog", "hog"),
            ("/kalah", "kalah"),
            ("/lcr", "lcr"),
            ("/casino", "casino"),
        ] {
            let (status, kind, _, text) = call("GET", page, "").await;
            assert_eq!(status, StatusCode::OK, "{page}");
            assert!(kind.starts_with("text/html"), "{page}: {kind}");
            assert!(text.contains("<script type=\"module\" src=\"/assets/app.js\">"));
            let between = |a: &str, b: &str| {
                let from = text.find(a).map(|i| i + a.len()).expect(a);
                text[from..][..text[from..].find(b).unwrap()].to_string()
            };
            let title = between("<title>", "</title>");
            let section = between(
                &format!("<section id=\"{id}\" class=\"page\" data-title=\""),
                "\"",
            );
            assert_eq!(title, section, "{page}");
            assert!(title.contains("Games, exactly"), "{page}: {title}");
            assert!(
                !titles.contains(&title),
                "{page} has another page's title: {title}"
            );
            titles.push(title);
        }
        let (status, kind, _, js) = call("GET", "/assets/app.js", "").await;
        assert_eq!(status, StatusCode::OK);
        assert!(kind.starts_with("text/javascript"));
        // Every verb the page calls is one the API serves.
        for verb in [
            "\"step\"",
            "\"coach\"",
            "\"export\"",
            "\"rate\"",
            "\"moves\"",
            "\"move\"",
            "\"exact\"",
            "\"replay\"",
            "\"game\"",
            "\"deal\"",
        ] {
            assert!(js.contains(verb), "{verb}");
        }
        // The page refuses a Kalah link the server's solver would refuse:
        // its bound is the web's.
        let bound = format!(
            "const KALAH_SEEDS = {};",
            games_cli::api::WEB_LIMITS.solve_seeds
        );
        assert!(js.contains(&bound), "{bound}");
        let bound = format!(
            "const LCR_STUDY_TURNS = {};",
            games_cli::api::WEB_LIMITS.variant_turns
        );
        assert!(js.contains(&bound), "{bound}");
        // The page's other bounds are the server's too: the pits a side its
        // solver takes, and the moves and turns a link's replay sends.
        for bound in [
            format!("const KALAH_PITS = {};", mancala::solver::MAX_SOLVER_PITS),
            format!(
                "const KALAH_LINK_MOVES = {};",
                games_app::kalah::MAX_REPLAYED_MOVES
            ),
            format!(
                "const HOG_LINK_TURNS = {};",
                games_app::hog::MAX_REPLAYED_TURNS
            ),
        ] {
            assert!(js.contains(&bound), "{bound}");
        }
        let (status, kind, _, _) = call("GET", "/assets/style.css", "").await;
        assert_eq!(status, StatusCode::OK);
        assert!(kind.starts_with("text/css"));
        // The rules the pages link to: the project's own file, whole.
        let (status, kind, _, text) = call("GET", "/docs/rules.md", "").await;
        assert_eq!(status, StatusCode::OK);
        assert!(kind.starts_with("text/plain"), "{kind}");
        let file = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md"),
        )
        .unwrap();
        assert_eq!(text, file);
    });
}

#[test]
fn uploaded_strategy_files_are_used_and_confined() {
    common::runtime().block_on(async {
        let fours = vec![vec![4u8; 100]; 100];
        let body = serde_json::json!({
            "strategy": "file:mine.json",
            "vs": "always:5",
            "files": { "mine.json": serde_json::to_string(&fours).unwrap() },
        });
        let (status, _, command, text) = call("POST", "/api/hog/rate", &body.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert!(command.contains("--strategy file:mine.json"), "{command}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let want: serde_json::Value = serde_json::from_str(&common::cli_json(
            "games-cli hog rate --strategy always:4 --vs always:5 --format json",
        ))
        .unwrap();
        assert_eq!(v["exact_win_rate"], want["exact_win_rate"]);
        // A path on the server, or a name not uploaded, is refused.
        for strategy in ["file:/etc/passwd", "file:other.json", "file:../mine.json"] {
            let body = serde_json::json!({ "strategy": strategy, "files": { "mine.json": "[]" } });
            let (status, _, _, text) = call("POST", "/api/hog/rate", &body.to_string()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{strategy}: {text}");
        }
        let body = serde_json::json!({ "strategy": "final", "files": { "../x": "[]" } });
        let (status, _, _, _) = call("POST", "/api/hog/rate", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // A file no value names is refused, not sent for nothing: to a
        // verb that reads none, or named wrong; named in a list it is used.
        for (path, body) in [
            (
                "/api/lcr/exact",
                serde_json::json!({ "players": 3, "files": { "a.csv": "b" } }),
            ),
            (
                "/api/hog/rate",
                serde_json::json!({ "strategy": "file:mine.jsn", "files": { "mine.json": "[]" } }),
            ),
        ] {
            let (status, _, _, text) = call("POST", path, &body.to_string()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {text}");
            assert!(
                text.contains("is named by no value (as file:"),
                "{body}: {text}"
            );
        }
        let body = serde_json::json!({
            "strategies": ["file:mine.json", "always:5"],
            "files": { "mine.json": serde_json::to_string(&fours).unwrap() },
        });
        let (status, _, _, text) = call("POST", "/api/hog/tournament", &body.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{text}");
    });
}

/// Bad requests of every kind: (method, path, body, expected status).
fn bad_requests() -> Vec<(&'static str, String, Vec<u8>, u16)> {
    let s = |x: &str| x.as_bytes().to_vec();
    vec![
        ("POST", "/api/hog/coach".into(), s("{"), 400),
        // Six strategies under a rule set with memory: past the web's 5.
        (
            "POST",
            "/api/hog/tournament".into(),
            s(
                r#"{"rules": "fall2019", "strategies": ["always:1", "always:2", "always:3", "always:4", "always:5", "always:6"]}"#,
            ),
            400,
        ),
        (
            "POST",
            "/api/hog/rate".into(),
            s(r#"{"rules": "fall2018"}"#),
            400,
        ),
        ("POST", "/api/hog/coach".into(), s("[1, 2]"), 400),
        // A key given twice: which one is meant is not for the server to
        // guess.
        (
            "POST",
            "/api/craps/game".into(),
            s(r#"{"seed": 1, "seed": 2}"#),
            400,
        ),
        ("POST", "/api/hog/coach".into(), s("\"score\""), 400),
        ("POST", "/api/hog/coach".into(), vec![0xff, 0xfe, 0x00], 400),
        (
            "POST",
            "/api/hog/coach".into(),
            s(r#"{"score": -1, "opponent": 3}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/coach".into(),
            s(r#"{"score": "ten", "opponent": 3}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/coach".into(),
            s(r#"{"score": 100, "opponent": 3}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/coach".into(),
            s(r#"{"score": 1, "opponent": 3, "nonsense": 1}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/coach".into(),
            s(r#"{"score": 1, "opponent": 3, "Bad Key": 1}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/rate".into(),
            s(r#"{"strategy": "final", "plot": "/tmp/x.svg"}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/export".into(),
            s(r#"{"strategy": "final", "out": "/tmp/x.json"}"#),
            400,
        ),
        (
            "POST",
            "/api/hog/step".into(),
            s(
                r#"{"state": {"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [0, 0], "player": 0, "rolling": null}, "rolls": 11}"#,
            ),
            400,
        ),
        (
            "POST",
            "/api/hog/step".into(),
            s(
                r#"{"state": {"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [100, 3], "player": 1, "rolling": null}, "rolls": 3}"#,
            ),
            400,
        ),
        (
            "POST",
            "/api/hog/step".into(),
            s(r#"{"state": {"scores": [0, 0]}, "rolls": 3}"#),
            400,
        ),
        ("POST", "/api/hog/play".into(), s(r#"{"human": true}"#), 400),
        (
            "POST",
            "/api/hog/tournament".into(),
            serde_json::json!({"strategies": vec!["final"; 21]})
                .to_string()
                .into_bytes(),
            400,
        ),
        (
            "POST",
            "/api/kalah/move".into(),
            s(
                r#"{"state": {"board": [3, 0, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": "seed"}, "pit": 1}"#,
            ),
            400,
        ),
        (
            "POST",
            "/api/kalah/move".into(),
            s(
                r#"{"state": {"board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": "seed"}, "pit": 9}"#,
            ),
            400,
        ),
        (
            "POST",
            "/api/kalah/move".into(),
            s(r#"{"state": {"board": [3, 3, 3], "to_move": 0, "rule": "seed"}, "pit": 0}"#),
            400,
        ),
        (
            "POST",
            "/api/kalah/moves".into(),
            s(r#"{"pits": 4, "seeds": 3, "think": 60}"#),
            400,
        ),
        (
            "POST",
            "/api/kalah/solve".into(),
            s(r#"{"jsonl": true}"#),
            400,
        ),
        (
            "POST",
            "/api/kalah/solve".into(),
            s(r#"{"endgame": "/etc/passwd"}"#),
            400,
        ),
        // A table built for the solve is bounded like `endgame build`'s:
        // 20 seeds of 6 pits are 226 M positions, past the web's 2^22.
        (
            "POST",
            "/api/kalah/solve".into(),
            s(r#"{"seeds": 1, "endgame-seeds": 20}"#),
            400,
        ),
        ("POST", "/api/kalah/play".into(), s("{}"), 400),
        (
            "POST",
            "/api/lcr/simulate".into(),
            s(r#"{"players": 5, "games": 1000000000000}"#),
            400,
        ),
        (
            "POST",
            "/api/lcr/simulate".into(),
            s(r#"{"players": 100000}"#),
            400,
        ),
        // Seats and chips from --chips are held to --players' and
        // --coins' bounds.
        (
            "POST",
            "/api/lcr/simulate".into(),
            s(r#"{"table": "standard", "chips": "1x10000", "games": 1}"#),
            400,
        ),
        (
            "POST",
            "/api/lcr/simulate".into(),
            s(r#"{"table": "standard", "chips": "3,101,3", "games": 1}"#),
            400,
        ),
        // Each size within its bound, the three together past the web's
        // coin-games (minutes of work).
        (
            "POST",
            "/api/lcr/simulate".into(),
            s(r#"{"players": 100, "coins": 100, "games": 10000000}"#),
            400,
        ),
        // Not solved within its time: the time named, a 400 (not a 500).
        (
            "POST",
            "/api/kalah/solve".into(),
            s(r#"{"pits": 6, "seeds": 6, "time-limit": 1}"#),
            400,
        ),
        (
            "POST",
            "/api/lcr/exact".into(),
            s(r#"{"players": 12, "coins": 3}"#),
            400,
        ),
        (
            "POST",
            "/api/lcr/simulate".into(),
            s(r#"{"table": "standard", "csv": "/tmp/x.csv"}"#),
            400,
        ),
        (
            "POST",
            "/api/craps/simulate".into(),
            s(r#"{"threads": 100}"#),
            400,
        ),
        (
            "POST",
            "/api/baccarat/deal".into(),
            s(r#"{"decks": 0}"#),
            400,
        ),
        ("POST", "/api/nope/x".into(), s("{}"), 400),
        ("POST", "/api/hog/nope".into(), s("{}"), 400),
        ("GET", "/api/hog/rate".into(), Vec::new(), 405),
        ("GET", "/nowhere".into(), Vec::new(), 404),
        (
            "POST",
            "/api/hog/rate".into(),
            vec![b' '; games_web::MAX_BODY + 1],
            400,
        ),
    ]
}

/// One HTTP/1.1 request on a new connection: the status and the body.
async fn http(
    address: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    // A body past the limit may be cut off by the server's answer.
    let _ = s.write_all(body).await;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_string())
        .unwrap_or_default();
    (status, body)
}

async fn start() -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(games_web::serve(listener, games_cli::web_backend()));
    address
}

/// A real server on loopback under these bounds on its connections.
async fn start_guarded(guards: games_web::Guards) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(games_web::serve_guarded(
        listener,
        games_cli::web_backend(),
        &[],
        guards,
    ));
    address
}

/// The body of the largest reply: a replay of 100 seats with 100 coins,
/// every throw (29 MB).
fn large_replay_body(seed: u32) -> String {
    format!(r#"{{"players": 100, "coins": 100, "seed": {seed}, "throws": true}}"#)
}

/// A client with a 4 KiB window that has asked for the largest reply and
/// reads nothing yet.
async fn large_replay(address: std::net::SocketAddr, seed: u32) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut s = socket.connect(address).await.unwrap();
    let body = large_replay_body(seed);
    s.write_all(
        format!(
            "POST /api/lcr/replay HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    s
}

/// The content-length a reply's head gives.
fn content_length(reply: &[u8]) -> usize {
    let text = String::from_utf8_lossy(&reply[..reply.len().min(2000)]).to_string();
    text.lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .and_then(|x| x.trim().parse().ok())
        .unwrap_or_else(|| panic!("{text}"))
}

/// Clients that stall are let go: connections that send nothing (idle
/// keep-alive ones too) after the head's wait, so that the connections
/// they held serve others; a body that never comes gets 408; a reply never
/// read is dropped with its connection.
#[test]
fn stalled_clients_are_let_go() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let second = Duration::from_secs(1);
    let guards = games_web::Guards {
        max_connections: 4,
        header_wait: second,
        body_wait: second,
        write_stall: second,
        ..games_web::Guards::DEFAULT
    };
    common::runtime().block_on(async {
        let address = start_guarded(guards).await;
        // Four clients that send nothing hold every connection.
        let mut idle = Vec::new();
        for _ in 0..4 {
            idle.push(tokio::net::TcpStream::connect(address).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        // A fifth is answered once they are let go.
        let start = Instant::now();
        let (status, _) = http(address, "POST", "/api/craps/exact", b"{}").await;
        let waited = start.elapsed();
        assert_eq!(status, 200);
        assert!(waited < Duration::from_secs(5), "{waited:?}");
        for mut s in idle {
            let mut buf = [0u8; 16];
            let n = tokio::time::timeout(Duration::from_secs(3), s.read(&mut buf)).await;
            assert!(matches!(n, Ok(Ok(0)) | Ok(Err(_))), "an idle connection still open: {n:?}");
        }
        // A body promised and not sent.
        let mut s = tokio::net::TcpStream::connect(address).await.unwrap();
        s.write_all(b"POST /api/craps/exact HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{")
            .await
            .unwrap();
        let mut out = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
        let text = String::from_utf8_lossy(&out);
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        assert!(text.contains("body: not all sent within 1 s"), "{text}");
        // A body said to be past the limit is refused at once, not waited
        // for.
        let mut s = tokio::net::TcpStream::connect(address).await.unwrap();
        s.write_all(b"POST /api/craps/exact HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 99999999999\r\n\r\n{}")
            .await
            .unwrap();
        let mut out = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
        let text = String::from_utf8_lossy(&out);
        assert!(text.starts_with("HTTP/1.1 400"), "{text}");
        let said = format!("body: more than {} bytes", games_web::MAX_BODY);
        assert!(text.contains(&said), "{text}");
        // A reply of 29 MB (a replay of 100 seats with 100 coins, every
        // throw) to a client with a small window that reads nothing.
        let mut s = large_replay(address, 1).await;
        tokio::time::sleep(Duration::from_secs(4)).await;
        let mut out = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
        assert!(read.is_ok(), "the connection was kept open");
        let length = content_length(&out);
        assert!(length > 1 << 20, "{length}");
        assert!(out.len() < length, "the whole reply came: {} of {length}", out.len());
    });
}

/// Large replies held at once are bounded: a client that does not read
/// its 29 MB reply holds its share of the budget until the write stall
/// lets it go, and meanwhile another large reply past the budget gets 503
/// (small ones are not counted).
#[test]
fn large_replies_held_at_once_are_bounded() {
    use tokio::io::AsyncReadExt;
    let guards = games_web::Guards {
        write_stall: Duration::from_secs(5),
        reply_bytes: 40 << 20,
        ..games_web::Guards::DEFAULT
    };
    let body = |seed: u32| large_replay_body(seed);
    common::runtime().block_on(async {
        let address = start_guarded(guards).await;
        let mut unread = large_replay(address, 1).await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let (status, text) = http(address, "POST", "/api/lcr/replay", body(2).as_bytes()).await;
        assert_eq!(status, 503, "{}", &text[..text.len().min(200)]);
        assert!(text.contains("busy sending other large replies"), "{text}");
        // Small replies are not held back.
        let (status, _) = http(address, "POST", "/api/craps/exact", b"{}").await;
        assert_eq!(status, 200);
        // A streamed reply's last line is counted too.
        let (status, text) = http(
            address,
            "POST",
            "/api/lcr/replay?progress=1",
            body(4).as_bytes(),
        )
        .await;
        assert_eq!(status, 200);
        // (Chunked: the last line is among the chunks' sizes.)
        let last = text
            .lines()
            .find(|l| l.contains(r#""status":"#))
            .unwrap_or_else(|| panic!("{}", &text[..text.len().min(300)]));
        let last: serde_json::Value = serde_json::from_str(last).unwrap();
        assert_eq!(last["status"], 503, "{last}");
        assert!(
            last["body"]
                .as_str()
                .unwrap()
                .contains("busy sending other large replies")
        );
        // Once the unread reply is let go, the next large one comes whole.
        tokio::time::sleep(Duration::from_secs(6)).await;
        let (status, text) = http(address, "POST", "/api/lcr/replay", body(3).as_bytes()).await;
        assert_eq!(status, 200);
        assert!(text.len() > 1 << 20, "{}", text.len());
        serde_json::from_str::<serde_json::Value>(&text).expect("the whole reply");
        let mut rest = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), unread.read_to_end(&mut rest)).await;
    });
}

/// A client that reads its large reply a little now and then is cut
/// off once the reply's time to be read is past, so that it cannot hold
/// its share of the budget for hours.
#[test]
fn a_slow_reader_is_cut_off() {
    use tokio::io::AsyncReadExt;
    let guards = games_web::Guards {
        reply_write: Duration::from_secs(2),
        ..games_web::Guards::DEFAULT
    };
    common::runtime().block_on(async {
        let address = start_guarded(guards).await;
        let mut s = large_replay(address, 1).await;
        // 4 KiB every 100 ms for 4 s: progress, so no write stall, but 40
        // KiB a second would take twelve minutes for 29 MB.
        let start = Instant::now();
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        while start.elapsed() < Duration::from_secs(4) {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // Then all that was sent: the reply was cut off, not whole.
        let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out)).await;
        let length = content_length(&out);
        assert!(
            out.len() < length,
            "the whole reply came: {} of {length}",
            out.len()
        );
    });
}

#[test]
fn bad_requests_get_one_line_and_the_server_stays_up() {
    common::runtime().block_on(async {
        let address = start().await;
        for (method, path, body, want) in bad_requests() {
            let (status, text) = http(address, method, &path, &body).await;
            assert_eq!(
                status,
                want,
                "{method} {path} {}: {text}",
                String::from_utf8_lossy(&body[..body.len().min(200)])
            );
            if (400..500).contains(&status) {
                let v: serde_json::Value =
                    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
                let line = v["error"].as_str().unwrap();
                assert!(!line.is_empty() && !line.contains('\n'), "{line}");
            }
            // Still serving after each one.
            let (status, _) = http(address, "POST", "/api/craps/exact", b"{}").await;
            assert_eq!(status, 200, "after {path}");
        }
    });
}

#[test]
fn progress_streams_then_the_cli_json() {
    common::runtime().block_on(async {
        let address = start().await;
        let body = br#"{"table": "nocenter", "chips": "3x4", "games": 400000, "seed": 9}"#;
        let (status, text) = http(address, "POST", "/api/lcr/simulate?progress=1", body).await;
        assert_eq!(status, 200);
        // Chunked transfer: keep the JSON lines.
        let lines: Vec<serde_json::Value> = text
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let last = lines.last().unwrap();
        assert_eq!(last["status"], 200);
        let command = last["command"].as_str().unwrap();
        assert_eq!(last["body"].as_str().unwrap(), common::cli_json(command));
        eprintln!("{} progress lines", lines.len() - 1);
        assert!(lines.len() > 1, "no progress line: {text}");
        for l in &lines[..lines.len() - 1] {
            assert!(
                l["progress"]["done"].as_u64().unwrap() <= l["progress"]["of"].as_u64().unwrap()
            );
        }
    });
}

/// 200 concurrent mixed requests on loopback: every one answered with the
/// status it should have, in bounded time.
#[test]
fn load_200_concurrent_mixed_requests() {
    common::runtime().block_on(async {
        let address = start().await;
        let mixed: Vec<(&str, Vec<u8>, u16)> = vec![
            ("/api/hog/coach", br#"{"score": 30, "opponent": 50}"#.to_vec(), 200),
            ("/api/hog/step", br#"{"state": {"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [40, 60], "player": 0, "rolling": null}, "rolls": 5, "seed": 1}"#.to_vec(), 200),
            ("/api/kalah/moves", br#"{"pits": 4, "seeds": 3, "think": 1}"#.to_vec(), 200),
            ("/api/kalah/move", br#"{"pits": 4, "seeds": 3, "pit": 2}"#.to_vec(), 200),
            ("/api/lcr/exact", br#"{"players": 3, "coins": 3}"#.to_vec(), 200),
            ("/api/lcr/replay", br#"{"players": 5, "seed": 4, "throws": true}"#.to_vec(), 200),
            ("/api/craps/game", br#"{"seed": 8}"#.to_vec(), 200),
            ("/api/baccarat/deal", br#"{"decks": 8, "seed": 8}"#.to_vec(), 200),
            ("/api/baccarat/exact", br#"{"decks": 1}"#.to_vec(), 200),
            ("/api/hog/coach", br#"{"score": "x"}"#.to_vec(), 400),
            ("/api/kalah/move", b"not json".to_vec(), 400),
        ];
        let start = Instant::now();
        let mut tasks = Vec::new();
        for i in 0..200 {
            let (path, body, want) = mixed[i % mixed.len()].clone();
            tasks.push(tokio::spawn(async move {
                let (status, text) = http(address, "POST", path, &body).await;
                (path, status, want, text)
            }));
        }
        let mut answered = 0;
        for t in tasks {
            let (path, status, want, text) = tokio::time::timeout(Duration::from_secs(120), t)
                .await
                .expect("answered in time")
                .unwrap();
            assert_eq!(status, want, "{path}: {text}");
            answered += 1;
        }
        assert_eq!(answered, 200);
        let took = start.elapsed();
        eprintln!("200 concurrent mixed requests answered in {took:?}");
        assert!(took < Duration::from_secs(120));
    });
}

/// A POST to `path` with `headers` and `body`.
fn post(path: &str, headers: &[(&str, &str)], body: &str) -> Request<Body> {
    let mut r = Request::builder().method("POST").uri(path);
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    r.body(Body::from(body.to_string())).unwrap()
}

/// One request through the router with the given headers: the status and
/// the `x-games-cli-command` header's length.
async fn with_headers(path: &str, headers: &[(&str, &str)], body: &str) -> (StatusCode, usize) {
    let app = games_web::router(games_cli::web_backend());
    let reply = app.oneshot(post(path, headers, body)).await.unwrap();
    // The reply's whole header block as sent: its status line, each
    // header, what hyper adds on the way out (the date and the length, of
    // at most ten digits) and the blank line.
    let header = format!("HTTP/1.1 {}\r\n", reply.status()).len()
        + reply
            .headers()
            .iter()
            .map(|(k, v)| k.as_str().len() + 2 + v.len() + 2)
            .sum::<usize>()
        + "date: Fri, 04 Dec 2026 12:00:00 GMT\r\n".len()
        + "content-length: 9999999999\r\n".len()
        + 2;
    (reply.status(), header)
}

/// The tests that time replies under load, run one at a time: each loads
/// both cores of a 2-core machine by itself (the others of this file run
/// beside them).
fn timed() -> std::sync::MutexGuard<'static, ()> {
    static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());
    TIMED.lock().unwrap_or_else(|e| e.into_inner())
}

/// A POST to `path` with `headers` through `app`: the status and the body.
async fn reply_of(
    app: axum::Router,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, String) {
    let reply = app.oneshot(post(path, headers, body)).await.unwrap();
    let status = reply.status();
    let bytes = reply.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

#[test]
fn a_refused_request_is_named_in_one_short_line() {
    common::runtime().block_on(async {
        let json = ("content-type", "application/json");
        let body = "{}";
        let path = "/api/craps/exact";
        let app = || games_web::router(games_cli::web_backend());
        // A Host of 120,000 characters is repeated cut, with its length.
        let long = "a".repeat(120_000);
        let (status, text) = reply_of(app(), path, &[("host", &long), json], body).await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST);
        assert!(text.len() < 1000, "{} bytes", text.len());
        assert!(text.contains("(cut: 120000 bytes in all)"), "{text}");
        // The same in an absolute target's name.
        let r = Request::builder()
            .method("POST")
            .uri(format!("http://{}/api/craps/exact", "b".repeat(5000)))
            .header("host", "localhost")
            .header("content-type", "application/json");
        let reply = app()
            .oneshot(r.body(Body::from(body)).unwrap())
            .await
            .unwrap();
        assert_eq!(reply.status(), StatusCode::MISDIRECTED_REQUEST);
        let bytes = reply.into_body().collect().await.unwrap().to_bytes();
        assert!(bytes.len() < 1000, "{} bytes", bytes.len());
        // The names it answers to, each once, the `--host` given among them.
        let (status, text) = reply_of(
            games_web::router_for(
                games_cli::web_backend(),
                &["127.0.0.1", "Vm.Local", "vm.local"],
            ),
            path,
            &[("host", "evil.example"), json],
            body,
        )
        .await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST);
        assert!(
            text.contains("it answers to localhost, 127.0.0.1, [::1], vm.local;"),
            "{text}"
        );
        // Two origins, or two body types: which one counts is not for the
        // request to choose.
        for (name, first, second) in [
            ("origin", "http://localhost", "http://evil.example"),
            ("content-type", "application/json", "text/plain"),
        ] {
            let mut headers = vec![("host", "localhost"), (name, first), (name, second)];
            if name == "origin" {
                headers.push(json);
            }
            let (status, text) = reply_of(app(), path, &headers, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {text}");
            assert!(text.contains("more than one in a request"), "{text}");
        }
    });
}

#[test]
fn only_this_machines_pages_can_use_the_server() {
    common::runtime().block_on(async {
        let json = ("content-type", "application/json");
        let body = r#"{"players": 3}"#;
        let path = "/api/lcr/exact";
        // Its own names, with or without a port, and a same-origin page.
        for host in ["localhost", "127.0.0.1:8080", "[::1]:8080", "LOCALHOST:1"] {
            let (status, _) = with_headers(path, &[("host", host), json], body).await;
            assert_eq!(status, StatusCode::OK, "{host}");
        }
        // Two Host headers, one of them its own: refused.
        let (status, _) = with_headers(
            path,
            &[("host", "localhost"), ("host", "evil.example"), json],
            body,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // A target in absolute form naming another host: refused; naming
        // its own, served.
        let (status, _) = with_headers(
            "http://evil.example/api/lcr/exact",
            &[("host", "localhost"), json],
            body,
        )
        .await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST);
        let (status, _) = with_headers(
            "http://localhost/api/lcr/exact",
            &[("host", "localhost"), json],
            body,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = with_headers(
            path,
            &[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:8080"),
                json,
            ],
            body,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        // DNS rebinding: another name that resolves here.
        for host in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1.evil.example",
            // A loopback name with more after it than a port.
            "[::1].evil.example",
            "[::1]@evil.example",
            "[::1]:abc",
            "localhost:99999999",
            "localhost:",
        ] {
            let (status, _) = with_headers(path, &[("host", host), json], body).await;
            assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host}");
        }
        for host in ["[::1]", "[::1]:8080", "localhost:8080"] {
            let (status, _) = with_headers(path, &[("host", host), json], body).await;
            assert_eq!(status, StatusCode::OK, "{host}");
        }
        // No Host at all.
        let (status, _) = with_headers(path, &[json], body).await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST);
        // Another site's page posting to it.
        for origin in [
            "http://evil.example",
            "null",
            "https://localhost:8080",
            "http://localhost:9999",
        ] {
            let (status, _) = with_headers(
                path,
                &[("host", "localhost:8080"), ("origin", origin), json],
                body,
            )
            .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        }
        // A form's or a simple request's body type.
        for kind in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ] {
            let (status, _) =
                with_headers(path, &[("host", "localhost"), ("content-type", kind)], body).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind}");
        }
        let (status, _) = with_headers(path, &[("host", "localhost")], body).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let (status, _) = with_headers(
            path,
            &[
                ("host", "localhost"),
                ("content-type", "application/json; charset=utf-8"),
            ],
            body,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        // An empty body is no flags: the verb's defaults, as `{}` gives.
        let (status, _, command, empty) = call("POST", "/api/craps/exact", "").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(command, "games-cli craps exact --format json");
        let (_, _, _, braces) = call("POST", "/api/craps/exact", "{}").await;
        assert_eq!(empty, braces);
    });
}

#[test]
fn a_huge_request_gets_a_short_header() {
    common::runtime().block_on(async {
        // A value the web does not bound reaches the command line.
        let body = serde_json::json!({ "seed": "9".repeat(1 << 20) }).to_string();
        let (status, header) = with_headers(
            "/api/lcr/simulate",
            &[("host", "localhost"), ("content-type", "application/json")],
            &body,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // The command's header cut to its most, and the rest within 4 KiB.
        assert!(header <= games_web::MAX_HEADER, "{header}");
        // A long script through a verb that takes it whole.
        let body = serde_json::json!({ "players": 3, "script": "L".repeat(500_000) }).to_string();
        let (_, header) = with_headers(
            "/api/lcr/replay",
            &[("host", "localhost"), ("content-type", "application/json")],
            &body,
        )
        .await;
        assert!(header <= games_web::MAX_HEADER, "{header}");
        // A long quoted word is cut whole: what is shown pastes into a
        // shell with every quote closed.
        let body = serde_json::json!({
            "state": { "board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": "x'".repeat(3000) },
            "pit": 1,
        });
        let (_, _, command, _) = call("POST", "/api/kalah/move", &body.to_string()).await;
        assert!(command.len() <= games_web::MAX_COMMAND_HEADER, "{}", command.len());
        assert!(command.ends_with(" ..."), "{command}");
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf '%s\\n' {command}"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
    });
}

#[test]
fn replies_never_show_the_servers_folders() {
    common::runtime().block_on(async {
        let body = serde_json::json!({
            "strategies": ["final", "file:mine.json"],
            "files": { "mine.json": serde_json::to_string(&vec![vec![4u8; 100]; 100]).unwrap() },
        });
        let (status, _, command, text) =
            call("POST", "/api/hog/tournament", &body.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert!(text.contains("file:mine.json"), "{text}");
        let tmp = std::env::temp_dir().display().to_string();
        assert!(!text.contains(&tmp), "{text}");
        assert!(!command.contains(&tmp), "{command}");
        // The same for an error naming the file.
        let body = serde_json::json!({
            "strategy": "file:bad.json",
            "files": { "bad.json": "[[1, 2]]" },
        });
        let (status, _, _, text) = call("POST", "/api/hog/rate", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(text.contains("bad.json"), "{text}");
        assert!(!text.contains(&tmp), "{text}");
    });
}

/// An error that repeats a long input is cut: one line of at most a
/// thousand characters, saying how long it was; the field still named.
#[test]
fn a_long_input_gets_a_short_error() {
    let body = serde_json::json!({ "strategy": "x".repeat(1_000_000), "vs": "final" });
    let text = common::runtime().block_on(async {
        let (status, _, _, text) = call("POST", "/api/hog/rate", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        text
    });
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let line = v["error"].as_str().unwrap();
    assert!(
        line.starts_with("--strategy: unknown strategy \"xxx"),
        "{}",
        &line[..80]
    );
    assert!(
        line.chars().count() < games_cli::MAX_ERROR_CHARS + 50,
        "{} chars",
        line.len()
    );
    assert!(
        line.ends_with("bytes in all)"),
        "{}",
        &line[line.len() - 80..]
    );
}

/// A key given twice is refused, naming it (serde_json alone keeps the
/// last one, silently), at any depth.
#[test]
fn a_key_given_twice_is_named() {
    common::runtime().block_on(async {
        for (path, body, key) in [
            ("/api/craps/game", r#"{"seed": 1, "seed": 2}"#, "seed"),
            (
                "/api/kalah/move",
                r#"{"state": {"board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "to_move": 1}, "pit": 1}"#,
                "to_move",
            ),
        ] {
            let (status, _, _, text) = call("POST", path, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            let line = v["error"].as_str().unwrap();
            assert!(line.starts_with(&format!("body: {key}: given twice")), "{line}");
        }
        // A key holding a line break is written escaped: one line.
        let (status, _, _, text) = call("POST", "/api/craps/game", r#"{"a\nb": 1, "a\nb": 2}"#).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let line = v["error"].as_str().unwrap();
        assert!(line.starts_with("body: a\\nb: given twice") && !line.contains('\n'), "{line}");
    });
}

/// A port another program holds is the machine's state, not a bad
/// argument: one line, exit code 1. A name that is no address of this
/// machine is the argument's: exit code 2.
#[test]
fn a_port_taken_is_the_machines_failure() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args(["serve", "--port", &port, "--no-cache"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("--port {port}: cannot listen there")),
        "{err}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args(["serve", "--host", "192.0.2.1", "--port", "0", "--no-cache"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--host 192.0.2.1 --port 0: cannot listen there"),
        "{err}"
    );
}

/// The command shown beside a reply is pasted into shells: whatever a
/// request sends, each value stays one argument and runs nothing.
#[test]
fn the_command_shown_is_safe_to_paste() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("ran");
    let rule = format!("x'; touch {}; echo '", mark.display());
    let pit = format!("$(touch {})`touch {}`", mark.display(), mark.display());
    let body = serde_json::json!({
        "state": { "board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "to_move": 0, "rule": rule },
        "pit": pit,
    });
    let command = common::runtime().block_on(async {
        let (status, _, command, text) = call("POST", "/api/kalah/move", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        command
    });
    // A shell reads it back: the same words, nothing run.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("printf '%s\\n' {command}"))
        .output()
        .unwrap();
    assert!(!mark.exists(), "pasting {command} ran a command");
    let words: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let state = body["state"].to_string();
    assert_eq!(
        words,
        [
            "games-cli",
            "kalah",
            "move",
            "--pit",
            &pit,
            "--state",
            &state,
            "--format",
            "json"
        ],
        "{command}"
    );
    assert_eq!(common::split(&command), words);
    // A line break in a value: the command stays one line (bash's $'...'),
    // and bash reads the value back whole; cut short, no quote is left
    // open.
    let strategy = |s: &str| {
        let body = serde_json::json!({ "strategy": s, "games": 1 }).to_string();
        common::runtime().block_on(async { call("POST", "/api/hog/rate", &body).await.2 })
    };
    let command = strategy("a\n'b");
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("printf '%s\\0' {command}"))
        .output()
        .unwrap();
    let words: Vec<&[u8]> = out.stdout.split(|&b| b == 0).collect();
    let at = words.iter().position(|w| *w == b"--strategy").unwrap();
    assert_eq!(words[at + 1], b"a\n'b", "{command}");
    let long = format!("\n'{}", " x".repeat(2000));
    let command = strategy(&long);
    assert!(command.ends_with(" ..."), "{command}");
    let parsed = std::process::Command::new("bash")
        .args(["-n", "-c", &command])
        .status()
        .unwrap();
    assert!(parsed.success(), "{command}");
    // A NUL, which no command line holds, is refused.
    let body = serde_json::json!({ "strategy": "a\u{0}b" }).to_string();
    let r = games_cli::api::call("hog", "rate", body.as_bytes(), None);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("strategy: a NUL character"), "{}", r.body);
}

#[test]
fn a_server_for_other_machines_says_so() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args(["serve", "--host", "0.0.0.0", "--port", "0", "--no-cache"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    err.read_line(&mut line).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("warning: --host 0.0.0.0 serves the page beyond this machine"),
        "{line}"
    );
}

#[test]
fn a_server_on_another_loopback_address_answers_its_page() {
    use std::io::{BufRead, Read, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_games-cli"))
        .args(["serve", "--host", "127.0.0.2", "--port", "0", "--no-cache"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    assert!(address.starts_with("127.0.0.2:"), "{line}");
    let get = |host: &str| {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        write!(
            stream,
            "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        reply.lines().next().unwrap_or("").to_string()
    };
    // The page asks by the name its URL shows; a foreign name is refused.
    let own = get(&address);
    let foreign = get("evil.example");
    child.kill().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    child.wait().unwrap();
    assert!(own.contains(" 200 "), "{own}");
    assert!(foreign.contains(" 421 "), "{foreign}");
    // A loopback address is no warning.
    assert!(!err.contains("warning"), "{err}");
}

const HOG_STATE: &str = r#"{"rules": {"goal": 100, "free_bacon": true, "hog_wild": true, "swine_swap": true}, "scores": [40, 60], "player": 0, "rolling": null}"#;

/// One request of each cheap kind (`games_cli::api::CHEAP`), at the
/// largest size still cheap where the size decides.
fn cheap_examples() -> Vec<(&'static str, &'static str, String)> {
    let s = |x: &str| x.to_string();
    vec![
        ("craps", "exact", s("{}")),
        ("craps", "game", s(r#"{"seed": 3}"#)),
        ("baccarat", "exact", s(r#"{"decks": 64}"#)),
        ("baccarat", "deal", s(r#"{"decks": 64, "seed": 2}"#)),
        (
            "hog",
            "step",
            format!(r#"{{"state": {HOG_STATE}, "strategy": "optimal", "seed": 7}}"#),
        ),
        (
            "hog",
            "turn",
            s(r#"{"rolls": 10, "opponent": 20, "dice": [6, 5, 4, 3, 2]}"#),
        ),
        (
            "hog",
            "choose",
            s(r#"{"strategy": "optimal", "score": 10, "opponent": 20}"#),
        ),
        (
            "hog",
            "coach",
            s(r#"{"vs": "optimal", "score": 10, "opponent": 20}"#),
        ),
        ("hog", "rules", s("{}")),
        (
            "hog",
            "play",
            s(r#"{"strategy0": "final", "strategy1": "optimal", "seed": 1}"#),
        ),
        (
            "hog",
            "export",
            s(r#"{"strategy": "optimal", "out": "-", "as": "json"}"#),
        ),
        (
            "hog",
            "rate",
            s(r#"{"strategy": "final", "vs": "optimal"}"#),
        ),
        ("mancala", "move", s(r#"{"pits": 6, "seeds": 6, "pit": 2}"#)),
        (
            "mancala",
            "sow",
            s(r#"{"board": [3, 3, 3, 3, 0, 3, 3, 3, 3, 0], "moves": [1, 2]}"#),
        ),
        ("lcr", "exact", s(r#"{"players": 4, "coins": 4}"#)),
        (
            "lcr",
            "replay",
            s(r#"{"players": 20, "coins": 20, "seed": 4, "throws": true}"#),
        ),
    ]
}

/// Expensive requests, some of verbs that are cheap at smaller sizes.
const EXPENSIVE_EXAMPLES: &[(&str, &str, &str)] = &[
    ("hog", "coach", r#"{"rules": "fall2019", "vs": "final"}"#),
    (
        "hog",
        "rate",
        r#"{"rules": "fall2017", "strategy": "optimal"}"#,
    ),
    (
        "hog",
        "step",
        r#"{"state": {"rules": "fall2023", "goal": 100, "scores": [0, 0], "player": 0}, "strategy": "final"}"#,
    ),
    ("lcr", "simulate", r#"{"players": 5, "games": 10000}"#),
    ("lcr", "exact", r#"{"players": 5, "coins": 3}"#),
    ("lcr", "exact", r#"{"players": "5", "coins": "3"}"#),
    ("lcr", "replay", r#"{"players": 100, "coins": 100}"#),
    ("craps", "simulate", "{}"),
    ("baccarat", "simulate", "{}"),
    ("hog", "rate", r#"{"strategy": "final", "games": 1000}"#),
    ("hog", "best-response", r#"{"vs": "final"}"#),
    ("hog", "tournament", r#"{"strategies": ["final", "bacon"]}"#),
    ("hog", "max-rolls", "{}"),
    ("mancala", "solve", r#"{"pits": 4, "seeds": 3}"#),
    ("mancala", "moves", r#"{"pits": 4, "seeds": 3}"#),
];

/// Every cheap kind answers in milliseconds (the slowest of three runs,
/// each on a new thread as a server's worker would be), and the
/// classification puts the expensive ones apart.
/// A long body is long work, whatever the verb: it goes to the expensive
/// pool, where it cannot hold up the cheap requests.
#[test]
fn a_long_body_is_not_cheap() {
    use games_cli::api::{CHEAP_BODY, cheap};
    let script = |n: usize| {
        format!(
            r#"{{"players": 3, "coins": 3, "script": "{}"}}"#,
            ".".repeat(n)
        )
    };
    assert!(cheap("lcr", "replay", script(100).as_bytes()));
    assert!(!cheap("lcr", "replay", script(CHEAP_BODY).as_bytes()));
    let moves = |n: usize| {
        format!(
            r#"{{"pits": 6, "seeds": 4, "moves": "{}"}}"#,
            vec!["0"; n].join(",")
        )
    };
    assert!(cheap("kalah", "sow", moves(10).as_bytes()));
    // A key given twice is refused at once: cheap, whatever its last value.
    assert!(cheap(
        "lcr",
        "exact",
        br#"{"players": 2, "players": 50, "coins": 50}"#
    ));
    assert!(!cheap("lcr", "exact", br#"{"players": 50, "coins": 50}"#));
    assert!(!cheap("kalah", "sow", moves(CHEAP_BODY).as_bytes()));
}

#[test]
fn cheap_requests_answer_in_milliseconds() {
    let _alone = timed();
    let mut slowest = Duration::ZERO;
    for (game, verb, body) in cheap_examples() {
        assert!(
            games_cli::api::cheap(game, verb, body.as_bytes()),
            "{game} {verb} {body}"
        );
        let mut times = Vec::new();
        for _ in 0..3 {
            let body = body.clone();
            let t = Instant::now();
            let reply =
                std::thread::spawn(move || games_cli::api::call(game, verb, body.as_bytes(), None))
                    .join()
                    .unwrap();
            times.push(t.elapsed());
            assert_eq!(reply.status, 200, "{game} {verb}: {}", reply.body);
        }
        let least = *times.iter().min().unwrap();
        eprintln!("{game} {verb}: {times:?}");
        slowest = slowest.max(least);
        // Milliseconds; a loaded CI machine gets a margin.
        assert!(
            least < Duration::from_millis(100),
            "{game} {verb}: {times:?}"
        );
    }
    eprintln!("slowest cheap kind: {slowest:?}");
    for (game, verb, body) in EXPENSIVE_EXAMPLES {
        assert!(
            !games_cli::api::cheap(game, verb, body.as_bytes()),
            "{game} {verb} {body}"
        );
    }
}

/// A body for `GAME VERB` at the web's bound on `field` (`most`), or
/// `None` where that is not cheap enough to run in a test.
fn at_the_bound(field: &str, verb: &str, most: u64) -> Option<String> {
    let body = match (verb, field) {
        ("lcr replay", "players") => format!(r#"{{"players": {most}, "coins": 1, "seed": 1}}"#),
        ("lcr replay", "coins") => format!(r#"{{"players": 2, "coins": {most}, "seed": 1}}"#),
        ("lcr simulate", "max-rounds") => {
            format!(r#"{{"table": "standard", "max-rounds": {most}, "games": 100}}"#)
        }
        ("lcr simulate", "checkpoints") => {
            let list: Vec<u64> = (1..=most).collect();
            serde_json::json!({ "table": "standard", "checkpoints": list, "games": most })
                .to_string()
        }
        ("lcr simulate", "threads") => {
            format!(r#"{{"players": 3, "threads": {most}, "games": 1000}}"#)
        }
        ("craps simulate", "games") => format!(r#"{{"games": {most}, "seed": 1}}"#),
        ("hog max-rolls", "turns") => format!(r#"{{"turns": {most}}}"#),
        ("baccarat exact", "decks") => format!(r#"{{"decks": {most}}}"#),
        ("kalah move", "pits") => format!(r#"{{"pits": {most}, "seeds": 3, "pit": 0}}"#),
        ("kalah move", "seeds") => format!(r#"{{"pits": 1, "seeds": {most}, "pit": 0}}"#),
        ("kalah moves", "table-bits") => {
            format!(r#"{{"pits": 4, "seeds": 3, "table-bits": {most}}}"#)
        }
        ("kalah moves", "think") => format!(r#"{{"pits": 4, "seeds": 3, "think": {most}}}"#),
        ("kalah solve", "time-limit") => {
            format!(r#"{{"pits": 4, "seeds": 3, "time-limit": {most}}}"#)
        }
        ("hog tournament", "strategies") => {
            let list: Vec<String> = (0..most).map(|i| format!("always:{}", i % 11)).collect();
            serde_json::json!({ "strategies": list }).to_string()
        }
        _ => return None,
    };
    Some(body)
}

/// Every bound in `WEB_BOUNDS`: one past it is refused with 400 naming the
/// field and the bound, before any work, on every verb that takes it; the
/// bound itself is accepted where it is cheap enough to run; docs/web.md's
/// table lists each.
#[test]
fn every_web_bound_is_checked_before_work() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/web.md")).unwrap();
    let mut accepted = 0;
    for b in games_cli::api::WEB_BOUNDS {
        let row = format!("| `{}` | {} |", b.field, b.most);
        assert!(docs.contains(&row), "docs/web.md has no row {row}");
        for verb in b.verbs {
            let (game, v) = verb.split_once(' ').unwrap();
            let past = if b.field == "strategies" {
                serde_json::json!({ "strategies": vec!["final"; b.most as usize + 1] })
            } else if b.counts() {
                let list: Vec<u64> = (1..=b.most + 1).collect();
                serde_json::json!({ b.field: list })
            } else {
                serde_json::json!({ b.field: b.most + 1 })
            };
            let t = Instant::now();
            let reply = games_cli::api::call(game, v, past.to_string().as_bytes(), None);
            assert_eq!(reply.status, 400, "{verb} {past}: {}", reply.body);
            let line: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
            let line = line["error"].as_str().unwrap();
            assert!(
                line.contains(b.field) && line.contains(&b.most.to_string()),
                "{verb} {past}: {line}"
            );
            assert!(
                t.elapsed() < Duration::from_secs(1),
                "{verb}: {:?}",
                t.elapsed()
            );
            if let Some(body) = at_the_bound(b.field, verb, b.most) {
                let reply = games_cli::api::call(game, v, body.as_bytes(), None);
                assert_eq!(reply.status, 200, "{verb} {body}: {}", reply.body);
                accepted += 1;
            }
        }
    }
    assert!(accepted >= 12, "{accepted}");
    // A count bound counts a comma-separated string's values too; one
    // value past it (a checkpoint at game 5000) is not past it.
    let many = (1..=1001)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let reply = games_cli::api::call(
        "lcr",
        "simulate",
        serde_json::json!({ "checkpoints": many })
            .to_string()
            .as_bytes(),
        None,
    );
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert!(
        reply
            .body
            .contains("checkpoints: at most 1000 on the web, not 1001"),
        "{}",
        reply.body
    );
    let body = r#"{"table": "standard", "checkpoints": 5000, "games": 5000, "seed": 1}"#;
    let reply = games_cli::api::call("lcr", "simulate", body.as_bytes(), None);
    assert_eq!(reply.status, 200, "{}", reply.body);
    // A huge value gets a short line.
    let body = serde_json::json!({ "players": "9".repeat(1 << 20) }).to_string();
    let reply = games_cli::api::call("lcr", "simulate", body.as_bytes(), None);
    assert_eq!(reply.status, 400);
    assert!(reply.body.len() < 200, "{}", reply.body);
}

/// 300 concurrent expensive requests (Kalah(6,6) move values with a
/// second's budget each) on a real server: the queue takes
/// `WORKERS + MAX_WAITING`, the rest get 503 at once, and cheap requests
/// meanwhile answer in milliseconds from their own pool.
#[test]
fn a_cheap_request_answers_under_300_expensive_ones() {
    let _alone = timed();
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    common::runtime().block_on(async {
        // As `games-cli serve` listens: room for 1024 connections not yet
        // accepted (the 300 arrive at once).
        let listener = games_web::listen("127.0.0.1", 0).await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(games_web::serve(listener, games_cli::web_backend()));
        let began = Instant::now();
        let done = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..300 {
            let done = Arc::clone(&done);
            tasks.push(tokio::spawn(async move {
                let body = br#"{"pits": 6, "seeds": 6, "think": 1}"#;
                let r = http(address, "POST", "/api/kalah/moves", body).await;
                done.fetch_add(1, Ordering::SeqCst);
                r
            }));
        }
        // Wait for the refusals: every request past the queue's room.
        let room = games_web::WORKERS + games_web::MAX_WAITING;
        while done.load(Ordering::SeqCst) < 300 - room {
            assert!(began.elapsed() < Duration::from_secs(10), "refusals too slow");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let refused_in = began.elapsed();
        // The queue is full and 4 solves run: time cheap requests.
        let cheap = [
            ("/api/craps/exact", "{}".to_string()),
            (
                "/api/hog/step",
                format!(r#"{{"state": {HOG_STATE}, "rolls": 5, "seed": 1}}"#),
            ),
            (
                "/api/kalah/move",
                r#"{"pits": 6, "seeds": 6, "pit": 2}"#.to_string(),
            ),
        ];
        let mut latencies = Vec::new();
        for round in 0..5 {
            for (path, body) in &cheap {
                let t = Instant::now();
                let (status, text) = http(address, "POST", path, body.as_bytes()).await;
                latencies.push(t.elapsed());
                assert_eq!(status, 200, "{path} (round {round}): {text}");
            }
        }
        let slowest = *latencies.iter().max().unwrap();
        let mut sorted = latencies.clone();
        sorted.sort();
        let median = sorted[sorted.len() / 2];
        let (mut answered, mut busy) = (0, 0);
        for t in tasks {
            let (status, text) = tokio::time::timeout(Duration::from_secs(120), t)
                .await
                .expect("answered in time")
                .unwrap();
            match status {
                200 => answered += 1,
                503 => {
                    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                    assert!(!v["error"].as_str().unwrap().contains('\n'));
                    busy += 1;
                }
                s => panic!("{s}: {text}"),
            }
        }
        eprintln!(
            "300 expensive: {answered} answered, {busy} got 503 (all refusals within {refused_in:?}); \
             cheap under load: median {median:?}, slowest {slowest:?} of {}; all done in {:?}",
            latencies.len(),
            began.elapsed()
        );
        assert_eq!(answered + busy, 300);
        assert!(busy >= 300 - room, "{busy}");
        // Under 200 ms on the 2-core machine (docs/benchmarks.md); CI's
        // noise gets a margin.
        assert!(slowest < Duration::from_millis(500), "{latencies:?}");
    });
}

/// Work whose client has gone is cancelled within a second: four
/// simulations that take seconds fill the expensive pool, their clients
/// close the connection, and a fifth expensive request then finds a
/// worker at once instead of waiting for them. So for sampled Hog win
/// rates and for LCR on a table of a hundred seats, whose chunk of games
/// alone takes two seconds: a stop is heard between games.
#[test]
fn work_whose_client_left_is_cancelled() {
    let _alone = timed();
    use tokio::io::AsyncWriteExt;
    common::runtime().block_on(async {
        let address = start().await;
        for (path, body) in [
            (
                "/api/baccarat/simulate",
                &br#"{"games": 10000000, "decks": 8, "seed": 1}"#[..],
            ),
            (
                "/api/hog/rate",
                br#"{"strategy": "always:4", "vs": "always:5", "games": 5000000, "seed": 2}"#,
            ),
            (
                "/api/lcr/simulate",
                br#"{"players": 100, "coins": 100, "games": 16384, "seed": 3}"#,
            ),
        ] {
            // How long one takes when its client stays.
            let t = Instant::now();
            let (status, text) = http(address, "POST", path, body).await;
            assert_eq!(status, 200, "{text}");
            let whole = t.elapsed();
            let mut left = Vec::new();
            for _ in 0..games_web::WORKERS {
                let mut s = tokio::net::TcpStream::connect(address).await.unwrap();
                let head = format!(
                    "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                    body.len()
                );
                s.write_all(head.as_bytes()).await.unwrap();
                s.write_all(body).await.unwrap();
                left.push(s);
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
            drop(left);
            let t = Instant::now();
            let (status, text) = http(
                address,
                "POST",
                "/api/baccarat/simulate",
                br#"{"games": 1000, "seed": 2}"#,
            )
            .await;
            assert_eq!(status, 200, "{text}");
            let waited = t.elapsed();
            eprintln!(
                "{path}: one alone {whole:?}; after 4 clients left, a new request answered in {waited:?}"
            );
            // Without the cancelling, the new request waits for a worker
            // until one of the four is done: at least as long as one alone.
            assert!(waited < whole / 2, "{path}: {waited:?} against {whole:?}");
            assert!(waited < Duration::from_millis(1500), "{path}: {waited:?}");
        }
    });
}

/// A wrong value is said in the command line's words, not Rust's type
/// names, and a number sent as text is the number.
#[test]
fn wrong_values_are_said_in_words() {
    let error = |game: &str, verb: &str, body: &str| {
        let r = games_cli::api::call(game, verb, body.as_bytes(), None);
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        let v: serde_json::Value = serde_json::from_str(&r.body).unwrap();
        v["error"].as_str().unwrap().to_string()
    };
    for (game, verb, body, line) in [
        (
            "lcr",
            "exact",
            r#"{"players": -3}"#,
            "players: expected a whole number, not a negative one: -3",
        ),
        (
            "lcr",
            "exact",
            r#"{"players": 2.5}"#,
            "players: expected a whole number, not 2.5",
        ),
        (
            "lcr",
            "exact",
            r#"{"players": "three"}"#,
            r#"players: expected a whole number, not the text "three""#,
        ),
        // A negative number sent as text is the negative number.
        (
            "lcr",
            "exact",
            r#"{"players": "-3"}"#,
            "players: expected a whole number, not a negative one: -3",
        ),
        // A count says what was wrong with it.
        (
            "lcr",
            "simulate",
            r#"{"games": -5}"#,
            "games: expected a whole number, not a negative one: -5",
        ),
        // In a flattened group (the sampled runs' seed) too.
        (
            "lcr",
            "simulate",
            r#"{"games": 10, "seed": -1}"#,
            "seed: expected a whole number, not a negative one: -1",
        ),
        (
            "hog",
            "coach",
            r#"{"goal": -5}"#,
            "goal: expected a whole number from 0 to 4294967295, not -5",
        ),
        (
            "hog",
            "coach",
            r#"{"score": [0, 0]}"#,
            "score: expected a whole number from 0 to 4294967295, not a list",
        ),
        (
            "lcr",
            "exact",
            r#"{"players": true}"#,
            "players: expected a whole number, not true",
        ),
        // A state's fields, named within it, in words.
        (
            "kalah",
            "move",
            r#"{"state": {"board": [3,3,3,3,0,3,3,3,3,0], "to_move": 0, "rule": "x"}, "pit": 0}"#,
            r#"--state: rule: expected "seed" or "empty", not the text "x""#,
        ),
        (
            "kalah",
            "move",
            r#"{"state": {"board": 7, "to_move": 0, "rule": "seed"}, "pit": 0}"#,
            "--state: board: expected a list, not 7",
        ),
        (
            "kalah",
            "move",
            r#"{"state": {"board": [3,3,3,3,0,3,3,3,3,0], "rule": "seed"}, "pit": 0}"#,
            r#"--state: the field "to_move" is missing"#,
        ),
        (
            "hog",
            "step",
            r#"{"state": {"scores": "x"}, "rolls": 1}"#,
            r#"--state: scores: expected a list of 2, not the text "x""#,
        ),
        (
            "hog",
            "step",
            r#"{"state": {"scores": [1]}, "rolls": 1}"#,
            "--state: scores: expected a list of 2, not a list of 1",
        ),
        (
            "hog",
            "step",
            r#"{"state": {"scores": [1, 2, 3]}, "rolls": 1}"#,
            "--state: scores: too many items in the list",
        ),
        // A name's place given a number: the names, and the value sent.
        (
            "lcr",
            "simulate",
            r#"{"table": "standard", "games": 10, "end-check": 0}"#,
            r#"end-check: expected "round" or "turn", not 0"#,
        ),
        // Seconds past the web's range either way, the value cut short.
        (
            "kalah",
            "moves",
            r#"{"pits": 4, "seeds": 3, "think": 1e-300}"#,
            "think: a number of seconds from 0.05 to 10 on the web, not 1e-300",
        ),
        (
            "kalah",
            "solve",
            r#"{"pits": 4, "seeds": 3, "time-limit": 0.5}"#,
            "time-limit: a number of seconds from 1 to 10 on the web, not 0.5",
        ),
        // A file's name too long says so.
        (
            "hog",
            "rate",
            r#"{"strategy": "file:a", "files": {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": "x"}}"#,
            "files: a file's name has at most 64 characters, not 65",
        ),
        // A rule named "... at line 9" is said whole.
        (
            "kalah",
            "move",
            r#"{"state": {"board": [3,3,3,3,0,3,3,3,3,0], "to_move": 0, "rule": "seed at line 9"}, "pit": 0}"#,
            r#"--state: rule: expected "seed" or "empty", not the text "seed at line 9""#,
        ),
    ] {
        assert_eq!(error(game, verb, body), line, "{game} {verb} {body}");
    }
    // A list given as text is its values with commas between, as on the
    // command line: the same reply as the list.
    let as_list = games_cli::api::call(
        "kalah",
        "move",
        br#"{"pits": 4, "seeds": 3, "moves": [0, 3]}"#,
        None,
    );
    let as_text = games_cli::api::call(
        "kalah",
        "move",
        br#"{"pits": 4, "seeds": 3, "moves": "0,3"}"#,
        None,
    );
    assert_eq!(as_list.status, 200, "{}", as_list.body);
    assert_eq!((as_text.status, &as_text.body), (200, &as_list.body));
    // A whole number written with a point or an exponent is that number
    // (JSON has one kind of number): the same reply as 3 and 2.
    let whole = games_cli::api::call("lcr", "exact", br#"{"players": 3, "coins": 2}"#, None);
    assert_eq!(whole.status, 200, "{}", whole.body);
    for body in [
        r#"{"players": 3.0, "coins": 2}"#,
        r#"{"players": 0.3e1, "coins": 2.000}"#,
    ] {
        let r = games_cli::api::call("lcr", "exact", body.as_bytes(), None);
        assert_eq!((r.status, &r.body), (200, &whole.body), "{body}");
    }
    // Its range is still its own: -0 is 0 players, 1e20 past a u64.
    assert_eq!(
        error("lcr", "exact", r#"{"players": -0.0}"#),
        error("lcr", "exact", r#"{"players": 0}"#)
    );
    assert!(
        error("lcr", "simulate", r#"{"games": 10, "seed": 1e20}"#)
            .starts_with("seed: expected a whole number from 0 to 18446744073709551615, not "),
    );
    // Past 2^53 a float no longer holds every whole number: refused, not
    // read as another seed (this one as ...992).
    for seed in [
        "9007199254740993.0",
        "9007199254740993e0",
        "9.007199254740992e15",
    ] {
        let body = format!(r#"{{"games": 10, "seed": {seed}}}"#);
        assert!(
            error("lcr", "simulate", &body).starts_with("seed: expected a whole number"),
            "{seed}"
        );
    }
    // A list's items too.
    let listed = games_cli::api::call(
        "kalah",
        "move",
        br#"{"pits": 4, "seeds": 3, "moves": [0, 3.0]}"#,
        None,
    );
    assert_eq!((listed.status, &listed.body), (200, &as_list.body));
    assert_eq!(
        error(
            "kalah",
            "move",
            r#"{"pits": 4, "seeds": 3, "moves": "0,x"}"#
        ),
        r#"moves[1]: expected a whole number, not the text "x""#
    );
    // Spaces are kept, as on the command line (which refuses " 3").
    assert_eq!(
        error(
            "kalah",
            "move",
            r#"{"pits": 4, "seeds": 3, "moves": "0, 3"}"#
        ),
        r#"moves[1]: expected a whole number, not the text " 3""#
    );
    // A value with a line break: the command shown stays one line.
    let r = games_cli::api::call("hog", "rate", b"{\"strategy\": \"\\n\\n\"}", None);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.command.contains(r"--strategy $'\n\n'"), "{}", r.command);
    // `hog rate` without its strategy says what it wants.
    let line = error("hog", "rate", r#"{"goal": 1000000000}"#);
    assert!(
        line.starts_with("--strategy is required: the strategy to rate"),
        "{line}"
    );
    let line = error(
        "lcr",
        "simulate",
        r#"{"games": 10, "seed": 18446744073709551616}"#,
    );
    assert!(
        line.starts_with("seed: expected a whole number from 0 to 18446744073709551615, not "),
        "{line}"
    );
    assert_eq!(
        error("hog", "step", r#"{"rolls": 10000000000000000000}"#),
        "rolls: expected a whole number from -9223372036854775808 to 9223372036854775807, not 10000000000000000000"
    );
    // Text for a switch or a list is not made a number: said as sent.
    let line = error("kalah", "moves", r#"{"empty-capture": "1"}"#);
    assert!(
        line.contains(r#"the text "1""#) || line.contains(r#"string "1""#),
        "{line}"
    );
    // Numbers as text, as on the command line.
    let ok = |game: &str, verb: &str, body: &str| {
        let r = games_cli::api::call(game, verb, body.as_bytes(), None);
        assert_eq!(r.status, 200, "{body}: {}", r.body);
        r.body
    };
    assert_eq!(
        ok(
            "lcr",
            "simulate",
            r#"{"players": "4", "games": 100, "seed": "7"}"#
        ),
        ok(
            "lcr",
            "simulate",
            r#"{"players": 4, "games": 100, "seed": 7}"#
        )
    );
    assert_eq!(
        ok("lcr", "exact", r#"{"players": " 3 ", "coins": "002"}"#),
        ok("lcr", "exact", r#"{"players": 3, "coins": 2}"#)
    );
    // null leaves a flag out, a switch's as a number's.
    assert_eq!(
        ok(
            "hog",
            "coach",
            r#"{"score": null, "goal": null, "no-free-bacon": null}"#
        ),
        ok("hog", "coach", "{}")
    );
    // Before the web's own checks and defaults too: a null time or table
    // size is the web's default, not refused, nor the command line's.
    assert_eq!(
        ok(
            "kalah",
            "solve",
            r#"{"pits": 3, "seeds": 2, "time-limit": null, "table-bits": null}"#
        ),
        ok("kalah", "solve", r#"{"pits": 3, "seeds": 2}"#)
    );
    assert_eq!(
        ok(
            "kalah",
            "moves",
            r#"{"pits": 3, "seeds": 2, "think": null}"#
        ),
        ok("kalah", "moves", r#"{"pits": 3, "seeds": 2}"#)
    );
    // A long value repeated is cut at 1,000 characters, with its length.
    let long = "x".repeat(3000);
    let line = error("lcr", "exact", &format!(r#"{{"players": "{long}"}}"#));
    assert!(
        line.starts_with(r#"players: expected a whole number, not the text "xxx"#),
        "{line}"
    );
    let whole = format!(r#"players: expected a whole number, not the text "{long}""#);
    assert!(
        line.ends_with(&format!("... (cut: {} bytes in all)", whole.len())),
        "{line}"
    );
    assert!(line.chars().count() <= 1000, "{line}");
}

/// `mancala`, the command line's older name for Kalah, still answers on the
/// API, the same reply as `kalah` (the command shown says `kalah`).
#[test]
fn mancala_is_an_alias_of_kalah() {
    let body = br#"{"pits": 4, "seeds": 3, "pit": 1}"#;
    let new = games_cli::api::call("kalah", "move", body, None);
    let old = games_cli::api::call("mancala", "move", body, None);
    assert_eq!(new.status, 200, "{}", new.body);
    assert_eq!(old, new);
    assert!(
        new.command.starts_with("games-cli kalah move "),
        "{}",
        new.command
    );
    assert!(games_cli::api::cheap("mancala", "move", body));
}

/// `/craps` and `/baccarat` lead to the casino page's game, the query
/// kept; an address with no page shows a browser a page with the way to
/// the games, and gives other clients the one-line JSON.
#[test]
fn the_games_own_names_lead_to_their_page() {
    common::runtime().block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let address = start().await;
        let get = |path: &'static str, accept: &'static str| async move {
            let mut s = tokio::net::TcpStream::connect(address).await.unwrap();
            s.write_all(format!("GET {path} HTTP/1.1\r\nhost: localhost\r\naccept: {accept}\r\nconnection: close\r\n\r\n").as_bytes())
                .await
                .unwrap();
            let mut out = Vec::new();
            let _ = s.read_to_end(&mut out).await;
            String::from_utf8_lossy(&out).to_lowercase()
        };
        let html = "text/html,application/xhtml+xml,*/*;q=0.8";
        let r = get("/craps?bank=50&bets=pass:5", html).await;
        assert!(r.starts_with("http/1.1 307"), "{r}");
        assert!(r.contains("\r\nlocation: /casino?game=craps&bank=50&bets=pass:5\r\n"), "{r}");
        let r = get("/baccarat?", html).await;
        assert!(r.starts_with("http/1.1 307") && r.contains("\r\nlocation: /casino?game=baccarat\r\n"), "{r}");
        let r = get("/nowhere", html).await;
        assert!(r.starts_with("http/1.1 404"), "{r}");
        assert!(r.contains("content-type: text/html") && r.contains("<a href=\"/kalah\">"), "{r}");
        let r = get("/nowhere", "*/*").await;
        assert!(r.starts_with("http/1.1 404") && r.contains("{\"error\":\"no such page"), "{r}");
        let r = get("/api/nowhere", html).await;
        assert!(r.starts_with("http/1.1 404") && r.contains("{\"error\":"), "{r}");
    });
}
