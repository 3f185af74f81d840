//! Runs larger than one machine: `--shard K/N` on every simulate verb runs
//! only the chunks `K, K+N, K+2N, ...` of the deterministic chunking and
//! prints a partial (the request, the shard and the run's sums, exact in
//! integers: [`games_app::shard`]). `games-cli merge FILES...` reads the
//! partials and prints what the request prints without `--shard`, byte for
//! byte.

use std::path::PathBuf;

use crate::{CliError, fail};

/// The largest partial file `merge` reads: 64 MiB (a partial of the
/// largest study is a few KB). Counted in bytes read, so a pipe or a
/// device (`/dev/zero`) is bounded too.
pub(crate) const MAX_PARTIAL_BYTES: u64 = 64 << 20;

/// `games-cli merge`'s flags.
#[derive(clap::Args, Debug)]
pub(crate) struct MergeArgs {
    /// The partial files the shards wrote (one for each K of K/N).
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
}

/// A file read whole, at most `most` bytes counted as they are read (a
/// file's size is not asked: a pipe's or a device's is 0).
///
/// # Errors
/// Exit code 2 naming the file and the bound when it holds more; exit
/// code 1 when it cannot be read.
pub(crate) fn read_at_most(path: &std::path::Path, most: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let name = path.display();
    let file =
        std::fs::File::open(path).map_err(|e| CliError(format!("{name}: cannot read: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return fail(format!("{name}: is a folder, not a file"));
    }
    let mut text = Vec::new();
    file.take(most + 1)
        .read_to_end(&mut text)
        .map_err(|e| CliError::io(format!("{name}: cannot read"), &e))?;
    if text.len() as u64 > most {
        return fail(format!(
            "{name}: more than {most} bytes; a partial is at most {most} (64 MiB)"
        ));
    }
    Ok(text)
}

/// Read the partials (each at most [`MAX_PARTIAL_BYTES`]) and print the
/// merged run's report, in the format the shards were asked for: the
/// application layer checks them and adds their sums
/// ([`games_app::shard::merge`]).
pub(crate) fn merge(a: &MergeArgs, ctx: &games_app::Context) -> Result<String, CliError> {
    let mut texts = Vec::new();
    for path in &a.files {
        texts.push((
            path.display().to_string(),
            read_at_most(path, MAX_PARTIAL_BYTES)?,
        ));
    }
    let (report, format) = games_app::shard::merge(&texts, ctx).map_err(crate::app_error)?;
    let format = match format.as_str() {
        "json" => crate::TableFormat::Json,
        "csv" => crate::TableFormat::Csv,
        _ => crate::TableFormat::Table,
    };
    crate::render(report.as_ref(), format)
}
