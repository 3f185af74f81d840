//! The local web page of `games-cli serve`: an HTTP server (axum on
//! tokio) with its HTML, CSS and JavaScript embedded in the binary, and a
//! JSON API under `/api/GAME/VERB` answered by a [`Backend`] (the CLI's
//! own commands, so the page and the command line give the same JSON).
//!
//! ```
//! use std::sync::Arc;
//! use games_web::{Backend, Cost, Reply};
//!
//! // A backend that echoes the verb: the real one is `games_cli::api::call`.
//! let backend = Backend::new(Arc::new(|game: &str, verb: &str, _body: &[u8], _progress: games_web::Progress<'_>, _gone: &games_app::Cancel| Reply {
//!     status: 200,
//!     body: format!("{{\"game\": \"{game}\", \"verb\": \"{verb}\"}}"),
//!     command: format!("games-cli {game} {verb}"),
//! }))
//! // Rules steps answer at once; the rest is expensive.
//! .with_cost(Arc::new(|_game: &str, verb: &str, _body: &[u8]| {
//!     if verb == "step" { Cost::Cheap } else { Cost::Expensive }
//! }));
//! let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
//! rt.block_on(async {
//!     let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
//!     let address = listener.local_addr().unwrap();
//!     tokio::spawn(games_web::serve(listener, backend));
//!     // The page is served at http://{address}/ (see tests for requests).
//!     assert!(address.port() > 0);
//! });
//! ```
//!
//! Only this machine's pages can use it: a request whose `Host` is not a
//! name of the server (the loopback names, and the `--host` it was given)
//! gets 421, so a site the user visits cannot reach it through DNS
//! rebinding; a request whose `Origin` is not the server's own gets 403, so
//! another site cannot make the browser post work to it; an API body must
//! be `application/json` (else 415), which a cross-site form cannot send
//! without the browser asking first. Reply headers are at most
//! [`MAX_HEADER`] bytes.
//!
//! The server keeps no sessions: every request carries the game state it
//! acts on. Work runs on blocking threads in two pools, so async threads
//! always answer and a cheap request (a rules step, exact odds: the
//! backend's [`Cost`] says which) never waits behind an expensive one (a
//! simulation, a solve): at most [`CHEAP_WORKERS`] cheap and [`WORKERS`]
//! expensive requests run at once, each pool with its own queue of at most
//! [`CHEAP_WAITING`] or [`MAX_WAITING`] requests. A request that finds its
//! queue full gets 503 at once; one that waits longer than
//! [`QUEUE_WAIT`] gets 503 then. Bodies are limited to [`MAX_BODY`]
//! bytes.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Path, Query, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

mod conn;
pub use conn::Guards;

/// What the backend answers: status, body (JSON), and the command line it
/// ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// JSON text.
    pub body: String,
    /// The equivalent `games-cli` command, sent in the
    /// `x-games-cli-command` header.
    pub command: String,
}

/// A progress callback for long work: units done, units in all.
pub type Progress<'a> = Option<&'a (dyn Fn(u64, u64) + Sync)>;

/// Answers `POST /api/GAME/VERB` with the request body, reporting
/// progress when asked. The [`games_app::Cancel`] is raised when the
/// client goes away (its connection closed, or a streamed reply no longer
/// read): the work should stop.
pub type Call =
    Arc<dyn Fn(&str, &str, &[u8], Progress<'_>, &games_app::Cancel) -> Reply + Send + Sync>;

/// Says which pool a request `(game, verb, body)` runs in.
pub type Classify = Arc<dyn Fn(&str, &str, &[u8]) -> Cost + Send + Sync>;

/// What a request costs, deciding the pool it waits and runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Answered in milliseconds (a rules step, exact odds of a small game).
    Cheap,
    /// A simulation, a solve, a study: up to the web's limits (seconds).
    Expensive,
}

/// The backend: the call that answers the API, and the cost of each
/// request.
#[derive(Clone)]
pub struct Backend {
    /// Answers a request.
    pub call: Call,
    /// Classifies a request before it waits for a worker.
    pub cost: Classify,
}

impl Backend {
    /// A backend whose requests are all [`Cost::Expensive`].
    pub fn new(call: Call) -> Backend {
        Backend {
            call,
            cost: Arc::new(|_: &str, _: &str, _: &[u8]| Cost::Expensive),
        }
    }

    /// The same backend, classifying requests with `cost`.
    pub fn with_cost(self, cost: Classify) -> Backend {
        Backend { cost, ..self }
    }
}

/// Expensive requests worked on at once (each on a blocking thread).
pub const WORKERS: usize = 4;
/// Expensive requests waiting for a worker at most: one more gets 503 at
/// once.
pub const MAX_WAITING: usize = 64;
/// Cheap requests worked on at once (each on a blocking thread, besides
/// the expensive ones').
pub const CHEAP_WORKERS: usize = 4;
/// Cheap requests waiting for a worker at most.
pub const CHEAP_WAITING: usize = 256;
/// How long a request waits for a worker before a 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(60);
/// Blocking threads the server's runtime keeps: one for each worker of
/// both pools, so a permit always finds its thread.
pub const BLOCKING_THREADS: usize = WORKERS + CHEAP_WORKERS;
/// The largest request body: 2 MiB (two strategy files of 1 MiB).
pub const MAX_BODY: usize = 2 << 20;

/// The most bytes of a reply's headers, its status line and the blank line
/// after them included.
pub const MAX_HEADER: usize = 4096;

/// The longest `x-games-cli-command` header: longer commands are cut, ending
/// in `...`. The reply's other headers (its content type, length and date)
/// take under 200 bytes, so all of them stay within [`MAX_HEADER`].
pub const MAX_COMMAND_HEADER: usize = MAX_HEADER - 512;

const INDEX: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
/// The rules in the project's own words, which each page's rules panel
/// links to (`/docs/rules.md`).
const RULES: &str = include_str!("../../../docs/rules.md");

#[derive(Clone)]
struct App {
    backend: Backend,
    cheap: Arc<Pool>,
    expensive: Arc<Pool>,
    hosts: Arc<Vec<String>>,
    /// How long a request's body may take to come.
    body_wait: Duration,
    /// The large replies' bytes held at once, in KiB ([`Guards::reply_bytes`]).
    replies: Arc<Semaphore>,
    /// How long a large reply may take to be read ([`Guards::reply_write`]).
    reply_write: Duration,
}

/// Workers and a bounded queue for them.
struct Pool {
    /// One permit a worker.
    workers: Arc<Semaphore>,
    /// One permit a request admitted (working or waiting).
    admitted: Arc<Semaphore>,
}

impl Pool {
    fn new(workers: usize, waiting: usize) -> Pool {
        Pool {
            workers: Arc::new(Semaphore::new(workers)),
            admitted: Arc::new(Semaphore::new(workers + waiting)),
        }
    }

    /// A worker's permits (held until the work ends), or `None` (busy) when
    /// the queue is full or the wait too long.
    async fn enter(&self) -> Option<Permits> {
        let admitted = Arc::clone(&self.admitted).try_acquire_owned().ok()?;
        let worker = tokio::time::timeout(QUEUE_WAIT, Arc::clone(&self.workers).acquire_owned())
            .await
            .ok()?
            .ok()?;
        Some((admitted, worker))
    }
}

/// A place in a queue and a worker.
type Permits = (
    tokio::sync::OwnedSemaphorePermit,
    tokio::sync::OwnedSemaphorePermit,
);

/// The names a loopback server answers to.
pub const LOOPBACK_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// Whether `host` (as given to `--host`) is a loopback name or address.
pub fn is_loopback(host: &str) -> bool {
    LOOPBACK_NAMES.contains(&host)
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|a| a.is_loopback())
}

/// The server's routes, answering only the loopback names: the pages (`/`,
/// `/hog`, `/kalah`, `/lcr`, `/casino`, with `/craps` and `/baccarat`
/// leading to the casino's tabs), the assets, and the API; a browser's
/// address with no page gets a page with the way to the games.
pub fn router(backend: Backend) -> Router {
    router_for(backend, &[])
}

/// [`router`], also answering to the names in `hosts` (the address given
/// to `--host` when it is not a loopback one; `*` for any name, when bound
/// to every interface).
pub fn router_for(backend: Backend, hosts: &[&str]) -> Router {
    router_guarded(backend, hosts, Guards::DEFAULT)
}

fn router_guarded(backend: Backend, hosts: &[&str], guards: Guards) -> Router {
    let mut names: Vec<String> = LOOPBACK_NAMES.iter().map(|s| s.to_string()).collect();
    for h in hosts {
        let h = h.to_ascii_lowercase();
        if !names.contains(&h) {
            names.push(h);
        }
    }
    let app = App {
        backend,
        cheap: Arc::new(Pool::new(CHEAP_WORKERS, CHEAP_WAITING)),
        expensive: Arc::new(Pool::new(WORKERS, MAX_WAITING)),
        hosts: Arc::new(names),
        body_wait: guards.body_wait,
        replies: Arc::new(Semaphore::new(guards.reply_bytes / 1024)),
        reply_write: guards.reply_write,
    };
    Router::new()
        .route("/", get(|| page("home")))
        .route("/hog", get(|| page("hog")))
        .route("/kalah", get(|| page("kalah")))
        .route("/lcr", get(|| page("lcr")))
        .route("/casino", get(|| page("casino")))
        // Craps and baccarat are the casino page's two games: their own
        // names lead to it.
        .route("/craps", get(|q: RawQuery| to_casino("craps", q)))
        .route("/baccarat", get(|q: RawQuery| to_casino("baccarat", q)))
        .route("/assets/app.js", get(app_js))
        .route("/assets/style.css", get(style))
        .route("/docs/rules.md", get(rules))
        .route("/api/{game}/{verb}", post(api))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        // The body is read under [`MAX_BODY`] by the handler itself, so an
        // oversized one gets the same one-line 400 as any bad request.
        .layer(DefaultBodyLimit::disable())
        .layer(axum::middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// The name part of a `Host` header or an origin's authority: `[::1]:8080`
/// is `[::1]`, `localhost:80` is `localhost`. Anything after the name but
/// a port (a number up to 65535) leaves the whole, which names no server:
/// `[::1].evil.example` is not `[::1]`, nor `localhost:99999999`
/// `localhost`.
fn host_name(authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    let port = |p: &str| p.chars().all(|c| c.is_ascii_digit()) && p.parse::<u16>().is_ok();
    if a.starts_with('[') {
        return match a.split_once(']') {
            Some((h, "")) => format!("{h}]"),
            Some((h, rest)) if rest.strip_prefix(':').is_some_and(port) => format!("{h}]"),
            _ => a,
        };
    }
    match a.rsplit_once(':') {
        Some((h, p)) if port(p) && !h.contains(':') => h.to_string(),
        _ => a,
    }
}

/// Host, Origin and content-type checks before any route (see the crate
/// docs).
async fn guard(
    State(app): State<App>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let headers = request.headers();
    // Two names for one request: which one a proxy or the router heeds is
    // not for the request to choose.
    // So for the page's origin and the body's type.
    for (name, shown) in [
        (header::HOST, "Host"),
        (header::ORIGIN, "Origin"),
        (header::CONTENT_TYPE, "Content-Type"),
    ] {
        if headers.get_all(&name).iter().count() > 1 {
            return json_error(
                StatusCode::BAD_REQUEST,
                &format!("{shown}: more than one in a request"),
            );
        }
    }
    if headers
        .get(header::HOST)
        .is_some_and(|h| h.to_str().is_err())
    {
        return json_error(StatusCode::BAD_REQUEST, "Host: not text");
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| request.uri().authority().map(|a| a.to_string()));
    let Some(host) = host else {
        return json_error(
            StatusCode::MISDIRECTED_REQUEST,
            "no Host header: this server answers only requests for itself",
        );
    };
    // A target in absolute form (`GET http://evil.example/`) names its
    // host too: it must be the Host's.
    if let Some(authority) = request.uri().authority()
        && !authority.as_str().eq_ignore_ascii_case(&host)
    {
        return json_error(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "the request's target names {}, its Host {}: this server answers only requests for itself",
                shown(authority.as_str()),
                shown(&host)
            ),
        );
    }
    let name = host_name(&host);
    if !app.hosts.iter().any(|h| *h == name || h == "*") {
        return json_error(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "Host {} is not this server's name (it answers to {}; start it with --host NAME to serve another)",
                shown(&host),
                app.hosts.join(", ")
            ),
        );
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let same = origin.to_str().ok().is_some_and(|o| {
            o.strip_prefix("http://")
                .is_some_and(|a| a.eq_ignore_ascii_case(&host))
        });
        if !same {
            return json_error(
                StatusCode::FORBIDDEN,
                "Origin: another site's page cannot use this server",
            );
        }
    }
    if request.method() == axum::http::Method::POST {
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return json_error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "content-type: API requests send application/json",
            );
        }
    }
    next.run(request).await
}

/// Serve on `listener` until the process ends.
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve(listener: tokio::net::TcpListener, backend: Backend) -> std::io::Result<()> {
    serve_for(listener, backend, &[]).await
}

/// [`serve`], also answering to the names in `hosts` (see [`router_for`]).
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve_for(
    listener: tokio::net::TcpListener,
    backend: Backend,
    hosts: &[&str],
) -> std::io::Result<()> {
    serve_guarded(listener, backend, hosts, Guards::DEFAULT).await
}

/// [`serve_for`] under these bounds on each connection (see [`Guards`];
/// tests use shorter waits).
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve_guarded(
    listener: tokio::net::TcpListener,
    backend: Backend,
    hosts: &[&str],
    guards: Guards,
) -> std::io::Result<()> {
    conn::serve(listener, router_guarded(backend, hosts, guards), guards).await
}

/// Connections accepted by the kernel and not yet by the server at most
/// (the kernel caps it at `net.core.somaxconn`): tokio's default, 128,
/// drops the rest of a burst of 300, whose clients then retry after a
/// second.
pub const BACKLOG: u32 = 1024;

/// Listen on `host:port` (the first of its addresses that binds) with
/// room for [`BACKLOG`] connections not yet accepted.
///
/// # Errors
/// The name does not resolve, or no address of it can be bound.
pub async fn listen(host: &str, port: u16) -> std::io::Result<tokio::net::TcpListener> {
    let mut last = None;
    // A name that does not resolve is the caller's (InvalidInput).
    let addresses = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    for address in addresses {
        let socket = if address.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        // As tokio's own bind: a restarted server takes its port back.
        #[cfg(not(windows))]
        socket.set_reuseaddr(true)?;
        match socket.bind(address) {
            Ok(()) => return socket.listen(BACKLOG),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::AddrNotAvailable,
            format!("{host} has no address"),
        )
    }))
}

/// Why `games-cli serve` stopped: a line, and whether the fault is the
/// caller's (a `--host` that names no address of this machine: exit code
/// 2) or the machine's (the port taken, a runtime not started: exit 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// The line for stderr.
    pub message: String,
    /// Bad input, rather than a failure of the machine.
    pub bad_input: bool,
}

fn machine(message: String) -> RunError {
    RunError {
        message,
        bad_input: false,
    }
}

/// Whether the server bound at `address` is reached only from this
/// machine (IPv4's 127/8, `::1`, or IPv4's loopback written in IPv6).
fn bound_to_loopback(address: std::net::IpAddr) -> bool {
    match address {
        std::net::IpAddr::V4(a) => a.is_loopback(),
        std::net::IpAddr::V6(a) => {
            a.is_loopback() || a.to_ipv4_mapped().is_some_and(|v| v.is_loopback())
        }
    }
}

/// Bind `host:port`, print the address, open a browser when asked, and
/// serve until the process ends (the `games-cli serve` command).
///
/// # Errors
/// One line: the address could not be bound, or the runtime not started.
pub fn run(host: &str, port: u16, open: bool, backend: Backend) -> Result<(), RunError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(BLOCKING_THREADS)
        .enable_all()
        .build()
        .map_err(|e| machine(format!("cannot start the server: {e}")))?;
    rt.block_on(async {
        let listener = listen(host, port).await.map_err(|e| RunError {
            message: format!("--host {host} --port {port}: cannot listen there: {e}"),
            // A name that does not resolve, or an address that is not this
            // machine's, is the argument's fault; anything else (the port
            // taken or forbidden, no sockets left) is the machine's.
            bad_input: matches!(
                e.kind(),
                std::io::ErrorKind::AddrNotAvailable | std::io::ErrorKind::InvalidInput
            ),
        })?;
        let address = listener
            .local_addr()
            .map_err(|e| machine(format!("cannot read the address: {e}")))?;
        let url = format!("http://{address}/");
        // The names it answers to besides the loopback ones: `--host` as
        // given and the address the URL shows (`--host 127.0.0.2` is a
        // loopback address too, and its page asks by that name).
        let shown = match address.ip() {
            std::net::IpAddr::V6(a) => format!("[{a}]"),
            a => a.to_string(),
        };
        let mut hosts = vec![host, shown.as_str()];
        // Decided by the address bound, not the name given (`--host vm`
        // may name 127.0.1.1).
        if !bound_to_loopback(address.ip()) {
            let any = address.ip().is_unspecified();
            eprintln!(
                "warning: --host {host} serves the page beyond this machine: anyone who can reach {address} can run work here{}",
                if any {
                    " (and it answers to any name, so a web page can reach it through DNS rebinding: serve a named address instead)"
                } else {
                    ""
                }
            );
            // Bound to every interface, the names it is reached by are not
            // known here: any Host, with the Origin check kept.
            if any {
                hosts = vec!["*"];
            }
        }
        println!("serving the games page at {url} (Ctrl-C stops it)");
        if open {
            open_browser(&url);
        }
        serve_for(listener, backend, &hosts)
            .await
            .map_err(|e| machine(format!("the server stopped: {e}")))
    })
}

/// Ask the desktop to open `url` (xdg-open, open, or start); a failure is
/// said and otherwise ignored: the address is printed anyway.
fn open_browser(url: &str) {
    let tries: &[(&str, &[&str])] = if cfg!(target_os = "macos") {
        &[("open", &[])]
    } else if cfg!(windows) {
        &[("cmd", &["/C", "start", ""])]
    } else {
        &[("xdg-open", &[])]
    };
    for (program, args) in tries {
        if std::process::Command::new(program)
            .args(*args)
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .is_ok()
        {
            return;
        }
    }
    println!("(could not open a browser: open {url} yourself)");
}

/// The page names the server answers, `home` for `/`.
const PAGES: [&str; 5] = ["home", "hog", "kalah", "lcr", "casino"];

/// The HTML of each page in [`PAGES`]: the same document, under the title
/// its section gives in `data-title`, so that the tab, the history and a
/// bookmark name the page before (and without) the script.
static PAGE_HTML: std::sync::LazyLock<Vec<String>> =
    std::sync::LazyLock::new(|| PAGES.iter().map(|p| titled(INDEX, p)).collect());

/// `html` with its `<title>` replaced by the `data-title` of the section
/// `id="{page}"`; `html` unchanged when either is missing.
fn titled(html: &str, page: &str) -> String {
    let marker = format!("<section id=\"{page}\" class=\"page\" data-title=\"");
    let title = html.find(&marker).and_then(|at| {
        let rest = &html[at + marker.len()..];
        rest.find('"').map(|end| &rest[..end])
    });
    let head = html.find("<title>").and_then(|a| {
        html[a..]
            .find("</title>")
            .map(|b| (a + "<title>".len(), a + b))
    });
    match (title, head) {
        (Some(title), Some((from, to))) => format!("{}{title}{}", &html[..from], &html[to..]),
        _ => html.to_string(),
    }
}

async fn page(name: &'static str) -> Response {
    let at = PAGES.iter().position(|p| *p == name).unwrap_or(0);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PAGE_HTML[at].clone(),
    )
        .into_response()
}

async fn app_js() -> Response {
    text("text/javascript; charset=utf-8", APP_JS)
}

async fn style() -> Response {
    text("text/css; charset=utf-8", STYLE)
}

/// Markdown as plain text: a browser shows it rather than saving it.
async fn rules() -> Response {
    text("text/plain; charset=utf-8", RULES)
}

fn text(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// The most characters of a request's name an error line repeats.
const SHOWN_NAME: usize = 200;

/// `text` quoted for an error line, cut to [`SHOWN_NAME`] characters (a
/// Host of megabytes), saying how long it was.
fn shown(text: &str) -> String {
    match text.char_indices().nth(SHOWN_NAME) {
        None => format!("{text:?}"),
        Some((end, _)) => format!("{:?}... (cut: {} bytes in all)", &text[..end], text.len()),
    }
}

fn json_error(status: StatusCode, line: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        format!("{}\n", serde_json::json!({ "error": line })),
    )
        .into_response()
}

/// `/craps?...` to `/casino?game=craps&...`, the query kept.
async fn to_casino(game: &'static str, RawQuery(query): RawQuery) -> Response {
    let rest = query
        .filter(|q| !q.is_empty())
        .map(|q| format!("&{q}"))
        .unwrap_or_default();
    Redirect::temporary(&format!("/casino?game={game}{rest}")).into_response()
}

/// A page a browser asked for (its `Accept` names HTML) gets a page with
/// the way to the games; the API and other clients get the one-line JSON.
async fn not_found(uri: Uri, headers: HeaderMap) -> Response {
    const LINE: &str = "no such page: see / for the games";
    let html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"));
    if !html || uri.path().starts_with("/api/") {
        return json_error(StatusCode::NOT_FOUND, LINE);
    }
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        NOT_FOUND_HTML,
    )
        .into_response()
}

/// The page for an address the server does not have.
const NOT_FOUND_HTML: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>No such page | Games, exactly</title><link rel=\"stylesheet\" href=\"/assets/style.css\">\
<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E\
%3Crect x='1' y='1' width='14' height='14' rx='3' fill='%232456a6'/%3E%3Ccircle cx='5' cy='5' r='1.6' fill='white'/%3E\
%3Ccircle cx='8' cy='8' r='1.6' fill='white'/%3E%3Ccircle cx='11' cy='11' r='1.6' fill='white'/%3E%3C/svg%3E\"></head>\
<body><main><h1>No such page</h1><p>This server has no page at this address. \
The games: <a href=\"/hog\">Hog</a>, <a href=\"/kalah\">Kalah</a>, <a href=\"/lcr\">LCR</a>, \
<a href=\"/casino?game=craps\">craps</a> and <a href=\"/casino?game=baccarat\">baccarat</a> \
(or <a href=\"/\">the home page</a>).</p></main></body></html>\n";

async fn wrong_method() -> Response {
    json_error(
        StatusCode::METHOD_NOT_ALLOWED,
        "wrong method: pages are GET, /api/GAME/VERB is POST",
    )
}

async fn api(
    State(app): State<App>,
    Path((game, verb)): Path<(String, String)>,
    Query(query): Query<std::collections::HashMap<String, String>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    // A body said to be too long is refused before it is waited for.
    let said = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if said.is_some_and(|n| n > MAX_BODY as u64) {
        return json_error(
            StatusCode::BAD_REQUEST,
            &format!("body: more than {MAX_BODY} bytes (or cut off)"),
        );
    }
    let Ok(read) = tokio::time::timeout(app.body_wait, axum::body::to_bytes(body, MAX_BODY)).await
    else {
        return json_error(
            StatusCode::REQUEST_TIMEOUT,
            &format!(
                "body: not all sent within {} s",
                app.body_wait.as_secs_f64()
            ),
        );
    };
    let Ok(body) = read else {
        return json_error(
            StatusCode::BAD_REQUEST,
            &format!("body: more than {MAX_BODY} bytes (or cut off)"),
        );
    };
    let stream = query
        .get("progress")
        .is_some_and(|v| v == "1" || v == "true");
    let pool = match (app.backend.cost)(&game, &verb, &body) {
        Cost::Cheap => &app.cheap,
        Cost::Expensive => &app.expensive,
    };
    let Some(permit) = pool.enter().await else {
        return json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again",
        );
    };
    if stream {
        return api_stream(app, game, verb, body, permit);
    }
    let backend = Arc::clone(&app.backend.call);
    // Dropped with this handler's future when the client closes the
    // connection: the work is then cancelled.
    let cancel = games_app::Cancel::new();
    let gone = CancelOnDrop(Some(cancel.clone()));
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        backend(&game, &verb, &body, None, &cancel)
    });
    let done = work.await;
    gone.disarm();
    match done {
        Ok(reply) => held_reply(&app, reply),
        Err(_) => json_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside the server",
        ),
    }
}

/// Cancels its flag when dropped, unless disarmed first: a handler's
/// future is dropped when its client goes away.
struct CancelOnDrop(Option<games_app::Cancel>);

impl CancelOnDrop {
    /// The work finished: nothing to cancel (the flag is dropped, not
    /// leaked).
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.cancel();
        }
    }
}

/// A reply of at most this many bytes is not counted in
/// [`Guards::reply_bytes`].
pub const SMALL_REPLY: usize = 64 << 10;

/// The share of [`Guards::reply_bytes`] a reply of `n` bytes needs, or
/// none when it is small; `Err` when the budget has no room.
fn budget(replies: &Arc<Semaphore>, n: usize) -> Result<Option<OwnedSemaphorePermit>, ()> {
    if n <= SMALL_REPLY {
        return Ok(None);
    }
    let kib = u32::try_from(n.div_ceil(1024)).unwrap_or(u32::MAX);
    Arc::clone(replies)
        .try_acquire_many_owned(kib)
        .map(Some)
        .map_err(|_| ())
}

/// The line of a large reply the budget has no room for.
const BUSY_SENDING: &str = "the server is busy sending other large replies: try again";

/// `reply`, its bytes counted against [`Guards::reply_bytes`] until they
/// are taken (or its connection dropped), and to be taken within
/// [`Guards::reply_write`]: no more of them than the budget is held at
/// once.
fn held_reply(app: &App, reply: Reply) -> Response {
    let n = reply.body.len();
    let permit = match budget(&app.replies, n) {
        Ok(None) => return reply_response(reply),
        Ok(Some(p)) => p,
        Err(()) => return json_error(StatusCode::SERVICE_UNAVAILABLE, BUSY_SENDING),
    };
    let Reply {
        status,
        body,
        command,
    } = reply;
    let mut r = reply_response(Reply {
        status,
        body: String::new(),
        command,
    });
    *r.body_mut() = Body::from_stream(Held {
        bytes: Bytes::from(body),
        at: 0,
        by: tokio::time::Instant::now() + app.reply_write,
        _permit: permit,
    });
    r.headers_mut()
        .insert(header::CONTENT_LENGTH, HeaderValue::from(n));
    r
}

/// A large reply not read within [`Guards::reply_write`]: it is cut off,
/// and its connection with it.
fn too_slow() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        "the client took too long to read its reply",
    )
}

/// A large reply's bytes, given in copies of 64 KiB each, holding its
/// share of the budget until the last is taken: hyper takes the next
/// piece once it has written the ones before, and the whole reply's
/// memory goes with this stream (what hyper still holds is its own
/// copies of the last pieces). Past `by` the reply is cut off, and its
/// connection with it.
struct Held {
    bytes: Bytes,
    at: usize,
    by: tokio::time::Instant,
    _permit: OwnedSemaphorePermit,
}

impl futures_core::Stream for Held {
    type Item = Result<Bytes, std::io::Error>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let start = self.at;
        if start >= self.bytes.len() {
            return std::task::Poll::Ready(None);
        }
        if tokio::time::Instant::now() > self.by {
            self.at = self.bytes.len();
            return std::task::Poll::Ready(Some(Err(too_slow())));
        }
        let end = (start + SMALL_REPLY).min(self.bytes.len());
        self.at = end;
        let piece = Bytes::copy_from_slice(&self.bytes[start..end]);
        std::task::Poll::Ready(Some(Ok(piece)))
    }
}

fn reply_response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut r = (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        reply.body,
    )
        .into_response();
    if let Ok(v) = HeaderValue::from_str(&cut(&reply.command, MAX_COMMAND_HEADER)) {
        r.headers_mut().insert("x-games-cli-command", v);
    }
    r
}

/// `text` in at most `most` bytes: cut at a character boundary, ending in
/// `...` when cut.
fn cut(text: &str, most: usize) -> String {
    if text.len() <= most {
        return text.to_string();
    }
    // At the last space between words (outside a shell's quotes: '...',
    // and $'...' whose \' is no end) that leaves room for " ...": what is
    // shown still pastes whole words.
    let room = most.saturating_sub(4);
    let (mut quoted, mut ansi, mut escaped, mut end) = (false, false, false, 0);
    let mut before = ' ';
    for (i, c) in text.char_indices() {
        if i > room {
            break;
        }
        // (An escaped `$` starts nothing.)
        let plain = !escaped;
        match c {
            _ if escaped => escaped = false,
            '\\' if !quoted => escaped = true,
            '\'' if ansi => ansi = false,
            '\'' if !quoted && before == '$' => ansi = true,
            '\'' => quoted = !quoted,
            ' ' if !quoted && !ansi => end = i,
            _ => {}
        }
        before = if plain { c } else { ' ' };
    }
    format!("{} ...", &text[..end])
}

/// Newline-delimited JSON: `{"progress": {"done": N, "of": M}}` lines
/// while the work runs, then `{"status": S, "command": C, "body": TEXT}`
/// where TEXT is the reply's JSON text, as the unstreamed request gives it.
fn api_stream(app: App, game: String, verb: String, body: Bytes, permit: Permits) -> Response {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Piece>();
    let backend = Arc::clone(&app.backend.call);
    let (replies, reply_write) = (Arc::clone(&app.replies), app.reply_write);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let sender = tx.clone();
        // A reply nobody reads any more (the client left) cancels the work.
        let cancel = games_app::Cancel::new();
        let gone = cancel.clone();
        let report = move |done: u64, of: u64| {
            let line = serde_json::json!({ "progress": { "done": done, "of": of } });
            if sender
                .send((Bytes::from(format!("{line}\n")), None))
                .is_err()
            {
                gone.cancel();
            }
        };
        let reply = backend(&game, &verb, &body, Some(&report), &cancel);
        let mut line = serde_json::json!({ "status": reply.status, "command": reply.command, "body": reply.body }).to_string();
        line.push('\n');
        // The last line is the reply: a large one is counted in the budget
        // as an unstreamed one is, and sent in pieces.
        let held = match budget(&replies, line.len()) {
            Ok(held) => held,
            Err(()) => {
                let body = format!("{}\n", serde_json::json!({ "error": BUSY_SENDING }));
                line = format!(
                    "{}\n",
                    serde_json::json!({ "status": 503, "command": reply.command, "body": body })
                );
                None
            }
        };
        let mut held = held.map(|p| (p, tokio::time::Instant::now() + reply_write));
        for piece in line.as_bytes().chunks(SMALL_REPLY) {
            let _ = tx.send((Bytes::copy_from_slice(piece), held.take()));
        }
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(Lines { rx, held: None }),
    )
        .into_response()
}

/// A piece of a streamed reply, and with the first piece of a large last
/// line its share of the budget and when it must be taken by.
type Piece = (Bytes, Option<(OwnedSemaphorePermit, tokio::time::Instant)>);

/// The stream of a streamed reply's lines, holding a large last line's
/// share of the budget until the stream ends.
struct Lines {
    rx: tokio::sync::mpsc::UnboundedReceiver<Piece>,
    held: Option<(OwnedSemaphorePermit, tokio::time::Instant)>,
}

impl futures_core::Stream for Lines {
    type Item = Result<Bytes, std::io::Error>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let polled = self.rx.poll_recv(cx);
        let std::task::Poll::Ready(Some((piece, held))) = polled else {
            return polled.map(|_| None);
        };
        if held.is_some() {
            self.held = held;
        }
        // A piece still to give once the time to take them is past: the
        // reply is cut off.
        if self
            .held
            .as_ref()
            .is_some_and(|(_, by)| tokio::time::Instant::now() > *by)
        {
            self.rx.close();
            self.held = None;
            return std::task::Poll::Ready(Some(Err(too_slow())));
        }
        std::task::Poll::Ready(Some(Ok(piece)))
    }
}
