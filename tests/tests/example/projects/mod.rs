//! `/projects/` of the example service: creating projects and their settings here; lists,
//! branches, tags and commits, children and access rights in the modules below.

mod access;
mod list;
mod refs;
mod tags;

use reqwest::StatusCode;
use serde_json::{Value, json as j};

use crate::example::{Server, admin, expect, expect_text, send, user};

/// Creates a project as admin and answers its `ProjectInfo`.
async fn create(server: &Server, path_name: &str, input: Value) -> Value {
    let response = send(admin(server.put(&format!("/a/projects/{path_name}"))).json(&input)).await;
    expect(response, 201).await
}

#[tokio::test]
async fn creating_a_project_answers_201_and_its_id_goes_back_into_urls() {
    let server = Server::start().await;
    let created = create(
        &server,
        "a%2Fb",
        j!({ "description": "Nested", "create_empty_commit": true }),
    )
    .await;
    assert_eq!(
        created,
        j!({
            "id": "a%2Fb", "name": "a/b", "parent": "All-Projects",
            "description": "Nested", "state": "ACTIVE"
        })
    );
    let id = created["id"].as_str().expect("an id");
    let fetched = expect(send(server.get(&format!("/projects/{id}"))).await, 200).await;
    assert_eq!(fetched, created);

    let list = expect(send(server.get("/projects/?d")).await, 200).await;
    assert_eq!(
        list["a/b"],
        j!({ "id": "a%2Fb", "description": "Nested", "state": "ACTIVE" })
    );

    // create_empty_commit gives it refs/heads/master, which HEAD points to.
    let head = expect(send(server.get("/projects/a%2Fb/HEAD")).await, 200).await;
    assert_eq!(head, "refs/heads/master");
    let branches = expect(send(server.get("/projects/a%2Fb/branches/")).await, 200).await;
    let refs: Vec<&str> = branches
        .as_array()
        .expect("a list")
        .iter()
        .map(|b| b["ref"].as_str().expect("a ref"))
        .collect();
    assert_eq!(refs, ["HEAD", "refs/heads/master"]);
    assert_eq!(branches[0]["revision"], "master");

    // Without it: no branch, but the input's branches decide HEAD; `.git` is dropped.
    let bare = create(&server, "bare.git", j!({ "branches": ["main", "dev"] })).await;
    assert_eq!(bare["name"], "bare");
    let head = expect(send(server.get("/projects/bare/HEAD")).await, 200).await;
    assert_eq!(head, "refs/heads/main");
    let none = expect(send(server.get("/projects/bare/branches/")).await, 200).await;
    assert_eq!(none, j!([]));

    // A child of another project, and a permissions-only project.
    let child = create(&server, "child", j!({ "parent": "a/b", "name": "child" })).await;
    assert_eq!(child["parent"], "a/b");
    create(&server, "rights", j!({ "permissions_only": true })).await;
    let permissions = expect(send(server.get("/projects/?type=PERMISSIONS")).await, 200).await;
    assert_eq!(
        permissions,
        j!({ "rights": { "id": "rights", "state": "ACTIVE" } })
    );
    let code = expect(send(server.get("/projects/?type=code&p=r")).await, 200).await;
    assert_eq!(code, j!({}));
}

#[tokio::test]
async fn creating_a_project_fails_with_the_status_table_answers() {
    let server = Server::start().await;
    server.create_account("jane").await;

    let malformed = send(
        admin(server.put("/a/projects/p"))
            .header("Content-Type", "application/json")
            .body("{\"parent\": "),
    )
    .await;
    expect_text(malformed, 400).await;
    let mismatch = send(admin(server.put("/a/projects/p")).json(&j!({ "name": "q" }))).await;
    assert_eq!(expect_text(mismatch, 400).await, "name must match URL\n");
    let bad_name = send(admin(server.put("/a/projects/x~1")).json(&j!({}))).await;
    assert_eq!(
        expect_text(bad_name, 400).await,
        "invalid project name: x~1\n"
    );
    let bad_branch =
        send(admin(server.put("/a/projects/p")).json(&j!({ "branches": ["a..b"] }))).await;
    expect_text(bad_branch, 400).await;

    let normal_user = send(user(server.put("/a/projects/p"), "jane").json(&j!({}))).await;
    assert_eq!(
        expect_text(normal_user, 403).await,
        "not permitted: createProject\n"
    );
    let anonymous = send(server.put("/projects/p").json(&j!({}))).await;
    expect_text(anonymous, 403).await;

    let unknown_parent =
        send(admin(server.put("/a/projects/p")).json(&j!({ "parent": "nope" }))).await;
    assert_eq!(
        expect_text(unknown_parent, 422).await,
        "Parent project 'nope' not found\n"
    );
    let unknown_owner =
        send(admin(server.put("/a/projects/p")).json(&j!({ "owners": ["nobody"] }))).await;
    expect_text(unknown_owner, 422).await;

    let taken = send(admin(server.put("/a/projects/All-Projects")).json(&j!({}))).await;
    assert_eq!(expect_text(taken, 409).await, "Project already exists\n");
    let precondition = send(
        admin(server.put("/a/projects/All-Projects"))
            .header("If-None-Match", "*")
            .json(&j!({})),
    )
    .await;
    expect_text(precondition, 412).await;
    // If-None-Match: * on a free name creates it.
    let fresh = send(
        admin(server.put("/a/projects/p"))
            .header("If-None-Match", "*")
            .json(&j!({})),
    )
    .await;
    expect(fresh, 201).await;

    let missing = send(server.get("/projects/nowhere")).await;
    assert_eq!(expect_text(missing, 404).await, "Not found: nowhere\n");
    let missing_view = send(server.get("/projects/nowhere/description")).await;
    expect_text(missing_view, 404).await;
}

#[tokio::test]
async fn description_parent_and_head_are_read_and_set() {
    let server = Server::start().await;
    server.create_account("jane").await;
    create(
        &server,
        "p",
        j!({ "create_empty_commit": true, "branches": ["master", "next"] }),
    )
    .await;
    create(&server, "q", j!({ "parent": "p" })).await;

    let empty = expect(send(server.get("/projects/p/description")).await, 200).await;
    assert_eq!(empty, "");
    let set = send(
        admin(server.put("/a/projects/p/description"))
            .json(&j!({ "description": "Docs", "commit_message": "why" })),
    )
    .await;
    assert_eq!(expect(set, 200).await, "Docs");
    assert_eq!(
        expect(send(server.get("/projects/p/description")).await, 200).await,
        "Docs"
    );
    let cleared =
        send(admin(server.put("/a/projects/p/description")).json(&j!({ "description": "" }))).await;
    assert_eq!(expect(cleared, 200).await, "");
    send(admin(server.put("/a/projects/p/description")).json(&j!({ "description": "Again" })))
        .await;
    let deleted = send(admin(server.delete("/a/projects/p/description"))).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        expect(send(server.get("/projects/p/description")).await, 200).await,
        ""
    );
    let forbidden = send(
        user(server.put("/a/projects/p/description"), "jane").json(&j!({ "description": "x" })),
    )
    .await;
    expect_text(forbidden, 403).await;

    assert_eq!(
        expect(send(server.get("/projects/q/parent")).await, 200).await,
        "p"
    );
    let moved =
        send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "All-Users" }))).await;
    assert_eq!(expect(moved, 200).await, "All-Users");
    let unknown =
        send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "nope" }))).await;
    expect_text(unknown, 422).await;
    let itself = send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "q" }))).await;
    expect_text(itself, 409).await;
    send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "p" }))).await;
    let cycle = send(admin(server.put("/a/projects/p/parent")).json(&j!({ "parent": "q" }))).await;
    assert_eq!(
        expect_text(cycle, 409).await,
        "cycle exists between p and q\n"
    );
    let root =
        send(admin(server.put("/a/projects/All-Projects/parent")).json(&j!({ "parent": "p" })))
            .await;
    expect_text(root, 409).await;
    let missing_field = send(admin(server.put("/a/projects/q/parent")).json(&j!({}))).await;
    expect_text(missing_field, 400).await;
    let forbidden = send(
        user(server.put("/a/projects/q/parent"), "jane").json(&j!({ "parent": "All-Projects" })),
    )
    .await;
    expect_text(forbidden, 403).await;

    let head = send(admin(server.put("/a/projects/p/HEAD")).json(&j!({ "ref": "next" }))).await;
    assert_eq!(expect(head, 200).await, "refs/heads/next");
    assert_eq!(
        expect(send(server.get("/projects/p/HEAD")).await, 200).await,
        "refs/heads/next"
    );
    let unknown =
        send(admin(server.put("/a/projects/p/HEAD")).json(&j!({ "ref": "refs/heads/nope" }))).await;
    assert_eq!(
        expect_text(unknown, 422).await,
        "Ref Not Found: refs/heads/nope\n"
    );
    let forbidden =
        send(user(server.put("/a/projects/p/HEAD"), "jane").json(&j!({ "ref": "master" }))).await;
    expect_text(forbidden, 403).await;
}
