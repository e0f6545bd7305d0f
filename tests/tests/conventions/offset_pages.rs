//! `pagination: { style: offset }` on `fixtures/offset_lists`, the code review API's way:
//! `S` skips, `n` is the size, the last change of a page carries `_more_changes: true`
//! when more follow, and the typed client walks every page by that marker.

use restspec_tests::offset_lists::OffsetLists;

use super::{client, send};

async fn list(base: &str, query: &str) -> (u16, serde_json::Value) {
    let answer = send(client().get(format!("{base}/changes/?{query}"))).await;
    let body = serde_json::from_slice(&answer.body).expect("a JSON body");
    (answer.status, body)
}

fn numbers(page: &serde_json::Value) -> Vec<i64> {
    page.as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| c["_number"].as_i64())
        .collect()
}

fn marked(page: &serde_json::Value) -> Vec<bool> {
    page.as_array()
        .expect("a list")
        .iter()
        .map(|c| c.get("_more_changes") == Some(&true.into()))
        .collect()
}

#[tokio::test]
async fn the_last_item_is_marked_only_when_more_follow() {
    let base = OffsetLists::new(5).serve().await.expect("a server");
    let (status, first) = list(&base, "n=2").await;
    assert_eq!(status, 200);
    assert_eq!(numbers(&first), [5, 4]);
    assert_eq!(marked(&first), [false, true]);
    let (_, middle) = list(&base, "S=2&n=2").await;
    assert_eq!(
        (numbers(&middle), marked(&middle)),
        (vec![3, 2], vec![false, true])
    );
    let (_, last) = list(&base, "S=4&n=2").await;
    assert_eq!((numbers(&last), marked(&last)), (vec![1], vec![false]));
    let (_, exact) = list(&base, "S=3&n=2").await;
    assert_eq!(
        marked(&exact),
        [false, false],
        "nothing after the list's end"
    );
    let (_, default) = list(&base, "").await;
    assert_eq!(numbers(&default), [5, 4, 3], "the default size, 3");
    let (_, filtered) = list(&base, "q=even&n=1").await;
    assert_eq!(
        (numbers(&filtered), marked(&filtered)),
        (vec![4], vec![true])
    );
    let (_, beyond) = list(&base, "S=50").await;
    assert_eq!(numbers(&beyond), Vec::<i64>::new());
}

#[tokio::test]
async fn a_bad_offset_or_size_is_a_400_naming_it() {
    let base = OffsetLists::new(5).serve().await.expect("a server");
    for (query, name) in [("S=-1", "S"), ("S=x", "S"), ("n=0", "n"), ("n=1.5", "n")] {
        let answer = send(client().get(format!("{base}/changes/?{query}"))).await;
        assert_eq!(answer.status, 400, "{query}");
        assert!(answer.text().contains(name), "{query}: {}", answer.text());
    }
    let (status, capped) = list(&base, "n=100000").await;
    assert_eq!(
        (status, numbers(&capped).len()),
        (200, 5),
        "above 500 is 500"
    );
}

#[tokio::test]
async fn the_typed_client_walks_every_page_by_the_marker() {
    use restspec_tests::build_script::offset_lists::client::Client;
    use restspec_tests::build_script::offset_lists::options::QueryChangesOptions;
    let base = OffsetLists::new(7).serve().await.expect("a server");
    let client = Client::new(&base).expect("a client");
    let every = QueryChangesOptions { query: None };
    let all = client
        .query_changes(&every)
        .page(1, 2)
        .all(10)
        .await
        .expect("every page");
    assert_eq!(
        all.iter().map(|c| c.number).collect::<Vec<_>>(),
        [7, 6, 5, 4, 3, 2, 1]
    );
    let marks: Vec<_> = all.iter().map(|c| c.more_changes).collect();
    assert_eq!(
        marks.iter().filter(|m| **m == Some(true)).count(),
        3,
        "{marks:?}"
    );
    let second = client
        .query_changes(&every)
        .page(2, 3)
        .await
        .expect("page 2");
    assert_eq!(
        second.iter().map(|c| c.number).collect::<Vec<_>>(),
        [4, 3, 2]
    );
    let capped = client
        .query_changes(&every)
        .page(1, 2)
        .all(2)
        .await
        .expect("two pages");
    assert_eq!(capped.len(), 4, "at most max_pages requests");
}

/// An example's body is sent as the typed client sends it: a form to an endpoint reading
/// forms only (the fixture's `comment_changes`, as Slack's methods), JSON elsewhere.
#[test]
fn an_example_body_is_sent_as_a_form_where_the_endpoint_reads_forms() {
    use restspec_runtime::example_tests::{Example, Expected, Request, run_blocking};
    static EXAMPLE: Example = Example {
        endpoint: "comment_changes",
        name: "a comment",
        location: "fixtures/offset_lists/changes.yaml:1:1",
        json_prefix: None,
        setup: &[],
        request: Request {
            method: "POST",
            path: "/changes/comment",
            query: &[],
            headers: &[],
            body: Some(r#"{"message":"looks good"}"#),
            user: None,
        },
        response: Expected {
            status: 200,
            headers: &[],
            body: Some(r#""looks good""#),
            fields: &[],
            text: None,
            quota_group: None,
        },
    };
    run_blocking(&EXAMPLE, |_| async {
        restspec_tests::build_script::offset_lists::router(
            OffsetLists::new(1),
            restspec_runtime::Settings::default(),
        )
    });
}
