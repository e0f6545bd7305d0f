//! `fixtures/payments`: form-encoded bodies read into the same types as JSON (bracket
//! notation for maps and lists, values typed by the declared field), times as Unix
//! seconds, and the typed client sending forms where the spec prefers them.

use restspec_tests::payments::Payments;

use super::{client, send};

async fn start() -> String {
    Payments::new()
        .serve()
        .await
        .expect("a loopback server starts")
}

fn json(answer: &super::Answer) -> serde_json::Value {
    serde_json::from_slice(&answer.body).expect("a JSON body")
}

#[tokio::test]
async fn a_form_body_is_read_into_the_request_type_with_brackets_and_typed_values() {
    let base = start().await;
    let form = "email=ada%40example.com&balance=250&tax_exempt=true\
                &metadata[plan]=pro&metadata%5Bseats%5D=3&expand[]=invoice&expand[]=tax";
    let created = send(
        client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(form),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.text());
    let body = json(&created);
    assert_eq!(body["email"], "ada@example.com");
    assert_eq!(body["balance"], 250, "a number, as the field is declared");
    assert_eq!(body["tax_exempt"], true);
    assert_eq!(
        body["metadata"],
        serde_json::json!({ "plan": "pro", "seats": "3" })
    );
    assert_eq!(body["expand"], serde_json::json!(["invoice", "tax"]));
    assert!(body["created"].is_i64(), "a Unix time: {}", body["created"]);

    let as_json = send(
        client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "application/json")
            .body(r#"{"email":"b@example.com","balance":1}"#),
    )
    .await;
    assert_eq!(as_json.status, 200, "JSON is read too: {}", as_json.text());

    let wrong = send(
        client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("balance=lots"),
    )
    .await;
    assert_eq!(wrong.status, 400);
    assert_eq!(json(&wrong)["error"]["type"], "invalid_request_error");
}

#[tokio::test]
async fn the_typed_client_sends_a_form_and_reads_unix_times() {
    use restspec_tests::build_script::payments::client::Client;
    use restspec_tests::build_script::payments::types::CustomerCreate;
    let base = start().await;
    let client = Client::new(&base).expect("a client");
    let created = client
        .create_customer(&CustomerCreate {
            email: Some("c@example.com".to_owned()),
            balance: Some(7),
            tax_exempt: None,
            metadata: Some([("plan".to_owned(), "team".to_owned())].into()),
            expand: Some(vec!["invoice".to_owned()]),
        })
        .await
        .expect("created");
    assert_eq!(
        (created.balance, created.metadata["plan"].as_str()),
        (7, "team")
    );
    assert_eq!(created.expand, ["invoice"]);
    let first = client
        .get_customer("cus_1")
        .await
        .expect("the first customer");
    assert_eq!(first.created.as_unix_seconds(), 1_735_689_600);
}

/// An idempotency key: a retry with the same key and body gets the first answer again
/// (one customer made, not two), another body with that key is the spec's error, and
/// requests without a key are their own.
#[tokio::test]
async fn an_idempotency_key_replays_the_first_answer_and_refuses_another_request() {
    let base = start().await;
    let create = |key: Option<&str>, body: &'static str| {
        let mut request = client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        send(request)
    };
    let first = create(Some("k-1"), "email=one%40example.com").await;
    assert_eq!(first.status, 200, "{}", first.text());
    assert_eq!(first.header("idempotent-replayed"), None);
    let again = create(Some("k-1"), "email=one%40example.com").await;
    assert_eq!(again.status, 200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(
        json(&again)["id"],
        json(&first)["id"],
        "the same customer, once"
    );
    let other = create(Some("k-1"), "email=two%40example.com").await;
    assert_eq!(other.status, 400, "{}", other.text());
    assert_eq!(json(&other)["error"]["type"], "idempotency_error");
    let unkeyed = create(None, "email=one%40example.com").await;
    assert_ne!(
        json(&unkeyed)["id"],
        json(&first)["id"],
        "no key: a new customer"
    );
}

/// A path parameter with a `pattern`: what does not match names nothing (404 naming the
/// parameter), before the resolver or the handler is asked.
#[tokio::test]
async fn a_parameter_that_does_not_match_its_pattern_names_nothing() {
    let base = start().await;
    let found = send(client().get(format!("{base}/v1/customers/cus_1"))).await;
    assert_eq!(found.status, 200, "{}", found.text());
    let other = send(client().get(format!("{base}/v1/customers/acct_1"))).await;
    assert_eq!(other.status, 404);
    assert_eq!(json(&other)["error"]["param"], "customer");
}

/// Ids the service makes begin with the spec's prefix (`req_`); an id the client sent is
/// answered as it is, on errors too.
#[tokio::test]
async fn request_ids_carry_the_spec_prefix() {
    let base = start().await;
    let found = send(client().get(format!("{base}/v1/customers/cus_1"))).await;
    assert_eq!(found.status, 200);
    let id = found.header("request-id").unwrap_or_default().to_owned();
    assert!(id.starts_with("req_") && id.len() > 10, "{id}");
    let missing = send(client().get(format!("{base}/v1/customers/cus_9"))).await;
    assert_eq!(missing.status, 404);
    let other = missing.header("request-id").unwrap_or_default();
    assert!(
        other.starts_with("req_") && other != id,
        "{other} after {id}"
    );
    let sent = send(
        client()
            .get(format!("{base}/v1/customers/cus_1"))
            .header("Request-Id", "from-the-proxy"),
    )
    .await;
    assert_eq!(sent.header("request-id"), Some("from-the-proxy"));
}

/// The API version a client pins is answered back and read by the handler; a request
/// naming none (or nothing sensible) is served under the spec's default, which its
/// answer names. Errors answer it too.
#[tokio::test]
async fn the_api_version_is_echoed_and_read_by_handlers() {
    let service = Payments::new();
    let base = service
        .clone()
        .serve()
        .await
        .expect("a loopback server starts");
    let url = format!("{base}/v1/customers/cus_1");
    let pinned = send(client().get(&url).header("Stripe-Version", "2020-08-27")).await;
    assert_eq!(pinned.status, 200);
    assert_eq!(pinned.header("stripe-version"), Some("2020-08-27"));
    let default = send(client().get(&url)).await;
    assert_eq!(default.header("stripe-version"), Some("2024-06-20"));
    let empty = send(client().get(&url).header("Stripe-Version", "")).await;
    assert_eq!(empty.header("stripe-version"), Some("2024-06-20"));
    let created = send(
        client()
            .post(format!("{base}/v1/customers"))
            .header("Stripe-Version", "2023-10-16")
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("email=v%40example.com"),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.text());
    assert_eq!(created.header("stripe-version"), Some("2023-10-16"));
    assert_eq!(
        service.versions(),
        ["2020-08-27", "2024-06-20", "2024-06-20", "2023-10-16"],
        "what each handler read is what its answer named"
    );
    let refused = send(
        client()
            .get(format!("{base}/v1/customers/cus_9"))
            .header("Stripe-Version", "2020-08-27"),
    )
    .await;
    assert_eq!(
        (refused.status, refused.header("stripe-version")),
        (404, Some("2020-08-27"))
    );
}
