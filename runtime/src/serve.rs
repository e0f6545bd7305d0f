//! Serving a generated service over TCP: hyper's HTTP/1 and HTTP/2 connections driven
//! directly (no axum routing in front), the client's address handed to each connection's
//! service, and a graceful shutdown that lets the requests under way finish.

use std::future::Future;
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;

use crate::api::Api;
use crate::auth::Authenticator;
use crate::service::Service;

/// How long to wait before accepting again after `accept` failed (out of descriptors, say):
/// long enough not to spin, short enough not to be noticed once descriptors free up.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `service` on `listener` until SIGINT or SIGTERM, then finishes the requests under
/// way: the usual `main` of a generated service.
pub async fn serve<P: Api, A: Authenticator>(
    listener: TcpListener,
    service: Service<P, A>,
) -> std::io::Result<()> {
    serve_until(listener, service, shutdown_signal()).await
}

/// Serves `service` on `listener` until `shutdown` completes, then stops accepting and
/// waits for the connections under way to finish their requests.
pub async fn serve_until<P: Api, A: Authenticator>(
    listener: TcpListener,
    service: Service<P, A>,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, remote) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "cannot accept a connection");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = service.for_connection(remote);
        let watcher = graceful.watcher();
        tokio::spawn(async move {
            let builder = auto::Builder::new(TokioExecutor::new());
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            if let Err(error) = watcher.watch(connection).await {
                tracing::debug!(%error, %remote, "connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Completes on SIGINT or (on Unix) SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}
