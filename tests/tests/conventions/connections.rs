//! Connections and request limits over raw TCP: idle and slow-header connections are
//! closed, slow bodies and hanging handlers get a clear status, oversized bodies are 413
//! before they are read, an oversized request line is 414 and other oversized heads 431,
//! a client that half-closes still gets its answer, the connection cap makes room for new
//! clients, and a shutdown drains the requests under way.
//!
//! The limits are set short here (hundreds of milliseconds) so that each property shows
//! quickly; the bounds the tests wait for are generous, and no test measures speed.

use std::time::Duration;

use restspec_runtime::{Limits, Settings};
use restspec_tests::slow_client::{self, silent_connection_is_closed, trickled_head_is_cut_off};
use restspec_tests::support::TestService;
use restspec_tests::test_server::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::{client, send, server_with};

/// Longer than any limit set here: what a test waits at most for the server to act.
const PATIENCE: Duration = Duration::from_secs(10);

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

/// Limits where only what a test sets is short.
fn long_limits() -> Limits {
    Limits {
        idle_timeout: Duration::from_secs(60),
        header_read_timeout: Duration::from_secs(60),
        body_read_timeout: Duration::from_secs(60),
        body_total_timeout: Duration::from_secs(60),
        request_timeout: Duration::from_secs(60),
        write_timeout: Duration::from_secs(60),
        shutdown_timeout: Duration::from_secs(60),
        ..Limits::default()
    }
}

async fn server_with_limits(limits: Limits) -> TestServer {
    server_with(Settings::default().limits(limits)).await
}

/// `127.0.0.1:<port>` of `server`.
fn address(server: &TestServer) -> &str {
    server.base.trim_start_matches("http://")
}

async fn connect(server: &TestServer) -> TcpStream {
    TcpStream::connect(address(server)).await.expect("connect")
}

/// Reads until the server closes the connection; answers what it sent, or `None` when it
/// kept the connection open for [`PATIENCE`].
async fn read_until_closed(stream: &mut TcpStream) -> Option<String> {
    slow_client::read_until_closed(stream, PATIENCE)
        .await
        .map(|received| String::from_utf8_lossy(&received).into_owned())
}

/// The head of alice's `PUT /a/things/new` with JSON and `framing` (a `Content-Length` or
/// `Transfer-Encoding` line), then `body`.
fn put_new_thing(framing: &str, body: &[u8]) -> Vec<u8> {
    let mut request = format!(
        "PUT /a/things/new HTTP/1.1\r\nHost: t\r\nAuthorization: Basic YWxpY2U6YWxpY2UtcHc=\r\n\
         Content-Type: application/json\r\n{framing}\r\n\r\n"
    )
    .into_bytes();
    request.extend_from_slice(body);
    request
}

/// Sends `request` on a new connection and answers what the server sent until it closed
/// the connection, asserting its status line starts with `status` and its body is `body`.
async fn assert_answer(server: &TestServer, request: &[u8], status: &str, body: &str) {
    let mut stream = connect(server).await;
    // The server may answer and close before it has read all of the request.
    let _ = stream.write_all(request).await;
    let answer = read_until_closed(&mut stream).await.expect("answered");
    assert!(
        answer.starts_with(&format!("HTTP/1.1 {status} ")),
        "{answer}"
    );
    assert!(answer.ends_with(&format!("\r\n\r\n{body}")), "{answer}");
}

#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed_after_the_idle_timeout() {
    let server = server_with_limits(Limits {
        idle_timeout: ms(300),
        ..long_limits()
    })
    .await;
    assert_eq!(
        silent_connection_is_closed(address(&server), PATIENCE).await,
        Some(Vec::new())
    );
}

#[tokio::test]
async fn a_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let server = server_with_limits(Limits {
        idle_timeout: ms(300),
        ..long_limits()
    })
    .await;
    let mut stream = connect(&server).await;
    stream
        .write_all(b"GET /things/x HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .expect("write");
    let answer = read_until_closed(&mut stream).await.expect("closed");
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
}

#[tokio::test]
async fn a_request_head_sent_a_byte_at_a_time_is_cut_off() {
    let server = server_with_limits(Limits {
        header_read_timeout: ms(500),
        ..long_limits()
    })
    .await;
    assert_eq!(
        trickled_head_is_cut_off(address(&server), "/things/x", PATIENCE).await,
        Some(Vec::new()),
        "the connection is closed without an answer"
    );
}

#[tokio::test]
async fn a_body_that_stops_coming_is_408() {
    let server = server_with_limits(Limits {
        body_read_timeout: ms(300),
        ..long_limits()
    })
    .await;
    let request = put_new_thing("Content-Length: 100", b"{\"desc");
    assert_answer(
        &server,
        &request,
        "408",
        "request body not received in time\n",
    )
    .await;
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_before_it_is_sent() {
    let server = server_with_limits(Limits {
        max_body_bytes: 1000,
        ..long_limits()
    })
    .await;
    // The head only: the answer must not wait for the 5,000 bytes announced.
    let request = put_new_thing("Content-Length: 5000", b"");
    assert_answer(
        &server,
        &request,
        "413",
        "request body larger than 1000 bytes\n",
    )
    .await;
}

#[tokio::test]
async fn a_request_line_over_the_head_limit_is_414_and_a_header_over_it_431() {
    const LIMIT: usize = 8192;
    let server = server_with_limits(Limits {
        max_head_bytes: LIMIT,
        ..long_limits()
    })
    .await;
    // Each request is exactly the limit long, so that the server has read all of it when
    // it answers and closes the connection.
    let fill = |start: &str| {
        let mut request = start.as_bytes().to_vec();
        request.resize(LIMIT, b'a');
        request
    };
    let refusal = format!("request line longer than {LIMIT} bytes\n");
    assert_answer(&server, &fill("GET /things/"), "414", &refusal).await;
    let header = fill("GET /things/ HTTP/1.1\r\nHost: t\r\nX-Big: ");
    assert_answer(&server, &header, "431", "").await;
}

#[tokio::test]
async fn a_chunked_body_is_cut_at_the_limit() {
    let server = server_with_limits(Limits {
        max_body_bytes: 1000,
        ..long_limits()
    })
    .await;
    let body = format!("{{\"description\": \"{}\"}}", "d".repeat(5000));
    let mut chunked = Vec::new();
    for chunk in body.as_bytes().chunks(500) {
        chunked.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        chunked.extend_from_slice(chunk);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let request = put_new_thing("Transfer-Encoding: chunked", &chunked);
    assert_answer(
        &server,
        &request,
        "413",
        "request body larger than 1000 bytes\n",
    )
    .await;
    let thing = send(client().get(server.url("/things/new"))).await;
    assert_eq!(thing.status, 404, "nothing was created");
}

#[tokio::test]
async fn a_handler_past_the_request_timeout_is_503_and_others_are_served() {
    let server = TestServer::start(
        TestService::with_things(&["x", "sleep-3600000"]),
        Settings::default().limits(Limits {
            request_timeout: ms(300),
            ..long_limits()
        }),
    )
    .await
    .expect("server");
    let hanging = send(client().get(server.url("/things/sleep-3600000"))).await;
    assert_eq!(
        (hanging.status, hanging.text().as_str()),
        (503, "request timed out after 0.3 s\n")
    );
    assert_eq!(
        send(client().get(server.url("/things/x"))).await.status,
        200
    );
}

#[tokio::test]
async fn a_client_that_half_closes_gets_the_answer_of_a_slow_handler() {
    let server = TestServer::start(
        TestService::with_things(&["sleep-200"]),
        Settings::default().limits(long_limits()),
    )
    .await
    .expect("server");
    let mut stream = connect(&server).await;
    stream
        .write_all(b"GET /things/sleep-200 HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .expect("write");
    stream.shutdown().await.expect("half-close");
    let answer = read_until_closed(&mut stream).await.expect("answered");
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
}

#[tokio::test]
async fn a_client_that_half_closes_after_its_request_gets_the_answer() {
    let server = server_with_limits(long_limits()).await;
    for attempt in 0..20 {
        let mut stream = connect(&server).await;
        let body = r#"{"description": "half-closed"}"#;
        let request = format!(
            "PUT /a/things/half-{attempt} HTTP/1.1\r\nHost: t\r\n\
             Authorization: Basic YWxpY2U6YWxpY2UtcHc=\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.expect("write");
        stream.shutdown().await.expect("half-close");
        let answer = read_until_closed(&mut stream).await.expect("answered");
        assert!(
            answer.starts_with("HTTP/1.1 201 Created\r\n"),
            "attempt {attempt}: {answer}"
        );
        let thing = send(client().get(server.url(&format!("/things/half-{attempt}")))).await;
        assert_eq!(
            thing.status, 200,
            "attempt {attempt}: the write was carried out"
        );
    }
}

#[tokio::test]
async fn at_the_connection_cap_slow_connections_make_room_for_a_new_client() {
    let server = server_with_limits(Limits {
        max_connections: 8,
        ..long_limits()
    })
    .await;
    // Eight connections that started a request head and went quiet: the cap is held.
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut stream = connect(&server).await;
        stream
            .write_all(b"GET /things/x HTTP/1.1\r\n")
            .await
            .expect("write");
        held.push(stream);
    }
    tokio::time::sleep(ms(100)).await;
    for attempt in 0..3 {
        let answer = tokio::time::timeout(PATIENCE, send(client().get(server.url("/things/x"))))
            .await
            .unwrap_or_else(|_| panic!("attempt {attempt}: a new client is served at the cap"));
        assert_eq!(answer.status, 200);
    }
    let mut closed = 0;
    for stream in &mut held {
        let mut buf = [0u8; 64];
        if let Ok(Ok(0) | Err(_)) = tokio::time::timeout(ms(50), stream.read(&mut buf)).await {
            closed += 1;
        }
    }
    assert!(closed >= 1, "the longest idle connections were closed");
}

#[tokio::test]
async fn a_shutdown_lets_requests_under_way_finish_and_cuts_off_the_rest() {
    let service = TestService::with_things(&["sleep-300", "sleep-3600000"]);
    let settings = Settings::default().limits(Limits {
        shutdown_timeout: ms(1000),
        ..long_limits()
    });
    let app = restspec_tests::build_script::conventions::router(
        service.clone(),
        settings.authenticator(service),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(restspec_runtime::serve_until(listener, app, async {
        let _ = stopped.await;
    }));
    let slow = tokio::spawn(send(client().get(format!("{base}/things/sleep-300"))));
    let hanging = tokio::spawn(client().get(format!("{base}/things/sleep-3600000")).send());
    tokio::time::sleep(ms(100)).await;
    stop.send(()).expect("stop");
    let slow = slow.await.expect("slow request");
    assert_eq!(slow.status, 200, "a request under way finishes");
    let ended = tokio::time::timeout(PATIENCE, serving).await;
    assert!(
        matches!(ended, Ok(Ok(Ok(())))),
        "the server stops within its shutdown timeout"
    );
    let hanging = tokio::time::timeout(PATIENCE, hanging)
        .await
        .expect("the hanging request ends");
    assert!(
        hanging.expect("task").is_err(),
        "a request past the shutdown timeout is cut off"
    );
    assert!(
        TcpStream::connect(base.trim_start_matches("http://"))
            .await
            .is_err(),
        "no longer listening"
    );
}

#[tokio::test]
async fn a_client_that_stops_reading_a_large_answer_is_cut_off_after_the_write_timeout() {
    // About 8 MB of JSON: more than the loopback socket buffers hold.
    let names: Vec<String> = (0..40_000).map(|n| format!("{n:0>190}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let service = TestService::with_things(&names);
    let s = TestServer::start(
        service,
        Settings::default().limits(Limits {
            write_timeout: ms(500),
            ..long_limits()
        }),
    )
    .await
    .expect("a server");
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket.set_recv_buffer_size(4096).expect("a small buffer");
    let mut stream = socket
        .connect(address(&s).parse().expect("an address"))
        .await
        .expect("connects");
    stream
        .write_all(b"GET /things/?pp=0 HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .expect("sent");
    // The client reads nothing for a while: the server's writes stop making progress.
    tokio::time::sleep(ms(2500)).await;
    let received = slow_client::read_until_closed(&mut stream, PATIENCE)
        .await
        .expect("the server closed the connection");
    assert!(
        received.starts_with(b"HTTP/1.1 200"),
        "{:?}",
        String::from_utf8_lossy(&received[..received.len().min(80)])
    );
    assert!(
        received.len() < 7_000_000,
        "only what the buffers held arrived ({} bytes), not the whole answer",
        received.len()
    );
    // The server still serves others.
    assert_eq!(send(client().get(s.url("/things/?n=1"))).await.status, 200);
}
