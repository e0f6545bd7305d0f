//! `/changes/` of the example service.

use reqwest::{RequestBuilder, Response, StatusCode};
use serde_json::{Value, json as j};

use super::{PASSWORD, Server, json};

/// Who sends a request: `admin`, an account made with `Server::create_account`, or
/// nobody.
#[derive(Clone, Copy)]
enum As<'a> {
    Admin,
    User(&'a str),
    Anonymous,
}

impl As<'_> {
    /// `/a/` plus the path with credentials, or the plain path for anonymous callers.
    fn send(self, server: &Server, method: &str, path: &str) -> RequestBuilder {
        let url = match self {
            As::Anonymous => path.to_owned(),
            _ => format!("/a{path}"),
        };
        let request = match method {
            "GET" => server.get(&url),
            "POST" => server.post(&url),
            "PUT" => server.put(&url),
            "DELETE" => server.delete(&url),
            other => panic!("no such method in these tests: {other}"),
        };
        match self {
            As::Admin => request.basic_auth("admin", Some(PASSWORD)),
            As::User(name) => request.basic_auth(name, Some(format!("{name}-pw"))),
            As::Anonymous => request,
        }
    }
}

async fn send(request: RequestBuilder) -> Response {
    request.send().await.expect("request")
}

/// The status and the plaintext body of an error.
async fn error(response: Response) -> (StatusCode, String) {
    let status = response.status();
    (status, response.text().await.expect("body"))
}

/// The status and the JSON body (prefix stripped) of an answer.
async fn answer(response: Response) -> (StatusCode, Value) {
    let status = response.status();
    (status, json(response).await.1)
}

/// Creates a change in `All-Projects` on `master` (the branch `HEAD` names, which has
/// no commit yet) and answers it.
async fn create(server: &Server, who: As<'_>, body: Value) -> Value {
    let mut body = body;
    for (key, value) in [("project", "All-Projects"), ("branch", "master")] {
        if body.get(key).is_none() {
            body[key] = j!(value);
        }
    }
    let (status, change) =
        answer(send(who.send(server, "POST", "/changes/").json(&body)).await).await;
    assert_eq!(status, StatusCode::CREATED, "{change}");
    change
}

async fn get(server: &Server, who: As<'_>, path: &str) -> (StatusCode, Value) {
    answer(send(who.send(server, "GET", path)).await).await
}

/// The answer without what changes from run to run.
fn stable(mut value: Value) -> Value {
    if let Some(object) = value.as_object_mut() {
        for key in ["created", "updated", "submitted", "change_id", "triplet_id"] {
            object.remove(key);
        }
    }
    value
}

#[tokio::test]
async fn a_change_lives_from_new_through_abandoned_and_restored_to_merged() {
    let server = Server::start().await;
    let change = create(&server, As::Admin, j!({ "subject": "Fix the frobnicator" })).await;
    let change_id = change["change_id"]
        .as_str()
        .expect("a Change-Id")
        .to_owned();
    assert!(
        change_id.starts_with('I') && change_id.len() == 41,
        "{change_id}"
    );
    assert_eq!(
        change["triplet_id"],
        format!("All-Projects~master~{change_id}")
    );
    assert_eq!(
        stable(change),
        j!({
            "id": "All-Projects~1",
            "project": "All-Projects",
            "branch": "master",
            "_number": 1,
            "subject": "Fix the frobnicator",
            "hashtags": [],
            "status": "NEW",
            "owner": { "_account_id": 1000000 },
            "insertions": 0,
            "deletions": 0,
            "unresolved_comment_count": 0
        })
    );

    // Clients send abandon, restore and submit without a body.
    let (status, abandoned) =
        answer(send(As::Admin.send(&server, "POST", "/changes/1/abandon")).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(abandoned["status"], "ABANDONED");

    let (status, restored) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/restore")
                .json(&j!({ "message": "Still needed" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(restored["status"], "NEW");

    let (status, merged) =
        answer(send(As::Admin.send(&server, "POST", "/changes/1/submit")).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(merged["status"], "MERGED");
    assert_eq!(merged["submitter"], j!({ "_account_id": 1000000 }));
    assert!(merged["submitted"].is_string());

    let (status, messages) = get(&server, As::Admin, "/changes/1/messages").await;
    assert_eq!(status, StatusCode::OK);
    let texts: Vec<(&str, &str)> = messages
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| {
            (
                m["message"].as_str().unwrap_or(""),
                m["tag"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        texts,
        [
            ("Uploaded patch set 1.", "autogenerated:gerrit:newPatchSet"),
            ("Abandoned", "autogenerated:gerrit:abandon"),
            ("Restored\n\nStill needed", "autogenerated:gerrit:restore"),
            (
                "Change has been successfully merged",
                "autogenerated:gerrit:merged"
            ),
        ]
    );
    assert_eq!(messages[0]["author"]["username"], "admin");
    assert_eq!(messages[0]["_revision_number"], 1);

    // One message by its id.
    let id = messages[1]["id"].as_str().expect("an id");
    let (status, one) = get(&server, As::Admin, &format!("/changes/1/messages/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one, messages[1]);
    let (status, body) =
        error(send(As::Admin.send(&server, "GET", "/changes/1/messages/nope")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "Not found: nope\n")
    );

    // The branch now points at the change's commit.
    let (_, detail) = get(&server, As::Admin, "/changes/1?o=CURRENT_REVISION").await;
    assert!(detail["current_revision"].is_string());
}

#[tokio::test]
async fn transitions_the_state_does_not_allow_are_409() {
    let server = Server::start().await;
    create(&server, As::Admin, j!({ "subject": "one" })).await;
    create(&server, As::Admin, j!({ "subject": "two" })).await;

    let conflict = |path: &'static str| {
        let server = &server;
        async move { error(send(As::Admin.send(server, "POST", path)).await).await }
    };

    assert_eq!(
        conflict("/changes/1/restore").await,
        (StatusCode::CONFLICT, "change is new\n".into())
    );
    assert_eq!(
        send(As::Admin.send(&server, "POST", "/changes/1/abandon"))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        conflict("/changes/1/abandon").await,
        (StatusCode::CONFLICT, "change is abandoned\n".into())
    );
    assert_eq!(
        conflict("/changes/1/submit").await,
        (StatusCode::CONFLICT, "change is abandoned\n".into())
    );

    assert_eq!(
        send(As::Admin.send(&server, "POST", "/changes/2/submit"))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        conflict("/changes/2/abandon").await,
        (StatusCode::CONFLICT, "change is merged\n".into())
    );
    assert_eq!(
        conflict("/changes/2/restore").await,
        (StatusCode::CONFLICT, "change is merged\n".into())
    );
    assert_eq!(
        conflict("/changes/2/submit").await,
        (StatusCode::CONFLICT, "change is merged\n".into())
    );
    assert_eq!(
        conflict("/changes/2/wip").await,
        (StatusCode::CONFLICT, "change is merged\n".into())
    );
    assert_eq!(
        conflict("/changes/2/private").await,
        (
            StatusCode::CONFLICT,
            "cannot set merged change to private\n".into()
        )
    );
    let (status, body) = error(send(As::Admin.send(&server, "DELETE", "/changes/2")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::CONFLICT, "change is merged\n")
    );

    // Submitting a private change makes it public.
    create(
        &server,
        As::Admin,
        j!({ "subject": "private", "is_private": true }),
    )
    .await;
    let (status, merged) =
        answer(send(As::Admin.send(&server, "POST", "/changes/3/submit")).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(merged.get("is_private").is_none(), "{merged}");

    // A work-in-progress change cannot be submitted.
    create(
        &server,
        As::Admin,
        j!({ "subject": "four", "work_in_progress": true }),
    )
    .await;
    assert_eq!(
        conflict("/changes/4/submit").await,
        (
            StatusCode::CONFLICT,
            "Change 4 is work in progress\n".into()
        )
    );
}

#[tokio::test]
async fn creating_a_change_checks_its_input() {
    let server = Server::start().await;
    let post = |body: &'static str| {
        As::Admin
            .send(&server, "POST", "/changes/")
            .header("Content-Type", "application/json")
            .body(body)
    };

    let (status, _) = error(send(post("{\"project\": ")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, body) =
        error(send(post(r#"{"project": "All-Projects", "branch": "master"}"#)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("missing field `subject`"), "{body}");

    let (status, body) = error(send(post(r##"{"project": "All-Projects", "branch": "master", "subject": "# only a comment\n  "}"##)).await).await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "commit message must be non-empty\n"
        )
    );

    let (status, body) = error(
        send(post(
            r#"{"project": "nope", "branch": "master", "subject": "x"}"#,
        ))
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Project Not Found: nope\n"
        )
    );

    let (status, body) = error(
        send(post(
            r#"{"project": "All-Projects", "branch": "dev", "subject": "x"}"#,
        ))
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Destination branch does not exist\n"
        )
    );

    let (status, body) = error(
        send(
            As::Anonymous
                .send(&server, "POST", "/changes/")
                .json(&j!({ "project": "All-Projects", "branch": "master", "subject": "x" })),
        )
        .await,
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
            error(send(As::Admin.send(&server, "GET", &format!("/changes/{id}"))).await).await;
        assert_eq!(
            (status, body),
            (StatusCode::NOT_FOUND, format!("Not found: {id}\n")),
            "{id}"
        );
    }
    let (status, _) =
        error(send(As::Admin.send(&server, "POST", "/changes/99/abandon")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_the_owner_and_administrators_modify_a_change() {
    let server = Server::start().await;
    server.create_account("alice").await;
    let bob = server.create_account("bob").await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Alice's change" }),
    )
    .await;

    let denied = [
        ("POST", "/changes/1/abandon", "abandon not permitted\n"),
        ("POST", "/changes/1/submit", "submit not permitted\n"),
        ("DELETE", "/changes/1", "delete not permitted\n"),
        (
            "POST",
            "/changes/1/wip",
            "not allowed to set work in progress\n",
        ),
        (
            "POST",
            "/changes/1/private",
            "not allowed to mark private\n",
        ),
        (
            "DELETE",
            "/changes/1/topic",
            "edit topic name not permitted\n",
        ),
    ];
    for (method, path, message) in denied {
        let (status, body) = error(send(As::User("bob").send(&server, method, path)).await).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::FORBIDDEN, message),
            "{method} {path}"
        );
    }
    let (status, body) = error(
        send(
            As::User("bob")
                .send(&server, "PUT", "/changes/1/topic")
                .json(&j!({ "topic": "t" })),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "edit topic name not permitted\n")
    );
    let (status, body) = error(
        send(
            As::User("bob")
                .send(&server, "POST", "/changes/1/hashtags")
                .json(&j!({ "add": ["x"] })),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "edit hashtags not permitted\n")
    );

    // Anonymous mutations never reach the change.
    let (status, body) =
        error(send(As::Anonymous.send(&server, "POST", "/changes/1/abandon")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "Authentication required\n")
    );

    // Anyone who sees the change may add reviewers; reviewers may remove themselves.
    let (status, added) = answer(
        send(
            As::User("bob")
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({ "reviewer": "self" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(added["reviewers"][0]["_account_id"], bob);
    let response = send(As::User("bob").send(&server, "DELETE", "/changes/1/reviewers/self")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);

    // Administrators may do what the owner may.
    let (status, abandoned) =
        answer(send(As::Admin.send(&server, "POST", "/changes/1/abandon")).await).await;
    assert_eq!(
        (status, abandoned["status"].as_str()),
        (StatusCode::OK, Some("ABANDONED"))
    );
    let (status, restored) =
        answer(send(As::User("alice").send(&server, "POST", "/changes/1/restore")).await).await;
    assert_eq!(
        (status, restored["status"].as_str()),
        (StatusCode::OK, Some("NEW"))
    );
    let (_, messages) = get(&server, As::User("alice"), "/changes/1/messages").await;
    let texts: Vec<(&str, &str)> = messages
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| {
            (
                m["author"]["username"].as_str().unwrap_or(""),
                m["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        texts,
        [
            ("alice", "Uploaded patch set 1."),
            ("bob", "Removed reviewer User bob."),
            ("admin", "Abandoned"),
            ("alice", "Restored"),
        ]
    );
}

#[tokio::test]
async fn a_private_change_is_visible_to_its_owner_and_administrators_only() {
    let server = Server::start().await;
    server.create_account("alice").await;
    server.create_account("bob").await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Secret", "is_private": true }),
    )
    .await;
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
            let (status, body) = error(send(who.send(&server, "GET", path)).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert!(body.starts_with("Not found: "), "{body}");
        }
    }
    let (status, _) =
        error(send(As::User("bob").send(&server, "POST", "/changes/1/abandon")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Queries leave it out for others too.
    let numbers = |list: &Value| -> Vec<i64> {
        list.as_array()
            .expect("a list")
            .iter()
            .map(|c| c["_number"].as_i64().unwrap_or(0))
            .collect()
    };
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
        error(send(As::User("alice").send(&server, "DELETE", "/changes/1/private")).await).await;
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
    let (status, _) = error(send(As::User("bob").send(&server, "GET", "/changes/1")).await).await;
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

    let numbers = |list: &Value| -> Vec<i64> {
        list.as_array()
            .expect("a list")
            .iter()
            .map(|c| c["_number"].as_i64().unwrap_or(0))
            .collect()
    };
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
        let (status, body) = error(send(As::Admin.send(&server, "GET", path)).await).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::BAD_REQUEST, message),
            "{path}"
        );
    }
    let (status, body) =
        error(send(As::Anonymous.send(&server, "GET", "/changes/?q=owner:self")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::FORBIDDEN,
            "Must be signed-in to use this operator\n"
        )
    );
}

#[tokio::test]
async fn topics_hashtags_and_work_in_progress() {
    let server = Server::start().await;
    create(&server, As::Admin, j!({ "subject": "Tagged" })).await;

    let (status, topic) = get(&server, As::Admin, "/changes/1/topic").await;
    assert_eq!((status, topic), (StatusCode::OK, j!("")));
    let (status, topic) = answer(
        send(
            As::Admin
                .send(&server, "PUT", "/changes/1/topic")
                .json(&j!({ "topic": " release " })),
        )
        .await,
    )
    .await;
    assert_eq!((status, topic), (StatusCode::OK, j!("release")));
    let (_, topic) = get(&server, As::Anonymous, "/changes/1/topic").await;
    assert_eq!(topic, "release");
    let (status, topic) = answer(
        send(
            As::Admin
                .send(&server, "PUT", "/changes/1/topic")
                .json(&j!({ "topic": "next" })),
        )
        .await,
    )
    .await;
    assert_eq!((status, topic), (StatusCode::OK, j!("next")));
    assert_eq!(
        send(As::Admin.send(&server, "DELETE", "/changes/1/topic"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let (_, topic) = get(&server, As::Admin, "/changes/1/topic").await;
    assert_eq!(topic, "");
    let (status, body) = error(
        send(
            As::Admin
                .send(&server, "PUT", "/changes/1/topic")
                .json(&j!({ "topic": "x".repeat(2049) })),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "topic length exceeds the limit (2048)\n"
        )
    );

    let (status, tags) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/hashtags")
                .json(&j!({ "add": ["#b", "a", " c "] })),
        )
        .await,
    )
    .await;
    assert_eq!((status, tags), (StatusCode::OK, j!(["a", "b", "c"])));
    let (_, tags) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/hashtags")
                .json(&j!({ "add": ["d"], "remove": ["a", "zz"] })),
        )
        .await,
    )
    .await;
    assert_eq!(tags, j!(["b", "c", "d"]));
    let (_, tags) = get(&server, As::Admin, "/changes/1/hashtags").await;
    assert_eq!(tags, j!(["b", "c", "d"]));
    let (status, body) = error(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/hashtags")
                .json(&j!({ "add": ["a,b"] })),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::BAD_REQUEST, "hashtags may not contain commas\n")
    );
    let (_, found) = get(&server, As::Admin, "/changes/?q=hashtag:%23C").await;
    assert_eq!(found.as_array().map(Vec::len), Some(1));

    assert_eq!(
        send(As::Admin.send(&server, "POST", "/changes/1/wip"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let (status, body) = error(send(As::Admin.send(&server, "POST", "/changes/1/wip")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::CONFLICT, "change is already work in progress\n")
    );
    let (_, change) = get(&server, As::Admin, "/changes/1").await;
    assert_eq!(change["work_in_progress"], true);
    let (_, wip) = get(&server, As::Admin, "/changes/?q=is:wip").await;
    assert_eq!(wip.as_array().map(Vec::len), Some(1));
    let response = send(
        As::Admin
            .send(&server, "POST", "/changes/1/ready")
            .json(&j!({ "message": "PTAL" })),
    )
    .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let (status, body) =
        error(send(As::Admin.send(&server, "POST", "/changes/1/ready")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::CONFLICT, "change is not work in progress\n")
    );

    let (_, messages) = get(&server, As::Admin, "/changes/1/messages").await;
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
            "Topic set to release",
            "Topic changed from release to next",
            "Topic next removed",
            "Hashtags added: a, b, c",
            "Hashtag added: d\nHashtag removed: a",
            "Set Work In Progress",
            "Set Ready For Review\n\nPTAL",
        ]
    );
}

#[tokio::test]
async fn reviewers_are_added_listed_and_removed() {
    let server = Server::start().await;
    let alice = server.create_account("alice").await;
    let bob = server.create_account("bob").await;
    create(&server, As::Admin, j!({ "subject": "Review me" })).await;

    let (status, added) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({ "reviewer": "alice" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        added,
        j!({
            "input": "alice",
            "reviewers": [{
                "_account_id": alice, "name": "User alice", "email": "alice@example.com",
                "username": "alice", "approvals": {}
            }]
        })
    );
    let (status, cc) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({ "reviewer": "bob@example.com", "state": "CC" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cc["ccs"][0]["_account_id"], bob);
    assert!(cc.get("reviewers").is_none());

    let (status, body) = error(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({ "reviewer": "nobody" })),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Account 'nobody' not found\n"
        )
    );
    let (status, body) = error(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({})),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("missing field `reviewer`"), "{body}");

    // Groups: the active members of an internal group; system groups are refused.
    let (status, group) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({ "reviewer": "Administrators" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(group["reviewers"][0]["username"], "admin");
    let (status, group) = answer(
        send(
            As::Admin
                .send(&server, "POST", "/changes/1/reviewers")
                .json(&j!({ "reviewer": "Registered Users" })),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        group,
        j!({ "input": "Registered Users", "error": "The group Registered Users cannot be added as reviewer." })
    );
    assert_eq!(
        send(As::Admin.send(&server, "DELETE", "/changes/1/reviewers/self"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );

    let (status, list) = get(&server, As::Anonymous, "/changes/1/reviewers/").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<i64> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["_account_id"].as_i64().unwrap_or(0))
        .collect();
    assert_eq!(ids, [alice, bob]);
    assert!(
        list[0].get("email").is_none(),
        "no emails for anonymous callers"
    );

    let (status, one) = get(&server, As::Admin, &format!("/changes/1/reviewers/{alice}")).await;
    assert_eq!(
        (status, one["username"].as_str()),
        (StatusCode::OK, Some("alice"))
    );
    let (status, one) = get(&server, As::User("bob"), "/changes/1/reviewers/self").await;
    assert_eq!(
        (status, one["username"].as_str()),
        (StatusCode::OK, Some("bob"))
    );
    let (status, body) =
        error(send(As::Admin.send(&server, "GET", "/changes/1/reviewers/admin")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "Not found: admin\n")
    );

    let (_, detail) = get(&server, As::Admin, "/changes/1/detail").await;
    assert_eq!(detail["reviewers"]["REVIEWER"][0]["username"], "alice");
    assert_eq!(detail["reviewers"]["CC"][0]["username"], "bob");
    assert_eq!(detail["messages"][0]["message"], "Uploaded patch set 1.");
    assert_eq!(detail["owner"]["username"], "admin");
    let (_, reviewing) = get(&server, As::User("alice"), "/changes/?q=reviewer:self").await;
    assert_eq!(reviewing.as_array().map(Vec::len), Some(1));

    let (status, body) = error(
        send(As::User("alice").send(&server, "DELETE", &format!("/changes/1/reviewers/{bob}")))
            .await,
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "remove reviewer not permitted\n")
    );
    assert_eq!(
        send(As::Admin.send(&server, "DELETE", "/changes/1/reviewers/alice"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let (status, _) =
        error(send(As::Admin.send(&server, "DELETE", "/changes/1/reviewers/alice")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, messages) = get(&server, As::Admin, "/changes/1/messages").await;
    assert_eq!(messages[1]["message"], "Removed reviewer Administrator.");
    assert_eq!(messages[2]["message"], "Removed reviewer User alice.");
    assert_eq!(messages[2]["tag"], "autogenerated:gerrit:deleteReviewer");
}

#[tokio::test]
async fn the_one_revision_has_a_commit_and_files() {
    let server = Server::start().await;
    let change = create(&server, As::Admin, j!({ "subject": "Revise" })).await;
    let change_id = change["change_id"].as_str().expect("a Change-Id");
    let (_, current) = get(&server, As::Admin, "/changes/1?o=CURRENT_REVISION").await;
    let sha = current["current_revision"]
        .as_str()
        .expect("a revision")
        .to_owned();

    for revision in ["current", "1", sha.as_str(), &sha[..7]] {
        let (status, detail) = get(
            &server,
            As::Admin,
            &format!("/changes/1/revisions/{revision}/detail"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{revision}");
        assert_eq!(
            detail["revisions"][&sha]["files"]["/COMMIT_MSG"]["status"],
            "A"
        );
    }
    for revision in ["2", "0", "deadbeef", "edit"] {
        let (status, body) = error(
            send(As::Admin.send(
                &server,
                "GET",
                &format!("/changes/1/revisions/{revision}/commit"),
            ))
            .await,
        )
        .await;
        assert_eq!(
            (status, body),
            (StatusCode::NOT_FOUND, format!("Not found: {revision}\n")),
            "{revision}"
        );
    }

    let (status, commit) = get(
        &server,
        As::Admin,
        "/changes/1/revisions/current/commit?links",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(commit["commit"], sha.as_str());
    assert_eq!(commit["subject"], "Revise");
    assert_eq!(
        commit["message"],
        format!("Revise\n\nChange-Id: {change_id}\n")
    );
    assert_eq!(commit["author"]["name"], "Administrator");
    assert_eq!(commit["author"], commit["committer"]);
    assert_eq!(commit["author"]["tz"], 0);
    assert_eq!(commit["parents"], j!([]), "the first commit of master");

    let (status, files) = get(&server, As::Admin, "/changes/1/revisions/1/files/").await;
    assert_eq!(status, StatusCode::OK);
    let keys: Vec<&String> = files.as_object().expect("a map").keys().collect();
    assert_eq!(keys, ["/COMMIT_MSG"]);
    let file = &files["/COMMIT_MSG"];
    assert_eq!(file["size"], file["size_delta"]);
    assert!(file["lines_inserted"].as_i64().unwrap_or(0) >= 7, "{file}");
    let (_, none) = get(&server, As::Admin, "/changes/1/revisions/1/files?q=src").await;
    assert_eq!(none, j!({}));
    let (status, body) =
        error(send(As::Admin.send(&server, "GET", "/changes/1/revisions/1/files?parent=2")).await)
            .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::BAD_REQUEST, "invalid parent number: 2\n")
    );
    let (status, _) =
        error(send(As::Admin.send(&server, "GET", "/changes/1/revisions/1/files?nope=1")).await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Once merged, the next change's commit has this one as parent.
    assert_eq!(
        send(As::Admin.send(&server, "POST", "/changes/1/submit"))
            .await
            .status(),
        StatusCode::OK
    );
    create(&server, As::Admin, j!({ "subject": "Next" })).await;
    let (_, next) = get(&server, As::Admin, "/changes/2/revisions/current/commit").await;
    assert_eq!(
        next["parents"],
        j!([{ "commit": sha, "subject": "Revise" }])
    );
}

#[tokio::test]
async fn deleting_a_change() {
    let server = Server::start().await;
    server.create_account("alice").await;
    create(&server, As::User("alice"), j!({ "subject": "Short-lived" })).await;
    create(
        &server,
        As::User("alice"),
        j!({ "subject": "Abandoned, then deleted" }),
    )
    .await;
    assert_eq!(
        send(As::User("alice").send(&server, "POST", "/changes/2/abandon"))
            .await
            .status(),
        StatusCode::OK
    );

    assert_eq!(
        send(As::User("alice").send(&server, "DELETE", "/changes/1"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        send(As::Admin.send(&server, "DELETE", "/changes/All-Projects~2"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    for id in ["1", "2"] {
        let (status, body) =
            error(send(As::Admin.send(&server, "GET", &format!("/changes/{id}"))).await).await;
        assert_eq!(
            (status, body),
            (StatusCode::NOT_FOUND, format!("Not found: {id}\n"))
        );
    }
    // Numbers are not reused.
    let change = create(&server, As::User("alice"), j!({ "subject": "Third" })).await;
    assert_eq!(change["_number"], 3);
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
    let (status, body) =
        error(send(As::Admin.send(&server, "GET", "/changes/client~1")).await).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::NOT_FOUND, "Not found: client~1\n")
    );

    // Its branch is the project's; another branch is not.
    let (status, body) = error(
        send(As::Admin.send(&server, "POST", "/changes/").json(
            &j!({ "project": "client/project", "branch": "refs/heads/other", "subject": "x" }),
        ))
        .await,
    )
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
        answer(send(As::Admin.send(&server, "POST", "/changes/client%2Fproject~1/submit")).await)
            .await;
    assert_eq!(
        (status, merged["status"].as_str()),
        (StatusCode::OK, Some("MERGED"))
    );
}
