//! `games-cli`: one command line over every engine of the workspace.
//!
//! ```
//! // The same entry point the binary uses; exit code 0 on success.
//! let code = games_cli::run_to_string(["games-cli", "lcr", "replay", "--players", "2", "--script", "LCR", "--format", "json"]);
//! let (status, out) = code;
//! assert_eq!(status, 0);
//! assert!(out.contains("\"winner\": 1"));
//! ```
//!
//! The grammar is `games-cli GAME VERB [flags]`: each verb takes only its
//! own flags (a flag it does not use is an error naming the verb), and the
//! shared ones (`--games`, `--seed`, `--threads`, `--format`) come from one
//! struct each, with one meaning everywhere. Each game has a default verb,
//! so `games-cli lcr --players 5` is `games-cli lcr simulate --players 5`.
//!
//! Results go to stdout (in one piece at the end, except the streaming
//! `mancala sow --jsonl` / `mancala solve --jsonl` batches and the
//! interactive games, which write as they go); messages and progress bars
//! go to stderr. Bad input gives one line on stderr and exit code 2.

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

pub mod api;
mod casino;
mod charts;
mod examples;
mod games;
mod hog;
mod lcr;
mod mancala;
mod output;
mod shard;

/// Exit code 2: bad input (usage, values, files that are not what they
/// should be).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code 1: a failure of the machine (an I/O error, memory refused).
pub const EXIT_MACHINE: u8 = 1;

/// A user-facing error: one line, and the exit code it ends with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    /// The line for stderr.
    pub message: String,
    /// [`EXIT_BAD_INPUT`] or [`EXIT_MACHINE`].
    pub code: u8,
    /// End quietly with exit code 0: stdout was a closed pipe, or the
    /// player left an interactive game.
    pub quiet: bool,
}

#[allow(non_snake_case)]
/// Bad input: exit code 2 (the constructor most errors use).
pub(crate) fn CliError(message: String) -> CliError {
    CliError {
        message,
        code: EXIT_BAD_INPUT,
        quiet: false,
    }
}

impl CliError {
    /// A failure of the machine (exit code 1), or a quiet end when `e` is a
    /// broken pipe.
    pub(crate) fn io(what: impl std::fmt::Display, e: &std::io::Error) -> CliError {
        CliError {
            message: format!("{what}: {e}"),
            code: EXIT_MACHINE,
            quiet: e.kind() == std::io::ErrorKind::BrokenPipe,
        }
    }

    /// The player left an interactive game: exit code 0, nothing more said.
    pub(crate) fn left_the_game() -> CliError {
        CliError {
            message: String::new(),
            code: 0,
            quiet: true,
        }
    }
}

/// An error as the application layer sees it: bad input (exit 2), unless
/// an engine says the machine failed (exit 1; see `AppError::from`).
impl<E: std::error::Error + 'static> From<E> for CliError {
    fn from(e: E) -> Self {
        app_error(games_app::AppError::from(e))
    }
}

/// Make a [`CliError`] from anything printable.
pub(crate) fn fail<T>(msg: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(msg.into()))
}

/// Output format for results that are not a table (`--format csv` is
/// refused there, with the accepted values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A readable table.
    Table,
    /// JSON on stdout.
    Json,
}

/// Output format for results that are a table: also CSV, a header row
/// naming each column and its unit, then one row per line of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// A readable table.
    Table,
    /// JSON on stdout.
    Json,
    /// CSV on stdout: a header row, then the table's rows.
    Csv,
}

#[derive(Parser, Debug)]
#[command(
    name = "games-cli",
    version,
    about = "Exact and simulated analysis of LCR, Kalah, craps, baccarat and Hog"
)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand, Debug)]
enum Game {
    /// Left-Center-Right: simulate (classic or a variant table), replay, exact.
    Lcr(Deferred<lcr::LcrArgs>),
    /// Craps: simulate, exact, game (one game roll by roll).
    Craps(Deferred<casino::CrapsArgs>),
    /// Baccarat: deal (one transcript), simulate, exact.
    Baccarat(Deferred<casino::BaccaratArgs>),
    /// Hog (CS 61A): rate, best-response, tournament, export, play, turn, choose, max-rolls, step, coach.
    Hog(Deferred<hog::HogArgs>),
    /// Kalah: sow, solve, play, endgame build / shard / extend, move, moves.
    #[command(name = "kalah", visible_alias = "mancala")]
    Mancala(Deferred<mancala::MancalaArgs>),
    /// Serve the local web page: play and study every game in the browser.
    Serve(ServeArgs),
    /// Combine the partials of a run's shards (--shard K/N) into its output.
    Merge(shard::MergeArgs),
    /// List the games and their parameters, or describe one loaded from its string.
    Games(games::GamesArgs),
    /// Print shell completions for bash, zsh, fish, elvish or powershell.
    Completions(CompletionsArgs),
    /// Print the man page (roff) of games-cli.
    Man,
}

/// `games-cli completions`'s flags.
#[derive(clap::Args, Debug)]
struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// The completions of `shell` for the whole command tree.
fn completions(a: &CompletionsArgs) -> Result<String, CliError> {
    let mut out = Vec::new();
    clap_complete::generate(a.shell, &mut command(), "games-cli", &mut out);
    String::from_utf8(out).map_err(|e| CliError(e.to_string()))
}

/// The man page, in roff, with the examples of the top-level help.
fn man_page() -> Result<String, CliError> {
    let mut out = Vec::new();
    let man = clap_mangen::Man::new(command());
    man.render_title(&mut out)
        .and_then(|_| man.render_name_section(&mut out))
        .and_then(|_| man.render_synopsis_section(&mut out))
        .and_then(|_| man.render_description_section(&mut out))
        .and_then(|_| man.render_options_section(&mut out))
        .and_then(|_| man.render_subcommands_section(&mut out))
        .map_err(|e| CliError::io("cannot render the man page", &e))?;
    let mut page = String::from_utf8(out).map_err(|e| CliError(e.to_string()))?;
    page.push_str(".SH EXAMPLES\n");
    for (command, what) in examples::of("") {
        page.push_str(&format!(
            ".TP\n\\fBgames\\-cli {}\\fR\n{what}\n",
            command.replace('-', "\\-")
        ));
    }
    page.push_str(".SH EXIT STATUS\n0 success (a closed pipe on stdout too); 1 a failure of the machine; 2 bad input; 130 SIGINT, 143 SIGTERM, 129 SIGHUP (temporary files removed; a signal ignored at the start, as nohup ignores SIGHUP, stays ignored).\n");
    Ok(page)
}

/// The command path (`hog rate`) that `args` name, for the help's
/// examples: each word that names a subcommand of the one before.
fn help_path(args: &[OsString]) -> String {
    let mut cmd = command();
    let mut path: Vec<String> = Vec::new();
    for word in args.iter().skip(1).filter_map(|a| a.to_str()) {
        if word == "help" && cmd.find_subcommand("help").is_some() {
            continue;
        }
        let Some(sub) = cmd.find_subcommand(word).cloned() else {
            continue;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    path.join(" ")
}

/// A game's flags and verbs, given to clap to build only when the command
/// line names that game ([`clap::Command::defer`]): a run builds its own
/// game's part of the tree, not all five (a quarter of a millisecond of
/// every start, measured in `docs/benchmarks.md`). Help, errors and
/// parsing are clap's own, unchanged.
#[derive(Debug)]
struct Deferred<T>(T);

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(m).map(Deferred)
    }

    fn from_arg_matches_mut(m: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(m).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(m)
    }

    fn update_from_arg_matches_mut(&mut self, m: &mut clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(m)
    }
}

/// `augment` run on `cmd` keeping the texts the game's variant gave it (the
/// struct's own doc comment would otherwise replace them, as it comes
/// later).
fn keeping_about(cmd: clap::Command, augment: fn(clap::Command) -> clap::Command) -> clap::Command {
    let about = cmd.get_about().cloned();
    let long = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    let cmd = match about {
        Some(a) => cmd.about(a),
        None => cmd.about(None::<&'static str>),
    };
    match long {
        Some(l) => cmd.long_about(l),
        None => cmd.long_about(None::<&'static str>),
    }
}

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|c| keeping_about(c, T::augment_args))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|c| keeping_about(c, T::augment_args_for_update))
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `games-cli serve`'s flags.
#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// The address to listen on (loopback by default: the page is for this
    /// machine).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    open: bool,
    /// The folder where the server keeps the Kalah move values it proved
    /// (`kalah-values.json`) and the larger endgame tables it builds for
    /// Kalah(6,4) (`kalah-6-pits-24-seeds-RULE.db`, 1.25 GB each; on a
    /// first start the 22-seed table comes first, 0.55 GB), to have them
    /// at once when it starts again; delete it to start afresh.
    /// Default: `$XDG_CACHE_HOME/games-cli`, else `~/.cache/games-cli`.
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    cache: Option<std::path::PathBuf>,
    /// Keep no Kalah values between runs.
    #[arg(long)]
    no_cache: bool,
}

/// The file in a `serve --cache` folder holding the Kalah values.
pub const KALAH_VALUES_FILE: &str = "kalah-values.json";

/// The largest `kalah-values.json` `serve` reads: 16 MiB (the cache keeps
/// at most 16,384 positions, a few hundred bytes each).
pub const MAX_VALUES_FILE: u64 = 16 << 20;

/// The default `serve --cache` folder, when the environment names one.
fn default_cache_dir() -> Option<std::path::PathBuf> {
    let nonempty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    nonempty("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| nonempty("HOME").map(|h| std::path::Path::new(&h).join(".cache")))
        .map(|d| d.join("games-cli"))
}

/// A cache folder's file to write: refused when something other than a
/// regular file (a pipe, a device, a folder) is in its place, which the
/// server would block on or write into; a symbolic link to a regular file
/// is written through, as every output is.
fn cache_file(file: &std::path::Path) -> Result<output::Target, CliError> {
    if std::fs::metadata(file).is_ok_and(|m| !m.is_file()) {
        return Err(CliError(format!(
            "{}: not a regular file, so the cache does not write it",
            file.display()
        )));
    }
    output::check_one("--cache", file)
}

/// Write `cache`'s every-move values to `file` (made whole in a temporary
/// file and renamed over it, as every output is; the folder is made if
/// missing).
///
/// # Errors
/// A failure to write, naming the file (exit code 1).
pub fn save_kalah_values(
    cache: &games_app::KalahCache,
    file: &std::path::Path,
) -> Result<(), CliError> {
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| CliError::io(dir.display(), &e))?;
    }
    let target = cache_file(file)?;
    let mut bytes = serde_json::to_vec(&cache.saved())?;
    bytes.push(b'\n');
    output::write_all(&[(&target, &bytes)])
}

/// Read the every-move values in `file` (as [`save_kalah_values`] wrote
/// them) into `cache`: how many positions it kept; 0 when there is no
/// file.
///
/// # Errors
/// A file that cannot be read (exit code 1), or that is larger than
/// [`MAX_VALUES_FILE`], not such JSON, or holds a position or value that
/// fails [`games_app::KalahCache::load`]'s checks (exit code 2).
pub fn load_kalah_values(
    cache: &games_app::KalahCache,
    file: &std::path::Path,
) -> Result<usize, CliError> {
    // Not opened unless a regular file: a pipe would never answer, and
    // the server would never start.
    match std::fs::metadata(file) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Ok(m) if !m.is_file() => return fail(format!("{}: not a regular file", file.display())),
        _ => {}
    }
    let f = match std::fs::File::open(file) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(CliError::io(file.display(), &e)),
    };
    let len = f
        .metadata()
        .map_err(|e| CliError::io(file.display(), &e))?
        .len();
    if len > MAX_VALUES_FILE {
        return fail(format!(
            "{}: {len} bytes, more than the {MAX_VALUES_FILE} read",
            file.display()
        ));
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(f, MAX_VALUES_FILE), &mut text)
        .map_err(|e| CliError::io(file.display(), &e))?;
    let saved: games_app::solvers::SavedValues =
        serde_json::from_str(&text).map_err(|e| CliError(format!("{}: {e}", file.display())))?;
    cache
        .load(&saved)
        .map_err(|e| CliError(format!("{}: {e}", file.display())))
}

/// Save `cache` to `file` whenever it has solved a position since the
/// last save (checked every few seconds), on a thread of its own, until
/// the returned flag is raised. A failure to write is said once on
/// stderr.
fn keep_saving(
    cache: std::sync::Arc<games_app::KalahCache>,
    file: std::path::PathBuf,
) -> games_app::Cancel {
    let stop = games_app::Cancel::new();
    let flag = stop.clone();
    std::thread::spawn(move || {
        let (mut saved, mut warned) = (cache.kept(), false);
        while !flag.is_cancelled() {
            std::thread::sleep(std::time::Duration::from_secs(5));
            let kept = cache.kept();
            if kept == saved {
                continue;
            }
            match save_kalah_values(&cache, &file) {
                Ok(()) => saved = kept,
                Err(e) if !warned => {
                    eprintln!("warning: Kalah values not saved: {}", e.message);
                    warned = true;
                }
                Err(_) => {}
            }
        }
    });
    stop
}

/// The web page's backend: the CLI's own commands through [`api::call`],
/// with a Kalah solver cache of its own (see [`web_backend_with`]).
pub fn web_backend() -> games_web::Backend {
    web_backend_with(std::sync::Arc::new(web_kalah_cache()))
}

/// A server's Kalah solver cache: [`games_app::solvers::SERVER_BYTES`]
/// for its solvers (each also checked against half the available memory
/// when made), each searching on the web's threads.
pub fn web_kalah_cache() -> games_app::KalahCache {
    let threads = dice::parallel::default_threads().min(api::WEB_LIMITS.threads);
    games_app::KalahCache::new(games_app::solvers::SERVER_BYTES, threads)
}

/// The web page's backend, Kalah's solvers and solved positions kept in
/// `cache` across requests; every request marks the cache busy while it
/// runs, so its background preparation never takes the cores from one
/// (`kalah moves` only while it searches: see [`api::marks_busy_itself`]).
pub fn web_backend_with(cache: std::sync::Arc<games_app::KalahCache>) -> games_web::Backend {
    games_web::Backend::new(std::sync::Arc::new(
        move |game: &str,
              verb: &str,
              body: &[u8],
              progress: games_web::Progress<'_>,
              gone: &games_app::Cancel| {
            let _busy = (!api::marks_busy_itself(game, verb)).then(|| cache.busy());
            let r = api::call_cached(game, verb, body, progress, gone, Some(&cache));
            games_web::Reply {
                status: r.status,
                body: r.body,
                command: r.command,
            }
        },
    ))
    .with_cost(std::sync::Arc::new(
        |game: &str, verb: &str, body: &[u8]| {
            if api::cheap(game, verb, body) {
                games_web::Cost::Cheap
            } else {
                games_web::Cost::Expensive
            }
        },
    ))
}

/// Start preparing the page's default openings, Kalah(6,4) under each
/// capture rule, on a thread of its own: every move's value is then ready
/// when the page first asks. It yields to every request and stops when
/// the returned flag is raised.
pub fn prepare_openings(cache: &std::sync::Arc<games_app::KalahCache>) -> games_app::Cancel {
    let openings: Vec<::mancala::Position> = [
        ::mancala::CaptureRule::Handout,
        ::mancala::CaptureRule::Empty,
    ]
    .into_iter()
    .filter_map(|rule| ::mancala::Position::kalah(6, 4, rule).ok())
    .collect();
    prepare(cache, &openings)
}

/// Start preparing `positions` (and the positions they lead to) in the
/// background, as [`prepare_openings`] does for Kalah(6,4); the returned
/// flag stops it.
pub fn prepare(
    cache: &std::sync::Arc<games_app::KalahCache>,
    positions: &[::mancala::Position],
) -> games_app::Cancel {
    for p in positions {
        cache.prepare(p.clone(), games_app::kalah::SOLVE_TABLE_BITS);
    }
    let cancel = games_app::Cancel::new();
    let (cache, stop) = (std::sync::Arc::clone(cache), cancel.clone());
    std::thread::spawn(move || cache.run_preparer(&stop));
    cancel
}

/// Write an endgame table to `file` whole, as `kalah endgame build` does
/// (the folder is made if missing): how a server's cache saves its larger
/// tables.
///
/// # Errors
/// The failure to write, in words.
pub fn save_table(
    file: &std::path::Path,
    table: &::mancala::endgame::Endgame,
) -> Result<(), String> {
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let target = cache_file(file).map_err(|e| e.message)?;
    output::write_with(&target, |w| table.save(w))
        .map(|_| ())
        .map_err(|e| e.message)
}

/// A server's Kalah cache with a cache folder: the values and the larger
/// endgame tables of the boards it prepares kept in `dir`, within
/// [`games_app::solvers::SERVER_TABLE_BYTES`].
pub fn web_kalah_cache_in(dir: std::path::PathBuf) -> games_app::KalahCache {
    let threads = dice::parallel::default_threads().min(api::WEB_LIMITS.threads);
    let warned = std::sync::atomic::AtomicBool::new(false);
    games_app::KalahCache::new(games_app::solvers::SERVER_TABLE_BYTES, threads).with_tables(
        dir,
        std::sync::Arc::new(move |file, table| {
            let saved = save_table(file, table);
            if let Err(e) = &saved
                && !warned.swap(true, std::sync::atomic::Ordering::Relaxed)
            {
                eprintln!("warning: Kalah endgame table not saved: {e}");
            }
            saved
        }),
    )
}

/// How old a temporary file in a cache folder is when `serve` takes it
/// for one an earlier run left (killed while it wrote): 10 minutes
/// untouched. A server writing its table touches its file many times a
/// second; another server on the same folder may be writing one now.
pub const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(600);

/// Remove the temporary files of `dir`'s cache files (`.kalah-*.tmp`)
/// untouched for [`STALE_TEMP`]: a server killed (`kill -9`, out of
/// memory) while it wrote a table leaves up to 1.25 GB behind, and each
/// later run writes under a new name. How many it removed.
pub fn remove_stale_temps(dir: &std::path::Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(".kalah-") && name.ends_with(".tmp")) {
            continue;
        }
        // Not followed: a link is not one of ours.
        let Ok(m) = entry.metadata() else { continue };
        let old = m
            .modified()
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age >= STALE_TEMP);
        if m.is_file() && old && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

fn serve(a: &ServeArgs) -> Result<String, CliError> {
    let dir = if a.no_cache {
        None
    } else {
        a.cache.clone().or_else(default_cache_dir)
    };
    if let Some(d) = &dir {
        let n = remove_stale_temps(d);
        if n > 0 {
            eprintln!(
                "removed {n} temporary file(s) an earlier run left in {}",
                d.display()
            );
        }
    }
    let cache = std::sync::Arc::new(match &dir {
        Some(d) => {
            eprintln!(
                "Kalah values and endgame tables (about 2.5 GB) kept in {} (--no-cache: none)",
                d.display()
            );
            web_kalah_cache_in(d.clone())
        }
        None => web_kalah_cache(),
    });
    let file = dir.map(|d| d.join(KALAH_VALUES_FILE));
    let _saving = match &file {
        Some(f) => {
            match load_kalah_values(&cache, f) {
                Ok(n) => {
                    if n > 0 {
                        eprintln!("Kalah values of {n} positions read from {}", f.display());
                    }
                    Some(keep_saving(std::sync::Arc::clone(&cache), f.clone()))
                }
                // A bad cache file is not the page's business: the server
                // starts afresh and leaves the file as it is.
                Err(e) => {
                    eprintln!("warning: {}; not used, and not written", e.message);
                    None
                }
            }
        }
        None => None,
    };
    let _preparing = prepare_openings(&cache);
    games_web::run(&a.host, a.port, a.open, web_backend_with(cache)).map_err(|e| CliError {
        code: if e.bad_input {
            EXIT_BAD_INPUT
        } else {
            EXIT_MACHINE
        },
        ..CliError(e.message)
    })?;
    Ok(String::new())
}

/// How many games a simulation plays, from which seed, on how many
/// threads: one meaning for every simulate verb.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct Sampling {
    /// Games to simulate: 1000000, 1_000_000, 1e6 or 10^6 [default: the
    /// verb's own, shown in its help text above].
    #[arg(long, value_parser = parse_count)]
    pub games: Option<u64>,
    /// Seed of the dice (drawn and shown when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads, 1 to 256 (the output does not depend on it)
    /// [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Run only shard K of N (chunks K, K+N, ...; needs --seed) and print
    /// a partial for `games-cli merge`, which gives this run's output.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<dice::parallel::Shard>,
}

impl Sampling {
    /// The request's sampling fields.
    pub(crate) fn request(&self) -> games_app::Sampling {
        games_app::Sampling {
            games: self.games,
            seed: self.seed,
            threads: self.threads,
            shard: self.shard,
        }
    }
}

impl From<Format> for TableFormat {
    fn from(f: Format) -> TableFormat {
        match f {
            Format::Table => TableFormat::Table,
            Format::Json => TableFormat::Json,
        }
    }
}

/// An application-layer error as the command line reports it: bad input
/// exit code 2, anything else 1.
pub(crate) fn app_error(e: games_app::AppError) -> CliError {
    use games_app::AppError;
    match e {
        AppError::BadInput(line) => CliError(line),
        other => CliError {
            message: other.to_string(),
            code: EXIT_MACHINE,
            quiet: false,
        },
    }
}

/// The command line's context: the bounds in force, and a progress bar on
/// stderr when it is a terminal.
pub(crate) fn context(limits: Limits) -> games_app::Context {
    games_app::Context::new()
        .with_limits(limits)
        .with_observer(std::sync::Arc::new(TerminalBar::default()))
}

/// Progress on stderr: an indicatif bar, drawn only when stderr is a
/// terminal and the work is long enough to want one.
#[derive(Default)]
struct TerminalBar {
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
}

impl games_app::Observer for TerminalBar {
    fn start(&self, total: u64, long: u64, what: &str) {
        if let Ok(mut b) = self.bar.lock() {
            // Work of unknown length (a solve): a spinner with its notes.
            *b = if total == 0 && long == 0 {
                spinner()
            } else {
                progress(total, long, what)
            };
        }
    }
    fn note(&self, text: &str) {
        if let Ok(b) = self.bar.lock()
            && let Some(bar) = b.as_ref()
        {
            bar.set_message(text.to_string());
        }
    }
    fn set(&self, done: u64) {
        if let Ok(b) = self.bar.lock()
            && let Some(bar) = b.as_ref()
        {
            bar.set_position(done);
        }
    }
    fn finish(&self) {
        if let Ok(mut b) = self.bar.lock()
            && let Some(bar) = b.take()
        {
            bar.finish_and_clear();
        }
    }
}

/// Run a typed request under the command line's context.
pub(crate) fn run_verb<V: games_app::Verb>(
    req: &V,
    ctx: &games_app::Context,
) -> Result<V::Report, CliError> {
    req.run(ctx).map_err(app_error)
}

/// What a sharded verb gives on the command line: its report, or with
/// `--shard` the partial's text.
pub(crate) enum Ran<R> {
    /// The report.
    Report(R),
    /// The partial for `games-cli merge`.
    Partial(String),
}

/// Run a sharded request: its report, or with a shard its partial (which
/// records `format`, for `merge` to print in).
pub(crate) fn run_sharded<V: games_app::shard::Sharded>(
    req: &V,
    ctx: &games_app::Context,
    format: TableFormat,
) -> Result<Ran<V::Report>, CliError> {
    if req.sampling().shard.is_some() {
        let name = match format {
            TableFormat::Table => "table",
            TableFormat::Json => "json",
            TableFormat::Csv => "csv",
        };
        return games_app::shard::partial(req, ctx, name)
            .map(Ran::Partial)
            .map_err(app_error);
    }
    req.run(ctx).map(Ran::Report).map_err(app_error)
}

/// A report in the format asked for.
pub(crate) fn render<R: games_app::Rendered + ?Sized>(
    report: &R,
    format: TableFormat,
) -> Result<String, CliError> {
    match format {
        TableFormat::Table => Ok(report.text()),
        TableFormat::Json => report.json().map_err(app_error),
        TableFormat::Csv => report
            .csv()
            .ok_or_else(|| CliError("--format csv: this result is not a table".into())),
    }
}

/// The output format flag, shared by every verb that prints a result
/// other than a table.
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct Output {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// The output format flag of the verbs that print a table: the same flag,
/// with CSV too.
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct TableOutput {
    /// Output format (csv: a header row naming columns and units, then the
    /// table's rows).
    #[arg(long, value_enum, default_value_t = TableFormat::Table)]
    pub format: TableFormat,
}

/// Run the CLI on `args`, returning the text for stdout.
///
/// # Errors
/// A [`CliError`] with one line for the user.
pub fn run<I, T>(args: I) -> Result<String, CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with(args, Limits::DEFAULT)
}

/// [`run`] under other bounds (tests run generated commands under small
/// ones, so that no valid command starts hours of work).
///
/// # Errors
/// As [`run`].
pub fn run_with<I, T>(args: I, limits: Limits) -> Result<String, CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::{ContextKind, ContextValue, ErrorKind};
            match e.kind() {
                ErrorKind::DisplayHelp => {
                    let mut help = e.render().to_string();
                    if let Some(examples) = examples::section(&help_path(&args)) {
                        help.push('\n');
                        help.push_str(&examples);
                    }
                    return Ok(help);
                }
                ErrorKind::DisplayVersion => {
                    return Ok(e.render().to_string());
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    return fail("a command is missing (see games-cli --help)");
                }
                _ => {}
            }
            // A negative number (-0 too) reads as an unknown flag: name
            // the flag it was given to.
            if let Some(ContextValue::String(bad)) = e.get(ContextKind::InvalidArg)
                && bad.starts_with('-')
                && bad.parse::<f64>().is_ok()
                && let Some(i) = args.iter().position(|a| a.to_str() == Some(bad))
                && i > 0
                && let Some(flag) = args[i - 1].to_str().filter(|f| f.starts_with("--"))
            {
                return fail(format!("{flag} takes no negative number, not {bad}"));
            }
            return fail(clap_line(&e));
        }
    };
    let ctx = context(limits);
    match cli.game {
        Game::Lcr(Deferred(a)) => lcr::run(a, &ctx),
        Game::Craps(Deferred(a)) => casino::craps(a, &ctx),
        Game::Baccarat(Deferred(a)) => casino::baccarat(a, &ctx),
        Game::Hog(Deferred(a)) => hog::run(a, &ctx),
        Game::Mancala(Deferred(a)) => mancala::run(a, &ctx),
        Game::Serve(a) => serve(&a),
        Game::Merge(a) => shard::merge(&a, &ctx),
        Game::Games(a) => games::run(&a),
        Game::Completions(a) => completions(&a),
        Game::Man => man_page(),
    }
}

/// One line from clap's error: its first line (with the argument a
/// "required arguments were not provided:" line lists), clap's suggestion
/// ("did you mean 'lcr'?") and the accepted values where it has them, and
/// the command it was given to, from the usage line, so a flag given to the
/// wrong verb is named with the verb.
fn clap_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut line = lines
        .next()
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ")
        .to_string();
    if line.ends_with(':') {
        let listed: Vec<&str> = text
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(str::trim)
            .collect();
        line = format!("{line} {}", listed.join(", "));
    }
    let quoted = |v: &ContextValue| match v {
        ContextValue::String(s) => vec![format!("'{s}'")],
        ContextValue::Strings(v) => v.iter().map(|s| format!("'{s}'")).collect(),
        _ => Vec::new(),
    };
    let mut suggested: Vec<String> = [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .filter_map(|k| e.get(k))
    .flat_map(quoted)
    .collect();
    let command = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: "))
        .map(|u| {
            u.split_whitespace()
                .take_while(|w| !w.starts_with('[') && !w.starts_with('<') && !w.starts_with('-'))
                .collect::<Vec<_>>()
                .join(" ")
        });
    // clap lists its likeliest last.
    suggested.reverse();
    // clap's own likeness (Jaro) misses swapped letters in short names
    // ('lrc' for 'lcr') and offers loose ones ('lcr' for 'crap'): an edit
    // distance that counts a swap as one comes first.
    if let (Some(ContextValue::String(bad)), Some(path)) =
        (e.get(ContextKind::InvalidSubcommand), &command)
    {
        let close = subcommand_like(path, bad);
        if !close.is_empty() {
            suggested = close.into_iter().map(|s| format!("'{s}'")).collect();
        }
    }
    if !suggested.is_empty() {
        line = format!("{line} (did you mean {}?)", suggested.join(" or "));
    }
    if let Some(ContextValue::Strings(valid)) = e.get(ContextKind::ValidValue)
        && !valid.is_empty()
    {
        line = format!("{line} (accepted values: {})", valid.join(", "));
    }
    match command {
        Some(c) if !c.is_empty() => format!("{line} (in `{c}`; see `{c} --help`)"),
        _ => line,
    }
}

/// The subcommands of `path` (as `games-cli hog`) within one edit of
/// `bad` (a letter added, dropped, changed, or two neighbours swapped), or
/// two edits for names of five letters or more.
fn subcommand_like(path: &str, bad: &str) -> Vec<String> {
    let mut cmd = command();
    for word in path.split_whitespace().skip(1) {
        match cmd.find_subcommand(word) {
            Some(c) => cmd = c.clone(),
            None => return Vec::new(),
        }
    }
    let most = if bad.chars().count() >= 5 { 2 } else { 1 };
    cmd.get_subcommands()
        .flat_map(|c| std::iter::once(c.get_name()).chain(c.get_all_aliases()))
        .filter(|name| games_app::edit_distance(bad, name) <= most)
        .map(str::to_string)
        .collect()
}

/// The whole command tree, as clap sees it, every game's part built (for
/// generated tests).
pub fn command() -> clap::Command {
    let mut cmd = <Cli as clap::CommandFactory>::command();
    cmd.build();
    cmd
}

/// What one run gives: the exit code, the text for stdout, and the one
/// line for stderr (empty on success).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captured {
    /// 0 success, 1 a failure of the machine, 2 bad input.
    pub code: u8,
    /// The result.
    pub stdout: String,
    /// The error line, without its `error: ` prefix.
    pub stderr: String,
}

/// Run without printing anything of one's own (stdout of streaming
/// commands aside): the code, the result and the error line.
pub fn run_captured<I, T>(args: I) -> Captured
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_captured_with(args, Limits::DEFAULT)
}

/// [`run_captured`] under other bounds.
pub fn run_captured_with<I, T>(args: I, limits: Limits) -> Captured
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match run_with(args, limits) {
        Ok(stdout) => Captured {
            code: 0,
            stdout,
            stderr: String::new(),
        },
        Err(e) if e.quiet => Captured {
            code: 0,
            stdout: String::new(),
            stderr: String::new(),
        },
        Err(e) => Captured {
            code: e.code,
            stdout: String::new(),
            stderr: error_line(e.message),
        },
    }
}

/// The most characters of an error line: past it, a value it repeats (a
/// strategy of megabytes) is cut, and the line says how long it was.
pub const MAX_ERROR_CHARS: usize = 1000;

/// `line`, cut to [`MAX_ERROR_CHARS`] characters.
pub(crate) fn error_line(line: String) -> String {
    match line.char_indices().nth(MAX_ERROR_CHARS) {
        None => line,
        Some((end, _)) => format!("{}... (cut: {} bytes in all)", &line[..end], line.len()),
    }
}

/// Run and capture: the exit status and stdout text (stderr gets errors).
pub fn run_to_string<I, T>(args: I) -> (u8, String)
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let c = run_captured(args);
    if !c.stderr.is_empty() {
        // Not eprintln!: it panics when stderr is a closed pipe.
        let _ = writeln!(std::io::stderr(), "error: {}", c.stderr);
    }
    (c.code, c.stdout)
}

/// The binary's `main`: run, print, and map errors to exit code 2.
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    clean_up_on_signals();
    let (code, out) = run_to_string(args);
    if !out.is_empty() {
        let mut stdout = std::io::stdout().lock();
        if let Err(e) = stdout
            .write_all(out.as_bytes())
            .and_then(|_| stdout.flush())
        {
            // A closed pipe (`| head`) is the reader's choice: end quietly.
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr(), "error: cannot write stdout: {e}");
            return ExitCode::from(EXIT_MACHINE);
        }
    }
    ExitCode::from(code)
}

/// Exit code 130: ended by SIGINT (Ctrl-C), as a shell reports it.
pub const EXIT_SIGINT: u8 = 130;
/// Exit code 143: ended by SIGTERM.
pub const EXIT_SIGTERM: u8 = 143;
/// Exit code 129: ended by SIGHUP (the terminal closed).
pub const EXIT_SIGHUP: u8 = 129;

/// On SIGINT, SIGTERM or SIGHUP, remove the temporary output files being
/// written and exit with 130, 143 or 129: a Ctrl-C during `mancala
/// endgame build` once left a 40 MB `.keep.db.XXXX.tmp` behind, and a
/// closed terminal would leave a server's half-written table (up to 1.25
/// GB). Only the binary installs it (tests run the library in their own
/// process).
fn clean_up_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        // A signal ignored when the program started stays ignored: `nohup
        // games-cli serve` outlives its terminal, and a job a script puts
        // in the background ignores Ctrl-C, as their starters meant.
        let caught: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|&s| !ignored_at_start(s))
            .collect();
        let Ok(mut signals) = signal_hook::iterator::Signals::new(caught) else {
            // Without the handler a signal ends the process as before.
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    let code = match sig {
                        SIGINT => EXIT_SIGINT,
                        SIGHUP => EXIT_SIGHUP,
                        _ => EXIT_SIGTERM,
                    };
                    output::on_signal(i32::from(code));
                }
            });
    }
}

/// Whether signal `sig` was ignored when the process started (`nohup`
/// ignores SIGHUP; a shell's background job, SIGINT): read from
/// `/proc/self/status`. Where that cannot be read, SIGHUP is taken as
/// ignored (left as the system has it) and the others as not.
#[cfg(unix)]
fn ignored_at_start(sig: i32) -> bool {
    let mask = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find_map(|l| {
                let hex = l.strip_prefix("SigIgn:")?.trim();
                u64::from_str_radix(hex, 16).ok()
            })
        });
    match mask {
        Some(m) => (1..=64).contains(&sig) && m >> (sig - 1) & 1 == 1,
        None => sig == signal_hook::consts::SIGHUP,
    }
}

/// A seed: the user's, or a fresh one drawn from the OS (and shown in the
/// output so the run can be repeated).
pub(crate) fn seed_or_draw(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(rand::random)
}

pub use games_app::Limits;
pub(crate) use games_app::{parse_count, parse_count_u32, parse_shard};

/// A progress bar on stderr for `total` units, shown only when stderr is a
/// terminal and the run is long enough to want one.
pub(crate) fn progress(total: u64, long: u64, what: &str) -> Option<indicatif::ProgressBar> {
    if total < long || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} ({{eta}} left)"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// A spinner on stderr for work of unknown length, with a message the
/// caller updates; shown only when stderr is a terminal.
pub(crate) fn spinner() -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(bar)
}

/// Pretty JSON with a trailing newline.
pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> Result<String, CliError> {
    let mut s = serde_json::to_string_pretty(value)?;
    s.push('\n');
    Ok(s)
}

/// The terminal of an interactive game: prints without buffering and reads
/// one answer a line.
pub(crate) struct Terminal {
    lines: std::io::Lines<std::io::StdinLock<'static>>,
    out: std::io::StdoutLock<'static>,
}

impl Terminal {
    pub(crate) fn new() -> Terminal {
        Terminal {
            lines: std::io::stdin().lock().lines(),
            out: std::io::stdout().lock(),
        }
    }

    /// Print `text` now.
    pub(crate) fn say(&mut self, text: &str) -> Result<(), CliError> {
        self.out
            .write_all(text.as_bytes())
            .and_then(|_| self.out.flush())
            .map_err(|e| CliError::io("cannot write to the terminal", &e))
    }

    /// The next line typed, trimmed. `q`, `quit` or the end of the input
    /// leave the game: a goodbye, then exit code 0. A line that is not
    /// text comes back as U+FFFD, for the game to ask again.
    pub(crate) fn ask(&mut self) -> Result<String, CliError> {
        let line = match self.lines.next() {
            Some(Ok(line)) => line.trim().to_string(),
            Some(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => "\u{fffd}".into(),
            Some(Err(e)) => return Err(CliError::io("cannot read input", &e)),
            None => String::from("quit"),
        };
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            self.say("\nGoodbye.\n")?;
            return Err(CliError::left_the_game());
        }
        Ok(line)
    }
}
