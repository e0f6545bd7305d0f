//! `fixtures/common_style`: a base path, families of several segments or without an id,
//! PATCH and an explicit HEAD, tokens in every place APIs put them, unknown tokens refused,
//! and reads that need credentials.

use restspec_runtime::Settings;
use restspec_tests::common_style::{CommonStyle, TOKEN};

use super::{Answer, client, send};

pub(super) async fn start() -> String {
    CommonStyle::new()
        .serve(Settings::default())
        .await
        .expect("a loopback server starts")
}

pub(super) async fn get(base: &str, path: &str, auth: Option<(&str, &str)>) -> Answer {
    let mut request = client().get(format!("{base}{path}"));
    if let Some((name, value)) = auth {
        request = request.header(name, value);
    }
    send(request).await
}

#[tokio::test]
async fn every_path_sits_under_the_base_path() {
    let base = start().await;
    let inside = get(&base, "/api/v1/teams/notes/1", None).await;
    assert_eq!(inside.status, 200, "{}", inside.text());
    assert_eq!(
        inside.text(),
        "{\"id\":1,\"title\":\"first\",\"body\":\"the first note\",\"due\":null}\n"
    );
    let collection = get(&base, "/api/v1/teams/notes/", None).await;
    assert_eq!(collection.status, 200);
    for outside in [
        "/teams/notes/1",
        "/api/teams/notes/1",
        "/api/v10/teams/notes/1",
        "/",
    ] {
        let answer = get(&base, outside, None).await;
        assert_eq!(answer.status, 404, "{outside}");
    }
}

#[tokio::test]
async fn head_is_its_own_endpoint_and_patch_updates() {
    let base = start().await;
    let head = send(client().head(format!("{base}/api/v1/teams/notes/2"))).await;
    assert_eq!((head.status, head.body.len()), (204, 0));
    let missing = send(client().head(format!("{base}/api/v1/teams/notes/9"))).await;
    assert_eq!(missing.status, 404);

    let patch = |body: &'static str| {
        client()
            .patch(format!("{base}/api/v1/teams/notes/2"))
            .bearer_auth(TOKEN)
            .header("Content-Type", "application/json")
            .body(body)
    };
    let changed = send(patch(r#"{"title":"renamed"}"#)).await;
    assert_eq!(changed.status, 200, "{}", changed.text());
    assert_eq!(
        changed.text(),
        "{\"id\":2,\"title\":\"renamed\",\"body\":\"the second note\",\"due\":null}\n"
    );
    let refused = send(client().delete(format!("{base}/api/v1/teams/notes/2"))).await;
    assert_eq!(refused.status, 405);
    assert_eq!(refused.header("allow"), Some("GET,HEAD,PATCH"));
    let anonymous = send(
        client()
            .patch(format!("{base}/api/v1/teams/notes/2"))
            .header("Content-Type", "application/json")
            .body("{}"),
    )
    .await;
    assert_eq!(
        anonymous.status,
        401,
        "anonymous PATCH: {}",
        anonymous.text()
    );
}

/// A nullable field is written as `null`, never left out; in a PATCH body a field that is
/// both optional and nullable is left alone when absent, cleared by `null`, set by a value.
#[tokio::test]
async fn patch_tells_absent_null_and_a_value_apart() {
    let base = start().await;
    let patch = |body: &'static str| {
        client()
            .patch(format!("{base}/api/v1/teams/notes/1"))
            .header("PRIVATE-TOKEN", TOKEN)
            .header("Content-Type", "application/json")
            .body(body)
    };
    let due = |answer: &Answer| {
        let json: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
        json.as_object().and_then(|o| o.get("due").cloned())
    };
    let set = send(patch(r#"{"due":"2027-01-01"}"#)).await;
    assert_eq!(set.status, 200, "{}", set.text());
    assert_eq!(due(&set), Some(serde_json::json!("2027-01-01")));
    let untouched = send(patch(r#"{"title":"still due"}"#)).await;
    assert_eq!(due(&untouched), Some(serde_json::json!("2027-01-01")));
    let cleared = send(patch(r#"{"due":null}"#)).await;
    assert_eq!(cleared.status, 200, "{}", cleared.text());
    assert_eq!(
        due(&cleared),
        Some(serde_json::Value::Null),
        "the key stays"
    );
    let wrong = send(patch(r#"{"due":7}"#)).await;
    assert_eq!(wrong.status, 400, "{}", wrong.text());
}

/// A paginated list answers the page asked for, links the others from the request's own
/// URL (keeping its other parameters, which this API ignores) and counts in the headers.
#[tokio::test]
async fn lists_are_answered_a_page_at_a_time_with_links_and_counts() {
    let base = start().await;
    let page = get(
        &base,
        "/api/v1/teams/notes/?sort=asc&per_page=1&page=2",
        None,
    )
    .await;
    assert_eq!(page.status, 200, "{}", page.text());
    assert_eq!(page.header("content-type"), Some("application/json"));
    let notes: serde_json::Value = serde_json::from_slice(&page.body).expect("JSON");
    assert_eq!(notes[0]["id"], 2, "{notes}");
    assert_eq!(notes.as_array().map(Vec::len), Some(1));
    let counts = [
        "x-total",
        "x-total-pages",
        "x-page",
        "x-per-page",
        "x-next-page",
        "x-prev-page",
    ]
    .map(|h| page.header(h).unwrap_or("absent").to_owned());
    assert_eq!(counts, ["2", "2", "2", "1", "", "1"]);
    let url = format!("{base}/api/v1/teams/notes/?sort=asc&");
    assert_eq!(
        page.header("link").map(str::to_owned),
        Some(format!(
            "<{url}page=1&per_page=1>; rel=\"prev\", <{url}page=1&per_page=1>; rel=\"first\", \
             <{url}page=2&per_page=1>; rel=\"last\""
        ))
    );
    let first = get(&base, "/api/v1/teams/notes/?per_page=1", None).await;
    assert_eq!(first.header("x-next-page"), Some("2"));
    assert!(
        first
            .header("link")
            .is_some_and(|l| l.contains("page=2&per_page=1>; rel=\"next\""))
    );
    let wrong = get(&base, "/api/v1/teams/notes/?per_page=many", None).await;
    assert_eq!(wrong.status, 400);
    assert!(wrong.text().contains("per_page"), "{}", wrong.text());
}

/// A comma-style list option takes `a,b`, `name[]=a&name[]=b` and the option repeated; an
/// option typed by an enumeration takes its values, and anything else is a 400 naming it.
#[tokio::test]
async fn list_options_take_every_spelling_and_enum_options_name_their_mistakes() {
    let base = start().await;
    let ids = |answer: &Answer| -> Vec<i64> {
        let notes: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
        notes
            .as_array()
            .map(|a| a.iter().filter_map(|n| n["id"].as_i64()).collect())
            .unwrap_or_default()
    };
    for query in [
        "title=first,second",
        "title%5B%5D=first&title%5B%5D=second",
        "title[]=first&title[]=second",
        "title=first&title=second",
    ] {
        let answer = get(&base, &format!("/api/v1/teams/notes/?{query}"), None).await;
        assert_eq!((answer.status, ids(&answer)), (200, vec![1, 2]), "{query}");
    }
    let one = get(&base, "/api/v1/teams/notes/?title=second", None).await;
    assert_eq!(ids(&one), [2]);
    let down = get(&base, "/api/v1/teams/notes/?order=desc", None).await;
    assert_eq!(ids(&down), [2, 1]);
    let wrong = get(&base, "/api/v1/teams/notes/?order=sideways", None).await;
    assert_eq!(wrong.status, 400);
    let body: serde_json::Value = serde_json::from_slice(&wrong.body).expect("JSON");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("order") && message.contains("sideways"),
        "{message}"
    );

    use restspec_tests::build_script::common_style::client::Client;
    use restspec_tests::build_script::common_style::options::ListNotesOptions;
    use restspec_tests::build_script::common_style::types::Order;
    let client = Client::new(&base).expect("a client");
    let options = ListNotesOptions {
        title: vec!["first".to_owned(), "second".to_owned()],
        order: Order::Desc,
        from: 1,
    };
    let call = client.list_notes(&options);
    let notes = call.await.expect("the notes");
    assert_eq!(notes.iter().map(|n| n.id).collect::<Vec<_>>(), [2, 1]);
}

/// Required options, defaults and bounds: a request without a required option is a 400
/// naming it, a missing option gets its default, a number out of bounds is a 400 naming
/// the option and the bound.
#[tokio::test]
async fn options_may_be_required_have_defaults_and_bounds() {
    let base = start().await;
    let ids = |answer: &Answer| -> Vec<i64> {
        let notes: serde_json::Value = serde_json::from_slice(&answer.body).expect("JSON");
        notes
            .as_array()
            .map(|a| a.iter().filter_map(|n| n["id"].as_i64()).collect())
            .unwrap_or_default()
    };
    let from_two = get(&base, "/api/v1/teams/notes/?from=2", None).await;
    assert_eq!((from_two.status, ids(&from_two)), (200, vec![2]));
    let defaulted = get(&base, "/api/v1/teams/notes/", None).await;
    assert_eq!(ids(&defaulted), [1, 2], "from defaults to 1, order to asc");
    let below = get(&base, "/api/v1/teams/notes/?from=0", None).await;
    assert_eq!(below.status, 400);
    let body: serde_json::Value = serde_json::from_slice(&below.body).expect("JSON");
    assert_eq!(body["param"], "from");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("below 1")),
        "{body}"
    );
    let search = |query: &'static str| {
        send(
            client()
                .post(format!("{base}/api/v1/teams/notes/search{query}"))
                .header("Content-Type", "application/json")
                .body(r#"{"text":"second"}"#),
        )
    };
    let missing = search("").await;
    assert_eq!(missing.status, 400, "{}", missing.text());
    let body: serde_json::Value = serde_json::from_slice(&missing.body).expect("JSON");
    assert_eq!(body["param"], "in");
    let in_body = search("?in=body").await;
    assert_eq!((in_body.status, ids(&in_body)), (200, vec![2]));
}

/// The typed client walks every page by following the `next` links.
#[tokio::test]
async fn the_typed_client_follows_next_links_through_every_page() {
    use restspec_tests::build_script::common_style::client::Client;
    use restspec_tests::build_script::common_style::options::ListNotesOptions;
    use restspec_tests::build_script::common_style::types::Order;
    let base = start().await;
    let client = Client::new(&base).expect("a client");
    let every_note = ListNotesOptions {
        title: Vec::new(),
        order: Order::Asc,
        from: 1,
    };
    let all = client
        .list_notes(&every_note)
        .page(1, 1)
        .all(10)
        .await
        .expect("every page");
    assert_eq!(all.iter().map(|n| n.id).collect::<Vec<_>>(), [1, 2]);
    let one = client
        .list_notes(&every_note)
        .page(2, 1)
        .await
        .expect("page 2");
    assert_eq!(one.iter().map(|n| n.id).collect::<Vec<_>>(), [2]);
    let capped = client
        .list_notes(&every_note)
        .page(1, 1)
        .all(1)
        .await
        .expect("one page");
    assert_eq!(capped.len(), 1, "at most max_pages requests");
}
