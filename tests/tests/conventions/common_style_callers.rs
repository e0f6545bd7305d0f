//! `fixtures/common_style`, continued: who may call (tokens in every declared place,
//! unknown ones refused, anonymous callers by policy and budget) and what every answer
//! carries (request ids, the spec's error shape, browser headers), through the service's
//! own layers and the typed client.

use restspec_runtime::Settings;
use restspec_tests::common_style::{CommonStyle, TOKEN};

use super::common_style::{get, start};
use super::{Answer, client, send};

/// What the quota enforcer knows of a caller's budget reaches every answer after the quota
/// check (an error and the 429 too) in the headers the spec names; anonymous callers are
/// counted per address.
#[tokio::test]
async fn answers_tell_the_budget_and_anonymous_callers_count_per_address() {
    use std::sync::Arc;

    use restspec_runtime::QuotaBackend;
    use restspec_runtime::quota::TokenBucketEnforcer;

    let rules = "rules:\n  - group: \"/teams/notes*\"\n    burst: 2\n    refill_per_second: 0.01\n";
    let enforcer = TokenBucketEnforcer::from_yaml("quota.yaml", rules).expect("valid rules");
    let mut quota = QuotaBackend::new();
    quota.register(Arc::new(enforcer));
    let base = CommonStyle::new()
        .serve(Settings::default().quota(quota))
        .await
        .expect("a loopback server starts");
    let from = |address: &str| {
        reqwest::Client::builder()
            .local_address(address.parse::<std::net::IpAddr>().ok())
            .build()
            .expect("a client")
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let first = send(from("127.0.0.1").get(format!("{base}/api/v1/teams/notes/1"))).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("ratelimit-limit"), Some("2"));
    assert_eq!(first.header("ratelimit-remaining"), Some("1"));
    let reset: u64 = first
        .header("ratelimit-reset")
        .and_then(|r| r.parse().ok())
        .expect("a Unix time");
    assert!((now + 99..=now + 102).contains(&reset), "{reset} vs {now}");
    // The IETF structured fields, beside them.
    let field = first.header("ratelimit").unwrap_or_default();
    assert!(field.starts_with("\"burst\";r=1;t="), "{field}");
    assert_eq!(first.header("ratelimit-policy"), Some("\"burst\";q=2"));
    // A 404 found before the quota check (no such note) costs a request and tells the
    // budget, as the spec's `early_refusals: charged` says; so does an error after it (a
    // body of the wrong type).
    let missing = send(from("127.0.0.1").get(format!("{base}/api/v1/teams/notes/9"))).await;
    assert_eq!(
        (missing.status, missing.header("ratelimit-remaining")),
        (404, Some("0"))
    );
    let wrong = send(
        from("127.0.0.1")
            .patch(format!("{base}/api/v1/teams/notes/1"))
            .bearer_auth(TOKEN)
            .header("Content-Type", "application/json")
            .body(r#"{"due":7}"#),
    )
    .await;
    assert_eq!(wrong.status, 400, "{}", wrong.text());
    assert_eq!(
        wrong.header("ratelimit-remaining"),
        Some("1"),
        "alice's own budget"
    );
    let refused = send(from("127.0.0.1").get(format!("{base}/api/v1/teams/notes/1"))).await;
    assert_eq!(refused.status, 429);
    assert_eq!(refused.header("ratelimit-remaining"), Some("0"));
    assert!(refused.header("retry-after").is_some());
    let elsewhere = send(from("127.0.0.2").get(format!("{base}/api/v1/teams/notes/1"))).await;
    assert_eq!(elsewhere.status, 200, "another address has its own budget");
    assert_eq!(elsewhere.header("ratelimit-remaining"), Some("1"));
}

#[tokio::test]
async fn a_token_is_read_from_every_declared_place() {
    let base = start().await;
    let basic = format!("Basic {}", base64_of("alice:alice-pw"));
    let places = [
        ("Authorization", format!("Bearer {TOKEN}")),
        ("Authorization", format!("bearer {TOKEN}")),
        ("Authorization", format!("token {TOKEN}")),
        ("PRIVATE-TOKEN", TOKEN.to_owned()),
        ("Authorization", basic),
    ];
    for (header, value) in &places {
        let answer = get(&base, "/api/v1/user", Some((header, value))).await;
        assert_eq!(
            (answer.status, answer.text()),
            (200, "{\"login\":\"alice\"}\n".to_owned()),
            "{header}: {value}"
        );
    }
    let query = get(&base, &format!("/api/v1/user?private_token={TOKEN}"), None).await;
    assert_eq!(query.status, 200, "{}", query.text());
}

#[tokio::test]
async fn unknown_credentials_are_401_without_challenges_even_where_anonymous_may_read() {
    let base = start().await;
    for (header, value) in [
        ("Authorization", "Bearer wrong"),
        ("PRIVATE-TOKEN", "wrong"),
        ("Authorization", "Basic YWxpY2U6bm8="),
    ] {
        let answer = get(&base, "/api/v1/teams/notes/1", Some((header, value))).await;
        assert_eq!(answer.status, 401, "{header}: {value}");
        // `challenges: []`: no `WWW-Authenticate`, though five credential places are
        // declared (each would otherwise get its scheme's challenge).
        assert_eq!(
            answer.headers_named("www-authenticate"),
            Vec::<String>::new(),
            "{header}: {value}"
        );
    }
    let query = get(&base, "/api/v1/teams/notes/1?private_token=wrong", None).await;
    assert_eq!(query.status, 401);
}

#[tokio::test]
async fn anonymous_access_follows_the_service_family_and_endpoint_policies() {
    let base = start().await;
    // The `user` family says `anonymous: none`: even its GET needs credentials.
    let user = get(&base, "/api/v1/user", None).await;
    assert_eq!(user.status, 401, "{}", user.text());
    // `challenges: []`: the 401 names no scheme.
    assert!(user.header("www-authenticate").is_none());
    // The service's default (`reads`) lets anyone read notes, and `anonymous: all` on the
    // search endpoint lets anyone POST to it.
    assert_eq!(get(&base, "/api/v1/teams/notes/", None).await.status, 200);
    let search = send(
        client()
            .post(format!("{base}/api/v1/teams/notes/search?in=title"))
            .header("Content-Type", "application/json")
            .body(r#"{"text":"sec"}"#),
    )
    .await;
    assert_eq!(search.status, 200, "{}", search.text());
    assert!(search.text().contains(r#""title":"second""#));
}

fn base64_of(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// An input error names the body field, option or page parameter it is about, as data:
/// the `{field}` of the spec's error shape (`null` when it is about none).
#[tokio::test]
async fn input_errors_name_their_field() {
    let base = start().await;
    let param = |answer: &Answer| {
        let body: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
        (answer.status, body["param"].clone())
    };
    let patch = |body: &'static str| {
        client()
            .patch(format!("{base}/api/v1/teams/notes/1"))
            .bearer_auth(TOKEN)
            .header("Content-Type", "application/json")
            .body(body)
    };
    use serde_json::json;
    assert_eq!(
        param(&send(patch(r#"{"due":7}"#)).await),
        (400, json!("due"))
    );
    assert_eq!(
        param(&send(patch(r#"{"title":["x"]}"#)).await),
        (400, json!("title"))
    );
    let search = send(
        client()
            .post(format!("{base}/api/v1/teams/notes/search?in=title"))
            .header("Content-Type", "application/json")
            .body("{}"),
    )
    .await;
    assert_eq!(param(&search), (400, json!("text")), "a missing field");
    let order = get(&base, "/api/v1/teams/notes/?order=sideways", None).await;
    assert_eq!(param(&order), (400, json!("order")));
    let size = get(&base, "/api/v1/teams/notes/?per_page=0", None).await;
    assert_eq!(param(&size), (400, json!("per_page")));
    let broken = send(patch("{")).await;
    assert_eq!(
        param(&broken),
        (400, serde_json::Value::Null),
        "about no field"
    );
}

/// `cors`: preflights accept the methods the spec uses (PATCH too) and its token header,
/// any origin may call (without credentials), and a browser script may read the
/// pagination and rate-limit headers.
#[tokio::test]
async fn browsers_may_patch_with_a_token_and_read_the_paging_headers() {
    let base = start().await;
    let preflight = send(
        client()
            .request(
                reqwest::Method::OPTIONS,
                format!("{base}/api/v1/teams/notes/1"),
            )
            .header("Origin", "https://app.example")
            .header("Access-Control-Request-Method", "PATCH")
            .header(
                "Access-Control-Request-Headers",
                "private-token, content-type",
            ),
    )
    .await;
    assert_eq!(preflight.status, 200, "{}", preflight.text());
    assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
    assert_eq!(preflight.header("access-control-allow-credentials"), None);
    assert_eq!(
        preflight.header("access-control-allow-methods"),
        Some("GET, HEAD, POST, PATCH, OPTIONS")
    );
    let allowed = preflight
        .header("access-control-allow-headers")
        .unwrap_or_default();
    assert!(allowed.contains("private-token"), "{allowed}");
    let refused = send(
        client()
            .request(
                reqwest::Method::OPTIONS,
                format!("{base}/api/v1/teams/notes/1"),
            )
            .header("Origin", "https://app.example")
            .header("Access-Control-Request-Method", "DELETE"),
    )
    .await;
    assert_eq!(refused.status, 400, "a method the spec does not use");
    // An OPTIONS request that is no preflight reaches the spec's own OPTIONS endpoint.
    let own = send(client().request(
        reqwest::Method::OPTIONS,
        format!("{base}/api/v1/teams/notes/"),
    ))
    .await;
    assert_eq!(own.status, 200, "{}", own.text());
    assert_eq!(own.text(), "[\"GET\",\"POST\"]\n");
    let typed =
        restspec_tests::build_script::common_style::client::Client::new(&base).expect("a client");
    let methods = typed.notes_options().send().await.expect("answered");
    assert_eq!(methods.body, ["GET", "POST"]);

    let list = send(
        client()
            .get(format!("{base}/api/v1/teams/notes/?per_page=1"))
            .header("Origin", "https://app.example"),
    )
    .await;
    assert_eq!(list.header("access-control-allow-origin"), Some("*"));
    assert_eq!(
        list.header("access-control-expose-headers"),
        Some(
            "ETag, Link, X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, \
             X-Prev-Page, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, \
             X-RateLimit-Used, X-RateLimit-Resource, RateLimit, RateLimit-Policy"
        )
    );
}

/// The service behind the user's own tower layer, served by `serve_layered`: the layer's
/// work shows, it sees the client's address, and what `serve` keeps is kept (here the
/// address reaching the quota enforcer, which counts anonymous callers per address).
#[tokio::test]
async fn the_user_s_own_layers_wrap_the_service_and_serve_keeps_its_duties() {
    use std::sync::Arc;

    use restspec_runtime::QuotaBackend;
    use restspec_runtime::http::{HeaderValue, Request, Response};
    use restspec_runtime::quota::TokenBucketEnforcer;
    use restspec_tests::build_script::common_style::router;

    let rules = "rules:\n  - group: \"*\"\n    burst: 5\n    refill_per_second: 0.01\n";
    let mut quota = QuotaBackend::new();
    quota.register(Arc::new(
        TokenBucketEnforcer::from_yaml("quota.yaml", rules).expect("valid rules"),
    ));
    let service = CommonStyle::new();
    let app = router(
        service.clone(),
        Settings::default().quota(quota).authenticator(service),
    );
    let seen = Arc::new(std::sync::Mutex::new(None));
    let saw = seen.clone();
    let layer = tower::ServiceBuilder::new()
        .map_request(move |request: Request<_>| {
            let address = request.extensions().get::<std::net::SocketAddr>().copied();
            *saw.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = address;
            request
        })
        .map_response(|mut response: Response<_>| {
            response
                .headers_mut()
                .insert("x-layered", HeaderValue::from_static("yes"));
            response
        });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(restspec_runtime::serve_layered(listener, app, layer));
    let first = get(&base, "/api/v1/teams/notes/1", None).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("x-layered"), Some("yes"));
    let address = *seen
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    assert_eq!(
        address.map(|a| a.ip().to_string()).as_deref(),
        Some("127.0.0.1"),
        "the layer sees the client's address"
    );
    assert_eq!(first.header("ratelimit-remaining"), Some("4"));
    let second = get(&base, "/api/v1/teams/notes/1", None).await;
    assert_eq!(
        second.header("ratelimit-remaining"),
        Some("3"),
        "one budget for one address: the address reached the enforcer"
    );
}

/// Every answer carries the request's id: the one sent when it is a sensible token, a new
/// one otherwise (each another).
#[tokio::test]
async fn every_answer_carries_the_request_id() {
    let base = start().await;
    let sent = get(
        &base,
        "/api/v1/teams/notes/1",
        Some(("X-Request-Id", "req-42")),
    )
    .await;
    assert_eq!(sent.header("x-request-id"), Some("req-42"));
    let first = get(&base, "/api/v1/nothing", None).await;
    let second = get(
        &base,
        "/api/v1/teams/notes/1",
        Some(("X-Request-Id", "bad id")),
    )
    .await;
    let (a, b) = (first.header("x-request-id"), second.header("x-request-id"));
    assert!(a.is_some_and(|id| id.len() == 26), "{a:?}");
    assert!(
        b.is_some_and(|id| id.len() == 26 && id != "bad id"),
        "{b:?}"
    );
    assert_ne!(a, b);
}

/// With `gzip_errors: false`, a large error goes out as it is to a client that accepts
/// gzip, while a large answer is still gzipped.
#[tokio::test]
async fn errors_are_never_gzipped_when_the_spec_says_so() {
    let base = start().await;
    let long = "9".repeat(300);
    let error = send(
        client()
            .get(format!("{base}/api/v1/teams/notes/{long}"))
            .header("Accept-Encoding", "gzip"),
    )
    .await;
    assert_eq!(error.status, 404);
    assert!(
        error.body.len() > 256,
        "large enough to be gzipped otherwise"
    );
    assert_eq!(error.header("content-encoding"), None);
    let body: serde_json::Value = serde_json::from_slice(&error.body).expect("plain JSON");
    assert_eq!(body["status"], 404);
}

#[tokio::test]
async fn errors_are_json_of_the_spec_s_own_shape() {
    let base = start().await;
    let missing = get(&base, "/api/v1/teams/notes/9", None).await;
    assert_eq!(missing.status, 404);
    // Spelled as the spec's `json_content_type` says, errors as answers.
    assert_eq!(missing.header("content-type"), Some("application/json"));
    // Members in the order `error_body` writes them.
    assert_eq!(
        missing.text(),
        r#"{"message":"404 Not found: 9","status":404,"documentation_url":"https://docs.example/errors#not_found","param":null}"#
    );
    // A handler's message, with characters JSON must escape.
    let quoted = get(&base, "/api/v1/teams/notes/%22x%22", None).await;
    assert_eq!(quoted.status, 404);
    let body: serde_json::Value = serde_json::from_slice(&quoted.body).expect("a JSON body");
    assert_eq!(body["message"], "404 Not found: \"x\"");
    // The runtime's own refusals take the same shape, in the spec's words where it gives
    // some (`messages`), around the runtime's own text where the wording asks for it.
    let anonymous = get(&base, "/api/v1/user", None).await;
    let body: serde_json::Value = serde_json::from_slice(&anonymous.body).expect("a JSON body");
    assert_eq!(body["status"], 401);
    assert_eq!(body["message"], "401 Unauthorized");
    assert_eq!(
        body["documentation_url"],
        "https://docs.example/errors#unauthorized"
    );
    let broken = send(
        client()
            .patch(format!("{base}/api/v1/teams/notes/1"))
            .bearer_auth(TOKEN)
            .header("Content-Type", "application/json")
            .body("{"),
    )
    .await;
    let body: serde_json::Value = serde_json::from_slice(&broken.body).expect("a JSON body");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("400 (Bad request) "), "{message}");
    assert!(
        message.len() > "400 (Bad request) ".len(),
        "the detail follows: {message}"
    );
}

#[tokio::test]
async fn the_typed_client_sends_its_token_where_the_spec_says_and_reads_json_errors() {
    use restspec_runtime::client::{ClientConfig, ClientError};
    use restspec_tests::build_script::common_style::{Error, client::Client};
    let base = start().await;
    let client = Client::with_config(ClientConfig::new(&base).token(TOKEN)).expect("a client");
    let user = client.get_user().await.expect("the token is accepted");
    assert_eq!(user.login, "alice");
    let wrong = Client::with_config(ClientConfig::new(&base).token("wrong")).expect("a client");
    match wrong.get_user().await {
        Err(ClientError::Api(failure)) => {
            assert_eq!(failure.status, 401);
            assert!(
                matches!(failure.error, Some(Error::Unauthorized(ref m)) if m == "401 Unauthorized"),
                "{failure:?}"
            );
        }
        other => panic!("expected a 401, got {other:?}"),
    }
}

/// A number path parameter below its `minimum` names nothing: the runtime answers 404
/// naming the parameter before the handler runs (a missing note is the handler's 404).
#[tokio::test]
async fn a_path_parameter_below_its_minimum_names_nothing() {
    let base = start().await;
    let below = get(&base, "/api/v1/teams/notes/0", None).await;
    let missing = get(&base, "/api/v1/teams/notes/9", None).await;
    assert_eq!((below.status, missing.status), (404, 404));
    let names_it = |answer: &Answer| answer.text().contains(r#""param":"note-id""#);
    assert!(
        below.text().contains("note-id 0") && names_it(&below),
        "{}",
        below.text()
    );
    assert!(!names_it(&missing), "{}", missing.text());
}
