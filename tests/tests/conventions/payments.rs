//! `fixtures/payments`: form-encoded bodies read into the same types as JSON (bracket
//! notation for maps and lists, values typed by the declared field), times as Unix
//! seconds, the typed client sending forms where the spec prefers them, and a field the
//! request type does not declare refused by name (`unknown_fields: reject`), in forms and
//! JSON alike.

use restspec_tests::payments::Payments;

use super::{client, send};

pub(super) async fn start() -> String {
    Payments::new()
        .serve()
        .await
        .expect("a loopback server starts")
}

pub(super) fn json(answer: &super::Answer) -> serde_json::Value {
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
    // A body the service would refuse is not sent: every violation, at its path.
    let refused = client
        .create_customer(&CustomerCreate {
            email: Some("c".repeat(513)),
            balance: Some(100_000_001),
            tax_exempt: None,
            metadata: None,
            expand: None,
        })
        .await
        .expect_err("refused before sending");
    assert_eq!(
        refused.to_string(),
        "the request body breaks its constraints: email: longer than 512 characters; \
         balance: greater than 100000000"
    );
    let customers = client
        .list_customers(&Default::default())
        .await
        .expect("listed");
    assert_eq!(customers.len(), 2, "the refused body was never sent");
    // A map option sent as `deepObject`: each member `metadata[plan]=team`.
    let mut options =
        restspec_tests::build_script::payments::options::ListCustomersOptions::default();
    options
        .metadata_filter
        .insert("plan".to_owned(), "team".to_owned());
    let team = client.list_customers(&options).await.expect("listed");
    assert_eq!(team.len(), 1, "only the customer of that plan");
}

#[tokio::test]
async fn a_form_names_the_field_it_lacks_or_cannot_read_as_json_does() {
    let base = start().await;
    for body in ["unit_amount=5", r#"{"unit_amount":5}"#] {
        let missing = post(&base, "/products", body).await;
        assert_refused(&missing, Some("name"), "missing field `name`");
    }
    for body in [
        "name=Tea&unit_amount=lots",
        r#"{"name":"Tea","unit_amount":"lots"}"#,
    ] {
        let badly_typed = post(&base, "/products", body).await;
        assert_refused(&badly_typed, Some("unit_amount"), "Invalid input");
    }
    let nested = post(&base, "/customers", "metadata[plan][x]=1").await;
    assert_refused(&nested, Some("metadata.plan"), "Invalid input");
    let made = post(&base, "/products", "name=Tea&unit_amount=450").await;
    assert_eq!(made.status, 200, "{}", made.text());
    assert_eq!(json(&made)["unit_amount"], 450);
}

#[tokio::test]
async fn a_field_the_request_type_does_not_declare_is_refused_by_name() {
    let base = start().await;
    for body in [
        "email=a%40example.com&foo=1",
        r#"{"email":"a@example.com","foo":1}"#,
    ] {
        let refused = post(&base, "/customers", body).await;
        assert_refused(&refused, Some("foo"), "unknown field `foo`");
    }
    // Map keys are the client's to choose; only records' keys are checked.
    let map = post(&base, "/customers", "metadata[anything]=1").await;
    assert_eq!(map.status, 200, "{}", map.text());
    let listed = send(client().get(format!("{base}/v1/customers?limit=100"))).await;
    let customers = json(&listed)["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        customers.len(),
        2,
        "the first and the map's, nothing refused"
    );
    assert!(customers.iter().all(|c| c["email"] != "a@example.com"));
}

#[tokio::test]
async fn a_one_of_field_that_fits_no_alternative_is_named_in_the_specs_words() {
    let base = start().await;
    let one = post(&base, "/products", "name=Tea&images=a.png").await;
    assert_eq!(one.status, 200, "{}", one.text());
    assert_eq!(json(&one)["images"], serde_json::json!(["a.png"]));
    let two = post(
        &base,
        "/products",
        r#"{"name":"Tea","images":["a.png","b.png"]}"#,
    )
    .await;
    assert_eq!(json(&two)["images"], serde_json::json!(["a.png", "b.png"]));
    let wrong = post(&base, "/products", r#"{"name":"Tea","images":5}"#).await;
    assert_refused(&wrong, Some("images"), "fits none of: list<string>, string");
    assert!(!wrong.text().contains("untagged"), "{}", wrong.text());
}

#[tokio::test]
async fn a_body_of_another_type_is_told_both_types_read() {
    let base = start().await;
    let text = send(
        client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "text/plain")
            .body("email=a"),
    )
    .await;
    assert_refused(
        &text,
        None,
        "Expected Content-Type: application/x-www-form-urlencoded or application/json",
    );
}

/// Lists as repeated keys, as the OpenAPI document's `style: form, explode: true` tells
/// tools to send them (`expand=a&expand=b`), are read like bracket notation.
#[tokio::test]
async fn a_form_list_may_be_sent_as_repeated_keys() {
    let base = start().await;
    let created = send(
        client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("expand=invoice&expand=tax"),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.text());
    assert_eq!(
        json(&created)["expand"],
        serde_json::json!(["invoice", "tax"])
    );
}

/// POSTs `body` to `path` as a form, or as JSON when it starts with `{`.
pub(super) async fn post(base: &str, path: &str, body: &str) -> super::Answer {
    let content_type = if body.starts_with('{') {
        "application/json"
    } else {
        "application/x-www-form-urlencoded"
    };
    send(
        client()
            .post(format!("{base}/v1{path}"))
            .header("Content-Type", content_type)
            .body(body.to_owned()),
    )
    .await
}

/// A refusal: 400, the spec's error type, the parameter named, the message containing
/// `words`.
pub(super) fn assert_refused(answer: &super::Answer, param: Option<&str>, words: &str) {
    assert_eq!(answer.status, 400, "{}", answer.text());
    let error = &json(answer)["error"];
    assert_eq!(error["type"], "invalid_request_error", "{error}");
    assert_eq!(error["param"], serde_json::json!(param), "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains(words), "{error}");
}
