//! The `brade` binary: everything happens in the library.

fn main() -> std::process::ExitCode {
    brade::cli::run()
}
