//! A request line too long for the server to read takes the way out of every other answer:
//! the service's error format, its security headers, and its count in the metrics.

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{scrape, value};
use crate::example::Server;

#[tokio::test]
async fn a_request_line_too_long_to_read_is_answered_and_counted() {
    const LIMIT: usize = 8192;
    let server = Server::start_with(review_service::Options {
        limits: restspec_runtime::Limits {
            max_head_bytes: LIMIT,
            ..Default::default()
        },
        ..Default::default()
    })
    .await;
    let address = server.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    // Exactly the limit, so that the server has read all of it when it answers and closes.
    let mut request = b"DELETE /changes/".to_vec();
    request.resize(LIMIT, b'a');
    let _ = stream.write_all(&request).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").expect("an answer");
    assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{head}");
    let head = format!("{}\r\n", head.to_ascii_lowercase());
    for header in [
        "content-type: text/plain; charset=utf-8",
        "x-content-type-options: nosniff",
        "connection: close",
    ] {
        assert!(
            head.contains(&format!("\r\n{header}\r\n")),
            "{header}:\n{head}"
        );
    }
    assert_eq!(body, format!("request line longer than {LIMIT} bytes\n"));

    let page = scrape(&server).await;
    let series = "restspec_requests_total{endpoint=\"unmatched\",method=\"DELETE\",status=\"414\"}";
    assert_eq!(value(&page, series), 1.0, "{page}");
}
