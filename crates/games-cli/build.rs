//! On Linux with glibc, links the unwinder from the C compiler's archive
//! (`libgcc_eh.a`, what `gcc -static-libgcc` links) instead of loading
//! `libgcc_s.so` at every start.
//!
//! Loading `libgcc_s.so` runs its constructor, which asks the processor
//! what it is (`cpuid`) several times; on a virtual machine each answer is
//! a trap to the hypervisor, about 5 us on the machine of
//! docs/benchmarks.md. The answers of `games-cli hog` are whole processes
//! of one or two milliseconds, so that is a twentieth of them (measured in
//! docs/benchmarks.md). The unwinder is the same code either way, and
//! with the archive first the linker (`--as-needed`) drops the library.
//!
//! Only when building for the machine it runs on, and only when the
//! compiler that links (`cc`, or cargo's configured linker) has the
//! archive; otherwise nothing changes.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || var("TARGET") != var("HOST")
    {
        return;
    }
    let linker = std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_string());
    let Ok(out) = Command::new(&linker)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
    else {
        return;
    };
    let printed = String::from_utf8_lossy(&out.stdout);
    let archive = Path::new(printed.trim());
    if !out.status.success() || !archive.is_absolute() || !archive.is_file() {
        return;
    }
    if let Some(dir) = archive.parent() {
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
}
