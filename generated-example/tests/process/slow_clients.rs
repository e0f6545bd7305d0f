//! The real binary under slow and idle clients: with short timeouts and a small connection
//! cap set on its command line, hundreds of connections that send nothing or trickle a
//! request head are all closed, and a normal client is served while they are held.

use std::process::Stdio;
use std::time::Duration;

use restspec_tests::slow_client::{silent_connection_is_closed, trickled_head_is_cut_off};

use super::binary::{binary, free_port, fresh_site, start_with};

/// Connections that connect and send nothing.
const IDLE: usize = 150;
/// Connections that send a request head a byte at a time.
const TRICKLING: usize = 150;
/// The binary's connection cap: fewer than the connections held.
const CAP: &str = "100";

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
        held.push(tokio::spawn({
            let address = address.clone();
            async move { silent_connection_is_closed(&address, patience).await }
        }));
    }
    for _ in 0..TRICKLING {
        held.push(tokio::spawn({
            let address = address.clone();
            async move { trickled_head_is_cut_off(&address, "/config/server/version", patience).await }
        }));
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
        if connection.await.expect("task").is_none() {
            still_open += 1;
        }
    }
    assert_eq!(
        still_open, 0,
        "every slow or idle connection is closed by a timeout or for a new client"
    );
    let _ = std::fs::remove_dir_all(&site);
}
