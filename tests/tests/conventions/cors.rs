//! Protocol 4.4: cross-origin use only when `site.allowOriginRegex` is set; preflights with
//! the reference's header set; disallowed origins get no CORS headers; cookie-based
//! cross-origin mutations still need the XSRF token.

use restspec_runtime::Settings;

use super::{client, send, server, server_with};

async fn configured() -> restspec_tests::test_server::TestServer {
    server_with(
        Settings::default()
            .allow_origin_regex(&["https://app\\.example", "https://.*\\.trusted\\.example"])
            .expect("valid"),
    )
    .await
}

#[tokio::test]
async fn without_the_setting_nothing_is_cross_origin() {
    let s = server().await;
    let a = send(
        client()
            .get(s.url("/things/x"))
            .header("Origin", "https://app.example"),
    )
    .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.header("access-control-allow-origin"), None);
    assert!(a.headers_named("vary").is_empty());
    let a = send(
        client()
            .request(reqwest::Method::OPTIONS, s.url("/things/x"))
            .header("Origin", "https://app.example")
            .header("Access-Control-Request-Method", "GET"),
    )
    .await;
    assert_eq!((a.status, a.text()), (400, "CORS not allowed\n".to_owned()));
}

#[tokio::test]
async fn a_preflight_from_an_allowed_origin_gets_the_full_header_set() {
    let s = configured().await;
    let a = send(
        client()
            .request(reqwest::Method::OPTIONS, s.url("/a/things/x"))
            .header("Origin", "https://app.example")
            .header("Access-Control-Request-Method", "DELETE")
            .header(
                "Access-Control-Request-Headers",
                "Content-Type, X-Service-Auth",
            ),
    )
    .await;
    assert_eq!(a.status, 200);
    assert!(a.body.is_empty());
    assert_eq!(a.header("content-type"), Some("text/plain"));
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    assert_eq!(a.header("access-control-allow-credentials"), Some("true"));
    assert_eq!(a.header("access-control-max-age"), Some("600"));
    assert_eq!(
        a.header("access-control-allow-methods"),
        Some("GET, HEAD, POST, PUT, DELETE, OPTIONS")
    );
    assert_eq!(
        a.header("access-control-allow-headers"),
        Some("authorization, content-type, x-service-auth, x-requested-with")
    );
    assert_eq!(
        a.headers_named("vary"),
        ["Origin, Access-Control-Request-Method, Access-Control-Request-Headers"]
    );
    assert_eq!(a.header("access-control-expose-headers"), None);
}

#[tokio::test]
async fn refused_preflights_say_why() {
    let s = configured().await;
    let cases = [
        ("https://evil.example", "GET", None, "CORS not allowed\n"),
        (
            "https://app.example",
            "PATCH",
            None,
            "PATCH not allowed in CORS\n",
        ),
        (
            "https://app.example",
            "GET",
            Some(b"X-Service-Trace".as_slice()),
            "X-Service-Trace not allowed in CORS\n",
        ),
        // One byte that is not visible ASCII must not make the whole list pass.
        (
            "https://app.example",
            "GET",
            Some(b"content-type, x-evil\xe9".as_slice()),
            "Access-Control-Request-Headers with a non-ASCII byte not allowed in CORS\n",
        ),
    ];
    for (origin, method, headers, message) in cases {
        let mut request = client()
            .request(reqwest::Method::OPTIONS, s.url("/things/x"))
            .header("Origin", origin)
            .header("Access-Control-Request-Method", method);
        if let Some(h) = headers {
            let value = reqwest::header::HeaderValue::from_bytes(h).expect("a header value");
            request = request.header("Access-Control-Request-Headers", value);
        }
        let a = send(request).await;
        assert_eq!(
            (a.status, a.text()),
            (400, message.to_owned()),
            "{origin} {method}"
        );
        assert_eq!(a.header("access-control-allow-origin"), None);
    }
}

#[tokio::test]
async fn ordinary_requests_are_decorated_only_for_allowed_origins() {
    let s = configured().await;
    let a = send(
        client()
            .get(s.url("/things/x"))
            .header("Origin", "https://x.trusted.example"),
    )
    .await;
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://x.trusted.example")
    );
    assert_eq!(a.headers_named("vary"), ["Origin"]);
    let a = send(
        client()
            .get(s.url("/things/x"))
            .header("Origin", "https://trusted.example.evil"),
    )
    .await;
    assert_eq!(
        a.status, 200,
        "a disallowed origin is served, without CORS headers"
    );
    assert_eq!(a.header("access-control-allow-origin"), None);
    assert_eq!(a.headers_named("vary"), ["Origin"]);
    let a = send(
        client()
            .get(s.url("/things/missing"))
            .header("Origin", "https://app.example"),
    )
    .await;
    assert_eq!(a.status, 404);
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://app.example"),
        "errors keep CORS headers"
    );
}

#[tokio::test]
async fn cross_origin_cookie_mutations_still_need_the_xsrf_token() {
    let s = configured().await;
    let login = send(
        client()
            .post(s.url("/login"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    let cookies = login.headers_named("set-cookie");
    let value = |name: &str| {
        cookies
            .iter()
            .find_map(|c| c.strip_prefix(&format!("{name}=")))
            .and_then(|r| r.split(';').next())
            .unwrap_or_default()
            .to_owned()
    };
    let cookie = format!("TestSession={}", value("TestSession"));
    let a = send(
        client()
            .delete(s.url("/things/x"))
            .header("Origin", "https://app.example")
            .header("Cookie", &cookie),
    )
    .await;
    assert_eq!(a.status, 403);
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    let a = send(
        client()
            .delete(s.url("/things/x"))
            .header("Origin", "https://app.example")
            .header("Cookie", &cookie)
            .header("X-Service-Auth", value("XSRF_TOKEN")),
    )
    .await;
    assert_eq!(a.status, 204);
}
