//! Request bodies that may be missing and bodies that must not be, on
//! `fixtures/offset_lists` (`empty_request_body: refuse`): a request without a body is a
//! 400 saying so, even where `{}` would do; an endpoint whose body is `request_optional`
//! gets `None` without one; the typed client sends a body or none. An endpoint reading
//! forms (`request_bodies: form`) in a service reading JSON refuses JSON, and
//! the typed client sends it a form.

use restspec_tests::offset_lists::OffsetLists;

use super::{client, send};

#[tokio::test]
async fn a_missing_body_is_refused_unless_the_endpoint_says_it_may_be() {
    let base = OffsetLists::new(3).serve().await.expect("a server");
    let post = |path: &str, body: &'static str| {
        let request = client().post(format!("{base}{path}"));
        if body.is_empty() {
            request
        } else {
            request
                .header("Content-Type", "application/json")
                .body(body)
        }
    };
    let missing = send(post("/changes/", "")).await;
    assert_eq!(missing.status, 400, "{}", missing.text());
    assert_eq!(missing.text(), "the request body is missing\n");
    let empty_object = send(post("/changes/", "{}")).await;
    assert_eq!(empty_object.status, 201, "{}", empty_object.text());
    assert!(empty_object.text().contains("\"subject\":\"untitled\""));

    let without = send(post("/changes/review", "")).await;
    assert_eq!(without.status, 200, "{}", without.text());
    assert_eq!(without.text(), "\"reviewed without a message\"\n");
    let with = send(post("/changes/review", r#"{"message":"looks good"}"#)).await;
    assert_eq!(with.text(), "\"looks good\"\n");
    let incomplete = send(post("/changes/review", "{}")).await;
    assert_eq!(incomplete.status, 400, "a body, when sent, is read in full");

    // A body that may be `null`, but not left out.
    let null = send(post("/changes/reopen", " null\n")).await;
    assert_eq!(null.status, 200, "{}", null.text());
    assert_eq!(null.text(), "\"reopened without a message\"\n");
    let with = send(post("/changes/reopen", r#"{"message":"again"}"#)).await;
    assert_eq!(with.text(), "\"again\"\n");
    let without = send(post("/changes/reopen", "")).await;
    assert_eq!(without.status, 400, "read as {{}}, which lacks the message");
    let null = send(post("/changes/review", "null")).await;
    assert_eq!(null.status, 400, "an optional body is no nullable one");
}

#[tokio::test]
async fn the_typed_client_sends_an_optional_body_or_none() {
    use restspec_tests::build_script::offset_lists::client::Client;
    use restspec_tests::build_script::offset_lists::types::ReviewInput;
    let base = OffsetLists::new(3).serve().await.expect("a server");
    let client = Client::new(&base).expect("a client");
    let none = client.review_changes(None).await.expect("an answer");
    assert_eq!(none, "reviewed without a message");
    let input = ReviewInput {
        message: "ship it".to_owned(),
    };
    let some = client
        .review_changes(Some(&input))
        .await
        .expect("an answer");
    assert_eq!(some, "ship it");
    // `None` is a body of `null` where the body may be `null`.
    let null = client.reopen_changes(None).await.expect("an answer");
    assert_eq!(null, "reopened without a message");
    let some = client
        .reopen_changes(Some(&input))
        .await
        .expect("an answer");
    assert_eq!(some, "ship it");
}

#[tokio::test]
async fn an_endpoint_reads_the_media_types_it_names_not_the_services() {
    use restspec_tests::build_script::offset_lists::client::Client;
    use restspec_tests::build_script::offset_lists::types::ReviewInput;
    let base = OffsetLists::new(3).serve().await.expect("a server");
    let post = |content_type: &'static str, body: &'static str| {
        client()
            .post(format!("{base}/changes/comment"))
            .header("Content-Type", content_type)
            .body(body)
    };
    let form = send(post("application/x-www-form-urlencoded", "message=a+note")).await;
    assert_eq!(form.status, 200, "{}", form.text());
    assert_eq!(form.text(), "\"a note\"\n");
    let json = send(post("application/json", r#"{"message":"a note"}"#)).await;
    // `wrong_content_type` is a 400 in this service's status table.
    assert_eq!(json.status, 400, "{}", json.text());
    assert_eq!(
        json.text(),
        "Expected Content-Type: application/x-www-form-urlencoded\n"
    );
    // The service's other endpoints read JSON, not forms.
    let elsewhere = client()
        .post(format!("{base}/changes/review"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("message=a+note");
    let elsewhere = send(elsewhere).await;
    assert_eq!(
        elsewhere.text(),
        "Expected Content-Type: application/json\n"
    );

    let client = Client::new(&base).expect("a client");
    let input = ReviewInput {
        message: "sent as a form".to_owned(),
    };
    let answer = client.comment_changes(&input).await.expect("an answer");
    assert_eq!(answer, "sent as a form");

    // OpenAPI lists the media types each endpoint reads.
    let document: serde_json::Value =
        serde_json::from_str(restspec_tests::build_script::offset_lists::OPENAPI).expect("JSON");
    let media = |path: &str| -> Vec<String> {
        document["paths"][path]["post"]["requestBody"]["content"]
            .as_object()
            .expect("a body")
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(
        media("/changes/comment"),
        ["application/x-www-form-urlencoded"]
    );
    assert_eq!(media("/changes/review"), ["application/json"]);
}
