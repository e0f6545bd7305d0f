//! The generated service, the hand-written axum service and the bare-hyper floor answer
//! the benchmark's requests, and their error neighbours, with the same status, headers and
//! body bytes, and make the same quota call: otherwise the benchmark would compare
//! different work.

use std::convert::Infallible;

use axum::body::Body;
use bytes::Bytes;
use http::Request;
use http_body_util::BodyExt;
use restspec_benches::Fixture;
use restspec_benches::floor::Floor;
use restspec_benches::quota::QuotaCall;
use restspec_benches::{floor, generated, handwritten};
use tower::ServiceExt;

/// `admin:secret`.
const ADMIN: &str = "Basic YWRtaW46c2VjcmV0";
/// `admin:wrong`.
const WRONG_PASSWORD: &str = "Basic YWRtaW46d3Jvbmc=";

struct Case {
    name: &'static str,
    path: &'static str,
    headers: &'static [(&'static str, &'static str)],
    status: u16,
}

const CASES: &[Case] = &[
    Case {
        name: "the account benchmark request",
        path: "/a/accounts/self/detail",
        headers: &[("authorization", ADMIN), ("x-service-trace", "bench-1")],
        status: 200,
    },
    Case {
        name: "the change benchmark request",
        path: "/changes/1/revisions/1/detail?pp=0",
        headers: &[],
        status: 200,
    },
    Case {
        name: "an account by user name, compact by Accept",
        path: "/a/accounts/admin/detail",
        headers: &[("authorization", ADMIN), ("accept", "application/json")],
        status: 200,
    },
    Case {
        name: "an account by id, anonymous, pp=1",
        path: "/accounts/1000000/detail?pp=1",
        headers: &[("accept", "application/json")],
        status: 200,
    },
    Case {
        name: "the change, pretty, authenticated, by project~number and current revision",
        path: "/a/changes/demo~1/revisions/current/detail",
        headers: &[("authorization", ADMIN)],
        status: 200,
    },
    Case {
        name: "the change by Change-Id and commit prefix",
        path: "/changes/I8473b95934b5732ac55d26311a706c9c2bde9940/revisions/b3c2a5f1/detail?pp=0",
        headers: &[],
        status: 200,
    },
    Case {
        name: "the change, gzipped",
        path: "/changes/1/revisions/1/detail?pp=0",
        headers: &[("accept-encoding", "gzip")],
        status: 200,
    },
    Case {
        name: "the change, traced by parameter and header",
        path: "/changes/1/revisions/2/detail?trace=t-2&pp=0",
        headers: &[("x-service-trace", "t-1")],
        status: 200,
    },
    Case {
        name: "no credentials",
        path: "/a/accounts/self/detail",
        headers: &[("x-service-trace", "bench-1")],
        status: 401,
    },
    Case {
        name: "a wrong password",
        path: "/a/accounts/self/detail",
        headers: &[("authorization", WRONG_PASSWORD)],
        status: 401,
    },
    Case {
        name: "another scheme",
        path: "/a/changes/1/revisions/1/detail",
        headers: &[("authorization", "Bearer YWRtaW46c2VjcmV0")],
        status: 401,
    },
    Case {
        name: "self, anonymous",
        path: "/accounts/self/detail",
        headers: &[],
        status: 403,
    },
    Case {
        name: "an unknown change",
        path: "/changes/2/revisions/1/detail?pp=0",
        headers: &[("x-service-trace", "bench-1")],
        status: 404,
    },
    Case {
        name: "an unknown account",
        path: "/a/accounts/nobody/detail",
        headers: &[("authorization", ADMIN)],
        status: 404,
    },
    Case {
        name: "an unknown revision",
        path: "/changes/1/revisions/9/detail",
        headers: &[],
        status: 404,
    },
    Case {
        name: "an unknown option",
        path: "/changes/1/revisions/1/detail?o=MESSAGES",
        headers: &[],
        status: 400,
    },
    Case {
        name: "an unknown path",
        path: "/changes/1/nothing",
        headers: &[],
        status: 404,
    },
];

#[derive(Debug, PartialEq, Eq)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Bytes,
}

fn request(case: &Case) -> Request<Body> {
    let mut request = Request::get(case.path);
    for (name, value) in case.headers {
        request = request.header(*name, *value);
    }
    request.body(Body::empty()).unwrap()
}

async fn ask<S, B>(router: &S, case: &Case) -> Answer
where
    S: tower::Service<Request<Body>, Response = http::Response<B>, Error = Infallible> + Clone,
    B: http_body::Body<Data = Bytes, Error: std::fmt::Debug>,
{
    read(router.clone().oneshot(request(case)).await.unwrap()).await
}

async fn ask_floor(floor: &Floor, case: &Case) -> Answer {
    read(floor.answer(&request(case))).await
}

async fn read<B>(response: http::Response<B>) -> Answer
where
    B: http_body::Body<Data = Bytes, Error: std::fmt::Debug>,
{
    let status = response.status().as_u16();
    // Content-Length is left out: axum sets it on what its routes answer, but the generated
    // service answers 401 before routing, and on the wire hyper sets it for both alike.
    let content_length = response.headers().get("content-length").cloned();
    let mut headers: Vec<(String, String)> = response
        .headers()
        .iter()
        .filter(|(k, _)| *k != "content-length")
        .map(|(k, v)| (k.to_string(), v.to_str().unwrap().to_owned()))
        .collect();
    headers.sort();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    if let Some(length) = content_length {
        assert_eq!(length.to_str().unwrap(), body.len().to_string());
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn header<'a>(answer: &'a Answer, name: &str) -> Option<&'a str> {
    answer
        .headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn all_three_services_answer_byte_for_byte_alike() {
    let generated_fixture = Fixture::recording();
    let handwritten_fixture = Fixture::recording();
    let floor_fixture = Fixture::recording();
    let generated = generated::service(&generated_fixture);
    let handwritten = handwritten::service(&handwritten_fixture);
    let floor = Floor::new(&floor_fixture);
    for case in CASES {
        let expected = ask(&generated, case).await;
        assert_eq!(expected.status, case.status, "{}: {expected:?}", case.name);
        let calls: Vec<QuotaCall> = generated_fixture.enforcer.take_calls();
        if case.status == 200 {
            assert_eq!(calls.len(), 1, "{}: one quota call", case.name);
        }
        for (label, actual, fixture) in [
            (
                "hand-written",
                ask(&handwritten, case).await,
                &handwritten_fixture,
            ),
            ("floor", ask_floor(&floor, case).await, &floor_fixture),
        ] {
            assert_eq!(
                actual,
                expected,
                "{}: {label} (left) and generated (right) differ\n{}\n{}",
                case.name,
                String::from_utf8_lossy(&actual.body),
                String::from_utf8_lossy(&expected.body)
            );
            assert_eq!(
                fixture.enforcer.take_calls(),
                calls,
                "{}: {label}: quota calls differ",
                case.name
            );
        }
    }
}

/// Over TCP, each served as `bench-server` serves it (the runtime's serve function, the
/// floor's own accept loop), the floor answers the two benchmark requests and a 401 as the
/// generated service does, Date aside; Content-Length is on both.
#[tokio::test]
async fn the_floor_answers_alike_over_tcp() {
    async fn listen() -> (tokio::net::TcpListener, String) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        (listener, url)
    }
    let fixture = Fixture::new();
    let (generated_listener, generated_url) = listen().await;
    let (floor_listener, floor_url) = listen().await;
    let service = generated::service(&fixture);
    tokio::spawn(restspec_runtime::serve_until(
        generated_listener,
        service,
        std::future::pending(),
    ));
    let floor_fixture = fixture.clone();
    tokio::spawn(async move {
        floor::serve(floor_listener, &floor_fixture, std::future::pending()).await
    });
    let client = reqwest::Client::new();
    let fetch = |url: String, case: &'static Case| {
        let mut request = client.get(format!("{url}{}", case.path));
        for (name, value) in case.headers {
            request = request.header(*name, *value);
        }
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            let mut headers: Vec<(String, String)> = response
                .headers()
                .iter()
                .filter(|(k, _)| *k != "date")
                .map(|(k, v)| (k.to_string(), v.to_str().unwrap().to_owned()))
                .collect();
            headers.sort();
            let body = response.bytes().await.unwrap();
            Answer {
                status,
                headers,
                body,
            }
        }
    };
    for case in [&CASES[0], &CASES[1], &CASES[8]] {
        let expected = fetch(generated_url.clone(), case).await;
        let actual = fetch(floor_url.clone(), case).await;
        assert_eq!(expected.status, case.status, "{}", case.name);
        assert!(header(&actual, "content-length").is_some(), "{}", case.name);
        assert_eq!(
            actual, expected,
            "{}: floor (left) and generated (right)",
            case.name
        );
    }
}

#[tokio::test]
async fn the_benchmark_requests_are_what_the_readme_says() {
    let fixture = Fixture::recording();
    let service = generated::service(&fixture);

    let account = ask(&service, &CASES[0]).await;
    assert_eq!(
        header(&account, "content-type"),
        Some("application/json; charset=UTF-8")
    );
    assert_eq!(header(&account, "x-service-trace"), Some("bench-1"));
    // The generated service's defaults: the four browser-hardening headers.
    assert_eq!(header(&account, "x-content-type-options"), Some("nosniff"));
    assert_eq!(
        header(&account, "content-security-policy"),
        Some("default-src 'none'; sandbox")
    );
    assert!(
        account
            .body
            .starts_with(b")]}'\n{\n  \"_account_id\": 1000000,")
    );
    assert_eq!(
        fixture.enforcer.take_calls(),
        [QuotaCall {
            group: "/restapi/accounts/detail:GET".into(),
            user: Some("admin".into()),
            resource: vec![("Account.Id".into(), "1000000".into())],
            tokens: 1,
        }]
    );

    let change = ask(&service, &CASES[1]).await;
    assert!(change.body.starts_with(b")]}'\n{\"id\":\"demo~1\""));
    assert!(
        (2000..=2300).contains(&change.body.len()),
        "about 2.1 KB of compact JSON: {} bytes",
        change.body.len()
    );
    assert_eq!(
        fixture.enforcer.take_calls(),
        [QuotaCall {
            group: "/restapi/changes/revisions/detail:GET".into(),
            user: None,
            resource: vec![
                ("Change.Id".into(), "1".into()),
                ("Project.NameKey".into(), "demo".into()),
            ],
            tokens: 1,
        }]
    );

    let refused = ask(&service, &CASES[8]).await;
    assert_eq!(
        header(&refused, "www-authenticate"),
        Some(format!("Basic realm=\"{}\"", restspec_benches::fixtures::REALM).as_str())
    );
    assert_eq!(&refused.body[..], b"Unauthorized\n");

    let gzipped = ask(&service, &CASES[6]).await;
    assert_eq!(header(&gzipped, "content-encoding"), Some("gzip"));
}
