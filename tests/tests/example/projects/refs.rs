//! The branches of a project.

use reqwest::StatusCode;
use serde_json::json as j;

use super::create;
use crate::example::{Server, admin, expect, expect_text, send, user};

#[tokio::test]
async fn branches_are_listed_created_and_deleted() {
    let server = Server::start().await;
    server.create_account("jane").await;
    create(&server, "p", j!({ "create_empty_commit": true })).await;
    let master = expect(send(server.get("/projects/p/branches/master")).await, 200).await;
    let tip = master["revision"].as_str().expect("a sha").to_owned();
    assert_eq!(master, j!({ "ref": "refs/heads/master", "revision": tip }));
    let head = expect(send(server.get("/projects/p/branches/HEAD")).await, 200).await;
    assert_eq!(head, j!({ "ref": "HEAD", "revision": "master" }));

    // From HEAD by default, from a branch or a SHA-1 on request.
    let created = send(admin(server.put("/a/projects/p/branches/stable")).json(&j!({}))).await;
    assert_eq!(
        expect(created, 201).await,
        j!({ "ref": "refs/heads/stable", "revision": tip, "can_delete": true })
    );
    let from_sha = send(
        admin(server.put("/a/projects/p/branches/refs%2Fheads%2Ffeature"))
            .json(&j!({ "revision": tip })),
    )
    .await;
    assert_eq!(expect(from_sha, 201).await["ref"], "refs/heads/feature");
    let no_body = send(admin(server.put("/a/projects/p/branches/empty-input"))).await;
    expect(no_body, 201).await;

    let existing = send(admin(server.put("/a/projects/p/branches/stable")).json(&j!({}))).await;
    assert_eq!(
        expect_text(existing, 409).await,
        "branch \"refs/heads/stable\" already exists\n"
    );
    let bad_revision =
        send(admin(server.put("/a/projects/p/branches/other")).json(&j!({ "revision": "nope" })))
            .await;
    assert_eq!(
        expect_text(bad_revision, 422).await,
        "invalid revision \"nope\"\n"
    );
    let mismatch =
        send(admin(server.put("/a/projects/p/branches/other")).json(&j!({ "ref": "else" }))).await;
    expect_text(mismatch, 400).await;
    let forbidden =
        send(user(server.put("/a/projects/p/branches/mine"), "jane").json(&j!({}))).await;
    expect_text(forbidden, 403).await;

    // Administrators see refs/meta/config; others do not.
    let listed = expect(
        send(admin(server.get("/a/projects/p/branches/"))).await,
        200,
    )
    .await;
    let refs: Vec<&str> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|b| b["ref"].as_str().expect("ref"))
        .collect();
    assert_eq!(
        refs,
        [
            "HEAD",
            "refs/meta/config",
            "refs/heads/empty-input",
            "refs/heads/feature",
            "refs/heads/master",
            "refs/heads/stable"
        ]
    );
    let anonymous = expect(send(server.get("/projects/p/branches/")).await, 200).await;
    assert_eq!(anonymous.as_array().expect("a list").len(), 5);
    let filtered = expect(
        send(server.get("/projects/p/branches/?m=STA&n=5")).await,
        200,
    )
    .await;
    assert_eq!(
        filtered,
        j!([{ "ref": "refs/heads/stable", "revision": tip }])
    );
    let paged = expect(send(server.get("/projects/p/branches/?S=1&n=1")).await, 200).await;
    assert_eq!(paged[0]["ref"], "refs/heads/empty-input");
    expect_text(send(server.get("/projects/p/branches/?m=a&r=b")).await, 400).await;
    expect_text(
        send(server.get("/projects/p/branches/refs%2Fmeta%2Fconfig")).await,
        404,
    )
    .await;

    let head_target = send(admin(server.delete("/a/projects/p/branches/master"))).await;
    expect_text(head_target, 409).await;
    let head_itself = send(admin(server.delete("/a/projects/p/branches/HEAD"))).await;
    assert_eq!(
        expect_text(head_itself, 409).await,
        "not allowed to delete HEAD\n"
    );
    let forbidden = send(user(server.delete("/a/projects/p/branches/stable"), "jane")).await;
    expect_text(forbidden, 403).await;
    let deleted = send(admin(server.delete("/a/projects/p/branches/feature"))).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let gone = send(server.get("/projects/p/branches/feature")).await;
    assert_eq!(expect_text(gone, 404).await, "Not found: feature\n");
    let again = send(admin(server.delete("/a/projects/p/branches/feature"))).await;
    expect_text(again, 404).await;

    // A branch with open changes stays.
    let change = send(
        admin(server.post("/a/changes/"))
            .json(&j!({ "project": "p", "branch": "stable", "subject": "Work" })),
    )
    .await;
    expect(change, 201).await;
    let open = send(admin(server.delete("/a/projects/p/branches/stable"))).await;
    assert_eq!(
        expect_text(open, 409).await,
        "branch refs/heads/stable has open changes\n"
    );

    // An empty project has no HEAD to create branches from.
    create(&server, "empty", j!({})).await;
    let unborn = send(admin(server.put("/a/projects/empty/branches/x")).json(&j!({}))).await;
    expect_text(unborn, 422).await;
    expect_text(send(server.get("/projects/empty/branches/HEAD")).await, 404).await;
}
