//! The `games-cli` binary: see the `games_cli` library for the commands.
fn main() -> std::process::ExitCode {
    games_cli::main_with_args(std::env::args_os())
}
