//! A scripted series of requests, then the metrics page: each counter and histogram count
//! equals what was sent, the page costs no quota and shows nothing a request carried.

use super::{scrape, value};
use crate::example::{PASSWORD, Server};

/// Secrets the requests carry, which the page must never show.
const WRONG_PASSWORD: &str = "hunter2-wrong-secret";
const QUERY_SECRET: &str = "query-secret-9f3a";
const PATH_SECRET: &str = "path-secret-77c1";

/// `restspec_requests_total` of one endpoint, method and status.
fn requests(page: &str, endpoint: &str, method: &str, status: &str) -> f64 {
    value(
        page,
        &format!(
            "restspec_requests_total{{endpoint=\"{endpoint}\",method=\"{method}\",status=\"{status}\"}}"
        ),
    )
}

#[tokio::test]
async fn the_counters_equal_the_requests_sent() {
    let dir = std::env::temp_dir().join(format!("restspec-metrics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let rules = dir.join("quota.yaml");
    std::fs::write(
        &rules,
        "rules:\n  - group: \"/restapi/projects:PUT\"\n    burst: 2\n    refill_per_second: 0.001\n",
    )
    .expect("writable");
    let server = Server::start_with(review_service::Options {
        admin_password: PASSWORD.into(),
        quota_config: Some(rules),
        limits: restspec_runtime::Limits {
            max_body_bytes: 1024,
            ..Default::default()
        },
        ..Default::default()
    })
    .await;
    let _ = std::fs::remove_dir_all(&dir);
    let status = |response: reqwest::Response| response.status().as_u16();
    for _ in 0..3 {
        let sent = server.get("/config/server/version").send().await;
        assert_eq!(status(sent.expect("request")), 200);
    }
    let head = server
        .client
        .head(format!("{}/config/server/version", server.base));
    assert_eq!(status(head.send().await.expect("request")), 200);
    let missing = server.get(&format!("/projects/{PATH_SECRET}")).send().await;
    assert_eq!(status(missing.expect("request")), 404);
    for (name, expected) in [("m1", 201), ("m2", 201), ("m3", 429)] {
        let created = server
            .put(&format!("/a/projects/{name}"))
            .basic_auth("admin", Some(PASSWORD))
            .json(&serde_json::json!({}))
            .send()
            .await;
        assert_eq!(status(created.expect("request")), expected, "{name}");
    }
    let refused = server
        .get("/a/projects/m1")
        .basic_auth("admin", Some(WRONG_PASSWORD))
        .send()
        .await;
    assert_eq!(status(refused.expect("request")), 401);
    let unknown = server
        .get(&format!("/no/such/{PATH_SECRET}?q={QUERY_SECRET}"))
        .send()
        .await;
    assert_eq!(status(unknown.expect("request")), 404);
    let too_large = server
        .put("/a/projects/big")
        .basic_auth("admin", Some(PASSWORD))
        .header("content-type", "application/json")
        .body(format!("{{\"description\":\"{}\"}}", "x".repeat(2000)))
        .send()
        .await;
    assert_eq!(status(too_large.expect("request")), 413);

    let page = scrape(&server).await;
    let expected = [
        ("get_server_version", "GET", "200", 3.0),
        ("get_server_version", "HEAD", "200", 1.0),
        ("get_project", "GET", "404", 1.0),
        ("create_project", "PUT", "201", 2.0),
        ("create_project", "PUT", "429", 1.0),
        ("unmatched", "GET", "401", 1.0),
        ("unmatched", "GET", "404", 1.0),
        ("unmatched", "PUT", "413", 1.0),
    ];
    for (endpoint, method, code, count) in expected {
        assert_eq!(
            requests(&page, endpoint, method, code),
            count,
            "{endpoint} {method} {code}\n{page}"
        );
    }
    let written = page
        .lines()
        .filter(|l| l.starts_with("restspec_requests_total{"))
        .count();
    assert_eq!(written, expected.len(), "no other series:\n{page}");
    for (endpoint, count) in [
        ("get_server_version", 4.0),
        ("get_project", 1.0),
        ("create_project", 3.0),
        ("unmatched", 3.0),
    ] {
        let series = format!("restspec_request_duration_seconds_count{{endpoint=\"{endpoint}\"}}");
        assert_eq!(value(&page, &series), count, "{series}\n{page}");
        let inf = format!(
            "restspec_request_duration_seconds_bucket{{endpoint=\"{endpoint}\",le=\"+Inf\"}}"
        );
        assert_eq!(value(&page, &inf), count, "{inf}\n{page}");
    }
    let group = "group=\"/restapi/projects:PUT\"";
    assert_eq!(
        value(&page, &format!("restspec_quota_checks_total{{{group}}}")),
        3.0
    );
    assert_eq!(
        value(&page, &format!("restspec_quota_refusals_total{{{group}}}")),
        1.0
    );
    assert_eq!(value(&page, "restspec_authentication_failures_total"), 1.0);
    assert_eq!(
        value(
            &page,
            "restspec_request_body_refusals_total{reason=\"too_large\"}"
        ),
        1.0
    );
    assert_eq!(
        value(&page, "restspec_timeouts_total{stage=\"handler\"}"),
        0.0
    );
    assert!(
        value(&page, "restspec_connections_open") >= 1.0,
        "the scrape's own connection is open:\n{page}"
    );

    for secret in [
        WRONG_PASSWORD,
        QUERY_SECRET,
        PATH_SECRET,
        PASSWORD,
        "m1",
        "/no/such",
    ] {
        assert!(!page.contains(secret), "{secret} on the page:\n{page}");
    }

    // The page is served on the authenticated form too, whatever the credentials, and
    // neither scraping nor probing is counted: as a request, as quota or as a failure.
    for _ in 0..3 {
        let again = server
            .get("/a/metrics")
            .basic_auth("admin", Some(WRONG_PASSWORD))
            .send()
            .await
            .expect("request");
        assert_eq!(again.status(), 200);
        let probed = server.get("/healthz").send().await.expect("request");
        assert_eq!(probed.status(), 200);
    }
    let after = scrape(&server).await;
    let counters = |page: &str| -> Vec<String> {
        page.lines()
            .filter(|l| !l.starts_with("restspec_connections_"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(counters(&after), counters(&page));
}
