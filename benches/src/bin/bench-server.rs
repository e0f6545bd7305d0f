//! `bench-server --impl generated|handwritten|floor|generated-bare --port N
//! [--worker-threads N]`: serves one of the three services on 127.0.0.1 for the load
//! script, without a logging subscriber, until SIGINT or SIGTERM. `generated-bare` is the
//! generated service on the floor's plain hyper loop instead of the runtime's `serve`: the
//! pair prices the runtime's connection layer (timeouts, watchdog, connection cap, graceful
//! shutdown).

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use restspec_benches::Fixture;
use restspec_benches::{floor, generated, handwritten};

const USAGE: &str = "usage: bench-server --impl generated|handwritten|floor|generated-bare --port N [--worker-threads N]";

struct Args {
    implementation: String,
    port: u16,
    worker_threads: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut implementation = None;
    let mut port = None;
    let mut worker_threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--impl" => implementation = Some(value()?),
            "--port" => port = Some(value()?.parse().map_err(|e| format!("--port: {e}"))?),
            "--worker-threads" => {
                worker_threads = value()?
                    .parse()
                    .map_err(|e| format!("--worker-threads: {e}"))?;
            }
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(Args {
        implementation: implementation.ok_or("--impl is required")?,
        port: port.ok_or("--port is required")?,
        worker_threads,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("bench-server: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let fixture = Fixture::new();
    if !matches!(
        args.implementation.as_str(),
        "generated" | "handwritten" | "floor" | "generated-bare"
    ) {
        eprintln!(
            "bench-server: unknown implementation {}\n{USAGE}",
            args.implementation
        );
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.worker_threads.max(1))
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("bench-server: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(address).await?;
        eprintln!(
            "bench-server: {} on http://{address}/ ({} worker thread(s))",
            args.implementation, args.worker_threads
        );
        // Each the way its users serve it: the generated service with the runtime's serve
        // function (hyper connections, no axum in front), the hand-written router with
        // axum::serve, the floor with its own accept loop over hyper-util.
        match args.implementation.as_str() {
            "generated" => {
                restspec_runtime::serve_until(
                    listener,
                    generated::service(&fixture),
                    shutdown_signal(),
                )
                .await
            }
            "generated-bare" => {
                let service = generated::service(&fixture);
                restspec_benches::bare::serve_bare(listener, shutdown_signal(), move |remote| {
                    service.for_connection(remote)
                })
                .await
            }
            "handwritten" => {
                axum::serve(listener, handwritten::service(&fixture))
                    .with_graceful_shutdown(shutdown_signal())
                    .await
            }
            _ => floor::serve(listener, &fixture, shutdown_signal()).await,
        }
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("bench-server: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Completes on SIGINT or SIGTERM (the load script stops servers with SIGTERM).
async fn shutdown_signal() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = terminate => {}
    }
}
