//! The `restspec` command: [`restspec_cli::run`] on the process's arguments and streams.

use std::process::ExitCode;

fn main() -> ExitCode {
    let status = restspec_cli::run(
        std::env::args_os(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    ExitCode::from(status)
}
