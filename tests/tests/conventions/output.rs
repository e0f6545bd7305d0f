//! Protocol 4.3: JSON with the magic prefix line, pretty by default, compact on request;
//! timestamps as `yyyy-mm-dd hh:mm:ss.fffffffff`; plaintext error bodies.

use super::{client, send, server};

const PRETTY: &str =
    ")]}'\n{\n  \"name\": \"x\",\n  \"created\": \"2018-08-10 07:25:43.749000123\"\n}\n";
const COMPACT: &str = ")]}'\n{\"name\":\"x\",\"created\":\"2018-08-10 07:25:43.749000123\"}\n";

#[tokio::test]
async fn json_is_pretty_by_default_with_the_prefix_line() {
    let s = server().await;
    let a = send(client().get(s.url("/things/x"))).await;
    assert_eq!(a.status, 200);
    assert_eq!(
        a.header("content-type"),
        Some("application/json; charset=UTF-8")
    );
    assert_eq!(a.text(), PRETTY);
}

#[tokio::test]
async fn pp_0_and_accept_application_json_ask_for_compact() {
    let s = server().await;
    let a = send(client().get(s.url("/things/x?pp=0"))).await;
    assert_eq!(a.text(), COMPACT);
    let a = send(
        client()
            .get(s.url("/things/x"))
            .header("Accept", "text/html, application/json;q=0.9"),
    )
    .await;
    assert_eq!(a.text(), COMPACT);
    let a = send(client().get(s.url("/things/x")).header("Accept", "*/*")).await;
    assert_eq!(
        a.text(),
        PRETTY,
        "a wildcard does not name application/json"
    );
}

#[tokio::test]
async fn pp_1_forces_pretty_even_with_accept() {
    let s = server().await;
    let a = send(
        client()
            .get(s.url("/things/x?pp=1"))
            .header("Accept", "application/json"),
    )
    .await;
    assert_eq!(a.text(), PRETTY);
}

#[tokio::test]
async fn strings_and_maps_are_json_values_too() {
    let s = server().await;
    let a = send(client().get(s.url("/things/?pp=0"))).await;
    assert_eq!(a.status, 200);
    assert!(
        a.text().starts_with(")]}'\n{\"a/b\":{\"name\":\"a/b\""),
        "{}",
        a.text()
    );
    let a = send(
        client()
            .post(s.url("/a/things/x/description?pp=0"))
            .basic_auth("alice", Some("alice-pw"))
            .json(&serde_json::json!({ "description": "a \"quoted\" word" })),
    )
    .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.text(), ")]}'\n\"a \\\"quoted\\\" word\"\n");
}

#[tokio::test]
async fn errors_are_plaintext_with_a_trailing_newline() {
    let s = server().await;
    let a = send(client().get(s.url("/things/missing"))).await;
    assert_eq!(a.status, 404);
    assert_eq!(a.header("content-type"), Some("text/plain; charset=UTF-8"));
    assert_eq!(a.text(), "No such thing: missing\n");
}

#[tokio::test]
async fn no_content_answers_have_no_body_and_no_prefix() {
    let s = server().await;
    let a = send(
        client()
            .delete(s.url("/a/things/x"))
            .basic_auth("alice", Some("alice-pw")),
    )
    .await;
    assert_eq!(a.status, 204);
    assert!(a.body.is_empty());
    assert_eq!(a.header("content-type"), None);
}
