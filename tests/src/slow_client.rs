//! Clients that hold a connection without using it, for the tests that show a server
//! closes them: one that sends nothing, one that sends a request head a byte at a time;
//! and reading a connection until the server closes it.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How often the trickling client sends its next byte.
const TRICKLE_EVERY: Duration = Duration::from_millis(100);

/// Connects to `address` and sends a request head to `path` a byte at a time, forever;
/// answers what the server sent before it closed the connection, or `None` when it kept
/// it open for `patience` (a connection the server refused counts as closed at once).
pub async fn trickled_head_is_cut_off(
    address: &str,
    path: &str,
    patience: Duration,
) -> Option<Vec<u8>> {
    let Ok(stream) = TcpStream::connect(address).await else {
        return Some(Vec::new());
    };
    let (mut reader, mut writer) = stream.into_split();
    let head = format!("GET {path} HTTP/1.1\r\nX-Slow: ");
    let writing = tokio::spawn(async move {
        if writer.write_all(head.as_bytes()).await.is_err() {
            return;
        }
        loop {
            tokio::time::sleep(TRICKLE_EVERY).await;
            if writer.write_all(b"a").await.is_err() {
                return;
            }
        }
    });
    let closed = read_until_closed(&mut reader, patience).await;
    writing.abort();
    closed
}

/// Connects to `address` and sends nothing; answers what the server sent before it closed
/// the connection, or `None` when it kept it open for `patience`.
pub async fn silent_connection_is_closed(address: &str, patience: Duration) -> Option<Vec<u8>> {
    let Ok(mut stream) = TcpStream::connect(address).await else {
        return Some(Vec::new());
    };
    read_until_closed(&mut stream, patience).await
}

/// What `reader` receives until the connection ends, or `None` when it has not ended
/// within `patience`.
pub async fn read_until_closed(
    reader: &mut (impl AsyncReadExt + Unpin),
    patience: Duration,
) -> Option<Vec<u8>> {
    let mut received = Vec::new();
    let ended = tokio::time::timeout(patience, async {
        let mut buf = [0u8; 256];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    ended.ok().map(|()| received)
}
