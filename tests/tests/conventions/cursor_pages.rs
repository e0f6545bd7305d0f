//! `pagination: { style: cursor }` on `fixtures/payments`: a list answered as an object
//! (`{"object": "list", "data": [...], "has_more": true, "url": "/v1/customers"}`), the next
//! page asked for with `?starting_after=<the last item's id>`, the previous one with
//! `?ending_before=<the first item's id>`, a `style: comma` option under its bracket
//! spellings with unknown options refused, and the typed client walking every page both
//! ways.

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

#[tokio::test]
async fn constant_fields_come_first_as_payment_apis_write_them() {
    let base = five_customers().await;
    let answer = send(client().get(format!("{base}/v1/customers?limit=1"))).await;
    assert!(
        answer
            .text()
            .starts_with(r#"{"object":"list","data":[{"id":"cus_1","#),
        "{}",
        answer.text()
    );
    assert!(
        answer
            .text()
            .trim_end()
            .ends_with(r#"],"has_more":true,"url":"/v1/customers"}"#),
        "{}",
        answer.text()
    );
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
    assert_eq!(
        keys,
        ["data", "has_more", "object", "url"],
        "only the spec's fields"
    );
    assert_eq!(first["object"], "list", "the constant field");
    assert_eq!(first["url"], "/v1/customers", "the list's own path");

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
    use restspec_tests::build_script::payments::options::ListCustomersOptions;
    let base = five_customers().await;
    let client = Client::new(&base).expect("a client");
    let none = ListCustomersOptions::default();
    let first = client
        .list_customers(&none)
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
        .list_customers(&none)
        .page(1, 2)
        .after("cus_4")
        .send()
        .await
        .expect("the last page");
    assert_eq!(next.body.len(), 1);
    assert_eq!(next.next_cursor, None, "has_more is false");

    let all = client
        .list_customers(&none)
        .page(1, 2)
        .all(10)
        .await
        .expect("every page");
    let all_ids: Vec<&str> = all.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(all_ids, ["cus_1", "cus_2", "cus_3", "cus_4", "cus_5"]);
    let pages = client.list_customers(&none).page(1, 2).pages(10);
    let mut pages = std::pin::pin!(pages);
    let mut sizes = Vec::new();
    while let Some(page) = futures_util::StreamExt::next(&mut pages).await {
        sizes.push(page.expect("a page").len());
    }
    assert_eq!(sizes, [2, 2, 1], "a page at a time, as they arrive");
    let capped = client
        .list_customers(&none)
        .page(1, 2)
        .all(2)
        .await
        .expect("two pages");
    assert_eq!(capped.len(), 4, "at most max_pages requests");
}

/// `?ending_before=<id>`: the page just before that customer, in the list's order, with
/// `has_more` saying whether more precede it; both ends at once is the API's own 400.
#[tokio::test]
async fn a_page_before_an_item_is_read_backwards() {
    let base = five_customers().await;
    let (status, page) = list(&base, "limit=2&ending_before=cus_5").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(ids(&page), ["cus_3", "cus_4"]);
    assert_eq!(page["has_more"], true, "cus_1 and cus_2 come before");
    let (_, first) = list(&base, "limit=2&ending_before=cus_3").await;
    assert_eq!(
        (ids(&first), &first["has_more"]),
        (vec!["cus_1", "cus_2"], &false.into())
    );
    let (_, short) = list(&base, "limit=10&ending_before=cus_2").await;
    assert_eq!(
        (ids(&short), &short["has_more"]),
        (vec!["cus_1"], &false.into())
    );
    let (status, both) = list(&base, "starting_after=cus_1&ending_before=cus_4").await;
    assert_eq!(status, 400);
    assert_eq!(both["error"]["type"], "invalid_request_error");
    assert_eq!(both["error"]["param"], "ending_before", "{both}");
    let (status, unknown) = list(&base, "ending_before=cus_99").await;
    assert_eq!(status, 400);
    let message = unknown["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("cus_99"), "{unknown}");
}

/// `expand` is a `style: comma` list: read as `expand=a,b`, `expand[]=a` and
/// `expand[0]=a` (indices in order), while the service refuses unknown options, so that
/// no spelling passes by being ignored. A plain option has no bracket spelling.
#[tokio::test]
async fn a_comma_list_option_is_read_in_every_bracket_spelling() {
    let base = five_customers().await;
    let expanded = |page: &serde_json::Value| page["data"][0]["expand"].clone();
    for query in [
        "expand=data.tax,data.invoice",
        "expand[]=data.tax&expand[]=data.invoice",
        "expand%5B%5D=data.tax&expand%5B%5D=data.invoice",
        "expand[1]=data.invoice&expand[0]=data.tax",
        "limit=1&expand[0]=data.tax&starting_after=&expand[1]=data.invoice",
    ] {
        let (status, page) = list(&base, query).await;
        assert_eq!(status, 200, "{query}: {page}");
        assert_eq!(
            expanded(&page),
            serde_json::json!(["data.tax", "data.invoice"]),
            "{query}"
        );
    }
    let (status, page) = list(&base, "expand[]=data.tax&email=nobody%40example.com").await;
    assert_eq!(
        (status, ids(&page).len()),
        (200, 0),
        "both options read: {page}"
    );
    for refused in ["expand[x]=a", "email[]=a%40b.c", "expands[]=a", "bogus=1"] {
        let (status, body) = list(&base, refused).await;
        assert_eq!(status, 400, "{refused}: {body}");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("is not a valid option"),
            "{refused}: {body}"
        );
    }
}

/// The typed client pages backwards from `.before(id)`: each answer's next cursor is its
/// first item, and `.all()` walks to the start of the list.
#[tokio::test]
async fn the_typed_client_walks_backwards() {
    use restspec_tests::build_script::payments::client::Client;
    use restspec_tests::build_script::payments::options::ListCustomersOptions;
    let base = five_customers().await;
    let client = Client::new(&base).expect("a client");
    let none = ListCustomersOptions::default();
    let page = client
        .list_customers(&none)
        .page(1, 2)
        .before("cus_5")
        .send()
        .await
        .expect("the page before cus_5");
    let page_ids: Vec<&str> = page.body.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(page_ids, ["cus_3", "cus_4"]);
    assert_eq!(
        page.next_cursor.as_deref(),
        Some("cus_3"),
        "the first item's id"
    );
    let all = client
        .list_customers(&none)
        .page(1, 2)
        .before("cus_5")
        .all(10)
        .await
        .expect("every page before cus_5");
    let all_ids: Vec<&str> = all.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        all_ids,
        ["cus_3", "cus_4", "cus_1", "cus_2"],
        "a page at a time, backwards"
    );
    let expand = ListCustomersOptions {
        expand: vec!["data.tax".to_owned()],
        ..ListCustomersOptions::default()
    };
    let expanded = client
        .list_customers(&expand)
        .await
        .expect("a page with expand");
    assert_eq!(expanded[0].expand, ["data.tax"]);
}
