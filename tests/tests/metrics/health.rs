//! The health paths: liveness answers while the process does; readiness answers 503 while
//! a registered check fails and from the moment shutdown begins.

use std::time::Duration;

use crate::example::{PASSWORD, Server};

/// The status and body of a GET of `path`.
async fn probe(client: &reqwest::Client, base: &str, path: &str) -> (u16, String) {
    let response = client
        .get(format!("{base}{path}"))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.text().await.expect("body"))
}

#[tokio::test]
async fn liveness_and_readiness_answer_ok_to_anyone() {
    let server = Server::start().await;
    for path in ["/healthz", "/readyz", "/healthz/"] {
        let (status, body) = probe(&server.client, &server.base, path).await;
        assert_eq!((status, body.as_str()), (200, "ok\n"), "{path}");
    }
    // The authenticated form with credentials nobody has: probes ask for none.
    let response = server
        .get("/a/readyz")
        .basic_auth("admin", Some("not-the-password"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    // Not in the OpenAPI document: they are the operator's, not the API's.
    let document = probe(&server.client, &server.base, "/openapi.json").await.1;
    assert!(!document.contains("/readyz") && !document.contains("/metrics"));
}

#[tokio::test]
async fn readiness_is_503_while_a_quota_store_that_fails_closed_does_not_answer() {
    let dir = std::env::temp_dir().join(format!("restspec-readyz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let rules = dir.join("quota.yaml");
    std::fs::write(
        &rules,
        "rules:\n  - group: \"*\"\n    burst: 100\n    refill_per_second: 1\n",
    )
    .expect("writable");
    // A port nothing listens on: bound, then released.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = closed.local_addr().expect("address").port();
    drop(closed);
    let mut store =
        restspec_runtime::quota::redis::RedisQuotaOptions::new(format!("redis://127.0.0.1:{port}"));
    store.timeout = Duration::from_millis(200);
    // Refusing requests while the store does not answer makes it a dependency.
    store.on_unavailable = restspec_runtime::quota::redis::FailPolicy::Closed;
    let server = Server::start_with(review_service::Options {
        admin_password: PASSWORD.into(),
        quota_config: Some(rules),
        quota_store: Some(store),
        ..Default::default()
    })
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    let (status, body) = probe(&server.client, &server.base, "/readyz").await;
    assert_eq!(
        (status, body.as_str()),
        (503, "quota store does not answer\n"),
        "the reason names no address"
    );
    let (status, _) = probe(&server.client, &server.base, "/healthz").await;
    assert_eq!(status, 200, "alive all the same");
}

#[tokio::test]
async fn readiness_is_503_once_shutdown_begins_while_requests_are_still_served() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let app = review_service::app(&review_service::Options {
        admin_password: PASSWORD.into(),
        drain_delay: Duration::from_secs(30),
        ..Default::default()
    })
    .expect("valid options");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(review_service::serve(listener, app.router, async {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::new();
    assert_eq!(probe(&client, &base, "/readyz").await.0, 200);
    stop.send(()).expect("the server listens");
    let mut answer = probe(&client, &base, "/readyz").await;
    for _ in 0..50 {
        if answer.0 == 503 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        answer = probe(&client, &base, "/readyz").await;
    }
    assert_eq!((answer.0, answer.1.as_str()), (503, "draining\n"));
    let (status, _) = probe(&client, &base, "/config/server/version").await;
    assert_eq!(status, 200, "requests are still served while draining");
    assert_eq!(probe(&client, &base, "/healthz").await.0, 200);
}
