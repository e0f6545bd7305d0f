//! Protocol 7: one mapping from conditions to the status table; a panicking handler is a
//! 500 and the server keeps serving.

use super::{client, send, server};

#[tokio::test]
async fn a_panicking_handler_is_a_500_and_the_server_keeps_serving() {
    let s = server().await;
    for _ in 0..3 {
        let a = send(client().get(s.url("/things/x/explode"))).await;
        assert_eq!(a.status, 500);
        assert_eq!(a.text(), "Internal server error\n");
    }
    let a = send(client().get(s.url("/things/x?pp=0"))).await;
    assert_eq!(a.status, 200);
}

/// The runtime's 404 for a thing the URL names and a handler's `Error::not_found_for` say
/// the same, in the words of the status table's `message_for`.
#[tokio::test]
async fn a_missing_thing_is_worded_alike_by_the_runtime_and_by_handlers() {
    use restspec_tests::build_script::conventions::Error;
    let s = server().await;
    let a = send(client().get(s.url("/things/ghost"))).await;
    assert_eq!(
        (a.status, a.text()),
        (404, "No such thing: ghost\n".to_owned())
    );
    let handler = restspec_runtime::ApiError::from(Error::not_found_for("ghost"));
    assert_eq!(handler.message(), Some("No such thing: ghost"));
    // Naming nothing, the table's own message.
    assert_eq!(Error::not_found(), Error::NotFound("Not Found".into()));
}

#[tokio::test]
async fn unknown_paths_are_404_from_the_table() {
    let s = server().await;
    let a = send(client().get(s.url("/nothing/here"))).await;
    assert_eq!((a.status, a.text()), (404, "Not Found\n".to_owned()));
    let a = send(client().get(s.url("/things/x/nothing"))).await;
    assert_eq!(a.status, 404);
}

#[tokio::test]
async fn an_unsupported_method_on_an_existing_path_is_405_with_allow() {
    let s = server().await;
    let a = send(client().patch(s.url("/things/x"))).await;
    assert_eq!(a.status, 405);
    assert_eq!(a.text(), "Method Not Allowed\n");
    let allow = a.header("allow").expect("an Allow header");
    for method in ["GET", "PUT", "DELETE"] {
        assert!(allow.contains(method), "{allow}");
    }
    assert!(!allow.contains("PATCH"));
}

#[tokio::test]
async fn handler_errors_keep_their_status_and_message() {
    let s = server().await;
    let a = send(
        client()
            .put(s.url("/a/things/x"))
            .basic_auth("alice", Some("alice-pw"))
            .json(&serde_json::json!({})),
    )
    .await;
    assert_eq!(
        (a.status, a.text()),
        (409, "Thing \"x\" already exists\n".to_owned())
    );
}
