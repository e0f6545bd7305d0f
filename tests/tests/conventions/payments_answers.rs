//! `fixtures/payments`: what its answers carry besides the body: typed response headers
//! (a row's too, on a handler's error), idempotent replays, request ids with the spec's
//! prefix, the API version echoed, and only answers its served OpenAPI document lists.

use restspec_tests::payments::Payments;

use super::payments::{json, start};
use super::{client, send};

/// Declared response headers: the handler gives them in the generated struct, the wire
/// carries them (a list comma-joined, an absent one left out), and the typed client reads
/// the same struct back.
#[tokio::test]
async fn response_headers_go_out_typed_and_come_back_typed() {
    use restspec_runtime::ResponseHeaders;
    use restspec_tests::build_script::payments::client::Client;
    use restspec_tests::build_script::payments::response_headers::GetProductResponseHeaders;
    use restspec_tests::build_script::payments::types::ProductCreate;
    let base = start().await;
    let client = Client::new(&base).expect("a client");
    let product = client
        .create_product(&ProductCreate {
            name: "Lamp".to_owned(),
            unit_amount: Some(1200),
            images: None,
        })
        .await
        .expect("created");
    let answer = client
        .get_product(&product.id)
        .send()
        .await
        .expect("the product");
    assert_eq!(answer.headers["etag"], format!("\"{}-4\"", product.id));
    assert_eq!(answer.headers["x-tags"], "new,blue");
    assert!(
        answer.headers.get("x-stock").is_none(),
        "{:?}",
        answer.headers
    );
    let read = GetProductResponseHeaders::read(&answer.headers).expect("typed headers");
    assert_eq!(
        read,
        GetProductResponseHeaders {
            etag: format!("\"{}-4\"", product.id),
            x_stock: None,
            x_tags: vec!["new".to_owned(), "blue".to_owned()],
        }
    );
    // A required header an answer lacks, or a value not of its type, is named.
    let mut broken = answer.headers.clone();
    broken.insert("x-stock", "many".parse().expect("a header value"));
    let why = GetProductResponseHeaders::read(&broken).expect_err("not a number");
    assert!(why.starts_with("header `X-Stock`: "), "{why}");
    broken.insert("x-stock", "3".parse().expect("a header value"));
    broken.remove("etag");
    let why = GetProductResponseHeaders::read(&broken).expect_err("no etag");
    assert_eq!(why, "header `ETag` is missing");
}

/// A status row's headers: the 404 a handler gives (the products' resolver's) carries the
/// one it gives, the typed client reads it from the failure, and the runtime's own 404 (a
/// path nothing serves) carries none.
#[tokio::test]
async fn a_rows_headers_go_out_with_the_handlers_error() {
    use restspec_runtime::ResponseHeaders;
    use restspec_tests::build_script::payments::client::Client;
    use restspec_tests::build_script::payments::response_headers::NotFoundErrorHeaders;
    let base = start().await;
    let client = Client::new(&base).expect("a client");
    let failure = client
        .get_product("prod_none")
        .send()
        .await
        .expect_err("no such product");
    let failure = failure.api().expect("the service's answer");
    assert_eq!(failure.status, 404);
    assert_eq!(failure.headers["stripe-should-retry"], "false");
    assert_eq!(
        NotFoundErrorHeaders::read(&failure.headers).expect("typed headers"),
        NotFoundErrorHeaders {
            stripe_should_retry: Some(false)
        }
    );
    let http = reqwest::Client::new();
    let answer = http
        .get(format!("{base}/v1/nothing/here"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(answer.status(), 404);
    assert!(
        answer.headers().get("stripe-should-retry").is_none(),
        "{:?}",
        answer.headers()
    );
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

/// `openapi_path` is a path of the service like the others: under the base path
/// (`/v1/openapi.json`), not beside it.
#[tokio::test]
async fn the_openapi_document_is_served_under_the_base_path() {
    let base = start().await;
    let served = send(client().get(format!("{base}/v1/openapi.json"))).await;
    assert_eq!(served.status, 200, "{}", served.text());
    assert_eq!(
        served.body,
        restspec_tests::build_script::payments::OPENAPI.as_bytes()
    );
    let beside = send(client().get(format!("{base}/openapi.json"))).await;
    assert_eq!(beside.status, 404);
}

/// Every answer the service gives is one the served document lists for that operation,
/// described by the spec's rows; and statuses the operation cannot meet are not listed
/// (no 403 anywhere: no capability, session or run-as; no 404 on the collection, which
/// resolves nothing; no 408 or 413 without a request body).
#[tokio::test]
async fn every_answer_is_one_the_served_document_lists_for_its_operation() {
    let base = start().await;
    let document: serde_json::Value = serde_json::from_slice(
        &send(client().get(format!("{base}/v1/openapi.json")))
            .await
            .body,
    )
    .expect("the document");
    let responses = |method: &str, path: &str| document["paths"][path][method]["responses"].clone();
    let form = |body: &'static str| {
        client()
            .post(format!("{base}/v1/customers"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(body)
    };
    let cases = [
        ("post", "/customers", form("email=a%40example.com"), 200),
        (
            "post",
            "/customers",
            form("email=a%40example.com").bearer_auth("not-a-key"),
            401,
        ),
        ("post", "/customers", form("balance=lots"), 400),
        (
            "get",
            "/customers/{customer}",
            client().get(format!("{base}/v1/customers/cus_404")),
            404,
        ),
        (
            "get",
            "/customers/{customer}",
            client().get(format!("{base}/v1/customers/acct_1")),
            404,
        ),
        (
            "get",
            "/customers",
            client().get(format!("{base}/v1/customers?bogus=1")),
            400,
        ),
    ];
    for (method, path, request, status) in cases {
        let answer = send(request).await;
        assert_eq!(answer.status, status, "{method} {path}: {}", answer.text());
        let listed = responses(method, path);
        assert!(
            listed.get(status.to_string()).is_some(),
            "{method} {path} answered {status}, which its operation does not list: {listed}"
        );
    }
    let create = responses("post", "/customers");
    let get = responses("get", "/customers/{customer}");
    let list = responses("get", "/customers");
    for (listed, absent) in [
        (&create, "403"),
        (&create, "404"),
        (&get, "403"),
        (&get, "413"),
    ] {
        assert!(listed.get(absent).is_none(), "{absent} listed: {listed}");
    }
    assert!(list.get("404").is_none(), "{list}");
    // Two rows answer 400 on a create: both are described.
    let described = create["400"]["description"]
        .as_str()
        .expect("a description");
    assert!(
        described.contains("Invalid request") && described.contains("idempotent"),
        "{described}"
    );
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
