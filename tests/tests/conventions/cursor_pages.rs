//! `pagination: { style: cursor }` on `fixtures/payments`: a list answered as an object
//! (`{"data": [...], "has_more": true}`), the next page asked for with
//! `?starting_after=<the last item's id>`, and the typed client walking every page.

use restspec_tests::payments::Payments;

use super::{client, send};

/// The service with customers `cus_1` to `cus_5`.
async fn five_customers() -> String {
    let base = Payments::new()
        .serve()
        .await
        .expect("a loopback server starts");
    for n in 2..=5 {
        let made = send(
            client()
                .post(format!("{base}/v1/customers"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .body(format!("balance={n}")),
        )
        .await;
        assert_eq!(made.status, 200, "{}", made.text());
    }
    base
}

async fn list(base: &str, query: &str) -> (u16, serde_json::Value) {
    let answer = send(client().get(format!("{base}/v1/customers?{query}"))).await;
    let body = serde_json::from_slice(&answer.body).expect("a JSON body");
    (answer.status, body)
}

fn ids(page: &serde_json::Value) -> Vec<&str> {
    page["data"]
        .as_array()
        .expect("the items in `data`")
        .iter()
        .filter_map(|c| c["id"].as_str())
        .collect()
}

#[tokio::test]
async fn pages_are_objects_and_each_starts_after_the_last_id() {
    let base = five_customers().await;
    let (status, first) = list(&base, "limit=2").await;
    assert_eq!(status, 200);
    assert_eq!(ids(&first), ["cus_1", "cus_2"]);
    assert_eq!(first["has_more"], true);
    let keys: Vec<&String> = first.as_object().expect("an object").keys().collect();
    assert_eq!(keys.len(), 2, "only the spec's fields: {keys:?}");

    let (_, second) = list(&base, "limit=2&starting_after=cus_2").await;
    assert_eq!(ids(&second), ["cus_3", "cus_4"]);
    assert_eq!(second["has_more"], true);
    let (_, last) = list(&base, "limit=2&starting_after=cus_4").await;
    assert_eq!(
        (ids(&last), &last["has_more"]),
        (vec!["cus_5"], &false.into())
    );

    let (_, default) = list(&base, "").await;
    assert_eq!(
        ids(&default).len(),
        5,
        "the default size, 10, holds them all"
    );
    assert_eq!(default["has_more"], false);
}

#[tokio::test]
async fn a_bad_size_or_an_unknown_cursor_is_the_apis_own_error() {
    let base = five_customers().await;
    let (status, body) = list(&base, "limit=ten").await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["type"], "invalid_request_error");
    assert_eq!(body["error"]["param"], "limit", "{body}");
    let (status, body) = list(&base, "limit=0").await;
    assert_eq!((status, &body["error"]["param"]), (400, &"limit".into()));
    let (status, body) = list(&base, "starting_after=cus_99").await;
    assert_eq!(status, 400);
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("cus_99"), "{body}");
    let (status, capped) = list(&base, "limit=100000").await;
    assert_eq!(
        (status, ids(&capped).len()),
        (200, 5),
        "a size above 100 is 100"
    );
}

#[tokio::test]
async fn the_typed_client_reads_the_items_and_walks_every_page() {
    use restspec_tests::build_script::payments::client::Client;
    let base = five_customers().await;
    let client = Client::new(&base).expect("a client");
    let first = client
        .list_customers()
        .page(1, 2)
        .send()
        .await
        .expect("the first page");
    let first_ids: Vec<&str> = first.body.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(first_ids, ["cus_1", "cus_2"]);
    assert_eq!(
        first.next_cursor.as_deref(),
        Some("cus_2"),
        "the last item's id"
    );
    let next = client
        .list_customers()
        .page(1, 2)
        .after("cus_4")
        .send()
        .await
        .expect("the last page");
    assert_eq!(next.body.len(), 1);
    assert_eq!(next.next_cursor, None, "has_more is false");

    let all = client
        .list_customers()
        .page(1, 2)
        .all(10)
        .await
        .expect("every page");
    let all_ids: Vec<&str> = all.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(all_ids, ["cus_1", "cus_2", "cus_3", "cus_4", "cus_5"]);
    let pages = client.list_customers().page(1, 2).pages(10);
    let mut pages = std::pin::pin!(pages);
    let mut sizes = Vec::new();
    while let Some(page) = futures_util::StreamExt::next(&mut pages).await {
        sizes.push(page.expect("a page").len());
    }
    assert_eq!(sizes, [2, 2, 1], "a page at a time, as they arrive");
    let capped = client
        .list_customers()
        .page(1, 2)
        .all(2)
        .await
        .expect("two pages");
    assert_eq!(capped.len(), 4, "at most max_pages requests");
}
