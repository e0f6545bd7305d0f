//! A generated service served on a free loopback port for the rest of a test's runtime:
//! the start-up every in-memory fixture implementation shares.

use restspec_runtime::api::Api;
use restspec_runtime::{Authenticator, Service};

/// Serves `app` on `127.0.0.1` at a port the system picks, until the test's runtime ends;
/// answers its base URL (`http://127.0.0.1:<port>`).
pub async fn serve<P: Api, A: Authenticator>(app: Service<P, A>) -> std::io::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(async move {
        let _ = restspec_runtime::serve(listener, app).await;
    });
    Ok(base)
}
