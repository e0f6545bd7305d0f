//! `bookshop [ADDR] [CLERK-PASSWORD]`: serves the bookshop (default `127.0.0.1:8081`).

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let address = args.next().unwrap_or_else(|| "127.0.0.1:8081".to_owned());
    let password = args.next().unwrap_or_else(|| "clerk".to_owned());
    let listener = match tokio::net::TcpListener::bind(&address).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("bookshop: cannot listen on {address}: {err}");
            return ExitCode::FAILURE;
        }
    };
    println!("bookshop serving on http://{address}/ (clerk password: {password})");
    match restspec_runtime::serve(listener, bookshop::app(&password)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("bookshop: {err}");
            ExitCode::FAILURE
        }
    }
}
