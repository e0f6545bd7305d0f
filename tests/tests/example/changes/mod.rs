//! `/changes/` of the example service: who may modify a change here; creating and finding
//! changes, queries, their state, reviewers and their one revision in the modules below.

mod actions;
mod create;
mod query;
mod reviewers;
mod revisions;
mod state;

use reqwest::{RequestBuilder, StatusCode};
use serde_json::{Value, json as j};

use crate::example::{PASSWORD, Server, send, send_json, send_text};

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

/// Creates a change in `All-Projects` on `master` (the branch `HEAD` names, which has
/// no commit yet) and answers it.
async fn create(server: &Server, who: As<'_>, body: Value) -> Value {
    let mut body = body;
    for (key, value) in [("project", "All-Projects"), ("branch", "master")] {
        if body.get(key).is_none() {
            body[key] = j!(value);
        }
    }
    let (status, change) = send_json(who.send(server, "POST", "/changes/").json(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{change}");
    change
}

/// Accounts `alice` and `bob`, and alice's private change 1, which bob cannot see.
async fn alices_private_change(server: &Server) {
    server.create_account("alice").await;
    server.create_account("bob").await;
    create(
        server,
        As::User("alice"),
        j!({ "subject": "Secret", "is_private": true }),
    )
    .await;
}

async fn get(server: &Server, who: As<'_>, path: &str) -> (StatusCode, Value) {
    send_json(who.send(server, "GET", path)).await
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

/// The `_number` of each change in a list.
fn numbers(list: &Value) -> Vec<i64> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|c| c["_number"].as_i64().unwrap_or(0))
        .collect()
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
        let (status, body) = send_text(As::User("bob").send(&server, method, path)).await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::FORBIDDEN, message),
            "{method} {path}"
        );
    }
    let (status, body) = send_text(
        As::User("bob")
            .send(&server, "PUT", "/changes/1/topic")
            .json(&j!({ "topic": "t" })),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "edit topic name not permitted\n")
    );
    let (status, body) = send_text(
        As::User("bob")
            .send(&server, "POST", "/changes/1/hashtags")
            .json(&j!({ "add": ["x"] })),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "edit hashtags not permitted\n")
    );

    // Anonymous mutations never reach the change.
    let (status, body) = send_text(As::Anonymous.send(&server, "POST", "/changes/1/abandon")).await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::FORBIDDEN, "Authentication required\n")
    );

    // Anyone who sees the change may add reviewers; reviewers may remove themselves.
    let (status, added) = send_json(
        As::User("bob")
            .send(&server, "POST", "/changes/1/reviewers")
            .json(&j!({ "reviewer": "self" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(added["reviewers"][0]["_account_id"], bob);
    let response = send(As::User("bob").send(&server, "DELETE", "/changes/1/reviewers/self")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);

    // Administrators may do what the owner may.
    let (status, abandoned) =
        send_json(As::Admin.send(&server, "POST", "/changes/1/abandon")).await;
    assert_eq!(
        (status, abandoned["status"].as_str()),
        (StatusCode::OK, Some("ABANDONED"))
    );
    let (status, restored) =
        send_json(As::User("alice").send(&server, "POST", "/changes/1/restore")).await;
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
