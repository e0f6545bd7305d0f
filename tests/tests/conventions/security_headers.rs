//! Every response carries the browser-hardening headers when the spec's
//! `security_headers` convention is on (protocol 10): successes, errors from the status
//! table, routing's 404 and 405, and CORS preflights. The downstream service switches
//! them off (`downstream.rs`).

use super::{Answer, client, send, server};

const EXPECTED: [(&str, &str); 4] = [
    ("x-content-type-options", "nosniff"),
    ("content-security-policy", "default-src 'none'; sandbox"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "deny"),
];

fn assert_hardened(answer: &Answer, what: &str) {
    for (name, value) in EXPECTED {
        assert_eq!(answer.header(name), Some(value), "{name} on {what}");
    }
}

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    let s = server().await;
    let ok = send(client().get(s.url("/things/x"))).await;
    assert_eq!(ok.status, 200);
    assert_hardened(&ok, "a success");
    let missing = send(client().get(s.url("/nothing/here"))).await;
    assert_eq!(missing.status, 404);
    assert_hardened(&missing, "a routing 404");
    let wrong_method = send(client().patch(s.url("/things/x"))).await;
    assert_eq!(wrong_method.status, 405);
    assert_hardened(&wrong_method, "a 405");
    let crash = send(client().get(s.url("/things/x/explode"))).await;
    assert_eq!(crash.status, 500);
    assert_hardened(&crash, "a panicking handler's 500");
    let preflight = send(
        client()
            .request(reqwest::Method::OPTIONS, s.url("/things/x"))
            .header("origin", "https://elsewhere.example")
            .header("access-control-request-method", "PUT"),
    )
    .await;
    assert_hardened(&preflight, "a CORS preflight");
}
