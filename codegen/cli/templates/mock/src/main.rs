//! `{{name}} [ADDRESS]`: serves the mock (default `127.0.0.1:3000`).

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let address = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:3000".to_owned());
    let listener = match tokio::net::TcpListener::bind(&address).await {
        Ok(listener) => listener,
        Err(problem) => {
            eprintln!("{{name}}: cannot listen on {address}: {problem}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{{name}}: serving the mock on http://{address}/ (credentials: {})",
        {{lib}}::SECRET
    );
    match restspec_runtime::serve(listener, {{lib}}::app()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("{{name}}: {problem}");
            ExitCode::FAILURE
        }
    }
}
