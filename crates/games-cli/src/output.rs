//! Output files, as cargo and ripgrep write them: every path is checked
//! before the work starts, and each file is written whole at the end, to a
//! unique temporary file in the same folder renamed over the target only
//! once everything succeeded; a failed run leaves every existing file as it
//! was. Pipes, devices and `-` (stdout) are written directly, never
//! replaced; a symlink is followed and its target written, the link kept.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::CliError;

/// Where an output goes.
#[derive(Debug)]
enum Dest {
    /// `-`: standard output.
    Stdout,
    /// A pipe, device or socket: opened and written, never replaced.
    Direct(PathBuf),
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

/// Follow a chain of symlinks (at most 40) to the path finally written.
fn resolve(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
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
    p
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
        let dest = if path == Path::new("-") {
            if targets.iter().any(|t| matches!(t.dest, Dest::Stdout)) {
                return Err(bad("only one output can be stdout (-)".into()));
            }
            Dest::Stdout
        } else {
            // `metadata` follows links as the kernel does (/dev/stdout to a
            // pipe included); a regular file is replaced at the end of its
            // chain of links, so the links stay links.
            match std::fs::metadata(path) {
                Ok(m) if m.is_dir() => return Err(bad("is a folder, not a file".into())),
                Ok(m) if is_special(&m.file_type()) => Dest::Direct(path.to_path_buf()),
                Ok(_) => Dest::Replace(resolve(path)),
                Err(_) => {
                    let real = resolve(path);
                    let dir = folder(&real);
                    if !dir.is_dir() {
                        return Err(bad(format!("the folder {} does not exist", dir.display())));
                    }
                    Dest::Replace(real)
                }
            }
        };
        if let Dest::Replace(p) = &dest {
            // The folder must take a new file (the temporary one).
            tempfile::Builder::new()
                .prefix(".games-cli-check.")
                .tempfile_in(folder(p))
                .map_err(|e| bad(format!("cannot write in {}: {e}", folder(p).display())))?;
        }
        if let Dest::Replace(p) | Dest::Direct(p) = &dest {
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
            e,
        )
    }
}

/// A file written and not yet put in place.
enum Staged {
    Temp(tempfile::NamedTempFile, PathBuf),
    Done,
}

fn stage(
    t: &Target,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<Staged, CliError> {
    match &t.dest {
        Dest::Stdout => {
            let mut out = std::io::stdout().lock();
            fill(&mut out)
                .and_then(|_| out.flush())
                .map_err(|e| t.cannot(&e))?;
            Ok(Staged::Done)
        }
        Dest::Direct(p) => {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(p)
                .map_err(|e| t.cannot(&e))?;
            let mut w = std::io::BufWriter::new(file);
            fill(&mut w)
                .and_then(|_| w.flush())
                .map_err(|e| t.cannot(&e))?;
            Ok(Staged::Done)
        }
        Dest::Replace(p) => {
            let tmp = tempfile::Builder::new()
                .prefix(&format!(
                    ".{}.",
                    p.file_name().unwrap_or_default().to_string_lossy()
                ))
                .suffix(".tmp")
                .tempfile_in(folder(p))
                .map_err(|e| t.cannot(&e))?;
            {
                let mut w = std::io::BufWriter::new(tmp.as_file());
                fill(&mut w)
                    .and_then(|_| w.flush())
                    .map_err(|e| t.cannot(&e))?;
            }
            tmp.as_file().sync_all().map_err(|e| t.cannot(&e))?;
            Ok(Staged::Temp(tmp, p.clone()))
        }
    }
}

fn commit(t: &Target, s: Staged) -> Result<(), CliError> {
    if let Staged::Temp(tmp, p) = s {
        // Keep the mode of a file being replaced (the temporary file is
        // created 0600).
        if let Ok(m) = std::fs::metadata(&p) {
            let _ = std::fs::set_permissions(tmp.path(), m.permissions());
        }
        tmp.persist(&p).map_err(|e| t.cannot(&e.error))?;
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
        staged.push((*t, stage(t, |w| w.write_all(bytes))?));
    }
    for (t, s) in staged {
        commit(t, s)?;
    }
    Ok(())
}

/// Write one output piece by piece through `fill`.
///
/// # Errors
/// As [`write_all`].
pub(crate) fn write_with(
    t: &Target,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let s = stage(t, fill)?;
    commit(t, s)
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.shown.display())
    }
}
