//! Serving a generated service over TCP: hyper's HTTP/1 and HTTP/2 connections driven
//! directly (no axum routing in front), the client's address handed to each connection's
//! service, and a graceful shutdown that lets the requests under way finish.
//!
//! Every connection is watched against the service's [`Limits`](crate::Limits): idle and
//! slow-header connections are closed, as are those whose client stops reading; the
//! number open at once is capped (`connections.rs`); a client that half-closes its side
//! after a complete request still gets its answer.

// Items here are `pub` for the crate's rooms to share; the crate's public API is what
// `lib.rs` re-exports.
#![allow(unreachable_pub)]

pub(crate) mod activity;
mod connections;
mod timed_io;
mod uri_too_long;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::OwnedSemaphorePermit;

use crate::metrics::Metrics;
use crate::pipeline::api::Api;
use crate::pipeline::service::{Service, ServiceWatch};
use crate::protocol::auth::Authenticator;
use crate::server::activity::Activity;
use connections::Connections;
use timed_io::TimedIo;
use uri_too_long::{AnswerUnread, UriTooLong};

/// How long to wait before accepting again after `accept` failed (out of descriptors, say):
/// long enough not to spin, short enough not to be noticed once descriptors free up.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// The smallest read buffer hyper accepts.
const MIN_HEAD_BYTES: usize = 8192;

/// Serves `service` on `listener` until SIGINT or SIGTERM, then finishes the requests under
/// way: the usual `main` of a generated service.
///
/// ```no_run
/// // A spec with one family, `things`, and one endpoint, `GET /things/`.
/// restspec_runtime::generate!(mod api = "../tests/fixtures/minimal");
///
/// struct Things;
///
/// #[allow(refining_impl_trait)]
/// impl api::ThingsHandlers for Things {
///     async fn list_things(
///         &self,
///         _ctx: restspec_runtime::RequestContext<'_>,
///     ) -> Result<Vec<String>, api::Error> {
///         Ok(vec!["one".to_owned()])
///     }
/// }
///
/// #[tokio::main]
/// async fn main() -> std::io::Result<()> {
///     let service = api::router(Things, restspec_runtime::Settings::default());
///     let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
///     restspec_runtime::serve(listener, service).await
/// }
/// ```
pub async fn serve<P: Api, A: Authenticator>(
    listener: TcpListener,
    service: Service<P, A>,
) -> std::io::Result<()> {
    serve_until(listener, service, shutdown_signal()).await
}

/// Serves `service` on `listener` until `shutdown` completes, then stops accepting and
/// waits for the connections under way to finish their requests, at most
/// [`Limits::shutdown_timeout`](crate::Limits::shutdown_timeout); what is left then is
/// closed.
pub async fn serve_until<P: Api, A: Authenticator>(
    listener: TcpListener,
    service: Service<P, A>,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let limits = *service.limits();
    let (metrics, shutdown) = watched(service.watch(), shutdown);
    let connect = move |remote, activity| {
        let connection = service.for_watched_connection(remote, activity);
        (connection.clone(), connection)
    };
    serve_connections(listener, limits, metrics, connect, shutdown).await
}

/// Serves `service` wrapped in the caller's own tower `layer` (a `tower::ServiceBuilder`
/// stack, a tower-http layer, ...) until SIGINT or SIGTERM, keeping everything
/// [`serve`](fn@serve) does: the timeouts and connection cap of the service's
/// [`Limits`](crate::Limits), the graceful shutdown, and the client's address, which the
/// handlers see in their context and the layer sees as a `SocketAddr` request extension.
/// Wrapping the service and passing it to `axum::serve` instead loses all of these.
///
/// ```no_run
/// # async fn run(service: restspec_runtime::Service<impl restspec_runtime::Api, restspec_runtime::NoAccounts>) -> std::io::Result<()> {
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
/// let layer = tower::util::MapResponseLayer::new(|mut response: http::Response<_>| {
///     response.headers_mut().insert("x-served-by", http::HeaderValue::from_static("edge-1"));
///     response
/// });
/// restspec_runtime::serve_layered(listener, service, layer).await
/// # }
/// ```
pub async fn serve_layered<P, A, L, B>(
    listener: TcpListener,
    service: Service<P, A>,
    layer: L,
) -> std::io::Result<()>
where
    P: Api,
    A: Authenticator,
    L: tower::Layer<Service<P, A>> + Send + 'static,
    L::Service: tower::Service<
            http::Request<hyper::body::Incoming>,
            Response = http::Response<B>,
            Error: Into<crate::BoxError>,
            Future: Send + 'static,
        > + Clone
        + Send
        + 'static,
    B: http_body::Body<Data: Send, Error: Into<crate::BoxError>> + Send + 'static,
{
    let limits = *service.limits();
    let (metrics, shutdown) = watched(service.watch(), shutdown_signal());
    let connect = move |remote: SocketAddr, activity| {
        let connection = service.for_watched_connection(remote, activity);
        let inner = layer.layer(connection.clone());
        let with_address = tower::util::MapRequest::new(
            inner,
            move |mut request: http::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(remote);
                request
            },
        );
        // A request line too long to read never reaches the layer: the service answers
        // it, on its way out.
        (
            hyper_util::service::TowerToHyperService::new(with_address),
            connection,
        )
    };
    serve_connections(listener, limits, metrics, connect, shutdown).await
}

/// The service's metrics, and `shutdown` followed by the drain: the readiness path answers
/// `503` from the signal on, and the loop goes on serving for the settings' drain delay
/// before it stops accepting.
fn watched(
    ServiceWatch {
        metrics,
        health,
        drain_delay,
    }: ServiceWatch,
    shutdown: impl Future<Output = ()> + Send,
) -> (Option<Arc<Metrics>>, impl Future<Output = ()> + Send) {
    let drained = async move {
        shutdown.await;
        health.begin_draining();
        if !drain_delay.is_zero() {
            tracing::info!(?drain_delay, "draining: not ready, still serving");
            tokio::time::sleep(drain_delay).await;
        }
    };
    (metrics, drained)
}

/// The serving loop: each accepted connection gets the service `connect` makes for it
/// (from the client's address and the connection's activity, which the loop watches), and
/// what answers a request line too long to read on it.
async fn serve_connections<S, B, R>(
    listener: TcpListener,
    limits: crate::Limits,
    metrics: Option<Arc<Metrics>>,
    connect: impl Fn(SocketAddr, Arc<Activity>) -> (S, R),
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()>
where
    S: hyper::service::Service<
            http::Request<hyper::body::Incoming>,
            Response = http::Response<B>,
            Error: Into<crate::BoxError>,
            Future: Send + 'static,
        > + Send
        + 'static,
    B: http_body::Body<Data: Send, Error: Into<crate::BoxError>> + Send + 'static,
    R: AnswerUnread + Send + 'static,
{
    let graceful = GracefulShutdown::new();
    let connections = Connections::new(limits.max_connections);
    let mut builder = auto::Builder::new(TokioExecutor::new());
    // A request head larger than the read buffer is refused with 431, or, when the request
    // line alone fills it, answered 414 by the service (`UriTooLong`).
    let head_limit = limits.max_head_bytes.max(MIN_HEAD_BYTES);
    // A client that shuts down its sending side after a complete request (`nc -N`, some
    // proxies) is waiting for the answer, not gone.
    builder.http1().half_close(true).max_buf_size(head_limit);
    builder
        .http2()
        .max_header_list_size(u32::try_from(limits.max_head_bytes).unwrap_or(u32::MAX));
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = accept(&listener, &connections) => accepted,
            () = &mut shutdown => break,
        };
        let Some((permit, stream, remote)) = accepted else {
            tokio::time::sleep(ACCEPT_BACKOFF).await;
            continue;
        };
        let _ = stream.set_nodelay(true);
        let activity = Activity::new();
        let slot = connections.open(permit, activity.clone());
        let (service, answerer) = connect(remote, activity.clone());
        let io = UriTooLong::new(TimedIo::new(stream, activity.clone()), head_limit, answerer);
        let connection = builder.serve_connection(TokioIo::new(io), service);
        let connection = graceful.watch(connection.into_owned());
        let counted = metrics.as_ref().map(Metrics::connection_opened);
        let connection = tokio::spawn(async move {
            let (_slot, _counted) = (slot, counted);
            if let Err(error) = connection.await {
                tracing::debug!(%error, %remote, "connection ended with an error");
            }
        });
        tokio::spawn(watch_connection(
            connection,
            activity,
            limits,
            metrics.clone(),
            remote,
        ));
    }
    drop(listener);
    if tokio::time::timeout(limits.shutdown_timeout, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            timeout = ?limits.shutdown_timeout,
            "shutdown: requests still under way are cut off"
        );
        connections.close_all();
    }
    Ok(())
}

/// A connection's watchdog: closes it (ends its task) when a deadline of `limits` passes
/// or the server evicts it. A task of its own rather than a branch beside the connection in
/// the connection's task, which every request wakes: the watchdog wakes only for its own
/// deadlines, an eviction, or the connection's end.
async fn watch_connection(
    mut connection: tokio::task::JoinHandle<()>,
    activity: Arc<Activity>,
    limits: crate::Limits,
    metrics: Option<Arc<Metrics>>,
    remote: SocketAddr,
) {
    tokio::select! {
        _ = &mut connection => {}
        reason = activity.watch(&limits) => {
            connection.abort();
            tracing::debug!(%remote, reason = reason.as_str(), "connection closed");
            if let Some(metrics) = &metrics {
                metrics.count_connection_closed(reason.counted_as());
            }
        }
    }
}

/// The next connection, once there is a slot for it; `None` when `accept` failed.
async fn accept(
    listener: &TcpListener,
    connections: &Arc<Connections>,
) -> Option<(OwnedSemaphorePermit, TcpStream, SocketAddr)> {
    let permit = connections.reserve().await;
    match listener.accept().await {
        Ok((stream, remote)) => Some((permit, stream, remote)),
        Err(error) => {
            tracing::warn!(%error, "cannot accept a connection");
            None
        }
    }
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
