//! What handlers answer besides a plain value: shared records, headers of their own, and
//! what they read of the request through their context.

use restspec_runtime::Settings;
use restspec_runtime::http::{Request, StatusCode};
use restspec_tests::support::{RequestTag, TestService};
use tower::ServiceExt;

use super::{client, send, server};

#[tokio::test]
async fn a_custom_reply_carries_its_headers() {
    let s = server().await;
    let a = send(
        client()
            .put(s.url("/a/things/new"))
            .basic_auth("alice", Some("alice-pw"))
            .header("Content-Type", "application/json")
            .body("{}"),
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.text());
    assert_eq!(a.header("location"), Some("/things/new"));
    assert!(a.text().contains("\"name\": \"new\""), "{}", a.text());
}

#[tokio::test]
async fn a_shared_record_is_answered_like_an_owned_one() {
    let s = server().await;
    let a = send(client().get(s.url("/things/x?pp=0"))).await;
    assert_eq!(a.status, 200);
    assert_eq!(
        a.text(),
        ")]}'\n{\"name\":\"x\",\"created\":\"2018-08-10 07:25:43.749000123\"}\n"
    );
}

#[tokio::test]
async fn handlers_see_the_remote_address_and_request_headers() {
    let s = server().await;
    let a = send(
        client()
            .get(s.url("/things/x/request?pp=0"))
            .header("User-Agent", "replies-test/1"),
    )
    .await;
    assert_eq!(a.status, 200);
    assert_eq!(
        a.text(),
        ")]}'\n{\"remote_addr\":\"127.0.0.1\",\"user_agent\":\"replies-test/1\"}\n"
    );
}

#[tokio::test]
async fn handlers_see_extensions_set_by_the_services_own_layers() {
    let service = TestService::with_things(&["x"]);
    let app = restspec_tests::build_script::conventions::router(
        service.clone(),
        Settings::default().authenticator(service),
    );
    let mut request = Request::get("/things/x/request?pp=0")
        .body(http_body_util::Empty::<bytes::Bytes>::new())
        .expect("a request");
    request
        .extensions_mut()
        .insert(RequestTag("set by a layer".to_owned()));
    let response = app.oneshot(request).await.expect("infallible");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.body().bytes(),
        b")]}'\n{\"tag\":\"set by a layer\"}\n"
    );
}

#[tokio::test]
async fn a_handler_may_choose_a_success_status_its_spec_lists() {
    let s = server().await;
    let touch = |status: u16| {
        send(
            client()
                .post(s.url("/a/things/x/touch?pp=0"))
                .basic_auth("alice", Some("alice-pw"))
                .header("Content-Type", "application/json")
                .body(format!("{{\"status\":{status}}}")),
        )
    };
    let a = touch(200).await;
    assert_eq!(a.status, 200);
    assert!(
        a.text().starts_with(")]}'\n{\"name\":\"x\""),
        "{}",
        a.text()
    );
    let a = touch(201).await;
    assert_eq!(a.status, 201);
    assert!(
        a.text().starts_with(")]}'\n{\"name\":\"x\""),
        "{}",
        a.text()
    );
    let a = touch(204).await;
    assert_eq!((a.status, a.body.len()), (204, 0));
    // A 3xx answer (a conditional request's `304 Not Modified`) carries no body either.
    let a = touch(304).await;
    assert_eq!((a.status, a.body.len()), (304, 0), "{}", a.text());
    // 202 is not among the endpoint's successes: the service's mistake, so 500.
    let a = touch(202).await;
    assert_eq!(
        (a.status, a.text()),
        (500, "Internal server error\n".to_owned())
    );
}
