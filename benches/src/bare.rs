//! The plainest serving loop on hyper 1.x: the floor's, and the one the generated service
//! is measured with to price the runtime's connection layer (`--impl generated-bare`).

use std::future::Future;
use std::net::SocketAddr;

use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use tokio::net::TcpListener;

/// Serves on `listener` until `shutdown` completes: each accepted connection
/// (`TCP_NODELAY`, as the runtime sets it) goes with the service `service_for` makes for
/// its client's address to hyper-util's `auto` builder with its defaults, on a task of its
/// own. No timeouts, no connection cap, no graceful shutdown: what `restspec_runtime::serve`
/// adds around the same builder is what this leaves out.
pub async fn serve_bare<S, B>(
    listener: TcpListener,
    shutdown: impl Future<Output = ()>,
    service_for: impl Fn(SocketAddr) -> S,
) -> std::io::Result<()>
where
    S: hyper::service::Service<http::Request<Incoming>, Response = http::Response<B>>
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    B: hyper::body::Body<Data = bytes::Bytes> + Send + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let builder = auto::Builder::new(TokioExecutor::new());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors, most likely: let some connections end.
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                    continue;
                }
            },
            () = &mut shutdown => return Ok(()),
        };
        let _ = stream.set_nodelay(true);
        let connection = builder
            .serve_connection(TokioIo::new(stream), service_for(remote))
            .into_owned();
        tokio::spawn(async move {
            let _ = connection.await;
        });
    }
}
