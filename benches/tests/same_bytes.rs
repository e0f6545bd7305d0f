//! The generated and the hand-written service answer the benchmark's requests, and their
//! error neighbours, with the same status, headers and body bytes, and make the same quota
//! call: otherwise the benchmark would compare different work.

use std::convert::Infallible;

use axum::body::Body;
use bytes::Bytes;
use http::Request;
use http_body_util::BodyExt;
use restspec_benches::Fixture;
use restspec_benches::quota::QuotaCall;
use restspec_benches::{generated, handwritten};
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

async fn ask<S, B>(router: &S, case: &Case) -> Answer
where
    S: tower::Service<Request<Body>, Response = http::Response<B>, Error = Infallible> + Clone,
    B: http_body::Body<Data = Bytes, Error: std::fmt::Debug>,
{
    let mut request = Request::get(case.path);
    for (name, value) in case.headers {
        request = request.header(*name, *value);
    }
    let response = router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
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
async fn both_services_answer_byte_for_byte_alike() {
    let generated_fixture = Fixture::recording();
    let handwritten_fixture = Fixture::recording();
    let generated = generated::service(&generated_fixture);
    let handwritten = handwritten::service(&handwritten_fixture);
    for case in CASES {
        let expected = ask(&generated, case).await;
        let actual = ask(&handwritten, case).await;
        assert_eq!(expected.status, case.status, "{}: {expected:?}", case.name);
        assert_eq!(
            actual,
            expected,
            "{}: hand-written (left) and generated (right) differ\n{}\n{}",
            case.name,
            String::from_utf8_lossy(&actual.body),
            String::from_utf8_lossy(&expected.body)
        );
        let calls: Vec<QuotaCall> = generated_fixture.enforcer.take_calls();
        assert_eq!(
            handwritten_fixture.enforcer.take_calls(),
            calls,
            "{}: quota calls differ",
            case.name
        );
        if case.status == 200 {
            assert_eq!(calls.len(), 1, "{}: one quota call", case.name);
        }
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
