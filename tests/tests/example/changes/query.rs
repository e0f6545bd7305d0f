//! `GET /changes/?q=...`: the query language, paging and the `o` options.

use reqwest::StatusCode;
use serde_json::json as j;

use super::{As, create, get, numbers};
use crate::example::{Server, send, send_text};

#[tokio::test]
async fn queries_filter_page_and_add_fields() {
    let server = Server::start().await;
    server.create_account("alice").await;
    create(
        &server,
        As::Admin,
        j!({ "subject": "Fix the parser", "topic": "parser" }),
    )
    .await;
    create(&server, As::Admin, j!({ "subject": "Speed up the parser" })).await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Document the API", "topic": "docs" }),
    )
    .await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Drop the old API" }),
    )
    .await;
    assert_eq!(
        send(As::Admin.send(&server, "POST", "/changes/2/abandon"))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        send(As::User("alice").send(&server, "POST", "/changes/4/submit"))
            .await
            .status(),
        StatusCode::OK
    );

    let cases: &[(&str, &[i64])] = &[
        ("", &[3, 1]),
        ("?q=status:open", &[3, 1]),
        ("?q=status:merged", &[4]),
        ("?q=status:abandoned", &[2]),
        ("?q=status:closed", &[4, 2]),
        ("?q=is:open+owner:self", &[1]),
        ("?q=owner:alice", &[4, 3]),
        ("?q=owner:alice+-status:merged", &[3]),
        ("?q=owner:alice+NOT+status:merged", &[3]),
        ("?q=project:All-Projects+branch:master", &[4, 2, 3, 1]),
        ("?q=project:All-Users", &[]),
        ("?q=topic:parser", &[1]),
        ("?q=parser", &[2, 1]),
        ("?q=%22speed+up%22", &[2]),
        ("?q=message:api+status:merged", &[4]),
        ("?q=change:3", &[3]),
        ("?q=status:abandoned&q=status:merged", &[4, 2]),
        ("?q=is:private", &[]),
    ];
    for (query, expected) in cases {
        let (status, list) = get(&server, As::Admin, &format!("/changes/{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}: {list}");
        assert_eq!(numbers(&list), *expected, "{query}");
    }

    // Paging: the last change says when more follow.
    let (_, first) = get(&server, As::Admin, "/changes/?q=project:All-Projects&n=2").await;
    assert_eq!(numbers(&first), [4, 2]);
    assert_eq!(first[1]["_more_changes"], true);
    assert!(first[0].get("_more_changes").is_none());
    let (_, rest) = get(
        &server,
        As::Admin,
        "/changes/?q=project:All-Projects&n=2&S=2",
    )
    .await;
    assert_eq!(numbers(&rest), [3, 1]);
    assert!(rest[1].get("_more_changes").is_none());

    // Options add fields.
    let (_, plain) = get(&server, As::Admin, "/changes/?q=change:1").await;
    assert_eq!(plain[0]["owner"], j!({ "_account_id": 1000000 }));
    assert!(plain[0].get("revisions").is_none() && plain[0].get("messages").is_none());
    let (status, rich) = get(
        &server,
        As::Admin,
        "/changes/?q=change:1&o=CURRENT_REVISION&o=CURRENT_COMMIT&o=DETAILED_ACCOUNTS&o=MESSAGES&o=LABELS",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let change = &rich[0];
    assert_eq!(change["owner"]["username"], "admin");
    let sha = change["current_revision"].as_str().expect("a revision");
    let revision = &change["revisions"][sha];
    assert_eq!(revision["_number"], 1);
    assert_eq!(revision["kind"], "REWORK");
    assert_eq!(revision["ref"], "refs/changes/01/1/1");
    assert_eq!(revision["commit"]["subject"], "Fix the parser");
    assert!(revision["commit"].get("commit").is_none());
    assert_eq!(change["messages"][0]["message"], "Uploaded patch set 1.");

    // Mistakes are 400; `self` needs a signed-in caller.
    let mistakes = [
        (
            "/changes/?o=NOPE",
            "\"NOPE\" is not a valid value for \"-o\"\n",
        ),
        ("/changes/?q=status:draft", "Unrecognized value: draft\n"),
        (
            "/changes/?q=label:Code-Review%2B2",
            "Unsupported operator label:Code-Review+2\n",
        ),
        ("/changes/?q=owner:nobody", "Account 'nobody' not found\n"),
    ];
    for (path, message) in mistakes {
        let (status, body) = send_text(As::Admin.send(&server, "GET", path)).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::BAD_REQUEST, message),
            "{path}"
        );
    }
    let (status, body) =
        send_text(As::Anonymous.send(&server, "GET", "/changes/?q=owner:self")).await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::FORBIDDEN,
            "Must be signed-in to use this operator\n"
        )
    );
}

#[tokio::test]
async fn a_query_answers_at_most_the_query_limit() {
    let server = Server::start().await;
    for i in 0..503 {
        create(&server, As::Admin, j!({ "subject": format!("change {i}") })).await;
    }
    let (status, all) = get(&server, As::Anonymous, "/changes/?q=status:open").await;
    assert_eq!(status, StatusCode::OK);
    let all = all.as_array().expect("a list");
    assert_eq!(all.len(), 500, "no n: the default limit");
    assert_eq!(all[499]["_more_changes"], true);
    let (_, asked) = get(&server, As::Admin, "/changes/?n=10000").await;
    assert_eq!(asked.as_array().map(Vec::len), Some(500), "n is cut to 500");
    let (_, rest) = get(&server, As::Admin, "/changes/?S=500").await;
    let rest = rest.as_array().expect("a list");
    assert_eq!(
        rest.len(),
        3,
        "the three oldest changes after the first 500"
    );
    assert!(rest[2].get("_more_changes").is_none());
    let (_, oldest) = get(&server, As::Admin, "/changes/?S=502").await;
    assert_eq!(oldest[0]["subject"], "change 0");
}
