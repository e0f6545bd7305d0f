//! The real binary under slow and idle clients: with short timeouts and a small connection
//! cap set on its command line, hundreds of connections that send nothing or trickle a
//! request head are all closed, and a normal client is served while they are held.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::binary::{binary, free_port, fresh_site, start_with};

/// Connections that connect and send nothing.
const IDLE: usize = 150;
/// Connections that send a request head a byte at a time.
const TRICKLING: usize = 150;
/// The binary's connection cap: fewer than the connections held.
const CAP: &str = "100";

/// Opens a connection that trickles a request head forever (one byte every 200 ms) and
/// answers when the server closes it, or `false` when it is still open after `patience`.
async fn trickle(address: String, patience: Duration) -> bool {
    let Ok(stream) = TcpStream::connect(&address).await else {
        return true;
    };
    let (mut reader, mut writer) = stream.into_split();
    let writing = tokio::spawn(async move {
        if writer
            .write_all(b"GET /config/server/version HTTP/1.1\r\nX-Slow: ")
            .await
            .is_err()
        {
            return;
        }
        loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if writer.write_all(b"a").await.is_err() {
                return;
            }
        }
    });
    let closed = tokio::time::timeout(patience, async {
        let mut buf = [0u8; 64];
        matches!(reader.read(&mut buf).await, Ok(0) | Err(_))
    })
    .await
    .unwrap_or(false);
    writing.abort();
    closed
}

/// Opens a connection that sends nothing; answers whether the server closed it.
async fn idle(address: String, patience: Duration) -> bool {
    let Ok(mut stream) = TcpStream::connect(&address).await else {
        return true;
    };
    let mut buf = [0u8; 64];
    tokio::time::timeout(patience, stream.read(&mut buf))
        .await
        .is_ok_and(|read| matches!(read, Ok(0) | Err(_)))
}

#[tokio::test]
async fn slow_and_idle_connections_are_closed_and_a_normal_client_is_served_meanwhile() {
    let bin = binary();
    let site = fresh_site("slow-clients");
    let port = free_port();
    let _running = start_with(
        &bin,
        &site,
        port,
        Stdio::null(),
        &[
            "--idle-timeout",
            "1",
            "--header-timeout",
            "1",
            "--max-connections",
            CAP,
        ],
    )
    .await;
    let address = format!("127.0.0.1:{port}");
    let patience = Duration::from_secs(20);
    let mut held = Vec::new();
    for _ in 0..IDLE {
        held.push(tokio::spawn(idle(address.clone(), patience)));
    }
    for _ in 0..TRICKLING {
        held.push(tokio::spawn(trickle(address.clone(), patience)));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;

    let client = reqwest::Client::new();
    for attempt in 0..20 {
        let answer = client
            .get(format!("http://{address}/a/accounts/self/detail"))
            .basic_auth("admin", Some("persist-pw"))
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .unwrap_or_else(|e| panic!("attempt {attempt}: served while the cap is held: {e}"));
        assert_eq!(answer.status(), 200, "attempt {attempt}");
    }

    let mut still_open = 0;
    for connection in held {
        if !connection.await.expect("task") {
            still_open += 1;
        }
    }
    assert_eq!(
        still_open, 0,
        "every slow or idle connection is closed by a timeout or for a new client"
    );
    let _ = std::fs::remove_dir_all(&site);
}
