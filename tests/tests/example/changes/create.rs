//! Creating a change, and finding it: by number, project and number, Change-Id or triplet;
//! private changes are found by their owner and administrators only.

use reqwest::StatusCode;
use serde_json::json as j;

use super::{As, alices_private_change, create, get, numbers};
use crate::example::{Server, send, send_json, send_text};

#[tokio::test]
async fn creating_a_change_checks_its_input() {
    let server = Server::start().await;
    let post = |body: &'static str| {
        As::Admin
            .send(&server, "POST", "/changes/")
            .header("Content-Type", "application/json")
            .body(body)
    };

    let (status, _) = send_text(post("{\"project\": ")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, body) =
        send_text(post(r#"{"project": "All-Projects", "branch": "master"}"#)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("missing field `subject`"), "{body}");

    let (status, body) = send_text(post(
        r##"{"project": "All-Projects", "branch": "master", "subject": "# only a comment\n  "}"##,
    ))
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "commit message must be non-empty\n"
        )
    );

    let (status, body) = send_text(post(
        r#"{"project": "nope", "branch": "master", "subject": "x"}"#,
    ))
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Project Not Found: nope\n"
        )
    );

    let (status, body) = send_text(post(
        r#"{"project": "All-Projects", "branch": "dev", "subject": "x"}"#,
    ))
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Destination branch does not exist\n"
        )
    );

    let (status, body) = send_text(
        As::Anonymous
            .send(&server, "POST", "/changes/")
            .json(&j!({ "project": "All-Projects", "branch": "master", "subject": "x" })),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "Authentication required\n")
    );

    // Optional fields: topic (trimmed), privacy, work in progress.
    let change = create(
        &server,
        As::Admin,
        j!({ "subject": "Add a feature\n\nWith a body", "topic": " feature ", "is_private": true, "work_in_progress": true }),
    )
    .await;
    assert_eq!(change["subject"], "Add a feature");
    assert_eq!(change["topic"], "feature");
    assert_eq!(change["is_private"], true);
    assert_eq!(change["work_in_progress"], true);
}

#[tokio::test]
async fn a_change_is_addressed_by_number_project_and_number_or_change_id() {
    let server = Server::start().await;
    let change = create(&server, As::Admin, j!({ "subject": "Addressed" })).await;
    let change_id = change["change_id"].as_str().expect("a Change-Id");
    let triplet = change["triplet_id"].as_str().expect("a triplet");

    for id in ["1", "All-Projects~1", change_id, triplet, "1/"] {
        let (status, found) = get(&server, As::Anonymous, &format!("/changes/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{id}");
        assert_eq!(found["_number"], 1, "{id}");
        assert_eq!(found["id"], "All-Projects~1");
    }
    // `id` goes back into URLs as it is.
    let (status, _) = get(
        &server,
        As::Admin,
        &format!(
            "/changes/{}/topic",
            change["id"].as_str().unwrap_or_default()
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    for id in [
        "2",
        "All-Users~1",
        "I0000000000000000000000000000000000000000",
        "nonsense",
    ] {
        let (status, body) =
            send_text(As::Admin.send(&server, "GET", &format!("/changes/{id}"))).await;
        assert_eq!(
            (status, body),
            (StatusCode::NOT_FOUND, format!("Not found: {id}\n")),
            "{id}"
        );
    }
    let (status, _) = send_text(As::Admin.send(&server, "POST", "/changes/99/abandon")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_private_change_is_visible_to_its_owner_and_administrators_only() {
    let server = Server::start().await;
    alices_private_change(&server).await;
    create(&server, As::User("alice"), j!({ "subject": "Public" })).await;

    for who in [As::User("alice"), As::Admin] {
        let (status, change) = get(&server, who, "/changes/1").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(change["is_private"], true);
    }
    for who in [As::User("bob"), As::Anonymous] {
        for path in [
            "/changes/1",
            "/changes/All-Projects~1/detail",
            "/changes/1/topic",
            "/changes/1/revisions/current/commit",
        ] {
            let (status, body) = send_text(who.send(&server, "GET", path)).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert!(body.starts_with("Not found: "), "{body}");
        }
    }
    let (status, _) = send_text(As::User("bob").send(&server, "POST", "/changes/1/abandon")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Queries leave it out for others too.
    let (_, mine) = get(&server, As::User("alice"), "/changes/?q=owner:alice").await;
    assert_eq!(numbers(&mine), [2, 1]);
    let (_, theirs) = get(&server, As::User("bob"), "/changes/?q=owner:alice").await;
    assert_eq!(numbers(&theirs), [2]);
    let (_, private) = get(&server, As::Admin, "/changes/?q=is:private").await;
    assert_eq!(numbers(&private), [1]);

    // Unmarked, everyone sees it; unmarking twice is a conflict.
    assert_eq!(
        send(As::User("alice").send(&server, "DELETE", "/changes/1/private"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let (status, body) =
        send_text(As::User("alice").send(&server, "DELETE", "/changes/1/private")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::CONFLICT, "change is not private\n")
    );
    let (status, change) = get(&server, As::User("bob"), "/changes/1").await;
    assert_eq!(status, StatusCode::OK);
    assert!(change.get("is_private").is_none());

    // And marked again: 201 without a body.
    let response = send(
        As::User("alice")
            .send(&server, "POST", "/changes/1/private")
            .json(&j!({ "message": "security fix" })),
    )
    .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let (status, _) = send_text(As::User("bob").send(&server, "GET", "/changes/1")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, messages) = get(&server, As::User("alice"), "/changes/1/messages").await;
    let texts: Vec<&str> = messages
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|m| m["message"].as_str())
        .collect();
    assert_eq!(
        texts,
        [
            "Uploaded patch set 1.",
            "Unset private",
            "Set private\n\nsecurity fix"
        ]
    );
}

#[tokio::test]
async fn changes_of_a_project_with_a_slash_in_its_name() {
    let server = Server::start().await;
    let response = send(
        As::Admin
            .send(&server, "PUT", "/projects/client%2Fproject")
            .json(&j!({ "create_empty_commit": true })),
    )
    .await;
    assert_eq!(response.status(), StatusCode::CREATED);

    let change = create(
        &server,
        As::Admin,
        j!({ "project": "client/project", "subject": "Slashed" }),
    )
    .await;
    assert_eq!(change["id"], "client%2Fproject~1");
    assert_eq!(
        change["triplet_id"],
        format!(
            "client%2Fproject~master~{}",
            change["change_id"].as_str().unwrap_or_default()
        )
    );
    for path in [
        "/changes/client%2Fproject~1",
        "/changes/client%2Fproject~1/detail",
    ] {
        let (status, found) = get(&server, As::Admin, path).await;
        assert_eq!(
            (status, found["project"].as_str()),
            (StatusCode::OK, Some("client/project")),
            "{path}"
        );
    }
    let (status, body) = send_text(As::Admin.send(&server, "GET", "/changes/client~1")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "Not found: client~1\n")
    );

    // Its branch is the project's; another branch is not.
    let (status, body) =
        send_text(As::Admin.send(&server, "POST", "/changes/").json(
            &j!({ "project": "client/project", "branch": "refs/heads/other", "subject": "x" }),
        ))
        .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Destination branch does not exist\n"
        )
    );

    // The first change's commit sits on the project's first commit.
    let (_, commit) = get(
        &server,
        As::Admin,
        "/changes/client%2Fproject~1/revisions/current/commit",
    )
    .await;
    assert_eq!(commit["parents"].as_array().map(Vec::len), Some(1));
    let (status, merged) =
        send_json(As::Admin.send(&server, "POST", "/changes/client%2Fproject~1/submit")).await;
    assert_eq!(
        (status, merged["status"].as_str()),
        (StatusCode::OK, Some("MERGED"))
    );
}
