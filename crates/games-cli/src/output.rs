//! Output files, as cargo and ripgrep write them: every path is checked
//! before the work starts, and each file is written whole at the end, to a
//! unique temporary file in the same folder renamed over the target only
//! once everything succeeded; a failed run leaves every existing file as it
//! was. Pipes, devices, `-` (stdout) and paths to an open descriptor
//! (`/dev/stdout`, `/dev/fd/N`) are written as streams, never replaced (so
//! `--out /dev/stdout >> log` appends); a symlink is followed and its
//! target written, the link kept. A new file gets the mode the umask gives
//! (0644 under umask 022), a replaced one keeps its own; an interrupted run
//! removes its temporary file ([`on_signal`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::CliError;

/// Where an output goes.
#[derive(Debug)]
enum Dest {
    /// `-`, or a path that is this process's standard output (as
    /// `/dev/stdout` is): written through it, so `>> log` appends.
    Stdout,
    /// A path that is this process's standard error.
    Stderr,
    /// A pipe, device or socket, or a file reached through a descriptor
    /// (`/dev/fd/N`, `/proc/self/fd/N`): opened and written, never
    /// replaced; a regular file so reached is appended to.
    Direct(PathBuf, bool),
    /// A regular file (or none yet): a temporary file renamed over it.
    Replace(PathBuf),
}

/// An output path, checked.
#[derive(Debug)]
pub(crate) struct Target {
    /// The flag it was given to, for messages.
    flag: &'static str,
    /// The path as the user wrote it.
    shown: PathBuf,
    dest: Dest,
}

/// Follow a chain of symlinks (at most 40) to the path finally written;
/// and whether the chain names an open descriptor (`/dev/stdout`,
/// `/dev/fd/N`, `/proc/PID/fd/N`): its target is the descriptor's file,
/// to be written as a stream, never replaced.
fn resolve(path: &Path) -> (PathBuf, bool) {
    let mut p = path.to_path_buf();
    let mut descriptor = false;
    for _ in 0..40 {
        descriptor |= names_descriptor(&p);
        let Ok(meta) = std::fs::symlink_metadata(&p) else {
            break;
        };
        if !meta.file_type().is_symlink() {
            break;
        }
        let Ok(link) = std::fs::read_link(&p) else {
            break;
        };
        p = if link.is_absolute() {
            link
        } else {
            p.parent().unwrap_or(Path::new(".")).join(link)
        };
    }
    (p, descriptor)
}

/// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/.../fd/N`.
fn names_descriptor(p: &Path) -> bool {
    let s = p.to_string_lossy();
    s == "/dev/stdout"
        || s == "/dev/stderr"
        || s.starts_with("/dev/fd/")
        || (s.starts_with("/proc/") && s.contains("/fd/"))
}

/// The folder a new file at `p` would go in.
fn folder(p: &Path) -> &Path {
    match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

#[cfg(unix)]
fn is_special(t: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    t.is_fifo() || t.is_char_device() || t.is_block_device() || t.is_socket()
}

#[cfg(not(unix))]
fn is_special(t: &std::fs::FileType) -> bool {
    !t.is_file() && !t.is_dir()
}

/// The file's identity: device and inode (any path or link to it gives
/// the same).
#[cfg(unix)]
fn identity(m: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// The identity of this process's standard output and error.
#[cfg(unix)]
fn std_streams() -> [Option<(u64, u64)>; 2] {
    use std::os::fd::AsFd;
    let of = |fd: std::os::fd::BorrowedFd<'_>| {
        fd.try_clone_to_owned()
            .ok()
            .and_then(|o| std::fs::File::from(o).metadata().ok())
            .and_then(|m| identity(&m))
    };
    [of(std::io::stdout().as_fd()), of(std::io::stderr().as_fd())]
}

#[cfg(not(unix))]
fn std_streams() -> [Option<(u64, u64)>; 2] {
    [None, None]
}

/// An I/O error without the temporary file's path that tempfile adds to
/// its messages (`... at path "/x/.games-cli-check.AbC"`): the user named
/// another path.
fn plain(e: &std::io::Error) -> std::io::Error {
    let text = e.to_string();
    match text.find(" at path ") {
        Some(i) => std::io::Error::new(e.kind(), &text[..i]),
        None => std::io::Error::new(e.kind(), text),
    }
}

/// The temporary files being written, for the signal handler to remove
/// (see [`on_signal`]). A process-wide list because a signal is
/// process-wide: it is the one global here, and nothing reads it but the
/// handler.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Remove every temporary file being written, then end the process with
/// `code` (130 for SIGINT, 143 for SIGTERM). The list stays locked until
/// the end, so no rename runs between the removal and the exit: a target
/// is either replaced whole or left as it was.
pub(crate) fn on_signal(code: i32) -> ! {
    let live = LIVE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for p in live.iter() {
        let _ = std::fs::remove_file(p);
    }
    std::process::exit(code)
}

/// A temporary file listed in [`LIVE`] while it exists.
struct Listed(PathBuf);

impl Listed {
    /// List `p` in `live` (the locked [`LIVE`]).
    fn under(live: &mut Vec<PathBuf>, p: &Path) -> Listed {
        live.push(p.to_path_buf());
        Listed(p.to_path_buf())
    }
}

/// [`LIVE`], locked: held while a temporary file is made and listed (or
/// made and removed), so a signal's clean-up never runs in between.
fn live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Drop for Listed {
    fn drop(&mut self) {
        if let Ok(mut live) = LIVE.lock()
            && let Some(i) = live.iter().position(|p| *p == self.0)
        {
            live.swap_remove(i);
        }
    }
}

/// Check output paths before any work: each names a file that can be
/// written (its folder exists and takes a new file), a device, a pipe, or
/// `-`; no two name the same file; at most one is `-`.
///
/// # Errors
/// One line naming the flag and the path (exit code 2).
pub(crate) fn check(outputs: &[(&'static str, &Path)]) -> Result<Vec<Target>, CliError> {
    let mut targets: Vec<Target> = Vec::new();
    let mut seen: Vec<(&'static str, PathBuf)> = Vec::new();
    for &(flag, path) in outputs {
        let bad = |why: String| CliError(format!("{flag} {}: {why}", path.display()));
        let streams = std_streams();
        let one_stdout = |targets: &[Target]| {
            if targets.iter().any(|t| matches!(t.dest, Dest::Stdout)) {
                return Err(bad("only one output can be stdout (-)".into()));
            }
            Ok(Dest::Stdout)
        };
        let dest = if path == Path::new("-") {
            one_stdout(&targets)?
        } else {
            let (real, descriptor) = resolve(path);
            // `metadata` follows links as the kernel does (/dev/stdout to a
            // pipe or a file included); a regular file is replaced at the
            // end of its chain of links, so the links stay links; one
            // reached through a descriptor is that descriptor's stream.
            match std::fs::metadata(path) {
                Ok(m) if m.is_dir() => return Err(bad("is a folder, not a file".into())),
                Ok(m) if descriptor && identity(&m).is_some() && identity(&m) == streams[0] => {
                    one_stdout(&targets)?
                }
                Ok(m) if descriptor && identity(&m).is_some() && identity(&m) == streams[1] => {
                    Dest::Stderr
                }
                Ok(m) if is_special(&m.file_type()) => Dest::Direct(path.to_path_buf(), false),
                Ok(_) if descriptor => Dest::Direct(path.to_path_buf(), true),
                Ok(_) => Dest::Replace(real),
                Err(_) => {
                    let dir = folder(&real);
                    if !dir.is_dir() {
                        return Err(bad(format!("the folder {} does not exist", dir.display())));
                    }
                    Dest::Replace(real)
                }
            }
        };
        if let Dest::Replace(p) = &dest {
            // The folder must take a new file (the temporary one). Made
            // and removed under the clean-up's lock: a Ctrl-C now leaves
            // nothing behind.
            let _live = live();
            tempfile::Builder::new()
                .prefix(".games-cli-check.")
                .tempfile_in(folder(p))
                .map_err(|e| {
                    bad(format!(
                        "cannot write in {}: {}",
                        folder(p).display(),
                        plain(&e)
                    ))
                })?;
        }
        if let Dest::Replace(p) | Dest::Direct(p, _) = &dest {
            let key = match std::fs::canonicalize(p) {
                Ok(c) => c,
                Err(_) => std::fs::canonicalize(folder(p))
                    .unwrap_or_else(|_| folder(p).to_path_buf())
                    .join(p.file_name().unwrap_or_default()),
            };
            if let Some((other, _)) = seen.iter().find(|(_, k)| *k == key) {
                return Err(bad(format!("{other} names the same file")));
            }
            seen.push((flag, key));
        }
        targets.push(Target {
            flag,
            shown: path.to_path_buf(),
            dest,
        });
    }
    Ok(targets)
}

/// One output, checked on its own (see [`check`]).
///
/// # Errors
/// As [`check`].
pub(crate) fn check_one(flag: &'static str, path: &Path) -> Result<Target, CliError> {
    let mut t = check(&[(flag, path)])?;
    Ok(t.remove(0))
}

impl Target {
    /// Whether this output is stdout.
    pub(crate) fn is_stdout(&self) -> bool {
        matches!(self.dest, Dest::Stdout)
    }

    fn cannot(&self, e: &std::io::Error) -> CliError {
        CliError::io(
            format!("{} {}: cannot write", self.flag, self.shown.display()),
            &plain(e),
        )
    }

    /// Refuse an output that is the same file as one of `inputs` (flag
    /// and path), by device and inode, so any path or link to it counts:
    /// writing it would destroy the input. Checked before the work.
    ///
    /// # Errors
    /// One line naming both (exit code 2).
    pub(crate) fn not_over(&self, inputs: &[(&str, &Path)]) -> Result<(), CliError> {
        let (Dest::Replace(p) | Dest::Direct(p, _)) = &self.dest else {
            return Ok(());
        };
        let Some(mine) = std::fs::metadata(p).ok().and_then(|m| identity(&m)) else {
            return Ok(());
        };
        for &(flag, input) in inputs {
            if std::fs::metadata(input).ok().and_then(|m| identity(&m)) == Some(mine) {
                return Err(CliError(format!(
                    "{} {}: the same file as the input {flag} {}; write the output to another file",
                    self.flag,
                    self.shown.display(),
                    input.display()
                )));
            }
        }
        Ok(())
    }
}

/// A writer that counts the bytes it passes on.
struct Counted<'a> {
    inner: &'a mut dyn Write,
    bytes: u64,
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Run `fill` on `w`, flushed; the bytes it wrote.
fn fill_counted(
    w: &mut dyn Write,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<u64> {
    let mut c = Counted { inner: w, bytes: 0 };
    fill(&mut c)?;
    c.flush()?;
    Ok(c.bytes)
}

/// A file written and not yet put in place.
enum Staged {
    Temp(tempfile::NamedTempFile, PathBuf, Listed),
    Done,
}

/// New files get the mode `File::create` gives them: 0666 less the umask
/// (the kernel applies it), not tempfile's 0600.
#[cfg(unix)]
fn new_file_mode(b: &mut tempfile::Builder<'_, '_>) {
    use std::os::unix::fs::PermissionsExt;
    b.permissions(std::fs::Permissions::from_mode(0o666));
}

#[cfg(not(unix))]
fn new_file_mode(_: &mut tempfile::Builder<'_, '_>) {}

fn stage(
    t: &Target,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(Staged, u64), CliError> {
    match &t.dest {
        Dest::Stdout => {
            let mut out = std::io::stdout().lock();
            let n = fill_counted(&mut out, fill).map_err(|e| t.cannot(&e))?;
            Ok((Staged::Done, n))
        }
        Dest::Stderr => {
            let mut out = std::io::stderr().lock();
            let n = fill_counted(&mut out, fill).map_err(|e| t.cannot(&e))?;
            Ok((Staged::Done, n))
        }
        Dest::Direct(p, append) => {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .append(*append)
                .open(p)
                .map_err(|e| t.cannot(&e))?;
            let mut w = std::io::BufWriter::new(file);
            let n = fill_counted(&mut w, fill).map_err(|e| t.cannot(&e))?;
            Ok((Staged::Done, n))
        }
        Dest::Replace(p) => {
            let prefix = format!(".{}.", p.file_name().unwrap_or_default().to_string_lossy());
            let mut b = tempfile::Builder::new();
            b.prefix(&prefix).suffix(".tmp");
            new_file_mode(&mut b);
            let (tmp, listed) = {
                let mut live = live();
                let tmp = b.tempfile_in(folder(p)).map_err(|e| t.cannot(&e))?;
                let listed = Listed::under(&mut live, tmp.path());
                (tmp, listed)
            };
            let n = {
                let mut w = std::io::BufWriter::new(tmp.as_file());
                fill_counted(&mut w, fill).map_err(|e| t.cannot(&e))?
            };
            tmp.as_file().sync_all().map_err(|e| t.cannot(&e))?;
            Ok((Staged::Temp(tmp, p.clone(), listed), n))
        }
    }
}

fn commit(t: &Target, s: Staged) -> Result<(), CliError> {
    if let Staged::Temp(tmp, p, listed) = s {
        // Keep the mode of a file being replaced.
        if let Ok(m) = std::fs::metadata(&p) {
            let _ = std::fs::set_permissions(tmp.path(), m.permissions());
        }
        // No signal's clean-up between the rename and the unlisting.
        let live = live();
        let done = tmp.persist(&p);
        drop(live);
        drop(listed);
        done.map_err(|e| t.cannot(&e.error))?;
    }
    Ok(())
}

/// Write every output: all are written (files to temporary files) before
/// any replaces its target, so one failure leaves every file as it was.
///
/// # Errors
/// A failure to write (exit code 1), naming the path.
pub(crate) fn write_all(outputs: &[(&Target, &[u8])]) -> Result<(), CliError> {
    let mut staged = Vec::with_capacity(outputs.len());
    for (t, bytes) in outputs {
        staged.push((*t, stage(t, |w| w.write_all(bytes))?.0));
    }
    for (t, s) in staged {
        commit(t, s)?;
    }
    Ok(())
}

/// Write one output piece by piece through `fill`; the bytes written (a
/// pipe's too).
///
/// # Errors
/// As [`write_all`].
pub(crate) fn write_with(
    t: &Target,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<u64, CliError> {
    let (s, n) = stage(t, fill)?;
    commit(t, s)?;
    Ok(n)
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.shown.display())
    }
}
